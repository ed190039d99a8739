//! The escaping functions on hostile words: terminal escapes, bidirectional
//! overrides, Markdown and HTML that try to break out of where they are put.

use super::*;

/// A refusal that retitles the terminal, colors it, reorders its text,
/// opens HTML, a link and a code span, splits a table row and ends a comment.
const HOSTILE: &str = "? \u{1b}]0;owned\u{7}\u{1b}[31mred\u{9b}1m \u{202e}evil\u{2066}x\u{2069}\u{200f}\u{61c} <img src=x onerror=alert(1)> [link](http://x) `a` ```b``` | --> &#27; \r\n";

/// Whether `s` has a character no reader should get raw, besides `keep`.
fn has_unsafe(s: &str, keep: &[char]) -> bool {
    s.chars().any(|c| is_unsafe(c) && !keep.contains(&c))
}

#[test]
fn every_kind_of_control_is_unsafe() {
    for c in [
        '\u{0}', '\u{7}', '\u{1b}', '\u{7f}', '\u{85}', '\u{9b}', '\r',
    ] {
        assert!(is_unsafe(c), "{c:?}");
    }
    for c in [
        '\u{202a}', '\u{202e}', '\u{2066}', '\u{2069}', '\u{200e}', '\u{200f}', '\u{61c}',
    ] {
        assert!(is_bidi(c) && is_unsafe(c), "{c:?}");
    }
    for c in ['a', ' ', 'é', '碁', '\u{2022}', '`', '<'] {
        assert!(!is_unsafe(c), "{c:?}");
    }
}

#[test]
fn text_keeps_lines_and_tabs_and_shows_every_other_control_escaped() {
    let out = text(HOSTILE);
    assert!(!has_unsafe(&out, &['\n']), "{out:?}");
    assert!(
        out.contains("\\u{1b}]0;owned\\u{7}\\u{1b}[31mred\\u{9b}1m"),
        "{out}"
    );
    assert!(
        out.contains("\\u{202e}evil\\u{2066}x\\u{2069}\\u{200f}\\u{61c}"),
        "{out}"
    );
    assert!(out.ends_with("\\u{d}\n"), "{out:?}");
    assert_eq!(text("a\tb\nc"), "a\tb\nc");
    assert_eq!(text("plain words"), "plain words");
}

#[test]
fn a_line_has_no_newline() {
    let out = line(HOSTILE);
    assert!(!has_unsafe(&out, &[]), "{out:?}");
    assert!(!out.contains('\n'), "{out:?}");
    assert_eq!(line("a\nb\u{85}c"), "a\\u{a}b\\u{85}c");
}

/// The content of the code span `span` as CommonMark reads it: the text
/// between its opening run and the first closing run of the same length.
fn span_content(span: &str) -> &str {
    let ticks = span.chars().take_while(|&c| c == '`').count();
    let inner = &span[ticks..span.len() - ticks];
    let run = "`".repeat(ticks);
    // No run of exactly `ticks` backticks inside: the span closes only at its end.
    let mut rest = inner;
    while let Some(at) = rest.find(&run) {
        let after = &rest[at..];
        let length = after.chars().take_while(|&c| c == '`').count();
        assert_ne!(length, ticks, "{span} closes early");
        rest = &after[length..];
    }
    let stripped = inner.strip_prefix(' ').and_then(|s| s.strip_suffix(' '));
    match stripped {
        Some(s) if !inner.trim().is_empty() => s,
        _ => inner,
    }
}

#[test]
fn a_code_span_outruns_every_backtick_run_in_it() {
    for s in [
        "plain",
        "a`b",
        "``double`` and `single`",
        "`starts",
        "ends`",
        "```",
        " both sides ",
        "x ```` y",
        HOSTILE,
    ] {
        let span = code_span(s);
        assert_eq!(span_content(&span), line(s), "{s:?} as {span}");
        assert!(!has_unsafe(&span, &[]), "{span:?}");
    }
    assert_eq!(code_span("x ```` y"), "`````x ```` y`````");
    assert_eq!(code_span(""), "` `");
    assert_eq!(code_span("a\n\nb"), "`a\\u{a}\\u{a}b`");
}

