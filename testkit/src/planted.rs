//! The `planted` job: proof that the differential tester works. Runs the
//! default differential check (`tromp-taylor diff` with its defaults, `spec`
//! against `fast`) once with no bug planted, which must find nothing, then
//! once against each bug planted on purpose in `fast` (the cargo feature
//! `planted-bugs`), each of which it must catch.

use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use tromp_taylor_fast::planted::{plant, Bug};
use tromp_taylor_harness::diff::Difference;
use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::run::{run_diff, DiffOptions, Finding, Summary};

/// The seed of every run of the job: fixed, so the figures repeat.
pub const PLANTED_SEED: u64 = 20_240_611;

/// Games per run: the default of `tromp-taylor diff`.
pub const PLANTED_GAMES: usize = 5000;

/// The options of every run: the defaults of `tromp-taylor diff` with
/// `seed`, stopping at the first divergence.
pub fn planted_options(games: usize, seed: u64) -> DiffOptions {
    let mut options = DiffOptions::new(games, seed);
    options.stop_at_first = true;
    options
}

/// The name of a kind of difference, as the divergence report calls it.
pub fn difference_kind(difference: &Difference) -> &'static str {
    difference.kind()
}

/// One run of the differential check, with a bug planted or none.
#[derive(Debug)]
pub struct BugRun {
    /// The bug planted, or `None` for the control run.
    pub bug: Option<Bug>,
    /// What the run came to; `None` if it panicked.
    pub summary: Option<Summary>,
}

impl BugRun {
    /// The first divergence (the lowest game index), if any.
    pub fn first(&self) -> Option<&Finding> {
        self.summary.as_ref().and_then(|s| s.found.first())
    }

    /// Whether the run found a divergence.
    pub fn caught(&self) -> bool {
        self.first().is_some()
    }

    /// The games it took: the index of the first failing game plus one, or
    /// the games run when it stopped.
    pub fn games(&self) -> usize {
        match (self.first(), &self.summary) {
            (Some(found), _) => found.game + 1,
            (None, Some(summary)) => summary.games,
            (None, None) => 0,
        }
    }
}

impl fmt::Display for BugRun {
    /// One line: name, caught or not, games, divergence kind, description; then
    /// where the minimised divergence parts.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(bug) = self.bug else {
            return match &self.summary {
                Some(s) => write!(
                    f,
                    "control (no bug planted): {} games, {} turns in {:.1} s: {} divergences",
                    s.games,
                    s.turns,
                    s.elapsed.as_secs_f64(),
                    s.found.len()
                ),
                None => f.write_str("control (no bug planted): PANICKED"),
            };
        };
        let status = match (&self.summary, self.caught()) {
            (None, _) => "PANICKED",
            (Some(_), true) => "caught",
            (Some(_), false) => "MISSED",
        };
        let kind = self
            .first()
            .map_or("-", |found| difference_kind(&found.divergence.difference));
        write!(
            f,
            "{:>2}. {:<34} {:<8} {:>5} games  {:<10} {}",
            bug as usize + 1,
            bug.name(),
            status,
            self.games(),
            kind,
            bug.description()
        )?;
        if let Some(found) = self.first() {
            let m = &found.divergence;
            let what = m.describe();
            let what = what.lines().next().unwrap_or("");
            write!(
                f,
                "\n    game {}, minimised to {} steps on {} under {}: {}",
                found.game, m.steps, m.setup.size, m.setup.rules, what
            )?;
        }
        Ok(())
    }
}

/// Runs the check with `bug` planted (or none), then removes it.
pub fn run_bug(bug: Option<Bug>, options: &DiffOptions) -> BugRun {
    plant(bug);
    let summary = catch_unwind(AssertUnwindSafe(|| run_diff(options))).ok();
    plant(None);
    BugRun { bug, summary }
}

/// The whole job: the control run, then every bug; `each` sees every run as
/// it finishes.
pub fn run_planted(options: &DiffOptions, mut each: impl FnMut(&BugRun)) -> Vec<BugRun> {
    let mut control_options = options.clone();
    control_options.stop_at_first = false;
    let mut runs = vec![run_bug(None, &control_options)];
    each(&runs[0]);
    for bug in Bug::ALL {
        let run = run_bug(Some(bug), options);
        each(&run);
        runs.push(run);
    }
    runs
}

/// Whether the job passed: the control run found nothing and every bug was caught.
pub fn passed(runs: &[BugRun]) -> bool {
    runs.iter().all(|run| match run.bug {
        None => run.summary.as_ref().is_some_and(|s| s.found.is_empty()),
        Some(_) => run.caught(),
    })
}

/// The last line of the job's report: `caught N of M planted bugs`.
pub fn final_line(runs: &[BugRun]) -> String {
    let bugs = runs.iter().filter(|r| r.bug.is_some());
    let total = bugs.clone().count();
    let caught = bugs.filter(|r| r.caught()).count();
    format!("caught {caught} of {total} planted bugs")
}

/// The SGF of a minimised divergence found with `bug` planted, with the cause
/// in a root comment.
pub fn regression_sgf(bug: Bug, found: &Finding) -> String {
    let mut record = found.divergence.game_record();
    record.comment = Some(format!(
        "cause: planted bug {}: {}",
        bug.name(),
        bug.description()
    ));
    tromp_taylor_harness::sgf::write_record(&record) + "\n"
}

/// Whether `spec` and `fast` agree on the game of an SGF text (read as a
/// generated game: its setup position if it has one, every attempt).
pub fn agree_on_sgf(text: &str) -> Result<bool, tromp_taylor_harness::sgf::SgfError> {
    let options = tromp_taylor_harness::sgf::ReadOptions {
        attempts: true,
        ..tromp_taylor_harness::sgf::ReadOptions::default()
    };
    let record = tromp_taylor_harness::sgf::read_game(text, &options)?;
    let script = tromp_taylor_harness::script::Script::from_game_record(&record);
    Ok(tromp_taylor_harness::diff::compare_script(
        &script,
        &EngineKind::spec(),
        &EngineKind::fast(),
        true,
    )
    .is_ok())
}

/// Saves each caught bug's minimised divergence in `dir` as
/// `NNNN-planted-<name>.sgf` (an existing file of that bug keeps its number;
/// new ones take the next free numbers), and checks that `spec` and `fast`,
/// with no bug planted, agree on it. Returns each file and whether they agree.
/// A divergence found after undos is not saved: an SGF holds no undo.
pub fn save_regressions(runs: &[BugRun], dir: &Path) -> std::io::Result<Vec<(PathBuf, bool)>> {
    std::fs::create_dir_all(dir)?;
    let mut names: Vec<String> = std::fs::read_dir(dir)?
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .collect();
    let mut saved = Vec::new();
    for run in runs {
        let (Some(bug), Some(found)) = (run.bug, run.first()) else {
            continue;
        };
        if found.divergence.undos > 0 {
            continue;
        }
        let suffix = format!("-planted-{}.sgf", bug.name());
        let name = match names.iter().find(|n| n.ends_with(&suffix)) {
            Some(existing) => existing.clone(),
            None => {
                let next = names
                    .iter()
                    .filter_map(|n| n.get(..4)?.parse::<usize>().ok())
                    .max()
                    .unwrap_or(0)
                    + 1;
                let name = format!("{next:04}{suffix}");
                names.push(name.clone());
                name
            }
        };
        let path = dir.join(name);
        let text = regression_sgf(bug, found);
        std::fs::write(&path, &text)?;
        plant(None);
        let agree = agree_on_sgf(&text).unwrap_or(false);
        saved.push((path, agree));
    }
    Ok(saved)
}
