//! Verdicts: whether a turn is legal, worked out without playing it, and
//! the set of legal turns.

use crate::error::IllegalTurn;
use crate::game::chain::{around_count, code, EMPTY};
use crate::game::state::Game;
use crate::history::NEVER;
use crate::types::{Player, Point, Suicide, Superko, Turn};

/// What a move at a point would do, worked out without playing it.
#[derive(Clone, Copy, Debug, Default)]
struct Analysis {
    /// Heads of the opponent strings it captures.
    captures: [u16; 4],
    /// How many of `captures` are used.
    n_captures: usize,
    /// Heads of the distinct own strings next to the point.
    own: [u16; 4],
    /// How many of `own` are used.
    n_own: usize,
    /// Whether the move clears its own string.
    suicide: bool,
    /// The hash of the coloring after the move.
    hash: u64,
}

/// The four neighbours of a point, read once: their codes and heads (a
/// head is only meaningful for a stone).
#[derive(Clone, Copy, Debug)]
struct Neighbours {
    codes: [u8; 4],
    heads: [u16; 4],
}

impl Neighbours {
    /// How many of the four are stones of code `c` of the string headed by
    /// `h`: the pseudo-liberties the string has at the point.
    #[inline(always)]
    fn touching(&self, h: u16, c: u8) -> u32 {
        (0..4)
            .map(|k| u32::from(self.codes[k] == c && self.heads[k] == h))
            .sum()
    }
}

/// Whether the coloring after a legal move is known to be in the history.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Lookup {
    /// It is entry number `.0`.
    Found(u32),
    /// It has never stood.
    New,
    /// Not looked up (simple ko): find it when recording.
    Unknown,
}

/// Why a move on an empty point is illegal (the point is added by the caller).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    Suicide,
    Superko(usize),
    Ko,
}

/// How many points of the packed words `a` and `b` differ.
#[inline]
fn differing_points(a: u64, b: u64) -> u32 {
    let x = a ^ b;
    ((x | (x >> 1)) & 0x5555_5555_5555_5555).count_ones()
}

impl Game {
    /// What a move by `p` at the empty padded point `q` would do.
    #[inline(always)]
    fn analyse(&self, q: usize, p: u8) -> Analysis {
        let opp = p ^ 3;
        // Heads are stones, never cell 0 (a border cell): 0 marks a free slot,
        // so the duplicate tests compare against all four slots, branch-free.
        let mut a = Analysis {
            hash: self.hash,
            ..Analysis::default()
        };
        let mut has_liberty = false;
        let mut own_survives = false;
        let around = self.neighbours_of(q);
        let chain = &self.chain[..];
        for (&c, &h) in around.codes.iter().zip(&around.heads) {
            if c == EMPTY {
                has_liberty = true;
            } else if c == p {
                if !a.own.contains(&h) {
                    a.own[a.n_own & 3] = h;
                    a.n_own += 1;
                    own_survives |=
                        !cell!(chain[h as usize]).only_liberty_is(|| around.touching(h, p));
                }
            } else if c == opp {
                let string = &cell!(chain[h as usize]);
                if !a.captures.contains(&h) && string.only_liberty_is(|| around.touching(h, opp)) {
                    a.captures[a.n_captures & 3] = h;
                    a.n_captures += 1;
                    a.hash ^= string.hash;
                }
            }
        }
        a.suicide = !has_liberty && !own_survives && a.n_captures == 0;
        if a.suicide {
            for &h in &a.own[..a.n_own] {
                a.hash ^= cell!(self.chain[h as usize]).hash;
            }
        } else {
            a.hash ^= cell!(self.keys[2 * q + p as usize - 1]);
        }
        a
    }

