//! A* search.

use super::best_first::{self, AStarPolicy};
use crate::search::{Options, SearchResult};
use crate::traits::{Heuristic, Problem};

/// A* search: expands states in order of `f = g + h`; among equal `f` the larger `g` first,
/// and among equal `f` and `g` the state queued most recently (depth-first among ties, which
/// on grids with many equally good paths saves most expansions).
///
/// With an admissible heuristic the solution is optimal, also when the heuristic is
/// inconsistent: a closed state reached again by a cheaper path is reopened (counted in
/// [`Stats::reopened`](crate::Stats)). Goals are recognised when expanded.
///
/// The frontier is a bucket queue by default (a heap for costs that are not small whole
/// numbers), or a lazy or an indexed binary heap ([`Options::open_list`]). Each reached
/// state is stored once, in an arena with its parent link, indexed by a hash table of node
/// ids; the successors of a state are looked up together, so that their cache misses
/// overlap.
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
/// let h = |&(x, y): &(i32, i32)| {
///     let (dx, dy) = ((5 - x).unsigned_abs(), (3 - y).unsigned_abs());
///     3 * dx.min(dy) + 2 * (dx.max(dy) - dx.min(dy))
/// };
/// let result = heurist::astar(&grid, (0, 0), h);
/// assert_eq!(result.cost(), Some(13)); // 3 diagonal + 2 straight
/// println!("{}", result.stats);
/// ```
pub fn astar<P, H>(
    problem: &P,
    start: P::State,
    heuristic: H,
) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P>,
{
    astar_with(problem, start, heuristic, Options::new())
}

/// [`astar`] with [`Options`]: limits, cancellation, progress, choice of open list.
///
/// When stopped by a limit, the result carries a proven lower bound on the optimal cost
/// (the smallest `f` in the frontier), valid when the heuristic is admissible.
///
/// # Examples
///
/// ```
/// use heurist::{FnProblem, OpenList, Options};
///
/// let p = FnProblem::new(|n: &i64| *n == 37, |n: &i64| [(1, n + 1, 1u64), (-1, n - 1, 1), (10, n + 10, 4)]);
/// let h = |n: &i64| (37 - n).unsigned_abs() / 10 * 4;
/// let indexed = heurist::astar_with(&p, 0, h, Options::new().open_list(OpenList::Indexed));
/// assert_eq!(indexed.cost(), heurist::astar(&p, 0, h).cost());
///
/// let stopped = heurist::astar_with(&p, 0, h, Options::new().max_expansions(2));
/// assert!(stopped.lower_bound().unwrap() <= 19); // the optimum is 3 * 4 + 7 = 19
/// ```
pub fn astar_with<P, H>(
    problem: &P,
    start: P::State,
    heuristic: H,
    opts: Options<'_, P::Cost>,
) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P>,
{
    best_first::search(problem, start, &heuristic, AStarPolicy, opts)
}
