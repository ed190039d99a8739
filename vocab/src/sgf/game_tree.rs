//! A game of an SGF file as a tree: how it starts, and each node's moves in
//! depth-first order with its depth, so that every variation can be walked
//! on one game (played forward, taken back) in time linear in the tree.

use super::record::{GameRecord, RecordedMove};

/// One node of a game tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    /// Its number along its line: 0 for the root.
    pub depth: usize,
    /// The moves it holds: at most one, or (reading attempts) an agreement.
    pub moves: Vec<RecordedMove>,
    /// Its `RE`, if it has one.
    pub result: Option<String>,
    /// The note of the disputed turn marked at this node (`TTV`), if any.
    pub disputed: Option<String>,
}

/// One game of an SGF file: how it starts, and its nodes depth first, the
/// main line first. A node's parent is the last node before it one level
/// up; a node ends a line when the next one is no deeper.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameTree {
    /// The board, rules, handicap and setup, as a record without moves or
    /// result; its `line` names the game within its file (empty for a
    /// file's only game).
    pub start: GameRecord,
    /// Every node (the main line only, unless every variation was read).
    pub nodes: Vec<TreeNode>,
}

impl GameTree {
    /// The tree of one line: a record's moves, each in its node.
    pub fn from_record(record: &GameRecord) -> GameTree {
        let last_node = record.moves.iter().map(|m| m.node).max().unwrap_or(0);
        let mut nodes: Vec<TreeNode> = (0..=last_node)
            .map(|depth| TreeNode {
                depth,
                moves: Vec::new(),
                result: None,
                disputed: None,
            })
            .collect();
        for m in &record.moves {
            nodes[m.node].moves.push(m.clone());
        }
        nodes[0].result.clone_from(&record.result);
        nodes[last_node].disputed.clone_from(&record.disputed);
        let start = GameRecord {
            moves: Vec::new(),
            result: None,
            disputed: None,
            refused: Vec::new(),
            ..record.clone()
        };
        GameTree { start, nodes }
    }

    /// Whether node `i` ends a line.
    pub fn ends_line(&self, i: usize) -> bool {
        self.nodes
            .get(i + 1)
            .is_none_or(|next| next.depth <= self.nodes[i].depth)
    }

    /// How many lines (root-to-leaf paths) the tree has.
    pub fn line_count(&self) -> usize {
        (0..self.nodes.len()).filter(|&i| self.ends_line(i)).count()
    }

    /// The name of line `number` (from 1) of a tree of `lines` lines:
    /// `game 2, variation 3`, `variation 3`, `game 2`, or empty.
    pub fn line_name(&self, number: usize, lines: usize) -> String {
        match (self.start.line.is_empty(), lines > 1) {
            (false, true) => format!("{}, variation {number}", self.start.line),
            (true, true) => format!("variation {number}"),
            _ => self.start.line.clone(),
        }
    }

    /// Every line as a record of its own, the main line first. Each record
    /// repeats the moves its line shares with others, so for a deep tree of
    /// many lines this is quadratic: walking the tree is not.
    pub fn records(&self) -> Vec<GameRecord> {
        let lines = self.line_count();
        let mut records = Vec::with_capacity(lines);
        // The path to the current node: for each node on it, how many moves
        // were on the path before it.
        let mut path: Vec<(usize, &TreeNode)> = Vec::new();
        let mut moves: Vec<RecordedMove> = Vec::new();
        for (i, node) in self.nodes.iter().enumerate() {
            while path.last().is_some_and(|(_, n)| n.depth >= node.depth) {
                let (before, _) = path.pop().expect("checked");
                moves.truncate(before);
            }
            path.push((moves.len(), node));
            moves.extend(node.moves.iter().cloned());
            if self.ends_line(i) {
                records.push(GameRecord {
                    line: self.line_name(records.len() + 1, lines),
                    moves: moves.clone(),
                    result: path.iter().find_map(|(_, n)| n.result.clone()),
                    // Only the line's last node marks its disputed turn.
                    disputed: path.last().and_then(|(_, n)| n.disputed.clone()),
                    refused: Vec::new(),
                    ..self.start.clone()
                });
            }
        }
        records
    }
}
