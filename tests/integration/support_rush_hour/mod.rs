//! Helpers shared by the Rush Hour tests (`rush_hour`, `rush_hour_search`): the course
//! boards, an independent replay checker, and the searches as the program runs them.

#![allow(dead_code)]

use heurist::{AStar, Bfs, IdaStar, SearchResult};
use heurist_puzzles::rush_hour::{
    self as model, merge_moves, Board, Packed, RushHeuristic, RushHour,
};

pub const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/rush_hour/");

pub fn course(name: &str) -> Board {
    let text = std::fs::read_to_string(format!("{DATA}{name}.csv")).expect("course board");
    let size = model::size_from_file_name(name).expect("size in name");
    Board::parse_csv(&text, size).expect("valid board")
}

/// An independent legality checker: a grid of names, every move slid one cell at a time
/// over empty cells; returns the number of steps, or an error. Ends with the red car's last
/// cell in the last column.
pub fn check(board: &Board, moves: &[(String, i32)]) -> Result<usize, String> {
    let n = board.size;
    let mut grid = vec![vec![String::new(); n]; n];
    for &(r, c) in &board.walls {
        grid[r as usize][c as usize] = "#".into();
    }
    for (i, v) in board.vehicles.iter().enumerate() {
        for k in 0..v.len as usize {
            let p = board.start[i] as usize + k;
            let (r, c) = if v.horizontal {
                (v.line as usize, p)
            } else {
                (p, v.line as usize)
            };
            assert!(grid[r][c].is_empty(), "overlap in the input");
            grid[r][c] = v.name.clone();
        }
    }
    let mut steps = 0;
    for (name, d) in moves {
        if *d == 0 {
            return Err(format!("{name}: zero move"));
        }
        let cells: Vec<(usize, usize)> = (0..n)
            .flat_map(|r| (0..n).map(move |c| (r, c)))
            .filter(|&(r, c)| grid[r][c] == *name)
            .collect();
        if cells.len() < 2 {
            return Err(format!("no vehicle {name}"));
        }
        let horizontal = cells[0].0 == cells[1].0;
        let (dr, dc): (i64, i64) = match (horizontal, *d > 0) {
            (true, true) => (0, 1),
            (true, false) => (0, -1),
            (false, true) => (1, 0),
            (false, false) => (-1, 0),
        };
        let mut cur = cells;
        for _ in 0..d.abs() {
            let next: Vec<(i64, i64)> = cur
                .iter()
                .map(|&(r, c)| (r as i64 + dr, c as i64 + dc))
                .collect();
            for &(r, c) in &next {
                if r < 0 || c < 0 || r >= n as i64 || c >= n as i64 {
                    return Err(format!("{name} leaves the board"));
                }
                let cell = &grid[r as usize][c as usize];
                if !cell.is_empty() && cell != name {
                    return Err(format!("{name} hits {cell}"));
                }
            }
            for &(r, c) in &cur {
                grid[r][c].clear();
            }
            for &(r, c) in &next {
                grid[r as usize][c as usize] = name.clone();
            }
            cur = next
                .iter()
                .map(|&(r, c)| (r as usize, c as usize))
                .collect();
            steps += 1;
        }
    }
    let red = &board.vehicles[board.red];
    if grid[red.line as usize][n - 1] != red.name {
        return Err("the red car is not at the exit".into());
    }
    Ok(steps)
}

pub type Res<const W: usize> = SearchResult<Packed<W>, model::Move, u32>;

/// BFS as the program runs it: move pruning over every way into a state, and (without
/// stubborn sets, which may leave the way back out) the space declared reversible.
pub fn bfs<const W: usize>(p: &RushHour<W>, start: Packed<W>) -> Res<W> {
    Bfs::new()
        .reversible(!p.prune)
        .move_pruning()
        .search(p, start)
}

/// A* as the program runs it: with move pruning.
pub fn astar<const W: usize>(p: &RushHour<W>, start: Packed<W>, h: RushHeuristic<W>) -> Res<W> {
    AStar::new().move_pruning().search(p, start, h)
}

/// IDA* as the program runs it: with move pruning.
pub fn idastar<const W: usize>(p: &RushHour<W>, start: Packed<W>, h: RushHeuristic<W>) -> Res<W> {
    IdaStar::new().move_pruning().search(p, start, h)
}

/// Solution of a search as named moves (merged), checked by [`check`].
pub fn named(board: &Board, actions: &[model::Move]) -> Vec<(String, i32)> {
    merge_moves(actions)
        .into_iter()
        .map(|(v, d)| (board.vehicles[v].name.clone(), d))
        .collect()
}
