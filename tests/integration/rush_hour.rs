//! Tests of the Rush Hour example's board rules and program-level answers: optimal answers
//! on the course boards (BFS vs A*, IDA* on a generated board), the hardest known 6x6
//! board, unsolvable boards, parser errors, the generator, the fast non-optimal run on the
//! 12x12 board, and the model's successors against a naive reference; every solution
//! checked by the independent replay checker of `support_rush_hour`. The search and pruning
//! property tests are in `rush_hour_search`.

use heurist_puzzles::rush_hour as model;

use crate::support_rush_hour;

use heurist::{AStar, MovePruning, Outcome, Problem, StopReason, Successors, WeightedAStar};
use model::{Board, HeuristicKind, Metric, Packed, RushHeuristic, RushHour};
use proptest::prelude::*;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use support_rush_hour::*;

const HARDEST: &str = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM";

/// Optimal cost by BFS, A* (both heuristics) and IDA* where cheap; all must agree, and
/// every solution must replay. Returns the optimum.
fn optimum<const W: usize>(board: &Board, metric: Metric, with_idastar: bool) -> u32 {
    let p = RushHour::<W>::new(board, metric);
    let start = RushHour::<W>::start(board);
    let bfs = bfs(&p, start);
    let want = bfs.cost().expect("solvable");
    let mut results = vec![("bfs", bfs)];
    for kind in [
        HeuristicKind::Blockers,
        HeuristicKind::Blocked,
        HeuristicKind::Deep,
    ] {
        let h = RushHeuristic::new(&p, kind);
        results.push(("astar", astar(&p, start, h)));
    }
    if with_idastar {
        let h = RushHeuristic::new(&p, HeuristicKind::Blocked);
        results.push(("idastar", idastar(&p, start, h)));
    }
    for (name, r) in &results {
        let sol = r
            .solution()
            .unwrap_or_else(|| panic!("{name}: no solution"));
        assert_eq!(sol.cost, want, "{name} is not optimal");
        let actions: Vec<_> = sol.actions().copied().collect();
        let moves = named(board, &actions);
        let steps = check(board, &moves).unwrap_or_else(|e| panic!("{name}: {e}"));
        match metric {
            Metric::Moves => assert_eq!(moves.len() as u32, want),
            Metric::Steps => assert_eq!(steps as u32, want),
        }
    }
    want
}

#[test]
fn course_6x6_boards_are_optimal_in_both_metrics() {
    // Optima cross-checked by BFS, A* and IDA*; the numbers are what they agree on.
    let expected = [
        ("Rushhour6x6_1", 21, 35),
        ("Rushhour6x6_2", 15, 29),
        ("Rushhour6x6_3", 33, 83),
    ];
    for (name, moves, steps) in expected {
        let b = course(name);
        assert_eq!(b.words(), 1);
        // IDA* re-expands Rush Hour's many transpositions (seconds even here): it is
        // cross-checked on the generated board in `generator_meets_its_minimum`
        assert_eq!(optimum::<1>(&b, Metric::Moves, false), moves, "{name}");
        assert_eq!(optimum::<1>(&b, Metric::Steps, false), steps, "{name}");
    }
}

#[test]
fn course_9x9_4_is_optimal_in_both_metrics() {
    let b = course("Rushhour9x9_4");
    assert_eq!(optimum::<2>(&b, Metric::Moves, false), 27);
    assert_eq!(optimum::<2>(&b, Metric::Steps, false), 51);
}

#[test]
fn hardest_6x6_needs_60_moves() {
    let b = Board::parse_compact(HARDEST).unwrap();
    assert_eq!(b.walls, vec![(0, 3)]);
    let p = RushHour::<1>::new(&b, Metric::Moves);
    let start = RushHour::<1>::start(&b);
    let h = RushHeuristic::new(&p, HeuristicKind::Blocked);
    let a = astar(&p, start, h);
    let sol = a.solution().unwrap();
    assert_eq!(sol.cost, 60);
    let actions: Vec<_> = sol.actions().copied().collect();
    let moves = named(&b, &actions);
    assert_eq!(moves.len(), 60);
    check(&b, &moves).unwrap();
    assert_eq!(bfs(&p, start).cost(), Some(60));
}

