//! Tests of the treasure-hunt example (`examples/treasure`): every reported placement is
//! checked by an independent checker written here, and solution counts are compared with a
//! brute force over all subsets of the cells that may hold a coin.

use heurist_puzzles::treasure as model;

use std::time::Instant;

use heurist::{CycleCheck, Dfs, IdaStar, Iddfs, Outcome, Problem, SearchResult, StopReason};
use model::{generate, generate_within, Count, Grid, HeuristicKind, Placement, Treasure};
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/treasure/");
const SEED_GRIDS: [&str; 6] = [
    "4x4.txt",
    "6x6.txt",
    "7x7.txt",
    "8x8.txt",
    "10x10_a.txt",
    "10x10_b.txt",
];

fn load(name: &str) -> Grid {
    let text = std::fs::read_to_string(format!("{DATA}{name}")).expect("original grid readable");
    Grid::parse(&text).expect("original grid parses")
}

/// Independent checker: coins on distinct empty cells next to some clue, every clue exact.
fn satisfies(grid: &Grid, coins: &[(usize, usize)]) -> bool {
    let (rows, cols) = (grid.rows as i64, grid.cols as i64);
    let clue = |r: i64, c: i64| -> Option<u8> {
        if r < 0 || c < 0 || r >= rows || c >= cols {
            None
        } else {
            grid.cells[(r * cols + c) as usize]
        }
    };
    let mut coin = vec![false; grid.cells.len()];
    for &(r, c) in coins {
        let (r, c) = (r as i64, c as i64);
        if r >= rows || c >= cols || clue(r, c).is_some() || coin[(r * cols + c) as usize] {
            return false;
        }
        let mut seen = false;
        for dr in -1..=1 {
            for dc in -1..=1 {
                seen |= (dr, dc) != (0, 0) && clue(r + dr, c + dc).is_some();
            }
        }
        if !seen {
            return false;
        }
        coin[(r * cols + c) as usize] = true;
    }
    for r in 0..rows {
        for c in 0..cols {
            if let Some(v) = clue(r, c) {
                let mut n = 0;
                for dr in -1..=1i64 {
                    for dc in -1..=1i64 {
                        let (a, b) = (r + dr, c + dc);
                        if (dr, dc) != (0, 0)
                            && a >= 0
                            && b >= 0
                            && a < rows
                            && b < cols
                            && coin[(a * cols + b) as usize]
                        {
                            n += 1;
                        }
                    }
                }
                if n != v {
                    return false;
                }
            }
        }
    }
    true
}

/// Brute force: every subset of the empty cells next to a clue; returns (number of
/// solutions, fewest coins in a solution).
fn brute_force(grid: &Grid) -> (u64, Option<usize>) {
    let mut open = Vec::new();
    for r in 0..grid.rows {
        for c in 0..grid.cols {
            if grid.clue(r, c).is_none() {
                let near_clue = (r.saturating_sub(1)..=(r + 1).min(grid.rows - 1)).any(|a| {
                    (c.saturating_sub(1)..=(c + 1).min(grid.cols - 1))
                        .any(|b| (a, b) != (r, c) && grid.clue(a, b).is_some())
                });
                if near_clue {
                    open.push((r, c));
                }
            }
        }
    }
    assert!(open.len() <= 20, "brute force too large");
    let mut count = 0;
    let mut fewest: Option<usize> = None;
    for mask in 0u32..(1 << open.len()) {
        let coins: Vec<(usize, usize)> = (0..open.len())
            .filter(|&i| mask >> i & 1 == 1)
            .map(|i| open[i])
            .collect();
        if satisfies(grid, &coins) {
            count += 1;
            fewest = Some(fewest.map_or(coins.len(), |f| f.min(coins.len())));
        }
    }
    (count, fewest)
}

