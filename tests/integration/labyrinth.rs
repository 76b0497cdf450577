//! Tests of the dynamic labyrinth example (`examples/labyrinth`): Puzzle_6's optimum under both
//! cost models against an independent BFS written here, every returned solution replayed by an
//! independent checker written here, the original puzzle's Manhattan heuristic overestimating, heuristic
//! admissibility, unsolvability proofs, parse errors, and BFS = A* = IDA* on random boards.

use heurist_puzzles::labyrinth as model;

use heurist::{AStar, Bfs, CycleCheck, Dfs, IdaStar, Outcome, SearchResult};
use model::{
    Action, Axis, Board, CostModel, HeuristicKind, LabHeuristic, Labyrinth, State, PUZZLE_6,
};
use proptest::prelude::*;
use std::collections::{HashMap, HashSet, VecDeque};

const PUZZLE_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/labyrinth/Puzzle_6.CSV");

// ---------------------------------------------------------------------------------------
// Independent reference model: plain grids of [left, right, up, down] booleans, its own
// token table (written out from the format description in data/README.md), its own push and walk rules.
// ---------------------------------------------------------------------------------------

type Tok = [bool; 4]; // left, right, up, down

fn ref_token(code: u8) -> Tok {
    // | code | left | right | up | down |
    match code {
        0 => [false, true, false, true],
        1 => [true, false, false, true],
        2 => [false, true, true, false],
        3 => [true, false, true, false],
        4 => [true, true, false, true],
        5 => [true, false, true, true],
        6 => [true, true, true, false],
        7 => [false, true, true, true],
        8 => [false, false, true, true],
        9 => [true, true, false, false],
        _ => panic!("bad code"),
    }
}

fn mask_to_tok(m: u8) -> Tok {
    [m & 1 != 0, m & 2 != 0, m & 4 != 0, m & 8 != 0]
}

/// A pushable line in the reference: (is_row, index, pushed in from the low end (left/top)?).
type RefLine = (bool, usize, bool);

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct RefState {
    grid: Vec<Vec<Tok>>,
    free: Tok,
    fig: (usize, usize),
}

struct RefBoard {
    lines: Vec<RefLine>,
    exit: (usize, usize),
    /// index into Tok of the side the exit must open to
    exit_side: usize,
}

fn ref_from_board(b: &Board) -> (RefBoard, RefState) {
    let grid = (0..b.rows)
        .map(|r| {
            (0..b.cols)
                .map(|c| mask_to_tok(b.tiles[r * b.cols + c]))
                .collect()
        })
        .collect();
    let lines = b
        .lines
        .iter()
        .map(|l| {
            (
                l.axis == Axis::Row,
                l.index,
                l.from == model::LEFT || l.from == model::UP,
            )
        })
        .collect();
    let exit_side = match b.exit_side {
        model::LEFT => 0,
        model::RIGHT => 1,
        model::UP => 2,
        _ => 3,
    };
    (
        RefBoard {
            lines,
            exit: b.exit,
            exit_side,
        },
        RefState {
            grid,
            free: mask_to_tok(b.free),
            fig: b.start,
        },
    )
}

fn ref_push(s: &RefState, (is_row, idx, from_low): RefLine) -> RefState {
    let rows = s.grid.len();
    let cols = s.grid[0].len();
    // The cells of the line in order from low to high index.
    let cells: Vec<(usize, usize)> = if is_row {
        (0..cols).map(|c| (idx, c)).collect()
    } else {
        (0..rows).map(|r| (r, idx)).collect()
    };
    let n = cells.len();
    let mut t = s.clone();
    let fig_pos = cells.iter().position(|&c| c == s.fig);
    if from_low {
        t.free = s.grid[cells[n - 1].0][cells[n - 1].1];
        for k in (1..n).rev() {
            t.grid[cells[k].0][cells[k].1] = s.grid[cells[k - 1].0][cells[k - 1].1];
        }
        t.grid[cells[0].0][cells[0].1] = s.free;
        if let Some(p) = fig_pos {
            t.fig = if p == n - 1 { cells[0] } else { cells[p + 1] };
        }
    } else {
        t.free = s.grid[cells[0].0][cells[0].1];
        for k in 0..n - 1 {
            t.grid[cells[k].0][cells[k].1] = s.grid[cells[k + 1].0][cells[k + 1].1];
        }
        t.grid[cells[n - 1].0][cells[n - 1].1] = s.free;
        if let Some(p) = fig_pos {
            t.fig = if p == 0 { cells[n - 1] } else { cells[p - 1] };
        }
    }
    t
}