    /// Whether a move by `p` at the empty padded point `q`, whose neighbours
    /// are all the opponent's or the border (`around` says so), is a
    /// single-stone suicide: no opponent string has `q` as its only liberty.
    /// (What [`Game::analyse`] finds with `suicide` and no own string,
    /// without building it.)
    #[inline(always)]
    fn lone_suicide(&self, q: usize, p: u8) -> bool {
        let opp = p ^ 3;
        let around = self.neighbours_of(q);
        around.codes.iter().zip(&around.heads).all(|(&c, &h)| {
            c != opp || !cell!(self.chain[h as usize]).only_liberty_is(|| around.touching(h, opp))
        })
    }

    /// The codes and heads of the four neighbours of the on-board point `q`.
    #[inline(always)]
    fn neighbours_of(&self, q: usize) -> Neighbours {
        let cells = self.color.len();
        let (color, head) = (&self.color[..], &self.head[..cells]);
        let nbrs = self.neighbours(q);
        Neighbours {
            codes: nbrs.map(|n| cell!(color[n])),
            heads: nbrs.map(|n| cell!(head[n])),
        }
    }

    /// The hash of the coloring after a move by `p` at the empty padded point
    /// `q` that has an empty neighbour (so is no suicide): the stone's key
    /// and the opponent strings whose only liberty is `q`.
    #[inline]
    fn hash_after_living_move(&self, q: usize, p: u8) -> u64 {
        let opp = p ^ 3;
        let mut hash = self.hash ^ cell!(self.keys[2 * q + p as usize - 1]);
        let mut seen = [0u16; 4];
        let around = self.neighbours_of(q);
        let chain = &self.chain[..];
        for (k, (&c, &h)) in around.codes.iter().zip(&around.heads).enumerate() {
            if c == opp {
                let string = &cell!(chain[h as usize]);
                if !seen.contains(&h) && string.only_liberty_is(|| around.touching(h, opp)) {
                    hash ^= string.hash;
                }
                seen[k] = h;
            }
        }
        hash
    }

    /// `f` of the coloring after turn `t` (0 to now), rebuilt from the log
    /// of changes.
    fn with_coloring_after<R>(&self, t: usize, f: impl FnOnce(&[u64]) -> R) -> R {
        self.changes
            .with_coloring_after(t, self.turns, &self.packed, f)
    }

    /// `f` of the coloring of history entry `entry`, rebuilt, when the log
    /// holds `now` turns and the board is the coloring after them (`turns`,
    /// or `turns + 1` while a turn is being taken).
    pub(crate) fn with_entry_coloring<R>(
        &self,
        entry: u32,
        now: usize,
        f: impl FnOnce(&[u64]) -> R,
    ) -> R {
        // The latest turn it stood, if no undo has taken that turn back
        // (the nearer, the shorter the walk), else the first.
        let latest = self.history.latest(entry);
        let t = if self.turn_entry.get(latest) == Some(&entry) {
            latest
        } else {
            self.history.stood_after(entry)
        };
        self.changes.with_coloring_after(t, now, &self.packed, f)
    }

    /// Whether the coloring after move `a` by `p` at `q` is the packed `coloring`.
    fn result_is(&self, q: usize, p: u8, a: &Analysis, coloring: &[u64]) -> bool {
        // Every point the move changes must have its new color in `coloring`,
        // and `coloring` must differ from the coloring now at those points only.
        let mut changed = 0u32;
        let bits_at = |i: usize| (coloring[i / 32] >> (2 * (i % 32))) as u8 & 3;
        if !a.suicide {
            changed += 1;
            if bits_at(cell!(self.index[q]) as usize) != p {
                return false;
            }
        }
        let strings = if a.suicide {
            &a.own[..a.n_own]
        } else {
            &a.captures[..a.n_captures]
        };
        for &h in strings {
            let h = h as usize;
            let mut s = h;
            loop {
                changed += 1;
                if bits_at(cell!(self.index[s]) as usize) != EMPTY {
                    return false;
                }
                s = cell!(self.next[s]) as usize;
                if s == h {
                    break;
                }
            }
        }
        let differing: u32 = self
            .packed
            .iter()
            .zip(coloring)
            .map(|(&x, &y)| differing_points(x, y))
            .sum();
        differing == changed
    }

