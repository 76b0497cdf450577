//! Grid pathfinding on Moving AI maps (`data/grids`): `heurist` against the `pathfinding`
//! crate on identical successor and heuristic code (`grids/mod.rs`), and against the
//! `grid_pathfinding` crate's jump point search.
//!
//! Each map contributes a fixed sample of its scenarios, spread over all its buckets (every
//! k-th line, [`SAMPLE`] of them). A bench `grids/<map>/<case>` runs the whole sample once
//! per iteration: the time per scenario is the iteration time divided by the sample size
//! (the bench sets criterion's throughput to the sample size, and prints a table of the
//! median time per scenario at the end). Before timing, every case is run on every sampled
//! scenario and its length checked against the published optimum; the nodes each case
//! expands and generates per scenario are printed too.
//!
//! Cases (a table per map, [`cases`]; add a row to measure something new):
//! * `heurist-astar-{f64,int}`: `heurist::astar` (default open list) with `OrderedF64`
//!   costs (1, sqrt(2)) or `u32` costs (10000, 14142);
//! * `heurist-astar-lazy-{f64,int}`: the same with `OpenList::Lazy`;
//! * `pathfinding-astar-{f64,int}`: `pathfinding::prelude::astar` with the same costs (`f64`
//!   wrapped in a newtype with `OrderedF64`'s order and addition);
//! * `{heurist,pathfinding}-dijkstra-int`: Dijkstra with the integer costs;
//! * `grid_pathfinding-jps`: `grid_pathfinding::PathingGrid` (JPS with improved pruning,
//!   components built outside the timed loop). It allows corner cutting, which the
//!   benchmark's rule forbids, so its lengths are not asserted: how many differ from the
//!   published ones is reported instead;
//! * `heurist-grid-{astar,dijkstra}-*`: the generic engines on `heurist::grid::Grid`, with
//!   its dense index and a reused workspace;
//! * `heurist-grid-engine-astar-{f64,int}`: `heurist::grid::GridAStar`, A\* on the grid's
//!   own engine (flat arrays, packed open list), reused workspace;
//! * `heurist-grid-jps-{f64,cutting}`: `heurist::grid::Jps`, without and with corner
//!   cutting;
//! * `heurist-grid-jps-table-f64`: `Jps::search_with_table`, the map's `JumpTable` built
//!   once outside the timed loop.
//!
//! The summary's ratio sets each `heurist` case against `pathfinding`'s with the same
//! algorithm and costs; the grid engines (`grid-engine`, `grid-jps`) against its A\*.
//!
//! Run: `cargo bench --bench grids` (about ten minutes); one map:
//! `cargo bench --bench grids -- maze512-4-0`; some cases:
//! `HEURIST_GRIDS_CASES=grid-engine,pathfinding-astar cargo bench --bench grids`. With `HEURIST_GRIDS_RUN=<map>/<case>` the
//! binary instead runs that case once over the map's sample, prints its node counts and
//! exits (`<map>/setup` only loads the map, `<map>/heurist-jump-table-build` loads it
//! and builds its jump table): a short driver for a profiler such as
//! `valgrind --tool=callgrind`.

#[path = "grids/mod.rs"]
mod movingai;

use std::cell::{OnceCell, RefCell};
use std::time::Duration;

use criterion::{black_box, Criterion, SamplingMode, Throughput};
use grid_pathfinding::PathingGrid;
use grid_util::grid::ValueGrid;
use grid_util::point::Point;
use heurist::grid::{
    self as hgrid, Cell, CornerCutting, GridAStar, GridMap, GridWorkspace, Jps, JumpTable,
};
use heurist::{AStar, Dijkstra, OpenList, OrderedF64, Workspace};
use pathfinding::prelude as pf;

use movingai::{GridCost, GridProblem, Map, PfF64, Scenario};

/// The maps, all in `data/grids`.
const MAPS: [&str; 6] = [
    "maze512-1-1",
    "maze512-4-0",
    "random512-10-0",
    "random512-35-1",
    "32room_000",
    "8room_001",
];

/// Scenarios sampled per map.
const SAMPLE: usize = 40;

