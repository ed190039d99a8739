//! A divergence as a game record: its SGF with every attempt, and the
//! reproducer that any SGF reader replays.

use super::kind;
use super::words::turns_text;
use crate::diff::{Difference, Divergence};
use crate::engine::EngineKind;
use crate::script::{Action, Record};
use crate::vocab::{Handicap, IllegalMove, Position, Setup};

impl Divergence {
    /// The SGF of the game up to and including the step where the engines
    /// part: its setup position (`AB`, `AW`, `PL`) if it has one, and the
    /// line standing (after an undo, without the turns taken back).
    pub fn sgf(&self) -> String {
        crate::sgf::write_record(&self.game_record())
    }

    /// The game record [`Divergence::sgf`] writes: every attempt, those
    /// the rules refuse marked as such.
    pub fn game_record(&self) -> crate::sgf::GameRecord {
        attempts_record(&self.setup, self.position.as_ref(), &self.record)
    }

    /// The game as a reproducer that any SGF reader replays: the turns the
    /// rules take as moves; the attempts they refuse on the way (which
    /// change nothing) named in the root comment, not written as moves; and
    /// the disputed turn, where the engines part on a turn's verdict, as the
    /// last node, marked (`TTV`, [`crate::sgf::DISPUTED`]) so that a reader
    /// that replays (`Game.from_sgf`, `tromp-taylor replay`) stops before
    /// it and shows its verdict.
    pub fn reproducer(&self) -> String {
        let mut game = self.game_record();
        let disputed = matches!(
            self.difference,
            Difference::Verdict { .. } | Difference::Check { .. } | Difference::Agreement { .. }
        );
        let kept = if disputed {
            self.record.len().saturating_sub(1)
        } else {
            self.record.len()
        };
        let (taken, refused) = reproducer_moves(self, kept);
        let mut moves = taken;
        if disputed {
            if let Some((player, action)) = self.record.last() {
                moves.push(crate::sgf::RecordedMove {
                    node: moves.len() + 1,
                    player: *player,
                    action: action.clone(),
                });
                let said = self.describe().replace(":\n  ", ": ").replace("\n  ", "; ");
                game.disputed = Some(format!("{}; {said}", kind::group(self)));
            }
        }
        game.moves = moves;
        game.refused.clear();
        let mut comment = format!("tromp-taylor reproducer: {}", kind::group(self));
        if !refused.is_empty() {
            comment.push_str(&format!(
                "; refused on the way (not written as moves): {}",
                refused.join(", ")
            ));
        }
        game.comment = Some(comment);
        crate::sgf::write_record(&game)
    }
}

/// The game record of `record` played from `setup` (or from `position`):
/// one node per action attempted, the turns the rules refuse marked
/// ([`GameRecord::refused`](crate::sgf::GameRecord::refused)), so that the
/// SGF written holds them as attempts, never as moves, and replays in any
/// reader while reading it with attempts gives the same game back.
pub fn attempts_record(
    setup: &Setup,
    position: Option<&Position>,
    record: &Record,
) -> crate::sgf::GameRecord {
    let mut game = crate::sgf::game_record(setup, record);
    if let Some(position) = position {
        game.handicap = Handicap::None;
        game.setup = Some(position.colors.clone());
        game.to_move = Some(position.to_move);
    }
    let rules = EngineKind::spec();
    let started = match position {
        Some(p) => rules.start_position(setup.size, setup.rules, &p.colors, p.to_move),
        None => rules.start(*setup),
    };
    let Ok(mut rules) = started else {
        return game;
    };
    for (i, (_, action)) in record.iter().enumerate() {
        match action {
            Action::Turn(turn) => {
                if rules.play(*turn).is_err() {
                    game.refused.push(i);
                }
            }
            Action::Agree(points) => {
                let _ = rules.agree(points);
            }
        }
    }
    game
}

/// The first `kept` actions of `divergence`'s record as the rules take them:
/// the moves (a turn the rules refuse that loses the turn under seed 003's
/// option stays, as it changes the game), and the refused attempts named
/// (`step 3: W C1 (occupied)`).
fn reproducer_moves(
    divergence: &Divergence,
    kept: usize,
) -> (Vec<crate::sgf::RecordedMove>, Vec<String>) {
    // The game at its start, on the rules.
    let started = kind::replayed(divergence, divergence.record.len());
    let mut moves = Vec::new();
    let mut refused = Vec::new();
    let Some(mut game) = started else {
        return (moves, refused);
    };
    for (step, (player, action)) in divergence.record[..kept].iter().enumerate() {
        let keep = match action {
            Action::Turn(turn) => match game.play(*turn) {
                Ok(()) => true,
                Err(why)
                    if divergence.setup.rules.illegal_move == IllegalMove::LosesTurn
                        && why.loses_turn() =>
                {
                    true
                }
                Err(why) => {
                    refused.push(format!(
                        "step {}: {player} {} ({})",
                        step + 1,
                        turns_text(&[*turn]),
                        why.code()
                    ));
                    false
                }
            },
            Action::Agree(points) => game.agree(points).is_ok(),
        };
        if keep {
            moves.push(crate::sgf::RecordedMove {
                node: moves.len() + 1,
                player: *player,
                action: action.clone(),
            });
        }
    }
    (moves, refused)
}
