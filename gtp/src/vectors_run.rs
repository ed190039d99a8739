//! `vectors run`: the conformance vectors played against any GTP engine, one
//! JSON line per case (`pass`, `fail`, `skip`, `error`) and a summary, and
//! the whole run as JSON or JUnit XML for other tools.

use crate::capabilities::Capabilities;
use crate::client::{Client, Failure};
use serde::Serialize;
use std::collections::BTreeSet;
use std::path::Path;
use std::time::Duration;
use tromp_taylor_harness::vocab::Outcome;
use tromp_taylor_records::vectors::{read_vectors, Case, TurnCase, VectorFile, VectorsError};

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

fn stones(text: &str) -> BTreeSet<String> {
    text.split_whitespace()
        .map(|v| v.to_ascii_uppercase())
        .collect()
}

/// The stones of one color in a grid (rows top first), as vertices.
fn grid_stones(rows: &[String], mark: char) -> BTreeSet<String> {
    let height = rows.len();
    let mut set = BTreeSet::new();
    for (row_from_top, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            if c == mark {
                let point = tromp_taylor_harness::vocab::Point::new(x, height - 1 - row_from_top);
                set.insert(tromp_taylor_harness::vertex::vertex_name(point));
            }
        }
    }
    set
}

fn send(client: &mut Client, command: &str) -> Result<crate::client::Reply, Failure> {
    client.send(command)
}

/// Runs one case on a fresh game of the engine. `Err` only when the engine
/// itself failed (crash, hang, garbage).
fn run_case(
    client: &mut Client,
    caps: &Capabilities,
    case: &Case,
    skip: &[String],
    assume: Option<tromp_taylor_harness::vocab::Rules>,
) -> Result<CaseResult, Failure> {
    if let Some(skipped) = unexpressible(case, skip) {
        return Ok(skipped);
    }
    if let Some(skipped) = set_up_case(client, caps, case, assume)? {
        return Ok(skipped);
    }
    for (i, turn) in case.turns.iter().enumerate() {
        if turn.expect == "game-over" {
            // GTP leaves the end of a game to its controller: an engine
            // plays on after two passes by design. The turns after the end
            // are not asked; the score still is.
            break;
        }
        if let Some(failed) = play_turn(client, caps, &case.id, (i, turn))? {
            return Ok(failed);
        }
    }
    if caps.final_score {
        if let Some(differs) = check_final_score(client, caps, case)? {
            return Ok(differs);
        }
    }
    Ok(CaseResult::new(&case.id, "pass"))
}

/// The skip of a case that asks what is not claimed (a tag of `skip`) or
/// cannot be said in GTP (a setup, an agreement, a free handicap).
fn unexpressible(case: &Case, skip: &[String]) -> Option<CaseResult> {
    let id = &case.id;
    if let Some(tag) = case.requires.iter().find(|t| skip.contains(t)) {
        return Some(CaseResult::new(id, "skip").with(
            "requires",
            tag.clone(),
            "not claimed (--skip)",
        ));
    }
    if case.setup.is_some() || case.turns.iter().any(|t| t.turn == "agree") {
        return Some(CaseResult::new(id, "skip").with(
            "requires",
            "setup or agreement",
            "not expressible in GTP",
        ));
    }
    if case.handicap.as_ref().is_some_and(|h| h.kind == "free") {
        return Some(CaseResult::new(id, "skip").with(
            "requires",
            "handicap:free",
            "not expressible in GTP",
        ));
    }
    None
}

/// Sets the engine's game up for `case`: the board, a clear board, the
/// rules, komi, the handicap; the skip when it cannot be.
fn set_up_case(
    client: &mut Client,
    caps: &Capabilities,
    case: &Case,
    assume: Option<tromp_taylor_harness::vocab::Rules>,
) -> Result<Option<CaseResult>, Failure> {
    let id = &case.id;
    let (w, h) = case.size.split_once('x').unwrap_or(("19", "19"));
    let size_command = if w == h {
        format!("boardsize {w}")
    } else if caps.rectangular_boardsize {
        format!("rectangular_boardsize {w} {h}")
    } else {
        return Ok(Some(CaseResult::new(id, "skip").with(
            "size",
            case.size.clone(),
            "no rectangular_boardsize",
        )));
    };
    if !send(client, &size_command)?.ok {
        return Ok(Some(CaseResult::new(id, "skip").with(
            "size",
            case.size.clone(),
            "unacceptable size",
        )));
    }
    send(client, "clear_board")?;
    if !tell_rules(client, caps, case, assume)? {
        return Ok(Some(CaseResult::new(id, "skip").with(
            "rules",
            case.rules.clone(),
            "the engine cannot set these rules",
        )));
    }
    if !send(client, &format!("komi {}", case.komi))?.ok {
        return Ok(Some(CaseResult::new(id, "skip").with(
            "komi",
            case.komi.to_string(),
            "refused",
        )));
    }
    if let Some(handicap) = &case.handicap {
        let reply = send(client, &format!("fixed_handicap {}", handicap.stones))?;
        if !reply.ok {
            return Ok(Some(CaseResult::new(id, "skip").with(
                "handicap",
                handicap.stones.to_string(),
                reply.text,
            )));
        }
    }
    Ok(None)
}

