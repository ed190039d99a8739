//! A real audit: GNU Go, in its settings closest to the Tromp-Taylor rules,
//! audited on 5x5 and 7x7 with a fixed seed; the audit must run to a
//! summary, with an SGF and a report for each divergence. Skipped, saying
//! so, where GNU Go is not installed (CI installs it).

use std::path::Path;
use std::time::Duration;
use tromp_taylor_gtp::audit::{run_audit, AuditOptions};
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
    options.timeout = Duration::from_secs(5);
    options.minimise_budget = 60;
    options.out = Some(out.clone());
    let summary = run_audit(&options, |line| eprintln!("{line}")).expect("gnugo starts");
    let text = tromp_taylor_gtp::audit::report::summary(&summary);
    eprintln!("{text}");
    assert_eq!(summary.games, 6);
    assert!(summary.capabilities.list_stones && summary.capabilities.final_score);
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
    options.timeout = Duration::from_secs(5);
    options.minimise_budget = 10;
    let summary = run_audit(&options, |line| eprintln!("{line}")).expect("gnugo starts");
    assert!(!summary.capabilities.rectangular_boardsize);
    assert!(
        summary.found.is_empty(),
        "no rectangle game is a divergence: {}",
        tromp_taylor_gtp::audit::report::summary(&summary)
    );
    assert_eq!(summary.skipped.len(), 4);
    let text = tromp_taylor_gtp::audit::report::summary(&summary);
    assert!(
        text.contains("4 x a rectangle: the engine has no rectangular_boardsize"),
        "{text}"
    );
}