/// Counts solutions by trying both choices for every empty cell next to a clue, cutting a
/// branch only when a coin would exceed a clue; each complete choice is checked with
/// [`satisfies`]. Independent of the model, usable where `brute_force` is too large.
fn backtrack_count(grid: &Grid) -> u64 {
    fn go(
        grid: &Grid,
        open: &[(usize, usize)],
        i: usize,
        coins: &mut Vec<(usize, usize)>,
        seen: &mut [u8],
    ) -> u64 {
        if i == open.len() {
            return satisfies(grid, coins) as u64;
        }
        let (r, c) = open[i];
        let mut n = go(grid, open, i + 1, coins, seen);
        let around: Vec<(usize, usize)> = grid.neighbours(r, c).collect();
        let fits = around.iter().all(|&(a, b)| match grid.clue(a, b) {
            Some(v) => seen[a * grid.cols + b] < v,
            None => true,
        });
        if fits {
            for &(a, b) in &around {
                seen[a * grid.cols + b] += 1;
            }
            coins.push((r, c));
            n += go(grid, open, i + 1, coins, seen);
            coins.pop();
            for &(a, b) in &around {
                seen[a * grid.cols + b] -= 1;
            }
        }
        n
    }
    let open: Vec<(usize, usize)> = (0..grid.rows * grid.cols)
        .map(|i| (i / grid.cols, i % grid.cols))
        .filter(|&(r, c)| {
            grid.clue(r, c).is_none()
                && grid
                    .neighbours(r, c)
                    .any(|(a, b)| grid.clue(a, b).is_some())
        })
        .collect();
    go(
        grid,
        &open,
        0,
        &mut Vec::new(),
        &mut vec![0; grid.rows * grid.cols],
    )
}

/// The model's count (the library's enumeration of goal states), without limits.
fn count(p: &Treasure) -> Count {
    p.count_solutions(None, &Dfs::new())
}

/// Counts the goal leaves of the model's canonical tree by a plain depth-first walk written
/// here (no duplicate detection: the tree meets each coin set once), for comparison with
/// the library's enumeration; returns (solutions, non-goal nodes expanded, first solution).
fn tree_walk_count(p: &Treasure) -> (u64, u64, Option<Vec<(usize, usize)>>) {
    let (mut solutions, mut expanded, mut first) = (0, 0, None);
    let mut stack = vec![p.start()];
    let mut buf = heurist::Successors::new();
    while let Some(s) = stack.pop() {
        if p.is_goal(&s) {
            solutions += 1;
            first.get_or_insert_with(|| p.coins(&s));
            continue; // a goal is a leaf
        }
        expanded += 1;
        p.successors(&s, &mut buf);
        let children: Vec<Placement> = buf.drain().map(|x| x.state).collect();
        // Reversed, so the walk visits children in the order they were generated.
        stack.extend(children.into_iter().rev());
    }
    (solutions, expanded, first)
}

/// The library's count agrees with [`tree_walk_count`] on the solutions, the nodes
/// expanded and the first solution.
fn assert_counts_agree(p: &Treasure, what: &str) -> Count {
    let c = count(p);
    assert!(c.complete && c.stopped.is_none(), "{what}");
    assert_eq!(
        (c.solutions, c.expanded, c.first.clone()),
        tree_walk_count(p),
        "{what}"
    );
    c
}

type Run = SearchResult<Placement, (usize, usize), u32>;

/// Every algorithm of the example, with a label.
fn all_runs(p: &Treasure) -> Vec<(String, Run)> {
    let mut runs = vec![
        ("bfs".to_string(), heurist::bfs(p, p.start())),
        ("dfs".to_string(), heurist::dfs(p, p.start())),
        (
            "iddfs".to_string(),
            Iddfs::new()
                .cycle_check(CycleCheck::Parent)
                .search(p, p.start()),
        ),
    ];
    for kind in HeuristicKind::ALL {
        let h = p.heuristic(kind);
        runs.push((
            format!("astar/{}", kind.name()),
            heurist::astar(p, p.start(), &h),
        ));
        runs.push((
            format!("greedy/{}", kind.name()),
            heurist::greedy(p, p.start(), &h),
        ));
        runs.push((
            format!("idastar/{}", kind.name()),
            IdaStar::new()
                .cycle_check(CycleCheck::Parent)
                .search(p, p.start(), &h),
        ));
    }
    runs
}