/// Tells the engine the case's rules: `kata-set-rules` where the engine has
/// it, else `kgs-rules` where one of KGS's rule sets is the case's rules.
/// Whether the engine plays under them: told them, or not told but its
/// command line is assumed to give them (`assume`, komi aside).
fn tell_rules(
    client: &mut Client,
    caps: &Capabilities,
    case: &Case,
    assume: Option<tromp_taylor_harness::vocab::Rules>,
) -> Result<bool, Failure> {
    let kgs = case
        .rules
        .parse::<tromp_taylor_harness::vocab::Rules>()
        .ok()
        .and_then(crate::audit::kgs_rules_name);
    let set = if caps.kata_set_rules {
        send(client, &format!("kata-set-rules {}", case.rules))?.ok
    } else if let (true, Some(name)) = (caps.kgs_rules, kgs) {
        send(client, &format!("kgs-rules {name}"))?.ok
    } else {
        false
    };
    // An engine that cannot be told the rules runs only the cases under the
    // rules its command line is assumed to give it (komi aside).
    let without_komi =
        |rules: tromp_taylor_harness::vocab::Rules| tromp_taylor_harness::vocab::Rules {
            komi_half_points: 0,
            ..rules
        };
    let assumed = assume.is_some_and(|assumed| {
        case.rules
            .parse::<tromp_taylor_harness::vocab::Rules>()
            .is_ok_and(|rules| without_komi(rules) == without_komi(assumed))
    });
    Ok(set || assumed)
}

/// Plays turn `i` (from 0) of case `id`, with the queries before it
/// (`all_legal`, `is_legal`) and after it (`list_stones`) the engine has;
/// the failure, if the engine parts from the case.
fn play_turn(
    client: &mut Client,
    caps: &Capabilities,
    id: &str,
    (i, turn): (usize, &TurnCase),
) -> Result<Option<CaseResult>, Failure> {
    let show = |s: &BTreeSet<String>| s.iter().cloned().collect::<Vec<_>>().join(" ");
    let at = format!("turn {} ({} {})", i + 1, turn.player, turn.turn);
    let legal = turn.expect == "legal";
    if let (Some(expected), true) = (&turn.legal_before, caps.all_legal) {
        let reply = send(client, &format!("all_legal {}", turn.player))?;
        let theirs = stones(&reply.text);
        let ours: BTreeSet<String> = expected
            .iter()
            .filter(|v| *v != "pass")
            .map(|v| v.to_ascii_uppercase())
            .collect();
        if !reply.ok || theirs != ours {
            return Ok(Some(CaseResult::new(id, "fail").with(
                format!("{at}: all_legal"),
                show(&ours),
                show(&theirs),
            )));
        }
    }
    if caps.is_legal {
        let reply = send(client, &format!("is_legal {} {}", turn.player, turn.turn))?;
        let says = reply.ok && reply.text.trim() == "1";
        if says != legal {
            let expected = if legal {
                "1 (legal)".to_string()
            } else {
                format!("0 ({})", turn.expect)
            };
            return Ok(Some(CaseResult::new(id, "fail").with(
                format!("{at}: is_legal"),
                expected,
                reply.text,
            )));
        }
    }
    let reply = send(client, &format!("play {} {}", turn.player, turn.turn))?;
    if reply.ok != legal {
        let expected = if legal {
            "accepted".to_string()
        } else {
            format!("refused ({})", turn.expect)
        };
        let got = if reply.ok {
            "accepted".to_string()
        } else {
            format!("refused: {}", reply.text)
        };
        return Ok(Some(CaseResult::new(id, "fail").with(
            format!("{at}: play"),
            expected,
            got,
        )));
    }
    if caps.list_stones {
        for (word, mark) in [("black", 'X'), ("white", 'O')] {
            let reply = send(client, &format!("list_stones {word}"))?;
            let theirs = stones(&reply.text);
            let ours = grid_stones(&turn.grid_after, mark);
            if !reply.ok || theirs != ours {
                return Ok(Some(CaseResult::new(id, "fail").with(
                    format!("{at}: list_stones {word}"),
                    show(&ours),
                    show(&theirs),
                )));
            }
        }
    }
    Ok(None)
}

/// Holds the engine's `final_score` to the case's result: a scoring
/// convention or a failure when it differs.
fn check_final_score(
    client: &mut Client,
    caps: &Capabilities,
    case: &Case,
) -> Result<Option<CaseResult>, Failure> {
    let id = &case.id;
    let reply = send(client, "final_score")?;
    let got = reply.text.trim().to_string();
    let same = reply.ok && same_result(&got, &case.end.result);
    if !same && is_convention(client, caps, case, &got)? {
        // The engine's own judgment of territory or dead stones gives
        // its score: a scoring convention, not a failure.
        return Ok(Some(CaseResult::new(id, "convention").with(
            "final_score (by the engine's judgment of dead stones or territory)",
            case.end.result.clone(),
            got,
        )));
    }
    if !same {
        return Ok(Some(CaseResult::new(id, "fail").with(
            "final_score",
            case.end.result.clone(),
            got,
        )));
    }
    Ok(None)
}

