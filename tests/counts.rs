//! Published exact counts as tests, from both engines: perft on 3x3 (the
//! `board-game` crate's table), complete games on 1xN and legal positions
//! L(m, n) (Tromp and Farnebäck, "Combinatorics of Go"); and the bitboard
//! statement of rule 7 that the position counts use, checked against `spec`.

use tromp_taylor_counts::border::{legal_colorings, BorderOptions};
use tromp_taylor_counts::games::{games, GamesOptions};
use tromp_taylor_counts::modular::{combine, job_modulus, jobs_needed, plausible, Residue};
use tromp_taylor_counts::perft::{perft, PerftOptions};
use tromp_taylor_counts::positions::{positions, PositionsOptions};
use tromp_taylor_counts::table::table_games;
use tromp_taylor_counts::tiny::{Stones, Tiny};
use tromp_taylor_counts::{CountError, EngineChoice};
use tromp_taylor_harness::progress::Progress;
use tromp_taylor_harness::vocab::Size;
use tromp_taylor_spec::rules::{empty_grid, play_move, reaches};
use tromp_taylor_spec::{Color, Player, Rectangle, Rules, Topology};

/// Perft on 3x3 under the ten rules, depths 0 to 5.
const PERFT_3X3: [u128; 6] = [1, 10, 91, 738, 5281, 33384];

/// Complete games on 1x1, 1x2, 1x3 under the ten rules.
const GAMES_1XN: [(usize, u128); 3] = [(1, 1), (2, 9), (3, 907)];

/// L(m, n): legal colorings.
const POSITIONS: [(usize, usize, u64); 7] = [
    (1, 1, 1),
    (1, 2, 5),
    (1, 3, 15),
    (1, 4, 41),
    (2, 2, 57),
    (2, 3, 489),
    (3, 3, 12675),
];

fn grid(width: usize, height: usize) -> Size {
    Size::new(width, height).unwrap()
}

/// `spec`'s rules (their presets are constants there) in the harness's words.
fn harness(rules: Rules) -> tromp_taylor_harness::vocab::Rules {
    tromp_taylor_harness::engine::spec::rules_from_spec(rules)
}

fn perft_3x3(depth: u32, engine: EngineChoice) -> u128 {
    let mut options = PerftOptions::new(grid(3, 3), depth);
    options.engine = engine;
    perft(&options).unwrap().count
}

#[test]
fn perft_3x3_on_fast_to_depth_5() {
    for (depth, &expected) in PERFT_3X3.iter().enumerate() {
        assert_eq!(
            perft_3x3(depth as u32, EngineChoice::Fast),
            expected,
            "depth {depth}"
        );
    }
}

#[test]
fn perft_3x3_on_spec_to_depth_4() {
    for (depth, &expected) in PERFT_3X3.iter().enumerate().take(5) {
        assert_eq!(
            perft_3x3(depth as u32, EngineChoice::Spec),
            expected,
            "depth {depth}"
        );
    }
}

#[test]
fn perft_divide_adds_up_and_names_each_first_turn_once() {
    let result = perft(&PerftOptions::new(grid(3, 3), 3)).unwrap();
    assert_eq!(result.divide.len(), 10);
    assert_eq!(result.divide.iter().map(|(_, n)| n).sum::<u128>(), 738);
    assert_eq!(result.divide[0].0, tromp_taylor_spec::Turn::Pass);
}

#[test]
fn perft_on_one_point_ends_with_the_game() {
    // 1x1: only passes are legal, and two passes end the game.
    for (depth, expected) in [(0, 1), (1, 1), (2, 1), (3, 0), (1000, 0)] {
        let result = perft(&PerftOptions::new(grid(1, 1), depth)).unwrap();
        assert_eq!(result.count, expected, "depth {depth}");
    }
}

fn games_on(width: usize, height: usize, rules: Rules, engine: EngineChoice) -> u128 {
    let mut options = GamesOptions::new(grid(width, height));
    options.rules = harness(rules);
    options.engine = engine;
    games(&options).unwrap().count
}

