//! The sliding-tile example's benchmarks.
//!
//! * The four heuristics (misplaced tiles, Manhattan, Manhattan + linear conflicts, additive
//!   6-6-3 pattern databases) with `heurist`'s A* and IDA* on the same fixed 15-puzzle
//!   instances (seeded random walks from the goal, easy enough for misplaced tiles); the
//!   nodes expanded are printed once before timing.
//! * `heurist`'s A* and IDA* against `pathfinding`'s `astar` and `idastar` on the identical
//!   model (same successor function, same Manhattan heuristic), and beside them minimal
//!   hand-written A* and IDA* loops (`bare-astar`, `bare-idastar`) on the same model: the
//!   ceiling both crates are measured against.
//!
//! The pattern databases are loaded from the cache (`$HEURIST_CACHE_DIR`, else
//! `target/heurist-pdb-cache`), built there first if missing (about a minute).
//!
//! Run: `cargo bench --bench fifteen -- --warm-up-time 1 --measurement-time 3`

#[allow(dead_code)]
#[path = "../examples/fifteen/model/mod.rs"]
mod model;

#[allow(dead_code)]
#[path = "bare/mod.rs"]
mod bare;

use std::time::Duration;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use heurist::{AStar, CycleCheck, Heuristic, IdaStar, Problem, Successors};
use model::*;
use pathfinding::prelude as pf;
use rand::SeedableRng;
use smallvec::SmallVec;

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

/// The model's successors as a vector, for `pathfinding`.
fn neighbours(p: &Puzzle, s: &Tiles) -> Vec<(Tiles, u32)> {
    let mut out = Successors::new();
    p.successors(s, &mut out);
    out.iter().map(|c| (c.state, c.cost)).collect()
}

/// Bare A* (see `bare`) with the incremental Manhattan distance, on the model's successor
/// function: the ceiling of `heurist-astar` and `pathfinding-astar`. Returns the cost.
fn bare_astar(p: &Puzzle, start: Tiles) -> u32 {
    let h = Manhattan(p);
    let expand = |s: Tiles, hs: u32| {
        let mut out = Successors::new();
        p.successors(&s, &mut out);
        out.iter()
            .map(|c| {
                (
                    c.state,
                    c.cost,
                    h.estimate_child(&s, hs, &c.action, &c.state),
                )
            })
            .collect::<SmallVec<[_; 4]>>()
    };
    let goal = p.goal();
    bare::astar(start, h.estimate(&start), expand, |s| s == goal).unwrap()
}

/// Bare IDA*: the smallest recursive loop on the model's successor function, with the
/// heuristic's incremental update and parent pruning (as heurist's IDA* with
/// `CycleCheck::Parent`), no statistics, limits or path: the ceiling of the IDA* variants.
/// Returns the cost and the number of expansions.
fn bare_idastar<H: Heuristic<Puzzle>>(p: &Puzzle, start: Tiles, h: &H) -> (u32, u64) {
    #[allow(clippy::too_many_arguments)]
    fn dfs<H: Heuristic<Puzzle>>(
        p: &Puzzle,
        h: &H,
        s: Tiles,
        parent: Tiles,
        g: u32,
        hs: u32,
        bound: u32,
        next: &mut u32,
        expanded: &mut u64,
    ) -> bool {
        if s == p.goal() {
            return true;
        }
        *expanded += 1;
        let mut out = Successors::new();
        p.successors(&s, &mut out);
        for c in &out {
            if c.state == parent {
                continue;
            }
            let hc = h.estimate_child(&s, hs, &c.action, &c.state);
            let f = g + c.cost + hc;
            if f > bound {
                *next = (*next).min(f);
            } else if dfs(p, h, c.state, s, g + c.cost, hc, bound, next, expanded) {
                return true;
            }
        }
        false
    }
    let h0 = h.estimate(&start);
    let mut bound = h0;
    let mut expanded = 0;
    loop {
        let mut next = u32::MAX;
        if dfs(p, h, start, start, 0, h0, bound, &mut next, &mut expanded) {
            return (bound, expanded);
        }
        bound = next;
    }
}

