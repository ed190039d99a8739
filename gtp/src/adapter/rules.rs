//! How an engine over GTP is told the rules it is held to: `kata-set-rules`
//! with the compact rule string, or `kgs-rules` with the name of one of
//! KGS's rule sets where one is these rules, or a command of the user's.

use tromp_taylor_harness::vocab::{IllegalMove, Rules};

/// How the engine is told the rules it is held to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetRules {
    /// `kata-set-rules` with the compact rule string where the engine has
    /// it; else `kgs-rules` where the engine has that and one of KGS's rule
    /// sets is these rules ([`kgs_rules_name`]); otherwise nothing (its
    /// command line is trusted to set them, and the summary says so).
    Auto,
    /// This GTP command, before each game (`kgs-rules chinese`).
    Command(String),
    /// Nothing.
    Nothing,
}

impl SetRules {
    /// What `--set-rules` (or a manifest's `set_rules`) says: absent, the
    /// default ([`SetRules::Auto`]); empty, nothing; else that command.
    pub fn from_option(text: Option<&str>) -> SetRules {
        match text.map(str::trim) {
            None => SetRules::Auto,
            Some("") => SetRules::Nothing,
            Some(command) => SetRules::Command(command.to_string()),
        }
    }
}

/// The name of the KGS rule set (`kgs-rules`: japanese, chinese, aga,
/// new_zealand) that is `rules`, as the rule names are read everywhere
/// here (`sgf::rules_from_ru`); komi aside, since it is sent with `komi`,
/// and whether a refused move loses the turn aside, since over GTP a
/// refused `play` leaves the turn to the controller either way. `None` when
/// no KGS rule set is these rules (the ten rules' own suicide, for one).
pub fn kgs_rules_name(rules: Rules) -> Option<&'static str> {
    let essentials = |r: Rules| Rules {
        komi_half_points: 0,
        illegal_move: IllegalMove::Refused,
        ..r
    };
    ["japanese", "chinese", "aga", "new_zealand"]
        .into_iter()
        .find(|name| {
            tromp_taylor_harness::sgf::rules_from_ru(name)
                .is_some_and(|named| essentials(named) == essentials(rules))
        })
}

#[cfg(test)]
mod tests {
    use super::kgs_rules_name;
    use tromp_taylor_harness::vocab::Rules;

    #[test]
    fn kgs_rule_sets_are_named_only_for_the_rules_they_are() {
        let named = |text: &str| kgs_rules_name(text.parse::<Rules>().unwrap());
        assert_eq!(named("simple-ko-territory"), Some("japanese"));
        assert_eq!(named("chinese"), Some("chinese"));
        assert_eq!(named("koPOSITIONALscoreAREAsui0komi7.5"), Some("chinese"));
        assert_eq!(named("new-zealand"), Some("new_zealand"));
        assert_eq!(named("koSITUATIONALscoreAREAsui0"), Some("aga"));
        // The ten rules' own: positional superko with suicide allowed.
        assert_eq!(named("tromp-taylor"), None);
        assert_eq!(named("koSIMPLEscoreAREAsui0"), None);
        assert_eq!(named("koSIMPLEscoreTERRITORYsui0endAGREEMENT"), None);
    }
}
