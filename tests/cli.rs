//! The command line end to end, through the built binary: unusable input
//! (numbers that are not numbers, vectors that are not vectors, an engine
//! that is not there, an `--out` that is a file) exits with 2 and a message
//! naming the input and what is wrong, before anything runs.

mod common;

use common::{exits, exits_saying, gtp_proxy, run};

use std::path::{Path, PathBuf};

const BIN: &str = env!("CARGO_BIN_EXE_tromp-taylor");

/// Runs `args`, asserts exit 2 and that standard error holds every `needle`.
fn refused(args: &[&str], needles: &[&str]) -> String {
    let output = run(args);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    for needle in needles {
        assert!(
            stderr.contains(needle),
            "{args:?}: no {needle:?} in {stderr}"
        );
    }
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

/// A path as an argument.
fn text(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// `audit --engine ENGINE WORDS... --out OUT`: the options in one string.
fn audit(engine: &str, words: &str, out: &Path) -> std::process::Output {
    let mut args = vec!["audit", "--engine", engine];
    args.extend(words.split_whitespace());
    args.extend(["--out", text(out)]);
    run(&args)
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tromp-taylor-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn numbers_that_are_not_numbers_exit_2_naming_the_option() {
    for timeout in ["nan", "inf", "-1", "0", "1e300"] {
        let option = format!("--timeout={timeout}");
        refused(
            &["vectors", "run", "--engine", "x", &option, "."],
            &["--timeout", timeout],
        );
        refused(&["audit", "--engine", "x", &option], &["--timeout"]);
    }
    refused(&["diff", "--jobs", "1000000"], &["--jobs", "from 1 to 256"]);
    refused(&["diff", "--jobs", "0"], &["--jobs"]);
    refused(&["diff", "--games", "0"], &["--games"]);
    refused(&["audit", "--engine", "x", "--games", "0"], &["--games"]);
    refused(
        &[
            "vectors",
            "export",
            "--generated",
            "99999999999",
            "/nonexistent",
        ],
        &["--generated"],
    );
    refused(&["play", "--handicap", "100000"], &["--handicap"]);
}

/// A change made to a vector file.
type Edit = Box<dyn FnOnce(&mut serde_json::Value)>;

/// A folder holding one file of the case suite, `rule-6.json`, changed by `edit`.
fn vectors_with(name: &str, edit: impl FnOnce(&mut serde_json::Value)) -> PathBuf {
    let dir = temp(name);
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/cases/rule-6.json");
    let mut value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(source).unwrap()).unwrap();
    edit(&mut value);
    std::fs::write(dir.join("rule-6.json"), value.to_string()).unwrap();
    dir
}

fn vectors_run(dir: &Path) -> Vec<String> {
    ["vectors", "run", "--engine", "/nonexistent/engine"]
        .iter()
        .map(|s| s.to_string())
        .chain([dir.display().to_string()])
        .collect()
}

#[test]
fn vectors_run_refuses_bad_vectors_with_the_file_and_the_place() {
    let empty = temp("empty");
    let args = vectors_run(&empty);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    refused(&args, &["no case files"]);
    std::fs::remove_dir_all(&empty).ok();

    let bad: [(&str, Edit, &[&str]); 5] = [
        (
            "banana",
            Box::new(|v| v["cases"][0]["turns"][0]["expect"] = "banana".into()),
            &["rule-6.json", "/cases/0/turns/0/expect", "banana"],
        ),
        (
            "size",
            Box::new(|v| v["cases"][0]["size"] = "99x99".into()),
            &["rule-6.json", "/cases/0/size", "99x99"],
        ),
        (
            "zero-size",
            Box::new(|v| v["cases"][0]["size"] = "0x5".into()),
            &["rule-6.json", "/cases/0/size"],
        ),
        (
            "duplicate",
            Box::new(|v| {
                let first = v["cases"][0].clone();
                v["cases"].as_array_mut().unwrap().push(first);
            }),
            &["rule-6.json", "another case has this id"],
        ),
        (
            "no-cases",
            Box::new(|v| v["cases"] = serde_json::json!([])),
            &["rule-6.json", "/cases"],
        ),
    ];
    for (name, edit, needles) in bad {
        let dir = vectors_with(name, edit);
        let args = vectors_run(&dir);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let stderr = refused(&args, needles);
        // Refused before the engine is started: the engine is not blamed.
        assert!(!stderr.contains("engine"), "{name}: {stderr}");
        std::fs::remove_dir_all(&dir).ok();
    }
    // A semantic error the schema cannot see: komi that the rules do not say.
    let dir = vectors_with("komi", |v| v["cases"][0]["komi"] = 7.5.into());
    let args = vectors_run(&dir);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    refused(&args, &["rule-6.json", "/cases/0", "komi"]);
    std::fs::remove_dir_all(&dir).ok();
    // Good files (negative komi among them) pass the checks and reach the engine.
    let dir = vectors_with("good", |_| {});
    let suite = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/cases/comment-10.json");
    std::fs::copy(suite, dir.join("comment-10.json")).unwrap();
    let args = vectors_run(&dir);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    refused(&args, &["the engine could not be run"]);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn audit_refuses_a_missing_engine_and_a_file_as_out_before_any_game() {
    let dir = temp("audit");
    let out = dir.join("out");
    refused(
        &[
            "audit",
            "--engine",
            "/nonexistent/engine",
            "--games",
            "1",
            "--out",
            text(&out),
        ],
        &["/nonexistent/engine", "cannot be run"],
    );
    let file = dir.join("report.txt");
    std::fs::write(&file, "mine").unwrap();
    let engine = format!("{BIN} gtp");
    let stderr = refused(
        &[
            "audit",
            "--engine",
            &engine,
            "--games",
            "1",
            "--out",
            text(&file),
        ],
        &["--out", "is a file, not a folder"],
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine", "{stderr}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn audit_summary_says_what_its_numbers_are() {
    let dir = temp("audit-summary");
    let engine = format!("{BIN} gtp");
    let output = audit(&engine, "--games 1 --size 3x3 --seed 1", &dir);
    let stdout = exits(&output, 0);
    assert!(stdout.contains(", 1 game on 3x3,"), "{stdout}");
    assert!(stdout.contains("1 game against"), "{stdout}");
    assert!(stdout.contains("the agreeing games took"), "{stdout}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn every_subcommand_has_its_own_description() {
    let top = String::from_utf8(run(&["--help"]).stdout).unwrap();
    assert!(top.contains("--features planted-bugs"), "{top}");
    let mut firsts = Vec::new();
    for sub in [
        "diff", "replay", "score", "play", "perft", "vectors", "count", "gtp", "audit",
    ] {
        let help = String::from_utf8(run(&[sub, "--help"]).stdout).unwrap();
        let first = help.lines().next().unwrap_or("").to_string();
        assert!(!first.starts_with("Usage"), "{sub} has no description");
        assert!(!firsts.contains(&first), "{sub} repeats another's: {first}");
        firsts.push(first);
    }
}

#[test]
fn play_says_handicaps_in_words_and_one_turn() {
    let output = run(&["play", "--size", "3", "--fixed-handicap", "9"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("Fixed("), "{stderr}");
    let output = run(&["play", "--size", "3", "B2"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("\n1 turn; "), "{stdout}");
}

#[test]
fn a_hang_report_carries_the_engines_standard_error() {
    let dir = temp("audit-hang");
    // A GTP engine in sh that says why on its standard error, then hangs
    // on its first move.
    let script = dir.join("engine.sh");
    std::fs::write(
        &script,
        "while read line; do case \"$line\" in\n\
         list_commands*) printf '= boardsize\\nclear_board\\nkomi\\nplay\\n\\n';;\n\
         play*) echo 'out of memory in the move generator' >&2; sleep 30;;\n\
         *) printf '= \\n\\n';;\n\
         esac; done\n",
    )
    .unwrap();
    let engine = format!("sh {}", script.display());
    let out = dir.join("out");
    let output = audit(&engine, "--games 1 --size 3x3 --timeout 1", &out);
    let stdout = exits(&output, 1);
    assert!(stdout.contains("the engine hangs"), "{stdout}");
    assert!(
        stdout.contains("its standard error ended with: out of memory in the move generator"),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_wrong_is_legal_is_reported_with_what_play_did() {
    let dir = temp("audit-is-legal");
    // Our own engine behind a bash proxy that inverts every is_legal answer.
    let script = gtp_proxy(
        &dir,
        "case \"$line\" in is_legal*) \
         answer=$(printf '%s' \"$answer\" | sed 's/^= 1$/= X/; s/^= 0$/= 1/; s/^= X$/= 0/')$'\\n';; \
         esac",
    );
    let engine = format!("bash {script}");
    let out = dir.join("out");
    let output = audit(
        &engine,
        "--games 2 --size 3x3 --seed 2 --bias suicide",
        &out,
    );
    let stdout = exits(&output, 1);
    assert!(stdout.contains("is_legal is wrong"), "{stdout}");
    assert!(
        stdout.contains("; `play` then accepted the move, as the rules do")
            || stdout.contains("; `play` then refused the move, as the rules do"),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn diff_replay_plays_a_saved_game_from_its_setup_position() {
    // Black's stone on B2 is set up, so Black's move there is refused, and
    // only White's turn is taken: 2 steps, 1 turn. A replay that dropped
    // the setup would play both on an empty board.
    let dir = temp("replay-setup");
    let file = dir.join("setup.sgf");
    std::fs::write(&file, "(;FF[4]GM[1]SZ[3]AB[aa][bb]AW[cc];B[bb];W[ab])\n").unwrap();
    let output = run(&["diff", "--replay", text(&file)]);
    exits_saying(&output, 0, "spec and fast agree (2 steps, 1 turn)");
}

#[test]
fn audit_replay_says_what_it_cannot_replay_and_exits_2_when_nothing_ran() {
    // A setup position cannot be set up over GTP: the game is skipped with
    // the reason, and with nothing audited the exit code is 2.
    let dir = temp("audit-replay-setup");
    let file = dir.join("setup.sgf");
    std::fs::write(&file, "(;FF[4]GM[1]SZ[3]AB[aa]AW[cc];B[bb])\n").unwrap();
    let engine = format!("{BIN} gtp");
    let out = dir.join("out");
    let output = run(&[
        "audit",
        "--engine",
        &engine,
        "--out",
        text(&out),
        "--replay",
        text(&file),
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stdout}{stderr}");
    assert!(
        stdout.contains("skipped: a setup position (AB/AW): GTP has no command that sets one up"),
        "{stdout}"
    );
    assert!(
        stderr.contains("no replayed game could be audited"),
        "{stderr}"
    );
    // A file that is not SGF is refused before the engine starts.
    std::fs::write(&file, "not a game").unwrap();
    refused(
        &["audit", "--engine", &engine, "--replay", text(&file)],
        &["setup.sgf", "not SGF"],
    );
}

#[test]
fn vectors_run_builtin_writes_json_and_junit_of_every_case() {
    let dir = temp("vectors-builtin");
    let (json, junit) = (dir.join("run.json"), dir.join("run.xml"));
    let engine = format!("{BIN} gtp");
    let builtin = ["vectors", "run", "--builtin", "--engine", &engine];
    let output = run(&[
        &builtin[..],
        &["--json", text(&json), "--junit", text(&junit)],
    ]
    .concat());
    let stdout = exits(&output, 0);
    let data: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let cases = data["cases"].as_array().unwrap();
    // Every case of the suite, the 19x19 ones included, is in the run.
    assert_eq!(
        cases.len(),
        stdout.lines().filter(|l| l.starts_with("{\"id\"")).count()
    );
    assert!(cases
        .iter()
        .any(|c| c["id"] == "board-19/ko-retake-refused" && c["status"] == "pass"));
    let pass = data["tally"]["pass"].as_u64().unwrap();
    assert!(pass > 0 && data["tally"]["fail"] == 0, "{data}");
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(xml.contains(&format!("tests=\"{}\"", cases.len())), "{xml}");
    assert!(
        xml.contains("<testcase name=\"board-19/ko-retake-refused\"/>"),
        "{xml}"
    );
    // A folder and --builtin together are refused.
    let output = run(&[&builtin[..], &["somewhere"]].concat());
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn an_engine_that_does_not_start_in_time_is_said_so_not_blamed() {
    let dir = temp("slow-start");
    // It answers nothing for 3 s: with a second a command, it did not start.
    let engine = format!("sh -c 'sleep 3; exec {BIN} gtp'");
    let output = audit(&engine, "--games 1 --timeout 1", &dir);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("did not start: no answer to its first command in 1 s"),
        "{stderr}"
    );
}

#[test]
fn an_engine_with_kgs_rules_only_is_told_the_rules_with_it() {
    if common::python3_missing() {
        return;
    }
    // Our engine, started under the ten rules, with kata-set-rules hidden:
    // held to Japanese-style rules (simple ko, territory), it agrees only
    // if the auditor tells it `kgs-rules japanese`; with kgs-rules hidden
    // too it is not told, says so, and diverges.
    let hide = |hidden: &str| {
        format!(
            "python3 engines/tools/gtp_hide.py --hide {hidden} -- {BIN} gtp --rules tromp-taylor"
        )
    };
    let dir = temp("kgs-rules");
    let audited = |engine: &str| {
        let output = audit(
            engine,
            "--rules simple-ko-territory --games 6 --seed 1 --size 5x5",
            &dir,
        );
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
        )
    };
    let (code, stdout) = audited(&hide("kata-set-rules"));
    assert_eq!(code, Some(0), "{stdout}");
    assert!(!stdout.contains("was not told the rules"), "{stdout}");
    let (code, stdout) = audited(&hide("kata-set-rules,kgs-rules"));
    assert_eq!(code, Some(1), "{stdout}");
    assert!(
        stdout
            .contains("the engine was not told the rules (it has no kata-set-rules or kgs-rules)"),
        "{stdout}"
    );
}

#[test]
fn a_reader_who_leaves_early_ends_the_program_quietly_with_141() {
    // `tromp-taylor diff | head -1`: the pipe is closed before the summary
    // is printed. std's `println!` would panic there.
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_tromp-taylor"))
        .args(["diff", "--games", "200", "--seed", "1", "--size", "9x9"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("the binary ends");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(output.status.code(), Some(141), "{stderr}");
}
