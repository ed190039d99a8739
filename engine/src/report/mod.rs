//! How a divergence is shown: the first step where the engines part, what they
//! said, both grids side by side with the differing points marked, and the
//! SGF of the game up to there.

pub mod kind;

use crate::diff::{Difference, Divergence};
use crate::engine::EngineKind;
use crate::safe;
use crate::script::{Action, Record};
use crate::vertex::{column_name, turn_name, vertex_name};
use crate::vocab::{Grid, Handicap, Point, Position, Setup, Turn, Verdict};
pub use kind::{group, Kind};
use std::fmt;

/// `1 turn`, `2 turns`: a count and its noun.
///
/// ```
/// use tromp_taylor_engine::report::plural;
/// assert_eq!(plural(1, "game"), "1 game");
/// assert_eq!(plural(0, "move"), "0 moves");
/// ```
pub fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

fn verdict_text(verdict: &Verdict) -> String {
    match verdict {
        Ok(()) => "legal".to_string(),
        Err(illegal) => format!("illegal: {illegal}"),
    }
}

fn turns_text(turns: &[Turn]) -> String {
    if turns.is_empty() {
        return "nothing".to_string();
    }
    turns
        .iter()
        .map(|t| turn_name(*t))
        .collect::<Vec<_>>()
        .join(" ")
}

fn vertex(p: Point) -> String {
    vertex_name(p)
}

/// Two grids side by side with a third panel marking with `!` the points
/// where they differ.
pub fn side_by_side(left_name: &str, left: &Grid, right_name: &str, right: &Grid) -> String {
    let size = left.size;
    if size != right.size {
        return format!(
            "{left_name}: a {size} grid; {right_name}: a {} grid\n",
            right.size
        );
    }
    let header: String = (0..size.width())
        .map(|x| format!("{:>3}", column_name(x)))
        .collect();
    let panel_width = header.len();
    // A name longer than its panel is cut there, and said whole above.
    let fit = |name: &str| match name.chars().count() > panel_width {
        true => {
            name.chars()
                .take(panel_width.saturating_sub(3))
                .collect::<String>()
                + "..."
        }
        false => name.to_string(),
    };
    let (left_fit, right_fit) = (fit(left_name), fit(right_name));
    let mut text = String::new();
    if left_fit != left_name || right_fit != right_name {
        text.push_str(&format!("    left: {left_name}; right: {right_name}\n"));
    }
    text.push_str(&format!(
        "    {left_fit:<panel_width$}    {right_fit:<panel_width$}    differ\n    {header}    {header}    {header}\n"
    ));
    for y in (0..size.height()).rev() {
        let row = |grid: &Grid| -> String {
            (0..size.width())
                .map(|x| format!("{:>3}", grid.at(Point::new(x, y)).mark()))
                .collect()
        };
        let marks: String = (0..size.width())
            .map(|x| {
                let p = Point::new(x, y);
                format!("{:>3}", if left.at(p) != right.at(p) { '!' } else { '.' })
            })
            .collect();
        text.push_str(&format!(
            "{:>3} {}    {}    {}\n",
            y + 1,
            row(left),
            row(right),
            marks
        ));
    }
    text
}

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

    /// What the engines disagree on, in one paragraph.
    pub fn describe(&self) -> String {
        let (l, r) = (&self.left, &self.right);
        match &self.difference {
            Difference::Start { left, right } => format!(
                "starting the game: {l} says {}, {r} says {}",
                left.as_ref()
                    .map_or_else(|e| safe::line(e), |_| "ok".into()),
                right
                    .as_ref()
                    .map_or_else(|e| safe::line(e), |_| "ok".into())
            ),
            Difference::ToMove { left, right } => {
                format!("whose turn it is: {l} says {left}, {r} says {right}")
            }
            Difference::Over { left, right } => {
                format!("whether the game is over: {l} says {left}, {r} says {right}")
            }
            Difference::Passes { left, right } => {
                format!("the run of passes: {l} says {left}, {r} says {right}")
            }
            Difference::LegalSet {
                only_left,
                only_right,
            } => format!(
                "the legal turns: legal only for {l}: {}; legal only for {r}: {}",
                turns_text(only_left),
                turns_text(only_right)
            ),
            Difference::Verdict { turn, left, right } => format!(
                "the verdict on {}:\n  {l}: {}\n  {r}: {}",
                turns_text(&[*turn]),
                verdict_text(left),
                verdict_text(right)
            ),
            Difference::Check { turn, left, right } => format!(
                "the verdict asked without playing {}:\n  {l}: {}\n  {r}: {}",
                turns_text(&[*turn]),
                verdict_text(left),
                verdict_text(right)
            ),
            Difference::Agreement { left, right } => {
                format!("the agreement: {l} says {left:?}, {r} says {right:?}")
            }
            Difference::Grid => "the grid after the last step".to_string(),
            Difference::Score {
                player,
                left,
                right,
            } => format!("{player}'s score: {l} says {left}, {r} says {right}"),
            Difference::Prisoners {
                player,
                left,
                right,
            } => format!("{player}'s prisoners: {l} says {left}, {r} says {right}"),
            Difference::Outcome { left, right } => {
                format!("the result: {l} says {left}, {r} says {right}")
            }
            Difference::Undo { left, right } => {
                format!("whether there is a turn to undo: {l} says {left}, {r} says {right}")
            }
            Difference::Details { what, left, right } => {
                let (left, right) = (safe::line(left), safe::line(right));
                format!("the {what}: {l} says {left}, {r} says {right}")
            }
            Difference::Panic { engine, message } => {
                let message = safe::line(message);
                format!("whether to answer at all: {engine} panicked: {message}")
            }
        }
    }
}

