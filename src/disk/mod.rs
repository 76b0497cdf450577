//! Breadth-first search and enumeration with the states on disk, for spaces whose states
//! do not fit in memory.
//!
//! [`DiskBfs`] runs a breadth-first search layer by layer, holding the states of each
//! depth in files, [`Packed`] as a few bytes each; memory holds only buffers and one
//! partition of one layer at a time, within a [memory budget](DiskBfs::memory_budget).
//! [`DiskBfs::search`] stops at a goal and returns its path; [`DiskBfs::enumerate`]
//! visits every reachable state and counts those at each depth;
//! [`DiskBfs::search_heuristic`] finds a shortest path with a heuristic's help
//! (breadth-first iterative-deepening A\*), keeping only the states whose depth plus
//! estimate is within a bound that grows from iteration to iteration. A run stopped by a limit,
//! by Ctrl-C through a [`CancelToken`], or by a crash or a kill, continues from its last
//! completed layer when it is run again on the same directory.
//!
//! # The method
//!
//! Frontier search with delayed duplicate detection, after R. E. Korf, *Linear-time
//! disk-based implicit graph search*, Journal of the ACM 55(6), 2008:
//!
//! 1. Each layer (the states at one depth) is split into
//!    [partitions](DiskBfs::partitions) by a hash of the packed state. A layer is a few
//!    files in the work directory: `layer-00012-0.bin`, `layer-00012-1.bin`, ... (one per
//!    thread that wrote it) hold its partitions one after another, each sorted, each
//!    state once, and `layer-00012.idx` says where each partition lies.
//! 2. To build layer `d + 1`, the threads read layer `d`'s partitions, expand each state
//!    and append every successor's bytes to a buffer for its partition; a full buffer is
//!    appended to the thread's scratch file as a chunk. Nothing is looked up: duplicates
//!    are found later, in bulk.
//! 3. Then, one partition at a time (one per thread at once), the partition's successors
//!    are read into memory, sorted (a radix sort up to 8 bytes a state) and made unique,
//!    and those found in the same partition of the earlier layers (sorted too, so one
//!    merge pass finds them) are dropped; the rest, still sorted, is that partition of
//!    layer `d + 1`. A partition whose successors outgrow the thread's share of the memory
//!    budget is sorted in runs written to disk, then merged.
//! 4. The layer's index is written, then the manifest (a small text file,
//!    `heurist-disk-bfs.txt`) is rewritten to list the layer, through a temporary file and
//!    a rename.
//!
//! The search ends when a layer has no new state (the space is exhausted), at a goal, or
//! at a limit.
//!
//! **Which earlier layers.** In a [reversible](DiskBfs::reversible) space (every move can
//! be undone, as in sliding-tile puzzles, Rubik's cubes, pancake flips) the successors of a
//! state at depth `d` lie at depth `d - 1`, `d` or `d + 1`, so layer `d + 1` is checked
//! against layers `d` and `d - 1` only, and an enumeration removes older layers as it
//! goes: the disk holds three layers at a time. Otherwise (the default, always correct)
//! every earlier layer is kept and checked: the work grows with the depth.
//!
//! **Memory.** The budget is shared by the threads. While expanding, each thread holds a
//! read buffer (an eighth of its share) and one write buffer per partition (half of its
//! share in all). While deduplicating, each thread holds the keys of one partition (half
//! of its share: 16 bytes a state up to 8 bytes wide, the key and its place in the radix
//! sort's buffer; 16 bytes up to 16; beyond, the bytes and about 32 more) and a buffer
//! for each file it reads (a quarter). Buffers stay within 4 KiB and 1 MiB, so the budget
//! holds when it is at least `threads × partitions × 8 KiB`; besides, the run keeps the
//! index of each layer on disk (24 bytes a partition) and of each chunk of successors
//! (16 bytes a chunk of a few KiB to 1 MiB). The page cache of the operating system comes
//! on top, and is the system's to reclaim.
//!
//! **Resume.** A layer counts once the manifest lists it; the manifest names the start
//! state (its packed bytes), the start's successors (their number and a hash, a check
//! that the problem is the same), the state width, the partitions, the reversibility
//! setting and whether the run is a search or an enumeration. A call on a directory whose
//! manifest matches continues after its last layer, once the indexes of the layers it
//! keeps agree with the manifest and the data files' sizes; what was written after it (a
//! partial layer, scratch files) is removed first. A manifest that does not match is an error
//! ([`DiskError::OtherRun`]), never overwritten. A run that ends (found, exhausted)
//! removes its files unless asked to [keep them](DiskBfs::keep_files); a run stopped by a
//! limit keeps them, so that the next call continues it. One run at a time in a
//! directory, which should be a directory of its own.
//!
//! # Examples
//!
//! Count the states of a small space by depth, then find a path to a goal.
//!
//! ```
//! use heurist::disk::DiskBfs;
//! use heurist::FnProblem;
//!
//! // Numbers below 1000 by doubling, halving and adding one. Not every move can be
//! // undone by one move (n + 1 has no "minus one"), so the space is not reversible.
//! let moves = |&n: &u32| [n * 2, n / 2, n + 1].into_iter().filter(|&m| m < 1000);
//! let dir = std::env::temp_dir().join(format!("heurist-doc-disk-{}", std::process::id()));
//!
//! let space = FnProblem::space(moves);
//! let counts = DiskBfs::new(&dir).enumerate(&space, 1)?;
//! assert!(counts.is_exhausted());
//! assert_eq!(counts.total_states(), 1000); // 0 to 999
//! assert_eq!(counts.layers[..6], [1, 2, 2, 3, 5, 8]); // {1}; {2, 0}; {4, 3}; ...
//!
//! let problem = FnProblem::unit(|&n: &u32| n == 999, moves);
//! let found = DiskBfs::new(&dir).search(&problem, 1)?;
//! let (path, length) = found.into_path().expect("999 is reachable");
//! assert_eq!((path[0], path[path.len() - 1]), (1, 999));
//! assert_eq!(length, 16);
//! assert_eq!(heurist::bfs(&problem, 1).cost(), Some(16));
//! assert!(!dir.exists()); // both runs ended and removed their files
//! # Ok::<(), heurist::disk::DiskError>(())
//! ```

