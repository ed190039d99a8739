//! Telling a scoring convention from a rules bug: when an engine's final
//! score differs from rule 9's count, is it because the engine judged dead
//! stones or territory (as GNU Go and Pachi do), or because it counts
//! wrongly where nothing is left to judge?

use tromp_taylor_harness::score::score_position;
use tromp_taylor_harness::vocab::{Grid, Outcome, Point, Rules};

/// Whether every empty point of `grid` reaches exactly one color (rule 9
/// gives every point to a player), so that no judgment is left to an
/// engine: no empty region is shared, and the board is not empty.
pub fn is_settled(grid: &Grid, rules: Rules) -> bool {
    let area = Rules {
        territory_scoring: false,
        ..rules
    };
    score_position(grid.size, area, &grid.colors, [0, 0], &[])
        .is_ok_and(|r| r.black + r.white == grid.size.points())
}

/// Whether the engine's result `theirs` differs from the rules' count only
/// by the engine's own judgment: the board is not settled ([`is_settled`]),
/// or emptying the stones the engine calls `dead` (as comment 8's agreement
/// does, each a prisoner of its owner's opponent) gives exactly its result.
pub fn is_convention(
    grid: &Grid,
    prisoners: [usize; 2],
    rules: Rules,
    theirs: Outcome,
    dead: Option<&[Point]>,
) -> bool {
    if !is_settled(grid, rules) {
        return true;
    }
    let Some(dead) = dead.filter(|d| !d.is_empty()) else {
        return false;
    };
    score_position(grid.size, rules, &grid.colors, prisoners, dead)
        .is_ok_and(|r| r.result == theirs.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: &[&str]) -> Grid {
        Grid::from_rows(&rows.join("/")).unwrap()
    }

    fn outcome(text: &str) -> Outcome {
        text.parse().unwrap()
    }

    #[test]
    fn a_shared_region_is_left_to_judgment() {
        // The empty points reach both colors: rule 9 gives them to nobody,
        // an engine's territory estimate to somebody.
        let open = grid(&["X....", ".....", "....O"]);
        assert!(!is_settled(&open, Rules::TROMP_TAYLOR));
        assert!(is_convention(
            &open,
            [0, 0],
            Rules::TROMP_TAYLOR,
            outcome("B+9"),
            None
        ));
    }

    #[test]
    fn a_settled_board_must_be_counted_as_rule_9_counts_it() {
        // Black owns the left, White the right: B 6, W 6 with no komi.
        let settled = grid(&[".XO.", ".XO.", ".XO."]);
        assert!(is_settled(&settled, Rules::TROMP_TAYLOR));
        assert!(!is_convention(
            &settled,
            [0, 0],
            Rules::TROMP_TAYLOR,
            outcome("B+2"),
            None
        ));
        assert!(!is_convention(
            &settled,
            [0, 0],
            Rules::TROMP_TAYLOR,
            outcome("B+2"),
            Some(&[])
        ));
    }

    #[test]
    fn dead_stones_that_explain_the_score_are_a_convention() {
        // A white stone inside Black's area: rule 9 counts it (B 8, W 1 on
        // 3x3). The engine calls it dead and scores B+9: emptying it gives
        // exactly that.
        let board = grid(&[".X.", "XOX", ".X."]);
        assert!(is_settled(&board, Rules::TROMP_TAYLOR));
        let dead = [Point::new(1, 1)];
        assert!(is_convention(
            &board,
            [0, 0],
            Rules::TROMP_TAYLOR,
            outcome("B+9"),
            Some(&dead)
        ));
        // The same dead stone does not explain another result.
        assert!(!is_convention(
            &board,
            [0, 0],
            Rules::TROMP_TAYLOR,
            outcome("B+5"),
            Some(&dead)
        ));
    }
}
