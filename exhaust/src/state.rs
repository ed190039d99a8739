//! The state of a game as the walk of every game keys it, and two ways to
//! make fewer of them without losing any: the board's symmetries applied to
//! the whole state (one state of each orbit walked), and, under superko on
//! the smallest boards, the colorings seen cut down to those the game can
//! still reach (the *open* set, as `count games` keys its states).
//!
//! A state is what the rules make the future of a game depend on: the
//! coloring, the player to move, the passes, how many turns of a free
//! handicap are taken, and the colorings seen (superko: every one, with the
//! player to move for situational superko; simple ko: the one before the
//! last turn). Two states with the same key have the same future under the
//! rules; the walk trusts both engines to answer them alike.
//!
//! - **Symmetry**: a flip or turn of the board maps a game to a game, turn
//!   by turn, so a state and its images have the same future, flipped. The
//!   key is the least image of the whole state (coloring, colorings seen,
//!   player, passes), so a state is skipped only when an image of it was
//!   walked, as deep or deeper. This trusts both engines to answer a flipped
//!   or turned game as they answer the game, as `positions --symmetry` does.
//! - **Open set**: under superko a move is refused for reaching a coloring
//!   seen (a situation seen, under situational superko), and a pass never
//!   is. From the coloring now, only the colorings reachable by moves to
//!   colorings not yet seen and by passes can ever be tried, so the seen
//!   colorings outside that reach forbid nothing that could be asked, and
//!   the key keeps the unseen ones within reach instead of the seen ones.
//!   (Under situational superko a pass reaches the same coloring with the
//!   other player to move, which may have been seen: the reach goes on
//!   through it.) This trusts both engines to answer alike two games that
//!   differ only in colorings seen that neither can reach again.

use super::enumerate::{after_move, colorings, decode, encode, is_legal};
use super::symmetry::{apply, symmetries, Symmetry};
use tromp_taylor_harness::vocab::{Color, Handicap, Player, Setup, Superko};

/// A state's key where the colorings seen are kept whole (or, for simple
/// ko, the one before the last turn): see the module's documentation.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FullKey {
    coloring: u64,
    to_move: Player,
    passes: usize,
    opening: usize,
    seen: Vec<u64>,
}

/// A state's key in the open-set form, packed in 128 bits: the open set's
/// members as bits 0 to 113, the member now (its number) from bit 114, the
/// player to move at bit 121 and the passes from bit 122.
pub type OpenKey = u128;

/// A state's key, in whichever form the walk keys states.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum StateKey {
    /// The colorings seen kept whole.
    Full(FullKey),
    /// The open set.
    Open(OpenKey),
}

/// Where a game stands, as the walker knows it: the colorings along the
/// line walked (the start first) with the player to move after each, the
/// passes, and the turns taken.
pub struct Line<'a> {
    /// The coloring codes and players to move, the start first.
    pub history: &'a [(u64, Player)],
    /// Consecutive passes now.
    pub passes: usize,
    /// Turns taken from the start.
    pub turns: usize,
}

/// How the walk keys states on one setup: the symmetries it folds by (the
/// identity alone when it does not), and the open-set table when it keys
/// states by their open set.
pub struct Keying {
    setup: Setup,
    /// The symmetries folded by, the identity first.
    group: Vec<Symmetry>,
    open: Option<OpenTable>,
}

/// The most members the open-set key holds (114 bits).
pub const MAX_OPEN_MEMBERS: usize = 114;

/// The legal colorings (or situations) of a tiny board numbered as
/// members, the members one turn leads to, and each symmetry's image of
/// each member.
struct OpenTable {
    situational: bool,
    /// The member number of each coloring code (`u8::MAX`: not legal).
    number: Vec<u8>,
    /// The members one move of either color leads to from each member, as
    /// bits: a superset of the legal moves, which keeps the key sound
    /// (every member the game can reach is in the open set it keeps).
    moves: Vec<u128>,
    /// The member a pass leads to from each member (itself under
    /// positional superko, the other player's under situational).
    pass: Vec<u8>,
    /// `image[g][m]`: the member symmetry `g` maps member `m` to.
    image: Vec<Vec<u8>>,
}

