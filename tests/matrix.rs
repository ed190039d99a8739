//! `tromp-taylor matrix` on manifests written here: our own engine is all
//! pass under every rule set it is held to, an engine that is not installed
//! is skipped with the reason, a manifest with a typo is refused naming the
//! file, the JSON, JUnit and Markdown outputs and the site say the same;
//! `matrix merge` makes runs one, and refuses runs that do not go together;
//! the upstream reports of GNU Go reproduce on GNU Go alone; failed vectors
//! are replayed as games and judged by the manifest's causes.

mod common;

use common::{exits, exits_saying, run};
use std::path::{Path, PathBuf};

/// A fresh folder under the system's temporary folder.
fn folder(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("tromp-taylor-matrix-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn ours() -> String {
    env!("CARGO_BIN_EXE_tromp-taylor").to_string()
}

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

fn manifest(program: &str, profiles: &[(&str, &str)]) -> String {
    let mut text =
        format!("name = \"test engine\"\nversion = \"1\"\nprogram = \"{program}\"\nquick = true\n");
    for (rules, command) in profiles {
        text.push_str(&format!(
            "\n[[profile]]\nrules = \"{rules}\"\ncommand = \"{command}\"\nsizes = [\"5x5\", \"4x3\"]\ngames = 6\nquick_games = 4\n"
        ));
    }
    text
}

/// `matrix ENGINES --out OUT`.
fn matrix(engines: &std::path::Path, out: &std::path::Path) -> std::process::Output {
    run(&[
        "matrix",
        engines.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ])
}

#[test]
fn our_engine_passes_every_cell_it_is_checked_on() {
    let engines = folder("ours-engines");
    let out = folder("ours-out");
    let gtp = format!("{} gtp", ours());
    write(
        &engines,
        "tromp-taylor.toml",
        &manifest(
            &ours(),
            &[
                ("tromp-taylor", &gtp),
                ("chinese", &gtp),
                ("simple-ko-territory", &gtp),
            ],
        ),
    );
    let output = quick_matrix(&engines, &out, "5");
    let stdout = exits(&output, 0);
    let table = std::fs::read_to_string(out.join("matrix.md")).unwrap();
    assert_eq!(
        table,
        stdout.split_once("\n\n").unwrap().1.trim_end().to_string() + "\n"
    );
    let rows: Vec<&str> = table
        .lines()
        .filter(|l| l.starts_with("| test engine"))
        .collect();
    assert_eq!(rows.len(), 3, "{table}");
    for row in &rows {
        assert!(!row.contains("divergence"), "{row}");
        assert!(row.contains("pass"), "{row}");
    }
    // Simple ko and superko are checked only under the rules that have them.
    assert!(
        rows[2].contains("not checked (not in these rules)"),
        "{}",
        rows[2]
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("matrix.json")).unwrap()).unwrap();
    assert_eq!(
        (json["format"].as_u64(), json["seed"].as_u64()),
        (Some(2), Some(5))
    );
    assert_eq!(json["profile"], "quick");
    let rows = &json["rows"];
    assert_eq!(rows.as_array().unwrap().len(), 3);
    assert_eq!(rows[1]["rules"], "koPOSITIONALscoreAREAsui0illegalLOSETURN");
    assert_eq!(rows[1]["audit"]["games"], 4);
    assert_eq!(rows[1]["mode"], "play");
    let index = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert_eq!(index.matches("<td class=\"pass\">").count(), 3, "{index}");
    assert!(out.join("engines/tromp-taylor.html").is_file());
    let badge = std::fs::read_to_string(out.join("badges/tromp-taylor-chinese.svg")).unwrap();
    assert!(badge.contains(">pass</text>"), "{badge}");
    let junit = std::fs::read_to_string(out.join("junit.xml")).unwrap();
    assert_eq!(junit.matches("<testsuite ").count(), 3, "{junit}");
    assert_eq!(junit.matches("<testcase ").count(), 12, "{junit}");
    assert!(!junit.contains("<failure"), "{junit}");
}

#[test]
fn an_engine_not_installed_is_skipped_saying_so() {
    let engines = folder("missing-engines");
    let out = folder("missing-out");
    write(
        &engines,
        "nowhere.toml",
        &manifest(
            "/nonexistent/engine",
            &[("tromp-taylor", "/nonexistent/engine --gtp")],
        )
        .replace(
            "quick = true",
            "install = \"install/nowhere.sh\"\nquick = true",
        ),
    );
    // A missing engine is a row that says so, not a failure of the matrix.
    exits_saying(
        &matrix(&engines, &out),
        0,
        "skipped: not installed: /nonexistent/engine not found",
    );
    // Asked for by name, it is an error that says how to install it; so is
    // a name with no manifest.
    let only = |name: &str| {
        run(&[
            "matrix",
            engines.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--only",
            name,
        ])
    };
    refused(
        &only("nowhere"),
        &format!(
            "nowhere is not installed: /nonexistent/engine not found; install it with `bash {}`",
            engines.join("install/nowhere.sh").display()
        ),
    );
    refused(
        &only("elsewhere"),
        "--only elsewhere: there is no elsewhere.toml among the manifests (nowhere)",
    );
}