/// Checks every algorithm against the brute-force answer `(count, fewest)`.
fn check_all_algorithms(p: &Treasure, count: u64, fewest: Option<usize>) {
    for (name, r) in all_runs(p) {
        match &r.outcome {
            Outcome::Found(sol) => {
                assert!(count > 0, "{name} found a solution where there is none");
                let coins = p.coins(sol.goal());
                assert!(
                    satisfies(p.grid(), &coins),
                    "{name}: bad placement {coins:?}"
                );
                // The path places exactly these coins, one per step.
                let mut from_steps: Vec<_> = sol.actions().copied().collect();
                from_steps.sort();
                let mut sorted = coins.clone();
                sorted.sort();
                assert_eq!(from_steps, sorted, "{name}: steps and goal differ");
                assert_eq!(sol.cost as usize, coins.len());
                let optimal = name == "bfs"
                    || name == "iddfs"
                    || (name.starts_with("astar/") || name.starts_with("idastar/"))
                        && !name.ends_with(&format!("/{}", HeuristicKind::Original.name()));
                if optimal {
                    assert_eq!(Some(coins.len()), fewest, "{name} is not the fewest coins");
                }
            }
            Outcome::Exhausted => assert_eq!(count, 0, "{name} missed a solution"),
            Outcome::Stopped { .. } => panic!("{name} stopped without a limit"),
        }
    }
}

#[test]
fn seed_grids_solved_by_every_algorithm() {
    for name in SEED_GRIDS {
        let grid = load(name);
        for propagate in [true, false] {
            let p = Treasure::new(grid.clone()).with_propagation(propagate);
            let count = assert_counts_agree(&p, name);
            assert!(count.complete);
            assert!(count.solutions >= 1, "{name} has a solution");
            let first = count.first.clone().unwrap();
            assert!(
                satisfies(&grid, &first),
                "{name}: counted solution is wrong"
            );
            // BFS finds the fewest coins; every algorithm must agree with that.
            let bfs = heurist::bfs(&p, p.start());
            let fewest = bfs.cost().map(|c| c as usize);
            check_all_algorithms(&p, count.solutions, fewest);
        }
    }
}

#[test]
fn seed_grid_solution_counts() {
    // Propagation on and off must count the same solutions (the large ones are unique).
    let expected = [("10x10_a.txt", 1), ("10x10_b.txt", 1), ("7x7.txt", 1)];
    for name in SEED_GRIDS {
        let grid = load(name);
        let on = assert_counts_agree(&Treasure::new(grid.clone()), name);
        let off = assert_counts_agree(&Treasure::new(grid.clone()).with_propagation(false), name);
        assert_eq!(on.solutions, off.solutions, "{name}");
        assert!(
            on.expanded <= off.expanded,
            "{name}: propagation expands more"
        );
        if let Some(&(_, n)) = expected.iter().find(|(g, _)| *g == name) {
            assert_eq!(on.solutions, n, "{name}");
        }
    }
}

#[test]
fn small_seed_grids_match_independent_counts() {
    // 4x4 has 9 open cells: all 512 subsets. The others (24-32 open cells) by backtracking.
    assert_eq!(
        brute_force(&load("4x4.txt")).0,
        backtrack_count(&load("4x4.txt"))
    );
    for name in ["4x4.txt", "6x6.txt", "7x7.txt", "8x8.txt"] {
        let grid = load(name);
        let count = backtrack_count(&grid);
        let p = Treasure::new(grid);
        assert_eq!(self::count(&p).solutions, count, "{name}");
    }
}

