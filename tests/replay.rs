//! `tromp-taylor replay` and `score` on the game records in testdata/: the
//! verdict on every move, the first illegal move with its rule, the score,
//! RE, the exit codes, and clear errors (naming file and node) for bad files.

mod common;

use common::run;

use serde_json::Value;
use std::path::Path;

/// The JSON report of every game of the sample folder, by file name.
fn reports(extra: &[&str]) -> Vec<Value> {
    let mut args = vec!["replay", "testdata/games", "--json"];
    args.extend_from_slice(extra);
    let out = run(&args);
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

fn report<'a>(all: &'a [Value], file: &str) -> &'a Value {
    all.iter()
        .find(|r| {
            Path::new(r["file"].as_str().unwrap())
                .file_name()
                .is_some_and(|f| f == file)
        })
        .unwrap_or_else(|| panic!("no report for {file}"))
}

#[test]
fn the_sample_records_replay_with_their_verdicts_scores_and_results() {
    let all = reports(&[]);
    assert_eq!(all.len(), 14);
    // Rule 7: a multi-stone suicide is legal and makes W+4; RE agrees.
    let suicide = report(&all, "01-multi-stone-suicide.sgf");
    assert!(suicide["illegal"].is_null());
    assert_eq!(suicide["result"], "W+4");
    assert_eq!(suicide["result_check"], "agrees");
    assert_eq!(suicide["moves"].as_array().unwrap().len(), 5);
    // Rule 6: move 7 repeats the coloring after turn 3 without capturing.
    let superko = report(&all, "02-superko-without-capture.sgf");
    assert_eq!(superko["illegal"]["number"], 7);
    assert_eq!(superko["illegal"]["vertex"], "A1");
    let why = superko["illegal"]["verdict"].as_str().unwrap();
    assert!(
        why.contains("after turn 3") && why.contains("rule 6"),
        "{why}"
    );
    // RU[Chinese]: the same suicide is a forbidden point.
    let chinese = report(&all, "03-chinese-suicide.sgf");
    assert!(chinese["illegal"]["verdict"]
        .as_str()
        .unwrap()
        .contains("suicide"));
    // The chinese preset: seed 003's illegal move also loses the turn.
    assert_eq!(chinese["rules"], "koPOSITIONALscoreAREAsui0illegalLOSETURN");
    // A setup position on a rectangle, White first, passes as W[] and W[tt].
    let setup = report(&all, "04-setup-rectangle.sgf");
    assert_eq!(setup["size"], "7x5");
    assert_eq!(setup["over"], true);
    assert_eq!(setup["result_check"], "agrees");
    // A resignation is reported as such, not compared.
    assert_eq!(
        report(&all, "05-resigned.sgf")["result_check"],
        "resignation"
    );
    // A free handicap: Black's first two moves are consecutive.
    assert_eq!(
        report(&all, "07-free-handicap.sgf")["result_check"],
        "agrees"
    );
    // RU[Japanese]: simple ko, no suicide, territory; the seki counts for nobody.
    let seki = report(&all, "08-japanese-territory.sgf");
    assert_eq!(seki["rules"], "koSIMPLEscoreTERRITORYsui0");
    assert_eq!(seki["result"], "W+2");
    // A score recorded before the game ends (rule 8) is said to be one, not
    // compared with the position as it stands.
    let early = report(&all, "14-score-before-the-end.sgf");
    assert_eq!(early["over"], false);
    assert_eq!(early["result_check"], "unfinished");
    // A recorded result that the rules do not give.
    assert_eq!(
        report(&all, "10-result-disagrees.sgf")["result_check"],
        "disagrees"
    );
}

#[test]
fn the_exit_code_is_1_when_a_game_is_illegal_or_disagrees() {
    assert_eq!(run(&["replay", "testdata/games"]).status.code(), Some(1));
    assert_eq!(
        run(&["replay", "testdata/games/01-multi-stone-suicide.sgf"])
            .status
            .code(),
        Some(0)
    );
}

