//! The grid module: jump point search, the grid's A* and the generic A* with each
//! heuristic against Dijkstra on random maps, the Moving AI benchmark maps against their
//! published optimal lengths, and the readers' errors.

use heurist::grid::{
    grid_astar, jps, parse_map, parse_scenarios, Cell, Connectivity, CornerCutting, FnMap, Grid,
    GridAStar, GridCost, GridError, GridMap, GridResult, GridWorkspace, Jps, JumpTable, Map,
    Metric,
};
use heurist::{AStar, Dijkstra, Limits, OrderedF64, Outcome, Solution, StopReason};
use proptest::prelude::*;

const CORNERS: [CornerCutting; 3] = [
    CornerCutting::Never,
    CornerCutting::NoSqueezing,
    CornerCutting::Allowed,
];

/// Checks that `sol` is a path of legal moves on `grid` from `start` to the goal, each step
/// costing what the grid says, the costs summing to the total.
fn replay<M: Map, C: GridCost>(
    grid: &Grid<'_, M, C>,
    start: Cell,
    sol: &Solution<Cell, heurist::grid::Direction, C>,
) {
    assert_eq!(sol.start, start);
    let mut at = start;
    let mut total = C::ZERO;
    for step in &sol.steps {
        let to = grid.step(at, step.action);
        assert_eq!(
            to,
            Some(step.state),
            "illegal step {:?} from {at}",
            step.action
        );
        assert_eq!(step.cost, grid.step_cost(step.action));
        total = total.saturating_add(step.cost);
        at = step.state;
    }
    assert_eq!(at, grid.goal());
    assert_eq!(total, sol.cost);
}

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * a.abs().max(b.abs()).max(1.0)
}

/// JPS, the grid's A* and the generic A* with every heuristic agree with Dijkstra on `grid` from `start`.
fn agree<M: Map, C: GridCost>(grid: &Grid<'_, M, C>, start: Cell) {
    let reference = Dijkstra::new().search_dense(grid, start);
    let want = reference.cost().map(|c| c.to_f64());
    assert!(matches!(
        reference.outcome,
        Outcome::Found(_) | Outcome::Exhausted
    ));
    let engines = [
        ("jps", jps(grid, start)),
        ("grid_astar", grid_astar(grid, start)),
    ];
    for (name, fast) in engines {
        let fast = fast.expect("valid query");
        match (&fast.outcome, want) {
            (Outcome::Found(sol), Some(w)) => {
                assert!(
                    close(sol.cost.to_f64(), w, 1e-9),
                    "{name} {:?} vs dijkstra {w}",
                    sol.cost
                );
                replay(grid, start, sol);
            }
            (Outcome::Exhausted, None) => {}
            (o, w) => panic!("{name} {o:?} vs dijkstra {w:?}"),
        }
    }
    for metric in [
        Metric::Manhattan,
        Metric::Octile,
        Metric::Chebyshev,
        Metric::Euclidean,
    ] {
        let r = AStar::new().search_dense(grid, start, grid.distance(metric));
        match (r.solution(), want) {
            (Some(sol), Some(w)) => {
                assert!(
                    close(sol.cost.to_f64(), w, 1e-9),
                    "{metric:?}: {:?} vs {w}",
                    sol.cost
                );
                replay(grid, start, sol);
            }
            (None, None) => assert!(r.is_exhausted()),
            (s, w) => panic!("{metric:?}: {s:?} vs dijkstra {w:?}"),
        }
    }
}

/// Jump point search and then the grid's A\* in `workspace` answer as fresh runs do: the
/// same cost, after as many expansions.
fn reused_answers_as_fresh<M: Map, C: GridCost>(
    workspace: &mut GridWorkspace<C>,
    grid: &Grid<'_, M, C>,
    start: Cell,
) -> Result<(), TestCaseError> {
    let fresh = jps(grid, start).unwrap();
    let reused = Jps::new().search_in(workspace, grid, start).unwrap();
    prop_assert_eq!(fresh.cost(), reused.cost());
    prop_assert_eq!(fresh.stats.expanded, reused.stats.expanded);
    let fresh = grid_astar(grid, start).unwrap();
    let reused = GridAStar::new().search_in(workspace, grid, start).unwrap();
    prop_assert_eq!(fresh.cost(), reused.cost());
    prop_assert_eq!(fresh.stats.expanded, reused.stats.expanded);
    Ok(())
}

