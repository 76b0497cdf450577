//! Additive pattern databases: exact distances in an abstraction of a problem, stored in a
//! table indexed by a perfect hash, used as an admissible heuristic.
//!
//! * [`Abstraction`]: the abstract space — a perfect-hash ranking (`rank`/`unrank`), the goal
//!   states, and the moves between abstract states with cost 0 or 1. Counting only the moves
//!   that matter to a pattern (cost 1) and letting the others be free (cost 0) is what makes
//!   several databases over disjoint patterns **additive**.
//! * [`Builder`]: fills the table by an exhaustive 0-1 breadth-first search backwards from the
//!   goals, with a progress callback. The table can be *projected* onto a smaller key
//!   ([`Abstraction::key`]): each key keeps the minimum distance over the states sharing it.
//!   The build obeys [`BuildLimits`] as a search obeys its limits: a memory budget (2 GiB
//!   unless told otherwise), a time limit and a cancel token; one they stop returns the
//!   [`BuildError`] that says why.
//! * [`PatternDb`]: the table, one byte per entry; lookup, [`save`](PatternDb::save) and
//!   [`load`](PatternDb::load) with a header and a checksum, so a missing, truncated,
//!   corrupt or mismatched file is reported as a [`PdbError`], never a panic.
//! * [`Additive`]: the sum of several databases, a [`Heuristic`](crate::Heuristic); with
//!   [`with_symmetry`](Additive::with_symmetry), the largest sum over a state and its images
//!   under symmetries of the problem (for the sliding-tile puzzle, its reflection about the
//!   main diagonal), so one set of databases gives several lookups.
//!
//! # Examples
//!
//! A token walks on a ring of 6 cells and must reach cell 0; the abstraction forgets nothing,
//! so the database holds exact distances.
//!
//! ```
//! use heurist::pdb::{Abstraction, Builder};
//!
//! struct Ring;
//! impl Abstraction for Ring {
//!     type State = u8;
//!     fn len(&self) -> u64 { 6 }
//!     fn rank(&self, s: &u8) -> u64 { *s as u64 }
//!     fn unrank(&self, r: u64) -> u8 { r as u8 }
//!     fn goals(&self, out: &mut Vec<u8>) { out.push(0) }
//!     fn predecessors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
//!         out.push(((s + 1) % 6, 1));
//!         out.push(((s + 5) % 6, 1));
//!     }
//! }
//!
//! let db = Builder::new(&Ring).build().unwrap();
//! let distances: Vec<u8> = (0..6).map(|s| db.get(s)).collect();
//! assert_eq!(distances, [0, 1, 2, 3, 2, 1]);
//! ```

use std::fmt;
use std::fs;
use std::io::{self, Write};
use std::path::Path;

mod additive;
mod build;
pub use additive::Additive;
pub use build::{BuildError, BuildLimits, Builder, Progress};

/// The value of table entries no goal can be reached from (never reached by the search).
pub const UNREACHED: u8 = u8::MAX;

/// An abstract problem with a perfect-hash ranking, the input of a pattern-database build.
///
/// States are numbered `0..len()` by [`rank`](Abstraction::rank), with
/// [`unrank`](Abstraction::unrank) its inverse. The build searches *backwards* from the
/// [`goals`](Abstraction::goals) through [`predecessors`](Abstraction::predecessors); for a
/// problem whose moves are reversible at the same cost (sliding puzzles) the predecessors are
/// simply the successors.
///
/// Move costs are 0 or 1. In an additive database, moves of the pattern's own pieces cost 1
/// and every other move (of pieces outside the pattern, or of the blank) costs 0; the
/// distances of databases over disjoint patterns may then be added.
///
/// # Examples
///
/// Two tokens on a line of 4 cells (at distinct cells) must reach cells 0 and 1; moving token
/// `a` costs 1, moving token `b` is free, so the database counts only the moves of `a`.
///
/// ```
/// use heurist::pdb::{Abstraction, Builder, UNREACHED};
///
/// struct Two;
/// impl Abstraction for Two {
///     type State = (u8, u8); // (a, b)
///     fn len(&self) -> u64 { 16 }
///     fn rank(&self, &(a, b): &(u8, u8)) -> u64 { (a * 4 + b) as u64 }
///     fn unrank(&self, r: u64) -> (u8, u8) { ((r / 4) as u8, (r % 4) as u8) }
///     fn goals(&self, out: &mut Vec<(u8, u8)>) { out.push((0, 1)) }
///     fn predecessors(&self, &(a, b): &(u8, u8), out: &mut Vec<((u8, u8), u8)>) {
///         for na in [a.wrapping_sub(1), a + 1] {
///             if na < 4 && na != b { out.push(((na, b), 1)) }
///         }
///         for nb in [b.wrapping_sub(1), b + 1] {
///             if nb < 4 && nb != a { out.push(((a, nb), 0)) }
///         }
///     }
///     // Store only the position of `a`: the minimum over all positions of `b`.
///     fn key_len(&self) -> u64 { 4 }
///     fn key(&self, &(a, _): &(u8, u8)) -> u64 { a as u64 }
/// }
///
/// let db = Builder::new(&Two).build().unwrap();
/// assert_eq!(db.len(), 4);
/// // The tokens cannot pass each other: with `a` at cell 3, `b` cannot be right of it, so
/// // the goal is unreachable from every such state.
/// assert_eq!((0..4).map(|a| db.get(a)).collect::<Vec<_>>(), [0, 1, 2, UNREACHED]);
/// assert_eq!(db.lookup(&Two, &(2, 3)), 2);
/// ```
pub trait Abstraction {
    /// An abstract state.
    type State: Clone;

