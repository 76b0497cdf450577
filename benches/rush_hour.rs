//! Rush Hour benchmarks: algorithms and heuristics on the course boards and the hardest
//! known 6x6 board, and `heurist::bfs` against `pathfinding::bfs` on the identical model.
//!
//! The 12x12 board only with the fast non-optimal search (weighted A* with the relaxed-plan
//! estimate), with and without stubborn-set pruning. Successor generation alone on a 6x6,
//! a 9x9 and the 12x12 board.
//!
//! `bfs` runs on exactly the successors `pathfinding_bfs` gets, and is told that every
//! move can be undone (`Bfs::reversible(true)`) to keep only three levels in its duplicate
//! index; `bfs_all_levels` is the same search without it, and `bfs_arrival` is our BFS as
//! the example runs it: move pruning over every way into a state (`Bfs::move_pruning` with
//! the model's `MovePruning`: after any vehicle that reached a state, none of its moves, or
//! in steps not its step back), which leaves most successors ungenerated (our API passes
//! how a state was reached and takes reversibility; theirs cannot). `bare_bfs`, a
//! hand-written loop on the same successors with one hash set of all states, is the
//! reference for what such a search can reach on this model.
//!
//! `cargo bench --bench rush_hour`; the 9x9_5 board (several seconds a solve) only with
//! `RUSH_HOUR_BENCH_HEAVY=1`. IDA* is left out: Rush Hour's many transpositions make it
//! take seconds even on the easiest course board (see the example's `--algo idastar`).

use heurist_puzzles::rush_hour as model;

use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion};
use heurist::{AStar, Bfs, Problem, Successors, WeightedAStar};
use model::{Board, HeuristicKind, Metric, Packed, RushHeuristic, RushHour};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/rush_hour/");
const HARDEST: &str = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM";

fn course(name: &str) -> Board {
    let text = std::fs::read_to_string(format!("{DATA}{name}.csv")).unwrap();
    Board::parse_csv(&text, model::size_from_file_name(name).unwrap()).unwrap()
}

/// A* with move pruning, as the example runs it.
fn astar<const W: usize>(b: &Board, metric: Metric, kind: HeuristicKind) -> u32 {
    let p = RushHour::<W>::new(b, metric);
    let h = RushHeuristic::new(&p, kind);
    AStar::new()
        .move_pruning()
        .search(&p, RushHour::<W>::start(b), h)
        .cost()
        .unwrap()
}

/// A* with stubborn-set pruning (`--prune`) and move pruning.
fn astar_pruned<const W: usize>(b: &Board, metric: Metric, kind: HeuristicKind) -> u32 {
    let mut p = RushHour::<W>::new(b, metric);
    p.prune = true;
    let h = RushHeuristic::new(&p, kind);
    AStar::new()
        .move_pruning()
        .search(&p, RushHour::<W>::start(b), h)
        .cost()
        .unwrap()
}

/// Weighted A* (w = 2) with the relaxed-plan estimate: the fast non-optimal search.
fn wastar_relaxed<const W: usize>(b: &Board, prune: bool) -> u32 {
    let mut p = RushHour::<W>::new(b, Metric::Moves);
    p.prune = prune;
    let h = RushHeuristic::new(&p, HeuristicKind::Relaxed);
    WeightedAStar::new(2.0)
        .search(&p, RushHour::<W>::start(b), h)
        .cost()
        .unwrap()
}

/// Our BFS; without move pruning (`arrival` false) on exactly the successors that
/// [`pathfinding_bfs`] gets, else as the example runs it, with move pruning over every way
/// into a state. The space is declared reversible (every slide can be slid back), so BFS
/// keeps only the last three levels in its duplicate index.
fn bfs<const W: usize>(b: &Board, metric: Metric, arrival: bool) -> u32 {
    let p = RushHour::<W>::new(b, metric);
    let start = RushHour::<W>::start(b);
    let bfs = Bfs::new().reversible(true);
    let r = if arrival {
        bfs.move_pruning().search(&p, start)
    } else {
        bfs.search(&p, start)
    };
    r.cost().unwrap()
}

/// Our BFS on exactly the successors [`pathfinding_bfs`] gets, every level kept in the
/// duplicate index (what [`bfs`] does on a problem not declared reversible).
fn bfs_all_levels<const W: usize>(b: &Board, metric: Metric) -> u32 {
    let p = RushHour::<W>::new(b, metric);
    heurist::bfs(&p, RushHour::<W>::start(b)).cost().unwrap()
}

