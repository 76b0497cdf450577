//! The searches on several threads: the design, and how it scales. There are four, one
//! engine each in this module:
//!
//! | method | engine | what the threads share |
//! |---|---|---|
//! | [`Bfs::search_parallel`] | level-synchronous breadth-first search, in rounds (`level_bfs.rs`) | buckets of states by hash |
//! | [`AStar::search_parallel`] | hash-distributed A\*, HDA\* (`hda.rs`) | nothing but mailboxes: each thread owns the states whose hash names it |
//! | [`AStar::search_parallel_batched`] | A\* in synchronous rounds (`batched.rs`) | buckets of states by hash, as the breadth-first search |
//! | [`IdaStar::search_parallel`] | IDA\* with each iteration's tree cut into subtrees (`idastar_subtrees.rs`) | the list of subtrees, in walk order |
//!
//! The three graph searches (breadth-first and the two A\*) partition the states by hash,
//! and keep each part's states in a shard (nodes and a hash index, `shard.rs`) that one
//! thread at a time reads or writes, so no table is ever shared or locked per state; the
//! two A\* share their entry, nodes and outcome (`astar_common.rs`). IDA\* stores no
//! states: its threads walk disjoint subtrees with the serial engine.
//!
//! All four take their thread count as a [`Threads`] (or a `usize`): 0 is one thread per
//! core, and no count runs more than [`MAX_THREADS`]. Their threads start before anything
//! they share is built (`on_threads`), so that where the system refuses one, the search
//! runs on those that started instead of failing. What each thread brings back, and how
//! the counts and bounds of the threads are put together, is one `Report` for all
//! (`report.rs`).
//!
//! # Breadth-first search
//!
//! The search is level-synchronous, and it settles successors in bulk rather than one by
//! one (delayed duplicate detection):
//!
//! * The states are kept in buckets by hash, many more buckets than threads (at least
//!   128). Each bucket is a shard of its own, with the bucket's part of the current level
//!   among its nodes.
//! * A level is done in rounds. In a round each thread takes buckets one at a time and
//!   expands their nodes of the level, putting every successor, unlooked-up, in a buffer
//!   for the successor's bucket. Once it has collected a round's worth of successors (as
//!   many as its share of the states stored, within bounds), it hands the buffers over.
//! * When every thread has, each thread takes buckets one at a time again and settles
//!   the successors handed to them: a successor whose state the bucket holds is dropped
//!   (with move pruning, a state not expanded yet takes the union of every way's skip
//!   set; under a cost bound, one of the next level the cheapest way in; a bucket knows
//!   whether its part of the level has been expanded), the others are stored as the bucket's
//!   part of the next level. When a bucket has many successors to settle for the size of
//!   its index, the index is first read into the cache in one pass.
//! * A goal among the successors ends the search: every goal still to be found lies one
//!   level below the one being expanded, so it has the fewest actions.
//! * Between rounds the first thread sums the counts; after a level it checks the limits
//!   and reports progress.
//!
//! A lookup in the serial search is a random access into one index far larger than the
//! caches once the space is large; here a round's lookups into one bucket come together,
//! into an index that the round brings into the cache, and the successors themselves
//! are written and read in order. So on a large space the search is faster than the
//! serial one already on one thread, and threads add to that because the buckets fall to
//! them in equal parts. On a small space, whose index fits in the cache anyway, the
//! detour through the buffers costs more than it saves. The buffers hold at most two
//! rounds' successors a thread, about as many as the states stored.
//!
//! # A\*
//!
//! [`AStar::search_parallel`] is hash-distributed A\* (HDA\*, Kishimoto, Fukunaga and
//! Botea, 2009): each thread runs A\* on its own open list over the states it owns. It
//! takes in its mail every few expansions: a state new to it is estimated and queued, one
//! reached more cheaply is updated (and reopened if it was expanded). A goal taken from an
//! open list is an incumbent, and states whose `f` is not below its cost are neither
//! expanded nor sent. A thread with nothing left below the incumbent waits for mail; the
//! mailboxes and the count of waiting threads share one lock, so the search ends exactly
//! when every thread waits and no mail is on its way. With an admissible heuristic the
//! incumbent is then optimal: any cheaper path would have a state with a smaller `f` in
//! some open list or mailbox.
//!
//! # A\* in batched rounds
//!
//! [`AStar::search_parallel_batched`] keeps the states in buckets and settles successors
//! in rounds, as the breadth-first search does. Each bucket keeps its open states by key
//! (`f`, then `g` from the largest down). Between rounds the first thread reads the
//! smallest keys of every bucket and plans the next round: every open state up to some
//! key, and of that key a share in every bucket, so that a round takes about a sixteenth
//! as many states as are stored (from 256 to 262,144), all of one `f` unless that `f` has
//! fewer than 256. Each round the threads expand the planned states of the buckets they
//! take, hand the successors over, and settle them bucket by bucket: a state new to its
//! bucket is estimated and queued, one reached more cheaply is updated and queued again
//! (reopened if it was expanded). A goal is an incumbent as soon as it is settled, so the
//! round that would take it from its open list is not needed; the search ends when no
//! bucket holds an open state with `f` below the incumbent's cost, so with an admissible
//! heuristic the incumbent is optimal.
//!
//! The order is the serial search's, a round at a time: a round can expand states of
//! its last key that the serial search would have passed over once a better state
//! appeared, which costs little where many states share a key. Where keys hold few
//! states (many distinct costs), rounds are small and the barriers between them weigh;
//! hash-distributed A\* has none. Where the estimate leads almost straight to the goal,
//! the serial search expands little more than the path, but each round advances only one
//! step along it, beside a round's worth of other states: there the rounds lose most.
//!
//! # IDA\*
//!
//! [`IdaStar::search_parallel`] cuts each iteration's tree into subtrees (32 to 4,096 a
//! thread, sized by the iteration before), splitting first the one with the most room under
//! the threshold, as the likely largest, and puts them in the order a depth-first walk
//! meets them; the threads take them in that order and walk each with the
//! serial engine, sharing nothing but the subtree counter, the expansion count and the
//! first subtree that found a goal. Subtrees after that one are abandoned, and the
//! iteration's answer is the goal of the first subtree, in walk order, that holds one: the
//! goal the serial walk meets first. So the solution is the serial search's whatever the
//! number of threads. Iterations that follow a small one run on the calling thread alone
//! ([`IdaStar::serial_below`]).
//!
//! # Cost and scaling
//!
//! In hash-distributed A\* every successor is looked up once, by its owner, as in the
//! serial [`AStar`]; what the scheme adds is the copy of `(n - 1) / n` of the successors
//! into another thread's mailbox on `n` threads. Nothing is locked per state. The limit
//! is memory latency: each lookup is a random access into a table larger than the caches,
//! so the speedup stays below the number of cores. The searches in rounds have no
//! owners: every bucket is settled by whichever thread takes it, so the work of a round
//! falls to the threads in equal parts whatever the shape of the space, and on more cores
//! more buckets keep them busy (eight a thread). The `parallel` bench (`cargo bench
//! --bench parallel`) measures both searches on one and on two threads beside the serial
//! ones; `BENCHMARKS.md` has the figures.
//!
//! Across machines the searches in rounds carry over with each machine owning a
//! range of buckets: a round's buffers become messages to the machines that own their
//! buckets, and the barriers global ones, as in distributed level-synchronous BFS.
//!
//! The threads of A\* may also expand states that the serial search would never reach
//! (their `f` above the optimum, expanded before the incumbent was found). HDA\* was
//! designed for clusters, its messages sent with MPI; here the
//! mailboxes would become messages and the shared count of waiting threads a termination
//! detection by counting the messages each machine sent and received.
//!
//! [`Bfs::search_parallel`]: crate::Bfs::search_parallel
//! [`AStar::search_parallel`]: crate::AStar::search_parallel
//! [`AStar::search_parallel_batched`]: crate::AStar::search_parallel_batched
//! [`AStar`]: crate::AStar
//! [`IdaStar::search_parallel`]: crate::IdaStar::search_parallel
//! [`IdaStar::serial_below`]: crate::IdaStar::serial_below

