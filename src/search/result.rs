use std::fmt;

use super::Stats;
use crate::traits::Cost;

/// One step: the action taken, the state it leads to and the step's cost. A [`Problem`]
/// writes the successors of a state as steps (into [`Successors`]), and a [`Solution`] is
/// the steps from its start to its goal.
///
/// [`Problem`]: crate::Problem
/// [`Successors`]: crate::Successors
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Step<S, A, C> {
    /// The action taken.
    pub action: A,
    /// The state the action led to.
    pub state: S,
    /// The cost of this step.
    pub cost: C,
}

/// A path from the start state to a goal.
///
/// # Examples
///
/// ```
/// use heurist::FnProblem;
///
/// let p = FnProblem::new(|n: &u32| *n == 8, |n: &u32| [('d', n * 2, 1u32), ('i', n + 1, 1)]);
/// let sol = heurist::bfs(&p, 1).into_solution().unwrap();
/// assert_eq!(sol.start, 1);
/// assert_eq!(sol.actions().collect::<String>(), "ddd");
/// assert_eq!(sol.states().copied().collect::<Vec<_>>(), [1, 2, 4, 8]);
/// assert_eq!(*sol.goal(), 8);
/// assert_eq!((sol.len(), sol.cost), (3, 3));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution<S, A, C> {
    /// The state the search started from.
    pub start: S,
    /// The steps, in order; empty when the start is a goal.
    pub steps: Vec<Step<S, A, C>>,
    /// The total cost (sum of the steps' costs).
    pub cost: C,
}

impl<S, A, C: Cost> Solution<S, A, C> {
    /// The solution with these steps from `start`; its cost is their sum.
    pub(crate) fn from_steps(start: S, steps: Vec<Step<S, A, C>>) -> Self {
        let cost = steps
            .iter()
            .fold(C::ZERO, |acc, s| acc.saturating_add(s.cost));
        Solution { start, steps, cost }
    }

    /// The solution that ends at node `goal` of a search's store, traced back by `link`:
    /// for a node, its parent and the step into it, or `Err` with the start state at the
    /// start node.
    pub(crate) fn trace(
        goal: usize,
        mut link: impl FnMut(usize) -> Result<(usize, Step<S, A, C>), S>,
    ) -> Self {
        let mut steps = Vec::new();
        let mut at = goal;
        let start = loop {
            match link(at) {
                Ok((parent, step)) => {
                    steps.push(step);
                    at = parent;
                }
                Err(start) => break start,
            }
        };
        steps.reverse();
        Self::from_steps(start, steps)
    }
}

impl<S, A, C> Solution<S, A, C> {
    /// The path as the states it visits, start and goal included, and its cost: the form
    /// the `pathfinding` crate returns.
    ///
    /// # Examples
    ///
    /// ```
    /// use heurist::FnProblem;
    ///
    /// let p = FnProblem::unit(|n: &u32| *n == 8, |n: &u32| [n * 2, n + 1]);
    /// let (path, cost) = heurist::bfs(&p, 1).into_solution().unwrap().into_path();
    /// assert_eq!((path, cost), (vec![1, 2, 4, 8], 3));
    /// ```
    pub fn into_path(self) -> (Vec<S>, C) {
        let mut states = Vec::with_capacity(self.steps.len() + 1);
        states.push(self.start);
        states.extend(self.steps.into_iter().map(|s| s.state));
        (states, self.cost)
    }

    /// Number of actions.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether the start state is itself the goal.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The actions, in order.
    pub fn actions(&self) -> impl Iterator<Item = &A> + '_ {
        self.steps.iter().map(|s| &s.action)
    }

    /// All states of the path: the start, then the state after each action.
    pub fn states(&self) -> impl Iterator<Item = &S> + '_ {
        std::iter::once(&self.start).chain(self.steps.iter().map(|s| &s.state))
    }

    /// The goal state reached (the start when there are no steps).
    pub fn goal(&self) -> &S {
        self.steps.last().map_or(&self.start, |s| &s.state)
    }
}

/// Why a search stopped before it could either find a solution or prove there is none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StopReason {
    /// [`Limits::max_expansions`](super::Limits::max_expansions) was reached.
    MaxExpansions,
    /// [`Limits::max_states`](super::Limits::max_states) was reached (the memory bound).
    MaxStates,
    /// Every path within [`Limits::cost_bound`](super::Limits::cost_bound) was searched;
    /// paths beyond it were pruned, so a costlier solution may exist.
    CostBound,
    /// Every path within the depth limit (`max_depth` of [`Bfs`](crate::Bfs),
    /// [`Dfs`](crate::Dfs), [`Iddfs`](crate::Iddfs) or [`IdaStar`](crate::IdaStar)) was searched;
    /// deeper paths were pruned, so a longer solution may exist.
    MaxDepth,
    /// The time limit or deadline passed.
    Deadline,
    /// The search was cancelled through a [`CancelToken`](super::CancelToken).
    Cancelled,
    /// A step with a negative cost was generated. Dijkstra, A*, weighted A*, IDA* and
    /// fringe search require non-negative step costs; rather than go on to an answer that may be wrong,
    /// they stop at the first negative step they generate. (A search that reaches a goal
    /// before generating any cannot know of negative steps elsewhere: a problem that has
    /// them needs another method, such as Bellman-Ford.)
    NegativeCost,
    /// Weighted A* was given a weight that is not a positive, finite number.
    InvalidWeight,
    /// Beam search ([`Beam`](crate::Beam)) ran out of states after leaving some out to keep
    /// its beam within its width: the states it dropped may lead to a solution, so it
    /// cannot claim that none exists. A wider beam, or [`Beam::widening`](crate::Beam::widening),
    /// searches further.
    BeamWidth,
    /// A bidirectional search found the problem inconsistent with what it was told: a
    /// predecessor ([`Predecessors`](crate::Predecessors)) on the solution that no forward
    /// step matches at the same cost, or a step cheaper than the declared smallest step
    /// cost ([`Mm::min_step_cost`](crate::Mm::min_step_cost)).
    InconsistentProblem,
}

