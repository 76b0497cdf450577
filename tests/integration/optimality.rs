//! Property tests of the generic algorithms' answers on random weighted digraphs, against
//! the references in `support`: every least-cost search (Dijkstra, A*, IDA*, with each open
//! list) finds the least cost Bellman-Ford computes, weighted A* stays within its factor of
//! it, BFS and IDDFS find the fewest actions a plain queue BFS finds, and DFS and greedy
//! search find a valid path exactly when one exists; IDA*'s statistics are those of a plain
//! recursive IDA* written in the test, and IDA* with `CycleCheck::Minimal` finds the least
//! cost too, and ends with `Exhausted` where no goal is reachable, zero-cost cycles
//! included; the best-first searches estimate every state but the
//! start incrementally (`estimate_child`). Plus a few fixed cases: A* reopening a
//! state under an inconsistent heuristic, and a start that is already a goal.

use heurist::{
    AStar, CycleCheck, Dfs, Dijkstra, Greedy, IdaStar, Max, OpenList, Sum, WeightedAStar,
    Workspace, Zero,
};
use proptest::prelude::*;

use crate::support;
use support::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn least_cost_searches_are_optimal(
        (g, start) in graph_strategy(12, 20),
        factors in prop::collection::vec(any::<u8>(), 1..12),
        scale in prop::sample::select(vec![1u32, 1, 300]),
    ) {
        // scaled by 300, path costs pass the bucket queue's limits (g below 4096), so its
        // entries go to buckets and to its heap in the same search
        let g = scaled(&g, scale);
        let best = optimal_cost(&g, start);
        let h = scaled_heuristic(&g, &factors);

        let dijkstra = heurist::dijkstra(&g, start);
        prop_assert_eq!(replay(&g, start, &dijkstra), best);
        let astar = AStar::new().search(&g, start, &h);
        prop_assert_eq!(replay(&g, start, &astar), best);
        let mut results = vec![dijkstra, astar];
        // one workspace for every dense search, each the same search as on the hash index
        let mut workspace = Workspace::new();
        for list in [OpenList::Indexed, OpenList::Lazy, OpenList::Buckets] {
            let r = AStar::new().open_list(list).search(&g, start, &h);
            prop_assert_eq!(replay(&g, start, &r), best, "A* with {:?}", list);
            let dense = AStar::new().open_list(list).search_in(&mut workspace, &g, start, &h);
            prop_assert_eq!(replay(&g, start, &dense), best, "dense A* with {:?}", list);
            prop_assert_eq!(stats(&dense), stats(&r));
            prop_assert_eq!(dense.solution(), r.solution());
            results.push(r);
            let r = Dijkstra::new().open_list(list).search(&g, start);
            prop_assert_eq!(replay(&g, start, &r), best, "Dijkstra with {:?}", list);
            let dense = Dijkstra::new().open_list(list).search_in(&mut workspace, &g, start);
            prop_assert_eq!(stats(&dense), stats(&r));
            prop_assert_eq!(dense.solution(), r.solution());
            results.push(r);
        }
        let ida = IdaStar::new().search(&g, start, &h);
        prop_assert_eq!(replay(&g, start, &ida), best);
        results.push(ida);

        let exact = Scaled(cost_to_goal(&g).iter().map(|d| d.unwrap_or(0)).collect());
        prop_assert_eq!(replay(&g, start, &AStar::new().search(&g, start, &exact)), best);

        // the combinators: the larger of two admissible estimates is admissible, and so is
        // the sum of two halves of one (each at most half the cost to go)
        let other = scaled_heuristic(&g, &factors.iter().rev().copied().collect::<Vec<_>>());
        let max = AStar::new().search(&g, start, Max(&h, other));
        prop_assert_eq!(replay(&g, start, &max), best);
        let half = || Scaled(h.0.iter().map(|x| x / 2).collect());
        let sum = IdaStar::new().search(&g, start, Sum(half(), half()));
        prop_assert_eq!(replay(&g, start, &sum), best);

        for r in &results {
            prop_assert_eq!(r.is_exhausted(), best.is_none());
            prop_assert!(r.stats.generated >= r.stats.duplicates);
        }
    }

    #[test]
    fn weighted_astar_stays_within_its_bound(
        (g, start) in graph_strategy(12, 20),
        factors in prop::collection::vec(any::<u8>(), 1..12),
        weight in 1.0f64..4.0,
    ) {
        let best = optimal_cost(&g, start);
        let h = scaled_heuristic(&g, &factors);
        let r = WeightedAStar::new(weight).search(&g, start, &h);
        let cost = replay(&g, start, &r);
        prop_assert_eq!(cost.is_some(), best.is_some());
        if let (Some(c), Some(b)) = (cost, best) {
            prop_assert!(f64::from(c) <= weight * f64::from(b) + 1e-9, "{} > {} * {}", c, weight, b);
        }
        prop_assert_eq!(r.is_exhausted(), best.is_none());
    }

    #[test]
    fn unit_cost_searches_find_fewest_actions((g, start) in graph_strategy(12, 20)) {
        let fewest = fewest_edges(&g, start);
        let u = unit(&g);
        for r in [heurist::bfs(&g, start), heurist::iddfs(&g, start)] {
            prop_assert_eq!(r.solution().map(|s| s.len()), fewest);
            prop_assert_eq!(r.is_exhausted(), fewest.is_none());
            replay(&g, start, &r);
        }
        // On unit costs the least-cost searches agree with BFS.
        let ida = IdaStar::new().search(&u, start, Zero);
        prop_assert_eq!(replay(&u, start, &ida), fewest.map(|d| d as u32));
    }

    #[test]
    fn any_path_searches_find_a_valid_path_iff_one_exists((g, start) in graph_strategy(14, 20)) {
        let reachable = fewest_edges(&g, start).is_some();
        let h = |s: &usize| (*s as u32) % 7;
        for r in [heurist::dfs(&g, start), heurist::greedy(&g, start, h)] {
            prop_assert_eq!(replay(&g, start, &r).is_some(), reachable);
            prop_assert_eq!(r.is_exhausted(), !reachable);
        }
        let limited = Dfs::new().max_depth(3).search(&g, start);
        if let Some(d) = fewest_edges(&g, start) {
            // Depth-limited DFS finds a path whenever one of at most 3 actions exists.
            prop_assert_eq!(limited.is_found(), d <= 3);
            if let Some(sol) = limited.solution() { prop_assert!(sol.len() <= 3); }
            replay(&g, start, &limited);
        }
    }
}

