//! Rush Hour solver: optimal in moves or steps (BFS, A*, IDA*, ...), fast non-optimal search
//! for big boards (weighted A*, greedy), a board generator and a difficulty study.
//!
//! ```text
//! cargo run --release --example rush_hour                      # course board 1, step by step
//! cargo run --release --example rush_hour -- data/rush_hour/Rushhour9x9_6.csv --metric steps
//! cargo run --release --example rush_hour -- --board IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM --json
//! cargo run --release --example rush_hour -- data/rush_hour/Rushhour12x12_7.csv --algo wastar --prune
//! cargo run --release --example rush_hour -- data/rush_hour/Rushhour12x12_7.csv --prune \
//!     --heuristic deep --cost-bound 24 --max-states 330000000 --progress 120
//!     # proves that no solution of at most 24 moves exists, so the 25 above are optimal
//!     # (289 M states, 32 min, 18.6 GB)
//! cargo run --release --example rush_hour -- data/rush_hour/Rushhour12x12_7.csv --algo anytime \
//!     --time-limit 60   # better solutions as they come, each with a proven lower bound
//! cargo run --release --example rush_hour -- data/rush_hour/Rushhour9x9_5.csv --disk /tmp/rh \
//!     --heuristic deep   # the states on disk (138 MB of memory here, 495 MB in memory)
//! cargo run --release --example rush_hour -- data/rush_hour/Rushhour9x9_5.csv --threads 2
//!     # A* in batched rounds on two threads
//! cargo run --release --example rush_hour -- --generate --size 6 --min-moves 20 --seed 7
//! cargo run --release --example rush_hour -- --study 40
//! ```
//!
//! Exit status: 0 solved or proven unsolvable, 1 stopped by a limit or cancelled (Ctrl-C:
//! the result so far is printed), 2 bad input or an I/O error.

mod anytime;
#[path = "../common/mod.rs"]
mod common;
use heurist_puzzles::rush_hour as model;

use std::fmt::Write as _;
use std::fs::File;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::parser::ValueSource;
use clap::{CommandFactory, FromArgMatches, Parser, ValueEnum};
use common::cli::{self, Algo, LimitArgs, EXIT_HELP};
use heurist::disk::{DiskBfs, LayerReport};
use heurist::{AStar, Bfs, Limits, OpenList, Outcome, SearchResult, Stats, StopReason};
use model::{
    merge_moves, replay, solved, Board, HeuristicKind, Metric, Move, Packed, RushHeuristic,
    RushHour, BOARD_1,
};
use serde_json::json;

const PROGRAM: &str = "rush_hour";

