//! The one data-driven case suite: the case format (the vectors format), the
//! loader of `testdata/cases/*.json`, and the runner that plays a case on an
//! engine through the [`Engine`] trait and compares everything it states.
//!
//! Every hand-written game case lives once, as data, in one file per group
//! (`rule-6.json`, `comment-8.json`, `seed-004.json`, ...), as
//! rust-lang/regex keeps its tests in `testdata/`. Adding a case is adding a
//! JSON object: `spec`'s and `fast`'s tests, the harness's own test and
//! `vectors export` all read the folder. The loader refuses a malformed case
//! with an error naming its file and its id; the runner reports a failure
//! with the case, the turn, what was expected and what the engine said.

use crate::engine::{Engine, EngineKind};
use crate::vertex::{parse_turn, turn_name, vertex_name};
use crate::vocab::{Color, Handicap, Illegal, Player, Point, Rules, Setup, Size, Superko, Turn};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fmt;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The version of the format; bumped when a field changes meaning.
pub const FORMAT: &str = "tromp-taylor-vectors/1";

/// A file of cases: one group.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct VectorFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// The group: a rule, a comment, a source, or `generated`.
    pub group: String,
    /// The cases.
    pub cases: Vec<Case>,
}

/// One case.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// A unique id: `group/name`.
    pub id: String,
    /// What it checks and why the expectations are what they are.
    pub description: String,
    /// The rule, comment or source it exercises (`rule 6`, `comment 7`, `seed 004`).
    pub rule: String,
    /// What an engine must support to run it: `superko:positional`,
    /// `superko:situational`, `ko:simple`, `suicide:allowed`,
    /// `suicide:forbidden`, `scoring:area`, `scoring:territory`,
    /// `ending:agreement`, `rectangle`, `large-board` (over 25 columns),
    /// `handicap:free`, `handicap:fixed`, `setup`, `komi`.
    pub requires: Vec<String>,
    /// `WxH`.
    pub size: String,
    /// The rules as our compact string (KataGo's form, plus `end`).
    pub rules: String,
    /// Our preset name, when the rules are one.
    pub preset: Option<String>,
    /// Komi added to White's score.
    pub komi: f64,
    /// Black's handicap.
    pub handicap: Option<HandicapCase>,
    /// A setup position to start from instead of the empty grid.
    pub setup: Option<SetupCase>,
    /// The turns, in order, each attempted by the player to move.
    pub turns: Vec<TurnCase>,
    /// The state at the end.
    pub end: EndCase,
}

/// A handicap.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct HandicapCase {
    /// `free` (Black's first n turns are consecutive) or `fixed` (n stones on
    /// the standard points as Black's first turn).
    pub kind: String,
    /// n.
    pub stones: usize,
}

/// A setup position.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SetupCase {
    /// Black stones, as vertices.
    pub black: Vec<String>,
    /// White stones, as vertices.
    pub white: Vec<String>,
    /// `B` or `W`.
    pub to_move: String,
}

/// One attempted turn and what the rules say of it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TurnCase {
    /// `B` or `W`: the player to move (meaningless once the game is over).
    pub player: String,
    /// `pass` or a vertex (GTP's: no `I`; `AA`, `AB`, ... past 25 columns;
    /// it may lie off the board); or `agree` for an agreement on
    /// `agree_points`.
    pub turn: String,
    /// The points to empty, for `agree`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub agree_points: Vec<String>,
    /// `legal`, or why not: `occupied`, `suicide`, `superko`, `ko`,
    /// `game-over`, `off-board`; for `agree`: `legal` or `refused`.
    pub expect: String,
    /// For `superko`: the first turn after which the repeated coloring stood
    /// (0 is the start).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repeats_turn: Option<usize>,
    /// The legal turns before this one (pass first, then moves in point
    /// order), where the case asks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal_before: Option<Vec<String>>,
    /// The grid after this turn, top row first (`X`, `O`, `.`).
    pub grid_after: Vec<String>,
}

