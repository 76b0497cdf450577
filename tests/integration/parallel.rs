//! Property tests of the parallel IDA* (`IdaStar::search_parallel`) against the serial one on
//! random weighted digraphs: with any number of threads it returns the serial search's
//! solution (the same steps, not only the same cost), proves the same graphs exhausted, and
//! stops at the same limits.

use heurist::{CycleCheck, IdaStar, StopReason, Zero};
use proptest::prelude::*;

use crate::support;
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
            (&g, &h, CycleCheck::Minimal),
            (&unit, &none, CycleCheck::Minimal),
        ];
        // without the full-path check only a reachable goal ends the search
        if optimal_cost(&positive, start).is_some() {
            cases.push((&positive, &h_positive, CycleCheck::Parent));
        }
        for (graph, h, check) in cases {
            let config = every_iteration().cycle_check(check);
            let serial = config.search(graph, start, h);
            let parallel = config.search_parallel(
                threads, graph, start, h);
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
        for check in [CycleCheck::Path, CycleCheck::Parent] {
            let config = every_iteration().cycle_check(check).max_expansions(2_000_000);
            let serial = config.search(&g, 0, Zero);
            let parallel = config.search_parallel(
                threads, &g, 0, Zero);
            prop_assert_eq!(parallel.solution(), serial.solution(), "{:?}", check);
            prop_assert_eq!(parallel.stop_reason().is_some(), serial.stop_reason().is_some());
        }
    }

    /// Wide trees whose subtrees take thousands of expansions each: threads walk them at
    /// the same time, find goals out of walk order and abandon the later subtrees, and the
    /// first goal in walk order must still win.
    #[test]
    fn parallel_idastar_finds_the_leftmost_goal_of_a_wide_tree(
        seed in any::<u64>(),
        rarity in 2_000u64..40_000,
        threads in 2usize..4,
    ) {
        let tree = Wide { seed, rarity };
        let config = every_iteration().cycle_check(CycleCheck::Parent);
        let serial = config.search(&tree, (0, 0), Zero);
        let parallel = config.search_parallel(threads, &tree, (0, 0), Zero);
        prop_assert_eq!(parallel.solution(), serial.solution());
        prop_assert_eq!(parallel.is_exhausted(), serial.is_exhausted());
    }

    #[test]
    fn parallel_idastar_obeys_the_cost_bound_and_depth_limit(
        (g, start) in graph_strategy(12, 6),
        bound in 0u32..12,
        depth in 0usize..5,
        threads in 1usize..4,
    ) {
        for config in [every_iteration().cost_bound(bound), every_iteration().max_depth(depth)] {
            let serial = config.search(&g, start, Zero);
            let parallel = config.search_parallel(
                threads, &g, start, Zero);
            prop_assert_eq!(parallel.solution(), serial.solution());
            prop_assert_eq!(parallel.stop_reason(), serial.stop_reason());
            prop_assert_eq!(parallel.lower_bound(), serial.lower_bound());
        }
    }
}

/// IDA* with its threads from the first iteration on (by default the first, small
/// iterations run on the calling thread, which would leave the threads untested on small
/// graphs).
fn every_iteration<'a, C>() -> IdaStar<'a, C> {
    IdaStar::new().serial_below(0)
}

/// A tree of branching 4 and depth 9, a state being `(depth, index among its level)`; a
/// leaf is a goal when a hash of it and `seed` falls below `1 / rarity`.
struct Wide {
    seed: u64,
    rarity: u64,
}