/// The memory bound of a search: 60 to 75 bytes a stored state (64 measured on 12x12 with
/// 289 M states), so at most about 4 GB.
const MAX_STATES: &str = "50000000";
/// The memory bound of each of the generator's checks, unless --max-states is given.
const GENERATOR_MAX_STATES: usize = 300_000;

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
enum MetricArg {
    Moves,
    Steps,
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
enum OpenListArg {
    Buckets,
    Lazy,
    Indexed,
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
enum HeuristicArg {
    Zero,
    Blockers,
    Blocked,
    /// Inadmissible chain-of-blockers count (for wastar/greedy on big boards).
    Chain,
    /// Inadmissible relaxed plan (the best guide for wastar/greedy on big boards).
    Relaxed,
    /// Admissible, moves metric: the fewest vehicles forced to move, chains followed deep.
    Deep,
}

/// Solve Rush Hour boards optimally (moves or steps) or generate hard ones.
#[derive(Parser, Debug)]
#[command(
    version,
    about = "Rush Hour: slide the vehicles until the red car X leaves through the right edge, optimally in moves or steps; also generates boards",
    after_help = EXIT_HELP,
    mut_arg("max_states", |a| a.default_value(MAX_STATES).help(
        "Stop the search when it holds this many states (reports a lower bound for optimal \
         searches); 0 for no limit. Default 50 million for a search (at most about 4 GB), \
         300 000 for each of the generator's checks"
    ))
)]
struct Cli {
    /// Board file in the course CSV format (size from the name, e.g. `Rushhour9x9_4.csv`,
    /// or `--size`). Without a file or --board: the built-in course board 1.
    file: Option<PathBuf>,
    /// A 6x6 board as 36 characters (`o` empty, `x` wall, `A` red car).
    #[arg(long, conflicts_with = "file")]
    board: Option<String>,
    /// Board side for a CSV file whose name does not say it; for --generate: 6, 9 or 12.
    #[arg(long)]
    size: Option<usize>,
    /// What to minimise: moves (slide any distance = 1) or steps (one cell = 1).
    #[arg(long, value_enum, default_value = "moves")]
    metric: MetricArg,
    /// Search algorithm.
    #[arg(long, value_enum, default_value = "astar")]
    algo: Algo,
    /// Heuristic for astar, idastar, wastar, greedy, anytime [default: relaxed for wastar and
    /// greedy, blocked otherwise; anytime needs an admissible one for proven bounds].
    #[arg(long, value_enum)]
    heuristic: Option<HeuristicArg>,
    /// For --algo anytime: the estimate that orders the search while the weight is above 1
    /// (it need not be admissible; the bounds and the final optimum come from --heuristic).
    #[arg(long, value_enum, default_value = "relaxed")]
    guide: HeuristicArg,
    /// Weight of weighted A* (1 to 1e6), the starting weight of anytime A*.
    #[arg(long, default_value = "2", value_parser = cli::weight)]
    weight: f64,
    /// Expand only the moves of a strong stubborn set: far fewer states, still optimal.
    #[arg(long)]
    prune: bool,
    /// Turn off move pruning (on by default in the optimal searches: after a move of a
    /// vehicle its own moves, or under steps its step back, are not generated; BFS does so
    /// for every vehicle by which it has reached a state).
    #[arg(long)]
    no_move_pruning: bool,
    /// Write the solution as `car,move` CSV lines (positive = right/down) to this file
    /// (opened before the search).
    #[arg(long)]
    output: Option<PathBuf>,
    /// Print one JSON object instead of the boards.
    #[arg(long)]
    json: bool,
    /// Print only the summary and the move list, not every board.
    #[arg(long)]
    quiet: bool,
    #[command(flatten)]
    limits: LimitArgs,
    /// Ignore solutions costing more than this (moves or steps). With an optimal algorithm a
    /// search that ends by this bound proves that no solution of at most this cost exists;
    /// give it a known solution's cost minus one to prove that solution optimal.
    #[arg(long)]
    cost_bound: Option<u32>,
    /// The open list of the A*-like searches: a bucket queue (fastest here), a lazy binary
    /// heap, or an indexed heap with decrease-key.
    #[arg(long, value_enum, default_value = "buckets")]
    open_list: OpenListArg,
    /// Print search progress on stderr every SECS seconds.
    #[arg(long, value_name = "SECS", value_parser = cli::seconds)]
    progress: Option<Duration>,
    /// Search on N threads (0: one per core): BFS level by level, A* in batched rounds.
    /// Pays on boards of millions of states; only with --algo bfs or astar. At most 256.
    #[arg(long, value_name = "N", value_parser = cli::threads)]
    threads: Option<usize>,
    /// Search on disk, in this work directory, holding the states in files rather than in
    /// memory: breadth-first heuristic search (optimal, with an admissible --heuristic),
    /// for boards whose searches outgrow memory. A run stopped by a limit or Ctrl-C
    /// continues when given the same directory again. Not with --prune or --threads
    /// (it runs on every core); --algo is not used.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["prune", "threads", "generate"])]
    disk: Option<PathBuf>,
    /// With --disk: start at this bound on moves plus estimate, skipping the iterations
    /// below it (for a known lower bound; a larger one still gives an optimal solution,
    /// at the price of more states). With --cost-bound equal to it, one iteration proves
    /// that no solution has that many moves or fewer.
    #[arg(long, value_name = "MOVES", requires = "disk")]
    first_bound: Option<u64>,
    /// With --disk: test the bound on each successor as it is generated rather than on
    /// each new state after deduplication: far fewer bytes on disk, a test of every
    /// successor (with deep, a search that stops at its first proof either way), for
    /// boards whose successor files would fill the disk.
    #[arg(long, requires = "disk")]
    bound_on_write: bool,
    /// With --disk: the memory budget, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 1024, requires = "disk")]
    disk_memory: usize,
    /// Generate a board (course CSV on stdout) with at least --min-moves optimal moves. It
    /// gives up after 20000 tries or at --time-limit, 60 s by default (give --time-limit SECS
    /// to change it), and says so (exit status 1).
    #[arg(long)]
    generate: bool,
    /// Minimum optimal move count for --generate.
    #[arg(long, default_value_t = 15)]
    min_moves: u32,
    /// Random seed for --generate and --study.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print a difficulty study (markdown table) of the 6x6 course boards, the hardest known
    /// 6x6, hill-climbed generated boards and N random 6x6 boards.
    #[arg(long, value_name = "N")]
    study: Option<usize>,
}

