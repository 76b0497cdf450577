//! Iterative-deepening A* (IDA*).

use super::deepening::{self, FCost};
use crate::search::{Options, SearchResult};
use crate::traits::{Heuristic, Problem};

/// IDA*: depth-first searches bounded by `f = g + h`, each with the threshold raised to the
/// smallest `f` that exceeded the last. Optimal with an admissible heuristic; memory is the
/// current path only.
///
/// The inner loop allocates nothing: each depth owns a reusable successor buffer. The child's
/// estimate comes from [`Heuristic::estimate_child`], so a heuristic with an incremental
/// update runs at the speed of a hand-written solver. The move straight back to the parent is
/// always pruned; by default ([`CycleCheck::Path`](crate::CycleCheck)) every state already
/// on the path is, which makes the search terminate with
/// [`Outcome::Exhausted`](crate::Outcome) on finite graphs without a reachable goal.
/// [`CycleCheck::Parent`](crate::CycleCheck) is faster where that is not needed.
///
/// # Examples
///
/// ```
/// use heurist::FnProblem;
///
/// // The 2x3 sliding puzzle as a string; the blank is '0'.
/// let neighbours = |i: usize| -> Vec<usize> {
///     let (r, c) = (i / 3, i % 3);
///     let mut v = vec![];
///     if r > 0 { v.push(i - 3) } if r < 1 { v.push(i + 3) }
///     if c > 0 { v.push(i - 1) } if c < 2 { v.push(i + 1) }
///     v
/// };
/// let puzzle = FnProblem::new(
///     |s: &[u8; 6]| s == b"12345\0",
///     move |s: &[u8; 6]| {
///         let s = *s;
///         let blank = s.iter().position(|&t| t == 0).unwrap();
///         neighbours(blank).into_iter().map(move |j| {
///             let mut t = s;
///             t.swap(blank, j);
///             (j, t, 1u32)
///         })
///     },
/// );
/// let misplaced = |s: &[u8; 6]| s.iter().zip(b"12345\0").filter(|(a, b)| a != b && **a != 0).count() as u32;
/// let start = *b"412\x0053"; // four moves from the goal
/// let result = heurist::idastar(&puzzle, start, misplaced);
/// assert_eq!(result.cost(), Some(4));
/// assert_eq!(result.cost(), heurist::bfs(&puzzle, start).cost());
/// ```
pub fn idastar<P, H>(
    problem: &P,
    start: P::State,
    heuristic: H,
) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P>,
{
    idastar_with(problem, start, heuristic, Options::new())
}

/// [`idastar`] with [`Options`]: cycle check, cost or depth limit, limits on time and
/// expansions, cancellation, progress. When stopped, the result carries the current
/// threshold as a proven lower bound on the optimal cost.
///
/// # Examples
///
/// ```
/// use heurist::{CycleCheck, FnProblem, Options};
///
/// let p = FnProblem::new(|n: &i32| *n == 12, |n: &i32| [(1, n + 1, 1u32), (-1, n - 1, 1), (5, n + 5, 1)]);
/// let h = |n: &i32| (12 - n).unsigned_abs() / 5;
/// let r = heurist::idastar_with(&p, 0, h, Options::new().cycle_check(CycleCheck::Parent));
/// assert_eq!(r.cost(), Some(4)); // +5 +5 +1 +1
/// ```
pub fn idastar_with<P, H>(
    problem: &P,
    start: P::State,
    heuristic: H,
    opts: Options<'_, P::Cost>,
) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P>,
{
    deepening::search::<P, H, FCost>(problem, start, &heuristic, opts)
}
