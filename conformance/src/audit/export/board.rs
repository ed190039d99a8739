//! The board a divergence is drawn on: the stones after the last step both
//! sides agreed on (the rules' engine replays the record up to the disputed
//! step), and the point in dispute, if the step or the difference names one.

use super::super::summary::Finding;
use serde::{Deserialize, Serialize};
use tromp_taylor_harness::diff::Difference;
use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::script::Action;
use tromp_taylor_harness::vertex::vertex_name;
use tromp_taylor_harness::vocab::{Point, Turn};

/// A board to draw, as JSON has it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardData {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The rows, top row first, of `X` (Black), `O` (White) and `.`.
    pub rows: Vec<String>,
    /// The point in dispute, as `[x, y]` from the bottom left corner (0, 0).
    pub disputed: Option<[usize; 2]>,
    /// The point in dispute, as GTP names it (`D4`).
    pub disputed_name: Option<String>,
}

impl BoardData {
    /// The board of a divergence found.
    pub fn of(found: &Finding) -> BoardData {
        let setup = found.setup();
        let record = &found.said.record;
        let agreed = &record[..record.len().saturating_sub(1)];
        let rows = match EngineKind::spec().start(setup) {
            Ok(mut game) => {
                for (_, action) in agreed {
                    match action {
                        Action::Turn(turn) => {
                            let _ = game.play(*turn);
                        }
                        Action::Agree(points) => {
                            let _ = game.agree(points);
                        }
                    }
                }
                game.grid().rows()
            }
            Err(_) => vec![".".repeat(setup.size.width()); setup.size.height()],
        };
        let last = record.last().and_then(|(_, action)| match action {
            Action::Turn(Turn::Move(point)) => Some(*point),
            _ => None,
        });
        let disputed = disputed(&found.divergence.difference).or(last);
        BoardData {
            width: setup.size.width(),
            height: setup.size.height(),
            rows,
            disputed: disputed.map(|p| [p.x, p.y]),
            disputed_name: disputed.map(vertex_name),
        }
    }
}

/// The point a difference names, if any: the turn judged, or the first
/// move one side alone calls legal.
fn disputed(difference: &Difference) -> Option<Point> {
    let turn = match difference {
        Difference::Verdict { turn, .. } | Difference::Check { turn, .. } => Some(*turn),
        Difference::LegalSet {
            only_left,
            only_right,
        } => only_right.first().or(only_left.first()).copied(),
        _ => None,
    };
    match turn {
        Some(Turn::Move(point)) => Some(point),
        _ => None,
    }
}
