//! The distributed searches against the published tables and the serial searches, on
//! threads of this process and on processes started by the tests themselves.

mod processes;

use std::sync::Arc;

use heurist::{Cost, FnProblem, OrderedF64, Outcome, StopReason};
use heurist_distributed::{AStar, Bfs, Cluster, Error};
use heurist_puzzles::disk_bfs::{published, Board, Sliding};
use proptest::prelude::*;

const COUNTS: &str = include_str!("../../../data/bfs/counts.txt");

/// Replays `solution` from its start: every step is a successor, the costs add up.
fn replays<P: heurist::Problem>(
    problem: &P,
    solution: &heurist::Solution<P::State, P::Action, P::Cost>,
) {
    let mut state = solution.start.clone();
    let mut total = <P::Cost as heurist::Cost>::ZERO;
    let mut successors = heurist::Successors::new();
    for step in &solution.steps {
        successors.clear();
        problem.successors(&state, &mut successors);
        assert!(
            successors
                .iter()
                .any(|s| s.state == step.state && s.cost == step.cost),
            "not a move"
        );
        total = total.saturating_add(step.cost);
        state = step.state.clone();
    }
    assert!(problem.is_goal(&state), "the path ends at a goal");
    assert_eq!(total, solution.cost);
}

#[test]
fn eight_puzzle_counts_match_the_published_table_on_one_to_four_threads() {
    let table = published(COUNTS, "3x3 sliding tiles").expect("the 8-puzzle's table");
    let puzzle = Sliding::<6>::new(3, 3);
    for threads in [1, 2, 3, 4] {
        for reversible in [false, true] {
            let start = puzzle.goal;
            let all = Bfs::new()
                .reversible(reversible)
                .enumerate(&Cluster::threads(threads), puzzle.clone(), start)
                .unwrap();
            assert!(all.is_exhausted());
            assert_eq!(
                all.layers, table,
                "{threads} threads, reversible {reversible}"
            );
            assert_eq!(all.stats.expanded, 181_440);
        }
    }
}

/// A state wider than the widest sort key (16 bytes) keeps a reversible enumeration's layers
/// in hash sets instead of sorted keys: both give the serial counts.
#[test]
fn reversible_enumerations_of_narrow_and_wide_states_match_the_serial_counts() {
    fn torus<const N: usize>(
    ) -> impl heurist::Problem<State = [u8; N], Action = (), Cost = usize> + Clone + Send {
        FnProblem::space(|s: &[u8; N]| {
            let (x, y) = (s[0], s[N - 1]);
            [(x + 22) % 23, (x + 1) % 23, x, x]
                .into_iter()
                .zip([y, y, (y + 16) % 17, (y + 1) % 17])
                .map(|(x, y)| {
                    let mut t = *s;
                    (t[0], t[N - 1]) = (x, y);
                    t
                })
                .collect::<Vec<_>>()
        })
    }
    fn check<const N: usize>() {
        let (problem, start) = (torus::<N>(), [3u8; N]);
        let mut serial = Vec::new();
        for (_, depth) in heurist::bfs_reach(&problem, start) {
            serial.resize(serial.len().max(depth + 1), 0u64);
            serial[depth] += 1;
        }
        for threads in [1, 3] {
            let all = Bfs::new()
                .reversible(true)
                .enumerate(&Cluster::threads(threads), problem.clone(), start)
                .unwrap();
            assert_eq!(all.layers, serial, "{N} bytes, {threads} threads");
            assert_eq!(all.total_states(), 23 * 17);
            // every successor is a new state or a duplicate, counted where it was dropped:
            // by its owner, or by the worker that generated it again before sending it
            let total = all.total_states();
            assert_eq!(all.stats.generated, total - 1 + all.stats.duplicates);
            let sent = all.stats.generated * N as u64;
            assert!(
                all.bytes_sent < sent,
                "every successor was sent: {sent} bytes"
            );
            // a round's successors compacted every few: the same counts, duplicates too
            let compacted = Bfs::new()
                .reversible(true)
                .round_buffer(5)
                .enumerate(&Cluster::threads(threads), problem.clone(), start)
                .unwrap();
            assert_eq!(compacted.layers, serial);
            assert_eq!(compacted.stats.duplicates, all.stats.duplicates);
            assert_eq!(compacted.stats.generated, all.stats.generated);
        }
    }
    check::<2>();
    check::<12>();
    check::<24>();
}

