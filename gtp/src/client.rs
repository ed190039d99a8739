//! A GTP client for an engine under audit: the engine runs as a child
//! process; a reader thread passes its output lines over a channel, so every
//! command waits at most the timeout. A child that hangs is killed; one that
//! dies or answers something that is not GTP is reported as such.

use crate::reader::read_raw_line;
use std::collections::VecDeque;
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The most lines one response may have before it counts as garbage.
const MAX_RESPONSE_LINES: usize = 100_000;

/// How an engine failed to answer in GTP.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Failure {
    /// The engine could not be started, or exited, or closed its output.
    #[error("the engine crashed{}: {detail}", on(command))]
    Crash {
        /// The command it was answering, if any.
        command: String,
        /// What is known: the exit status and the last lines of its standard error.
        detail: String,
    },
    /// No complete answer within the timeout; the engine was killed.
    #[error("the engine hung on `{command}` (no answer in {seconds} s; killed)")]
    Hang {
        /// The command.
        command: String,
        /// The timeout, in seconds.
        seconds: f64,
    },
    /// An answer that is not GTP.
    #[error("the engine answered `{command}` with garbage: {text:?}")]
    Garbage {
        /// The command.
        command: String,
        /// What came back.
        text: String,
    },
}

/// ` on `COMMAND``, or nothing when the engine failed outside a command.
fn on(command: &str) -> String {
    if command.is_empty() {
        String::new()
    } else {
        format!(" on `{command}`")
    }
}

/// A GTP answer: success or failure, and its text (id and mark removed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// `=` rather than `?`.
    pub ok: bool,
    /// The text after the mark, lines joined by `\n`.
    pub text: String,
}

/// A running engine spoken to in GTP.
pub struct Client {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    timeout: Duration,
    /// The timeout of the first command, while the engine starts (loads a
    /// network, say), if it differs.
    first: Option<Duration>,
}

/// Splits a command line into words, with `'...'`, `"..."` and `\` as a shell has them.
pub fn split_command(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = text.chars();
    let mut quote: Option<char> = None;
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') | (None, '\\') => {
                if let Some(next) = chars.next() {
                    word.push(next);
                }
                in_word = true;
            }
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

impl Client {
    /// Starts `command` (a program and its arguments) with `timeout` per command.
    pub fn start(command: &[String], timeout: Duration) -> Result<Client, Failure> {
        Client::start_with(command, timeout, timeout)
    }

