//! Greedy best-first search.

use std::marker::PhantomData;

use super::best_first::{self, GreedyPolicy, Setup};
use super::ResultOf;
use crate::search::{limit_methods, Limits, OpenList};
use crate::traits::{AllMoves, Expansion, Heuristic, Problem};

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
pub struct Greedy<'a, C, E = AllMoves> {
    limits: Limits<'a, C>,
    open_list: OpenList,
    expansion: PhantomData<E>,
}

impl<C> Default for Greedy<'_, C> {
    fn default() -> Self {
        Greedy {
            limits: Limits::new(),
            open_list: OpenList::default(),
            expansion: PhantomData,
        }
    }
}

impl<C> Greedy<'_, C> {
    /// No limits and the default open list.
    pub fn new() -> Self {
        Self::default()
    }
}

impl<'a, C, E> Greedy<'a, C, E> {
    limit_methods!();

    /// Which priority queue holds the frontier (default [`OpenList::Buckets`]).
    pub fn open_list(mut self, open_list: OpenList) -> Self {
        self.open_list = open_list;
        self
    }

    super::expansion_methods!(
        /// Expand each state without the successors that the action into it makes redundant
        /// ([`MovePruning`](crate::MovePruning)).
        Greedy { limits, open_list }
    );

    /// Runs greedy best-first search on `problem` from `start`, guided by `heuristic`.
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
        let setup = Setup {
            limits: &self.limits,
            open_list: self.open_list,
        };
        best_first::search_from::<P, H, _, E>(problem, starts, &heuristic, GreedyPolicy, setup)
    }
}
