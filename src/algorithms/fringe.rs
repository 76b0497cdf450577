//! Fringe search (Björnsson, Enzenberger, Holte and Schaeffer, 2005).

use std::marker::PhantomData;

use super::ResultOf;
use crate::collections::{Arena, Lookup};
use crate::search::{limit_methods, Limits, Monitor, Outcome, StopReason};
use crate::traits::{AllMoves, Cost, Expansion, Heuristic, Problem, Successors};

/// Fringe search: IDA*'s rising thresholds on `f = g + h`, but each iteration resumes from
/// the fringe the last one left (the states whose `f` exceeded its threshold) instead of
/// walking the tree again from the start, and every reached state is stored once.
///
/// Each iteration takes the *now* list state by state: a state whose `f` is within the
/// threshold is expanded (and its new or improved successors are taken next), one beyond
/// it goes to the *later* list. When *now* is empty, the smallest `f` seen in *later*
/// becomes the threshold, and the states of *later* within it become *now*, the deepest
/// (largest `g`) first: the tie-break of A*, which on the last threshold heads for the goal
/// instead of combing the states of equal `f` in the order they were deferred. The states
/// are kept in an arena keyed by state (path cost, estimate, parent link), so a state
/// reached again by a cheaper path is taken up again with the new cost, expanded or not
/// (counted in [`Stats::reopened`](crate::Stats) when it had been). Where A* keeps its
/// whole frontier in a priority queue, fringe search appends to two lists, passes the
/// deferred states on at each threshold (by their entry alone) and sorts only those a new
/// threshold admits.
///
/// With an admissible heuristic the solution is optimal, also when the heuristic is
/// inconsistent. Goals are recognised when expanded. Step costs must not be negative: a
/// negative step the search generates stops it with
/// [`StopReason::NegativeCost`](crate::StopReason). The estimate of a new state is computed
/// once, with [`Heuristic::estimate_child`].
///
/// The heuristic is a closure here; [`Fringe`] takes any [`Heuristic`], limits and move
/// pruning.
///
/// # Examples
///
/// ```
/// use heurist::FnProblem;
///
/// // From 0 to 37 by steps of +1, -1 (cost 1) or +10 (cost 4).
/// let p = FnProblem::new(|n: &i64| *n == 37, |n: &i64| [(1, n + 1, 1u64), (-1, n - 1, 1), (10, n + 10, 4)]);
/// let h = |n: &i64| (37 - n).unsigned_abs() / 10 * 4;
/// let result = heurist::fringe(&p, 0, h);
/// assert_eq!(result.cost(), Some(19)); // 3 × 10 + 7 × 1
/// assert_eq!(result.cost(), heurist::astar(&p, 0, h).cost());
/// println!("{}", result.stats); // iterations: the thresholds tried
/// ```
pub fn fringe<P, F>(problem: &P, start: P::State, heuristic: F) -> ResultOf<P>
where
    P: Problem + ?Sized,
    F: Fn(&P::State) -> P::Cost,
{
    Fringe::new().search(problem, start, heuristic)
}

/// The configuration of [`fringe`]: limits, move pruning.
///
/// [`Stats::iterations`](crate::Stats) counts the thresholds tried. When stopped by a
/// limit, the result carries a proven lower bound on the optimal cost (the current
/// threshold, or under a cost bound the smallest `f` left out), valid when the heuristic is
/// admissible.
///
/// # Examples
///
/// ```
/// use heurist::{FnProblem, Fringe, StopReason};
///
/// let p = FnProblem::new(|n: &i64| *n == 37, |n: &i64| [(1, n + 1, 1u64), (-1, n - 1, 1), (10, n + 10, 4)]);
/// let h = |n: &i64| (37 - n).unsigned_abs() / 10 * 4;
///
/// let stopped = Fringe::new().max_expansions(3).search(&p, 0, h);
/// assert_eq!(stopped.stop_reason(), Some(StopReason::MaxExpansions));
/// assert!(stopped.lower_bound().unwrap() <= 19);
///
/// let bounded = Fringe::new().cost_bound(18).search(&p, 0, h);
/// assert_eq!(bounded.lower_bound(), Some(19)); // proven: nothing costs 18 or less
/// ```
#[derive(Clone, Debug)]
pub struct Fringe<'a, C, E = AllMoves> {
    limits: Limits<'a, C>,
    expansion: PhantomData<E>,
}

