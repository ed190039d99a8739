//! `replay`, `score` and GTP `loadsgf`/`printsgf` on the records issue 12
//! names: a main line of 150,000 nodes (no stack overflow), Latin-1 text
//! (read, as `loadsgf` reads it), a 52x52 game through `printsgf` and back,
//! and records that are not games refused with the node.

mod common;

use common::run;

use tromp_taylor_gtp::{run_to_string, SessionOptions};
use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::vertex::vertex_name;
use tromp_taylor_harness::vocab::{Point, Rules};

/// The responses of a GTP session (files allowed) to `commands`, one per line.
fn gtp(engine: EngineKind, commands: &[String]) -> Vec<String> {
    let options = SessionOptions {
        engine,
        rules: Rules::default(),
        seed: 1,
        files: true,
    };
    let input: String = commands.iter().map(|c| format!("{c}\n")).collect();
    run_to_string(options, input.as_bytes())
        .split("\n\n")
        .filter(|r| !r.is_empty())
        .map(str::to_string)
        .collect()
}

/// A 19x19 record whose main line has `2 * pairs` nodes after the root:
/// Black at a19 (filling, then retaking, the corner) and White passing.
fn deep_record(pairs: usize) -> String {
    format!("(;FF[4]GM[1]SZ[19]{})", ";B[aa];W[]".repeat(pairs))
}

#[test]
fn a_main_line_of_150000_nodes_replays_and_scores_without_overflow() {
    let dir = std::env::temp_dir().join(format!("tt-deep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("deep.sgf");
    std::fs::write(&file, deep_record(75_000)).unwrap();
    let path = file.to_str().unwrap();
    // B[aa] twice: move 3 is on an occupied point; the report says so.
    let out = run(&["replay", path, "--engine", "fast"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("move 3 (B A19, node 3) is illegal"),
        "{stdout}"
    );
    let out = run(&["score", path]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("move 3 (node 3)"), "{stderr}");
    // GTP loadsgf reads it too (and refuses the illegal move, game kept).
    let answers = gtp(EngineKind::fast(), &[format!("loadsgf {path}")]);
    assert!(
        answers[0].starts_with("? ") && answers[0].contains("move 3"),
        "{answers:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn latin1_records_replay_with_or_without_ca() {
    for file in ["11-latin1.sgf", "12-latin1-without-ca.sgf"] {
        let out = run(&["replay", &format!("testdata/games/{file}")]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{file}: {stdout}{:?}",
            out.stderr
        );
        assert!(stdout.contains("RE[B+9]: agrees"), "{stdout}");
        let out = run(&["score", &format!("testdata/games/{file}")]);
        assert_eq!(out.status.code(), Some(0), "{file}");
        assert!(String::from_utf8_lossy(&out.stdout).contains("result: B+9"));
    }
}

#[test]
fn a_52x52_game_goes_through_printsgf_and_loadsgf_unchanged() {
    let dir = std::env::temp_dir().join(format!("tt-52-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("big.sgf");
    let first = gtp(
        EngineKind::fast(),
        &[
            "boardsize 52".to_string(),
            "play b A1".to_string(),
            format!("play w {}", vertex_name(Point::new(51, 51))),
            format!("play b {}", vertex_name(Point::new(26, 26))),
            format!("play w {}", vertex_name(Point::new(30, 2))),
            "play b pass".to_string(),
            "list_stones b".to_string(),
            "list_stones w".to_string(),
            format!("printsgf {}", file.display()),
            "printsgf".to_string(),
        ],
    );
    assert!(first[..6].iter().all(|r| r == "= "), "{first:?}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.is_ascii() && !text.contains('|') && !text.contains('~'),
        "{text}"
    );
    let second = gtp(
        EngineKind::spec(),
        &[
            format!("loadsgf {}", file.display()),
            "list_stones b".to_string(),
            "list_stones w".to_string(),
            "printsgf".to_string(),
        ],
    );
    assert_eq!(second[0], "= ");
    assert_eq!(second[1..3], first[6..8]);
    assert_eq!(second[3], first[9]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn score_scores_every_game_of_a_file() {
    let out = run(&["score", "testdata/games/13-two-games.sgf", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let results: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["result"].to_string())
        .collect();
    assert_eq!(results, ["\"B+9\"", "\"0\""]);
    let out = run(&["score", "testdata/games/13-two-games.sgf"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("game 1:") && text.contains("\ngame 2:"),
        "{text}"
    );
}

#[test]
fn score_refuses_dead_stones_the_rules_do_not_agree_and_unreachable_grids() {
    let refused = |args: &[&str], expected: &str| {
        let out = run(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    };
    refused(
        &["score", "--grid", "X.O./X.O.", "--dead", "A1"],
        "--dead: the rules koPOSITIONALscoreAREAsui1 end the game at two passes, with no agreement on dead stones (comment 8",
    );
    refused(
        &[
            "score",
            "testdata/games/05-resigned.sgf",
            "--dead",
            "C3",
            "--rules",
            "koPOSITIONALscoreAREAsui1endAGREEMENT",
        ],
        "only after two consecutive passes (comment 8); the record ends after 0",
    );
    refused(
        &["score", "--grid", "XO/O."],
        "--grid: the Black stone at A2 has no liberty",
    );
    refused(
        &["score", "--grid", "XX/XX"],
        "no game reaches this coloring",
    );
    // After two passes, under the agreement ending, --dead is the agreement.
    let out = run(&[
        "score",
        "testdata/games/10-result-disagrees.sgf",
        "--dead",
        "B2",
        "--rules",
        "koPOSITIONALscoreAREAsui1endAGREEMENT",
    ]);
    assert_eq!(out.status.code(), Some(0), "{:?}", out.stderr);
    assert!(String::from_utf8_lossy(&out.stdout).contains("result: 0"));
}
