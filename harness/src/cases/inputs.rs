//! A case's inputs read into the harness's vocabulary (size, rules,
//! handicap, setup position, attempts), and the metadata they imply.

use super::format::{Attempt, Case, HandicapCase, Inputs};
use crate::vertex::{parse_turn, turn_name, vertex_name};
use crate::vocab::{
    Color, Ending, Handicap, IllegalMove, Player, Point, Rules, Scoring, Setup, Size, Suicide,
    Superko, Turn, MAX_SIDE,
};

pub(super) fn player(letter: &str) -> Result<Player, String> {
    match letter {
        "B" => Ok(Player::Black),
        "W" => Ok(Player::White),
        other => Err(format!("the player {other:?} is not B or W")),
    }
}

pub(super) fn letter(player: Player) -> String {
    if player == Player::Black { "B" } else { "W" }.to_string()
}

/// The point a vertex names, on the largest board (SGF's limit): a case
/// may attempt a point off its own board.
pub(super) fn point(vertex: &str) -> Result<Point, String> {
    let largest = Size::new(MAX_SIDE, MAX_SIDE).expect("the largest board is a size");
    match parse_turn(vertex, largest) {
        Ok(Turn::Move(p)) if vertex_name(p) == vertex => Ok(p),
        Ok(Turn::Move(p)) => Err(format!(
            "the vertex {vertex:?} must be written {}",
            vertex_name(p)
        )),
        Ok(Turn::Pass) => Err(format!("{vertex:?} is not a vertex")),
        Err(e) => Err(e.to_string()),
    }
}

pub(super) fn on_board(point: Point, size: Size) -> Result<Point, String> {
    size.index(point)
        .map(|_| point)
        .ok_or_else(|| format!("{} is not on the {size} board", point_name(point)))
}

/// The vertex of `point`.
pub fn point_name(point: Point) -> String {
    vertex_name(point)
}

/// `pass` or the vertex of a move.
pub fn turn_text(turn: Turn) -> String {
    turn_name(turn)
}

/// Reads a case's inputs: size, rules, handicap, setup position and turns.
pub fn inputs(case: &Case) -> Result<Inputs, String> {
    let size: Size = case
        .size
        .parse()
        .map_err(|e: crate::vocab::SizeError| e.to_string())?;
    if case.size != size.to_string() {
        return Err(format!("the size {:?} must be written {size}", case.size));
    }
    let rules: Rules = case
        .rules
        .parse()
        .map_err(|e: crate::vocab::RulesError| e.to_string())?;
    let handicap = match &case.handicap {
        None => Handicap::None,
        Some(HandicapCase { kind, stones }) if kind == "free" => Handicap::Free(*stones),
        Some(HandicapCase { kind, stones }) if kind == "fixed" => Handicap::Fixed(*stones),
        Some(other) => {
            return Err(format!(
                "the handicap kind {:?} is not free or fixed",
                other.kind
            ))
        }
    };
    let position = match &case.setup {
        None => None,
        Some(setup) => {
            let mut colors = vec![Color::Empty; size.points()];
            for (vertices, color) in [(&setup.black, Color::Black), (&setup.white, Color::White)] {
                for vertex in vertices {
                    let p = on_board(point(vertex)?, size)?;
                    let index = size.index(p).expect("on the board");
                    if colors[index] != Color::Empty {
                        return Err(format!("setup: {vertex} is given twice"));
                    }
                    colors[index] = color;
                }
            }
            Some((colors, player(&setup.to_move)?))
        }
    };
    if case.turns.is_empty() {
        return Err("no turns".to_string());
    }
    let attempts = case
        .turns
        .iter()
        .map(|turn| match turn.turn.as_str() {
            "pass" if turn.agree_points.is_empty() => Ok(Attempt::Turn(Turn::Pass)),
            "agree" => turn
                .agree_points
                .iter()
                .map(|v| point(v))
                .collect::<Result<Vec<Point>, String>>()
                .map(Attempt::Agree),
            _ if !turn.agree_points.is_empty() => {
                Err(format!("{}: agree_points go with agree only", turn.turn))
            }
            vertex => point(vertex).map(|p| Attempt::Turn(Turn::Move(p))),
        })
        .collect::<Result<Vec<Attempt>, String>>()?;
    Ok(Inputs {
        setup: Setup {
            size,
            rules,
            handicap,
        },
        position,
        attempts,
    })
}

/// The `requires` tags of a game: what an engine must support to play it.
pub fn requirements(setup: &Setup, has_position: bool) -> Vec<String> {
    let rules = setup.rules;
    let mut tags = vec![
        match rules.superko {
            Superko::Positional => "superko:positional",
            Superko::Situational => "superko:situational",
            Superko::SimpleKo => "ko:simple",
        },
        if rules.suicide == Suicide::Allowed {
            "suicide:allowed"
        } else {
            "suicide:forbidden"
        },
        if rules.scoring == Scoring::Territory {
            "scoring:territory"
        } else {
            "scoring:area"
        },
    ];
    if rules.ending == Ending::Agreement {
        tags.push("ending:agreement");
    }
    if rules.komi_half_points != 0 {
        tags.push("komi");
    }
    if rules.illegal_move == IllegalMove::LosesTurn {
        tags.push("illegal:loses-turn");
    }
    if setup.size.width() != setup.size.height() {
        tags.push("rectangle");
    }
    if setup.size.width() > 25 || setup.size.height() > 25 {
        tags.push("large-board");
    }
    match setup.handicap {
        Handicap::None => {}
        Handicap::Free(_) => tags.push("handicap:free"),
        Handicap::Fixed(_) => tags.push("handicap:fixed"),
    }
    if has_position {
        tags.push("setup");
    }
    tags.into_iter().map(str::to_string).collect()
}

/// Our preset name for `rules`, komi aside, when they are one.
pub fn preset_of(rules: Rules) -> Option<String> {
    crate::names::PRESETS
        .iter()
        .map(|(name, _)| *name)
        .find(|name| {
            name.parse::<Rules>().map(|r| Rules {
                komi_half_points: rules.komi_half_points,
                ..r
            }) == Ok(rules)
        })
        .map(str::to_string)
}
