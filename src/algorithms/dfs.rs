//! Depth-first search.

use rustc_hash::FxHashMap;

use super::frames::{self, Frame};
use super::ResultOf;
use crate::search::{limit_methods, Limits, Monitor, Outcome, Solution, StopReason};
use crate::traits::{Cost, Problem};

/// Depth-first search: finds *a* path, not necessarily a short or cheap one.
///
/// It remembers every state it has entered, so it never loops on a finite graph with
/// cycles and reports [`Outcome::Exhausted`] when no goal is reachable. With
/// [`Dfs::max_depth`] it ignores paths longer than the limit (a state is entered again
/// when reached by a shorter path, so every goal within the limit is found).
///
/// Memory: every reached state, plus the current path.
///
/// # Examples
///
/// ```
/// use heurist::FnProblem;
///
/// // Move on a 10-cycle in either direction until reaching 7.
/// let ring = FnProblem::new(|n: &u8| *n == 7, |n: &u8| [(1i8, (n + 1) % 10, 1u32), (-1, (n + 9) % 10, 1)]);
/// let sol = heurist::dfs(&ring, 0).into_solution().unwrap();
/// assert_eq!(*sol.goal(), 7);
/// assert_eq!(sol.len(), 7); // it went round the long way first: 0, 1, ..., 7
/// ```
pub fn dfs<P>(problem: &P, start: P::State) -> ResultOf<P>
where
    P: Problem + ?Sized,
{
    Dfs::new().search(problem, start)
}

/// The configuration of [`dfs`]: depth limit and limits.
///
/// # Examples
///
/// ```
/// use heurist::{Dfs, FnProblem, StopReason};
///
/// let line = FnProblem::new(|n: &u32| *n == 100, |n: &u32| [((), n + 1, 1u32)]);
/// let r = Dfs::new().max_depth(10).search(&line, 0);
/// assert_eq!(r.stop_reason(), Some(StopReason::MaxDepth));
/// ```
#[derive(Clone, Debug)]
pub struct Dfs<'a, C> {
    pub(crate) limits: Limits<'a, C>,
    pub(crate) max_depth: Option<usize>,
}

impl<C> Default for Dfs<'_, C> {
    fn default() -> Self {
        Dfs {
            limits: Limits::new(),
            max_depth: None,
        }
    }
}

impl<C> Dfs<'_, C> {
    /// No limits.
    pub fn new() -> Self {
        Self::default()
    }
}

impl<'a, C> Dfs<'a, C> {
    limit_methods!();

    /// Leave out paths of more than `depth` actions (a state is entered again when reached
    /// by a shorter path, so every goal within the limit is found).
    pub fn max_depth(mut self, depth: usize) -> Self {
        self.max_depth = Some(depth);
        self
    }

    /// Runs depth-first search on `problem` from `start`.
    pub fn search<P>(&self, problem: &P, start: P::State) -> ResultOf<P>
    where
        P: Problem<Cost = C> + ?Sized,
        C: crate::traits::Cost,
    {
        search(problem, start, &self.limits, self.max_depth)
    }
}

fn search<P>(
    problem: &P,
    start: P::State,
    limits: &Limits<'_, P::Cost>,
    max_depth: Option<usize>,
) -> ResultOf<P>
where
    P: Problem + ?Sized,
{
    let zero = P::Cost::ZERO;
    let mut mon = Monitor::new(limits);
    let cost_bound = mon.cost_bound();
    if problem.is_goal(&start) {
        return mon.finish(Outcome::Found(Solution::from_steps(start, Vec::new())));
    }
    // State -> smallest depth at which it was entered.
    let mut entered: FxHashMap<P::State, usize> = FxHashMap::default();
    entered.insert(start.clone(), 0);
    let mut frames: Vec<Frame<P::State, P::Action, P::Cost>> = Vec::new();
    let mut limited = None;
    if max_depth == Some(0) {
        return mon.stopped(StopReason::MaxDepth, None);
    }
    mon.stats.stored = entered.len();
    if let Some(reason) = mon.check() {
        return mon.stopped(reason, None);
    }
    frames::ready(&mut frames, 0, zero, zero);
    problem.successors(&start, &mut frames[0].children);
    mon.stats.expanded += 1;
    let mut depth = 1;

    while depth > 0 {
        let (lower, upper) = frames.split_at_mut(depth - 1);
        let frame = &mut upper[0];
        let i = frame.next;
        if i >= frame.children.len() {
            depth -= 1;
            continue;
        }
        frame.next = i + 1;
        let g = frame.g;
        mon.stats.generated += 1;
        let child = &frame.children.as_slice()[i];
        let child_depth = depth;
        let seen = entered.get(&child.state).copied();
        if seen.is_some_and(|d| max_depth.is_none() || d <= child_depth) {
            mon.stats.duplicates += 1;
            continue;
        }
        let g2 = g.saturating_add(child.cost);
        if cost_bound.is_some_and(|b| g2 > b) {
            limited = Some(StopReason::CostBound);
            continue;
        }
        if problem.is_goal(&child.state) {
            mon.stats.stored = entered.len();
            let solution = frames::solution(start, lower, child);
            return mon.finish(Outcome::Found(solution));
        }
        if seen.is_none() && mon.full(entered.len()) {
            mon.stats.stored = entered.len();
            return mon.stopped(StopReason::MaxStates, None);
        }
        entered.insert(child.state.clone(), child_depth);
        if max_depth.is_some_and(|m| child_depth >= m) {
            limited = Some(StopReason::MaxDepth);
            continue;
        }
        mon.stats.stored = entered.len();
        if let Some(reason) = mon.check() {
            return mon.stopped(reason, None);
        }
        frames::ready(&mut frames, depth, g2, zero);
        let (lower, upper) = frames.split_at_mut(depth);
        problem.successors(&lower[depth - 1].chosen().state, &mut upper[0].children);
        mon.stats.expanded += 1;
        depth += 1;
        mon.stats.max_frontier = mon.stats.max_frontier.max(depth);
    }
    mon.stats.stored = entered.len();
    match limited {
        Some(reason) => mon.stopped(reason, None),
        None => mon.finish(Outcome::Exhausted),
    }
}
