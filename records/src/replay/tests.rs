//! The tree walk agrees with replaying each line from the start: on random
//! SGF trees (variations at any node, moves out of turn, illegal moves,
//! results in variations, setups with and without `PL`), every line's report
//! is the one its own record gives, less the moves the line before shared.

use super::{replay, replay_tree, GameReport, ReplayEngines};
use tromp_taylor_harness::engine::EngineName;
use tromp_taylor_harness::generate::Rng;
use tromp_taylor_harness::sgf::{read_games, read_records, ReadOptions};

/// The first game of `text`, with every variation.
fn first_tree(text: &str) -> tromp_taylor_harness::sgf::GameTree {
    let options = ReadOptions {
        all_variations: true,
        ..ReadOptions::default()
    };
    read_games(text.as_bytes(), &options)
        .next()
        .expect("a game")
        .expect("it reads")
}

/// A random game tree on a `size` board, written as SGF.
fn random_tree(rng: &mut Rng, size: usize) -> String {
    let mut text = format!("(;SZ[{size}]");
    match rng.below(4) {
        0 => text.push_str("AB[aa]AW[bb]"),
        1 => text.push_str("AB[aa]PL[W]"),
        2 => text.push_str("RU[chinese]"),
        _ => {}
    }
    let mut open = 1;
    let mut player = rng.below(2);
    for _ in 0..rng.below(40) {
        match rng.below(10) {
            0 if open < 6 => {
                text.push('(');
                open += 1;
            }
            1 if open > 1 => {
                text.push(')');
                open -= 1;
                // A variation closes: the next one opens beside it.
                text.push('(');
                open += 1;
            }
            _ => {
                let color = if rng.percent(90) { player } else { 1 - player };
                player = 1 - color;
                let point = if rng.percent(10) {
                    String::new()
                } else {
                    let letter = |n: usize| char::from(b'a' + n as u8);
                    format!("{}{}", letter(rng.below(size)), letter(rng.below(size)))
                };
                text.push_str(&format!(";{}[{point}]", ["B", "W"][color]));
                if rng.percent(5) {
                    text.push_str(["RE[B+R]", "RE[W+1]", "RE[0]"][rng.below(3)]);
                }
            }
        }
    }
    text.push_str(&")".repeat(open));
    // Every `(` must hold a node: fill the empty ones with a pass.
    text.replace("()", "(;B[])").replace("(()", "((;W[])")
}

/// What a line's report says, with every move it replayed.
fn whole(report: &GameReport, earlier: &[GameReport]) -> String {
    let summary = GameReport {
        moves: Vec::new(),
        shared_moves: 0,
        ..report.clone()
    };
    format!("{:?} {summary:?}", whole_moves(report, earlier))
}

/// Every move a line replayed: those it shares with the line before, then its own.
fn whole_moves(report: &GameReport, earlier: &[GameReport]) -> Vec<String> {
    let mut moves = Vec::new();
    if report.shared_moves > 0 {
        let before = earlier.last().expect("a line before shares the moves");
        moves.extend(
            whole_moves(before, &earlier[..earlier.len() - 1])
                .into_iter()
                .take(report.shared_moves),
        );
    }
    moves.extend(report.moves.iter().map(|m| format!("{m:?}")));
    moves
}

#[test]
fn walking_the_tree_reports_what_replaying_each_line_does() {
    let engines = [
        ReplayEngines::BOTH,
        ReplayEngines {
            main: EngineName::Fast,
            check: None,
        },
    ];
    let options = ReadOptions {
        all_variations: true,
        ..ReadOptions::default()
    };
    let mut lines_compared = 0;
    for seed in 0..300 {
        let mut rng = Rng::new(seed);
        let size = 2 + rng.below(3);
        let text = random_tree(&mut rng, size);
        let Ok(records) = read_records(&text, &options) else {
            continue;
        };
        let tree = read_games(text.as_bytes(), &options)
            .next()
            .expect("a game")
            .expect("read once, read again");
        for engines in engines {
            let mut walked = Vec::new();
            replay_tree("t", &tree, engines, |r| walked.push(r)).expect("replays");
            assert_eq!(walked.len(), records.len(), "{text}");
            for (i, (report, record)) in walked.iter().zip(&records).enumerate() {
                let alone = replay("t", record, engines).expect("replays");
                assert_eq!(alone.shared_moves, 0);
                assert_eq!(
                    whole(report, &walked[..i]),
                    whole(&alone, &[]),
                    "line {} of {text}",
                    i + 1
                );
                lines_compared += 1;
            }
        }
    }
    assert!(lines_compared > 500, "only {lines_compared} lines compared");
}

#[test]
fn a_lost_turn_is_taken_back_before_the_next_variation() {
    // Seed 003 (the chinese preset): White's suicide at A1 loses her turn;
    // the next variation starts again after Black's B1, with White to move.
    let text = "(;SZ[4:1]RU[chinese];B[ba](;W[aa])(;W[da]))";
    let tree = first_tree(text);
    let mut walked = Vec::new();
    replay_tree("t", &tree, ReplayEngines::BOTH, |r| walked.push(r)).unwrap();
    let [lost, next] = &walked[..] else {
        panic!("two lines: {walked:?}");
    };
    let illegal = lost.illegal.as_ref().expect("the suicide is refused");
    assert!(illegal.verdict.contains("suicide"), "{illegal:?}");
    assert_eq!((next.shared_moves, next.moves.len()), (1, 1));
    assert!(
        next.illegal.is_none(),
        "White moves at D1 after Black's B1: {next:?}"
    );
    assert_eq!(next.board, vec![".X.O"]);
}

#[test]
fn each_move_of_a_deep_tree_is_replayed_and_reported_once() {
    // 2,000 levels, each with a pass as a one-node sibling variation: 2,001
    // lines sharing their prefixes. Stones go in row order on a board of
    // even width, so each column is one string with a liberty above it.
    let levels = 2_000;
    let letter = |n: usize| {
        char::from(if n < 26 {
            b'a' + n as u8
        } else {
            b'A' + (n - 26) as u8
        })
    };
    let mut text = String::from("(;SZ[52]");
    for i in 0..levels {
        let player = ["B", "W"][i % 2];
        let point = format!("{}{}", letter(i % 52), letter(51 - i / 52));
        text.push_str(&format!("(;{player}[])(;{player}[{point}]"));
    }
    text.push_str(&")".repeat(levels + 1));
    let tree = first_tree(&text);
    let engines = ReplayEngines {
        main: EngineName::Fast,
        check: None,
    };
    let mut lines = 0;
    let mut rows = 0;
    let mut last = None;
    replay_tree("deep", &tree, engines, |report| {
        lines += 1;
        rows += report.moves.len();
        assert!(report.illegal.is_none(), "{:?}", report.illegal);
        assert_eq!(
            report.shared_moves + report.moves.len(),
            (lines - 1).min(levels - 1) + 1
        );
        last = Some(report);
    })
    .unwrap();
    assert_eq!(lines, levels + 1);
    assert_eq!(rows, 2 * levels, "each move node reported once");
    let last = last.unwrap();
    assert_eq!(last.shared_moves, levels - 1);
    assert_eq!(last.line, format!("variation {}", levels + 1));
}
