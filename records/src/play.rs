//! The `play` job: take a game given as a list of turns, and report the final
//! board, the scores and the result under the chosen rules.

use std::fmt;
use tromp_taylor_harness::engine::spec::rules_to_spec;
use tromp_taylor_harness::vertex::{labelled_board, parse_turn, turn_name, VertexError};
use tromp_taylor_harness::vocab::Size;
use tromp_taylor_spec::{Game, Handicap, IllegalTurn, Player, Rectangle, Rules, RulesError};

/// What a game given as a list of turns came to.
#[derive(Clone, Debug)]
pub struct Report {
    /// The game after its last turn.
    pub game: Game,
}

/// Why a list of turns could not be played through.
#[derive(Debug)]
pub enum PlayError {
    /// The handicap cannot be given on this board.
    Setup(RulesError),
    /// Turn `number` (from 1) could not be read.
    Unreadable {
        /// The turn's place in the list, from 1.
        number: usize,
        /// Why.
        error: VertexError,
    },
    /// Turn `number` (from 1) is not legal; the game up to it is kept.
    Illegal {
        /// The turn's place in the list, from 1.
        number: usize,
        /// The turn as written.
        turn: String,
        /// Who was to move.
        player: Player,
        /// Why the rules refuse it.
        reason: IllegalTurn,
        /// The game before the refused turn.
        game: Box<Game>,
    },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // The spec's message names the handicap by its Rust name
            // (`Free(25)`); say it in words.
            PlayError::Setup(RulesError::BadHandicap { handicap, why }) => write!(
                f,
                "a handicap of {} cannot be given: {why}",
                handicap_words(*handicap)
            ),
            PlayError::Setup(e) => write!(f, "{e}"),
            PlayError::Unreadable { number, error } => write!(f, "turn {number}: {error}"),
            PlayError::Illegal {
                number,
                turn,
                player,
                reason,
                game,
            } => write!(
                f,
                "turn {number} ({player} {turn}) is illegal: {}\n\nthe board before it:\n{}",
                explain(reason),
                labelled_board(size_of(game), game.coloring().colors())
            ),
        }
    }
}

impl std::error::Error for PlayError {}

/// A handicap in words: `25 free stones (Black's first 25 turns)`,
/// `4 stones on the fixed points`, `none`.
pub fn handicap_words(handicap: Handicap) -> String {
    let stones = |n: usize| {
        if n == 1 {
            "1 stone".to_string()
        } else {
            format!("{n} stones")
        }
    };
    match handicap {
        Handicap::None => "none".to_string(),
        Handicap::Free(n) => format!("{} placed freely (Black's first {n} turns)", stones(n)),
        Handicap::Fixed(n) => format!("{} on the fixed handicap points", stones(n)),
    }
}

/// Why a turn is illegal, in the harness's one phrasing, which names the
/// rule and not the point (the caller names the point as a vertex).
pub fn explain(reason: &IllegalTurn) -> String {
    tromp_taylor_harness::engine::spec::illegal(reason).to_string()
}

/// The board size of a game of `spec`.
fn size_of(game: &Game) -> Size {
    Size::new(game.grid().width(), game.grid().height()).expect("spec's grids are valid sizes")
}

/// Plays `turns` (each `pass` or a vertex such as `D4`) from the start of a
/// game on `grid` under `rules` with `handicap`, stopping at the first turn
/// that cannot be read or is not legal.
pub fn play_turns(
    size: Size,
    rules: tromp_taylor_harness::vocab::Rules,
    handicap: Handicap,
    turns: &[String],
) -> Result<Report, PlayError> {
    let grid = Rectangle::new(size.width(), size.height()).expect("a Size is a valid rectangle");
    let rules: Rules = rules_to_spec(rules);
    let mut game = Game::with_handicap(grid, rules, handicap).map_err(PlayError::Setup)?;
    for (i, text) in turns.iter().enumerate() {
        let number = i + 1;
        let turn =
            parse_turn(text, size).map_err(|error| PlayError::Unreadable { number, error })?;
        let player = game.to_move();
        if let Err(reason) = game.play(turn) {
            return Err(PlayError::Illegal {
                number,
                turn: turn_name(turn),
                player,
                reason,
                game: Box::new(game),
            });
        }
    }
    Ok(Report { game })
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let game = &self.game;
        let rules = game.rules();
        writeln!(
            f,
            "{}",
            labelled_board(size_of(game), game.coloring().colors())
        )?;
        let turns = game.turns_taken();
        writeln!(
            f,
            "{turns} turn{}; {}",
            if turns == 1 { "" } else { "s" },
            if game.is_over() {
                "the game is over".to_string()
            } else {
                format!("the game goes on, {} to move", game.to_move())
            }
        )?;
        writeln!(f, "rules: {rules}")?;
        writeln!(
            f,
            "score: Black {}, White {} + komi {}",
            game.score(Player::Black),
            game.score(Player::White),
            rules.komi
        )?;
        write!(f, "result: {}", game.result())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(turns: &str) -> Vec<String> {
        turns.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn a_short_game_is_scored() {
        let grid = Size::new(3, 3).unwrap();
        let play = |turns| play_turns(grid, Default::default(), Handicap::None, &strings(turns));
        // Black B2 alone: the 8 empty points form one region reaching only
        // black (rule 9): 1 + 8 = 9.
        let alone = play("B2 pass pass").unwrap();
        assert_eq!(alone.game.score(Player::Black), 9);
        assert!(alone.to_string().ends_with("result: B+9"), "{alone}");
        // With White A1 the same region reaches both colors and counts for
        // nobody: 1 to 1, a tie.
        let both = play("B2 A1 pass pass").unwrap();
        assert_eq!(both.game.score(Player::Black), 1);
        assert_eq!(both.game.score(Player::White), 1);
        assert!(both.to_string().ends_with("result: 0"), "{both}");
    }

    #[test]
    fn messages_say_handicaps_in_words_and_count_one_turn() {
        let grid = Size::new(3, 3).unwrap();
        let one = play_turns(grid, Default::default(), Handicap::None, &strings("B2")).unwrap();
        assert!(one.to_string().contains("\n1 turn; "), "{one}");
        if let Err(err) = play_turns(grid, Default::default(), Handicap::Free(25), &[]) {
            let text = err.to_string();
            assert!(!text.contains("Free("), "{text}");
        }
        let err = play_turns(grid, Default::default(), Handicap::Fixed(9), &[]).unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains("9 stones on the fixed handicap points") && !text.contains("Fixed("),
            "{text}"
        );
    }

    #[test]
    fn the_first_bad_turn_stops_the_game_with_its_number() {
        let grid = Size::new(3, 3).unwrap();
        let err =
            play_turns(grid, Default::default(), Handicap::None, &strings("B2 B2")).unwrap_err();
        assert!(matches!(err, PlayError::Illegal { number: 2, .. }), "{err}");
        let err =
            play_turns(grid, Default::default(), Handicap::None, &strings("B2 Z9")).unwrap_err();
        assert!(
            matches!(err, PlayError::Unreadable { number: 2, .. }),
            "{err}"
        );
    }
}
