//! The conformance matrix: every engine described in a folder of manifests
//! (`engines/NAME.toml`) audited under each rule set it is held to, with the
//! conformance vectors run on it where given; the result as JSON, JUnit XML
//! and the table of docs/conformance.md.

pub mod manifest;
pub mod table;
pub mod upstream;

use crate::audit::check::Kind;
use crate::audit::export::{audit_data, junit, junit_suite, AuditData};
use crate::audit::{run_audit, AuditOptions, AuditSummary, SetRules};
use crate::vectors_run::{self, Tally};
use manifest::{expand, read_manifests, CheckedProfile, Manifest, ManifestError};
use serde::Serialize;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;
use table::{cell, Column};
use tromp_taylor_harness::vocab::Superko;
use tromp_taylor_records::vectors::VectorFile;

/// How to run the matrix.
#[derive(Clone, Debug)]
pub struct MatrixOptions {
    /// The folder of manifests.
    pub engines: PathBuf,
    /// Where to write `matrix.json`, `junit.xml`, `matrix.md` and each
    /// audit's reproducers.
    pub out: PathBuf,
    /// The quick profile: only engines marked `quick`, `quick_games` each.
    pub quick: bool,
    /// Only these engines (by file stem), if any are named.
    pub only: Vec<String>,
    /// The seed of every audit.
    pub seed: u64,
    /// The longest an engine may take over one command.
    pub timeout: Duration,
    /// Conformance vectors to run on each engine too.
    pub vectors: Option<Vec<VectorFile>>,
}

/// One row of the matrix: an engine under one rule set.
#[derive(Debug)]
pub struct Row {
    /// The manifest's file stem.
    pub id: String,
    /// The engine's name and version.
    pub engine: String,
    /// The rules it is held to, as the manifest names them.
    pub rules_name: String,
    /// The rules, as a compact string.
    pub rules: String,
    /// The engine's command line, split into words.
    pub command: Vec<String>,
    /// The audit, or why it did not run.
    pub audit: Result<AuditSummary, String>,
    /// The vectors' tally, if they ran.
    pub vectors: Option<Result<Tally, String>>,
    /// The checks switched off, and why.
    pub skipped_checks: Option<String>,
    /// Whether the rules have superko, and simple ko.
    kos: (bool, bool),
    /// The `audit` options that replay one of this row's reproducers on
    /// the engine as the row ran it (`--engine`, `--set-rules`,
    /// `--skip-checks`), for the table's "Reproduce" list.
    pub replay_options: String,
}

/// A row as JSON has it.
#[derive(Serialize)]
struct RowData<'a> {
    id: &'a str,
    engine: &'a str,
    rules_name: &'a str,
    rules: &'a str,
    skipped: Option<&'a str>,
    audit: Option<AuditData>,
    vectors: Option<Tally>,
    vectors_error: Option<&'a str>,
    columns: Vec<(&'static str, String)>,
}

/// Whether `program` can be run: a path that exists, or a name on `PATH`.
fn exists(program: &str) -> bool {
    let path = Path::new(program);
    if program.contains('/') {
        return path.exists();
    }
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(program).exists()))
}

/// Runs the matrix, telling `progress` a line per row as it goes. `Err`
/// when the manifests cannot be read or the output folder made.
pub fn run_matrix(
    options: &MatrixOptions,
    mut progress: impl FnMut(&str),
) -> Result<Vec<Row>, ManifestError> {
    let engines = std::fs::canonicalize(&options.engines).unwrap_or(options.engines.clone());
    let manifests = read_manifests(&engines)?;
    std::fs::create_dir_all(&options.out).map_err(|e| ManifestError::Folder {
        folder: options.out.clone(),
        why: e.to_string(),
    })?;
    let mut rows = Vec::new();
    for (file, manifest) in manifests {
        let id = file
            .file_stem()
            .map_or(String::new(), |s| s.to_string_lossy().into_owned());
        if !options.only.is_empty() && !options.only.contains(&id) {
            continue;
        }
        if options.quick && !manifest.quick {
            progress(&format!("{id}: not in the quick profile"));
            continue;
        }
        let profiles = manifest.check(&engines).unwrap_or_default();
        for profile in profiles {
            let row = run_row(options, &engines, &id, &manifest, &profile);
            progress(&row_line(&row));
            rows.push(row);
        }
    }
    Ok(rows)
}

