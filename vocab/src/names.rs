//! The one reader of rule names (`FromStr` for [`crate::vocab::Rules`]): every command, GTP, a manifest, an SGF `RU`
//! and the Python package read rules here, so they accept and refuse the
//! same names.
//!
//! A name is, in turn: one of the rules' own presets or a compact rule
//! string (read through `spec`, in [`crate::spec_words`]: the rules' names
//! are the rules' own text), or a name other programs write (KGS, KataGo,
//! SGF `RU`), mapped to the nearest rules we can state (docs/rules.md gives
//! the mapping).

use crate::vocab::{Ending, IllegalMove, Rules, RulesError, Scoring, Suicide, Superko};

/// The rules' own presets (`tromp-taylor`, `chinese`, `new-zealand`,
/// `simple-ko-territory`), with what each means.
pub const PRESETS: [(&str, &str); 4] = crate::spec_words::PRESETS;

/// The names other programs write that we read, with the rules each stands
/// for here. Case, `-`, `_` and spaces are ignored.
pub const OTHER_NAMES: [(&str, &str); 11] = [
    (
        "japanese",
        "seed 004's rules: simple ko, no suicide, two passes, territory",
    ),
    ("korean", "as japanese"),
    ("jp", "as japanese"),
    ("ko", "as japanese"),
    ("aga", "situational superko, no suicide, two passes, area"),
    ("bga", "as aga"),
    ("bgf", "as aga"),
    ("goe", "the ten rules (Ing's suicide and area scoring)"),
    ("ing", "as goe"),
    ("cn", "the chinese preset"),
    ("chinese-kgs", "the chinese preset (KataGo's name)"),
];

/// Seed 004's rules, which the Japanese and Korean names come nearest to.
const SIMPLE_KO_TERRITORY: Rules = Rules {
    superko: Superko::SimpleKo,
    suicide: Suicide::Forbidden,
    ending: Ending::TwoPasses,
    scoring: Scoring::Territory,
    komi_half_points: 0,
    illegal_move: IllegalMove::Refused,
};

/// The rules a name other programs write stands for, if we read it.
fn other_name(text: &str) -> Option<Rules> {
    let key: String = text
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .flat_map(|c| c.to_lowercase())
        .collect();
    match key.as_str() {
        "japanese" | "korean" | "jp" | "ko" => Some(SIMPLE_KO_TERRITORY),
        "aga" | "bga" | "bgf" => Some(Rules {
            superko: Superko::Situational,
            suicide: Suicide::Forbidden,
            ..Rules::TROMP_TAYLOR
        }),
        "goe" | "ing" => Some(Rules::TROMP_TAYLOR),
        "cn" | "chinesekgs" => crate::spec_words::read_rules("chinese").ok(),
        _ => None,
    }
}

/// Komi as the rules read it (comment 10: a multiple of 0.5, `7.5`, `-3`),
/// in half points.
///
/// ```
/// assert_eq!(tromp_taylor_vocab::names::read_komi("7.5"), Ok(15));
/// assert!(tromp_taylor_vocab::names::read_komi("7.25").is_err());
/// ```
pub fn read_komi(text: &str) -> Result<i32, RulesError> {
    crate::spec_words::read_komi(text)
}

/// Komi in half points as the rules write it (`7.5`, `0`, `-3`), the
/// form [`read_komi`] reads back.
///
/// ```
/// use tromp_taylor_vocab::names::{komi_text, read_komi};
/// assert_eq!(komi_text(15), "7.5");
/// assert_eq!(read_komi(&komi_text(-6)), Ok(-6));
/// ```
pub fn komi_text(half_points: i32) -> String {
    crate::spec_words::komi_text(half_points)
}

impl std::str::FromStr for Rules {
    type Err = RulesError;

    /// A preset name or a compact rule string, read as `tromp-taylor-spec`
    /// reads them, or one of [`OTHER_NAMES`]; the error is the rules' own
    /// reason when it is none of these.
    ///
    /// ```
    /// use tromp_taylor_vocab::vocab::{Rules, Superko};
    /// let rules: Rules = "new-zealand".parse().unwrap();
    /// assert_eq!(rules.superko, Superko::Situational);
    /// assert_eq!(rules.to_string(), "koSITUATIONALscoreAREAsui1");
    /// let japanese: Rules = "Japanese".parse().unwrap();
    /// assert_eq!(japanese.to_string(), "koSIMPLEscoreTERRITORYsui0");
    /// assert!("koBANANA".parse::<Rules>().is_err());
    /// assert!("banana".parse::<Rules>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Rules, RulesError> {
        match crate::spec_words::read_rules(text) {
            Ok(rules) => Ok(rules),
            Err(error) => other_name(text).ok_or(error),
        }
    }
}
