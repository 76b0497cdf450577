//! The Rush Hour heuristics: admissible lower bounds for the optimal searches, and two
//! inadmissible guides for weighted A* and greedy search on big boards.

use heurist::{Heuristic, Problem};
use smallvec::SmallVec;

use super::{Metric, Move, Packed, RushHour, DEAD, MAX_SIZE, MAX_VEHICLES};

/// Which admissible estimate a [`RushHeuristic`] computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeuristicKind {
    /// Always 0 (A* becomes Dijkstra / uniform-cost BFS).
    Zero,
    /// The red car's move (moves metric: 1; steps: its distance to the exit) plus, for each
    /// vehicle blocking its path, one move (steps: the fewest cells that clear the row).
    Blockers,
    /// [`Blockers`](HeuristicKind::Blockers) plus the fewest distinct further vehicles that
    /// must move so that every blocker can clear the row, minimised over each blocker's
    /// choice of direction (up or down).
    Blocked,
    /// Moves metric (else [`Blocked`](HeuristicKind::Blocked)): the fewest distinct
    /// vehicles that must move, following the chain of obligations deeper: each blocker
    /// must leave the red car's row, each vehicle in its way must leave the cell it is
    /// needed through, and so on, minimised over every vehicle's choice of direction by a
    /// branch and bound. The chain is followed one level deeper at a time while a work
    /// budget lasts; every finished level is a proven bound, the best one is returned.
    Deep,
    /// NOT admissible, for weighted A* and greedy search on big boards: the number of
    /// vehicles in the whole chain of blockers (each blocker clears in its direction with
    /// fewer vehicles in the way, recursively), plus the red car's distance.
    Chain,
    /// NOT admissible, the best guide for greedy search on big boards: a relaxed plan. Every
    /// occupied cell gets a cost to vacate it (its vehicle's cheaper direction: one move, or
    /// its distance in steps, plus the costs of the cells it slides into), found as a fixed
    /// point; then the plan that frees the red car's path along the cheapest choices is
    /// collected, each vehicle and direction counted once (steps: its farthest distance).
    Relaxed,
}

/// The Rush Hour heuristics for either metric (see [`HeuristicKind`]); all admissible.
#[derive(Clone, Debug)]
pub struct RushHeuristic<const W: usize> {
    p: RushHour<W>,
    /// The empty board's cell owners: 254 on walls, 255 elsewhere.
    walls: [u8; MAX_SIZE * MAX_SIZE],
    /// Each vehicle's line as cells of [`RushHeuristic::owners`]: axis coordinate `a` is
    /// cell `start + (a << shift)` (`shift`: 0 along a row, 4 down a column).
    geometry: [(u8, u8); MAX_VEHICLES],
    /// Which estimate.
    pub kind: HeuristicKind,
}

impl<const W: usize> RushHeuristic<W> {
    /// The heuristic `kind` for `problem` (its metric decides the units).
    pub fn new(problem: &RushHour<W>, kind: HeuristicKind) -> Self {
        let mut walls = [255u8; MAX_SIZE * MAX_SIZE];
        for (r, &row) in problem.wall_rows.iter().enumerate() {
            for c in 0..MAX_SIZE {
                if row >> c & 1 == 1 {
                    walls[r * 16 + c] = 254;
                }
            }
        }
        let mut geometry = [(0, 0); MAX_VEHICLES];
        for (j, g) in geometry.iter_mut().enumerate().take(problem.n) {
            let line = problem.line[j];
            *g = if problem.horiz[j] {
                (line * 16, 0)
            } else {
                (line, 4)
            };
        }
        RushHeuristic {
            p: problem.clone(),
            walls,
            geometry,
            kind,
        }
    }

