//! Rush Hour on a cluster: the fewest moves that free the red car, found by A\* (or
//! breadth-first search) on the workers timely's options name.
//!
//! ```text
//! rush_hour_cluster [-w THREADS] [-n PROCESSES -p INDEX [-h HOSTFILE]] BOARD.csv
//!                   [--size N] [--bfs] [--move-pruning] [--batch N] [--json] [--thread-engine]
//! ```
//!
//! `BOARD.csv` is a board in the course's format (a line `name,H|V,row,column,length` a
//! vehicle, `X` the red car); its size comes from a name such as `Rushhour9x9_5.csv` or
//! from `--size`. A\* uses the admissible "blocked" estimate; `--bfs` searches breadth-first
//! instead. The program prints the moves, merged per vehicle, and checks them by replaying
//! them; Ctrl-C stops every process after its round. `--move-pruning` leaves out, after a
//! move of a vehicle, that vehicle's moves (one slide from the state before), in either
//! engine. `--batch N` has A\* on the cluster expand up to N states a worker in a round
//! (2048 by default; see `AStar::batch`). `--thread-engine` runs the batched A\* (or the
//! level-synchronous breadth-first search) of heurist on `-w` threads of this process
//! instead, to compare. Example:
//!
//! ```text
//! cargo run --release -p heurist-distributed --example rush_hour_cluster -- -w 2 data/rush_hour/Rushhour9x9_5.csv
//! ```

use std::process::ExitCode;
use std::time::Instant;

use heurist::{AllMoves, CancelToken, Expansion, Outcome, Pruned};
use heurist_distributed::{AStar, Bfs, Cluster};
use heurist_puzzles::rush_hour::{
    merge_moves, replay, size_from_file_name, solved, Board, HeuristicKind, Metric, Move, Packed,
    RushHeuristic, RushHour,
};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// What the command line asks for, beside the cluster.
struct Options {
    json: bool,
    bfs: bool,
    threads: bool,
    pruning: bool,
    /// States a worker expands in a round of the cluster's A\*.
    batch: Option<usize>,
}

fn run() -> Result<(), String> {
    let mut options = Options {
        json: false,
        bfs: false,
        threads: false,
        pruning: false,
        batch: None,
    };
    let mut size = None;
    let mut args = Vec::new();
    let mut given = std::env::args().skip(1);
    while let Some(a) = given.next() {
        match a.as_str() {
            "--json" => options.json = true,
            "--bfs" => options.bfs = true,
            "--thread-engine" => options.threads = true,
            "--move-pruning" => options.pruning = true,
            "--batch" => {
                let n = given.next().ok_or("--batch needs a number")?;
                let n = n.parse::<usize>().map_err(|_| format!("--batch {n:?}"))?;
                options.batch = Some(n);
            }
            "--size" => {
                let n = given.next().ok_or("--size needs a number")?;
                size = Some(n.parse::<usize>().map_err(|_| format!("--size {n:?}"))?);
            }
            _ => args.push(a),
        }
    }
    let (cluster, rest) = Cluster::from_args(args.into_iter()).map_err(|e| e.to_string())?;
    let [path] = &rest[..] else {
        return Err("name one board file, such as data/rush_hour/Rushhour9x9_5.csv".into());
    };
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let name = std::path::Path::new(path)
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let size = size.or_else(|| size_from_file_name(&name)).ok_or_else(|| {
        format!("{path}: cannot tell the board's size from its name; use --size N")
    })?;
    let board = Board::parse_csv(&text, size).map_err(|e| format!("{path}: {e}"))?;
    let cancel = CancelToken::new();
    let on_ctrl_c = cancel.clone();
    ctrlc::set_handler(move || on_ctrl_c.cancel()).map_err(|e| e.to_string())?;
    // the state's width in words follows the number of vehicles
    match (board.words(), options.pruning) {
        (1 | 2, false) => solve::<2, AllMoves>(&cluster, &board, &options, cancel),
        (1 | 2, true) => solve::<2, Pruned>(&cluster, &board, &options, cancel),
        (3, false) => solve::<3, AllMoves>(&cluster, &board, &options, cancel),
        (3, true) => solve::<3, Pruned>(&cluster, &board, &options, cancel),
        (_, false) => solve::<4, AllMoves>(&cluster, &board, &options, cancel),
        (_, true) => solve::<4, Pruned>(&cluster, &board, &options, cancel),
    }
}

