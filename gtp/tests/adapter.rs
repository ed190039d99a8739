//! The GTP adapter judged from outside: the commands it sends to set a game up and replay it, the boards and failures it reads, what it claims, and games played on our own referee over GTP (this test binary, started with `--serve`) compared with `fast`, with the board read from `list_stones` or `showboard`, a lost turn kept and undone.
//!
//! A test target without libtest's harness (`harness = false` in
//! gtp/Cargo.toml): started with `--serve`, the binary is the GTP engine
//! the tests start, which libtest's own output would garble.

use std::io::{BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Duration;
use tromp_taylor_gtp::adapter::answers::parse_showboard;
use tromp_taylor_gtp::adapter::{
    ask_after, claims, failure_named, failure_word, gtp_engine, gtp_engine_probed, kgs_rules_name,
    play_commands, setup_commands, GtpOptions, Probed, SetRules,
};
use tromp_taylor_gtp::capabilities::{Capabilities, CheckName};
use tromp_taylor_gtp::client::Failure;
use tromp_taylor_gtp::{Session, SessionOptions};
use tromp_taylor_harness::diff::{compare, compare_script, Difference};
use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::script::{Action, Script, Step, Undo};
use tromp_taylor_harness::vocab::{
    Color, Ending, Handicap, Illegal, IllegalMove, Player, Point, Rules, Setup, Size, Suicide, Turn,
};

/// Serves GTP on standard input and output as our referee (`fast`), less
/// the commands named in `hidden` (comma-separated): those it does not list
/// and refuses as unknown. A command named with `=` after it (`showboard=`)
/// answers nonsense instead, with `?` after it its answer as an error, with
/// `!` after it its answer as an error from the second time it is asked. It
/// says `referee ready` on standard error, and appends a line to the file
/// `count` names, if one is given. With `#` after it (`captures#`), the
/// command makes it write `the referee falls over` on standard error and
/// exit with 3.
fn serve(hidden: &str, count: Option<&str>) {
    let hidden: Vec<&str> = hidden.split(',').filter(|w| !w.is_empty()).collect();
    eprintln!("referee ready");
    if let Some(path) = count {
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .expect("the count file");
        writeln!(file, "started").expect("counted");
    }
    let mut session = Session::new(SessionOptions {
        engine: EngineKind::fast(),
        rules: Rules::TROMP_TAYLOR,
        seed: 0,
        files: false,
    });
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    let mut asked = Vec::new();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        let Some((name, args)) = words.split_first() else {
            continue;
        };
        if hidden.contains(&format!("{name}#").as_str()) {
            eprintln!("the referee falls over");
            std::process::exit(3);
        }
        let answer = if hidden.contains(&name.as_str()) {
            Err("unknown command".to_string())
        } else if hidden.contains(&format!("{name}=").as_str()) {
            Ok("nonsense".to_string())
        } else if hidden.contains(&format!("{name}!").as_str()) && asked.contains(name) {
            Err(session.execute(name, args).unwrap_or_else(|e| e))
        } else if hidden.contains(&format!("{name}?").as_str()) {
            Err(session.execute(name, args).unwrap_or_else(|e| e))
        } else {
            session.execute(name, args).map(|text| match name.as_str() {
                "list_commands" => text
                    .lines()
                    .filter(|c| !hidden.contains(&c.trim()))
                    .collect::<Vec<_>>()
                    .join("\n"),
                _ => text,
            })
        };
        asked.push(name.clone());
        let written = match answer {
            Ok(text) => write!(out, "= {text}\n\n"),
            Err(text) => write!(out, "? {text}\n\n"),
        };
        if written.and_then(|()| out.flush()).is_err() || name == "quit" {
            break;
        }
    }
}

/// The options that start this binary as a referee hiding `hidden`.
fn referee(hidden: &str) -> GtpOptions {
    let exe = std::env::current_exe().expect("this test binary");
    let command = vec![
        exe.display().to_string(),
        "--serve".to_string(),
        hidden.to_string(),
    ];
    GtpOptions::new(command, Duration::from_secs(30))
}

