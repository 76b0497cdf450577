//! The best-first search engine behind Dijkstra, A*, weighted A* and greedy search.

use std::cmp::Reverse;

use super::ResultOf;
use super::Workspace;
use crate::collections::{
    Arena, ChosenFrontier, DenseTable, Frontier, Lookup, NodeIndex, NodeStore,
};
use crate::search::{Limits, Monitor, OpenList, Outcome, StopReason};
use crate::traits::{Cost, DenseIndex, Expansion, Heuristic, OrderedF64, Problem, Successors};

/// How a best-first search orders its frontier (the largest key is expanded first).
pub(crate) trait Policy<C: Cost> {
    type Key: Ord + Copy;
    /// Whether a closed state reached again by a cheaper path is expanded again.
    const REOPEN: bool;
    /// Whether `g + h` of the state being expanded is a lower bound on the optimal cost
    /// (given an admissible heuristic).
    const OPTIMAL: bool;
    /// Whether a negative step cost makes the answer wrong (then the search refuses it).
    const COSTS_MATTER: bool = true;
    /// What a node keeps of its estimate: the estimate (`C`), or nothing (`()`) for a
    /// policy whose estimate is always zero, which saves its bytes in every node.
    type Kept: Copy + Kept<C>;
    fn key(&self, g: C, h: C, id: usize) -> Self::Key;
    /// Whether the bucket queue draws among entries of equal keys rather than taking the
    /// last pushed.
    const SPREAD: bool = false;
    /// The bucket of `key` in a [`BucketFrontier`], if its costs are small integers.
    #[inline]
    fn bucket(_key: &Self::Key) -> Option<(usize, usize)> {
        None
    }
}

/// A node's estimate as a policy keeps it.
pub(crate) trait Kept<C>: Sized {
    /// Whether [`estimate`](Kept::estimate) gives back the estimate kept.
    const KEEPS: bool;
    fn keep(h: C) -> Self;
    fn estimate(self) -> C;
    /// Where `workspace` keeps the nodes of a search that keeps this.
    fn nodes<S, A>(workspace: &mut Workspace<S, A, C>) -> &mut NodeStore<S, A, C, Meta<C, Self>>;
}

impl<C: Cost> Kept<C> for C {
    const KEEPS: bool = true;
    #[inline(always)]
    fn keep(h: C) -> C {
        h
    }
    #[inline(always)]
    fn estimate(self) -> C {
        self
    }
    fn nodes<S, A>(workspace: &mut Workspace<S, A, C>) -> &mut NodeStore<S, A, C, Meta<C, C>> {
        &mut workspace.estimated
    }
}

/// Nothing kept: the estimate is zero.
impl<C: Cost> Kept<C> for () {
    const KEEPS: bool = false;
    #[inline(always)]
    fn keep(_: C) {}
    #[inline(always)]
    fn estimate(self) -> C {
        C::ZERO
    }
    fn nodes<S, A>(workspace: &mut Workspace<S, A, C>) -> &mut NodeStore<S, A, C, Meta<C, ()>> {
        &mut workspace.unestimated
    }
}

/// `c` as an index, if it is a small non-negative whole number (of any [`Cost`] type,
/// `OrderedF64` included): the bucket queue files such costs directly.
#[inline(always)]
pub(crate) fn small<C: Cost>(c: C) -> Option<usize> {
    c.to_index()
}

/// A*: smallest `f = g + h` first, larger `g` among equal `f` (the state nearer the goal by
/// its estimate), then (in the heaps) the newer node, larger id, or (in the buckets) an
/// entry drawn by a seeded generator: on grids, with a great many states of equal `f` and
/// `g`, taking the newest hugs walls and walks into dead ends, where a spread choice
/// expands a fraction of the states.
pub(crate) struct AStarPolicy;

