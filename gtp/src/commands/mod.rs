//! The GTP command handlers: one session (a game, a seeded generator for
//! `genmove`, the options it was started with), answering one command at a
//! time. Every handler either succeeds or fails leaving the game exactly as
//! it was.
//!
//! This file holds the session and sends each command to its handler; the
//! handlers live by job: `setup` (board, komi, rules, handicaps),
//! `play` (moves, `genmove`, `undo`), `queries` (the position, legality,
//! the score), `records` (`loadsgf`, `printsgf`), `kata` (KataGo's rule
//! forms), and `words` (the arguments and answers they share).

mod kata;
mod play;
mod queries;
mod records;
mod setup;
mod words;

pub use kata::{kata_rules_json, parse_kata_rules};
pub use words::{point_name, turn_text};

use crate::game::{Game, Start};
use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::generate::Rng;
use tromp_taylor_harness::vocab::{Handicap, Rules, Size};
use words::arg_count;

/// What a session is started with.
#[derive(Clone, Debug)]
pub struct SessionOptions {
    /// The engine that decides.
    pub engine: EngineKind,
    /// The rules of every new game (komi included), until changed.
    pub rules: Rules,
    /// The seed of `genmove` and `place_free_handicap`.
    pub seed: u64,
    /// Whether `loadsgf` and `printsgf FILE` may touch files (off when fuzzing).
    pub files: bool,
}

/// The commands a session knows, in the order `list_commands` gives them.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "rectangular_boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "reg_genmove",
    "undo",
    "showboard",
    "final_score",
    "final_status_list",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "loadsgf",
    "printsgf",
    "is_legal",
    "all_legal",
    "list_stones",
    "captures",
    "time_settings",
    "time_left",
    "kgs-time_settings",
    "kgs-genmove_cleanup",
    "kgs-rules",
    "kata-get-rules",
    "kata-set-rules",
    "gogui-play_sequence",
    "gogui-rules_game_id",
    "gogui-rules_board_size",
    "gogui-rules_board",
    "gogui-rules_legal_moves",
    "gogui-rules_side_to_move",
    "gogui-rules_captured_count",
    "gogui-rules_final_result",
];

/// A GTP session: the game, the generator, and whether `quit` was asked.
pub struct Session {
    options: SessionOptions,
    game: Game,
    rng: Rng,
    quit: bool,
}

/// A handler's answer: the response text, or the error text.
pub type Answer = Result<String, String>;

impl Session {
    /// A session with an empty 19x19 board (or the largest square the
    /// engine can start, should it refuse 19x19).
    pub fn new(options: SessionOptions) -> Session {
        let size = Size::new(19, 19).expect("19x19");
        let game = Game::new(
            options.engine.clone(),
            size,
            options.rules,
            Start::Empty(Handicap::None),
        )
        .or_else(|_| {
            Game::new(
                options.engine.clone(),
                size,
                Rules::default(),
                Start::Empty(Handicap::None),
            )
        })
        .expect("every engine starts an empty 19x19 game");
        Session {
            rng: Rng::new(options.seed),
            options,
            game,
            quit: false,
        }
    }

    /// Whether `quit` has been answered.
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// The game, to look at.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Answers one command by name.
    pub fn execute(&mut self, name: &str, args: &[String]) -> Answer {
        match name {
            "protocol_version" => Ok("2".to_string()),
            "name" => Ok("tromp-taylor".to_string()),
            "version" => Ok(format!(
                "{} (engine {}, rules {})",
                env!("CARGO_PKG_VERSION"),
                self.options.engine.name(),
                self.game.rules()
            )),
            "known_command" => {
                arg_count(args, 1)?;
                Ok(COMMANDS.contains(&args[0].as_str()).to_string())
            }
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            "boardsize" => {
                arg_count(args, 1)?;
                self.boardsize(&args[0])
            }
            "rectangular_boardsize" => {
                arg_count(args, 2)?;
                self.boardsize(&format!("{}:{}", args[0], args[1]))
            }
            "clear_board" => self.clear_board(),
            "komi" => self.komi(args),
            "play" => {
                arg_count(args, 2)?;
                self.play(&args[0], &args[1])
            }
            "genmove" | "reg_genmove" | "kgs-genmove_cleanup" => {
                arg_count(args, 1)?;
                self.genmove(&args[0], name != "reg_genmove")
            }
            "undo" => self.undo(),
            "showboard" => Ok(self.showboard()),
            "final_score" => Ok(self.game.engine().outcome().to_string()),
            "final_status_list" => self.final_status_list(args),
            "fixed_handicap" => {
                arg_count(args, 1)?;
                self.fixed_handicap(words::int_arg(args, 0)?)
            }
            "place_free_handicap" => {
                arg_count(args, 1)?;
                self.place_free_handicap(words::int_arg(args, 0)?)
            }
            "set_free_handicap" => self.set_free_handicap(args),
            "loadsgf" => self.loadsgf_command(args),
            "printsgf" => self.printsgf(args),
            "is_legal" => self.is_legal(args),
            "all_legal" => {
                arg_count(args, 1)?;
                let player = words::parse_color(&args[0])?;
                Ok(self.legal_moves(player, false))
            }
            "list_stones" => {
                arg_count(args, 1)?;
                let player = words::parse_color(&args[0])?;
                Ok(self.stones(Some(player)))
            }
            "captures" => {
                arg_count(args, 1)?;
                let player = words::parse_color(&args[0])?;
                Ok(self.game.engine().prisoners(player).to_string())
            }
            "time_settings" | "time_left" | "kgs-time_settings" => Ok(String::new()),
            "kgs-rules" => self.kgs_rules(args),
            "kata-get-rules" => Ok(kata_rules_json(self.game.rules())),
            "kata-set-rules" => {
                arg_count(args, 1)?;
                let rules = parse_kata_rules(&args.join(" "), self.game.rules())?;
                self.set_rules(rules)
            }
            "gogui-play_sequence" => self.play_sequence(args),
            "gogui-rules_game_id" => Ok("Go".to_string()),
            "gogui-rules_board_size" => Ok(self.board_size()),
            "gogui-rules_board" => Ok(self.rules_board()),
            "gogui-rules_legal_moves" => {
                let player = self.game.engine().to_move();
                Ok(self.legal_moves(player, true))
            }
            "gogui-rules_side_to_move" => {
                Ok(words::player_name(self.game.engine().to_move()).to_string())
            }
            "gogui-rules_captured_count" => Ok(self.captured_count()),
            "gogui-rules_final_result" => Ok(self.final_result()),
            _ => Err("unknown command".to_string()),
        }
    }
}
