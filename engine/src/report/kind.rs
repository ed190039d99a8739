//! What kind of divergence a divergence is, in plain words, and the finer
//! group a report counts it in: what the disputed move does and the rule at
//! stake.

use crate::diff::{Difference, Divergence};
use crate::engine::{neighbours, Engine, EngineKind};
use crate::script::Action;
use crate::vocab::{Color, Grid, Illegal, Player, Point, Turn, Verdict};
use std::fmt;

/// The kind of a divergence, as its reader names it: the one taxonomy of
/// `diff`, `check`, `audit`, `matrix` and `vectors run`. The rules are the
/// first engine of a [`Divergence`], the engine checked the second. Some
/// kinds carry a word: the rule at stake (a reason's
/// [`code`](crate::vocab::Illegal::code)) or what the move does. The kinds
/// from [`Kind::PlaysIllegal`] on arise only where an engine is driven over
/// GTP or chooses its own moves.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// The engine took a turn the rules forbid, for the reason of this
    /// [`code`](crate::vocab::Illegal::code).
    AcceptsIllegal(&'static str),
    /// The engine refused a turn the rules allow, of this sort (suicide,
    /// capture, plain move, pass).
    RefusesLegal(String),
    /// Both refused the turn, for different reasons (the rules' reason).
    OtherReason(&'static str),
    /// The verdict asked without playing (`is_legal`,
    /// [`Engine::check`]) is wrong on a turn
    /// the rules call this (legal, or the reason it is illegal).
    IsLegal(String),
    /// The legal set lists a move the rules forbid, or omits one they
    /// allow, in words (`lists an illegal move (superko)`).
    AllLegal(String),
    /// The board after a turn.
    Board,
    /// The count of captured stones (prisoners).
    Captures,
    /// The score, or the result, at the end of the game.
    FinalScore,
    /// The score at the end of the game differs where the engine's own
    /// judgment decides it: stones it calls dead (`final_status_list dead`),
    /// or a board that is not settled (an empty point that reaches both
    /// colors). A scoring convention, not a rule it breaks (counted only
    /// with `--strict-score`).
    ScoringConvention,
    /// A move the engine chose itself (`genmove`) is one the rules forbid,
    /// for the reason of this code.
    PlaysIllegal(&'static str),
    /// The rules the engine says it plays by (`kata-get-rules`) are not
    /// the rules it was told and is held to.
    RulesAnswer,
    /// The engine failed to answer: it died, panicked or raised.
    Crash,
    /// The engine did not answer within the timeout.
    Hang,
    /// The engine answered something that is not GTP, or not the answer's form.
    Garbage,
    /// Anything else (whose turn, the end, an undo, a detail), named by the
    /// driver's word for it ([`Difference::kind`]).
    Other(&'static str),
}

impl fmt::Display for Kind {
    /// The kind with its word, as summaries group by it and file names
    /// slug it: `accepts an illegal move (superko)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Kind::AcceptsIllegal(why) => write!(f, "accepts an illegal move ({why})"),
            Kind::RefusesLegal(what) => write!(f, "refuses a legal {what}"),
            Kind::OtherReason(why) => write!(f, "refuses a move for another reason than {why}"),
            Kind::IsLegal(what) => write!(f, "is_legal is wrong on a {what}"),
            Kind::AllLegal(what) => write!(f, "all_legal {what}"),
            Kind::Board => f.write_str("shows a different board after a turn"),
            Kind::Captures => f.write_str("counts captures differently"),
            Kind::FinalScore => f.write_str("gives a different final score"),
            Kind::ScoringConvention => f.write_str(
                "scores by its own judgment of dead stones or territory (a scoring convention)",
            ),
            Kind::PlaysIllegal(why) => write!(f, "plays an illegal move of its own ({why})"),
            Kind::RulesAnswer => f.write_str("says it plays by other rules than it was told"),
            Kind::Crash => f.write_str("crashes"),
            Kind::Hang => f.write_str("hangs"),
            Kind::Garbage => f.write_str("answers garbage"),
            Kind::Other(what) => write!(f, "differs in its {what}"),
        }
    }
}

impl Kind {
    /// Every kind's [`code`](Kind::code), in the order of the enum.
    pub const CODES: [&'static str; 15] = [
        "accepts-illegal",
        "refuses-legal",
        "other-reason",
        "is-legal",
        "legal-set",
        "board",
        "captures",
        "score",
        "scoring-convention",
        "plays-illegal",
        "rules-answer",
        "crash",
        "hang",
        "garbage",
        "other",
    ];

    /// The kind of `divergence`: the rules (its first engine) against the
    /// engine checked (its second).
    pub fn of(divergence: &Divergence) -> Kind {
        match &divergence.difference {
            Difference::Verdict { turn, left, right } => match (left, right) {
                (Err(why), Ok(())) => Kind::AcceptsIllegal(why.code()),
                (Ok(()), Err(_)) => Kind::RefusesLegal(sort_of_turn(divergence, *turn)),
                (Err(why), _) => Kind::OtherReason(why.code()),
                (Ok(()), Ok(())) => Kind::Other("verdict"),
            },
            Difference::Check { turn, left, .. } => Kind::IsLegal(match left {
                Ok(()) => format!("legal {}", sort_of_turn(divergence, *turn)),
                Err(why) => format!("move illegal by {}", why.code()),
            }),
            Difference::LegalSet { .. } => Kind::AllLegal(legal_set_detail(divergence)),
            Difference::Grid => Kind::Board,
            Difference::Prisoners { .. } => Kind::Captures,
            Difference::Score { .. } | Difference::Outcome { .. } => Kind::FinalScore,
            Difference::Panic { .. } => Kind::Crash,
            other => Kind::Other(other.kind()),
        }
    }

    /// A short code without the kind's word: `accepts-illegal`,
    /// `refuses-legal`, ... (one of [`Kind::CODES`]); manifests name kinds
    /// by it.
    pub fn code(&self) -> &'static str {
        let index = match self {
            Kind::AcceptsIllegal(_) => 0,
            Kind::RefusesLegal(_) => 1,
            Kind::OtherReason(_) => 2,
            Kind::IsLegal(_) => 3,
            Kind::AllLegal(_) => 4,
            Kind::Board => 5,
            Kind::Captures => 6,
            Kind::FinalScore => 7,
            Kind::ScoringConvention => 8,
            Kind::PlaysIllegal(_) => 9,
            Kind::RulesAnswer => 10,
            Kind::Crash => 11,
            Kind::Hang => 12,
            Kind::Garbage => 13,
            Kind::Other(_) => 14,
        };
        Kind::CODES[index]
    }

    /// The rule at stake, or what the refused move is, as manifests name
    /// it: a reason's [`code`](crate::vocab::Illegal::code) (`superko`,
    /// `suicide`, ...) for a move accepted, listed, played or asked about
    /// that the rules forbid; `suicide`, `capture`, `plain move` or `pass`
    /// for a legal move refused, omitted or asked about; empty otherwise.
    pub fn reason(&self) -> &str {
        match self {
            Kind::AcceptsIllegal(why) | Kind::OtherReason(why) | Kind::PlaysIllegal(why) => why,
            Kind::RefusesLegal(what) => sort(what),
            Kind::IsLegal(what) => match what.strip_prefix("move illegal by ") {
                Some(code) => code,
                None => sort(what.strip_prefix("legal ").unwrap_or("")),
            },
            Kind::AllLegal(what) => match what.strip_prefix("lists an illegal move (") {
                Some(rest) => rest.trim_end_matches(')'),
                None => sort(what.strip_prefix("omits a legal ").unwrap_or("")),
            },
            _ => "",
        }
    }

    /// In plain words, without the kind's word: `accepts an illegal move`, ...
    pub fn words(&self) -> &'static str {
        match self {
            Kind::AcceptsIllegal(_) => "accepts an illegal move",
            Kind::RefusesLegal(_) => "refuses a legal move",
            Kind::OtherReason(_) => "refuses a move for another reason",
            Kind::IsLegal(_) => "a wrong verdict asked without playing",
            Kind::AllLegal(_) => "a different legal set",
            Kind::Board => "a different board",
            Kind::Captures => "different prisoners",
            Kind::FinalScore => "a different score",
            Kind::ScoringConvention => "a scoring convention",
            Kind::PlaysIllegal(_) => "plays an illegal move of its own",
            Kind::RulesAnswer => "other rules than it was told",
            Kind::Crash => "a crash",
            Kind::Hang => "a hang",
            Kind::Garbage => "garbage",
            Kind::Other(_) => "a different answer",
        }
    }

    /// Whether the engine failed to answer at all (crash, hang, garbage):
    /// not minimised, and its process is not reused.
    pub fn is_failure(&self) -> bool {
        matches!(self, Kind::Crash | Kind::Hang | Kind::Garbage)
    }
}

