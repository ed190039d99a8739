//! The `goban` crate (0.20) adapted to the harness's `Engine` trait: what it
//! claims ([`GOBAN_SUPPORTS`]), our rules in its terms ([`goban_rule`]), and
//! its four known divergences ([`KNOWN`]), each recognised in a divergence.
//! `examples/goban.rs` checks it in-process and docs/checking-your-engine.md
//! walks through it; `peer-gtp --engine goban` serves it over GTP.

use crate::claims::PLAIN_BOARD;
use ::goban::pieces::stones::Color as GColor;
use ::goban::rules::game::Game;
use ::goban::rules::{GobanSizes, IllegalRules, Move, PlayError, Rule, ScoreRules};
use std::collections::HashMap;
use tromp_taylor_harness::diff::{Difference, Divergence};
use tromp_taylor_harness::engine::{Engine, EngineKind, Supports, Unsupported};
use tromp_taylor_harness::quotes::{RULE_1, RULE_6, SIMPLE_KO};
use tromp_taylor_harness::run::Known;
use tromp_taylor_harness::script::Action;
use tromp_taylor_harness::vocab::{
    Color, Ending, Grid, Handicap, Illegal, Outcome, Player, Point, Refusal, Rules, Scoring, Setup,
    Size, Suicide, Superko, Turn, Verdict,
};

// ---------------------------------------------------------------------------
// The adapter.

/// What goban claims: our options but situational superko, the agreement
/// ending and free handicaps; squares up to 19x19 (its `Custom(height,
/// width)` sizes are misindexed); no setup positions and no undo (this
/// adapter keeps none).
pub const GOBAN_SUPPORTS: Supports = Supports {
    max_side: 19,
    ..PLAIN_BOARD
};

/// goban, as the harness sees it.
pub fn goban() -> EngineKind {
    EngineKind::new("goban", GOBAN_SUPPORTS, start)
}

/// goban claiming rectangles too, to show what it makes of them.
pub fn goban_rectangles() -> EngineKind {
    goban().claiming(Supports {
        rectangles: true,
        ..GOBAN_SUPPORTS
    })
}

/// goban's settings for `rules`: `IllegalRules` flags forbid, `ScoreRules`
/// flags count (territory always).
pub fn goban_rule(rules: Rules) -> Result<Rule, Unsupported> {
    if rules.ending == Ending::Agreement {
        return Err(Unsupported::Ending { agreement: true });
    }
    let mut illegal = match rules.superko {
        Superko::Positional => IllegalRules::KO | IllegalRules::SUPERKO,
        Superko::SimpleKo => IllegalRules::KO,
        Superko::Situational => return Err(Unsupported::Superko(rules.superko)),
    };
    if rules.suicide == Suicide::Forbidden {
        illegal |= IllegalRules::SUICIDE;
    }
    let flag_score = match rules.scoring == Scoring::Territory {
        true => ScoreRules::PRISONNERS | ScoreRules::KOMI,
        false => ScoreRules::STONES | ScoreRules::KOMI,
    };
    let komi = rules.komi_half_points as f32 / 2.0;
    Ok(Rule {
        komi,
        flag_illegal: illegal,
        flag_score,
    })
}

fn start(setup: Setup) -> Result<Box<dyn Engine + Send>, String> {
    Ok(Box::new(start_goban(setup).map_err(|e| e.to_string())?))
}

/// Starts a game in goban, or says what it cannot play.
pub fn start_goban(setup: Setup) -> Result<GobanEngine, Unsupported> {
    let (size, rule) = (setup.size, goban_rule(setup.rules)?);
    if size.width().max(size.height()) > 19 {
        return Err(Unsupported::Side(size)); // goban asserts sides of at most 19
    }
    let game = Game::new(GobanSizes::Custom(size.height(), size.width()), rule);
    let (passes, turns, earlier) = (0, 0, HashMap::new());
    let mut engine = GobanEngine {
        game,
        size,
        rule,
        passes,
        turns,
        earlier,
    };
    engine.earlier.insert(engine.grid(), 0);
    match setup.handicap {
        Handicap::None => {}
        Handicap::Free(_) => return Err(Unsupported::FreeHandicap),
        Handicap::Fixed(n) => {
            // spec's points (GTP's table) at once, White to move: turn 1.
            let points = tromp_taylor_harness::engine::spec::fixed_handicap_points(size, n)
                .map_err(|_| Unsupported::FixedHandicap)?;
            let coords: Vec<_> = points.iter().map(|&p| engine.coord(p)).collect();
            engine.game.put_handicap(&coords);
            engine.turns = 1;
            engine.earlier.entry(engine.grid()).or_insert(1);
        }
    }
    Ok(engine)
}

