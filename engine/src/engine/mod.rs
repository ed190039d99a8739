//! One small trait that every engine under comparison is adapted to, and the
//! adapters: one file per engine.

mod adapter;
mod details;
pub mod fast;
mod game;
mod kind;
pub mod spec;
mod supports;

pub use details::{
    agreement_probe, fills_own_eye, first_difference, neighbours, own_eye_fills, probe_points,
    probe_turns, Details, Explained,
};
pub use game::Engine;
pub use kind::{EngineKind, EngineName, Start, StartPosition, UnknownEngine};
pub use supports::{Supports, Unsupported};
