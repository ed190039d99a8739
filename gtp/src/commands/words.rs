//! The words of GTP the handlers share: arguments read (colors, vertices,
//! numbers) and answers written (points, turns, players, the reasons a move
//! is illegal, in the vocabulary's words).

use tromp_taylor_harness::vertex::vertex_name;
use tromp_taylor_harness::vocab::{Illegal, Player, Point, Size, Turn};

const SYNTAX: &str = "syntax error";

/// `syntax error: ...`.
pub(super) fn syntax(detail: impl std::fmt::Display) -> String {
    format!("{SYNTAX}: {detail}")
}

/// The error answer to an illegal turn: `illegal move: ` and the reason in
/// the vocabulary's one phrasing (`illegal move: occupied (rule 7 colors an
/// empty point)`).
pub(super) fn illegal_move(illegal: Illegal) -> String {
    format!("illegal move: {illegal}")
}

/// A color argument: `b`, `black`, `w`, `white`, in any case.
pub(super) fn parse_color(text: &str) -> Result<Player, String> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Player::Black),
        "w" | "white" => Ok(Player::White),
        _ => Err(syntax(format!("{text:?} is not a color"))),
    }
}

/// A vertex as read: a turn, or a point off this board.
pub(super) enum Vertex {
    Turn(Turn),
    OffBoard,
}

/// A vertex argument on a board of `size`.
pub(super) fn parse_vertex(text: &str, size: Size) -> Result<Vertex, String> {
    match tromp_taylor_harness::vertex::parse_turn(text, size) {
        Ok(turn) => Ok(Vertex::Turn(turn)),
        Err(tromp_taylor_harness::vertex::VertexError::OffBoard { .. }) => Ok(Vertex::OffBoard),
        Err(e) => Err(syntax(e)),
    }
}

/// The GTP name of a point.
pub fn point_name(p: Point) -> String {
    vertex_name(p)
}

/// The GTP name of a turn.
pub fn turn_text(turn: Turn) -> String {
    match turn {
        Turn::Pass => "pass".to_string(),
        Turn::Move(p) => point_name(p),
    }
}

/// `black` or `white`.
pub(super) fn player_name(p: Player) -> &'static str {
    match p {
        Player::Black => "black",
        Player::White => "white",
    }
}

/// The `i`th argument as a number.
pub(super) fn int_arg(args: &[String], i: usize) -> Result<usize, String> {
    let text = args
        .get(i)
        .ok_or_else(|| syntax("an argument is missing"))?;
    text.parse()
        .map_err(|_| syntax(format!("{text:?} is not a number")))
}

/// At least `n` arguments.
pub(super) fn arg_count(args: &[String], n: usize) -> Result<(), String> {
    if args.len() < n {
        Err(syntax(format!(
            "{n} argument{} expected",
            if n == 1 { "" } else { "s" }
        )))
    } else {
        Ok(())
    }
}
