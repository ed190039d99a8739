//! Reports for an engine's maintainers: one Markdown file per engine of a
//! matrix and kind of divergence, with the shortest reproducer as a shell
//! command that runs the engine alone, its answer, the rule it breaks
//! (quoted) and the SGF; the cause in its source is left to be written by
//! hand (docs/conformance/reports/).

use super::Row;
use crate::audit::check::Kind;
use crate::audit::report::slug;
use crate::audit::summary::Found;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use tromp_taylor_harness::check::rules_at_stake;
use tromp_taylor_harness::names::komi_text;
use tromp_taylor_harness::report::{plural, side_by_side};
use tromp_taylor_harness::safe;
use tromp_taylor_harness::vocab::{Rules, Superko};

/// The line a generated report holds under "Cause in the source" and
/// "Suggested fix" until someone writes them from the engine's source.
pub const PLACEHOLDER: &str =
    "_To be written by hand from the engine's source (file and line at a commit); see docs/conformance/reports/README.md._";

/// One report: its file name (`ENGINE-KIND.md`) and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// `ENGINE-KIND.md`: the manifest's stem and the kind's slug.
    pub file: String,
    /// The Markdown.
    pub text: String,
}

/// A row that showed a kind: its games that did, of how many.
struct Seen<'a> {
    row: &'a Row,
    games: Vec<usize>,
    played: usize,
}

/// One engine's kind of divergence: the shortest reproducer of all its
/// rows, the rows that showed it and those that ran without it.
struct Group<'a> {
    row: &'a Row,
    found: &'a Found,
    seen: Vec<Seen<'a>>,
    quiet: Vec<&'a Row>,
}

/// The reports of `rows`: one per engine (manifest stem) and kind of
/// divergence, scoring conventions left out (an engine's own judgment of
/// dead stones, which GTP's `final_score` allows, is not a rule it breaks).
pub fn reports(rows: &[Row]) -> Vec<Report> {
    groups(rows)
        .into_iter()
        .map(|((id, kind), group)| Report {
            file: format!("{id}-{}.md", slug(&kind)),
            text: render(&kind, &group),
        })
        .collect()
}

/// Writes [`reports`] into `out`/reports/; the files written.
pub fn write_reports(rows: &[Row], out: &Path) -> std::io::Result<Vec<PathBuf>> {
    let reports = reports(rows);
    let folder = out.join("reports");
    if !reports.is_empty() {
        std::fs::create_dir_all(&folder)?;
    }
    reports
        .into_iter()
        .map(|report| {
            let path = folder.join(&report.file);
            tromp_taylor_harness::file::write_whole(&path, report.text).map(|()| path)
        })
        .collect()
}

/// The rows' divergences grouped by engine and kind.
fn groups(rows: &[Row]) -> BTreeMap<(String, Kind), Group<'_>> {
    let mut groups: BTreeMap<(String, Kind), Group<'_>> = BTreeMap::new();
    for row in rows {
        let Ok(summary) = &row.audit else { continue };
        for found in &summary.found {
            let kind = found.divergence.kind.clone();
            if kind == Kind::ScoringConvention {
                continue;
            }
            let group = groups
                .entry((row.id.clone(), kind))
                .or_insert_with(|| Group {
                    row,
                    found,
                    seen: Vec::new(),
                    quiet: Vec::new(),
                });
            if length(found) < length(group.found) {
                (group.row, group.found) = (row, found);
            }
            match group.seen.last_mut() {
                Some(seen) if std::ptr::eq(seen.row, row) => seen.games.push(found.game()),
                _ => group.seen.push(Seen {
                    row,
                    games: vec![found.game()],
                    played: summary.games,
                }),
            }
        }
    }
    for group in groups.values_mut() {
        group.quiet = rows
            .iter()
            .filter(|r| r.id == group.row.id && r.audit.is_ok())
            .filter(|r| !group.seen.iter().any(|s| std::ptr::eq(s.row, *r)))
            .collect();
    }
    groups
}

/// How long a reproducer is: its steps, then its commands.
fn length(found: &Found) -> (usize, usize) {
    (
        found.divergence.record.len(),
        found.divergence.transcript.len(),
    )
}

