//! Rush Hour solver: optimal in moves or steps (BFS, A*, IDA*), fast non-optimal search for
//! big boards (weighted A*, greedy), a board generator and a difficulty study.
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
//! cargo run --release --example rush_hour -- --generate --size 6 --min-moves 20 --seed 7
//! cargo run --release --example rush_hour -- --study 40
//! ```

#[allow(dead_code)]
mod model;

use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use heurist::{OpenList, Options, Outcome, SearchResult, StopReason};
use model::{
    merge_moves, replay, solved, Board, Explore, HeuristicKind, Metric, Move, Packed,
    RushHeuristic, RushHour,
};
use serde_json::json;

/// Course board 1 (`Rushhour6x6_1.csv`), the built-in default.
const BOARD_1: &str = "vehicle,orientation,col,row,length
A,H,2,1,2
B,H,4,1,3
C,H,2,2,2
D,H,5,2,2
E,V,4,2,2
F,H,1,4,2
G,V,3,3,2
H,H,4,4,2
I,V,6,3,2
J,H,5,5,2
K,V,1,5,2
L,V,3,5,2
X,H,1,3,2
";

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
enum Algo {
    /// Breadth-first search (optimal).
    Bfs,
    /// A* (optimal with the admissible heuristics).
    Astar,
    /// Dijkstra (optimal; A* without heuristic).
    Dijkstra,
    /// Iterative-deepening A* (optimal, memory = the current path).
    Idastar,
    /// Weighted A* (`--weight`), not optimal.
    Wastar,
    /// Greedy best-first, not optimal.
    Greedy,
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
    about = "Rush Hour: slide the vehicles until the red car X leaves through the right edge, optimally in moves or steps; also generates boards"
)]
struct Cli {
    /// Board file in the course CSV format (size from the name, e.g. `Rushhour9x9_4.csv`,
    /// or `--size`). Without a file or --board: the built-in course board 1.
    file: Option<String>,
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
    /// Heuristic for astar, idastar, wastar, greedy [default: relaxed for wastar and greedy,
    /// blocked otherwise].
    #[arg(long, value_enum)]
    heuristic: Option<HeuristicArg>,
    /// Weight of weighted A*.
    #[arg(long, default_value_t = 2.0)]
    weight: f64,
    /// Expand only the moves of a strong stubborn set: far fewer states, still optimal.
    #[arg(long)]
    prune: bool,
    /// Turn off move pruning (on by default in the optimal searches: after a move of a
    /// vehicle its own moves, or under steps its step back, are not generated; BFS does so
    /// for every vehicle by which it has reached a state).
    #[arg(long)]
    no_move_pruning: bool,
    /// Write the solution as `car,move` CSV lines (positive = right/down) to this file.
    #[arg(long)]
    output: Option<String>,
    /// Print one JSON object instead of the boards.
    #[arg(long)]
    json: bool,
    /// Print only the summary and the move list, not every board.
    #[arg(long)]
    quiet: bool,
    /// Stop after storing this many states (reports a lower bound for optimal searches);
    /// default 50 million for a search (at most about 4 GB), 300 000 for the generator's checks.
    #[arg(long)]
    max_states: Option<usize>,
    /// Stop after this many seconds.
    #[arg(long)]
    time_limit: Option<f64>,
    /// Ignore solutions costing more than this (moves or steps). With an optimal algorithm a
    /// search that ends by this bound proves that no solution of at most this cost exists;
    /// give it a known solution's cost minus one to prove that solution optimal.
    #[arg(long)]
    cost_bound: Option<u32>,
    /// The open list of the A*-like searches: a bucket queue (fastest here), a lazy binary
    /// heap, or an indexed heap with decrease-key.
    #[arg(long, value_enum, default_value = "buckets")]
    open_list: OpenListArg,
    /// Print search progress on stderr every N seconds.
    #[arg(long)]
    progress: Option<f64>,
    /// Generate a board (course CSV on stdout) with at least --min-moves optimal moves.
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
    let cli = Cli::parse();
    match run(&cli) {
        Ok(code) => code,
        Err(msg) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: &Cli) -> Result<ExitCode, String> {
    if cli.weight.is_nan() || cli.weight < 1.0 {
        return Err(format!("--weight must be at least 1, not {}", cli.weight));
    }
    if let Some(n) = cli.study {
        study(n, cli.seed);
        return Ok(ExitCode::SUCCESS);
    }
    if cli.generate {
        return generate(cli);
    }
    let (board, label) = load(cli)?;
    let code = match board.words() {
        1 => solve::<1>(cli, &board, &label),
        2 => solve::<2>(cli, &board, &label),
        3 => solve::<3>(cli, &board, &label),
        _ => solve::<4>(cli, &board, &label),
    }?;
    Ok(code)
}

fn load(cli: &Cli) -> Result<(Board, String), String> {
    if let Some(s) = &cli.board {
        let b = Board::parse_compact(s).map_err(|e| format!("--board: {e}"))?;
        return Ok((b, s.clone()));
    }
    match &cli.file {
        None => {
            let b = Board::parse_csv(BOARD_1, 6).map_err(|e| e.to_string())?;
            Ok((b, "built-in board 1 (Rushhour6x6_1)".into()))
        }
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            let name = std::path::Path::new(path)
                .file_name()
                .map(|s| s.to_string_lossy().to_string())
                .unwrap_or_default();
            let size = cli
                .size
                .or_else(|| model::size_from_file_name(&name))
                .ok_or_else(|| {
                    format!("{path}: cannot tell the board size from the file name; use --size N")
                })?;
            let b = Board::parse_csv(&text, size).map_err(|e| format!("{path}: {e}"))?;
            Ok((b, path.clone()))
        }
    }
}

