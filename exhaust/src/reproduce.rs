//! A difference found by exhaustion, as the differential check reports it:
//! the line walked (from the start or a setup position) replayed as a game
//! by [`tromp_taylor_harness::diff::compare_script`], whose report and SGF are the same as
//! `diff`'s.

use super::answers::Parted;
use super::pair::{Pair, Walked};
use tromp_taylor_harness::diff::compare_script;
use tromp_taylor_harness::script::{Script, Step, Undo};

/// A difference found, with its report.
#[derive(Clone, Debug)]
pub struct Found {
    /// The line that shows it.
    pub walked: Walked,
    /// Where the walk saw the engines part.
    pub parted: Parted,
    /// The differential check's report of the line replayed as a game
    /// (`diff`'s report), or the walk's own words where the replay does
    /// not part.
    pub report: String,
    /// The game as an SGF that replays the difference with
    /// `tromp-taylor diff --replay`, where the replay parts and an SGF can
    /// hold it (none for a difference only an undo shows).
    pub sgf: Option<String>,
}

/// The script of a walked line: its start, each turn attempted, and the
/// undo after the last where the engines part at it.
pub fn script(walked: &Walked) -> Script {
    let steps: Vec<Step> = walked.path.iter().map(|&t| Step::Attempt(t)).collect();
    let undos = match (walked.undo, steps.len()) {
        (true, n) if n > 0 => vec![Undo {
            after: n - 1,
            levels: 1,
        }],
        _ => Vec::new(),
    };
    Script {
        setup: walked.setup,
        start: walked.start.clone(),
        steps,
        undos,
    }
}

/// `walked` and `parted` replayed by the differential check into its report.
pub fn found(pair: &Pair, walked: Walked, parted: Parted) -> Found {
    let script = script(&walked);
    let replayed = compare_script(&script, &pair.left, &pair.right, true);
    let (report, sgf) = match replayed {
        Err(divergence) => {
            let sgf = (!walked.undo).then(|| divergence.sgf());
            (divergence.to_string(), sgf)
        }
        Ok(_) => (
            format!(
                "{} and {} part on {parted} after {:?}, which the differential check's \
                 replay of the line does not show",
                pair.left.name(),
                pair.right.name(),
                script
            ),
            None,
        ),
    };
    Found {
        walked,
        parted,
        report,
        sgf,
    }
}
