//! Game records: the games in an SGF file (FF\[4\], through `sgf-parse`), each
//! as a setup and a list of moves, ready to replay under the rules.
//!
//! Read: `SZ` (also `w:h`), `AB`/`AW`/`AE` in the root (a setup position),
//! `PL`, `HA` (a free handicap when no stones are set up), `KM`, `RU` (our
//! presets and compact strings, and the names other programs write, such as
//! `Japanese` or `AGA`), `RE`, and `B`/`W` moves with a pass as `B[]`, or as
//! `B[tt]` on boards up to 19x19. The main line, or every variation.

use crate::vocab::{Color, Handicap, Player, Point, Rules, Size, Superko, Turn};
use sgf_parse::go::{self, Move, Prop};
use sgf_parse::SgfNode;
use std::fmt;

/// One move of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedMove {
    /// The node it is in, counted from 0 at the root along its line.
    pub node: usize,
    /// Who the record says played it.
    pub player: Player,
    /// The turn.
    pub turn: Turn,
}

/// Where a record's rules came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesSource {
    /// The command line's `--rules`, which overrides `RU`.
    Override,
    /// The record's `RU`, as written.
    Ru(String),
    /// No `RU`: the ten rules.
    Default,
}

/// One game of an SGF file: its setup, its moves and its recorded result.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Which game and line of the file: `game 1`, `game 1, variation 3`.
    pub line: String,
    /// The board.
    pub size: Size,
    /// The rules, with komi.
    pub rules: Rules,
    /// Where the rules came from.
    pub rules_source: RulesSource,
    /// A free handicap (`HA` without setup stones).
    pub handicap: Handicap,
    /// The setup position (`AB`, `AW`), in point order, if any.
    pub setup: Option<Vec<Color>>,
    /// Who moves first.
    pub first_player: Player,
    /// The moves, in order.
    pub moves: Vec<RecordedMove>,
    /// `RE`, as written.
    pub result: Option<String>,
}

/// Why a file's games could not be read; names the game and node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Not SGF.
    Parse(String),
    /// The file holds no game.
    NoGame,
    /// A game is not Go (`GM` other than 1).
    NotGo {
        /// The game, from 1.
        game: usize,
    },
    /// A property that cannot be replayed.
    Node {
        /// The game, from 1.
        game: usize,
        /// The node, from 0 at the root along the line.
        node: usize,
        /// What is wrong.
        message: String,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Parse(e) => write!(f, "not SGF: {e}"),
            RecordError::NoGame => f.write_str("no game in the file"),
            RecordError::NotGo { game } => write!(f, "game {game} is not a game of Go"),
            RecordError::Node {
                game,
                node,
                message,
            } => write!(f, "game {game}, node {node}: {message}"),
        }
    }
}

impl std::error::Error for RecordError {}

/// The rules a record's `RU` names: a preset or compact string as
/// `tromp-taylor-spec` reads them, or a name other programs write, mapped to
/// the nearest rules we can state (docs/rules.md lists the mapping).
pub fn rules_from_ru(text: &str) -> Option<Rules> {
    if let Ok(rules) = text.parse::<Rules>() {
        return Some(rules);
    }
    let key: String = text
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .flat_map(|c| c.to_lowercase())
        .collect();
    let simple_ko_territory = Rules {
        superko: Superko::SimpleKo,
        suicide_allowed: false,
        agreement_ending: false,
        territory_scoring: true,
        komi_half_points: 0,
    };
    match key.as_str() {
        "japanese" | "korean" | "jp" | "ko" => Some(simple_ko_territory),
        "aga" | "bgf" => Some(Rules {
            superko: Superko::Situational,
            suicide_allowed: false,
            ..Rules::TROMP_TAYLOR
        }),
        "goe" | "ing" => Some(Rules::TROMP_TAYLOR),
        "cn" => "chinese".parse().ok(),
        _ => None,
    }
}

struct Reader {
    game: usize,
    rules_override: Option<Rules>,
}

impl Reader {
    fn error(&self, node: usize, message: impl Into<String>) -> RecordError {
        RecordError::Node {
            game: self.game,
            node,
            message: message.into(),
        }
    }

    fn point(&self, size: Size, p: go::Point, node: usize) -> Result<Point, RecordError> {
        let (x, y) = (usize::from(p.x), usize::from(p.y));
        if x >= size.width() || y >= size.height() {
            return Err(self.error(
                node,
                format!(
                    "the point {}{} is off the {size} board",
                    char::from(b'a' + p.x.min(25)),
                    char::from(b'a' + p.y.min(25))
                ),
            ));
        }
        Ok(Point::new(x, size.height() - 1 - y))
    }