    /// The estimate for state `s`.
    pub fn h(&self, s: &Packed<W>) -> u32 {
        let p = &self.p;
        if self.kind == HeuristicKind::Zero || p.is_goal(s) {
            return 0;
        }
        if self.kind == HeuristicKind::Chain {
            return self.chain(s);
        }
        if self.kind == HeuristicKind::Relaxed {
            return self.relaxed(s);
        }
        if self.kind == HeuristicKind::Deep && p.metric == Metric::Moves {
            return self.deep(s);
        }
        let steps = p.metric == Metric::Steps;
        let xr = p.line[p.red] as usize;
        let xend = (s.get(p.red) + p.len[p.red]) as usize; // first cell right of the red car
        let size = p.size as usize;
        let mut h: u32 = if steps {
            (p.goal_pos - s.get(p.red)) as u32
        } else {
            1
        };
        // blockers: (vehicle, column)
        let mut blockers = [(0usize, 0usize); MAX_SIZE];
        let mut nb = 0;
        for c in xend..size {
            if p.wall_rows[xr] >> c & 1 == 1 {
                return DEAD;
            }
        }
        for i in 0..p.n {
            let pos = s.get(i) as usize;
            if p.horiz[i] {
                if i != p.red && p.line[i] as usize == xr && pos >= xend {
                    return DEAD; // can never leave the red car's row
                }
            } else {
                let c = p.line[i] as usize;
                if c >= xend && pos <= xr && xr < pos + p.len[i] as usize {
                    blockers[nb] = (i, c);
                    nb += 1;
                }
            }
        }
        if self.kind == HeuristicKind::Blockers {
            for &(i, _) in &blockers[..nb] {
                h += if steps {
                    match self.clear_dists(s, i) {
                        (None, None) => return DEAD,
                        (a, b) => a.unwrap_or(u32::MAX).min(b.unwrap_or(u32::MAX)),
                    }
                } else {
                    1
                };
            }
            return h;
        }
        // Blocked: per blocker, two options (distance, mask of vehicles in the way).
        // colown[k][r]: the owner of cell (r, column of blocker k); 255 empty, 254 wall.
        let mut colk = [255u8; MAX_SIZE];
        let mut colown = [[255u8; MAX_SIZE]; MAX_SIZE];
        for (k, &(_, c)) in blockers[..nb].iter().enumerate() {
            colk[c] = k as u8;
            for (r, o) in colown[k].iter_mut().enumerate() {
                if p.wall_rows[r] >> c & 1 == 1 {
                    *o = 254;
                }
            }
        }
        for j in 0..p.n {
            let pos = s.get(j) as usize;
            let l = p.len[j] as usize;
            let line = p.line[j] as usize;
            if p.horiz[j] {
                for &k in &colk[pos..pos + l] {
                    if k != 255 {
                        colown[k as usize][line] = j as u8;
                    }
                }
            } else {
                let k = colk[line];
                if k != 255 {
                    colown[k as usize][pos..pos + l].fill(j as u8);
                }
            }
        }
        let mut opts = [[None::<(u32, u64)>; 2]; MAX_SIZE];
        for (k, &(i, _)) in blockers[..nb].iter().enumerate() {
            let top = s.get(i) as usize;
            let l = p.len[i] as usize;
            let own = &colown[k];
            // up: new top <= xr - l, cells xr-l ..= top-1 must be cleared
            if xr >= l {
                let mut mask = 0u64;
                let mut ok = true;
                for &o in &own[xr - l..top] {
                    match o {
                        255 => {}
                        254 => ok = false,
                        o => mask |= 1 << o,
                    }
                }
                if ok {
                    let d = if steps { (top + l - xr) as u32 } else { 1 };
                    opts[k][0] = Some((d, mask));
                }
            }
            // down: new top >= xr + 1, cells top+l ..= xr+l must be cleared
            if xr + l < size {
                let mut mask = 0u64;
                let mut ok = true;
                for &o in &own[top + l..=xr + l] {
                    match o {
                        255 => {}
                        254 => ok = false,
                        o => mask |= 1 << o,
                    }
                }
                if ok {
                    let d = if steps { (xr + 1 - top) as u32 } else { 1 };
                    opts[k][1] = Some((d, mask));
                }
            }
            if opts[k][0].is_none() && opts[k][1].is_none() {
                return DEAD;
            }
        }
        if nb <= 10 {
            let mut best = u32::MAX;
            'combo: for combo in 0u32..(1 << nb) {
                let mut d = 0;
                let mut mask = 0u64;
                for (k, o) in opts[..nb].iter().enumerate() {
                    match o[(combo >> k & 1) as usize] {
                        Some((dd, m)) => {
                            d += dd;
                            mask |= m;
                        }
                        None => continue 'combo,
                    }
                }
                best = best.min(d + mask.count_ones());
            }
            h + best
        } else {
            // too many blockers to enumerate: each blocker's own cheapest option,
            // plus the largest single obstacle set that cannot be avoided
            let mut d = 0;
            let mut extra = 0;
            for o in &opts[..nb] {
                let a = o[0].map_or(u32::MAX, |x| x.0);
                let b = o[1].map_or(u32::MAX, |x| x.0);
                d += a.min(b);
                let ma = o[0].map_or(u32::MAX, |x| x.1.count_ones());
                let mb = o[1].map_or(u32::MAX, |x| x.1.count_ones());
                extra = extra.max(ma.min(mb));
            }
            h + d + extra
        }
    }

    /// The inadmissible relaxed-plan estimate (see [`HeuristicKind::Relaxed`]).
    fn relaxed(&self, s: &Packed<W>) -> u32 {
        let p = &self.p;
        let size = p.size as usize;
        let steps = p.metric == Metric::Steps;
        let pos = s.positions();
        let own = self.owners_at(&pos);
        let mut rx = Relax {
            p,
            pos,
            geometry: &self.geometry,
            own: &own,
            steps,
            memo: [UNSET; MAX_SIZE * MAX_SIZE],
        };
        // collect the relaxed plan: per vehicle, how far it must go back / forth
        let xr = p.line[p.red] as usize;
        let xpos = s.get(p.red) as usize;
        let mut h = if steps {
            (p.goal_pos as usize - xpos) as u32
        } else {
            1
        };
        let mut back = [u8::MAX; MAX_VEHICLES]; // lowest new position required
        let mut fwd = [0u8; MAX_VEHICLES]; // highest new last cell required (0: none)

        // (vehicle, axis coordinate it must vacate): rarely more than 64 at a time
        let mut work: SmallVec<[(usize, usize); 64]> = SmallVec::new();
        for c in xpos + 2..size {
            match own[xr * 16 + c] {
                255 => {}
                254 => return DEAD,
                o if p.horiz[o as usize] => return DEAD,
                o => work.push((o as usize, xr)),
            }
        }
        while let Some((v, a)) = work.pop() {
            let (pos, l) = (rx.pos[v & (MAX_VEHICLES - 1)] as usize, p.len[v] as usize);
            let (cb, cf) = (rx.option(v, a, false), rx.option(v, a, true));
            if cb >= INF && cf >= INF {
                h += 4; // no way found in the relaxation: a penalty, not a proof
                continue;
            }
            let cells = if cb <= cf {
                let (np, was) = (a - l, (back[v] as usize).min(pos));
                if np >= was {
                    continue;
                }
                h += if steps {
                    (was - np) as u32
                } else {
                    u32::from(back[v] == u8::MAX)
                };
                back[v] = np as u8;
                np..was
            } else {
                let (end, was) = (a + l, (fwd[v] as usize).max(pos + l - 1));
                if end <= was {
                    continue;
                }
                h += if steps {
                    (end - was) as u32
                } else {
                    u32::from(fwd[v] == 0)
                };
                fwd[v] = end as u8;
                was + 1..end + 1
            };
            for b in cells {
                let o = own[cell_of(rx.geometry, v, b)];
                if o < 254 {
                    let o = o as usize;
                    // a crossing vehicle must leave v's line; a parallel one the cell b
                    let ao = if p.horiz[o] == p.horiz[v] {
                        b
                    } else {
                        p.line[v] as usize
                    };
                    work.push((o, ao));
                }
            }
        }
        h
    }

    /// The [`HeuristicKind::Deep`] estimate (moves metric).
    fn deep(&self, s: &Packed<W>) -> u32 {
        let Some(start) = self.deep_start(s) else {
            return DEAD;
        };
        // the deepest level first; shallower ones only when it runs out of budget
        for depth in DEEP_LEVELS {
            match self.deep_level(s, &start, depth, u32::MAX, 0) {
                None => continue,              // this level was cut short: no proof from it
                Some(u32::MAX) => return DEAD, // some obligation can be met in no way
                Some(best) => return best,
            }
        }
        start.forced.count_ones()
    }

    /// Whether the [`HeuristicKind::Deep`] estimate (moves metric) exceeds `within`:
    /// `None` if not; else a proven lower bound on the moves to the goal above `within`.
    /// Each level's branch and bound looks only for counts within `within`, and stops at
    /// the first.
    ///
    /// A level searched so takes at most the nodes of the same level searched in full, so
    /// where it runs out of budget the full one does too; and a shallower level's count is
    /// at most a deeper one's (its obligations are a part of the deeper level's). So a
    /// count within `within` met at the first level that keeps to its budget shows the
    /// estimate within too. Where that level has none, its count, a proven bound, is above
    /// `within`; the estimate is too unless the level searched in full would have run out
    /// of budget, and then the bound is the higher of the two.
    fn deep_cuts(&self, s: &Packed<W>, within: u32) -> Option<u32> {
        if within >= DEAD {
            return Some(self.deep(s)).filter(|&h| h > within);
        }
        let Some(start) = self.deep_start(s) else {
            return Some(DEAD);
        };
        let first = start.forced.count_ones(); // in every count
        if first > within {
            return Some(first);
        }
        for depth in DEEP_LEVELS {
            match self.deep_level(s, &start, depth, within + 1, within) {
                None => continue,
                Some(best) if best <= within => return None,
                Some(_) => return Some(within + 1),
            }
        }
        None // every level runs out of budget: the estimate is `first`
    }

    /// What every level of [`HeuristicKind::Deep`] starts from: the red car and the
    /// vehicles in its way forced, and these queued to leave its row; `None` where a
    /// wall or a vehicle along the row blocks it for good.
    // (inlined: the caller builds the start in place instead of copying its 450 bytes)
    #[inline(always)]
    fn deep_start(&self, s: &Packed<W>) -> Option<DeepStart> {
        let p = &self.p;
        let own = self.owners(s);
        let xr = p.line[p.red] as usize;
        let xpos = s.get(p.red) as usize;
        let mut forced = 1u64 << p.red;
        let mut queue = [(0u8, 0u8, 0u8); MAX_VEHICLES];
        let mut len = 0;
        for c in xpos + 2..p.size as usize {
            match own[xr * 16 + c] {
                255 => {}
                254 => return None,
                o if p.horiz[o as usize] => return None,
                o => {
                    forced |= 1 << o;
                    queue[len] = (o, xr as u8, 1);
                    len += 1;
                }
            }
        }
        Some(DeepStart {
            own,
            forced,
            queue,
            len,
        })
    }

    /// One level of [`HeuristicKind::Deep`], following obligations `max_depth` deep: its
    /// least count below `cap` (`cap` if none is), or the first count at most `enough`;
    /// `None` when it runs out of budget.
    fn deep_level(
        &self,
        s: &Packed<W>,
        start: &DeepStart,
        max_depth: u8,
        cap: u32,
        enough: u32,
    ) -> Option<u32> {
        let mut d = Deep {
            p: &self.p,
            s,
            geometry: &self.geometry,
            own: &start.own,
            max_depth,
            best: cap,
            enough,
            nodes: 0,
        };
        let mut queue = start.queue;
        d.search(start.forced, &mut queue, 0, start.len);
        (d.nodes <= DEEP_BUDGET).then_some(d.best)
    }

    /// The owner of every cell (`row * 16 + column`): a vehicle index, 254 for a wall,
    /// 255 for an empty cell.
    fn owners(&self, s: &Packed<W>) -> [u8; MAX_SIZE * MAX_SIZE] {
        self.owners_at(&s.positions())
    }

    /// [`RushHeuristic::owners`] of the state with the positions `pos`.
    fn owners_at(&self, pos: &[u8; MAX_VEHICLES]) -> [u8; MAX_SIZE * MAX_SIZE] {
        let p = &self.p;
        let mut own = self.walls;
        for (j, &(start, shift)) in self.geometry.iter().enumerate().take(p.n) {
            let (start, shift) = (usize::from(start), u32::from(shift));
            let first = start + (usize::from(pos[j]) << shift);
            let step = 1 << shift;
            // every vehicle is 2 or 3 cells long
            own[first & 255] = j as u8;
            own[(first + step) & 255] = j as u8;
            if p.len[j] == 3 {
                own[(first + 2 * step) & 255] = j as u8;
            }
        }
        own
    }

    /// The inadmissible chain estimate (see [`HeuristicKind::Chain`]).
    fn chain(&self, s: &Packed<W>) -> u32 {
        let p = &self.p;
        let size = p.size as usize;
        let own = self.owners(s);
        let xr = p.line[p.red] as usize;
        let xpos = s.get(p.red) as usize;
        let mut h = (p.goal_pos as usize - xpos) as u32;
        let mut seen = 1u64 << p.red;
        // work list: (vehicle, cell index along its line that it must vacate)
        let mut work: Vec<(usize, usize)> = Vec::with_capacity(64);
        for c in xpos + 2..size {
            match own[xr * 16 + c] {
                255 => {}
                254 => return DEAD,
                o => {
                    if seen >> o & 1 == 0 {
                        seen |= 1 << o;
                        work.push((o as usize, xr));
                    }
                }
            }
        }
        while let Some((v, cell)) = work.pop() {
            let pos = s.get(v) as usize;
            let l = p.len[v] as usize;
            let line = p.line[v] as usize;
            let at = |q: usize| -> u8 {
                if p.horiz[v] {
                    own[line * 16 + q]
                } else {
                    own[q * 16 + line]
                }
            };
            // The vehicles on cells `range` of v's line, as a mask; `None` if a wall is there.
            let blockers = |range: std::ops::Range<usize>| -> Option<u64> {
                let mut m = 0u64;
                for q in range {
                    match at(q) {
                        255 => {}
                        254 => return None,
                        o => m |= 1 << o,
                    }
                }
                Some(m)
            };
            // backwards: new end < cell, i.e. new pos = cell - l; forwards: new pos = cell + 1
            let mut best: Option<(u32, u64, usize, usize)> = None; // (count, mask, distance, farthest cell)
            if cell >= l {
                let np = cell - l;
                if let Some(m) = blockers(np..pos) {
                    best = Some((m.count_ones(), m, pos - np, np));
                }
            }
            if cell + l < size {
                let np = cell + 1;
                if let Some(m) = blockers(pos + l..np + l) {
                    if best.is_none_or(|b| m.count_ones() < b.0) {
                        best = Some((m.count_ones(), m, np - pos, np + l - 1));
                    }
                }
            }
            let Some((_, m, d, far)) = best else {
                h += 4; // stuck in this approximation: a penalty, not a proof
                continue;
            };
            h += 1 + d as u32;
            // each vehicle in the way must vacate the cell of `v`'s line it sits on
            let mut rest = m & !seen;
            while rest != 0 {
                let o = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                seen |= 1 << o;
                // a crossing vehicle must vacate v's line; a parallel one the farthest cell
                let cell_o = if p.horiz[o] == p.horiz[v] { far } else { line };
                work.push((o, cell_o));
            }
        }
        h
    }

    /// The fewest cells blocker `i` must slide up / down to clear the red car's row, if it
    /// fits on the board (ignoring other vehicles, not walls).
    fn clear_dists(&self, s: &Packed<W>, i: usize) -> (Option<u32>, Option<u32>) {
        let p = &self.p;
        let xr = p.line[p.red] as usize;
        let top = s.get(i) as usize;
        let l = p.len[i] as usize;
        let c = p.line[i];
        let wall = |r: usize| p.wall_rows[r] >> c & 1 == 1;
        let up = (xr >= l && !(xr - l..top).any(wall)).then(|| (top + l - xr) as u32);
        let down = (xr + l < p.size as usize && !(top + l..=xr + l).any(wall))
            .then(|| (xr + 1 - top) as u32);
        (up, down)
    }
}