impl fmt::Display for Divergence {
    /// The divergence as the driver sees it: which engines part where, the
    /// step, what they disagree on, both grids and the SGF.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let handicap = match self.setup.handicap {
            Handicap::None => String::new(),
            Handicap::Free(n) => format!(", free handicap {n}"),
            Handicap::Fixed(n) => format!(", fixed handicap {n}"),
        };
        let headline = format!(
            "DIVERGENCE: {} and {} part at step {} of a {} game under {}{handicap}",
            self.left, self.right, self.steps, self.setup.size, self.setup.rules,
        );
        write!(f, "{}", Report::new(headline, self))
    }
}

/// One divergence written for whoever acts on it, the one form in which
/// `diff`, `check` and `audit` report: a headline, how far it was
/// minimised, the step, what each side said (or what they disagree on),
/// where such a divergence usually comes from, the rules at stake quoted,
/// the grids, what the caller adds (an engine's GTP commands), and the SGF
/// that replays it.
#[derive(Clone, Debug)]
pub struct Report<'a> {
    /// The first line: who, which game, what kind.
    pub headline: String,
    /// The divergence, minimised.
    pub divergence: &'a Divergence,
    /// The steps of the game before it was minimised.
    pub steps_before: usize,
    /// What the second engine and the first said, in the caller's words
    /// (`the engine: ...`, `the rules: ...`); else the driver's words for
    /// what they disagree on.
    pub says: Option<[(String, String); 2]>,
    /// Where such a divergence usually comes from.
    pub hint: Option<String>,
    /// The rules at stake, quoted.
    pub rules: Vec<&'static str>,
    /// Further sections: a heading and its lines.
    pub sections: Vec<(String, Vec<String>)>,
}

