//! `tromp-taylor matrix`: every engine of a folder of manifests audited
//! under the rules it is held to, written as JSON, JUnit XML and the
//! Markdown table of docs/conformance.md.

use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use tromp_taylor_gtp::matrix::{
    matrix_json, matrix_junit, matrix_markdown, run_matrix, upstream, MatrixOptions,
};

/// `tromp-taylor matrix [ENGINES] --out DIR [--quick]`.
#[derive(Args, Debug)]
pub struct MatrixArgs {
    /// The folder of engine manifests (`NAME.toml`; see engines/README.md).
    #[arg(default_value = "engines")]
    engines: PathBuf,
    /// Where to write matrix.json, junit.xml, matrix.md and each
    /// divergence's SGF and report.
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
}

impl MatrixArgs {
    /// Runs the matrix; exits with 1 when an engine breaks the rules
    /// (scoring conventions aside), 2 when the manifests or the vectors
    /// cannot be read or the output folder made.
    pub fn run(self) -> ExitCode {
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
        let seed = self.seed.unwrap_or_else(super::clock_seed);
        let options = MatrixOptions {
            engines: self.engines.clone(),
            out: self.out.clone(),
            quick: self.quick,
            only: self.only.clone(),
            seed,
            timeout: Duration::from_secs_f64(self.timeout),
            vectors,
        };
        println!(
            "tromp-taylor matrix: {} ({} profile), seed {seed} (repeat with --seed {seed}), results in {}",
            self.engines.display(),
            if self.quick { "quick" } else { "full" },
            self.out.display()
        );
        let rows = match run_matrix(&options, |line| println!("{line}")) {
            Ok(rows) => rows,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        };
        let markdown = matrix_markdown(&rows);
        for (name, text) in [
            ("matrix.json", matrix_json(&rows) + "\n"),
            ("junit.xml", matrix_junit(&rows)),
            ("matrix.md", markdown.clone()),
        ] {
            let path = self.out.join(name);
            if let Err(e) = std::fs::write(&path, text) {
                eprintln!("error: {}: {e}", path.display());
                return ExitCode::from(2);
            }
        }
        if let Err(e) = upstream::write_reports(&rows, &self.out) {
            eprintln!("error: {}: {e}", self.out.join("reports").display());
            return ExitCode::from(2);
        }
        println!("\n{markdown}");
        if rows.iter().any(|row| row.diverges()) {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        }
    }
}
