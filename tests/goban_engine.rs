//! A third engine for a demonstration: the `goban` crate (0.20) adapted to the
//! harness's `Engine` trait, and differential tests that audit it against
//! `spec` under the rule sets goban claims to implement. Test-only: goban is a
//! dev-dependency and nothing in the library knows about it.

use goban::pieces::stones::Color as GColor;
use goban::rules::game::Game;
use goban::rules::{GobanSizes, IllegalRules, Move, PlayError, Rule, ScoreRules};
use std::collections::HashMap;
use tromp_taylor_harness::engine::{Engine, EngineKind};
use tromp_taylor_harness::vocab::{
    Color, Grid, Handicap, Illegal, Outcome, Player, Point, Refusal, Rules, Setup, Size, Superko,
    Turn, Verdict,
};

/// goban, as the harness sees it, on the boards it plays correctly: squares
/// up to 19x19.
const GOBAN: EngineKind = EngineKind {
    name: "goban",
    start,
    start_position: tromp_taylor_harness::engine::no_setup_positions,
};

/// goban on rectangles too, which `GobanSizes::Custom(height, width)` claims
/// but plays wrongly (see `rectangles_are_misindexed`). Only for the test
/// that shows it.
const GOBAN_RECTANGLES: EngineKind = EngineKind {
    name: "goban",
    start: start_on_rectangles,
    start_position: tromp_taylor_harness::engine::no_setup_positions,
};

/// The largest side goban accepts (`Goban::new` asserts sides of at most 19).
const GOBAN_MAX_SIDE: usize = 19;

/// goban's settings closest to `rules`, or why it has none.
///
/// goban's `Rule` is a komi plus two flag sets. `IllegalRules::KO` forbids the
/// immediate retake at its ko point, `SUPERKO` forbids (some) repetitions of an
/// earlier board, `SUICIDE` forbids suicide (without it goban removes the
/// suicided string). `ScoreRules` always counts territory (empty regions
/// bordered by one color only) and adds `STONES` (area), `PRISONNERS`
/// (territory) and `KOMI`. Its two presets are `CHINESE` (KO | SUPERKO |
/// SUICIDE, STONES | KOMI) and `JAPANESE` (KO | SUICIDE, PRISONNERS | KOMI).
fn goban_rule(rules: Rules) -> Result<Rule, String> {
    if rules.agreement_ending {
        return Err("goban ends at two passes; it has no agreement on dead stones".into());
    }
    let mut illegal = match rules.superko {
        Superko::Positional => IllegalRules::KO | IllegalRules::SUPERKO,
        Superko::SimpleKo => IllegalRules::KO,
        Superko::Situational => return Err("goban has no situational superko".into()),
    };
    if !rules.suicide_allowed {
        illegal |= IllegalRules::SUICIDE;
    }
    let score = if rules.territory_scoring {
        ScoreRules::PRISONNERS | ScoreRules::KOMI
    } else {
        ScoreRules::STONES | ScoreRules::KOMI
    };
    Ok(Rule {
        komi: rules.komi_half_points as f32 / 2.0,
        flag_illegal: illegal,
        flag_score: score,
    })
}

/// Starts a game in goban, or says why goban cannot play `setup`.
fn start(setup: Setup) -> Result<Box<dyn Engine + Send>, String> {
    if setup.size.width() != setup.size.height() {
        return Err(format!(
            "goban 0.20 indexes rectangles wrongly (row * height + column), so it plays squares only, not {}",
            setup.size
        ));
    }
    start_on_rectangles(setup)
}

/// Starts a game in goban on any size it accepts.
fn start_on_rectangles(setup: Setup) -> Result<Box<dyn Engine + Send>, String> {
    start_goban(setup).map(|e| Box::new(e) as Box<dyn Engine + Send>)
}

