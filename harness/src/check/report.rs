//! A check's report: the rules at stake in a divergence, quoted, and the
//! summary and first divergence of each kind, as `tromp-taylor diff` shows them.

use super::games::CheckReport;
use crate::diff::{Difference, Divergence};
use crate::quotes::{
    COMMENT_5, COMMENT_6, COMMENT_7, COMMENT_8, COMMENT_9, NO_SUICIDE, RULE_1, RULE_10, RULE_4,
    RULE_5, RULE_6, RULE_7, RULE_8, RULE_9, SIMPLE_KO,
};
use crate::report::{group, Report};
use crate::run::{Finding, Skipped};
use crate::script::Action;
use crate::vocab::{Ending, Handicap, Illegal, Scoring, Suicide, Superko, Turn, Verdict};
use std::fmt;

/// The texts that decide a divergence between the rules (`spec`, the first
/// engine) and another engine: the rule or comment behind the rules'
/// verdict, or behind what they disagree on, under the game's options.
///
/// ```
/// use tromp_taylor_harness::check::rules_at_stake;
/// use tromp_taylor_harness::diff::{Difference, Divergence};
/// use tromp_taylor_harness::quotes::{RULE_10, RULE_9};
/// use tromp_taylor_harness::vocab::{Handicap, Outcome, Player, Rules, Setup, Size};
///
/// let setup = Setup {
///     size: Size::new(2, 1).unwrap(),
///     rules: Rules::TROMP_TAYLOR,
///     handicap: Handicap::None,
/// };
/// let tie = Outcome { winner: None, half_points: 0 };
/// let black = Outcome { winner: Some(Player::Black), half_points: 4 };
/// let divergence = Divergence {
///     left: "spec".to_string(),
///     right: "mine".to_string(),
///     setup,
///     position: None,
///     record: vec![],
///     steps: 0,
///     undos: 0,
///     difference: Difference::Outcome { left: black, right: tie },
///     left_grid: None,
///     right_grid: None,
/// };
/// assert_eq!(rules_at_stake(&divergence), [RULE_9, RULE_10]);
/// ```
pub fn rules_at_stake(divergence: &Divergence) -> Vec<&'static str> {
    let rules = divergence.setup.rules;
    let repetition = match rules.superko {
        Superko::Positional => RULE_6,
        Superko::Situational => COMMENT_6,
        Superko::SimpleKo => SIMPLE_KO,
    };
    let suicide = if rules.suicide == Suicide::Allowed {
        COMMENT_7
    } else {
        NO_SUICIDE
    };
    let scoring = if rules.scoring == Scoring::Territory {
        COMMENT_9
    } else {
        RULE_9
    };
    let ending = if rules.ending == Ending::Agreement {
        COMMENT_8
    } else {
        RULE_8
    };
    let by_verdict = |verdict: Verdict| match verdict {
        Err(Illegal::Superko { .. } | Illegal::Ko) => vec![repetition],
        Err(Illegal::Suicide) => vec![NO_SUICIDE],
        Err(Illegal::Occupied) => vec![RULE_7],
        Err(Illegal::OffBoard) => vec![RULE_1],
        Err(Illegal::GameOver) => vec![ending],
        Err(Illegal::Unexplained) => vec![RULE_7, suicide, repetition],
        // Legal by the rules: what makes a move legal under these options.
        Ok(()) => vec![RULE_7, suicide, repetition],
    };
    // What the rules say about the last step taken: where an engine fails
    // to answer, undoes or reports something else, the rule of that step.
    let last_step = || match divergence.record.last() {
        Some((_, Action::Turn(turn))) => by_verdict(rules_verdict_before(divergence, *turn)),
        Some((_, Action::Agree(_))) => vec![COMMENT_8],
        None => vec![RULE_1],
    };
    match &divergence.difference {
        Difference::Start { .. } => vec![RULE_1],
        Difference::Panic { .. } | Difference::Undo { .. } | Difference::Details { .. } => {
            last_step()
        }
        Difference::ToMove { .. } => match divergence.setup.handicap {
            Handicap::Free(_) => vec![RULE_5, COMMENT_5],
            _ => vec![RULE_5],
        },
        Difference::Over { .. } | Difference::Passes { .. } => vec![ending],
        Difference::LegalSet {
            only_left,
            only_right,
        } => match (only_right.first(), only_left.first()) {
            (Some(&turn), _) => by_verdict(rules_verdict(divergence, turn)),
            (None, Some(_)) => by_verdict(Ok(())),
            (None, None) => vec![],
        },
        Difference::Verdict { left, .. } | Difference::Check { left, .. } => by_verdict(*left),
        Difference::Agreement { .. } => vec![COMMENT_8],
        Difference::Grid => vec![RULE_7, RULE_4],
        Difference::Score { .. } | Difference::Prisoners { .. } => vec![scoring],
        Difference::Outcome { .. } => vec![scoring, RULE_10],
    }
}

