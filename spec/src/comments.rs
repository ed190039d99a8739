//! The rule options, each a literal transcription of the text that states it:
//! the comments to the ten rules, and the other rule systems in our seeds.
//!
//! Like [`crate::rules`], each item quotes its source. [`crate::Game`] calls
//! these in place of, or beside, the rule they amend.

use crate::error::IllegalTurn;
use crate::options::{Handicap, RulesError};
use crate::rules::{
    clear, empty_points_reaching_only, reaches, Color, Coloring, EarlierColorings, Player, Point,
    Rectangle, Topology, FIRST_PLAYER,
};
use Star::{Far, Middle, Near};

/// **Comment 5.** "For handicap games, the weaker player, taking black, may
/// be given an n stone handicap; these are n consecutive moves played before
/// the first white move."
///
/// Who takes the turn after `turns_taken` turns when Black's first
/// `handicap_moves` turns are consecutive: Black for each of those, then the
/// players alternate from White (rule 5's alternation). With no handicap (or
/// a handicap of one, which is Black's ordinary first move) this is rule 5
/// alone.
pub fn player_to_move(turns_taken: usize, handicap_moves: usize) -> Player {
    let consecutive_black = handicap_moves.max(1);
    if turns_taken < consecutive_black {
        FIRST_PLAYER
    } else if (turns_taken - consecutive_black).is_multiple_of(2) {
        FIRST_PLAYER.opponent()
    } else {
        FIRST_PLAYER
    }
}

/// **Comment 5**, continued: the handicap is "n consecutive moves played
/// before the first white move", and a pass is not a move (rule 6: "A turn
/// is either a pass; or a move"). So a pass by Black during the handicap
/// ends it: the moves before the pass are the handicap, the pass is Black's
/// last consecutive turn, and White takes the next turn.
///
/// How many consecutive turns Black takes first under a free handicap of
/// `n`, when Black passed during it after `passed_after_turns` turns (or
/// never did). The result is what [`player_to_move`] takes.
pub fn consecutive_black_turns(n: usize, passed_after_turns: Option<usize>) -> usize {
    match passed_after_turns {
        Some(turns) if turns < n => turns + 1,
        _ => n,
    }
}

/// **Seed 004, handicap.** "on his first move black places several stones on
/// the board at once in a predetermined arrangement. Play then continues
/// normally with white making the next move. For example, if I were to play
/// one of you on a 9x9 board I would probably have to give you a 4 stone
/// handicap."
///
/// The predetermined arrangement is the one the GTP version 2 specification
/// lays out for its `fixed_handicap` command (section 4.1.1, "Fixed Handicap
/// Placement"): the table [`FIXED_HANDICAP`], on the star lines of
/// [`star_line`]. From 2 to 9 stones; sides of at least 7; 5 to 9 stones
/// need both sides odd and larger than 7 (a 7x7 board takes at most 4).
pub fn fixed_handicap_points(grid: &Rectangle, stones: usize) -> Result<Vec<Point>, RulesError> {
    let refuse = |why| RulesError::BadHandicap {
        handicap: Handicap::Fixed(stones),
        why,
    };
    let (w, h) = (grid.width(), grid.height());
    let Some((_, placement)) = FIXED_HANDICAP.iter().find(|(n, _)| *n == stones) else {
        return Err(refuse("a fixed handicap is from 2 to 9 stones"));
    };
    if w < 7 || h < 7 {
        return Err(refuse("a fixed handicap needs both sides at least 7"));
    }
    let odd = w % 2 == 1 && h % 2 == 1;
    if stones > 4 && (!odd || w.min(h) == 7) {
        return Err(refuse(
            "more than 4 fixed stones need both sides odd and larger than 7",
        ));
    }
    let points = placement
        .iter()
        .map(|&(column, row)| Point::new(column.on(w), row.on(h)))
        .collect();
    Ok(points)
}

