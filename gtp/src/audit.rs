//! `tromp-taylor audit`: another engine, run as a child process over GTP,
//! checked against the rules on generated games.
//!
//! [`client`](crate::client) speaks GTP to the child with a timeout on
//! every command, and [`capabilities`](crate::capabilities) asks what it can
//! do; [`check`] plays one game on the child and on the rules side by side
//! and finds the first divergence, reading its answers with [`answers`];
//! this module runs the games, minimises each divergence (the shortest
//! prefix, then turns removed while it stays), and writes an SGF and a plain
//! report for each; [`report`] words them and the summary, grouped by kind.

pub mod answers;
pub mod check;
pub mod export;
pub mod report;
pub mod scoring;
pub mod summary;

use crate::capabilities::Capabilities;
pub use crate::capabilities::CheckName;
use crate::client::{Client, Failure};
use check::{Auditor, Divergence, GameAudit, Kind};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
pub use summary::{AuditSummary, Found};
use thiserror::Error;
use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::generate::{generate, Bias, Rng, BIASES};
use tromp_taylor_harness::script::{Script, Step};
use tromp_taylor_harness::vocab::{Handicap, Rules, Setup, Size};

/// What to audit, and how.
#[derive(Clone, Debug)]
pub struct AuditOptions {
    /// The engine's command line: the program and its arguments.
    pub engine: Vec<String>,
    /// The rules the engine is held to (komi included).
    pub rules: Rules,
    /// The board sizes, drawn in turn.
    pub sizes: Vec<Size>,
    /// How many games.
    pub games: usize,
    /// The seed of the games.
    pub seed: u64,
    /// The longest the engine may take over one command.
    pub timeout: Duration,
    /// The biases, drawn in turn.
    pub biases: Vec<Bias>,
    /// Where to write each divergence's SGF and report, and the summary.
    pub out: Option<PathBuf>,
    /// The rules' engine.
    pub reference: EngineKind,
    /// The most replays spent minimising one divergence.
    pub minimise_budget: usize,
    /// The checks switched off (an author who knows a command is missing
    /// or only an estimate).
    pub skip_checks: Vec<CheckName>,
    /// How the engine is told the rules before each game.
    pub set_rules: SetRules,
    /// Whether a scoring convention (dead stones removed before counting)
    /// counts as a divergence in [`AuditSummary::diverges`].
    pub strict_score: bool,
    /// Instead of generated games, these saved games (each with the file it
    /// was read from), played as recorded and not minimised: a reproducer
    /// replayed (`audit --replay FILE`).
    pub replay: Vec<(PathBuf, Script)>,
}

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
        illegal_loses_turn: false,
        ..r
    };
    ["japanese", "chinese", "aga", "new_zealand"]
        .into_iter()
        .find(|name| {
            tromp_taylor_harness::sgf::rules_from_ru(name)
                .is_some_and(|named| essentials(named) == essentials(rules))
        })
}

impl AuditOptions {
    /// Defaults: the ten rules, 5x5 and 9x9, every bias, 10 s a command.
    pub fn new(engine: Vec<String>, games: usize, seed: u64) -> AuditOptions {
        AuditOptions {
            engine,
            rules: Rules::TROMP_TAYLOR,
            sizes: vec![Size::new(5, 5).expect("5x5"), Size::new(9, 9).expect("9x9")],
            games,
            seed,
            timeout: Duration::from_secs(10),
            biases: BIASES.to_vec(),
            out: None,
            reference: EngineKind::spec(),
            minimise_budget: 300,
            skip_checks: Vec::new(),
            set_rules: SetRules::Auto,
            strict_score: false,
            replay: Vec::new(),
        }
    }
}

/// Why an audit cannot begin; nothing is played then.
#[derive(Debug, Error)]
pub enum AuditError {
    /// The engine could not be started, or did not answer `list_commands`.
    #[error("the engine `{engine}` cannot be run: {failure}")]
    Engine {
        /// The engine's command line.
        engine: String,
        /// How it failed.
        failure: Failure,
    },
    /// The output folder cannot be made or written (it names a file, say).
    #[error("--out {}: {why}", path.display())]
    Out {
        /// The folder asked for.
        path: PathBuf,
        /// What is wrong.
        why: String,
    },
}

