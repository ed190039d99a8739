//! Fuzz target: any bytes as a file of conformance vectors load or are refused
//! with an error naming the file, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tromp_taylor_testkit::fuzzing::vectors;

fuzz_target!(|bytes: &[u8]| vectors(bytes));
