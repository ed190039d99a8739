//! The SGF reader: bytes, through the iterative tree reader (`tree.rs`,
//! with `sgf-parse`'s properties), to game records, the main line of each
//! game or every variation.

use super::error::SgfError;
use super::points::{from_sgf, is_tt_pass, letters, on_board};
use super::record::{GameRecord, RecordedMove, RulesSource};
use super::rules::rules_from_ru;
use super::tree::{parse, Collection, Node};
use crate::vocab::{Action, Color, Handicap, Player, Point, Rules, Size, Turn};
use sgf_parse::go::{self, Move, Prop};
use sgf_parse::SgfProp;

/// How to read a file's games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// Every root-to-leaf line of each game, not only the main line.
    pub all_variations: bool,
    /// Rules that override each record's `RU` (and its `KM`, unless these
    /// have komi 0).
    pub rules: Option<Rules>,
    /// Read the moves as attempts, as a generated game's SGF has them: a move
    /// off the board keeps its point (the engines refuse it), and `AE` after
    /// the root is an agreement on the points to empty (comment 8). Otherwise
    /// both are errors.
    pub attempts: bool,
}

/// Reads the games of an SGF file, given as its bytes (or as text): the
/// main line of each, or every variation. The text of properties is decoded
/// by the file's `CA` (UTF-8 or ISO-8859-1), or without one as UTF-8 if the
/// file is UTF-8 and as ISO-8859-1 (FF\[4\]'s default) if not.
pub fn read_records(
    text: impl AsRef<[u8]>,
    options: &ReadOptions,
) -> Result<Vec<GameRecord>, SgfError> {
    let trees = parse(text.as_ref())?;
    let many_games = trees.roots.len() > 1;
    let mut records = Vec::new();
    for (i, &root) in trees.roots.iter().enumerate() {
        let reader = Reader {
            game: i + 1,
            options,
            trees: &trees,
        };
        let game_label = if many_games {
            format!("game {}", i + 1)
        } else {
            String::new()
        };
        if options.all_variations {
            let all = lines(&trees, root);
            let many_lines = all.len() > 1;
            for (v, line) in all.into_iter().enumerate() {
                let label = match (many_games, many_lines) {
                    (true, true) => format!("{game_label}, variation {}", v + 1),
                    (false, true) => format!("variation {}", v + 1),
                    _ => game_label.clone(),
                };
                records.push(reader.read(&line, label)?);
            }
        } else {
            records.push(reader.read(&trees.main_line(root), game_label)?);
        }
    }
    Ok(records)
}

/// Reads the main line of the first game of an SGF file (the text must be
/// SGF throughout; later games are not read).
pub fn read_game(text: impl AsRef<[u8]>, options: &ReadOptions) -> Result<GameRecord, SgfError> {
    let trees = parse(text.as_ref())?;
    let root = trees.roots[0];
    let reader = Reader {
        game: 1,
        options,
        trees: &trees,
    };
    reader.read(&trees.main_line(root), String::new())
}

/// Every root-to-leaf line of a game tree, the main line first, walked
/// without recursion.
fn lines(trees: &Collection, root: u32) -> Vec<Vec<u32>> {
    let mut done = Vec::new();
    let mut stack = vec![vec![root]];
    while let Some(line) = stack.pop() {
        let last = *line.last().expect("lines are never empty");
        let children: Vec<u32> = trees.children(last).collect();
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

/// The property `id` of a node, if it has one.
fn get<'n>(node: &'n Node, id: &str) -> Option<&'n Prop> {
    node.props.iter().find(|p| p.identifier() == id)
}

/// Reads the lines of one game.
struct Reader<'a> {
    game: usize,
    options: &'a ReadOptions,
    trees: &'a Collection,
}

