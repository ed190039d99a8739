//! The `go` module of the `board-game` crate (0.8) adapted to the harness's
//! `Engine` trait. Its rules (`games/go/rules.rs`) are one flag,
//! `allow_multi_stone_suicide`, named `TT` ("Tromp-Taylor rules") when set
//! and `CGOS` ("the same as Tromp-Taylor except suicide is not allowed")
//! when not; the rest is implicit there: no repeated tiles (positional
//! superko, kept as a set of 128-bit Zobrist hashes of every coloring before
//! a placement), the end at two passes, area scoring, komi in half points.
//! Boards are squares (`GoBoard::new(size: u8, ..)`).
//!
//! board-game decides every verdict here ([`Board::is_available_move`],
//! [`Board::play`]); it names no reason (`PlayError::UnavailableMove`), so
//! the adapter reads the reason off what board-game computes for the move,
//! `Chains::simulate_place_stone_minimal` (occupied, or the kind of
//! placement: a one-stone or many-stone suicide), and otherwise calls the
//! refusal a repetition, naming the turn the repeated coloring first stood
//! (board-game keeps hashes, not turns). board-game refuses a one-stone
//! suicide under both its rule sets (`board.rs`, `is_available_move_sim`):
//! where suicide is forbidden that is a suicide; where it is allowed the
//! move would leave the coloring as it stands, so the rule that forbids it
//! is rule 6, and the adapter says superko.
//!
//! What board-game does not keep, the adapter counts from its boards: the
//! prisoners (the stones a placement empties, the stone played included
//! when its string is lost to its own suicide: those count for the
//! opponent, as in `spec`) and the turns.

use crate::claims::PLAIN_BOARD;
use ::board_game::board::{Board, Outcome as BgOutcome, PlayError, Player as BgPlayer};
use ::board_game::games::go::{
    GoBoard, Komi, Move, PlacementKind, Rules as BgRules, State, Tile, TileOccupied,
};
use std::collections::HashMap;
use tromp_taylor_harness::engine::{Engine, EngineKind, Supports, Unsupported};
use tromp_taylor_harness::vocab::{
    Color, Ending, Grid, Handicap, Illegal, IllegalMove, Outcome, Player, Point, Refusal, Rules,
    Scoring, Setup, Size, Suicide, Superko, Turn, Verdict,
};

/// What board-game claims: positional superko, suicide allowed (`TT`) or
/// forbidden (`CGOS`), the end at two passes, area scoring, any komi; square
/// boards (to our largest, 52x52; board-game goes to 253). No simple ko,
/// situational superko, agreement, territory, handicap, lost turn, setup
/// positions or undo: none of them is in its `Rules` or its `Board`.
pub const BOARD_GAME_SUPPORTS: Supports = Supports {
    simple_ko: false,
    territory_scoring: false,
    fixed_handicap: false,
    ..PLAIN_BOARD
};

/// board-game's Go, as the harness sees it.
pub fn board_game() -> EngineKind {
    EngineKind::new("board-game", BOARD_GAME_SUPPORTS, start)
}

/// board-game's rules and komi for `rules`, or the first option it lacks.
pub fn board_game_rules(rules: Rules) -> Result<(BgRules, Komi), Unsupported> {
    match rules.superko {
        Superko::Positional => {}
        other => return Err(Unsupported::Superko(other)),
    }
    if rules.ending == Ending::Agreement {
        return Err(Unsupported::Ending { agreement: true });
    }
    if rules.scoring == Scoring::Territory {
        return Err(Unsupported::Scoring { territory: true });
    }
    if rules.illegal_move == IllegalMove::LosesTurn {
        return Err(Unsupported::LostTurn);
    }
    let bg = match rules.suicide == Suicide::Allowed {
        true => BgRules::tromp_taylor(),
        false => BgRules::cgos(),
    };
    let komi = i16::try_from(rules.komi_half_points).map_err(|_| Unsupported::Komi)?;
    Ok((bg, Komi::new(komi)))
}