/// Makes the output folder, or says why it cannot be one.
fn prepare_out(out: &Path) -> Result<(), AuditError> {
    let error = |why: String| AuditError::Out {
        path: out.to_path_buf(),
        why,
    };
    if out.exists() && !out.is_dir() {
        return Err(error(
            "is a file, not a folder: the reports are written into a folder".to_string(),
        ));
    }
    std::fs::create_dir_all(out).map_err(|e| error(format!("cannot make the folder: {e}")))
}

/// The engine under audit, restarted after it crashes or hangs.
struct Auditee {
    command: Vec<String>,
    timeout: Duration,
    client: Option<Client>,
    caps: Option<Capabilities>,
    skip_checks: Vec<CheckName>,
    set_rules: SetRules,
    notes: Vec<String>,
}

impl Auditee {
    /// Starts the engine if it is not running, and asks what it can do the
    /// first time.
    fn start(&mut self) -> Result<(), Failure> {
        if self.client.is_none() {
            let mut client = Client::start(&self.command, self.timeout)?;
            if self.caps.is_none() {
                let caps = Capabilities::probe(&mut client)?.without(&self.skip_checks);
                self.caps = Some(caps);
            }
            self.client = Some(client);
        }
        Ok(())
    }

    /// The command that tells the engine `rules`, if any.
    fn rules_command(&self, rules: tromp_taylor_harness::vocab::Rules) -> Option<String> {
        match &self.set_rules {
            SetRules::Auto => {
                let caps = self.caps?;
                if caps.kata_set_rules {
                    Some(format!("kata-set-rules {rules}"))
                } else if caps.kgs_rules {
                    kgs_rules_name(rules).map(|name| format!("kgs-rules {name}"))
                } else {
                    None
                }
            }
            SetRules::Command(command) => Some(command.clone()),
            SetRules::Nothing => None,
        }
    }

    fn audit(&mut self, script: &Script, reference: EngineKind) -> GameAudit {
        if self.client.is_none() {
            match self.start() {
                Ok(()) => {}
                Err(failure) => {
                    let kind = match failure {
                        Failure::Hang { .. } => Kind::Hang,
                        Failure::Garbage { .. } => Kind::Garbage,
                        Failure::Crash { .. } => Kind::Crash,
                    };
                    return GameAudit::Diverges(Box::new(Divergence {
                        kind,
                        record: Vec::new(),
                        engine_says: failure.to_string(),
                        rules_say: "an answer in GTP".to_string(),
                        rules_grid: None,
                        engine_grid: None,
                        transcript: Vec::new(),
                    }));
                }
            }
        }
        let caps = self.caps.unwrap_or_default();
        let set_rules = self.rules_command(script.setup.rules);
        let client = self.client.as_mut().expect("started");
        let mut auditor = Auditor::new(client, caps, reference);
        auditor.set_rules = set_rules;
        let result = auditor.audit(script);
        // What the game found cannot be checked stays unchecked.
        self.caps = Some(auditor.caps);
        for note in auditor.notes {
            if !self.notes.contains(&note) {
                self.notes.push(note);
            }
        }
        if let GameAudit::Diverges(d) = &result {
            if matches!(d.kind, Kind::Crash | Kind::Hang | Kind::Garbage) {
                self.client = None;
            }
        }
        result
    }
}

