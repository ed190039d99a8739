//! Why SGF text could not be read as games of Go: one error type, whose
//! message names the game and the node and says what is wrong there.

/// Why SGF text could not be read. Games count from 1 in the file, nodes
/// from 0 at the root along the line being read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SgfError {
    /// Not SGF: the text breaks SGF's grammar at `line` and `column`
    /// (counted from 1, the column in bytes).
    #[error("not SGF: line {line}, column {column}: {what}")]
    Syntax {
        /// The line.
        line: usize,
        /// The column, in bytes.
        column: usize,
        /// What is wrong there.
        what: String,
    },
    /// The file holds no game.
    #[error("no game in the file")]
    NoGame,
    /// A game is not Go (`GM` other than 1).
    #[error("game {game} is not a game of Go")]
    NotGo {
        /// The game.
        game: usize,
    },
    /// A property whose value `sgf-parse` cannot read.
    #[error("game {game}, node {node}: {property}{values:?} is malformed")]
    Malformed {
        /// The game.
        game: usize,
        /// The node.
        node: usize,
        /// The property's name.
        property: String,
        /// Its values, as written.
        values: Vec<String>,
    },
    /// `B` or `W` with a value that is not a move.
    #[error("game {game}, node {node}: {property}{values:?} is not a move")]
    NotAMove {
        /// The game.
        game: usize,
        /// The node.
        node: usize,
        /// `B` or `W`.
        property: String,
        /// Its values, as written.
        values: Vec<String>,
    },
    /// `SZ` with a side of 0 or over 52.
    #[error("game {game}, node 0: SZ[{width}:{height}]: each side must be from 1 to 52")]
    Size {
        /// The game.
        game: usize,
        /// The width written.
        width: u8,
        /// The height written.
        height: u8,
    },
    /// `KM` that is no komi: not a finite multiple of 0.5 within the bounds.
    #[error("game {game}, node 0: KM[{komi}] is no komi: {why}")]
    Komi {
        /// The game.
        game: usize,
        /// The komi written.
        komi: String,
        /// What is wrong with it, in `tromp-taylor-spec`'s words.
        why: String,
    },
    /// `RU` naming rules we cannot state.
    #[error("game {game}, node 0: RU[{ru}] names rules we do not know (give --rules)")]
    UnknownRules {
        /// The game.
        game: usize,
        /// The rules written.
        ru: String,
    },
    /// A point off the board (a move, or a stone set up).
    #[error("game {game}, node {node}: the point {point} is off the {size} board")]
    OffBoard {
        /// The game.
        game: usize,
        /// The node.
        node: usize,
        /// The point, in SGF's letters.
        point: String,
        /// The board.
        size: crate::vocab::Size,
    },
    /// A point set up twice with different colors (`AB` and `AW`, say).
    #[error("game {game}, node 0: the point {point} is set up as both {first} and {second}")]
    SetupTwice {
        /// The game.
        game: usize,
        /// The point, in SGF's letters.
        point: String,
        /// The first property naming it.
        first: String,
        /// The second.
        second: String,
    },
    /// More than one move (`B` and `W`, or two of one) in one node.
    #[error("game {game}, node {node}: {moves} in one node: a node holds one move")]
    MovesInOneNode {
        /// The game.
        game: usize,
        /// The node.
        node: usize,
        /// The moves, as written (`B[aa] W[bb]`).
        moves: String,
    },
    /// `AB`, `AW` or `AE` after the root, where the rules cannot replay them.
    #[error("game {game}, node {node}: stones set up in the middle of a game cannot be replayed under the rules")]
    SetupInGame {
        /// The game.
        game: usize,
        /// The node.
        node: usize,
    },
}
