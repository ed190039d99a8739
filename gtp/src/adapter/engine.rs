//! One game of an engine over GTP behind the `Engine` trait: a pooled
//! process set up, played, asked, and given back; its failures named.

use super::answers::{parse_showboard, read_vertex};
use super::options::GtpOptions;
use super::setup::color_word;
use super::setup::setup_commands;
use crate::capabilities::Capabilities;
use crate::client::{Client, Failure, Reply};
use crate::commands::turn_text;
use std::cell::{Cell, RefCell};
use std::sync::{Arc, Mutex};
use tromp_taylor_harness::engine::Engine;
use tromp_taylor_harness::vocab::{
    Color, Ending, Grid, Handicap, Illegal, IllegalMove, Outcome, Player, Point, Refusal, Setup,
    Size, Turn, Verdict,
};

/// What was found out about the engine once, shared by all its games, and
/// its idle processes.
pub(super) struct Shared {
    pub(super) options: GtpOptions,
    pub(super) caps: Capabilities,
    pub(super) showboard: bool,
    pub(super) pool: Mutex<Vec<Client>>,
}

/// The word the adapter's messages name `failure` by: `crash`, `hang` or
/// `garbage`.
pub fn failure_word(failure: &Failure) -> &'static str {
    match failure {
        Failure::Crash { .. } => "crash",
        Failure::Hang { .. } => "hang",
        Failure::Garbage { .. } => "garbage",
    }
}

/// The failure a message of the adapter names (`crash: ...`, `hang: ...`,
/// `garbage: ...`: its panics and refusals to start), if it names one.
pub fn failure_named(message: &str) -> Option<&'static str> {
    let (word, _) = message.split_once(": ")?;
    ["crash", "hang", "garbage"]
        .into_iter()
        .find(|w| *w == word)
}

/// `crash: `, `hang: ` or `garbage: ` and what happened, with the engine's
/// standard-error tail (a crash's message has it already).
pub(super) fn failed(failure: &Failure, tail: &[String]) -> String {
    let mut text = format!("{}: {failure}", failure_word(failure));
    if !matches!(failure, Failure::Crash { .. }) && !tail.is_empty() {
        text.push_str("; its standard error ended with: ");
        text.push_str(&tail.join(" / "));
    }
    text
}

/// Starts a game on `setup` in an idle process (or a new one), or says why
/// not: the engine refused a command of the set-up, or failed.
pub(super) fn start(shared: &Arc<Shared>, setup: Setup) -> Result<Box<dyn Engine + Send>, String> {
    let idle = shared.pool.lock().unwrap_or_else(|e| e.into_inner()).pop();
    let mut client = match idle {
        Some(client) => client,
        None => shared.options.start().map_err(|f| failed(&f, &[]))?,
    };
    let size = setup.size;
    let commands = setup_commands(&shared.options, &shared.caps, setup);
    for command in commands {
        let reply = client
            .send(&command)
            .map_err(|f| failed(&f, &client.stderr_tail()))?;
        if !reply.ok {
            shared
                .pool
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(client);
            return Err(format!("`{command}` refused: {}", reply.text));
        }
    }
    Ok(Box::new(GtpEngine {
        client: RefCell::new(Some(client)),
        broken: Cell::new(false),
        shared: Arc::clone(shared),
        size,
        white_first: matches!(setup.handicap, Handicap::Fixed(n) if n > 0),
        loses_turn: setup.rules.illegal_move == IllegalMove::LosesTurn,
        setup,
        turns: Vec::new(),
    }))
}

/// A game in progress in an engine run as a child process, spoken to in GTP.
pub struct GtpEngine {
    client: RefCell<Option<Client>>,
    broken: Cell<bool>,
    shared: Arc<Shared>,
    size: Size,
    /// Whether White takes the first turn (after a fixed handicap).
    white_first: bool,
    /// Whether a move refused for anything but an occupied point loses the
    /// turn (the rules' option of seed 003).
    loses_turn: bool,
    /// The game's setup, to replay it.
    setup: Setup,
    /// The turns taken, the first player's first: the players alternate.
    turns: Vec<Taken>,
}

/// A turn as the adapter keeps it: taken, or lost by a move refused on an
/// empty point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Taken {
    /// The engine took this turn.
    Turn(Turn),
    /// The engine refused a move here, and the turn was lost.
    Lost(Point),
}

