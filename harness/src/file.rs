//! Files written whole: to a file beside the target first, then renamed over it, so that no reader ever sees half of one.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `contents` to `path` whole, making its folder if need be. The
/// bytes go to a hidden file in the same folder (so the rename stays on one
/// file system), are flushed to the disk, and only then take the name; a
/// run killed at any moment leaves either the old file or the new one.
/// On an error the partial file is removed and `path` is untouched.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("tt-file-doc-{}", std::process::id()));
/// let path = dir.join("summary.txt");
/// tromp_taylor_harness::file::write_whole(&path, b"0 divergences\n").unwrap();
/// assert_eq!(std::fs::read_to_string(&path).unwrap(), "0 divergences\n");
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn write_whole(path: &Path, contents: impl AsRef<[u8]>) -> std::io::Result<()> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)?;
    }
    let partial = partial_name(path);
    let written =
        write_and_sync(&partial, contents.as_ref()).and_then(|()| std::fs::rename(&partial, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    written
}

/// The hidden file beside `path` that its bytes go to first: one per
/// process, so that two runs writing the same name do not share it.
fn partial_name(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.partial-{}", std::process::id()))
}

fn write_and_sync(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    let mut file = std::fs::File::create(path)?;
    file.write_all(contents)?;
    file.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("tt-file-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn a_file_is_replaced_whole_and_no_partial_file_stays() {
        let dir = folder("replace");
        let path = dir.join("a").join("report.txt");
        write_whole(&path, "first version, long enough to be cut\n").unwrap();
        write_whole(&path, "second\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "second\n");
        let names: Vec<_> = std::fs::read_dir(dir.join("a"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("report.txt")]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_write_that_fails_leaves_the_old_file_and_no_partial_one() {
        let dir = folder("fails");
        let path = dir.join("report.txt");
        write_whole(&path, "old\n").unwrap();
        // A folder where the partial file would go makes the write fail.
        std::fs::create_dir_all(partial_name(&path)).unwrap();
        assert!(write_whole(&path, "new\n").is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old\n");
        std::fs::remove_dir_all(partial_name(&path)).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
