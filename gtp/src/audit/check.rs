//! One game played on the engine under audit and on the rules side by side,
//! checked after every turn: the verdict on every attempted turn (through
//! `play`, and `is_legal`/`all_legal` where the engine has them), the board
//! (`list_stones`, or `showboard` parsed), the captures, and at the end the
//! score. The first divergence ends the game.

mod queries;

use super::scoring::judge_score;
use crate::capabilities::Capabilities;
use crate::client::{Client, Failure, Reply};
use crate::commands::turn_text;
use std::fmt;
use tromp_taylor_harness::engine::{Engine, EngineKind};
use tromp_taylor_harness::script::{Action, Record, Script, Step};
use tromp_taylor_harness::vocab::{Color, Grid, Handicap, Outcome, Player, Rules, Size, Turn};

/// What kind of divergence: the key the summary groups by.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// The engine accepted a turn the rules forbid, for the reason of this
    /// [`code`](tromp_taylor_harness::vocab::Illegal::code).
    AcceptedIllegal(&'static str),
    /// The engine refused a turn the rules allow, of this sort (suicide,
    /// capture, plain move, pass).
    RefusedLegal(String),
    /// `is_legal` disagrees with the rules on a turn the rules call this
    /// (legal, or the reason it is illegal).
    IsLegal(String),
    /// `all_legal` lists a move the rules forbid, or omits one they allow.
    AllLegal(String),
    /// The board after a turn.
    Board,
    /// The count of captured stones.
    Captures,
    /// The score at the end of the game.
    FinalScore,
    /// The score at the end of the game differs where the engine's own
    /// judgment decides it: stones it calls dead (`final_status_list dead`),
    /// or a board that is not settled (an empty point that reaches both
    /// colors). A scoring convention, not a rule it breaks (counted only
    /// with `--strict-score`).
    ScoringConvention,
    /// The engine died.
    Crash,
    /// The engine did not answer within the timeout.
    Hang,
    /// The engine answered something that is not GTP, or not the answer's form.
    Garbage,
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Kind::AcceptedIllegal(why) => write!(f, "accepts an illegal move ({why})"),
            Kind::RefusedLegal(what) => write!(f, "refuses a legal {what}"),
            Kind::IsLegal(what) => write!(f, "is_legal is wrong on a {what}"),
            Kind::AllLegal(what) => write!(f, "all_legal {what}"),
            Kind::Board => f.write_str("shows a different board after a turn"),
            Kind::Captures => f.write_str("counts captures differently"),
            Kind::FinalScore => f.write_str("gives a different final score"),
            Kind::ScoringConvention => f.write_str(
                "scores by its own judgment of dead stones or territory (a scoring convention)",
            ),
            Kind::Crash => f.write_str("crashes"),
            Kind::Hang => f.write_str("hangs"),
            Kind::Garbage => f.write_str("answers garbage"),
        }
    }
}

/// The first place in a game where the engine parts from the rules.
#[derive(Clone, Debug)]
pub struct Divergence {
    /// What kind.
    pub kind: Kind,
    /// The steps attempted, up to and including the one where it parts (empty
    /// when the game could not even be set up).
    pub record: Record,
    /// What the engine did or said.
    pub engine_says: String,
    /// What the rules say.
    pub rules_say: String,
    /// The board by the rules at that point.
    pub rules_grid: Option<Grid>,
    /// The engine's board, where it was read.
    pub engine_grid: Option<Grid>,
    /// The GTP commands that lead there, with the last answer.
    pub transcript: Vec<String>,
}

/// How a game went when nothing diverged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Played {
    /// Steps attempted.
    pub steps: usize,
    /// Turns taken.
    pub turns: usize,
    /// Whether the game ended (so that the score was compared).
    pub ended: bool,
}

/// Why a game could not be audited at all (not a divergence).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported(pub String);

/// The outcome of auditing one game.
pub enum GameAudit {
    /// No divergence.
    Agrees(Played),
    /// A divergence.
    Diverges(Box<Divergence>),
    /// The engine cannot play this game (a size it refuses).
    Unsupported(Unsupported),
}

fn color_word(p: Player) -> &'static str {
    match p {
        Player::Black => "b",
        Player::White => "w",
    }
}

