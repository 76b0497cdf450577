//! Zenji: turn pipe tiles so that water flows from the source (top-left) to the drain
//! (bottom-right) with the fewest 90-degree clockwise turns.
//!
//! ```text
//! cargo run --example zenji                                  # the original puzzle's 4x4 map, base rules, A*
//! cargo run --example zenji -- map.txt --rules free --algo idastar --heuristic relaxed
//! cargo run --example zenji -- --json
//! cargo run --example zenji -- --generate 20x20 --seed 7 > big.txt
//! ```
//!
//! Coordinates are 0-based `(row, column)`; doors are listed North East South West.
//!
//! Exit status: 0 solved or proven unsolvable, 1 search stopped by a limit (`--time-limit`,
//! `--max-expansions`, `--max-states`) or cancelled (Ctrl-C: the result so far is printed),
//! 2 bad input. Under the free rules the state space
//! (tile, entry side, visited tiles) grows exponentially: a map is first checked in the
//! relaxed space (tiles may be revisited, polynomial), so a map with no flow at all is
//! reported unsolvable at once; a map whose only flows would need a tile twice must be
//! exhausted by the search itself, which on large maps can take long (use the limits).

#[path = "../common/mod.rs"]
#[macro_use]
mod common;
use heurist_puzzles::zenji as model;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, ValueEnum};
use heurist::{AStar, CancelToken, CycleCheck, Dijkstra, Limits, SearchResult, Solution};
use serde_json::json;

use common::cli::{cancel_on_signals, exit_status, weight, Algo, LimitArgs, EXIT_HELP};

use model::{
    check_flow, generate, opposite, Flow, Grid, HeuristicKind, Pass, Rules, Zenji, DRAIN, INLET,
    OUTLET, SIDE_NAMES, SOURCE,
};

