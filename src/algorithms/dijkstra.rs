//! Dijkstra's algorithm (uniform-cost search).

use std::marker::PhantomData;

use super::best_first::{self, DijkstraPolicy, Setup};
use super::ResultOf;
use super::Workspace;
use crate::search::{limit_methods, Limits, OpenList};
use crate::traits::{AllMoves, DenseIndex, Expansion, Problem, Zero};

/// Dijkstra's algorithm: expands states in order of path cost; the solution has the least
/// cost. Step costs must not be negative: a negative step the search generates stops it with
/// [`StopReason::NegativeCost`](crate::StopReason) (one it never generates, it cannot see).
/// The same engine as
/// [`astar`](crate::astar) with the [`Zero`] heuristic.
///
/// # Examples
///
/// ```
/// use heurist::FnProblem;
///
/// // A small road map: the direct road a -> c is dearer than going through b.
/// let roads = |city: &char| match city {
///     'a' => vec![('b', 'b', 4u32), ('c', 'c', 10)],
///     'b' => vec![('c', 'c', 3)],
///     _ => vec![],
/// };
/// let map = FnProblem::new(|c: &char| *c == 'c', roads);
/// let sol = heurist::dijkstra(&map, 'a').into_solution().unwrap();
/// assert_eq!(sol.cost, 7);
/// assert_eq!(sol.actions().collect::<String>(), "bc");
/// ```
pub fn dijkstra<P>(problem: &P, start: P::State) -> ResultOf<P>
where
    P: Problem + ?Sized,
{
    Dijkstra::new().search(problem, start)
}

/// The configuration of [`dijkstra`]: limits, the open list, move pruning.
///
/// # Examples
///
/// ```
/// use heurist::{Dijkstra, FnProblem, StopReason};
///
/// let p = FnProblem::new(|n: &u32| *n == 50, |n: &u32| [((), n + 1, 3u32)]);
/// let r = Dijkstra::new().cost_bound(100).search(&p, 0);
/// assert_eq!(r.stop_reason(), Some(StopReason::CostBound)); // the goal costs 150
/// assert_eq!(r.lower_bound(), Some(102)); // the cheapest path left out
/// ```
#[derive(Clone, Debug)]
pub struct Dijkstra<'a, C, E = AllMoves> {
    pub(crate) limits: Limits<'a, C>,
    pub(crate) open_list: OpenList,
    pub(crate) expansion: PhantomData<E>,
}

impl<C> Default for Dijkstra<'_, C> {
    fn default() -> Self {
        Dijkstra {
            limits: Limits::new(),
            open_list: OpenList::default(),
            expansion: PhantomData,
        }
    }
}

impl<C> Dijkstra<'_, C> {
    /// No limits, the default open list, every successor.
    pub fn new() -> Self {
        Self::default()
    }
}

impl<'a, C, E> Dijkstra<'a, C, E> {
    limit_methods!();

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
        Dijkstra { limits, open_list }
    );

    /// Runs Dijkstra's algorithm on `problem` from `start`.
    pub fn search<P>(&self, problem: &P, start: P::State) -> ResultOf<P>
    where
        P: Problem<Cost = C> + ?Sized,
        C: crate::traits::Cost,
        E: Expansion<P>,
    {
        let setup = self.setup();
        best_first::search::<P, _, _, E>(problem, start, &Zero, DijkstraPolicy, setup)
    }

    /// Runs Dijkstra's algorithm on a problem whose states are numbered densely
    /// ([`DenseIndex`]): the same search as [`search`](Self::search), with each state's
    /// node found by its index in a flat array instead of by its hash.
    pub fn search_dense<P>(&self, problem: &P, start: P::State) -> ResultOf<P>
    where
        P: DenseIndex<Cost = C> + ?Sized,
        C: crate::traits::Cost,
        E: Expansion<P>,
    {
        self.search_in(&mut Workspace::new(), problem, start)
    }

    /// [`search_dense`](Self::search_dense) in the memory of `workspace`, which a run
    /// leaves cleared but allocated: for many queries on one space (see [`Workspace`]).
    pub fn search_in<P>(
        &self,
        workspace: &mut Workspace<P::State, P::Action, P::Cost>,
        problem: &P,
        start: P::State,
    ) -> ResultOf<P>
    where
        P: DenseIndex<Cost = C> + ?Sized,
        C: crate::traits::Cost,
        E: Expansion<P>,
    {
        let setup = self.setup();
        best_first::search_in::<P, _, _, E>(problem, start, &Zero, DijkstraPolicy, setup, workspace)
    }

    /// Runs Dijkstra's algorithm from several start states at once (multi-source): the
    /// solution is the cheapest path from any of them to a goal, and
    /// [`Solution::start`](crate::Solution) says which start it leaves from. A start given
    /// twice counts once; with no start the search is exhausted at once.
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::{Dijkstra, FnProblem};
    ///
    /// // Two depots on a line of towns 0..=20; the customer lives in town 12.
    /// let line = FnProblem::with_costs(
    ///     |t: &i32| *t == 12,
    ///     |t: &i32| [(t - 1, 1u32), (t + 1, 1)].into_iter().filter(|(n, _)| (0..=20).contains(n)),
    /// );
    /// let sol = Dijkstra::new().search_from(&line, [3, 17]).into_solution().unwrap();
    /// assert_eq!((sol.start, sol.cost), (17, 5));
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
        let setup = self.setup();
        best_first::search_from::<P, _, _, E>(problem, starts, &Zero, DijkstraPolicy, setup)
    }
}
