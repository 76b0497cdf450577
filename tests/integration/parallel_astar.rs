//! Property tests of A* on several threads, hash-distributed (`AStar::search_parallel`) and
//! in batched rounds (`AStar::search_parallel_batched`), against Bellman-Ford on random
//! weighted digraphs: with any number of threads and every open list they return a path
//! of the least cost (replayed edge by edge) with admissible heuristics, consistent or
//! not, prove the same graphs exhausted, and stop honestly at every limit with a lower
//! bound no greater than the optimum.

use std::panic::{catch_unwind, AssertUnwindSafe};

use heurist::{AStar, Heuristic, OpenList, Problem, SearchResult, StopReason, Successors, Zero};
use proptest::prelude::*;

use crate::support;
use support::*;

/// Larger graphs than `graph_strategy`'s.
fn big_graph() -> impl Strategy<Value = (Graph, usize)> {
    larger_graph_strategy(20..250, 9, 0.02)
}

/// The two parallel searches.
const ENGINES: [Engine; 2] = [Engine::Distributed, Engine::Batched];

#[derive(Clone, Copy, Debug)]
enum Engine {
    Distributed,
    Batched,
}

/// `a` on `threads` threads by `engine`.
fn search<H: Heuristic<Graph> + Sync>(
    engine: Engine,
    a: AStar<'_, u32>,
    threads: usize,
    g: &Graph,
    start: usize,
    h: H,
) -> SearchResult<usize, usize, u32> {
    match engine {
        Engine::Distributed => a.search_parallel(threads, g, start, h),
        Engine::Batched => a.search_parallel_batched(threads, g, start, h),
    }
}

fn check_optimal(
    g: &Graph,
    start: usize,
    factors: &[u8],
    threads: usize,
    open_list: OpenList,
) -> Result<(), TestCaseError> {
    for engine in ENGINES {
        check_engine(engine, g, start, factors, threads, open_list)?;
    }
    Ok(())
}

fn check_engine(
    engine: Engine,
    g: &Graph,
    start: usize,
    factors: &[u8],
    threads: usize,
    open_list: OpenList,
) -> Result<(), TestCaseError> {
    let h = scaled_heuristic(g, factors);
    let r = search(
        engine,
        AStar::new().open_list(open_list),
        threads,
        g,
        start,
        &h,
    );
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
        batched: bool,
    ) {
        let engine = if batched { Engine::Batched } else { Engine::Distributed };
        let best = optimal_cost(&g, start);
        let h = scaled_heuristic(&g, &factors);
        let at_most_optimal = |lb: Option<u32>| match (lb, best) {
            (Some(lb), Some(best)) => lb <= best,
            _ => true,
        };
        // the memory bound
        let r = search(engine, AStar::new().max_states(max_states), threads, &g, start, &h);
        prop_assert!(r.stats.stored <= max_states, "{} > {}", r.stats.stored, max_states);
        match r.stop_reason() {
            Some(reason) => {
                prop_assert_eq!(reason, StopReason::MaxStates);
                prop_assert!(at_most_optimal(r.lower_bound()));
            }
            None => prop_assert_eq!(replay(&g, start, &r), best),
        }
        // the expansion limit, shared by the threads
        let r = search(engine, AStar::new().max_expansions(max_expansions), threads, &g, start, &h);
        match r.stop_reason() {
            Some(reason) => {
                prop_assert_eq!(reason, StopReason::MaxExpansions);
                prop_assert!(at_most_optimal(r.lower_bound()));
            }
            None => prop_assert_eq!(replay(&g, start, &r), best),
        }
        // the cost bound: the optimum when within it; else stopped with a bound above it
        let r = search(engine, AStar::new().cost_bound(bound), threads, &g, start, &h);
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
            AStar::new().search_parallel(threads, &Fragile, 1, Zero)
        }));
        assert!(r.is_err());
        let r = catch_unwind(AssertUnwindSafe(|| {
            AStar::new().search_parallel_batched(threads, &Fragile, 1, Zero)
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
        let r = AStar::new().search_parallel(threads, &Downhill, 0, Zero);
        assert_eq!(r.stop_reason(), Some(StopReason::NegativeCost));
        let r = AStar::new().search_parallel_batched(threads, &Downhill, 0, Zero);
        assert_eq!(r.stop_reason(), Some(StopReason::NegativeCost));
    }
}

/// A 300 x 300 grid with walls and step costs 1 to 3, from a fixed seed: big enough that
/// the batched search splits keys between rounds.
struct Walls {
    cost: Vec<u8>,
}

const SIDE: u16 = 300;

impl Walls {
    fn new() -> Self {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut cost = (0..usize::from(SIDE) * usize::from(SIDE))
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                match x % 10 {
                    0 | 1 => 0, // a wall
                    2 => 3,
                    3 => 2,
                    _ => 1,
                }
            })
            .collect::<Vec<u8>>();
        // the corners are open
        cost[0] = 1;
        *cost.last_mut().unwrap() = 1;
        Walls { cost }
    }

    fn cost(&self, x: u16, y: u16) -> u8 {
        self.cost[usize::from(y) * usize::from(SIDE) + usize::from(x)]
    }
}

