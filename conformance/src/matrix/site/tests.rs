//! The site made from a small matrix: every page escapes what the engine
//! said, the board is drawn, the badges and SGF files are where the pages
//! link.

use super::badge::Verdict;
use super::pages::engine;
use super::rows::{engines, verdict};
use super::write_site;
use crate::audit::export::{AuditData, BoardData, FindingData};
use crate::matrix::data::FORMAT;
use crate::matrix::data::{MatrixData, RowData, PLAY};

fn divergence() -> FindingData {
    FindingData {
        game: 2,
        size: "3x3".to_string(),
        rules: "koPOSITIONALscoreAREAsui1".to_string(),
        kind: "accepts an illegal move (superko)".to_string(),
        convention: false,
        standing: "not-judged".to_string(),
        cause: None,
        engine_says: "= <script>alert(1)</script>".to_string(),
        rules_say: "illegal: B2 repeats a coloring".to_string(),
        hint: "compare whole colorings".to_string(),
        sgf: "(;FF[4]SZ[3];B[bb])".to_string(),
        files: None,
        rules_quoted: vec!["Rule 6: \"A turn is either a pass; ...\"".to_string()],
        transcript: vec!["boardsize 3".to_string(), "play B B2".to_string()],
        board: BoardData {
            width: 3,
            height: 3,
            rows: vec!["X..".to_string(), ".O.".to_string(), "...".to_string()],
            disputed: Some([1, 1]),
            disputed_name: Some("B2".to_string()),
        },
        report: "AUDIT".to_string(),
    }
}

fn row(id: &str, rules: &str, divergences: Vec<FindingData>, ran: bool) -> RowData {
    RowData {
        id: id.to_string(),
        engine: format!("{id} & co 1.0"),
        rules_name: rules.to_string(),
        label: String::new(),
        rules: "koPOSITIONALscoreAREAsui1".to_string(),
        mode: PLAY.to_string(),
        command: format!("{id} --gtp"),
        replay: format!("--engine \"{id} --gtp\""),
        folder: None,
        skipped: (!ran).then(|| "not installed".to_string()),
        skipped_checks: None,
        tolerated: None,
        obsolete: None,
        audit: ran.then(|| AuditData {
            engine: format!("{id} --gtp"),
            games: 3,
            agreed: 3 - divergences.len(),
            skipped: vec![],
            steps: 10,
            turns: 9,
            checked: vec!["play".to_string()],
            notes: vec![],
            divergences,
            seconds: 0.5,
        }),
        vectors: None,
        vectors_error: None,
        vectors_replayed: None,
        columns: vec![("GTP".to_string(), "pass".to_string())],
    }
}

fn data() -> MatrixData {
    MatrixData {
        format: FORMAT,
        seed: 7,
        profile: "quick".to_string(),
        rows: vec![
            row("good", "tromp-taylor", vec![], true),
            row("bad", "tromp-taylor", vec![divergence()], true),
            row("bad", "chinese", vec![], false),
            row("good", "tromp-taylor", vec![], true),
        ],
        unfinished: Vec::new(),
    }
}

#[test]
fn a_documented_deviation_is_told_from_a_divergence() {
    let documented = FindingData {
        standing: "documented".to_string(),
        cause: Some("superko-tolerated".to_string()),
        ..divergence()
    };
    let deviating = row("pachi", "chinese", vec![documented.clone()], true);
    assert_eq!(verdict(&deviating), Verdict::Deviates(1));
    assert_eq!(
        Verdict::Deviates(1).message(),
        "agrees, except 1 stated deviation"
    );
    // An open divergence outweighs documented ones; a setting counts as meant.
    let both = row("pachi", "chinese", vec![documented, divergence()], true);
    assert_eq!(verdict(&both), Verdict::Diverges(1));
    let setting = FindingData {
        standing: "setting".to_string(),
        ..divergence()
    };
    assert_eq!(
        verdict(&row("gnugo", "x", vec![setting], true)),
        Verdict::Deviates(1)
    );
    assert_eq!(
        Verdict::all([Verdict::Pass, Verdict::Deviates(2), Verdict::Deviates(1)]),
        Verdict::Deviates(3)
    );
    let page = engine(&engines(&data_of(vec![deviating_row()]))[0]);
    assert!(
        page.contains("a documented deviation (cause: superko-tolerated)"),
        "{page}"
    );
}