    /// The number of abstract states: ranks are `0..len()`.
    fn len(&self) -> u64;

    /// Whether the space is empty (`len() == 0`).
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The perfect hash of `state`, in `0..len()`.
    fn rank(&self, state: &Self::State) -> u64;

    /// The state whose rank is `rank`.
    fn unrank(&self, rank: u64) -> Self::State;

    /// Pushes the goal states (distance 0) into `out`.
    fn goals(&self, out: &mut Vec<Self::State>);

    /// Pushes every state from which `state` is reached in one move into `out`, with the
    /// cost of that move: 0 or 1 (larger values are treated as 1). `out` is empty on entry.
    fn predecessors(&self, state: &Self::State, out: &mut Vec<(Self::State, u8)>);

    /// The size of the stored table: keys are `0..key_len()`. Defaults to `len()`.
    fn key_len(&self) -> u64 {
        self.len()
    }

    /// The table index of `state`; states with the same key share one entry holding their
    /// minimum distance. Defaults to [`rank`](Abstraction::rank).
    fn key(&self, state: &Self::State) -> u64 {
        self.rank(state)
    }
}

/// A pattern database: one distance byte per key.
///
/// Large databases are read at random, a cache miss and often a miss of the processor's
/// address translation per lookup. On Linux with glibc, starting the program with
/// `GLIBC_TUNABLES=glibc.malloc.hugetlb=1` asks for 2 MB pages for large allocations, which
/// spares most of those translations: IDA\* on a 24-puzzle instance with four 127.5 M-entry
/// databases took 13 % less time in one measurement (`BENCHMARKS.md`).
///
/// # Examples
///
/// ```
/// use heurist::pdb::PatternDb;
///
/// let db = PatternDb::from_table(vec![0, 1, 2, 1]);
/// assert_eq!(db.len(), 4);
/// assert_eq!(db.get(2), 2);
/// assert_eq!(db.max(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternDb {
    table: Vec<u8>,
}

/// What went wrong loading (or saving) a [`PatternDb`].
#[derive(Debug)]
pub enum PdbError {
    /// The file could not be read or written (missing, no permission, ...).
    Io(io::Error),
    /// The file exists but is not a valid database: wrong magic, version, tag or size, or a
    /// checksum mismatch (a corrupt or truncated file).
    Format(String),
    /// The database had to be built, and its limits stopped the build.
    Build(BuildError),
}

impl fmt::Display for PdbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdbError::Io(e) => write!(f, "pattern database file: {e}"),
            PdbError::Format(m) => write!(f, "invalid pattern database file: {m}"),
            PdbError::Build(e) => write!(f, "pattern database not built: {e}"),
        }
    }
}

impl std::error::Error for PdbError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PdbError::Io(e) => Some(e),
            PdbError::Format(_) => None,
            PdbError::Build(e) => Some(e),
        }
    }
}

impl From<io::Error> for PdbError {
    fn from(e: io::Error) -> Self {
        PdbError::Io(e)
    }
}

impl From<BuildError> for PdbError {
    fn from(e: BuildError) -> Self {
        PdbError::Build(e)
    }
}

const MAGIC: &[u8; 8] = b"HEURPDB\0";
const VERSION: u32 = 1;

/// FNV-1a, 64 bits: the checksum of the file body.
fn fnv1a(bytes: &[u8], mut h: u64) -> u64 {
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}
const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

impl PatternDb {
    /// A database from a ready table (entry `k` is the distance for key `k`).
    pub fn from_table(table: Vec<u8>) -> Self {
        PatternDb { table }
    }

