//! `heurist` against the `pathfinding` crate on identical domain code, beside the minimal
//! hand-written loops of `bare`, and the three open lists of `heurist` against each other.
//!
//! Domains:
//! * a 1000x1000 grid maze, 4-connected, unit cost, ~28% random walls, start and goal in
//!   opposite corners (reachable: a random monotone corridor is carved first; seeded);
//! * a random digraph with 100 000 nodes, 8 out-edges each, weights 1..=100 (seeded);
//! * the 15-puzzle (the `fifteen` example's model and Manhattan distance) on the eight of
//!   Korf's 100 instances that IDA* with the Manhattan distance solves with the fewest
//!   expansions.
//!
//! Each domain has one successor function; `heurist`'s `Problem::successors` pushes its
//! items into the buffer, `pathfinding`'s closures return them. Beside them, `*/bare` times
//! the minimal hand-written loops of `bare` on the same successors: the ceiling both crates
//! are measured against (`bfs/bare-path`: the bare BFS that also returns the path). The
//! setup asserts that all of them find the same cost.
//!
//! Run: `cargo bench --bench algorithms` (a few minutes; flat sampling, 10 samples); one
//! domain: `cargo bench --bench algorithms -- fifteen`. With `-- --instructions [FILTER]`
//! it counts instead, with valgrind, the instructions each case executes (see
//! `instructions`): the same on every run, where times vary with the machine's load.

#[path = "bare/mod.rs"]
mod bare;

#[path = "instructions/mod.rs"]
mod instructions;

#[path = "maze/mod.rs"]
mod maze;

use heurist_puzzles::fifteen as model;

use std::cell::Cell;
use std::process::ExitCode;
use std::time::Duration;

use criterion::{black_box, criterion_group, Criterion, SamplingMode};
use heurist::{
    AStar, Bfs, CycleCheck, Dijkstra, Heuristic, IdaStar, OpenList, Problem, Successors, Zero,
};
use pathfinding::prelude as pf;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use maze::Maze;

// ---------------------------------------------------------------------------------------
// Random digraph

/// A random digraph in compressed sparse row form; a state is a node number.
struct Graph {
    offsets: Vec<u32>,
    edges: Vec<(u32, u32)>,
    goal: u32,
}

impl Graph {
    fn random(nodes: u32, degree: u32, seed: u64) -> Graph {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut offsets = Vec::with_capacity(nodes as usize + 1);
        let mut edges = Vec::with_capacity((nodes * degree) as usize);
        for _ in 0..nodes {
            offsets.push(edges.len() as u32);
            for _ in 0..degree {
                edges.push((rng.gen_range(0..nodes), rng.gen_range(1..=100)));
            }
        }
        offsets.push(edges.len() as u32);
        Graph {
            offsets,
            edges,
            goal: nodes - 1,
        }
    }

    /// The out-edges of `s`: `(target, weight)`.
    #[inline]
    fn neighbours(&self, s: u32) -> impl Iterator<Item = (u32, u32)> + '_ {
        let (a, b) = (self.offsets[s as usize], self.offsets[s as usize + 1]);
        self.edges[a as usize..b as usize].iter().copied()
    }
}

impl Problem for Graph {
    type State = u32;
    type Action = ();
    type Cost = u32;

    #[inline]
    fn is_goal(&self, s: &u32) -> bool {
        *s == self.goal
    }

