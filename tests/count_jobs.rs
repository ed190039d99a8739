//! `count positions` as modulus jobs from the command line: Ctrl-C mid-run (the message, exit 130, a whole checkpoint), a killed job resumed to the same residue, and `count combine` putting results together (the four 12x12 jobs run here give L(12)) or refusing bad sets (exit 2).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tromp-taylor"))
}

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tt-count-jobs-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Waits until `path` exists (the job has written its first checkpoint).
fn wait_for(path: &Path) {
    while !path.exists() {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn ctrl_c_stops_a_count_which_says_how_to_resume_and_leaves_a_whole_checkpoint() {
    let dir = folder("sigint");
    let checkpoint = dir.join("job.ckpt");
    let c = checkpoint.to_str().unwrap();
    // 12x52 runs for hours: it is surely still running when the signal comes.
    let child = bin()
        .args([
            "count",
            "positions",
            "12x52",
            "--modulus",
            "1000000007",
            "--threads",
            "1",
        ])
        .args(["--checkpoint", c, "--checkpoint-every", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for(&checkpoint);
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let output = child.wait_with_output().unwrap();
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("stopped by Ctrl-C (SIGINT)"), "{stderr}");
    assert!(stderr.contains("points"), "{stderr}");
    assert!(
        stderr.contains(&format!("resume with: tromp-taylor count positions 12x52 --modulus 1000000007 --threads 1 --checkpoint {c} --checkpoint-every 0 --resume")),
        "{stderr}"
    );
    assert_eq!(text(&output.stdout), "", "no number is printed");
    let inspected = run(&["count", "checkpoint", c]);
    assert!(inspected.status.success(), "{}", text(&inspected.stderr));
    assert!(text(&inspected.stdout).contains("whole; 12x52 across 12, modulo 1000000007"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_killed_job_resumes_from_its_checkpoint_to_the_same_residue() {
    let dir = folder("kill");
    let checkpoint = dir.join("job.ckpt");
    let c = checkpoint.to_str().unwrap();
    let job = [
        "count",
        "positions",
        "6x30",
        "--job",
        "2",
        "--jobs",
        "3",
        "--threads",
        "1",
    ];
    let mut child = bin()
        .args(job)
        .args(["--checkpoint", c, "--checkpoint-every", "0"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_for(&checkpoint);
    // However far it got (even to its end), the checkpoint left is whole.
    let _ = Command::new("kill")
        .args(["-KILL", &child.id().to_string()])
        .status();
    let _ = child.wait();
    let out = dir.join("job.json");
    let resumed = bin()
        .args(job)
        .args([
            "--checkpoint",
            c,
            "--resume",
            "--out",
            out.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    let whole = run(&job);
    assert!(whole.status.success());
    assert_eq!(
        text(&resumed.stdout).lines().last(),
        text(&whole.stdout).lines().last()
    );
    let result: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(result["modulus"], "18446744073709551533");
    assert_eq!(result["job"], 2);
    assert_eq!(
        result["residue"].as_str(),
        text(&whole.stdout).lines().last()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A result file as `--out` writes it.
fn result(dir: &Path, name: &str, size: (usize, usize), modulus: u64, residue: u64) -> String {
    let path = dir.join(name);
    let json = serde_json::json!({
        "format": "tromp-taylor count positions result", "version": 1,
        "size": format!("{}x{}", size.0, size.1), "width": size.0, "height": size.1,
        "across": size.0.min(size.1), "modulus": modulus.to_string(),
        "residue": residue.to_string(), "border_states": 1, "seconds": 0.0,
        "peak_rss_bytes": null,
    });
    std::fs::write(&path, json.to_string()).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn combine_gives_the_count_from_enough_jobs_and_refuses_bad_sets() {
    let dir = folder("combine");
    // L(5x5) and L(7x7), from the jobs' own result files.
    for (size, jobs, expected) in [
        ("5x5", 1, "414295148741"),
        ("7x7", 2, "83677847847984287628595"),
    ] {
        let mut files = Vec::new();
        for job in 1..=jobs {
            let out = dir.join(format!("{size}-{job}.json"));
            let o = out.to_str().unwrap().to_string();
            let ran = run(&[
                "count",
                "positions",
                size,
                "--job",
                &job.to_string(),
                "--jobs",
                &jobs.to_string(),
                "--out",
                &o,
            ]);
            assert!(ran.status.success(), "{}", text(&ran.stderr));
            files.push(o);
        }
        let mut args = vec!["count", "combine"];
        args.extend(files.iter().map(String::as_str));
        let combined = run(&args);
        assert!(combined.status.success(), "{}", text(&combined.stderr));
        assert_eq!(text(&combined.stdout).lines().last(), Some(expected));
    }
    let refused = |files: &[String], says: &str| {
        let mut args = vec!["count", "combine"];
        args.extend(files.iter().map(String::as_str));
        let output = run(&args);
        assert_eq!(output.status.code(), Some(2), "{files:?}");
        let stderr = text(&output.stderr);
        assert!(stderr.contains(says), "{stderr}");
    };
    let p = u64::MAX - 58;
    let a = result(&dir, "a.json", (12, 12), p, 5);
    let b = result(&dir, "b.json", (11, 11), u64::MAX - 82, 5);
    refused(&[a.clone(), b], "different counts");
    refused(&[a.clone(), a.clone()], "is repeated");
    let six = result(&dir, "six.json", (3, 3), 6, 1);
    let nine = result(&dir, "nine.json", (3, 3), 9, 4);
    refused(&[six, nine], "common factor");
    refused(&[a], "3 more jobs (--job 2, 3, 4 of --jobs 4)");
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{").unwrap();
    refused(&[bad.to_str().unwrap().to_string()], "not a result");
    // Residues no count near the approximation has.
    let wrong: Vec<String> = (1..=2)
        .map(|k| {
            result(
                &dir,
                &format!("w{k}.json"),
                (7, 7),
                u64::MAX - [58, 82][k - 1],
                12345,
            )
        })
        .collect();
    refused(&wrong, "implausible");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_job_outside_its_count_is_refused_as_a_bad_job() {
    for job in ["0", "3"] {
        let output = run(&["count", "positions", "5x5", "--job", job, "--jobs", "2"]);
        assert_eq!(output.status.code(), Some(2));
        let said = text(&output.stderr);
        assert!(
            said.contains(&format!(
                "bad modulus job: --job {job} --jobs 2: a job is numbered from 1"
            )),
            "{said}"
        );
    }
}

/// The four 12x12 jobs run on this project's machine (docs/benchmarks.md
/// gives each one's command, time and memory), kept as they wrote their
/// results: together they give L(12) as OEIS A094777 publishes it.
#[test]
fn the_four_12x12_jobs_combine_to_the_published_l_12() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/counts/12x12");
    let files: Vec<String> = (1..=4)
        .map(|job| dir.join(format!("job{job}.json")).display().to_string())
        .collect();
    let mut args = vec!["count", "combine"];
    args.extend(files.iter().map(String::as_str));
    let combined = run(&args);
    assert!(combined.status.success(), "{}", text(&combined.stderr));
    assert_eq!(
        text(&combined.stdout).lines().last(),
        Some("57774258489513238998237970307483999327287210756991189655942651331169")
    );
    // Three of them are too few, and count combine names the one missing.
    for (without, missing) in [(4, "--job 4 of --jobs 4"), (3, "--job 3 of --jobs 4")] {
        let mut three = args.clone();
        three.remove(1 + without);
        let output = run(&three);
        assert_eq!(output.status.code(), Some(2));
        let said = text(&output.stderr);
        assert!(said.contains(&format!("1 more job ({missing})")), "{said}");
    }
}