impl<C> Default for Fringe<'_, C> {
    fn default() -> Self {
        Fringe {
            limits: Limits::new(),
            expansion: PhantomData,
        }
    }
}

impl<C> Fringe<'_, C> {
    /// No limits, every successor.
    pub fn new() -> Self {
        Self::default()
    }
}

impl<'a, C, E> Fringe<'a, C, E> {
    limit_methods!();

    super::expansion_methods!(
        /// Expand each state without the successors that the action on the best path found to
        /// it makes redundant ([`MovePruning`](crate::MovePruning)); the search stays optimal.
        Fringe { limits }
    );

    /// Runs fringe search on `problem` from `start`, guided by `heuristic`.
    pub fn search<P, H>(&self, problem: &P, start: P::State, heuristic: H) -> ResultOf<P>
    where
        P: Problem<Cost = C> + ?Sized,
        C: Cost,
        H: Heuristic<P>,
        E: Expansion<P>,
    {
        run::<P, H, E>(problem, start, &heuristic, &self.limits)
    }
}

/// What fringe search keeps per state besides the arena's flag, which says whether the
/// state has been expanded with its current path cost.
struct FringeMeta<C> {
    g: C,
    h: C,
}

/// An entry of the now or later list: a node and its `f` when listed. A node whose path
/// cost fell since is listed again with its new, smaller `f`; the old entry, whose `f` no
/// longer matches the node's, is dropped when it comes up (its `f` alone decides whether it
/// is deferred, so an entry beyond the threshold is passed on without reading its node).
#[derive(Clone, Copy)]
struct FringeEntry<C> {
    id: u32,
    f: C,
}