/// `pathfinding::bfs` on the same successor function (its API passes no action, so no
/// move pruning).
fn pathfinding_bfs<const W: usize>(b: &Board, metric: Metric) -> usize {
    let p = RushHour::<W>::new(b, metric);
    let mut buf = Successors::new();
    let path = pathfinding::prelude::bfs(
        &RushHour::<W>::start(b),
        |s| {
            p.successors(s, &mut buf);
            buf.drain().map(|x| x.state).collect::<Vec<_>>()
        },
        |s| p.is_goal(s),
    )
    .unwrap();
    path.len() - 1
}

/// The reference for how fast any breadth-first search over a hash set can be on this
/// model: a bare loop on the same successors, with the nodes in a `Vec`, a hashbrown set of
/// the states themselves and a one-multiply hash, and nothing else (no statistics, limits,
/// cost tracking or move pruning). Not a library feature; it shows how much of `bfs`'s time
/// the successor function and the hash set leave to the search itself.
fn bare_bfs<const W: usize>(b: &Board, metric: Metric) -> usize {
    fn hash<const W: usize>(s: &Packed<W>) -> u64 {
        s.0.iter().fold(0, |h, &w| {
            let m = u128::from(h ^ w) * 0xf135_7aea_2e62_a9c5;
            (m as u64) ^ ((m >> 64) as u64)
        })
    }
    let p = RushHour::<W>::new(b, metric);
    let start = RushHour::<W>::start(b);
    let mut seen = hashbrown::HashTable::with_capacity(1792);
    seen.insert_unique(hash(&start), start, hash);
    let mut nodes = vec![(start, usize::MAX)]; // state, parent
    let mut buf = Successors::new();
    let mut next = 0;
    while next < nodes.len() {
        p.successors(&nodes[next].0, &mut buf);
        for x in buf.drain() {
            let h = hash(&x.state);
            if seen.find(h, |s| *s == x.state).is_none() {
                seen.insert_unique(h, x.state, hash);
                nodes.push((x.state, next));
                if p.is_goal(&x.state) {
                    let (mut len, mut at) = (0, next);
                    while at != usize::MAX {
                        (len, at) = (len + 1, nodes[at].1);
                    }
                    return len;
                }
            }
        }
        next += 1;
    }
    panic!("unsolvable course board")
}

fn small_boards(c: &mut Criterion) {
    let mut g = c.benchmark_group("rush_hour_6x6");
    g.sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    let mut boards: Vec<(String, Board)> = ["Rushhour6x6_1", "Rushhour6x6_2", "Rushhour6x6_3"]
        .iter()
        .map(|n| (n.to_string(), course(n)))
        .collect();
    boards.push(("hardest60".into(), Board::parse_compact(HARDEST).unwrap()));
    for (name, b) in &boards {
        for (mname, metric) in [("moves", Metric::Moves), ("steps", Metric::Steps)] {
            let id = format!("{name}/{mname}");
            g.bench_function(BenchmarkId::new("astar_blocked", &id), |x| {
                x.iter(|| astar::<1>(b, metric, HeuristicKind::Blocked))
            });
            g.bench_function(BenchmarkId::new("astar_blockers", &id), |x| {
                x.iter(|| astar::<1>(b, metric, HeuristicKind::Blockers))
            });
            g.bench_function(BenchmarkId::new("bfs", &id), |x| {
                x.iter(|| bfs::<1>(b, metric, false))
            });
            g.bench_function(BenchmarkId::new("bfs_arrival", &id), |x| {
                x.iter(|| bfs::<1>(b, metric, true))
            });
            g.bench_function(BenchmarkId::new("bfs_all_levels", &id), |x| {
                x.iter(|| bfs_all_levels::<1>(b, metric))
            });
            g.bench_function(BenchmarkId::new("pathfinding_bfs", &id), |x| {
                x.iter(|| pathfinding_bfs::<1>(b, metric))
            });
            assert_eq!(
                bare_bfs::<1>(b, metric),
                bfs::<1>(b, metric, false) as usize
            );
            g.bench_function(BenchmarkId::new("bare_bfs", &id), |x| {
                x.iter(|| bare_bfs::<1>(b, metric))
            });
        }
    }
    g.finish();
}