/// Audits one engine under one rule set (and runs the vectors on it).
fn run_row(
    options: &MatrixOptions,
    engines: &Path,
    id: &str,
    manifest: &Manifest,
    profile: &CheckedProfile,
) -> Row {
    let program = expand(&manifest.program, engines);
    let mut row = Row {
        id: id.to_string(),
        engine: format!("{} {}", manifest.name, manifest.version),
        rules_name: profile.rules_name.clone(),
        rules: profile.rules.to_string(),
        command: profile.command.clone(),
        audit: Err(String::new()),
        vectors: None,
        skipped_checks: (!profile.skip_checks.is_empty()).then(|| {
            let names: Vec<&str> = profile.skip_checks.iter().map(|c| c.name()).collect();
            format!("{}: {}", names.join(", "), profile.why_skipped)
        }),
        kos: (
            profile.rules.superko != Superko::SimpleKo,
            profile.rules.superko == Superko::SimpleKo,
        ),
        replay_options: replay_options(profile),
    };
    if !exists(&program) {
        let install = manifest
            .install
            .as_deref()
            .map_or(String::new(), |s| format!(" (install with engines/{s})"));
        row.audit = Err(format!("not installed: {program} not found{install}"));
        return row;
    }
    let games = if options.quick {
        profile.games.1
    } else {
        profile.games.0
    };
    let mut audit = AuditOptions::new(profile.command.clone(), games, options.seed);
    audit.gtp.rules = profile.rules;
    audit.sizes.clone_from(&profile.sizes);
    audit.gtp.timeout = options.timeout;
    audit.gtp.off.clone_from(&profile.skip_checks);
    audit.gtp.set_rules = SetRules::from_option(profile.set_rules.as_deref());
    audit.minimise_budget = if options.quick { 40 } else { 300 };
    audit.out = Some(
        options
            .out
            .join(format!("{id}-{}", slug(&profile.rules_name))),
    );
    row.audit = run_audit(&audit, |_| {}).map_err(|e| e.to_string());
    if let Some(files) = &options.vectors {
        row.vectors = Some(vectors_run::run(
            &profile.command,
            files,
            &[],
            Some(profile.rules),
            &profile.skip_checks,
            options.timeout,
            |_| {},
        ));
    }
    row
}

fn slug(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}

/// `--engine "CMD"`, and `--set-rules` and `--skip-checks` where the
/// profile has them: what `audit --replay` needs to run the engine as the
/// row did.
fn replay_options(profile: &CheckedProfile) -> String {
    let mut text = format!("--engine \"{}\"", profile.command.join(" "));
    if let Some(set_rules) = &profile.set_rules {
        text += &format!(" --set-rules \"{set_rules}\"");
    }
    if !profile.skip_checks.is_empty() {
        let names: Vec<&str> = profile.skip_checks.iter().map(|c| c.name()).collect();
        text += &format!(" --skip-checks {}", names.join(","));
    }
    text
}

/// The line printed as a row is done.
fn row_line(row: &Row) -> String {
    match &row.audit {
        Ok(summary) => format!(
            "{} under {}: {} games, {} agree, {} diverge{}",
            row.engine,
            row.rules_name,
            summary.games,
            summary.agreed,
            summary.found.len(),
            match &row.vectors {
                Some(Ok(t)) => format!(
                    "; vectors {} pass, {} fail, {} skip",
                    t.pass, t.fail, t.skip
                ),
                Some(Err(e)) => format!("; vectors not run: {e}"),
                None => String::new(),
            }
        ),
        Err(why) => format!("{} under {}: skipped: {why}", row.engine, row.rules_name),
    }
}

impl Row {
    /// Whether this row breaks the rules anywhere (scoring conventions aside).
    pub fn diverges(&self) -> bool {
        let audit = self.audit.as_ref().is_ok_and(|s| s.diverges(false));
        let vectors = matches!(&self.vectors, Some(Ok(t)) if t.fail > 0);
        audit || vectors
    }

    fn columns(&self) -> Vec<(&'static str, String)> {
        Column::ALL
            .iter()
            .map(|&c| {
                let text = match &self.audit {
                    Ok(summary) => cell(summary, c, self.kos.0, self.kos.1),
                    Err(_) => "not run".to_string(),
                };
                (c.heading(), text)
            })
            .collect()
    }
}

