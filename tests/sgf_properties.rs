//! quickcheck properties of the one SGF reader and writer: any bytes either
//! read as games or are refused with an error (never a panic), and every SGF
//! the program writes, for generated games on boards up to 52x52, reads back
//! as the same game.

use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use tromp_taylor_harness::generate::{generate, random_setup, Rng, BIASES};
use tromp_taylor_harness::sgf::{read, read_records, write, ReadOptions};
use tromp_taylor_harness::vocab::{Action, Size};

/// Pieces of SGF, so that random inputs reach deep into the reader: tree
/// marks, properties, points past 26 columns, passes, komi, charsets, escapes
/// and a Latin-1 byte.
const PIECES: [&[u8]; 30] = [
    b"(",
    b")",
    b";",
    b"(;FF[4]GM[1]",
    b"SZ[",
    b"B[",
    b"W[",
    b"AB[",
    b"AW[",
    b"AE[",
    b"KM[",
    b"RU[",
    b"RE[",
    b"HA[",
    b"PL[",
    b"CA[ISO-8859-1]",
    b"C[",
    b"]",
    b"][",
    b"aa",
    b"sS",
    b"tt",
    b"Zz",
    b"9",
    b"52",
    b"30:5",
    b"7.5",
    b"\\]",
    b"\xe9",
    b"B+R",
];

/// Bytes made of SGF pieces; shrinking drops pieces.
#[derive(Clone, Debug)]
struct SgfLike(Vec<u8>);

impl Arbitrary for SgfLike {
    fn arbitrary(g: &mut Gen) -> SgfLike {
        let pieces: Vec<u8> = Vec::arbitrary(g);
        SgfLike(
            pieces
                .iter()
                .flat_map(|&i| PIECES[i as usize % PIECES.len()].iter().copied())
                .collect(),
        )
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = SgfLike>> {
        Box::new(self.0.shrink().map(SgfLike))
    }
}

#[test]
fn any_bytes_read_as_games_or_are_refused_with_an_error() {
    fn property(input: SgfLike) -> TestResult {
        for all_variations in [false, true] {
            let options = ReadOptions {
                all_variations,
                ..ReadOptions::default()
            };
            if let Ok(records) = read_records(&input.0, &options) {
                assert!(!records.is_empty(), "a file that reads holds a game");
            }
        }
        // The fuzz target's check: whatever reads writes back as the same game.
        tromp_taylor_testkit::fuzzing::sgf(&input.0);
        TestResult::passed()
    }
    QuickCheck::new()
        .tests(2000)
        .quickcheck(property as fn(SgfLike) -> TestResult);
}

/// A seed for a generated game on a board of any size up to 52x52.
#[derive(Clone, Debug)]
struct Seed(u64, usize, usize);

impl Arbitrary for Seed {
    fn arbitrary(g: &mut Gen) -> Seed {
        Seed(
            u64::arbitrary(g),
            1 + usize::arbitrary(g) % 52,
            1 + usize::arbitrary(g) % 52,
        )
    }
}

/// An agreement is a set of points (comment 8): the reader gives its points
/// in point order, a generated record in the order drawn; put both in one.
fn sort_agreements<P>(record: &mut [(P, Action)]) {
    for (_, action) in record {
        if let Action::Agree(points) = action {
            points.sort();
        }
    }
}

#[test]
fn every_sgf_we_write_reads_back_as_the_same_game() {
    fn property(seed: Seed) -> TestResult {
        let mut rng = Rng::new(seed.0);
        let size = Size::new(seed.1, seed.2).expect("1 to 52 a side");
        let setup = random_setup(&mut rng, &[size], None);
        let bias = *rng.pick(&BIASES);
        let mut script = generate(setup, bias, &mut rng);
        // Short games: the record is resolved on `spec`, slow on 52x52.
        script.steps.truncate(24);
        let Some(mut record) = script.resolve() else {
            return TestResult::discard();
        };
        let text = write(&script.setup, &record);
        let (again, mut read_back) = read(&text).unwrap_or_else(|e| panic!("{e}:\n{text}"));
        sort_agreements(&mut record);
        sort_agreements(&mut read_back);
        assert_eq!(again, script.setup, "{text}");
        assert_eq!(read_back, record, "{text}");
        TestResult::passed()
    }
    QuickCheck::new()
        .tests(40)
        .quickcheck(property as fn(Seed) -> TestResult);
}
