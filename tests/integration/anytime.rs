//! Property tests of anytime weighted A* on random weighted digraphs, against the
//! Bellman-Ford reference of `support`: the better solutions come in strictly decreasing
//! cost, each a real path, each lower bound at most the optimum; run to its end the search
//! ends with the optimum, proven; an unreachable goal is exhausted; limits stop it with a
//! valid bound and never claim more than they proved. Heuristics: the exact cost to go
//! scaled by a random factor per node (admissible, usually inconsistent), a uniform factor,
//! and zero; the frontier ordered by it, or by an arbitrary (inadmissible) guide.

use std::ops::ControlFlow;
use std::time::Duration;

use heurist::{
    AnytimeAStar, AnytimeResult, CancelToken, FnProblem, Improvement, OpenList, Outcome, Problem,
    SearchResult, Solution, StopReason, Successors, Zero,
};
use proptest::prelude::*;

use crate::support;
use support::*;

type Res = AnytimeResult<usize, usize, u32>;
type Better = Improvement<usize, usize, u32>;

/// The cost of `sol` replayed along the graph's edges (checked to be a real path from
/// `start` to a goal).
fn replayed(g: &Graph, start: usize, sol: &Solution<usize, usize, u32>) -> u32 {
    let as_result = SearchResult {
        outcome: Outcome::Found(sol.clone()),
        stats: Default::default(),
    };
    replay(g, start, &as_result).expect("a solution")
}

/// The checks every run must pass, whatever stopped it: improvements cheaper each time,
/// real paths, bounds at most the optimum, the best solution the last improvement, and an
/// outcome that claims only what it proved.
fn check_run(
    g: &Graph,
    start: usize,
    best: Option<u32>,
    seen: &[Better],
    r: &Res,
) -> Result<(), TestCaseError> {
    for w in seen.windows(2) {
        prop_assert!(w[1].cost() < w[0].cost(), "costs strictly decrease");
        prop_assert!(w[1].stats.expanded >= w[0].stats.expanded);
    }
    for b in seen {
        let opt = best.expect("a solution exists when one is reported");
        prop_assert_eq!(replayed(g, start, &b.solution), b.cost());
        prop_assert!(
            b.lower_bound <= opt,
            "bound {} > optimum {}",
            b.lower_bound,
            opt
        );
        prop_assert!(b.cost() >= opt);
        prop_assert!(b.ratio() >= 1.0);
        // (an infinite ratio, from a bound of 0, says nothing)
        if b.ratio().is_finite() {
            prop_assert!(b.cost() as f64 <= b.ratio() * opt as f64 * (1.0 + 1e-12));
        }
    }
    prop_assert_eq!(
        r.cost(),
        seen.last().map(|b| b.cost()),
        "the best is the last"
    );
    if let Some(sol) = &r.best {
        prop_assert_eq!(Some(replayed(g, start, sol)), r.cost());
    }
    match &r.result.outcome {
        Outcome::Found(sol) => {
            prop_assert_eq!(Some(sol.cost), best, "proven optimal");
            prop_assert_eq!(r.cost(), best);
            prop_assert_eq!(r.ratio(), Some(1.0));
        }
        Outcome::Exhausted => prop_assert_eq!(best, None, "exhausted only if unreachable"),
        Outcome::Stopped { lower_bound, .. } => {
            if let (Some(lb), Some(opt)) = (lower_bound, best) {
                prop_assert!(*lb <= opt, "final bound {} > optimum {}", lb, opt);
            }
            if let (Some(lb), Some(cost)) = (lower_bound, r.cost()) {
                prop_assert!(*lb <= cost);
            }
        }
    }
    Ok(())
}

/// Runs `config` with the callback, collecting the improvements.
fn run_collect(
    config: &AnytimeAStar<'_, u32>,
    g: &Graph,
    start: usize,
    h: &Scaled,
) -> (Vec<Better>, Res) {
    let mut seen = Vec::new();
    let r = config.search_with(g, start, h, |b| {
        seen.push(b);
        ControlFlow::Continue(())
    });
    (seen, r)
}

fn weights() -> impl Strategy<Value = (f64, f64)> {
    (
        prop::sample::select(vec![1.0, 1.5, 2.0, 3.0, 10.0]),
        prop::sample::select(vec![0.0, 0.25, 0.5, f64::INFINITY]),
    )
}

