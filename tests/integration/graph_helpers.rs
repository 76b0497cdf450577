//! Property tests of the two graph helpers against references written here, on small
//! random weighted digraphs (up to 10 nodes) and random DAGs:
//!
//! * `yen` / `Yen`: the costs of the `k` cheapest loopless paths are those of a brute-force
//!   listing of every simple path (ending at its first goal, taking the cheapest of
//!   parallel edges), sorted; every path is valid, simple, ends at its only goal, and no
//!   two are the same; the open lists agree; a cost bound keeps exactly the paths within
//!   it; an expansion limit stops the enumeration with the cheapest paths so far.
//! * `count_paths`: on DAGs, the count of a plain recursive enumeration; on any graph, a
//!   cycle among the states reached is an error naming a state on it; the `u128` overflow
//!   is an error at exactly 2^128 paths; a path of 300 000 states does not overflow the
//!   stack; limits stop the count.

use std::collections::HashSet;

use heurist::CountError;
use heurist::{CancelToken, Dfs, FnProblem, KShortestPaths, OpenList, Solution, StopReason, Yen};
use proptest::prelude::*;

use crate::support;
use support::{graph_strategy, Graph};

// ---------------------------------------------------------------------------------------
// References

/// The cheapest edge from `u` to `v`, if there is one.
fn edge(g: &Graph, u: usize, v: usize) -> Option<u32> {
    g.adj[u].iter().filter(|e| e.0 == v).map(|e| e.1).min()
}

/// Every simple path from `start` that ends at the first goal it reaches, with its cost
/// (taking the cheapest of parallel edges), listed by a plain recursive search.
fn simple_paths(g: &Graph, start: usize) -> Vec<(u32, Vec<usize>)> {
    fn walk(g: &Graph, path: &mut Vec<usize>, cost: u32, out: &mut Vec<(u32, Vec<usize>)>) {
        let u = *path.last().unwrap();
        if g.goal[u] {
            out.push((cost, path.clone()));
            return;
        }
        let next: HashSet<usize> = g.adj[u].iter().map(|e| e.0).collect();
        for v in next {
            if !path.contains(&v) {
                path.push(v);
                walk(g, path, cost + edge(g, u, v).unwrap(), out);
                path.pop();
            }
        }
    }
    let mut out = Vec::new();
    walk(g, &mut vec![start], 0, &mut out);
    out.sort();
    out
}

/// Checks that `sol` is a simple path of `g` from `start` along real, cheapest edges, that
/// it ends at a goal and passes through none before, and that its cost adds up. Returns its
/// states.
fn check_path(g: &Graph, start: usize, sol: &Solution<usize, usize, u32>) -> Vec<usize> {
    assert_eq!(sol.start, start);
    let mut at = start;
    let mut total = 0;
    for step in &sol.steps {
        assert!(!g.goal[at], "the path passes through a goal");
        assert_eq!(
            g.adj[at][step.action],
            (step.state, step.cost),
            "a real edge"
        );
        assert_eq!(
            Some(step.cost),
            edge(g, at, step.state),
            "the cheapest edge"
        );
        total += step.cost;
        at = step.state;
    }
    assert!(g.goal[at], "the path ends at a goal");
    assert_eq!(sol.cost, total, "the cost adds up");
    let states: Vec<usize> = sol.states().copied().collect();
    let distinct: HashSet<&usize> = states.iter().collect();
    assert_eq!(distinct.len(), states.len(), "the path is simple");
    states
}

/// Checks the paths Yen found against `reference` (the first ones of it, by cost): their
/// number, their costs, each path, and that no two are the same.
fn check_paths(
    g: &Graph,
    start: usize,
    paths: &[Solution<usize, usize, u32>],
    reference: &[(u32, Vec<usize>)],
) {
    let costs: Vec<u32> = paths.iter().map(|p| p.cost).collect();
    let expected: Vec<u32> = reference.iter().take(paths.len()).map(|r| r.0).collect();
    assert_eq!(costs, expected, "the cheapest paths, in order");
    let mut seen = HashSet::new();
    for p in paths {
        let states = check_path(g, start, p);
        assert!(seen.insert(states), "a path found twice");
    }
}

/// Checks that Yen found all it was asked for: the `k` first paths of `reference`, or all
/// of them when there are fewer.
fn check_complete(
    g: &Graph,
    start: usize,
    k: usize,
    found: &KShortestPaths<usize, usize, u32>,
    reference: &[(u32, Vec<usize>)],
) {
    assert!(found.is_complete(), "stopped: {:?}", found.stop_reason);
    assert_eq!(found.paths.len(), k.min(reference.len()));
    check_paths(g, start, &found.paths, reference);
}

