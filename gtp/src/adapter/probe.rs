//! What an engine over GTP is found to answer when it starts, and what it
//! is claimed to support from that: the engine as an `EngineKind`.

use super::answers::parse_showboard;
use super::engine::{failure_named, start, Shared};
use super::options::GtpOptions;
use super::rules::SetRules;
use crate::capabilities::Capabilities;
use crate::client::{Client, Failure};
use std::sync::{Arc, Mutex};
use tromp_taylor_harness::engine::{EngineKind, Supports};
use tromp_taylor_harness::vocab::{Color, Ending, Grid, Point, Scoring, Size, Suicide, Superko};

/// The longest side asked of an engine: SGF's limit. GTP version 2 names
/// vertices up to 25 columns (A to Z without I); past that, the vertices
/// our own server and the vectors use (`AA`, `AB`, ...).
pub const GTP_MAX_SIDE: usize = 52;

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
        suicide_allowed: any || held.suicide == Suicide::Allowed,
        suicide_forbidden: any || held.suicide == Suicide::Forbidden,
        two_passes_ending: any || held.ending == Ending::TwoPasses,
        // The agreement ending's four passes are the adapter's to count;
        // the agreement itself cannot be asked over GTP (`agreements`).
        agreement_ending: any || held.ending == Ending::Agreement,
        area_scoring: any || held.scoring == Scoring::Area,
        territory_scoring: any || held.scoring == Scoring::Territory,
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
