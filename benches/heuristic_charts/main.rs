//! Heuristic comparison charts for the five puzzle examples.
//!
//! For each domain (Zenji, 15-puzzle, Rush Hour, treasure hunt, dynamic labyrinth) this
//! program solves a small fixed set of instances with each of the domain's heuristics, with
//! A* and (except on Rush Hour, where it takes seconds per board) IDA*. It records
//!
//! * the nodes expanded (`stats.expanded`), summed over the set (deterministic), and
//! * the wall-clock time to solve the whole set, the median of [`RUNS`] repeated solves
//!   measured with [`std::time::Instant`] after one warm-up solve (building the heuristic's
//!   tables is part of a solve, loading the 15-puzzle's pattern databases is not),
//!
//! and writes one SVG per domain, `<dir>/<domain>_heuristics.svg`: two panels side by side,
//! nodes expanded and time, both on a log scale, one bar group per heuristic. Heuristics that
//! can overestimate are labelled "(inadmissible)"; the cost they find may exceed the optimum
//! (the "total cost" column). A markdown table per domain is printed to stdout.
//!
//! ```text
//! cargo bench --bench heuristic_charts -- docs/figures
//! ```
//!
//! Arguments starting with `-` (cargo passes `--bench`) are ignored; the first other one is
//! the output directory (created if missing; default `target/figures`). The 15-puzzle's
//! 6-6-3 pattern databases are loaded from the cache that `benches/fifteen.rs` uses
//! (`$HEURIST_CACHE_DIR`, else `target/heurist-pdb-cache`) and built there first if missing
//! (about a minute, once). A run takes about a minute with the databases cached.

use heurist_puzzles::fifteen;
use heurist_puzzles::labyrinth;
use heurist_puzzles::rush_hour;
use heurist_puzzles::treasure;
use heurist_puzzles::zenji;

mod svg;

use std::error::Error;
use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use heurist::{AStar, CycleCheck, Heuristic, IdaStar};
use rand::SeedableRng;

/// Timed solves of each instance set per heuristic and algorithm (odd, for a true median).
const RUNS: usize = 9;

// ---------------------------------------------------------------------------------------
// Measurements

/// The two searches compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Algo {
    Astar,
    Idastar,
}

impl Algo {
    fn name(self) -> &'static str {
        match self {
            Algo::Astar => "A*",
            Algo::Idastar => "IDA*",
        }
    }
}

/// What one heuristic / algorithm pair measured on a whole instance set.
#[derive(Clone, Copy, Debug)]
struct Measured {
    /// Nodes expanded, summed over the set.
    expanded: u64,
    /// Solution costs, summed over the set.
    cost: u64,
    /// Median wall-clock time of one solve of the whole set.
    median: Duration,
}

/// Solves the set once (warm-up, and the deterministic counts), then [`RUNS`] more times
/// under the clock. `solve` returns (nodes expanded, total cost).
fn measure(mut solve: impl FnMut() -> (u64, u64)) -> Measured {
    let (expanded, cost) = solve();
    let mut times: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let t0 = Instant::now();
            black_box(solve());
            t0.elapsed()
        })
        .collect();
    times.sort();
    Measured {
        expanded,
        cost,
        median: times[RUNS / 2],
    }
}

/// One bar group: a heuristic and its result per algorithm of the figure.
struct Group {
    name: String,
    admissible: bool,
    /// In the order of [`Figure::algos`]; `None`: not run.
    results: Vec<Option<Measured>>,
}

/// One domain's figure and table.
struct Figure {
    /// File stem: `<key>_heuristics.svg`.
    key: &'static str,
    /// Title, naming the instance set.
    title: String,
    /// Number of instances in the set.
    instances: usize,
    /// What the timed solve includes or leaves out, for the figure's subtitle.
    note: String,
    algos: Vec<Algo>,
    groups: Vec<Group>,
}

impl Figure {
    fn new(key: &'static str, title: String, instances: usize, algos: &[Algo]) -> Self {
        Figure {
            key,
            title,
            instances,
            note: String::new(),
            algos: algos.to_vec(),
            groups: Vec::new(),
        }
    }

    /// Measures one heuristic with every algorithm of the figure; `solve(algo)` solves the
    /// whole set once.
    fn add(&mut self, name: &str, admissible: bool, mut solve: impl FnMut(Algo) -> (u64, u64)) {
        let results = self
            .algos
            .clone()
            .into_iter()
            .map(|a| {
                let m = measure(|| solve(a));
                eprintln!(
                    "  {:<10} {:<24} {:<5} {:>12} expanded {:>12}",
                    self.key,
                    name,
                    a.name(),
                    m.expanded,
                    fmt_time(m.median)
                );
                Some(m)
            })
            .collect();
        self.groups.push(Group {
            name: name.to_string(),
            admissible,
            results,
        });
    }