/// Whether the engine's final score `got` differs from the case's only by
/// its own judgment ([`crate::audit::scoring::is_convention`]): the final
/// board is not settled, or the stones it calls dead (`final_status_list
/// dead`, where it has it) explain its result. A case whose final board
/// cannot be read is held to its score.
fn is_convention(
    client: &mut Client,
    caps: &Capabilities,
    case: &tromp_taylor_records::vectors::Case,
    got: &str,
) -> Result<bool, Failure> {
    use tromp_taylor_harness::vocab::{Grid, Outcome, Rules};
    let (Some(last), Ok(rules), Ok(theirs)) = (
        case.turns.last(),
        case.rules.parse::<Rules>(),
        got.parse::<Outcome>(),
    ) else {
        return Ok(false);
    };
    let Ok(grid) = Grid::from_rows(&last.grid_after.join("/")) else {
        return Ok(false);
    };
    let rules = Rules {
        komi_half_points: (case.komi * 2.0) as i32,
        ..rules
    };
    crate::audit::scoring::judge_score(
        &grid,
        case.end.prisoners,
        rules,
        theirs,
        caps.final_status_list,
        |what| {
            let reply = send(client, &format!("final_status_list {what}"))?;
            Ok(reply.ok.then_some(reply.text))
        },
    )
}

/// Whether two results (`B+3`, `B+3.0`, `W+0.5`, `0`, `Draw`) say the same,
/// both read by the vocabulary's one parser; a text that is no score
/// (`B+R`) is never the same.
fn same_result(theirs: &str, ours: &str) -> bool {
    match (theirs.parse::<Outcome>(), ours.parse::<Outcome>()) {
        (Ok(theirs), Ok(ours)) => theirs == ours,
        _ => false,
    }
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
#[derive(Clone, Copy, Debug, Default, Serialize, PartialEq, Eq)]
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
/// `each` with every result; the checks in `off` are not made (the commands
/// behind them never asked). `Err` when the engine cannot be started.
pub fn run(
    command: &[String],
    files: &[VectorFile],
    skip: &[String],
    assume: Option<tromp_taylor_harness::vocab::Rules>,
    off: &[crate::audit::CheckName],
    timeout: Duration,
    mut each: impl FnMut(&CaseResult),
) -> Result<Tally, String> {
    let start = || Client::start(command, timeout).map_err(|e| e.to_string());
    let mut client = start()?;
    let mut caps = Capabilities::probe(&mut client)
        .map_err(|e| e.to_string())?
        .without(off);
    let mut tally = Tally::default();
    for case in files.iter().flat_map(|f| &f.cases) {
        // An engine whose rules are fixed is held to the case recomputed
        // under them, rather than skipping it.
        let recomputed = match assume {
            Some(rules) if !can_be_told(&caps, &case.rules) => {
                tromp_taylor_records::vectors::under_rules(case, rules).ok()
            }
            _ => None,
        };
        let case = recomputed.as_ref().unwrap_or(case);
        let result = match run_case(&mut client, &caps, case, skip, assume) {
            Ok(result) => result,
            Err(failure) => {
                // Start afresh for the next case.
                client.kill();
                client = start()?;
                caps = Capabilities::probe(&mut client)
                    .map_err(|e| e.to_string())?
                    .without(off);
                CaseResult::new(&case.id, "error").with(
                    "engine",
                    "a GTP answer",
                    failure.to_string(),
                )
            }
        };
        match result.status.as_str() {
            "pass" => tally.pass += 1,
            "convention" => tally.convention += 1,
            "fail" => tally.fail += 1,
            "skip" => tally.skip += 1,
            _ => tally.error += 1,
        }
        each(&result);
    }
    client.kill();
    Ok(tally)
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
    let mut suite = TestSuite::new(name);
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
                case.set_system_out(format!("a scoring convention: {detail}"));
                case
            }
            "skip" => {
                let mut status = TestCaseStatus::skipped();
                status.set_message(result.at.clone().unwrap_or_default());
                TestCase::new(&result.id, status)
            }
            kind => {
                let mut status = TestCaseStatus::non_success(if kind == "fail" {
                    NonSuccessKind::Failure
                } else {
                    NonSuccessKind::Error
                });
                status.set_message(detail);
                TestCase::new(&result.id, status)
            }
        };
        suite.add_test_case(case);
    }
    suite
}

#[cfg(test)]
mod tests {
    use super::same_result;

    #[test]
    fn results_compare_by_what_they_say() {
        assert!(same_result("B+3.0", "B+3"));
        assert!(same_result("w+0.5", "W+0.5"));
        assert!(same_result("Draw", "0"));
        assert!(same_result("B+0", "0"));
        assert!(!same_result("B+3", "W+3"));
        assert!(!same_result("B+R", "B+R"));
        assert!(!same_result("", "0"));
    }
}