    /// The verdict on a move by `player` at the empty padded point `q`.
    #[inline(always)]
    pub(crate) fn judge(&self, q: usize, player: Player) -> Result<Lookup, Refusal> {
        let p = code(player);
        if around_count(cell!(self.around[q]), EMPTY) != 0 {
            // With an empty neighbour the move is no suicide. If no recorded
            // coloring ever had `p` at `q`, the coloring after it (which has)
            // is new: no superko, no ko, nothing to look up.
            if cell!(self.ever[q]) & p == 0 {
                return Ok(Lookup::New);
            }
            if !self.keeps_table() {
                return self.judge_simple_ko(q, player);
            }
            return self.judge_living(q, player);
        }
        if !self.keeps_table() {
            return self.judge_closed_simple_ko(q, player);
        }
        if around_count(cell!(self.around[q]), p ^ 3) == 4 && self.lone_suicide(q, p) {
            return self.judge_lone_suicide(q, player);
        }
        self.judge_fully(q, player)
    }

    /// [`Game::judge`] under simple ko, where no table of colorings is kept
    /// (the lookup is [`Lookup::Unknown`], unused), of a move with an empty
    /// neighbour (so no suicide): a ko only at the point of the one stone
    /// the opponent's last turn captured.
    #[inline(never)]
    fn judge_simple_ko(&self, q: usize, player: Player) -> Result<Lookup, Refusal> {
        if self.ko_candidate(q, player) {
            return self.judge_by_analysis(q, player);
        }
        Ok(Lookup::Unknown)
    }

    /// [`Game::judge`] under simple ko of a move with no empty neighbour:
    /// a ko only at the point of the one stone the opponent's last turn
    /// captured; elsewhere a suicide or legal, without the analysis.
    #[inline(never)]
    fn judge_closed_simple_ko(&self, q: usize, player: Player) -> Result<Lookup, Refusal> {
        if self.ko_candidate(q, player) {
            return self.judge_by_analysis(q, player);
        }
        if self.no_liberty_after(q, code(player)) {
            if self.rules.suicide == Suicide::Forbidden && !planted!(SingleStoneSuicideAllowed) {
                return Err(Refusal::Suicide);
            }
            return self.judge_by_analysis(q, player);
        }
        Ok(Lookup::Unknown)
    }

    /// Whether a move by `player` at the empty padded point `q` is where
    /// [`Game::judge_analysed`] looks for a simple ko: the opponent's last
    /// turn emptied exactly one of `player`'s stones, at `q`. (The coloring
    /// before that turn had `q` empty unless `q` is that stone's point, and
    /// a move at `q` fills it: it can recreate that coloring only there.)
    #[inline(always)]
    fn ko_candidate(&self, q: usize, player: Player) -> bool {
        self.last_emptied[player as usize] == 1
            && self.changes.last_emptied_index() == Some(cell!(self.index[q]))
    }

    /// Whether a move by `p` at the empty padded point `q`, with no empty
    /// neighbour, clears its own string: no own string next to it keeps a
    /// liberty elsewhere and no opponent string next to it has `q` as its
    /// only liberty.
    #[inline(always)]
    fn no_liberty_after(&self, q: usize, p: u8) -> bool {
        let around = self.neighbours_of(q);
        let chain = &self.chain[..];
        !around.codes.iter().zip(&around.heads).any(|(&c, &h)| {
            (c == p || c == p ^ 3)
                && (c == p) != cell!(chain[h as usize]).only_liberty_is(|| around.touching(h, c))
        })
    }

