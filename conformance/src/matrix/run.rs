//! A matrix run: every engine of a folder of manifests audited under each
//! rule set it claims, row by row, and the rows as data.

use super::data::{slug, MatrixData, ReplayedVectors, RowData, FORMAT};
use super::manifest::{expand, read_manifests, CheckedProfile, Manifest, ManifestError};
use super::outputs::held_to;
use super::table::{cell, Column};
use crate::audit::export::audit_data;
use crate::audit::{run_audit, AuditOptions, AuditSummary, Moves, SetRules};
use crate::vectors_run::{self, case_script, Tally};
use std::path::{Path, PathBuf};
use std::time::Duration;
use tromp_taylor_harness::progress::Progress;
use tromp_taylor_harness::script::Script;
use tromp_taylor_harness::vocab::{Rules, Superko};
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
    /// Engines (by file stem) an earlier run completed: not run again.
    pub done: Vec<String>,
    /// A meter per row (its games), and the request that stops the run:
    /// the audit under way stops between two games, and no row starts
    /// after it.
    pub progress: Progress,
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
    /// The engine's own name for what the profile selects (empty: none).
    pub label: String,
    /// The rules, as a compact string.
    pub rules: String,
    /// Who chose the moves: the auditor (`play`) or the engine (`genmove`).
    pub moves: Moves,
    /// The illegal moves its `play` takes on purpose and why, if any: never
    /// sent (a convention the manifest declares).
    pub tolerated: Option<String>,
    /// The engine's command line, split into words.
    pub command: Vec<String>,
    /// The audit, or why it did not run.
    pub audit: Result<AuditSummary, String>,
    /// The vectors' tally, if they ran.
    pub vectors: Option<Result<Tally, String>>,
    /// The failed vectors replayed as games: their ids, and the audit of
    /// those games (game `n` is the vector `ids[n - 1]`), findings judged.
    pub vectors_replayed: Option<(Vec<String>, AuditSummary)>,
    /// The checks switched off, and why.
    pub skipped_checks: Option<String>,
    /// Whether the rules have superko, and simple ko.
    pub(super) kos: (bool, bool),
    /// The `audit` options that replay one of this row's reproducers on
    /// the engine as the row ran it (`--engine`, `--set-rules`,
    /// `--skip-checks`), for the table's "Reproduce" list.
    pub replay_options: String,
    /// Why the engine's version is superseded, if it is (no report then).
    pub obsolete: Option<String>,
    /// The causes its manifest names, which judge its findings.
    pub causes: Vec<super::cause::Cause>,
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
    let named = |file: &PathBuf| {
        file.file_stem()
            .map_or(String::new(), |s| s.to_string_lossy().into_owned())
    };
    check_only(options, &engines, &manifests, named)?;
    let mut rows = Vec::new();
    for (file, manifest) in manifests {
        let id = named(&file);
        if !options.only.is_empty() && !options.only.contains(&id) {
            continue;
        }
        if options.done.contains(&id) {
            progress(&format!("{id}: complete in the earlier run, kept"));
            continue;
        }
        if options.quick && !manifest.quick {
            progress(&format!("{id}: not in the quick profile"));
            continue;
        }
        let profiles = manifest.check(&engines).unwrap_or_default();
        for profile in profiles {
            for &moves in &profile.moves {
                if options.progress.stop().is_requested() {
                    return Ok(rows);
                }
                let row = run_row(options, &engines, (&id, &manifest), &profile, moves);
                progress(&row_line(&row));
                rows.push(row);
            }
        }
    }
    Ok(rows)
}

/// Refuses an `--only` that names no manifest, or an engine that is not
/// installed (asked for by name, it is an error, not a skipped row).
fn check_only(
    options: &MatrixOptions,
    engines: &Path,
    manifests: &[(PathBuf, Manifest)],
    named: impl Fn(&PathBuf) -> String,
) -> Result<(), ManifestError> {
    for name in &options.only {
        let Some((_, manifest)) = manifests.iter().find(|(file, _)| named(file) == *name) else {
            let known: Vec<String> = manifests.iter().map(|(file, _)| named(file)).collect();
            return Err(ManifestError::Unknown {
                name: name.clone(),
                known: known.join(", "),
            });
        };
        let program = expand(&manifest.program, engines);
        if !exists(&program) {
            return Err(ManifestError::NotInstalled {
                name: name.clone(),
                program,
                install: manifest.install.as_ref().map(|s| options.engines.join(s)),
            });
        }
    }
    Ok(())
}

