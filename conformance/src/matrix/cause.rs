//! A cause of an engine's divergences, as a manifest's `[[cause]]` states
//! it: the findings it covers, its standing (a bug by the engine's own
//! stated intent, a documented deviation, a setting, a documentation
//! mismatch), what is asked, and the engine's own words, cited; checked
//! alone here, against its manifest in [`super::manifest`].

use serde::Deserialize;
use thiserror::Error;
use tromp_taylor_harness::finding::Finding;
pub use tromp_taylor_harness::finding::Standing;
use tromp_taylor_harness::report::Kind;

/// One cause of an engine's divergences from the rules it is held to, as
/// its maintainers would judge it: which findings it covers (by kind,
/// reason and rule set), its standing, what is asked, and the engine's own
/// stated intent, cited. Its report is
/// `docs/conformance/reports/<manifest stem>-<id>.md`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cause {
    /// A slug, unique in the manifest (`superko-after-suicide`).
    pub id: String,
    /// One line, in the engine's own terms.
    pub title: String,
    /// The finding kinds it covers, by code ([`KIND_CODES`]).
    pub kinds: Vec<String>,
    /// The rule at stake (`superko`, `suicide`, ...; for a refused legal
    /// move, what the move is); empty for any.
    #[serde(default)]
    pub reasons: Vec<String>,
    /// The manifest profiles' `rules` it applies to; empty for all.
    #[serde(default)]
    pub rules: Vec<String>,
    /// `bug`, `documented`, `setting` or `docs-mismatch` ([`Standing`]).
    pub standing: String,
    /// What is asked of the maintainers: a fix, a doc fix, an opt-in strict
    /// mode, a feature, nothing.
    pub ask: String,
    /// For `setting`: the flag or rule set under which it follows the rule.
    #[serde(default)]
    pub setting: Option<String>,
    /// The engine's own stated intent: its docs, tests, issues, pull
    /// requests or code comments, each with the sentence quoted.
    #[serde(default)]
    pub cite: Vec<Citation>,
}

/// Where an engine states its intent, and what it says there.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Citation {
    /// The file and line at a commit, or the address
    /// (`engine/board.c:3148 at 84a32e9 (runningskull/gnugo)`).
    pub source: String,
    /// The sentence quoted, as it is written there.
    pub quote: String,
}

/// The codes of the finding kinds a cause may cover: the harness's one
/// taxonomy ([`Kind::CODES`]).
pub const KIND_CODES: [&str; 15] = Kind::CODES;

/// The reasons a cause may name: the rule's code for an illegal move
/// accepted, listed or played (`superko`, `ko`, `suicide`, `occupied`,
/// `off-board`, `game-over`), and for a legal move refused what the move is
/// (`suicide`, `capture`, `plain move`, `pass`).
pub const REASON_CODES: [&str; 9] = [
    "superko",
    "ko",
    "suicide",
    "occupied",
    "off-board",
    "game-over",
    "capture",
    "plain move",
    "pass",
];