#[test]
fn games_on_1xn_from_both_engines() {
    for (n, expected) in GAMES_1XN {
        let fast = games_on(n, 1, Rules::default(), EngineChoice::Fast);
        assert_eq!(fast, expected, "1x{n} from fast");
        let turned = games_on(1, n, Rules::default(), EngineChoice::Fast);
        assert_eq!(turned, expected, "{n}x1 from fast");
        let spec = games_on(n, 1, Rules::default(), EngineChoice::Spec);
        assert_eq!(spec, expected, "1x{n} from spec");
    }
}

#[test]
fn both_engines_count_the_same_games_under_other_finite_rules() {
    for rules in [Rules::CHINESE, Rules::NEW_ZEALAND] {
        for n in 1..=3 {
            assert_eq!(
                games_on(n, 1, rules, EngineChoice::Fast),
                games_on(n, 1, rules, EngineChoice::Spec),
                "1x{n} under {rules}"
            );
        }
    }
}

fn games_on_table(width: usize, height: usize, rules: Rules) -> u128 {
    table_games(grid(width, height), harness(rules), 2, &Progress::hidden())
        .unwrap()
        .count
}

#[test]
fn the_table_counts_the_games_the_engines_walk() {
    for rules in [Rules::default(), Rules::CHINESE] {
        // (1x4 and 2x2 walked on an engine take minutes.)
        for (width, height) in [(1, 1), (2, 1), (1, 2), (3, 1), (1, 3)] {
            assert_eq!(
                games_on_table(width, height, rules),
                games_on(width, height, rules, EngineChoice::Fast),
                "{width}x{height} under {rules}"
            );
        }
        assert_eq!(
            games_on_table(3, 1, rules),
            games_on(3, 1, rules, EngineChoice::Spec),
            "3x1 under {rules}, spec"
        );
    }
    for (n, expected) in GAMES_1XN {
        assert_eq!(games_on_table(n, 1, Rules::default()), expected, "1x{n}");
    }
}

/// Complete games on 1x4: 2,098,407,841 (Tromp and Farnebäck).
#[test]
fn the_table_counts_the_published_games_on_1x4() {
    assert_eq!(games_on_table(4, 1, Rules::default()), 2_098_407_841);
}

/// Complete games on 2x2: 386,356,909,593 (Tromp, rec.games.go 1999;
/// Tromp and Farnebäck). `cargo test --release --test counts -- --ignored
/// games_on_2x2` (docs/benchmarks.md).
#[test]
#[ignore = "minutes: cargo test --release --test counts -- --ignored games_on_2x2"]
fn the_table_counts_the_published_games_on_2x2() {
    assert_eq!(games_on_table(2, 2, Rules::default()), 386_356_909_593);
}

#[test]
fn games_are_refused_where_they_can_be_endless_or_too_many() {
    for rules in [
        Rules::SIMPLE_KO_TERRITORY,
        "koSIMPLE".parse().unwrap(),
        "endAGREEMENT".parse().unwrap(),
    ] {
        let mut options = GamesOptions::new(grid(1, 2));
        options.rules = harness(rules);
        assert!(
            matches!(games(&options), Err(CountError::InfiniteGames(_))),
            "{rules}"
        );
    }
    let options = GamesOptions::new(grid(19, 19));
    assert!(matches!(games(&options), Err(CountError::TooLarge(_))));
}

/// Asserts that `count(width, height)` refuses a square of side `too_large`
/// as too large and a 0x3 board as a bad size.
fn refuses_sizes<T>(count: impl Fn(usize, usize) -> Result<T, CountError>, too_large: usize) {
    assert!(matches!(
        count(too_large, too_large),
        Err(CountError::TooLarge(_))
    ));
    assert!(matches!(count(0, 3), Err(CountError::BadSize(_))));
}

#[test]
fn positions_by_enumeration_and_by_moves_match_the_published_numbers() {
    for (width, height, expected) in POSITIONS {
        for (w, h) in [(width, height), (height, width)] {
            let mut options = PositionsOptions::new(w, h);
            options.edges = true;
            let result = positions(&options).unwrap();
            assert!(result.agree(), "{w}x{h}: {:?}", result.difference);
            assert_eq!(result.enumerated, expected, "{w}x{h} enumerated");
            assert_eq!(result.explored, expected, "{w}x{h} explored");
        }
    }
    refuses_sizes(|w, h| positions(&PositionsOptions::new(w, h)), 19);
}

