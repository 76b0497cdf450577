//! Breadth-first search.

use std::marker::PhantomData;

use super::{parallel, ResultOf};
use crate::collections::{inline_states, BfsStore, IdIndex, InlineIndex, SeenIndex};
use crate::search::{limit_methods, Limits, Monitor, Outcome, StopReason};
use crate::traits::{AllMoves, Cost, Expansion, Problem, Successors};

/// Breadth-first search: a solution with the fewest actions (step costs are ignored for
/// the ordering, but the returned [`Solution::cost`](crate::Solution) adds them up).
///
/// Goals are recognised when generated, one level earlier than when expanded. Every
/// reached state is stored once, with its parent link, in the order reached (the store
/// doubles as the FIFO queue); duplicates are detected by a hash set that holds small
/// plain-data states by value and larger ones as 4-byte node ids. [`Bfs`] sets limits, a
/// depth limit, the reversibility hint and move pruning.
///
/// # Examples
///
/// ```
/// use heurist::FnProblem;
///
/// // Knight moves on an 8x8 board from a corner to the opposite corner.
/// let knight = FnProblem::new(
///     |&(r, c): &(i8, i8)| (r, c) == (7, 7),
///     |&(r, c): &(i8, i8)| {
///         [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
///             .into_iter()
///             .map(move |(dr, dc)| ((dr, dc), (r + dr, c + dc), 1u32))
///             .filter(|(_, (r, c), _)| (0..8).contains(r) && (0..8).contains(c))
///     },
/// );
/// let result = heurist::bfs(&knight, (0, 0));
/// assert_eq!(result.cost(), Some(6));
/// ```
pub fn bfs<P>(problem: &P, start: P::State) -> ResultOf<P>
where
    P: Problem + ?Sized,
{
    Bfs::new().search(problem, start)
}

/// The configuration of [`bfs`]: limits, a depth limit, the reversibility hint, move
/// pruning.
///
/// # Examples
///
/// ```
/// use heurist::{Bfs, FnProblem, StopReason};
///
/// let line = FnProblem::new(|n: &u32| *n == 100, |n: &u32| [((), n + 1, 1u32)]);
/// let r = Bfs::new().max_states(50).search(&line, 0);
/// assert_eq!(r.stop_reason(), Some(StopReason::MaxStates));
/// let r = Bfs::new().max_depth(10).search(&line, 0);
/// assert_eq!(r.stop_reason(), Some(StopReason::MaxDepth));
/// ```
#[derive(Clone, Debug)]
pub struct Bfs<'a, C, E = AllMoves> {
    limits: Limits<'a, C>,
    max_depth: Option<usize>,
    reversible: bool,
    expansion: PhantomData<E>,
}

impl<C> Default for Bfs<'_, C> {
    fn default() -> Self {
        Bfs {
            limits: Limits::new(),
            max_depth: None,
            reversible: false,
            expansion: PhantomData,
        }
    }
}

impl<C> Bfs<'_, C> {
    /// No limits, every successor, the space not declared reversible.
    pub fn new() -> Self {
        Self::default()
    }
}

impl<'a, C, E> Bfs<'a, C, E> {
    limit_methods!();