mod dedup;
mod engine;
mod error;
mod expand;
mod files;
mod heuristic;
mod manifest;
mod packed;
mod path;

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub use error::DiskError;
pub use packed::Packed;

use crate::algorithms::parallel::Threads;
use crate::search::{CancelToken, Outcome, Solution, Stats, StopReason};
use crate::traits::Problem;

/// The result of [`DiskBfs::search`] or [`DiskBfs::enumerate`] for a problem `P`.
pub type DiskResultOf<P> =
    DiskBfsResult<<P as Problem>::State, <P as Problem>::Action, <P as Problem>::Cost>;

/// A layer callback, shared by the clones of a configuration.
type LayerFn<'a> = Arc<Mutex<dyn FnMut(&LayerReport) + Send + 'a>>;

/// Breadth-first search from `start` with the states on disk, in `dir`, with the default
/// settings of [`DiskBfs`]: a path with the fewest actions to a goal.
///
/// # Examples
///
/// ```
/// use heurist::FnProblem;
///
/// let p = FnProblem::unit(|&n: &u16| n == 100, |&n: &u16| [n + 3, n.saturating_sub(1)]);
/// let dir = std::env::temp_dir().join(format!("heurist-doc-disk-bfs-{}", std::process::id()));
/// let result = heurist::disk::disk_bfs(&p, 0, &dir).unwrap();
/// assert_eq!(result.cost(), Some(36)); // 34 steps up by 3 to 102, and 2 down by 1
/// assert_eq!(heurist::bfs(&p, 0).cost(), Some(36));
/// ```
pub fn disk_bfs<P>(
    problem: &P,
    start: P::State,
    dir: impl AsRef<Path>,
) -> Result<DiskResultOf<P>, DiskError>
where
    P: Problem + ?Sized,
    P::State: Packed,
{
    DiskBfs::new(dir).search(problem, start)
}

