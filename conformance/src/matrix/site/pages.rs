//! The site's pages: the index (engines by rule sets, each cell a link to
//! the row on its engine's page) and an engine's page (each row's facts,
//! each divergence drawn beside its SGF, its transcript and the rule).

use super::badge::{Verdict, LABEL};
use super::html::{escape, page, scrolling};
use super::rows::{slug, EngineRows, Placed};
use super::svg;
use crate::audit::export::FindingData;
use crate::matrix::data::{MatrixData, Source};
use crate::matrix::outputs::{held_to, row_held_to};
use std::fmt::Write as _;

/// The rule sets, as the index's columns: (rules' name, mode), in the
/// order they first come.
fn columns<'a>(engines: &[EngineRows<'a>]) -> Vec<(&'a str, &'a str)> {
    let mut columns: Vec<(&str, &str)> = Vec::new();
    for placed in engines.iter().flat_map(|e| &e.rows) {
        let column = (placed.row.rules_name.as_str(), placed.row.mode.as_str());
        if !columns.contains(&column) {
            columns.push(column);
        }
    }
    columns
}

/// The index page.
pub fn index(data: &MatrixData, engines: &[EngineRows<'_>]) -> String {
    let columns = columns(engines);
    let mut table = String::from("<table class=\"matrix\">\n<thead><tr><th>engine</th>");
    for placed in columns.iter().filter_map(|c| first_of(engines, *c)) {
        let _ = write!(
            table,
            "<th>{}</th>",
            escape(&held_to(&placed.row.rules_name, "", &placed.row.mode))
        );
    }
    table.push_str("</tr></thead>\n<tbody>\n");
    for engine in engines {
        let name = engine.rows.first().map_or("", |p| p.row.engine.as_str());
        let _ = write!(
            table,
            "<tr><th><a href=\"engines/{file}.html\">{}</a><br><img class=\"badge\" src=\"badges/{file}.svg\" alt=\"{LABEL}: {}\"></th>",
            escape(name),
            escape(&engine.verdict().message()),
            file = engine.file,
        );
        for column in &columns {
            table.push_str(&cell(engine, *column));
        }
        table.push_str("</tr>\n");
    }
    table.push_str("</tbody>\n</table>\n");
    let body = format!(
        "<h1>Conformance matrix</h1>\n<p>Each engine audited over GTP under each rule set it is held to, \
         {} profile, seed {} (every audit repeats with <code>--seed {}</code>). A cell is \
         <em>pass</em>, the number of divergences from the rules, or <em>not run</em>, with the \
         games played; it links to the row on the engine's page.</p>\n{}",
        escape(&data.profile),
        data.seed,
        data.seed,
        scrolling(&table)
    );
    page("tromp-taylor conformance matrix", "", &body)
}

/// The first row of `column` in any engine (for its heading).
fn first_of<'a, 'b>(engines: &'b [EngineRows<'a>], column: (&str, &str)) -> Option<&'b Placed<'a>> {
    engines
        .iter()
        .flat_map(|e| &e.rows)
        .find(|p| (p.row.rules_name.as_str(), p.row.mode.as_str()) == column)
}

/// One cell of the index: the engine's rows under one rule set.
fn cell(engine: &EngineRows<'_>, (rules, mode): (&str, &str)) -> String {
    let rows: Vec<&Placed<'_>> = engine
        .rows
        .iter()
        .filter(|p| p.row.rules_name == rules && p.row.mode == mode)
        .collect();
    let Some(first) = rows.first() else {
        return "<td class=\"notrun\">not held to these rules</td>".to_string();
    };
    let verdict = Verdict::all(rows.iter().map(|p| p.verdict));
    let games: usize = rows
        .iter()
        .filter_map(|p| p.row.audit.as_ref())
        .map(|a| a.games)
        .sum();
    let more = if rows.len() > 1 {
        format!(", {} rows", rows.len())
    } else {
        String::new()
    };
    format!(
        "<td class=\"{}\"><a href=\"engines/{}.html#{}\">{}<br><small>{games} games{more}</small></a></td>",
        verdict.class(),
        engine.file,
        first.anchor,
        escape(&verdict.message()),
    )
}

