//! A* search.

use std::marker::PhantomData;

use super::best_first::{self, AStarPolicy, Setup};
use super::parallel::{self, astar_common::AStarEngine};
use super::ResultOf;
use super::Workspace;
use crate::search::{limit_methods, Limits, OpenList};
use crate::traits::{AllMoves, DenseIndex, Expansion, Heuristic, Problem};

/// A* search: expands states in order of `f = g + h`; among equal `f` the larger `g` first,
/// and among equal `f` and `g` the state queued most recently (depth-first among ties, which
/// on grids with many equally good paths saves most expansions).
///
/// With an admissible heuristic the solution is optimal, also when the heuristic is
/// inconsistent: a closed state reached again by a cheaper path is reopened (counted in
/// [`Stats::reopened`](crate::Stats)). Goals are recognised when expanded. Step costs must
/// not be negative: a negative step the search generates stops it with
/// [`StopReason::NegativeCost`](crate::StopReason) (one it never generates, it cannot see).
///
/// The heuristic is a closure here; [`AStar`] takes any [`Heuristic`] (one with an
/// incremental update, [`Zero`](crate::Zero), ...), limits and other settings.
///
/// # Examples
///
/// ```
/// use heurist::FnProblem;
///
/// // Walk on an open grid from (0, 0) to (5, 3); diagonal steps cost 3, straight ones 2.
/// let grid = FnProblem::new(
///     |&p: &(i32, i32)| p == (5, 3),
///     |&(x, y): &(i32, i32)| {
///         let mut out = Vec::new();
///         for dx in -1..=1 {
///             for dy in -1..=1 {
///                 if (dx, dy) != (0, 0) {
///                     out.push(((dx, dy), (x + dx, y + dy), if dx != 0 && dy != 0 { 3u32 } else { 2 }));
///                 }
///             }
///         }
///         out
///     },
/// );
/// // Admissible: diagonal moves for the shorter axis, straight for the rest.
/// let result = heurist::astar(&grid, (0, 0), |&(x, y)| {
///     let (dx, dy) = ((5 - x).unsigned_abs(), (3 - y).unsigned_abs());
///     3 * dx.min(dy) + 2 * (dx.max(dy) - dx.min(dy))
/// });
/// assert_eq!(result.cost(), Some(13)); // 3 diagonal + 2 straight
/// println!("{}", result.stats);
/// ```
pub fn astar<P, F>(problem: &P, start: P::State, heuristic: F) -> ResultOf<P>
where
    P: Problem + ?Sized,
    F: Fn(&P::State) -> P::Cost,
{
    AStar::new().search(problem, start, heuristic)
}

/// The configuration of [`astar`]: limits, the open list, move pruning.
///
/// When stopped by a limit, the result carries a proven lower bound on the optimal cost
/// (the smallest `f` in the frontier, or under a cost bound the smallest `f` left out),
/// valid when the heuristic is admissible.
///
/// # Examples
///
/// ```
/// use heurist::{AStar, FnProblem, OpenList};
///
/// let p = FnProblem::new(|n: &i64| *n == 37, |n: &i64| [(1, n + 1, 1u64), (-1, n - 1, 1), (10, n + 10, 4)]);
/// let h = |n: &i64| (37 - n).unsigned_abs() / 10 * 4;
/// let indexed = AStar::new().open_list(OpenList::Indexed).search(&p, 0, h);
/// assert_eq!(indexed.cost(), heurist::astar(&p, 0, h).cost());
///
/// let stopped = AStar::new().max_expansions(2).search(&p, 0, h);
/// assert!(stopped.lower_bound().unwrap() <= 19); // the optimum is 3 * 4 + 7 = 19
///
/// let bounded = AStar::new().cost_bound(18).search(&p, 0, h);
/// assert_eq!(bounded.lower_bound(), Some(19)); // proven: nothing costs 18 or less
/// ```
#[derive(Clone, Debug)]
pub struct AStar<'a, C, E = AllMoves> {
    limits: Limits<'a, C>,
    open_list: OpenList,
    expansion: PhantomData<E>,
}

