//! The build of a [`PatternDb`]: [`Builder`], its limits ([`BuildLimits`]) and why a build
//! stopped ([`BuildError`]).

use std::fmt;
use std::time::{Duration, Instant};

use super::{Abstraction, PatternDb, UNREACHED};
use crate::search::CancelToken;

/// The progress of a build, passed to the callback of [`Builder::on_progress`] after each
/// layer of the breadth-first search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The distance of the layer just finished.
    pub depth: u8,
    /// Abstract states reached so far.
    pub reached: u64,
    /// The number of abstract states, [`Abstraction::len`].
    pub total: u64,
}

/// Why a pattern-database build stopped before the database was complete.
///
/// # Examples
///
/// ```
/// use heurist::pdb::BuildError;
///
/// let e = BuildError::MemoryLimit { needed: 3 << 30, budget: 2 << 30 };
/// assert_eq!(
///     e.to_string(),
///     "the database build needs 3221225472 bytes, more than its budget of 2147483648"
/// );
/// assert_eq!(BuildError::Cancelled.to_string(), "the database build was cancelled");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// The time limit or deadline passed.
    TimeLimit,
    /// The build would need more memory than its budget ([`BuildLimits::max_bytes`]):
    /// found before anything is allocated.
    MemoryLimit {
        /// The bytes the build needs at its peak (`u64::MAX` when even that overflows).
        needed: u64,
        /// The budget.
        budget: u64,
    },
    /// The system refused memory the budget allowed.
    OutOfMemory {
        /// The bytes asked for at once.
        bytes: u64,
    },
    /// The cancel token was cancelled.
    Cancelled,
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::TimeLimit => write!(f, "the database build ran out of time"),
            BuildError::MemoryLimit { needed, budget } => write!(
                f,
                "the database build needs {needed} bytes, more than its budget of {budget}"
            ),
            BuildError::OutOfMemory { bytes } => {
                write!(f, "the system refused {bytes} bytes to the database build")
            }
            BuildError::Cancelled => write!(f, "the database build was cancelled"),
        }
    }
}

impl std::error::Error for BuildError {}

/// The limits of a pattern-database build: a time limit or deadline, a cancel token, and a
/// memory budget, which is on by default ([`DEFAULT_MAX_BYTES`](Self::DEFAULT_MAX_BYTES)).
///
/// [`Builder`] obeys them; a builder of one's own can too, with [`check`](Self::check)
/// (the clock and the token, every so often) and [`check_memory`](Self::check_memory)
/// (the budget, before allocating).
///
/// # Examples
///
/// ```
/// use std::time::{Duration, Instant};
/// use heurist::pdb::{BuildError, BuildLimits};
/// use heurist::CancelToken;
///
/// let token = CancelToken::new();
/// let limits = BuildLimits::new()
///     .time_limit(Duration::from_secs(60))
///     .cancel(token.clone())
///     .max_bytes(1 << 20);
/// let started = Instant::now();
/// assert_eq!(limits.check(started), Ok(()));
/// assert_eq!(limits.check_memory(1 << 19), Ok(()));
/// assert_eq!(
///     limits.check_memory(1 << 21),
///     Err(BuildError::MemoryLimit { needed: 1 << 21, budget: 1 << 20 })
/// );
/// token.cancel();
/// assert_eq!(limits.check(started), Err(BuildError::Cancelled));
/// ```
#[derive(Clone, Debug)]
pub struct BuildLimits {
    time_limit: Option<Duration>,
    deadline: Option<Instant>,
    cancel: Option<CancelToken>,
    max_bytes: u64,
}

impl Default for BuildLimits {
    fn default() -> Self {
        BuildLimits {
            time_limit: None,
            deadline: None,
            cancel: None,
            max_bytes: Self::DEFAULT_MAX_BYTES,
        }
    }
}

impl BuildLimits {
    /// The memory budget of a build unless told otherwise: 2 GiB.
    pub const DEFAULT_MAX_BYTES: u64 = 2 << 30;

    /// No time limit, no cancel token, and the default memory budget.
    pub fn new() -> Self {
        Self::default()
    }

    /// Stop once the build has run this long (counted from the `started` instant given to
    /// [`check`](Self::check)). A duration too large to add to that instant is no limit.
    pub fn time_limit(mut self, limit: Duration) -> Self {
        self.time_limit = Some(limit);
        self
    }

    /// Stop at this instant.
    pub fn deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// Stop when `token` is cancelled (from any thread, or a signal handler).
    pub fn cancel(mut self, token: CancelToken) -> Self {
        self.cancel = Some(token);
        self
    }

    /// The most bytes the build may hold at once (`u64::MAX`: no budget).
    pub fn max_bytes(mut self, bytes: u64) -> Self {
        self.max_bytes = bytes;
        self
    }

