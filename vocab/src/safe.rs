//! Safe text: an engine's words (its answers, refusals, board, score,
//! standard error, and its manifest's name and command) escaped for where
//! they are written — the terminal and text files, Markdown, HTML.
//!
//! Whatever an engine says is untrusted: a refusal may carry terminal
//! escape sequences (`ESC]0;title BEL` retitles a terminal, `ESC[31m`
//! colors it), bidirectional overrides that show text in another order
//! than it is read, or Markdown and HTML that a renderer turns into images
//! and links. Each function here takes such text and gives text that shows
//! the same words and does nothing else:
//!
//! - [`text`] and [`line()`]: for the terminal and text files, control
//!   characters, escape sequences, C1 controls and bidirectional controls
//!   shown escaped (`\u{1b}`); [`text`] keeps newlines and tabs, [`line()`]
//!   only tabs;
//! - [`code_span`], [`fence`], [`cell`], [`inline`], [`comment`]: for
//!   Markdown (CommonMark, and GitHub's tables), a code span or a fenced
//!   block that its content cannot close, a table cell that its content
//!   cannot split, inline text that cannot start an element, an HTML
//!   comment that its content cannot end;
//! - [`html`]: for HTML whose markup is escaped elsewhere (the site's
//!   `escape`), control and bidirectional characters dropped;
//! - [`json`]: for a JSON text, the characters its writer leaves raw
//!   written as JSON escapes.

use std::fmt::Write as _;

/// Whether `c` is a bidirectional control: the embeddings and overrides
/// (U+202A-U+202E), the isolates (U+2066-U+2069), the marks (U+200E,
/// U+200F, U+061C), and the line and paragraph separators (U+2028,
/// U+2029), which some viewers break lines at.
pub fn is_bidi(c: char) -> bool {
    matches!(
        c,
        '\u{202a}'..='\u{202e}'
            | '\u{2066}'..='\u{2069}'
            | '\u{200e}'
            | '\u{200f}'
            | '\u{061c}'
            | '\u{2028}'
            | '\u{2029}'
    )
}

/// Whether `c` must not reach a reader as it is: a control character (C0,
/// DEL, C1; escape sequences start with one) or a bidirectional control.
/// Newline and tab are controls too: the callers decide whether to keep them.
pub fn is_unsafe(c: char) -> bool {
    c.is_control() || is_bidi(c)
}

