//! What the two parallel A\* searches ([`hda`](super::hda) and
//! [`batched`](super::batched)) share: their entry, with the checks before the threads
//! start, the nodes, and the outcome once they are done.

use std::sync::atomic::AtomicUsize;

use super::report::{note_least, Report};
use super::shard::{trace, NodeRef, Shard, ShardNode};
use super::{claim_room, SharedProblem, Threads};
use crate::algorithms::{ResultOf, StepOf};
use crate::search::{Limits, Monitor, OpenList, Outcome, Solution, Stats, StopReason};
use crate::traits::{Cost, Expansion, Heuristic, Problem, Successors};

/// What a node keeps besides its state and link.
#[derive(Clone, Copy)]
pub(crate) struct AStarMeta<C> {
    pub(crate) g: C,
    pub(crate) h: C,
    pub(crate) closed: bool,
}

/// A node's path cost, for the shard indexes that keep it.
pub(crate) fn path_cost<C: Copy>(meta: &AStarMeta<C>) -> C {
    meta.g
}

/// A node of a parallel A\*.
pub(crate) type NodeOf<P> = ShardNode<
    <P as Problem>::State,
    <P as Problem>::Action,
    <P as Problem>::Cost,
    AStarMeta<<P as Problem>::Cost>,
>;

pub(crate) type ShardOf<P> = Shard<
    <P as Problem>::State,
    <P as Problem>::Action,
    <P as Problem>::Cost,
    AStarMeta<<P as Problem>::Cost>,
>;

/// Which parallel A\* runs.
pub(crate) enum AStarEngine {
    /// Hash-distributed A\* ([`hda`](super::hda)), each thread with this kind of open list.
    Hda(OpenList),
    /// A\* in synchronous rounds ([`batched`](super::batched)).
    Batched,
}

/// What every thread of a parallel A\* runs with: what the problem, the heuristic and
/// the limits are, and what its threads share (`S`).
pub(crate) struct AStarWorker<'w, 'a, P: Problem + ?Sized, H: ?Sized, S> {
    pub(crate) problem: &'w P,
    pub(crate) heuristic: &'w H,
    pub(crate) shared: &'w S,
    pub(crate) limits: &'w Limits<'a, P::Cost>,
}

/// Expands `node`, reached at cost `g`, into `buf`, counting the expansion and the
/// successors in `stats`. Hands out the successors with their path costs, less those that
/// cannot beat the best solution's cost `best`; `None` where a step cost is negative, which
/// stops the search.
pub(crate) fn expand<'b, P, E>(
    problem: &P,
    (node, g): (&NodeOf<P>, P::Cost),
    best: Option<P::Cost>,
    buf: &'b mut Successors<P::State, P::Action, P::Cost>,
    stats: &mut Stats,
) -> Option<impl Iterator<Item = (StepOf<P>, P::Cost)> + 'b>
where
    P: Problem + ?Sized,
    E: Expansion<P>,
{
    stats.expanded += 1;
    let set = E::after_last(problem, node.link.as_ref().map(|l| &l.1));
    E::expand(problem, &node.state, set, buf);
    stats.generated += buf.len() as u64;
    if buf.iter().any(|s| s.cost < P::Cost::ZERO) {
        return None;
    }
    let successors = buf.drain().map(move |succ| {
        let g = g.saturating_add(succ.cost);
        (succ, g)
    });
    Some(successors.filter(move |&(_, g)| best.is_none_or(|b| g < b)))
}

/// What becomes of a state new to the thread that settles it.
pub(crate) enum Admit {
    /// Stored, and queued.
    Store,
    /// Left out: beyond the cost bound, or no better than the best solution.
    Drop,
    /// No room is left for it: the search stops.
    Full,
}

/// Whether a state new to its thread, at `f`, is stored: not beyond the cost `bound`
/// (noted in `pruned`), nor where it cannot beat the best solution's cost `best`, nor when
/// the budget of states is spent. A state stored takes one of the thread's `room`, which
/// claims more from the shared budget `shared_room` when it runs out.
pub(crate) fn admit<C: Cost>(
    f: C,
    bound: Option<C>,
    best: Option<C>,
    pruned: &mut Option<C>,
    room: &mut usize,
    shared_room: &AtomicUsize,
) -> Admit {
    if bound.is_some_and(|b| f > b) {
        note_least(pruned, f);
        return Admit::Drop;
    }
    if best.is_some_and(|b| f >= b) {
        return Admit::Drop;
    }
    if *room == 0 {
        *room = claim_room(shared_room);
        if *room == 0 {
            return Admit::Full;
        }
    }
    *room -= 1;
    Admit::Store
}

/// A search past the checks that need no thread: its monitor, its start and the start's
/// estimate.
pub(crate) struct Ready<'a, P: Problem + ?Sized> {
    pub(crate) mon: Monitor<'a, P::Cost>,
    pub(crate) start: P::State,
    pub(crate) h0: P::Cost,
}

/// Runs `engine` on `threads` threads under `limits`, once what needs no thread is settled:
/// a start that is a goal, no room for a state, a start beyond the cost bound.
pub(crate) fn search<P, H, E>(
    engine: AStarEngine,
    problem: &P,
    start: P::State,
    heuristic: &H,
    limits: &Limits<'_, P::Cost>,
    threads: Threads,
) -> ResultOf<P>
where
    P: SharedProblem + ?Sized,
    H: Heuristic<P> + Sync + ?Sized,
    E: Expansion<P>,
{
    let mut mon = Monitor::new(limits);
    if problem.is_goal(&start) {
        mon.stats.stored = 1;
        return mon.finish(Outcome::Found(Solution::from_steps(start, Vec::new())));
    }
    if mon.max_states() == 0 {
        return mon.stopped(StopReason::MaxStates, None);
    }
    let h0 = heuristic.estimate(&start);
    if mon.cost_bound().is_some_and(|b| h0 > b) {
        return mon.stopped(StopReason::CostBound, Some(h0));
    }
    let ready = Ready { mon, start, h0 };
    let threads = threads.get();
    match engine {
        AStarEngine::Hda(open_list) => {
            super::hda::search::<P, H, E>(problem, heuristic, ready, threads, open_list)
        }
        AStarEngine::Batched => {
            super::batched::search::<P, H, E>(problem, heuristic, ready, threads)
        }
    }
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
    let Report { pruned, lost, .. } = Report::combined(reports);
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