/// Starts a game in goban on any size it accepts, as the concrete adapter.
fn start_goban(setup: Setup) -> Result<GobanEngine, String> {
    let size = setup.size;
    if size.width() > GOBAN_MAX_SIDE || size.height() > GOBAN_MAX_SIDE {
        return Err(format!("goban boards are at most 19x19, not {size}"));
    }
    let rule = goban_rule(setup.rules)?;
    // goban's sizes are (height, width).
    let mut game = Game::new(GobanSizes::Custom(size.height(), size.width()), rule);
    let mut turns = 0;
    match setup.handicap {
        Handicap::None => {}
        Handicap::Free(_) => return Err("goban has no free handicap".into()),
        Handicap::Fixed(n) => {
            // The same points as spec's (GTP's table), placed at once with
            // White to move: goban's `put_handicap`. Like spec, we count it
            // as turn 1.
            let points = tromp_taylor_harness::engine::spec::fixed_handicap_points(size, n)?;
            let coords: Vec<(u8, u8)> = points.iter().map(|&p| coord(size, p)).collect();
            game.put_handicap(&coords);
            turns = 1;
        }
    }
    let mut engine = GobanEngine {
        game,
        size,
        superko: setup.rules.superko,
        score_flags: rule.flag_score,
        passes: 0,
        turns,
        earlier: HashMap::new(),
    };
    let empty = Grid {
        size,
        colors: vec![Color::Empty; size.points()],
    };
    engine.earlier.insert(empty, 0);
    let now = engine.grid();
    engine.earlier.entry(now).or_insert(turns);
    Ok(engine)
}

/// A game in goban, with what the adapter needs to answer in the harness's
/// words: the run of passes (goban keeps it private), the number of turns, and
/// the first turn after which each coloring stood (to name the turn a superko
/// repeats; goban says only `Ko`).
struct GobanEngine {
    game: Game,
    size: Size,
    superko: Superko,
    score_flags: ScoreRules,
    passes: usize,
    turns: usize,
    earlier: HashMap<Grid, usize>,
}

/// goban's `(row, column)` of `p`, a point of a `size` board: goban's row 0
/// is the top row, ours the bottom one.
fn coord(size: Size, p: Point) -> (u8, u8) {
    ((size.height() - 1 - p.y) as u8, p.x as u8)
}

fn player(color: GColor) -> Player {
    match color {
        GColor::Black => Player::Black,
        GColor::White => Player::White,
    }
}

impl GobanEngine {
    /// goban's (row, column) of `p` (on the board).
    fn coord(&self, p: Point) -> (u8, u8) {
        coord(self.size, p)
    }

    /// The harness's point of goban's `(row, column)`. A row below the
    /// board (which goban's legal moves contain on rectangles) becomes a
    /// point above ours, off the board, rather than a panic.
    fn point(&self, (row, column): (u8, u8)) -> Point {
        let (row, height) = (row as usize, self.size.height());
        match row < height {
            true => Point::new(column as usize, height - 1 - row),
            false => Point::new(column as usize, row),
        }
    }

    fn grid_of(&self, game: &Game) -> Grid {
        let colors = self
            .size
            .all_points()
            .map(|p| match game.get_color(self.coord(p)) {
                Some(GColor::Black) => Color::Black,
                Some(GColor::White) => Color::White,
                None => Color::Empty,
            })
            .collect();
        Grid {
            size: self.size,
            colors,
        }
    }

    /// goban's verdict on a move, in the harness's words.
    fn illegal(&self, error: PlayError, p: Point) -> Illegal {
        match error {
            PlayError::GamePaused => Illegal::GameOver,
            PlayError::PointNotEmpty => Illegal::Occupied,
            PlayError::Suicide => Illegal::Suicide,
            // goban's only refusal for repetition (`FillEye` needs a flag
            // the adapter never raises). Under positional superko
            // we name the turn whose coloring the move would repeat (found by
            // playing it on a copy of goban's game); when it repeats none, or
            // under simple ko, it stays a ko.
            PlayError::Ko | PlayError::FillEye => {
                if self.superko == Superko::Positional {
                    let mut copy = self.game.clone();
                    let (row, column) = self.coord(p);
                    copy.play(Move::Play(row, column));
                    if let Some(&turn) = self.earlier.get(&self.grid_of(&copy)) {
                        return Illegal::Superko { repeats_turn: turn };
                    }
                }
                Illegal::Ko
            }
        }
    }

