//! Fringe search and beam search on random weighted digraphs (small, with cycles, zero-cost
//! edges and often no reachable goal), checked against references: a Dijkstra written
//! here and the Bellman-Ford, BFS and replay of `support`; their limits; and a few fixed
//! cases (thresholds counted, the beam's honest outcomes, negative steps).

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::Duration;

use heurist::{
    Beam, CancelToken, FnProblem, Fringe, Outcome, Problem, SearchResult, StopReason, Zero,
};
use proptest::prelude::*;

use crate::support;
use support::*;

/// Least cost from `start` to the nearest goal: Dijkstra with a binary heap and lazy
/// deletion (independent of `support`'s Bellman-Ford, which the test also compares).
fn dijkstra_to_goal(g: &Graph, start: usize) -> Option<u32> {
    let mut dist = vec![u32::MAX; g.adj.len()];
    let mut heap = BinaryHeap::from([Reverse((0u32, start))]);
    dist[start] = 0;
    while let Some(Reverse((d, u))) = heap.pop() {
        if d > dist[u] {
            continue;
        }
        if g.goal[u] {
            return Some(d);
        }
        for &(v, w) in &g.adj[u] {
            if d + w < dist[v] {
                dist[v] = d + w;
                heap.push(Reverse((d + w, v)));
            }
        }
    }
    None
}

/// The number of states reachable from `start` (the start included).
fn reachable(g: &Graph, start: usize) -> usize {
    bellman_ford(g, start).iter().flatten().count()
}

/// The exact cost to go, halved: admissible and consistent. A state with no goal reachable
/// gets 1000, more than any path here costs: admissible, and consistent (a step into it
/// never lowers the estimate by more than its cost; its successors are such states too).
fn halved(g: &Graph) -> Vec<u32> {
    cost_to_goal(g)
        .iter()
        .map(|d| d.map_or(1000, |d| d / 2))
        .collect()
}

