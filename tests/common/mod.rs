//! What the command-line tests share: running the built `tromp-taylor`
//! binary from the workspace's root, and a bash GTP proxy in front of our referee.
#![allow(dead_code)] // each test binary uses some of these helpers, not all

use std::process::{Command, Output};

/// Runs `tromp-taylor ARGS` in the workspace's root and waits for it.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tromp-taylor"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Whether `python3` is missing, saying that the test is skipped if it is
/// (`engines/tools/gtp_hide.py` needs it).
pub fn python3_missing() -> bool {
    let missing = Command::new("python3").arg("--version").output().is_err();
    if missing {
        eprintln!("skipped: python3 is not installed (engines/tools/gtp_hide.py needs it)");
    }
    missing
}

/// A bash proxy in front of our referee: `edit` is bash run on each
/// command line (`$line`) with its answer in `$answer` (lines, the empty
/// line left off), before the answer is written.
pub fn gtp_proxy(dir: &std::path::Path, edit: &str) -> String {
    let script = dir.join("proxy.sh");
    std::fs::write(
        &script,
        format!(
            "coproc ENGINE {{ {} gtp; }}\n\
             plays=0\n\
             while IFS= read -r line; do\n\
             echo \"$line\" >&\"${{ENGINE[1]}}\"\n\
             answer=''\n\
             while IFS= read -r reply <&\"${{ENGINE[0]}}\"; do\n\
             [ -z \"$reply\" ] && break\n\
             answer=\"$answer$reply\"$'\\n'\n\
             done\n\
             {edit}\n\
             printf '%s\\n' \"$answer\"\n\
             [ \"$line\" = quit ] && break\n\
             done\n",
            env!("CARGO_BIN_EXE_tromp-taylor")
        ),
    )
    .unwrap();
    script.display().to_string()
}

/// The standard output of a command that exited with `code` (the test
/// fails, showing the output, when it did not).
pub fn exits(output: &Output, code: i32) -> String {
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(output.status.code(), Some(code), "{stdout}");
    stdout
}

/// The standard output of a command that exited with `code` and said
/// `text` (the test fails, showing the output, when it did not).
pub fn exits_saying(output: &Output, code: i32, text: &str) -> String {
    let stdout = exits(output, code);
    assert!(stdout.contains(text), "{stdout}");
    stdout
}
