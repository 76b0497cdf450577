//! Real-valued costs: every least-cost search, with every open list, on random graphs whose
//! step costs are sums of tenths (0.1 + 0.2 is not 0.3 in floating point, so paths of the
//! same cost in exact arithmetic tie, or miss a tie, by an ulp) against a Bellman-Ford
//! reference; and the fixed case that made the indexed heap lose a state.

use heurist::{
    AStar, Dijkstra, Fringe, IdaStar, OpenList, OrderedF64, Predecessors, Problem, SearchResult,
    Successors,
};
use proptest::prelude::*;

/// A directed graph with real-valued edge costs and a set of goals.
#[derive(Clone, Debug)]
struct Graph {
    adj: Vec<Vec<(usize, f64)>>,
    goal: Vec<bool>,
}

impl Problem for Graph {
    type State = usize;
    type Action = usize;
    type Cost = OrderedF64;
    fn is_goal(&self, s: &usize) -> bool {
        self.goal[*s]
    }
    fn successors(&self, s: &usize, out: &mut Successors<usize, usize, OrderedF64>) {
        for (i, &(t, w)) in self.adj[*s].iter().enumerate() {
            out.push(i, t, OrderedF64(w));
        }
    }
}

impl Predecessors for Graph {
    fn predecessors(&self, s: &usize, out: &mut Successors<usize, usize, OrderedF64>) {
        for (u, edges) in self.adj.iter().enumerate() {
            for (i, &(t, w)) in edges.iter().enumerate() {
                if t == *s {
                    out.push(i, u, OrderedF64(w));
                }
            }
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
fn bellman_ford(adj: &[Vec<(usize, f64)>], start: usize) -> Vec<Option<f64>> {
    let mut dist = vec![None; adj.len()];
    dist[start] = Some(0.0);
    for _ in 0..adj.len() {
        let mut changed = false;
        for u in 0..adj.len() {
            let Some(du) = dist[u] else { continue };
            for &(v, w) in &adj[u] {
                if dist[v].is_none_or(|dv: f64| du + w < dv) {
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

/// The least cost to a goal, and every node's least cost to a goal (Bellman-Ford on the
/// reversed graph from all goals).
fn references(g: &Graph, start: usize) -> (Option<f64>, Vec<Option<f64>>) {
    let dist = bellman_ford(&g.adj, start);
    let best = (0..g.adj.len())
        .filter(|&v| g.goal[v])
        .filter_map(|v| dist[v])
        .min_by(f64::total_cmp);
    let n = g.adj.len();
    let mut rev = vec![Vec::new(); n + 1];
    for (u, edges) in g.adj.iter().enumerate() {
        for &(v, w) in edges {
            rev[v].push((u, w));
        }
    }
    rev[n] = (0..n).filter(|&v| g.goal[v]).map(|v| (v, 0.0)).collect();
    let mut to_goal = bellman_ford(&rev, n);
    to_goal.pop();
    (best, to_goal)
}

/// Whether `a` equals `b` up to 1e-9 relative.
fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

/// The cost of `r`'s solution replayed along the graph's edges (checking that it is a
/// path to a goal and that its stated cost is the sum of its steps), or `None`.
fn replay(g: &Graph, start: usize, r: &SearchResult<usize, usize, OrderedF64>) -> Option<f64> {
    let sol = r.solution()?;
    assert_eq!(sol.start, start);
    let (mut at, mut sum) = (start, 0.0);
    for step in &sol.steps {
        let (to, w) = g.adj[at][step.action];
        assert_eq!((to, w), (step.state, step.cost.0), "a step of the graph");
        sum += w;
        at = to;
    }
    assert!(g.goal[at], "the path ends at a goal");
    assert!(
        close(sol.cost.0, sum),
        "cost {} against steps {sum}",
        sol.cost.0
    );
    Some(sol.cost.0)
}

/// Asserts that `found` (a cost or none) is the optimum `best` up to rounding.
fn assert_optimal(found: Option<f64>, best: Option<f64>, what: &str) {
    match (found, best) {
        (Some(a), Some(b)) => assert!(close(a, b), "{what}: {a} against the optimum {b}"),
        (a, b) => assert_eq!(a.is_some(), b.is_some(), "{what}: {a:?} against {b:?}"),
    }
}

/// Costs that are sums of tenths, so that rounding makes near-ties.
fn tenths() -> impl Strategy<Value = f64> {
    prop::sample::select(vec![0.0, 0.1, 0.2, 0.3, 0.1, 0.2, 0.3, 0.6, 0.7, 1.0, 1.3])
}

/// Graphs of 2 to `max_nodes - 1` nodes.
fn graph_strategy(max_nodes: usize) -> impl Strategy<Value = (Graph, usize)> {
    (2usize..max_nodes).prop_flat_map(|n| {
        let edges = prop::collection::vec((0..n, 0..n, tenths()), 0..n * 4);
        // triangles u -> u + 1 -> u + 2 beside u -> u + 2: two ways that tie but for rounding
        let triangles = prop::collection::vec((0..n, tenths(), tenths(), tenths()), 0..n);
        let goals = prop::collection::vec(prop::bool::weighted(0.2), n);
        (edges, triangles, goals, 0..n).prop_map(move |(edges, triangles, goal, start)| {
            let mut adj = vec![Vec::new(); n];
            for (u, v, w) in edges {
                adj[u].push((v, w));
            }
            for (u, a, b, c) in triangles {
                if u + 2 < n {
                    adj[u].push((u + 1, a));
                    adj[u + 1].push((u + 2, b));
                    adj[u].push((u + 2, c));
                }
            }
            (Graph { adj, goal }, start)
        })
    })
}

/// A factor for each of `n` nodes, mostly 1.
fn factors(n: usize) -> impl Strategy<Value = Vec<f64>> {
    prop::collection::vec(prop::sample::select(vec![0.0, 0.5, 1.0, 1.0, 1.0, 0.37]), n)
}

/// Each node's exact cost to go times its factor: admissible (the exact cost, rounded,
/// makes `f` tie across paths), and inconsistent where the factors differ.
fn estimates(to_goal: &[Option<f64>], factors: &[f64]) -> Vec<f64> {
    to_goal
        .iter()
        .zip(factors)
        .map(|(d, f)| d.unwrap_or(0.0) * f)
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_least_cost_search_is_optimal_with_real_costs(
        (g, start) in graph_strategy(14),
        factors in factors(14),
    ) {
        let (best, to_goal) = references(&g, start);
        let hv = estimates(&to_goal, &factors);
        let h = |s: &usize| OrderedF64(hv[*s]);

        for list in [OpenList::Indexed, OpenList::Lazy, OpenList::Buckets] {
            let r = AStar::new().open_list(list).search(&g, start, h);
            assert_optimal(replay(&g, start, &r), best, &format!("A* with {list:?}"));
            prop_assert_eq!(r.is_exhausted(), best.is_none());
            let r = Dijkstra::new().open_list(list).search(&g, start);
            assert_optimal(replay(&g, start, &r), best, &format!("Dijkstra with {list:?}"));
            let r = AStar::new().open_list(list).search_dense(&g, start, h);
            assert_optimal(replay(&g, start, &r), best, &format!("dense A* with {list:?}"));
            let r = Dijkstra::new().open_list(list).search_dense(&g, start);
            assert_optimal(replay(&g, start, &r), best, &format!("dense Dijkstra with {list:?}"));
            let r = heurist::AnytimeAStar::new(2.0).open_list(list).search(&g, start, h);
            assert_optimal(r.cost().map(|c| c.0), best, &format!("anytime A* with {list:?}"));
            prop_assert!(r.result.is_found() || r.result.is_exhausted());
        }
        let r = Fringe::new().search(&g, start, h);
        assert_optimal(replay(&g, start, &r), best, "fringe");
        let r = AStar::new().search_parallel(2, &g, start, h);
        assert_optimal(replay(&g, start, &r), best, "HDA*");
        let r = AStar::new().search_parallel_batched(2, &g, start, h);
        assert_optimal(replay(&g, start, &r), best, "batched A*");
        let goals: Vec<usize> = (0..g.adj.len()).filter(|&v| g.goal[v]).collect();
        let r = heurist::mm(&g, start, goals.clone(), h, |_: &usize| OrderedF64(0.0));
        assert_optimal(replay(&g, start, &r), best, "MM");
        let all = heurist::astar_all_optimal(&g, start, h);
        assert_optimal(all.cost().map(|c| c.0), best, "astar_all_optimal");
        for sol in all.solutions() {
            assert_optimal(Some(sol.cost.0), best, "each of astar_all_optimal's solutions");
        }
        let first = heurist::yen(&g, start, 1);
        assert_optimal(first.first().map(|s| s.cost.0), best, "Yen's first path");
        let dist = bellman_ford(&g.adj, start);
        for (s, c) in heurist::dijkstra_reach(&g, start) {
            assert_optimal(Some(c.0), dist[s], "dijkstra_reach");
        }
        // weighted A* within its factor
        let r = heurist::weighted_astar(&g, start, h, 1.5);
        if let (Some(c), Some(b)) = (replay(&g, start, &r), best) {
            prop_assert!(c <= 1.5 * b + 1e-9, "weighted A*: {} against {}", c, b);
        }
    }

    /// IDA* walks every path below each of its thresholds, and real costs make the
    /// thresholds many: on dense graphs of a dozen nodes that takes seconds, so its graphs
    /// are smaller.
    #[test]
    fn depth_first_searches_are_optimal_with_real_costs(
        (g, start) in graph_strategy(9),
        factors in factors(9),
    ) {
        let (best, to_goal) = references(&g, start);
        let hv = estimates(&to_goal, &factors);
        let h = |s: &usize| OrderedF64(hv[*s]);
        let r = heurist::idastar(&g, start, h);
        assert_optimal(replay(&g, start, &r), best, "IDA*");
        let r = IdaStar::new().search_parallel(2, &g, start, h);
        assert_optimal(replay(&g, start, &r), best, "parallel IDA*");
    }
}

/// The graph where the indexed heap lost a state: X is reached first with g = 0.1 + 0.2 =
/// 0.30000000000000004, then with g = 0.3 + 0.0 = 0.3; its f rounds to 1.3 both times, so
/// the cheaper path's key (equal f, smaller g) ranks lower, and the old entry must not stay.
#[test]
fn a_cheaper_path_whose_key_ranks_lower_is_kept() {
    // S = 0, A = 1, B = 2, X = 3, G = 4
    let g = Graph {
        adj: vec![
            vec![(1, 0.1), (2, 0.3)],
            vec![(3, 0.2)],
            vec![(3, 0.0)],
            vec![(4, 1.0)],
            vec![],
        ],
        goal: vec![false, false, false, false, true],
    };
    let h = |s: &usize| OrderedF64(if *s == 3 { 1.0 } else { 0.0 });
    for list in [OpenList::Indexed, OpenList::Lazy, OpenList::Buckets] {
        let r = AStar::new().open_list(list).search(&g, 0, h);
        assert_eq!(replay(&g, 0, &r), Some(1.3), "A* with {list:?}");
        let r = AStar::new().open_list(list).search_dense(&g, 0, h);
        assert_eq!(replay(&g, 0, &r), Some(1.3), "dense A* with {list:?}");
    }
}
