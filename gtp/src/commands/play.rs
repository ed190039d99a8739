//! The commands that take turns: `play`, `genmove` (and `reg_genmove`,
//! `kgs-genmove_cleanup`), `undo` and `gogui-play_sequence`.

use super::session::{Answer, Session};
use super::words::{illegal_move, parse_color, parse_vertex, syntax, turn_text, Vertex};
use tromp_taylor_harness::vocab::{Color, Grid, Illegal, Player, Point, Turn};

/// Whether a move at `p` by `player` fills one of her own single-point eyes:
/// every on-board neighbour is her stone.
fn fills_own_eye(grid: &Grid, player: Player, p: Point) -> bool {
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
    /// Plays `vertex` for `color`, or says why not.
    pub(super) fn play(&mut self, color: &str, vertex: &str) -> Answer {
        let player = parse_color(color)?;
        let turn = match parse_vertex(vertex, self.game.size())? {
            Vertex::OffBoard => return Err(illegal_move(Illegal::OffBoard)),
            Vertex::Turn(turn) => turn,
        };
        self.play_turn(player, turn)
    }

    /// Takes `turn` for `player`, if it is her turn (or the game is over, for
    /// the engine to say so) and legal.
    fn play_turn(&mut self, player: Player, turn: Turn) -> Answer {
        let to_move = self.game.engine().to_move();
        if player != to_move && !self.game.engine().is_over() {
            return Err(format!(
                "illegal move: it is {}'s turn (rule 5: the players alternate)",
                to_move
            ));
        }
        let taken = self.game.turns().len();
        self.game.play(turn).map(|_| String::new()).map_err(|illegal| {
            if self.game.turns().len() > taken {
                // Seed 003, chapter 3, sections 19-20: the turn is lost.
                format!(
                    "{}; the move is declared invalid and {player} loses the turn: {} to move (seed 003, section 19)",
                    illegal_move(illegal),
                    player.opponent()
                )
            } else {
                illegal_move(illegal)
            }
        })
    }

    /// `genmove COLOR`: a random legal move that does not fill one of the
    /// player's own eyes (else a pass), played unless `play` is false.
    pub(super) fn genmove(&mut self, color: &str, play: bool) -> Answer {
        let player = parse_color(color)?;
        let engine = self.game.engine();
        if engine.is_over() {
            return Err(Illegal::GameOver.to_string());
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
            self.game.play(turn).map_err(illegal_move)?;
        }
        Ok(turn_text(turn))
    }

    /// `undo`: the last turn taken back.
    pub(super) fn undo(&mut self) -> Answer {
        if self.game.undo() {
            Ok(String::new())
        } else {
            Err("cannot undo".to_string())
        }
    }

    /// `gogui-play_sequence C V ...`: every pair played, or none.
    pub(super) fn play_sequence(&mut self, args: &[String]) -> Answer {
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
