//! The conformance table: per engine and rule set, each rule's column is
//! `pass`, the number of divergences (each with its reproducer), a scoring
//! convention, or `not checked` with why.

use crate::audit::check::Kind;
use crate::audit::AuditSummary;
use std::fmt::Write as _;

/// A column of the table: a rule, and the divergence kinds that break it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    /// Rule 7: a move colors an empty point.
    Occupied,
    /// Rule 7 / comment 7: suicide, allowed or forbidden.
    Suicide,
    /// Rule 6 / comment 6: superko.
    Superko,
    /// Seed 004: simple ko.
    Ko,
    /// Rule 8: passes and the end.
    Ending,
    /// Rules 4 and 7: the board and the captures after each move.
    Captures,
    /// `is_legal` and `all_legal` agree with the rules.
    Queries,
    /// Rules 9 and 10: the final score.
    Scoring,
    /// The engine answers GTP: no crash, hang or garbage.
    Protocol,
}

impl Column {
    /// Every column, in table order.
    pub const ALL: [Column; 9] = [
        Column::Occupied,
        Column::Suicide,
        Column::Superko,
        Column::Ko,
        Column::Ending,
        Column::Captures,
        Column::Queries,
        Column::Scoring,
        Column::Protocol,
    ];

    /// The column's heading.
    pub fn heading(self) -> &'static str {
        match self {
            Column::Occupied => "occupied, off the board (rules 1, 7)",
            Column::Suicide => "suicide (rule 7, comment 7)",
            Column::Superko => "superko (rule 6, comment 6)",
            Column::Ko => "ko (seed 004)",
            Column::Ending => "passes, end (rule 8)",
            Column::Captures => "board, captures (rules 4, 7)",
            Column::Queries => "is_legal, all_legal",
            Column::Scoring => "score (rules 9, 10)",
            Column::Protocol => "GTP",
        }
    }

    /// The column a divergence of `kind` falls in.
    pub fn of(kind: &Kind) -> Column {
        match kind {
            Kind::AcceptsIllegal("occupied") | Kind::AcceptsIllegal("off-board") => {
                Column::Occupied
            }
            Kind::AcceptsIllegal("suicide") => Column::Suicide,
            Kind::AcceptsIllegal("superko") => Column::Superko,
            Kind::AcceptsIllegal("ko") => Column::Ko,
            Kind::AcceptsIllegal(_) | Kind::OtherReason(_) => Column::Ending,
            Kind::PlaysIllegal("suicide") => Column::Suicide,
            Kind::PlaysIllegal("superko") => Column::Superko,
            Kind::PlaysIllegal("ko") => Column::Ko,
            Kind::PlaysIllegal("occupied" | "off-board") => Column::Occupied,
            Kind::PlaysIllegal(_) => Column::Ending,
            Kind::RefusesLegal(what) => match what.as_str() {
                "suicide" => Column::Suicide,
                "pass" => Column::Ending,
                // A legal move refused: the engine sees a repeat or a ko
                // where there is none, or an occupied point that is empty.
                _ => Column::Superko,
            },
            Kind::IsLegal(_) | Kind::AllLegal(_) => Column::Queries,
            Kind::Board | Kind::Captures => Column::Captures,
            Kind::FinalScore | Kind::ScoringConvention => Column::Scoring,
            Kind::RulesAnswer | Kind::Crash | Kind::Hang | Kind::Garbage | Kind::Other(_) => {
                Column::Protocol
            }
        }
    }

    /// Why the column could not be checked on this audit, if so.
    pub fn not_checked(
        self,
        summary: &AuditSummary,
        superko_rules: bool,
        ko_rules: bool,
    ) -> Option<&'static str> {
        let caps = summary.checked.capabilities;
        match self {
            Column::Superko if !superko_rules => Some("not in these rules"),
            Column::Ko if !ko_rules => Some("not in these rules"),
            Column::Captures if !(caps.list_stones || caps.showboard || caps.captures) => {
                Some("no list_stones, showboard or captures")
            }
            Column::Queries if !(caps.is_legal || caps.all_legal) => {
                Some("no is_legal or all_legal")
            }
            Column::Scoring if !caps.final_score => Some("no final_score"),
            _ if summary.agreed + summary.found.len() == 0 => Some("no game ran"),
            _ => None,
        }
    }
}

/// One cell: what the audit says of one column.
pub fn cell(summary: &AuditSummary, column: Column, superko_rules: bool, ko_rules: bool) -> String {
    if let Some(why) = column.not_checked(summary, superko_rules, ko_rules) {
        return format!("not checked ({why})");
    }
    let found: Vec<_> = summary
        .found
        .iter()
        .filter(|f| Column::of(&f.kind) == column)
        .collect();
    let real = found
        .iter()
        .filter(|f| f.kind != Kind::ScoringConvention)
        .count();
    let conventions = found.len() - real;
    match (real, conventions) {
        (0, 0) => "pass".to_string(),
        (0, n) => format!(
            "pass ({n} scoring convention{})",
            if n == 1 { "" } else { "s" }
        ),
        (n, _) => {
            let mut text = format!("**{n} divergence{}**", if n == 1 { "" } else { "s" });
            if let Some(sgf) = found
                .iter()
                .filter(|f| f.kind != Kind::ScoringConvention)
                .min_by_key(|f| f.said.record.len())
                .and_then(|f| f.files.as_ref())
            {
                let _ = write!(text, ": {}", sgf.0.display());
            }
            text
        }
    }
}
