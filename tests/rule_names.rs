//! One reader of rule names: `play --rules`, `diff --rules`, `audit --rules`,
//! GTP `kgs-rules` and `kata-set-rules`, a manifest's `rules` and an SGF `RU`
//! accept and refuse the same names, those of testdata/rule-names.txt
//! (python/tests/test_game.py holds the Python `Rules(R)` to the same list).

mod common;

use common::run;
use tromp_taylor_gtp::{run_to_string, SessionOptions};
use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::vocab::Rules;

/// Every name of testdata/rule-names.txt with whether it is accepted.
fn names() -> Vec<(String, bool)> {
    let text = include_str!("../testdata/rule-names.txt");
    let names: Vec<(String, bool)> = text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let (name, accepted) = line.rsplit_once(' ').expect("NAME yes|no");
            assert!(matches!(accepted, "yes" | "no"), "{line}");
            (name.to_string(), accepted == "yes")
        })
        .collect();
    assert!(names.iter().any(|(_, yes)| *yes) && names.iter().any(|(_, yes)| !*yes));
    names
}

/// Whether a command-line run with `args` was accepted (0 or 1: it ran) or
/// refused (2, with the name in the message).
fn command_accepts(args: &[&str], name: &str) -> bool {
    let output = run(args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    match output.status.code() {
        Some(0 | 1) => true,
        Some(2) => {
            assert!(
                stderr.contains(name),
                "{args:?}: the refusal does not name {name:?}: {stderr}"
            );
            false
        }
        other => panic!("{args:?}: exit {other:?}: {stderr}"),
    }
}

/// Whether a GTP session answers `command NAME` with success.
fn gtp_accepts(command: &str, name: &str) -> bool {
    let options = SessionOptions {
        engine: EngineKind::spec(),
        rules: Rules::default(),
        seed: 1,
        files: false,
    };
    let answer = run_to_string(options, format!("{command} {name}\n").as_bytes());
    assert!(
        answer.starts_with('=') || answer.starts_with('?'),
        "{answer}"
    );
    answer.starts_with('=')
}

#[test]
fn every_reader_of_rule_names_accepts_and_refuses_the_same_names() {
    for (name, accepted) in names() {
        let name = name.as_str();
        let readers = [
            ("the harness", name.parse::<Rules>().is_ok()),
            (
                "an SGF RU",
                tromp_taylor_harness::sgf::rules_from_ru(name).is_some(),
            ),
            (
                "a manifest",
                tromp_taylor_conformance::matrix::manifest::rules_by_any_name(name).is_ok(),
            ),
            ("GTP kgs-rules", gtp_accepts("kgs-rules", name)),
            ("GTP kata-set-rules", gtp_accepts("kata-set-rules", name)),
        ];
        for (reader, says) in readers {
            assert_eq!(says, accepted, "{reader} on {name:?}");
        }
    }
}

#[test]
fn every_command_accepts_and_refuses_the_same_rule_names() {
    let engine = format!("{} gtp", env!("CARGO_BIN_EXE_tromp-taylor"));
    // The audit's reports go to a folder of the test's, not the source tree.
    let out = std::env::temp_dir().join(format!("tromp-taylor-rule-names-{}", std::process::id()));
    let out = out.display().to_string();
    for (name, accepted) in names() {
        let name = name.as_str();
        let play = ["play", "--size", "3", "--rules", name, "B2", "pass", "pass"];
        let diff = ["diff", "--games", "1", "--size", "3x3", "--rules", name];
        let audit = [
            "audit", "--engine", &engine, "--games", "1", "--size", "3x3", "--rules", name,
            "--out", &out,
        ];
        for args in [&play[..], &diff[..], &audit[..]] {
            assert_eq!(command_accepts(args, name), accepted, "{args:?}");
        }
    }
    let _ = std::fs::remove_dir_all(&out);
}
