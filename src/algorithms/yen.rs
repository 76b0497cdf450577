//! Yen's algorithm: the `k` cheapest loopless paths from a start to the goal states.
//!
//! A path here visits no state twice and ends at the first goal it reaches: a goal is the
//! end of a path, and what lies beyond it is not followed (as in every search of this
//! crate). Two paths are distinct when they visit different states; where a problem has
//! several actions from one state to the same next state, they are one edge, and a path
//! takes the cheapest of them. Step costs must not be negative.
//!
//! The first path is the cheapest one, found by Dijkstra's algorithm. Each next one comes
//! from the last path found: for each of its states but the goal (the *spur*), a Dijkstra
//! run searches from the spur to a goal without the states the path visits before the
//! spur, and without the steps out of the spur that the paths found so far take after the
//! same beginning. The beginning followed by the run's path is a candidate, and the
//! cheapest candidate not yet taken is the next path. (As Lawler observed, the spurs before
//! the state where a path leaves the one it was found from would only give candidates
//! found already, so they are skipped.) Ties between paths of equal cost are broken by the
//! order in which the candidates were found, so the answer is the same from one run to the
//! next.
//!
//! Cost: finding `k` paths of up to `n` states takes up to `k × n` Dijkstra runs, each as
//! costly as a search of the whole problem (the runs share nothing), and memory for one
//! run at a time plus the paths and candidates found.
//!
//! # Examples
//!
//! ```
//! use heurist::FnProblem;
//!
//! // Roads between four towns: the three ways from a to d, cheapest first.
//! let roads = |town: &char| match town {
//!     'a' => vec![('b', 1u32), ('c', 4)],
//!     'b' => vec![('c', 1), ('d', 5)],
//!     'c' => vec![('d', 1)],
//!     _ => vec![],
//! };
//! let map = FnProblem::with_costs(|town: &char| *town == 'd', roads);
//! let routes: Vec<(String, u32)> = heurist::yen(&map, 'a', 10)
//!     .into_iter()
//!     .map(|path| {
//!         let (towns, cost) = path.into_path();
//!         (towns.into_iter().collect(), cost)
//!     })
//!     .collect();
//! let expected = [("abcd", 3), ("acd", 5), ("abd", 6)].map(|(r, c)| (r.to_string(), c));
//! assert_eq!(routes, expected);
//! ```

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use rustc_hash::FxHashSet;

use super::best_first::{self, DijkstraPolicy, Setup};
use crate::search::{
    limit_methods, Limits, Monitor, OpenList, Outcome, Solution, Stats, Step, StopReason,
};
use crate::traits::{AllMoves, Cost, Problem, Successors, Zero};

