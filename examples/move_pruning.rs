//! Move pruning: leaving out the moves that the move just made makes pointless.
//!
//! The puzzle: four rooks on a 5x5 board with four walls must swap corners. A move slides
//! one rook any distance along its row or column, over empty squares. Right after a rook
//! slid along a row, sliding the same rook along the same row again is never needed: the
//! two slides together are one slide (or none) from where it started, and that single
//! slide was a successor of the earlier state already. Implementing `MovePruning` tells the
//! search so; it then generates fewer successors and finds the same answer.
//!
//! ```text
//! cargo run --example move_pruning
//! ```

use heurist::{AStar, Bfs, MovePruning, Problem, Successors};

const SIZE: u8 = 5;
const NAMES: [char; 4] = ['A', 'B', 'C', 'D'];

/// The squares of the rooks A, B, C, D (row * 5 + column, row 0 at the top).
type Rooks = [u8; 4];

/// One slide: `rook` moves along `axis` (0 = its row, 1 = its column) to square `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Slide {
    rook: u8,
    axis: u8,
    to: u8,
}

struct Puzzle {
    walls: u32, // bit s: square s is a wall
    goal: Rooks,
}

impl Problem for Puzzle {
    type State = Rooks;
    type Action = Slide;
    type Cost = u32;

    fn is_goal(&self, rooks: &Rooks) -> bool {
        *rooks == self.goal
    }

    /// Every successor: the successors minus the empty set. One function for both keeps
    /// them consistent, as `MovePruning` requires.
    fn successors(&self, rooks: &Rooks, out: &mut Successors<Rooks, Slide, u32>) {
        self.successors_skipping(rooks, 0, out)
    }
}

impl MovePruning for Puzzle {
    /// A set of (rook, axis) pairs: bit `2 * rook + axis`. The empty set is `0`, the
    /// union `|`: what `Default` and `BitOr` give a `u8`.
    type Skip = u8;

    /// The rule: the moves that may be skipped after `slide` must be replaceable by one
    /// move, no dearer than the two together, from the state before `slide`. Here: the
    /// same rook on the same axis. Its second slide either returns it over squares it just
    /// crossed, or continues the line over squares that were empty before as well; both
    /// are one slide from the earlier state (or no move at all).
    ///
    /// Not skipped: the same rook along the other axis (a corner turn is two moves), and
    /// any other rook (the slide may have opened or closed its way).
    fn skip_after(&self, slide: &Slide) -> u8 {
        1 << (2 * slide.rook + slide.axis)
    }

    fn successors_skipping(
        &self,
        rooks: &Rooks,
        skip: u8,
        out: &mut Successors<Rooks, Slide, u32>,
    ) {
        let occupied = rooks.iter().fold(self.walls, |o, &s| o | 1 << s);
        for (rook, &square) in rooks.iter().enumerate() {
            let rook = rook as u8;
            for (axis, dr, dc) in [(0, 0, 1), (0, 0, -1), (1, 1, 0), (1, -1, 0)] {
                if skip >> (2 * rook + axis) & 1 == 1 {
                    continue; // pruned: this rook just slid along this axis
                }
                let (mut r, mut c) = ((square / SIZE) as i8, (square % SIZE) as i8);
                loop {
                    (r, c) = (r + dr, c + dc);
                    let on_board = (0..SIZE as i8).contains(&r) && (0..SIZE as i8).contains(&c);
                    let to = (r * SIZE as i8 + c) as u8;
                    if !on_board || occupied >> to & 1 == 1 {
                        break;
                    }
                    let mut next = *rooks;
                    next[rook as usize] = to;
                    out.push(Slide { rook, axis, to }, next, 1);
                }
            }
        }
    }
}

/// A lower bound on the moves left: a rook off its goal square needs one slide if it is
/// in the goal's row or column, two otherwise (walls and other rooks ignored).
fn slides_needed(p: &Puzzle, rooks: &Rooks) -> u32 {
    let need = |(&s, &g): (&u8, &u8)| {
        let in_line = s / SIZE == g / SIZE || s % SIZE == g % SIZE;
        (s != g) as u32 + (!in_line) as u32
    };
    rooks.iter().zip(&p.goal).map(need).sum()
}

fn show(p: &Puzzle, rooks: &Rooks) {
    for row in 0..SIZE {
        let line: String = (row * SIZE..(row + 1) * SIZE)
            .map(|s| match rooks.iter().position(|&r| r == s) {
                Some(i) => format!(" {}", NAMES[i]),
                None if p.walls >> s & 1 == 1 => " #".to_string(),
                None => " .".to_string(),
            })
            .collect();
        println!("  {line}");
    }
}

fn main() {
    // A in the top left corner, B top right, C bottom left, D bottom right; each must go
    // to the opposite corner, around the walls and each other.
    let walls = [6, 8, 16, 18].iter().fold(0, |w, &s| w | 1 << s);
    let start = [0, 4, 20, 24];
    let puzzle = Puzzle {
        walls,
        goal: [24, 20, 4, 0],
    };
    show(&puzzle, &start);

    // Breadth-first search, without and with pruning. BFS expands a state with the union
    // of the skip sets of every move that reached it, so the more ways in, the fewer
    // moves out. The states, the answer and the expansions are the same.
    let plain = heurist::bfs(&puzzle, start);
    let pruned = Bfs::new().move_pruning().search(&puzzle, start);
    assert_eq!(plain.solution(), pruned.solution());
    assert_eq!(plain.stats.expanded, pruned.stats.expanded);

    // A* likewise: it prunes with the skip set of the move on the best path to a state.
    let h = |rooks: &Rooks| slides_needed(&puzzle, rooks);
    let a_plain = heurist::astar(&puzzle, start, h);
    let a_pruned = AStar::new().move_pruning().search(&puzzle, start, h);
    assert_eq!(a_plain.cost(), a_pruned.cost());
    // The successors left out would only have reached states again, no cheaper than
    // before (that is what the rule guarantees), so A* expands the same states too.
    assert_eq!(a_plain.stats.expanded, a_pruned.stats.expanded);
    assert_eq!(a_plain.cost(), plain.cost()); // both optimal

    println!(
        "\n{:<14}{:>6}{:>10}{:>11}{:>9}",
        "", "moves", "expanded", "generated", "stored"
    );
    for (name, r) in [
        ("BFS", &plain),
        ("BFS pruned", &pruned),
        ("A*", &a_plain),
        ("A* pruned", &a_pruned),
    ] {
        let s = &r.stats;
        let moves = r.cost().unwrap_or(0);
        println!(
            "{name:<14}{moves:>6}{:>10}{:>11}{:>9}",
            s.expanded, s.generated, s.stored
        );
    }

    let solution = a_pruned.solution().expect("the rooks can swap corners");
    let name = |s: u8| format!("{}{}", (b'a' + s % SIZE) as char, SIZE - s / SIZE);
    let moves: Vec<String> = solution
        .steps
        .iter()
        .map(|step| {
            format!(
                "{}{}",
                NAMES[step.action.rook as usize],
                name(step.action.to)
            )
        })
        .collect();
    println!(
        "\nsolution (rook, then the square it slides to): {}",
        moves.join(" ")
    );
    show(&puzzle, solution.goal());
}