/// The state at the end of a case.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EndCase {
    /// Whether the game is over.
    pub over: bool,
    /// `B` or `W`: the player to move (meaningless once over).
    pub to_move: String,
    /// Black's score without komi.
    pub black: usize,
    /// White's score without komi.
    pub white: usize,
    /// Prisoners held by Black and by White.
    pub prisoners: [usize; 2],
    /// The result with komi: `B+3.5`, `W+0.5`, `0`.
    pub result: String,
}

/// The verdicts a turn may expect.
const TURN_VERDICTS: [&str; 7] = [
    "legal",
    "occupied",
    "suicide",
    "superko",
    "ko",
    "game-over",
    "off-board",
];

/// The verdicts an agreement may expect.
const AGREEMENT_VERDICTS: [&str; 2] = ["legal", "refused"];

/// What a case attempts, in the harness's vocabulary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Attempt {
    /// A pass or a move (possibly off the board).
    Turn(Turn),
    /// An agreement on points to empty (comment 8).
    Agree(Vec<Point>),
}

/// A case's inputs, read into the harness's vocabulary.
#[derive(Clone, Debug, PartialEq)]
pub struct Inputs {
    /// The board, rules and handicap.
    pub setup: Setup,
    /// The setup position's colors in point order and the player to move.
    pub position: Option<(Vec<Color>, Player)>,
    /// The turns to attempt.
    pub attempts: Vec<Attempt>,
}

/// The folder of the suite in this source tree: `testdata/cases/`.
pub fn suite_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("testdata")
        .join("cases")
}

/// Why the suite, a file or a case could not be loaded.
#[derive(Debug, Error)]
pub enum LoadError {
    /// The folder could not be read.
    #[error("{}: {source}", dir.display())]
    Folder {
        /// The folder.
        dir: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The folder holds no case file.
    #[error("{}: no case files (*.json)", dir.display())]
    NoFiles {
        /// The folder.
        dir: PathBuf,
    },
    /// A file could not be read.
    #[error("{}: {source}", file.display())]
    Read {
        /// The file.
        file: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A file is not JSON.
    #[error("{}: not JSON: {source}", file.display())]
    Json {
        /// The file.
        file: PathBuf,
        /// Why.
        source: serde_json::Error,
    },
    /// A file's own fields (format, group, the list of cases) are wrong.
    #[error("{}: {why}", file.display())]
    File {
        /// The file.
        file: PathBuf,
        /// What is wrong.
        why: String,
    },
    /// A case is malformed.
    #[error("{}: case {case}: {why}", file.display())]
    Case {
        /// The file.
        file: PathBuf,
        /// The case's id, or its position in the file when it has none.
        case: String,
        /// What is wrong.
        why: String,
    },
}

/// Reads every case of the suite in this source tree ([`suite_dir`]).
pub fn load_suite() -> Result<Vec<Case>, LoadError> {
    load_dir(&suite_dir())
}

/// Reads every `*.json` file of `dir`, in name order, and checks every case:
/// the format, the group, unique ids, and each case's fields.
pub fn load_dir(dir: &Path) -> Result<Vec<Case>, LoadError> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|source| LoadError::Folder {
            dir: dir.to_path_buf(),
            source,
        })?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    if paths.is_empty() {
        return Err(LoadError::NoFiles {
            dir: dir.to_path_buf(),
        });
    }
    let mut ids = BTreeSet::new();
    let mut cases = Vec::new();
    for path in paths {
        for case in load_file(&path)?.cases {
            if !ids.insert(case.id.clone()) {
                return Err(LoadError::Case {
                    file: path,
                    case: case.id,
                    why: "another case has this id".to_string(),
                });
            }
            cases.push(case);
        }
    }
    Ok(cases)
}

