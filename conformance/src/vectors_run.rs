//! `vectors run`: the conformance vectors played against any GTP engine
//! through the harness's one case runner, the engine behind the GTP adapter
//! ([`tromp_taylor_gtp::adapter`]) and held only to what it claims; one JSON line per
//! case (`pass`, `fail`, `skip`, `convention`, `error`) and a summary, and
//! the whole run as JSON or JUnit XML for other tools.

use crate::audit::scoring::judge_score;
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::time::Duration;
use tromp_taylor_gtp::adapter::{ask_after, gtp_engine_probed, GtpOptions};
use tromp_taylor_gtp::capabilities::Capabilities;
use tromp_taylor_gtp::client::Failure;
use tromp_taylor_harness::cases::{check_case, inputs, unclaimed, Attempt, Step as CaseStep};
use tromp_taylor_harness::engine::{EngineKind, Unsupported as Unclaimed};
use tromp_taylor_harness::script::{Action, Record, Script, Step};
use tromp_taylor_harness::vocab::{Grid, Outcome, Player, Rules};
use tromp_taylor_records::vectors::{read_vectors, under_rules, Case, VectorFile, VectorsError};

/// What running one case came to.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct CaseResult {
    /// The case's id.
    pub id: String,
    /// `pass`, `fail`, `skip` or `error`.
    pub status: String,
    /// Where it failed, or why it was skipped or could not run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    /// What the vector expected there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<String>,
    /// What the engine answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub got: Option<String>,
}

impl CaseResult {
    fn new(id: &str, status: &str) -> CaseResult {
        CaseResult {
            id: id.to_string(),
            status: status.to_string(),
            at: None,
            expected: None,
            got: None,
        }
    }

    fn with(
        mut self,
        at: impl Into<String>,
        expected: impl Into<String>,
        got: impl Into<String>,
    ) -> CaseResult {
        self.at = Some(at.into());
        self.expected = Some(expected.into());
        self.got = Some(got.into());
        self
    }
}

/// Reads every vector file of `dir`, checked against the schema and the
/// format's own rules ([`read_vectors`]): an empty folder, a file the schema
/// refuses, a malformed case or a duplicate id is an error naming the file
/// and the place in it, and nothing is run.
pub fn read_dir(dir: &Path) -> Result<Vec<VectorFile>, VectorsError> {
    read_vectors(dir)
}

/// The engine under `vectors run` and what it can be asked.
struct Runner {
    gtp: GtpOptions,
    caps: Capabilities,
    engine: EngineKind,
    assume: Option<Rules>,
    tolerates: Vec<&'static str>,
}

/// What the engine is not held to: the checks switched off (the commands
/// behind them are never asked) and the illegal moves its `play` takes on
/// purpose, by reason (a case that expects such a refusal is skipped).
#[derive(Clone, Copy, Debug, Default)]
pub struct NotHeld<'a> {
    /// The checks switched off.
    pub off: &'a [crate::audit::CheckName],
    /// The reasons (`superko`) its `play` tolerates.
    pub tolerates: &'a [&'static str],
}

impl Runner {
    /// Runs one case through the harness's case runner
    /// ([`tromp_taylor_harness::cases::check_case`]) on the engine: skipped
    /// where it asks what the engine does not claim, an error where the
    /// engine fails to answer, a scoring convention where only the final
    /// score differs and the engine's own judgment explains it.
    fn run_case(&self, case: &Case, skip: &[String]) -> CaseResult {
        if let Some(skipped) = self.skipped(case, skip) {
            return skipped;
        }
        let id = &case.id;
        let checked = catch_unwind(AssertUnwindSafe(|| {
            check_case(&self.engine, case).map_err(Box::new)
        }));
        match checked {
            Ok(Ok(())) => CaseResult::new(id, "pass"),
            Ok(Err(failure)) if failure.step == CaseStep::Start => start_failure(id, &failure.got),
            Ok(Err(failure))
                if failure.what == "the result" && self.is_convention(case, &failure.got) =>
            {
                // The engine's own judgment of territory or dead stones gives
                // its score: a scoring convention, not a failure.
                CaseResult::new(id, "convention").with(
                    "final_score (by the engine's judgment of dead stones or territory)",
                    failure.expected,
                    failure.got,
                )
            }
            Ok(Err(failure)) => CaseResult::new(id, "fail").with(
                format!("{}: {}", failure.step, failure.what),
                failure.expected,
                failure.got,
            ),
            Err(panic) => {
                let message = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                CaseResult::new(id, "error").with("engine", "a GTP answer", message)
            }
        }
    }

