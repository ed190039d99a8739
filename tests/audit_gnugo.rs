//! A real audit: GNU Go, in its settings closest to the Tromp-Taylor rules,
//! audited on 5x5 and 7x7 with a fixed seed; the audit must run to a
//! summary, with an SGF and a report for each divergence. Skipped, saying
//! so, where GNU Go is not installed (CI installs it).

use std::path::Path;
use std::time::Duration;
use tromp_taylor_conformance::audit::{run_audit, AuditOptions};
use tromp_taylor_harness::vocab::Size;

const GNUGO: &str = "/usr/games/gnugo";

#[test]
fn gnugo_is_audited_to_a_report() {
    if !Path::new(GNUGO).exists() {
        eprintln!("skipped: gnugo is not installed (apt-get install -y gnugo)");
        return;
    }
    let out = std::env::temp_dir().join(format!("tromp-taylor-audit-gnugo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let command = [
        GNUGO,
        "--mode",
        "gtp",
        "--chinese-rules",
        "--allow-all-suicide",
        "--positional-superko",
    ];
    let mut options = AuditOptions::new(command.iter().map(|s| s.to_string()).collect(), 6, 1);
    options.sizes = vec![Size::new(5, 5).unwrap(), Size::new(7, 7).unwrap()];
    options.gtp.timeout = Duration::from_secs(5);
    options.minimise_budget = 60;
    options.out = Some(out.clone());
    let summary = run_audit(&options, |line| eprintln!("{line}")).expect("gnugo starts");
    let text = tromp_taylor_conformance::audit::report::summary(&summary);
    eprintln!("{text}");
    assert_eq!(summary.games, 6);
    assert!(summary.checked.capabilities.list_stones && summary.checked.capabilities.final_score);
    assert!(
        !summary.found.is_empty(),
        "GNU Go is known to part from the rules"
    );
    for found in &summary.found {
        let (sgf, report) = found.files.as_ref().expect("written");
        let sgf = std::fs::read_to_string(sgf).unwrap();
        assert!(sgf.starts_with("(;FF[4]GM[1]"), "{sgf}");
        let report = std::fs::read_to_string(report).unwrap();
        assert!(
            report.contains("the engine:") && report.contains("the rules:"),
            "{report}"
        );
        assert!(found.divergence.record.len() <= found.steps_before);
    }
    let written = std::fs::read_to_string(out.join("summary.txt")).unwrap();
    assert!(written.contains("divergences by kind"), "{written}");
    std::fs::remove_dir_all(&out).unwrap();
}

#[test]
fn gnugo_is_not_blamed_for_rectangles_it_cannot_be_asked() {
    if !Path::new(GNUGO).exists() {
        eprintln!("skipped: gnugo is not installed (apt-get install -y gnugo)");
        return;
    }
    let command = [GNUGO, "--mode", "gtp", "--chinese-rules"];
    let mut options = AuditOptions::new(command.iter().map(|s| s.to_string()).collect(), 4, 1);
    options.sizes = vec![Size::new(5, 3).unwrap()];
    options.gtp.timeout = Duration::from_secs(5);
    options.minimise_budget = 10;
    let summary = run_audit(&options, |line| eprintln!("{line}")).expect("gnugo starts");
    assert!(!summary.checked.capabilities.rectangular_boardsize);
    assert!(
        summary.found.is_empty(),
        "no rectangle game is a divergence: {}",
        tromp_taylor_conformance::audit::report::summary(&summary)
    );
    assert_eq!(summary.skipped.len(), 4);
    let text = tromp_taylor_conformance::audit::report::summary(&summary);
    assert!(
        text.contains("4 x a rectangle: the engine has no rectangular_boardsize"),
        "{text}"
    );
}

/// Every GNU Go reproducer under docs/conformance/gnugo/ named for a superko
/// divergence still diverges when replayed with `audit --replay` on the
/// command line of the profile it was found under (psk: positional superko,
/// ssk: situational), as docs/conformance.md promises; and the same games
/// replayed on our own engine agree.
#[test]
fn the_documented_gnugo_reproducers_diverge_when_replayed() {
    if !Path::new(GNUGO).exists() {
        eprintln!("skipped: gnugo is not installed (apt-get install -y gnugo)");
        return;
    }
    let bin = env!("CARGO_BIN_EXE_tromp-taylor");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/conformance/gnugo");
    let out =
        std::env::temp_dir().join(format!("tromp-taylor-replay-gnugo-{}", std::process::id()));
    for (prefix, superko) in [
        ("psk-", "--positional-superko"),
        ("ssk-", "--situational-superko"),
    ] {
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with(prefix))
            .map(|p| p.display().to_string())
            .collect();
        files.sort();
        assert!(
            !files.is_empty(),
            "no {prefix} reproducer in {}",
            dir.display()
        );
        let engine = format!("{GNUGO} --mode gtp --chinese-rules --allow-all-suicide {superko}");
        for (engine, code) in [(engine, 1), (format!("{bin} gtp"), 0)] {
            let mut args = vec![
                "audit".to_string(),
                "--engine".to_string(),
                engine.clone(),
                "--out".to_string(),
                out.display().to_string(),
                "--replay".to_string(),
            ];
            args.extend(files.iter().cloned());
            let output = std::process::Command::new(bin)
                .args(&args)
                .output()
                .unwrap();
            let stdout = String::from_utf8_lossy(&output.stdout);
            assert_eq!(output.status.code(), Some(code), "{engine}:\n{stdout}");
            let lines = stdout.lines().filter(|l| l.contains(".sgf (5x5): "));
            let verdicts: Vec<&str> = lines.collect();
            assert_eq!(verdicts.len(), files.len(), "{stdout}");
            for line in verdicts {
                let wanted = if code == 1 {
                    "DIVERGES: the engine accepts an illegal move (superko)"
                } else {
                    "agrees"
                };
                assert!(line.contains(wanted), "{engine}: {line}");
            }
        }
    }
    let _ = std::fs::remove_dir_all(&out);
}