    /// The verdict under positional or situational superko on a move whose
    /// coloring after it is history entry `entry`.
    #[inline]
    fn repeat_verdict(&self, entry: u32) -> Result<Lookup, Refusal> {
        let firsts = self.history.firsts(entry);
        let positional = if planted!(SuperkoKindsSwapped) {
            Superko::Situational
        } else {
            Superko::Positional
        };
        let first = if self.rules.superko == positional {
            firsts[0].min(firsts[1])
        } else {
            firsts[self.player_after(self.turns + 1) as usize]
        };
        if first == NEVER {
            Ok(Lookup::Found(entry))
        } else {
            Err(Refusal::Superko(first as usize))
        }
    }

    /// [`Game::judge`] of a move with an empty neighbour (so no suicide).
    #[inline(never)]
    fn judge_living(&self, q: usize, player: Player) -> Result<Lookup, Refusal> {
        // If no recorded coloring has the hash of the coloring after it,
        // that coloring never stood: it repeats nothing, under any kind of
        // superko or ko (a hash hit is judged in full, and confirmed).
        if !self
            .history
            .has_hash(self.hash_after_living_move(q, code(player)))
        {
            return Ok(Lookup::New);
        }
        self.judge_by_analysis(q, player)
    }

    /// [`Game::judge`] of a single-stone suicide (the coloring stays as it is).
    #[inline(never)]
    fn judge_lone_suicide(&self, q: usize, player: Player) -> Result<Lookup, Refusal> {
        // Where suicide is forbidden, refused as such (what
        // `judge_analysed` says first), without building the analysis.
        if self.rules.suicide == Suicide::Forbidden && !planted!(SingleStoneSuicideAllowed) {
            return Err(Refusal::Suicide);
        }
        // (Planted bugs that live in the analysis' verdict are met there.)
        if planted!(SingleStoneSuicideAllowed) {
            return self.planted_lone_suicide(q, player);
        }
        if planted!(SimpleKoForSuperko) {
            return self.planted_lone_suicide(q, player);
        }
        // The coloring after it is the coloring now: under positional or
        // situational superko (simple ko keeps no table and is judged
        // elsewhere), the verdict on a repetition of the turn's entry.
        self.repeat_verdict(self.turn_entry[self.turns])
    }

    /// Planted bugs `SingleStoneSuicideAllowed` and `SimpleKoForSuperko`:
    /// a single-stone suicide judged through the analysis' verdict, where
    /// they live.
    fn planted_lone_suicide(&self, q: usize, player: Player) -> Result<Lookup, Refusal> {
        let lone = Analysis {
            hash: self.hash,
            suicide: true,
            ..Analysis::default()
        };
        self.judge_analysed(q, player, &lone)
    }

    /// [`Game::judge`] of a move with no empty neighbour that is no
    /// single-stone suicide. A move that keeps a liberty (its own string
    /// keeps one elsewhere, or it captures) leaves `p` at `q`: as for a move
    /// with an empty neighbour, its coloring is new if `q` never had `p`,
    /// or if no recorded coloring has its hash. Only a suicide or a hash
    /// hit needs the whole analysis. (Under positional or situational
    /// superko: simple ko is judged by [`Game::judge_simple_ko`].)
    #[inline(never)]
    fn judge_fully(&self, q: usize, player: Player) -> Result<Lookup, Refusal> {
        let p = code(player);
        if !self.no_liberty_after(q, p) {
            if cell!(self.ever[q]) & p == 0 {
                return Ok(Lookup::New);
            }
            return self.judge_living(q, player);
        }
        self.judge_by_analysis(q, player)
    }

    /// [`Game::judge`] without the fast paths: the move's whole analysis.
    #[inline(never)]
    fn judge_by_analysis(&self, q: usize, player: Player) -> Result<Lookup, Refusal> {
        let a = self.analyse(q, code(player));
        self.judge_analysed(q, player, &a)
    }

