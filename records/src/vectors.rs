//! Portable conformance vectors: cases any engine in any language can run,
//! each a setup, the turns attempted, and what the rules say of each, with
//! `requires` tags so an engine can skip what it does not claim.
//!
//! The hand-written cases are the suite of `testdata/cases/` (read by
//! [`tromp_taylor_harness::cases`], their expectations derived by hand and confirmed here
//! by both `spec` and `fast`); the generated ones are games from the
//! tester's biased generators, computed by `spec` and confirmed by `fast`.
//! `export` writes one JSON file per group and a gogui-regress `.tst` file
//! per case.

use std::path::Path;
use tromp_taylor_harness::cases::{self, check_case, Attempt, Inputs};
use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::file::write_whole;
use tromp_taylor_harness::generate::{generate, random_setup, Bias, Rng};
use tromp_taylor_harness::vocab::{Handicap, Size, Turn};

pub use tromp_taylor_harness::cases::{
    check_schema, computed_case, group, read_vectors, under_rules, Case, EndCase, HandicapCase,
    SetupCase, TurnCase, VectorFile, VectorsError, FORMAT, SCHEMA,
};

/// Generated cases: games from the tester's biased generators on small
/// boards, resolved by `spec` and confirmed by `fast`.
fn generated(count: usize, seed: u64) -> Result<Vec<Case>, String> {
    let sizes: Vec<Size> = [(3, 3), (4, 4), (5, 5), (2, 3), (5, 2), (1, 6), (4, 3)]
        .iter()
        .map(|&(w, h)| Size::new(w, h).expect("valid"))
        .collect();
    let biases = [
        Bias::Uniform,
        Bias::Capture,
        Bias::Ko,
        Bias::Suicide,
        Bias::Long,
    ];
    let mut cases = Vec::new();
    let mut rng = Rng::new(seed);
    let mut index = 0;
    while cases.len() < count {
        index += 1;
        let mut setup = random_setup(&mut rng, &sizes, None);
        setup.handicap = Handicap::None;
        let bias = biases[index % biases.len()];
        let script = generate(setup, bias, &mut rng);
        let Some(resolved) = script.resolve() else {
            continue;
        };
        let attempts: Vec<Attempt> = resolved
            .into_iter()
            .map(|(_, action)| match action {
                tromp_taylor_harness::script::Action::Turn(turn) => Attempt::Turn(turn),
                tromp_taylor_harness::script::Action::Agree(points) => Attempt::Agree(points),
            })
            .filter(|a| match a {
                Attempt::Turn(Turn::Move(p)) => setup.size.index(*p).is_some(),
                _ => true,
            })
            .collect();
        let inputs = Inputs {
            setup,
            position: None,
            attempts,
        };
        let description = format!(
            "A {bias} game from the tester's generator on {}.",
            setup.size
        );
        let id = format!("generated/{bias}-{index:03}");
        cases.push(computed_case(id, description, "all", &inputs, true)?);
    }
    Ok(cases)
}

/// Every case: the hand-written ones of `cases_dir` (the suite's folder,
/// [`cases::suite_dir`], for ours), each confirmed by `spec` and by `fast`,
/// then `generated_count` generated ones.
pub fn all_cases(cases_dir: &Path, generated_count: usize, seed: u64) -> Result<Vec<Case>, String> {
    let all = cases::load_dir(cases_dir).map_err(|e| e.to_string())?;
    confirmed_with_generated(all, generated_count, seed)
}

/// Every case, as [`all_cases`], with the hand-written ones read from texts
/// rather than a folder: each `(file name, text)` as if read from that file
/// (a binary carries the suite this way: `vectors run --builtin`). An id
/// that two cases share is refused, as in a folder.
pub fn all_cases_from_texts(
    files: &[(&str, &str)],
    generated_count: usize,
    seed: u64,
) -> Result<Vec<Case>, String> {
    let mut all: Vec<Case> = Vec::new();
    let mut ids = std::collections::BTreeSet::new();
    for (name, text) in files {
        let file = cases::load_text(Path::new(name), text).map_err(|e| e.to_string())?;
        for case in file.cases {
            if !ids.insert(case.id.clone()) {
                return Err(format!(
                    "{name}: case {}: another case has this id",
                    case.id
                ));
            }
            all.push(case);
        }
    }
    confirmed_with_generated(all, generated_count, seed)
}

