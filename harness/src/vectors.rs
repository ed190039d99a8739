//! Portable conformance vectors: cases any engine in any language can run,
//! each a setup, the turns attempted, and what the rules say of each, with
//! `requires` tags so an engine can skip what it does not claim.
//!
//! The expectations are computed by `spec` and confirmed by `fast`; the
//! inputs are hand-written for every rule, comment and known pitfall, plus
//! games from the tester's biased generators. `export` writes one JSON file
//! per group and a gogui-regress `.tst` file per case.

use crate::engine::{Engine, EngineKind, FAST, SPEC};
use crate::generate::{generate, random_setup, Bias, Rng};
use crate::vertex::{parse_turn, turn_name, vertex_name};
use crate::vocab::{Color, Handicap, Illegal, Player, Point, Rules, Setup, Size, Superko, Turn};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The version of the vector format; bumped when a field changes meaning.
pub const FORMAT: &str = "tromp-taylor-vectors/1";

/// A file of vectors: one group of cases.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct VectorFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// The group: a rule, a comment, a source, or `generated`.
    pub group: String,
    /// The cases.
    pub cases: Vec<Case>,
}

/// One conformance case.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Case {
    /// A unique id: `group/name`.
    pub id: String,
    /// What it checks, in a sentence.
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
pub struct HandicapCase {
    /// `free` (Black's first n turns are consecutive) or `fixed` (n stones on
    /// the standard points as Black's first turn).
    pub kind: String,
    /// n.
    pub stones: usize,
}

