//! Fringe search against A*, IDA* and `pathfinding`'s fringe search, and beam search
//! against weighted A* and greedy best-first search, on identical domain code:
//!
//! * the 15-puzzle (the `fifteen` example's model and incremental Manhattan distance) on
//!   four of Korf's 100 instances, the ones that IDA* with the Manhattan distance solves
//!   with the fewest expansions (`pathfinding`'s fringe search on one of them);
//! * the 1000x1000 grid maze of the `algorithms` bench (Manhattan distance).
//!
//! The setup asserts that every optimal search finds the known optimal cost, and prints
//! each search's counts once; for the beams, weighted A* and greedy it prints the solution
//! lengths (outside the timing: they are not optimal, and the lengths are half the story).
//!
//! Run: `cargo bench --bench beam_fringe` (flat sampling, 10 samples); one group:
//! `cargo bench --bench beam_fringe -- fringe-fifteen`.

use heurist_puzzles::fifteen as model;

#[path = "maze/mod.rs"]
mod maze;

use std::time::{Duration, Instant};

use criterion::{black_box, criterion_group, criterion_main, BenchmarkGroup, Criterion};
use criterion::{measurement::WallTime, SamplingMode};
use heurist::{AStar, Beam, CycleCheck, Fringe, Greedy, Heuristic, IdaStar, WeightedAStar};
use heurist::{Problem, SearchResult, Successors};
use maze::Maze;
use pathfinding::prelude as pf;

/// Four of Korf's 100 instances that IDA* with the Manhattan distance solves with the
/// fewest expansions (the first four of the `algorithms` bench's eight).
const KORF_EASY: [u32; 4] = [94, 55, 12, 79];

/// The instance on which `pathfinding`'s fringe search is timed: its lists are
/// `VecDeque`s searched linearly for every improved state, which on the other three takes
/// 5 to 40 seconds a run.
const KORF_PF: u32 = 12;

/// The beam widths timed.
const WIDTHS: [usize; 3] = [100, 1000, 10_000];

type Tiles = model::Tiles;
type Outcome15 = SearchResult<Tiles, model::Move, u32>;

/// The model's successors as a vector, for `pathfinding`.
fn tile_moves(p: &model::Puzzle, s: &Tiles) -> Vec<(Tiles, u32)> {
    let mut out = Successors::new();
    p.successors(s, &mut out);
    out.iter().map(|c| (c.state, c.cost)).collect()
}

fn fifteen_fringe(p: &model::Puzzle, s: Tiles) -> Outcome15 {
    Fringe::new().search(p, s, model::Manhattan(p))
}
fn fifteen_astar(p: &model::Puzzle, s: Tiles) -> Outcome15 {
    AStar::new().search(p, s, model::Manhattan(p))
}
fn fifteen_idastar(p: &model::Puzzle, s: Tiles) -> Outcome15 {
    let config = IdaStar::new().cycle_check(CycleCheck::Parent);
    config.search(p, s, model::Manhattan(p))
}
fn fifteen_pf_fringe(p: &model::Puzzle, s: Tiles) -> u32 {
    let (goal, md) = (p.goal(), |s: &Tiles| model::Manhattan(p).estimate(s));
    pf::fringe(&s, |x| tile_moves(p, x), md, |x| *x == goal)
        .unwrap()
        .1
}
/// Beam search by `g + h`. (Ranking by `h` alone is the same here: with unit steps every
/// state of a layer has the same `g`.)
fn fifteen_beam(p: &model::Puzzle, s: Tiles, width: usize) -> Outcome15 {
    Beam::new(width).search(p, s, model::Manhattan(p))
}
fn fifteen_weighted(p: &model::Puzzle, s: Tiles, w: f64) -> Outcome15 {
    WeightedAStar::new(w).search(p, s, model::Manhattan(p))
}
fn fifteen_greedy(p: &model::Puzzle, s: Tiles) -> Outcome15 {
    Greedy::new().search(p, s, model::Manhattan(p))
}

fn maze_fringe(m: &Maze) -> u32 {
    let h = |s: &u32| m.manhattan(*s);
    Fringe::new().search(m, 0, h).cost().unwrap()
}
fn maze_astar(m: &Maze) -> u32 {
    heurist::astar(m, 0, |s: &u32| m.manhattan(*s))
        .cost()
        .unwrap()
}
fn maze_pf_fringe(m: &Maze) -> u32 {
    pf::fringe(
        &0u32,
        |&s| m.neighbours(s),
        |&s| m.manhattan(s),
        |&s| s == m.goal,
    )
    .unwrap()
    .1
}

/// A criterion group of 10 flat samples with the given measurement time.
fn group<'c>(c: &'c mut Criterion, name: &str, secs: u64) -> BenchmarkGroup<'c, WallTime> {
    let mut g = c.benchmark_group(name);
    g.sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(secs));
    g
}

