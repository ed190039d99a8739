//! `matrix.md` and `junit.xml`, made from the matrix's data (so that a
//! merged matrix has them too): the Markdown table with what reproduces
//! each row's shortest divergence and what was not checked, and a JUnit
//! test suite per row, a test case per game.

use super::data::{MatrixData, RowData};
use crate::audit::export::junit;
use quick_junit::{NonSuccessKind, TestCase, TestCaseStatus, TestSuite};
use std::fmt::Write as _;
use tromp_taylor_harness::safe;

/// The matrix as a Markdown table, with what was not checked below it.
pub fn markdown(data: &MatrixData) -> String {
    let mut text = String::new();
    let headings: Vec<&str> = data.rows.first().map_or(Vec::new(), |row| {
        row.columns.iter().map(|(h, _)| h.as_str()).collect()
    });
    let _ = writeln!(
        text,
        "| engine | held to | verdict | games (turns of the agreeing ones) | {} | vectors |",
        headings.join(" | ")
    );
    let _ = writeln!(text, "|{}", "---|".repeat(headings.len() + 5));
    for row in &data.rows {
        markdown_row(&mut text, row, headings.len());
    }
    let reproduce: Vec<String> = data.rows.iter().filter_map(reproduce_line).collect();
    if !reproduce.is_empty() {
        let _ = writeln!(
            text,
            "\nReproduce (the shortest divergence of each row, replayed on the engine as the row ran it):\n"
        );
        for line in reproduce {
            let _ = writeln!(text, "- {line}");
        }
    }
    let notes: Vec<String> = data.rows.iter().flat_map(row_notes).collect();
    if !notes.is_empty() {
        let _ = writeln!(text, "\nNot checked, and why:\n");
        for note in notes {
            let _ = writeln!(text, "- {note}");
        }
    }
    text
}

/// The rules a row is held to, as the table names them: the name, then in
/// parentheses the profile's label and the mode where it is not `play`.
pub fn held_to(rules_name: &str, label: &str, mode: &str) -> String {
    let mode = match mode {
        super::data::PLAY => "",
        "genmove" => "its own moves, genmove",
        other => other,
    };
    let notes: Vec<&str> = [label, mode]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect();
    if notes.is_empty() {
        rules_name.to_string()
    } else {
        format!("{rules_name} ({})", notes.join("; "))
    }
}

/// [`held_to`] of a row of the data.
pub fn row_held_to(row: &RowData) -> String {
    held_to(&row.rules_name, &row.label, &row.mode)
}

/// Writes `row`'s line of the Markdown table into `text`; a skipped row
/// has `columns` blank columns.
fn markdown_row(text: &mut String, row: &RowData, columns: usize) {
    let (games, columns) = match (&row.audit, &row.skipped) {
        (Some(a), _) => (
            format!("{} ({})", a.games, a.turns),
            row.columns.iter().map(|(_, c)| c.clone()).collect(),
        ),
        (None, why) => (
            format!("skipped: {}", safe::cell(why.as_deref().unwrap_or(""))),
            vec![String::new(); columns],
        ),
    };
    let vectors = match (row.vectors_text(), &row.vectors_error) {
        (Some(text), _) => text,
        (None, Some(e)) => format!("not run: {}", safe::cell(e)),
        (None, None) => "not run".to_string(),
    };
    let _ = writeln!(
        text,
        "| {} | {} ({}) | {} | {games} | {} | {vectors} |",
        safe::cell(&row.engine),
        safe::cell(&row_held_to(row)),
        safe::code_span(&row.rules),
        safe::cell(&standing_cell(row)),
        columns.join(" | ")
    );
}

