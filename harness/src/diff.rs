//! The differential driver: plays one game on two engines, step by step, and
//! finds the first place where they part.
//!
//! Agreement means: the same player to move, run of passes and end of game,
//! the same legal set before every step, the same verdict on every attempted
//! turn or agreement, the same grid after every step, and at the end the same
//! scores, prisoners and result. An engine that panics parts from the other
//! at the step where it panics.

use crate::engine::{Engine, EngineKind};
use crate::script::{Action, Record, Step};
use crate::vocab::{Grid, Outcome, Player, Point, Refusal, Setup, Turn, Verdict};
use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// What two engines agreed on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Agreed {
    /// Steps compared.
    pub steps: usize,
    /// Turns actually taken.
    pub turns: usize,
}

/// What the engines disagree on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Difference {
    /// Whether the game can be started at all.
    Start {
        /// The first engine's answer.
        left: Result<(), String>,
        /// The second engine's answer.
        right: Result<(), String>,
    },
    /// Whose turn it is.
    ToMove {
        /// The first engine's answer.
        left: Player,
        /// The second engine's answer.
        right: Player,
    },
    /// Whether the game is over.
    Over {
        /// The first engine's answer.
        left: bool,
        /// The second engine's answer.
        right: bool,
    },
    /// The run of consecutive passes.
    Passes {
        /// The first engine's answer.
        left: usize,
        /// The second engine's answer.
        right: usize,
    },
    /// The legal turns.
    LegalSet {
        /// Legal for the first engine only.
        only_left: Vec<Turn>,
        /// Legal for the second engine only.
        only_right: Vec<Turn>,
    },
    /// The verdict on the attempted turn.
    Verdict {
        /// The turn.
        turn: Turn,
        /// The first engine's verdict.
        left: Verdict,
        /// The second engine's verdict.
        right: Verdict,
    },
    /// The verdict on the attempted agreement.
    Agreement {
        /// The first engine's verdict.
        left: Result<(), Refusal>,
        /// The second engine's verdict.
        right: Result<(), Refusal>,
    },
    /// The grid after the step.
    Grid,
    /// A player's score.
    Score {
        /// Whose.
        player: Player,
        /// The first engine's answer.
        left: usize,
        /// The second engine's answer.
        right: usize,
    },
    /// A player's prisoners.
    Prisoners {
        /// Whose.
        player: Player,
        /// The first engine's answer.
        left: usize,
        /// The second engine's answer.
        right: usize,
    },
    /// The result.
    Outcome {
        /// The first engine's answer.
        left: Outcome,
        /// The second engine's answer.
        right: Outcome,
    },
    /// An engine panicked instead of answering.
    Panic {
        /// The engine that panicked.
        engine: &'static str,
        /// Its panic message.
        message: String,
    },
}

impl Difference {
    /// The kind of difference, in one word (`legal-set`, `verdict`, ...),
    /// as reports and file names call it.
    ///
    /// ```
    /// use tromp_taylor_harness::diff::Difference;
    /// assert_eq!(Difference::Grid.kind(), "grid");
    /// ```
    pub fn kind(&self) -> &'static str {
        match self {
            Difference::Start { .. } => "start",
            Difference::ToMove { .. } => "to-move",
            Difference::Over { .. } => "over",
            Difference::Passes { .. } => "passes",
            Difference::LegalSet { .. } => "legal-set",
            Difference::Verdict { .. } => "verdict",
            Difference::Agreement { .. } => "agreement",
            Difference::Grid => "grid",
            Difference::Score { .. } => "score",
            Difference::Prisoners { .. } => "prisoners",
            Difference::Outcome { .. } => "outcome",
            Difference::Panic { .. } => "panic",
        }
    }
}

/// The first place where two engines part, with everything needed to see it
/// and to replay it.
#[derive(Clone, Debug)]
pub struct Mismatch {
    /// The first engine's name.
    pub left: &'static str,
    /// The second engine's name.
    pub right: &'static str,
    /// The game's setup.
    pub setup: Setup,
    /// The actions attempted, up to and including the one where they part.
    pub record: Record,
    /// What they disagree on.
    pub difference: Difference,
    /// The first engine's grid at that point.
    pub left_grid: Option<Grid>,
    /// The second engine's grid at that point.
    pub right_grid: Option<Grid>,
}

