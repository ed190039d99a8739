//! An audit's findings as data for other tools: JSON (one object per audit)
//! and JUnit XML (one test suite per audit, one test case per game, the
//! report and the SGF of a divergence in the failure's text). The data
//! reads back (`Deserialize`): `matrix merge` and the matrix's site are
//! made from it.

mod board;
mod data;

pub use board::BoardData;
pub use data::{audit_data, checked, junit, junit_suite, AuditData, FindingData};
