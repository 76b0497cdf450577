//! Shortest paths on a grid map in the Moving AI format: one query, printed step by step, or
//! every scenario of a `.scen` file, checked against the optimal lengths it publishes.
//!
//! ```text
//! cargo run --example grid_map                             # a built-in map and query
//! cargo run --release --example grid_map -- data/grids/32room_000.map --from 1,1 --to 500,500
//! cargo run --release --example grid_map -- data/grids/random512-10-0.map   # its .scen beside it
//! cargo run --release --example grid_map -- MAP --scen FILE --algo jps-table --json
//! ```
//!
//! Moves are 8-connected, a straight step costs 1 and a diagonal one sqrt 2; by default a
//! diagonal step may not pass a blocked cell (the benchmark's rule, `--corners`). With a
//! scenario file, `--time-limit` bounds the whole run and the other limits each query;
//! the time limit and Ctrl-C end the run with the summary of the queries done.

#[path = "../common/mod.rs"]
#[macro_use]
mod common;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use common::cli::{cancel_on_signals, fail, LimitArgs, EXIT_HELP, EXIT_STOPPED};
use heurist::grid::{
    parse_map, parse_scenarios, Cell, CornerCutting, Direction, Grid, GridAStar, GridError,
    GridMap, GridResult, GridWorkspace, Jps, JumpTable, Map,
};
use heurist::{AStar, CancelToken, Limits, OrderedF64, Outcome, Workspace};
use serde_json::json;

/// Finds shortest paths on a Moving AI grid map: one query (--from, --to) or a scenario
/// file's queries (--scen, or the map's `.scen` beside it).
#[derive(Parser)]
#[command(after_help = EXIT_HELP)]
struct Args {
    /// The map: a Moving AI `.map` file (`.` `G` `S` passable, anything else blocked).
    /// Without it, a built-in map, from its top left to its bottom right corner.
    map: Option<PathBuf>,
    /// The scenario file to run; without it and without --from/--to, `<map>.scen`.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["from", "to"])]
    scen: Option<PathBuf>,
    /// The start of one query, `x,y` (column, row from 0).
    #[arg(long, value_name = "X,Y", value_parser = cell, requires = "to")]
    from: Option<Cell>,
    /// The goal of one query, `x,y`.
    #[arg(long, value_name = "X,Y", value_parser = cell, requires = "from")]
    to: Option<Cell>,
    /// The search.
    #[arg(long, value_enum, default_value_t = Algo::Jps)]
    algo: Algo,
    /// When a diagonal step may pass blocked cells.
    #[arg(long, value_enum, default_value_t = Corners::Never)]
    corners: Corners,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Clone, Copy, PartialEq, ValueEnum)]
enum Algo {
    /// Jump point search, scanning the map's bits.
    Jps,
    /// Jump point search reading a jump table built once for the map.
    JpsTable,
    /// A* on the grid's own engine.
    GridAstar,
    /// The generic A* on the grid problem.
    Astar,
}

#[derive(Clone, Copy, PartialEq, ValueEnum)]
enum Corners {
    /// Never past a blocked cell (the Moving AI benchmark's rule).
    Never,
    /// Past one blocked cell, not between two.
    NoSqueezing,
    /// Past any blocked cells.
    Allowed,
}

impl From<Corners> for CornerCutting {
    fn from(c: Corners) -> Self {
        match c {
            Corners::Never => CornerCutting::Never,
            Corners::NoSqueezing => CornerCutting::NoSqueezing,
            Corners::Allowed => CornerCutting::Allowed,
        }
    }
}

/// `x,y` as a cell.
fn cell(text: &str) -> Result<Cell, String> {
    let (x, y) = text
        .split_once(',')
        .ok_or_else(|| format!("`{text}` is not `x,y`"))?;
    let coordinate = |part: &str| {
        part.trim()
            .parse::<u32>()
            .map_err(|_| format!("`{part}` is not a coordinate (0 to 4294967295)"))
    };
    Ok(Cell::new(coordinate(x)?, coordinate(y)?))
}

/// One search's engine and the memory it keeps from query to query.
struct Solver<'m> {
    map: &'m GridMap,
    algo: Algo,
    corners: CornerCutting,
    limits: Limits<'static, OrderedF64>,
    cancel: CancelToken,
    /// When a run of scenarios ends (`--time-limit` from the start).
    deadline: Option<Instant>,
    table: Option<JumpTable<'m>>,
    workspace: GridWorkspace<OrderedF64>,
    generic: Workspace<Cell, Direction, OrderedF64>,
}

