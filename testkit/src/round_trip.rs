//! Round trips of every text `spec` reads and writes, held to the harness's
//! own readers and writers and to small statements of each form kept here
//! as the oracle: rule strings and presets, komi, board sizes, diagrams and
//! results, and the messages of their refusals. `spec`'s and `fast`'s
//! differential tests run [`check_texts`]; the differential games check
//! everything else.

use tromp_taylor_harness::engine::spec::rules_to_spec;
use tromp_taylor_harness::generate::{every_rules, Rng};
use tromp_taylor_harness::vocab::{
    Color, Ending, Grid, IllegalMove, Outcome, Player, Rules, Scoring, Size, Suicide, Superko,
};
use tromp_taylor_spec as spec;

/// Every round trip, with random inputs drawn from `seed` (`count` of each
/// random kind): the first one that fails, described.
pub fn check_texts(seed: u64, count: usize) -> Result<(), String> {
    let mut rng = Rng::new(seed);
    rule_texts(&mut rng)?;
    preset_names()?;
    komi_texts(&mut rng, count)?;
    komi_refusals()?;
    size_texts(&mut rng, count)?;
    diagram_texts(&mut rng, count)?;
    outcome_texts(&mut rng, count)
}

/// Fails with `what` unless `ok`.
fn require(ok: bool, what: impl FnOnce() -> String) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(what())
    }
}

/// A komi of `half_points` / 2 as a decimal number, the way `f64` prints it.
fn komi_text(half_points: i32) -> String {
    (f64::from(half_points) / 2.0).to_string()
}

/// The compact rule string of `rules` (KataGo's form, with our `end` and
/// `illegal` keys), stated here from the fields.
fn compact(rules: Rules) -> String {
    let ko = match rules.superko {
        Superko::Positional => "POSITIONAL",
        Superko::Situational => "SITUATIONAL",
        Superko::SimpleKo => "SIMPLE",
    };
    let score = if rules.scoring == Scoring::Territory {
        "TERRITORY"
    } else {
        "AREA"
    };
    let mut text = format!(
        "ko{ko}score{score}sui{}",
        u8::from(rules.suicide == Suicide::Allowed)
    );
    if rules.ending == Ending::Agreement {
        text.push_str("endAGREEMENT");
    }
    if rules.illegal_move == IllegalMove::LosesTurn {
        text.push_str("illegalLOSETURN");
    }
    if rules.komi_half_points != 0 {
        text.push_str(&format!("komi{}", komi_text(rules.komi_half_points)));
    }
    text
}

/// The same rules as key-value pairs in a random order, every key written
/// (defaults too), with KataGo's neutral `taxNONE`, `button0`, `whb0` now
/// and then.
fn shuffled_compact(rules: Rules, rng: &mut Rng) -> String {
    let ko = match rules.superko {
        Superko::Positional => "POSITIONAL",
        Superko::Situational => "SITUATIONAL",
        Superko::SimpleKo => "SIMPLE",
    };
    let mut pairs = vec![
        format!("ko{ko}"),
        format!(
            "score{}",
            ["AREA", "TERRITORY"][usize::from(rules.scoring == Scoring::Territory)]
        ),
        format!("sui{}", u8::from(rules.suicide == Suicide::Allowed)),
        format!(
            "end{}",
            ["TWOPASSES", "AGREEMENT"][usize::from(rules.ending == Ending::Agreement)]
        ),
        format!(
            "illegal{}",
            ["REFUSED", "LOSETURN"][usize::from(rules.illegal_move == IllegalMove::LosesTurn)]
        ),
        format!("komi{}", komi_text(rules.komi_half_points)),
    ];
    for neutral in ["taxNONE", "button0", "whb0"] {
        if rng.percent(30) {
            pairs.push(neutral.to_string());
        }
    }
    for i in (1..pairs.len()).rev() {
        pairs.swap(i, rng.below(i + 1));
    }
    pairs.concat()
}

/// Every combination of the options with a random komi: `spec` prints the
/// compact string, reads it back, reads the keys in any order, and refuses
/// a bad value, an unsupported KataGo value and an unknown key with
/// messages that name them.
fn rule_texts(rng: &mut Rng) -> Result<(), String> {
    for mut rules in every_rules() {
        if rng.percent(60) {
            rules.komi_half_points = rng.below(61) as i32 - 30;
        }
        rule_text(rules, rng)?;
    }
    rule_refusals()?;
    // An unknown name is answered with the list of the presets, as listed.
    let names: Vec<&str> = spec::options::PRESETS
        .iter()
        .map(|(name, _)| *name)
        .collect();
    let list = format!("({})", names.join(", "));
    let message = spec::RulesError::Unknown("banana".into()).to_string();
    require(message.contains(&list), || {
        format!("an unknown name is refused with {message:?}, not the list {list}")
    })?;
    require(spec::Rules::from_compact(" ").is_err(), || {
        "spec reads a blank rule string".into()
    })
}

