//! SGF (FF\[4\]): one reader, over the `sgf-parse` crate, from SGF text to
//! game records, and one writer from a game record to SGF text.
//!
//! Read: `SZ` (also `w:h`), `AB`/`AW`/`AE` in the root (a setup position),
//! `PL`, `HA`, `KM`, `RU` (our presets and compact strings, and the names
//! other programs write, such as `Japanese` or `AGA`), `RE`, `C` and `AP` in
//! the root, and `B`/`W` moves with a pass as `B[]`, or as `B[tt]` on boards
//! up to 19x19; the main line of each game, or every variation.
//!
//! Written: `C`, `FF`, `GM`, `SZ` (one number for a square), `RU` (our
//! compact rule string), `KM`, `AP`, `HA` (with `AB` for a fixed handicap),
//! the setup stones and `PL`, `RE`, then one node per move, a pass as `B[]`.
//!
//! A generated game (a [`Setup`](crate::vocab::Setup) and the
//! [`Record`](crate::vocab::Record) of what was attempted in it) is written
//! and read through the same two, by [`write()`] and [`read()`]: attempts at
//! points off the board keep their points, and an agreement (comment 8) is a
//! node with `AE` (the points to empty) and a comment saying so.

mod error;
mod game_tree;
mod points;
mod read;
mod record;
mod rules;
mod script;
mod tree;
mod write;

pub use error::SgfError;
pub use game_tree::{GameTree, TreeNode};
pub use read::{read_game, read_games, read_records, Games, ReadOptions, ATTEMPT, DISPUTED};
pub use record::{GameRecord, RecordedMove, RulesSource};
pub use rules::rules_from_ru;
pub use script::{game_record, read, write};
pub use write::write_record;
