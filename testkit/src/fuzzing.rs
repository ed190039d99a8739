//! What the cargo-fuzz targets check, as plain functions: fuzz inputs made
//! from bytes by `arbitrary`, and the checks each target runs on them.
//!
//! The targets in `fuzz/` are a few lines of glue around these, and
//! `tests/fuzz_corpus.rs` runs the same checks over the committed corpus on
//! stable Rust. A fuzz input's `Debug` is the SGF of its game, so a crash
//! report is already its reproducer.

use arbitrary::Arbitrary;
use std::fmt;
use tromp_taylor_fast as fast;
use tromp_taylor_harness::diff::compare;
use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::script::{Script, Step};
use tromp_taylor_harness::vocab::{
    Ending, Handicap, IllegalMove, Point, Rules, Scoring, Setup, Size, Suicide, Superko, Turn,
};

/// One step of a fuzzed game.
#[derive(Arbitrary, Clone, Debug)]
pub enum FuzzStep {
    /// The n-th legal turn.
    Choose(u16),
    /// An attempt at a point, which may be occupied or off the board.
    Attempt(u8, u8),
    /// A pass.
    Pass,
    /// An agreement on points to empty.
    Agree(Vec<(u8, u8)>),
}

/// A fuzzed game: a size, rules, a handicap and steps, all from raw bytes.
#[derive(Arbitrary, Clone)]
pub struct FuzzGame {
    width: u8,
    height: u8,
    rules: u8,
    komi: i8,
    handicap: u8,
    steps: Vec<FuzzStep>,
}

impl FuzzGame {
    /// The script this input stands for, on boards up to `max_side` a side.
    pub fn script(&self, max_side: u8) -> Script {
        let side = |n: u8| usize::from(1 + n % max_side.clamp(1, 52));
        let size = Size::new(side(self.width), side(self.height)).expect("sides from 1 to 52");
        let rules = Rules {
            superko: [Superko::Positional, Superko::Situational, Superko::SimpleKo]
                [usize::from(self.rules % 3)],
            suicide: [Suicide::Allowed, Suicide::Forbidden][usize::from(self.rules >> 2 & 1)],
            ending: [Ending::TwoPasses, Ending::Agreement][usize::from(self.rules >> 3 & 1)],
            scoring: [Scoring::Area, Scoring::Territory][usize::from(self.rules >> 4 & 1)],
            komi_half_points: i32::from(self.komi),
            illegal_move: [IllegalMove::Refused, IllegalMove::LosesTurn]
                [usize::from(self.rules >> 5 & 1)],
        };
        let handicap = match self.handicap % 16 {
            1 => Handicap::Free(2),
            2 => Handicap::Free(usize::from(self.handicap / 16)),
            3 => Handicap::Fixed(usize::from(self.handicap / 16)),
            _ => Handicap::None,
        };
        let point = |x: u8, y: u8| Point::new(usize::from(x), usize::from(y));
        let steps = self
            .steps
            .iter()
            .map(|step| match step {
                FuzzStep::Choose(n) => Step::Choose(u32::from(*n)),
                FuzzStep::Attempt(x, y) => Step::Attempt(Turn::Move(point(*x, *y))),
                FuzzStep::Pass => Step::Attempt(Turn::Pass),
                FuzzStep::Agree(points) => {
                    Step::Agree(points.iter().map(|&(x, y)| point(x, y)).collect())
                }
            })
            .collect();
        Script::new(
            Setup {
                size,
                rules,
                handicap,
            },
            steps,
        )
    }
}

impl fmt::Debug for FuzzGame {
    /// The SGF of the differential target's game.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.script(DIFFERENTIAL_MAX_SIDE))
    }
}

/// The `fast_invariants` target's input: the bytes of a [`FuzzGame`], read
/// on boards up to [`FAST_INVARIANTS_MAX_SIDE`]; its `Debug` is the SGF of
/// that game (not of the 9x9-bounded one the differential target plays), so
/// a crash report is its own reproducer.
#[derive(Arbitrary, Clone)]
pub struct FuzzLargeGame(pub FuzzGame);

impl fmt::Debug for FuzzLargeGame {
    /// The SGF of the `fast_invariants` target's game.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.0.script(FAST_INVARIANTS_MAX_SIDE))
    }
}

/// The largest side the `fast_invariants` target plays on.
pub const FAST_INVARIANTS_MAX_SIDE: u8 = 52;

