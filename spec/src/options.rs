//! The rule options a game can be played under, the presets that name them,
//! and the rule strings that spell them.
//!
//! The default [`Rules`] are the ten rules exactly: positional superko,
//! suicide allowed, two passes end the game, area scoring, komi 0. Each other
//! value is traced to the text that states it; the literal transcription of
//! that text is in [`crate::comments`].

use std::fmt;
use std::str::FromStr;

/// Which repetitions a move may not make.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Superko {
    /// Rule 6: "a move that doesn't repeat an earlier grid coloring".
    #[default]
    Positional,
    /// Comment 6: "the situational superko (SSK) rule forbids repeating the
    /// same grid coloring with the same player to move."
    Situational,
    /// Seed 004, appendix 1: "In a position where one stone has just been
    /// captured the player with the turn may not take back to immediately to
    /// repeat the same position." No other repetition is forbidden.
    SimpleKo,
}

/// Whether a move may clear its own color.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Suicide {
    /// Rule 7 and comment 7: "Allowing suicide means that a play on an empty
    /// point can be illegal only due to superko."
    #[default]
    Allowed,
    /// The no-suicide variation in the source of the rules page: "A move
    /// consists of coloring an empty point one's own color, such that it
    /// reaches empty after emptying all points of the opponent color that
    /// don't reach empty". Also seed 003, section 5 (forbidden points).
    Forbidden,
}

/// How the game ends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Ending {
    /// Rule 8: "The game ends after two consecutive passes."
    #[default]
    TwoPasses,
    /// Comment 8: "After only 2 consecutive passes, the players may end the
    /// game by agreeing on which points to empty. After 4 consecutive passes,
    /// the game ends as is."
    Agreement,
}

/// How a player's score is counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// Rule 9: "the number of points of her color, plus the number of empty
    /// points that reach only her color."
    #[default]
    Area,
    /// Comment 9: "in addition to empty surrounded space we count opponent
    /// stones captured instead of own stones not captured."
    Territory,
}

/// What an illegal move costs the player who tried it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum IllegalMove {
    /// The ten rules: an illegal move is no turn at all (rule 6: "A turn is
    /// either a pass; or a move that doesn't repeat an earlier grid
    /// coloring"). It is refused, nothing changes, and the same player is
    /// still to take her turn.
    #[default]
    Refused,
    /// Seed 003, chapter 3, section 19: "If a stone is played on a forbidden
    /// point, the move is declared invalid and the player loses his turn."
    /// Section 20: "In a ko fight, if a player recaptures on the next move,
    /// the move is declared invalid and the player loses his turn." See
    /// [`crate::comments::loses_turn`].
    LosesTurn,
}

/// Comment 10: "a fixed amount can be added to white's final score. This is
/// called komi, and can be chosen a non-integer such as 5.5 to avoid ties."
///
/// Any multiple of one half, kept exactly as a count of half points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Komi {
    half_points: i32,
}

impl Komi {
    /// No komi.
    pub const ZERO: Komi = Komi { half_points: 0 };

    /// The komi of `half_points` / 2 points (negative gives points to Black).
    pub const fn from_half_points(half_points: i32) -> Komi {
        Komi { half_points }
    }

    /// The komi in half points.
    pub const fn half_points(self) -> i32 {
        self.half_points
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.half_points < 0 { "-" } else { "" };
        let magnitude = self.half_points.unsigned_abs();
        write!(f, "{sign}{}", magnitude / 2)?;
        if magnitude % 2 == 1 {
            f.write_str(".5")?;
        }
        Ok(())
    }
}

impl Komi {
    /// The largest komi, in points, either way: half points are kept in an
    /// `i32`, and no board has a score anywhere near it.
    pub const MAX_POINTS: i32 = 1_000_000_000;

    /// The komi of `points` already read as a number (SGF's `KM`), or what
    /// is wrong with it: not a finite number, not a multiple of 0.5, or
    /// beyond [`Komi::MAX_POINTS`].
    pub fn from_points(points: f64) -> Result<Komi, RulesError> {
        let bad = |why| RulesError::BadKomi {
            text: points.to_string(),
            why,
        };
        if !points.is_finite() {
            return Err(bad("it is not a finite number"));
        }
        let half = points * 2.0;
        if half.fract() != 0.0 {
            return Err(bad("it is not a multiple of 0.5"));
        }
        if points.abs() > f64::from(Komi::MAX_POINTS) {
            return Err(bad(
                "it is too large: komi is at most 1000000000 points either way",
            ));
        }
        Ok(Komi::from_half_points(half as i32))
    }
}

impl FromStr for Komi {
    type Err = RulesError;

