//! Shortest path through a grid maze with BFS, Dijkstra and A*, side by side.
//!
//! ```text
//! cargo run --release --example maze                       # the built-in maze
//! cargo run --release --example maze -- examples/mazes/small.txt
//! ```
//!
//! File format: one row per line, `#` wall, `.` free, `S` start, `G` goal.

#[path = "../common/mod.rs"]
#[macro_use]
mod common;
use heurist_puzzles::maze as model;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use common::cli::{cancel_on_signals, fail, LimitArgs, EXIT_HELP, EXIT_STOPPED};
use heurist::{AStar, Bfs, Dijkstra, Outcome, SearchResult};
use model::{Dir, Maze, Pos};

/// The maze solved when no file is given.
const BUILT_IN: &str = "\
##############################
#S.....#.........#...........#
#.####.#.#######.#.#########.#
#.#....#.#.....#...#.......#.#
#.#.####.#.###.#####.#####.#.#
#.#......#...#.......#.......#
#.#########.#.#########.#.####
#...........#.........#.#....#
###########.#########.#.####.#
#.............#.......#....#G#
##############################
";

/// Finds a shortest path through a grid maze with BFS, Dijkstra and A* (Manhattan distance).
#[derive(Parser)]
#[command(after_help = EXIT_HELP)]
struct Args {
    /// Maze file: one row per line, `#` wall, `.` free, `S` start, `G` goal.
    /// Without it, a built-in maze is solved.
    file: Option<PathBuf>,
    #[command(flatten)]
    limits: LimitArgs,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let (name, text) = match &args.file {
        None => ("built-in maze".to_string(), BUILT_IN.to_string()),
        Some(path) => match common::parse::read_file(path) {
            Ok(text) => (path.display().to_string(), text),
            Err(e) => return fail("maze", e),
        },
    };
    let maze = match Maze::parse(&text) {
        Ok(maze) => maze,
        Err(e) => return fail("maze", format!("{name}: {e}")),
    };
    let cancel = cancel_on_signals();
    let limits = args.limits.limits(&cancel);
    outln!(
        "{name}: {} rows x {} columns, start {:?}, goal {:?} (row, column from 0)\n",
        maze.height,
        maze.width,
        maze.start,
        maze.goal
    );

    // The same problem, three algorithms. The heuristic is any `Fn(&State) -> Cost`. Every
    // step between free cells can be walked back: BFS may keep only its last levels in its
    // duplicate index (the answer and the counts do not change).
    let runs = [
        (
            "BFS",
            Bfs::new()
                .limits(limits.clone())
                .reversible(true)
                .search(&maze, maze.start),
        ),
        (
            "Dijkstra",
            Dijkstra::new()
                .limits(limits.clone())
                .search(&maze, maze.start),
        ),
        (
            "A*",
            AStar::new()
                .limits(limits)
                .search(&maze, maze.start, |p: &Pos| maze.manhattan(p)),
        ),
    ];
    for (algorithm, result) in &runs {
        report(algorithm, result);
    }

    // All three are optimal, so they agree on the length; draw the one A* found.
    match runs[2].1.solution() {
        Some(solution) => {
            let path: Vec<Pos> = solution.states().copied().collect();
            let moves: String = solution.actions().map(|d| d.letter()).collect();
            outln!("\n{}\n\nmoves: {moves}", maze.render(&path));
        }
        None => outln!("\n{}", maze.render(&[])),
    }
    if runs.iter().any(|(_, r)| r.stop_reason().is_some()) {
        ExitCode::from(EXIT_STOPPED)
    } else {
        ExitCode::SUCCESS
    }
}

/// Prints what one algorithm found, then its statistics.
fn report(algorithm: &str, result: &SearchResult<Pos, Dir, u32>) {
    match &result.outcome {
        Outcome::Found(solution) => outln!(
            "{algorithm:<9} path of {} moves, cost {}",
            solution.len(),
            solution.cost
        ),
        Outcome::Exhausted => outln!(
            "{algorithm:<9} the goal is unreachable (all {} reachable cells searched)",
            result.stats.stored
        ),
        Outcome::Stopped { reason, .. } => outln!("{algorithm:<9} stopped: {reason}"),
    }
    outln!("{:<9} {}", "", result.stats);
}