/// The configuration of a disk-backed breadth-first search ([`disk_bfs`]): the work
/// directory, the memory budget, partitions, threads, the reversibility of the space, and
/// limits. The [module documentation](self) describes the method.
///
/// The limits are those of the other searches that make sense here: expansions, a time
/// limit or deadline, a [`CancelToken`], a depth limit, and a callback after each layer
/// ([`on_layer`](DiskBfs::on_layer)). There is no bound on stored states: the disk holds
/// them.
///
/// # Examples
///
/// ```
/// use heurist::disk::DiskBfs;
/// use heurist::{FnProblem, StopReason};
///
/// // A walk on a 60 x 60 torus: every step can be undone.
/// let torus = FnProblem::space(|&(x, y): &(u8, u8)| {
///     let (l, r) = ((x + 59) % 60, (x + 1) % 60);
///     let (d, u) = ((y + 59) % 60, (y + 1) % 60);
///     [(l, y), (r, y), (x, d), (x, u)]
/// });
/// let dir = std::env::temp_dir().join(format!("heurist-doc-torus-{}", std::process::id()));
/// let mut widest = 0;
/// let run = DiskBfs::new(&dir)
///     .reversible(true)
///     .memory_budget(8 << 20)
///     .partitions(4)
///     .on_layer(|layer| widest = widest.max(layer.states));
/// let result = run.enumerate(&torus, (0, 0)).unwrap();
/// assert_eq!(result.total_states(), 3600);
/// assert_eq!(result.layers.len(), 61); // the farthest cell is 30 + 30 steps away
/// assert_eq!(result.layers[1..4], [4, 8, 12]);
/// drop(run);
/// assert_eq!(widest, 4 * 29 + 2);
///
/// let stopped = DiskBfs::new(&dir).max_depth(10).enumerate(&torus, (0, 0)).unwrap();
/// assert_eq!(stopped.stop_reason(), Some(StopReason::MaxDepth));
/// DiskBfs::new(&dir).remove_files().unwrap(); // a stopped run keeps its files
/// ```
#[derive(Clone)]
pub struct DiskBfs<'a> {
    pub(crate) dir: PathBuf,
    pub(crate) memory: usize,
    pub(crate) partitions: usize,
    pub(crate) threads: Threads,
    pub(crate) reversible: bool,
    pub(crate) keep_files: bool,
    pub(crate) durable: bool,
    pub(crate) max_depth: Option<usize>,
    pub(crate) first_bound: Option<u64>,
    pub(crate) cost_bound: Option<u64>,
    pub(crate) bound_on_write: bool,
    pub(crate) max_expansions: Option<u64>,
    pub(crate) time_limit: Option<Duration>,
    pub(crate) deadline: Option<Instant>,
    pub(crate) cancel: Option<CancelToken>,
    pub(crate) on_layer: Option<LayerFn<'a>>,
}

impl fmt::Debug for DiskBfs<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DiskBfs")
            .field("dir", &self.dir)
            .field("memory", &self.memory)
            .field("partitions", &self.partitions)
            .field("threads", &self.threads)
            .field("reversible", &self.reversible)
            .field("keep_files", &self.keep_files)
            .field("durable", &self.durable)
            .field("max_depth", &self.max_depth)
            .field("first_bound", &self.first_bound)
            .field("cost_bound", &self.cost_bound)
            .field("bound_on_write", &self.bound_on_write)
            .field("max_expansions", &self.max_expansions)
            .field("time_limit", &self.time_limit)
            .field("deadline", &self.deadline)
            .field("cancel", &self.cancel)
            .field("on_layer", &self.on_layer.is_some())
            .finish()
    }
}

