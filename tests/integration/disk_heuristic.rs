//! Breadth-first heuristic search on disk (`DiskBfs::search_heuristic`): optimal against
//! A* in memory, its bounds, the bound tested on write, a search with no path, and a
//! stopped search resumed.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};

use heurist::disk::{DiskBfs, DiskError};
use heurist::{Heuristic, Outcome, StopReason, Zero};

use super::disk::{eight_puzzle, farthest_boards, replays, table, work_dir};
use heurist_puzzles::disk_bfs::{Board, Sliding};

/// Breadth-first heuristic search on disk finds the optimal number of moves that A* finds
/// in memory, on random 8-puzzle boards and the farthest ones, serial and on threads,
/// reversible or not, with paths that replay; far fewer states stored than a breadth-first
/// search's.
#[test]
fn a_heuristic_search_on_disk_is_optimal() {
    let p = eight_puzzle();
    let h = |b: &Board<6>| p.manhattan(b);
    let dir = work_dir("heuristic");
    let mut starts = farthest_boards();
    // boards 12 to 28 moves away, from a fixed walk over the space
    starts.extend(
        heurist::bfs_reach(&p, p.goal)
            .filter(|&(_, d)| d >= 12 && d % 4 == 0)
            .step_by(5003)
            .map(|(b, _)| b),
    );
    assert!(starts.len() >= 10);
    for (i, &start) in starts.iter().enumerate() {
        let optimum = heurist::astar(&p, start, h).cost().expect("solvable");
        let run = DiskBfs::new(&dir)
            .partitions(4)
            .reversible(i % 2 == 0)
            .bound_on_write(i % 4 < 2);
        let r = match i % 3 {
            0 => run.threads(2).search_heuristic_parallel(&p, start, h),
            _ => run.search_heuristic(&p, start, h),
        }
        .unwrap();
        let solution = r.solution().expect("found");
        assert_eq!(solution.cost, optimum, "start {start:?}");
        replays(&p, &start, solution);
        assert!(!dir.exists(), "a search that ends removes its files");
        // each iteration grows the bound by 2 (the parity of the moves) from the estimate
        let first = h(&start);
        assert_eq!(r.stats.iterations, (optimum - first) / 2 + 1);
        let bfs = DiskBfs::new(&dir).search(&p, start).unwrap();
        assert!(r.total_states() <= bfs.total_states());
    }
}

/// A cost bound below the optimum proves a lower bound and stops; at the optimum it finds
/// the path. A first bound skips the iterations below it and, even above the optimum, still
/// gives a shortest path.
#[test]
fn heuristic_search_bounds_prove_and_skip() {
    let p = eight_puzzle();
    let h = |b: &Board<6>| p.manhattan(b);
    let dir = work_dir("heuristic-bounds");
    for start in farthest_boards() {
        let optimum = heurist::astar(&p, start, h).cost().expect("solvable") as u64;
        let first = h(&start) as u64;
        // below the optimum: no path within the bound, and nothing left behind
        let proof = DiskBfs::new(&dir)
            .cost_bound(optimum - 1)
            .search_heuristic(&p, start, h)
            .unwrap();
        assert_eq!(proof.stop_reason(), Some(StopReason::CostBound));
        assert_eq!(proof.lower_bound(), Some(optimum as u32));
        assert_eq!(proof.stats.iterations as u64, (optimum - 1 - first) / 2 + 1);
        // the layers are the last iteration's: one bounded breadth-first search to depth
        // optimum - 1 at most, the largest of the iterations
        assert!(!proof.layers.is_empty() && proof.layers.len() as u64 <= optimum);
        assert_eq!(proof.stats.stored as u64, proof.total_states());
        assert!(!dir.exists(), "a finished proof removes its files");
        // at the optimum, and from a first bound of the optimum: one iteration
        for run in [
            DiskBfs::new(&dir).cost_bound(optimum),
            DiskBfs::new(&dir).first_bound(optimum),
        ] {
            let r = run.search_heuristic(&p, start, h).unwrap();
            assert_eq!(r.cost(), Some(optimum as u32));
        }
        let one = DiskBfs::new(&dir)
            .first_bound(optimum)
            .search_heuristic(&p, start, h);
        assert_eq!(one.unwrap().stats.iterations, 1);
        // a first bound beyond the optimum stores more, but the path is still shortest
        let wide = DiskBfs::new(&dir)
            .first_bound(optimum + 6)
            .search_heuristic(&p, start, h)
            .unwrap();
        assert_eq!(wide.cost(), Some(optimum as u32));
        replays(&p, &start, wide.solution().unwrap());
        // stopped within a first bound above the optimum, it claims no more than it proved:
        // the start's estimate or its completed layers, and again when resumed
        for resumed in [false, true] {
            let stopped = DiskBfs::new(&dir)
                .first_bound(optimum + 6)
                .max_expansions(300)
                .search_heuristic(&p, start, h)
                .unwrap();
            let lower = stopped.lower_bound().expect("stopped with a lower bound") as u64;
            assert!(lower <= optimum, "{lower} > {optimum} (resumed: {resumed})");
            assert_eq!(lower, first.max(stopped.layers.len() as u64));
        }
        std::fs::remove_dir_all(&dir).unwrap();
        // a start estimate beyond the cost bound: stopped at once with that estimate
        let none = DiskBfs::new(&dir)
            .cost_bound(first - 1)
            .search_heuristic(&p, start, h)
            .unwrap();
        assert_eq!(none.lower_bound(), Some(first as u32));
        assert_eq!(none.stats.iterations, 0);
    }
}

