//! Property tests of the parallel breadth-first search (`Bfs::search_parallel`) against a
//! plain queue BFS written in the support module: on random digraphs, with any number of
//! threads, it finds a path with the fewest actions (replayed edge by edge), proves the
//! same graphs exhausted, and stops honestly at every limit.

use std::panic::{catch_unwind, AssertUnwindSafe};

use heurist::{Bfs, CancelToken, MovePruning, Problem, StopReason, Successors};
use proptest::prelude::*;

use crate::support;
use support::*;

/// Larger graphs than `graph_strategy`'s.
fn big_graph() -> impl Strategy<Value = (Graph, usize)> {
    larger_graph_strategy(20..300, 5, 0.01)
}

fn check_fewest(
    g: &Graph,
    start: usize,
    threads: usize,
    reversible: bool,
) -> Result<(), TestCaseError> {
    let r = Bfs::new()
        .reversible(reversible)
        .search_parallel(threads, g, start);
    match fewest_edges(g, start) {
        Some(n) => {
            prop_assert!(replay(g, start, &r).is_some());
            prop_assert_eq!(r.solution().unwrap().len(), n);
        }
        None => prop_assert!(r.is_exhausted(), "{:?}", r.outcome),
    }
    prop_assert!(r.stats.expanded <= r.stats.stored as u64);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn parallel_bfs_finds_the_fewest_actions((g, start) in graph_strategy(16, 6), threads in 1usize..5) {
        check_fewest(&g, start, threads, false)?;
        // every edge can be undone: the index may forget old levels
        check_fewest(&undirected(&g), start, threads, true)?;
    }

    #[test]
    fn parallel_bfs_on_larger_graphs((g, start) in big_graph(), threads in 1usize..4) {
        check_fewest(&g, start, threads, false)?;
        check_fewest(&undirected(&g), start, threads, true)?;
        // the serial search stores as many states when both exhaust the graph
        let serial = heurist::bfs(&g, start);
        let parallel = Bfs::new().search_parallel(threads, &g, start);
        if serial.is_exhausted() {
            prop_assert_eq!(parallel.stats.stored, serial.stats.stored);
            prop_assert_eq!(parallel.stats.expanded, serial.stats.expanded);
            prop_assert_eq!(parallel.stats.generated, serial.stats.generated);
            prop_assert_eq!(parallel.stats.iterations, serial.stats.iterations);
        }
    }

    #[test]
    fn parallel_bfs_stops_honestly(
        (g, start) in big_graph(),
        threads in 1usize..4,
        max_states in 1usize..60,
        depth in 0usize..6,
        bound in 0u32..12,
    ) {
        let fewest = fewest_edges(&g, start);
        // the memory bound
        let r = Bfs::new().max_states(max_states).search_parallel(threads, &g, start);
        prop_assert!(r.stats.stored <= max_states + 1, "{} > {}", r.stats.stored, max_states);
        match r.stop_reason() {
            Some(reason) => prop_assert_eq!(reason, StopReason::MaxStates),
            None if r.is_exhausted() => prop_assert!(fewest.is_none()),
            None => prop_assert_eq!(replay(&g, start, &r).map(|_| r.solution().unwrap().len()), fewest),
        }
        // the depth limit: a solution within it is found, and none is missed
        let r = Bfs::new().max_depth(depth).search_parallel(threads, &g, start);
        match fewest {
            Some(n) if n <= depth => prop_assert_eq!(r.solution().map(|s| s.len()), Some(n)),
            Some(_) => prop_assert_eq!(r.stop_reason(), Some(StopReason::MaxDepth)),
            None => prop_assert!(r.is_exhausted() || r.stop_reason() == Some(StopReason::MaxDepth)),
        }
        // the cost bound: what is found costs at most the bound; exhausted only when no
        // goal is reachable at all
        let r = Bfs::new().cost_bound(bound).search_parallel(threads, &g, start);
        if let Some(cost) = replay(&g, start, &r) {
            prop_assert!(cost <= bound);
        } else if r.is_exhausted() {
            prop_assert!(fewest.is_none());
        } else {
            prop_assert_eq!(r.stop_reason(), Some(StopReason::CostBound));
        }
        // the expansion limit, shared by the threads
        let r = Bfs::new().max_expansions(3).search_parallel(threads, &g, start);
        if r.stop_reason().is_some() {
            prop_assert_eq!(r.stop_reason(), Some(StopReason::MaxExpansions));
        }
    }
}

/// A grid where moving back is pruned (the step undoing the last one).
struct Grid(i32);

const STEPS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

impl Problem for Grid {
    type State = (i32, i32);
    type Action = usize;
    type Cost = u32;
    fn is_goal(&self, s: &(i32, i32)) -> bool {
        *s == (self.0, self.0)
    }
    fn successors(&self, s: &(i32, i32), out: &mut Successors<(i32, i32), usize, u32>) {
        self.successors_skipping(s, 0, out)
    }
}

impl MovePruning for Grid {
    type Skip = u8;
    fn skip_after(&self, &a: &usize) -> u8 {
        1 << ((a + 2) % 4)
    }
    fn successors_skipping(
        &self,
        &(r, c): &(i32, i32),
        skip: u8,
        out: &mut Successors<(i32, i32), usize, u32>,
    ) {
        for (a, (dr, dc)) in STEPS.into_iter().enumerate() {
            let (r, c) = (r + dr, c + dc);
            if skip >> a & 1 == 0
                && (0..=self.0).contains(&r)
                && (0..=self.0).contains(&c)
                && (r, c) != (3, 3)
            {
                out.push(a, (r, c), 1);
            }
        }
    }
}

#[test]
fn move_pruning_in_parallel_keeps_the_answer_and_saves_successors() {
    let grid = Grid(40);
    let plain = heurist::bfs(&grid, (0, 0));
    for threads in 1..4 {
        let pruned = Bfs::new()
            .move_pruning()
            .search_parallel(threads, &grid, (0, 0));
        let all = Bfs::new().search_parallel(threads, &grid, (0, 0));
        assert_eq!(pruned.cost(), Some(80));
        assert_eq!(all.cost(), plain.cost());
        assert!(pruned.stats.generated < all.stats.generated);
        let rev =
            Bfs::new()
                .reversible(true)
                .move_pruning()
                .search_parallel(threads, &grid, (0, 0));
        assert_eq!(rev.cost(), Some(80));
    }
}

#[test]
fn a_cancelled_search_stops_and_a_start_goal_is_found() {
    let token = CancelToken::new();
    token.cancel();
    let grid = Grid(40);
    let r = Bfs::new().cancel(token).search_parallel(2, &grid, (0, 0));
    assert_eq!(r.stop_reason(), Some(StopReason::Cancelled));
    let r = Bfs::new().search_parallel(2, &grid, (40, 40));
    assert_eq!(r.solution().map(|s| s.len()), Some(0));
    let r = Bfs::new().max_depth(0).search_parallel(2, &grid, (0, 0));
    assert_eq!(r.stop_reason(), Some(StopReason::MaxDepth));
}

#[test]
fn a_panic_in_one_thread_reaches_the_caller_instead_of_hanging_the_others() {
    for threads in [1, 2, 3] {
        let r = catch_unwind(AssertUnwindSafe(|| {
            Bfs::new().search_parallel(threads, &Fragile, 1)
        }));
        assert!(r.is_err());
    }
}
