//! An engine run as a child process over GTP, behind the harness's
//! [`Engine`] trait: one more engine for `diff`, `check` and the cases
//! runner, claiming only what GTP and its commands let it be held to.
//!
//! [`gtp_engine`] starts the engine once to ask what it answers
//! ([`Capabilities`]), the longest side its `boardsize` accepts and whether
//! its `showboard` can be read, and declares [`Supports`] from them: no
//! setup positions, free handicaps or agreements on points to empty (GTP
//! has none of them; the agreement ending's four passes it counts itself);
//! a fixed handicap only with `fixed_handicap` (GTP's placement);
//! rectangles only with `rectangular_boardsize`; `undo` only with `undo`;
//! rule options other than the rules it is held to only where it can be
//! told them (`kata-set-rules`, as the auditor decides); legal sets only
//! with `all_legal`, verdict queries only with `is_legal`, grids only with
//! `list_stones` or a readable `showboard`, prisoners only with `captures`,
//! the result of an ended game only with `final_score`; never a reason for
//! a refusal (`? illegal move` does not say why) nor a score as the position
//! stands.
//!
//! The processes are pooled: a game takes an idle one (or starts one),
//! sets it up with `boardsize`, `clear_board`, `komi`, the rules and a
//! fixed handicap, and
//! gives it back when it ends, so that a run starts about as many processes
//! as it plays games at once, not one per game (the minimiser replays a game
//! hundreds of times). A process that crashed, hung or answered garbage is
//! never given back. The trait's methods cannot fail: where the engine
//! crashes, hangs or answers garbage the adapter panics with `crash: `,
//! `hang: ` or `garbage: ` and the command and its standard-error tail, and
//! the driver reports the panic as the engine's.
//!
//! What the game's bookkeeping needs and GTP cannot be asked (whose turn it
//! is, the run of passes, the end at two passes, a point off the board, a
//! turn lost to a refused move where the rules say so) the adapter keeps
//! itself, as a GTP controller does. A refusal on an occupied point loses
//! nothing, so a lost turn is claimed only where the engine's board can be
//! read; undoing a lost turn sets the game up again and replays it.

pub mod answers;
mod options;
mod rules;
mod setup;

use crate::capabilities::Capabilities;
use crate::client::{Client, Failure, Reply};
use crate::commands::turn_text;
use answers::{parse_showboard, read_vertex};
pub use options::GtpOptions;
pub use rules::{kgs_rules_name, SetRules};
use setup::color_word;
pub use setup::{ask_after, play_commands, setup_commands};
use std::cell::{Cell, RefCell};
use std::sync::{Arc, Mutex};
use tromp_taylor_harness::engine::{Engine, EngineKind, Supports};
use tromp_taylor_harness::vocab::{
    Color, Grid, Handicap, Illegal, Outcome, Player, Point, Refusal, Setup, Size, Superko, Turn,
    Verdict,
};

/// The longest side asked of an engine: SGF's limit. GTP version 2 names
/// vertices up to 25 columns (A to Z without I); past that, the vertices
/// our own server and the vectors use (`AA`, `AB`, ...).
pub const GTP_MAX_SIDE: usize = 52;

/// What was found out about the engine once, shared by all its games, and
/// its idle processes.
struct Shared {
    options: GtpOptions,
    caps: Capabilities,
    showboard: bool,
    pool: Mutex<Vec<Client>>,
}

/// What the engine was found to answer at its start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probed {
    /// The optional commands it answers.
    pub caps: Capabilities,
    /// The longest side its `boardsize` accepts, at most [`GTP_MAX_SIDE`].
    pub max_side: usize,
    /// Whether its `showboard` draws a board that can be read.
    pub showboard: bool,
}

/// The engine behind `options`, as an [`EngineKind`] named after its command
/// line; it is started once, here, to find what it claims ([`claims`]). Its
/// failure to start or to answer `list_commands`, if it fails.
pub fn gtp_engine(options: GtpOptions) -> Result<EngineKind, Failure> {
    gtp_engine_probed(options).map(|(kind, _)| kind)
}

/// [`gtp_engine`], with what was found out about the engine (its commands
/// less those switched off by [`GtpOptions::off`]).
pub fn gtp_engine_probed(options: GtpOptions) -> Result<(EngineKind, Probed), Failure> {
    quiet_failures();
    let mut client = options.start()?;
    let mut found = probe(&mut client)?;
    found.caps = found.caps.without(&options.off);
    found.showboard &= found.caps.showboard;
    let supports = claims(&found, &options);
    let name = options.name();
    let shared = Arc::new(Shared {
        options,
        caps: found.caps,
        showboard: found.showboard,
        pool: Mutex::new(vec![client]),
    });
    let kind = EngineKind::new(&name, supports, move |setup| start(&shared, setup));
    Ok((kind, found))
}

/// Keeps the adapter's own panics (`crash: `, `hang: `, `garbage: `: an
/// engine failing to answer, which the driver reports as a finding, with
/// the command and the engine's standard-error tail) off standard error;
/// every other panic is printed as before. Installed once per process.
fn quiet_failures() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let payload = info.payload();
            let message = payload
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| payload.downcast_ref::<&str>().copied())
                .unwrap_or("");
            if failure_named(message).is_none() {
                previous(info);
            }
        }));
    });
}

