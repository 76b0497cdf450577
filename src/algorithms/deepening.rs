//! The iterative-deepening engine behind IDA* (threshold on `g + h`) and IDDFS (threshold
//! on depth). Memory is the current path only: one reusable successor buffer per depth, so
//! no allocation happens per node once the deepest path has been reached.

use super::ResultOf;
use crate::search::{CycleCheck, Monitor, Options, Outcome, Solution, Step, StopReason};
use crate::traits::{Cost, Heuristic, Problem, Successor, Successors};

/// What the iteration threshold limits.
pub(crate) trait Metric<C> {
    type Value: Ord + Copy;
    fn value(g: C, h: C, depth: usize) -> Self::Value;
    /// The proven lower bound on the optimal cost while the threshold is `t`.
    fn lower_bound(t: Self::Value) -> Option<C>;
}

/// IDA*: the threshold bounds `f = g + h`.
pub(crate) struct FCost;
impl<C: Cost> Metric<C> for FCost {
    type Value = C;
    #[inline(always)]
    fn value(g: C, h: C, _: usize) -> C {
        g.saturating_add(h)
    }
    fn lower_bound(t: C) -> Option<C> {
        Some(t)
    }
}

/// IDDFS: the threshold bounds the number of actions.
pub(crate) struct Depth;
impl<C> Metric<C> for Depth {
    type Value = usize;
    #[inline(always)]
    fn value(_: C, _: C, depth: usize) -> usize {
        depth
    }
    fn lower_bound(_: usize) -> Option<C> {
        None
    }
}

struct Frame<S, A, C> {
    children: Successors<S, A, C>,
    next: usize,
    g: C,
    h: C,
}

impl<S, A, C> Frame<S, A, C> {
    /// The child this frame is currently exploring (the state one level deeper on the path).
    #[inline(always)]
    fn chosen(&self) -> &Successor<S, A, C> {
        &self.children.as_slice()[self.next - 1]
    }
}

pub(crate) fn search<P, H, M>(
    problem: &P,
    start: P::State,
    heuristic: &H,
    opts: Options<'_, P::Cost>,
) -> ResultOf<P>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    M: Metric<P::Cost>,
{
    let zero = P::Cost::ZERO;
    let mut mon = Monitor::new(opts);
    let cycle_check = mon.options().cycle_check;
    let cost_bound = mon.cost_bound();
    let max_depth = mon.max_depth();
    if problem.is_goal(&start) {
        return mon.finish(Outcome::Found(Solution {
            start,
            steps: Vec::new(),
            cost: zero,
        }));
    }
    let h0 = heuristic.estimate(&start);
    let mut threshold = M::value(zero, h0, 0);
    let mut frames: Vec<Frame<P::State, P::Action, P::Cost>> = Vec::new();
    mon.stats.iterations = 0;

    loop {
        mon.stats.iterations += 1;
        let mut next: Option<M::Value> = None;
        let mut limited: Option<StopReason> = None;
        mon.stats.stored = 1;
        if let Some(reason) = mon.check() {
            return mon.stopped(reason, M::lower_bound(threshold));
        }
        if max_depth == Some(0) {
            return mon.stopped(StopReason::MaxDepth, M::lower_bound(threshold));
        }
        if frames.is_empty() {
            frames.push(Frame {
                children: Successors::new(),
                next: 0,
                g: zero,
                h: zero,
            });
        }
        let root = &mut frames[0];
        root.children.clear();
        root.next = 0;
        root.g = zero;
        root.h = h0;
        problem.successors_after(&start, None, &mut root.children);
        mon.stats.expanded += 1;
        mon.stats.max_frontier = mon.stats.max_frontier.max(1);
        let mut depth = 1usize; // frames in use; frame d holds the children of path state d

        while depth > 0 {
            let d = depth - 1;
            let (lower, upper) = frames.split_at_mut(d);
            let frame = &mut upper[0];
            let i = frame.next;
            if i >= frame.children.len() {
                depth -= 1;
                continue;
            }
            frame.next = i + 1;
            mon.stats.generated += 1;
            let (g, parent_h) = (frame.g, frame.h);
            let child = &frame.children.as_slice()[i];
            let parent = if d == 0 {
                &start
            } else {
                &lower[d - 1].chosen().state
            };
            let cycle = match cycle_check {
                CycleCheck::Parent => match d {
                    0 => false,
                    1 => child.state == start,
                    _ => child.state == lower[d - 2].chosen().state,
                },
                CycleCheck::Path => {
                    child.state == start || lower.iter().any(|f| f.chosen().state == child.state)
                }
            };
            if cycle {
                mon.stats.duplicates += 1;
                continue;
            }
            let g2 = g.saturating_add(child.cost);
            let h2 = heuristic.estimate_child(parent, parent_h, &child.action, &child.state);
            if cost_bound.is_some_and(|b| g2.saturating_add(h2) > b) {
                limited = Some(StopReason::CostBound);
                continue;
            }
            let value = M::value(g2, h2, depth);
            if value > threshold {
                next = Some(next.map_or(value, |n| n.min(value)));
                continue;
            }
            if problem.is_goal(&child.state) {
                let steps: Vec<_> = lower
                    .iter()
                    .map(|f| f.chosen())
                    .chain(std::iter::once(child))
                    .map(|s| Step {
                        action: s.action.clone(),
                        state: s.state.clone(),
                        cost: s.cost,
                    })
                    .collect();
                let cost = steps.iter().fold(zero, |acc, s| acc.saturating_add(s.cost));
                mon.stats.stored = depth + 1;
                return mon.finish(Outcome::Found(Solution { start, steps, cost }));
            }
            if max_depth.is_some_and(|m| depth >= m) {
                limited = Some(StopReason::MaxDepth);
                continue;
            }
            mon.stats.stored = depth + 1;
            if let Some(reason) = mon.check() {
                return mon.stopped(reason, M::lower_bound(threshold));
            }
            // Expand the child into the frame one level deeper.
            if frames.len() == depth {
                frames.push(Frame {
                    children: Successors::new(),
                    next: 0,
                    g: zero,
                    h: zero,
                });
            }
            let (lower, upper) = frames.split_at_mut(depth);
            let deeper = &mut upper[0];
            deeper.children.clear();
            deeper.next = 0;
            deeper.g = g2;
            deeper.h = h2;
            let chosen = &lower[d].children.as_slice()[i];
            problem.successors_after(&chosen.state, Some(&chosen.action), &mut deeper.children);
            mon.stats.expanded += 1;
            depth += 1;
            mon.stats.max_frontier = mon.stats.max_frontier.max(depth);
        }

        match next {
            Some(t) => threshold = t,
            None => {
                mon.stats.stored = 0;
                return match limited {
                    Some(reason) => {
                        let lb = cost_bound.filter(|_| M::lower_bound(threshold).is_some());
                        mon.stopped(reason, lb.or(M::lower_bound(threshold)))
                    }
                    None => mon.finish(Outcome::Exhausted),
                };
            }
        }
    }
}