impl<'m> Solver<'m> {
    fn new(map: &'m GridMap, args: &Args, cancel: &CancelToken) -> Result<Self, GridError> {
        let corners = CornerCutting::from(args.corners);
        let table = match args.algo {
            Algo::JpsTable => Some(JumpTable::new(map, corners)?),
            _ => None,
        };
        let deadline = args
            .limits
            .time_limit
            .and_then(|t| Instant::now().checked_add(t));
        let mut limits = args.limits.limits(cancel);
        if let Some(deadline) = deadline {
            limits = limits.deadline(deadline);
        }
        Ok(Solver {
            map,
            algo: args.algo,
            corners,
            limits,
            cancel: cancel.clone(),
            deadline,
            table,
            workspace: GridWorkspace::new(),
            generic: Workspace::default(),
        })
    }

    fn solve(&mut self, start: Cell, goal: Cell) -> Result<GridResult<OrderedF64>, GridError> {
        let grid = Grid::octile(self.map, goal)?.corner_cutting(self.corners);
        let limits = self.limits.clone();
        match (self.algo, &self.table) {
            (Algo::JpsTable, Some(table)) => Jps::new().limits(limits).search_with_table(
                &mut self.workspace,
                table,
                &grid,
                start,
            ),
            (Algo::Jps | Algo::JpsTable, _) => {
                Jps::new()
                    .limits(limits)
                    .search_in(&mut self.workspace, &grid, start)
            }
            (Algo::GridAstar, _) => {
                GridAStar::new()
                    .limits(limits)
                    .search_in(&mut self.workspace, &grid, start)
            }
            (Algo::Astar, _) => {
                grid.check_start(start)?;
                Ok(AStar::new().limits(limits).search_in(
                    &mut self.generic,
                    &grid,
                    start,
                    grid.heuristic(),
                ))
            }
        }
    }
}

/// The map solved when no file is given.
const BUILT_IN: &str = "type octile\nheight 10\nwidth 20\nmap\n\
                        ..........@.........\n\
                        ..........@.........\n\
                        ...@@@@...@...@@@@..\n\
                        ......@.......@.....\n\
                        ......@@@@@@@@@.....\n\
                        ..@.................\n\
                        ..@.....@@@@@@@@@@@.\n\
                        ..@@@@..@...........\n\
                        ........@...@@@@....\n\
                        ........@...........\n";

fn main() -> ExitCode {
    let mut args = Args::parse();
    let map = match &args.map {
        Some(path) => load(path, parse_map),
        None => {
            args.map = Some(PathBuf::from("built-in map"));
            if args.from.is_none() && args.scen.is_none() {
                args.from = Some(Cell::new(0, 0));
                args.to = Some(Cell::new(19, 9));
            }
            parse_map(BUILT_IN).map_err(|e| e.to_string())
        }
    };
    let map = match map {
        Ok(map) => map,
        Err(e) => return fail("grid_map", e),
    };
    let cancel = cancel_on_signals();
    let mut solver = match Solver::new(&map, &args, &cancel) {
        Ok(solver) => solver,
        Err(e) => return fail("grid_map", e),
    };
    match (args.from, args.to) {
        (Some(start), Some(goal)) => query(&args, &mut solver, start, goal),
        _ => {
            let scen = args.scen.clone().unwrap_or_else(|| {
                let mut name = args.map.clone().unwrap_or_default().into_os_string();
                name.push(".scen");
                name.into()
            });
            scenarios(&args, &mut solver, &scen)
        }
    }
}

/// The map's name as the output shows it.
fn map_name(args: &Args) -> String {
    args.map
        .as_deref()
        .map_or_else(String::new, |p| p.display().to_string())
}

