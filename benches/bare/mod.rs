//! Bare baselines: the smallest hand-written BFS, Dijkstra, A* and IDA* loops, generic over
//! the state and driven by the same successor function the engines under test use.
//!
//! They do nothing but the algorithm: no statistics, no limits, no actions, no solution path
//! (they return the cost only; `bfs_path`, beside `bfs`, keeps a parent link per state and
//! returns the path, as both crates must). Timed beside `heurist` and `pathfinding` they
//! give the ceiling each engine is measured against: what the model and the data structures
//! cost, without any library machinery. The benches assert that they find the same costs as
//! `heurist` before timing them.

use std::cmp::Reverse;
use std::collections::hash_map::Entry;
use std::collections::{BinaryHeap, VecDeque};
use std::hash::Hash;

use heurist::{Heuristic, Problem, Successors};
use rustc_hash::{FxHashMap, FxHashSet};

/// Breadth-first search from `start`: the number of steps to the nearest goal. A FIFO queue
/// and one hash set of the states seen; goals are recognised when generated (as `heurist`'s
/// BFS does).
pub fn bfs<S, I>(
    start: S,
    mut neighbours: impl FnMut(S) -> I,
    is_goal: impl Fn(S) -> bool,
) -> Option<u32>
where
    S: Copy + Eq + Hash,
    I: IntoIterator<Item = S>,
{
    if is_goal(start) {
        return Some(0);
    }
    let mut seen = FxHashSet::default();
    seen.insert(start);
    let mut queue = VecDeque::from([(start, 0u32)]);
    while let Some((s, d)) = queue.pop_front() {
        for n in neighbours(s) {
            if seen.insert(n) {
                if is_goal(n) {
                    return Some(d + 1);
                }
                queue.push_back((n, d + 1));
            }
        }
    }
    None
}

/// [`bfs`] that also returns the path, as `heurist` and `pathfinding` do: the states reached
/// are kept in the order reached, each with its parent's index (the vector is the queue as
/// well), and the path is traced back from the goal. Its states, start and goal included.
pub fn bfs_path<S, I>(
    start: S,
    mut neighbours: impl FnMut(S) -> I,
    is_goal: impl Fn(S) -> bool,
) -> Option<Vec<S>>
where
    S: Copy + Eq + Hash,
    I: IntoIterator<Item = S>,
{
    let mut reached = vec![(start, u32::MAX)];
    let trace = |reached: &[(S, u32)], mut at: usize| {
        let mut path = vec![reached[at].0];
        while reached[at].1 != u32::MAX {
            at = reached[at].1 as usize;
            path.push(reached[at].0);
        }
        path.reverse();
        path
    };
    if is_goal(start) {
        return Some(trace(&reached, 0));
    }
    let mut seen = FxHashSet::default();
    seen.insert(start);
    let mut next = 0;
    while next < reached.len() {
        let s = reached[next].0;
        for n in neighbours(s) {
            if seen.insert(n) {
                reached.push((n, next as u32));
                if is_goal(n) {
                    return Some(trace(&reached, reached.len() - 1));
                }
            }
        }
        next += 1;
    }
    None
}

/// Dijkstra from `start`: the least cost to a goal. A binary heap of `Reverse((g, state))`
/// with lazy deletion (an entry worse than the best known `g` of its state is skipped when
/// popped) and one hash map of the best `g` per state; goals are recognised when expanded.
pub fn dijkstra<S, I>(
    start: S,
    mut neighbours: impl FnMut(S) -> I,
    is_goal: impl Fn(S) -> bool,
) -> Option<u32>
where
    S: Copy + Ord + Hash,
    I: IntoIterator<Item = (S, u32)>,
{
    let mut best: FxHashMap<S, u32> = FxHashMap::default();
    best.insert(start, 0);
    let mut heap = BinaryHeap::from([Reverse((0u32, start))]);
    while let Some(Reverse((g, s))) = heap.pop() {
        if g > best[&s] {
            continue;
        }
        if is_goal(s) {
            return Some(g);
        }
        for (n, c) in neighbours(s) {
            let ng = g + c;
            if improve(&mut best, n, ng) {
                heap.push(Reverse((ng, n)));
            }
        }
    }
    None
}

