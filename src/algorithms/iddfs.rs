//! Iterative-deepening depth-first search.

use std::marker::PhantomData;

use super::deepening::{self, DeepeningSetup, Depth};
use super::ResultOf;
use crate::search::{limit_methods, CycleCheck, Limits};
use crate::traits::{AllMoves, Expansion, Problem, Zero};

/// Iterative-deepening DFS: depth-first searches limited to 1, 2, 3, ... actions. Finds a
/// solution with the fewest actions using memory for the current path only; it re-expands
/// the shallow levels on every iteration and cannot detect transpositions, so it is slower
/// than [`bfs`](crate::bfs) on graphs with many paths between states.
///
/// With the default [`CycleCheck::Path`], or [`CycleCheck::Minimal`], it terminates with
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
pub fn iddfs<P>(problem: &P, start: P::State) -> ResultOf<P>
where
    P: Problem + ?Sized,
{
    Iddfs::new().search(problem, start)
}

/// The configuration of [`iddfs`]: cycle check, depth limit, limits, move pruning.
///
/// # Examples
///
/// ```
/// use heurist::{FnProblem, Iddfs, StopReason};
///
/// let p = FnProblem::new(|n: &u32| *n == 1000, |n: &u32| [((), n + 1, 1u32), ((), n * 2, 1)]);
/// let r = Iddfs::new().max_depth(5).search(&p, 1);
/// assert_eq!(r.stop_reason(), Some(StopReason::MaxDepth));
/// ```
#[derive(Clone, Debug)]
pub struct Iddfs<'a, C, E = AllMoves> {
    limits: Limits<'a, C>,
    max_depth: Option<usize>,
    cycle_check: CycleCheck,
    expansion: PhantomData<E>,
}

impl<C> Default for Iddfs<'_, C> {
    fn default() -> Self {
        Iddfs {
            limits: Limits::new(),
            max_depth: None,
            cycle_check: CycleCheck::default(),
            expansion: PhantomData,
        }
    }
}

impl<C> Iddfs<'_, C> {
    /// No limits, the full-path cycle check, every successor.
    pub fn new() -> Self {
        Self::default()
    }
}

impl<'a, C, E> Iddfs<'a, C, E> {
    limit_methods!();

    /// Leave out paths of more than `depth` actions.
    pub fn max_depth(mut self, depth: usize) -> Self {
        self.max_depth = Some(depth);
        self
    }

    /// How cycles are detected (default [`CycleCheck::Path`]).
    pub fn cycle_check(mut self, check: CycleCheck) -> Self {
        self.cycle_check = check;
        self
    }

    super::expansion_methods!(
        /// Expand each state without the successors that the action into it makes redundant
        /// ([`MovePruning`](crate::MovePruning)); the search still finds the fewest actions.
        Iddfs { limits, max_depth, cycle_check }
    );

    /// Runs iterative-deepening DFS on `problem` from `start`.
    pub fn search<P>(&self, problem: &P, start: P::State) -> ResultOf<P>
    where
        P: Problem<Cost = C> + ?Sized,
        C: crate::traits::Cost,
        E: Expansion<P>,
    {
        let setup = DeepeningSetup {
            limits: &self.limits,
            max_depth: self.max_depth,
            cycle_check: self.cycle_check,
        };
        deepening::search::<P, _, Depth, E>(problem, start, &Zero, setup)
    }
}