/// The heuristic asked for, or the default for the algorithm.
fn heuristic_of(cli: &Cli) -> HeuristicArg {
    cli.heuristic.unwrap_or(match cli.algo {
        Algo::Wastar | Algo::Greedy => HeuristicArg::Relaxed,
        _ => HeuristicArg::Blocked,
    })
}

type Res<const W: usize> = SearchResult<Packed<W>, Move, u32>;

/// Runs the chosen algorithm on `board`.
fn search<const W: usize>(cli: &Cli, board: &Board, problem: &RushHour<W>) -> Res<W> {
    let kind = match heuristic_of(cli) {
        HeuristicArg::Zero => HeuristicKind::Zero,
        HeuristicArg::Blockers => HeuristicKind::Blockers,
        HeuristicArg::Blocked => HeuristicKind::Blocked,
        HeuristicArg::Chain => HeuristicKind::Chain,
        HeuristicArg::Relaxed => HeuristicKind::Relaxed,
        HeuristicArg::Deep => HeuristicKind::Deep,
    };
    let h = RushHeuristic::new(problem, kind);
    let mut opts = Options::new().open_list(match cli.open_list {
        OpenListArg::Buckets => OpenList::Buckets,
        OpenListArg::Lazy => OpenList::Lazy,
        OpenListArg::Indexed => OpenList::Indexed,
    });
    // 60 to 75 bytes a stored state (64 measured on 12x12 with 289 M states): the
    // default keeps a search under 4 GB
    opts = opts.max_states(cli.max_states.unwrap_or(50_000_000));
    if let Some(b) = cli.cost_bound {
        opts = opts.cost_bound(b);
    }
    if let Some(t) = cli.time_limit {
        opts = opts.time_limit(Duration::from_secs_f64(t));
    }
    if let Some(t) = cli.progress {
        let t0 = Instant::now();
        opts = opts.on_progress(Duration::from_secs_f64(t), move |s| {
            eprintln!(
                "[{:>7.1}s] expanded {} stored {} frontier {}",
                t0.elapsed().as_secs_f64(),
                s.expanded,
                s.stored,
                s.max_frontier
            );
        });
    }
    let start = RushHour::<W>::start(board);
    match cli.algo {
        Algo::Bfs => heurist::bfs_with(problem, start, opts),
        Algo::Astar => heurist::astar_with(problem, start, h, opts),
        Algo::Dijkstra => heurist::dijkstra_with(problem, start, opts),
        Algo::Idastar => heurist::idastar_with(problem, start, h, opts),
        Algo::Wastar => heurist::weighted_astar_with(problem, start, h, cli.weight, opts),
        Algo::Greedy => heurist::greedy_with(problem, start, h, opts),
    }
}