fn main() -> ExitCode {
    let matches = Cli::command().get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let max_states_given = matches.value_source("max_states") == Some(ValueSource::CommandLine);
    match run(&cli, max_states_given) {
        Ok(code) => code,
        Err(msg) => cli::fail(PROGRAM, msg),
    }
}

fn run(cli: &Cli, max_states_given: bool) -> Result<ExitCode, String> {
    if let Some(n) = cli.study {
        if let Err(e) = model::study(n, cli.seed, &mut std::io::stdout().lock()) {
            common::stdout_failed(e);
        }
        return Ok(ExitCode::SUCCESS);
    }
    if cli.generate {
        return generate(cli, max_states_given);
    }
    if cli.disk.is_some() && cli.algo != Algo::Astar {
        return Err("--disk runs breadth-first heuristic search; --algo does not apply".into());
    }
    if cli.threads.is_some() && !matches!(cli.algo, Algo::Bfs | Algo::Astar) {
        return Err("--threads works with --algo bfs or astar".into());
    }
    let (board, label) = load(cli)?;
    // checked before the search: a bad path is reported now, not after an hour of search
    let output = match &cli.output {
        Some(path) => Some(
            File::options()
                .write(true)
                .create(true)
                .truncate(false)
                .open(path)
                .map_err(|e| format!("{}: {e}", path.display()))
                .map(|f| (path, f))?,
        ),
        None => None,
    };
    // (boards of up to 16 vehicles, 6x6 ones among them, take two words too: their
    // searches are short, and the program compiles each search three times, not four)
    match board.words() {
        1 | 2 => solve::<2>(cli, &board, &label, output),
        3 => solve::<3>(cli, &board, &label, output),
        _ => solve::<4>(cli, &board, &label, output),
    }
}

fn load(cli: &Cli) -> Result<(Board, String), String> {
    if let Some(s) = &cli.board {
        let b = Board::parse_compact(s).map_err(|e| format!("--board: {e}"))?;
        return Ok((b, s.clone()));
    }
    let Some(path) = &cli.file else {
        let b = Board::parse_csv(BOARD_1, 6).map_err(|e| e.to_string())?;
        return Ok((b, "built-in board 1 (Rushhour6x6_1)".into()));
    };
    let shown = path.display();
    let text = common::parse::read_file(path)?;
    let name = path
        .file_name()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_default();
    let size = cli
        .size
        .or_else(|| model::size_from_file_name(&name))
        .ok_or_else(|| {
            format!("{shown}: cannot tell the board size from the file name; use --size N")
        })?;
    let b = Board::parse_csv(&text, size).map_err(|e| format!("{shown}: {e}"))?;
    Ok((b, shown.to_string()))
}