fn scratch(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("heurist-{name}-{}", std::process::id()))
}

/// An enumeration with checkpoints, stopped after a few layers and started again three
/// times, resumes each time: the published counts, and the counters of a run that never
/// stopped.
#[test]
fn an_enumeration_resumes_from_its_checkpoints() {
    let table = published(COUNTS, "3x3 sliding tiles").unwrap();
    let puzzle = Sliding::<6>::new(3, 3);
    let dir = scratch("resume");
    let cluster = Cluster::threads(2);
    let run = |bfs: Bfs| {
        bfs.enumerate(&cluster, puzzle.clone(), puzzle.goal)
            .unwrap()
    };
    let whole = run(Bfs::new().reversible(true));
    let bfs = Bfs::new().reversible(true).checkpoints(&dir);
    let mut resumed = None;
    for stop in [5, 17, 25] {
        let part = run(bfs.clone().max_depth(stop));
        assert_eq!(part.stop_reason(), Some(StopReason::MaxDepth));
        assert_eq!(part.layers, table[..=stop]);
        assert_eq!(part.resumed_from, resumed);
        resumed = Some(stop);
    }
    let rest = run(bfs);
    assert!(rest.is_exhausted());
    assert_eq!(rest.resumed_from, Some(25));
    assert_eq!(rest.layers, table);
    assert_eq!(
        (
            rest.stats.expanded,
            rest.stats.generated,
            rest.stats.duplicates
        ),
        (
            whole.stats.expanded,
            whole.stats.generated,
            whole.stats.duplicates
        )
    );
    assert_eq!(
        (rest.rounds, rest.bytes_sent),
        (whole.rounds, whole.bytes_sent)
    );
    assert!(!dir.exists(), "a completed run removes its checkpoints");
}

/// Checkpoints are refused where they cannot resume the run: a search, an enumeration not
/// known to be reversible, a cluster of another size, another start, a damaged file.
#[test]
fn checkpoints_refuse_what_they_cannot_resume() {
    let puzzle = Sliding::<6>::new(3, 3);
    let dir = scratch("refused");
    let refused = |result: Result<heurist_distributed::BfsResultOf<Sliding<6>>, Error>| {
        assert!(matches!(result, Err(Error::Checkpoint(_))), "{result:?}");
    };
    let (two, three) = (Cluster::threads(2), Cluster::threads(3));
    let bfs = Bfs::new().checkpoints(&dir);
    refused(bfs.search(&two, puzzle.clone(), puzzle.goal));
    refused(bfs.enumerate(&two, puzzle.clone(), puzzle.goal));
    let bfs = bfs.reversible(true);
    refused(bfs.search(&two, puzzle.clone(), puzzle.goal));

    let part = bfs.clone().max_depth(8);
    part.enumerate(&two, puzzle.clone(), puzzle.goal).unwrap();
    refused(part.enumerate(&three, puzzle.clone(), puzzle.goal));
    let other = Board::<6>::from_tiles(&[1, 0, 2, 3, 4, 5, 6, 7, 8]);
    refused(part.enumerate(&two, puzzle.clone(), other));
    refused(
        bfs.clone()
            .max_depth(7)
            .enumerate(&two, puzzle.clone(), puzzle.goal),
    );
    let file = dir.join("worker-1-of-2").join("layer-8.states");
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() - 1]).unwrap();
    refused(part.enumerate(&two, puzzle.clone(), puzzle.goal));
    std::fs::write(&file, &bytes).unwrap();
    // whole again, the run goes on
    let all = bfs.enumerate(&two, puzzle.clone(), puzzle.goal).unwrap();
    assert_eq!((all.resumed_from, all.total_states()), (Some(8), 181_440));
    assert!(!dir.exists());

    // a run stopped in its first layer may leave some workers' first checkpoint only: the
    // next run starts from the beginning
    bfs.clone()
        .max_depth(1)
        .enumerate(&two, puzzle.clone(), puzzle.goal)
        .unwrap();
    std::fs::remove_dir_all(dir.join("worker-0-of-2")).unwrap();
    let all = bfs.enumerate(&two, puzzle.clone(), puzzle.goal).unwrap();
    assert_eq!((all.resumed_from, all.total_states()), (None, 181_440));
    assert!(!dir.exists());
}