/// A game in goban, and what goban does not keep: the run of passes, the
/// turn count, and when each coloring first stood (to name the turn a
/// superko repeats; goban says only `Ko`).
pub struct GobanEngine {
    game: Game,
    size: Size,
    rule: Rule,
    passes: usize,
    turns: usize,
    earlier: HashMap<Grid, usize>,
}

impl GobanEngine {
    /// goban's `(row, column)`, row 0 at the top; ours has row 0 at the bottom.
    fn coord(&self, p: Point) -> (u8, u8) {
        ((self.size.height() - 1 - p.y) as u8, p.x as u8)
    }

    /// Our point of goban's `(row, column)`; a row below the board (goban
    /// lists some on rectangles) stays off it.
    fn point(&self, (row, column): (u8, u8)) -> Point {
        let y = self.size.height().checked_sub(row as usize + 1);
        Point::new(column as usize, y.unwrap_or(row as usize))
    }

    fn goban_move(&self, turn: Turn) -> Move {
        match turn {
            Turn::Pass => Move::Pass,
            Turn::Move(p) => Move::Play(self.coord(p).0, self.coord(p).1),
        }
    }

    fn grid_of(&self, game: &Game) -> Grid {
        let color = |p| match game.get_color(self.coord(p)) {
            Some(GColor::Black) => Color::Black,
            Some(GColor::White) => Color::White,
            None => Color::Empty,
        };
        let colors = self.size.all_points().map(color).collect();
        Grid {
            size: self.size,
            colors,
        }
    }
}

/// A player's part of goban's `(black, white)` pairs.
fn of<T>(player: Player, (black, white): (T, T)) -> T {
    match player {
        Player::Black => black,
        Player::White => white,
    }
}

impl Engine for GobanEngine {
    fn to_move(&self) -> Player {
        match self.game.turn() {
            GColor::Black => Player::Black,
            GColor::White => Player::White,
        }
    }

    fn check(&self, turn: Turn) -> Verdict {
        let point = match turn {
            _ if self.game.is_over() => return Err(Illegal::GameOver),
            Turn::Pass => return Ok(()),
            // goban would panic on an off-board point, or misread it.
            Turn::Move(p) if self.size.index(p).is_none() => return Err(Illegal::OffBoard),
            Turn::Move(p) => self.coord(p),
        };
        match self.game.check_point(point) {
            None => Ok(()),
            Some(PlayError::GamePaused) => Err(Illegal::GameOver),
            Some(PlayError::PointNotEmpty) => Err(Illegal::Occupied),
            Some(PlayError::Suicide) => Err(Illegal::Suicide),
            Some(PlayError::Ko | PlayError::FillEye) => {
                // Under superko, name the turn whose coloring the move repeats.
                let mut copy = self.game.clone();
                copy.play(self.goban_move(turn));
                match self.earlier.get(&self.grid_of(&copy)) {
                    Some(&turn) if self.rule.flag_illegal.contains(IllegalRules::SUPERKO) => {
                        Err(Illegal::Superko {
                            repeats_turn: turn,
                            situational: false,
                        })
                    }
                    _ => Err(Illegal::Ko),
                }
            }
        }
    }

    fn play(&mut self, turn: Turn) -> Verdict {
        self.check(turn)?;
        self.game.play(self.goban_move(turn));
        self.passes = if turn == Turn::Pass {
            self.passes + 1
        } else {
            0
        };
        self.turns += 1;
        self.earlier.entry(self.grid()).or_insert(self.turns);
        Ok(())
    }

