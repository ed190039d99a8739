//! The reader on the records issue 12 names: lines of a million nodes and
//! deeply nested variations (read and dropped without recursion), files cut
//! short deep inside, Latin-1 text, boards past 26 columns written and read
//! back, and records that are not games (a point set up twice, two moves in
//! one node).

use tromp_taylor_vocab::sgf::*;
use tromp_taylor_vocab::vocab::{Action, Player, Point, Rules, Size, Turn};

/// A main line of `n` nodes after the root, alternating `B[aa]` and `W[bb]`.
fn long_line(n: usize) -> String {
    let mut text = String::with_capacity(n * 6 + 16);
    text.push_str("(;SZ[19]");
    for i in 0..n {
        text.push_str(if i % 2 == 0 { ";B[aa]" } else { ";W[bb]" });
    }
    text.push(')');
    text
}

#[test]
fn a_main_line_of_a_million_nodes_reads_and_drops() {
    let record = read_game(long_line(1_000_000), &ReadOptions::default()).unwrap();
    assert_eq!(record.moves.len(), 1_000_000);
    assert_eq!(record.moves[999_999].player, Player::White);
    assert_eq!(record.moves[999_999].node, 1_000_000);
}

#[test]
fn deeply_nested_variations_read_every_line() {
    // Each level holds two variations: a leaf, and the next level.
    let depth = 100_000;
    let mut text = "(;SZ[19]".to_string();
    for _ in 0..depth {
        text.push_str("(;B[])(;W[]");
    }
    text.push_str(&")".repeat(depth + 1));
    let main = read_records(&text, &ReadOptions::default()).unwrap();
    assert_eq!(main.len(), 1);
    let all = ReadOptions {
        all_variations: true,
        ..ReadOptions::default()
    };
    // The variations of a shallower copy, every line read.
    let mut shallow = "(;SZ[19]".to_string();
    for _ in 0..50 {
        shallow.push_str("(;B[])(;W[]");
    }
    shallow.push_str(&")".repeat(51));
    assert_eq!(read_records(&shallow, &all).unwrap().len(), 51);
}

#[test]
fn a_deep_file_cut_short_is_an_error_not_an_overflow() {
    let mut text = long_line(1_000_000);
    text.pop();
    let error = read_game(&text, &ReadOptions::default()).unwrap_err();
    assert!(
        error
            .to_string()
            .ends_with("the file ends inside 1 unclosed game tree"),
        "{error}"
    );
    let mut text = long_line(200_000);
    text.truncate(text.len() - 3);
    let error = read_game(&text, &ReadOptions::default()).unwrap_err();
    assert!(error.to_string().contains("never closed by ']'"), "{error}");
}

#[test]
fn syntax_errors_say_where() {
    let read = |text: &[u8]| read_records(text, &ReadOptions::default()).unwrap_err();
    assert_eq!(
        read(b"(;SZ[9]\n;B[aa]?)").to_string(),
        "not SGF: line 2, column 7: unexpected \"?\""
    );
    assert_eq!(read(b"").to_string(), "no game in the file");
    assert_eq!(
        read(b"(;B[aa])garbage").to_string(),
        "not SGF: line 1, column 9: a property outside any game tree"
    );
    assert_eq!(
        read(b"()").to_string(),
        "not SGF: line 1, column 2: a game tree without a node"
    );
}

#[test]
fn latin1_text_reads_by_ca_or_by_default() {
    let with_ca = b"(;CA[ISO-8859-1]SZ[9]C[Caf\xe9];B[aa])";
    let record = read_game(with_ca, &ReadOptions::default()).unwrap();
    assert_eq!(record.comment.as_deref(), Some("Caf\u{e9}"));
    // No CA, bytes that are not UTF-8: FF[4]'s default, ISO-8859-1.
    let without = b"(;SZ[9]C[na\xefve];B[aa])";
    let record = read_game(without, &ReadOptions::default()).unwrap();
    assert_eq!(record.comment.as_deref(), Some("na\u{ef}ve"));
    // UTF-8 stays UTF-8.
    let utf8 = "(;SZ[9]C[Café];B[aa])";
    let record = read_game(utf8, &ReadOptions::default()).unwrap();
    assert_eq!(record.comment.as_deref(), Some("Café"));
    // A byte-order mark is not text.
    let bom = b"\xEF\xBB\xBF(;SZ[9];B[aa])";
    assert_eq!(
        read_game(bom, &ReadOptions::default()).unwrap().moves.len(),
        1
    );
}

#[test]
fn a_52x52_game_round_trips_with_upper_case_letters() {
    let size = Size::new(52, 52).unwrap();
    let mut record = GameRecord::new(size, Rules::TROMP_TAYLOR);
    let points = [(0, 0), (26, 26), (51, 51), (30, 2), (2, 40)];
    record.moves = points
        .iter()
        .enumerate()
        .map(|(i, &(x, y))| RecordedMove {
            node: i + 1,
            player: if i % 2 == 0 {
                Player::Black
            } else {
                Player::White
            },
            action: Action::Turn(Turn::Move(Point::new(x, y))),
        })
        .chain(std::iter::once(RecordedMove {
            node: points.len() + 1,
            player: Player::White,
            action: Action::Turn(Turn::Pass),
        }))
        .collect();
    let text = write_record(&record);
    assert!(text.contains(";B[aZ]") && text.contains(";B[Za]"), "{text}");
    assert!(text.contains(";W[]"), "{text}");
    let back = read_game(&text, &ReadOptions::default()).unwrap();
    assert_eq!(back.moves, record.moves);
    // `tt` is a point on boards over 19x19, a pass only up to 19x19.
    let tt = read_game("(;SZ[30];B[tt])", &ReadOptions::default()).unwrap();
    assert_eq!(
        tt.moves[0].action,
        Action::Turn(Turn::Move(Point::new(19, 10)))
    );
}

#[test]
fn records_that_are_not_games_are_refused_with_the_node() {
    let read = |text: &str| {
        read_records(text, &ReadOptions::default())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        read("(;SZ[9]AB[aa][bb]AW[cc][bb])"),
        "game 1, node 0: the point bb is set up as both AB and AW"
    );
    assert_eq!(
        read("(;SZ[9];B[aa];B[bb]W[cc])"),
        "game 1, node 2: B[bb] W[cc] in one node: a node holds one move"
    );
    assert_eq!(
        read("(;SZ[9]KM[])"),
        "game 1, node 0: KM[\"\"] is malformed"
    );
}