/// Testing the bound when a successor is written, or on the new states after
/// deduplication: the same path and the same layers at a bound; fewer bytes written, more
/// estimates computed.
#[test]
fn the_bound_on_write_trades_estimates_for_bytes() {
    let p = eight_puzzle();
    let estimates = AtomicUsize::new(0);
    let h = |b: &Board<6>| {
        estimates.fetch_add(1, Ordering::Relaxed);
        p.manhattan(b)
    };
    let dir = work_dir("bound-on-write");
    let start = farthest_boards()[0];
    let mut runs = Vec::new();
    for on_write in [false, true] {
        estimates.store(0, Ordering::Relaxed);
        let r = DiskBfs::new(&dir)
            .reversible(true)
            .partitions(4)
            .first_bound(31)
            .bound_on_write(on_write)
            .search_heuristic(&p, start, h)
            .unwrap();
        assert_eq!(r.cost(), Some(31));
        replays(&p, &start, r.solution().unwrap());
        runs.push((
            r.layers.clone(),
            r.bytes_written,
            estimates.load(Ordering::Relaxed),
        ));
    }
    let ((after, bytes_after, est_after), (on_write, bytes_on_write, est_on_write)) =
        (&runs[0], &runs[1]);
    assert_eq!(after, on_write);
    assert!(
        bytes_on_write < bytes_after,
        "{bytes_on_write} < {bytes_after}"
    );
    assert!(est_on_write > est_after, "{est_on_write} > {est_after}");
}

/// The 8-puzzle's Manhattan distance as the estimate; asked whether a bound cuts a child
/// off, the true distance to the goal, a larger bound than the estimate.
struct ProvesMore<'a> {
    p: &'a Sliding<6>,
    distance: &'a HashMap<Board<6>, u32>,
    asked: &'a AtomicUsize,
}

impl Heuristic<Sliding<6>> for ProvesMore<'_> {
    fn estimate(&self, b: &Board<6>) -> u32 {
        self.p.manhattan(b)
    }
    fn cuts_child(
        &self,
        _: &Board<6>,
        _: u32,
        _: &u8,
        child: &Board<6>,
        g: u32,
        limit: u32,
    ) -> Option<u32> {
        self.asked.fetch_add(1, Ordering::Relaxed);
        let d = self.distance[child];
        (g + d > limit).then_some(d)
    }
}

