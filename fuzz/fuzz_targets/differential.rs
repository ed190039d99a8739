//! Fuzz target: a byte string becomes a size, rules and a game; `spec` and `fast` must agree.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tromp_taylor_testkit::fuzzing::{differential, FuzzGame};

fuzz_target!(|game: FuzzGame| differential(&game));