    /// The memory budget, in bytes.
    pub fn budget(&self) -> u64 {
        self.max_bytes
    }

    /// Whether a build that started at `started` may go on: an error once the token is
    /// cancelled or the time is up.
    pub fn check(&self, started: Instant) -> Result<(), BuildError> {
        if self.cancel.as_ref().is_some_and(CancelToken::is_cancelled) {
            return Err(BuildError::Cancelled);
        }
        let limit = self.time_limit.and_then(|t| started.checked_add(t));
        let deadline = match (limit, self.deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(BuildError::TimeLimit);
        }
        Ok(())
    }

    /// Whether a build that holds `bytes` at its peak fits the budget.
    pub fn check_memory(&self, bytes: u64) -> Result<(), BuildError> {
        if bytes > self.max_bytes {
            return Err(BuildError::MemoryLimit {
                needed: bytes,
                budget: self.max_bytes,
            });
        }
        Ok(())
    }
}

/// A vector of `len` copies of `value`, or the error the build reports when the system
/// refuses the memory.
fn filled<T: Clone>(len: usize, value: T) -> Result<Vec<T>, BuildError> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| BuildError::OutOfMemory {
            bytes: (len as u64).saturating_mul(size_of::<T>() as u64),
        })?;
    v.resize(len, value);
    Ok(v)
}

/// The boxed progress callback of a [`Builder`].
type BuildProgressFn<'a> = Box<dyn FnMut(&Progress) + 'a>;

/// How many states are expanded between two looks at the clock and the cancel token.
const POLL_EVERY: u32 = 1 << 12;

/// How many states reached at no cost behind the scan wait on a stack to be expanded
/// before the layer is scanned again for the others.
const ZERO_COST_STACK: usize = 1 << 12;

/// Builds a [`PatternDb`] by exhaustive 0-1 breadth-first search over an [`Abstraction`].
///
/// The search keeps one byte per abstract state (`len()` bytes: the distances, the table
/// itself when it is not projected) and two bitmaps of the states of the current and the
/// next layer (`len() / 8` bytes each), whose parts that a layer touches are scanned in
/// order; the result is then projected onto `key_len()` entries, which takes a second table
/// of `key_len()` bytes beside the first. [`memory_needed`](Self::memory_needed) says how
/// much that is at the peak. Distances above 254 are stored as 254 (still admissible).
///
/// The build obeys its [`BuildLimits`]: a memory budget (by default
/// [`BuildLimits::DEFAULT_MAX_BYTES`]), checked before anything is allocated, a time limit
/// or deadline and a cancel token, looked at every 4,096 states and after each layer; a
/// build they stop returns
/// the [`BuildError`] that says why.
///
/// # Examples
///
/// ```
/// use heurist::pdb::{Abstraction, Builder};
///
/// struct Line; // cells 0..10, goal at 9, steps of 1
/// impl Abstraction for Line {
///     type State = u64;
///     fn len(&self) -> u64 { 10 }
///     fn rank(&self, s: &u64) -> u64 { *s }
///     fn unrank(&self, r: u64) -> u64 { r }
///     fn goals(&self, out: &mut Vec<u64>) { out.push(9) }
///     fn predecessors(&self, s: &u64, out: &mut Vec<(u64, u8)>) {
///         if *s > 0 { out.push((s - 1, 1)) }
///         if *s < 9 { out.push((s + 1, 1)) }
///     }
/// }
///
/// let mut layers = 0;
/// let db = Builder::new(&Line)
///     .on_progress(|p| { layers += 1; assert!(p.reached <= p.total) })
///     .build()
///     .unwrap();
/// assert_eq!(db.get(0), 9);
/// assert_eq!(layers, 10);
/// ```
///
/// A budget too small for the table stops the build before it starts:
///
/// ```
/// # use heurist::pdb::{Abstraction, Builder, BuildError};
/// # struct Line;
/// # impl Abstraction for Line {
/// #     type State = u64;
/// #     fn len(&self) -> u64 { 10 }
/// #     fn rank(&self, s: &u64) -> u64 { *s }
/// #     fn unrank(&self, r: u64) -> u64 { r }
/// #     fn goals(&self, out: &mut Vec<u64>) { out.push(9) }
/// #     fn predecessors(&self, s: &u64, out: &mut Vec<(u64, u8)>) {
/// #         if *s > 0 { out.push((s - 1, 1)) }
/// #         if *s < 9 { out.push((s + 1, 1)) }
/// #     }
/// # }
/// let builder = Builder::new(&Line).max_bytes(8);
/// assert_eq!(builder.memory_needed(), 26); // 10 distances, two bitmaps of one word
/// assert_eq!(builder.build(), Err(BuildError::MemoryLimit { needed: 26, budget: 8 }));
/// ```
pub struct Builder<'a, A: Abstraction + ?Sized> {
    abstraction: &'a A,
    progress: Option<BuildProgressFn<'a>>,
    limits: BuildLimits,
}

