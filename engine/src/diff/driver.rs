//! The driver itself: both engines started, each step played on both and
//! their answers compared, undos and the end of the game included; the
//! first difference comes back as a [`Divergence`].

use super::watched::{Side, Watched};
use super::{Difference, Divergence};
use crate::engine::{first_difference, Engine, EngineKind, Supports};
use crate::script::{Action, Record, Script, Step};
use crate::vocab::{Handicap, Player, Setup, Size, Turn, Verdict};
use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// What two engines agreed on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Agreed {
    /// Steps compared.
    pub steps: usize,
    /// Turns actually taken.
    pub turns: usize,
    /// Whether the game ended (so that the results were compared, where
    /// both engines claim them).
    pub ended: bool,
}

/// How often, in steps, the driver compares the engines' [`Details`](crate::engine::Details) (at
/// the start of a game from a position or a handicap, after every undo and
/// at the end too): they include a verdict on every point, which costs
/// `spec` as much as a legal set.
pub const DETAILS_EVERY: usize = 32;

/// Plays `steps` from `setup` on both engines, comparing after every step.
/// `legal_sets` also compares the full legal set before every step, and now
/// and then every other accessor (the thorough check, and the slow part on
/// `spec`). A panic in either engine is caught and reported as
/// [`Difference::Panic`] at the step it happened.
pub fn compare(
    setup: Setup,
    steps: impl IntoIterator<Item = Step>,
    left: &EngineKind,
    right: &EngineKind,
    legal_sets: bool,
) -> Result<Agreed, Box<Divergence>> {
    let script = Script::new(setup, steps.into_iter().collect());
    compare_script(&script, left, right, legal_sets)
}

/// [`compare`] on a whole script: from its setup position if it has one,
/// with its undos taken on both engines and the games compared after them.
pub fn compare_script(
    script: &Script,
    left: &EngineKind,
    right: &EngineKind,
    legal_sets: bool,
) -> Result<Agreed, Box<Divergence>> {
    compare_script_with(script, left, right, CompareOptions::new(legal_sets))
}

/// How thoroughly [`compare_script_with`] compares two engines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompareOptions {
    /// The full legal set before every step, and a verdict asked without
    /// playing on every attempt, where both engines claim them.
    pub legal_sets: bool,
    /// The [`Details`](crate::engine::Details) every so many steps (never
    /// when 0): the workout that mutants face compares them more often than
    /// the default run can afford.
    pub details_every: usize,
    /// Whether a difference in a query (a legal set, or a verdict asked
    /// without playing: [`Difference::LegalSet`], [`Difference::Check`]) is
    /// held back while the game goes on, and reported only where play, the
    /// grids, the prisoners and the results all agree to the end: for an
    /// engine whose queries answer apart from its play (a GTP engine's
    /// `all_legal` and `is_legal`), what its play does matters more.
    pub queries_last: bool,
}

impl CompareOptions {
    /// `legal_sets` or not, the details every [`DETAILS_EVERY`] steps with
    /// them, queries reported where they are met.
    pub fn new(legal_sets: bool) -> CompareOptions {
        CompareOptions {
            legal_sets,
            details_every: if legal_sets { DETAILS_EVERY } else { 0 },
            queries_last: false,
        }
    }
}

/// [`compare_script`] as thoroughly as `options` say.
pub fn compare_script_with(
    script: &Script,
    left: &EngineKind,
    right: &EngineKind,
    options: CompareOptions,
) -> Result<Agreed, Box<Divergence>> {
    let mut so_far = SoFar {
        record: Vec::new(),
        steps: 0,
        undos: 0,
        held: None,
    };
    let asked = Cell::new(Side::Left);
    let played = catch_unwind(AssertUnwindSafe(|| {
        let both = left.supports().both(&right.supports());
        let checks = Checks {
            legal_sets: options.legal_sets && both.legal_sets,
            details_every: options.details_every,
            both,
            chooser: if left.supports().legal_sets || !right.supports().legal_sets {
                Side::Left
            } else {
                Side::Right
            },
            verdicts: options.legal_sets && both.verdict_queries,
            queries_last: options.queries_last,
        };
        play_both(script, left, right, checks, &asked, &mut so_far)
    }));
    played.unwrap_or_else(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".to_string());
        let difference = Difference::Panic {
            engine: match asked.get() {
                Side::Left => left.name(),
                Side::Right => right.name(),
            }
            .to_string(),
            message,
        };
        Err(so_far.divergence(script, (left, right), difference, None, None))
    })
}