    /// The skip of a case that asks what is not claimed: a tag of `skip`,
    /// rules the engine can neither be told nor is assumed to have, or what
    /// the engine does not claim ([`unclaimed`]).
    fn skipped(&self, case: &Case, skip: &[String]) -> Option<CaseResult> {
        let id = &case.id;
        if let Some(tag) = case.requires.iter().find(|t| skip.contains(t)) {
            let skipped = CaseResult::new(id, "skip");
            return Some(skipped.with("requires", tag.clone(), "not claimed (--skip)"));
        }
        if case.setup.is_some() || case.turns.iter().any(|t| t.turn == "agree") {
            let skipped = CaseResult::new(id, "skip");
            return Some(skipped.with("requires", "setup or agreement", "not expressible in GTP"));
        }
        if let Some(turn) = case
            .turns
            .iter()
            .find(|t| self.tolerates.contains(&t.expect.as_str()))
        {
            return Some(CaseResult::new(id, "skip").with(
                "expect",
                turn.expect.clone(),
                "its play takes such a move on purpose (a controller keeps this rule)",
            ));
        }
        if self.assume.is_none() && !can_be_told(&self.caps, &case.rules) {
            return Some(CaseResult::new(id, "skip").with(
                "rules",
                case.rules.clone(),
                "the engine cannot set these rules",
            ));
        }
        let why = unclaimed(&self.engine, case)?;
        let (at, expected, got) = match why {
            Unclaimed::FreeHandicap => (
                "requires",
                "handicap:free".to_string(),
                "not expressible in GTP",
            ),
            Unclaimed::FixedHandicap => (
                "handicap",
                case.handicap.as_ref().map_or(0, |h| h.stones).to_string(),
                "no fixed_handicap",
            ),
            Unclaimed::Rectangle(_) => ("size", case.size.clone(), "no rectangular_boardsize"),
            Unclaimed::Side(_) => ("size", case.size.clone(), "unacceptable size"),
            Unclaimed::SetupPositions | Unclaimed::Ending { agreement: true } => (
                "requires",
                "setup or agreement".to_string(),
                "not expressible in GTP",
            ),
            Unclaimed::Komi => ("komi", case.komi.to_string(), "refused"),
            _ => (
                "rules",
                case.rules.clone(),
                "the engine cannot set these rules",
            ),
        };
        Some(CaseResult::new(id, "skip").with(at, expected, got))
    }

    /// Whether the engine's final score `got` differs from the case's only by
    /// its own judgment ([`crate::audit::scoring::is_convention`]): the final
    /// board is not settled, or the stones it calls dead (`final_status_list
    /// dead`, asked on the case replayed, where it has it) explain its
    /// result. A case whose final board cannot be read is held to its score.
    fn is_convention(&self, case: &Case, got: &str) -> bool {
        let (Some(last), Ok(inputs), Ok(theirs)) =
            (case.turns.last(), inputs(case), got.parse::<Outcome>())
        else {
            return false;
        };
        let Ok(grid) = Grid::from_rows(&last.grid_after.join("/")) else {
            return false;
        };
        let record: Record = case
            .turns
            .iter()
            .zip(&inputs.attempts)
            .filter_map(|(turn, attempt)| match attempt {
                Attempt::Turn(t) => {
                    let player = if turn.player == "W" {
                        Player::White
                    } else {
                        Player::Black
                    };
                    Some((player, Action::Turn(*t)))
                }
                Attempt::Agree(_) => None,
            })
            .collect();
        let ask = |what: &str| -> Result<Option<String>, Failure> {
            let question = [format!("final_status_list {what}")];
            let replies = ask_after(&self.gtp, &self.caps, (inputs.setup, &record), &question)?;
            Ok(replies.into_iter().next().filter(|r| r.ok).map(|r| r.text))
        };
        let prisoners = case.end.prisoners;
        let has_list = self.caps.final_status_list;
        judge_score(&grid, prisoners, inputs.setup.rules, theirs, has_list, ask).unwrap_or(false)
    }
}

/// What a refusal to start a case's game comes to: an error where the
/// engine failed (`crash: `, `hang: `, `garbage: `), else the skip of the
/// command it refused, named by what it sets.
fn start_failure(id: &str, why: &str) -> CaseResult {
    if tromp_taylor_gtp::adapter::failure_named(why).is_some() {
        return CaseResult::new(id, "error").with("engine", "a GTP answer", why);
    }
    let command = why
        .trim_start_matches('`')
        .split_whitespace()
        .next()
        .unwrap_or("");
    let at = match command {
        "boardsize" | "rectangular_boardsize" => "size",
        "komi" => "komi",
        "fixed_handicap" => "handicap",
        _ => "rules",
    };
    CaseResult::new(id, "skip").with(at, command, why)
}

/// Whether the engine can be told `rules` (a compact string): it has
/// `kata-set-rules`, or `kgs-rules` and a KGS rule set is these rules.
fn can_be_told(caps: &Capabilities, rules: &str) -> bool {
    caps.kata_set_rules
        || (caps.kgs_rules
            && rules
                .parse::<tromp_taylor_harness::vocab::Rules>()
                .ok()
                .and_then(crate::audit::kgs_rules_name)
                .is_some())
}

