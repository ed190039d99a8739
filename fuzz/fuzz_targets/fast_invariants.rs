//! Fuzz target: `fast`'s incremental hash, legal set and undo stay exact on any board up to 52x52.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tromp_taylor_testkit::fuzzing::{fast_invariants, FuzzLargeGame};

fuzz_target!(|game: FuzzLargeGame| fast_invariants(&game));
