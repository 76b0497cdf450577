//! Helpers shared by the property tests of the generic algorithms (`optimality`, `limits`,
//! `bfs_store`, `move_pruning`, `fn_problem`): a random weighted digraph problem, its
//! strategy, and the references the searches are checked against: Bellman-Ford for least
//! cost, a plain queue BFS for fewest actions, a replay of a solution along the edges.

#![allow(dead_code)]

use std::collections::VecDeque;

use heurist::{Heuristic, Problem, SearchResult, Successors};
use proptest::prelude::*;

/// A directed graph with weighted edges and a set of goal nodes.
#[derive(Clone, Debug)]
pub struct Graph {
    pub adj: Vec<Vec<(usize, u32)>>,
    pub goal: Vec<bool>,
}

impl Problem for Graph {
    type State = usize;
    /// Index of the edge in the source node's adjacency list.
    type Action = usize;
    type Cost = u32;

    fn is_goal(&self, s: &usize) -> bool {
        self.goal[*s]
    }

    fn successors(&self, s: &usize, out: &mut Successors<usize, usize, u32>) {
        for (i, &(t, w)) in self.adj[*s].iter().enumerate() {
            out.push(i, t, w);
        }
    }
}

impl heurist::DenseIndex for Graph {
    fn index_bound(&self) -> usize {
        self.adj.len()
    }
    fn index(&self, s: &usize) -> usize {
        *s
    }
}