impl Problem for Walls {
    type State = (u16, u16);
    type Action = u8;
    type Cost = u32;
    fn is_goal(&self, &p: &(u16, u16)) -> bool {
        p == (SIDE - 1, SIDE - 1)
    }
    fn successors(&self, &(x, y): &(u16, u16), out: &mut Successors<(u16, u16), u8, u32>) {
        let steps = [(0, -1), (1, 0), (0, 1), (-1, 0)];
        for (a, (dx, dy)) in steps.into_iter().enumerate() {
            let (Some(x), Some(y)) = (x.checked_add_signed(dx), y.checked_add_signed(dy)) else {
                continue;
            };
            if x < SIDE && y < SIDE && self.cost(x, y) > 0 {
                out.push(a as u8, (x, y), u32::from(self.cost(x, y)));
            }
        }
    }
}

/// On a large grid the batched search finds the serial search's optimal cost, with the
/// Manhattan distance and with an admissible but inconsistent estimate (the Manhattan
/// distance on every other cell, zero elsewhere).
#[test]
fn batched_rounds_find_the_optimum_on_a_large_grid() {
    let grid = Walls::new();
    let manhattan = |&(x, y): &(u16, u16)| u32::from(2 * SIDE - 2 - x - y);
    let patchy = |&(x, y): &(u16, u16)| {
        if (x + y) % 2 == 0 {
            manhattan(&(x, y))
        } else {
            0
        }
    };
    let best = heurist::dijkstra(&grid, (0, 0)).cost();
    assert!(best.is_some());
    for threads in [1, 2, 3] {
        let r = AStar::new().search_parallel_batched(threads, &grid, (0, 0), manhattan);
        assert_eq!(r.cost(), best);
        let r = AStar::new().search_parallel_batched(threads, &grid, (0, 0), patchy);
        assert_eq!(r.cost(), best);
    }
}

/// Layers of 20,000 states, each state leading to three of the next layer and one of the
/// layer before, at costs 1 to 3: so many states share a key that the batched search
/// takes part of a key in a round.
struct Layers;

const WIDTH: u32 = 20_000;

impl Problem for Layers {
    type State = (u8, u32);
    type Action = u8;
    type Cost = u32;
    fn is_goal(&self, &(layer, i): &(u8, u32)) -> bool {
        layer == 12 && i % 500 == 7
    }
    fn successors(&self, &(layer, i): &(u8, u32), out: &mut Successors<(u8, u32), u8, u32>) {
        if layer < 12 {
            for j in 0..3 {
                let next = (i * 7 + j * 6_007 + u32::from(layer)) % WIDTH;
                out.push(j as u8, (layer + 1, next), 1 + (i + j) % 3);
            }
        }
        if layer > 0 {
            out.push(3, (layer - 1, (i * 3 + 1) % WIDTH), 1);
        }
    }
}

/// Where many states share a key, the batched search takes keys in part and still finds
/// the optimum, with no estimate and with an admissible one (one per layer still to go).
#[test]
fn batched_rounds_split_keys_and_find_the_optimum() {
    let best = heurist::dijkstra(&Layers, (0, 0)).cost();
    assert!(best.is_some());
    let to_go = |&(layer, _): &(u8, u32)| u32::from(12 - layer);
    for threads in [1, 2] {
        let r = AStar::new().search_parallel_batched(threads, &Layers, (0, 0), Zero);
        assert_eq!(r.cost(), best);
        let r = AStar::new().search_parallel_batched(threads, &Layers, (0, 0), to_go);
        assert_eq!(r.cost(), best);
    }
}
