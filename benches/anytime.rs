//! Anytime A* against A*, the closest engine: the time to a proven optimum, and the time to
//! the first solution, on the Rush Hour course board 9x9_4 (moves, move pruning, the
//! admissible `blocked` estimate; anytime also guided by the inadmissible relaxed plan)
//! and on three of Korf's 15-puzzle instances (Manhattan distance). `anytime_w1` starts
//! at weight 1: A* on the anytime engine, which shows the engine's own overhead.
//!
//! `cargo bench --bench anytime`

use heurist_puzzles::rush_hour as rush;

use heurist_puzzles::fifteen;

use std::time::Duration;

use criterion::{black_box, criterion_group, criterion_main, Criterion, SamplingMode};
use heurist::{AStar, AnytimeAStar};
use rush::{Board, HeuristicKind, Metric, RushHeuristic, RushHour};

const WEIGHT: f64 = 2.0;

fn course(name: &str) -> Board {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/rush_hour/");
    let text = std::fs::read_to_string(format!("{dir}{name}.csv")).unwrap();
    Board::parse_csv(&text, rush::size_from_file_name(name).unwrap()).unwrap()
}

fn rush_hour(c: &mut Criterion) {
    let b = course("Rushhour9x9_4");
    let p = RushHour::<2>::new(&b, Metric::Moves);
    let start = RushHour::<2>::start(&b);
    let blocked = || RushHeuristic::new(&p, HeuristicKind::Blocked);
    let relaxed = || RushHeuristic::new(&p, HeuristicKind::Relaxed);
    let astar = || {
        let r = AStar::new().move_pruning().search(&p, start, blocked());
        r.cost().unwrap()
    };
    let anytime = || AnytimeAStar::new(WEIGHT).move_pruning();
    let to_optimum = || {
        let r = anytime().search(&p, start, blocked());
        assert!(r.is_optimal());
        r.cost().unwrap()
    };
    let guided_to_optimum = || {
        let r = anytime()
            .iter_guided(&p, start, blocked(), relaxed())
            .into_result();
        assert!(r.is_optimal());
        r.cost().unwrap()
    };
    // weight 1 from the start: A* on the anytime engine (its overhead over A*)
    let weight_one = || {
        let r = AnytimeAStar::new(1.0)
            .move_pruning()
            .search(&p, start, blocked());
        r.cost().unwrap()
    };
    let first = || anytime().iter(&p, start, blocked()).next().unwrap().cost();
    let guided_first = || {
        let mut run = anytime().iter_guided(&p, start, blocked(), relaxed());
        run.next().unwrap().cost()
    };
    let opt = astar();
    assert_eq!((to_optimum(), guided_to_optimum()), (opt, opt));
    assert_eq!(weight_one(), opt);
    eprintln!(
        "9x9_4: optimum {opt}; first solutions {} (blocked), {} (relaxed guide)",
        first(),
        guided_first()
    );

    let mut g = c.benchmark_group("anytime_rush_hour_9x9_4");
    g.sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    g.bench_function("astar", |x| x.iter(astar));
    g.bench_function("anytime_w1", |x| x.iter(weight_one));
    g.bench_function("anytime_to_optimum", |x| x.iter(to_optimum));
    g.bench_function("anytime_guided_to_optimum", |x| x.iter(guided_to_optimum));
    g.bench_function("anytime_first", |x| x.iter(first));
    g.bench_function("anytime_guided_first", |x| x.iter(guided_first));
    g.finish();
}

/// Three of the eight easiest of Korf's 100 instances (see `benches/algorithms.rs`).
const KORF: [u32; 3] = [94, 55, 12];

fn fifteen(c: &mut Criterion) {
    let (p, starts) = fifteen::korf_instances(&KORF);
    let md = || fifteen::Manhattan(&p);
    let astar = |s| AStar::new().search(&p, s, md()).cost().unwrap();
    let to_optimum = |s| {
        let r = AnytimeAStar::new(WEIGHT).search(&p, s, md());
        assert!(r.is_optimal());
        r.cost().unwrap()
    };
    let weight_one = |s| AnytimeAStar::new(1.0).search(&p, s, md()).cost().unwrap();
    let first = |s| {
        let mut run = AnytimeAStar::new(WEIGHT).iter(&p, s, md());
        run.next().unwrap().cost()
    };
    for &(s, opt) in &starts {
        assert_eq!((astar(s), to_optimum(s), weight_one(s)), (opt, opt, opt));
        eprintln!("15-puzzle: optimum {opt}, first solution {}", first(s));
    }
    let all = |f: &dyn Fn(fifteen::Tiles) -> u32| {
        starts.iter().map(|&(s, _)| f(black_box(s))).sum::<u32>()
    };

    let mut g = c.benchmark_group("anytime_fifteen_korf3");
    g.sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    g.bench_function("astar", |x| x.iter(|| all(&astar)));
    g.bench_function("anytime_w1", |x| x.iter(|| all(&weight_one)));
    g.bench_function("anytime_to_optimum", |x| x.iter(|| all(&to_optimum)));
    g.bench_function("anytime_first", |x| x.iter(|| all(&first)));
    g.finish();
}

criterion_group!(benches, rush_hour, fifteen);
criterion_main!(benches);
