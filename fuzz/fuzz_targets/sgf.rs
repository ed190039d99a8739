//! Fuzz target: any bytes as an SGF file read as games or are refused with an
//! error, never a panic, and every game read writes back to the same game.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tromp_taylor_testkit::fuzzing::sgf;

fuzz_target!(|bytes: &[u8]| sgf(bytes));
