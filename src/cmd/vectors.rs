//! `tromp-taylor vectors`: the portable conformance vectors, exported as
//! files or run against a GTP engine.

use clap::{Args, Subcommand};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tromp_taylor_harness::vocab::Rules;
use tromp_taylor_records::vectors::VectorFile;

#[derive(Subcommand)]
pub enum VectorsCommand {
    /// Write the vectors (JSON, one file per group, and gogui-regress .tst
    /// files) to DIR: the hand-written cases, confirmed by spec and fast,
    /// and generated games, computed by spec and confirmed by fast.
    Export {
        /// The folder to write.
        dir: PathBuf,
        /// A folder of hand-written cases to export instead of the suite
        /// (by default the suite's `testdata/cases/`, carried in the binary).
        #[arg(long)]
        cases: Option<PathBuf>,
        /// How many generated cases besides the hand-written ones.
        #[arg(long, default_value_t = 40, value_parser = super::numbers::generated)]
        generated: usize,
        /// The seed of the generated cases.
        #[arg(long, default_value_t = 20261122)]
        seed: u64,
    },
    /// Run the vectors in DIR against a GTP engine: one JSON line per case
    /// and a summary. Exit 0 when all pass, 1 on a failure, 2 when the
    /// engine could not be run or DIR holds no valid vectors (each file is
    /// checked against harness/schema/vectors.schema.json before anything runs).
    Run {
        #[command(flatten)]
        options: RunOptions,
        /// Also write the run as JSON (the tally and every case's result)
        /// to this file.
        #[arg(long)]
        json: Option<PathBuf>,
        /// Also write JUnit XML (a test case per vector case) to this file.
        #[arg(long)]
        junit: Option<PathBuf>,
        /// Run the vectors carried in this binary (what `vectors export`
        /// writes by default) instead of a folder's.
        #[arg(long, conflicts_with = "dir")]
        builtin: bool,
        /// The folder written by `vectors export`.
        #[arg(default_value = "vectors")]
        dir: PathBuf,
    },
}

impl VectorsCommand {
    /// Exports the vectors, or runs them against an engine.
    pub fn run(self) -> ExitCode {
        match self {
            VectorsCommand::Export {
                dir,
                cases,
                generated,
                seed,
            } => export(&dir, cases.as_deref(), generated, seed),
            VectorsCommand::Run {
                options,
                json,
                junit,
                builtin,
                dir,
            } => {
                use tromp_taylor_conformance::vectors_run::read_dir;
                for file in [&json, &junit].into_iter().flatten() {
                    if file.is_dir() {
                        eprintln!("error: {}: is a folder, not a file", file.display());
                        return ExitCode::from(2);
                    }
                }
                let files = if builtin {
                    super::builtin_cases::vector_files()
                } else {
                    read_dir(&dir).map_err(|e| e.to_string())
                };
                let files = match files {
                    Ok(files) => files,
                    Err(e) => {
                        eprintln!("error: the vectors cannot be run: {e}");
                        return ExitCode::from(2);
                    }
                };
                options.run(&files, &json, &junit)
            }
        }
    }
}

/// What `vectors run` runs the cases with.
#[derive(Args)]
pub struct RunOptions {
    /// The engine's command line, e.g. "gnugo --mode gtp".
    #[arg(long)]
    engine: String,
    /// Skip the cases that require these tags (comma-separated), e.g.
    /// `superko:situational,large-board`.
    #[arg(long, default_value = "")]
    skip: String,
    /// Seconds to wait for each answer (above 0, at most a day).
    #[arg(long, default_value_t = 20.0, value_parser = super::numbers::seconds)]
    timeout: f64,
    /// For an engine that cannot be told the rules (no kata-set-rules):
    /// the rules its command line gives it (komi included, if it is
    /// fixed too); every case is run recomputed under them by spec.
    #[arg(long, value_parser = super::rules_by_any_name)]
    assume_rules: Option<Rules>,
    /// Checks to switch off, comma-separated (is_legal, all_legal,
    /// board, captures, score), for a command the engine lacks or only
    /// estimates.
    #[arg(long, value_delimiter = ',')]
    skip_checks: Vec<tromp_taylor_conformance::audit::CheckName>,
    /// Illegal moves the engine's `play` takes on purpose (KataGo's
    /// tolerant `play`), comma-separated reasons (ko, superko, suicide):
    /// a case that expects such a refusal is skipped.
    #[arg(long, value_delimiter = ',', value_parser = super::audit::tolerated_reason)]
    tolerates: Vec<&'static str>,
}

