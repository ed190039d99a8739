//! `count positions` split over machines: one modulus job (`--modulus M`, or `--job K --jobs N`), its result file (`--out`), its checkpoints (`--checkpoint`, `--resume`), `count combine` and `count checkpoint`.

use super::super::{fail, print_json, signals};
use clap::{Args, ValueEnum};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;
use tromp_taylor_counts::border::{legal_colorings, Across, BorderOptions, LegalColorings};
use tromp_taylor_counts::modular::{self, Bound, Residue};
use tromp_taylor_counts::{checkpoint, CountError};
use tromp_taylor_harness::vocab::Size;

/// `tromp-taylor count positions ...`.
#[derive(Args, Debug)]
pub(super) struct PositionsArgs {
    /// Board size: N, WxH or W:H.
    pub(super) size: Size,
    /// Count modulo M (at least 2) instead of exactly, one 64-bit word a
    /// border state.
    #[arg(long, value_name = "M", conflicts_with_all = ["job", "enumerate", "edges"])]
    pub(super) modulus: Option<u64>,
    /// Count modulo the K-th (from 1) of the N moduli of a split count: the
    /// largest primes below 2^64, in descending order.
    #[arg(long, value_name = "K", requires = "jobs", conflicts_with_all = ["enumerate", "edges"])]
    pub(super) job: Option<usize>,
    /// The number of modulus jobs of the split count (with --job).
    #[arg(long, value_name = "N", requires = "job")]
    pub(super) jobs: Option<usize>,
    /// The side the border runs across: the shorter (fewest states) or the
    /// longer (a check: L(m, n) = L(n, m)).
    #[arg(long, value_enum, default_value = "shorter")]
    pub(super) across: AcrossArg,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub(super) threads: Option<usize>,
    /// Write the result as a small JSON file (written whole) for `count combine`.
    #[arg(long, value_name = "FILE")]
    pub(super) out: Option<PathBuf>,
    /// Write the border states to FILE between two points, now and then
    /// (written whole: beside, then renamed).
    #[arg(long, value_name = "FILE")]
    pub(super) checkpoint: Option<PathBuf>,
    /// The least time between two checkpoints.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 300,
        requires = "checkpoint"
    )]
    pub(super) checkpoint_every: u64,
    /// Start from the checkpoint (--checkpoint FILE) instead of the empty grid.
    #[arg(long, requires = "checkpoint")]
    pub(super) resume: bool,
    /// Also count by enumerating all 3^points colorings and by exploring
    /// moves of either color from the empty grid (at most 18 points); all
    /// three counts must agree.
    #[arg(long)]
    pub(super) enumerate: bool,
    /// Also count the arcs of the move graph (implies --enumerate).
    #[arg(long)]
    pub(super) edges: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub(super) json: bool,
}

/// `--across`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub(super) enum AcrossArg {
    Shorter,
    Longer,
}

/// The result files' format.
const FORMAT: &str = "tromp-taylor count positions result";

/// Its version.
const VERSION: u32 = 1;

/// A job's result file: what `--out` writes and `count combine` reads.
/// Numbers past 2^53 are strings, so that no JSON reader rounds them.
#[derive(Serialize, Deserialize, Debug)]
struct ResultFile {
    format: String,
    version: u32,
    size: String,
    width: usize,
    height: usize,
    across: usize,
    /// The modulus; absent for the exact count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    modulus: Option<String>,
    /// L modulo the modulus, or L itself for the exact count.
    residue: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    job: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    jobs: Option<usize>,
    border_states: usize,
    seconds: f64,
    /// The process's peak resident memory (VmHWM), where the system says.
    peak_rss_bytes: Option<u64>,
}

/// The peak resident memory of this process, from /proc/self/status.
fn peak_rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// The count's options from the command line's.
pub(super) fn border_options(args: &PositionsArgs, modulus: Option<u64>) -> BorderOptions {
    let mut options = BorderOptions::new(args.size.width(), args.size.height());
    options.progress = super::super::progress::bars(!args.json);
    options.threads = args.threads.unwrap_or(options.threads);
    options.across = match args.across {
        AcrossArg::Shorter => Across::Shorter,
        AcrossArg::Longer => Across::Longer,
    };
    options.modulus = modulus;
    options.checkpoint.clone_from(&args.checkpoint);
    options.checkpoint_every = Duration::from_secs(args.checkpoint_every);
    options.resume = args.resume;
    options
}

