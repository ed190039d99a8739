//! The case format, which is the vectors format: a file of cases, a case,
//! its setup, its turns and its end, and a case's inputs in the harness's words.

use crate::vocab::{Color, Player, Point, Setup, Turn};
use serde::{Deserialize, Serialize};

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
    /// `handicap:free`, `handicap:fixed`, `setup`, `komi`,
    /// `illegal:loses-turn` (seed 003's lost turn).
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
