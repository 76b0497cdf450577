//! Dynamic labyrinth: push tokens into shifting rows/columns and walk the figure to the exit
//! in the fewest moves. `cargo run --release --example labyrinth -- --help`.
//!
//! Board file format: see the module docs of `puzzles/src/labyrinth/board.rs` (the original `Puzzle_6.CSV`
//! loads as it is). `--json` prints one object:
//! `{"solved": true, "cost": c, "moves": n, "solution": [{"push": 2}, {"push_col": 1},
//! {"walk": [[4,1],[3,1]]}, ...], "expanded": n, ...}` (`push` = a row index, `push_col` = a
//! column index, `walk` = the cells walked, both ends included; under `--cost steps`
//! consecutive single steps are shown as one walk, so `moves` counts pushes and walks while
//! `cost` counts pushes and steps); `{"solved": false, "reason": ..}` when the board is proven
//! unsolvable (cheaply, or by exhausting the space); `{"solved": null, "stopped": "<reason>",
//! "lower_bound": ..}` when a limit (default: 5 million stored states, 50 million expansions,
//! 30 s) or Ctrl-C (`"cancelled"`) stopped the search first.
//!
//! Exit status: 0 solved or proven unsolvable, 1 stopped by a limit or cancelled, 2 bad input.

#[path = "../common/mod.rs"]
mod common;
use heurist_puzzles::labyrinth as model;

use clap::{Parser, ValueEnum};
use common::cli::{self, Algo, LimitArgs};
use heurist::{Bfs, Dfs, IdaStar, Iddfs, Outcome, SearchResult, Solution, StopReason};
use model::{Action, Axis, Board, CostModel, HeuristicKind, LabHeuristic, Labyrinth, State};
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;

/// The program's name in error messages.
const PROGRAM: &str = "labyrinth";

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
enum Cost {
    /// A push = 1, a walk of any length = 1.
    Moves,
    /// A push = 1, every single step = 1 (the original puzzle's counting).
    Steps,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
enum Heur {
    /// lookahead under --cost moves, steps under --cost steps.
    Auto,
    Zero,
    /// 0 / 1 / 2 by one-move lookahead: admissible under both cost models.
    Lookahead,
    /// Cyclic Manhattan distance (max with lookahead): admissible under --cost steps.
    Steps,
    /// The original puzzle's Manhattan distance: not admissible (the answer may be suboptimal).
    Manhattan,
}

/// Solve a dynamic labyrinth (the original Puzzle_6 by default).
#[derive(Parser, Debug)]
#[command(
    about = "Dynamic labyrinth: push the free token into a row or column, walk the figure to the exit, in the fewest moves (or steps)",
    after_help = cli::EXIT_HELP,
    // This program's limits by default: a few seconds of search on the boards it generates.
    mut_arg("max_states", |a| a.default_value("5000000")),
    mut_arg("max_expansions", |a| a.default_value("50000000")),
    mut_arg("time_limit", |a| a.default_value("30"))
)]
struct Cli {
    /// Board file (format in puzzles/src/labyrinth/board.rs); default: the built-in Puzzle_6.
    file: Option<PathBuf>,
    /// Cost model.
    #[arg(long, value_enum, default_value_t = Cost::Moves)]
    cost: Cost,
    /// Search algorithm (dfs, greedy and wastar are not optimal).
    #[arg(long, value_enum, default_value_t = Algo::Astar)]
    algo: Algo,
    /// Heuristic for astar, idastar, greedy and wastar.
    #[arg(long, value_enum, default_value_t = Heur::Auto)]
    heuristic: Heur,
    /// Weight of weighted A* (from 1 to 1e6).
    #[arg(long, default_value_t = 2.0, value_parser = cli::weight)]
    weight: f64,
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
    /// Entrance R,C (a border cell), overrides the file.
    #[arg(long)]
    start: Option<String>,
    /// Exit R,C or R,C,SIDE (up/down/left/right), overrides the file.
    #[arg(long)]
    exit: Option<String>,
    /// Generate a random RxC board instead of reading one.
    #[arg(long)]
    generate: Option<String>,
    /// Seed for --generate (ChaCha8: the same seed gives the same board on every platform).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print the (generated) board in the file format and exit.
    #[arg(long)]
    print_board: bool,
    /// Limits of the search.
    #[command(flatten)]
    limits: LimitArgs,
    /// Depth limit (dfs / bfs / iddfs / idastar); default none, 40 for dfs.
    #[arg(long)]
    max_depth: Option<usize>,
}