/// Every `len / SAMPLE`-th scenario: the scenario files list them by bucket (path length),
/// so the sample covers all buckets.
fn sample(all: &[Scenario]) -> Vec<Scenario> {
    let step = (all.len() / SAMPLE).max(1);
    all.iter().step_by(step).take(SAMPLE).copied().collect()
}

/// What a case is given for one map: built once, outside the timed loop.
struct Ctx {
    map: Map,
    /// The same map as `heurist::grid` reads it (leaked, so that the jump table can
    /// borrow it for the whole run).
    grid_map: &'static GridMap,
    /// The map's jump table (no corner cutting), built on first use, before the timed loop.
    jump_table: OnceCell<JumpTable<'static>>,
    /// The memory the `heurist::grid` cases reuse from one scenario to the next.
    reuse: Reuse,
    sample: Vec<Scenario>,
    /// `grid_pathfinding`'s grid, components generated: built on first use (before the
    /// timed loop, by the check of the lengths), so that a run of another case alone
    /// does not build it.
    jps: OnceCell<PathingGrid>,
}

impl Ctx {
    fn new(name: &str) -> Ctx {
        let map = Map::load(name);
        let sample = sample(&map.scenarios());
        let path = movingai::data_dir().join(format!("{name}.map"));
        let text = std::fs::read_to_string(&path).expect("the map");
        Ctx {
            grid_map: Box::leak(Box::new(hgrid::parse_map(&text).expect("a Moving AI map"))),
            jump_table: OnceCell::new(),
            map,
            sample,
            reuse: Reuse::default(),
            jps: OnceCell::new(),
        }
    }

    fn jps(&self) -> &PathingGrid {
        self.jps.get_or_init(|| {
            let map = &self.map;
            let mut jps = PathingGrid::new(map.width as usize, map.height as usize, false);
            for (i, &free) in map.free.iter().enumerate() {
                if !free {
                    let (x, y) = map.xy(i as u32);
                    jps.set(x as i32, y as i32, true);
                }
            }
            jps.generate_components();
            jps
        })
    }

    /// The map's jump table, built on first use.
    fn jump_table(&self) -> &JumpTable<'static> {
        self.jump_table.get_or_init(|| {
            JumpTable::new(self.grid_map, CornerCutting::Never).expect("a 512 x 512 table")
        })
    }

    /// A cell index of the bench's map as a `heurist::grid` cell.
    fn cell(&self, cell: u32) -> Cell {
        let (x, y) = self.map.xy(cell);
        Cell::new(x, y)
    }

    fn point(&self, cell: u32) -> Point {
        let (x, y) = self.map.xy(cell);
        Point::new(x as i32, y as i32)
    }
}

/// The workspaces of the `heurist::grid` cases, one per problem type.
#[derive(Default)]
struct Reuse {
    astar_f64: RefCell<Workspace<Cell, hgrid::Direction, OrderedF64>>,
    astar_int: RefCell<Workspace<Cell, hgrid::Direction, u32>>,
    jps_f64: RefCell<GridWorkspace<OrderedF64>>,
    engine_f64: RefCell<GridWorkspace<OrderedF64>>,
    engine_int: RefCell<GridWorkspace<u32>>,
}

/// The nodes a case expanded and generated (for `pathfinding`: the calls of its successor
/// function, and the successors those returned).
#[derive(Default, Clone, Copy)]
struct Nodes {
    expanded: u64,
    generated: u64,
}

/// How a case's lengths are checked against the published optima.
#[derive(Clone, Copy, PartialEq)]
enum Check {
    /// Float costs: within 1e-5 relative. The scenario files print the optima with six
    /// significant digits (`101.456`, `4.82843`), which rounds them by up to 5e-6
    /// relative, so a tighter bound would reject exact answers.
    Float,
    /// Integer costs 10000/14142, converted back: within 1e-4 relative (the scaled optimum
    /// can take a slightly different path).
    Scaled,
    /// Not asserted: the case follows other rules (corner cutting); mismatches are counted.
    Report,
}

impl Check {
    fn tolerance(self) -> f64 {
        match self {
            Check::Float | Check::Report => 1e-5,
            Check::Scaled => 1e-4,
        }
    }
}

/// One scenario with one case: the length found (`None`: no path), nodes added to `nodes`.
type Run = fn(&Ctx, &Scenario, &mut Nodes) -> Option<f64>;