#[test]
fn searches_find_the_serial_optimum_and_paths_that_replay() {
    let puzzle = Sliding::<6>::new(3, 3);
    let start = Board::<6>::from_tiles(&[8, 6, 7, 2, 5, 4, 3, 0, 1]);
    let serial = heurist::bfs(&puzzle, start).cost();
    assert_eq!(serial, Some(27));
    for threads in [1, 3] {
        let cluster = Cluster::threads(threads);
        // with a map of parents, and with sorted layers (a reversible space), whose path is
        // traced back through the layers
        for (reversible, buffer) in [(false, 1 << 22), (true, 1 << 22), (true, 3)] {
            let bfs = Bfs::new().reversible(reversible).round_buffer(buffer);
            let found = bfs.search(&cluster, puzzle.clone(), start).unwrap();
            assert_eq!(found.cost(), serial, "{threads} threads, {reversible}");
            replays(&puzzle, found.solution().unwrap());
            // the layers before the goal's, which is left unfinished
            assert_eq!(found.layers.len(), 27);
            let mut counts = vec![0u64; 27];
            for (_, depth) in heurist::bfs_reach(&puzzle, start) {
                if let Some(c) = counts.get_mut(depth) {
                    *c += 1;
                }
            }
            assert_eq!(found.layers, counts);
        }

        let h = puzzle.clone();
        let manhattan = move |b: &Board<6>| h.manhattan(b);
        for batch in [1, 64, 5000] {
            let a = AStar::new()
                .batch(batch)
                .search(&cluster, puzzle.clone(), manhattan.clone(), start)
                .unwrap();
            assert_eq!(a.cost(), serial, "{threads} threads, batch {batch}");
            replays(&puzzle, a.solution().unwrap());
        }
    }
}

#[test]
fn limits_stop_every_worker_together_with_a_lower_bound() {
    let puzzle = Sliding::<6>::new(3, 3);
    let start = Board::<6>::from_tiles(&[8, 6, 7, 2, 5, 4, 3, 0, 1]);
    let cluster = Cluster::threads(2);
    let deep = Bfs::new()
        .max_depth(10)
        .search(&cluster, puzzle.clone(), start)
        .unwrap();
    assert_eq!(deep.stop_reason(), Some(heurist::StopReason::MaxDepth));
    assert_eq!(deep.layers.len(), 11);
    let zero = |_: &Board<6>| 0u32;
    let few = AStar::new()
        .batch(10)
        .max_expansions(1000)
        .search(&cluster, puzzle.clone(), zero, start)
        .unwrap();
    assert_eq!(few.stop_reason(), Some(heurist::StopReason::MaxExpansions));
    let bound = few
        .lower_bound()
        .expect("A* stopped by a limit has a bound");
    assert!((5..=27).contains(&bound), "{bound}");
    let token = heurist::CancelToken::new();
    token.cancel();
    let cancelled = Bfs::new()
        .cancel(token)
        .enumerate(&cluster, puzzle, start)
        .unwrap();
    assert_eq!(
        cancelled.stop_reason(),
        Some(heurist::StopReason::Cancelled)
    );
    assert_eq!(cancelled.layers.len(), 2); // the first layer is built, then every worker stops
}

