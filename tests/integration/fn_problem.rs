//! Tests of `FnProblem`'s shapes (`new`, `with_costs`, `unit`, `space`) and of `into_path`: on random
//! weighted digraphs, each shape searches exactly as the equivalent `FnProblem::new` with
//! every algorithm, takes `FnMut` closures called as often as the statistics say, and finds
//! the least cost (Bellman-Ford) or fewest actions (queue BFS) of `support`.

use heurist::{FnProblem, SearchResult};
use proptest::prelude::*;

use crate::support;
use support::*;

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
    ($alg:expr_2021, $p:expr_2021, $start:expr_2021, $h:expr_2021) => {
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

/// `FnProblem::space` with `bfs_reach`: the 8-puzzle's positions reachable from the goal,
/// 181,440 (half of 9!), the farthest 31 moves away and exactly two of them (Reinefeld
/// 1993), from a successor closure alone.
#[test]
fn space_enumerates_the_eight_puzzle() {
    let space = FnProblem::space(|p: &[u8; 9]| {
        let blank = p.iter().position(|&t| t == 0).unwrap();
        let (r, c) = (blank / 3, blank % 3);
        let mut next = Vec::with_capacity(4);
        for (dr, dc) in [(0i32, 1i32), (0, -1), (1, 0), (-1, 0)] {
            let (nr, nc) = (r as i32 + dr, c as i32 + dc);
            if (0..3).contains(&nr) && (0..3).contains(&nc) {
                let mut q = *p;
                q.swap(blank, (nr * 3 + nc) as usize);
                next.push(q);
            }
        }
        next
    });
    let mut by_depth = vec![0usize; 40];
    for (_, depth) in heurist::bfs_reach(&space, [1, 2, 3, 4, 5, 6, 7, 8, 0]) {
        by_depth[depth] += 1;
    }
    assert_eq!(by_depth.iter().sum::<usize>(), 181_440);
    assert_eq!(by_depth[31], 2);
    assert!(by_depth[32..].iter().all(|&n| n == 0));
    // a search for a goal in a space that has none is exhausted
    assert!(heurist::bfs(&space, [1, 2, 3, 4, 5, 6, 7, 8, 0]).is_exhausted());
}

/// `unit_cost` gives a unit-cost problem the cost type of its heuristic.
#[test]
fn unit_cost_takes_the_heuristic_cost_type() {
    let line = FnProblem::unit(|&n: &i64| n == 20, |&n: &i64| [n - 1, n + 1]).unit_cost::<u16>();
    let h = |&n: &i64| (20 - n).unsigned_abs() as u16;
    assert_eq!(heurist::astar(&line, 3, h).cost(), Some(17u16));
    let real = FnProblem::unit(|&n: &i64| n == 20, |&n: &i64| [n - 1, n + 1])
        .unit_cost::<heurist::OrderedF64>();
    assert_eq!(
        heurist::dijkstra(&real, 3).cost(),
        Some(heurist::OrderedF64(17.0))
    );
}