#[test]
fn unsolvable_board_is_exhausted() {
    // A horizontal vehicle right of the red car in its row can never get out of the way.
    let b2 = Board::parse_compact("ooooooooooooAAoBBooooooooooooooooooo").unwrap();
    let p2 = RushHour::<1>::new(&b2, Metric::Moves);
    let s2 = RushHour::<1>::start(&b2);
    assert_eq!(bfs(&p2, s2).outcome, Outcome::Exhausted);
    let h = RushHeuristic::new(&p2, HeuristicKind::Blocked);
    assert_eq!(astar(&p2, s2, h).outcome, Outcome::Exhausted);
    // a wall in the red car's row
    let b3 = Board::parse_compact("ooooooooooooAAooxoBoooooBooooooooooo").unwrap();
    let p3 = RushHour::<1>::new(&b3, Metric::Steps);
    assert_eq!(
        bfs(&p3, RushHour::<1>::start(&b3)).outcome,
        Outcome::Exhausted
    );
    let h = RushHeuristic::new(&p3, HeuristicKind::Blocked);
    assert_eq!(
        idastar(&p3, RushHour::<1>::start(&b3), h).outcome,
        Outcome::Exhausted
    );
    // a truck in the exit column that cannot clear the row: the top edge above it and a
    // wall below; the heuristic sees it too
    let b4 = Board::parse_compact(
        "oooooBoooooBAAoooBoooooooooooooooooX"
            .replace('X', "x")
            .as_str(),
    )
    .unwrap();
    let p4 = RushHour::<1>::new(&b4, Metric::Moves);
    let s4 = RushHour::<1>::start(&b4);
    assert_eq!(bfs(&p4, s4).outcome, Outcome::Exhausted);
    let h = RushHeuristic::new(&p4, HeuristicKind::Blocked);
    assert_eq!(h.h(&s4), model::DEAD);
    assert_eq!(astar(&p4, s4, h).outcome, Outcome::Exhausted);
}

#[test]
fn stopped_search_is_not_unsolvable() {
    let b = course("Rushhour6x6_3");
    let p = RushHour::<1>::new(&b, Metric::Moves);
    let h = RushHeuristic::new(&p, HeuristicKind::Blocked);
    let r = AStar::new()
        .max_states(200)
        .move_pruning()
        .search(&p, RushHour::<1>::start(&b), h);
    assert_eq!(r.stop_reason(), Some(StopReason::MaxStates));
    let lb = r.lower_bound().expect("A* gives a lower bound");
    assert!(lb <= 33);
}

#[test]
fn csv_parser_errors_name_vehicle_and_line() {
    let head = "vehicle,orientation,col,row,length\n";
    let cases = [
        (
            "A,H,1,1,2\nB,H,2,1,2\nX,H,1,3,2\n",
            "line 3",
            "overlaps vehicle A",
        ),
        ("A,H,5,1,3\nX,H,1,3,2\n", "line 2", "out of bounds"),
        ("A,V,1,1,2\n", "", "red car X is missing"),
        ("X,V,1,1,2\n", "line 2", "must be horizontal"),
        ("A,H,1,1,4\nX,H,1,3,2\n", "line 2", "length must be 2 or 3"),
        ("A,D,1,1,2\nX,H,1,3,2\n", "line 2", "orientation"),
        ("A,H,one,1,2\nX,H,1,3,2\n", "line 2", "not a whole number"),
        ("A,H,1,1\nX,H,1,3,2\n", "line 2", "expected 5 fields"),
        (
            "AB,H,1,1,2\nAB,V,6,1,2\nX,H,1,3,2\n",
            "line 3",
            "defined twice",
        ),
        ("X,H,1,3,3\n", "line 2", "length 2"),
    ];
    for (body, line, what) in cases {
        let e = Board::parse_csv(&format!("{head}{body}"), 6).unwrap_err();
        let msg = e.to_string();
        assert!(msg.contains(line), "{msg:?} should name {line:?}");
        assert!(msg.contains(what), "{msg:?} should say {what:?}");
    }
    let e = Board::parse_csv("AB,H,1,1,2\nAC,H,2,1,2\nX,H,1,3,2\n", 6).unwrap_err();
    assert!(e.to_string().contains("vehicle AC") && e.to_string().contains("AB"));
    assert!(Board::parse_csv("X,H,1,3,2\n", 40).is_err());
    assert_eq!(model::size_from_file_name("Rushhour12x12_7.csv"), Some(12));
    assert_eq!(model::size_from_file_name("board.csv"), None);
}

