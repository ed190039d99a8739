//! Fuzz target: any text as a rule string parses or is refused with an error,
//! never a panic, and what parses prints and parses back to the same rules.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tromp_taylor_testkit::fuzzing::rules;

fuzz_target!(|bytes: &[u8]| rules(bytes));
