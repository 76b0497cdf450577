//! Sliding-tile puzzles (8-, 15-, 24-puzzle, rectangular boards, any goal) solved with the
//! algorithms of `heurist` and four heuristics, including additive pattern databases.
//!
//! ```text
//! cargo run --release --example fifteen                      # the original puzzle's instance (6 moves)
//! cargo run --release --example fifteen -- --tiles "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3" --heuristic pdb
//! cargo run --release --example fifteen -- data/fifteen/korf100.txt --heuristic pdb
//! cargo run --release --example fifteen -- data/fifteen/korf50_24.txt --only 38,40 --heuristic pdb
//! cargo run --release --example fifteen -- --tiles "1 2 3 / 4 0 5" --goal "1 2 3 / 4 5 0" --algo astar
//! ```
//!
//! `--heuristic pdb` builds additive pattern databases on first use and caches them on disk:
//! on 4x4 the 7-8 partition (about 140 s on two cores, 580 MB on disk, 1.6 GB while it
//! builds), on 5x5 Korf and Felner's 6-6-6-6 (about 105 s, 510 MB, 1.5 GB while it builds);
//! both are also looked up on the mirror image of each state. A build holds at most `--pdb-memory`
//! MiB (2048 by default: known before it starts) and stops at `--time-limit` (all the builds
//! together) or Ctrl-C, saving nothing, with exit status 1.
//!
//! Moves are named after the direction the blank moves. Ctrl-C stops the search (and a
//! batch) and prints what it has. Exit status: 0 solved or proven unsolvable, 1 stopped by
//! a limit or cancelled, 2 bad input.

#[path = "../common/mod.rs"]
mod common;
mod report;
use heurist_puzzles::fifteen as model;

use std::collections::HashSet;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use common::cli::{self, Algo, LimitArgs};
use heurist::pdb::{BuildError, BuildLimits, PdbError};
use heurist::{
    CancelToken, CycleCheck, Heuristic, IdaStar, Limits, Outcome, SearchResult, StopReason,
};
use indicatif::{MultiProgress, ProgressBar, ProgressStyle};
use model::{
    default_partition, parse_instances, parse_layout, parse_partition, square_cells, Dir, Instance,
    Layout, LinearConflict, Manhattan, Misplaced, Move, PdbHeuristic, PdbReport, Puzzle,
    Reflection, Tiles,
};
use report::{print_json, print_single, print_summary, print_table, print_unsolvable, Row, Tally};

/// The program's name in error messages.
const PROGRAM: &str = "fifteen";

/// The original puzzle's instance, with its unusual goal.
const ORIGINAL_START: &str = "0 3 5 7 / 1 11 13 15 / 9 4 6 8 / 2 10 12 14";
const ORIGINAL_GOAL: &str = "1 3 5 7 / 9 11 13 15 / 2 4 6 8 / 10 12 14 0";

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum HeuristicKind {
    Misplaced,
    Manhattan,
    LinearConflict,
    Pdb,
}