/// The `k` cheapest loopless paths from `start` to a goal, cheapest first (fewer when
/// fewer exist).
///
/// A path here visits no state twice and ends at the first goal it reaches: a goal is the
/// end of a path, and what lies beyond it is not followed (as in every search of this
/// crate). Two paths are distinct when they visit different states; where a problem has
/// several actions from one state to the same next state, they are one edge, and a path
/// takes the cheapest of them. Step costs must not be negative.
///
/// The first path is the cheapest one, found by Dijkstra's algorithm. Each next one comes
/// from the last path found: for each of its states but the goal (the *spur*), a Dijkstra
/// run searches from the spur to a goal without the states the path visits before the
/// spur, and without the steps out of the spur that the paths found so far take after the
/// same beginning. The beginning followed by the run's path is a candidate, and the
/// cheapest candidate not yet taken is the next path. (As Lawler observed, the spurs before
/// the state where a path leaves the one it was found from would only give candidates
/// found already, so they are skipped.) Ties between paths of equal cost are broken by the
/// order in which the candidates were found, so the answer is the same from one run to the
/// next.
///
/// Cost: finding `k` paths of up to `n` states takes up to `k × n` Dijkstra runs, each as
/// costly as a search of the whole problem (the runs share nothing), and memory for one
/// run at a time plus the paths and candidates found.
///
/// Step costs must not be negative: a negative step stops the enumeration, and this
/// function returns the paths found before it; [`Yen::search`] says why it stopped.
///
/// # Examples
///
/// ```
/// use heurist::FnProblem;
///
/// // A 3x3 grid of cells, moving right or down, each step costing the cell entered.
/// let price = [[0u32, 1, 4], [2, 9, 1], [2, 2, 1]];
/// let grid = FnProblem::with_costs(
///     |&(r, c): &(usize, usize)| (r, c) == (2, 2),
///     |&(r, c): &(usize, usize)| {
///         [(r, c + 1), (r + 1, c)]
///             .into_iter()
///             .filter(|&(r, c)| r < 3 && c < 3)
///             .map(|(r, c)| ((r, c), price[r][c]))
///             .collect::<Vec<_>>()
///     },
/// );
/// let paths = heurist::yen(&grid, (0, 0), 3);
/// let costs: Vec<u32> = paths.iter().map(|p| p.cost).collect();
/// assert_eq!(costs, [7, 7, 12]); // down, down, right, right and right, right, down, down
/// assert!(paths.iter().all(|p| p.len() == 4 && *p.goal() == (2, 2)));
/// assert_eq!(heurist::yen(&grid, (0, 0), 100).len(), 6); // 4 choose 2 monotone paths
/// ```
pub fn yen<P>(problem: &P, start: P::State, k: usize) -> Vec<Solution<P::State, P::Action, P::Cost>>
where
    P: Problem + ?Sized,
{
    Yen::new().search(problem, start, k).paths
}

/// The configuration of [`yen`]: limits and the open list of its Dijkstra runs.
///
/// The limits bound the enumeration as a whole: the expansion limit counts the expansions
/// of every run together, the time limit and the deadline the whole enumeration, and the
/// cost bound leaves out the paths that cost more than it. The memory bound
/// ([`max_states`](Yen::max_states)) applies to each run, since one run at a time holds
/// its states. The progress callback is called between runs.
///
/// # Examples
///
/// ```
/// use heurist::{FnProblem, StopReason, Yen};
///
/// let roads = |town: &char| match town {
///     'a' => vec![('b', 1u32), ('c', 4)],
///     'b' => vec![('c', 1), ('d', 5)],
///     'c' => vec![('d', 1)],
///     _ => vec![],
/// };
/// let map = FnProblem::with_costs(|town: &char| *town == 'd', roads);
///
/// // All three paths: the enumeration is complete.
/// let all = Yen::new().search(&map, 'a', 10);
/// assert_eq!(all.paths.len(), 3);
/// assert!(all.is_complete());
/// println!("{}", all.stats); // `iterations` counts the Dijkstra runs
///
/// // Only the paths that cost at most 5: a dearer one was left out.
/// let cheap = Yen::new().cost_bound(5).search(&map, 'a', 10);
/// assert_eq!(cheap.paths.iter().map(|p| p.cost).collect::<Vec<_>>(), [3, 5]);
/// assert_eq!(cheap.stop_reason, Some(StopReason::CostBound));
///
/// // Too few expansions for even the first path.
/// let stopped = Yen::new().max_expansions(2).search(&map, 'a', 10);
/// assert!(stopped.paths.is_empty());
/// assert_eq!(stopped.stop_reason, Some(StopReason::MaxExpansions));
/// ```
#[derive(Clone, Debug)]
pub struct Yen<'a, C> {
    pub(crate) limits: Limits<'a, C>,
    pub(crate) open_list: OpenList,
}

impl<C> Default for Yen<'_, C> {
    fn default() -> Self {
        Yen {
            limits: Limits::new(),
            open_list: OpenList::default(),
        }
    }
}

impl<C> Yen<'_, C> {
    /// No limits, the default open list.
    pub fn new() -> Self {
        Self::default()
    }
}