    #[inline]
    fn successors(&self, s: &u32, out: &mut Successors<u32, (), u32>) {
        for (n, c) in self.neighbours(*s) {
            out.push((), n, c);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Runners: one function per (crate, algorithm), returning the cost (BFS: number of steps).

fn dijkstra(list: OpenList) -> Dijkstra<'static, u32> {
    Dijkstra::new().open_list(list)
}
fn astar(list: OpenList) -> AStar<'static, u32> {
    AStar::new().open_list(list)
}

/// BFS with the reversibility hint: every step between free cells can be walked back, so
/// the duplicate index keeps only the last levels.
fn maze_ours_bfs(m: &Maze) -> u32 {
    Bfs::new()
        .reversible(true)
        .search(m, 0)
        .solution()
        .unwrap()
        .len() as u32
}
/// BFS without the hint: the duplicate index keeps every level.
fn maze_ours_bfs_all_levels(m: &Maze) -> u32 {
    heurist::bfs(m, 0).solution().unwrap().len() as u32
}
fn maze_pf_bfs(m: &Maze) -> u32 {
    let path = pf::bfs(
        &0u32,
        |&s| m.neighbours(s).map(|(n, _)| n),
        |&s| s == m.goal,
    );
    path.unwrap().len() as u32 - 1
}
fn maze_ours_dijkstra(m: &Maze, list: OpenList) -> u32 {
    dijkstra(list).search(m, 0).cost().unwrap()
}
fn maze_pf_dijkstra(m: &Maze) -> u32 {
    pf::dijkstra(&0u32, |&s| m.neighbours(s), |&s| s == m.goal)
        .unwrap()
        .1
}
fn maze_ours_astar(m: &Maze, list: OpenList) -> u32 {
    let h = |s: &u32| m.manhattan(*s);
    astar(list).search(m, 0, h).cost().unwrap()
}
fn maze_pf_astar(m: &Maze) -> u32 {
    pf::astar(
        &0u32,
        |&s| m.neighbours(s),
        |&s| m.manhattan(s),
        |&s| s == m.goal,
    )
    .unwrap()
    .1
}

fn graph_ours_bfs(g: &Graph) -> u32 {
    heurist::bfs(g, 0).solution().unwrap().len() as u32
}
fn graph_pf_bfs(g: &Graph) -> u32 {
    let path = pf::bfs(
        &0u32,
        |&s| g.neighbours(s).map(|(n, _)| n),
        |&s| s == g.goal,
    );
    path.unwrap().len() as u32 - 1
}
fn graph_ours_dijkstra(g: &Graph, list: OpenList) -> u32 {
    dijkstra(list).search(g, 0).cost().unwrap()
}
fn graph_pf_dijkstra(g: &Graph) -> u32 {
    pf::dijkstra(&0u32, |&s| g.neighbours(s), |&s| s == g.goal)
        .unwrap()
        .1
}
fn graph_ours_astar(g: &Graph, list: OpenList) -> u32 {
    astar(list).search(g, 0, Zero).cost().unwrap()
}
fn graph_pf_astar(g: &Graph) -> u32 {
    pf::astar(&0u32, |&s| g.neighbours(s), |_| 0, |&s| s == g.goal)
        .unwrap()
        .1
}

// Bare baselines (see `bare`): the same `neighbours`, nothing but the algorithm.

fn maze_bare_bfs(m: &Maze) -> u32 {
    bare::bfs(0u32, |s| m.neighbours(s).map(|(n, _)| n), |s| s == m.goal).unwrap()
}
/// The bare BFS that keeps a parent link per state and returns the path, as both crates do.
fn maze_bare_bfs_path(m: &Maze) -> u32 {
    let path = bare::bfs_path(0u32, |s| m.neighbours(s).map(|(n, _)| n), |s| s == m.goal);
    path.unwrap().len() as u32 - 1
}
fn maze_bare_dijkstra(m: &Maze) -> u32 {
    bare::dijkstra(0u32, |s| m.neighbours(s), |s| s == m.goal).unwrap()
}
fn maze_bare_astar(m: &Maze) -> u32 {
    let expand = |s, _| m.neighbours(s).map(|(n, c)| (n, c, m.manhattan(n)));
    bare::astar(0u32, m.manhattan(0), expand, |s| s == m.goal).unwrap()
}
fn graph_bare_bfs(g: &Graph) -> u32 {
    bare::bfs(0u32, |s| g.neighbours(s).map(|(n, _)| n), |s| s == g.goal).unwrap()
}
fn graph_bare_bfs_path(g: &Graph) -> u32 {
    let path = bare::bfs_path(0u32, |s| g.neighbours(s).map(|(n, _)| n), |s| s == g.goal);
    path.unwrap().len() as u32 - 1
}
fn graph_bare_dijkstra(g: &Graph) -> u32 {
    bare::dijkstra(0u32, |s| g.neighbours(s), |s| s == g.goal).unwrap()
}
/// A* with the zero heuristic, as `astar-zero/heurist-*` and `astar-zero/pathfinding`.
fn graph_bare_astar(g: &Graph) -> u32 {
    let expand = |s, _| g.neighbours(s).map(|(n, c)| (n, c, 0));
    bare::astar(0u32, 0, expand, |s| s == g.goal).unwrap()
}

// ---------------------------------------------------------------------------------------

/// The open lists compared.
const LISTS: [OpenList; 3] = [OpenList::Indexed, OpenList::Lazy, OpenList::Buckets];

/// An open list's name in benchmark ids.
fn name(list: OpenList) -> &'static str {
    match list {
        OpenList::Indexed => "indexed",
        OpenList::Lazy => "lazy",
        OpenList::Buckets => "buckets",
    }
}

