//! The `score` job: a final position, from a game record or a grid, scored
//! under area (rule 9) or territory (comment 9) scoring, optionally after
//! the players agree on points to empty (comment 8).

use serde::Serialize;
use std::fmt;
use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::sgf::GameRecord;
use tromp_taylor_harness::vocab::{
    Action, Color, Ending, Player, Point, Rules, Scoring, Setup, Size,
};
use tromp_taylor_spec as spec;

/// A scored position.
#[derive(Clone, Debug, Serialize)]
pub struct ScoreReport {
    /// The board after the agreed points are emptied, top row first.
    pub board: Vec<String>,
    /// The compact rule string.
    pub rules: String,
    /// The points emptied by agreement, as vertices.
    pub dead: Vec<String>,
    /// Prisoners held by Black and White (territory scoring counts them).
    pub prisoners: [usize; 2],
    /// Black's score, without komi.
    pub black: usize,
    /// White's score, without komi.
    pub white: usize,
    /// The result with komi.
    pub result: String,
}

/// Scores `colors` on `size` under `rules`, after emptying `dead`; each
/// emptied stone is a prisoner of its owner's opponent (as in comment 8's
/// agreement). `prisoners` are those already held, Black's first.
pub fn score_position(
    size: Size,
    rules: Rules,
    colors: &[Color],
    prisoners: [usize; 2],
    dead: &[Point],
) -> Result<ScoreReport, String> {
    let grid = spec::Rectangle::new(size.width(), size.height()).map_err(|e| e.to_string())?;
    if colors.len() != size.points() {
        return Err(format!("a {size} board has {} points", size.points()));
    }
    let mut coloring = spec::rules::empty_grid(&grid);
    let mut prisoners = prisoners;
    for (i, color) in colors.iter().enumerate() {
        coloring[i] = match color {
            Color::Black => spec::Color::Black,
            Color::White => spec::Color::White,
            Color::Empty => spec::Color::Empty,
        };
    }
    for &p in dead {
        let i = size
            .index(p)
            .ok_or_else(|| format!("the dead point {p:?} is off the {size} board"))?;
        match coloring[i] {
            spec::Color::Black => prisoners[Player::White as usize] += 1,
            spec::Color::White => prisoners[Player::Black as usize] += 1,
            spec::Color::Empty => {}
        }
        coloring[i] = spec::Color::Empty;
    }
    let score = |player: spec::Player, held: usize| {
        if rules.scoring == Scoring::Territory {
            spec::comments::territory_score(&grid, &coloring, player, held)
        } else {
            spec::rules::score(&grid, &coloring, player)
        }
    };
    let black = score(spec::Player::Black, prisoners[0]);
    let white = score(spec::Player::White, prisoners[1]);
    let (b, w) = spec::comments::scores_with_komi(black, white, rules.komi_half_points);
    Ok(ScoreReport {
        board: grid
            .diagram(&coloring)
            .lines()
            .map(str::to_string)
            .collect(),
        rules: rules.to_string(),
        dead: dead
            .iter()
            .map(|&p| tromp_taylor_harness::vertex::vertex_name(p))
            .collect(),
        prisoners,
        black,
        white,
        result: spec::rules::outcome(b, w).to_string(),
    })
}

/// Why `--dead` or a grid cannot be scored as asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScoreCheck {
    /// Dead stones are agreed only under comment 8's ending.
    #[error("--dead: the rules {rules} end the game at two passes, with no agreement on dead stones (comment 8 offers one: give rules ending by agreement, such as --rules {rules}endAGREEMENT)")]
    NoAgreement {
        /// The compact rule string.
        rules: String,
    },
    /// The game has not reached the passes after which players may agree.
    #[error("--dead: the players may agree on dead stones only after two consecutive passes (comment 8); the record ends after {passes}")]
    NotPassed {
        /// The consecutive passes at the record's end.
        passes: usize,
    },
    /// A stone without a liberty: rule 3 would have cleared it.
    #[error("--grid: the {color} stone at {vertex} has no liberty (it reaches no empty point), so no game reaches this coloring: every move clears such strings (rule 3)")]
    NoLiberty {
        /// `Black` or `White`.
        color: String,
        /// The stone.
        vertex: String,
    },
}

