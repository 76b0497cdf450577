//! Dynamic labyrinth: push tokens into shifting rows/columns and walk the figure to the exit
//! in the fewest moves. `cargo run --release --example labyrinth -- --help`.
//!
//! Board file format: see the module docs of `model.rs` (the original `Puzzle_6.CSV` loads as it
//! is). `--json` prints one object:
//! `{"solved": true, "cost": c, "moves": n, "solution": [{"push": 2}, {"push_col": 1},
//! {"walk": [[4,1],[3,1]]}, ...], "expanded": n, ...}` (`push` = a row index, `push_col` = a
//! column index, `walk` = the cells walked, both ends included; under `--cost steps`
//! consecutive single steps are shown as one walk, so `moves` counts pushes and walks while
//! `cost` counts pushes and steps); `{"solved": false, "reason": ..}` when the board is proven
//! unsolvable (cheaply, or by exhausting the space); `{"solved": null, "stopped": "<limit>",
//! "lower_bound": ..}` when a limit (default: 5 million stored states, 50 million expansions,
//! 30 s) stopped the search first.

mod model;

use clap::{Parser, ValueEnum};
use heurist::{Options, Outcome, SearchResult, Solution};
use model::{Action, Axis, Board, CostModel, HeuristicKind, LabHeuristic, Labyrinth, State};
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
enum Cost {
    /// A push = 1, a walk of any length = 1.
    Moves,
    /// A push = 1, every single step = 1 (the original puzzle's counting).
    Steps,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
enum Algo {
    Bfs,
    Astar,
    Idastar,
    Dfs,
    Iddfs,
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
    about = "Dynamic labyrinth: push the free token into a row or column, walk the figure to the exit, in the fewest moves (or steps)"
)]
struct Cli {
    /// Board file (format in examples/labyrinth/model.rs); default: the built-in Puzzle_6.
    file: Option<PathBuf>,
    /// Cost model.
    #[arg(long, value_enum, default_value_t = Cost::Moves)]
    cost: Cost,
    /// Search algorithm (dfs is not optimal).
    #[arg(long, value_enum, default_value_t = Algo::Astar)]
    algo: Algo,
    /// Heuristic for astar / idastar.
    #[arg(long, value_enum, default_value_t = Heur::Auto)]
    heuristic: Heur,
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
    /// Limit on stored states (bfs/astar/dfs).
    #[arg(long, default_value_t = 5_000_000)]
    max_states: usize,
    /// Limit on expansions (all algorithms).
    #[arg(long, default_value_t = 50_000_000)]
    max_expansions: u64,
    /// Time limit in seconds.
    #[arg(long, default_value_t = 30.0)]
    time_limit: f64,
    /// Depth limit (dfs / iddfs / idastar); default none, 40 for dfs.
    #[arg(long)]
    max_depth: Option<usize>,
}

/// Default depth limit of the (non-optimal) DFS, so its answer stays readable.
const DFS_DEPTH: usize = 40;

