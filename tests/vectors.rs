//! The conformance vectors: the hand-written cases of `testdata/cases/`
//! (confirmed by spec and fast) and generated games (computed by spec,
//! confirmed by fast), valid against harness/schema/vectors.schema.json, covering
//! every rule and pitfall, and passed by our own GTP engine.

use serde_json::Value;
use tromp_taylor_harness::cases::suite_dir;
use tromp_taylor_records::vectors::{all_cases, export, group, regress_test};

fn schema() -> jsonschema::Validator {
    let text = include_str!("../harness/schema/vectors.schema.json");
    let schema: Value = serde_json::from_str(text).expect("the schema is JSON");
    jsonschema::validator_for(&schema).expect("the schema is a valid JSON Schema")
}

#[test]
fn every_exported_file_and_every_case_file_is_valid_against_the_schema() {
    let dir = std::env::temp_dir().join(format!("tromp-taylor-vectors-{}", std::process::id()));
    let count = export(&suite_dir(), &dir, 20, 7).expect("export");
    assert!(count > 90, "only {count} cases");
    let validator = schema();
    // The exported files, and the hand-written cases they come from.
    for folder in [dir.clone(), suite_dir()] {
        let mut files = 0;
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "json") {
                files += 1;
                let value: Value =
                    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
                let errors: Vec<String> = validator
                    .iter_errors(&value)
                    .map(|e| format!("{e} at {}", e.instance_path))
                    .collect();
                assert!(errors.is_empty(), "{}: {errors:#?}", path.display());
            }
        }
        assert!(files >= 14, "only {files} files in {}", folder.display());
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_schema_rejects_a_broken_case() {
    let files = group(all_cases(&suite_dir(), 0, 1).unwrap());
    let mut value = serde_json::to_value(&files[0]).unwrap();
    value["cases"][0]["turns"][0]["expect"] = Value::from("maybe");
    assert!(!schema().is_valid(&value));
}

#[test]
fn the_pitfalls_are_all_there_with_the_expected_verdicts() {
    let cases = all_cases(&suite_dir(), 0, 1).unwrap();
    let find = |id: &str| {
        cases
            .iter()
            .find(|c| c.id == id)
            .unwrap_or_else(|| panic!("no case {id}"))
    };
    // Rule 6 on 2x1: the retake repeats turn 1, the fill repeats the start.
    let two = find("rule-6/two-points");
    assert_eq!(
        (two.turns[2].expect.as_str(), two.turns[2].repeats_turn),
        ("superko", Some(1))
    );
    assert_eq!(
        (two.turns[4].expect.as_str(), two.turns[4].repeats_turn),
        ("superko", Some(0))
    );
    assert_eq!(two.end.result, "W+2");
    // The triple ko's sixth take repeats turn 22; under simple ko it is legal.
    assert_eq!(
        find("rule-6/triple-ko").turns.last().unwrap().repeats_turn,
        Some(22)
    );
    assert_eq!(
        find("seed-004/simple-ko-triple-ko-cycles")
            .turns
            .last()
            .unwrap()
            .expect,
        "legal"
    );
    // What the rules say of one turn of a case (its index from 0).
    for (id, turn, expect) in [
        // Positional and situational superko part on the same move.
        ("comment-6/positional-vs-situational-psk", 4, "superko"),
        ("comment-6/positional-vs-situational-ssk", 4, "legal"),
        // Simple ko after a pass; the immediate retake.
        ("seed-004/simple-ko-after-a-pass", 11, "legal"),
        ("seed-004/superko-after-a-pass", 11, "superko"),
        ("seed-004/simple-ko-retake", 9, "ko"),
        // Suicide: single-stone illegal, multi-stone legal, forbidden as such.
        ("rule-6/single-stone-suicide", 2, "superko"),
        ("rule-7/multi-stone-suicide", 2, "legal"),
        ("comment-7/suicide-forbidden", 2, "suicide"),
    ] {
        assert_eq!(
            find(id).turns[turn].expect,
            expect,
            "{id}, turn index {turn}"
        );
    }
    // Scoring: seki, dame, komi ties, territory prisoners, agreement.
    assert_eq!(find("comment-9/seki-territory").end.result, "W+2");
    assert_eq!(find("rule-9/dame").end.result, "0");
    assert_eq!(find("comment-10/komi-tie").end.result, "0");
    assert_eq!(
        find("comment-9/territory-suicide-prisoners").end.prisoners,
        [0, 2]
    );
    assert_eq!(find("comment-8/agreement").end.result, "B+4");
    // Tags let an engine skip what it does not claim.
    assert!(find("comment-8/agreement")
        .requires
        .contains(&"ending:agreement".to_string()));
    assert!(find("rule-1/wide-52x3")
        .requires
        .contains(&"large-board".to_string()));
}