/// The modulus of `--modulus M` or `--job K --jobs N`.
fn modulus_of(args: &PositionsArgs) -> Result<u64, CountError> {
    match (args.modulus, args.job, args.jobs) {
        (Some(m), _, _) => Ok(m),
        (None, Some(job), Some(jobs)) if (1..=jobs).contains(&job) => modular::job_modulus(job)
            .ok_or_else(|| CountError::BadJob(format!("no modulus for job {job}"))),
        (None, job, jobs) => Err(CountError::BadJob(format!(
            "--job {} --jobs {}: a job is numbered from 1 to the number of jobs",
            job.unwrap_or(0),
            jobs.unwrap_or(0)
        ))),
    }
}

/// `count positions --modulus M` or `--job K --jobs N`: L mod M.
pub(super) fn modulus_job(args: &PositionsArgs) -> ExitCode {
    let modulus = match modulus_of(args) {
        Ok(m) => m,
        Err(e) => return fail(e),
    };
    let options = border_options(args, Some(modulus));
    let counted = match legal_colorings(&options) {
        Ok(counted) => counted,
        Err(error) => return failed(args, &options, error),
    };
    if let Some(out) = &args.out {
        if let Err(code) = write_result(out, args, &counted, args.job.zip(args.jobs)) {
            return code;
        }
    }
    if args.json {
        print_json(&result_of(args, &counted, args.job.zip(args.jobs)));
        return ExitCode::SUCCESS;
    }
    println!(
        "legal colorings of {} modulo {modulus}: {} by the transfer matrix across {} \
         ({} border states at most, {:.3} s{})",
        args.size,
        counted.count,
        counted.across,
        counted.most_states,
        counted.time.as_secs_f64(),
        counted
            .resumed_at
            .map_or(String::new(), |p| format!(", resumed after {p} points"))
    );
    println!("{}", counted.count);
    ExitCode::SUCCESS
}

/// A count that failed: stopped (what it did, and how to resume; 130 or
/// 143), or refused (exit 2).
pub(super) fn failed(args: &PositionsArgs, options: &BorderOptions, error: CountError) -> ExitCode {
    let CountError::Stopped(stopped) = &error else {
        return fail(error);
    };
    let stop = options.progress.stop();
    if let Some(line) = signals::stopped_line(stop) {
        eprintln!("{line}");
    }
    eprintln!("{stopped}");
    if stopped.checkpoint.is_some() {
        eprintln!("resume with: {}", resume_command(args));
    } else if args.checkpoint.is_none() {
        eprintln!("(with --checkpoint FILE a count can be resumed where it stopped)");
    }
    signals::stopped_status(stop).unwrap_or(ExitCode::from(130))
}

/// The command line that resumes the count of `args` from its checkpoint.
fn resume_command(args: &PositionsArgs) -> String {
    let mut line = format!("tromp-taylor count positions {}", args.size);
    if let Some(m) = args.modulus {
        line += &format!(" --modulus {m}");
    }
    if let (Some(job), Some(jobs)) = (args.job, args.jobs) {
        line += &format!(" --job {job} --jobs {jobs}");
    }
    if matches!(args.across, AcrossArg::Longer) {
        line += " --across longer";
    }
    if let Some(t) = args.threads {
        line += &format!(" --threads {t}");
    }
    if let Some(out) = &args.out {
        line += &format!(" --out {}", out.display());
    }
    if let Some(c) = &args.checkpoint {
        line += &format!(" --checkpoint {}", c.display());
    }
    line += &format!(" --checkpoint-every {} --resume", args.checkpoint_every);
    line
}

fn result_of(
    args: &PositionsArgs,
    counted: &LegalColorings,
    job: Option<(usize, usize)>,
) -> ResultFile {
    ResultFile {
        format: FORMAT.to_string(),
        version: VERSION,
        size: args.size.to_string(),
        width: args.size.width(),
        height: args.size.height(),
        across: counted.across,
        modulus: counted.modulus.map(|m| m.to_string()),
        residue: counted.count.to_string(),
        job: job.map(|j| j.0),
        jobs: job.map(|j| j.1),
        border_states: counted.most_states,
        seconds: counted.time.as_secs_f64(),
        peak_rss_bytes: peak_rss(),
    }
}

