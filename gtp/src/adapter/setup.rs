//! The commands a controller sends an engine over GTP to set a game up
//! (the board, `komi`, the rules, a fixed handicap) and to replay its turns,
//! and a game replayed on a fresh process to ask what only its end can be
//! asked.

use super::options::GtpOptions;
use super::rules::{kgs_rules_name, SetRules};
use crate::capabilities::Capabilities;
use crate::client::{Failure, Reply};
use crate::commands::turn_text;
use tromp_taylor_harness::script::{Action, Record};
use tromp_taylor_harness::vocab::{Handicap, Player, Rules, Setup, Turn};

/// The command that tells the engine `rules` before a game, if any: with
/// `kata-set-rules` where it has it, else `kgs-rules` where one of KGS's
/// rule sets is these rules, under [`SetRules::Auto`].
fn rules_command(options: &GtpOptions, caps: &Capabilities, rules: Rules) -> Option<String> {
    match &options.set_rules {
        SetRules::Auto if caps.kata_set_rules => {
            Some(format!("kata-set-rules {}", kata_rules(rules)))
        }
        SetRules::Auto if caps.kgs_rules => {
            kgs_rules_name(rules).map(|name| format!("kgs-rules {name}"))
        }
        SetRules::Auto | SetRules::Nothing => None,
        SetRules::Command(command) => Some(command.clone()),
    }
}

/// `rules` as `kata-set-rules` takes them: the compact string without its
/// komi, which `komi` sends (KataGo refuses a rule string with a komi in
/// it, and would otherwise read our preset names as its own: its
/// `chinese` has simple ko, ours positional superko).
pub fn kata_rules(rules: Rules) -> String {
    Rules {
        komi_half_points: 0,
        ..rules
    }
    .to_string()
}

/// The commands that set a game on `setup` up: the board size, `clear_board`,
/// the rules' command, if any, then `komi` (so that no rules command resets
/// it), and `fixed_handicap` for a fixed handicap (the only kind GTP places).
pub fn setup_commands(options: &GtpOptions, caps: &Capabilities, setup: Setup) -> Vec<String> {
    let size = setup.size;
    let size_command = if size.width() == size.height() {
        format!("boardsize {}", size.width())
    } else {
        format!("rectangular_boardsize {} {}", size.width(), size.height())
    };
    let komi = tromp_taylor_harness::names::komi_text(setup.rules.komi_half_points);
    let handicap = match setup.handicap {
        Handicap::Fixed(n) => Some(format!("fixed_handicap {n}")),
        Handicap::None | Handicap::Free(_) => None,
    };
    [
        Some(size_command),
        Some("clear_board".to_string()),
        rules_command(options, caps, setup.rules),
        Some(format!("komi {komi}")),
        handicap,
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The `play` commands of `record`'s turns as a controller sends them (a
/// point off the board is never sent: the controller refuses it itself).
pub fn play_commands(setup: Setup, record: &Record) -> Vec<String> {
    record
        .iter()
        .filter_map(|(player, action)| match action {
            Action::Turn(turn @ Turn::Pass) => Some((player, *turn)),
            Action::Turn(turn @ Turn::Move(p)) if setup.size.index(*p).is_some() => {
                Some((player, *turn))
            }
            _ => None,
        })
        .map(|(player, turn)| format!("play {} {}", color_word(*player), turn_text(turn)))
        .collect()
}

/// Replays `record` on `setup` in a fresh process of the engine, then asks
/// it `questions`: its answers, in order (the set-up and the turns' answers
/// are not kept). For a report, and for what only a finished game can be
/// asked (`final_status_list`).
pub fn ask_after(
    options: &GtpOptions,
    caps: &Capabilities,
    (setup, record): (Setup, &Record),
    questions: &[String],
) -> Result<Vec<Reply>, Failure> {
    let mut client = options.start()?;
    for command in setup_commands(options, caps, setup) {
        client.send(&command)?;
    }
    for command in play_commands(setup, record) {
        client.send(&command)?;
    }
    questions.iter().map(|q| client.send(q)).collect()
}

/// `b` or `w`.
pub(super) fn color_word(player: Player) -> &'static str {
    match player {
        Player::Black => "b",
        Player::White => "w",
    }
}
