//! Taking back turns: what each turn or agreement changed is kept, so that
//! [`Game::undo`] restores the game before it exactly.
//!
//! The rules have no undo; it is here so that a game tree (a record's
//! variations, a count) can be walked on one game, each branch played
//! forward and taken back, instead of being replayed from the start.

use super::{Before, Game};

impl Game {
    /// Keeps the state a turn or an agreement is about to change.
    pub(super) fn remember_before(&mut self) {
        self.taken.push(Before {
            coloring: self.coloring.clone(),
            before_last_turn: self.before_last_turn.clone(),
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
        self.coloring = coloring;
        self.before_last_turn = before_last_turn;
        self.turns_taken = turns_taken;
        self.consecutive_passes = consecutive_passes;
        self.prisoners = prisoners;
        self.agreed = agreed;
        self.handicap_pass = handicap_pass;
        true
    }
}
