//! The explorer's state: a setup, the turns taken in both engines, the
//! coloring after each turn (to show the one a superko repeats), the last
//! verdict, and a message when an input could not be read.

use crate::engines::{mark, Pair, Setup};
use crate::explain;
use serde_json::{json, Value};
use tromp_taylor_spec::{Player, Turn};
use tromp_taylor_vocab::names::komi_text;
use tromp_taylor_vocab::vertex::turn_name;
use tromp_taylor_vocab::vocab::{Handicap, Rules};

/// A turn taken: who took it, what it was, and whether it was a refused
/// move that cost the turn (seed 003's rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Taken {
    /// The player who took it.
    pub player: Player,
    /// The pass or the move.
    pub turn: Turn,
    /// A refused move that lost the turn.
    pub lost: bool,
}

/// A position in both engines, with how it was reached and the last verdict.
#[derive(Debug)]
pub struct Explorer {
    setup: Setup,
    pair: Pair,
    taken: Vec<Taken>,
    /// The board after each turn, by `spec`'s turn number (0 is the start;
    /// a fixed handicap is turn 1).
    boards: Vec<String>,
    verdict: Option<Value>,
    /// The last attempt, when it was refused without taking a turn: the
    /// link keeps it, so that it reopens with the same verdict.
    refused: Option<Turn>,
    message: Option<String>,
    disagreements: Vec<String>,
}

impl Default for Explorer {
    fn default() -> Explorer {
        Explorer::new(Setup::default()).unwrap_or_else(|_| unreachable!("9x9 starts"))
    }
}

impl Explorer {
    /// The start of `setup`, or why it cannot start.
    pub fn new(setup: Setup) -> Result<Explorer, String> {
        let pair = Pair::start(&setup)?;
        let mut boards = vec![String::new(); pair.spec.turns_taken()];
        if let Some(first) = boards.first_mut() {
            // A fixed handicap is turn 1; turn 0 was the empty grid.
            *first = ".".repeat(setup.size.points());
        }
        boards.push(pair.board());
        let disagreements = pair.compare().into_iter().collect();
        Ok(Explorer {
            setup,
            pair,
            taken: Vec::new(),
            boards,
            verdict: None,
            refused: None,
            message: None,
            disagreements,
        })
    }

    /// An empty 9x9 board under the ten rules, saying `message`: what an
    /// input that could not be read leaves.
    pub fn failed(message: String) -> Explorer {
        Explorer {
            message: Some(message),
            ..Explorer::default()
        }
    }

    /// The setup.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The turns taken.
    pub fn taken(&self) -> &[Taken] {
        &self.taken
    }

    /// The game in `spec`.
    pub fn spec(&self) -> &tromp_taylor_spec::Game {
        &self.pair.spec
    }

    /// Says `message` with the position (a note on how it was loaded).
    pub fn set_message(&mut self, message: Option<String>) {
        self.message = message;
    }

    /// The message shown with the position, if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Every disagreement of `fast` with `spec` so far.
    pub fn disagreements(&self) -> &[String] {
        &self.disagreements
    }

    /// Attempts `turn`: both engines decide, `spec`'s verdict is kept with
    /// its reasons. Returns whether a turn was taken (a refusal takes none,
    /// unless it loses the turn).
    pub fn attempt(&mut self, turn: Turn) -> bool {
        // What the verdict needs of the game before the turn (not a clone
        // of the whole game: its history grows with every turn).
        let grid = self.pair.spec.grid();
        let coloring = self.pair.spec.coloring().clone();
        let player = self.pair.spec.to_move();
        let turns_before = self.pair.spec.turns_taken();
        let number = turns_before + 1;
        let (outcome, differs) = self.pair.play(turn);
        if let Some(d) = differs {
            self.disagreements
                .push(format!("turn {number} ({}): {d}", turn_name(turn)));
        }
        let took = self.pair.spec.turns_taken() > turns_before;
        self.verdict = Some(explain::verdict(
            (&grid, &coloring, player),
            turn,
            outcome,
            number,
            took && outcome.is_err(),
        ));
        if turn == Turn::Pass && took && self.pair.spec.is_over() {
            if let Some(v) = self.verdict.as_mut() {
                v["reason"] = json!(
                    "a pass is always a turn (rule 6); it is the second pass in a row, and the game ends after two consecutive passes (rule 8)"
                );
            }
        }
        if took {
            self.taken.push(Taken {
                player,
                turn,
                lost: outcome.is_err(),
            });
            self.boards.push(self.pair.board());
        }
        self.refused = (!took).then_some(turn);
        self.message = None;
        took
    }

