//! Tests of the generic algorithms on step costs below zero: the least-cost searches
//! (Dijkstra, A*, weighted A*, IDA*, fringe) stop with `NegativeCost` when they meet one,
//! or answer as on the graph without the negative edges; BFS, IDDFS, DFS, greedy and beam
//! search do not mind them. Against references written here: Bellman-Ford on signed costs and over the
//! non-negative edges only, a queue BFS, and a textbook Dijkstra that a negative step fools.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use heurist::{
    AStar, CycleCheck, Dijkstra, Greedy, IdaStar, OpenList, Outcome, Problem, SearchResult,
    StopReason, Successors, WeightedAStar, Zero,
};
use proptest::prelude::*;

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

    /// On graphs with negative steps, Dijkstra, A*, weighted A*, IDA* and fringe search either stop with
    /// `NegativeCost` when they meet one, or answer as on the graph without the negative
    /// edges (they never took one): never a solution with a negative step, never a wrong
    /// cost for the part of the graph they searched. BFS, IDDFS, DFS, greedy and beam
    /// search do not mind negative costs.
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
            ("astar zero", AStar::new().search(&g, start, Zero)),
            ("astar", heurist::astar(&g, start, h)),
            ("astar lazy", AStar::new().open_list(OpenList::Lazy).search(&g, start, h)),
            ("idastar zero", IdaStar::new().search(&g, start, Zero)),
            ("idastar", IdaStar::new().search(&g, start, h)),
            ("fringe zero", heurist::Fringe::new().search(&g, start, Zero)),
            ("fringe", heurist::fringe(&g, start, h)),
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
        // (beam search as wide as the graph is breadth-first search)
        let wide_beam = heurist::beam(&g, start, h, n);
        for r in [heurist::bfs(&g, start), heurist::iddfs(&g, start), wide_beam] {
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
