//! The rules: where the figure can walk, what a push does, the goal, cheap proofs of
//! unsolvability, and the search problem under each cost model.

use heurist::{Problem, Successors};

use super::{opposite, side_name, Action, Board, CostModel, State, DOWN, LEFT, RIGHT, UP};

impl Board {
    /// Neighbours of cell `i` connected to it in state `s`.
    pub fn open_neighbours(&self, s: &State, i: usize, out: &mut [usize; 4]) -> usize {
        let t = s.tile(i);
        let (r, c) = (i / self.cols, i % self.cols);
        let mut k = 0;
        if t & LEFT != 0 && c > 0 && s.tile(i - 1) & RIGHT != 0 {
            out[k] = i - 1;
            k += 1;
        }
        if t & RIGHT != 0 && c + 1 < self.cols && s.tile(i + 1) & LEFT != 0 {
            out[k] = i + 1;
            k += 1;
        }
        if t & UP != 0 && r > 0 && s.tile(i - self.cols) & DOWN != 0 {
            out[k] = i - self.cols;
            k += 1;
        }
        if t & DOWN != 0 && r + 1 < self.rows && s.tile(i + self.cols) & UP != 0 {
            out[k] = i + self.cols;
            k += 1;
        }
        k
    }

    /// Bit set of the cells the figure can walk to from `from` (including `from`).
    pub fn reachable(&self, s: &State, from: usize) -> u64 {
        let mut seen = 1u64 << from;
        let mut stack = [0u8; 64];
        let mut top = 1;
        stack[0] = from as u8;
        let mut nb = [0usize; 4];
        while top > 0 {
            top -= 1;
            let i = stack[top] as usize;
            let k = self.open_neighbours(s, i, &mut nb);
            for &j in &nb[..k] {
                if seen & (1 << j) == 0 {
                    seen |= 1 << j;
                    stack[top] = j as u8;
                    top += 1;
                }
            }
        }
        seen
    }

    /// A shortest walking path (cells, both ends included) from `from` to `to`, if any.
    pub fn walk_path(&self, s: &State, from: usize, to: usize) -> Option<Vec<usize>> {
        let n = self.rows * self.cols;
        let mut prev = vec![usize::MAX; n];
        prev[from] = from;
        let mut queue = std::collections::VecDeque::from([from]);
        let mut nb = [0usize; 4];
        while let Some(i) = queue.pop_front() {
            if i == to {
                let mut path = vec![to];
                let mut c = to;
                while c != from {
                    c = prev[c];
                    path.push(c);
                }
                path.reverse();
                return Some(path);
            }
            let k = self.open_neighbours(s, i, &mut nb);
            for &j in &nb[..k] {
                if prev[j] == usize::MAX {
                    prev[j] = i;
                    queue.push_back(j);
                }
            }
        }
        None
    }

    /// The state after pushing the free token into line `k`.
    pub fn push(&self, s: &State, k: usize) -> State {
        let line = &self.lines[k];
        let cells = &line.cells;
        let n = cells.len();
        let mut t = *s;
        t.free = s.tile(cells[n - 1]);
        for j in (1..n).rev() {
            t.set_tile(cells[j], s.tile(cells[j - 1]));
        }
        t.set_tile(cells[0], s.free);
        if let Some(p) = cells.iter().position(|&c| c == s.figure as usize) {
            t.figure = cells[(p + 1) % n] as u8;
        }
        t
    }

    /// Is `s` a goal: the figure on the exit, the exit tile open to the board's edge?
    pub fn is_goal(&self, s: &State) -> bool {
        let e = self.idx(self.exit);
        s.figure as usize == e && s.tile(e) & self.exit_side != 0
    }

    /// Is cell `i` on some pushable line?
    pub fn moving(&self, i: usize) -> bool {
        self.lines.iter().any(|l| l.cells.contains(&i))
    }

    /// A cheap proof that the board is unsolvable from `s`, as a sentence, or `None` when none
    /// of the checks applies (the board may still be unsolvable).
    pub fn unsolvable_reason(&self, s: &State) -> Option<String> {
        if self.is_goal(s) {
            return None;
        }
        let e = self.idx(self.exit);
        let side = side_name(self.exit_side);
        if !self.moving(e) {
            let t = s.tile(e);
            if t & self.exit_side == 0 {
                return Some(format!(
                    "the exit tile is not open {side} and no pushable line passes through the exit"
                ));
            }
            if s.figure as usize != e {
                // The exit never moves: the figure can only walk in from a neighbour.
                let (r, c) = self.exit;
                let mut any = false;
                for (d, nr, nc) in [
                    (LEFT, r as isize, c as isize - 1),
                    (RIGHT, r as isize, c as isize + 1),
                    (UP, r as isize - 1, c as isize),
                    (DOWN, r as isize + 1, c as isize),
                ] {
                    if t & d == 0
                        || nr < 0
                        || nc < 0
                        || nr >= self.rows as isize
                        || nc >= self.cols as isize
                    {
                        continue;
                    }
                    let j = nr as usize * self.cols + nc as usize;
                    if self.moving(j) || s.tile(j) & opposite(d) != 0 {
                        any = true;
                    }
                }
                if !any {
                    return Some(
                        "the exit never moves and no neighbour can ever connect to it".to_string(),
                    );
                }
            }
        } else {
            let n = self.rows * self.cols;
            let candidates = std::iter::once(s.free)
                .chain((0..n).filter(|&i| self.moving(i)).map(|i| s.tile(i)));
            if !candidates.into_iter().any(|t| t & self.exit_side != 0) {
                return Some(format!(
                    "no token that can ever reach the exit cell is open {side}"
                ));
            }
        }
        None
    }
}

/// The search problem: a board under a cost model.
pub struct Labyrinth {
    /// The board.
    pub board: Board,
    /// The cost model.
    pub model: CostModel,
}

impl Problem for Labyrinth {
    type State = State;
    type Action = Action;
    type Cost = u32;

    fn is_goal(&self, s: &State) -> bool {
        self.board.is_goal(s)
    }

    fn successors(&self, s: &State, out: &mut Successors<State, Action, u32>) {
        let b = &self.board;
        for k in 0..b.lines.len() {
            out.push(Action::Push(k as u8), b.push(s, k), 1);
        }
        let f = s.figure as usize;
        match self.model {
            CostModel::Moves => {
                let mut reach = b.reachable(s, f) & !(1u64 << f);
                while reach != 0 {
                    let j = reach.trailing_zeros() as usize;
                    reach &= reach - 1;
                    let mut t = *s;
                    t.figure = j as u8;
                    out.push(Action::Walk(j as u8), t, 1);
                }
            }
            CostModel::Steps => {
                let mut nb = [0usize; 4];
                let k = b.open_neighbours(s, f, &mut nb);
                for &j in &nb[..k] {
                    let mut t = *s;
                    t.figure = j as u8;
                    out.push(Action::Walk(j as u8), t, 1);
                }
            }
        }
    }
}
