//! The heuristics: zero, the original puzzle's doubled Manhattan distance, the local
//! cheapest pass, and the exact cost of the relaxed space (tiles may be revisited).

use heurist::Heuristic;

use super::{opposite, Flow, Zenji, DEAD, NO_ENTRY};

/// The heuristics of this example.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeuristicKind {
    /// 0 everywhere (A* = Dijkstra).
    Zero,
    /// The original puzzle's `2 · (Δrow + Δcol)`: overestimates, A* may return a suboptimal flow.
    Original,
    /// Turns the current tile needs at least to pass the water on (admissible).
    Local,
    /// Exact cost when tiles may be revisited (admissible; exact under the base rules).
    Relaxed,
}

impl HeuristicKind {
    /// All kinds, for tests and benchmarks.
    pub const ALL: [HeuristicKind; 4] = [
        HeuristicKind::Zero,
        HeuristicKind::Original,
        HeuristicKind::Local,
        HeuristicKind::Relaxed,
    ];

    /// Whether it never overestimates.
    pub fn admissible(self) -> bool {
        self != HeuristicKind::Original
    }

    /// Short name.
    pub fn name(self) -> &'static str {
        match self {
            HeuristicKind::Zero => "zero",
            HeuristicKind::Original => "original",
            HeuristicKind::Local => "local",
            HeuristicKind::Relaxed => "relaxed",
        }
    }
}

/// A heuristic for [`Zenji`], built by [`Zenji::heuristic`].
#[derive(Clone, Debug)]
pub struct ZenjiHeuristic {
    kind: HeuristicKind,
    rows: usize,
    cols: usize,
    drain: usize,
    local: Vec<u32>,
    table: Vec<u32>,
}

impl Heuristic<Zenji> for ZenjiHeuristic {
    #[inline]
    fn estimate(&self, s: &Flow) -> u32 {
        let cell = s.cell as usize;
        match self.kind {
            HeuristicKind::Zero => 0,
            HeuristicKind::Original => {
                let (r, c) = (cell / self.cols, cell % self.cols);
                let (dr, dc) = (self.drain / self.cols, self.drain % self.cols);
                debug_assert!(dr < self.rows);
                2 * (r.abs_diff(dr) + c.abs_diff(dc)) as u32
            }
            HeuristicKind::Local => self.local[cell * 5 + s.entry as usize],
            HeuristicKind::Relaxed => self.table[cell * 5 + s.entry as usize],
        }
    }
}

impl Zenji {
    /// A heuristic of the given kind for this problem.
    pub fn heuristic(&self, kind: HeuristicKind) -> ZenjiHeuristic {
        let table = match kind {
            HeuristicKind::Relaxed => self.relaxed_distances(),
            _ => Vec::new(),
        };
        ZenjiHeuristic {
            kind,
            rows: self.grid.rows,
            cols: self.grid.cols,
            drain: self.grid.drain(),
            local: if kind == HeuristicKind::Local {
                self.local_table()
            } else {
                Vec::new()
            },
            table,
        }
    }

    /// `local[cell * 5 + entry]`: fewest turns to pass the water on from `(cell, entry)` into
    /// a tile it may enter; [`DEAD`] if none.
    fn local_table(&self) -> Vec<u32> {
        let n = self.grid.tiles.len();
        let mut t = vec![DEAD; n * 5];
        t[self.grid.drain() * 5..self.grid.drain() * 5 + 5].fill(0);
        for cell in 0..n {
            if cell == self.grid.drain() {
                continue;
            }
            for entry in 0..5u8 {
                let mut best = DEAD;
                for exit in 0..4 {
                    if !self.rules.allows(exit) {
                        continue;
                    }
                    let (Some(k), Some(q)) = (
                        self.pass_cost(cell, entry, exit),
                        self.grid.neighbour(cell, exit),
                    ) else {
                        continue;
                    };
                    if self.enterable(q, opposite(exit)) {
                        best = best.min(k as u32);
                    }
                }
                t[cell * 5 + entry as usize] = best;
            }
        }
        t
    }

    /// Exact cost to the drain from every `(cell, entry)` when tiles may be revisited:
    /// backward Dijkstra (costs 0-3, a bucket queue). Index `cell * 5 + entry`; [`DEAD`] if
    /// the drain is unreachable.
    fn relaxed_distances(&self) -> Vec<u32> {
        let n = self.grid.tiles.len();
        let mut dist = vec![DEAD; n * 5];
        // Reverse edges: (cell, entry) --k--> (q, opposite(exit)) with q = neighbour(cell, exit).
        let mut buckets: Vec<Vec<usize>> = vec![Vec::new(); 4];
        let drain = self.grid.drain();
        for e in 0..5 {
            dist[drain * 5 + e] = 0;
            buckets[0].push(drain * 5 + e);
        }
        let mut current = 0usize;
        let mut pending = 5usize;
        while pending > 0 {
            let b = current % 4;
            let Some(node) = buckets[b].pop() else {
                current += 1;
                continue;
            };
            pending -= 1;
            let d = dist[node];
            if d as usize != current {
                continue; // stale
            }
            let (q, qe) = (node / 5, node % 5);
            if qe == NO_ENTRY as usize {
                continue;
            }
            // Predecessors: tile p on side qe of q, leaving p through opposite(qe).
            let exit = opposite(qe);
            if !self.rules.allows(exit) || !self.enterable(q, qe) {
                continue;
            }
            let Some(p) = self.grid.neighbour(q, qe) else {
                continue;
            };
            for pe in 0..5u8 {
                if let Some(k) = self.pass_cost(p, pe, exit) {
                    let nd = d + k as u32;
                    let idx = p * 5 + pe as usize;
                    if nd < dist[idx] {
                        dist[idx] = nd;
                        buckets[nd as usize % 4].push(idx);
                        pending += 1;
                    }
                }
            }
        }
        dist
    }
}
