//! A game record: what the reader makes of one line of an SGF game, and
//! what the writer writes: the board, the rules, how the game starts (a
//! handicap or a setup position), the moves, and the recorded result.

use crate::vocab::{Action, Color, Handicap, Player, Rules, Size};

/// One move of a record (or, in a generated game, one attempt).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedMove {
    /// The node it is in, counted from 0 at the root along its line.
    pub node: usize,
    /// Who the record says played it.
    pub player: Player,
    /// The turn, or (in a generated game) an agreement.
    pub action: Action,
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

/// One line of one game of an SGF file: its setup, its moves and its
/// recorded result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Which game and line of the file: `game 1`, `game 1, variation 3`;
    /// empty when the file holds one line.
    pub line: String,
    /// The board.
    pub size: Size,
    /// The rules, with komi.
    pub rules: Rules,
    /// Where the rules came from.
    pub rules_source: RulesSource,
    /// `HA`: `Fixed(n)` when `AB` sets stones up (they are the handicap's),
    /// `Free(n)` when it does not (Black's first n turns are moves).
    pub handicap: Handicap,
    /// The setup position (`AB`, `AW`, `AE`), in point order, if any; a
    /// fixed handicap without it is written on its standard points.
    pub setup: Option<Vec<Color>>,
    /// `PL`: who moves first from the setup, as written.
    pub to_move: Option<Player>,
    /// The moves, in order.
    pub moves: Vec<RecordedMove>,
    /// `RE`, as written (the first along the line).
    pub result: Option<String>,
    /// The root's comment (`C`).
    pub comment: Option<String>,
    /// `AP`: the program that wrote it, and its version.
    pub application: Option<(String, String)>,
    /// The last move is the disputed turn of a reproducer (the node marked
    /// `TTV`, with this note): a reader that replays the game stops before
    /// it and shows its verdict.
    pub disputed: Option<String>,
    /// The moves (by index in `moves`) that are attempts the rules refused:
    /// written as [`ATTEMPT`](super::ATTEMPT) nodes, never as moves, so
    /// that any SGF reader replays the file; read back as moves only when
    /// reading attempts.
    pub refused: Vec<usize>,
}

impl GameRecord {
    /// An empty board of `size` under `rules`, with no moves: fill in the
    /// rest to write a record.
    pub fn new(size: Size, rules: Rules) -> GameRecord {
        GameRecord {
            line: String::new(),
            size,
            rules,
            rules_source: RulesSource::Ru(rules.to_string()),
            handicap: Handicap::None,
            setup: None,
            to_move: None,
            moves: Vec::new(),
            result: None,
            comment: None,
            application: None,
            disputed: None,
            refused: Vec::new(),
        }
    }

    /// Who moves first: `PL`, or the player of the first move, or Black.
    pub fn first_player(&self) -> Player {
        self.to_move
            .or_else(|| self.moves.first().map(|m| m.player))
            .unwrap_or(Player::Black)
    }
}