pub(crate) mod astar_common;
pub(crate) mod batched;
mod exchange;
pub(crate) mod hda;
pub(crate) mod idastar_subtrees;
pub(crate) mod level_bfs;
mod rendezvous;
mod report;
mod shard;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, OnceLock};

use crate::traits::Problem;

/// Locks `m`, also when a thread panicked while holding it (the data is then only read to
/// report, or the panic reaches the caller anyway).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// How many states a thread may store before it asks the shared budget for more.
const ROOM_CLAIM: usize = 1024;

/// Takes up to [`ROOM_CLAIM`] states of the budget `room` (the states that may still be
/// stored): how many.
fn claim_room(room: &AtomicUsize) -> usize {
    let mut got = 0;
    let _ = room.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |r| {
        got = r.min(ROOM_CLAIM);
        Some(r - got)
    });
    got
}

/// Runs a parallel search's threads: asks for `threads - 1` threads besides the caller's
/// (each named `heurist-<t>`), builds what they share with `shared(n)` once `n` of them run
/// (the caller's counted), then runs `first` on the caller's thread as thread 0 and `rest`
/// on the others as threads `1..n`. Returns what they shared and their results in thread
/// order.
///
/// A thread the system refuses to start (too many threads, no memory for its stack) is
/// not a failure: the search runs on the threads that did start, down to the caller's
/// alone. So nothing the threads share is built before their number is known. A panic in
/// any thread reaches the caller once all are done.
pub(crate) fn on_threads<S: Send + Sync, R: Send>(
    threads: usize,
    shared: impl FnOnce(usize) -> S,
    first: impl FnOnce(&S) -> R,
    rest: impl Fn(&S, usize) -> R + Sync,
) -> (S, Vec<R>) {
    let ready = OnceLock::new();
    let gate = Gate::default();
    let results = std::thread::scope(|scope| {
        let (ready, gate, rest) = (&ready, &gate, &rest);
        let mut handles = Vec::new();
        for t in 1..threads.max(1) {
            if spawn_refused(t) {
                break;
            }
            let spawned = std::thread::Builder::new()
                .name(format!("heurist-{t}"))
                .spawn_scoped(scope, move || {
                    // `None`: building the shared state panicked, and the caller will too
                    gate.wait()?;
                    Some(rest(ready.get()?, t))
                });
            match spawned {
                Ok(handle) => handles.push(handle),
                Err(_) => break,
            }
        }
        // Opens the gate when dropped, also while `shared` or `first` panics, so that no
        // thread is left waiting.
        let open = GateOpen(gate);
        let n = handles.len() + 1;
        let shared = ready.get_or_init(|| shared(n));
        gate.set(n);
        let mut all = Vec::with_capacity(n);
        all.push(first(shared));
        drop(open);
        for handle in handles {
            // (each returns a result: the gate opened with the shared state built)
            match handle.join() {
                Ok(r) => all.extend(r),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        all
    });
    let shared = ready.into_inner().expect("built before the threads ran");
    (shared, results)
}

/// What the threads of [`on_threads`] wait at until their number is known: `Some(n)` once
/// the shared state is built, `None` if building it failed.
#[derive(Default)]
struct Gate {
    state: Mutex<Option<Option<usize>>>,
    opened: Condvar,
}

impl Gate {
    /// Opens the gate: `n` threads run (`None`: none goes on).
    fn set(&self, n: impl Into<Option<usize>>) {
        let mut state = lock(&self.state);
        if state.is_none() {
            *state = Some(n.into());
        }
        self.opened.notify_all();
    }

    /// Waits until the gate opens: the number of threads, or `None` if none goes on.
    fn wait(&self) -> Option<usize> {
        let mut state = lock(&self.state);
        loop {
            if let Some(n) = *state {
                return n;
            }
            state = self.opened.wait(state).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// Opens its gate for no thread when dropped before the gate was opened.
struct GateOpen<'g>(&'g Gate);

impl Drop for GateOpen<'_> {
    fn drop(&mut self) {
        self.0.set(None);
    }
}

#[cfg(test)]
thread_local! {
    /// For the tests: the thread index from which the system is made to refuse the threads
    /// of a parallel search started on this thread.
    static REFUSE_FROM: std::cell::Cell<usize> = const { std::cell::Cell::new(usize::MAX) };
}

/// Whether the tests make the system refuse thread `t`.
fn spawn_refused(t: usize) -> bool {
    #[cfg(test)]
    {
        t >= REFUSE_FROM.with(|r| r.get())
    }
    #[cfg(not(test))]
    {
        let _ = t;
        false
    }
}

/// The most threads a parallel search runs on: [`Bfs::search_parallel`],
/// [`AStar::search_parallel`], [`AStar::search_parallel_batched`] and
/// [`IdaStar::search_parallel`] take any number of threads, and run on at most this many.
///
/// A larger count is not an error: it is lowered to this one, as 0 (one thread per core) is
/// raised to the number of cores, and that to at most this one. And where the system
/// refuses to start a thread (the spawn returns an error: too many threads, no memory for a
/// stack), the search runs on those it did start, down to the calling thread alone, rather
/// than panicking.
///
/// # Examples
///
/// ```
/// use heurist::{Bfs, Problem, Successors, MAX_THREADS};
///
/// /// Counting up to 10. (Shared by the threads, so `Sync`: a type of its own.)
/// struct Count;
/// impl Problem for Count {
///     type State = u32;
///     type Action = char;
///     type Cost = u32;
///     fn is_goal(&self, n: &u32) -> bool { *n == 10 }
///     fn successors(&self, &n: &u32, out: &mut Successors<u32, char, u32>) {
///         out.push('+', n + 1, 1);
///     }
/// }
/// assert_eq!(MAX_THREADS, 256);
/// // a count far beyond the cap runs the same search, on at most MAX_THREADS threads
/// let r = Bfs::new().search_parallel(usize::MAX, &Count, 0);
/// assert_eq!(r.cost(), Some(10));
/// ```
///
/// [`Bfs::search_parallel`]: crate::Bfs::search_parallel
/// [`AStar::search_parallel`]: crate::AStar::search_parallel
/// [`AStar::search_parallel_batched`]: crate::AStar::search_parallel_batched
/// [`IdaStar::search_parallel`]: crate::IdaStar::search_parallel
pub const MAX_THREADS: usize = 256;

/// How many threads a parallel search runs on: the one argument that every parallel search
/// ([`Bfs::search_parallel`], [`AStar::search_parallel`],
/// [`AStar::search_parallel_batched`] and [`IdaStar::search_parallel`]) takes for its
/// threads, as `impl Into<Threads>`, so a plain `usize` will do.
///
/// A count of 0 is one thread per core the machine has ([`Threads::available`]); no count
/// runs more than [`MAX_THREADS`]; and where the system refuses a thread, the search runs
/// on those that started.
///
/// # Examples
///
/// ```
/// use heurist::{Threads, MAX_THREADS};
///
/// assert_eq!(Threads::from(4), Threads::new(4));
/// assert_eq!(Threads::new(4).get(), 4);
/// assert_eq!(Threads::new(0), Threads::available());
/// assert!(Threads::available().get() >= 1);
/// assert_eq!(Threads::new(100_000).get(), MAX_THREADS);
/// ```
///
/// [`Bfs::search_parallel`]: crate::Bfs::search_parallel
/// [`AStar::search_parallel`]: crate::AStar::search_parallel
/// [`AStar::search_parallel_batched`]: crate::AStar::search_parallel_batched
/// [`IdaStar::search_parallel`]: crate::IdaStar::search_parallel
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Threads(usize);

impl Threads {
    /// `threads` threads; 0: one per core ([`Threads::available`]).
    pub fn new(threads: usize) -> Self {
        Threads(threads)
    }

    /// One thread per core the machine has (one where that is not known).
    pub fn available() -> Self {
        Threads(0)
    }

    /// The number of threads asked for: the count given, or one per core for 0, at most
    /// [`MAX_THREADS`]. The one place where a thread count is checked.
    pub fn get(self) -> usize {
        let n = match self.0 {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        n.clamp(1, MAX_THREADS)
    }
}

impl Default for Threads {
    /// [`Threads::available`].
    fn default() -> Self {
        Threads::available()
    }
}

impl From<usize> for Threads {
    fn from(threads: usize) -> Self {
        Threads::new(threads)
    }
}

/// A problem whose states, actions and costs the threads of a parallel search share.
pub(crate) trait SharedProblem:
    Problem<State: Send + Sync, Action: Send + Sync, Cost: Send + Sync> + Sync
{
}

impl<P> SharedProblem for P where
    P: Problem<State: Send + Sync, Action: Send + Sync, Cost: Send + Sync> + Sync + ?Sized
{
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;
    use std::sync::Mutex;
    use std::thread::ThreadId;

    use super::REFUSE_FROM;
    use crate::{AStar, Bfs, CycleCheck, IdaStar, Problem, Successors};

    /// A 40 x 40 board without walls, from one corner to the other, that notes the threads
    /// that expand its states.
    #[derive(Default)]
    struct Board {
        threads: Mutex<HashSet<ThreadId>>,
    }

    impl Board {
        /// How many threads expanded states since the last call.
        fn threads(&self) -> usize {
            std::mem::take(&mut *self.threads.lock().unwrap()).len()
        }
    }

    impl Problem for Board {
        type State = (u8, u8);
        type Action = u8;
        type Cost = u32;
        fn is_goal(&self, &s: &(u8, u8)) -> bool {
            s == (39, 39)
        }
        fn successors(&self, &(x, y): &(u8, u8), out: &mut Successors<(u8, u8), u8, u32>) {
            self.threads
                .lock()
                .unwrap()
                .insert(std::thread::current().id());
            if x < 39 {
                out.push(0, (x + 1, y), 1);
            }
            if y < 39 {
                out.push(1, (x, y + 1), 1);
            }
            if x > 0 {
                out.push(2, (x - 1, y), 1);
            }
            if y > 0 {
                out.push(3, (x, y - 1), 1);
            }
        }
    }

    /// With the system refusing threads from the `from`-th on (the caller's is the 0th):
    /// every parallel search still runs, on the threads it got, and finds the answer.
    #[test]
    fn a_refused_thread_leaves_the_search_to_the_threads_that_started() {
        let h = |&(x, y): &(u8, u8)| u32::from(39 - x) + u32::from(39 - y);
        let zero = |_: &(u8, u8)| 0u32;
        let b = Board::default();
        for from in [1, 2, 3] {
            REFUSE_FROM.with(|r| r.set(from));
            let bfs = Bfs::new().search_parallel(8, &b, (0, 0));
            let bfs_threads = b.threads();
            let hda = AStar::new().search_parallel(8, &b, (0, 0), zero);
            let hda_threads = b.threads();
            let batched = AStar::new().search_parallel_batched(8, &b, (0, 0), h);
            let batched_threads = b.threads();
            let ida = IdaStar::new()
                .cycle_check(CycleCheck::Parent)
                .serial_below(0)
                .search_parallel(8, &b, (20, 20), h);
            let ida_threads = b.threads();
            REFUSE_FROM.with(|r| r.set(usize::MAX));
            assert_eq!(bfs.cost(), Some(78), "{from}");
            assert_eq!(hda.cost(), Some(78), "{from}");
            assert_eq!(batched.cost(), Some(78), "{from}");
            assert_eq!(ida.cost(), Some(38), "{from}");
            for used in [bfs_threads, hda_threads, batched_threads, ida_threads] {
                assert!((1..=from).contains(&used), "{from} threads, {used} ran");
            }
        }
    }
}
