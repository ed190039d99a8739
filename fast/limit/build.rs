//! Compiles the limit board (csrc/board.c) with the `cc` crate.

fn main() {
    println!("cargo:rerun-if-changed=csrc/board.c");
    println!("cargo:rerun-if-changed=csrc/board.h");
    cc::Build::new()
        .file("csrc/board.c")
        .opt_level(3)
        .warnings(true)
        .flag_if_supported("-std=c99")
        .compile("tromp_taylor_limit_board");
}
