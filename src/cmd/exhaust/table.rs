//! The coverage of an exhaustive run as a table: per board for positions
//! (legal colorings, positions, turns compared, rules sets, time), per board,
//! start and rules for games (nodes, states, turns, depth, time).

use std::fmt::Write;
use tromp_taylor_exhaust::{Covered, ExhaustOptions, Part, Summary};

/// The table of what `summary` covered.
pub fn coverage(options: &ExhaustOptions, summary: &Summary) -> String {
    match options.part {
        Part::Positions => positions(options, summary),
        Part::Games => games(summary),
    }
}

/// Per board: what was covered (a board cut short by a stop or a
/// difference shows the part done).
fn positions(options: &ExhaustOptions, summary: &Summary) -> String {
    let mut text = String::from(
        "board  legal colorings  positions (x2 players)  stand for  turns compared  rules sets  cpu s\n",
    );
    for &size in &options.sizes {
        let done: Vec<&Covered> = summary.done().filter(|c| c.size == size).collect();
        if done.is_empty() {
            continue;
        }
        let positions: u64 = done.iter().map(|c| c.positions).sum();
        let stands_for: u64 = done.iter().map(|c| c.stands_for).sum();
        let turns: u64 = done.iter().map(|c| c.turns).sum();
        let seconds: f64 = done.iter().map(|c| c.elapsed.as_secs_f64()).sum();
        let _ = writeln!(
            text,
            "{:<5}  {:>15}  {:>22}  {:>9}  {:>14}  {:>10}  {:>5.1}",
            size.to_string(),
            positions / 2,
            positions,
            stands_for,
            turns,
            options.rules.len(),
            seconds
        );
    }
    text
}

/// Per board, start and rules: the games walked.
fn games(summary: &Summary) -> String {
    let mut text = format!(
        "{:<5}  {:<7}  {:<30}  {:>8}  {:>9}  {:>9}  {:>7}  {:>5}  {:>5}\n",
        "board", "start", "rules", "nodes", "states", "turns", "deepest", "ended", "cpu s"
    );
    for covered in summary.done() {
        let Some(setup) = covered.setup else { continue };
        let walk = covered.walk;
        let _ = writeln!(
            text,
            "{:<5}  {:<7}  {:<30}  {:>8}  {:>9}  {:>9}  {:>7}  {:>5}  {:>5.1}",
            setup.size.to_string(),
            match setup.handicap {
                tromp_taylor_harness::vocab::Handicap::None => "none".to_string(),
                handicap => format!("{handicap:?}"),
            },
            setup.rules.to_string(),
            walk.nodes,
            walk.states,
            walk.edges,
            walk.deepest,
            walk.ended,
            covered.elapsed.as_secs_f64()
        );
    }
    text
}