/// Solves the board with states of `W` words, expanding states as `E` says (every move,
/// or move pruning).
fn solve<const W: usize, E>(
    cluster: &Cluster,
    board: &Board,
    options: &Options,
    cancel: CancelToken,
) -> Result<(), String>
where
    E: Expansion<RushHour<W>> + 'static,
    E::Set: Send + Sync + heurist::disk::Packed + 'static,
{
    let problem = RushHour::<W>::new(board, Metric::Moves);
    let start = RushHour::<W>::start(board);
    let heuristic = RushHeuristic::new(&problem, HeuristicKind::Blocked);
    let started = Instant::now();
    let (outcome, (expanded, generated), seconds, engine) = if options.threads {
        let found = if options.bfs {
            heurist::Bfs::new()
                .reversible(true) // every slide can be slid back
                .expansion::<E>()
                .search_parallel(cluster.workers(), &problem, start)
        } else {
            heurist::AStar::new()
                .expansion::<E>()
                .search_parallel_batched(cluster.workers(), &problem, start, |s: &Packed<W>| {
                    heuristic.h(s)
                })
        };
        let seconds = started.elapsed().as_secs_f64();
        let counts = (found.stats.expanded, found.stats.generated);
        (found.outcome, counts, seconds, "thread engine")
    } else {
        let found = if options.bfs {
            Bfs::new()
                .reversible(true)
                .cancel(cancel)
                .expansion::<E>()
                .search(cluster, problem.clone(), start)
        } else {
            let h = heuristic.clone();
            let astar = AStar::new().cancel(cancel);
            let astar = match options.batch {
                Some(n) => astar.batch(n),
                None => astar,
            };
            astar.expansion::<E>().search(
                cluster,
                problem.clone(),
                move |s: &Packed<W>| h.h(s),
                start,
            )
        }
        .map_err(|e| e.to_string())?;
        // the search's own time, from when the processes are connected
        let seconds = found.stats.elapsed.as_secs_f64();
        let counts = (found.stats.expanded, found.stats.generated);
        (found.outcome, counts, seconds, "cluster")
    };
    let algorithm = if options.bfs {
        "breadth-first search"
    } else {
        "A*"
    };
    match outcome {
        Outcome::Found(solution) => {
            let steps: Vec<Move> = solution.steps.iter().map(|s| s.action).collect();
            let moves = merge_moves(&steps);
            let end = replay(board, &moves)?;
            if !solved(board, &end) {
                return Err("the moves found do not free the red car".into());
            }
            let named: Vec<(String, i32)> = moves
                .iter()
                .map(|&(v, by)| (board.vehicles[v].name.clone(), by))
                .collect();
            if options.json {
                let json = serde_json::json!({
                    "moves": solution.cost, "steps": named, "expanded": expanded, "generated": generated,
                    "seconds": seconds, "workers": cluster.workers(), "engine": engine,
                    "algorithm": algorithm,
                });
                println!("{json}");
            } else {
                for (i, (name, by)) in named.iter().enumerate() {
                    let way = match (board.vehicles[moves[i].0].horizontal, *by > 0) {
                        (true, true) => "right",
                        (true, false) => "left",
                        (false, true) => "down",
                        (false, false) => "up",
                    };
                    println!("move {:>3}: {name} {} {way}", i + 1, by.unsigned_abs());
                }
                println!(
                    "{} moves (optimal), {expanded} states expanded in {seconds:.2} s by the {engine}'s {algorithm} on {} workers",
                    solution.cost,
                    cluster.workers()
                );
            }
        }
        Outcome::Exhausted => println!("no solution: the red car cannot get out"),
        Outcome::Stopped {
            reason,
            lower_bound,
        } => match lower_bound {
            Some(bound) => println!("stopped ({reason:?}); the optimum is at least {bound} moves"),
            None => println!("stopped ({reason:?}) before a bound on the optimum was known"),
        },
    }
    Ok(())
}
