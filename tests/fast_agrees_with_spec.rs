//! The differential check, run thoroughly from `cargo test`: `spec` and
//! `fast` on every board from 1x1 to 5x5 under every combination of the rule
//! options, on lines and thin rectangles, and with every fixed handicap,
//! agreeing on every verdict, legal set, grid, score and result.

use tromp_taylor_harness::diff::compare;
use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::generate::{every_rules, generate, Rng, BIASES};
use tromp_taylor_harness::run::{run_diff, DiffOptions};
use tromp_taylor_harness::vocab::{Handicap, Rules, Setup, Size};

/// Runs `games` games drawn from `sizes` and `rules` with every bias, and
/// fails with the first divergences' reports.
fn agree(sizes: Vec<Size>, rules: Vec<Rules>, games: usize, seed: u64) {
    let mut options = DiffOptions::new(games, seed);
    options.sizes = sizes;
    options.rules = Some(rules);
    options.biases = BIASES.to_vec();
    let summary = run_diff(&options);
    assert_eq!(summary.games, games);
    let reports: Vec<String> = summary
        .found
        .iter()
        .take(3)
        .map(|f| f.divergence.to_string())
        .collect();
    assert!(
        reports.is_empty(),
        "{} divergences:\n{}",
        summary.found.len(),
        reports.join("\n\n")
    );
}

fn size(width: usize, height: usize) -> Size {
    Size::new(width, height).expect("a board")
}

#[test]
fn small_boards_under_every_rule_combination() {
    let sizes = (1..=5)
        .flat_map(|w| (1..=5).map(move |h| size(w, h)))
        .collect();
    agree(sizes, every_rules(), 1200, 1);
}

#[test]
fn lines_and_rectangles() {
    let mut sizes: Vec<Size> = (6..=12).map(|n| size(1, n)).collect();
    sizes.extend((6..=9).map(|n| size(n, 1)));
    sizes.extend((3..=8).map(|n| size(2, n)));
    sizes.extend([size(3, 7), size(6, 4), size(4, 11), size(7, 3), size(5, 6)]);
    agree(sizes, every_rules(), 400, 2);
}

#[test]
fn every_fixed_handicap_on_seven_to_nine() {
    let rules = every_rules();
    let mut rng = Rng::new(3);
    for (i, (width, stones)) in [
        (7, 2),
        (7, 3),
        (7, 4),
        (7, 5),
        (8, 5),
        (9, 6),
        (9, 7),
        (9, 8),
        (9, 9),
    ]
    .into_iter()
    .enumerate()
    {
        let setup = Setup {
            size: size(width, width),
            rules: rules[(5 * i + 3) % rules.len()],
            handicap: Handicap::Fixed(stones),
        };
        for bias in BIASES {
            let script = generate(setup, bias, &mut rng);
            if let Err(divergence) = compare(
                setup,
                script.steps.clone(),
                &EngineKind::spec(),
                &EngineKind::fast(),
                true,
            ) {
                panic!("{divergence}");
            }
        }
    }
}

/// Spec states the fixed handicap placements as a table, fast derives them
/// arithmetically: they agree on every board from 1x1 to 52x52 and every
/// count from 0 to 10, on the points and their order and on what is refused.
#[test]
fn the_fixed_handicap_table_and_its_derivation_agree_on_every_board() {
    let mut placed = 0;
    for width in 1..=52 {
        for height in 1..=52 {
            for stones in 0..=10 {
                let by_spec = tromp_taylor_harness::engine::spec::fixed_handicap_points(
                    size(width, height),
                    stones,
                );
                let by_fast = tromp_taylor_fast::fixed_handicap_points(width, height, stones);
                let by_fast = by_fast.map(|points| {
                    points
                        .into_iter()
                        .map(|p| tromp_taylor_harness::vocab::Point::new(p.x, p.y))
                        .collect::<Vec<_>>()
                });
                assert_eq!(
                    by_spec.ok(),
                    by_fast.ok(),
                    "{width}x{height}, {stones} stones"
                );
                placed += usize::from(
                    tromp_taylor_fast::fixed_handicap_points(width, height, stones).is_ok(),
                );
            }
        }
    }
    // Sides 7 to 52 take 2 to 4 stones; odd sides 9 to 51 take 5 to 9 too.
    assert_eq!(placed, 46 * 46 * 3 + 22 * 22 * 5);
}
