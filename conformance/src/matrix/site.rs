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

use super::data::{write_whole, DataError, MatrixData};
use badge::{badge, LABEL};
use rows::engines;
use std::path::Path;

/// Writes the site into `out`, beside the data.
pub fn write_site(data: &MatrixData, out: &Path) -> Result<(), DataError> {
    let engines = engines(data);
    write_whole(&out.join("site.css"), html::CSS.as_bytes())?;
    write_whole(
        &out.join("index.html"),
        pages::index(data, &engines).as_bytes(),
    )?;
    for engine in &engines {
        let badges = out.join("badges");
        write_whole(
            &badges.join(format!("{}.svg", engine.file)),
            badge(LABEL, engine.verdict()).as_bytes(),
        )?;
        for placed in &engine.rows {
            write_whole(
                &badges.join(format!("{}-{}.svg", engine.file, placed.anchor)),
                badge(LABEL, placed.verdict).as_bytes(),
            )?;
            for (sgf, text) in pages::sgf_files(placed) {
                write_whole(&out.join("engines").join(&engine.file).join(sgf), text)?;
            }
        }
        write_whole(
            &out.join("engines").join(format!("{}.html", engine.file)),
            pages::engine(engine).as_bytes(),
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
