//! The engine's answers read back: a vertex, a board from `showboard`, a
//! score from `final_score`, each in the forms engines write them.

use tromp_taylor_harness::vocab::{Color, Grid, Outcome, Player, Point, Size};

/// The point a GTP vertex names on `size`, if it is one.
pub(super) fn read_vertex(text: &str, size: Size) -> Option<Point> {
    let rectangle = tromp_taylor_spec::Rectangle::new(size.width(), size.height()).ok()?;
    match tromp_taylor_harness::vertex::parse_turn(text, rectangle) {
        Ok(tromp_taylor_spec::Turn::Move(p)) => Some(Point::new(p.x, p.y)),
        _ => None,
    }
}

/// Reads a board from `showboard`: rows that begin with their number and
/// hold one mark per column (`X`/`x`/`#` black, `O`/`o`/`@` white, `.`/`+`/`,` empty).
pub fn parse_showboard(text: &str, size: Size) -> Option<Grid> {
    let mut colors = vec![None; size.points()];
    for line in text.lines() {
        let mut words = line.split_whitespace();
        let Some(Ok(row)) = words.next().map(str::parse::<usize>) else {
            continue;
        };
        if row == 0 || row > size.height() {
            continue;
        }
        let marks: Vec<Color> = words
            .map_while(|w| match w {
                "X" | "x" | "#" => Some(Color::Black),
                "O" | "o" | "@" => Some(Color::White),
                "." | "+" | "," => Some(Color::Empty),
                _ => None,
            })
            .collect();
        if marks.len() != size.width() {
            continue;
        }
        for (x, color) in marks.into_iter().enumerate() {
            colors[(row - 1) * size.width() + x] = Some(color);
        }
    }
    Some(Grid {
        size,
        colors: colors.into_iter().collect::<Option<Vec<Color>>>()?,
    })
}

/// Reads a `final_score` answer: `B+3.5`, `W+0.5`, `0` (also `Draw`, `B+R`
/// is not a score).
pub fn parse_score(text: &str) -> Option<Outcome> {
    let text = text.trim();
    if text == "0" || text.eq_ignore_ascii_case("draw") || text.eq_ignore_ascii_case("jigo") {
        return Some(Outcome {
            winner: None,
            half_points: 0,
        });
    }
    let (winner, margin) = match text.split_once('+')? {
        (b, m) if b.eq_ignore_ascii_case("b") => (Player::Black, m),
        (w, m) if w.eq_ignore_ascii_case("w") => (Player::White, m),
        _ => return None,
    };
    let margin: f64 = margin.trim().parse().ok()?;
    let half = margin * 2.0;
    if !(0.0..1e9).contains(&half) || half.fract() != 0.0 {
        return None;
    }
    if half == 0.0 {
        return Some(Outcome {
            winner: None,
            half_points: 0,
        });
    }
    Some(Outcome {
        winner: Some(winner),
        half_points: half as u64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_as_engines_write_them() {
        let win = |p, h| {
            Some(Outcome {
                winner: Some(p),
                half_points: h,
            })
        };
        assert_eq!(parse_score("B+3.5"), win(Player::Black, 7));
        assert_eq!(parse_score("W+25.0"), win(Player::White, 50));
        assert_eq!(
            parse_score("0"),
            Some(Outcome {
                winner: None,
                half_points: 0
            })
        );
        assert_eq!(parse_score("B+R"), None);
        assert_eq!(parse_score("nonsense"), None);
    }

    #[test]
    fn a_gnugo_board_reads() {
        let text = "   A B C D E\n 5 . . . . . 5\n 4 . + . + . 4\n 3 . . X O . 3\n 2 . + . + . 2     WHITE (O) has captured 0 stones\n 1 . . . . . 1     BLACK (X) has captured 0 stones\n   A B C D E";
        let grid = parse_showboard(text, Size::new(5, 5).unwrap()).unwrap();
        assert_eq!(grid.at(Point::new(2, 2)), Color::Black);
        assert_eq!(grid.at(Point::new(3, 2)), Color::White);
        assert_eq!(
            grid.colors.iter().filter(|&&c| c == Color::Empty).count(),
            23
        );
    }
}
