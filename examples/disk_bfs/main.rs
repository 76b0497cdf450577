//! Breadth-first search with the states on disk: count the states of a puzzle at each
//! depth (or find a shortest solution) in a bounded amount of memory, and compare the
//! counts with the published tables of `data/bfs/counts.txt`.
//!
//! ```text
//! cargo run --release --example disk_bfs -- 4x3 --memory 512M --dir /tmp/bfs-4x3
//! cargo run --release --example disk_bfs -- 5x2 --in-memory     # the same count with bfs_reach
//! cargo run --release --example disk_bfs -- pancakes-9
//! cargo run --release --example disk_bfs -- cube2 --metric quarter
//! cargo run --release --example disk_bfs -- 3x3 --start "8 6 7 2 5 4 3 0 1"
//! cargo run --release --example disk_bfs -- 3x3 --start "8 6 7 2 5 4 3 0 1" --manhattan
//! ```
//!
//! Puzzles: `WxH` sliding tiles (up to 16 cells; the start is the solved board, the blank
//! top left), `pancakes-N` (N from 3 to 12), `cube2` (the 2x2x2 cube, one corner held)
//! and `cube3-corners` (the corners of the 3x3x3 cube). Ctrl-C stops the run after a
//! moment, keeping the completed layers in `--dir`: the same command continues from there.
//! Exit status: 0 done, 1 stopped by a limit or Ctrl-C, 2 bad input or an I/O error, 3
//! counts that differ from the published table.

use heurist_puzzles::disk_bfs as puzzles;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use heurist::disk::{DiskBfs, DiskBfsResult, DiskError, LayerReport, Packed};
use heurist::{CancelToken, Problem};
use puzzles::{published, Board, Cube, Metric, Pancakes, Sliding};

const PROGRAM: &str = "disk_bfs";

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum MetricArg {
    /// A quarter or half turn is one move.
    Half,
    /// A quarter turn is one move.
    Quarter,
}

/// Count a puzzle's states at each depth with a breadth-first search on disk.
#[derive(Parser, Debug)]
#[command(
    about = "Breadth-first search on disk: count a puzzle's states by depth in bounded memory",
    after_help = "Exit status: 0 done, 1 stopped by a limit or Ctrl-C, 2 bad input or I/O error, 3 counts that differ from the published table."
)]
struct Cli {
    /// The puzzle: WxH (sliding tiles, up to 16 cells), pancakes-N (3 to 12), cube2 or
    /// cube3-corners.
    puzzle: String,
    /// The work directory (default: a folder in the system's temporary directory).
    #[arg(long)]
    dir: Option<PathBuf>,
    /// The memory budget, in bytes with an optional K, M or G suffix (powers of 1024).
    #[arg(long, default_value = "256M", value_parser = size)]
    memory: usize,
    /// Threads (0: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Partitions of each layer.
    #[arg(long, default_value_t = 64)]
    partitions: usize,
    /// The cube's metric.
    #[arg(long, value_enum, default_value = "half")]
    metric: MetricArg,
    /// Sliding tiles only: search from these tiles (row by row, 0 the blank) to the
    /// solved board, instead of counting.
    #[arg(long)]
    start: Option<String>,
    /// With --start: breadth-first heuristic search (iterative deepening on depth plus the
    /// tiles' Manhattan distance), storing far fewer states than a breadth-first search.
    #[arg(long, requires = "start")]
    manhattan: bool,
    /// Stop after this depth.
    #[arg(long)]
    max_depth: Option<usize>,
    /// Stop after this many seconds.
    #[arg(long, value_parser = seconds)]
    time_limit: Option<Duration>,
    /// Keep the layer files at the end.
    #[arg(long)]
    keep: bool,
    /// Flush each layer to the disk before listing it in the manifest.
    #[arg(long)]
    durable: bool,
    /// Wait this many milliseconds after each layer (to watch a run, or interrupt it).
    #[arg(long, default_value_t = 0)]
    pause: u64,
    /// Count with the in-memory `heurist::bfs_reach` instead, for comparison.
    #[arg(long)]
    in_memory: bool,
    /// Print only the counts and the summary, not a line a layer.
    #[arg(long)]
    quiet: bool,
}

/// A size in bytes: digits with an optional K, M or G suffix.
fn size(text: &str) -> Result<usize, String> {
    let text = text.trim();
    let (digits, shift) = match text.char_indices().last() {
        Some((i, 'K' | 'k')) => (&text[..i], 10),
        Some((i, 'M' | 'm')) => (&text[..i], 20),
        Some((i, 'G' | 'g')) => (&text[..i], 30),
        _ => (text, 0),
    };
    let n: usize = digits
        .parse()
        .map_err(|_| format!("{text:?} is not a size"))?;
    n.checked_mul(1 << shift)
        .ok_or_else(|| format!("{text} is too large"))
}

