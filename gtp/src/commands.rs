//! The GTP command handlers: one session (a game, a seeded generator for
//! `genmove`, the options it was started with), answering one command at a
//! time. Every handler either succeeds or fails leaving the game exactly as
//! it was.

use crate::game::{Game, Start};
use sgf_parse::go::{self, Move, Prop};
use std::collections::HashSet;
use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::generate::Rng;
use tromp_taylor_harness::record::{read_records, rules_from_ru, RulesSource};
use tromp_taylor_harness::vertex::{column_name, vertex_name};
use tromp_taylor_harness::vocab::{
    Color, Handicap, Illegal, Player, Point, Rules, Size, Superko, Turn,
};

/// What a session is started with.
#[derive(Clone, Copy, Debug)]
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

/// The most bytes `loadsgf` reads.
const MAX_SGF_BYTES: u64 = 16 << 20;

/// A GTP session: the game, the generator, and whether `quit` was asked.
pub struct Session {
    options: SessionOptions,
    game: Game,
    rng: Rng,
    quit: bool,
}

/// A handler's answer: the response text, or the error text.
pub type Answer = Result<String, String>;

const SYNTAX: &str = "syntax error";

fn syntax(detail: impl std::fmt::Display) -> String {
    format!("{SYNTAX}: {detail}")
}

/// The words a client can bear after `illegal move: `.
pub fn illegal_reason(illegal: Illegal) -> String {
    match illegal {
        Illegal::GameOver => "the game is over".to_string(),
        Illegal::OffBoard => "off the board".to_string(),
        Illegal::Occupied => "occupied".to_string(),
        Illegal::Suicide => "suicide".to_string(),
        Illegal::Superko { repeats_turn } => {
            format!("superko (repeats the coloring after turn {repeats_turn})")
        }
        Illegal::Ko => "ko".to_string(),
    }
}

fn parse_color(text: &str) -> Result<Player, String> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Player::Black),
        "w" | "white" => Ok(Player::White),
        _ => Err(syntax(format!("{text:?} is not a color"))),
    }
}

/// A vertex as read: a turn, or a point off this board.
enum Vertex {
    Turn(Turn),
    OffBoard,
}

fn parse_vertex(text: &str, size: Size) -> Result<Vertex, String> {
    let rectangle = tromp_taylor_spec::Rectangle::new(size.width(), size.height())
        .map_err(|e| e.to_string())?;
    match tromp_taylor_harness::vertex::parse_turn(text, rectangle) {
        Ok(tromp_taylor_spec::Turn::Pass) => Ok(Vertex::Turn(Turn::Pass)),
        Ok(tromp_taylor_spec::Turn::Move(p)) => Ok(Vertex::Turn(Turn::Move(Point::new(p.x, p.y)))),
        Err(tromp_taylor_harness::vertex::VertexError::OffBoard { .. }) => Ok(Vertex::OffBoard),
        Err(e) => Err(syntax(e)),
    }
}

/// The GTP name of a point.
pub fn point_name(p: Point) -> String {
    vertex_name(tromp_taylor_spec::Point::new(p.x, p.y))
}

/// The GTP name of a turn.
pub fn turn_text(turn: Turn) -> String {
    match turn {
        Turn::Pass => "pass".to_string(),
        Turn::Move(p) => point_name(p),
    }
}

fn player_name(p: Player) -> &'static str {
    match p {
        Player::Black => "black",
        Player::White => "white",
    }
}

fn int_arg(args: &[String], i: usize) -> Result<usize, String> {
    let text = args
        .get(i)
        .ok_or_else(|| syntax("an argument is missing"))?;
    text.parse()
        .map_err(|_| syntax(format!("{text:?} is not a number")))
}

fn arg_count(args: &[String], n: usize) -> Result<(), String> {
    if args.len() < n {
        Err(syntax(format!(
            "{n} argument{} expected",
            if n == 1 { "" } else { "s" }
        )))
    } else {
        Ok(())
    }
}