/// Checks a fringe result against the least cost `best`: found with that cost along a
/// valid path, or exhausted when no goal is reachable.
fn fringe_is_optimal(
    g: &Graph,
    start: usize,
    r: &SearchResult<usize, usize, u32>,
    best: Option<u32>,
) {
    match &r.outcome {
        Outcome::Found(_) => assert_eq!(replay(g, start, r), best),
        Outcome::Exhausted => assert_eq!(best, None),
        Outcome::Stopped { reason, .. } => panic!("stopped by {reason} without a limit"),
    }
    assert!(r.stats.iterations >= 1);
    assert!(r.stats.stored <= g.adj.len());
    assert!(r.stats.generated >= r.stats.duplicates);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn fringe_finds_the_least_cost(
        (g, start) in graph_strategy(12, 20),
        factors in prop::collection::vec(any::<u8>(), 1..12),
    ) {
        let best = dijkstra_to_goal(&g, start);
        prop_assert_eq!(best, optimal_cost(&g, start), "the two references agree");
        // inconsistent (a random fraction per state), consistent, zero
        let scaled = scaled_heuristic(&g, &factors);
        let r = Fringe::new().search(&g, start, &scaled);
        fringe_is_optimal(&g, start, &r, best);
        let half = Scaled(halved(&g));
        let r = Fringe::new().search(&g, start, &half);
        fringe_is_optimal(&g, start, &r, best);
        prop_assert_eq!(r.stats.reopened, 0, "a consistent heuristic reopens nothing");
        let r = Fringe::new().search(&g, start, Zero);
        fringe_is_optimal(&g, start, &r, best);
        // the same on the graph with unit and with positive weights
        for g2 in [unit(&g), positive(&g)] {
            let r = Fringe::new().search(&g2, start, Zero);
            fringe_is_optimal(&g2, start, &r, dijkstra_to_goal(&g2, start));
        }
    }

    #[test]
    fn fringe_stopped_reports_a_valid_lower_bound(
        (g, start) in graph_strategy(12, 20),
        factors in prop::collection::vec(any::<u8>(), 1..12),
        budget in 0u64..8,
        states in 1usize..8,
    ) {
        let best = dijkstra_to_goal(&g, start);
        let h = scaled_heuristic(&g, &factors);
        let by_expansions = Fringe::new().max_expansions(budget).search(&g, start, &h);
        let by_states = Fringe::new().max_states(states).search(&g, start, &h);
        for (r, limit) in [(by_expansions, StopReason::MaxExpansions), (by_states, StopReason::MaxStates)] {
            match &r.outcome {
                Outcome::Found(_) => prop_assert_eq!(replay(&g, start, &r), best),
                Outcome::Exhausted => prop_assert_eq!(best, None),
                Outcome::Stopped { reason, lower_bound } => {
                    prop_assert_eq!(*reason, limit);
                    let lb = lower_bound.expect("fringe reports its threshold");
                    if let Some(b) = best {
                        prop_assert!(lb <= b, "lower bound {} above the optimum {}", lb, b);
                    }
                }
            }
        }
        let r = Fringe::new().max_expansions(budget).search(&g, start, &h);
        prop_assert!(r.stats.expanded <= budget);
        let r = Fringe::new().max_states(states).search(&g, start, &h);
        prop_assert!(r.stats.stored <= states);
    }

    #[test]
    fn fringe_under_a_cost_bound(
        (g, start) in graph_strategy(12, 20),
        factors in prop::collection::vec(any::<u8>(), 1..12),
        bound in 0u32..40,
    ) {
        let best = dijkstra_to_goal(&g, start);
        let h = scaled_heuristic(&g, &factors);
        let r = Fringe::new().cost_bound(bound).search(&g, start, &h);
        match &r.outcome {
            Outcome::Found(_) => {
                prop_assert_eq!(replay(&g, start, &r), best);
                prop_assert!(best.unwrap() <= bound);
            }
            Outcome::Exhausted => prop_assert_eq!(best, None),
            Outcome::Stopped { reason, lower_bound } => {
                prop_assert_eq!(*reason, StopReason::CostBound);
                prop_assert!(best.is_none_or(|b| b > bound), "a solution within the bound was missed");
                let lb = lower_bound.expect("the smallest f left out");
                prop_assert!(lb > bound);
                if let Some(b) = best {
                    prop_assert!(lb <= b, "lower bound {} above the optimum {}", lb, b);
                }
            }
        }
    }

    #[test]
    fn beam_is_honest(
        (g, start) in graph_strategy(12, 20),
        factors in prop::collection::vec(any::<u8>(), 1..12),
        width in 0usize..5,
        by_estimate in any::<bool>(),
    ) {
        let fewest = fewest_edges(&g, start);
        let all = reachable(&g, start);
        let h = scaled_heuristic(&g, &factors);
        let mut config = Beam::new(width);
        if by_estimate {
            config = config.rank_by_estimate();
        }
        let r = config.search(&g, start, &h);
        match &r.outcome {
            Outcome::Found(sol) => {
                replay(&g, start, &r);
                prop_assert!(sol.len() >= fewest.unwrap());
            }
            Outcome::Exhausted => {
                prop_assert_eq!(fewest, None);
                prop_assert_eq!(r.stats.stored, all, "exhausted: every reachable state kept");
            }
            Outcome::Stopped { reason, lower_bound } => {
                prop_assert_eq!(*reason, StopReason::BeamWidth);
                prop_assert_eq!(*lower_bound, None);
                // a layer had more than `width` states
                prop_assert!(width + 1 < all);
            }
        }
        // at most `width` states a layer: stored within width × depth (the start apart)
        prop_assert!(r.stats.max_frontier <= width.max(1));
        prop_assert!(r.stats.stored <= 1 + width * all);

        // as wide as the space: breadth-first search, fewest actions
        let r = Beam::new(all).search(&g, start, &h);
        match fewest {
            Some(d) => prop_assert_eq!(replay(&g, start, &r).map(|_| r.solution().unwrap().len()), Some(d)),
            None => {
                prop_assert!(r.is_exhausted());
                prop_assert_eq!(r.stats.stored, all);
            }
        }
    }

    #[test]
    fn widening_beam_is_complete(
        (g, start) in graph_strategy(12, 20),
        factors in prop::collection::vec(any::<u8>(), 1..12),
        width in 0usize..3,
        by_estimate in any::<bool>(),
    ) {
        let fewest = fewest_edges(&g, start);
        let h = scaled_heuristic(&g, &factors);
        let mut config = Beam::new(width).widening();
        if by_estimate {
            config = config.rank_by_estimate();
        }
        let r = config.search(&g, start, &h);
        match fewest {
            Some(d) => prop_assert!(replay(&g, start, &r).is_some() && r.solution().unwrap().len() >= d),
            None => prop_assert!(r.is_exhausted(), "{:?}", r.outcome),
        }
        // widths 1, 2, 4, ...: once it reaches the number of states nothing is dropped
        let all = reachable(&g, start);
        prop_assert!(1usize << (r.stats.iterations - 1) <= 2 * all.max(1));
    }

    #[test]
    fn beam_limits(
        (g, start) in graph_strategy(12, 20),
        factors in prop::collection::vec(any::<u8>(), 1..12),
        width in 1usize..4,
        budget in 0u64..6,
        bound in 0u32..40,
    ) {
        let best = dijkstra_to_goal(&g, start);
        let h = scaled_heuristic(&g, &factors);
        for widening in [false, true] {
            let base = if widening { Beam::new(width).widening() } else { Beam::new(width) };
            let r = base.clone().max_expansions(budget).search(&g, start, &h);
            prop_assert!(r.stats.expanded <= budget, "the budget holds across restarts");
            match &r.outcome {
                Outcome::Found(_) => prop_assert!(replay(&g, start, &r).is_some()),
                Outcome::Exhausted => prop_assert_eq!(best, None),
                Outcome::Stopped { reason, .. } => prop_assert!(
                    *reason == StopReason::MaxExpansions || (!widening && *reason == StopReason::BeamWidth)
                ),
            }
            // the bound prunes g + h > bound; h is admissible, so a solution costs at most that
            let r = base.cost_bound(bound).search(&g, start, &h);
            match &r.outcome {
                Outcome::Found(_) => prop_assert!(replay(&g, start, &r).unwrap() <= bound),
                Outcome::Exhausted => prop_assert_eq!(best, None),
                Outcome::Stopped { reason, lower_bound } => {
                    prop_assert!(*reason == StopReason::CostBound || (!widening && *reason == StopReason::BeamWidth));
                    prop_assert_eq!(*lower_bound, None);
                }
            }
        }
    }
}

