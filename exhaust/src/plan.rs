//! The units of an exhaustive run, numbered in a fixed order so that a
//! stopped run resumes from the first unit it did not finish: for positions,
//! a board and a range of coloring codes (every rules set each); for games,
//! a board, a start and one rules set.

use super::enumerate::colorings;
use tromp_taylor_harness::vocab::{Handicap, Rules, Setup, Size};

/// Colorings per unit of the positions part: 3^7, so a 3x3 board is 9
/// units (one per core and more), a 4x4 board 19,683.
pub const CODES_PER_TASK: u64 = 2_187;

/// Which part of the proof to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// Every legal position, either player to move, every turn.
    Positions,
    /// Every game to a depth (or whole) from each start.
    Games,
}

/// One unit of work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Task {
    /// The legal colorings of `size` whose codes are in `codes`, with either
    /// player to move, under each of the run's rules.
    Positions {
        /// The board.
        size: Size,
        /// The codes (see [`super::enumerate`]).
        codes: std::ops::Range<u64>,
    },
    /// Every game from `setup`.
    Games {
        /// The board, rules and start.
        setup: Setup,
    },
}

/// The starts of the games part on `size`: the empty board, and a free
/// handicap of 2 on boards of 9 points or more. (No fixed handicap fits a
/// board of at most 16 points: it needs both sides at least 7.)
pub fn starts(size: Size) -> Vec<Handicap> {
    let mut starts = vec![Handicap::None];
    if size.points() >= 9 {
        starts.push(Handicap::Free(2));
    }
    starts
}

/// Every unit of `part` on `sizes` under `rules`, in order.
pub fn tasks(part: Part, sizes: &[Size], rules: &[Rules]) -> Vec<Task> {
    let mut tasks = Vec::new();
    for &size in sizes {
        match part {
            Part::Positions => {
                let all = colorings(size);
                let mut lo = 0;
                while lo < all {
                    let hi = (lo + CODES_PER_TASK).min(all);
                    tasks.push(Task::Positions {
                        size,
                        codes: lo..hi,
                    });
                    lo = hi;
                }
            }
            Part::Games => {
                for handicap in starts(size) {
                    for &rules in rules {
                        let setup = Setup {
                            size,
                            rules,
                            handicap,
                        };
                        tasks.push(Task::Games { setup });
                    }
                }
            }
        }
    }
    tasks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_codes_of_a_board_are_split_without_gap_or_overlap() {
        let size = Size::new(4, 3).unwrap();
        let tasks = tasks(Part::Positions, &[size], &[Rules::TROMP_TAYLOR]);
        let mut next = 0;
        for task in &tasks {
            let Task::Positions { codes, .. } = task else {
                panic!("a positions task")
            };
            assert_eq!(codes.start, next);
            next = codes.end;
        }
        assert_eq!(next, 3u64.pow(12));
        assert_eq!(tasks.len() as u64, 3u64.pow(12).div_ceil(CODES_PER_TASK));
    }

    #[test]
    fn games_have_a_free_handicap_start_from_nine_points() {
        let small = Size::new(2, 4).unwrap();
        let nine = Size::new(3, 3).unwrap();
        let rules = [Rules::TROMP_TAYLOR, Rules::default()];
        assert_eq!(tasks(Part::Games, &[small], &rules).len(), 2);
        assert_eq!(tasks(Part::Games, &[nine], &rules).len(), 4);
    }
}
