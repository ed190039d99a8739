//! The quick differential workout that `spec`'s and `fast`'s own
//! `tests/differential.rs` run, so that `cargo mutants` runs it against
//! every mutant of either crate: a fixed sample of every kind of generated
//! game (ordinary mixed games, setup positions, undos, every handicap on
//! every board that takes it, large boards), each compared thoroughly, and
//! the text round trips ([`crate::round_trip`]). Seconds in a debug build.

use tromp_taylor_harness::diff::{compare_script_with, CompareOptions};
use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::generate::{
    every_rules, generate_with, random_setup, Bias, Extras, Rng, BIASES, MIXED_SIZES,
};
use tromp_taylor_harness::run::{game_script, DiffOptions};
use tromp_taylor_harness::script::{Script, Step, Undo};
use tromp_taylor_harness::variety::{
    handicap_game, large_board_game, position_game, Mix, HANDICAP_SIZES,
};
use tromp_taylor_harness::vocab::{Ending, Handicap, Rules, Setup, Size, Superko, Turn};

/// The seed of every workout: fixed, so that a mutant is caught or missed
/// the same way on every run.
pub const WORKOUT_SEED: u64 = 20_261_123;

/// How often the workout compares the engines' details: more often than
/// the default run ([`tromp_taylor_harness::diff::DETAILS_EVERY`]), since a mutant may
/// change an accessor for a few steps only.
pub const WORKOUT_DETAILS_EVERY: usize = 4;

/// Plays each script on `spec` and `fast`, comparing everything: the first
/// divergence, with the script that found it, or how many were compared.
pub fn agree(name: &str, scripts: impl IntoIterator<Item = Script>) -> Result<usize, String> {
    let mut played = 0;
    for (i, script) in scripts.into_iter().enumerate() {
        if let Err(divergence) = compare_script_with(
            &script,
            &EngineKind::spec(),
            &EngineKind::fast(),
            CompareOptions {
                details_every: WORKOUT_DETAILS_EVERY,
                ..CompareOptions::new(true)
            },
        ) {
            return Err(format!(
                "{name}, game {i}:\n{divergence}\nthe script: {script:?}"
            ));
        }
        played += 1;
    }
    Ok(played)
}

/// [`agree`] as the body of a test: panics with the first divergence.
pub fn must_agree(name: &str, scripts: impl IntoIterator<Item = Script>) {
    if let Err(divergence) = agree(name, scripts) {
        panic!("{divergence}");
    }
}

fn mixed_sizes() -> Vec<Size> {
    MIXED_SIZES
        .iter()
        .map(|&(w, h)| Size::new(w, h).expect("a valid size"))
        .collect()
}

/// `games` ordinary games of the default run (mixed sizes, random rules,
/// every bias), with none of the rarer kinds.
pub fn ordinary_games(games: usize) -> Vec<Script> {
    let mut options = DiffOptions::new(games, WORKOUT_SEED);
    options.mix = Mix::NONE;
    (0..games).map(|i| game_script(&options, i)).collect()
}

/// Long light playouts (the `long` bias: hundreds of steps, hundreds of
/// distinct colorings in the superko table) on 9x9 and 5x5, one under each
/// kind of superko.
pub fn long_games() -> Vec<Script> {
    let mut rng = Rng::new(WORKOUT_SEED ^ 6);
    [
        (9, 9, Superko::Positional),
        (5, 5, Superko::Situational),
        (6, 4, Superko::SimpleKo),
    ]
    .into_iter()
    .map(|(w, h, superko)| {
        let setup = Setup {
            size: Size::new(w, h).expect("a valid size"),
            rules: Rules {
                superko,
                ..Rules::TROMP_TAYLOR
            },
            handicap: Handicap::None,
        };
        let extras = Extras {
            undo_percent: 5,
            ..Extras::default()
        };
        generate_with(setup, Bias::Long, &mut rng, &extras)
    })
    .collect()
}