/// The hand-written cases, each confirmed by `spec` and by `fast`, then
/// `generated_count` generated ones.
fn confirmed_with_generated(
    mut all: Vec<Case>,
    generated_count: usize,
    seed: u64,
) -> Result<Vec<Case>, String> {
    for case in &all {
        for engine in [EngineKind::spec(), EngineKind::fast()] {
            check_case(&engine, case).map_err(|e| e.to_string())?;
        }
    }
    all.extend(generated(generated_count, seed)?);
    Ok(all)
}

/// The case as a gogui-regress test: `is_legal` for every attempted turn
/// (so an expected-illegal move is asked, not played), `play` for the legal
/// ones, then `final_score`. `None` when GTP cannot state the case
/// (agreements, setup positions, free handicaps).
pub fn regress_test(case: &Case) -> Option<String> {
    if case.setup.is_some()
        || case.turns.iter().any(|t| t.turn == "agree")
        || case.handicap.as_ref().is_some_and(|h| h.kind == "free")
    {
        return None;
    }
    let (w, h) = case.size.split_once('x')?;
    let mut text = format!(
        "# {}: {}\n# {} ({})\n",
        case.id,
        case.description,
        case.rule,
        case.requires.join(", ")
    );
    if w == h {
        text.push_str(&format!("boardsize {w}\n"));
    } else {
        text.push_str(&format!("rectangular_boardsize {w} {h}\n"));
    }
    text.push_str("clear_board\n");
    text.push_str(&format!("kata-set-rules {}\n", case.rules));
    text.push_str(&format!("komi {}\n", case.komi));
    if let Some(handicap) = &case.handicap {
        text.push_str(&format!("fixed_handicap {}\n", handicap.stones));
    }
    let mut id = 0;
    for turn in &case.turns {
        id += 1;
        let legal = turn.expect == "legal";
        text.push_str(&format!(
            "{id} is_legal {} {}\n#? [{}]\n",
            turn.player,
            turn.turn,
            u8::from(legal)
        ));
        if legal {
            text.push_str(&format!("play {} {}\n", turn.player, turn.turn));
        }
    }
    id += 1;
    text.push_str(&format!(
        "{id} final_score\n#? [{}]\n",
        case.end.result.replace('+', "\\+").replace('.', "\\.")
    ));
    Some(text)
}

/// Writes every group (the cases of `cases_dir`, then the generated ones)
/// as `DIR/GROUP.json` and every case GTP can state as
/// `DIR/tst/GROUP-NAME.tst`; returns the number of cases written.
pub fn export(
    cases_dir: &Path,
    dir: &Path,
    generated_count: usize,
    seed: u64,
) -> Result<usize, String> {
    export_cases(all_cases(cases_dir, generated_count, seed)?, dir)
}

/// Writes `cases` as [`export`] does (one JSON file per group, and a
/// gogui-regress `.tst` file per case it can state) into `dir`; returns how
/// many cases were written.
pub fn export_cases(cases: Vec<Case>, dir: &Path) -> Result<usize, String> {
    let files = group(cases);
    std::fs::create_dir_all(dir.join("tst")).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut count = 0;
    for file in &files {
        let path = dir.join(format!("{}.json", file.group));
        let text = serde_json::to_string_pretty(file).map_err(|e| e.to_string())?;
        write_whole(&path, text + "\n").map_err(|e| format!("{}: {e}", path.display()))?;
        for case in &file.cases {
            count += 1;
            if let Some(test) = regress_test(case) {
                let path = dir
                    .join("tst")
                    .join(format!("{}.tst", case.id.replace('/', "-")));
                write_whole(&path, test).map_err(|e| format!("{}: {e}", path.display()))?;
            }
        }
    }
    Ok(count)
}
