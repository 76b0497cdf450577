//! The sliding-tile example's benchmarks.
//!
//! * The four heuristics (misplaced tiles, Manhattan, Manhattan + linear conflicts, additive
//!   3-6-6 pattern databases) with `heurist`'s A* and IDA* on the same fixed 15-puzzle
//!   instances (seeded random walks from the goal, easy enough for misplaced tiles); the
//!   nodes expanded are printed once before timing.
//! * The same IDA* searches with a minimal hand-written IDA* (`handwritten-idastar`).
//! * The database sets: 3-6-6 indexed by the blank too, with and without the reflected
//!   lookup (`PdbHeuristic::with_reflection`), and the default 7-8, projected, reflected
//!   (`pdb78-reflected`): the lookups (`estimate` on 4,096 random states, `estimate_child`
//!   on their successors) and IDA* on the eight of Korf's 100 instances that IDA* with the
//!   Manhattan distance solves with the fewest expansions.
//! * IDA* on one thread against `search_parallel` on two, on the same instances with the
//!   reflected databases (`fifteen/parallel`).
//!
//! `heurist` against `pathfinding` and the bare loops on the 15-puzzle is in the
//! `algorithms` bench.
//!
//! The pattern databases are loaded from the cache (`$HEURIST_CACHE_DIR`, else
//! `target/heurist-pdb-cache`), built there first if missing (a few minutes for the 7-8
//! set).
//!
//! Run: `cargo bench --bench fifteen -- --warm-up-time 1 --measurement-time 3`

use heurist_puzzles::fifteen as model;

#[allow(dead_code)]
#[path = "bare/mod.rs"]
mod bare;

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use heurist::pdb::BuildLimits;
use heurist::{AStar, CycleCheck, Heuristic, IdaStar};
use model::*;
use rand::SeedableRng;

/// Fixed instances: random walks of 28 moves from the standard goal (seeded `ChaCha8Rng`,
/// the same on every platform), optimal 22..=28 moves: easy enough for misplaced tiles.
fn instances(p: &Puzzle) -> Vec<Tiles> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(15);
    (0..4).map(|_| p.scramble(28, &mut rng)).collect()
}

fn ida<H: Heuristic<Puzzle>>(
    p: &Puzzle,
    s: Tiles,
    h: H,
) -> heurist::SearchResult<Tiles, Move, u32> {
    IdaStar::new()
        .cycle_check(CycleCheck::Parent)
        .search(p, s, h)
}

/// A* with any heuristic (the quick `heurist::astar` takes closures only).
fn astar<H: Heuristic<Puzzle>>(
    p: &Puzzle,
    s: Tiles,
    h: H,
) -> heurist::SearchResult<Tiles, Move, u32> {
    AStar::new().search(p, s, h)
}

fn heuristics(c: &mut Criterion) {
    let p = Puzzle::new(4, 4, &Puzzle::default_goal(16)).unwrap();
    let starts = instances(&p);
    let (pdb, _) = PdbHeuristic::cached(
        &p,
        &partition_366(&p).expect("a 4x4 board"),
        true,
        &default_cache_dir(),
        &BuildLimits::new(),
        |_, _| {},
    )
    .expect("pattern database cache");
    let costs: Vec<u32> = starts
        .iter()
        .map(|&s| ida(&p, s, &pdb).cost().unwrap())
        .collect();
    println!("instances: optimal costs {costs:?}");
    println!(
        "{:<16} {:>14} {:>14}",
        "heuristic", "A* expanded", "IDA* expanded"
    );
    let report = |name: &str, a: Vec<(Option<u32>, u64)>, i: Vec<(Option<u32>, u64)>| {
        for ((x, _), (y, _)) in a.iter().zip(&i) {
            assert_eq!(x, y);
        }
        let sum = |v: &[(Option<u32>, u64)]| v.iter().map(|r| r.1).sum::<u64>();
        println!("{name:<16} {:>14} {:>14}", sum(&a), sum(&i));
    };
    let run_a =
        |h: &dyn Fn(Tiles) -> (Option<u32>, u64)| starts.iter().map(|&s| h(s)).collect::<Vec<_>>();
    macro_rules! both {
        ($name:expr, $h:expr) => {{
            let a = run_a(&|s| {
                let r = astar(&p, s, $h);
                (r.cost(), r.stats.expanded)
            });
            let i = run_a(&|s| {
                let r = ida(&p, s, $h);
                (r.cost(), r.stats.expanded)
            });
            report($name, a, i);
        }};
    }
    both!("misplaced", Misplaced(&p));
    both!("manhattan", Manhattan(&p));
    both!("linear-conflict", LinearConflict(&p));
    both!("pdb 6-6-3", &pdb);

    let mut g = c.benchmark_group("fifteen/heuristics");
    g.sample_size(10);
    macro_rules! bench {
        ($name:expr, $h:expr) => {{
            g.bench_function(concat!("astar/", $name), |b| {
                b.iter(|| {
                    starts
                        .iter()
                        .map(|&s| astar(&p, s, $h).stats.expanded)
                        .sum::<u64>()
                })
            });
            g.bench_function(concat!("idastar/", $name), |b| {
                b.iter(|| {
                    starts
                        .iter()
                        .map(|&s| ida(&p, s, $h).stats.expanded)
                        .sum::<u64>()
                })
            });
        }};
    }
    bench!("misplaced", Misplaced(&p));
    bench!("manhattan", Manhattan(&p));
    bench!("linear-conflict", LinearConflict(&p));
    bench!("pdb", &pdb);
    // The same searches with a hand-written IDA*, to measure the library loop's overhead.
    for (&s, &cost) in starts.iter().zip(&costs) {
        assert_eq!(bare::idastar(&p, s, &&pdb).0, cost);
    }
    g.bench_function("handwritten-idastar/manhattan", |b| {
        b.iter(|| {
            starts
                .iter()
                .map(|&s| bare::idastar(&p, s, &Manhattan(&p)).1)
                .sum::<u64>()
        })
    });
    g.bench_function("handwritten-idastar/pdb", |b| {
        b.iter(|| {
            starts
                .iter()
                .map(|&s| bare::idastar(&p, s, &&pdb).1)
                .sum::<u64>()
        })
    });
    g.finish();
}

