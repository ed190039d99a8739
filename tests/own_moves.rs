//! The auditor's own-moves mode (`audit --moves genmove`) and an engine's
//! declared tolerance (`--tolerates`), run on our own engine and on it with
//! a fault planted by a GTP proxy: its `genmove` plays an occupied point,
//! its `kata-get-rules` names other rules, its `play` takes a superko.

mod common;

use common::{exits, exits_saying, gtp_proxy, run};
use std::path::PathBuf;

const BIN: &str = env!("CARGO_BIN_EXE_tromp-taylor");

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tromp-taylor-own-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `audit --engine ENGINE WORDS --out DIR/out`.
fn audit(engine: &str, words: &str, dir: &std::path::Path) -> std::process::Output {
    let out = dir.join("out");
    let mut args = vec!["audit", "--engine", engine];
    args.extend(words.split_whitespace());
    args.extend(["--out", out.to_str().unwrap()]);
    run(&args)
}

/// A folder for test `name` and our engine behind a GTP proxy that runs
/// `edit` on each answer ([`gtp_proxy`]), as an `--engine` command line.
fn proxied(name: &str, edit: &str) -> (PathBuf, String) {
    let dir = temp(name);
    let proxy = gtp_proxy(&dir, edit);
    (dir, format!("bash {proxy}"))
}

#[test]
fn our_engine_plays_only_legal_moves_of_its_own_to_the_end() {
    let dir = temp("ours");
    let engine = format!("{BIN} gtp");
    let output = audit(
        &engine,
        "--moves genmove --games 8 --size 5x5,3x3 --seed 1",
        &dir,
    );
    let stdout = exits_saying(&output, 0, "of its own to the end");
    assert!(stdout.contains("8 agree, 0 diverge"), "{stdout}");
    // Every fourth game starts from the empty board, the others from a
    // position a generated game reaches.
    assert!(
        stdout.contains("game 1 (") && stdout.contains("game 5 ("),
        "{stdout}"
    );
}

#[test]
fn a_move_of_its_own_on_an_occupied_point_is_found_and_reproduces() {
    // The proxy answers genmove with the last point played before it.
    let (dir, engine) = proxied(
        "occupied",
        r#"case "$line" in
             clear_board*) last='' ;;
             play\ *) last="${line##* }" ;;
             genmove*) if [ -n "$last" ] && [ "$last" != pass ]; then answer="= $last"$'\n'; fi
                       last=$(printf '%s' "$answer" | sed -n 's/^= *//p' | head -n 1) ;;
           esac"#,
    );
    let output = audit(
        &engine,
        "--moves genmove --games 4 --size 5x5 --seed 2",
        &dir,
    );
    let stdout = exits_saying(&output, 1, "plays an illegal move of its own (occupied)");
    let report = std::fs::read_dir(dir.join("out"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| {
            p.to_string_lossy().contains("plays-an-illegal-move")
                && p.extension().is_some_and(|e| e == "txt")
        })
        .unwrap_or_else(|| panic!("no report written: {stdout}"));
    let report = std::fs::read_to_string(report).unwrap();
    assert!(report.contains("genmove"), "{report}");
    assert!(
        report.contains("asked again on a fresh process, it plays it again"),
        "{report}"
    );
    // The reproducer marks the disputed move, and the report says how to
    // replay it on the engine with our tool.
    assert!(report.contains("TTV["), "{report}");
    assert!(report.contains("tromp-taylor audit --replay "), "{report}");
}

#[test]
fn rules_it_says_it_plays_by_are_held_to_the_rules_it_was_told() {
    let (dir, engine) = proxied(
        "rules",
        r#"case "$line" in
             kata-get-rules*) answer='= {"ko":"SIMPLE","scoring":"AREA","suicide":true}'$'\n' ;;
           esac"#,
    );
    let output = audit(
        &engine,
        "--moves genmove --games 2 --size 5x5 --seed 1",
        &dir,
    );
    let stdout = exits_saying(&output, 1, "says it plays by other rules than it was told");
    // Asked once an audit: one divergence, the other game agrees.
    assert!(stdout.contains("1 agree, 1 diverge"), "{stdout}");
}

#[test]
fn an_engine_without_genmove_is_refused_before_any_game() {
    let (dir, engine) = proxied(
        "no-genmove",
        r#"case "$line" in
             list_commands*) answer=$(printf '%s' "$answer" | grep -vx 'genmove')$'\n' ;;
           esac"#,
    );
    let output = audit(&engine, "--moves genmove --games 2", &dir);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("has no genmove"), "{stderr}");
}

#[test]
fn a_declared_tolerance_is_never_sent_and_everything_else_is_held() {
    // The proxy's play takes a superko (it says it did, and the engine
    // behind it did not): a tolerant play, as KataGo's.
    let (dir, engine) = proxied(
        "tolerates",
        r#"case "$answer" in
             *superko*) answer='= '$'\n' ;;
           esac"#,
    );
    let words = "--games 12 --size 3x3 --bias ko --seed 4";
    let held = exits_saying(
        &audit(&engine, words, &dir),
        1,
        "accepts an illegal move (superko)",
    );
    let tolerated = exits(
        &audit(&engine, &format!("{words} --tolerates superko"), &dir),
        0,
    );
    assert!(tolerated.contains("12 agree"), "{held}\n{tolerated}");
}