/// The largest side the differential target plays on (`spec` is slow on large boards).
pub const DIFFERENTIAL_MAX_SIDE: u8 = 9;

/// The `differential` target: `spec` and `fast` must agree on the game.
pub fn differential(game: &FuzzGame) {
    let script = game.script(DIFFERENTIAL_MAX_SIDE);
    if let Err(divergence) = compare(
        script.setup,
        script.steps,
        &EngineKind::spec(),
        &EngineKind::fast(),
        true,
    ) {
        panic!("{divergence}");
    }
}

/// The `fast_invariants` target, on boards up to 52x52: after every turn the
/// incremental hash equals the hash from scratch, the legal set equals the
/// turns `is_legal` accepts, and undoing the turn restores the game exactly.
pub fn fast_invariants(game: &FuzzLargeGame) {
    let script = game.0.script(FAST_INVARIANTS_MAX_SIDE);
    let setup = script.setup;
    let handicap = match setup.handicap {
        Handicap::None => fast::Handicap::None,
        Handicap::Free(n) => fast::Handicap::Free(n),
        Handicap::Fixed(n) => fast::Handicap::Fixed(n),
    };
    let rules = tromp_taylor_harness::engine::fast::rules_to_fast(setup.rules);
    let (w, h) = (setup.size.width(), setup.size.height());
    let Ok(mut g) = fast::Game::with_handicap(w, h, rules, handicap) else {
        return;
    };
    let state = fast_state;
    for step in script.steps.iter().take(400) {
        assert_eq!(g.hash(), g.hash_from_scratch(), "incremental hash");
        let legal = g.legal_turns();
        let accepted: Vec<fast::Turn> = std::iter::once(fast::Turn::Pass)
            .chain((0..w * h).map(|i| fast::Turn::Move(fast::Point::new(i % w, i / w))))
            .filter(|&t| g.is_legal(t))
            .collect();
        assert_eq!(legal, accepted, "legal set against is_legal");
        let turn = match step {
            Step::Choose(n) if !legal.is_empty() => legal[*n as usize % legal.len()],
            Step::Choose(_) => break,
            Step::Attempt(Turn::Pass) => fast::Turn::Pass,
            Step::Attempt(Turn::Move(p)) => fast::Turn::Move(fast::Point::new(p.x, p.y)),
            Step::Agree(points) => {
                let points: Vec<fast::Point> =
                    points.iter().map(|p| fast::Point::new(p.x, p.y)).collect();
                let before = state(&g);
                if g.agree(&points).is_err() {
                    assert_eq!(state(&g), before, "a refused agreement changed the game");
                }
                continue;
            }
        };
        let before = state(&g);
        let (coloring, to_move, turns) = (g.coloring(), g.to_move(), g.turns_taken());
        match g.play(turn) {
            Ok(()) => {
                assert!(g.undo(), "undo after a turn");
                assert_eq!(state(&g), before, "undo of {turn:?}");
                g.play(turn).expect("the same turn is legal again");
            }
            // Seed 003: under these rules a forbidden point or a repetition
            // loses the turn: the board stays, the opponent moves, the run
            // of passes ends; undo takes the lost turn back.
            Err(
                fast::IllegalTurn::Suicide(_)
                | fast::IllegalTurn::Ko(_)
                | fast::IllegalTurn::Superko { .. }
                | fast::IllegalTurn::SituationalSuperko { .. },
            ) if rules.illegal_move == fast::IllegalMove::LosesTurn => {
                assert_eq!(g.coloring(), coloring, "a lost turn changed the board");
                assert_eq!(
                    g.to_move(),
                    to_move.opponent(),
                    "a lost turn passes the move"
                );
                assert_eq!(g.turns_taken(), turns + 1, "a lost turn is a turn");
                assert_eq!(g.consecutive_passes(), 0, "a lost turn is not a pass");
                assert!(g.undo(), "undo after a lost turn");
                assert_eq!(state(&g), before, "undo of the lost {turn:?}");
                assert!(g.play(turn).is_err(), "the same turn is refused again");
            }
            Err(_) => assert_eq!(state(&g), before, "a refused {turn:?} changed the game"),
        }
    }
}