fn maze(c: &mut Criterion) {
    let m = Maze::random(1000, 1000, 0.28, 42);
    // Same answers from both crates, and from both open lists.
    let steps = maze_pf_bfs(&m);
    assert_eq!(maze_ours_bfs(&m), steps);
    assert_eq!(maze_ours_bfs_all_levels(&m), steps);
    let cost = maze_pf_dijkstra(&m);
    assert_eq!(cost, steps, "unit costs: Dijkstra = BFS");
    for list in LISTS {
        assert_eq!(maze_ours_dijkstra(&m, list), cost);
        assert_eq!(maze_ours_astar(&m, list), cost);
    }
    assert_eq!(maze_pf_astar(&m), cost);
    assert_eq!(maze_bare_bfs(&m), maze_ours_bfs(&m));
    assert_eq!(maze_bare_bfs_path(&m), steps);
    assert_eq!(
        maze_bare_dijkstra(&m),
        maze_ours_dijkstra(&m, OpenList::Lazy)
    );
    assert_eq!(maze_bare_astar(&m), maze_ours_astar(&m, OpenList::Lazy));
    eprintln!("maze 1000x1000: shortest path {cost} steps");
    for list in LISTS {
        let r = dijkstra(list).search(&m, 0);
        eprintln!("  dijkstra {list:?}: {}", r.stats);
        let r = astar(list).search(&m, 0, |s: &u32| m.manhattan(*s));
        eprintln!("  astar {list:?}: {}", r.stats);
    }
    let expanded = Cell::new(0u64);
    let counted = |s: &u32| {
        expanded.set(expanded.get() + 1);
        m.neighbours(*s)
    };
    pf::dijkstra(&0u32, counted, |&s| s == m.goal);
    eprintln!("  pathfinding dijkstra: expanded {}", expanded.replace(0));
    pf::astar(&0u32, counted, |&s| m.manhattan(s), |&s| s == m.goal);
    eprintln!("  pathfinding astar: expanded {}", expanded.replace(0));

    let mut g = c.benchmark_group("maze1000");
    g.sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    g.bench_function("bfs/heurist", |b| b.iter(|| maze_ours_bfs(black_box(&m))));
    g.bench_function("bfs/heurist-all-levels", |b| {
        b.iter(|| maze_ours_bfs_all_levels(black_box(&m)))
    });
    g.bench_function("bfs/pathfinding", |b| b.iter(|| maze_pf_bfs(black_box(&m))));
    g.bench_function("bfs/bare", |b| b.iter(|| maze_bare_bfs(black_box(&m))));
    g.bench_function("bfs/bare-path", |b| {
        b.iter(|| maze_bare_bfs_path(black_box(&m)))
    });
    for list in LISTS {
        g.bench_function(format!("dijkstra/heurist-{}", name(list)), |b| {
            b.iter(|| maze_ours_dijkstra(black_box(&m), list))
        });
    }
    g.bench_function("dijkstra/pathfinding", |b| {
        b.iter(|| maze_pf_dijkstra(black_box(&m)))
    });
    g.bench_function("dijkstra/bare", |b| {
        b.iter(|| maze_bare_dijkstra(black_box(&m)))
    });
    for list in LISTS {
        g.bench_function(format!("astar/heurist-{}", name(list)), |b| {
            b.iter(|| maze_ours_astar(black_box(&m), list))
        });
    }
    g.bench_function("astar/pathfinding", |b| {
        b.iter(|| maze_pf_astar(black_box(&m)))
    });
    g.bench_function("astar/bare", |b| b.iter(|| maze_bare_astar(black_box(&m))));
    g.finish();
}

