//! The session: the game, a seeded generator for `genmove` and the options
//! it was started with, answering one command at a time by sending it to the
//! handler of its job.

use super::kata::{kata_rules_json, parse_kata_rules};
use super::words::{self, arg_count};
use crate::game::{Game, Start};
use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::generate::Rng;
use tromp_taylor_harness::vocab::{Handicap, Rules, Size};

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
    pub(super) options: SessionOptions,
    pub(super) game: Game,
    pub(super) rng: Rng,
    pub(super) quit: bool,
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
        self.protocol_command(name, args)
            .or_else(|| self.setup_command(name, args))
            .or_else(|| self.play_command(name, args))
            .or_else(|| self.query_command(name, args))
            .or_else(|| self.gogui_rules_command(name))
            .unwrap_or_else(|| Err("unknown command".to_string()))
    }

    /// The protocol's own commands (names, versions, `quit`) and the time
    /// commands, which are accepted and ignored; none for another command.
    fn protocol_command(&mut self, name: &str, args: &[String]) -> Option<Answer> {
        Some(match name {
            "protocol_version" => Ok("2".to_string()),
            "name" => Ok("tromp-taylor".to_string()),
            "version" => Ok(format!(
                "{} (engine {}, rules {})",
                env!("CARGO_PKG_VERSION"),
                self.options.engine.name(),
                self.game.rules()
            )),
            "known_command" => {
                arg_count(args, 1).map(|()| COMMANDS.contains(&args[0].as_str()).to_string())
            }
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            "time_settings" | "time_left" | "kgs-time_settings" => Ok(String::new()),
            _ => return None,
        })
    }

    /// The commands that set the game up: the board, komi, handicaps, the
    /// rules; none for another command.
    fn setup_command(&mut self, name: &str, args: &[String]) -> Option<Answer> {
        Some(match name {
            "boardsize" => arg_count(args, 1).and_then(|()| self.boardsize(&args[0])),
            "rectangular_boardsize" => arg_count(args, 2)
                .and_then(|()| self.boardsize(&format!("{}:{}", args[0], args[1]))),
            "clear_board" => self.clear_board(),
            "komi" => self.komi(args),
            "fixed_handicap" => arg_count(args, 1)
                .and_then(|()| words::int_arg(args, 0))
                .and_then(|n| self.fixed_handicap(n)),
            "place_free_handicap" => arg_count(args, 1)
                .and_then(|()| words::int_arg(args, 0))
                .and_then(|n| self.place_free_handicap(n)),
            "set_free_handicap" => self.set_free_handicap(args),
            "kgs-rules" => self.kgs_rules(args),
            "kata-get-rules" => Ok(kata_rules_json(self.game.rules())),
            "kata-set-rules" => arg_count(args, 1)
                .and_then(|()| parse_kata_rules(&args.join(" "), self.game.rules()))
                .and_then(|rules| self.set_rules(rules)),
            _ => return None,
        })
    }

    /// The commands that play, take back, load or write the game; none for
    /// another command.
    fn play_command(&mut self, name: &str, args: &[String]) -> Option<Answer> {
        Some(match name {
            "play" => arg_count(args, 2).and_then(|()| self.play(&args[0], &args[1])),
            "genmove" | "reg_genmove" | "kgs-genmove_cleanup" => {
                arg_count(args, 1).and_then(|()| self.genmove(&args[0], name != "reg_genmove"))
            }
            "undo" => self.undo(),
            "gogui-play_sequence" => self.play_sequence(args),
            "loadsgf" => self.loadsgf_command(args),
            "printsgf" => self.printsgf(args),
            _ => return None,
        })
    }

    /// The questions about the position: the board, legality, stones,
    /// captures, the score; none for another command.
    fn query_command(&mut self, name: &str, args: &[String]) -> Option<Answer> {
        Some(match name {
            "showboard" => Ok(self.showboard()),
            "final_score" => Ok(self.game.engine().outcome().to_string()),
            "final_status_list" => self.final_status_list(args),
            "is_legal" => self.is_legal(args),
            "all_legal" => arg_count(args, 1)
                .and_then(|()| words::parse_color(&args[0]))
                .map(|player| self.legal_moves(player, false)),
            "list_stones" => arg_count(args, 1)
                .and_then(|()| words::parse_color(&args[0]))
                .map(|player| self.stones(Some(player))),
            "captures" => arg_count(args, 1)
                .and_then(|()| words::parse_color(&args[0]))
                .map(|player| self.game.engine().prisoners(player).to_string()),
            _ => return None,
        })
    }

    /// GoGui's rules commands (`gogui-rules_*`); none for another command.
    fn gogui_rules_command(&self, name: &str) -> Option<Answer> {
        Some(match name {
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
            _ => return None,
        })
    }
}