/// Reads one file of cases and checks it: the format, the group (the file's
/// name), and each case's fields.
pub fn load_file(path: &Path) -> Result<VectorFile, LoadError> {
    let text = std::fs::read_to_string(path).map_err(|source| LoadError::Read {
        file: path.to_path_buf(),
        source,
    })?;
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|source| LoadError::Json {
            file: path.to_path_buf(),
            source,
        })?;
    let file_error = |why: String| LoadError::File {
        file: path.to_path_buf(),
        why,
    };
    let format = value.get("format").and_then(|v| v.as_str());
    if format != Some(FORMAT) {
        return Err(file_error(format!(
            "the format must be {FORMAT:?}, not {format:?}"
        )));
    }
    let group = value
        .get("group")
        .and_then(|v| v.as_str())
        .ok_or_else(|| file_error("no group".to_string()))?
        .to_string();
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    if group != stem {
        return Err(file_error(format!(
            "the group {group:?} must be the file's name, {stem:?}"
        )));
    }
    if let Some(key) = value.as_object().and_then(|o| {
        o.keys()
            .find(|k| !["format", "group", "cases"].contains(&k.as_str()))
    }) {
        return Err(file_error(format!("unknown field {key:?}")));
    }
    let values = value
        .get("cases")
        .and_then(|v| v.as_array())
        .ok_or_else(|| file_error("no list of cases".to_string()))?;
    let mut cases = Vec::new();
    for (index, value) in values.iter().enumerate() {
        let name = value
            .get("id")
            .and_then(|v| v.as_str())
            .map_or_else(|| format!("number {}", index + 1), str::to_string);
        let case_error = |why: String| LoadError::Case {
            file: path.to_path_buf(),
            case: name.clone(),
            why,
        };
        let case: Case =
            serde_json::from_value(value.clone()).map_err(|e| case_error(e.to_string()))?;
        validate(&case, &group).map_err(case_error)?;
        cases.push(case);
    }
    Ok(VectorFile {
        format: FORMAT.to_string(),
        group,
        cases,
    })
}

/// Checks a case of `group`: its id, that its inputs read, that every
/// expectation is one the format knows, and that its metadata (`requires`,
/// `preset`, `komi`) says what its rules and setup are.
pub fn validate(case: &Case, group: &str) -> Result<(), String> {
    let name = case
        .id
        .strip_prefix(group)
        .and_then(|rest| rest.strip_prefix('/'))
        .ok_or_else(|| format!("the id must be {group}/NAME"))?;
    if name.is_empty()
        || !name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    {
        return Err("the name after the group must be lower case letters, digits and -".into());
    }
    if case.description.trim().is_empty() || case.rule.trim().is_empty() {
        return Err("the description and the rule must not be empty".to_string());
    }
    let inputs = inputs(case)?;
    let setup = inputs.setup;
    let size = setup.size;
    let requires = requirements(&setup, inputs.position.is_some());
    let given: BTreeSet<&str> = case.requires.iter().map(String::as_str).collect();
    let wanted: BTreeSet<&str> = requires.iter().map(String::as_str).collect();
    if given != wanted || given.len() != case.requires.len() {
        return Err(format!(
            "requires must be {requires:?} for these rules and setup, not {:?}",
            case.requires
        ));
    }
    let preset = preset_of(setup.rules);
    if case.preset != preset {
        return Err(format!(
            "preset must be {preset:?} for {}, not {:?}",
            case.rules, case.preset
        ));
    }
    if case.komi * 2.0 != f64::from(setup.rules.komi_half_points) {
        return Err(format!(
            "komi must be {} as the rules say, not {}",
            f64::from(setup.rules.komi_half_points) / 2.0,
            case.komi
        ));
    }
    for (number, (turn, attempt)) in case.turns.iter().zip(&inputs.attempts).enumerate() {
        let at =
            |why: String| format!("turn {} ({} {}): {why}", number + 1, turn.player, turn.turn);
        player(&turn.player).map_err(at)?;
        let allowed: &[&str] = match attempt {
            Attempt::Turn(_) => &TURN_VERDICTS,
            Attempt::Agree(_) => &AGREEMENT_VERDICTS,
        };
        if !allowed.contains(&turn.expect.as_str()) {
            return Err(at(format!(
                "unknown expect {:?}: one of {allowed:?}",
                turn.expect
            )));
        }
        if (turn.expect == "superko") != turn.repeats_turn.is_some() {
            return Err(at(
                "repeats_turn goes with expect superko, and only with it".to_string(),
            ));
        }
        for vertex in turn.legal_before.iter().flatten() {
            if vertex != "pass" {
                on_board(point(vertex).map_err(at)?, size).map_err(at)?;
            }
        }
        check_rows(&turn.grid_after, size).map_err(|why| at(format!("grid_after: {why}")))?;
    }
    player(&case.end.to_move).map_err(|why| format!("end: {why}"))?;
    if !is_result(&case.end.result) {
        return Err(format!(
            "end: the result {:?} is not B+N, W+N (N a multiple of 0.5) or 0",
            case.end.result
        ));
    }
    Ok(())
}

