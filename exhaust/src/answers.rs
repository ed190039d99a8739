//! The answers two engines give at one node of an exhaustive walk, compared:
//! the state (player to move, passes, end), the grid, the prisoners, the
//! scores and the result, the legal set, and the verdict with its reason on
//! every turn asked without playing.

use std::fmt::Debug;
use tromp_taylor_harness::engine::Engine;
use tromp_taylor_harness::vocab::{Player, Size, Turn, Verdict};

/// Where two engines part at a node: what was asked, and each one's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parted {
    /// What was asked (`grid`, `verdict on (1, 2)`, ...).
    pub what: String,
    /// The first engine's answer.
    pub left: String,
    /// The second engine's answer.
    pub right: String,
}

impl std::fmt::Display for Parted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {} against {}", self.what, self.left, self.right)
    }
}

/// `Ok` when `left == right`, else where they part (`what` is only
/// worded then: the walk asks millions of questions).
pub(crate) fn same<T: PartialEq + Debug, W: std::fmt::Display>(
    what: impl FnOnce() -> W,
    left: T,
    right: T,
) -> Result<(), Parted> {
    if left == right {
        return Ok(());
    }
    Err(Parted {
        what: what().to_string(),
        left: format!("{left:?}"),
        right: format!("{right:?}"),
    })
}

/// Every turn of a `size` board: the pass, then a move at every point in
/// point order.
pub fn every_turn(size: Size) -> Vec<Turn> {
    std::iter::once(Turn::Pass)
        .chain(size.all_points().map(Turn::Move))
        .collect()
}

/// The state and the position's numbers: player to move, passes, end,
/// grid, prisoners, scores and result (with komi).
pub fn compare_position(a: &dyn Engine, b: &dyn Engine) -> Result<(), Parted> {
    same(|| "player to move", a.to_move(), b.to_move())?;
    same(
        || "consecutive passes",
        a.consecutive_passes(),
        b.consecutive_passes(),
    )?;
    same(|| "game over", a.is_over(), b.is_over())?;
    let (ga, gb) = (a.grid(), b.grid());
    if ga != gb {
        return Err(Parted {
            what: "grid".to_string(),
            left: ga.rows().join("/"),
            right: gb.rows().join("/"),
        });
    }
    for player in [Player::Black, Player::White] {
        same(
            || format!("{player:?}'s prisoners"),
            a.prisoners(player),
            b.prisoners(player),
        )?;
        same(
            || format!("{player:?}'s score"),
            a.score(player),
            b.score(player),
        )?;
    }
    same(|| "result", a.outcome(), b.outcome())
}

/// The legal set, which both engines give alike, or where they part.
pub fn compare_legal(a: &dyn Engine, b: &dyn Engine) -> Result<Vec<Turn>, Parted> {
    let (la, lb) = (a.legal_turns(), b.legal_turns());
    same(|| "legal set", &la, &lb)?;
    Ok(la)
}

/// The verdict asked without playing on each of `turns`, compared with
/// its reason; the verdicts.
pub fn compare_verdicts(
    a: &dyn Engine,
    b: &dyn Engine,
    turns: &[Turn],
) -> Result<Vec<Verdict>, Parted> {
    turns
        .iter()
        .map(|&turn| {
            let (va, vb) = (a.check(turn), b.check(turn));
            same(|| format!("verdict on {}", turn_name(turn)), va, vb).map(|()| va)
        })
        .collect()
}

/// A turn in reports: `pass` or `(x, y)`.
pub fn turn_name(turn: Turn) -> String {
    match turn {
        Turn::Pass => "pass".to_string(),
        Turn::Move(p) => format!("({}, {})", p.x, p.y),
    }
}

/// Everything at a node: the position's numbers, the legal set and the
/// verdict on every turn of the board, which must agree with the legal set.
/// The legal set.
pub fn compare_node(a: &dyn Engine, b: &dyn Engine, size: Size) -> Result<Vec<Turn>, Parted> {
    compare_position(a, b)?;
    let legal = compare_legal(a, b)?;
    let turns = every_turn(size);
    let verdicts = compare_verdicts(a, b, &turns)?;
    let checked: Vec<Turn> = turns
        .iter()
        .zip(&verdicts)
        .filter(|(_, v)| v.is_ok())
        .map(|(&t, _)| t)
        .collect();
    // Both engines agree; that the legal set is what the verdicts allow is
    // each engine's own consistency, compared here too.
    same(|| "legal set against the verdicts", &legal, &checked)?;
    Ok(legal)
}

/// Everything else the engines report ([`tromp_taylor_harness::engine::Details`]: every
/// accessor, each refusal's structured reason and message, the printed
/// forms, the engine's self-check), where both report it.
pub fn compare_details(a: &dyn Engine, b: &dyn Engine, size: Size) -> Result<(), Parted> {
    let (Some(da), Some(db)) = (a.details(), b.details()) else {
        return Ok(());
    };
    match tromp_taylor_harness::engine::first_difference(size, &da, &db) {
        None => Ok(()),
        Some((what, left, right)) => Err(Parted {
            what: format!("details: {what}"),
            left,
            right,
        }),
    }
}
