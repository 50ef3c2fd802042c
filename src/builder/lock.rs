//! One build at a time in a table folder, one search at a time on a
//! checkpoint file.
//!
//! Two builds of the same folder (a `build` in one terminal, a `solve`
//! building its missing tables in another) would solve the same group at
//! once, each with its full memory, and overwrite each other's snapshots.
//! A build holds `build.lock` in the folder for as long as it runs: the
//! file, holding its process id and name for messages, and the operating
//! system's lock on it (`flock` on Unix), which is what excludes. The
//! system releases that when the process ends however it ends, so a lock
//! file left by a build killed with `kill -9` is simply taken by the next
//! one, and no two builds that find it at once can both take it (a lock
//! judged stale from its process id could be: both removed it, both wrote
//! their own). On a folder shared over NFS, with NFS's locking on, the
//! lock holds across machines.
//!
//! The holder removes the file before it lets go, so a taker may lock a
//! file no longer at the path: it checks that the file it locked is the
//! one there, and tries again if not.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A lock file held by this process, released when dropped: a table
/// folder's `build.lock`, or a search checkpoint's `FILE.lock`.
#[derive(Debug)]
pub(crate) struct LockFile {
    path: PathBuf,
    /// Open, and locked, for as long as the lock is held (the system's
    /// lock goes when it closes).
    file: File,
}

/// Why the lock was not taken.
#[derive(Debug)]
pub(crate) enum LockError {
    /// Another process holds it (its id, if it has written it yet).
    Held {
        path: PathBuf,
        pid: Option<u32>,
    },
    Io {
        path: PathBuf,
        err: io::Error,
    },
}

/// A lock file found on disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LockState {
    /// The process id it names (none in a file its holder has not written
    /// yet, or one left empty by a process killed as it took it).
    pub(crate) pid: Option<u32>,
    /// Whether a running process holds it; if not, it is what a killed
    /// one left.
    pub(crate) held: bool,
}

impl LockFile {
    /// The lock file of a table folder.
    pub(crate) fn path(dir: &Path) -> PathBuf {
        dir.join("build.lock")
    }

    /// The lock file of `dir`, if there is one.
    pub(crate) fn read(dir: &Path) -> Option<LockState> {
        Self::read_path(&Self::path(dir))
    }

    /// The lock file `path`, if there is one.
    pub(crate) fn read_path(path: &Path) -> Option<LockState> {
        let file = File::open(path).ok()?;
        // A shared lock, given back at once (when `file` closes): taken,
        // no one holds the lock.
        let held = matches!(file.try_lock_shared(), Err(TryLockError::WouldBlock));
        let pid = if held {
            holder_pid(path)
        } else {
            read_pid(path)
        };
        Some(LockState { pid, held })
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
        // Again while the file locked is not the one at the path (its
        // holder removed it as it let go); and, for a moment, while the
        // lock is busy, which a reader's look ([`LockFile::read`]) makes
        // it for microseconds.
        let mut busy = 0;
        for _ in 0..1000 {
            let file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)
                .map_err(io_err)?;
            match file.try_lock() {
                Ok(()) => {}
                Err(TryLockError::WouldBlock) if busy < 10 => {
                    busy += 1;
                    std::thread::sleep(Duration::from_millis(5));
                    continue;
                }
                Err(TryLockError::WouldBlock) => {
                    let pid = holder_pid(&path);
                    return Err(LockError::Held { path, pid });
                }
                // (On NFS a file its holder removed as this opened it
                // may fail here, stale: it is no longer the lock.)
                Err(TryLockError::Error(_)) if !is_at(&file, &path) => continue,
                Err(TryLockError::Error(e)) => {
                    return Err(io_err(if cannot_lock(&e) {
                        io::Error::other(format!(
                            "the file system here cannot lock files ({e}), which builds and searches need to keep out of each other's way"
                        ))
                    } else {
                        e
                    }));
                }
            }
            if !is_at(&file, &path) {
                continue;
            }
            let pid = std::process::id();
            let text = format!("{pid} {}", process_name(pid));
            let written = file
                .set_len(0)
                .and_then(|()| (&file).write_all(text.as_bytes()));
            if let Err(e) = written {
                let _ = std::fs::remove_file(&path);
                return Err(io_err(e));
            }
            return Ok(LockFile { path, file });
        }
        Err(io_err(io::Error::other(
            "the lock file kept being replaced as it was taken",
        )))
    }
}

