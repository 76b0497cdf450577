//! Block-based straight scans for jump point search (Harabor and Grastien, "Improving
//! Jump Point Search", 2014): a line of the map is read 64 cells at a time, and the first
//! blocked cell or forced neighbour is found with one `trailing_zeros`.

/// When a cell met on a straight scan has a forced neighbour on one side.
#[cfg(test)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Forced {
    /// The side cell is passable and the one before it (behind, on the scan) is blocked:
    /// the side cell can only be reached well through this cell (diagonal steps that may
    /// not cut corners, and the vertical scans of 4-connected search).
    Behind,
    /// The side cell is blocked and the one after it is passable: the diagonal step past
    /// the blocked cell is forced (diagonal steps that may cut a corner).
    Ahead,
}

/// Scans a line from the cell at bit `from` (not included) forwards (`FORWARD`, toward
/// higher bits) or backwards, and returns the bit of the first cell with a forced
/// neighbour on either adjacent line, or `target` if it comes first; `None` when a blocked
/// cell comes first. With `BEHIND`, a side cell is a forced neighbour when it is passable
/// and the one before it (behind, on the scan) is blocked: the side cell can only be
/// reached well through this cell (diagonal steps that may not cut corners, and the
/// vertical scans of 4-connected search). Otherwise, when it is blocked and the one after
/// it is passable: the diagonal step past the blocked cell is forced (diagonal steps that
/// may cut a corner).
///
/// Positions are bits of all the lines' words together (as `Lines::words` gives them):
/// the cell `i` of line `l` is bit `((l + 1) * stride) * 64 + OFF + i`, the cells beside
/// it on the adjacent lines are `64 * stride` bits before and after. A scan stops at the
/// blocked padding at the latest, so it never leaves its line, and `target` needs no
/// check that it lies on the scanned line: any bit (`usize::MAX` for none) will do.
///
/// Reads aligned words: the three lines' words at the scan's block, and one word beside
/// each adjacent line's for the bits that cross into the neighbouring block.
#[inline(always)]
pub(crate) fn scan_bits<const FORWARD: bool, const BEHIND: bool>(
    w: &[u64],
    stride: usize,
    from: usize,
    target: usize,
) -> Option<usize> {
    if FORWARD {
        let pos = from + 1;
        let mut k = pos / 64;
        let mut mask = !0u64 << (pos % 64);
        loop {
            let cur = w[k];
            let (a, b) = (w[k - stride], w[k + stride]);
            let f = if BEHIND {
                // Bit i of `(a << 1) | (prev >> 63)` is the cell before bit i.
                (a & !((a << 1) | (w[k - stride - 1] >> 63)))
                    | (b & !((b << 1) | (w[k + stride - 1] >> 63)))
            } else {
                (!a & ((a >> 1) | (w[k - stride + 1] << 63)))
                    | (!b & ((b >> 1) | (w[k + stride + 1] << 63)))
            };
            let stop = (!cur | f) & mask;
            if stop != 0 {
                let bit = stop.trailing_zeros() as usize;
                let at = k * 64 + bit;
                if target >= pos && target <= at {
                    return Some(target);
                }
                return (cur >> bit & 1 != 0).then_some(at);
            }
            mask = !0;
            k += 1;
        }
    } else {
        let pos = from - 1;
        let mut k = pos / 64;
        let mut mask = !0u64 >> (63 - pos % 64);
        loop {
            let cur = w[k];
            let (a, b) = (w[k - stride], w[k + stride]);
            let f = if BEHIND {
                // Backwards, the cell before bit i is bit i + 1.
                (a & !((a >> 1) | (w[k - stride + 1] << 63)))
                    | (b & !((b >> 1) | (w[k + stride + 1] << 63)))
            } else {
                (!a & ((a << 1) | (w[k - stride - 1] >> 63)))
                    | (!b & ((b << 1) | (w[k + stride - 1] >> 63)))
            };
            let stop = (!cur | f) & mask;
            if stop != 0 {
                let bit = 63 - stop.leading_zeros() as usize;
                let at = k * 64 + bit;
                if target <= pos && target >= at {
                    return Some(target);
                }
                return (cur >> bit & 1 != 0).then_some(at);
            }
            mask = !0;
            k -= 1;
        }
    }
}

/// [`scan_bits`] with the direction and the rule as arguments, and `line` and cells
/// `from`, `target` and the result as indices along the line.
#[cfg(test)]
fn scan(
    lines: &super::map::Lines,
    line: usize,
    from: usize,
    forward: bool,
    forced: Forced,
    target: Option<usize>,
) -> Option<usize> {
    let (w, stride) = lines.words();
    let base = (line + 1) * stride * 64 + super::map::OFF;
    let (from, target) = (base + from, target.map_or(usize::MAX, |t| base + t));
    let found = match (forward, forced) {
        (true, Forced::Behind) => scan_bits::<true, true>(w, stride, from, target),
        (true, Forced::Ahead) => scan_bits::<true, false>(w, stride, from, target),
        (false, Forced::Behind) => scan_bits::<false, true>(w, stride, from, target),
        (false, Forced::Ahead) => scan_bits::<false, false>(w, stride, from, target),
    };
    found.map(|at| at - base)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::map::OFF;
    use crate::grid::GridMap;

    /// The scan, one cell at a time.
    fn naive(
        free: &dyn Fn(i64, i64) -> bool,
        line: i64,
        from: i64,
        forward: bool,
        forced: Forced,
        target: Option<usize>,
    ) -> Option<usize> {
        let step = if forward { 1 } else { -1 };
        let mut i = from;
        loop {
            i += step;
            if !free(line, i) {
                return None;
            }
            if target == Some(i as usize) {
                return target;
            }
            let side = |s: i64| match forced {
                Forced::Behind => free(line + s, i) && !free(line + s, i - step),
                Forced::Ahead => !free(line + s, i) && free(line + s, i + step),
            };
            if side(-1) || side(1) {
                return Some(i as usize);
            }
        }
    }

    #[test]
    fn block_scans_match_cell_by_cell_scans() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for (w, h, density) in [
            (300, 4, 4),
            (130, 5, 12),
            (64, 3, 2),
            (65, 3, 30),
            (7, 3, 60),
        ] {
            let map = GridMap::from_fn(w, h, |_, _| next() % 256 >= density);
            for lines in [&map.rows, &map.cols] {
                let (n, len) = if std::ptr::eq(lines, &map.rows) {
                    (h, w)
                } else {
                    (w, h)
                };
                let free = |l: i64, i: i64| {
                    l >= 0
                        && i >= 0
                        && l < i64::from(n)
                        && i < i64::from(len)
                        && lines.get(l as usize + 1, OFF + i as usize)
                };
                for line in 0..n as usize {
                    for from in 0..len as usize {
                        for forward in [true, false] {
                            for forced in [Forced::Behind, Forced::Ahead] {
                                // The target, like the goal, is passable.
                                let t = (next() % u64::from(len)) as usize;
                                let target =
                                    (next() % 2 == 0 && free(line as i64, t as i64)).then_some(t);
                                let want =
                                    naive(&free, line as i64, from as i64, forward, forced, target);
                                let got = scan(lines, line, from, forward, forced, target);
                                assert_eq!(got, want, "{w}x{h} line {line} from {from} {forward} {forced:?} {target:?}");
                            }
                        }
                    }
                }
            }
        }
    }
}
