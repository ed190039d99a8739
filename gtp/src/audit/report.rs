//! How a divergence is told: what the engine did, what the rules say, the
//! rule itself quoted from the text of the Tromp-Taylor rules, both boards,
//! the GTP commands that show it, and the SGF of the game; and the summary
//! of an audit, grouped by kind.

use super::check::Kind;
use super::summary::{AuditSummary, Found};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use tromp_taylor_harness::report::side_by_side;
use tromp_taylor_harness::script::Action;
use tromp_taylor_harness::vocab::{Illegal, Turn};

pub use tromp_taylor_harness::quotes::{
    COMMENT_6, COMMENT_7, COMMENT_9, NO_SUICIDE, RULE_1, RULE_10, RULE_4, RULE_6, RULE_7, RULE_8,
    RULE_9, SIMPLE_KO,
};

/// The rules that forbid a turn for this reason, quoted.
pub fn forbidding(illegal: Illegal) -> Vec<&'static str> {
    match illegal {
        Illegal::GameOver => vec![RULE_8],
        Illegal::OffBoard => vec![RULE_1],
        Illegal::Occupied => vec![RULE_7],
        Illegal::Suicide => vec![NO_SUICIDE, COMMENT_7],
        Illegal::Superko { .. } => vec![RULE_6, COMMENT_6],
        Illegal::Ko => vec![SIMPLE_KO],
        Illegal::Unexplained => vec![],
    }
}

/// The rules that decide a kind of divergence, quoted.
pub fn rule_for(kind: &Kind) -> Vec<&'static str> {
    match kind {
        Kind::AcceptedIllegal(code) => {
            Illegal::from_code(code).map_or(vec![RULE_6, RULE_7], forbidding)
        }
        Kind::RefusedLegal(what) => match what.as_str() {
            "pass" => vec![RULE_6],
            "suicide" => vec![RULE_7, COMMENT_7],
            _ => vec![RULE_6, RULE_7],
        },
        Kind::IsLegal(_) | Kind::AllLegal(_) => vec![RULE_6, RULE_7, COMMENT_7],
        Kind::Board => vec![RULE_7, RULE_4],
        Kind::Captures => vec![COMMENT_7, COMMENT_9],
        Kind::FinalScore | Kind::ScoringConvention => vec![RULE_9, RULE_10],
        Kind::Crash | Kind::Hang | Kind::Garbage | Kind::Other(_) => vec![],
    }
}

/// One line on where such a divergence usually comes from, for the
/// engine's author.
pub fn hint(kind: &Kind) -> &'static str {
    match kind {
        Kind::AcceptedIllegal("superko") => {
            "superko must compare the coloring after the move with every earlier one, the \
             current position included: a one-stone suicide recreates it"
        }
        Kind::AcceptedIllegal("suicide") => {
            "a move is suicide when, after the opponent's strings without liberties are \
             removed, its own string has none; multi-stone strings included"
        }
        Kind::AcceptedIllegal("ko") => {
            "simple ko forbids retaking a single stone at once, and only that"
        }
        Kind::AcceptedIllegal(_) => "the engine plays where the rules forbid a move",
        Kind::RefusedLegal(_) => {
            "check the engine's rule set: under the ten rules suicide is legal (rule 7) \
             unless it repeats a coloring (rule 6)"
        }
        Kind::IsLegal(_) | Kind::AllLegal(_) => {
            "the query and `play` should share one legality test; see what `play` did \
             with the same move in the transcript"
        }
        Kind::Board => {
            "captures are made by clearing every opponent string without \
             liberties, then the mover's own (rule 7)"
        }
        Kind::Captures => "stones lost to suicide are the opponent's prisoners",
        Kind::FinalScore => {
            "area scoring counts every stone on the board and each empty region that \
             reaches only one color (rule 9)"
        }
        Kind::ScoringConvention => {
            "the engine judges dead stones or territory before counting; the ten rules \
             count the board as it stands (rule 9): not a rules bug, unless --strict-score"
        }
        Kind::Crash | Kind::Hang | Kind::Garbage => {
            "see the engine's standard error and the last command in the transcript"
        }
        Kind::Other(_) => "replay the SGF on the engine and compare it with the rules' board",
    }
}

/// A file-name-friendly form of a kind.
pub fn slug(kind: &Kind) -> String {
    let text = kind.to_string();
    let mut slug = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.ends_with('-') {
            slug.push('-');
        }
    }
    slug.trim_matches('-').to_string()
}

/// One board with its coordinates, top row first.
fn board(grid: &tromp_taylor_harness::vocab::Grid) -> String {
    let size = grid.size;
    let header: String = (0..size.width())
        .map(|x| format!("{:>3}", tromp_taylor_harness::vertex::column_name(x)))
        .collect();
    let mut text = format!("    {header}\n");
    for y in (0..size.height()).rev() {
        let row: String = (0..size.width())
            .map(|x| {
                format!(
                    "{:>3}",
                    grid.at(tromp_taylor_harness::vocab::Point::new(x, y))
                        .mark()
                )
            })
            .collect();
        text.push_str(&format!("{:>3} {row}\n", y + 1));
    }
    text
}

