//! Treasure hunt: find the coins from the clues ("Lovac na blago").
//!
//! ```text
//! cargo run --release --example treasure                      # the original puzzle's first 10x10 grid
//! cargo run --release --example treasure -- grid.txt --algo astar --heuristic ratio --all
//! cargo run --release --example treasure -- --generate 20x20 --seed 7
//! ```
//!
//! Coordinates are 0-based `(row, column)`, as in the original puzzle.
//!
//! Exit status: 0 solved or proven unsolvable (and, with `--all`, counted), 1 stopped by a
//! limit (`--time-limit`, `--max-expansions`, `--max-states`) or cancelled (Ctrl-C: the
//! result so far is printed), 2 bad input. `--generate` obeys `--time-limit` (60 s when not
//! given) and Ctrl-C too: it then prints the grid it has (unique, with more clues than it
//! would have had), says that it gave up, and exits with status 1.

#[path = "../common/mod.rs"]
#[macro_use]
mod common;
use heurist_puzzles::treasure as model;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use heurist::{CancelToken, CycleCheck, Dfs, Limits, Outcome, SearchResult, StopReason};
use serde_json::json;

use common::cli::{
    cancel_on_signals, weight, Algo, LimitArgs, EXIT_HELP, EXIT_STOPPED, GENERATE_TIME_LIMIT,
};
use model::{check_placement, generate_within, Grid, HeuristicKind, Placement, Treasure};

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
#[command(version, after_help = EXIT_HELP)]
struct Cli {
    /// Grid file: one line per row, '.' empty, 0-8 a clue. Default: the original puzzle's grid (a).
    file: Option<PathBuf>,
    /// Search algorithm (every coin costs 1: bfs, iddfs and dijkstra find the fewest coins).
    #[arg(long, value_enum, default_value_t = Algo::Dfs)]
    algo: Algo,
    /// Heuristic for astar, idastar, greedy and wastar.
    #[arg(long, value_enum, default_value_t = Heur::Best)]
    heuristic: Heur,
    /// Weight of wastar (1 to 1e6).
    #[arg(long, value_parser = weight, default_value_t = 2.0)]
    weight: f64,
    /// Also enumerate and count all solutions and say whether the solution is unique (within
    /// the same --time-limit, which the search and the count share, and --max-states).
    #[arg(long)]
    all: bool,
    /// Print one JSON object: {"solved", "coins", "solutions", "expanded"}.
    #[arg(long)]
    json: bool,
    /// Draw the grid after every step, not only at the end.
    #[arg(long)]
    draw_steps: bool,
    /// Print a random grid with a unique solution, e.g. `--generate 20x20`. It stops
    /// removing clues at --time-limit, 60 s by default (give --time-limit SECS to change it),
    /// or at Ctrl-C, prints the grid it has and says so (exit status 1).
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
    /// Search limits. --time-limit bounds the search and the count together (and
    /// --generate); --max-expansions the search only; --max-states each of them.
    #[command(flatten)]
    limits: LimitArgs,
}

fn fail(msg: impl std::fmt::Display) -> ExitCode {
    common::cli::fail("treasure", msg)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let cancel = cancel_on_signals();
    if let Some(spec) = &cli.generate {
        return run_generate(&cli, spec, &cancel);
    }
    let (name, text) = match &cli.file {
        None => ("built-in grid (a)".to_string(), BUILT_IN.to_string()),
        Some(p) => match common::parse::read_file(p) {
            Ok(t) => (p.display().to_string(), t),
            Err(e) => return fail(e),
        },
    };
    let grid = match Grid::parse(&text) {
        Ok(g) => g,
        Err(e) => return fail(format!("{name}: {e}")),
    };
    solve(&cli, &name, grid, &cancel)
}

/// The limits shared by the search, the count and the generator: one deadline for all (a
/// time limit would start again with each) `time_limit` from now, Ctrl-C, the memory bound.
fn shared_limits<'a>(
    cli: &Cli,
    time_limit: Option<Duration>,
    cancel: &CancelToken,
) -> Limits<'a, u32> {
    let mut limits = Limits::new().cancel(cancel.clone());
    if let Some(t) = time_limit {
        // A duration too large to add to the current time is no limit.
        if let Some(deadline) = Instant::now().checked_add(t) {
            limits = limits.deadline(deadline);
        }
    }
    if cli.limits.max_states > 0 {
        limits = limits.max_states(cli.limits.max_states);
    }
    limits
}