/// Numbers far off the board (which once overflowed into an index out of bounds) are
/// rejected, naming the line and the column of the field.
#[test]
fn csv_parser_rejects_huge_numbers() {
    let cases = [
        ("X,H,9223372036854775807,3,2\n", 1, 5, "out of bounds"),
        (
            "X,H,1,3,2\nA,V,2,9223372036854775807,3\n",
            2,
            7,
            "out of bounds",
        ),
        (
            "X,H,1,3,2\nA,V,2,9223372036854775806,2\n",
            2,
            7,
            "out of bounds",
        ),
        (
            "X,H,1,3,2\nA,V,2,-9223372036854775808,2\n",
            2,
            7,
            "out of bounds",
        ),
        (
            "X,H,1,3,2\nA,H,1,9223372036854775807,2\n",
            2,
            7,
            "out of bounds",
        ),
        (
            "X,H,1,3,2\nA,V,9223372036854775807,1,2\n",
            2,
            5,
            "out of bounds",
        ),
        ("X,H,1,3,2\nA, V, 2, 6, 2\n", 2, 10, "out of bounds"),
        ("X,H,1,3,2\nA,V,2,1,9223372036854775807\n", 2, 9, "length"),
        (
            "X,H,1,3,2\nA,V,99999999999999999999,1,2\n",
            2,
            5,
            "not a whole number",
        ),
    ];
    for (text, line, column, what) in cases {
        let e = Board::parse_csv(text, 6).unwrap_err();
        assert_eq!((e.line, e.column), (Some(line), Some(column)), "{e}");
        assert!(e.to_string().contains(what), "{e} should say {what:?}");
    }
}

#[test]
fn compact_parser_errors() {
    assert!(Board::parse_compact("oooo")
        .unwrap_err()
        .to_string()
        .contains("36"));
    let e = Board::parse_compact("ooooooooooooAAooooooBoooooooooooooo?").unwrap_err();
    assert!(e.to_string().contains("line 1, column 36"));
    let e = Board::parse_compact("ooooooooooooAAooooooBoooooooooooooBo").unwrap_err();
    assert!(e.to_string().contains("vehicle B"));
    let e = Board::parse_compact("ooooooooooooooooooooooooooooooooBBoo").unwrap_err();
    assert!(e.to_string().contains("red car A is missing"));
    let e = Board::parse_compact("AAoooooooooooooooooooooooooooooooooo").unwrap_err();
    assert!(e.to_string().contains("third row"));
}

#[test]
fn course_csv_round_trips() {
    for name in ["Rushhour6x6_2", "Rushhour9x9_6", "Rushhour12x12_7"] {
        let b = course(name);
        let again = Board::parse_csv(&b.to_csv(), b.size).unwrap();
        assert_eq!(again, b);
    }
    assert_eq!(course("Rushhour12x12_7").vehicles.len(), 44);
    assert_eq!(course("Rushhour12x12_7").words(), 3);
}

