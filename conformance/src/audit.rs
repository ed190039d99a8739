//! `tromp-taylor audit`: another engine, run as a child process over GTP,
//! checked against the rules on generated games.
//!
//! The engine is one more [`Engine`](tromp_taylor_harness::engine::Engine)
//! behind the GTP adapter ([`tromp_taylor_gtp::adapter`]), claiming what its commands
//! let it be held to; the harness's driver plays each game on it and on the
//! rules side by side, and the harness's minimiser shrinks each divergence
//! (the shortest prefix, then turns removed while it stays of the same
//! kind). What is the auditor's own: the games it generates (so that game
//! numbers stay as they were), [`check`], which reads a divergence in its
//! words (its kind, what the engine and the rules said, the GTP commands
//! that show it), [`scoring`], which tells a scoring convention from a
//! rules bug, and [`report`] and [`export`], which write each divergence as
//! the harness's one report and the summary, grouped by kind.

pub mod check;
pub mod export;
pub mod own;
pub mod report;
pub mod scoring;
pub mod summary;

use check::{Audited, Auditor, Reading};
pub use own::Moves;
use own::{Chooser, Ending, OwnGame};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
pub use summary::{AuditSummary, Checked, Finding};
use thiserror::Error;
use tromp_taylor_gtp::adapter::{gtp_engine_probed, GtpOptions, Probed};
pub use tromp_taylor_gtp::adapter::{kgs_rules_name, SetRules};
use tromp_taylor_gtp::capabilities::Capabilities;
pub use tromp_taylor_gtp::capabilities::CheckName;
use tromp_taylor_gtp::client::Failure;
use tromp_taylor_harness::diff::Agreed;
use tromp_taylor_harness::diff::Divergence;
use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::file::write_whole;
use tromp_taylor_harness::generate::{generate, Bias, Rng, BIASES};
use tromp_taylor_harness::minimise::Shrink;
use tromp_taylor_harness::safe;
use tromp_taylor_harness::script::{Script, Step};
use tromp_taylor_harness::stop::Stop;
use tromp_taylor_harness::vocab::{Handicap, Rules, Setup, Size};

/// What to audit, and how.
#[derive(Clone, Debug)]
pub struct AuditOptions {
    /// How the engine is run: its command line, the timeout of a command,
    /// how it is told the rules, the rules it is held to (komi included) and
    /// the checks switched off (an author who knows a command is missing or
    /// only an estimate).
    pub gtp: GtpOptions,
    /// The board sizes, drawn in turn.
    pub sizes: Vec<Size>,
    /// How many games.
    pub games: usize,
    /// The seed of the games.
    pub seed: u64,
    /// The biases, drawn in turn.
    pub biases: Vec<Bias>,
    /// Where to write each divergence's SGF and report, and the summary.
    pub out: Option<PathBuf>,
    /// The rules' engine.
    pub reference: EngineKind,
    /// The most replays spent minimising one divergence.
    pub minimise_budget: usize,
    /// Whether a scoring convention (dead stones removed before counting)
    /// counts as a divergence in [`AuditSummary::diverges`].
    pub strict_score: bool,
    /// Instead of generated games, these saved games (each with the file it
    /// was read from), played as recorded and not minimised: a reproducer
    /// replayed (`audit --replay FILE`).
    pub replay: Vec<(PathBuf, Script)>,
    /// Who chooses the moves: the auditor (`play`) or the engine
    /// (`genmove`, [`own`]).
    pub moves: Moves,
    /// The illegal moves the engine's `play` takes on purpose (KataGo's
    /// tolerant `play`, for one), by [`code`](tromp_taylor_harness::vocab::Illegal::code):
    /// a controller keeps those rules itself, so they are never sent.
    pub tolerates: Vec<&'static str>,
    /// A request that stops the audit between two games (and ends a
    /// minimisation with what it has): the summary says so and keeps every
    /// divergence found, each written whole.
    pub stop: Stop,
}

