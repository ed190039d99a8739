//! The rules a record's `RU` names, read by the harness's one reader of
//! rule names ([`crate::names`]).

use crate::vocab::Rules;

/// The rules a record's `RU` names: a preset or compact string as
/// `tromp-taylor-spec` reads them, or a name other programs write, mapped to
/// the nearest rules we can state ([`crate::names::OTHER_NAMES`]).
pub fn rules_from_ru(text: &str) -> Option<Rules> {
    text.parse().ok()
}