/// Where a fixed handicap stone stands along one side of the board: on the
/// star line near the first column or row (`A`, `1`), on the middle line, or
/// on the star line near the last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Star {
    /// The star line nearest column `A` or row `1`: 19x19's D or 4.
    Near,
    /// The middle line: 19x19's K or 10.
    Middle,
    /// The star line nearest the last column or row: 19x19's Q or 16.
    Far,
}

impl Star {
    /// The column (or row) of this line on a side of `side` points.
    pub fn on(self, side: usize) -> usize {
        match self {
            Star::Near => star_line(side),
            Star::Middle => side / 2,
            Star::Far => side - 1 - star_line(side),
        }
    }
}

/// How far the star lines stand from the edge: on the third line (two
/// points in) on a side of 7 to 12 points, on the fourth (three in) from 13.
pub fn star_line(side: usize) -> usize {
    if side >= 13 {
        3
    } else {
        2
    }
}

/// The fixed handicap placements, laid out as GTP's section 4.1.1 lays them
/// out for 19x19 (other sizes put the stones on their own star lines), each
/// stone as (column, row), in placing order:
///
/// | stones | 19x19 |
/// | --- | --- |
/// | 2 | D4 Q16 |
/// | 3 | D4 Q16 D16 |
/// | 4 | D4 Q16 D16 Q4 |
/// | 5 | D4 Q16 D16 Q4 K10 |
/// | 6 | D4 Q16 D16 Q4 D10 Q10 |
/// | 7 | D4 Q16 D16 Q4 D10 Q10 K10 |
/// | 8 | D4 Q16 D16 Q4 D10 Q10 K4 K16 |
/// | 9 | D4 Q16 D16 Q4 D10 Q10 K4 K16 K10 |
#[rustfmt::skip]
pub const FIXED_HANDICAP: [(usize, &[(Star, Star)]); 8] = [
    (2, &[(Near, Near), (Far, Far)]),
    (3, &[(Near, Near), (Far, Far), (Near, Far)]),
    (4, &[(Near, Near), (Far, Far), (Near, Far), (Far, Near)]),
    (5, &[(Near, Near), (Far, Far), (Near, Far), (Far, Near), (Middle, Middle)]),
    (6, &[(Near, Near), (Far, Far), (Near, Far), (Far, Near), (Near, Middle), (Far, Middle)]),
    (7, &[(Near, Near), (Far, Far), (Near, Far), (Far, Near), (Near, Middle), (Far, Middle),
          (Middle, Middle)]),
    (8, &[(Near, Near), (Far, Far), (Near, Far), (Far, Near), (Near, Middle), (Far, Middle),
          (Middle, Near), (Middle, Far)]),
    (9, &[(Near, Near), (Far, Far), (Near, Far), (Far, Near), (Near, Middle), (Far, Middle),
          (Middle, Near), (Middle, Far), (Middle, Middle)]),
];

/// **Comment 6.** "the situational superko (SSK) rule forbids repeating the
/// same grid coloring with the same player to move."
///
/// Returns the first turn after which `coloring` stood with `to_move` to move.
pub fn repeats_earlier_situation(
    earlier: &EarlierColorings,
    coloring: &Coloring,
    to_move: Player,
) -> Option<usize> {
    earlier.first_turn_with(coloring, to_move)
}

/// **Seed 003 (Chinese rules, 1988), chapter 3, section 19.** "If a stone is
/// played on a forbidden point, the move is declared invalid and the player
/// loses his turn." **Section 20.** "In a ko fight, if a player recaptures on
/// the next move, the move is declared invalid and the player loses his
/// turn."
///
/// Whether a refused move is one that these sections declare invalid: a
/// stone played on a forbidden point (section 5's forbidden point is our
/// suicide), or one that makes a position reappear (section 20 is the rules
/// for "Reappearance of the same board position"; its ko recapture is our
/// ko or superko). A move on an occupied point or off the grid, or after the
/// end, is not a stone played: it is refused and nothing is lost.
pub fn loses_turn(illegal: &IllegalTurn) -> bool {
    match illegal {
        IllegalTurn::Suicide(_)
        | IllegalTurn::Ko(_)
        | IllegalTurn::Superko { .. }
        | IllegalTurn::SituationalSuperko { .. } => true,
        IllegalTurn::GameOver | IllegalTurn::OffBoard(_) | IllegalTurn::Occupied(_) => false,
    }
}