/// The presets of `fast` are those of `spec`: the same options under each
/// name, read through their adapters.
pub fn presets_agree() -> Result<usize, String> {
    use tromp_taylor_harness::engine::{fast::rules_from_fast, spec::rules_from_spec};
    let pairs = [
        (
            "tromp-taylor",
            tromp_taylor_fast::Rules::TROMP_TAYLOR,
            tromp_taylor_spec::Rules::TROMP_TAYLOR,
        ),
        (
            "default",
            tromp_taylor_fast::Rules::default(),
            tromp_taylor_spec::Rules::default(),
        ),
        (
            "chinese",
            tromp_taylor_fast::Rules::CHINESE,
            tromp_taylor_spec::Rules::CHINESE,
        ),
        (
            "new-zealand",
            tromp_taylor_fast::Rules::NEW_ZEALAND,
            tromp_taylor_spec::Rules::NEW_ZEALAND,
        ),
        (
            "simple-ko-territory",
            tromp_taylor_fast::Rules::SIMPLE_KO_TERRITORY,
            tromp_taylor_spec::Rules::SIMPLE_KO_TERRITORY,
        ),
    ];
    for (name, fast, spec) in pairs {
        let (fast, spec) = (rules_from_fast(fast), rules_from_spec(spec));
        if fast != spec {
            return Err(format!(
                "the preset {name}: fast has {fast:?}, spec {spec:?}"
            ));
        }
    }
    Ok(pairs.len())
}

/// A game under each of the 48 combinations of the rule options, on the
/// mixed sizes, with komi now and then.
pub fn every_rules_games() -> Vec<Script> {
    let mut rng = Rng::new(WORKOUT_SEED ^ 1);
    let sizes = mixed_sizes();
    every_rules()
        .into_iter()
        .map(|mut rules: Rules| {
            if rng.percent(50) {
                rules.komi_half_points = rng.below(31) as i32 - 15;
            }
            let mut setup = random_setup(&mut rng, &sizes, Some(&[rules]));
            setup.handicap = Handicap::None;
            let bias = *rng.pick(&BIASES);
            generate_with(setup, bias, &mut rng, &Extras::default())
        })
        .collect()
}

/// `games` games, each made by `game` from a random setup (of the mixed
/// sizes, any rules and handicap), a random bias and the generator, which
/// starts from the workout's seed xor `salt`.
fn games_from_random_setups(
    games: usize,
    salt: u64,
    mut game: impl FnMut(Setup, Bias, &mut Rng) -> Script,
) -> Vec<Script> {
    let mut rng = Rng::new(WORKOUT_SEED ^ salt);
    let sizes = mixed_sizes();
    (0..games)
        .map(|_| {
            let setup = random_setup(&mut rng, &sizes, None);
            let bias = *rng.pick(&BIASES);
            game(setup, bias, &mut rng)
        })
        .collect()
}

/// `games` games from random setup positions (legal ones and ones with
/// strings without liberties) on the mixed sizes.
pub fn position_games(games: usize) -> Vec<Script> {
    games_from_random_setups(games, 2, |setup, bias, rng| {
        position_game(setup.size, setup.rules, bias, rng)
    })
}

/// `games` games with undos of one to three turns after a third of their
/// steps, on the mixed sizes.
pub fn undo_games(games: usize) -> Vec<Script> {
    let extras = Extras {
        undo_percent: 33,
        ..Extras::default()
    };
    games_from_random_setups(games, 3, |setup, bias, rng| {
        generate_with(setup, bias, rng, &extras)
    })
}

/// Under each rule set with the agreement ending: a short game, two passes,
/// an agreement on random points (taken back at once, one or two levels),
/// then play on; the agreements that end games are undone too.
pub fn agreement_undo_games() -> Vec<Script> {
    let mut rng = Rng::new(WORKOUT_SEED ^ 7);
    let sizes = mixed_sizes();
    every_rules()
        .into_iter()
        .filter(|rules| rules.ending == Ending::Agreement)
        .map(|rules| {
            let mut setup = random_setup(&mut rng, &sizes, Some(&[rules]));
            setup.handicap = Handicap::None;
            let extras = Extras {
                max_steps: Some(6 + rng.below(10)),
                ..Extras::default()
            };
            let mut script = generate_with(setup, *rng.pick(&BIASES), &mut rng, &extras);
            let size = setup.size;
            let points = size
                .all_points()
                .filter(|_| rng.percent(40))
                .collect::<Vec<_>>();
            script.steps.extend([
                Step::Attempt(Turn::Pass),
                Step::Attempt(Turn::Pass),
                Step::Agree(points),
            ]);
            script.undos.push(Undo {
                after: script.steps.len() - 1,
                levels: 1 + rng.below(2) as u8,
            });
            script
                .steps
                .extend((0..4).map(|_| Step::Choose(rng.below(100) as u32)));
            script
        })
        .collect()
}

