//! The conformance suite carried inside the binary: the hand-written case
//! files of `testdata/cases/`, so that `vectors run --builtin` and `vectors
//! export` work where the source tree is not (an installed binary).

/// Each file of `testdata/cases/`: its name and its text. `tests/vectors.rs`
/// checks that the list is the folder, file for file.
pub const CASE_FILES: &[(&str, &str)] = &[
    (
        "board-19.json",
        include_str!("../../testdata/cases/board-19.json"),
    ),
    (
        "comment-10.json",
        include_str!("../../testdata/cases/comment-10.json"),
    ),
    (
        "comment-5.json",
        include_str!("../../testdata/cases/comment-5.json"),
    ),
    (
        "comment-6.json",
        include_str!("../../testdata/cases/comment-6.json"),
    ),
    (
        "comment-7.json",
        include_str!("../../testdata/cases/comment-7.json"),
    ),
    (
        "comment-8.json",
        include_str!("../../testdata/cases/comment-8.json"),
    ),
    (
        "comment-9.json",
        include_str!("../../testdata/cases/comment-9.json"),
    ),
    (
        "fixed-handicap.json",
        include_str!("../../testdata/cases/fixed-handicap.json"),
    ),
    (
        "rule-1.json",
        include_str!("../../testdata/cases/rule-1.json"),
    ),
    (
        "rule-10.json",
        include_str!("../../testdata/cases/rule-10.json"),
    ),
    (
        "rule-6.json",
        include_str!("../../testdata/cases/rule-6.json"),
    ),
    (
        "rule-7.json",
        include_str!("../../testdata/cases/rule-7.json"),
    ),
    (
        "rule-8.json",
        include_str!("../../testdata/cases/rule-8.json"),
    ),
    (
        "rule-9.json",
        include_str!("../../testdata/cases/rule-9.json"),
    ),
    (
        "seed-003.json",
        include_str!("../../testdata/cases/seed-003.json"),
    ),
    (
        "seed-004.json",
        include_str!("../../testdata/cases/seed-004.json"),
    ),
    (
        "setup.json",
        include_str!("../../testdata/cases/setup.json"),
    ),
];

/// How many generated cases the built-in vectors hold besides the
/// hand-written ones, and their seed: `vectors export`'s defaults.
pub const GENERATED: usize = 40;
/// The seed of the generated cases.
pub const SEED: u64 = 20261122;

/// The built-in vectors, grouped into files as `vectors export` writes
/// them: every hand-written case confirmed by `spec` and `fast`, and the
/// generated ones.
pub fn vector_files() -> Result<Vec<tromp_taylor_records::vectors::VectorFile>, String> {
    let cases = tromp_taylor_records::vectors::all_cases_from_texts(CASE_FILES, GENERATED, SEED)?;
    Ok(tromp_taylor_records::vectors::group(cases))
}

#[cfg(test)]
mod tests {
    use super::CASE_FILES;

    #[test]
    fn the_built_in_files_are_the_suites_folder() {
        let dir = tromp_taylor_harness::cases::suite_dir();
        let mut on_disk: Vec<(String, String)> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .map(|p| {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                (name, std::fs::read_to_string(&p).unwrap())
            })
            .collect();
        on_disk.sort();
        let built_in: Vec<(String, String)> = CASE_FILES
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect();
        assert_eq!(
            built_in.iter().map(|(n, _)| n).collect::<Vec<_>>(),
            on_disk.iter().map(|(n, _)| n).collect::<Vec<_>>(),
            "src/cmd/builtin_cases.rs must list every file of {}",
            dir.display()
        );
        assert_eq!(built_in, on_disk);
    }

    #[test]
    fn the_built_in_vectors_are_the_exported_ones() {
        let dir = std::env::temp_dir().join(format!("tromp-taylor-builtin-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let exported = tromp_taylor_records::vectors::export(
            &tromp_taylor_harness::cases::suite_dir(),
            &dir,
            super::GENERATED,
            super::SEED,
        )
        .unwrap();
        let read = tromp_taylor_records::vectors::read_vectors(&dir).unwrap();
        let built_in = super::vector_files().unwrap();
        assert_eq!(
            built_in.iter().map(|f| f.cases.len()).sum::<usize>(),
            exported
        );
        assert_eq!(
            serde_json::to_value(&built_in).unwrap(),
            serde_json::to_value(&read).unwrap()
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