const INF: u32 = u32::MAX / 4;
const UNSET: u32 = u32::MAX;
/// Branch-and-bound nodes one level of [`HeuristicKind::Deep`] may take.
const DEEP_BUDGET: u32 = 1000;
/// The depths of the levels of [`HeuristicKind::Deep`], deepest first: the estimate is the
/// count of the first level that completes within [`DEEP_BUDGET`].
const DEEP_LEVELS: [u8; 4] = [16, 5, 3, 2];

/// See [`RushHeuristic::deep_start`].
struct DeepStart {
    own: [u8; MAX_SIZE * MAX_SIZE],
    forced: u64,
    queue: [(u8, u8, u8); MAX_VEHICLES],
    len: usize,
}

/// One level of [`HeuristicKind::Deep`]: the fewest forced vehicles over all choices of
/// direction, following obligations up to `max_depth`.
struct Deep<'a, const W: usize> {
    p: &'a RushHour<W>,
    s: &'a Packed<W>,
    /// [`RushHeuristic::geometry`].
    geometry: &'a [(u8, u8); MAX_VEHICLES],
    own: &'a [u8; MAX_SIZE * MAX_SIZE],
    max_depth: u8,
    best: u32,
    /// A count at most this ends the search (0: none does).
    enough: u32,
    nodes: u32,
}