    /// Reads a decimal multiple of one half: `7.5`, `-3`, `+0.5`, `6.50`.
    /// A refusal says what is wrong: empty, not a decimal number, not a
    /// multiple of 0.5, or beyond [`Komi::MAX_POINTS`].
    fn from_str(text: &str) -> Result<Komi, RulesError> {
        let bad = |why| RulesError::BadKomi {
            text: text.to_string(),
            why,
        };
        let t = text.trim();
        if t.is_empty() {
            return Err(bad("it is empty"));
        }
        let (negative, digits) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t.strip_prefix('+').unwrap_or(t)),
        };
        let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
        let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if whole.is_empty() && fraction.is_empty() || !all_digits(whole) || !all_digits(fraction) {
            return Err(bad("it is not a decimal number"));
        }
        let fraction = fraction.trim_end_matches('0');
        let half = match fraction {
            "" => 0,
            "5" => 1,
            _ => return Err(bad("it is not a multiple of 0.5")),
        };
        let whole = whole.trim_start_matches('0');
        let too_large = "it is too large: komi is at most 1000000000 points either way";
        let whole: i32 = if whole.is_empty() {
            0
        } else if whole.len() > 10 {
            return Err(bad(too_large));
        } else {
            match whole.parse::<i64>() {
                Ok(n)
                    if n < i64::from(Komi::MAX_POINTS)
                        || n == i64::from(Komi::MAX_POINTS) && half == 0 =>
                {
                    n as i32
                }
                _ => return Err(bad(too_large)),
            }
        };
        let half_points = whole * 2 + half;
        Ok(Komi::from_half_points(if negative {
            -half_points
        } else {
            half_points
        }))
    }
}

/// Handicap: how Black's first turns are given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Handicap {
    /// No handicap: the players alternate from the start (rule 5).
    #[default]
    None,
    /// Comment 5: "the weaker player, taking black, may be given an n stone
    /// handicap; these are n consecutive moves played before the first white
    /// move."
    Free(usize),
    /// Seed 004: "on his first move black places several stones on the board
    /// at once in a predetermined arrangement. Play then continues normally
    /// with white making the next move." The arrangement is
    /// [`crate::comments::fixed_handicap_points`].
    Fixed(usize),
}

/// The rules a game is played under.
///
/// `Rules::default()` is the ten rules exactly. Read a preset name or a
/// compact rule string with `str::parse`; [`fmt::Display`] writes the compact
/// string, which reads back to the same rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Which repetitions are forbidden.
    pub superko: Superko,
    /// Whether suicide is allowed.
    pub suicide: Suicide,
    /// How the game ends.
    pub ending: Ending,
    /// Area or territory scoring.
    pub scoring: Scoring,
    /// Points added to White's score.
    pub komi: Komi,
    /// Whether an illegal move is only refused, or also loses the turn.
    pub illegal_move: IllegalMove,
}

/// The preset names [`Rules`] reads, with what each means.
pub const PRESETS: [(&str, &str); 4] = [
    (
        "tromp-taylor",
        "the ten rules: positional superko, suicide allowed, two passes, area",
    ),
    (
        "chinese",
        "seed 003: positional superko, no suicide, an illegal move loses the turn, two passes, area",
    ),
    (
        "new-zealand",
        "comment 6's situational superko, suicide allowed, two passes, area",
    ),
    (
        "simple-ko-territory",
        "seed 004: simple ko, no suicide, two passes, territory",
    ),
];

impl Rules {
    /// The ten rules exactly (the default).
    pub const TROMP_TAYLOR: Rules = Rules {
        superko: Superko::Positional,
        suicide: Suicide::Allowed,
        ending: Ending::TwoPasses,
        scoring: Scoring::Area,
        komi: Komi::ZERO,
        illegal_move: IllegalMove::Refused,
    };

    /// Seed 003, the Chinese rules of 1988: "Reappearance of the same board
    /// position is forbidden throughout the game" (section 6), forbidden
    /// points (section 5), counting stones and points (section 9), and a
    /// move played on a forbidden point or recapturing a ko "is declared
    /// invalid and the player loses his turn" (chapter 3, sections 19-20).
    pub const CHINESE: Rules = Rules {
        suicide: Suicide::Forbidden,
        illegal_move: IllegalMove::LosesTurn,
        ..Rules::TROMP_TAYLOR
    };

    /// The New Zealand rules, of which the ten rules are "essentially" a
    /// rewording: situational superko, suicide allowed, area scoring.
    pub const NEW_ZEALAND: Rules = Rules {
        superko: Superko::Situational,
        ..Rules::TROMP_TAYLOR
    };

