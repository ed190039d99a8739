//! What kind of divergence a mismatch is, in plain words, and the finer
//! group a report counts it in: what the disputed move does and the rule at
//! stake.

use crate::diff::{Difference, Mismatch};
use crate::engine::{neighbours, Engine, EngineKind};
use crate::script::Action;
use crate::vocab::{Color, Grid, Illegal, Player, Point, Turn, Verdict};

/// The kind of a divergence, as its reader names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The engine took a turn the rules forbid.
    AcceptedIllegal,
    /// The engine refused a turn the rules allow.
    RefusedLegal,
    /// Both refused, for different reasons.
    OtherReason,
    /// The board, or the prisoners, after a turn.
    Board,
    /// The legal set before a step.
    LegalSet,
    /// A score or the result.
    Score,
    /// The engine failed to answer (a panic, an exception).
    Crash,
    /// Anything else (whose turn, the end, an undo, a detail).
    Other,
}

impl Kind {
    /// The kind of `mismatch`: the rules (its first engine) against the
    /// engine checked (its second).
    pub fn of(mismatch: &Mismatch) -> Kind {
        match &mismatch.difference {
            Difference::Verdict { left, right, .. } | Difference::Check { left, right, .. } => {
                match (left, right) {
                    (Err(_), Ok(())) => Kind::AcceptedIllegal,
                    (Ok(()), Err(_)) => Kind::RefusedLegal,
                    _ => Kind::OtherReason,
                }
            }
            Difference::LegalSet { .. } => Kind::LegalSet,
            Difference::Grid | Difference::Prisoners { .. } => Kind::Board,
            Difference::Score { .. } | Difference::Outcome { .. } => Kind::Score,
            Difference::Panic { .. } => Kind::Crash,
            _ => Kind::Other,
        }
    }

    /// A short code: `accepted-illegal`, `refused-legal`, `other-reason`,
    /// `board`, `legal-set`, `score`, `crash` or `other`.
    pub fn code(self) -> &'static str {
        match self {
            Kind::AcceptedIllegal => "accepted-illegal",
            Kind::RefusedLegal => "refused-legal",
            Kind::OtherReason => "other-reason",
            Kind::Board => "board",
            Kind::LegalSet => "legal-set",
            Kind::Score => "score",
            Kind::Crash => "crash",
            Kind::Other => "other",
        }
    }

    /// In plain words: `accepted an illegal move`, ...
    pub fn words(self) -> &'static str {
        match self {
            Kind::AcceptedIllegal => "accepted an illegal move",
            Kind::RefusedLegal => "refused a legal move",
            Kind::OtherReason => "refused a move for another reason",
            Kind::Board => "a different board",
            Kind::LegalSet => "a different legal set",
            Kind::Score => "a different score",
            Kind::Crash => "a crash",
            Kind::Other => "a different answer",
        }
    }
}

/// The game replayed on the rules up to (not including) the last `skip`
/// actions of the mismatch's record; `None` if it cannot be started.
pub(crate) fn replayed(mismatch: &Mismatch, skip: usize) -> Option<Box<dyn Engine + Send>> {
    let rules = EngineKind::spec();
    let mut game = match &mismatch.position {
        Some(p) => rules
            .start_position(
                mismatch.setup.size,
                mismatch.setup.rules,
                &p.colors,
                p.to_move,
            )
            .ok()?,
        None => rules.start(mismatch.setup).ok()?,
    };
    let upto = mismatch.record.len().saturating_sub(skip);
    for (_, action) in &mismatch.record[..upto] {
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

/// Whose turn it is after the mismatch's record, on the rules.
pub(crate) fn to_move_after(mismatch: &Mismatch) -> Option<Player> {
    replayed(mismatch, 0).map(|game| game.to_move())
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
fn what_it_does(mismatch: &Mismatch, player: Player, turn: Turn, skip: usize) -> &'static str {
    match turn {
        Turn::Pass => "a pass",
        Turn::Move(p) => {
            replayed(mismatch, skip).map_or("a move", |game| shape(&game.grid(), player, p))
        }
    }
}

/// The finer group a report counts `mismatch` in: its kind, the rule at
/// stake and what the move does (`accepted an illegal move: superko, by a
/// suicide`).
pub fn group(mismatch: &Mismatch) -> String {
    let kind = Kind::of(mismatch);
    let to_move =
        |skip: usize| replayed(mismatch, skip).map_or(Player::Black, |game| game.to_move());
    let detail = match &mismatch.difference {
        Difference::Verdict { turn, left, right } | Difference::Check { turn, left, right } => {
            let player = mismatch.record.last().map_or(Player::Black, |(p, _)| *p);
            // The record ends with the turn when it was attempted.
            let last = mismatch.record.last().map(|(_, a)| a);
            let skip = usize::from(last == Some(&Action::Turn(*turn)));
            let does = what_it_does(mismatch, player, *turn, skip);
            verdict_detail(*left, *right, does)
        }
        Difference::LegalSet {
            only_left,
            only_right,
        } => {
            let player = to_move(0);
            match (only_right.first(), only_left.first()) {
                (Some(&turn), _) => {
                    let why = replayed(mismatch, 0)
                        .and_then(|game| game.check(turn).err())
                        .map_or("illegal", reason);
                    format!(
                        "lists an illegal move ({why}, by {})",
                        what_it_does(mismatch, player, turn, 0)
                    )
                }
                (None, Some(&turn)) => format!(
                    "omits a legal move ({})",
                    what_it_does(mismatch, player, turn, 0)
                ),
                (None, None) => String::new(),
            }
        }
        Difference::Grid | Difference::Prisoners { .. } => match mismatch.record.last() {
            Some((player, Action::Turn(turn))) => {
                format!("after {}", what_it_does(mismatch, *player, *turn, 1))
            }
            _ => String::new(),
        },
        Difference::Score { .. } => "a score".to_string(),
        Difference::Outcome { .. } => "the result".to_string(),
        Difference::Panic { .. } => String::new(),
        other => other_detail(other).to_string(),
    };
    let words = match mismatch.difference {
        Difference::Check { .. } => format!("{} (asked without playing)", kind.words()),
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
