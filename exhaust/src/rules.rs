//! The rules sets an exhaustive run compares the engines under, by default.

use tromp_taylor_harness::vocab::{Rules, Superko};

/// Every superko option, in the order runs walk them.
pub const SUPERKOS: [Superko; 3] = [Superko::Positional, Superko::Situational, Superko::SimpleKo];

/// Area or territory scoring with komi 0 or 7.5 (in half points): the
/// options that change only the numbers of a position, never a verdict.
const NUMBERS: [(bool, i32); 4] = [(false, 0), (true, 15), (false, 15), (true, 0)];

/// The rules each position is checked under by default: every combination
/// of the options that change a verdict at one position — the repetition
/// rule (a lone stone's suicide repeats the position), suicide allowed or
/// forbidden, an illegal move refused or losing the turn — 12 sets, each
/// with one of the four combinations of scoring (area, territory) and komi
/// (0, 7.5), in a Latin square: each repetition rule meets all four, each
/// pair of suicide and illegal-move options three.
pub fn position_rules() -> Vec<Rules> {
    let mut all = Vec::new();
    for (s, superko) in SUPERKOS.into_iter().enumerate() {
        for (c, (suicide_allowed, illegal_loses_turn)) in
            [(true, false), (true, true), (false, false), (false, true)]
                .into_iter()
                .enumerate()
        {
            let (territory_scoring, komi_half_points) = NUMBERS[(s + c) % 4];
            all.push(Rules {
                superko,
                suicide_allowed,
                illegal_loses_turn,
                territory_scoring,
                komi_half_points,
                agreement_ending: false,
            });
        }
    }
    all
}

/// [`position_rules`] with every combination of scoring and komi: 48 sets,
/// four times the work for the same verdicts.
pub fn every_position_rules() -> Vec<Rules> {
    position_rules()
        .into_iter()
        .flat_map(|rules| {
            NUMBERS.map(|(territory_scoring, komi_half_points)| Rules {
                territory_scoring,
                komi_half_points,
                ..rules
            })
        })
        .collect()
}

/// The rules games are walked under by default: each repetition rule with
/// suicide allowed and forbidden (area scoring, komi 0, two passes end the
/// game, an illegal move refused).
pub fn game_rules() -> Vec<Rules> {
    SUPERKOS
        .into_iter()
        .flat_map(|superko| {
            [true, false].map(|suicide_allowed| Rules {
                superko,
                suicide_allowed,
                ..Rules::TROMP_TAYLOR
            })
        })
        .collect()
}