impl<C: Cost> Policy<C> for AStarPolicy {
    type Key = (Reverse<C>, C, u32);
    type Kept = C;
    const REOPEN: bool = true;
    const OPTIMAL: bool = true;
    const SPREAD: bool = true;
    #[inline]
    fn key(&self, g: C, h: C, id: usize) -> Self::Key {
        (Reverse(g.saturating_add(h)), g, id as u32)
    }
    #[inline]
    fn bucket(&(Reverse(f), g, _): &Self::Key) -> Option<(usize, usize)> {
        Some((small(f)?, small(g)?))
    }
}

/// Dijkstra: smallest `g` first (the heuristic is zero, so `f = g`; nodes keep no estimate).
pub(crate) struct DijkstraPolicy;

impl<C: Cost> Policy<C> for DijkstraPolicy {
    type Key = Reverse<C>;
    type Kept = ();
    const REOPEN: bool = true;
    const OPTIMAL: bool = true;
    #[inline]
    fn key(&self, g: C, h: C, _id: usize) -> Self::Key {
        Reverse(g.saturating_add(h))
    }
    #[inline]
    fn bucket(&Reverse(g): &Self::Key) -> Option<(usize, usize)> {
        Some((small(g)?, 0))
    }
}

/// Weighted A*: smallest `g + w·h` first (computed in `f64`), larger `g` among equals.
pub(crate) struct WeightedPolicy(pub(crate) f64);

impl<C: Cost> Policy<C> for WeightedPolicy {
    type Key = (Reverse<OrderedF64>, C, u32);
    type Kept = C;
    const REOPEN: bool = true;
    const OPTIMAL: bool = false;
    #[inline]
    fn key(&self, g: C, h: C, id: usize) -> Self::Key {
        (
            Reverse(OrderedF64(g.to_f64() + self.0 * h.to_f64())),
            g,
            id as u32,
        )
    }
}

/// Greedy best-first: smallest `h` first, smaller `g` among equals; never reopens.
pub(crate) struct GreedyPolicy;

impl<C: Cost> Policy<C> for GreedyPolicy {
    type Key = (Reverse<C>, Reverse<C>, u32);
    type Kept = C;
    const REOPEN: bool = false;
    const OPTIMAL: bool = false;
    const COSTS_MATTER: bool = false;
    #[inline]
    fn key(&self, g: C, h: C, id: usize) -> Self::Key {
        (Reverse(h), Reverse(g), id as u32)
    }
}

/// What a best-first search is told: its limits and its open list; its expansion mode
/// `E` is a type parameter.
pub(crate) struct Setup<'s, 'a, C> {
    pub(crate) limits: &'s Limits<'a, C>,
    pub(crate) open_list: OpenList,
}

pub(crate) fn search<P, H, Y, E>(
    problem: &P,
    start: P::State,
    heuristic: &H,
    policy: Y,
    setup: Setup<'_, '_, P::Cost>,
) -> ResultOf<P>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    Y: Policy<P::Cost>,
    E: Expansion<P>,
{
    search_from::<P, H, Y, E>(problem, [start], heuristic, policy, setup)
}

/// [`search`] from several start states at once, each at path cost zero (a start given twice
/// counts once); no start at all is an exhausted search.
pub(crate) fn search_from<P, H, Y, E>(
    problem: &P,
    starts: impl IntoIterator<Item = P::State>,
    heuristic: &H,
    policy: Y,
    setup: Setup<'_, '_, P::Cost>,
) -> ResultOf<P>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    Y: Policy<P::Cost>,
    E: Expansion<P>,
{
    let mut arena = Arena::new();
    let starts = &mut starts.into_iter();
    search_arena::<P, H, Y, E, _>(problem, starts, heuristic, policy, setup, &mut arena)
}