/// A random map with the given obstacle density (in 256ths), a start and a goal on it.
fn instance() -> impl Strategy<Value = (GridMap, Cell, Cell)> {
    sized_instance(1..=24, 1..=24, 0..=160)
}

/// Long thin maps, one way or the other, sparse enough for scans to cross 64-cell blocks.
fn long_instance() -> impl Strategy<Value = (GridMap, Cell, Cell)> {
    prop_oneof![
        sized_instance(1..=200, 1..=5, 0..=24),
        sized_instance(1..=5, 1..=200, 0..=24),
    ]
}

/// A random `w` x `h` map with the given obstacle density (in 256ths), a start and a goal.
fn sized_instance(
    w: std::ops::RangeInclusive<u32>,
    h: std::ops::RangeInclusive<u32>,
    density: std::ops::RangeInclusive<u32>,
) -> impl Strategy<Value = (GridMap, Cell, Cell)> {
    (w, h, density, any::<u64>()).prop_flat_map(|(w, h, density, seed)| {
        let cells = (0..w, 0..h);
        (Just((w, h, density, seed)), cells.clone(), cells).prop_map(
            |((w, h, density, seed), (sx, sy), (gx, gy))| {
                let mut state = seed | 1;
                let mut map = GridMap::from_fn(w, h, |_, _| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    (state % 256) as u32 >= density
                });
                map.set(sx, sy, true);
                map.set(gx, gy, true);
                (map, Cell::new(sx, sy), Cell::new(gx, gy))
            },
        )
    })
}

/// [`agree`] with octile costs, 8-connected under each corner rule and 4-connected.
fn agree_octile(map: &GridMap, start: Cell, goal: Cell) {
    for corners in CORNERS {
        let grid = Grid::octile(map, goal).unwrap().corner_cutting(corners);
        agree(&grid, start);
    }
    let four = Grid::octile(map, goal)
        .unwrap()
        .connectivity(Connectivity::Four);
    agree(&four, start);
}

/// Jump point search with a [`JumpTable`] against the same search scanning the map and
/// against Dijkstra, on `map` from `start` to `goal`, 8-connected under each corner rule,
/// with octile and integer costs: the same cost, the same jump points, a path that replays.
fn tables_agree(map: &GridMap, start: Cell, goal: Cell) {
    let mut workspace = GridWorkspace::new();
    let mut ints = GridWorkspace::new();
    for corners in CORNERS {
        let table = JumpTable::new(map, corners).unwrap();
        let grid = Grid::octile(map, goal).unwrap().corner_cutting(corners);
        let plain = jps(&grid, start).unwrap();
        let fast = Jps::new()
            .search_with_table(&mut workspace, &table, &grid, start)
            .unwrap();
        assert_eq!(fast.cost(), plain.cost(), "{corners:?}");
        assert_eq!(fast.stats.expanded, plain.stats.expanded, "{corners:?}");
        assert_eq!(fast.stats.generated, plain.stats.generated, "{corners:?}");
        let want = Dijkstra::new().search_dense(&grid, start).cost();
        match (fast.solution(), want) {
            (Some(sol), Some(w)) => {
                assert!(
                    close(sol.cost.0, w.0, 1e-9),
                    "{corners:?}: {sol:?} vs {w:?}"
                );
                replay(&grid, start, sol);
            }
            (None, None) => assert!(fast.is_exhausted()),
            (s, w) => panic!("{corners:?}: {s:?} vs dijkstra {w:?}"),
        }
        let int = Grid::new(map, goal, 10_000u64, 14_142)
            .unwrap()
            .corner_cutting(corners);
        let fast = Jps::new()
            .search_with_table(&mut ints, &table, &int, start)
            .unwrap();
        assert_eq!(fast.cost(), jps(&int, start).unwrap().cost(), "{corners:?}");
    }
}

