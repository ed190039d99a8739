//! Part one: every legal position of a board with either player to move,
//! every turn from it (every point and the pass), under each set of rules.
//!
//! Both engines start at the position; the node's answers are compared
//! ([`super::answers::compare_node`]: the state, grid, prisoners, scores,
//! result, the legal set and the verdict with its reason on every turn);
//! then each turn is played on both, the verdict, grid, prisoners, scores
//! and result after it compared, and taken back by an undo on both (whose
//! answers, and the game after it, are compared too).

use super::answers::{compare_node, compare_position, every_turn, same, Parted};
use super::pair::{Pair, Started, Walked};
use tromp_taylor_harness::engine::Engine;
use tromp_taylor_harness::vocab::{Color, Player, Position, Rules, Setup, Size, Turn};

/// What one position came to: the turns compared under every rules, or
/// where the engines part.
pub fn check_position(
    pair: &Pair,
    size: Size,
    rules: Rules,
    position: &Position,
) -> Result<u64, Box<(Walked, Parted)>> {
    let walked = |path: Vec<Turn>, undo: bool| Walked {
        setup: Setup {
            size,
            rules,
            handicap: tromp_taylor_harness::vocab::Handicap::None,
        },
        start: Some(position.clone()),
        path,
        undo,
    };
    let fail = |path, undo| move |parted| Box::new((walked(path, undo), parted));
    let (mut a, mut b) = start_both(pair, size, rules, position).map_err(fail(vec![], false))?;
    compare_node(&*a, &*b, size).map_err(fail(vec![], false))?;
    let turns = every_turn(size);
    for &turn in &turns {
        play_and_undo(&mut *a, &mut *b, turn)
            .map_err(|(parted, undo)| Box::new((walked(vec![turn], undo), parted)))?;
    }
    Ok(turns.len() as u64)
}

/// Starts the position in both engines; both must start it (it is legal).
fn start_both(
    pair: &Pair,
    size: Size,
    rules: Rules,
    position: &Position,
) -> Result<(Started, Started), Parted> {
    let started = super::pair::start_both(pair, |kind| {
        kind.start_position(size, rules, &position.colors, position.to_move)
    })?;
    started.ok_or_else(|| Parted {
        what: "start from a legal position".to_string(),
        left: "refused".to_string(),
        right: "refused alike".to_string(),
    })
}

/// Plays `turn` on both, compares the verdict and the position after it,
/// then takes it back on both and compares again; where they part, and
/// whether it was at the undo or after it.
fn play_and_undo(a: &mut dyn Engine, b: &mut dyn Engine, turn: Turn) -> Result<(), (Parted, bool)> {
    let what = || format!("verdict on playing {}", super::answers::turn_name(turn));
    same(what, a.play(turn), b.play(turn)).map_err(|p| (p, false))?;
    compare_position(a, b).map_err(|p| (p, false))?;
    // Taken back whether or not a turn was taken (a refused move leaves
    // nothing to take back: both must say so).
    same(|| "undo", a.undo(), b.undo()).map_err(|p| (p, true))?;
    compare_position(a, b).map_err(|p| (p, true))
}

/// The positions of a coloring: with Black to move, then White.
pub fn both_players(colors: Vec<Color>) -> [Position; 2] {
    [
        Position {
            colors: colors.clone(),
            to_move: Player::Black,
        },
        Position {
            colors,
            to_move: Player::White,
        },
    ]
}