    fn legal_turns(&self) -> Vec<Turn> {
        if self.game.is_over() {
            return Vec::new();
        }
        let mut moves: Vec<Point> = self.game.legals().map(|c| self.point(c)).collect();
        moves.sort_by_key(|&p| (self.size.index(p).unwrap_or(usize::MAX), p.y, p.x));
        let moves = moves.into_iter().map(Turn::Move);
        std::iter::once(Turn::Pass).chain(moves).collect()
    }

    fn grid(&self) -> Grid {
        self.grid_of(&self.game)
    }

    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    fn consecutive_passes(&self) -> usize {
        self.passes
    }

    fn score(&self, player: Player) -> usize {
        let scores = self
            .game
            .calculate_score_by(self.rule.flag_score - ScoreRules::KOMI);
        of(player, scores) as usize
    }

    fn prisoners(&self, player: Player) -> usize {
        // (Black's, White's); a string lost to its own suicide counts for the opponent.
        of(player, self.game.prisoners()) as usize
    }

    fn outcome(&self) -> Outcome {
        let (black, white) = self.game.calculate_score();
        let half_points = ((black - white) * 2.0).round() as i64;
        let winner = match half_points.signum() {
            1 => Some(Player::Black),
            -1 => Some(Player::White),
            _ => None,
        };
        Outcome {
            winner,
            half_points: half_points.unsigned_abs(),
        }
    }

    fn agree(&mut self, _points: &[Point]) -> Result<(), Refusal> {
        Err(Refusal::NotInTheseRules) // start refuses the agreement ending
    }
}

// ---------------------------------------------------------------------------
// The known divergences (docs/testing.md and docs/conformance/goban-crate.md
// explain each, from goban's code).

/// The four ways goban 0.20 parts from the rules, each recognised in a divergence.
pub const KNOWN: [Known; 4] = [
    Known {
        name: "rectangle-misindexed",
        rule: RULE_1,
        matches: |m| m.setup.size.width() != m.setup.size.height(),
    },
    Known {
        name: "superko-missed-without-capture",
        rule: RULE_6,
        matches: |m| cause(m) == Some("superko-missed"),
    },
    Known {
        name: "suicide-repeats-coloring",
        rule: RULE_6,
        matches: |m| cause(m) == Some("suicide-repeats"),
    },
    Known {
        name: "ko-point-suicide-refused",
        rule: SIMPLE_KO,
        matches: |m| cause(m) == Some("ko-point"),
    },
];

/// Why spec and goban part on a move: replays the game on both and asks.
fn cause(m: &Divergence) -> Option<&'static str> {
    let (turn, before) = match &m.difference {
        Difference::Verdict { turn, .. } => (*turn, m.record.len() - 1),
        Difference::LegalSet {
            only_left,
            only_right,
        } => (*only_right.first().or(only_left.first())?, m.record.len()),
        _ => return None,
    };
    let Turn::Move(p) = turn else { return None };
    let mut spec = tromp_taylor_harness::engine::EngineKind::spec()
        .start(m.setup)
        .ok()?;
    let mut goban = start_goban(m.setup).ok()?;
    for (_, action) in &m.record[..before] {
        if let Action::Turn(turn) = action {
            let _ = (spec.play(*turn), goban.play(*turn));
        }
    }
    match (spec.check(turn), goban.check(turn)) {
        (Err(Illegal::Superko { .. }), Ok(())) => {
            // Does goban's move keep its stone (no suicide) and capture?
            let (mut after, held) = (goban.game.clone(), goban.game.prisoners());
            after.play(goban.goban_move(turn));
            let captures = after.prisoners().0 + after.prisoners().1 > held.0 + held.1;
            match (after.get_color(goban.coord(p)).is_some(), captures) {
                (true, false) => Some("superko-missed"),
                (false, true) => Some("suicide-repeats"),
                _ => None,
            }
        }
        (Ok(()), Err(Illegal::Ko)) => Some("ko-point"),
        _ => None,
    }
}
