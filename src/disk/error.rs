//! [`DiskError`]: what can go wrong with the files of a disk-backed search.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// Why a disk-backed search could not run: a file operation failed, or the work directory
/// holds files it cannot use. A search stopped by a limit is not an error: it returns
/// [`Outcome::Stopped`](crate::Outcome::Stopped).
///
/// # Examples
///
/// ```
/// use heurist::disk::{DiskBfs, DiskError};
/// use heurist::FnProblem;
///
/// let dir = std::env::temp_dir().join(format!("heurist-doc-error-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("heurist-disk-bfs.txt"), "not a manifest\n").unwrap();
///
/// let space = FnProblem::space(|&n: &u16| [n / 2]);
/// let err = DiskBfs::new(&dir).enumerate(&space, 100).unwrap_err();
/// assert!(matches!(err, DiskError::Manifest { .. }));
/// println!("{err}"); // names the file and the line
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum DiskError {
    /// Creating, reading, writing, renaming or removing a file or folder failed (a folder
    /// that cannot be written, a full disk, ...).
    Io {
        /// What was being done: "create", "write", "read", ...
        action: &'static str,
        /// The file or folder.
        path: PathBuf,
        /// The error the system gave.
        source: io::Error,
    },
    /// The manifest of the work directory is not one this version can read.
    Manifest {
        /// The manifest.
        path: PathBuf,
        /// The line at fault (1 for the first), or 0 for the file as a whole.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// The work directory holds a run with another start state, problem or setting; use
    /// another directory, or remove that run's files with
    /// [`DiskBfs::remove_files`](super::DiskBfs::remove_files).
    OtherRun {
        /// The manifest.
        path: PathBuf,
        /// Which setting differs.
        reason: String,
    },
    /// A layer file does not match the manifest or the problem (missing, of the wrong
    /// size, or with a state whose predecessor the path reconstruction cannot find).
    Layer {
        /// The file or folder.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
}

impl DiskError {
    pub(crate) fn io(action: &'static str, path: &Path, source: io::Error) -> Self {
        DiskError::Io {
            action,
            path: path.to_path_buf(),
            source,
        }
    }

    pub(crate) fn layer(path: &Path, reason: impl Into<String>) -> Self {
        DiskError::Layer {
            path: path.to_path_buf(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for DiskError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiskError::Io {
                action,
                path,
                source,
            } => write!(f, "cannot {action} {}: {source}", path.display()),
            DiskError::Manifest { path, line, reason } if *line > 0 => {
                write!(f, "{}, line {line}: {reason}", path.display())
            }
            DiskError::Manifest { path, reason, .. } => write!(f, "{}: {reason}", path.display()),
            DiskError::OtherRun { path, reason } => write!(
                f,
                "{} belongs to another run ({reason}): use another directory or remove its files",
                path.display()
            ),
            DiskError::Layer { path, reason } => write!(f, "{}: {reason}", path.display()),
        }
    }
}

impl std::error::Error for DiskError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DiskError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}