/// Whether `text` is a result as the format writes it: `B+3`, `W+0.5`, `0`.
fn is_result(text: &str) -> bool {
    if text == "0" {
        return true;
    }
    let Some(margin) = text.strip_prefix("B+").or_else(|| text.strip_prefix("W+")) else {
        return false;
    };
    let whole = margin.strip_suffix(".5").unwrap_or(margin);
    !whole.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && (whole == "0" || !whole.starts_with('0'))
        && margin != "0"
}

fn check_rows(rows: &[String], size: Size) -> Result<(), String> {
    if rows.len() != size.height() {
        return Err(format!("{} rows, not {}", rows.len(), size.height()));
    }
    for row in rows {
        if row.chars().count() != size.width() || !row.chars().all(|c| "XO.".contains(c)) {
            return Err(format!(
                "the row {row:?} is not {} of X, O and .",
                size.width()
            ));
        }
    }
    Ok(())
}

fn player(letter: &str) -> Result<Player, String> {
    match letter {
        "B" => Ok(Player::Black),
        "W" => Ok(Player::White),
        other => Err(format!("the player {other:?} is not B or W")),
    }
}

fn letter(player: Player) -> String {
    if player == Player::Black { "B" } else { "W" }.to_string()
}

/// The point a vertex names, on the largest board (SGF's limit): a case
/// may attempt a point off its own board.
fn point(vertex: &str) -> Result<Point, String> {
    let largest = tromp_taylor_spec::Rectangle::new(52, 52).expect("52x52 is a rectangle");
    match parse_turn(vertex, largest) {
        Ok(tromp_taylor_spec::Turn::Move(p)) if vertex_name(p) == vertex => {
            Ok(Point::new(p.x, p.y))
        }
        Ok(tromp_taylor_spec::Turn::Move(p)) => Err(format!(
            "the vertex {vertex:?} must be written {}",
            vertex_name(p)
        )),
        Ok(tromp_taylor_spec::Turn::Pass) => Err(format!("{vertex:?} is not a vertex")),
        Err(e) => Err(e.to_string()),
    }
}

fn on_board(point: Point, size: Size) -> Result<Point, String> {
    size.index(point)
        .map(|_| point)
        .ok_or_else(|| format!("{} is not on the {size} board", point_name(point)))
}

/// The vertex of `point`.
pub fn point_name(point: Point) -> String {
    vertex_name(tromp_taylor_spec::Point::new(point.x, point.y))
}

/// `pass` or the vertex of a move.
pub fn turn_text(turn: Turn) -> String {
    turn_name(match turn {
        Turn::Pass => tromp_taylor_spec::Turn::Pass,
        Turn::Move(p) => tromp_taylor_spec::Turn::Move(tromp_taylor_spec::Point::new(p.x, p.y)),
    })
}