#[test]
fn generator_meets_its_minimum() {
    let budget = model::Budget::new(200_000, 5_000);
    let (b, m) = model::generate(6, 10, 7, &budget).expect("a 10-move board");
    // a deadline already past, or a cancelled token: the generator gives up at once
    let past = model::Budget {
        deadline: Some(std::time::Instant::now()),
        ..model::Budget::new(200_000, 5_000)
    };
    assert!(model::generate(6, 10, 7, &past).is_none());
    let cancelled = model::Budget::new(200_000, 5_000);
    cancelled.cancel.cancel();
    assert!(model::generate(6, 10, 7, &cancelled).is_none());
    assert!(m >= 10);
    let again = Board::parse_csv(&b.to_csv(), 6).unwrap();
    let p = RushHour::<1>::new(&again, Metric::Moves);
    assert_eq!(bfs(&p, RushHour::<1>::start(&again)).cost(), Some(m));
    assert_eq!(optimum::<1>(&again, Metric::Moves, true), m);
}

/// The 12x12 course board: weighted A* with the relaxed-plan estimate and pruning finds a
/// legal solution (the README's fast non-optimal run), no shorter than the lower bound that
/// A* proves quickly.
#[test]
fn twelve_by_twelve_fast_solution() {
    let b = course("Rushhour12x12_7");
    let mut p = RushHour::<3>::new(&b, Metric::Moves);
    p.prune = true;
    let start = RushHour::<3>::start(&b);
    let h = RushHeuristic::new(&p, HeuristicKind::Relaxed);
    let r = WeightedAStar::new(2.0).search(&p, start, h);
    let sol = r.solution().expect("a solution");
    let actions: Vec<_> = sol.actions().copied().collect();
    let moves = named(&b, &actions);
    check(&b, &moves).unwrap();
    // A* with a small state budget proves a lower bound; the answer cannot beat it
    let h = RushHeuristic::new(&p, HeuristicKind::Blocked);
    let lb = AStar::new()
        .max_states(200_000)
        .move_pruning()
        .search(&p, start, h);
    let Outcome::Stopped {
        reason: StopReason::MaxStates,
        lower_bound: Some(lb),
    } = lb.outcome
    else {
        panic!("expected a stop at the state limit, got {:?}", lb.outcome);
    };
    assert!(
        moves.len() as u32 >= lb && lb >= 10,
        "{} moves, bound {lb}",
        moves.len()
    );
}

/// Successors by brute force, to check the model's against: a grid of free cells, then
/// every vehicle in order, backwards (left / up) then forwards (right / down), one cell
/// further each time until the edge, a wall or a vehicle (under the steps metric one cell
/// only). Each as its action and the positions after it.
fn naive_successors(b: &Board, pos: &[u8], metric: Metric) -> Vec<(model::Move, Vec<u8>)> {
    let n = b.size;
    let at = |horizontal: bool, line: usize, a: usize| {
        if horizontal {
            (line, a)
        } else {
            (a, line)
        }
    };
    let mut free = vec![vec![true; n]; n];
    for &(r, c) in &b.walls {
        free[r as usize][c as usize] = false;
    }
    for (v, &p) in b.vehicles.iter().zip(pos) {
        for a in p as usize..p as usize + v.len as usize {
            let (r, c) = at(v.horizontal, v.line as usize, a);
            assert!(free[r][c], "overlap at ({r}, {c})");
            free[r][c] = false;
        }
    }
    let mut out = Vec::new();
    for (i, v) in b.vehicles.iter().enumerate() {
        for dir in [-1i32, 1] {
            for d in 1..n as i32 {
                // the cell the vehicle's leading end enters
                let a = if dir < 0 {
                    pos[i] as i32 - d
                } else {
                    pos[i] as i32 + v.len as i32 - 1 + d
                };
                if a < 0 || a >= n as i32 {
                    break;
                }
                let (r, c) = at(v.horizontal, v.line as usize, a as usize);
                if !free[r][c] {
                    break;
                }
                let mut next = pos.to_vec();
                next[i] = (pos[i] as i32 + dir * d) as u8;
                out.push(((i as u8, (dir * d) as i8), next));
                if metric == Metric::Steps {
                    break;
                }
            }
        }
    }
    out
}

