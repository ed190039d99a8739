//! The explorer's state: a setup, the turns taken in both engines, what
//! each turn changed on the board (to show the coloring a superko repeats),
//! the last verdict, and a message when an input could not be read.

use crate::engines::{mark, Pair, Setup};
use crate::explain;
use serde_json::{json, Value};
use tromp_taylor_spec::{Color, Player, Turn};
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
    /// The board after each turn before the first one taken here, by
    /// `spec`'s turn number (0 is the start; a fixed handicap is turn 1).
    before: Vec<Vec<Color>>,
    /// The board now.
    current: Vec<Color>,
    /// What each turn taken changed: the points and their new colors.
    changes: Vec<Vec<(u32, Color)>>,
    verdict: Option<Value>,
    /// The last attempt, when it was refused without taking a turn: the
    /// link keeps it, so that it reopens with the same verdict.
    refused: Option<Turn>,
    message: Option<String>,
    /// Whether the explorer stands for an input that could not be read
    /// (the page then leaves that input in the address bar).
    failed: bool,
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
        let current = pair.game().coloring().colors().to_vec();
        let mut before = vec![vec![Color::Empty; current.len()]; pair.game().turns_taken()];
        before.push(current.clone());
        let disagreements = pair.compare().into_iter().collect();
        Ok(Explorer {
            setup,
            pair,
            taken: Vec::new(),
            before,
            current,
            changes: Vec::new(),
            verdict: None,
            refused: None,
            message: None,
            failed: false,
            disagreements,
        })
    }

    /// An empty 9x9 board under the ten rules, saying `message`: what an
    /// input that could not be read leaves.
    pub fn failed(message: String) -> Explorer {
        Explorer {
            message: Some(message),
            failed: true,
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
        self.pair.game()
    }

    /// Says `message` with the position (a note on how it was loaded).
    pub fn set_message(&mut self, message: Option<String>) {
        self.message = message;
    }

    /// The message shown with the position, if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Whether this stands for an input that could not be read.
    pub fn is_failed(&self) -> bool {
        self.failed
    }

    /// Every disagreement of `fast` with `spec` so far.
    pub fn disagreements(&self) -> &[String] {
        &self.disagreements
    }

    /// Attempts `turn`: both engines decide, `spec`'s verdict is kept with
    /// its reasons. Returns whether a turn was taken (a refusal takes none,
    /// unless it loses the turn).
    pub fn attempt(&mut self, turn: Turn) -> bool {
        self.step(turn, true)
    }

    /// Takes `turn` as [`attempt`](Self::attempt) does; the reasons of a
    /// legal turn are worked out only when `explain` (a link's or a
    /// record's turns before the last are only replayed; a refusal is
    /// always explained, as it ends the replay).
    fn step(&mut self, turn: Turn, explain: bool) -> bool {
        let grid = self.pair.game().grid();
        // What the verdict on a legal move needs of the game before it (not
        // a clone of the whole game: its history grows with every turn).
        let coloring = explain.then(|| self.pair.game().coloring().clone());
        let player = self.pair.game().to_move();
        let turns_before = self.pair.game().turns_taken();
        let number = turns_before + 1;
        let (outcome, differs) = self.pair.play(turn);
        if let Some(d) = differs {
            self.disagreements
                .push(format!("turn {number} ({}): {d}", turn_name(turn)));
        }
        let took = self.pair.game().turns_taken() > turns_before;
        // A refusal leaves the coloring as it was (a lost turn too).
        let before = match (&coloring, outcome) {
            (Some(c), _) => Some(c),
            (None, Err(_)) => Some(self.pair.game().coloring()),
            (None, Ok(())) => None,
        };
        self.verdict = before.map(|before| {
            let mut v = explain::verdict(
                (&grid, before, player),
                turn,
                outcome,
                number,
                took && outcome.is_err(),
            );
            if turn == Turn::Pass && took && self.pair.game().is_over() {
                v["reason"] = json!(
                    "a pass is always a turn (rule 6); it is the second pass in a row, and the game ends after two consecutive passes (rule 8)"
                );
                v["cited"] = explain::cited(explain::Cited::RULE_8);
            }
            v
        });
        if took {
            self.taken.push(Taken {
                player,
                turn,
                lost: outcome.is_err(),
            });
            let after = self.pair.game().coloring().colors();
            let mut changed = Vec::new();
            for (i, (now, then)) in after.iter().zip(self.current.iter_mut()).enumerate() {
                if now != then {
                    *then = *now;
                    changed.push((i as u32, *now));
                }
            }
            self.changes.push(changed);
        }
        self.refused = (!took).then_some(turn);
        self.message = None;
        self.failed = false;
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
        self.changes.pop();
        self.current = self.pair.game().coloring().colors().to_vec();
        self.verdict = None;
        self.refused = None;
        self.message = None;
        self.failed = false;
        if let Some(d) = self.pair.compare() {
            self.disagreements.push(format!("after an undo: {d}"));
        }
        true
    }

    /// The rules as the page names them: a preset's name where they are
    /// one (komi aside), else the compact rule string.
    pub fn rules_name(&self) -> String {
        rules_name(self.setup.rules)
    }

    /// The turns from `from` up to `to` (by their number in the list that
    /// starts with turn 0, the start), as the page's list shows them.
    pub fn turn_items(&self, from: usize, to: usize) -> Value {
        turn_items(self.before.len(), &self.taken, from, to)
    }

    /// Everything the page shows, as JSON (but the permalink, which
    /// `link` writes, and the list of turns, which [`turn_items`](Self::turn_items)
    /// gives a part at a time).
    pub fn view(&self) -> Value {
        let game = self.pair.game();
        let mut verdict = self.verdict.clone();
        if let Some(v) = verdict.as_mut() {
            if let Some(n) = v.get("repeatsTurn").and_then(Value::as_u64) {
                let board = usize::try_from(n).ok().and_then(|n| self.board_after(n));
                v["repeatsBoard"] = json!(board);
            }
        }
        let mut disagreements = self.disagreements.clone();
        if game.is_over() {
            disagreements.extend(self.pair.compare_score());
        }
        let last = self
            .taken
            .iter()
            .rev()
            .find(|t| !t.lost)
            .and_then(|t| match t.turn {
                Turn::Move(p) => Some(tromp_taylor_vocab::vertex::vertex_name(p)),
                Turn::Pass => None,
            });
        json!({
            "width": self.setup.size.width(),
            "height": self.setup.size.height(),
            "rules": self.rules_name(),
            "komi": komi_text(self.setup.rules.komi_half_points),
            "handicap": handicap_name(self.setup.handicap),
            "board": self.pair.board(),
            "toMove": format!("{:?}", game.to_move()),
            "over": game.is_over(),
            "passes": game.consecutive_passes(),
            "turnsTaken": game.turns_taken(),
            "turnItems": self.before.len() + self.taken.len(),
            "lastMove": last,
            "verdict": verdict,
            "message": self.message,
            "failed": self.failed,
            "disagreements": disagreements,
            "score": explain::score(game),
        })
    }

    /// The board after turn `n` (as marks), if it has stood.
    pub fn board_after(&self, n: usize) -> Option<String> {
        let board = match n.checked_sub(self.before.len() - 1) {
            None => self.before.get(n)?.clone(),
            Some(k) => {
                let mut board = self.before.last()?.clone();
                for change in self.changes.get(..k)? {
                    for &(i, c) in change {
                        board[i as usize] = c;
                    }
                }
                board
            }
        };
        Some(board.into_iter().map(mark).collect())
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
    /// the refused attempt it shows as its last turn). `what` names the
    /// input in the messages ("The link", "The SGF").
    pub fn replay(setup: Setup, turns: &[Turn], what: &str, last_is_attempt: bool) -> Explorer {
        let moves: Vec<(Option<Player>, Turn)> = turns.iter().map(|&t| (None, t)).collect();
        Explorer::replay_moves(setup, &moves, what, last_is_attempt)
    }

    /// As [`replay`](Self::replay), each turn with the player a record gives
    /// it to, if any: a turn given to the player who is not to move stops
    /// the replay before it, and the message says so (rule 5: the players
    /// alternate; the explorer does not move for the other player).
    pub fn replay_moves(
        setup: Setup,
        moves: &[(Option<Player>, Turn)],
        what: &str,
        last_is_attempt: bool,
    ) -> Explorer {
        let mut replay = Replay::start(setup, moves.to_vec(), what, last_is_attempt);
        replay.advance(usize::MAX);
        replay.finish()
    }
}

/// A replay in progress, as [`Explorer::replay_moves`] plays it, but a
/// slice of turns at a time ([`advance`](Self::advance)), so that the page
/// can check a long link with `spec` without freezing the tab.
#[derive(Debug)]
pub struct Replay {
    explorer: Explorer,
    moves: Vec<(Option<Player>, Turn)>,
    /// How many of `moves` have been played (or looked at, when the replay
    /// stopped before the end).
    next: usize,
    /// Whether the replay has stopped: every move played, or one refused.
    stopped: bool,
    what: String,
    last_is_attempt: bool,
}

impl Replay {
    /// A replay of `moves` from the start of `setup`, no move played yet
    /// (`what` and `last_is_attempt` as [`Explorer::replay_moves`] takes them).
    pub fn start(
        setup: Setup,
        moves: Vec<(Option<Player>, Turn)>,
        what: &str,
        last_is_attempt: bool,
    ) -> Replay {
        let (explorer, stopped) = match Explorer::new(setup) {
            Ok(explorer) => (explorer, false),
            Err(e) => (
                Explorer::failed(format!(
                    "{what} could not be read: {e}. An empty 9x9 board is shown instead."
                )),
                true,
            ),
        };
        Replay {
            explorer,
            moves,
            next: 0,
            stopped,
            what: what.to_string(),
            last_is_attempt,
        }
    }

    /// Plays up to `turns` more moves; whether the replay is over.
    pub fn advance(&mut self, turns: usize) -> bool {
        let end = self.next.saturating_add(turns).min(self.moves.len());
        while !self.stopped && self.next < end {
            self.stopped = !self.play_next();
            self.next += 1;
        }
        self.stopped |= self.next == self.moves.len();
        self.stopped
    }

    /// Plays the next move; whether the replay goes on after it.
    fn play_next(&mut self) -> bool {
        let (i, what, count) = (self.next, self.what.as_str(), self.moves.len());
        let (player, turn) = self.moves[i];
        let left = count - i - 1;
        let after = |left: usize| {
            if left > 0 {
                format!(", and the {left} turns after it are not played")
            } else {
                String::new()
            }
        };
        let explorer = &mut self.explorer;
        let to_move = explorer.pair.game().to_move();
        if let Some(player) = player.filter(|&p| p != to_move) {
            explorer.message = Some(format!(
                "{what} gives turn {} of {count} ({}) to {player:?}, but {to_move:?} is to move then (rule 5: the players alternate); the position before it is shown{}",
                i + 1,
                turn_name(turn),
                after(left + 1).replace(" after it", " from it on")
            ));
            return false;
        }
        if explorer.step(turn, left == 0) {
            return true;
        }
        if !(left == 0 && self.last_is_attempt) {
            explorer.message = Some(format!(
                "{what}: turn {} of {count} ({}) is refused; the position before it is shown{}",
                i + 1,
                turn_name(turn),
                after(left)
            ));
        }
        false
    }

    /// How many moves have been looked at, and how many there are.
    pub fn progress(&self) -> (usize, usize) {
        (self.next, self.moves.len())
    }

    /// The explorer as far as the replay has come.
    pub fn explorer(&self) -> &Explorer {
        &self.explorer
    }

    /// The explorer, the replay played to its end first.
    pub fn finish(mut self) -> Explorer {
        self.advance(usize::MAX);
        self.explorer
    }
}

/// The turns from `from` up to `to` of a list that starts with `first`
/// items before the turns `taken` (the start, and a fixed handicap's
/// stones), as the page's list shows them.
pub fn turn_items(first: usize, taken: &[Taken], from: usize, to: usize) -> Value {
    let items: Vec<Value> = (from..to.min(first + taken.len()))
        .map(|n| match n.checked_sub(first) {
            None if n == 0 => json!({"number": 0, "text": "the start"}),
            None => json!({"number": n, "text": "the handicap stones"}),
            Some(i) => {
                let t = taken[i];
                let who = if t.player == Player::Black { "B" } else { "W" };
                let lost = if t.lost { " (refused, turn lost)" } else { "" };
                json!({"number": n, "text": format!("{who} {}{lost}", turn_name(t.turn))})
            }
        })
        .collect();
    json!(items)
}

/// The handicap as the page writes it: `none`, `free 4`, `fixed 4`.
pub fn handicap_name(handicap: Handicap) -> String {
    match handicap {
        Handicap::None => "none".to_string(),
        Handicap::Free(n) => format!("free {n}"),
        Handicap::Fixed(n) => format!("fixed {n}"),
    }
}

/// `rules` as the page names them: a preset's name where they are one
/// (komi aside), else the compact rule string.
pub fn rules_name(rules: Rules) -> String {
    let rules = Rules {
        komi_half_points: 0,
        ..rules
    };
    tromp_taylor_vocab::names::PRESETS
        .iter()
        .find(|(name, _)| {
            name.parse::<Rules>().ok().map(|r| Rules {
                komi_half_points: 0,
                ..r
            }) == Some(rules)
        })
        .map_or_else(|| rules.to_string(), |(name, _)| name.to_string())
}