    /// The markdown table of the measurements.
    fn table(&self) -> String {
        let mut s = format!("### {}\n\n", self.title);
        s.push_str(&format!(
            "Nodes expanded and costs summed over the {} instances; time: median of {RUNS} \
             solves of the whole set. {}\n\n",
            self.instances, self.note
        ));
        s.push_str("| heuristic | algorithm | nodes expanded | median time | total cost |\n");
        s.push_str("|---|---|---:|---:|---:|\n");
        for g in &self.groups {
            for (a, r) in self.algos.iter().zip(&g.results) {
                let (nodes, time, cost) = match r {
                    Some(m) => (
                        thousands(m.expanded),
                        fmt_time(m.median),
                        m.cost.to_string(),
                    ),
                    None => ("—".into(), "not run".into(), "—".into()),
                };
                s.push_str(&format!(
                    "| {} | {} | {nodes} | {time} | {cost} |\n",
                    label(g),
                    a.name()
                ));
            }
        }
        s
    }
}

/// A heuristic's label, marked when it can overestimate.
fn label(g: &Group) -> String {
    if g.admissible {
        g.name.clone()
    } else {
        format!("{} (inadmissible)", g.name)
    }
}

fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

fn fmt_time(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 1.0 {
        format!("{s:.2} s")
    } else if s >= 1e-3 {
        format!("{:.2} ms", s * 1e3)
    } else {
        format!("{:.1} µs", s * 1e6)
    }
}

// ---------------------------------------------------------------------------------------
// Zenji

fn zenji_figure() -> Result<Figure, Box<dyn Error>> {
    use zenji::{generate, Grid, HeuristicKind, Rules, Zenji};
    const SEEDS: [u64; 4] = [1, 2, 3, 4];
    let mut problems = Vec::new();
    for n in [8usize, 16] {
        let grids: Vec<Grid> = SEEDS.iter().map(|&s| generate(n, n, s)).collect();
        for rules in [Rules::Base, Rules::Free] {
            problems.extend(grids.iter().map(|g| Zenji::new(g.clone(), rules)));
        }
    }
    let mut fig = Figure::new(
        "zenji",
        format!(
            "Zenji: generated 8x8 and 16x16 maps (seeds 1-4), base and free rules ({} problems)",
            problems.len()
        ),
        problems.len(),
        &[Algo::Astar, Algo::Idastar],
    );
    fig.note = "A*; IDA* with parent-cycle checking. Building each heuristic's table is part of the timed solve.".into();
    for kind in HeuristicKind::ALL {
        fig.add(kind.name(), kind.admissible(), |algo| {
            let (mut expanded, mut cost) = (0, 0);
            for p in &problems {
                let h = p.heuristic(kind);
                let r = match algo {
                    Algo::Astar => AStar::new().search(p, p.start(), h),
                    Algo::Idastar => {
                        IdaStar::new()
                            .cycle_check(CycleCheck::Parent)
                            .search(p, p.start(), h)
                    }
                };
                expanded += r.stats.expanded;
                cost += u64::from(r.cost().expect("generated maps are solvable"));
            }
            (expanded, cost)
        });
    }
    Ok(fig)
}

// ---------------------------------------------------------------------------------------
// 15-puzzle

/// Solves every start with `algo` and a fresh heuristic from `h`.
fn fifteen_set<H: Heuristic<fifteen::Puzzle>>(
    p: &fifteen::Puzzle,
    starts: &[fifteen::Tiles],
    algo: Algo,
    h: impl Fn() -> H,
) -> (u64, u64) {
    let (mut expanded, mut cost) = (0, 0);
    for &s in starts {
        let r = match algo {
            Algo::Astar => AStar::new().search(p, s, h()),
            Algo::Idastar => IdaStar::new()
                .cycle_check(CycleCheck::Parent)
                .search(p, s, h()),
        };
        expanded += r.stats.expanded;
        cost += u64::from(r.cost().expect("scrambled instances are solvable"));
    }
    (expanded, cost)
}

