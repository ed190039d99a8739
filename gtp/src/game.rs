//! The game a GTP session holds: how it started (a board, rules, a handicap
//! or a setup position) and the turns taken since, replayed from the start
//! whenever the start or the rules change. A turn is undone by the engine
//! when it can take turns back ([`Supports::undo`]), and otherwise by
//! replaying the others from the start. A game the engine does not claim
//! ([`Supports`]) is refused before the engine is asked to start it.
//!
//! [`Supports`]: tromp_taylor_harness::engine::Supports
//! [`Supports::undo`]: tromp_taylor_harness::engine::Supports::undo

use tromp_taylor_harness::engine::{Engine, EngineKind};
use tromp_taylor_harness::vocab::{
    Color, Handicap, IllegalMove, Player, Rules, Setup, Size, Turn, Verdict,
};

/// How a game starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The empty board, with a handicap (comment 5; seed 004).
    Empty(Handicap),
    /// A setup position (a game record's `AB`/`AW`) with a player to move.
    Position {
        /// The colors in point order.
        colors: Vec<Color>,
        /// The player to move.
        to_move: Player,
    },
}

/// A game in progress: its start, the turns taken, and the engine that has
/// played them.
pub struct Game {
    kind: EngineKind,
    size: Size,
    rules: Rules,
    start: Start,
    turns: Vec<(Player, Turn)>,
    /// For each turn taken, whether it was lost to an illegal move (seed 003).
    lost: Vec<bool>,
    engine: Box<dyn Engine + Send>,
}

/// Why a game could not be rebuilt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RebuildError {
    /// The engine cannot start the game.
    Start(String),
    /// A turn is illegal from this start: its number (from 1) and why.
    Turn(usize, tromp_taylor_harness::vocab::Illegal),
    /// A turn lost to an illegal move (seed 003) would be a legal turn
    /// under these rules: its number (from 1).
    NotLost(usize),
}

impl std::fmt::Display for RebuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RebuildError::Start(e) => f.write_str(e),
            RebuildError::Turn(n, illegal) => write!(f, "turn {n} would be illegal: {illegal}"),
            RebuildError::NotLost(n) => write!(
                f,
                "turn {n} was lost to an illegal move, and would be a legal turn under these rules"
            ),
        }
    }
}

impl Game {
    /// Starts a game, or says why the engine cannot.
    pub fn new(
        kind: EngineKind,
        size: Size,
        rules: Rules,
        start: Start,
    ) -> Result<Game, RebuildError> {
        Game::replayed(kind, size, rules, start, &[], None)
    }

    /// The game started from `start` with `turns` replayed.
    fn replayed(
        kind: EngineKind,
        size: Size,
        rules: Rules,
        start: Start,
        turns: &[Turn],
        lost: Option<&[bool]>,
    ) -> Result<Game, RebuildError> {
        // Only what the engine claims: an engine may start games it does not
        // claim (to show what it makes of them), which a session must not serve.
        let claimed = match &start {
            Start::Empty(handicap) => kind.supports().setup(&Setup {
                size,
                rules,
                handicap: *handicap,
            }),
            Start::Position { .. } => kind.supports().position(size, rules),
        };
        claimed.map_err(|unsupported| {
            RebuildError::Start(format!("{} does not claim {unsupported}", kind.name()))
        })?;
        let engine = match &start {
            Start::Empty(handicap) => kind.start(Setup {
                size,
                rules,
                handicap: *handicap,
            }),
            Start::Position { colors, to_move } => {
                kind.start_position(size, rules, colors, *to_move)
            }
        }
        .map_err(RebuildError::Start)?;
        let mut game = Game {
            kind,
            size,
            rules,
            start,
            turns: Vec::with_capacity(turns.len()),
            lost: Vec::with_capacity(turns.len()),
            engine,
        };
        for (n, &turn) in turns.iter().enumerate() {
            // A lost turn (seed 003) is a turn of the game: replayed, not
            // refused; but the same turns must be lost as before, if known.
            let verdict = game.play(turn);
            let was_lost = lost.and_then(|lost| lost.get(n).copied());
            match verdict {
                Err(illegal) if game.turns.len() == n || was_lost == Some(false) => {
                    return Err(RebuildError::Turn(n + 1, illegal));
                }
                Ok(()) if was_lost == Some(true) => return Err(RebuildError::NotLost(n + 1)),
                _ => {}
            }
        }
        Ok(game)
    }

    /// The same turns from another start, size or rules; `self` is unchanged
    /// when a turn would be illegal there.
    pub fn rebuilt(
        &self,
        size: Size,
        rules: Rules,
        start: Start,
        turns: &[Turn],
    ) -> Result<Game, RebuildError> {
        Game::replayed(self.kind.clone(), size, rules, start, turns, None)
    }

    /// The same game under other rules (komi included): the same turns,
    /// and the same of them lost to illegal moves.
    pub fn with_rules(&self, rules: Rules) -> Result<Game, RebuildError> {
        let turns = self.turn_list();
        Game::replayed(
            self.kind.clone(),
            self.size,
            rules,
            self.start.clone(),
            &turns,
            Some(&self.lost),
        )
    }

    /// Takes `turn` for the player to move, if it is legal. Under rules
    /// where an illegal move loses the turn (seed 003), a move refused as
    /// suicide, ko or superko is a lost turn, kept among the turns taken.
    pub fn play(&mut self, turn: Turn) -> Verdict {
        let player = self.engine.to_move();
        let verdict = self.engine.play(turn);
        let lost = verdict.err().is_some_and(|illegal| {
            self.rules.illegal_move == IllegalMove::LosesTurn && illegal.loses_turn()
        });
        if verdict.is_ok() || lost {
            self.turns.push((player, turn));
            self.lost.push(verdict.is_err());
        }
        verdict
    }

    /// Takes back the last turn (on the engine, or by replaying the others
    /// from the start); `false` when there is none.
    pub fn undo(&mut self) -> bool {
        if self.turns.is_empty() {
            return false;
        }
        if self.kind.supports().undo && self.engine.undo() {
            self.turns.pop();
            self.lost.pop();
            return true;
        }
        let mut turns = self.turn_list();
        turns.pop();
        let lost = &self.lost[..turns.len()];
        let start = self.start.clone();
        match Game::replayed(
            self.kind.clone(),
            self.size,
            self.rules,
            start,
            &turns,
            Some(lost),
        ) {
            Ok(game) => {
                *self = game;
                true
            }
            Err(_) => false,
        }
    }

    /// The engine, to ask about the position.
    pub fn engine(&self) -> &dyn Engine {
        &*self.engine
    }

    /// The board.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The rules, with komi.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// How the game started.
    pub fn start(&self) -> &Start {
        &self.start
    }

    /// The turns taken, each with the player who took it.
    pub fn turns(&self) -> &[(Player, Turn)] {
        &self.turns
    }

    /// The turns taken.
    pub fn turn_list(&self) -> Vec<Turn> {
        self.turns.iter().map(|&(_, turn)| turn).collect()
    }

    /// Whether nothing has happened yet: no turn, no handicap, no setup stones.
    pub fn is_fresh(&self) -> bool {
        self.turns.is_empty()
            && match &self.start {
                Start::Empty(handicap) => *handicap == Handicap::None,
                Start::Position { colors, .. } => colors.iter().all(|&c| c == Color::Empty),
            }
    }

    /// The engine kind playing this game.
    pub fn kind(&self) -> EngineKind {
        self.kind.clone()
    }
}