fn setup(w: usize, h: usize, rules: Rules, handicap: Handicap) -> Setup {
    Setup {
        size: Size::new(w, h).expect("a size"),
        rules,
        handicap,
    }
}

fn mv(x: usize, y: usize) -> Step {
    Step::Attempt(Turn::Move(Point::new(x, y)))
}

fn every_command() -> Capabilities {
    Capabilities {
        is_legal: true,
        all_legal: true,
        list_stones: true,
        showboard: true,
        captures: true,
        final_score: true,
        rectangular_boardsize: true,
        kata_set_rules: true,
        kgs_rules: true,
        undo: true,
        fixed_handicap: true,
        ..Capabilities::default()
    }
}

fn set_up_with_kata_set_rules_then_komi() {
    let options = referee("");
    let chinese: Rules = "chinese".parse().expect("chinese");
    let rules = Rules {
        komi_half_points: 15,
        ..chinese
    };
    let commands = setup_commands(
        &options,
        &every_command(),
        setup(9, 9, rules, Handicap::Fixed(3)),
    );
    let kata = format!(
        "kata-set-rules {}",
        Rules {
            komi_half_points: 0,
            ..rules
        }
    );
    assert_eq!(
        commands,
        [
            "boardsize 9",
            "clear_board",
            kata.as_str(),
            "komi 7.5",
            "fixed_handicap 3"
        ]
    );
    assert!(!kata.contains("7.5"), "{kata}");
    let rectangle = setup_commands(
        &options,
        &every_command(),
        setup(5, 3, rules, Handicap::Free(2)),
    );
    assert_eq!(rectangle[0], "rectangular_boardsize 5 3");
    assert_eq!(rectangle.len(), 4);
    // Only kgs-rules: the name of the KGS rule set these rules are, if any.
    let kgs = Capabilities {
        kata_set_rules: false,
        ..every_command()
    };
    let s = setup(9, 9, rules, Handicap::None);
    assert_eq!(setup_commands(&options, &kgs, s)[2], "kgs-rules chinese");
    // Komi and the lost turn aside.
    let lost = Rules {
        illegal_move: IllegalMove::LosesTurn,
        ..rules
    };
    assert_eq!(kgs_rules_name(lost), Some("chinese"));
    let kept = Rules {
        illegal_move: IllegalMove::Refused,
        ..rules
    };
    assert_eq!(kgs_rules_name(kept), Some("chinese"));
    let ten = setup(9, 9, Rules::TROMP_TAYLOR, Handicap::None);
    assert_eq!(
        setup_commands(&options, &kgs, ten),
        ["boardsize 9", "clear_board", "komi 0"]
    );
    let neither = Capabilities {
        kgs_rules: false,
        ..kgs
    };
    assert_eq!(setup_commands(&options, &neither, s).len(), 3);
    // The user's command, or nothing, whatever the engine has.
    let told = GtpOptions {
        set_rules: SetRules::Command("kgs-rules aga".to_string()),
        ..referee("")
    };
    assert_eq!(setup_commands(&told, &neither, s)[2], "kgs-rules aga");
    let silent = GtpOptions {
        set_rules: SetRules::Nothing,
        ..referee("")
    };
    assert_eq!(setup_commands(&silent, &every_command(), s).len(), 3);
}

fn set_rules_read_from_the_option() {
    assert_eq!(SetRules::from_option(None), SetRules::Auto);
    assert_eq!(SetRules::from_option(Some("  ")), SetRules::Nothing);
    assert_eq!(
        SetRules::from_option(Some(" kgs-rules aga ")),
        SetRules::Command("kgs-rules aga".to_string())
    );
}