/// The matrix as JSON.
pub fn matrix_json(rows: &[Row]) -> String {
    let data: Vec<RowData<'_>> = rows
        .iter()
        .map(|row| RowData {
            id: &row.id,
            engine: &row.engine,
            rules_name: &row.rules_name,
            rules: &row.rules,
            skipped: row.audit.as_ref().err().map(String::as_str),
            audit: row.audit.as_ref().ok().map(audit_data),
            vectors: row.vectors.as_ref().and_then(|v| v.as_ref().ok().copied()),
            vectors_error: row
                .vectors
                .as_ref()
                .and_then(|v| v.as_ref().err().map(String::as_str)),
            columns: row.columns(),
        })
        .collect();
    serde_json::to_string_pretty(&data).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

/// The matrix as JUnit XML: a test suite per row, a test case per game.
pub fn matrix_junit(rows: &[Row]) -> String {
    let suites = rows
        .iter()
        .filter_map(|row| {
            let summary = row.audit.as_ref().ok()?;
            Some(junit_suite(
                &format!("{} under {}", row.engine, row.rules_name),
                summary,
                false,
            ))
        })
        .collect();
    junit("tromp-taylor matrix", suites)
}

/// The matrix as a Markdown table, with what was not checked below it.
pub fn matrix_markdown(rows: &[Row]) -> String {
    let mut text = String::new();
    let headings: Vec<&str> = Column::ALL.iter().map(|c| c.heading()).collect();
    let _ = writeln!(
        text,
        "| engine | held to | games (turns of the agreeing ones) | {} | vectors |",
        headings.join(" | ")
    );
    let _ = writeln!(text, "|{}", "---|".repeat(headings.len() + 4));
    for row in rows {
        markdown_row(&mut text, row, headings.len());
    }
    let reproduce: Vec<String> = rows.iter().filter_map(reproduce_line).collect();
    if !reproduce.is_empty() {
        let _ = writeln!(
            text,
            "\nReproduce (the shortest divergence of each row, replayed on the engine as the row ran it):\n"
        );
        for line in reproduce {
            let _ = writeln!(text, "- {line}");
        }
    }
    let notes: Vec<String> = rows.iter().flat_map(row_notes).collect();
    if !notes.is_empty() {
        let _ = writeln!(text, "\nNot checked, and why:\n");
        for note in notes {
            let _ = writeln!(text, "- {note}");
        }
    }
    text
}

/// Writes `row`'s line of the Markdown table into `text`; a skipped row
/// has `columns` blank columns.
fn markdown_row(text: &mut String, row: &Row, columns: usize) {
    let (games, columns) = match &row.audit {
        Ok(s) => (
            format!("{} ({})", s.games, s.turns),
            row.columns()
                .into_iter()
                .map(|(_, c)| c)
                .collect::<Vec<_>>(),
        ),
        Err(why) => (format!("skipped: {why}"), vec!["".to_string(); columns]),
    };
    let vectors = match &row.vectors {
        Some(Ok(t)) => format!("{} pass, {} fail, {} skip", t.pass, t.fail, t.skip),
        Some(Err(e)) => format!("not run: {e}"),
        None => "not run".to_string(),
    };
    let _ = writeln!(
        text,
        "| {} | {} (`{}`) | {games} | {} | {vectors} |",
        row.engine,
        row.rules_name,
        row.rules,
        columns.join(" | ")
    );
}

/// The command that replays `row`'s shortest divergence (a scoring
/// convention aside), if it has one written to a file.
fn reproduce_line(row: &Row) -> Option<String> {
    let summary = row.audit.as_ref().ok()?;
    let shortest = summary
        .found
        .iter()
        .filter(|f| f.divergence.kind != Kind::ScoringConvention)
        .min_by_key(|f| f.divergence.record.len())?;
    let (sgf, _) = shortest.files.as_ref()?;
    Some(format!(
        "{} under {}: `tromp-taylor audit --replay {} {}`",
        row.engine,
        row.rules_name,
        sgf.display(),
        row.replay_options
    ))
}

/// What was not checked in `row`, and why: the checks switched off, then
/// the audit's notes.
fn row_notes(row: &Row) -> Vec<String> {
    let mut notes = Vec::new();
    if let Some(skipped) = &row.skipped_checks {
        notes.push(format!(
            "{} under {}: checks off: {skipped}",
            row.engine, row.rules_name
        ));
    }
    if let Ok(summary) = &row.audit {
        // Checks switched off are said above, with the manifest's why.
        for note in summary
            .checked
            .notes
            .iter()
            .filter(|n| !n.ends_with("(--skip-checks)"))
        {
            notes.push(format!("{} under {}: {note}", row.engine, row.rules_name));
        }
    }
    notes
}