/// Can the figure step from a to b (neighbours, facing sides both open)?
fn ref_step_ok(s: &RefState, a: (usize, usize), b: (usize, usize)) -> bool {
    let ta = s.grid[a.0][a.1];
    let tb = s.grid[b.0][b.1];
    if a.0 == b.0 && b.1 == a.1 + 1 {
        ta[1] && tb[0]
    } else if a.0 == b.0 && a.1 == b.1 + 1 {
        ta[0] && tb[1]
    } else if a.1 == b.1 && b.0 == a.0 + 1 {
        ta[3] && tb[2]
    } else if a.1 == b.1 && a.0 == b.0 + 1 {
        ta[2] && tb[3]
    } else {
        false
    }
}

fn ref_neighbours(s: &RefState, a: (usize, usize)) -> Vec<(usize, usize)> {
    let rows = s.grid.len();
    let cols = s.grid[0].len();
    let mut v = Vec::new();
    if a.0 > 0 {
        v.push((a.0 - 1, a.1));
    }
    if a.0 + 1 < rows {
        v.push((a.0 + 1, a.1));
    }
    if a.1 > 0 {
        v.push((a.0, a.1 - 1));
    }
    if a.1 + 1 < cols {
        v.push((a.0, a.1 + 1));
    }
    v.into_iter().filter(|&b| ref_step_ok(s, a, b)).collect()
}

/// Cells walkable from the figure (excluding its own cell), with their distances.
fn ref_walk_targets(s: &RefState) -> HashMap<(usize, usize), usize> {
    let mut dist = HashMap::from([(s.fig, 0usize)]);
    let mut q = VecDeque::from([s.fig]);
    while let Some(a) = q.pop_front() {
        for b in ref_neighbours(s, a) {
            if !dist.contains_key(&b) {
                dist.insert(b, dist[&a] + 1);
                q.push_back(b);
            }
        }
    }
    dist.remove(&s.fig);
    dist
}

fn ref_goal(rb: &RefBoard, s: &RefState) -> bool {
    s.fig == rb.exit && s.grid[rb.exit.0][rb.exit.1][rb.exit_side]
}

/// Independent breadth-first search; unit costs under both models. `None` = exhausted
/// (unsolvable); panics if more than `cap` states are seen.
fn ref_optimum(b: &Board, steps: bool, cap: usize) -> Option<u32> {
    let (rb, s0) = ref_from_board(b);
    let mut seen = HashSet::from([s0.clone()]);
    let mut q = VecDeque::from([(s0, 0u32)]);
    while let Some((s, d)) = q.pop_front() {
        if ref_goal(&rb, &s) {
            return Some(d);
        }
        let mut next: Vec<RefState> = rb.lines.iter().map(|&l| ref_push(&s, l)).collect();
        let targets: Vec<(usize, usize)> = if steps {
            ref_neighbours(&s, s.fig)
        } else {
            ref_walk_targets(&s).into_keys().collect()
        };
        for t in targets {
            let mut n = s.clone();
            n.fig = t;
            next.push(n);
        }
        for n in next {
            if seen.insert(n.clone()) {
                assert!(seen.len() <= cap, "reference BFS exceeded {cap} states");
                q.push_back((n, d + 1));
            }
        }
    }
    None
}

