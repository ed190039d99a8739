//! The CI files we ship, read with a YAML parser: the ClusterFuzzLite
//! workflows (they build with `.clusterfuzzlite/build.sh` and fuzz in Rust
//! mode) and the engine author's composite action, `action.yml`, whose shell
//! steps are then run here as GitHub would run them, against GNU Go (which
//! breaks the rules, so the last step must fail the job) and against our own
//! engine (which must pass); the matrix workflow, a job per engine
//! manifest merged into one site; and the project's own workflows (ci.yml
//! runs what .ci/run runs, pages.yml builds and deploys the book with the
//! explorer and the matrix site, release.yml ships the binaries, wheels and
//! crates with the CHANGELOG's section; count.yml, a count as modulus
//! jobs combined by the Chinese remainder theorem).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use yaml_rust2::{Yaml, YamlLoader};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn load(path: &Path) -> Yaml {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut docs =
        YamlLoader::load_from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(docs.len(), 1, "{}: one YAML document", path.display());
    docs.remove(0)
}

#[test]
fn the_clusterfuzzlite_workflows_fuzz_every_target_in_rust() {
    assert_eq!(
        load(&root().join(".clusterfuzzlite/project.yaml"))["language"].as_str(),
        Some("rust")
    );
    for (file, mode) in [
        ("cflite_pr.yml", "code-change"),
        ("cflite_batch.yml", "batch"),
    ] {
        let workflow = load(&root().join(".github/workflows").join(file));
        assert!(workflow["name"].as_str().is_some(), "{file}: a name");
        assert!(!workflow["on"].is_badvalue(), "{file}: triggers");
        let jobs = workflow["jobs"]
            .as_hash()
            .unwrap_or_else(|| panic!("{file}: jobs"));
        assert_eq!(jobs.len(), 1, "{file}");
        let job = jobs.values().next().unwrap();
        let steps = job["steps"].as_vec().unwrap();
        let uses: Vec<&str> = steps.iter().filter_map(|s| s["uses"].as_str()).collect();
        assert_eq!(
            uses,
            [
                "google/clusterfuzzlite/actions/build_fuzzers@v1",
                "google/clusterfuzzlite/actions/run_fuzzers@v1"
            ],
            "{file}"
        );
        assert_eq!(
            steps[0]["with"]["language"].as_str(),
            Some("rust"),
            "{file}"
        );
        assert_eq!(steps[1]["with"]["mode"].as_str(), Some(mode), "{file}");
        assert!(steps[1]["with"]["fuzz-seconds"]
            .as_i64()
            .is_some_and(|s| s > 0));
    }
}

/// `${{ inputs.NAME }}` and `${{ steps.ID.outputs.NAME }}` in `text`,
/// replaced as GitHub would.
fn expand(
    text: &str,
    inputs: &BTreeMap<String, String>,
    outputs: &BTreeMap<String, String>,
) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("${{") {
        out.push_str(&rest[..start]);
        let end = rest[start..].find("}}").expect("a closed expression") + start;
        let expression = rest[start + 3..end].trim();
        let value = if let Some(name) = expression.strip_prefix("inputs.") {
            inputs
                .get(name)
                .cloned()
                .unwrap_or_else(|| panic!("no input {name}"))
        } else if let Some(path) = expression.strip_prefix("steps.") {
            outputs.get(path).cloned().unwrap_or_default()
        } else {
            panic!("an expression the test does not know: {expression}")
        };
        out.push_str(&value);
        rest = &rest[end + 2..];
    }
    out.push_str(rest);
    out
}

