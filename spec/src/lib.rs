//! The Tromp-Taylor rules of Go, transcribed literally: one item per rule, in
//! rule order, each quoting the rule it states.
//!
//! [`rules`] holds the ten rules; [`comments`] the comments and the other
//! rule systems that the [`options`] select; [`Game`] plays a game under
//! them. Everything is recomputed from whole grid colorings: slow, and easy
//! to hold side by side with the text.
//!
//! ```
//! use tromp_taylor_spec::{Game, Point, Rectangle, Rules, Turn};
//!
//! // Rule 6 on a 1x1 grid: Black's only move would clear itself and repeat
//! // the empty grid, so only passes are legal; two passes end the game.
//! let mut game = Game::new(Rectangle::new(1, 1).unwrap(), Rules::default());
//! assert_eq!(game.legal_turns(), vec![Turn::Pass]);
//! assert!(game.play_at(Point::new(0, 0)).is_err());
//! game.pass().unwrap();
//! game.pass().unwrap();
//! assert!(game.is_over());
//! assert_eq!(game.result().to_string(), "0");
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod comments;
pub mod error;
pub mod game;
pub mod grid;
pub mod options;
pub mod rules;

pub use error::{IllegalAgreement, IllegalTurn};
pub use game::Game;
pub use grid::GridError;
pub use options::{
    Ending, Handicap, IllegalMove, Komi, Rules, RulesError, Scoring, Suicide, Superko,
};
pub use rules::{Color, Coloring, Outcome, Player, Point, Rectangle, Topology, Turn};