impl Keying {
    /// The keying of `setup`'s states: folded by the board's symmetries
    /// with `symmetry`, and by the open set with `open` where the rules are
    /// superko, the start has no handicap and the members fit
    /// [`MAX_OPEN_MEMBERS`] (elsewhere the colorings seen are kept whole).
    pub fn new(setup: Setup, symmetry: bool, open: bool) -> Keying {
        let group = match symmetry {
            true => symmetries(setup.size),
            false => symmetries(setup.size).into_iter().take(1).collect(),
        };
        let open = (open && Keying::open_fits(setup))
            .then(|| OpenTable::new(setup, &group))
            .flatten();
        Keying { setup, group, open }
    }

    /// Whether the open-set key can key `setup`'s states: superko, no
    /// handicap, and a board of at most 6 points (its members are counted
    /// when the table is made).
    fn open_fits(setup: Setup) -> bool {
        setup.rules.superko != Superko::SimpleKo
            && setup.handicap == Handicap::None
            && setup.size.points() <= 6
    }

    /// Whether states are keyed by their open set.
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// The symmetries folded by (1 when none).
    pub fn symmetries(&self) -> usize {
        self.group.len()
    }

    /// The key of the state `line` stands at.
    pub fn key(&self, line: &Line<'_>) -> StateKey {
        match &self.open {
            // A coloring that is not legal (an engine in error) is keyed
            // with the colorings seen whole.
            Some(table) => match table.key(line) {
                Some(key) => StateKey::Open(key),
                None => StateKey::Full(self.full_key(line)),
            },
            None => StateKey::Full(self.full_key(line)),
        }
    }

    /// The least image of the state with its colorings seen kept whole.
    fn full_key(&self, line: &Line<'_>) -> FullKey {
        let &(coloring, to_move) = line.history.last().expect("the start is in the history");
        let superko = self.setup.rules.superko;
        let seen: Vec<(u64, Player)> = match superko {
            Superko::Positional | Superko::Situational => line.history.to_vec(),
            // The coloring before the last turn (none at the start): simple
            // ko forbids recreating it, and nothing earlier.
            Superko::SimpleKo => line
                .history
                .len()
                .checked_sub(2)
                .map(|i| line.history[i])
                .into_iter()
                .collect(),
        };
        let handicap_turns = match self.setup.handicap {
            Handicap::Free(n) => n,
            _ => 0,
        };
        let size = self.setup.size;
        let image = |g: &Symmetry, code: u64| encode(&apply(g, &decode(size, code)));
        self.group
            .iter()
            .map(|g| {
                let mut seen: Vec<u64> = seen
                    .iter()
                    .map(|&(c, p)| match superko {
                        Superko::Situational => image(g, c) * 2 + u64::from(p == Player::White),
                        _ => image(g, c),
                    })
                    .collect();
                if superko != Superko::SimpleKo {
                    seen.sort_unstable();
                    seen.dedup();
                }
                FullKey {
                    coloring: image(g, coloring),
                    to_move,
                    passes: line.passes,
                    opening: line.turns.min(handicap_turns),
                    seen,
                }
            })
            .min()
            .expect("the identity is in the group")
    }
}

impl OpenTable {
    /// The table of `setup`'s board under `group`, or none when its members
    /// are more than [`MAX_OPEN_MEMBERS`].
    fn new(setup: Setup, group: &[Symmetry]) -> Option<OpenTable> {
        let size = setup.size;
        let situational = setup.rules.superko == Superko::Situational;
        let per_coloring = if situational { 2 } else { 1 };
        let legal: Vec<u64> = (0..colorings(size))
            .filter(|&code| is_legal(size, &decode(size, code)))
            .collect();
        if legal.len() * per_coloring > MAX_OPEN_MEMBERS {
            return None;
        }
        let mut number = vec![u8::MAX; colorings(size) as usize];
        for (n, &code) in legal.iter().enumerate() {
            number[code as usize] = n as u8;
        }
        let member = |code: u64, white: bool| {
            usize::from(number[code as usize]) * per_coloring + usize::from(white && situational)
        };
        let mut moves = vec![0u128; legal.len() * per_coloring];
        let mut pass = vec![0u8; legal.len() * per_coloring];
        for &code in &legal {
            let colors = decode(size, code);
            for white in [false, true] {
                let from = member(code, white);
                let empty = colors
                    .iter()
                    .enumerate()
                    .filter(|(_, &c)| c == Color::Empty);
                for (point, _) in empty {
                    let stone = if white { Color::White } else { Color::Black };
                    let after = encode(&after_move(size, &colors, point, stone));
                    moves[from] |= 1 << member(after, !white);
                }
                // A pass changes the situation, not the coloring.
                pass[from] = member(code, !white) as u8;
            }
        }
        let image = group
            .iter()
            .map(|g| {
                (0..legal.len() * per_coloring)
                    .map(|m| {
                        let code = encode(&apply(g, &decode(size, legal[m / per_coloring])));
                        member(code, m % per_coloring == 1) as u8
                    })
                    .collect()
            })
            .collect();
        Some(OpenTable {
            situational,
            number,
            moves,
            pass,
            image,
        })
    }