fn graph(c: &mut Criterion) {
    let gr = Graph::random(100_000, 8, 7);
    let steps = graph_pf_bfs(&gr);
    assert_eq!(graph_ours_bfs(&gr), steps);
    let cost = graph_pf_dijkstra(&gr);
    for list in LISTS {
        assert_eq!(graph_ours_dijkstra(&gr, list), cost);
        assert_eq!(graph_ours_astar(&gr, list), cost);
    }
    assert_eq!(graph_pf_astar(&gr), cost);
    assert_eq!(graph_bare_bfs(&gr), graph_ours_bfs(&gr));
    assert_eq!(graph_bare_bfs_path(&gr), steps);
    assert_eq!(
        graph_bare_dijkstra(&gr),
        graph_ours_dijkstra(&gr, OpenList::Lazy)
    );
    assert_eq!(graph_bare_astar(&gr), graph_ours_astar(&gr, OpenList::Lazy));
    eprintln!("graph 100k x 8: bfs {steps} steps, least cost {cost}");
    for list in LISTS {
        let r = dijkstra(list).search(&gr, 0);
        eprintln!("  dijkstra {list:?}: {}", r.stats);
    }
    let expanded = Cell::new(0u64);
    let counted = |s: &u32| {
        expanded.set(expanded.get() + 1);
        gr.neighbours(*s)
    };
    pf::dijkstra(&0u32, counted, |&s| s == gr.goal);
    eprintln!("  pathfinding dijkstra: expanded {}", expanded.replace(0));

    let mut g = c.benchmark_group("graph100k");
    g.sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    g.bench_function("bfs/heurist", |b| b.iter(|| graph_ours_bfs(black_box(&gr))));
    g.bench_function("bfs/pathfinding", |b| {
        b.iter(|| graph_pf_bfs(black_box(&gr)))
    });
    g.bench_function("bfs/bare", |b| b.iter(|| graph_bare_bfs(black_box(&gr))));
    g.bench_function("bfs/bare-path", |b| {
        b.iter(|| graph_bare_bfs_path(black_box(&gr)))
    });
    for list in LISTS {
        g.bench_function(format!("dijkstra/heurist-{}", name(list)), |b| {
            b.iter(|| graph_ours_dijkstra(black_box(&gr), list))
        });
    }
    g.bench_function("dijkstra/pathfinding", |b| {
        b.iter(|| graph_pf_dijkstra(black_box(&gr)))
    });
    g.bench_function("dijkstra/bare", |b| {
        b.iter(|| graph_bare_dijkstra(black_box(&gr)))
    });
    for list in LISTS {
        g.bench_function(format!("astar-zero/heurist-{}", name(list)), |b| {
            b.iter(|| graph_ours_astar(black_box(&gr), list))
        });
    }
    g.bench_function("astar-zero/pathfinding", |b| {
        b.iter(|| graph_pf_astar(black_box(&gr)))
    });
    g.bench_function("astar-zero/bare", |b| {
        b.iter(|| graph_bare_astar(black_box(&gr)))
    });
    g.finish();
}