/// `rules`: `spec` adds komi to them, prints them as the compact string,
/// reads it back, and reads the keys shuffled.
fn rule_text(rules: Rules, rng: &mut Rng) -> Result<(), String> {
    let theirs = rules_to_spec(rules);
    let no_komi = rules_to_spec(Rules {
        komi_half_points: 0,
        ..rules
    });
    let komi = spec::Komi::from_half_points(rules.komi_half_points);
    require(no_komi.with_komi(komi) == theirs, || {
        format!(
            "spec's with_komi({komi}) on {no_komi} gives {}",
            no_komi.with_komi(komi)
        )
    })?;
    let text = compact(rules);
    require(theirs.to_string() == text, || {
        format!("spec prints {rules:?} as {theirs}, not {text}")
    })?;
    require(text.parse::<spec::Rules>() == Ok(theirs), || {
        format!("spec reads {text} as {:?}", text.parse::<spec::Rules>())
    })?;
    // The vocabulary's own conversion (its `Display` and reader) agrees
    // with the adapter's.
    require(rules.to_string() == text, || {
        format!("the vocabulary prints {rules:?} as {rules}, not {text}")
    })?;
    require(text.parse::<Rules>() == Ok(rules), || {
        format!("the vocabulary reads {text} as {:?}", text.parse::<Rules>())
    })?;
    let shuffled = shuffled_compact(rules, rng);
    require(spec::Rules::from_compact(&shuffled) == Ok(theirs), || {
        format!(
            "spec reads {shuffled} as {:?}",
            spec::Rules::from_compact(&shuffled)
        )
    })?;
    require(shuffled.parse::<spec::Rules>() == Ok(theirs), || {
        format!(
            "spec parses {shuffled} as {:?}",
            shuffled.parse::<spec::Rules>()
        )
    })?;
    Ok(())
}

/// The refusals of a bad value, an unsupported KataGo value, an unknown
/// key, an unknown name and a bad komi, with messages that name them.
fn rule_refusals() -> Result<(), String> {
    let refusals: [(&str, spec::RulesError, &[&str]); 8] = [
        (
            "koBANANAscoreAREA",
            spec::RulesError::BadValue {
                key: "ko".into(),
                value: "BANANA".into(),
            },
            &["\"BANANA\"", "\"ko\""],
        ),
        (
            "koSIMPLEsui2",
            spec::RulesError::BadValue {
                key: "sui".into(),
                value: "2".into(),
            },
            &["\"2\"", "\"sui\""],
        ),
        (
            "scoreAREAtaxSEKI",
            spec::RulesError::Unsupported {
                key: "tax".into(),
                value: "SEKI".into(),
            },
            &["taxSEKI"],
        ),
        (
            "button1koSIMPLE",
            spec::RulesError::Unsupported {
                key: "button".into(),
                value: "1".into(),
            },
            &["button1"],
        ),
        (
            "whb1",
            spec::RulesError::Unsupported {
                key: "whb".into(),
                value: "1".into(),
            },
            &["whb1"],
        ),
        (
            "koSIMPLEfoo1",
            spec::RulesError::UnknownKey("foo".into()),
            &["\"foo\""],
        ),
        (
            "banana",
            spec::RulesError::Unknown("banana".into()),
            &["\"banana\"", "chinese"],
        ),
        (
            "komi7.25",
            spec::RulesError::BadKomi {
                text: "7.25".into(),
                why: "it is not a multiple of 0.5",
            },
            &["\"7.25\"", "multiple of 0.5"],
        ),
    ];
    for (text, expected, words) in refusals {
        let got = text.parse::<spec::Rules>();
        require(got.as_ref() == Err(&expected), || {
            format!("spec reads {text:?} as {got:?}, not {expected:?}")
        })?;
        let message = expected.to_string();
        for word in words {
            require(message.contains(word), || {
                format!("the refusal of {text:?} says {message:?}, not {word}")
            })?;
        }
    }
    Ok(())
}

