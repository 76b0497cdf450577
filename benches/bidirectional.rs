//! Bidirectional search against one-directional search: `bidirectional_bfs` against
//! `bfs` and `pathfinding`'s `bfs_bidirectional`, and `mm` against `astar`, on the same
//! domain code. States stored and the expansions are printed once per case, outside the
//! timing.
//!
//! Domains:
//! * the 1000x1000 grid maze of the `algorithms` benchmark (start and goal in opposite
//!   corners), with the Manhattan distance to the goal (forwards) and to the start
//!   (backwards);
//! * the 15-puzzle on two sets of five moderate instances, seeded random walks of 20 moves
//!   (18 to 20 moves optimal; plain BFS stores 0.6 to 2.4 million states) and of 40 moves
//!   from the goal (20 to 34 moves optimal; without plain BFS), with the Manhattan distance
//!   to the goal forwards and to the start backwards;
//! * the Rush Hour course boards 9x9_5 and 9x9_6 (moves metric). Their goal is a set of
//!   states, every state with the red car at the exit, which the backward search would have
//!   to be given and start from: every placement of the other vehicles, far too many to
//!   list. What is measured instead is the search for one known goal state, the last state
//!   of an optimal solution (found once, outside the timing), so that `bfs` (for the real
//!   goal) is also the forward search for that state (it stops where that state is
//!   generated, as the first goal), and `astar_target` searches forwards for it. The
//!   heuristic for a target state is the number of vehicles not where the target has them
//!   (each needs at least one move; backwards: not where the start has them).
//!
//! Every move in these domains can be undone at the same cost, so `Symmetric` gives the
//! predecessors. `cargo bench --bench bidirectional`; one domain:
//! `cargo bench --bench bidirectional -- fifteen`.

#[allow(dead_code)]
#[path = "maze/mod.rs"]
mod maze;

use heurist_puzzles::fifteen;

use heurist_puzzles::rush_hour as rush;

use std::time::Duration;

use criterion::{black_box, criterion_group, criterion_main, Criterion, SamplingMode};
use heurist::{AStar, Bfs, Heuristic, Problem, Stats, Successors, Symmetric};
use maze::Maze;
use pathfinding::prelude as pf;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Prints a run's counts.
fn report(case: &str, algorithm: &str, cost: Option<u32>, stats: &Stats) {
    eprintln!(
        "{case:>18} {algorithm:>22}: cost {:>4}, expanded {:>9}, stored {:>9}",
        cost.map_or("-".into(), |c| c.to_string()),
        stats.expanded,
        stats.stored
    );
}

/// A criterion group with few, flat samples.
fn group<'c>(
    c: &'c mut Criterion,
    name: &str,
) -> criterion::BenchmarkGroup<'c, criterion::measurement::WallTime> {
    let mut g = c.benchmark_group(name);
    g.sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    g
}

/// `pathfinding`'s bidirectional BFS on `problem`'s successors (used both ways), returning
/// the number of steps.
fn pf_bidirectional<P: Problem>(problem: &P, start: &P::State, goals: &[P::State]) -> usize {
    let next = |s: &P::State| {
        let mut out = Successors::new();
        problem.successors(s, &mut out);
        out.drain().map(|x| x.state).collect::<Vec<_>>()
    };
    let goals: pathfinding::NodeRefs<'_, P::State> = goals.iter().collect();
    pf::bfs_bidirectional(start, goals, next, next)
        .unwrap()
        .len()
        - 1
}

// ---------------------------------------------------------------------------------------
// Grid maze