struct Case {
    name: &'static str,
    check: Check,
    run: Run,
}

/// The bench of building a map's [`JumpTable`], measured beside the cases that use one.
const TABLE_BUILD: &str = "heurist-jump-table-build";

/// The cases measured on every map.
fn cases() -> Vec<Case> {
    let case = |name, check, run| Case { name, check, run };
    vec![
        case("heurist-astar-f64", Check::Float, |c, s, n| {
            heurist_astar::<OrderedF64>(c, s, n, OpenList::default())
        }),
        case("heurist-astar-int", Check::Scaled, |c, s, n| {
            heurist_astar::<u32>(c, s, n, OpenList::default())
        }),
        case("heurist-astar-lazy-f64", Check::Float, |c, s, n| {
            heurist_astar::<OrderedF64>(c, s, n, OpenList::Lazy)
        }),
        case("heurist-astar-lazy-int", Check::Scaled, |c, s, n| {
            heurist_astar::<u32>(c, s, n, OpenList::Lazy)
        }),
        case(
            "pathfinding-astar-f64",
            Check::Float,
            pathfinding_astar::<PfF64>,
        ),
        case(
            "pathfinding-astar-int",
            Check::Scaled,
            pathfinding_astar::<u32>,
        ),
        case("heurist-dijkstra-int", Check::Scaled, heurist_dijkstra),
        case(
            "pathfinding-dijkstra-int",
            Check::Scaled,
            pathfinding_dijkstra,
        ),
        case("grid_pathfinding-jps", Check::Report, grid_pathfinding_jps),
        case("heurist-grid-astar-f64", Check::Float, grid_astar_f64),
        case("heurist-grid-astar-int", Check::Scaled, grid_astar_int),
        case("heurist-grid-engine-astar-f64", Check::Float, |c, s, n| {
            grid_engine_astar::<OrderedF64>(c, s, n, &c.reuse.engine_f64)
        }),
        case("heurist-grid-engine-astar-int", Check::Scaled, |c, s, n| {
            grid_engine_astar::<u32>(c, s, n, &c.reuse.engine_int)
        }),
        case("heurist-grid-dijkstra-int", Check::Scaled, |c, s, n| {
            grid_dijkstra_int(c, s, n, OpenList::default())
        }),
        case(
            "heurist-grid-dijkstra-lazy-int",
            Check::Scaled,
            |c, s, n| grid_dijkstra_int(c, s, n, OpenList::Lazy),
        ),
        case("heurist-grid-jps-f64", Check::Float, |c, s, n| {
            grid_jps(c, s, n, CornerCutting::Never)
        }),
        case("heurist-grid-jps-table-f64", Check::Float, grid_jps_table),
        // the rule `grid_pathfinding` follows, to compare like with like
        case("heurist-grid-jps-cutting", Check::Report, |c, s, n| {
            grid_jps(c, s, n, CornerCutting::Allowed)
        }),
    ]
}

fn heurist_astar<C: GridCost + heurist::Cost>(
    ctx: &Ctx,
    s: &Scenario,
    nodes: &mut Nodes,
    open_list: OpenList,
) -> Option<f64> {
    let map = &ctx.map;
    let problem = GridProblem::<C>::new(map, s.goal);
    let r = AStar::new()
        .open_list(open_list)
        .search(&problem, s.start, |&c: &u32| map.octile::<C>(c, s.goal));
    nodes.expanded += r.stats.expanded;
    nodes.generated += r.stats.generated;
    r.cost().map(GridCost::length)
}

/// `heurist::grid`'s problem on the bench's map, with octile `OrderedF64` costs: A* on
/// its dense index, in a workspace reused across scenarios.
fn grid_astar_f64(ctx: &Ctx, s: &Scenario, nodes: &mut Nodes) -> Option<f64> {
    let grid = hgrid::Grid::octile(ctx.grid_map, ctx.cell(s.goal)).ok()?;
    let mut ws = ctx.reuse.astar_f64.borrow_mut();
    let r = AStar::new().search_in(&mut ws, &grid, ctx.cell(s.start), grid.heuristic());
    nodes.expanded += r.stats.expanded;
    nodes.generated += r.stats.generated;
    r.cost().map(|c| c.0)
}

