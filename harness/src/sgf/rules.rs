//! The rules a record's `RU` names: our presets and compact strings, and
//! the names other programs write, mapped to the nearest rules we can state.

use crate::vocab::{Rules, Superko};

/// The rules a record's `RU` names: a preset or compact string as
/// `tromp-taylor-spec` reads them, or a name other programs write, mapped to
/// the nearest rules we can state (docs/rules.md lists the mapping).
pub fn rules_from_ru(text: &str) -> Option<Rules> {
    if let Ok(rules) = text.parse::<Rules>() {
        return Some(rules);
    }
    let key: String = text
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .flat_map(|c| c.to_lowercase())
        .collect();
    let simple_ko_territory = Rules {
        superko: Superko::SimpleKo,
        suicide_allowed: false,
        agreement_ending: false,
        territory_scoring: true,
        komi_half_points: 0,
        illegal_loses_turn: false,
    };
    match key.as_str() {
        "japanese" | "korean" | "jp" | "ko" => Some(simple_ko_territory),
        "aga" | "bgf" => Some(Rules {
            superko: Superko::Situational,
            suicide_allowed: false,
            ..Rules::TROMP_TAYLOR
        }),
        "goe" | "ing" => Some(Rules::TROMP_TAYLOR),
        "cn" => "chinese".parse().ok(),
        _ => None,
    }
}