fn open_lists() -> impl Strategy<Value = OpenList> {
    prop::sample::select(vec![OpenList::Buckets, OpenList::Lazy, OpenList::Indexed])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn runs_to_the_optimum_through_strictly_better_solutions(
        (g, start) in graph_strategy(14, 20),
        factors in prop::collection::vec(any::<u8>(), 1..14),
        uniform in any::<bool>(),
        scale in prop::sample::select(vec![1u32, 1, 300]),
        (weight, step) in weights(),
        list in open_lists(),
    ) {
        let g = scaled(&g, scale);
        let best = optimal_cost(&g, start);
        let factors = if uniform { vec![factors[0]] } else { factors };
        let h = scaled_heuristic(&g, &factors);
        let config = AnytimeAStar::new(weight).weight_step(step).open_list(list);
        let (seen, r) = run_collect(&config, &g, start, &h);
        check_run(&g, start, best, &seen, &r)?;
        // no limit: it ends with the optimum, proven, or proves there is none
        match best {
            Some(opt) => {
                prop_assert!(r.is_optimal(), "{:?}", r.result.outcome);
                prop_assert_eq!(r.lower_bound(), Some(opt));
            }
            None => {
                prop_assert!(r.result.is_exhausted());
                prop_assert!(seen.is_empty() && r.best.is_none());
            }
        }
        // the iterator yields the same solutions, and ends with the same result
        let mut it = config.iter(&g, start, &h);
        let costs: Vec<u32> = it.by_ref().map(|b| b.cost()).collect();
        prop_assert_eq!(costs, seen.iter().map(|b| b.cost()).collect::<Vec<_>>());
        let r2 = it.into_result();
        prop_assert_eq!(r2.best, r.best);
        prop_assert_eq!(r2.result.outcome, r.result.outcome);
        // the plain search and the common-case function agree
        prop_assert_eq!(config.search(&g, start, &h).cost(), best);
        let hv = h.0.clone();
        prop_assert_eq!(heurist::anytime_astar(&g, start, |s: &usize| hv[*s], weight).cost(), best);
    }

    #[test]
    fn an_inadmissible_guide_keeps_the_bounds_and_the_optimum(
        (g, start) in graph_strategy(14, 20),
        factors in prop::collection::vec(any::<u8>(), 1..14),
        guide in prop::collection::vec(0u32..200, 1..14),
        (weight, step) in weights(),
        list in open_lists(),
        max_expansions in prop::option::of(0u64..30),
    ) {
        let best = optimal_cost(&g, start);
        let h = scaled_heuristic(&g, &factors);
        let guide = Scaled((0..g.adj.len()).map(|v| guide[v % guide.len()]).collect());
        let mut config = AnytimeAStar::new(weight).weight_step(step).open_list(list);
        if let Some(n) = max_expansions {
            config = config.max_expansions(n);
        }
        let mut seen = Vec::new();
        let r = config.search_guided_with(&g, start, &h, &guide, |b| {
            seen.push(b);
            ControlFlow::Continue(())
        });
        check_run(&g, start, best, &seen, &r)?;
        if r.stop_reason().is_none() {
            prop_assert_eq!(r.result.cost(), best, "ends with the optimum, proven");
            prop_assert_eq!(r.result.is_exhausted(), best.is_none());
        }
    }

    #[test]
    fn limits_stop_it_honestly(
        (g, start) in graph_strategy(14, 20),
        factors in prop::collection::vec(any::<u8>(), 1..14),
        (weight, step) in weights(),
        list in open_lists(),
        max_expansions in 0u64..20,
        max_states in 1usize..20,
        cost_bound in 0u32..40,
        which in 0..3,
    ) {
        let best = optimal_cost(&g, start);
        let h = scaled_heuristic(&g, &factors);
        let config = AnytimeAStar::new(weight).weight_step(step).open_list(list);
        let config = match which {
            0 => config.max_expansions(max_expansions),
            1 => config.max_states(max_states),
            _ => config.cost_bound(cost_bound),
        };
        let (seen, r) = run_collect(&config, &g, start, &h);
        check_run(&g, start, best, &seen, &r)?;
        match (which, r.stop_reason()) {
            (_, None) => {}
            (0, Some(reason)) => {
                prop_assert_eq!(reason, StopReason::MaxExpansions);
                prop_assert!(r.result.stats.expanded <= max_expansions);
            }
            (1, Some(reason)) => {
                prop_assert_eq!(reason, StopReason::MaxStates);
                prop_assert!(r.result.stats.stored <= max_states);
            }
            (_, Some(reason)) => {
                prop_assert_eq!(reason, StopReason::CostBound);
                // nothing within the bound: the bound proves more than it
                prop_assert!(r.lower_bound().is_some_and(|lb| lb > cost_bound));
                prop_assert!(best.is_none_or(|opt| opt > cost_bound));
            }
        }
        if which == 2 {
            // within the bound, the optimum is found and proven
            if let Some(opt) = best.filter(|&opt| opt <= cost_bound) {
                prop_assert_eq!(r.result.cost(), Some(opt));
            }
        }
        // a stopped search never claims that no solution exists
        if r.stop_reason().is_some() {
            prop_assert!(!r.result.is_exhausted());
        }
    }

    #[test]
    fn stopping_from_the_callback_keeps_the_best_and_its_bound(
        (g, start) in graph_strategy(14, 20),
        factors in prop::collection::vec(any::<u8>(), 1..14),
        (weight, step) in weights(),
    ) {
        let best = optimal_cost(&g, start);
        let h = scaled_heuristic(&g, &factors);
        let mut seen = Vec::new();
        let r = AnytimeAStar::new(weight)
            .weight_step(step)
            .search_with(&g, start, &h, |b| {
                seen.push(b);
                ControlFlow::Break(())
            });
        prop_assert!(seen.len() <= 1);
        check_run(&g, start, best, &seen, &r)?;
        if let Some(first) = seen.first() {
            prop_assert_eq!(r.stop_reason(), Some(StopReason::Cancelled));
            prop_assert_eq!(r.lower_bound(), Some(first.lower_bound));
        }
    }
}

