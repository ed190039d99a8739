//! The generator plays through the `Engine` trait: `spec` and `fast` generate
//! the same scripts from the same seeds, `fast` is the default, and within
//! the harness only the adapters name an engine's crate.

use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::generate::{
    generate_on, generate_with, random_setup, Bias, Extras, Rng, BIASES,
};
use tromp_taylor_harness::script::Script;
use tromp_taylor_harness::variety::{focus, random_position};
use tromp_taylor_harness::vocab::{Handicap, Setup, Size};

/// A random game's setup, bias and extras (a setup position now and then,
/// undos, a focus around fixed handicap stones), drawn from `rng`.
fn draw(rng: &mut Rng, sizes: &[Size]) -> (Setup, Bias, Extras) {
    let setup = random_setup(rng, sizes, None);
    let bias = *rng.pick(&BIASES);
    let start = rng.percent(25).then(|| random_position(setup.size, rng));
    let extras = Extras {
        undo_percent: if rng.percent(50) { 15 } else { 0 },
        focus: focus(setup.size, setup.handicap),
        max_steps: rng.percent(20).then_some(10),
        start: start.filter(|_| setup.handicap == Handicap::None),
    };
    (setup, bias, extras)
}

/// The script `kind` generates, and the generator's next number after it.
fn generated(kind: &EngineKind, draw: &(Setup, Bias, Extras), rng: &Rng) -> (String, u64) {
    let mut rng = rng.clone();
    let script: Script = generate_on(kind, draw.0, draw.1, &mut rng, &draw.2);
    (format!("{script:?}"), rng.next_u64())
}

#[test]
fn spec_and_fast_generate_the_same_scripts() {
    let sizes: Vec<Size> = [
        (1, 1),
        (2, 1),
        (3, 1),
        (2, 2),
        (3, 3),
        (4, 3),
        (5, 5),
        (7, 7),
    ]
    .iter()
    .map(|&(w, h)| Size::new(w, h).expect("a valid size"))
    .collect();
    let (fast, spec) = (EngineKind::fast(), EngineKind::spec());
    let mut steps = 0;
    for seed in 0..200 {
        let mut rng = Rng::new(seed);
        let game = draw(&mut rng, &sizes);
        let on_fast = generated(&fast, &game, &rng);
        assert_eq!(on_fast, generated(&spec, &game, &rng), "seed {seed}");
        let mut default = rng.clone();
        let script = generate_with(game.0, game.1, &mut default, &game.2);
        assert_eq!(on_fast, (format!("{script:?}"), default.next_u64()));
        steps += script.steps.len();
    }
    assert!(steps > 2000, "only {steps} steps");
}

/// Every Rust file under `dir`.
fn rust_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("a readable folder") {
        let path = entry.expect("a folder entry").path();
        match path.is_dir() {
            true => files.extend(rust_files(&path)),
            false if path.extension().is_some_and(|e| e == "rs") => files.push(path),
            false => {}
        }
    }
    files
}

/// Within the harness, each engine's crate is named by its adapter only:
/// the generators (and everything else) reach the engines through the
/// `Engine` trait.
#[test]
fn the_harness_names_each_engine_in_its_adapter_only() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = rust_files(&src);
    assert!(files.len() > 10, "only {} files", files.len());
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a readable file");
        for (engine, adapter) in [
            ("tromp_taylor_spec", "engine/spec.rs"),
            ("tromp_taylor_fast", "engine/fast.rs"),
        ] {
            assert!(
                !text.contains(engine) || file.ends_with(adapter),
                "{} names {engine}",
                file.display()
            );
        }
    }
}