impl<'a, C> Yen<'a, C> {
    limit_methods!();

    /// Which priority queue holds the frontier of each Dijkstra run (default
    /// [`OpenList::Buckets`]).
    pub fn open_list(mut self, open_list: OpenList) -> Self {
        self.open_list = open_list;
        self
    }

    /// The `k` cheapest loopless paths from `start` to a goal of `problem`, cheapest first,
    /// under this configuration's limits.
    pub fn search<P>(
        &self,
        problem: &P,
        start: P::State,
        k: usize,
    ) -> KShortestPaths<P::State, P::Action, P::Cost>
    where
        P: Problem<Cost = C> + ?Sized,
        C: Cost,
    {
        let mut runs = Runs::new(problem, &self.limits, self.open_list);
        let (paths, stopped) = enumerate(&mut runs, start, k);
        // a path left out for the cost bound matters only when fewer than `k` were found
        let cut = (runs.cut && paths.len() < k).then_some(StopReason::CostBound);
        let stats = runs.mon.finish::<(), ()>(Outcome::Exhausted).stats;
        KShortestPaths {
            paths,
            stop_reason: stopped.or(cut),
            stats,
        }
    }
}

/// What [`Yen::search`] found: the cheapest loopless paths in order of cost, whether the
/// enumeration was complete, and the counters of its Dijkstra runs.
///
/// # Examples
///
/// ```
/// use heurist::{FnProblem, Yen};
///
/// // Two ways from 0 to 3.
/// let p = FnProblem::with_costs(|n: &u8| *n == 3, |n: &u8| match n {
///     0 => vec![(1, 1u32), (2, 2)],
///     1 | 2 => vec![(3, 1)],
///     _ => vec![],
/// });
/// let found = Yen::new().search(&p, 0, 5);
/// assert!(found.is_complete()); // fewer than 5, because there are only 2
/// let paths: Vec<_> = found.paths.into_iter().map(|s| s.into_path()).collect();
/// assert_eq!(paths, [(vec![0, 1, 3], 2), (vec![0, 2, 3], 3)]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KShortestPaths<S, A, C> {
    /// The paths, cheapest first. When a limit stopped the enumeration, these are the
    /// cheapest paths (all of them proven so), though fewer than asked for.
    pub paths: Vec<Solution<S, A, C>>,
    /// The limit that stopped the enumeration before it found `k` paths or proved there
    /// are no more, if one did. [`StopReason::CostBound`] says that fewer than `k` paths
    /// cost at most the bound, and that the runs left paths out for the bound, so a
    /// dearer path may exist.
    pub stop_reason: Option<StopReason>,
    /// The counters of all the Dijkstra runs together: `iterations` is the number of runs,
    /// `stored` and `max_frontier` the most that one run held.
    pub stats: Stats,
}

impl<S, A, C> KShortestPaths<S, A, C> {
    /// Whether the enumeration was complete: it found the `k` paths asked for, or every
    /// loopless path there is. `false` when a limit stopped it.
    pub fn is_complete(&self) -> bool {
        self.stop_reason.is_none()
    }
}

