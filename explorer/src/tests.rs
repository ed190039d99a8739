//! Host tests of the explorer's logic: verdicts and their rules, clearing,
//! the score, the permalink and SGF round trips, and bad input.

use crate::engines::read_handicap;
use crate::link::MAX_TURNS;
use crate::web::Explorer;
use serde_json::Value;
use tromp_taylor_vocab::vocab::Handicap;

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

#[test]
fn superko_on_2x1_names_rule_6_and_the_turn_it_repeats() {
    let mut explorer = Explorer::open_link("size=2x1&turns=A1,B1");
    let before = json(&explorer.view());
    assert_eq!(before["board"], ".O");
    assert_eq!(before["message"], Value::Null);
    let view = json(&explorer.play(0, 0));
    let verdict = &view["verdict"];
    assert_eq!(verdict["legal"], false);
    assert_eq!(verdict["cited"]["rule"], "rule 6");
    assert_eq!(verdict["cited"]["anchor"], "rule-6");
    assert!(verdict["cited"]["quote"]
        .as_str()
        .unwrap()
        .contains("doesn't repeat an earlier grid coloring"));
    assert_eq!(verdict["repeatsTurn"], 1);
    assert_eq!(verdict["repeatsBoard"], "X.");
    assert_eq!(view["board"], ".O", "a refused move changes nothing");
    assert_eq!(view["disagreements"], json("[]"));
    assert_eq!(
        view["fragment"],
        "size=2x1&rules=koPOSITIONALscoreAREAsui1&komi=0&handicap=none&turns=A1,B1,A1"
    );
}

