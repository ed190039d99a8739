//! The GTP client as one more engine of the harness: our own referee over
//! GTP agrees with the rules under `check_engine`; an engine without
//! `all_legal` and a board is checked without them, and the report says so;
//! a planted wrong `is_legal` is caught and minimised; an engine that dies
//! or hangs mid-game is the engine's panic, named `crash` or `hang`.

mod common;

use common::gtp_proxy as proxy;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tromp_taylor_gtp::adapter::{gtp_engine, GtpOptions};
use tromp_taylor_harness::check::{check_engine, CheckOptions, CheckReport};
use tromp_taylor_harness::diff::{compare_script, Difference};
use tromp_taylor_harness::engine::{EngineKind, Supports};
use tromp_taylor_harness::vocab::Size;

const BIN: &str = env!("CARGO_BIN_EXE_tromp-taylor");

/// A fresh folder of this run's own.
fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "tromp-taylor-gtp-engine-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The engine that `words` run, `timeout` a command.
fn kind(words: &[&str], timeout: Duration) -> EngineKind {
    let command = words.iter().map(|w| w.to_string()).collect();
    gtp_engine(GtpOptions::new(command, timeout)).expect("the engine starts")
}

/// `games` small games (3x3 to 5x5) from `seed` on the rules and `engine`.
fn check(engine: &EngineKind, games: usize, seed: u64) -> CheckReport {
    let mut options = CheckOptions::new(games, seed);
    options.sizes = [(3, 3), (4, 4), (5, 5), (4, 3)]
        .into_iter()
        .map(|(w, h)| Size::new(w, h).unwrap())
        .collect();
    options.jobs = 2;
    check_engine(engine, &options)
}

#[test]
fn our_referee_over_gtp_agrees_with_the_rules() {
    let engine = kind(&[BIN, "gtp"], Duration::from_secs(20));
    let supports = engine.supports();
    // Our referee answers every query but a reason and a score as the
    // position stands; it is told the rules with kata-set-rules.
    assert_eq!(
        supports.unclaimed_answers(),
        ["reasons", "scores", "agreements"]
    );
    assert!(supports.undo && supports.rectangles && supports.territory_scoring);
    assert!(supports.agreement_ending && !supports.agreements && !supports.setup_positions);
    // SGF's limit: past 25 columns, vertices AA, AB, ...
    assert_eq!(supports.max_side, 52);
    // A lost turn kept by the adapter (it has the board), a fixed handicap
    // placed by `fixed_handicap`.
    assert!(supports.illegal_loses_turn && supports.fixed_handicap && !supports.free_handicap);
    // Random rules, and then the rules it can be told, every game compared
    // but those with a free handicap.
    let report = check(&engine, 40, 1);
    report.assert_agrees();
    assert!(report.summary.games >= 15, "{report}");
    let mut options = CheckOptions::new(40, 7);
    options.sizes = vec![Size::new(3, 3).unwrap(), Size::new(5, 5).unwrap()];
    let names = [
        "tromp-taylor",
        "chinese",
        "simple-ko-territory",
        "new-zealand",
    ];
    options.rules = Some(names.iter().map(|n| n.parse().unwrap()).collect());
    options.jobs = 2;
    let report = check_engine(&engine, &options);
    report.assert_agrees();
    assert!(report.summary.games >= 30, "{report}");
    assert!(report.summary.turns > 400, "{report}");
    let text = report.to_string();
    assert!(
        text.contains("not compared, as tromp-taylor gtp does not claim them: reasons, scores"),
        "{text}"
    );
}

#[test]
fn an_engine_without_all_legal_or_a_board_is_checked_without_them() {
    if common::python3_missing() {
        return;
    }
    let hide = |hidden: &str| {
        let root = env!("CARGO_MANIFEST_DIR");
        let tool = format!("{root}/engines/tools/gtp_hide.py");
        let words = ["python3", &tool, "--hide", hidden, "--", BIN, "gtp"];
        kind(&words, Duration::from_secs(20))
    };
    let hidden = hide("all_legal,list_stones,showboard,captures");
    let claimed = hidden.supports();
    assert!(!claimed.legal_sets && !claimed.grids && !claimed.captures);
    assert!(claimed.verdict_queries && claimed.results);
    let report = check(&hidden, 24, 2);
    report.assert_agrees();
    assert!(report.summary.games >= 12, "{report}");
    let text = report.to_string();
    assert!(
        text.contains("does not claim them: legal sets, reasons, grids, captures, scores"),
        "{text}"
    );
    // Without list_stones the board is read from showboard.
    let shown = hide("list_stones");
    assert!(shown.supports().grids, "our showboard can be read");
    check(&shown, 12, 3).assert_agrees();
}