#[test]
fn admissible_heuristics_never_overestimate_on_the_seed_grids() {
    for name in SEED_GRIDS {
        let p = Treasure::new(load(name));
        let sol = heurist::bfs(&p, p.start()).into_solution().unwrap();
        let n = sol.len() as u32;
        let states: Vec<&Placement> = sol.states().collect();
        for (i, s) in states.iter().enumerate() {
            let remaining = n - i as u32; // BFS path is shortest, so this is h*
            for kind in HeuristicKind::ALL {
                if kind.admissible() {
                    assert!(
                        p.estimate(kind, s) <= remaining,
                        "{name}: {} overestimates",
                        kind.name()
                    );
                }
            }
        }
    }
    // The original puzzle's own heuristic overestimates (as the original says): at the root of grid (a)
    // the clue sum exceeds the number of coins.
    let p = Treasure::new(load("10x10_a.txt"));
    let n = heurist::bfs(&p, p.start()).cost().unwrap();
    assert!(p.estimate(HeuristicKind::Original, &p.start()) > n);
}

#[test]
fn each_coin_set_is_generated_once() {
    // Walk the whole canonical tree of grid (a): no coin set twice, with or without
    // propagation, and propagation only removes nodes.
    let mut sizes = Vec::new();
    for propagate in [false, true] {
        let p = Treasure::new(load("10x10_a.txt")).with_propagation(propagate);
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![p.start()];
        let mut buf = heurist::Successors::new();
        while let Some(s) = stack.pop() {
            assert!(
                seen.insert(s.coins.clone()),
                "a coin set was generated twice"
            );
            p.successors(&s, &mut buf);
            stack.extend(buf.drain().map(|x| x.state));
        }
        sizes.push(seen.len());
    }
    assert!(
        sizes[0] > 1000 && sizes[1] > 100 && sizes[1] < sizes[0],
        "{sizes:?}"
    );
}

#[test]
fn generated_grids_have_the_unique_generated_solution() {
    for (rows, cols, seed) in [(6, 6, 1), (8, 10, 2), (12, 12, 3), (20, 20, 4)] {
        let (grid, coins) = generate(rows, cols, seed, 0.2, 0.0);
        assert_eq!((grid.rows, grid.cols), (rows, cols));
        assert!(satisfies(&grid, &coins));
        // Reproducible from the seed.
        assert_eq!(generate(rows, cols, seed, 0.2, 0.0).0, grid);
        let p = Treasure::new(grid.clone());
        let count = count(&p);
        assert!(count.complete);
        assert_eq!(count.solutions, 1, "{rows}x{cols} seed {seed}");
        let mut want = coins.clone();
        want.sort();
        for r in [
            heurist::dfs(&p, p.start()),
            heurist::astar(&p, p.start(), p.heuristic(HeuristicKind::Best)),
        ] {
            let mut got = p.coins(r.solution().unwrap().goal());
            got.sort();
            assert_eq!(got, want);
        }
        // Text round trip.
        assert_eq!(Grid::parse(&grid.to_text()).unwrap(), grid);
    }
}

#[test]
fn generator_gives_up_at_the_deadline_with_a_unique_grid() {
    // A deadline already past: the first uniqueness check stops, every clue stays.
    let config = Dfs::new().deadline(Instant::now());
    let g = generate_within(12, 12, 3, 0.2, 0.0, &config);
    assert_eq!(g.stopped, Some(StopReason::Deadline));
    assert!(satisfies(&g.grid, &g.coins));
    let c = self::count(&Treasure::new(g.grid.clone()));
    assert_eq!((c.solutions, c.complete), (1, true));
    let (full, _) = generate(12, 12, 3, 0.2, 0.0);
    let clues = |g: &Grid| g.cells.iter().filter(|c| c.is_some()).count();
    assert!(clues(&g.grid) > clues(&full));
    // Without limits it runs to the end, as `generate`.
    let g = generate_within(12, 12, 3, 0.2, 0.0, &Dfs::new());
    assert_eq!((g.stopped, &g.grid), (None, &full));
}

