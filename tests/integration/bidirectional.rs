//! Bidirectional BFS and MM on random digraphs, against references written here: a plain
//! queue BFS for the fewest actions and Dijkstra's algorithm for the least cost. Directed
//! graphs get their predecessors from the edge list; undirected ones through `Symmetric`.
//! Several goal states, the start among them, unreachable goals, admissible heuristics
//! (scaled-down true distances, consistent or not, and zero), every path checked step by
//! step with its forward actions (edge numbers), and the limits.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet, VecDeque};

use heurist::{
    BidirectionalBfs, Mm, Outcome, Predecessors, Problem, SearchResult, StopReason, Successors,
    Symmetric,
};
use proptest::prelude::*;

/// A directed multigraph: edge `i` leads from `edges[i].0` to `edges[i].1` at cost
/// `edges[i].2`; an action is an edge number.
#[derive(Clone, Debug)]
struct Digraph {
    nodes: usize,
    edges: Vec<(usize, usize, u32)>,
}

impl Problem for Digraph {
    type State = usize;
    type Action = usize;
    type Cost = u32;
    fn is_goal(&self, _: &usize) -> bool {
        panic!("bidirectional search does not call is_goal")
    }
    fn successors(&self, &s: &usize, out: &mut Successors<usize, usize, u32>) {
        for (i, &(u, v, c)) in self.edges.iter().enumerate() {
            if u == s {
                out.push(i, v, c);
            }
        }
    }
}

impl Predecessors for Digraph {
    fn predecessors(&self, &s: &usize, out: &mut Successors<usize, usize, u32>) {
        for (i, &(u, v, c)) in self.edges.iter().enumerate() {
            if v == s {
                out.push(i, u, c);
            }
        }
    }
}

/// The same edges, each usable both ways (edge `i` backwards is action `i`).
#[derive(Clone, Debug)]
struct Undirected(Digraph);

impl Problem for Undirected {
    type State = usize;
    type Action = usize;
    type Cost = u32;
    fn is_goal(&self, _: &usize) -> bool {
        panic!("bidirectional search does not call is_goal")
    }
    fn successors(&self, &s: &usize, out: &mut Successors<usize, usize, u32>) {
        for (i, &(u, v, c)) in self.0.edges.iter().enumerate() {
            if u == s {
                out.push(i, v, c);
            }
            if v == s {
                out.push(i, u, c);
            }
        }
    }
}

impl Undirected {
    /// The graph with every edge also in the other direction.
    fn doubled(&self) -> Digraph {
        let mut edges = self.0.edges.clone();
        edges.extend(self.0.edges.iter().map(|&(u, v, c)| (v, u, c)));
        Digraph {
            nodes: self.0.nodes,
            edges,
        }
    }
}

/// The fewest edges from `start` to any of `goals`: a plain queue BFS.
fn fewest(g: &Digraph, start: usize, goals: &[usize]) -> Option<usize> {
    let mut depth = vec![None; g.nodes];
    depth[start] = Some(0);
    let mut queue = VecDeque::from([start]);
    while let Some(u) = queue.pop_front() {
        if goals.contains(&u) {
            return depth[u];
        }
        for &(a, b, _) in &g.edges {
            if a == u && depth[b].is_none() {
                depth[b] = Some(depth[u].unwrap() + 1);
                queue.push_back(b);
            }
        }
    }
    None
}

/// The least costs from the `roots` to every node, along the edges (`forward`) or against
/// them: Dijkstra's algorithm.
fn dijkstra(g: &Digraph, roots: &[usize], forward: bool) -> Vec<Option<u32>> {
    let mut dist = vec![None; g.nodes];
    let mut heap = BinaryHeap::new();
    for &r in roots {
        dist[r] = Some(0);
        heap.push(Reverse((0, r)));
    }
    while let Some(Reverse((d, u))) = heap.pop() {
        if dist[u].is_some_and(|x| x < d) {
            continue;
        }
        for &(a, b, c) in &g.edges {
            let (from, to) = if forward { (a, b) } else { (b, a) };
            if from == u && dist[to].is_none_or(|x| d + c < x) {
                dist[to] = Some(d + c);
                heap.push(Reverse((d + c, to)));
            }
        }
    }
    dist
}