/// How far a comparison has got: the line standing, the steps played and
/// the turns undone.
struct SoFar {
    record: Record,
    steps: usize,
    undos: usize,
    /// The first query difference held back ([`CompareOptions::queries_last`]).
    held: Option<Box<Divergence>>,
}

impl SoFar {
    /// The divergence `difference` in `script` between `kinds`, with the
    /// grids of the engines `a` and `b` given that claim grids.
    fn divergence(
        &self,
        script: &Script,
        (left, right): (&EngineKind, &EngineKind),
        difference: Difference,
        a: Option<&dyn Engine>,
        b: Option<&dyn Engine>,
    ) -> Box<Divergence> {
        Box::new(Divergence {
            left: left.name().to_string(),
            right: right.name().to_string(),
            setup: script.setup,
            position: script.start.clone(),
            record: self.record.clone(),
            steps: self.steps,
            undos: self.undos,
            difference,
            left_grid: a.filter(|_| left.supports().grids).map(|e| e.grid()),
            right_grid: b.filter(|_| right.supports().grids).map(|e| e.grid()),
        })
    }
}

/// What a comparison checks besides the verdicts of play.
#[derive(Clone, Copy)]
struct Checks {
    /// The legal set before every step (asked for, and claimed by both).
    legal_sets: bool,
    /// The details every so many steps (never when 0), and at the end.
    details_every: usize,
    /// The answers both engines claim ([`Supports::both`](crate::engine::Supports::both)).
    both: Supports,
    /// The engine whose legal set chooses a turn when the sets are not
    /// compared: the first, unless only the second claims legal sets.
    chooser: Side,
    /// The verdict asked without playing, on every attempt (the thorough
    /// check, and claimed by both).
    verdicts: bool,
    /// Query differences held back to the end ([`CompareOptions::queries_last`]).
    queries_last: bool,
}

/// [`compare_script`] without catching panics; `asked` names the engine
/// last asked, `so_far` holds how far it got.
fn play_both(
    script: &Script,
    left: &EngineKind,
    right: &EngineKind,
    checks: Checks,
    asked: &Cell<Side>,
    so_far: &mut SoFar,
) -> Result<Agreed, Box<Divergence>> {
    let Some((a, b)) = start_both(script, left, right, asked, so_far)? else {
        return Ok(Agreed::default());
    };
    let mut a = Watched {
        engine: a,
        side: Side::Left,
        asked,
    };
    let mut b = Watched {
        engine: b,
        side: Side::Right,
        asked,
    };
    let pair = Pair {
        script,
        kinds: (left, right),
        checks,
    };
    if let Some(difference) = position_difference(&a, &b, checks.both) {
        return Err(pair.fail(so_far, difference, &a, &b));
    }
    let mut agreed = Agreed::default();
    for (index, step) in script.steps.iter().enumerate() {
        match pair.step(index, step, (&mut a, &mut b), so_far)? {
            Some(turns) => {
                agreed.steps += 1;
                agreed.turns += turns;
            }
            None => break,
        }
    }
    pair.end(&a, &b, so_far)?;
    agreed.ended = a.is_over();
    match so_far.held.take() {
        Some(held) => Err(held),
        None => Ok(agreed),
    }
}

/// One comparison: the script, the two engines' kinds and what is checked.
struct Pair<'a> {
    script: &'a Script,
    kinds: (&'a EngineKind, &'a EngineKind),
    checks: Checks,
}