    fn verdict(&self, turn: Turn) -> Verdict {
        if self.game.is_over() {
            return Err(Illegal::GameOver);
        }
        match turn {
            Turn::Pass => Ok(()),
            Turn::Move(p) => {
                // goban panics or misreads off-board points: the adapter refuses them.
                if self.size.index(p).is_none() {
                    return Err(Illegal::OffBoard);
                }
                match self.game.check_point(self.coord(p)) {
                    None => Ok(()),
                    Some(error) => Err(self.illegal(error, p)),
                }
            }
        }
    }
}

impl Engine for GobanEngine {
    fn to_move(&self) -> Player {
        player(self.game.turn())
    }

    fn check(&self, turn: Turn) -> Verdict {
        self.verdict(turn)
    }

    fn play(&mut self, turn: Turn) -> Verdict {
        self.verdict(turn)?;
        let mv = match turn {
            Turn::Pass => Move::Pass,
            Turn::Move(p) => {
                let (row, column) = self.coord(p);
                Move::Play(row, column)
            }
        };
        if let Err(error) = self.game.try_play(mv) {
            // check_point said yes; try_play should too.
            let p = match turn {
                Turn::Move(p) => p,
                Turn::Pass => Point::new(0, 0),
            };
            return Err(self.illegal(error, p));
        }
        self.passes = match turn {
            Turn::Pass => self.passes + 1,
            Turn::Move(_) => 0,
        };
        self.turns += 1;
        let grid = self.grid();
        self.earlier.entry(grid).or_insert(self.turns);
        Ok(())
    }

    fn legal_turns(&self) -> Vec<Turn> {
        if self.game.is_over() {
            return Vec::new();
        }
        let mut moves: Vec<Point> = self.game.legals().map(|c| self.point(c)).collect();
        moves.sort_by_key(|&p| (self.size.index(p).unwrap_or(usize::MAX), p.y, p.x));
        std::iter::once(Turn::Pass)
            .chain(moves.into_iter().map(Turn::Move))
            .collect()
    }

    fn grid(&self) -> Grid {
        self.grid_of(&self.game)
    }

    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    fn consecutive_passes(&self) -> usize {
        self.passes
    }

    fn score(&self, p: Player) -> usize {
        let (black, white) = self
            .game
            .calculate_score_by(self.score_flags - ScoreRules::KOMI);
        match p {
            Player::Black => black as usize,
            Player::White => white as usize,
        }
    }

    fn prisoners(&self, p: Player) -> usize {
        // goban's (black, white): the white stones removed are Black's
        // prisoners, the black stones removed White's (its own suicides
        // included).
        let (black, white) = self.game.prisoners();
        match p {
            Player::Black => black as usize,
            Player::White => white as usize,
        }
    }

    fn outcome(&self) -> Outcome {
        let (black, white) = self.game.calculate_score();
        let half_points = ((black - white) * 2.0).round() as i64;
        Outcome {
            winner: match half_points.signum() {
                1 => Some(Player::Black),
                -1 => Some(Player::White),
                _ => None,
            },
            half_points: half_points.unsigned_abs(),
        }
    }

    fn agree(&mut self, _points: &[Point]) -> Result<(), Refusal> {
        // start refuses the agreement ending, so every game here ends at two passes.
        Err(Refusal::NotInTheseRules)
    }
}

// ---------------------------------------------------------------------------
// The audit: generated games on spec and goban, each mismatch classified by
// its cause and the first of each kind minimised.

use tromp_taylor_harness::diff::{compare, compare_record, Difference, Mismatch};
use tromp_taylor_harness::engine::SPEC;
use tromp_taylor_harness::generate::BIASES;
use tromp_taylor_harness::minimise::minimise_while;
use tromp_taylor_harness::run::{game_script, DiffOptions};
use tromp_taylor_harness::script::{Action, Script};

