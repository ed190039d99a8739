//! The engine's answers read back: a vertex and a board from `showboard`,
//! each in the forms engines write them. A score from `final_score` is read
//! by the vocabulary's one result parser, [`Outcome`]'s `FromStr`.

#[cfg(doc)]
use tromp_taylor_harness::vocab::Outcome;
use tromp_taylor_harness::vocab::{Color, Grid, Point, Size};

/// The point a GTP vertex names on `size`, if it is one.
pub(crate) fn read_vertex(text: &str, size: Size) -> Option<Point> {
    match tromp_taylor_harness::vertex::parse_turn(text, size) {
        Ok(tromp_taylor_harness::vocab::Turn::Move(p)) => Some(p),
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

#[cfg(test)]
mod tests {
    use super::*;
    use tromp_taylor_harness::vocab::{Outcome, Player};

    /// `final_score` answers, as engines write them, read by the one parser
    /// the auditor uses.
    #[test]
    fn scores_read_as_engines_write_them() {
        let score = |text: &str| text.parse::<Outcome>().ok();
        let win = |p, h| {
            Some(Outcome {
                winner: Some(p),
                half_points: h,
            })
        };
        let tie = Some(Outcome {
            winner: None,
            half_points: 0,
        });
        assert_eq!(score("B+3.5"), win(Player::Black, 7));
        assert_eq!(score("W+25.0"), win(Player::White, 50));
        assert_eq!(score(" w+0.5\n"), win(Player::White, 1));
        assert_eq!(score("0"), tie);
        assert_eq!(score("Draw"), tie);
        assert_eq!(score("B+0.0"), tie);
        assert_eq!(score("B+R"), None);
        assert_eq!(score("nonsense"), None);
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