#[test]
fn a_panic_in_the_problem_is_an_error_on_every_worker() {
    let p = FnProblem::space(|&n: &u32| {
        assert!(n != 500, "state 500 is cursed");
        [n + 1, n * 2]
    });
    let error = Bfs::new()
        .enumerate(&Cluster::threads(3), p, 1)
        .unwrap_err();
    assert!(
        matches!(&error, Error::WorkerFailed(m) if m.contains("cursed")),
        "{error}"
    );
}

#[test]
fn unreachable_goals_exhaust_and_starts_that_are_goals_cost_nothing() {
    let evens = FnProblem::unit(|&n: &u16| n == 7, |&n: &u16| [n.wrapping_add(2) % 1000])
        .unit_cost::<u32>();
    let none = Bfs::new()
        .search(&Cluster::threads(2), evens.clone(), 0)
        .unwrap();
    assert_eq!(none.outcome, Outcome::Exhausted);
    assert_eq!(none.total_states(), 500);
    let a = AStar::new()
        .search(&Cluster::threads(2), evens.clone(), |_: &u16| 0u32, 0)
        .unwrap();
    assert!(a.is_exhausted());
    let here = Bfs::new().search(&Cluster::threads(2), evens, 7).unwrap();
    assert_eq!(here.cost(), Some(0));
}

/// States that pack into no bytes cannot be told apart on the wire: every engine says so
/// instead of failing inside a worker.
#[test]
fn states_of_no_bytes_are_refused() {
    let only = || FnProblem::space(|_: &[u8; 0]| [[0u8; 0]]).unit_cost::<u32>();
    for reversible in [false, true] {
        let bfs = Bfs::new().reversible(reversible);
        let all = bfs.enumerate(&Cluster::threads(2), only(), []);
        assert_eq!(all.unwrap_err(), Error::StatesOfNoBytes);
        let found = bfs.search(&Cluster::threads(2), only(), []);
        assert_eq!(found.unwrap_err(), Error::StatesOfNoBytes);
    }
    let a = AStar::new().search(&Cluster::threads(2), only(), |_: &[u8; 0]| 0u32, []);
    assert_eq!(a.unwrap_err(), Error::StatesOfNoBytes);
}

/// A random graph on `n` states, with costs that are sums of tenths (ties that rounding
/// breaks), as edge lists.
fn graph(n: usize, edges: Vec<(usize, usize, u8)>) -> Vec<Vec<(u16, f64)>> {
    let mut out = vec![Vec::new(); n];
    for (a, b, c) in edges {
        out[a % n].push(((b % n) as u16, f64::from(c % 4) * 0.1));
    }
    out
}

/// Bellman-Ford: the cheapest cost from 0 to `goal`.
fn bellman_ford(g: &[Vec<(u16, f64)>], goal: usize) -> Option<f64> {
    let mut d = vec![f64::INFINITY; g.len()];
    d[0] = 0.0;
    for _ in 0..g.len() {
        for (a, out) in g.iter().enumerate() {
            for &(b, c) in out {
                if d[a] + c < d[b as usize] {
                    d[b as usize] = d[a] + c;
                }
            }
        }
    }
    d[goal].is_finite().then_some(d[goal])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn astar_with_real_costs_matches_bellman_ford(
        n in 2usize..40,
        edges in prop::collection::vec((0usize..40, 0usize..40, 0u8..8), 0..150),
        goal in 1usize..40,
        threads in 1usize..4,
        batch in 1usize..8,
    ) {
        let g = Arc::new(graph(n, edges));
        let goal = goal % n;
        let expected = bellman_ford(&g, goal);
        let edges = Arc::clone(&g);
        let p = FnProblem::with_costs(move |&s: &u16| usize::from(s) == goal, move |&s: &u16| {
            edges[usize::from(s)].iter().map(|&(b, c)| (b, OrderedF64(c))).collect::<Vec<_>>()
        });
        let found = AStar::new().batch(batch).search(&Cluster::threads(threads), p, |_: &u16| OrderedF64(0.0), 0).unwrap();
        match (found.cost(), expected) {
            (Some(c), Some(e)) => prop_assert!((c.0 - e).abs() <= 1e-9 * e.abs().max(1.0), "{} against {}", c.0, e),
            (None, None) => prop_assert!(found.is_exhausted()),
            (c, e) => prop_assert!(false, "{c:?} against {e:?}"),
        }
    }
}