#[test]
fn jump_tables_cross_lines_longer_than_an_entry_holds() {
    // Entries hold distances below 2^15: longer jumps go on from a later entry. A map of
    // 70,000 x 3 cells with obstacles far apart has row jumps of tens of thousands of cells.
    let blocked = [(100, 0), (33_000, 2), (65_600, 0), (69_000, 1)];
    let map = GridMap::from_fn(70_000, 3, |x, y| !blocked.contains(&(x, y)));
    let mut workspace = GridWorkspace::new();
    for corners in CORNERS {
        let table = JumpTable::new(&map, corners).unwrap();
        for (start, goal) in [
            ((0, 1), (69_999, 1)),
            ((69_999, 0), (0, 2)),
            ((5, 2), (40_000, 0)),
            ((68_000, 2), (101, 0)),
        ] {
            let (start, goal) = (Cell::new(start.0, start.1), Cell::new(goal.0, goal.1));
            let grid = Grid::octile(&map, goal).unwrap().corner_cutting(corners);
            let plain = jps(&grid, start).unwrap();
            let fast = Jps::new()
                .search_with_table(&mut workspace, &table, &grid, start)
                .unwrap();
            assert_eq!(fast.cost(), plain.cost(), "{corners:?} {start} {goal}");
            assert_eq!(fast.stats.expanded, plain.stats.expanded);
            assert_eq!(fast.stats.generated, plain.stats.generated);
            replay(&grid, start, fast.solution().unwrap());
        }
    }
}