    /// The limits set, for the enumeration ([`Bfs::reach`](crate::Bfs::reach)).
    pub(crate) fn limits_set(&self) -> &Limits<'a, C> {
        &self.limits
    }

    /// The depth limit set, if any.
    pub(crate) fn depth_limit(&self) -> Option<usize> {
        self.max_depth
    }

    /// Leave out paths of more than `depth` actions.
    pub fn max_depth(mut self, depth: usize) -> Self {
        self.max_depth = Some(depth);
        self
    }

    /// Declares whether every step can be undone by one step: whenever `t` is a successor
    /// of `s`, `s` is a successor of `t` (at any cost). The default is `false`.
    ///
    /// The search then keeps only the last three levels in its duplicate index: in a
    /// reversible space the successors of a state at depth `d` lie at depth `d - 1`, `d` or
    /// `d + 1`, so older levels can never be reached again. Lookups meet a much smaller
    /// table (often one that stays in cache); every reached state is still stored, once,
    /// with its parent link, and the answer does not change. (Under a cost bound, which can
    /// leave a state out at one level and let it be reached at a later one, every level is
    /// kept.)
    ///
    /// Say `true` only when it holds for the space searched (move pruning is fine; pruning
    /// that changes the distances of states, such as partial-order reduction, is not): in a
    /// space that is not reversible, the search would store a state again when a later
    /// level reaches it, and may not end.
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::{Bfs, FnProblem};
    ///
    /// // Walking on a line, every step can be undone.
    /// let line = FnProblem::new(|n: &i32| *n == 500, |n: &i32| [(-1, n - 1, 1u32), (1, n + 1, 1)]);
    /// let r = Bfs::new().reversible(true).search(&line, 0);
    /// assert_eq!(r.cost(), Some(500));
    /// assert_eq!(r.stats.stored, 1001); // every state once, from -500 to 500
    /// ```
    pub fn reversible(mut self, reversible: bool) -> Self {
        self.reversible = reversible;
        self
    }

    super::expansion_methods!(
        /// Expand each state without the successors that the ways into it make redundant
        /// ([`MovePruning`](crate::MovePruning)), with the union of the skip sets of *every*
        /// action by which the search has reached it before expanding it (under a cost bound:
        /// of the first). The states, their depths and parents, the solution and the expanded
        /// and stored counts do not change; far fewer successors are generated.
        Bfs { limits, max_depth, reversible }
    );

    /// Runs breadth-first search on `problem` from `start`.
    pub fn search<P>(&self, problem: &P, start: P::State) -> ResultOf<P>
    where
        P: Problem<Cost = C> + ?Sized,
        C: crate::traits::Cost,
        E: Expansion<P>,
    {
        self.search_from(problem, [start])
    }

    /// Runs breadth-first search from several start states at once (multi-source): the
    /// solution has the fewest actions from any of them to a goal, and
    /// [`Solution::start`](crate::Solution) says which start it leaves from. A start given
    /// twice counts once; with no start the search is exhausted at once.
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::{Bfs, FnProblem};
    ///
    /// // Knights on a 8x8 board: which of two knights reaches h8 in the fewest moves?
    /// let jumps = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
    /// let board = FnProblem::new(
    ///     |&(x, y): &(i32, i32)| (x, y) == (7, 7),
    ///     |&(x, y): &(i32, i32)| {
    ///         jumps
    ///             .iter()
    ///             .map(move |&(dx, dy)| ((dx, dy), (x + dx, y + dy), 1u32))
    ///             .filter(|(_, (x, y), _)| (0..8).contains(x) && (0..8).contains(y))
    ///     },
    /// );
    /// let sol = Bfs::new().search_from(&board, [(0, 0), (5, 5)]).into_solution().unwrap();
    /// assert_eq!((sol.start, sol.len()), ((5, 5), 4));
    /// ```
    pub fn search_from<P>(
        &self,
        problem: &P,
        starts: impl IntoIterator<Item = P::State>,
    ) -> ResultOf<P>
    where
        P: Problem<Cost = C> + ?Sized,
        C: crate::traits::Cost,
        E: Expansion<P>,
    {
        let setup = BfsSetup {
            limits: &self.limits,
            max_depth: self.max_depth,
            reversible: self.reversible,
        };
        let starts = &mut starts.into_iter();
        // The union of every arrival needs the node that holds a state met again, so that
        // search uses the index of node ids; not under a cost bound, where the first way
        // into a state need not be the cheapest. (The `const` blocks keep the searches a
        // type cannot take from being compiled for it.)
        if const { E::PRUNES } && self.limits.cost_bound.is_none() {
            run::<P, E, IdIndex, true>(problem, starts, setup)
        } else if const { inline_states::<P::State>() } {
            run::<P, E, InlineIndex<P::State>, false>(problem, starts, setup)
        } else {
            run::<P, E, IdIndex, false>(problem, starts, setup)
        }
    }

    /// Runs breadth-first search on `threads` threads (0: one per core; at most
    /// [`MAX_THREADS`](crate::MAX_THREADS), and fewer if the system refuses some), level by level,
    /// with the states kept in buckets by hash and each level's successors settled bucket
    /// by bucket (see [`parallel`]).
    ///
    /// The answer has the fewest actions, as [`search`](Self::search)'s does, but among
    /// several such paths the threads may return a different one, from run to run. Every
    /// setting holds: the limits (for the threads together: the expansion count is shared,
    /// and may pass the limit by up to 256 per thread; the progress callback is called
    /// between levels), the depth limit, the reversibility hint and move pruning (each new
    /// state gets the union of the skip sets of every way in found before it is expanded).
    /// States stored counts every thread's.
    ///
    /// Every successor goes through a buffer before it is looked up, so that the lookups
    /// into one bucket come together and find its index in the cache. That pays when the
    /// states stored outgrow the caches: on Rush Hour's 14 million states the search is
    /// faster than [`search`](Self::search) on one thread and faster again on two. On a
    /// space whose states fit in the cache, the detour costs more than it saves, and
    /// [`search`](Self::search) is the faster one (`BENCHMARKS.md` has the figures).
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::{Bfs, Problem, Successors};
    ///
    /// /// From 1 to 1000 by doubling, adding one or subtracting one. (The problem is shared by
    /// /// the threads, so it must be `Sync`.)
    /// struct Thousand;
    /// impl Problem for Thousand {
    ///     type State = u32;
    ///     type Action = char;
    ///     type Cost = u32;
    ///     fn is_goal(&self, n: &u32) -> bool { *n == 1000 }
    ///     fn successors(&self, &n: &u32, out: &mut Successors<u32, char, u32>) {
    ///         if n < 5000 {
    ///             out.push('*', 2 * n, 1);
    ///             out.push('+', n + 1, 1);
    ///         }
    ///         out.push('-', n.saturating_sub(1), 1);
    ///     }
    /// }
    /// let parallel = Bfs::new().search_parallel(2, &Thousand, 1);
    /// assert_eq!(parallel.cost(), heurist::bfs(&Thousand, 1).cost());
    /// ```
    pub fn search_parallel<P>(
        &self,
        threads: impl Into<parallel::Threads>,
        problem: &P,
        start: P::State,
    ) -> ResultOf<P>
    where
        P: Problem<Cost = C> + Sync + ?Sized,
        P::State: Send + Sync,
        P::Action: Send + Sync,
        C: crate::traits::Cost + Send + Sync,
        E: Expansion<P>,
        E::Set: Send + Sync,
    {
        let setup = parallel::level_bfs::LevelBfsSetup {
            limits: &self.limits,
            max_depth: self.max_depth,
            reversible: self.reversible,
            threads: threads.into(),
        };
        parallel::level_bfs::search::<P, E>(problem, [start], setup)
    }
}