/// The most threads a disk-backed search runs on.
const MAX_THREADS: usize = 64;

/// The most partitions.
const MAX_PARTITIONS: usize = 4096;

impl<'a> DiskBfs<'a> {
    /// A search with its files in `dir` (created if need be): a memory budget of 256 MiB,
    /// 64 partitions, one thread per core, the space not declared reversible, files
    /// removed at the end, not [durable](DiskBfs::durable), no limits.
    pub fn new(dir: impl AsRef<Path>) -> Self {
        DiskBfs {
            dir: dir.as_ref().to_path_buf(),
            memory: 256 << 20,
            partitions: 64,
            threads: Threads::available(),
            reversible: false,
            keep_files: false,
            durable: false,
            max_depth: None,
            first_bound: None,
            cost_bound: None,
            bound_on_write: false,
            max_expansions: None,
            time_limit: None,
            deadline: None,
            cancel: None,
            on_layer: None,
        }
    }

    /// The work directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The memory the search's buffers and sort keys may take, in bytes (at least 64
    /// KiB); the [module documentation](self#the-method) says how it is shared.
    pub fn memory_budget(mut self, bytes: usize) -> Self {
        self.memory = bytes.max(64 << 10);
        self
    }

    /// The number of partitions each layer is split into (1 to 4096; 64 by default). More
    /// partitions make each deduplication step smaller (a partition's successors fit the
    /// memory budget sooner, and sort faster in the caches) and take more files and write
    /// buffers. A run continues only with the number it started with.
    pub fn partitions(mut self, n: usize) -> Self {
        self.partitions = n.clamp(1, MAX_PARTITIONS);
        self
    }

    /// The number of threads, as every parallel search takes it ([`Threads`], or a count;
    /// 0, the default: one per core), and at most 64 here: each thread holds a write buffer
    /// per partition. The threads deduplicate the partitions of each new layer, one
    /// partition each at a time; with [`search_parallel`](DiskBfs::search_parallel) and
    /// [`enumerate_parallel`](DiskBfs::enumerate_parallel) they also expand the partitions
    /// of each layer.
    pub fn threads(mut self, threads: impl Into<Threads>) -> Self {
        self.threads = threads.into();
        self
    }

    /// The threads the run uses: [`Threads::get`], at most 64.
    pub(crate) fn thread_count(&self) -> usize {
        self.threads.get().min(MAX_THREADS)
    }

    /// Declares whether every step can be undone by one step: whenever `t` is a successor
    /// of `s`, `s` is a successor of `t`. The default is `false`.
    ///
    /// A reversible space checks each new layer against the two before it only, and an
    /// enumeration keeps only those on disk; path reconstruction looks a state's
    /// predecessors up among its own successors. Say `true` only when it holds: in a space
    /// that is not reversible, states would be counted again at later depths, and the
    /// search may not end.
    pub fn reversible(mut self, reversible: bool) -> Self {
        self.reversible = reversible;
        self
    }

    /// Keep the files of a run that ended (found or exhausted) instead of removing them. A
    /// later call on the directory then answers an exhausted enumeration from the manifest
    /// at once, and finds a search's goal again by expanding the last layer.
    pub fn keep_files(mut self, keep: bool) -> Self {
        self.keep_files = keep;
        self
    }

    /// Whether each layer's files and the manifest are flushed to the disk (`fsync`) before
    /// the manifest lists the layer (`false` by default). Without, a process killed at any
    /// moment still resumes (what it wrote is in the operating system's cache, which
    /// outlives it), but a power failure or a crash of the operating system may leave a
    /// listed layer incomplete or damaged: the next call reports a file shorter than its
    /// index as an error, but does not check the bytes themselves. With, every layer costs
    /// a flush of each of its files, which is slow where the layers are small and many.
    pub fn durable(mut self, durable: bool) -> Self {
        self.durable = durable;
        self
    }