impl Pair<'_> {
    /// The divergence `difference` as it stands in `so_far`.
    fn fail(
        &self,
        so_far: &SoFar,
        difference: Difference,
        a: &dyn Engine,
        b: &dyn Engine,
    ) -> Box<Divergence> {
        so_far.divergence(self.script, self.kinds, difference, Some(a), Some(b))
    }

    /// The divergence `difference`, or, for a query's difference where
    /// queries come last, nothing: the first such is held in `so_far`.
    fn fail_or_hold(
        &self,
        so_far: &mut SoFar,
        difference: Difference,
        a: &dyn Engine,
        b: &dyn Engine,
    ) -> Result<(), Box<Divergence>> {
        let query = matches!(
            difference,
            Difference::LegalSet { .. } | Difference::Check { .. }
        );
        if !(query && self.checks.queries_last) {
            return Err(self.fail(so_far, difference, a, b));
        }
        if so_far.held.is_none() {
            so_far.held = Some(self.fail(so_far, difference, a, b));
        }
        Ok(())
    }

    /// Compares the state, now and then the details, plays step `index`
    /// and compares what follows from it: the turns taken, none when there
    /// was no turn left to choose.
    fn step(
        &self,
        index: usize,
        step: &Step,
        (a, b): (&mut Watched<'_>, &mut Watched<'_>),
        so_far: &mut SoFar,
    ) -> Result<Option<usize>, Box<Divergence>> {
        let (checks, size) = (self.checks, self.script.setup.size);
        let legal = match compare_state(a, b, checks.legal_sets) {
            Ok(legal) => legal,
            Err(difference) => self.fail_or_hold(so_far, difference, a, b).map(|()| None)?,
        };
        // (Not at the start of an empty board: nothing there to tell.)
        let script = self.script;
        let telling =
            index > 0 || script.start.is_some() || script.setup.handicap != Handicap::None;
        if checks.details_every > 0 && index.is_multiple_of(checks.details_every) && telling {
            if let Some(difference) = details_difference(size, a, b) {
                return Err(self.fail(so_far, difference, a, b));
            }
        }
        let played = match play_step((&mut *a, &mut *b), step, legal, checks, so_far) {
            Ok(played) => played,
            Err(difference) => return Err(self.fail(so_far, difference, a, b)),
        };
        let Some(Played { turns, query }) = played else {
            return Ok(None);
        };
        if let Some(difference) = query {
            self.fail_or_hold(so_far, difference, a, b)?;
        }
        if let Some(difference) = position_difference(a, b, checks.both) {
            return Err(self.fail(so_far, difference, a, b));
        }
        let levels = script.undos_after(index);
        if levels > 0 {
            if let Some(difference) = undo_and_compare(a, b, levels, so_far, checks, size) {
                return Err(self.fail(so_far, difference, a, b));
            }
        }
        Ok(Some(turns))
    }

    /// Compares the end: the state, the prisoners, scores and result, and
    /// the details.
    fn end(
        &self,
        a: &dyn Engine,
        b: &dyn Engine,
        so_far: &mut SoFar,
    ) -> Result<(), Box<Divergence>> {
        let checks = self.checks;
        if let Err(difference) = compare_state(a, b, checks.legal_sets) {
            self.fail_or_hold(so_far, difference, a, b)?;
        }
        let end = end_difference(a, b, checks.both).or_else(|| {
            (checks.details_every > 0)
                .then(|| details_difference(self.script.setup.size, a, b))
                .flatten()
        });
        match end {
            Some(difference) => Err(self.fail(so_far, difference, a, b)),
            None => Ok(()),
        }
    }
}

/// The first difference in the grids and the prisoners, each where both
/// engines claim it.
pub(super) fn position_difference(
    a: &dyn Engine,
    b: &dyn Engine,
    both: Supports,
) -> Option<Difference> {
    if both.grids && a.grid() != b.grid() {
        return Some(Difference::Grid);
    }
    prisoners_difference(a, b, both)
}

/// The first difference in prisoners, where both engines claim them.
fn prisoners_difference(a: &dyn Engine, b: &dyn Engine, both: Supports) -> Option<Difference> {
    if !both.captures {
        return None;
    }
    [Player::Black, Player::White]
        .into_iter()
        .find_map(|player| {
            let (left, right) = (a.prisoners(player), b.prisoners(player));
            (left != right).then_some(Difference::Prisoners {
                player,
                left,
                right,
            })
        })
}

