//! Shrinks a failing game to a short one that still fails the same way: the
//! shortest failing prefix, then steps removed while the failure stays.

use crate::diff::{compare, Difference, Mismatch};
use crate::engine::EngineKind;
use crate::script::Script;
use std::mem::discriminant;

/// Whether `script` still makes the engines part on the same kind of difference.
fn still_fails(script: &Script, kind: &Difference, left: EngineKind, right: EngineKind) -> bool {
    match compare(script.setup, script.steps.clone(), left, right, true) {
        Err(mismatch) => discriminant(&mismatch.difference) == discriminant(kind),
        Ok(_) => false,
    }
}

/// A shorter script on which `left` and `right` still part as in `mismatch`,
/// and the mismatch it gives. Deterministic; costs a few hundred replays at
/// most on the small boards where failures are found.
pub fn minimise(
    script: &Script,
    mismatch: Box<Mismatch>,
    left: EngineKind,
    right: EngineKind,
) -> (Script, Box<Mismatch>) {
    let kind = mismatch.difference.clone();
    let mut best = script.clone();
    // The steps after the one where they part do not matter.
    best.steps.truncate(mismatch.record.len());
    let mut chunk = best.steps.len() / 2;
    while chunk >= 1 {
        let mut start = 0;
        while start < best.steps.len() {
            let mut candidate = best.clone();
            let end = (start + chunk).min(candidate.steps.len());
            candidate.steps.drain(start..end);
            if still_fails(&candidate, &kind, left, right) {
                best = candidate;
            } else {
                start += chunk;
            }
        }
        chunk /= 2;
    }
    let final_mismatch = match compare(best.setup, best.steps.clone(), left, right, true) {
        Err(m) => m,
        Ok(_) => mismatch,
    };
    best.steps.truncate(final_mismatch.record.len());
    (best, final_mismatch)
}
