//! The iterative-deepening engine behind IDA* (threshold on `g + h`) and IDDFS (threshold
//! on depth). Memory is the current path only: one reusable successor buffer per depth, so
//! no allocation happens per node once the deepest path has been reached.

use super::frames::{self, Frame};
use super::ResultOf;
use crate::search::{CycleCheck, Limits, Monitor, Outcome, Solution, StopReason};
use crate::traits::{Cost, Expansion, Heuristic, Problem};

/// What the iteration threshold limits.
pub(crate) trait Metric<C> {
    type Value: Ord + Copy;
    fn value(g: C, h: C, depth: usize) -> Self::Value;
    /// The proven lower bound on the optimal cost while the threshold is `t`.
    fn lower_bound(t: Self::Value) -> Option<C>;
    /// Whether a negative step cost makes the answer wrong (then the search refuses it).
    const COSTS_MATTER: bool;
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
    const COSTS_MATTER: bool = true;
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
    const COSTS_MATTER: bool = false;
}

/// What an iterative-deepening search is told besides its problem, start and heuristic.
pub(crate) struct Setup<'s, 'a, C> {
    pub(crate) limits: &'s Limits<'a, C>,
    pub(crate) max_depth: Option<usize>,
    pub(crate) cycle_check: CycleCheck,
}

pub(crate) fn search<P, H, M, E>(
    problem: &P,
    start: P::State,
    heuristic: &H,
    setup: Setup<'_, '_, P::Cost>,
) -> ResultOf<P>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    M: Metric<P::Cost>,
    E: Expansion<P>,
{
    let zero = P::Cost::ZERO;
    let mut mon = Monitor::new(setup.limits);
    let cycle_check = setup.cycle_check;
    let cost_bound = mon.cost_bound();
    let max_depth = setup.max_depth;
    if problem.is_goal(&start) {
        return mon.finish(Outcome::Found(Solution::from_steps(start, Vec::new())));
    }
    let h0 = heuristic.estimate(&start);
    let mut threshold = M::value(zero, h0, 0);
    let mut frames: Vec<Frame<P::State, P::Action, P::Cost>> = Vec::new();
    // the smallest `g + h` left out for the cost bound, if any
    let mut beyond_bound: Option<P::Cost> = None;
    // whether a path was left out for the depth limit (then the bound says less)
    let mut depth_cut = false;
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
        frames::ready(&mut frames, 0, zero, h0);
        E::expand(problem, &start, E::empty(), &mut frames[0].children);
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
            if M::COSTS_MATTER && child.cost < zero {
                return mon.stopped(StopReason::NegativeCost, None);
            }
            let g2 = g.saturating_add(child.cost);
            let h2 = heuristic.estimate_child(parent, parent_h, &child.action, &child.state);
            if let Some(b) = cost_bound {
                let f2 = g2.saturating_add(h2);
                if f2 > b {
                    limited = Some(StopReason::CostBound);
                    beyond_bound = Some(beyond_bound.map_or(f2, |x| x.min(f2)));
                    continue;
                }
            }
            let value = M::value(g2, h2, depth);
            if value > threshold {
                next = Some(next.map_or(value, |n| n.min(value)));
                continue;
            }
            if problem.is_goal(&child.state) {
                mon.stats.stored = depth + 1;
                let solution = frames::solution(start, lower, child);
                return mon.finish(Outcome::Found(solution));
            }
            if max_depth.is_some_and(|m| depth >= m) {
                limited = Some(StopReason::MaxDepth);
                depth_cut = true;
                continue;
            }
            mon.stats.stored = depth + 1;
            if let Some(reason) = mon.check() {
                return mon.stopped(reason, M::lower_bound(threshold));
            }
            // Expand the child into the frame one level deeper.
            frames::ready(&mut frames, depth, g2, h2);
            let (lower, upper) = frames.split_at_mut(depth);
            let chosen = &lower[d].children.as_slice()[i];
            let set = E::after(problem, &chosen.action);
            E::expand(problem, &chosen.state, set, &mut upper[0].children);
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
                        // every path was cut by the cost bound or the depth limit; if only
                        // by the bound, the cheapest it left out is the cheapest possible
                        let lb = match beyond_bound {
                            Some(f) if !depth_cut => M::lower_bound(threshold).and(Some(f)),
                            _ => M::lower_bound(threshold),
                        };
                        mon.stopped(reason, lb)
                    }
                    None => mon.finish(Outcome::Exhausted),
                };
            }
        }
    }
}