/// [`search`] on a problem with a [`DenseIndex`], in the memory of `workspace`, which it
/// leaves cleared: the slots of the states stored are reset one by one, so a short search
/// on a large space costs what it touches.
pub(crate) fn search_in<P, H, Y, E>(
    problem: &P,
    start: P::State,
    heuristic: &H,
    policy: Y,
    setup: Setup<'_, '_, P::Cost>,
    workspace: &mut Workspace<P::State, P::Action, P::Cost>,
) -> ResultOf<P>
where
    P: DenseIndex + ?Sized,
    H: Heuristic<P> + ?Sized,
    Y: Policy<P::Cost>,
    E: Expansion<P>,
{
    let nodes = std::mem::take(Y::Kept::nodes(workspace));
    let table = DenseTable::new(problem, std::mem::take(&mut workspace.slots));
    let mut arena = Arena::with_index(nodes, table);
    let starts = &mut std::iter::once(start);
    let result =
        search_arena::<P, H, Y, E, _>(problem, starts, heuristic, policy, setup, &mut arena);
    let (mut nodes, table) = arena.into_parts();
    let mut slots = table.slots;
    for state in nodes.iter().map(|n| n.state()) {
        slots[problem.index(state)] = 0;
    }
    nodes.clear();
    *Y::Kept::nodes(workspace) = nodes;
    workspace.slots = slots;
    result
}

/// The search in `arena` (empty), with the open list the setup names. The starts come
/// as a trait object so that each problem's search is compiled once, whatever iterator
/// the caller has.
fn search_arena<P, H, Y, E, I>(
    problem: &P,
    starts: &mut dyn Iterator<Item = P::State>,
    heuristic: &H,
    policy: Y,
    setup: Setup<'_, '_, P::Cost>,
    arena: &mut BestFirstArena<P, Y, I>,
) -> ResultOf<P>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    Y: Policy<P::Cost>,
    E: Expansion<P>,
    I: NodeIndex<P::State>,
{
    let limits = setup.limits;
    let open = ChosenFrontier::new(setup.open_list, Y::bucket, Y::SPREAD);
    run::<P, H, Y, E, _, I>(problem, starts, heuristic, policy, limits, open, arena)
}

/// The arena of a best-first search of `P` under policy `Y`, with index `I`.
type BestFirstArena<P, Y, I> = Arena<
    <P as Problem>::State,
    <P as Problem>::Action,
    <P as Problem>::Cost,
    Meta<<P as Problem>::Cost, <Y as Policy<<P as Problem>::Cost>>::Kept>,
    I,
>;

/// What best-first search keeps per state besides the arena's flag, which says whether
/// the state is closed.
pub(crate) struct Meta<C, K> {
    pub(crate) g: C,
    pub(crate) h: K,
}