/// What a plain recursive IDA* counts: expansions, children looked at, children left out as
/// cycles, iterations, and the cost found. The reference for the engine's statistics.
#[derive(Debug, Default, PartialEq)]
struct Counts {
    expanded: u64,
    generated: u64,
    duplicates: u64,
    iterations: u32,
    cost: Option<u32>,
}

/// IDA* written out for the test: the move back to the parent's parent is left out, and with
/// `full_path` every state on the path (a cycle beyond the threshold does not count as a
/// duplicate and does not set the next threshold); goals are recognised when generated.
fn reference_idastar(g: &Graph, start: usize, h: &[u32], full_path: bool) -> Counts {
    struct Walk<'a> {
        g: &'a Graph,
        h: &'a [u32],
        full_path: bool,
        threshold: u32,
        next: Option<u32>,
        counts: Counts,
    }
    impl Walk<'_> {
        fn dfs(&mut self, path: &mut Vec<usize>, cost: u32) -> Option<u32> {
            self.counts.expanded += 1;
            let at = *path.last().unwrap();
            for &(child, w) in &self.g.adj[at] {
                self.counts.generated += 1;
                if path.len() >= 2 && path[path.len() - 2] == child {
                    self.counts.duplicates += 1;
                    continue;
                }
                let on_path = self.full_path && path.contains(&child);
                let f = cost + w + self.h[child];
                if f > self.threshold {
                    if !on_path && self.next.is_none_or(|n| f < n) {
                        self.next = Some(f);
                    }
                    continue;
                }
                if on_path {
                    self.counts.duplicates += 1;
                    continue;
                }
                if self.g.goal[child] {
                    return Some(cost + w);
                }
                path.push(child);
                if let Some(found) = self.dfs(path, cost + w) {
                    return Some(found);
                }
                path.pop();
            }
            None
        }
    }
    let mut walk = Walk {
        g,
        h,
        full_path,
        threshold: h[start],
        next: None,
        counts: Counts::default(),
    };
    if g.goal[start] {
        walk.counts.iterations = 1;
        walk.counts.cost = Some(0);
        return walk.counts;
    }
    loop {
        walk.counts.iterations += 1;
        walk.next = None;
        if let Some(cost) = walk.dfs(&mut vec![start], 0) {
            walk.counts.cost = Some(cost);
            return walk.counts;
        }
        match walk.next {
            Some(t) => walk.threshold = t,
            None => return walk.counts,
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// IDA* with the lazy cycle check finds the least cost, and ends with `Exhausted` where
    /// no goal is reachable, on digraphs with steps of zero cost. The expansion limit only
    /// turns a search that would not end into a failure instead of a hang.
    #[test]
    fn idastar_with_the_lazy_check_ends_and_is_optimal(
        (g, start) in graph_strategy(12, 20),
        factors in prop::collection::vec(any::<u8>(), 1..12),
    ) {
        let best = optimal_cost(&g, start);
        let h = scaled_heuristic(&g, &factors);
        let r = IdaStar::new()
            .cycle_check(CycleCheck::Minimal)
            .max_expansions(5_000_000)
            .search(&g, start, &h);
        prop_assert!(r.stop_reason().is_none(), "stopped: {:?}", r.stop_reason());
        prop_assert_eq!(replay(&g, start, &r), best);
        prop_assert_eq!(r.is_exhausted(), best.is_none());
    }

    /// The engine's statistics are those of the plain walk: every child looked at is
    /// generated, and only those (the search ends at the first goal generated).
    #[test]
    fn idastar_counts_what_a_plain_walk_counts(
        (g, start) in graph_strategy(12, 20),
        factors in prop::collection::vec(any::<u8>(), 1..12),
    ) {
        let h = scaled_heuristic(&g, &factors);
        let positive = positive(&g);
        let h_positive = scaled_heuristic(&positive, &factors);
        let mut cases = vec![(&g, &h, CycleCheck::Path), (&positive, &h_positive, CycleCheck::Path)];
        // without the full-path check only a reachable goal ends the search
        if optimal_cost(&positive, start).is_some() {
            cases.push((&positive, &h_positive, CycleCheck::Parent));
        }
        for (graph, h, check) in cases {
            let r = IdaStar::new().cycle_check(check).search(graph, start, h);
            let engine = Counts {
                expanded: r.stats.expanded,
                generated: r.stats.generated,
                duplicates: r.stats.duplicates,
                iterations: r.stats.iterations,
                cost: r.cost(),
            };
            let reference = reference_idastar(graph, start, &h.0, check == CycleCheck::Path);
            prop_assert_eq!(engine, reference, "{:?}", check);
        }
    }
}

#[test]
fn idastar_reopening_case_and_parent_check() {
    // A graph where the admissible heuristic is inconsistent: A* must reopen `b`.
    //   s -1-> a -1-> b -1-> g ;  s -3-> b
    // h(a) = 2 (admissible, true 2), h(b) = 0, h(s) = 0.
    let g = Graph {
        adj: vec![vec![(1, 1), (2, 3)], vec![(2, 1)], vec![(3, 1)], vec![]],
        goal: vec![false, false, false, true],
    };
    let h = &Scaled(vec![0, 2, 0, 0]);
    let r = AStar::new().search(&g, 0, h);
    assert_eq!(r.cost(), Some(3));
    assert_eq!(r.stats.reopened, 1);
    let r = IdaStar::new()
        .cycle_check(CycleCheck::Parent)
        .search(&g, 0, h);
    assert_eq!(r.cost(), Some(3));
}

#[test]
fn start_is_goal() {
    let g = Graph {
        adj: vec![vec![(0, 5)]],
        goal: vec![true],
    };
    for r in [
        heurist::bfs(&g, 0),
        heurist::dfs(&g, 0),
        heurist::iddfs(&g, 0),
        heurist::dijkstra(&g, 0),
        AStar::new().search(&g, 0, Zero),
        IdaStar::new().search(&g, 0, Zero),
        Greedy::new().search(&g, 0, Zero),
    ] {
        let sol = r.solution().unwrap();
        assert!(sol.is_empty());
        assert_eq!(sol.cost, 0);
    }
}

/// IDA* and IDDFS walk paths far deeper than the call stack could hold with one frame per
/// state: past a stack budget the engine goes on with an explicit stack. Run on a thread
/// with a small stack to show that the budget holds there too.
#[test]
fn deepening_walks_paths_deeper_than_the_stack() {
    let run = || {
        // (the full-path check costs time linear in the depth: a shorter chain for it)
        let checks = [
            (CycleCheck::Parent, 100_000),
            (CycleCheck::Minimal, 100_000),
            (CycleCheck::Path, 5_000),
        ];
        for (check, len) in checks {
            let chain = heurist::FnProblem::new(
                move |n: &u64| *n == len,
                |n: &u64| [((), n + 1, 1u64), ((), n.saturating_sub(1), 1)],
            );
            // the exact distance: the first iteration's threshold is the answer
            let exact = move |n: &u64| len - n;
            let r = IdaStar::new()
                .cycle_check(check)
                .max_expansions(4 * len)
                .search(&chain, 0, exact);
            let sol = r.solution().expect("found");
            assert_eq!((sol.cost, sol.len() as u64), (len, len), "{check:?}");
            // counted as if walked once, on the explicit stack; the longest path expanded
            // has the `len` states before the goal
            assert_eq!(
                (r.stats.iterations, r.stats.expanded, r.stats.max_frontier),
                (1, len, len as usize),
                "{check:?}"
            );
            // a chain the recursive walk holds reports the same longest path
            let short = heurist::FnProblem::new(
                |n: &u64| *n == 60,
                |n: &u64| [((), n + 1, 1u64), ((), n.saturating_sub(1), 1)],
            );
            let r = IdaStar::new()
                .cycle_check(check)
                .search(&short, 0, |n: &u64| (60 - n) / 2);
            assert_eq!(r.cost(), Some(60), "{check:?}");
            assert_eq!(r.stats.max_frontier, 60, "{check:?}");
        }
        // IDDFS walks every depth up to the goal's: a chain the budget is short for
        let short = heurist::FnProblem::new(|n: &u64| *n == 3_000, |n: &u64| [((), n + 1, 1u64)]);
        let r = heurist::Iddfs::new()
            .cycle_check(CycleCheck::Parent)
            .search(&short, 0);
        assert_eq!(r.solution().map(|s| s.len()), Some(3_000));
    };
    std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(run)
        .unwrap()
        .join()
        .unwrap();
}

/// The estimate of `Scaled`, counting how often the full estimate and the incremental one
/// are asked for.
#[derive(Clone)]
struct Counting {
    h: std::rc::Rc<Scaled>,
    full: std::rc::Rc<std::cell::Cell<u64>>,
    incremental: std::rc::Rc<std::cell::Cell<u64>>,
}

impl heurist::Heuristic<Graph> for Counting {
    fn estimate(&self, s: &usize) -> u32 {
        self.full.set(self.full.get() + 1);
        self.h.0[*s]
    }
    fn estimate_child(&self, _: &usize, _: u32, _: &usize, child: &usize) -> u32 {
        self.incremental.set(self.incremental.get() + 1);
        self.h.0[*child]
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// A*, weighted A*, greedy, anytime A* and the enumeration of every optimal solution
    /// estimate the start in full and every other state from its parent's estimate, with
    /// `estimate_child`, as IDA* does.
    #[test]
    fn best_first_searches_estimate_children_incrementally(
        (g, start) in graph_strategy(12, 20),
        factors in prop::collection::vec(any::<u8>(), 1..12),
    ) {
        let best = optimal_cost(&g, start);
        let counting = || Counting {
            h: std::rc::Rc::new(scaled_heuristic(&g, &factors)),
            full: Default::default(),
            incremental: Default::default(),
        };
        for list in [OpenList::Indexed, OpenList::Lazy, OpenList::Buckets] {
            let h = counting();
            let r = AStar::new().open_list(list).search(&g, start, h.clone());
            prop_assert_eq!(replay(&g, start, &r), best);
            prop_assert_eq!(h.full.get(), 1);
            prop_assert_eq!(h.incremental.get() + 1, r.stats.stored as u64);
        }
        let h = counting();
        WeightedAStar::new(2.0).search(&g, start, h.clone());
        prop_assert_eq!(h.full.get(), 1);
        let h = counting();
        Greedy::new().search(&g, start, h.clone());
        prop_assert_eq!(h.full.get(), 1);
        let h = counting();
        let r = heurist::AnytimeAStar::new(2.0).search(&g, start, h.clone());
        prop_assert_eq!(r.cost(), best);
        prop_assert_eq!(h.full.get(), 1);
        let h = counting();
        let all = AStar::new().all_optimal(&g, start, h.clone());
        prop_assert_eq!(all.cost(), best);
        prop_assert_eq!(h.full.get(), 1);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// IDA* with `Max` asks its second part only for the children the first does not
    /// prune, and still returns what it returns with the exact larger estimate: the same
    /// cost, the same counts and iterations, and under a cost bound the same lower bound.
    #[test]
    fn ida_star_with_max_skips_parts_and_counts_the_same(
        (g, start) in graph_strategy(12, 20),
        first in prop::collection::vec(any::<u8>(), 1..12),
        second in prop::collection::vec(any::<u8>(), 1..12),
        bound in 0u32..60,
    ) {
        let (a, b) = (scaled_heuristic(&g, &first), scaled_heuristic(&g, &second));
        let larger = |s: &usize| a.0[*s].max(b.0[*s]);
        for config in [IdaStar::new(), IdaStar::new().cost_bound(bound)] {
            let parts = config.clone().search(&g, start, Max(&a, &b));
            let exact = config.search(&g, start, larger);
            prop_assert_eq!(parts.cost(), exact.cost());
            prop_assert_eq!(parts.lower_bound(), exact.lower_bound());
            prop_assert_eq!(parts.stats.expanded, exact.stats.expanded);
            prop_assert_eq!(parts.stats.generated, exact.stats.generated);
            prop_assert_eq!(parts.stats.iterations, exact.stats.iterations);
        }
        let best = optimal_cost(&g, start);
        prop_assert_eq!(IdaStar::new().search(&g, start, Max(&a, &b)).cost(), best);
    }
}
