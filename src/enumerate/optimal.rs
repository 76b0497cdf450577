//! All optimal solutions: A* that keeps every cheapest way into each state.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use rustc_hash::FxHashMap;

use crate::algorithms::astar::AStar;
use crate::search::{Monitor, Outcome, Solution, Stats, Step, StopReason};
use crate::traits::{Cost, Heuristic, Problem, Successors};

/// Every optimal solution of a problem: made by [`astar_all_optimal`] or [`AStar::all_optimal`].
///
/// The search is A* that keeps, for each state, every parent through which it is reached
/// at its least cost, and goes on until every state with `f` up to the optimal cost has
/// been expanded. The solutions are then the paths through those links: counted without
/// listing them ([`count`](AllOptimal::count)), or listed one by one
/// ([`solutions`](AllOptimal::solutions)); their number can grow exponentially
/// with the length.
pub struct AllOptimal<S, A, C> {
    /// How the search ended: [`Outcome::Found`] with one optimal solution (the first in
    /// [`solutions`](AllOptimal::solutions)), [`Outcome::Exhausted`] when there is
    /// none, or [`Outcome::Stopped`] when a limit stopped it before it could prove which
    /// solutions are optimal.
    pub outcome: Outcome<S, A, C>,
    /// The counters of the search.
    pub stats: Stats,
    nodes: Vec<OptimalNode<S, A, C>>,
    goals: Vec<usize>,
}

struct OptimalNode<S, A, C> {
    state: S,
    g: C,
    h: C,
    closed: bool,
    /// Every way into the state at cost `g`: parent, action, step cost.
    parents: Vec<(usize, A, C)>,
}

/// Every optimal solution from `start`, guided by an admissible `heuristic`.
///
/// # Examples
///
/// ```
/// use heurist::FnProblem;
///
/// // Monotone lattice paths on a 3x2 grid: every path of 5 steps is optimal.
/// let grid = FnProblem::new(
///     |&p: &(u8, u8)| p == (3, 2),
///     |&(x, y): &(u8, u8)| {
///         let mut out = vec![];
///         if x < 3 { out.push(('E', (x + 1, y), 1u32)) }
///         if y < 2 { out.push(('N', (x, y + 1), 1)) }
///         out
///     },
/// );
/// let all = heurist::astar_all_optimal(&grid, (0, 0), |&(x, y)| (3 - x + 2 - y) as u32);
/// assert_eq!(all.cost(), Some(5));
/// assert_eq!(all.count(), 10); // 5 choose 2
/// assert!(all.solutions().all(|s| s.cost == 5 && s.len() == 5));
/// ```
pub fn astar_all_optimal<P, F>(
    problem: &P,
    start: P::State,
    heuristic: F,
) -> AllOptimal<P::State, P::Action, P::Cost>
where
    P: Problem + ?Sized,
    F: Fn(&P::State) -> P::Cost,
{
    AStar::new().all_optimal(problem, start, heuristic)
}

impl<C: Cost, E> AStar<'_, C, E> {
    /// Every optimal solution from `start`, guided by an admissible `heuristic`, under this
    /// configuration's limits (the open list and move pruning do not apply: a pruned
    /// action could be part of an optimal solution).
    pub fn all_optimal<P, H>(
        &self,
        problem: &P,
        start: P::State,
        heuristic: H,
    ) -> AllOptimal<P::State, P::Action, P::Cost>
    where
        P: Problem<Cost = C> + ?Sized,
        H: Heuristic<P>,
    {
        let zero = C::ZERO;
        let mut mon = Monitor::new(self.limits_set());
        let bound = mon.cost_bound();
        let h0 = heuristic.estimate(&start);
        let mut index = FxHashMap::default();
        index.insert(start.clone(), 0usize);
        let mut nodes = vec![OptimalNode {
            state: start,
            g: zero,
            h: h0,
            closed: false,
            parents: Vec::new(),
        }];
        // smallest f first, then larger g, then the newer node
        let mut open = BinaryHeap::from([(Reverse(h0), zero, 0usize)]);
        let mut goals = Vec::new();
        let mut best: Option<C> = None;
        let mut beyond_bound: Option<C> = None;
        let mut buf = Successors::new();
        let mut stop: Option<(StopReason, Option<C>)> = None;

        while let Some((Reverse(f), g, id)) = open.pop() {
            if nodes[id].closed || g > nodes[id].g {
                continue; // outdated entry
            }
            if best.is_some_and(|b| f > b) {
                break;
            }
            if problem.is_goal(&nodes[id].state) {
                best = Some(g);
                goals.push(id);
                nodes[id].closed = true;
                continue; // a solution ends at its goal
            }
            mon.stats.stored = nodes.len();
            if let Some(reason) = mon.check() {
                stop = Some((reason, Some(f)));
                break;
            }
            nodes[id].closed = true;
            mon.stats.expanded += 1;
            problem.successors(&nodes[id].state, &mut buf);
            for succ in buf.drain() {
                mon.stats.generated += 1;
                if succ.cost < zero {
                    stop = Some((StopReason::NegativeCost, None));
                    break;
                }
                let g2 = g.saturating_add(succ.cost);
                if let Some(&cid) = index.get(&succ.state) {
                    let child = &mut nodes[cid];
                    if g2 < child.g {
                        child.g = g2;
                        child.parents.clear();
                        child.parents.push((id, succ.action, succ.cost));
                        if child.closed {
                            child.closed = false;
                            mon.stats.reopened += 1;
                        }
                        open.push((Reverse(g2.saturating_add(child.h)), g2, cid));
                    } else if g2 == child.g {
                        child.parents.push((id, succ.action, succ.cost));
                        mon.stats.duplicates += 1;
                    } else {
                        mon.stats.duplicates += 1;
                    }
                    continue;
                }
                let h2 = heuristic.estimate_child(
                    &nodes[id].state,
                    nodes[id].h,
                    &succ.action,
                    &succ.state,
                );
                let f2 = g2.saturating_add(h2);
                if bound.is_some_and(|b| f2 > b) {
                    beyond_bound = Some(beyond_bound.map_or(f2, |x| x.min(f2)));
                    continue;
                }
                if mon.full(nodes.len()) {
                    stop = Some((StopReason::MaxStates, Some(f)));
                    break;
                }
                let cid = nodes.len();
                index.insert(succ.state.clone(), cid);
                nodes.push(OptimalNode {
                    state: succ.state,
                    g: g2,
                    h: h2,
                    closed: false,
                    parents: vec![(id, succ.action, succ.cost)],
                });
                open.push((Reverse(f2), g2, cid));
            }
            buf.clear();
            if stop.is_some() {
                break;
            }
            mon.stats.max_frontier = mon.stats.max_frontier.max(open.len());
        }
        mon.stats.stored = nodes.len();
        let mut all = AllOptimal {
            outcome: Outcome::Exhausted,
            stats: Stats::default(),
            nodes,
            goals,
        };
        let outcome = match (stop, best) {
            (Some((reason, lower_bound)), _) => Outcome::Stopped {
                reason,
                lower_bound,
            },
            (None, Some(_)) => match all.solutions().next() {
                Some(first) => Outcome::Found(first),
                None => Outcome::Exhausted,
            },
            (None, None) => match beyond_bound {
                Some(f) => Outcome::Stopped {
                    reason: StopReason::CostBound,
                    lower_bound: Some(f),
                },
                None => Outcome::Exhausted,
            },
        };
        let result = mon.finish(outcome);
        all.outcome = result.outcome;
        all.stats = result.stats;
        if !matches!(all.outcome, Outcome::Found(_)) {
            all.goals.clear();
        }
        all
    }
}

