//! A board drawn in SVG: the lines, the coordinates (GTP's columns, rows
//! from the bottom), the stones, and the disputed point ringed in red.

use crate::audit::export::BoardData;
use std::fmt::Write as _;
use tromp_taylor_harness::vertex::column_name;

/// The space between two lines, in SVG units.
const STEP: usize = 24;

/// The board as an SVG element; `title` names it for screen readers.
pub fn board(data: &BoardData, title: &str) -> String {
    let (w, h) = (data.width.max(1), data.height.max(1));
    let (width, height) = ((w + 1) * STEP, (h + 1) * STEP);
    let mut svg = format!(
        "<svg class=\"board\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" \
         width=\"{width}\" height=\"{height}\" role=\"img\"><title>{}</title>\n\
         <rect class=\"wood\" width=\"{width}\" height=\"{height}\" fill=\"#dcb35c\"/>\n",
        super::html::escape(title)
    );
    lines(&mut svg, w, h);
    for (row_from_top, row) in data.rows.iter().enumerate() {
        let y = h.saturating_sub(row_from_top + 1);
        for (x, mark) in row.chars().enumerate() {
            let color = match mark {
                'X' => "black",
                'O' => "white",
                _ => continue,
            };
            let (cx, cy) = at(x, y, h);
            let _ = writeln!(
                svg,
                "<circle class=\"stone {color}\" cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"{color}\" stroke=\"black\"/>",
                STEP / 2 - 1
            );
        }
    }
    if let Some([x, y]) = data.disputed.filter(|[x, y]| *x < w && *y < h) {
        let (cx, cy) = at(x, y, h);
        let _ = writeln!(
            svg,
            "<circle class=\"disputed\" cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"none\" stroke=\"#d00\" stroke-width=\"3\"/>",
            STEP / 2 - 3
        );
    }
    svg.push_str("</svg>");
    svg
}

/// The centre of point (x, y), y from the bottom, on a board `h` high.
fn at(x: usize, y: usize, h: usize) -> (usize, usize) {
    ((x + 1) * STEP, (h - y) * STEP)
}

/// The lines and the coordinates of a `w` by `h` board.
fn lines(svg: &mut String, w: usize, h: usize) {
    svg.push_str("<g stroke=\"#333\" stroke-width=\"1\">\n");
    for x in 0..w {
        let (px, top) = at(x, h - 1, h);
        let (_, bottom) = at(x, 0, h);
        let _ = writeln!(
            svg,
            "<line x1=\"{px}\" y1=\"{top}\" x2=\"{px}\" y2=\"{bottom}\"/>"
        );
    }
    for y in 0..h {
        let (left, py) = at(0, y, h);
        let (right, _) = at(w - 1, y, h);
        let _ = writeln!(
            svg,
            "<line x1=\"{left}\" y1=\"{py}\" x2=\"{right}\" y2=\"{py}\"/>"
        );
    }
    svg.push_str("</g>\n<g class=\"coordinates\" font-family=\"sans-serif\" font-size=\"10\" text-anchor=\"middle\" fill=\"#333\">\n");
    for x in 0..w {
        let (px, _) = at(x, 0, h);
        let _ = writeln!(
            svg,
            "<text x=\"{px}\" y=\"{}\">{}</text>",
            STEP / 2 - 2,
            column_name(x)
        );
    }
    // Row numbers end left of the first column's stones.
    for y in 0..h {
        let (_, py) = at(0, y, h);
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>",
            STEP / 2 - 1,
            py + 4,
            y + 1
        );
    }
    svg.push_str("</g>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data(rows: &[&str], disputed: Option<[usize; 2]>) -> BoardData {
        BoardData {
            width: rows[0].len(),
            height: rows.len(),
            rows: rows.iter().map(|r| r.to_string()).collect(),
            disputed,
            disputed_name: None,
        }
    }

    #[test]
    fn the_stones_are_where_the_rows_put_them() {
        // Top row first: X at A3, O at C3, X at B1.
        let svg = board(&data(&["X.O", "...", ".X."], Some([2, 0])), "a <board>");
        assert_eq!(svg.matches("class=\"stone black\"").count(), 2, "{svg}");
        assert_eq!(svg.matches("class=\"stone white\"").count(), 1, "{svg}");
        // A3 is at (24, 24); B1 at (48, 72); C3 at (72, 24).
        assert!(
            svg.contains("class=\"stone black\" cx=\"24\" cy=\"24\""),
            "{svg}"
        );
        assert!(
            svg.contains("class=\"stone black\" cx=\"48\" cy=\"72\""),
            "{svg}"
        );
        assert!(
            svg.contains("class=\"stone white\" cx=\"72\" cy=\"24\""),
            "{svg}"
        );
        // The disputed C1 is ringed.
        assert!(
            svg.contains("class=\"disputed\" cx=\"72\" cy=\"72\""),
            "{svg}"
        );
        assert!(svg.contains("<title>a &lt;board&gt;</title>"), "{svg}");
        assert!(svg.contains(">C</text>") && svg.contains(">3</text>"));
    }

    #[test]
    fn a_disputed_point_off_the_board_is_not_drawn() {
        let svg = board(&data(&[".."], Some([5, 5])), "b");
        assert!(!svg.contains("disputed"), "{svg}");
        assert!(!svg.contains("stone"), "{svg}");
    }
}