    fn read(&self, line: Vec<&SgfNode<Prop>>, label: String) -> Result<GameRecord, RecordError> {
        let root = line[0];
        for prop in root.properties() {
            if let Prop::Invalid(id, values) = prop {
                return Err(self.error(0, format!("{id}{values:?} is malformed")));
            }
        }
        if let Some(Prop::GM(gm)) = root.get_property("GM") {
            if *gm != 1 {
                return Err(RecordError::NotGo { game: self.game });
            }
        }
        let size = match root.get_property("SZ") {
            Some(Prop::SZ((w, h))) => {
                Size::new(usize::from(*w), usize::from(*h)).ok_or_else(|| {
                    self.error(0, format!("SZ[{w}:{h}]: each side must be from 1 to 52"))
                })?
            }
            _ => Size::new(19, 19).expect("19x19"),
        };
        let (mut rules, rules_source) = match (self.rules_override, root.get_property("RU")) {
            (Some(rules), _) => (rules, RulesSource::Override),
            (None, Some(Prop::RU(ru))) => {
                let rules = rules_from_ru(&ru.text).ok_or_else(|| {
                    self.error(
                        0,
                        format!("RU[{}] names rules we do not know (give --rules)", ru.text),
                    )
                })?;
                (rules, RulesSource::Ru(ru.text.clone()))
            }
            (None, _) => (Rules::TROMP_TAYLOR, RulesSource::Default),
        };
        if let Some(Prop::KM(komi)) = root.get_property("KM") {
            let half = komi * 2.0;
            if half.fract() != 0.0 || half.abs() > 1e9 {
                return Err(self.error(0, format!("KM[{komi}] is not a multiple of 0.5")));
            }
            if self.rules_override.is_none() || rules.komi_half_points == 0 {
                rules.komi_half_points = half as i32;
            }
        }
        let mut setup = vec![Color::Empty; size.points()];
        let mut has_setup = false;
        for prop in root.properties() {
            let (color, points) = match prop {
                Prop::AB(points) => (Color::Black, points),
                Prop::AW(points) => (Color::White, points),
                Prop::AE(points) => (Color::Empty, points),
                _ => continue,
            };
            for &p in points {
                let point = self.point(size, p, 0)?;
                setup[size.index(point).expect("on the board")] = color;
                has_setup = true;
            }
        }
        let handicap = match root.get_property("HA") {
            Some(Prop::HA(n)) if *n >= 2 && !has_setup => {
                let n = usize::try_from(*n).unwrap_or(usize::MAX);
                Handicap::Free(n)
            }
            _ => Handicap::None,
        };
        let mut moves = Vec::new();
        for (node_number, node) in line.iter().enumerate() {
            for prop in node.properties() {
                let (player, mv) = match prop {
                    Prop::B(mv) => (Player::Black, mv),
                    Prop::W(mv) => (Player::White, mv),
                    Prop::AB(_) | Prop::AW(_) | Prop::AE(_) if node_number > 0 => {
                        return Err(self.error(
                            node_number,
                            "stones set up in the middle of a game cannot be replayed under the rules",
                        ))
                    }
                    Prop::Invalid(id, values) if id == "B" || id == "W" => {
                        return Err(self.error(node_number, format!("{id}{values:?} is not a move")))
                    }
                    _ => continue,
                };
                let turn = match mv {
                    Move::Pass => Turn::Pass,
                    Move::Move(p)
                        if p.x == 19 && p.y == 19 && size.width() <= 19 && size.height() <= 19 =>
                    {
                        Turn::Pass
                    }
                    Move::Move(p) => Turn::Move(self.point(size, *p, node_number)?),
                };
                moves.push(RecordedMove {
                    node: node_number,
                    player,
                    turn,
                });
            }
        }
        let first_player = match root.get_property("PL") {
            Some(Prop::PL(sgf_parse::Color::White)) => Player::White,
            Some(Prop::PL(sgf_parse::Color::Black)) => Player::Black,
            _ => moves.first().map_or(Player::Black, |m| m.player),
        };
        // Game-info properties belong in the root, but a variation may carry
        // its own result: the first RE along the line counts.
        let result = line.iter().find_map(|node| match node.get_property("RE") {
            Some(Prop::RE(re)) => Some(re.text.clone()),
            _ => None,
        });
        Ok(GameRecord {
            line: label,
            size,
            rules,
            rules_source,
            handicap,
            setup: has_setup.then_some(setup),
            first_player,
            moves,
            result,
        })
    }
}

/// Every root-to-leaf line of a game tree, each with its variation number
/// (1 is the main line).
fn lines(root: &SgfNode<Prop>) -> Vec<Vec<&SgfNode<Prop>>> {
    let mut done = Vec::new();
    let mut stack = vec![vec![root]];
    while let Some(line) = stack.pop() {
        let last = *line.last().expect("lines are never empty");
        let children: Vec<&SgfNode<Prop>> = last.children().collect();
        if children.is_empty() {
            done.push(line);
        } else {
            for child in children.into_iter().rev() {
                let mut longer = line.clone();
                longer.push(child);
                stack.push(longer);
            }
        }
    }
    done
}

/// Reads the games of an SGF file: the main line of each, or every
/// variation. `rules` overrides each record's `RU`.
pub fn read_records(
    text: &str,
    all_variations: bool,
    rules: Option<Rules>,
) -> Result<Vec<GameRecord>, RecordError> {
    let trees = go::parse(text).map_err(|e| RecordError::Parse(e.to_string()))?;
    if trees.is_empty() {
        return Err(RecordError::NoGame);
    }
    let many_games = trees.len() > 1;
    let mut records = Vec::new();
    for (i, root) in trees.iter().enumerate() {
        let reader = Reader {
            game: i + 1,
            rules_override: rules,
        };
        let game_label = if many_games {
            format!("game {}", i + 1)
        } else {
            String::new()
        };
        if all_variations {
            let all = lines(root);
            let many_lines = all.len() > 1;
            for (v, line) in all.into_iter().enumerate() {
                let label = match (many_games, many_lines) {
                    (_, true) if many_games => format!("{game_label}, variation {}", v + 1),
                    (_, true) => format!("variation {}", v + 1),
                    _ => game_label.clone(),
                };
                records.push(reader.read(line, label)?);
            }
        } else {
            records.push(reader.read(root.main_variation().collect(), game_label)?);
        }
    }
    Ok(records)
}