/// The eight of Korf's 100 instances that IDA* with the Manhattan distance solves with the
/// fewest expansions (as in the `algorithms` bench).
const KORF_EASIEST: [u32; 8] = [94, 55, 12, 79, 42, 47, 97, 9];

fn databases(c: &mut Criterion) {
    let p = Puzzle::new(4, 4, &Puzzle::default_goal(16)).unwrap();
    let cached = |patterns: &[Vec<u8>], with_blank| {
        let limits = BuildLimits::new();
        let dir = default_cache_dir();
        PdbHeuristic::cached(&p, patterns, with_blank, &dir, &limits, |_, _| {})
            .expect("pattern database cache")
            .0
    };
    let mirror = Reflection::of(&p).expect("a symmetric goal");
    let six = partition_366(&p).expect("a 4x4 board");
    let plain = cached(&six, true);
    let reflected = cached(&six, true).with_reflection(mirror.clone());
    let seven_eight = cached(&default_partition(&p), false).with_reflection(mirror);
    let sets = [
        ("pdb", &plain),
        ("pdb-reflected", &reflected),
        ("pdb78-reflected", &seven_eight),
    ];
    // on the same puzzle as `p`
    let (_, starts) = korf_instances(&KORF_EASIEST);
    for (name, h) in sets {
        let mut expanded = 0;
        for &(s, cost) in &starts {
            let r = ida(&p, s, h);
            assert_eq!(r.cost(), Some(cost));
            expanded += r.stats.expanded;
        }
        println!("korf 8, IDA* expanded with {name}: {expanded}");
    }

    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let states: Vec<Tiles> = (0..4096).map(|_| p.scramble(200, &mut rng)).collect();
    let mut g = c.benchmark_group("fifteen/pdb");
    g.sample_size(10);
    for (name, h) in sets {
        g.bench_function(format!("estimate/{name}"), |b| {
            b.iter(|| states.iter().map(|s| h.estimate(s)).sum::<u32>())
        });
        g.bench_function(format!("estimate-child/{name}"), |b| {
            let mut out = heurist::Successors::new();
            b.iter(|| {
                let mut sum = 0;
                for s in &states {
                    let hs = h.estimate(s);
                    out.clear();
                    heurist::Problem::successors(&p, s, &mut out);
                    for c in out.iter() {
                        sum += h.estimate_child(s, hs, &c.action, &c.state);
                    }
                }
                sum
            })
        });
        g.bench_function(format!("idastar-korf8/{name}"), |b| {
            b.iter(|| {
                starts
                    .iter()
                    .map(|&(s, _)| ida(&p, s, h).stats.expanded)
                    .sum::<u64>()
            })
        });
    }
    g.finish();

    let config = IdaStar::new().cycle_check(CycleCheck::Parent);
    for &(s, cost) in &starts {
        let r = config.search_parallel(2, &p, s, &reflected);
        assert_eq!(r.solution(), ida(&p, s, &reflected).solution());
        assert_eq!(r.cost(), Some(cost));
    }
    let mut g = c.benchmark_group("fifteen/parallel");
    g.sample_size(10);
    for threads in [1, 2] {
        g.bench_function(format!("idastar-korf8/threads-{threads}"), |b| {
            b.iter(|| {
                starts
                    .iter()
                    .map(|&(s, _)| {
                        let r = match threads {
                            1 => config.search(&p, s, &reflected),
                            n => config.search_parallel(n, &p, s, &reflected),
                        };
                        r.stats.expanded
                    })
                    .sum::<u64>()
            })
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    targets = heuristics, databases
}
criterion_main!(benches);