/// Each preset under its names, spelled as people type them.
fn preset_names() -> Result<(), String> {
    let chinese = Rules {
        suicide: Suicide::Forbidden,
        illegal_move: IllegalMove::LosesTurn,
        ..Rules::TROMP_TAYLOR
    };
    let new_zealand = Rules {
        superko: Superko::Situational,
        ..Rules::TROMP_TAYLOR
    };
    let simple_ko_territory = Rules {
        superko: Superko::SimpleKo,
        suicide: Suicide::Forbidden,
        scoring: Scoring::Territory,
        ..Rules::TROMP_TAYLOR
    };
    let presets = [
        (
            &["tromp-taylor", "Tromp Taylor", "tt", "trompTaylor"][..],
            Rules::TROMP_TAYLOR,
        ),
        (&["chinese", "CHINESE"][..], chinese),
        (&["new-zealand", "New_Zealand", "nz"][..], new_zealand),
        (
            &["simple-ko-territory", "SimpleKoTerritory"][..],
            simple_ko_territory,
        ),
    ];
    for (names, rules) in presets {
        for name in names {
            let got = name.parse::<spec::Rules>();
            require(got == Ok(rules_to_spec(rules)), || {
                format!("spec reads the preset {name:?} as {got:?}")
            })?;
        }
    }
    for (name, _) in spec::options::PRESETS {
        require(spec::Rules::preset(name).is_some(), || {
            format!("spec lists the preset {name:?} but does not read it")
        })?;
    }
    Ok(())
}

/// Random komi: `spec` prints them as numbers print, and reads them back
/// in every way of writing them (a sign, leading and trailing zeros,
/// blanks), and from the number.
fn komi_texts(rng: &mut Rng, count: usize) -> Result<(), String> {
    let max_half = 2 * spec::Komi::MAX_POINTS;
    let mut halves = vec![0, 1, -1, max_half, -max_half];
    halves.extend((0..count).map(|_| match rng.below(3) {
        0 => rng.below(41) as i32 - 20,
        1 => rng.below(2001) as i32 - 1000,
        _ => (rng.below(2 * max_half as usize + 1) as i64 - i64::from(max_half)) as i32,
    }));
    for half in halves {
        let komi = spec::Komi::from_half_points(half);
        let text = komi_text(half);
        require(komi.to_string() == text, || {
            format!("spec prints the komi of {half} half points as {komi}, not {text}")
        })?;
        require(komi.half_points() == half, || {
            format!("komi {half} keeps {}", komi.half_points())
        })?;
        let mut written = text.clone();
        if half >= 0 && rng.percent(30) {
            written.insert(0, '+');
        }
        if rng.percent(30) {
            let digits = written.find(|c: char| c.is_ascii_digit()).unwrap_or(0);
            written.insert_str(digits, "00");
        }
        if rng.percent(30) {
            written.push_str(if half % 2 == 0 { ".0" } else { "0" });
        }
        if rng.percent(20) {
            written = format!(" {written} ");
        }
        require(written.parse::<spec::Komi>() == Ok(komi), || {
            format!(
                "spec reads komi {written:?} as {:?}",
                written.parse::<spec::Komi>()
            )
        })?;
        let from_number = spec::Komi::from_points(f64::from(half) / 2.0);
        require(from_number == Ok(komi), || {
            format!(
                "spec takes the komi {} as {from_number:?}",
                f64::from(half) / 2.0
            )
        })?;
    }
    for (text, half) in [(".5", 1), ("5.", 10), ("-0", 0), ("6.50", 13), ("+0.5", 1)] {
        require(
            text.parse::<spec::Komi>() == Ok(spec::Komi::from_half_points(half)),
            || {
                format!(
                    "spec reads komi {text:?} as {:?}",
                    text.parse::<spec::Komi>()
                )
            },
        )?;
    }
    Ok(())
}