    /// Seed 004, the beginners' lesson: simple ko (appendix 1), no suicide
    /// (summary, rule 4: "any of your groups have zero liberties then your
    /// move was illegal"), "When both players pass successively the game
    /// ends" (summary, rule 5: two passes, rule 8's ending, not comment 8's
    /// agreement), territory scoring. The lesson's removal of dead stones
    /// after the end is not a turn of the game: it is left to the players,
    /// who capture what they want off the board before passing.
    pub const SIMPLE_KO_TERRITORY: Rules = Rules {
        superko: Superko::SimpleKo,
        suicide: Suicide::Forbidden,
        ending: Ending::TwoPasses,
        scoring: Scoring::Territory,
        komi: Komi::ZERO,
        illegal_move: IllegalMove::Refused,
    };

    /// The rules named `name` (case, `-`, `_` and spaces ignored), if it is
    /// one of [`PRESETS`] or an alias: `tt`, `trompTaylor`, `nz`.
    pub fn preset(name: &str) -> Option<Rules> {
        let key: String = name
            .chars()
            .filter(|c| !matches!(c, '-' | '_' | ' '))
            .flat_map(char::to_lowercase)
            .collect();
        match key.as_str() {
            "tromptaylor" | "tt" => Some(Rules::TROMP_TAYLOR),
            "chinese" => Some(Rules::CHINESE),
            "newzealand" | "nz" => Some(Rules::NEW_ZEALAND),
            "simplekoterritory" => Some(Rules::SIMPLE_KO_TERRITORY),
            _ => None,
        }
    }

    /// The rules with komi `komi`.
    pub fn with_komi(self, komi: Komi) -> Rules {
        Rules { komi, ..self }
    }

    /// Reads a compact rule string in KataGo's form, `koPOSITIONALscoreAREAsui1`.
    ///
    /// Keys: `ko` (`SIMPLE`, `POSITIONAL`, `SITUATIONAL`), `score` (`AREA`,
    /// `TERRITORY`), `sui` (`1` allowed, `0` forbidden), `komi` (a multiple of
    /// 0.5), and our own `end` (`TWOPASSES`, `AGREEMENT`) and `illegal`
    /// (`REFUSED`, `LOSETURN`: seed 003's lost turn). KataGo's `tax`,
    /// `button` and `whb` are read when they say what these rules already do
    /// (`taxNONE`, `button0`, `whb0`); other values are refused, since these
    /// rules cannot state them. A key left out keeps its Tromp-Taylor value.
    pub fn from_compact(text: &str) -> Result<Rules, RulesError> {
        let mut rules = Rules::TROMP_TAYLOR;
        let mut rest = text.trim();
        if rest.is_empty() {
            return Err(RulesError::Unknown(text.to_string()));
        }
        while !rest.is_empty() {
            let key_len = rest
                .find(|c: char| !c.is_ascii_lowercase())
                .unwrap_or(rest.len());
            let (key, after_key) = rest.split_at(key_len);
            let value_len = after_key
                .find(|c: char| c.is_ascii_lowercase())
                .unwrap_or(after_key.len());
            let (value, after_value) = after_key.split_at(value_len);
            let bad = || RulesError::BadValue {
                key: key.to_string(),
                value: value.to_string(),
            };
            match key {
                "ko" => rules.superko = named(value, SUPERKO_NAMES).ok_or_else(bad)?,
                "score" => rules.scoring = named(value, SCORING_NAMES).ok_or_else(bad)?,
                "sui" => rules.suicide = named(value, SUICIDE_NAMES).ok_or_else(bad)?,
                "end" => rules.ending = named(value, ENDING_NAMES).ok_or_else(bad)?,
                "illegal" => rules.illegal_move = named(value, ILLEGAL_NAMES).ok_or_else(bad)?,
                "komi" => rules.komi = value.parse()?,
                "tax" if value == "NONE" => {}
                "button" | "whb" if value == "0" => {}
                "tax" | "button" | "whb" => {
                    return Err(RulesError::Unsupported {
                        key: key.to_string(),
                        value: value.to_string(),
                    })
                }
                _ => return Err(RulesError::UnknownKey(key.to_string())),
            }
            rest = after_value;
        }
        Ok(rules)
    }
}

impl FromStr for Rules {
    type Err = RulesError;

