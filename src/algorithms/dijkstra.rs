//! Dijkstra's algorithm (uniform-cost search).

use super::best_first::{self, DijkstraPolicy};
use crate::search::{Options, SearchResult};
use crate::traits::{Problem, Zero};

/// Dijkstra's algorithm: expands states in order of path cost; the solution has the least
/// cost (step costs must not be negative). The same engine as [`astar`](crate::astar)
/// with the [`Zero`] heuristic.
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
pub fn dijkstra<P>(problem: &P, start: P::State) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem + ?Sized,
{
    dijkstra_with(problem, start, Options::new())
}

/// [`dijkstra`] with [`Options`].
///
/// # Examples
///
/// ```
/// use heurist::{FnProblem, Options, StopReason};
///
/// let p = FnProblem::new(|n: &u32| *n == 50, |n: &u32| [((), n + 1, 3u32)]);
/// let r = heurist::dijkstra_with(&p, 0, Options::new().cost_bound(100));
/// assert_eq!(r.stop_reason(), Some(StopReason::CostBound)); // the goal costs 150
/// ```
pub fn dijkstra_with<P>(
    problem: &P,
    start: P::State,
    opts: Options<'_, P::Cost>,
) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem + ?Sized,
{
    best_first::search(problem, start, &Zero, DijkstraPolicy, opts)
}
