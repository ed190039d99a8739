//! Rust Go engines nobody here wrote, adapted to the harness's
//! [`Engine`](tromp_taylor_harness::engine::Engine) trait, one file each:
//! [`goban`] (the `goban` crate, 0.20) and [`board_game`] (the `go` module
//! of the `board-game` crate, 0.8). Each exposes an
//! [`EngineKind`], checked
//! in-process by `tromp_taylor_harness::check::check_engine` and served over
//! GTP by the `peer-gtp` binary (`tromp_taylor_gtp::run`) for the
//! conformance matrix (engines/goban-crate.toml, engines/board-game.toml).

pub mod board_game;
pub mod claims;
pub mod goban;

use tromp_taylor_harness::engine::EngineKind;

/// The engines by the names `peer-gtp --engine` takes.
pub const NAMES: [&str; 2] = ["goban", "board-game"];

/// The engine called `name` in [`NAMES`].
pub fn engine(name: &str) -> Option<EngineKind> {
    match name {
        "goban" => Some(goban::goban()),
        "board-game" => Some(board_game::board_game()),
        _ => None,
    }
}
