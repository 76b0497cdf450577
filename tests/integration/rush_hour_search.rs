//! Property tests of the searches on the Rush Hour example: on random boards A* agrees with
//! BFS (and the heuristics never overestimate), stubborn-set pruning keeps every optimum,
//! and move pruning keeps every stored state and changes only the generated counts, also on
//! the course boards; every solution checked by the independent replay checker of
//! `support_rush_hour`.

use heurist_puzzles::rush_hour as model;

use crate::support_rush_hour;

use heurist::{AStar, Bfs, Heuristic, Problem};
use model::{Board, HeuristicKind, Metric, Packed, RushHeuristic, RushHour};
use proptest::prelude::*;
use support_rush_hour::*;

/// BFS expanding each state with the skip set of the first way into it only (the parent
/// link): under a cost bound BFS does so, and a bound no path reaches leaves nothing out.
fn bfs_first_arrival<const W: usize>(p: &RushHour<W>, start: Packed<W>, max: usize) -> Res<W> {
    Bfs::new()
        .max_states(max)
        .cost_bound(u32::MAX)
        .move_pruning()
        .search(p, start)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// On random 6x6 boards, the deep estimate asked whether a bound cuts a state off
    /// (`cuts_child`, moves metric) keeps the states whose estimate is within the bound
    /// and cuts the others off, with a value above the bound that the fewest moves to the
    /// goal (BFS) never undercut, on states sampled from the start's reach.
    #[test]
    fn random_boards_deep_cuts_keep_within_and_prove_beyond(
        seed in 0u64..1_000_000,
        count in 3usize..12,
    ) {
        let mut rng = model::rng(seed);
        let b = model::random_board(6, count, &mut rng);
        let p = RushHour::<1>::new(&b, Metric::Moves);
        let h = RushHeuristic::new(&p, HeuristicKind::Deep);
        let start: Packed<1> = RushHour::<1>::start(&b);
        let mut parent_moves = heurist::Successors::new();
        for (state, _) in heurist::bfs_reach(&p, start).step_by(97).take(12) {
            let optimum = bfs(&p, state).cost();
            let estimate = h.h(&state);
            // (a state's successor stands in for the parent: the deep estimate uses neither)
            p.successors(&state, &mut parent_moves);
            let Some(link) = parent_moves.iter().next() else { continue };
            for limit in 0..=estimate.min(30) + 1 {
                for g in [0, 1] {
                    let cut = h.cuts_child(&link.state, 0, &link.action, &state, g, limit);
                    // (on boards this small no level of the estimate runs out of budget,
                    // so its proofs and the estimate agree)
                    prop_assert_eq!(cut.is_some(), g + estimate > limit);
                    match cut {
                        None => prop_assert!(g + estimate <= limit, "kept beyond the limit"),
                        Some(v) => {
                            prop_assert!(g + v > limit, "cut off with {} within {}", v, limit);
                            if let Some(c) = optimum {
                                prop_assert!(v <= c, "cut off with {} > the optimum {}", v, c);
                            }
                        }
                    }
                }
            }
            parent_moves.clear();
        }
    }

    /// On random 6x6 boards: the heuristics never overestimate (checked against BFS at the
    /// start), A* agrees with BFS in both metrics, and every answer replays.
    #[test]
    fn random_boards_astar_matches_bfs(seed in 0u64..1_000_000, count in 3usize..12) {
        let mut rng = model::rng(seed);
        let b = model::random_board(6, count, &mut rng);
        for metric in [Metric::Moves, Metric::Steps] {
            let p = RushHour::<1>::new(&b, metric);
            let start: Packed<1> = RushHour::<1>::start(&b);
            let bfs = bfs(&p, start);
            for kind in [HeuristicKind::Blockers, HeuristicKind::Blocked, HeuristicKind::Deep] {
                let h = RushHeuristic::new(&p, kind);
                let est = h.h(&start);
                let a = astar(&p, start, h);
                prop_assert_eq!(a.cost(), bfs.cost());
                match bfs.cost() {
                    Some(c) => {
                        prop_assert!(est <= c, "{:?} estimate {} > optimum {}", kind, est, c);
                        let actions: Vec<_> = a.solution().unwrap().actions().copied().collect();
                        let moves = named(&b, &actions);
                        let steps = check(&b, &moves).map_err(TestCaseError::fail)?;
                        if metric == Metric::Steps {
                            prop_assert_eq!(steps as u32, c);
                        }
                    }
                    None => prop_assert!(bfs.is_exhausted() && a.is_exhausted()),
                }
            }
        }
    }
}

