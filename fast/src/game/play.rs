//! Playing a turn: taking a move or a pass and recording what undo needs.

use crate::changes::EVERY;
use crate::error::IllegalTurn;
use crate::game::chain::{code, Chain, EMPTY};
use crate::game::legality::Lookup;
use crate::game::record::{Record, TurnRecord};
use crate::game::state::Game;
use crate::history::NEVER;
use crate::types::{IllegalMove, Point, Turn};

impl Game {
    /// Takes `turn`, or says why it is not legal and changes nothing; but
    /// under rules where an illegal move loses the turn (seed 003), a move
    /// refused as suicide, ko or superko is reported and the turn is lost:
    /// the board stays, the opponent moves, and the run of passes ends.
    #[inline]
    pub fn play(&mut self, turn: Turn) -> Result<(), IllegalTurn> {
        match self.verdict(turn) {
            Ok(verdict) => {
                self.take(verdict, false);
                Ok(())
            }
            Err(illegal) => Err(self.refused(illegal)),
        }
    }

    /// [`Game::play`] of a move at the point of index `i` (`y * width + x`,
    /// as in [`Game::empty_indices`]), with one bounds check and no
    /// coordinates: the entry point of playout loops that hold indices.
    /// An index off the board is refused as [`IllegalTurn::OffBoard`] of
    /// the point `(i % width, i / width)`.
    #[inline]
    pub fn play_index(&mut self, i: usize) -> Result<(), IllegalTurn> {
        let Some(&q) = self.cell_of.get(i) else {
            return Err(self.off_board_index(i));
        };
        if self.is_over() {
            return Err(IllegalTurn::GameOver);
        }
        let q = usize::from(q);
        match self.verdict_at(q) {
            Ok(lookup) => {
                self.take(Some((q, lookup)), false);
                Ok(())
            }
            Err(illegal) => Err(self.refused(illegal)),
        }
    }

    /// [`Game::play_index`] that says only whether the move was played: the
    /// playout's entry point, which builds no error for a refused move (a
    /// refusal that loses the turn under the rules still loses it).
    #[inline(always)]
    pub fn try_play_index(&mut self, i: usize) -> bool {
        let Some(&q) = self.cell_of.get(i) else {
            return false;
        };
        let q = usize::from(q);
        if self.is_over() || cell!(self.color[q]) != EMPTY {
            return false;
        }
        match self.judge(q, self.to_move()) {
            Ok(lookup) => {
                self.take(Some((q, lookup)), false);
                true
            }
            Err(_) => {
                // Suicide, ko or superko: each loses the turn where that is the rule.
                if self.rules.illegal_move == IllegalMove::LosesTurn {
                    self.take(None, true);
                }
                false
            }
        }
    }

    /// The error for the index `i` off the board (or [`IllegalTurn::GameOver`]
    /// once the game is over, as [`Game::play`] says first).
    #[cold]
    fn off_board_index(&self, i: usize) -> IllegalTurn {
        if self.is_over() {
            return IllegalTurn::GameOver;
        }
        IllegalTurn::OffBoard(Point::new(i % self.width, i / self.width))
    }

    /// Passes on `illegal`, the refusal of a turn, after losing the turn
    /// where the rules say an illegal move does (seed 003).
    #[cold]
    #[inline(never)]
    fn refused(&mut self, illegal: IllegalTurn) -> IllegalTurn {
        if self.rules.illegal_move == IllegalMove::LosesTurn
            && matches!(
                illegal,
                IllegalTurn::Suicide(_)
                    | IllegalTurn::Ko(_)
                    | IllegalTurn::Superko { .. }
                    | IllegalTurn::SituationalSuperko { .. }
            )
        {
            self.take(None, true);
        }
        illegal
    }

    /// [`Game::take_turn`], recording it for undo if the game does.
    #[inline(always)]
    fn take(&mut self, verdict: Option<(usize, Lookup)>, lost: bool) {
        if self.undoable {
            self.take_turn::<true>(verdict, lost);
        } else {
            self.take_turn::<false>(verdict, lost);
        }
    }

