//! The commands that ask about the game and change nothing: legality
//! (`is_legal`, `all_legal`, `gogui-rules_legal_moves`), the position
//! (`list_stones`, `showboard`, `gogui-rules_board`, ...), and the score
//! (`final_score`, `final_status_list`, `gogui-rules_final_result`).

use super::session::{Answer, Session};
use super::words::{arg_count, parse_color, parse_vertex, player_name, point_name, syntax, Vertex};
use tromp_taylor_harness::vertex::column_name;
use tromp_taylor_harness::vocab::{Color, Player, Point, Turn};

impl Session {
    /// `is_legal COLOR VERTEX`: `1` or `0`.
    pub(super) fn is_legal(&self, args: &[String]) -> Answer {
        arg_count(args, 2)?;
        let player = parse_color(&args[0])?;
        let legal = match parse_vertex(&args[1], self.game.size())? {
            Vertex::OffBoard => false,
            Vertex::Turn(turn) => {
                player == self.game.engine().to_move() && self.game.engine().check(turn).is_ok()
            }
        };
        Ok(if legal { "1" } else { "0" }.to_string())
    }

    /// `final_status_list STATUS`: every stone is alive under the rules.
    pub(super) fn final_status_list(&self, args: &[String]) -> Answer {
        arg_count(args, 1)?;
        match args[0].to_ascii_lowercase().as_str() {
            "alive" => Ok(self.stones(None)),
            "dead" | "seki" => Ok(String::new()),
            _ => Err(syntax(format!("{:?} is not alive, dead or seki", args[0]))),
        }
    }

    /// `gogui-rules_board_size`: one number for a square.
    pub(super) fn board_size(&self) -> String {
        let size = self.game.size();
        if size.width() == size.height() {
            size.width().to_string()
        } else {
            format!("{} {}", size.width(), size.height())
        }
    }

    /// `gogui-rules_captured_count`: the stones White, then Black, captured.
    pub(super) fn captured_count(&self) -> String {
        let engine = self.game.engine();
        format!(
            "{} {}",
            engine.prisoners(Player::White),
            engine.prisoners(Player::Black)
        )
    }

    /// `gogui-rules_final_result`: the winner's color, `draw`, or `unknown`
    /// before the end.
    pub(super) fn final_result(&self) -> String {
        let engine = self.game.engine();
        if !engine.is_over() {
            return "unknown".to_string();
        }
        match engine.outcome().winner {
            None => "draw",
            Some(p) => player_name(p),
        }
        .to_string()
    }

    /// The points of `player`'s stones (of every stone for `None`), by name.
    pub(super) fn stones(&self, player: Option<Player>) -> String {
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

    /// The legal moves of `player` (none when it is not her turn), with the
    /// pass last if `with_pass`.
    pub(super) fn legal_moves(&self, player: Player, with_pass: bool) -> String {
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

    /// `showboard`: the board with coordinates, whose turn it is, and the
    /// captures.
    pub(super) fn showboard(&self) -> String {
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

    /// `gogui-rules_board`: the marks, top row first.
    pub(super) fn rules_board(&self) -> String {
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
}
