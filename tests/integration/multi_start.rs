//! Searches from several start states at once (`Bfs::search_from`, `Dijkstra::search_from`,
//! `AStar::search_from`, `WeightedAStar::search_from`, `Greedy::search_from`) against the best over single-start references: Bellman-Ford for
//! the least cost, a plain queue BFS for the fewest actions.

use heurist::{AStar, Bfs, Dijkstra, Greedy, OpenList, StopReason, WeightedAStar};
use proptest::prelude::*;

use crate::support;
use support::*;

/// The least cost to a goal from any of `starts` (Bellman-Ford from each).
fn best_of(g: &Graph, starts: &[usize]) -> Option<u32> {
    starts.iter().filter_map(|&s| optimal_cost(g, s)).min()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The cost is the least over the starts, the solution leaves from one of them and
    /// replays along real edges; A* with the exact (so consistent) heuristic agrees, on
    /// every open list.
    #[test]
    fn the_cheapest_path_from_any_start(
        (g, _) in graph_strategy(12, 9),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..5),
    ) {
        let n = g.adj.len();
        let starts: Vec<usize> = picks.iter().map(|i| i.index(n)).collect();
        let expected = best_of(&g, &starts);
        let h = scaled_heuristic(&g, &[255]);
        for open in [OpenList::Buckets, OpenList::Indexed, OpenList::Lazy] {
            let results = [
                Dijkstra::new().open_list(open).search_from(&g, starts.iter().copied()),
                AStar::new()
                    .open_list(open)
                    .search_from(&g, starts.iter().copied(), &h),
                // weight 1: A*'s order
                WeightedAStar::new(1.0)
                    .open_list(open)
                    .search_from(&g, starts.iter().copied(), &h),
            ];
            // greedy search: some path from some start, exactly when one exists
            let r = Greedy::new()
                .open_list(open)
                .search_from(&g, starts.iter().copied(), &h);
            prop_assert_eq!(r.is_found(), expected.is_some());
            if let Some(sol) = r.solution() {
                prop_assert!(starts.contains(&sol.start));
                prop_assert!(replay(&g, sol.start, &r) >= expected);
            }
            for r in results {
                prop_assert_eq!(r.cost(), expected);
                match r.solution() {
                    Some(sol) => {
                        prop_assert!(starts.contains(&sol.start));
                        prop_assert_eq!(replay(&g, sol.start, &r), expected);
                        // no start reaches a goal more cheaply than this one
                        prop_assert_eq!(optimal_cost(&g, sol.start), expected);
                    }
                    None => prop_assert!(r.is_exhausted()),
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Breadth-first from several starts: the fewest actions from any of them, on directed
    /// graphs and (with the reversibility hint, which drops old levels from the index) on
    /// undirected ones, with and without a cost bound.
    #[test]
    fn the_fewest_actions_from_any_start(
        (g, _) in graph_strategy(12, 9),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..5),
        both_ways in any::<bool>(),
    ) {
        let g = if both_ways { undirected(&g) } else { g };
        let n = g.adj.len();
        let starts: Vec<usize> = picks.iter().map(|i| i.index(n)).collect();
        let expected = starts.iter().filter_map(|&s| fewest_edges(&g, s)).min();
        let bfs = Bfs::new().reversible(both_ways);
        let results = [
            bfs.clone().search_from(&g, starts.iter().copied()),
            bfs.cost_bound(u32::MAX).search_from(&g, starts.iter().copied()),
        ];
        for r in results {
            match r.solution() {
                Some(sol) => {
                    prop_assert!(starts.contains(&sol.start));
                    prop_assert_eq!(Some(sol.len()), expected);
                    replay(&g, sol.start, &r);
                    prop_assert_eq!(fewest_edges(&g, sol.start), expected);
                }
                None => {
                    prop_assert!(r.is_exhausted());
                    prop_assert_eq!(expected, None);
                }
            }
        }
    }
}

/// No start at all: nothing to search. The same start twice counts once. Limits hold.
#[test]
fn no_start_duplicate_starts_and_limits() {
    let line = Graph {
        adj: (0..50)
            .map(|i| if i < 49 { vec![(i + 1, 1)] } else { vec![] })
            .collect(),
        goal: (0..50).map(|i| i == 49).collect(),
    };
    let r = Dijkstra::new().search_from(&line, []);
    assert!(r.is_exhausted());
    assert_eq!(r.stats.expanded, 0);
    let r = Bfs::new().search_from(&line, []);
    assert!(r.is_exhausted());
    let r = Bfs::new().search_from(&line, [3, 44, 3]);
    assert_eq!((r.cost(), r.solution().unwrap().start), (Some(5), 44));
    let r = Bfs::new().search_from(&line, [3, 49]);
    assert_eq!((r.cost(), r.stats.expanded), (Some(0), 0));
    let once = Dijkstra::new().search_from(&line, [10]);
    let twice = Dijkstra::new().search_from(&line, [10, 10]);
    assert_eq!(once.cost(), Some(39));
    assert_eq!(twice.cost(), Some(39));
    assert_eq!(once.stats.stored, twice.stats.stored);
    let r = Dijkstra::new().search_from(&line, [0, 40]);
    assert_eq!((r.cost(), r.solution().unwrap().start), (Some(9), 40));
    let r = Dijkstra::new().max_expansions(3).search_from(&line, [0, 5]);
    assert_eq!(r.stop_reason(), Some(StopReason::MaxExpansions));
    let r = AStar::new()
        .cost_bound(5)
        .search_from(&line, [0, 30], heurist::Zero);
    assert_eq!(r.stop_reason(), Some(StopReason::CostBound));
}
