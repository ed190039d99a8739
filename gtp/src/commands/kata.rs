//! The rules as KataGo's `kata-get-rules` and `kata-set-rules` write and
//! read them: JSON, a preset, a compact string, or a name other programs use.

use tromp_taylor_harness::sgf::rules_from_ru;
use tromp_taylor_harness::vocab::{Rules, Superko};

/// KataGo's words for the superko rules (`ko`).
const KO: [(&str, Superko); 3] = [
    ("POSITIONAL", Superko::Positional),
    ("SITUATIONAL", Superko::Situational),
    ("SIMPLE", Superko::SimpleKo),
];

/// The words of a yes-or-no option, for no and for yes: KataGo's `scoring`
/// (territory or not) and our `end` (agreement or not) and `illegal` (a lost
/// turn or not).
const SCORING: [&str; 2] = ["AREA", "TERRITORY"];
const END: [&str; 2] = ["TWOPASSES", "AGREEMENT"];
const ILLEGAL: [&str; 2] = ["REFUSED", "LOSETURN"];

/// The rules in KataGo's JSON form, with two fields of ours added when they
/// are on: `"end":"AGREEMENT"` (comment 8) and `"illegal":"LOSETURN"` (seed
/// 003: a move refused as suicide, ko or superko loses the turn).
pub fn kata_rules_json(rules: Rules) -> String {
    let (ko, _) = KO
        .iter()
        .find(|(_, superko)| *superko == rules.superko)
        .expect("every superko rule has a KataGo word");
    let scoring = SCORING[usize::from(rules.territory_scoring)];
    let mut ours = String::new();
    for (key, words, on) in [
        ("end", END, rules.agreement_ending),
        ("illegal", ILLEGAL, rules.illegal_loses_turn),
    ] {
        if on {
            ours.push_str(&format!(r#","{key}":"{}""#, words[1]));
        }
    }
    format!(
        r#"{{"friendlyPassOk":false,"hasButton":false,"ko":"{ko}","scoring":"{scoring}","suicide":{},"tax":"NONE","whiteHandicapBonus":"0"{ours}}}"#,
        rules.suicide_allowed
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
                rules.territory_scoring = yes_or_no(SCORING, s).ok_or_else(bad)?;
            }
            ("suicide", serde_json::Value::Bool(b)) => rules.suicide_allowed = *b,
            ("end", serde_json::Value::String(s)) => {
                rules.agreement_ending = yes_or_no(END, s).ok_or_else(bad)?;
            }
            ("illegal", serde_json::Value::String(s)) => {
                rules.illegal_loses_turn = yes_or_no(ILLEGAL, s).ok_or_else(bad)?;
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

/// Whether `word` is the yes (`true`) or the no (`false`) of `words`, if it is either.
fn yes_or_no(words: [&str; 2], word: &str) -> Option<bool> {
    words.iter().position(|w| *w == word).map(|i| i == 1)
}
