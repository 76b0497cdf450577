//! Property tests of the enumeration API (`heurist::enumerate`) on random weighted digraphs,
//! against references written here: a queue BFS for depths, Bellman-Ford for costs, a
//! recursive DFS for the depth-first order, and path counting over the shortest-path DAG.

use std::collections::{HashMap, HashSet, VecDeque};

use heurist::{AStar, Bfs, Dfs, Dijkstra, FnProblem, StopReason};
use proptest::prelude::*;

use crate::support;
use support::Graph;

fn graph_strategy(max_nodes: usize, min_weight: u32) -> impl Strategy<Value = (Graph, usize)> {
    (1..max_nodes).prop_flat_map(move |n| {
        (
            prop::collection::vec(prop::collection::vec((0..n, min_weight..6u32), 0..4), n),
            prop::collection::vec(prop::bool::weighted(0.25), n),
            0..n,
        )
            .prop_map(|(adj, goal, start)| (Graph { adj, goal }, start))
    })
}

/// Fewest edges from `start` to every node.
fn depths(g: &Graph, start: usize) -> HashMap<usize, usize> {
    let mut depth = HashMap::from([(start, 0)]);
    let mut queue = VecDeque::from([start]);
    while let Some(u) = queue.pop_front() {
        for &(v, _) in &g.adj[u] {
            if !depth.contains_key(&v) {
                depth.insert(v, depth[&u] + 1);
                queue.push_back(v);
            }
        }
    }
    depth
}

/// Least cost from `start` to every reachable node (Bellman-Ford).
fn costs(g: &Graph, start: usize) -> HashMap<usize, u32> {
    let mut dist = HashMap::from([(start, 0u32)]);
    for _ in 0..g.adj.len() {
        for u in 0..g.adj.len() {
            let Some(&du) = dist.get(&u) else { continue };
            for &(v, w) in &g.adj[u] {
                if dist.get(&v).is_none_or(|&dv| du + w < dv) {
                    dist.insert(v, du + w);
                }
            }
        }
    }
    dist
}

/// Preorder of a recursive DFS that visits successors in list order, each node once.
fn preorder(g: &Graph, start: usize) -> Vec<usize> {
    fn visit(g: &Graph, u: usize, seen: &mut HashSet<usize>, out: &mut Vec<usize>) {
        if seen.insert(u) {
            out.push(u);
            for &(v, _) in &g.adj[u] {
                visit(g, v, seen, out);
            }
        }
    }
    let mut out = Vec::new();
    visit(g, start, &mut HashSet::new(), &mut out);
    out
}