impl<'a> Report<'a> {
    /// `divergence` under `headline`, in the driver's words, with nothing added.
    pub fn new(headline: String, divergence: &'a Divergence) -> Report<'a> {
        Report {
            headline,
            steps_before: divergence.steps,
            divergence,
            says: None,
            hint: None,
            rules: Vec::new(),
            sections: Vec::new(),
        }
    }

    /// The step where the engines part, in words.
    fn step(&self) -> Option<String> {
        let m = self.divergence;
        let (player, action) = m.record.last()?;
        Some(match action {
            Action::Turn(Turn::Pass) => format!("{player} passes"),
            Action::Turn(Turn::Move(p)) if m.setup.size.index(*p).is_some() => {
                format!("{player} plays {}", vertex(*p))
            }
            Action::Turn(Turn::Move(p)) => format!("{player} plays off the board at {p:?}"),
            Action::Agree(points) => format!(
                "the players agree to empty {}",
                points
                    .iter()
                    .map(|p| vertex(*p))
                    .collect::<Vec<_>>()
                    .join(",")
            ),
        })
    }

    /// How the game starts and what was undone, where that matters.
    fn write_notes(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.divergence;
        if self.steps_before > m.steps {
            writeln!(
                f,
                "minimised from {} to {}",
                plural(self.steps_before, "step"),
                m.steps
            )?;
        }
        if m.position.is_some() {
            writeln!(
                f,
                "the game starts from a setup position (AB, AW and PL in the SGF)"
            )?;
        }
        if m.undos > 0 {
            writeln!(
                f,
                "{} turns were undone before they parted: the SGF holds the line standing, not the undos; the script's Debug (with its undos) replays it",
                m.undos
            )?;
        }
        if let Difference::LegalSet { .. } = m.difference {
            // The legal sets are compared before the next step.
            let to_move =
                kind::to_move_after(m).map_or(String::new(), |p| format!(", {p} to move"));
            write!(
                f,
                "the legal sets differ before step {}{to_move}",
                m.record.len() + 1
            )?;
            match self.step() {
                Some(step) => writeln!(f, " (after step {}: {step})", m.record.len())?,
                None => writeln!(f, " (at the start)")?,
            }
        } else if let Some(step) = self.step() {
            writeln!(f, "the step: {step} (step {})", m.record.len())?;
        }
        Ok(())
    }

    /// The grids side by side, or the first engine's alone.
    fn write_grids(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.divergence;
        match (&m.left_grid, &m.right_grid) {
            (Some(left), Some(right)) => {
                write!(
                    f,
                    "
{}",
                    side_by_side(&m.left, left, &m.right, right)
                )
            }
            (Some(left), None) => write!(
                f,
                "
the board by {}:
{}",
                m.left,
                crate::vertex::labelled_board(left.size, &left.colors)
            ),
            _ => Ok(()),
        }
    }
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", safe::text(&self.headline))?;
        self.write_notes(f)?;
        match &self.says {
            Some([(right, right_says), (left, left_says)]) => {
                let width = right.len().max(left.len()) + 1;
                let (right_says, left_says) = (safe::text(right_says), safe::text(left_says));
                writeln!(f, "{:<width$} {right_says}", format!("{right}:"))?;
                writeln!(f, "{:<width$} {left_says}", format!("{left}:"))?;
            }
            None => writeln!(f, "they disagree on {}", self.divergence.describe())?,
        }
        if let Some(hint) = &self.hint {
            writeln!(f, "hint: {hint}")?;
        }
        if !self.rules.is_empty() {
            writeln!(f, "\nwhat the rules say (the Tromp-Taylor rules):")?;
            for rule in &self.rules {
                writeln!(f, "  {rule}")?;
            }
        }
        self.write_grids(f)?;
        for (heading, lines) in &self.sections {
            writeln!(f, "\n{heading}:")?;
            for line in lines {
                writeln!(f, "  {}", safe::line(line))?;
            }
        }
        writeln!(
            f,
            "\nSGF reproducer (the disputed turn, if any, is its last node, marked TTV):\n{}",
            self.divergence.reproducer()
        )
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
                Err(why) if divergence.setup.rules.illegal_loses_turn && why.loses_turn() => true,
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