/// Reads a case's inputs: size, rules, handicap, setup position and turns.
pub fn inputs(case: &Case) -> Result<Inputs, String> {
    let size: Size = case
        .size
        .parse()
        .map_err(|e: crate::vocab::SizeError| e.to_string())?;
    if case.size != size.to_string() {
        return Err(format!("the size {:?} must be written {size}", case.size));
    }
    let rules: Rules = case
        .rules
        .parse()
        .map_err(|e: crate::vocab::RulesError| e.to_string())?;
    let handicap = match &case.handicap {
        None => Handicap::None,
        Some(HandicapCase { kind, stones }) if kind == "free" => Handicap::Free(*stones),
        Some(HandicapCase { kind, stones }) if kind == "fixed" => Handicap::Fixed(*stones),
        Some(other) => {
            return Err(format!(
                "the handicap kind {:?} is not free or fixed",
                other.kind
            ))
        }
    };
    let position = match &case.setup {
        None => None,
        Some(setup) => {
            let mut colors = vec![Color::Empty; size.points()];
            for (vertices, color) in [(&setup.black, Color::Black), (&setup.white, Color::White)] {
                for vertex in vertices {
                    let p = on_board(point(vertex)?, size)?;
                    let index = size.index(p).expect("on the board");
                    if colors[index] != Color::Empty {
                        return Err(format!("setup: {vertex} is given twice"));
                    }
                    colors[index] = color;
                }
            }
            Some((colors, player(&setup.to_move)?))
        }
    };
    if case.turns.is_empty() {
        return Err("no turns".to_string());
    }
    let attempts = case
        .turns
        .iter()
        .map(|turn| match turn.turn.as_str() {
            "pass" if turn.agree_points.is_empty() => Ok(Attempt::Turn(Turn::Pass)),
            "agree" => turn
                .agree_points
                .iter()
                .map(|v| point(v))
                .collect::<Result<Vec<Point>, String>>()
                .map(Attempt::Agree),
            _ if !turn.agree_points.is_empty() => {
                Err(format!("{}: agree_points go with agree only", turn.turn))
            }
            vertex => point(vertex).map(|p| Attempt::Turn(Turn::Move(p))),
        })
        .collect::<Result<Vec<Attempt>, String>>()?;
    Ok(Inputs {
        setup: Setup {
            size,
            rules,
            handicap,
        },
        position,
        attempts,
    })
}

/// The `requires` tags of a game: what an engine must support to play it.
pub fn requirements(setup: &Setup, has_position: bool) -> Vec<String> {
    let rules = setup.rules;
    let mut tags = vec![
        match rules.superko {
            Superko::Positional => "superko:positional",
            Superko::Situational => "superko:situational",
            Superko::SimpleKo => "ko:simple",
        },
        if rules.suicide_allowed {
            "suicide:allowed"
        } else {
            "suicide:forbidden"
        },
        if rules.territory_scoring {
            "scoring:territory"
        } else {
            "scoring:area"
        },
    ];
    if rules.agreement_ending {
        tags.push("ending:agreement");
    }
    if rules.komi_half_points != 0 {
        tags.push("komi");
    }
    if setup.size.width() != setup.size.height() {
        tags.push("rectangle");
    }
    if setup.size.width() > 25 || setup.size.height() > 25 {
        tags.push("large-board");
    }
    match setup.handicap {
        Handicap::None => {}
        Handicap::Free(_) => tags.push("handicap:free"),
        Handicap::Fixed(_) => tags.push("handicap:fixed"),
    }
    if has_position {
        tags.push("setup");
    }
    tags.into_iter().map(str::to_string).collect()
}

/// Our preset name for `rules`, komi aside, when they are one.
pub fn preset_of(rules: Rules) -> Option<String> {
    tromp_taylor_spec::options::PRESETS
        .iter()
        .map(|(name, _)| *name)
        .find(|name| {
            name.parse::<Rules>().map(|r| Rules {
                komi_half_points: rules.komi_half_points,
                ..r
            }) == Ok(rules)
        })
        .map(str::to_string)
}

/// Starts `inputs`' game on `kind`.
fn start(kind: EngineKind, inputs: &Inputs) -> Result<Box<dyn Engine + Send>, String> {
    match &inputs.position {
        Some((colors, to_move)) => {
            (kind.start_position)(inputs.setup.size, inputs.setup.rules, colors, *to_move)
        }
        None => (kind.start)(inputs.setup),
    }
}

/// The verdict as the format writes it: `expect` and `repeats_turn`.
fn expectation(verdict: Result<(), Illegal>) -> (&'static str, Option<usize>) {
    match verdict {
        Ok(()) => ("legal", None),
        Err(Illegal::GameOver) => ("game-over", None),
        Err(Illegal::OffBoard) => ("off-board", None),
        Err(Illegal::Occupied) => ("occupied", None),
        Err(Illegal::Suicide) => ("suicide", None),
        Err(Illegal::Ko) => ("ko", None),
        Err(Illegal::Superko { repeats_turn }) => ("superko", Some(repeats_turn)),
    }
}

