//! The check behind the cargo-fuzz target `gtp`: bytes fed as a GTP session
//! to our engine, which must answer every command well-formed and leave the
//! game unchanged after every error, and whose `printsgf` at the end reads
//! back as the game it played.

use crate::{Session, SessionOptions};
use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::vocab::Rules;

/// Everything a command may change: the size, the rules, the start, the turns
/// and the grid.
fn snapshot(session: &Session) -> impl PartialEq {
    let game = session.game();
    (
        game.size(),
        game.rules(),
        game.start().clone(),
        game.turns().to_vec(),
        game.engine().grid(),
    )
}

/// The `gtp` target: bytes fed as a GTP session to the engine (`fast`, no
/// file access). It must never panic; every response must be `=` or `?`,
/// the command's id, and one empty line at its end and nowhere else; a
/// command that fails must leave the game as it was (the `?` answers checked
/// one by one), but for a move that loses the turn under seed 003's rules,
/// which adds that one turn and leaves the board; and at the end `printsgf` must read back, through the
/// harness's SGF reader, as the same board, rules and turns (on any board up
/// to 52x52, so columns past `z` too).
pub fn gtp_commands(bytes: &[u8]) {
    use crate::reader::{read_line, Line};
    let mut session = Session::new(SessionOptions {
        engine: EngineKind::fast(),
        rules: Rules::default(),
        seed: 1,
        files: false,
    });
    let mut input = bytes;
    // Bounded work: a few hundred commands are plenty to reach any state.
    for _ in 0..400 {
        let Ok(Some(line)) = read_line(&mut input) else {
            break;
        };
        let id = match &line {
            Line::Command(command) => command.id.clone(),
            Line::TooLong(id) => id.clone(),
            Line::Empty => None,
        };
        let before = snapshot(&session);
        let (turns_before, grid_before) = {
            let game = session.game();
            (game.turns().len(), game.engine().grid())
        };
        let Some(response) = session.answer(line) else {
            continue;
        };
        let text = response.to_string();
        let mark = if response.answer.is_ok() { '=' } else { '?' };
        let head = format!("{mark}{}", id.as_deref().unwrap_or(""));
        assert!(text.starts_with(&head), "response {text:?} for id {id:?}");
        assert!(
            text.ends_with("\n\n"),
            "response {text:?} does not end in an empty line"
        );
        assert!(
            !text[..text.len() - 2].contains("\n\n"),
            "response {text:?} holds an empty line"
        );
        if response.answer.is_err() && text.contains("loses the turn") {
            // Seed 003's rules: the illegal move is refused and the turn is
            // lost: one more turn, the board as it was.
            let game = session.game();
            assert_eq!(game.turns().len(), turns_before + 1, "{text:?}");
            assert_eq!(game.engine().grid(), grid_before, "{text:?}");
        } else if response.answer.is_err() {
            let after = snapshot(&session);
            assert!(
                before == after,
                "a failed command changed the game: {text:?}"
            );
        }
        if session.has_quit() {
            break;
        }
    }
    printsgf_reads_back(&mut session);
}

/// `printsgf` reads back as the session's game: its size, its rules and its
/// turns, each with its player.
fn printsgf_reads_back(session: &mut Session) {
    use tromp_taylor_harness::sgf::{read_records, ReadOptions};
    use tromp_taylor_harness::vocab::Action;
    let sgf = session
        .execute("printsgf", &[])
        .unwrap_or_else(|e| panic!("printsgf failed: {e}"));
    let records = read_records(&sgf, &ReadOptions::default())
        .unwrap_or_else(|e| panic!("printsgf does not read back ({e}):\n{sgf}"));
    let record = &records[0];
    let game = session.game();
    assert_eq!(record.size, game.size(), "printsgf's size:\n{sgf}");
    assert_eq!(record.rules, game.rules(), "printsgf's rules:\n{sgf}");
    let turns: Vec<_> = record
        .moves
        .iter()
        .map(|m| (m.player, m.action.clone()))
        .collect();
    let played: Vec<_> = game
        .turns()
        .iter()
        .map(|&(player, turn)| (player, Action::Turn(turn)))
        .collect();
    assert_eq!(turns, played, "printsgf's turns:\n{sgf}");
}
