//! The search problem: partial placements in a canonical order, with constraint
//! propagation at each expansion; and solution counting.

use std::cell::RefCell;

use heurist::{Dfs, Problem, StopReason, Successors};
use smallvec::SmallVec;

use super::Grid;

/// The placed coins, one bit per candidate cell (in canonical order).
pub type Bits = SmallVec<[u64; 8]>;

/// A search state: a partial placement.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// Bit `i` set: a coin on candidate cell `i`.
    pub coins: Bits,
    /// Cells before this index are decided; the next coin goes on a cell `>= next`.
    pub next: u32,
    /// Sum over the clues of the coins they still lack (0 at a goal).
    pub deficit: u32,
}

/// A clue and the candidate cells around it.
#[derive(Clone, Debug)]
pub(super) struct Clue {
    value: u8,
    /// Candidate indices of its neighbours, ascending.
    cands: SmallVec<[u32; 8]>,
}

/// Per-expansion scratch: each clue's current need and open-cell count, and (with
/// propagation) the cells assigned during this expansion.
#[derive(Default)]
struct Scratch {
    epoch: u32,
    stamp: Vec<u32>,
    need: Vec<i32>,
    avail: Vec<i32>,
    cell_stamp: Vec<u32>,
    cell_coin: Vec<bool>,
    queue: Vec<u32>,
}

impl Scratch {
    fn next_epoch(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.iter_mut().for_each(|x| *x = 0);
            self.cell_stamp.iter_mut().for_each(|x| *x = 0);
            self.epoch = 1;
        }
    }
}

/// The result of [`Treasure::count_solutions`].
#[derive(Clone, Debug)]
pub struct Count {
    /// Solutions found.
    pub solutions: u64,
    /// Whether the whole tree was searched (not stopped by a limit or after `limit`
    /// solutions).
    pub complete: bool,
    /// Nodes expanded (the goal states are leaves, not expanded).
    pub expanded: u64,
    /// The first solution found, as coin coordinates.
    pub first: Option<Vec<(usize, usize)>>,
    /// The limit of the configuration that stopped the count, if one did.
    pub stopped: Option<StopReason>,
}

/// The treasure-hunt search problem for one grid.
pub struct Treasure {
    grid: Grid,
    /// Candidate cells (empty, next to a clue, not next to a 0 clue) in canonical order.
    cells: Vec<(usize, usize)>,
    /// For each candidate cell, the clues around it.
    cell_clues: Vec<SmallVec<[u32; 8]>>,
    pub(super) clues: Vec<Clue>,
    words: usize,
    /// `serve_suffix[k]`: the most clues one candidate cell `>= k` touches.
    pub(super) serve_suffix: Vec<u32>,
    /// Some clue has more coins to get than cells around it.
    infeasible: bool,
    total: u32,
    /// Whether expansions run constraint propagation (see [`Treasure::with_propagation`]).
    propagate: bool,
    scratch: RefCell<Scratch>,
}