/// The heuristic asked for, or the default for the algorithm.
fn heuristic_of(cli: &Cli) -> HeuristicArg {
    cli.heuristic.unwrap_or(match cli.algo {
        Algo::Wastar | Algo::Greedy => HeuristicArg::Relaxed,
        _ => HeuristicArg::Blocked,
    })
}

/// Whether the answer of the chosen search is optimal (with `--prune` too).
fn optimal(cli: &Cli) -> bool {
    let admissible = !matches!(
        heuristic_of(cli),
        HeuristicArg::Chain | HeuristicArg::Relaxed
    );
    match cli.algo {
        // every move costs 1 under either metric: the fewest moves are the cheapest
        Algo::Bfs | Algo::Iddfs | Algo::Dijkstra => true,
        // anytime: when the search ends with the best solution proven optimal
        Algo::Astar | Algo::Idastar | Algo::Anytime => admissible,
        Algo::Dfs | Algo::Greedy | Algo::Wastar => false,
    }
}

type Res<const W: usize> = SearchResult<Packed<W>, Move, u32>;

/// The model's heuristic for a `--heuristic` or `--guide` value.
fn kind_of(arg: HeuristicArg) -> HeuristicKind {
    match arg {
        HeuristicArg::Zero => HeuristicKind::Zero,
        HeuristicArg::Blockers => HeuristicKind::Blockers,
        HeuristicArg::Blocked => HeuristicKind::Blocked,
        HeuristicArg::Chain => HeuristicKind::Chain,
        HeuristicArg::Relaxed => HeuristicKind::Relaxed,
        HeuristicArg::Deep => HeuristicKind::Deep,
    }
}

/// What every search of `problem` is given: the heuristic, the limits, the tuning.
fn setup<'a, const W: usize>(
    cli: &Cli,
    problem: &RushHour<W>,
) -> (RushHeuristic<W>, Limits<'a, u32>, cli::Tuning) {
    let h = RushHeuristic::new(problem, kind_of(heuristic_of(cli)));
    let open = match cli.open_list {
        OpenListArg::Buckets => OpenList::Buckets,
        OpenListArg::Lazy => OpenList::Lazy,
        OpenListArg::Indexed => OpenList::Indexed,
    };
    let cancel = cli::cancel_on_signals();
    let mut limits: Limits<'_, u32> = cli.limits.limits(&cancel);
    if let Some(b) = cli.cost_bound {
        limits = limits.cost_bound(b);
    }
    if let Some(t) = cli.progress {
        let t0 = Instant::now();
        limits = limits.on_progress(t, move |s| {
            eprintln!(
                "[{:>7.1}s] expanded {} stored {} frontier {}",
                t0.elapsed().as_secs_f64(),
                s.expanded,
                s.stored,
                s.max_frontier
            );
        });
    }
    // every slide can be slid back, unless stubborn sets leave the way back out
    let reversible = !problem.prune;
    let tuning = cli::Tuning::new(cli.weight)
        .open_list(open)
        .reversible(reversible);
    (h, limits, tuning)
}

/// Runs the chosen algorithm on `problem`, with move pruning in the searches that offer it
/// (which `--no-move-pruning` turns off in the problem: see [`RushHour::move_pruning`]).
fn search<const W: usize>(cli: &Cli, problem: &RushHour<W>, start: Packed<W>) -> Res<W> {
    let (h, limits, tuning) = setup(cli, problem);
    if let Some(threads) = cli.threads {
        // (checked in `run`: only these two algorithms)
        return if cli.algo == Algo::Bfs {
            Bfs::new()
                .limits(limits)
                .reversible(tuning.reversible)
                .move_pruning()
                .search_parallel(threads, problem, start)
        } else {
            AStar::new()
                .limits(limits)
                .move_pruning()
                .search_parallel_batched(threads, problem, start, h)
        };
    }
    cli::solve::<_, _, heurist::Pruned>(cli.algo, problem, start, h, tuning, limits)
}