/// A move's sort as manifests name it: `plain move` for a plain one.
fn sort(what: &str) -> &str {
    match what {
        "move" => "plain move",
        other => other,
    }
}

/// What the refused `turn` is, on the rules' board before it: `pass`,
/// `suicide`, `capture` or `move`.
fn sort_of_turn(divergence: &Divergence, turn: Turn) -> String {
    let player = divergence.record.last().map_or(Player::Black, |(p, _)| *p);
    // The record ends with the turn when it was attempted.
    let last = divergence.record.last().map(|(_, a)| a);
    let skip = usize::from(last == Some(&Action::Turn(turn)));
    match what_it_does(divergence, player, turn, skip) {
        "a pass" => "pass",
        "a suicide" => "suicide",
        "a capture" => "capture",
        _ => "move",
    }
    .to_string()
}

/// What a legal-set difference is, in words: `lists an illegal move
/// (superko)` or `omits a legal move`.
fn legal_set_detail(divergence: &Divergence) -> String {
    let Difference::LegalSet {
        only_left,
        only_right,
    } = &divergence.difference
    else {
        return String::new();
    };
    match only_right.iter().find(|t| matches!(t, Turn::Move(_))) {
        Some(&turn) => {
            let why = replayed(divergence, 0)
                .and_then(|game| game.check(turn).err())
                .map_or("legal", Illegal::code);
            format!("lists an illegal move ({why})")
        }
        None => match only_left.iter().find(|t| matches!(t, Turn::Move(_))) {
            Some(&turn) => {
                let player = replayed(divergence, 0).map_or(Player::Black, |game| game.to_move());
                match what_it_does(divergence, player, turn, 0) {
                    "a suicide" => "omits a legal suicide",
                    "a capture" => "omits a legal capture",
                    _ => "omits a legal move",
                }
                .to_string()
            }
            None => "omits a legal move".to_string(),
        },
    }
}

