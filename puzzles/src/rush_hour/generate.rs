//! Boards made at random, the generator of hard boards (hill climbing, each candidate
//! rated by A*), and the difficulty study.

use std::io::{self, Write};

use std::time::Instant;

use heurist::{AStar, CancelToken, Outcome};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Board, HeuristicKind, Metric, RushHeuristic, RushHour, Vehicle, BOARD_1};

/// Names for generated vehicles: `A`..`W`, `Y`, `Z`, then `AA`, `AB`, ...
fn gen_name(k: usize) -> String {
    const ONE: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWYZ";
    if k < ONE.len() {
        (ONE[k] as char).to_string()
    } else {
        let k = k - ONE.len();
        format!(
            "{}{}",
            (b'A' + (k / 26) as u8) as char,
            (b'A' + (k % 26) as u8) as char
        )
    }
}

/// A random board of side `size` with the red car (named `X`) in row `(size-1)/2`, not at
/// the exit, and up to `count` other vehicles placed at random free spots (about 1/4 trucks).
pub fn random_board(size: usize, count: usize, rng: &mut ChaCha8Rng) -> Board {
    let xr = (size - 1) / 2;
    let xc = rng.gen_range(0..size - 2);
    let mut b = Board {
        size,
        vehicles: vec![Vehicle {
            name: "X".into(),
            horizontal: true,
            line: xr as u8,
            len: 2,
        }],
        start: vec![xc as u8],
        walls: Vec::new(),
        red: 0,
    };
    let mut tries = 0;
    while b.vehicles.len() <= count && tries < 1000 {
        tries += 1;
        try_add_vehicle(&mut b, rng);
    }
    b
}

/// Tries to add one random vehicle at a random free spot; `true` if it fit. A horizontal
/// vehicle is never placed in the red car's row right of it (that board is unsolvable).
pub fn try_add_vehicle(b: &mut Board, rng: &mut ChaCha8Rng) -> bool {
    let size = b.size;
    let horizontal = rng.gen_bool(0.5);
    let len = if rng.gen_bool(0.25) { 3 } else { 2 };
    let line = rng.gen_range(0..size) as u8;
    let pos = rng.gen_range(0..=size - len) as u8;
    let xr = b.vehicles[b.red].line;
    if horizontal && line == xr {
        return false;
    }
    let g = b.grid(&b.start);
    let v = Vehicle {
        name: String::new(),
        horizontal,
        line,
        len: len as u8,
    };
    for k in 0..len {
        let (r, c) = if horizontal {
            (line as usize, pos as usize + k)
        } else {
            (pos as usize + k, line as usize)
        };
        if g[r][c] != "." {
            return false;
        }
    }
    b.vehicles.push(v);
    b.start.push(pos);
    rename(b);
    true
}

/// Gives the non-red vehicles the names `A`, `B`, ... in order.
pub fn rename(b: &mut Board) {
    let mut k = 0;
    for (i, v) in b.vehicles.iter_mut().enumerate() {
        if i != b.red {
            v.name = gen_name(k);
            k += 1;
        }
    }
}

/// The seeded random generator of [`random_board`], [`generate`] and the study: a
/// [`ChaCha8Rng`], so boards are reproducible from the seed (the same boards on every
/// platform and with every `rand` version). They differ from those of version 0.1, which
/// used `rand`'s `StdRng`.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// How a generated or studied board's difficulty is measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rating {
    /// Optimal number of moves.
    Solved(u32),
    /// The red car can never get out.
    Unsolvable,
    /// The search hit its state limit.
    TooBig,
}

/// The optimal move count of `board` by A* with the strongest heuristic, giving up after
/// `max_states` stored states.
pub fn rate(board: &Board, max_states: usize) -> Rating {
    rate_within(board, &Budget::new(max_states, 1))
}

/// [`rate`] with the budget's states, deadline and cancel token (a rating stopped by
/// either counts as [`Rating::TooBig`]).
fn rate_within(board: &Board, budget: &Budget) -> Rating {
    match board.words() {
        1 => rate_w::<1>(board, budget),
        2 => rate_w::<2>(board, budget),
        3 => rate_w::<3>(board, budget),
        _ => rate_w::<4>(board, budget),
    }
}

fn rate_w<const W: usize>(board: &Board, budget: &Budget) -> Rating {
    let p = RushHour::<W>::new(board, Metric::Moves);
    let h = RushHeuristic::new(&p, HeuristicKind::Blocked);
    let mut config = AStar::new()
        .max_states(budget.max_states)
        .cancel(budget.cancel.clone());
    if let Some(deadline) = budget.deadline {
        config = config.deadline(deadline);
    }
    let r = config
        .move_pruning()
        .search(&p, RushHour::<W>::start(board), h);
    match r.outcome {
        Outcome::Found(s) => Rating::Solved(s.cost),
        Outcome::Exhausted => Rating::Unsolvable,
        Outcome::Stopped { .. } => Rating::TooBig,
    }
}

/// Removes a vehicle chosen at random, never the red car (the board has at least two).
fn remove_random_vehicle(board: &mut Board, rng: &mut ChaCha8Rng) {
    let n = board.vehicles.len();
    let mut i = rng.gen_range(0..n);
    if i == board.red {
        i = (i + 1) % n;
    }
    board.vehicles.remove(i);
    board.start.remove(i);
    if i < board.red {
        board.red -= 1;
    }
}