/// Writes the result file `out` whole.
pub(super) fn write_result(
    out: &Path,
    args: &PositionsArgs,
    counted: &LegalColorings,
    job: Option<(usize, usize)>,
) -> Result<(), ExitCode> {
    let text = serde_json::to_string_pretty(&result_of(args, counted, job)).map_err(|e| {
        fail(CountError::Checkpoint(format!(
            "cannot write the result: {e}"
        )))
    })?;
    tromp_taylor_harness::file::write_whole(out, text + "\n").map_err(|e| {
        eprintln!("error: cannot write the result to {}: {e}", out.display());
        ExitCode::from(2)
    })
}

/// A result file read back: its size and residue.
fn read_result(path: &Path) -> Result<(usize, usize, Residue), CountError> {
    let bad = |why: String| CountError::DifferentCounts(format!("{}: {why}", path.display()));
    let text = std::fs::read_to_string(path).map_err(|e| bad(format!("cannot read it: {e}")))?;
    let file: ResultFile = serde_json::from_str(&text)
        .map_err(|e| bad(format!("not a result of `count positions --out`: {e}")))?;
    if file.format != FORMAT || file.version != VERSION {
        return Err(bad(format!(
            "a result of format \"{}\" version {}, not \"{FORMAT}\" version {VERSION}",
            file.format, file.version
        )));
    }
    let Some(modulus) = &file.modulus else {
        return Err(bad("an exact count, not a modulus job's result".into()));
    };
    let number = |text: &str, what: &str| {
        text.parse::<u64>()
            .map_err(|_| bad(format!("its {what} {text:?} is not a 64-bit number")))
    };
    let residue = Residue {
        modulus: number(modulus, "modulus")?,
        residue: number(&file.residue, "residue")?,
    };
    Ok((file.width, file.height, residue))
}

#[derive(Serialize)]
struct CombinedJson {
    command: &'static str,
    size: String,
    count: String,
    jobs: usize,
    moduli: Vec<String>,
    determined_by: &'static str,
    relative_error: f64,
}

/// `count combine FILE...`.
pub(super) fn combine(files: &[PathBuf], json: bool) -> ExitCode {
    let mut size = None;
    let mut residues = Vec::new();
    for path in files {
        let (width, height, residue) = match read_result(path) {
            Ok(read) => read,
            Err(e) => return fail(e),
        };
        match size {
            Some((w, h)) if (w, h) != (width, height) => {
                return fail(CountError::DifferentCounts(format!(
                    "{} counts {width}x{height}, the files before it {w}x{h}",
                    path.display()
                )))
            }
            _ => size = Some((width, height)),
        }
        residues.push(residue);
    }
    let Some((width, height)) = size else {
        return fail(CountError::Undetermined("no result files".into()));
    };
    let combined = match modular::combine(width, height, &residues) {
        Ok(c) => c,
        Err(e) => return fail(e),
    };
    let determined_by = match combined.bound {
        Bound::Colorings => "the product of the moduli exceeds 3^points",
        Bound::Approximation => {
            "the product of the moduli exceeds the interval around Tromp's approximation"
        }
    };
    let error = modular::relative_error(width, height, &combined.count);
    if json {
        print_json(&CombinedJson {
            command: "count combine",
            size: format!("{width}x{height}"),
            count: combined.count.to_string(),
            jobs: residues.len(),
            moduli: residues.iter().map(|r| r.modulus.to_string()).collect(),
            determined_by,
            relative_error: error,
        });
        return ExitCode::SUCCESS;
    }
    println!(
        "legal colorings of {width}x{height} from {} modulus jobs: {} ({determined_by}; \
         {error:.2e} from Tromp's approximation)",
        residues.len(),
        combined.count
    );
    println!("{}", combined.count);
    ExitCode::SUCCESS
}

/// `count checkpoint FILE`.
pub(super) fn inspect(file: &Path) -> ExitCode {
    match checkpoint::inspect(file) {
        Ok(header) => {
            println!("{}: whole; {}", file.display(), header.describe());
            ExitCode::SUCCESS
        }
        Err(e) => fail(e),
    }
}
