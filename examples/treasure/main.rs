//! Treasure hunt: find the coins from the clues ("Lovac na blago").
//!
//! ```text
//! cargo run --release --example treasure                      # the original puzzle's first 10x10 grid
//! cargo run --release --example treasure -- grid.txt --algo astar --heuristic ratio --all
//! cargo run --release --example treasure -- --generate 20x20 --seed 7
//! ```
//!
//! Coordinates are 0-based `(row, column)`, as in the original puzzle.

// Some model items (HeuristicKind::ALL, ...) are only used by the tests and the benchmark.
#[allow(dead_code)]
mod model;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use heurist::{CycleCheck, Options, Outcome, SearchResult};
use serde_json::json;

use model::{check_placement, generate, Grid, HeuristicKind, Placement, Treasure};

/// The original puzzle's example (a), the first 10x10 grid of the original assignment.
const BUILT_IN: &str = "\
......2.2.
.01..34.3.
.0.1....4.
....1....2
2......32.
..4...23..
2..0......
2..21.344.
.......3..
.212..3.2.
";

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Algo {
    /// Breadth-first search (fewest coins).
    Bfs,
    /// Depth-first search.
    Dfs,
    /// Iterative-deepening DFS (fewest coins).
    Iddfs,
    /// A* with --heuristic (fewest coins when the heuristic is admissible).
    Astar,
    /// IDA* with --heuristic.
    Idastar,
    /// Greedy best-first search on --heuristic.
    Greedy,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Heur {
    /// No estimate.
    Zero,
    /// The original puzzle's: sum of the remaining deficits (overestimates).
    Original,
    /// Largest single deficit (admissible).
    Max,
    /// Deficit sum / most clues one open cell serves, rounded up (admissible).
    Ratio,
    /// max(max, ratio) (admissible).
    Best,
}

impl From<Heur> for HeuristicKind {
    fn from(h: Heur) -> Self {
        match h {
            Heur::Zero => HeuristicKind::Zero,
            Heur::Original => HeuristicKind::Original,
            Heur::Max => HeuristicKind::Max,
            Heur::Ratio => HeuristicKind::Ratio,
            Heur::Best => HeuristicKind::Best,
        }
    }
}

/// Treasure hunt: clues 0-8 count the coins in the neighbouring cells; find the coins.
#[derive(Parser, Debug)]
#[command(version)]
struct Cli {
    /// Grid file: one line per row, '.' empty, 0-8 a clue. Default: the original puzzle's grid (a).
    file: Option<PathBuf>,
    /// Search algorithm.
    #[arg(long, value_enum, default_value_t = Algo::Dfs)]
    algo: Algo,
    /// Heuristic for astar, idastar and greedy.
    #[arg(long, value_enum, default_value_t = Heur::Best)]
    heuristic: Heur,
    /// Also enumerate and count all solutions and say whether the solution is unique.
    #[arg(long)]
    all: bool,
    /// Print one JSON object: {"solved", "coins", "solutions", "expanded"}.
    #[arg(long)]
    json: bool,
    /// Draw the grid after every step, not only at the end.
    #[arg(long)]
    draw_steps: bool,
    /// Print a random grid with a unique solution, e.g. `--generate 20x20`.
    #[arg(long, value_name = "RxC")]
    generate: Option<String>,
    /// Seed for --generate (ChaCha8: the same seed gives the same grid on every platform).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Coin density for --generate.
    #[arg(long, default_value_t = 0.2)]
    density: f64,
    /// --generate removes clues while the solution stays unique, down to this fraction of
    /// the cells (0: as few as it can, the hardest grids).
    #[arg(long, default_value_t = 0.0)]
    keep: f64,
    /// Only check each clue's bounds at an expansion, without constraint propagation.
    #[arg(long)]
    no_propagation: bool,
    /// Stop the search (and the count) after this many seconds.
    #[arg(long, value_name = "SECS")]
    time_limit: Option<f64>,
    /// Stop the search after this many expansions.
    #[arg(long, value_name = "N")]
    max_expansions: Option<u64>,
}

fn fail(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("treasure: {msg}");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(spec) = &cli.generate {
        return run_generate(&cli, spec);
    }
    let (name, text) = match &cli.file {
        None => ("built-in grid (a)".to_string(), BUILT_IN.to_string()),
        Some(p) => match std::fs::read_to_string(p) {
            Ok(t) => (p.display().to_string(), t),
            Err(e) => return fail(format!("cannot read {}: {e}", p.display())),
        },
    };
    let grid = match Grid::parse(&text) {
        Ok(g) => g,
        Err(e) => return fail(format!("{name}: {e}")),
    };
    if let Some(t) = cli.time_limit {
        if !(t.is_finite() && t >= 0.0) {
            return fail("--time-limit must be a non-negative number of seconds");
        }
    }
    solve(&cli, &name, grid)
}

fn run_generate(cli: &Cli, spec: &str) -> ExitCode {
    let parsed = spec.split_once(['x', 'X']).and_then(|(r, c)| {
        Some((
            r.trim().parse::<usize>().ok()?,
            c.trim().parse::<usize>().ok()?,
        ))
    });
    let Some((rows, cols)) =
        parsed.filter(|&(r, c)| (1..=64).contains(&r) && (1..=64).contains(&c))
    else {
        return fail(format!(
            "--generate {spec:?}: expected ROWSxCOLS with 1..=64 each, e.g. 20x20"
        ));
    };
    if !(0.0..=1.0).contains(&cli.density) || !(0.0..=1.0).contains(&cli.keep) {
        return fail("--density and --keep must lie in 0..=1");
    }
    let t = Instant::now();
    let (grid, coins) = generate(rows, cols, cli.seed, cli.density, cli.keep);
    let elapsed = t.elapsed();
    if cli.json {
        let lines: Vec<String> = grid.to_text().lines().map(str::to_string).collect();
        let coins: Vec<[usize; 2]> = coins.iter().map(|&(r, c)| [r, c]).collect();
        println!(
            "{}",
            json!({"grid": lines, "coins": coins, "seed": cli.seed})
        );
    } else {
        print!("{}", grid.to_text());
        let clues = grid.cells.iter().filter(|c| c.is_some()).count();
        eprintln!(
            "generated {rows}x{cols} (seed {}) in {:.2?}: {clues} clues, {} coins, unique solution",
            cli.seed,
            elapsed,
            coins.len()
        );
    }
    ExitCode::SUCCESS
}

fn run_search(
    p: &Treasure,
    algo: Algo,
    kind: HeuristicKind,
    opts: Options<'_, u32>,
) -> SearchResult<Placement, (usize, usize), u32> {
    let h = p.heuristic(kind);
    let start = p.start();
    match algo {
        Algo::Bfs => heurist::bfs_with(p, start, opts),
        Algo::Dfs => heurist::dfs_with(p, start, opts),
        // The canonical tree has no cycles: the parent check is enough and cheap.
        Algo::Iddfs => heurist::iddfs_with(p, start, opts.cycle_check(CycleCheck::Parent)),
        Algo::Astar => heurist::astar_with(p, start, h, opts),
        Algo::Idastar => heurist::idastar_with(p, start, h, opts.cycle_check(CycleCheck::Parent)),
        Algo::Greedy => heurist::greedy_with(p, start, h, opts),
    }
}

fn solve(cli: &Cli, name: &str, grid: Grid) -> ExitCode {
    let p = Treasure::new(grid).with_propagation(!cli.no_propagation);
    let kind: HeuristicKind = cli.heuristic.into();
    let deadline = cli
        .time_limit
        .map(|t| Instant::now() + Duration::from_secs_f64(t));
    let mut opts = Options::new();
    if let Some(d) = deadline {
        opts = opts.deadline(d);
    }
    if let Some(n) = cli.max_expansions {
        opts = opts.max_expansions(n);
    }
    let result = run_search(&p, cli.algo, kind, opts);
    let count = cli.all.then(|| p.count_solutions(None, deadline));
    let coins = result.solution().map(|s| p.coins(s.goal()));
    if let Some(c) = &coins {
        // Replay check, independent of the search.
        if let Err(e) = check_placement(p.grid(), c) {
            eprintln!("treasure: internal error, the reported placement is wrong: {e}");
            return ExitCode::from(1);
        }
    }
    let stopped = match &result.outcome {
        Outcome::Stopped { reason, .. } => Some(reason.as_str()),
        _ => None,
    };
    let count_incomplete = count.as_ref().is_some_and(|c| !c.complete);

    if cli.json {
        let solved = match (&coins, stopped) {
            (Some(_), _) => json!(true),
            (None, Some(_)) => json!(null),
            (None, None) => json!(false),
        };
        let coin_list: Vec<[usize; 2]> = coins.iter().flatten().map(|&(r, c)| [r, c]).collect();
        // Keys in the issue's order (serde_json's json! would sort them).
        let solutions = count.as_ref().filter(|c| c.complete).map(|c| c.solutions);
        let mut out = format!(
            "{{\"solved\":{},\"coins\":{},\"solutions\":{},\"expanded\":{}",
            solved,
            json!(coin_list),
            json!(solutions),
            result.stats.expanded
        );
        // Only when a limit cut the run short: why, and how many solutions were seen.
        if let Some(reason) = stopped {
            out.push_str(&format!(",\"stopped\":{}", json!(reason)));
        }
        if count_incomplete {
            let seen = count.as_ref().map_or(0, |c| c.solutions);
            out.push_str(&format!(",\"solutions_at_least\":{seen}"));
        }
        out.push('}');
        println!("{out}");
    } else {
        print_text(cli, name, &p, &result, kind);
        if let Some(c) = &count {
            if c.complete {
                let verdict = match c.solutions {
                    0 => "no solution".to_string(),
                    1 => "the solution is unique".to_string(),
                    n => format!("{n} solutions: not unique"),
                };
                println!(
                    "all solutions: {} ({verdict}; {} nodes expanded by the count)",
                    c.solutions, c.expanded
                );
            } else {
                println!(
                    "all solutions: count stopped at the time limit after {} solutions ({} nodes)",
                    c.solutions, c.expanded
                );
            }
        }
    }
    if stopped.is_some() && coins.is_none() || count_incomplete {
        return ExitCode::from(3);
    }
    ExitCode::SUCCESS
}

fn print_text(
    cli: &Cli,
    name: &str,
    p: &Treasure,
    result: &SearchResult<Placement, (usize, usize), u32>,
    kind: HeuristicKind,
) {
    let grid = p.grid();
    let clues = grid.cells.iter().filter(|c| c.is_some()).count();
    let uses_h = matches!(cli.algo, Algo::Astar | Algo::Idastar | Algo::Greedy);
    println!(
        "{name}: {}x{} grid, {clues} clues, {} cells may hold a coin; {:?}{}",
        grid.rows,
        grid.cols,
        p.candidates().len(),
        cli.algo,
        if uses_h {
            format!(
                " with heuristic {} ({})",
                kind.name(),
                if kind.admissible() {
                    "admissible"
                } else {
                    "inadmissible"
                }
            )
        } else {
            String::new()
        }
    );
    println!("{}", grid.render(&[]));
    match &result.outcome {
        Outcome::Found(sol) => {
            let mut placed = Vec::new();
            for (i, step) in sol.steps.iter().enumerate() {
                let (r, c) = step.action;
                placed.push((r, c));
                let served: Vec<String> = grid
                    .neighbours(r, c)
                    .filter_map(|(a, b)| grid.clue(a, b).map(|v| format!("{v}@({a},{b})")))
                    .collect();
                println!(
                    "step {:>3}: coin at ({r}, {c})   next to clues {}",
                    i + 1,
                    served.join(" ")
                );
                if cli.draw_steps {
                    println!("{}", grid.render(&placed));
                }
            }
            println!("\nsolved: {} coins ($)", sol.cost);
            println!("{}", grid.render(&placed));
        }
        Outcome::Exhausted => {
            println!("unsolvable: no placement satisfies every clue (search space exhausted)");
        }
        Outcome::Stopped { reason, .. } => {
            println!(
                "stopped ({}) before a solution was found; unsolvability not proven",
                reason.as_str()
            );
        }
    }
    println!("{}", result.stats);
}