#[test]
fn a_capture_says_which_string_rule_4_cleared_and_what_it_was_next_to() {
    let explorer = Explorer::open_link("size=2x1&turns=A1,B1");
    let view = json(&explorer.view());
    let verdict = &view["verdict"];
    assert_eq!(verdict["legal"], true);
    assert_eq!(verdict["cited"]["rule"], "rule 7");
    let cleared = verdict["cleared"].as_array().unwrap();
    assert_eq!(cleared.len(), 1);
    assert_eq!(cleared[0]["color"], "black");
    assert_eq!(cleared[0]["points"], json(r#"["A1"]"#));
    assert_eq!(cleared[0]["nextTo"], json(r#"["B1"]"#));
    assert!(verdict["clearing"]["rule3"]
        .as_str()
        .unwrap()
        .starts_with("Rule 3"));
}

#[test]
fn suicide_clears_the_players_own_string() {
    // A pass is a turn (rule 6). On 3x1, Black A1, White C1, then Black B1
    // clears White first (capture); under the Chinese rules White A1 next
    // to Black B1 would clear its own stone: refused, and the turn is lost.
    let explorer = Explorer::open_link("size=1x1&turns=pass");
    assert_eq!(json(&explorer.view())["verdict"]["legal"], true);
    let mut explorer = Explorer::open_link("size=3x1&turns=A1,C1");
    let view = json(&explorer.play(1, 0));
    let cleared = view["verdict"]["cleared"].as_array().unwrap();
    assert_eq!(cleared[0]["color"], "white");
    assert_eq!(view["board"], "XX.");
    let mut explorer = Explorer::open_link("size=3x1&rules=chinese&turns=B1");
    let view = json(&explorer.play(0, 0));
    assert_eq!(view["verdict"]["cited"]["rule"], "comment 7");
    assert_eq!(view["verdict"]["lostTurn"], true);
    assert_eq!(view["toMove"], "Black");
}

#[test]
fn occupied_and_game_over_name_rules_7_and_8() {
    let mut explorer = Explorer::open_link("size=3x3&turns=B2");
    let view = json(&explorer.play(1, 1));
    assert_eq!(view["verdict"]["cited"]["rule"], "rule 7");
    assert_eq!(view["verdict"]["legal"], false);
    explorer.pass();
    let view = json(&explorer.pass());
    assert_eq!(view["over"], true);
    assert!(view["verdict"]["reason"]
        .as_str()
        .unwrap()
        .contains("(rule 8)"));
    let view = json(&explorer.play(0, 0));
    assert_eq!(view["verdict"]["cited"]["rule"], "rule 8");
}

#[test]
fn the_score_follows_rule_9_region_by_region() {
    let explorer = Explorer::open_link("size=5x1&komi=0.5&turns=B1,D1,pass,pass");
    let view = json(&explorer.view());
    let score = &view["score"];
    assert_eq!(score["over"], true);
    assert_eq!(score["marks"], "b n w");
    assert_eq!(score["black"]["score"], 2);
    assert_eq!(score["white"]["score"], 2);
    assert_eq!(score["result"], "W+0.5");
    assert_eq!(score["regions"].as_array().unwrap().len(), 3);
    assert_eq!(view["disagreements"], json("[]"));
}

#[test]
fn a_permalink_reopens_the_same_position_and_verdict() {
    let mut explorer = Explorer::open_link("size=9x7&rules=new-zealand&komi=6.5&handicap=fixed-2");
    explorer.play(4, 3);
    explorer.play(0, 0);
    explorer.play(4, 4);
    let first = json(&explorer.view());
    assert_eq!(first["message"], Value::Null);
    let again =
        json(&Explorer::open_link(&format!("#{}", first["fragment"].as_str().unwrap())).view());
    assert_eq!(first, again);
    assert_eq!(again["handicap"], "fixed 2");
    assert_eq!(again["rules"], "koSITUATIONALscoreAREAsui1");
}

#[test]
fn malformed_permalinks_say_why_and_show_an_empty_board() {
    for (fragment, says) in [
        ("size=99", "not a board size"),
        ("size=9&turns=D4,ZZ99", "turn 2"),
        ("size=9&rules=banana", "unknown rules"),
        ("komi=7.25", "multiple of 0.5"),
        ("colour=black", "unknown key"),
        ("size=9&handicap=fixed-99", "cannot be given"),
        ("size=9&turns=D4,%zz", "hex digits"),
        ("size", "not key=value"),
        ("size=2&setup=XX/XX", "could not be"),
    ] {
        let view = json(&Explorer::open_link(fragment).view());
        let message = view["message"].as_str().unwrap_or("");
        assert!(message.contains(says), "{fragment}: {message}");
        assert!(message.contains("empty 9x9 board"), "{fragment}: {message}");
        assert_eq!(view["board"], ".".repeat(81), "{fragment}");
    }
    let many = format!("size=2x1&turns={}", vec!["pass"; MAX_TURNS + 1].join(","));
    let view = json(&Explorer::open_link(&many).view());
    assert!(view["message"].as_str().unwrap().contains("at most"));
}

#[test]
fn a_refused_turn_in_the_middle_of_a_link_stops_there_and_says_so() {
    let view = json(&Explorer::open_link("size=2x1&turns=A1,B1,A1,pass").view());
    let message = view["message"].as_str().unwrap();
    assert!(message.contains("turn 3 of 4 (A1) is refused"), "{message}");
    assert_eq!(view["verdict"]["cited"]["rule"], "rule 6");
}

#[test]
fn an_sgf_with_an_illegal_move_shows_the_move_and_its_rule() {
    let explorer = Explorer::open_sgf("(;FF[4]GM[1]SZ[2:1];B[aa];W[ba];B[aa];W[])");
    let view = json(&explorer.view());
    let message = view["message"].as_str().unwrap();
    assert!(message.contains("turn 3 of 4 (A1) is refused"), "{message}");
    assert_eq!(view["verdict"]["turn"], "A1");
    assert_eq!(view["verdict"]["cited"]["rule"], "rule 6");
    assert_eq!(view["verdict"]["repeatsTurn"], 1);
}

#[test]
fn malformed_sgf_says_why_and_shows_an_empty_board() {
    for text in [
        "(;FF[4]GM[1]SZ[9];B[dd]",
        "hello",
        "(;GM[3])",
        "(;SZ[60])",
        "",
    ] {
        let view = json(&Explorer::open_sgf(text).view());
        let message = view["message"].as_str().unwrap_or("");
        assert!(
            message.starts_with("The SGF could not be read"),
            "{text}: {message}"
        );
        assert_eq!(view["board"], ".".repeat(81));
    }
}

#[test]
fn sgf_export_reads_back_to_the_same_game() {
    let mut explorer = Explorer::open_link("size=8x7&komi=2.5&handicap=fixed-2");
    assert_eq!(json(&explorer.view())["message"], Value::Null);
    for (x, y) in [(2, 2), (0, 0), (1, 1)] {
        explorer.play(x, y);
    }
    explorer.pass();
    let sgf = explorer.sgf();
    assert!(sgf.contains("SZ[8:7]") && sgf.contains("KM[2.5]"), "{sgf}");
    let again = Explorer::open_sgf(&sgf);
    let (a, b) = (json(&explorer.view()), json(&again.view()));
    assert_eq!(a["board"], b["board"]);
    assert_eq!(a["fragment"], b["fragment"], "{sgf}");
    assert_eq!(b["message"], Value::Null);
}

#[test]
fn handicaps_read_as_the_page_writes_them() {
    assert_eq!(read_handicap("none"), Ok(Handicap::None));
    assert_eq!(read_handicap("0"), Ok(Handicap::None));
    assert_eq!(read_handicap("4"), Ok(Handicap::Free(4)));
    assert_eq!(read_handicap("free-3"), Ok(Handicap::Free(3)));
    assert_eq!(read_handicap("fixed 4"), Ok(Handicap::Fixed(4)));
    assert!(read_handicap("lots").is_err());
}

#[test]
fn new_games_and_other_settings_replay_the_turns() {
    let explorer = Explorer::new("19", "Japanese", "6.5", "none");
    let view = json(&explorer.view());
    assert_eq!(view["rules"], "koSIMPLEscoreTERRITORYsui0");
    assert_eq!(view["komi"], "6.5");
    let bad = json(&Explorer::new("0", "tromp-taylor", "0", "none").view());
    assert!(bad["message"].as_str().unwrap().starts_with("size:"));
    let mut explorer = Explorer::open_link("size=2x1&turns=A1,B1");
    let view = json(&explorer.reconfigure("2x1", "koSIMPLEscoreAREAsui1", "", "none"));
    assert_eq!(view["board"], ".O");
    assert_eq!(view["turns"].as_array().unwrap().len(), 2);
    let view = json(&explorer.reconfigure("2x1", "nonsense", "", "none"));
    assert!(view["message"]
        .as_str()
        .unwrap()
        .contains("nothing was changed"));
}

#[test]
fn a_long_game_on_the_largest_board_agrees_in_both_engines() {
    let mut explorer = Explorer::open_link("size=52x52");
    for i in 0..1000usize {
        let p = (i * 7919) % 2704;
        explorer.play(p % 52, p / 52);
    }
    let view = json(&explorer.view());
    assert_eq!(view["disagreements"], json("[]"));
    assert!(view["turnsTaken"].as_u64().unwrap() > 900);
}
