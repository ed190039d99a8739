//! The site written: every page, badge and SGF of a matrix, each file whole.

use super::super::data::{write_whole, DataError, MatrixData};
use super::badge::{badge, LABEL};
use super::rows::engines;
use std::path::Path;

/// Writes the site into `out`, beside the data.
pub fn write_site(data: &MatrixData, out: &Path) -> Result<(), DataError> {
    let engines = engines(data);
    write_whole(&out.join("site.css"), super::html::CSS.as_bytes())?;
    write_whole(
        &out.join("index.html"),
        super::pages::index(data, &engines).as_bytes(),
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
            for (sgf, text) in super::pages::sgf_files(placed) {
                write_whole(&out.join("engines").join(&engine.file).join(sgf), text)?;
            }
        }
        write_whole(
            &out.join("engines").join(format!("{}.html", engine.file)),
            super::pages::engine(engine).as_bytes(),
        )?;
    }
    Ok(())
}