/// The kinds of divergence between goban 0.20 and the rules' text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Divergence {
    /// goban allows a move that recreates an earlier coloring without
    /// capturing anything: `check_super_ko` returns false unless the move
    /// captures (`will_capture`), so rule 6 goes unchecked for other moves.
    SuperkoOnlyOnCaptures,
    /// With suicide allowed, goban allows a suicide that leaves an earlier
    /// coloring (a single-stone suicide leaves the coloring as it was): the
    /// same `will_capture` short cut, since a suicide captures nothing.
    SuicideRepeatsColoring,
    /// goban refuses, as `Ko`, a move at the point where a single stone was
    /// just captured that does not retake (it captures nothing, or another
    /// stone): `check_ko` looks only at the point and at neighbouring strings
    /// of more than one stone in atari.
    KoPointWithoutRetake,
    /// On a rectangle goban misplaces stones: `two_to_1dim` is
    /// `row * height + column` where the row stride is the width.
    Rectangle,
    /// Anything else: a new kind to look at.
    Other,
}

/// The turn the engines disagree on, if the difference is about one.
fn disputed_turn(m: &Mismatch) -> Option<(Turn, bool)> {
    match &m.difference {
        Difference::Verdict { turn, left, .. } => Some((*turn, left.is_ok())),
        Difference::LegalSet {
            only_left,
            only_right,
        } => only_right
            .first()
            .map(|t| (*t, false))
            .or_else(|| only_left.first().map(|t| (*t, true))),
        _ => None,
    }
}

/// The number of actions of `m`'s record before the disputed step.
fn steps_before(m: &Mismatch) -> usize {
    match m.difference {
        Difference::Verdict { .. } => m.record.len() - 1,
        _ => m.record.len(),
    }
}

/// Why spec and goban parted in `m`.
fn classify(m: &Mismatch) -> Divergence {
    if m.setup.size.width() != m.setup.size.height() {
        return Divergence::Rectangle;
    }
    let Some((Turn::Move(p), spec_allows)) = disputed_turn(m) else {
        return Divergence::Other;
    };
    let mut spec = (SPEC.start)(m.setup).expect("spec started this game");
    let mut goban = start_goban(m.setup).expect("goban started this game");
    for (_, action) in &m.record[..steps_before(m)] {
        if let Action::Turn(turn) = action {
            let _ = spec.play(*turn);
            let _ = goban.play(*turn);
        }
    }
    match (
        spec_allows,
        spec.check(Turn::Move(p)),
        goban.check(Turn::Move(p)),
    ) {
        (false, Err(Illegal::Superko { .. }), Ok(())) => {
            // What goban makes of the move.
            let mut after = goban.game.clone();
            let (row, column) = goban.coord(p);
            let held = after.prisoners();
            after.play(Move::Play(row, column));
            let stone_stays = after.get_color((row, column)).is_some();
            let captures = after.prisoners().0 + after.prisoners().1 > held.0 + held.1;
            match (stone_stays, captures) {
                (true, false) => Divergence::SuperkoOnlyOnCaptures,
                (false, true) => Divergence::SuicideRepeatsColoring,
                _ => Divergence::Other,
            }
        }
        (true, Ok(()), Err(Illegal::Ko)) => Divergence::KoPointWithoutRetake,
        _ => Divergence::Other,
    }
}

/// `minimise_while`, keeping the `Divergence` too: `minimise` alone keeps
/// only the kind of `Difference`, and a legal set that differs by a suicide
/// can shrink into one that differs by a non-capturing move.
fn shrink(
    script: &Script,
    mismatch: Box<Mismatch>,
    kind: Divergence,
    goban: EngineKind,
) -> (Script, Box<Mismatch>) {
    minimise_while(script, mismatch, SPEC, goban, |found| {
        classify(found) == kind
    })
}