impl AuditOptions {
    /// Defaults: the ten rules, 5x5 and 9x9, every bias, 10 s a command.
    pub fn new(engine: Vec<String>, games: usize, seed: u64) -> AuditOptions {
        AuditOptions {
            gtp: GtpOptions::new(engine, Duration::from_secs(10)),
            sizes: vec![Size::new(5, 5).expect("5x5"), Size::new(9, 9).expect("9x9")],
            games,
            seed,
            biases: BIASES.to_vec(),
            out: None,
            reference: EngineKind::spec(),
            minimise_budget: 300,
            strict_score: false,
            replay: Vec::new(),
            moves: Moves::Given,
            tolerates: Vec::new(),
            stop: Stop::new(),
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
    /// The engine did not answer its first command within its start timeout
    /// (a manifest's `start_timeout`, or a command's timeout).
    #[error("the engine `{engine}` did not start: no answer to its first command in {seconds} s (a manifest's start_timeout gives a slow start more)")]
    Start {
        /// The engine's command line.
        engine: String,
        /// The seconds it was given.
        seconds: f64,
    },
    /// The engine's own moves were to be audited, and it has no `genmove`.
    #[error("the engine `{engine}` has no genmove: its own moves cannot be audited")]
    NoGenmove {
        /// The engine's command line.
        engine: String,
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

/// The script for game `game` (from 1): its own generator, so that any game
/// can be regenerated alone. Agreements are left out (GTP has none).
pub fn game_script(options: &AuditOptions, game: usize) -> (Bias, Script) {
    let mut rng = Rng::new(options.seed ^ (game as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let size = *rng.pick(&options.sizes);
    let bias = options.biases[(game - 1) % options.biases.len()];
    let setup = Setup {
        size,
        rules: options.gtp.rules,
        handicap: Handicap::None,
    };
    let mut script = generate(setup, bias, &mut rng);
    script.steps.retain(|s| !matches!(s, Step::Agree(_)));
    (bias, script)
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
    // The adapter holds the engine to these rules; whose turn it is after
    // a refusal is its own to keep (see the note below).
    let gtp = GtpOptions {
        rules: Rules {
            illegal_loses_turn: false,
            ..options.gtp.rules
        },
        ..options.gtp.clone()
    };
    let (engine, probed) = gtp_engine_probed(gtp.clone()).map_err(|failure| match failure {
        // No answer to the first command: it did not start in time.
        Failure::Hang { command, seconds } if command == "list_commands" => AuditError::Start {
            engine: options.gtp.command.join(" "),
            seconds,
        },
        failure => AuditError::Engine {
            engine: options.gtp.command.join(" "),
            failure,
        },
    })?;
    let auditor = Auditor {
        gtp: &gtp,
        caps: probed.caps,
        max_side: probed.max_side,
        engine: &engine,
        reference: &options.reference,
    };
    let chooser = match options.moves {
        Moves::Given => None,
        Moves::Own if probed.caps.genmove => Some(Chooser {
            gtp: &gtp,
            caps: probed.caps,
            reference: &options.reference,
            client: None,
            rules_asked: false,
        }),
        Moves::Own => {
            return Err(AuditError::NoGenmove {
                engine: options.gtp.command.join(" "),
            })
        }
    };
    let mut audit = Audit {
        options,
        auditor,
        chooser,
        summary: AuditSummary::new(
            options.gtp.command.join(" "),
            probed.caps,
            notes(options, &probed),
        ),
        progress,
    };
    let games = if options.replay.is_empty() {
        options.games
    } else {
        options.replay.len()
    };
    for game in 1..=games {
        if options.stop.is_requested() || !audit.game(game) {
            break;
        }
    }
    audit.summary.stopped = options.stop.requested();
    Ok(audit.finish(started))
}

/// What the audit will not check, and why: the rules the engine cannot be
/// told, the checks switched off, a board that cannot be read.
fn notes(options: &AuditOptions, probed: &Probed) -> Vec<String> {
    let caps = probed.caps;
    let mut notes: Vec<String> = untold_rules_note(options, caps).into_iter().collect();
    let grids = caps.list_stones || probed.showboard;
    if options.gtp.rules.illegal_loses_turn && !grids {
        notes.push(
            "a refused move does not lose the turn: without the engine's board a refusal \
             on an occupied point (which loses nothing) cannot be told from one that loses \
             the turn, so the games are played without that option"
                .to_string(),
        );
    }
    for check in &options.gtp.off {
        notes.push(format!("{}: switched off (--skip-checks)", check.name()));
    }
    if caps.showboard && !caps.list_stones && !probed.showboard {
        // Some engines draw the board on standard error (Leela Zero): not
        // a rules question, so the board is not checked.
        notes.push(
            "the board was not checked: the engine has no list_stones and its showboard \
             answer cannot be read"
                .to_string(),
        );
    }
    notes
}

/// The note that the engine was not told the rules, when it has no way
/// to be told them and [`SetRules::Auto`] was to find one.
fn untold_rules_note(options: &AuditOptions, caps: Capabilities) -> Option<String> {
    let kgs = caps.kgs_rules && kgs_rules_name(options.gtp.rules).is_some();
    if !caps.kata_set_rules && !kgs && options.gtp.set_rules == SetRules::Auto {
        let why = if caps.kgs_rules {
            "it has no kata-set-rules, and no KGS rule set of its kgs-rules is these rules"
        } else {
            "it has no kata-set-rules or kgs-rules"
        };
        return Some(format!(
            "the engine was not told the rules ({why}): it is held to {} as its command \
             line sets them",
            options.gtp.rules
        ));
    }
    None
}

/// An audit under way: what to do, the engine, what it found so far, and
/// where the progress lines go.
struct Audit<'a, P: FnMut(&str)> {
    options: &'a AuditOptions,
    auditor: Auditor<'a>,
    /// The engine choosing its own moves, in the own-moves audit.
    chooser: Option<Chooser<'a>>,
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
    /// What the engine chose itself, in the own-moves audit: how many
    /// moves and how the game ended; a divergence in its choice is not
    /// minimised (its next choice in a shorter game is another).
    own: Option<(usize, Option<Ending>)>,
}

impl AuditGame {
    /// Game `game` (from 1): the saved game to replay, or else generated.
    fn new(options: &AuditOptions, game: usize) -> AuditGame {
        let (bias, mut script, file) = match options.replay.get(game - 1) {
            Some((file, script)) => (None, script.clone(), Some(file.clone())),
            None => {
                let (bias, script) = game_script(options, game);
                (Some(bias), script, None)
            }
        };
        // GTP has no agreement on dead stones.
        script.steps.retain(|s| !matches!(s, Step::Agree(_)));
        AuditGame {
            game,
            bias,
            file,
            script,
            own: None,
        }
    }

    /// How the progress lines name the game.
    fn label(&self) -> String {
        let game = self.game;
        let size = self.script.setup.size;
        let label = match (&self.file, self.bias) {
            (Some(file), _) => format!("{} ({size})", file.display()),
            (None, Some(bias)) => format!("game {game} ({size}, {bias})"),
            (None, None) => format!("game {game} ({size})"),
        };
        match self.own {
            Some((moves, Some(ending))) => {
                let ending = match ending {
                    Ending::Ended => "to the end".to_string(),
                    Ending::Resigned(player) => format!("until {player:?} resigned"),
                    Ending::Cut => "cut at the most turns an audit plays".to_string(),
                };
                format!(
                    "{label}, {} of its own {ending}",
                    report::plural(moves, "move")
                )
            }
            _ => label,
        }
    }
}

impl<P: FnMut(&str)> Audit<'_, P> {
    /// Audits `game`: as generated (less what the engine's `play` tolerates),
    /// or with the engine choosing its own moves from a position the
    /// generated game reaches, the game it then plays being audited as any.
    fn audited(&mut self, game: &mut AuditGame) -> Audited {
        let reference = &self.options.reference;
        let Some(chooser) = self.chooser.as_mut() else {
            game.script = own::tolerated(&game.script, reference, &self.options.tolerates);
            return self.auditor.audit(&game.script);
        };
        let points = game.script.setup.size.points();
        // Every fourth game from the empty board, the others from a
        // position some way into the generated game.
        let length = if game.game % 4 == 1 {
            0
        } else {
            let mut rng = Rng::new(self.options.seed ^ (game.game as u64) ^ 0x6F77_6E00);
            rng.below(points / 2 + 1)
        };
        let prefix = own::prefix(&game.script, reference, length);
        match chooser.play(game.script.setup, &prefix) {
            OwnGame::Played(script, moves, ending) => {
                game.script = script;
                game.own = Some((moves, Some(ending)));
                self.auditor.audit(&game.script)
            }
            OwnGame::Diverges(reading, divergence) => {
                let turns = divergence.record.iter().filter_map(|(_, a)| match a {
                    tromp_taylor_harness::script::Action::Turn(t) => Some(Step::Attempt(*t)),
                    tromp_taylor_harness::script::Action::Agree(_) => None,
                });
                game.script = Script::new(divergence.setup, turns.collect());
                game.own = Some((0, None));
                Audited::Diverges(reading, divergence)
            }
            OwnGame::Unplayable(why) => Audited::Unplayable(why),
        }
    }

    /// Counts and tells a game that agreed.
    fn agreed(&mut self, label: &str, played: Agreed) {
        self.summary.agreed += 1;
        self.summary.steps += played.steps;
        self.summary.turns += played.turns;
        (self.progress)(&format!(
            "{label}: {}, {}{}: agrees",
            report::plural(played.steps, "step"),
            report::plural(played.turns, "turn"),
            if played.ended { ", ended" } else { "" }
        ));
    }

    /// Plays game `game` (from 1) and tells what it found; `false` when the
    /// audit stops (the engine cannot be started).
    fn game(&mut self, game: usize) -> bool {
        let mut game = AuditGame::new(self.options, game);
        if !self.auditor.engine.supports().illegal_loses_turn {
            // The adapter cannot tell which refusals lose the turn.
            game.script.setup.rules.illegal_loses_turn = false;
        }
        self.summary.games += 1;
        let audited = self.audited(&mut game);
        let label = game.label();
        match audited {
            Audited::Agrees(played) => {
                self.agreed(&label, played);
                true
            }
            Audited::Unplayable(why) => {
                (self.progress)(&format!("{label}: skipped: {}", why.0));
                self.summary.skipped.push((game.game, why.0));
                true
            }
            Audited::Diverges(reading, divergence) => {
                self.diverged(game, &label, *reading, divergence)
            }
        }
    }

    /// Minimises a generated game's divergence, writes and tells it;
    /// `false` when the engine never started (the audit stops).
    fn diverged(
        &mut self,
        game: AuditGame,
        label: &str,
        reading: Reading,
        divergence: Box<Divergence>,
    ) -> bool {
        let steps_before = reading.said.record.len();
        let never_started = reading.said.record.is_empty() && reading.kind.is_failure();
        // A replayed game is the reproducer as given, and an engine's own
        // choice is its choice in that game: not minimised.
        let chosen = matches!(game.own, Some((_, None)));
        let (script, reading, divergence) = match game.file {
            Some(_) => (game.script, reading, divergence),
            None if chosen => (game.script, reading, divergence),
            None => self.minimise(&game.script, reading, divergence),
        };
        let minimised = game.file.is_none() && !chosen;
        let mut found = Finding {
            kind: reading.kind,
            steps_before,
            bias: game.bias,
            replayed: game.file,
            said: reading.said,
            ..Finding::new(game.game, script, divergence, minimised, None)
        };
        if let Some(out) = &self.options.out {
            self.write(out, &mut found);
        }
        let at = found.said.record.len();
        (self.progress)(&format!(
            "{label}: DIVERGES: the engine {} at step {at}{}{}",
            found.kind,
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

    /// The shortest prefix of `script`, then steps removed while the engine
    /// still parts from the rules the same way (the same [`Kind`]), within
    /// the budget; a failure to answer is not minimised.
    fn minimise(
        &self,
        script: &Script,
        reading: Reading,
        divergence: Box<Divergence>,
    ) -> (Script, Reading, Box<Divergence>) {
        let mut shortest = script.clone();
        shortest.steps.truncate(divergence.steps);
        if reading.kind.is_failure() {
            return (shortest, reading, divergence);
        }
        let auditor = &self.auditor;
        let shrink = Shrink {
            left: auditor.reference,
            right: auditor.engine,
            options: Auditor::compare_options(),
            budget: self.options.minimise_budget,
            stop: Some(&self.options.stop),
        };
        let kind = reading.kind.clone();
        let (script, found) = shrink.run(&shortest, divergence.clone(), |m| {
            auditor.kind(m).is_ok_and(|k| k == kind)
        });
        match auditor.read(&found) {
            Ok(minimised) if minimised.kind == kind => (script, *minimised, found),
            _ => (shortest, reading, divergence),
        }
    }

    /// Writes `found`'s SGF and report into `out`, and notes them in it.
    fn write(&mut self, out: &Path, found: &mut Finding) {
        let stem = format!("game-{:03}-{}", found.game(), report::slug(&found.kind));
        let sgf = out.join(format!("{stem}.sgf"));
        let txt = out.join(format!("{stem}.txt"));
        // The files are named before the report, which names the SGF.
        found.files = Some((sgf.clone(), txt.clone()));
        let written = write_whole(&sgf, found.sgf() + "\n").and_then(|_| {
            write_whole(
                &txt,
                safe::text(&report::report(&self.summary.engine, found)),
            )
        });
        if let Err(e) = written {
            found.files = None;
            (self.progress)(&format!("cannot write {}: {e}", sgf.display()));
        }
    }

    /// The summary, with what the engine could be asked and its notes, the
    /// time since `started`, written to the output folder if there is one.
    fn finish(mut self, started: Instant) -> AuditSummary {
        let mut summary = self.summary;
        summary.elapsed = started.elapsed();
        if let Some(out) = &self.options.out {
            let path = out.join("summary.txt");
            if let Err(e) = write_whole(&path, safe::text(&report::summary(&summary))) {
                (self.progress)(&format!("cannot write {}: {e}", path.display()));
            }
        }
        summary
    }
}
