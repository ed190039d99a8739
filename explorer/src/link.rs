//! The permalink: a URL fragment that holds the version of the explorer
//! that wrote it, the board, the rules, komi, handicap, a setup position if
//! any, and the turns (ending with the refused attempt whose verdict is
//! shown), written and read back with clear errors.
//!
//! `v=0.1.0&size=9x9&rules=tromp-taylor&komi=7.5&handicap=fixed-4&turns=D4,C3,pass`

use crate::engines::{handicap_text, read_handicap, Setup};
use crate::explorer::{rules_name, Explorer, Replay};
use tromp_taylor_spec::{Player, Turn};
use tromp_taylor_vocab::names::{komi_text, read_komi};
use tromp_taylor_vocab::vertex::{parse_turn, turn_name, VertexError};
use tromp_taylor_vocab::vocab::{Grid, Rules, Size};

/// The most turns a link may hold.
pub const MAX_TURNS: usize = 20_000;

/// The version a link says it was written by (`v=`): the explorer's, which
/// is the rules text's (the workspace has one version).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The keys a link may hold, in the order the explorer writes them.
const KEYS: [&str; 8] = [
    "v", "size", "rules", "komi", "handicap", "setup", "first", "turns",
];

/// The link's fragment for the explorer's position (without the `#`).
pub fn fragment(explorer: &Explorer) -> String {
    let setup = explorer.setup();
    let mut out = format!(
        "v={VERSION}&size={}&rules={}&komi={}&handicap={}",
        setup.size,
        rules_name(setup.rules),
        komi_text(setup.rules.komi_half_points),
        handicap_text(setup.handicap)
    );
    if let Some((marks, to_move)) = explorer.setup_marks() {
        let width = setup.size.width();
        let rows: Vec<&str> = (0..setup.size.height())
            .rev()
            .filter_map(|y| marks.get(y * width..(y + 1) * width))
            .collect();
        let first = if to_move == Player::White { "W" } else { "B" };
        out.push_str(&format!("&setup={}&first={first}", rows.join("/")));
    }
    let turns: Vec<String> = explorer
        .taken()
        .iter()
        .map(|t| t.turn)
        .chain(explorer.refused())
        .map(turn_name)
        .collect();
    if !turns.is_empty() {
        out.push_str("&turns=");
        out.push_str(&turns.join(","));
    }
    out
}

/// `%XX` decoded, as a browser may encode a fragment.
fn percent_decoded(text: &str) -> Result<String, String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text
                .get(i + 1..i + 3)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .ok_or_else(|| {
                    format!(
                        "a % at character {} is not followed by two hex digits",
                        i + 1
                    )
                })?;
            out.push(hex);
            i += 3;
        } else {
            out.push(if bytes[i] == b'+' { b' ' } else { bytes[i] });
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| "it is not UTF-8 once decoded".to_string())
}

/// A turn of a link that cannot be read, said to a reader of the link.
fn turn_error(error: VertexError) -> String {
    match error {
        VertexError::Malformed(text) if text.is_empty() => {
            "it is empty (two commas in a row, or one at an end)".to_string()
        }
        VertexError::Malformed(text) => {
            let column_i = text.starts_with(['I', 'i']);
            format!(
                "{text:?} is not a turn: write pass or a vertex such as D4{}",
                if column_i {
                    " (there is no column I)"
                } else {
                    ""
                }
            )
        }
        error => error.to_string(),
    }
}

/// What a link holds: the setup, the turns, and the version that wrote it
/// (`None` for a link without `v=`).
#[derive(Clone, Debug, PartialEq)]
pub struct Read {
    /// The board, rules, komi, handicap and setup position.
    pub setup: Setup,
    /// The turns, the last possibly a refused attempt.
    pub turns: Vec<Turn>,
    /// The `v=` it gives.
    pub version: Option<String>,
}

/// Each key's value in a decoded fragment, in the order of [`KEYS`]; a key
/// given twice, or one not among them, is refused by name.
fn values(text: &str) -> Result<[Option<&str>; KEYS.len()], String> {
    let mut values: [Option<&str>; KEYS.len()] = [None; KEYS.len()];
    let mut unknown = Vec::new();
    for pair in text.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair
            .split_once('=')
            .ok_or_else(|| format!("{pair:?} is not key=value"))?;
        match KEYS.iter().position(|&k| k == key) {
            Some(i) => {
                if let Some(first) = values[i] {
                    return Err(format!(
                        "the key {key} is given twice ({key}={first} and {key}={value}); give it once"
                    ));
                }
                values[i] = Some(value);
            }
            None => unknown.push(format!("{key:?}")),
        }
    }
    if !unknown.is_empty() {
        return Err(format!(
            "the link has {} {} the explorer does not know (its keys are {})",
            if unknown.len() == 1 { "a key" } else { "keys" },
            unknown.join(", "),
            KEYS.join(", ")
        ));
    }
    Ok(values)
}