    /// The member of a coloring code with `to_move` to play; none for a
    /// coloring that is not legal (which an engine in error might make).
    fn member(&self, (code, to_move): (u64, Player)) -> Option<usize> {
        let number = *self.number.get(code as usize)?;
        if number == u8::MAX {
            return None;
        }
        let number = usize::from(number);
        Some(match self.situational {
            true => number * 2 + usize::from(to_move == Player::White),
            false => number,
        })
    }

    /// The members reachable from `now` by moves to members not in `seen`
    /// and by passes to any (`now` included).
    fn reach(&self, now: usize, seen: u128) -> u128 {
        let mut reached = 1u128 << now;
        let mut frontier = reached;
        while frontier != 0 {
            let mut next = 0u128;
            let mut bits = frontier;
            while bits != 0 {
                let member = bits.trailing_zeros() as usize;
                next |= self.moves[member] & !seen | 1 << self.pass[member];
                bits &= bits - 1;
            }
            frontier = next & !reached;
            reached |= frontier;
        }
        reached
    }

    /// The least image of the open-set key of the state `line` stands at;
    /// none where a coloring of the line is not legal.
    fn key(&self, line: &Line<'_>) -> Option<OpenKey> {
        let now_state = *line.history.last().expect("the start is in the history");
        let now = self.member(now_state)?;
        let mut seen = 0u128;
        for &state in line.history {
            seen |= 1 << self.member(state)?;
        }
        let open = self.reach(now, seen) & !seen;
        let tail =
            u128::from(now_state.1 == Player::White) << 7 | (line.passes.min(3) as u128) << 8;
        self.image
            .iter()
            .map(|image| {
                let mut mapped = 0u128;
                let mut bits = open;
                while bits != 0 {
                    mapped |= 1 << image[bits.trailing_zeros() as usize];
                    bits &= bits - 1;
                }
                mapped | (u128::from(image[now]) | tail) << MAX_OPEN_MEMBERS
            })
            .min()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tromp_taylor_harness::vocab::{Rules, Size};

    fn setup(superko: Superko) -> Setup {
        Setup {
            size: Size::new(2, 2).unwrap(),
            rules: Rules {
                superko,
                ..Rules::TROMP_TAYLOR
            },
            handicap: Handicap::None,
        }
    }

    #[test]
    fn a_coloring_that_is_not_legal_is_keyed_whole_not_refused() {
        let keying = Keying::new(setup(Superko::Situational), true, true);
        assert!(keying.is_open() && keying.symmetries() == 8);
        let all_black = encode(&[Color::Black; 4]);
        let history = [(0, Player::Black), (all_black, Player::White)];
        let line = Line {
            history: &history,
            passes: 0,
            turns: 1,
        };
        assert!(matches!(keying.key(&line), StateKey::Full(_)));
        let legal = [
            (0, Player::Black),
            (
                encode(&[Color::Black, Color::Empty, Color::Empty, Color::Empty]),
                Player::White,
            ),
        ];
        let line = Line {
            history: &legal,
            ..line
        };
        assert!(matches!(keying.key(&line), StateKey::Open(_)));
    }

    #[test]
    fn the_open_set_keys_superko_on_the_smallest_boards_only() {
        assert!(!Keying::new(setup(Superko::SimpleKo), false, true).is_open());
        assert!(Keying::new(setup(Superko::Positional), false, true).is_open());
        let mut wide = setup(Superko::Situational);
        wide.size = Size::new(1, 5).unwrap();
        // 1x5 has 113 legal colorings, 226 situations: more than 114.
        assert!(!Keying::new(wide, false, true).is_open());
        wide.rules.superko = Superko::Positional;
        assert!(Keying::new(wide, false, true).is_open());
    }
}
