//! Writes the turns of a legal 52x52 game of 20,000 turns (the most a link
//! holds), for the explorer's long-link test and benchmark: each turn, of up
//! to 8 legal moves drawn at random (SplitMix64, seed 41), the one that
//! leaves the fewest stones; where 64 draws find none legal, one of all the
//! legal moves; a pass only where there is no legal move. Suicide is
//! allowed (the ten rules), so the game seldom runs out of moves. Usage:
//! `cargo run --release -p tromp-taylor-explorer --example long_link > explorer/tests/long-52x52.txt`

use tromp_taylor_engine::engine::EngineKind;
use tromp_taylor_engine::vertex::turn_name;
use tromp_taylor_engine::vocab::{Color, Handicap, Point, Rules, Setup, Size, Turn};

/// SplitMix64: the next number of the sequence `state` walks.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn main() {
    let size = Size::new(52, 52).expect("52x52 is a board");
    let setup = Setup {
        size,
        rules: Rules::TROMP_TAYLOR,
        handicap: Handicap::None,
    };
    let mut game = EngineKind::fast().start(setup).expect("52x52 starts");
    let mut state = 41u64;
    let mut turns = Vec::new();
    let mut passed = false;
    while turns.len() < 20_000 {
        // Of up to 8 legal moves drawn, the one that leaves the fewest
        // stones (a capture or a suicide where there is one): the board
        // stays sparse, as in a game of many small fights.
        let mut chosen: Option<(usize, Turn)> = None;
        let mut legal = 0;
        for _ in 0..64 {
            let p = (next(&mut state) % 2704) as usize;
            let turn = Turn::Move(Point::new(p % 52, p / 52));
            if game.play(turn).is_ok() {
                let stones = game
                    .grid()
                    .colors
                    .iter()
                    .filter(|&&c| c != Color::Empty)
                    .count();
                game.undo();
                if chosen.is_none_or(|(fewest, _)| stones < fewest) {
                    chosen = Some((stones, turn));
                }
                legal += 1;
                if legal == 8 {
                    break;
                }
            }
        }
        let mut chosen = chosen.map(|(_, turn)| turn);
        if chosen.is_none() {
            let moves: Vec<Turn> = game
                .legal_turns()
                .into_iter()
                .filter(|&t| t != Turn::Pass)
                .collect();
            if !moves.is_empty() {
                chosen = Some(moves[(next(&mut state) % moves.len() as u64) as usize]);
            }
        }
        let turn = match chosen {
            Some(turn) => turn,
            None if !passed => Turn::Pass,
            None => panic!("no legal move after a pass"),
        };
        passed = turn == Turn::Pass;
        assert!(game.play(turn).is_ok());
        turns.push(turn_name(turn));
    }
    println!("# explorer/tests/long-52x52.txt: 20,000 legal turns on 52x52, the most a link holds (cargo run --release -p tromp-taylor-explorer --example long_link)");
    println!("{}", turns.join(","));
}
