//! GTP in one place: our referee engine (`tromp-taylor gtp`), and the
//! client and adapter that drive other engines.
//!
//! The referee: [`reader`] turns raw bytes into commands (GTP's cleaning,
//! ids, a cap on line length), [`commands`] answers them against a
//! [`game::Game`] (a start and the turns since, replayed for `undo`), and
//! [`run`] joins them into a session loop. Every response is `=[id] text`
//! or `?[id] error` followed by an empty line; no input panics or hangs the
//! engine, and after an error the game is exactly as it was.
//!
//! The client side: [`client`] drives another engine's process with a
//! timeout on every command and [`capabilities`] asks what it can do;
//! [`adapter`] puts that engine behind the harness's `Engine` trait,
//! claiming only what its commands hold it to (for `check_engine`, `diff`,
//! and the auditor, the vectors runner and the matrix of
//! `tromp-taylor-conformance`, built on it). [`fuzzing`] is the check
//! behind the `gtp` fuzz target.

pub mod adapter;
pub mod capabilities;
pub mod client;
pub mod commands;
pub mod fuzzing;
pub mod game;
pub mod reader;

pub use commands::{Session, SessionOptions, COMMANDS};

use reader::Line;
use std::fmt;
use std::io::{BufRead, Write};

/// One response, ready to be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    /// The command's id, echoed.
    pub id: Option<String>,
    /// The answer: success with its text, or failure with its message.
    pub answer: Result<String, String>,
}

impl fmt::Display for Response {
    /// `=id text` or `?id message`, then an empty line; the text never holds
    /// an empty line of its own.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (mark, text) = match &self.answer {
            Ok(text) => ('=', text),
            Err(text) => ('?', text),
        };
        let mut body = String::with_capacity(text.len());
        for line in text.trim_end().split('\n') {
            let line = line.trim_end();
            if line.is_empty() && !body.is_empty() {
                continue;
            }
            if !body.is_empty() {
                body.push('\n');
            }
            body.push_str(line);
        }
        // A response that opens with a line break (showboard) keeps it.
        let opening = if text.starts_with('\n') { "\n" } else { "" };
        let id = self.id.as_deref().unwrap_or("");
        write!(
            f,
            "{mark}{id} {opening}{}\n\n",
            body.trim_start_matches('\n')
        )
    }
}

impl Session {
    /// Answers one line of input; `None` when there is nothing to answer.
    pub fn answer_line(&mut self, raw: &[u8]) -> Option<Response> {
        self.answer(reader::parse_line(raw))
    }

    /// Answers what a line came to; `None` for an empty line.
    pub fn answer(&mut self, line: Line) -> Option<Response> {
        match line {
            Line::Empty => None,
            Line::TooLong(id) => Some(Response {
                id,
                answer: Err(format!("line too long (over {} bytes)", reader::MAX_LINE)),
            }),
            Line::Command(command) => {
                let answer = if command.name.is_empty() {
                    Err("unknown command".to_string())
                } else {
                    self.execute(&command.name, &command.args)
                };
                Some(Response {
                    id: command.id,
                    answer,
                })
            }
        }
    }
}

/// Runs a GTP session: reads commands from `input` until `quit` or the end
/// of the input, writing each response to `output` and flushing it.
pub fn run(
    options: SessionOptions,
    mut input: impl BufRead,
    mut output: impl Write,
) -> std::io::Result<()> {
    let mut session = Session::new(options);
    while let Some(line) = reader::read_line(&mut input)? {
        if let Some(response) = session.answer(line) {
            write!(output, "{response}")?;
            output.flush()?;
        }
        if session.has_quit() {
            break;
        }
    }
    Ok(())
}

/// Runs a whole session over `input` in memory and returns everything it wrote.
pub fn run_to_string(options: SessionOptions, input: &[u8]) -> String {
    let mut output = Vec::new();
    run(options, input, &mut output).expect("writing to memory cannot fail");
    String::from_utf8(output).expect("responses are UTF-8")
}
