//! The `peer-gtp` binary: it serves each engine over GTP, every verdict the
//! engine's, and refuses at `boardsize` what the engine does not claim.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `peer-gtp ARGS` on `input` and returns its standard output.
fn session(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_peer-gtp"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("peer-gtp starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("written");
    let output = child.wait_with_output().expect("peer-gtp ends");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// The answers, one per command, without their `=`/`?` marks' blank lines.
fn answers(output: &str) -> Vec<&str> {
    output.split("\n\n").filter(|a| !a.is_empty()).collect()
}

#[test]
fn both_engines_answer_list_commands_and_play() {
    for engine in ["goban", "board-game"] {
        let out = session(
            &["--engine", engine],
            "list_commands\nboardsize 5\nplay b c3\nplay w c3\nlist_stones black\nquit\n",
        );
        let a = answers(&out);
        assert_eq!(a.len(), 6, "{engine}: {out}");
        for command in ["play", "is_legal", "all_legal", "list_stones", "undo"] {
            assert!(
                a[0].lines().any(|l| l.trim_start_matches("= ") == command),
                "{engine}: {out}"
            );
        }
        assert_eq!(a[1], "= ", "{engine}");
        assert_eq!(a[2], "= ", "{engine}");
        assert!(a[3].starts_with("? illegal move"), "{engine}: {}", a[3]);
        assert_eq!(a[4], "= C3", "{engine}");
    }
}

#[test]
fn a_one_stone_suicide_that_repeats_is_the_engines_verdict() {
    // 1x1, the ten rules: Black A1 empties the board again (rule 6).
    // board-game refuses it; goban 0.20 accepts it (its superko test is
    // skipped for a move that captures nothing: rules/game.rs line 414).
    let input = "boardsize 1\nis_legal b a1\nplay b a1\n";
    let bg = session(&["--engine", "board-game"], input);
    assert_eq!(answers(&bg)[1], "= 0", "{bg}");
    assert!(
        answers(&bg)[2].starts_with("? illegal move: superko"),
        "{bg}"
    );
    let goban = session(&["--engine", "goban"], input);
    assert_eq!(answers(&goban)[1..], ["= 1", "= "][..], "{goban}");
}

#[test]
fn what_an_engine_does_not_claim_is_refused() {
    // Rules it does not claim: refused at once, not played as others.
    let refused = Command::new(env!("CARGO_BIN_EXE_peer-gtp"))
        .args(["--engine", "board-game", "--rules", "new-zealand"])
        .stdin(Stdio::null())
        .output()
        .expect("peer-gtp runs");
    assert_eq!(refused.status.code(), Some(2));
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(
        message.contains("board-game does not claim situational superko"),
        "{message}"
    );
    // Boards it does not claim: refused at `boardsize`.
    let out = session(
        &["--engine", "goban"],
        "rectangular_boardsize 3 2\nboardsize 20\nboardsize 19\n",
    );
    assert_eq!(answers(&out)[0].chars().next(), Some('?'), "{out}");
    assert_eq!(answers(&out)[1].chars().next(), Some('?'), "{out}");
    assert_eq!(answers(&out)[2], "= ", "{out}");
}
