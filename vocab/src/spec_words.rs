//! Where the vocabulary meets the rules' own text: rule names, compact rule
//! strings and komi read and written as `tromp-taylor-spec` reads and
//! writes them, and the fixed handicap points as it states them.
//!
//! The rules' names are the rules' own text, so they are read and written
//! here, through `spec`, and nowhere else; [`crate::names`] reads the names
//! other programs write on top of [`read_rules`]. The conversion of [`Rules`]
//! to and from `spec`'s is here too, the one `spec` has: the engine layer's
//! `spec` adapter re-exports it for its games; the testkit's round trips
//! hold it to the `fast` adapter's, for every combination of the options.

use crate::vocab::{Point, Rules, RulesError, Size};
use tromp_taylor_spec as spec;

/// The rules in `spec`'s terms: to write them as `spec` writes them, and
/// for the games of the engine layer's `spec` adapter.
pub fn rules_to_spec(rules: Rules) -> spec::Rules {
    spec::Rules {
        superko: rules.superko,
        suicide: rules.suicide,
        ending: rules.ending,
        scoring: rules.scoring,
        komi: spec::Komi::from_half_points(rules.komi_half_points),
        illegal_move: rules.illegal_move,
    }
}

/// `spec`'s rules in the vocabulary's terms.
pub fn rules_from_spec(rules: spec::Rules) -> Rules {
    Rules {
        superko: rules.superko,
        suicide: rules.suicide,
        ending: rules.ending,
        scoring: rules.scoring,
        komi_half_points: rules.komi.half_points(),
        illegal_move: rules.illegal_move,
    }
}

/// A preset name or a compact rule string, read as `tromp-taylor-spec`
/// reads them; the one reader of rule names ([`crate::names`]) starts here.
pub fn read_rules(text: &str) -> Result<Rules, RulesError> {
    let rules: spec::Rules = text.parse().map_err(RulesError)?;
    Ok(rules_from_spec(rules))
}

/// The rules' own preset names, with what each means, as `spec` lists them.
pub const PRESETS: [(&str, &str); 4] = spec::options::PRESETS;

/// Komi as `tromp-taylor-spec` writes it (`7.5`, `0`, `-3`).
pub fn komi_text(half_points: i32) -> String {
    spec::Komi::from_half_points(half_points).to_string()
}

/// Komi as `tromp-taylor-spec` reads it (a multiple of 0.5), in half points.
pub fn read_komi(text: &str) -> Result<i32, RulesError> {
    let komi: spec::Komi = text.parse().map_err(RulesError)?;
    Ok(komi.half_points())
}

/// The fixed handicap points on `size`, as `spec` states them (seed 004, GTP's table).
pub fn fixed_handicap_points(size: Size, stones: usize) -> Result<Vec<Point>, String> {
    let grid = spec::Rectangle::new(size.width(), size.height()).map_err(|e| e.to_string())?;
    let points = spec::comments::fixed_handicap_points(&grid, stones).map_err(|e| e.to_string())?;
    Ok(points.into_iter().map(|p| Point::new(p.x, p.y)).collect())
}

impl std::fmt::Display for Rules {
    /// The compact rule string, as `tromp-taylor-spec` writes it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        rules_to_spec(*self).fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocab::{Ending, IllegalMove, Scoring, Suicide, Superko};

    /// Every combination of the options, with a few komis, is written and
    /// read back unchanged: the two conversions here agree.
    #[test]
    fn rules_written_read_back_unchanged() {
        let superkos = [Superko::Positional, Superko::Situational, Superko::SimpleKo];
        for (i, superko) in superkos.into_iter().enumerate() {
            for bits in 0..16 {
                for komi_half_points in [0, 15, -6, 13] {
                    let rules = Rules {
                        superko,
                        suicide: [Suicide::Allowed, Suicide::Forbidden][bits & 1],
                        ending: [Ending::TwoPasses, Ending::Agreement][bits >> 1 & 1],
                        scoring: [Scoring::Area, Scoring::Territory][bits >> 2 & 1],
                        komi_half_points: komi_half_points + i32::try_from(i).unwrap(),
                        illegal_move: [IllegalMove::Refused, IllegalMove::LosesTurn][bits >> 3 & 1],
                    };
                    assert_eq!(read_rules(&rules.to_string()), Ok(rules), "{rules}");
                }
            }
        }
    }
}
