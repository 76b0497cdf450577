//! Property tests of the generic algorithms on random weighted digraphs, against references
//! written here: Bellman-Ford for least cost, a plain queue BFS for fewest actions.

use std::collections::VecDeque;
use std::time::Duration;

use heurist::{
    CancelToken, CycleCheck, Heuristic, OpenList, Options, Outcome, Problem, SearchResult,
    StopReason, Successors,
};
use proptest::prelude::*;

mod common;
use common::Declared;

/// A directed graph with weighted edges and a set of goal nodes.
#[derive(Clone, Debug)]
struct Graph {
    adj: Vec<Vec<(usize, u32)>>,
    goal: Vec<bool>,
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

/// The same graph with each state boxed in a `Vec` (heap-owning states take BFS's other
/// store, indexed by node ids rather than by value).
struct Boxed<'a>(&'a Graph);

impl Problem for Boxed<'_> {
    type State = Vec<usize>;
    type Action = usize;
    type Cost = u32;

    fn is_goal(&self, s: &Vec<usize>) -> bool {
        self.0.goal[s[0]]
    }

    fn successors(&self, s: &Vec<usize>, out: &mut Successors<Vec<usize>, usize, u32>) {
        for (i, &(t, w)) in self.0.adj[s[0]].iter().enumerate() {
            out.push(i, vec![t], w);
        }
    }
}

/// The same graph with move pruning: an action is `(from, edge index)`, and right after
/// `u -> v` the edge `v -> w` is left out when `u -> w` (or staying at `u`, for `w = u`) is
/// strictly cheaper than the two steps.
struct Pruned<'a>(&'a Graph);

impl Problem for Pruned<'_> {
    type State = usize;
    type Action = (usize, usize);
    type Cost = u32;

    fn is_goal(&self, s: &usize) -> bool {
        self.0.goal[*s]
    }

    fn successors(&self, s: &usize, out: &mut Successors<usize, (usize, usize), u32>) {
        self.successors_after(s, None, out)
    }

    fn successors_after(
        &self,
        s: &usize,
        last: Option<&(usize, usize)>,
        out: &mut Successors<usize, (usize, usize), u32>,
    ) {
        for (i, &(t, w)) in self.0.adj[*s].iter().enumerate() {
            if let Some(&(u, j)) = last {
                let two = self.0.adj[u][j].1 + w;
                let direct = self.0.adj[u].iter().filter(|e| e.0 == t).map(|e| e.1).min();
                if (t == u && two > 0) || direct.is_some_and(|d| d < two) {
                    continue;
                }
            }
            out.push((*s, i), t, w);
        }
    }
}

/// The cost of a solution of [`Pruned`], checking that it follows real edges from `start`
/// to a goal.
fn replay_pruned(
    g: &Graph,
    start: usize,
    r: &SearchResult<usize, (usize, usize), u32>,
) -> Option<(u32, usize)> {
    let sol = r.solution()?;
    let mut at = start;
    for step in &sol.steps {
        let (from, i) = step.action;
        assert_eq!(from, at, "the path is connected");
        assert_eq!(g.adj[from][i], (step.state, step.cost), "a real edge");
        at = step.state;
    }
    assert!(g.goal[at]);
    Some((sol.cost, sol.len()))
}