impl<const W: usize> Deep<'_, W> {
    /// The vehicles in the cells vehicle `j` slides over to vacate axis coordinate `a`
    /// backwards / forwards, or `None` past a wall or the edge.
    fn way(&self, j: usize, a: usize, fwd: bool) -> Option<u64> {
        let p = self.p;
        let (pos, l, size) = (self.s.get(j) as usize, p.len[j] as usize, p.size as usize);
        let cells = if fwd {
            if a + l >= size {
                return None;
            }
            pos + l..a + l + 1
        } else {
            if a < l {
                return None;
            }
            a - l..pos
        };
        let mut m = 0u64;
        for b in cells {
            match self.own[cell_of(self.geometry, j, b)] {
                255 => {}
                254 => return None,
                o => m |= 1 << o,
            }
        }
        Some(m)
    }

    /// Meets the obligations `queue[head..len]` (vehicle, axis coordinate it must leave,
    /// depth) in every way, given the `forced` vehicles; records the smallest count.
    fn search(
        &mut self,
        forced: u64,
        queue: &mut [(u8, u8, u8); MAX_VEHICLES],
        head: usize,
        len: usize,
    ) {
        self.nodes += 1;
        if self.nodes > DEEP_BUDGET {
            return;
        }
        if head == len {
            self.best = self.best.min(forced.count_ones());
            return;
        }
        let (v, a, depth) = queue[head];
        let (v, a) = (v as usize, a as usize);
        let mut ways = [self.way(v, a, false), self.way(v, a, true)];
        let new = |w: &Option<u64>| w.map_or(u32::MAX, |m| (m & !forced).count_ones());
        if new(&ways[1]) < new(&ways[0]) {
            ways.swap(0, 1);
        }
        for m in ways.into_iter().flatten() {
            let more = m & !forced;
            let f2 = forced | more;
            if f2.count_ones() >= self.best {
                continue;
            }
            let mut len2 = len;
            if depth + 1 < self.max_depth {
                let mut rest = more;
                while rest != 0 {
                    let o = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    // a crossing vehicle must leave v's line; a parallel one the cells
                    // v needs (its nearest one is enough for a bound)
                    let ao = if self.p.horiz[o] == self.p.horiz[v] {
                        self.nearest(o, v)
                    } else {
                        self.p.line[v] as usize
                    };
                    queue[len2] = (o as u8, ao as u8, depth + 1);
                    len2 += 1;
                }
            }
            self.search(f2, queue, head + 1, len2);
            if self.best <= self.enough {
                return;
            }
        }
    }

    /// For vehicle `o` parallel to `v` and in its way: a cell of `o` that `v` needs (the
    /// one nearest to `v`, which every way through `o` crosses).
    fn nearest(&self, o: usize, v: usize) -> usize {
        let (po, lo) = (self.s.get(o) as usize, self.p.len[o] as usize);
        if po > self.s.get(v) as usize {
            po
        } else {
            po + lo - 1
        }
    }
}

