//! An engine of the conformance matrix, as its manifest `engines/NAME.toml`
//! describes it: what it is, how to start it under each rule set it is held
//! to, and what it can be asked. Unknown keys are refused, so a typo is an
//! error, not a silently ignored setting.

use super::cause::Cause;
use crate::audit::{CheckName, Moves};
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
    /// Why this version is superseded, if it is: its rows stay, but it
    /// gets no report for its maintainers.
    #[serde(default)]
    pub obsolete: Option<String>,
    /// The causes of its divergences, each judged by its own stated intent.
    #[serde(default)]
    pub cause: Vec<Cause>,
}

/// One rule set an engine is held to, and how it is started for it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// The rules, by any name the program reads.
    pub rules: String,
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
    /// Checks every profile: rules, sizes, checks, games.
    pub fn check(&self, engines: &Path) -> Result<Vec<CheckedProfile>, String> {
        if self
            .start_timeout
            .is_some_and(|s| !(s > 0.0 && s <= 86_400.0))
        {
            return Err("start_timeout: seconds, above 0 and at most a day".into());
        }
        for (i, cause) in self.cause.iter().enumerate() {
            cause.check()?;
            if self.cause[..i].iter().any(|c| c.id == cause.id) {
                return Err(format!("cause {:?}: two causes of one id", cause.id));
            }
        }
        if self.profile.is_empty() {
            return Err("no [[profile]]: an engine is held to at least one rule set".into());
        }
        self.profile
            .iter()
            .enumerate()
            .map(|(i, p)| {
                p.check(engines)
                    .map_err(|e| format!("profile {}: {e}", i + 1))
            })
            .collect()
    }
}

impl Profile {
    fn check(&self, engines: &Path) -> Result<CheckedProfile, String> {
        let rules = rules_by_any_name(&self.rules)?;
        let command = crate::client::split_command(&expand(&self.command, engines));
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
            command,
            set_rules: self.set_rules.clone(),
            sizes,
            games: (self.games, self.quick_games),
            skip_checks,
            why_skipped: self.why_skipped.clone(),
        })
    }
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
            Ok((file, manifest))
        })
        .collect()
}