/// Komi that are not komi, each refused with its reason in its message.
fn komi_refusals() -> Result<(), String> {
    let empty = "it is empty";
    let not_number = "it is not a decimal number";
    let not_half = "it is not a multiple of 0.5";
    let too_large = "it is too large: komi is at most 1000000000 points either way";
    let texts = [
        ("", empty),
        ("  ", empty),
        ("abc", not_number),
        ("1e3", not_number),
        ("+", not_number),
        (".", not_number),
        ("--1", not_number),
        ("7.5.5", not_number),
        ("7.25", not_half),
        ("0.3", not_half),
        ("1000000000.5", too_large),
        ("1000000001", too_large),
        ("-1000000001", too_large),
        ("99999999999", too_large),
    ];
    for (text, why) in texts {
        let expected = spec::RulesError::BadKomi {
            text: text.to_string(),
            why,
        };
        let got = text.parse::<spec::Komi>();
        require(got.as_ref() == Err(&expected), || {
            format!("spec reads komi {text:?} as {got:?}, not {expected:?}")
        })?;
        let message = expected.to_string();
        require(
            message.contains(why) && message.contains(&format!("{text:?}")),
            || format!("the refusal of komi {text:?} says {message:?}"),
        )?;
    }
    let numbers = [
        (f64::NAN, "it is not a finite number"),
        (f64::INFINITY, "it is not a finite number"),
        (0.25, not_half),
        (1e9 + 1.0, too_large),
        (-1e9 - 1.0, too_large),
    ];
    for (points, why) in numbers {
        let got = spec::Komi::from_points(points);
        let ok = matches!(&got, Err(spec::RulesError::BadKomi { why: w, .. }) if *w == why);
        require(ok, || {
            format!("spec takes the komi {points} as {got:?}, not {why}")
        })?;
    }
    Ok(())
}

/// What a size text should read as, stated here: `N`, `WxH` or `W:H`
/// (`X` too), each side 1 to 6 digits; a side of 0 or over 52 is a bad size,
/// anything else a bad text.
fn expected_size(text: &str) -> Result<(usize, usize), spec::GridError> {
    let bad = || spec::GridError::BadSizeText(text.to_string());
    let side = |s: &str| {
        let s = s.trim();
        let digits = !s.is_empty() && s.len() <= 6 && s.bytes().all(|b| b.is_ascii_digit());
        digits
            .then(|| s.parse::<usize>().ok())
            .flatten()
            .ok_or_else(bad)
    };
    let (w, h) = match text.trim().split_once(['x', 'X', ':']) {
        Some((w, h)) => (side(w)?, side(h)?),
        None => (side(text)?, side(text)?),
    };
    match Size::new(w, h) {
        Some(_) => Ok((w, h)),
        None => Err(spec::GridError::BadSize {
            width: w,
            height: h,
        }),
    }
}

/// Board sizes written every way: `spec` reads each as stated above, and
/// as the harness does wherever the harness reads it; prints each as the
/// harness prints it; and names the text or the size in its refusal.
fn size_texts(rng: &mut Rng, count: usize) -> Result<(), String> {
    let mut texts: Vec<String> = [
        "", "x", "9x", "x9", "abc", "9x9x9", "1234567", "123456", "000009", "0000009", "0", "53",
        "52:52", "+9", "9x+9", " 7 X 5 ", "-1",
    ]
    .map(String::from)
    .to_vec();
    for _ in 0..count {
        let (w, h) = (rng.below(60), rng.below(60));
        let separator = *rng.pick(&["x", "X", ":", " x ", ""]);
        texts.push(match separator {
            "" => w.to_string(),
            s => format!("{w}{s}{h}"),
        });
    }
    for text in texts {
        let theirs = text.parse::<spec::Rectangle>();
        let expected = expected_size(&text);
        let read = theirs.as_ref().map(|r| (r.width(), r.height()));
        require(read.map_err(Clone::clone) == expected, || {
            format!("spec reads the size {text:?} as {theirs:?}, not {expected:?}")
        })?;
        if let (Ok(r), Ok(s)) = (&theirs, text.parse::<Size>()) {
            require(r.to_string() == s.to_string(), || {
                format!("spec prints {text:?} as {r}, the harness as {s}")
            })?;
        }
        if let Err(e) = &theirs {
            let message = e.to_string();
            let names = match e {
                spec::GridError::BadSizeText(_) => message.contains(&format!("{text:?}")),
                spec::GridError::BadSize { width, height } => {
                    message.contains(&format!("{width}x{height}"))
                }
                _ => false,
            };
            require(names, || {
                format!("spec refuses {text:?} saying {message:?}")
            })?;
        }
    }
    Ok(())
}