/// The `parsers` target: every parser of user input refuses bad text with
/// an error, never a panic, and what it accepts writes back to the same value.
pub fn parsers(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    if let Ok(rules) = text.parse::<tromp_taylor_spec::Rules>() {
        assert_eq!(rules.to_string().parse(), Ok(rules), "rules round trip");
    }
    if let Ok(komi) = text.parse::<tromp_taylor_spec::Komi>() {
        assert_eq!(komi.to_string().parse(), Ok(komi), "komi round trip");
    }
    if let Ok(size) = text.parse::<Size>() {
        assert_eq!(size.to_string().parse(), Ok(size), "size round trip");
    }
    let grid = Size::new(25, 30).expect("a valid size");
    if let Ok(turn) = tromp_taylor_harness::vertex::parse_turn(&text, grid) {
        let name = tromp_taylor_harness::vertex::turn_name(turn);
        assert_eq!(
            tromp_taylor_harness::vertex::parse_turn(&name, grid),
            Ok(turn),
            "vertex round trip"
        );
    }
    let options = tromp_taylor_harness::sgf::ReadOptions {
        all_variations: true,
        ..tromp_taylor_harness::sgf::ReadOptions::default()
    };
    for tree in tromp_taylor_harness::sgf::read_games(text.as_bytes(), &options).flatten() {
        // Replaying every line of any game that reads must not panic either.
        let _ = tromp_taylor_records::replay::replay_tree(
            "fuzz",
            &tree,
            tromp_taylor_records::replay::ReplayEngines::BOTH,
            drop,
        );
    }
    if let Ok((setup, record)) = tromp_taylor_harness::sgf::read(&text) {
        let written = tromp_taylor_harness::sgf::write(&setup, &record);
        let (again, _) = tromp_taylor_harness::sgf::read(&written).expect("our SGF reads back");
        assert_eq!(again.size, setup.size, "SGF size round trip");
        assert_eq!(again.rules, setup.rules, "SGF rules round trip");
    }
}

/// Every observable of a `fast` game, in one line: the coloring, whose turn,
/// the turns taken, the passes, the end, the prisoners, the hash, the legal
/// turns and the result.
pub fn fast_state(game: &fast::Game) -> String {
    format!(
        "{:?} to_move={:?} turns={} passes={} over={} prisoners={}/{} hash={:x} legal={:?} result={}",
        game.coloring(),
        game.to_move(),
        game.turns_taken(),
        game.consecutive_passes(),
        game.is_over(),
        game.prisoners(fast::Player::Black),
        game.prisoners(fast::Player::White),
        game.hash(),
        game.legal_turns(),
        game.result()
    )
}

/// The `sgf` target: any bytes given to the SGF reader (which reads bytes,
/// by the record's `CA` or as Latin-1 when not UTF-8) read as games or are
/// refused with an error, under every reading option, never a panic; every
/// line of a game that reads writes back to SGF that reads as the same game
/// (board, rules, handicap, setup, who moves first, every move), for trees
/// whose lines are few and short enough to write each out; and replaying
/// every line of each game (the tree walked once) never panics.
pub fn sgf(bytes: &[u8]) {
    use tromp_taylor_harness::sgf::{read_games, read_records, write_record, ReadOptions};
    /// Lines times nodes up to which each line is written out and read back.
    const ROUND_TRIP_WORK: usize = 100_000;
    for attempts in [false, true] {
        for all_variations in [false, true] {
            let options = ReadOptions {
                all_variations,
                attempts,
                rules: None,
            };
            let Ok(trees) = read_games(bytes, &options).collect::<Result<Vec<_>, _>>() else {
                continue;
            };
            assert!(!trees.is_empty(), "a file that reads holds a game");
            for tree in &trees {
                if tree.line_count() * tree.nodes.len() > ROUND_TRIP_WORK {
                    continue;
                }
                for record in &tree.records() {
                    let written = write_record(record);
                    let again = read_records(&written, &options)
                        .unwrap_or_else(|e| panic!("our SGF does not read back ({e}):\n{written}"));
                    assert_eq!(again.len(), 1, "one record written, one read:\n{written}");
                    assert_eq!(
                        same_game(&again[0]),
                        same_game(record),
                        "the game read back differs:\n{written}"
                    );
                }
            }
            let tree = &trees[0];
            // `spec` too when the game is small enough to replay quickly.
            let small = tree.start.size.points() * tree.nodes.len() <= 100_000;
            let engines = tromp_taylor_records::replay::ReplayEngines {
                main: tromp_taylor_harness::engine::EngineName::Fast,
                check: small.then_some(tromp_taylor_harness::engine::EngineName::Spec),
            };
            let _ = tromp_taylor_records::replay::replay_tree("fuzz", tree, engines, drop);
        }
    }
}

