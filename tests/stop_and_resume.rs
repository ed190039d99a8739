//! Long runs stopped by a signal: `diff`, `audit`, `matrix` and `replay` get SIGINT (or SIGTERM) mid-run, print what they did, exit with 130 (143), leave every file whole, and say how to finish; `diff --from-game` and `matrix --resume` finish them.

mod common;

use common::{exits, run};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// A fresh folder under the system's temporary folder.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tt-stop-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn ours() -> &'static str {
    env!("CARGO_BIN_EXE_tromp-taylor")
}

/// The binary started with `args`, and its output line by line: standard
/// output's lines as they are, standard error's after `stderr: `.
fn start(args: &[&str]) -> (Child, Receiver<String>) {
    let mut child = Command::new(ours())
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (send, lines) = channel();
    let stdout = child.stdout.take().unwrap();
    let to_stdout = send.clone();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = to_stdout.send(line);
        }
    });
    let stderr = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = send.send(format!("stderr: {line}"));
        }
    });
    (child, lines)
}

/// The lines read until one contains `text` (a minute at most).
fn wait_for(lines: &Receiver<String>, text: &str) -> Vec<String> {
    let mut seen = Vec::new();
    while let Ok(line) = lines.recv_timeout(Duration::from_secs(60)) {
        let found = line.contains(text);
        seen.push(line);
        if found {
            return seen;
        }
    }
    panic!("no line with {text:?} in {seen:#?}");
}

