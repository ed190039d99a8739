//! Fuzz target: rule strings, komi, sizes, vertices and SGF never panic, and round-trip.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tromp_taylor_testkit::fuzzing::parsers;

fuzz_target!(|bytes: &[u8]| parsers(bytes));