/// Walks `walk` random moves from the start of `b`, and at every state compares the
/// model's successors (actions, states, costs, order) with [`naive_successors`] in both
/// metrics; with pruning on, with the naive ones of the stubborn set's vehicles; under a
/// random skip set, with the naive ones it does not leave out.
fn successors_match_naive<const W: usize>(
    b: &Board,
    rng: &mut ChaCha8Rng,
    walk: usize,
) -> Result<(), TestCaseError> {
    let problems = [Metric::Moves, Metric::Steps].map(|m| RushHour::<W>::new(b, m));
    let mut pos = b.start.clone();
    let mut buf = Successors::new();
    for step in 0..=walk {
        let s = Packed::<W>::pack(&pos);
        for p in &problems {
            let mut pruned = p.clone();
            pruned.prune = true;
            let keep = p.stubborn(&s, &p.occupancy(&s));
            for (q, keep) in [(p, u64::MAX), (&pruned, keep)] {
                let want: Vec<_> = naive_successors(b, &pos, p.metric)
                    .into_iter()
                    .filter(|((i, _), _)| keep >> i & 1 == 1)
                    .map(|(a, next)| (a, Packed::<W>::pack(&next), 1))
                    .collect();
                buf.clear();
                q.successors(&s, &mut buf);
                let got: Vec<_> = buf.iter().map(|x| (x.action, x.state, x.cost)).collect();
                prop_assert_eq!(
                    got,
                    want,
                    "{}x{} board, {} vehicles, {} walls, step {}, {:?}, prune {}:\n{}",
                    b.size,
                    b.size,
                    b.vehicles.len(),
                    b.walls.len(),
                    step,
                    p.metric,
                    q.prune,
                    b.grid(&pos)
                        .iter()
                        .map(|row| row.concat())
                        .collect::<Vec<_>>()
                        .join("\n")
                );
            }
        }
        // a random skip set (see `RushHour::skip_bits`) leaves out exactly its moves
        let skip = rng.r#gen::<u64>() & rng.r#gen::<u64>() & rng.r#gen::<u64>();
        for p in &problems {
            let skipped = |&(i, delta): &model::Move| match p.metric {
                Metric::Moves => skip >> i & 1 == 1,
                Metric::Steps => i < 32 && skip >> (2 * i + u8::from(delta < 0)) & 1 == 1,
            };
            let want: Vec<_> = naive_successors(b, &pos, p.metric)
                .into_iter()
                .filter(|(a, _)| !skipped(a))
                .map(|(a, next)| (a, Packed::<W>::pack(&next), 1))
                .collect();
            buf.clear();
            p.successors_skipping(&s, skip, &mut buf);
            let got: Vec<_> = buf.iter().map(|x| (x.action, x.state, x.cost)).collect();
            prop_assert_eq!(got, want, "skip set {:#x}, {:?}", skip, p.metric);
        }
        let moves = naive_successors(b, &pos, Metric::Moves);
        if moves.is_empty() {
            break;
        }
        pos = moves[rng.gen_range(0..moves.len())].1.clone();
    }
    Ok(())
}

