//! A game under the rules: its state is what the rules name, and each turn is
//! decided by the items of [`crate::rules`] and [`crate::comments`]. At the
//! end, `Game::undo`: the rules have no undo; it is here so that a game tree
//! (a record's variations, a count) can be walked on one game, each branch
//! played forward and taken back, instead of being replayed from the start.

use crate::comments;
use crate::error::{IllegalAgreement, IllegalTurn};
use crate::options::{Ending, Handicap, IllegalMove, Rules, RulesError, Scoring, Suicide, Superko};
use crate::rules::{
    self, Color, Coloring, EarlierColorings, Outcome, Player, Point, Rectangle, Topology, Turn,
};
use std::fmt;

/// A game of Go: the grid coloring, whose turn it is, every earlier grid
/// coloring, the run of consecutive passes, and what the chosen options need
/// besides (the coloring before the last turn for simple ko, the prisoners
/// for territory scoring, whether the players have agreed).
///
/// There are no hashes, no caches and no incremental liberties: every turn
/// recomputes what the rules say from the colorings.
#[derive(Clone, Debug)]
pub struct Game {
    grid: Rectangle,
    rules: Rules,
    handicap: Handicap,
    first_player: Player,
    coloring: Coloring,
    earlier: EarlierColorings,
    turns_taken: usize,
    consecutive_passes: usize,
    before_last_turn: Option<Coloring>,
    prisoners: [usize; 2],
    agreed: bool,
    handicap_pass: Option<usize>,
    taken: Vec<Before>,
}

/// The state a turn or an agreement changes, as it stood before (kept for
/// [`Game::undo`], in `undo`).
///
/// The coloring before a turn is kept once: a turn leaves it as the game's
/// `before_last_turn`, so `coloring` is `None` after a turn and holds the
/// coloring only before an agreement (which changes the coloring without
/// taking a turn).
#[derive(Clone, Debug)]
struct Before {
    coloring: Option<Coloring>,
    before_last_turn: Option<Coloring>,
    turns_taken: usize,
    consecutive_passes: usize,
    prisoners: [usize; 2],
    agreed: bool,
    handicap_pass: Option<usize>,
}

impl Game {
    /// Rule 5: a game starting with an empty `grid`, Black to play.
    pub fn new(grid: Rectangle, rules: Rules) -> Game {
        let coloring = rules::empty_grid(&grid);
        let mut earlier = EarlierColorings::new();
        earlier.record(&coloring, rules::FIRST_PLAYER, 0);
        Game {
            grid,
            rules,
            handicap: Handicap::None,
            first_player: rules::FIRST_PLAYER,
            coloring,
            earlier,
            turns_taken: 0,
            consecutive_passes: 0,
            before_last_turn: None,
            prisoners: [0, 0],
            agreed: false,
            handicap_pass: None,
            taken: Vec::new(),
        }
    }

    /// A game with a handicap for Black (comment 5, or seed 004's fixed points).
    ///
    /// A free handicap of two or more must leave a point empty: while one
    /// is, every Black move on an empty grid of black stones is legal. (A
    /// handicap of one is Black's ordinary first move.) A pass during a
    /// free handicap ends it: White takes the next turn. A fixed handicap is
    /// Black's first turn, placing every stone at once; White moves next.
    pub fn with_handicap(
        grid: Rectangle,
        rules: Rules,
        handicap: Handicap,
    ) -> Result<Game, RulesError> {
        let mut game = Game::new(grid, rules);
        game.handicap = handicap;
        match handicap {
            Handicap::None => {}
            Handicap::Free(n) => {
                if n >= 2 && n >= grid.point_count() {
                    return Err(RulesError::BadHandicap {
                        handicap,
                        why: "a free handicap of two or more stones must leave at least one point empty",
                    });
                }
            }
            Handicap::Fixed(n) => {
                let mut placed = game.coloring.clone();
                for point in comments::fixed_handicap_points(&grid, n)? {
                    let index = grid.index(point).expect("fixed points lie on the grid");
                    placed[index] = Color::Black;
                }
                game.before_last_turn = Some(game.coloring.clone());
                game.coloring = placed;
                game.turns_taken = 1;
                game.earlier.record(&game.coloring, game.to_move(), 1);
            }
        }
        Ok(game)
    }