#[test]
fn a_manifest_with_a_typo_is_refused_naming_the_file() {
    let engines = folder("typo-engines");
    let out = folder("typo-out");
    let text =
        manifest(&ours(), &[("tromp-taylor", "x gtp")]).replace("quick = true", "quik = true");
    write(&engines, "typo.toml", &text);
    let output = matrix(&engines, &out);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("typo.toml") && stderr.contains("quik"),
        "{stderr}"
    );
    let bad_rules = manifest(&ours(), &[("go-moku", "x gtp")]);
    write(&engines, "typo.toml", &bad_rules);
    let output = matrix(&engines, &out);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("typo.toml: profile 1"), "{stderr}");
}

/// A run's `matrix.json` as `matrix` writes it, with rows of `rows`
/// (engine id, rules name) that did not run.
fn run_json(dir: &Path, format: u32, seed: u64, profile: &str, rows: &[(&str, &str)]) {
    let rows: Vec<serde_json::Value> = rows
        .iter()
        .map(|(id, rules)| {
            serde_json::json!({
                "id": id, "engine": format!("{id} 1"), "rules_name": rules,
                "rules": "koPOSITIONALscoreAREAsui1", "command": format!("{id} --gtp"),
                "replay": "", "folder": null, "skipped": "not installed",
                "skipped_checks": null, "audit": null, "vectors": null,
                "vectors_error": null, "columns": []
            })
        })
        .collect();
    let json =
        serde_json::json!({"format": format, "seed": seed, "profile": profile, "rows": rows});
    write(dir, "matrix.json", &json.to_string());
}

/// `matrix merge DIRS... --out OUT`.
fn merge(dirs: &[&Path], out: &Path) -> std::process::Output {
    let mut args = vec!["matrix", "merge"];
    args.extend(dirs.iter().map(|d| d.to_str().unwrap()));
    args.extend(["--out", out.to_str().unwrap()]);
    run(&args)
}

/// `matrix ENGINES --out OUT --quick --seed SEED`.
fn quick_matrix(engines: &Path, out: &Path, seed: &str) -> std::process::Output {
    quick_matrix_with(engines, out, seed, &[])
}

/// The same with `more` arguments after.
fn quick_matrix_with(
    engines: &Path,
    out: &Path,
    seed: &str,
    more: &[&str],
) -> std::process::Output {
    let mut args = vec![
        "matrix",
        engines.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--quick",
        "--seed",
        seed,
    ];
    args.extend(more);
    run(&args)
}

/// The standard error of a command that exited with 2 saying `text` there.
fn refused(output: &std::process::Output, text: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(text), "{stderr}");
}

#[test]
fn merge_refuses_runs_that_do_not_go_together() {
    let (a, b, out) = (
        folder("merge-a"),
        folder("merge-b"),
        folder("merge-refused"),
    );
    run_json(&a, 1, 7, "quick", &[("one", "tromp-taylor")]);
    run_json(&b, 1, 8, "quick", &[("two", "tromp-taylor")]);
    refused(&merge(&[&a, &b], &out), "the seed differs (7 and 8)");
    run_json(&b, 1, 7, "full", &[("two", "tromp-taylor")]);
    refused(
        &merge(&[&a, &b], &out),
        "the profile differs (quick and full)",
    );
    // Format 1 (before standings) reads as not judged; a later one is refused.
    run_json(&b, 3, 7, "quick", &[("two", "tromp-taylor")]);
    refused(
        &merge(&[&a, &b], &out),
        "its format is 3 (this version reads formats 1 and 2)",
    );
    write(&b, "matrix.json", "[]");
    refused(&merge(&[&a, &b], &out), "its format is not given");
    std::fs::remove_file(b.join("matrix.json")).unwrap();
    refused(&merge(&[&a, &b], &out), "matrix.json: cannot be read");
    run_json(
        &b,
        1,
        7,
        "quick",
        &[("two", "chinese"), ("one", "tromp-taylor")],
    );
    refused(
        &merge(&[&a, &b], &out),
        "both have one under tromp-taylor (play)",
    );
    assert!(!out.join("matrix.json").exists());
    // The same engine under other rules is another row.
    run_json(&b, 1, 7, "quick", &[("one", "chinese")]);
    let stdout = exits(&merge(&[&a, &b], &out), 0);
    assert!(stdout.contains("2 runs, 2 rows"), "{stdout}");
    let index = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert_eq!(index.matches("<td class=\"notrun\">").count(), 2, "{index}");
    // One run may hold two rows of one key (two profiles of an engine under
    // the same rules), whichever place it has.
    run_json(&b, 1, 7, "quick", &[("two", "chinese"), ("two", "chinese")]);
    let stdout = exits(&merge(&[&a, &b], &out), 0);
    assert!(stdout.contains("2 runs, 3 rows"), "{stdout}");
}