    /// Starts `command` with `start` for its first command (the time it
    /// takes to start and answer) and `timeout` for each after.
    pub fn start_with(
        command: &[String],
        start: Duration,
        timeout: Duration,
    ) -> Result<Client, Failure> {
        let crash = |detail: String| Failure::Crash {
            command: String::new(),
            detail,
        };
        let (program, args) = command
            .split_first()
            .ok_or_else(|| crash("no engine command given".to_string()))?;
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // In a process group of its own, the engine does not get the Ctrl-C
        // meant for us: a run that stops finishes its game and then quits it,
        // rather than reporting the engine's death as a crash.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .map_err(|e| crash(format!("cannot start {program}: {e}")))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let stderr = child.stderr.take().expect("piped stderr");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Ok(Some((raw, _))) = read_raw_line(&mut reader) {
                let mut line = String::from_utf8_lossy(&raw).into_owned();
                if line.ends_with('\r') {
                    line.pop();
                }
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr_tail);
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stderr);
            while let Ok(Some((raw, _))) = read_raw_line(&mut reader) {
                let mut tail = tail.lock().unwrap_or_else(|e| e.into_inner());
                if tail.len() == 10 {
                    tail.pop_front();
                }
                let mut line = String::from_utf8_lossy(&raw).into_owned();
                line.truncate(300);
                tail.push_back(line);
            }
        });
        Ok(Client {
            child,
            stdin,
            lines,
            stderr_tail,
            timeout,
            first: (start != timeout).then_some(start),
        })
    }

    /// The last lines the engine wrote to its standard error (at most ten).
    pub fn stderr_tail(&self) -> Vec<String> {
        let tail = self.stderr_tail.lock().unwrap_or_else(|e| e.into_inner());
        tail.iter().cloned().collect()
    }

    fn crash_detail(&mut self) -> String {
        // Give a dying child a moment to be reaped, so the status is known.
        let deadline = Instant::now() + Duration::from_millis(200);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break format!("it exited ({status})"),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(10))
                }
                _ => break "it closed its output".to_string(),
            }
        };
        let tail = self.stderr_tail.lock().unwrap_or_else(|e| e.into_inner());
        if tail.is_empty() {
            status
        } else {
            let lines: Vec<&str> = tail.iter().map(String::as_str).collect();
            format!("{status}; its last words: {}", lines.join(" / "))
        }
    }

    /// Sends one command and waits for its answer, at most the timeout.
    pub fn send(&mut self, command: &str) -> Result<Reply, Failure> {
        let allowed = self.first.take().unwrap_or(self.timeout);
        let deadline = Instant::now() + allowed;
        if writeln!(self.stdin, "{command}")
            .and_then(|_| self.stdin.flush())
            .is_err()
        {
            let detail = self.crash_detail();
            return Err(Failure::Crash {
                command: command.to_string(),
                detail,
            });
        }
        let mut reply: Option<Reply> = None;
        let mut count = 0;
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(wait) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    self.kill();
                    return Err(Failure::Hang {
                        command: command.to_string(),
                        seconds: allowed.as_secs_f64(),
                    });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let detail = self.crash_detail();
                    return Err(Failure::Crash {
                        command: command.to_string(),
                        detail,
                    });
                }
            };
            count += 1;
            if count > MAX_RESPONSE_LINES {
                self.kill();
                return Err(Failure::Garbage {
                    command: command.to_string(),
                    text: format!("an answer of over {MAX_RESPONSE_LINES} lines"),
                });
            }
            match &mut reply {
                None if line.trim().is_empty() => continue,
                None => {
                    let ok = match line.chars().next() {
                        Some('=') => true,
                        Some('?') => false,
                        _ => {
                            let mut text = line;
                            text.truncate(200);
                            return Err(Failure::Garbage {
                                command: command.to_string(),
                                text,
                            });
                        }
                    };
                    let rest = line[1..].trim_start_matches(|c: char| c.is_ascii_digit());
                    reply = Some(Reply {
                        ok,
                        text: rest.strip_prefix(' ').unwrap_or(rest).to_string(),
                    });
                }
                Some(reply) if line.is_empty() => {
                    return Ok(Reply {
                        ok: reply.ok,
                        text: reply.text.trim().to_string(),
                    })
                }
                Some(reply) => {
                    reply.text.push('\n');
                    reply.text.push_str(&line);
                }
            }
        }
    }

    /// Whether the engine knows a command (`known_command`).
    pub fn knows(&mut self, name: &str) -> Result<bool, Failure> {
        let reply = self.send(&format!("known_command {name}"))?;
        Ok(reply.ok && reply.text.trim() == "true")
    }

    /// Kills the engine.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let deadline = Instant::now() + Duration::from_millis(300);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        self.kill();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_split_as_a_shell_would() {
        assert_eq!(
            split_command(r#"/usr/games/gnugo --mode gtp  'a b' "c \"d\"" e\ f"#),
            vec!["/usr/games/gnugo", "--mode", "gtp", "a b", "c \"d\"", "e f"]
        );
        assert!(split_command("   ").is_empty());
    }

    #[test]
    fn a_silent_engine_is_a_hang_and_a_dead_one_a_crash() {
        let sleep = vec!["sleep".to_string(), "5".to_string()];
        let mut client = Client::start(&sleep, Duration::from_millis(200)).unwrap();
        assert!(matches!(client.send("name"), Err(Failure::Hang { .. })));
        let truth = vec!["true".to_string()];
        let mut client = Client::start(&truth, Duration::from_secs(5)).unwrap();
        assert!(matches!(client.send("name"), Err(Failure::Crash { .. })));
        // An engine that stays alive and answers garbage (one that exits at
        // once could fail the write first, which would be a crash).
        let echo = vec![
            "sh".to_string(),
            "-c".to_string(),
            "echo hello; sleep 5".to_string(),
        ];
        let mut client = Client::start(&echo, Duration::from_secs(5)).unwrap();
        assert!(matches!(client.send("name"), Err(Failure::Garbage { .. })));
        let missing = vec!["/nonexistent/engine".to_string()];
        assert!(matches!(
            Client::start(&missing, Duration::from_secs(1)),
            Err(Failure::Crash { .. })
        ));
    }
}