fn start(setup: Setup) -> Result<Box<dyn Engine + Send>, String> {
    Ok(Box::new(
        start_board_game(setup).map_err(|e| e.to_string())?,
    ))
}

/// Starts a game in board-game, or says what it cannot play.
pub fn start_board_game(setup: Setup) -> Result<BoardGameEngine, Unsupported> {
    let size = setup.size;
    if size.width() != size.height() {
        return Err(Unsupported::Rectangle(size));
    }
    match setup.handicap {
        Handicap::None => {}
        Handicap::Free(_) => return Err(Unsupported::FreeHandicap),
        Handicap::Fixed(_) => return Err(Unsupported::FixedHandicap),
    }
    let side = u8::try_from(size.width()).map_err(|_| Unsupported::Side(size))?;
    let (rules, komi) = board_game_rules(setup.rules)?;
    let mut engine = BoardGameEngine {
        board: GoBoard::new(side, komi, rules),
        size,
        suicide_allowed: setup.rules.suicide == Suicide::Allowed,
        turns: 0,
        earlier: HashMap::new(),
        prisoners: [0, 0],
    };
    engine.earlier.insert(engine.grid(), 0);
    Ok(engine)
}

/// A game in board-game, and what it does not keep: the turn count, when
/// each coloring first stood, and the prisoners.
#[derive(Clone)]
pub struct BoardGameEngine {
    board: GoBoard,
    size: Size,
    suicide_allowed: bool,
    turns: usize,
    earlier: HashMap<Grid, usize>,
    /// Black's and White's.
    prisoners: [usize; 2],
}

fn player(p: BgPlayer) -> Player {
    match p {
        BgPlayer::A => Player::Black,
        BgPlayer::B => Player::White,
    }
}

fn index(p: Player) -> usize {
    match p {
        Player::Black => 0,
        Player::White => 1,
    }
}

impl BoardGameEngine {
    /// board-game's game.
    pub fn board(&self) -> &GoBoard {
        &self.board
    }

    /// board-game's tile of our point (the same `(x, y)`), or `None` off the board.
    fn tile(&self, p: Point) -> Option<Tile> {
        self.size.index(p)?;
        Some(Tile::new(p.x as u8, p.y as u8))
    }

    fn bg_move(&self, turn: Turn) -> Option<Move> {
        match turn {
            Turn::Pass => Some(Move::Pass),
            Turn::Move(p) => self.tile(p).map(Move::Place),
        }
    }

    fn grid_of(&self, board: &GoBoard) -> Grid {
        let color = |p: Point| match board.stone_at(Tile::new(p.x as u8, p.y as u8)) {
            Some(BgPlayer::A) => Color::Black,
            Some(BgPlayer::B) => Color::White,
            None => Color::Empty,
        };
        Grid {
            size: self.size,
            colors: self.size.all_points().map(color).collect(),
        }
    }

    /// Why board-game refuses a move on `tile` (it has said it does).
    fn reason(&self, tile: Tile) -> Illegal {
        let flat = tile.to_flat(self.board.size());
        let chains = self.board.chains();
        let kind = match chains.simulate_place_stone_minimal(flat, self.board.next_player()) {
            Err(TileOccupied) => return Illegal::Occupied,
            Ok(placement) => placement.kind,
        };
        let stays = |grid: &Grid| self.earlier.get(grid).copied();
        match kind {
            PlacementKind::SuicideMulti if !self.board.rules().allow_multi_stone_suicide => {
                Illegal::Suicide
            }
            PlacementKind::SuicideSingle if !self.suicide_allowed => Illegal::Suicide,
            PlacementKind::SuicideSingle => Illegal::Superko {
                // The coloring stays as it stands: it repeats itself.
                repeats_turn: stays(&self.grid()).unwrap_or(usize::MAX),
                situational: false,
            },
            _ => {
                // A repeat in board-game's history: name the turn.
                let mut after = chains.clone();
                let _ = after.place_stone(flat, self.board.next_player());
                let board = GoBoard::from_parts(
                    self.board.rules(),
                    after,
                    self.board.next_player(),
                    self.board.state(),
                    Default::default(),
                    self.board.komi(),
                );
                Illegal::Superko {
                    repeats_turn: stays(&self.grid_of(&board)).unwrap_or(usize::MAX),
                    situational: false,
                }
            }
        }
    }
}