    /// A game that starts from a given position instead of the empty grid,
    /// with `to_move` to move: the setup of a game record (SGF's `AB`, `AW`).
    ///
    /// The ten rules always start from an empty grid (rule 5); this is the
    /// one extension they need to replay records that begin elsewhere. The
    /// position is the coloring after turn 0; the players alternate from
    /// `to_move`. Refused when a string of the position does not reach
    /// empty, which comment 4 says cannot exist at the end of a turn.
    pub fn from_position(
        grid: Rectangle,
        rules: Rules,
        coloring: Coloring,
        to_move: Player,
    ) -> Result<Game, RulesError> {
        let expected = grid.point_count();
        if coloring.colors().len() != expected {
            return Err(RulesError::WrongLength {
                expected,
                got: coloring.colors().len(),
            });
        }
        if let Some(p) = (0..expected).find(|&p| {
            coloring[p] != Color::Empty && !rules::reaches(&grid, &coloring, p, Color::Empty)
        }) {
            return Err(RulesError::StringWithoutLiberty(grid.point(p)));
        }
        let mut earlier = EarlierColorings::new();
        earlier.record(&coloring, to_move, 0);
        Ok(Game {
            first_player: to_move,
            coloring,
            earlier,
            ..Game::new(grid, rules)
        })
    }