/// The plain report of one divergence.
pub fn report(engine: &str, found: &Found) -> String {
    let d = &found.divergence;
    let mut text = String::new();
    let game = match (&found.replayed, found.bias) {
        (Some(file), _) => format!("{} replayed", file.display()),
        (None, Some(bias)) => format!("game {} (bias {bias})", found.game),
        (None, None) => format!("game {}", found.game),
    };
    let _ = writeln!(
        text,
        "AUDIT of `{engine}`: {game}, a {} game under {}: the engine {}",
        found.setup.size, found.setup.rules, d.kind
    );
    if found.steps_before > d.record.len() {
        let _ = writeln!(
            text,
            "minimised from {} to {}",
            plural(found.steps_before, "step"),
            d.record.len()
        );
    }
    if let Some((player, Action::Turn(turn))) = d.record.last() {
        let what = match turn {
            Turn::Pass => format!("{player} passes"),
            Turn::Move(p) if found.setup.size.index(*p).is_some() => {
                format!("{player} plays {}", crate::commands::point_name(*p))
            }
            Turn::Move(p) => format!("{player} plays off the board at {p:?}"),
        };
        let _ = writeln!(text, "the step: {what} (step {})", d.record.len());
    }
    let _ = writeln!(text, "the engine: {}", d.engine_says);
    let _ = writeln!(text, "the rules:  {}", d.rules_say);
    let _ = writeln!(text, "hint:       {}", hint(&d.kind));
    let rules = rule_for(&d.kind);
    if !rules.is_empty() {
        let _ = writeln!(text, "\nwhat the rules say (the Tromp-Taylor rules):");
        for rule in rules {
            let _ = writeln!(text, "  {rule}");
        }
    }
    match (&d.rules_grid, &d.engine_grid) {
        (Some(ours), Some(theirs)) => {
            let _ = write!(text, "\n{}", side_by_side("rules", ours, "engine", theirs));
        }
        (Some(ours), None) => {
            let _ = write!(text, "\nthe board by the rules:\n{}", board(ours));
        }
        _ => {}
    }
    let _ = writeln!(text, "\nthe GTP commands that show it:");
    for command in &d.transcript {
        if command.starts_with("play")
            || command.starts_with("boardsize")
            || command.starts_with("rectangular_boardsize")
            || command.starts_with("komi")
            || command.starts_with("clear_board")
        {
            let _ = writeln!(text, "  {command}");
        }
    }
    if let Some(last) = d.transcript.last() {
        if !last.starts_with("play") {
            let _ = writeln!(text, "  {last}");
        }
    }
    let _ = writeln!(text, "\nSGF of the game up to there:\n{}", found.sgf());
    text
}

pub use tromp_taylor_harness::report::plural;

/// The summary of an audit: counts, then the divergences grouped by kind,
/// then the games skipped grouped by why.
pub fn summary(summary: &AuditSummary) -> String {
    let mut text = String::new();
    let played = if summary.agreed > 0 {
        format!(
            " (the agreeing games took {} and {})",
            plural(summary.steps, "step"),
            plural(summary.turns, "turn")
        )
    } else {
        String::new()
    };
    let _ = writeln!(
        text,
        "{} against `{}` in {:.1} s: {} agree, {} diverge, {} skipped{played}",
        plural(summary.games, "game"),
        summary.engine,
        summary.elapsed.as_secs_f64(),
        summary.agreed,
        summary.found.len(),
        summary.skipped.len(),
    );
    let mut groups: BTreeMap<&Kind, Vec<&Found>> = BTreeMap::new();
    for found in &summary.found {
        groups
            .entry(&found.divergence.kind)
            .or_default()
            .push(found);
    }
    if !groups.is_empty() {
        let _ = writeln!(text, "divergences by kind:");
    }
    for (kind, founds) in groups {
        let games: Vec<String> = founds.iter().map(|f| f.game.to_string()).collect();
        let shortest = founds
            .iter()
            .min_by_key(|f| f.divergence.record.len())
            .expect("a group has a member");
        let _ = writeln!(
            text,
            "  {:>3} x the engine {kind} (games {}; shortest: {} steps{})",
            founds.len(),
            games.join(", "),
            shortest.divergence.record.len(),
            shortest
                .files
                .as_ref()
                .map_or(String::new(), |(sgf, _)| format!(", {}", sgf.display()))
        );
    }
    for note in &summary.notes {
        let _ = writeln!(text, "not checked: {note}");
    }
    let mut reasons: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (game, why) in &summary.skipped {
        reasons.entry(why.as_str()).or_default().push(*game);
    }
    if !reasons.is_empty() {
        let _ = writeln!(
            text,
            "skipped (what the engine cannot be asked; not divergences):"
        );
    }
    for (why, games) in reasons {
        let games: Vec<String> = games.iter().map(usize::to_string).collect();
        let _ = writeln!(
            text,
            "  {:>3} x {why} (games {})",
            games.len(),
            games.join(", ")
        );
    }
    text
}