/// The legal colorings as `spec` states rule 3: every stone reaches empty.
fn spec_legal_count(width: usize, height: usize) -> u64 {
    let rect = Rectangle::new(width, height).unwrap();
    let tiny = Tiny::new(width, height).unwrap();
    (0..tiny.colorings())
        .filter(|&code| {
            let coloring = spec_coloring(&rect, tiny.decode(code));
            (0..rect.point_count())
                .all(|p| coloring[p] == Color::Empty || reaches(&rect, &coloring, p, Color::Empty))
        })
        .count() as u64
}

#[test]
fn spec_counts_the_same_legal_colorings() {
    for (width, height, expected) in POSITIONS {
        assert_eq!(
            spec_legal_count(width, height),
            expected,
            "{width}x{height}"
        );
    }
}

fn spec_coloring(rect: &Rectangle, s: Stones) -> tromp_taylor_spec::Coloring {
    let mut coloring = empty_grid(rect);
    for p in 0..rect.point_count() {
        if s.black >> p & 1 == 1 {
            coloring[p] = Color::Black;
        } else if s.white >> p & 1 == 1 {
            coloring[p] = Color::White;
        }
    }
    coloring
}

#[test]
fn the_bitboard_move_is_specs_rule_7_on_random_colorings() {
    let mut rng = tromp_taylor_harness::generate::Rng::new(2024);
    for (width, height) in [
        (1, 1),
        (1, 4),
        (2, 2),
        (3, 2),
        (3, 3),
        (4, 4),
        (5, 3),
        (6, 6),
    ] {
        let rect = Rectangle::new(width, height).unwrap();
        let tiny = Tiny::new(width, height).unwrap();
        for round in 0..300 {
            // Any coloring (legal or not), biased to be crowded half the time.
            let mut s = Stones::default();
            let empty_share = if round % 2 == 0 { 3 } else { 8 };
            for p in 0..tiny.points() {
                match rng.next_u64() % (2 + empty_share) {
                    0 => s.black |= 1 << p,
                    1 => s.white |= 1 << p,
                    _ => {}
                }
            }
            let coloring = spec_coloring(&rect, s);
            let legal = (0..rect.point_count())
                .all(|p| coloring[p] == Color::Empty || reaches(&rect, &coloring, p, Color::Empty));
            assert_eq!(
                tiny.is_legal(s),
                legal,
                "{width}x{height} {}",
                tiny.diagram(s)
            );
            for p in 0..tiny.points() {
                if coloring[p] != Color::Empty {
                    continue;
                }
                for (player, black) in [(Player::Black, true), (Player::White, false)] {
                    let expected = play_move(&rect, &coloring, p, player);
                    let got = spec_coloring(&rect, tiny.play(s, p, black));
                    assert_eq!(got, expected, "{width}x{height} {} at {p}", tiny.diagram(s));
                }
            }
        }
    }
}

/// The command line run with `args`, to its end.
fn cli(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_tromp-taylor"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn the_cli_prints_the_count_last() {
    let output = cli(&["perft", "3x3", "3"]);
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(stdout.lines().last(), Some("738"), "{stdout}");

    let output = cli(&["count", "games", "1x2", "--rules", "simple-ko-territory"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("simple ko"), "{stderr}");

    let output = cli(&["count", "positions", "2x2", "--json"]);
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["count"], "57");
    assert!(
        json.get("agree").is_none(),
        "enumerated only when asked: {json}"
    );

    let output = cli(&["count", "positions", "3x2", "--enumerate", "--json"]);
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["count"], "489");
    assert_eq!(json["enumerated"], 489);
    assert_eq!(json["agree"], true);

    let output = cli(&["count", "positions", "5x5"]);
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(stdout.lines().last(), Some("414295148741"), "{stdout}");

    // Larger than the transfer matrix keeps; too large to enumerate.
    for args in [&["17x17"][..], &["5x5", "--enumerate"]] {
        let output = cli(&[&["count", "positions"][..], args].concat());
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains("too large"), "{args:?}: {stderr}");
    }
}

