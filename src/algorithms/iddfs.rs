//! Iterative-deepening depth-first search.

use super::deepening::{self, Depth};
use crate::search::{Options, SearchResult};
use crate::traits::{Problem, Zero};

/// Iterative-deepening DFS: depth-first searches limited to 1, 2, 3, ... actions. Finds a
/// solution with the fewest actions using memory for the current path only; it re-expands
/// the shallow levels on every iteration and cannot detect transpositions, so it is slower
/// than [`bfs`](crate::bfs) on graphs with many paths between states.
///
/// With the default [`CycleCheck::Path`](crate::CycleCheck) it terminates with
/// [`Outcome::Exhausted`](crate::Outcome) on finite graphs without a reachable goal.
///
/// # Examples
///
/// ```
/// use heurist::FnProblem;
///
/// let p = FnProblem::new(|n: &u32| *n == 24, |n: &u32| [("+1", n + 1, 1u32), ("*2", n * 2, 1)]);
/// let sol = heurist::iddfs(&p, 1).into_solution().unwrap();
/// assert_eq!(sol.len(), 5); // 1 +1 2 +1 3 *2 6 *2 12 *2 24
/// ```
pub fn iddfs<P>(problem: &P, start: P::State) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem + ?Sized,
{
    iddfs_with(problem, start, Options::new())
}

/// [`iddfs`] with [`Options`].
///
/// # Examples
///
/// ```
/// use heurist::{FnProblem, Options, StopReason};
///
/// let p = FnProblem::new(|n: &u32| *n == 1000, |n: &u32| [((), n + 1, 1u32)]);
/// let r = heurist::iddfs_with(&p, 0, Options::new().max_depth(20));
/// assert_eq!(r.stop_reason(), Some(StopReason::MaxDepth));
/// ```
pub fn iddfs_with<P>(
    problem: &P,
    start: P::State,
    opts: Options<'_, P::Cost>,
) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem + ?Sized,
{
    deepening::search::<P, Zero, Depth>(problem, start, &Zero, opts)
}