    /// Stop once the layer at this depth is complete, with [`StopReason::MaxDepth`] (the
    /// files stay, so a later call with a larger depth limit continues).
    pub fn max_depth(mut self, depth: usize) -> Self {
        self.max_depth = Some(depth);
        self
    }

    /// [`search_heuristic`](DiskBfs::search_heuristic) only: start the iterations at this
    /// bound on depth plus estimate rather than at the start's estimate, skipping the
    /// iterations below it. For a bound known to be at most the shortest path's length,
    /// such as an earlier run's lower bound; a larger one still gives a shortest path
    /// (the layers are breadth-first), at the price of storing more states. A run resumed
    /// from its directory keeps the bound it was at. Skipped iterations prove nothing: a
    /// run stopped in the first iteration reports as its lower bound the start's estimate,
    /// or the number of layers it completed if larger, not the first bound.
    pub fn first_bound(mut self, bound: u64) -> Self {
        self.first_bound = Some(bound);
        self
    }

    /// [`search_heuristic`](DiskBfs::search_heuristic) only: run no iteration beyond this
    /// bound on depth plus estimate. A search that finds no path within it stops with
    /// [`StopReason::CostBound`] and the lower bound `bound + 1` (or the start's estimate,
    /// if that is larger): a proof that no path has `bound` actions or fewer, without
    /// paying for the iteration that would find the path. The result's layers are then
    /// those of the last iteration, the one at the bound.
    pub fn cost_bound(mut self, bound: u64) -> Self {
        self.cost_bound = Some(bound);
        self
    }

    /// [`search_heuristic`](DiskBfs::search_heuristic) only: test each successor against
    /// the iteration's bound when it is generated, before it is written, rather than each
    /// new state after the duplicates are dropped (the default). The successor files then
    /// hold only the states within the bound, at the price of a test for every
    /// successor, duplicates included: for a disk that the successors would fill. The test
    /// is [`Heuristic::cuts_child`](crate::Heuristic::cuts_child), which needs no exact
    /// estimate for a successor kept, and the parent's estimate is computed once for its
    /// successors' tests. The answer is the same either way, and so are the layers of
    /// each iteration where `cuts_child` cuts off exactly the states beyond the bound (the
    /// default); the bound may grow in smaller steps, since a duplicate cut off counts
    /// toward the next bound when it cannot yet be told from a new state. A heuristic
    /// that proves more in `cuts_child` than its estimate keeps fewer states.
    pub fn bound_on_write(mut self, yes: bool) -> Self {
        self.bound_on_write = yes;
        self
    }

