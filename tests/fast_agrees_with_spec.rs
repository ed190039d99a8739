//! Differential test: seeded random games played on `tromp-taylor-spec` and
//! `tromp-taylor-fast` side by side must agree on every verdict (reason and
//! `repeats_turn` included), every legal set, every coloring, and at the end
//! on the end of the game, the scores, the prisoners and the result, under
//! every combination of the rule options, with handicaps.

use tromp_taylor_fast as fast;
use tromp_taylor_spec as spec;

/// A tiny seeded PRNG (SplitMix64), so the games are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

fn fast_rules(r: spec::Rules) -> fast::Rules {
    fast::Rules {
        superko: match r.superko {
            spec::Superko::Positional => fast::Superko::Positional,
            spec::Superko::Situational => fast::Superko::Situational,
            spec::Superko::SimpleKo => fast::Superko::SimpleKo,
        },
        suicide: match r.suicide {
            spec::Suicide::Allowed => fast::Suicide::Allowed,
            spec::Suicide::Forbidden => fast::Suicide::Forbidden,
        },
        ending: match r.ending {
            spec::Ending::TwoPasses => fast::Ending::TwoPasses,
            spec::Ending::Agreement => fast::Ending::Agreement,
        },
        scoring: match r.scoring {
            spec::Scoring::Area => fast::Scoring::Area,
            spec::Scoring::Territory => fast::Scoring::Territory,
        },
        komi: fast::Komi::from_half_points(r.komi.half_points()),
    }
}

fn fast_handicap(h: spec::Handicap) -> fast::Handicap {
    match h {
        spec::Handicap::None => fast::Handicap::None,
        spec::Handicap::Free(n) => fast::Handicap::Free(n),
        spec::Handicap::Fixed(n) => fast::Handicap::Fixed(n),
    }
}

fn fast_point(p: spec::Point) -> fast::Point {
    fast::Point::new(p.x, p.y)
}

fn fast_turn(t: spec::Turn) -> fast::Turn {
    match t {
        spec::Turn::Pass => fast::Turn::Pass,
        spec::Turn::Move(p) => fast::Turn::Move(fast_point(p)),
    }
}

fn fast_player(p: spec::Player) -> fast::Player {
    match p {
        spec::Player::Black => fast::Player::Black,
        spec::Player::White => fast::Player::White,
    }
}

fn fast_color(c: spec::Color) -> fast::Color {
    match c {
        spec::Color::Black => fast::Color::Black,
        spec::Color::White => fast::Color::White,
        spec::Color::Empty => fast::Color::Empty,
    }
}

fn fast_verdict(v: Result<(), spec::IllegalTurn>) -> Result<(), fast::IllegalTurn> {
    v.map_err(|e| match e {
        spec::IllegalTurn::GameOver => fast::IllegalTurn::GameOver,
        spec::IllegalTurn::OffBoard(p) => fast::IllegalTurn::OffBoard(fast_point(p)),
        spec::IllegalTurn::Occupied(p) => fast::IllegalTurn::Occupied(fast_point(p)),
        spec::IllegalTurn::Suicide(p) => fast::IllegalTurn::Suicide(fast_point(p)),
        spec::IllegalTurn::Superko {
            point,
            repeats_turn,
        } => fast::IllegalTurn::Superko {
            point: fast_point(point),
            repeats_turn,
        },
        spec::IllegalTurn::Ko(p) => fast::IllegalTurn::Ko(fast_point(p)),
    })
}

fn fast_agreement(v: Result<(), spec::IllegalAgreement>) -> Result<(), fast::IllegalAgreement> {
    v.map_err(|e| match e {
        spec::IllegalAgreement::NotInTheseRules => fast::IllegalAgreement::NotInTheseRules,
        spec::IllegalAgreement::NotAfterTwoPasses => fast::IllegalAgreement::NotAfterTwoPasses,
        spec::IllegalAgreement::GameOver => fast::IllegalAgreement::GameOver,
        spec::IllegalAgreement::OffBoard(p) => fast::IllegalAgreement::OffBoard(fast_point(p)),
    })
}

fn fast_outcome(o: spec::Outcome) -> fast::Outcome {
    match o {
        spec::Outcome::Tie => fast::Outcome::Tie,
        spec::Outcome::Win {
            winner,
            half_points,
        } => fast::Outcome::Win {
            winner: fast_player(winner),
            half_points,
        },
    }
}