/// The example map of the original puzzle description (also `data/zenji/example.txt`).
const BUILT_IN: &str = "\
# The example map from the original Zenji puzzle (4 x 4), doors N E S W:
# 0 blocked, 1 inlet, 2 outlet, 3 source, 4 drain.
3223 2010 1221 0000
0000 0012 0122 0021
0021 1020 1212 0102
1200 1201 1200 1441
";

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum RuleSet {
    /// The original puzzle's base task: water flows only rightwards or downwards.
    Base,
    /// Water may flow in any direction, each tile at most once.
    Free,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Heur {
    /// No estimate.
    Zero,
    /// The original puzzle's 2·(Δrow+Δcol): overestimates, A* may miss the cheapest flow.
    Original,
    /// Turns the current tile needs at least to pass the water on (admissible).
    Local,
    /// Exact cost if tiles could be revisited, by a backward Dijkstra (admissible).
    Relaxed,
}

impl From<Heur> for HeuristicKind {
    fn from(h: Heur) -> Self {
        match h {
            Heur::Zero => HeuristicKind::Zero,
            Heur::Original => HeuristicKind::Original,
            Heur::Local => HeuristicKind::Local,
            Heur::Relaxed => HeuristicKind::Relaxed,
        }
    }
}

/// Zenji: turn pipe tiles so water flows from the source (top-left) to the drain
/// (bottom-right) with the fewest 90-degree clockwise turns.
#[derive(Parser, Debug)]
#[command(version, after_help = EXIT_HELP)]
struct Cli {
    /// Map file: one line per row, one word per tile with its doors N E S W (0 blocked,
    /// 1 inlet, 2 outlet, 3 source, 4 drain); '#' comment lines. Default: the original puzzle's map.
    file: Option<PathBuf>,
    /// Rule set.
    #[arg(long, value_enum, default_value_t = RuleSet::Base)]
    rules: RuleSet,
    /// Search algorithm. bfs and iddfs find a flow through the fewest tiles, dfs and greedy
    /// some flow, none of them necessarily the cheapest.
    #[arg(long, value_enum, default_value_t = Algo::Astar)]
    algo: Algo,
    /// Heuristic for astar, idastar, greedy and wastar.
    #[arg(long, value_enum, default_value_t = Heur::Relaxed)]
    heuristic: Heur,
    /// Weight of wastar (1 to 1e6): a flow costing at most weight x the minimum.
    #[arg(long, value_parser = weight, default_value_t = 2.0)]
    weight: f64,
    /// Print one JSON object: {"solved", "cost", "turns", "path", "expanded"}.
    #[arg(long)]
    json: bool,
    /// Print a random solvable map of ROWSxCOLS tiles, e.g. `--generate 20x20`.
    #[arg(long, value_name = "RxC")]
    generate: Option<String>,
    /// Seed for --generate (ChaCha8: the same seed gives the same map on every platform).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Search limits (--max-states: about 160 bytes a state on a 20x20 map under the free
    /// rules).
    #[command(flatten)]
    limits: LimitArgs,
}

fn fail(msg: impl std::fmt::Display) -> ExitCode {
    common::cli::fail("zenji", msg)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(spec) = &cli.generate {
        return run_generate(&cli, spec);
    }
    let (name, text) = match &cli.file {
        None => ("built-in example map".to_string(), BUILT_IN.to_string()),
        Some(p) => match common::parse::read_file(p) {
            Ok(t) => (p.display().to_string(), t),
            Err(e) => return fail(e),
        },
    };
    let grid = match Grid::parse(&text) {
        Ok(g) => g,
        Err(e) => return fail(format!("{name}: {e}")),
    };
    let cancel = cancel_on_signals();
    solve(&cli, &name, grid, &cancel)
}

fn run_generate(cli: &Cli, spec: &str) -> ExitCode {
    let parsed = spec.split_once(['x', 'X']).and_then(|(r, c)| {
        Some((
            r.trim().parse::<usize>().ok()?,
            c.trim().parse::<usize>().ok()?,
        ))
    });
    let Some((rows, cols)) =
        parsed.filter(|&(r, c)| (1..=256).contains(&r) && (1..=256).contains(&c) && r * c >= 2)
    else {
        return fail(format!(
            "--generate {}: expected ROWSxCOLS with 1..=256 each and at least 2 tiles, e.g. 20x20",
            common::parse::shown(spec)
        ));
    };
    let t = Instant::now();
    let grid = generate(rows, cols, cli.seed);
    // Verify by solving (base rules, exact heuristic): the map must have a flow.
    let p = Zenji::new(grid.clone(), Rules::Base);
    let r = AStar::new().search(&p, p.start(), p.heuristic(HeuristicKind::Relaxed));
    let Some(sol) = r.solution() else {
        return fail("internal error: the generated map has no flow");
    };
    let actions: Vec<Pass> = sol.actions().copied().collect();
    let (path, turns) = p.decode(&sol.start, &actions);
    if check_flow(&grid, Rules::Base, &path, &turns) != Ok(sol.cost) {
        return fail("internal error: the generated map's flow does not replay");
    }
    let elapsed = t.elapsed();
    out!(
        "# Zenji {rows}x{cols}, generated with --seed {}; doors N E S W.\n{}",
        cli.seed,
        grid.to_text()
    );
    eprintln!(
        "generated {rows}x{cols} (seed {}) in {elapsed:.2?}; verified solvable: base-rules optimum {} turns",
        cli.seed, sol.cost
    );
    ExitCode::SUCCESS
}

type Result_ = SearchResult<Flow, Pass, u32>;

fn run_search(
    p: &Zenji,
    algo: Algo,
    kind: HeuristicKind,
    weight: f64,
    limits: Limits<'_, u32>,
) -> Result_ {
    // Paths never revisit a state (a visited set, or monotone moves): the parent check is
    // enough for the depth-first searches.
    let tuning = common::cli::Tuning::new(weight).cycle_check(CycleCheck::Parent);
    common::cli::solve::<_, _, heurist::AllMoves>(
        algo,
        p,
        p.start(),
        p.heuristic(kind),
        tuning,
        limits,
    )
}

/// A flow found, decoded: the solution, its moves, the tiles of the path, and the turns
/// per tile.
struct Decoded<'a> {
    sol: &'a Solution<Flow, Pass, u32>,
    actions: Vec<Pass>,
    path: Vec<usize>,
    turns: Vec<(usize, u8)>,
}

