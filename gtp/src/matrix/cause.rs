//! The causes an engine's manifest names (`[[cause]]`): what a finding of
//! the matrix comes from, judged by the engine's own stated intent and
//! cited, with what is asked of its maintainers. The matrix gives each
//! finding the standing of the first cause that covers it; a finding no
//! cause covers is not yet judged.

use serde::Deserialize;
use tromp_taylor_harness::finding::{Finding, Standing};
use tromp_taylor_harness::report::Kind;

/// One cause of divergence of an engine, as its manifest states it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cause {
    /// Its name, unique in the manifest: its report is
    /// `docs/conformance/reports/<manifest stem>-<id>.md`.
    pub id: String,
    /// One line, in the engine's own terms.
    pub title: String,
    /// The finding kinds it covers, by [`Kind::code`].
    pub kinds: Vec<String>,
    /// The rule at stake or what the move does ([`Kind::word`]); empty: any.
    #[serde(default)]
    pub reasons: Vec<String>,
    /// The profiles (by their `rules` name) it applies to; empty: all.
    #[serde(default)]
    pub rules: Vec<String>,
    /// `bug`, `documented`, `setting` or `docs-mismatch`.
    pub standing: String,
    /// What is asked of the maintainers: a fix, a doc fix, an opt-in strict
    /// mode, a feature, nothing.
    pub ask: String,
    /// Under a `setting` standing: the flag or rule set under which the
    /// engine follows the rule.
    #[serde(default)]
    pub setting: Option<String>,
    /// Where the engine states its intent: its docs, tests, issues, code.
    #[serde(default)]
    pub cite: Vec<Cite>,
}

/// A citation of the engine's own words.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cite {
    /// Where: a repository path and line at a commit, or an address.
    pub source: String,
    /// The sentence quoted.
    pub quote: String,
}

impl Cause {
    /// Its standing, read from [`Cause::standing`].
    pub fn standing(&self) -> Standing {
        Standing::from_code(&self.standing).unwrap_or_default()
    }

    /// What is wrong with it, if anything: an unknown standing or kind, a
    /// bug or documented deviation without a citation, a documentation
    /// mismatch without both sides cited, a setting without its setting.
    pub fn check(&self) -> Result<(), String> {
        let at = |why: String| format!("cause {:?}: {why}", self.id);
        let standing = match Standing::from_code(&self.standing) {
            Some(Standing::NotJudged) | None => {
                return Err(at(format!(
                    "standing {:?}: one of bug, documented, setting, docs-mismatch",
                    self.standing
                )))
            }
            Some(standing) => standing,
        };
        if self.id.is_empty()
            || !self
                .id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-')
        {
            return Err(at("id: letters, digits and dashes".to_string()));
        }
        if let Some(kind) = self
            .kinds
            .iter()
            .find(|k| !Kind::CODES.contains(&k.as_str()))
        {
            return Err(at(format!(
                "kind {kind:?}: one of {}",
                Kind::CODES.join(", ")
            )));
        }
        if self.kinds.is_empty() {
            return Err(at("kinds names no kind".to_string()));
        }
        let needed = match standing {
            Standing::DocsMismatch => 2,
            Standing::Bug | Standing::Documented => 1,
            _ => 0,
        };
        if self.cite.len() < needed {
            return Err(at(format!(
                "a standing of {:?} needs {needed} citation(s) of the engine's own words (cite)",
                self.standing
            )));
        }
        if standing == Standing::Setting && self.setting.as_deref().is_none_or(str::is_empty) {
            return Err(at("a setting standing names its setting".to_string()));
        }
        Ok(())
    }

    /// Whether it covers a finding of `kind` in a row held to `rules_name`.
    pub fn covers(&self, kind: &Kind, rules_name: &str) -> bool {
        self.kinds.iter().any(|k| k == kind.code())
            && (self.reasons.is_empty() || self.reasons.iter().any(|r| r == kind.word()))
            && (self.rules.is_empty() || self.rules.iter().any(|r| r == rules_name))
    }
}

/// Gives `finding` the standing and cause of the first of `causes` that
/// covers it in a row held to `rules_name`; leaves it not judged otherwise.
pub fn judge(causes: &[Cause], rules_name: &str, finding: &mut Finding) {
    match causes.iter().find(|c| c.covers(&finding.kind, rules_name)) {
        Some(cause) => {
            finding.standing = cause.standing();
            finding.cause = Some(cause.id.clone());
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

    fn cause(toml_text: &str) -> Cause {
        toml::from_str(toml_text).unwrap()
    }

    const SUPERKO: &str = "id = \"superko\"\ntitle = \"t\"\nkinds = [\"accepts-illegal\", \"legal-set\"]\nreasons = [\"superko\", \"lists an illegal move (superko)\"]\nstanding = \"documented\"\nask = \"nothing\"\ncite = [{ source = \"HACKING\", quote = \"q\" }]\n";

    #[test]
    fn a_cause_covers_its_kinds_reasons_and_rules_only() {
        let c = cause(SUPERKO);
        c.check().unwrap();
        assert!(c.covers(&Kind::AcceptsIllegal("superko"), "chinese"));
        assert!(c.covers(
            &Kind::AllLegal("lists an illegal move (superko)".into()),
            "x"
        ));
        assert!(!c.covers(&Kind::AcceptsIllegal("suicide"), "chinese"));
        assert!(!c.covers(&Kind::PlaysIllegal("superko"), "chinese"));
        let ruled = cause(&format!("{SUPERKO}rules = [\"tromp-taylor\"]\n"));
        assert!(ruled.covers(&Kind::AcceptsIllegal("superko"), "tromp-taylor"));
        assert!(!ruled.covers(&Kind::AcceptsIllegal("superko"), "chinese"));
    }

    #[test]
    fn nothing_is_called_a_bug_or_intended_without_a_citation() {
        for standing in ["bug", "documented"] {
            let text = SUPERKO
                .replace("documented", standing)
                .replace("cite = [{ source = \"HACKING\", quote = \"q\" }]\n", "");
            let error = cause(&text).check().unwrap_err();
            assert!(error.contains("citation"), "{error}");
        }
        let mismatch = cause(&SUPERKO.replace("documented", "docs-mismatch"));
        assert!(mismatch.check().unwrap_err().contains("2 citation"));
        let setting = cause(&SUPERKO.replace("documented", "setting"));
        assert!(setting.check().unwrap_err().contains("names its setting"));
        let unknown = cause(&SUPERKO.replace("documented", "wontfix"));
        assert!(unknown
            .check()
            .unwrap_err()
            .contains("standing \"wontfix\""));
        let kind = cause(&SUPERKO.replace("legal-set", "legal_set"));
        assert!(kind.check().unwrap_err().contains("kind \"legal_set\""));
    }
}
