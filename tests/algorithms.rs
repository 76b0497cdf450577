//! Property tests of the generic algorithms on random weighted digraphs, against references
//! written here: Bellman-Ford for least cost, a plain queue BFS for fewest actions.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use heurist::{
    AStar, Bfs, CancelToken, CycleCheck, Dfs, Dijkstra, FnProblem, Greedy, Heuristic, IdaStar,
    Iddfs, Limits, MovePruning, OpenList, Outcome, Problem, SearchResult, Stats, StopReason,
    Successors, WeightedAStar, Zero,
};
use proptest::prelude::*;

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
/// strictly cheaper than the two steps. A skip set is a bit set of edge indices of the
/// state reached.
struct Pruned<'a>(&'a Graph);

impl Problem for Pruned<'_> {
    type State = usize;
    type Action = (usize, usize);
    type Cost = u32;

    fn is_goal(&self, s: &usize) -> bool {
        self.0.goal[*s]
    }

    fn successors(&self, s: &usize, out: &mut Successors<usize, (usize, usize), u32>) {
        self.successors_skipping(s, 0, out)
    }
}

impl MovePruning for Pruned<'_> {
    type Skip = u64;

    fn skip_after(&self, &(u, j): &(usize, usize)) -> u64 {
        let (v, first) = self.0.adj[u][j];
        let mut skip = 0;
        for (i, &(t, w)) in self.0.adj[v].iter().enumerate() {
            let two = first + w;
            let direct = self.0.adj[u].iter().filter(|e| e.0 == t).map(|e| e.1).min();
            if (t == u && two > 0) || direct.is_some_and(|d| d < two) {
                skip |= 1 << i;
            }
        }
        skip
    }

    fn successors_skipping(
        &self,
        s: &usize,
        skip: u64,
        out: &mut Successors<usize, (usize, usize), u32>,
    ) {
        for (i, &(t, w)) in self.0.adj[*s].iter().enumerate() {
            if skip >> i & 1 == 0 {
                out.push((*s, i), t, w);
            }
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

/// What the cost bound `bound` should leave out in a search by path cost on `g` from
/// `start` (Dijkstra, or A* with the zero heuristic), which expands every state whose least
/// cost is within the bound: the costs `dist(u) + w > bound` of the edges `u -> v` with
/// `dist(u) <= bound`, as `(smallest over all such edges, smallest over those with
/// dist(v) > bound)`. The search records the crossing edges into states it has not stored
/// (every one of the second kind, and possibly some of the first), so the lower bound it
/// reports lies between the two; the second is `None` when every reachable state is within
/// the bound.
fn left_out_by_bound(g: &Graph, start: usize, bound: u32) -> (Option<u32>, Option<u32>) {
    let dist = bellman_ford(g, start);
    let (mut any, mut beyond) = (None::<u32>, None::<u32>);
    for u in 0..g.adj.len() {
        let Some(du) = dist[u].filter(|&d| d <= bound) else {
            continue;
        };
        for &(v, w) in &g.adj[u] {
            let f = du + w;
            if f > bound {
                any = Some(any.map_or(f, |a| a.min(f)));
                if dist[v].is_some_and(|dv| dv > bound) {
                    beyond = Some(beyond.map_or(f, |b| b.min(f)));
                }
            }
        }
    }
    (any, beyond)
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
            let r = AStar::new().open_list(list).search(&g, start, Scaled(h.0.clone()));
            prop_assert_eq!(replay(&g, start, &r), best, "A* with {:?}", list);
            results.push(r);
            let r = Dijkstra::new().open_list(list).search(&g, start);
            prop_assert_eq!(replay(&g, start, &r), best, "Dijkstra with {:?}", list);
            results.push(r);
        }
        let ida = IdaStar::new().search(&g, start, Scaled(h.0.clone()));
        prop_assert_eq!(replay(&g, start, &ida), best);
        results.push(ida);
        let exact = Scaled(cost_to_goal(&g).iter().map(|d| d.unwrap_or(0)).collect());
        prop_assert_eq!(replay(&g, start, &AStar::new().search(&g, start, exact)), best);

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
        let r = WeightedAStar::new(weight).search(&g, start, h);
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
        let ida = IdaStar::new().search(&u, start, Zero);
        prop_assert_eq!(replay(&u, start, &ida), fewest.map(|d| d as u32));
    }

    #[test]
    fn move_pruning_keeps_the_optimal_searches_optimal(
        (g, start) in graph_strategy(12, 20),
        factors in prop::collection::vec(any::<u8>(), 1..12),
        bound in 0u32..40,
    ) {
        let best = optimal_cost(&g, start);
        let fewest = fewest_edges(&g, start);
        let p = Pruned(&g);
        let h = scaled_heuristic(&g, &factors);
        let h = |s: &usize| h.0[*s];
        // each optimal search, with move pruning and without
        let by_cost = [
            (
                Dijkstra::new().move_pruning().search(&p, start),
                Dijkstra::new().search(&p, start),
            ),
            (
                AStar::new().move_pruning().search(&p, start, h),
                AStar::new().search(&p, start, h),
            ),
            (
                IdaStar::new().move_pruning().search(&p, start, h),
                IdaStar::new().search(&p, start, h),
            ),
        ];
        for (r, plain) in &by_cost {
            prop_assert_eq!(replay_pruned(&g, start, r).map(|c| c.0), best);
            prop_assert_eq!(r.is_exhausted(), best.is_none());
            prop_assert_eq!(replay_pruned(&g, start, plain).map(|c| c.0), r.cost());
            prop_assert_eq!(plain.is_exhausted(), r.is_exhausted());
        }
        let by_length = [
            (Bfs::new().move_pruning().search(&p, start), Bfs::new().search(&p, start)),
            (Iddfs::new().move_pruning().search(&p, start), Iddfs::new().search(&p, start)),
        ];
        for (r, plain) in &by_length {
            prop_assert_eq!(replay_pruned(&g, start, r).map(|c| c.1), fewest);
            prop_assert_eq!(r.is_exhausted(), fewest.is_none());
            prop_assert_eq!(replay_pruned(&g, start, plain).map(|c| c.1), fewest);
            prop_assert_eq!(plain.is_exhausted(), r.is_exhausted());
        }
        // BFS with pruning takes the same path through the same states as without (with
        // the union of every arrival's skip set; under a cost bound, the first arrival's)
        let (r, plain) = &by_length[0];
        prop_assert_eq!(r.solution(), plain.solution());
        prop_assert_eq!(stats(r).3, stats(plain).3);
        prop_assert!(r.stats.generated <= plain.stats.generated);
        let r = Bfs::new().cost_bound(bound).move_pruning().search(&p, start);
        let plain = Bfs::new().cost_bound(bound).search(&p, start);
        prop_assert_eq!(r.solution(), plain.solution());
        prop_assert_eq!(r.stop_reason(), plain.stop_reason());
        prop_assert_eq!(stats(&r).3, stats(&plain).3);
        prop_assert!(r.stats.generated <= plain.stats.generated);
        // the non-optimal searches ignore the pruning and still find a path
        for r in [heurist::dfs(&p, start), Greedy::new().search(&p, start, Zero)] {
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
        let config = Bfs::new().cost_bound(bound);
        let plain = config.search(&g, start);
        let boxed = config.search(&Boxed(&g), vec![start]);
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
        let limited = Dfs::new().max_depth(3).search(&g, start);
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
        let astar = AStar::new().max_expansions(budget).search(&g, start, |s: &usize| h.0[*s]);
        let ida = IdaStar::new().max_expansions(budget).search(&g, start, |s: &usize| h.0[*s]);
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
        let results = [
            Dijkstra::new().cost_bound(bound).search(&g, start),
            AStar::new().cost_bound(bound).search(&g, start, Zero),
            IdaStar::new().cost_bound(bound).search(&g, start, Zero),
        ];
        for r in results {
            match best {
                Some(b) if b <= bound => prop_assert_eq!(replay(&g, start, &r), Some(b)),
                Some(_) => prop_assert_eq!(r.stop_reason(), Some(StopReason::CostBound)),
                None => prop_assert!(r.is_exhausted() || r.stop_reason() == Some(StopReason::CostBound)),
            }
        }
    }

    /// Stopped by a cost bound, the optimal searches report the smallest `f` they left out:
    /// above the bound, and (with an admissible heuristic) at most the optimum. With the
    /// zero heuristic, Dijkstra and A* leave out exactly the edges leaving the states within
    /// the bound, so the bound lies between the two references of [`left_out_by_bound`].
    #[test]
    fn a_cost_bound_reports_the_cheapest_cost_left_out(
        (g, start) in graph_strategy(12, 20),
        factors in prop::collection::vec(any::<u8>(), 1..12),
        bound in 0u32..40,
        cut in any::<u32>(),
    ) {
        let best = optimal_cost(&g, start);
        let h = scaled_heuristic(&g, &factors);
        // a random bound, and one below the optimum when there is one above zero
        let mut bounds = vec![bound];
        if let Some(b) = best.filter(|&b| b > 0) {
            bounds.push(cut % b);
        }
        for bound in bounds {
            let (any, beyond) = left_out_by_bound(&g, start, bound);
            let mut by_cost = vec![];
            for list in [OpenList::Indexed, OpenList::Lazy, OpenList::Buckets] {
                by_cost.push(Dijkstra::new().open_list(list).cost_bound(bound).search(&g, start));
                let astar = AStar::new().open_list(list).cost_bound(bound);
                by_cost.push(astar.search(&g, start, Zero));
                by_cost.push(astar.search(&g, start, |_: &usize| 0));
            }
            for r in &by_cost {
                match (best, beyond) {
                    (Some(b), _) if b <= bound => prop_assert_eq!(replay(&g, start, r), Some(b)),
                    (_, Some(beyond)) => {
                        prop_assert_eq!(r.stop_reason(), Some(StopReason::CostBound));
                        let lb = r.lower_bound().expect("a lower bound");
                        prop_assert!(lb > bound);
                        prop_assert!(any.is_some_and(|a| a <= lb) && lb <= beyond,
                            "lower bound {} outside {:?}..={}", lb, any, beyond);
                        if let Some(b) = best {
                            prop_assert!(lb <= b, "lower bound {} above the optimum {}", lb, b);
                        }
                    }
                    (_, None) => {
                        // every reachable state is within the bound: no goal among them
                        prop_assert!(best.is_none());
                        match r.lower_bound() {
                            None => prop_assert!(r.is_exhausted()),
                            Some(lb) => {
                                prop_assert_eq!(r.stop_reason(), Some(StopReason::CostBound));
                                prop_assert!(any.is_some_and(|a| a <= lb));
                            }
                        }
                    }
                }
            }
            // with an admissible heuristic, and in IDA*: above the bound, at most the optimum
            let with_h = [
                AStar::new().cost_bound(bound).search(&g, start, |s: &usize| h.0[*s]),
                AStar::new()
                    .cost_bound(bound)
                    .open_list(OpenList::Lazy)
                    .search(&g, start, Scaled(h.0.clone())),
                IdaStar::new().cost_bound(bound).search(&g, start, Zero),
                IdaStar::new().cost_bound(bound).search(&g, start, |s: &usize| h.0[*s]),
                IdaStar::new()
                    .cost_bound(bound)
                    .cycle_check(CycleCheck::Parent)
                    .max_expansions(100_000)
                    .search(&g, start, |s: &usize| h.0[*s]),
            ];
            for r in &with_h {
                if r.stop_reason() == Some(StopReason::MaxExpansions) {
                    // (IDA* with the parent check, on a cycle of zero-cost edges)
                    continue;
                }
                match best {
                    Some(b) if b <= bound => prop_assert_eq!(replay(&g, start, r), Some(b)),
                    Some(b) => {
                        prop_assert_eq!(r.stop_reason(), Some(StopReason::CostBound));
                        let lb = r.lower_bound().expect("a lower bound");
                        prop_assert!(
                            bound < lb && lb <= b,
                            "lower bound {} not in {}<..={}", lb, bound, b
                        );
                    }
                    None => {
                        let bounded = r.stop_reason() == Some(StopReason::CostBound);
                        prop_assert!(r.is_exhausted() || bounded);
                        if let Some(lb) = r.lower_bound() {
                            prop_assert!(lb > bound);
                        }
                    }
                }
            }
        }
    }

    /// On unit costs with the zero heuristic, every cost left out by a bound `b` is `b + 1`.
    #[test]
    fn on_unit_costs_the_lower_bound_is_one_above_the_cost_bound(
        (g, start) in graph_strategy(12, 20),
        bound in 0u32..8,
    ) {
        let u = unit(&g);
        let best = optimal_cost(&u, start);
        let results = [
            Dijkstra::new().cost_bound(bound).search(&u, start),
            AStar::new().cost_bound(bound).search(&u, start, Zero),
            AStar::new().cost_bound(bound).open_list(OpenList::Indexed).search(&u, start, Zero),
            IdaStar::new().cost_bound(bound).search(&u, start, Zero),
        ];
        for r in &results {
            match best {
                Some(b) if b <= bound => prop_assert_eq!(replay(&u, start, r), Some(b)),
                Some(_) => {
                    prop_assert_eq!(r.stop_reason(), Some(StopReason::CostBound));
                    prop_assert_eq!(r.lower_bound(), Some(bound + 1));
                }
                None => match r.lower_bound() {
                    None => prop_assert!(r.is_exhausted()),
                    Some(lb) => {
                        prop_assert_eq!(r.stop_reason(), Some(StopReason::CostBound));
                        prop_assert_eq!(lb, bound + 1);
                    }
                },
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
            let config = match k {
                0 => Bfs::new(),
                1 => Bfs::new().cost_bound(bound),
                2 => Bfs::new().max_depth(depth),
                _ => Bfs::new().max_states(depth * 300 + 1),
            };
            let all = config.search(&g, start);
            let reversible = config.clone().reversible(true);
            let three = reversible.search(&g, start);
            let boxed = reversible.search(&Boxed(&g), vec![start]);
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
    FnProblem::new(
        |_: &u64| false,
        |n: &u64| [((), n + 1, 1), ((), n * 2 + 3, 1)],
    )
}

/// Runs one algorithm with these limits and, if it has one, this depth limit.
type Run = Box<dyn Fn(Limits<'static, u64>, Option<usize>) -> SearchResult<u64, (), u64>>;

/// Every algorithm, run on the endless problem from 1.
fn all_algorithms() -> Vec<(&'static str, Run)> {
    vec![
        (
            "bfs",
            Box::new(|l: Limits<'static, u64>, d: Option<usize>| {
                let c = Bfs::new().limits(l);
                match d {
                    Some(d) => c.max_depth(d),
                    None => c,
                }
                .search(&endless(), 1)
            }),
        ),
        (
            "dfs",
            Box::new(|l: Limits<'static, u64>, d: Option<usize>| {
                let c = Dfs::new().limits(l);
                match d {
                    Some(d) => c.max_depth(d),
                    None => c,
                }
                .search(&endless(), 1)
            }),
        ),
        (
            "iddfs",
            Box::new(|l: Limits<'static, u64>, d: Option<usize>| {
                let c = Iddfs::new().limits(l);
                match d {
                    Some(d) => c.max_depth(d),
                    None => c,
                }
                .search(&endless(), 1)
            }),
        ),
        (
            "dijkstra",
            Box::new(|l: Limits<'static, u64>, _| Dijkstra::new().limits(l).search(&endless(), 1)),
        ),
        (
            "astar",
            Box::new(|l: Limits<'static, u64>, _| {
                AStar::new().limits(l).search(&endless(), 1, Zero)
            }),
        ),
        (
            "wastar",
            Box::new(|l: Limits<'static, u64>, _| {
                WeightedAStar::new(2.0)
                    .limits(l)
                    .search(&endless(), 1, Zero)
            }),
        ),
        (
            "greedy",
            Box::new(|l: Limits<'static, u64>, _| {
                Greedy::new().limits(l).search(&endless(), 1, Zero)
            }),
        ),
        (
            "idastar",
            Box::new(|l: Limits<'static, u64>, d: Option<usize>| {
                let c = IdaStar::new().limits(l);
                match d {
                    Some(d) => c.max_depth(d),
                    None => c,
                }
                .search(&endless(), 1, Zero)
            }),
        ),
    ]
}

