//! The audit's run: its games played on the one job loop
//! ([`run_games`], on one thread: the engine is one process), each read,
//! minimised and written as the auditor's own, and the summary.

use super::check::{Audited, Auditor, Reading};
use super::options::{notes, prepare_out, AuditError, AuditOptions};
use super::own::{self, Chooser, Ending, Moves, OwnGame};
use super::report;
use super::summary::{AuditSummary, Finding};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::Instant;
use tromp_taylor_gtp::adapter::{gtp_engine_probed, GtpOptions, Probed};
use tromp_taylor_gtp::client::Failure;
use tromp_taylor_harness::diff::{Agreed, Divergence};
use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::file::write_whole;
use tromp_taylor_harness::generate::{generate, Bias};
use tromp_taylor_harness::job_loop::{game_rng, run_games};
use tromp_taylor_harness::minimise::Shrink;
use tromp_taylor_harness::report::plural;
use tromp_taylor_harness::safe;
use tromp_taylor_harness::script::{Script, Step};
use tromp_taylor_harness::vocab::{Handicap, IllegalMove, Rules, Setup};

/// The script for game `game` (from 1), drawn from the one per-game seed
/// formula of every job ([`game_rng`]), so that any game can be
/// regenerated alone. Agreements are left out (GTP has none).
pub fn game_script(options: &AuditOptions, game: usize) -> (Bias, Script) {
    let mut rng = game_rng(options.seed, game);
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
    mut progress: impl FnMut(&str) + Send,
) -> Result<AuditSummary, AuditError> {
    let started = Instant::now();
    if let Some(out) = &options.out {
        prepare_out(out)?;
    }
    // The adapter holds the engine to these rules; whose turn it is after
    // a refusal is its own to keep (see the note below).
    let gtp = GtpOptions {
        rules: Rules {
            illegal_move: IllegalMove::Refused,
            ..options.gtp.rules
        },
        ..options.gtp.clone()
    };
    let (engine, probed) = start(options, &gtp)?;
    let engine_name = options.gtp.command.join(" ");
    if options.moves == Moves::Own && !probed.caps.genmove {
        return Err(AuditError::NoGenmove {
            engine: engine_name,
        });
    }
    let audit = Audit {
        options,
        auditor: Auditor {
            gtp: &gtp,
            caps: probed.caps,
            max_side: probed.max_side,
            engine: &engine,
            reference: &options.reference,
        },
    };
    let mut summary = AuditSummary::new(engine_name, probed.caps, notes(options, &probed));
    let games = match options.replay.len() {
        0 => options.games,
        replayed => replayed,
    };
    // The one job loop on one worker: the engine is one process, and a
    // GTP engine plays one game at a time.
    run_games(
        1..games + 1,
        1,
        &options.stop,
        || audit.chooser(),
        |chooser, game| audit.game(chooser, game),
        |_, told| tell(options, &mut summary, &mut progress, told),
    );
    summary.stopped = options.stop.requested();
    Ok(finish(options, summary, started, &mut progress))
}

/// Starts the engine and asks what it can do.
fn start(options: &AuditOptions, gtp: &GtpOptions) -> Result<(EngineKind, Probed), AuditError> {
    gtp_engine_probed(gtp.clone()).map_err(|failure| match failure {
        // No answer to the first command: it did not start in time.
        Failure::Hang { command, seconds } if command == "list_commands" => AuditError::Start {
            engine: options.gtp.command.join(" "),
            seconds,
        },
        failure => AuditError::Engine {
            engine: options.gtp.command.join(" "),
            failure,
        },
    })
}

/// An audit under way: what to do, and the engine under audit beside the
/// rules' engine. It is shared by the job loop's worker: what changes from
/// game to game is the worker's (the engine choosing its own moves) or the
/// loop's `tell` (the summary, the progress lines).
struct Audit<'a> {
    options: &'a AuditOptions,
    auditor: Auditor<'a>,
}

/// What one game of the audit came to, handed to [`tell`].
enum Told {
    /// It agreed: its label and what was played.
    Agreed(String, Agreed),
    /// It could not be played: its label, its number and why.
    Skipped(String, usize, String),
    /// It diverged: its label, the finding (minimised), the steps before
    /// minimising, and whether the engine never started (the audit stops).
    Diverged(String, Box<Finding>, usize, bool),
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
                format!("{label}, {} of its own {ending}", plural(moves, "move"))
            }
            _ => label,
        }
    }
}

