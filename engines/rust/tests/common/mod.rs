//! What the peers' in-process tests share: rules read from their names, game
//! counts that can be scaled up by hand, and the check of what was skipped.

use tromp_taylor_harness::check::CheckReport;
use tromp_taylor_harness::engine::Unsupported;
use tromp_taylor_harness::vocab::Rules;

/// The rules `text` names: a preset or a compact rule string.
pub fn rules(text: &str) -> Rules {
    text.parse().expect("a rule string")
}

/// `n` games, times the environment variable `scale` when it is set to a
/// number (for longer runs by hand).
pub fn scaled_games(scale: &str, n: usize) -> usize {
    let factor = std::env::var(scale).ok().and_then(|s| s.parse().ok());
    n * factor.unwrap_or(1)
}

/// Asserts that `report` skipped some games, every one of them `engine`'s
/// and for an option that `unclaimed` says the engine does not claim.
pub fn assert_skips_only(report: &CheckReport, engine: &str, unclaimed: fn(&Unsupported) -> bool) {
    let skipped = &report.summary.skipped;
    assert!(!skipped.is_empty());
    for (_, skip) in skipped {
        assert_eq!(skip.engine, engine);
        assert!(unclaimed(&skip.reason), "{skip:?}");
    }
}