#[test]
fn every_limit_stops_every_algorithm_and_says_which() {
    for (name, run) in all_algorithms() {
        let r = run(Limits::new().max_expansions(500), None);
        assert_eq!(r.stop_reason(), Some(StopReason::MaxExpansions), "{name}");
        assert_eq!(r.stats.expanded, 500, "{name}");

        let r = run(Limits::new().time_limit(Duration::from_millis(30)), None);
        assert_eq!(r.stop_reason(), Some(StopReason::Deadline), "{name}");
        assert!(r.stats.elapsed >= Duration::from_millis(30), "{name}");

        let token = CancelToken::new();
        token.cancel();
        let r = run(Limits::new().cancel(token), None);
        assert_eq!(r.stop_reason(), Some(StopReason::Cancelled), "{name}");

        // The endless space is finite below a cost bound: searched, then reported as stopped.
        let r = run(Limits::new().cost_bound(6), None);
        assert_eq!(r.stop_reason(), Some(StopReason::CostBound), "{name}");
    }
    for (name, run) in all_algorithms() {
        if ["bfs", "dfs", "iddfs", "idastar"].contains(&name) {
            let r = run(Limits::new(), Some(8));
            assert_eq!(r.stop_reason(), Some(StopReason::MaxDepth), "{name}");
        } else {
            let r = run(Limits::new().max_states(1000), None);
            assert_eq!(r.stop_reason(), Some(StopReason::MaxStates), "{name}");
            assert!(r.stats.stored <= 1000, "{name}");
        }
    }
    let r = Dfs::new().max_states(1000).search(&endless(), 1);
    assert_eq!(r.stop_reason(), Some(StopReason::MaxStates));
    let r = Bfs::new().max_states(1000).search(&endless(), 1);
    assert_eq!(r.stop_reason(), Some(StopReason::MaxStates));
}