/// The number of paths from `u` to a goal, each ending at its first goal, by plain
/// recursion (one path per listed edge). Exponential: for small DAGs only.
fn brute_count(g: &Graph, u: usize) -> u128 {
    if g.goal[u] {
        return 1;
    }
    g.adj[u].iter().map(|e| brute_count(g, e.0)).sum()
}

/// The states reached from `start` without passing through a goal (goals included, not
/// followed).
fn reached(g: &Graph, start: usize) -> HashSet<usize> {
    let mut seen = HashSet::from([start]);
    let mut stack = vec![start];
    while let Some(u) = stack.pop() {
        if g.goal[u] {
            continue;
        }
        for &(v, _) in &g.adj[u] {
            if seen.insert(v) {
                stack.push(v);
            }
        }
    }
    seen
}

/// Whether `v` lies on a cycle of non-goal states.
fn on_cycle(g: &Graph, v: usize) -> bool {
    !g.goal[v]
        && g.adj[v]
            .iter()
            .any(|&(w, _)| w == v || (!g.goal[w] && reached(g, w).contains(&v)))
}

/// A random digraph denser than `support::graph_strategy`'s, so that there are many simple
/// paths to list: 2 to 5 edges a node (parallel ones and loops included), weights 0 to 9;
/// the last node and about one in twenty of the others are goals.
fn dense_strategy(max_nodes: usize) -> impl Strategy<Value = (Graph, usize)> {
    (3..=max_nodes).prop_flat_map(|n| {
        (
            prop::collection::vec(prop::collection::vec((0..n, 0..=9u32), 2..6), n),
            prop::collection::vec(prop::bool::weighted(0.05), n),
            0..n,
        )
            .prop_map(|(adj, mut goal, start)| {
                *goal.last_mut().unwrap() = true;
                (Graph { adj, goal }, start)
            })
    })
}

/// A random DAG: edges only go from a node to a larger one; several may join the same
/// two nodes.
fn dag_strategy(max_nodes: usize) -> impl Strategy<Value = (Graph, usize)> {
    (2..=max_nodes).prop_flat_map(|n| {
        (
            prop::collection::vec(prop::collection::vec((0..n, 0..=5u32), 0..4), n),
            prop::collection::vec(prop::bool::weighted(0.2), n),
            0..n,
        )
            .prop_map(move |(adj, goal, start)| {
                let adj: Vec<Vec<(usize, u32)>> = adj
                    .into_iter()
                    .enumerate()
                    .map(|(u, es)| es.into_iter().filter(|e| e.0 > u).collect::<Vec<_>>())
                    .collect();
                (Graph { adj, goal }, start)
            })
    })
}

// ---------------------------------------------------------------------------------------
// Yen

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn yen_finds_the_k_cheapest_simple_paths((g, start) in dense_strategy(10), k in 1usize..40) {
        let reference = simple_paths(&g, start);
        let found = Yen::new().search(&g, start, k);
        check_complete(&g, start, k, &found, &reference);
        // one run for the first path, then one per state of each path found but its goal
        let runs = found.stats.iterations as usize;
        prop_assert!(runs >= 1 && runs <= 1 + found.paths.iter().map(|p| p.len()).sum::<usize>());
        // the free function, and the same answer every time
        prop_assert_eq!(heurist::yen(&g, start, k), found.paths.clone());
        for list in [OpenList::Indexed, OpenList::Lazy] {
            let other = Yen::new().open_list(list).search(&g, start, k);
            check_complete(&g, start, k, &other, &reference);
        }
    }

    #[test]
    fn yen_with_a_cost_bound_keeps_the_paths_within_it(
        (g, start) in dense_strategy(10),
        k in 1usize..40,
        bound in 0u32..30,
    ) {
        let reference = simple_paths(&g, start);
        let within: Vec<_> = reference.iter().filter(|r| r.0 <= bound).cloned().collect();
        let found = Yen::new().cost_bound(bound).search(&g, start, k);
        prop_assert_eq!(found.paths.len(), k.min(within.len()));
        check_paths(&g, start, &found.paths, &within);
        let dearer = within.len() < reference.len();
        if found.paths.len() == k {
            prop_assert!(found.is_complete());
        } else if dearer {
            // fewer than k within the bound, and one beyond it: not complete
            prop_assert_eq!(found.stop_reason, Some(StopReason::CostBound));
        } else {
            // the bound may have cut paths into dead ends: then it says so
            prop_assert!(matches!(found.stop_reason, None | Some(StopReason::CostBound)));
        }
        // a bound above every path changes nothing
        let all = Yen::new().cost_bound(1000).search(&g, start, k);
        check_complete(&g, start, k, &all, &reference);
    }

    #[test]
    fn an_expansion_limit_stops_yen_with_the_cheapest_paths_so_far(
        (g, start) in dense_strategy(10),
        k in 1usize..40,
        limit in 0u64..40,
    ) {
        let reference = simple_paths(&g, start);
        let full = Yen::new().search(&g, start, k);
        let limited = Yen::new().max_expansions(limit).search(&g, start, k);
        prop_assert!(limited.stats.expanded <= limit);
        match limited.stop_reason {
            None => prop_assert_eq!(&limited.paths, &full.paths),
            Some(reason) => {
                prop_assert_eq!(reason, StopReason::MaxExpansions);
                // the paths proven cheapest before the limit: the same as without it
                prop_assert!(limited.paths.len() < k);
                prop_assert_eq!(&limited.paths[..], &full.paths[..limited.paths.len()]);
                check_paths(&g, start, &limited.paths, &reference);
            }
        }
    }
}

