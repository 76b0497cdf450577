//! Greedy best-first search.

use super::best_first::{self, GreedyPolicy, Setup};
use super::ResultOf;
use crate::search::{limit_methods, Limits, OpenList};
use crate::traits::{AllMoves, Heuristic, Problem};

/// Greedy best-first search: always expands the state with the smallest heuristic value
/// (smaller `g` among equals). Not optimal, often very fast; complete on finite graphs.
///
/// # Examples
///
/// ```
/// use heurist::FnProblem;
///
/// let p = FnProblem::new(|n: &i64| *n == 1000, |n: &i64| [(1, n + 1, 1u64), (-1, n - 1, 1), (9, n * 3, 1)]);
/// let r = heurist::greedy(&p, 1, |n| (1000 - n).unsigned_abs());
/// assert_eq!(*r.solution().unwrap().goal(), 1000);
/// ```
pub fn greedy<P, F>(problem: &P, start: P::State, heuristic: F) -> ResultOf<P>
where
    P: Problem + ?Sized,
    F: Fn(&P::State) -> P::Cost,
{
    Greedy::new().search(problem, start, heuristic)
}

/// The configuration of [`greedy`]: limits and the open list.
///
/// # Examples
///
/// ```
/// use heurist::{FnProblem, Greedy, StopReason};
///
/// let p = FnProblem::new(|_: &u64| false, |n: &u64| [((), n + 1, 1u64)]);
/// let r = Greedy::new().max_states(100).search(&p, 0, |_: &u64| 0);
/// assert_eq!(r.stop_reason(), Some(StopReason::MaxStates));
/// ```
#[derive(Clone, Debug)]
pub struct Greedy<'a, C> {
    limits: Limits<'a, C>,
    open_list: OpenList,
}

impl<C> Default for Greedy<'_, C> {
    fn default() -> Self {
        Greedy {
            limits: Limits::new(),
            open_list: OpenList::default(),
        }
    }
}

impl<C> Greedy<'_, C> {
    /// No limits and the default open list.
    pub fn new() -> Self {
        Self::default()
    }
}

impl<'a, C> Greedy<'a, C> {
    limit_methods!();

    /// Which priority queue holds the frontier (default [`OpenList::Buckets`]).
    pub fn open_list(mut self, open_list: OpenList) -> Self {
        self.open_list = open_list;
        self
    }

    /// Runs greedy best-first search on `problem` from `start`, guided by `heuristic`.
    pub fn search<P, H>(&self, problem: &P, start: P::State, heuristic: H) -> ResultOf<P>
    where
        P: Problem<Cost = C> + ?Sized,
        C: crate::traits::Cost,
        H: Heuristic<P>,
    {
        let setup = Setup {
            limits: &self.limits,
            open_list: self.open_list,
        };
        best_first::search::<P, H, _, AllMoves>(problem, start, &heuristic, GreedyPolicy, setup)
    }
}