    /// The grid.
    pub fn grid(&self) -> Rectangle {
        self.grid
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The handicap.
    pub fn handicap(&self) -> Handicap {
        self.handicap
    }

    /// The grid coloring now.
    pub fn coloring(&self) -> &Coloring {
        &self.coloring
    }

    /// The color of `point`, or `None` when it is off the grid.
    pub fn color(&self, point: Point) -> Option<Color> {
        self.grid.index(point).map(|i| self.coloring[i])
    }

    /// Every earlier grid coloring, with when it first stood.
    pub fn earlier_colorings(&self) -> &EarlierColorings {
        &self.earlier
    }

    /// How many turns have been taken (a fixed handicap is one turn).
    pub fn turns_taken(&self) -> usize {
        self.turns_taken
    }

    /// The run of consecutive passes that ends the last turn.
    pub fn consecutive_passes(&self) -> usize {
        self.consecutive_passes
    }

    /// Whose turn it is: rule 5's alternation, after comment 5's handicap moves.
    pub fn to_move(&self) -> Player {
        self.player_after(self.turns_taken)
    }

    /// Whether the game has ended: rule 8, or comment 8 under [`Ending::Agreement`].
    pub fn is_over(&self) -> bool {
        match self.rules.ending {
            Ending::TwoPasses => rules::game_has_ended(self.consecutive_passes),
            Ending::Agreement => self.agreed || comments::ends_as_is(self.consecutive_passes),
        }
    }

    /// The opponent stones `player` has captured: her prisoners, which
    /// territory scoring counts (comment 9). Stones a player loses to her own
    /// suicide, or to the agreement of comment 8, are her opponent's prisoners.
    pub fn prisoners(&self, player: Player) -> usize {
        self.prisoners[player as usize]
    }

    /// `player`'s score as the position stands: rule 9, or comment 9 under
    /// [`Scoring::Territory`]. Komi is not included.
    pub fn score(&self, player: Player) -> usize {
        match self.rules.scoring {
            Scoring::Area => rules::score(&self.grid, &self.coloring, player),
            Scoring::Territory => comments::territory_score(
                &self.grid,
                &self.coloring,
                player,
                self.prisoners(player),
            ),
        }
    }

    /// Rule 10 with komi (comment 10), as the position stands.
    pub fn result(&self) -> Outcome {
        let (black, white) = comments::scores_with_komi(
            self.score(Player::Black),
            self.score(Player::White),
            self.rules.komi.half_points(),
        );
        rules::outcome(black, white)
    }

    /// The coloring `turn` would make, or why it is not legal. Changes nothing.
    pub fn coloring_after(&self, turn: Turn) -> Result<Coloring, IllegalTurn> {
        if self.is_over() {
            return Err(IllegalTurn::GameOver);
        }
        let point = match turn {
            Turn::Pass => return Ok(self.coloring.clone()),
            Turn::Move(point) => point,
        };
        let p = self.grid.index(point).ok_or(IllegalTurn::OffBoard(point))?;
        if self.coloring[p] != Color::Empty {
            return Err(IllegalTurn::Occupied(point));
        }
        let player = self.to_move();
        let after = match self.rules.suicide {
            Suicide::Allowed => rules::play_move(&self.grid, &self.coloring, p, player),
            Suicide::Forbidden => {
                comments::play_move_without_suicide(&self.grid, &self.coloring, p, player)
                    .ok_or(IllegalTurn::Suicide(point))?
            }
        };
        let repeated = match self.rules.superko {
            Superko::Positional => rules::repeats_earlier_coloring(&self.earlier, &after),
            Superko::Situational => {
                let to_move = self.next_to_move();
                if let Some(repeats_turn) =
                    comments::repeats_earlier_situation(&self.earlier, &after, to_move)
                {
                    return Err(IllegalTurn::SituationalSuperko {
                        point,
                        repeats_turn,
                        to_move,
                    });
                }
                None
            }
            Superko::SimpleKo => {
                let last_turn_by = self.player_after(self.turns_taken.saturating_sub(1));
                if comments::retakes_ko(
                    self.before_last_turn.as_ref(),
                    &self.coloring,
                    &after,
                    player,
                    last_turn_by,
                ) {
                    return Err(IllegalTurn::Ko(point));
                }
                None
            }
        };
        match repeated {
            Some(repeats_turn) => Err(IllegalTurn::Superko {
                point,
                repeats_turn,
            }),
            None => Ok(after),
        }
    }

    /// Whether `turn` is legal now. Changes nothing.
    pub fn check(&self, turn: Turn) -> Result<(), IllegalTurn> {
        self.coloring_after(turn).map(|_| ())
    }

    /// Every legal turn: the pass first, then each legal move in point order
    /// (bottom row first, left to right). Empty once the game is over.
    pub fn legal_turns(&self) -> Vec<Turn> {
        if self.is_over() {
            return Vec::new();
        }
        std::iter::once(Turn::Pass)
            .chain(self.grid.points().map(Turn::Move))
            .filter(|&turn| self.coloring_after(turn).is_ok())
            .collect()
    }

    /// Takes `turn`, or says why it is not legal. A refused turn changes
    /// nothing, except under [`IllegalMove::LosesTurn`] (seed 003), where a
    /// move that [`comments::loses_turn`] declares invalid is a lost turn:
    /// the coloring stays, the opponent is to move, and the run of
    /// consecutive passes ends (a lost turn is not a pass).
    pub fn play(&mut self, turn: Turn) -> Result<(), IllegalTurn> {
        let after = match self.coloring_after(turn) {
            Ok(after) => after,
            Err(illegal) => {
                if self.rules.illegal_move == IllegalMove::LosesTurn
                    && comments::loses_turn(&illegal)
                {
                    self.lose_turn();
                }
                return Err(illegal);
            }
        };
        let player = self.to_move();
        self.remember_before_turn();
        match turn {
            Turn::Pass => {
                self.consecutive_passes += 1;
                if let Handicap::Free(n) = self.handicap {
                    let in_handicap = self.turns_taken < n && self.handicap_pass.is_none();
                    if in_handicap {
                        self.handicap_pass = Some(self.turns_taken);
                    }
                }
            }
            Turn::Move(_) => {
                self.consecutive_passes = 0;
                let own = player.color();
                let opponent = player.opponent().color();
                let captured = self.coloring.count(opponent) - after.count(opponent);
                let lost_to_suicide = self.coloring.count(own) + 1 - after.count(own);
                self.prisoners[player as usize] += captured;
                self.prisoners[player.opponent() as usize] += lost_to_suicide;
            }
        }
        self.before_last_turn = Some(std::mem::replace(&mut self.coloring, after));
        self.turns_taken += 1;
        self.earlier
            .record(&self.coloring, self.to_move(), self.turns_taken);
        Ok(())
    }

    /// Seed 003, chapter 3, section 19: "the move is declared invalid and
    /// the player loses his turn." The turn is taken and the coloring stays
    /// as it is, as after a pass; but a lost turn is not a pass, so it ends
    /// the run of consecutive passes (rule 8 counts passes only), and the
    /// coloring it leaves, with the opponent to move, is recorded like any
    /// other turn's.
    fn lose_turn(&mut self) {
        self.remember_before_turn();
        self.consecutive_passes = 0;
        self.before_last_turn = Some(self.coloring.clone());
        self.turns_taken += 1;
        self.earlier
            .record(&self.coloring, self.to_move(), self.turns_taken);
    }

    /// Passes: always legal until the game is over.
    pub fn pass(&mut self) -> Result<(), IllegalTurn> {
        self.play(Turn::Pass)
    }

    /// Moves at `point`.
    pub fn play_at(&mut self, point: Point) -> Result<(), IllegalTurn> {
        self.play(Turn::Move(point))
    }

    /// Comment 8: after two consecutive passes, the players end the game by
    /// agreeing on which points to empty. Each emptied stone becomes a
    /// prisoner of its owner's opponent (seed 004: the dead stones are picked
    /// up as prisoners). Refused, changing nothing, unless the rules are
    /// [`Ending::Agreement`] and the last two turns were passes.
    pub fn agree(&mut self, points_to_empty: &[Point]) -> Result<(), IllegalAgreement> {
        if self.rules.ending != Ending::Agreement {
            return Err(IllegalAgreement::NotInTheseRules);
        }
        if self.is_over() {
            return Err(IllegalAgreement::GameOver);
        }
        if !comments::may_agree(self.consecutive_passes) {
            return Err(IllegalAgreement::NotAfterTwoPasses);
        }
        let indices = points_to_empty
            .iter()
            .map(|&p| self.grid.index(p).ok_or(IllegalAgreement::OffBoard(p)))
            .collect::<Result<Vec<usize>, _>>()?;
        let emptied = comments::empty_agreed_points(&self.coloring, &indices);
        self.remember_before_agreement();
        for player in [Player::Black, Player::White] {
            let lost = self.coloring.count(player.color()) - emptied.count(player.color());
            self.prisoners[player.opponent() as usize] += lost;
        }
        self.coloring = emptied;
        self.agreed = true;
        Ok(())
    }

    /// Who moves after `turns_taken` turns: rule 5's alternation, after
    /// comment 5's handicap moves (a fixed handicap is one turn; a pass
    /// during a free handicap ends it).
    fn player_after(&self, turns_taken: usize) -> Player {
        let handicap_moves = match self.handicap {
            Handicap::None => 0,
            Handicap::Free(n) => comments::consecutive_black_turns(n, self.handicap_pass),
            Handicap::Fixed(_) => 1,
        };
        let in_black_first_order = comments::player_to_move(turns_taken, handicap_moves);
        if self.first_player == rules::FIRST_PLAYER {
            in_black_first_order
        } else {
            in_black_first_order.opponent()
        }
    }

    /// Who moves after the turn about to be taken.
    fn next_to_move(&self) -> Player {
        self.player_after(self.turns_taken + 1)
    }
}

impl fmt::Display for Game {
    /// The grid as a diagram, top row first: `X` black, `O` white, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.grid.diagram(&self.coloring))
    }
}