#[test]
fn merged_runs_are_one_matrix_with_one_site() {
    let gtp = format!("{} gtp", ours());
    let mut runs = Vec::new();
    for (id, rules) in [("first", "tromp-taylor"), ("second", "chinese")] {
        let engines = folder(&format!("merge-{id}-engines"));
        write(
            &engines,
            &format!("{id}.toml"),
            &manifest(&ours(), &[(rules, &gtp)]),
        );
        let out = folder(&format!("merge-{id}-out"));
        let output = quick_matrix(&engines, &out, "9");
        exits(&output, 0);
        runs.push(out);
    }
    let out = folder("merged");
    let stdout = exits(&merge(&[&runs[0], &runs[1]], &out), 0);
    let table = std::fs::read_to_string(out.join("matrix.md")).unwrap();
    assert!(stdout.trim_end().ends_with(table.trim_end()), "{stdout}");
    assert_eq!(table.matches("| test engine 1 |").count(), 2, "{table}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("matrix.json")).unwrap()).unwrap();
    assert_eq!(json["seed"], 9);
    assert_eq!(json["rows"][1]["id"], "second");
    let junit = std::fs::read_to_string(out.join("junit.xml")).unwrap();
    assert_eq!(junit.matches("<testsuite ").count(), 2, "{junit}");
    let index = std::fs::read_to_string(out.join("index.html")).unwrap();
    for link in [
        "engines/first.html#tromp-taylor",
        "engines/second.html#chinese",
    ] {
        assert!(index.contains(link), "{index}");
    }
    assert!(out.join("second-chinese/summary.txt").is_file());
    assert!(out.join("badges/first.svg").is_file());
}

/// The shell command of a report's "Reproduce" section, and the answer it
/// says the engine gives to the last command, if it quotes one.
fn reproducer(report: &str) -> (String, Option<String>) {
    let command = report
        .lines()
        .find(|l| l.starts_with("printf '"))
        .expect("a printf line")
        .to_string();
    let answer = report
        .lines()
        .find_map(|l| l.strip_prefix("Its answer to the last command: `"))
        .map(|a| a.trim_end_matches('`').to_string());
    (command, answer)
}

/// The last answer in a GTP engine's output: the answers are separated by
/// empty lines.
fn last_gtp_answer(output: &str) -> String {
    output
        .split("\n\n")
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .last()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn gnugo_reports_reproduce_on_gnugo_alone() {
    const GNUGO: &str = "/usr/games/gnugo";
    if !Path::new(GNUGO).exists() {
        eprintln!("skipped: gnugo is not installed (apt-get install -y gnugo)");
        return;
    }
    let engines = folder("gnugo-engines");
    let out = folder("gnugo-out");
    write(
        &engines,
        "gnugo.toml",
        &format!(
            "name = \"GNU Go\"\nversion = \"3.8\"\nprogram = \"{GNUGO}\"\n\n[[profile]]\nrules = \"tromp-taylor\"\ncommand = \"{GNUGO} --mode gtp --chinese-rules --allow-all-suicide --positional-superko\"\nset_rules = \"\"\nsizes = [\"5x5\"]\ngames = 4\nquick_games = 4\nskip_checks = [\"score\"]\nwhy_skipped = \"GNU Go's final_score removes dead stones\"\n"
        ),
    );
    let args = [
        "matrix",
        engines.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ];
    let output = run(&[&args[..], &["--seed", "20261126", "--timeout", "60"]].concat());
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let reports: Vec<PathBuf> = std::fs::read_dir(out.join("reports"))
        .expect("a reports folder")
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("gnugo-")
        })
        .collect();
    assert!(!reports.is_empty(), "no reports/gnugo-*.md");
    let mut checked = 0;
    for path in &reports {
        let text = std::fs::read_to_string(path).unwrap();
        assert!(text.contains("--positional-superko"), "{text}");
        let (command, answer) = reproducer(&text);
        let Some(answer) = answer else { continue };
        let engine = std::process::Command::new("sh")
            .arg("-c")
            .arg(&command)
            .output()
            .expect("sh runs");
        let said = last_gtp_answer(&String::from_utf8_lossy(&engine.stdout));
        assert_eq!(said, answer.trim(), "{}: {command}", path.display());
        checked += 1;
    }
    assert!(
        checked > 0,
        "no report quotes the engine's answer: {reports:?}"
    );
}