/// `--disk`: breadth-first heuristic search with the states in `dir`, on every core, with
/// the flags' heuristic, cost bound, time limit and expansion limit, and Ctrl-C.
fn disk_search<const W: usize>(
    cli: &Cli,
    dir: &Path,
    problem: &RushHour<W>,
    start: Packed<W>,
) -> Result<Res<W>, String> {
    if !optimal(cli) {
        return Err("--disk needs an admissible --heuristic (blocked, deep or zero)".into());
    }
    let h = RushHeuristic::new(problem, kind_of(heuristic_of(cli)));
    let mut run = DiskBfs::new(dir)
        .reversible(true) // every slide can be slid back
        .memory_budget(cli.disk_memory << 20)
        .bound_on_write(cli.bound_on_write)
        .cancel(cli::cancel_on_signals());
    if let Some(b) = cli.cost_bound {
        run = run.cost_bound(b.into());
    }
    if let Some(b) = cli.first_bound {
        run = run.first_bound(b);
    }
    if let Some(t) = cli.limits.time_limit {
        run = run.time_limit(t);
    }
    if let Some(n) = cli.limits.max_expansions {
        run = run.max_expansions(n);
    }
    if let Some(every) = cli.progress {
        let mut last = Instant::now();
        run = run.on_layer(move |layer: &LayerReport| {
            if last.elapsed() >= every {
                last = Instant::now();
                eprintln!(
                    "[{:>7.1}s] depth {}: {} states",
                    layer.stats.elapsed.as_secs_f64(),
                    layer.depth,
                    layer.states
                );
            }
        });
    }
    let r = run
        .search_heuristic_parallel(problem, start, h)
        .map_err(|e| format!("{}: {e}", dir.display()))?;
    // (the disk search's `stored` is already the states of its completed layers)
    Ok(SearchResult {
        outcome: r.outcome,
        stats: r.stats,
    })
}

/// A solution replayed on the board: its moves (slides of one vehicle merged), their
/// steps, and the moves with the vehicles' names.
struct Checked {
    moves: Vec<(usize, i32)>,
    steps: i32,
    named: Vec<(String, i32)>,
}

fn check_solution(board: &Board, raw: &[Move]) -> Result<Checked, String> {
    let moves = merge_moves(raw);
    // replay the answer before printing it
    let end = replay(board, &moves).map_err(|e| format!("internal error: {e}"))?;
    if !solved(board, &end) {
        return Err("internal error: the solution does not free the red car".into());
    }
    let steps: i32 = moves.iter().map(|m| m.1.abs()).sum();
    let named: Vec<(String, i32)> = moves
        .iter()
        .map(|&(v, d)| (board.vehicles[v].name.clone(), d))
        .collect();
    Ok(Checked {
        moves,
        steps,
        named,
    })
}

