//! Host tests of the explorer's logic: verdicts and their rules, clearing,
//! the score, the permalink and SGF round trips, and bad input.

use crate::engines::read_handicap;
use crate::link::MAX_TURNS;
use crate::link::VERSION;
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
        "v=0.1.0&size=2x1&rules=tromp-taylor&komi=0&handicap=none&turns=A1,B1,A1"
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
    assert_eq!(
        again["rules"], "new-zealand",
        "a preset is shown by its name"
    );
}

#[test]
fn malformed_permalinks_say_why_and_show_an_empty_board() {
    for (fragment, says) in [
        ("size=99", "not a board size"),
        ("size=9&turns=D4,ZZ99", "turn 2"),
        ("size=9&rules=banana", "unknown rules"),
        ("komi=7.25", "multiple of 0.5"),
        (
            "colour=black",
            "a key \"colour\" the explorer does not know",
        ),
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
    assert_eq!(view["rules"], "simple-ko-territory");
    assert_eq!(view["komi"], "6.5");
    let bad = json(&Explorer::new("0", "tromp-taylor", "0", "none").view());
    assert!(bad["message"].as_str().unwrap().starts_with("size:"));
    let mut explorer = Explorer::open_link("size=2x1&turns=A1,B1");
    let view = json(&explorer.reconfigure("2x1", "koSIMPLEscoreAREAsui1", "", "none"));
    assert_eq!(view["board"], ".O");
    assert_eq!(view["turnItems"], 3, "the start and two turns");
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

fn message(view: &Value) -> &str {
    view["message"].as_str().unwrap_or("")
}

#[test]
fn duplicate_unknown_and_stray_parts_of_a_link_are_refused_by_name() {
    for (fragment, says) in [
        (
            "size=9&size=5",
            "the key size is given twice (size=9 and size=5)",
        ),
        ("size=9&komi=1&komi=2", "the key komi is given twice"),
        ("size=9&colour=b&moves=D4", "keys \"colour\", \"moves\""),
        ("size=3&first=W&turns=A1", "first=W needs a setup= position"),
        ("size=9&turns=A1,,,,B2", "turn 2: it is empty"),
        ("size=9&turns=A1,", "turn 2: it is empty"),
    ] {
        let view = json(&Explorer::open_link(fragment).view());
        let text = message(&view);
        assert!(text.contains(says), "{fragment}: {text}");
        assert!(
            text.starts_with("The link could not be read: "),
            "{fragment}: {text}"
        );
        assert_eq!(view["failed"], true, "{fragment}");
    }
}

#[test]
fn an_unreadable_turn_mentions_column_i_only_when_it_is_column_i() {
    let view = json(&Explorer::open_link("size=9&turns=A0,B1").view());
    let text = message(&view);
    assert!(text.contains("turn 1:"), "{text}");
    assert!(!text.contains("column I"), "{text}");
    let view = json(&Explorer::open_link("size=9&turns=I5").view());
    assert!(
        message(&view).contains("(there is no column I)"),
        "{}",
        message(&view)
    );
}

#[test]
fn messages_name_points_and_handicaps_as_a_reader_writes_them() {
    let view = json(&Explorer::open_link("size=52&handicap=free-2704").view());
    let text = message(&view);
    assert!(
        text.contains("a handicap of 2704 free stones cannot be given"),
        "{text}"
    );
    assert!(!text.contains("Free("), "{text}");
    let view = json(&Explorer::open_link("size=2x1&setup=XO").view());
    let text = message(&view);
    assert!(text.contains("the stone at A1"), "{text}");
    assert!(!text.contains("(0, 0)"), "{text}");
    let view = json(&Explorer::open_sgf("(;FF[4]GM[1]SZ[9]RU[Martian];B[aa])").view());
    let text = message(&view);
    assert!(
        text.contains("RU[Martian]") && !text.contains("--rules"),
        "{text}"
    );
    // One wording for an input that cannot be used.
    let view = json(&Explorer::open_link("size=9&handicap=fixed-99").view());
    assert!(
        message(&view).starts_with("The link could not be read: "),
        "{}",
        message(&view)
    );
}

#[test]
fn free_handicaps_go_up_to_the_links_limit() {
    let view = json(&Explorer::open_link("size=52&handicap=free-2703").view());
    assert_eq!(view["message"], Value::Null, "{}", message(&view));
    assert_eq!(view["handicap"], "free 2703");
    assert_eq!(read_handicap("free-2704"), Ok(Handicap::Free(2704)));
    assert!(read_handicap("free-2705").is_err());
}

#[test]
fn an_sgf_move_given_to_the_player_not_to_move_is_refused_with_a_message() {
    let view = json(&Explorer::open_sgf("(;SZ[9];B[aa];B[aa])").view());
    let text = message(&view);
    assert!(
        text.contains("gives turn 2 of 2 (A9) to Black, but White is to move then (rule 5"),
        "{text}"
    );
    assert_eq!(view["turnsTaken"], 1);
    // A free handicap is Black's consecutive turns: no message.
    let view = json(&Explorer::open_sgf("(;SZ[9]HA[2];B[aa];B[bb];W[cc])").view());
    assert_eq!(view["message"], Value::Null, "{}", message(&view));
    assert_eq!(view["turnsTaken"], 3);
}

#[test]
fn a_legal_suicide_is_called_one_and_cites_comment_7() {
    // White's A2 joins A1 into a string next to black B1, B2 and A3 only:
    // it clears itself (docs/rules.md's example of rule 7).
    let mut explorer = Explorer::open_link("size=3x3&turns=B1,A1,B2,pass,A3");
    let view = json(&explorer.play(0, 1));
    let verdict = &view["verdict"];
    assert_eq!(verdict["legal"], true, "{verdict}");
    assert_eq!(verdict["suicide"], true);
    assert_eq!(verdict["also"]["rule"], "comment 7");
    assert!(verdict["reason"].as_str().unwrap().contains("suicide"));
    assert_eq!(view["board"], ".X..X.X..", "A1 and A2 emptied");
    let view = json(&explorer.play(2, 2));
    assert_eq!(view["verdict"]["suicide"], false);
}

#[test]
fn every_verdict_cites_a_rule_with_an_anchor() {
    let mut explorer = Explorer::open_link("size=3x3");
    for view in [
        explorer.play(1, 1),
        explorer.play(1, 1),
        explorer.pass(),
        explorer.pass(),
    ] {
        let cited = &json(&view)["verdict"]["cited"];
        assert!(
            cited["rule"].as_str().is_some_and(|r| !r.is_empty()),
            "{cited}"
        );
        assert!(
            cited["anchor"].as_str().is_some_and(|a| !a.is_empty()),
            "{cited}"
        );
    }
    let view = json(&explorer.view());
    assert_eq!(
        view["verdict"]["cited"]["rule"], "rule 8",
        "the second pass ends the game"
    );
}

#[test]
fn replay_under_other_settings_keeps_the_refused_attempt() {
    let mut explorer = Explorer::open_link("size=2x1&turns=A1,B1,A1");
    assert_eq!(json(&explorer.view())["verdict"]["legal"], false);
    let view = json(&explorer.reconfigure("2x1", "koSITUATIONALscoreAREAsui1", "", "none"));
    assert_eq!(view["verdict"]["turn"], "A1");
    assert_eq!(view["verdict"]["legal"], false);
    assert!(view["fragment"]
        .as_str()
        .unwrap()
        .ends_with("turns=A1,B1,A1"));
}

#[test]
fn a_tie_and_the_last_move_are_in_the_view() {
    let view = json(&Explorer::open_link("size=2x1&turns=A1,B1,pass,pass").view());
    assert_eq!(view["score"]["result"], "W+2");
    let view = json(&Explorer::open_link("size=3x1&turns=A1,C1,pass,pass").view());
    assert_eq!(
        view["score"]["result"], "0",
        "a tie, which the page says in words"
    );
    assert_eq!(view["lastMove"], Value::Null, "a pass marks no point");
    let view = json(&Explorer::open_link("size=3x1&turns=A1,C1").view());
    assert_eq!(view["lastMove"], "C1");
}

#[test]
fn links_carry_the_version_and_another_version_opens_with_a_note() {
    let explorer = Explorer::open_link("size=2x1&turns=A1");
    assert!(explorer.fragment().starts_with(&format!("v={VERSION}&")));
    let view = json(&Explorer::open_link(&format!("v={VERSION}&size=2x1&turns=A1")).view());
    assert_eq!(view["message"], Value::Null);
    let view = json(&Explorer::open_link("v=0.0.1&size=2x1&turns=A1").view());
    let text = message(&view);
    assert!(
        text.contains("version 0.0.1") && text.contains(VERSION),
        "{text}"
    );
    assert_eq!(view["board"], "X.", "the position still opens");
}

#[test]
fn the_turn_list_is_given_a_part_at_a_time() {
    let explorer = Explorer::open_link("size=9&handicap=fixed-2&turns=B2,D4");
    let items = json(&explorer.turns(0, 100));
    assert_eq!(items.as_array().unwrap().len(), 4);
    assert_eq!(items[0]["text"], "the start");
    assert_eq!(items[1]["text"], "the handicap stones");
    assert_eq!(items[2]["text"], "W B2");
    assert_eq!(items[3]["number"], 3);
    assert_eq!(json(&explorer.turns(3, 4))[0]["text"], "B D4");
}

#[test]
fn the_long_link_of_the_benchmark_is_legal_to_its_last_turn() {
    let file = include_str!("../tests/long-52x52.txt");
    let turns = file.lines().find(|l| !l.starts_with('#')).unwrap().trim();
    assert_eq!(turns.split(',').count(), MAX_TURNS);
    let explorer = Explorer::open_link(&format!("size=52&turns={turns}"));
    let view = json(&explorer.view());
    assert_eq!(view["message"], Value::Null, "{}", message(&view));
    assert_eq!(view["turnsTaken"], MAX_TURNS);
    assert_eq!(view["disagreements"], json("[]"));
    let superko = json(&Explorer::open_link("size=2x1&turns=A1,B1,A1").view());
    assert_eq!(superko["verdict"]["repeatsBoard"], "X.");
}

/// The first `count` turns of the benchmark's long link, as a link's fragment.
fn long_link_prefix(count: usize, then: &str) -> String {
    let file = include_str!("../tests/long-52x52.txt");
    let turns = file.lines().find(|l| !l.starts_with('#')).unwrap().trim();
    let first: Vec<&str> = turns.split(',').take(count).collect();
    format!("size=52&turns={}{then}", first.join(","))
}

/// Lets `spec` check the link in slices of `turns`; how many slices it took.
fn check_in_slices(explorer: &mut Explorer, turns: usize) -> usize {
    let mut slices = 0;
    let mut checked = 0;
    loop {
        let progress = json(&explorer.check(turns));
        slices += 1;
        if progress["done"] == true {
            return slices;
        }
        let now = progress["checked"].as_u64().unwrap();
        assert!(now > checked, "a slice checked nothing: {progress}");
        checked = now;
        assert!(slices < 10_000, "the check does not end");
    }
}

#[test]
fn a_long_link_opens_with_fasts_position_then_spec_checks_it_in_slices() {
    let link = long_link_prefix(1_200, "");
    let mut explorer = Explorer::open_link_fast_first(&link);
    let first = json(&explorer.view());
    assert_eq!(first["checking"], json(r#"{"checked": 0, "of": 1200}"#));
    assert_eq!(first["verdict"]["byFast"], true);
    assert_eq!(first["verdict"]["legal"], true);
    assert_eq!(first["verdict"]["number"], 1_200);
    assert_eq!(
        first["verdict"]["cited"],
        Value::Null,
        "no rule is cited for spec"
    );
    assert_eq!(
        first["score"],
        Value::Null,
        "the score is spec's, shown once checked"
    );
    let by_spec = Explorer::open_link(&link);
    let spec_view = json(&by_spec.view());
    assert_eq!(first["board"], spec_view["board"]);
    assert_eq!(first["turnItems"], spec_view["turnItems"]);
    assert_eq!(explorer.turns(1_195, 1_201), by_spec.turns(1_195, 1_201));
    assert_eq!(check_in_slices(&mut explorer, 100), 12);
    assert_eq!(json(&explorer.view()), spec_view);
    assert_eq!(json(&explorer.check(100))["done"], true);
}

#[test]
fn a_play_while_spec_checks_waits_for_spec() {
    let mut explorer = Explorer::open_link_fast_first(&long_link_prefix(1_000, ""));
    assert_eq!(json(&explorer.check(10))["checked"], 10);
    let board = json(&explorer.view())["board"]
        .as_str()
        .unwrap()
        .to_string();
    let empty = board.find('.').unwrap();
    let view = json(&explorer.play(empty % 52, empty / 52));
    assert_eq!(view["checking"], Value::Null);
    assert_eq!(view["verdict"]["byFast"], Value::Null);
    assert_eq!(view["verdict"]["number"], 1_001);
    assert!(view["verdict"]["cited"]["rule"].is_string(), "{view}");
    assert_eq!(json(&explorer.check(10))["done"], true);
}

#[test]
fn a_refusal_in_a_long_link_stops_fast_and_spec_alike() {
    // Two passes end the game (rule 8): the turn after them is refused.
    let link = long_link_prefix(1_000, ",pass,pass,A1,B1");
    let mut explorer = Explorer::open_link_fast_first(&link);
    let first = json(&explorer.view());
    assert_eq!(first["verdict"]["legal"], false);
    assert!(
        first["verdict"]["says"]
            .as_str()
            .unwrap()
            .contains("rule 8"),
        "{first}"
    );
    check_in_slices(&mut explorer, 300);
    let checked = json(&explorer.view());
    assert_eq!(checked["verdict"]["legal"], false);
    assert_eq!(checked["verdict"]["number"], first["verdict"]["number"]);
    assert_eq!(checked["board"], first["board"]);
    assert!(checked["message"].as_str().unwrap().contains("is refused"));
    assert_eq!(checked["disagreements"], json("[]"));
}

#[test]
fn a_short_link_is_checked_by_spec_at_once() {
    let mut explorer = Explorer::open_link_fast_first("size=2x1&turns=A1,B1,A1");
    let view = json(&explorer.view());
    assert_eq!(view["checking"], Value::Null);
    assert_eq!(view["verdict"]["cited"]["rule"], "rule 6");
    assert_eq!(json(&explorer.check(1))["done"], true);
    let bad = json(&Explorer::open_link_fast_first("size=99").view());
    assert!(bad["message"]
        .as_str()
        .unwrap()
        .contains("could not be read"));
}