/// Plays `inputs` on `kind` and writes down what the engine says of every
/// turn, asking for the legal turns before turn `i` where `ask_legal(i)`,
/// and the state at the end.
pub fn record(
    kind: EngineKind,
    inputs: &Inputs,
    ask_legal: impl Fn(usize) -> bool,
) -> Result<(Vec<TurnCase>, EndCase), String> {
    let mut engine = start(kind, inputs)?;
    let mut turns = Vec::new();
    for (i, attempt) in inputs.attempts.iter().enumerate() {
        let player = letter(engine.to_move());
        let legal_before =
            ask_legal(i).then(|| engine.legal_turns().into_iter().map(turn_text).collect());
        let (turn, agree_points, (expect, repeats_turn)) = match attempt {
            Attempt::Turn(turn) => (
                turn_text(*turn),
                Vec::new(),
                expectation(engine.play(*turn)),
            ),
            Attempt::Agree(points) => (
                "agree".to_string(),
                points.iter().map(|p| point_name(*p)).collect(),
                (
                    if engine.agree(points).is_ok() {
                        "legal"
                    } else {
                        "refused"
                    },
                    None,
                ),
            ),
        };
        turns.push(TurnCase {
            player,
            turn,
            agree_points,
            expect: expect.to_string(),
            repeats_turn,
            legal_before,
            grid_after: engine.grid().rows(),
        });
    }
    let end = EndCase {
        over: engine.is_over(),
        to_move: letter(engine.to_move()),
        black: engine.score(Player::Black),
        white: engine.score(Player::White),
        prisoners: [
            engine.prisoners(Player::Black),
            engine.prisoners(Player::White),
        ],
        result: engine.outcome().to_string(),
    };
    Ok((turns, end))
}

/// Where in a case a failure is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Reading the case and starting the game.
    Start,
    /// A turn, numbered from 1.
    Turn {
        /// Its number.
        number: usize,
        /// The player the case says attempts it.
        player: String,
        /// The turn as the case writes it.
        turn: String,
    },
    /// The state at the end.
    End,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Start => f.write_str("the start"),
            Step::Turn {
                number,
                player,
                turn,
            } => write!(f, "turn {number} ({player} {turn})"),
            Step::End => f.write_str("the end"),
        }
    }
}

/// A case an engine does not pass: the first place where it parts from the
/// case.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{case} on {engine}: {step}: {what}: expected {expected}, got {got}")]
pub struct CaseFailure {
    /// The case's id.
    pub case: String,
    /// The engine's name.
    pub engine: &'static str,
    /// Where.
    pub step: Step,
    /// What was compared: `the verdict`, `the grid after it`, `Black's score`, ...
    pub what: &'static str,
    /// What the case says.
    pub expected: String,
    /// What the engine said.
    pub got: String,
}

fn verdict_text(expect: &str, repeats_turn: Option<usize>) -> String {
    match repeats_turn {
        Some(turn) => format!("{expect} (repeats turn {turn})"),
        None => expect.to_string(),
    }
}

/// A grid for a report: its rows joined by `/` on a small board, the
/// points that differ from `other` on a large one.
fn grid_text(rows: &[String], other: &[String]) -> String {
    if rows.iter().map(String::len).sum::<usize>() <= 100 {
        return rows.join("/");
    }
    let height = rows.len();
    let mut points = Vec::new();
    for (from_top, (row, other_row)) in rows.iter().zip(other).enumerate() {
        for (x, (mark, other_mark)) in row.chars().zip(other_row.chars()).enumerate() {
            if mark != other_mark {
                let name = point_name(Point::new(x, height - 1 - from_top));
                points.push(format!("{name} {mark}"));
            }
        }
    }
    format!("... {} ...", points.join(", "))
}