fn turns_replay_as_play_commands() {
    let s = setup(5, 5, Rules::TROMP_TAYLOR, Handicap::None);
    let record = vec![
        (Player::Black, Action::Turn(Turn::Move(Point::new(0, 0)))),
        (Player::White, Action::Turn(Turn::Pass)),
        (Player::Black, Action::Turn(Turn::Move(Point::new(7, 0)))),
        (Player::Black, Action::Agree(vec![])),
        (Player::Black, Action::Turn(Turn::Move(Point::new(4, 4)))),
    ];
    assert_eq!(
        play_commands(s, &record),
        ["play b A1", "play w pass", "play b E5"]
    );
}

fn names_and_failures_read() {
    let options = GtpOptions::new(
        vec![
            "/usr/games/gnugo".to_string(),
            "--mode".to_string(),
            "gtp".to_string(),
        ],
        Duration::from_secs(1),
    );
    assert_eq!(options.name(), "gnugo --mode gtp");
    assert_eq!(failure_named("crash: it died"), Some("crash"));
    assert_eq!(failure_named("hang: play b A1"), Some("hang"));
    assert_eq!(failure_named("garbage: x"), Some("garbage"));
    assert_eq!(failure_named("unclaimed: x"), None);
    assert_eq!(failure_named("crash"), None);
    let garbage = Failure::Garbage {
        command: "showboard".to_string(),
        text: "nonsense".to_string(),
    };
    assert_eq!(failure_word(&garbage), "garbage");
    let hang = Failure::Hang {
        command: "x".to_string(),
        seconds: 1.0,
    };
    assert_eq!(failure_word(&hang), "hang");
}

fn boards_read_as_engines_draw_them() {
    let size = Size::new(3, 2).expect("3x2");
    // Row 2 on top; a row 0 and a row 3 that are no rows of this board.
    let text = " 3 O O O\n 2 X . O 2\n 1 . # o\n 0 X X X";
    let grid = parse_showboard(text, size).expect("read");
    use Color::{Black as B, Empty as E, White as W};
    assert_eq!(grid.colors, vec![E, B, W, B, E, W]);
    let marks = " 2 + , @\n 1 x O X";
    let grid = parse_showboard(marks, size).expect("read");
    assert_eq!(grid.colors, vec![B, W, B, E, E, W]);
    // KataGo's move numbers after a stone.
    let numbered = " 2 X12. .\n 1 .O3X";
    let grid = parse_showboard(numbered, size).expect("read");
    assert_eq!(grid.colors, vec![E, W, B, B, E, E]);
    // A row too short or too long, or missing, is no board.
    assert_eq!(parse_showboard(" 2 X . \n 1 . . .", size), None);
    assert_eq!(parse_showboard(" 2 X . . .\n 1 . . .", size), None);
    assert_eq!(parse_showboard(" 1 . . .", size), None);
    assert_eq!(parse_showboard(" 2 . . ?\n 1 . . .", size), None);
}

fn probed(caps: Capabilities, showboard: bool) -> Probed {
    Probed {
        caps,
        max_side: 19,
        showboard,
    }
}