    /// Stop after expanding at most this many states in this call (a layer stopped midway
    /// is discarded: the next call expands it again).
    pub fn max_expansions(mut self, n: u64) -> Self {
        self.max_expansions = Some(n);
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

    /// Stop when `token` is cancelled (from any thread, or a Ctrl-C handler). The threads
    /// look at it every 256 expansions and between partitions.
    pub fn cancel(mut self, token: CancelToken) -> Self {
        self.cancel = Some(token);
        self
    }

    /// Call `callback` after each layer this call completes (once the manifest lists it).
    pub fn on_layer(mut self, callback: impl FnMut(&LayerReport) + Send + 'a) -> Self {
        self.on_layer = Some(Arc::new(Mutex::new(callback)));
        self
    }

    /// Breadth-first search from `start` to a goal of `problem`: a path with the fewest
    /// actions, found layer by layer on disk. The states are expanded on the calling
    /// thread and deduplicated on [`threads`](DiskBfs::threads);
    /// [`search_parallel`](DiskBfs::search_parallel) expands on the threads too.
    ///
    /// Goals are recognised when generated. The path is rebuilt from the layer files,
    /// from the goal back: in a [reversible](DiskBfs::reversible) space a state's
    /// predecessor is one of its own successors, looked up by binary search in its
    /// partition's file of the layer before (a few reads a step); otherwise the layer
    /// before is read and expanded until a state that has it as a successor turns up (at
    /// worst every layer expanded once more). A search keeps every layer on disk until it
    /// ends, for this.
    ///
    /// # Errors
    ///
    /// A file that cannot be created, written or read (an unwritable directory, a full
    /// disk), or a work directory with a damaged manifest or another run in it.
    pub fn search<P>(&self, problem: &P, start: P::State) -> Result<DiskResultOf<P>, DiskError>
    where
        P: Problem + ?Sized,
        P::State: Packed,
    {
        engine::run::<P, expand::OnCaller>(self, problem, start, true, None)
    }

    /// [`search`](DiskBfs::search), with the states of each layer expanded on
    /// [`threads`](DiskBfs::threads) threads too, for a problem that can be shared
    /// between threads.
    ///
    /// # Errors
    ///
    /// As for [`search`](DiskBfs::search).
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::disk::DiskBfs;
    /// use heurist::{Problem, Successors};
    ///
    /// /// Flip a prefix of 6 pancakes until they are sorted.
    /// struct Pancakes;
    ///
    /// impl Problem for Pancakes {
    ///     type State = [u8; 6];
    ///     type Action = usize;
    ///     type Cost = u32;
    ///     fn is_goal(&self, s: &[u8; 6]) -> bool {
    ///         s.is_sorted()
    ///     }
    ///     fn successors(&self, s: &[u8; 6], out: &mut Successors<[u8; 6], usize, u32>) {
    ///         for k in 2..=6 {
    ///             let mut t = *s;
    ///             t[..k].reverse();
    ///             out.push(k, t, 1);
    ///         }
    ///     }
    /// }
    ///
    /// let dir = std::env::temp_dir().join(format!("heurist-doc-pancakes-{}", std::process::id()));
    /// let run = DiskBfs::new(&dir).threads(2).reversible(true);
    /// let found = run.search_parallel(&Pancakes, [6, 5, 4, 3, 2, 1]).unwrap();
    /// assert_eq!(found.cost(), Some(1)); // one flip of all six
    /// let all = run.enumerate_parallel(&Pancakes, [1, 2, 3, 4, 5, 6]).unwrap();
    /// assert_eq!(all.layers, [1, 5, 20, 79, 199, 281, 133, 2]); // OEIS A058986
    /// ```
    pub fn search_parallel<P>(
        &self,
        problem: &P,
        start: P::State,
    ) -> Result<DiskResultOf<P>, DiskError>
    where
        P: Problem + Sync + ?Sized,
        P::State: Packed,
    {
        engine::run::<P, expand::OnThreads>(self, problem, start, true, None)
    }

    /// Every state reachable from `start`, layer by layer: the number at each depth in
    /// [`DiskBfsResult::layers`], and [`Outcome::Exhausted`] once no new state is left
    /// (goals are not looked at). The states are expanded on the calling thread and
    /// deduplicated on [`threads`](DiskBfs::threads);
    /// [`enumerate_parallel`](DiskBfs::enumerate_parallel) expands on the threads too.
    ///
    /// # Errors
    ///
    /// As for [`search`](DiskBfs::search).
    pub fn enumerate<P>(&self, problem: &P, start: P::State) -> Result<DiskResultOf<P>, DiskError>
    where
        P: Problem + ?Sized,
        P::State: Packed,
    {
        engine::run::<P, expand::OnCaller>(self, problem, start, false, None)
    }

    /// [`enumerate`](DiskBfs::enumerate), with the states of each layer expanded on
    /// [`threads`](DiskBfs::threads) threads too, for a problem that can be shared
    /// between threads.
    ///
    /// # Errors
    ///
    /// As for [`search`](DiskBfs::search).
    pub fn enumerate_parallel<P>(
        &self,
        problem: &P,
        start: P::State,
    ) -> Result<DiskResultOf<P>, DiskError>
    where
        P: Problem + Sync + ?Sized,
        P::State: Packed,
    {
        engine::run::<P, expand::OnThreads>(self, problem, start, false, None)
    }

    /// Removes the files a run left in the work directory (its manifest, layers and
    /// scratch files; nothing else), and the directory if that leaves it empty.
    ///
    /// # Errors
    ///
    /// A file that cannot be removed.
    pub fn remove_files(&self) -> Result<(), DiskError> {
        engine::remove_run_files(&self.dir, true)
    }
}

/// What [`DiskBfs::on_layer`] reports after each layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayerReport {
    /// The depth of the layer just completed.
    pub depth: usize,
    /// The states at that depth.
    pub states: u64,
    /// The states at every depth so far.
    pub total: u64,
    /// Bytes this call has written so far.
    pub bytes_written: u64,
    /// The counters of this call so far.
    pub stats: Stats,
}

