//! A generated game as SGF: its setup and the record of what was attempted
//! in it, converted to a game record and written by the one writer, and read
//! back by the one reader (reading attempts: points off the board kept,
//! agreements as `AE` nodes).

use super::error::SgfError;
use super::read::{read_game, ReadOptions};
use super::record::{GameRecord, RecordedMove};
use super::write::write_record;
use crate::vocab::{Record, Setup};

/// The game record of a generated game: its setup (a fixed handicap written
/// with its stones), and one node per action attempted.
pub fn game_record(setup: &Setup, record: &Record) -> GameRecord {
    let mut game = GameRecord::new(setup.size, setup.rules);
    game.handicap = setup.handicap;
    game.moves = record
        .iter()
        .enumerate()
        .map(|(i, (player, action))| RecordedMove {
            node: i + 1,
            player: *player,
            action: action.clone(),
        })
        .collect();
    game
}

/// The SGF of a game: its setup and the actions attempted in it.
pub fn write(setup: &Setup, record: &Record) -> String {
    write_record(&game_record(setup, record))
}

/// Reads the main line of the first game of `text` as a generated game: the
/// setup (`HA` with `AB` stones is a fixed handicap, without them a free
/// one) and every action, each with the player written. A setup position
/// other than a handicap has no place in a [`Setup`]: read such records
/// with the harness's `Script::read_sgf`.
pub fn read(text: &str) -> Result<(Setup, Record), SgfError> {
    let options = ReadOptions {
        attempts: true,
        ..ReadOptions::default()
    };
    let game = read_game(text, &options)?;
    let setup = Setup {
        size: game.size,
        rules: game.rules,
        handicap: game.handicap,
    };
    let record = game
        .moves
        .into_iter()
        .map(|m| (m.player, m.action))
        .collect();
    Ok((setup, record))
}
