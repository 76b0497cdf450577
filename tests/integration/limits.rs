//! Tests of how the generic algorithms stop: every limit (expansions, time, cancellation,
//! cost bound, depth, states) on an endless problem, progress reports, cloned
//! configurations sharing their callback, cancellation from another thread; on random
//! weighted digraphs, the lower bounds reported by stopped and cost-bounded searches,
//! checked against the Bellman-Ford least costs of `support`; and weighted A* refusing an
//! invalid weight.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use heurist::{
    AStar, Bfs, CancelToken, CycleCheck, Dfs, Dijkstra, FnProblem, Greedy, IdaStar, Iddfs, Limits,
    OpenList, Outcome, Problem, SearchResult, Stats, StopReason, WeightedAStar, Zero,
};
use proptest::prelude::*;

use crate::support;
use support::*;

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
    fn stopped_searches_report_a_valid_lower_bound(
        (g, start) in graph_strategy(12, 20),
        factors in prop::collection::vec(any::<u8>(), 1..12),
        budget in 0u64..6,
    ) {
        let best = optimal_cost(&g, start);
        let h = scaled_heuristic(&g, &factors);
        let astar = AStar::new().max_expansions(budget).search(&g, start, &h);
        let ida = IdaStar::new().max_expansions(budget).search(&g, start, &h);
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
                by_cost.push(astar.search(&g, start, Zero));
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
                AStar::new().cost_bound(bound).search(&g, start, &h),
                AStar::new()
                    .cost_bound(bound)
                    .open_list(OpenList::Lazy)
                    .search(&g, start, &h),
                IdaStar::new().cost_bound(bound).search(&g, start, Zero),
                IdaStar::new().cost_bound(bound).search(&g, start, &h),
                IdaStar::new()
                    .cost_bound(bound)
                    .cycle_check(CycleCheck::Parent)
                    .max_expansions(100_000)
                    .search(&g, start, &h),
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
        ($config:expr_2021, $($h:expr_2021)?) => {{
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