/// Solve sliding-tile puzzles optimally (or not, with wastar) with heurist.
#[derive(Parser, Debug)]
#[command(
    version,
    about = "Sliding-tile puzzle (15-puzzle and other sizes, any goal): solve optimally with A*, IDA* and pattern databases",
    after_help = cli::EXIT_HELP
)]
struct Cli {
    /// Instance file: one instance per line (`#` comments; optional leading instance number
    /// and optimal-length columns, as in korf100.txt).
    file: Option<PathBuf>,
    /// Solve only the instances of the file with these numbers (the first column, or the
    /// line's position among the instances when the file has none), e.g. `--only 38,40,25`.
    #[arg(long, value_delimiter = ',', value_name = "N,...", requires = "file")]
    only: Vec<u32>,
    /// One instance, tiles row by row (0 = blank); `/` separates rows of rectangular boards.
    #[arg(long, conflicts_with = "file")]
    tiles: Option<String>,
    /// Goal layout (default: blank first, then 1..n-1; with no instance given, the original puzzle's goal).
    #[arg(long)]
    goal: Option<String>,
    /// Search algorithm.
    #[arg(long, value_enum, default_value = "idastar")]
    algo: Algo,
    /// Heuristic (read by astar, idastar, greedy and wastar).
    #[arg(long, value_enum, default_value = "linear-conflict")]
    heuristic: HeuristicKind,
    /// Weight of weighted A* (from 1 to 1e6).
    #[arg(long, default_value_t = 2.0, value_parser = cli::weight)]
    weight: f64,
    /// Limits of each search.
    #[command(flatten)]
    limits: LimitArgs,
    /// Where pattern databases are cached (default: $HEURIST_CACHE_DIR, else
    /// target/heurist-pdb-cache in the crate directory).
    #[arg(long)]
    cache_dir: Option<PathBuf>,
    /// Index each pattern database by the blank's cell too (16 times the entries on 4x4, and
    /// a consistent heuristic). By default the tables are projected onto the pattern tiles'
    /// cells (each entry the minimum over the blank's cells), which is what makes the 7-8 and
    /// 6-6-6-6 databases fit.
    #[arg(long)]
    pdb_with_blank: bool,
    /// Look the pattern databases up on each state only. By default they are also looked up
    /// on its mirror image about the main diagonal, when that is a symmetry of the puzzle (a
    /// square board whose goal has the blank on the diagonal), and the larger sum is taken:
    /// fewer nodes for twice the lookups.
    #[arg(long)]
    no_reflect: bool,
    /// The patterns of the pattern databases: groups of tiles separated by `/`, e.g.
    /// "1 2 3 / 4 5 8 9 12 13 / 6 7 10 11 14 15" (default: the board's default partition:
    /// 7-8 on 4x4, 6-6-6-6 on 5x5).
    #[arg(long)]
    partition: Option<String>,
    /// The most memory a pattern-database build may hold, in MiB. A build that would need
    /// more stops before it starts (exit status 1); the default 7-8 set on 4x4 needs 1,485
    /// MiB, the 6-6-6-6 set on 5x5 1,095 MiB.
    #[arg(long, value_name = "MIB", default_value_t = BuildLimits::DEFAULT_MAX_BYTES >> 20)]
    pdb_memory: u64,
    /// Threads of IDA* (0: one per core). Each iteration's tree is split among them; the
    /// solution is the one a single thread finds, the node counts of the last iteration
    /// may differ from run to run (give 1 for counts that do not). At most 256.
    #[arg(long, default_value_t = 0, value_parser = cli::threads)]
    threads: usize,
    /// One JSON object per instance on stdout.
    #[arg(long)]
    json: bool,
    /// Do not draw the boards of the solution.
    #[arg(long)]
    quiet: bool,
}

/// A progress style from a template, or the default bar if the template is rejected.
fn progress_style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template)
        .map(|s| s.progress_chars("#>-"))
        .unwrap_or_else(|_| ProgressStyle::default_bar())
}

/// How often the progress bars are redrawn while nothing reports (keeps the clocks moving).
const TICK: Duration = Duration::from_millis(200);

struct Run {
    result: SearchResult<Tiles, Move, u32>,
    seconds: f64,
}

/// Runs the chosen algorithm. IDA* and IDDFS skip only the undo of the last move: every
/// other cycle of the puzzle is at least 12 moves long, so checking the whole path costs
/// more than it saves.
fn search<H: Heuristic<Puzzle> + Sync>(
    puzzle: &Puzzle,
    start: Tiles,
    cli: &Cli,
    limits: Limits<'_, u32>,
    h: H,
) -> SearchResult<Tiles, Move, u32> {
    if cli.algo == Algo::Idastar && cli.threads != 1 {
        return IdaStar::new()
            .limits(limits)
            .cycle_check(CycleCheck::Parent)
            .search_parallel(cli.threads, puzzle, start, h);
    }
    let tuning = cli::Tuning::new(cli.weight).cycle_check(CycleCheck::Parent);
    cli::solve::<_, _, heurist::AllMoves>(cli.algo, puzzle, start, h, tuning, limits)
}

