//! Treasure hunt (examples/treasure): BFS, DFS, IDDFS, A* / IDA* / greedy with the original puzzle's
//! heuristic (sum of deficits, inadmissible) and the admissible ones (largest deficit;
//! deficit sum / most clues one open cell serves; the max of both), with and without
//! constraint propagation, on the original puzzle's grids and on random 20x20 grids with a unique
//! solution. Node counts (expanded) are printed to stderr before the timings.
//!
//! `cargo bench --bench treasure -- --quick` (or a filter such as `random20`).

use heurist_puzzles::treasure as model;

use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use heurist::{CycleCheck, Dfs, IdaStar, Iddfs, SearchResult};
use model::{generate, Grid, HeuristicKind, Treasure};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/treasure/");

#[derive(Clone, Copy, Debug)]
enum Algo {
    Bfs,
    Dfs,
    Iddfs,
    Astar(HeuristicKind),
    Idastar(HeuristicKind),
    Greedy(HeuristicKind),
}

impl Algo {
    fn label(self) -> String {
        match self {
            Algo::Bfs => "bfs".into(),
            Algo::Dfs => "dfs".into(),
            Algo::Iddfs => "iddfs".into(),
            Algo::Astar(h) => format!("astar-{}", h.name()),
            Algo::Idastar(h) => format!("idastar-{}", h.name()),
            Algo::Greedy(h) => format!("greedy-{}", h.name()),
        }
    }
}

type Run = SearchResult<model::Placement, (usize, usize), u32>;

fn run(p: &Treasure, algo: Algo) -> Run {
    let parent = CycleCheck::Parent;
    match algo {
        Algo::Bfs => heurist::bfs(p, p.start()),
        Algo::Dfs => heurist::dfs(p, p.start()),
        Algo::Iddfs => Iddfs::new().cycle_check(parent).search(p, p.start()),
        Algo::Astar(h) => heurist::astar(p, p.start(), p.heuristic(h)),
        Algo::Idastar(h) => IdaStar::new()
            .cycle_check(parent)
            .search(p, p.start(), p.heuristic(h)),
        Algo::Greedy(h) => heurist::greedy(p, p.start(), p.heuristic(h)),
    }
}

fn algos() -> Vec<Algo> {
    use HeuristicKind::*;
    let mut v = vec![Algo::Bfs, Algo::Dfs, Algo::Iddfs];
    for h in [Zero, Original, Max, Ratio, Best] {
        v.push(Algo::Astar(h));
    }
    v.extend([
        Algo::Idastar(Original),
        Algo::Idastar(Best),
        Algo::Greedy(Original),
        Algo::Greedy(Best),
    ]);
    v
}

fn load(name: &str) -> Grid {
    Grid::parse(&std::fs::read_to_string(format!("{DATA}{name}")).unwrap()).unwrap()
}

fn report_nodes(title: &str, grids: &[(String, Grid)], with_plain: bool) {
    eprintln!("\n{title}: nodes expanded (cost = coins)");
    for (name, grid) in grids {
        let p = Treasure::new(grid.clone());
        let mut line = format!("  {name:<12}");
        for a in algos() {
            let r = run(&p, a);
            line.push_str(&format!(
                " {}={}{}",
                a.label(),
                r.stats.expanded,
                r.cost().map_or("!".into(), |c| format!("/{c}"))
            ));
        }
        let count = p.count_solutions(None, &Dfs::new());
        line.push_str(&format!(
            " count={} ({} nodes)",
            count.solutions, count.expanded
        ));
        if with_plain {
            let plain = Treasure::new(grid.clone()).with_propagation(false);
            let r = run(&plain, Algo::Dfs);
            line.push_str(&format!(" dfs-noprop={}", r.stats.expanded));
        }
        eprintln!("{line}");
    }
}

fn original_grids(c: &mut Criterion) {
    let names = [
        "4x4.txt",
        "6x6.txt",
        "7x7.txt",
        "8x8.txt",
        "10x10_a.txt",
        "10x10_b.txt",
    ];
    let grids: Vec<(String, Grid)> = names
        .iter()
        .map(|n| (n.trim_end_matches(".txt").to_string(), load(n)))
        .collect();
    report_nodes("original grids", &grids, true);
    let mut g = c.benchmark_group("treasure/original");
    g.sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for (name, grid) in &grids {
        let p = Treasure::new(grid.clone());
        let big = name.starts_with("10x10");
        let list = if big {
            algos()
        } else {
            vec![Algo::Dfs, Algo::Astar(HeuristicKind::Best)]
        };
        for a in list {
            g.bench_with_input(BenchmarkId::new(a.label(), name), &a, |b, &a| {
                b.iter(|| run(&p, a))
            });
        }
        if big {
            let plain = Treasure::new(grid.clone()).with_propagation(false);
            g.bench_function(BenchmarkId::new("dfs-noprop", name), |b| {
                b.iter(|| run(&plain, Algo::Dfs))
            });
            g.bench_function(BenchmarkId::new("count", name), |b| {
                b.iter(|| p.count_solutions(None, &Dfs::new()))
            });
        }
    }
    g.finish();
}

fn random_grids(c: &mut Criterion) {
    let grids: Vec<(String, Grid)> = (1..=3)
        .map(|seed| (format!("20x20-s{seed}"), generate(20, 20, seed, 0.2, 0.0).0))
        .collect();
    report_nodes(
        "random 20x20 (unique, clues removed while unique)",
        &grids,
        false,
    );
    let mut g = c.benchmark_group("treasure/random20");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    use HeuristicKind::*;
    for (name, grid) in &grids {
        let p = Treasure::new(grid.clone());
        for a in [
            Algo::Dfs,
            Algo::Bfs,
            Algo::Iddfs,
            Algo::Astar(Original),
            Algo::Astar(Ratio),
            Algo::Astar(Best),
            Algo::Idastar(Original),
            Algo::Idastar(Best),
            Algo::Greedy(Best),
        ] {
            g.bench_with_input(BenchmarkId::new(a.label(), name), &a, |b, &a| {
                b.iter(|| run(&p, a))
            });
        }
        g.bench_function(BenchmarkId::new("count", name), |b| {
            b.iter(|| p.count_solutions(None, &Dfs::new()))
        });
    }
    g.bench_function("generate-20x20-s2", |b| {
        b.iter(|| generate(20, 20, 2, 0.2, 0.0))
    });
    g.finish();
}

criterion_group!(benches, original_grids, random_grids);
criterion_main!(benches);
