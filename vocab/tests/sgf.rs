//! The reader and the writer: records read with their setups, passes and
//! variations, errors that name the node, and generated games (attempts off
//! the board, agreements, handicaps) written and read back unchanged.

use tromp_taylor_vocab::sgf::*;
use tromp_taylor_vocab::vocab::{
    Action, Color, Ending, Handicap, Player, Point, Rules, Setup, Size, Suicide, Turn,
};

fn size(w: usize, h: usize) -> Size {
    Size::new(w, h).unwrap()
}

fn turns(record: &GameRecord) -> Vec<(Player, Turn)> {
    record
        .moves
        .iter()
        .map(|m| match m.action {
            Action::Turn(turn) => (m.player, turn),
            Action::Agree(_) => panic!("an agreement"),
        })
        .collect()
}

#[test]
fn a_setup_on_a_rectangle_reads_with_its_player_passes_and_result() {
    let text = "(;FF[4]GM[1]SZ[3:2]KM[0.5]RE[B+1.5]AB[aa]AW[cb]PL[W]C[hello];W[bb];B[tt];W[])";
    let record = read_game(text, &ReadOptions::default()).unwrap();
    assert_eq!(record.size, size(3, 2));
    assert_eq!(record.rules_source, RulesSource::Default);
    assert_eq!(record.rules.komi_half_points, 1);
    let setup = record.setup.as_ref().unwrap();
    assert_eq!(
        setup[size(3, 2).index(Point::new(0, 1)).unwrap()],
        Color::Black
    );
    assert_eq!(
        setup[size(3, 2).index(Point::new(2, 0)).unwrap()],
        Color::White
    );
    assert_eq!(record.to_move, Some(Player::White));
    assert_eq!(record.first_player(), Player::White);
    assert_eq!(record.result.as_deref(), Some("B+1.5"));
    assert_eq!(record.comment.as_deref(), Some("hello"));
    assert_eq!(
        turns(&record),
        [
            (Player::White, Turn::Move(Point::new(1, 0))),
            (Player::Black, Turn::Pass),
            (Player::White, Turn::Pass),
        ]
    );
}

#[test]
fn variations_read_as_lines_with_labels() {
    let text = "(;SZ[2:1];B[aa](;W[ba])(;W[]))(;SZ[3];B[bb])";
    let main = read_records(text, &ReadOptions::default()).unwrap();
    assert_eq!(main.len(), 2);
    assert_eq!(main[0].line, "game 1");
    let all = ReadOptions {
        all_variations: true,
        ..ReadOptions::default()
    };
    let lines = read_records(text, &all).unwrap();
    let labels: Vec<&str> = lines.iter().map(|r| r.line.as_str()).collect();
    assert_eq!(
        labels,
        ["game 1, variation 1", "game 1, variation 2", "game 2"]
    );
    assert_eq!(turns(&lines[1])[1], (Player::White, Turn::Pass));
}

#[test]
fn errors_name_the_game_and_the_node() {
    let read = |text: &str| read_records(text, &ReadOptions::default()).unwrap_err();
    assert!(read("not sgf").to_string().starts_with("not SGF: "));
    for (text, message) in [
        (
            "(;SZ[5];B[cc];W[hh])",
            "game 1, node 2: the point hh is off the 5x5 board",
        ),
        (
            "(;SZ[60])",
            "game 1, node 0: SZ[60:60]: each side must be from 1 to 52",
        ),
        (
            "(;KM[7.25])",
            "game 1, node 0: KM[7.25] is no komi: it is not a multiple of 0.5",
        ),
        (
            "(;RU[Martian])",
            "game 1, node 0: RU[Martian] names rules we do not know (give --rules)",
        ),
    ] {
        assert_eq!(read(text).to_string(), message);
    }
    assert_eq!(
        read("(;SZ[3];B[aa];AE[aa])"),
        SgfError::SetupInGame { game: 1, node: 2 }
    );
    assert!(matches!(
        read("(;SZ[3];B[1])"),
        SgfError::NotAMove { node: 1, .. }
    ));
}

#[test]
fn rules_given_override_ru_and_keep_their_komi() {
    let options = ReadOptions {
        rules: Some("chinese".parse().unwrap()),
        ..ReadOptions::default()
    };
    let record = read_game("(;RU[Japanese]KM[6.5])", &options).unwrap();
    assert_eq!(record.rules_source, RulesSource::Override);
    assert!(record.rules.suicide == Suicide::Forbidden);
    assert_eq!(record.rules.komi_half_points, 13);
}

#[test]
fn a_record_writes_and_reads_back() {
    let mut record = GameRecord::new(size(5, 5), "chinese".parse().unwrap());
    let mut colors = vec![Color::Empty; 25];
    colors[0] = Color::Black;
    colors[24] = Color::White;
    record.setup = Some(colors);
    record.to_move = Some(Player::White);
    record.result = Some("W+1]".to_string());
    record.comment = Some("a \\ comment: with ] in it".to_string());
    record.moves = vec![RecordedMove {
        node: 1,
        player: Player::White,
        action: Action::Turn(Turn::Move(Point::new(2, 2))),
    }];
    let text = write_record(&record);
    assert!(text.starts_with("(;C[a \\\\ comment: with \\] in it]FF[4]GM[1]SZ[5]RU["));
    assert!(
        text.contains("AB[ae]AW[ea]PL[W]RE[W+1\\]];W[cc])"),
        "{text}"
    );
    let back = read_game(&text, &ReadOptions::default()).unwrap();
    assert_eq!(
        back,
        GameRecord {
            rules_source: RulesSource::Ru(record.rules.to_string()),
            ..record
        }
    );
}

#[test]
fn a_generated_games_attempts_agreements_and_handicap_survive_the_round_trip() {
    let setup = Setup {
        size: size(9, 7),
        rules: Rules {
            ending: Ending::Agreement,
            komi_half_points: -3,
            ..Rules::TROMP_TAYLOR
        },
        handicap: Handicap::Fixed(2),
    };
    let record = vec![
        (Player::White, Action::Turn(Turn::Move(Point::new(8, 0)))),
        (Player::Black, Action::Turn(Turn::Move(Point::new(12, 3)))),
        (Player::White, Action::Turn(Turn::Move(Point::new(2, 30)))),
        (Player::Black, Action::Turn(Turn::Pass)),
        (Player::White, Action::Turn(Turn::Pass)),
        (
            Player::White,
            Action::Agree(vec![Point::new(0, 0), Point::new(3, 6)]),
        ),
        (Player::White, Action::Agree(vec![])),
    ];
    let text = write(&setup, &record);
    assert!(text.contains("HA[2]AB["), "{text}");
    assert!(
        text.contains(";PL[W]AE[]C[agreement on the points to empty (comment 8)]"),
        "{text}"
    );
    assert_eq!(read(&text).unwrap(), (setup, record));
}

#[test]
fn a_free_handicap_and_a_square_board() {
    let setup = Setup {
        size: size(5, 5),
        rules: Rules::TROMP_TAYLOR,
        handicap: Handicap::Free(2),
    };
    let record = vec![(Player::Black, Action::Turn(Turn::Move(Point::new(0, 0))))];
    let text = write(&setup, &record);
    assert!(text.starts_with("(;FF[4]GM[1]SZ[5]RU["), "{text}");
    assert!(text.ends_with("HA[2];B[ae])"), "{text}");
    assert_eq!(read(&text).unwrap(), (setup, record));
}