// ---------------------------------------------------------------------------------------
// 15-puzzle

/// The eight of Korf's 100 instances that IDA* with the Manhattan distance solves with the
/// fewest expansions (121 thousand to 802 thousand).
const KORF_EASIEST: [u32; 8] = [94, 55, 12, 79, 42, 47, 97, 9];

/// The model's successors with their costs, for `pathfinding`, in whichever container its
/// search takes fastest: `pathfinding::astar` iterates over them once, so a small vector on
/// the stack saves an allocation per expansion; `pathfinding::idastar` collects them into a
/// `Vec` of its own, which reuses the allocation of a `Vec` it is given (a quarter faster
/// than from a small vector).
fn tile_moves<V: FromIterator<(model::Tiles, u32)>>(p: &model::Puzzle, s: &model::Tiles) -> V {
    let mut out = Successors::new();
    p.successors(s, &mut out);
    out.iter().map(|c| (c.state, c.cost)).collect()
}

fn fifteen_ours_astar(p: &model::Puzzle, s: model::Tiles) -> u32 {
    AStar::new()
        .search(p, s, model::Manhattan(p))
        .cost()
        .unwrap()
}
fn fifteen_pf_astar(p: &model::Puzzle, s: model::Tiles) -> u32 {
    let (goal, md) = (p.goal(), |s: &model::Tiles| model::Manhattan(p).estimate(s));
    let moves = |x: &model::Tiles| tile_moves::<smallvec::SmallVec<[_; 4]>>(p, x);
    pf::astar(&s, moves, md, |x| *x == goal).unwrap().1
}
/// Bare A* with the same incremental Manhattan distance as `heurist`'s.
fn fifteen_bare_astar(p: &model::Puzzle, s: model::Tiles) -> u32 {
    let h = model::Manhattan(p);
    let expand = |s: model::Tiles, hs: u32| {
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
            .collect::<smallvec::SmallVec<[_; 4]>>()
    };
    let goal = p.goal();
    bare::astar(s, h.estimate(&s), expand, |s| s == goal).unwrap()
}
fn fifteen_ours_idastar(p: &model::Puzzle, s: model::Tiles, check: CycleCheck) -> u32 {
    IdaStar::new()
        .cycle_check(check)
        .search(p, s, model::Manhattan(p))
        .cost()
        .unwrap()
}
/// `pathfinding`'s IDA* checks the whole path for cycles.
fn fifteen_pf_idastar(p: &model::Puzzle, s: model::Tiles) -> u32 {
    let (goal, md) = (p.goal(), |s: &model::Tiles| model::Manhattan(p).estimate(s));
    pf::idastar(&s, |x| tile_moves::<Vec<_>>(p, x), md, |x| *x == goal)
        .unwrap()
        .1
}
fn fifteen_bare_idastar(p: &model::Puzzle, s: model::Tiles) -> u32 {
    bare::idastar(p, s, &model::Manhattan(p)).0
}

