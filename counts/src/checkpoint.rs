//! Checkpoints of a transfer-matrix count: the border states after some points and the ways under each, written whole (beside, synced, renamed) and read back to resume.
//!
//! The file is little-endian 64-bit words after an 8-byte magic: the
//! format's version, the grid's width and height, the border's length, the
//! modulus (0 for an exact count), the words of each count, the points
//! decided and the number of states; then each state as its two key words
//! and its count's words; then a checksum of every word before it. A file
//! of another count, of another length or with another checksum is refused.

use super::tally::Tally;
use super::CountError;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

/// The file's first eight bytes.
const MAGIC: &[u8; 8] = b"TTBORDER";

/// The format's version: 3 since the border states are keyed as
/// `border/key.rs` packs them (an earlier format is refused).
pub const VERSION: u64 = 3;

/// The words of the header after the magic.
const HEADER_WORDS: usize = 8;

/// What a checkpoint holds the states of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// The grid's columns.
    pub width: usize,
    /// The grid's rows.
    pub height: usize,
    /// The border's length (the side it runs across).
    pub across: usize,
    /// The modulus, or 0 for the exact count.
    pub modulus: u64,
    /// The 64-bit words of each state's count.
    pub words: usize,
    /// The points decided.
    pub decided: usize,
    /// The number of states.
    pub states: usize,
}

impl Header {
    fn to_words(self) -> [u64; HEADER_WORDS] {
        [
            VERSION,
            self.width as u64,
            self.height as u64,
            self.across as u64,
            self.modulus,
            self.words as u64,
            self.decided as u64,
            self.states as u64,
        ]
    }

    /// The file's length in bytes.
    fn file_len(&self) -> Option<u64> {
        let record = 2 + self.words as u64;
        (self.states as u64)
            .checked_mul(record)?
            .checked_add(HEADER_WORDS as u64 + 2)?
            .checked_mul(8)
    }

    /// The count in words: the grid, the border and the modulus.
    pub fn describe(&self) -> String {
        let modulus = match self.modulus {
            0 => "exact".to_string(),
            m => format!("modulo {m}"),
        };
        format!(
            "{}x{} across {}, {modulus}, {} points decided, {} border states",
            self.width, self.height, self.across, self.decided, self.states
        )
    }
}

/// A running checksum of 64-bit words: each word changes it by a bijection,
/// so a file that differs in one word never has the same checksum.
#[derive(Default)]
struct Checksum(u64);

impl Checksum {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// The hidden file beside `path` that a checkpoint is written to first.
fn partial(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "checkpoint".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.partial-{}", std::process::id()))
}

fn io_error(path: &Path, doing: &str, e: &std::io::Error) -> CountError {
    CountError::Checkpoint(format!("cannot {doing} {}: {e}", path.display()))
}

/// Writes `header.states` states of `records` (key words and count) to
/// `path` whole: to a file beside it, synced, then renamed over it.
pub fn write<T: Tally>(
    path: &Path,
    header: &Header,
    records: impl Iterator<Item = ([u64; 2], T::Value)>,
    tally: T,
) -> Result<(), CountError> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|e| io_error(parent, "make the folder", &e))?;
    }
    let beside = partial(path);
    let written =
        write_to(&beside, header, records, tally).and_then(|()| std::fs::rename(&beside, path));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&beside);
        return Err(io_error(path, "write the checkpoint", &e));
    }
    Ok(())
}

fn write_to<T: Tally>(
    path: &Path,
    header: &Header,
    records: impl Iterator<Item = ([u64; 2], T::Value)>,
    tally: T,
) -> std::io::Result<()> {
    let file = std::fs::File::create(path)?;
    let mut out = BufWriter::with_capacity(1 << 20, file);
    let mut sum = Checksum::default();
    out.write_all(MAGIC)?;
    let mut words = Vec::with_capacity(2 + tally.words());
    let mut put = |out: &mut BufWriter<std::fs::File>, words: &[u64]| {
        for &w in words {
            sum.add(w);
            out.write_all(&w.to_le_bytes())?;
        }
        std::io::Result::Ok(())
    };
    put(&mut out, &header.to_words())?;
    let mut states = 0;
    for (key, value) in records {
        words.clear();
        words.extend_from_slice(&key);
        tally.write(&value, &mut words);
        put(&mut out, &words)?;
        states += 1;
    }
    if states != header.states {
        return Err(std::io::Error::other(format!(
            "{states} states written, {} announced",
            header.states
        )));
    }
    let checksum = sum.0;
    out.write_all(&checksum.to_le_bytes())?;
    let file = out.into_inner().map_err(|e| e.into_error())?;
    file.sync_all()
}