#[test]
fn progress_is_reported_during_and_at_the_end() {
    let mut calls = 0;
    let mut last = 0;
    let config = Bfs::new()
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
    let r = config.search(&endless(), 1);
    assert_eq!(r.stop_reason(), Some(StopReason::MaxExpansions));
    drop(config);
    assert!(calls >= 10, "{calls} progress reports");
    assert_eq!(last, 5000, "the last report has the final statistics");
}

/// A configuration with a progress callback can be cloned; the clones share the callback,
/// and each of them reports to it, one after the other or at the same time.
#[test]
fn cloned_configurations_share_the_progress_callback() {
    // every report pushed to one list: two runs of 3000 expansions, one after the other
    let mut seen = Vec::new();
    let config = AStar::new()
        .max_expansions(3000)
        .on_progress(Duration::ZERO, |s: &Stats| seen.push(s.expanded));
    let copy = config.clone();
    assert_eq!(config.search(&endless(), 1, Zero).stats.expanded, 3000);
    assert_eq!(copy.search(&endless(), 1, Zero).stats.expanded, 3000);
    drop((config, copy));
    let restarts = seen.windows(2).filter(|w| w[1] < w[0]).count();
    assert_eq!(restarts, 1, "two runs reported: {seen:?}");
    assert_eq!(seen.iter().filter(|&&e| e == 3000).count(), 2, "{seen:?}");

    // every configuration, each clone on its own thread
    let reports = AtomicU64::new(0);
    let count = || reports.load(Ordering::Relaxed);
    let tick = |_: &Stats| {
        reports.fetch_add(1, Ordering::Relaxed);
    };
    let limits = Limits::new()
        .max_expansions(2000)
        .on_progress(Duration::ZERO, tick);
    macro_rules! both_report {
        ($config:expr, $($h:expr)?) => {{
            let config = $config.limits(limits.clone());
            let copy = config.clone();
            let before = count();
            let r = config.search(&endless(), 1 $(, $h)?);
            assert_eq!(r.stats.expanded, 2000, "{}", stringify!($config));
            let after_one = count();
            assert!(after_one > before, "{}", stringify!($config));
            let r = copy.search(&endless(), 1 $(, $h)?);
            assert_eq!(r.stats.expanded, 2000, "{}", stringify!($config));
            let after_two = count();
            assert!(after_two > after_one, "{}", stringify!($config));
            std::thread::scope(|s| {
                for c in [&config, &copy] {
                    s.spawn(move || c.search(&endless(), 1 $(, $h)?));
                }
            });
            assert!(count() >= after_two + 2, "{}", stringify!($config));
        }};
    }
    both_report!(Bfs::new(),);
    both_report!(Dfs::new(),);
    both_report!(Iddfs::new(),);
    both_report!(Dijkstra::new(),);
    both_report!(AStar::new(), Zero);
    both_report!(WeightedAStar::new(1.5), Zero);
    both_report!(Greedy::new(), Zero);
    both_report!(IdaStar::new(), Zero);
    // a clone keeps the other settings too
    let capped = Bfs::new().max_depth(4).reversible(true);
    assert_eq!(
        capped.clone().search(&endless(), 1).stop_reason(),
        Some(StopReason::MaxDepth)
    );
}

