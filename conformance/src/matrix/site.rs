//! The matrix as a static site, made from its data alone (so that a merged
//! matrix has one too): `index.html`, the table of engines by rule sets;
//! `engines/ID.html`, an engine's rows and each divergence drawn, with its
//! SGF (`engines/ID/*.sgf`); `badges/ID-RULES.svg` and `badges/ID.svg`;
//! `site.css`. No JavaScript.

pub mod badge;
pub mod html;
mod pages;
pub mod rows;
pub mod svg;
mod write;

pub use write::write_site;

#[cfg(test)]
mod tests;