/// The board `b` with its vehicles moved to the positions of state `s`.
fn board_at(b: &Board, s: &Packed<1>) -> Board {
    let mut at = b.clone();
    at.start = s.unpack(b.vehicles.len());
    at
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// Stubborn-set pruning keeps every optimum: from random reachable states of random
    /// 6x6 boards, BFS and A* on the pruned problem find the same cost as BFS on the full
    /// problem (or all prove the state unsolvable), and their answers replay.
    #[test]
    fn stubborn_pruning_keeps_the_optimum(
        seed in 0u64..1_000_000,
        count in 5usize..14,
        walk in 0usize..30,
    ) {
        let mut rng = model::rng(seed);
        let b = model::random_board(6, count, &mut rng);
        // a random walk to a state that need not be a start a generator would produce
        let full = RushHour::<1>::new(&b, Metric::Moves);
        let mut s: Packed<1> = RushHour::<1>::start(&b);
        let mut buf = heurist::Successors::new();
        for k in 0..walk {
            heurist::Problem::successors(&full, &s, &mut buf);
            if buf.is_empty() {
                break;
            }
            let pick = (seed as usize).wrapping_mul(31).wrapping_add(k * 7) % buf.len();
            s = buf.as_slice()[pick].state;
            buf.clear();
        }
        let b = board_at(&b, &s);
        for metric in [Metric::Moves, Metric::Steps] {
            let full = RushHour::<1>::new(&b, metric);
            let mut pruned = full.clone();
            pruned.prune = true;
            let want = bfs(&full, s);
            let bfs = bfs(&pruned, s);
            let h = RushHeuristic::new(&pruned, HeuristicKind::Blocked);
            let astar = astar(&pruned, s, h);
            for r in [&bfs, &astar] {
                prop_assert_eq!(r.cost(), want.cost(), "{:?}", metric);
                if let Some(sol) = r.solution() {
                    let actions: Vec<_> = sol.actions().copied().collect();
                    check(&b, &named(&b, &actions)).map_err(TestCaseError::fail)?;
                } else {
                    prop_assert!(r.is_exhausted() && want.is_exhausted());
                }
            }
            if want.is_exhausted() {
                // the pruned problem reaches a subset of the states
                prop_assert!(bfs.stats.stored <= want.stats.stored);
            }
        }
    }
}

/// Pruning keeps the course boards' optima and stores fewer states (so it is not a no-op).
#[test]
fn stubborn_pruning_on_course_boards() {
    for (name, moves, steps) in [
        ("Rushhour6x6_1", 21, 35),
        ("Rushhour6x6_2", 15, 29),
        ("Rushhour6x6_3", 33, 83),
        ("Rushhour9x9_4", 27, 51),
    ] {
        let b = course(name);
        for (metric, want) in [(Metric::Moves, moves), (Metric::Steps, steps)] {
            let full = RushHour::<2>::new(&b, metric);
            let mut pruned = full.clone();
            pruned.prune = true;
            let start = RushHour::<2>::start(&b);
            let plain = bfs(&full, start);
            let r = bfs(&pruned, start);
            assert_eq!(r.cost(), Some(want), "{name} {metric:?}");
            let actions: Vec<_> = r.solution().unwrap().actions().copied().collect();
            check(&b, &named(&b, &actions)).unwrap();
            // against the same move pruning without stubborn sets
            let first = &plain;
            assert!(r.stats.stored <= plain.stats.stored);
            assert!(
                r.stats.generated < first.stats.generated,
                "{name} {metric:?}: pruning generated {} of {}",
                r.stats.generated,
                first.stats.generated
            );
        }
    }
}

