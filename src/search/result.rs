use std::fmt;

use super::Stats;

/// One step of a solution: the action taken, the state it led to and the step's cost.
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

impl<S, A, C> Solution<S, A, C> {
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
    /// [`Options::max_expansions`](super::Options::max_expansions) was reached.
    MaxExpansions,
    /// [`Options::max_states`](super::Options::max_states) was reached (the memory bound).
    MaxStates,
    /// Every path within [`Options::cost_bound`](super::Options::cost_bound) was searched;
    /// paths beyond it were pruned, so a costlier solution may exist.
    CostBound,
    /// Every path within [`Options::max_depth`](super::Options::max_depth) was searched;
    /// deeper paths were pruned, so a longer solution may exist.
    MaxDepth,
    /// The time limit or deadline passed.
    Deadline,
    /// The search was cancelled through a [`CancelToken`](super::CancelToken).
    Cancelled,
}

impl StopReason {
    /// A short lower-case name: `max-expansions`, `max-states`, `cost-bound`, `max-depth`,
    /// `deadline` or `cancelled`.
    pub fn as_str(self) -> &'static str {
        match self {
            StopReason::MaxExpansions => "max-expansions",
            StopReason::MaxStates => "max-states",
            StopReason::CostBound => "cost-bound",
            StopReason::MaxDepth => "max-depth",
            StopReason::Deadline => "deadline",
            StopReason::Cancelled => "cancelled",
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
        /// For the optimal cost-based searches (Dijkstra, A*, IDA*) with an admissible
        /// heuristic: a proven lower bound on the cost of any solution. `None` otherwise.
        lower_bound: Option<C>,
    },
}

/// The result of a search: its [`Outcome`] and its [`Stats`].
///
/// # Examples
///
/// ```
/// use heurist::{FnProblem, Options, Outcome, StopReason};
///
/// // Odd numbers are never reached from 0 by adding 2.
/// let p = FnProblem::new(|n: &u32| *n == 7, |n: &u32| if *n < 20 { vec![((), n + 2, 1u32)] } else { vec![] });
/// assert_eq!(heurist::bfs(&p, 0).outcome, Outcome::Exhausted);
///
/// let stopped = heurist::bfs_with(&p, 0, Options::new().max_expansions(3));
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
