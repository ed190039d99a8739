//! One game of an audit: the harness's driver plays it on the rules and on
//! the engine over GTP ([`tromp_taylor_gtp::adapter`]), and what it finds is read here
//! in the auditor's words: the rules on the left, the engine on the right,
//! a kind the summary groups by, what each side said and the GTP commands
//! that show it.
//!
//! The engine's queries (`is_legal`, `all_legal`) are compared apart from
//! its play: a query's divergence is reported only where `play`, the board,
//! the captures and the score all agree to the end
//! ([`CompareOptions::queries_last`](tromp_taylor_harness::diff::CompareOptions::queries_last)).

mod auditor;
mod reading;

pub use auditor::{Audited, Auditor, Reading, Unplayable};
pub use tromp_taylor_harness::finding::Said;
pub use tromp_taylor_harness::report::Kind;