    /// The verdict on a move by `player` at `q` that does what `a` says.
    #[inline(always)]
    fn judge_analysed(&self, q: usize, player: Player, a: &Analysis) -> Result<Lookup, Refusal> {
        let p = code(player);
        // (Planted: a single-stone suicide "changes nothing", so it is let through.)
        let no_op = planted!(SingleStoneSuicideAllowed) && planted_no_op_suicide(a);
        if a.suicide && self.rules.suicide == Suicide::Forbidden && !no_op {
            return Err(Refusal::Suicide);
        }
        let superko = if planted!(SimpleKoForSuperko) {
            Superko::SimpleKo
        } else {
            self.rules.superko
        };
        match superko {
            Superko::SimpleKo => {
                // Seed 004: one stone "just captured", by the opponent's
                // previous turn (not lost to one's own handicap-move suicide).
                if self.turns > 0
                    && self.last_emptied[player as usize] == 1
                    && self.player_after(self.turns - 1) == player.opponent()
                    && self.with_coloring_after(self.turns - 1, |before| {
                        self.result_is(q, p, a, before)
                    })
                {
                    return Err(Refusal::Ko);
                }
                if !a.suicide && cell!(self.ever[q]) & p == 0 {
                    Ok(Lookup::New)
                } else {
                    Ok(Lookup::Unknown)
                }
            }
            Superko::Positional | Superko::Situational => {
                let found = if a.suicide && a.n_own == 0 {
                    // A single-stone suicide leaves the coloring as it is.
                    if no_op {
                        return Ok(Lookup::Found(self.turn_entry[self.turns]));
                    }
                    Some(self.turn_entry[self.turns])
                } else if !a.suicide && cell!(self.ever[q]) & p == 0 {
                    // The point has never had this color in any recorded
                    // coloring, and the move leaves it so: nothing repeats.
                    None
                } else {
                    self.history.find(a.hash, |entry| {
                        self.with_entry_coloring(entry, self.turns, |coloring| {
                            self.result_is(q, p, a, coloring)
                        })
                    })
                };
                let Some(entry) = found else {
                    return Ok(Lookup::New);
                };
                self.repeat_verdict(entry)
            }
        }
    }

    /// The verdict on `turn`, with what playing it needs.
    #[inline]
    pub(crate) fn verdict(&self, turn: Turn) -> Result<Option<(usize, Lookup)>, IllegalTurn> {
        if self.is_over() {
            return Err(IllegalTurn::GameOver);
        }
        let point = match turn {
            Turn::Pass => return Ok(None),
            Turn::Move(point) => point,
        };
        let q = self
            .padded_checked(point)
            .ok_or(IllegalTurn::OffBoard(point))?;
        self.verdict_at(q).map(|lookup| Some((q, lookup)))
    }

    /// The verdict on a move at the on-board padded point `q` by the player
    /// to move, in a game not over.
    #[inline(always)]
    pub(crate) fn verdict_at(&self, q: usize) -> Result<Lookup, IllegalTurn> {
        if cell!(self.color[q]) != EMPTY {
            return Err(self.refusal(q, None));
        }
        self.judge(q, self.to_move())
            .map_err(|refusal| self.refusal(q, Some(refusal)))
    }

    /// The error for a move at the on-board padded point `q`: occupied
    /// (`None`), or refused for `refusal`. Off the hot path: its point is
    /// worked out from `q`.
    #[cold]
    #[inline(never)]
    fn refusal(&self, q: usize, refusal: Option<Refusal>) -> IllegalTurn {
        let i = usize::from(self.index[q]);
        let point = Point::new(i % self.width, i / self.width);
        match refusal {
            None if planted!(RefusalPointTransposed) => {
                IllegalTurn::Occupied(Point::new(point.y, point.x))
            }
            None => IllegalTurn::Occupied(point),
            Some(Refusal::Suicide) => IllegalTurn::Suicide(point),
            Some(Refusal::Ko) => IllegalTurn::Ko(point),
            Some(Refusal::Superko(repeats_turn)) => match self.rules.superko {
                Superko::Situational => IllegalTurn::SituationalSuperko {
                    point,
                    repeats_turn,
                    to_move: self.to_move().opponent(),
                },
                _ => IllegalTurn::Superko {
                    point,
                    repeats_turn,
                },
            },
        }
    }