impl Treasure {
    /// Builds the model of `grid`.
    pub fn new(grid: Grid) -> Treasure {
        let (rows, cols) = (grid.rows, grid.cols);
        let mut clue_id = vec![u32::MAX; rows * cols];
        let mut clues = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                if let Some(v) = grid.clue(r, c) {
                    clue_id[r * cols + c] = clues.len() as u32;
                    clues.push(Clue {
                        value: v,
                        cands: SmallVec::new(),
                    });
                }
            }
        }
        // Canonical order: row-major, column-major when the grid is wider than tall (so the
        // band of undecided cells around the current index is narrower).
        let order: Vec<(usize, usize)> = if cols > rows {
            (0..cols)
                .flat_map(|c| (0..rows).map(move |r| (r, c)))
                .collect()
        } else {
            (0..rows)
                .flat_map(|r| (0..cols).map(move |c| (r, c)))
                .collect()
        };
        let mut cells = Vec::new();
        let mut cell_clues = Vec::new();
        for (r, c) in order {
            if grid.clue(r, c).is_some() {
                continue;
            }
            let around: SmallVec<[u32; 8]> = grid
                .neighbours(r, c)
                .filter(|&(a, b)| grid.clue(a, b).is_some())
                .map(|(a, b)| clue_id[a * cols + b])
                .collect();
            if around.is_empty() || around.iter().any(|&k| clues[k as usize].value == 0) {
                continue;
            }
            let idx = cells.len() as u32;
            for &k in &around {
                clues[k as usize].cands.push(idx);
            }
            cells.push((r, c));
            cell_clues.push(around);
        }
        let n = cells.len();
        let mut serve_suffix = vec![0u32; n + 1];
        for i in (0..n).rev() {
            serve_suffix[i] = serve_suffix[i + 1].max(cell_clues[i].len() as u32);
        }
        let infeasible = clues.iter().any(|k| k.value as usize > k.cands.len());
        let total = clues.iter().map(|k| k.value as u32).sum();
        let m = clues.len();
        Treasure {
            grid,
            cells,
            cell_clues,
            clues,
            words: n.div_ceil(64).max(1),
            serve_suffix,
            infeasible,
            total,
            propagate: true,
            scratch: RefCell::new(Scratch {
                epoch: 0,
                stamp: vec![0; m],
                need: vec![0; m],
                avail: vec![0; m],
                cell_stamp: vec![0; n],
                cell_coin: vec![false; n],
                queue: Vec::new(),
            }),
        }
    }

    /// Switches constraint propagation on (the default) or off. Off, an expansion only
    /// checks each clue's bounds (not exceeded, still reachable with its open cells). On, it
    /// also repeats to a fixpoint: a clue that has its coins makes its open cells empty, a
    /// clue that needs all its open cells makes them coins. A contradiction kills the
    /// node, a cell forced empty is never a coin, and a cell forced to hold a coin cannot
    /// be skipped. Both give the same tree of coin sets, minus pruned branches, so the
    /// same solutions.
    pub fn with_propagation(mut self, on: bool) -> Treasure {
        self.propagate = on;
        self
    }

    /// The grid.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The candidate cells in canonical order.
    pub fn candidates(&self) -> &[(usize, usize)] {
        &self.cells
    }

    /// The start state: no coins placed.
    pub fn start(&self) -> Placement {
        let mut coins = Bits::new();
        coins.resize(self.words, 0);
        Placement {
            coins,
            next: 0,
            deficit: self.total,
        }
    }

    /// The coordinates of the coins of a placement, in canonical order.
    pub fn coins(&self, s: &Placement) -> Vec<(usize, usize)> {
        let mut v = Vec::new();
        for (w, &word) in s.coins.iter().enumerate() {
            let mut b = word;
            while b != 0 {
                let i = w * 64 + b.trailing_zeros() as usize;
                v.push(self.cells[i]);
                b &= b - 1;
            }
        }
        v
    }

    fn has(s: &Placement, i: u32) -> bool {
        s.coins[(i / 64) as usize] >> (i % 64) & 1 == 1
    }

    /// The coins clue `k` still lacks in state `s`.
    pub(super) fn need(&self, s: &Placement, k: usize) -> i32 {
        let clue = &self.clues[k];
        clue.value as i32 - clue.cands.iter().filter(|&&i| Self::has(s, i)).count() as i32
    }

    /// Counts every solution with the library's enumeration of goal states
    /// ([`Dfs::goals`]): a depth-first walk over the same canonical tree as
    /// [`Problem::successors`], in which each coin set is met exactly once, so the number
    /// of distinct goal states is the number of solutions. Stops after `limit` solutions, or
    /// when a limit of `config` (deadline, cancellation, memory) stops the walk, with
    /// `complete == false`.
    pub fn count_solutions(&self, limit: Option<u64>, config: &Dfs<'_, u32>) -> Count {
        let mut goals = config.goals(self, self.start());
        let mut solutions = 0;
        let mut first = None;
        for goal in goals.by_ref() {
            solutions += 1;
            if first.is_none() {
                first = Some(self.coins(&goal));
            }
            if limit.is_some_and(|l| solutions >= l) {
                break;
            }
        }
        Count {
            solutions,
            complete: goals.is_exhausted(),
            expanded: goals.stats().expanded,
            first,
            stopped: goals.stop_reason(),
        }
    }
}

impl Problem for Treasure {
    type State = Placement;
    /// The cell `(row, column)` a coin is placed on.
    type Action = (usize, usize);
    type Cost = u32;

    fn is_goal(&self, s: &Placement) -> bool {
        // Every generated state keeps each clue's need >= 0, so a zero sum means all met.
        s.deficit == 0 && !self.infeasible
    }

    fn successors(&self, s: &Placement, out: &mut Successors<Placement, (usize, usize), u32>) {
        if self.infeasible || s.deficit == 0 {
            return;
        }
        if self.propagate {
            self.successors_propagating(s, out);
        } else {
            self.successors_plain(s, out);
        }
    }
}

