//! The `replay` job: game records replayed under the rules, move by move,
//! with the first illegal move and its reason, the final board, the score,
//! and whether the recorded result agrees.

use crate::engine::{Engine, EngineKind, EngineName, UnknownEngine};
use crate::sgf::{GameRecord, RecordedMove, RulesSource};
use crate::vertex::vertex_name;
use crate::vocab::{Action, Outcome, Player, Point, Setup, Turn};
use serde::Serialize;
use std::fmt;

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
    /// The verdict on every move replayed (up to the first illegal one).
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

fn vertex(turn: Turn) -> String {
    match turn {
        Turn::Pass => "pass".to_string(),
        Turn::Move(p) => vertex_name(p),
    }
}

/// An agreement on points to empty, as `agree A1 B2`.
fn agreement_text(points: &[Point]) -> String {
    let mut text = "agree".to_string();
    for p in points {
        text.push(' ');
        text.push_str(&vertex(Turn::Move(*p)));
    }
    text
}

fn letter(player: Player) -> String {
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

fn start(kind: EngineKind, record: &GameRecord) -> Result<Box<dyn Engine + Send>, String> {
    match &record.setup {
        Some(colors) => {
            (kind.start_position)(record.size, record.rules, colors, record.first_player())
        }
        None => (kind.start)(Setup {
            size: record.size,
            rules: record.rules,
            handicap: record.handicap,
        }),
    }
}

/// Takes move `number` of a record on the main engine and on the engine
/// checked against it: the verdict's row, `Err` with the verdict when the
/// main engine refuses it, and where the two engines part, if they do.
fn take(
    main: &mut (dyn Engine + Send),
    mut check: Option<&mut (dyn Engine + Send + 'static)>,
    number: usize,
    recorded: &RecordedMove,
) -> (MoveVerdict, Result<(), String>, Option<String>) {
    let RecordedMove {
        node,
        player,
        action,
    } = recorded;
    let (node, player) = (*node, *player);
    let mut verdict = MoveVerdict {
        number,
        node,
        player: letter(player),
        vertex: String::new(),
        verdict: "legal".to_string(),
    };
    let turn = match action {
        Action::Turn(turn) => *turn,
        Action::Agree(points) => {
            // Comment 8 (only a record read as attempts holds one).
            verdict.vertex = agreement_text(points);
            let refused = main.agree(points).err();
            let mut parted = None;
            if let Some(other) = check.as_mut() {
                let other_refused = other.agree(points).err();
                if other_refused != refused || other.grid() != main.grid() {
                    parted = Some(format!(
                        "move {number} ({}): spec says {refused:?}, fast says {other_refused:?}",
                        verdict.vertex
                    ));
                }
            }
            let taken = match refused {
                Some(refusal) => Err(format!("refused: {refusal:?}")),
                None => Ok(()),
            };
            return (verdict, taken, parted);
        }
    };
    verdict.vertex = vertex(turn);
    if main.to_move() != player {
        let why = format!(
            "out of turn: it is {}'s turn (rule 5: the players alternate)",
            main.to_move()
        );
        return (verdict, Err(why), None);
    }
    let result = main.play(turn);
    let mut parted = None;
    if let Some(other) = check.as_mut() {
        let other_result = other.play(turn);
        if other_result != result || other.grid() != main.grid() {
            parted = Some(format!(
                "move {number} ({} {}): spec says {:?}, fast says {:?}{}",
                letter(player),
                vertex(turn),
                result,
                other_result,
                if other.grid() != main.grid() {
                    "; their boards differ"
                } else {
                    ""
                }
            ));
        }
    }
    (
        verdict,
        result.map_err(|why| format!("illegal: {why}")),
        parted,
    )
}

/// Replays one game record.
pub fn replay(
    file: &str,
    record: &GameRecord,
    engines: ReplayEngines,
) -> Result<GameReport, String> {
    let (main_kind, check_kind) = (engines.main.kind(), engines.check.map(EngineName::kind));
    let setup_error = |e: String| format!("node 0, the setup: {e}");
    let mut main = start(main_kind, record).map_err(setup_error)?;
    let mut check = match check_kind {
        Some(kind) => Some(start(kind, record).map_err(setup_error)?),
        None => None,
    };
    let mut moves = Vec::new();
    let mut illegal = None;
    let mut engines_disagree = None;
    for (i, recorded) in record.moves.iter().enumerate() {
        let (mut verdict, taken, parted) =
            take(main.as_mut(), check.as_deref_mut(), i + 1, recorded);
        if parted.is_some() {
            engines_disagree = parted;
        }
        if let Err(why) = taken {
            verdict.verdict = why;
            illegal = Some(verdict);
            break;
        }
        moves.push(verdict);
        if engines_disagree.is_some() {
            break;
        }
    }
    let outcome = main.outcome();
    Ok(GameReport {
        file: file.to_string(),
        line: record.line.clone(),
        size: record.size.to_string(),
        rules: record.rules.to_string(),
        rules_from: match &record.rules_source {
            RulesSource::Override => "--rules".to_string(),
            RulesSource::Ru(ru) => format!("RU[{ru}]"),
            RulesSource::Default => "the default (no RU)".to_string(),
        },
        moves,
        illegal,
        engines_disagree,
        board: main.grid().rows(),
        over: main.is_over(),
        black: main.score(Player::Black),
        white: main.score(Player::White),
        result: outcome.to_string(),
        result_check: match check_result(record.result.as_deref(), outcome) {
            ResultCheck::Agrees | ResultCheck::Disagrees if !main.is_over() => {
                ResultCheck::Unfinished
            }
            check => check,
        },
        recorded: record.result.clone(),
    })
}

impl fmt::Display for GameReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = if self.line.is_empty() {
            String::new()
        } else {
            format!(" ({})", self.line)
        };
        writeln!(
            f,
            "{}{line}: {}, rules {} from {}, {} moves replayed",
            self.file,
            self.size,
            self.rules,
            self.rules_from,
            self.moves.len()
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