/// Independent replay of a solution: applies every action with the reference rules, checks
/// every walk (reachable; for steps, a single open step), the states the search reports, the
/// final goal, and returns the cost recomputed under the model.
fn replay(b: &Board, model: CostModel, start: &State, actions: &[(Action, State)]) -> u32 {
    let (rb, mut s) = ref_from_board(b);
    assert_eq!(
        (
            start.figure as usize / b.cols,
            start.figure as usize % b.cols
        ),
        s.fig
    );
    let mut cost = 0;
    for (a, reported) in actions {
        match *a {
            Action::Push(k) => {
                s = ref_push(&s, rb.lines[k as usize]);
            }
            Action::Walk(to) => {
                let to = (to as usize / b.cols, to as usize % b.cols);
                match model {
                    CostModel::Moves => {
                        assert!(
                            ref_walk_targets(&s).contains_key(&to),
                            "walk to {to:?} is not possible"
                        );
                    }
                    CostModel::Steps => {
                        assert!(ref_step_ok(&s, s.fig, to), "step to {to:?} not possible");
                    }
                }
                s.fig = to;
            }
        }
        cost += 1;
        // The search's reported state must agree with the reference.
        let rows = b.rows;
        for r in 0..rows {
            for c in 0..b.cols {
                assert_eq!(
                    mask_to_tok(reported.tile(r * b.cols + c)),
                    s.grid[r][c],
                    "tile {r},{c} differs after {a:?}"
                );
            }
        }
        assert_eq!(mask_to_tok(reported.free), s.free);
        assert_eq!(
            (
                reported.figure as usize / b.cols,
                reported.figure as usize % b.cols
            ),
            s.fig
        );
    }
    assert!(
        ref_goal(&rb, &s),
        "the replayed solution does not end at the exit"
    );
    cost
}

fn check_solution(p: &Labyrinth, r: &SearchResult<State, Action, u32>) -> u32 {
    let sol = r.solution().expect("solved");
    let steps: Vec<(Action, State)> = sol.steps.iter().map(|s| (s.action, s.state)).collect();
    let cost = replay(&p.board, p.model, &sol.start, &steps);
    assert_eq!(cost, sol.cost, "reported cost differs from replayed cost");
    cost
}

fn puzzle6() -> Board {
    Board::parse(PUZZLE_6).unwrap()
}

fn h(b: &Board, kind: HeuristicKind) -> LabHeuristic<'_> {
    LabHeuristic { board: b, kind }
}

// ---------------------------------------------------------------------------------------

#[test]
fn embedded_board_is_the_seed_file_with_the_seed_conventions() {
    let text = std::fs::read_to_string(PUZZLE_FILE).expect("Puzzle_6.CSV readable");
    let b = Board::parse(&text).unwrap();
    assert_eq!(b, puzzle6());
    assert_eq!((b.rows, b.cols), (5, 4));
    assert_eq!(b.start, (4, 1));
    assert_eq!(b.exit, (0, 3));
    assert_eq!(b.exit_side, model::UP);
    // rows 1-4; even rows from the left, odd from the right
    let lines: Vec<(usize, u8)> = b.lines.iter().map(|l| (l.index, l.from)).collect();
    assert_eq!(
        lines,
        vec![
            (1, model::RIGHT),
            (2, model::LEFT),
            (3, model::RIGHT),
            (4, model::LEFT)
        ]
    );
    // Independent token decoding of the file.
    let (_, s) = ref_from_board(&b);
    let codes: Vec<Vec<u8>> = text
        .lines()
        .take(5)
        .map(|l| l.split(';').map(|x| x.trim().parse().unwrap()).collect())
        .collect();
    for (grid_row, code_row) in s.grid.iter().zip(&codes) {
        let expected: Vec<Tok> = code_row.iter().map(|&c| ref_token(c)).collect();
        assert_eq!(grid_row, &expected);
    }
    assert_eq!(codes.len(), 5);
    assert_eq!(s.free, ref_token(7));
}

#[test]
fn puzzle6_optimum_moves_and_steps() {
    let b = puzzle6();
    let ref_moves = ref_optimum(&b, false, 2_000_000).expect("solvable");
    let ref_steps = ref_optimum(&b, true, 2_000_000).expect("solvable");
    assert_eq!(ref_moves, 4);
    assert_eq!(ref_steps, 7);
    for (model, opt, kinds) in [
        (
            CostModel::Moves,
            ref_moves,
            vec![HeuristicKind::Zero, HeuristicKind::Lookahead],
        ),
        (
            CostModel::Steps,
            ref_steps,
            vec![
                HeuristicKind::Zero,
                HeuristicKind::Lookahead,
                HeuristicKind::Steps,
            ],
        ),
    ] {
        let p = Labyrinth {
            board: b.clone(),
            model,
        };
        let s = b.start_state();
        let r = heurist::bfs(&p, s);
        assert_eq!(check_solution(&p, &r), opt, "bfs {model:?}");
        let r = heurist::iddfs(&p, s);
        assert_eq!(check_solution(&p, &r), opt, "iddfs {model:?}");
        for k in kinds {
            let r = AStar::new().search(&p, s, h(&b, k));
            assert_eq!(check_solution(&p, &r), opt, "astar {model:?} {k:?}");
            let r = IdaStar::new().search(&p, s, h(&b, k));
            assert_eq!(check_solution(&p, &r), opt, "idastar {model:?} {k:?}");
        }
        // DFS is not optimal, but its answer must be a valid solution.
        let r = Dfs::new().max_depth(40).search(&p, s);
        assert!(check_solution(&p, &r) >= opt);
    }
}

