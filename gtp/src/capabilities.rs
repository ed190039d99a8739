//! What an engine can be asked: the optional GTP commands it answers, found
//! with `known_command`, so that neither the auditor nor `vectors run`
//! blames it for what it did not claim.

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
}

impl Capabilities {
    /// Asks the engine with `known_command`.
    pub fn probe(client: &mut Client) -> Result<Capabilities, Failure> {
        Ok(Capabilities {
            is_legal: client.knows("is_legal")?,
            all_legal: client.knows("all_legal")?,
            list_stones: client.knows("list_stones")?,
            showboard: client.knows("showboard")?,
            captures: client.knows("captures")?,
            final_score: client.knows("final_score")?,
            rectangular_boardsize: client.knows("rectangular_boardsize")?,
            kata_set_rules: client.knows("kata-set-rules")?,
        })
    }
}