/// The game replayed on the rules up to (not including) the last `skip`
/// actions of the divergence's record; `None` if it cannot be started.
pub fn replayed(divergence: &Divergence, skip: usize) -> Option<Box<dyn Engine + Send>> {
    let rules = EngineKind::spec();
    let mut game = match &divergence.position {
        Some(p) => rules
            .start_position(
                divergence.setup.size,
                divergence.setup.rules,
                &p.colors,
                p.to_move,
            )
            .ok()?,
        None => rules.start(divergence.setup).ok()?,
    };
    let upto = divergence.record.len().saturating_sub(skip);
    for (_, action) in &divergence.record[..upto] {
        match action {
            Action::Turn(turn) => {
                let _ = game.play(*turn);
            }
            Action::Agree(points) => {
                let _ = game.agree(points);
            }
        }
    }
    Some(game)
}

/// Whose turn it is after the divergence's record, on the rules.
pub(crate) fn to_move_after(divergence: &Divergence) -> Option<Player> {
    replayed(divergence, 0).map(|game| game.to_move())
}

/// The points of the string at `p` and whether it has a liberty, on `grid`.
fn string_at(grid: &Grid, p: Point) -> (Vec<Point>, bool) {
    let color = grid.at(p);
    let (mut string, mut todo, mut free) = (vec![p], vec![p], false);
    while let Some(q) = todo.pop() {
        for n in neighbours(grid.size, q) {
            let c = grid.at(n);
            if c == Color::Empty {
                free = true;
            } else if c == color && !string.contains(&n) {
                string.push(n);
                todo.push(n);
            }
        }
    }
    (string, free)
}

/// What `player`'s move at `p` does on `grid` (before it): `a capture`,
/// `a suicide` or `a plain move`.
pub fn shape(grid: &Grid, player: Player, p: Point) -> &'static str {
    if grid.size.index(p).is_none() || grid.at(p) != Color::Empty {
        return "a plain move";
    }
    let mut after = grid.clone();
    let index = grid.size.index(p).expect("on the board");
    after.colors[index] = player.color();
    let captures = neighbours(after.size, p)
        .any(|n| after.at(n) == player.opponent().color() && !string_at(&after, n).1);
    if captures {
        "a capture"
    } else if !string_at(&after, p).1 {
        "a suicide"
    } else {
        "a plain move"
    }
}

