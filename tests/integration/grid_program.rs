//! The `grid_map` program: scenario files checked against their published optima, one
//! query's path against Dijkstra, and the outcomes it reports.

use heurist::grid::{parse_map, Cell, Grid, GridMap, Map};
use heurist::{Dijkstra, OrderedF64};
use serde_json::Value;

/// Runs `grid_map` with `args` from the crate's folder: exit status, stdout as JSON.
fn run(args: &[&str]) -> (i32, Value) {
    let out = std::process::Command::new(crate::program::path("grid_map"))
        .args(args)
        .arg("--json")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("grid_map runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let json = serde_json::from_str(&stdout).unwrap_or_else(|e| {
        panic!(
            "{args:?}: not JSON ({e}): {stdout}\n{}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out.status.code().expect("an exit status"), json)
}

fn load(name: &str) -> GridMap {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
    parse_map(&std::fs::read_to_string(path).expect("the map")).expect("a Moving AI map")
}

#[test]
fn every_scenario_of_a_map_is_solved_at_its_published_length() {
    for algo in ["jps", "jps-table", "grid-astar"] {
        let (code, out) = run(&["data/grids/32room_000.map", "--algo", algo]);
        assert_eq!(code, 0, "{algo}: {out}");
        assert_eq!(out["scenarios"], 1900, "{algo}: {out}");
        assert_eq!(out["solved"], 1900, "{algo}: {out}");
        assert_eq!(out["differ_from_published"], 0, "{algo}: {out}");
    }
    // with corners cut the published lengths do not apply, and are not checked
    let (code, out) = run(&["data/grids/8room_001.map", "--corners", "allowed"]);
    assert_eq!((code, &out["differ_from_published"]), (0, &Value::Null));
    assert_eq!(out["solved"], 1930);
}

#[test]
fn a_query_prints_a_shortest_path_step_by_step() {
    let map = load("data/grids/random512-35-1.map");
    let (start, goal) = (Cell::new(10, 500), Cell::new(480, 20));
    let grid = Grid::octile(&map, goal).unwrap();
    let best = Dijkstra::new()
        .search_dense(&grid, start)
        .cost()
        .expect("a path");
    for algo in ["jps", "jps-table", "grid-astar", "astar"] {
        let (code, out) = run(&[
            "data/grids/random512-35-1.map",
            "--from",
            "10,500",
            "--to",
            "480,20",
            "--algo",
            algo,
        ]);
        assert_eq!(
            (code, out["outcome"].as_str()),
            (0, Some("found")),
            "{algo}"
        );
        let cost = out["cost"].as_f64().unwrap();
        assert!(
            (cost - best.0).abs() < 1e-9,
            "{algo}: {cost} against {best:?}"
        );
        // every step goes to an open neighbour, at the cost the moves add up to
        let (mut at, mut length) = (start, 0.0);
        for step in out["steps"].as_array().unwrap() {
            let to = &step["to"];
            let next = Cell::new(
                to[0].as_u64().unwrap() as u32,
                to[1].as_u64().unwrap() as u32,
            );
            let (dx, dy) = (next.x.abs_diff(at.x), next.y.abs_diff(at.y));
            assert!(dx <= 1 && dy <= 1 && dx + dy > 0, "{algo}: {at} to {next}");
            assert!(map.is_passable(next.x, next.y));
            length += if dx + dy == 2 {
                OrderedF64(2f64.sqrt()).0
            } else {
                1.0
            };
            at = next;
        }
        assert_eq!(at, goal, "{algo}");
        assert!(
            (length - cost).abs() < 1e-9,
            "{algo}: steps add up to {length}"
        );
    }
}

#[test]
fn unreachable_goals_and_limits_are_reported() {
    let dir = std::env::temp_dir().join(format!("heurist-grid-map-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let walled = dir.join("walled.map");
    std::fs::write(
        &walled,
        "type octile\nheight 3\nwidth 3\nmap\n.@.\n.@.\n.@.\n",
    )
    .unwrap();
    let walled = walled.to_str().unwrap();
    for algo in ["jps", "jps-table", "grid-astar", "astar"] {
        let (code, out) = run(&[walled, "--from", "0,0", "--to", "2,2", "--algo", algo]);
        assert_eq!((code, out["outcome"].as_str()), (0, Some("unreachable")));
        let (code, out) = run(&[
            "data/grids/maze512-1-1.map",
            "--from",
            "1,1",
            "--to",
            "509,509",
            "--algo",
            algo,
            "--max-expansions",
            "3",
        ]);
        assert_eq!(
            (code, out["outcome"].as_str()),
            (1, Some("stopped")),
            "{algo}: {out}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_time_limit_bounds_a_whole_scenario_run() {
    // the generic A* on all 15,570 scenarios of the 1-wide maze takes a minute or more
    let started = std::time::Instant::now();
    let (code, out) = run(&[
        "data/grids/maze512-1-1.map",
        "--algo",
        "astar",
        "--time-limit",
        "0.5",
    ]);
    assert_eq!(code, 1, "{out}");
    let ran = out["run"].as_u64().unwrap();
    assert!(ran < 15_570, "{out}");
    assert_eq!(
        out["solved"].as_u64().unwrap() + out["stopped"].as_u64().unwrap(),
        ran
    );
    assert_eq!(out["differ_from_published"], 0);
    assert!(
        started.elapsed().as_secs() < 30,
        "the run went on past its limit"
    );
}