/// `word` as a POSIX shell reads it back: bare when it is plain, else in
/// single quotes.
pub fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_./=:,+-@".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// The shell command that sends `commands` to the engine `command`
/// started alone: `printf 'boardsize 5\n...\n' | ENGINE ARGS`.
pub fn printf_command(commands: &[String], command: &[String]) -> String {
    let mut format = String::new();
    for line in commands {
        for c in line.chars() {
            match c {
                '\\' => format.push_str(r"\\"),
                '%' => format.push_str("%%"),
                '\'' => format.push_str(r"'\''"),
                _ => format.push(c),
            }
        }
        format.push_str(r"\n");
    }
    let words: Vec<String> = command.iter().map(|w| shell_word(w)).collect();
    format!("printf '{format}' | {}", words.join(" "))
}

/// `rules` in plain words: repetition, suicide, scoring, komi, ending.
pub fn rules_words(rules: Rules) -> String {
    let ko = match rules.superko {
        Superko::Positional => {
            "positional superko: no move may recreate the whole-board position after any earlier turn"
        }
        Superko::Situational => {
            "situational superko: no move may recreate an earlier whole-board position with the same player to move"
        }
        Superko::SimpleKo => {
            "simple ko: a single stone just captured may not be retaken at once; longer cycles are allowed"
        }
    };
    let suicide = if rules.suicide_allowed {
        "suicide allowed (a move that leaves its own string without liberties removes that string)"
    } else {
        "suicide forbidden (a move must leave its own string a liberty after its captures)"
    };
    let scoring = if rules.territory_scoring {
        "territory scoring (surrounded empty points plus prisoners)"
    } else {
        "area scoring (stones on the board plus empty points that reach only that color)"
    };
    let ending = if rules.agreement_ending {
        "after two passes the players may agree on dead stones; after four the game ends as is"
    } else {
        "two consecutive passes end the game"
    };
    let komi = komi_text(rules.komi_half_points);
    format!("{ko}; {suicide}; {scoring}; komi {komi}; {ending}")
}

/// The engine's answer to the last command, as a divergence quotes it
/// (`accepted it (`= `)`): the text in the backticks, if there is one.
pub fn last_answer(engine_says: &str) -> Option<&str> {
    let start = engine_says.find("(`")? + 2;
    let end = engine_says[start..].rfind("`)")? + start;
    Some(&engine_says[start..end])
}

/// The whole report of `kind` in `group`.
fn render(kind: &Kind, group: &Group<'_>) -> String {
    let row = group.row;
    let mut text = format!(
        "<!-- {}: {} {kind}; a report for its maintainers, as `tromp-taylor matrix` wrote it. -->\n# {} {kind}\n\n",
        safe::comment(&format!("{}-{}.md", row.id, slug(kind))),
        safe::comment(&row.engine),
        safe::inline(&row.engine)
    );
    write_engine(&mut text, group);
    write_reproducer(&mut text, group);
    let _ = write!(
        text,
        "\n## Cause in the source\n\n{PLACEHOLDER}\n\n## Suggested fix\n\n{PLACEHOLDER}\n"
    );
    text
}

/// The engine, its command line, the rules it was held to, and where the
/// kind showed.
fn write_engine(text: &mut String, group: &Group<'_>) {
    let (row, found) = (group.row, group.found);
    let rules = found.setup().rules;
    let _ = writeln!(
        text,
        "- **Engine**: {}, started as {}\n- **Held to**: the rules {} ({}): {}\n- **Found by**: [tromp-taylor](https://github.com/tromp-taylor/tromp-taylor) `matrix`, which plays games on the engine over GTP (generated ones, or its own moves with `genmove`) and on the Tromp-Taylor rules, and stops at the first turn where they part",
        safe::inline(&row.engine),
        safe::code_span(&row.command.join(" ")),
        safe::code_span(&row.rules_name),
        safe::code_span(&rules.to_string()),
        rules_words(rules)
    );
    let seen: Vec<String> = group
        .seen
        .iter()
        .map(|s| {
            let games: Vec<String> = s.games.iter().map(usize::to_string).collect();
            let word = if games.len() == 1 { "game" } else { "games" };
            format!(
                "under {}, {} of {} ({word} {})",
                safe::code_span(&s.row.held_to()),
                s.games.len(),
                plural(s.played, "game"),
                games.join(", ")
            )
        })
        .collect();
    let _ = writeln!(text, "- **Seen**: {}", seen.join("; "));
    if !group.quiet.is_empty() {
        let quiet: Vec<String> = group
            .quiet
            .iter()
            .map(|r| safe::code_span(&r.held_to()))
            .collect();
        let _ = writeln!(text, "- **Not seen** under {}", quiet.join(", "));
    }
}