/// Audits one engine under one rule set (and runs the vectors on it).
fn run_row(
    options: &MatrixOptions,
    engines: &Path,
    (id, manifest): (&str, &Manifest),
    profile: &CheckedProfile,
    moves: Moves,
) -> Row {
    let program = expand(&manifest.program, engines);
    let mut row = Row {
        id: id.to_string(),
        engine: format!("{} {}", manifest.name, manifest.version),
        rules_name: profile.rules_name.clone(),
        label: profile.label.clone(),
        rules: profile.rules.to_string(),
        moves,
        tolerated: (!profile.tolerates.is_empty() && moves == Moves::Given).then(|| {
            format!(
                "{}: {}",
                profile.tolerates.join(", "),
                profile.why_tolerated
            )
        }),
        command: profile.command.clone(),
        audit: Err(String::new()),
        vectors: None,
        vectors_replayed: None,
        skipped_checks: (!profile.skip_checks.is_empty()).then(|| {
            let names: Vec<&str> = profile.skip_checks.iter().map(|c| c.name()).collect();
            format!("{}: {}", names.join(", "), profile.why_skipped)
        }),
        kos: (
            profile.rules.superko != Superko::SimpleKo,
            profile.rules.superko == Superko::SimpleKo,
        ),
        replay_options: replay_options(profile),
        obsolete: manifest.obsolete.clone(),
        causes: manifest.cause.clone(),
    };
    if !exists(&program) {
        let install = manifest
            .install
            .as_deref()
            .map_or(String::new(), |s| format!(" (install with engines/{s})"));
        row.audit = Err(format!("not installed: {program} not found{install}"));
        return row;
    }
    let audit = audit_options(
        options,
        manifest,
        profile,
        moves,
        options.out.join(row.folder()),
    );
    let games = audit.games;
    let meter = options.progress.meter(
        games as u64,
        &format!("games ({id}, {})", profile.rules_name),
    );
    row.audit = run_audit(&audit, |_| meter.inc(1)).map_err(|e| e.to_string());
    meter.finish();
    if let Ok(summary) = &mut row.audit {
        for finding in &mut summary.found {
            super::cause::judge(&manifest.cause, &profile.rules_name, finding);
        }
    }
    if options.progress.stop().is_requested() {
        return row;
    }
    // The vectors are given moves: run once per profile, on its play row.
    if let (Some(files), Moves::Given) = (&options.vectors, moves) {
        run_vectors(options, (manifest, profile), files, &mut row);
    }
    row
}

/// Runs the vectors on the row's engine, then replays each failed one as
/// a game, as `audit --replay` would, its divergence judged by the
/// manifest's causes like the audit's: a failure the engine states it
/// means is not counted as a divergence without a standing.
fn run_vectors(
    options: &MatrixOptions,
    (manifest, profile): (&Manifest, &CheckedProfile),
    files: &[VectorFile],
    row: &mut Row,
) {
    let mut failed: Vec<(String, Option<Script>)> = Vec::new();
    row.vectors = Some(vectors_run::run(
        &profile.command,
        files,
        &[],
        Some(profile.rules),
        vectors_run::NotHeld {
            off: &profile.skip_checks,
            tolerates: &profile.tolerates,
        },
        options.timeout,
        |case, result| {
            if result.status == "fail" {
                failed.push((case.id.clone(), case_script(case)));
            }
            match options.progress.stop().is_requested() {
                true => std::ops::ControlFlow::Break(()),
                false => std::ops::ControlFlow::Continue(()),
            }
        },
    ));
    row.vectors_replayed = replay_failed(options, (manifest, profile), failed);
}

