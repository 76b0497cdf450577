//! The settings that several algorithms share: the cancel flag, the cycle check of the
//! depth-first tree searches and the open list of the best-first searches.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A flag to cancel a running search from another thread.
///
/// Clones share the flag. The search checks it every few hundred expansions and stops
/// with [`StopReason::Cancelled`](super::StopReason::Cancelled).
///
/// # Examples
///
/// ```
/// use heurist::{Bfs, CancelToken, FnProblem, StopReason};
///
/// let token = CancelToken::new();
/// let handle = token.clone();
/// // An endless problem: counting upwards never reaches a goal.
/// let p = FnProblem::new(|_: &u64| false, |n: &u64| [((), n + 1, 1u64)]);
/// let t = std::thread::spawn(move || Bfs::new().cancel(handle).search(&p, 0));
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
    /// Skip any state already on the current path. IDA* and IDDFS pay one hash of each
    /// child within the threshold and a look at a counting filter over the path's hashes;
    /// the path itself is compared only when the filter cannot rule the child out.
    /// Guarantees termination, with [`Outcome::Exhausted`](super::Outcome::Exhausted),
    /// on every finite graph.
    #[default]
    Path,
    /// The cheapest check that still terminates: skip the move straight back, as
    /// [`Parent`](CycleCheck::Parent) does, and look at the whole path only where
    /// termination depends on it: a child may set the next threshold (or the lower bound
    /// reported under a cost bound) only if its path visits no state twice, and a child a
    /// step of zero cost leads to is skipped if it is on the path. Thresholds then come from
    /// paths without cycles only, of which a finite graph has finitely many, and no
    /// iteration goes round a cycle of zero cost forever; so the search ends, with
    /// [`Outcome::Exhausted`](super::Outcome::Exhausted) on every finite graph. Within the
    /// threshold it walks the longer cycles, as `Parent` does: cheap where they are rare or
    /// long (the sliding-tile puzzle, where few children set a threshold and it costs next
    /// to nothing more than `Parent`), but on a graph dense with short cycles the paths
    /// within a threshold multiply, and [`Path`](CycleCheck::Path) is the better choice.
    Minimal,
}

/// The priority queue holding the frontier of Dijkstra, A*, weighted A* and greedy search.
///
/// All three return solutions of the same cost and expand states in the same order of keys
/// (A*: smallest `f`, then larger `g`); they differ in how they break the remaining ties.
/// [`Buckets`](OpenList::Buckets) is the default because it measured fastest on every case
/// of the `algorithms` benchmark (`cargo bench --bench algorithms`; the figures are in
/// `BENCHMARKS.md`): pushing and popping take constant time. The indexed heap keeps a hash
/// map from state to heap position beside the heap, and updating it on every push and pop
/// costs more than the outdated entries the lazy queues skip. Choose
/// [`Indexed`](OpenList::Indexed) when memory for the frontier matters more than time: each
/// state is queued at most once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OpenList {
    /// An indexed binary heap with decrease-key (the `priority-queue` crate): each state is
    /// in the frontier at most once. Among states that tie (equal `f` and `g` in A\*), the
    /// newest first; Dijkstra's order among states of equal `g` is unspecified.
    Indexed,
    /// A plain binary heap with lazy deletion: an improved state is pushed again and the
    /// outdated entry skipped when popped. Fewer hash operations, more heap entries. Ties
    /// are broken as with [`Indexed`](OpenList::Indexed). Entries that rank above
    /// everything queued when pushed, in rising order (A\*'s children that step toward the
    /// goal without raising `f`), wait on a stack beside the heap instead of in it, which
    /// saves the heap's walk down its levels when they are popped; the order of the pops
    /// is the heap's.
    Lazy,
    /// A bucket queue (Dial's algorithm) for costs that are small whole numbers (below
    /// 2<sup>20</sup> for `f`, 4096 for `g`; integers or whole `OrderedF64` values): buckets
    /// by `f`, then by `g`, each a list of 4-byte node ids, so push and pop take constant
    /// time. Among equals, Dijkstra expands the state queued last (usually a child of the
    /// state just expanded, still in cache); A* draws one with a seeded generator, so that
    /// on grids, where a great many states tie, it does not follow walls into dead ends.
    /// Entries with other costs, and the keys of weighted A* and greedy search, go to a
    /// lazy binary heap beside the buckets. Outdated entries are skipped as with
    /// [`Lazy`](OpenList::Lazy).
    #[default]
    Buckets,
}