/// What an audit found.
#[derive(Default)]
struct Audit {
    /// Games goban could start (the rest were skipped).
    played: usize,
    /// Games skipped because goban cannot express their setup.
    skipped: usize,
    /// Every mismatch's kind, in game order.
    kinds: Vec<Divergence>,
    /// The first mismatch of each kind, minimised.
    minimised: Vec<(Divergence, Script, Box<Mismatch>)>,
}

impl Audit {
    fn count(&self, kind: Divergence) -> usize {
        self.kinds.iter().filter(|&&k| k == kind).count()
    }
}

/// Plays `games` generated games (every bias) of `rules` on `sizes` on spec
/// and `goban`, skipping setups goban refuses, and minimises the first
/// mismatch of each kind. Prints a summary and the minimised reports.
fn audit(
    label: &str,
    rules: &[Rules],
    sizes: &[(usize, usize)],
    games: usize,
    seed: u64,
    goban: EngineKind,
) -> Audit {
    let mut options = DiffOptions::new(games, seed);
    options.sizes = sizes
        .iter()
        .map(|&(w, h)| Size::new(w, h).expect("a valid size"))
        .collect();
    options.rules = Some(rules.to_vec());
    options.biases = BIASES.to_vec();
    options.left = SPEC;
    options.right = goban;
    let mut audit = Audit::default();
    for index in 0..games {
        let script = game_script(&options, index);
        if (goban.start)(script.setup).is_err() {
            audit.skipped += 1;
            continue;
        }
        audit.played += 1;
        let result = std::panic::catch_unwind(|| {
            compare(script.setup, script.steps.clone(), SPEC, goban, true)
        });
        let mismatch = match result {
            Ok(Ok(_)) => continue,
            Ok(Err(mismatch)) => mismatch,
            Err(_) => {
                // goban panicked (only seen on rectangles).
                audit.kinds.push(Divergence::Rectangle);
                continue;
            }
        };
        let kind = classify(&mismatch);
        audit.kinds.push(kind);
        if audit.minimised.iter().all(|(k, _, _)| *k != kind) {
            let (script, mismatch) = shrink(&script, mismatch, kind, goban);
            audit.minimised.push((kind, script, mismatch));
        }
    }
    eprintln!(
        "== {label}: {} games played, {} skipped (goban cannot start them), {} mismatches",
        audit.played,
        audit.skipped,
        audit.kinds.len()
    );
    for (kind, _, mismatch) in &audit.minimised {
        eprintln!(
            "-- {kind:?}: {} of them; the first, minimised:\n{mismatch}",
            audit.count(*kind)
        );
    }
    audit
}

/// Square boards from tiny to 7x7 (fixed handicaps are drawn on 7x7).
const SQUARES: [(usize, usize); 5] = [(2, 2), (3, 3), (4, 4), (5, 5), (7, 7)];

fn rules(text: &str) -> Rules {
    text.parse().expect("a rule string")
}

/// `n` games, times `GOBAN_AUDIT_SCALE` when set (for longer runs by hand).
fn games(n: usize) -> usize {
    let scale = std::env::var("GOBAN_AUDIT_SCALE")
        .ok()
        .and_then(|s| s.parse::<usize>().ok())
        .unwrap_or(1);
    n * scale
}

#[test]
fn chinese_rules_goban_misses_repetitions_made_without_a_capture() {
    let chinese = rules("chinese");
    let rule = goban_rule(chinese).expect("goban plays the chinese rules");
    assert_eq!(rule.flag_illegal, goban::rules::CHINESE.flag_illegal);
    assert_eq!(rule.flag_score, goban::rules::CHINESE.flag_score);
    let komi = Rules {
        komi_half_points: 15,
        ..chinese
    };
    let found = audit("chinese", &[chinese, komi], &SQUARES, games(120), 1, GOBAN);
    assert!(found.count(Divergence::SuperkoOnlyOnCaptures) > 0);
    assert_eq!(found.count(Divergence::Other), 0, "{:?}", found.kinds);
}