fn fifteen_figure() -> Result<Figure, Box<dyn Error>> {
    use fifteen::{default_partition, LinearConflict, Manhattan, Misplaced, PdbHeuristic, Puzzle};
    let p = Puzzle::new(4, 4, &Puzzle::default_goal(16))?;
    // The instances of benches/fifteen.rs: four random walks of 28 moves from the goal
    // (ChaCha8, seed 15: the same on every platform).
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(15);
    let starts: Vec<_> = (0..4).map(|_| p.scramble(28, &mut rng)).collect();
    let t0 = Instant::now();
    let (pdb, _) = PdbHeuristic::cached(
        &p,
        &default_partition(&p),
        true,
        &fifteen::default_cache_dir(),
        &heurist::pdb::BuildLimits::new(),
        |_, _| {},
    )?;
    eprintln!(
        "  fifteen: pattern databases ready in {}",
        fmt_time(t0.elapsed())
    );
    let optimal: Vec<u32> = starts
        .iter()
        .map(|&s| AStar::new().search(&p, s, &pdb).cost().expect("solvable"))
        .collect();
    let mut fig = Figure::new(
        "fifteen",
        format!(
            "15-puzzle: 4 random walks of 28 moves from the goal (optimal {} moves)",
            optimal
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        starts.len(),
        &[Algo::Astar, Algo::Idastar],
    );
    fig.note =
        "A*; IDA* with parent-cycle checking. The pattern databases are loaded before timing."
            .into();
    fig.add("misplaced", true, |a| {
        fifteen_set(&p, &starts, a, || Misplaced(&p))
    });
    fig.add("manhattan", true, |a| {
        fifteen_set(&p, &starts, a, || Manhattan(&p))
    });
    fig.add("linear-conflict", true, |a| {
        fifteen_set(&p, &starts, a, || LinearConflict(&p))
    });
    fig.add("pdb 6-6-3", true, |a| fifteen_set(&p, &starts, a, || &pdb));
    Ok(fig)
}

// ---------------------------------------------------------------------------------------
// Rush Hour

fn rush_astar<const W: usize>(
    b: &rush_hour::Board,
    metric: rush_hour::Metric,
    kind: rush_hour::HeuristicKind,
) -> (u64, u64) {
    use rush_hour::{RushHeuristic, RushHour};
    let p = RushHour::<W>::new(b, metric);
    let h = RushHeuristic::new(&p, kind);
    let r = AStar::new()
        .move_pruning()
        .search(&p, RushHour::<W>::start(b), h);
    (
        r.stats.expanded,
        u64::from(r.cost().expect("course boards are solvable")),
    )
}

fn rush_hour_figure() -> Result<Figure, Box<dyn Error>> {
    use rush_hour::{Board, HeuristicKind, Metric};
    const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/rush_hour/");
    const NAMES: [&str; 4] = [
        "Rushhour6x6_1",
        "Rushhour6x6_2",
        "Rushhour6x6_3",
        "Rushhour9x9_4",
    ];
    let mut boards = Vec::new();
    for name in NAMES {
        let text = std::fs::read_to_string(format!("{DATA}{name}.csv"))?;
        let size = rush_hour::size_from_file_name(name).ok_or("board size")?;
        boards.push(Board::parse_csv(&text, size)?);
    }
    let metric = Metric::Moves;
    let mut fig = Figure::new(
        "rush_hour",
        "Rush Hour: course boards 6x6_1, 6x6_2, 6x6_3 and 9x9_4 (moves metric)".into(),
        boards.len(),
        &[Algo::Astar],
    );
    fig.note = "A* only: IDA* takes seconds even on the easiest course board (many transpositions). Move pruning on, as the model ships.".into();
    for (name, kind, admissible) in [
        ("zero", HeuristicKind::Zero, true),
        ("blockers", HeuristicKind::Blockers, true),
        ("blocked", HeuristicKind::Blocked, true),
        ("deep", HeuristicKind::Deep, true),
        ("chain", HeuristicKind::Chain, false),
        ("relaxed-plan", HeuristicKind::Relaxed, false),
    ] {
        fig.add(name, admissible, |_| {
            let (mut expanded, mut cost) = (0, 0);
            for b in &boards {
                // The state size the board needs, as benches/rush_hour.rs picks it.
                let (e, c) = match b.words() {
                    1 => rush_astar::<1>(b, metric, kind),
                    2 => rush_astar::<2>(b, metric, kind),
                    _ => rush_astar::<4>(b, metric, kind),
                };
                expanded += e;
                cost += c;
            }
            (expanded, cost)
        });
    }
    Ok(fig)
}

// ---------------------------------------------------------------------------------------
// Treasure hunt

fn treasure_figure() -> Result<Figure, Box<dyn Error>> {
    use treasure::{Grid, HeuristicKind, Treasure};
    const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/treasure/");
    const NAMES: [&str; 6] = [
        "4x4.txt",
        "6x6.txt",
        "7x7.txt",
        "8x8.txt",
        "10x10_a.txt",
        "10x10_b.txt",
    ];
    let mut problems = Vec::new();
    for name in NAMES {
        let text = std::fs::read_to_string(format!("{DATA}{name}"))?;
        problems.push(Treasure::new(Grid::parse(&text)?));
    }
    let mut fig = Figure::new(
        "treasure",
        "Treasure hunt: the original grids 4x4, 6x6, 7x7, 8x8, 10x10_a and 10x10_b".into(),
        problems.len(),
        &[Algo::Astar, Algo::Idastar],
    );
    fig.note =
        "A*; IDA* with parent-cycle checking. Constraint propagation on, as the model ships."
            .into();
    for kind in HeuristicKind::ALL {
        fig.add(kind.name(), kind.admissible(), |algo| {
            let (mut expanded, mut cost) = (0, 0);
            for p in &problems {
                let r = match algo {
                    Algo::Astar => AStar::new().search(p, p.start(), p.heuristic(kind)),
                    Algo::Idastar => IdaStar::new().cycle_check(CycleCheck::Parent).search(
                        p,
                        p.start(),
                        p.heuristic(kind),
                    ),
                };
                expanded += r.stats.expanded;
                cost += u64::from(r.cost().expect("the original grids are solvable"));
            }
            (expanded, cost)
        });
    }
    Ok(fig)
}

// ---------------------------------------------------------------------------------------
// Dynamic labyrinth

/// The first generated board of that size with an optimum of at least `min_cost` moves (as in
/// benches/labyrinth.rs).
fn pick_labyrinth(rows: usize, cols: usize, min_cost: u32) -> (String, labyrinth::Board) {
    let (seed, _, board) = labyrinth::generate::first_solvable(rows, cols, min_cost);
    (format!("{rows}x{cols}-s{seed}"), board)
}

fn labyrinth_figure() -> Result<Figure, Box<dyn Error>> {
    use labyrinth::{Board, CostModel, HeuristicKind, LabHeuristic, Labyrinth};
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/labyrinth/Puzzle_6.CSV"
    ))?;
    let mut boards = vec![(
        "Puzzle_6".to_string(),
        Board::parse(&text).map_err(|e| e.to_string())?,
    )];
    boards.push(pick_labyrinth(5, 5, 3));
    boards.push(pick_labyrinth(6, 6, 3));
    boards.push(pick_labyrinth(7, 7, 3));
    let model = CostModel::Steps;
    let problems: Vec<Labyrinth> = boards
        .iter()
        .map(|(_, b)| Labyrinth {
            board: b.clone(),
            model,
        })
        .collect();
    let names: Vec<&str> = boards.iter().map(|(n, _)| n.as_str()).collect();
    let mut fig = Figure::new(
        "labyrinth",
        format!("Dynamic labyrinth: {} (steps cost model)", names.join(", ")),
        problems.len(),
        &[Algo::Astar, Algo::Idastar],
    );
    fig.note = "A*; IDA* with default options. Generated boards: the first seed of each size with an optimum of at least 3 moves.".into();
    for (name, kind) in [
        ("zero", HeuristicKind::Zero),
        ("lookahead", HeuristicKind::Lookahead),
        ("steps", HeuristicKind::Steps),
        ("manhattan", HeuristicKind::Manhattan),
    ] {
        fig.add(name, kind.admissible(model), |algo| {
            let (mut expanded, mut cost) = (0, 0);
            for p in &problems {
                let h = LabHeuristic {
                    board: &p.board,
                    kind,
                };
                let s = p.board.start_state();
                let r = match algo {
                    Algo::Astar => AStar::new().search(p, s, h),
                    Algo::Idastar => IdaStar::new().search(p, s, h),
                };
                expanded += r.stats.expanded;
                cost += u64::from(r.cost().expect("the chosen boards are solvable"));
            }
            (expanded, cost)
        });
    }
    Ok(fig)
}

// ---------------------------------------------------------------------------------------

fn main() -> Result<(), Box<dyn Error>> {
    let dir = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .map_or_else(
            || PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../target/figures")),
            PathBuf::from,
        );
    std::fs::create_dir_all(&dir)?;
    let t0 = Instant::now();
    type Make = fn() -> Result<Figure, Box<dyn Error>>;
    let figures: [Make; 5] = [
        zenji_figure,
        fifteen_figure,
        rush_hour_figure,
        treasure_figure,
        labyrinth_figure,
    ];
    for make in figures {
        let fig = make()?;
        let path = dir.join(format!("{}_heuristics.svg", fig.key));
        svg::draw_figure(&fig, &path)?;
        println!("{}", fig.table());
        println!("Figure: `{}`\n", path.display());
    }
    eprintln!("total {}", fmt_time(t0.elapsed()));
    Ok(())
}
