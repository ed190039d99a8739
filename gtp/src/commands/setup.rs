//! The commands that set a game up: the board (`boardsize`,
//! `rectangular_boardsize`, `clear_board`), komi and rules (`komi`,
//! `kgs-rules`, `kata-set-rules`), and the handicaps (`fixed_handicap`,
//! `place_free_handicap`, `set_free_handicap`).

use super::session::{Answer, Session};
use super::words::{arg_count, parse_vertex, point_name, syntax, Vertex};
use crate::game::{Game, Start};
use tromp_taylor_harness::sgf::rules_from_ru;
use tromp_taylor_harness::vocab::{Handicap, Point, Rules, Size, Turn};

impl Session {
    /// `boardsize N`, `boardsize WxH` or `W:H`: a new empty game.
    pub(super) fn boardsize(&mut self, text: &str) -> Answer {
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
            self.options.engine.clone(),
            size,
            self.game.rules(),
            Start::Empty(Handicap::None),
        )
        .map_err(|_| bad())?;
        self.game = game;
        Ok(String::new())
    }

    /// The same game under other rules; refused if a turn would be illegal under them.
    pub(super) fn set_rules(&mut self, rules: Rules) -> Answer {
        let game = self
            .game
            .with_rules(rules)
            .map_err(|e| format!("cannot change the rules now: {e}"))?;
        self.game = game;
        Ok(String::new())
    }

    /// `clear_board`: the empty board, size and rules kept.
    pub(super) fn clear_board(&mut self) -> Answer {
        let game = Game::new(
            self.options.engine.clone(),
            self.game.size(),
            self.game.rules(),
            Start::Empty(Handicap::None),
        )
        .map_err(|e| e.to_string())?;
        self.game = game;
        Ok(String::new())
    }

    /// `komi K`, a multiple of 0.5; a refusal says what is wrong with `K`.
    pub(super) fn komi(&mut self, args: &[String]) -> Answer {
        arg_count(args, 1)?;
        let komi_half_points =
            tromp_taylor_harness::names::read_komi(&args[0]).map_err(|e| syntax(e.to_string()))?;
        let rules = Rules {
            komi_half_points,
            ..self.game.rules()
        };
        self.set_rules(rules)
    }

    /// `kgs-rules NAME`: the rules a name stands for, komi kept.
    pub(super) fn kgs_rules(&mut self, args: &[String]) -> Answer {
        arg_count(args, 1)?;
        let rules =
            rules_from_ru(&args[0]).ok_or_else(|| format!("unknown rules {:?}", args[0]))?;
        self.set_rules(Rules {
            komi_half_points: self.game.rules().komi_half_points,
            ..rules
        })
    }

    /// `fixed_handicap N`: the standard points, on a fresh board.
    pub(super) fn fixed_handicap(&mut self, stones: usize) -> Answer {
        if !self.game.is_fresh() {
            return Err("board not empty".to_string());
        }
        let size = self.game.size();
        let points = tromp_taylor_harness::engine::spec::fixed_handicap_points(size, stones)
            .map_err(|e| format!("invalid number of stones: {e}"))?;
        let game = Game::new(
            self.options.engine.clone(),
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

    /// `place_free_handicap N`: the standard points where there are, else
    /// points drawn at random.
    pub(super) fn place_free_handicap(&mut self, stones: usize) -> Answer {
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

    /// `set_free_handicap V...`: the client's points.
    pub(super) fn set_free_handicap(&mut self, args: &[String]) -> Answer {
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
}