/// What makes a record the same game: the board, the rules, the handicap,
/// the setup, who moves first, and every move with its player (not the node
/// numbers, the labels, the comments or where the rules came from; a setup
/// of empty points only is no setup).
type SameGame<'a> = (
    Size,
    Rules,
    Handicap,
    Option<&'a Vec<tromp_taylor_harness::vocab::Color>>,
    tromp_taylor_harness::vocab::Player,
    Vec<(
        tromp_taylor_harness::vocab::Player,
        &'a tromp_taylor_harness::vocab::Action,
    )>,
);

/// A record's [`SameGame`].
fn same_game(record: &tromp_taylor_harness::sgf::GameRecord) -> SameGame<'_> {
    (
        record.size,
        record.rules,
        record.handicap,
        // A setup of empty points only (a root `AE`) is the empty start.
        record.setup.as_ref().filter(|colors| {
            colors
                .iter()
                .any(|&c| c != tromp_taylor_harness::vocab::Color::Empty)
        }),
        record.first_player(),
        record.moves.iter().map(|m| (m.player, &m.action)).collect(),
    )
}

/// The `vectors` target: any bytes as the text of a file of conformance
/// vectors (named after its `group`, when it has a plain one, so that the
/// loader's checks go past the name) load or are refused with an error that
/// names the file, never a panic. A file that loads has unique ids, writes
/// back as JSON that loads to the same cases, and each case runs on `fast`
/// without a panic (a verdict either way).
pub fn vectors(bytes: &[u8]) {
    use std::path::PathBuf;
    use tromp_taylor_harness::cases::{check_case, load_text};
    let Ok(text) = std::str::from_utf8(bytes) else {
        // The loader reads files as UTF-8 and refuses the rest before parsing.
        return;
    };
    let group = serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .and_then(|v| v.get("group")?.as_str().map(str::to_string))
        .filter(|g| !g.is_empty() && g.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'))
        .unwrap_or_else(|| "fuzz".to_string());
    let path = PathBuf::from(format!("{group}.json"));
    match load_text(&path, text) {
        Ok(file) => {
            let ids: std::collections::BTreeSet<&str> =
                file.cases.iter().map(|c| c.id.as_str()).collect();
            assert_eq!(ids.len(), file.cases.len(), "duplicate ids were loaded");
            let json = serde_json::to_string_pretty(&file).expect("a file writes as JSON");
            let again = load_text(&path, &json)
                .unwrap_or_else(|e| panic!("a loaded file written back is refused: {e}"));
            assert_eq!(again, file, "a loaded file written back loads differently");
            for case in &file.cases {
                let _ = check_case(&tromp_taylor_harness::engine::EngineKind::fast(), case);
            }
        }
        Err(e) => {
            let message = e.to_string();
            assert!(
                message.starts_with(&path.display().to_string()),
                "the error does not name the file: {message}"
            );
        }
    }
}

/// The `rules` target: any text given to the rule-string parsers (a preset
/// or a compact string, the compact form alone, komi, and the `RU` names of
/// game records) parses or is refused with an error, never a panic; what
/// parses prints as a string that parses back to the same rules.
pub fn rules(bytes: &[u8]) {
    use tromp_taylor_spec::{Komi, Rules as SpecRules};
    let text = String::from_utf8_lossy(bytes);
    for text in [&*text, text.trim()] {
        if let Ok(rules) = text.parse::<SpecRules>() {
            let printed = rules.to_string();
            assert_eq!(
                printed.parse(),
                Ok(rules),
                "{text:?} printed as {printed:?}"
            );
            assert_eq!(SpecRules::from_compact(&printed), Ok(rules), "{printed:?}");
        }
        if let Ok(rules) = SpecRules::from_compact(text) {
            let printed = rules.to_string();
            assert_eq!(
                printed.parse(),
                Ok(rules),
                "{text:?} printed as {printed:?}"
            );
        }
        if let Ok(komi) = text.parse::<Komi>() {
            let printed = komi.to_string();
            assert_eq!(printed.parse(), Ok(komi), "{text:?} printed as {printed:?}");
        }
        if let Some(rules) = tromp_taylor_harness::sgf::rules_from_ru(text) {
            // Our own name for what an RU reads as reads back the same.
            let printed = rules.to_string();
            assert_eq!(
                tromp_taylor_harness::sgf::rules_from_ru(&printed),
                Some(rules),
                "RU {text:?} printed as {printed:?}"
            );
        }
    }
}