impl RunOptions {
    /// Runs every case of `files`, printing each result as a line of JSON
    /// (with a bar on a terminal), until done or stopped by Ctrl-C or
    /// SIGTERM; then the summary and the exports of what ran.
    fn run(
        &self,
        files: &[VectorFile],
        json: &Option<PathBuf>,
        junit: &Option<PathBuf>,
    ) -> ExitCode {
        let skip: Vec<String> = self
            .skip
            .split(',')
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        let command = tromp_taylor_gtp::client::split_command(&self.engine);
        let not_held = tromp_taylor_conformance::vectors_run::NotHeld {
            off: &self.skip_checks,
            tolerates: &self.tolerates,
        };
        let mut results = Vec::new();
        let progress = super::progress::bars(true);
        let cases = files.iter().map(|f| f.cases.len() as u64).sum();
        let meter = progress.meter(cases, "cases");
        let tally = tromp_taylor_conformance::vectors_run::run(
            &command,
            files,
            &skip,
            self.assume_rules,
            not_held,
            std::time::Duration::from_secs_f64(self.timeout),
            |_, result| {
                let line = serde_json::to_string(result).expect("results serialize");
                println!("{}", tromp_taylor_harness::safe::json(&line));
                results.push(result.clone());
                meter.inc(1);
                match progress.stop().is_requested() {
                    true => ControlFlow::Break(()),
                    false => ControlFlow::Continue(()),
                }
            },
        );
        meter.finish();
        let tally = match tally {
            Ok(tally) => tally,
            Err(e) => {
                eprintln!("error: the engine could not be run: {e}");
                return ExitCode::from(2);
            }
        };
        if let Some(line) = super::signals::stopped_line(progress.stop()) {
            eprintln!("{line}: {} of {cases} cases ran", results.len());
        }
        let ran = Ran {
            engine: &self.engine,
            tally,
            results: &results,
        };
        let status = ran.exit(json, junit);
        super::signals::stopped_status(progress.stop()).unwrap_or(status)
    }
}

/// `vectors export`: the hand-written cases (of the folder `cases`, or else
/// the suite's), and `generated` generated from `seed`, written to `dir`.
fn export(dir: &Path, cases: Option<&Path>, generated: usize, seed: u64) -> ExitCode {
    let written = match cases {
        Some(cases) => tromp_taylor_records::vectors::export(cases, dir, generated, seed),
        None => tromp_taylor_records::vectors::all_cases_from_texts(
            super::builtin_cases::CASE_FILES,
            generated,
            seed,
        )
        .and_then(|cases| tromp_taylor_records::vectors::export_cases(cases, dir)),
    };
    match written {
        Ok(count) => {
            println!("{count} cases written to {}", dir.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// What `vectors run` ran: the engine, the tally and every case's result.
struct Ran<'a> {
    engine: &'a str,
    tally: tromp_taylor_conformance::vectors_run::Tally,
    results: &'a [tromp_taylor_conformance::vectors_run::CaseResult],
}

impl Ran<'_> {
    /// The exports, the tally, and the exit code (1 on a failure or an
    /// error, 2 when no case ran).
    fn exit(&self, json: &Option<PathBuf>, junit: &Option<PathBuf>) -> ExitCode {
        let tally = self.tally;
        if let Err(e) = self.write_exports(json, junit) {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
        println!(
            "{} pass, {} fail, {} skip, {} error, {} scoring convention",
            tally.pass, tally.fail, tally.skip, tally.error, tally.convention
        );
        if tally.fail + tally.error > 0 {
            ExitCode::FAILURE
        } else if tally.pass + tally.convention == 0 {
            eprintln!(
                "error: no case ran: all {} were skipped (see each line's reason)",
                tally.skip
            );
            ExitCode::from(2)
        } else {
            ExitCode::SUCCESS
        }
    }

    /// Writes `vectors run --json` and `--junit`, where asked.
    fn write_exports(&self, json: &Option<PathBuf>, junit: &Option<PathBuf>) -> Result<(), String> {
        let (engine, tally, results) = (self.engine, self.tally, self.results);
        use tromp_taylor_conformance::vectors_run::{junit_suite, RunData};
        if let Some(path) = json {
            let data = RunData {
                engine: engine.to_string(),
                tally,
                cases: results,
            };
            let text = serde_json::to_string_pretty(&data).map_err(|e| e.to_string())?;
            let text = tromp_taylor_harness::safe::json(&text);
            tromp_taylor_harness::file::write_whole(path, text + "\n")
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
        if let Some(path) = junit {
            let suite = junit_suite(engine, results);
            let xml = tromp_taylor_conformance::audit::export::junit(
                "tromp-taylor vectors run",
                vec![suite],
            );
            tromp_taylor_harness::file::write_whole(path, xml)
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
        Ok(())
    }
}