/// A line from 0 upwards; goal at `goal`.
fn line(goal: u32) -> impl Problem<State = u32, Action = (), Cost = u32> {
    FnProblem::new(move |n: &u32| *n == goal, |n: &u32| [((), n + 1, 1u32)])
}

#[test]
fn fringe_counts_its_thresholds() {
    // zero heuristic, unit steps: thresholds 0, 1, ..., 5
    let r = Fringe::new().search(&line(5), 0, Zero);
    assert_eq!(r.cost(), Some(5));
    assert_eq!(r.stats.iterations, 6);
    assert_eq!(r.stats.expanded, 5);
    // the exact distance: one threshold
    let r = heurist::fringe(&line(5), 0, |n: &u32| 5u32.saturating_sub(*n));
    assert_eq!((r.cost(), r.stats.iterations), (Some(5), 1));
}

#[test]
fn fringe_and_beam_stop_when_cancelled_or_out_of_time() {
    let endless = line(u32::MAX);
    let token = CancelToken::new();
    token.cancel();
    let results = [
        Fringe::new()
            .cancel(token.clone())
            .search(&endless, 0, Zero),
        Beam::new(3).cancel(token.clone()).search(&endless, 0, Zero),
        Beam::new(3)
            .widening()
            .cancel(token)
            .search(&endless, 0, Zero),
    ];
    for r in results {
        assert_eq!(r.stop_reason(), Some(StopReason::Cancelled));
    }
    let deadline = Duration::from_millis(20);
    let r = Fringe::new().time_limit(deadline).search(&endless, 0, Zero);
    assert_eq!(r.stop_reason(), Some(StopReason::Deadline));
    assert!(r.lower_bound().unwrap() <= r.stats.expanded as u32);
    let r = Beam::new(2).time_limit(deadline).search(&endless, 0, Zero);
    assert_eq!(r.stop_reason(), Some(StopReason::Deadline));
}

