//! Cases recomputed under other rules (`vectors::under_rules`, for engines
//! whose rules are fixed): the same turns, each expectation what `spec`
//! says under those rules, confirmed by `fast` and by running the case.

use tromp_taylor_harness::cases::under_rules;
use tromp_taylor_harness::cases::{check_case, load_suite};
use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::vocab::Rules;

#[test]
fn a_suicide_legal_by_the_ten_rules_is_refused_under_the_chinese_rules() {
    let suite = load_suite().unwrap();
    let case = suite
        .iter()
        .find(|c| c.id == "rule-7/multi-stone-suicide")
        .expect("the suite's multi-stone suicide");
    let suicide = case.turns.iter().position(|t| t.turn == "B1").unwrap();
    assert_eq!(case.turns[suicide].expect, "legal");
    let chinese: Rules = "chinese".parse().unwrap();
    let under = under_rules(case, chinese).unwrap();
    assert_eq!(
        under.id,
        "rule-7/multi-stone-suicide (under koPOSITIONALscoreAREAsui0illegalLOSETURN)"
    );
    assert_eq!(under.turns[suicide].expect, "suicide");
    assert_eq!(
        under.turns.len(),
        case.turns.len(),
        "the same turns attempted"
    );
}

#[test]
fn every_case_recomputed_under_every_preset_holds_on_both_engines() {
    let suite = load_suite().unwrap();
    let mut recomputed = 0;
    for preset in [
        "tromp-taylor",
        "chinese",
        "new-zealand",
        "simple-ko-territory",
    ] {
        let rules: Rules = preset.parse().unwrap();
        for case in &suite {
            let Ok(under) = under_rules(case, rules) else {
                // A setup no game under these rules can start from (a
                // handicap the rules refuse) is refused, not guessed.
                continue;
            };
            check_case(&EngineKind::spec(), &under).unwrap_or_else(|e| panic!("{}: {e}", under.id));
            check_case(&EngineKind::fast(), &under).unwrap_or_else(|e| panic!("{}: {e}", under.id));
            recomputed += usize::from(under.id != case.id);
        }
    }
    assert!(recomputed > 100, "only {recomputed} cases recomputed");
}