/// The same with integer costs 10000 and 14142.
fn grid_astar_int(ctx: &Ctx, s: &Scenario, nodes: &mut Nodes) -> Option<f64> {
    let grid = hgrid::Grid::new(ctx.grid_map, ctx.cell(s.goal), 10_000u32, 14_142).ok()?;
    let mut ws = ctx.reuse.astar_int.borrow_mut();
    let r = AStar::new().search_in(&mut ws, &grid, ctx.cell(s.start), grid.heuristic());
    nodes.expanded += r.stats.expanded;
    nodes.generated += r.stats.generated;
    r.cost().map(GridCost::length)
}

/// `heurist::grid`'s own A* ([`GridAStar`]: flat arrays, packed open list), octile costs
/// (1 and sqrt 2 as `OrderedF64`, or 10000 and 14142), in a workspace reused across
/// scenarios.
fn grid_engine_astar<C: GridCost + hgrid::GridCost>(
    ctx: &Ctx,
    s: &Scenario,
    nodes: &mut Nodes,
    reuse: &RefCell<GridWorkspace<C>>,
) -> Option<f64> {
    let (straight, diagonal) = (<C as GridCost>::STRAIGHT, <C as GridCost>::DIAGONAL);
    let grid = hgrid::Grid::new(ctx.grid_map, ctx.cell(s.goal), straight, diagonal).ok()?;
    let r = GridAStar::new()
        .search_in(&mut reuse.borrow_mut(), &grid, ctx.cell(s.start))
        .ok()?;
    nodes.expanded += r.stats.expanded;
    nodes.generated += r.stats.generated;
    r.cost().map(GridCost::length)
}

/// Dijkstra on `heurist::grid`'s problem, integer costs, dense index, reused workspace.
fn grid_dijkstra_int(
    ctx: &Ctx,
    s: &Scenario,
    nodes: &mut Nodes,
    open_list: OpenList,
) -> Option<f64> {
    let grid = hgrid::Grid::new(ctx.grid_map, ctx.cell(s.goal), 10_000u32, 14_142).ok()?;
    let mut ws = ctx.reuse.astar_int.borrow_mut();
    let r = Dijkstra::new()
        .open_list(open_list)
        .search_in(&mut ws, &grid, ctx.cell(s.start));
    nodes.expanded += r.stats.expanded;
    nodes.generated += r.stats.generated;
    r.cost().map(GridCost::length)
}

/// Jump point search on `heurist::grid`, octile `OrderedF64` costs, reused workspace.
fn grid_jps(ctx: &Ctx, s: &Scenario, nodes: &mut Nodes, corners: CornerCutting) -> Option<f64> {
    jps_query(ctx, s, nodes, corners, None)
}

/// The same with the map's [`JumpTable`] (built once per map, outside the timed loop).
fn grid_jps_table(ctx: &Ctx, s: &Scenario, nodes: &mut Nodes) -> Option<f64> {
    jps_query(ctx, s, nodes, CornerCutting::Never, Some(ctx.jump_table()))
}

/// One JPS query under `corners`, reading `table` if given.
fn jps_query(
    ctx: &Ctx,
    s: &Scenario,
    nodes: &mut Nodes,
    corners: CornerCutting,
    table: Option<&JumpTable<'_>>,
) -> Option<f64> {
    let grid = hgrid::Grid::octile(ctx.grid_map, ctx.cell(s.goal))
        .ok()?
        .corner_cutting(corners);
    let (mut ws, start) = (ctx.reuse.jps_f64.borrow_mut(), ctx.cell(s.start));
    let r = match table {
        Some(table) => Jps::new().search_with_table(&mut ws, table, &grid, start),
        None => Jps::new().search_in(&mut ws, &grid, start),
    }
    .ok()?;
    nodes.expanded += r.stats.expanded;
    nodes.generated += r.stats.generated;
    r.cost().map(|c| c.0)
}

fn heurist_dijkstra(ctx: &Ctx, s: &Scenario, nodes: &mut Nodes) -> Option<f64> {
    let r = heurist::dijkstra(&GridProblem::<u32>::new(&ctx.map, s.goal), s.start);
    nodes.expanded += r.stats.expanded;
    nodes.generated += r.stats.generated;
    r.cost().map(GridCost::length)
}

