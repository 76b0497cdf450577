//! Parallel breadth-first search (`Bfs::search_parallel`) against the serial `Bfs`, on
//! Rush Hour boards: the serial search, then the parallel one on one thread (its overhead
//! over the serial engine) and on two (its speedup), each as the example would run it
//! (reversible, with and without move pruning).
//!
//! A\* on several threads likewise against the serial A\*, with the example's estimate and
//! move pruning: hash-distributed (`AStar::search_parallel`) and in batched rounds
//! (`AStar::search_parallel_batched`).
//!
//! `cargo bench --bench parallel`; the 9x9_5 board (about 14 M states, seconds a search)
//! only with `RUSH_HOUR_BENCH_HEAVY=1`.

use heurist_puzzles::rush_hour as model;

use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use heurist::{AStar, Bfs};
use model::{Board, HeuristicKind, Metric, RushHeuristic, RushHour};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/rush_hour/");

fn course(name: &str) -> Board {
    let text = std::fs::read_to_string(format!("{DATA}{name}.csv")).unwrap();
    Board::parse_csv(&text, model::size_from_file_name(name).unwrap()).unwrap()
}

/// The fewest moves on `b`, by the serial search (`threads` 0) or on `threads` threads.
fn bfs(b: &Board, threads: usize, pruning: bool) -> u32 {
    let p = RushHour::<2>::new(b, Metric::Moves);
    let start = RushHour::<2>::start(b);
    let bfs = Bfs::new().reversible(true);
    let r = match (threads, pruning) {
        (0, false) => bfs.search(&p, start),
        (0, true) => bfs.move_pruning().search(&p, start),
        (n, false) => bfs.search_parallel(n, &p, start),
        (n, true) => bfs.move_pruning().search_parallel(n, &p, start),
    };
    r.cost().unwrap()
}

fn parallel_bfs(c: &mut Criterion) {
    let mut g = c.benchmark_group("parallel_bfs");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_secs(5));
    let mut names = vec!["Rushhour9x9_4"];
    if std::env::var_os("RUSH_HOUR_BENCH_HEAVY").is_some() {
        names.push("Rushhour9x9_5");
    }
    for name in names {
        let b = course(name);
        for pruning in [false, true] {
            let id = format!("{name}/{}", if pruning { "pruned" } else { "all" });
            for (label, threads) in [("serial", 0), ("threads-1", 1), ("threads-2", 2)] {
                g.bench_function(BenchmarkId::new(label, &id), |x| {
                    x.iter(|| bfs(&b, threads, pruning))
                });
            }
        }
    }
    g.finish();
}

/// The fewest moves on `b` by A\* with the `blocked` estimate and move pruning, as the
/// example runs it: serial (`threads` 0), or on `threads` threads hash-distributed or in
/// batched rounds (`batched`).
fn astar(b: &Board, threads: usize, batched: bool) -> u32 {
    let p = RushHour::<2>::new(b, Metric::Moves);
    let h = RushHeuristic::new(&p, HeuristicKind::Blocked);
    let start = RushHour::<2>::start(b);
    let astar = AStar::new().move_pruning();
    let r = match (threads, batched) {
        (0, _) => astar.search(&p, start, h),
        (n, false) => astar.search_parallel(n, &p, start, h),
        (n, true) => astar.search_parallel_batched(n, &p, start, h),
    };
    r.cost().unwrap()
}

fn parallel_astar(c: &mut Criterion) {
    let mut g = c.benchmark_group("parallel_astar");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_secs(5));
    let mut names = vec!["Rushhour9x9_4", "Rushhour9x9_6"];
    if std::env::var_os("RUSH_HOUR_BENCH_HEAVY").is_some() {
        names.push("Rushhour9x9_5");
    }
    for name in names {
        let b = course(name);
        let runs = [
            ("serial", 0, false),
            ("distributed-1", 1, false),
            ("distributed-2", 2, false),
            ("batched-1", 1, true),
            ("batched-2", 2, true),
        ];
        for (label, threads, batched) in runs {
            g.bench_function(BenchmarkId::new(label, name), |x| {
                x.iter(|| astar(&b, threads, batched))
            });
        }
    }
    g.finish();
}

criterion_group!(benches, parallel_bfs, parallel_astar);
criterion_main!(benches);
