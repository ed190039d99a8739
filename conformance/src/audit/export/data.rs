//! The data itself: each finding and audit as JSON, each audit as a JUnit
//! test suite.

use super::super::check::Kind;
use super::super::report::{hint, report};
use super::super::summary::{AuditSummary, Finding};
use super::board::BoardData;
use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};
use serde::{Deserialize, Serialize};
use tromp_taylor_harness::check::rules_at_stake;
use tromp_taylor_harness::safe;

/// The standing of a divergence written before standings were.
fn not_judged() -> String {
    tromp_taylor_harness::finding::Standing::NotJudged
        .code()
        .to_string()
}

/// One divergence, as JSON has it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FindingData {
    /// The game, from 1.
    pub game: usize,
    /// The board size.
    pub size: String,
    /// The rules the engine was held to.
    pub rules: String,
    /// The kind, as the summary words it.
    pub kind: String,
    /// Whether it is only a scoring convention (not counted unless strict).
    pub convention: bool,
    /// How it stands by the engine's own stated intent
    /// ([`Standing::code`](tromp_taylor_harness::finding::Standing::code)).
    #[serde(default = "not_judged")]
    pub standing: String,
    /// The cause it was judged under (its manifest's cause id), if any.
    #[serde(default)]
    pub cause: Option<String>,
    /// What the engine did or said.
    pub engine_says: String,
    /// What the rules say.
    pub rules_say: String,
    /// Where such a divergence usually comes from.
    pub hint: String,
    /// The minimised game, as SGF.
    pub sgf: String,
    /// The files written, if any: the SGF and the report.
    pub files: Option<(String, String)>,
    /// The rules at stake, quoted.
    pub rules_quoted: Vec<String>,
    /// The GTP commands sent up to the divergence, with the last answer.
    pub transcript: Vec<String>,
    /// The board before the disputed step, and the point disputed.
    pub board: BoardData,
    /// The whole report, as the audit writes it.
    pub report: String,
}

/// An audit, as JSON has it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AuditData {
    /// The engine's command line.
    pub engine: String,
    /// Games played, agreeing, skipped.
    pub games: usize,
    /// Games without divergence.
    pub agreed: usize,
    /// Games skipped, with why.
    pub skipped: Vec<(usize, String)>,
    /// Steps and turns played in the games that agreed.
    pub steps: usize,
    /// Turns taken in the games that agreed.
    pub turns: usize,
    /// The checks made besides `play`.
    pub checked: Vec<String>,
    /// What was not checked, and why.
    pub notes: Vec<String>,
    /// Every divergence, minimised.
    pub divergences: Vec<FindingData>,
    /// Seconds taken.
    pub seconds: f64,
}

/// The checks an audit made besides `play`.
pub fn checked(summary: &AuditSummary) -> Vec<&'static str> {
    let caps = summary.checked.capabilities;
    let mut checked = vec!["play"];
    for (on, name) in [
        (caps.is_legal, "is_legal"),
        (caps.all_legal, "all_legal"),
        (caps.list_stones || caps.showboard, "board"),
        (caps.captures, "captures"),
        (caps.final_score, "score"),
    ] {
        if on {
            checked.push(name);
        }
    }
    checked
}

/// The audit as data.
pub fn audit_data(summary: &AuditSummary) -> AuditData {
    AuditData {
        engine: summary.engine.clone(),
        games: summary.games,
        agreed: summary.agreed,
        skipped: summary.skipped.clone(),
        steps: summary.steps,
        turns: summary.turns,
        checked: checked(summary).into_iter().map(String::from).collect(),
        notes: summary.checked.notes.clone(),
        divergences: summary
            .found
            .iter()
            .map(|found| divergence_data(&summary.engine, found))
            .collect(),
        seconds: summary.elapsed.as_secs_f64(),
    }
}

/// One divergence as data.
fn divergence_data(engine: &str, found: &Finding) -> FindingData {
    let d = &found.said;
    FindingData {
        game: found.game(),
        size: found.setup().size.to_string(),
        rules: found.setup().rules.to_string(),
        kind: found.kind.to_string(),
        convention: found.kind == Kind::ScoringConvention,
        standing: found.standing.code().to_string(),
        cause: found.cause.clone(),
        engine_says: d.engine_says.clone(),
        rules_say: d.rules_say.clone(),
        hint: hint(&found.kind).to_string(),
        sgf: found.sgf(),
        files: found
            .files
            .as_ref()
            .map(|(sgf, txt)| (sgf.display().to_string(), txt.display().to_string())),
        rules_quoted: rules_at_stake(&found.divergence)
            .into_iter()
            .map(String::from)
            .collect(),
        transcript: d.transcript.clone(),
        board: BoardData::of(found),
        report: report(engine, found),
    }
}

/// The test suite of one audit named `name`: a test case per game, failed
/// with the report (SGF included) where the engine diverges, skipped with
/// why where it could not be asked; a scoring convention passes unless
/// `strict_score`, with the report kept in its output.
pub fn junit_suite(name: &str, summary: &AuditSummary, strict_score: bool) -> TestSuite {
    let mut suite = TestSuite::new(safe::line(name));
    for game in 1..=summary.games {
        let case_name = format!("game {game}");
        let found = summary.found.iter().find(|f| f.game() == game);
        let skipped = summary.skipped.iter().find(|(g, _)| *g == game);
        let case = match (found, skipped) {
            (Some(found), _) => {
                let text = report(&summary.engine, found);
                let convention = found.kind == Kind::ScoringConvention;
                if convention && !strict_score {
                    let mut case = TestCase::new(case_name, TestCaseStatus::success());
                    case.set_system_out(safe::text(&text));
                    case
                } else {
                    let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
                    status.set_message(format!("the engine {}", found.kind));
                    status.set_description(safe::text(&text));
                    TestCase::new(case_name, status)
                }
            }
            (None, Some((_, why))) => {
                let mut status = TestCaseStatus::skipped();
                status.set_message(safe::line(why));
                TestCase::new(case_name, status)
            }
            (None, None) => TestCase::new(case_name, TestCaseStatus::success()),
        };
        suite.add_test_case(case);
    }
    suite
}

/// JUnit XML of several audits, each a test suite.
pub fn junit(report_name: &str, suites: Vec<TestSuite>) -> String {
    let mut report = Report::new(report_name);
    report.add_test_suites(suites);
    report
        .to_string()
        .unwrap_or_else(|e| format!("<!-- cannot write JUnit XML: {e} -->"))
}