/// The shortest reproducer: the shell command, the answers, the rule
/// quoted, the boards and the SGF.
fn write_reproducer(text: &mut String, group: &Group<'_>) {
    let (row, found) = (group.row, group.found);
    let d = &found.divergence;
    let answer = last_answer(&d.engine_says).map_or(String::new(), |a| {
        format!("\n\nIts answer to the last command: {}", safe::code_span(a))
    });
    let _ = writeln!(
        text,
        "\n## Reproduce\n\nThe shortest game of all (under {}, {}), as the GTP commands that bring the engine there (the set-up and the turns; the queries asked between turns during the audit are left out), run on the engine alone:\n\n{}\n\n- **The engine**: {}\n- **The rules**: {}{answer}",
        safe::code_span(&row.held_to()),
        plural(d.record.len(), "step"),
        safe::fence("sh", &printf_command(&d.transcript, &row.command)),
        safe::inline(&d.engine_says),
        safe::inline(&d.rules_say),
    );
    let quotes = rules_at_stake(&found.driver.mismatch);
    if !quotes.is_empty() {
        let _ = writeln!(text, "\nWhat the rules say:\n");
        for quote in quotes {
            let _ = writeln!(text, "> {quote}\n");
        }
    }
    let mismatch = &found.driver.mismatch;
    if let (Some(ours), Some(theirs)) = (&mismatch.left_grid, &mismatch.right_grid) {
        let _ = writeln!(
            text,
            "The boards after the last turn:\n\n{}",
            safe::fence(
                "text",
                &side_by_side("the rules", ours, "the engine", theirs)
            )
        );
    }
    let _ = writeln!(
        text,
        "\nThe game as SGF:\n\n{}",
        safe::fence("sgf", &found.sgf())
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::check::Divergence;
    use crate::audit::summary::AuditSummary;
    use crate::capabilities::Capabilities;
    use tromp_taylor_harness::diff::{Difference, Mismatch};
    use tromp_taylor_harness::run;
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
            rules: Rules::TROMP_TAYLOR.to_string(),
            command: vec![format!("/bin/{id}"), "--gtp".to_string()],
            moves: crate::audit::Moves::Given,
            tolerated: None,
            audit,
            vectors: None,
            skipped_checks: None,
            kos: (true, false),
            replay_options: String::new(),
        }
    }

    /// A divergence of `kind` in game `game`, `steps` passes long.
    fn found(game: usize, steps: usize, kind: Kind) -> Found {
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
        let mismatch = Mismatch {
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
        Found {
            driver: run::Found {
                game,
                script: Script {
                    setup,
                    start: None,
                    steps: Vec::new(),
                    undos: Vec::new(),
                },
                mismatch: Box::new(mismatch),
                minimised: true,
                known: None,
            },
            bias: None,
            replayed: None,
            steps_before: steps,
            divergence: Divergence {
                kind,
                record,
                engine_says: format!("accepted it (`= game {game}`)"),
                rules_say: "illegal: superko".to_string(),
                transcript,
            },
            files: None,
        }
    }

    /// An audit of `games` games that found `found`.
    fn audit(games: usize, found: Vec<Found>) -> Result<AuditSummary, String> {
        let mut summary =
            AuditSummary::new("engine".to_string(), Capabilities::default(), Vec::new());
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
        let superko = Kind::AcceptedIllegal("superko");
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
}
