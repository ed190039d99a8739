//! The upstream reports made from small rows: one per engine and cause,
//! the shortest reproducer, the standing first, obsolete versions left out.
use super::*;
use crate::audit::check::Said;
use crate::audit::summary::AuditSummary;
use tromp_taylor_gtp::capabilities::Capabilities;
use tromp_taylor_harness::diff::{Difference, Divergence};
use tromp_taylor_harness::script::{Action, Record, Script};
use tromp_taylor_harness::vocab::{Handicap, Player, Setup, Size, Turn};

#[test]
fn plain_words_stay_bare_and_others_are_single_quoted() {
    assert_eq!(shell_word("/usr/games/gnugo"), "/usr/games/gnugo");
    assert_eq!(shell_word("--mode"), "--mode");
    assert_eq!(shell_word("a b"), "'a b'");
    assert_eq!(shell_word("it's"), r"'it'\''s'");
    assert_eq!(shell_word(""), "''");
    assert_eq!(shell_word("$HOME"), "'$HOME'");
}

#[test]
fn printf_sends_each_command_on_its_line_with_percent_and_quotes_escaped() {
    let commands = ["boardsize 5", "komi 0", "play B C3"].map(String::from);
    let engine = ["/usr/games/gnugo", "--mode", "gtp"].map(String::from);
    assert_eq!(
        printf_command(&commands, &engine),
        r"printf 'boardsize 5\nkomi 0\nplay B C3\n' | /usr/games/gnugo --mode gtp"
    );
    let odd = ["x 100%", "say 'hi'", r"a\b"].map(String::from);
    assert_eq!(
        printf_command(&odd, &["e".to_string()]),
        r"printf 'x 100%%\nsay '\''hi'\''\na\\b\n' | e"
    );
}

#[test]
fn printf_reproduces_the_lines_through_a_real_shell() {
    let commands = ["komi 6.5", "say 'it's 100%'", r"back\slash"].map(String::from);
    let line = printf_command(&commands, &["cat".to_string()]);
    let Ok(out) = std::process::Command::new("sh")
        .arg("-c")
        .arg(&line)
        .output()
    else {
        eprintln!("skipped: no sh here");
        return;
    };
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text, "komi 6.5\nsay 'it's 100%'\nback\\slash\n");
}

#[test]
fn rules_are_said_in_plain_words() {
    let words = rules_words(Rules::TROMP_TAYLOR);
    assert!(words.starts_with("positional superko"), "{words}");
    assert!(words.contains("suicide allowed"), "{words}");
    assert!(words.contains("area scoring"), "{words}");
    assert!(words.contains("komi 0"), "{words}");
    let chinese: Rules = "koSIMPLEscoreTERRITORYsui0komi7.5".parse().expect("rules");
    let words = rules_words(chinese);
    assert!(words.starts_with("simple ko"), "{words}");
    assert!(words.contains("suicide forbidden"), "{words}");
    assert!(words.contains("territory scoring"), "{words}");
    assert!(words.contains("komi 7.5"), "{words}");
}

#[test]
fn the_last_answer_is_read_from_the_backticks() {
    assert_eq!(last_answer("accepted it (`= `)"), Some("= "));
    assert_eq!(
        last_answer("refused it (`? illegal move`)"),
        Some("? illegal move")
    );
    assert_eq!(last_answer("final_score answers `= B+3`"), None);
    assert_eq!(last_answer("accepted it"), None);
}

/// A row of engine `id` under `rules_name`, with the audit `audit`.
fn row(id: &str, rules_name: &str, audit: Result<AuditSummary, String>) -> Row {
    Row {
        id: id.to_string(),
        engine: format!("{id} 1.0"),
        rules_name: rules_name.to_string(),
        label: String::new(),
        rules: Rules::TROMP_TAYLOR.to_string(),
        command: vec![format!("/bin/{id}"), "--gtp".to_string()],
        moves: crate::audit::Moves::Given,
        tolerated: None,
        audit,
        vectors: None,
        vectors_replayed: None,
        skipped_checks: None,
        kos: (true, false),
        replay_options: String::new(),
        obsolete: None,
        causes: Vec::new(),
    }
}