    /// Takes a judged turn: a move (`Some`), a pass, or (when `lost`) a
    /// turn lost to an illegal move, which leaves the board as a pass does
    /// but ends the run of passes. With `UNDO`, pushes its record for
    /// [`Game::undo`]; without, the record is never built.
    #[inline(always)]
    #[expect(
        clippy::too_many_lines,
        reason = "the hot path of every turn, kept as one body whose record fields are written where the state changes; split only with a benchmark beside it"
    )]
    fn take_turn<const UNDO: bool>(&mut self, verdict: Option<(usize, Lookup)>, lost: bool) {
        let turn_is_pass = verdict.is_none() && !lost;
        let player = self.to_move();
        let p = code(player);
        let mut record = TurnRecord {
            point: 0,
            player: p,
            merges: 0,
            captures: 0,
            suicide: false,
            new_entry: false,
            set_first: false,
            set_ever: false,
            old_head: 0,
            old_next: 0,
            old_chain: Chain::default(),
            empty_slot: 0,
            hash: self.hash,
            passes: self.passes as u32,
            black_first: self.black_first as u32,
            last_emptied: self.last_emptied,
            prisoners: self.prisoners,
        };
        if turn_is_pass && self.turns + 1 < self.black_first {
            // A pass is not a move: it ends a free handicap's consecutive moves.
            self.black_first = self.turns + 1;
        }
        // Black's consecutive first turns keep Black to move; after them
        // the players alternate (`player_after(turns + 1)`, from the
        // mover of `turns`, who is `player_after(turns)`).
        let next = if self.turns + 1 < self.black_first {
            player
        } else {
            player.opponent()
        };
        let next_player = next as usize;
        let turn_number = (self.turns + 1) as u32;
        let table = self.keeps_table();
        match verdict {
            None => {
                self.passes = if lost && !planted!(LostTurnCountsAsPass) {
                    0
                } else {
                    self.passes + 1
                };
                self.last_emptied = [0, 0];
                self.changes.mark(0, 0);
                if table {
                    let entry = self.turn_entry[self.turns];
                    if self.history.firsts(entry)[next_player] == NEVER {
                        self.history.set_first(entry, next_player, turn_number);
                        record.set_first = true;
                    }
                    self.turn_entry.push(entry);
                }
            }
            Some((q, lookup)) => {
                if !planted!(MoveKeepsPassRun) {
                    self.passes = 0;
                }
                record.point = q as u16;
                record.old_head = cell!(self.head[q]);
                record.old_next = cell!(self.next[q]);
                record.empty_slot = cell!(self.empty_pos[cell!(self.index[q]) as usize]);
                record.old_chain = cell!(self.chain[q]);
                self.changes.mark(cell!(self.index[q]), p);
                let (merges, captures, captured, suicided) = self.execute_move(q, p);
                record.merges = merges;
                record.captures = captures;
                record.suicide = suicided > 0;
                let (mover, other) = (player as usize, player.opponent() as usize);
                self.prisoners[mover] += captured;
                if !planted!(SuicideNotAPrisoner) {
                    self.prisoners[other] += suicided;
                }
                self.last_emptied[other] = captured;
                self.last_emptied[mover] = suicided.saturating_sub(1);
                if suicided == 0 && cell!(self.ever[q]) & p == 0 {
                    cell!(mut self.ever[q]) |= p;
                    record.set_ever = true;
                }
                // (Simple ko keeps no table of colorings: nothing to enter.)
                if table {
                    let entry = self.enter(lookup, next_player, turn_number, &mut record);
                    self.turn_entry.push(entry);
                }
            }
        }
        self.turns += 1;
        self.mover = next;
        if self.turns.is_multiple_of(EVERY) {
            self.changes.copy(self.turns, &self.packed);
        }
        if UNDO {
            self.records.push(Record::Turn(record));
        }
    }

    /// The history entry of the coloring after the move being taken (after
    /// `turns + 1` turns), `lookup` saying what its verdict found: an
    /// entry, a new coloring, or nothing looked up. A new coloring is
    /// entered, first standing after `turn_number` with `next_player` to
    /// move; `record` notes what undo takes back.
    #[inline(always)]
    fn enter(
        &mut self,
        lookup: Lookup,
        next_player: usize,
        turn_number: u32,
        record: &mut TurnRecord,
    ) -> u32 {
        let existing = match lookup {
            Lookup::Found(entry) => Some(entry),
            Lookup::New => None,
            Lookup::Unknown => {
                // The coloring now, after `turns + 1` turns.
                self.history.find(self.hash, |entry| {
                    self.with_entry_coloring(entry, self.turns + 1, |c| c == self.packed)
                })
            }
        };
        match existing {
            Some(entry) => {
                self.history.seen(entry, turn_number);
                if self.history.firsts(entry)[next_player] == NEVER {
                    self.history.set_first(entry, next_player, turn_number);
                    record.set_first = true;
                }
                entry
            }
            None => {
                record.new_entry = true;
                self.history.insert(self.hash, next_player, turn_number)
            }
        }
    }

    /// Passes: always legal until the game is over.
    pub fn pass(&mut self) -> Result<(), IllegalTurn> {
        self.play(Turn::Pass)
    }

    /// Moves at `(x, y)`.
    pub fn play_at(&mut self, x: usize, y: usize) -> Result<(), IllegalTurn> {
        self.play(Turn::Move(Point::new(x, y)))
    }

    /// Plays `p` at the empty padded point `q`: colors it, clears the
    /// opponent, then clears its own color. Pushes merges, captures and the
    /// suicided head on `aux` if the game is undoable. Returns (merges, captured strings, captured
    /// stones, stones lost to suicide).
    #[inline(always)]
    pub(crate) fn execute_move(&mut self, q: usize, p: u8) -> (u8, u8, u32, u32) {
        let opp = p ^ 3;
        let nbrs = self.neighbours(q);
        let mut merges = self.place_stone(q, p);
        let mut captures = 0;
        let mut captured = 0;
        for n in nbrs {
            if cell!(self.color[n]) == opp {
                let h = cell!(self.head[n]) as usize;
                let string = cell!(self.chain[h]);
                if string.libs == 0 {
                    captured += string.stones;
                    self.remove_string(h, opp);
                    if self.undoable {
                        self.aux.push(h as u16);
                    }
                    captures += 1;
                    if planted!(OneCaptureOnly) {
                        break;
                    }
                }
            }
        }
        let mut hq = cell!(self.head[q]) as usize;
        let mut suicided = 0;
        // (The planted bug reads the merges back from `aux`: undoable games only.)
        if planted!(SuicideRemovesOnlyPlayedStone) && self.undoable {
            (merges, hq) = self.planted_suicide_of_the_stone_alone(q, hq, merges);
        }
        if cell!(self.chain[hq]).libs == 0 {
            suicided = cell!(self.chain[hq]).stones;
            self.remove_string(hq, p);
            if self.undoable {
                self.aux.push(hq as u16);
            }
        }
        (merges, captures, captured, suicided)
    }

    /// Planted bug `SuicideRemovesOnlyPlayedStone`: a suicide takes the
    /// played stone `q` back out of the strings it joined, as if it had
    /// never joined, so that only it is removed. Returns the merges left and
    /// the head of the string to test.
    fn planted_suicide_of_the_stone_alone(
        &mut self,
        q: usize,
        hq: usize,
        merges: u8,
    ) -> (u8, usize) {
        if cell!(self.chain[hq]).libs != 0 {
            return (merges, hq);
        }
        for _ in 0..merges {
            let small = self.aux.pop().unwrap_or(0) as usize;
            let big = self.aux.pop().unwrap_or(0) as usize;
            self.unmerge(big, small);
        }
        (0, q)
    }
}
