//! Instruction counts of benchmark cases, from valgrind's callgrind: unlike times, they are
//! the same on every run of the same binary whatever else the machine is doing, so small
//! differences between two engines show without noise. (They are not times: a search that
//! waits on memory executes few instructions per second.)
//!
//! The bench binary runs itself under callgrind once per case, naming the case in
//! [`CASE_VAR`]; that process builds the case's input, runs the case once and exits. What
//! building the input alone executes is counted the same way and subtracted.

use std::collections::HashMap;
use std::process::{Command, ExitCode};

/// The environment variable that names the one case a process is to run.
pub const CASE_VAR: &str = "HEURIST_COUNTED_CASE";

/// The case this process was started to run once, if any.
pub fn requested() -> Option<String> {
    std::env::var(CASE_VAR).ok()
}

/// The instructions this binary executes running `case` once (input built as well).
fn count(case: &str) -> Result<u64, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this binary: {e}"))?;
    let out = Command::new("valgrind")
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
        .arg(exe)
        .env(CASE_VAR, case)
        .output()
        .map_err(|e| format!("cannot run valgrind (is it installed?): {e}"))?;
    let log = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(format!("{case}: {}\n{log}", out.status));
    }
    log.lines()
        .find_map(|line| line.split("Collected :").nth(1))
        .and_then(|n| n.trim().parse().ok())
        .ok_or_else(|| format!("{case}: no instruction count in valgrind's output\n{log}"))
}

/// The counts taken so far, by case.
#[derive(Default)]
struct Counts(HashMap<String, u64>);

impl Counts {
    /// The instructions `case` executes beyond building its input, the case
    /// `<group>/setup` (`<group>`: the case's name up to the first `/`).
    fn net(&mut self, case: &str) -> Result<u64, String> {
        let group = case.split('/').next().unwrap_or(case);
        let setup = self.gross(&format!("{group}/setup"))?;
        Ok(self.gross(case)?.saturating_sub(setup))
    }

    fn gross(&mut self, case: &str) -> Result<u64, String> {
        if let Some(&n) = self.0.get(case) {
            return Ok(n);
        }
        let n = count(case)?;
        self.0.insert(case.to_string(), n);
        Ok(n)
    }

    /// A table row for `case` (`n` instructions, net): the ratios to the cases of the same
    /// algorithm named `pathfinding` and `bare`, where `cases` has them.
    fn row(&mut self, cases: &[&str], case: &str) -> Result<String, String> {
        let n = self.net(case)?;
        let algorithm = case.rsplit_once('/').map_or(case, |(a, _)| a);
        let mut ratios = Vec::new();
        for other in ["pathfinding", "bare"] {
            let name = format!("{algorithm}/{other}");
            ratios.push(match cases.contains(&name.as_str()) {
                true => format!("{:.3}", n as f64 / self.net(&name)? as f64),
                false => "—".to_string(),
            });
        }
        Ok(format!(
            "| {case} | {:.1} M | {} | {} |",
            n as f64 / 1e6,
            ratios[0],
            ratios[1]
        ))
    }
}

/// Counts every case of `cases` whose name contains `filter` and prints a table: the
/// instructions of the case beyond building its input, and their ratio to those of the
/// cases of the same algorithm named `pathfinding` and `bare`.
pub fn report(cases: &[&str], filter: Option<&str>) -> ExitCode {
    let mut counts = Counts::default();
    println!("| case | instructions | ÷ pathfinding | ÷ bare loop |");
    println!("|---|---:|---:|---:|");
    for case in cases
        .iter()
        .filter(|c| filter.is_none_or(|f| c.contains(f)))
    {
        match counts.row(cases, case) {
            Ok(line) => println!("{line}"),
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