#[test]
fn manhattan_is_not_admissible_under_moves() {
    // Puzzle_6: the figure at 4,1, the exit at 0,3 — Manhattan distance 6, true optimum 4.
    let b = puzzle6();
    let s = b.start_state();
    let manhattan = heurist::Heuristic::<Labyrinth>::estimate(&h(&b, HeuristicKind::Manhattan), &s);
    let optimum = ref_optimum(&b, false, 2_000_000).unwrap();
    assert_eq!(manhattan, 6);
    assert_eq!(optimum, 4);
    assert!(manhattan > optimum);
    // A one-walk board makes it blatant: a straight corridor of length 4 is one move.
    let corridor =
        Board::parse("push = none\nstart = 0,0\nexit = 0,4,right\n9;9;9;9;9\n9\n").unwrap();
    let s = corridor.start_state();
    let p = Labyrinth {
        board: corridor.clone(),
        model: CostModel::Moves,
    };
    assert_eq!(check_solution(&p, &heurist::bfs(&p, s)), 1);
    assert_eq!(
        heurist::Heuristic::<Labyrinth>::estimate(&h(&corridor, HeuristicKind::Manhattan), &s),
        4
    );
}

#[test]
fn wrap_around_push_moves_the_figure_to_the_pushed_in_token() {
    // One row pushed from the left; the figure on the last cell goes to cell 0 with the new token.
    let b =
        Board::parse("push = row 0 from left\nstart = 0,2\nexit = 0,0,left\n9;9;8\n3\n").unwrap();
    let s = b.start_state();
    let t = b.push(&s, 0);
    assert_eq!(t.figure, 0);
    assert_eq!(t.tile(0), model::TOKEN_CODES[3]);
    assert_eq!(t.free, model::TOKEN_CODES[8]);
    // ... and that is already the goal (token 3 is open left): one move, while the plain
    // Manhattan distance is 2 — not admissible under steps either, unlike the wrap-aware bound.
    let p = Labyrinth {
        board: b.clone(),
        model: CostModel::Steps,
    };
    assert_eq!(check_solution(&p, &heurist::bfs(&p, s)), 1);
    let hs = heurist::Heuristic::<Labyrinth>::estimate(&h(&b, HeuristicKind::Steps), &s);
    assert!(hs <= 1);
    let hm = heurist::Heuristic::<Labyrinth>::estimate(&h(&b, HeuristicKind::Manhattan), &s);
    assert_eq!(hm, 2);
}

#[test]
fn cheap_unsolvability_proofs_agree_with_exhaustive_search() {
    // Exit tile closed upwards, column 3 and row 0 never move.
    let b = Board::parse("2;4;6;1\n1;5;3;4\n9;0;2;3\n6;4;5;1\n0;8;6;9\n7\n").unwrap();
    let s = b.start_state();
    assert!(b.unsolvable_reason(&s).is_some());
    // The same situation on a board small enough to exhaust: search agrees.
    let tiny =
        Board::parse("push = row 1 from left\nstart = 1,0\nexit = 0,1\n9;1\n9;9\n9\n").unwrap();
    let s = tiny.start_state();
    let why = tiny.unsolvable_reason(&s).expect("proved");
    assert!(why.contains("not open up"), "{why}");
    let p = Labyrinth {
        board: tiny,
        model: CostModel::Moves,
    };
    assert_eq!(heurist::bfs(&p, s).outcome, Outcome::Exhausted);
    // Exit on a pushable line but no circulating token opens upwards.
    let b =
        Board::parse("push = col 1 from bottom\nstart = 1,0\nexit = 0,1\n9;1\n9;9\n9\n").unwrap();
    let s = b.start_state();
    assert!(b.unsolvable_reason(&s).unwrap().contains("can ever reach"));
    // Exit fixed and open up; walled in once the tile below is 9 (left/right).
    let b = Board::parse("push = none\nstart = 1,0\nexit = 0,1\n9;8\n9;2\n9\n").unwrap();
    let s = b.start_state();
    // 8 (up/down) on the exit meets 2 (right/up) below it: no proof applies.
    assert!(b.unsolvable_reason(&s).is_none());
    let b = Board::parse("push = none\nstart = 1,0\nexit = 0,1\n9;8\n9;9\n9\n").unwrap();
    let s = b.start_state();
    assert!(b.unsolvable_reason(&s).unwrap().contains("never moves"));
}