/// Runs the action's shell steps with `engine` as its input, as a runner
/// would (each step's `env`, `GITHUB_OUTPUT`, `if:` on `inputs.vectors`);
/// the upload step (`uses:`) is GitHub's own and is left out. Returns each
/// step's name and exit status, and the report folder.
fn run_action(engine: &str, extra: &[(&str, &str)], name: &str) -> (Vec<(String, i32)>, PathBuf) {
    let action = load(&root().join("action.yml"));
    assert_eq!(action["runs"]["using"].as_str(), Some("composite"));
    let work =
        std::env::temp_dir().join(format!("tromp-taylor-action-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).unwrap();
    let mut inputs = BTreeMap::new();
    for (key, spec) in action["inputs"].as_hash().unwrap() {
        let key = key.as_str().unwrap().to_string();
        let default = spec["default"].as_str().unwrap_or("").to_string();
        inputs.insert(key, default);
    }
    inputs.insert("engine".to_string(), engine.to_string());
    for (key, value) in extra {
        assert!(inputs.contains_key(*key), "no input {key}");
        inputs.insert(key.to_string(), value.to_string());
    }
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_tromp-taylor"))
        .parent()
        .unwrap()
        .to_path_buf();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut outputs = BTreeMap::new();
    let mut ran = Vec::new();
    for step in action["runs"]["steps"].as_vec().unwrap() {
        let step_name = step["name"].as_str().unwrap().to_string();
        let Some(script) = step["run"].as_str() else {
            assert!(step["uses"].as_str().is_some(), "{step_name}: run or uses");
            continue;
        };
        assert_eq!(step["shell"].as_str(), Some("bash"), "{step_name}");
        if let Some(condition) = step["if"].as_str() {
            assert_eq!(condition, "inputs.vectors == 'true'", "{step_name}");
            if inputs["vectors"] != "true" {
                continue;
            }
        }
        let github_output = work.join("github_output");
        std::fs::write(&github_output, "").unwrap();
        let mut command = Command::new("bash");
        command
            .arg("-e")
            .arg("-o")
            .arg("pipefail")
            .arg("-c")
            .arg(script);
        command
            .current_dir(&work)
            .env("PATH", &path)
            .env("GITHUB_OUTPUT", &github_output);
        if let Some(env) = step["env"].as_hash() {
            for (key, value) in env {
                command.env(
                    key.as_str().unwrap(),
                    expand(value.as_str().unwrap(), &inputs, &outputs),
                );
            }
        }
        let output = command.output().unwrap();
        eprintln!(
            "== {step_name}\n{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        if let Some(id) = step["id"].as_str() {
            for line in std::fs::read_to_string(&github_output).unwrap().lines() {
                let (key, value) = line.split_once('=').unwrap();
                outputs.insert(format!("{id}.outputs.{key}"), value.to_string());
            }
        }
        ran.push((step_name, output.status.code().unwrap_or(-1)));
    }
    (ran, work.join(&inputs["out"]))
}

#[test]
fn the_action_fails_the_job_on_gnu_go_and_passes_our_engine() {
    const GNUGO: &str = "/usr/games/gnugo";
    if !Path::new(GNUGO).exists() {
        eprintln!("skipped: gnugo is not installed (apt-get install -y gnugo)");
        return;
    }
    let settings = [("games", "8"), ("sizes", "5x5"), ("skip-checks", "score")];
    let engine =
        format!("{GNUGO} --mode gtp --chinese-rules --allow-all-suicide --positional-superko");
    let (ran, out) = run_action(&engine, &settings, "gnugo");
    let statuses: Vec<i32> = ran.iter().map(|(_, s)| *s).collect();
    // Install, audit, vectors: each step itself succeeds; the verdict fails.
    assert_eq!(statuses, [0, 0, 0, 1], "{ran:?}");
    for file in [
        "audit.xml",
        "audit.json",
        "audit.txt",
        "vectors.xml",
        "vectors.json",
    ] {
        assert!(out.join(file).is_file(), "{file} in {}", out.display());
    }
    let sgfs = std::fs::read_dir(out.join("audit"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "sgf")
        })
        .count();
    assert!(sgfs > 0, "the reproducers are in the artifact's folder");
    let xml = std::fs::read_to_string(out.join("audit.xml")).unwrap();
    assert!(xml.contains("<failure"), "{xml}");

    let ours = format!("{} gtp", env!("CARGO_BIN_EXE_tromp-taylor"));
    let (ran, _) = run_action(&ours, &[("games", "4"), ("sizes", "5x5")], "ours");
    let statuses: Vec<i32> = ran.iter().map(|(_, s)| *s).collect();
    assert_eq!(statuses, [0, 0, 0, 0], "{ran:?}");
}

/// A job's steps that run shell, as text.
fn runs(job: &Yaml) -> Vec<String> {
    job["steps"]
        .as_vec()
        .unwrap()
        .iter()
        .filter_map(|s| s["run"].as_str().map(String::from))
        .collect()
}

/// A job's steps that use an action, by name.
fn uses(job: &Yaml) -> Vec<String> {
    job["steps"]
        .as_vec()
        .unwrap()
        .iter()
        .filter_map(|s| s["uses"].as_str().map(String::from))
        .collect()
}

/// The `--options` of every `tromp-taylor matrix` line in `script` are
/// ones `tromp-taylor ARGS --help` lists.
fn options_are_ours(script: &str, args: &[&str]) {
    let help = Command::new(env!("CARGO_BIN_EXE_tromp-taylor"))
        .args(args)
        .arg("--help")
        .output()
        .unwrap();
    assert!(help.status.success(), "{args:?} --help");
    let help = String::from_utf8_lossy(&help.stdout);
    let line = script
        .lines()
        .find(|l| {
            l.contains(&format!("tromp-taylor {}", args.join(" ")))
                || l.contains(&format!("cargo run --release -q -- {} ", args.join(" ")))
        })
        .unwrap_or_else(|| panic!("no `tromp-taylor {}` in {script}", args.join(" ")));
    let ours = line.rsplit_once(" -- ").map_or(line, |(_, ours)| ours);
    for option in ours.split_whitespace().filter(|w| w.starts_with("--")) {
        assert!(
            help.contains(option),
            "{option} of {line:?} is not in:\n{help}"
        );
    }
}

#[test]
fn the_matrix_workflow_runs_every_manifest_and_merges_them_into_the_site() {
    let workflow = load(&root().join(".github/workflows/matrix.yml"));
    let jobs = &workflow["jobs"];
    // The first job lists the manifests: run its script as the runner would.
    let list = runs(&jobs["engines"]).remove(0);
    let output =
        std::env::temp_dir().join(format!("tromp-taylor-matrix-yml-{}", std::process::id()));
    let status = Command::new("bash")
        .args(["-euo", "pipefail", "-c", &list])
        .current_dir(root())
        .env("GITHUB_OUTPUT", &output)
        .status()
        .unwrap();
    assert!(status.success());
    let written = std::fs::read_to_string(&output).unwrap();
    let _ = std::fs::remove_file(&output);
    let mut names: Vec<String> =
        serde_json::from_str(written.trim().strip_prefix("names=").unwrap()).unwrap();
    // The shell sorts file names (`pachi-12.toml` before `pachi.toml`), Rust
    // the stems: the same set is what matters.
    names.sort();
    let mut manifests: Vec<String> = std::fs::read_dir(root().join("engines"))
        .unwrap()
        .filter_map(|e| {
            let path = e.unwrap().path();
            (path.extension()? == "toml")
                .then(|| path.file_stem().unwrap().to_string_lossy().into_owned())
        })
        .collect();
    manifests.sort();
    assert_eq!(names, manifests);
    let engine = &jobs["engine"];
    assert_eq!(engine["needs"].as_str(), Some("engines"));
    assert_eq!(
        engine["strategy"]["matrix"]["engine"].as_str(),
        Some("${{ fromJSON(needs.engines.outputs.names) }}")
    );
    let script = runs(engine).join("\n");
    assert!(script.contains("--only \"$ENGINE\""), "{script}");
    assert!(script.contains("engines/$install"), "{script}");
    options_are_ours(&script, &["matrix"]);
    assert!(uses(engine).contains(&"actions/upload-artifact@v4".to_string()));
    let merge = &jobs["merge"];
    let needs: Vec<&str> = merge["needs"]
        .as_vec()
        .unwrap()
        .iter()
        .filter_map(Yaml::as_str)
        .collect();
    assert!(needs.contains(&"engine"), "{needs:?}");
    options_are_ours(&runs(merge).join("\n"), &["matrix", "merge"]);
    let step = runs(merge).into_iter().find(|r| r.contains("matrix merge"));
    merge_step_makes_the_site(&step.unwrap());
    let merge_uses = uses(merge);
    assert!(merge_uses.contains(&"actions/download-artifact@v4".to_string()));
    // The site is an artifact that pages.yml publishes inside the book.
    let upload = merge["steps"]
        .as_vec()
        .unwrap()
        .iter()
        .find(|s| s["uses"].as_str() == Some("actions/upload-artifact@v4"))
        .expect("the site uploaded");
    assert_eq!(upload["with"]["name"].as_str(), Some("matrix-site"));
    assert!(
        jobs["deploy"].is_badvalue(),
        "pages.yml deploys, not matrix.yml"
    );
}

/// The merge job's script, run on two artifacts as download-artifact lays
/// them out (`runs/matrix-NAME/`), writes the site.
fn merge_step_makes_the_site(script: &str) {
    let work = std::env::temp_dir().join(format!("tromp-taylor-merge-step-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    for name in ["one", "two"] {
        let dir = work.join("runs").join(format!("matrix-{name}"));
        std::fs::create_dir_all(&dir).unwrap();
        let row = serde_json::json!({
            "id": name, "engine": name, "rules_name": "tromp-taylor", "rules": "r",
            "command": name, "replay": "", "folder": null, "skipped": "not installed",
            "skipped_checks": null, "audit": null, "vectors": null,
            "vectors_error": null, "columns": []
        });
        let run =
            serde_json::json!({"format": 1, "seed": 20261123, "profile": "full", "rows": [row]});
        std::fs::write(dir.join("matrix.json"), run.to_string()).unwrap();
    }
    let script = script.replace(
        "./target/release/tromp-taylor",
        env!("CARGO_BIN_EXE_tromp-taylor"),
    );
    let status = Command::new("bash")
        .args(["-euo", "pipefail", "-c", &script])
        .current_dir(&work)
        .status()
        .unwrap();
    assert!(status.success(), "{script}");
    let index = std::fs::read_to_string(work.join("site/index.html")).unwrap();
    assert!(
        index.contains("engines/one.html") && index.contains("engines/two.html"),
        "{index}"
    );
    let _ = std::fs::remove_dir_all(&work);
}

/// Every shell line of every job of `workflow`, as one text.
fn all_runs(workflow: &Yaml) -> String {
    workflow["jobs"]
        .as_hash()
        .unwrap()
        .values()
        .flat_map(runs)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every action of every job of `workflow`.
fn all_uses(workflow: &Yaml) -> Vec<String> {
    workflow["jobs"]
        .as_hash()
        .unwrap()
        .values()
        .flat_map(uses)
        .collect()
}

#[test]
fn the_ci_workflow_runs_the_gates_and_the_readmes_two_commands() {
    let workflow = load(&root().join(".github/workflows/ci.yml"));
    assert!(!workflow["on"]["push"].is_badvalue() && !workflow["on"]["pull_request"].is_badvalue());
    let script = all_runs(&workflow);
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    // The README's two commands, as the README writes them.
    for command in ["cargo run --release -- diff", "cargo test --workspace"] {
        assert!(readme.contains(command), "the README lost {command:?}");
    }
    for gate in [
        "cargo fmt --all -- --check",
        "cargo clippy --workspace --all-targets -- -D warnings",
        "cargo doc --no-deps --workspace",
        "cargo test --workspace",
        "-- diff --seed",
        "-- planted",
        "cargo publish --workspace --dry-run",
        "miri test -p tromp-taylor-fast",
        "fuzz run",
        "bash python/ci.sh",
        "bash explorer/build.sh",
        "tests/browser/check_explorer.py",
        "tests/browser/check_site.py",
    ] {
        assert!(script.contains(gate), "ci.yml does not run {gate:?}");
        // .ci/run runs the same (miri through an array of its tests).
        let ci = std::fs::read_to_string(root().join(".ci/run")).unwrap();
        if !gate.starts_with("miri") {
            assert!(ci.contains(gate), ".ci/run does not run {gate:?}");
        }
    }
    let doc = workflow["jobs"]["gates"]["steps"]
        .as_vec()
        .unwrap()
        .iter()
        .find(|s| s["run"].as_str().is_some_and(|r| r.contains("cargo doc")))
        .unwrap();
    assert_eq!(doc["env"]["RUSTDOCFLAGS"].as_str(), Some("-D warnings"));
    let actions = all_uses(&workflow);
    assert!(actions.iter().all(|a| a.contains('@')), "{actions:?}");
    for job in workflow["jobs"].as_hash().unwrap().values() {
        let uses = uses(job);
        assert!(
            uses.contains(&"actions/checkout@v4".to_string()),
            "{uses:?}"
        );
        assert!(
            uses.contains(&"Swatinem/rust-cache@v2".to_string()),
            "every job caches its build: {uses:?}"
        );
        assert!(
            job["timeout-minutes"].as_i64().is_some(),
            "a timeout on every job"
        );
    }
    options_are_ours(&script, &["matrix"]);
}

#[test]
fn the_pages_workflow_builds_the_book_with_the_explorer_and_the_matrix_site() {
    let workflow = load(&root().join(".github/workflows/pages.yml"));
    assert_eq!(workflow["permissions"]["pages"].as_str(), Some("write"));
    assert_eq!(workflow["permissions"]["id-token"].as_str(), Some("write"));
    let matrix = load(&root().join(".github/workflows/matrix.yml"));
    let workflows = workflow["on"]["workflow_run"]["workflows"]
        .as_vec()
        .unwrap();
    assert_eq!(workflows[0].as_str(), matrix["name"].as_str());
    let build = &workflow["jobs"]["build"];
    let script = runs(build).join("\n");
    for step in [
        "cargo install mdbook --locked",
        "bash explorer/build.sh",
        "bash docs/build-book.sh target/matrix",
        "--name matrix-site",
    ] {
        assert!(script.contains(step), "pages.yml does not run {step:?}");
    }
    options_are_ours(&script, &["matrix"]);
    assert!(root().join("docs/book.toml").is_file());
    let upload = build["steps"]
        .as_vec()
        .unwrap()
        .iter()
        .find(|s| s["uses"].as_str() == Some("actions/upload-pages-artifact@v3"))
        .unwrap();
    // docs/book.toml builds into ../target/book: the folder uploaded.
    let book = std::fs::read_to_string(root().join("docs/book.toml")).unwrap();
    assert!(book.contains("build-dir = \"../target/book\""), "{book}");
    assert_eq!(upload["with"]["path"].as_str(), Some("target/book"));
    let deploy = &workflow["jobs"]["deploy"];
    assert_eq!(deploy["needs"].as_str(), Some("build"));
    assert_eq!(uses(deploy), ["actions/deploy-pages@v4"]);
}

#[test]
fn the_release_workflow_ships_binaries_wheels_crates_and_the_changelogs_section() {
    let workflow = load(&root().join(".github/workflows/release.yml"));
    let tags = workflow["on"]["push"]["tags"].as_vec().unwrap();
    assert_eq!(tags[0].as_str(), Some("v*"));
    let jobs = &workflow["jobs"];
    let targets: Vec<&str> = jobs["binaries"]["strategy"]["matrix"]["include"]
        .as_vec()
        .unwrap()
        .iter()
        .filter_map(|t| t["target"].as_str())
        .collect();
    for os in ["linux", "apple", "windows"] {
        assert!(targets.iter().any(|t| t.contains(os)), "{targets:?}");
    }
    let wheels = uses(&jobs["wheels"]);
    assert!(wheels.contains(&"PyO3/maturin-action@v1".to_string()));
    assert_eq!(
        jobs["sdist"]["steps"][1]["with"]["command"].as_str(),
        Some("sdist")
    );
    let python = std::fs::read_to_string(root().join("python/Cargo.toml")).unwrap();
    assert!(
        python.contains("abi3-py310"),
        "the wheels are abi3, for Python 3.10 on"
    );
    assert!(runs(&jobs["crates"])
        .join(" ")
        .contains("cargo publish --workspace --dry-run"));
    let needs: Vec<&str> = jobs["release"]["needs"]
        .as_vec()
        .unwrap()
        .iter()
        .filter_map(Yaml::as_str)
        .collect();
    assert_eq!(needs, ["binaries", "wheels", "sdist", "crates"]);
    let script = runs(&jobs["release"]).join("\n");
    assert!(script.contains("bash .github/release-notes.sh \"${GITHUB_REF_NAME}\" > notes.md"));
    // The archives are named as action.yml downloads them.
    let action = std::fs::read_to_string(root().join("action.yml")).unwrap();
    assert!(
        action.contains("releases/latest/download/tromp-taylor-x86_64-unknown-linux-gnu.tar.gz")
    );
    let archive = runs(&jobs["binaries"]).join("\n");
    assert!(
        archive.contains("name=tromp-taylor-${{ matrix.target }}"),
        "{archive}"
    );
}

/// `.github/release-notes.sh VERSION CHANGELOG`: its output and status.
fn release_notes(version: &str, changelog: &str) -> (String, bool) {
    let file = std::env::temp_dir().join(format!("tt-changelog-{}-{version}", std::process::id()));
    std::fs::write(&file, changelog).unwrap();
    let output = Command::new("bash")
        .arg(root().join(".github/release-notes.sh"))
        .args([version, file.to_str().unwrap()])
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&file);
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        output.status.success(),
    )
}

#[test]
fn the_release_notes_are_the_changelogs_section_for_the_tag() {
    let changelog = "# Changelog\n\n## [Unreleased]\n\n- next\n\n## [0.2.0] - 2026-12-01\n\n- two\n- more\n\n## [0.1.0]\n\n- one\n";
    let (notes, ok) = release_notes("v0.2.0", changelog);
    assert!(ok);
    assert_eq!(notes.trim(), "- two\n- more");
    let (notes, ok) = release_notes("0.1.0", changelog);
    assert!(ok);
    assert_eq!(notes.trim(), "- one");
    // No section, or an empty one, is an error, not an empty release.
    assert!(!release_notes("v0.3.0", changelog).1);
    assert!(!release_notes("v0.2.0", "## [0.2.0]\n\n## [0.1.0]\n- one\n").1);
    // 0.1.0 is not 0.1.0-rc.1.
    assert!(!release_notes("v0.1.0", "## [0.1.0-rc.1]\n- rc\n").1);
}

/// Runs `script` with bash in `dir`, with `env`; its status.
fn bash_in(dir: &Path, script: &str, env: &[(&str, &str)]) -> std::process::ExitStatus {
    let mut command = Command::new("bash");
    command
        .args(["-euo", "pipefail", "-c", script])
        .current_dir(dir);
    for (k, v) in env {
        command.env(k, v);
    }
    command.status().unwrap()
}

#[test]
fn the_count_workflow_runs_a_job_per_modulus_and_combines_them() {
    let workflow = load(&root().join(".github/workflows/count.yml"));
    let jobs = &workflow["jobs"];
    let work = std::env::temp_dir().join(format!("tromp-taylor-count-yml-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(work.join("target/release")).unwrap();
    std::fs::copy(
        env!("CARGO_BIN_EXE_tromp-taylor"),
        work.join("target/release/tromp-taylor"),
    )
    .unwrap();
    // The plan: the job numbers 1 to N.
    let output = work.join("github-output");
    let plan = runs(&jobs["plan"]).remove(0);
    assert!(bash_in(
        &work,
        &plan,
        &[("JOBS", "2"), ("GITHUB_OUTPUT", output.to_str().unwrap())]
    )
    .success());
    assert_eq!(
        std::fs::read_to_string(&output).unwrap().trim(),
        "numbers=[1,2]"
    );
    let modulus = &jobs["modulus"];
    assert_eq!(modulus["needs"].as_str(), Some("plan"));
    assert_eq!(
        modulus["strategy"]["matrix"]["job"].as_str(),
        Some("${{ fromJSON(needs.plan.outputs.numbers) }}")
    );
    let used = uses(modulus);
    for action in [
        "actions/cache/restore@v4",
        "actions/cache/save@v4",
        "actions/upload-artifact@v4",
    ] {
        assert!(used.contains(&action.to_string()), "{action} in {used:?}");
    }
    // Each job as the runner runs it, the first twice (the second resumes
    // from the checkpoint the first left).
    let count = runs(modulus)
        .into_iter()
        .find(|r| r.contains("count positions"))
        .unwrap();
    options_are_ours(&count, &["count", "positions"]);
    for job in ["1", "1", "2"] {
        let env = [("SIZE", "5x5"), ("JOB", job), ("JOBS", "2")];
        assert!(bash_in(&work, &count, &env).success(), "job {job}");
        // As download-artifact lays the results out.
        let dir = work.join(format!("results/result-{job}"));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::copy(
            work.join(format!("out/5x5-{job}.json")),
            dir.join(format!("5x5-{job}.json")),
        )
        .unwrap();
    }
    let combine = &jobs["combine"];
    assert_eq!(combine["needs"].as_str(), Some("modulus"));
    let script = runs(combine)
        .into_iter()
        .find(|r| r.contains("count combine"))
        .unwrap();
    options_are_ours(&script, &["count", "combine"]);
    assert!(bash_in(&work, &script, &[]).success());
    let combined = std::fs::read_to_string(work.join("combined.txt")).unwrap();
    assert_eq!(combined.lines().last(), Some("414295148741"), "{combined}");
    std::fs::remove_dir_all(&work).unwrap();
}
