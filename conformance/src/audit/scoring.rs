//! Telling a scoring convention from a rules bug: when an engine's final
//! score differs from rule 9's count, is it because the engine judged dead
//! stones or territory (as GNU Go and Pachi do), or because it counts
//! wrongly where nothing is left to judge?

use tromp_taylor_harness::vocab::{Grid, Outcome, Point, Rules, Scoring};
use tromp_taylor_records::score::score_position;

/// Whether every empty point of `grid` reaches exactly one color (rule 9
/// gives every point to a player), so that no judgment is left to an
/// engine: no empty region is shared, and the board is not empty.
pub fn is_settled(grid: &Grid, rules: Rules) -> bool {
    let area = Rules {
        scoring: Scoring::Area,
        ..rules
    };
    score_position(grid.size, area, &grid.colors, [0, 0], &[])
        .is_ok_and(|r| r.black + r.white == grid.size.points())
}

/// What an engine says of the stones' status at the end, where it has
/// `final_status_list`: the stones it calls dead, and those it calls alive.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Statuses {
    /// `final_status_list dead`.
    pub dead: Option<Vec<Point>>,
    /// `final_status_list alive`.
    pub alive: Option<Vec<Point>>,
}

/// Whether the engine's result `theirs` differs from the rules' count only
/// by the engine's own judgment: the board is not settled ([`is_settled`]);
/// or emptying the stones the engine calls dead (as comment 8's agreement
/// does, each a prisoner of its owner's opponent) gives exactly its result;
/// or, calling none dead, it does not call every stone alive either (it
/// judges some in seki, or unsettled), where rule 9 counts every stone.
pub fn is_convention(
    grid: &Grid,
    prisoners: [usize; 2],
    rules: Rules,
    theirs: Outcome,
    statuses: &Statuses,
) -> bool {
    if !is_settled(grid, rules) {
        return true;
    }
    match statuses.dead.as_deref() {
        Some(dead) if !dead.is_empty() => {
            score_position(grid.size, rules, &grid.colors, prisoners, dead)
                .is_ok_and(|r| r.result == theirs.to_string())
        }
        _ => statuses.alive.as_ref().is_some_and(|alive| {
            let stones = grid
                .colors
                .iter()
                .filter(|c| **c != tromp_taylor_harness::vocab::Color::Empty)
                .count();
            alive.len() < stones
        }),
    }
}

/// Whether the engine's result `theirs` at the end of a game on `grid` is a
/// scoring convention ([`is_convention`]), asking the engine for its
/// statuses with `ask("dead")` and `ask("alive")` (each the answer to
/// `final_status_list WHAT`, `None` when refused) only where they can
/// decide it: the board is settled and the engine has the command. The one
/// procedure of the auditor and of `vectors run`.
pub fn judge_score<E>(
    grid: &Grid,
    prisoners: [usize; 2],
    rules: Rules,
    theirs: Outcome,
    has_status_list: bool,
    mut ask: impl FnMut(&str) -> Result<Option<String>, E>,
) -> Result<bool, E> {
    let mut statuses = Statuses::default();
    if has_status_list && is_settled(grid, rules) {
        let dead = ask("dead")?;
        let alive = ask("alive")?;
        statuses = read_statuses(dead.as_deref(), alive.as_deref(), grid);
    }
    Ok(is_convention(grid, prisoners, rules, theirs, &statuses))
}

/// The statuses an engine gives, read from its answers to
/// `final_status_list dead` and `final_status_list alive` (`None` for an
/// answer that is refused or not a list of vertices).
pub fn read_statuses(dead: Option<&str>, alive: Option<&str>, grid: &Grid) -> Statuses {
    let read = |text: Option<&str>| {
        text.and_then(|text| {
            text.split_whitespace()
                .map(|word| tromp_taylor_gtp::adapter::answers::read_vertex(word, grid.size))
                .collect::<Option<Vec<Point>>>()
        })
    };
    Statuses {
        dead: read(dead),
        alive: read(alive),
    }
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

    fn tt(grid: &Grid, theirs: &str, statuses: &Statuses) -> bool {
        is_convention(grid, [0, 0], Rules::TROMP_TAYLOR, outcome(theirs), statuses)
    }

    #[test]
    fn a_shared_region_is_left_to_judgment() {
        // The empty points reach both colors: rule 9 gives them to nobody,
        // an engine's territory estimate to somebody.
        let open = grid(&["X....", ".....", "....O"]);
        assert!(!is_settled(&open, Rules::TROMP_TAYLOR));
        assert!(tt(&open, "B+9", &Statuses::default()));
    }

    #[test]
    fn a_settled_board_must_be_counted_as_rule_9_counts_it() {
        // Black owns the left, White the right: B 6, W 6 with no komi.
        let settled = grid(&[".XO.", ".XO.", ".XO."]);
        assert!(is_settled(&settled, Rules::TROMP_TAYLOR));
        assert!(!tt(&settled, "B+2", &Statuses::default()));
        // Every stone called alive, none dead: the count is rule 9's alone.
        let all_alive = Statuses {
            dead: Some(vec![]),
            alive: Some(
                (0..3)
                    .flat_map(|y| [Point::new(1, y), Point::new(2, y)])
                    .collect(),
            ),
        };
        assert!(!tt(&settled, "B+2", &all_alive));
        // A stone neither alive nor dead (seki, by the engine's judgment).
        let judged = Statuses {
            dead: Some(vec![]),
            alive: Some(vec![Point::new(1, 0)]),
        };
        assert!(tt(&settled, "0", &judged));
    }

    #[test]
    fn dead_stones_that_explain_the_score_are_a_convention() {
        // A white stone inside Black's area: rule 9 counts it (B 8, W 1 on
        // 3x3). The engine calls it dead and scores B+9: emptying it gives
        // exactly that.
        let board = grid(&[".X.", "XOX", ".X."]);
        assert!(is_settled(&board, Rules::TROMP_TAYLOR));
        let dead = Statuses {
            dead: Some(vec![Point::new(1, 1)]),
            alive: None,
        };
        assert!(tt(&board, "B+9", &dead));
        // The same dead stone does not explain another result.
        assert!(!tt(&board, "B+5", &dead));
    }
}