/// Plays `script` on the engine behind `client` and on `reference` (the
/// rules), comparing after every step; stops at the first divergence.
pub struct Auditor<'a> {
    /// The engine under audit.
    pub client: &'a mut Client,
    /// What it can be asked.
    pub caps: Capabilities,
    /// The rules' engine.
    pub reference: EngineKind,
    /// The GTP command that tells the engine the rules, sent before each game.
    pub set_rules: Option<String>,
    /// What could not be checked, and why (a `showboard` that cannot be read).
    pub notes: Vec<String>,
    transcript: Vec<String>,
}

type Check<T> = Result<T, Box<Divergence>>;

impl<'a> Auditor<'a> {
    /// An auditor for one engine.
    pub fn new(client: &'a mut Client, caps: Capabilities, reference: EngineKind) -> Auditor<'a> {
        Auditor {
            client,
            caps,
            reference,
            set_rules: None,
            notes: Vec::new(),
            transcript: Vec::new(),
        }
    }

    fn send(&mut self, command: String) -> Result<Reply, Failure> {
        let reply = self.client.send(&command);
        if !command.starts_with("known_command") {
            self.transcript.push(command);
        }
        reply
    }

    fn divergence(
        &self,
        kind: Kind,
        record: &Record,
        engine_says: String,
        rules_say: String,
        rules: Option<&dyn Engine>,
        engine_grid: Option<Grid>,
    ) -> Box<Divergence> {
        Box::new(Divergence {
            kind,
            record: record.clone(),
            engine_says,
            rules_say,
            rules_grid: rules.map(|r| r.grid()),
            engine_grid,
            transcript: self.transcript.clone(),
        })
    }

    fn failure(
        &self,
        failure: Failure,
        record: &Record,
        rules: Option<&dyn Engine>,
    ) -> Box<Divergence> {
        let kind = match failure {
            Failure::Crash { .. } => Kind::Crash,
            Failure::Hang { .. } => Kind::Hang,
            Failure::Garbage { .. } => Kind::Garbage,
        };
        let mut says = failure.to_string();
        let tail = self.client.stderr_tail();
        // A crash's message carries the tail already.
        if kind != Kind::Crash && !tail.is_empty() {
            says.push_str("; its standard error ended with: ");
            says.push_str(&tail.join(" / "));
        }
        self.divergence(
            kind,
            record,
            says,
            "an answer in GTP".to_string(),
            rules,
            None,
        )
    }

    /// Audits one game.
    pub fn audit(&mut self, script: &Script) -> GameAudit {
        self.transcript.clear();
        match self.audit_inner(script) {
            Ok(Ok(played)) => GameAudit::Agrees(played),
            Ok(Err(unsupported)) => GameAudit::Unsupported(unsupported),
            Err(divergence) => GameAudit::Diverges(divergence),
        }
    }

    fn audit_inner(&mut self, script: &Script) -> Check<Result<Played, Unsupported>> {
        let setup = script.setup;
        let mut record: Record = Vec::new();
        let mut rules = match self.start_game(script, &record)? {
            Ok(rules) => rules,
            Err(unsupported) => return Ok(Err(unsupported)),
        };
        let mut played = Played::default();
        // is_legal and all_legal are queries: the first divergence there is
        // kept while the game goes on, and reported only if play, the board,
        // the captures and the score all agree.
        let mut soft: Option<Box<Divergence>> = None;
        self.check_position(&*rules, &record)?;
        for step in &script.steps {
            if rules.is_over() {
                break;
            }
            let (turn, raw) = match step {
                Step::Choose(n) => {
                    let legal = rules.legal_turns();
                    if legal.is_empty() {
                        break;
                    }
                    (legal[*n as usize % legal.len()], false)
                }
                Step::Attempt(turn) => (*turn, true),
                // GTP has no agreement on dead stones.
                Step::Agree(_) => continue,
            };
            let taken =
                self.play_turn(&mut *rules, &mut record, (turn, raw, setup.size), &mut soft)?;
            played.steps += 1;
            played.turns += usize::from(taken);
            self.check_position(&*rules, &record)?;
        }
        if rules.is_over() {
            played.ended = true;
            if self.caps.final_score {
                self.check_final_score(&*rules, &record, setup.rules)?;
            }
        }
        match soft {
            Some(divergence) => Err(divergence),
            None => Ok(Ok(played)),
        }
    }

    /// Starts the rules' engine on `script`'s setup and sets the engine up
    /// for it (board size, `clear_board`, komi, the rules); an
    /// [`Unsupported`] when the game cannot be audited or the engine refuses
    /// a command.
    fn start_game(
        &mut self,
        script: &Script,
        record: &Record,
    ) -> Check<Result<Box<dyn Engine + Send>, Unsupported>> {
        let setup = script.setup;
        let size = setup.size;
        // Generated games start on the empty board; a replayed record may
        // not, and the engine is never audited on a start it was not given.
        if script.start.is_some() {
            return Ok(Err(Unsupported(
                "a setup position (AB/AW): GTP has no command that sets one up".to_string(),
            )));
        }
        if setup.handicap != Handicap::None {
            return Ok(Err(Unsupported(format!(
                "{}: the auditor plays games without a handicap",
                tromp_taylor_records::play::handicap_words(setup.handicap)
            ))));
        }
        let Ok(rules) = self.reference.start(setup) else {
            return Ok(Err(Unsupported(format!(
                "the rules' engine cannot start a {} game under {}",
                setup.size, setup.rules
            ))));
        };
        let size_command = if size.width() == size.height() {
            format!("boardsize {}", size.width())
        } else if self.caps.rectangular_boardsize {
            format!("rectangular_boardsize {} {}", size.width(), size.height())
        } else {
            // GTP's `boardsize` takes one number: an engine without
            // `rectangular_boardsize` cannot be asked for this board, and is
            // not blamed for it.
            return Ok(Err(Unsupported(
                "a rectangle: the engine has no rectangular_boardsize".to_string(),
            )));
        };
        let komi = tromp_taylor_harness::names::komi_text(setup.rules.komi_half_points);
        let set_rules = self.set_rules.clone();
        for command in [
            Some(size_command),
            Some("clear_board".to_string()),
            Some(format!("komi {komi}")),
            set_rules,
        ]
        .into_iter()
        .flatten()
        {
            let reply = self
                .send(command.clone())
                .map_err(|f| self.failure(f, record, None))?;
            if !reply.ok {
                return Ok(Err(Unsupported(format!(
                    "`{command}` refused: {}",
                    reply.text
                ))));
            }
        }
        Ok(Ok(rules))
    }

    /// Asks the queries about `turn` (`raw`: an attempt, perhaps illegal or
    /// off the `size` board), then plays it on the engine and on the rules,
    /// adding it to `record`; whether the rules took it. A query's
    /// divergence goes to `soft`.
    fn play_turn(
        &mut self,
        rules: &mut dyn Engine,
        record: &mut Record,
        (turn, raw, size): (Turn, bool, Size),
        soft: &mut Option<Box<Divergence>>,
    ) -> Check<bool> {
        let player = rules.to_move();
        if self.caps.all_legal {
            let checked = self.check_all_legal(rules, record);
            soft_check(checked, soft)?;
        }
        let on_board = match turn {
            Turn::Move(p) => size.index(p).is_some(),
            Turn::Pass => true,
        };
        if self.caps.is_legal && raw && on_board && turn != Turn::Pass {
            let checked = self.check_is_legal(rules, record, turn);
            soft_check(checked, soft)?;
        }
        record.push((player, Action::Turn(turn)));
        let command = format!("play {} {}", color_word(player), turn_text(turn));
        let reply = self
            .send(command)
            .map_err(|f| self.failure(f, record, Some(&*rules)))?;
        let before = rules.grid();
        let verdict = rules.play(turn);
        match (verdict, reply.ok) {
            (Ok(()), true) | (Err(_), false) => {}
            (Err(illegal), true) => {
                return Err(self.divergence(
                    Kind::AcceptedIllegal(illegal.code()),
                    record,
                    format!("accepted it (`= {}`)", reply.text),
                    format!("illegal: {illegal}"),
                    Some(&*rules),
                    None,
                ));
            }
            (Ok(()), false) => {
                let sort = legal_sort(&before, &rules.grid(), player, turn);
                return Err(self.divergence(
                    Kind::RefusedLegal(sort),
                    record,
                    format!("refused it (`? {}`)", reply.text),
                    "legal".to_string(),
                    Some(&*rules),
                    None,
                ));
            }
        }
        // A query that was wrong about this very move: say what `play`
        // did with it, which is what matters more.
        if let Some(query) = soft
            .as_mut()
            .filter(|d| matches!(d.kind, Kind::IsLegal(_)) && d.record.len() == record.len())
        {
            query.engine_says.push_str(if reply.ok {
                "; `play` then accepted the move, as the rules do"
            } else {
                "; `play` then refused the move, as the rules do"
            });
        }
        Ok(verdict.is_ok())
    }

    /// Asks `final_score` of the ended game and holds it to the rules'
    /// outcome under `held_to`.
    fn check_final_score(
        &mut self,
        rules: &dyn Engine,
        record: &Record,
        held_to: Rules,
    ) -> Check<()> {
        let komi = tromp_taylor_harness::names::komi_text(held_to.komi_half_points);
        let reply = self
            .send("final_score".to_string())
            .map_err(|f| self.failure(f, record, Some(rules)))?;
        let outcome = rules.outcome();
        let theirs = reply
            .ok
            .then(|| reply.text.parse::<Outcome>().ok())
            .flatten();
        if theirs != Some(outcome) {
            let kind = match theirs {
                Some(theirs) => self.score_kind(rules, record, theirs, held_to)?,
                None => Kind::FinalScore,
            };
            return Err(self.divergence(
                kind,
                record,
                format!(
                    "final_score answers `{} {}`",
                    if reply.ok { '=' } else { '?' },
                    reply.text
                ),
                format!(
                    "{outcome} (Black {}, White {}, komi {})",
                    rules.score(Player::Black),
                    rules.score(Player::White),
                    komi
                ),
                Some(rules),
                None,
            ));
        }
        Ok(())
    }

    /// What kind of score divergence the engine's `theirs` is: a scoring
    /// convention ([`is_convention`]) or a final score the rules do not give.
    /// The stones the engine calls dead are asked only where the board is
    /// settled and the engine has `final_status_list`.
    fn score_kind(
        &mut self,
        rules: &dyn Engine,
        record: &Record,
        theirs: Outcome,
        held_to: Rules,
    ) -> Check<Kind> {
        let grid = rules.grid();
        let prisoners = [
            rules.prisoners(Player::Black),
            rules.prisoners(Player::White),
        ];
        let has_status_list = self.caps.final_status_list;
        let ask = |what: &str| -> Check<Option<String>> {
            let reply = self
                .send(format!("final_status_list {what}"))
                .map_err(|f| self.failure(f, record, Some(rules)))?;
            Ok(reply.ok.then_some(reply.text))
        };
        let convention = judge_score(&grid, prisoners, held_to, theirs, has_status_list, ask)?;
        Ok(if convention {
            Kind::ScoringConvention
        } else {
            Kind::FinalScore
        })
    }
}

/// Keeps the first divergence of a query (`is_legal`, `all_legal`) in
/// `soft`; a failure to answer stays fatal.
fn soft_check(checked: Check<()>, soft: &mut Option<Box<Divergence>>) -> Check<()> {
    match checked {
        Ok(()) => Ok(()),
        Err(d) if matches!(d.kind, Kind::Crash | Kind::Hang | Kind::Garbage) => Err(d),
        Err(d) => {
            if soft.is_none() {
                *soft = Some(d);
            }
            Ok(())
        }
    }
}

/// The sort of a legal turn, judged from the board before and after it: a
/// pass, a suicide (it cleared the mover's own stones), a capture, or a
/// plain move.
fn legal_sort(before: &Grid, after: &Grid, player: Player, turn: Turn) -> String {
    if turn == Turn::Pass {
        return "pass".to_string();
    }
    let count = |grid: &Grid, color: Color| grid.colors.iter().filter(|&&c| c == color).count();
    let own = player.color();
    let foe = player.opponent().color();
    if count(after, own) <= count(before, own) {
        "suicide".to_string()
    } else if count(after, foe) < count(before, foe) {
        "capture".to_string()
    } else {
        "move".to_string()
    }
}