/// L(n), the legal colorings of the n x n grid: OEIS A094777 (Tromp and
/// Farnebäck), n = 1 to 13.
const L_N: [&str; 13] = [
    "1",
    "57",
    "12675",
    "24318165",
    "414295148741",
    "62567386502084877",
    "83677847847984287628595",
    "990966953618170260281935463385",
    "103919148791293834318983090438798793469",
    "96498428501909654589630887978835098088148177857",
    "793474866816582266820936671790189132321673383112185151899",
    "57774258489513238998237970307483999327287210756991189655942651331169",
    "37249792307686396442294904767024517674249157948208717533254799550970595875237705",
];

fn by_transfer_matrix(width: usize, height: usize) -> String {
    legal_colorings(&BorderOptions::new(width, height))
        .unwrap()
        .count
        .to_string()
}

#[test]
fn the_transfer_matrix_counts_what_enumeration_counts_on_every_board_of_up_to_12_points() {
    for width in 1..=12 {
        for height in 1..=12 / width {
            let enumerated = positions(&PositionsOptions::new(width, height))
                .unwrap()
                .enumerated;
            assert_eq!(
                by_transfer_matrix(width, height),
                enumerated.to_string(),
                "{width}x{height}"
            );
        }
    }
}

#[test]
fn the_transfer_matrix_reproduces_the_published_l_n_to_7x7() {
    for (n, expected) in L_N.iter().enumerate().take(7) {
        assert_eq!(by_transfer_matrix(n + 1, n + 1), *expected, "L({})", n + 1);
    }
    // Long and thin, both ways round.
    assert_eq!(by_transfer_matrix(2, 19), by_transfer_matrix(19, 2));
    refuses_sizes(|w, h| legal_colorings(&BorderOptions::new(w, h)), 17);
}

#[test]
fn every_published_l_n_from_5_lies_near_the_approximation() {
    for (n, published) in L_N.iter().enumerate().skip(4) {
        let count: num_bigint::BigUint = published.parse().unwrap();
        assert_eq!(plausible(n + 1, n + 1, &count), Ok(()), "L({})", n + 1);
        let off_by_a_thousandth = &count + &count / 500u32;
        assert!(
            plausible(n + 1, n + 1, &off_by_a_thousandth).is_err(),
            "L({}) * 1.002",
            n + 1
        );
    }
}

/// `cargo test --release --test counts -- --ignored l_8_to_10` (about 2 min
/// here; docs/benchmarks.md).
#[test]
#[ignore = "minutes: cargo test --release --test counts -- --ignored l_8_to_10"]
fn the_transfer_matrix_reproduces_the_published_l_8_to_10() {
    for n in 8..=10 {
        assert_eq!(by_transfer_matrix(n, n), L_N[n - 1], "L({n})");
    }
}

/// `cargo test --release --test counts -- --ignored l_11` (a few minutes
/// here, under 1 GB; docs/benchmarks.md).
#[test]
#[ignore = "minutes: cargo test --release --test counts -- --ignored l_11"]
fn the_transfer_matrix_reproduces_the_published_l_11() {
    assert_eq!(by_transfer_matrix(11, 11), L_N[10], "L(11)");
}

/// L(12) as `count positions 12x12 --job K --jobs 4` and `count combine`
/// make it: four modulus jobs put together by the Chinese remainder
/// theorem. `cargo test --release --test counts -- --ignored l_12` (about
/// an hour a job on one core here, under 1 GB each; docs/benchmarks.md has
/// each job's figures, and tests/count_jobs.rs combines their results).
#[test]
#[ignore = "hours: cargo test --release --test counts -- --ignored l_12"]
fn the_modulus_jobs_reproduce_the_published_l_12() {
    let residues: Vec<Residue> = (1..=jobs_needed(12, 12))
        .map(|job| {
            let modulus = job_modulus(job).unwrap();
            let mut options = BorderOptions::new(12, 12);
            options.modulus = Some(modulus);
            let residue = legal_colorings(&options).unwrap().count;
            Residue {
                modulus,
                residue: residue.try_into().unwrap(),
            }
        })
        .collect();
    let combined = combine(12, 12, &residues).unwrap();
    assert_eq!(combined.count.to_string(), L_N[11], "L(12)");
}