/// The SGF files of a row's divergences: each file's name (under the
/// engine's folder) and text.
pub fn sgf_files<'a>(placed: &'a Placed<'_>) -> Vec<(String, &'a [u8])> {
    placed
        .row
        .findings()
        .map(|(source, d)| (sgf_name(placed, source), d.sgf.as_bytes()))
        .collect()
}

fn sgf_name(placed: &Placed<'_>, source: Source<'_>) -> String {
    format!("{}-{}.sgf", placed.anchor, source.slug())
}

/// An engine's page.
pub fn engine(engine: &EngineRows<'_>) -> String {
    let name = engine.rows.first().map_or("", |p| p.row.engine.as_str());
    let mut body = format!(
        "<h1>{} <img class=\"badge\" src=\"../badges/{}.svg\" alt=\"{LABEL}: {}\"></h1>\n<ul>\n",
        escape(name),
        engine.file,
        escape(&engine.verdict().message())
    );
    for placed in &engine.rows {
        let _ = writeln!(
            body,
            "<li><a href=\"#{}\">{}</a>: {}</li>",
            placed.anchor,
            escape(&row_held_to(placed.row)),
            escape(&placed.verdict.message())
        );
    }
    body.push_str("</ul>\n");
    for placed in &engine.rows {
        row_section(&mut body, engine, placed);
    }
    page(&format!("{name}: tromp-taylor conformance"), "../", &body)
}

/// A row's section: its facts, its table's cells, its divergences.
fn row_section(body: &mut String, engine: &EngineRows<'_>, placed: &Placed<'_>) {
    let row = placed.row;
    let _ = writeln!(
        body,
        "<section id=\"{anchor}\">\n<h2>{} <img class=\"badge\" src=\"../badges/{}-{anchor}.svg\" alt=\"{LABEL}: {}\"></h2>",
        escape(&row_held_to(row)),
        engine.file,
        escape(&placed.verdict.message()),
        anchor = placed.anchor,
    );
    body.push_str(&scrolling(&facts(row)));
    if row.audit.is_some() && !row.columns.is_empty() {
        let mut table = String::from("<table class=\"columns\">\n");
        for (heading, text) in &row.columns {
            let _ = writeln!(
                table,
                "<tr><th>{}</th><td>{}</td></tr>",
                escape(heading),
                escape(cell_text(text))
            );
        }
        table.push_str("</table>\n");
        body.push_str(&scrolling(&table));
    }
    for (source, d) in row.findings() {
        divergence(body, placed, source, d);
    }
    body.push_str("</section>\n");
}

/// A cell of the table without its Markdown and the reproducer's file
/// name (the divergences below have it).
fn cell_text(text: &str) -> &str {
    match text.strip_prefix("**") {
        Some(rest) => rest.split("**").next().unwrap_or(rest),
        None => text,
    }
}

/// A row's facts: the command, the rules, the games, the checks, what was
/// not checked and why.
fn facts(row: &crate::matrix::data::RowData) -> String {
    let mut facts: Vec<(&str, String)> = vec![
        ("command", format!("<code>{}</code>", escape(&row.command))),
        ("rules", format!("<code>{}</code>", escape(&row.rules))),
        ("mode", escape(&row.mode)),
    ];
    match (&row.audit, &row.skipped) {
        (Some(a), _) => {
            facts.push((
                "games",
                format!(
                    "{} played: {} agree, {} diverge, {} skipped",
                    a.games,
                    a.agreed,
                    a.divergences.len(),
                    a.skipped.len()
                ),
            ));
            facts.push(("turns", format!("{} (of the games that agree)", a.turns)));
            facts.push(("checks made", escape(&a.checked.join(", "))));
        }
        (None, why) => facts.push(("not run", escape(why.as_deref().unwrap_or("")))),
    }
    if let Some(text) = row.vectors_text() {
        facts.push(("vectors", escape(&text)));
    }
    let notes = notes(row);
    if !notes.is_empty() {
        facts.push(("not checked", notes));
    }
    let mut table = String::from("<table class=\"facts\">\n");
    for (name, value) in facts {
        let _ = writeln!(table, "<tr><th>{name}</th><td>{value}</td></tr>");
    }
    table.push_str("</table>\n");
    table
}