#[test]
fn a_fence_outruns_every_backtick_and_tilde_run_in_it() {
    let block = fence("sh", "ls\n```\n~~~~~\nrm -rf /\n````` \n\u{1b}[2J");
    let open = block.lines().next().unwrap();
    assert_eq!(open, "``````sh");
    assert!(block.ends_with("\n``````"), "{block}");
    let inner: Vec<&str> = block.lines().skip(1).collect();
    let close = inner
        .iter()
        .position(|l| l.trim().starts_with("```"))
        .unwrap();
    // The first line that could close it is the fence itself.
    let first_closing = inner
        .iter()
        .position(|l| l.trim_start().starts_with("``````"))
        .unwrap();
    assert_eq!(first_closing, inner.len() - 1, "{block}");
    assert!(close < first_closing);
    assert!(block.contains("\\u{1b}[2J"), "{block}");
    assert_eq!(fence("text", "a\n"), "```text\na\n```");
}

#[test]
fn inline_text_cannot_open_an_element() {
    let out = inline(HOSTILE);
    assert!(!has_unsafe(&out, &[]), "{out:?}");
    // No character that opens an element stands without its backslash.
    for raw in ["<img", "[link", "](", "`a", "&#27;", "| ", ">"] {
        let bare = out
            .match_indices(raw)
            .any(|(i, _)| !out[..i].ends_with('\\'));
        assert!(!bare, "{raw} in {out}");
    }
    assert!(out.contains("\\<img src=x onerror=alert(1)\\>"), "{out}");
    assert!(out.contains("\\[link\\](http://x)"), "{out}");
    // Every escape is a backslash before ASCII punctuation, which
    // CommonMark renders as the punctuation itself.
    assert_eq!(inline("a\\b"), "a\\\\b");
    assert_eq!(inline("Pachi 12.90 (r2)"), "Pachi 12.90 (r2)");
}

#[test]
fn a_cell_has_no_unescaped_pipe_and_no_newline() {
    let out = cell("name | with\npipes || and\r\nlines");
    assert_eq!(out, "name \\| with pipes \\|\\| and  lines");
    let out = cell(HOSTILE);
    assert!(!out.contains('\n'), "{out:?}");
    let bare_pipes = out
        .char_indices()
        .filter(|&(i, c)| c == '|' && !out[..i].ends_with('\\'))
        .count();
    assert_eq!(bare_pipes, 0, "{out}");
}

#[test]
fn a_comment_cannot_be_closed_from_inside() {
    for s in ["-->", "--!>", "a--->b", "->", "-", "<!-- x -->", HOSTILE] {
        let out = comment(s);
        let whole = format!("<!-- {out} -->");
        assert!(!out.contains("--"), "{out}");
        assert!(!out.contains('>'), "{out}");
        assert_eq!(whole.find("-->"), Some(whole.len() - 3), "{whole}");
        assert!(!has_unsafe(&out, &[]), "{out:?}");
    }
    assert_eq!(comment("a-b"), "a-b");
}

#[test]
fn html_drops_controls_and_bidi_and_keeps_the_rest() {
    let out = html(HOSTILE);
    assert!(!has_unsafe(&out, &['\n']), "{out:?}");
    assert!(out.starts_with("? ]0;owned[31mred1m evilx <img"), "{out}");
    assert_eq!(html("line\n\ttab"), "line\n\ttab");
}

#[test]
fn json_writes_what_its_writer_leaves_raw_as_escapes() {
    // As serde_json writes HOSTILE: C0 controls escaped, C1 and bidi raw.
    let written =
        "{\n  \"says\": \"\\u001b]0;x\\u0007 \u{9b}1m \u{202e}evil \u{2066}x\u{2069}\"\n}\n";
    let out = json(written);
    assert!(!has_unsafe(&out, &['\n']), "{out:?}");
    assert_eq!(
        out,
        "{\n  \"says\": \"\\u001b]0;x\\u0007 \\u009b1m \\u202eevil \\u2066x\\u2069\"\n}\n"
    );
    assert_eq!(json("[\"plain é\"]"), "[\"plain é\"]");
}