/// Least cost from `start` to every node (Bellman-Ford), `None` when unreachable.
fn bellman_ford(g: &Graph, start: usize) -> Vec<Option<u32>> {
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
fn optimal_cost(g: &Graph, start: usize) -> Option<u32> {
    let dist = bellman_ford(g, start);
    (0..g.adj.len())
        .filter(|&v| g.goal[v])
        .filter_map(|v| dist[v])
        .min()
}

/// Fewest edges from `start` to any goal.
fn fewest_edges(g: &Graph, start: usize) -> Option<usize> {
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
fn cost_to_goal(g: &Graph) -> Vec<Option<u32>> {
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
/// per-node factor in [0, 1].
struct Scaled(Vec<u32>);
impl Heuristic<Graph> for Scaled {
    fn estimate(&self, s: &usize) -> u32 {
        self.0[*s]
    }
}

fn scaled_heuristic(g: &Graph, factors: &[u8]) -> Scaled {
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
fn replay(g: &Graph, start: usize, r: &SearchResult<usize, usize, u32>) -> Option<u32> {
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
fn undirected(g: &Graph) -> Graph {
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

fn graph_strategy(max_nodes: usize, max_weight: u32) -> impl Strategy<Value = (Graph, usize)> {
    (2..=max_nodes).prop_flat_map(move |n| {
        (
            prop::collection::vec(prop::collection::vec((0..n, 0..=max_weight), 0..4), n),
            prop::collection::vec(prop::bool::weighted(0.15), n),
            0..n,
        )
            .prop_map(|(adj, goal, start)| (Graph { adj, goal }, start))
    })
}

/// The same graph with every weight multiplied by `k`.
fn scaled(g: &Graph, k: u32) -> Graph {
    Graph {
        adj: g
            .adj
            .iter()
            .map(|es| es.iter().map(|&(t, w)| (t, w * k)).collect())
            .collect(),
        goal: g.goal.clone(),
    }
}

/// Unit weights: the same graph with every edge costing 1.
fn unit(g: &Graph) -> Graph {
    Graph {
        adj: g
            .adj
            .iter()
            .map(|es| es.iter().map(|&(t, _)| (t, 1)).collect())
            .collect(),
        goal: g.goal.clone(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn least_cost_searches_are_optimal(
        (g, start) in graph_strategy(12, 20),
        factors in prop::collection::vec(any::<u8>(), 1..12),
        scale in prop::sample::select(vec![1u32, 1, 300]),
    ) {
        // scaled by 300, path costs pass the bucket queue's limits (g below 4096), so its
        // entries go to buckets and to its heap in the same search
        let g = scaled(&g, scale);
        let best = optimal_cost(&g, start);
        let h = scaled_heuristic(&g, &factors);

        let dijkstra = heurist::dijkstra(&g, start);
        prop_assert_eq!(replay(&g, start, &dijkstra), best);
        let astar = heurist::astar(&g, start, |s: &usize| h.0[*s]);
        prop_assert_eq!(replay(&g, start, &astar), best);
        let mut results = vec![dijkstra, astar];
        for list in [OpenList::Indexed, OpenList::Lazy, OpenList::Buckets] {
            let opts = || Options::new().open_list(list);
            let r = heurist::astar_with(&g, start, Scaled(h.0.clone()), opts());
            prop_assert_eq!(replay(&g, start, &r), best, "A* with {:?}", list);
            results.push(r);
            let r = heurist::dijkstra_with(&g, start, opts());
            prop_assert_eq!(replay(&g, start, &r), best, "Dijkstra with {:?}", list);
            results.push(r);
        }
        let ida = heurist::idastar(&g, start, Scaled(h.0.clone()));
        prop_assert_eq!(replay(&g, start, &ida), best);
        results.push(ida);
        let exact = Scaled(cost_to_goal(&g).iter().map(|d| d.unwrap_or(0)).collect());
        prop_assert_eq!(replay(&g, start, &heurist::astar(&g, start, exact)), best);

        for r in &results {
            prop_assert_eq!(r.is_exhausted(), best.is_none());
            prop_assert!(r.stats.generated >= r.stats.duplicates);
        }
    }

    #[test]
    fn weighted_astar_stays_within_its_bound(
        (g, start) in graph_strategy(12, 20),
        factors in prop::collection::vec(any::<u8>(), 1..12),
        weight in 1.0f64..4.0,
    ) {
        let best = optimal_cost(&g, start);
        let h = scaled_heuristic(&g, &factors);
        let r = heurist::weighted_astar(&g, start, h, weight);
        let cost = replay(&g, start, &r);
        prop_assert_eq!(cost.is_some(), best.is_some());
        if let (Some(c), Some(b)) = (cost, best) {
            prop_assert!(f64::from(c) <= weight * f64::from(b) + 1e-9, "{} > {} * {}", c, weight, b);
        }
        prop_assert_eq!(r.is_exhausted(), best.is_none());
    }

    #[test]
    fn unit_cost_searches_find_fewest_actions((g, start) in graph_strategy(12, 20)) {
        let fewest = fewest_edges(&g, start);
        let u = unit(&g);
        for r in [heurist::bfs(&g, start), heurist::iddfs(&g, start)] {
            prop_assert_eq!(r.solution().map(|s| s.len()), fewest);
            prop_assert_eq!(r.is_exhausted(), fewest.is_none());
            replay(&g, start, &r);
        }
        // On unit costs the least-cost searches agree with BFS.
        let ida = heurist::idastar(&u, start, heurist::Zero);
        prop_assert_eq!(replay(&u, start, &ida), fewest.map(|d| d as u32));
    }

    #[test]
    fn move_pruning_keeps_the_optimal_searches_optimal(
        (g, start) in graph_strategy(12, 20),
        factors in prop::collection::vec(any::<u8>(), 1..12),
    ) {
        let best = optimal_cost(&g, start);
        let fewest = fewest_edges(&g, start);
        let p = Pruned(&g);
        let h = scaled_heuristic(&g, &factors);
        let by_cost = [
            heurist::dijkstra(&p, start),
            heurist::astar(&p, start, |s: &usize| h.0[*s]),
            heurist::idastar(&p, start, |s: &usize| h.0[*s]),
        ];
        for r in &by_cost {
            prop_assert_eq!(replay_pruned(&g, start, r).map(|c| c.0), best);
            prop_assert_eq!(r.is_exhausted(), best.is_none());
        }
        for r in [heurist::bfs(&p, start), heurist::iddfs(&p, start)] {
            prop_assert_eq!(replay_pruned(&g, start, &r).map(|c| c.1), fewest);
            prop_assert_eq!(r.is_exhausted(), fewest.is_none());
        }
        // the non-optimal searches ignore the pruning and still find a path
        for r in [heurist::dfs(&p, start), heurist::greedy(&p, start, heurist::Zero)] {
            prop_assert_eq!(replay_pruned(&g, start, &r).is_some(), best.is_some());
        }
    }

    #[test]
    fn bfs_stores_agree_on_boxed_states((g, start) in graph_strategy(12, 20), bound in 0u32..40) {
        let plain = heurist::bfs(&g, start);
        let boxed = heurist::bfs(&Boxed(&g), vec![start]);
        prop_assert_eq!(boxed.solution().map(|s| s.len()), fewest_edges(&g, start));
        prop_assert_eq!(boxed.cost(), plain.cost());
        prop_assert_eq!(boxed.is_exhausted(), plain.is_exhausted());
        prop_assert_eq!(boxed.stats.stored, plain.stats.stored);
        if let Some(sol) = boxed.solution() {
            // the actions replay on the plain graph to the same cost
            let mut at = start;
            for a in sol.actions() {
                at = g.adj[at][*a].0;
            }
            prop_assert!(g.goal[at]);
            prop_assert_eq!(sol.steps.last().map_or(&sol.start, |s| &s.state), &vec![at]);
        }
        // under a cost bound both keep path costs and stop alike
        let opts = || Options::new().cost_bound(bound);
        let plain = heurist::bfs_with(&g, start, opts());
        let boxed = heurist::bfs_with(&Boxed(&g), vec![start], opts());
        prop_assert_eq!(boxed.cost(), plain.cost());
        prop_assert_eq!(boxed.stop_reason(), plain.stop_reason());
        if let Some(c) = plain.cost() {
            prop_assert!(c <= bound);
        }
    }

    #[test]
    fn any_path_searches_find_a_valid_path_iff_one_exists((g, start) in graph_strategy(14, 20)) {
        let reachable = fewest_edges(&g, start).is_some();
        let h = |s: &usize| (*s as u32) % 7;
        for r in [heurist::dfs(&g, start), heurist::greedy(&g, start, h)] {
            prop_assert_eq!(replay(&g, start, &r).is_some(), reachable);
            prop_assert_eq!(r.is_exhausted(), !reachable);
        }
        let limited = heurist::dfs_with(&g, start, Options::new().max_depth(3));
        if let Some(d) = fewest_edges(&g, start) {
            // Depth-limited DFS finds a path whenever one of at most 3 actions exists.
            prop_assert_eq!(limited.is_found(), d <= 3);
            if let Some(sol) = limited.solution() { prop_assert!(sol.len() <= 3); }
            replay(&g, start, &limited);
        }
    }

    #[test]
    fn stopped_searches_report_a_valid_lower_bound(
        (g, start) in graph_strategy(12, 20),
        factors in prop::collection::vec(any::<u8>(), 1..12),
        budget in 0u64..6,
    ) {
        let best = optimal_cost(&g, start);
        let h = scaled_heuristic(&g, &factors);
        let astar = heurist::astar_with(&g, start, |s: &usize| h.0[*s], Options::new().max_expansions(budget));
        let ida = heurist::idastar_with(&g, start, |s: &usize| h.0[*s], Options::new().max_expansions(budget));
        for r in [astar, ida] {
            match &r.outcome {
                Outcome::Found(_) => prop_assert_eq!(replay(&g, start, &r), best),
                Outcome::Exhausted => prop_assert!(best.is_none()),
                Outcome::Stopped { reason, lower_bound } => {
                    prop_assert_eq!(*reason, StopReason::MaxExpansions);
                    prop_assert!(r.stats.expanded <= budget);
                    if let (Some(lb), Some(b)) = (lower_bound, best) {
                        prop_assert!(*lb <= b, "lower bound {} above the optimum {}", lb, b);
                    }
                }
            }
        }
    }

    #[test]
    fn a_cost_bound_never_claims_exhaustion_wrongly((g, start) in graph_strategy(12, 20), bound in 0u32..40) {
        let best = optimal_cost(&g, start);
        let opts = || Options::new().cost_bound(bound);
        let results = [
            heurist::dijkstra_with(&g, start, opts()),
            heurist::astar_with(&g, start, heurist::Zero, opts()),
            heurist::idastar_with(&g, start, heurist::Zero, opts()),
        ];
        for r in results {
            match best {
                Some(b) if b <= bound => prop_assert_eq!(replay(&g, start, &r), Some(b)),
                Some(_) => prop_assert_eq!(r.stop_reason(), Some(StopReason::CostBound)),
                None => prop_assert!(r.is_exhausted() || r.stop_reason() == Some(StopReason::CostBound)),
            }
        }
    }
}

/// Random sparse graphs of a few thousand nodes (enough for breadth-first search to start
/// forgetting levels in a reversible space), goals rare.
fn big_graph_strategy() -> impl Strategy<Value = (Graph, usize)> {
    (2000usize..5000).prop_flat_map(|n| {
        (
            prop::collection::vec(prop::collection::vec((0..n, 0..=20u32), 1..3), n),
            prop::collection::vec(prop::bool::weighted(0.0005), n),
            0..n,
        )
            .prop_map(|(adj, goal, start)| (Graph { adj, goal }, start))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn bfs_in_a_reversible_space_forgets_nothing_it_needs(
        (g, start) in big_graph_strategy(),
        bound in 0u32..300,
        depth in 0usize..12,
    ) {
        // BFS keeps only three levels in its index (once it holds more than a couple of
        // thousand states): the same search, on both stores, with and without limits
        let g = undirected(&g);
        for k in 0..4 {
            let opts = || match k {
                0 => Options::new(),
                1 => Options::new().cost_bound(bound),
                2 => Options::new().max_depth(depth),
                _ => Options::new().max_states(depth * 300 + 1),
            };
            let all = heurist::bfs_with(&g, start, opts());
            let three = heurist::bfs_with(&Declared(&g, true, true), start, opts());
            let boxed = heurist::bfs_with(&Declared(Boxed(&g), true, true), vec![start], opts());
            prop_assert_eq!(three.cost(), all.cost());
            prop_assert_eq!(three.is_exhausted(), all.is_exhausted());
            prop_assert_eq!(three.stop_reason(), all.stop_reason());
            prop_assert_eq!(stats(&three), stats(&all));
            prop_assert_eq!(
                three.solution().map(|s| s.actions().copied().collect::<Vec<_>>()),
                all.solution().map(|s| s.actions().copied().collect::<Vec<_>>())
            );
            prop_assert_eq!(boxed.cost(), all.cost());
            prop_assert_eq!(boxed.stop_reason(), all.stop_reason());
            prop_assert_eq!(stats(&boxed), stats(&all));
            // the counts add up: every successor looked at is a duplicate or a new state
            // (without a cost bound or a memory bound, which leave some out)
            let (expanded, generated, duplicates, stored) = stats(&all);
            prop_assert!(expanded <= stored as u64);
            if k == 0 || k == 2 {
                let looked_at = duplicates + stored as u64 - 1;
                if all.solution().is_some() {
                    prop_assert!(looked_at <= generated);
                } else {
                    prop_assert_eq!(looked_at, generated);
                }
            }
        }
    }
}

/// A search's counts: expanded, generated, duplicates, stored.
fn stats<S, A, C>(r: &SearchResult<S, A, C>) -> (u64, u64, u64, usize) {
    (
        r.stats.expanded,
        r.stats.generated,
        r.stats.duplicates,
        r.stats.stored,
    )
}

/// An endless problem: the integers, each with two successors. No goal.
fn endless() -> impl Problem<State = u64, Action = (), Cost = u64> {
    heurist::FnProblem::new(
        |_: &u64| false,
        |n: &u64| [((), n + 1, 1), ((), n * 2 + 3, 1)],
    )
}

type Run = Box<dyn Fn(Options<'static, u64>) -> SearchResult<u64, (), u64>>;

/// Every algorithm, run on the endless problem from 1.
fn all_algorithms() -> Vec<(&'static str, Run)> {
    vec![
        ("bfs", Box::new(|o| heurist::bfs_with(&endless(), 1, o))),
        ("dfs", Box::new(|o| heurist::dfs_with(&endless(), 1, o))),
        ("iddfs", Box::new(|o| heurist::iddfs_with(&endless(), 1, o))),
        (
            "dijkstra",
            Box::new(|o| heurist::dijkstra_with(&endless(), 1, o)),
        ),
        (
            "astar",
            Box::new(|o| heurist::astar_with(&endless(), 1, heurist::Zero, o)),
        ),
        (
            "wastar",
            Box::new(|o| heurist::weighted_astar_with(&endless(), 1, heurist::Zero, 2.0, o)),
        ),
        (
            "greedy",
            Box::new(|o| heurist::greedy_with(&endless(), 1, heurist::Zero, o)),
        ),
        (
            "idastar",
            Box::new(|o| heurist::idastar_with(&endless(), 1, heurist::Zero, o)),
        ),
    ]
}

#[test]
fn every_limit_stops_every_algorithm_and_says_which() {
    for (name, run) in all_algorithms() {
        let r = run(Options::new().max_expansions(500));
        assert_eq!(r.stop_reason(), Some(StopReason::MaxExpansions), "{name}");
        assert_eq!(r.stats.expanded, 500, "{name}");

        let r = run(Options::new().time_limit(Duration::from_millis(30)));
        assert_eq!(r.stop_reason(), Some(StopReason::Deadline), "{name}");
        assert!(r.stats.elapsed >= Duration::from_millis(30), "{name}");

        let token = CancelToken::new();
        token.cancel();
        let r = run(Options::new().cancel(token));
        assert_eq!(r.stop_reason(), Some(StopReason::Cancelled), "{name}");

        // The endless space is finite below a cost bound: searched, then reported as stopped.
        let r = run(Options::new().cost_bound(6));
        assert_eq!(r.stop_reason(), Some(StopReason::CostBound), "{name}");
    }
    for (name, run) in all_algorithms() {
        if ["bfs", "dfs", "iddfs", "idastar"].contains(&name) {
            let r = run(Options::new().max_depth(8));
            assert_eq!(r.stop_reason(), Some(StopReason::MaxDepth), "{name}");
        } else {
            let r = run(Options::new().max_states(1000));
            assert_eq!(r.stop_reason(), Some(StopReason::MaxStates), "{name}");
            assert!(r.stats.stored <= 1000, "{name}");
        }
    }
    let r = heurist::dfs_with(&endless(), 1, Options::new().max_states(1000));
    assert_eq!(r.stop_reason(), Some(StopReason::MaxStates));
    let r = heurist::bfs_with(&endless(), 1, Options::new().max_states(1000));
    assert_eq!(r.stop_reason(), Some(StopReason::MaxStates));
}

#[test]
fn progress_is_reported_during_and_at_the_end() {
    let mut calls = 0;
    let mut last = 0;
    let opts = Options::new()
        .max_expansions(5000)
        .on_progress(Duration::ZERO, |s| {
            assert!(s.expanded >= last);
            assert!(
                s.stored as u64 > s.expanded,
                "stored states are reported live"
            );
            last = s.expanded;
            calls += 1;
        });
    let r = heurist::bfs_with(&endless(), 1, opts);
    assert_eq!(r.stop_reason(), Some(StopReason::MaxExpansions));
    assert!(calls >= 10, "{calls} progress reports");
    assert_eq!(last, 5000, "the last report has the final statistics");
}

#[test]
fn cancellation_from_another_thread() {
    let token = CancelToken::new();
    let handle = token.clone();
    let worker = std::thread::spawn(move || {
        heurist::astar_with(&endless(), 1, heurist::Zero, Options::new().cancel(handle))
    });
    std::thread::sleep(Duration::from_millis(50));
    token.cancel();
    let r = worker.join().unwrap();
    assert_eq!(r.stop_reason(), Some(StopReason::Cancelled));
    assert!(r.stats.expanded > 0);
}

#[test]
fn idastar_reopening_case_and_parent_check() {
    // A graph where the admissible heuristic is inconsistent: A* must reopen `b`.
    //   s -1-> a -1-> b -1-> g ;  s -3-> b
    // h(a) = 2 (admissible, true 2), h(b) = 0, h(s) = 0.
    let g = Graph {
        adj: vec![vec![(1, 1), (2, 3)], vec![(2, 1)], vec![(3, 1)], vec![]],
        goal: vec![false, false, false, true],
    };
    let h = |s: &usize| [0u32, 2, 0, 0][*s];
    let r = heurist::astar(&g, 0, h);
    assert_eq!(r.cost(), Some(3));
    assert_eq!(r.stats.reopened, 1);
    let r = heurist::idastar_with(&g, 0, h, Options::new().cycle_check(CycleCheck::Parent));
    assert_eq!(r.cost(), Some(3));
}

#[test]
fn start_is_goal() {
    let g = Graph {
        adj: vec![vec![(0, 5)]],
        goal: vec![true],
    };
    for r in [
        heurist::bfs(&g, 0),
        heurist::dfs(&g, 0),
        heurist::iddfs(&g, 0),
        heurist::dijkstra(&g, 0),
        heurist::astar(&g, 0, heurist::Zero),
        heurist::idastar(&g, 0, heurist::Zero),
        heurist::greedy(&g, 0, heurist::Zero),
    ] {
        let sol = r.solution().unwrap();
        assert!(sol.is_empty());
        assert_eq!(sol.cost, 0);
    }
}

/// `FnProblem::with_reversible` reaches breadth-first search: on a walk in a 60x60 grid
/// with walls (more states than the duplicate index's initial room), the search declared
/// reversible and the one not declared agree on the answer and every count.
#[test]
fn fn_problem_declares_reversibility() {
    let walk = |reversible| {
        heurist::FnProblem::new(
            |&s: &(i32, i32)| s == (58, 59),
            |&(x, y): &(i32, i32)| {
                [(1, 0), (-1, 0), (0, 1), (0, -1)]
                    .into_iter()
                    .map(move |(dx, dy)| ((dx, dy), (x + dx, y + dy), 1u32))
                    // walls in every seventh column, with a door in every eleventh row
                    .filter(|&(_, (x, y), _)| {
                        (0..60).contains(&x) && (0..60).contains(&y) && (x % 7 != 3 || y % 11 == 5)
                    })
            },
        )
        .with_reversible(reversible)
    };
    let (plain, declared) = (walk(false), walk(true));
    assert!(!plain.reversible() && declared.reversible());
    let (a, b) = (
        heurist::bfs(&plain, (0, 0)),
        heurist::bfs(&declared, (0, 0)),
    );
    assert!(a.cost().is_some() && a.stats.stored > 3000);
    assert_eq!(a.cost(), b.cost());
    assert_eq!(stats(&a), stats(&b));
    let actions = |r: &SearchResult<(i32, i32), (i32, i32), u32>| {
        r.solution().unwrap().actions().copied().collect::<Vec<_>>()
    };
    assert_eq!(actions(&a), actions(&b));
}

/// Points of a `k`-dimensional grid of side `n` (state: the coordinates packed 4 bits
/// each), some blocked; one action sets one coordinate to any other value, from and to a
/// free point, at a cost that depends on the coordinate. With `arrival` it declares
/// arrival pruning: after the coordinate `i` was set, setting it again is one action from
/// the state before (or none), so every further move of `i` is left out.
#[derive(Clone, Debug)]
struct Hamming {
    k: u32,
    n: u32,
    blocked: Vec<bool>,
    goal: Vec<bool>,
    arrival: bool,
}

impl Hamming {
    fn coord(s: u32, i: u32) -> u32 {
        s >> (4 * i) & 15
    }
    fn index(&self, s: u32) -> usize {
        (0..self.k).fold(0, |a, i| a * self.n as usize + Self::coord(s, i) as usize)
    }
}

impl Problem for Hamming {
    type State = u32;
    /// The coordinate set and its new value.
    type Action = (u32, u32);
    type Cost = u32;

    fn is_goal(&self, s: &u32) -> bool {
        self.goal[self.index(*s)]
    }

    fn successors(&self, s: &u32, out: &mut Successors<u32, (u32, u32), u32>) {
        self.successors_arrived(s, 0, out)
    }

    fn reversible(&self) -> bool {
        true
    }

    fn arrival_pruning(&self) -> bool {
        self.arrival
    }

    fn arrival_bits(&self, &(i, _): &(u32, u32)) -> u64 {
        1 << i
    }

    fn successors_arrived(
        &self,
        &s: &u32,
        arrived: u64,
        out: &mut Successors<u32, (u32, u32), u32>,
    ) {
        for i in (0..self.k).filter(|i| arrived >> i & 1 == 0) {
            for v in (0..self.n).filter(|&v| v != Self::coord(s, i)) {
                let t = (s & !(15 << (4 * i))) | v << (4 * i);
                if !self.blocked[self.index(t)] {
                    out.push((i, v), t, i + 1);
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// BFS with arrival sets takes the same path through the same states as without, with
    /// fewer successors: with every option (limits, cost bound) and with the space
    /// declared reversible or not.
    #[test]
    fn arrival_pruning_changes_only_the_generated_counts(
        k in 2u32..5,
        n in 2u32..7,
        seed in any::<u64>(),
        blocked_pct in 0u64..45,
        limit in 1usize..300,
    ) {
        let size = (n as usize).pow(k);
        let mut x = seed | 1;
        let mut rnd = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let blocked: Vec<bool> = (0..size).map(|_| rnd() % 100 < blocked_pct).collect();
        let goal: Vec<bool> = (0..size).map(|_| rnd() % 100 < 2).collect();
        let start = (0..k).fold(0, |s, i| s | ((rnd() % u64::from(n)) as u32) << (4 * i));
        let plain = Hamming { k, n, blocked, goal, arrival: false };
        prop_assume!(!plain.blocked[plain.index(start)]);
        let pruned = Hamming { arrival: true, ..plain.clone() };
        let option = |i: usize| match i {
            0 => Options::new(),
            1 => Options::new().max_states(limit),
            2 => Options::new().max_depth(limit % 6),
            _ => Options::new().cost_bound(limit as u32 % 12),
        };
        for i in 0..4 {
            let pairs = [
                (
                    heurist::bfs_with(&pruned, start, option(i)),
                    heurist::bfs_with(&plain, start, option(i)),
                ),
                (
                    heurist::bfs_with(&Declared(&pruned, false, true), start, option(i)),
                    heurist::bfs_with(&Declared(&plain, false, true), start, option(i)),
                ),
            ];
            for (x, y) in &pairs {
                prop_assert_eq!(x.solution(), y.solution());
                prop_assert_eq!(x.stop_reason(), y.stop_reason());
                prop_assert_eq!(x.is_exhausted(), y.is_exhausted());
                prop_assert_eq!(
                    (x.stats.expanded, x.stats.stored),
                    (y.stats.expanded, y.stats.stored)
                );
                prop_assert!(x.stats.generated <= y.stats.generated);
            }
        }
        // without a limit, every reachable state is stored once either way
        let (x, y) = (heurist::bfs(&pruned, start), heurist::bfs(&plain, start));
        prop_assert_eq!(stats(&x).3, stats(&y).3);
    }
}

/// Arrival sets pay off: on an open 4-dimensional grid, BFS generates far fewer successors.
#[test]
fn arrival_pruning_saves_most_of_the_generation() {
    let (k, n) = (4, 6);
    let size = 6usize.pow(4);
    let mut goal = vec![false; size];
    goal[size - 1] = true;
    let plain = Hamming {
        k,
        n,
        blocked: vec![false; size],
        goal,
        arrival: false,
    };
    let pruned = Hamming {
        arrival: true,
        ..plain.clone()
    };
    let (x, y) = (heurist::bfs(&pruned, 0), heurist::bfs(&plain, 0));
    assert_eq!(x.cost(), Some(10)); // the four coordinates set, at costs 1 to 4
    assert_eq!(x.solution(), y.solution());
    assert!(
        x.stats.generated * 2 < y.stats.generated,
        "{} of {}",
        x.stats.generated,
        y.stats.generated
    );
}
