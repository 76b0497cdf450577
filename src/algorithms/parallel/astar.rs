//! What the two parallel A\* searches share: the nodes, the checks before the threads
//! start, and the outcome once they are done.

use super::shard::{trace, NodeRef, Shard};
use crate::algorithms::ResultOf;
use crate::search::{Monitor, Outcome, Solution, Stats, StopReason};
use crate::traits::{Cost, Heuristic, Problem};

/// What a node keeps besides its state and link.
#[derive(Clone, Copy)]
pub(crate) struct Meta<C> {
    pub(crate) g: C,
    pub(crate) h: C,
    pub(crate) closed: bool,
}

/// A node's path cost, for the shard indexes that keep it.
pub(crate) fn path_cost<C: Copy>(meta: &Meta<C>) -> C {
    meta.g
}

pub(crate) type ShardOf<P> = Shard<
    <P as Problem>::State,
    <P as Problem>::Action,
    <P as Problem>::Cost,
    Meta<<P as Problem>::Cost>,
>;

/// What a thread brings back besides its shards.
pub(crate) struct Report<C> {
    pub(crate) stats: Stats,
    /// The least `f` the cost bound left out.
    pub(crate) pruned: Option<C>,
    /// The least `f` (or `g`, where not estimated) of the states dropped when the search
    /// stopped.
    pub(crate) lost: Option<C>,
}

/// Notes `f` in `least`, which keeps the smallest noted.
pub(crate) fn note_least<C: Cost>(least: &mut Option<C>, f: C) {
    *least = Some(least.map_or(f, |l| l.min(f)));
}

/// Settles what needs no thread: a start that is a goal, no room for a state, a start
/// beyond the cost bound. Else hands back the monitor and the start with its estimate.
#[allow(clippy::type_complexity)]
pub(crate) fn before_start<'a, P, H>(
    problem: &P,
    start: P::State,
    heuristic: &H,
    mut mon: Monitor<'a, P::Cost>,
) -> Result<(Monitor<'a, P::Cost>, P::State, P::Cost), ResultOf<P>>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
{
    if problem.is_goal(&start) {
        mon.stats.stored = 1;
        return Err(mon.finish(Outcome::Found(Solution::from_steps(start, Vec::new()))));
    }
    if mon.max_states() == 0 {
        return Err(mon.stopped(StopReason::MaxStates, None));
    }
    let h0 = heuristic.estimate(&start);
    if mon.cost_bound().is_some_and(|b| h0 > b) {
        return Err(mon.stopped(StopReason::CostBound, Some(h0)));
    }
    Ok((mon, start, h0))
}

/// The outcome once the threads are done: the best solution if the search was not
/// stopped, else the reason with a lower bound, the least of `open()` (the least `f` of
/// the states left open, worked out only then), the best solution's cost, and what the
/// threads lost or pruned.
pub(crate) fn conclude<P: Problem + ?Sized>(
    mon: Monitor<'_, P::Cost>,
    shards: &[ShardOf<P>],
    reports: &[Report<P::Cost>],
    best: Option<(P::Cost, NodeRef)>,
    stopped: Option<StopReason>,
    open: impl FnOnce() -> Option<P::Cost>,
) -> ResultOf<P>
where
    P::State: Clone,
    P::Action: Clone,
{
    let pruned = reports.iter().filter_map(|r| r.pruned).min();
    let lost = reports.iter().filter_map(|r| r.lost).min();
    match stopped {
        None => match (best, pruned) {
            (Some((_, goal)), _) => mon.finish(Outcome::Found(trace(shards, goal, None))),
            (None, Some(f)) => mon.stopped(StopReason::CostBound, Some(f)),
            (None, None) => mon.finish(Outcome::Exhausted),
        },
        Some(reason) => {
            let least = [open(), best.map(|b| b.0), lost, pruned]
                .into_iter()
                .flatten()
                .min();
            mon.stopped(reason, least)
        }
    }
}