/// Every fixed handicap from 2 to 9, and a free one, on every board of
/// [`HANDICAP_SIZES`] (a count a board does not take must be refused by
/// both), each with play around the handicap stones; free handicaps of 0
/// to 5 on the smallest boards (those that leave no point empty refused
/// alike); then `more` handicap games as the default run draws them.
pub fn handicap_games(more: usize) -> Vec<Script> {
    let mut rng = Rng::new(WORKOUT_SEED ^ 4);
    let mut scripts = Vec::new();
    for &(w, h) in &HANDICAP_SIZES {
        let size = Size::new(w, h).expect("a valid size");
        for handicap in (2..=9)
            .map(Handicap::Fixed)
            .chain([Handicap::Free(2 + rng.below(8))])
        {
            let setup = Setup {
                size,
                rules: tromp_taylor_harness::generate::random_rules(&mut rng),
                handicap,
            };
            let extras = Extras {
                undo_percent: 10,
                max_steps: Some(if w * h > 200 { 4 } else { 16 }),
                focus: tromp_taylor_harness::variety::focus(size, handicap),
                ..Extras::default()
            };
            scripts.push(generate_with(setup, Bias::Ko, &mut rng, &extras));
        }
    }
    // Free handicaps from 0 to 5 on the smallest boards: those that leave
    // no point empty must be refused alike.
    for (w, h) in [(1, 1), (2, 1), (3, 1), (2, 2)] {
        for n in 0..=5 {
            let setup = Setup {
                size: Size::new(w, h).expect("a valid size"),
                rules: tromp_taylor_harness::generate::random_rules(&mut rng),
                handicap: Handicap::Free(n),
            };
            let extras = Extras {
                max_steps: Some(6),
                ..Extras::default()
            };
            scripts.push(generate_with(setup, *rng.pick(&BIASES), &mut rng, &extras));
        }
    }
    scripts.extend((0..more).map(|_| {
        handicap_game(
            tromp_taylor_harness::generate::random_rules(&mut rng),
            &mut rng,
        )
    }));
    scripts
}

/// Short games on large boards: the largest, the longest lines, and `more`
/// as the default run draws them.
pub fn large_board_games(more: usize) -> Vec<Script> {
    let mut rng = Rng::new(WORKOUT_SEED ^ 5);
    let mut scripts = Vec::new();
    for (w, h, steps) in [
        (52, 52, 2),
        (52, 1, 12),
        (1, 52, 12),
        (19, 19, 8),
        (37, 23, 3),
    ] {
        let setup = Setup {
            size: Size::new(w, h).expect("a valid size"),
            rules: tromp_taylor_harness::generate::random_rules(&mut rng),
            handicap: Handicap::None,
        };
        let extras = Extras {
            start: rng
                .percent(50)
                .then(|| tromp_taylor_harness::variety::random_position(setup.size, &mut rng)),
            undo_percent: 25,
            max_steps: Some(steps),
            ..Extras::default()
        };
        scripts.push(generate_with(setup, *rng.pick(&BIASES), &mut rng, &extras));
    }
    scripts.extend((0..more).map(|_| {
        let rules = tromp_taylor_harness::generate::random_rules(&mut rng);
        large_board_game(rules, *rng.pick(&BIASES), &mut rng)
    }));
    scripts
}

/// The mixed sizes turned on their side (taller than wide: the default
/// run's sizes are wide, so a column index read as a row, say, would pass
/// unseen there), `per_size` games each, every bias, from the empty board
/// and from setup positions.
pub fn tall_board_games(per_size: usize) -> Vec<Script> {
    let mut rng = Rng::new(WORKOUT_SEED ^ 7);
    let sizes: Vec<Size> = MIXED_SIZES
        .iter()
        .filter(|&&(w, h)| w > h)
        .map(|&(w, h)| Size::new(h, w).expect("a valid size"))
        .collect();
    let mut scripts = Vec::new();
    for size in sizes {
        for game in 0..per_size {
            let bias = BIASES[game % BIASES.len()];
            let rules = tromp_taylor_harness::generate::random_rules(&mut rng);
            if game % 2 == 0 {
                let setup = Setup {
                    size,
                    rules,
                    handicap: Handicap::None,
                };
                scripts.push(tromp_taylor_harness::generate::generate(
                    setup, bias, &mut rng,
                ));
            } else {
                scripts.push(position_game(size, rules, bias, &mut rng));
            }
        }
    }
    scripts
}