/// Why a manifest's `[[cause]]` (or its `obsolete`) cannot be taken.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CauseError {
    /// `id` is not a slug (lower-case letters, digits and `-`).
    #[error("cause {id:?}: the id must be a slug (a-z, 0-9 and -, not empty)")]
    BadId {
        /// The id.
        id: String,
    },
    /// Two causes have the same id.
    #[error("cause {id:?}: two causes have this id; each names one report")]
    DuplicateId {
        /// The id.
        id: String,
    },
    /// `title` or `ask` is empty.
    #[error("cause {id:?}: {field} is empty")]
    Empty {
        /// The cause.
        id: String,
        /// The key.
        field: &'static str,
    },
    /// `standing` is not one of the four.
    #[error(
        "cause {id:?}: standing {standing:?} is not one of bug, documented, setting, docs-mismatch"
    )]
    UnknownStanding {
        /// The cause.
        id: String,
        /// What it says.
        standing: String,
    },
    /// A `bug` or `documented` cause cites nothing.
    #[error("cause {id:?}: standing {standing:?} needs a citation of the engine's own words (cite = [{{ source, quote }}])")]
    NoCitation {
        /// The cause.
        id: String,
        /// Its standing.
        standing: &'static str,
    },
    /// A `docs-mismatch` cause cites fewer than two places.
    #[error("cause {id:?}: a docs-mismatch cites both the code and the docs: two citations at least, not {count}")]
    MismatchNeedsTwo {
        /// The cause.
        id: String,
        /// How many it cites.
        count: usize,
    },
    /// A `setting` cause names no setting.
    #[error("cause {id:?}: standing \"setting\" needs setting = the flag or rule set under which it follows the rule")]
    NoSetting {
        /// The cause.
        id: String,
    },
    /// A citation's source or quote is empty.
    #[error("cause {id:?}: citation {number} has an empty source or quote")]
    EmptyCitation {
        /// The cause.
        id: String,
        /// Which citation, from 1.
        number: usize,
    },
    /// `kinds` names a kind that is not one of [`KIND_CODES`].
    #[error("cause {id:?}: kind {kind:?} is not a finding kind ({})", KIND_CODES.join(", "))]
    UnknownKind {
        /// The cause.
        id: String,
        /// The kind named.
        kind: String,
    },
    /// `reasons` names a reason that is not one of [`REASON_CODES`].
    #[error("cause {id:?}: reason {reason:?} is not one of {}", REASON_CODES.join(", "))]
    UnknownReason {
        /// The cause.
        id: String,
        /// The reason named.
        reason: String,
    },
    /// `kinds` is empty.
    #[error("cause {id:?}: kinds is empty: name the finding kinds it covers")]
    NoKinds {
        /// The cause.
        id: String,
    },
    /// `rules` names a rule set none of the manifest's profiles is held to.
    #[error("cause {id:?}: rules {rules:?} is no profile's rules in this manifest")]
    UnknownRules {
        /// The cause.
        id: String,
        /// The rules named.
        rules: String,
    },
    /// `obsolete` is there but says nothing.
    #[error("obsolete is empty: say which version supersedes this one")]
    EmptyObsolete,
}

impl Cause {
    /// Its standing, read from [`Cause::standing`]'s code.
    pub fn standing(&self) -> Result<Standing, CauseError> {
        // A cause is judged: "not yet judged" is what no cause covers.
        Standing::from_code(&self.standing)
            .filter(|s| *s != Standing::NotJudged)
            .ok_or_else(|| CauseError::UnknownStanding {
                id: self.id.clone(),
                standing: self.standing.clone(),
            })
    }

    /// Checks it alone: id, kinds, standing and what the standing needs.
    pub fn check(&self) -> Result<Standing, CauseError> {
        let id = || self.id.clone();
        let slug = !self.id.is_empty()
            && !self.id.starts_with('-')
            && !self.id.ends_with('-')
            && self
                .id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !slug {
            return Err(CauseError::BadId { id: id() });
        }
        for (field, text) in [("title", &self.title), ("ask", &self.ask)] {
            if text.trim().is_empty() {
                return Err(CauseError::Empty { id: id(), field });
            }
        }
        if self.kinds.is_empty() {
            return Err(CauseError::NoKinds { id: id() });
        }
        if let Some(kind) = self
            .kinds
            .iter()
            .find(|k| !KIND_CODES.contains(&k.as_str()))
        {
            return Err(CauseError::UnknownKind {
                id: id(),
                kind: kind.clone(),
            });
        }
        if let Some(reason) = self
            .reasons
            .iter()
            .find(|r| !REASON_CODES.contains(&r.as_str()))
        {
            return Err(CauseError::UnknownReason {
                id: id(),
                reason: reason.clone(),
            });
        }
        if let Some(number) = self
            .cite
            .iter()
            .position(|c| c.source.trim().is_empty() || c.quote.trim().is_empty())
        {
            return Err(CauseError::EmptyCitation {
                id: id(),
                number: number + 1,
            });
        }
        let standing = self.standing()?;
        match standing {
            Standing::Bug | Standing::Documented if self.cite.is_empty() => {
                Err(CauseError::NoCitation {
                    id: id(),
                    standing: standing.code(),
                })
            }
            Standing::DocsMismatch if self.cite.len() < 2 => Err(CauseError::MismatchNeedsTwo {
                id: id(),
                count: self.cite.len(),
            }),
            Standing::Setting if self.setting.as_deref().is_none_or(|s| s.trim().is_empty()) => {
                Err(CauseError::NoSetting { id: id() })
            }
            _ => Ok(standing),
        }
    }

