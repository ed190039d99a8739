//! Bugs planted on purpose, to prove that the differential tester catches
//! them: only compiled with the cargo feature `planted-bugs`, never in a
//! normal build.
//!
//! Each [`Bug`] is a mistake a real engine author makes, placed in the code
//! path where it would live. At most one is active at a time, chosen at run
//! time with [`plant`]; with none planted the engine is exactly the normal
//! one. Without the feature every call site is the constant `false`.

use std::fmt;
use std::sync::atomic::{AtomicU8, Ordering};

/// One planted bug.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Bug {
    /// Positional and situational superko are checked as simple ko.
    SimpleKoForSuperko,
    /// The superko table is keyed by 4 bits of the hash, and a hit is trusted
    /// without comparing the colorings.
    TinyHashTrusted,
    /// A single-stone suicide is taken for a no-op and always allowed.
    SingleStoneSuicideAllowed,
    /// A suicide takes back only the played stone, not its whole string.
    SuicideRemovesOnlyPlayedStone,
    /// A move that captures two strings removes only the first.
    OneCaptureOnly,
    /// Joining strings adds up their stones but not their liberties.
    LibertiesNotMerged,
    /// The scorer's flood fill steps a row by `height + 1` instead of `width + 1`.
    ScorerRowUsesHeight,
    /// An empty region reaching both colors is counted as Black's.
    DameCountedForBlack,
    /// Komi is added to Black's score instead of White's.
    KomiSignFlipped,
    /// A move does not reset the run of consecutive passes.
    MoveKeepsPassRun,
    /// Positional and situational superko are swapped.
    SuperkoKindsSwapped,
    /// An agreement counts rows from the top, as SGF does, and empties the mirrored points.
    AgreementRowsFlipped,
    /// Stones lost to one's own suicide are not the opponent's prisoners.
    SuicideNotAPrisoner,
    /// The fixed handicap points count rows from the top (mirrored).
    HandicapMirrored,
    /// A turn lost to an illegal move (seed 003) counts as a pass.
    LostTurnCountsAsPass,
    /// A setup position's White strings without liberties are not refused.
    SetupWhiteStringsUnchecked,
    /// Undo does not give back the prisoners of the turn it takes back.
    UndoKeepsPrisoners,
    /// The fixed handicap points are on the third line on every board,
    /// instead of the fourth from 13x13 up.
    HandicapThirdLineAlways,
    /// The fixed handicap stones are not noted in the "ever this color" record.
    HandicapNotInEver,
    /// A point's place in the packed coloring is kept in 8 bits when a stone is placed.
    PackedIndexU8,
    /// `is_legal` only checks that the point is empty.
    IsLegalOnlyChecksEmpty,
    /// A move refused on an occupied point names the point with x and y swapped.
    RefusalPointTransposed,
    /// A capture leaves the neighbour counts of the emptied points' neighbours as they were.
    AroundKeptOnCapture,
}

impl Bug {
    /// Every planted bug, in order.
    pub const ALL: [Bug; 23] = [
        Bug::SimpleKoForSuperko,
        Bug::TinyHashTrusted,
        Bug::SingleStoneSuicideAllowed,
        Bug::SuicideRemovesOnlyPlayedStone,
        Bug::OneCaptureOnly,
        Bug::LibertiesNotMerged,
        Bug::ScorerRowUsesHeight,
        Bug::DameCountedForBlack,
        Bug::KomiSignFlipped,
        Bug::MoveKeepsPassRun,
        Bug::SuperkoKindsSwapped,
        Bug::AgreementRowsFlipped,
        Bug::SuicideNotAPrisoner,
        Bug::HandicapMirrored,
        Bug::LostTurnCountsAsPass,
        Bug::SetupWhiteStringsUnchecked,
        Bug::UndoKeepsPrisoners,
        Bug::HandicapThirdLineAlways,
        Bug::HandicapNotInEver,
        Bug::PackedIndexU8,
        Bug::IsLegalOnlyChecksEmpty,
        Bug::RefusalPointTransposed,
        Bug::AroundKeptOnCapture,
    ];