fn signal(child: &Child, name: &str) {
    let status = Command::new("kill")
        .args([&format!("-{name}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

/// Waits (20 s at most) for the child to end: its exit code, the time it
/// took after the call, and the rest of its output.
fn ended(mut child: Child, lines: &Receiver<String>) -> (Option<i32>, Duration, String) {
    let asked = Instant::now();
    let deadline = asked + Duration::from_secs(20);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("still running 20 s after the signal");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let took = asked.elapsed();
    let rest: Vec<String> = lines.iter().collect();
    (status.code(), took, rest.join("\n"))
}

/// Every file under `dir` is whole: no partial file is left, every JSON
/// file parses, every SGF is a game our reader reads.
fn all_whole(dir: &Path) -> usize {
    let mut files = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        assert!(!name.contains(".partial"), "{} left", path.display());
        if path.is_dir() {
            files += all_whole(&path);
            continue;
        }
        files += 1;
        let text = std::fs::read_to_string(&path).unwrap();
        match path.extension().and_then(|e| e.to_str()) {
            Some("json") => {
                serde_json::from_str::<serde_json::Value>(&text)
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            }
            Some("sgf") => {
                tromp_taylor_harness::script::Script::read_sgf(&text)
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            }
            _ => assert!(
                text.ends_with('\n') || text.ends_with('>'),
                "{}",
                path.display()
            ),
        }
    }
    files
}

#[test]
fn diff_stops_on_ctrl_c_with_its_summary_and_finishes_from_the_game_it_names() {
    let out = folder("diff");
    let out_arg = out.to_str().unwrap();
    let args = [
        "diff", "--games", "1000000", "--seed", "11", "--size", "5x5", "--out", out_arg,
    ];
    let (child, lines) = start(&args);
    wait_for(&lines, "tromp-taylor diff: spec against fast");
    std::thread::sleep(Duration::from_millis(1500));
    signal(&child, "INT");
    let (code, took, text) = ended(child, &lines);
    assert_eq!(code, Some(130), "{text}");
    assert!(took < Duration::from_secs(5), "{took:?}");
    assert!(text.contains("stopped by Ctrl-C (SIGINT)"), "{text}");
    assert!(text.contains("0 divergences"), "{text}");
    let finish = text
        .lines()
        .find_map(|l| l.split_once("finish the run with: "))
        .map(|(_, command)| command.to_string())
        .unwrap_or_else(|| panic!("no way to finish in {text}"));
    let from: usize = finish.rsplit(' ').next().unwrap().parse().unwrap();
    assert!(from > 0, "{finish}");
    assert!(finish.starts_with(&format!(
        "tromp-taylor diff --games 1000000 --seed 11 --size 5x5 --out {out_arg} --from-game"
    )));
    // The same run finished from there (shortened to 30 games more).
    let games = (from + 30).to_string();
    let from = from.to_string();
    let rest = run(&[
        "diff",
        "--games",
        &games,
        "--seed",
        "11",
        "--size",
        "5x5",
        "--out",
        out_arg,
        "--from-game",
        &from,
    ]);
    let text = exits(&rest, 0);
    assert!(text.contains(&format!("from game {from}")), "{text}");
    assert!(text.contains("30 games,"), "{text}");
}

#[test]
fn diff_stops_on_sigterm_with_143() {
    let (child, lines) = start(&[
        "diff", "--games", "1000000", "--seed", "12", "--size", "5x5",
    ]);
    wait_for(&lines, "tromp-taylor diff");
    std::thread::sleep(Duration::from_millis(500));
    signal(&child, "TERM");
    let (code, _, text) = ended(child, &lines);
    assert_eq!(code, Some(143), "{text}");
    assert!(text.contains("stopped by SIGTERM"), "{text}");
}

#[test]
fn a_from_game_past_the_run_is_refused() {
    let output = run(&["diff", "--games", "10", "--from-game", "10"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("--from-game 10 is past the last game")
    );
}

#[test]
fn an_audit_stops_between_games_and_writes_its_summary_whole() {
    let out = folder("audit");
    let engine = format!("{} gtp", ours());
    let (child, lines) = start(&[
        "audit",
        "--engine",
        &engine,
        "--games",
        "100000",
        "--seed",
        "3",
        "--size",
        "5x5",
        "--out",
        out.to_str().unwrap(),
        "--json",
        out.join("audit.json").to_str().unwrap(),
    ]);
    wait_for(&lines, "game 3 ");
    signal(&child, "INT");
    let (code, took, text) = ended(child, &lines);
    assert_eq!(code, Some(130), "{text}");
    assert!(took < Duration::from_secs(5), "{took:?}");
    assert!(text.contains("stopped before its last game"), "{text}");
    let summary = std::fs::read_to_string(out.join("summary.txt")).unwrap();
    assert!(
        summary.contains("stopped before its last game"),
        "{summary}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("audit.json")).unwrap()).unwrap();
    let games = json["games"].as_u64().unwrap();
    assert!((3..100_000).contains(&games), "{games}");
    assert!(all_whole(&out) >= 2);
}

#[test]
fn a_second_ctrl_c_ends_a_run_at_once() {
    // An engine that never answers `play`: the audit waits on it, so only
    // the second signal ends the run before the command's timeout.
    let dir = folder("second");
    let script = dir.join("hangs.sh");
    std::fs::write(
        &script,
        "while read -r line; do case \"$line\" in\n\
         play*) sleep 100;;\n\
         list_commands) printf '= play\\nboardsize\\nclear_board\\nkomi\\nquit\\n\\n';;\n\
         quit) printf '= \\n\\n'; exit 0;;\n\
         *) printf '= \\n\\n';;\n\
         esac; done\n",
    )
    .unwrap();
    let engine = format!("sh {}", script.display());
    let (child, lines) = start(&[
        "audit",
        "--engine",
        &engine,
        "--games",
        "5",
        "--seed",
        "1",
        "--size",
        "5x5",
        "--timeout",
        "60",
        "--out",
        dir.join("out").to_str().unwrap(),
    ]);
    wait_for(&lines, "tromp-taylor audit");
    std::thread::sleep(Duration::from_millis(1500));
    signal(&child, "INT");
    std::thread::sleep(Duration::from_millis(500));
    assert!(
        lines.try_recv().is_err(),
        "the first signal waits for the game"
    );
    signal(&child, "INT");
    let (code, took, _) = ended(child, &lines);
    assert_eq!(code, Some(130));
    assert!(took < Duration::from_secs(5), "{took:?}");
}

fn manifest(games: usize) -> String {
    format!(
        "name = \"test engine\"\nversion = \"1\"\nprogram = \"{ours}\"\n\n\
         [[profile]]\nrules = \"tromp-taylor\"\ncommand = \"{ours} gtp\"\n\
         sizes = [\"5x5\"]\ngames = {games}\nquick_games = 2\n",
        ours = ours()
    )
}

#[test]
fn a_stopped_matrix_keeps_the_engines_it_finished_and_resumes_the_rest() {
    let engines = folder("matrix-engines");
    let out = folder("matrix-out");
    std::fs::write(engines.join("a.toml"), manifest(3)).unwrap();
    std::fs::write(engines.join("b.toml"), manifest(10_000)).unwrap();
    let (engines_arg, out_arg) = (engines.to_str().unwrap(), out.to_str().unwrap());
    let (child, lines) = start(&["matrix", engines_arg, "--out", out_arg, "--seed", "9"]);
    wait_for(&lines, "test engine 1 under tromp-taylor: 3 games");
    std::thread::sleep(Duration::from_millis(1500));
    signal(&child, "INT");
    let (code, took, text) = ended(child, &lines);
    assert_eq!(code, Some(130), "{text}");
    assert!(took < Duration::from_secs(5), "{took:?}");
    assert!(text.contains("b unfinished"), "{text}");
    assert!(
        text.contains(&format!("--out {out_arg} --resume")),
        "{text}"
    );
    all_whole(&out);
    let read = |dir: &Path| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(dir.join("matrix.json")).unwrap()).unwrap()
    };
    let stopped = read(&out);
    assert_eq!(stopped["unfinished"], serde_json::json!(["b"]));
    assert_eq!(stopped["rows"].as_array().unwrap().len(), 2);
    // A resume under another seed is refused; under the run's own it keeps
    // a and runs b again (now with fewer games).
    let refused = run(&[
        "matrix",
        engines_arg,
        "--out",
        out_arg,
        "--resume",
        "--seed",
        "8",
    ]);
    assert_eq!(refused.status.code(), Some(2));
    std::fs::write(engines.join("b.toml"), manifest(2)).unwrap();
    let resumed = run(&["matrix", engines_arg, "--out", out_arg, "--resume"]);
    let text = exits(&resumed, 0);
    assert!(
        text.contains("a: complete in the earlier run, kept"),
        "{text}"
    );
    assert!(text.contains("seed 9"), "{text}");
    let done = read(&out);
    assert!(done.get("unfinished").is_none(), "{done}");
    let rows = done["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0], stopped["rows"][0], "a's row kept as it was");
    assert_eq!(
        (rows[1]["id"].as_str(), rows[1]["audit"]["games"].as_u64()),
        (Some("b"), Some(2))
    );
    all_whole(&out);
}

#[test]
fn a_replay_stops_between_two_games_and_says_so() {
    let dir = folder("replay");
    let file = dir.join("many.sgf");
    let game = "(;FF[4]GM[1]SZ[9]RU[Chinese]KM[7.5];B[aa];W[bb];B[cc];W[dd];B[ee];W[ff])\n";
    std::fs::write(&file, game.repeat(200_000)).unwrap();
    let (child, lines) = start(&["replay", file.to_str().unwrap()]);
    wait_for(&lines, "many.sgf");
    std::thread::sleep(Duration::from_millis(300));
    signal(&child, "INT");
    let (code, took, text) = ended(child, &lines);
    assert_eq!(code, Some(130), "{text}");
    assert!(took < Duration::from_secs(5), "{took:?}");
    assert!(
        text.contains("stderr: stopped by Ctrl-C (SIGINT)"),
        "{text}"
    );
    let summary = text.lines().rfind(|l| !l.starts_with("stderr: ")).unwrap();
    let games: usize = summary.split(' ').next().unwrap().parse().unwrap();
    assert!((1..200_000).contains(&games), "{summary}");
}