fn claims_follow_the_commands() {
    let options = referee("");
    let all = claims(&probed(every_command(), false), &options);
    assert!(all.simple_ko && all.situational_superko && all.positional_superko);
    assert!(all.suicide_forbidden && all.suicide_allowed && all.territory_scoring);
    assert!(all.agreement_ending && all.two_passes_ending && all.area_scoring);
    assert!(all.legal_sets && all.verdict_queries && all.grids && all.captures);
    assert!(all.results && all.undo && all.fixed_handicap && all.rectangles);
    assert!(all.illegal_loses_turn && all.komi);
    assert!(!all.reasons && !all.scores && !all.agreements && !all.free_handicap);
    // Not told the rules: only those it is held to.
    let japanese: Rules = "simple-ko-territory".parse().expect("rules");
    let held = GtpOptions {
        rules: japanese,
        ..referee("")
    };
    let kgs = Capabilities {
        kata_set_rules: false,
        ..every_command()
    };
    let only = claims(&probed(kgs, false), &held);
    assert!(only.simple_ko && !only.positional_superko && !only.situational_superko);
    assert!(only.territory_scoring && !only.area_scoring);
    assert_eq!(only.suicide_allowed, japanese.suicide == Suicide::Allowed);
    assert_eq!(
        only.suicide_forbidden,
        japanese.suicide == Suicide::Forbidden
    );
    assert_eq!(only.agreement_ending, japanese.ending == Ending::Agreement);
    assert_eq!(only.two_passes_ending, japanese.ending == Ending::TwoPasses);
    // Held to the ten rules: only theirs.
    let ten = claims(&probed(kgs, false), &referee(""));
    assert!(ten.positional_superko && !ten.simple_ko && !ten.situational_superko);
    assert!(ten.area_scoring && !ten.territory_scoring);
    assert!(ten.suicide_allowed && !ten.suicide_forbidden);
    assert!(ten.two_passes_ending && !ten.agreement_ending);
    let commanded = GtpOptions {
        set_rules: SetRules::Command("kgs-rules japanese".to_string()),
        ..held
    };
    assert!(!claims(&probed(every_command(), false), &commanded).area_scoring);
    // A board from showboard alone.
    let board = Capabilities {
        list_stones: false,
        ..Capabilities::default()
    };
    let drawn = claims(&probed(board, true), &options);
    assert!(drawn.grids && drawn.illegal_loses_turn);
    let none = claims(&probed(board, false), &options);
    assert!(!none.grids && !none.illegal_loses_turn);
    assert!(!none.legal_sets && !none.undo && !none.results && !none.captures);
}

#[path = "adapter/games.rs"]
mod games;
use games::*;