fn heuristics(c: &mut Criterion) {
    let p = Puzzle::new(4, 4, &Puzzle::default_goal(16)).unwrap();
    let starts = instances(&p);
    let (pdb, _) = PdbHeuristic::cached(
        &p,
        &default_partition(&p),
        true,
        &default_cache_dir(),
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
        assert_eq!(bare_idastar(&p, s, &&pdb).0, cost);
    }
    g.bench_function("handwritten-idastar/manhattan", |b| {
        b.iter(|| {
            starts
                .iter()
                .map(|&s| bare_idastar(&p, s, &Manhattan(&p)).1)
                .sum::<u64>()
        })
    });
    g.bench_function("handwritten-idastar/pdb", |b| {
        b.iter(|| {
            starts
                .iter()
                .map(|&s| bare_idastar(&p, s, &&pdb).1)
                .sum::<u64>()
        })
    });
    g.finish();
}

fn versus_pathfinding(c: &mut Criterion) {
    let p = Puzzle::new(4, 4, &Puzzle::default_goal(16)).unwrap();
    let starts = instances(&p);
    let goal = p.goal();
    let md = |s: &Tiles| Manhattan(&p).estimate(s);
    for &s in &starts {
        let ours = astar(&p, s, Manhattan(&p)).cost();
        let theirs = pf::astar(&s, |x| neighbours(&p, x), md, |x| *x == goal).map(|(_, c)| c);
        assert_eq!(ours, theirs);
        let theirs = pf::idastar(&s, |x| neighbours(&p, x), md, |x| *x == goal).map(|(_, c)| c);
        assert_eq!(ours, theirs);
        assert_eq!(ida(&p, s, Manhattan(&p)).cost(), ours);
        assert_eq!(Some(bare_astar(&p, s)), ours);
        assert_eq!(Some(bare_idastar(&p, s, &Manhattan(&p)).0), ours);
    }
    let mut g = c.benchmark_group("fifteen/vs-pathfinding");
    g.sample_size(10);
    g.bench_function("heurist-astar", |b| {
        b.iter(|| {
            starts
                .iter()
                .map(|&s| astar(&p, black_box(s), Manhattan(&p)).cost())
                .collect::<Vec<_>>()
        })
    });
    g.bench_function("pathfinding-astar", |b| {
        b.iter(|| {
            starts
                .iter()
                .map(|&s| {
                    pf::astar(&black_box(s), |x| neighbours(&p, x), md, |x| *x == goal).map(|r| r.1)
                })
                .collect::<Vec<_>>()
        })
    });
    g.bench_function("bare-astar", |b| {
        b.iter(|| {
            starts
                .iter()
                .map(|&s| bare_astar(&p, black_box(s)))
                .collect::<Vec<_>>()
        })
    });
    g.bench_function("heurist-idastar-incremental", |b| {
        b.iter(|| {
            starts
                .iter()
                .map(|&s| ida(&p, black_box(s), Manhattan(&p)).cost())
                .collect::<Vec<_>>()
        })
    });
    // The same without the incremental update: a closure heuristic recomputes each child.
    g.bench_function("heurist-idastar-closure", |b| {
        b.iter(|| {
            starts
                .iter()
                .map(|&s| ida(&p, black_box(s), md).cost())
                .collect::<Vec<_>>()
        })
    });
    g.bench_function("pathfinding-idastar", |b| {
        b.iter(|| {
            starts
                .iter()
                .map(|&s| {
                    pf::idastar(&black_box(s), |x| neighbours(&p, x), md, |x| *x == goal)
                        .map(|r| r.1)
                })
                .collect::<Vec<_>>()
        })
    });
    g.bench_function("bare-idastar", |b| {
        b.iter(|| {
            starts
                .iter()
                .map(|&s| bare_idastar(&p, black_box(s), &Manhattan(&p)).0)
                .collect::<Vec<_>>()
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    targets = heuristics, versus_pathfinding
}
criterion_main!(benches);
