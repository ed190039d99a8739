//! SGF in and out, through the vocabulary's one reader and one writer: a
//! pasted game is replayed up to its first refused move (whose verdict is
//! then shown) or its first move given to the player not to move, and the
//! game played is written back as SGF.

use crate::engines::Setup;
use crate::explorer::Explorer;
use tromp_taylor_spec::{Player, Turn};
use tromp_taylor_vocab::sgf::{
    read_game, write_record, GameRecord, ReadOptions, RecordedMove, SgfError,
};
use tromp_taylor_vocab::spec_words::fixed_handicap_points;
use tromp_taylor_vocab::vocab::{Action, Color, Handicap};

/// How an SGF game starts: a fixed handicap on its standard points is the
/// handicap's turn; any other setup is a position to start from.
fn setup_of(record: &GameRecord) -> Setup {
    let size = record.size;
    let standard = |n| {
        fixed_handicap_points(size, n).ok().map(|points| {
            let mut colors = vec![Color::Empty; size.points()];
            for p in points {
                if let Some(i) = size.index(p) {
                    colors[i] = Color::Black;
                }
            }
            colors
        })
    };
    let position = match (record.handicap, &record.setup) {
        (Handicap::Fixed(n), Some(colors)) if standard(n).as_ref() == Some(colors) => None,
        (_, Some(colors)) => Some((colors.clone(), record.first_player())),
        (_, None) => None,
    };
    let handicap = match (record.handicap, &position) {
        (_, Some(_)) => Handicap::None,
        (handicap, None) => handicap,
    };
    Setup {
        size,
        rules: record.rules,
        handicap,
        position,
    }
}

/// The explorer an SGF text opens: its first game's main line, replayed
/// up to its first refused move, or an empty board and why it could not be
/// read.
pub fn open(text: &str) -> Explorer {
    let record = match read_game(text.as_bytes(), &ReadOptions::default()) {
        Ok(record) => record,
        Err(e) => {
            return Explorer::failed(format!(
                "The SGF could not be read: {}. An empty 9x9 board is shown instead.",
                said(e)
            ))
        }
    };
    let moves: Vec<(Option<Player>, Turn)> = record
        .moves
        .iter()
        .filter_map(|m| match m.action {
            Action::Turn(turn) => Some((Some(m.player), turn)),
            Action::Agree(_) => None,
        })
        .collect();
    Explorer::replay_moves(setup_of(&record), &moves, "The SGF", false)
}

/// Why an SGF text cannot be read, in a browser user's words.
fn said(error: SgfError) -> String {
    match error {
        SgfError::UnknownRules { ru, .. } => format!(
            "its RU[{ru}] names rules the explorer does not know; write a preset ({}), a compact rule string such as koPOSITIONALscoreAREAsui1, or a name such as Japanese or AGA, or leave RU out and choose the rules above",
            tromp_taylor_vocab::names::PRESETS.map(|(name, _)| name).join(", ")
        ),
        error => error.to_string(),
    }
}

/// The game played, as SGF: its setup, then one node per turn (a lost turn
/// as the move that lost it), and the result once the game is over.
pub fn write(explorer: &Explorer) -> String {
    let setup = explorer.setup();
    let mut record = GameRecord::new(setup.size, setup.rules);
    record.handicap = setup.handicap;
    if let Some((colors, to_move)) = &setup.position {
        record.setup = Some(colors.clone());
        record.to_move = Some(*to_move);
    }
    record.application = Some((
        "tromp-taylor-explorer".to_string(),
        env!("CARGO_PKG_VERSION").to_string(),
    ));
    record.moves = explorer
        .taken()
        .iter()
        .enumerate()
        .map(|(i, t)| RecordedMove {
            node: i + 1,
            player: t.player,
            action: Action::Turn(t.turn),
        })
        .collect();
    if explorer.spec().is_over() {
        record.result = Some(explorer.spec().result().to_string());
    }
    write_record(&record)
}