/// **Comment 7, the no-suicide variation** (in the source of the rules page):
/// "A move consists of coloring an empty point one's own color, such that it
/// reaches empty after emptying all points of the opponent color that don't
/// reach empty".
///
/// The coloring after the move, or `None` when the point would not reach
/// empty: a suicide, which these rules forbid (seed 003, section 5: "A
/// player cannot play on a forbidden point"). With such moves excluded,
/// clearing one's own color (rule 7's last step) never empties anything, so
/// it is not done.
pub fn play_move_without_suicide(
    grid: &impl Topology,
    coloring: &Coloring,
    p: usize,
    player: Player,
) -> Option<Coloring> {
    let mut colored = coloring.clone();
    colored[p] = player.color();
    let after_emptying_opponent = clear(grid, colored, player.opponent().color());
    reaches(grid, &after_emptying_opponent, p, Color::Empty).then_some(after_emptying_opponent)
}

/// **Seed 004, appendix 1 (ko).** "In a position where one stone has just
/// been captured the player with the turn may not take back to immediately
/// to repeat the same position." (The seed's words, its "to" included.)
///
/// `before_last_turn` is the coloring before the previous turn, `now` the
/// coloring after it, `after_move` the coloring `player` would make, and
/// `last_turn_by` who took the previous turn. "one stone has just been
/// captured": the previous turn was the opponent's, and it emptied exactly
/// one point of `player`'s color (a capture; stones lost to one's own
/// suicide, possible on consecutive handicap moves, are not captured).
/// "take back to immediately to repeat the same position": the move recreates
/// the coloring before that turn.
pub fn retakes_ko(
    before_last_turn: Option<&Coloring>,
    now: &Coloring,
    after_move: &Coloring,
    player: Player,
    last_turn_by: Player,
) -> bool {
    let Some(before) = before_last_turn else {
        return false;
    };
    let own = player.color();
    let just_captured = || {
        (0..now.colors().len())
            .filter(|&p| before[p] == own && now[p] == Color::Empty)
            .count()
    };
    last_turn_by == player.opponent() && after_move == before && just_captured() == 1
}

/// **Comment 8.** "After only 2 consecutive passes, the players may end the
/// game by agreeing on which points to empty."
pub fn may_agree(consecutive_passes: usize) -> bool {
    consecutive_passes >= 2
}

/// **Comment 8**, continued: "After 4 consecutive passes, the game ends as is."
pub fn ends_as_is(consecutive_passes: usize) -> bool {
    consecutive_passes >= 4
}

/// **Comment 8**, the agreement: the coloring with the agreed points emptied.
pub fn empty_agreed_points(coloring: &Coloring, agreed: &[usize]) -> Coloring {
    let mut emptied = coloring.clone();
    for &p in agreed {
        emptied[p] = Color::Empty;
    }
    emptied
}

/// **Comment 9.** "An almost equivalent result is reached by territory
/// scoring where in addition to empty surrounded space we count opponent
/// stones captured instead of own stones not captured."
///
/// "empty surrounded space" is rule 9's "empty points that reach only her
/// color"; `opponent_stones_captured` is the count of her prisoners.
pub fn territory_score(
    grid: &impl Topology,
    coloring: &Coloring,
    player: Player,
    opponent_stones_captured: usize,
) -> usize {
    let empty_surrounded_space = empty_points_reaching_only(grid, coloring, player);
    empty_surrounded_space + opponent_stones_captured
}

/// **Comment 10.** "By prior agreement, for games between equals, a fixed
/// amount can be added to white's final score."
///
/// Both scores in half points, komi added to White's: the input to rule 10.
pub fn scores_with_komi(black: usize, white: usize, komi_half_points: i32) -> (i64, i64) {
    let black = 2 * black as i64;
    let white = 2 * white as i64 + i64::from(komi_half_points);
    (black, white)
}