#[test]
fn fringe_refuses_negative_steps() {
    let p = FnProblem::new(
        |n: &i32| *n == 3,
        |n: &i32| [((), n + 1, 2i32), ((), n + 2, -1)],
    );
    let r = heurist::fringe(&p, 0, |_: &i32| 0);
    assert_eq!(
        r.outcome,
        Outcome::Stopped {
            reason: StopReason::NegativeCost,
            lower_bound: None
        }
    );
}

#[test]
fn beam_reports_what_it_dropped() {
    // a binary tree of depth 6 (states are heap indices), with no goal: a beam of width 4
    // drops states, one of width 64 searches all 127
    let tree = FnProblem::new(
        |_: &u32| false,
        |&n: &u32| {
            if n < 63 {
                vec![((), 2 * n + 1, 1u32), ((), 2 * n + 2, 1)]
            } else {
                vec![]
            }
        },
    );
    let narrow = Beam::new(4).search(&tree, 0, Zero);
    assert_eq!(narrow.stop_reason(), Some(StopReason::BeamWidth));
    assert_eq!(narrow.stats.stored, 1 + 2 + 4 * 5);
    assert_eq!(narrow.stats.max_frontier, 4);
    let wide = Beam::new(64).search(&tree, 0, Zero);
    assert!(wide.is_exhausted());
    assert_eq!(wide.stats.stored, 127);
    // widening: widths 1, 2, ..., 64, the last of which proves it
    let widening = Beam::new(1).widening().search(&tree, 0, Zero);
    assert!(widening.is_exhausted());
    assert_eq!(widening.stats.iterations, 7);
    // width zero keeps only the start
    let none = Beam::new(0).search(&tree, 0, Zero);
    assert_eq!(none.stop_reason(), Some(StopReason::BeamWidth));
    assert_eq!((none.stats.stored, none.stats.expanded), (1, 1));
}

#[test]
fn beam_start_goal_and_ranking() {
    let p = line(0);
    assert_eq!(heurist::beam(&p, 0, |_: &u32| 0, 1).cost(), Some(0));
    // two ways up to 10: +1 (cost 1) or +5 (cost 10); g + h prefers the cheap steps (up to 5,
    // whose jump generates the goal), h alone the long jumps
    let p = FnProblem::new(
        |n: &u32| *n == 10,
        |n: &u32| [(1, n + 1, 1u32), (5, n + 5, 10)],
    );
    let h = |n: &u32| 10u32.saturating_sub(*n);
    let by_f = Beam::new(1).search(&p, 0, h);
    assert_eq!(by_f.cost(), Some(15));
    assert_eq!(
        by_f.solution()
            .unwrap()
            .actions()
            .copied()
            .collect::<Vec<_>>(),
        [1, 1, 1, 1, 1, 5]
    );
    let by_h = Beam::new(1).rank_by_estimate().search(&p, 0, h);
    assert_eq!(by_h.cost(), Some(20));
    assert_eq!(by_h.solution().unwrap().len(), 2);
}

#[test]
fn a_start_goal_is_found_whatever_its_estimate() {
    let p = line(0);
    let h = |_: &u32| 9;
    let results = [
        Fringe::new().cost_bound(3).search(&p, 0, h),
        Beam::new(2).cost_bound(3).search(&p, 0, h),
        Beam::new(2).widening().cost_bound(3).search(&p, 0, h),
    ];
    for r in results {
        assert_eq!(r.cost(), Some(0));
    }
    // a start beyond the bound that is no goal: nothing within it
    let r = Fringe::new().cost_bound(3).search(&line(5), 0, h);
    assert_eq!(
        r.outcome,
        Outcome::Stopped {
            reason: StopReason::CostBound,
            lower_bound: Some(9)
        }
    );
    let r = Beam::new(2).cost_bound(3).search(&line(5), 0, h);
    assert_eq!(r.stop_reason(), Some(StopReason::CostBound));
}