/// The cell (`row * 16 + column`, as [`RushHeuristic::owners`] numbers them) at axis
/// coordinate `a` of vehicle `j`'s line, by [`RushHeuristic::geometry`].
#[inline]
fn cell_of(geometry: &[(u8, u8); MAX_VEHICLES], j: usize, a: usize) -> usize {
    let (start, shift) = geometry[j & (MAX_VEHICLES - 1)];
    (usize::from(start) + (a << shift)) & 255
}

/// The costs of vacating cells in one state, for [`HeuristicKind::Relaxed`]: computed on
/// demand, each cell once; a cell met again while its own cost is being found counts as
/// impossible for that path (so cycles end).
struct Relax<'a, const W: usize> {
    p: &'a RushHour<W>,
    /// Each vehicle's position in the state.
    pos: [u8; MAX_VEHICLES],
    /// [`RushHeuristic::geometry`].
    geometry: &'a [(u8, u8); MAX_VEHICLES],
    own: &'a [u8; MAX_SIZE * MAX_SIZE],
    /// Under the steps metric (else moves).
    steps: bool,
    memo: [u32; MAX_SIZE * MAX_SIZE],
}

impl<const W: usize> Relax<'_, W> {
    /// The cost of making vehicle `j` leave the cell `k` it occupies (its axis coordinate
    /// `a`): the memo, looked up where it is needed.
    #[inline(always)]
    fn cost(&mut self, j: usize, a: usize, k: usize) -> u32 {
        match self.memo[k & 255] {
            UNSET => self.vacate(j, a, k),
            known => known,
        }
    }

    /// [`Relax::cost`] when cell `k` has no cost yet: the cheaper direction, found with
    /// the cell marked impossible meanwhile (the recursion is on this function alone, with
    /// both directions inline).
    #[inline(never)]
    fn vacate(&mut self, j: usize, a: usize, k: usize) -> u32 {
        debug_assert_eq!(k, cell_of(self.geometry, j, a));
        let k = k & 255;
        self.memo[k] = INF;
        let best = self.option(j, a, false).min(self.option(j, a, true));
        self.memo[k] = best;
        best
    }

    /// The cost of vehicle `j` vacating axis coordinate `a` backwards / forwards: its own
    /// move plus the cost of the cells it slides into; INF past a wall or the edge.
    #[inline(always)]
    fn option(&mut self, j: usize, a: usize, fwd: bool) -> u32 {
        let p = self.p;
        let j = j & (MAX_VEHICLES - 1);
        let (pos, l, size) = (self.pos[j] as usize, p.len[j] as usize, p.size as usize);
        let (cells, dist) = if fwd {
            if a + l >= size {
                return INF;
            }
            (pos + l..a + l + 1, a + 1 - pos)
        } else {
            if a < l {
                return INF;
            }
            (a - l..pos, pos + l - a)
        };
        let mut sum = if self.steps { dist as u32 } else { 1 };
        let shift = self.geometry[j].1;
        for b in cells {
            let k = cell_of(self.geometry, j, b);
            let o = self.own[k];
            match o {
                255 => {}
                254 => return INF,
                o => {
                    let o = o as usize & (MAX_VEHICLES - 1);
                    // a parallel vehicle must leave the cell b, a crossing one j's line: the
                    // same cell k either way
                    let ao = if self.geometry[o].1 == shift {
                        b
                    } else {
                        p.line[j] as usize
                    };
                    sum = (sum + self.cost(o, ao, k)).min(INF);
                    if sum >= INF {
                        return INF;
                    }
                }
            }
        }
        sum
    }
}

impl<const W: usize> Heuristic<RushHour<W>> for RushHeuristic<W> {
    #[inline]
    fn estimate(&self, s: &Packed<W>) -> u32 {
        self.h(s)
    }

    /// [`HeuristicKind::Deep`] (moves metric) searches only for counts that keep `g`
    /// within `limit`, and stops at the first: a level that completes within its budget
    /// this way with none is a proof, where the same level searched in full may run out
    /// of budget and leave the estimate to a shallower one. The other kinds are cheap and
    /// exact.
    fn cuts_child(
        &self,
        _: &Packed<W>,
        _: u32,
        _: &Move,
        child: &Packed<W>,
        g: u32,
        limit: u32,
    ) -> Option<u32> {
        let p = &self.p;
        if self.kind != HeuristicKind::Deep || p.metric != Metric::Moves || p.is_goal(child) {
            return Some(self.h(child)).filter(|&h| g.saturating_add(h) > limit);
        }
        match limit.checked_sub(g) {
            Some(within) => self.deep_cuts(child, within),
            None => Some(0), // past the limit already
        }
    }
}
