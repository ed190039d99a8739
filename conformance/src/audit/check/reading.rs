//! A divergence the driver found between the rules (left) and the engine
//! over GTP (right), read in the auditor's words: its kind, what each side
//! said, and the GTP commands that show it, with the engine's own answer
//! to the last of them asked again on a fresh process.

use super::auditor::{Auditor, Reading, Unplayable};
use crate::audit::scoring::judge_score;
use tromp_taylor_gtp::adapter::{
    ask_after, failure_named, failure_word, play_commands, setup_commands,
};
use tromp_taylor_gtp::client::Failure;
use tromp_taylor_gtp::commands::{point_name, turn_text};
use tromp_taylor_harness::diff::{Difference, Divergence};
use tromp_taylor_harness::engine::{Engine, Unsupported};
use tromp_taylor_harness::finding::Said;
use tromp_taylor_harness::report::Kind;
use tromp_taylor_harness::script::{Action, Record};
use tromp_taylor_harness::vocab::{Player, Point, Setup, Turn, Verdict};

/// The kind of failure an adapter's panic or refusal to start names
/// ([`failure_named`]), if it names one.
fn failure_kind(message: &str) -> Option<Kind> {
    failure_named(message).map(kind_of_word)
}

/// The kind a failure's word (`crash`, `hang`, `garbage`) names.
fn kind_of_word(word: &str) -> Kind {
    match word {
        "crash" => Kind::Crash,
        "hang" => Kind::Hang,
        _ => Kind::Garbage,
    }
}

/// `b` or `w`.
fn color_word(player: Player) -> &'static str {
    match player {
        Player::Black => "b",
        Player::White => "w",
    }
}

/// The vertices of `points`, space-separated.
fn names(points: &[Point]) -> String {
    let names: Vec<String> = points.iter().map(|&p| point_name(p)).collect();
    names.join(" ")
}

/// The points among `turns` (a pass left out).
fn points(turns: &[Turn]) -> Vec<Point> {
    turns
        .iter()
        .filter_map(|t| match t {
            Turn::Move(p) => Some(*p),
            Turn::Pass => None,
        })
        .collect()
}

/// A verdict in the rules' words.
fn verdict_words(verdict: Verdict) -> String {
    match verdict {
        Ok(()) => "legal".to_string(),
        Err(illegal) => format!("illegal: {illegal}"),
    }
}

/// The sort of a legal turn, judged from the board before and after it: a
/// pass, a suicide (it cleared the mover's own stones), a capture, or a
/// What a divergence's words are made of: the line the last question was
/// asked on, the question, and what each side said.
struct Words {
    before: Record,
    question: Option<String>,
    engine_says: String,
    rules_say: String,
}

