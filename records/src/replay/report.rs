//! What a replay reports: the engines it runs, each move's verdict, the
//! recorded result checked, and a game's report in words.

use serde::Serialize;
use std::fmt;
use tromp_taylor_harness::engine::{EngineName, UnknownEngine};
use tromp_taylor_harness::vertex::vertex_name;
use tromp_taylor_harness::vocab::{Outcome, Player, Point, Turn};

/// Which engines replay the records: one, or `spec` with `fast` checked
/// against it on every move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayEngines {
    /// The engine whose verdicts are reported.
    pub main: EngineName,
    /// An engine checked against it on every move.
    pub check: Option<EngineName>,
}

impl std::str::FromStr for ReplayEngines {
    type Err = UnknownEngine;

    /// `spec`, `fast`, or `both` (spec, checked against fast).
    fn from_str(text: &str) -> Result<ReplayEngines, UnknownEngine> {
        if text == "both" {
            return Ok(ReplayEngines::BOTH);
        }
        Ok(ReplayEngines {
            main: text.parse()?,
            check: None,
        })
    }
}

impl ReplayEngines {
    /// `spec`, checked against `fast` on every move.
    pub const BOTH: ReplayEngines = ReplayEngines {
        main: EngineName::Spec,
        check: Some(EngineName::Fast),
    };
}

/// The verdict on one recorded move.
#[derive(Clone, Debug, Serialize)]
pub struct MoveVerdict {
    /// The move's number in the record, from 1.
    pub number: usize,
    /// Its node, from 0 at the root.
    pub node: usize,
    /// `B` or `W`.
    pub player: String,
    /// `pass` or a vertex such as `D4`.
    pub vertex: String,
    /// `legal`, or why not.
    pub verdict: String,
}

/// What the recorded result says about ours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ResultCheck {
    /// No `RE`.
    NoResult,
    /// `RE` agrees with the score under the rules.
    Agrees,
    /// `RE` names another winner or margin.
    Disagrees,
    /// `RE` is a resignation: not a score, so not compared.
    Resignation,
    /// `RE` is a loss on time.
    Time,
    /// `RE` is a forfeit.
    Forfeit,
    /// `RE` is void, unknown, or unreadable.
    NotAScore,
    /// `RE` states a score, but the game has not ended under the rules
    /// (rule 8): there is no final score to compare it with.
    Unfinished,
}

/// The replay of one game.
#[derive(Clone, Debug, Serialize)]
pub struct GameReport {
    /// The file.
    pub file: String,
    /// Which game and line of the file (empty for a file's one main line).
    pub line: String,
    /// `WxH`.
    pub size: String,
    /// The compact rule string the game was replayed under.
    pub rules: String,
    /// Where the rules came from.
    pub rules_from: String,
    /// The moves this line shares with the line reported before it (a
    /// variation's moves up to where it leaves that line): replayed and
    /// reported there, and not repeated in `moves`.
    pub shared_moves: usize,
    /// The verdict on every other move replayed (up to the first illegal one).
    pub moves: Vec<MoveVerdict>,
    /// The first illegal move, if any: the game stops there.
    pub illegal: Option<MoveVerdict>,
    /// Where `spec` and `fast` part, with `--engine both`.
    pub engines_disagree: Option<String>,
    /// The board after the last legal move, top row first.
    pub board: Vec<String>,
    /// Whether the game is over under the rules.
    pub over: bool,
    /// Black's score, without komi.
    pub black: usize,
    /// White's score, without komi.
    pub white: usize,
    /// The result with komi.
    pub result: String,
    /// `RE`, as recorded.
    pub recorded: Option<String>,
    /// What `RE` says about `result`.
    pub result_check: ResultCheck,
}

impl GameReport {
    /// Whether this game counts as a failure: an illegal move, the engines
    /// parting, or a recorded score that disagrees.
    pub fn failed(&self) -> bool {
        self.illegal.is_some()
            || self.engines_disagree.is_some()
            || self.result_check == ResultCheck::Disagrees
    }
}

