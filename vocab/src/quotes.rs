//! The rule texts that reports quote: each rule, comment or passage of the
//! other rule texts that decides a kind of difference, word for word from
//! the Tromp-Taylor rules and the seeds beside them (docs/rules.md cites
//! each with its source).

/// Rule 1 and comment 1 of the Tromp-Taylor rules.
pub const RULE_1: &str = "Rule 1: \"Go is played on a 19x19 square grid of points, by two players called Black and White.\" Comment 1: \"By prior agreement a rectangle of different dimensions may be used.\"";
/// Rule 3: reaching, which decides what rule 4 clears.
pub const RULE_3: &str = "Rule 3: \"A point P, not colored C, is said to reach C, if there is a path of (vertically or horizontally) adjacent points of P's color from P to a point of color C.\"";
/// Rule 4.
pub const RULE_4: &str = "Rule 4: \"Clearing a color is the process of emptying all points of that color that don't reach empty.\"";
/// Rule 5.
pub const RULE_5: &str =
    "Rule 5: \"Starting with an empty grid, the players alternate turns, starting with Black.\"";
/// Comment 5.
pub const COMMENT_5: &str = "Comment 5: \"For handicap games, the weaker player, taking black, may be given an n stone handicap; these are n consecutive moves played before the first white move.\"";
/// Rule 6.
pub const RULE_6: &str =
    "Rule 6: \"A turn is either a pass; or a move that doesn't repeat an earlier grid coloring.\"";
/// Comment 6.
pub const COMMENT_6: &str = "Comment 6: \"This is the positional superko (PSK) rule, while the situational superko (SSK) rule forbids repeating the same grid coloring with the same player to move.\"";
/// Seed 004, appendix 1: simple ko.
pub const SIMPLE_KO: &str = "Seed 004, appendix 1: \"In a position where one stone has just been captured the player with the turn may not take back to immediately to repeat the same position.\"";
/// Rule 7.
pub const RULE_7: &str = "Rule 7: \"A move consists of coloring an empty point one's own color; then clearing the opponent color, and then clearing one's own color.\"";
/// Comment 7.
pub const COMMENT_7: &str = "Comment 7: \"For any specific move, at most one of the clearing processes can have effect; the first is called capture, the second suicide. Allowing suicide means that a play on an empty point can be illegal only due to superko.\"";
/// Comment 7': the no-suicide variation, in an HTML comment of the rules page.
pub const NO_SUICIDE: &str = "The no-suicide variation of rule 7: \"A move consists of coloring an empty point one's own color, such that it reaches empty after emptying all points of the opponent color that don't reach empty\"";
/// Rule 8.
pub const RULE_8: &str = "Rule 8: \"The game ends after two consecutive passes.\"";
/// Comment 8: the agreement ending.
pub const COMMENT_8: &str = "Comment 8: \"After only 2 consecutive passes, the players may end the game by agreeing on which points to empty. After 4 consecutive passes, the game ends as is.\"";
/// Rule 9.
pub const RULE_9: &str = "Rule 9: \"A player's score is the number of points of her color, plus the number of empty points that reach only her color.\"";
/// Comment 9.
pub const COMMENT_9: &str = "Comment 9: \"This is called area scoring. An almost equivalent result is reached by territory scoring where in addition to empty surrounded space we count opponent stones captured instead of own stones not captured.\"";
/// Rule 10 and comment 10.
pub const RULE_10: &str = "Rule 10: \"The player with the higher score at the end of the game is the winner. Equal scores result in a tie.\" Comment 10: \"By prior agreement, for games between equals, a fixed amount can be added to white's final score.\"";
