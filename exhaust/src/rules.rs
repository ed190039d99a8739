//! The rules sets an exhaustive run compares the engines under, by default.

use tromp_taylor_harness::vocab::{IllegalMove, Rules, Scoring, Suicide, Superko};

/// Every superko option, in the order runs walk them.
pub const SUPERKOS: [Superko; 3] = [Superko::Positional, Superko::Situational, Superko::SimpleKo];

/// Area or territory scoring with komi 0 or 7.5 (in half points): the
/// options that change only the numbers of a position, never a verdict.
const NUMBERS: [(Scoring, i32); 4] = [
    (Scoring::Area, 0),
    (Scoring::Territory, 15),
    (Scoring::Area, 15),
    (Scoring::Territory, 0),
];

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
        for (c, (suicide, illegal_move)) in [
            (Suicide::Allowed, IllegalMove::Refused),
            (Suicide::Allowed, IllegalMove::LosesTurn),
            (Suicide::Forbidden, IllegalMove::Refused),
            (Suicide::Forbidden, IllegalMove::LosesTurn),
        ]
        .into_iter()
        .enumerate()
        {
            let (scoring, komi_half_points) = NUMBERS[(s + c) % 4];
            all.push(Rules {
                superko,
                suicide,
                illegal_move,
                scoring,
                komi_half_points,
                ..Rules::TROMP_TAYLOR
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
            NUMBERS.map(|(scoring, komi_half_points)| Rules {
                scoring,
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
            [Suicide::Allowed, Suicide::Forbidden].map(|suicide| Rules {
                superko,
                suicide,
                ..Rules::TROMP_TAYLOR
            })
        })
        .collect()
}