/// A file read and parsed, or an error naming it (and the line and column at fault).
fn load<T, E: std::fmt::Display>(
    path: &Path,
    parse: impl FnOnce(&str) -> Result<T, E>,
) -> Result<T, String> {
    let text = common::parse::read_file(path)?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// One query: the path step by step, or as JSON.
fn query(args: &Args, solver: &mut Solver<'_>, start: Cell, goal: Cell) -> ExitCode {
    let map = solver.map;
    let result = match solver.solve(start, goal) {
        Ok(result) => result,
        Err(e) => return fail("grid_map", e),
    };
    let stats = &result.stats;
    if args.json {
        let mut out = json!({
            "map": map_name(args),
            "from": [start.x, start.y],
            "to": [goal.x, goal.y],
            "expanded": stats.expanded,
            "generated": stats.generated,
        });
        match &result.outcome {
            Outcome::Found(sol) => {
                out["outcome"] = json!("found");
                out["cost"] = json!(sol.cost.0);
                out["steps"] = sol
                    .steps
                    .iter()
                    .map(|s| json!({"move": format!("{:?}", s.action), "to": [s.state.x, s.state.y]}))
                    .collect();
            }
            Outcome::Exhausted => out["outcome"] = json!("unreachable"),
            Outcome::Stopped { reason, .. } => {
                out["outcome"] = json!("stopped");
                out["reason"] = json!(reason.to_string());
            }
        }
        outln!("{out}");
    } else {
        outln!(
            "{}: {} x {}, from {start} to {goal}",
            map_name(args),
            map.width(),
            map.height()
        );
        match &result.outcome {
            Outcome::Found(sol) => {
                outln!("path of {} steps, length {:.5}", sol.len(), sol.cost.0);
                for (i, step) in sol.steps.iter().enumerate() {
                    outln!("{:>5}. {:?} to {}", i + 1, step.action, step.state);
                }
                if map.width() <= 100 && map.height() <= 100 {
                    let path: Vec<Cell> = sol.states().copied().collect();
                    outln!("\n{}", render(map, &path));
                }
            }
            Outcome::Exhausted => outln!("the goal is unreachable"),
            Outcome::Stopped { reason, .. } => outln!("stopped: {reason}"),
        }
        outln!("{stats}");
    }
    if result.stop_reason().is_some() {
        ExitCode::from(EXIT_STOPPED)
    } else {
        ExitCode::SUCCESS
    }
}

/// The map as text, `@` blocked and `.` open, with the path's cells as `*` between its
/// start `S` and its goal `G`.
fn render(map: &GridMap, path: &[Cell]) -> String {
    let mut rows: Vec<Vec<char>> = (0..map.height())
        .map(|y| {
            (0..map.width())
                .map(|x| if map.is_passable(x, y) { '.' } else { '@' })
                .collect()
        })
        .collect();
    for (i, c) in path.iter().enumerate() {
        rows[c.y as usize][c.x as usize] = match i {
            0 => 'S',
            _ if i + 1 == path.len() => 'G',
            _ => '*',
        };
    }
    let lines: Vec<String> = rows.into_iter().map(String::from_iter).collect();
    lines.join("\n")
}

/// Every scenario of a file: how many were solved, how many lengths differ from the
/// published ones, the nodes and the time.
fn scenarios(args: &Args, solver: &mut Solver<'_>, path: &Path) -> ExitCode {
    let list = match load(path, parse_scenarios) {
        Ok(list) => list,
        Err(e) if args.scen.is_none() => {
            return fail("grid_map", format!("{e} (give --from and --to, or --scen)"))
        }
        Err(e) => return fail("grid_map", e),
    };
    let map = solver.map;
    // the published lengths hold for the benchmark's rule only
    let checked = args.corners == Corners::Never;
    let (mut solved, mut unreachable, mut stopped, mut differ) = (0u64, 0u64, 0u64, 0u64);
    let (mut expanded, mut generated) = (0u64, 0u64);
    let mut time = Duration::ZERO;
    for (i, s) in list.iter().enumerate() {
        if !s.fits(map) {
            let why = if (s.width, s.height) != (map.width(), map.height()) {
                format!("is for a {}x{} map", s.width, s.height)
            } else {
                format!("has its start {} or goal {} blocked", s.start, s.goal)
            };
            return fail(
                "grid_map",
                format!(
                    "{}: scenario {} {why}: it does not fit {}",
                    path.display(),
                    i + 1,
                    map_name(args)
                ),
            );
        }
        let started = Instant::now();
        let result = match solver.solve(s.start, s.goal) {
            Ok(result) => result,
            Err(e) => return fail("grid_map", e),
        };
        time += started.elapsed();
        expanded += result.stats.expanded;
        generated += result.stats.generated;
        match result.outcome {
            Outcome::Found(sol) => {
                solved += 1;
                let tolerance = 1e-5 * s.optimal.max(1.0);
                if checked && (sol.cost.0 - s.optimal).abs() > tolerance {
                    differ += 1;
                }
            }
            Outcome::Exhausted => unreachable += 1,
            Outcome::Stopped { .. } => stopped += 1,
        }
        let past = solver.deadline.is_some_and(|d| Instant::now() >= d);
        if solver.cancel.is_cancelled() || past {
            break;
        }
    }
    let run = solved + unreachable + stopped;
    let per_query = time.as_secs_f64() * 1e6 / run.max(1) as f64;
    if args.json {
        outln!(
            "{}",
            json!({
                "map": map_name(args),
                "scenarios": list.len(),
                "run": run,
                "solved": solved,
                "unreachable": unreachable,
                "stopped": stopped,
                "differ_from_published": if checked { json!(differ) } else { json!(null) },
                "expanded": expanded,
                "generated": generated,
                "microseconds_per_query": per_query,
            })
        );
    } else {
        outln!(
            "{}: {run} of {} scenarios run, {solved} solved, {unreachable} unreachable, {stopped} stopped",
            path.display(),
            list.len()
        );
        if checked {
            outln!("lengths that differ from the published optima: {differ}");
        } else {
            outln!("lengths not checked: the published optima forbid corner cutting");
        }
        outln!("expanded {expanded}, generated {generated}; {per_query:.1} µs a query");
    }
    if stopped > 0 || run < list.len() as u64 {
        ExitCode::from(EXIT_STOPPED)
    } else {
        ExitCode::SUCCESS
    }
}
