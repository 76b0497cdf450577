//! Stubborn sets: the vehicles whose moves are enough from a state. One filter, applied to
//! the moves of any backend of `moves` (each passes its own occupancy).

use super::{Metric, Packed, RushHour, MAX_SIZE, MAX_VEHICLES};

impl<const W: usize> RushHour<W> {
    /// The vehicle covering the occupied, non-wall cell `(r, c)`.
    fn owner(&self, pos: &[u8; MAX_VEHICLES], r: usize, c: usize) -> usize {
        let mut cands = self.in_row[r] | self.in_col[c];
        while cands != 0 {
            let j = cands.trailing_zeros() as usize;
            cands &= cands - 1;
            let (p, a) = (pos[j] as usize, if self.horiz[j] { c } else { r });
            if p <= a && a < p + self.len[j] as usize {
                return j;
            }
        }
        unreachable!("cell ({r}, {c}) is occupied, so some vehicle covers it")
    }

    /// The vehicles of a strong stubborn set in `s` (bit `i`: vehicle `i`), given the
    /// occupancy `rows`. Generating only their moves keeps, from every state, a first move
    /// of some optimal solution (Wehrle & Helmert's strong stubborn sets), so every search
    /// stays complete and every optimal algorithm stays optimal, in both metrics.
    ///
    /// The set is built at vehicle level, which makes its vehicles *frozen* until one of
    /// them moves. It starts with the red car (a goal move is always one of its moves) and
    /// closes under two rules, for each member `V` and each direction:
    /// - *enabling*: the moves of `V` beyond the nearest obstacle need that obstacle gone,
    ///   so the vehicle there joins;
    /// - *interference*: each vehicle that could enter a free cell `V` can slide into, while
    ///   the members stay put and walls block, joins: the two moves do not commute.
    ///
    /// Then, along any optimal solution, the first move of a member can be made first
    /// (moves of non-members before it neither enable, disable nor undo it), so some
    /// optimal solution starts with a kept move. States whose set has no legal move are
    /// dead ends.
    pub fn stubborn(&self, s: &Packed<W>, rows: &[u16; MAX_SIZE]) -> u64 {
        let size = self.size as usize;
        let unit = self.metric == Metric::Steps;
        let pos = s.positions();
        let mut members: u64 = 0;
        let mut frozen = self.wall_rows; // walls and the members' cells
        let mut stack = [0u8; MAX_VEHICLES];
        let mut top = 0;
        // adds vehicle j to the set: freezes its cells, queues it
        macro_rules! join {
            ($j:expr) => {{
                let j: usize = $j;
                if members >> j & 1 == 0 {
                    members |= 1 << j;
                    let (p, l, line) = (pos[j] as usize, self.len[j] as usize, self.line[j]);
                    if self.horiz[j] {
                        frozen[line as usize] |= ((1u16 << l) - 1) << p;
                    } else {
                        for f in &mut frozen[p..p + l] {
                            *f |= 1 << line;
                        }
                    }
                    stack[top] = j as u8;
                    top += 1;
                }
            }};
        }
        join!(self.red);
        while top > 0 {
            top -= 1;
            let v = stack[top] as usize;
            let (p, l, line) = (pos[v] as usize, self.len[v] as usize, self.line[v] as usize);
            let horiz = self.horiz[v];
            for fwd in [false, true] {
                let mut a = if fwd { p + l } else { p.wrapping_sub(1) };
                while a < size {
                    let (r, c) = if horiz { (line, a) } else { (a, line) };
                    if rows[r] >> c & 1 == 1 {
                        if self.wall_rows[r] >> c & 1 == 0 {
                            join!(self.owner(&pos, r, c));
                        }
                        break;
                    }
                    // free cell (r, c): the crossing vehicles that can reach it
                    let mut cands = if horiz {
                        self.in_col[c]
                    } else {
                        self.in_row[r]
                    } & !members;
                    while cands != 0 {
                        let j = cands.trailing_zeros() as usize;
                        cands &= cands - 1;
                        let (q, lj) = (pos[j] as usize, self.len[j] as usize);
                        // j's axis coordinate of the cell, and the cells j slides over to get there
                        let target = if horiz { r } else { c };
                        let span = if target < q {
                            target..q
                        } else {
                            q + lj..target + 1
                        };
                        let blocked = span.into_iter().any(|b| {
                            if horiz {
                                frozen[b] >> c & 1 == 1
                            } else {
                                frozen[r] >> b & 1 == 1
                            }
                        });
                        if !blocked {
                            join!(j);
                        }
                    }
                    if unit {
                        break;
                    }
                    a = if fwd { a + 1 } else { a.wrapping_sub(1) };
                }
            }
        }
        members
    }
}
