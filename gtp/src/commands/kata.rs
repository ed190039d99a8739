//! The rules as KataGo's `kata-get-rules` and `kata-set-rules` write and
//! read them: JSON, a preset, a compact string, or a name other programs use.

use tromp_taylor_harness::sgf::rules_from_ru;
use tromp_taylor_harness::vocab::{Ending, IllegalMove, Rules, Scoring, Suicide, Superko};

/// KataGo's words for the superko rules (`ko`).
const KO: [(&str, Superko); 3] = [
    ("POSITIONAL", Superko::Positional),
    ("SITUATIONAL", Superko::Situational),
    ("SIMPLE", Superko::SimpleKo),
];

/// The words of a two-way option, the default first: KataGo's `scoring`
/// and our `end` (comment 8's agreement or not) and `illegal` (a lost turn
/// or not).
const SCORING: [(&str, Scoring); 2] = [("AREA", Scoring::Area), ("TERRITORY", Scoring::Territory)];
const END: [(&str, Ending); 2] = [
    ("TWOPASSES", Ending::TwoPasses),
    ("AGREEMENT", Ending::Agreement),
];
const ILLEGAL: [(&str, IllegalMove); 2] = [
    ("REFUSED", IllegalMove::Refused),
    ("LOSETURN", IllegalMove::LosesTurn),
];

/// The rules in KataGo's JSON form, with two fields of ours added when they
/// are on: `"end":"AGREEMENT"` (comment 8) and `"illegal":"LOSETURN"` (seed
/// 003: a move refused as suicide, ko or superko loses the turn).
pub fn kata_rules_json(rules: Rules) -> String {
    let (ko, _) = KO
        .iter()
        .find(|(_, superko)| *superko == rules.superko)
        .expect("every superko rule has a KataGo word");
    let scoring = word_of(&SCORING, rules.scoring);
    let mut ours = String::new();
    for (key, word, on) in [
        ("end", word_of(&END, rules.ending), rules.ending != END[0].1),
        (
            "illegal",
            word_of(&ILLEGAL, rules.illegal_move),
            rules.illegal_move != ILLEGAL[0].1,
        ),
    ] {
        if on {
            ours.push_str(&format!(r#","{key}":"{word}""#));
        }
    }
    format!(
        r#"{{"friendlyPassOk":false,"hasButton":false,"ko":"{ko}","scoring":"{scoring}","suicide":{},"tax":"NONE","whiteHandicapBonus":"0"{ours}}}"#,
        rules.suicide == Suicide::Allowed
    )
}

/// Reads `kata-set-rules`' argument: a preset, a compact string, a name
/// other programs use (`japanese`, `aga`), or KataGo's JSON form. Komi stays
/// as in `current` unless the text sets it.
pub fn parse_kata_rules(text: &str, current: Rules) -> Result<Rules, String> {
    let text = text.trim();
    let mut rules = if text.starts_with('{') {
        parse_kata_json(text, current)?
    } else {
        let mut rules = rules_from_ru(text).ok_or_else(|| format!("unknown rules {text:?}"))?;
        if !text.contains("komi") {
            rules.komi_half_points = current.komi_half_points;
        }
        rules
    };
    if rules.komi_half_points.unsigned_abs() > 2_000_000 {
        rules.komi_half_points = current.komi_half_points;
    }
    Ok(rules)
}

fn parse_kata_json(text: &str, current: Rules) -> Result<Rules, String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("not KataGo rules JSON: {e}"))?;
    let object = value
        .as_object()
        .ok_or_else(|| "not KataGo rules JSON: not an object".to_string())?;
    let mut rules = Rules {
        komi_half_points: current.komi_half_points,
        ..Rules::TROMP_TAYLOR
    };
    for (key, value) in object {
        let bad = || format!("cannot take {key} = {value}");
        match (key.as_str(), value) {
            ("ko", serde_json::Value::String(s)) => {
                rules.superko = KO
                    .iter()
                    .find(|(word, _)| word == s)
                    .map(|&(_, superko)| superko)
                    .ok_or_else(bad)?;
            }
            ("scoring", serde_json::Value::String(s)) => {
                rules.scoring = named(&SCORING, s).ok_or_else(bad)?;
            }
            ("suicide", serde_json::Value::Bool(b)) => {
                rules.suicide = if *b {
                    Suicide::Allowed
                } else {
                    Suicide::Forbidden
                };
            }
            ("end", serde_json::Value::String(s)) => {
                rules.ending = named(&END, s).ok_or_else(bad)?;
            }
            ("illegal", serde_json::Value::String(s)) => {
                rules.illegal_move = named(&ILLEGAL, s).ok_or_else(bad)?;
            }
            ("komi", serde_json::Value::Number(n)) => {
                let half = n.as_f64().map(|k| k * 2.0).ok_or_else(bad)?;
                if half.fract() != 0.0 || half.abs() > 2_000_000.0 {
                    return Err(bad());
                }
                rules.komi_half_points = half as i32;
            }
            ("tax", serde_json::Value::String(s)) if s == "NONE" => {}
            ("hasButton", serde_json::Value::Bool(false)) => {}
            ("friendlyPassOk", serde_json::Value::Bool(_)) => {}
            ("whiteHandicapBonus", serde_json::Value::String(s)) if s == "0" => {}
            _ => return Err(bad()),
        }
    }
    Ok(rules)
}

/// The option `word` names in `words`, if it names one.
fn named<T: Copy>(words: &[(&str, T)], word: &str) -> Option<T> {
    words
        .iter()
        .find(|(w, _)| *w == word)
        .map(|&(_, value)| value)
}

/// The word `words` give `value`.
fn word_of<T: PartialEq>(words: &[(&'static str, T)], value: T) -> &'static str {
    words
        .iter()
        .find(|(_, v)| *v == value)
        .map_or("", |&(word, _)| word)
}