impl Engine for BoardGameEngine {
    fn to_move(&self) -> Player {
        player(self.board.next_player())
    }

    fn check(&self, turn: Turn) -> Verdict {
        let Ok(available) = self.board.is_available_move(Move::Pass) else {
            return Err(Illegal::GameOver);
        };
        debug_assert!(available, "a pass is always available");
        let Some(mv) = self.bg_move(turn) else {
            return Err(Illegal::OffBoard); // Tile::new would panic past 253
        };
        match (self.board.is_available_move(mv), mv) {
            (Err(_), _) => Err(Illegal::GameOver),
            (Ok(true), _) => Ok(()),
            (Ok(false), Move::Place(tile)) => Err(self.reason(tile)),
            (Ok(false), Move::Pass) => unreachable!("board-game always allows a pass"),
        }
    }

    fn play(&mut self, turn: Turn) -> Verdict {
        let Some(mv) = self.bg_move(turn) else {
            return self.check(turn);
        };
        let (before, mover) = (self.grid(), self.to_move());
        if let Err(refused) = self.board.play(mv) {
            let reason = match refused {
                PlayError::BoardDone => Illegal::GameOver,
                PlayError::UnavailableMove => self.check(turn).err().unwrap_or(Illegal::GameOver),
            };
            return Err(reason);
        }
        let after = self.grid();
        for (was, is) in before.colors.iter().zip(&after.colors) {
            match (*was, *is) {
                (Color::Black, Color::Empty) => self.prisoners[index(Player::White)] += 1,
                (Color::White, Color::Empty) => self.prisoners[index(Player::Black)] += 1,
                _ => {}
            }
        }
        if let Turn::Move(p) = turn {
            if after.at(p) == Color::Empty {
                // A suicide: the stone played was lost with its string.
                self.prisoners[index(mover.opponent())] += 1;
            }
        }
        self.turns += 1;
        self.earlier.entry(after).or_insert(self.turns);
        Ok(())
    }

    fn legal_turns(&self) -> Vec<Turn> {
        // As board-game's `AvailableMovesIterator` (board.rs): the pass, then
        // every tile `is_available_move` allows.
        if self.board.is_done() {
            return Vec::new();
        }
        let moves = self.size.all_points().filter(|&p| {
            let tile = Tile::new(p.x as u8, p.y as u8);
            self.board.is_available_move(Move::Place(tile)) == Ok(true)
        });
        std::iter::once(Turn::Pass)
            .chain(moves.map(Turn::Move))
            .collect()
    }

    fn grid(&self) -> Grid {
        self.grid_of(&self.board)
    }

    fn is_over(&self) -> bool {
        self.board.is_done()
    }

    fn consecutive_passes(&self) -> usize {
        match self.board.state() {
            State::Normal => 0,
            State::Passed => 1,
            State::Done(_) => 2,
        }
    }

    fn score(&self, player: Player) -> usize {
        let score = self.board.current_score();
        match player {
            Player::Black => score.a as usize,
            Player::White => score.b as usize,
        }
    }

    fn prisoners(&self, player: Player) -> usize {
        self.prisoners[index(player)]
    }

    fn outcome(&self) -> Outcome {
        // board-game's own result (at the end, the one it stored), and the margin.
        let score = self.board.current_score();
        let result = self
            .board
            .outcome()
            .unwrap_or_else(|| score.to_outcome(self.board.komi()));
        let black = 2 * i64::from(score.a);
        let white = 2 * i64::from(score.b) + i64::from(self.board.komi().as_int());
        Outcome {
            winner: match result {
                BgOutcome::WonBy(p) => Some(player(p)),
                BgOutcome::Draw => None,
            },
            half_points: (black - white).unsigned_abs(),
        }
    }

    fn agree(&mut self, _points: &[Point]) -> Result<(), Refusal> {
        Err(Refusal::NotInTheseRules) // start refuses the agreement ending
    }
}