/// The rules' verdict on `turn`, the record's last step, before it.
fn rules_verdict_before(divergence: &Divergence, turn: Turn) -> Verdict {
    crate::report::kind::replayed(divergence, 1).map_or(Ok(()), |game| game.check(turn))
}

/// The rules' verdict on `turn` after the divergence's record.
fn rules_verdict(divergence: &Divergence, turn: Turn) -> Verdict {
    // The one replay of a divergence on the rules (its setup position too).
    crate::report::kind::replayed(divergence, 0).map_or(Ok(()), |game| game.check(turn))
}

/// Game numbers, the first ten of them.
fn games(found: &[&Finding]) -> String {
    let mut text: Vec<String> = found.iter().take(10).map(|f| f.game.to_string()).collect();
    if found.len() > 10 {
        text.push("...".to_string());
    }
    text.join(", ")
}

impl CheckReport {
    /// What the engine claims, the answers it does not give, and the games
    /// skipped because an engine does not claim them.
    fn write_claims(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (engine, summary) = (&self.engine, &self.summary);
        let rules = match &self.rules {
            Some(rules) => rules
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            None => {
                "random rules (the presets and their combinations, komi now and then)".to_string()
            }
        };
        writeln!(f, "rules checked: {rules}")?;
        match &self.claims {
            Some(claims) => writeln!(f, "{engine} claims: {claims}")?,
            None => writeln!(
                f,
                "{engine} claims (as its adapter declares): {}",
                self.supports
            )?,
        }
        let unclaimed = self.supports.unclaimed_answers();
        if !unclaimed.is_empty() {
            writeln!(
                f,
                "not compared, as {engine} does not claim them: {}",
                unclaimed.join(", ")
            )?;
        }
        if !summary.skipped.is_empty() {
            let mut reasons: Vec<(Skipped, usize)> = Vec::new();
            for (_, skipped) in &summary.skipped {
                match reasons.iter_mut().find(|(s, _)| s == skipped) {
                    Some((_, n)) => *n += 1,
                    None => reasons.push((skipped.clone(), 1)),
                }
            }
            reasons.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
            let reasons: Vec<String> = reasons
                .iter()
                .map(|(s, n)| format!("{} ({n}, {})", s.reason, s.engine))
                .collect();
            writeln!(
                f,
                "skipped {} games an engine does not claim: {}",
                summary.skipped.len(),
                reasons.join(", ")
            )?;
        }
        Ok(())
    }
}

impl fmt::Display for CheckReport {
    /// A summary (what the engine claims, what was skipped, how many
    /// divergences of each kind), then each kind's first divergence, minimised,
    /// as `tromp-taylor diff` shows it, with the rule it breaks.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (engine, summary) = (&self.engine, &self.summary);
        writeln!(
            f,
            "{engine} checked against the rules (spec): {} games from seed {}",
            summary.games + summary.skipped.len(),
            self.seed
        )?;
        self.write_claims(f)?;
        let new = self.new_divergences().count();
        writeln!(
            f,
            "{} games compared, {} turns ({} steps) in {:.1} s; {} divergences: {} known, {new} new",
            summary.games,
            summary.turns,
            summary.steps,
            summary.elapsed.as_secs_f64(),
            summary.found.len(),
            summary.found.len() - new,
        )?;
        // Grouped by the known divergence, or else by the finer group (the
        // kind, the rule at stake, what the move does).
        let mut kinds: Vec<(String, Vec<&Finding>)> = Vec::new();
        for found in &summary.found {
            let key = found
                .known
                .map_or_else(|| group(&found.divergence), |k| k.name.to_string());
            match kinds.iter_mut().find(|(kind, _)| *kind == key) {
                Some((_, list)) => list.push(found),
                None => kinds.push((key, vec![found])),
            }
        }
        for (kind, list) in &kinds {
            let what = match list[0].known {
                Some(_) => "known divergence",
                None => "NEW",
            };
            writeln!(
                f,
                "  {:>4} x {what} {kind} (games {})",
                list.len(),
                games(list)
            )?;
        }
        for (kind, list) in &kinds {
            let first = list[0];
            let what = match first.known {
                Some(_) => "the known divergence",
                None => "a NEW divergence,",
            };
            let m = &first.divergence;
            let shrunk = if first.minimised {
                format!("minimised to {} steps", m.record.len())
            } else {
                format!("{} steps, not minimised (beyond the cap)", m.record.len())
            };
            let headline = format!(
                "\n== {what} {kind}: game {} (a {} game under {}), {shrunk}",
                first.game, m.setup.size, m.setup.rules,
            );
            let report = Report {
                rules: first
                    .known
                    .map_or_else(|| rules_at_stake(m), |k| vec![k.rule]),
                ..Report::new(headline, m)
            };
            write!(f, "{report}")?;
        }
        if !summary.found.is_empty() {
            writeln!(f, "\n{}", self.advice)?;
        }
        Ok(())
    }
}
