//! Every SGF the tool writes is a game any reader replays: an audit's and
//! a matrix's per-game files hold the attempts the rules refuse as
//! attempts (`TTA`), never as moves, so `tromp-taylor replay` reads each
//! (exit 0 or 1, never 2), and `audit --replay` plays each again.

mod common;

use common::run;
use std::path::{Path, PathBuf};

const BIN: &str = env!("CARGO_BIN_EXE_tromp-taylor");

/// Our referee under simple ko and no suicide: held to the ten rules, it
/// refuses legal suicides and takes superko repeats.
fn engine() -> String {
    format!("{BIN} gtp --rules koSIMPLEscoreAREAsui0")
}

/// Every `.sgf` under `dir`, at any depth.
fn sgfs(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(dir) = todo.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == "sgf") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// Asserts that each file replays: `replay` reads it as a game, and
/// `audit --replay` plays it again on the engine.
fn assert_replays(files: &[PathBuf]) {
    for file in files {
        let path = file.to_str().unwrap();
        let replayed = run(&["replay", path]);
        let stderr = String::from_utf8_lossy(&replayed.stderr);
        assert!(
            matches!(replayed.status.code(), Some(0 | 1)),
            "replay {path}: {stderr}\n{}",
            std::fs::read_to_string(file).unwrap()
        );
        let engine = engine();
        let audited = run(&[
            "audit",
            "--engine",
            &engine,
            "--rules",
            "tromp-taylor",
            "--replay",
            path,
        ]);
        let stderr = String::from_utf8_lossy(&audited.stderr);
        assert!(
            matches!(audited.status.code(), Some(0 | 1)),
            "audit --replay {path}: {stderr}"
        );
    }
}

#[test]
fn every_sgf_an_audit_writes_replays() {
    let out = std::env::temp_dir().join(format!("tt-sgf-written-audit-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let engine = engine();
    let audited = run(&[
        "audit",
        "--engine",
        &engine,
        "--set-rules",
        "",
        "--rules",
        "tromp-taylor",
        "--size",
        "3x3,5x5",
        "--games",
        "12",
        // A seed one of whose minimised games keeps a refused attempt (the
        // audit's games are drawn by the job loop's per-game seed formula).
        "--seed",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(
        audited.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&audited.stdout)
    );
    let files = sgfs(&out);
    assert!(!files.is_empty(), "the audit wrote no SGF");
    // The games hold refused attempts: the test reaches the case it is for.
    let attempts = files
        .iter()
        .filter(|f| std::fs::read_to_string(f).unwrap().contains("TTA["))
        .count();
    assert!(attempts > 0, "no SGF holds a refused attempt: {files:?}");
    assert_replays(&files);
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn every_sgf_a_matrix_writes_replays() {
    let dir = std::env::temp_dir().join(format!("tt-sgf-written-matrix-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let manifests = dir.join("engines");
    std::fs::create_dir_all(&manifests).unwrap();
    std::fs::write(
        manifests.join("referee.toml"),
        format!(
            "name = \"referee\"\nversion = \"0\"\nprogram = \"{BIN}\"\nquick = true\n\n\
             [[profile]]\nrules = \"tromp-taylor\"\ncommand = \"{}\"\nset_rules = \"\"\n\
             sizes = [\"3x3\", \"5x5\"]\ngames = 6\nquick_games = 6\n",
            engine()
        ),
    )
    .unwrap();
    let out = dir.join("out");
    let matrix = run(&[
        "matrix",
        manifests.to_str().unwrap(),
        "--quick",
        "--seed",
        "3",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(
        matches!(matrix.status.code(), Some(0 | 1)),
        "{}",
        String::from_utf8_lossy(&matrix.stderr)
    );
    let files = sgfs(&out);
    assert!(!files.is_empty(), "the matrix wrote no SGF");
    assert_replays(&files);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn refused_attempts_are_written_as_attempts_and_read_back_whole() {
    use tromp_taylor_harness::report::attempts_record;
    use tromp_taylor_harness::script::Action;
    use tromp_taylor_harness::sgf;
    use tromp_taylor_harness::vocab::{Handicap, Player, Point, Rules, Setup, Size, Turn};
    let setup = Setup {
        size: Size::new(3, 3).unwrap(),
        rules: Rules::TROMP_TAYLOR,
        handicap: Handicap::None,
    };
    let turn = |player, turn| (player, Action::Turn(turn));
    let record = vec![
        turn(Player::Black, Turn::Move(Point::new(0, 0))),
        // Occupied, then off the board: both refused, White still to move.
        turn(Player::White, Turn::Move(Point::new(0, 0))),
        turn(Player::White, Turn::Move(Point::new(0, 3))),
        turn(Player::White, Turn::Pass),
    ];
    let game = attempts_record(&setup, None, &record);
    assert_eq!(game.refused, vec![1, 2]);
    let text = sgf::write_record(&game);
    assert!(text.contains(";B[ac];TTA[W:ac];TTA[W:ad];W[]"), "{text}");
    // Any reader: the moves alone.
    let read = sgf::read_game(&text, &sgf::ReadOptions::default()).unwrap();
    assert_eq!(read.moves.len(), 2, "{text}");
    // Read as attempts: the game as it was tried.
    assert_eq!(sgf::read(&text).unwrap(), (setup, record));
}