/// What a row comes to, bugs told from what the engine states it means:
/// `agrees`, `agrees, except 2 stated deviations: a documented deviation, a
/// setting`, `3 divergences, and besides 1 stated deviation: a setting`, or
/// `not run`: a stated deviation is one whose standing says the engine
/// means it (documented, a setting, a documentation mismatch).
pub fn standing_cell(row: &RowData) -> String {
    let deviations = |n: usize| {
        let standings: Vec<&str> = row
            .deviation_standings()
            .iter()
            .map(|s| s.words())
            .collect();
        format!(
            "{n} stated deviation{}: {}",
            if n == 1 { "" } else { "s" },
            standings.join(", ")
        )
    };
    match (row.ran(), row.divergences(), row.deviations()) {
        (false, _, _) => "not run".to_string(),
        (true, 0, 0) => "agrees".to_string(),
        (true, 0, n) => format!("agrees, except {}", deviations(n)),
        (true, 1, 0) => "1 divergence".to_string(),
        (true, n, 0) => format!("{n} divergences"),
        (true, n, m) => format!(
            "{n} divergence{}, and besides {}",
            if n == 1 { "" } else { "s" },
            deviations(m)
        ),
    }
}

/// The command that replays `row`'s shortest divergence (a scoring
/// convention aside), if it has one written to a file.
fn reproduce_line(row: &RowData) -> Option<String> {
    let shortest = row
        .audit
        .as_ref()?
        .divergences
        .iter()
        .filter(|d| !d.convention)
        .min_by_key(|d| d.sgf.len())?;
    let (sgf, _) = shortest.files.as_ref()?;
    Some(format!(
        "{} under {}: {}",
        safe::inline(&row.engine),
        safe::inline(&row_held_to(row)),
        safe::code_span(&format!("tromp-taylor audit --replay {sgf} {}", row.replay))
    ))
}

/// What was not checked in `row`, and why: the checks switched off, then
/// the audit's notes.
fn row_notes(row: &RowData) -> Vec<String> {
    let mut notes = Vec::new();
    let held = row_held_to(row);
    if let Some(skipped) = &row.skipped_checks {
        notes.push(safe::inline(&format!(
            "{} under {held}: checks off: {skipped}",
            row.engine
        )));
    }
    if let Some(tolerated) = &row.tolerated {
        notes.push(safe::inline(&format!(
            "{} under {held}: never sent, as its play takes them on purpose: {tolerated}",
            row.engine
        )));
    }
    if let Some(audit) = &row.audit {
        // Checks switched off are said above, with the manifest's why.
        for note in audit
            .notes
            .iter()
            .filter(|n| !n.ends_with("(--skip-checks)"))
        {
            notes.push(safe::inline(&format!(
                "{} under {held}: {note}",
                row.engine
            )));
        }
    }
    notes
}

/// The matrix as JUnit XML: a test suite per row that ran, a test case per
/// game (a scoring convention passes, with its report in the output).
pub fn junit_xml(data: &MatrixData) -> String {
    let suites = data.rows.iter().filter_map(suite).collect();
    junit("tromp-taylor matrix", suites)
}

/// A row's test suite, if its audit ran.
fn suite(row: &RowData) -> Option<TestSuite> {
    let audit = row.audit.as_ref()?;
    let mut suite = TestSuite::new(safe::line(&format!(
        "{} under {}",
        row.engine,
        row_held_to(row)
    )));
    for game in 1..=audit.games {
        let name = format!("game {game}");
        let found = audit.divergences.iter().find(|d| d.game == game);
        let skipped = audit.skipped.iter().find(|(g, _)| *g == game);
        let case = match (found, skipped) {
            (Some(d), _) if d.convention => {
                let mut case = TestCase::new(name, TestCaseStatus::success());
                case.set_system_out(safe::text(&d.report));
                case
            }
            (Some(d), _) => {
                let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
                status.set_message(format!("the engine {}", d.kind));
                status.set_description(safe::text(&d.report));
                TestCase::new(name, status)
            }
            (None, Some((_, why))) => {
                let mut status = TestCaseStatus::skipped();
                status.set_message(safe::line(why));
                TestCase::new(name, status)
            }
            (None, None) => TestCase::new(name, TestCaseStatus::success()),
        };
        suite.add_test_case(case);
    }
    Some(suite)
}