/// A grid with many paths: moving east or south on a `side` x `side` board, unit costs.
fn lattice(side: u32) -> impl heurist::Problem<State = (u32, u32), Action = (), Cost = usize> {
    FnProblem::unit(
        move |&p: &(u32, u32)| p == (side - 1, side - 1),
        move |&(x, y): &(u32, u32)| {
            [(x + 1, y), (x, y + 1)]
                .into_iter()
                .filter(move |&(x, y)| x < side && y < side)
        },
    )
}

#[test]
fn a_limit_stops_yen_with_the_stopped_outcome() {
    let grid = lattice(6);
    // all 252 paths (10 choose 5) cost 10
    let all = Yen::new().search(&grid, (0, 0), 300);
    assert!(all.is_complete());
    assert_eq!(all.paths.len(), 252);
    assert!(all.paths.iter().all(|p| p.cost == 10));

    let stopped = Yen::new().max_expansions(500).search(&grid, (0, 0), 300);
    assert_eq!(stopped.stop_reason, Some(StopReason::MaxExpansions));
    assert!(!stopped.is_complete());
    assert!(!stopped.paths.is_empty() && stopped.paths.len() < 252);
    assert!(stopped.stats.expanded <= 500);

    let token = CancelToken::new();
    token.cancel();
    let cancelled = Yen::new().cancel(token).search(&grid, (0, 0), 3);
    assert_eq!(cancelled.stop_reason, Some(StopReason::Cancelled));
    assert!(cancelled.paths.is_empty());

    // the expansion limit counts every run: the first run alone needs more than 5
    let tiny = Yen::new().max_expansions(5).search(&grid, (0, 0), 3);
    assert_eq!(tiny.stop_reason, Some(StopReason::MaxExpansions));
    assert!(tiny.paths.is_empty());
}

#[test]
fn yen_refuses_negative_steps() {
    let p = FnProblem::with_costs(
        |n: &u8| *n == 3,
        |n: &u8| match n {
            0 => vec![(1, 2i32), (2, 1)],
            1 => vec![(3, 1)],
            2 => vec![(1, -5), (3, 4)],
            _ => vec![],
        },
    );
    let r = Yen::new().search(&p, 0, 3);
    assert_eq!(r.stop_reason, Some(StopReason::NegativeCost));
}

#[test]
fn yen_edge_cases() {
    let line = FnProblem::with_costs(
        |n: &u8| *n == 2,
        |n: &u8| if *n < 9 { vec![(n + 1, 1u32)] } else { vec![] },
    );
    // k = 0: nothing, complete, no run
    let none = Yen::new().search(&line, 0, 0);
    assert!(none.paths.is_empty() && none.is_complete());
    assert_eq!(none.stats.iterations, 0);
    // the start is a goal: the empty path is the only one
    let here = Yen::new().search(&line, 2, 5);
    assert_eq!(here.paths.len(), 1);
    assert!(here.paths[0].is_empty() && here.is_complete());
    // no goal reachable
    assert!(heurist::yen(&line, 3, 5).is_empty());
}

