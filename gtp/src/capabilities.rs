//! What an engine can be asked: the optional GTP commands it answers, found
//! with `list_commands` (or, where that fails, `known_command`), so that
//! neither the auditor nor `vectors run` asks it what it did not claim, or
//! blames it for the answer.

use crate::client::{Client, Failure};

/// Which optional commands the engine answers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Capabilities {
    /// `is_legal COLOR VERTEX`.
    pub is_legal: bool,
    /// `all_legal COLOR`.
    pub all_legal: bool,
    /// `list_stones COLOR`.
    pub list_stones: bool,
    /// `showboard` (read when there is no `list_stones`).
    pub showboard: bool,
    /// `captures COLOR`.
    pub captures: bool,
    /// `final_score`.
    pub final_score: bool,
    /// `rectangular_boardsize W H`.
    pub rectangular_boardsize: bool,
    /// `kata-set-rules RULES`.
    pub kata_set_rules: bool,
    /// `kgs-rules RULES`.
    pub kgs_rules: bool,
    /// `final_status_list dead`.
    pub final_status_list: bool,
    /// `undo`.
    pub undo: bool,
    /// `fixed_handicap N`.
    pub fixed_handicap: bool,
    /// `genmove COLOR`: the engine chooses a move (the own-moves audit).
    pub genmove: bool,
    /// `kata-get-rules`: the rules the engine says it plays by.
    pub kata_get_rules: bool,
}

impl Capabilities {
    /// Asks the engine with `list_commands` (GTP version 2 requires it), or
    /// command by command with `known_command` when that is refused.
    pub fn probe(client: &mut Client) -> Result<Capabilities, Failure> {
        let listed = client.send("list_commands")?;
        if listed.ok {
            let names: Vec<&str> = listed.text.split_whitespace().collect();
            return Ok(Capabilities::from_names(|name| names.contains(&name)));
        }
        let mut knows = Ok(());
        let caps = Capabilities::from_names(|name| {
            if knows.is_err() {
                return false;
            }
            match client.knows(name) {
                Ok(known) => known,
                Err(failure) => {
                    knows = Err(failure);
                    false
                }
            }
        });
        knows.map(|()| caps)
    }

    /// These capabilities less the checks switched off: the commands behind
    /// them are then never asked.
    pub fn without(mut self, checks: &[CheckName]) -> Capabilities {
        for check in checks {
            match check {
                CheckName::IsLegal => self.is_legal = false,
                CheckName::AllLegal => self.all_legal = false,
                CheckName::Board => (self.list_stones, self.showboard) = (false, false),
                CheckName::Captures => self.captures = false,
                CheckName::Score => self.final_score = false,
            }
        }
        self
    }

    /// The capabilities of an engine that knows the commands `knows` says.
    fn from_names(mut knows: impl FnMut(&str) -> bool) -> Capabilities {
        Capabilities {
            is_legal: knows("is_legal"),
            all_legal: knows("all_legal"),
            list_stones: knows("list_stones"),
            showboard: knows("showboard"),
            captures: knows("captures"),
            final_score: knows("final_score"),
            rectangular_boardsize: knows("rectangular_boardsize"),
            kata_set_rules: knows("kata-set-rules"),
            kgs_rules: knows("kgs-rules"),
            final_status_list: knows("final_status_list"),
            undo: knows("undo"),
            fixed_handicap: knows("fixed_handicap"),
            genmove: knows("genmove"),
            kata_get_rules: knows("kata-get-rules"),
        }
    }
}

/// A check the auditor (and `vectors run`) can be told not to make: the
/// commands behind it are then never asked. `play` is always made: it is
/// what an audit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CheckName {
    /// `is_legal` on every raw attempt.
    IsLegal,
    /// `all_legal` before every turn.
    AllLegal,
    /// The board (`list_stones` or `showboard`).
    Board,
    /// `captures`.
    Captures,
    /// `final_score` at the end.
    Score,
}

impl std::str::FromStr for CheckName {
    type Err = String;

    fn from_str(text: &str) -> Result<CheckName, String> {
        Ok(match text.trim() {
            "is_legal" => CheckName::IsLegal,
            "all_legal" => CheckName::AllLegal,
            "board" => CheckName::Board,
            "captures" => CheckName::Captures,
            "score" => CheckName::Score,
            "play" => return Err("play cannot be skipped: it is what an audit checks".into()),
            other => {
                return Err(format!(
                    "{other:?} is not a check: is_legal, all_legal, board, captures or score"
                ))
            }
        })
    }
}

impl CheckName {
    /// The name, as `--skip-checks` takes it.
    pub fn name(self) -> &'static str {
        match self {
            CheckName::IsLegal => "is_legal",
            CheckName::AllLegal => "all_legal",
            CheckName::Board => "board",
            CheckName::Captures => "captures",
            CheckName::Score => "score",
        }
    }
}