/// Plays `steps` from `setup` on both engines, comparing after every step.
/// `legal_sets` also compares the full legal set before every step (the
/// thorough check, and the slow part on `spec`). A panic in either engine is
/// caught and reported as [`Difference::Panic`] at the step it happened.
pub fn compare(
    setup: Setup,
    steps: impl IntoIterator<Item = Step>,
    left: EngineKind,
    right: EngineKind,
    legal_sets: bool,
) -> Result<Agreed, Box<Mismatch>> {
    let mut record: Record = Vec::new();
    let asked = Cell::new(left.name);
    let played = catch_unwind(AssertUnwindSafe(|| {
        play_both(setup, steps, left, right, legal_sets, &asked, &mut record)
    }));
    played.unwrap_or_else(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".to_string());
        Err(Box::new(Mismatch {
            left: left.name,
            right: right.name,
            setup,
            record,
            difference: Difference::Panic {
                engine: asked.get(),
                message,
            },
            left_grid: None,
            right_grid: None,
        }))
    })
}

/// An engine that notes, before each answer, whose answer is being asked
/// for: so that a panic is laid at the right door.
struct Watched<'a> {
    engine: Box<dyn Engine + Send>,
    name: &'static str,
    asked: &'a Cell<&'static str>,
}

impl Watched<'_> {
    fn ask(&self) -> &dyn Engine {
        self.asked.set(self.name);
        &*self.engine
    }

    fn ask_mut(&mut self) -> &mut dyn Engine {
        self.asked.set(self.name);
        &mut *self.engine
    }
}

impl Engine for Watched<'_> {
    fn to_move(&self) -> Player {
        self.ask().to_move()
    }
    fn check(&self, turn: Turn) -> Verdict {
        self.ask().check(turn)
    }
    fn play(&mut self, turn: Turn) -> Verdict {
        self.ask_mut().play(turn)
    }
    fn legal_turns(&self) -> Vec<Turn> {
        self.ask().legal_turns()
    }
    fn grid(&self) -> Grid {
        self.ask().grid()
    }
    fn is_over(&self) -> bool {
        self.ask().is_over()
    }
    fn consecutive_passes(&self) -> usize {
        self.ask().consecutive_passes()
    }
    fn score(&self, player: Player) -> usize {
        self.ask().score(player)
    }
    fn prisoners(&self, player: Player) -> usize {
        self.ask().prisoners(player)
    }
    fn outcome(&self) -> Outcome {
        self.ask().outcome()
    }
    fn agree(&mut self, points: &[Point]) -> Result<(), Refusal> {
        self.ask_mut().agree(points)
    }
}