/// Asks a started engine what it answers, the longest side it accepts and
/// whether its `showboard` can be read.
pub fn probe(client: &mut Client) -> Result<Probed, Failure> {
    let caps = Capabilities::probe(client)?;
    let mut max_side = 0;
    for side in (1..=GTP_MAX_SIDE).rev() {
        if client.send(&format!("boardsize {side}"))?.ok {
            max_side = side;
            break;
        }
    }
    let showboard = caps.showboard && !caps.list_stones && readable_showboard(client)?;
    Ok(Probed {
        caps,
        max_side,
        showboard,
    })
}

/// Whether `showboard` draws a 3x3 board with one black stone at B2 so
/// that it reads back as that board.
fn readable_showboard(client: &mut Client) -> Result<bool, Failure> {
    let size = Size::new(3, 3).expect("3x3");
    let set_up = ["boardsize 3", "clear_board", "play b B2"];
    for command in set_up {
        if !client.send(command)?.ok {
            return Ok(false);
        }
    }
    let mut expected = Grid {
        size,
        colors: vec![Color::Empty; size.points()],
    };
    expected.colors[size.index(Point::new(1, 1)).expect("on the board")] = Color::Black;
    let shown = client.send("showboard")?;
    client.send("clear_board")?;
    Ok(shown.ok && parse_showboard(&shown.text, size).as_ref() == Some(&expected))
}

/// Whether the engine is told the rules of each game (`kata-set-rules`,
/// under [`SetRules::Auto`]): then it claims every rule option GTP can
/// hold it to; otherwise only those of the rules it is held to.
fn told_any_rules(caps: &Capabilities, options: &GtpOptions) -> bool {
    options.set_rules == SetRules::Auto && caps.kata_set_rules
}

/// What an engine over GTP claims, from what was `found` and `options`.
pub fn claims(found: &Probed, options: &GtpOptions) -> Supports {
    let caps = &found.caps;
    let any = told_any_rules(caps, options);
    let held = options.rules;
    let superko = |kind: Superko| any || held.superko == kind;
    Supports {
        positional_superko: superko(Superko::Positional),
        situational_superko: superko(Superko::Situational),
        simple_ko: superko(Superko::SimpleKo),
        suicide_allowed: any || held.suicide_allowed,
        suicide_forbidden: any || !held.suicide_allowed,
        two_passes_ending: any || !held.agreement_ending,
        // The agreement ending's four passes are the adapter's to count;
        // the agreement itself cannot be asked over GTP (`agreements`).
        agreement_ending: any || held.agreement_ending,
        area_scoring: any || !held.territory_scoring,
        territory_scoring: any || held.territory_scoring,
        komi: true,
        free_handicap: false,
        fixed_handicap: caps.fixed_handicap,
        max_side: found.max_side,
        rectangles: caps.rectangular_boardsize,
        // Whose turn it is is the controller's over GTP: the adapter keeps a
        // lost turn itself, telling a refusal on an occupied point (which
        // loses nothing) by the engine's board.
        illegal_loses_turn: caps.list_stones || found.showboard,
        setup_positions: false,
        undo: caps.undo,
        legal_sets: caps.all_legal,
        verdict_queries: caps.is_legal,
        reasons: false,
        grids: caps.list_stones || found.showboard,
        captures: caps.captures,
        scores: false,
        results: caps.final_score,
        agreements: false,
    }
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
fn failed(failure: &Failure, tail: &[String]) -> String {
    let mut text = format!("{}: {failure}", failure_word(failure));
    if !matches!(failure, Failure::Crash { .. }) && !tail.is_empty() {
        text.push_str("; its standard error ended with: ");
        text.push_str(&tail.join(" / "));
    }
    text
}

/// Starts a game on `setup` in an idle process (or a new one), or says why
/// not: the engine refused a command of the set-up, or failed.
fn start(shared: &Arc<Shared>, setup: Setup) -> Result<Box<dyn Engine + Send>, String> {
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
        loses_turn: setup.rules.illegal_loses_turn,
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
        let passes = if self.setup.rules.agreement_ending {
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn failures_are_named_by_their_kind() {
        let hang = Failure::Hang {
            command: "play b A1".to_string(),
            seconds: 1.0,
        };
        let text = failed(&hang, &["oops".to_string()]);
        assert!(text.starts_with("hang: "), "{text}");
        assert!(
            text.contains("play b A1") && text.ends_with("oops"),
            "{text}"
        );
        let crash = Failure::Crash {
            command: "undo".to_string(),
            detail: "it exited".to_string(),
        };
        assert!(failed(&crash, &[]).starts_with("crash: "));
    }

    #[test]
    fn an_engine_held_to_rules_it_cannot_be_told_claims_only_them() {
        let found = Probed {
            caps: Capabilities::default(),
            max_side: 19,
            showboard: false,
        };
        let options = GtpOptions::new(vec!["gnugo".to_string()], Duration::from_secs(1));
        let supports = claims(&found, &options);
        assert!(supports.positional_superko && !supports.simple_ko);
        assert!(supports.suicide_allowed && !supports.suicide_forbidden);
        assert!(!supports.territory_scoring && !supports.agreement_ending);
        assert!(!supports.rectangles && !supports.undo && !supports.reasons);
        assert_eq!(
            supports.unclaimed_answers(),
            [
                "legal sets",
                "verdict queries",
                "reasons",
                "grids",
                "captures",
                "scores",
                "results",
                "agreements"
            ]
        );
        assert!(supports.two_passes_ending && !supports.illegal_loses_turn);
        assert_eq!(supports.max_side, 19);
    }
}