/// What the engine is told besides its problem and start.
struct BfsSetup<'s, 'a, C> {
    limits: &'s Limits<'a, C>,
    max_depth: Option<usize>,
    reversible: bool,
}

/// The search itself, expanding states as `E` says, over a store whose duplicate index is
/// `I`, with the union of every arrival's set if `ARRIVAL`. The starts come as a trait
/// object so that each problem's search is compiled once, whatever iterator the caller has.
fn run<P, E, I, const ARRIVAL: bool>(
    problem: &P,
    starts: &mut dyn Iterator<Item = P::State>,
    setup: BfsSetup<'_, '_, P::Cost>,
) -> ResultOf<P>
where
    P: Problem + ?Sized,
    E: Expansion<P>,
    I: SeenIndex<P::State>,
{
    let mut mon = Monitor::new(setup.limits);
    let max_depth = setup.max_depth;
    let cost_bound = mon.cost_bound();
    let mut buf = Successors::new();
    let mut limited = None;

    let Some(first) = starts.next() else {
        return mon.finish(Outcome::Exhausted);
    };
    let mut store = BfsStore::<_, _, _, I>::new(first, cost_bound.is_some());
    for start in starts {
        store.add_start(start);
    }
    let roots = store.len();
    if let Some(id) = (0..roots).find(|&id| problem.is_goal(store.state(id))) {
        mon.stats.stored = roots;
        return mon.finish(Outcome::Found(store.solution(id)));
    }
    let max_stored = mon.max_states().min(store.max_len());
    // in a reversible space, the levels before the previous one leave the duplicate index
    // (not under a cost bound: a state left out at one level for its cost can be reached at
    // a later one, next to states of levels long gone)
    let forget = setup.reversible && cost_bound.is_none();
    // with `ARRIVAL`: the arrival set of node `arrival_base + i` at `arrived[i]`, for the
    // nodes not expanded yet (and some before them)
    let mut arrived: Vec<E::Set> = if ARRIVAL {
        vec![E::empty(); roots]
    } else {
        Vec::new()
    };
    let mut arrival_base = 0;
    let mut cursor = 0;
    let mut depth = 0; // depth of the node at `cursor`
    let mut level_end = roots; // first node of the next level
    let mut level_start = 0; // first node of the level at `cursor`

    // the counts, kept in registers and written to `mon.stats` when the monitor is polled
    // and when the run ends
    let (mut expanded, mut generated, mut duplicates, mut max_frontier) = (0u64, 0u64, 0u64, 0);
    macro_rules! write_stats {
        () => {
            mon.stats.expanded = expanded;
            mon.stats.generated = generated;
            mon.stats.duplicates = duplicates;
            mon.stats.max_frontier = max_frontier;
            mon.stats.stored = store.len();
        };
    }

    while cursor < store.len() {
        if cursor == level_end {
            depth += 1;
            if forget {
                // successors of this level are in it, the one before or the next
                store.forget_before(level_start);
            }
            (level_start, level_end) = (level_end, store.len());
            if ARRIVAL && 2 * (cursor - arrival_base) > arrived.len() {
                // the expanded nodes' sets are no longer needed
                arrived.drain(..cursor - arrival_base);
                arrival_base = cursor;
            }
        }
        if max_depth.is_some_and(|m| depth >= m) {
            limited = Some(StopReason::MaxDepth);
            break;
        }
        max_frontier = max_frontier.max(store.len() - cursor);
        if mon.due(expanded) {
            write_stats!();
            if let Some(reason) = mon.poll() {
                return mon.stopped(reason, None);
            }
        }
        let id = cursor;
        cursor += 1;
        expanded += 1;
        let set = if ARRIVAL {
            arrived
                .get(id - arrival_base)
                .copied()
                .unwrap_or_else(E::empty)
        } else {
            E::after_last(problem, store.last_action(id))
        };
        E::expand(problem, store.state(id), set, &mut buf);
        generated += buf.len() as u64;
        let g = store.g(id);
        for succ in buf.drain() {
            let at = match store.find(&succ.state) {
                Ok(other) => {
                    duplicates += 1;
                    let other = other as usize;
                    // a node not expanded yet (the id index names every node)
                    if ARRIVAL && other > id {
                        if let Some(set) = arrived.get_mut(other - arrival_base) {
                            *set = E::union(*set, E::after(problem, &succ.action));
                        }
                    }
                    continue;
                }
                Err(at) => at,
            };
            let g2 = g.map_or(succ.cost, |g| g.saturating_add(succ.cost));
            if cost_bound.is_some_and(|b| g2 > b) {
                limited = Some(StopReason::CostBound);
                continue;
            }
            if store.len() >= max_stored {
                write_stats!();
                return mon.stopped(StopReason::MaxStates, None);
            }
            let is_goal = problem.is_goal(&succ.state);
            if ARRIVAL {
                arrived.push(E::after(problem, &succ.action));
            }
            let cid = store.insert(at, succ.state, id, succ.action, succ.cost, g2);
            if is_goal {
                write_stats!();
                return mon.finish(Outcome::Found(store.solution(cid)));
            }
        }
    }
    write_stats!();
    match limited {
        Some(reason) => mon.stopped(reason, None),
        None => mon.finish(Outcome::Exhausted),
    }
}