/// Seconds: a finite, non-negative number up to a billion.
fn seconds(text: &str) -> Result<Duration, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if !(secs.is_finite() && (0.0..=1e9).contains(&secs)) {
        return Err("seconds must be between 0 and 1e9".into());
    }
    Ok(Duration::from_secs_f64(secs))
}

fn fail(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("{PROGRAM}: {msg}");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let p = cli.puzzle.as_str();
    if let Some((w, h)) = p.split_once('x') {
        let (Ok(w), Ok(h)) = (w.parse::<u32>(), h.parse::<u32>()) else {
            return fail(format!("{p:?}: expected WxH, such as 4x3"));
        };
        if !(1..=16).contains(&w) || !(1..=16).contains(&h) || w * h < 2 || w * h > 16 {
            return fail(format!("{p}: a board of 2 to 16 cells"));
        }
        let names = [
            format!("{w}x{h} sliding tiles"),
            format!("{h}x{w} sliding tiles"),
        ];
        return if w * h <= 12 {
            sliding::<6>(&cli, w, h, &names)
        } else {
            sliding::<8>(&cli, w, h, &names)
        };
    }
    if let Some(n) = p.strip_prefix("pancakes-") {
        let name = [format!("pancakes n={n}")];
        return match n.parse::<usize>() {
            Ok(n @ 3..=12) => {
                let pancakes = Pancakes::new(n);
                count(&cli, &pancakes, pancakes.sorted(), &name)
            }
            _ => fail(format!("{p}: pancakes-N with N from 3 to 12")),
        };
    }
    let (metric, words) = match cli.metric {
        MetricArg::Half => (Metric::HalfTurn, "half-turn"),
        MetricArg::Quarter => (Metric::QuarterTurn, "quarter-turn"),
    };
    match p {
        "cube2" => {
            let name = [format!("2x2x2 cube, {words} metric")];
            count(&cli, &Cube::pocket(metric), puzzles::Corners::SOLVED, &name)
        }
        "cube3-corners" => {
            let name = [format!("3x3x3 corners, {words} metric")];
            count(
                &cli,
                &Cube::corners(metric),
                puzzles::Corners::SOLVED,
                &name,
            )
        }
        _ => fail(format!(
            "unknown puzzle {p:?}: WxH, pancakes-N, cube2 or cube3-corners"
        )),
    }
}

fn sliding<const B: usize>(cli: &Cli, w: u32, h: u32, names: &[String]) -> ExitCode {
    let puzzle = Sliding::<B>::new(w, h);
    let Some(tiles) = &cli.start else {
        return count(cli, &puzzle, puzzle.goal, names);
    };
    let tiles: Result<Vec<u8>, _> = tiles.split_whitespace().map(str::parse).collect();
    let cells = (w * h) as usize;
    let valid = tiles.as_ref().is_ok_and(|t| {
        let mut seen = t.clone();
        seen.sort_unstable();
        seen == (0..cells as u8).collect::<Vec<_>>()
    });
    let (true, Ok(tiles)) = (valid, tiles) else {
        return fail(format!(
            "--start: the numbers 0 to {} in some order",
            cells - 1
        ));
    };
    let start = Board::<B>::from_tiles(&tiles);
    let began = Instant::now();
    let run = config(cli).reversible(true);
    let result = match cli.manhattan {
        true => run.search_heuristic_parallel(&puzzle, start, |b: &Board<B>| puzzle.manhattan(b)),
        false => run.search_parallel(&puzzle, start),
    };
    match result {
        Err(e) => fail(e),
        Ok(result) => {
            let elapsed = began.elapsed();
            let status = match &result.outcome {
                heurist::Outcome::Found(solution) => {
                    let moves: Vec<String> = solution.actions().map(u8::to_string).collect();
                    println!("{} moves: {}", solution.len(), moves.join(" "));
                    0
                }
                heurist::Outcome::Exhausted => {
                    println!("unsolvable: the goal is not reachable from this board");
                    0
                }
                heurist::Outcome::Stopped {
                    reason,
                    lower_bound,
                } => {
                    print!("stopped ({reason}) after depth {}", result.layers.len() - 1);
                    match lower_bound {
                        Some(b) => println!("; no solution has fewer than {b} moves"),
                        None => println!(),
                    }
                    1
                }
            };
            summary(&result, elapsed);
            ExitCode::from(status)
        }
    }
}