/// [`successors_match_naive`] with as many state words as `b` needs.
fn successors_match_naive_any(
    b: &Board,
    rng: &mut ChaCha8Rng,
    walk: usize,
) -> Result<(), TestCaseError> {
    match b.words() {
        1 => successors_match_naive::<1>(b, rng, walk),
        2 => successors_match_naive::<2>(b, rng, walk),
        3 => successors_match_naive::<3>(b, rng, walk),
        _ => successors_match_naive::<4>(b, rng, walk),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// On random boards of every successor code path (up to 8x8 with up to 16 vehicles by
    /// per-board tables; larger or fuller boards by lines, looked up up to 9x9 and counted
    /// beyond), with random walls, and at random states reached from their starts: the
    /// model's successors are the naive ones, in order.
    #[test]
    fn successors_match_a_naive_reference(
        seed in any::<u64>(),
        size in prop::sample::select(vec![6usize, 7, 8, 9, 10, 12]),
        fill in 0.0f64..1.0,
        walls in 0usize..6,
        walk in 0usize..40,
    ) {
        let mut rng = model::rng(seed);
        // up to about one vehicle every two cells (as many as fit in 1000 tries)
        let count = ((fill * (size * size / 2) as f64) as usize).min(model::MAX_VEHICLES - 1);
        let mut b = model::random_board(size, count, &mut rng);
        for _ in 0..walls {
            let (r, c) = (rng.gen_range(0..size), rng.gen_range(0..size));
            if b.grid(&b.start)[r][c] == "." {
                b.walls.push((r as u8, c as u8));
            }
        }
        successors_match_naive_any(&b, &mut rng, walk)?;
    }
}

/// The course boards' successors are the naive ones, along random walks.
#[test]
fn course_boards_successors_match_a_naive_reference() {
    for (k, name) in [
        "Rushhour6x6_3",
        "Rushhour9x9_4",
        "Rushhour9x9_6",
        "Rushhour12x12_7",
    ]
    .into_iter()
    .enumerate()
    {
        let b = course(name);
        successors_match_naive_any(&b, &mut model::rng(k as u64), 300).unwrap();
    }
}

/// Runs the `rush_hour` program with `args` from the crate's folder (where the boards'
/// paths lead).
fn run_program(args: &[&str]) -> std::process::Output {
    std::process::Command::new(crate::program::path("rush_hour"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("rush_hour runs")
}

/// `--algo anytime` on the course boards 6x6_1 and 6x6_3: better solutions in strictly
/// decreasing moves, each bound at most the optimum (found by BFS here), and the last the
/// optimum, reported proven; the JSON solution replays.
#[test]
fn anytime_program_reaches_the_optimum_and_says_it_is_proven() {
    // guided by the relaxed plan (the default), and by the heuristic itself, which on 6x6_3
    // finds a 35-move solution before the 33-move optimum
    for (name, weight, guide) in [
        ("Rushhour6x6_1", "3", "relaxed"),
        ("Rushhour6x6_3", "3", "blocked"),
    ] {
        let b = course(name);
        let opt = optimum::<1>(&b, Metric::Moves, false);
        let board = format!("data/rush_hour/{name}.csv");
        let out = run_program(&[
            &board, "--algo", "anytime", "--weight", weight, "--guide", guide, "--json",
        ]);
        assert_eq!(out.status.code(), Some(0), "{name}: solved");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert_eq!(v["optimal"], true, "{name}: {v}");
        assert_eq!(v["bound_proven"], true);
        assert_eq!(v["stopped"], serde_json::Value::Null);
        assert_eq!(v["moves"], opt, "{name}");
        assert_eq!(v["lower_bound"], opt, "{name}");
        let costs: Vec<u64> = v["improvements"]
            .as_array()
            .expect("the improvements")
            .iter()
            .map(|i| {
                let lb = i["lower_bound"].as_u64().unwrap();
                assert!(lb <= u64::from(opt), "{name}: bound {lb} > {opt}");
                i["cost"].as_u64().unwrap()
            })
            .collect();
        assert_eq!(costs.last(), Some(&u64::from(opt)), "{name}: {costs:?}");
        if guide == "blocked" {
            assert!(costs.len() > 1, "{name}: {costs:?}");
        }
        assert!(costs.windows(2).all(|w| w[1] < w[0]), "{name}: {costs:?}");
        let moves = json_moves(&v);
        assert_eq!(moves.len() as u32, opt);
        check(&b, &moves).expect("the solution replays");
    }

    // stopped by a limit: the best so far and a bound, not claimed optimal
    let out = run_program(&[
        "data/rush_hour/Rushhour9x9_4.csv",
        "--algo",
        "anytime",
        "--json",
        "--max-expansions",
        "3000",
    ]);
    assert_eq!(out.status.code(), Some(1), "stopped by a limit");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_ne!(v["optimal"], true, "{v}");
    assert!(v["lower_bound"].as_u64().is_some_and(|lb| lb <= 27), "{v}");
}

/// `--threads 2` with BFS and A\*, in both metrics, finds the optimum of the course boards
/// 6x6_3 and 9x9_4 (found by the serial search here), and its solution replays; with
/// another algorithm it is refused as bad input.
#[test]
fn program_on_two_threads_finds_the_optimum() {
    for (name, steps) in [("Rushhour6x6_3", false), ("Rushhour9x9_4", true)] {
        let b = course(name);
        for (metric, arg) in [(Metric::Moves, "moves"), (Metric::Steps, "steps")] {
            if arg == "steps" && !steps {
                continue;
            }
            let opt = optimum::<2>(&b, metric, false);
            for algo in ["bfs", "astar"] {
                let board = format!("data/rush_hour/{name}.csv");
                let out = run_program(&[
                    &board,
                    "--threads",
                    "2",
                    "--algo",
                    algo,
                    "--metric",
                    arg,
                    "--json",
                ]);
                assert_eq!(out.status.code(), Some(0), "{name} {algo} {arg}");
                let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
                let cost = if arg == "moves" {
                    &v["moves"]
                } else {
                    &v["steps"]
                };
                assert_eq!(cost, opt, "{name} {algo} {arg}: {v}");
                check(&b, &json_moves(&v)).expect("the solution replays");
            }
        }
    }
    let out = run_program(&[
        "data/rush_hour/Rushhour6x6_1.csv",
        "--threads",
        "2",
        "--algo",
        "idastar",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--threads"));
}

/// `--disk`: the optimum in moves and in steps, with the states on disk; with a cost bound
/// one below it, a proof that nothing shorter exists (exit status 1, the lower bound); the
/// work directory is left empty either way; with another algorithm or stubborn sets, bad
/// input.
#[test]
fn program_on_disk_finds_and_proves_the_optimum() {
    let name = "Rushhour6x6_3";
    let b = course(name);
    let board = format!("data/rush_hour/{name}.csv");
    let dir = std::env::temp_dir().join(format!("heurist-rush-disk-{}", std::process::id()));
    let dir_arg = dir.to_str().unwrap();
    for (metric, arg) in [(Metric::Moves, "moves"), (Metric::Steps, "steps")] {
        let opt = optimum::<2>(&b, metric, false);
        // in steps, the optimum (83) is far above the estimate: start a few iterations
        // below it rather than at the estimate, one iteration a step
        let first = (opt - 4).to_string();
        let mut args = vec![board.as_str(), "--disk", dir_arg, "--metric", arg, "--json"];
        if arg == "steps" {
            args.extend(["--first-bound", &first, "--bound-on-write"]);
        }
        let out = run_program(&args);
        assert_eq!(out.status.code(), Some(0), "{arg}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert_eq!(v[arg], opt, "{arg}: {v}");
        let moves = json_moves(&v);
        check(&b, &moves).expect("the solution replays");
        assert!(!dir.exists(), "a search that ends removes its directory");
        let below = (opt - 1).to_string();
        let out = run_program(&[
            &board,
            "--disk",
            dir_arg,
            "--metric",
            arg,
            "--heuristic",
            "blocked",
            "--first-bound",
            &below,
            "--cost-bound",
            &below,
        ]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{arg}: {text}");
        assert!(
            text.contains(&format!("proven lower bound: {opt}")),
            "{text}"
        );
        assert!(!dir.exists(), "a finished proof removes its directory");
    }
    for bad in [["--algo", "bfs"], ["--prune", "--quiet"]] {
        let out = run_program(&[&board, "--disk", dir_arg, bad[0], bad[1]]);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
}

/// The `solution` of a program's JSON answer: the vehicles' names and their moves.
fn json_moves(v: &serde_json::Value) -> Vec<(String, i32)> {
    v["solution"]
        .as_array()
        .expect("a solution")
        .iter()
        .map(|m| {
            (
                m[0].as_str().unwrap().to_string(),
                m[1].as_i64().unwrap() as i32,
            )
        })
        .collect()
}
