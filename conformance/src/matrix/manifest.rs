//! An engine of the conformance matrix, as its manifest `engines/NAME.toml`
//! describes it: what it is, how to start it under each rule set it is held
//! to, and what it can be asked. Unknown keys are refused, so a typo is an
//! error, not a silently ignored setting.

use crate::audit::{CheckName, Moves};
pub use crate::matrix::cause::{Cause, CauseError, Citation, Standing, KIND_CODES, REASON_CODES};
use serde::Deserialize;
use std::path::{Path, PathBuf};
use thiserror::Error;
use tromp_taylor_harness::vocab::Illegal;
use tromp_taylor_harness::vocab::{Rules, Size};

/// One engine's manifest.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// Its name in the table.
    pub name: String,
    /// The version audited.
    pub version: String,
    /// The program that must exist (after `{engines}` is replaced) for the
    /// engine to run; otherwise it is skipped, saying why.
    pub program: String,
    /// A script (relative to the engines folder) that installs it.
    #[serde(default)]
    pub install: Option<String>,
    /// Whether the quick profile (CI) runs it.
    #[serde(default)]
    pub quick: bool,
    /// One line on what it is and how it is driven.
    #[serde(default)]
    pub notes: String,
    /// Seconds it may take to start and answer its first command (it loads
    /// a network, say), when that is longer than a command's timeout.
    #[serde(default)]
    pub start_timeout: Option<f64>,
    /// The rule sets it is held to.
    pub profile: Vec<Profile>,
    /// Why this version is superseded (Pachi 11.99 by 12.90, say): its rows
    /// stay in the matrix, but it gets no report for its maintainers.
    #[serde(default)]
    pub obsolete: Option<String>,
    /// The causes of its divergences, each with its standing and the
    /// engine's own words for it (`[[cause]]`).
    #[serde(default)]
    pub cause: Vec<Cause>,
}

/// One rule set an engine is held to, and how it is started for it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// The rules, by any name the program reads.
    pub rules: String,
    /// What tells this profile from the engine's others held to the same
    /// rules: the engine's own name for what it selects (its rule set,
    /// preset or flags). Shown beside the rules, and part of the row's
    /// name and folder. Empty for none.
    #[serde(default)]
    pub label: String,
    /// The GTP command line (`{engines}` is the engines folder).
    pub command: String,
    /// The GTP command that selects the rules before each game; empty for
    /// none; absent for `kata-set-rules` where the engine has it.
    #[serde(default)]
    pub set_rules: Option<String>,
    /// The board sizes it plays.
    pub sizes: Vec<String>,
    /// Games in the full profile.
    pub games: usize,
    /// Games in the quick profile.
    pub quick_games: usize,
    /// Checks switched off.
    #[serde(default)]
    pub skip_checks: Vec<String>,
    /// Why they are off (required when some are).
    #[serde(default)]
    pub why_skipped: String,
    /// Who chooses the moves, a row each: `play` (generated games) and, for
    /// an engine with `genmove`, `genmove` (its own moves). Default: play.
    #[serde(default = "play_only")]
    pub moves: Vec<String>,
    /// Illegal moves its `play` takes on purpose, by reason (`superko`):
    /// never sent, as a controller keeps those rules itself.
    #[serde(default)]
    pub tolerates: Vec<String>,
    /// Why it tolerates them (required when it does).
    #[serde(default)]
    pub why_tolerated: String,
}

/// The default of [`Profile::moves`].
fn play_only() -> Vec<String> {
    vec!["play".to_string()]
}

/// A profile read and checked: everything parsed.
#[derive(Clone, Debug)]
pub struct CheckedProfile {
    /// The rules.
    pub rules: Rules,
    /// The rules as the manifest names them.
    pub rules_name: String,
    /// The engine's own name for what the profile selects (empty: none).
    pub label: String,
    /// The command line, `{engines}` replaced, split into words.
    pub command: Vec<String>,
    /// The command that selects the rules, as the manifest gives it.
    pub set_rules: Option<String>,
    /// The sizes.
    pub sizes: Vec<Size>,
    /// Games in the full and the quick profile.
    pub games: (usize, usize),
    /// Checks switched off, and why.
    pub skip_checks: Vec<CheckName>,
    /// Why.
    pub why_skipped: String,
    /// Who chooses the moves, a row each.
    pub moves: Vec<Moves>,
    /// The illegal moves its `play` takes on purpose, by reason.
    pub tolerates: Vec<&'static str>,
    /// Why.
    pub why_tolerated: String,
}