/// A 200x200 grid with a quarter of its cells walled (by a fixed hash), from a corner to
/// the opposite one: moving right or down costs 1, left or up 3; many solutions of many
/// costs for weighted search.
struct Grid;

impl Problem for Grid {
    type State = (i32, i32);
    type Action = u8;
    type Cost = u32;
    fn is_goal(&self, &p: &(i32, i32)) -> bool {
        p == (199, 199)
    }
    fn successors(&self, &(x, y): &(i32, i32), out: &mut Successors<(i32, i32), u8, u32>) {
        for (a, dx, dy, c) in [
            (0u8, 1, 0, 1u32),
            (1, 0, 1, 1),
            (2, -1, 0, 3),
            (3, 0, -1, 3),
        ] {
            let (x, y) = (x + dx, y + dy);
            if (0..200).contains(&x) && (0..200).contains(&y) && !wall(x, y) {
                out.push(a, (x, y), c);
            }
        }
    }
}

fn wall(x: i32, y: i32) -> bool {
    let h = (x as u64 * 1_000_003 + y as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h >> 32) % 100 < 25 && (x, y) != (0, 0) && (x, y) != (199, 199)
}

/// The optimum of the grid, by A*.
fn grid_optimum() -> u32 {
    heurist::astar(&Grid, (0, 0), manhattan)
        .cost()
        .expect("the corners are connected")
}

fn grid() -> Grid {
    Grid
}

fn manhattan(&(x, y): &(i32, i32)) -> u32 {
    (199 - x).unsigned_abs() + (199 - y).unsigned_abs()
}

#[test]
fn a_cancel_token_stops_it_with_the_best_so_far() {
    let opt = grid_optimum();
    let token = CancelToken::new();
    let handle = token.clone();
    let r = AnytimeAStar::new(5.0)
        .weight_step(0.0)
        .cancel(token)
        .search_with(&grid(), (0, 0), manhattan, |b| {
            assert!(b.lower_bound <= opt);
            handle.cancel();
            ControlFlow::Continue(())
        });
    assert_eq!(r.stop_reason(), Some(StopReason::Cancelled));
    let (cost, lb) = (r.cost().unwrap(), r.lower_bound().unwrap());
    assert!(lb <= opt && opt <= cost, "{lb} <= {opt} <= {cost}");
}

#[test]
fn a_time_limit_stops_it_with_a_bound() {
    let r = AnytimeAStar::new(2.0)
        .time_limit(Duration::ZERO)
        .search(&grid(), (0, 0), manhattan);
    assert_eq!(r.stop_reason(), Some(StopReason::Deadline));
    assert_eq!(r.lower_bound(), Some(398)); // the start's estimate
    assert!(r.best.is_none());
}

