//! Sliding-tile puzzles on a cluster: count every board by its distance from the solved
//! one, or solve a board, on the workers timely's options name.
//!
//! ```text
//! sliding_cluster [-w THREADS] [-n PROCESSES -p INDEX [-h HOSTFILE]] PUZZLE [TILES]
//!                 [--checkpoints DIR] [--json]
//! ```
//!
//! `PUZZLE` is `WxH` (at most 12 cells: 3x3, 5x2, 4x3, ...). Without `TILES` the program
//! enumerates every board and compares the counts with the published table; with `TILES`
//! (row by row, 0 the blank, in one argument) it solves that board with A\* and the
//! Manhattan distance, and prints the moves. Ctrl-C stops every process after its round,
//! with what was found so far; with `--checkpoints DIR`, an enumeration writes each
//! worker's last two layers to `DIR` after every layer, and the same command started again
//! after a stop (Ctrl-C, a process killed) takes up from the last layer completed.
//! `--thread-engine` runs the same search on `-w` threads of
//! heurist's own parallel engines instead, in this process, to compare. Examples:
//!
//! ```text
//! cargo run --release -p heurist-distributed --example sliding_cluster -- -w 2 4x3
//! cargo run --release -p heurist-distributed --example sliding_cluster -- -w 2 3x3 "8 6 7 2 5 4 3 0 1"
//! # two processes on this machine, in two terminals:
//! cargo run --release -p heurist-distributed --example sliding_cluster -- -n 2 -p 0 4x3
//! cargo run --release -p heurist-distributed --example sliding_cluster -- -n 2 -p 1 4x3
//! ```

use std::process::ExitCode;
use std::time::Instant;

use heurist::{CancelToken, Outcome};
use heurist_distributed::{AStar, Bfs, Cluster};
use heurist_puzzles::disk_bfs::{published, Board, Sliding};

const COUNTS: &str = include_str!("../../data/bfs/counts.txt");

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let (mut json, mut threads, mut checkpoints) = (false, false, None);
    let mut args = Vec::new();
    let mut given = std::env::args().skip(1);
    while let Some(a) = given.next() {
        match a.as_str() {
            "--json" => json = true,
            "--thread-engine" => threads = true,
            "--checkpoints" => {
                let dir = given.next().ok_or("--checkpoints needs a directory")?;
                checkpoints = Some(std::path::PathBuf::from(dir));
            }
            _ => args.push(a),
        }
    }
    let (cluster, rest) = Cluster::from_args(args.into_iter()).map_err(|e| e.to_string())?;
    let [puzzle, tiles @ ..] = &rest[..] else {
        return Err("name a puzzle, such as 4x3 (and optionally a board to solve)".into());
    };
    let (width, height) = puzzle
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse::<u32>().ok()?, h.parse::<u32>().ok()?)))
        .filter(|&(w, h)| w >= 2 && h >= 2 && w * h <= 12)
        .ok_or_else(|| format!("{puzzle:?} is not a board of 2x2 to 12 cells, such as 4x3"))?;
    if checkpoints.is_some() && (threads || !tiles.is_empty()) {
        return Err(
            "--checkpoints is for an enumeration on the cluster (no TILES, no --thread-engine)"
                .into(),
        );
    }
    let sliding = Sliding::<6>::new(width, height);
    let cancel = CancelToken::new();
    let on_ctrl_c = cancel.clone();
    ctrlc::set_handler(move || on_ctrl_c.cancel()).map_err(|e| e.to_string())?;
    if threads {
        return thread_engine(&sliding, tiles, cluster.workers());
    }
    let started = Instant::now();
    match tiles {
        [] => {
            let mut bfs = Bfs::new().reversible(true).cancel(cancel);
            if let Some(dir) = checkpoints {
                bfs = bfs.checkpoints(dir);
            }
            let all = bfs
                .enumerate(&cluster, sliding.clone(), sliding.goal)
                .map_err(|e| e.to_string())?;

            // the search's own time, from when the processes are connected, and the run's
            let (seconds, wall) = (
                all.stats.elapsed.as_secs_f64(),
                started.elapsed().as_secs_f64(),
            );
            let table = published(COUNTS, &format!("{width}x{height} sliding tiles"))
                .or_else(|| published(COUNTS, &format!("{height}x{width} sliding tiles")));
            let verdict = match (&table, all.is_exhausted()) {
                (Some(t), true) if *t == all.layers => "matches the published table",
                (Some(_), true) => "DIFFERS from the published table",
                (None, true) => "no published table to compare with",
                (_, false) => "stopped before the end",
            };
            if json {
                println!(
                    "{}",
                    serde_json::json!({
                        "puzzle": puzzle, "workers": cluster.workers(), "layers": all.layers,
                        "states": all.total_states(), "seconds": seconds,
                        "bytes_sent": all.bytes_sent, "verdict": verdict, "wall_seconds": wall,
                        "resumed_from": all.resumed_from,
                    })
                );
            } else {
                if let Some(depth) = all.resumed_from {
                    println!("resumed from the checkpoints of depth {depth}");
                }
                for (depth, n) in all.layers.iter().enumerate() {
                    println!("depth {depth:>3}: {n:>12}");
                }
                println!(
                    "{} states in {:.2} s ({:.2} s with starting the cluster) on {} workers ({:.1} M states a second), {:.2} GB sent: {verdict}",
                    all.total_states(),
                    seconds,
                    wall,
                    cluster.workers(),
                    all.total_states() as f64 / seconds / 1e6,
                    all.bytes_sent as f64 / 1e9,
                );
            }
            if verdict.contains("DIFFERS") {
                return Err("the counts differ from the published table".into());
            }
        }
        [tiles] => {
            let tiles: Vec<u8> = tiles
                .split_whitespace()
                .map(|t| t.parse().map_err(|_| format!("{t:?} is not a tile number")))
                .collect::<Result<_, _>>()?;
            let mut sorted = tiles.clone();
            sorted.sort_unstable();
            if sorted != (0..(width * height) as u8).collect::<Vec<_>>() {
                return Err(format!(
                    "a {puzzle} board holds each of the tiles 0 to {} once",
                    width * height - 1
                ));
            }
            let start = Board::<6>::from_tiles(&tiles);
            let h = Sliding::<6>::new(width, height);
            let found = AStar::new()
                .cancel(cancel)
                .search(
                    &cluster,
                    sliding.clone(),
                    move |b: &Board<6>| h.manhattan(b),
                    start,
                )
                .map_err(|e| e.to_string())?;
            let (seconds, wall) = (
                found.stats.elapsed.as_secs_f64(),
                started.elapsed().as_secs_f64(),
            );
            match &found.outcome {
                Outcome::Found(solution) => {
                    let moves: Vec<u8> = solution.steps.iter().map(|s| s.action).collect();
                    if json {
                        println!(
                            "{}",
                            serde_json::json!({
                                "puzzle": puzzle, "workers": cluster.workers(), "moves": moves.len(),
                                "tiles_moved": moves, "expanded": found.stats.expanded, "seconds": seconds,
                                "wall_seconds": wall,
                            })
                        );
                    } else {
                        for (i, tile) in moves.iter().enumerate() {
                            println!("move {:>3}: slide tile {tile}", i + 1);
                        }
                        println!(
                            "{} moves (optimal), {} states expanded in {:.2} s ({:.2} s with starting the cluster) on {} workers, {} rounds",
                            moves.len(),
                            found.stats.expanded,
                            seconds,
                            wall,
                            cluster.workers(),
                            found.rounds
                        );
                    }
                }
                Outcome::Exhausted => {
                    println!("no solution: this board cannot reach the solved one")
                }
                Outcome::Stopped {
                    reason,
                    lower_bound,
                } => match lower_bound {
                    Some(bound) => {
                        println!("stopped ({reason:?}); the optimum is at least {bound} moves")
                    }
                    None => {
                        println!("stopped ({reason:?}) before a bound on the optimum was known")
                    }
                },
            }
        }
        _ => return Err("give the board's tiles as one argument, in quotes".into()),
    }
    Ok(())
}

