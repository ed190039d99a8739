//! How an audit is told: each divergence as the harness's one report
//! ([`Report`]) in the auditor's words (a hint for each kind, the GTP
//! commands that show it), and the summary of an audit, grouped by kind.

use super::check::Kind;
use super::summary::{AuditSummary, Finding};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use tromp_taylor_harness::check::rules_at_stake;
use tromp_taylor_harness::report::{plural, Report};

/// One line on where such a divergence usually comes from, for the
/// engine's author.
pub fn hint(kind: &Kind) -> &'static str {
    match kind {
        Kind::AcceptsIllegal("superko") => {
            "superko must compare the coloring after the move with every earlier one, the \
             current position included: a one-stone suicide recreates it"
        }
        Kind::AcceptsIllegal("suicide") => {
            "a move is suicide when, after the opponent's strings without liberties are \
             removed, its own string has none; multi-stone strings included"
        }
        Kind::AcceptsIllegal("ko") => {
            "simple ko forbids retaking a single stone at once, and only that"
        }
        Kind::AcceptsIllegal(_) => "the engine plays where the rules forbid a move",
        Kind::RefusesLegal(_) | Kind::OtherReason(_) => {
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
        Kind::PlaysIllegal(_) => {
            "the move generator must ask the same legality test as `play` under the game's \
             rules (superko against every earlier coloring), not a tolerant one"
        }
        Kind::RulesAnswer => {
            "the rule set the engine was told maps to other options than the ones it \
             reports: compare its rule set's definition with the rules quoted"
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

/// The GTP commands of `transcript` that show a divergence: the set-up (the
/// rules' command included, so that the engine plays under the same rules),
/// the turns, and the last command, whatever it is; questions asked on the
/// way are left out.
fn commands(transcript: &[String]) -> Vec<String> {
    let questions = [
        "is_legal",
        "all_legal",
        "list_stones",
        "showboard",
        "captures",
        "final_score",
        "final_status_list",
        "kata-get-rules",
    ];
    let Some((last, before)) = transcript.split_last() else {
        return Vec::new();
    };
    let mut lines: Vec<String> = before
        .iter()
        .filter(|c| {
            let word = c.split_whitespace().next().unwrap_or("");
            !questions.contains(&word)
        })
        .cloned()
        .collect();
    lines.push(last.clone());
    lines
}

/// The report of one divergence: the harness's [`Report`] in the
/// auditor's words, with the GTP commands that show it.
pub fn report(engine: &str, found: &Finding) -> String {
    let d = &found.said;
    let game = match (&found.replayed, found.bias) {
        (Some(file), _) => format!("{} replayed", file.display()),
        (None, Some(bias)) => format!("game {} (bias {bias})", found.game()),
        (None, None) => format!("game {}", found.game()),
    };
    let headline = format!(
        "AUDIT of `{engine}`: {game}, a {} game under {}: the engine {}",
        found.setup().size,
        found.setup().rules,
        found.kind
    );
    let divergence = &found.divergence;
    let report = Report {
        steps_before: found.steps_before,
        says: Some([
            ("the engine".to_string(), d.engine_says.clone()),
            ("the rules".to_string(), d.rules_say.clone()),
        ]),
        hint: Some(hint(&found.kind).to_string()),
        rules: rules_at_stake(divergence),
        sections: [
            Some((
                "the GTP commands that show it".to_string(),
                commands(&d.transcript),
            )),
            replay_advice(engine, found),
        ]
        .into_iter()
        .flatten()
        .collect(),
        ..Report::new(headline, divergence)
    };
    report.to_string()
}

/// How to replay the divergence on the engine with our tool, once its SGF
/// is written (the file holds every attempt, as the audit sent them).
fn replay_advice(engine: &str, found: &Finding) -> Option<(String, Vec<String>)> {
    let (sgf, _) = found.files.as_ref()?;
    Some((
        "replay it on the engine".to_string(),
        vec![format!(
            "tromp-taylor audit --replay {} --engine \"{engine}\"",
            sgf.display()
        )],
    ))
}

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
    if summary.stopped.is_some() {
        let _ = writeln!(
            text,
            "stopped before its last game (Ctrl-C or SIGTERM): what follows is what it did"
        );
    }
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
    let mut groups: BTreeMap<&Kind, Vec<&Finding>> = BTreeMap::new();
    for found in &summary.found {
        groups.entry(&found.kind).or_default().push(found);
    }
    if !groups.is_empty() {
        let _ = writeln!(text, "divergences by kind:");
    }
    for (kind, founds) in groups {
        let games: Vec<String> = founds.iter().map(|f| f.game().to_string()).collect();
        let shortest = founds
            .iter()
            .min_by_key(|f| f.said.record.len())
            .expect("a group has a member");
        let _ = writeln!(
            text,
            "  {:>3} x the engine {kind} (games {}; shortest: {} steps{})",
            founds.len(),
            games.join(", "),
            shortest.said.record.len(),
            shortest
                .files
                .as_ref()
                .map_or(String::new(), |(sgf, _)| format!(", {}", sgf.display()))
        );
    }
    for note in &summary.checked.notes {
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

#[cfg(test)]
mod tests {
    use super::commands;

    #[test]
    fn the_commands_shown_keep_the_rules_and_drop_the_questions_on_the_way() {
        let transcript: Vec<String> = [
            "boardsize 5",
            "clear_board",
            "kata-set-rules tromp-taylor",
            "komi 0",
            "kata-get-rules",
            "play b C3",
            "showboard",
            "genmove w",
        ]
        .map(String::from)
        .to_vec();
        assert_eq!(
            commands(&transcript),
            [
                "boardsize 5",
                "clear_board",
                "kata-set-rules tromp-taylor",
                "komi 0",
                "play b C3",
                "genmove w"
            ]
        );
        assert!(commands(&[]).is_empty());
    }
}
