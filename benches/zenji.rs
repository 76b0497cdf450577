//! Zenji heuristics compared: A* and IDA* with the zero, seed (inadmissible), local and
//! relaxed heuristics on random solvable 8x8 and 16x16 maps (`generate`, seeds 1-4), base
//! and free rules. Criterion measures the time to solve all four maps of a set (heuristic
//! tables included); the nodes expanded (summed over the four maps) and the total cost found
//! are printed once per configuration before the timings.
//!
//! `cargo bench --bench zenji` (about two minutes; sample size 10).

use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use heurist::{AStar, CycleCheck, IdaStar};

use heurist_puzzles::zenji as model;

use model::{generate, Grid, HeuristicKind, Rules, Zenji};

const SEEDS: [u64; 4] = [1, 2, 3, 4];

#[derive(Clone, Copy)]
enum Algo {
    Astar,
    Idastar,
}

/// Solves every map; returns (nodes expanded, total cost).
fn solve_all(problems: &[Zenji], algo: Algo, kind: HeuristicKind) -> (u64, u32) {
    let mut expanded = 0;
    let mut cost = 0;
    for p in problems {
        let h = p.heuristic(kind);
        let r = match algo {
            Algo::Astar => AStar::new().search(p, p.start(), h),
            Algo::Idastar => IdaStar::new()
                .cycle_check(CycleCheck::Parent)
                .search(p, p.start(), h),
        };
        expanded += r.stats.expanded;
        cost += r.cost().expect("generated maps are solvable");
    }
    (expanded, cost)
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("zenji");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    println!(
        "{:<28} {:>12} {:>10}   (4 maps each; optimum = cost with an admissible heuristic)",
        "configuration", "expanded", "cost"
    );
    for n in [8usize, 16] {
        let grids: Vec<Grid> = SEEDS.iter().map(|&s| generate(n, n, s)).collect();
        for (rules, rname) in [(Rules::Base, "base"), (Rules::Free, "free")] {
            let problems: Vec<Zenji> = grids.iter().map(|g| Zenji::new(g.clone(), rules)).collect();
            for (algo, aname) in [(Algo::Astar, "astar"), (Algo::Idastar, "idastar")] {
                for kind in HeuristicKind::ALL {
                    let id = format!("{n}x{n}/{rname}/{aname}-{}", kind.name());
                    let (expanded, cost) = solve_all(&problems, algo, kind);
                    println!("{id:<28} {expanded:>12} {cost:>10}");
                    group.bench_function(BenchmarkId::from_parameter(&id), |b| {
                        b.iter(|| solve_all(&problems, algo, kind))
                    });
                }
            }
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