/// Writes the solution as `car,move` lines to the `--output` file, if one was given.
fn write_output(output: Option<(&PathBuf, File)>, named: &[(String, i32)]) -> Result<(), String> {
    if let Some((path, mut file)) = output {
        let mut s = String::from("car,move\n");
        for (n, d) in named {
            s += &format!("{n},{d}\n");
        }
        file.set_len(0)
            .and_then(|()| file.write_all(s.as_bytes()))
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

/// The board's header and the solution: every board, or with `--quiet` the move list.
fn solution_text(cli: &Cli, board: &Board, label: &str, sol: &Checked) -> String {
    let mut text = format!(
        "{label}: {}x{} board, {} vehicles\n",
        board.size,
        board.size,
        board.vehicles.len()
    );
    if !cli.quiet {
        print_moves(&mut text, board, &sol.moves);
    } else {
        let list: Vec<String> = sol.named.iter().map(|(n, d)| format!("{n}{d:+}")).collect();
        text += &format!("solution: {}\n", list.join(" "));
    }
    text
}

/// The solution as JSON pairs `[car, move]`.
fn solution_json(sol: &Checked) -> Vec<serde_json::Value> {
    sol.named.iter().map(|(n, d)| json!([n, d])).collect()
}

fn solve<const W: usize>(
    cli: &Cli,
    board: &Board,
    label: &str,
    output: Option<(&PathBuf, File)>,
) -> Result<ExitCode, String> {
    let metric = match cli.metric {
        MetricArg::Moves => Metric::Moves,
        MetricArg::Steps => Metric::Steps,
    };
    let mut problem = RushHour::<W>::new(board, metric);
    problem.prune = cli.prune;
    // (one compiled search for both: without move pruning, the pruned expansion skips
    // nothing)
    problem.move_pruning = !cli.no_move_pruning;
    if cli.algo == Algo::Anytime {
        return anytime::solve(cli, board, label, output, &problem);
    }
    let start = RushHour::<W>::start(board);
    let result = match &cli.disk {
        Some(dir) => disk_search(cli, dir, &problem, start)?,
        None => search(cli, &problem, start),
    };
    let code = cli::exit_status(&result);
    let stats = result.stats;
    match result.outcome {
        Outcome::Found(sol) => {
            let raw: Vec<Move> = sol.actions().copied().collect();
            let sol = check_solution(board, &raw)?;
            write_output(output, &sol.named)?;
            if cli.json {
                outln!(
                    "{}",
                    json!({"solved": true, "moves": sol.moves.len(), "steps": sol.steps,
                           "solution": solution_json(&sol), "expanded": stats.expanded,
                           "generated": stats.generated, "stored": stats.stored})
                );
                return Ok(code);
            }
            let text = solution_text(cli, board, label, &sol);
            let what = match (metric, optimal(cli)) {
                (Metric::Moves, true) => "optimal in moves",
                (Metric::Steps, true) => "optimal in steps",
                (_, false) => "not proven optimal",
            };
            out!(
                "{text}solved: {} moves, {} steps ({what}, {}); expanded {}, generated {}, stored {}, {:.3} s\n",
                sol.moves.len(),
                sol.steps,
                match cli.disk {
                    Some(_) => "breadth-first heuristic search on disk".to_string(),
                    None => format!("{:?}", cli.algo),
                },
                stats.expanded,
                stats.generated,
                stats.stored,
                stats.elapsed.as_secs_f64()
            );
        }
        outcome => print_no_solution(cli, &outcome, &stats),
    }
    Ok(code)
}

/// Prints the end of a search that found no solution: proven unsolvable, or stopped with
/// its lower bound.
fn print_no_solution<S, A>(cli: &Cli, outcome: &Outcome<S, A, u32>, stats: &Stats) {
    match *outcome {
        Outcome::Exhausted => {
            if cli.json {
                outln!(
                    "{}",
                    json!({"solved": false, "expanded": stats.expanded,
                       "generated": stats.generated, "stored": stats.stored})
                );
            } else {
                outln!(
                    "unsolvable: the red car can never get out ({} reachable states searched)",
                    stats.stored
                );
            }
        }
        Outcome::Stopped {
            reason,
            lower_bound,
        } => {
            // under the cost bound, the bound is the least cost left out: nothing of cost
            // up to the bound exists
            if cli.json {
                outln!(
                    "{}",
                    json!({"solved": null, "stopped": reason.as_str(),
                       "lower_bound": lower_bound, "expanded": stats.expanded,
                       "generated": stats.generated, "stored": stats.stored})
                );
            } else {
                let lb = lower_bound.map_or("none".to_string(), |b| b.to_string());
                outln!(
                "stopped ({reason}) after expanding {} and storing {} states in {:.1} s; proven lower bound: {lb}",
                stats.expanded,
                stats.stored,
                stats.elapsed.as_secs_f64()
            );
                if reason == StopReason::MaxStates {
                    outln!(
                    "for a quick answer (not proven optimal) try --algo wastar --heuristic relaxed --prune; \
                     for the optimum, --prune, --heuristic deep, --cost-bound and a larger --max-states"
                );
                }
            }
        }
        Outcome::Found(_) => {}
    }
}

/// The start and the board after every move, each move named, appended to `out`.
fn print_moves(out: &mut String, board: &Board, moves: &[(usize, i32)]) {
    let mut pos = board.start.clone();
    let _ = writeln!(out, "start:");
    draw(out, board, &pos);
    for (k, &(v, d)) in moves.iter().enumerate() {
        pos[v] = (pos[v] as i32 + d) as u8;
        let dir = match (board.vehicles[v].horizontal, d > 0) {
            (true, true) => "right",
            (true, false) => "left",
            (false, true) => "down",
            (false, false) => "up",
        };
        let _ = writeln!(
            out,
            "move {}: {} {dir} {} ({d:+})",
            k + 1,
            board.vehicles[v].name,
            d.abs()
        );
        draw(out, board, &pos);
    }
}

fn draw(out: &mut String, board: &Board, pos: &[u8]) {
    let g = board.grid(pos);
    let w = board
        .vehicles
        .iter()
        .map(|v| v.name.len())
        .max()
        .unwrap_or(1);
    let xr = board.vehicles[board.red].line as usize;
    for (r, row) in g.iter().enumerate() {
        let cells: Vec<String> = row.iter().map(|c| format!("{c:>w$}")).collect();
        let exit = if r == xr { " <- exit" } else { "" };
        let _ = writeln!(out, "  {}{exit}", cells.join(" "));
    }
}

fn generate(cli: &Cli, max_states_given: bool) -> Result<ExitCode, String> {
    let size = cli.size.ok_or("--generate needs --size 6, 9 or 12")?;
    if ![6, 9, 12].contains(&size) {
        return Err(format!("--size must be 6, 9 or 12, not {size}"));
    }
    let max_states = match cli.limits.max_states {
        _ if !max_states_given => GENERATOR_MAX_STATES,
        0 => usize::MAX,
        n => n,
    };
    let t0 = Instant::now();
    let time_limit = cli.limits.time_limit.unwrap_or(cli::GENERATE_TIME_LIMIT);
    // a limit too large to add to the current time is none
    let budget = model::Budget {
        deadline: t0.checked_add(time_limit),
        cancel: cli::cancel_on_signals(),
        ..model::Budget::new(max_states, 20_000)
    };
    match model::generate(size, cli.min_moves, cli.seed, &budget) {
        Some((b, m)) => {
            out!("{}", b.to_csv());
            eprintln!(
                "generated a {size}x{size} board with {} vehicles needing {m} moves (optimal, verified by A*) in {:.1} s",
                b.vehicles.len(),
                t0.elapsed().as_secs_f64()
            );
            Ok(ExitCode::SUCCESS)
        }
        None => {
            if budget.cancel.is_cancelled() {
                eprintln!("interrupted: no board generated");
                return Ok(ExitCode::from(cli::EXIT_STOPPED));
            }
            let timed_out = budget.deadline.is_some_and(|d| Instant::now() >= d);
            let why = match (timed_out, cli.limits.time_limit) {
                (true, None) => format!(
                    "within {} s, the time limit of --generate when no --time-limit is given",
                    time_limit.as_secs()
                ),
                (true, Some(_)) => "within the time limit".into(),
                (false, _) => "in 20000 tries".into(),
            };
            let longer = if timed_out {
                ", a longer --time-limit"
            } else {
                ""
            };
            eprintln!(
                "gave up: no board with at least {} moves found {why} (seed {}); try a smaller \
                 --min-moves{longer} or another seed",
                cli.min_moves, cli.seed
            );
            Ok(ExitCode::from(cli::EXIT_STOPPED))
        }
    }
}
