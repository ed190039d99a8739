//! What the command-line tests share: running the built `tromp-taylor`
//! binary from the workspace's root.

use std::process::{Command, Output};

/// Runs `tromp-taylor ARGS` in the workspace's root and waits for it.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tromp-taylor"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .expect("the binary runs")
}