    /// The table.
    pub fn table(&self) -> &[u8] {
        &self.table
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// The distance stored for `key` ([`UNREACHED`] if no goal was reached from it).
    ///
    /// # Panics
    ///
    /// If `key >= len()`.
    #[inline(always)]
    pub fn get(&self, key: u64) -> u8 {
        self.table[key as usize]
    }

    /// The distance stored for the key of `state` in `abstraction`.
    #[inline]
    pub fn lookup<A: Abstraction + ?Sized>(&self, abstraction: &A, state: &A::State) -> u8 {
        self.get(abstraction.key(state))
    }

    /// The largest distance stored, ignoring [`UNREACHED`] entries (0 if there is none).
    pub fn max(&self) -> u8 {
        self.table
            .iter()
            .copied()
            .filter(|&d| d != UNREACHED)
            .max()
            .unwrap_or(0)
    }

    /// The mean of the stored distances, ignoring [`UNREACHED`] entries.
    pub fn mean(&self) -> f64 {
        let (sum, n) = self
            .table
            .iter()
            .filter(|&&d| d != UNREACHED)
            .fold((0u64, 0u64), |(s, n), &d| (s + d as u64, n + 1));
        if n == 0 {
            0.0
        } else {
            sum as f64 / n as f64
        }
    }

    /// Writes the database to `path`: a header (magic, version, `tag`, entry count), the
    /// table and a checksum. `tag` describes what the database was built from (the pattern,
    /// the goal, ...); [`load`](PatternDb::load) refuses a file with another tag. The file is
    /// written to a temporary name first and renamed, so a reader never sees half a file.
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::pdb::{PatternDb, PdbError};
    ///
    /// let dir = std::env::temp_dir().join(format!("heurist-pdb-doc-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir).unwrap();
    /// let path = dir.join("ring.pdb");
    /// let db = PatternDb::from_table(vec![0, 1, 2, 3, 2, 1]);
    /// db.save(&path, b"ring-6").unwrap();
    /// assert_eq!(PatternDb::load(&path, b"ring-6").unwrap(), db);
    ///
    /// // Another tag, a corrupt byte, a missing file: errors, not panics.
    /// assert!(matches!(PatternDb::load(&path, b"ring-7"), Err(PdbError::Format(_))));
    /// let mut bytes = std::fs::read(&path).unwrap();
    /// let n = bytes.len();
    /// bytes[n - 10] ^= 1;
    /// std::fs::write(&path, &bytes).unwrap();
    /// assert!(matches!(PatternDb::load(&path, b"ring-6"), Err(PdbError::Format(_))));
    /// assert!(matches!(PatternDb::load(dir.join("none.pdb"), b"ring-6"), Err(PdbError::Io(_))));
    /// std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn save(&self, path: impl AsRef<Path>, tag: &[u8]) -> Result<(), PdbError> {
        let path = path.as_ref();
        let mut header = Vec::with_capacity(32 + tag.len());
        header.extend_from_slice(MAGIC);
        header.extend_from_slice(&VERSION.to_le_bytes());
        header.extend_from_slice(&(tag.len() as u32).to_le_bytes());
        header.extend_from_slice(tag);
        header.extend_from_slice(&(self.table.len() as u64).to_le_bytes());
        let sum = fnv1a(&self.table, fnv1a(&header, FNV_OFFSET));
        let mut tmp_name = path.as_os_str().to_owned();
        tmp_name.push(format!(".tmp{}", std::process::id()));
        let tmp = Path::new(&tmp_name);
        let result = (|| {
            let mut f = io::BufWriter::new(fs::File::create(tmp)?);
            f.write_all(&header)?;
            f.write_all(&self.table)?;
            f.write_all(&sum.to_le_bytes())?;
            f.into_inner().map_err(|e| e.into_error())?.sync_all()?;
            fs::rename(tmp, path)
        })();
        if result.is_err() {
            let _ = fs::remove_file(tmp);
        }
        result.map_err(PdbError::Io)
    }

