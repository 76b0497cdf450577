//! Criterion benchmarks for the dynamic labyrinth example: BFS, A*, IDA* and IDDFS with the
//! zero / lookahead / steps heuristics on the original Puzzle_6 and on random boards up to 7x7
//! with several pushable rows and columns, under both cost models.
//!
//! `cargo bench --bench labyrinth` (short runs: sample size 10, 2 s measurement).

use heurist_puzzles::labyrinth as model;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use heurist::{AStar, IdaStar};
use model::{Board, CostModel, HeuristicKind, LabHeuristic, Labyrinth};
use std::hint::black_box;
use std::time::Duration;

/// The first generated board of that size with an optimum of at least `min_cost` moves.
fn pick(rows: usize, cols: usize, min_cost: u32) -> (String, Board) {
    let (seed, cost, board) = model::generate::first_solvable(rows, cols, min_cost);
    (format!("{rows}x{cols}-s{seed}-opt{cost}"), board)
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("labyrinth");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    let mut boards = vec![(
        "puzzle6".to_string(),
        Board::parse(model::PUZZLE_6).unwrap(),
    )];
    boards.push(pick(5, 5, 3));
    boards.push(pick(6, 6, 3));
    boards.push(pick(7, 7, 3));
    // A harder 7x7 board: only the informed searches (BFS under steps needs > 5 million states).
    boards.push(pick(7, 7, 7));
    for (k, (name, board)) in boards.iter().enumerate() {
        let heavy = k == boards.len() - 1;
        for (mname, cm) in [("moves", CostModel::Moves), ("steps", CostModel::Steps)] {
            let p = Labyrinth {
                board: board.clone(),
                model: cm,
            };
            let s = board.start_state();
            let h = |kind| LabHeuristic { board, kind };
            let best = if cm == CostModel::Moves {
                HeuristicKind::Lookahead
            } else {
                HeuristicKind::Steps
            };
            let id = |algo: &str| BenchmarkId::new(format!("{name}/{mname}"), algo);
            if !heavy {
                group.bench_function(id("bfs"), |b| {
                    b.iter(|| black_box(heurist::bfs(&p, s).cost()))
                });
                group.bench_function(id("astar-zero"), |b| {
                    b.iter(|| black_box(AStar::new().search(&p, s, h(HeuristicKind::Zero)).cost()))
                });
            }
            group.bench_function(id("astar-best"), |b| {
                b.iter(|| black_box(AStar::new().search(&p, s, h(best)).cost()))
            });
            group.bench_function(id("idastar-best"), |b| {
                b.iter(|| black_box(IdaStar::new().search(&p, s, h(best)).cost()))
            });
            if name == "puzzle6" {
                group.bench_function(id("iddfs"), |b| {
                    b.iter(|| black_box(heurist::iddfs(&p, s).cost()))
                });
            }
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