impl heurist::Problem for Wide {
    type State = (u32, u64);
    type Action = u8;
    type Cost = u32;
    fn is_goal(&self, &(depth, index): &(u32, u64)) -> bool {
        let mut h = (index ^ self.seed).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^= h >> 31;
        depth == 9 && h.wrapping_mul(0xbf58_476d_1ce4_e5b9) % self.rarity == 0
    }
    fn successors(
        &self,
        &(depth, index): &(u32, u64),
        out: &mut heurist::Successors<(u32, u64), u8, u32>,
    ) {
        if depth < 9 {
            for k in 0..4 {
                out.push(k, (depth + 1, 4 * index + u64::from(k)), 1);
            }
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
    let config = every_iteration().cycle_check(CycleCheck::Parent);
    let t0 = std::time::Instant::now();
    let r = config
        .clone()
        .time_limit(std::time::Duration::from_millis(200))
        .search_parallel(2, &Tree, 1, Zero);
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
    let r = config.cancel(cancel).search_parallel(2, &Tree, 1, Zero);
    stopper.join().unwrap();
    assert_eq!(r.stop_reason(), Some(StopReason::Cancelled));
}

/// The expansion limit holds for the threads together, to within one poll interval (256
/// expansions) a thread.
#[test]
fn parallel_idastar_shares_the_expansion_limit() {
    let tree = Tree;
    for threads in [1, 2, 4] {
        let r = every_iteration()
            .cycle_check(CycleCheck::Parent)
            .max_expansions(50_000)
            .search_parallel(threads, &tree, 1, Zero);
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
    let r = every_iteration()
        .cycle_check(CycleCheck::Parent)
        .search_parallel(2, &Line, 0, exact);
    let sol = r.solution().expect("found");
    assert_eq!((sol.cost, sol.len() as u64), (LEN, LEN));
    assert_eq!(r.stats.iterations, 1);
}

/// A 24 x 24 board without walls, from one corner to the other, that notes the threads
/// that expand its states.
#[derive(Default)]
struct Board {
    threads: std::sync::Mutex<std::collections::HashSet<std::thread::ThreadId>>,
}

impl Board {
    /// How many threads expanded states since the last call.
    fn threads(&self) -> usize {
        std::mem::take(&mut *self.threads.lock().unwrap()).len()
    }
}

impl heurist::Problem for Board {
    type State = (u8, u8);
    type Action = u8;
    type Cost = u32;
    fn is_goal(&self, &s: &(u8, u8)) -> bool {
        s == (23, 23)
    }
    fn successors(&self, &(x, y): &(u8, u8), out: &mut heurist::Successors<(u8, u8), u8, u32>) {
        let me = std::thread::current().id();
        self.threads.lock().unwrap().insert(me);
        for (a, (dx, dy)) in [(1, 0), (0, 1), (-1, 0), (0, -1)].into_iter().enumerate() {
            let (nx, ny) = (x as i32 + dx, y as i32 + dy);
            if (0..24).contains(&nx) && (0..24).contains(&ny) {
                out.push(a as u8, (nx as u8, ny as u8), 1);
            }
        }
    }
}

/// Any thread count is taken, by every parallel search: one far beyond the machine (or
/// `usize::MAX`) runs on at most `MAX_THREADS` threads and finds what the serial search
/// finds, rather than failing to start its threads or to allocate for them.
#[test]
fn every_parallel_search_caps_its_thread_count() {
    use heurist::{AStar, Bfs, MAX_THREADS};
    let b = Board::default();
    let h = |&(x, y): &(u8, u8)| u32::from(23 - x) + u32::from(23 - y);
    // every count above the cap takes the same path: the largest stands for them all
    let threads = usize::MAX;
    let mut runs = Vec::new();
    let mut note = |cost: Option<u32>| runs.push((cost, b.threads()));
    note(Bfs::new().search_parallel(threads, &b, (0, 0)).cost());
    note(
        AStar::new()
            .search_parallel(threads, &b, (0, 0), Zero)
            .cost(),
    );
    let batched = AStar::new().search_parallel_batched(threads, &b, (0, 0), h);
    note(batched.cost());
    let ida = IdaStar::new()
        .cycle_check(CycleCheck::Parent)
        .serial_below(0)
        .search_parallel(threads, &b, (0, 0), h);
    note(ida.cost());
    for (cost, used) in runs {
        assert_eq!(cost, Some(46), "{threads} threads");
        assert!(used <= MAX_THREADS, "{threads} threads: {used} ran");
    }
}