impl Audit<'_> {
    /// The engine choosing its own moves, in the own-moves audit; the
    /// worker's state, kept from game to game (its process included).
    fn chooser(&self) -> Option<Chooser<'_>> {
        (self.options.moves == Moves::Own).then(|| Chooser {
            gtp: self.auditor.gtp,
            caps: self.auditor.caps,
            reference: &self.options.reference,
            client: None,
            rules_asked: false,
        })
    }

    /// Audits `game`: as generated (less what the engine's `play` tolerates),
    /// or with the engine choosing its own moves from a position the
    /// generated game reaches, the game it then plays being audited as any.
    fn audited(&self, chooser: &mut Option<Chooser<'_>>, game: &mut AuditGame) -> Audited {
        let reference = &self.options.reference;
        let Some(chooser) = chooser.as_mut() else {
            game.script = own::tolerated(&game.script, reference, &self.options.tolerates);
            return self.auditor.audit(&game.script);
        };
        let points = game.script.setup.size.points();
        // Every fourth game from the empty board, the others from a
        // position some way into the generated game.
        let length = if game.game % 4 == 1 {
            0
        } else {
            // A second stream for the same game: the one formula, on the
            // seed tagged "own".
            let mut rng = game_rng(self.options.seed ^ 0x6F77_6E00, game.game);
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

    /// Plays game `game` (from 1), and minimises a divergence it finds.
    fn game(&self, chooser: &mut Option<Chooser<'_>>, game: usize) -> Told {
        let mut game = AuditGame::new(self.options, game);
        if !self.auditor.engine.supports().illegal_loses_turn {
            // The adapter cannot tell which refusals lose the turn.
            game.script.setup.rules.illegal_move = IllegalMove::Refused;
        }
        let audited = self.audited(chooser, &mut game);
        let label = game.label();
        match audited {
            Audited::Agrees(played) => Told::Agreed(label, played),
            Audited::Unplayable(why) => Told::Skipped(label, game.game, why.0),
            Audited::Diverges(reading, divergence) => {
                let steps_before = reading.said.record.len();
                let never_started = reading.said.record.is_empty() && reading.kind.is_failure();
                let found = self.diverged(game, *reading, divergence);
                Told::Diverged(label, Box::new(found), steps_before, never_started)
            }
        }
    }

    /// A generated game's divergence, minimised, as a finding.
    fn diverged(&self, game: AuditGame, reading: Reading, divergence: Box<Divergence>) -> Finding {
        let steps_before = reading.said.record.len();
        // A replayed game is the reproducer as given, and an engine's own
        // choice is its choice in that game: not minimised.
        let chosen = matches!(game.own, Some((_, None)));
        let (script, reading, divergence) = match game.file {
            Some(_) => (game.script, reading, divergence),
            None if chosen => (game.script, reading, divergence),
            None => self.minimise(&game.script, reading, divergence),
        };
        let minimised = game.file.is_none() && !chosen;
        Finding {
            kind: reading.kind,
            steps_before,
            bias: game.bias,
            replayed: game.file,
            said: reading.said,
            ..Finding::new(game.game, script, divergence, minimised, None)
        }
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
}

/// Counts and tells one game's outcome, writing a divergence's files; a
/// break when the engine never started (the audit stops).
fn tell(
    options: &AuditOptions,
    summary: &mut AuditSummary,
    progress: &mut impl FnMut(&str),
    told: Told,
) -> ControlFlow<()> {
    summary.games += 1;
    match told {
        Told::Agreed(label, played) => {
            summary.agreed += 1;
            summary.steps += played.steps;
            summary.turns += played.turns;
            progress(&format!(
                "{label}: {}, {}{}: agrees",
                plural(played.steps, "step"),
                plural(played.turns, "turn"),
                if played.ended { ", ended" } else { "" }
            ));
        }
        Told::Skipped(label, game, why) => {
            progress(&format!("{label}: skipped: {why}"));
            summary.skipped.push((game, why));
        }
        Told::Diverged(label, mut found, steps_before, never_started) => {
            if let Some(out) = &options.out {
                write(out, &summary.engine, &mut found, progress);
            }
            let at = found.said.record.len();
            progress(&format!(
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
            summary.found.push(*found);
            if never_started {
                progress("the engine cannot be started: the audit stops");
                return ControlFlow::Break(());
            }
        }
    }
    ControlFlow::Continue(())
}

/// Writes `found`'s SGF and report into `out`, and notes them in it.
fn write(out: &Path, engine: &str, found: &mut Finding, progress: &mut impl FnMut(&str)) {
    let stem = format!("game-{:03}-{}", found.game(), report::slug(&found.kind));
    let sgf = out.join(format!("{stem}.sgf"));
    let txt = out.join(format!("{stem}.txt"));
    // The files are named before the report, which names the SGF.
    found.files = Some((sgf.clone(), txt.clone()));
    let written = write_whole(&sgf, found.sgf() + "\n")
        .and_then(|_| write_whole(&txt, safe::text(&report::report(engine, found))));
    if let Err(e) = written {
        found.files = None;
        progress(&format!("cannot write {}: {e}", sgf.display()));
    }
}

/// The summary, with what the engine could be asked and its notes, the
/// time since `started`, written to the output folder if there is one.
fn finish(
    options: &AuditOptions,
    mut summary: AuditSummary,
    started: Instant,
    progress: &mut impl FnMut(&str),
) -> AuditSummary {
    summary.elapsed = started.elapsed();
    if let Some(out) = &options.out {
        let path = out.join("summary.txt");
        if let Err(e) = write_whole(&path, safe::text(&report::summary(&summary))) {
            progress(&format!("cannot write {}: {e}", path.display()));
        }
    }
    summary
}

#[cfg(test)]
mod tests {
    use super::*;
    use tromp_taylor_harness::vocab::Size;

    #[test]
    fn a_game_number_is_the_same_game_from_the_one_seed_formula() {
        let mut options = AuditOptions::new(vec!["engine".into()], 12, 20261122);
        options.sizes = (2..=9).map(|n| Size::new(n, n).expect("a size")).collect();
        let mut longer = options.clone();
        longer.games = 40;
        for game in 1..=12 {
            let (bias, script) = game_script(&options, game);
            // Regenerated alone, and in a longer audit, it is the same game.
            assert_eq!(
                (bias, &script),
                (game_script(&longer, game).0, &game_script(&longer, game).1)
            );
            // Its board is the first draw of the game's generator.
            let size = *game_rng(options.seed, game).pick(&options.sizes);
            assert_eq!(script.setup.size, size, "game {game}");
        }
        let sizes: Vec<Size> = (1..=12)
            .map(|g| game_script(&options, g).1.setup.size)
            .collect();
        assert!(sizes.windows(2).any(|w| w[0] != w[1]), "{sizes:?}");
    }
}