#[test]
fn cancellation_from_another_thread() {
    let token = CancelToken::new();
    let handle = token.clone();
    let worker =
        std::thread::spawn(move || AStar::new().cancel(handle).search(&endless(), 1, Zero));
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
    let r = IdaStar::new()
        .cycle_check(CycleCheck::Parent)
        .search(&g, 0, h);
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
        AStar::new().search(&g, 0, Zero),
        IdaStar::new().search(&g, 0, Zero),
        Greedy::new().search(&g, 0, Zero),
    ] {
        let sol = r.solution().unwrap();
        assert!(sol.is_empty());
        assert_eq!(sol.cost, 0);
    }
}

/// `Bfs::reversible` reaches breadth-first search: on a walk in a 60x60 grid with walls
/// (more states than the duplicate index's initial room), the search declared reversible
/// and the one not declared agree on the answer and every count.
#[test]
fn bfs_declared_reversible_agrees_with_the_plain_search() {
    let walk = FnProblem::new(
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
    );
    let (a, b) = (
        heurist::bfs(&walk, (0, 0)),
        Bfs::new().reversible(true).search(&walk, (0, 0)),
    );
    assert!(a.cost().is_some() && a.stats.stored > 3000);
    assert_eq!(a.cost(), b.cost());
    assert_eq!(stats(&a), stats(&b));
    let actions = |r: &SearchResult<(i32, i32), (i32, i32), u32>| {
        r.solution().unwrap().actions().copied().collect::<Vec<_>>()
    };
    assert_eq!(actions(&a), actions(&b));

    // the declaration does reach the search: on a one-way cycle (not reversible), which
    // the plain search exhausts, the declared search forgets the start and goes round again
    let n = 10_000u32;
    let cycle = FnProblem::new(|_: &u32| false, |&s: &u32| [((), (s + 1) % n, 1u32)]);
    let plain = Bfs::new().max_states(3 * n as usize);
    let r = plain.search(&cycle, 0);
    assert!(r.is_exhausted());
    assert_eq!(r.stats.stored, n as usize);
    let wrong = plain.clone().reversible(true).search(&cycle, 0);
    assert!(
        wrong.stats.stored > n as usize,
        "{:?} {:?}",
        wrong.outcome,
        wrong.stats
    );
}

/// Points of a `k`-dimensional grid of side `n` (state: the coordinates packed 4 bits
/// each), some blocked; one action sets one coordinate to any other value, from and to a
/// free point, at a cost that depends on the coordinate. Its move pruning: after the
/// coordinate `i` was set, setting it again is one action from the state before (or none),
/// so every further move of `i` is left out.
#[derive(Clone, Debug)]
struct Hamming {
    k: u32,
    n: u32,
    blocked: Vec<bool>,
    goal: Vec<bool>,
}

impl Hamming {
    fn coord(s: u32, i: u32) -> u32 {
        s >> (4 * i) & 15
    }
    fn index(&self, s: u32) -> usize {
        (0..self.k).fold(0, |a, i| a * self.n as usize + Self::coord(s, i) as usize)
    }
    /// Every point of the grid.
    fn points(&self) -> Vec<u32> {
        (0..self.blocked.len())
            .map(|mut x| {
                let mut s = 0;
                for i in (0..self.k).rev() {
                    s |= ((x % self.n as usize) as u32) << (4 * i);
                    x /= self.n as usize;
                }
                s
            })
            .collect()
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
        self.successors_skipping(s, 0, out)
    }
}

impl MovePruning for Hamming {
    /// Bit `i`: leave out the moves of coordinate `i`.
    type Skip = u64;

    fn skip_after(&self, &(i, _): &(u32, u32)) -> u64 {
        1 << i
    }

    fn successors_skipping(&self, &s: &u32, skip: u64, out: &mut Successors<u32, (u32, u32), u32>) {
        for i in (0..self.k).filter(|i| skip >> i & 1 == 0) {
            for v in (0..self.n).filter(|&v| v != Self::coord(s, i)) {
                let t = (s & !(15 << (4 * i))) | v << (4 * i);
                if !self.blocked[self.index(t)] {
                    out.push((i, v), t, i + 1);
                }
            }
        }
    }
}

/// A random [`Hamming`] grid from `seed`, about `blocked_pct` percent of its points
/// blocked and `goal_pct` percent goals, and a start point (which may be blocked).
fn hamming(k: u32, n: u32, seed: u64, blocked_pct: u64, goal_pct: u64) -> (Hamming, u32) {
    let size = (n as usize).pow(k);
    let mut x = seed | 1;
    let mut rnd = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let blocked: Vec<bool> = (0..size).map(|_| rnd() % 100 < blocked_pct).collect();
    let goal: Vec<bool> = (0..size).map(|_| rnd() % 100 < goal_pct).collect();
    let start = (0..k).fold(0, |s, i| s | ((rnd() % u64::from(n)) as u32) << (4 * i));
    (
        Hamming {
            k,
            n,
            blocked,
            goal,
        },
        start,
    )
}