/// Whether a move at `p` by `player` fills one of her own single-point eyes:
/// every on-board neighbour is her stone.
fn fills_own_eye(grid: &tromp_taylor_harness::vocab::Grid, player: Player, p: Point) -> bool {
    let size = grid.size;
    let mut neighbours = Vec::with_capacity(4);
    if p.x > 0 {
        neighbours.push(Point::new(p.x - 1, p.y));
    }
    if p.y > 0 {
        neighbours.push(Point::new(p.x, p.y - 1));
    }
    if p.x + 1 < size.width() {
        neighbours.push(Point::new(p.x + 1, p.y));
    }
    if p.y + 1 < size.height() {
        neighbours.push(Point::new(p.x, p.y + 1));
    }
    grid.at(p) == Color::Empty && neighbours.iter().all(|&n| grid.at(n) == player.color())
}

impl Session {
    /// A session with an empty 19x19 board (or the largest square the
    /// engine can start, should it refuse 19x19).
    pub fn new(options: SessionOptions) -> Session {
        let size = Size::new(19, 19).expect("19x19");
        let game = Game::new(
            options.engine,
            size,
            options.rules,
            Start::Empty(Handicap::None),
        )
        .or_else(|_| {
            Game::new(
                options.engine,
                size,
                Rules::default(),
                Start::Empty(Handicap::None),
            )
        })
        .expect("every engine starts an empty 19x19 game");
        Session {
            options,
            game,
            rng: Rng::new(options.seed),
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
                self.options.engine.name,
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
            "clear_board" => {
                let game = Game::new(
                    self.options.engine,
                    self.game.size(),
                    self.game.rules(),
                    Start::Empty(Handicap::None),
                )
                .map_err(|e| e.to_string())?;
                self.game = game;
                Ok(String::new())
            }
            "komi" => {
                arg_count(args, 1)?;
                let komi: tromp_taylor_spec::Komi = args[0]
                    .parse()
                    .map_err(|_| syntax("komi must be a multiple of 0.5"))?;
                let rules = Rules {
                    komi_half_points: komi.half_points(),
                    ..self.game.rules()
                };
                self.set_rules(rules)
            }
            "play" => {
                arg_count(args, 2)?;
                self.play(&args[0], &args[1])
            }
            "genmove" | "reg_genmove" | "kgs-genmove_cleanup" => {
                arg_count(args, 1)?;
                self.genmove(&args[0], name != "reg_genmove")
            }
            "undo" => {
                if self.game.undo() {
                    Ok(String::new())
                } else {
                    Err("cannot undo".to_string())
                }
            }
            "showboard" => Ok(self.showboard()),
            "final_score" => Ok(self.game.engine().outcome().to_string()),
            "final_status_list" => {
                arg_count(args, 1)?;
                match args[0].to_ascii_lowercase().as_str() {
                    "alive" => Ok(self.stones(None)),
                    "dead" | "seki" => Ok(String::new()),
                    _ => Err(syntax(format!("{:?} is not alive, dead or seki", args[0]))),
                }
            }
            "fixed_handicap" => {
                arg_count(args, 1)?;
                self.fixed_handicap(int_arg(args, 0)?)
            }
            "place_free_handicap" => {
                arg_count(args, 1)?;
                self.place_free_handicap(int_arg(args, 0)?)
            }
            "set_free_handicap" => self.set_free_handicap(args),
            "loadsgf" => {
                arg_count(args, 1)?;
                let upto = match args.get(1) {
                    Some(_) => Some(int_arg(args, 1)?),
                    None => None,
                };
                self.loadsgf(&args[0], upto)
            }
            "printsgf" => {
                let sgf = self.sgf();
                match args.first() {
                    None => Ok(sgf),
                    Some(_) if !self.options.files => {
                        Err("file access is disabled in this session".to_string())
                    }
                    Some(file) => std::fs::write(file, sgf + "\n")
                        .map(|_| String::new())
                        .map_err(|e| format!("cannot write {file}: {e}")),
                }
            }
            "is_legal" => {
                arg_count(args, 2)?;
                let player = parse_color(&args[0])?;
                let legal = match parse_vertex(&args[1], self.game.size())? {
                    Vertex::OffBoard => false,
                    Vertex::Turn(turn) => {
                        player == self.game.engine().to_move()
                            && self.game.engine().check(turn).is_ok()
                    }
                };
                Ok(if legal { "1" } else { "0" }.to_string())
            }
            "all_legal" => {
                arg_count(args, 1)?;
                let player = parse_color(&args[0])?;
                Ok(self.legal_moves(player, false))
            }
            "list_stones" => {
                arg_count(args, 1)?;
                let player = parse_color(&args[0])?;
                Ok(self.stones(Some(player)))
            }
            "captures" => {
                arg_count(args, 1)?;
                let player = parse_color(&args[0])?;
                Ok(self.game.engine().prisoners(player).to_string())
            }
            "time_settings" | "time_left" | "kgs-time_settings" => Ok(String::new()),
            "kgs-rules" => {
                arg_count(args, 1)?;
                let rules = rules_from_ru(&args[0])
                    .ok_or_else(|| format!("unknown rules {:?}", args[0]))?;
                self.set_rules(Rules {
                    komi_half_points: self.game.rules().komi_half_points,
                    ..rules
                })
            }
            "kata-get-rules" => Ok(kata_rules_json(self.game.rules())),
            "kata-set-rules" => {
                arg_count(args, 1)?;
                let text = args.join(" ");
                let rules = parse_kata_rules(&text, self.game.rules())?;
                self.set_rules(rules)
            }
            "gogui-play_sequence" => self.play_sequence(args),
            "gogui-rules_game_id" => Ok("Go".to_string()),
            "gogui-rules_board_size" => {
                let size = self.game.size();
                Ok(if size.width() == size.height() {
                    size.width().to_string()
                } else {
                    format!("{} {}", size.width(), size.height())
                })
            }
            "gogui-rules_board" => Ok(self.rules_board()),
            "gogui-rules_legal_moves" => {
                let player = self.game.engine().to_move();
                Ok(self.legal_moves(player, true))
            }
            "gogui-rules_side_to_move" => Ok(player_name(self.game.engine().to_move()).to_string()),
            "gogui-rules_captured_count" => {
                let engine = self.game.engine();
                Ok(format!(
                    "{} {}",
                    engine.prisoners(Player::White),
                    engine.prisoners(Player::Black)
                ))
            }
            "gogui-rules_final_result" => {
                let engine = self.game.engine();
                if !engine.is_over() {
                    return Ok("unknown".to_string());
                }
                Ok(match engine.outcome().winner {
                    None => "draw",
                    Some(p) => player_name(p),
                }
                .to_string())
            }
            _ => Err("unknown command".to_string()),
        }
    }