#[test]
fn tromp_taylor_rules_goban_allows_suicides_that_repeat() {
    let found = audit(
        "tromp-taylor",
        &[Rules::TROMP_TAYLOR],
        &SQUARES,
        games(120),
        2,
        GOBAN,
    );
    assert!(found.count(Divergence::SuicideRepeatsColoring) > 0);
    assert_eq!(found.count(Divergence::Other), 0, "{:?}", found.kinds);
}

#[test]
fn simple_ko_with_suicide_goban_refuses_a_suicide_at_the_ko_point() {
    let found = audit(
        "simple ko, suicide allowed",
        &[
            rules("koSIMPLEscoreAREAsui1"),
            rules("koSIMPLEscoreTERRITORYsui1"),
        ],
        &SQUARES,
        games(120),
        3,
        GOBAN,
    );
    assert!(found.count(Divergence::KoPointWithoutRetake) > 0);
    assert_eq!(found.count(Divergence::Other), 0, "{:?}", found.kinds);
}

#[test]
fn simple_ko_without_suicide_goban_agrees_with_spec() {
    let japanese_like = Rules {
        agreement_ending: false,
        ..rules("simple-ko-territory")
    };
    let rule = goban_rule(japanese_like).expect("goban plays simple ko");
    assert_eq!(rule.flag_illegal, goban::rules::JAPANESE.flag_illegal);
    assert_eq!(rule.flag_score, goban::rules::JAPANESE.flag_score);
    let list = [
        japanese_like,
        Rules {
            komi_half_points: 13,
            ..japanese_like
        },
        rules("koSIMPLEscoreAREAsui0"),
        Rules {
            komi_half_points: -7,
            ..rules("koSIMPLEscoreAREAsui0")
        },
    ];
    let found = audit(
        "simple ko, no suicide",
        &list,
        &SQUARES,
        games(150),
        4,
        GOBAN,
    );
    assert!(found.played > 100);
    assert_eq!(found.kinds, vec![]);
}

#[test]
fn rectangles_are_misindexed() {
    // Directly: on a board of height 2 and width 3, (0, 2) and (1, 0) share
    // the index 0 * 2 + 2 = 1 * 2 + 0.
    let mut game = Game::new(GobanSizes::Custom(2, 3), goban::rules::JAPANESE);
    game.try_play(Move::Play(0, 2)).expect("an empty point");
    assert_eq!(game.get_color((1, 0)), Some(GColor::Black));
    // And through the driver, under the rules goban otherwise agrees on.
    let found = audit(
        "rectangles",
        &[rules("koSIMPLEscoreAREAsui0")],
        &[(3, 2), (2, 3), (4, 2), (5, 3)],
        games(20),
        5,
        GOBAN_RECTANGLES,
    );
    assert!(found.count(Divergence::Rectangle) > 0);
    assert_eq!(found.count(Divergence::Rectangle), found.kinds.len());
}

/// The minimised divergences kept under testdata/goban/: spec and fast agree
/// on each (they are goban's divergences, not regressions of ours), and spec
/// and goban still part on each for the cause its name gives.
#[test]
fn saved_divergences_still_part_spec_and_goban() {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("testdata/goban");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("testdata/goban")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "sgf"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 4);
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).expect("a readable file");
        let (setup, record) = tromp_taylor_harness::sgf::read(&text).expect("an SGF we wrote");
        let agreed = compare_record(setup, &record, SPEC, tromp_taylor_harness::engine::FAST);
        assert!(agreed.is_ok(), "{name}: spec and fast part");
        let expected = match &name[5..] {
            n if n.starts_with("superko-missed") => Divergence::SuperkoOnlyOnCaptures,
            n if n.starts_with("suicide-repeats") => Divergence::SuicideRepeatsColoring,
            n if n.starts_with("ko-point") => Divergence::KoPointWithoutRetake,
            n if n.starts_with("rectangle") => Divergence::Rectangle,
            _ => panic!("{name}: name its divergence"),
        };
        let mismatch = compare_record(setup, &record, SPEC, GOBAN_RECTANGLES)
            .expect_err("spec and goban part");
        assert_eq!(classify(&mismatch), expected, "{name}:\n{mismatch}");
    }
}