#[test]
fn every_variation_is_replayed_on_request() {
    let out = run(&[
        "replay",
        "testdata/games/06-variations.sgf",
        "--all-variations",
        "--json",
    ]);
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["result_check"], "agrees");
    assert_eq!(lines[1]["illegal"]["number"], 3);
}

#[test]
fn both_engines_agree_on_every_sample_record() {
    for r in reports(&["--engine", "both"]) {
        assert!(r["engines_disagree"].is_null(), "{r}");
    }
}

#[test]
fn rules_given_on_the_command_line_override_ru() {
    // Under the Chinese rules (no suicide) the first record's b1 is illegal.
    let all = reports(&["--rules", "chinese"]);
    let suicide = report(&all, "01-multi-stone-suicide.sgf");
    assert_eq!(suicide["illegal"]["number"], 3);
    assert_eq!(suicide["rules_from"], "--rules");
}

#[test]
fn bad_files_get_a_clear_error_naming_the_file_and_the_node() {
    let cases = [
        ("garbage.sgf", "not SGF"),
        ("truncated.sgf", "not SGF"),
        ("size-over-52.sgf", "node 0: SZ[60:60]"),
        (
            "move-off-board.sgf",
            "node 2: the point hh is off the 5x5 board",
        ),
        (
            "komi-not-half.sgf",
            "node 0: KM[7.25] is no komi: it is not a multiple of 0.5",
        ),
        (
            "komi-too-large.sgf",
            "node 0: KM[1000000000000] is no komi: it is too large",
        ),
        ("unknown-rules.sgf", "node 0: RU[Martian]"),
        ("setup-without-liberties.sgf", "node 0, the setup"),
        ("not-go.sgf", "game 1 is not a game of Go"),
        (
            "setup-two-colors.sgf",
            "game 1, node 0: the point bb is set up as both AB and AW",
        ),
        (
            "two-moves-in-a-node.sgf",
            "game 1, node 2: B[bb] W[cc] in one node: a node holds one move",
        ),
        ("komi-empty.sgf", "game 1, node 0: KM[\"\"] is malformed"),
    ];
    for (file, expected) in cases {
        let out = run(&["replay", &format!("testdata/bad-sgf/{file}")]);
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{file}: {stderr}");
        assert!(
            stderr.contains(file) && stderr.contains(expected),
            "{file}: {stderr}"
        );
    }
}

#[test]
fn score_counts_a_grid_under_area_and_territory_with_dead_stones() {
    // The 4x2 seki of docs/rules.md: area W+2 (B 2, W 4).
    let out = run(&["score", "--grid", "X.O./X.O.", "--json"]);
    let area: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (area["black"].as_u64(), area["white"].as_u64()),
        (Some(2), Some(4))
    );
    assert_eq!(area["result"], "W+2");
    // Agreeing that Black's a1 and a2 are dead: White then has all 8 points
    // under area scoring; under territory, 6 empty points + 2 prisoners.
    let agreement = "koPOSITIONALscoreAREAsui1endAGREEMENT";
    let dead_under = |rules: &str| -> Value {
        let args = [
            "score",
            "--grid",
            "X.O./X.O.",
            "--dead",
            "A1,A2",
            "--rules",
            rules,
            "--json",
        ];
        serde_json::from_slice(&run(&args).stdout).unwrap()
    };
    let dead = dead_under(agreement);
    assert_eq!(dead["white"], 8);
    let territory = dead_under("koPOSITIONALscoreTERRITORYsui1endAGREEMENT");
    assert_eq!(territory["white"], 8);
    assert_eq!(territory["prisoners"][1], 2);
    // A record's final position, with komi from the command line.
    let out = run(&[
        "score",
        "testdata/games/01-multi-stone-suicide.sgf",
        "--komi",
        "-4.5",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.trim_end().ends_with("result: B+0.5"), "{text}");
    // Bad input: a clear error and exit 2.
    let out = run(&["score", "--grid", "X.Q/..."]);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&[
        "score", "--grid", "X../...", "--dead", "Z9", "--rules", agreement,
    ]);
    assert_eq!(out.status.code(), Some(2));
}