/// Why the manifests cannot be read.
#[derive(Debug, Error)]
pub enum ManifestError {
    /// The folder cannot be read.
    #[error("{}: {why}", folder.display())]
    Folder {
        /// The folder.
        folder: PathBuf,
        /// Why.
        why: String,
    },
    /// `--only` names an engine that has no manifest.
    #[error("--only {name}: there is no {name}.toml among the manifests ({known})")]
    Unknown {
        /// The name asked for.
        name: String,
        /// The manifests there are, by name.
        known: String,
    },
    /// An engine named with `--only` is not installed: its program is not
    /// there.
    #[error("{name} is not installed: {program} not found{}", install.as_ref().map_or(String::new(), |s| format!("; install it with `bash {}`", s.display())))]
    NotInstalled {
        /// The manifest's name (its file stem).
        name: String,
        /// The program that is missing.
        program: String,
        /// Its install script, if the manifest names one.
        install: Option<PathBuf>,
    },
    /// A manifest is not TOML of this form, or says something impossible.
    #[error("{}: {why}", file.display())]
    Manifest {
        /// The file.
        file: PathBuf,
        /// What is wrong.
        why: String,
    },
    /// A manifest's `[[cause]]` (or `obsolete`) cannot be taken.
    #[error("{}: {error}", file.display())]
    Cause {
        /// The file.
        file: PathBuf,
        /// What is wrong.
        error: CauseError,
    },
}

/// Replaces `{engines}` with the engines folder, and `{tromp-taylor}` with
/// the path of the running `tromp-taylor` binary (so our own engine's row
/// runs the binary that runs the matrix, wherever cargo built it).
pub fn expand(text: &str, engines: &Path) -> String {
    let ours = std::env::current_exe()
        .map(|p| p.display().to_string())
        .unwrap_or_else(|_| "tromp-taylor".to_string());
    text.replace("{engines}", &engines.display().to_string())
        .replace("{tromp-taylor}", &ours)
}

impl Manifest {
    /// Checks its causes and `obsolete`: each cause alone ([`Cause::check`]),
    /// ids unique, and every rule set a cause names one of the profiles'.
    pub fn check_causes(&self) -> Result<(), CauseError> {
        if self
            .obsolete
            .as_deref()
            .is_some_and(|o| o.trim().is_empty())
        {
            return Err(CauseError::EmptyObsolete);
        }
        let mut seen = std::collections::BTreeSet::new();
        for cause in &self.cause {
            cause.check()?;
            if !seen.insert(cause.id.as_str()) {
                return Err(CauseError::DuplicateId {
                    id: cause.id.clone(),
                });
            }
            if let Some(rules) = cause
                .rules
                .iter()
                .find(|r| !self.profile.iter().any(|p| &p.rules == *r))
            {
                return Err(CauseError::UnknownRules {
                    id: cause.id.clone(),
                    rules: rules.clone(),
                });
            }
        }
        Ok(())
    }

    /// Checks every profile: rules, sizes, checks, games.
    pub fn check(&self, engines: &Path) -> Result<Vec<CheckedProfile>, String> {
        if self
            .start_timeout
            .is_some_and(|s| !(s > 0.0 && s <= 86_400.0))
        {
            return Err("start_timeout: seconds, above 0 and at most a day".into());
        }
        if self.profile.is_empty() {
            return Err("no [[profile]]: an engine is held to at least one rule set".into());
        }
        let checked = self
            .profile
            .iter()
            .enumerate()
            .map(|(i, p)| {
                p.check(engines)
                    .map_err(|e| format!("profile {}: {e}", i + 1))
            })
            .collect::<Result<Vec<_>, _>>()?;
        one_row_each(&checked)?;
        Ok(checked)
    }
}