#[test]
fn the_grid_ends_with_the_optimum_and_the_ratios_shrink() {
    let opt = grid_optimum();
    let mut seen = Vec::new();
    let r = AnytimeAStar::new(3.0)
        .weight_step(0.5)
        .search_with(&grid(), (0, 0), manhattan, |b| {
            seen.push((b.cost(), b.lower_bound, b.weight));
            ControlFlow::Continue(())
        });
    assert!(r.is_optimal());
    assert_eq!(r.cost(), Some(opt));
    assert_eq!(seen.last().map(|s| s.0), Some(opt));
    assert!(
        seen.len() > 1,
        "weighted search finds a worse solution first: {seen:?}"
    );
    assert!(seen.windows(2).all(|w| w[1].0 < w[0].0 && w[1].2 <= w[0].2));
    assert!(seen.iter().all(|s| s.1 <= opt));
}

#[test]
fn the_bound_reported_between_solutions_never_passes_the_optimum() {
    let opt = grid_optimum();
    let mut bounds = Vec::new();
    let r = AnytimeAStar::new(3.0)
        .on_lower_bound(Duration::ZERO, |bound, _| bounds.push(bound))
        .search(&grid(), (0, 0), manhattan);
    assert_eq!(r.cost(), Some(opt));
    assert!(!bounds.is_empty(), "the grid takes thousands of expansions");
    assert!(bounds.iter().all(|&b| b <= opt), "{bounds:?} against {opt}");
    // the estimate is consistent here, so nothing in the frontier has an `f` below the
    // start's 398
    assert!(bounds.iter().all(|&b| b >= 398));
    // a long interval: no report before the search ends
    let mut none = 0;
    AnytimeAStar::new(3.0)
        .on_lower_bound(Duration::from_secs(3600), |_, _| none += 1)
        .search(&grid(), (0, 0), manhattan);
    assert_eq!(none, 0);
}

#[test]
fn bad_weights_are_refused() {
    let g = Graph {
        adj: vec![vec![(1, 1)], vec![]],
        goal: vec![false, true],
    };
    for (weight, step) in [
        (0.5, 0.5),
        (f64::NAN, 0.5),
        (f64::INFINITY, 0.5),
        (2.0, -1.0),
        (2.0, f64::NAN),
    ] {
        let r = AnytimeAStar::new(weight)
            .weight_step(step)
            .search(&g, 0, Zero);
        assert_eq!(
            r.stop_reason(),
            Some(StopReason::InvalidWeight),
            "{weight} {step}"
        );
        assert!(r.best.is_none());
    }
    assert_eq!(AnytimeAStar::new(1.0).search(&g, 0, Zero).cost(), Some(1));
    // a step too small to change the weight keeps it, and the search still ends
    let r = AnytimeAStar::new(2.0)
        .weight_step(1e-30)
        .search(&grid(), (0, 0), manhattan);
    assert!(r.is_optimal());
    assert_eq!(r.cost(), Some(grid_optimum()));
}

#[test]
fn a_negative_step_stops_it() {
    let p = FnProblem::new(
        |n: &i32| *n == 3,
        |n: &i32| [((), n + 1, if *n == 1 { -1 } else { 1i32 })],
    );
    let r = AnytimeAStar::new(2.0).search(&p, 0, Zero);
    assert_eq!(r.stop_reason(), Some(StopReason::NegativeCost));
    assert_eq!(r.lower_bound(), None);
}

#[test]
fn a_start_that_is_a_goal_is_optimal_at_once() {
    let g = Graph {
        adj: vec![vec![(1, 1)], vec![]],
        goal: vec![true, true],
    };
    let mut it = AnytimeAStar::new(2.0).iter(&g, 0, Zero);
    let first = it.next().expect("the start");
    assert_eq!(
        (first.cost(), first.lower_bound, first.ratio()),
        (0, 0, 1.0)
    );
    assert!(it.next().is_none());
    assert!(it.into_result().is_optimal());
}

#[test]
fn a_memory_stop_mid_expansion_keeps_a_valid_bound() {
    // 0 -> 1 (10, a dead end), 0 -> 2 (1), 2 -> 3 (1, the goal): the optimum is 2. With
    // room for two states the search stops while expanding 0, after storing 1: the state
    // being expanded must still count in the bound (1's `g + h` alone would give 10).
    let g = Graph {
        adj: vec![vec![(1, 10), (2, 1)], vec![], vec![(3, 1)], vec![]],
        goal: vec![false, false, false, true],
    };
    let h = scaled_heuristic(&g, &[255]);
    let r = AnytimeAStar::new(1.0).max_states(2).search(&g, 0, &h);
    assert_eq!(r.stop_reason(), Some(StopReason::MaxStates));
    assert_eq!(r.lower_bound(), Some(2));
}