/// From every point of `p` (by [`Hamming::index`]), the least cost to a goal, and the
/// fewest actions to one (`None`: no goal reachable), relaxing over every free point until
/// nothing changes.
fn hamming_to_goal(p: &Hamming) -> (Vec<Option<u32>>, Vec<Option<u32>>) {
    let points = p.points();
    let free = |s: u32| !p.blocked[p.index(s)];
    let mut cost: Vec<Option<u32>> = points
        .iter()
        .map(|&s| (free(s) && p.is_goal(&s)).then_some(0))
        .collect();
    let mut steps = cost.clone();
    let mut out = Successors::new();
    loop {
        let mut changed = false;
        for &s in points.iter().filter(|&&s| free(s)) {
            out.clear();
            p.successors(&s, &mut out);
            let at = p.index(s);
            for t in &out {
                let to = p.index(t.state);
                if let Some(c) = cost[to] {
                    if cost[at].is_none_or(|x| c + t.cost < x) {
                        cost[at] = Some(c + t.cost);
                        changed = true;
                    }
                }
                if let Some(d) = steps[to] {
                    if steps[at].is_none_or(|x| d + 1 < x) {
                        steps[at] = Some(d + 1);
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return (cost, steps);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// BFS with move pruning (the union of the skip sets of every way into a state) takes
    /// the same path through the same states as without, with fewer successors: with every
    /// limit (cost bound included) and with the space declared reversible or not.
    #[test]
    fn bfs_move_pruning_changes_only_the_generated_counts(
        k in 2u32..5,
        n in 2u32..7,
        seed in any::<u64>(),
        blocked_pct in 0u64..45,
        limit in 1usize..300,
    ) {
        let (p, start) = hamming(k, n, seed, blocked_pct, 2);
        prop_assume!(!p.blocked[p.index(start)]);
        for i in 0..4 {
            let config = match i {
                0 => Bfs::new(),
                1 => Bfs::new().max_states(limit),
                2 => Bfs::new().max_depth(limit % 6),
                _ => Bfs::new().cost_bound(limit as u32 % 12),
            };
            for reversible in [true, false] {
                let plain = config.clone().reversible(reversible);
                let x = plain.clone().move_pruning().search(&p, start);
                let y = plain.search(&p, start);
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
        let config = Bfs::new().reversible(true);
        let (x, y) = (config.clone().move_pruning().search(&p, start), config.search(&p, start));
        prop_assert_eq!(stats(&x).3, stats(&y).3);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Every optimal search returns the same optimum with move pruning as without, and the
    /// one computed here.
    #[test]
    fn move_pruning_keeps_every_optimal_search_optimal_on_grids(
        k in 1u32..5,
        n in 2u32..6,
        seed in any::<u64>(),
        blocked_pct in 0u64..45,
        goal_pct in 1u64..25,
        factors in prop::collection::vec(any::<u8>(), 1..12),
    ) {
        let (mut p, start) = hamming(k, n, seed, blocked_pct, goal_pct);
        let at = p.index(start);
        p.blocked[at] = false;
        let (to_goal, steps_to_goal) = hamming_to_goal(&p);
        let (best, fewest) = (to_goal[p.index(start)], steps_to_goal[p.index(start)]);
        // admissible, usually inconsistent
        let h = |s: &u32| {
            let at = p.index(*s);
            to_goal[at].map_or(0, |d| d * u32::from(factors[at % factors.len()]) / 255)
        };

        let pairs = [
            (Dijkstra::new().move_pruning().search(&p, start), Dijkstra::new().search(&p, start)),
            (AStar::new().move_pruning().search(&p, start, h), AStar::new().search(&p, start, h)),
            (
                AStar::new().move_pruning().open_list(OpenList::Indexed).search(&p, start, Zero),
                AStar::new().open_list(OpenList::Indexed).search(&p, start, Zero),
            ),
        ];
        for (x, y) in &pairs {
            prop_assert_eq!(x.cost(), best);
            prop_assert_eq!(y.cost(), best);
            prop_assert_eq!(x.is_exhausted(), best.is_none());
            prop_assert_eq!(y.is_exhausted(), best.is_none());
        }
        let (x, y) = (Bfs::new().move_pruning().search(&p, start), Bfs::new().search(&p, start));
        prop_assert_eq!(x.solution().map(|s| s.len() as u32), fewest);
        prop_assert_eq!(y.solution().map(|s| s.len() as u32), fewest);
        prop_assert_eq!(x.is_exhausted(), fewest.is_none());
        // the tree searches, where they take little time (on a reachable goal not far off)
        if fewest.is_some_and(|d| d <= 4) {
            let x = Iddfs::new().move_pruning().search(&p, start);
            let y = Iddfs::new().search(&p, start);
            prop_assert_eq!(x.solution().map(|s| s.len() as u32), fewest);
            prop_assert_eq!(y.solution().map(|s| s.len() as u32), fewest);
        }
        if best.is_some_and(|c| c <= 8) {
            for check in [CycleCheck::Path, CycleCheck::Parent] {
                let ida = IdaStar::new().cycle_check(check);
                let x = ida.clone().move_pruning().search(&p, start, h);
                let y = ida.search(&p, start, h);
                prop_assert_eq!(x.cost(), best);
                prop_assert_eq!(y.cost(), best);
            }
        }
    }
}

/// Move pruning pays off: on an open 4-dimensional grid, BFS generates far fewer
/// successors, and every other optimal search fewer, at the same cost.
#[test]
fn move_pruning_saves_most_of_the_generation() {
    let (k, n) = (4, 6);
    let size = 6usize.pow(4);
    let mut goal = vec![false; size];
    goal[size - 1] = true;
    let p = Hamming {
        k,
        n,
        blocked: vec![false; size],
        goal,
    };
    let config = Bfs::new().reversible(true);
    let (x, y) = (
        config.clone().move_pruning().search(&p, 0),
        config.search(&p, 0),
    );
    assert_eq!(x.cost(), Some(10)); // the four coordinates set, at costs 1 to 4
    assert_eq!(x.solution(), y.solution());
    assert!(
        x.stats.generated * 2 < y.stats.generated,
        "{} of {}",
        x.stats.generated,
        y.stats.generated
    );

    // the cost of the coordinates not yet at the goal's value: exact on the open grid
    let h = |&s: &u32| {
        (0..k)
            .filter(|&i| Hamming::coord(s, i) != n - 1)
            .map(|i| i + 1)
            .sum::<u32>()
    };
    let pairs = [
        (
            "dijkstra",
            Dijkstra::new().move_pruning().search(&p, 0),
            Dijkstra::new().search(&p, 0),
        ),
        (
            "astar",
            AStar::new().move_pruning().search(&p, 0, h),
            AStar::new().search(&p, 0, h),
        ),
        (
            "idastar",
            IdaStar::new().move_pruning().search(&p, 0, h),
            IdaStar::new().search(&p, 0, h),
        ),
        (
            "iddfs",
            Iddfs::new().move_pruning().search(&p, 0),
            Iddfs::new().search(&p, 0),
        ),
    ];
    for (name, x, y) in &pairs {
        if *name == "iddfs" {
            assert_eq!(x.solution().map(|s| s.len()), Some(k as usize), "{name}");
            assert_eq!(y.solution().map(|s| s.len()), Some(k as usize), "{name}");
        } else {
            assert_eq!(x.cost(), Some(10), "{name}");
            assert_eq!(y.cost(), Some(10), "{name}");
        }
        assert!(
            x.stats.generated < y.stats.generated,
            "{name}: {} of {}",
            x.stats.generated,
            y.stats.generated
        );
    }
}

/// A directed graph with signed step costs and a set of goal nodes.
#[derive(Clone, Debug)]
struct Signed {
    adj: Vec<Vec<(usize, i32)>>,
    goal: Vec<bool>,
}

impl Problem for Signed {
    type State = usize;
    /// Index of the edge in the source node's adjacency list.
    type Action = usize;
    type Cost = i32;

    fn is_goal(&self, s: &usize) -> bool {
        self.goal[*s]
    }

    fn successors(&self, s: &usize, out: &mut Successors<usize, usize, i32>) {
        for (i, &(t, w)) in self.adj[*s].iter().enumerate() {
            out.push(i, t, w);
        }
    }
}

/// Random graphs where about one edge in five costs less than zero.
fn signed_strategy() -> impl Strategy<Value = (Signed, usize)> {
    (2..=10usize).prop_flat_map(|n| {
        let weight = prop_oneof![4 => 0..=20i32, 1 => -6..=-1i32];
        (
            prop::collection::vec(prop::collection::vec((0..n, weight), 0..4), n),
            prop::collection::vec(prop::bool::weighted(0.2), n),
            0..n,
        )
            .prop_map(|(adj, goal, start)| (Signed { adj, goal }, start))
    })
}

/// The least cost to every node from `start` (`to_goal`: from every node to a goal) over
/// the edges whose cost is not negative (Bellman-Ford), `None` when unreachable.
fn nonnegative_costs(g: &Signed, start: usize, to_goal: bool) -> Vec<Option<i32>> {
    let n = g.adj.len();
    let mut dist: Vec<Option<i32>> = (0..n)
        .map(|v| if to_goal { g.goal[v] } else { v == start }.then_some(0))
        .collect();
    for _ in 0..n {
        let mut changed = false;
        for u in 0..n {
            for &(v, w) in g.adj[u].iter().filter(|e| e.1 >= 0) {
                let (from, to) = if to_goal { (v, u) } else { (u, v) };
                if let Some(d) = dist[from] {
                    if dist[to].is_none_or(|x| d + w < x) {
                        dist[to] = Some(d + w);
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

/// The nodes reachable from `start` over every edge, with the fewest edges to each.
fn signed_depths(g: &Signed, start: usize) -> Vec<Option<usize>> {
    let mut depth = vec![None; g.adj.len()];
    depth[start] = Some(0);
    let mut queue = VecDeque::from([start]);
    while let Some(u) = queue.pop_front() {
        for &(v, _) in &g.adj[u] {
            if depth[v].is_none() {
                depth[v] = depth[u].map(|d| d + 1);
                queue.push_back(v);
            }
        }
    }
    depth
}

/// Checks that the solution follows real edges from `start` to a goal and that its cost
/// adds up. Returns the cost and whether every step's cost is non-negative.
fn replay_signed(
    g: &Signed,
    start: usize,
    r: &SearchResult<usize, usize, i32>,
) -> Option<(i32, bool)> {
    let sol = r.solution()?;
    assert_eq!(sol.start, start);
    let (mut at, mut total, mut nonnegative) = (start, 0, true);
    for step in &sol.steps {
        assert_eq!(
            g.adj[at][step.action],
            (step.state, step.cost),
            "a real edge"
        );
        total += step.cost;
        nonnegative &= step.cost >= 0;
        at = step.state;
    }
    assert!(g.goal[at], "the path ends in a goal");
    assert_eq!(sol.cost, total, "the cost adds up");
    Some((total, nonnegative))
}

/// Least cost from `start` to a goal over every edge, by Bellman-Ford on signed costs
/// (`None`: no goal reachable; the graphs it is used on have no negative cycle).
fn signed_optimum(g: &Signed, start: usize) -> Option<i32> {
    let n = g.adj.len();
    let mut dist = vec![None::<i32>; n];
    dist[start] = Some(0);
    for _ in 0..n {
        for u in 0..n {
            let Some(du) = dist[u] else { continue };
            for &(v, w) in &g.adj[u] {
                if dist[v].is_none_or(|dv| du + w < dv) {
                    dist[v] = Some(du + w);
                }
            }
        }
    }
    (0..n).filter(|&v| g.goal[v]).filter_map(|v| dist[v]).min()
}

/// Textbook Dijkstra with a closed set and the goal test at expansion, trusting that no
/// step costs less than zero.
fn textbook_dijkstra(g: &Signed, start: usize) -> Option<i32> {
    let mut closed = vec![false; g.adj.len()];
    let mut best = vec![i32::MAX; g.adj.len()];
    let mut open = BinaryHeap::from([Reverse((0, start))]);
    best[start] = 0;
    while let Some(Reverse((d, u))) = open.pop() {
        if closed[u] {
            continue;
        }
        if g.goal[u] {
            return Some(d);
        }
        closed[u] = true;
        for &(v, w) in &g.adj[u] {
            if !closed[v] && d + w < best[v] {
                best[v] = d + w;
                open.push(Reverse((d + w, v)));
            }
        }
    }
    None
}

/// A graph where trusting non-negative costs gives a wrong answer:
///
/// ```text
/// s -5-> goal ;  s -1-> u -(-1)-> v -10-> w -(-8)-> goal
/// ```
///
/// Textbook Dijkstra settles `u` (1), `v` (0), then the goal at 5, before `w` (10) and
/// the cheaper way through it. The least-cost searches of the library meet the negative
/// step `u -> v` on expanding `u` and stop there.
#[test]
fn a_negative_step_stops_the_least_cost_searches() {
    let (s, goal, u, v, w) = (0, 1, 2, 3, 4);
    let mut adj = vec![vec![]; 5];
    adj[s] = vec![(goal, 5), (u, 1)];
    adj[u] = vec![(v, -1)];
    adj[v] = vec![(w, 10)];
    adj[w] = vec![(goal, -8)];
    let mut goals = vec![false; 5];
    goals[goal] = true;
    let g = Signed { adj, goal: goals };
    let truth = signed_optimum(&g, s);
    assert!(truth.is_some());
    assert_ne!(
        textbook_dijkstra(&g, s),
        truth,
        "the trap: a wrong answer without the check"
    );

    let refused = Outcome::Stopped {
        reason: StopReason::NegativeCost,
        lower_bound: None,
    };
    let mut results = vec![
        ("dijkstra", heurist::dijkstra(&g, s)),
        ("astar", heurist::astar(&g, s, |_| 0)),
        ("weighted_astar", heurist::weighted_astar(&g, s, |_| 0, 2.0)),
        ("idastar", heurist::idastar(&g, s, |_| 0)),
        ("AStar Zero", AStar::new().search(&g, s, Zero)),
        (
            "WeightedAStar 1",
            WeightedAStar::new(1.0).search(&g, s, Zero),
        ),
        (
            "IdaStar parent",
            IdaStar::new()
                .cycle_check(CycleCheck::Parent)
                .search(&g, s, Zero),
        ),
        (
            "Dijkstra bounded",
            Dijkstra::new().cost_bound(100).search(&g, s),
        ),
    ];
    for list in [OpenList::Indexed, OpenList::Lazy, OpenList::Buckets] {
        results.push(("Dijkstra", Dijkstra::new().open_list(list).search(&g, s)));
        results.push(("AStar", AStar::new().open_list(list).search(&g, s, Zero)));
    }
    for (name, r) in &results {
        assert_eq!(r.outcome, refused, "{name}");
    }

    // the searches that do not add costs up to order their work still find a path
    let depth = signed_depths(&g, s);
    let fewest = (0..5).filter(|&x| g.goal[x]).filter_map(|x| depth[x]).min();
    let r = heurist::bfs(&g, s);
    assert!(replay_signed(&g, s, &r).is_some());
    assert_eq!(r.solution().map(|s| s.len()), fewest);
    let r = heurist::iddfs(&g, s);
    assert!(replay_signed(&g, s, &r).is_some());
    assert_eq!(r.solution().map(|s| s.len()), fewest);
    for r in [
        heurist::dfs(&g, s),
        heurist::greedy(&g, s, |_| 0),
        Greedy::new().search(&g, s, Zero),
    ] {
        assert!(replay_signed(&g, s, &r).is_some());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// On graphs with negative steps, Dijkstra, A*, weighted A* and IDA* either stop with
    /// `NegativeCost` when they meet one, or answer as on the graph without the negative
    /// edges (they never took one): never a solution with a negative step, never a wrong
    /// cost for the part of the graph they searched. BFS, IDDFS, DFS and greedy search do
    /// not mind negative costs.
    #[test]
    fn negative_steps_stop_the_least_cost_searches(
        (g, start) in signed_strategy(),
        factors in prop::collection::vec(any::<u8>(), 1..12),
        weight in 1.0f64..4.0,
    ) {
        let n = g.adj.len();
        let depth = signed_depths(&g, start);
        let reachable = |v: usize| depth[v].is_some();
        let negative_reachable = (0..n).any(|u| reachable(u) && g.adj[u].iter().any(|e| e.1 < 0));
        let goal_reachable = (0..n).any(|v| reachable(v) && g.goal[v]);
        let best = {
            let dist = nonnegative_costs(&g, start, false);
            (0..n).filter(|&v| g.goal[v]).filter_map(|v| dist[v]).min()
        };
        // admissible on the graph without the negative edges
        let exact = nonnegative_costs(&g, start, true);
        let hs: Vec<i32> = (0..n)
            .map(|v| exact[v].map_or(0, |d| d * i32::from(factors[v % factors.len()]) / 255))
            .collect();
        let h = |s: &usize| hs[*s];

        let optimal = [
            ("dijkstra", heurist::dijkstra(&g, start)),
            ("dijkstra indexed", Dijkstra::new().open_list(OpenList::Indexed).search(&g, start)),
            ("astar zero", heurist::astar(&g, start, |_| 0)),
            ("astar", heurist::astar(&g, start, h)),
            ("astar lazy", AStar::new().open_list(OpenList::Lazy).search(&g, start, h)),
            ("idastar zero", heurist::idastar(&g, start, |_| 0)),
            ("idastar", IdaStar::new().search(&g, start, h)),
        ];
        for (name, r) in &optimal {
            match &r.outcome {
                Outcome::Found(_) => {
                    let (cost, nonnegative) = replay_signed(&g, start, r).unwrap();
                    prop_assert!(nonnegative, "{}: a negative step taken", name);
                    prop_assert_eq!(Some(cost), best, "{}", name);
                }
                Outcome::Stopped { reason: StopReason::NegativeCost, lower_bound: None } => {
                    prop_assert!(negative_reachable, "{}", name);
                }
                Outcome::Exhausted => prop_assert!(!goal_reachable, "{}", name),
                other => prop_assert!(false, "{}: {:?}", name, other),
            }
            if !negative_reachable {
                prop_assert_eq!(r.cost(), best, "{}", name);
                prop_assert_eq!(r.is_exhausted(), !goal_reachable, "{}", name);
            }
            // a search that must look at every reachable state meets the negative step
            // (IDA* skips a step back onto its path before it looks at the cost)
            if negative_reachable && !goal_reachable && !name.starts_with("idastar") {
                prop_assert_eq!(r.stop_reason(), Some(StopReason::NegativeCost), "{}", name);
            }
        }

        let r = WeightedAStar::new(weight).search(&g, start, h);
        match &r.outcome {
            Outcome::Found(_) => {
                let (cost, nonnegative) = replay_signed(&g, start, &r).unwrap();
                prop_assert!(nonnegative);
                let b = best.expect("an optimum");
                prop_assert!(
                    f64::from(cost) <= weight * f64::from(b) + 1e-9,
                    "{} > {} * {}", cost, weight, b
                );
            }
            Outcome::Stopped { reason: StopReason::NegativeCost, lower_bound: None } => {
                prop_assert!(negative_reachable)
            }
            Outcome::Exhausted => prop_assert!(!goal_reachable),
            other => prop_assert!(false, "weighted A*: {:?}", other),
        }
        if negative_reachable && !goal_reachable {
            prop_assert_eq!(r.stop_reason(), Some(StopReason::NegativeCost));
        }

        // the other searches find a path whenever one exists
        let fewest = (0..n).filter(|&v| g.goal[v]).filter_map(|v| depth[v]).min();
        for r in [heurist::bfs(&g, start), heurist::iddfs(&g, start)] {
            prop_assert_eq!(r.solution().map(|s| s.len()), fewest);
            prop_assert_eq!(r.is_exhausted(), !goal_reachable);
            replay_signed(&g, start, &r);
        }
        let any_path = [
            heurist::dfs(&g, start),
            heurist::greedy(&g, start, h),
            Greedy::new().search(&g, start, Zero),
        ];
        for r in any_path {
            prop_assert_eq!(replay_signed(&g, start, &r).is_some(), goal_reachable);
            prop_assert_eq!(r.is_exhausted(), !goal_reachable);
        }
    }
}

/// Weighted A* refuses a weight that is not a positive, finite number, whichever way it is
/// run, before expanding anything.
#[test]
fn weighted_astar_refuses_an_invalid_weight() {
    let g = Graph {
        adj: vec![vec![(1, 2), (2, 1)], vec![], vec![(1, 3)]],
        goal: vec![false, true, false],
    };
    let refused = Outcome::Stopped {
        reason: StopReason::InvalidWeight,
        lower_bound: None,
    };
    for w in [
        0.0,
        -0.0,
        -1.0,
        -f64::MIN_POSITIVE,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
    ] {
        let results = [
            WeightedAStar::new(w).search(&g, 0, Zero),
            WeightedAStar::new(w)
                .max_expansions(100)
                .open_list(OpenList::Indexed)
                .search(&g, 0, Zero),
            heurist::weighted_astar(&g, 0, |_| 0, w),
            heurist::weighted_astar(&g, 0, |s| [2, 0, 3][*s], w),
        ];
        for r in results {
            assert_eq!(r.outcome, refused, "weight {w}");
            assert_eq!(
                r.stop_reason(),
                Some(StopReason::InvalidWeight),
                "weight {w}"
            );
            assert_eq!((r.stats.expanded, r.stats.generated), (0, 0), "weight {w}");
        }
    }
    // any positive finite weight is fine; with the zero heuristic each is Dijkstra
    for w in [f64::MIN_POSITIVE, 1e-9, 0.5, 1.0, 3.0, 1e300, f64::MAX] {
        let r = WeightedAStar::new(w).search(&g, 0, Zero);
        assert_eq!(replay(&g, 0, &r), optimal_cost(&g, 0), "weight {w}");
    }
}

/// Checks `into_path` against the solution: the states from the start to the goal, each
/// reached from the one before by an edge of `g` whose weight, as `cost` says, is the
/// step's cost; and the cost.
fn check_path<A, C>(
    g: &Graph,
    start: usize,
    r: &SearchResult<usize, A, C>,
    cost: impl Fn(u32) -> C,
) -> Result<(), TestCaseError>
where
    A: Clone + std::fmt::Debug + PartialEq,
    C: heurist::Cost,
{
    let from_result = r.clone().into_path();
    let from_solution = r.clone().into_solution().map(|s| s.into_path());
    prop_assert_eq!(&from_result, &from_solution);
    let Some(sol) = r.solution() else {
        prop_assert!(from_result.is_none());
        return Ok(());
    };
    let (path, total) = from_result.unwrap();
    prop_assert_eq!(total, sol.cost);
    prop_assert_eq!(path.len(), sol.len() + 1, "start and goal included");
    prop_assert_eq!(path[0], start);
    prop_assert!(g.goal[*path.last().unwrap()]);
    prop_assert_eq!(&path, &sol.states().copied().collect::<Vec<_>>());
    for (pair, step) in path.windows(2).zip(&sol.steps) {
        let edge = g.adj[pair[0]]
            .iter()
            .any(|&(t, w)| t == pair[1] && cost(w) == step.cost);
        prop_assert!(edge, "{} -> {} at {:?}", pair[0], pair[1], step.cost);
    }
    Ok(())
}

/// Runs algorithm `alg` (0 to 7) on `p` from `start`: the quick functions, the heuristic
/// ones with the closure `h` (whose argument type they infer).
macro_rules! run_algorithm {
    ($alg:expr, $p:expr, $start:expr, $h:expr) => {
        match $alg {
            0 => heurist::bfs(&$p, $start),
            1 => heurist::dfs(&$p, $start),
            2 => heurist::iddfs(&$p, $start),
            3 => heurist::dijkstra(&$p, $start),
            4 => heurist::astar(&$p, $start, $h),
            5 => heurist::idastar(&$p, $start, $h),
            6 => heurist::greedy(&$p, $start, $h),
            _ => heurist::weighted_astar(&$p, $start, $h, 2.0),
        }
    };
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// `FnProblem::with_costs` (successors as `(state, cost)`) and `FnProblem::unit`
    /// (successors as states, cost 1) search exactly as the equivalent `FnProblem::new`,
    /// and their closures may be `FnMut`: the successor closure is called once per
    /// expansion, the goal test once per state BFS stores or best-first search takes from
    /// its frontier.
    #[test]
    fn fn_problem_shapes_agree_and_take_fnmut_closures(
        (g, start) in graph_strategy(10, 20),
        factors in prop::collection::vec(any::<u8>(), 1..12),
    ) {
        let best = optimal_cost(&g, start);
        let fewest = fewest_edges(&g, start);
        let h = scaled_heuristic(&g, &factors);
        for alg in 0..8 {
            let triples = FnProblem::new(
                |s: &usize| g.goal[*s],
                |s: &usize| {
                    let edges = g.adj[*s].iter().enumerate();
                    edges.map(|(i, &(t, w))| (i, t, w)).collect::<Vec<_>>()
                },
            );
            let a = run_algorithm!(alg, triples, start, |s| h.0[*s]);
            let (mut goal_calls, mut successor_calls) = (0u64, 0u64);
            let pairs = FnProblem::with_costs(
                |s: &usize| {
                    goal_calls += 1;
                    g.goal[*s]
                },
                |s: &usize| {
                    successor_calls += 1;
                    g.adj[*s].iter().copied()
                },
            );
            let b = run_algorithm!(alg, pairs, start, |s| h.0[*s]);
            prop_assert_eq!(a.cost(), b.cost(), "algorithm {}", alg);
            prop_assert_eq!(a.is_exhausted(), b.is_exhausted(), "algorithm {}", alg);
            prop_assert_eq!(&a.clone().into_path(), &b.clone().into_path(), "algorithm {}", alg);
            prop_assert_eq!(stats(&a), stats(&b), "algorithm {}", alg);
            prop_assert_eq!(successor_calls, b.stats.expanded, "algorithm {}", alg);
            prop_assert!(goal_calls >= 1);
            match alg {
                0 => prop_assert_eq!(goal_calls, b.stats.stored as u64),
                3 | 4 | 6 | 7 => {
                    prop_assert_eq!(goal_calls, b.stats.expanded + u64::from(b.is_found()))
                }
                _ => {}
            }
            match alg {
                0 | 2 => prop_assert_eq!(b.solution().map(|s| s.len()), fewest),
                3..=5 => prop_assert_eq!(b.cost(), best),
                _ => prop_assert_eq!(b.is_found(), fewest.is_some()),
            }
            check_path(&g, start, &a, |w| w)?;
            check_path(&g, start, &b, |w| w)?;

            // unit costs: `unit` against `new` with every step costing 1usize
            let ones = FnProblem::new(
                |s: &usize| g.goal[*s],
                |s: &usize| {
                    let edges = g.adj[*s].iter().enumerate();
                    edges.map(|(i, &(t, _))| (i, t, 1usize)).collect::<Vec<_>>()
                },
            );
            let a = run_algorithm!(alg, ones, start, |_| 0);
            let (mut goal_calls, mut successor_calls) = (0u64, 0u64);
            let states = FnProblem::unit(
                |s: &usize| {
                    goal_calls += 1;
                    g.goal[*s]
                },
                |s: &usize| {
                    successor_calls += 1;
                    g.adj[*s].iter().map(|e| e.0)
                },
            );
            let b = run_algorithm!(alg, states, start, |_| 0);
            prop_assert_eq!(a.cost(), b.cost(), "algorithm {}", alg);
            prop_assert_eq!(&a.clone().into_path(), &b.clone().into_path(), "algorithm {}", alg);
            prop_assert_eq!(stats(&a), stats(&b), "algorithm {}", alg);
            prop_assert_eq!(successor_calls, b.stats.expanded, "algorithm {}", alg);
            prop_assert!(goal_calls >= 1);
            if alg != 1 && alg != 6 {
                // every search but DFS and greedy finds the fewest steps at cost 1 each
                prop_assert_eq!(b.cost(), fewest, "algorithm {}", alg);
            }
            prop_assert_eq!(b.solution().map(|s| s.len()), b.cost());
            check_path(&g, start, &a, |_| 1)?;
            check_path(&g, start, &b, |_| 1)?;
        }
    }
}
