//! `tromp-taylor matrix`: every engine of a folder of manifests audited
//! under the rules it is held to, written as JSON, JUnit XML, the Markdown
//! table of docs/conformance.md and a static site; `matrix merge` makes
//! several runs one.

use clap::{Args, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use tromp_taylor_conformance::matrix::data::MatrixData;
use tromp_taylor_conformance::matrix::merge::{copy_folders, merge, write_outputs};
use tromp_taylor_conformance::matrix::{matrix_data, resume, run_matrix, upstream, MatrixOptions};
use tromp_taylor_harness::safe;

/// `tromp-taylor matrix [ENGINES] --out DIR [--quick]`, or
/// `tromp-taylor matrix merge DIR... --out DIR`.
#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct MatrixArgs {
    #[command(subcommand)]
    merge: Option<MatrixCommand>,
    #[command(flatten)]
    run: RunArgs,
}

/// What `matrix` does besides running.
#[derive(Subcommand, Debug)]
enum MatrixCommand {
    /// Merge runs of the matrix (each DIR a `--out` of `matrix`) into one:
    /// their format, seed and profile must agree, and no row (engine,
    /// rules, label, mode) be in two of them. Writes matrix.json, junit.xml,
    /// matrix.md and the site, and copies each row's folder.
    Merge(MergeArgs),
}

/// `tromp-taylor matrix merge DIR... --out DIR`.
#[derive(Args, Debug)]
struct MergeArgs {
    /// The runs' output folders, each with its matrix.json.
    #[arg(required = true)]
    runs: Vec<PathBuf>,
    /// Where to write the merged matrix and its site.
    #[arg(long)]
    out: PathBuf,
}

/// `tromp-taylor matrix [ENGINES] --out DIR [--quick]`.
#[derive(Args, Debug)]
struct RunArgs {
    /// The folder of engine manifests (`NAME.toml`; see engines/README.md).
    #[arg(default_value = "engines")]
    engines: PathBuf,
    /// Where to write matrix.json, junit.xml, matrix.md, the site
    /// (index.html) and each divergence's SGF and report.
    #[arg(long, default_value = "matrix")]
    out: PathBuf,
    /// The quick profile (CI): only the engines marked `quick`, each with
    /// its `quick_games`.
    #[arg(long)]
    quick: bool,
    /// Only these engines (manifest names without `.toml`), comma-separated.
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// The seed of every audit (default: from the clock; printed).
    #[arg(long)]
    seed: Option<u64>,
    /// Seconds an engine may take over one command (above 0, at most a day).
    #[arg(long, default_value_t = 10.0, value_parser = super::numbers::seconds)]
    timeout: f64,
    /// Also run the conformance vectors in DIR (from `vectors export`) on
    /// each engine, under the rules of each of its profiles.
    #[arg(long)]
    vectors: Option<PathBuf>,
    /// Finish a run stopped in the --out folder: keep the engines it
    /// completed, run the others (the seed and profile are the earlier
    /// run's; an engine it stopped in runs again from its first row).
    #[arg(long)]
    resume: bool,
}

impl MatrixArgs {
    /// Runs the matrix, or merges runs.
    pub fn run(self) -> ExitCode {
        match self.merge {
            Some(MatrixCommand::Merge(args)) => args.run(),
            None => self.run.run(),
        }
    }
}

