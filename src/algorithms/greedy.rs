//! Greedy best-first search.

use super::best_first::{self, GreedyPolicy};
use crate::search::{Options, SearchResult};
use crate::traits::{Heuristic, Problem};

/// Greedy best-first search: always expands the state with the smallest heuristic value
/// (smaller `g` among equals). Not optimal, often very fast; complete on finite graphs.
///
/// # Examples
///
/// ```
/// use heurist::FnProblem;
///
/// let p = FnProblem::new(|n: &i64| *n == 1000, |n: &i64| [(1, n + 1, 1u64), (-1, n - 1, 1), (9, n * 3, 1)]);
/// let r = heurist::greedy(&p, 1, |n: &i64| (1000 - n).unsigned_abs());
/// assert_eq!(*r.solution().unwrap().goal(), 1000);
/// ```
pub fn greedy<P, H>(
    problem: &P,
    start: P::State,
    heuristic: H,
) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P>,
{
    greedy_with(problem, start, heuristic, Options::new())
}

/// [`greedy`] with [`Options`].
///
/// # Examples
///
/// ```
/// use heurist::{FnProblem, Options, StopReason};
///
/// let p = FnProblem::new(|_: &u64| false, |n: &u64| [((), n + 1, 1u64)]);
/// let r = heurist::greedy_with(&p, 0, heurist::Zero, Options::new().max_expansions(10));
/// assert_eq!(r.stop_reason(), Some(StopReason::MaxExpansions));
/// ```
pub fn greedy_with<P, H>(
    problem: &P,
    start: P::State,
    heuristic: H,
    opts: Options<'_, P::Cost>,
) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P>,
{
    best_first::search(problem, start, &heuristic, GreedyPolicy, opts)
}