#[test]
fn regress_files_ask_is_legal_for_illegal_moves_and_skip_what_gtp_cannot_state() {
    let cases = all_cases(&suite_dir(), 0, 1).unwrap();
    let two = cases.iter().find(|c| c.id == "rule-6/two-points").unwrap();
    let test = regress_test(two).unwrap();
    assert!(test.contains("3 is_legal B A1\n#? [0]\n"), "{test}");
    assert!(
        !test.contains("play B A1\n3"),
        "an illegal move is never played"
    );
    assert!(test.trim_end().ends_with("#? [W\\+2]"), "{test}");
    let agreement = cases
        .iter()
        .find(|c| c.id == "comment-8/agreement")
        .unwrap();
    assert!(regress_test(agreement).is_none());
}

#[test]
fn our_gtp_engine_passes_every_vector_with_both_engines() {
    let dir = std::env::temp_dir().join(format!("tromp-taylor-vectors-gtp-{}", std::process::id()));
    export(&suite_dir(), &dir, 10, 3).expect("export");
    let files = tromp_taylor_conformance::vectors_run::read_dir(&dir).expect("read back");
    for engine in ["fast", "spec"] {
        let command = vec![
            env!("CARGO_BIN_EXE_tromp-taylor").to_string(),
            "gtp".to_string(),
            "--engine".to_string(),
            engine.to_string(),
        ];
        let mut failures = Vec::new();
        let mut skips = Vec::new();
        let tally = tromp_taylor_conformance::vectors_run::run(
            &command,
            &files,
            &[],
            None,
            tromp_taylor_conformance::vectors_run::NotHeld::default(),
            std::time::Duration::from_secs(30),
            |_, result| {
                if result.status == "fail" || result.status == "error" {
                    failures.push(format!("{result:?}"));
                }
                if result.status == "skip" {
                    skips.push(result.got.clone().unwrap_or_default());
                }
                std::ops::ControlFlow::Continue(())
            },
        )
        .expect("our engine runs");
        assert!(failures.is_empty(), "{engine}: {failures:#?}");
        assert!(tally.pass > 60, "{engine}: {tally:?}");
        // Only what GTP cannot state is skipped: setups, agreements, free handicaps.
        assert!(
            skips.iter().all(|got| got == "not expressible in GTP"),
            "{engine}: {skips:#?}"
        );
        assert_eq!(tally.skip, skips.len());
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// An engine whose rules are fixed (GNU Go, told nothing; its command line
/// sets the Chinese rules) runs every case recomputed under them instead of
/// skipping it, is not asked about turns after the end (GTP leaves the end
/// to the controller), and a final score on an unsettled board is a scoring
/// convention, not a failure.
#[test]
fn fixed_rules_engines_run_the_cases_recomputed_under_their_rules() {
    const GNUGO: &str = "/usr/games/gnugo";
    if !std::path::Path::new(GNUGO).exists() {
        eprintln!("skipped: gnugo is not installed (apt-get install -y gnugo)");
        return;
    }
    let dir =
        std::env::temp_dir().join(format!("tromp-taylor-vectors-fixed-{}", std::process::id()));
    export(&suite_dir(), &dir, 0, 3).expect("export");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let keep = ["rule-7.json", "rule-8.json"];
        if path.is_file() && !keep.iter().any(|k| path.ends_with(k)) {
            std::fs::remove_file(path).unwrap();
        }
    }
    let files = tromp_taylor_conformance::vectors_run::read_dir(&dir).expect("read back");
    let command: Vec<String> = [GNUGO, "--mode", "gtp", "--chinese-rules"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let mut results = Vec::new();
    let tally = tromp_taylor_conformance::vectors_run::run(
        &command,
        &files,
        &[],
        Some("chinese".parse().unwrap()),
        tromp_taylor_conformance::vectors_run::NotHeld::default(),
        std::time::Duration::from_secs(20),
        |_, result| {
            results.push(result.clone());
            std::ops::ControlFlow::Continue(())
        },
    )
    .expect("gnugo runs");
    let recomputed = results.iter().filter(|r| r.id.contains("(under ")).count();
    assert!(recomputed >= 5, "{results:#?}");
    let for_rules: Vec<_> = results
        .iter()
        .filter(|r| r.at.as_deref() == Some("rules"))
        .collect();
    assert!(
        for_rules.is_empty(),
        "skipped for their rules: {for_rules:#?}"
    );
    // rule-8's cases play on after two passes; GNU Go is not asked then.
    let after_end: Vec<_> = results
        .iter()
        .filter(|r| r.id.starts_with("rule-8/") && r.status == "fail")
        .collect();
    assert!(after_end.is_empty(), "{after_end:#?}");
    assert!(
        tally.pass >= 2 && tally.convention >= 1,
        "{tally:?}: {results:#?}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