/// A manifest of one profile held to positional superko whose engine plays
/// simple ko (our own, its rules commands hidden, so that the command line
/// sets its rules), with `causes` after it.
fn simple_ko_manifest(causes: &str) -> String {
    let tool = format!("{}/engines/tools/gtp_hide.py", env!("CARGO_MANIFEST_DIR"));
    format!(
        "name = \"simple ko engine\"\nversion = \"1\"\nprogram = \"python3\"\nquick = true\n\
         [[profile]]\nrules = \"koPOSITIONALscoreAREAsui1\"\n\
         command = \"python3 {tool} --hide kata-set-rules,kata-get-rules -- {} gtp --rules koSIMPLEscoreAREAsui1\"\n\
         sizes = [\"4x4\"]\ngames = 2\nquick_games = 2\n{causes}",
        ours()
    )
}

#[test]
fn failed_vectors_are_replayed_as_games_and_judged_by_the_causes() {
    if common::python3_missing() {
        return;
    }
    let (engines, vectors, out) = (
        folder("replay-engines"),
        folder("replay-vectors"),
        folder("replay-out"),
    );
    exits(&run(&["vectors", "export", vectors.to_str().unwrap()]), 0);
    let cause = "[[cause]]\nid = \"simple-ko-only\"\ntitle = \"only simple ko is checked\"\n\
        kinds = [\"accepts-illegal\", \"legal-set\", \"is-legal\"]\nreasons = [\"superko\"]\n\
        standing = \"documented\"\nask = \"nothing\"\n\
        cite = [{ source = \"README at 1\", quote = \"simple ko only\" }]\n";
    write(&engines, "said.toml", &simple_ko_manifest(cause));
    write(&engines, "unsaid.toml", &simple_ko_manifest(""));
    let output = quick_matrix_with(
        &engines,
        &out,
        "3",
        &["--vectors", vectors.to_str().unwrap()],
    );
    // The row without the cause diverges: the run says so by its exit code.
    exits(&output, 1);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("matrix.json")).unwrap()).unwrap();
    let rows = json["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_each_failure_replayed_and_judged(rows);
    let table = std::fs::read_to_string(out.join("matrix.md")).unwrap();
    let line = |id: &str| {
        let name = "| simple ko engine 1 | koPOSITIONALscoreAREAsui1";
        let lines: Vec<&str> = table.lines().filter(|l| l.starts_with(name)).collect();
        let said = rows.iter().position(|r| r["id"] == id).unwrap();
        lines[said].to_string()
    };
    assert!(line("said").contains("agrees, except"), "{table}");
    assert!(
        line("said").contains("fail, each by a stated cause"),
        "{table}"
    );
    assert!(line("unsaid").contains(" divergences"), "{table}");
    assert!(
        line("unsaid").contains("fail, none by a stated cause"),
        "{table}"
    );
    let page = std::fs::read_to_string(out.join("engines/said.html")).unwrap();
    let first = rows[0]["vectors_replayed"]["ids"][0].as_str().unwrap();
    assert!(page.contains(&format!("<h3>Vector {first},")), "{page}");
    assert!(
        page.contains("documented deviation (cause: simple-ko-only)"),
        "{page}"
    );
}

/// Each row's failed vectors were all replayed as games, each diverging on
/// superko, judged under the cause where the manifest (`said`) has one.
fn assert_each_failure_replayed_and_judged(rows: &[serde_json::Value]) {
    for row in rows {
        let failed = row["vectors"]["fail"].as_u64().unwrap();
        assert!(failed > 0, "{row}");
        let replayed = &row["vectors_replayed"];
        assert_eq!(replayed["ids"].as_array().unwrap().len() as u64, failed);
        let found = replayed["audit"]["divergences"].as_array().unwrap();
        assert_eq!(
            found.len() as u64,
            failed,
            "each failure diverges as a game"
        );
        let said = row["id"] == "said";
        for d in found {
            assert!(d["kind"].as_str().unwrap().contains("superko"), "{d}");
            let (cause, standing) = (d["cause"].as_str(), d["standing"].as_str());
            match said {
                true => assert_eq!(
                    (cause, standing),
                    (Some("simple-ko-only"), Some("documented"))
                ),
                false => assert_eq!(cause, None),
            }
        }
    }
}
