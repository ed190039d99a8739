//! The engine's answers read back: a vertex and a board from `showboard`,
//! each in the forms engines write them. A score from `final_score` is read
//! by the vocabulary's one result parser, [`Outcome`]'s `FromStr`.

#[cfg(doc)]
use tromp_taylor_harness::vocab::Outcome;
use tromp_taylor_harness::vocab::{Color, Grid, Point, Size};

/// The point a GTP vertex names on `size`, if it is one.
pub fn read_vertex(text: &str, size: Size) -> Option<Point> {
    match tromp_taylor_harness::vertex::parse_turn(text, size) {
        Ok(tromp_taylor_harness::vocab::Turn::Move(p)) => Some(p),
        _ => None,
    }
}

/// A point's mark in a drawn board, if it is one.
fn mark(word: &str) -> Option<Color> {
    match word {
        "X" | "x" | "#" => Some(Color::Black),
        "O" | "o" | "@" => Some(Color::White),
        "." | "+" | "," => Some(Color::Empty),
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
        let rest: Vec<&str> = words.collect();
        let mut marks: Vec<Color> = rest.iter().map_while(|w| mark(w)).collect();
        if marks.len() != size.width() {
            // KataGo writes a recent move's number right after its stone
            // (`X1.`): read the marks one character at a time, numbers
            // and spaces between them skipped.
            marks = rest
                .join(" ")
                .chars()
                .filter(|c| !c.is_ascii_digit() && *c != ' ')
                .map_while(|c| mark(c.encode_utf8(&mut [0; 4])))
                .collect();
        }
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

    #[test]
    fn a_katago_board_reads_with_its_move_numbers() {
        let text = "MoveNum: 2 HASH: 060148AD1E369D426ABCE9C5FF1CA133\n   A B C D E\n 5 . . . . .\n 4 . . . . .\n 3 . . X1. .\n 2 . O2. . .\n 1 . . . . .\nNext player: Black\nB stones captured: 0";
        let grid = parse_showboard(text, Size::new(5, 5).unwrap()).unwrap();
        assert_eq!(grid.at(Point::new(2, 2)), Color::Black);
        assert_eq!(grid.at(Point::new(1, 1)), Color::White);
        assert_eq!(
            grid.colors.iter().filter(|&&c| c == Color::Empty).count(),
            23
        );
    }
}
