//! A problem made of closures only: the shortest knight's path across a chess board, and
//! how many squares a knight reaches within k moves.
//!
//! `FnProblem::unit` takes a goal test and a function listing the neighbours of a state,
//! each step costing 1: the style of the `pathfinding` crate, with no trait to implement.
//!
//! ```text
//! cargo run --example knight        # 8x8 board
//! cargo run --example knight -- 12  # 12x12 board (3 to 26)
//! ```

use heurist::{Bfs, FnProblem};

/// A square as (file, rank), both from 0: a1 is (0, 0).
type Square = (i32, i32);

const JUMPS: [Square; 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Chess notation: file letter, then rank number (`a1`, `h8`, ...).
fn name((file, rank): Square) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

fn main() {
    let n: i32 = match std::env::args().nth(1).map(|a| a.parse()) {
        None => 8,
        Some(Ok(n)) if (3..=26).contains(&n) => n,
        _ => {
            eprintln!("usage: knight [board size, 3 to 26]");
            std::process::exit(2);
        }
    };
    let (start, goal) = ((0, 0), (n - 1, n - 1));

    // The neighbours of a square: the jumps that stay on the board. Returning an iterator
    // (not a Vec) lets the search consume it without allocating. `move` copies `n` in, so
    // the closure owns what it needs.
    let jumps = move |&(f, r): &Square| {
        JUMPS
            .iter()
            .map(move |(df, dr)| (f + df, r + dr))
            .filter(move |&(f, r)| (0..n).contains(&f) && (0..n).contains(&r))
    };
    let knight = FnProblem::unit(|&s: &Square| s == goal, jumps);

    // 1. The shortest path. BFS finds the fewest moves; `into_path()` gives the squares
    // visited (start and goal included) and the cost, here the number of moves.
    let result = heurist::bfs(&knight, start);
    let stats = result.stats;
    // (Only the centre of a 3x3 board is out of a knight's reach from a corner, so this
    // always finds a path; `None` would mean the search proved there is none.)
    let Some((path, moves)) = result.into_path() else {
        println!("{} cannot be reached from {}", name(goal), name(start));
        return;
    };
    let names: Vec<String> = path.iter().copied().map(name).collect();
    println!(
        "{n}x{n} board, {} to {}: {moves} moves",
        name(start),
        name(goal)
    );
    println!("  {}", names.join(" -> "));
    println!("  ({stats})\n");

    // Draw the board with the move number on each square of the path.
    for rank in (0..n).rev() {
        let row: String = (0..n)
            .map(|file| match path.iter().position(|&s| s == (file, rank)) {
                Some(i) => format!("{i:>3}"),
                None => "  .".to_string(),
            })
            .collect();
        println!("{:>2} {row}", rank + 1);
    }
    let files: String = (0..n)
        .map(|f| format!("{:>3}", (b'a' + f as u8) as char))
        .collect();
    println!("   {files}\n");

    // 2. Enumeration: `bfs_reach` yields every reachable state with its depth (fewest
    // moves), breadth-first, lazily: each state is expanded only when the iterator is
    // asked for the next one. The goal test plays no part.
    let mut per_depth = Vec::new();
    for (_square, depth) in heurist::bfs_reach(&knight, start) {
        if per_depth.len() <= depth {
            per_depth.push(0);
        }
        per_depth[depth] += 1;
    }
    println!("squares first reached after k moves, and within k moves:");
    let mut within = 0;
    for (k, count) in per_depth.iter().enumerate() {
        within += count;
        println!("  k = {k}: {count:>3} new, {within:>3} within");
    }

    // To stop at k moves, give the configuration a depth limit: states at depth k are
    // returned but not expanded, so the search does no more work than asked for.
    let k = 3;
    let mut reach = Bfs::new().max_depth(k).reach(&knight, start);
    let count = reach.by_ref().count();
    println!(
        "\nwithin {k} moves: {count} squares; expanded only the {} within {} moves",
        reach.stats().expanded,
        k - 1
    );
}
