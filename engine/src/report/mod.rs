//! How a divergence is shown: the first step where the engines part, what they
//! said, both grids side by side with the differing points marked, and the
//! SGF of the game up to there.

mod describe;
mod grids;
pub mod kind;
mod record;
mod words;
mod written;

pub use grids::side_by_side;
pub use kind::{group, Kind};
pub use record::attempts_record;
pub use words::plural;
pub use written::Report;