/// With the bound tested on write, the search asks `cuts_child`, and a heuristic that proves
/// more there than its estimate keeps fewer states and reaches the optimum's bound in one
/// step: from the start's estimate straight to 31, since every cut-off child of the first
/// iteration is known to be 31 from the start by the path through it. Tested after
/// deduplication, the bound asks the estimate alone.
#[test]
fn the_bound_on_write_takes_what_the_heuristic_proves() {
    let p = eight_puzzle();
    let distance: HashMap<Board<6>, u32> = heurist::bfs_reach(&p, p.goal)
        .map(|(b, d)| (b, d as u32))
        .collect();
    let start = farthest_boards()[0];
    let dir = work_dir("proves-more");
    let manhattan = |b: &Board<6>| p.manhattan(b);
    let plain = DiskBfs::new(&dir)
        .reversible(true)
        .partitions(4)
        .bound_on_write(true)
        .search_heuristic(&p, start, manhattan)
        .unwrap();
    assert_eq!(plain.cost(), Some(31));
    assert_eq!(plain.stats.iterations, (31 - manhattan(&start)) / 2 + 1);
    for on_write in [true, false] {
        let asked = AtomicUsize::new(0);
        let h = ProvesMore {
            p: &p,
            distance: &distance,
            asked: &asked,
        };
        let r = DiskBfs::new(&dir)
            .reversible(true)
            .partitions(4)
            .bound_on_write(on_write)
            .search_heuristic(&p, start, h)
            .unwrap();
        let solution = r.solution().expect("found");
        assert_eq!(solution.cost, 31);
        replays(&p, &start, solution);
        let asked = asked.load(Ordering::Relaxed);
        if on_write {
            assert!(asked > 0);
            assert_eq!(r.stats.iterations, 2);
            assert!(
                r.total_states() < plain.total_states(),
                "{} < {}",
                r.total_states(),
                plain.total_states()
            );
        } else {
            assert_eq!(asked, 0);
            assert_eq!(r.layers, plain.layers);
        }
    }
}

/// With no goal reachable, the bound grows until no state is cut off: exhausted, as a
/// breadth-first search is, after visiting every reachable state.
#[test]
fn a_heuristic_search_with_no_path_is_exhausted() {
    let p = eight_puzzle();
    let unreachable = Sliding::<6> {
        goal: Board::from_tiles(&[0, 2, 1, 3, 4, 5, 6, 7, 8]),
        ..eight_puzzle()
    };
    let dir = work_dir("heuristic-none");
    // with an estimate of 0 each iteration is a breadth-first search one layer deeper than
    // the last, until no new state is cut off: bounds 0 to 31, the last of which finds
    // every state (the successors of depth 31 are all duplicates, which cut nothing off)
    let r = DiskBfs::new(&dir)
        .reversible(true)
        .search_heuristic(&unreachable, p.goal, Zero)
        .unwrap();
    assert_eq!(r.outcome, Outcome::Exhausted);
    assert_eq!(r.layers, table("3x3 sliding tiles"));
    assert_eq!(r.stats.iterations, 32);
    assert!(!dir.exists());
}

/// A limit stops the search with the bound of its iteration as a lower bound; the next
/// call continues that iteration from its last layer and finds the same optimum.
#[test]
fn a_stopped_heuristic_search_has_a_lower_bound_and_resumes() {
    let p = eight_puzzle();
    let h = |b: &Board<6>| p.manhattan(b);
    let dir = work_dir("heuristic-resume");
    let start = farthest_boards()[0];
    let r = DiskBfs::new(&dir)
        .reversible(true)
        .partitions(4)
        .max_expansions(20_000)
        .search_heuristic(&p, start, h)
        .unwrap();
    let Outcome::Stopped {
        reason,
        lower_bound: Some(bound),
    } = r.outcome
    else {
        panic!("stopped with a bound: {:?}", r.outcome);
    };
    assert_eq!(reason, StopReason::MaxExpansions);
    assert!(r.stats.expanded <= 20_000 + 256 && r.stats.iterations >= 1);
    assert!((h(&start)..=31).contains(&bound) && bound % 2 == 1);
    assert!(dir.exists(), "a stopped search keeps its files");
    // a plain breadth-first search is another run: refused, the files left alone
    let other = DiskBfs::new(&dir)
        .reversible(true)
        .partitions(4)
        .search(&p, start);
    assert!(
        matches!(other, Err(DiskError::OtherRun { .. })),
        "{other:?}"
    );
    let again = DiskBfs::new(&dir)
        .reversible(true)
        .partitions(4)
        .search_heuristic(&p, start, h)
        .unwrap();
    assert_eq!(again.cost(), Some(31));
    assert!(again.resumed_layers > 0 || bound == 31);
    assert!(!dir.exists());
}