fn run_generate(cli: &Cli, spec: &str, cancel: &CancelToken) -> ExitCode {
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
            "--generate {}: expected ROWSxCOLS with 1..=64 each, e.g. 20x20",
            common::parse::shown(spec)
        ));
    };
    if !(0.0..=1.0).contains(&cli.density) || !(0.0..=1.0).contains(&cli.keep) {
        return fail("--density and --keep must lie in 0..=1");
    }
    let t = Instant::now();
    let time_limit = cli.limits.time_limit.unwrap_or(GENERATE_TIME_LIMIT);
    let config = Dfs::new().limits(shared_limits(cli, Some(time_limit), cancel));
    let generated = generate_within(rows, cols, cli.seed, cli.density, cli.keep, &config);
    let elapsed = t.elapsed();
    let (grid, coins) = (&generated.grid, &generated.coins);
    if cli.json {
        let lines: Vec<String> = grid.to_text().lines().map(str::to_string).collect();
        let coins: Vec<[usize; 2]> = coins.iter().map(|&(r, c)| [r, c]).collect();
        let mut v = json!({"grid": lines, "coins": coins, "seed": cli.seed});
        if let Some(reason) = generated.stopped {
            v["stopped"] = json!(reason.as_str());
        }
        outln!("{v}");
    } else {
        out!("{}", grid.to_text());
        let clues = grid.cells.iter().filter(|c| c.is_some()).count();
        eprintln!(
            "generated {rows}x{cols} (seed {}) in {:.2?}: {clues} clues, {} coins, unique solution",
            cli.seed,
            elapsed,
            coins.len()
        );
    }
    if let Some(reason) = generated.stopped {
        let why = match reason {
            StopReason::Deadline if cli.limits.time_limit.is_none() => format!(
                "stopped at the time limit ({} s when no --time-limit is given; give \
                 --time-limit SECS to change it)",
                time_limit.as_secs()
            ),
            StopReason::Deadline => "stopped at the time limit (raise --time-limit)".into(),
            other => format!("stopped ({other})"),
        };
        eprintln!(
            "treasure: gave up removing clues after {elapsed:.2?}, {why}: the grid is unique but \
             keeps more clues than it would have"
        );
        return ExitCode::from(EXIT_STOPPED);
    }
    ExitCode::SUCCESS
}

type Run = SearchResult<Placement, (usize, usize), u32>;

fn run_search(
    p: &Treasure,
    algo: Algo,
    kind: HeuristicKind,
    weight: f64,
    limits: Limits<'_, u32>,
) -> Run {
    // The canonical tree has no cycles: the parent check is enough and cheap.
    let tuning = common::cli::Tuning::new(weight).cycle_check(CycleCheck::Parent);
    common::cli::solve::<_, _, heurist::AllMoves>(
        algo,
        p,
        p.start(),
        p.heuristic(kind),
        tuning,
        limits,
    )
}

fn solve(cli: &Cli, name: &str, grid: Grid, cancel: &CancelToken) -> ExitCode {
    let p = Treasure::new(grid).with_propagation(!cli.no_propagation);
    let kind: HeuristicKind = cli.heuristic.into();
    let shared = shared_limits(cli, cli.limits.time_limit, cancel);
    let mut limits = shared.clone();
    if let Some(n) = cli.limits.max_expansions {
        limits = limits.max_expansions(n);
    }
    let result = run_search(&p, cli.algo, kind, cli.weight, limits);
    // Not after a cancelled search: Ctrl-C stops the whole run.
    let count = (cli.all && result.stop_reason() != Some(StopReason::Cancelled))
        .then(|| p.count_solutions(None, &Dfs::new().limits(shared)));
    let coins = result.solution().map(|s| p.coins(s.goal()));
    if let Some(c) = &coins {
        // Replay check, independent of the search.
        if let Err(e) = check_placement(p.grid(), c) {
            eprintln!("treasure: internal error, the reported placement is wrong: {e}");
            return ExitCode::from(1);
        }
    }
    let stopped = result.stop_reason().map(StopReason::as_str);
    let count_incomplete = cli.all && count.as_ref().is_none_or(|c| !c.complete);

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
            if let Some(reason) = count.as_ref().and_then(|c| c.stopped) {
                out.push_str(&format!(",\"count_stopped\":{}", json!(reason.as_str())));
            }
        }
        out.push('}');
        outln!("{out}");
    } else {
        print_text(cli, name, &p, &result, kind);
        if cli.all && count.is_none() {
            outln!("all solutions: not counted (cancelled)");
        }
        if let Some(c) = &count {
            if c.complete {
                let verdict = match c.solutions {
                    0 => "no solution".to_string(),
                    1 => "the solution is unique".to_string(),
                    n => format!("{n} solutions: not unique"),
                };
                outln!(
                    "all solutions: {} ({verdict}; {} nodes expanded by the count)",
                    c.solutions,
                    c.expanded
                );
            } else {
                outln!(
                    "all solutions: count stopped ({}) after {} solutions ({} nodes)",
                    c.stopped.map_or("a limit", StopReason::as_str),
                    c.solutions,
                    c.expanded
                );
            }
        }
    }
    if stopped.is_some() || count_incomplete {
        return ExitCode::from(EXIT_STOPPED);
    }
    ExitCode::SUCCESS
}

fn print_text(cli: &Cli, name: &str, p: &Treasure, result: &Run, kind: HeuristicKind) {
    let grid = p.grid();
    let clues = grid.cells.iter().filter(|c| c.is_some()).count();
    let uses_h = cli.algo.uses_heuristic();
    outln!(
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
    outln!("{}", grid.render(&[]));
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
                outln!(
                    "step {:>3}: coin at ({r}, {c})   next to clues {}",
                    i + 1,
                    served.join(" ")
                );
                if cli.draw_steps {
                    outln!("{}", grid.render(&placed));
                }
            }
            outln!("\nsolved: {} coins ($)", sol.cost);
            outln!("{}", grid.render(&placed));
        }
        Outcome::Exhausted => {
            outln!("unsolvable: no placement satisfies every clue (search space exhausted)");
        }
        Outcome::Stopped { reason, .. } => {
            outln!(
                "stopped ({}) before a solution was found; unsolvability not proven",
                reason.as_str()
            );
        }
    }
    outln!("{}", result.stats);
}