fn deviating_row() -> RowData {
    let documented = FindingData {
        standing: "documented".to_string(),
        cause: Some("superko-tolerated".to_string()),
        ..divergence()
    };
    row("pachi", "chinese", vec![documented], true)
}

fn data_of(rows: Vec<RowData>) -> MatrixData {
    MatrixData { rows, ..data() }
}

#[test]
fn rows_are_grouped_by_engine_with_anchors_unique_on_a_page() {
    let data = data();
    let engines = engines(&data);
    assert_eq!(engines.len(), 2);
    let anchors: Vec<&str> = engines[0].rows.iter().map(|p| p.anchor.as_str()).collect();
    assert_eq!(anchors, ["tromp-taylor", "tromp-taylor--2"]);
    assert_eq!(engines[0].verdict(), Verdict::Pass);
    assert_eq!(engines[1].verdict(), Verdict::Diverges(1));
    assert_eq!(engines[1].rows[1].verdict, Verdict::NotRun);
}

#[test]
fn the_site_escapes_what_engines_say_and_draws_the_board() {
    let dir = std::env::temp_dir().join(format!("tt-site-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    write_site(&data(), &dir).unwrap();
    let read = |p: &str| std::fs::read_to_string(dir.join(p)).unwrap();
    let index = read("index.html");
    assert!(
        index.contains("href=\"engines/bad.html#tromp-taylor\""),
        "{index}"
    );
    assert!(index.contains("<td class=\"diverge\">"), "{index}");
    assert!(index.contains("<td class=\"notrun\">"), "{index}");
    assert!(index.contains("bad &amp; co 1.0"), "{index}");
    let page = read("engines/bad.html");
    assert!(!page.contains("<script"), "{page}");
    assert!(
        page.contains("= &lt;script&gt;alert(1)&lt;/script&gt;"),
        "{page}"
    );
    assert_eq!(page.matches("class=\"stone black\"").count(), 1, "{page}");
    assert_eq!(page.matches("class=\"stone white\"").count(), 1, "{page}");
    assert!(page.contains("class=\"disputed\""), "{page}");
    assert!(
        page.contains("href=\"bad/tromp-taylor-game-2.sgf\""),
        "{page}"
    );
    assert_eq!(
        read("engines/bad/tromp-taylor-game-2.sgf"),
        "(;FF[4]SZ[3];B[bb])"
    );
    assert!(read("badges/bad-tromp-taylor.svg").contains("1 divergence"));
    assert!(read("badges/bad.svg").contains("1 divergence"));
    assert!(read("badges/good.svg").contains(">pass<"));
    assert!(read("badges/bad-chinese.svg").contains("not run"));
    assert!(read("site.css").contains("@media print"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_data_reads_back_as_it_was_written() {
    let json = data().to_json();
    let back: MatrixData = serde_json::from_str(&json).unwrap();
    assert_eq!(back.to_json(), json);
    assert_eq!(
        back.rows[1].audit.as_ref().unwrap().divergences[0]
            .board
            .disputed,
        Some([1, 1])
    );
}

#[test]
fn labelled_rows_under_one_rule_set_have_their_own_anchors_and_names() {
    let mut japanese = row("ogs", "simple-ko-territory", vec![], true);
    japanese.label = "japanese".to_string();
    let mut korean = row("ogs", "simple-ko-territory", vec![], true);
    korean.label = "korean".to_string();
    let data = data_of(vec![japanese, korean]);
    let engines = engines(&data);
    let anchors: Vec<&str> = engines[0].rows.iter().map(|p| p.anchor.as_str()).collect();
    assert_eq!(
        anchors,
        [
            "simple-ko-territory--japanese",
            "simple-ko-territory--korean"
        ]
    );
    assert_ne!(data.rows[0].key(), data.rows[1].key());
    assert_eq!(
        crate::matrix::outputs::row_held_to(&data.rows[1]),
        "simple-ko-territory (korean)"
    );
}

#[test]
fn the_table_names_each_stated_deviation_by_its_standing() {
    use crate::matrix::outputs::standing_cell;
    let with = |standing: &str| FindingData {
        standing: standing.to_string(),
        cause: Some("c".to_string()),
        ..divergence()
    };
    let mismatches = row("wgo", "tromp-taylor", vec![with("docs-mismatch"); 2], true);
    assert_eq!(
        standing_cell(&mismatches),
        "agrees, except 2 stated deviations: a documentation mismatch"
    );
    let mixed = row(
        "pachi",
        "chinese",
        vec![with("setting"), with("documented"), divergence()],
        true,
    );
    assert_eq!(
        standing_cell(&mixed),
        "1 divergence, and besides 2 stated deviations: a documented deviation, a setting"
    );
    assert_eq!(standing_cell(&row("e", "chinese", vec![], true)), "agrees");
    assert_eq!(
        standing_cell(&row("e", "chinese", vec![], false)),
        "not run"
    );
}

/// A row with `failed` vectors failed, of which `replayed` were replayed as
/// games, each diverging with `standing`.
fn vectors_row(failed: usize, replayed: usize, standing: &str) -> RowData {
    let found = (1..=replayed).map(|game| FindingData {
        game,
        standing: standing.to_string(),
        ..divergence()
    });
    let audit = row("wgo", "x", vec![], true).audit.map(|a| AuditData {
        games: replayed,
        agreed: 0,
        divergences: found.collect(),
        ..a
    });
    RowData {
        vectors: Some(crate::vectors_run::Tally {
            pass: 5,
            fail: failed,
            skip: 1,
            ..Default::default()
        }),
        vectors_replayed: audit.map(|audit| crate::matrix::data::ReplayedVectors {
            ids: (1..=replayed).map(|n| format!("ko-{n:03}")).collect(),
            audit,
        }),
        ..row("wgo", "x", vec![], true)
    }
}

#[test]
fn a_failed_vector_counts_as_its_replay_is_judged() {
    // Each failure replayed and stated as meant: no divergence.
    let stated = vectors_row(2, 2, "docs-mismatch");
    assert_eq!((stated.divergences(), stated.deviations()), (0, 2));
    assert_eq!(verdict(&stated), Verdict::Deviates(2));
    let text = stated.vectors_text().unwrap();
    assert_eq!(text, "5 pass, 2 fail, each by a stated cause, 1 skip");
    // Replayed but not judged: each a divergence.
    let open = vectors_row(2, 2, "not-judged");
    assert_eq!((open.divergences(), open.deviations()), (2, 0));
    let text = open.vectors_text().unwrap();
    assert_eq!(text, "5 pass, 2 fail, none by a stated cause, 1 skip");
    // A failure its replay does not reproduce counts as a divergence.
    let short = vectors_row(3, 2, "documented");
    assert_eq!((short.divergences(), short.vectors_unexplained()), (1, 1));
    let text = short.vectors_text().unwrap();
    assert_eq!(text, "5 pass, 3 fail, 1 not reproduced as a game, 1 skip");
    // A run written before replays: every failure counts.
    let old = RowData {
        vectors_replayed: None,
        ..vectors_row(3, 0, "documented")
    };
    assert_eq!(
        (old.divergences(), old.vectors_text().unwrap().as_str()),
        (3, "5 pass, 3 fail, 1 skip")
    );
    // The page shows each replay under the vector's id, its SGF beside it.
    let data = data_of(vec![stated]);
    let engines = engines(&data);
    let page = engine(&engines[0]);
    assert!(page.contains("<h3>Vector ko-002, 3x3"), "{page}");
    let files: Vec<String> = super::pages::sgf_files(&engines[0].rows[0])
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    assert_eq!(files, ["x-vector-ko-001.sgf", "x-vector-ko-002.sgf"]);
}
