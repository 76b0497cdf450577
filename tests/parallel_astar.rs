//! Property tests of hash-distributed A* (`AStar::search_parallel`) against Bellman-Ford on
//! random weighted digraphs: with any number of threads and every open list it returns a
//! path of the least cost (replayed edge by edge) with admissible heuristics, consistent or
//! not, proves the same graphs exhausted, and stops honestly at every limit with a lower
//! bound no greater than the optimum.

use std::panic::{catch_unwind, AssertUnwindSafe};

use heurist::{AStar, OpenList, Problem, StopReason, Successors};
use proptest::prelude::*;

mod support;
use support::*;

/// Larger graphs than `graph_strategy`'s.
fn big_graph() -> impl Strategy<Value = (Graph, usize)> {
    larger_graph_strategy(20..250, 9, 0.02)
}

fn check_optimal(
    g: &Graph,
    start: usize,
    factors: &[u8],
    threads: usize,
    open_list: OpenList,
) -> Result<(), TestCaseError> {
    let h = scaled_heuristic(g, factors);
    let r = AStar::new()
        .open_list(open_list)
        .search_parallel(threads, g, start, h);
    let best = optimal_cost(g, start);
    prop_assert_eq!(replay(g, start, &r), best, "{:?}", r.outcome);
    prop_assert_eq!(r.is_exhausted(), best.is_none());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn parallel_astar_finds_the_least_cost(
        (g, start) in graph_strategy(16, 6),
        factors in prop::collection::vec(any::<u8>(), 1..12),
        threads in 1usize..5,
    ) {
        for open_list in [OpenList::Buckets, OpenList::Lazy, OpenList::Indexed] {
            check_optimal(&g, start, &factors, threads, open_list)?;
        }
    }

    #[test]
    fn parallel_astar_on_larger_graphs(
        (g, start) in big_graph(),
        factors in prop::collection::vec(any::<u8>(), 1..12),
        threads in 1usize..4,
    ) {
        check_optimal(&g, start, &factors, threads, OpenList::Buckets)?;
        check_optimal(&positive(&g), start, &factors, threads, OpenList::Lazy)?;
    }

    #[test]
    fn parallel_astar_stops_honestly(
        (g, start) in big_graph(),
        factors in prop::collection::vec(any::<u8>(), 1..12),
        threads in 1usize..4,
        max_states in 1usize..80,
        max_expansions in 0u64..40,
        bound in 0u32..30,
    ) {
        let best = optimal_cost(&g, start);
        let h = || scaled_heuristic(&g, &factors);
        let at_most_optimal = |lb: Option<u32>| match (lb, best) {
            (Some(lb), Some(best)) => lb <= best,
            _ => true,
        };
        // the memory bound
        let r = AStar::new().max_states(max_states).search_parallel(threads, &g, start, h());
        prop_assert!(r.stats.stored <= max_states, "{} > {}", r.stats.stored, max_states);
        match r.stop_reason() {
            Some(reason) => {
                prop_assert_eq!(reason, StopReason::MaxStates);
                prop_assert!(at_most_optimal(r.lower_bound()));
            }
            None => prop_assert_eq!(replay(&g, start, &r), best),
        }
        // the expansion limit, shared by the threads
        let r = AStar::new().max_expansions(max_expansions).search_parallel(threads, &g, start, h());
        match r.stop_reason() {
            Some(reason) => {
                prop_assert_eq!(reason, StopReason::MaxExpansions);
                prop_assert!(at_most_optimal(r.lower_bound()));
            }
            None => prop_assert_eq!(replay(&g, start, &r), best),
        }
        // the cost bound: the optimum when within it; else stopped with a bound above it
        let r = AStar::new().cost_bound(bound).search_parallel(threads, &g, start, h());
        match best {
            Some(c) if c <= bound => prop_assert_eq!(replay(&g, start, &r), Some(c)),
            _ => {
                prop_assert!(r.solution().is_none());
                if r.stop_reason().is_some() {
                    prop_assert_eq!(r.stop_reason(), Some(StopReason::CostBound));
                    prop_assert!(r.lower_bound().unwrap() > bound);
                    prop_assert!(at_most_optimal(r.lower_bound()));
                } else {
                    prop_assert!(r.is_exhausted() && best.is_none());
                }
            }
        }
    }
}

#[test]
fn a_panic_in_one_thread_reaches_the_caller_instead_of_hanging_the_others() {
    for threads in [1, 2, 3] {
        let r = catch_unwind(AssertUnwindSafe(|| {
            AStar::new().search_parallel(threads, &Fragile, 1, |_: &u32| 0)
        }));
        assert!(r.is_err());
    }
}

/// A line 0, 1, 2, ... whose step out of 5 costs -1.
struct Downhill;

impl Problem for Downhill {
    type State = i64;
    type Action = ();
    type Cost = i64;
    fn is_goal(&self, n: &i64) -> bool {
        *n == 9
    }
    fn successors(&self, &n: &i64, out: &mut Successors<i64, (), i64>) {
        out.push((), n + 1, if n == 5 { -1 } else { 1 });
    }
}

/// A negative step is refused, as by the serial search.
#[test]
fn a_negative_step_stops_the_search() {
    for threads in [1, 2] {
        let r = AStar::new().search_parallel(threads, &Downhill, 0, |_: &i64| 0);
        assert_eq!(r.stop_reason(), Some(StopReason::NegativeCost));
    }
}
