//! Tests of the transfer-matrix count: exact and modular, both ways round, stopped and resumed from checkpoints.

use super::*;
use tromp_taylor_harness::progress::Meter;

fn options(width: usize, height: usize, threads: usize) -> BorderOptions {
    BorderOptions {
        threads,
        ..BorderOptions::new(width, height)
    }
}

fn count(width: usize, height: usize, threads: usize) -> String {
    legal_colorings(&options(width, height, threads))
        .unwrap()
        .count
        .to_string()
}

fn residue(width: usize, height: usize, modulus: u64, across: Across) -> u64 {
    let options = BorderOptions {
        modulus: Some(modulus),
        across,
        ..options(width, height, 2)
    };
    u64::try_from(&legal_colorings(&options).unwrap().count).unwrap()
}

#[test]
fn one_point_has_one_legal_coloring_and_a_line_of_two_five() {
    assert_eq!(count(1, 1, 1), "1");
    assert_eq!(count(2, 1, 1), "5");
    assert_eq!(count(1, 2, 2), "5");
}

#[test]
fn the_words_hold_every_coloring() {
    for points in 1..400 {
        let words = words_for(points);
        let bits = (points as f64 * 3f64.log2()).ceil() as usize;
        assert!(words * 64 > bits, "{points} points");
    }
}

#[test]
fn the_count_is_the_same_on_any_number_of_threads() {
    assert_eq!(count(4, 5, 1), count(4, 5, 3));
    assert_eq!(count(4, 5, 1), count(5, 4, 2));
}

#[test]
fn a_residue_is_the_exact_count_modulo_the_modulus_either_way_round() {
    for (w, h) in [(3, 7), (4, 6), (6, 5)] {
        let exact: BigUint = count(w, h, 2).parse().unwrap();
        let longer = BorderOptions {
            across: Across::Longer,
            ..options(w, h, 2)
        };
        assert_eq!(legal_colorings(&longer).unwrap().count, exact, "{w}x{h}");
        for m in [2, 1_000_000_007, u64::MAX - 58] {
            let expected = u64::try_from(&exact % m).unwrap();
            assert_eq!(
                residue(w, h, m, Across::Shorter),
                expected,
                "{w}x{h} mod {m}"
            );
            assert_eq!(
                residue(w, h, m, Across::Longer),
                expected,
                "{w}x{h} mod {m}"
            );
        }
    }
}

#[test]
fn a_border_longer_than_the_most_or_a_modulus_below_two_is_refused() {
    let longer = BorderOptions {
        across: Across::Longer,
        ..options(3, 17, 1)
    };
    assert!(matches!(
        legal_colorings(&longer),
        Err(CountError::TooLarge(_))
    ));
    let one = BorderOptions {
        modulus: Some(1),
        ..options(3, 3, 1)
    };
    assert_eq!(legal_colorings(&one), Err(CountError::BadModulus(1)));
}

/// Asks its stop after `after` points.
struct StopAfter(Stop, AtomicUsize, usize);

impl Meter for StopAfter {
    fn inc(&self, by: u64) {
        if self.1.fetch_add(by as usize, Ordering::SeqCst) + by as usize >= self.2 {
            self.0.request(2);
        }
    }
}

fn stopping_after(after: usize) -> Progress {
    let stop = Stop::new();
    let job = stop.clone();
    Progress::new(move |_, _| Box::new(StopAfter(job.clone(), AtomicUsize::new(0), after)))
        .with_stop(stop)
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("tt-border-{name}-{}", std::process::id()))
}

#[test]
fn a_stopped_count_resumes_from_its_checkpoint_to_the_same_result() {
    let path = temp("resume");
    let _ = std::fs::remove_file(&path);
    let modulus = u64::MAX - 82;
    let stopped = BorderOptions {
        modulus: Some(modulus),
        checkpoint: Some(path.clone()),
        checkpoint_every: Duration::ZERO,
        progress: stopping_after(17),
        ..options(5, 7, 2)
    };
    let Err(CountError::Stopped(at)) = legal_colorings(&stopped) else {
        panic!("the count should have stopped");
    };
    assert_eq!(at.decided, 17);
    assert_eq!(at.checkpoint, Some((path.display().to_string(), 17)));
    assert_eq!(checkpoint::inspect(&path).unwrap().decided, 17);
    let resumed = BorderOptions {
        resume: true,
        progress: Progress::hidden(),
        ..stopped.clone()
    };
    let counted = legal_colorings(&resumed).unwrap();
    assert_eq!(counted.resumed_at, Some(17));
    assert_eq!(
        u64::try_from(&counted.count).unwrap(),
        residue(5, 7, modulus, Across::Shorter)
    );
    // The exact count resumes too, from its own checkpoint.
    let exact = BorderOptions {
        modulus: None,
        progress: stopping_after(9),
        ..stopped
    };
    assert!(matches!(
        legal_colorings(&exact),
        Err(CountError::Stopped(_))
    ));
    let exact = BorderOptions {
        resume: true,
        progress: Progress::hidden(),
        ..exact
    };
    assert_eq!(
        legal_colorings(&exact).unwrap().count.to_string(),
        count(5, 7, 1)
    );
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_checkpoint_of_another_count_or_a_damaged_one_is_refused() {
    let path = temp("refuse");
    let written = BorderOptions {
        modulus: Some(1_000_000_007),
        checkpoint: Some(path.clone()),
        checkpoint_every: Duration::ZERO,
        progress: stopping_after(6),
        ..options(4, 5, 1)
    };
    assert!(matches!(
        legal_colorings(&written),
        Err(CountError::Stopped(_))
    ));
    let resume = |change: fn(&mut BorderOptions)| {
        let mut options = BorderOptions {
            resume: true,
            progress: Progress::hidden(),
            ..written.clone()
        };
        change(&mut options);
        legal_colorings(&options)
    };
    for change in [
        (|o: &mut BorderOptions| o.width = 5) as fn(&mut BorderOptions),
        |o| o.modulus = Some(1_000_000_009),
        |o| o.modulus = None,
        |o| o.across = Across::Longer,
    ] {
        assert!(
            matches!(resume(change), Err(CountError::Checkpoint(m)) if m.contains("another count")),
        );
    }
    assert!(resume(|_| ()).is_ok());
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 16;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    assert!(matches!(resume(|_| ()), Err(CountError::Checkpoint(m)) if m.contains("checksum")));
    bytes.truncate(bytes.len() - 3);
    std::fs::write(&path, &bytes).unwrap();
    assert!(matches!(resume(|_| ()), Err(CountError::Checkpoint(m)) if m.contains("damaged")));
    std::fs::write(&path, b"not a checkpoint").unwrap();
    assert!(
        matches!(resume(|_| ()), Err(CountError::Checkpoint(m)) if m.contains("not a checkpoint"))
    );
    std::fs::remove_file(&path).unwrap();
    assert!(matches!(resume(|_| ()), Err(CountError::Checkpoint(m)) if m.contains("cannot open")));
}
