//! The graph searches on several threads ([`Bfs::search_parallel`] and
//! [`AStar::search_parallel`]): the design, and how it scales.
//!
//! Both partition the states by hash: each thread owns the states whose hash names it, and
//! stores them in a shard of its own (nodes and a hash index) that no other thread reads or
//! writes. A successor owned by another thread goes into a batch for that thread, handed
//! over under one lock when full (one lock per batch, not per state).
//!
//! # Breadth-first search
//!
//! The search is level-synchronous:
//!
//! * Each thread expands its own states of the level. A successor it owns it looks up and
//!   stores at once, as the serial search does; one owned by another thread goes into a
//!   batch for that thread, handed over under the owner's mailbox lock when full (one lock
//!   per batch, not per state). Every few expansions a thread takes in its mailbox. Stored
//!   successors form the thread's part of the next level; a state met again there keeps
//!   the cheapest way in and, with move pruning, the union of every way's skip set.
//! * A goal among the successors ends the search: every goal still to be found lies one
//!   level below the one being expanded, so it has the fewest actions.
//! * When a thread has expanded its part it sends what is left in its batches and waits
//!   at a barrier; then each takes in its mailbox a last time, and the first thread sums
//!   the counts, checks the limits and reports progress before the next level.
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
//! # Cost and scaling
//!
//! Every successor is looked up once, by its owner, as in the serial [`Bfs`]; what the
//! scheme adds is the copy of `(n - 1) / n` of the successors into another thread's
//! mailbox on `n` threads, and for breadth-first search three barriers a level. Nothing is locked per state, and the
//! work of a level falls to the threads in equal parts whatever the shape of the space.
//! The limit is memory latency: each lookup is a random access into a table larger than
//! the caches, so the speedup stays below the number of cores, and a thread's own
//! successors are cheaper than others'. The `parallel` bench (`cargo bench --bench
//! parallel`) measures the search on one and on two threads beside the serial one;
//! `BENCHMARKS.md` has the figures. Across machines the same design carries over with the
//! batches sent as messages to the machine owning a state and the barrier a global one per
//! level, as in distributed level-synchronous BFS.
//!
//! The same holds for A\*, whose threads may also expand states that the serial search
//! would never reach (their `f` above the optimum, expanded before the incumbent was
//! found). HDA\* was designed for clusters, its messages sent with MPI; here the
//! mailboxes would become messages and the shared count of waiting threads a termination
//! detection by counting the messages each machine sent and received.
//!
//! [`Bfs::search_parallel`]: crate::Bfs::search_parallel
//! [`AStar::search_parallel`]: crate::AStar::search_parallel
//! [`Bfs`]: crate::Bfs

pub(crate) mod bfs;
pub(crate) mod hda;
mod rendezvous;
mod shard;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

use crate::search::Stats;

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

/// `total` with the counts of `parts` added (the largest frontier: the largest of theirs).
fn sum_into(mut total: Stats, parts: &[Stats]) -> Stats {
    for p in parts {
        total.expanded += p.expanded;
        total.generated += p.generated;
        total.duplicates += p.duplicates;
        total.reopened += p.reopened;
        total.stored += p.stored;
        total.max_frontier = total.max_frontier.max(p.max_frontier);
    }
    total
}

/// The number of threads to run: `threads`, or with 0 one per core, at most
/// [`shard::MAX_SHARDS`].
pub(crate) fn thread_count(threads: usize) -> usize {
    let n = match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    n.min(shard::MAX_SHARDS)
}