/// Reads the header of the checkpoint at `path` and checks its length.
fn open(path: &Path) -> Result<(Header, BufReader<std::fs::File>, Checksum), CountError> {
    let damaged =
        |why: &str| CountError::Checkpoint(format!("{} is damaged: {why}", path.display()));
    let file = std::fs::File::open(path).map_err(|e| io_error(path, "open the checkpoint", &e))?;
    let len = file
        .metadata()
        .map_err(|e| io_error(path, "read the checkpoint", &e))?
        .len();
    let mut input = BufReader::with_capacity(1 << 20, file);
    let mut magic = [0u8; 8];
    input
        .read_exact(&mut magic)
        .map_err(|_| damaged("shorter than a header"))?;
    if &magic != MAGIC {
        return Err(CountError::Checkpoint(format!(
            "{} is not a checkpoint of a count of legal colorings",
            path.display()
        )));
    }
    let mut sum = Checksum::default();
    let mut words = [0u64; HEADER_WORDS];
    for w in &mut words {
        *w = word(&mut input).map_err(|_| damaged("shorter than a header"))?;
        sum.add(*w);
    }
    if words[0] != VERSION {
        return Err(CountError::Checkpoint(format!(
            "{} is a checkpoint of format {}, this program reads format {VERSION}",
            path.display(),
            words[0]
        )));
    }
    let header = Header {
        width: words[1] as usize,
        height: words[2] as usize,
        across: words[3] as usize,
        modulus: words[4],
        words: words[5] as usize,
        decided: words[6] as usize,
        states: words[7] as usize,
    };
    if header.words > 64 || header.file_len() != Some(len) {
        return Err(damaged(
            "its length is not that of the states its header announces",
        ));
    }
    Ok((header, input, sum))
}

fn word(input: &mut impl Read) -> std::io::Result<u64> {
    let mut bytes = [0u8; 8];
    input.read_exact(&mut bytes)?;
    Ok(u64::from_le_bytes(bytes))
}

/// What the checkpoint at `path` holds, after reading it whole and checking
/// its checksum.
pub fn inspect(path: &Path) -> Result<Header, CountError> {
    let (header, mut input, mut sum) = open(path)?;
    for _ in 0..header.states * (2 + header.words) {
        sum.add(word(&mut input).map_err(|e| io_error(path, "read the checkpoint", &e))?);
    }
    check_sum(path, &mut input, &sum)?;
    Ok(header)
}

fn check_sum(path: &Path, input: &mut impl Read, sum: &Checksum) -> Result<(), CountError> {
    let stored = word(input).map_err(|e| io_error(path, "read the checkpoint", &e))?;
    if stored != sum.0 {
        return Err(CountError::Checkpoint(format!(
            "{} is damaged: its checksum does not match its contents",
            path.display()
        )));
    }
    Ok(())
}

/// Reads the checkpoint at `path`, which must be of the count `expected`
/// describes (size, border, modulus, words), handing each state to `put`;
/// its header. On an error the states handed over must be thrown away.
pub fn read<T: Tally>(
    path: &Path,
    expected: &Header,
    tally: T,
    mut put: impl FnMut([u64; 2], T::Value),
) -> Result<Header, CountError> {
    let (header, mut input, mut sum) = open(path)?;
    let same = (
        header.width,
        header.height,
        header.across,
        header.modulus,
        header.words,
    ) == (
        expected.width,
        expected.height,
        expected.across,
        expected.modulus,
        expected.words,
    );
    if !same || header.decided > header.width * header.height {
        return Err(CountError::Checkpoint(format!(
            "{} holds the states of another count ({}), not of this one ({})",
            path.display(),
            header.describe(),
            Header {
                decided: 0,
                ..*expected
            }
            .describe()
        )));
    }
    let mut record = vec![0u64; 2 + header.words];
    for _ in 0..header.states {
        for w in &mut record {
            *w = word(&mut input).map_err(|e| io_error(path, "read the checkpoint", &e))?;
            sum.add(*w);
        }
        let value = tally.read(&record[2..]).ok_or_else(|| {
            CountError::Checkpoint(format!(
                "{} is damaged: a count is not below the modulus",
                path.display()
            ))
        })?;
        put([record[0], record[1]], value);
    }
    check_sum(path, &mut input, &sum)?;
    Ok(header)
}