fn run<P, H, Y, E, F, I>(
    problem: &P,
    starts: &mut dyn Iterator<Item = P::State>,
    heuristic: &H,
    policy: Y,
    limits: &Limits<'_, P::Cost>,
    mut open: F,
    arena: &mut BestFirstArena<P, Y, I>,
) -> ResultOf<P>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    Y: Policy<P::Cost>,
    E: Expansion<P>,
    F: Frontier<Y::Key>,
    I: NodeIndex<P::State>,
{
    let zero = P::Cost::ZERO;
    let mut mon = Monitor::new(limits);
    let bound = mon.cost_bound();
    let mut buf = Successors::new();
    let mut looks = Vec::new();
    let mut open_len = 0usize;
    // the smallest `f` left out for the cost bound, if any
    let mut pruned: Option<P::Cost> = None;

    for start in starts {
        let h0 = heuristic.estimate(&start);
        let meta = Meta {
            g: zero,
            h: Y::Kept::keep(h0),
        };
        let stored = arena.len();
        let id = arena.insert_start(start, meta);
        if arena.len() > stored {
            open.push(id, policy.key(zero, h0, id));
            open_len += 1;
        }
    }
    mon.stats.max_frontier = open_len;

    let current = |arena: &BestFirstArena<P, Y, I>, id| {
        let m = arena.data(id);
        (!arena.mark(id)).then(|| policy.key(m.g, m.h.estimate(), id))
    };
    while let Some((id, _)) = open.pop(|id| current(arena, id)) {
        let m = arena.data(id);
        open_len -= 1;
        let (g, h) = (m.g, m.h.estimate());
        let f = Y::OPTIMAL.then(|| g.saturating_add(h));
        if problem.is_goal(arena.state(id)) {
            mon.stats.stored = arena.len();
            return mon.finish(Outcome::Found(arena.solution(id)));
        }
        mon.stats.stored = arena.len();
        if let Some(reason) = mon.check() {
            return mon.stopped(reason, f);
        }
        arena.set_mark(id, true);
        mon.stats.expanded += 1;
        let set = E::after_last(problem, arena.last_action(id));
        E::expand(problem, arena.state(id), set, &mut buf);
        if Y::COSTS_MATTER && buf.iter().any(|s| s.cost < zero) {
            mon.stats.stored = arena.len();
            return mon.stopped(StopReason::NegativeCost, None);
        }
        arena.lookup_ahead(id, buf.iter().map(|s| &s.state), &mut looks);
        let mut inserted = false;
        for (i, succ) in buf.drain().enumerate() {
            mon.stats.generated += 1;
            let g2 = g.saturating_add(succ.cost);
            let (_, look) = arena.resolve(&looks, i, inserted, &succ.state);
            let at = match look {
                Lookup::Vacant(at) => at,
                Lookup::Found(cid) => {
                    let (cm, closed) = arena.data_and_mark(cid);
                    if g2 < cm.g && (Y::REOPEN || !*closed) {
                        cm.g = g2;
                        if *closed {
                            *closed = false;
                            mon.stats.reopened += 1;
                            open_len += 1;
                        }
                        let key = policy.key(g2, cm.h.estimate(), cid);
                        open.push(cid, key);
                        arena.relink(cid, id, succ.action, succ.cost);
                    } else {
                        mon.stats.duplicates += 1;
                    }
                    continue;
                }
            };
            // the incremental estimate, from the parent's kept one
            let h2 = match Y::Kept::KEEPS {
                true => heuristic.estimate_child(arena.state(id), h, &succ.action, &succ.state),
                false => heuristic.estimate(&succ.state),
            };
            if let Some(b) = bound {
                let f2 = g2.saturating_add(h2);
                if f2 > b {
                    pruned = Some(pruned.map_or(f2, |p| p.min(f2)));
                    continue;
                }
            }
            if mon.full(arena.len()) || arena.is_full() {
                mon.stats.stored = arena.len();
                return mon.stopped(StopReason::MaxStates, f);
            }
            let meta = Meta {
                g: g2,
                h: Y::Kept::keep(h2),
            };
            let cid = arena.insert(at, succ.state, id, Some((succ.action, succ.cost)), meta);
            inserted = true;
            open.push(cid, policy.key(g2, h2, cid));
            open_len += 1;
        }
        mon.stats.max_frontier = mon.stats.max_frontier.max(open_len);
    }
    mon.stats.stored = arena.len();
    match pruned {
        Some(f) => mon.stopped(StopReason::CostBound, Some(f).filter(|_| Y::OPTIMAL)),
        None => mon.finish(Outcome::Exhausted),
    }
}

#[cfg(test)]
mod tests {
    use super::Meta;
    use crate::collections::node_bytes;

    /// What a best-first search stores per state of a small problem (`u32` states and
    /// costs, no action): the state, the parent id, the step (action and cost), the closed
    /// flag, the path cost and (but for Dijkstra) the estimate; `BENCHMARKS.md` quotes these
    /// sizes.
    #[test]
    fn bytes_per_stored_state() {
        assert_eq!(node_bytes::<u32, (), u32, Meta<u32, u32>>(), 24);
        assert_eq!(node_bytes::<u128, u32, u32, Meta<u32, u32>>(), 48);
        // Dijkstra keeps no estimate
        assert_eq!(node_bytes::<u32, (), u32, Meta<u32, ()>>(), 20);
    }
}