/// Random colorings: `spec`'s diagram reads back through the harness's
/// reader, and the harness's rows (with blanks and the other marks `spec`
/// takes) through `spec`'s; diagrams of the wrong shape or with a stray
/// mark are refused with messages that say so.
fn diagram_texts(rng: &mut Rng, count: usize) -> Result<(), String> {
    for _ in 0..count {
        let size = Size::new(1 + rng.below(9), 1 + rng.below(9)).expect("a valid size");
        let grid = spec::Rectangle::new(size.width(), size.height()).expect("a valid size");
        let colors: Vec<Color> = (0..size.points())
            .map(|_| *rng.pick(&[Color::Black, Color::White, Color::Empty]))
            .collect();
        let mut coloring = spec::rules::empty_grid(&grid);
        for (i, c) in colors.iter().enumerate() {
            coloring[i] = *c;
        }
        let points: Vec<(usize, usize)> = grid.points().map(|p| (p.x, p.y)).collect();
        let ours: Vec<(usize, usize)> = size.all_points().map(|p| (p.x, p.y)).collect();
        require(points == ours, || {
            format!("spec's points of {size} are {points:?}")
        })?;
        for color in [Color::Black, Color::White, Color::Empty] {
            let count = colors.iter().filter(|&&c| c == color).count();
            require(coloring.count(color) == count, || {
                format!(
                    "spec counts {} of {color:?}, not {count}",
                    coloring.count(color)
                )
            })?;
        }
        let diagram = grid.diagram(&coloring);
        let read = Grid::from_rows(&diagram);
        require(read.as_ref().map(|g| &g.colors) == Ok(&colors), || {
            format!("spec's diagram {diagram:?} reads as {read:?}")
        })?;
        let ours = Grid {
            size,
            colors: colors.clone(),
        };
        let rows: Vec<String> = ours
            .rows()
            .into_iter()
            .map(|row| {
                row.chars()
                    .map(|c| {
                        let other = match c {
                            'X' => *rng.pick(&["X", "x", "B", "b"]),
                            'O' => *rng.pick(&["O", "o", "W", "w"]),
                            _ => *rng.pick(&[".", "+"]),
                        };
                        format!("{other}{}", if rng.percent(10) { " " } else { "" })
                    })
                    .collect()
            })
            .collect();
        let text = format!("\n{}\n", rows.join("\n"));
        let back = grid.coloring_from_diagram(&text);
        require(back.as_ref() == Ok(&coloring), || {
            format!("spec reads the diagram {text:?} as {back:?}")
        })?;
        let short = rows[1..].join("\n");
        let shape = spec::GridError::DiagramShape {
            expected_rows: size.height(),
            expected_columns: size.width(),
        };
        require(
            grid.coloring_from_diagram(&short) == Err(shape.clone()),
            || format!("spec reads the short diagram {short:?}"),
        )?;
        let message = shape.to_string();
        require(
            message.contains(&format!("{} rows of {}", size.height(), size.width())),
            || format!("the refusal of a short diagram says {message:?}"),
        )?;
        let stray = text.replacen(['X', 'x', 'B', 'b', 'O', 'o', 'W', 'w', '.', '+'], "Z", 1);
        let refused = grid.coloring_from_diagram(&stray);
        require(
            refused == Err(spec::GridError::DiagramCharacter('Z')),
            || format!("spec reads {stray:?} as {refused:?}"),
        )?;
        let message = spec::GridError::DiagramCharacter('Z').to_string();
        require(message.contains("'Z'"), || {
            format!("a stray mark is refused as {message:?}")
        })?;
    }
    Ok(())
}

/// Random results: `spec` prints them as the harness prints them, and the
/// harness reads them back.
fn outcome_texts(rng: &mut Rng, count: usize) -> Result<(), String> {
    for i in 0..count {
        let half_points = match i % 3 {
            0 => rng.below(20) as u64,
            1 => rng.next_u64() % 1_000_000_000,
            _ => 1 + rng.below(3) as u64,
        };
        let (theirs, ours) = match rng.below(3) {
            0 => (
                spec::Outcome::Tie,
                Outcome {
                    winner: None,
                    half_points: 0,
                },
            ),
            n => {
                let winner = if n == 1 { Player::Black } else { Player::White };
                (
                    spec::Outcome::Win {
                        winner,
                        half_points: half_points.max(1),
                    },
                    Outcome {
                        winner: Some(winner),
                        half_points: half_points.max(1),
                    },
                )
            }
        };
        let text = theirs.to_string();
        require(text == ours.to_string(), || {
            format!("spec prints {theirs:?} as {text}, the harness as {ours}")
        })?;
        require(text.parse::<Outcome>() == Ok(ours), || {
            format!(
                "the harness reads spec's {text} as {:?}",
                text.parse::<Outcome>()
            )
        })?;
    }
    Ok(())
}
