//! Fuzz target: any bytes as a GTP session never panic the engine, every
//! response is well-formed, and a failed command leaves the game unchanged.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tromp_taylor_gtp::fuzzing::gtp_commands;

fuzz_target!(|bytes: &[u8]| gtp_commands(bytes));
