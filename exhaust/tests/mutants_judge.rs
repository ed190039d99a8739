//! The exhaustive check alone as the judge of a mutation run of `fast`
//! (`.cargo/mutants-exhaust.toml`): a slice of the proof small enough to
//! run once per mutant in a debug build, stopping at the first difference.
//! A mutant is caught when this test fails. docs/testing.md ("Its power")
//! has the figures beside the random check's on the same shard.

use tromp_taylor_exhaust::{run_exhaust, ExhaustOptions, Part};
use tromp_taylor_harness::vocab::Size;

/// One part of the slice, on every core.
fn slice(part: Part, sizes: &str, depth: Option<usize>) -> ExhaustOptions {
    let sizes = sizes
        .split_whitespace()
        .map(|size| size.parse::<Size>().unwrap());
    ExhaustOptions::every(part, sizes.collect(), depth)
}

/// Every position and turn of the boards to 6 points under the
/// 12 rules sets, then every game to depth 8 on 2x2 and 1x4 under the six
/// game rules sets: `spec` and `fast` must agree everywhere.
#[test]
fn the_exhaustive_slice_finds_no_difference() {
    let parts = [
        slice(Part::Positions, "1x1 1x2 1x3 1x4 1x5 1x6 2x2 2x3 3x2", None),
        slice(Part::Games, "2x2 1x4", Some(8)),
    ];
    for options in parts {
        let summary = run_exhaust(&options);
        if let Some(found) = summary.found {
            panic!("{}", found.report);
        }
        assert!(summary.complete());
    }
}