#[test]
fn jump_tables_refuse_other_grids() {
    let map = GridMap::from_fn(8, 8, |x, y| (x + y) % 5 != 0);
    let other = map.clone();
    let table = JumpTable::new(&map, CornerCutting::Never).unwrap();
    let mut workspace = GridWorkspace::new();
    let goal = Cell::new(7, 6);
    let start = Cell::new(1, 1);
    let jps = Jps::new();
    let ok = Grid::octile(&map, goal).unwrap();
    assert!(jps
        .search_with_table(&mut workspace, &table, &ok, start)
        .is_ok());
    let grids = [
        Grid::octile(&other, goal).unwrap(),
        ok.corner_cutting(CornerCutting::Allowed),
        ok.connectivity(Connectivity::Four),
    ];
    for grid in grids {
        let err = jps.search_with_table(&mut workspace, &table, &grid, start);
        assert_eq!(err.unwrap_err(), GridError::TableMismatch);
    }
    let closure = FnMap::new(8, 8, |x, y| map.is_passable(x, y));
    let grid = Grid::octile(&closure, goal).unwrap();
    let err = jps.search_with_table(&mut workspace, &table, &grid, start);
    assert_eq!(err.unwrap_err(), GridError::TableMismatch);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn jump_tables_match_scans((map, start, goal) in instance()) {
        tables_agree(&map, start, goal);
    }

    #[test]
    fn jump_tables_match_scans_on_long_maps((map, start, goal) in long_instance()) {
        tables_agree(&map, start, goal);
    }

    #[test]
    fn octile_costs_match_dijkstra((map, start, goal) in instance()) {
        agree_octile(&map, start, goal);
    }

    #[test]
    fn long_maps_match_dijkstra((map, start, goal) in long_instance()) {
        agree_octile(&map, start, goal);
    }

    #[test]
    fn integer_costs_match_dijkstra((map, start, goal) in instance(), pick in 0usize..4) {
        let (s, d) = [(10000u64, 14142u64), (1, 1), (2, 3), (5, 10)][pick];
        for corners in CORNERS {
            let grid = Grid::new(&map, goal, s, d).unwrap().corner_cutting(corners);
            agree(&grid, start);
        }
        let four = Grid::new(&map, goal, s, d).unwrap().connectivity(Connectivity::Four);
        agree(&four, start);
    }

    #[test]
    fn huge_integer_costs_match_dijkstra((map, start, goal) in instance(), pick in 0usize..3) {
        // Costs whose sums a float would round: jump point search then orders its open
        // list by the costs themselves.
        let s = 1u64 << 50;
        let d = [s, s + (s >> 1) + 7, 2 * s][pick];
        for corners in CORNERS {
            let grid = Grid::new(&map, goal, s, d).unwrap().corner_cutting(corners);
            agree(&grid, start);
            let want = Dijkstra::new().search_dense(&grid, start).cost();
            prop_assert_eq!(jps(&grid, start).unwrap().cost(), want);
            prop_assert_eq!(grid_astar(&grid, start).unwrap().cost(), want);
        }
        let four = Grid::new(&map, goal, s, d).unwrap().connectivity(Connectivity::Four);
        let want = Dijkstra::new().search_dense(&four, start).cost();
        prop_assert_eq!(jps(&four, start).unwrap().cost(), want);
        prop_assert_eq!(grid_astar(&four, start).unwrap().cost(), want);
    }

    #[test]
    fn float_costs_of_any_scale_match_dijkstra((map, start, goal) in instance(), pick in 0usize..4) {
        // The grid engine files `f` in buckets of a width scaled by the straight step's
        // cost: tiny and huge costs, and a diagonal step of 1.001, whose buckets hold
        // several `f` (an engine that left them unsorted failed here), must still come
        // out in order.
        let (s, d) = [(1e-300, 1.4e-300), (1e300, 1.9e300), (1.0, 1.001), (1.0, 1.0)][pick];
        let same = |got: Option<OrderedF64>, want: Option<OrderedF64>| match (got, want) {
            (Some(g), Some(w)) => (g.0 - w.0).abs() <= 1e-9 * w.0,
            (g, w) => g.is_none() && w.is_none(),
        };
        for four in [false, true] {
            for corners in CORNERS {
                let mut grid = Grid::new(&map, goal, OrderedF64(s), OrderedF64(d))
                    .unwrap()
                    .corner_cutting(corners);
                if four {
                    grid = grid.connectivity(Connectivity::Four);
                }
                agree(&grid, start);
                let want = Dijkstra::new().search_dense(&grid, start).cost();
                let got = jps(&grid, start).unwrap().cost();
                prop_assert!(same(got, want), "jps {got:?} vs {want:?}");
                let got = grid_astar(&grid, start).unwrap().cost();
                prop_assert!(same(got, want), "grid_astar {got:?} vs {want:?}");
            }
        }
    }

    #[test]
    fn a_reused_workspace_answers_as_a_fresh_one(
        queries in proptest::collection::vec((instance(), 0usize..4), 1..6),
    ) {
        // One workspace across maps of different sizes, corner rules and connectivities,
        // float and integer costs, shared by jump point search and the grid's A*.
        let mut floats = GridWorkspace::new();
        let mut ints = GridWorkspace::new();
        for ((map, start, goal), rule) in queries {
            let octile = Grid::octile(&map, goal).unwrap();
            let grid = match rule {
                3 => octile.connectivity(Connectivity::Four),
                r => octile.corner_cutting(CORNERS[r]),
            };
            reused_answers_as_fresh(&mut floats, &grid, start)?;
            let int = Grid::new(&map, goal, 5u64, 7).unwrap();
            let int = match rule {
                3 => int.connectivity(Connectivity::Four),
                r => int.corner_cutting(CORNERS[r]),
            };
            prop_assert_eq!(
                Jps::new().search_in(&mut ints, &int, start).unwrap().cost(),
                jps(&int, start).unwrap().cost()
            );
        }
    }

    #[test]
    fn a_reused_workspace_sees_each_change_of_the_map(
        (map, start, goal) in instance(),
        changes in proptest::collection::vec((0u32..24, 0u32..24), 1..30),
    ) {
        // The workspace keeps what it read of a map's cells between runs: after each
        // change of one cell, and on an unchanged copy of the map in between, a run in it
        // answers as a fresh one does.
        let (mut map, copy) = (map.clone(), map);
        let mut workspace = GridWorkspace::new();
        for (i, &(x, y)) in changes.iter().enumerate() {
            let (x, y) = (x % map.width(), y % map.height());
            if Cell::new(x, y) != start && Cell::new(x, y) != goal {
                let passable = map.is_passable(x, y);
                map.set(x, y, !passable);
            }
            let which = if i % 3 == 2 { &copy } else { &map };
            for corners in CORNERS {
                let grid = Grid::octile(which, goal).unwrap().corner_cutting(corners);
                reused_answers_as_fresh(&mut workspace, &grid, start)?;
            }
        }
    }

    #[test]
    fn closure_maps_match_bitmaps((map, start, goal) in instance()) {
        let f = FnMap::new(map.width(), map.height(), |x, y| map.is_passable(x, y));
        let a = Grid::octile(&map, goal).unwrap();
        let b = Grid::octile(&f, goal).unwrap();
        prop_assert_eq!(jps(&a, start).unwrap().cost(), jps(&b, start).unwrap().cost());
    }

    #[test]
    fn heuristics_other_costs_stay_admissible((map, start, goal) in instance(), s in 1u64..20, d in 0u64..50) {
        // Any costs, also those jump point search refuses: A* with each heuristic is optimal.
        let grid = Grid::new(&map, goal, s, d).unwrap();
        let want = Dijkstra::new().search_dense(&grid, start).cost();
        for metric in [Metric::Manhattan, Metric::Octile, Metric::Chebyshev, Metric::Euclidean] {
            prop_assert_eq!(AStar::new().search_dense(&grid, start, grid.distance(metric)).cost(), want);
        }
    }
}

