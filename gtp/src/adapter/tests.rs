//! The adapter's own tests: failures named, and what an engine is claimed to support.

use super::engine::*;
use super::probe::*;
use super::*;
use crate::capabilities::Capabilities;
use crate::client::Failure;
use std::time::Duration;

#[test]
fn failures_are_named_by_their_kind() {
    let hang = Failure::Hang {
        command: "play b A1".to_string(),
        seconds: 1.0,
    };
    let text = failed(&hang, &["oops".to_string()]);
    assert!(text.starts_with("hang: "), "{text}");
    assert!(
        text.contains("play b A1") && text.ends_with("oops"),
        "{text}"
    );
    let crash = Failure::Crash {
        command: "undo".to_string(),
        detail: "it exited".to_string(),
    };
    assert!(failed(&crash, &[]).starts_with("crash: "));
}

#[test]
fn an_engine_held_to_rules_it_cannot_be_told_claims_only_them() {
    let found = Probed {
        caps: Capabilities::default(),
        max_side: 19,
        showboard: false,
    };
    let options = GtpOptions::new(vec!["gnugo".to_string()], Duration::from_secs(1));
    let supports = claims(&found, &options);
    assert!(supports.positional_superko && !supports.simple_ko);
    assert!(supports.suicide_allowed && !supports.suicide_forbidden);
    assert!(!supports.territory_scoring && !supports.agreement_ending);
    assert!(!supports.rectangles && !supports.undo && !supports.reasons);
    assert_eq!(
        supports.unclaimed_answers(),
        [
            "legal sets",
            "verdict queries",
            "reasons",
            "grids",
            "captures",
            "scores",
            "results",
            "agreements"
        ]
    );
    assert!(supports.two_passes_ending && !supports.illegal_loses_turn);
    assert_eq!(supports.max_side, 19);
}
