//! With the cargo feature `planted-bugs`: the power of the exhaustive check
//! alone. Each bug planted in `fast` is run against a slice of the proof
//! (every position and turn on the boards to 9 points under the 12 rules
//! sets, then every game to a depth on 2x2, 1x5 and 3x3 under the six game
//! rules sets), which stops at the first difference; the control run, with
//! no bug planted, must find none. Run it in the release build:
//! `cargo test --release --features planted-bugs --test exhaust_planted -- --nocapture`.

#![cfg(feature = "planted-bugs")]

use tromp_taylor_exhaust::{run_exhaust, ExhaustOptions, Found, Part};
use tromp_taylor_fast::planted::{plant, Bug};
use tromp_taylor_harness::vocab::Size;

/// The bugs out of the slice's reach (measured; docs/testing.md says why
/// each is: fixed handicaps need sides of 7, no agreement is proposed, only
/// legal positions are set up, and the packed index fails past 256
/// points). Every other planted bug must be caught.
const OUT_OF_REACH: [Bug; 6] = [
    Bug::AgreementRowsFlipped,
    Bug::HandicapMirrored,
    Bug::SetupWhiteStringsUnchecked,
    Bug::HandicapThirdLineAlways,
    Bug::HandicapNotInEver,
    Bug::PackedIndexU8,
];

/// One part of the slice.
fn slice(part: Part, sizes: &str, depth: Option<usize>) -> ExhaustOptions {
    let sizes = sizes
        .split_whitespace()
        .map(|size| size.parse::<Size>().unwrap());
    ExhaustOptions::every(part, sizes.collect(), depth)
}

/// The first difference the slice finds, with the part that found it.
fn first_found() -> Option<(&'static str, Found)> {
    let parts = [
        (
            "positions",
            slice(
                Part::Positions,
                "1x1 1x2 1x3 1x4 1x5 1x6 2x2 2x3 2x4 3x3",
                None,
            ),
        ),
        ("games", slice(Part::Games, "2x2 1x5", Some(10))),
        ("games", slice(Part::Games, "3x3", Some(4))),
    ];
    parts
        .into_iter()
        .find_map(|(name, options)| run_exhaust(&options).found.map(|found| (name, found)))
}

/// One test only: the planted bug is global to the process.
#[test]
fn the_exhaustive_slice_catches_the_planted_bugs_it_reaches_and_nothing_without_one() {
    plant(None);
    if let Some((part, found)) = first_found() {
        panic!(
            "the control run found a difference in {part}: {}",
            found.report
        );
    }
    let mut caught = Vec::new();
    for bug in Bug::ALL {
        plant(Some(bug));
        let found = first_found();
        plant(None);
        match &found {
            Some((part, found)) => {
                println!(
                    "{:<36} caught by {part} on {} ({}): {}",
                    bug.name(),
                    found.walked.setup.size,
                    found.walked.setup.rules,
                    found.parted
                );
                caught.push(bug);
            }
            None => println!("{:<36} not caught", bug.name()),
        }
    }
    println!("{} of {} planted bugs caught", caught.len(), Bug::ALL.len());
    for bug in Bug::ALL
        .into_iter()
        .filter(|bug| !OUT_OF_REACH.contains(bug))
    {
        assert!(
            caught.contains(&bug),
            "{bug:?} was caught before and is not now"
        );
    }
}