#[test]
fn parse_errors_name_the_line() {
    // The column counts characters: field 3 of `1;5;X;4` starts at column 5.
    let e = Board::parse("2;4;6;7\n1;5;X;4\n7\n").unwrap_err();
    assert_eq!((e.line, e.column), (Some(2), Some(5)));
    assert!(e.message.contains("unknown token code"));
    let e = Board::parse("2;4;6;7\n1;5;3\n7\n").unwrap_err();
    assert_eq!(e.line, Some(2));
    assert!(e.message.contains("ragged"));
    let e = Board::parse("2;4;6;7\n1;5;3;4\n").unwrap_err();
    assert_eq!(e.line, Some(2));
    assert!(e.message.contains("missing free token"));
    let e =
        Board::parse("# c\n\nstart = 2,2\n2;4;6;7\n1;5;3;4\n9;0;2;3\n9;0;2;3\n7\n").unwrap_err();
    assert_eq!((e.line, e.column), (Some(3), Some(9)));
    assert!(e.message.contains("not a border cell"));
    let e = Board::parse("push = row 9 from left\n2;4\n1;5\n7\n").unwrap_err();
    assert_eq!(e.line, Some(1));
    // Entry 1 of the push list starts at column 8.
    let e = Board::parse("push = diagonal 1 from left\n2;4\n1;5\n7\n").unwrap_err();
    assert_eq!((e.line, e.column), (Some(1), Some(8)));
    let e = Board::parse("exit = 0,1,left\n2;4\n1;5\n7\n").unwrap_err();
    assert!(e.message.contains("left edge"));
    assert_eq!((e.line, e.column), (Some(1), Some(8)));
    assert!(Board::parse("").is_err());
    // The column is the code's own, after any spaces; the message shows line and column.
    let e = Board::parse("push = none\n9;  ?\n7\n").unwrap_err();
    assert_eq!((e.line, e.column), (Some(2), Some(5)));
    assert!(
        e.to_string()
            .starts_with("line 2, column 5: unknown token code"),
        "{e}"
    );
}

#[test]
fn letter_codes_and_round_trip() {
    let b = Board::parse("push = col 0 from top, row 1 from right\nstart = 1,0\nexit = 0,1,right\nLRUD;.\nUD;LR\nfree = LU\n").unwrap();
    assert_eq!(b.tiles, vec![15, 0, 12, 3]);
    assert_eq!(b.free, model::LEFT | model::UP);
    assert_eq!(Board::parse(&b.to_text()).unwrap(), b);
    for seed in 0..20 {
        let g = Board::generate(4, 5, seed);
        assert_eq!(Board::parse(&g.to_text()).unwrap(), g);
        assert_eq!(Board::generate(4, 5, seed), g);
    }
}

#[test]
fn overrides_of_start_and_exit() {
    let mut b = puzzle6();
    b.set_start((4, 0)).unwrap();
    b.set_exit((2, 3), None).unwrap();
    assert_eq!(b.exit_side, model::RIGHT);
    assert!(b.set_start((2, 2)).is_err());
    assert!(b.set_exit((9, 0), None).is_err());
    let p = Labyrinth {
        board: b.clone(),
        model: CostModel::Moves,
    };
    let r = AStar::new().search(&p, b.start_state(), h(&b, HeuristicKind::Lookahead));
    let opt = ref_optimum(&b, false, 2_000_000);
    assert_eq!(r.cost(), opt);
    if r.is_found() {
        check_solution(&p, &r);
    }
}