/// A Rush Hour board of the course's set, as the problem with states of `W` words.
fn rush_hour<const W: usize>(
    name: &str,
) -> (
    heurist_puzzles::rush_hour::RushHour<W>,
    heurist_puzzles::rush_hour::Packed<W>,
) {
    use heurist_puzzles::rush_hour::{Board, Metric, RushHour};
    let path = format!("{}/../data/rush_hour/{name}", env!("CARGO_MANIFEST_DIR"));
    let board = Board::parse_csv(&std::fs::read_to_string(path).unwrap(), 6).unwrap();
    (
        RushHour::<W>::new(&board, Metric::Moves),
        RushHour::<W>::start(&board),
    )
}

/// Move pruning leaves every layer as the serial search without pruning counts it, and
/// the searches' costs optimal, with states in sorted layers (16 bytes) and in hash sets
/// (24 bytes), while generating fewer successors.
fn pruning_keeps_layers_and_optima<const W: usize>() {
    use heurist_puzzles::rush_hour::{HeuristicKind, RushHeuristic};
    for name in ["Rushhour6x6_1.csv", "Rushhour6x6_3.csv"] {
        let (problem, start) = rush_hour::<W>(name);
        let mut counts = Vec::new();
        for (_, depth) in heurist::bfs_reach(&problem, start) {
            counts.resize(counts.len().max(depth + 1), 0u64);
            counts[depth] += 1;
        }
        let serial = heurist::bfs(&problem, start).cost();
        let blocked = RushHeuristic::new(&problem, HeuristicKind::Blocked);
        for threads in [1, 3] {
            let cluster = Cluster::threads(threads);
            let at = format!("{name}, {W} words, {threads} threads");
            for reversible in [true, false] {
                let bfs = Bfs::new().reversible(reversible);
                let plain = bfs.enumerate(&cluster, problem.clone(), start).unwrap();
                let pruned = bfs.clone().move_pruning();
                let fewer = pruned.enumerate(&cluster, problem.clone(), start).unwrap();
                assert_eq!(plain.layers, counts, "{at}");
                assert_eq!(
                    fewer.layers, counts,
                    "{at}, pruned, reversible {reversible}"
                );
                assert!(fewer.stats.generated < plain.stats.generated, "{at}");
                let found = pruned.search(&cluster, problem.clone(), start).unwrap();
                assert_eq!(found.cost(), serial, "{at}, reversible {reversible}");
                replays(&problem, found.solution().unwrap());
            }
            let h = blocked.clone();
            let a = AStar::new()
                .batch(64)
                .move_pruning()
                .search(&cluster, problem.clone(), move |s: &_| h.h(s), start)
                .unwrap();
            assert_eq!(a.cost(), serial, "{at}, A*");
            replays(&problem, a.solution().unwrap());
        }
    }
}

#[test]
fn move_pruning_keeps_the_layers_and_the_optimum_in_sorted_layers() {
    pruning_keeps_layers_and_optima::<2>();
}

#[test]
fn move_pruning_keeps_the_layers_and_the_optimum_in_hash_sets() {
    pruning_keeps_layers_and_optima::<3>();
}

/// A walk on an undirected graph of at most 64 nodes, where the step back to the node just
/// left is pruned (the rule's simplest case: the skipped successor is the parent).
#[derive(Clone)]
struct Walk {
    adjacent: Arc<Vec<Vec<u8>>>,
    goal: u8,
}

impl heurist::Problem for Walk {
    type State = u8;
    /// (from, to)
    type Action = (u8, u8);
    type Cost = u32;
    fn is_goal(&self, &s: &u8) -> bool {
        s == self.goal
    }
    fn successors(&self, s: &u8, out: &mut heurist::Successors<u8, (u8, u8), u32>) {
        heurist::MovePruning::successors_skipping(self, s, 0, out)
    }
}