    fn boardsize(&mut self, text: &str) -> Answer {
        let bad = || "unacceptable size".to_string();
        let sides: Vec<&str> = text.split([':', 'x', 'X']).collect();
        let numbers: Option<Vec<usize>> = sides
            .iter()
            .map(|s| {
                if s.is_empty() || s.len() > 6 || !s.bytes().all(|b| b.is_ascii_digit()) {
                    None
                } else {
                    s.parse().ok()
                }
            })
            .collect();
        let size = match numbers.as_deref() {
            Some([n]) => Size::new(*n, *n),
            Some([w, h]) => Size::new(*w, *h),
            _ => return Err(syntax(format!("{text:?} is not a board size"))),
        }
        .ok_or_else(bad)?;
        let game = Game::new(
            self.options.engine,
            size,
            self.game.rules(),
            Start::Empty(Handicap::None),
        )
        .map_err(|_| bad())?;
        self.game = game;
        Ok(String::new())
    }

    fn set_rules(&mut self, rules: Rules) -> Answer {
        let game = self
            .game
            .with_rules(rules)
            .map_err(|e| format!("cannot change the rules now: {e}"))?;
        self.game = game;
        Ok(String::new())
    }

    /// Plays `vertex` for `color`, or says why not.
    fn play(&mut self, color: &str, vertex: &str) -> Answer {
        let player = parse_color(color)?;
        let turn = match parse_vertex(vertex, self.game.size())? {
            Vertex::OffBoard => return Err("illegal move: off the board".to_string()),
            Vertex::Turn(turn) => turn,
        };
        self.play_turn(player, turn)
    }