/// What the generator may spend: `max_tries` ratings of `max_states` stored states each,
/// until `deadline`, and no longer than until `cancel` is cancelled (Ctrl-C in the program).
pub struct Budget {
    /// The states an A* rating of one candidate may store before the candidate counts as
    /// too hard to rate.
    pub max_states: usize,
    /// The candidates rated before the generator gives up.
    pub max_tries: usize,
    /// When the generator gives up, if ever.
    pub deadline: Option<Instant>,
    /// Stops the generator, and the rating under way, when cancelled.
    pub cancel: CancelToken,
}

impl Budget {
    /// `max_tries` ratings of `max_states` states, with no deadline and a fresh token.
    pub fn new(max_states: usize, max_tries: usize) -> Self {
        Budget {
            max_states,
            max_tries,
            deadline: None,
            cancel: CancelToken::new(),
        }
    }

    fn left(&self) -> bool {
        !self.cancel.is_cancelled() && self.deadline.is_none_or(|d| Instant::now() < d)
    }
}

/// Generates a board of side `size` whose optimal move count is at least `min_moves`, by
/// hill climbing from random boards: add, remove or re-place a vehicle, keep the change when
/// the optimum (verified by A*) does not drop. Gives up (`None`) when `budget` is spent.
pub fn generate(size: usize, min_moves: u32, seed: u64, budget: &Budget) -> Option<(Board, u32)> {
    let mut rng = rng(seed);
    let cells = size * size;
    let mut tries = 0;
    while tries < budget.max_tries && budget.left() {
        let count = rng.gen_range(cells / 5..=cells / 3);
        let mut best = random_board(size, count, &mut rng);
        let mut best_moves = match rate_within(&best, budget) {
            Rating::Solved(m) => m,
            _ => {
                tries += 1;
                continue;
            }
        };
        let mut stale = 0;
        while tries < budget.max_tries && stale < 300 && budget.left() {
            if best_moves >= min_moves {
                return Some((best, best_moves));
            }
            let mut cand = best.clone();
            let n = cand.vehicles.len();
            match rng.gen_range(0..3) {
                0 => {
                    if !try_add_vehicle(&mut cand, &mut rng) {
                        continue;
                    }
                }
                1 if n > 1 => {
                    remove_random_vehicle(&mut cand, &mut rng);
                    rename(&mut cand);
                }
                _ if n > 1 => {
                    remove_random_vehicle(&mut cand, &mut rng);
                    if !try_add_vehicle(&mut cand, &mut rng) {
                        continue;
                    }
                }
                _ => continue,
            }
            tries += 1;
            match rate_within(&cand, budget) {
                Rating::Solved(m) if m >= best_moves => {
                    if m > best_moves {
                        stale = 0;
                    } else {
                        stale += 1;
                    }
                    best = cand;
                    best_moves = m;
                }
                _ => stale += 1,
            }
        }
        if best_moves >= min_moves {
            return Some((best, best_moves));
        }
    }
    None
}

/// Reachable states from the start, optimal moves, A* expansions.
fn measure<const W: usize>(board: &Board) -> (usize, Option<u32>, u64) {
    let p = RushHour::<W>::new(board, Metric::Moves);
    let start = RushHour::<W>::start(board);
    let reach = heurist::bfs_reach(&p, start).count();
    let h = RushHeuristic::new(&p, HeuristicKind::Blocked);
    let r = AStar::new().move_pruning().search(&p, start, h);
    (reach, r.cost(), r.stats.expanded)
}

/// Writes a difficulty study (a markdown table) of the 6x6 course boards, the hardest known
/// 6x6, hill-climbed generated boards and `n` random 6x6 boards (from `seed`) to `out`, a
/// row at a time.
pub fn study(n: usize, seed: u64, out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "| board | vehicles | free cells | optimal moves | reachable states | A* expanded |"
    )?;
    writeln!(out, "|---|---|---|---|---|---|")?;
    let mut rows: Vec<(String, Board)> = Vec::new();
    let parsed = |text: &str| Board::parse_csv(text, 6).expect("a course board");
    rows.push(("course 6x6_1".into(), parsed(BOARD_1)));
    rows.push((
        "hardest 6x6".into(),
        Board::parse_compact("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM").expect("the hardest 6x6"),
    ));
    for (name, text) in [
        (
            "6x6_2",
            include_str!("../../../data/rush_hour/Rushhour6x6_2.csv"),
        ),
        (
            "6x6_3",
            include_str!("../../../data/rush_hour/Rushhour6x6_3.csv"),
        ),
    ] {
        rows.push((format!("course {name}"), parsed(text)));
    }
    let budget = Budget::new(200_000, 20_000);
    for (k, min) in [10, 15, 20, 25].into_iter().enumerate() {
        if let Some((b, _)) = generate(6, min, seed + k as u64, &budget) {
            rows.push((format!("generated >= {min}"), b));
        }
    }
    let mut rng = rng(seed);
    for k in 0..n {
        let count = 6 + k % 8;
        let b = random_board(6, count, &mut rng);
        rows.push((format!("random 6x6 #{k}"), b));
    }
    for (name, b) in rows {
        let (reach, opt, exp) = match b.words() {
            1 => measure::<1>(&b),
            _ => measure::<2>(&b),
        };
        let opt = opt.map_or("unsolvable".into(), |m| m.to_string());
        writeln!(
            out,
            "| {name} | {} | {} | {opt} | {reach} | {exp} |",
            b.vehicles.len(),
            b.free_cells()
        )?;
    }
    Ok(())
}
