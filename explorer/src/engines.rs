//! The two engines side by side: a game in `spec` (which gives every verdict
//! and board shown) and the same game in `fast` (asked too, and compared),
//! with the vocabulary's rules, colors and verdicts converted to each.

use tromp_taylor_fast as fast;
use tromp_taylor_spec as spec;
use tromp_taylor_spec::Topology;
use tromp_taylor_vocab::spec_words::rules_to_spec;
use tromp_taylor_vocab::vocab::{Color, Handicap, Illegal, Player, Rules, Size, Superko};

/// How a game starts: the board, the rules (komi included), the handicap,
/// and a setup position (an SGF's `AB`/`AW`) with the player to move from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The board.
    pub size: Size,
    /// The rules, with komi.
    pub rules: Rules,
    /// Black's handicap.
    pub handicap: Handicap,
    /// A setup position, in point order, and who moves first from it.
    pub position: Option<(Vec<Color>, Player)>,
}

impl Default for Setup {
    /// An empty 9x9 board under the ten rules.
    fn default() -> Setup {
        Setup {
            size: Size::new(9, 9).expect("9x9 is a board"),
            rules: Rules::TROMP_TAYLOR,
            handicap: Handicap::None,
            position: None,
        }
    }
}

/// The handicap as a link writes it: `none`, `free-N`, `fixed-N`.
pub fn handicap_text(handicap: Handicap) -> String {
    match handicap {
        Handicap::None => "none".to_string(),
        Handicap::Free(n) => format!("free-{n}"),
        Handicap::Fixed(n) => format!("fixed-{n}"),
    }
}

/// Reads a handicap: `none` or `0`, `N` or `free-N` (comment 5's
/// consecutive moves), `fixed-N` (seed 004's fixed points); a space may
/// stand for the `-`.
pub fn read_handicap(text: &str) -> Result<Handicap, String> {
    let t = text.trim().to_ascii_lowercase();
    let bad = || {
        format!("{text:?} is not a handicap: write none, a number of free stones (4, free-4) or fixed-4")
    };
    let (kind, n) = match t.split_once(['-', ' ', ':']) {
        Some((kind, n)) => (kind.trim(), n.trim()),
        None if t == "none" || t.is_empty() => return Ok(Handicap::None),
        None => ("free", t.as_str()),
    };
    let n: usize = n.parse().map_err(|_| bad())?;
    if n > 2704 {
        return Err(bad());
    }
    match (kind, n) {
        (_, 0) => Ok(Handicap::None),
        ("free", n) => Ok(Handicap::Free(n)),
        ("fixed", n) => Ok(Handicap::Fixed(n)),
        _ => Err(bad()),
    }
}

/// The rules in `fast`'s terms.
pub fn fast_rules(rules: Rules) -> fast::Rules {
    fast::Rules {
        superko: match rules.superko {
            Superko::Positional => fast::Superko::Positional,
            Superko::Situational => fast::Superko::Situational,
            Superko::SimpleKo => fast::Superko::SimpleKo,
        },
        suicide: if rules.suicide_allowed {
            fast::Suicide::Allowed
        } else {
            fast::Suicide::Forbidden
        },
        ending: if rules.agreement_ending {
            fast::Ending::Agreement
        } else {
            fast::Ending::TwoPasses
        },
        scoring: if rules.territory_scoring {
            fast::Scoring::Territory
        } else {
            fast::Scoring::Area
        },
        komi: fast::Komi::from_half_points(rules.komi_half_points),
        illegal_move: if rules.illegal_loses_turn {
            fast::IllegalMove::LosesTurn
        } else {
            fast::IllegalMove::Refused
        },
    }
}

fn fast_handicap(handicap: Handicap) -> fast::Handicap {
    match handicap {
        Handicap::None => fast::Handicap::None,
        Handicap::Free(n) => fast::Handicap::Free(n),
        Handicap::Fixed(n) => fast::Handicap::Fixed(n),
    }
}

fn fast_color(color: Color) -> fast::Color {
    match color {
        Color::Black => fast::Color::Black,
        Color::White => fast::Color::White,
        Color::Empty => fast::Color::Empty,
    }
}

fn fast_player(player: Player) -> fast::Player {
    match player {
        Player::Black => fast::Player::Black,
        Player::White => fast::Player::White,
    }
}

/// A point's mark in a board string: `X` black, `O` white, `.` empty.
pub fn mark(color: Color) -> char {
    match color {
        Color::Black => 'X',
        Color::White => 'O',
        Color::Empty => '.',
    }
}

fn fast_mark(color: fast::Color) -> char {
    match color {
        fast::Color::Black => 'X',
        fast::Color::White => 'O',
        fast::Color::Empty => '.',
    }
}

/// `spec`'s reason in the vocabulary's words.
pub fn spec_illegal(illegal: spec::IllegalTurn) -> Illegal {
    match illegal {
        spec::IllegalTurn::GameOver => Illegal::GameOver,
        spec::IllegalTurn::OffBoard(_) => Illegal::OffBoard,
        spec::IllegalTurn::Occupied(_) => Illegal::Occupied,
        spec::IllegalTurn::Suicide(_) => Illegal::Suicide,
        spec::IllegalTurn::Superko { repeats_turn, .. } => Illegal::Superko {
            repeats_turn,
            situational: false,
        },
        spec::IllegalTurn::SituationalSuperko { repeats_turn, .. } => Illegal::Superko {
            repeats_turn,
            situational: true,
        },
        spec::IllegalTurn::Ko(_) => Illegal::Ko,
    }
}