    fn play_turn(&mut self, player: Player, turn: Turn) -> Answer {
        let to_move = self.game.engine().to_move();
        if player != to_move && !self.game.engine().is_over() {
            return Err(format!(
                "illegal move: it is {}'s turn (rule 5: the players alternate)",
                to_move
            ));
        }
        self.game
            .play(turn)
            .map(|_| String::new())
            .map_err(|illegal| format!("illegal move: {}", illegal_reason(illegal)))
    }

    fn genmove(&mut self, color: &str, play: bool) -> Answer {
        let player = parse_color(color)?;
        let engine = self.game.engine();
        if engine.is_over() {
            return Err("the game is over".to_string());
        }
        if player != engine.to_move() {
            return Err(format!("it is {}'s turn", engine.to_move()));
        }
        let grid = engine.grid();
        let moves: Vec<Turn> = engine
            .legal_turns()
            .into_iter()
            .filter(|t| match t {
                Turn::Move(p) => !fills_own_eye(&grid, player, *p),
                Turn::Pass => false,
            })
            .collect();
        let turn = if moves.is_empty() {
            Turn::Pass
        } else {
            moves[self.rng.below(moves.len())]
        };
        if play {
            self.game
                .play(turn)
                .map_err(|illegal| format!("illegal move: {}", illegal_reason(illegal)))?;
        }
        Ok(turn_text(turn))
    }