impl Treasure {
    /// The child of `s` with a coin on candidate `i`.
    fn child(&self, s: &Placement, i: u32) -> Placement {
        let mut child = s.clone();
        child.coins[(i / 64) as usize] |= 1 << (i % 64);
        child.next = i + 1;
        child.deficit -= self.cell_clues[i as usize].len() as u32;
        child
    }

    fn successors_plain(
        &self,
        s: &Placement,
        out: &mut Successors<Placement, (usize, usize), u32>,
    ) {
        let mut guard = self.scratch.borrow_mut();
        let sc = &mut *guard;
        sc.next_epoch();
        let k0 = s.next;
        for i in k0..self.cells.len() as u32 {
            let around = &self.cell_clues[i as usize];
            let mut ok = true;
            for &k in around {
                let k = k as usize;
                if sc.stamp[k] != sc.epoch {
                    sc.stamp[k] = sc.epoch;
                    sc.need[k] = self.need(s, k);
                    let cands = &self.clues[k].cands;
                    sc.avail[k] = (cands.len() - cands.partition_point(|&j| j < k0)) as i32;
                }
                ok &= sc.need[k] > 0;
            }
            if ok {
                out.push(self.cells[i as usize], self.child(s, i), 1);
            }
            // Leave cell i empty for the remaining children: if that makes some clue
            // unreachable, no later cell can be the next coin.
            let mut stop = false;
            for &k in around {
                let k = k as usize;
                sc.avail[k] -= 1;
                stop |= sc.avail[k] < sc.need[k];
            }
            if stop {
                break;
            }
        }
    }

    /// Assigns open cell `j` (coin or empty) in the scratch; false on a contradiction.
    fn assign(&self, sc: &mut Scratch, j: u32, coin: bool) -> bool {
        let ju = j as usize;
        if sc.cell_stamp[ju] == sc.epoch {
            return sc.cell_coin[ju] == coin;
        }
        sc.cell_stamp[ju] = sc.epoch;
        sc.cell_coin[ju] = coin;
        for &k in &self.cell_clues[ju] {
            let k = k as usize;
            sc.avail[k] -= 1;
            if coin {
                sc.need[k] -= 1;
            }
            if sc.need[k] < 0 || sc.need[k] > sc.avail[k] {
                return false;
            }
            if sc.avail[k] > 0 && (sc.need[k] == 0 || sc.need[k] == sc.avail[k]) {
                sc.queue.push(k as u32);
            }
        }
        true
    }

    /// Runs the queued tight clues to a fixpoint; false on a contradiction.
    fn run_queue(&self, sc: &mut Scratch, k0: u32) -> bool {
        while let Some(k) = sc.queue.pop() {
            let k = k as usize;
            if sc.avail[k] == 0 {
                continue;
            }
            let coin = sc.need[k] > 0;
            for &j in &self.clues[k].cands {
                if j >= k0 && sc.cell_stamp[j as usize] != sc.epoch && !self.assign(sc, j, coin) {
                    sc.queue.clear();
                    return false;
                }
            }
        }
        true
    }

    fn successors_propagating(
        &self,
        s: &Placement,
        out: &mut Successors<Placement, (usize, usize), u32>,
    ) {
        let mut guard = self.scratch.borrow_mut();
        let sc = &mut *guard;
        sc.next_epoch();
        sc.queue.clear();
        let k0 = s.next;
        for (k, clue) in self.clues.iter().enumerate() {
            let open = clue.cands.len() - clue.cands.partition_point(|&j| j < k0);
            sc.need[k] = self.need(s, k);
            sc.avail[k] = open as i32;
            if sc.need[k] < 0 || sc.need[k] > sc.avail[k] {
                return;
            }
            if open > 0 && (sc.need[k] == 0 || sc.need[k] == sc.avail[k]) {
                sc.queue.push(k as u32);
            }
        }
        if !self.run_queue(sc, k0) {
            return; // a dead end: no placement completes this one
        }
        for i in k0..self.cells.len() as u32 {
            let iu = i as usize;
            if sc.cell_stamp[iu] == sc.epoch {
                if sc.cell_coin[iu] {
                    // Forced coin: it is the next coin, as no later child may skip it.
                    out.push(self.cells[iu], self.child(s, i), 1);
                    break;
                }
                continue; // forced empty
            }
            // Open and unforced: no clue around it is full (it would be forced empty).
            out.push(self.cells[iu], self.child(s, i), 1);
            // The later children leave cell i empty.
            if !self.assign(sc, i, false) || !self.run_queue(sc, k0) {
                break;
            }
        }
    }
}
