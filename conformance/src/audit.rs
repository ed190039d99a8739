//! `tromp-taylor audit`: another engine, run as a child process over GTP,
//! checked against the rules on generated games.
//!
//! The engine is one more [`Engine`](tromp_taylor_harness::engine::Engine)
//! behind the GTP adapter ([`tromp_taylor_gtp::adapter`]), claiming what its commands
//! let it be held to; the harness's driver plays each game on it and on the
//! rules side by side, and the harness's minimiser shrinks each divergence
//! (the shortest prefix, then turns removed while it stays of the same
//! kind), on the harness's one job loop (one worker: the engine is one
//! process). What is the auditor's own: the games it generates
//! ([`game_script`], from the loop's one per-game seed formula), [`check`], which reads a divergence in its
//! words (its kind, what the engine and the rules said, the GTP commands
//! that show it), [`scoring`], which tells a scoring convention from a
//! rules bug, and [`report`] and [`export`], which write each divergence as
//! the harness's one report and the summary, grouped by kind. [`options`]
//! says what to audit, and [`run`] runs it.

pub mod check;
pub mod export;
pub mod options;
pub mod own;
pub mod report;
pub mod run;
pub mod scoring;
pub mod summary;

pub use options::{AuditError, AuditOptions};
pub use own::Moves;
pub use run::{game_script, run_audit};
pub use summary::{AuditSummary, Checked, Finding};
pub use tromp_taylor_gtp::adapter::{kgs_rules_name, SetRules};
pub use tromp_taylor_gtp::capabilities::CheckName;