/// [`compare`] without catching panics; `asked` names the engine last asked,
/// `record` holds the actions attempted so far.
fn play_both(
    setup: Setup,
    steps: impl IntoIterator<Item = Step>,
    left: EngineKind,
    right: EngineKind,
    legal_sets: bool,
    asked: &Cell<&'static str>,
    record: &mut Record,
) -> Result<Agreed, Box<Mismatch>> {
    let mismatch = |record: &Record,
                    difference: Difference,
                    a: Option<&dyn Engine>,
                    b: Option<&dyn Engine>| {
        Box::new(Mismatch {
            left: left.name,
            right: right.name,
            setup,
            record: record.clone(),
            difference,
            left_grid: a.map(|e| e.grid()),
            right_grid: b.map(|e| e.grid()),
        })
    };
    asked.set(left.name);
    let a = (left.start)(setup);
    asked.set(right.name);
    let b = (right.start)(setup);
    let (a, b) = match (a, b) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(_), Err(_)) => return Ok(Agreed::default()),
        (a, b) => {
            let difference = Difference::Start {
                left: a.map(|_| ()),
                right: b.map(|_| ()),
            };
            return Err(mismatch(record, difference, None, None));
        }
    };
    let mut a = Watched {
        engine: a,
        name: left.name,
        asked,
    };
    let mut b = Watched {
        engine: b,
        name: right.name,
        asked,
    };
    let mut agreed = Agreed::default();
    if a.grid() != b.grid() {
        return Err(mismatch(record, Difference::Grid, Some(&a), Some(&b)));
    }
    for step in steps {
        if let Some(difference) = state_difference(&a, &b, legal_sets) {
            return Err(mismatch(record, difference, Some(&a), Some(&b)));
        }
        let to_move = a.to_move();
        let action = match step {
            Step::Choose(n) => {
                let legal = a.legal_turns();
                if legal.is_empty() {
                    break;
                }
                Action::Turn(legal[n as usize % legal.len()])
            }
            Step::Attempt(turn) => Action::Turn(turn),
            Step::Agree(points) => Action::Agree(points),
        };
        record.push((to_move, action.clone()));
        agreed.steps += 1;
        match action {
            Action::Turn(turn) => {
                let (va, vb) = (a.play(turn), b.play(turn));
                if va != vb {
                    let difference = Difference::Verdict {
                        turn,
                        left: va,
                        right: vb,
                    };
                    return Err(mismatch(record, difference, Some(&a), Some(&b)));
                }
                agreed.turns += usize::from(va.is_ok());
            }
            Action::Agree(points) => {
                let (va, vb) = (a.agree(&points), b.agree(&points));
                if va != vb {
                    let difference = Difference::Agreement {
                        left: va,
                        right: vb,
                    };
                    return Err(mismatch(record, difference, Some(&a), Some(&b)));
                }
            }
        }
        if a.grid() != b.grid() {
            return Err(mismatch(record, Difference::Grid, Some(&a), Some(&b)));
        }
    }
    let end = state_difference(&a, &b, legal_sets).or_else(|| end_difference(&a, &b));
    match end {
        Some(difference) => Err(mismatch(record, difference, Some(&a), Some(&b))),
        None => Ok(agreed),
    }
}

/// Replays a recorded game (from SGF) on both engines.
pub fn compare_record(
    setup: Setup,
    record: &Record,
    left: EngineKind,
    right: EngineKind,
) -> Result<Agreed, Box<Mismatch>> {
    let steps = record.iter().map(|(_, action)| match action {
        Action::Turn(turn) => Step::Attempt(*turn),
        Action::Agree(points) => Step::Agree(points.clone()),
    });
    compare(setup, steps.collect::<Vec<_>>(), left, right, true)
}

fn state_difference(a: &dyn Engine, b: &dyn Engine, legal_sets: bool) -> Option<Difference> {
    if a.is_over() != b.is_over() {
        return Some(Difference::Over {
            left: a.is_over(),
            right: b.is_over(),
        });
    }
    if a.to_move() != b.to_move() {
        return Some(Difference::ToMove {
            left: a.to_move(),
            right: b.to_move(),
        });
    }
    if a.consecutive_passes() != b.consecutive_passes() {
        return Some(Difference::Passes {
            left: a.consecutive_passes(),
            right: b.consecutive_passes(),
        });
    }
    if legal_sets {
        let (la, lb) = (a.legal_turns(), b.legal_turns());
        if la != lb {
            return Some(Difference::LegalSet {
                only_left: la.iter().filter(|t| !lb.contains(t)).copied().collect(),
                only_right: lb.iter().filter(|t| !la.contains(t)).copied().collect(),
            });
        }
    }
    None
}

fn end_difference(a: &dyn Engine, b: &dyn Engine) -> Option<Difference> {
    for player in [Player::Black, Player::White] {
        if a.prisoners(player) != b.prisoners(player) {
            return Some(Difference::Prisoners {
                player,
                left: a.prisoners(player),
                right: b.prisoners(player),
            });
        }
        if a.score(player) != b.score(player) {
            return Some(Difference::Score {
                player,
                left: a.score(player),
                right: b.score(player),
            });
        }
    }
    (a.outcome() != b.outcome()).then(|| Difference::Outcome {
        left: a.outcome(),
        right: b.outcome(),
    })
}
