//! HTML in one place: escaping, the frame every page of the site shares
//! (no JavaScript; one small style sheet, readable on a phone and printed)
//! and the style sheet itself.

/// Text made safe for HTML, in text and in quoted attributes alike: control
/// and bidirectional characters dropped (`safe::html`), markup escaped.
pub fn escape(text: &str) -> String {
    let mut safe = String::with_capacity(text.len());
    for c in tromp_taylor_harness::safe::html(text).chars() {
        match c {
            '&' => safe.push_str("&amp;"),
            '<' => safe.push_str("&lt;"),
            '>' => safe.push_str("&gt;"),
            '"' => safe.push_str("&quot;"),
            '\'' => safe.push_str("&#39;"),
            _ => safe.push(c),
        }
    }
    safe
}

/// A whole page: `title` (text, escaped here), `root` the way back to the
/// site's top folder (`""` or `"../"`), `body` the page's HTML.
pub fn page(title: &str, root: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<link rel=\"icon\" href=\"data:,\">\n\
         <link rel=\"stylesheet\" href=\"{root}site.css\">\n</head>\n<body>\n\
         <header><a href=\"{root}index.html\">tromp-taylor conformance matrix</a></header>\n\
         <main>\n{body}</main>\n<footer>Every engine held to the rules it claims, \
         by tromp-taylor over GTP; the data: \
         <a href=\"{root}matrix.json\">matrix.json</a>, \
         <a href=\"{root}junit.xml\">junit.xml</a>, \
         <a href=\"{root}matrix.md\">matrix.md</a>.</footer>\n</body>\n</html>\n",
        title = escape(title)
    )
}

/// A table in a wrapper that scrolls sideways on a narrow screen.
pub fn scrolling(table: &str) -> String {
    format!("<div class=\"scroll\">\n{table}</div>\n")
}

/// The site's one style sheet.
pub const CSS: &str = "/* tromp-taylor conformance matrix */
body { font-family: system-ui, sans-serif; line-height: 1.4; overflow-wrap: anywhere; margin: 0 auto; padding: 0 1rem; max-width: 70rem; color: #222; }
header { padding: 0.8rem 0; border-bottom: 1px solid #ccc; font-weight: bold; }
footer { margin: 2rem 0 1rem; padding-top: 0.5rem; border-top: 1px solid #ccc; font-size: 0.9em; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: 0.5rem 0; }
th, td { border: 1px solid #ccc; padding: 0.3rem 0.5rem; overflow-wrap: normal; text-align: left; vertical-align: top; }
td.pass { background: #dfd; } td.deviate { background: #ffc; } td.diverge { background: #fdd; } td.notrun { background: #eee; color: #555; }
td a { display: block; color: inherit; }
pre { background: #f6f6f6; padding: 0.5rem; white-space: pre-wrap; overflow-wrap: anywhere; font-size: 0.85em; }
code { overflow-wrap: anywhere; }
svg.board { width: 100%; max-width: 22rem; height: auto; }
.pair { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
.pair > * { min-width: 0; flex: 1 1 16rem; }
blockquote { margin: 0.5rem 0; padding-left: 0.8rem; border-left: 4px solid #ccc; }
article.divergence { border-top: 1px dashed #aaa; margin-top: 1rem; }
img.badge { vertical-align: middle; }
@media print {
  header, footer { display: none; }
  body { max-width: none; }
  .scroll { overflow: visible; }
  a { color: inherit; text-decoration: none; }
  article.divergence, figure { break-inside: avoid; }
  td.pass, td.deviate, td.diverge, td.notrun { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_special_character_is_escaped() {
        assert_eq!(
            escape("<a href=\"x\">Tom & 'Jerry'</a>"),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;"
        );
        assert_eq!(escape("plain D4"), "plain D4");
    }

    #[test]
    fn a_page_escapes_its_title_and_has_no_script() {
        let html = page("<script>x</script>", "../", "<p>body</p>\n");
        assert!(
            html.contains("<title>&lt;script&gt;x&lt;/script&gt;</title>"),
            "{html}"
        );
        assert!(!html.contains("<script"), "{html}");
        assert!(html.contains("href=\"../site.css\""), "{html}");
        assert!(html.contains("name=\"viewport\""), "{html}");
    }
}