/// Runs `f` once and prints how long it took with `what`.
fn once<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let t = Instant::now();
    let x = f();
    eprintln!("  {what}: {:.3?}", t.elapsed());
    x
}

fn fifteen(c: &mut Criterion) {
    let (p, korf) = model::korf_instances(&KORF_EASY);
    let mut starts = Vec::new();
    for (number, (s, cost)) in KORF_EASY.into_iter().zip(korf) {
        eprintln!("korf {number}: {cost} moves");
        for (name, r) in [
            ("fringe", fifteen_fringe(&p, s)),
            ("A*", fifteen_astar(&p, s)),
            ("IDA*", fifteen_idastar(&p, s)),
        ] {
            assert_eq!(r.cost(), Some(cost), "{name}");
            eprintln!("  {name}: {}", r.stats);
        }
        if number == KORF_PF {
            let pf_cost = once("pathfinding fringe, one run", || fifteen_pf_fringe(&p, s));
            assert_eq!(pf_cost, cost);
        }
        for width in WIDTHS {
            let r = fifteen_beam(&p, s, width);
            let len = r.solution().map_or("none".into(), |s| s.len().to_string());
            eprintln!("  beam {width}: length {len}; {}", r.stats);
        }
        for w in [2.0, 3.0] {
            let r = fifteen_weighted(&p, s, w);
            let len = r.solution().unwrap().len();
            eprintln!("  weighted A* {w}: length {len}; {}", r.stats);
        }
        let r = fifteen_greedy(&p, s);
        let len = r.solution().unwrap().len();
        eprintln!("  greedy: length {len}; {}", r.stats);
        starts.push(s);
    }
    let all = |f: &dyn Fn(Tiles) -> u32| starts.iter().map(|&s| f(black_box(s))).sum::<u32>();
    let len = |r: Outcome15| r.solution().map_or(0, |s| s.len() as u32);

    let mut g = group(c, "fringe-fifteen-korf4", 5);
    g.bench_function("fringe/heurist", |b| {
        b.iter(|| all(&|s| len(fifteen_fringe(&p, s))))
    });
    g.bench_function("astar/heurist", |b| {
        b.iter(|| all(&|s| len(fifteen_astar(&p, s))))
    });
    g.bench_function("idastar/heurist-parent", |b| {
        b.iter(|| all(&|s| len(fifteen_idastar(&p, s))))
    });
    g.finish();

    let one = starts[KORF_EASY.iter().position(|&n| n == KORF_PF).unwrap()];
    let mut g = group(c, format!("fringe-fifteen-korf{KORF_PF}").as_str(), 5);
    g.bench_function("fringe/heurist", |b| {
        b.iter(|| len(fifteen_fringe(&p, black_box(one))))
    });
    g.bench_function("fringe/pathfinding", |b| {
        b.iter(|| fifteen_pf_fringe(&p, black_box(one)))
    });
    g.bench_function("astar/heurist", |b| {
        b.iter(|| len(fifteen_astar(&p, black_box(one))))
    });
    g.bench_function("idastar/heurist-parent", |b| {
        b.iter(|| len(fifteen_idastar(&p, black_box(one))))
    });
    g.finish();

    let mut g = group(c, "beam-fifteen-korf4", 3);
    for width in WIDTHS {
        g.bench_function(format!("beam-{width}/heurist"), |b| {
            b.iter(|| all(&|s| len(fifteen_beam(&p, s, width))))
        });
    }
    for w in [2.0, 3.0] {
        g.bench_function(format!("weighted-astar-{w}/heurist"), |b| {
            b.iter(|| all(&|s| len(fifteen_weighted(&p, s, w))))
        });
    }
    g.bench_function("greedy/heurist", |b| {
        b.iter(|| all(&|s| len(fifteen_greedy(&p, s))))
    });
    g.finish();
}

fn grid(c: &mut Criterion) {
    let m = Maze::random(1000, 1000, 0.28, 42);
    let cost = maze_astar(&m);
    eprintln!("maze 1000x1000: shortest path {cost} steps");
    assert_eq!(once("heurist fringe, one run", || maze_fringe(&m)), cost);
    let h = |s: &u32| m.manhattan(*s);
    eprintln!("  fringe: {}", Fringe::new().search(&m, 0, h).stats);
    eprintln!("  A*: {}", AStar::new().search(&m, 0, h).stats);
    assert_eq!(
        once("pathfinding fringe, one run", || maze_pf_fringe(&m)),
        cost
    );

    let mut g = group(c, "fringe-maze1000", 3);
    g.bench_function("fringe/heurist", |b| b.iter(|| maze_fringe(black_box(&m))));
    g.bench_function("fringe/pathfinding", |b| {
        b.iter(|| maze_pf_fringe(black_box(&m)))
    });
    g.bench_function("astar/heurist", |b| b.iter(|| maze_astar(black_box(&m))));
    g.finish();
}

criterion_group!(benches, fifteen, grid);
criterion_main!(benches);