/// Checks that `result` is a path from `start` to one of `goals` along the edges of `g`
/// (each step's action the edge taken), and returns its number of steps and cost.
fn check_path(
    g: &Digraph,
    undirected: bool,
    start: usize,
    goals: &[usize],
    result: &SearchResult<usize, usize, u32>,
) -> Option<(usize, u32)> {
    let sol = result.solution()?;
    assert_eq!(sol.start, start);
    assert!(goals.contains(sol.goal()), "ends at a goal");
    let mut at = start;
    for step in &sol.steps {
        let (u, v, c) = g.edges[step.action];
        let ok = (u, v) == (at, step.state) || (undirected && (v, u) == (at, step.state));
        assert!(
            ok,
            "step {step:?} from {at} is not edge {:?}",
            g.edges[step.action]
        );
        assert_eq!(step.cost, c);
        at = step.state;
    }
    assert_eq!(sol.cost, sol.steps.iter().map(|s| s.cost).sum::<u32>());
    Some((sol.len(), sol.cost))
}

fn graph(max_nodes: usize, max_edges: usize, max_cost: u32) -> impl Strategy<Value = Digraph> {
    (1..=max_nodes).prop_flat_map(move |n| {
        prop::collection::vec((0..n, 0..n, 0..=max_cost), 0..=max_edges)
            .prop_map(move |edges| Digraph { nodes: n, edges })
    })
}

/// A graph, a start and up to three goals.
fn instance(
    max_nodes: usize,
    max_edges: usize,
    max_cost: u32,
) -> impl Strategy<Value = (Digraph, usize, Vec<usize>)> {
    graph(max_nodes, max_edges, max_cost).prop_flat_map(|g| {
        let n = g.nodes;
        (Just(g), 0..n, prop::collection::vec(0..n, 0..=3))
    })
}

/// Heuristics from the true distances `d`, each value scaled by `num[i] / 4` (at most
/// one: admissible; consistent when every factor is the same), and a large value where
/// there is no path.
fn scaled(d: &[Option<u32>], num: &[u8]) -> Vec<u32> {
    d.iter()
        .enumerate()
        .map(|(i, d)| match d {
            Some(d) => d * u32::from(num[i % num.len()] % 5) / 4,
            None => 1_000_000,
        })
        .collect()
}