impl Reader<'_> {
    /// Our point for SGF's `p`; off the board, an error unless reading attempts.
    fn point(&self, size: Size, p: go::Point, node: usize) -> Result<Point, SgfError> {
        if on_board(size, p) || self.options.attempts {
            return Ok(from_sgf(size, p));
        }
        Err(SgfError::OffBoard {
            game: self.game,
            node,
            point: letters(p),
            size,
        })
    }

    fn size(&self, root: &Node) -> Result<Size, SgfError> {
        match get(root, "SZ") {
            Some(Prop::SZ((w, h))) => {
                Size::new(usize::from(*w), usize::from(*h)).ok_or(SgfError::Size {
                    game: self.game,
                    width: *w,
                    height: *h,
                })
            }
            _ => Ok(Size::new(19, 19).expect("19x19")),
        }
    }

    fn rules(&self, root: &Node) -> Result<(Rules, RulesSource), SgfError> {
        let (mut rules, source) = match (self.options.rules, get(root, "RU")) {
            (Some(rules), _) => (rules, RulesSource::Override),
            (None, Some(Prop::RU(ru))) => {
                let rules = rules_from_ru(&ru.text).ok_or_else(|| SgfError::UnknownRules {
                    game: self.game,
                    ru: ru.text.clone(),
                })?;
                (rules, RulesSource::Ru(ru.text.clone()))
            }
            (None, _) => (Rules::TROMP_TAYLOR, RulesSource::Default),
        };
        if let Some(Prop::KM(komi)) = get(root, "KM") {
            let komi = tromp_taylor_spec::Komi::from_points(*komi).map_err(|e| SgfError::Komi {
                game: self.game,
                komi: komi.to_string(),
                why: match e {
                    tromp_taylor_spec::RulesError::BadKomi { why, .. } => why.to_string(),
                    other => other.to_string(),
                },
            })?;
            if self.options.rules.is_none() || rules.komi_half_points == 0 {
                rules.komi_half_points = komi.half_points();
            }
        }
        Ok((rules, source))
    }

    /// The root's setup position, if it sets any point, and whether `AB`
    /// set a stone.
    fn setup(&self, root: &Node, size: Size) -> Result<(Option<Vec<Color>>, bool), SgfError> {
        let mut setup = vec![Color::Empty; size.points()];
        // The property that set each point, to refuse a point set twice.
        let mut set_by: Vec<Option<&str>> = vec![None; size.points()];
        let (mut any, mut black) = (false, false);
        for prop in root.props.iter() {
            let (color, points, id) = match prop {
                Prop::AB(points) => (Color::Black, points, "AB"),
                Prop::AW(points) => (Color::White, points, "AW"),
                Prop::AE(points) => (Color::Empty, points, "AE"),
                _ => continue,
            };
            for &p in points {
                if !on_board(size, p) {
                    return Err(SgfError::OffBoard {
                        game: self.game,
                        node: 0,
                        point: letters(p),
                        size,
                    });
                }
                let i = size.index(from_sgf(size, p)).expect("on the board");
                match set_by[i] {
                    Some(first) if first != id => {
                        return Err(SgfError::SetupTwice {
                            game: self.game,
                            point: letters(p),
                            first: first.to_string(),
                            second: id.to_string(),
                        })
                    }
                    _ => set_by[i] = Some(id),
                }
                setup[i] = color;
                any = true;
                black |= color == Color::Black;
            }
        }
        Ok((any.then_some(setup), black))
    }

    /// The moves (and, reading attempts, the agreements) along `line`.
    fn moves(&self, line: &[u32], size: Size) -> Result<Vec<RecordedMove>, SgfError> {
        let mut moves: Vec<RecordedMove> = Vec::new();
        for (node, &id) in line.iter().enumerate() {
            let props = &self.trees.node(id).props;
            let written: Vec<&Prop> = props
                .iter()
                .filter(|p| matches!(p, Prop::B(_) | Prop::W(_)))
                .collect();
            if written.len() > 1 {
                return Err(SgfError::MovesInOneNode {
                    game: self.game,
                    node,
                    moves: written
                        .iter()
                        .map(|p| p.to_string())
                        .collect::<Vec<_>>()
                        .join(" "),
                });
            }
            for prop in props {
                if node > 0 && self.options.attempts {
                    if let Some(points) = agreement(prop, size) {
                        // The player to move (PL) proposed it; without a PL,
                        // the player of the action before.
                        let proposer = props.iter().find_map(|p| match p {
                            Prop::PL(sgf_parse::Color::Black) => Some(Player::Black),
                            Prop::PL(sgf_parse::Color::White) => Some(Player::White),
                            _ => None,
                        });
                        let player = proposer
                            .or_else(|| moves.last().map(|m| m.player))
                            .unwrap_or(Player::Black);
                        moves.push(RecordedMove {
                            node,
                            player,
                            action: Action::Agree(points),
                        });
                        continue;
                    }
                }
                let (player, mv) = match prop {
                    Prop::B(mv) => (Player::Black, mv),
                    Prop::W(mv) => (Player::White, mv),
                    Prop::AB(_) | Prop::AW(_) | Prop::AE(_) if node > 0 => {
                        return Err(SgfError::SetupInGame {
                            game: self.game,
                            node,
                        })
                    }
                    Prop::Invalid(id, values) if id == "B" || id == "W" => {
                        return Err(SgfError::NotAMove {
                            game: self.game,
                            node,
                            property: id.clone(),
                            values: values.clone(),
                        })
                    }
                    _ => continue,
                };
                let turn = match mv {
                    Move::Pass => Turn::Pass,
                    Move::Move(p) if is_tt_pass(size, *p) => Turn::Pass,
                    Move::Move(p) => Turn::Move(self.point(size, *p, node)?),
                };
                moves.push(RecordedMove {
                    node,
                    player,
                    action: Action::Turn(turn),
                });
            }
        }
        Ok(moves)
    }

    fn read(&self, line: &[u32], label: String) -> Result<GameRecord, SgfError> {
        let root = self.trees.node(line[0]);
        for prop in root.props.iter() {
            if let Prop::Invalid(id, values) = prop {
                return Err(SgfError::Malformed {
                    game: self.game,
                    node: 0,
                    property: id.clone(),
                    values: values.clone(),
                });
            }
        }
        if let Some(Prop::GM(gm)) = get(root, "GM") {
            if *gm != 1 {
                return Err(SgfError::NotGo { game: self.game });
            }
        }
        let size = self.size(root)?;
        let (rules, rules_source) = self.rules(root)?;
        let (setup, black_stones) = self.setup(root, size)?;
        let handicap = match get(root, "HA") {
            Some(Prop::HA(n)) if *n >= 2 => {
                let n = usize::try_from(*n).unwrap_or(usize::MAX);
                if black_stones {
                    Handicap::Fixed(n)
                } else {
                    Handicap::Free(n)
                }
            }
            _ => Handicap::None,
        };
        let moves = self.moves(line, size)?;
        let to_move = match get(root, "PL") {
            Some(Prop::PL(sgf_parse::Color::White)) => Some(Player::White),
            Some(Prop::PL(sgf_parse::Color::Black)) => Some(Player::Black),
            _ => None,
        };
        // Game-info properties belong in the root, but a variation may carry
        // its own result: the first RE along the line counts.
        let result = line
            .iter()
            .find_map(|&id| match get(self.trees.node(id), "RE") {
                Some(Prop::RE(re)) => Some(re.text.clone()),
                _ => None,
            });
        let comment = match get(root, "C") {
            Some(Prop::C(c)) => Some(c.text.clone()),
            _ => None,
        };
        let application = match get(root, "AP") {
            Some(Prop::AP((name, version))) => Some((name.text.clone(), version.text.clone())),
            _ => None,
        };
        Ok(GameRecord {
            line: label,
            size,
            rules,
            rules_source,
            handicap,
            setup,
            to_move,
            moves,
            result,
            comment,
            application,
        })
    }
}

/// The points of an agreement node's `AE`, in point order: `AE[]` (which
/// `sgf-parse` calls malformed) is an agreement on no point. `None` for any
/// other property.
fn agreement(prop: &Prop, size: Size) -> Option<Vec<Point>> {
    let mut points: Vec<Point> = match prop {
        Prop::AE(points) => points.iter().map(|&p| from_sgf(size, p)).collect(),
        Prop::Invalid(id, values) if id == "AE" && values.iter().all(String::is_empty) => {
            Vec::new()
        }
        _ => return None,
    };
    points.sort();
    Some(points)
}