/// `s` with each unsafe character (see [`is_unsafe`]) but those `keep`
/// allows shown as its escape, `\u{1b}`.
fn escaped(s: &str, keep: impl Fn(char) -> bool) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if is_unsafe(c) && !keep(c) {
            let _ = write!(out, "{}", c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

/// `s` for the terminal or a text file, over as many lines as it has:
/// newlines and tabs kept, every other control character (a carriage
/// return too, which would overwrite its line), escape sequence and
/// bidirectional control shown escaped (`\u{1b}]0;title\u{7}`).
///
/// ```
/// use tromp_taylor_vocab::safe::text;
/// assert_eq!(text("? no\u{1b}[31m\nred"), "? no\\u{1b}[31m\nred");
/// ```
pub fn text(s: &str) -> String {
    escaped(s, |c| c == '\n' || c == '\t')
}

/// `s` for one line of the terminal or a text file: as [`text`], with
/// newlines shown escaped too (`\u{a}`).
///
/// ```
/// use tromp_taylor_vocab::safe::line;
/// assert_eq!(line("a\nb\u{202e}"), "a\\u{a}b\\u{202e}");
/// ```
pub fn line(s: &str) -> String {
    escaped(s, |c| c == '\t')
}

/// The length of the longest run of `c` in `s`.
fn longest_run(s: &str, c: char) -> usize {
    let (mut longest, mut run) = (0, 0);
    for d in s.chars() {
        run = if d == c { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    longest
}

/// `s` as a Markdown code span: on one line (as [`line()`]), between
/// backtick runs longer than any in it, padded with a space on each side
/// when it starts or ends with a backtick or a space (CommonMark strips one
/// space from each side of a span that has both). Nothing in it is read as
/// Markdown or HTML.
///
/// ```
/// use tromp_taylor_vocab::safe::code_span;
/// assert_eq!(code_span("= B+3"), "`= B+3`");
/// assert_eq!(code_span("a`b"), "``a`b``");
/// assert_eq!(code_span("`x"), "`` `x ``");
/// ```
pub fn code_span(s: &str) -> String {
    let content = line(s);
    if content.is_empty() {
        return "` `".to_string();
    }
    let ticks = "`".repeat(longest_run(&content, '`') + 1);
    let pad = content.starts_with('`')
        || content.ends_with('`')
        || (content.starts_with(' ') && content.ends_with(' ') && content.trim() != "");
    let pad = if pad { " " } else { "" };
    format!("{ticks}{pad}{content}{pad}{ticks}")
}

/// `content` as a fenced Markdown code block with the info string `info`
/// (ours, a language name): its lines as [`text`] has them, between fences
/// of backticks longer than any run of backticks or tildes in it (three at
/// least), so that no line of it closes the block. No newline after the
/// closing fence.
///
/// ```
/// use tromp_taylor_vocab::safe::fence;
/// assert_eq!(fence("sh", "ls\n"), "```sh\nls\n```");
/// assert_eq!(fence("", "```\nx"), "````\n```\nx\n````");
/// ```
pub fn fence(info: &str, content: &str) -> String {
    let content = text(content);
    let content = content.trim_end_matches('\n');
    let run = longest_run(content, '`').max(longest_run(content, '~'));
    let ticks = "`".repeat((run + 1).max(3));
    format!("{ticks}{info}\n{content}\n{ticks}")
}

/// The ASCII punctuation that can start or end a Markdown or HTML element
/// inline: code spans, emphasis, links and images, HTML and autolinks,
/// entities, table cells, strikethrough, and the backslash itself.
const MARKDOWN_PUNCTUATION: &str = "\\`*_[]<>!&|~";

/// `s` as inline Markdown text: on one line (as [`line()`]), every character
/// that could start an element (`` \ ` * _ [ ] < > ! & | ~ ``) escaped with
/// a backslash, so it renders as the same words and nothing else: no link,
/// image, HTML, entity, emphasis or code span, and no table cell ends in it.
///
/// ```
/// use tromp_taylor_vocab::safe::inline;
/// assert_eq!(inline("GNU Go 3.8"), "GNU Go 3.8");
/// assert_eq!(inline("<img src=x>"), "\\<img src=x\\>");
/// ```
pub fn inline(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in line(s).chars() {
        if MARKDOWN_PUNCTUATION.contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// `s` as the text of a Markdown table cell: newlines made spaces, then as
/// [`inline`] (which escapes `|`), so the row keeps its cells.
///
/// ```
/// use tromp_taylor_vocab::safe::cell;
/// assert_eq!(cell("a | b\nc"), "a \\| b c");
/// ```
pub fn cell(s: &str) -> String {
    inline(&s.replace(['\r', '\n'], " "))
}

/// `s` inside an HTML comment (`<!-- s -->`), which Markdown passes
/// through: on one line (as [`line()`]), with no `--` (a space put between
/// two hyphens) and no `>` (written `&gt;`, which a comment does not
/// read), so that nothing in it ends the comment.
///
/// ```
/// use tromp_taylor_vocab::safe::comment;
/// assert_eq!(comment("a --> b"), "a - -&gt; b");
/// ```
pub fn comment(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in line(s).chars() {
        match c {
            '>' => out.push_str("&gt;"),
            '-' if out.ends_with('-') => out.push_str(" -"),
            _ => out.push(c),
        }
    }
    out
}

/// `s` for an HTML page whose markup is escaped where it is written (the
/// site's `escape` escapes `<`, `>`, `&` and quotes): control characters other than
/// newline and tab, and bidirectional controls, dropped.
///
/// ```
/// use tromp_taylor_vocab::safe::html;
/// assert_eq!(html("a\u{1b}[31mb\u{7}\u{202e}c\n"), "a[31mbc\n");
/// ```
pub fn html(s: &str) -> String {
    s.chars()
        .filter(|&c| !is_unsafe(c) || c == '\n' || c == '\t')
        .collect()
}

/// `json`, a JSON text, with every unsafe character (see [`is_unsafe`])
/// that stands raw in it written as a JSON escape (`\u202e`): a JSON
/// writer escapes C0 controls but leaves C1 controls and bidirectional
/// controls raw. The data read back is the same; the file shows no such
/// character to whoever opens it. (Such characters stand only inside
/// strings; the newlines between values are kept.)
///
/// ```
/// use tromp_taylor_vocab::safe::json;
/// assert_eq!(json("{\"a\": \"x\u{202e}y\u{9b}\"}\n"), "{\"a\": \"x\\u202ey\\u009b\"}\n");
/// ```
pub fn json(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        if is_unsafe(c) && c != '\n' {
            let _ = write!(out, "\\u{:04x}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests;