/// The counts of a run.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Tally {
    /// Cases passed.
    pub pass: usize,
    /// Cases failed.
    pub fail: usize,
    /// Cases skipped.
    pub skip: usize,
    /// Cases that pass but for a final score on an unsettled board, which
    /// the engine's own judgment decides (a scoring convention).
    pub convention: usize,
    /// Cases the engine could not run (it crashed, hung or answered garbage).
    pub error: usize,
}

/// Runs every case of `files` against the GTP engine `command`, calling
/// `each` with every case as the engine was held to it and its result (the
/// run stops early when it answers
/// `ControlFlow::Break`, as on Ctrl-C); what is not held (`not_held`: checks off,
/// tolerated refusals) is not asked or not expected. An engine that cannot be told a case's rules
/// is held, where `assume` gives the rules its command line sets, to the
/// case recomputed under them. `Err` when the engine cannot be started.
pub fn run(
    command: &[String],
    files: &[VectorFile],
    skip: &[String],
    assume: Option<Rules>,
    not_held: NotHeld<'_>,
    timeout: Duration,
    mut each: impl FnMut(&Case, &CaseResult) -> ControlFlow<()>,
) -> Result<Tally, String> {
    let gtp = GtpOptions {
        rules: assume.unwrap_or(Rules::TROMP_TAYLOR),
        off: not_held.off.to_vec(),
        ..GtpOptions::new(command.to_vec(), timeout)
    };
    let (engine, probed) = gtp_engine_probed(gtp.clone()).map_err(|e| e.to_string())?;
    let runner = Runner {
        gtp,
        caps: probed.caps,
        engine,
        assume,
        tolerates: not_held.tolerates.to_vec(),
    };
    let mut tally = Tally::default();
    for case in files.iter().flat_map(|f| &f.cases) {
        // An engine whose rules are fixed is held to the case recomputed
        // under them, rather than skipping it.
        let recomputed = match assume {
            Some(rules) if !can_be_told(&runner.caps, &case.rules) => under_rules(case, rules).ok(),
            _ => None,
        };
        let case = recomputed.as_ref().unwrap_or(case);
        let result = runner.run_case(case, skip);
        match result.status.as_str() {
            "pass" => tally.pass += 1,
            "convention" => tally.convention += 1,
            "fail" => tally.fail += 1,
            "skip" => tally.skip += 1,
            _ => tally.error += 1,
        }
        if each(case, &result).is_break() {
            break;
        }
    }
    Ok(tally)
}

/// A case as a game that `audit --replay` plays: its board, rules and
/// handicap and its turns attempted in order; `None` for a case GTP cannot
/// state (a setup position, an agreement) or that cannot be read.
pub fn case_script(case: &Case) -> Option<Script> {
    let inputs = inputs(case).ok()?;
    if inputs.position.is_some() {
        return None;
    }
    let steps = inputs.attempts.iter().map(|attempt| match attempt {
        Attempt::Turn(turn) => Some(Step::Attempt(*turn)),
        Attempt::Agree(_) => None,
    });
    Some(Script::new(inputs.setup, steps.collect::<Option<_>>()?))
}

/// A whole run, as `vectors run --json` writes it.
#[derive(Clone, Debug, Serialize)]
pub struct RunData<'a> {
    /// The engine's command line.
    pub engine: String,
    /// The counts.
    pub tally: Tally,
    /// Every case's result, in the order run.
    pub cases: &'a [CaseResult],
}

/// A run as one JUnit test suite named `name`: a test case per vector case
/// (its id), failed with where, what was expected and what the engine
/// answered; errored when the engine could not run it; skipped with why.
/// A scoring convention passes, with what the engine said kept as output.
pub fn junit_suite(name: &str, results: &[CaseResult]) -> quick_junit::TestSuite {
    use quick_junit::{NonSuccessKind, TestCase, TestCaseStatus, TestSuite};
    use tromp_taylor_harness::safe;
    let mut suite = TestSuite::new(safe::line(name));
    for result in results {
        let detail = format!(
            "at {}: expected {}, the engine answered {}",
            result.at.as_deref().unwrap_or("-"),
            result.expected.as_deref().unwrap_or("-"),
            result.got.as_deref().unwrap_or("-")
        );
        let case = match result.status.as_str() {
            "pass" => TestCase::new(&result.id, TestCaseStatus::success()),
            "convention" => {
                let mut case = TestCase::new(&result.id, TestCaseStatus::success());
                case.set_system_out(safe::text(&format!("a scoring convention: {detail}")));
                case
            }
            "skip" => {
                let mut status = TestCaseStatus::skipped();
                status.set_message(safe::line(result.at.as_deref().unwrap_or_default()));
                TestCase::new(&result.id, status)
            }
            kind => {
                let mut status = TestCaseStatus::non_success(if kind == "fail" {
                    NonSuccessKind::Failure
                } else {
                    NonSuccessKind::Error
                });
                status.set_message(safe::line(&detail));
                TestCase::new(&result.id, status)
            }
        };
        suite.add_test_case(case);
    }
    suite
}