impl<'a, A: Abstraction + ?Sized> Builder<'a, A> {
    /// A builder for the database of `abstraction`, with the default [`BuildLimits`].
    pub fn new(abstraction: &'a A) -> Self {
        Builder {
            abstraction,
            progress: None,
            limits: BuildLimits::new(),
        }
    }

    /// Calls `callback` after each finished layer of the search.
    pub fn on_progress(mut self, callback: impl FnMut(&Progress) + 'a) -> Self {
        self.progress = Some(Box::new(callback));
        self
    }

    /// Sets every limit at once.
    pub fn limits(mut self, limits: BuildLimits) -> Self {
        self.limits = limits;
        self
    }

    /// Stop once the build has run this long ([`BuildLimits::time_limit`]).
    pub fn time_limit(mut self, limit: Duration) -> Self {
        self.limits = self.limits.time_limit(limit);
        self
    }

    /// Stop when `token` is cancelled ([`BuildLimits::cancel`]).
    pub fn cancel(mut self, token: CancelToken) -> Self {
        self.limits = self.limits.cancel(token);
        self
    }

    /// The most bytes the build may hold at once ([`BuildLimits::max_bytes`]).
    pub fn max_bytes(mut self, bytes: u64) -> Self {
        self.limits = self.limits.max_bytes(bytes);
        self
    }

    /// The bytes the build holds at its peak: the distances (`len()`), and beside them the
    /// larger of the two bitmaps of the search and the projected table (`key_len()`, when
    /// it differs from `len()`). `u64::MAX` if that overflows.
    pub fn memory_needed(&self) -> u64 {
        let (len, key_len) = (self.abstraction.len(), self.abstraction.key_len());
        let bitmaps = len.div_ceil(64).saturating_mul(16);
        let projected = if key_len == len { 0 } else { key_len };
        len.saturating_add(bitmaps.max(projected))
    }

    /// Runs the search and returns the database (`key_len()` entries; entries of keys no
    /// goal is reachable from hold [`UNREACHED`]), or why the limits stopped it.
    pub fn build(mut self) -> Result<PatternDb, BuildError> {
        let started = Instant::now();
        let limits = self.limits.clone();
        let needed = self.memory_needed();
        limits.check_memory(needed)?;
        limits.check(started)?;
        let a = self.abstraction;
        let total = a.len();
        let too_large = BuildError::MemoryLimit {
            needed,
            budget: limits.budget(),
        };
        let len = usize::try_from(total).map_err(|_| too_large)?;
        let mut search = LayerSearch {
            abstraction: a,
            dist: filled(len, UNREACHED)?,
            current: BuildLayer::new(len)?,
            next: BuildLayer::new(len)?,
            scan_end: 0,
            zero_cost: Vec::new(),
            preds: Vec::new(),
            reached: 0,
            polled: 0,
            limits: &limits,
            started,
        };
        let mut goals = Vec::new();
        a.goals(&mut goals);
        for g in &goals {
            let r = a.rank(g) as usize;
            if search.dist[r] != 0 {
                search.dist[r] = 0;
                search.reached += 1;
                search.current.set(r);
            }
        }
        let mut depth: u8 = 0;
        while !search.current.is_empty() {
            search.layer(depth)?;
            if let Some(cb) = self.progress.as_mut() {
                cb(&Progress {
                    depth,
                    reached: search.reached,
                    total,
                });
            }
            limits.check(started)?;
            std::mem::swap(&mut search.current, &mut search.next);
            depth = depth.saturating_add(1).min(UNREACHED - 1);
        }
        let LayerSearch { dist, .. } = search;
        project(a, dist, &limits, started)
    }
}

/// The table of `dist` (one distance per rank) projected onto the keys of `a`: each key
/// keeps the least distance of its ranks.
fn project<A: Abstraction + ?Sized>(
    a: &A,
    dist: Vec<u8>,
    limits: &BuildLimits,
    started: Instant,
) -> Result<PatternDb, BuildError> {
    let total = dist.len() as u64;
    let key_len = a.key_len();
    let poll = |r: u64| match r % u64::from(POLL_EVERY) {
        0 => limits.check(started),
        _ => Ok(()),
    };
    if key_len == total {
        let mut identity = true;
        for r in 0..total {
            poll(r)?;
            if a.key(&a.unrank(r)) != r {
                identity = false;
                break;
            }
        }
        if identity {
            return Ok(PatternDb::from_table(dist));
        }
    }
    limits.check_memory(total.saturating_add(key_len))?;
    let key_len = usize::try_from(key_len).map_err(|_| BuildError::MemoryLimit {
        needed: u64::MAX,
        budget: limits.budget(),
    })?;
    let mut table = filled(key_len, UNREACHED)?;
    for (r, &d) in dist.iter().enumerate() {
        poll(r as u64)?;
        if d != UNREACHED {
            let k = a.key(&a.unrank(r as u64)) as usize;
            if d < table[k] {
                table[k] = d;
            }
        }
    }
    Ok(PatternDb::from_table(table))
}

