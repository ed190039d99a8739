//! Reports for an engine's maintainers: one Markdown file per engine of a
//! matrix and kind of divergence, with the shortest reproducer as a shell
//! command that runs the engine alone, its answer, the rule it breaks
//! (quoted) and the SGF; the cause in its source is left to be written by
//! hand (docs/conformance/reports/).

use super::cause::Cause;
use super::run::Row;
use crate::audit::check::Kind;
use crate::audit::report::slug;
use crate::audit::summary::Finding;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use tromp_taylor_harness::check::rules_at_stake;
use tromp_taylor_harness::names::komi_text;
use tromp_taylor_harness::report::{plural, side_by_side};
use tromp_taylor_harness::safe;
use tromp_taylor_harness::vocab::{Ending, Rules, Scoring, Suicide, Superko};

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
    let suicide = if rules.suicide == Suicide::Allowed {
        "suicide allowed (a move that leaves its own string without liberties removes that string)"
    } else {
        "suicide forbidden (a move must leave its own string a liberty after its captures)"
    };
    let scoring = if rules.scoring == Scoring::Territory {
        "territory scoring (surrounded empty points plus prisoners)"
    } else {
        "area scoring (stones on the board plus empty points that reach only that color)"
    };
    let ending = if rules.ending == Ending::Agreement {
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
        "<!-- {} -->\n# {}\n\n",
        safe::comment(&format!(
            "{}-{key}.md: {title}; a report for its maintainers, as `tromp-taylor matrix` wrote it.",
            row.id
        )),
        safe::inline(&title)
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
        safe::inline(&cause.title),
        safe::inline(&cause.ask)
    );
    if let Some(setting) = &cause.setting {
        let _ = writeln!(text, "**Setting:** {}\n", safe::inline(setting));
    }
    if !cause.cite.is_empty() {
        let _ = writeln!(text, "The engine's own words:\n");
        for cite in &cause.cite {
            let _ = writeln!(
                text,
                "> {}\n>\n> — {}\n",
                safe::inline(&cite.quote),
                safe::inline(&cite.source)
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

/// The engine, its command line, the rules it was held to, and where the
/// kind showed.
fn write_engine(text: &mut String, group: &Group<'_>) {
    let (row, found) = (group.row, group.found);
    let rules = found.setup().rules;
    let _ = writeln!(
        text,
        "- **Engine**: {}, started as {}\n- **Held to**: the rules {} ({}): {}",
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
    let d = &found.said;
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
mod tests;