impl Drop for LockFile {
    /// Removes the file while still holding its lock (released as `file`
    /// closes, after this): a taker that opened it meanwhile finds it gone
    /// from the path once it locks it, and tries again.
    fn drop(&mut self) {
        // Only its own: a lock file removed by hand while held, then taken
        // by another process, is that one's.
        if is_at(&self.file, &self.path) {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Whether `e` says the file system has no locks: unsupported, or Linux's
/// `ENOLCK` (NFS without its lock service).
fn cannot_lock(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::Unsupported
        || (cfg!(target_os = "linux") && e.raw_os_error() == Some(37))
}

/// Whether `file` is the file at `path` now.
#[cfg(unix)]
fn is_at(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
        _ => false,
    }
}

/// Elsewhere an open file cannot be removed, so it is still there.
#[cfg(not(unix))]
fn is_at(_file: &File, path: &Path) -> bool {
    path.exists()
}

/// The process id in the lock file `path`, if it holds one.
fn read_pid(path: &Path) -> Option<u32> {
    let text = std::fs::read_to_string(path).ok()?;
    let pid = text.split(' ').next().unwrap_or("");
    pid.parse().ok()
}

/// The process id of a held lock: its holder writes it just after taking
/// the lock, so it is waited for, a little.
fn holder_pid(path: &Path) -> Option<u32> {
    for _ in 0..20 {
        if let Some(pid) = read_pid(path) {
            return Some(pid);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    None
}

/// Whether `path` is a copy of a folder's lock written beside it
/// (`build.lock.<pid>.tmp`), which a build of an earlier version killed
/// while it took the lock could leave.
pub(crate) fn is_folder_lock_leftover(path: &Path) -> bool {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    name.starts_with("build.lock.") && name.ends_with(".tmp")
}

/// The name of process `pid` (on Linux; elsewhere none), written in the
/// lock for whoever reads it.
fn process_name(pid: u32) -> String {
    std::fs::read_to_string(format!("/proc/{pid}/comm"))
        .map(|name| name.trim_end().to_string())
        .unwrap_or_default()
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
            Err(LockError::Held { pid, .. }) => assert_eq!(pid, Some(std::process::id())),
            other => panic!("{other:?}"),
        }
        let state = LockFile::read(&dir);
        let held = Some(LockState {
            pid: Some(std::process::id()),
            held: true,
        });
        assert_eq!(state, held);
        drop(lock);
        assert!(!path.exists());
        // Nothing left beside it.
        let left: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        assert!(left.is_empty(), "{left:?}");

        // A lock file no process holds: left by a process that is gone
        // (even one naming this process), or half written.
        let me = format!("{} fanorona", std::process::id());
        for (stale, pid) in [
            ("4294967295 fanorona", Some(u32::MAX)),
            (me.as_str(), Some(std::process::id())),
            ("", None),
        ] {
            std::fs::write(&path, stale).unwrap();
            assert_eq!(LockFile::read(&dir), Some(LockState { pid, held: false }));
            let lock = LockFile::take(&dir).unwrap();
            assert_eq!(LockFile::read(&dir), held, "{stale:?}");
            drop(lock);
        }

        // A lock file removed by hand while held, then taken by another:
        // the first holder's release leaves the second's file alone.
        let first = LockFile::take(&dir).unwrap();
        std::fs::remove_file(&path).unwrap();
        let second = LockFile::take(&dir).unwrap();
        drop(first);
        assert_eq!(LockFile::read(&dir), held);
        drop(second);
        assert!(!path.exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Threads stand for processes here: each opens the lock file itself,
    /// and the stale lock they all find at once is taken by exactly one.
    #[test]
    fn a_stale_lock_found_by_many_at_once_is_taken_by_one() {
        let dir = std::env::temp_dir().join(format!("fanorona-lock-race-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = LockFile::path(&dir);
        const TAKERS: usize = 8;
        for round in 0..60 {
            std::fs::write(&path, "4294967295 fanorona").unwrap();
            let start = std::sync::Barrier::new(TAKERS);
            let done = std::sync::Barrier::new(TAKERS);
            let taken: usize = std::thread::scope(|s| {
                let takers: Vec<_> = (0..TAKERS)
                    .map(|_| {
                        s.spawn(|| {
                            start.wait();
                            let lock = LockFile::take(&dir);
                            // Held by all until every taker has tried.
                            done.wait();
                            lock.is_ok()
                        })
                    })
                    .collect();
                takers
                    .into_iter()
                    .map(|t| usize::from(t.join().unwrap()))
                    .sum()
            });
            assert_eq!(taken, 1, "round {round}: {taken} holders");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