/// Least cost from `start` to every node (Bellman-Ford), `None` when unreachable.
pub fn bellman_ford(g: &Graph, start: usize) -> Vec<Option<u32>> {
    let mut dist = vec![None; g.adj.len()];
    dist[start] = Some(0);
    for _ in 0..g.adj.len() {
        let mut changed = false;
        for u in 0..g.adj.len() {
            let Some(du) = dist[u] else { continue };
            for &(v, w) in &g.adj[u] {
                if dist[v].is_none_or(|dv| du + w < dv) {
                    dist[v] = Some(du + w);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    dist
}

/// Least cost from `start` to any goal.
pub fn optimal_cost(g: &Graph, start: usize) -> Option<u32> {
    let dist = bellman_ford(g, start);
    (0..g.adj.len())
        .filter(|&v| g.goal[v])
        .filter_map(|v| dist[v])
        .min()
}

/// Fewest edges from `start` to any goal.
pub fn fewest_edges(g: &Graph, start: usize) -> Option<usize> {
    let mut depth = vec![usize::MAX; g.adj.len()];
    let mut queue = VecDeque::from([start]);
    depth[start] = 0;
    while let Some(u) = queue.pop_front() {
        if g.goal[u] {
            return Some(depth[u]);
        }
        for &(v, _) in &g.adj[u] {
            if depth[v] == usize::MAX {
                depth[v] = depth[u] + 1;
                queue.push_back(v);
            }
        }
    }
    None
}

/// Exact cost to the nearest goal from every node (Bellman-Ford on the reversed graph).
pub fn cost_to_goal(g: &Graph) -> Vec<Option<u32>> {
    let n = g.adj.len();
    let mut dist: Vec<Option<u32>> = (0..n).map(|v| g.goal[v].then_some(0)).collect();
    for _ in 0..n {
        let mut changed = false;
        for u in 0..n {
            for &(v, w) in &g.adj[u] {
                if let Some(dv) = dist[v] {
                    if dist[u].is_none_or(|du| dv + w < du) {
                        dist[u] = Some(dv + w);
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    dist
}

/// An admissible heuristic that is usually inconsistent: the exact cost to go scaled by a
/// per-node factor in [0, 1]. (Any table of estimates by state.)
///
/// The tests pass it by reference, `&Scaled`, wherever they can: each heuristic type a
/// search is called with compiles that search once more, so one type for all the tables
/// keeps the test binary's build short.
pub struct Scaled(pub Vec<u32>);
impl Heuristic<Graph> for Scaled {
    fn estimate(&self, s: &usize) -> u32 {
        self.0[*s]
    }
}
impl Heuristic<Graph> for &Scaled {
    fn estimate(&self, s: &usize) -> u32 {
        self.0[*s]
    }
}

pub fn scaled_heuristic(g: &Graph, factors: &[u8]) -> Scaled {
    let exact = cost_to_goal(g);
    Scaled(
        exact
            .iter()
            .zip(factors.iter().cycle())
            .map(|(d, &f)| d.map_or(0, |d| d * u32::from(f) / 255))
            .collect(),
    )
}

/// Checks that the solution starts at `start`, ends in a goal, follows real edges, and that
/// its cost is the sum of the edge weights. Returns the cost.
pub fn replay(g: &Graph, start: usize, r: &SearchResult<usize, usize, u32>) -> Option<u32> {
    let sol = r.solution()?;
    assert_eq!(sol.start, start);
    let mut at = start;
    let mut total = 0;
    for step in &sol.steps {
        let (to, w) = g.adj[at][step.action];
        assert_eq!(step.state, to, "step leads where the edge does");
        assert_eq!(step.cost, w, "step cost is the edge weight");
        total += w;
        at = to;
    }
    assert!(g.goal[at], "the path ends in a goal");
    assert_eq!(sol.cost, total, "the cost adds up");
    assert_eq!(*sol.goal(), at);
    Some(total)
}

/// The graph with every edge also in the other direction, at the same weight.
pub fn undirected(g: &Graph) -> Graph {
    let mut adj = g.adj.clone();
    for (u, es) in g.adj.iter().enumerate() {
        for &(v, w) in es {
            adj[v].push((u, w));
        }
    }
    Graph {
        adj,
        goal: g.goal.clone(),
    }
}

pub fn graph_strategy(max_nodes: usize, max_weight: u32) -> impl Strategy<Value = (Graph, usize)> {
    (2..=max_nodes).prop_flat_map(move |n| {
        (
            prop::collection::vec(prop::collection::vec((0..n, 0..=max_weight), 0..4), n),
            prop::collection::vec(prop::bool::weighted(0.15), n),
            0..n,
        )
            .prop_map(|(adj, goal, start)| (Graph { adj, goal }, start))
    })
}

/// Graphs of `nodes` nodes (up to four out-edges each, weights up to `max_weight`), each node
/// a goal with probability `goal`: larger than `graph_strategy`'s, so that a search's levels
/// and states spread over threads.
pub fn larger_graph_strategy(
    nodes: std::ops::Range<usize>,
    max_weight: u32,
    goal: f64,
) -> impl Strategy<Value = (Graph, usize)> {
    nodes.prop_flat_map(move |n| {
        (
            prop::collection::vec(prop::collection::vec((0..n, 0..=max_weight), 0..5), n),
            prop::collection::vec(prop::bool::weighted(goal), n),
            0..n,
        )
            .prop_map(|(adj, goal, start)| (Graph { adj, goal }, start))
    })
}

/// The same graph with every weight multiplied by `k`.
pub fn scaled(g: &Graph, k: u32) -> Graph {
    Graph {
        adj: g
            .adj
            .iter()
            .map(|es| es.iter().map(|&(t, w)| (t, w * k)).collect())
            .collect(),
        goal: g.goal.clone(),
    }
}

/// The same graph with every weight one more: no step is free.
pub fn positive(g: &Graph) -> Graph {
    Graph {
        adj: g
            .adj
            .iter()
            .map(|es| es.iter().map(|&(t, w)| (t, w + 1)).collect())
            .collect(),
        goal: g.goal.clone(),
    }
}

/// Unit weights: the same graph with every edge costing 1.
pub fn unit(g: &Graph) -> Graph {
    Graph {
        adj: g
            .adj
            .iter()
            .map(|es| es.iter().map(|&(t, _)| (t, 1)).collect())
            .collect(),
        goal: g.goal.clone(),
    }
}

/// A search's counts: expanded, generated, duplicates, stored.
pub fn stats<S, A, C>(r: &SearchResult<S, A, C>) -> (u64, u64, u64, usize) {
    (
        r.stats.expanded,
        r.stats.generated,
        r.stats.duplicates,
        r.stats.stored,
    )
}

/// A problem whose successor function panics on state 777 (reached from 1 by doubling,
/// adding one and subtracting one): for the tests that a panic in a search's thread reaches
/// the caller.
pub struct Fragile;

impl Problem for Fragile {
    type State = u32;
    type Action = ();
    type Cost = u32;
    fn is_goal(&self, _: &u32) -> bool {
        false
    }
    fn successors(&self, &n: &u32, out: &mut Successors<u32, (), u32>) {
        assert!(n != 777, "expected in this test");
        out.push((), 2 * n, 1);
        out.push((), 2 * n + 1, 1);
        if n > 0 {
            out.push((), n - 1, 1);
        }
    }
}
