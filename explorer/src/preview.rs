//! What `fast` says a long link holds, drawn at once while `spec` checks
//! the link a slice of turns at a time (issue 41): `fast`'s board and its
//! verdict on the last turn, every part of it marked as `fast`'s. No
//! verdict here is `spec`'s; the page shows `spec`'s once it has checked.

use crate::engines::{mark, start_fast, Setup};
use crate::explorer::{handicap_name, rules_name, turn_items, Taken};
use serde_json::{json, Value};
use tromp_taylor_spec::{IllegalMove, Player, Turn};
use tromp_taylor_vocab::names::komi_text;
use tromp_taylor_vocab::vertex::{turn_name, vertex_name};
use tromp_taylor_vocab::vocab::{Handicap, Verdict};

/// A link's position and last verdict as `fast` gives them.
#[derive(Clone, Debug)]
pub struct Preview {
    setup: Setup,
    board: String,
    to_move: Player,
    over: bool,
    passes: usize,
    /// The items of the turn list before the first turn: the start, and a
    /// fixed handicap's stones (turn 1).
    first: usize,
    taken: Vec<Taken>,
    /// The last turn looked at: who, what, `fast`'s verdict, its number.
    last: Option<(Player, Turn, Verdict, usize)>,
}

impl Preview {
    /// `turns` played from the start of `setup` in `fast` alone, up to the
    /// first it refuses without taking a turn, as the explorer's replay of a
    /// link stops; or why `fast` will not start the game.
    pub fn by_fast(setup: &Setup, turns: &[Turn]) -> Result<Preview, String> {
        let mut fast = start_fast(setup)?;
        let fixed = matches!(setup.handicap, Handicap::Fixed(n) if n > 0);
        let first = if fixed && setup.position.is_none() {
            2
        } else {
            1
        };
        let loses_turns = setup.rules.illegal_move == IllegalMove::LosesTurn;
        let mut taken = Vec::new();
        let mut last = None;
        for &turn in turns {
            let player = fast.to_move();
            let verdict = fast.play(turn);
            let took = match verdict {
                Ok(()) => true,
                Err(illegal) => loses_turns && illegal.loses_turn(),
            };
            if took {
                let lost = verdict.is_err();
                taken.push(Taken { player, turn, lost });
            }
            last = Some((
                player,
                turn,
                verdict,
                first + taken.len() - usize::from(took),
            ));
            if !took {
                break;
            }
        }
        let board = fast.grid().colors.iter().map(|&c| mark(c)).collect();
        Ok(Preview {
            setup: setup.clone(),
            board,
            to_move: fast.to_move(),
            over: fast.is_over(),
            passes: fast.consecutive_passes(),
            first,
            taken,
            last,
        })
    }

    /// The turns from `from` up to `to`, as `fast` took them, as
    /// [`Explorer::turn_items`](crate::explorer::Explorer::turn_items) gives them.
    pub fn turn_items(&self, from: usize, to: usize) -> Value {
        turn_items(self.first, &self.taken, from, to)
    }

    /// `fast`'s verdict on the last turn, marked as `fast`'s (`byFast`).
    fn verdict(&self) -> Value {
        let Some((player, turn, verdict, number)) = self.last else {
            return Value::Null;
        };
        json!({
            "byFast": true,
            "player": format!("{player:?}"),
            "turn": turn_name(turn),
            "number": number,
            "legal": verdict.is_ok(),
            "says": match verdict {
                Ok(()) => "legal".to_string(),
                Err(illegal) => format!("refused: {illegal}"),
            },
        })
    }

    /// The view the page draws while `spec` checks the link, in the shape
    /// of [`Explorer::view`](crate::explorer::Explorer::view): `fast`'s
    /// board and verdict, no score (the score panel is `spec`'s), and
    /// `checking`: how many of the link's turns `spec` has checked.
    pub fn view(&self, checked: usize, of: usize) -> Value {
        let last_move = self
            .taken
            .iter()
            .rev()
            .find(|t| !t.lost)
            .and_then(|t| match t.turn {
                Turn::Move(p) => Some(vertex_name(p)),
                Turn::Pass => None,
            });
        json!({
            "width": self.setup.size.width(),
            "height": self.setup.size.height(),
            "rules": rules_name(self.setup.rules),
            "komi": komi_text(self.setup.rules.komi_half_points),
            "handicap": handicap_name(self.setup.handicap),
            "board": self.board,
            "toMove": format!("{:?}", self.to_move),
            "over": self.over,
            "passes": self.passes,
            "turnsTaken": self.first - 1 + self.taken.len(),
            "turnItems": self.first + self.taken.len(),
            "lastMove": last_move,
            "verdict": self.verdict(),
            "message": Value::Null,
            "failed": false,
            "disagreements": [],
            "score": Value::Null,
            "checking": {"checked": checked, "of": of},
        })
    }
}
