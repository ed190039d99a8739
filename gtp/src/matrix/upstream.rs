//! Reports for an engine's maintainers: one Markdown file per engine of a
//! matrix and kind of divergence, with the shortest reproducer as a shell
//! command that runs the engine alone, its answer, the rule it breaks
//! (quoted) and the SGF; the cause in its source is left to be written by
//! hand (docs/conformance/reports/).

use super::cause::Cause;
use super::Row;
use crate::audit::check::Kind;
use crate::audit::report::slug;
use crate::audit::summary::Finding;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use tromp_taylor_harness::check::rules_at_stake;
use tromp_taylor_harness::names::komi_text;
use tromp_taylor_harness::report::{plural, side_by_side};
use tromp_taylor_harness::vocab::{Rules, Superko};

/// The line a generated report holds under "Cause in the source" and
/// "Suggested fix" until someone writes them from the engine's source.
pub const PLACEHOLDER: &str =
    "_To be written by hand from the engine's source (file and line at a commit); see docs/conformance/reports/README.md._";

/// One report: its file name (`ENGINE-CAUSE.md`) and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// `ENGINE-CAUSE.md`: the manifest's stem and the cause's id (the
    /// kind's slug where no cause of the manifest covers the findings).
    pub file: String,
    /// The Markdown.
    pub text: String,
}

/// A row that showed the cause: its games that did, of how many.
struct Seen<'a> {
    row: &'a Row,
    games: Vec<usize>,
    played: usize,
}

/// One engine's cause of divergence: the shortest reproducer of all its
/// rows, the kinds it showed as, the rows that showed it and those that
/// ran without it.
struct Group<'a> {
    row: &'a Row,
    found: &'a Finding,
    cause: Option<&'a Cause>,
    kinds: Vec<Kind>,
    seen: Vec<Seen<'a>>,
    quiet: Vec<&'a Row>,
}