/// Every observable state both engines share must be equal.
fn assert_same_state(s: &spec::Game, f: &fast::Game, context: &str) {
    let coloring: Vec<fast::Color> = s
        .coloring()
        .colors()
        .iter()
        .map(|&c| fast_color(c))
        .collect();
    assert_eq!(coloring, f.coloring(), "coloring, {context}\n{s}");
    assert_eq!(s.is_over(), f.is_over(), "is_over, {context}");
    assert_eq!(fast_player(s.to_move()), f.to_move(), "to_move, {context}");
    assert_eq!(s.turns_taken(), f.turns_taken(), "turns, {context}");
    assert_eq!(
        s.consecutive_passes(),
        f.consecutive_passes(),
        "passes, {context}"
    );
    for p in [spec::Player::Black, spec::Player::White] {
        assert_eq!(
            s.prisoners(p),
            f.prisoners(fast_player(p)),
            "prisoners, {context}"
        );
    }
    let legal: Vec<fast::Turn> = s.legal_turns().into_iter().map(fast_turn).collect();
    assert_eq!(legal, f.legal_turns(), "legal set, {context}\n{s}");
    assert_eq!(f.hash(), f.hash_from_scratch(), "hash, {context}");
}

/// A random point, sometimes off the board, often on it.
fn random_point(rng: &mut Rng, w: usize, h: usize) -> spec::Point {
    let coordinate = |rng: &mut Rng, side: usize| match rng.below(20) {
        0 => side,
        1 => side + rng.below(100),
        // Far off the board, but not so far that `y * width + x` overflows:
        // spec's `Rectangle::index` computes it eagerly (`then_some`).
        2 => 1_000_000 + rng.below(3),
        _ => rng.below(side),
    };
    spec::Point::new(coordinate(rng, w), coordinate(rng, h))
}

/// Plays one random game on both engines, comparing after every step.
fn play_game(
    rng: &mut Rng,
    w: usize,
    h: usize,
    rules: spec::Rules,
    handicap: spec::Handicap,
    max_turns: usize,
) {
    let context = format!("{w}x{h} {rules:?} {handicap:?}");
    let grid = spec::Rectangle::new(w, h).unwrap();
    let s_setup = spec::Game::with_handicap(grid, rules, handicap);
    let f_setup = fast::Game::with_handicap(w, h, fast_rules(rules), fast_handicap(handicap));
    let (mut s, mut f) = match (s_setup, f_setup) {
        (Ok(s), Ok(f)) => (s, f),
        (
            Err(spec::RulesError::BadHandicap { why, .. }),
            Err(fast::SetupError::BadHandicap { why: fwhy, .. }),
        ) => {
            assert_eq!(why, fwhy, "handicap refusal, {context}");
            return;
        }
        (s, f) => panic!("setup differs, {context}: {s:?} vs {f:?}"),
    };
    let pass_percent = 3 + rng.below(25);
    let mut log = Vec::new();
    // Points emptied by the last turn: attempts there seek ko and superko.
    let mut emptied: Vec<spec::Point> = Vec::new();
    assert_same_state(&s, &f, &context);
    for step in 0..max_turns * 2 {
        let ctx = format!("{context} after {log:?}");
        if rng.chance(8) || (s.consecutive_passes() >= 2 && rng.chance(30)) {
            // An agreement: usually refused, sometimes accepted.
            let n = rng.below(4);
            let points: Vec<spec::Point> = (0..n).map(|_| random_point(rng, w, h)).collect();
            let fpoints: Vec<fast::Point> = points.iter().map(|&p| fast_point(p)).collect();
            let sv = fast_agreement(s.agree(&points));
            let fv = f.agree(&fpoints);
            assert_eq!(sv, fv, "agreement on {points:?}, {ctx}");
            log.push(format!("agree {points:?} -> {sv:?}"));
        } else {
            let attempt = if step >= max_turns || rng.chance(pass_percent) {
                spec::Turn::Pass
            } else if !emptied.is_empty() && rng.chance(60) {
                spec::Turn::Move(emptied[rng.below(emptied.len())])
            } else if rng.chance(50) {
                let legal = s.legal_turns();
                if legal.is_empty() {
                    spec::Turn::Pass
                } else {
                    legal[rng.below(legal.len())]
                }
            } else {
                spec::Turn::Move(random_point(rng, w, h))
            };
            let sv = fast_verdict(s.check(attempt));
            let fv = f.check(fast_turn(attempt));
            assert_eq!(sv, fv, "verdict on {attempt:?}, {ctx}\n{s}");
            let before = s.coloring().clone();
            let sv = fast_verdict(s.play(attempt));
            let fv = f.play(fast_turn(attempt));
            assert_eq!(sv, fv, "play {attempt:?}, {ctx}\n{s}");
            log.push(format!("{attempt:?} -> {sv:?}"));
            if sv.is_ok() && attempt != spec::Turn::Pass {
                emptied = grid
                    .points()
                    .filter(|&p| {
                        let i = grid.index(p).unwrap();
                        before[i] != spec::Color::Empty && s.coloring()[i] == spec::Color::Empty
                    })
                    .collect();
            }
        }
        assert_same_state(&s, &f, &ctx);
        if s.is_over() {
            break;
        }
    }
    // Two more passes, then the Agreement games end as is after four.
    for _ in 0..4 {
        let sv = fast_verdict(s.pass());
        assert_eq!(sv, f.pass(), "closing pass, {context}");
    }
    assert!(s.is_over() && f.is_over(), "{context}");
    assert_same_state(&s, &f, &context);
    for p in [spec::Player::Black, spec::Player::White] {
        assert_eq!(s.score(p), f.score(fast_player(p)), "score, {context}");
    }
    assert_eq!(fast_outcome(s.result()), f.result(), "result, {context}");
    assert_eq!(s.result().to_string(), f.result().to_string());
}