/// A step played on both engines: the turns taken (0 or 1), and the
/// difference in the verdicts asked without playing, if they differ where
/// playing did not.
struct Played {
    turns: usize,
    query: Option<Difference>,
}

/// An engine with a game started.
type Started = Box<dyn Engine + Send>;

/// Starts `script`'s game in both engines, `left` first; none when both
/// refuse it alike, a divergence when one refuses or they refuse differently.
fn start_both(
    script: &Script,
    left: &EngineKind,
    right: &EngineKind,
    asked: &Cell<Side>,
    so_far: &SoFar,
) -> Result<Option<(Started, Started)>, Box<Divergence>> {
    asked.set(Side::Left);
    let a = script.start_in(left);
    asked.set(Side::Right);
    let b = script.start_in(right);
    match (a, b) {
        (Ok(a), Ok(b)) => Ok(Some((a, b))),
        // Both refuse; `spec` and `fast` for the same reason, in the same
        // words (another engine's words are its own).
        (Err(a), Err(b)) if a == b || !(ours(left) && ours(right)) => Ok(None),
        (a, b) => {
            let difference = Difference::Start {
                left: a.map(|_| ()),
                right: b.map(|_| ()),
            };
            Err(so_far.divergence(script, (left, right), difference, None, None))
        }
    }
}

/// Plays `step` on both engines and notes it in `so_far`; `legal` is the
/// legal set already asked, if it was. What was played, none when there
/// is no turn left to choose; the difference in the engines' verdicts, if
/// they differ (in legality alone where one gives no reasons).
fn play_step(
    (a, b): (&mut dyn Engine, &mut dyn Engine),
    step: &Step,
    legal: Option<Vec<Turn>>,
    checks: Checks,
    so_far: &mut SoFar,
) -> Result<Option<Played>, Difference> {
    if matches!(step, Step::Agree(_)) && !checks.both.agreements {
        // An agreement one engine cannot be asked to make: left out.
        return Ok(Some(Played {
            turns: 0,
            query: None,
        }));
    }
    let to_move = a.to_move();
    let action = match step {
        Step::Choose(n) => {
            let legal = match (legal, checks.chooser) {
                (Some(legal), _) => legal,
                (None, Side::Left) => a.legal_turns(),
                (None, Side::Right) => b.legal_turns(),
            };
            if legal.is_empty() {
                return Ok(None);
            }
            Action::Turn(legal[*n as usize % legal.len()])
        }
        Step::Attempt(turn) => Action::Turn(*turn),
        Step::Agree(points) => Action::Agree(points.clone()),
    };
    so_far.record.push((to_move, action.clone()));
    so_far.steps += 1;
    let same = |va: Verdict, vb: Verdict| match checks.both.reasons {
        true => va == vb,
        false => va.is_ok() == vb.is_ok(),
    };
    match action {
        Action::Turn(turn) => {
            let asked = (checks.verdicts && matches!(step, Step::Attempt(_)))
                .then(|| (a.check(turn), b.check(turn)));
            let (va, vb) = (a.play(turn), b.play(turn));
            if !same(va, vb) {
                return Err(Difference::Verdict {
                    turn,
                    left: va,
                    right: vb,
                });
            }
            let query = asked
                .filter(|&(ca, cb)| !same(ca, cb))
                .map(|(ca, cb)| Difference::Check {
                    turn,
                    left: ca,
                    right: cb,
                });
            Ok(Some(Played {
                turns: usize::from(va.is_ok()),
                query,
            }))
        }
        Action::Agree(points) => {
            let (va, vb) = (a.agree(&points), b.agree(&points));
            if va != vb {
                return Err(Difference::Agreement {
                    left: va,
                    right: vb,
                });
            }
            Ok(Some(Played {
                turns: 0,
                query: None,
            }))
        }
    }
}

/// Takes back `levels` turns on both engines ([`undo_both`]), then compares
/// the state, the grid, the end and the details on the `size` board.
fn undo_and_compare(
    a: &mut dyn Engine,
    b: &mut dyn Engine,
    levels: usize,
    so_far: &mut SoFar,
    checks: Checks,
    size: Size,
) -> Option<Difference> {
    undo_both(a, b, levels, so_far).or_else(|| {
        state_difference(a, b, checks.legal_sets)
            .or_else(|| position_difference(a, b, checks.both))
            .or_else(|| end_difference(a, b, checks.both))
            .or_else(|| details_difference(size, a, b))
    })
}