fn small_board() -> impl Strategy<Value = Board> {
    (2usize..=3, 2usize..=3, any::<u64>()).prop_map(|(r, c, seed)| Board::generate(r, c, seed))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// BFS = A* = IDA* (and the reference BFS) on random small boards, both cost models,
    /// every solution replayed; heuristics never exceed the optimum along the solution.
    #[test]
    fn bfs_astar_idastar_agree(board in small_board(), steps in any::<bool>()) {
        let model = if steps { CostModel::Steps } else { CostModel::Moves };
        let p = Labyrinth { board: board.clone(), model };
        let s = board.start_state();
        let rb = Bfs::new().max_states(300_000).search(&p, s);
        prop_assume!(rb.stop_reason().is_none());
        let reference = ref_optimum(&board, steps, 2_000_000);
        prop_assert_eq!(rb.cost(), reference);
        let proof = board.unsolvable_reason(&s);
        if proof.is_some() {
            prop_assert_eq!(&rb.outcome, &Outcome::Exhausted);
        }
        let kinds = if steps {
            vec![HeuristicKind::Lookahead, HeuristicKind::Steps]
        } else {
            vec![HeuristicKind::Lookahead]
        };
        for k in kinds {
            let ra = AStar::new().search(&p, s, h(&board, k));
            prop_assert_eq!(ra.cost(), reference, "astar {:?}", k);
            if ra.is_found() {
                check_solution(&p, &ra);
                // admissible along the optimal path
                let sol = ra.solution().unwrap();
                let mut remaining = sol.cost;
                let mut st = sol.start;
                for step in &sol.steps {
                    prop_assert!(heurist::Heuristic::<Labyrinth>::estimate(&h(&board, k), &st) <= remaining);
                    remaining -= step.cost;
                    st = step.state;
                }
                let ri = IdaStar::new()
                    .max_expansions(3_000_000)
                    .cycle_check(CycleCheck::Path)
                    .search(&p, s, h(&board, k));
                if ri.stop_reason().is_none() {
                    prop_assert_eq!(ri.cost(), reference, "idastar {:?}", k);
                    check_solution(&p, &ri);
                }
            } else {
                prop_assert_eq!(&ra.outcome, &Outcome::Exhausted);
            }
        }
    }
}

/// Deterministic sweep over generated 3x3 boards: the random instances used above really mix
/// solvable, exhaustively unsolvable and cheaply-proved-unsolvable boards (so the property
/// test is not vacuous), and A* agrees with BFS on all of them.
#[test]
fn generated_boards_mix_solvable_and_unsolvable() {
    let (mut found, mut exhausted, mut proved, mut stopped) = (0, 0, 0, 0);
    let mut idastar_checked = 0;
    for seed in 0..150 {
        let board = Board::generate(3, 3, seed);
        let p = Labyrinth {
            board: board.clone(),
            model: CostModel::Moves,
        };
        let s = board.start_state();
        if board.unsolvable_reason(&s).is_some() {
            proved += 1;
        }
        let rb = Bfs::new().max_states(300_000).search(&p, s);
        match rb.outcome {
            Outcome::Found(_) => found += 1,
            Outcome::Exhausted => exhausted += 1,
            Outcome::Stopped { .. } => {
                stopped += 1;
                continue;
            }
        }
        let ra = AStar::new().search(&p, s, h(&board, HeuristicKind::Lookahead));
        assert_eq!(ra.cost(), rb.cost(), "seed {seed}");
        if rb.is_found() {
            let ri = IdaStar::new().max_expansions(3_000_000).search(
                &p,
                s,
                h(&board, HeuristicKind::Lookahead),
            );
            if ri.stop_reason().is_none() {
                assert_eq!(ri.cost(), rb.cost(), "idastar seed {seed}");
                check_solution(&p, &ri);
                idastar_checked += 1;
            }
        }
    }
    eprintln!(
        "found {found} (IDA* agreed on {idastar_checked}), exhausted {exhausted} \
         (proved cheaply {proved}), stopped {stopped}"
    );
    assert!(idastar_checked * 10 >= found * 9, "IDA* ran out too often");
    assert!(
        found >= 30 && exhausted >= 5 && proved >= 1,
        "{found} {exhausted} {proved}"
    );
    assert!(stopped <= 30);
}