/// Default depth limit of the (non-optimal) DFS, so its answer stays readable.
const DFS_DEPTH: usize = 40;

/// Runs the chosen algorithm; the depth limit goes to the searches that read one.
fn search(
    cli: &Cli,
    problem: &Labyrinth,
    start: State,
    h: LabHeuristic<'_>,
    limits: heurist::Limits<'_, u32>,
) -> SearchResult<State, Action, u32> {
    let depth = cli
        .max_depth
        .or((cli.algo == Algo::Dfs).then_some(DFS_DEPTH));
    match (cli.algo, depth) {
        (Algo::Dfs, Some(d)) => Dfs::new()
            .limits(limits)
            .max_depth(d)
            .search(problem, start),
        (Algo::Bfs, Some(d)) => Bfs::new()
            .limits(limits)
            .max_depth(d)
            .search(problem, start),
        (Algo::Iddfs, Some(d)) => Iddfs::new()
            .limits(limits)
            .max_depth(d)
            .search(problem, start),
        (Algo::Idastar, Some(d)) => IdaStar::new()
            .limits(limits)
            .max_depth(d)
            .search(problem, start, h),
        (algo, _) => cli::solve::<_, _, heurist::AllMoves>(
            algo,
            problem,
            start,
            h,
            cli::Tuning::new(cli.weight),
            limits,
        ),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let board = match read_board(&cli) {
        Ok(board) => board,
        Err(status) => return status,
    };
    if cli.print_board {
        out!("{}", board.to_text());
        return ExitCode::SUCCESS;
    }
    let cost_model = match cli.cost {
        Cost::Moves => CostModel::Moves,
        Cost::Steps => CostModel::Steps,
    };
    let kind = match (cli.heuristic, cost_model) {
        (Heur::Auto, CostModel::Moves) | (Heur::Lookahead, _) => HeuristicKind::Lookahead,
        (Heur::Auto, CostModel::Steps) | (Heur::Steps, _) => HeuristicKind::Steps,
        (Heur::Zero, _) => HeuristicKind::Zero,
        (Heur::Manhattan, _) => HeuristicKind::Manhattan,
    };
    let start = board.start_state();
    if !cli.json {
        print_setup(&board, &start);
        if cli.algo.least_cost() && cli.algo.uses_heuristic() && !kind.admissible(cost_model) {
            outln!("note: this heuristic is not admissible under this cost model; the answer may not be optimal");
        }
    }
    if let Some(reason) = board.unsolvable_reason(&start) {
        if cli.json {
            outln!(
                "{}",
                json!({"solved": false, "reason": reason, "expanded": 0})
            );
        } else {
            outln!("unsolvable (proved without search): {reason}");
        }
        return ExitCode::SUCCESS;
    }
    let problem = Labyrinth {
        board,
        model: cost_model,
    };
    let h = LabHeuristic {
        board: &problem.board,
        kind,
    };
    // From here on Ctrl-C stops the search, which then reports what it has.
    let cancel = cli::cancel_on_signals();
    let result = search(&cli, &problem, start, h, cli.limits.limits(&cancel));
    print_result(&cli, &problem, &result);
    cli::exit_status(&result)
}

/// The board: generated (`--generate`), read from the file, or the built-in one; with the
/// entrance and exit of `--start` and `--exit`. On bad input the error is printed and its
/// exit status returned.
fn read_board(cli: &Cli) -> Result<Board, ExitCode> {
    let mut board = if let Some(g) = &cli.generate {
        let dims: Vec<Option<usize>> = g.split(['x', 'X']).map(|p| p.trim().parse().ok()).collect();
        match dims.as_slice() {
            [Some(r), Some(c)]
                if (1..=model::MAX_SIDE).contains(r) && (1..=model::MAX_SIDE).contains(c) =>
            {
                Board::generate(*r, *c, cli.seed)
            }
            _ => {
                return Err(cli::fail(
                    PROGRAM,
                    format!(
                        "--generate expects RxC with 1..={} each, got `{g}`",
                        model::MAX_SIDE
                    ),
                ))
            }
        }
    } else if let Some(path) = &cli.file {
        // Read as bytes: a byte that is not UTF-8 is reported at its line and column.
        let text = common::parse::read_file(path).map_err(|e| cli::fail(PROGRAM, e))?;
        Board::parse(&text).map_err(|e| cli::fail(PROGRAM, format!("{}: {e}", path.display())))?
    } else {
        Board::parse(model::PUZZLE_6).expect("built-in board parses")
    };
    if let Some(s) = &cli.start {
        model::parse_cell(s)
            .and_then(|c| board.set_start(c))
            .map_err(|e| cli::fail(PROGRAM, format!("--start: {e}")))?;
    }
    if let Some(s) = &cli.exit {
        model::parse_exit(s)
            .and_then(|(c, d)| board.set_exit(c, d))
            .map_err(|e| cli::fail(PROGRAM, format!("--exit: {e}")))?;
    }
    Ok(board)
}

/// The board's size, entrance, exit and pushable lines, the board and the free token.
fn print_setup(board: &Board, start: &State) {
    outln!(
        "{}x{} board, entrance {},{}, exit {},{} (open {}), pushable: {}",
        board.rows,
        board.cols,
        board.start.0,
        board.start.1,
        board.exit.0,
        board.exit.1,
        model::side_name(board.exit_side),
        if board.lines.is_empty() {
            "none".to_string()
        } else {
            board
                .lines
                .iter()
                .map(|l| l.describe())
                .collect::<Vec<_>>()
                .join(", ")
        }
    );
    outln!("{}", draw(board, start));
    outln!("free token:\n{}", draw_tile(start.free, '*'));
}

/// The search's answer: the solution move by move (or one JSON object), or why there is
/// none.
fn print_result(cli: &Cli, problem: &Labyrinth, result: &SearchResult<State, Action, u32>) {
    let stats = &result.stats;
    let elapsed_ms = stats.elapsed.as_secs_f64() * 1e3;
    match &result.outcome {
        Outcome::Found(sol) => {
            let moves = group_moves(&problem.board, sol, problem.model == CostModel::Steps);
            if cli.json {
                let list: Vec<_> = moves.iter().map(|m| move_json(&problem.board, m)).collect();
                outln!(
                    "{}",
                    json!({"solved": true, "cost": sol.cost, "moves": moves.len(),
                           "solution": list, "expanded": stats.expanded,
                           "generated": stats.generated,
                           "elapsed_ms": elapsed_ms})
                );
            } else {
                print_moves(&problem.board, &moves);
                outln!(
                    "solved: {} move(s), cost {} under --cost {}; expanded {}, generated {}, {:.1} ms",
                    moves.len(),
                    sol.cost,
                    if problem.model == CostModel::Moves { "moves" } else { "steps" },
                    stats.expanded,
                    stats.generated,
                    elapsed_ms
                );
            }
        }
        Outcome::Exhausted => {
            if cli.json {
                outln!(
                    "{}",
                    json!({"solved": false, "reason": "search space exhausted",
                           "expanded": stats.expanded, "generated": stats.generated,
                           "elapsed_ms": elapsed_ms})
                );
            } else {
                outln!(
                    "unsolvable: the whole reachable space was searched ({} states expanded)",
                    stats.expanded
                );
            }
        }
        Outcome::Stopped {
            reason,
            lower_bound,
        } => {
            if cli.json {
                outln!(
                    "{}",
                    json!({"solved": null, "stopped": reason.as_str(), "lower_bound": lower_bound,
                           "expanded": stats.expanded, "generated": stats.generated,
                           "elapsed_ms": elapsed_ms})
                );
            } else {
                let bound = lower_bound
                    .map(|b| format!("; any solution costs at least {b}"))
                    .unwrap_or_default();
                let (why, hint) = why_stopped(*reason);
                outln!(
                    "no answer: {why} after {} expansions{bound}{hint}",
                    stats.expanded
                );
            }
        }
    }
}

/// What stopped the search, and which flag would let it go further.
fn why_stopped(reason: StopReason) -> (&'static str, &'static str) {
    match reason {
        StopReason::Cancelled => ("cancelled", ""),
        StopReason::MaxStates => ("stopped at the max-states limit", " (raise --max-states)"),
        StopReason::MaxExpansions => (
            "stopped at the max-expansions limit",
            " (raise --max-expansions)",
        ),
        StopReason::Deadline => ("stopped at the time limit", " (raise --time-limit)"),
        StopReason::MaxDepth => ("stopped at the depth limit", " (raise --max-depth)"),
        StopReason::CostBound => ("stopped at the cost bound", ""),
        StopReason::NegativeCost => ("stopped by a negative step cost", ""),
        StopReason::InvalidWeight => ("stopped by an invalid weight", ""),
        StopReason::BeamWidth => ("stopped by the beam width", " (widen the beam)"),
        StopReason::InconsistentProblem => ("stopped by an inconsistent problem", ""),
    }
}

/// A move of the solution in the JSON output: `{"push": row}`, `{"push_col": column}` or
/// `{"walk": [[row, column], ...]}`.
fn move_json(board: &Board, m: &Move) -> serde_json::Value {
    match m {
        Move::Push(k, _) => {
            let l = &board.lines[*k];
            match l.axis {
                Axis::Row => json!({"push": l.index}),
                Axis::Col => json!({"push_col": l.index}),
            }
        }
        Move::Walk(path, _) => {
            let cells: Vec<_> = path
                .iter()
                .map(|&i| json!([i / board.cols, i % board.cols]))
                .collect();
            json!({ "walk": cells })
        }
    }
}

/// The solution move by move, each with the board after it (and the new free token after
/// a push).
fn print_moves(board: &Board, moves: &[Move]) {
    for (n, m) in moves.iter().enumerate() {
        match m {
            Move::Push(k, _) => outln!(
                "move {}: push the free token into {}",
                n + 1,
                board.lines[*k].describe()
            ),
            Move::Walk(path, _) => {
                let cells: Vec<String> = path
                    .iter()
                    .map(|&i| format!("({},{})", i / board.cols, i % board.cols))
                    .collect();
                outln!(
                    "move {}: walk {} step(s): {}",
                    n + 1,
                    path.len() - 1,
                    cells.join(" -> ")
                );
            }
        }
        let after = m.after();
        outln!("{}", draw(board, &after));
        if let Move::Push(..) = m {
            outln!("new free token:\n{}", draw_tile(after.free, '*'));
        }
    }
}

/// A move of the solution as shown: pushes as they are, consecutive steps joined into walks.
enum Move {
    /// Line index and the state after the push.
    Push(usize, State),
    /// Cells walked (both ends included) and the state after the walk.
    Walk(Vec<usize>, State),
}

impl Move {
    fn after(&self) -> State {
        match self {
            Move::Push(_, s) | Move::Walk(_, s) => *s,
        }
    }
}

fn group_moves(board: &Board, sol: &Solution<State, Action, u32>, join_steps: bool) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::new();
    let mut prev = sol.start;
    let mut last_was_step = false;
    for step in &sol.steps {
        match step.action {
            Action::Push(k) => {
                out.push(Move::Push(k as usize, step.state));
                last_was_step = false;
            }
            Action::Walk(_) => {
                let path = board
                    .walk_path(&prev, prev.figure as usize, step.state.figure as usize)
                    .expect("a walk of the solution follows open connections");
                match out.last_mut() {
                    Some(Move::Walk(cells, st)) if join_steps && last_was_step => {
                        cells.extend_from_slice(&path[1..]);
                        *st = step.state;
                    }
                    _ => out.push(Move::Walk(path, step.state)),
                }
                // Under --cost steps every action is one step; consecutive steps form a walk.
                last_was_step = true;
            }
        }
        prev = step.state;
    }
    out
}

