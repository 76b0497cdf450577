use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::Stats;

/// The progress callback, boxed.
pub(crate) type ProgressFn<'a> = Box<dyn FnMut(&Stats) + 'a>;

/// A flag to cancel a running search from another thread.
///
/// Clones share the flag. The search checks it every few hundred expansions and stops
/// with [`StopReason::Cancelled`](super::StopReason::Cancelled).
///
/// # Examples
///
/// ```
/// use heurist::{CancelToken, FnProblem, Options, StopReason};
///
/// let token = CancelToken::new();
/// let handle = token.clone();
/// // An endless problem: counting upwards never reaches a goal.
/// let p = FnProblem::new(|_: &u64| false, |n: &u64| [((), n + 1, 1u64)]);
/// let t = std::thread::spawn(move || heurist::bfs_with(&p, 0, Options::new().cancel(handle)));
/// std::thread::sleep(std::time::Duration::from_millis(20));
/// token.cancel();
/// assert_eq!(t.join().unwrap().stop_reason(), Some(StopReason::Cancelled));
/// ```
#[derive(Clone, Debug, Default)]
pub struct CancelToken(Arc<AtomicBool>);

impl CancelToken {
    /// A new, not yet cancelled token.
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks every search holding a clone of this token to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`cancel`](CancelToken::cancel) has been called.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// How a depth-first tree search (IDA*, IDDFS) avoids walking in circles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CycleCheck {
    /// Skip only the move straight back to the parent's parent (the undo of the last
    /// move). Cheapest; right for puzzles such as the sliding-tile puzzle. On a graph
    /// with longer cycles and no reachable goal the search does not terminate by itself,
    /// so pair it with a limit.
    Parent,
    /// Skip any state already on the current path (costs time linear in the depth).
    /// Guarantees termination, with [`Outcome::Exhausted`](super::Outcome::Exhausted),
    /// on every finite graph.
    #[default]
    Path,
}

/// The priority queue holding the frontier of Dijkstra, A*, weighted A* and greedy search.
///
/// All three return solutions of the same cost and expand states in the same order of keys
/// (A*: smallest `f`, then larger `g`); they differ in how they break the remaining ties.
/// [`Buckets`](OpenList::Buckets) is the default because constant-time push and pop beat a
/// heap's logarithmic sift whenever costs are small whole numbers, the common case in puzzles
/// and grids (`BENCHMARKS.md` compares the three). The indexed heap keeps a hash map from
/// state to heap position beside the heap, and updating it on every push and pop costs more
/// than the outdated entries the lazy queues skip. Choose [`Indexed`](OpenList::Indexed) when
/// memory for the frontier matters more than time: each state is queued at most once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OpenList {
    /// An indexed binary heap with decrease-key (the `priority-queue` crate): each state is
    /// in the frontier at most once. Among equal keys, the newest state first.
    Indexed,
    /// A plain binary heap with lazy deletion: an improved state is pushed again and the
    /// outdated entry skipped when popped. Fewer hash operations, more heap entries. Among
    /// equal keys, the newest state first.
    Lazy,
    /// A bucket queue (Dial's algorithm) for costs that are small whole numbers (below
    /// 2<sup>20</sup> for `f`, 4096 for `g`; integers or whole `OrderedF64` values): buckets
    /// by `f`, then by `g`, each a stack of 4-byte node ids, so push and pop take constant
    /// time, and the state queued last among equals is expanded first (usually a child of
    /// the state just expanded, still in cache). Entries with other costs, and the keys of
    /// weighted A* and greedy search, go to a lazy binary heap beside the buckets. Outdated
    /// entries are skipped as with [`Lazy`](OpenList::Lazy).
    #[default]
    Buckets,
}