#[test]
fn a_wrong_is_legal_is_caught_and_minimised() {
    let dir = temp("is-legal");
    // Every is_legal answer inverted; play is right.
    let edit = "case \"$line\" in is_legal*) \
                answer=$(printf '%s' \"$answer\" | sed 's/^= 1$/= X/; s/^= 0$/= 1/; s/^= X$/= 0/')$'\\n';; \
                esac";
    let script = proxy(&dir, edit);
    let engine = kind(&["bash", &script], Duration::from_secs(20));
    let report = check(&engine, 16, 4);
    assert!(!report.agrees(), "{report}");
    let found = report
        .new_divergences()
        .find(|f| f.known_or_difference() == "check")
        .unwrap_or_else(|| panic!("no check divergence: {report}"));
    assert!(found.minimised);
    // Minimised: the attempt it is wrong about, and little before it.
    assert!(found.divergence.record.len() <= 3, "{report}");
    match &found.divergence.difference {
        Difference::Check { left, right, .. } => assert_ne!(left.is_ok(), right.is_ok()),
        other => panic!("{other:?}"),
    }
    // The reproducer replays alike.
    let replayed = compare_script(&found.script, &EngineKind::spec(), &engine, true);
    let again = replayed.expect_err("the reproducer parts again");
    assert_eq!(again.difference.kind(), "check");
    let text = report.to_string();
    // Grouped by what it is: a legal move it calls illegal, or the reverse.
    assert!(
        text.contains("NEW refuses a legal move") || text.contains("NEW accepts an illegal move"),
        "{text}"
    );
    assert!(text.contains("the verdict asked without playing"), "{text}");
}

#[test]
fn an_engine_that_dies_or_hangs_mid_game_is_its_panic() {
    let dir = temp("crash");
    // The third play of every game ends the process: at once, or by
    // sleeping in its place past the timeout.
    let dies = |dir: &std::path::Path, how: &str| {
        proxy(
            dir,
            &format!(
                "case \"$line\" in clear_board) plays=0;; play*) plays=$((plays+1)); \
                 [ $plays -ge 3 ] && {{ echo 'dying on purpose' >&2; {how}; }};; esac"
            ),
        )
    };
    // (A moment between its last words and its end, for them to be read.)
    let crash = dies(&dir, "sleep 0.3; exit 3");
    let started = Instant::now();
    let engine = kind(&["bash", &crash], Duration::from_secs(20));
    let report = check(&engine, 6, 5);
    let panic = |report: &CheckReport| -> (String, String) {
        let found = report
            .new_divergences()
            .find(|f| f.known_or_difference() == "panic")
            .unwrap_or_else(|| panic!("no panic: {report}"));
        match &found.divergence.difference {
            Difference::Panic { engine, message } => (engine.clone(), message.clone()),
            other => panic!("{other:?}"),
        }
    };
    let (name, message) = panic(&report);
    assert_eq!(name, engine.name());
    assert!(message.starts_with("crash: "), "{message}");
    assert!(message.contains("play "), "{message}");
    assert!(message.contains("dying on purpose"), "{message}");
    let hang_dir = temp("hang");
    let hang = dies(&hang_dir, "exec sleep 600");
    let engine = kind(&["bash", &hang], Duration::from_secs(1));
    let report = check(&engine, 3, 5);
    let (_, message) = panic(&report);
    assert!(message.starts_with("hang: "), "{message}");
    assert!(message.contains("no answer in 1 s"), "{message}");
    assert!(
        started.elapsed() < Duration::from_secs(240),
        "took too long"
    );
}

#[test]
fn what_an_engine_over_gtp_claims_is_said_in_one_line() {
    let engine = kind(&[BIN, "gtp"], Duration::from_secs(20));
    let line = engine.supports().to_string();
    assert!(line.contains("ending: two passes, agreement;"), "{line}");
    assert!(line.contains("handicaps: fixed;"), "{line}");
    assert!(line.contains("illegal moves lose the turn: yes;"), "{line}");
    assert!(line.contains("undo: yes"), "{line}");
    assert!(
        line.contains("answers: legal sets, verdict queries, grids, captures, results"),
        "{line}"
    );
    assert!(Supports::EVERYTHING.unclaimed_answers().is_empty());
}

#[test]
fn undos_and_every_query_reach_the_engine() {
    let dir = temp("log");
    let log = dir.join("commands.log");
    // Our referee behind a proxy that writes down every command.
    let script = proxy(&dir, &format!("echo \"$line\" >> {}", log.display()));
    let engine = kind(&["bash", &script], Duration::from_secs(20));
    let mut options = CheckOptions::new(150, 11);
    options.sizes = [(3, 3), (4, 3)]
        .into_iter()
        .map(|(w, h)| Size::new(w, h).unwrap())
        .collect();
    let names = ["tromp-taylor", "simple-ko-territory", "new-zealand"];
    options.rules = Some(names.iter().map(|n| n.parse().unwrap()).collect());
    options.jobs = 2;
    let report = check_engine(&engine, &options);
    report.assert_agrees();
    let sent = std::fs::read_to_string(&log).unwrap();
    for command in [
        "undo",
        "is_legal ",
        "all_legal ",
        "list_stones ",
        "captures ",
        "final_score",
        "kata-set-rules ",
        "rectangular_boardsize 4 3",
    ] {
        assert!(
            sent.lines().any(|line| line.starts_with(command)),
            "never sent {command:?}: {report}"
        );
    }
    // Processes are reused: the set-up of a game far more often than the
    // question of what the engine answers.
    let count = |word: &str| sent.lines().filter(|l| l.starts_with(word)).count();
    assert!(count("clear_board") > 10 * count("list_commands"), "{sent}");
}