/// The published optimal lengths are printed with six significant digits: two lengths
/// agree when they differ by less than half a unit in the last printed place (plus a
/// relative 1e-6 for the arithmetic).
fn matches_published(ours: f64, published: f64, printed: &str) -> bool {
    let decimals = printed.split('.').nth(1).map_or(0, str::len);
    let half_unit = 0.5 * 10f64.powi(-(decimals as i32));
    (ours - published).abs() <= half_unit + 1e-6 * published.max(1.0)
}

#[test]
fn moving_ai_maps_match_published_lengths() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/grids");
    let names = [
        "32room_000",
        "8room_001",
        "maze512-1-1",
        "maze512-4-0",
        "random512-10-0",
        "random512-35-1",
    ];
    let mut workspace = GridWorkspace::new();
    for name in names {
        let map =
            parse_map(&std::fs::read_to_string(dir.join(format!("{name}.map"))).unwrap()).unwrap();
        let table = JumpTable::new(&map, CornerCutting::Never).unwrap();
        let text = std::fs::read_to_string(dir.join(format!("{name}.map.scen"))).unwrap();
        let scenarios = parse_scenarios(&text).unwrap();
        let printed: Vec<&str> = text
            .lines()
            .skip(1)
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.split('\t').nth(8).unwrap())
            .collect();
        assert_eq!(printed.len(), scenarios.len());
        let k = (scenarios.len() / 60).max(1);
        let mut checked = 0;
        for (i, scen) in scenarios.iter().enumerate().step_by(k) {
            assert!(scen.fits(&map), "{name} scenario {i} does not fit its map");
            let grid = Grid::octile(&map, scen.goal).unwrap();
            let j = Jps::new()
                .search_in(&mut workspace, &grid, scen.start)
                .unwrap();
            if scen.optimal == 0.0 {
                assert_eq!(scen.start, scen.goal);
            }
            let sol = j
                .solution()
                .unwrap_or_else(|| panic!("{name} scenario {i}: jps found no path"));
            replay(&grid, scen.start, sol);
            let ours = sol.cost.0;
            assert!(
                matches_published(ours, scen.optimal, printed[i]),
                "{name} scenario {i}: jps {ours} vs published {}",
                scen.optimal
            );
            // the same jump points, read from the map's table
            let t = Jps::new()
                .search_with_table(&mut workspace, &table, &grid, scen.start)
                .unwrap();
            assert_eq!(
                (t.cost(), t.stats.expanded),
                (j.cost(), j.stats.expanded),
                "{name} scenario {i}: jps with the jump table"
            );
            // A* on the grid's engine, and the generic one on a sixth of them (it expands
            // far more cells).
            let g = GridAStar::new()
                .search_in(&mut workspace, &grid, scen.start)
                .unwrap();
            let grid_astar = g.cost().unwrap().0;
            assert!(
                close(grid_astar, ours, 1e-9),
                "{name} scenario {i}: grid_astar {grid_astar} vs jps {ours}"
            );
            if checked % 6 == 0 {
                let a = AStar::new().search_dense(&grid, scen.start, grid.heuristic());
                let astar = a.cost().unwrap().0;
                assert!(
                    close(astar, ours, 1e-9),
                    "{name} scenario {i}: astar {astar} vs jps {ours}"
                );
            }
            checked += 1;
        }
        assert!(checked >= 30, "{name}: only {checked} scenarios");
    }
}

