//! The end of the game and its scores: agreement, counting, the result.

use crate::error::IllegalAgreement;
use crate::game::chain::{BLACK, BORDER, EMPTY, WHITE};
use crate::game::record::{AgreementRecord, Record};
use crate::game::state::Game;
use crate::types::{Ending, Outcome, Player, Point, Scoring};

impl Game {
    /// Both players' empty points reaching only their color, and their stones.
    fn count(&self) -> ([usize; 2], [usize; 2]) {
        let mut territory = [0usize; 2];
        let mut stones = [0usize; 2];
        let mut seen = vec![false; self.color.len()];
        let mut stack = Vec::new();
        for y in 0..self.height {
            for x in 0..self.width {
                let q = self.padded(Point::new(x, y));
                match self.color[q] {
                    BLACK => stones[0] += 1,
                    WHITE => stones[1] += 1,
                    _ if !seen[q] => {
                        let mut size = 0;
                        let mut reaches = 0u8;
                        seen[q] = true;
                        stack.push(q);
                        while let Some(r) = stack.pop() {
                            size += 1;
                            let mut neighbours = self.neighbours(r);
                            if planted!(ScorerRowUsesHeight) {
                                neighbours = self.planted_neighbours_by_height(r);
                            }
                            for n in neighbours {
                                match self.color.get(n).copied().unwrap_or(BORDER) {
                                    EMPTY if !seen[n] => {
                                        seen[n] = true;
                                        stack.push(n);
                                    }
                                    c @ (BLACK | WHITE) => reaches |= c,
                                    _ => {}
                                }
                            }
                        }
                        if planted!(DameCountedForBlack) {
                            reaches = planted_dame_for_black(reaches);
                        }
                        match reaches {
                            BLACK => territory[0] += size,
                            WHITE => territory[1] += size,
                            _ => {}
                        }
                    }
                    _ => {}
                }
            }
        }
        (territory, stones)
    }

    /// `player`'s score as the position stands (komi not included).
    pub fn score(&self, player: Player) -> usize {
        let (territory, stones) = self.count();
        let i = player as usize;
        match self.rules.scoring {
            Scoring::Area => territory[i] + stones[i],
            Scoring::Territory => territory[i] + self.prisoners[i] as usize,
        }
    }

    /// The winner and margin (komi included), as the position stands.
    pub fn result(&self) -> Outcome {
        let mut black = 2 * self.score(Player::Black) as i64;
        let mut white = 2 * self.score(Player::White) as i64;
        if planted!(KomiSignFlipped) {
            black = planted_komi_to_black(black, i64::from(self.rules.komi.half_points()));
        } else {
            white += i64::from(self.rules.komi.half_points());
        }
        match black.cmp(&white) {
            std::cmp::Ordering::Greater => Outcome::Win {
                winner: Player::Black,
                half_points: black.abs_diff(white),
            },
            std::cmp::Ordering::Less => Outcome::Win {
                winner: Player::White,
                half_points: black.abs_diff(white),
            },
            std::cmp::Ordering::Equal => Outcome::Tie,
        }
    }

    /// After two or more consecutive passes, under [`Ending::Agreement`]:
    /// empties every named point and ends the game. Each emptied stone
    /// becomes a prisoner of its owner's opponent.
    pub fn agree(&mut self, points_to_empty: &[Point]) -> Result<(), IllegalAgreement> {
        if self.rules.ending != Ending::Agreement {
            return Err(IllegalAgreement::NotInTheseRules);
        }
        if self.is_over() {
            return Err(IllegalAgreement::GameOver);
        }
        if self.passes < 2 {
            return Err(IllegalAgreement::NotAfterTwoPasses);
        }
        if let Some(&p) = points_to_empty
            .iter()
            .find(|p| self.padded_checked(**p).is_none())
        {
            return Err(IllegalAgreement::OffBoard(p));
        }
        let hash = self.hash;
        let prisoners = self.prisoners;
        let mut emptied = Vec::new();
        for &point in points_to_empty {
            let point = if planted!(AgreementRowsFlipped) {
                self.planted_row_flipped(point)
            } else {
                point
            };
            let q = self.padded(point);
            let c = self.color[q];
            if c == BLACK || c == WHITE {
                self.color[q] = EMPTY;
                self.note_around(q, c, true);
                self.paint(q, c);
                let i = self.index[q];
                self.empty_pos[i as usize] = self.empties.len() as u16;
                self.empties.push(i);
                // The owner's opponent takes the stone: Black's stones go to White.
                self.prisoners[(c ^ 3) as usize - 1] += 1;
                emptied.push((q as u16, c));
            }
        }
        self.agreed = true;
        if self.undoable {
            self.records
                .push(Record::Agreement(Box::new(AgreementRecord {
                    emptied,
                    hash,
                    prisoners,
                })));
        }
        Ok(())
    }

    /// Planted bug `ScorerRowUsesHeight`: the neighbours of `r` with the
    /// rows `height + 1` apart instead of `width + 1`.
    fn planted_neighbours_by_height(&self, r: usize) -> [usize; 4] {
        let row = self.height + 1;
        [r - 1, r + 1, r.wrapping_sub(row), r + row]
    }

    /// Planted bug `AgreementRowsFlipped`: `point` with its row counted from the top.
    fn planted_row_flipped(&self, point: Point) -> Point {
        Point::new(point.x, self.height - 1 - point.y)
    }
}

/// Planted bug `DameCountedForBlack`: a region reaching Black counts as
/// reaching only Black.
fn planted_dame_for_black(reaches: u8) -> u8 {
    if reaches & BLACK != 0 {
        BLACK
    } else {
        reaches
    }
}

/// Planted bug `KomiSignFlipped`: komi added to Black's score.
fn planted_komi_to_black(black: i64, komi: i64) -> i64 {
    black + komi
}