/// The reports of `rows`: one per engine (manifest stem) and cause of
/// divergence, as the manifest's causes judge its findings (a finding no
/// cause covers is grouped by its kind, not yet judged). Scoring
/// conventions are left out (an engine's own judgment of dead stones,
/// which GTP's `final_score` allows, is not a rule it breaks), and so are
/// the rows of an obsolete version.
pub fn reports(rows: &[Row]) -> Vec<Report> {
    groups(rows)
        .into_iter()
        .map(|((id, key), group)| Report {
            file: format!("{id}-{key}.md"),
            text: render(&key, &group),
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

/// The rows' divergences grouped by engine and cause.
fn groups(rows: &[Row]) -> BTreeMap<(String, String), Group<'_>> {
    let mut groups: BTreeMap<(String, String), Group<'_>> = BTreeMap::new();
    for row in rows.iter().filter(|r| r.obsolete.is_none()) {
        let Ok(summary) = &row.audit else { continue };
        for found in &summary.found {
            if found.kind == Kind::ScoringConvention {
                continue;
            }
            let cause = found
                .cause
                .as_ref()
                .and_then(|id| row.causes.iter().find(|c| &c.id == id));
            let key = cause.map_or_else(|| slug(&found.kind), |c| c.id.clone());
            let group = groups
                .entry((row.id.clone(), key))
                .or_insert_with(|| Group {
                    row,
                    found,
                    cause,
                    kinds: Vec::new(),
                    seen: Vec::new(),
                    quiet: Vec::new(),
                });
            if !group.kinds.contains(&found.kind) {
                group.kinds.push(found.kind.clone());
            }
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
fn length(found: &Finding) -> (usize, usize) {
    (found.said.record.len(), found.said.transcript.len())
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
    let end = engine_says[start..].find("`)")? + start;
    Some(&engine_says[start..end])
}

/// The whole report of the cause `key` in `group`: its standing and what
/// is asked first, the engine's own words cited, the reproducer, and how
/// this was checked last.
fn render(key: &str, group: &Group<'_>) -> String {
    let row = group.row;
    let title = group.cause.map_or_else(
        || format!("{} {}", row.engine, group.kinds[0]),
        |c| format!("{}: {}", row.engine, c.title),
    );
    let mut text = format!(
        "{}\n# {}\n\n",
        markdown_comment(&format!(
            "{}-{key}.md: {title}; a report for its maintainers, as `tromp-taylor matrix` wrote it.",
            row.id
        )),
        markdown_text(&title)
    );
    write_standing(&mut text, group);
    write_engine(&mut text, group);
    write_reproducer(&mut text, group);
    let _ = write!(
        text,
        "\n## Cause in the source\n\n{PLACEHOLDER}\n\n## Suggested fix\n\n{PLACEHOLDER}\n"
    );
    write_checked(&mut text, group);
    text
}

/// The standing line, what is asked, and the engine's own words cited.
fn write_standing(text: &mut String, group: &Group<'_>) {
    let Some(cause) = group.cause else {
        let _ = writeln!(
            text,
            "**Standing:** not yet judged — no cause in the engine's manifest covers it: read it against the engine's docs and tests before filing it.\n"
        );
        return;
    };
    let _ = writeln!(
        text,
        "**Standing:** {} — {}\n\n**Asked:** {}\n",
        cause.standing().unwrap_or_default(),
        markdown_text(&cause.title),
        markdown_text(&cause.ask)
    );
    if let Some(setting) = &cause.setting {
        let _ = writeln!(text, "**Setting:** {}\n", markdown_text(setting));
    }
    if !cause.cite.is_empty() {
        let _ = writeln!(text, "The engine's own words:\n");
        for cite in &cause.cite {
            let _ = writeln!(
                text,
                "> {}\n>\n> — {}\n",
                markdown_text(&cite.quote),
                markdown_text(&cite.source)
            );
        }
    }
}

/// The closing section: how the finding was made, in this project's words.
fn write_checked(text: &mut String, group: &Group<'_>) {
    let kinds: Vec<String> = group.kinds.iter().map(ToString::to_string).collect();
    let _ = writeln!(
        text,
        "\n## How this was checked\n\n[tromp-taylor](https://github.com/tromp-taylor/tromp-taylor) `matrix` plays games on the engine over GTP (generated ones, or its own moves with `genmove`) and on the Tromp-Taylor rules, and stops at the first turn where they part. The findings of this report, by kind: {}.",
        kinds.join("; ")
    );
}

/// `text` safe as Markdown inline text: no HTML, no link, no emphasis
/// from the engine's or the manifest's words.
fn markdown_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if "\\`*_[]<>#|!".contains(c) {
            out.push('\\');
        }
        match c {
            '\n' | '\r' => out.push(' '),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// An HTML comment holding `text`, which cannot close it early.
fn markdown_comment(text: &str) -> String {
    let safe: String = text
        .chars()
        .filter(|c| !c.is_control())
        .collect::<String>()
        .replace("--", "- -")
        .replace('>', "&gt;");
    format!("<!-- {safe} -->")
}

/// The engine, its command line, the rules it was held to, and where the
/// kind showed.
fn write_engine(text: &mut String, group: &Group<'_>) {
    let (row, found) = (group.row, group.found);
    let rules = found.setup().rules;
    let _ = writeln!(
        text,
        "- **Engine**: {}, started as `{}`\n- **Held to**: the rules `{}` (`{}`): {}",
        row.engine,
        row.command.join(" "),
        row.rules_name,
        rules,
        rules_words(rules)
    );
    let seen: Vec<String> = group
        .seen
        .iter()
        .map(|s| {
            let games: Vec<String> = s.games.iter().map(usize::to_string).collect();
            let word = if games.len() == 1 { "game" } else { "games" };
            format!(
                "under `{}`, {} of {} ({word} {})",
                s.row.held_to(),
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
            .map(|r| format!("`{}`", r.held_to()))
            .collect();
        let _ = writeln!(text, "- **Not seen** under {}", quiet.join(", "));
    }
}

/// The shortest reproducer: the shell command, the answers, the rule
/// quoted, the boards and the SGF.
fn write_reproducer(text: &mut String, group: &Group<'_>) {
    let (row, found) = (group.row, group.found);
    let d = &found.said;
    let answer = last_answer(&d.engine_says).map_or(String::new(), |a| {
        format!("\n\nIts answer to the last command: `{a}`")
    });
    let _ = writeln!(
        text,
        "\n## Reproduce\n\nThe shortest game of all (under `{}`, {}), as the GTP commands that bring the engine there (the set-up and the turns; the queries asked between turns during the audit are left out), run on the engine alone:\n\n```sh\n{}\n```\n\n- **The engine**: {}\n- **The rules**: {}{answer}",
        row.held_to(),
        plural(d.record.len(), "step"),
        printf_command(&d.transcript, &row.command),
        d.engine_says,
        d.rules_say,
    );
    let quotes = rules_at_stake(&found.divergence);
    if !quotes.is_empty() {
        let _ = writeln!(text, "\nWhat the rules say:\n");
        for quote in quotes {
            let _ = writeln!(text, "> {quote}\n");
        }
    }
    let divergence = &found.divergence;
    if let (Some(ours), Some(theirs)) = (&divergence.left_grid, &divergence.right_grid) {
        let _ = writeln!(
            text,
            "The boards after the last turn:\n\n```text\n{}```",
            side_by_side("the rules", ours, "the engine", theirs)
        );
    }
    let _ = writeln!(
        text,
        "\nThe game as SGF:\n\n```sgf\n{}\n```",
        found.sgf().trim_end()
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::check::Said;
    use crate::audit::summary::AuditSummary;
    use crate::capabilities::Capabilities;
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
            rules: Rules::TROMP_TAYLOR.to_string(),
            command: vec![format!("/bin/{id}"), "--gtp".to_string()],
            moves: crate::audit::Moves::Given,
            tolerated: None,
            audit,
            vectors: None,
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
}