/// The same search on heurist's thread engines: the level-synchronous breadth-first search
/// (every board, with no goal to stop at) or the batched A\*.
fn thread_engine(sliding: &Sliding<6>, tiles: &[String], threads: usize) -> Result<(), String> {
    let started = Instant::now();
    match tiles {
        [] => {
            let everything = Everything(sliding.clone());
            let all = heurist::Bfs::new().reversible(true).search_parallel(
                threads,
                &everything,
                sliding.goal,
            );
            let seconds = started.elapsed().as_secs_f64();
            println!(
                "thread engine, {threads} threads: {} states in {seconds:.2} s ({})",
                all.stats.stored, all.stats
            );
        }
        [tiles] => {
            let tiles: Vec<u8> = tiles
                .split_whitespace()
                .map(|t| t.parse().map_err(|_| format!("{t:?} is not a tile")))
                .collect::<Result<_, _>>()?;
            let start = Board::<6>::from_tiles(&tiles);
            let found = heurist::AStar::new().search_parallel_batched(
                threads,
                sliding,
                start,
                |b: &Board<6>| sliding.manhattan(b),
            );
            let seconds = started.elapsed().as_secs_f64();
            println!("thread engine, {threads} threads: {:?} moves, {} states expanded in {seconds:.2} s", found.cost(), found.stats.expanded);
        }
        _ => return Err("give the board's tiles as one argument, in quotes".into()),
    }
    Ok(())
}

/// Every board of a sliding puzzle, with no goal: a breadth-first search of it visits them all.
struct Everything(Sliding<6>);

impl heurist::Problem for Everything {
    type State = Board<6>;
    type Action = u8;
    type Cost = u32;
    fn is_goal(&self, _: &Board<6>) -> bool {
        false
    }
    fn successors(&self, board: &Board<6>, out: &mut heurist::Successors<Board<6>, u8, u32>) {
        self.0.successors(board, out);
    }
}