/// What stopped a pattern-database build, for people: nothing was saved.
fn build_stopped(e: BuildError) -> String {
    let mib = |bytes: u64| bytes.div_ceil(1 << 20);
    match e {
        BuildError::Cancelled => {
            "pattern database build interrupted (Ctrl-C); nothing was saved".to_string()
        }
        BuildError::TimeLimit => {
            "pattern database build stopped at the time limit (--time-limit); nothing was saved"
                .to_string()
        }
        BuildError::MemoryLimit { needed, budget } => format!(
            "a pattern database build needs {} MiB, more than its budget of {} MiB \
             (--pdb-memory); give smaller patterns with --partition, or a larger budget",
            mib(needed),
            budget >> 20
        ),
        BuildError::OutOfMemory { bytes } => format!(
            "the system refused {} MiB to a pattern database build; give smaller patterns \
             with --partition, or a smaller --pdb-memory to be told before it starts",
            mib(bytes)
        ),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let (puzzle, instances) = match read_puzzle(&cli) {
        Ok(read) => read,
        Err(status) => return status,
    };
    // From here on Ctrl-C stops the database build or the running search (and the batch)
    // rather than the program.
    let cancel = cli::cancel_on_signals();
    let pdb = match pattern_databases(&cli, &puzzle, &cancel) {
        Ok(pdb) => pdb,
        Err(status) => return status,
    };
    solve_all(&cli, &puzzle, &instances, pdb.as_ref(), &cancel)
}

/// The board and the instances to solve, from the flags and the instance file. On bad input
/// the error is printed and its exit status returned.
fn read_puzzle(cli: &Cli) -> Result<(Puzzle, Vec<Instance>), ExitCode> {
    let goal_text = match (&cli.goal, &cli.tiles, &cli.file) {
        (Some(g), _, _) => Some(g.clone()),
        (None, None, None) => Some(ORIGINAL_GOAL.to_string()),
        _ => None,
    };
    let goal_layout = goal_text
        .as_deref()
        .map(parse_layout)
        .transpose()
        .map_err(|e| cli::fail(PROGRAM, format!("--goal: {e}")))?;
    let (instances, shape) = match &cli.file {
        Some(file) => read_instances(file, goal_layout.as_ref())?,
        None => one_instance(cli.tiles.as_deref().unwrap_or(ORIGINAL_START))?,
    };
    let instances = select(&cli.only, instances)?;
    let cells = instances[0].tiles.len();
    let (rows, cols) = board_shape(shape, goal_layout.as_ref(), cells)?;
    let goal = goal_layout.map_or_else(|| Puzzle::default_goal(cells), |g| g.tiles);
    let puzzle = Puzzle::new(rows, cols, &goal).map_err(|e| cli::fail(PROGRAM, e))?;
    Ok((puzzle, instances))
}

/// Instances to solve, and the board's shape (rows, columns) if they give it.
type Instances = (Vec<Instance>, Option<(usize, usize)>);

/// The instances of `file`, and the board's shape: the goal's, or the square that the first
/// line fits (4x4 if none).
fn read_instances(file: &Path, goal: Option<&Layout>) -> Result<Instances, ExitCode> {
    // Read as bytes: a byte that is not UTF-8 is reported at its line and column.
    let text = common::parse::read_file(file).map_err(|e| cli::fail(PROGRAM, e))?;
    let square = square_cells(&text).unwrap_or(16);
    let cells = goal.map_or(square, |g| g.tiles.len());
    let side = (cells as f64).sqrt() as usize;
    match parse_instances(&text, cells) {
        Ok(v) if v.is_empty() => Err(cli::fail(
            PROGRAM,
            format!("{}: no instances", file.display()),
        )),
        Ok(v) => Ok((v, Some(goal.map_or((side, side), |g| (g.rows, g.cols))))),
        Err(e) => Err(cli::fail(PROGRAM, format!("{}: {e}", file.display()))),
    }
}

/// The one instance of `--tiles` (or the original puzzle's), and its shape.
fn one_instance(tiles: &str) -> Result<Instances, ExitCode> {
    match parse_layout(tiles) {
        Ok(l) => Ok((
            vec![Instance {
                line: 0,
                number: None,
                optimal: None,
                tiles: l.tiles,
            }],
            Some((l.rows, l.cols)),
        )),
        Err(e) => Err(cli::fail(PROGRAM, format!("--tiles: {e}"))),
    }
}

/// The instances numbered in `only` (all of them if it is empty), each given its number.
fn select(only: &[u32], instances: Vec<Instance>) -> Result<Vec<Instance>, ExitCode> {
    if only.is_empty() {
        return Ok(instances);
    }
    let number = |(i, inst): &(usize, &Instance)| inst.number.unwrap_or(*i as u32 + 1);
    // sets, not a scan of one list per entry of the other: linear in both lengths
    let numbers: HashSet<u32> = instances.iter().enumerate().map(|e| number(&e)).collect();
    if let Some(missing) = only.iter().find(|n| !numbers.contains(n)) {
        return Err(cli::fail(
            PROGRAM,
            format!("--only: there is no instance {missing}"),
        ));
    }
    let wanted: HashSet<u32> = only.iter().copied().collect();
    Ok(instances
        .iter()
        .enumerate()
        .filter(|e| wanted.contains(&number(e)))
        .map(|e| Instance {
            number: Some(number(&e)),
            ..e.1.clone()
        })
        .collect())
}

/// The board's rows and columns: the goal's, which must agree with the instances'.
fn board_shape(
    shape: Option<(usize, usize)>,
    goal: Option<&Layout>,
    cells: usize,
) -> Result<(usize, usize), ExitCode> {
    match (shape, goal) {
        (_, Some(g)) if g.tiles.len() != cells => Err(cli::fail(
            PROGRAM,
            format!(
                "the goal has {} tiles but the instance has {cells}",
                g.tiles.len()
            ),
        )),
        (Some((r, c)), Some(g)) if (r, c) != (g.rows, g.cols) => Err(cli::fail(
            PROGRAM,
            format!(
                "the instance is {r}x{c} but the goal is {}x{}",
                g.rows, g.cols
            ),
        )),
        (_, Some(g)) => Ok((g.rows, g.cols)),
        (Some(s), None) => Ok(s),
        (None, None) => Ok((4, 4)),
    }
}

/// The pattern databases of `--heuristic pdb` (none for another heuristic, or a search
/// without one), loaded from the cache or built; with the mirror-image lookups unless
/// `--no-reflect`. A stopped build returns the exit status of a stopped search.
fn pattern_databases(
    cli: &Cli,
    puzzle: &Puzzle,
    cancel: &CancelToken,
) -> Result<Option<PdbHeuristic>, ExitCode> {
    let uses_pdb = cli.algo.uses_heuristic() && cli.heuristic == HeuristicKind::Pdb;
    if (cli.pdb_with_blank || cli.no_reflect || cli.partition.is_some()) && !uses_pdb {
        return Err(cli::fail(
            PROGRAM,
            "--pdb-with-blank, --no-reflect and --partition apply to a heuristic search with --heuristic pdb",
        ));
    }
    if !uses_pdb {
        return Ok(None);
    }
    let reflection = Reflection::of(puzzle).filter(|_| !cli.no_reflect);
    let dir = cli
        .cache_dir
        .clone()
        .unwrap_or_else(model::default_cache_dir);
    let patterns = match &cli.partition {
        None => default_partition(puzzle),
        Some(text) => parse_partition(text, puzzle, cli.pdb_with_blank)
            .map_err(|e| cli::fail(PROGRAM, format!("--partition: {e}")))?,
    };
    if let Some(big) = patterns.iter().find(|p| {
        model::build_states(puzzle, p.len(), cli.pdb_with_blank) > model::MAX_BUILD_STATES
    }) {
        return Err(cli::fail(
            PROGRAM,
            format!(
                "the database of pattern {big:?} would search {} states (at most {}); give smaller patterns with --partition",
                model::build_states(puzzle, big.len(), cli.pdb_with_blank),
                model::MAX_BUILD_STATES
            ),
        ));
    }
    eprintln!(
        "pattern databases {:?}{} (cache: {})",
        patterns.iter().map(|p| p.len()).collect::<Vec<_>>(),
        if reflection.is_some() {
            ", also looked up on the mirror image"
        } else {
            ""
        },
        dir.display()
    );
    match load_or_build(cli, puzzle, &patterns, &dir, cancel) {
        Ok((h, reports)) => {
            for r in reports {
                let how = match &r.origin {
                    heurist::pdb::Origin::Loaded => "loaded".to_string(),
                    heurist::pdb::Origin::Built { why } => format!("built ({why})"),
                };
                eprintln!(
                    "  pattern {:?}: {} entries, {how}, {:.2} s, {}",
                    r.tiles,
                    r.entries,
                    r.seconds,
                    r.path.display()
                );
            }
            Ok(Some(match reflection {
                Some(r) => h.with_reflection(r),
                None => h,
            }))
        }
        Err(PdbError::Build(e)) => {
            eprintln!("{PROGRAM}: {}", build_stopped(e));
            Err(ExitCode::from(cli::EXIT_STOPPED))
        }
        Err(e) => Err(cli::fail(PROGRAM, format!("pattern database cache: {e}"))),
    }
}

/// Loads the databases of `patterns` from `dir`, or builds (and saves) them, with a progress
/// bar per database being built. The builds obey the time limit (all of them together), the
/// memory budget and Ctrl-C, as a search does.
fn load_or_build(
    cli: &Cli,
    puzzle: &Puzzle,
    patterns: &[Vec<u8>],
    dir: &Path,
    cancel: &CancelToken,
) -> Result<(PdbHeuristic, Vec<PdbReport>), PdbError> {
    // On a terminal, one bar per database being built (loaded ones report nothing), with
    // the time left as the layers so far suggest; a finished database's bar stays until
    // all are ready, then the bars give way to one line each. Piped, a line per layer, at
    // most one every two seconds, instead.
    let piped = !std::io::stderr().is_terminal();
    let multi = MultiProgress::new();
    // The text comes first and the bar takes what is left of the line, so that a
    // narrow terminal does not wrap it.
    let style = progress_style("  {prefix}: {msg}, {elapsed}, about {eta} left [{wide_bar}]");
    let mut bars: Vec<(usize, ProgressBar)> = Vec::new();
    let mut lines: Option<(usize, Instant, Instant)> = None; // database, its start, last line
    let name = |i: usize| {
        let tiles = patterns.get(i).map_or(&[][..], Vec::as_slice);
        let memory = model::pdb::build_memory(puzzle, tiles.len(), cli.pdb_with_blank)
            .map_or(String::new(), |b| format!(" ({} MB)", b.div_ceil(1 << 20)));
        match patterns.get(i) {
            Some(tiles) => format!("building {tiles:?}{memory}"),
            None => format!("building database {}", i + 1),
        }
    };
    let mut progress = |i: usize, p: &heurist::pdb::Progress| {
        let percent = if p.total > 0 {
            100.0 * p.reached as f64 / p.total as f64
        } else {
            100.0
        };
        let layer = format!(
            "depth {:>2}, {:>5.1}% of {} states",
            p.depth, percent, p.total
        );
        if piped {
            let now = Instant::now();
            let (started, due) = match lines {
                Some((j, started, last)) if j == i => {
                    (started, now.duration_since(last) >= Duration::from_secs(2))
                }
                _ => (now, true),
            };
            if due || p.reached == p.total {
                let secs = now.duration_since(started).as_secs_f64();
                eprintln!("{PROGRAM}: {}: {layer}, {secs:.0} s", name(i));
                lines = Some((i, started, now));
            }
            return;
        }
        if bars.last().map(|&(j, _)| j) != Some(i) {
            if let Some((_, prev)) = bars.last() {
                prev.finish();
            }
            let bar = multi.add(
                ProgressBar::new(p.total)
                    .with_style(style.clone())
                    .with_prefix(name(i)),
            );
            bar.enable_steady_tick(TICK);
            bars.push((i, bar));
        }
        if let Some((_, bar)) = bars.last() {
            bar.set_length(p.total);
            bar.set_position(p.reached);
            bar.set_message(layer);
        }
    };
    let mut limits = BuildLimits::new()
        .cancel(cancel.clone())
        .max_bytes(cli.pdb_memory.saturating_mul(1 << 20));
    if let Some(deadline) = cli
        .limits
        .time_limit
        .and_then(|t| Instant::now().checked_add(t))
    {
        limits = limits.deadline(deadline);
    }
    let built = PdbHeuristic::cached(
        puzzle,
        patterns,
        cli.pdb_with_blank,
        dir,
        &limits,
        &mut progress,
    );
    for (_, bar) in &bars {
        bar.finish_and_clear();
    }
    built
}

/// Solves the instances one after the other, printing each (one JSON line, the boards of
/// the solution, or a line of the batch's table at the end) and a batch's summary; the
/// exit status.
fn solve_all(
    cli: &Cli,
    puzzle: &Puzzle,
    instances: &[Instance],
    pdb: Option<&PdbHeuristic>,
    cancel: &CancelToken,
) -> ExitCode {
    let batch = cli.file.is_some();
    let mut status = ExitCode::from(cli::EXIT_DONE);
    let mut cancelled = false;
    let mut tally = Tally::default();
    // The batch's bar on stderr (none with --json, as the JSON lines are the progress);
    // indicatif hides it when stderr is not a terminal.
    let bar = if batch && !cli.json {
        let bar = ProgressBar::new(instances.len() as u64).with_style(progress_style(
            "[{bar:30}] {pos}/{len} {elapsed_precise}, ETA {eta_precise} {msg}",
        ));
        bar.enable_steady_tick(TICK);
        bar
    } else {
        ProgressBar::hidden()
    };
    for (idx, inst) in instances.iter().enumerate() {
        if cancel.is_cancelled() {
            cancelled = true;
            break;
        }
        let start = puzzle.pack(&inst.tiles);
        let label = inst.number.map_or((idx + 1).to_string(), |n| n.to_string());
        if !puzzle.is_solvable(start) {
            tally.unsolvable += 1;
            print_unsolvable(cli, puzzle, start, label, inst, &mut tally.rows);
            bar.inc(1);
            continue;
        }
        bar.set_message(format!("instance {label}"));
        let run = run_search(cli, puzzle, start, pdb, cancel);
        tally.searched += 1;
        tally.expanded += run.result.stats.expanded;
        tally.generated += run.result.stats.generated;
        tally.seconds += run.seconds;
        let moves: Vec<Dir> = run
            .result
            .solution()
            .map(|s| s.actions().map(|m| m.dir).collect())
            .unwrap_or_default();
        if let Some(c) = run.result.cost() {
            tally.solved += 1;
            if let Err(e) = puzzle.check_solution(start, &moves) {
                bar.finish_and_clear();
                return cli::fail(
                    PROGRAM,
                    format!("internal error, invalid solution for {label}: {e}"),
                );
            }
            if let Some(opt) = inst.optimal {
                tally.optimal_checked += 1;
                if opt == c {
                    tally.optimal_ok += 1;
                } else {
                    tally.wrong.push((label.clone(), c, opt));
                }
            }
        } else if let Some(reason) = run.result.stop_reason() {
            tally.stopped += 1;
            tally.stops.push((label.clone(), reason));
            status = cli::exit_status(&run.result);
            cancelled |= reason == StopReason::Cancelled;
        }
        if cli.json {
            print_json(&label, inst, &run, &moves);
        } else if batch {
            let bound = match &run.result.outcome {
                Outcome::Stopped { lower_bound, .. } => *lower_bound,
                _ => None,
            };
            tally.rows.push(Row {
                label,
                cost: run.result.cost(),
                bound,
                optimal: inst.optimal,
                expanded: run.result.stats.expanded,
                seconds: run.seconds,
            });
        } else {
            print_single(puzzle, start, &run, &moves, cli.quiet);
        }
        bar.inc(1);
        if cancelled {
            break;
        }
    }
    if cancelled {
        status = ExitCode::from(cli::EXIT_STOPPED);
    }
    // The finished bar stays on screen; the cursor is left on the next line.
    bar.set_message(format!("search {:.1} s", tally.seconds));
    bar.finish();
    if batch {
        if !cli.json {
            print_table(&tally.rows);
        }
        print_summary(instances.len(), &tally);
    }
    status
}

/// Runs the search of `--algo` with the heuristic of `--heuristic` on one instance.
fn run_search(
    cli: &Cli,
    puzzle: &Puzzle,
    start: Tiles,
    pdb: Option<&PdbHeuristic>,
    cancel: &CancelToken,
) -> Run {
    let t0 = Instant::now();
    let limits = cli.limits.limits(cancel);
    let result = match cli.heuristic {
        _ if !cli.algo.uses_heuristic() => search(puzzle, start, cli, limits, heurist::Zero),
        HeuristicKind::Misplaced => search(puzzle, start, cli, limits, Misplaced(puzzle)),
        HeuristicKind::Manhattan => search(puzzle, start, cli, limits, Manhattan(puzzle)),
        HeuristicKind::LinearConflict => search(puzzle, start, cli, limits, LinearConflict(puzzle)),
        HeuristicKind::Pdb => search(puzzle, start, cli, limits, pdb.unwrap()),
    };
    Run {
        result,
        seconds: t0.elapsed().as_secs_f64(),
    }
}