fn solve(cli: &Cli, name: &str, grid: Grid, cancel: &CancelToken) -> ExitCode {
    let rules = match cli.rules {
        RuleSet::Base => Rules::Base,
        RuleSet::Free => Rules::Free,
    };
    let kind: HeuristicKind = cli.heuristic.into();
    let p = Zenji::new(grid, rules);
    let limits = cli.limits.limits(cancel);
    let t = Instant::now();
    let relaxed_proof = relaxed_proof(&p, cancel);
    let result = if relaxed_proof.is_some() {
        None
    } else {
        Some(run_search(&p, cli.algo, kind, cli.weight, limits))
    };
    let elapsed = t.elapsed();
    let expanded = result
        .as_ref()
        .map_or(relaxed_proof.unwrap_or(0), |r| r.stats.expanded);

    let found = result.as_ref().and_then(|r| r.solution());
    let decoded = found.map(|sol| {
        let actions: Vec<Pass> = sol.actions().copied().collect();
        let (path, turns) = p.decode(&sol.start, &actions);
        Decoded {
            sol,
            actions,
            path,
            turns,
        }
    });
    if let Some(d) = &decoded {
        // Replay with the model's checker before printing anything.
        match check_flow(&p.grid, rules, &d.path, &d.turns) {
            Ok(c) if c == d.sol.cost => {}
            other => {
                return fail(format!(
                    "internal error: solution does not replay: {other:?}"
                ))
            }
        }
    }
    let stopped = result
        .as_ref()
        .and_then(|r| r.stop_reason())
        .map(|reason| reason.as_str());
    let status = result.as_ref().map_or(ExitCode::SUCCESS, exit_status);

    if cli.json {
        print_json(&p.grid, decoded.as_ref(), expanded, stopped);
        return status;
    }

    let g = &p.grid;
    print_header(cli, name, g, rules, kind);
    match (&decoded, stopped) {
        (Some(d), _) => print_flow(cli, kind, g, d),
        (None, Some(reason)) => {
            outln!();
            outln!("Search stopped ({reason}) before finding a flow or proving there is none.");
        }
        (None, None) => {
            outln!();
            if relaxed_proof.is_some() {
                outln!(
                    "Unsolvable: no flow exists even if tiles could be visited twice \
                     (that relaxed space was exhausted)."
                );
            } else {
                outln!("Unsolvable: no flow exists (the search exhausted the space).");
            }
        }
    }
    let stats = result.as_ref().map(|r| r.stats);
    outln!(
        "Search: {expanded} states expanded{}{}, {elapsed:.2?}",
        if relaxed_proof.is_some() {
            " (relaxed space)"
        } else {
            ""
        },
        stats.map_or(String::new(), |s| format!(
            ", {} generated, {} stored",
            s.generated, s.stored
        ))
    );
    status
}

/// Under the free rules, the states the relaxed space took to prove the map unsolvable, if
/// it does. The visited set makes the free rules' space exponential; if even the relaxed
/// space (tiles may be revisited; polynomial) has no flow, the map is unsolvable: exhausting
/// it proves that without enumerating every self-avoiding path.
fn relaxed_proof(p: &Zenji, cancel: &CancelToken) -> Option<u64> {
    if p.rules != Rules::Free {
        return None;
    }
    let relaxed = p.relaxed();
    // Polynomial: no limits but Ctrl-C (a stopped check proves nothing; the search runs).
    let r = Dijkstra::new()
        .cancel(cancel.clone())
        .search(&relaxed, relaxed.start());
    r.is_exhausted().then_some(r.stats.expanded)
}

/// The answer as one JSON object.
fn print_json(g: &Grid, decoded: Option<&Decoded<'_>>, expanded: u64, stopped: Option<&str>) {
    let v = match decoded {
        Some(d) => {
            let rc = |c: usize| g.rc(c);
            json!({
                "solved": true,
                "cost": d.sol.cost,
                "turns": d.turns.iter().map(|&(c, k)| { let (r, cc) = rc(c); [r, cc, k as usize] }).collect::<Vec<_>>(),
                "path": d.path.iter().map(|&c| { let (r, cc) = rc(c); [r, cc] }).collect::<Vec<_>>(),
                "expanded": expanded,
            })
        }
        None => {
            let mut v = json!({
                "solved": false,
                "cost": null,
                "turns": [],
                "path": [],
                "expanded": expanded,
            });
            if let Some(reason) = stopped {
                v["stopped"] = json!(reason);
            }
            v
        }
    };
    outln!("{v}");
}

/// The map's size, the rules and the search, a legend and the map before turning.
fn print_header(cli: &Cli, name: &str, g: &Grid, rules: Rules, kind: HeuristicKind) {
    outln!(
        "Zenji {}x{} ({name}), rules: {}, algorithm: {}{}",
        g.rows,
        g.cols,
        match rules {
            Rules::Base => "base (water flows only right or down)",
            Rules::Free => "free (any direction, each tile once)",
        },
        format!("{:?}", cli.algo).to_lowercase(),
        match cli.algo {
            Algo::Wastar => format!(", heuristic: {}, weight {}", kind.name(), cli.weight),
            a if a.uses_heuristic() => format!(", heuristic: {}", kind.name()),
            _ => String::new(),
        }
    );
    outln!();
    outln!(
        "Legend: each box is a tile; an arrow at a door shows which way water passes there \
         (pointing in: inlet, pointing out: outlet);\n        ~ source door, o drain door, \
         S source tile, D drain tile."
    );
    outln!();
    outln!("Before turning:");
    out!("{}", draw(g, &[]));
}

