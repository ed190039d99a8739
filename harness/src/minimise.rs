//! Shrinks a failing game to a short one that still fails the same way: the
//! shortest failing prefix, then steps removed while the failure stays.

use crate::diff::{compare_script_with, CompareOptions, Divergence};
use crate::engine::EngineKind;
use crate::script::Script;
use crate::stop::Stop;
use std::cell::Cell;
use std::mem::discriminant;

/// A shorter script on which `left` and `right` still part as in `divergence`
/// (the same kind of difference), and the divergence it gives. Deterministic;
/// costs a few hundred replays at most on the small boards where failures
/// are found.
pub fn minimise(
    script: &Script,
    divergence: Box<Divergence>,
    left: &EngineKind,
    right: &EngineKind,
) -> (Script, Box<Divergence>) {
    let kind = discriminant(&divergence.difference);
    minimise_while(script, divergence, left, right, |found| {
        discriminant(&found.difference) == kind
    })
}

/// [`minimise`] with the caller's own test of "fails the same way": a
/// candidate is kept when the engines part on it and `same` accepts the
/// divergence. A panic in an engine counts as not failing the same way.
pub fn minimise_while(
    script: &Script,
    divergence: Box<Divergence>,
    left: &EngineKind,
    right: &EngineKind,
    same: impl Fn(&Divergence) -> bool,
) -> (Script, Box<Divergence>) {
    let shrink = Shrink {
        left,
        right,
        options: CompareOptions::new(true),
        budget: usize::MAX,
        stop: None,
    };
    shrink.run(script, divergence, same)
}

/// How a failing script is shrunk: on which engines, compared how, and
/// with at most how many replays (an engine over GTP replays slowly).
#[derive(Clone, Copy)]
pub struct Shrink<'a> {
    /// The first engine.
    pub left: &'a EngineKind,
    /// The second engine.
    pub right: &'a EngineKind,
    /// How each candidate is compared.
    pub options: CompareOptions,
    /// The most replays spent.
    pub budget: usize,
    /// A request that, once made, ends the shrinking with what it has
    /// (no replay is started after it).
    pub stop: Option<&'a Stop>,
}

impl Shrink<'_> {
    /// A shorter script on which the engines still part and `same` accepts
    /// the divergence, and that divergence: the shortest failing prefix, then
    /// steps removed, then undos, within the budget.
    pub fn run(
        self,
        script: &Script,
        divergence: Box<Divergence>,
        same: impl Fn(&Divergence) -> bool,
    ) -> (Script, Box<Divergence>) {
        let spent = Cell::new(0);
        let fails = |candidate: &Script| -> Option<Box<Divergence>> {
            if spent.get() >= self.budget || self.stop.is_some_and(Stop::is_requested) {
                return None;
            }
            spent.set(spent.get() + 1);
            let run = || compare_script_with(candidate, self.left, self.right, self.options);
            match std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)) {
                Ok(Err(found)) if same(&found) => Some(found),
                _ => None,
            }
        };
        shrink_with(script, divergence, fails)
    }
}

/// Shrinks `script`, failing as `divergence` says, while `fails` finds a
/// candidate failing the same way.
fn shrink_with(
    script: &Script,
    divergence: Box<Divergence>,
    fails: impl Fn(&Script) -> Option<Box<Divergence>>,
) -> (Script, Box<Divergence>) {
    let mut best = script.clone();
    let mut best_divergence = divergence;
    // The steps after the one where they part do not matter.
    best.steps.truncate(best_divergence.steps);
    let mut chunk = best.steps.len() / 2;
    while chunk >= 1 {
        let mut start = 0;
        while start < best.steps.len() {
            let mut candidate = best.clone();
            let end = (start + chunk).min(candidate.steps.len());
            candidate.steps.drain(start..end);
            match fails(&candidate) {
                Some(found) => {
                    best = candidate;
                    best_divergence = found;
                }
                None => start += chunk,
            }
        }
        chunk /= 2;
    }
    // Then each undo that the failure does not need.
    let mut undo = 0;
    while undo < best.undos.len() {
        let mut candidate = best.clone();
        candidate.undos.remove(undo);
        match fails(&candidate) {
            Some(found) => {
                best = candidate;
                best_divergence = found;
            }
            None => undo += 1,
        }
    }
    best.steps.truncate(best_divergence.steps);
    best.undos.retain(|u| u.after < best.steps.len());
    (best, best_divergence)
}
