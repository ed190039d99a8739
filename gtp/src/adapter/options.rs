//! How to run an engine over GTP: its command line, the timeout, how it is
//! told the rules, the rules it is held to and the checks switched off.

use super::rules::SetRules;
use crate::capabilities::CheckName;
use std::time::Duration;
use tromp_taylor_harness::vocab::Rules;

/// How to run an engine over GTP and how to tell it the rules.
#[derive(Clone, Debug)]
pub struct GtpOptions {
    /// Its command line: the program and its arguments.
    pub command: Vec<String>,
    /// The longest it may take over one command.
    pub timeout: Duration,
    /// The longest it may take to start and answer its first command (an
    /// engine that loads a network takes longer than a command); none: a
    /// command's timeout.
    pub start_timeout: Option<Duration>,
    /// How it is told the rules before each game.
    pub set_rules: SetRules,
    /// The rules it is held to where it cannot be told others (its command
    /// line, or the command of [`SetRules::Command`], sets them): komi aside,
    /// it claims only these.
    pub rules: Rules,
    /// The commands it is not asked, though it has them (an author who
    /// knows a command is missing or only an estimate: `--skip-checks`):
    /// it claims nothing that needs them.
    pub off: Vec<CheckName>,
}

impl GtpOptions {
    /// `command`, `timeout` a command, the rules told as the auditor does
    /// ([`SetRules::Auto`]) and held to the ten rules where they cannot be.
    pub fn new(command: Vec<String>, timeout: Duration) -> GtpOptions {
        GtpOptions {
            command,
            timeout,
            start_timeout: None,
            set_rules: SetRules::Auto,
            rules: Rules::TROMP_TAYLOR,
            off: Vec::new(),
        }
    }

    /// Starts a process of the engine.
    pub fn start(&self) -> Result<crate::client::Client, crate::client::Failure> {
        let start = self.start_timeout.unwrap_or(self.timeout).max(self.timeout);
        crate::client::Client::start_with(&self.command, start, self.timeout)
    }

    /// Its name in reports: the program's file name and its arguments.
    pub fn name(&self) -> String {
        let mut words = self.command.clone();
        if let Some(program) = words.first_mut() {
            if let Some(file) = std::path::Path::new(program.as_str()).file_name() {
                *program = file.to_string_lossy().into_owned();
            }
        }
        words.join(" ")
    }
}
