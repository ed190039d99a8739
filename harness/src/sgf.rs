//! Games as SGF (FF\[4\]), read and written through the `sgf-parse` crate.
//!
//! Written: `SZ` (`w:h` for rectangles), `RU` (our compact rule string),
//! `KM`, `HA` (with `AB` for a fixed handicap), then one node per attempted
//! turn, `B[]` for a pass, and `AE` for an agreement on points to empty.
//! Read: the same, with a pass also as `B[tt]` on boards up to 19x19.

use crate::script::{Action, Record};
use crate::vocab::{Handicap, Player, Point, Rules, Setup, Size, Turn};
use sgf_parse::go::{self, Move, Prop};
use sgf_parse::{SgfNode, SgfProp};
use std::collections::HashSet;
use std::fmt;

/// Why an SGF game could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SgfError {
    /// Not SGF, or not a game of Go.
    Parse(String),
    /// The collection holds no game.
    NoGame,
    /// A property the game cannot be played with; `node` counts from 0 at the root.
    Property {
        /// The node, from 0 at the root, along the main line.
        node: usize,
        /// What is wrong.
        message: String,
    },
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SgfError::Parse(e) => write!(f, "not an SGF game of Go: {e}"),
            SgfError::NoGame => f.write_str("the SGF collection holds no game"),
            SgfError::Property { node, message } => write!(f, "node {node}: {message}"),
        }
    }
}

impl std::error::Error for SgfError {}

fn sgf_point(size: Size, p: Point) -> go::Point {
    go::Point {
        x: p.x as u8,
        y: (size.height() - 1 - p.y) as u8,
    }
}

fn our_point(size: Size, p: go::Point) -> Point {
    let y = p.y as usize;
    // A row beyond the board stays beyond it, so the engines refuse it.
    let y = if y < size.height() {
        size.height() - 1 - y
    } else {
        y
    };
    Point::new(p.x as usize, y)
}

/// The SGF of a game: its setup and the actions attempted in it.
pub fn write(setup: &Setup, record: &Record) -> String {
    let size = setup.size;
    let mut root = vec![
        Prop::new("FF".to_string(), vec!["4".to_string()]),
        Prop::new("GM".to_string(), vec!["1".to_string()]),
        Prop::SZ((size.width() as u8, size.height() as u8)),
        Prop::RU(setup.rules.to_string().as_str().into()),
        Prop::KM(f64::from(setup.rules.komi_half_points) / 2.0),
    ];
    match setup.handicap {
        Handicap::None => {}
        Handicap::Free(n) => root.push(Prop::HA(n as i64)),
        Handicap::Fixed(n) => {
            root.push(Prop::HA(n as i64));
            if let Ok(points) = crate::engine::spec::fixed_handicap_points(size, n) {
                root.push(Prop::AB(
                    points.into_iter().map(|p| sgf_point(size, p)).collect(),
                ));
            }
        }
    }
    let nodes: Vec<Vec<Prop>> = record
        .iter()
        .map(|(player, action)| match action {
            Action::Turn(turn) => {
                let mv = match turn {
                    Turn::Pass => Move::Pass,
                    Turn::Move(p) if size.index(*p).is_some() => Move::Move(sgf_point(size, *p)),
                    // Off-board attempts: written as far off as SGF allows.
                    Turn::Move(p) => Move::Move(go::Point {
                        x: p.x.min(51) as u8,
                        y: p.y.min(51) as u8,
                    }),
                };
                vec![match player {
                    Player::Black => Prop::B(mv),
                    Player::White => Prop::W(mv),
                }]
            }
            Action::Agree(points) => vec![
                Prop::AE(
                    points
                        .iter()
                        .filter(|p| size.index(**p).is_some())
                        .map(|p| sgf_point(size, *p))
                        .collect::<HashSet<_>>(),
                ),
                Prop::C("agreement on the points to empty (comment 8)".into()),
            ],
        })
        .collect();
    let mut tail: Option<SgfNode<Prop>> = None;
    for props in nodes.into_iter().rev() {
        tail = Some(SgfNode::new(props, tail.into_iter().collect(), false));
    }
    SgfNode::new(root, tail.into_iter().collect(), true).serialize()
}

/// Reads the main line of the first game of `text`.
pub fn read(text: &str) -> Result<(Setup, Record), SgfError> {
    let trees = go::parse(text).map_err(|e| SgfError::Parse(e.to_string()))?;
    let root = trees.first().ok_or(SgfError::NoGame)?;
    let bad = |node: usize, message: String| SgfError::Property { node, message };
    let size = match root.get_property("SZ") {
        Some(Prop::SZ((w, h))) => Size::new(*w as usize, *h as usize)
            .ok_or_else(|| bad(0, format!("SZ[{w}:{h}] is not a board from 1x1 to 52x52")))?,
        Some(_) => return Err(bad(0, "SZ is malformed".to_string())),
        None => Size::new(19, 19).expect("19x19"),
    };
    let mut rules = match root.get_property("RU") {
        Some(Prop::RU(text)) => text
            .text
            .parse::<Rules>()
            .map_err(|e| bad(0, e.to_string()))?,
        _ => Rules::default(),
    };
    if let Some(Prop::KM(komi)) = root.get_property("KM") {
        let half = komi * 2.0;
        if half.fract() != 0.0 || half.abs() > 1e9 {
            return Err(bad(0, format!("KM[{komi}] is not a multiple of 0.5")));
        }
        rules.komi_half_points = half as i32;
    }
    let stones = |props: Option<&Prop>| match props {
        Some(Prop::AB(points)) => points.len(),
        _ => 0,
    };
    let handicap = match root.get_property("HA") {
        Some(Prop::HA(n)) if *n >= 2 && stones(root.get_property("AB")) > 0 => {
            Handicap::Fixed(*n as usize)
        }
        Some(Prop::HA(n)) if *n >= 2 => Handicap::Free(*n as usize),
        _ => Handicap::None,
    };
    let setup = Setup {
        size,
        rules,
        handicap,
    };
    let mut record = Vec::new();
    for node in root.main_variation() {
        for prop in node.properties() {
            let (player, mv) = match prop {
                Prop::B(mv) => (Player::Black, mv),
                Prop::W(mv) => (Player::White, mv),
                Prop::AE(points) => {
                    let mut points: Vec<Point> =
                        points.iter().map(|p| our_point(size, *p)).collect();
                    points.sort();
                    let to_move = record
                        .last()
                        .map(|(p, _): &(Player, Action)| *p)
                        .unwrap_or(Player::Black);
                    record.push((to_move, Action::Agree(points)));
                    continue;
                }
                _ => continue,
            };
            let turn = match mv {
                Move::Pass => Turn::Pass,
                Move::Move(p)
                    if size.width() <= 19 && size.height() <= 19 && p.x == 19 && p.y == 19 =>
                {
                    Turn::Pass
                }
                Move::Move(p) => Turn::Move(our_point(size, *p)),
            };
            record.push((player, Action::Turn(turn)));
        }
    }
    Ok((setup, record))
}