    /// A preset name (see [`PRESETS`]) or a compact rule string (see [`Rules::from_compact`]).
    fn from_str(text: &str) -> Result<Rules, RulesError> {
        if let Some(rules) = Rules::preset(text) {
            return Ok(rules);
        }
        let compact_looking = text.trim().starts_with(|c: char| c.is_ascii_lowercase())
            && text
                .trim()
                .chars()
                .any(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
        if compact_looking {
            Rules::from_compact(text)
        } else {
            Err(RulesError::Unknown(text.to_string()))
        }
    }
}

impl fmt::Display for Rules {
    /// The compact rule string: `koPOSITIONALscoreAREAsui1`, then
    /// `endAGREEMENT`, `illegalLOSETURN` and `komiK` when they differ from
    /// the default.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ko = match self.superko {
            Superko::Positional => "POSITIONAL",
            Superko::Situational => "SITUATIONAL",
            Superko::SimpleKo => "SIMPLE",
        };
        let score = match self.scoring {
            Scoring::Area => "AREA",
            Scoring::Territory => "TERRITORY",
        };
        let sui = match self.suicide {
            Suicide::Allowed => 1,
            Suicide::Forbidden => 0,
        };
        write!(f, "ko{ko}score{score}sui{sui}")?;
        if self.ending == Ending::Agreement {
            f.write_str("endAGREEMENT")?;
        }
        if self.illegal_move == IllegalMove::LosesTurn {
            f.write_str("illegalLOSETURN")?;
        }
        if self.komi != Komi::ZERO {
            write!(f, "komi{}", self.komi)?;
        }
        Ok(())
    }
}

/// Why a rule string, a komi or a handicap could not be accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// Neither a preset name nor a compact rule string.
    Unknown(String),
    /// A compact-string key these rules do not know.
    UnknownKey(String),
    /// A known key with a value it cannot take.
    BadValue {
        /// The key.
        key: String,
        /// The value given.
        value: String,
    },
    /// A KataGo option these rules cannot state (a tax, a button, a handicap bonus).
    Unsupported {
        /// The key.
        key: String,
        /// The value given.
        value: String,
    },
    /// A komi that cannot be read: empty, not a decimal number, not a
    /// multiple of 0.5, or too large.
    BadKomi {
        /// The text given.
        text: String,
        /// What is wrong with it.
        why: &'static str,
    },
    /// A setup position with a string that does not reach empty: comment 4,
    /// "Strings without liberties cannot exist on the board at the end of a
    /// turn", so no game can reach it. The point is the string's first stone.
    StringWithoutLiberty(crate::rules::Point),
    /// A setup coloring with the wrong number of points for the grid.
    WrongLength {
        /// The grid's number of points.
        expected: usize,
        /// The coloring's.
        got: usize,
    },
    /// A handicap that this board cannot take.
    BadHandicap {
        /// The handicap asked for.
        handicap: Handicap,
        /// Why it cannot be given.
        why: &'static str,
    },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::Unknown(text) => {
                write!(f, "unknown rules {text:?}: use a preset (")?;
                for (i, (name, _)) in PRESETS.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    f.write_str(name)?;
                }
                f.write_str(") or a compact string such as koPOSITIONALscoreAREAsui1")
            }
            RulesError::UnknownKey(key) => write!(
                f,
                "unknown key {key:?} in a rule string: known keys are ko, score, sui, end, illegal, komi, tax, button, whb"
            ),
            RulesError::BadValue { key, value } => {
                write!(f, "{value:?} is not a value of the rule key {key:?}")
            }
            RulesError::Unsupported { key, value } => write!(
                f,
                "{key}{value} cannot be stated by these rules (only taxNONE, button0 and whb0 can)"
            ),
            RulesError::BadKomi { text, why } => {
                write!(f, "cannot read komi {text:?}: {why} (write e.g. 7.5 or -3)")
            }
            RulesError::StringWithoutLiberty(p) => write!(
                f,
                "the stone at {p} is in a string without liberties; no such position can stand (comment 4)"
            ),
            RulesError::WrongLength { expected, got } => {
                write!(f, "a coloring of this grid has {expected} points, not {got}")
            }
            RulesError::BadHandicap { handicap, why } => {
                write!(f, "handicap {handicap:?} cannot be given: {why}")
            }
        }
    }
}

impl std::error::Error for RulesError {}

/// The values of the compact rule string's keys, and the options they name.
const SUPERKO_NAMES: &[(&str, Superko)] = &[
    ("POSITIONAL", Superko::Positional),
    ("SITUATIONAL", Superko::Situational),
    ("SIMPLE", Superko::SimpleKo),
];
const SCORING_NAMES: &[(&str, Scoring)] =
    &[("AREA", Scoring::Area), ("TERRITORY", Scoring::Territory)];
const SUICIDE_NAMES: &[(&str, Suicide)] = &[("1", Suicide::Allowed), ("0", Suicide::Forbidden)];
const ENDING_NAMES: &[(&str, Ending)] = &[
    ("TWOPASSES", Ending::TwoPasses),
    ("AGREEMENT", Ending::Agreement),
];
const ILLEGAL_NAMES: &[(&str, IllegalMove)] = &[
    ("REFUSED", IllegalMove::Refused),
    ("LOSETURN", IllegalMove::LosesTurn),
];

/// The option that a compact rule string's `value` names, from `names`.
fn named<T: Copy>(value: &str, names: &[(&str, T)]) -> Option<T> {
    names
        .iter()
        .find(|(name, _)| *name == value)
        .map(|&(_, option)| option)
}