/// Refuses `--dead` unless the rules end by agreement (comment 8) and, for
/// a record, the game has reached two consecutive passes.
pub fn check_dead(rules: Rules, passes: Option<usize>) -> Result<(), ScoreCheck> {
    if rules.ending == Ending::TwoPasses {
        return Err(ScoreCheck::NoAgreement {
            rules: rules.to_string(),
        });
    }
    match passes {
        Some(passes) if passes < 2 => Err(ScoreCheck::NotPassed { passes }),
        _ => Ok(()),
    }
}

/// Refuses a coloring with a stone that reaches no empty point: no game
/// reaches it (rule 3 clears such strings after every move).
pub fn check_reachable(size: Size, colors: &[Color]) -> Result<(), ScoreCheck> {
    let Ok(grid) = spec::Rectangle::new(size.width(), size.height()) else {
        return Ok(()); // A `Size` is always a rectangle the rules accept.
    };
    let mut coloring = spec::rules::empty_grid(&grid);
    for (i, color) in colors.iter().enumerate().take(size.points()) {
        coloring[i] = match color {
            Color::Black => spec::Color::Black,
            Color::White => spec::Color::White,
            Color::Empty => spec::Color::Empty,
        };
    }
    for (i, color) in colors.iter().enumerate() {
        if *color != Color::Empty && !spec::rules::reaches(&grid, &coloring, i, spec::Color::Empty)
        {
            let p = size.all_points().find(|&p| size.index(p) == Some(i));
            return Err(ScoreCheck::NoLiberty {
                color: if *color == Color::Black {
                    "Black"
                } else {
                    "White"
                }
                .to_string(),
                vertex: p
                    .map(tromp_taylor_harness::vertex::vertex_name)
                    .unwrap_or_default(),
            });
        }
    }
    Ok(())
}

/// The final position of a game record, replayed by `spec`, with the
/// prisoners taken and the consecutive passes at its end; refused if a move
/// is out of turn or illegal.
pub fn final_position(record: &GameRecord) -> Result<(Vec<Color>, [usize; 2], usize), String> {
    let mut engine = match &record.setup {
        Some(colors) => EngineKind::spec().start_position(
            record.size,
            record.rules,
            colors,
            record.first_player(),
        )?,
        None => EngineKind::spec().start(Setup {
            size: record.size,
            rules: record.rules,
            handicap: record.handicap,
        })?,
    };
    for (i, m) in record.moves.iter().enumerate() {
        // An agreement (comment 8) is nobody's turn.
        if matches!(m.action, Action::Turn(_)) && engine.to_move() != m.player {
            return Err(format!("move {} (node {}) is out of turn", i + 1, m.node));
        }
        match &m.action {
            Action::Turn(turn) => engine
                .play(*turn)
                .map_err(|e| format!("move {} (node {}) is {e}", i + 1, m.node))?,
            Action::Agree(points) => engine
                .agree(points)
                .map_err(|e| format!("move {} (node {}) is refused: {e:?}", i + 1, m.node))?,
        }
    }
    let prisoners = [
        engine.prisoners(Player::Black),
        engine.prisoners(Player::White),
    ];
    Ok((engine.grid().colors, prisoners, engine.consecutive_passes()))
}

impl fmt::Display for ScoreReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in &self.board {
            writeln!(f, "    {row}")?;
        }
        if !self.dead.is_empty() {
            writeln!(f, "agreed dead: {}", self.dead.join(","))?;
        }
        writeln!(f, "rules: {}", self.rules)?;
        writeln!(
            f,
            "prisoners: Black {}, White {}",
            self.prisoners[0], self.prisoners[1]
        )?;
        writeln!(f, "score: Black {}, White {}", self.black, self.white)?;
        write!(f, "result: {}", self.result)
    }
}