impl GtpEngine {
    /// Sends `command` and gives the answer; panics `crash: `, `hang: ` or
    /// `garbage: ` when the engine fails to give one (and the process is
    /// then never reused).
    fn send(&self, command: &str) -> Reply {
        let mut slot = self.client.borrow_mut();
        let client = slot.as_mut().expect("a game holds its process");
        match client.send(command) {
            Ok(reply) => reply,
            Err(failure) => {
                let text = failed(&failure, &client.stderr_tail());
                self.broken.set(true);
                *slot = None;
                drop(slot);
                panic!("{text}");
            }
        }
    }

    /// Panics `garbage: ` for an answer to `command` that is not its form.
    fn garbage(&self, command: &str, reply: &Reply) -> ! {
        let tail = self
            .client
            .borrow()
            .as_ref()
            .map(Client::stderr_tail)
            .unwrap_or_default();
        self.broken.set(true);
        let failure = Failure::Garbage {
            command: command.to_string(),
            text: format!("{} {}", if reply.ok { '=' } else { '?' }, reply.text),
        };
        panic!("{}", failed(&failure, &tail))
    }

    /// Panics for a question the engine does not claim to answer: the
    /// driver never asks it.
    fn unclaimed(&self, what: &str, command: &str) -> ! {
        panic!("unclaimed: {what} needs `{command}`, which the engine does not answer")
    }

    /// `b` or `w` for the player to move.
    fn color(&self) -> &'static str {
        match self.to_move() {
            Player::Black => "b",
            Player::White => "w",
        }
    }

    /// The verdict the adapter gives itself, as a GTP controller does: after
    /// the end, or off the board (which GTP cannot name).
    fn own_verdict(&self, turn: Turn) -> Option<Verdict> {
        if self.is_over() {
            return Some(Err(Illegal::GameOver));
        }
        match turn {
            Turn::Move(p) if self.size.index(p).is_none() => Some(Err(Illegal::OffBoard)),
            _ => None,
        }
    }

    /// The points a list of vertices names (`all_legal`, `list_stones`),
    /// in point order; `pass` left out.
    fn vertices(&self, command: &str) -> Vec<Point> {
        let reply = self.send(command);
        if !reply.ok {
            self.garbage(command, &reply);
        }
        let mut points = Vec::new();
        for word in reply.text.split_whitespace() {
            if word.eq_ignore_ascii_case("pass") {
                continue;
            }
            match read_vertex(word, self.size) {
                Some(p) => points.push(p),
                None => self.garbage(command, &reply),
            }
        }
        points.sort_by_key(|p| self.size.index(*p));
        points.dedup();
        points
    }

    /// Sets the game up again and replays every turn kept, the refused
    /// moves that lost a turn included.
    fn replay(&self) {
        for command in setup_commands(&self.shared.options, &self.shared.caps, self.setup) {
            let reply = self.send(&command);
            if !reply.ok {
                self.garbage(&command, &reply);
            }
        }
        let first = usize::from(self.white_first);
        for (i, taken) in self.turns.iter().enumerate() {
            let color = if (i + first) % 2 == 0 { "b" } else { "w" };
            let (turn, taken) = match taken {
                Taken::Turn(turn) => (*turn, true),
                Taken::Lost(p) => (Turn::Move(*p), false),
            };
            let command = format!("play {color} {}", turn_text(turn));
            let reply = self.send(&command);
            if reply.ok != taken {
                self.garbage(&command, &reply);
            }
        }
    }

    /// `captures COLOR` read as a number.
    fn captures(&self, player: Player) -> usize {
        let command = format!("captures {}", color_word(player));
        let reply = self.send(&command);
        match reply.text.trim().parse::<usize>() {
            Ok(n) if reply.ok => n,
            _ => self.garbage(&command, &reply),
        }
    }
}

impl Drop for GtpEngine {
    /// Gives a healthy process back to the pool for the next game.
    fn drop(&mut self) {
        if self.broken.get() {
            return;
        }
        if let Some(client) = self.client.get_mut().take() {
            let mut pool = self.shared.pool.lock().unwrap_or_else(|e| e.into_inner());
            pool.push(client);
        }
    }
}

impl Engine for GtpEngine {
    fn to_move(&self) -> Player {
        match (self.turns.len() + usize::from(self.white_first)) % 2 {
            0 => Player::Black,
            _ => Player::White,
        }
    }