/// A divergence of `kind` in game `game`, `steps` passes long.
fn found(game: usize, steps: usize, kind: Kind) -> Finding {
    let setup = Setup {
        size: Size::new(5, 5).expect("a size"),
        rules: Rules::TROMP_TAYLOR,
        handicap: Handicap::None,
    };
    let record: Record = (0..steps)
        .map(|i| {
            let player = if i % 2 == 0 {
                Player::Black
            } else {
                Player::White
            };
            (player, Action::Turn(Turn::Pass))
        })
        .collect();
    let mut transcript = vec!["boardsize 5".to_string(), "clear_board".to_string()];
    transcript.extend((0..steps).map(|i| format!("play {} pass", ["b", "w"][i % 2])));
    let divergence = Divergence {
        left: "the rules".to_string(),
        right: "the engine".to_string(),
        setup,
        position: None,
        record: record.clone(),
        steps,
        undos: 0,
        difference: Difference::Grid,
        left_grid: None,
        right_grid: None,
    };
    let script = Script {
        setup,
        start: None,
        steps: Vec::new(),
        undos: Vec::new(),
    };
    Finding {
        kind,
        said: Said {
            record,
            engine_says: format!("accepted it (`= game {game}`)"),
            rules_say: "illegal: superko".to_string(),
            transcript,
        },
        ..Finding::new(game, script, Box::new(divergence), true, None)
    }
}

/// An audit of `games` games that found `found`.
fn audit(games: usize, found: Vec<Finding>) -> Result<AuditSummary, String> {
    let mut summary = AuditSummary::new("engine".to_string(), Capabilities::default(), Vec::new());
    summary.games = games;
    summary.found = found;
    Ok(summary)
}

#[test]
fn rows_without_divergences_give_no_report() {
    let rows = [
        row("quiet", "tromp-taylor", Err("not installed".to_string())),
        row("quiet", "chinese", audit(5, Vec::new())),
    ];
    assert!(reports(&rows).is_empty());
}

#[test]
fn each_engine_and_kind_gets_one_report_with_its_shortest_reproducer() {
    let superko = Kind::AcceptsIllegal("superko");
    let rows = [
        row(
            "a",
            "tromp-taylor",
            audit(
                10,
                vec![found(2, 6, superko.clone()), found(7, 3, Kind::Board)],
            ),
        ),
        row(
            "a",
            "chinese",
            audit(8, vec![found(4, 4, superko.clone()), found(5, 9, superko)]),
        ),
        row("a", "new-zealand", audit(3, Vec::new())),
        row(
            "b",
            "tromp-taylor",
            audit(2, vec![found(1, 2, Kind::ScoringConvention)]),
        ),
    ];
    let reports = reports(&rows);
    let files: Vec<&str> = reports.iter().map(|r| r.file.as_str()).collect();
    assert_eq!(
        files,
        [
            "a-accepts-an-illegal-move-superko.md",
            "a-shows-a-different-board-after-a-turn.md"
        ]
    );
    let text = &reports[0].text;
    assert!(
        text.starts_with("<!-- a-accepts-an-illegal-move-superko.md: "),
        "{text}"
    );
    assert!(
        text.contains("under `chinese`, 4 steps"),
        "the shortest: {text}"
    );
    assert!(
        text.contains("Its answer to the last command: `= game 4`"),
        "{text}"
    );
    assert!(
        text.contains("under `tromp-taylor`, 1 of 10 games (game 2)"),
        "{text}"
    );
    assert!(
        text.contains("under `chinese`, 2 of 8 games (games 4, 5)"),
        "{text}"
    );
    assert!(text.contains("**Not seen** under `new-zealand`"), "{text}");
    assert!(
        text.contains(r"printf 'boardsize 5\nclear_board\nplay b pass\nplay w pass\nplay b pass\nplay w pass\n' | /bin/a --gtp"),
        "{text}"
    );
    assert_eq!(text.matches(PLACEHOLDER).count(), 2, "{text}");
}

