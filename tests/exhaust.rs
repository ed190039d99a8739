//! `tromp-taylor exhaust` end to end, and the enumeration it walks checked
//! against `counts`: the legal colorings it enumerates on each board are
//! L(m, n) as `count positions` computes it, and L(m, n) = L(n, m).

mod common;

use common::{exits_saying, run};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use tromp_taylor_counts::positions::{positions, PositionsOptions};
use tromp_taylor_exhaust::enumerate::{colorings, legal_colorings};
use tromp_taylor_harness::vocab::Size;

/// The legal colorings the exhaustive check walks on `w` x `h`.
fn enumerated(w: usize, h: usize) -> u64 {
    let size = Size::new(w, h).unwrap();
    legal_colorings(size, 0..colorings(size)).count() as u64
}

#[test]
fn the_enumeration_counts_what_count_positions_counts_on_every_board_to_ten_points() {
    for w in 1..=10 {
        for h in 1..=(10 / w) {
            let counted = positions(&PositionsOptions::new(w, h)).unwrap();
            assert!(counted.agree());
            assert_eq!(enumerated(w, h), counted.enumerated, "{w}x{h}");
            assert_eq!(
                enumerated(w, h),
                enumerated(h, w),
                "L({w},{h}) = L({h},{w})"
            );
        }
    }
}

/// `exhaust positions` on 2x3 under the ten rules with `more` options: the
/// coverage table's row, once the run has said it found no difference.
fn positions_row_of_2x3(more: &[&str]) -> String {
    let mut args = vec![
        "exhaust",
        "positions",
        "--size",
        "2x3",
        "--rules",
        "tromp-taylor",
    ];
    args.extend_from_slice(more);
    let stdout = exits_saying(&run(&args), 0, "no difference");
    let row = stdout.lines().find(|l| l.starts_with("2x3")).unwrap();
    row.to_string()
}

#[test]
fn exhaust_positions_prints_its_coverage_and_agrees() {
    // L(2, 3) = 489 colorings, 978 positions, 7 turns each.
    let row = positions_row_of_2x3(&["--jobs", "2"]);
    let numbers: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(&numbers[1..6], ["489", "978", "978", "6846", "1"], "{row}");
}

#[test]
fn exhaust_positions_with_symmetry_checks_fewer_and_stands_for_all() {
    let row = positions_row_of_2x3(&["--symmetry"]);
    let numbers: Vec<u64> = row
        .split_whitespace()
        .skip(1)
        .map(|n| n.parse().unwrap())
        .take(4)
        .collect();
    // The 978 positions of 2x3 are stood for by about a quarter of them.
    assert_eq!(numbers[2], 978, "{row}");
    assert!(numbers[1] * 3 < 978 && numbers[1] * 4 >= 978, "{row}");
    assert_eq!(numbers[3], numbers[1] * 7, "{row}");
}

#[test]
fn exhaust_games_walks_every_rules_set_to_the_depth() {
    let output = run(&["exhaust", "games", "--size", "2x2", "--depth", "4"]);
    let stdout = exits_saying(&output, 0, "6 units");
    assert!(stdout.contains("koSITUATIONALscoreAREAsui0"), "{stdout}");
}

/// The states column of `exhaust games` on 2x2 to depth 8 under positional
/// superko, with `more` options.
fn games_states_of_2x2(more: &[&str]) -> u64 {
    let mut args = vec!["exhaust", "games", "--size", "2x2", "--depth", "8"];
    args.extend_from_slice(&["--rules", "koPOSITIONALscoreAREAsui1"]);
    args.extend_from_slice(more);
    let stdout = exits_saying(&run(&args), 0, "no difference");
    let row = stdout.lines().find(|l| l.starts_with("2x2")).unwrap();
    row.split_whitespace().nth(4).unwrap().parse().unwrap()
}

#[test]
fn exhaust_games_folded_by_symmetry_and_the_open_set_walks_fewer_states() {
    let none = games_states_of_2x2(&[]);
    let symmetry = games_states_of_2x2(&["--symmetry"]);
    let both = games_states_of_2x2(&["--symmetry", "--open-set"]);
    assert!(both <= symmetry && symmetry * 8 >= none && symmetry * 4 < none);
}

#[test]
fn unusable_options_are_refused_before_anything_runs() {
    for args in [
        ["exhaust", "games", "--depth", "deep"],
        ["exhaust", "games", "--size", "5x5"],
        ["exhaust", "positions", "--rules", "nonsense"],
    ] {
        let output = run(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn exhaust_stops_on_ctrl_c_and_says_how_to_finish() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tromp-taylor"))
        .args([
            "exhaust", "games", "--size", "3x3", "--depth", "20", "--jobs", "1",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut header = String::new();
    stdout.read_line(&mut header).unwrap();
    assert!(header.starts_with("tromp-taylor exhaust"), "{header}");
    std::thread::sleep(Duration::from_millis(1500));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let asked = Instant::now();
    let status = child.wait().unwrap();
    let mut rest = String::new();
    for line in stdout.lines() {
        rest += &(line.unwrap() + "\n");
    }
    assert!(asked.elapsed() < Duration::from_secs(20));
    assert_eq!(status.code(), Some(130), "{rest}");
    assert!(rest.contains("stopped by Ctrl-C (SIGINT)"), "{rest}");
    assert!(
        rest.contains("finish the run with: tromp-taylor exhaust games --depth 20 --size 3x3")
            && rest.contains("--from-unit 0"),
        "{rest}"
    );
}