/// The setup and turns a fragment holds, or what is wrong with it. Every
/// key may be given once; a key the explorer does not write is refused,
/// and so is `first` without `setup` (an empty board starts with Black,
/// rule 5) and an empty turn.
pub fn read(fragment: &str) -> Result<Read, String> {
    let text = percent_decoded(fragment.trim().trim_start_matches('#'))?;
    let values = values(&text)?;
    let [version, size, rules, komi, handicap, position, first, turns] = values;
    let mut setup = Setup::default();
    if let Some(size) = size {
        setup.size = size.parse::<Size>().map_err(|e| e.to_string())?;
    }
    if let Some(rules) = rules {
        setup.rules = rules.parse::<Rules>().map_err(|e| e.to_string())?;
    }
    if let Some(komi) = komi {
        setup.rules.komi_half_points = read_komi(komi).map_err(|e| e.to_string())?;
    }
    if let Some(handicap) = handicap {
        setup.handicap = read_handicap(handicap)?;
    }
    let first = match first {
        None | Some("B" | "b") => Player::Black,
        Some("W" | "w") => Player::White,
        Some(value) => return Err(format!("first={value}: write B or W")),
    };
    match position {
        Some(rows) => {
            let grid = Grid::from_rows(rows).map_err(|e| format!("setup: {e}"))?;
            if grid.size != setup.size {
                return Err(format!(
                    "the setup is {}, the board {}",
                    grid.size, setup.size
                ));
            }
            setup.position = Some((grid.colors, first));
        }
        None if first == Player::White => {
            return Err(
                "first=W needs a setup= position: from an empty board Black plays first (rule 5)"
                    .to_string(),
            )
        }
        None => {}
    }
    let turns: Vec<&str> = match turns {
        Some(turns) if !turns.is_empty() => turns.split(',').collect(),
        _ => Vec::new(),
    };
    if turns.len() > MAX_TURNS {
        return Err(format!(
            "{} turns: a link holds at most {MAX_TURNS}",
            turns.len()
        ));
    }
    let turns = turns
        .iter()
        .enumerate()
        .map(|(i, t)| {
            parse_turn(t, setup.size).map_err(|e| format!("turn {}: {}", i + 1, turn_error(e)))
        })
        .collect::<Result<Vec<Turn>, String>>()?;
    Ok(Read {
        setup,
        turns,
        version: version.map(str::to_string),
    })
}

/// The explorer a fragment opens: its position and the verdict on its last
/// turn, or, when the fragment cannot be read, an empty board and why. A
/// link written by another version opens with a note saying so.
pub fn open(fragment: &str) -> Explorer {
    match read(fragment) {
        Ok(read) => Opening::start(read).finish(),
        Err(e) => unreadable(&e),
    }
}

/// What a fragment that cannot be read opens: an empty board, saying why.
pub fn unreadable(error: &str) -> Explorer {
    Explorer::failed(format!(
        "The link could not be read: {error}. An empty 9x9 board is shown instead."
    ))
}

/// A link read and being replayed, a slice of turns at a time if need be:
/// the replay, and the note a link of another version opens with.
#[derive(Debug)]
pub struct Opening {
    /// The replay of the link's turns in both engines.
    pub replay: Replay,
    note: Option<String>,
}

impl Opening {
    /// The replay of what `read` holds, no turn played yet.
    pub fn start(read: Read) -> Opening {
        let moves = read.turns.iter().map(|&t| (None, t)).collect();
        let note = read.version.filter(|v| v != VERSION).map(|version| {
            format!(
                "This link was written by version {version} of the explorer; this is version {VERSION}, and the verdict shown is this version's (the rules text may have changed since: see the changelog)."
            )
        });
        Opening {
            replay: Replay::start(read.setup, moves, "The link", true),
            note,
        }
    }

    /// The explorer the link opens, its replay played to the end.
    pub fn finish(self) -> Explorer {
        let mut explorer = self.replay.finish();
        if let Some(note) = self.note {
            let message = match explorer.message() {
                Some(m) => format!("{note} {m}"),
                None => note,
            };
            explorer.set_message(Some(message));
        }
        explorer
    }
}