/// The number of least-cost paths from `start` to the cheapest goals (positive weights:
/// the edges on least-cost paths form a DAG, counted in order of cost).
fn optimal_path_count(g: &Graph, start: usize) -> Option<(u32, u128)> {
    let dist = costs(g, start);
    let best = dist
        .iter()
        .filter(|(v, _)| g.goal[**v])
        .map(|(_, &d)| d)
        .min()?;
    let mut order: Vec<usize> = dist.keys().copied().collect();
    order.sort_by_key(|v| dist[v]);
    let mut paths: HashMap<usize, u128> = HashMap::from([(start, 1)]);
    for &u in &order {
        let pu = paths.get(&u).copied().unwrap_or(0);
        // a goal ends a solution: paths do not continue through it
        if pu == 0 || g.goal[u] {
            continue;
        }
        for &(v, w) in &g.adj[u] {
            if dist[&u] + w == dist[&v] {
                *paths.entry(v).or_insert(0) += pu;
            }
        }
    }
    let count = dist
        .iter()
        .filter(|&(v, &d)| g.goal[*v] && d == best)
        .map(|(v, _)| paths.get(v).copied().unwrap_or(0))
        .sum();
    Some((best, count))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn bfs_reach_returns_each_reachable_state_once_at_its_depth((g, start) in graph_strategy(16, 1)) {
        let expected = depths(&g, start);
        let mut reach = Bfs::new().reach(&g, start);
        let got: Vec<(usize, usize)> = reach.by_ref().collect();
        prop_assert!(reach.is_exhausted());
        prop_assert_eq!(got.len(), expected.len());
        prop_assert!(got.windows(2).all(|w| w[0].1 <= w[1].1), "breadth-first order");
        for (s, d) in &got {
            prop_assert_eq!(expected.get(s), Some(d));
        }
        prop_assert_eq!(reach.stats().stored, expected.len());
    }

    #[test]
    fn dfs_reach_is_the_recursive_preorder((g, start) in graph_strategy(16, 1)) {
        let got: Vec<usize> = heurist::dfs_reach(&g, start).map(|(s, _)| s).collect();
        prop_assert_eq!(got, preorder(&g, start));
    }

    #[test]
    fn dijkstra_reach_returns_least_costs_cheapest_first((g, start) in graph_strategy(16, 0)) {
        let expected = costs(&g, start);
        let got: Vec<(usize, u32)> = heurist::dijkstra_reach(&g, start).collect();
        prop_assert_eq!(got.len(), expected.len());
        prop_assert!(got.windows(2).all(|w| w[0].1 <= w[1].1), "cheapest first");
        for (s, c) in &got {
            prop_assert_eq!(expected.get(s), Some(c));
        }
    }

    #[test]
    fn a_cost_bound_keeps_exactly_the_states_within_it(
        (g, start) in graph_strategy(16, 0),
        bound in 0u32..12,
    ) {
        let expected = costs(&g, start);
        let mut reach = Dijkstra::new().cost_bound(bound).reach(&g, start);
        let got: HashSet<usize> = reach.by_ref().map(|(s, _)| s).collect();
        let within: HashSet<usize> =
            expected.iter().filter(|&(_, &c)| c <= bound).map(|(&s, _)| s).collect();
        prop_assert_eq!(&got, &within);
        let cut = within.len() < expected.len();
        prop_assert_eq!(reach.stop_reason(), cut.then_some(StopReason::CostBound));
    }

    #[test]
    fn goals_are_the_reachable_goal_states((g, start) in graph_strategy(16, 1)) {
        // goals are not expanded, so only goals reachable without passing another count
        let mut expected = HashSet::new();
        let mut seen = HashSet::from([start]);
        let mut queue = VecDeque::from([start]);
        while let Some(u) = queue.pop_front() {
            if g.goal[u] {
                expected.insert(u);
                continue;
            }
            for &(v, _) in &g.adj[u] {
                if seen.insert(v) {
                    queue.push_back(v);
                }
            }
        }
        let mut goals = Dfs::new().goals(&g, start);
        let got: Vec<usize> = goals.by_ref().collect();
        prop_assert!(goals.is_exhausted());
        prop_assert_eq!(got.len(), expected.len(), "each goal once");
        prop_assert_eq!(got.into_iter().collect::<HashSet<_>>(), expected);
    }

    #[test]
    fn every_optimal_solution_is_found_and_counted((g, start) in graph_strategy(12, 1)) {
        let all = AStar::new().all_optimal(&g, start, heurist::Zero);
        match optimal_path_count(&g, start) {
            None => prop_assert!(all.outcome == heurist::Outcome::Exhausted),
            Some((best, count)) => {
                prop_assert_eq!(all.cost(), Some(best));
                prop_assert_eq!(all.count(), count);
                let listed: Vec<_> = all.solutions().collect();
                prop_assert_eq!(listed.len() as u128, count);
                // parallel edges make solutions with the same states and other actions
                let distinct: HashSet<Vec<(usize, usize)>> = listed
                    .iter()
                    .map(|s| s.steps.iter().map(|t| (t.action, t.state)).collect())
                    .collect();
                prop_assert_eq!(distinct.len(), listed.len(), "no solution twice");
                for sol in &listed {
                    // each is a real path of the optimal cost, ending at a goal
                    let mut at = start;
                    let mut cost = 0;
                    for step in &sol.steps {
                        let (to, w) = g.adj[at][step.action];
                        prop_assert_eq!(to, step.state);
                        cost += w;
                        at = to;
                    }
                    prop_assert!(g.goal[at]);
                    prop_assert_eq!(cost, best);
                }
            }
        }
    }

    #[test]
    fn enumerations_obey_the_memory_bound((g, start) in graph_strategy(16, 1), max in 1usize..6) {
        let reachable = depths(&g, start).len();
        let mut bfs = Bfs::new().max_states(max).reach(&g, start);
        let n = bfs.by_ref().count();
        prop_assert!(n <= max);
        prop_assert_eq!(bfs.stop_reason().is_some(), reachable > max);
        let mut dfs = Dfs::new().max_states(max).reach(&g, start);
        let n = dfs.by_ref().count();
        prop_assert!(n <= max);
        prop_assert_eq!(dfs.stop_reason().is_some(), reachable > max);
    }
}

#[test]
fn an_enumeration_stops_at_its_expansion_limit_and_says_so() {
    let endless = FnProblem::unit(|_: &u64| false, |n: &u64| [n + 1, 2 * n]);
    let mut reach = Bfs::new().max_expansions(100).reach(&endless, 1);
    let n = reach.by_ref().count();
    assert_eq!(reach.stop_reason(), Some(StopReason::MaxExpansions));
    assert_eq!(reach.stats().expanded, 100);
    assert!(n >= 100);
    assert!(!reach.is_exhausted());
}