/// What was not checked in a row and why, as a list (empty if nothing).
fn notes(row: &crate::matrix::data::RowData) -> String {
    let mut notes: Vec<String> = row.skipped_checks.iter().cloned().collect();
    if let Some(a) = &row.audit {
        // Checks switched off are said above, with the manifest's why.
        let off = row.skipped_checks.is_some();
        notes.extend(
            a.notes
                .iter()
                .filter(|n| !(off && n.ends_with("(--skip-checks)")))
                .cloned(),
        );
        notes.extend(a.skipped.iter().map(|(g, why)| format!("game {g}: {why}")));
    }
    if let Some(e) = &row.vectors_error {
        notes.push(format!("vectors: {e}"));
    }
    if notes.is_empty() {
        return String::new();
    }
    let items: Vec<String> = notes
        .iter()
        .map(|n| format!("<li>{}</li>", escape(n)))
        .collect();
    format!("<ul>{}</ul>", items.join(""))
}

/// A divergence's standing in words, with the cause it was judged under.
fn standing_words(d: &FindingData) -> String {
    let standing = tromp_taylor_harness::finding::Standing::from_code(&d.standing)
        .unwrap_or_default()
        .words();
    match &d.cause {
        Some(cause) => format!("{standing} (cause: {cause})"),
        None => standing.to_string(),
    }
}

/// One divergence: the board beside what each side says, the rule, the
/// SGF, the transcript and the command that replays it.
fn divergence(body: &mut String, placed: &Placed<'_>, source: Source<'_>, d: &FindingData) {
    let file = sgf_name(placed, source);
    let name = source.name();
    let marked = d
        .board
        .disputed_name
        .as_deref()
        .map_or(String::new(), |v| format!("; ringed: {}", escape(v)));
    let title = format!("{name} before the disputed step");
    let _ = writeln!(
        body,
        "<article class=\"divergence\" id=\"{}-{}\">\n<h3>{}, {} under <code>{}</code>: the engine {}{}</h3>\n\
         <div class=\"pair\">\n<figure>{}<figcaption>The board before the disputed step{marked}.</figcaption></figure>\n\
         <dl><dt>Standing</dt><dd>{}</dd><dt>The engine</dt><dd>{}</dd><dt>The rules</dt><dd>{}</dd><dt>Where it usually comes from</dt><dd>{}</dd></dl>\n</div>",
        placed.anchor,
        source.slug(),
        escape(&source.title()),
        escape(&d.size),
        escape(&d.rules),
        escape(&d.kind),
        if d.convention { " (a scoring convention, not counted)" } else { "" },
        svg::board(&d.board, &title),
        escape(&standing_words(d)),
        escape(&d.engine_says),
        escape(&d.rules_say),
        escape(&d.hint),
    );
    if !d.rules_quoted.is_empty() {
        body.push_str("<blockquote>\n");
        for quote in &d.rules_quoted {
            let _ = writeln!(body, "<p>{}</p>", escape(quote));
        }
        body.push_str("</blockquote>\n");
    }
    let engine_folder = placed.row.id.as_str();
    let _ = writeln!(
        body,
        "<p>SGF: <a href=\"{}/{file}\" download>{file}</a></p>\n<pre>{}</pre>\n\
         <details><summary>GTP transcript ({} lines)</summary>\n<pre>{}</pre></details>\n\
         <p>Replay it: <code>tromp-taylor audit --replay {file} {}</code></p>\n</article>",
        slug(engine_folder),
        escape(&d.sgf),
        d.transcript.len(),
        escape(&d.transcript.join("\n")),
        escape(&placed.row.replay),
    );
}