/// The successors of `cell` as `pathfinding` takes them.
#[inline(always)]
fn pf_successors<C: GridCost>(
    map: &Map,
    cell: u32,
    nodes: &mut Nodes,
) -> smallvec::SmallVec<[(u32, C); 8]> {
    let mut out = smallvec::SmallVec::new();
    map.neighbours(cell, |n, c| out.push((n, c)));
    nodes.expanded += 1;
    nodes.generated += out.len() as u64;
    out
}

fn pathfinding_astar<C>(ctx: &Ctx, s: &Scenario, nodes: &mut Nodes) -> Option<f64>
where
    C: GridCost + Ord + num_traits::Zero,
{
    let map = &ctx.map;
    pf::astar(
        &s.start,
        |&c| pf_successors::<C>(map, c, nodes),
        |&c| map.octile::<C>(c, s.goal),
        |&c| c == s.goal,
    )
    .map(|(_, cost)| cost.length())
}

fn pathfinding_dijkstra(ctx: &Ctx, s: &Scenario, nodes: &mut Nodes) -> Option<f64> {
    let map = &ctx.map;
    pf::dijkstra(
        &s.start,
        |&c| pf_successors::<u32>(map, c, nodes),
        |&c| c == s.goal,
    )
    .map(|(_, cost)| cost.length())
}

/// `grid_pathfinding` allows corner cutting: its `jump` and its start node's neighbours
/// test only the cell stepped onto, not the two cells a diagonal step passes between. Its
/// paths can therefore be shorter than the published optima (its answers are checked for
/// being at most as long, and the mismatches counted). Nodes: not counted (0).
fn grid_pathfinding_jps(ctx: &Ctx, s: &Scenario, _: &mut Nodes) -> Option<f64> {
    let path = ctx
        .jps()
        .get_path_single_goal(ctx.point(s.start), ctx.point(s.goal), false)?;
    let points: Vec<(i32, i32)> = path.iter().map(|p| (p.x, p.y)).collect();
    movingai::path_length(&ctx.map, &points).map(|(length, _)| length)
}

/// Runs every case on every scenario of the sample, checks the lengths, and prints the
/// nodes per scenario.
fn verify(ctx: &Ctx, cases: &[Case]) {
    let n = ctx.sample.len() as f64;
    eprintln!(
        "{}: {} scenarios, buckets {}..={}",
        ctx.map.name,
        ctx.sample.len(),
        ctx.sample.first().map_or(0, |s| s.bucket),
        ctx.sample.last().map_or(0, |s| s.bucket),
    );
    for case in cases {
        let mut nodes = Nodes::default();
        let (mut mismatched, mut shorter) = (0, 0);
        for s in &ctx.sample {
            let found = (case.run)(ctx, s, &mut nodes)
                .unwrap_or_else(|| panic!("{} {}: no path for {s:?}", ctx.map.name, case.name));
            let off = (found - s.optimal).abs() > case.check.tolerance() * s.optimal.max(1.0);
            if off {
                assert!(
                    case.check == Check::Report,
                    "{} {}: length {found} for {s:?}, published {}",
                    ctx.map.name,
                    case.name,
                    s.optimal
                );
                mismatched += 1;
                shorter += usize::from(found < s.optimal);
            }
        }
        let checked = match case.check {
            Check::Report => format!("{mismatched} lengths differ ({shorter} shorter)"),
            _ => "all lengths optimal".to_string(),
        };
        eprintln!(
            "  {:<26} expanded/scenario {:>9.0}  generated/scenario {:>9.0}  {checked}",
            case.name,
            nodes.expanded as f64 / n,
            nodes.generated as f64 / n,
        );
    }
}

/// Runs one case once over one map's sample (for a profiler), printing its node counts.
fn run_once(request: &str) {
    let (map, name) = request
        .split_once('/')
        .expect("HEURIST_GRIDS_RUN=<map>/<case>");
    let ctx = Ctx::new(map);
    match name {
        "setup" => return,
        TABLE_BUILD => {
            black_box(ctx.jump_table());
            return;
        }
        _ => {}
    }
    let cases = cases();
    let case = cases
        .iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no case {name}"));
    let mut nodes = Nodes::default();
    let mut total = 0.0;
    for s in &ctx.sample {
        total += (case.run)(&ctx, s, &mut nodes).unwrap_or(f64::NAN);
    }
    eprintln!(
        "{map}/{name}: {} scenarios, expanded {}, generated {}, total length {total:.4}",
        ctx.sample.len(),
        nodes.expanded,
        nodes.generated
    );
}