    /// The bug's short name, in kebab case.
    pub fn name(self) -> &'static str {
        match self {
            Bug::SimpleKoForSuperko => "simple-ko-for-superko",
            Bug::TinyHashTrusted => "tiny-hash-trusted",
            Bug::SingleStoneSuicideAllowed => "single-stone-suicide-allowed",
            Bug::SuicideRemovesOnlyPlayedStone => "suicide-removes-only-played-stone",
            Bug::OneCaptureOnly => "one-capture-only",
            Bug::LibertiesNotMerged => "liberties-not-merged",
            Bug::ScorerRowUsesHeight => "scorer-row-uses-height",
            Bug::DameCountedForBlack => "dame-counted-for-black",
            Bug::KomiSignFlipped => "komi-sign-flipped",
            Bug::MoveKeepsPassRun => "move-keeps-pass-run",
            Bug::SuperkoKindsSwapped => "superko-kinds-swapped",
            Bug::AgreementRowsFlipped => "agreement-rows-flipped",
            Bug::SuicideNotAPrisoner => "suicide-not-a-prisoner",
            Bug::HandicapMirrored => "handicap-mirrored",
            Bug::LostTurnCountsAsPass => "lost-turn-counts-as-pass",
            Bug::SetupWhiteStringsUnchecked => "setup-white-strings-unchecked",
            Bug::UndoKeepsPrisoners => "undo-keeps-prisoners",
            Bug::HandicapThirdLineAlways => "handicap-third-line-always",
            Bug::HandicapNotInEver => "handicap-not-in-ever",
            Bug::PackedIndexU8 => "packed-index-u8",
            Bug::IsLegalOnlyChecksEmpty => "is-legal-only-checks-empty",
            Bug::RefusalPointTransposed => "refusal-point-transposed",
            Bug::AroundKeptOnCapture => "around-kept-on-capture",
        }
    }

    /// What the bug does, in one line.
    pub fn description(self) -> &'static str {
        match self {
            Bug::SimpleKoForSuperko => {
                "positional and situational superko are checked as simple ko"
            }
            Bug::TinyHashTrusted => {
                "the superko table keys on 4 bits of the hash and trusts a hit without comparing colorings"
            }
            Bug::SingleStoneSuicideAllowed => {
                "a single-stone suicide is taken for a no-op: allowed even when suicide is forbidden or it repeats"
            }
            Bug::SuicideRemovesOnlyPlayedStone => {
                "a suicide takes back only the played stone, not the whole string it joined"
            }
            Bug::OneCaptureOnly => "a move that captures two strings removes only the first",
            Bug::LibertiesNotMerged => {
                "joining strings adds up their stones but not their liberties"
            }
            Bug::ScorerRowUsesHeight => {
                "the scorer's flood fill steps a row by height + 1 instead of width + 1"
            }
            Bug::DameCountedForBlack => {
                "an empty region reaching both colors is counted as Black's"
            }
            Bug::KomiSignFlipped => "komi is added to Black's score instead of White's",
            Bug::MoveKeepsPassRun => "a move does not reset the run of consecutive passes",
            Bug::SuperkoKindsSwapped => "positional and situational superko are swapped",
            Bug::AgreementRowsFlipped => {
                "an agreement counts rows from the top, as SGF does, and empties the mirrored points"
            }
            Bug::SuicideNotAPrisoner => {
                "stones lost to one's own suicide are not counted as the opponent's prisoners"
            }
            Bug::HandicapMirrored => {
                "the fixed handicap points count rows from the top, mirroring them"
            }
            Bug::LostTurnCountsAsPass => {
                "a turn lost to an illegal move (seed 003) counts as a pass toward the end"
            }
            Bug::SetupWhiteStringsUnchecked => {
                "a setup position is refused for a Black string without liberties, not for a White one"
            }
            Bug::UndoKeepsPrisoners => {
                "undo takes the stones back but not the prisoners the turn took"
            }
            Bug::HandicapThirdLineAlways => {
                "the fixed handicap points stay on the third line on boards of 13 and more"
            }
            Bug::HandicapNotInEver => {
                "the fixed handicap stones are not noted in the record of the colors each point has had"
            }
            Bug::PackedIndexU8 => {
                "a placed stone's place in the packed coloring is kept in 8 bits (wrong past 256 points)"
            }
            Bug::IsLegalOnlyChecksEmpty => {
                "is_legal only checks that the game is on and the point empty (no suicide, ko or superko)"
            }
            Bug::RefusalPointTransposed => {
                "a move refused on an occupied point names the point with x and y swapped"
            }
            Bug::AroundKeptOnCapture => {
                "a capture does not update the neighbour counts (empty, black, white) around the emptied points"
            }
        }
    }

    /// Where in `fast` the bug lives.
    pub fn location(self) -> &'static str {
        match self {
            Bug::SimpleKoForSuperko => "game/legality.rs, Game::judge_fully",
            Bug::TinyHashTrusted => "history.rs, History::find and its key",
            Bug::SingleStoneSuicideAllowed => "game/legality.rs, Game::judge_fully",
            Bug::SuicideRemovesOnlyPlayedStone => "game/play.rs, Game::execute_move",
            Bug::OneCaptureOnly => "game/play.rs, Game::execute_move",
            Bug::LibertiesNotMerged => "game/board.rs, Chain::absorb and Chain::release",
            Bug::ScorerRowUsesHeight => "game/scoring.rs, Game::count",
            Bug::DameCountedForBlack => "game/scoring.rs, Game::count",
            Bug::KomiSignFlipped => "game/scoring.rs, Game::result",
            Bug::MoveKeepsPassRun => "game/play.rs, Game::play",
            Bug::SuperkoKindsSwapped => "game/legality.rs, Game::judge_fully",
            Bug::AgreementRowsFlipped => "game/scoring.rs, Game::agree",
            Bug::SuicideNotAPrisoner => "game/play.rs, Game::play",
            Bug::HandicapMirrored => "game/setup.rs, fixed_handicap_points",
            Bug::LostTurnCountsAsPass => "game/play.rs, Game::take_turn",
            Bug::SetupWhiteStringsUnchecked => "game/setup.rs, Game::set_position",
            Bug::UndoKeepsPrisoners => "game/undo.rs, Game::undo",
            Bug::HandicapThirdLineAlways => "game/setup.rs, fixed_handicap_points",
            Bug::HandicapNotInEver => "game/setup.rs, Game::place_fixed_handicap",
            Bug::PackedIndexU8 => "game/board.rs, Game::place_stone",
            Bug::IsLegalOnlyChecksEmpty => "game/legality.rs, Game::is_legal",
            Bug::RefusalPointTransposed => "game/legality.rs, Game::refusal",
            Bug::AroundKeptOnCapture => "game/board.rs, Game::remove_string",
        }
    }

    /// The bug of a name, as [`Bug::name`] gives it.
    pub fn from_name(name: &str) -> Option<Bug> {
        Bug::ALL.into_iter().find(|bug| bug.name() == name)
    }
}

impl fmt::Display for Bug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The planted bug: 0 for none, else the bug's number plus one.
static PLANTED: AtomicU8 = AtomicU8::new(0);

/// Plants `bug` in every game of the process (`None` removes it).
pub fn plant(bug: Option<Bug>) {
    PLANTED.store(bug.map_or(0, |b| b as u8 + 1), Ordering::SeqCst);
}

/// The bug planted now, if any.
pub fn planted() -> Option<Bug> {
    match PLANTED.load(Ordering::SeqCst) {
        0 => None,
        n => Bug::ALL.get(n as usize - 1).copied(),
    }
}

/// Whether `bug` is the bug planted now.
#[inline(always)]
pub(crate) fn active(bug: Bug) -> bool {
    PLANTED.load(Ordering::Relaxed) == bug as u8 + 1
}