fn maze(c: &mut Criterion) {
    let m = Maze::random(1000, 1000, 0.28, 42);
    let goal = m.goal;
    let w = m.width;
    let to_start = move |&s: &u32| s / w + s % w;
    let to_goal = |&s: &u32| m.manhattan(s);
    let both = Symmetric(&m);

    let bfs = || Bfs::new().search(&m, 0);
    let bidir = || heurist::bidirectional_bfs(&both, 0, [goal]);
    let astar = || AStar::new().search(&m, 0, to_goal);
    let mm = || heurist::mm(&both, 0, [goal], to_goal, to_start);
    let pf = || pf_bidirectional(&m, &0, &[goal]);

    let case = "maze1000";
    let cost = bfs().cost();
    for (name, r) in [
        ("bfs", bfs()),
        ("bidirectional_bfs", bidir()),
        ("astar", astar()),
        ("mm", mm()),
    ] {
        assert_eq!(r.cost(), cost, "{name}");
        report(case, name, r.cost(), &r.stats);
    }
    assert_eq!(pf() as u32, cost.unwrap());

    let mut g = group(c, case);
    g.bench_function("bfs/heurist", |b| b.iter(|| bfs().cost()));
    g.bench_function("bidirectional_bfs/heurist", |b| b.iter(|| bidir().cost()));
    g.bench_function("bidirectional_bfs/pathfinding", |b| b.iter(pf));
    g.bench_function("astar/heurist", |b| b.iter(|| astar().cost()));
    g.bench_function("mm/heurist", |b| b.iter(|| mm().cost()));
    g.finish();
}

// ---------------------------------------------------------------------------------------
// 15-puzzle

/// The puzzle's states `moves` random moves from the goal, seeds 1 to `count`.
fn walks(p: &fifteen::Puzzle, moves: usize, count: u64) -> Vec<fifteen::Tiles> {
    (1..=count)
        .map(|seed| p.scramble(moves, &mut ChaCha8Rng::seed_from_u64(seed)))
        .collect()
}

/// The instances `starts` of group `name`, with plain BFS only if `with_bfs`.
fn fifteen_group(c: &mut Criterion, name: &str, starts: &[fifteen::Tiles], with_bfs: bool) {
    let p = fifteen::Puzzle::new(4, 4, &fifteen::Puzzle::default_goal(16)).unwrap();
    let goal = p.goal();
    // the Manhattan distance to each start: the same puzzle with the start as its goal
    let backs: Vec<fifteen::Puzzle> = starts
        .iter()
        .map(|&s| fifteen::Puzzle::new(4, 4, &p.unpack(s)).unwrap())
        .collect();
    let both = Symmetric(&p);
    let to_goal = |s: &fifteen::Tiles| fifteen::Manhattan(&p).estimate(s);

    let bfs = |i: usize| Bfs::new().reversible(true).search(&p, starts[i]);
    let bidir = |i: usize| heurist::bidirectional_bfs(&both, starts[i], [goal]);
    let astar = |i: usize| AStar::new().search(&p, starts[i], fifteen::Manhattan(&p));
    let mm = |i: usize| {
        let back = &backs[i];
        let to_start = |s: &fifteen::Tiles| fifteen::Manhattan(back).estimate(s);
        heurist::mm(&both, starts[i], [goal], to_goal, to_start)
    };
    let pf = |i: usize| Some(pf_bidirectional(&p, &starts[i], &[goal]) as u32);

    type Run<'f> = (
        &'static str,
        &'f dyn Fn(usize) -> heurist::SearchResult<fifteen::Tiles, fifteen::Move, u32>,
    );
    let mut runs: Vec<Run> = vec![
        ("bidirectional_bfs", &bidir),
        ("astar", &astar),
        ("mm", &mm),
    ];
    if with_bfs {
        runs.insert(0, ("bfs", &bfs));
    }
    let mut totals = vec![Stats::default(); runs.len()];
    for i in 0..starts.len() {
        let case = format!("{name}#{}", i + 1);
        let cost = astar(i).cost();
        for ((algo, run), total) in runs.iter().zip(&mut totals) {
            let r = run(i);
            assert_eq!(r.cost(), cost, "{algo}");
            report(&case, algo, r.cost(), &r.stats);
            total.expanded += r.stats.expanded;
            total.stored += r.stats.stored;
        }
        assert_eq!(pf(i), cost);
    }
    for ((algo, _), total) in runs.iter().zip(&totals) {
        report(&format!("{name} (sum)"), algo, None, total);
    }

    let all = |f: &dyn Fn(usize) -> Option<u32>| {
        (0..starts.len())
            .map(|i| f(black_box(i)))
            .sum::<Option<u32>>()
    };
    let mut g = group(c, name);
    for (algo, run) in &runs {
        g.bench_function(format!("{algo}/heurist"), |b| {
            b.iter(|| all(&|i| run(i).cost()))
        });
    }
    g.bench_function("bidirectional_bfs/pathfinding", |b| b.iter(|| all(&pf)));
    g.finish();
}

