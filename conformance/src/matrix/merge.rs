//! `matrix merge`: several runs of the matrix (one engine each, say, from
//! separate CI jobs) made one. Runs merge only when their format, seed and
//! profile agree and no row (engine, rules, label, mode) is in two of them; the
//! merged run's rows keep the runs' order, their folders are copied, and
//! every output is made again from the merged data.

use super::data::{write_whole, DataError, MatrixData};
use super::outputs::{junit_xml, markdown};
use super::site::write_site;
use std::path::{Path, PathBuf};

/// Reads every run's `matrix.json` and merges them, refusing runs that
/// differ or share a row.
pub fn merge(dirs: &[PathBuf]) -> Result<MatrixData, DataError> {
    let mut merged: Option<(PathBuf, MatrixData)> = None;
    let mut owners: Vec<PathBuf> = Vec::new();
    for dir in dirs {
        let file = dir.join("matrix.json");
        let run = MatrixData::read(dir)?;
        let Some((first_file, data)) = &mut merged else {
            owners = vec![file.clone(); run.rows.len()];
            merged = Some((file, run));
            continue;
        };
        for (what, left, right) in [
            ("format", data.format.to_string(), run.format.to_string()),
            ("seed", data.seed.to_string(), run.seed.to_string()),
            ("profile", data.profile.clone(), run.profile.clone()),
        ] {
            if left != right {
                return Err(DataError::Differs {
                    what,
                    left_file: first_file.clone(),
                    left,
                    right_file: file,
                    right,
                });
            }
        }
        // Only the earlier runs' rows: one run may hold two rows of one key
        // (two profiles of an engine under the same rules).
        let earlier = data.rows.len();
        for row in run.rows {
            if let Some(i) = data.rows[..earlier]
                .iter()
                .position(|r| r.key() == row.key())
            {
                return Err(DataError::Twice {
                    engine: row.id,
                    rules: super::outputs::held_to(&row.rules_name, &row.label, super::data::PLAY),
                    mode: row.mode,
                    left_file: owners[i].clone(),
                    right_file: file,
                });
            }
            owners.push(file.clone());
            data.rows.push(row);
        }
    }
    merged.map(|(_, data)| data).ok_or(DataError::Read {
        file: PathBuf::from("matrix.json"),
        why: "no run to merge was named".to_string(),
    })
}

/// Copies each row's folder of reproducers from the run it came from into
/// `out`, and points the merged data's file names there.
pub fn copy_folders(dirs: &[PathBuf], data: &mut MatrixData, out: &Path) -> Result<(), DataError> {
    for row in &mut data.rows {
        let Some(folder) = &row.folder else { continue };
        let Some(source) = dirs.iter().map(|d| d.join(folder)).find(|d| d.is_dir()) else {
            continue;
        };
        copy_dir(&source, &out.join(folder))?;
        for d in row.audit.iter_mut().flat_map(|a| &mut a.divergences) {
            let Some((sgf, txt)) = &mut d.files else {
                continue;
            };
            for path in [sgf, txt] {
                let moved = Path::new(path.as_str())
                    .file_name()
                    .map(|name| out.join(folder).join(name).display().to_string());
                if let Some(moved) = moved {
                    for (_, cell) in &mut row.columns {
                        *cell = cell.replace(path.as_str(), &moved);
                    }
                    *path = moved;
                }
            }
        }
    }
    Ok(())
}

/// Copies the files of folder `from` into `to` (one level: a row's folder
/// holds files only).
fn copy_dir(from: &Path, to: &Path) -> Result<(), DataError> {
    let error = |file: &Path, e: std::io::Error| DataError::Write {
        file: file.to_path_buf(),
        why: e.to_string(),
    };
    for entry in std::fs::read_dir(from).map_err(|e| error(from, e))? {
        let entry = entry.map_err(|e| error(from, e))?;
        if entry.path().is_file() {
            let text = std::fs::read(entry.path()).map_err(|e| error(&entry.path(), e))?;
            write_whole(&to.join(entry.file_name()), &text)?;
        }
    }
    Ok(())
}

/// Writes every output of `data` into `out`: `matrix.json`, `junit.xml`,
/// `matrix.md` and the site. Returns the Markdown table.
pub fn write_outputs(data: &MatrixData, out: &Path) -> Result<String, DataError> {
    let table = markdown(data);
    let json = tromp_taylor_harness::safe::json(&data.to_json());
    write_whole(&out.join("matrix.json"), json.as_bytes())?;
    write_whole(&out.join("junit.xml"), junit_xml(data).as_bytes())?;
    write_whole(&out.join("matrix.md"), table.as_bytes())?;
    write_site(data, out)?;
    Ok(table)
}