/// Whether `kind` is one of our two engines, whose refusals to start a game
/// are worded alike.
fn ours(kind: &EngineKind) -> bool {
    kind.name() == "spec" || kind.name() == "fast"
}

/// Takes back `levels` turns on both engines, the record with them; the
/// first undo they answer differently.
fn undo_both(
    a: &mut dyn Engine,
    b: &mut dyn Engine,
    levels: usize,
    so_far: &mut SoFar,
) -> Option<Difference> {
    for _ in 0..levels {
        let (ua, ub) = (a.undo(), b.undo());
        if ua != ub {
            return Some(Difference::Undo {
                left: ua,
                right: ub,
            });
        }
        if ua {
            so_far.record.pop();
            so_far.undos += 1;
        }
    }
    None
}

/// Replays a recorded game (from SGF) on both engines.
pub fn compare_record(
    setup: Setup,
    record: &Record,
    left: &EngineKind,
    right: &EngineKind,
) -> Result<Agreed, Box<Divergence>> {
    let steps = record.iter().map(|(_, action)| match action {
        Action::Turn(turn) => Step::Attempt(*turn),
        Action::Agree(points) => Step::Agree(points.clone()),
    });
    compare(setup, steps.collect::<Vec<_>>(), left, right, true)
}

/// The first difference between the two engines' [`Details`](crate::engine::Details), when both
/// report them.
fn details_difference(size: Size, a: &dyn Engine, b: &dyn Engine) -> Option<Difference> {
    let (da, db) = (a.details()?, b.details()?);
    first_difference(size, &da, &db).map(|(what, left, right)| Difference::Details {
        what,
        left,
        right,
    })
}

fn state_difference(a: &dyn Engine, b: &dyn Engine, legal_sets: bool) -> Option<Difference> {
    compare_state(a, b, legal_sets).err()
}

/// [`state_difference`], which also hands back the legal set both engines
/// gave when it compared them (so a chosen turn is taken from it rather than
/// asked for again: on `spec`, the list of legal turns is most of the work).
pub(super) fn compare_state(
    a: &dyn Engine,
    b: &dyn Engine,
    legal_sets: bool,
) -> Result<Option<Vec<Turn>>, Difference> {
    if a.is_over() != b.is_over() {
        return Err(Difference::Over {
            left: a.is_over(),
            right: b.is_over(),
        });
    }
    if a.to_move() != b.to_move() {
        return Err(Difference::ToMove {
            left: a.to_move(),
            right: b.to_move(),
        });
    }
    if a.consecutive_passes() != b.consecutive_passes() {
        return Err(Difference::Passes {
            left: a.consecutive_passes(),
            right: b.consecutive_passes(),
        });
    }
    if !legal_sets {
        return Ok(None);
    }
    let (la, lb) = (a.legal_turns(), b.legal_turns());
    if la != lb {
        return Err(Difference::LegalSet {
            only_left: la.iter().filter(|t| !lb.contains(t)).copied().collect(),
            only_right: lb.iter().filter(|t| !la.contains(t)).copied().collect(),
        });
    }
    Ok(Some(la))
}

/// The first difference in prisoners, scores and result, each where both
/// engines claim it (`both`): the result at any moment with the scores, or
/// else once the game is over where both claim results.
pub(super) fn end_difference(a: &dyn Engine, b: &dyn Engine, both: Supports) -> Option<Difference> {
    if let Some(difference) = prisoners_difference(a, b, both) {
        return Some(difference);
    }
    for player in [Player::Black, Player::White] {
        if both.scores && a.score(player) != b.score(player) {
            return Some(Difference::Score {
                player,
                left: a.score(player),
                right: b.score(player),
            });
        }
    }
    let results = both.scores || (both.results && a.is_over());
    (results && a.outcome() != b.outcome()).then(|| Difference::Outcome {
        left: a.outcome(),
        right: b.outcome(),
    })
}