    fn check(&self, turn: Turn) -> Verdict {
        if let Some(verdict) = self.own_verdict(turn) {
            return verdict;
        }
        if turn == Turn::Pass {
            return Ok(());
        }
        if !self.shared.caps.is_legal {
            self.unclaimed("a verdict asked without playing", "is_legal");
        }
        let command = format!("is_legal {} {}", self.color(), turn_text(turn));
        let reply = self.send(&command);
        match (reply.ok, reply.text.trim()) {
            (true, "1") => Ok(()),
            (true, "0") | (false, _) => Err(Illegal::Unexplained),
            _ => self.garbage(&command, &reply),
        }
    }

    fn play(&mut self, turn: Turn) -> Verdict {
        if let Some(verdict) = self.own_verdict(turn) {
            return verdict;
        }
        let reply = self.send(&format!("play {} {}", self.color(), turn_text(turn)));
        if !reply.ok {
            // A refused move on an empty point is suicide, ko or superko
            // (off the board and after the end are the adapter's own): the
            // turn is lost where the rules say so, as a controller keeps it.
            if let Turn::Move(p) = turn {
                if self.loses_turn && self.grid().at(p) == Color::Empty {
                    self.turns.push(Taken::Lost(p));
                }
            }
            return Err(Illegal::Unexplained);
        }
        self.turns.push(Taken::Turn(turn));
        Ok(())
    }

    fn legal_turns(&self) -> Vec<Turn> {
        if self.is_over() {
            return Vec::new();
        }
        if !self.shared.caps.all_legal {
            self.unclaimed("the legal set", "all_legal");
        }
        let moves = self.vertices(&format!("all_legal {}", self.color()));
        std::iter::once(Turn::Pass)
            .chain(moves.into_iter().map(Turn::Move))
            .collect()
    }

    fn grid(&self) -> Grid {
        let mut grid = Grid {
            size: self.size,
            colors: vec![Color::Empty; self.size.points()],
        };
        if self.shared.caps.list_stones {
            for player in [Player::Black, Player::White] {
                for p in self.vertices(&format!("list_stones {}", color_word(player))) {
                    grid.colors[self.size.index(p).expect("read on the board")] = player.color();
                }
            }
            return grid;
        }
        if !self.shared.showboard {
            self.unclaimed("the grid", "list_stones or a readable showboard");
        }
        let reply = self.send("showboard");
        match parse_showboard(&reply.text, self.size) {
            Some(grid) if reply.ok => grid,
            _ => self.garbage("showboard", &reply),
        }
    }

    fn is_over(&self) -> bool {
        // Rule 8, or comment 8 without an agreement: as is after four.
        let passes = if self.setup.rules.ending == Ending::Agreement {
            4
        } else {
            2
        };
        self.consecutive_passes() >= passes
    }

    fn consecutive_passes(&self) -> usize {
        let passes = self.turns.iter().rev();
        passes
            .take_while(|t| **t == Taken::Turn(Turn::Pass))
            .count()
    }

    fn score(&self, _player: Player) -> usize {
        panic!("unclaimed: a score as the position stands, which GTP has no command for")
    }

    fn prisoners(&self, player: Player) -> usize {
        if !self.shared.caps.captures {
            self.unclaimed("prisoners", "captures");
        }
        self.captures(player)
    }

    fn outcome(&self) -> Outcome {
        if !self.shared.caps.final_score {
            self.unclaimed("the result", "final_score");
        }
        let reply = self.send("final_score");
        match reply.text.trim().parse::<Outcome>() {
            Ok(outcome) if reply.ok => outcome,
            _ => self.garbage("final_score", &reply),
        }
    }

    fn agree(&mut self, _points: &[Point]) -> Result<(), Refusal> {
        // It claims only the two-pass ending, where no agreement is made.
        Err(Refusal::NotInTheseRules)
    }

    fn undo(&mut self) -> bool {
        if let Some(Taken::Lost(_)) = self.turns.last() {
            // Whether the engine kept the lost turn is its own affair (GTP
            // leaves turns to the controller): the game is set up again and
            // replayed without it.
            self.turns.pop();
            self.replay();
            return true;
        }
        if !self.shared.caps.undo {
            return false;
        }
        let taken = self.send("undo").ok;
        if taken {
            self.turns.pop();
        }
        taken
    }
}

impl std::fmt::Debug for GtpEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} ({} turns)",
            self.shared.options.name(),
            self.turns.len()
        )
    }
}