#[test]
fn invalid_queries_are_errors() {
    let map = parse_map("type octile\nheight 2\nwidth 3\nmap\n.@.\n...\n").unwrap();
    assert!(matches!(
        Grid::octile(&map, Cell::new(3, 0)),
        Err(GridError::OutsideMap { role: "goal", .. })
    ));
    assert!(matches!(
        Grid::octile(&map, Cell::new(1, 0)),
        Err(GridError::Blocked { role: "goal", .. })
    ));
    assert!(matches!(
        Grid::new(&map, Cell::new(0, 0), OrderedF64(f64::NAN), OrderedF64(1.0)),
        Err(GridError::InvalidCost { .. })
    ));
    assert!(matches!(
        Grid::new(&map, Cell::new(0, 0), -1i32, 1),
        Err(GridError::InvalidCost { .. })
    ));
    let grid = Grid::octile(&map, Cell::new(2, 0)).unwrap();
    assert!(matches!(
        jps(&grid, Cell::new(0, 5)),
        Err(GridError::OutsideMap { role: "start", .. })
    ));
    assert!(matches!(
        jps(&grid, Cell::new(1, 0)),
        Err(GridError::Blocked { role: "start", .. })
    ));
    for (s, d) in [(1u64, 3u64), (2, 1), (0, 0)] {
        let g = Grid::new(&map, Cell::new(2, 0), s, d).unwrap();
        for r in [jps(&g, Cell::new(0, 0)), grid_astar(&g, Cell::new(0, 0))] {
            assert!(
                matches!(r, Err(GridError::UnsupportedCosts { .. })),
                "{s} {d}"
            );
        }
    }
    // The start as goal: an empty path.
    let r = jps(&grid, Cell::new(2, 0)).unwrap();
    assert_eq!(
        r.solution().map(|s| (s.len(), s.cost)),
        Some((0, OrderedF64(0.0)))
    );
    assert!(GridError::Blocked {
        role: "start",
        cell: Cell::new(1, 0)
    }
    .to_string()
    .contains("(1, 0)"));
}