fn fifteen(c: &mut Criterion) {
    let (p, korf) = model::korf_instances(&KORF_EASIEST);
    let mut starts = Vec::new();
    for (number, (s, cost)) in KORF_EASIEST.into_iter().zip(korf) {
        assert_eq!(fifteen_ours_astar(&p, s), cost);
        assert_eq!(fifteen_pf_astar(&p, s), cost);
        assert_eq!(fifteen_bare_astar(&p, s), cost);
        assert_eq!(fifteen_ours_idastar(&p, s, CycleCheck::Parent), cost);
        assert_eq!(fifteen_ours_idastar(&p, s, CycleCheck::Path), cost);
        assert_eq!(fifteen_ours_idastar(&p, s, CycleCheck::Minimal), cost);
        assert_eq!(fifteen_bare_idastar(&p, s), cost);
        let a = AStar::new().search(&p, s, model::Manhattan(&p)).stats;
        let i = IdaStar::new()
            .cycle_check(CycleCheck::Parent)
            .search(&p, s, model::Manhattan(&p))
            .stats;
        let lazy = IdaStar::new()
            .cycle_check(CycleCheck::Minimal)
            .search(&p, s, model::Manhattan(&p))
            .stats;
        // the lazy check expands what the parent check does; the path bounds the thresholds
        assert_eq!(lazy.expanded, i.expanded);
        eprintln!(
            "korf {number}: {cost} moves; A* expanded {}, stored {}; IDA* expanded {}",
            a.expanded, a.stored, i.expanded
        );
        starts.push(s);
    }
    let all =
        |f: &dyn Fn(model::Tiles) -> u32| starts.iter().map(|&s| f(black_box(s))).sum::<u32>();

    let mut g = c.benchmark_group("fifteen-korf8");
    g.sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    g.bench_function("astar/heurist", |b| {
        b.iter(|| all(&|s| fifteen_ours_astar(&p, s)))
    });
    g.bench_function("astar/pathfinding", |b| {
        b.iter(|| all(&|s| fifteen_pf_astar(&p, s)))
    });
    g.bench_function("astar/bare", |b| {
        b.iter(|| all(&|s| fifteen_bare_astar(&p, s)))
    });
    g.bench_function("idastar/heurist-parent", |b| {
        b.iter(|| all(&|s| fifteen_ours_idastar(&p, s, CycleCheck::Parent)))
    });
    g.bench_function("idastar/heurist-path", |b| {
        b.iter(|| all(&|s| fifteen_ours_idastar(&p, s, CycleCheck::Path)))
    });
    g.bench_function("idastar/heurist-lazy", |b| {
        b.iter(|| all(&|s| fifteen_ours_idastar(&p, s, CycleCheck::Minimal)))
    });
    g.bench_function("idastar/pathfinding", |b| {
        b.iter(|| all(&|s| fifteen_pf_idastar(&p, s)))
    });
    g.bench_function("idastar/bare", |b| {
        b.iter(|| all(&|s| fifteen_bare_idastar(&p, s)))
    });
    g.finish();
}

criterion_group!(benches, maze, graph, fifteen);

// ---------------------------------------------------------------------------------------
// Instruction counts