/// Whether `r` was stopped by the expansion or the state limit.
fn by_a_limit(r: &SearchResult<usize, usize, u32>) -> bool {
    matches!(
        r.stop_reason(),
        Some(StopReason::MaxExpansions | StopReason::MaxStates)
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn bfs_finds_the_fewest_actions((g, start, goals) in instance(24, 50, 9)) {
        let r = heurist::bidirectional_bfs(&g, start, goals.iter().copied());
        let expected = fewest(&g, start, &goals);
        prop_assert_eq!(check_path(&g, false, start, &goals, &r).map(|x| x.0), expected);
        prop_assert_eq!(r.is_exhausted(), expected.is_none());
        prop_assert!(r.stats.stored <= 2 * g.nodes);
    }

    #[test]
    fn bfs_on_undirected_graphs((g, start, goals) in instance(14, 20, 9)) {
        let u = Undirected(g);
        let r = heurist::bidirectional_bfs(&Symmetric(u.clone()), start, goals.iter().copied());
        let expected = fewest(&u.doubled(), start, &goals);
        prop_assert_eq!(check_path(&u.0, true, start, &goals, &r).map(|x| x.0), expected);
        prop_assert_eq!(r.is_exhausted(), expected.is_none());
    }

    #[test]
    fn mm_finds_the_least_cost(
        (g, start, goals) in instance(24, 50, 9),
        fwd in prop::collection::vec(0u8..5, 1..6),
        bwd in prop::collection::vec(0u8..5, 1..6),
        epsilon in any::<bool>(),
    ) {
        let to_goal = dijkstra(&g, &goals, false);
        let from_start = dijkstra(&g, &[start], true);
        let expected = to_goal[start].filter(|_| !goals.is_empty());
        let (h, hb) = (scaled(&to_goal, &fwd), scaled(&from_start, &bwd));
        let min_cost = g.edges.iter().map(|e| e.2).min().unwrap_or(0);
        let mut mm = Mm::new();
        if epsilon {
            mm = mm.min_step_cost(min_cost);
        }
        let r = mm.search(&g, start, goals.iter().copied(), |s: &usize| h[*s], |s: &usize| hb[*s]);
        prop_assert_eq!(check_path(&g, false, start, &goals, &r).map(|x| x.1), expected);
        prop_assert_eq!(r.is_exhausted(), expected.is_none());
    }

    #[test]
    fn mm_with_zero_heuristics_on_undirected_graphs(
        (g, start, goals) in instance(14, 20, 9),
    ) {
        let u = Undirected(g);
        let d = u.doubled();
        let expected = dijkstra(&d, &goals, false)[start].filter(|_| !goals.is_empty());
        let zero = |_: &usize| 0;
        let r = heurist::mm(&Symmetric(u.clone()), start, goals.iter().copied(), zero, zero);
        prop_assert_eq!(check_path(&u.0, true, start, &goals, &r).map(|x| x.1), expected);
        prop_assert_eq!(r.is_exhausted(), expected.is_none());
    }

    #[test]
    fn stopped_searches_are_honest(
        (g, start, goals) in instance(24, 50, 9),
        budget in 0u64..8,
        states in 0usize..12,
        bound in 0u32..30,
    ) {
        let to_goal = dijkstra(&g, &goals, false);
        let from_start = dijkstra(&g, &[start], true);
        let best = to_goal[start].filter(|_| !goals.is_empty());
        let fewest = fewest(&g, start, &goals);
        let (h, hb) = (scaled(&to_goal, &[4]), scaled(&from_start, &[3]));
        let (h, hb) = (|s: &usize| h[*s], |s: &usize| hb[*s]);
        let goals = || goals.iter().copied();

        for r in [
            BidirectionalBfs::new().max_expansions(budget).search(&g, start, goals()),
            BidirectionalBfs::new().max_states(states).search(&g, start, goals()),
        ] {
            match check_path(&g, false, start, &goals().collect::<Vec<_>>(), &r) {
                Some((len, _)) => prop_assert_eq!(Some(len), fewest),
                None if r.is_exhausted() => prop_assert_eq!(fewest, None),
                None => prop_assert!(by_a_limit(&r)),
            }
        }
        let r = BidirectionalBfs::new().max_expansions(budget).search(&g, start, goals());
        prop_assert!(r.stats.expanded <= budget);
        let r = BidirectionalBfs::new().max_states(states).search(&g, start, goals());
        prop_assert!(r.stats.stored <= states.max(goals().collect::<HashSet<_>>().len() + 1));

        let r = BidirectionalBfs::new().cost_bound(bound).search(&g, start, goals());
        match check_path(&g, false, start, &goals().collect::<Vec<_>>(), &r) {
            Some((_, cost)) => prop_assert!(cost <= bound),
            None if r.is_exhausted() => prop_assert_eq!(best, None),
            None => prop_assert_eq!(r.stop_reason(), Some(StopReason::CostBound)),
        }

        for r in [
            Mm::new().max_expansions(budget).search(&g, start, goals(), h, hb),
            Mm::new().max_states(states).search(&g, start, goals(), h, hb),
        ] {
            match check_path(&g, false, start, &goals().collect::<Vec<_>>(), &r) {
                Some((_, cost)) => prop_assert_eq!(Some(cost), best),
                None if r.is_exhausted() => prop_assert_eq!(best, None),
                None => {
                    prop_assert!(by_a_limit(&r));
                    let lb = r.lower_bound().expect("a lower bound");
                    if let Some(best) = best {
                        prop_assert!(lb <= best, "lower bound {} above the optimum {}", lb, best);
                    }
                }
            }
        }
        let r = Mm::new().max_expansions(budget).search(&g, start, goals(), h, hb);
        prop_assert!(r.stats.expanded <= budget);

        let r = Mm::new().cost_bound(bound).search(&g, start, goals(), h, hb);
        match check_path(&g, false, start, &goals().collect::<Vec<_>>(), &r) {
            Some((_, cost)) => {
                prop_assert_eq!(Some(cost), best);
                prop_assert!(cost <= bound);
            }
            None if r.is_exhausted() => prop_assert_eq!(best, None),
            None => {
                prop_assert_eq!(r.stop_reason(), Some(StopReason::CostBound));
                prop_assert!(best.is_none_or(|b| b > bound));
                let lb = r.lower_bound().expect("a lower bound");
                prop_assert!(lb > bound);
                if let Some(best) = best {
                    prop_assert!(lb <= best, "lower bound {} above the optimum {}", lb, best);
                }
            }
        }
    }
}

/// A line 0 - 1 - ... - 20, every step costing 1 both ways.
fn line() -> Digraph {
    let mut edges = Vec::new();
    for i in 0..20 {
        edges.push((i, i + 1, 1));
        edges.push((i + 1, i, 1));
    }
    Digraph { nodes: 21, edges }
}

#[test]
fn start_among_the_goals() {
    let g = line();
    let r = heurist::bidirectional_bfs(&g, 5, [9, 5]);
    assert_eq!(r.solution().map(|s| (s.len(), s.cost)), Some((0, 0)));
    let r = heurist::mm(&g, 5, [9, 5], |_: &usize| 0, |_: &usize| 0);
    assert_eq!(r.solution().map(|s| (s.len(), s.cost)), Some((0, 0)));
}

#[test]
fn no_goal_is_exhausted() {
    let g = line();
    assert_eq!(
        heurist::bidirectional_bfs(&g, 5, []).outcome,
        Outcome::Exhausted
    );
    assert_eq!(
        heurist::mm(&g, 5, [], |_: &usize| 0, |_: &usize| 0).outcome,
        Outcome::Exhausted
    );
}

#[test]
fn the_nearest_of_several_goals() {
    let g = line();
    let r = heurist::bidirectional_bfs(&g, 10, [0, 14, 20]);
    assert_eq!(r.solution().map(|s| (*s.goal(), s.len())), Some((14, 4)));
    let r = heurist::mm(&g, 10, [0, 14, 20], |_: &usize| 0, |_: &usize| 0);
    assert_eq!(r.solution().map(|s| (*s.goal(), s.cost)), Some((14, 4)));
}

/// Predecessors that name a step the successors do not have.
struct Liar;

impl Problem for Liar {
    type State = u32;
    type Action = ();
    type Cost = u32;
    fn is_goal(&self, _: &u32) -> bool {
        false
    }
    fn successors(&self, &s: &u32, out: &mut Successors<u32, (), u32>) {
        if s < 10 {
            out.push((), s + 1, 1);
            out.push((), s + 100, 1); // a dead end, so that the forward frontier is larger
        }
    }
}

impl Predecessors for Liar {
    fn predecessors(&self, &s: &u32, out: &mut Successors<u32, (), u32>) {
        if s > 0 {
            out.push((), s - 1, 0); // the step costs 1
        }
    }
}

#[test]
fn predecessors_the_successors_disagree_with_are_reported() {
    let r = heurist::bidirectional_bfs(&Liar, 0, [10]);
    assert_eq!(r.stop_reason(), Some(StopReason::InconsistentProblem));
    let r = heurist::mm(&Liar, 0, [10], |_: &u32| 0, |_: &u32| 0);
    assert_eq!(r.stop_reason(), Some(StopReason::InconsistentProblem));
}

#[test]
fn a_step_cheaper_than_declared_is_reported() {
    let g = line();
    let zero = |_: &usize| 0;
    let r = Mm::new().min_step_cost(2).search(&g, 0, [20], zero, zero);
    assert_eq!(r.stop_reason(), Some(StopReason::InconsistentProblem));
    let r = Mm::new().min_step_cost(1).search(&g, 0, [20], zero, zero);
    assert_eq!(r.cost(), Some(20));
}

#[test]
fn negative_steps_stop_mm() {
    // forwards n -> n + 1 and backwards n -> n - 1, the step from 3 to 4 costing -1
    let g = heurist::FnProblem::new(
        |_: &i32| false,
        |&n: &i32| [((), n + 1, if n == 3 { -1 } else { 1i32 })],
    );
    let p = heurist::FnProblem::new(
        |_: &i32| false,
        |&n: &i32| [((), n - 1, if n == 4 { -1 } else { 1i32 })],
    );
    struct Both<F, B>(F, B);
    impl<F: Problem, B: Problem<State = F::State, Action = F::Action, Cost = F::Cost>> Problem
        for Both<F, B>
    {
        type State = F::State;
        type Action = F::Action;
        type Cost = F::Cost;
        fn is_goal(&self, s: &F::State) -> bool {
            self.0.is_goal(s)
        }
        fn successors(&self, s: &F::State, out: &mut Successors<F::State, F::Action, F::Cost>) {
            self.0.successors(s, out)
        }
    }
    impl<F: Problem, B: Problem<State = F::State, Action = F::Action, Cost = F::Cost>> Predecessors
        for Both<F, B>
    {
        fn predecessors(&self, s: &F::State, out: &mut Successors<F::State, F::Action, F::Cost>) {
            self.1.successors(s, out)
        }
    }
    let both = Both(g, p);
    let zero = |_: &i32| 0;
    let r = heurist::mm(&both, 0, [10], zero, zero);
    assert_eq!(r.stop_reason(), Some(StopReason::NegativeCost));
}