/// A manifest's cause covering superko, in both ways it shows.
fn superko_cause() -> Cause {
    toml::from_str(
        "id = \"superko-after-suicide\"\ntitle = \"superko misses a suicide's repeat\"\nkinds = [\"accepts-illegal\", \"legal-set\"]\nreasons = [\"superko\", \"lists an illegal move (superko)\"]\nstanding = \"bug\"\nask = \"a fix\"\ncite = [{ source = \"engine/board.c:3148 at 84a32e9\", quote = \"The current position is only a problem\" }]\n",
    )
    .unwrap()
}

#[test]
fn one_cause_gets_one_report_whatever_kinds_it_shows_as() {
    let cause = superko_cause();
    let judged = |game, steps, kind: Kind| {
        let mut found = found(game, steps, kind);
        crate::matrix::cause::judge(std::slice::from_ref(&cause), "tromp-taylor", &mut found);
        found
    };
    let mut rows = [
        row(
            "a",
            "tromp-taylor",
            audit(
                10,
                vec![
                    judged(2, 6, Kind::AcceptsIllegal("superko")),
                    judged(
                        3,
                        5,
                        Kind::AllLegal("lists an illegal move (superko)".into()),
                    ),
                    judged(7, 3, Kind::Board),
                ],
            ),
        ),
        row(
            "old",
            "tromp-taylor",
            audit(4, vec![judged(1, 2, Kind::AcceptsIllegal("superko"))]),
        ),
    ];
    rows[0].causes = vec![cause.clone()];
    rows[1].causes = vec![cause.clone()];
    rows[1].obsolete = Some("superseded by 2.0".to_string());
    let reports = reports(&rows);
    let files: Vec<&str> = reports.iter().map(|r| r.file.as_str()).collect();
    // The board is no cause's: judged apart, by its kind. The obsolete
    // version gets no report.
    assert_eq!(
        files,
        [
            "a-shows-a-different-board-after-a-turn.md",
            "a-superko-after-suicide.md"
        ]
    );
    let text = &reports[1].text;
    let first_lines: Vec<&str> = text.lines().take(5).collect();
    assert!(
        first_lines.contains(
            &"**Standing:** a bug by its own stated intent — superko misses a suicide's repeat"
        ),
        "{text}"
    );
    assert!(text.contains("**Asked:** a fix"), "{text}");
    assert!(
        text.contains("> — engine/board.c:3148 at 84a32e9"),
        "{text}"
    );
    // Its shortest reproducer, of either kind.
    assert!(text.contains("under `tromp-taylor`, 5 steps"), "{text}");
    assert!(
        text.contains("under `tromp-taylor`, 2 of 10 games (games 2, 3)"),
        "{text}"
    );
    let checked = text.split("## How this was checked").nth(1).unwrap();
    assert!(
        checked.contains("accepts an illegal move (superko)"),
        "{text}"
    );
    assert!(
        checked.contains("all_legal lists an illegal move (superko)"),
        "{text}"
    );
    assert!(
        reports[0].text.contains("**Standing:** not yet judged"),
        "{}",
        reports[0].text
    );
}

#[test]
fn a_label_names_the_row_and_its_folder_beside_the_rules_and_mode() {
    let mut labelled = row("ogs", "simple-ko-territory", Err("not run".into()));
    labelled.label = "korean".to_string();
    assert_eq!(labelled.held_to(), "simple-ko-territory (korean)");
    assert_eq!(labelled.folder(), "ogs-simple-ko-territory-korean");
    labelled.moves = crate::audit::Moves::Own;
    assert_eq!(
        labelled.held_to(),
        "simple-ko-territory (korean; its own moves, genmove)"
    );
    assert_eq!(labelled.folder(), "ogs-simple-ko-territory-korean-genmove");
    let plain = row("ogs", "simple-ko-territory", Err("not run".into()));
    assert_eq!(plain.held_to(), "simple-ko-territory");
    assert_eq!(plain.folder(), "ogs-simple-ko-territory");
}
