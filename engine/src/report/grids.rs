//! Two grids side by side, the points where they differ marked.

use crate::vertex::column_name;
use crate::vocab::{Grid, Point};

/// Two grids side by side with a third panel marking with `!` the points
/// where they differ.
pub fn side_by_side(left_name: &str, left: &Grid, right_name: &str, right: &Grid) -> String {
    let size = left.size;
    if size != right.size {
        return format!(
            "{left_name}: a {size} grid; {right_name}: a {} grid\n",
            right.size
        );
    }
    let header: String = (0..size.width())
        .map(|x| format!("{:>3}", column_name(x)))
        .collect();
    let panel_width = header.len();
    // A name longer than its panel is cut there, and said whole above.
    let fit = |name: &str| match name.chars().count() > panel_width {
        true => {
            name.chars()
                .take(panel_width.saturating_sub(3))
                .collect::<String>()
                + "..."
        }
        false => name.to_string(),
    };
    let (left_fit, right_fit) = (fit(left_name), fit(right_name));
    let mut text = String::new();
    if left_fit != left_name || right_fit != right_name {
        text.push_str(&format!("    left: {left_name}; right: {right_name}\n"));
    }
    text.push_str(&format!(
        "    {left_fit:<panel_width$}    {right_fit:<panel_width$}    differ\n    {header}    {header}    {header}\n"
    ));
    for y in (0..size.height()).rev() {
        let row = |grid: &Grid| -> String {
            (0..size.width())
                .map(|x| format!("{:>3}", grid.at(Point::new(x, y)).mark()))
                .collect()
        };
        let marks: String = (0..size.width())
            .map(|x| {
                let p = Point::new(x, y);
                format!("{:>3}", if left.at(p) != right.at(p) { '!' } else { '.' })
            })
            .collect();
        text.push_str(&format!(
            "{:>3} {}    {}    {}\n",
            y + 1,
            row(left),
            row(right),
            marks
        ));
    }
    text
}
