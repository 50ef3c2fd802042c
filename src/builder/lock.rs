//! One build at a time in a table folder, one search at a time on a
//! checkpoint file.
//!
//! Two builds of the same folder (a `build` in one terminal, a `solve`
//! building its missing tables in another) would solve the same group at
//! once, each with its full memory, and overwrite each other's snapshots.
//! A build holds `build.lock` in the folder, holding its process id and
//! name, for as long as it runs. A lock whose process is gone (a build
//! killed with `kill -9`, or before a reboot) is taken over: on Linux a lock
//! counts as held only while `/proc/<pid>` is a process of that name.

use std::fs::OpenOptions;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// A lock file held by this process, released when dropped: a table
/// folder's `build.lock`, or a search checkpoint's `FILE.lock`.
#[derive(Debug)]
pub(crate) struct LockFile {
    path: PathBuf,
}

/// Why the lock was not taken.
#[derive(Debug)]
pub(crate) enum LockError {
    /// Another build holds it.
    Held {
        path: PathBuf,
        pid: u32,
    },
    Io {
        path: PathBuf,
        err: io::Error,
    },
}

impl LockFile {
    /// The lock file of a table folder.
    pub(crate) fn path(dir: &Path) -> PathBuf {
        dir.join("build.lock")
    }

    /// The process holding the lock of `dir`, if a running one does.
    pub(crate) fn holder(dir: &Path) -> Option<u32> {
        Self::holder_of(&Self::path(dir))
    }

    /// The process holding the lock file `path`, if a running one does.
    fn holder_of(path: &Path) -> Option<u32> {
        Self::read_file(path).and_then(|(pid, running)| running.then_some(pid))
    }

    /// The process id in the lock file of `dir`, if there is one, and
    /// whether that process is running.
    pub(crate) fn read(dir: &Path) -> Option<(u32, bool)> {
        Self::read_file(&Self::path(dir))
    }

    fn read_file(path: &Path) -> Option<(u32, bool)> {
        let text = std::fs::read_to_string(path).ok()?;
        let (pid, name) = text.split_once(' ').unwrap_or((&text, ""));
        let pid = pid.parse::<u32>().ok()?;
        Some((pid, is_running(pid, name)))
    }

    /// Takes the lock of `dir` (which must exist).
    pub(crate) fn take(dir: &Path) -> Result<LockFile, LockError> {
        Self::take_file(Self::path(dir))
    }

    /// Takes the lock file `path` (its folder must exist).
    pub(crate) fn take_file(path: PathBuf) -> Result<LockFile, LockError> {
        let io_err = |err| LockError::Io {
            path: path.clone(),
            err,
        };
        // Twice at most: once more after removing a stale lock.
        for _ in 0..2 {
            match create_whole(&path) {
                Ok(()) => return Ok(LockFile { path }),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                    match Self::holder_of(&path) {
                        Some(pid) => return Err(LockError::Held { path, pid }),
                        // Gone, or a lock half written by a build killed as it
                        // took it.
                        None => {
                            let _ = std::fs::remove_file(&path);
                        }
                    }
                }
                Err(e) => return Err(io_err(e)),
            }
        }
        Err(io_err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            "the lock file came back after it was removed as stale",
        )))
    }
}

impl Drop for LockFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Whether `path` is a copy of a folder's lock written beside it
/// (`build.lock.<pid>.tmp`, [`create_whole`]), which a process killed
/// while it took the lock leaves.
pub(crate) fn is_folder_lock_leftover(path: &Path) -> bool {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    name.starts_with("build.lock.") && name.ends_with(".tmp")
}

/// Creates the lock file `path` holding this process's id and name, or
/// fails with `AlreadyExists`. The file appears whole: written beside it,
/// then linked into place (which fails if the lock exists). Created empty
/// and written after, it could be read in between by a second build as a
/// lock half written by a killed one, and taken over: two holders.
fn create_whole(path: &Path) -> io::Result<()> {
    let pid = std::process::id();
    let text = format!("{pid} {}", process_name(pid));
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".{pid}.tmp"));
    let tmp = PathBuf::from(tmp);
    let linked = std::fs::write(&tmp, &text).and_then(|()| std::fs::hard_link(&tmp, path));
    // (Removed whatever happened: a write that failed, on a full disk,
    // left it for good.)
    let _ = std::fs::remove_file(&tmp);
    match linked {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(e),
        // A file system without hard links: created, then written.
        // (Or a write that failed, which fails again here: the empty lock
        // is not left behind.)
        Err(_) => {
            let mut f = OpenOptions::new().write(true).create_new(true).open(path)?;
            f.write_all(text.as_bytes()).inspect_err(|_| {
                let _ = std::fs::remove_file(path);
            })
        }
    }
}

/// The name of process `pid` (on Linux; elsewhere none).
fn process_name(pid: u32) -> String {
    std::fs::read_to_string(format!("/proc/{pid}/comm"))
        .map(|name| name.trim_end().to_string())
        .unwrap_or_default()
}

/// Whether process `pid` runs under `name`: a process id reused by
/// another program (after a reboot) does not hold the lock.
#[cfg(target_os = "linux")]
fn is_running(pid: u32, name: &str) -> bool {
    Path::new(&format!("/proc/{pid}")).exists() && process_name(pid) == name
}

/// Without `/proc`, a lock is held until its file is removed.
#[cfg(not(target_os = "linux"))]
fn is_running(_pid: u32, _name: &str) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lock_is_held_once_released_on_drop_and_taken_over_when_stale() {
        let dir = std::env::temp_dir().join(format!("fanorona-lock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let lock = LockFile::take(&dir).unwrap();
        let path = LockFile::path(&dir);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.starts_with(&format!("{} ", std::process::id())),
            "{text}"
        );
        // This process holds it.
        match LockFile::take(&dir) {
            Err(LockError::Held { pid, .. }) => assert_eq!(pid, std::process::id()),
            other => panic!("{other:?}"),
        }
        drop(lock);
        assert!(!path.exists());
        // Nothing left beside it (the lock is written there first).
        let left: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        assert!(left.is_empty(), "{left:?}");

        // A lock left by a process that is gone, by one whose id another
        // program has now, or half written.
        let other = format!("{} not-the-name-of-this-test", std::process::id());
        for stale in ["4294967295 fanorona", &other, ""] {
            std::fs::write(&path, stale).unwrap();
            let lock = LockFile::take(&dir).unwrap();
            drop(lock);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
