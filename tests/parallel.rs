//! Property tests of the parallel IDA* (`IdaStar::search_parallel`) against the serial one on
//! random weighted digraphs: with any number of threads it returns the serial search's
//! solution (the same steps, not only the same cost), proves the same graphs exhausted, and
//! stops at the same limits.

use heurist::{CycleCheck, IdaStar, StopReason};
use proptest::prelude::*;

mod support;
use support::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn parallel_idastar_returns_the_serial_solution(
        (g, start) in graph_strategy(16, 6),
        factors in prop::collection::vec(any::<u8>(), 1..12),
        threads in 1usize..4,
    ) {
        let h = scaled_heuristic(&g, &factors);
        let positive = positive(&g);
        let h_positive = scaled_heuristic(&positive, &factors);
        // unit steps and no estimate: many solutions of the least cost, in different subtrees
        let unit = unit(&g);
        let none = Scaled(vec![0; g.adj.len()]);
        let mut cases = vec![
            (&g, &h, CycleCheck::Path),
            (&positive, &h_positive, CycleCheck::Path),
            (&unit, &none, CycleCheck::Path),
        ];
        // without the full-path check only a reachable goal ends the search
        if optimal_cost(&positive, start).is_some() {
            cases.push((&positive, &h_positive, CycleCheck::Parent));
        }
        for (graph, h, check) in cases {
            let config = IdaStar::new().cycle_check(check);
            let serial = config.search(graph, start, Scaled(h.0.clone()));
            let parallel = config.search_parallel(threads, graph, start, Scaled(h.0.clone()));
            prop_assert_eq!(replay(graph, start, &parallel), optimal_cost(graph, start));
            prop_assert_eq!(parallel.solution(), serial.solution(), "{:?}", check);
            prop_assert_eq!(parallel.is_exhausted(), serial.is_exhausted());
            prop_assert_eq!(parallel.stats.iterations, serial.stats.iterations);
            if serial.is_exhausted() {
                // every iteration walked whole: the same counts
                prop_assert_eq!(stats(&parallel), stats(&serial));
            }
        }
    }

    /// Larger graphs, whose trees are cut above the goals: the threads find them, often
    /// several in one iteration, and the first in walk order must win.
    #[test]
    fn parallel_idastar_picks_the_first_goal_in_walk_order(
        adj in prop::collection::vec(prop::collection::vec((0..120usize, 1..3u32), 3..6), 120),
        goal in prop::collection::vec(prop::bool::weighted(0.04), 120),
        threads in 2usize..4,
    ) {
        let g = Graph { adj, goal };
        let none = |_: &usize| 0u32;
        for check in [CycleCheck::Path, CycleCheck::Parent] {
            let config = IdaStar::new().cycle_check(check).max_expansions(2_000_000);
            let serial = config.search(&g, 0, none);
            let parallel = config.search_parallel(threads, &g, 0, none);
            prop_assert_eq!(parallel.solution(), serial.solution(), "{:?}", check);
            prop_assert_eq!(parallel.stop_reason().is_some(), serial.stop_reason().is_some());
        }
    }

    #[test]
    fn parallel_idastar_obeys_the_cost_bound_and_depth_limit(
        (g, start) in graph_strategy(12, 6),
        bound in 0u32..12,
        depth in 0usize..5,
        threads in 1usize..4,
    ) {
        let zero = |_: &usize| 0u32;
        for config in [IdaStar::new().cost_bound(bound), IdaStar::new().max_depth(depth)] {
            let serial = config.search(&g, start, zero);
            let parallel = config.search_parallel(threads, &g, start, zero);
            prop_assert_eq!(parallel.solution(), serial.solution());
            prop_assert_eq!(parallel.stop_reason(), serial.stop_reason());
            prop_assert_eq!(parallel.lower_bound(), serial.lower_bound());
        }
    }
}

/// An endless binary tree without a goal. (`FnProblem` holds `FnMut` closures, which
/// threads cannot share.)
struct Tree;

impl heurist::Problem for Tree {
    type State = u64;
    type Action = ();
    type Cost = u32;
    fn is_goal(&self, _: &u64) -> bool {
        false
    }
    fn successors(&self, &n: &u64, out: &mut heurist::Successors<u64, (), u32>) {
        out.push((), 2 * n, 1);
        out.push((), 2 * n + 1, 1);
    }
}

/// The time limit and the cancel token stop every thread.
#[test]
fn parallel_idastar_stops_at_the_deadline_and_when_cancelled() {
    let config = IdaStar::new().cycle_check(CycleCheck::Parent);
    let t0 = std::time::Instant::now();
    let r = config
        .clone()
        .time_limit(std::time::Duration::from_millis(200))
        .search_parallel(2, &Tree, 1, |_: &u64| 0);
    assert_eq!(r.stop_reason(), Some(StopReason::Deadline));
    assert!(t0.elapsed() < std::time::Duration::from_secs(5));
    let cancel = heurist::CancelToken::new();
    let stopper = {
        let cancel = cancel.clone();
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(100));
            cancel.cancel();
        })
    };
    let r = config
        .cancel(cancel)
        .search_parallel(2, &Tree, 1, |_: &u64| 0);
    stopper.join().unwrap();
    assert_eq!(r.stop_reason(), Some(StopReason::Cancelled));
}

/// The expansion limit holds for the threads together, to within one poll interval (256
/// expansions) a thread.
#[test]
fn parallel_idastar_shares_the_expansion_limit() {
    let tree = Tree;
    for threads in [1, 2, 4] {
        let r = IdaStar::new()
            .cycle_check(CycleCheck::Parent)
            .max_expansions(50_000)
            .search_parallel(threads, &tree, 1, |_: &u64| 0);
        assert_eq!(r.stop_reason(), Some(StopReason::MaxExpansions));
        assert!(
            (50_000..=50_000 + 256 * threads as u64 + 256).contains(&r.stats.expanded),
            "{threads} threads: {}",
            r.stats.expanded
        );
        assert!(r.lower_bound().is_some());
    }
}

/// A path deeper than a thread's stack budget: the search goes on with the serial engine's
/// explicit stack and still finds the answer.
#[test]
fn parallel_idastar_hands_deep_paths_to_the_serial_engine() {
    /// A line of cells `0..=LEN` walked one step either way, the goal at the far end.
    struct Line;
    const LEN: u64 = 100_000;
    impl heurist::Problem for Line {
        type State = u64;
        type Action = ();
        type Cost = u64;
        fn is_goal(&self, n: &u64) -> bool {
            *n == LEN
        }
        fn successors(&self, &n: &u64, out: &mut heurist::Successors<u64, (), u64>) {
            out.push((), n + 1, 1);
            out.push((), n.saturating_sub(1), 1);
        }
    }
    let exact = |n: &u64| LEN - n;
    let r = IdaStar::new()
        .cycle_check(CycleCheck::Parent)
        .search_parallel(2, &Line, 0, exact);
    let sol = r.solution().expect("found");
    assert_eq!((sol.cost, sol.len() as u64), (LEN, LEN));
    assert_eq!(r.stats.iterations, 1);
}