impl Auditor<'_> {
    /// What the engine does not claim, in GTP's words.
    pub(super) fn gtp_words(&self, why: &Unsupported, setup: Setup) -> String {
        match why {
            Unsupported::Rectangle(_) => {
                "a rectangle: the engine has no rectangular_boardsize".to_string()
            }
            Unsupported::Side(size) => format!(
                "a {size} board: its boardsize accepts sides up to {}",
                self.max_side
            ),
            Unsupported::SetupPositions => {
                "a setup position (AB/AW): GTP has no command that sets one up".to_string()
            }
            Unsupported::FreeHandicap | Unsupported::FixedHandicap => format!(
                "{}: the auditor plays games without a handicap",
                tromp_taylor_records::play::handicap_words(setup.handicap)
            ),
            other => format!(
                "{other}: the engine is held to {} and cannot be told other rules",
                self.gtp.rules
            ),
        }
    }

    /// The rules' engine after the turns of `record` on `setup`.
    fn rules_after(&self, setup: Setup, record: &[(Player, Action)]) -> Box<dyn Engine + Send> {
        let mut rules = self
            .reference
            .start(setup)
            .expect("the rules' engine started this game before");
        for (_, action) in record {
            if let Action::Turn(turn) = action {
                let _ = rules.play(*turn);
            }
        }
        rules
    }

    /// The kind of divergence `divergence` is; `Err` when it is none: a
    /// start the engine refused (a command of the set-up), which is skipped.
    pub fn kind(&self, divergence: &Divergence) -> Result<Kind, Unplayable> {
        Ok(match &divergence.difference {
            Difference::Start { left: Err(why), .. } => {
                return Err(Unplayable(format!(
                    "the rules' engine cannot start it: {why}"
                )))
            }
            Difference::Start {
                right: Err(why), ..
            } => failure_kind(why).ok_or_else(|| Unplayable(why.clone()))?,
            Difference::Outcome { right, .. } => self.score_kind(divergence, *right),
            Difference::Panic { message, .. } => failure_kind(message).unwrap_or(Kind::Garbage),
            // A refusal over GTP gives no reason to tell apart.
            Difference::Verdict {
                left: Err(illegal), ..
            } => Kind::AcceptsIllegal(illegal.code()),
            _ => Kind::of(divergence),
        })
    }

    /// Whether the engine's result `theirs` at the end of `divergence`'s game
    /// is a scoring convention or a final score the rules do not give. The
    /// stones the engine calls dead are asked (on the game replayed) only
    /// where the board is settled and it has `final_status_list`.
    fn score_kind(
        &self,
        divergence: &Divergence,
        theirs: tromp_taylor_harness::vocab::Outcome,
    ) -> Kind {
        let rules = self.rules_after(divergence.setup, &divergence.record);
        let prisoners = [
            rules.prisoners(Player::Black),
            rules.prisoners(Player::White),
        ];
        let ask = |what: &str| -> Result<Option<String>, Failure> {
            let question = [format!("final_status_list {what}")];
            let game = (divergence.setup, &divergence.record);
            let replies = ask_after(self.gtp, &self.caps, game, &question)?;
            Ok(replies.into_iter().next().filter(|r| r.ok).map(|r| r.text))
        };
        let held_to = divergence.setup.rules;
        let has_list = self.caps.final_status_list;
        match judge_score(&rules.grid(), prisoners, held_to, theirs, has_list, ask) {
            Ok(true) => Kind::ScoringConvention,
            Ok(false) => Kind::FinalScore,
            Err(failure) => kind_of_word(failure_word(&failure)),
        }
    }

    /// `divergence` in the auditor's words, with the GTP commands that show
    /// it and the engine's answer to the last, asked again; `Err` when it is
    /// not a divergence ([`Auditor::kind`]).
    pub fn read(&self, divergence: &Divergence) -> Result<Box<Reading>, Unplayable> {
        let kind = self.kind(divergence)?;
        let words = self.words(divergence, &kind);
        let setup = divergence.setup;
        let mut transcript = setup_commands(self.gtp, &self.caps, setup);
        transcript.extend(play_commands(setup, &words.before));
        let mut record = divergence.record.clone();
        if let Difference::LegalSet {
            only_left,
            only_right,
        } = &divergence.difference
        {
            let shown = points(only_right)
                .into_iter()
                .chain(points(only_left))
                .next();
            let player = self.rules_after(setup, &record).to_move();
            record.push((
                player,
                Action::Turn(Turn::Move(shown.unwrap_or(Point::new(0, 0)))),
            ));
        }
        transcript.extend(words.question);
        Ok(Box::new(Reading {
            kind,
            said: Said {
                record,
                engine_says: words.engine_says,
                rules_say: words.rules_say,
                transcript,
            },
        }))
    }

    /// The engine's answer to `question` asked after `before`, on a fresh
    /// process: `= text` or `? text`, none when it cannot be had.
    fn answer(&self, setup: Setup, before: &Record, question: &str) -> Option<String> {
        let replies = ask_after(
            self.gtp,
            &self.caps,
            (setup, before),
            &[question.to_string()],
        );
        let reply = replies.ok()?.into_iter().next()?;
        let mark = if reply.ok { '=' } else { '?' };
        Some(format!("{mark} {}", reply.text).trim_end().to_string())
    }

    /// What each side said in `divergence`, of kind `kind`.
    fn words(&self, divergence: &Divergence, kind: &Kind) -> Words {
        let setup = divergence.setup;
        let record = &divergence.record;
        let before_last = record.split_last().map_or(Vec::new(), |(_, b)| b.to_vec());
        let rules_now = || self.rules_after(setup, record);
        match &divergence.difference {
            Difference::Verdict { turn, left, .. } => {
                let player = record.last().map_or(Player::Black, |(p, _)| *p);
                let question = format!("play {} {}", color_word(player), turn_text(*turn));
                let answer = self.answer(setup, &before_last, &question);
                let did = if left.is_ok() {
                    "refused it"
                } else {
                    "accepted it"
                };
                Words {
                    engine_says: answer.map_or(did.to_string(), |a| format!("{did} (`{a}`)")),
                    rules_say: verdict_words(*left),
                    question: Some(question),
                    before: before_last,
                }
            }
            Difference::Check { turn, left, .. } => {
                let player = record.last().map_or(Player::Black, |(p, _)| *p);
                let question = format!("is_legal {} {}", color_word(player), turn_text(*turn));
                let then = if left.is_ok() { "accepted" } else { "refused" };
                Words {
                    engine_says: format!(
                        "{question} answers {}; `play` then {then} the move, as the rules do",
                        u8::from(left.is_err())
                    ),
                    rules_say: verdict_words(*left),
                    question: Some(question),
                    before: before_last,
                }
            }
            Difference::LegalSet {
                only_left,
                only_right,
            } => {
                let rules = rules_now();
                let question = format!("all_legal {}", color_word(rules.to_move()));
                let (extra, missing) = (points(only_right), points(only_left));
                let (engine_says, rules_say) = match extra.first() {
                    Some(&p) => (
                        format!("`{question}` lists {} as legal", names(&extra)),
                        format!(
                            "{} {}",
                            point_name(p),
                            verdict_words(rules.check(Turn::Move(p)))
                        ),
                    ),
                    None => (
                        format!("`{question}` omits {}", names(&missing)),
                        format!("{} legal", names(&missing)),
                    ),
                };
                Words {
                    before: record.clone(),
                    question: Some(question),
                    engine_says,
                    rules_say,
                }
            }
            _ => self.position_words(divergence, kind),
        }
    }

    /// What each side said of the position or the end in `divergence`, or of
    /// a failure to answer.
    fn position_words(&self, divergence: &Divergence, kind: &Kind) -> Words {
        let setup = divergence.setup;
        let record = divergence.record.clone();
        let (question, engine_says, rules_say) = match &divergence.difference {
            Difference::Grid => {
                let differ = match (&divergence.left_grid, &divergence.right_grid) {
                    (Some(ours), Some(theirs)) => names(&theirs.differing_points(ours)),
                    _ => String::new(),
                };
                let question = if self.caps.list_stones {
                    "list_stones b"
                } else {
                    "showboard"
                };
                (
                    Some(question.to_string()),
                    format!("a board that differs at {differ}"),
                    "the board below".to_string(),
                )
            }
            Difference::Prisoners {
                player,
                left,
                right,
            } => {
                let question = format!("captures {}", color_word(*player));
                let says = format!("`{question}` answers {right}");
                (
                    Some(question),
                    says,
                    format!("{player} holds {left} prisoners"),
                )
            }
            Difference::Outcome { left, right } => {
                let rules = self.rules_after(setup, &record);
                let answer = self.answer(setup, &record, "final_score");
                let komi = tromp_taylor_harness::names::komi_text(setup.rules.komi_half_points);
                (
                    Some("final_score".to_string()),
                    format!(
                        "final_score answers `{}`",
                        answer.unwrap_or_else(|| format!("= {right}"))
                    ),
                    format!(
                        "{left} (Black {}, White {}, komi {komi})",
                        rules.score(Player::Black),
                        rules.score(Player::White),
                    ),
                )
            }
            Difference::Panic { message, .. }
            | Difference::Start {
                right: Err(message),
                ..
            } if kind.is_failure() => {
                let says = message
                    .split_once(": ")
                    .map_or(message.as_str(), |(_, m)| m);
                (None, says.to_string(), "an answer in GTP".to_string())
            }
            other => (
                None,
                format!("{other:?}"),
                "as the driver's report says".to_string(),
            ),
        };
        Words {
            before: record,
            question,
            engine_says,
            rules_say,
        }
    }
}