    fn stones(&self, player: Option<Player>) -> String {
        let grid = self.game.engine().grid();
        grid.size
            .all_points()
            .filter(|&p| match player {
                Some(player) => grid.at(p) == player.color(),
                None => grid.at(p) != Color::Empty,
            })
            .map(point_name)
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn legal_moves(&self, player: Player, with_pass: bool) -> String {
        let engine = self.game.engine();
        if player != engine.to_move() {
            return String::new();
        }
        let legal = engine.legal_turns();
        let mut names: Vec<String> = legal
            .iter()
            .filter_map(|t| match t {
                Turn::Move(p) => Some(point_name(*p)),
                Turn::Pass => None,
            })
            .collect();
        if with_pass && legal.contains(&Turn::Pass) {
            names.push("pass".to_string());
        }
        names.join(" ")
    }

    fn showboard(&self) -> String {
        let engine = self.game.engine();
        let grid = engine.grid();
        let size = grid.size;
        let header: String = (0..size.width())
            .map(|x| format!(" {:>2}", column_name(x)))
            .collect();
        let mut text = format!("\n   {header}\n");
        for y in (0..size.height()).rev() {
            let row: String = (0..size.width())
                .map(|x| format!("  {}", grid.at(Point::new(x, y)).mark()))
                .collect();
            let note = match y {
                _ if y + 1 == size.height() => format!(
                    "     {} to move{}",
                    engine.to_move(),
                    if engine.is_over() {
                        " (the game is over)"
                    } else {
                        ""
                    }
                ),
                _ if y + 2 == size.height() => format!(
                    "     Black has captured {} stones",
                    engine.prisoners(Player::Black)
                ),
                _ if y + 3 == size.height() => format!(
                    "     White has captured {} stones",
                    engine.prisoners(Player::White)
                ),
                _ => String::new(),
            };
            text.push_str(&format!("{:>2} {row} {:<2}{note}\n", y + 1, y + 1));
        }
        text.push_str(&format!("   {header}"));
        text
    }

    fn rules_board(&self) -> String {
        let grid = self.game.engine().grid();
        let size = grid.size;
        (0..size.height())
            .rev()
            .map(|y| {
                (0..size.width())
                    .map(|x| grid.at(Point::new(x, y)).mark().to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn fixed_handicap(&mut self, stones: usize) -> Answer {
        if !self.game.is_fresh() {
            return Err("board not empty".to_string());
        }
        let size = self.game.size();
        let points = tromp_taylor_harness::engine::spec::fixed_handicap_points(size, stones)
            .map_err(|e| format!("invalid number of stones: {e}"))?;
        let game = Game::new(
            self.options.engine,
            size,
            self.game.rules(),
            Start::Empty(Handicap::Fixed(stones)),
        )
        .map_err(|e| format!("invalid number of stones: {e}"))?;
        self.game = game;
        Ok(points
            .into_iter()
            .map(point_name)
            .collect::<Vec<_>>()
            .join(" "))
    }

    fn place_free_handicap(&mut self, stones: usize) -> Answer {
        if !self.game.is_fresh() {
            return Err("board not empty".to_string());
        }
        let size = self.game.size();
        if stones < 2 || stones >= size.points() {
            return Err("invalid number of stones".to_string());
        }
        let points = match tromp_taylor_harness::engine::spec::fixed_handicap_points(size, stones) {
            Ok(points) => points,
            Err(_) => {
                let mut all: Vec<Point> = size.all_points().collect();
                for i in 0..stones {
                    let j = i + self.rng.below(all.len() - i);
                    all.swap(i, j);
                }
                all.truncate(stones);
                all.sort_by_key(|p| (p.y, p.x));
                all
            }
        };
        self.free_handicap(&points)?;
        Ok(points
            .into_iter()
            .map(point_name)
            .collect::<Vec<_>>()
            .join(" "))
    }

    fn set_free_handicap(&mut self, args: &[String]) -> Answer {
        if !self.game.is_fresh() {
            return Err("board not empty".to_string());
        }
        let size = self.game.size();
        let mut points = Vec::new();
        for arg in args {
            match parse_vertex(arg, size)? {
                Vertex::Turn(Turn::Move(p)) if !points.contains(&p) => points.push(p),
                _ => return Err(format!("bad vertex list: {arg}")),
            }
        }
        if points.len() < 2 || points.len() >= size.points() {
            return Err("bad vertex list: from 2 stones to one less than the points".to_string());
        }
        self.free_handicap(&points).map(|_| String::new())
    }

    /// Comment 5: n consecutive Black moves, at `points`.
    fn free_handicap(&mut self, points: &[Point]) -> Result<(), String> {
        let game = self
            .game
            .rebuilt(
                self.game.size(),
                self.game.rules(),
                Start::Empty(Handicap::Free(points.len())),
                &points.iter().map(|&p| Turn::Move(p)).collect::<Vec<_>>(),
            )
            .map_err(|e| format!("bad vertex list: {e}"))?;
        self.game = game;
        Ok(())
    }

    fn loadsgf(&mut self, file: &str, upto: Option<usize>) -> Answer {
        if !self.options.files {
            return Err("file access is disabled in this session".to_string());
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
        let text = String::from_utf8_lossy(&bytes);
        let record = read_records(&text, false, None)
            .map_err(|e| cannot(e.to_string()))?
            .remove(0);
        let mut rules = record.rules;
        if record.rules_source == RulesSource::Default {
            rules = self.game.rules();
            if text.contains("KM[") {
                rules.komi_half_points = record.rules.komi_half_points;
            }
        }
        let start = match &record.setup {
            Some(colors) => Start::Position {
                colors: colors.clone(),
                to_move: record.first_player,
            },
            None => Start::Empty(record.handicap),
        };
        let mut game = Game::new(self.options.engine, record.size, rules, start)
            .map_err(|e| cannot(e.to_string()))?;
        let count = upto.map_or(record.moves.len(), |n| n.saturating_sub(1));
        for (n, mv) in record.moves.iter().take(count).enumerate() {
            let to_move = game.engine().to_move();
            if mv.player != to_move {
                return Err(cannot(format!(
                    "move {} is {}'s, but it is {}'s turn",
                    n + 1,
                    mv.player,
                    to_move
                )));
            }
            game.play(mv.turn).map_err(|illegal| {
                cannot(format!(
                    "move {} ({}) is illegal: {}",
                    n + 1,
                    turn_text(mv.turn),
                    illegal_reason(illegal)
                ))
            })?;
        }
        self.game = game;
        Ok(String::new())
    }

    /// The game as SGF FF\[4\], properties written by `sgf-parse`.
    pub fn sgf(&self) -> String {
        let size = self.game.size();
        let rules = self.game.rules();
        let sgf_point = |p: Point| go::Point {
            x: p.x as u8,
            y: (size.height() - 1 - p.y) as u8,
        };
        let mut root = vec![
            Prop::FF(4),
            Prop::GM(1),
            Prop::SZ((size.width() as u8, size.height() as u8)),
            Prop::RU(rules.to_string().as_str().into()),
            Prop::KM(f64::from(rules.komi_half_points) / 2.0),
            Prop::AP(("tromp-taylor".into(), env!("CARGO_PKG_VERSION").into())),
        ];
        match self.game.start() {
            Start::Empty(Handicap::None) => {}
            Start::Empty(Handicap::Free(n)) => root.push(Prop::HA(*n as i64)),
            Start::Empty(Handicap::Fixed(n)) => {
                root.push(Prop::HA(*n as i64));
                if let Ok(points) =
                    tromp_taylor_harness::engine::spec::fixed_handicap_points(size, *n)
                {
                    root.push(Prop::AB(points.into_iter().map(sgf_point).collect()));
                }
            }
            Start::Position { colors, to_move } => {
                for (color, prop) in [(Color::Black, true), (Color::White, false)] {
                    let points: HashSet<go::Point> = size
                        .all_points()
                        .filter(|&p| colors[size.index(p).expect("on the board")] == color)
                        .map(sgf_point)
                        .collect();
                    if !points.is_empty() {
                        root.push(if prop {
                            Prop::AB(points)
                        } else {
                            Prop::AW(points)
                        });
                    }
                }
                root.push(Prop::PL(match to_move {
                    Player::Black => sgf_parse::Color::Black,
                    Player::White => sgf_parse::Color::White,
                }));
            }
        }
        if self.game.engine().is_over() {
            root.push(Prop::RE(
                self.game.engine().outcome().to_string().as_str().into(),
            ));
        }
        let mut text = String::from("(;");
        for prop in &root {
            text.push_str(&point_list_sorted(prop));
        }
        for &(player, turn) in self.game.turns() {
            let mv = match turn {
                Turn::Pass => Move::Pass,
                Turn::Move(p) => Move::Move(sgf_point(p)),
            };
            let prop = match player {
                Player::Black => Prop::B(mv),
                Player::White => Prop::W(mv),
            };
            text.push(';');
            text.push_str(&prop.to_string());
        }
        text.push(')');
        text
    }

    fn play_sequence(&mut self, args: &[String]) -> Answer {
        if !args.len().is_multiple_of(2) {
            return Err(syntax("pairs of a color and a vertex expected"));
        }
        let played = self.game.turns().len();
        for pair in args.chunks(2) {
            if let Err(e) = self.play(&pair[0], &pair[1]) {
                while self.game.turns().len() > played {
                    self.game.undo();
                }
                return Err(format!("{} {}: {e}", pair[0], pair[1]));
            }
        }
        Ok(String::new())
    }
}

/// A property as `sgf-parse` writes it, with a point list in point order
/// (a set has no order of its own), and a square size as one number.
fn point_list_sorted(prop: &Prop) -> String {
    let (id, points) = match prop {
        Prop::SZ((w, h)) if w == h => return format!("SZ[{w}]"),
        Prop::AB(points) => ("AB", points),
        Prop::AW(points) => ("AW", points),
        _ => return prop.to_string(),
    };
    let mut points: Vec<go::Point> = points.iter().copied().collect();
    points.sort_by_key(|p| (p.y, p.x));
    let mut text = id.to_string();
    for p in points {
        let single = Prop::AB(std::iter::once(p).collect());
        text.push_str(single.to_string().trim_start_matches("AB"));
    }
    text
}

/// The rules in KataGo's JSON form (`end` added when the game ends by agreement).
pub fn kata_rules_json(rules: Rules) -> String {
    let ko = match rules.superko {
        Superko::Positional => "POSITIONAL",
        Superko::Situational => "SITUATIONAL",
        Superko::SimpleKo => "SIMPLE",
    };
    let scoring = if rules.territory_scoring {
        "TERRITORY"
    } else {
        "AREA"
    };
    let end = if rules.agreement_ending {
        r#","end":"AGREEMENT""#
    } else {
        ""
    };
    format!(
        r#"{{"friendlyPassOk":false,"hasButton":false,"ko":"{ko}","scoring":"{scoring}","suicide":{},"tax":"NONE","whiteHandicapBonus":"0"{end}}}"#,
        rules.suicide_allowed
    )
}

/// Reads `kata-set-rules`' argument: a preset, a compact string, a name
/// other programs use (`japanese`, `aga`), or KataGo's JSON form. Komi stays
/// as in `current` unless the text sets it.
pub fn parse_kata_rules(text: &str, current: Rules) -> Result<Rules, String> {
    let text = text.trim();
    let mut rules = if text.starts_with('{') {
        parse_kata_json(text, current)?
    } else {
        let mut rules = rules_from_ru(text).ok_or_else(|| format!("unknown rules {text:?}"))?;
        if !text.contains("komi") {
            rules.komi_half_points = current.komi_half_points;
        }
        rules
    };
    if rules.komi_half_points.unsigned_abs() > 2_000_000 {
        rules.komi_half_points = current.komi_half_points;
    }
    Ok(rules)
}

fn parse_kata_json(text: &str, current: Rules) -> Result<Rules, String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("not KataGo rules JSON: {e}"))?;
    let object = value
        .as_object()
        .ok_or_else(|| "not KataGo rules JSON: not an object".to_string())?;
    let mut rules = Rules {
        komi_half_points: current.komi_half_points,
        ..Rules::TROMP_TAYLOR
    };
    for (key, value) in object {
        let bad = || format!("cannot take {key} = {value}");
        match (key.as_str(), value) {
            ("ko", serde_json::Value::String(ko)) => {
                rules.superko = match ko.as_str() {
                    "POSITIONAL" => Superko::Positional,
                    "SITUATIONAL" => Superko::Situational,
                    "SIMPLE" => Superko::SimpleKo,
                    _ => return Err(bad()),
                }
            }
            ("scoring", serde_json::Value::String(s)) => {
                rules.territory_scoring = match s.as_str() {
                    "AREA" => false,
                    "TERRITORY" => true,
                    _ => return Err(bad()),
                }
            }
            ("suicide", serde_json::Value::Bool(b)) => rules.suicide_allowed = *b,
            ("end", serde_json::Value::String(s)) => {
                rules.agreement_ending = match s.as_str() {
                    "AGREEMENT" => true,
                    "TWOPASSES" => false,
                    _ => return Err(bad()),
                }
            }
            ("komi", serde_json::Value::Number(n)) => {
                let half = n.as_f64().map(|k| k * 2.0).ok_or_else(bad)?;
                if half.fract() != 0.0 || half.abs() > 2_000_000.0 {
                    return Err(bad());
                }
                rules.komi_half_points = half as i32;
            }
            ("tax", serde_json::Value::String(s)) if s == "NONE" => {}
            ("hasButton", serde_json::Value::Bool(false)) => {}
            ("friendlyPassOk", serde_json::Value::Bool(_)) => {}
            ("whiteHandicapBonus", serde_json::Value::String(s)) if s == "0" => {}
            _ => return Err(bad()),
        }
    }
    Ok(rules)
}