/// `fast`'s reason in the vocabulary's words.
fn fast_illegal(illegal: fast::IllegalTurn) -> Illegal {
    match illegal {
        fast::IllegalTurn::GameOver => Illegal::GameOver,
        fast::IllegalTurn::OffBoard(_) => Illegal::OffBoard,
        fast::IllegalTurn::Occupied(_) => Illegal::Occupied,
        fast::IllegalTurn::Suicide(_) => Illegal::Suicide,
        fast::IllegalTurn::Superko { repeats_turn, .. } => Illegal::Superko {
            repeats_turn,
            situational: false,
        },
        fast::IllegalTurn::SituationalSuperko { repeats_turn, .. } => Illegal::Superko {
            repeats_turn,
            situational: true,
        },
        fast::IllegalTurn::Ko(_) => Illegal::Ko,
    }
}

fn verdict_text(verdict: Result<(), Illegal>) -> String {
    match verdict {
        Ok(()) => "legal".to_string(),
        Err(illegal) => illegal.to_string(),
    }
}

/// One game in both engines.
#[derive(Clone, Debug)]
pub struct Pair {
    /// The game in `spec`: every verdict and board shown comes from it.
    pub spec: spec::Game,
    /// The same game in `fast`, asked too.
    pub fast: fast::Game,
}

impl Pair {
    /// Both engines at the start of `setup`, or why it cannot start (in
    /// `spec`'s words; `fast` refusing alone is a disagreement).
    pub fn start(setup: &Setup) -> Result<Pair, String> {
        let (width, height) = (setup.size.width(), setup.size.height());
        let grid = spec::Rectangle::new(width, height).map_err(|e| e.to_string())?;
        let (srules, frules) = (rules_to_spec(setup.rules), fast_rules(setup.rules));
        let (spec, fast) = match &setup.position {
            Some((colors, to_move)) => {
                let mut coloring = spec::rules::empty_grid(&grid);
                for (i, &c) in colors.iter().enumerate().take(grid.point_count()) {
                    coloring[i] = c;
                }
                let fast_colors: Vec<fast::Color> =
                    colors.iter().copied().map(fast_color).collect();
                (
                    spec::Game::from_position(grid, srules, coloring, *to_move)
                        .map_err(|e| e.to_string())?,
                    fast::Game::from_position(
                        width,
                        height,
                        frules,
                        &fast_colors,
                        fast_player(*to_move),
                    ),
                )
            }
            None => (
                spec::Game::with_handicap(grid, srules, setup.handicap)
                    .map_err(|e| e.to_string())?,
                fast::Game::with_handicap(width, height, frules, fast_handicap(setup.handicap)),
            ),
        };
        let fast =
            fast.map_err(|e| format!("DISAGREEMENT: spec starts the game, fast refuses it: {e}"))?;
        Ok(Pair { spec, fast })
    }

    /// The board as `spec` has it: a mark per point, in point order.
    pub fn board(&self) -> String {
        self.spec
            .coloring()
            .colors()
            .iter()
            .map(|&c| mark(c))
            .collect()
    }

    /// Takes `turn` in both engines: `spec`'s verdict, and what `fast` does
    /// differently (verdict, board, player to move, end), if anything.
    pub fn play(&mut self, turn: spec::Turn) -> (Result<(), spec::IllegalTurn>, Option<String>) {
        let by_spec = self.spec.play(turn);
        let by_fast = match turn {
            spec::Turn::Pass => self.fast.pass(),
            spec::Turn::Move(p) => self.fast.play_at(p.x, p.y),
        };
        let (s, f) = (by_spec.map_err(spec_illegal), by_fast.map_err(fast_illegal));
        let differs = if s == f {
            self.compare()
        } else {
            Some(format!(
                "spec says {}; fast says {}",
                verdict_text(s),
                verdict_text(f)
            ))
        };
        (by_spec, differs)
    }

    /// Takes back the last turn in both engines; whether there was one.
    pub fn undo(&mut self) -> bool {
        let undone = self.spec.undo();
        if undone {
            self.fast.undo();
        }
        undone
    }

    /// What `fast` says differently about the position as it stands: the
    /// board, the player to move, whether the game is over.
    pub fn compare(&self) -> Option<String> {
        let fast_board: String = self.fast.coloring().into_iter().map(fast_mark).collect();
        let spec_board = self.board();
        if fast_board != spec_board {
            let first = spec_board
                .chars()
                .zip(fast_board.chars())
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            let size = Size::new(self.fast.width(), self.fast.height());
            let at = size.map_or_else(String::new, |s| {
                tromp_taylor_vocab::vertex::vertex_name(s.point(first))
            });
            return Some(format!("the boards differ, first at {at}"));
        }
        let spec_to_move = self.spec.to_move();
        let fast_to_move = self.fast.to_move();
        if fast_player(spec_to_move) != fast_to_move {
            return Some(format!(
                "spec has {spec_to_move:?} to move; fast has {fast_to_move:?}"
            ));
        }
        if self.spec.is_over() != self.fast.is_over() {
            return Some(format!(
                "spec says the game is {}over; fast says it is {}over",
                if self.spec.is_over() { "" } else { "not " },
                if self.fast.is_over() { "" } else { "not " }
            ));
        }
        None
    }

    /// What `fast` scores differently, if anything: each player's score and
    /// the result.
    pub fn compare_score(&self) -> Option<String> {
        for player in [Player::Black, Player::White] {
            let (s, f) = (
                self.spec.score(player),
                self.fast.score(fast_player(player)),
            );
            if s != f {
                return Some(format!("{player:?}'s score: spec says {s}, fast says {f}"));
            }
        }
        let (s, f) = (
            self.spec.result().to_string(),
            self.fast.result().to_string(),
        );
        (s != f).then(|| format!("the result: spec says {s}, fast says {f}"))
    }
}