impl<S: Clone, A: Clone, C: Cost> AllOptimal<S, A, C> {
    /// The optimal cost, if a solution was found.
    pub fn cost(&self) -> Option<C> {
        match &self.outcome {
            Outcome::Found(s) => Some(s.cost),
            _ => None,
        }
    }

    /// The number of optimal solutions (saturating at `u128::MAX`), counted over the
    /// links without listing them. Exact when every step cost is positive; where steps
    /// of cost zero form cycles, optimal walks are endless and a count of paths is not
    /// defined, so those cycles are not followed.
    pub fn count(&self) -> u128 {
        // paths from the start to each node through the kept links, in order of `g`
        // (every parent has a smaller or, with zero-cost steps, equal `g`)
        let mut memo: FxHashMap<usize, u128> = FxHashMap::default();
        self.goals.iter().fold(0u128, |acc, &goal| {
            acc.saturating_add(self.paths_to(goal, &mut memo))
        })
    }

    fn paths_to(&self, id: usize, memo: &mut FxHashMap<usize, u128>) -> u128 {
        if let Some(&n) = memo.get(&id) {
            return n;
        }
        // mark as in progress (zero) so that a cycle of zero-cost links counts nothing
        memo.insert(id, 0);
        let node = &self.nodes[id];
        let n = if id == 0 {
            1
        } else {
            node.parents.iter().fold(0u128, |acc, &(parent, _, _)| {
                acc.saturating_add(self.paths_to(parent, memo))
            })
        };
        memo.insert(id, n);
        n
    }

    /// Every optimal solution, one at a time, each a path without repeated states.
    pub fn solutions(&self) -> impl Iterator<Item = Solution<S, A, C>> + '_ {
        // depth-first over the links, backwards from each goal: (node, next parent to try)
        let mut goals = self.goals.iter();
        let mut stack: Vec<(usize, usize)> = Vec::new();
        std::iter::from_fn(move || loop {
            if stack.is_empty() {
                let &goal = goals.next()?;
                stack.push((goal, 0));
            }
            let &(id, _) = stack.last()?;
            if id == 0 {
                let solution = self.path(&stack);
                stack.pop();
                return Some(solution);
            }
            let (top, next) = stack.last_mut()?;
            let node = &self.nodes[*top];
            if *next >= node.parents.len() {
                stack.pop();
                continue;
            }
            let parent = node.parents[*next].0;
            *next += 1;
            // a path never repeats a state (only zero-cost cycles could make it)
            if !stack.iter().any(|&(on, _)| on == parent) {
                stack.push((parent, 0));
            }
        })
    }

    /// The solution along `stack`, from the start (its top) back to the goal (its bottom).
    fn path(&self, stack: &[(usize, usize)]) -> Solution<S, A, C> {
        let steps = stack
            .windows(2)
            .rev()
            .map(|w| {
                let (child, taken) = w[0];
                let (_, action, cost) = &self.nodes[child].parents[taken - 1];
                Step {
                    action: action.clone(),
                    state: self.nodes[child].state.clone(),
                    cost: *cost,
                }
            })
            .collect();
        Solution::from_steps(self.nodes[0].state.clone(), steps)
    }
}