/// The Yen loop: the paths found, in order, and the limit that stopped it, if one did.
#[allow(clippy::type_complexity)]
fn enumerate<P>(
    runs: &mut Runs<'_, '_, P>,
    start: P::State,
    k: usize,
) -> (
    Vec<Solution<P::State, P::Action, P::Cost>>,
    Option<StopReason>,
)
where
    P: Problem + ?Sized,
{
    let zero = P::Cost::ZERO;
    let mut paths = Vec::new();
    if k == 0 {
        return (paths, None);
    }
    let mut hidden = FxHashSet::default();
    let mut blocked = FxHashSet::default();
    let first = match runs.spur(&start, &hidden, &blocked, zero) {
        Ok(Some(steps)) => Solution::from_steps(start, steps),
        Ok(None) => return (paths, None),
        Err(reason) => return (paths, Some(reason)),
    };
    // the states of each path found, and of each path found or waiting as a candidate
    let mut routes: Vec<Vec<P::State>> = vec![first.states().cloned().collect()];
    let mut seen: FxHashSet<Vec<P::State>> = routes.iter().cloned().collect();
    paths.push(first);
    // where each path found leaves the path it was found from: its spur
    let mut deviations = vec![0];
    // candidates by cost, then by the order they were found in, with their spur
    let mut queue = BinaryHeap::new();
    let mut candidates = Vec::new();

    while paths.len() < k {
        let last = paths.len() - 1;
        let (route, path, from) = (&routes[last], &paths[last], deviations[last]);
        // the paths found that begin as `route` does up to the spur
        let mut sharing: Vec<usize> = (0..=last).collect();
        hidden.clear();
        let mut root_cost = zero;
        for (i, spur) in route.iter().enumerate().take(route.len() - 1) {
            sharing.retain(|&j| routes[j].get(i) == Some(spur));
            // (Lawler) a spur before `from` would only give candidates found already
            if i >= from {
                blocked.clear();
                blocked.extend(
                    sharing
                        .iter()
                        .filter_map(|&j| routes[j].get(i + 1).cloned()),
                );
                match runs.spur(spur, &hidden, &blocked, root_cost) {
                    Ok(Some(tail)) => {
                        let steps = path.steps[..i].iter().cloned().chain(tail).collect();
                        let candidate = Solution::from_steps(route[0].clone(), steps);
                        if seen.insert(candidate.states().cloned().collect()) {
                            queue.push(Reverse((candidate.cost, candidates.len())));
                            candidates.push(Some((candidate, i)));
                        }
                    }
                    Ok(None) => {}
                    Err(reason) => return (paths, Some(reason)),
                }
            }
            hidden.insert(spur.clone());
            root_cost = root_cost.saturating_add(path.steps[i].cost);
        }
        let Some((next, spur)) = queue
            .pop()
            .and_then(|Reverse((_, at))| candidates[at].take())
        else {
            break; // every loopless path has been found
        };
        routes.push(next.states().cloned().collect());
        paths.push(next);
        deviations.push(spur);
    }
    (paths, None)
}

/// The Dijkstra runs of one enumeration: the limits they share and their counters.
struct Runs<'p, 'a, P: Problem + ?Sized> {
    problem: &'p P,
    /// The enumeration's limits and counters, polled between runs.
    mon: Monitor<'a, P::Cost>,
    /// The limits of the next run: what is left of the expansion limit, the memory bound,
    /// the cost bound, the deadline and the cancel token.
    each: Limits<'a, P::Cost>,
    max_expansions: Option<u64>,
    open_list: OpenList,
    /// Whether a run left a path out for the cost bound.
    cut: bool,
    buf: Successors<P::State, P::Action, P::Cost>,
}

impl<'p, 'a, P: Problem + ?Sized> Runs<'p, 'a, P> {
    fn new(problem: &'p P, limits: &Limits<'a, P::Cost>, open_list: OpenList) -> Self {
        let mut mon = Monitor::new(limits);
        mon.stats.iterations = 0;
        let mut each = Limits::new();
        each.max_states = limits.max_states;
        each.cost_bound = limits.cost_bound;
        each.deadline = mon.deadline();
        each.cancel = limits.cancel.clone();
        Runs {
            problem,
            mon,
            each,
            max_expansions: limits.max_expansions,
            open_list,
            cut: false,
            buf: Successors::new(),
        }
    }