/// A* from `start` (heuristic value `h0`): the least cost to a goal. `expand(s, h)` gives
/// the successors of `s` (whose heuristic value is `h`) as `(state, step cost, heuristic
/// value)`, so a heuristic with an incremental update can use it. A binary heap of
/// `(Reverse(f), g, state)`: smallest `f` first, among equal `f` the larger `g` (the
/// tie-break of both `heurist` and `pathfinding`); lazy deletion and one hash map of the
/// best `g` per state as in [`dijkstra`]; goals are recognised when expanded.
pub fn astar<S, I>(
    start: S,
    h0: u32,
    mut expand: impl FnMut(S, u32) -> I,
    is_goal: impl Fn(S) -> bool,
) -> Option<u32>
where
    S: Copy + Ord + Hash,
    I: IntoIterator<Item = (S, u32, u32)>,
{
    let mut best: FxHashMap<S, u32> = FxHashMap::default();
    best.insert(start, 0);
    let mut heap = BinaryHeap::from([(Reverse(h0), 0u32, start)]);
    while let Some((Reverse(f), g, s)) = heap.pop() {
        if g > best[&s] {
            continue;
        }
        if is_goal(s) {
            return Some(g);
        }
        for (n, c, h) in expand(s, f - g) {
            let ng = g + c;
            if improve(&mut best, n, ng) {
                heap.push((Reverse(ng + h), ng, n));
            }
        }
    }
    None
}

/// Records `g` as the best cost of `s` if it beats the known one (one hash lookup); true if
/// it did.
#[inline(always)]
fn improve<S: Eq + Hash>(best: &mut FxHashMap<S, u32>, s: S, g: u32) -> bool {
    match best.entry(s) {
        Entry::Occupied(mut e) if g < *e.get() => {
            e.insert(g);
            true
        }
        Entry::Occupied(_) => false,
        Entry::Vacant(e) => {
            e.insert(g);
            true
        }
    }
}

/// IDA* from `start`: the least cost to a goal and the number of expansions. The smallest
/// recursive loop on the problem's successor function, with the heuristic's incremental
/// update and the move back to the parent pruned (as `heurist`'s IDA* with
/// `CycleCheck::Parent`); goals are recognised when expanded.
pub fn idastar<P, H>(p: &P, start: P::State, h: &H) -> (u32, u64)
where
    P: Problem<Cost = u32>,
    P::State: Copy,
    H: Heuristic<P>,
{
    struct Walk<'a, P, H> {
        p: &'a P,
        h: &'a H,
        bound: u32,
        next: u32,
        expanded: u64,
    }
    impl<P: Problem<Cost = u32>, H: Heuristic<P>> Walk<'_, P, H>
    where
        P::State: Copy,
    {
        fn dfs(&mut self, s: P::State, parent: P::State, g: u32, hs: u32) -> bool {
            if self.p.is_goal(&s) {
                return true;
            }
            self.expanded += 1;
            let mut out = Successors::new();
            self.p.successors(&s, &mut out);
            for c in &out {
                if c.state == parent {
                    continue;
                }
                let hc = self.h.estimate_child(&s, hs, &c.action, &c.state);
                let f = g + c.cost + hc;
                if f > self.bound {
                    self.next = self.next.min(f);
                } else if self.dfs(c.state, s, g + c.cost, hc) {
                    return true;
                }
            }
            false
        }
    }
    let h0 = h.estimate(&start);
    let mut walk = Walk {
        p,
        h,
        bound: h0,
        next: u32::MAX,
        expanded: 0,
    };
    loop {
        walk.next = u32::MAX;
        if walk.dfs(start, start, 0, h0) {
            return (walk.bound, walk.expanded);
        }
        walk.bound = walk.next;
    }
}
