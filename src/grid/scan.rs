//! Block-based straight scans for jump point search (Harabor and Grastien, "Improving
//! Jump Point Search", 2014): a line of the map is read 64 cells at a time, and the first
//! blocked cell or forced neighbour is found with one `trailing_zeros`.

use super::map::{Lines, OFF};

/// When a cell met on a straight scan has a forced neighbour on one side.
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

/// Scans `line` of `lines` from cell `from` (not included) forwards (`forward`, toward
/// higher indices) or backwards, and returns the first cell with a forced neighbour on
/// either adjacent line, or `target` if it comes first; `None` when a blocked cell comes
/// first.
#[inline]
pub(crate) fn scan(
    lines: &Lines,
    line: usize,
    from: usize,
    forward: bool,
    forced: Forced,
    target: Option<usize>,
) -> Option<usize> {
    let pl = line + 1;
    if forward {
        let mut pos = OFF + from + 1;
        loop {
            let cur = lines.bits_at(pl, pos);
            let a = lines.bits_at(pl - 1, pos);
            let b = lines.bits_at(pl + 1, pos);
            let f = match forced {
                Forced::Behind => {
                    (a & !lines.bits_at(pl - 1, pos - 1)) | (b & !lines.bits_at(pl + 1, pos - 1))
                }
                Forced::Ahead => {
                    (!a & lines.bits_at(pl - 1, pos + 1)) | (!b & lines.bits_at(pl + 1, pos + 1))
                }
            };
            let stop = !cur | f;
            if stop != 0 {
                let k = stop.trailing_zeros() as usize;
                let cell = pos + k - OFF;
                if let Some(t) = target {
                    if t > from && t <= cell {
                        return Some(t);
                    }
                }
                return (cur >> k & 1 != 0).then_some(cell);
            }
            pos += 64;
        }
    } else {
        // Chunks end at `pos`: bit 63 is cell `pos`, bit 0 is `pos - 63`.
        let mut pos = OFF + from - 1;
        loop {
            let lo = pos - 63;
            let cur = lines.bits_at(pl, lo);
            let a = lines.bits_at(pl - 1, lo);
            let b = lines.bits_at(pl + 1, lo);
            let f = match forced {
                Forced::Behind => {
                    (a & !lines.bits_at(pl - 1, lo + 1)) | (b & !lines.bits_at(pl + 1, lo + 1))
                }
                Forced::Ahead => {
                    (!a & lines.bits_at(pl - 1, lo - 1)) | (!b & lines.bits_at(pl + 1, lo - 1))
                }
            };
            let stop = !cur | f;
            if stop != 0 {
                let k = 63 - stop.leading_zeros() as usize;
                // The padded position: the event may be the padding before cell 0.
                let at = lo + k;
                if let Some(t) = target {
                    if t < from && OFF + t >= at {
                        return Some(t);
                    }
                }
                return (cur >> k & 1 != 0).then(|| at - OFF);
            }
            pos -= 64;
        }
    }
}