/// Limits and controls of a search run.
///
/// Every limit is off by default. A search stopped by a limit reports
/// [`Outcome::Stopped`](super::Outcome::Stopped) with the [`StopReason`](super::StopReason).
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use heurist::{FnProblem, Options, StopReason};
///
/// let p = FnProblem::new(|_: &u64| false, |n: &u64| [((), n + 1, 1u64), ((), n * 3, 1)]);
/// let mut reports = 0;
/// let opts = Options::new()
///     .max_expansions(50_000)
///     .max_states(1_000_000)
///     .time_limit(Duration::from_secs(10))
///     .on_progress(Duration::ZERO, |_stats| reports += 1);
/// let result = heurist::astar_with(&p, 1, heurist::Zero, opts);
/// assert_eq!(result.stop_reason(), Some(StopReason::MaxExpansions));
/// assert!(reports > 0);
/// ```
pub struct Options<'a, C> {
    pub(crate) max_expansions: Option<u64>,
    pub(crate) max_states: Option<usize>,
    pub(crate) cost_bound: Option<C>,
    pub(crate) max_depth: Option<usize>,
    pub(crate) time_limit: Option<Duration>,
    pub(crate) deadline: Option<Instant>,
    pub(crate) cancel: Option<CancelToken>,
    pub(crate) progress: Option<(Duration, ProgressFn<'a>)>,
    pub(crate) cycle_check: CycleCheck,
    pub(crate) open_list: OpenList,
}

impl<C> Default for Options<'_, C> {
    fn default() -> Self {
        Options {
            max_expansions: None,
            max_states: None,
            cost_bound: None,
            max_depth: None,
            time_limit: None,
            deadline: None,
            cancel: None,
            progress: None,
            cycle_check: CycleCheck::default(),
            open_list: OpenList::default(),
        }
    }
}

impl<C: fmt::Debug> fmt::Debug for Options<'_, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Options")
            .field("max_expansions", &self.max_expansions)
            .field("max_states", &self.max_states)
            .field("cost_bound", &self.cost_bound)
            .field("max_depth", &self.max_depth)
            .field("time_limit", &self.time_limit)
            .field("deadline", &self.deadline)
            .field("cancel", &self.cancel)
            .field("progress", &self.progress.as_ref().map(|p| p.0))
            .field("cycle_check", &self.cycle_check)
            .field("open_list", &self.open_list)
            .finish()
    }
}

impl<'a, C> Options<'a, C> {
    /// No limits, default cycle check and open list.
    pub fn new() -> Self {
        Self::default()
    }

    /// Stop after expanding this many states.
    pub fn max_expansions(mut self, n: u64) -> Self {
        self.max_expansions = Some(n);
        self
    }

    /// Stop rather than store more than this many states (the memory bound of graph
    /// searches; IDA* and IDDFS store only their path).
    pub fn max_states(mut self, n: usize) -> Self {
        self.max_states = Some(n);
        self
    }

    /// Ignore paths whose cost (for A* and IDA*: `g + h`) exceeds `bound`.
    pub fn cost_bound(mut self, bound: C) -> Self {
        self.cost_bound = Some(bound);
        self
    }

    /// Ignore paths of more than `depth` actions (BFS, DFS, IDDFS, IDA*).
    pub fn max_depth(mut self, depth: usize) -> Self {
        self.max_depth = Some(depth);
        self
    }

    /// Stop once the search has run this long.
    pub fn time_limit(mut self, limit: Duration) -> Self {
        self.time_limit = Some(limit);
        self
    }

    /// Stop at this instant.
    pub fn deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// Stop when `token` is cancelled.
    pub fn cancel(mut self, token: CancelToken) -> Self {
        self.cancel = Some(token);
        self
    }

    /// Call `callback` with the current statistics about every `interval` (checked every
    /// 256 expansions), and once more at the end of the run.
    pub fn on_progress(mut self, interval: Duration, callback: impl FnMut(&Stats) + 'a) -> Self {
        self.progress = Some((interval, Box::new(callback)));
        self
    }

    /// How IDA* and IDDFS detect cycles (default [`CycleCheck::Path`]).
    pub fn cycle_check(mut self, check: CycleCheck) -> Self {
        self.cycle_check = check;
        self
    }

    /// Which priority queue the best-first searches use (default [`OpenList::Buckets`]).
    pub fn open_list(mut self, open_list: OpenList) -> Self {
        self.open_list = open_list;
        self
    }
}