impl Profile {
    fn check(&self, engines: &Path) -> Result<CheckedProfile, String> {
        let rules = rules_by_any_name(&self.rules)?;
        let command = tromp_taylor_gtp::client::split_command(&expand(&self.command, engines));
        if command.is_empty() {
            return Err("command names no program".into());
        }
        let sizes = self
            .sizes
            .iter()
            .map(|s| s.parse::<Size>().map_err(|e| format!("size {s:?}: {e}")))
            .collect::<Result<Vec<_>, _>>()?;
        if sizes.is_empty() {
            return Err("sizes names no size".into());
        }
        if self.games == 0 || self.quick_games == 0 || self.games > 10_000 {
            return Err("games and quick_games: from 1 to 10000".into());
        }
        let skip_checks: Vec<CheckName> = parsed(&self.skip_checks)?;
        if !skip_checks.is_empty() && self.why_skipped.trim().is_empty() {
            return Err("skip_checks without why_skipped: say why the checks are off".into());
        }
        let moves: Vec<Moves> = parsed(&self.moves)?;
        if moves.is_empty() {
            return Err("moves names neither play nor genmove".into());
        }
        let tolerates = self
            .tolerates
            .iter()
            .map(|code| {
                Illegal::from_code(code)
                    .map(Illegal::code)
                    .ok_or_else(|| format!("tolerates {code:?}: not a reason a move is illegal (ko, superko, suicide, occupied)"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if !tolerates.is_empty() && self.why_tolerated.trim().is_empty() {
            return Err("tolerates without why_tolerated: say why its play takes them".into());
        }
        Ok(CheckedProfile {
            moves,
            tolerates,
            why_tolerated: self.why_tolerated.clone(),
            rules,
            rules_name: self.rules.clone(),
            label: self.label.trim().to_string(),
            command,
            set_rules: self.set_rules.clone(),
            sizes,
            games: (self.games, self.quick_games),
            skip_checks,
            why_skipped: self.why_skipped.clone(),
        })
    }
}

/// Refuses two profiles that would make one row: the same rules, the same
/// label and a mode in common (their rows would share a name and a folder).
fn one_row_each(profiles: &[CheckedProfile]) -> Result<(), String> {
    for (j, later) in profiles.iter().enumerate() {
        let same = profiles[..j].iter().position(|earlier| {
            earlier.rules_name == later.rules_name
                && earlier.label == later.label
                && earlier.moves.iter().any(|m| later.moves.contains(m))
        });
        if let Some(i) = same {
            return Err(format!(
                "profiles {} and {} are both held to {} with the same moves and label {:?}: \
                 give them labels that tell them apart (the engine's own name for what each selects)",
                i + 1,
                j + 1,
                later.rules_name,
                later.label
            ));
        }
    }
    Ok(())
}

/// Each of `items` read as a `T`, or the first one's error.
fn parsed<T: std::str::FromStr<Err = String>>(items: &[String]) -> Result<Vec<T>, String> {
    items.iter().map(|item| item.parse::<T>()).collect()
}

/// Rules by any name the program reads: a preset, a compact string, or a
/// name other programs write, by the harness's one reader of rule names.
pub fn rules_by_any_name(text: &str) -> Result<Rules, String> {
    text.parse::<Rules>().map_err(|e| e.to_string())
}

/// Every manifest in `folder` (`*.toml`, in name order), each with its file.
pub fn read_manifests(folder: &Path) -> Result<Vec<(PathBuf, Manifest)>, ManifestError> {
    let error = |why: String| ManifestError::Folder {
        folder: folder.to_path_buf(),
        why,
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder)
        .map_err(|e| error(e.to_string()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(error("no engine manifests (*.toml)".into()));
    }
    files
        .into_iter()
        .map(|file| {
            let text = std::fs::read_to_string(&file).map_err(|e| ManifestError::Manifest {
                file: file.clone(),
                why: e.to_string(),
            })?;
            let manifest: Manifest =
                toml::from_str(&text).map_err(|e| ManifestError::Manifest {
                    file: file.clone(),
                    why: e.to_string(),
                })?;
            manifest
                .check(folder)
                .map_err(|why| ManifestError::Manifest {
                    file: file.clone(),
                    why,
                })?;
            manifest
                .check_causes()
                .map_err(|error| ManifestError::Cause {
                    file: file.clone(),
                    error,
                })?;
            Ok((file, manifest))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A manifest with one profile (`tromp-taylor`) and `causes` after it.
    fn manifest(causes: &str) -> Manifest {
        manifest_with("", causes)
    }

    /// The same with `top` among the top-level keys.
    fn manifest_with(top: &str, causes: &str) -> Manifest {
        let text = format!(
            "name = \"E\"\nversion = \"1\"\nprogram = \"e\"\n{top}\
             [[profile]]\nrules = \"tromp-taylor\"\ncommand = \"e\"\nsizes = [\"5x5\"]\n\
             games = 1\nquick_games = 1\n{causes}"
        );
        toml::from_str(&text).unwrap_or_else(|e| panic!("{e}"))
    }

    const BUG: &str = "[[cause]]\nid = \"superko-after-suicide\"\ntitle = \"t\"\n\
        kinds = [\"accepts-illegal\", \"legal-set\"]\nreasons = [\"superko\"]\n\
        rules = [\"tromp-taylor\"]\nstanding = \"bug\"\nask = \"a fix\"\n\
        cite = [{ source = \"engine/board.c:3148 at 84a32e9\", quote = \"q\" }]\n";

    #[test]
    fn a_cited_bug_is_taken_with_its_fields() {
        let m = manifest(BUG);
        assert_eq!(m.check_causes(), Ok(()));
        let cause = &m.cause[0];
        assert_eq!(cause.check(), Ok(Standing::Bug));
        assert_eq!(cause.kinds, ["accepts-illegal", "legal-set"]);
        assert_eq!(cause.reasons, ["superko"]);
        assert_eq!(cause.cite[0].quote, "q");
        assert_eq!(cause.report_name("gnugo"), "gnugo-superko-after-suicide.md");
        assert_eq!(m.obsolete, None);
    }

    #[test]
    fn a_manifest_without_causes_has_none() {
        let m = manifest_with("obsolete = \"superseded by 2\"\n", "");
        assert!(m.cause.is_empty());
        assert_eq!(m.obsolete.as_deref(), Some("superseded by 2"));
        assert_eq!(m.check_causes(), Ok(()));
    }

    #[test]
    fn an_unknown_key_in_a_cause_is_refused() {
        let text = format!(
            "name = \"E\"\nversion = \"1\"\nprogram = \"e\"\nprofile = []\n{}",
            BUG.replace("ask =", "asks =")
        );
        let error = toml::from_str::<Manifest>(&text).unwrap_err().to_string();
        assert!(error.contains("asks"), "{error}");
    }

    #[test]
    fn an_unknown_standing_is_refused() {
        let m = manifest(&BUG.replace("\"bug\"", "\"feature\""));
        assert_eq!(
            m.check_causes(),
            Err(CauseError::UnknownStanding {
                id: "superko-after-suicide".into(),
                standing: "feature".into()
            })
        );
    }

    #[test]
    fn a_bug_or_a_documented_deviation_without_a_citation_is_refused() {
        let bare = BUG.split("cite =").next().unwrap().to_string();
        for standing in ["bug", "documented"] {
            let m = manifest(&bare.replace("\"bug\"", &format!("{standing:?}")));
            assert!(
                matches!(m.check_causes(), Err(CauseError::NoCitation { .. })),
                "{standing}"
            );
        }
        let m = manifest(&BUG.replace("quote = \"q\"", "quote = \" \""));
        assert!(matches!(
            m.check_causes(),
            Err(CauseError::EmptyCitation { number: 1, .. })
        ));
    }

    #[test]
    fn a_docs_mismatch_needs_two_citations() {
        let one = BUG.replace("\"bug\"", "\"docs-mismatch\"");
        assert_eq!(
            manifest(&one).check_causes(),
            Err(CauseError::MismatchNeedsTwo {
                id: "superko-after-suicide".into(),
                count: 1
            })
        );
        let two = one.replace(
            "}]",
            "}, { source = \"docs/rules.html at 6a1fc5d\", quote = \"r\" }]",
        );
        assert_eq!(manifest(&two).check_causes(), Ok(()));
    }

    #[test]
    fn a_setting_must_name_its_setting() {
        let setting = BUG.replace("\"bug\"", "\"setting\"");
        assert_eq!(
            manifest(&setting).check_causes(),
            Err(CauseError::NoSetting {
                id: "superko-after-suicide".into()
            })
        );
        let named = format!("{setting}setting = \"--positional-superko\"\n");
        assert_eq!(manifest(&named).check_causes(), Ok(()));
    }

    #[test]
    fn an_unknown_kind_is_refused() {
        let m = manifest(&BUG.replace("\"legal-set\"", "\"all-legal\""));
        assert_eq!(
            m.check_causes(),
            Err(CauseError::UnknownKind {
                id: "superko-after-suicide".into(),
                kind: "all-legal".into()
            })
        );
        let m = manifest(&BUG.replace("[\"accepts-illegal\", \"legal-set\"]", "[]"));
        assert!(matches!(m.check_causes(), Err(CauseError::NoKinds { .. })));
        let m = manifest(&BUG.replace("[\"superko\"]", "[\"triple-ko\"]"));
        assert_eq!(
            m.check_causes(),
            Err(CauseError::UnknownReason {
                id: "superko-after-suicide".into(),
                reason: "triple-ko".into()
            })
        );
    }

    #[test]
    fn a_duplicate_id_is_refused() {
        let m = manifest(&format!("{BUG}{BUG}"));
        assert_eq!(
            m.check_causes(),
            Err(CauseError::DuplicateId {
                id: "superko-after-suicide".into()
            })
        );
    }

    #[test]
    fn ids_rules_and_obsolete_are_checked() {
        let m = manifest(&BUG.replace("superko-after-suicide", "Superko After"));
        assert!(matches!(m.check_causes(), Err(CauseError::BadId { .. })));
        let m = manifest(&BUG.replace("rules = [\"tromp-taylor\"]", "rules = [\"chinese\"]"));
        assert_eq!(
            m.check_causes(),
            Err(CauseError::UnknownRules {
                id: "superko-after-suicide".into(),
                rules: "chinese".into()
            })
        );
        let m = manifest_with("obsolete = \"\"\n", "");
        assert_eq!(m.check_causes(), Err(CauseError::EmptyObsolete));
        let m = manifest(&BUG.replace("ask = \"a fix\"", "ask = \"\""));
        assert!(matches!(
            m.check_causes(),
            Err(CauseError::Empty { field: "ask", .. })
        ));
    }

    #[test]
    fn every_standing_reads_back_from_its_code() {
        for standing in Standing::ALL {
            assert_eq!(Standing::from_code(standing.code()), Some(standing));
            assert!(!standing.words().is_empty());
        }
        assert_eq!(Standing::from_code("wontfix"), None);
    }

    #[test]
    fn a_cause_error_reads_as_the_file_and_the_cause() {
        let error = ManifestError::Cause {
            file: PathBuf::from("engines/e.toml"),
            error: CauseError::NoSetting { id: "x".into() },
        };
        let text = error.to_string();
        assert!(text.starts_with("engines/e.toml: cause \"x\""), "{text}");
    }

    /// `manifest` with a second profile, also held to `tromp-taylor`, whose
    /// extra keys are `second`, and `first` among the first one's keys.
    fn two_profiles(first: &str, second: &str) -> Manifest {
        let text = format!(
            "name = \"E\"\nversion = \"1\"\nprogram = \"e\"\n\
             [[profile]]\nrules = \"tromp-taylor\"\ncommand = \"e\"\nsizes = [\"5x5\"]\n\
             games = 1\nquick_games = 1\n{first}\n\
             [[profile]]\nrules = \"tromp-taylor\"\ncommand = \"e --other\"\nsizes = [\"5x5\"]\n\
             games = 1\nquick_games = 1\n{second}\n"
        );
        toml::from_str(&text).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn two_profiles_that_would_make_one_row_are_refused_until_labelled() {
        let engines = Path::new("engines");
        let error = two_profiles("", "").check(engines).unwrap_err();
        assert!(
            error.contains("profiles 1 and 2") && error.contains("label"),
            "{error}"
        );
        let error = two_profiles("label = \"a\"", "label = \" a \"")
            .check(engines)
            .unwrap_err();
        assert!(error.contains("profiles 1 and 2"), "{error}");
        let labelled = two_profiles("", "label = \"--engine spec\"")
            .check(engines)
            .unwrap();
        assert_eq!(labelled[0].label, "");
        assert_eq!(labelled[1].label, "--engine spec");
        let modes = two_profiles("", "moves = [\"genmove\"]").check(engines);
        assert!(modes.is_ok(), "{modes:?}");
        let shared = two_profiles("moves = [\"play\", \"genmove\"]", "moves = [\"genmove\"]");
        assert!(shared.check(engines).is_err());
    }
}