/// A case `--instructions` counts on input `I`: its name within its group, as criterion
/// names it, and how it runs.
type Counted<I> = (&'static str, fn(&I) -> u32);

/// The maze cases `--instructions` counts (group `maze1000`).
const MAZE_COUNTED: [Counted<Maze>; 10] = [
    ("bfs/heurist", maze_ours_bfs),
    ("bfs/heurist-all-levels", maze_ours_bfs_all_levels),
    ("bfs/pathfinding", maze_pf_bfs),
    ("bfs/bare", maze_bare_bfs),
    ("dijkstra/heurist-buckets", |m| {
        maze_ours_dijkstra(m, OpenList::Buckets)
    }),
    ("dijkstra/pathfinding", maze_pf_dijkstra),
    ("dijkstra/bare", maze_bare_dijkstra),
    ("astar/heurist-buckets", |m| {
        maze_ours_astar(m, OpenList::Buckets)
    }),
    ("astar/pathfinding", maze_pf_astar),
    ("astar/bare", maze_bare_astar),
];

/// The graph cases `--instructions` counts (group `graph100k`).
const GRAPH_COUNTED: [Counted<Graph>; 9] = [
    ("bfs/heurist", graph_ours_bfs),
    ("bfs/pathfinding", graph_pf_bfs),
    ("bfs/bare", graph_bare_bfs),
    ("dijkstra/heurist-buckets", |g| {
        graph_ours_dijkstra(g, OpenList::Buckets)
    }),
    ("dijkstra/pathfinding", graph_pf_dijkstra),
    ("dijkstra/bare", graph_bare_dijkstra),
    ("astar-zero/heurist-buckets", |g| {
        graph_ours_astar(g, OpenList::Buckets)
    }),
    ("astar-zero/pathfinding", graph_pf_astar),
    ("astar-zero/bare", graph_bare_astar),
];

/// A 15-puzzle case's run on one instance.
type OnInstance = fn(&model::Puzzle, model::Tiles) -> u32;

/// The 15-puzzle cases `--instructions` counts (group `fifteen-korf8`); a case runs all
/// eight instances.
const FIFTEEN_COUNTED: [(&str, OnInstance); 8] = [
    ("astar/heurist", fifteen_ours_astar),
    ("astar/pathfinding", fifteen_pf_astar),
    ("astar/bare", fifteen_bare_astar),
    ("idastar/heurist-parent", |p, s| {
        fifteen_ours_idastar(p, s, CycleCheck::Parent)
    }),
    ("idastar/heurist-path", |p, s| {
        fifteen_ours_idastar(p, s, CycleCheck::Path)
    }),
    ("idastar/heurist-lazy", |p, s| {
        fifteen_ours_idastar(p, s, CycleCheck::Minimal)
    }),
    ("idastar/pathfinding", fifteen_pf_idastar),
    ("idastar/bare", fifteen_bare_idastar),
];

/// The full names of the cases `--instructions` counts.
fn counted() -> Vec<String> {
    let maze = MAZE_COUNTED.iter().map(|c| ("maze1000", c.0));
    let graph = GRAPH_COUNTED.iter().map(|c| ("graph100k", c.0));
    let fifteen = FIFTEEN_COUNTED.iter().map(|c| ("fifteen-korf8", c.0));
    let all = maze.chain(graph).chain(fifteen);
    all.map(|(group, run)| format!("{group}/{run}")).collect()
}

/// Runs case `run` of `cases` once, on an input already built: the input alone for
/// `setup`, `None` for an unknown case.
fn run_counted<F>(cases: &[(&str, F)], run: &str, call: impl Fn(&F) -> u32) -> Option<u32> {
    if run == "setup" {
        return Some(0);
    }
    cases.iter().find(|c| c.0 == run).map(|c| call(&c.1))
}

/// Builds the input of `case` (one of [`counted`], or `<group>/setup` for the input alone)
/// and runs it once; `None` for an unknown case.
fn run_once(case: &str) -> Option<u32> {
    let (group, run) = case.split_once('/')?;
    match group {
        "maze1000" => {
            let m = black_box(Maze::random(1000, 1000, 0.28, 42));
            run_counted(&MAZE_COUNTED, run, |f| f(&m))
        }
        "graph100k" => {
            let g = black_box(Graph::random(100_000, 8, 7));
            run_counted(&GRAPH_COUNTED, run, |f| f(&g))
        }
        "fifteen-korf8" => {
            let (p, korf) = model::korf_instances(&KORF_EASIEST);
            let starts: Vec<model::Tiles> = black_box(korf.into_iter().map(|(s, _)| s).collect());
            run_counted(&FIFTEEN_COUNTED, run, |f| {
                starts.iter().map(|&s| f(&p, s)).sum()
            })
        }
        _ => None,
    }
}

/// Criterion's benches; or, with `--instructions [FILTER]`, the instruction counts of the
/// cases whose names contain `FILTER`; or, in a process started to be counted, one case.
fn main() -> ExitCode {
    if let Some(case) = instructions::requested() {
        return match run_once(&case) {
            Some(answer) => {
                black_box(answer);
                ExitCode::SUCCESS
            }
            None => {
                eprintln!("unknown case {case}");
                ExitCode::FAILURE
            }
        };
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--instructions") {
        let filter = args.iter().find(|a| !a.starts_with("--"));
        let cases = counted();
        let cases: Vec<&str> = cases.iter().map(String::as_str).collect();
        return instructions::report(&cases, filter.map(String::as_str));
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
    ExitCode::SUCCESS
}
