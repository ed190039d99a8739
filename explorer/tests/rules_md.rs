//! The explorer links of docs/rules.md open on positions that show their rule: each is replayed here and its verdict, board or score checked, and every rule anchor the explorer links to exists in rules.md.

use serde_json::Value;
use tromp_taylor_explorer::Explorer;

fn rules_md() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/rules.md");
    std::fs::read_to_string(path).expect("docs/rules.md")
}

/// The explorer links of the "Each rule at work" list: the rule named and
/// the fragment.
fn links() -> Vec<(String, String)> {
    let text = rules_md();
    let (_, list) = text
        .split_once("### Each rule at work, in the explorer")
        .expect("the list of links");
    let list = list.split("\n## ").next().unwrap();
    list.lines()
        .filter_map(|line| {
            let line = line.strip_prefix("- [")?;
            let (name, rest) = line.split_once("](explorer/index.html#")?;
            let (fragment, _) = rest.split_once(')')?;
            Some((name.to_string(), fragment.to_string()))
        })
        .collect()
}

fn view(fragment: &str) -> Value {
    let explorer = Explorer::open_link(fragment);
    serde_json::from_str(&explorer.view()).expect("a view")
}

#[test]
fn every_rule_and_the_no_suicide_comment_has_a_link() {
    let names: Vec<String> = links().into_iter().map(|(name, _)| name).collect();
    let mut expected: Vec<String> = (1..=10).map(|n| format!("Rule {n}")).collect();
    expected.push("Comment 7'".to_string());
    assert_eq!(names, expected);
}

#[test]
fn each_link_shows_its_rule_at_work() {
    for (name, fragment) in links() {
        let view = view(&fragment);
        assert!(view["message"].is_null(), "{name}: {}", view["message"]);
        assert_eq!(view["disagreements"], serde_json::json!([]), "{name}");
        let verdict = &view["verdict"];
        let score = &view["score"];
        let cleared = verdict["cleared"].as_array().map_or(0, Vec::len);
        match name.as_str() {
            "Rule 1" => assert_eq!(
                (view["width"].as_u64(), view["height"].as_u64()),
                (Some(5), Some(3))
            ),
            "Rule 2" | "Rule 5" => assert_eq!(verdict["legal"], true, "{name}"),
            "Rule 3" | "Rule 4" => {
                assert_eq!(verdict["legal"], true, "{name}");
                assert!(cleared > 0, "{name}: {verdict}");
                assert!(verdict["clearing"]["rule4"].is_string(), "{name}");
            }
            "Rule 6" => {
                assert_eq!(verdict["legal"], false);
                assert_eq!(verdict["cited"]["rule"], "rule 6");
                assert_eq!(verdict["repeatsTurn"], 1);
            }
            "Rule 7" => {
                assert_eq!(verdict["legal"], true, "{verdict}");
                assert!(
                    cleared > 0,
                    "the suicide clears White's own string: {verdict}"
                );
            }
            "Rule 8" => {
                assert_eq!(verdict["legal"], false);
                assert_eq!(verdict["cited"]["rule"], "rule 8");
            }
            "Rule 9" => {
                assert_eq!(score["over"], true);
                assert_eq!(score["black"]["score"], 9);
            }
            "Rule 10" => assert_eq!(score["result"], "B+1.5", "{score}"),
            "Comment 7'" => {
                assert_eq!(verdict["legal"], false);
                assert_eq!(verdict["cited"]["anchor"], "comment-7-variation");
            }
            other => panic!("no check for {other}"),
        }
    }
}

#[test]
fn every_anchor_the_explorer_links_to_is_in_rules_md() {
    let rules = rules_md();
    let source = concat!(env!("CARGO_MANIFEST_DIR"), "/src/explain.rs");
    let source = std::fs::read_to_string(source).unwrap();
    let anchors: Vec<&str> = source
        .split('"')
        .filter(|word| {
            word.starts_with("rule-") || word.starts_with("comment-") || *word == "simple-ko"
        })
        .collect();
    assert!(anchors.len() >= 8, "{anchors:?}");
    for anchor in anchors {
        assert!(
            rules.contains(&format!("<a id={anchor}></a>")),
            "no anchor {anchor} in rules.md"
        );
    }
}