impl MergeArgs {
    /// Merges the runs; exits with 2 when they cannot be merged or the
    /// output written, 1 when an engine breaks the rules, else 0.
    fn run(self) -> ExitCode {
        let written = merge(&self.runs).and_then(|mut data| {
            copy_folders(&self.runs, &mut data, &self.out)?;
            let table = write_outputs(&data, &self.out)?;
            Ok((data, table))
        });
        match written {
            Ok((data, table)) => {
                println!(
                    "tromp-taylor matrix merge: {} run{}, {} rows, in {} (index.html)\n\n{table}",
                    self.runs.len(),
                    if self.runs.len() == 1 { "" } else { "s" },
                    data.rows.len(),
                    self.out.display(),
                    table = safe::text(&table)
                );
                if data.rows.iter().any(|r| r.divergences() > 0) {
                    ExitCode::FAILURE
                } else {
                    ExitCode::SUCCESS
                }
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        }
    }
}

impl RunArgs {
    /// Runs the matrix; exits with 1 when an engine breaks the rules
    /// (scoring conventions aside), 2 when the manifests or the vectors
    /// cannot be read or the output folder made.
    fn run(self) -> ExitCode {
        let vectors = match &self.vectors {
            Some(dir) => match tromp_taylor_records::vectors::read_vectors(dir) {
                Ok(files) => Some(files),
                Err(e) => {
                    eprintln!("error: the vectors cannot be run: {e}");
                    return ExitCode::from(2);
                }
            },
            None => None,
        };
        let earlier = match self.earlier() {
            Ok(earlier) => earlier,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        };
        let seed = earlier
            .as_ref()
            .map(|data| data.seed)
            .or(self.seed)
            .unwrap_or_else(super::clock_seed);
        let options = MatrixOptions {
            engines: self.engines.clone(),
            out: self.out.clone(),
            quick: self.quick,
            only: self.only.clone(),
            seed,
            timeout: Duration::from_secs_f64(self.timeout),
            vectors,
            done: earlier
                .as_ref()
                .map_or(Vec::new(), MatrixData::complete_engines),
            progress: super::progress::bars(true),
        };
        self.print_heading(seed, earlier.is_some());
        let rows = match run_matrix(&options, |line| println!("{}", safe::text(line))) {
            Ok(rows) => rows,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        };
        let mut data = matrix_data(&rows, seed, self.quick);
        if options.progress.stop().is_requested() {
            // The engine it was on when it stopped has not all its rows.
            data.unfinished = rows.last().map(|row| row.id.clone()).into_iter().collect();
        }
        if let Some(earlier) = &earlier {
            data = data.with_kept(earlier);
        }
        let markdown = match write_outputs(&data, &self.out) {
            Ok(markdown) => markdown,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        };
        if let Err(e) = upstream::write_reports(&rows, &self.out) {
            eprintln!("error: {}: {e}", self.out.join("reports").display());
            return ExitCode::from(2);
        }
        println!("\n{}", safe::text(&markdown));
        if let Some(status) = super::signals::stopped_status(options.progress.stop()) {
            self.print_stopped(&options, &data);
            return status;
        }
        if data.rows.iter().any(|row| row.divergences() > 0) {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        }
    }

    /// The line that says what runs.
    fn print_heading(&self, seed: u64, resumed: bool) {
        println!(
            "tromp-taylor matrix: {} ({} profile), seed {seed} (repeat with --seed {seed}), results in {}{}",
            self.engines.display(),
            if self.quick { "quick" } else { "full" },
            self.out.display(),
            if resumed { ", resuming the run there" } else { "" }
        );
    }

    /// The earlier run to finish, when `--resume` asks for one.
    fn earlier(&self) -> Result<Option<MatrixData>, resume::ResumeError> {
        match self.resume {
            true => resume::earlier(&self.out, self.seed, self.quick).map(Some),
            false => Ok(None),
        }
    }

    /// What a stopped run says last: the signal, the rows done, and how to
    /// finish it.
    fn print_stopped(&self, options: &MatrixOptions, data: &MatrixData) {
        println!(
            "\n{}\n{} rows done{}; finish the run with: tromp-taylor matrix {} --out {} --resume",
            super::signals::stopped_line(options.progress.stop()).unwrap_or_default(),
            data.rows.len(),
            match data.unfinished.first() {
                Some(id) => format!(" ({id} unfinished: it runs again from its first row)"),
                None => String::new(),
            },
            self.engines.display(),
            self.out.display(),
        );
    }
}