/// The result of a disk-backed search or enumeration: the [`Outcome`], the number of
/// states at each depth, and the counters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiskBfsResult<S, A, C> {
    /// How the run ended: a path to a goal ([`DiskBfs::search`] only), exhausted (every
    /// reachable state was visited and no goal met), or stopped by a limit.
    pub outcome: Outcome<S, A, C>,
    /// The number of states at each depth whose layer is complete, from depth 0 (the
    /// start). After a goal is found this ends at the depth before the goal's (the goal is
    /// recognised when generated).
    pub layers: Vec<u64>,
    /// The counters of this call: expanded and generated (this call's, with the path
    /// reconstruction's), duplicates (successors dropped as already seen), `stored` (the
    /// states in the completed layers), `max_frontier` (the largest layer), time.
    pub stats: Stats,
    /// Bytes this call wrote: layer files, successor files and sorted runs.
    pub bytes_written: u64,
    /// The layers found complete in the work directory when the call began (0: a fresh
    /// run).
    pub resumed_layers: usize,
}

impl<S, A, C: Copy> DiskBfsResult<S, A, C> {
    /// The number of states at every completed depth together.
    pub fn total_states(&self) -> u64 {
        self.layers.iter().fold(0, |a, &b| a.saturating_add(b))
    }

    /// The solution, if one was found.
    pub fn solution(&self) -> Option<&Solution<S, A, C>> {
        match &self.outcome {
            Outcome::Found(s) => Some(s),
            _ => None,
        }
    }

    /// The solution, if one was found, by value.
    pub fn into_solution(self) -> Option<Solution<S, A, C>> {
        match self.outcome {
            Outcome::Found(s) => Some(s),
            _ => None,
        }
    }

    /// The path as the states it visits and its cost, if one was found.
    pub fn into_path(self) -> Option<(Vec<S>, C)> {
        self.into_solution().map(Solution::into_path)
    }

    /// The solution's cost, if one was found.
    pub fn cost(&self) -> Option<C> {
        self.solution().map(|s| s.cost)
    }

    /// Whether a solution was found.
    pub fn is_found(&self) -> bool {
        matches!(self.outcome, Outcome::Found(_))
    }

    /// Whether every reachable state was visited (without meeting a goal).
    pub fn is_exhausted(&self) -> bool {
        matches!(self.outcome, Outcome::Exhausted)
    }

    /// The limit that stopped the run, if one did.
    pub fn stop_reason(&self) -> Option<StopReason> {
        match self.outcome {
            Outcome::Stopped { reason, .. } => Some(reason),
            _ => None,
        }
    }

    /// The proven lower bound on the length of a shortest path, when a
    /// [heuristic search](DiskBfs::search_heuristic) was stopped.
    pub fn lower_bound(&self) -> Option<C> {
        match self.outcome {
            Outcome::Stopped { lower_bound, .. } => lower_bound,
            _ => None,
        }
    }
}