fn big_boards(c: &mut Criterion) {
    let mut g = c.benchmark_group("rush_hour_9x9");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_secs(5));
    let mut names = vec!["Rushhour9x9_4", "Rushhour9x9_6"];
    if std::env::var_os("RUSH_HOUR_BENCH_HEAVY").is_some() {
        names.push("Rushhour9x9_5");
    }
    for name in names {
        let b = course(name);
        for (mname, metric) in [("moves", Metric::Moves), ("steps", Metric::Steps)] {
            let id = format!("{name}/{mname}");
            g.bench_function(BenchmarkId::new("astar_blocked", &id), |x| {
                x.iter(|| astar::<2>(&b, metric, HeuristicKind::Blocked))
            });
            g.bench_function(BenchmarkId::new("astar_blockers", &id), |x| {
                x.iter(|| astar::<2>(&b, metric, HeuristicKind::Blockers))
            });
            g.bench_function(BenchmarkId::new("astar_blocked_pruned", &id), |x| {
                x.iter(|| astar_pruned::<2>(&b, metric, HeuristicKind::Blocked))
            });
            if metric == Metric::Moves {
                g.bench_function(BenchmarkId::new("astar_deep_pruned", &id), |x| {
                    x.iter(|| astar_pruned::<2>(&b, metric, HeuristicKind::Deep))
                });
            }
            if name == "Rushhour9x9_4" {
                g.bench_function(BenchmarkId::new("bfs", &id), |x| {
                    x.iter(|| bfs::<2>(&b, metric, false))
                });
                g.bench_function(BenchmarkId::new("bfs_arrival", &id), |x| {
                    x.iter(|| bfs::<2>(&b, metric, true))
                });
                g.bench_function(BenchmarkId::new("bfs_all_levels", &id), |x| {
                    x.iter(|| bfs_all_levels::<2>(&b, metric))
                });
                g.bench_function(BenchmarkId::new("pathfinding_bfs", &id), |x| {
                    x.iter(|| pathfinding_bfs::<2>(&b, metric))
                });
                assert_eq!(
                    bare_bfs::<2>(&b, metric),
                    bfs::<2>(&b, metric, false) as usize
                );
                g.bench_function(BenchmarkId::new("bare_bfs", &id), |x| {
                    x.iter(|| bare_bfs::<2>(&b, metric))
                });
            }
        }
    }
    g.finish();
}

/// The 12x12 course board: the fast non-optimal search, with and without pruning.
fn huge_board(c: &mut Criterion) {
    let mut g = c.benchmark_group("rush_hour_12x12");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_secs(10));
    let b = course("Rushhour12x12_7");
    g.bench_function("wastar2_relaxed_pruned/moves", |x| {
        x.iter(|| wastar_relaxed::<3>(&b, true))
    });
    g.bench_function("wastar2_relaxed/moves", |x| {
        x.iter(|| wastar_relaxed::<3>(&b, false))
    });
    g.finish();
}

/// The first `limit` states a breadth-first search of `b` reaches (all moves metric).
fn bfs_states<const W: usize>(b: &Board, limit: usize) -> Vec<Packed<W>> {
    let p = RushHour::<W>::new(b, Metric::Moves);
    let start = RushHour::<W>::start(b);
    let mut seen = std::collections::HashSet::from([start]);
    let mut states = vec![start];
    let mut buf = Successors::new();
    let mut next = 0;
    while next < states.len() && states.len() < limit {
        p.successors(&states[next], &mut buf);
        for x in buf.drain() {
            if states.len() < limit && seen.insert(x.state) {
                states.push(x.state);
            }
        }
        next += 1;
    }
    states
}

/// Successor generation alone: all successors of the first 100 000 states a BFS reaches
/// (all of them on the 6x6 board) on a 6x6, a 9x9 and the 12x12 course board, in both
/// metrics.
fn successor_generation(c: &mut Criterion) {
    fn bench<const W: usize>(g: &mut BenchmarkGroup<'_, WallTime>, name: &str) {
        let b = course(&format!("Rushhour{name}"));
        let states = bfs_states::<W>(&b, 100_000);
        for (mname, metric) in [("moves", Metric::Moves), ("steps", Metric::Steps)] {
            let p = RushHour::<W>::new(&b, metric);
            let mut buf = Successors::new();
            g.bench_function(format!("{name}/{mname}"), |x| {
                x.iter(|| {
                    let mut count = 0;
                    for s in &states {
                        p.successors(s, &mut buf);
                        count += buf.len();
                        buf.clear();
                    }
                    count
                })
            });
        }
    }
    let mut g = c.benchmark_group("rush_hour_successors");
    g.sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    bench::<1>(&mut g, "6x6_3");
    bench::<2>(&mut g, "9x9_4");
    bench::<3>(&mut g, "12x12_7");
    g.finish();
}

criterion_group!(
    benches,
    small_boards,
    big_boards,
    huge_board,
    successor_generation
);
criterion_main!(benches);