/// BFS with move pruning over every way into a state (as the program runs it), with the
/// first way only, and without move pruning, from `start`, stopped after `max` states: the
/// same outcome and solution, the same states expanded and stored, fewer generated, fewest
/// with every way's skip set. And without the levels a reversible space lets BFS forget:
/// the very same search.
fn move_pruning_only_saves_generation<const W: usize>(
    b: &Board,
    metric: Metric,
    max: usize,
) -> Result<(), TestCaseError> {
    let p = RushHour::<W>::new(b, metric);
    let start = RushHour::<W>::start(b);
    let (x, y) = (
        Bfs::new()
            .max_states(max)
            .reversible(true)
            .move_pruning()
            .search(&p, start),
        Bfs::new()
            .max_states(max)
            .reversible(true)
            .search(&p, start),
    );
    prop_assert_eq!(x.cost(), y.cost());
    prop_assert_eq!(x.stop_reason(), y.stop_reason());
    prop_assert_eq!(x.is_exhausted(), y.is_exhausted());
    prop_assert_eq!(
        (x.stats.expanded, x.stats.stored),
        (y.stats.expanded, y.stats.stored)
    );
    let first = bfs_first_arrival(&p, start, max);
    let actions = |r: &Res<W>| {
        r.solution()
            .map(|s| s.actions().copied().collect::<Vec<_>>())
    };
    for z in [&y, &first] {
        prop_assert_eq!(actions(&x), actions(z));
        prop_assert_eq!(x.stop_reason(), z.stop_reason());
        prop_assert_eq!(
            (x.stats.expanded, x.stats.stored),
            (z.stats.expanded, z.stats.stored)
        );
    }
    prop_assert!(x.stats.generated <= first.stats.generated);
    prop_assert!(first.stats.generated <= y.stats.generated);
    for (forgetful, every_level) in [
        (
            &x,
            Bfs::new().max_states(max).move_pruning().search(&p, start),
        ),
        (&y, Bfs::new().max_states(max).search(&p, start)),
    ] {
        prop_assert_eq!(forgetful.cost(), every_level.cost());
        prop_assert_eq!(forgetful.stop_reason(), every_level.stop_reason());
        let stats = |r: &Res<W>| {
            let s = &r.stats;
            (s.expanded, s.generated, s.duplicates, s.stored)
        };
        prop_assert_eq!(stats(forgetful), stats(&every_level));
        prop_assert_eq!(actions(forgetful), actions(&every_level));
    }
    if let Some(sol) = x.solution() {
        let actions: Vec<_> = sol.actions().copied().collect();
        check(b, &named(b, &actions)).map_err(TestCaseError::fail)?;
    }
    // A* (optimal whenever it ends) agrees with unpruned BFS
    let h = RushHeuristic::new(&p, HeuristicKind::Blocked);
    let a = AStar::new()
        .max_states(max)
        .move_pruning()
        .search(&p, start, h);
    if y.stop_reason().is_none() && a.stop_reason().is_none() {
        prop_assert_eq!(a.cost(), y.cost());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Move pruning (a vehicle's moves right after its own move are left out) changes no
    /// optimal cost and no stored state, on random boards of side 6, 9 and 12, both metrics.
    #[test]
    fn move_pruning_keeps_every_stored_state(
        seed in 0u64..1_000_000,
        size in prop::sample::select(vec![6usize, 9, 12]),
        fill in 2usize..5,
    ) {
        let mut rng = model::rng(seed);
        let b = model::random_board(size, size * size * fill / 12, &mut rng);
        for metric in [Metric::Moves, Metric::Steps] {
            match b.words() {
                1 => move_pruning_only_saves_generation::<1>(&b, metric, 20_000)?,
                2 => move_pruning_only_saves_generation::<2>(&b, metric, 20_000)?,
                3 => move_pruning_only_saves_generation::<3>(&b, metric, 20_000)?,
                _ => move_pruning_only_saves_generation::<4>(&b, metric, 20_000)?,
            }
        }
    }
}

#[test]
fn move_pruning_on_the_9x9_course_board() {
    let b = course("Rushhour9x9_4");
    for metric in [Metric::Moves, Metric::Steps] {
        move_pruning_only_saves_generation::<2>(&b, metric, usize::MAX).unwrap();
    }
}