impl heurist::MovePruning for Walk {
    /// Bit `t`: the step to node `t` is left out.
    type Skip = u64;
    fn skip_after(&self, &(from, _): &(u8, u8)) -> u64 {
        1 << from
    }
    fn successors_skipping(
        &self,
        &s: &u8,
        skip: u64,
        out: &mut heurist::Successors<u8, (u8, u8), u32>,
    ) {
        for &t in &self.adjacent[usize::from(s)] {
            if skip >> t & 1 == 0 {
                out.push((s, t), t, 1 + u32::from((s ^ t) & 3));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]
    /// With move pruning, every per-depth count, in sorted layers (a reversible space) and
    /// in hash sets, equals the serial count without pruning; the breadth-first search and
    /// A\* find the serial optima.
    #[test]
    fn move_pruning_agrees_with_the_serial_searches_on_random_graphs(
        n in 2usize..64,
        edges in prop::collection::vec((0u8..64, 0u8..64), 0..200),
        goal in 1u8..64,
        threads in 1usize..4,
    ) {
        let mut adjacent = vec![Vec::new(); n];
        for (a, b) in edges {
            let (a, b) = (a % n as u8, b % n as u8);
            if a != b && !adjacent[usize::from(a)].contains(&b) {
                adjacent[usize::from(a)].push(b);
                adjacent[usize::from(b)].push(a);
            }
        }
        let walk = Walk { adjacent: Arc::new(adjacent), goal: goal % n as u8 };
        let mut counts = Vec::new();
        for (_, depth) in heurist::bfs_reach(&walk, 0) {
            counts.resize(counts.len().max(depth + 1), 0u64);
            counts[depth] += 1;
        }
        let cluster = Cluster::threads(threads);
        for reversible in [true, false] {
            let bfs = Bfs::new().reversible(reversible).move_pruning();
            let all = bfs.enumerate(&cluster, walk.clone(), 0).unwrap();
            prop_assert_eq!(&all.layers, &counts, "reversible {}", reversible);
            // (the fewest actions; their costs may differ between equally short paths)
            let found = bfs.search(&cluster, walk.clone(), 0).unwrap();
            let actions = |s: Option<&heurist::Solution<u8, (u8, u8), u32>>| s.map(|s| s.steps.len());
            prop_assert_eq!(actions(found.solution()), actions(heurist::bfs(&walk, 0).solution()));
        }
        let a = AStar::new().batch(2).move_pruning().search(&cluster, walk.clone(), |_: &u8| 0, 0).unwrap();
        prop_assert_eq!(a.cost(), heurist::dijkstra(&walk, 0).cost());
    }
}

/// A pruned enumeration with checkpoints writes each state's skip set beside it: stopped
/// and started again, it generates what a run that never stopped generates, and counts
/// every layer; a run without pruning does not take up its checkpoints.
#[test]
fn a_pruned_enumeration_resumes_with_its_skip_sets() {
    let (problem, start) = rush_hour::<2>("Rushhour6x6_3.csv");
    let cluster = Cluster::threads(2);
    let pruned = Bfs::new().reversible(true).move_pruning();
    let whole = pruned.enumerate(&cluster, problem.clone(), start).unwrap();
    let dir = scratch("pruned-resume");
    let bfs = pruned.checkpoints(&dir);
    let part = bfs
        .clone()
        .max_depth(6)
        .enumerate(&cluster, problem.clone(), start)
        .unwrap();
    assert_eq!(part.layers, whole.layers[..=6]);
    // the states are 16 bytes, the records 24: a run without pruning refuses them
    let plain = Bfs::new().reversible(true).checkpoints(&dir);
    assert!(matches!(
        plain.enumerate(&cluster, problem.clone(), start),
        Err(Error::Checkpoint(_))
    ));
    let rest = bfs.enumerate(&cluster, problem.clone(), start).unwrap();
    assert_eq!(rest.resumed_from, Some(6));
    assert_eq!(rest.layers, whole.layers);
    assert_eq!(rest.stats.generated, whole.stats.generated);
    assert!(!dir.exists());
}