impl<C> Default for AStar<'_, C> {
    fn default() -> Self {
        AStar {
            limits: Limits::new(),
            open_list: OpenList::default(),
            expansion: PhantomData,
        }
    }
}

impl<C> AStar<'_, C> {
    /// No limits, the default open list, every successor.
    pub fn new() -> Self {
        Self::default()
    }
}

impl<'a, C, E> AStar<'a, C, E> {
    limit_methods!();

    /// Runs parallel A\* `engine` on `threads` threads.
    fn search_on_threads<P, H>(
        &self,
        engine: AStarEngine,
        threads: parallel::Threads,
        problem: &P,
        start: P::State,
        heuristic: &H,
    ) -> ResultOf<P>
    where
        P: parallel::SharedProblem<Cost = C> + ?Sized,
        H: Heuristic<P> + Sync,
        E: Expansion<P>,
    {
        parallel::astar_common::search::<P, H, E>(
            engine,
            problem,
            start,
            heuristic,
            &self.limits,
            threads,
        )
    }

    /// The limits set, for the search for every optimal solution
    /// ([`AStar::all_optimal`](crate::AStar::all_optimal)).
    pub(crate) fn limits_set(&self) -> &Limits<'a, C> {
        &self.limits
    }

    /// What the best-first engine is told: the limits and the open list.
    fn setup(&self) -> Setup<'_, 'a, C> {
        Setup {
            limits: &self.limits,
            open_list: self.open_list,
        }
    }

    /// Which priority queue holds the frontier (default [`OpenList::Buckets`]).
    pub fn open_list(mut self, open_list: OpenList) -> Self {
        self.open_list = open_list;
        self
    }

    super::expansion_methods!(
        /// Expand each state without the successors that the action into it makes redundant
        /// ([`MovePruning`](crate::MovePruning)); the search stays optimal.
        AStar { limits, open_list }
    );

    /// Runs A* on `problem` from `start`, guided by `heuristic`.
    pub fn search<P, H>(&self, problem: &P, start: P::State, heuristic: H) -> ResultOf<P>
    where
        P: Problem<Cost = C> + ?Sized,
        C: crate::traits::Cost,
        H: Heuristic<P>,
        E: Expansion<P>,
    {
        let setup = self.setup();
        best_first::search::<P, H, _, E>(problem, start, &heuristic, AStarPolicy, setup)
    }

    /// Runs A* on a problem whose states are numbered densely ([`DenseIndex`]): the same
    /// search as [`search`](Self::search), expanding the same states, with each state's
    /// node found by its index in a flat array instead of by its hash.
    ///
    /// # Examples
    ///
    /// See [`DenseIndex`].
    pub fn search_dense<P, H>(&self, problem: &P, start: P::State, heuristic: H) -> ResultOf<P>
    where
        P: DenseIndex<Cost = C> + ?Sized,
        C: crate::traits::Cost,
        H: Heuristic<P>,
        E: Expansion<P>,
    {
        self.search_in(&mut Workspace::new(), problem, start, heuristic)
    }

    /// [`search_dense`](Self::search_dense) in the memory of `workspace`, which a run
    /// leaves cleared but allocated: for many queries on one space (see [`Workspace`]).
    pub fn search_in<P, H>(
        &self,
        workspace: &mut Workspace<P::State, P::Action, P::Cost>,
        problem: &P,
        start: P::State,
        heuristic: H,
    ) -> ResultOf<P>
    where
        P: DenseIndex<Cost = C> + ?Sized,
        C: crate::traits::Cost,
        H: Heuristic<P>,
        E: Expansion<P>,
    {
        let setup = self.setup();
        best_first::search_in::<P, H, _, E>(
            problem,
            start,
            &heuristic,
            AStarPolicy,
            setup,
            workspace,
        )
    }

    /// Runs A* from several start states at once: the solution is the cheapest path from any
    /// of them to a goal (optimal under the same conditions as [`search`](Self::search)),
    /// and [`Solution::start`](crate::Solution) says which start it leaves from. A start
    /// given twice counts once; with no start the search is exhausted at once.
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::{AStar, FnProblem};
    ///
    /// // Three entrances of a 10x10 park; the fountain is at (7, 7).
    /// let park = FnProblem::new(
    ///     |p: &(i32, i32)| *p == (7, 7),
    ///     |&(x, y): &(i32, i32)| {
    ///         [(1, 0), (-1, 0), (0, 1), (0, -1)]
    ///             .map(|(dx, dy)| ((dx, dy), (x + dx, y + dy), 1u32))
    ///             .into_iter()
    ///             .filter(|(_, (x, y), _)| (0..10).contains(x) && (0..10).contains(y))
    ///     },
    /// );
    /// let manhattan = |&(x, y): &(i32, i32)| (x - 7).unsigned_abs() + (y - 7).unsigned_abs();
    /// let r = AStar::new().search_from(&park, [(0, 0), (9, 0), (2, 9)], manhattan);
    /// let sol = r.into_solution().unwrap();
    /// assert_eq!((sol.start, sol.cost), ((2, 9), 7));
    /// ```
    pub fn search_from<P, H>(
        &self,
        problem: &P,
        starts: impl IntoIterator<Item = P::State>,
        heuristic: H,
    ) -> ResultOf<P>
    where
        P: Problem<Cost = C> + ?Sized,
        C: crate::traits::Cost,
        H: Heuristic<P>,
        E: Expansion<P>,
    {
        let setup = self.setup();
        best_first::search_from::<P, H, _, E>(problem, starts, &heuristic, AStarPolicy, setup)
    }

    /// Runs A\* on `threads` threads (0: one per core; at most
    /// [`MAX_THREADS`](crate::MAX_THREADS), and fewer if the system refuses some):
    /// hash-distributed A\* (HDA\*,
    /// Kishimoto, Fukunaga and Botea, 2009), each thread running A\* on the states whose
    /// hash names it and sending the successors it does not own to their owners (see
    /// [`parallel`]).
    ///
    /// A goal found is an incumbent; the search ends when no thread holds a state with
    /// `f` below the incumbent's cost and no state is on its way, so with an admissible
    /// heuristic the cost is optimal, as [`search`](Self::search)'s is, though another
    /// path of that cost may be returned. Threads expand states whose `f` is above the
    /// least `f` of the whole frontier, so the search can expand more states than the
    /// serial one, and reopens states a cheaper path reaches later. Every setting holds:
    /// the open list (one per thread), move pruning, and the limits for the threads
    /// together (the expansion count is shared and may pass the limit by up to 256 per
    /// thread; the progress callback is called once, at the end). When stopped by a limit
    /// the result carries the least `f` of the states left, a proven lower bound.
    ///
    /// Each successor is looked up when it reaches its owner, a random access into a table
    /// that outgrows the caches on a large space; there
    /// [`search_parallel_batched`](Self::search_parallel_batched) is faster.
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::{AStar, Problem, Successors};
    ///
    /// /// From 1 to 1000 by doubling (cost 2), adding one or subtracting one (cost 1).
    /// /// (The problem is shared by the threads, so it must be `Sync`.)
    /// struct Thousand;
    /// impl Problem for Thousand {
    ///     type State = u32;
    ///     type Action = char;
    ///     type Cost = u32;
    ///     fn is_goal(&self, n: &u32) -> bool { *n == 1000 }
    ///     fn successors(&self, &n: &u32, out: &mut Successors<u32, char, u32>) {
    ///         if n < 5000 {
    ///             out.push('*', 2 * n, 2);
    ///             out.push('+', n + 1, 1);
    ///         }
    ///         out.push('-', n.saturating_sub(1), 1);
    ///     }
    /// }
    /// let h = |n: &u32| u32::from(*n != 1000);
    /// let parallel = AStar::new().search_parallel(2, &Thousand, 1, h);
    /// assert_eq!(parallel.cost(), heurist::astar(&Thousand, 1, h).cost());
    /// ```
    pub fn search_parallel<P, H>(
        &self,
        threads: impl Into<parallel::Threads>,
        problem: &P,
        start: P::State,
        heuristic: H,
    ) -> ResultOf<P>
    where
        P: Problem<Cost = C> + Sync + ?Sized,
        P::State: Send + Sync,
        P::Action: Send + Sync,
        C: crate::traits::Cost + Send + Sync,
        H: Heuristic<P> + Sync,
        E: Expansion<P>,
    {
        let engine = AStarEngine::Hda(self.open_list);
        self.search_on_threads::<P, H>(engine, threads.into(), problem, start, &heuristic)
    }

    /// Runs A\* on `threads` threads (0: one per core; at most
    /// [`MAX_THREADS`](crate::MAX_THREADS), and fewer if the system refuses some) in
    /// synchronous rounds, with the
    /// states kept in buckets by hash and each round's successors settled bucket by bucket
    /// (see [`parallel`]).
    ///
    /// Each round expands the open states with the smallest keys (smallest `f`, then
    /// largest `g`, as the serial search takes them), up to a round's worth: a sixteenth
    /// of the states stored, from 256 to 262,144, and of one `f` unless fewer than 256
    /// have it. The search ends when no open state has `f` below the best solution's cost,
    /// so with an admissible heuristic the cost is optimal, as [`search`](Self::search)'s
    /// is, though another path of that cost may be returned. A round can expand states the
    /// serial search would not (the rest of a round in which a better state appeared), and
    /// a state reached more cheaply later is reopened.
    ///
    /// Like the parallel [`Bfs`](crate::Bfs::search_parallel), it pays where the states
    /// stored outgrow the caches: there it beats [`search`](Self::search) on one thread
    /// and more so on two, and it beats [`search_parallel`](Self::search_parallel), whose
    /// every lookup is a random access. It loses where a round has little to do: on
    /// smaller spaces, where few states share an `f` (many distinct costs), and above all
    /// where the estimate leads almost straight to the goal, as on an open grid with the
    /// Manhattan distance: the serial search then expands little more than the path, while
    /// each round advances one step along it and expands a round's worth of states beside
    /// it. There [`search`](Self::search) or [`search_parallel`](Self::search_parallel) is
    /// the faster.
    /// Move pruning and the limits hold (for the threads together; the expansion count may
    /// pass the limit by up to 256 per thread; the progress callback is called between
    /// rounds); the open-list setting does not apply, as each bucket keeps its open states
    /// by key. When stopped by a limit the result carries a proven lower bound.
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::{AStar, Problem, Successors};
    ///
    /// /// Moves on a 200 x 200 board without walls, one step in four directions.
    /// struct Board;
    /// impl Problem for Board {
    ///     type State = (u16, u16);
    ///     type Action = char;
    ///     type Cost = u32;
    ///     fn is_goal(&self, &p: &(u16, u16)) -> bool { p == (199, 150) }
    ///     fn successors(&self, &(x, y): &(u16, u16), out: &mut Successors<(u16, u16), char, u32>) {
    ///         if x > 0 { out.push('W', (x - 1, y), 1) }
    ///         if x < 199 { out.push('E', (x + 1, y), 1) }
    ///         if y > 0 { out.push('N', (x, y - 1), 1) }
    ///         if y < 199 { out.push('S', (x, y + 1), 1) }
    ///     }
    /// }
    /// let h = |&(x, y): &(u16, u16)| u32::from(199 - x) / 2 + u32::from(y.abs_diff(150)) / 2;
    /// let batched = AStar::new().search_parallel_batched(2, &Board, (0, 0), h);
    /// assert_eq!(batched.cost(), Some(349));
    /// assert_eq!(batched.cost(), heurist::astar(&Board, (0, 0), h).cost());
    /// ```
    pub fn search_parallel_batched<P, H>(
        &self,
        threads: impl Into<parallel::Threads>,
        problem: &P,
        start: P::State,
        heuristic: H,
    ) -> ResultOf<P>
    where
        P: Problem<Cost = C> + Sync + ?Sized,
        P::State: Send + Sync,
        P::Action: Send + Sync,
        C: crate::traits::Cost + Send + Sync,
        H: Heuristic<P> + Sync,
        E: Expansion<P>,
    {
        let engine = AStarEngine::Batched;
        self.search_on_threads::<P, H>(engine, threads.into(), problem, start, &heuristic)
    }
}
