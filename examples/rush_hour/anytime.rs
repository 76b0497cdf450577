//! `--algo anytime`: anytime A* on a board, each better solution printed as it arrives
//! with the lower bound proven so far (with `--progress SECS`, the bound also every SECS
//! seconds on stderr), then the best one.

use std::fs::File;
use std::path::PathBuf;
use std::process::ExitCode;

use heurist::Improvement;
use serde_json::json;

use super::{
    check_solution, heuristic_of, kind_of, print_no_solution, setup, solution_json, solution_text,
    write_output, Cli, HeuristicArg, MetricArg,
};
use crate::common::cli;
use crate::model::{Board, Move, Packed, RushHeuristic, RushHour};
use crate::{out, outln};

pub fn solve<const W: usize>(
    cli: &Cli,
    board: &Board,
    label: &str,
    output: Option<(&PathBuf, File)>,
    problem: &RushHour<W>,
) -> Result<ExitCode, String> {
    let heuristic = heuristic_of(cli);
    let admissible = !matches!(heuristic, HeuristicArg::Chain | HeuristicArg::Relaxed);
    let unit = match cli.metric {
        MetricArg::Moves => "moves",
        MetricArg::Steps => "steps",
    };
    let (h, limits, tuning) = setup(cli, problem);
    let guide = RushHeuristic::new(problem, kind_of(cli.guide));
    if !cli.json {
        outln!(
            "anytime A* from weight {} down to 1, guided by {:?} while above 1; heuristic {heuristic:?} ({})",
            tuning.weight,
            cli.guide,
            if admissible {
                "admissible: the lower bounds are proven"
            } else {
                "NOT admissible: the lower bounds are NOT proven"
            }
        );
    }
    let mut log = Vec::new();
    let on_better = |b: Improvement<Packed<W>, Move, u32>| {
        let secs = b.elapsed().as_secs_f64();
        if !cli.json {
            outln!(
                "  {secs:>8.3} s: {} {unit}, lower bound {} (at most {:.3} x optimal), weight {}, expanded {}",
                b.cost(),
                b.lower_bound,
                b.ratio(),
                b.weight,
                b.stats.expanded
            );
        }
        log.push(
            json!({"cost": b.cost(), "lower_bound": b.lower_bound, "weight": b.weight,
                        "seconds": secs, "expanded": b.stats.expanded}),
        );
        std::ops::ControlFlow::Continue(())
    };
    let start = RushHour::<W>::start(board);
    let mut config = cli::anytime_config(tuning, limits);
    if let Some(every) = cli.progress {
        // how the bound rises between better solutions
        let proven = if admissible { "proven" } else { "NOT proven" };
        config = config.on_lower_bound(every, move |bound, elapsed| {
            eprintln!(
                "  {:>8.3} s: lower bound {bound} ({proven})",
                elapsed.as_secs_f64()
            )
        });
    }
    // (`--no-move-pruning` is in the problem: see `RushHour::move_pruning`)
    let r = config
        .move_pruning()
        .search_guided_with(problem, start, h, guide, on_better);
    let code = cli::exit_status(&r.result);
    let stats = r.result.stats;
    let Some(best) = &r.best else {
        print_no_solution(cli, &r.result.outcome, &stats);
        return Ok(code);
    };
    let raw: Vec<Move> = best.actions().copied().collect();
    let sol = check_solution(board, &raw)?;
    write_output(output, &sol.named)?;
    let (reason, lower_bound) = (r.stop_reason(), r.lower_bound());
    if cli.json {
        outln!(
            "{}",
            json!({"solved": true, "optimal": r.is_optimal() && admissible,
                   "moves": sol.moves.len(), "steps": sol.steps, "solution": solution_json(&sol),
                   "lower_bound": lower_bound, "bound_proven": admissible,
                   "stopped": reason.map(|r| r.as_str()), "improvements": log,
                   "expanded": stats.expanded, "generated": stats.generated,
                   "stored": stats.stored, "seconds": stats.elapsed.as_secs_f64()})
        );
        return Ok(code);
    }
    let text = solution_text(cli, board, label, &sol);
    let proven = if admissible { "proven" } else { "NOT proven" };
    let what = match (r.is_optimal(), reason) {
        (true, _) if admissible => format!("proven optimal in {unit}"),
        (true, _) => format!("optimal in {unit} if the heuristic were admissible"),
        (false, Some(reason)) => format!(
            "the best found: stopped ({reason}); lower bound {} ({proven})",
            lower_bound.map_or("none".into(), |b| b.to_string())
        ),
        (false, None) => "the best found".into(),
    };
    out!(
        "{text}solved: {} moves, {} steps ({what}, anytime); expanded {}, generated {}, stored {}, {:.3} s\n",
        sol.moves.len(),
        sol.steps,
        stats.expanded,
        stats.generated,
        stats.stored,
        stats.elapsed.as_secs_f64()
    );
    Ok(code)
}