/// The rules' reason, in a group's words.
fn reason(why: Illegal) -> &'static str {
    match why {
        Illegal::Superko {
            situational: true, ..
        } => "situational superko",
        Illegal::Superko { .. } => "superko",
        Illegal::Ko => "ko",
        Illegal::Suicide => "suicide",
        Illegal::Occupied => "occupied",
        Illegal::OffBoard => "off the board",
        Illegal::GameOver => "game over",
        Illegal::Unexplained => "refused",
    }
}

/// What the turn does, before it, on the rules' board.
fn what_it_does(divergence: &Divergence, player: Player, turn: Turn, skip: usize) -> &'static str {
    match turn {
        Turn::Pass => "a pass",
        Turn::Move(p) => {
            replayed(divergence, skip).map_or("a move", |game| shape(&game.grid(), player, p))
        }
    }
}

/// The finer group a report counts `divergence` in: its kind, the rule at
/// stake and what the move does (`accepts an illegal move: superko, by a
/// suicide`).
pub fn group(divergence: &Divergence) -> String {
    let kind = Kind::of(divergence);
    let to_move =
        |skip: usize| replayed(divergence, skip).map_or(Player::Black, |game| game.to_move());
    let detail = match &divergence.difference {
        Difference::Verdict { turn, left, right } | Difference::Check { turn, left, right } => {
            let player = divergence.record.last().map_or(Player::Black, |(p, _)| *p);
            // The record ends with the turn when it was attempted.
            let last = divergence.record.last().map(|(_, a)| a);
            let skip = usize::from(last == Some(&Action::Turn(*turn)));
            let does = what_it_does(divergence, player, *turn, skip);
            verdict_detail(*left, *right, does)
        }
        Difference::LegalSet {
            only_left,
            only_right,
        } => {
            let player = to_move(0);
            match (only_right.first(), only_left.first()) {
                (Some(&turn), _) => {
                    let why = replayed(divergence, 0)
                        .and_then(|game| game.check(turn).err())
                        .map_or("illegal", reason);
                    format!(
                        "lists an illegal move ({why}, by {})",
                        what_it_does(divergence, player, turn, 0)
                    )
                }
                (None, Some(&turn)) => format!(
                    "omits a legal move ({})",
                    what_it_does(divergence, player, turn, 0)
                ),
                (None, None) => String::new(),
            }
        }
        Difference::Grid | Difference::Prisoners { .. } => match divergence.record.last() {
            Some((player, Action::Turn(turn))) => {
                format!("after {}", what_it_does(divergence, *player, *turn, 1))
            }
            _ => String::new(),
        },
        Difference::Score { .. } => "a score".to_string(),
        Difference::Outcome { .. } => "the result".to_string(),
        Difference::Panic { .. } => String::new(),
        other => other_detail(other).to_string(),
    };
    let words = match &divergence.difference {
        Difference::Check { left, right, .. } => {
            let played = match (left, right) {
                (Err(_), Ok(())) => Kind::AcceptsIllegal(""),
                (Ok(()), Err(_)) => Kind::RefusesLegal(String::new()),
                _ => Kind::OtherReason(""),
            };
            format!("{} (asked without playing)", played.words())
        }
        _ => kind.words().to_string(),
    };
    if detail.is_empty() {
        words
    } else {
        format!("{words}: {detail}")
    }
}

/// What a difference of another kind is about, in words.
fn other_detail(difference: &Difference) -> &'static str {
    match difference {
        Difference::Start { .. } => "starting the game",
        Difference::ToMove { .. } => "whose turn it is",
        Difference::Over { .. } => "whether the game is over",
        Difference::Passes { .. } => "the run of passes",
        Difference::Agreement { .. } => "an agreement",
        Difference::Undo { .. } => "an undo",
        Difference::Details { .. } => "a detail it reports",
        _ => "",
    }
}

/// The rule at stake in a verdict difference and what the move does.
fn verdict_detail(left: Verdict, right: Verdict, does: &str) -> String {
    match (left, right) {
        (Err(why), Ok(())) => format!("{}, by {does}", reason(why)),
        (Ok(()), Err(_)) => does.to_string(),
        (Err(rules), Err(engine)) => {
            format!("{} (the engine says {})", reason(rules), reason(engine))
        }
        (Ok(()), Ok(())) => does.to_string(),
    }
}