    /// Its report's file name, for a manifest of this stem.
    pub fn report_name(&self, stem: &str) -> String {
        format!("{stem}-{}.md", self.id)
    }
}

impl Cause {
    /// Whether it covers a finding of `kind` in a row held to `rules_name`:
    /// the kind's code among its kinds, the kind's
    /// [`reason`](Kind::reason) among its reasons (any, when it names
    /// none), the row's rules among its rules (any, when it names none).
    pub fn covers(&self, kind: &Kind, rules_name: &str) -> bool {
        self.kinds.iter().any(|k| k == kind.code())
            && (self.reasons.is_empty() || self.reasons.iter().any(|r| r == kind.reason()))
            && (self.rules.is_empty() || self.rules.iter().any(|r| r == rules_name))
    }
}

/// Gives `finding` the standing and cause of the first of `causes` that
/// covers it in a row held to `rules_name`; not yet judged otherwise.
pub fn judge(causes: &[Cause], rules_name: &str, finding: &mut Finding) {
    let judged = causes
        .iter()
        .find(|c| c.covers(&finding.kind, rules_name))
        .and_then(|c| c.standing().ok().map(|s| (s, c.id.clone())));
    match judged {
        Some((standing, id)) => {
            finding.standing = standing;
            finding.cause = Some(id);
        }
        None => {
            finding.standing = Standing::NotJudged;
            finding.cause = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SUPERKO: &str = "id = \"superko\"\ntitle = \"t\"\nkinds = [\"accepts-illegal\", \"legal-set\", \"is-legal\"]\nreasons = [\"superko\"]\nstanding = \"documented\"\nask = \"nothing\"\ncite = [{ source = \"HACKING\", quote = \"q\" }]\n";

    fn cause(text: &str) -> Cause {
        toml::from_str(text).unwrap()
    }

    #[test]
    fn a_cause_covers_its_kinds_reasons_and_rules_only() {
        let c = cause(SUPERKO);
        assert_eq!(c.check(), Ok(Standing::Documented));
        assert!(c.covers(&Kind::AcceptsIllegal("superko"), "chinese"));
        assert!(c.covers(
            &Kind::AllLegal("lists an illegal move (superko)".into()),
            "x"
        ));
        assert!(c.covers(&Kind::IsLegal("move illegal by superko".into()), "x"));
        assert!(!c.covers(&Kind::AllLegal("omits a legal suicide".into()), "x"));
        assert!(!c.covers(&Kind::AcceptsIllegal("suicide"), "chinese"));
        assert!(!c.covers(&Kind::PlaysIllegal("superko"), "chinese"));
        let ruled = cause(&format!("{SUPERKO}rules = [\"tromp-taylor\"]\n"));
        assert!(ruled.covers(&Kind::AcceptsIllegal("superko"), "tromp-taylor"));
        assert!(!ruled.covers(&Kind::AcceptsIllegal("superko"), "chinese"));
        let refused = cause(
            &SUPERKO
                .replace("superko\"]", "plain move\"]")
                .replace("\"accepts-illegal\"", "\"refuses-legal\""),
        );
        assert!(refused.covers(&Kind::RefusesLegal("move".into()), "x"));
    }

    #[test]
    fn a_cause_cannot_be_not_yet_judged() {
        let text = SUPERKO.replace("documented", "not-judged");
        assert!(matches!(
            cause(&text).check(),
            Err(CauseError::UnknownStanding { .. })
        ));
    }
}