/// Plays `case` on `engine` through the [`Engine`] trait and compares, turn
/// by turn, the player to move, the legal turns (where the case gives
/// them), the verdict and the grid after it; then whether the game is over,
/// the player to move, both scores, the prisoners and the result. The first
/// difference is the failure.
// The failure is as large as what a reader needs to see (the case, the turn,
// both answers), and made at most once per case.
#[allow(clippy::result_large_err)]
pub fn check_case(engine: EngineKind, case: &Case) -> Result<(), CaseFailure> {
    let failure = |step: Step, what: &'static str, expected: String, got: String| CaseFailure {
        case: case.id.clone(),
        engine: engine.name,
        step,
        what,
        expected,
        got,
    };
    let inputs = inputs(case)
        .map_err(|why| failure(Step::Start, "the case", "a well-formed case".into(), why))?;
    let (turns, end) = record(engine, &inputs, |i| case.turns[i].legal_before.is_some())
        .map_err(|why| failure(Step::Start, "the game", "a game".into(), why))?;
    for (number, (want, got)) in case.turns.iter().zip(&turns).enumerate() {
        let step = || Step::Turn {
            number: number + 1,
            player: want.player.clone(),
            turn: want.turn.clone(),
        };
        let over = want.expect == "game-over" || got.expect == "game-over";
        if !over && want.player != got.player {
            return Err(failure(
                step(),
                "the player to move",
                want.player.clone(),
                got.player.clone(),
            ));
        }
        if want.legal_before.is_some() && want.legal_before != got.legal_before {
            let list = |turns: &Option<Vec<String>>| {
                turns
                    .iter()
                    .flatten()
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            return Err(failure(
                step(),
                "the legal turns before it",
                list(&want.legal_before),
                list(&got.legal_before),
            ));
        }
        if (&want.expect, want.repeats_turn) != (&got.expect, got.repeats_turn) {
            return Err(failure(
                step(),
                "the verdict",
                verdict_text(&want.expect, want.repeats_turn),
                verdict_text(&got.expect, got.repeats_turn),
            ));
        }
        if want.grid_after != got.grid_after {
            return Err(failure(
                step(),
                "the grid after it",
                grid_text(&want.grid_after, &got.grid_after),
                grid_text(&got.grid_after, &want.grid_after),
            ));
        }
    }
    let want = &case.end;
    let show = |value: &dyn fmt::Debug| format!("{value:?}");
    let compared: [(&'static str, String, String); 6] = [
        (
            "whether the game is over",
            show(&want.over),
            show(&end.over),
        ),
        ("Black's score", show(&want.black), show(&end.black)),
        ("White's score", show(&want.white), show(&end.white)),
        (
            "the prisoners (Black's, White's)",
            show(&want.prisoners),
            show(&end.prisoners),
        ),
        ("the result", want.result.clone(), end.result.clone()),
        (
            "the player to move",
            if want.over {
                String::new()
            } else {
                want.to_move.clone()
            },
            if want.over {
                String::new()
            } else {
                end.to_move.clone()
            },
        ),
    ];
    for (what, expected, got) in compared {
        if expected != got {
            return Err(failure(Step::End, what, expected, got));
        }
    }
    Ok(())
}

/// The cases an engine does not pass, every one of them.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct Failures {
    /// The engine's name.
    pub engine: String,
    /// How many cases were run.
    pub cases: usize,
    /// Each failing case's first failure.
    pub failures: Vec<CaseFailure>,
}

impl fmt::Display for Failures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} of {} cases fail on {}:",
            self.failures.len(),
            self.cases,
            self.engine
        )?;
        for failure in &self.failures {
            write!(f, "\n  {failure}")?;
        }
        Ok(())
    }
}

/// Runs every case on `engine` and collects every failure; the number of
/// cases passed when none fails.
pub fn check_all(engine: EngineKind, cases: &[Case]) -> Result<usize, Failures> {
    let failures: Vec<CaseFailure> = cases
        .iter()
        .filter_map(|case| check_case(engine, case).err())
        .collect();
    if failures.is_empty() {
        Ok(cases.len())
    } else {
        Err(Failures {
            engine: engine.name.to_string(),
            cases: cases.len(),
            failures,
        })
    }
}

/// Why the suite does not pass.
#[derive(Debug, Error)]
pub enum SuiteError {
    /// It could not be loaded.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// Some cases fail.
    #[error(transparent)]
    Fail(#[from] Failures),
}

/// Loads the suite of this source tree and runs every case on `engine`;
/// the number of cases when all pass.
pub fn check_suite(engine: EngineKind) -> Result<usize, SuiteError> {
    Ok(check_all(engine, &load_suite()?)?)
}
