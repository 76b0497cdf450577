//! Weighted A*.

use super::best_first::{self, WeightedPolicy};
use crate::search::{Options, SearchResult};
use crate::traits::{Heuristic, Problem};

/// Weighted A*: expands states in order of `g + w·h`. With an admissible heuristic and
/// `w >= 1` the solution costs at most `w` times the optimum, usually after far fewer
/// expansions than A*. `w = 1` is A*; a weight that is negative or NaN is taken as 1.
///
/// # Examples
///
/// ```
/// use heurist::FnProblem;
///
/// let p = FnProblem::new(|n: &i64| *n == 99, |n: &i64| [(1, n + 1, 1u64), (-1, n - 1, 1), (7, n + 7, 3)]);
/// let h = |n: &i64| (99 - n).unsigned_abs() * 3 / 7;
/// let optimal = heurist::astar(&p, 0, h).cost().unwrap();
/// let fast = heurist::weighted_astar(&p, 0, h, 2.0).cost().unwrap();
/// assert!(fast <= 2 * optimal);
/// ```
pub fn weighted_astar<P, H>(
    problem: &P,
    start: P::State,
    heuristic: H,
    weight: f64,
) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P>,
{
    weighted_astar_with(problem, start, heuristic, weight, Options::new())
}

/// [`weighted_astar`] with [`Options`].
///
/// # Examples
///
/// ```
/// use heurist::{FnProblem, Options};
///
/// let p = FnProblem::new(|n: &u32| *n == 40, |n: &u32| [((), n + 1, 1u32), ((), n + 5, 2)]);
/// let r = heurist::weighted_astar_with(&p, 0, |n: &u32| (40 - n.min(&40)) / 5, 3.0, Options::new().max_states(1000));
/// assert!(r.cost().unwrap() <= 3 * 16);
/// ```
pub fn weighted_astar_with<P, H>(
    problem: &P,
    start: P::State,
    heuristic: H,
    weight: f64,
    opts: Options<'_, P::Cost>,
) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P>,
{
    let weight = if weight >= 0.0 { weight } else { 1.0 };
    best_first::search(problem, start, &heuristic, WeightedPolicy(weight), opts)
}
