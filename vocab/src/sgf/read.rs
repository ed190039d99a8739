//! The SGF reader: bytes, through the iterative tree reader (`tree.rs`,
//! with `sgf-parse`'s properties), to game records, the main line of each
//! game or every variation.

use super::error::SgfError;
use super::game_tree::{GameTree, TreeNode};
use super::points::{from_sgf, is_tt_pass, letters, on_board};
use super::record::{GameRecord, RecordedMove, RulesSource};
use super::rules::rules_from_ru;
use super::tree::{parse, Collection, GameTrees, Node};
use crate::vocab::{Action, Color, Handicap, Player, Point, Rules, Size, Turn};
use sgf_parse::go::{self, Move, Prop};
use sgf_parse::SgfProp;

/// The property, of our own (SGF readers ignore it), that marks the last
/// node of a reproducer as the disputed turn, with a note.
pub const DISPUTED: &str = "TTV";

/// The property of a node that holds an attempt the rules refused, kept so
/// that the game can be played again as it was tried (`TTA[B:ad]`: the
/// player, then the point as SGF letters, off the board too; `TTA[W:]` a
/// pass). Read back as a move only when reading attempts; any other reader
/// sees a node without a move.
pub const ATTEMPT: &str = "TTA";

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
/// main line of each, or every variation, each line a record of its own
/// (for a file of many deep variations, [`read_games`] walks them in less).
/// The text of properties is decoded by the file's `CA` (UTF-8 or
/// ISO-8859-1), or without one as UTF-8 if the file is UTF-8 and as
/// ISO-8859-1 (FF\[4\]'s default) if not.
pub fn read_records(
    text: impl AsRef<[u8]>,
    options: &ReadOptions,
) -> Result<Vec<GameRecord>, SgfError> {
    let mut records = Vec::new();
    for game in read_games(text.as_ref(), options) {
        records.extend(game?.records());
    }
    Ok(records)
}

/// Reads the main line of the first game of an SGF file (the text must be
/// SGF throughout; later games are not read).
pub fn read_game(text: impl AsRef<[u8]>, options: &ReadOptions) -> Result<GameRecord, SgfError> {
    let bytes = text.as_ref();
    let trees = parse(bytes)?;
    let reader = Reader {
        game: 1,
        options: &ReadOptions {
            all_variations: false,
            ..*options
        },
        trees: &trees,
    };
    let tree = reader.tree(trees.roots[0], String::new())?;
    Ok(tree.records().remove(0))
}

/// Reads the games of an SGF file one at a time, each as a [`GameTree`] (its
/// main line, or every variation): a large collection is never held whole,
/// and [`Games::bytes_read`] says how far the reading has got. A game that
/// is not a game of Go (say, a point set up twice) is an error and the next
/// game is read; after a syntax error, nothing more is read.
pub fn read_games<'a>(bytes: &'a [u8], options: &ReadOptions) -> Games<'a> {
    Games {
        trees: GameTrees::new(bytes),
        options: *options,
        game: 0,
        many: false,
        failed: false,
    }
}

/// The games of an SGF file, read one at a time: see [`read_games`].
pub struct Games<'a> {
    trees: GameTrees<'a>,
    options: ReadOptions,
    game: usize,
    many: bool,
    failed: bool,
}

impl Games<'_> {
    /// How many bytes of the file have been read.
    pub fn bytes_read(&self) -> usize {
        self.trees.position()
    }
}