#[test]
fn unsolvable_grids_are_exhausted() {
    for text in ["8.\n..\n", "1.0\n", "2.\n.0\n", "4.\n..\n", "1.2\n"] {
        let p = Treasure::new(Grid::parse(text).unwrap());
        assert_eq!(count(&p).solutions, 0);
        assert!(heurist::dfs(&p, p.start()).is_exhausted(), "{text}");
        assert!(heurist::bfs(&p, p.start()).is_exhausted(), "{text}");
    }
}

#[test]
fn parse_errors_name_line_and_column() {
    let e = Grid::parse("..1.\n.x2.\n").unwrap_err();
    assert_eq!((e.line, e.column), (Some(2), Some(2)));
    assert!(e.message.contains("'x'"), "{e}");
    let e = Grid::parse("..1.\n.2.\n").unwrap_err();
    assert_eq!((e.line, e.column), (Some(2), Some(4)));
    let e = Grid::parse("..1.\n.2...\n").unwrap_err();
    assert_eq!((e.line, e.column), (Some(2), Some(5)));
    let e = Grid::parse("..\n9.\n").unwrap_err();
    assert_eq!((e.line, e.column), (Some(2), Some(1)));
    let e = Grid::parse("..\n\n..\n").unwrap_err();
    assert_eq!((e.line, e.column), (Some(2), Some(1)));
    assert!(Grid::parse("\n  \n").is_err());
    let g = Grid::parse("\n0.\r\n.8  \n\n").unwrap();
    assert_eq!((g.rows, g.cols), (2, 2));
    assert_eq!(g.clue(1, 1), Some(8));
}

/// A small random grid: random coins, a random subset of the other cells as clues, and
/// sometimes one clue changed (often making the grid unsolvable).
fn small_grid() -> impl Strategy<Value = Grid> {
    (
        1usize..=4,
        1usize..=5,
        any::<u64>(),
        0.0f64..0.5,
        0.2f64..1.0,
        any::<bool>(),
    )
        .prop_map(|(rows, cols, seed, density, clue_p, tweak)| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let coin: Vec<bool> = (0..rows * cols).map(|_| rng.gen_bool(density)).collect();
            let mut grid = Grid {
                rows,
                cols,
                cells: vec![None; rows * cols],
            };
            for r in 0..rows {
                for c in 0..cols {
                    if !coin[r * cols + c] && rng.gen_bool(clue_p) {
                        let n = grid
                            .neighbours(r, c)
                            .filter(|&(a, b)| coin[a * cols + b])
                            .count();
                        grid.cells[r * cols + c] = Some(n as u8);
                    }
                }
            }
            if tweak {
                let clues: Vec<usize> = (0..rows * cols)
                    .filter(|&i| grid.cells[i].is_some())
                    .collect();
                if let Some(&i) = clues.choose(&mut rng) {
                    let v = grid.cells[i].unwrap();
                    grid.cells[i] = Some(if v == 0 || rng.gen_bool(0.5) {
                        (v + 1).min(8)
                    } else {
                        v - 1
                    });
                }
            }
            grid
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn counts_match_brute_force(grid in small_grid()) {
        let (count, fewest) = brute_force(&grid);
        for propagate in [true, false] {
            let p = Treasure::new(grid.clone()).with_propagation(propagate);
            let c = self::count(&p);
            prop_assert!(c.complete);
            let (walked, walked_expanded, _) = tree_walk_count(&p);
            prop_assert_eq!((c.solutions, c.expanded), (walked, walked_expanded));
            prop_assert_eq!(c.solutions, count, "grid:\n{}", grid.to_text());
            if let Some(first) = &c.first {
                prop_assert!(satisfies(&grid, first));
            }
            // Limited counts stop early and say so.
            if count >= 2 {
                let l = p.count_solutions(Some(1), &Dfs::new());
                prop_assert_eq!(l.solutions, 1);
            }
            check_all_algorithms(&p, count, fewest);
        }
    }
}
