//! The vocabulary of the Tromp-Taylor harness, and SGF: the words every
//! engine is asked about and answers in, and the game records they are
//! read from and written to.
//!
//! - [`vocab`]: board sizes, points, turns, grids, verdicts (with the rule
//!   each cites), results, rules and setups;
//! - [`names`]: the one reader of rule names (presets, compact rule strings,
//!   the names other programs write) and of komi;
//! - [`vertex`]: GTP vertices (`D4`, `pass`) and boards printed with their
//!   coordinates;
//! - [`quotes`]: the rule texts that reports quote;
//! - [`sgf`]: one reader (over `sgf-parse`) and one writer of SGF records;
//! - [`safe`]: an engine's words escaped for the terminal, Markdown and HTML;
//! - [`spec_words`]: where these words meet the rules' own text.
//!
//! `tromp-taylor-harness` re-exports the first five at the same paths
//! (`tromp_taylor_harness::vocab::Rules`, `tromp_taylor_harness::sgf::read_game`,
//! ...), so an engine author needs only the harness; this crate stands alone
//! for a program that reads and writes records and nothing else.
//!
//! It depends on `tromp-taylor-spec`, and is the one place above the
//! engines, besides the harness's two adapters, that names it, for two
//! reasons. The nouns the rules name (a player, a color, a point, a turn,
//! a handicap) have the same shape in both engines, so the vocabulary takes
//! them as `spec` states them rather than state them a third time. And the
//! rules' names are the rules' own text: the presets, the compact rule
//! strings, komi and the fixed handicap points are read and written as
//! `spec` reads and writes them ([`spec_words`]), so that a name means here
//! exactly what it means to the rules. It never names `tromp-taylor-fast`.

pub mod names;
pub mod quotes;
pub mod safe;
pub mod sgf;
pub mod spec_words;
pub mod vertex;
pub mod vocab;