    /// Reads a database written by [`save`](PatternDb::save) with the same `tag`. A missing
    /// or unreadable file is [`PdbError::Io`]; a wrong magic, version, tag, length or
    /// checksum is [`PdbError::Format`], and so is a path that is not a regular file (a
    /// folder, a named pipe or a device, which reading could block on or never finish).
    pub fn load(path: impl AsRef<Path>, tag: &[u8]) -> Result<Self, PdbError> {
        let path = path.as_ref();
        if !fs::metadata(path)?.is_file() {
            return Err(PdbError::Format("not a regular file".to_string()));
        }
        let bytes = fs::read(path)?;
        let bad = |m: &str| Err(PdbError::Format(m.to_string()));
        let mut at = 0usize;
        let mut take = |n: usize| -> Option<&[u8]> {
            let s = bytes.get(at..at.checked_add(n)?)?;
            at += n;
            Some(s)
        };
        if take(8) != Some(&MAGIC[..]) {
            return bad("not a heurist pattern database (bad magic)");
        }
        let Some(version) = take(4) else {
            return bad("truncated header");
        };
        if u32::from_le_bytes(version.try_into().unwrap()) != VERSION {
            return bad("unsupported version");
        }
        let Some(tag_len) = take(4) else {
            return bad("truncated header");
        };
        let tag_len = u32::from_le_bytes(tag_len.try_into().unwrap()) as usize;
        match take(tag_len) {
            Some(t) if t == tag => {}
            Some(_) => return bad("built for another abstraction (tag mismatch)"),
            None => return bad("truncated header"),
        }
        let Some(len) = take(8) else {
            return bad("truncated header");
        };
        let len = u64::from_le_bytes(len.try_into().unwrap());
        let header_end = 8 + 4 + 4 + tag_len + 8;
        let expected = (header_end as u64)
            .checked_add(len)
            .and_then(|n| n.checked_add(8));
        if expected != Some(bytes.len() as u64) {
            return bad("wrong file size (truncated or padded)");
        }
        let body_end = header_end + len as usize;
        let stored = u64::from_le_bytes(bytes[body_end..].try_into().unwrap());
        let sum = fnv1a(
            &bytes[header_end..body_end],
            fnv1a(&bytes[..header_end], FNV_OFFSET),
        );
        if sum != stored {
            return bad("checksum mismatch (corrupt file)");
        }
        Ok(PatternDb {
            table: bytes[header_end..body_end].to_vec(),
        })
    }

    /// Loads the database at `path` (saved with `tag`); if that fails for any reason (missing,
    /// corrupt, another tag), calls `build`, saves the result to `path` (creating the parent
    /// directory) and returns it. The [`Origin`] says which happened and why. A build that
    /// its limits stopped is [`PdbError::Build`], and nothing is saved.
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::pdb::{BuildError, Origin, PatternDb, PdbError};
    ///
    /// let dir = std::env::temp_dir().join(format!("heurist-pdb-cache-doc-{}", std::process::id()));
    /// let path = dir.join("sub").join("t.pdb");
    /// let stopped = PatternDb::load_or_build(&path, b"t", || Err(BuildError::Cancelled));
    /// assert!(matches!(stopped, Err(PdbError::Build(BuildError::Cancelled))));
    /// assert!(!path.exists());
    /// let (db, origin) = PatternDb::load_or_build(&path, b"t", || Ok(PatternDb::from_table(vec![0, 1]))).unwrap();
    /// assert!(matches!(origin, Origin::Built { .. }));
    /// let (again, origin) = PatternDb::load_or_build(&path, b"t", || unreachable!()).unwrap();
    /// assert_eq!((again, origin), (db, Origin::Loaded));
    /// std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn load_or_build(
        path: impl AsRef<Path>,
        tag: &[u8],
        build: impl FnOnce() -> Result<PatternDb, BuildError>,
    ) -> Result<(PatternDb, Origin), PdbError> {
        let path = path.as_ref();
        match PatternDb::load(path, tag) {
            Ok(db) => Ok((db, Origin::Loaded)),
            Err(e) => {
                let why = e.to_string();
                let db = build()?;
                if let Some(dir) = path.parent() {
                    fs::create_dir_all(dir)?;
                }
                db.save(path, tag)?;
                Ok((db, Origin::Built { why }))
            }
        }
    }
}

/// Where [`PatternDb::load_or_build`] got its database from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Read from the file.
    Loaded,
    /// Built (and saved) because the file could not be loaded, for the reason given.
    Built {
        /// Why the file was not used (missing, corrupt, ...).
        why: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_that_is_not_a_regular_file_is_refused_without_reading_it() {
        let dir = std::env::temp_dir().join(format!("heurist-pdb-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        assert!(matches!(
            PatternDb::load(&dir, b"t"),
            Err(PdbError::Format(_))
        ));
        // a named pipe: reading it would block until a writer came
        let fifo = dir.join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            assert!(matches!(
                PatternDb::load(&fifo, b"t"),
                Err(PdbError::Format(_))
            ));
        }
        assert!(matches!(
            PatternDb::load(dir.join("missing"), b"t"),
            Err(PdbError::Io(_))
        ));
        let _ = fs::remove_dir_all(&dir);
    }
}
