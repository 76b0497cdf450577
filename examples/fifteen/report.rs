//! The program's output: one JSON line per instance, the boards of a solution, a batch's
//! table and summary.

use heurist::{Outcome, StopReason};
use serde_json::json;

use crate::model::{Dir, Instance, Puzzle, Tiles};
use crate::outln;
use crate::{Cli, Run};

/// What stopped a search, for people.
pub(crate) fn why(reason: StopReason) -> &'static str {
    match reason {
        StopReason::MaxExpansions => "expansion limit",
        StopReason::MaxStates => "memory limit",
        StopReason::Deadline => "time limit",
        StopReason::Cancelled => "cancelled",
        StopReason::CostBound => "cost bound",
        StopReason::MaxDepth => "depth limit",
        StopReason::NegativeCost => "negative step cost",
        StopReason::InvalidWeight => "invalid weight",
        StopReason::BeamWidth => "beam width",
        StopReason::InconsistentProblem => "inconsistent problem",
    }
}

/// One line of the batch's table.
pub(crate) struct Row {
    pub(crate) label: String,
    pub(crate) cost: Option<u32>,
    /// The lower bound a stopped search proved.
    pub(crate) bound: Option<u32>,
    /// The optimal cost the file gives.
    pub(crate) optimal: Option<u32>,
    pub(crate) expanded: u64,
    pub(crate) seconds: f64,
}

/// What a batch adds up, for its table and summary.
#[derive(Default)]
pub(crate) struct Tally {
    pub(crate) searched: usize,
    pub(crate) solved: usize,
    pub(crate) unsolvable: usize,
    pub(crate) stopped: usize,
    pub(crate) optimal_ok: usize,
    pub(crate) optimal_checked: usize,
    pub(crate) expanded: u64,
    pub(crate) generated: u64,
    pub(crate) seconds: f64,
    pub(crate) rows: Vec<Row>,
    /// Instances whose cost differs from the file's optimal one: label, cost, optimal.
    pub(crate) wrong: Vec<(String, u32, u32)>,
    /// Searches stopped by a limit or cancelled.
    pub(crate) stops: Vec<(String, StopReason)>,
}

/// Reports an instance whose parity rules out a solution (no search needed).
pub(crate) fn print_unsolvable(
    cli: &Cli,
    puzzle: &Puzzle,
    start: Tiles,
    label: String,
    inst: &Instance,
    rows: &mut Vec<Row>,
) {
    if cli.json {
        outln!(
            "{}",
            json!({"instance": label, "solved": false, "cost": null, "moves": [],
                   "unsolvable": true, "expanded": 0, "generated": 0, "seconds": 0.0})
        );
    } else if cli.file.is_none() {
        outln!("{}", puzzle.draw(start));
        outln!("unsolvable: the permutation parity differs from the goal's (no search needed)");
    } else {
        rows.push(Row {
            label: format!("{label} (unsolvable)"),
            cost: None,
            bound: None,
            optimal: inst.optimal,
            expanded: 0,
            seconds: 0.0,
        });
    }
}

/// One instance's JSON line.
pub(crate) fn print_json(label: &str, inst: &Instance, run: &Run, moves: &[Dir]) {
    let stats = &run.result.stats;
    let names: Vec<&str> = moves.iter().map(|d| d.name()).collect();
    let mut obj = json!({
        "instance": label,
        "solved": run.result.cost().is_some(),
        "cost": run.result.cost(),
        "moves": names,
        "expanded": stats.expanded,
        "generated": stats.generated,
        "iterations": stats.iterations,
        "seconds": run.seconds,
    });
    if let Some(o) = inst.optimal {
        obj["optimal"] = json!(o);
    }
    if let Outcome::Stopped {
        reason,
        lower_bound,
    } = &run.result.outcome
    {
        obj["stopped"] = json!(reason.as_str());
        obj["lower_bound"] = json!(lower_bound);
    }
    outln!("{obj}");
}

/// The batch's table on stdout. A stopped search has no cost, but may have proven a lower
/// bound: `>= b`.
pub(crate) fn print_table(rows: &[Row]) {
    outln!(
        "{:>8} {:>6} {:>8} {:>14} {:>10}",
        "instance",
        "cost",
        "optimal",
        "expanded",
        "seconds"
    );
    for row in rows {
        let c = match (row.cost, row.bound) {
            (Some(c), _) => c.to_string(),
            (None, Some(b)) => format!(">={b}"),
            (None, None) => "-".to_string(),
        };
        let o = row.optimal.map_or("".to_string(), |o| o.to_string());
        let (label, exp, secs) = (&row.label, row.expanded, row.seconds);
        outln!("{label:>8} {c:>6} {o:>8} {exp:>14} {secs:>10.3}");
    }
}

/// The batch's summary on stderr.
pub(crate) fn print_summary(n: usize, tally: &Tally) {
    let (solved, unsolvable, stopped) = (tally.solved, tally.unsolvable, tally.stopped);
    let done = tally.searched + unsolvable;
    let searched = tally.searched.max(1);
    let (total_exp, total_gen, total_secs) = (tally.expanded, tally.generated, tally.seconds);
    eprintln!("summary");
    eprintln!("  instances        {n} ({solved} solved, {unsolvable} unsolvable, {stopped} stopped by a limit or cancelled)");
    for (l, reason) in &tally.stops {
        eprintln!("    instance {l}: stopped ({})", why(*reason));
    }
    if done < n {
        eprintln!("  cancelled        {} instances not searched", n - done);
    }
    eprintln!(
        "  nodes expanded   total {total_exp}, mean {:.0}",
        total_exp as f64 / searched as f64
    );
    eprintln!(
        "  nodes generated  total {total_gen}, mean {:.0}",
        total_gen as f64 / searched as f64
    );
    eprintln!(
        "  search time      total {total_secs:.3} s, mean {:.4} s",
        total_secs / searched as f64
    );
    if tally.optimal_checked > 0 {
        eprintln!(
            "  optimal column   {}/{} match",
            tally.optimal_ok, tally.optimal_checked
        );
        for (l, c, o) in &tally.wrong {
            eprintln!("    instance {l}: cost {c}, file says {o}");
        }
    }
}

pub(crate) fn print_single(puzzle: &Puzzle, start: Tiles, run: &Run, moves: &[Dir], quiet: bool) {
    let stats = &run.result.stats;
    match &run.result.outcome {
        Outcome::Found(sol) => {
            if !quiet {
                outln!("start:\n{}", puzzle.draw(start));
                for (i, (step, d)) in sol.steps.iter().zip(moves).enumerate() {
                    outln!(
                        "move {} : blank {} (tile {} slides)\n{}",
                        i + 1,
                        d.name(),
                        step.action.tile,
                        puzzle.draw(step.state)
                    );
                }
            }
            outln!(
                "solved in {} moves: {}",
                sol.cost,
                moves.iter().map(|d| d.name()).collect::<Vec<_>>().join(" ")
            );
        }
        Outcome::Exhausted => outln!("no solution (search space exhausted)"),
        Outcome::Stopped {
            reason,
            lower_bound,
        } => {
            let why = why(*reason);
            match lower_bound {
                Some(lb) => outln!("stopped ({why}); the optimal cost is at least {lb}"),
                None => outln!("stopped ({why})"),
            }
        }
    }
    outln!(
        "expanded {}, generated {}, iterations {}, {:.3} s",
        stats.expanded,
        stats.generated,
        stats.iterations,
        run.seconds
    );
}