impl StopReason {
    /// A short lower-case name: `max-expansions`, `max-states`, `cost-bound`, `max-depth`,
    /// `deadline`, `cancelled`, `negative-cost`, `invalid-weight`, `beam-width` or
    /// `inconsistent-problem`.
    pub fn as_str(self) -> &'static str {
        match self {
            StopReason::MaxExpansions => "max-expansions",
            StopReason::MaxStates => "max-states",
            StopReason::CostBound => "cost-bound",
            StopReason::MaxDepth => "max-depth",
            StopReason::Deadline => "deadline",
            StopReason::Cancelled => "cancelled",
            StopReason::NegativeCost => "negative-cost",
            StopReason::InvalidWeight => "invalid-weight",
            StopReason::BeamWidth => "beam-width",
            StopReason::InconsistentProblem => "inconsistent-problem",
        }
    }
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a search ended. The three cases are always distinct: a search that hit a limit
/// never claims that no solution exists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<S, A, C> {
    /// A solution was found.
    Found(Solution<S, A, C>),
    /// The whole reachable space was searched: no solution exists.
    Exhausted,
    /// A limit stopped the search first.
    Stopped {
        /// Which limit.
        reason: StopReason,
        /// For the optimal cost-based searches (Dijkstra, A*, IDA*, fringe) with an
        /// admissible heuristic: a proven lower bound on the cost of any solution (stopped
        /// by a cost bound: the smallest cost beyond it that was left out). `None`
        /// otherwise.
        lower_bound: Option<C>,
    },
}

/// The result of a search: its [`Outcome`] and its [`Stats`].
///
/// # Examples
///
/// ```
/// use heurist::{Bfs, FnProblem, Outcome, StopReason};
///
/// // Odd numbers are never reached from 0 by adding 2.
/// let p = FnProblem::new(|n: &u32| *n == 7, |n: &u32| if *n < 20 { vec![((), n + 2, 1u32)] } else { vec![] });
/// assert_eq!(heurist::bfs(&p, 0).outcome, Outcome::Exhausted);
///
/// let stopped = Bfs::new().max_expansions(3).search(&p, 0);
/// assert_eq!(stopped.stop_reason(), Some(StopReason::MaxExpansions));
/// assert_eq!(stopped.stats.expanded, 3);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<S, A, C> {
    /// How the search ended.
    pub outcome: Outcome<S, A, C>,
    /// Counters of the run.
    pub stats: Stats,
}

impl<S, A, C> SearchResult<S, A, C> {
    /// A search that refused to start: stopped for `reason`, with no lower bound.
    pub(crate) fn refused(reason: StopReason, stats: Stats) -> Self {
        SearchResult {
            outcome: Outcome::Stopped {
                reason,
                lower_bound: None,
            },
            stats,
        }
    }
}

impl<S, A, C: Copy> SearchResult<S, A, C> {
    /// The solution, if one was found.
    pub fn solution(&self) -> Option<&Solution<S, A, C>> {
        match &self.outcome {
            Outcome::Found(s) => Some(s),
            _ => None,
        }
    }

    /// The solution, if one was found, by value.
    pub fn into_solution(self) -> Option<Solution<S, A, C>> {
        match self.outcome {
            Outcome::Found(s) => Some(s),
            _ => None,
        }
    }

    /// The path as the states it visits and its cost, if one was found
    /// ([`Solution::into_path`]).
    pub fn into_path(self) -> Option<(Vec<S>, C)> {
        self.into_solution().map(Solution::into_path)
    }

    /// The solution's cost, if one was found.
    pub fn cost(&self) -> Option<C> {
        self.solution().map(|s| s.cost)
    }

    /// Whether a solution was found.
    pub fn is_found(&self) -> bool {
        matches!(self.outcome, Outcome::Found(_))
    }

    /// Whether the search proved that no solution exists.
    pub fn is_exhausted(&self) -> bool {
        matches!(self.outcome, Outcome::Exhausted)
    }

    /// The limit that stopped the search, if one did.
    pub fn stop_reason(&self) -> Option<StopReason> {
        match self.outcome {
            Outcome::Stopped { reason, .. } => Some(reason),
            _ => None,
        }
    }

    /// The proven lower bound on the optimal cost, when an optimal search was stopped.
    pub fn lower_bound(&self) -> Option<C> {
        match self.outcome {
            Outcome::Stopped { lower_bound, .. } => lower_bound,
            _ => None,
        }
    }
}