fn every_rules(rng: &mut Rng) -> Vec<spec::Rules> {
    let mut all = Vec::new();
    for superko in [
        spec::Superko::Positional,
        spec::Superko::Situational,
        spec::Superko::SimpleKo,
    ] {
        for suicide in [spec::Suicide::Allowed, spec::Suicide::Forbidden] {
            for ending in [spec::Ending::TwoPasses, spec::Ending::Agreement] {
                for scoring in [spec::Scoring::Area, spec::Scoring::Territory] {
                    let komi = spec::Komi::from_half_points(rng.below(17) as i32 - 4);
                    all.push(spec::Rules {
                        superko,
                        suicide,
                        ending,
                        scoring,
                        komi,
                    });
                }
            }
        }
    }
    all
}

fn random_handicap(rng: &mut Rng, w: usize, h: usize) -> spec::Handicap {
    match rng.below(4) {
        0 => spec::Handicap::Free(rng.below(w * h + 1)),
        1 if w >= 7 && h >= 7 => spec::Handicap::Fixed(rng.below(11)),
        _ => spec::Handicap::None,
    }
}

#[test]
fn small_boards_under_every_rule_combination() {
    let mut rng = Rng(1);
    for w in 1..=5 {
        for h in 1..=5 {
            for rules in every_rules(&mut rng) {
                for _ in 0..2 {
                    let handicap = random_handicap(&mut rng, w, h);
                    play_game(&mut rng, w, h, rules, handicap, 3 * w * h + 6);
                }
            }
        }
    }
}

#[test]
fn lines_and_rectangles() {
    let mut rng = Rng(2);
    let mut sizes: Vec<(usize, usize)> = (6..=12).map(|n| (1, n)).collect();
    sizes.extend((6..=9).map(|n| (n, 1)));
    sizes.extend((3..=8).map(|n| (2, n)));
    sizes.extend([(3, 7), (6, 4), (4, 11), (7, 3), (5, 6)]);
    for (w, h) in sizes {
        for rules in every_rules(&mut rng) {
            if rng.chance(40) {
                let handicap = random_handicap(&mut rng, w, h);
                play_game(&mut rng, w, h, rules, handicap, 2 * w * h + 6);
            }
        }
    }
}

#[test]
fn seven_by_seven_and_nine_by_nine_with_fixed_handicaps() {
    let mut rng = Rng(3);
    let rules = every_rules(&mut rng);
    for (i, stones) in [2usize, 3, 4, 5].into_iter().enumerate() {
        play_game(
            &mut rng,
            7,
            7,
            rules[(5 * i + 3) % rules.len()],
            spec::Handicap::Fixed(stones),
            40,
        );
    }
    play_game(&mut rng, 8, 8, rules[1], spec::Handicap::Fixed(5), 10);
    play_game(
        &mut rng,
        9,
        9,
        spec::Rules::default(),
        spec::Handicap::Fixed(9),
        60,
    );
}