fn run<P, H, E>(
    problem: &P,
    start: P::State,
    heuristic: &H,
    limits: &Limits<'_, P::Cost>,
) -> ResultOf<P>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    E: Expansion<P>,
{
    let zero = P::Cost::ZERO;
    let mut mon = Monitor::new(limits);
    let bound = mon.cost_bound();
    let h0 = heuristic.estimate(&start);
    // (a start that is a goal is found below, whatever its estimate)
    if bound.is_some_and(|b| h0 > b) && !problem.is_goal(&start) {
        return mon.stopped(StopReason::CostBound, Some(h0));
    }
    let mut arena = Arena::new();
    let mut buf = Successors::new();
    let mut looks = Vec::new();
    // the smallest `f` left out for the cost bound, if any
    let mut pruned: Option<P::Cost> = None;
    let first = arena.insert_start(start, FringeMeta { g: zero, h: h0 });
    let mut now = vec![FringeEntry {
        id: first as u32,
        f: h0,
    }];
    let mut later: Vec<FringeEntry<P::Cost>> = Vec::new();
    let mut threshold = h0;
    // states listed and not expanded with their current path cost
    let mut open_len = 1usize;
    mon.stats.max_frontier = 1;

    // the smallest `f` beyond the threshold
    let mut next: Option<P::Cost> = None;
    let mut spare: Vec<FringeEntry<P::Cost>> = Vec::new();
    loop {
        while let Some(entry) = now.pop() {
            if entry.f > threshold {
                next = Some(next.map_or(entry.f, |n| n.min(entry.f)));
                later.push(entry);
                continue;
            }
            let id = entry.id as usize;
            let (g, h) = (arena.data(id).g, arena.data(id).h);
            if arena.mark(id) || g.saturating_add(h) != entry.f {
                continue; // expanded already, or listed again with a smaller cost
            }
            if problem.is_goal(arena.state(id)) {
                mon.stats.stored = arena.len();
                return mon.finish(Outcome::Found(arena.solution(id)));
            }
            mon.stats.stored = arena.len();
            if let Some(reason) = mon.check() {
                return mon.stopped(reason, Some(threshold));
            }
            arena.set_mark(id, true);
            open_len -= 1;
            mon.stats.expanded += 1;
            let set = E::after_last(problem, arena.last_action(id));
            E::expand(problem, arena.state(id), set, &mut buf);
            if buf.iter().any(|s| s.cost < zero) {
                mon.stats.stored = arena.len();
                return mon.stopped(StopReason::NegativeCost, None);
            }
            arena.lookup_ahead(id, buf.iter().map(|s| &s.state), &mut looks);
            let children = now.len();
            let mut inserted = false;
            for (i, succ) in buf.drain().enumerate() {
                mon.stats.generated += 1;
                let g2 = g.saturating_add(succ.cost);
                let (_, look) = arena.resolve(&looks, i, inserted, &succ.state);
                let (cid, f2) = match look {
                    Lookup::Found(cid) => {
                        let (cm, closed) = arena.data_and_mark(cid);
                        if g2 >= cm.g {
                            mon.stats.duplicates += 1;
                            continue;
                        }
                        cm.g = g2;
                        let f2 = g2.saturating_add(cm.h);
                        if *closed {
                            *closed = false;
                            mon.stats.reopened += 1;
                            open_len += 1;
                        }
                        arena.relink(cid, id, succ.action, succ.cost);
                        (cid, f2)
                    }
                    Lookup::Vacant(at) => {
                        let h2 =
                            heuristic.estimate_child(arena.state(id), h, &succ.action, &succ.state);
                        let f2 = g2.saturating_add(h2);
                        if bound.is_some_and(|b| f2 > b) {
                            pruned = Some(pruned.map_or(f2, |p| p.min(f2)));
                            continue;
                        }
                        if mon.full(arena.len()) || arena.is_full() {
                            mon.stats.stored = arena.len();
                            return mon.stopped(StopReason::MaxStates, Some(threshold));
                        }
                        let meta = FringeMeta { g: g2, h: h2 };
                        let link = Some((succ.action, succ.cost));
                        let cid = arena.insert(at, succ.state, id, link, meta);
                        inserted = true;
                        open_len += 1;
                        (cid, f2)
                    }
                };
                let entry = FringeEntry {
                    id: cid as u32,
                    f: f2,
                };
                if f2 > threshold {
                    next = Some(next.map_or(f2, |n| n.min(f2)));
                    later.push(entry);
                } else {
                    now.push(entry);
                }
            }
            // the children are taken next, from one chosen by the parent's id: a fixed
            // spread, which on grids of many equal paths keeps the search from following
            // one wall into every dead end (as A*'s bucket queue spreads its ties)
            let kids = &mut now[children..];
            if kids.len() > 1 {
                let k = (id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32;
                kids.rotate_left(k as usize % kids.len());
            }
            mon.stats.max_frontier = mon.stats.max_frontier.max(open_len);
        }
        let Some(t) = next.take() else { break };
        threshold = t;
        mon.stats.iterations += 1;
        // the deferred states within the new threshold are taken up, the deepest first (as
        // A* breaks ties between equal `f`, which on the last threshold heads for the goal);
        // the others stay deferred
        std::mem::swap(&mut later, &mut spare);
        for entry in spare.drain(..) {
            if entry.f > threshold {
                next = Some(next.map_or(entry.f, |n| n.min(entry.f)));
                later.push(entry);
            } else {
                now.push(entry);
            }
        }
        now.sort_unstable_by_key(|e| (arena.data(e.id as usize).g, e.id));
    }
    mon.stats.stored = arena.len();
    match pruned {
        Some(f) => mon.stopped(StopReason::CostBound, Some(f)),
        None => mon.finish(Outcome::Exhausted),
    }
}