/// The median time per iteration criterion saved for `grids/<map>/<case>`, in ns.
fn saved_median(map: &str, case: &str) -> Option<f64> {
    // (cargo runs a bench in its package's folder, `benches/`; criterion writes to the
    // workspace's target folder)
    let target = std::env::var("CARGO_TARGET_DIR")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../target").into());
    let path = std::path::Path::new(&target)
        .join("criterion")
        .join(format!("grids_{map}"))
        .join(case)
        .join("new/estimates.json");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
    json["median"]["point_estimate"].as_f64()
}

/// The median time per scenario of every case measured in this run, and `heurist`'s
/// against `pathfinding`'s (when measured in this run too).
fn summary(measured: &[(String, usize)], cases: &[Case]) {
    eprintln!("\nmedian time per scenario (µs); ratio heurist / pathfinding");
    for (map, n) in measured {
        let per = |case: &str| saved_median(map, case).map(|ns| ns / *n as f64 / 1000.0);
        eprintln!("{map}:");
        if let Some(ns) = saved_median(map, TABLE_BUILD) {
            eprintln!("  {:<26} {:>10.2} ms (once per map)", TABLE_BUILD, ns / 1e6);
        }
        for case in cases {
            let Some(t) = per(case.name) else { continue };
            let rival = case
                .name
                .strip_prefix("heurist-")
                .map(|rest| {
                    // the grid engines against `pathfinding`'s A* (JPS: on the same costs)
                    rest.replace("-lazy", "")
                        .replace("grid-engine-", "")
                        .replace("grid-jps-table-", "astar-")
                        .replace("grid-jps-", "astar-")
                        .replace("grid-", "")
                })
                .map(|rest| format!("pathfinding-{rest}"))
                .filter(|rival| cases.iter().any(|c| c.name == rival))
                .and_then(|rival| per(&rival));
            match rival {
                Some(p) => eprintln!("  {:<26} {t:>10.2}  {:.2}x", case.name, t / p),
                None => eprintln!("  {:<26} {t:>10.2}", case.name),
            }
        }
    }
}

fn main() {
    if let Ok(request) = std::env::var("HEURIST_GRIDS_RUN") {
        run_once(&request);
        return;
    }
    let mut c = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    // a filter on the command line (`-- maze512`) picks the maps to load
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    // `HEURIST_GRIDS_CASES=a,b` measures only the cases whose names contain `a` or `b`
    let only = std::env::var("HEURIST_GRIDS_CASES").ok();
    let mut cases = cases();
    if let Some(only) = &only {
        cases.retain(|case| only.split(',').any(|part| case.name.contains(part)));
    }
    let mut measured = Vec::new();
    for map in MAPS {
        if !filter.is_empty()
            && !filter
                .iter()
                .any(|f| map.contains(f.as_str()) || f.contains(map))
        {
            continue;
        }
        let ctx = Ctx::new(map);
        verify(&ctx, &cases);
        let mut g = c.benchmark_group(format!("grids/{map}"));
        g.sampling_mode(SamplingMode::Flat)
            .throughput(Throughput::Elements(ctx.sample.len() as u64));
        if cases.iter().any(|case| case.name.contains("table")) {
            g.throughput(Throughput::Elements(1));
            g.bench_function(TABLE_BUILD, |b| {
                b.iter(|| JumpTable::new(ctx.grid_map, CornerCutting::Never).unwrap())
            });
            g.throughput(Throughput::Elements(ctx.sample.len() as u64));
        }
        for case in &cases {
            g.bench_function(case.name, |b| {
                b.iter(|| {
                    let mut nodes = Nodes::default();
                    for s in &ctx.sample {
                        black_box((case.run)(&ctx, black_box(s), &mut nodes));
                    }
                })
            });
        }
        g.finish();
        measured.push((map.to_string(), ctx.sample.len()));
    }
    c.final_summary();
    summary(&measured, &cases);
}
