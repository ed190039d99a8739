//! `tromp-taylor count games|positions`: exact counts of complete games and
//! of legal colorings. Each prints the count alone as its last line, or with
//! `--json` one JSON object with the count and the details. A count of
//! positions may be split into modulus jobs put together by `count combine`
//! ([`positions`](`positions`)).

mod command;
mod positions;

pub use command::CountArgs;