/// Every test, by name.
fn tests() -> [(&'static str, fn()); 21] {
    [
        (
            "a_lost_turn_after_a_handicap_replays_from_white",
            a_lost_turn_after_a_handicap_replays_from_white,
        ),
        (
            "a_crash_names_the_standard_error_once",
            a_crash_names_the_standard_error_once,
        ),
        ("a_board_refused_is_garbage", a_board_refused_is_garbage),
        (
            "what_is_not_claimed_is_never_answered",
            what_is_not_claimed_is_never_answered,
        ),
        ("processes_are_pooled", processes_are_pooled),
        (
            "the_adapters_panics_are_kept_quiet",
            the_adapters_panics_are_kept_quiet,
        ),
        ("an_answer_refused_is_garbage", an_answer_refused_is_garbage),
        (
            "questions_asked_after_a_replay",
            questions_asked_after_a_replay,
        ),
        (
            "set_up_with_kata_set_rules_then_komi",
            set_up_with_kata_set_rules_then_komi,
        ),
        (
            "set_rules_read_from_the_option",
            set_rules_read_from_the_option,
        ),
        (
            "turns_replay_as_play_commands",
            turns_replay_as_play_commands,
        ),
        ("names_and_failures_read", names_and_failures_read),
        (
            "boards_read_as_engines_draw_them",
            boards_read_as_engines_draw_them,
        ),
        ("claims_follow_the_commands", claims_follow_the_commands),
        (
            "our_referee_over_gtp_agrees_with_fast",
            our_referee_over_gtp_agrees_with_fast,
        ),
        (
            "a_game_by_hand_answers_as_the_rules",
            a_game_by_hand_answers_as_the_rules,
        ),
        (
            "the_board_is_read_from_showboard_without_list_stones",
            the_board_is_read_from_showboard_without_list_stones,
        ),
        (
            "a_lost_turn_is_kept_and_undone",
            a_lost_turn_is_kept_and_undone,
        ),
        (
            "an_engine_without_the_commands_is_not_asked_them",
            an_engine_without_the_commands_is_not_asked_them,
        ),
        ("garbage_is_the_engines_panic", garbage_is_the_engines_panic),
        (
            "game_over_is_the_adapters_own",
            game_over_is_the_adapters_own,
        ),
    ]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("--garbage") {
        meet_garbage();
        return;
    }
    if args.get(1).map(String::as_str) == Some("--serve") {
        serve(
            args.get(2).map_or("", String::as_str),
            args.get(3).map(String::as_str),
        );
        return;
    }
    let tests = tests();
    let filter = args.get(1).filter(|a| !a.starts_with('-'));
    let mut failed = Vec::new();
    for (name, test) in tests {
        if filter.is_some_and(|f| !name.contains(f.as_str())) {
            continue;
        }
        match catch_unwind(AssertUnwindSafe(test)) {
            Ok(()) => println!("test {name} ... ok"),
            Err(_) => {
                println!("test {name} ... FAILED");
                failed.push(name);
            }
        }
    }
    if !failed.is_empty() {
        println!("failed: {failed:?}");
        std::process::exit(101);
    }
}

fn game_over_is_the_adapters_own() {
    let kind = gtp_engine(referee("")).expect("starts");
    let mut game = kind
        .start(setup(3, 3, Rules::TROMP_TAYLOR, Handicap::None))
        .expect("game");
    for _ in 0..2 {
        assert_eq!(game.play(Turn::Pass), Ok(()));
    }
    assert_eq!(game.check(Turn::Pass), Err(Illegal::GameOver));
    assert_eq!(game.play(Turn::Pass), Err(Illegal::GameOver));
    assert_eq!(game.consecutive_passes(), 2);
}

fn processes_are_pooled() {
    let path =
        std::env::temp_dir().join(format!("tromp-taylor-adapter-pool-{}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let mut options = referee("rectangular_boardsize");
    options.command.push(path.display().to_string());
    let kind = gtp_engine(options).expect("starts");
    let s = setup(3, 3, Rules::TROMP_TAYLOR, Handicap::None);
    for _ in 0..3 {
        let mut game = kind.start(s).expect("a game");
        assert_eq!(game.play(Turn::Pass), Ok(()));
    }
    assert!(kind
        .start(setup(5, 3, Rules::TROMP_TAYLOR, Handicap::None))
        .is_err());
    let game = kind.start(s).expect("a game");
    // Two at once: a second process.
    let other = kind.start(s).expect("another");
    drop((game, other));
    let started = std::fs::read_to_string(&path).expect("counted");
    let _ = std::fs::remove_file(&path);
    assert_eq!(started.lines().count(), 2, "{started}");
}

fn an_answer_refused_is_garbage() {
    let kind = gtp_engine(referee("captures?,final_score?")).expect("starts");
    let mut game = kind
        .start(setup(3, 3, Rules::TROMP_TAYLOR, Handicap::None))
        .expect("game");
    let asked = catch_unwind(AssertUnwindSafe(|| game.prisoners(Player::Black)));
    let message = *asked
        .expect_err("garbage")
        .downcast::<String>()
        .expect("a message");
    assert!(message.starts_with("garbage: "), "{message}");
    game.play(Turn::Pass).expect("pass");
    game.play(Turn::Pass).expect("pass");
    let asked = catch_unwind(AssertUnwindSafe(|| game.outcome()));
    let message = *asked
        .expect_err("garbage")
        .downcast::<String>()
        .expect("a message");
    assert!(message.starts_with("garbage: "), "{message}");
}

fn questions_asked_after_a_replay() {
    let options = referee("");
    let s = setup(3, 3, Rules::TROMP_TAYLOR, Handicap::None);
    let record = vec![
        (Player::Black, Action::Turn(Turn::Move(Point::new(1, 0)))),
        (Player::White, Action::Turn(Turn::Move(Point::new(0, 0)))),
        (Player::Black, Action::Turn(Turn::Move(Point::new(0, 1)))),
    ];
    let questions = ["list_stones b".to_string(), "captures b".to_string()];
    let replies = ask_after(&options, &every_command(), (s, &record), &questions).expect("asked");
    assert_eq!(replies.len(), 2);
    assert!(replies.iter().all(|r| r.ok));
    let mut stones: Vec<&str> = replies[0].text.split_whitespace().collect();
    stones.sort_unstable();
    assert_eq!(stones, ["A2", "B1"]);
    assert_eq!(replies[1].text, "1");
}

/// The adapter's own panics (an engine's garbage, here) are findings the
/// driver reports, not noise on standard error: this binary run with
/// `--garbage` meets one and prints nothing.
fn the_adapters_panics_are_kept_quiet() {
    let exe = std::env::current_exe().expect("this test binary");
    let output = std::process::Command::new(exe)
        .arg("--garbage")
        .output()
        .expect("runs");
    assert!(output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("garbage"), "{stderr}");
}

/// A game whose engine answers `captures` with nonsense, asked its prisoners.
fn meet_garbage() {
    let kind = gtp_engine(referee("captures=")).expect("starts");
    let game = kind
        .start(setup(3, 3, Rules::TROMP_TAYLOR, Handicap::None))
        .expect("game");
    let asked = catch_unwind(AssertUnwindSafe(|| game.prisoners(Player::Black)));
    assert!(asked.is_err());
}

/// An engine that dies on a command is a crash, whose message names the
/// end of its standard error once.
fn a_crash_names_the_standard_error_once() {
    let kind = gtp_engine(referee("captures#")).expect("starts");
    let game = kind
        .start(setup(3, 3, Rules::TROMP_TAYLOR, Handicap::None))
        .expect("game");
    let message = panic_of(|| {
        let _ = game.prisoners(Player::Black);
    });
    assert!(message.starts_with("crash: "), "{message}");
    // A crash's message ends with its last words already (as much of its
    // standard error as was read when it died: a race); the tail is never
    // added a second time.
    assert!(
        !message.contains("its standard error ended with"),
        "{message}"
    );
}

/// The message of the panic `ask` ends in.
fn panic_of(ask: impl FnOnce()) -> String {
    let payload = catch_unwind(AssertUnwindSafe(ask)).expect_err("a panic");
    match payload.downcast::<String>() {
        Ok(text) => *text,
        Err(payload) => payload
            .downcast_ref::<&str>()
            .map_or_else(String::new, |t| t.to_string()),
    }
}

/// A question the engine does not claim is a panic naming it (the driver
/// never asks it): a score as the position stands, which GTP cannot ask,
/// and the answers of commands it does not have.
fn what_is_not_claimed_is_never_answered() {
    let kind = gtp_engine(referee("all_legal,is_legal,captures,final_score")).expect("starts");
    let mut game = kind
        .start(setup(3, 3, Rules::TROMP_TAYLOR, Handicap::None))
        .expect("game");
    // GTP has no agreement on dead stones: one asked for is refused as not
    // in these rules, and changes nothing.
    assert_eq!(
        game.agree(&[Point::new(0, 0)]),
        Err(tromp_taylor_harness::vocab::Refusal::NotInTheseRules)
    );
    assert_eq!(game.consecutive_passes(), 0);
    let messages = [
        panic_of(|| {
            let _ = game.score(Player::Black);
        }),
        panic_of(|| {
            let _ = game.legal_turns();
        }),
        panic_of(|| {
            let _ = game.check(Turn::Move(Point::new(0, 0)));
        }),
        panic_of(|| {
            let _ = game.prisoners(Player::White);
        }),
        panic_of(|| {
            let _ = game.outcome();
        }),
    ];
    for message in messages {
        assert!(message.starts_with("unclaimed: "), "{message}");
    }
}

/// A board drawn in an error (`? ...`) is no answer: garbage, though it reads.
fn a_board_refused_is_garbage() {
    let (kind, found) = gtp_engine_probed(referee("list_stones,showboard!")).expect("starts");
    assert!(found.showboard);
    let game = kind
        .start(setup(3, 3, Rules::TROMP_TAYLOR, Handicap::None))
        .expect("game");
    let message = panic_of(|| {
        let _ = game.grid();
    });
    assert!(message.starts_with("garbage: "), "{message}");
}