/// `search`, the grid's engine under the limits it is given, obeys them.
fn obeys_limits(search: impl Fn(Limits<'static, OrderedF64>) -> GridResult<OrderedF64>) {
    let full = search(Limits::new());
    let opt = full.cost().unwrap();
    assert!(full.stats.expanded > 10);
    let r = search(Limits::new().max_expansions(5));
    assert_eq!(r.stop_reason(), Some(StopReason::MaxExpansions));
    assert!(r.lower_bound().unwrap() <= opt);
    let r = search(Limits::new().max_states(5));
    assert_eq!(r.stop_reason(), Some(StopReason::MaxStates));
    assert!(r.stats.stored <= 5);
    let token = heurist::CancelToken::new();
    token.cancel();
    let r = search(Limits::new().cancel(token));
    assert_eq!(r.stop_reason(), Some(StopReason::Cancelled));
    let r = search(Limits::new().time_limit(std::time::Duration::ZERO));
    assert_eq!(r.stop_reason(), Some(StopReason::Deadline));
    let r = search(Limits::new().cost_bound(OrderedF64(opt.0 - 1.0)));
    assert_eq!(r.stop_reason(), Some(StopReason::CostBound));
    let lb = r.lower_bound().unwrap().0;
    assert!(lb > opt.0 - 1.0 && lb <= opt.0 + 1e-9);
    assert_eq!(search(Limits::new().cost_bound(opt)).cost(), Some(opt));
}

#[test]
fn jps_and_grid_astar_obey_limits() {
    let map = GridMap::from_fn(200, 200, |x, y| (x * 7 + y * 13) % 11 != 0);
    let grid = Grid::octile(&map, Cell::new(199, 199)).unwrap();
    let start = Cell::new(1, 0);
    obeys_limits(|limits| Jps::new().limits(limits).search(&grid, start).unwrap());
    obeys_limits(|limits| {
        GridAStar::new()
            .limits(limits)
            .search(&grid, start)
            .unwrap()
    });
}

#[test]
fn unreachable_goals_are_exhausted() {
    // A wall across the map, with a diagonal gap only a corner-cutting step can pass.
    let map = parse_map("type octile\nheight 4\nwidth 4\nmap\n..@.\n..@.\n.@..\n.@..\n").unwrap();
    let (start, goal) = (Cell::new(0, 0), Cell::new(3, 3));
    let never = Grid::octile(&map, goal).unwrap();
    assert!(jps(&never, start).unwrap().is_exhausted());
    assert!(
        jps(&never.corner_cutting(CornerCutting::NoSqueezing), start)
            .unwrap()
            .is_exhausted()
    );
    let allowed = never.corner_cutting(CornerCutting::Allowed);
    assert!(jps(&allowed, start).unwrap().is_found());
}

/// The line and column of the error `text` gives, as `(line, column)`.
fn map_error(text: &str) -> (usize, usize) {
    let e = parse_map(text).unwrap_err();
    assert!(!e.message().is_empty());
    (e.line(), e.column())
}

fn scen_error(text: &str) -> (usize, usize) {
    let e = parse_scenarios(text).unwrap_err();
    assert!(!e.message().is_empty());
    (e.line(), e.column())
}

#[test]
fn map_reader_errors_say_where() {
    let head = "type octile\nheight 2\nwidth 3\nmap\n";
    assert_eq!(map_error(""), (1, 1));
    assert_eq!(map_error("type octile\nheight 2\nwidth 3\n"), (4, 1));
    assert_eq!(map_error("type hex\n"), (1, 6));
    assert_eq!(map_error("type octile\nheight -2\n"), (2, 8));
    assert_eq!(map_error("type octile\nheight 99999999999\n"), (2, 8));
    assert_eq!(map_error("type octile\nheight 0\n"), (2, 8));
    assert_eq!(map_error("type octile\nwidth 3\nmap\n"), (3, 1)); // no height
    assert_eq!(map_error("height 2\nwidth 3\nmap\n"), (3, 1)); // no type
    assert_eq!(map_error("type octile\nfoo 3\n"), (2, 1));
    assert_eq!(map_error(&format!("{head}...\n.#.\n")), (6, 2));
    assert_eq!(map_error(&format!("{head}...\n....\n")), (6, 4));
    assert_eq!(map_error(&format!("{head}..\n...\n")), (5, 3));
    assert_eq!(map_error(&format!("{head}...\n")), (6, 1));
    assert_eq!(map_error(&format!("{head}...\n...\n...\n")), (7, 1));
    assert_eq!(map_error(&format!("{head}...\n.é.\n")), (6, 2));
    // Huge sizes without the rows are refused without allocating.
    assert_eq!(
        map_error("type octile\nheight 4000000000\nwidth 4000000000\nmap\n...\n"),
        (5, 4)
    );
    // Valid: CRLF line ends, trailing blank lines, width before height, all terrains.
    let map =
        parse_map("type octile\r\nwidth 4\r\nheight 2\r\nmap\r\n.GS@\r\nOTW.\r\n\r\n").unwrap();
    let passable: Vec<bool> = (0..2)
        .flat_map(|y| (0..4).map(move |x| (x, y)))
        .map(|(x, y)| map.is_passable(x, y))
        .collect();
    assert_eq!(
        passable,
        [true, true, true, false, false, false, false, true]
    );
}

#[test]
fn scenario_reader_errors_say_where() {
    assert_eq!(scen_error(""), (1, 1));
    assert_eq!(scen_error("version 2\n"), (1, 9));
    assert_eq!(scen_error("version 1\n0\tm.map\t8\t8\t1\t1\t2\n"), (2, 18));
    assert_eq!(
        scen_error("version 1\n0\tm.map\t8\t8\t1\t1\t2\t2\t3\t4\n"),
        (2, 23)
    );
    assert_eq!(
        scen_error("version 1\n0\tm.map\t8\t8\t8\t1\t2\t2\t3\n"),
        (2, 13)
    );
    assert_eq!(
        scen_error("version 1\n0\tm.map\t8\t8\t1\t1\t2\t8\t3\n"),
        (2, 19)
    );
    assert_eq!(
        scen_error("version 1\n0\tm.map\tx\t8\t1\t1\t2\t2\t3\n"),
        (2, 9)
    );
    assert_eq!(
        scen_error("version 1\n0\tm.map\t8\t8\t1\t1\t2\t2\tNaN\n"),
        (2, 21)
    );
    assert_eq!(
        scen_error("version 1\n0\tm.map\t8\t8\t1\t1\t2\t2\t-1\n"),
        (2, 21)
    );
    assert_eq!(
        scen_error("version 1\n0 m.map 8 8 1 1 2 2 1\n99999999999 m.map 8 8 1 1 2 2 1\n"),
        (3, 1)
    );
    let ok = parse_scenarios("version 1.0\n\n3 m.map 8 8 1 1 2 2 7.5\n").unwrap();
    assert_eq!((ok.len(), ok[0].bucket, ok[0].optimal), (1, 3, 7.5));
}