// ---------------------------------------------------------------------------------------
// count_paths

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn count_paths_on_dags_is_the_brute_force_count((g, start) in dag_strategy(10)) {
        prop_assert_eq!(heurist::count_paths(&g, start), Ok(brute_count(&g, start)));
    }

    #[test]
    fn count_paths_reports_exactly_the_cycles((g, start) in graph_strategy(9, 3)) {
        let cyclic = reached(&g, start).into_iter().any(|v| on_cycle(&g, v));
        match heurist::count_paths(&g, start) {
            Ok(n) => {
                prop_assert!(!cyclic);
                prop_assert_eq!(n, brute_count(&g, start));
            }
            Err(CountError::Cycle(v)) => {
                prop_assert!(cyclic);
                prop_assert!(reached(&g, start).contains(&v) && on_cycle(&g, v));
            }
            Err(e) => return Err(TestCaseError::fail(format!("unexpected error {e}"))),
        }
    }
}

/// A ladder `steps` rungs long: from each rung, either side of the next one; `2^steps`
/// paths to the last rung.
fn ladder(steps: u32) -> impl heurist::Problem<State = (u32, bool), Action = (), Cost = usize> {
    FnProblem::unit(
        move |&(i, _): &(u32, bool)| i == steps,
        |&(i, _): &(u32, bool)| [(i + 1, false), (i + 1, true)],
    )
}

#[test]
fn count_paths_reports_an_overflow_instead_of_a_wrong_count() {
    assert_eq!(
        heurist::count_paths(&ladder(127), (0, false)),
        Ok(1u128 << 127)
    );
    // 2^128 is one more than u128::MAX
    let e = heurist::count_paths(&ladder(128), (0, false)).unwrap_err();
    assert_eq!(e, CountError::Overflow);
    assert!(!e.to_string().is_empty());
    assert_eq!(
        heurist::count_paths(&ladder(1000), (0, false)),
        Err(CountError::Overflow)
    );
}

#[test]
fn count_paths_walks_deep_spaces_without_recursion() {
    let n = 300_000u32;
    let chain = FnProblem::unit(move |s: &u32| *s == n, |s: &u32| [s + 1]);
    assert_eq!(heurist::count_paths(&chain, 0), Ok(1));
    // two ways along every link but the last: still one count per state
    let doubled = FnProblem::unit(move |s: &u32| *s == 100, |s: &u32| [s + 1, s + 1]);
    assert_eq!(heurist::count_paths(&doubled, 0), Ok(1u128 << 100));
}

#[test]
fn count_paths_cycles_goals_and_limits() {
    // a cycle no goal can be reached from is still a cycle
    let ring = FnProblem::unit(|_: &u8| false, |n: &u8| [(n + 1) % 4]);
    let e = heurist::count_paths(&ring, 0).unwrap_err();
    assert_eq!(e, CountError::Cycle(0));
    assert!(e.to_string().contains("cycle"));
    let boxed: Box<dyn std::error::Error> = Box::new(e);
    assert!(!boxed.to_string().is_empty());
    // a self-loop
    let stay = FnProblem::unit(|n: &u8| *n == 5, |n: &u8| [*n, n + 1]);
    assert_eq!(heurist::count_paths(&stay, 0), Err(CountError::Cycle(0)));
    // a cycle behind a goal is never walked: goals end paths
    let behind = FnProblem::unit(|n: &u8| *n == 1, |n: &u8| [(n + 1) % 3]);
    assert_eq!(heurist::count_paths(&behind, 0), Ok(1));
    // the start is a goal
    assert_eq!(heurist::count_paths(&behind, 1), Ok(1));
    // no goal reachable
    let dead = FnProblem::unit(
        |_: &u8| false,
        |n: &u8| if *n < 9 { vec![n + 1] } else { vec![] },
    );
    assert_eq!(heurist::count_paths(&dead, 0), Ok(0));

    let long = FnProblem::unit(|n: &u32| *n == 10_000, |n: &u32| [n + 1]);
    assert_eq!(
        Dfs::new().max_states(100).count_paths(&long, 0),
        Err(CountError::Stopped(StopReason::MaxStates))
    );
    assert_eq!(
        Dfs::new().max_expansions(100).count_paths(&long, 0),
        Err(CountError::Stopped(StopReason::MaxExpansions))
    );
    let token = CancelToken::new();
    token.cancel();
    assert_eq!(
        Dfs::new().cancel(token).count_paths(&long, 0),
        Err(CountError::Stopped(StopReason::Cancelled))
    );
    // the depth limit does not apply
    assert_eq!(Dfs::new().max_depth(3).count_paths(&long, 0), Ok(1));
}