fn solve<const W: usize>(cli: &Cli, board: &Board, label: &str) -> Result<ExitCode, String> {
    let metric = match cli.metric {
        MetricArg::Moves => Metric::Moves,
        MetricArg::Steps => Metric::Steps,
    };
    let mut problem = RushHour::<W>::new(board, metric);
    problem.prune = cli.prune;
    problem.move_pruning = !cli.no_move_pruning;
    let result = search(cli, board, &problem);
    let stats = result.stats;
    let optimal = !matches!(cli.algo, Algo::Wastar | Algo::Greedy)
        && (!matches!(
            heuristic_of(cli),
            HeuristicArg::Chain | HeuristicArg::Relaxed
        ) || matches!(cli.algo, Algo::Bfs | Algo::Dijkstra));
    match result.outcome {
        Outcome::Found(sol) => {
            let raw: Vec<Move> = sol.actions().copied().collect();
            let moves = merge_moves(&raw);
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
            if let Some(path) = &cli.output {
                let mut s = String::from("car,move\n");
                for (n, d) in &named {
                    s += &format!("{n},{d}\n");
                }
                std::fs::write(path, s).map_err(|e| format!("{path}: {e}"))?;
            }
            if cli.json {
                let sol: Vec<_> = named.iter().map(|(n, d)| json!([n, d])).collect();
                println!(
                    "{}",
                    json!({"solved": true, "moves": moves.len(), "steps": steps,
                           "solution": sol, "expanded": stats.expanded})
                );
                return Ok(ExitCode::SUCCESS);
            }
            let mut out = std::io::stdout().lock();
            let _ = writeln!(
                out,
                "{label}: {}x{} board, {} vehicles",
                board.size,
                board.size,
                board.vehicles.len()
            );
            if !cli.quiet {
                let mut pos = board.start.clone();
                let _ = writeln!(out, "start:");
                draw(&mut out, board, &pos);
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
                    draw(&mut out, board, &pos);
                }
            } else {
                let list: Vec<String> = named.iter().map(|(n, d)| format!("{n}{d:+}")).collect();
                let _ = writeln!(out, "solution: {}", list.join(" "));
            }
            let what = match (metric, optimal) {
                (Metric::Moves, true) => "optimal in moves",
                (Metric::Steps, true) => "optimal in steps",
                (_, false) => "not proven optimal",
            };
            let _ = writeln!(
                out,
                "solved: {} moves, {} steps ({what}, {:?}); expanded {}, generated {}, stored {}, {:.3} s",
                moves.len(),
                steps,
                cli.algo,
                stats.expanded,
                stats.generated,
                stats.stored,
                stats.elapsed.as_secs_f64()
            );
            Ok(ExitCode::SUCCESS)
        }
        Outcome::Exhausted => {
            if cli.json {
                println!("{}", json!({"solved": false, "expanded": stats.expanded}));
            } else {
                println!(
                    "unsolvable: the red car can never get out ({} reachable states searched)",
                    stats.stored
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Outcome::Stopped {
            reason,
            lower_bound,
        } => {
            // a search ended by the cost bound proved that nothing of cost <= bound exists
            let lower_bound = match reason {
                StopReason::CostBound => lower_bound.map(|b| b + 1),
                _ => lower_bound,
            };
            if cli.json {
                println!(
                    "{}",
                    json!({"solved": null, "stopped": reason.as_str(),
                           "lower_bound": lower_bound, "expanded": stats.expanded,
                           "stored": stats.stored})
                );
            } else {
                let lb = lower_bound.map_or("none".to_string(), |b| b.to_string());
                println!(
                    "stopped ({reason}) after expanding {} and storing {} states in {:.1} s; proven lower bound: {lb}",
                    stats.expanded,
                    stats.stored,
                    stats.elapsed.as_secs_f64()
                );
                if reason == StopReason::MaxStates {
                    println!(
                        "for a quick answer (not proven optimal) try --algo wastar --heuristic relaxed --prune; \
                         for the optimum, --prune, --heuristic deep, --cost-bound and a larger --max-states"
                    );
                }
            }
            Ok(ExitCode::from(1))
        }
    }
}

fn draw(out: &mut impl Write, board: &Board, pos: &[u8]) {
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

fn generate(cli: &Cli) -> Result<ExitCode, String> {
    let size = cli.size.ok_or("--generate needs --size 6, 9 or 12")?;
    if ![6, 9, 12].contains(&size) {
        return Err(format!("--size must be 6, 9 or 12, not {size}"));
    }
    let max_states = cli.max_states.unwrap_or(300_000);
    let t0 = Instant::now();
    match model::generate(size, cli.min_moves, cli.seed, max_states, 20_000) {
        Some((b, m)) => {
            print!("{}", b.to_csv());
            eprintln!(
                "generated a {size}x{size} board with {} vehicles needing {m} moves (optimal, verified by A*) in {:.1} s",
                b.vehicles.len(),
                t0.elapsed().as_secs_f64()
            );
            Ok(ExitCode::SUCCESS)
        }
        None => {
            eprintln!(
                "no board with at least {} moves found (seed {}); try a smaller --min-moves or another seed",
                cli.min_moves, cli.seed
            );
            Ok(ExitCode::from(1))
        }
    }
}

/// Reachable states from the start, optimal moves, A* expansions.
fn measure<const W: usize>(board: &Board) -> (usize, Option<u32>, u64) {
    let p = RushHour::<W>::new(board, Metric::Moves);
    let start = RushHour::<W>::start(board);
    let reach = heurist::bfs(&Explore(p.clone()), start).stats.stored;
    let h = RushHeuristic::new(&p, HeuristicKind::Blocked);
    let r = heurist::astar(&p, start, h);
    (reach, r.cost(), r.stats.expanded)
}

fn study(n: usize, seed: u64) {
    println!("| board | vehicles | free cells | optimal moves | reachable states | A* expanded |");
    println!("|---|---|---|---|---|---|");
    let mut rows: Vec<(String, Board)> = Vec::new();
    rows.push(("course 6x6_1".into(), Board::parse_csv(BOARD_1, 6).unwrap()));
    rows.push((
        "hardest 6x6".into(),
        Board::parse_compact("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM").unwrap(),
    ));
    for (name, text) in [
        (
            "6x6_2",
            include_str!("../../data/rush_hour/Rushhour6x6_2.csv"),
        ),
        (
            "6x6_3",
            include_str!("../../data/rush_hour/Rushhour6x6_3.csv"),
        ),
    ] {
        if let Ok(b) = Board::parse_csv(text, 6) {
            rows.push((format!("course {name}"), b));
        }
    }
    for (k, min) in [10, 15, 20, 25].into_iter().enumerate() {
        if let Some((b, _)) = model::generate(6, min, seed + k as u64, 200_000, 20_000) {
            rows.push((format!("generated >= {min}"), b));
        }
    }
    let mut rng = model::rng(seed);
    for k in 0..n {
        let count = 6 + k % 8;
        let b = model::random_board(6, count, &mut rng);
        rows.push((format!("random 6x6 #{k}"), b));
    }
    for (name, b) in rows {
        let (reach, opt, exp) = match b.words() {
            1 => measure::<1>(&b),
            _ => measure::<2>(&b),
        };
        let opt = opt.map_or("unsolvable".into(), |m| m.to_string());
        println!(
            "| {name} | {} | {} | {opt} | {reach} | {exp} |",
            b.vehicles.len(),
            b.free_cells()
        );
    }
}