    /// The last attempt, if it was refused without taking a turn.
    pub fn refused(&self) -> Option<Turn> {
        self.refused
    }

    /// Takes back the last turn; whether there was one.
    pub fn undo(&mut self) -> bool {
        if self.taken.is_empty() || !self.pair.undo() {
            return false;
        }
        self.taken.pop();
        self.boards.pop();
        self.verdict = None;
        self.refused = None;
        self.message = None;
        if let Some(d) = self.pair.compare() {
            self.disagreements.push(format!("after an undo: {d}"));
        }
        true
    }

    /// The handicap as the page writes it.
    fn handicap_text(&self) -> String {
        match self.setup.handicap {
            Handicap::None => "none".to_string(),
            Handicap::Free(n) => format!("free {n}"),
            Handicap::Fixed(n) => format!("fixed {n}"),
        }
    }

    /// Everything the page shows, as JSON (but the permalink, which
    /// `link` writes).
    pub fn view(&self) -> Value {
        let game = &self.pair.spec;
        let first = self.boards.len() - self.taken.len();
        let turns: Vec<Value> = self
            .taken
            .iter()
            .enumerate()
            .map(|(i, t)| {
                json!({
                    "number": first + i,
                    "player": if t.player == Player::Black { "B" } else { "W" },
                    "turn": turn_name(t.turn),
                    "lost": t.lost,
                })
            })
            .collect();
        let mut verdict = self.verdict.clone();
        if let Some(v) = verdict.as_mut() {
            if let Some(n) = v.get("repeatsTurn").and_then(Value::as_u64) {
                let board = usize::try_from(n).ok().and_then(|n| self.boards.get(n));
                v["repeatsBoard"] = json!(board);
            }
        }
        let mut disagreements = self.disagreements.clone();
        if game.is_over() {
            disagreements.extend(self.pair.compare_score());
        }
        let rules = Rules {
            komi_half_points: 0,
            ..self.setup.rules
        };
        json!({
            "width": self.setup.size.width(),
            "height": self.setup.size.height(),
            "rules": rules.to_string(),
            "komi": komi_text(self.setup.rules.komi_half_points),
            "handicap": self.handicap_text(),
            "board": self.pair.board(),
            "toMove": format!("{:?}", game.to_move()),
            "over": game.is_over(),
            "passes": game.consecutive_passes(),
            "turnsTaken": game.turns_taken(),
            "turns": turns,
            "verdict": verdict,
            "message": self.message,
            "disagreements": disagreements,
            "score": explain::score(game),
        })
    }

    /// The board after turn `n`, if it has stood.
    pub fn board_after(&self, n: usize) -> Option<&str> {
        self.boards.get(n).map(String::as_str)
    }

    /// The colors of the setup position as board marks (for the link).
    pub fn setup_marks(&self) -> Option<(String, Player)> {
        self.setup
            .position
            .as_ref()
            .map(|(colors, to_move)| (colors.iter().map(|&c| mark(c)).collect(), *to_move))
    }

    /// Plays `turns` from the start of `setup`, stopping at the first that
    /// is refused without taking a turn (its verdict is then the one shown,
    /// and the message says which it was and what was left unplayed). A
    /// refused last turn is no news when `last_is_attempt` (a link keeps
    /// the refused attempt it shows as its last turn).
    pub fn replay(setup: Setup, turns: &[Turn], what: &str, last_is_attempt: bool) -> Explorer {
        let mut explorer = match Explorer::new(setup) {
            Ok(explorer) => explorer,
            Err(e) => {
                return Explorer::failed(format!(
                    "{what} could not be opened: {e}. An empty 9x9 board is shown instead."
                ))
            }
        };
        for (i, &turn) in turns.iter().enumerate() {
            if !explorer.attempt(turn) {
                let left = turns.len() - i - 1;
                if left == 0 && last_is_attempt {
                    break;
                }
                explorer.message = Some(format!(
                    "{what}: turn {} of {} ({}) is refused; the position before it is shown{}",
                    i + 1,
                    turns.len(),
                    turn_name(turn),
                    if left > 0 {
                        format!(", and the {left} turns after it are not played")
                    } else {
                        String::new()
                    }
                ));
                break;
            }
        }
        explorer
    }
}