fn fifteen(c: &mut Criterion) {
    let p = fifteen::Puzzle::new(4, 4, &fifteen::Puzzle::default_goal(16)).unwrap();
    fifteen_group(c, "fifteen-walk20", &walks(&p, 20, 5), true);
    fifteen_group(c, "fifteen-walk40", &walks(&p, 40, 5), false);
}

// ---------------------------------------------------------------------------------------
// Rush Hour

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/rush_hour/");

/// `problem`, whose one goal is `target`.
struct Target<'a, P: Problem> {
    problem: &'a P,
    target: P::State,
}

impl<P: Problem> Problem for Target<'_, P> {
    type State = P::State;
    type Action = P::Action;
    type Cost = P::Cost;
    fn is_goal(&self, s: &P::State) -> bool {
        *s == self.target
    }
    fn successors(&self, s: &P::State, out: &mut Successors<P::State, P::Action, P::Cost>) {
        self.problem.successors(s, out)
    }
}

/// The number of vehicles whose positions in `a` and `b` differ.
fn off<const W: usize>(n: usize, a: &rush::Packed<W>, b: &rush::Packed<W>) -> u32 {
    (0..n).filter(|&i| a.get(i) != b.get(i)).count() as u32
}

fn rush_hour_board(c: &mut Criterion, name: &str) {
    let text = std::fs::read_to_string(format!("{DATA}{name}.csv")).unwrap();
    let board = rush::Board::parse_csv(&text, rush::size_from_file_name(name).unwrap()).unwrap();
    let p = rush::RushHour::<2>::new(&board, rush::Metric::Moves);
    let start = rush::RushHour::<2>::start(&board);
    let n = p.vehicles();
    let bfs = || Bfs::new().reversible(true).search(&p, start);
    let reference = bfs();
    let target = *reference.solution().unwrap().goal();
    let to_target = Target {
        problem: &p,
        target,
    };
    let both = Symmetric(&p);
    let h = move |s: &rush::Packed<2>| off(n, s, &target);
    let hb = move |s: &rush::Packed<2>| off(n, s, &start);

    let bidir = || heurist::bidirectional_bfs(&both, start, [target]);
    let astar = || AStar::new().search(&to_target, start, h);
    let mm = || heurist::mm(&both, start, [target], h, hb);
    let pf = || pf_bidirectional(&p, &start, &[target]);

    let cost = reference.cost();
    report(name, "bfs (any goal)", cost, &reference.stats);
    for (algo, r) in [
        ("bidirectional_bfs", bidir()),
        ("astar_target", astar()),
        ("mm", mm()),
    ] {
        assert_eq!(r.cost(), cost, "{algo}");
        report(name, algo, r.cost(), &r.stats);
    }
    assert_eq!(pf() as u32, cost.unwrap());

    let mut g = group(c, name);
    g.bench_function("bfs/heurist", |b| b.iter(|| bfs().cost()));
    g.bench_function("bidirectional_bfs/heurist", |b| b.iter(|| bidir().cost()));
    g.bench_function("bidirectional_bfs/pathfinding", |b| b.iter(pf));
    g.bench_function("astar_target/heurist", |b| b.iter(|| astar().cost()));
    g.bench_function("mm/heurist", |b| b.iter(|| mm().cost()));
    g.finish();
}

fn rush_hour(c: &mut Criterion) {
    rush_hour_board(c, "Rushhour9x9_6");
    rush_hour_board(c, "Rushhour9x9_5");
}

criterion_group!(benches, maze, fifteen, rush_hour);
criterion_main!(benches);