/// The failed vectors replayed on the engine, their findings judged: those
/// that are games under the row's own rules, komi aside (GTP states them,
/// the engine was held to the case recomputed under its rules, and `komi`
/// is sent with each game). `None` when there are none, or the replays
/// could not run or were stopped: then each failure counts as a divergence
/// without a standing.
fn replay_failed(
    options: &MatrixOptions,
    (manifest, profile): (&Manifest, &CheckedProfile),
    failed: Vec<(String, Option<Script>)>,
) -> Option<(Vec<String>, AuditSummary)> {
    let games: Vec<(String, Script)> = failed
        .into_iter()
        .filter_map(|(id, script)| Some((id, script?)))
        .filter(|(_, script)| same_but_komi(script.setup.rules, profile.rules))
        .collect();
    if games.is_empty() || options.progress.stop().is_requested() {
        return None;
    }
    let mut audit = audit_options(options, manifest, profile, Moves::Given, PathBuf::new());
    // The reproducers are kept in the data (and the site): the row's
    // folder holds its audit's files only.
    audit.out = None;
    audit.replay = games
        .iter()
        .map(|(id, script)| (PathBuf::from(format!("vector {id}")), script.clone()))
        .collect();
    let mut summary = run_audit(&audit, |_| {}).ok()?;
    if summary.stopped.is_some() {
        return None;
    }
    for finding in &mut summary.found {
        super::cause::judge(&manifest.cause, &profile.rules_name, finding);
    }
    Some((games.into_iter().map(|(id, _)| id).collect(), summary))
}

/// Whether `a` and `b` are the same rules but for komi.
fn same_but_komi(a: Rules, b: Rules) -> bool {
    let no_komi = |r: Rules| Rules {
        komi_half_points: 0,
        ..r
    };
    no_komi(a) == no_komi(b)
}

/// The audit of one row: the profile's engine, rules, sizes and checks,
/// the matrix's seed, timeout and profile, reports in `out`.
fn audit_options(
    options: &MatrixOptions,
    manifest: &Manifest,
    profile: &CheckedProfile,
    moves: Moves,
    out: PathBuf,
) -> AuditOptions {
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
    if let Some(start) = manifest.start_timeout {
        audit.gtp.start_timeout = Some(Duration::from_secs_f64(start));
    }
    audit.minimise_budget = if options.quick { 40 } else { 300 };
    audit.moves = moves;
    audit.tolerates.clone_from(&profile.tolerates);
    audit.out = Some(out);
    audit.stop = options.progress.stop().clone();
    audit
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
            row.held_to(),
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
        Err(why) => format!("{} under {}: skipped: {why}", row.engine, row.held_to()),
    }
}

impl Row {
    /// The folder of the row's reproducers, under the output folder.
    pub fn folder(&self) -> String {
        let mut folder = format!("{}-{}", self.id, slug(&self.rules_name));
        if !self.label.is_empty() {
            folder = format!("{folder}-{}", slug(&self.label));
        }
        match self.moves {
            Moves::Given => folder,
            Moves::Own => format!("{folder}-genmove"),
        }
    }

    /// What the row holds the engine to, as the table names it: the rules,
    /// the profile's label, and "its own moves" when it chose them.
    pub fn held_to(&self) -> String {
        held_to(&self.rules_name, &self.label, self.moves.name())
    }

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

/// The matrix as data: what `matrix.json` holds, and what the rest is
/// made from.
pub fn matrix_data(rows: &[Row], seed: u64, quick: bool) -> MatrixData {
    let rows =
        rows.iter()
            .map(|row| RowData {
                id: row.id.clone(),
                engine: row.engine.clone(),
                rules_name: row.rules_name.clone(),
                label: row.label.clone(),
                rules: row.rules.clone(),
                mode: row.moves.name().to_string(),
                tolerated: row.tolerated.clone(),
                command: row.command.join(" "),
                replay: row.replay_options.clone(),
                folder: row.audit.is_ok().then(|| row.folder()),
                skipped: row.audit.as_ref().err().cloned(),
                skipped_checks: row.skipped_checks.clone(),
                obsolete: row.obsolete.clone(),
                audit: row.audit.as_ref().ok().map(audit_data),
                vectors: row.vectors.as_ref().and_then(|v| v.as_ref().ok().copied()),
                vectors_error: row.vectors.as_ref().and_then(|v| v.as_ref().err().cloned()),
                vectors_replayed: row.vectors_replayed.as_ref().map(|(ids, summary)| {
                    ReplayedVectors {
                        ids: ids.clone(),
                        audit: audit_data(summary),
                    }
                }),
                columns: row
                    .columns()
                    .into_iter()
                    .map(|(h, c)| (h.to_string(), c))
                    .collect(),
            })
            .collect();
    MatrixData {
        format: FORMAT,
        seed,
        profile: if quick { "quick" } else { "full" }.to_string(),
        rows,
        unfinished: Vec::new(),
    }
}