    /// Whether `turn` is legal now, and if not why. Changes nothing.
    #[inline]
    pub fn check(&self, turn: Turn) -> Result<(), IllegalTurn> {
        self.verdict(turn).map(|_| ())
    }

    /// Whether `turn` is legal now. Changes nothing.
    pub fn is_legal(&self, turn: Turn) -> bool {
        if planted!(IsLegalOnlyChecksEmpty) {
            if let Some(legal) = self.planted_is_legal_if_empty(turn) {
                return legal;
            }
        }
        self.check(turn).is_ok()
    }

    /// Planted bug `IsLegalOnlyChecksEmpty`: a move is legal when its point
    /// is empty (and the game not over); `None` for a pass.
    fn planted_is_legal_if_empty(&self, turn: Turn) -> Option<bool> {
        let Turn::Move(point) = turn else {
            return None;
        };
        let empty = self.padded_checked(point).map(|q| cell!(self.color[q])) == Some(EMPTY);
        Some(!self.is_over() && empty)
    }

    /// The point indices (`y * width + x`) of the empty points, in no
    /// particular order (kept incrementally; restored exactly by undo).
    #[inline]
    pub fn empty_indices(&self) -> &[u16] {
        &self.empties
    }

    /// Whether a move at `point` by the player to move would fill one of her
    /// own single-point eyes: an empty point all of whose on-board neighbours
    /// are her stones. `false` off the board or on an occupied point.
    #[inline]
    pub fn fills_own_eye(&self, point: Point) -> bool {
        self.padded_checked(point)
            .is_some_and(|q| self.fills_own_eye_at(q))
    }

    /// [`Game::fills_own_eye`] of the point of index `i` (`y * width + x`,
    /// as in [`Game::empty_indices`]): one bounds check. `false` for an
    /// index off the board.
    #[inline]
    pub fn fills_own_eye_index(&self, i: usize) -> bool {
        self.cell_of
            .get(i)
            .is_some_and(|&q| self.fills_own_eye_at(usize::from(q)))
    }

    /// [`Game::fills_own_eye`] of the on-board padded point `q`.
    #[inline(always)]
    fn fills_own_eye_at(&self, q: usize) -> bool {
        let p = code(self.to_move());
        cell!(self.color[q]) == EMPTY && around_count(cell!(self.around[q]), p) == 4
    }

    /// Every legal turn: the pass first, then each legal move in point-index
    /// order. Empty once the game is over.
    pub fn legal_turns(&self) -> Vec<Turn> {
        let mut turns = Vec::new();
        self.legal_turns_into(&mut turns);
        turns
    }

    /// Fills `turns` with [`Game::legal_turns`], reusing its allocation.
    pub fn legal_turns_into(&self, turns: &mut Vec<Turn>) {
        turns.clear();
        if self.is_over() {
            return;
        }
        turns.push(Turn::Pass);
        let player = self.to_move();
        let p = code(player);
        let cells = self.color.len();
        let (color, ever, around) = (&self.color[..], &self.ever[..cells], &self.around[..cells]);
        let stride = self.stride;
        for y in 0..self.height {
            let row = (y + 1) * stride + 1;
            for x in 0..self.width {
                let q = row + x;
                if cell!(color[q]) != EMPTY {
                    continue;
                }
                // What `judge` settles first, read here without its call:
                // an empty neighbour and a point never `p`'s is a legal move.
                let open = around_count(cell!(around[q]), EMPTY) != 0;
                if (open && cell!(ever[q]) & p == 0) || self.judge(q, player).is_ok() {
                    turns.push(Turn::Move(Point::new(x, y)));
                }
            }
        }
    }
}

/// Planted bug `SingleStoneSuicideAllowed`: whether the move is the suicide
/// of a single stone (which "changes nothing").
fn planted_no_op_suicide(a: &Analysis) -> bool {
    a.suicide && a.n_own == 0
}