pub(super) fn vertex(turn: Turn) -> String {
    match turn {
        Turn::Pass => "pass".to_string(),
        Turn::Move(p) => vertex_name(p),
    }
}

/// An agreement on points to empty, as `agree A1 B2`.
pub(super) fn agreement_text(points: &[Point]) -> String {
    let mut text = "agree".to_string();
    for p in points {
        text.push(' ');
        text.push_str(&vertex(Turn::Move(*p)));
    }
    text
}

pub(super) fn letter(player: Player) -> String {
    match player {
        Player::Black => "B".to_string(),
        Player::White => "W".to_string(),
    }
}

/// Reads `RE` and compares it with our result.
pub fn check_result(recorded: Option<&str>, ours: Outcome) -> ResultCheck {
    let Some(re) = recorded else {
        return ResultCheck::NoResult;
    };
    let re = re.trim();
    let upper = re.to_ascii_uppercase();
    if matches!(upper.as_str(), "0" | "DRAW" | "JIGO") {
        return if ours.winner.is_none() {
            ResultCheck::Agrees
        } else {
            ResultCheck::Disagrees
        };
    }
    let winner = match upper.get(..2) {
        Some("B+") => Player::Black,
        Some("W+") => Player::White,
        _ => return ResultCheck::NotAScore,
    };
    let margin = &upper[2..];
    match margin {
        "R" | "RESIGN" => return ResultCheck::Resignation,
        "T" | "TIME" => return ResultCheck::Time,
        "F" | "FORFEIT" => return ResultCheck::Forfeit,
        _ => {}
    }
    match re.parse::<Outcome>() {
        Ok(theirs) if theirs == ours => ResultCheck::Agrees,
        Ok(_) => ResultCheck::Disagrees,
        // `B+` alone names the winner and no margin.
        Err(_) if margin.is_empty() && ours.winner == Some(winner) => ResultCheck::Agrees,
        Err(_) if margin.is_empty() => ResultCheck::Disagrees,
        Err(_) => ResultCheck::NotAScore,
    }
}

impl fmt::Display for GameReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = if self.line.is_empty() {
            String::new()
        } else {
            format!(" ({})", self.line)
        };
        let shared = match self.shared_moves {
            0 => String::new(),
            n => format!(" ({n} of them as in the line before)"),
        };
        writeln!(
            f,
            "{}{line}: {}, rules {} from {}, {} replayed{shared}",
            self.file,
            self.size,
            self.rules,
            self.rules_from,
            tromp_taylor_harness::report::plural(self.shared_moves + self.moves.len(), "move"),
        )?;
        if let Some(bad) = &self.illegal {
            writeln!(
                f,
                "  move {} ({} {}, node {}) is {}",
                bad.number, bad.player, bad.vertex, bad.node, bad.verdict
            )?;
        }
        if let Some(disagreement) = &self.engines_disagree {
            writeln!(f, "  the engines part at {disagreement}")?;
        }
        for row in &self.board {
            writeln!(f, "    {row}")?;
        }
        let state = if self.over {
            "the game is over"
        } else {
            "the game is not over; scored as the position stands"
        };
        writeln!(
            f,
            "  score: Black {}, White {} ({state}): {}",
            self.black, self.white, self.result
        )?;
        match &self.recorded {
            Some(re) => write!(
                f,
                "  RE[{re}]: {}",
                match self.result_check {
                    ResultCheck::Agrees => "agrees",
                    ResultCheck::Disagrees => "DISAGREES",
                    ResultCheck::Resignation => "a resignation, not a score",
                    ResultCheck::Time => "a loss on time, not a score",
                    ResultCheck::Forfeit => "a forfeit, not a score",
                    ResultCheck::NotAScore | ResultCheck::NoResult => "not a score",
                    ResultCheck::Unfinished =>
                        "a score, but the record stops before the game ends (rule 8: two \
                         consecutive passes end it): not compared",
                }
            ),
            None => write!(f, "  no RE recorded"),
        }
    }
}
