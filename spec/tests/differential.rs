//! The differential tests of this crate: the harness's quick workout
//! (`tromp_taylor_harness::workout`), `spec` and `fast` compared on every
//! kind of generated game, and `spec`'s texts round-tripped. They live in
//! both engines' crates so that `cargo mutants -p tromp-taylor-fast` (or
//! `-p tromp-taylor-spec`) runs them against every mutant (see
//! `.cargo/mutants.toml` and docs/testing.md).

use tromp_taylor_harness::round_trip::check_texts;
use tromp_taylor_harness::workout::{self, agree, WORKOUT_SEED};

fn must(result: Result<usize, String>) {
    if let Err(mismatch) = result {
        panic!("{mismatch}");
    }
}

#[test]
fn ordinary_games_agree() {
    must(agree("an ordinary game", workout::ordinary_games(120)));
}

#[test]
fn long_playouts_agree() {
    must(agree("a long playout", workout::long_games()));
}

#[test]
fn the_presets_agree() {
    must(workout::presets_agree());
}

#[test]
fn every_combination_of_the_rules_agrees() {
    must(agree(
        "a game under each rule set",
        workout::every_rules_games(),
    ));
}

#[test]
fn games_from_setup_positions_agree() {
    must(agree(
        "a game from a setup position",
        workout::position_games(60),
    ));
}

#[test]
fn games_with_undos_agree_after_every_undo() {
    must(agree("a game with undos", workout::undo_games(25)));
    must(agree(
        "an agreement undone",
        workout::agreement_undo_games(),
    ));
}

#[test]
fn every_handicap_on_every_board_agrees() {
    must(agree("a handicap game", workout::handicap_games(2)));
}

#[test]
fn short_games_on_large_boards_agree() {
    must(agree(
        "a game on a large board",
        workout::large_board_games(0),
    ));
}

#[test]
fn boards_no_game_is_played_on_are_refused_alike() {
    must(workout::refused_sizes());
}

#[test]
fn texts_round_trip() {
    if let Err(failure) = check_texts(WORKOUT_SEED, 200) {
        panic!("{failure}");
    }
}