fn fail(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {msg}");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut board = if let Some(g) = &cli.generate {
        let dims: Vec<Option<usize>> = g.split(['x', 'X']).map(|p| p.trim().parse().ok()).collect();
        match dims.as_slice() {
            [Some(r), Some(c)]
                if (1..=model::MAX_SIDE).contains(r) && (1..=model::MAX_SIDE).contains(c) =>
            {
                Board::generate(*r, *c, cli.seed)
            }
            _ => {
                return fail(format!(
                    "--generate expects RxC with 1..={} each, got `{g}`",
                    model::MAX_SIDE
                ))
            }
        }
    } else if let Some(path) = &cli.file {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => return fail(format!("{}: {e}", path.display())),
        };
        match Board::parse(&text) {
            Ok(b) => b,
            Err(e) => return fail(format!("{}: {e}", path.display())),
        }
    } else {
        Board::parse(model::PUZZLE_6).expect("built-in board parses")
    };
    if let Some(s) = &cli.start {
        if let Err(e) = model::parse_cell(s).and_then(|c| board.set_start(c)) {
            return fail(format!("--start: {e}"));
        }
    }
    if let Some(s) = &cli.exit {
        if let Err(e) = model::parse_exit(s).and_then(|(c, d)| board.set_exit(c, d)) {
            return fail(format!("--exit: {e}"));
        }
    }
    if cli.print_board {
        print!("{}", board.to_text());
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
        println!(
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
        println!("{}", draw(&board, &start));
        println!("free token:\n{}", draw_tile(start.free, '*'));
        if matches!(cli.algo, Algo::Astar | Algo::Idastar) && !kind.admissible(cost_model) {
            println!("note: this heuristic is not admissible under this cost model; the answer may not be optimal");
        }
    }
    if let Some(reason) = board.unsolvable_reason(&start) {
        if cli.json {
            println!(
                "{}",
                json!({"solved": false, "reason": reason, "expanded": 0})
            );
        } else {
            println!("unsolvable (proved without search): {reason}");
        }
        return ExitCode::SUCCESS;
    }
    let problem = Labyrinth {
        board: board.clone(),
        model: cost_model,
    };
    let h = LabHeuristic {
        board: &problem.board,
        kind,
    };
    let mut opts = Options::new()
        .max_expansions(cli.max_expansions)
        .time_limit(Duration::from_secs_f64(cli.time_limit.max(0.0)));
    if matches!(cli.algo, Algo::Bfs | Algo::Astar | Algo::Dfs) {
        opts = opts.max_states(cli.max_states);
    }
    if let Some(d) = cli
        .max_depth
        .or((cli.algo == Algo::Dfs).then_some(DFS_DEPTH))
    {
        opts = opts.max_depth(d);
    }
    let result: SearchResult<State, Action, u32> = match cli.algo {
        Algo::Bfs => heurist::bfs_with(&problem, start, opts),
        Algo::Astar => heurist::astar_with(&problem, start, h, opts),
        Algo::Idastar => heurist::idastar_with(&problem, start, h, opts),
        Algo::Dfs => heurist::dfs_with(&problem, start, opts),
        Algo::Iddfs => heurist::iddfs_with(&problem, start, opts),
    };
    let stats = &result.stats;
    match &result.outcome {
        Outcome::Found(sol) => {
            let moves = group_moves(&problem.board, sol, cost_model == CostModel::Steps);
            if cli.json {
                let list: Vec<_> = moves
                    .iter()
                    .map(|m| match m {
                        Move::Push(k, _) => {
                            let l = &problem.board.lines[*k];
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
                    })
                    .collect();
                println!(
                    "{}",
                    json!({"solved": true, "cost": sol.cost, "moves": moves.len(),
                           "solution": list, "expanded": stats.expanded,
                           "generated": stats.generated,
                           "elapsed_ms": stats.elapsed.as_secs_f64() * 1e3})
                );
            } else {
                for (n, m) in moves.iter().enumerate() {
                    match m {
                        Move::Push(k, _) => println!(
                            "move {}: push the free token into {}",
                            n + 1,
                            problem.board.lines[*k].describe()
                        ),
                        Move::Walk(path, _) => {
                            let cells: Vec<String> = path
                                .iter()
                                .map(|&i| format!("({},{})", i / board.cols, i % board.cols))
                                .collect();
                            println!(
                                "move {}: walk {} step(s): {}",
                                n + 1,
                                path.len() - 1,
                                cells.join(" -> ")
                            );
                        }
                    }
                    let after = m.after();
                    println!("{}", draw(&problem.board, &after));
                    if let Move::Push(..) = m {
                        println!("new free token:\n{}", draw_tile(after.free, '*'));
                    }
                }
                println!(
                    "solved: {} move(s), cost {} under --cost {}; expanded {}, generated {}, {:.1} ms",
                    moves.len(),
                    sol.cost,
                    if cost_model == CostModel::Moves { "moves" } else { "steps" },
                    stats.expanded,
                    stats.generated,
                    stats.elapsed.as_secs_f64() * 1e3
                );
            }
        }
        Outcome::Exhausted => {
            if cli.json {
                println!(
                    "{}",
                    json!({"solved": false, "reason": "search space exhausted", "expanded": stats.expanded})
                );
            } else {
                println!(
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
                println!(
                    "{}",
                    json!({"solved": null, "stopped": reason.as_str(), "lower_bound": lower_bound,
                           "expanded": stats.expanded})
                );
            } else {
                println!(
                    "no answer: the search stopped at the {} limit after {} expansions{} (raise --max-states / --max-expansions / --time-limit)",
                    reason.as_str(),
                    stats.expanded,
                    lower_bound
                        .map(|b| format!("; any solution costs at least {b}"))
                        .unwrap_or_default()
                );
            }
        }
    }
    ExitCode::SUCCESS
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