/// The configuration the flags give, with Ctrl-C as its cancel token.
fn config(cli: &Cli) -> DiskBfs<'static> {
    let dir = cli
        .dir
        .clone()
        .unwrap_or_else(|| std::env::temp_dir().join(format!("heurist-disk-bfs-{}", cli.puzzle)));
    let token = CancelToken::new();
    let handle = token.clone();
    // a second Ctrl-C ends the program at once; without a handler, the default applies
    let _ = ctrlc::set_handler(move || {
        if handle.is_cancelled() {
            std::process::exit(130);
        }
        eprintln!("{PROGRAM}: stopping; the completed layers stay for the next run");
        handle.cancel();
    });
    let (quiet, pause) = (cli.quiet, cli.pause);
    let mut run = DiskBfs::new(dir)
        .memory_budget(cli.memory)
        .threads(cli.threads)
        .partitions(cli.partitions)
        .keep_files(cli.keep)
        .durable(cli.durable)
        .cancel(token)
        .on_layer(move |layer: &LayerReport| {
            if !quiet {
                println!(
                    "depth {:>3}: {:>12} states, {:>13} in all, {:>8.1} s",
                    layer.depth,
                    layer.states,
                    layer.total,
                    layer.stats.elapsed.as_secs_f64()
                );
            }
            std::thread::sleep(Duration::from_millis(pause));
        });
    if let Some(d) = cli.max_depth {
        run = run.max_depth(d);
    }
    if let Some(t) = cli.time_limit {
        run = run.time_limit(t);
    }
    run
}

fn summary<S, A, C: Copy>(result: &DiskBfsResult<S, A, C>, elapsed: Duration) {
    let states = result.total_states();
    let gb = result.bytes_written as f64 / 1e9;
    println!(
        "{states} states to depth {}, {:.2} s, {:.2} M states/s, {gb:.2} GB written{}",
        result.layers.len() - 1,
        elapsed.as_secs_f64(),
        states as f64 / elapsed.as_secs_f64() / 1e6,
        match result.resumed_layers {
            0 => String::new(),
            n => format!(" (resumed after depth {})", n - 1),
        }
    );
}

/// Counts the states of `problem` from `start` by depth, on disk or in memory, prints the
/// counts and compares them with the published table named `names`.
fn count<P>(cli: &Cli, problem: &P, start: P::State, names: &[String]) -> ExitCode
where
    P: Problem + Sync,
    P::State: Packed,
{
    if cli.start.is_some() {
        return fail("--start is for sliding tiles");
    }
    let began = Instant::now();
    let (counts, status) = if cli.in_memory {
        let mut bfs = heurist::Bfs::new();
        if let Some(m) = cli.max_depth {
            bfs = bfs.max_depth(m);
        }
        let mut reach = bfs.reach(problem, start);
        let mut counts: Vec<u64> = Vec::new();
        for (_, depth) in reach.by_ref() {
            if counts.len() <= depth {
                counts.push(0);
            }
            counts[depth] += 1;
        }
        let stats = reach.stats();
        println!(
            "{} states in memory, {:.2} s, {:.2} M states/s (stored {})",
            counts.iter().sum::<u64>(),
            began.elapsed().as_secs_f64(),
            counts.iter().sum::<u64>() as f64 / began.elapsed().as_secs_f64() / 1e6,
            stats.stored
        );
        (counts, 0)
    } else {
        let result = match config(cli)
            .reversible(true)
            .enumerate_parallel(problem, start)
        {
            Ok(r) => r,
            Err(e @ DiskError::OtherRun { .. }) => {
                return fail(format!("{e} (or pass another --dir)"));
            }
            Err(e) => return fail(e),
        };
        summary(&result, began.elapsed());
        let status = match result.stop_reason() {
            Some(reason) => {
                println!("stopped ({reason}); the same command continues from the last layer");
                1
            }
            None => 0,
        };
        (result.layers, status)
    };
    let list: Vec<String> = counts.iter().map(u64::to_string).collect();
    println!("counts {}", list.join(","));
    let table =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/bfs/counts.txt"));
    let expected = table
        .ok()
        .and_then(|t| names.iter().find_map(|n| published(&t, n)));
    match expected {
        None => println!("no published table for {}", names[0]),
        Some(expected) if status == 0 && cli.max_depth.is_none() => {
            if expected == counts {
                println!("matches the published table ({})", names[0]);
            } else {
                println!("DIFFERS from the published table ({})", names[0]);
                return ExitCode::from(3);
            }
        }
        Some(expected) => {
            let prefix = expected.get(..counts.len()) == Some(&counts[..]);
            println!(
                "the {} depths so far {} the published table ({})",
                counts.len(),
                if prefix { "match" } else { "DIFFER from" },
                names[0]
            );
            if !prefix {
                return ExitCode::from(3);
            }
        }
    }
    ExitCode::from(status)
}