fn tile_rows(t: u8, centre: char) -> [String; 3] {
    let up = if t & model::UP != 0 {
        "   |   "
    } else {
        "       "
    };
    let down = if t & model::DOWN != 0 {
        "   |   "
    } else {
        "       "
    };
    let left = if t & model::LEFT != 0 { "-- " } else { "   " };
    let right = if t & model::RIGHT != 0 { " --" } else { "   " };
    [
        up.to_string(),
        format!("{left}{centre}{right}"),
        down.to_string(),
    ]
}

/// The board as the original program draws it: each tile 3 text rows of 7 characters; `@` the figure,
/// `s` the entrance, `g` the exit, `*` other cells. Arrows in the margin mark pushable lines
/// (`>`/`<` rows pushed from the left/right, `v`/`^` columns pushed from the top/bottom).
fn draw(b: &Board, s: &State) -> String {
    let mut out = String::new();
    let col_mark = |side: u8| -> String {
        let mut line = String::from("  ");
        for c in 0..b.cols {
            let m = b
                .lines
                .iter()
                .any(|l| l.axis == Axis::Col && l.index == c && l.from == side);
            line.push_str(if m {
                if side == model::UP {
                    "   v   "
                } else {
                    "   ^   "
                }
            } else {
                "       "
            });
        }
        line.trim_end().to_string()
    };
    let top = col_mark(model::UP);
    if !top.is_empty() {
        out.push_str(&top);
        out.push('\n');
    }
    let fig = s.figure as usize;
    for r in 0..b.rows {
        let mut rows = [String::new(), String::new(), String::new()];
        for c in 0..b.cols {
            let i = r * b.cols + c;
            let centre = if i == fig {
                '@'
            } else if (r, c) == b.exit {
                'g'
            } else if (r, c) == b.start {
                's'
            } else {
                '*'
            };
            let t = tile_rows(s.tile(i), centre);
            for k in 0..3 {
                rows[k].push_str(&t[k]);
            }
        }
        let from = b
            .lines
            .iter()
            .find(|l| l.axis == Axis::Row && l.index == r)
            .map(|l| l.from);
        let (lm, rm) = match from {
            Some(model::LEFT) => ("> ", ""),
            Some(_) => ("  ", " <"),
            None => ("  ", ""),
        };
        for (k, line) in rows.iter().enumerate() {
            let (l, rr) = if k == 1 { (lm, rm) } else { ("  ", "") };
            out.push_str(format!("{l}{line}{rr}").trim_end());
            out.push('\n');
        }
    }
    let bottom = col_mark(model::DOWN);
    if !bottom.is_empty() {
        out.push_str(&bottom);
        out.push('\n');
    }
    out
}

fn draw_tile(t: u8, centre: char) -> String {
    tile_rows(t, centre)
        .iter()
        .map(|l| format!("  {l}").trim_end().to_string())
        .collect::<Vec<_>>()
        .join("\n")
}