impl Iterator for Games<'_> {
    type Item = Result<GameTree, SgfError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let trees = match self.trees.next()? {
            Ok(trees) => trees,
            Err(e) => {
                self.failed = true;
                return Some(Err(e));
            }
        };
        self.game += 1;
        if self.game == 1 {
            self.many = self.trees.more_follows();
        }
        let label = if self.many {
            format!("game {}", self.game)
        } else {
            String::new()
        };
        let reader = Reader {
            game: self.game,
            options: &self.options,
            trees: &trees,
        };
        Some(reader.tree(trees.roots[0], label))
    }
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

    /// The attempt a [`ATTEMPT`] property holds (`B:ad`, `W:`).
    fn attempt(
        &self,
        values: &[String],
        node: usize,
        size: Size,
    ) -> Result<RecordedMove, SgfError> {
        let value = values.concat();
        let bad = || SgfError::NotAMove {
            game: self.game,
            node,
            property: ATTEMPT.to_string(),
            values: values.to_vec(),
        };
        let (who, at) = value.split_once(':').ok_or_else(bad)?;
        let player = match who {
            "B" => Player::Black,
            "W" => Player::White,
            _ => return Err(bad()),
        };
        let coordinate = |c: u8| match c {
            b'a'..=b'z' => Some(c - b'a'),
            b'A'..=b'Z' => Some(c - b'A' + 26),
            _ => None,
        };
        let turn = match at.as_bytes() {
            [] => Turn::Pass,
            [x, y] => {
                let (x, y) = coordinate(*x).zip(coordinate(*y)).ok_or_else(bad)?;
                Turn::Move(self.point(size, go::Point { x, y }, node)?)
            }
            _ => return Err(bad()),
        };
        Ok(RecordedMove {
            node,
            player,
            action: Action::Turn(turn),
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

    /// The moves (and, reading attempts, the agreements) of node `id`, the
    /// `node`th of its line; `last_player` made the line's last move before it.
    fn node_moves(
        &self,
        id: u32,
        node: usize,
        size: Size,
        last_player: Option<Player>,
    ) -> Result<Vec<RecordedMove>, SgfError> {
        let mut moves: Vec<RecordedMove> = Vec::new();
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
            if let (Prop::Unknown(id, values), true) = (prop, self.options.attempts) {
                if id == ATTEMPT {
                    moves.push(self.attempt(values, node, size)?);
                }
                continue;
            }
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
                        .or(last_player)
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
        Ok(moves)
    }

    /// The game whose root is `root`: how it starts, then its nodes depth
    /// first (the main line only, unless reading every variation), walked
    /// without recursion.
    fn tree(&self, root: u32, label: String) -> Result<GameTree, SgfError> {
        let start = self.start(root, label)?;
        let mut nodes = Vec::new();
        let mut stack = vec![(root, 0, None)];
        while let Some((id, depth, last_player)) = stack.pop() {
            let moves = self.node_moves(id, depth, start.size, last_player)?;
            let last_player = moves.last().map(|m| m.player).or(last_player);
            let result = match get(self.trees.node(id), "RE") {
                Some(Prop::RE(re)) => Some(re.text.clone()),
                _ => None,
            };
            let disputed = match get(self.trees.node(id), DISPUTED) {
                Some(Prop::Unknown(_, values)) => Some(values.concat()),
                _ => None,
            };
            nodes.push(TreeNode {
                depth,
                moves,
                result,
                disputed,
            });
            if self.options.all_variations {
                let children: Vec<u32> = self.trees.children(id).collect();
                for &child in children.iter().rev() {
                    stack.push((child, depth + 1, last_player));
                }
            } else if let Some(child) = self.trees.first_child(id) {
                stack.push((child, depth + 1, last_player));
            }
        }
        Ok(GameTree { start, nodes })
    }

    /// How the game whose root is `root` starts: a record without moves or
    /// result.
    fn start(&self, root: u32, label: String) -> Result<GameRecord, SgfError> {
        let root = self.trees.node(root);
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
        let to_move = match get(root, "PL") {
            Some(Prop::PL(sgf_parse::Color::White)) => Some(Player::White),
            Some(Prop::PL(sgf_parse::Color::Black)) => Some(Player::Black),
            _ => None,
        };
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
            moves: Vec::new(),
            result: None,
            comment,
            application,
            disputed: None,
            refused: Vec::new(),
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
