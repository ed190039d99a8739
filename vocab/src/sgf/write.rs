//! The SGF writer: a game record to SGF text (FF\[4\]), one game, its moves
//! as the main line, every point list in point order so that the same
//! record always writes the same text.

use super::points::{letters, to_sgf, value};
use super::read::{ATTEMPT, DISPUTED};
use super::record::GameRecord;
use crate::vocab::{Action, Color, Handicap, Player, Point, Size, Turn};
use std::fmt::Write as _;

/// The comment of an agreement's node.
const AGREEMENT: &str = "agreement on the points to empty (comment 8)";

/// A text value, escaped as SGF wants (`\` and `]`).
fn text(value: &str) -> String {
    value.replace('\\', "\\\\").replace(']', "\\]")
}

/// One part of a composed value (`a:b`), escaped as SGF wants.
fn part(value: &str) -> String {
    text(value).replace(':', "\\:")
}

/// A property of points, `AB[aa][bb]`, in SGF's row then column order and
/// each point once; nothing when there is no point.
fn point_list(id: &str, size: Size, points: impl IntoIterator<Item = Point>) -> String {
    let mut sgf: Vec<(u8, u8)> = points
        .into_iter()
        .map(|p| to_sgf(size, p))
        .map(|p| (p.y, p.x))
        .collect();
    sgf.sort_unstable();
    sgf.dedup();
    let mut out = String::new();
    if !sgf.is_empty() {
        out.push_str(id);
    }
    for (y, x) in sgf {
        let _ = write!(out, "[{}]", value(sgf_parse::go::Point { x, y }));
    }
    out
}

/// `B` or `W`.
fn letter(player: Player) -> &'static str {
    match player {
        Player::Black => "B",
        Player::White => "W",
    }
}

/// The root node's properties.
fn root(record: &GameRecord) -> String {
    let size = record.size;
    let mut out = String::new();
    if let Some(comment) = &record.comment {
        let _ = write!(out, "C[{}]", text(comment));
    }
    out.push_str("FF[4]GM[1]");
    if size.width() == size.height() {
        let _ = write!(out, "SZ[{}]", size.width());
    } else {
        let _ = write!(out, "SZ[{}:{}]", size.width(), size.height());
    }
    let komi = f64::from(record.rules.komi_half_points) / 2.0;
    let _ = write!(out, "RU[{}]KM[{komi}]", text(&record.rules.to_string()));
    if let Some((name, version)) = &record.application {
        let _ = write!(out, "AP[{}:{}]", part(name), part(version));
    }
    if let Handicap::Free(n) | Handicap::Fixed(n) = record.handicap {
        let _ = write!(out, "HA[{n}]");
    }
    match (record.handicap, &record.setup) {
        (_, Some(colors)) => {
            for (id, color) in [("AB", Color::Black), ("AW", Color::White)] {
                let points = size
                    .all_points()
                    .filter(|&p| size.index(p).and_then(|i| colors.get(i)) == Some(&color));
                out.push_str(&point_list(id, size, points));
            }
        }
        (Handicap::Fixed(n), None) => {
            if let Ok(points) = crate::spec_words::fixed_handicap_points(size, n) {
                out.push_str(&point_list("AB", size, points));
            }
        }
        _ => {}
    }
    if let Some(player) = record.to_move {
        let _ = write!(out, "PL[{}]", letter(player));
    }
    if let Some(result) = &record.result {
        let _ = write!(out, "RE[{}]", text(result));
    }
    out
}

/// The SGF of a game record: its root, then one node per move along the
/// main line (a pass as `B[]`; an agreement as `AE` with a comment). The
/// record's `line` and `rules_source` are not written; the rules are, as our
/// compact string.
pub fn write_record(record: &GameRecord) -> String {
    let size = record.size;
    let mut out = format!("(;{}", root(record));
    let last = record.moves.len();
    for (i, m) in record.moves.iter().enumerate() {
        out.push(';');
        match &m.action {
            Action::Turn(turn) if record.refused.contains(&i) => {
                let at = match turn {
                    Turn::Pass => String::new(),
                    Turn::Move(p) => letters(to_sgf(size, *p)),
                };
                let _ = write!(out, "{ATTEMPT}[{}:{at}]", letter(m.player));
            }
            Action::Turn(Turn::Pass) => {
                let _ = write!(out, "{}[]", letter(m.player));
            }
            Action::Turn(Turn::Move(p)) => {
                let _ = write!(out, "{}[{}]", letter(m.player), value(to_sgf(size, *p)));
            }
            Action::Agree(points) => {
                let list = point_list("AE", size, points.iter().copied());
                let list = if list.is_empty() {
                    "AE[]".to_string()
                } else {
                    list
                };
                // PL names the player who proposed it: the player to move.
                let _ = write!(out, "PL[{}]{list}C[{AGREEMENT}]", letter(m.player));
            }
        }
        if let (Some(note), true) = (&record.disputed, i + 1 == last) {
            // An agreement's node has its comment already.
            if matches!(m.action, Action::Turn(_)) {
                let _ = write!(out, "C[{}]", text(&format!("the disputed turn: {note}")));
            }
            let _ = write!(out, "{DISPUTED}[{}]", text(note));
        }
    }
    out.push(')');
    out
}
