//! The GTP command reader: raw bytes in, commands out, as GTP version 2
//! section 3.1 prescribes (control characters other than HT and LF removed,
//! comments after `#` dropped, HT read as a space, empty lines skipped), with
//! an optional numeric id, and a cap on the length of a line so that no input
//! can exhaust memory.

use std::io::BufRead;

/// The longest line kept, in bytes; the rest of a longer line is read and
/// dropped, and the command is answered with an error.
pub const MAX_LINE: usize = 1 << 20;

/// One command as read: its id (digits, as written), its name and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// The id, if the line began with one.
    pub id: Option<String>,
    /// The command name, as written.
    pub name: String,
    /// The arguments, split on white space.
    pub args: Vec<String>,
}

/// What a line of input comes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// Nothing to answer: an empty line, white space or a comment.
    Empty,
    /// A command.
    Command(Command),
    /// A line longer than [`MAX_LINE`]; the id if it could be read.
    TooLong(Option<String>),
}

/// Cleans one raw line as GTP prescribes and reads the command on it.
pub fn parse_line(raw: &[u8]) -> Line {
    let text = clean(raw);
    let mut words = text.split_whitespace();
    let Some(first) = words.next() else {
        return Line::Empty;
    };
    let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
        match words.next() {
            Some(name) => (Some(first.to_string()), name.to_string()),
            // An id and no command: answered as an empty command name.
            None => (Some(first.to_string()), String::new()),
        }
    } else {
        (None, first.to_string())
    };
    Line::Command(Command {
        id,
        name,
        args: words.map(str::to_string).collect(),
    })
}

/// The line with control characters other than HT removed, everything from
/// `#` on dropped, HT as a space; bytes that are not UTF-8 become U+FFFD.
fn clean(raw: &[u8]) -> String {
    let before_comment = match raw.iter().position(|&b| b == b'#') {
        Some(hash) => &raw[..hash],
        None => raw,
    };
    let kept: Vec<u8> = before_comment
        .iter()
        .filter(|&&b| b == b'\t' || !(b.is_ascii_control()))
        .map(|&b| if b == b'\t' { b' ' } else { b })
        .collect();
    String::from_utf8_lossy(&kept).into_owned()
}

/// Reads the next line of at most [`MAX_LINE`] bytes (without its LF), or
/// `None` at the end of the input. A longer line is read to its end and
/// reported with `too_long`, keeping its first [`MAX_LINE`] bytes.
pub fn read_raw_line(input: &mut impl BufRead) -> std::io::Result<Option<(Vec<u8>, bool)>> {
    let mut line = Vec::new();
    let mut too_long = false;
    let mut read_any = false;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buffer.is_empty() {
            return Ok(read_any.then_some((line, too_long)));
        }
        read_any = true;
        let (chunk, found_end) = match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => (&buffer[..end], true),
            None => (buffer, false),
        };
        let room = MAX_LINE.saturating_sub(line.len());
        if chunk.len() > room {
            too_long = true;
        }
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = chunk.len() + usize::from(found_end);
        input.consume(used);
        if found_end {
            return Ok(Some((line, too_long)));
        }
    }
}

/// Reads the next line and what it comes to, or `None` at the end of the input.
pub fn read_line(input: &mut impl BufRead) -> std::io::Result<Option<Line>> {
    Ok(read_raw_line(input)?.map(|(raw, too_long)| {
        if too_long {
            match parse_line(&raw) {
                Line::Command(command) => Line::TooLong(command.id),
                _ => Line::TooLong(None),
            }
        } else {
            parse_line(&raw)
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(id: Option<&str>, name: &str, args: &[&str]) -> Line {
        Line::Command(Command {
            id: id.map(str::to_string),
            name: name.to_string(),
            args: args.iter().map(|a| a.to_string()).collect(),
        })
    }

    #[test]
    fn lines_are_cleaned_as_gtp_says() {
        assert_eq!(parse_line(b""), Line::Empty);
        assert_eq!(parse_line(b"   \t "), Line::Empty);
        assert_eq!(parse_line(b"# a comment"), Line::Empty);
        assert_eq!(
            parse_line(b"play b d4\r"),
            command(None, "play", &["b", "d4"])
        );
        assert_eq!(
            parse_line(b"12 play\tw\x01 e5 # why"),
            command(Some("12"), "play", &["w", "e5"])
        );
        assert_eq!(parse_line(b"7"), command(Some("7"), "", &[]));
        assert_eq!(
            parse_line(b"\xff\xfe name"),
            command(None, "\u{fffd}\u{fffd}", &["name"])
        );
    }

    #[test]
    fn long_lines_are_cut_and_flagged() {
        let mut input = Vec::new();
        input.extend_from_slice(b"5 name ");
        input.extend(std::iter::repeat_n(b'x', MAX_LINE + 10));
        input.extend_from_slice(b"\nversion\n");
        let mut reader = std::io::BufReader::with_capacity(4096, &input[..]);
        assert_eq!(
            read_line(&mut reader).unwrap(),
            Some(Line::TooLong(Some("5".to_string())))
        );
        assert_eq!(
            read_line(&mut reader).unwrap(),
            Some(command(None, "version", &[]))
        );
        assert_eq!(read_line(&mut reader).unwrap(), None);
    }
}