/// The flow found: the map after turning, the flow step by step, the path, the turns per
/// tile and the total cost (with how far from the minimum it may be).
fn print_flow(cli: &Cli, kind: HeuristicKind, g: &Grid, d: &Decoded<'_>) {
    let Decoded {
        sol,
        actions,
        path,
        turns,
    } = d;
    outln!();
    outln!("After turning ('#' marks the path):");
    out!("{}", draw(&g.turned(turns), path));
    outln!();
    outln!("Flow, step by step:");
    let rc = |c: usize| g.rc(c);
    for (i, a) in actions.iter().enumerate() {
        let (r, c) = rc(a.cell as usize);
        let next = path[i + 1];
        let what = if i == 0 {
            "source".to_string()
        } else {
            let entry = opposite(actions[i - 1].exit as usize);
            match a.turns {
                0 => format!("in {}, no turn", SIDE_NAMES[entry]),
                k => format!("in {}, turn {k}x", SIDE_NAMES[entry]),
            }
        };
        let (nr, nc) = rc(next);
        outln!(
            "  {:>2}. ({r},{c}) {what:<16} out {} -> ({nr},{nc})",
            i + 1,
            SIDE_NAMES[a.exit as usize],
        );
    }
    let (dr, dc) = rc(g.drain());
    outln!("  {:>2}. ({dr},{dc}) drain", actions.len() + 1);
    let path_s: Vec<String> = path
        .iter()
        .map(|&c| format!("({},{})", rc(c).0, rc(c).1))
        .collect();
    outln!();
    outln!("Path ({} tiles): {}", path.len(), path_s.join(" -> "));
    if turns.is_empty() {
        outln!("Turns per tile: none");
    } else {
        let t: Vec<String> = turns
            .iter()
            .map(|&(c, k)| format!("({},{}) x{k}", rc(c).0, rc(c).1))
            .collect();
        outln!("Turns per tile: {}", t.join(", "));
    }
    outln!(
        "Total cost: {} turn{}{}",
        sol.cost,
        if sol.cost == 1 { "" } else { "s" },
        how_optimal(cli, kind)
    );
}

/// What the search promises of the cost it found.
fn how_optimal(cli: &Cli, kind: HeuristicKind) -> String {
    // Dijkstra, and A* and IDA* with an admissible heuristic (every step may cost
    // 0-3 turns, so BFS and IDDFS only minimise the tiles).
    let optimal = match cli.algo {
        Algo::Dijkstra => true,
        Algo::Astar | Algo::Idastar | Algo::Anytime => kind.admissible(),
        _ => false,
    };
    if optimal {
        return " (minimum)".to_string();
    }
    match cli.algo {
        Algo::Bfs | Algo::Iddfs => " (fewest tiles, NOT necessarily the fewest turns)".to_string(),
        Algo::Astar | Algo::Idastar => {
            " (the doubled-Manhattan heuristic overestimates: NOT necessarily the minimum)"
                .to_string()
        }
        Algo::Wastar if kind.admissible() => format!(" (at most {} x the minimum)", cli.weight),
        _ => " (some flow, NOT necessarily the cheapest)".to_string(),
    }
}

/// The map as boxes of 3 lines x 5 characters; arrows show the direction of the water at each
/// door (inlets point into the tile, outlets out of it), `~` the source, `o` the drain.
fn draw(g: &Grid, path: &[usize]) -> String {
    let sym = |side: usize, d: u8| -> char {
        match d {
            INLET => ['v', '<', '^', '>'][side],
            OUTLET => ['^', '>', 'v', '<'][side],
            SOURCE => '~',
            DRAIN => 'o',
            _ => ' ',
        }
    };
    let mut on_path = vec![false; g.tiles.len()];
    for &c in path {
        on_path[c] = true;
    }
    let mut s = String::new();
    let sep: String = format!("     +{}\n", "-----+".repeat(g.cols));
    s.push_str("    ");
    for c in 0..g.cols {
        s.push_str(&format!("{c:^6}"));
    }
    s.push('\n');
    for r in 0..g.rows {
        s.push_str(&sep);
        let mut lines = [
            String::from("     |"),
            format!("{r:>4} |"),
            String::from("     |"),
        ];
        for c in 0..g.cols {
            let cell = r * g.cols + c;
            let t = g.tiles[cell];
            let centre = if cell == g.source() {
                'S'
            } else if cell == g.drain() {
                'D'
            } else if on_path[cell] {
                '#'
            } else {
                '.'
            };
            lines[0].push_str(&format!("  {}  |", sym(0, t[0])));
            lines[1].push_str(&format!("{} {} {}|", sym(3, t[3]), centre, sym(1, t[1])));
            lines[2].push_str(&format!("  {}  |", sym(2, t[2])));
        }
        for l in lines {
            s.push_str(&l);
            s.push('\n');
        }
    }
    s.push_str(&sep);
    s
}
