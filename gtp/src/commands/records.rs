//! The commands that read and write game records: `loadsgf FILE [N]` and
//! `printsgf [FILE]`, through the harness's one SGF reader and writer.

use super::session::{Answer, Session};
use super::words::{arg_count, int_arg, turn_text};
use crate::game::{Game, Start};
use tromp_taylor_harness::sgf::{read_records, write_record, GameRecord, ReadOptions};
use tromp_taylor_harness::sgf::{RecordedMove, RulesSource};
use tromp_taylor_harness::vocab::Action;

/// The most bytes `loadsgf` reads.
const MAX_SGF_BYTES: u64 = 16 << 20;

const NO_FILES: &str = "file access is disabled in this session";

impl Session {
    /// `loadsgf FILE [N]`: the first game's main line, up to before move N.
    pub(super) fn loadsgf_command(&mut self, args: &[String]) -> Answer {
        arg_count(args, 1)?;
        let upto = match args.get(1) {
            Some(_) => Some(int_arg(args, 1)?),
            None => None,
        };
        self.loadsgf(&args[0], upto)
    }

    /// `printsgf`: the game as SGF; `printsgf FILE` writes it there.
    pub(super) fn printsgf(&self, args: &[String]) -> Answer {
        let sgf = self.sgf();
        match args.first() {
            None => Ok(sgf),
            Some(_) if !self.options.files => Err(NO_FILES.to_string()),
            Some(file) => {
                tromp_taylor_harness::file::write_whole(std::path::Path::new(file), sgf + "\n")
                    .map(|_| String::new())
                    .map_err(|e| format!("cannot write {file}: {e}"))
            }
        }
    }

    fn loadsgf(&mut self, file: &str, upto: Option<usize>) -> Answer {
        if !self.options.files {
            return Err(NO_FILES.to_string());
        }
        let cannot = |why: String| format!("cannot load {file}: {why}");
        let metadata = std::fs::metadata(file).map_err(|e| cannot(e.to_string()))?;
        if !metadata.is_file() {
            return Err(cannot("not a regular file".to_string()));
        }
        let mut bytes = Vec::new();
        use std::io::Read;
        std::fs::File::open(file)
            .and_then(|f| f.take(MAX_SGF_BYTES).read_to_end(&mut bytes))
            .map_err(|e| cannot(e.to_string()))?;
        let record = read_records(&bytes, &ReadOptions::default())
            .map_err(|e| cannot(e.to_string()))?
            .remove(0);
        let mut rules = record.rules;
        if record.rules_source == RulesSource::Default {
            rules = self.game.rules();
            if bytes.windows(3).any(|w| w == b"KM[") {
                rules.komi_half_points = record.rules.komi_half_points;
            }
        }
        let start = match &record.setup {
            Some(colors) => Start::Position {
                colors: colors.clone(),
                to_move: record.first_player(),
            },
            None => Start::Empty(record.handicap),
        };
        let mut game = Game::new(self.options.engine.clone(), record.size, rules, start)
            .map_err(|e| cannot(e.to_string()))?;
        let count = upto.map_or(record.moves.len(), |n| n.saturating_sub(1));
        for (n, mv) in record.moves.iter().take(count).enumerate() {
            // The reader gives agreements only when reading attempts.
            let Action::Turn(turn) = mv.action else {
                return Err(cannot(format!("move {} is an agreement", n + 1)));
            };
            let to_move = game.engine().to_move();
            if mv.player != to_move {
                return Err(cannot(format!(
                    "move {} is {}'s, but it is {}'s turn",
                    n + 1,
                    mv.player,
                    to_move
                )));
            }
            game.play(turn).map_err(|illegal| {
                cannot(format!(
                    "move {} ({}) is illegal: {illegal}",
                    n + 1,
                    turn_text(turn),
                ))
            })?;
        }
        self.game = game;
        Ok(String::new())
    }

    /// The game as SGF FF\[4\], written by the harness's writer: the start
    /// (a handicap, or the setup position and the player to move), every
    /// turn, and the result once the game is over.
    pub fn sgf(&self) -> String {
        let mut record = GameRecord::new(self.game.size(), self.game.rules());
        record.application = Some(("tromp-taylor".into(), env!("CARGO_PKG_VERSION").into()));
        match self.game.start() {
            Start::Empty(handicap) => record.handicap = *handicap,
            Start::Position { colors, to_move } => {
                record.setup = Some(colors.clone());
                record.to_move = Some(*to_move);
            }
        }
        let engine = self.game.engine();
        if engine.is_over() {
            record.result = Some(engine.outcome().to_string());
        }
        record.moves = self
            .game
            .turns()
            .iter()
            .enumerate()
            .map(|(i, &(player, turn))| RecordedMove {
                node: i + 1,
                player,
                action: Action::Turn(turn),
            })
            .collect();
        write_record(&record)
    }
}
