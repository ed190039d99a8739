//! The permalink: a URL fragment that holds the board, the rules, komi,
//! handicap, a setup position if any, and the turns (ending with the refused
//! attempt whose verdict is shown), written and read back with clear errors.
//!
//! `size=9x9&rules=koPOSITIONALscoreAREAsui1&komi=7.5&handicap=fixed-4&turns=D4,C3,pass`

use crate::engines::{handicap_text, read_handicap, Setup};
use crate::explorer::Explorer;
use tromp_taylor_spec::{Player, Turn};
use tromp_taylor_vocab::names::{komi_text, read_komi};
use tromp_taylor_vocab::vertex::{parse_turn, turn_name};
use tromp_taylor_vocab::vocab::{Grid, Rules, Size};

/// The most turns a link may hold.
pub const MAX_TURNS: usize = 20_000;

/// The link's fragment for the explorer's position (without the `#`).
pub fn fragment(explorer: &Explorer) -> String {
    let setup = explorer.setup();
    let rules = Rules {
        komi_half_points: 0,
        ..setup.rules
    };
    let mut out = format!(
        "size={}&rules={}&komi={}&handicap={}",
        setup.size,
        rules,
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

/// The setup and turns a fragment holds, or what is wrong with it.
pub fn read(fragment: &str) -> Result<(Setup, Vec<Turn>), String> {
    let text = percent_decoded(fragment.trim().trim_start_matches('#'))?;
    let mut setup = Setup::default();
    let (mut komi, mut position, mut first, mut turns) = (None, None, Player::Black, "");
    for pair in text.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair
            .split_once('=')
            .ok_or_else(|| format!("{pair:?} is not key=value"))?;
        match key {
            "size" => setup.size = value.parse::<Size>().map_err(|e| e.to_string())?,
            "rules" => setup.rules = value.parse::<Rules>().map_err(|e| e.to_string())?,
            "komi" => komi = Some(read_komi(value).map_err(|e| e.to_string())?),
            "handicap" => setup.handicap = read_handicap(value)?,
            "setup" => position = Some(Grid::from_rows(value).map_err(|e| format!("setup: {e}"))?),
            "first" => {
                first = match value {
                    "B" | "b" => Player::Black,
                    "W" | "w" => Player::White,
                    _ => return Err(format!("first={value}: write B or W")),
                }
            }
            "turns" => turns = value,
            _ => return Err(format!("unknown key {key:?} (the keys are size, rules, komi, handicap, setup, first, turns)")),
        }
    }
    if let Some(k) = komi {
        setup.rules.komi_half_points = k;
    }
    if let Some(grid) = position {
        if grid.size != setup.size {
            return Err(format!(
                "the setup is {}, the board {}",
                grid.size, setup.size
            ));
        }
        setup.position = Some((grid.colors, first));
    }
    let turns: Vec<&str> = turns.split(',').filter(|t| !t.trim().is_empty()).collect();
    if turns.len() > MAX_TURNS {
        return Err(format!(
            "{} turns: a link holds at most {MAX_TURNS}",
            turns.len()
        ));
    }
    let turns = turns
        .iter()
        .enumerate()
        .map(|(i, t)| parse_turn(t, setup.size).map_err(|e| format!("turn {}: {e}", i + 1)))
        .collect::<Result<Vec<Turn>, String>>()?;
    Ok((setup, turns))
}

/// The explorer a fragment opens: its position and the verdict on its last
/// turn, or, when the fragment cannot be read, an empty board and why.
pub fn open(fragment: &str) -> Explorer {
    match read(fragment) {
        Ok((setup, turns)) => Explorer::replay(setup, &turns, "the link", true),
        Err(e) => Explorer::failed(format!(
            "The link could not be read: {e}. An empty 9x9 board is shown instead."
        )),
    }
}