/// Boards no game can be played on, and setup positions of the wrong
/// length: both engines refuse each, and each refusal names the size asked
/// for (or both lengths).
pub fn refused_sizes() -> Result<usize, String> {
    for (w, h, length) in [(3, 2, 5), (3, 2, 7), (1, 1, 2), (9, 9, 82)] {
        let grid = tromp_taylor_spec::Rectangle::new(w, h).map_err(|e| e.to_string())?;
        // A coloring of the wrong length: the empty coloring of a line that long.
        let line = tromp_taylor_spec::Rectangle::new(length / 2, 2).map_err(|e| e.to_string());
        let line = match length % 2 {
            0 => line?,
            _ => tromp_taylor_spec::Rectangle::new(length, 1).map_err(|e| e.to_string())?,
        };
        let coloring = tromp_taylor_spec::rules::empty_grid(&line);
        let player = tromp_taylor_spec::Player::Black;
        let spec = tromp_taylor_spec::Game::from_position(grid, spec_rules(), coloring, player)
            .map(|_| ())
            .map_err(|e| e.to_string());
        let fast_colors = vec![tromp_taylor_fast::Color::Empty; length];
        let fast = tromp_taylor_fast::Game::from_position(
            w,
            h,
            tromp_taylor_fast::Rules::default(),
            &fast_colors,
            tromp_taylor_fast::Player::Black,
        )
        .map(|_| ())
        .map_err(|e| e.to_string());
        for (engine, refusal) in [("spec", &spec), ("fast", &fast)] {
            match refusal {
                Err(m) if m.contains(&(w * h).to_string()) && m.contains(&length.to_string()) => {}
                other => {
                    return Err(format!(
                        "{engine}, a position of {length} on {w}x{h}: {other:?}"
                    ));
                }
            }
        }
    }
    let sizes = [(0, 5), (5, 0), (0, 0), (53, 1), (1, 53), (60, 60)];
    for (w, h) in sizes {
        let named = format!("{w}x{h}");
        let spec = spec_start(w, h);
        let fast = tromp_taylor_fast::Game::new(w, h, tromp_taylor_fast::Rules::default())
            .map(|_| ())
            .map_err(|e| e.to_string());
        for (engine, refusal) in [("spec", &spec), ("fast", &fast)] {
            match refusal {
                Err(message) if message.contains(&named) => {}
                other => {
                    return Err(format!("{engine} on a {named} board: {other:?}"));
                }
            }
        }
    }
    Ok(sizes.len())
}

fn spec_rules() -> tromp_taylor_spec::Rules {
    tromp_taylor_spec::Rules::default()
}

fn spec_start(w: usize, h: usize) -> Result<(), String> {
    tromp_taylor_spec::Rectangle::new(w, h)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// The differential tests that `spec`'s and `fast`'s own test suites run,
/// so that `cargo mutants -p tromp-taylor-fast` (or `-spec`) runs them
/// against every mutant: the quick workout of this module, every kind of
/// generated game compared, and the texts round-tripped. One statement,
/// expanded in both crates' `tests/differential.rs`.
#[macro_export]
macro_rules! differential_tests {
    () => {
        fn must(result: Result<usize, String>) {
            if let Err(divergence) = result {
                panic!("{divergence}");
            }
        }

        $crate::agreement_tests! {
            fn ordinary_games_agree() => "an ordinary game", ordinary_games(120);
            fn long_playouts_agree() => "a long playout", long_games();
            fn every_combination_of_the_rules_agrees() =>
                "a game under each rule set", every_rules_games();
            fn games_from_setup_positions_agree() =>
                "a game from a setup position", position_games(60);
            fn every_handicap_on_every_board_agrees() => "a handicap game", handicap_games(2);
            fn games_on_tall_boards_agree() => "tall boards", tall_board_games(6);
            fn short_games_on_large_boards_agree() =>
                "a game on a large board", large_board_games(0);
        }

        #[test]
        fn games_with_undos_agree_after_every_undo() {
            let undos = $crate::workout::undo_games(25);
            $crate::workout::must_agree("a game with undos", undos);
            let agreements = $crate::workout::agreement_undo_games();
            $crate::workout::must_agree("an agreement undone", agreements);
        }

        #[test]
        fn the_presets_agree() {
            must($crate::workout::presets_agree());
        }

        #[test]
        fn boards_no_game_is_played_on_are_refused_alike() {
            must($crate::workout::refused_sizes());
        }

        #[test]
        fn texts_round_trip() {
            if let Err(failure) =
                $crate::round_trip::check_texts($crate::workout::WORKOUT_SEED, 200)
            {
                panic!("{failure}");
            }
        }
    };
}

/// The tests of [`differential_tests!`] that compare games: each
/// `fn test() => "what", games(args);` fails with the first divergence of the
/// games that `games` (a function of this module) makes, named `what`.
#[doc(hidden)]
#[macro_export]
macro_rules! agreement_tests {
    ($(fn $test:ident() => $what:literal, $games:ident($($arg:expr),*);)*) => {
        $(
            #[test]
            fn $test() {
                $crate::workout::must_agree($what, $crate::workout::$games($($arg),*));
            }
        )*
    };
}
