//! Weighted A*.

use std::marker::PhantomData;

use super::best_first::{self, Setup, WeightedPolicy};
use super::ResultOf;
use crate::search::{limit_methods, Limits, OpenList, SearchResult, Stats, StopReason};
use crate::traits::{AllMoves, Expansion, Heuristic, Problem};

/// Weighted A*: expands states in order of `g + w·h`. With an admissible heuristic and
/// `w >= 1` the solution costs at most `w` times the optimum, usually after far fewer
/// expansions than A*; `w = 1` is A*. A weight that is not a positive, finite number is
/// refused: the search stops at once with [`StopReason::InvalidWeight`].
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
pub fn weighted_astar<P, F>(problem: &P, start: P::State, heuristic: F, weight: f64) -> ResultOf<P>
where
    P: Problem + ?Sized,
    F: Fn(&P::State) -> P::Cost,
{
    WeightedAStar::new(weight).search(problem, start, heuristic)
}

/// The configuration of [`weighted_astar`]: the weight, limits, the open list.
///
/// # Examples
///
/// ```
/// use heurist::{FnProblem, StopReason, WeightedAStar};
///
/// let p = FnProblem::new(|n: &u32| *n == 40, |n: &u32| [((), n + 1, 1u32), ((), n + 5, 2)]);
/// let h = |n: &u32| (40 - n.min(&40)) / 5;
/// let r = WeightedAStar::new(3.0).max_states(1000).search(&p, 0, h);
/// assert!(r.cost().unwrap() <= 3 * 16);
///
/// let refused = WeightedAStar::new(-1.0).search(&p, 0, h);
/// assert_eq!(refused.stop_reason(), Some(StopReason::InvalidWeight));
/// ```
#[derive(Clone, Debug)]
pub struct WeightedAStar<'a, C, E = AllMoves> {
    limits: Limits<'a, C>,
    open_list: OpenList,
    weight: f64,
    expansion: PhantomData<E>,
}

impl<C> WeightedAStar<'_, C> {
    /// Weighted A* with weight `weight`, no limits and the default open list.
    pub fn new(weight: f64) -> Self {
        WeightedAStar {
            limits: Limits::new(),
            open_list: OpenList::default(),
            weight,
            expansion: PhantomData,
        }
    }
}

impl<'a, C, E> WeightedAStar<'a, C, E> {
    limit_methods!();

    /// Which priority queue holds the frontier (default [`OpenList::Buckets`]).
    pub fn open_list(mut self, open_list: OpenList) -> Self {
        self.open_list = open_list;
        self
    }

    super::expansion_methods!(
        /// Expand each state without the successors that the action into it makes redundant
        /// ([`MovePruning`](crate::MovePruning)).
        WeightedAStar { limits, open_list, weight }
    );

    /// Runs weighted A* on `problem` from `start`, guided by `heuristic`.
    pub fn search<P, H>(&self, problem: &P, start: P::State, heuristic: H) -> ResultOf<P>
    where
        P: Problem<Cost = C> + ?Sized,
        C: crate::traits::Cost,
        H: Heuristic<P>,
        E: Expansion<P>,
    {
        self.search_from(problem, [start], heuristic)
    }

    /// [`search`](Self::search) from several start states at once, each at path cost zero
    /// (a start given twice counts once; no start at all is an exhausted search).
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
        if !(self.weight.is_finite() && self.weight > 0.0) {
            return SearchResult::refused(StopReason::InvalidWeight, Stats::default());
        }
        let setup = Setup {
            limits: &self.limits,
            open_list: self.open_list,
        };
        best_first::search_from::<P, H, _, E>(
            problem,
            starts,
            &heuristic,
            WeightedPolicy(self.weight),
            setup,
        )
    }
}