    /// The steps of the cheapest path from `spur` to a goal that avoids the `hidden` states
    /// and does not step from the spur into a `blocked` one; `Ok(None)` when there is none
    /// (within the cost bound), `Err` with the limit that stopped the run. `root_cost` is
    /// the cost of the path into the spur.
    #[allow(clippy::type_complexity)]
    fn spur(
        &mut self,
        spur: &P::State,
        hidden: &FxHashSet<P::State>,
        blocked: &FxHashSet<P::State>,
        root_cost: P::Cost,
    ) -> Result<Option<Vec<Step<P::State, P::Action, P::Cost>>>, StopReason> {
        if let Some(reason) = self.mon.check() {
            return Err(reason);
        }
        let done = self.mon.stats.expanded;
        self.each.max_expansions = self.max_expansions.map(|m| m.saturating_sub(done));
        // with a cost bound, the steps out of the spur cost `root_cost` more, so that the
        // run bounds the cost of the whole path
        let offset = if self.each.cost_bound.is_some() {
            root_cost
        } else {
            P::Cost::ZERO
        };
        let view = SpurView {
            problem: self.problem,
            spur,
            hidden,
            blocked,
            offset,
        };
        let setup = Setup {
            limits: &self.each,
            open_list: self.open_list,
        };
        let run = best_first::search::<_, _, _, AllMoves>(
            &view,
            spur.clone(),
            &Zero,
            DijkstraPolicy,
            setup,
        );
        add(&mut self.mon.stats, &run.stats);
        match run.outcome {
            Outcome::Found(found) => {
                let mut steps = found.steps;
                if offset != P::Cost::ZERO {
                    self.undo_offset(spur, &mut steps);
                }
                Ok(Some(steps))
            }
            Outcome::Exhausted => Ok(None),
            Outcome::Stopped {
                reason: StopReason::CostBound,
                ..
            } => {
                self.cut = true;
                Ok(None)
            }
            Outcome::Stopped { reason, .. } => Err(reason),
        }
    }

    /// Gives the first step of a run's path, out of `spur`, its own cost again: that of the
    /// cheapest step from the spur to the same state (the one the run took).
    fn undo_offset(&mut self, spur: &P::State, steps: &mut [Step<P::State, P::Action, P::Cost>]) {
        let Some(first) = steps.first_mut() else {
            return;
        };
        self.problem.successors(spur, &mut self.buf);
        let own = self.buf.iter().filter(|s| s.state == first.state);
        if let Some(cost) = own.map(|s| s.cost).min() {
            first.cost = cost;
        }
        self.buf.clear();
    }
}

/// Adds the counters of one run to those of the enumeration.
fn add(total: &mut Stats, run: &Stats) {
    total.expanded += run.expanded;
    total.generated += run.generated;
    total.duplicates += run.duplicates;
    total.reopened += run.reopened;
    total.iterations += 1;
    total.max_frontier = total.max_frontier.max(run.max_frontier);
    total.stored = total.stored.max(run.stored);
}

/// The problem as a spur run sees it: without the `hidden` states, and without the steps
/// from the spur into the `blocked` ones; the steps out of the spur cost `offset` more.
struct SpurView<'v, P: Problem + ?Sized> {
    problem: &'v P,
    spur: &'v P::State,
    hidden: &'v FxHashSet<P::State>,
    blocked: &'v FxHashSet<P::State>,
    offset: P::Cost,
}

impl<P: Problem + ?Sized> Problem for SpurView<'_, P> {
    type State = P::State;
    type Action = P::Action;
    type Cost = P::Cost;

    #[inline]
    fn is_goal(&self, state: &P::State) -> bool {
        self.problem.is_goal(state)
    }

    fn successors(&self, state: &P::State, out: &mut Successors<P::State, P::Action, P::Cost>) {
        self.problem.successors(state, out);
        let zero = P::Cost::ZERO;
        if state == self.spur {
            out.retain(|s| {
                // a negative step keeps its cost, for the run to refuse it
                if self.offset != zero && s.cost >= zero {
                    s.cost = self.offset.saturating_add(s.cost);
                }
                !self.blocked.contains(&s.state) && !self.hidden.contains(&s.state)
            });
        } else if !self.hidden.is_empty() {
            out.retain(|s| !self.hidden.contains(&s.state));
        }
    }
}