// Taking back turns: what each turn or agreement changed is kept, so that
// `Game::undo` restores the game before it exactly.

impl Game {
    /// Keeps the state a turn is about to change. The turn replaces
    /// `before_last_turn` with the coloring it starts from, so the old one is
    /// moved here, not copied, and the coloring is not kept twice.
    fn remember_before_turn(&mut self) {
        let before_last_turn = self.before_last_turn.take();
        self.remember_before(None, before_last_turn);
    }

    /// Keeps the state an agreement is about to change: the coloring too,
    /// which it changes without taking a turn.
    fn remember_before_agreement(&mut self) {
        let coloring = Some(self.coloring.clone());
        self.remember_before(coloring, self.before_last_turn.clone());
    }

    /// Keeps the state as it stands, with the colorings given.
    fn remember_before(&mut self, coloring: Option<Coloring>, before_last_turn: Option<Coloring>) {
        self.taken.push(Before {
            coloring,
            before_last_turn,
            turns_taken: self.turns_taken,
            consecutive_passes: self.consecutive_passes,
            prisoners: self.prisoners,
            agreed: self.agreed,
            handicap_pass: self.handicap_pass,
        });
    }

    /// Takes back the last turn (a move, a pass or a lost turn) or the
    /// agreement, restoring the game exactly as it was before it, its record
    /// of earlier colorings included. Returns `false`, changing nothing,
    /// when no turn has been taken since the start (a fixed handicap's
    /// placement is part of the start).
    ///
    /// ```
    /// use tromp_taylor_spec::{Game, Point, Rectangle, Rules};
    ///
    /// let mut game = Game::new(Rectangle::new(2, 1).unwrap(), Rules::default());
    /// game.play_at(Point::new(0, 0)).unwrap();
    /// assert!(game.undo());
    /// assert_eq!(game.turns_taken(), 0);
    /// assert_eq!(game.earlier_colorings().len(), 1);
    /// assert!(!game.undo());
    /// ```
    pub fn undo(&mut self) -> bool {
        let Some(before) = self.taken.pop() else {
            return false;
        };
        if before.turns_taken != self.turns_taken {
            // A turn: it recorded the coloring it left, with the player to move.
            self.earlier
                .forget(&self.coloring, self.to_move(), self.turns_taken);
        }
        let Before {
            coloring,
            before_last_turn,
            turns_taken,
            consecutive_passes,
            prisoners,
            agreed,
            handicap_pass,
        } = before;
        // After a turn, the coloring before it is the one it left as
        // `before_last_turn` (see `Before`).
        let restored = coloring.or_else(|| self.before_last_turn.take());
        if let Some(coloring) = restored {
            self.coloring = coloring;
        }
        self.before_last_turn = before_last_turn;
        self.turns_taken = turns_taken;
        self.consecutive_passes = consecutive_passes;
        self.prisoners = prisoners;
        self.agreed = agreed;
        self.handicap_pass = handicap_pass;
        true
    }
}