/// A setup position.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
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
pub struct TurnCase {
    /// `B` or `W`: the player to move.
    pub player: String,
    /// `pass` or a vertex (GTP's: no `I`; `AA`, `AB`, ... past 25 columns);
    /// or `agree` for an agreement on `agree_points`.
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

/// The input of a hand-written case.
struct Input {
    group: &'static str,
    name: &'static str,
    description: &'static str,
    rule: &'static str,
    size: (usize, usize),
    rules: &'static str,
    handicap: Handicap,
    setup: Option<(&'static str, Player)>,
    turns: &'static str,
    legal_sets: bool,
}

const fn case(
    group: &'static str,
    name: &'static str,
    rule: &'static str,
    description: &'static str,
    size: (usize, usize),
    rules: &'static str,
    turns: &'static str,
) -> Input {
    Input {
        group,
        name,
        description,
        rule,
        size,
        rules,
        handicap: Handicap::None,
        setup: None,
        turns,
        legal_sets: true,
    }
}

fn hand_written() -> Vec<Input> {
    vec![
        case("rule-1", "rectangle-capture", "rule 1", "A capture on a 7x3 rectangle: columns and rows are not swapped.", (7, 3), "tromp-taylor", "G1 F1 pass G2 pass pass"),
        case("rule-1", "line-1x7", "rule 1", "A 1x7 line: one stone owns every empty point it alone reaches.", (1, 7), "tromp-taylor", "A4 A6 pass pass"),
        case("rule-1", "wide-52x3", "rule 1", "Columns past 25 are AA, AB, ...: a capture in the far corner of a 52x3 board.", (52, 3), "tromp-taylor", "BB3 BA3 pass BB2 pass pass"),
        case("rule-6", "one-point", "rule 6", "On 1x1 Black's only move clears itself and repeats the empty start: only passes are legal.", (1, 1), "tromp-taylor", "A1 pass A1 pass A1"),
        case("rule-6", "two-points", "rule 6", "2x1: White captures; Black cannot retake (repeats turn 1); White cannot fill (repeats the empty start).", (2, 1), "tromp-taylor", "A1 B1 A1 pass A1 pass"),
        case("rule-6", "single-stone-suicide", "rule 6", "A single-stone suicide recreates the coloring before it: always illegal under positional superko.", (3, 1), "tromp-taylor", "pass B1 A1 C1"),
        case("rule-6", "repetition-without-capture", "rule 6", "A move that captures nothing yet repeats an earlier coloring (not a simple ko) is illegal.", (3, 1), "tromp-taylor", "A1 pass B1 C1 B1 pass A1"),
        case("rule-6", "triple-ko", "rule 6", "A triple ko: the sixth take would restore all three kos, repeating the coloring after turn 22.", (4, 11), "tromp-taylor", "B3 C3 A2 B2 B1 D2 C7 C1 B6 B7 D6 A6 C5 B5 B11 C11 A10 B10 B9 D10 pass C9 C2 C6 C10 B2 B6 B10"),
        case("rule-7", "multi-stone-suicide", "rule 7", "A suicide of two stones that makes a new coloring is legal and empties the whole string.", (4, 1), "tromp-taylor", "A1 C1 B1 pass pass"),
        case("rule-7", "capture-before-suicide", "rule 7", "Clearing the opponent comes first: filling the last liberty of both strings captures.", (2, 1), "tromp-taylor", "A1 B1"),
        case("rule-8", "two-passes-end", "rule 8", "Two consecutive passes end the game; no turn follows.", (3, 3), "tromp-taylor", "B2 pass pass A1 pass"),
        case("rule-8", "a-move-resets-the-passes", "rule 8", "Pass, move, pass is not the end.", (3, 3), "tromp-taylor", "pass B2 pass A1 pass pass"),
        case("rule-9", "dame", "rule 9", "An empty region reaching both colors counts for nobody.", (3, 3), "tromp-taylor", "B2 A1 pass pass"),
        case("rule-10", "tie", "rule 10", "Equal scores result in a tie.", (1, 1), "tromp-taylor", "pass pass"),
        case("comment-6", "positional-vs-situational-psk", "rule 6", "Positional: B A1 repeats the coloring after turn 2, though White was not to move then.", (3, 1), "tromp-taylor", "A1 C1 B1 C1 A1"),
        case("comment-6", "positional-vs-situational-ssk", "comment 6", "Situational: the same B A1 is legal, since after turn 2 Black, not White, was to move.", (3, 1), "new-zealand", "A1 C1 B1 C1 A1"),
        case("comment-6", "ssk-single-stone-suicide", "comment 6", "Situational: a single-stone suicide into a situation that never stood is legal.", (3, 1), "new-zealand", "B1 A1 pass pass"),
        case("comment-6", "ssk-situation-made-by-a-pass", "comment 6", "Situational: a situation made by a pass counts; White's single-stone suicide repeats it.", (3, 1), "koSITUATIONALscoreAREAsui1endAGREEMENT", "B1 pass pass A1"),
        case("comment-7", "suicide-forbidden", "comment 7", "Without suicide, B B1 reaches no empty point after clearing White: illegal as suicide.", (4, 1), "chinese", "A1 C1 B1 pass pass"),
        case("comment-7", "capture-is-not-suicide", "comment 7", "Without suicide, a move that captures and so reaches empty is legal.", (2, 1), "chinese", "A1 B1 pass pass"),
        case("comment-7", "one-point-suicide-first", "comment 7", "Without suicide, Black's move on 1x1 is refused as suicide (checked before superko).", (1, 1), "chinese", "A1 pass pass"),
        case("comment-9", "territory-suicide-prisoners", "comment 9", "Territory: stones lost to one's own suicide are the opponent's prisoners.", (4, 1), "koPOSITIONALscoreTERRITORYsui1", "A1 C1 B1 pass pass"),
        case("comment-9", "seki-area", "seki", "A seki under area scoring: the shared liberties count for nobody.", (4, 2), "tromp-taylor", "A1 C1 A2 C2 pass pass"),
        case("comment-9", "seki-territory", "seki", "The same seki under territory scoring.", (4, 2), "koPOSITIONALscoreTERRITORYsui1", "A1 C1 A2 C2 pass pass"),
        case("comment-10", "komi-half", "comment 10", "Komi 0.5 breaks the 0-0 tie of 1x1 for White.", (1, 1), "koPOSITIONALscoreAREAsui1komi0.5", "pass pass"),
        case("comment-10", "komi-tie", "comment 10", "Komi -2 makes White's 2-0 win a tie.", (2, 1), "koPOSITIONALscoreAREAsui1komi-2", "A1 B1 pass pass"),
        case("seed-004", "simple-ko-retake", "seed 004", "Simple ko forbids taking back the single stone just captured.", (4, 3), "simple-ko-territory", "B3 C3 A2 B2 B1 C1 pass D2 C2 B2"),
        case("seed-004", "superko-retake", "rule 6", "Positional superko forbids the same retake, as a repetition of turn 8.", (4, 3), "tromp-taylor", "B3 C3 A2 B2 B1 C1 pass D2 C2 B2"),
        case("seed-004", "simple-ko-after-a-pass", "seed 004", "After a pass nothing has just been captured: simple ko allows the retake.", (4, 3), "simple-ko-territory", "B3 C3 A2 B2 B1 C1 pass D2 C2 pass pass B2"),
        case("seed-004", "superko-after-a-pass", "rule 6", "Positional superko still forbids that retake after the passes.", (4, 3), "koPOSITIONALscoreAREAsui1endAGREEMENT", "B3 C3 A2 B2 B1 C1 pass D2 C2 pass pass B2"),
        case("seed-004", "simple-ko-triple-ko-cycles", "seed 004", "Under simple ko a triple ko cycles back to where it began.", (4, 11), "simple-ko-territory", "B3 C3 A2 B2 B1 D2 C7 C1 B6 B7 D6 A6 C5 B5 B11 C11 A10 B10 B9 D10 pass C9 C2 C6 C10 B2 B6 B10"),
        Input {
            handicap: Handicap::Free(2),
            ..case("comment-5", "free-handicap", "comment 5", "A free handicap of 2: Black's first two turns are consecutive moves.", (3, 3), "tromp-taylor", "A1 C3 B2 pass pass")
        },
        Input {
            handicap: Handicap::Fixed(4),
            ..case("comment-5", "fixed-handicap-9x9", "seed 004", "Four fixed handicap stones on 9x9 (C3, G3, C7, G7) are Black's first turn; White moves next.", (9, 9), "tromp-taylor", "E5 pass pass")
        },
        Input {
            setup: Some((".OX./....", Player::Black)),
            ..case("setup", "setup-capture", "rule 7", "From a setup position, Black captures at once.", (4, 2), "tromp-taylor", "A2 pass pass")
        },
        case("comment-8", "agreement", "comment 8", "After two passes the players agree that a stone is dead: it becomes a prisoner.", (4, 1), "simple-ko-territory", "A1 D1 pass pass agree:D1"),
        case("comment-8", "four-passes", "comment 8", "Without agreement, play goes on after two passes, and four passes end the game as is.", (4, 1), "koPOSITIONALscoreAREAsui1endAGREEMENT", "A1 D1 pass pass B1 pass pass pass pass"),
    ]
}

fn player_letter(player: Player) -> String {
    if player == Player::Black { "B" } else { "W" }.to_string()
}

fn name_of(turn: Turn) -> String {
    turn_name(match turn {
        Turn::Pass => tromp_taylor_spec::Turn::Pass,
        Turn::Move(p) => tromp_taylor_spec::Turn::Move(tromp_taylor_spec::Point::new(p.x, p.y)),
    })
}

fn point_name(p: Point) -> String {
    vertex_name(tromp_taylor_spec::Point::new(p.x, p.y))
}

fn expect_of(verdict: Result<(), Illegal>) -> (String, Option<usize>) {
    match verdict {
        Ok(()) => ("legal".to_string(), None),
        Err(Illegal::GameOver) => ("game-over".to_string(), None),
        Err(Illegal::OffBoard) => ("off-board".to_string(), None),
        Err(Illegal::Occupied) => ("occupied".to_string(), None),
        Err(Illegal::Suicide) => ("suicide".to_string(), None),
        Err(Illegal::Ko) => ("ko".to_string(), None),
        Err(Illegal::Superko { repeats_turn }) => ("superko".to_string(), Some(repeats_turn)),
    }
}

/// What to attempt, in a case's terms.
enum Attempt {
    Turn(Turn),
    Agree(Vec<Point>),
}

fn requires(setup: &Setup, has_setup: bool) -> Vec<String> {
    let rules = setup.rules;
    let mut tags = vec![
        match rules.superko {
            Superko::Positional => "superko:positional",
            Superko::Situational => "superko:situational",
            Superko::SimpleKo => "ko:simple",
        }
        .to_string(),
        if rules.suicide_allowed {
            "suicide:allowed"
        } else {
            "suicide:forbidden"
        }
        .to_string(),
        if rules.territory_scoring {
            "scoring:territory"
        } else {
            "scoring:area"
        }
        .to_string(),
    ];
    if rules.agreement_ending {
        tags.push("ending:agreement".to_string());
    }
    if rules.komi_half_points != 0 {
        tags.push("komi".to_string());
    }
    if setup.size.width() != setup.size.height() {
        tags.push("rectangle".to_string());
    }
    if setup.size.width() > 25 || setup.size.height() > 25 {
        tags.push("large-board".to_string());
    }
    match setup.handicap {
        Handicap::None => {}
        Handicap::Free(_) => tags.push("handicap:free".to_string()),
        Handicap::Fixed(_) => tags.push("handicap:fixed".to_string()),
    }
    if has_setup {
        tags.push("setup".to_string());
    }
    tags
}

fn start(
    kind: EngineKind,
    setup: &Setup,
    position: Option<&(Vec<Color>, Player)>,
) -> Result<Box<dyn Engine + Send>, String> {
    match position {
        Some((colors, to_move)) => (kind.start_position)(setup.size, setup.rules, colors, *to_move),
        None => (kind.start)(*setup),
    }
}

/// Plays `attempts` on `kind`, recording what the engine says.
fn record(
    kind: EngineKind,
    setup: &Setup,
    position: Option<&(Vec<Color>, Player)>,
    attempts: &[Attempt],
    legal_sets: bool,
) -> Result<(Vec<TurnCase>, EndCase), String> {
    let mut engine = start(kind, setup, position)?;
    let mut turns = Vec::new();
    for attempt in attempts {
        let player = player_letter(engine.to_move());
        let legal_before =
            legal_sets.then(|| engine.legal_turns().into_iter().map(name_of).collect());
        let turn_case = match attempt {
            Attempt::Turn(turn) => {
                let (expect, repeats_turn) = expect_of(engine.play(*turn));
                TurnCase {
                    player,
                    turn: name_of(*turn),
                    agree_points: Vec::new(),
                    expect,
                    repeats_turn,
                    legal_before,
                    grid_after: engine.grid().rows(),
                }
            }
            Attempt::Agree(points) => TurnCase {
                player,
                turn: "agree".to_string(),
                agree_points: points.iter().map(|p| point_name(*p)).collect(),
                expect: if engine.agree(points).is_ok() {
                    "legal"
                } else {
                    "refused"
                }
                .to_string(),
                repeats_turn: None,
                legal_before,
                grid_after: engine.grid().rows(),
            },
        };
        turns.push(turn_case);
    }
    let end = EndCase {
        over: engine.is_over(),
        to_move: player_letter(engine.to_move()),
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

#[allow(clippy::too_many_arguments)]
fn build(
    group: &str,
    name: &str,
    description: &str,
    rule: &str,
    setup: Setup,
    position: Option<(Vec<Color>, Player)>,
    attempts: Vec<Attempt>,
    legal_sets: bool,
) -> Result<Case, String> {
    let (turns, end) = record(SPEC, &setup, position.as_ref(), &attempts, legal_sets)?;
    let confirmed = record(FAST, &setup, position.as_ref(), &attempts, legal_sets)?;
    if confirmed != (turns.clone(), end.clone()) {
        return Err(format!(
            "{group}/{name}: fast does not confirm spec's expectations"
        ));
    }
    let rules_text = setup.rules.to_string();
    let preset = tromp_taylor_spec::options::PRESETS
        .iter()
        .map(|(name, _)| *name)
        .find(|name| {
            name.parse::<Rules>().map(|r| Rules {
                komi_half_points: setup.rules.komi_half_points,
                ..r
            }) == Ok(setup.rules)
        })
        .map(str::to_string);
    let setup_case = position.as_ref().map(|(colors, to_move)| {
        let stones = |color: Color| {
            (0..colors.len())
                .filter(|&i| colors[i] == color)
                .map(|i| point_name(setup.size.point(i)))
                .collect()
        };
        SetupCase {
            black: stones(Color::Black),
            white: stones(Color::White),
            to_move: player_letter(*to_move),
        }
    });
    Ok(Case {
        id: format!("{group}/{name}"),
        description: description.to_string(),
        rule: rule.to_string(),
        requires: requires(&setup, position.is_some()),
        size: setup.size.to_string(),
        rules: rules_text,
        preset,
        komi: f64::from(setup.rules.komi_half_points) / 2.0,
        handicap: match setup.handicap {
            Handicap::None => None,
            Handicap::Free(n) => Some(HandicapCase {
                kind: "free".to_string(),
                stones: n,
            }),
            Handicap::Fixed(n) => Some(HandicapCase {
                kind: "fixed".to_string(),
                stones: n,
            }),
        },
        setup: setup_case,
        turns,
        end,
    })
}

fn from_input(input: &Input) -> Result<Case, String> {
    let size = Size::new(input.size.0, input.size.1).ok_or("a bad size")?;
    let rules: Rules = input
        .rules
        .parse()
        .map_err(|e: crate::vocab::RulesError| e.to_string())?;
    let grid = tromp_taylor_spec::Rectangle::new(size.width(), size.height())
        .map_err(|e| e.to_string())?;
    let attempts = input
        .turns
        .split_whitespace()
        .map(|word| match word.strip_prefix("agree:") {
            Some(points) => points
                .split(',')
                .map(|v| match parse_turn(v, grid) {
                    Ok(tromp_taylor_spec::Turn::Move(p)) => Ok(Point::new(p.x, p.y)),
                    _ => Err(format!("{v}: not a point")),
                })
                .collect::<Result<Vec<Point>, String>>()
                .map(Attempt::Agree),
            None => match parse_turn(word, grid) {
                Ok(tromp_taylor_spec::Turn::Pass) => Ok(Attempt::Turn(Turn::Pass)),
                Ok(tromp_taylor_spec::Turn::Move(p)) => {
                    Ok(Attempt::Turn(Turn::Move(Point::new(p.x, p.y))))
                }
                Err(e) => Err(e.to_string()),
            },
        })
        .collect::<Result<Vec<Attempt>, String>>()?;
    let position = match input.setup {
        Some((diagram, to_move)) => {
            let coloring = grid
                .coloring_from_diagram(&diagram.replace('/', "\n"))
                .map_err(|e| e.to_string())?;
            let colors = coloring
                .colors()
                .iter()
                .map(|c| match c {
                    tromp_taylor_spec::Color::Black => Color::Black,
                    tromp_taylor_spec::Color::White => Color::White,
                    tromp_taylor_spec::Color::Empty => Color::Empty,
                })
                .collect();
            Some((colors, to_move))
        }
        None => None,
    };
    let setup = Setup {
        size,
        rules,
        handicap: input.handicap,
    };
    let legal_sets = input.legal_sets && size.points() <= 64;
    build(
        input.group,
        input.name,
        input.description,
        input.rule,
        setup,
        position,
        attempts,
        legal_sets,
    )
}

/// Generated cases: games from the tester's biased generators on small
/// boards, resolved by `spec` and confirmed by `fast`.
fn generated(count: usize, seed: u64) -> Result<Vec<Case>, String> {
    let sizes: Vec<Size> = [(3, 3), (4, 4), (5, 5), (2, 3), (5, 2), (1, 6), (4, 3)]
        .iter()
        .map(|&(w, h)| Size::new(w, h).expect("valid"))
        .collect();
    let biases = [
        Bias::Uniform,
        Bias::Capture,
        Bias::Ko,
        Bias::Suicide,
        Bias::Long,
    ];
    let mut cases = Vec::new();
    let mut rng = Rng::new(seed);
    let mut index = 0;
    while cases.len() < count {
        index += 1;
        let mut setup = random_setup(&mut rng, &sizes, None);
        setup.handicap = Handicap::None;
        let bias = biases[index % biases.len()];
        let script = generate(setup, bias, &mut rng);
        let Some(resolved) = script.resolve() else {
            continue;
        };
        let attempts: Vec<Attempt> = resolved
            .into_iter()
            .map(|(_, action)| match action {
                crate::script::Action::Turn(turn) => Attempt::Turn(turn),
                crate::script::Action::Agree(points) => Attempt::Agree(points),
            })
            .filter(|a| match a {
                Attempt::Turn(Turn::Move(p)) => setup.size.index(*p).is_some(),
                _ => true,
            })
            .collect();
        let name = format!("{bias}-{index:03}");
        let description = format!(
            "A {bias} game from the tester's generator on {}.",
            setup.size
        );
        cases.push(build(
            "generated",
            &name,
            &description,
            "all",
            setup,
            None,
            attempts,
            true,
        )?);
    }
    Ok(cases)
}

/// Every case: the hand-written ones, then `generated_count` generated ones.
pub fn all_cases(generated_count: usize, seed: u64) -> Result<Vec<Case>, String> {
    let mut cases: Vec<Case> = hand_written()
        .iter()
        .map(from_input)
        .collect::<Result<_, _>>()?;
    cases.extend(generated(generated_count, seed)?);
    Ok(cases)
}

/// The cases grouped by their group (the part of the id before `/`).
pub fn group(cases: Vec<Case>) -> Vec<VectorFile> {
    let mut groups: BTreeMap<String, Vec<Case>> = BTreeMap::new();
    for case in cases {
        let group = case.id.split('/').next().unwrap_or("other").to_string();
        groups.entry(group).or_default().push(case);
    }
    groups
        .into_iter()
        .map(|(group, cases)| VectorFile {
            format: FORMAT.to_string(),
            group,
            cases,
        })
        .collect()
}

/// The case as a gogui-regress test: `is_legal` for every attempted turn
/// (so an expected-illegal move is asked, not played), `play` for the legal
/// ones, then `final_score`. `None` when GTP cannot state the case
/// (agreements, setup positions, free handicaps).
pub fn regress_test(case: &Case) -> Option<String> {
    if case.setup.is_some()
        || case.turns.iter().any(|t| t.turn == "agree")
        || case.handicap.as_ref().is_some_and(|h| h.kind == "free")
    {
        return None;
    }
    let (w, h) = case.size.split_once('x')?;
    let mut text = format!(
        "# {}: {}\n# {} ({})\n",
        case.id,
        case.description,
        case.rule,
        case.requires.join(", ")
    );
    if w == h {
        text.push_str(&format!("boardsize {w}\n"));
    } else {
        text.push_str(&format!("rectangular_boardsize {w} {h}\n"));
    }
    text.push_str("clear_board\n");
    text.push_str(&format!("kata-set-rules {}\n", case.rules));
    text.push_str(&format!("komi {}\n", case.komi));
    if let Some(handicap) = &case.handicap {
        text.push_str(&format!("fixed_handicap {}\n", handicap.stones));
    }
    let mut id = 0;
    for turn in &case.turns {
        id += 1;
        let legal = turn.expect == "legal";
        text.push_str(&format!(
            "{id} is_legal {} {}\n#? [{}]\n",
            turn.player,
            turn.turn,
            u8::from(legal)
        ));
        if legal {
            text.push_str(&format!("play {} {}\n", turn.player, turn.turn));
        }
    }
    id += 1;
    text.push_str(&format!(
        "{id} final_score\n#? [{}]\n",
        case.end.result.replace('+', "\\+").replace('.', "\\.")
    ));
    Some(text)
}

/// Writes every group as `DIR/GROUP.json` and every case GTP can state as
/// `DIR/tst/GROUP-NAME.tst`; returns the number of cases written.
pub fn export(dir: &Path, generated_count: usize, seed: u64) -> Result<usize, String> {
    let files = group(all_cases(generated_count, seed)?);
    std::fs::create_dir_all(dir.join("tst")).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut count = 0;
    for file in &files {
        let path = dir.join(format!("{}.json", file.group));
        let text = serde_json::to_string_pretty(file).map_err(|e| e.to_string())?;
        std::fs::write(&path, text + "\n").map_err(|e| format!("{}: {e}", path.display()))?;
        for case in &file.cases {
            count += 1;
            if let Some(test) = regress_test(case) {
                let path = dir
                    .join("tst")
                    .join(format!("{}.tst", case.id.replace('/', "-")));
                std::fs::write(&path, test).map_err(|e| format!("{}: {e}", path.display()))?;
            }
        }
    }
    Ok(count)
}