/// The states of one layer: a bitmap, and the range of its words that may have bits set.
struct BuildLayer {
    bits: Vec<u64>,
    /// Words `lo..hi` may have bits set; the others have none.
    lo: usize,
    hi: usize,
}

impl BuildLayer {
    fn new(states: usize) -> Result<Self, BuildError> {
        Ok(BuildLayer {
            bits: filled(states.div_ceil(64), 0)?,
            lo: usize::MAX,
            hi: 0,
        })
    }

    fn is_empty(&self) -> bool {
        self.lo >= self.hi
    }

    /// Adds state `r`.
    #[inline]
    fn set(&mut self, r: usize) {
        let w = r / 64;
        self.bits[w] |= 1 << (r % 64);
        self.lo = self.lo.min(w);
        self.hi = self.hi.max(w + 1);
    }

    /// The words that may have bits set; the layer counts as empty until bits are set again.
    fn take_range(&mut self) -> std::ops::Range<usize> {
        let range = self.lo..self.hi;
        (self.lo, self.hi) = (usize::MAX, 0);
        range
    }
}

/// A running build.
struct LayerSearch<'s, A: Abstraction + ?Sized> {
    abstraction: &'s A,
    dist: Vec<u8>,
    /// The states of the layer being expanded, and of the next.
    current: BuildLayer,
    next: BuildLayer,
    /// The end of the words of `current` the scan of the layer goes through: states reached
    /// at no cost beyond it move it.
    scan_end: usize,
    /// States reached at no cost in a word of the layer already scanned, to expand now.
    zero_cost: Vec<usize>,
    preds: Vec<(A::State, u8)>,
    reached: u64,
    /// States expanded since the limits were last checked.
    polled: u32,
    limits: &'s BuildLimits,
    started: Instant,
}

impl<A: Abstraction + ?Sized> LayerSearch<'_, A> {
    /// Expands the layer of distance `depth`: its states, and those reached from them at
    /// no cost, which join it.
    fn layer(&mut self, depth: u8) -> Result<(), BuildError> {
        let up = depth.saturating_add(1).min(UNREACHED - 1);
        // A state reached at no cost in a word not scanned yet is set in the bitmap and met
        // in this pass; one in a word behind is expanded at once from `zero_cost`, or when
        // that is full, set in the bitmap for another pass.
        while !self.current.is_empty() {
            let range = self.current.take_range();
            let mut w = range.start;
            self.scan_end = range.end;
            while w < self.scan_end {
                let mut bits = std::mem::take(&mut self.current.bits[w]);
                while bits != 0 {
                    let r = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    self.expand(r, w, depth, up)?;
                    while let Some(r) = self.zero_cost.pop() {
                        self.expand(r, w, depth, up)?;
                    }
                }
                w += 1;
            }
        }
        Ok(())
    }

    /// Expands state `r` of the layer of distance `depth` while the scan is at word `w`.
    #[inline]
    fn expand(&mut self, r: usize, w: usize, depth: u8, up: u8) -> Result<(), BuildError> {
        if self.dist[r] != depth {
            return Ok(()); // lowered to an earlier layer after it was added
        }
        self.polled += 1;
        if self.polled == POLL_EVERY {
            self.polled = 0;
            self.limits.check(self.started)?;
        }
        let a = self.abstraction;
        let s = a.unrank(r as u64);
        let mut preds = std::mem::take(&mut self.preds);
        preds.clear();
        a.predecessors(&s, &mut preds);
        for (p, cost) in preds.drain(..) {
            let pr = a.rank(&p) as usize;
            let old = self.dist[pr];
            if cost == 0 {
                if old > depth {
                    if old == UNREACHED {
                        self.reached += 1;
                    }
                    self.dist[pr] = depth;
                    if pr / 64 > w {
                        self.current.bits[pr / 64] |= 1 << (pr % 64);
                        self.scan_end = self.scan_end.max(pr / 64 + 1);
                    } else if self.zero_cost.len() < ZERO_COST_STACK {
                        self.zero_cost.push(pr);
                    } else {
                        self.current.set(pr);
                    }
                }
            } else if old == UNREACHED {
                self.reached += 1;
                self.dist[pr] = up;
                self.next.set(pr);
            }
        }
        self.preds = preds;
        Ok(())
    }
}

#[cfg(test)]
mod tests;