/// The script for game `game` (from 1): its own generator, so that any game
/// can be regenerated alone. Agreements are left out (GTP has none).
pub fn game_script(options: &AuditOptions, game: usize) -> (Bias, Script) {
    let mut rng = Rng::new(options.seed ^ (game as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let size = *rng.pick(&options.sizes);
    let bias = options.biases[(game - 1) % options.biases.len()];
    let setup = Setup {
        size,
        rules: options.rules,
        handicap: Handicap::None,
    };
    let mut script = generate(setup, bias, &mut rng);
    script.steps.retain(|s| !matches!(s, Step::Agree(_)));
    (bias, script)
}

/// The shortest prefix, then steps removed while the engine still parts
/// from the rules the same way.
fn minimise(
    auditee: &mut Auditee,
    reference: EngineKind,
    script: &Script,
    divergence: Divergence,
    budget: usize,
) -> (Script, Divergence) {
    let mut best = script.clone();
    best.steps.truncate(divergence.record.len());
    let mut best_divergence = divergence;
    if matches!(
        best_divergence.kind,
        Kind::Crash | Kind::Hang | Kind::Garbage
    ) {
        return (best, best_divergence);
    }
    let kind = best_divergence.kind.clone();
    let mut spent = 0;
    let mut chunk = best.steps.len() / 2;
    while chunk >= 1 && spent < budget {
        let mut start = 0;
        while start < best.steps.len() && spent < budget {
            let mut candidate = best.clone();
            let end = (start + chunk).min(candidate.steps.len());
            candidate.steps.drain(start..end);
            spent += 1;
            match auditee.audit(&candidate, reference.clone()) {
                GameAudit::Diverges(found) if found.kind == kind => {
                    candidate.steps.truncate(found.record.len());
                    best = candidate;
                    best_divergence = *found;
                }
                _ => start += chunk,
            }
        }
        chunk /= 2;
    }
    (best, best_divergence)
}

/// Runs the audit, telling `progress` one line per game. `Err`, before any
/// game, when the output folder cannot be one or the engine cannot be
/// started and asked `list_commands`.
pub fn run_audit(
    options: &AuditOptions,
    progress: impl FnMut(&str),
) -> Result<AuditSummary, AuditError> {
    let started = Instant::now();
    if let Some(out) = &options.out {
        prepare_out(out)?;
    }
    let mut auditee = Auditee {
        command: options.engine.clone(),
        timeout: options.timeout,
        client: None,
        caps: None,
        skip_checks: options.skip_checks.clone(),
        set_rules: options.set_rules.clone(),
        notes: Vec::new(),
    };
    auditee.start().map_err(|failure| AuditError::Engine {
        engine: options.engine.join(" "),
        failure,
    })?;
    let mut summary = AuditSummary {
        engine: options.engine.join(" "),
        games: 0,
        agreed: 0,
        skipped: Vec::new(),
        found: Vec::new(),
        steps: 0,
        turns: 0,
        capabilities: Capabilities::default(),
        elapsed: Duration::ZERO,
        notes: Vec::new(),
    };
    if let Some(caps) = auditee.caps {
        summary.notes.extend(untold_rules_note(options, caps));
    }
    for check in &options.skip_checks {
        summary
            .notes
            .push(format!("{}: switched off (--skip-checks)", check.name()));
    }
    let mut audit = Audit {
        options,
        auditee,
        summary,
        progress,
    };
    let games = if options.replay.is_empty() {
        options.games
    } else {
        options.replay.len()
    };
    for game in 1..=games {
        if !audit.game(game) {
            break;
        }
    }
    Ok(audit.finish(started))
}

/// The note that the engine was not told the rules, when it has no way
/// to be told them and [`SetRules::Auto`] was to find one.
fn untold_rules_note(options: &AuditOptions, caps: Capabilities) -> Option<String> {
    let kgs = caps.kgs_rules && kgs_rules_name(options.rules).is_some();
    if !caps.kata_set_rules && !kgs && options.set_rules == SetRules::Auto {
        let why = if caps.kgs_rules {
            "it has no kata-set-rules, and no KGS rule set of its kgs-rules is these rules"
        } else {
            "it has no kata-set-rules or kgs-rules"
        };
        return Some(format!(
            "the engine was not told the rules ({why}): it is held to {} as its command \
             line sets them",
            options.rules
        ));
    }
    None
}

/// An audit under way: what to do, the engine, what it found so far, and
/// where the progress lines go.
struct Audit<'a, P: FnMut(&str)> {
    options: &'a AuditOptions,
    auditee: Auditee,
    summary: AuditSummary,
    progress: P,
}

/// One game of an audit, generated or replayed from a file.
struct AuditGame {
    /// The game, from 1.
    game: usize,
    /// Its bias; none for a replayed game.
    bias: Option<Bias>,
    /// The file it was replayed from.
    file: Option<PathBuf>,
    /// The game.
    script: Script,
}

impl AuditGame {
    /// Game `game` (from 1): the saved game to replay, or else generated.
    fn new(options: &AuditOptions, game: usize) -> AuditGame {
        let (bias, script, file) = match options.replay.get(game - 1) {
            Some((file, script)) => (None, script.clone(), Some(file.clone())),
            None => {
                let (bias, script) = game_script(options, game);
                (Some(bias), script, None)
            }
        };
        AuditGame {
            game,
            bias,
            file,
            script,
        }
    }

    /// How the progress lines name the game.
    fn label(&self) -> String {
        let game = self.game;
        match (&self.file, self.bias) {
            (Some(file), _) => format!("{} ({})", file.display(), self.script.setup.size),
            (None, Some(bias)) => format!("game {game} ({}, {bias})", self.script.setup.size),
            (None, None) => format!("game {game} ({})", self.script.setup.size),
        }
    }
}

impl<P: FnMut(&str)> Audit<'_, P> {
    /// Plays game `game` (from 1) and tells what it found; `false` when the
    /// audit stops (the engine cannot be started).
    fn game(&mut self, game: usize) -> bool {
        let game = AuditGame::new(self.options, game);
        self.summary.games += 1;
        let label = game.label();
        match self
            .auditee
            .audit(&game.script, self.options.reference.clone())
        {
            GameAudit::Agrees(played) => {
                self.summary.agreed += 1;
                self.summary.steps += played.steps;
                self.summary.turns += played.turns;
                (self.progress)(&format!(
                    "{label}: {}, {}{}: agrees",
                    report::plural(played.steps, "step"),
                    report::plural(played.turns, "turn"),
                    if played.ended { ", ended" } else { "" }
                ));
                true
            }
            GameAudit::Unsupported(why) => {
                (self.progress)(&format!("{label}: skipped: {}", why.0));
                self.summary.skipped.push((game.game, why.0));
                true
            }
            GameAudit::Diverges(divergence) => self.diverged(game, &label, *divergence),
        }
    }

    /// Minimises a generated game's divergence, writes and tells it;
    /// `false` when the engine never started (the audit stops).
    fn diverged(&mut self, game: AuditGame, label: &str, divergence: Divergence) -> bool {
        let steps_before = divergence.record.len();
        let never_started = divergence.record.is_empty()
            && divergence.transcript.is_empty()
            && matches!(divergence.kind, Kind::Crash | Kind::Hang | Kind::Garbage);
        // A replayed game is the reproducer as given: not minimised.
        let (script, divergence) = match game.file {
            Some(_) => (game.script, divergence),
            None => minimise(
                &mut self.auditee,
                self.options.reference.clone(),
                &game.script,
                divergence,
                self.options.minimise_budget,
            ),
        };
        let mut found = Found {
            game: game.game,
            bias: game.bias,
            replayed: game.file,
            setup: script.setup,
            steps_before,
            script,
            divergence,
            files: None,
        };
        if let Some(out) = &self.options.out {
            self.write(out, &mut found);
        }
        let at = found.divergence.record.len();
        (self.progress)(&format!(
            "{label}: DIVERGES: the engine {} at step {at}{}{}",
            found.divergence.kind,
            if steps_before > at {
                format!(" (minimised from {steps_before})")
            } else {
                String::new()
            },
            found
                .files
                .as_ref()
                .map_or(String::new(), |(_, txt)| format!(": {}", txt.display()))
        ));
        self.summary.found.push(found);
        if never_started {
            (self.progress)("the engine cannot be started: the audit stops");
            return false;
        }
        true
    }

    /// Writes `found`'s SGF and report into `out`, and notes them in it.
    fn write(&mut self, out: &Path, found: &mut Found) {
        let stem = format!(
            "game-{:03}-{}",
            found.game,
            report::slug(&found.divergence.kind)
        );
        let sgf = out.join(format!("{stem}.sgf"));
        let txt = out.join(format!("{stem}.txt"));
        let written = std::fs::write(&sgf, found.sgf() + "\n")
            .and_then(|_| std::fs::write(&txt, report::report(&self.summary.engine, found)));
        match written {
            Ok(()) => found.files = Some((sgf, txt)),
            Err(e) => (self.progress)(&format!("cannot write {}: {e}", sgf.display())),
        }
    }

    /// The summary, with what the engine could be asked and its notes, the
    /// time since `started`, written to the output folder if there is one.
    fn finish(mut self, started: Instant) -> AuditSummary {
        let mut summary = self.summary;
        summary.capabilities = self.auditee.caps.unwrap_or_default();
        summary.notes.append(&mut self.auditee.notes);
        summary.elapsed = started.elapsed();
        if let Some(out) = &self.options.out {
            let path = out.join("summary.txt");
            if let Err(e) = std::fs::write(&path, report::summary(&summary)) {
                (self.progress)(&format!("cannot write {}: {e}", path.display()));
            }
        }
        summary
    }
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
