//! The auditor's queries after a step: `is_legal` on a raw attempt,
//! `all_legal` before a turn, and the board (`list_stones`, or `showboard`
//! read) and the captures after one, each against the rules.

use super::{color_word, Auditor, Check, Kind};
use crate::audit::answers::{parse_showboard, read_vertex};
use crate::client::Failure;
use crate::commands::{point_name, turn_text};
use tromp_taylor_harness::engine::Engine;
use tromp_taylor_harness::script::{Action, Record};
use tromp_taylor_harness::vocab::{Color, Grid, Player, Point, Turn};

impl Auditor<'_> {
    /// `is_legal` on a raw attempt, against the rules' verdict.
    pub(super) fn check_is_legal(
        &mut self,
        rules: &dyn Engine,
        record: &Record,
        turn: Turn,
    ) -> Check<()> {
        let player = rules.to_move();
        let verdict = rules.check(turn);
        let command = format!("is_legal {} {}", color_word(player), turn_text(turn));
        let reply = self
            .send(command)
            .map_err(|f| self.failure(f, record, Some(rules)))?;
        let says = match (reply.ok, reply.text.trim()) {
            (true, "1") => true,
            (true, "0") | (false, _) => false,
            (true, other) => {
                let failure = Failure::Garbage {
                    command: format!("is_legal {}", turn_text(turn)),
                    text: other.to_string(),
                };
                return Err(self.failure(failure, record, Some(rules)));
            }
        };
        if says == verdict.is_ok() {
            return Ok(());
        }
        let mut shown = record.clone();
        shown.push((player, Action::Turn(turn)));
        let what = match verdict {
            Ok(()) => "legal move".to_string(),
            Err(illegal) => format!("move illegal by {}", illegal.code()),
        };
        Err(self.divergence(
            Kind::IsLegal(what),
            &shown,
            format!(
                "is_legal {} {} answers {}",
                color_word(player),
                turn_text(turn),
                if says { 1 } else { 0 }
            ),
            match verdict {
                Ok(()) => "legal".to_string(),
                Err(illegal) => format!("illegal: {illegal}"),
            },
            Some(rules),
            None,
        ))
    }

    /// The board and the captures after a step.
    pub(super) fn check_position(&mut self, rules: &dyn Engine, record: &Record) -> Check<()> {
        let theirs = if self.caps.list_stones {
            Some(self.listed_board(rules, record)?)
        } else if self.caps.showboard {
            self.shown_board(rules, record)?
        } else {
            None
        };
        if let Some(grid) = theirs {
            if grid != rules.grid() {
                let differ: Vec<String> = grid
                    .differing_points(&rules.grid())
                    .into_iter()
                    .map(point_name)
                    .collect();
                return Err(self.divergence(
                    Kind::Board,
                    record,
                    format!("a board that differs at {}", differ.join(" ")),
                    "the board below".to_string(),
                    Some(rules),
                    Some(grid),
                ));
            }
        }
        if self.caps.captures {
            self.check_captures(rules, record)?;
        }
        Ok(())
    }

    /// The engine's board, as `list_stones` of each color gives it.
    fn listed_board(&mut self, rules: &dyn Engine, record: &Record) -> Check<Grid> {
        let size = rules.grid().size;
        let mut colors = vec![Color::Empty; size.points()];
        for player in [Player::Black, Player::White] {
            let command = format!("list_stones {}", color_word(player));
            let reply = self
                .send(command.clone())
                .map_err(|f| self.failure(f, record, Some(rules)))?;
            for word in reply.text.split_whitespace() {
                match read_vertex(word, size) {
                    Some(p) if reply.ok => {
                        colors[size.index(p).expect("on the board")] = player.color()
                    }
                    _ => {
                        let failure = Failure::Garbage {
                            command,
                            text: reply.text.clone(),
                        };
                        return Err(self.failure(failure, record, Some(rules)));
                    }
                }
            }
        }
        Ok(Grid { size, colors })
    }

    /// The engine's board, as `showboard` draws it; none (and the board
    /// unchecked from here on) when the drawing cannot be read.
    fn shown_board(&mut self, rules: &dyn Engine, record: &Record) -> Check<Option<Grid>> {
        let size = rules.grid().size;
        let reply = self
            .send("showboard".to_string())
            .map_err(|f| self.failure(f, record, Some(rules)))?;
        match parse_showboard(&reply.text, size) {
            Some(grid) => Ok(Some(grid)),
            None => {
                // Some engines draw the board on standard error (Leela
                // Zero): not a rules question, so the board is not
                // checked from here on, and the summary says so.
                let shown = reply.text.lines().take(2).collect::<Vec<_>>().join(" / ");
                self.notes.push(format!(
                    "the board was not checked: the engine has no list_stones and its \
                     showboard answer cannot be read (`= {shown}`)"
                ));
                self.caps.showboard = false;
                Ok(None)
            }
        }
    }

    /// Each player's prisoners, as `captures` gives them.
    fn check_captures(&mut self, rules: &dyn Engine, record: &Record) -> Check<()> {
        for player in [Player::Black, Player::White] {
            let command = format!("captures {}", color_word(player));
            let reply = self
                .send(command.clone())
                .map_err(|f| self.failure(f, record, Some(rules)))?;
            let ours = rules.prisoners(player);
            match reply.text.trim().parse::<usize>() {
                Ok(n) if reply.ok && n == ours => {}
                Ok(n) if reply.ok => {
                    return Err(self.divergence(
                        Kind::Captures,
                        record,
                        format!("`{command}` answers {n}"),
                        format!("{player} holds {ours} prisoners"),
                        Some(rules),
                        None,
                    ));
                }
                _ => {
                    let failure = Failure::Garbage {
                        command,
                        text: reply.text,
                    };
                    return Err(self.failure(failure, record, Some(rules)));
                }
            }
        }
        Ok(())
    }

    pub(super) fn check_all_legal(&mut self, rules: &dyn Engine, record: &Record) -> Check<()> {
        let player = rules.to_move();
        let size = rules.grid().size;
        let command = format!("all_legal {}", color_word(player));
        let reply = self
            .send(command.clone())
            .map_err(|f| self.failure(f, record, Some(rules)))?;
        let mut theirs = Vec::new();
        for word in reply.text.split_whitespace() {
            if word.eq_ignore_ascii_case("pass") {
                continue;
            }
            match read_vertex(word, size) {
                Some(p) if reply.ok => theirs.push(p),
                _ => {
                    let failure = Failure::Garbage {
                        command,
                        text: reply.text.clone(),
                    };
                    return Err(self.failure(failure, record, Some(rules)));
                }
            }
        }
        let ours: Vec<Point> = rules
            .legal_turns()
            .into_iter()
            .filter_map(|t| match t {
                Turn::Move(p) => Some(p),
                Turn::Pass => None,
            })
            .collect();
        let extra: Vec<Point> = theirs
            .iter()
            .filter(|p| !ours.contains(p))
            .copied()
            .collect();
        let missing: Vec<Point> = ours
            .iter()
            .filter(|p| !theirs.contains(p))
            .copied()
            .collect();
        if extra.is_empty() && missing.is_empty() {
            return Ok(());
        }
        let names = |points: &[Point]| {
            points
                .iter()
                .map(|&p| point_name(p))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let (what, says, say) = if let Some(&p) = extra.first() {
            let (why, key) = match rules.check(Turn::Move(p)) {
                Err(illegal) => (illegal.to_string(), illegal.code()),
                Ok(()) => ("legal".to_string(), "legal"),
            };
            (
                format!("lists an illegal move ({key})"),
                format!("`{command}` lists {} as legal", names(&extra)),
                format!("{} illegal: {why}", point_name(p)),
            )
        } else {
            (
                "omits a legal move".to_string(),
                format!("`{command}` omits {}", names(&missing)),
                format!("{} legal", names(&missing)),
            )
        };
        let mut shown = record.clone();
        shown.push((
            player,
            Action::Turn(Turn::Move(
                extra
                    .first()
                    .or(missing.first())
                    .copied()
                    .unwrap_or(Point::new(0, 0)),
            )),
        ));
        Err(self.divergence(Kind::AllLegal(what), &shown, says, say, Some(rules), None))
    }
}
