//! Depth-first search.

use rustc_hash::FxHashMap;

use crate::search::{Monitor, Options, Outcome, SearchResult, Solution, Step, StopReason};
use crate::traits::{Cost, Problem, Successors};

/// One level of the path: the successors of its state, the index of the next one to try,
/// and the cost of the path to the state.
type Frame<S, A, C> = (Successors<S, A, C>, usize, C);

/// Depth-first search: finds *a* path, not necessarily a short or cheap one.
///
/// It remembers every state it has entered, so it never loops on a finite graph with
/// cycles and reports [`Outcome::Exhausted`] when no goal is reachable. With
/// [`Options::max_depth`] it ignores paths longer than the limit (a state is entered again
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
pub fn dfs<P>(problem: &P, start: P::State) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem + ?Sized,
{
    dfs_with(problem, start, Options::new())
}

/// [`dfs`] with [`Options`]: depth limit, memory bound, time limit, cancellation, progress.
///
/// # Examples
///
/// ```
/// use heurist::{FnProblem, Options, StopReason};
///
/// let line = FnProblem::new(|n: &u32| *n == 100, |n: &u32| [((), n + 1, 1u32)]);
/// let r = heurist::dfs_with(&line, 0, Options::new().max_depth(10));
/// assert_eq!(r.stop_reason(), Some(StopReason::MaxDepth));
/// ```
pub fn dfs_with<P>(
    problem: &P,
    start: P::State,
    opts: Options<'_, P::Cost>,
) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem + ?Sized,
{
    let zero = P::Cost::ZERO;
    let mut mon = Monitor::new(opts);
    let max_depth = mon.max_depth();
    let cost_bound = mon.cost_bound();
    if problem.is_goal(&start) {
        return mon.finish(Outcome::Found(Solution {
            start,
            steps: Vec::new(),
            cost: zero,
        }));
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
    frames.push((Successors::new(), 0, zero));
    problem.successors(&start, &mut frames[0].0);
    mon.stats.expanded += 1;
    let mut depth = 1;
    let chosen = |f: &Frame<P::State, P::Action, P::Cost>| f.0.as_slice()[f.1 - 1].clone();

    while depth > 0 {
        let frame = &mut frames[depth - 1];
        let i = frame.1;
        if i >= frame.0.len() {
            depth -= 1;
            continue;
        }
        frame.1 = i + 1;
        let g = frame.2;
        mon.stats.generated += 1;
        let child = &frame.0.as_slice()[i];
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
            let steps: Vec<_> = frames[..depth - 1]
                .iter()
                .map(chosen)
                .chain(std::iter::once(frames[depth - 1].0.as_slice()[i].clone()))
                .map(|s| Step {
                    action: s.action,
                    state: s.state,
                    cost: s.cost,
                })
                .collect();
            let cost = steps.iter().fold(zero, |acc, s| acc.saturating_add(s.cost));
            mon.stats.stored = entered.len();
            return mon.finish(Outcome::Found(Solution { start, steps, cost }));
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
        if frames.len() == depth {
            frames.push((Successors::new(), 0, zero));
        }
        let (lower, upper) = frames.split_at_mut(depth);
        let deeper = &mut upper[0];
        deeper.0.clear();
        deeper.1 = 0;
        deeper.2 = g2;
        problem.successors(&lower[depth - 1].0.as_slice()[i].state, &mut deeper.0);
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
