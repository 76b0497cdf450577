//! The pruning rules of jump point search: in which directions a jump continues from a
//! cell, given the move into it and which of its neighbours are free, and the table that
//! looks them up on 8-connected grids.

use std::sync::OnceLock;

use crate::grid::{CornerCutting, Direction};

/// Up to eight directions to jump in.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Dirs {
    dirs: [(i32, i32); 8],
    len: usize,
}

impl Dirs {
    #[inline(always)]
    pub(super) fn clear(&mut self) {
        self.len = 0;
    }

    #[inline(always)]
    pub(super) fn push(&mut self, dir: (i32, i32)) {
        self.dirs[self.len] = dir;
        self.len += 1;
    }

    #[inline(always)]
    fn extend_from_slice(&mut self, dirs: &[(i32, i32)]) {
        for &d in dirs {
            self.push(d);
        }
    }

    pub(super) fn as_slice(&self) -> &[(i32, i32)] {
        &self.dirs[..self.len]
    }
}

/// Whether the diagonal step by `(dx, dy)` is allowed, where `free(a, b)` says whether the
/// cell at offset `(a, b)` is passable.
#[inline(always)]
pub(super) fn diagonal_ok(
    free: impl Fn(i32, i32) -> bool,
    corners: CornerCutting,
    dx: i32,
    dy: i32,
) -> bool {
    if !free(dx, dy) {
        return false;
    }
    let (a, b) = (free(dx, 0), free(0, dy));
    match corners {
        CornerCutting::Never => a && b,
        CornerCutting::NoSqueezing => a || b,
        CornerCutting::Allowed => true,
    }
}

/// The directions to jump in from a cell reached moving by `(dx, dy)` (`(0, 0)` at the
/// start), where `free(a, b)` says whether the cell at offset `(a, b)` is passable: the
/// natural and forced ones of canonical paths.
pub(super) fn directions(
    free: impl Fn(i32, i32) -> bool,
    four: bool,
    corners: CornerCutting,
    dx: i32,
    dy: i32,
    out: &mut Dirs,
) {
    out.clear();
    if (dx, dy) == (0, 0) {
        let all: &[(i32, i32)] = if four {
            &[(0, -1), (1, 0), (0, 1), (-1, 0)]
        } else {
            &[
                (0, -1),
                (1, -1),
                (1, 0),
                (1, 1),
                (0, 1),
                (-1, 1),
                (-1, 0),
                (-1, -1),
            ]
        };
        out.extend_from_slice(all);
        return;
    }
    if four {
        if dy == 0 {
            out.extend_from_slice(&[(dx, 0), (0, -1), (0, 1)]);
        } else {
            out.push((0, dy));
            for sx in [-1, 1] {
                if !free(sx, -dy) && free(sx, 0) {
                    out.push((sx, 0));
                }
            }
        }
        return;
    }
    if dx != 0 && dy != 0 {
        out.extend_from_slice(&[(dx, 0), (0, dy), (dx, dy)]);
        if corners != CornerCutting::Never {
            if !free(-dx, 0) && free(-dx, dy) {
                out.push((-dx, dy));
            }
            if !free(0, -dy) && free(dx, -dy) {
                out.push((dx, -dy));
            }
        }
        return;
    }
    // Straight: written for a horizontal move, with (u, v) mapping to (x, y) or (y, x).
    out.push((dx, dy));
    let horizontal = dy == 0;
    let along = dx + dy;
    let free = |a: i32, s: i32| {
        if horizontal {
            free(a, s)
        } else {
            free(s, a)
        }
    };
    let dir = |a: i32, s: i32| if horizontal { (a, s) } else { (s, a) };
    for side in [-1, 1] {
        if corners == CornerCutting::Never {
            if free(0, side) && !free(-along, side) {
                out.push(dir(0, side));
                out.push(dir(along, side));
            }
        } else if !free(0, side) && free(along, side) {
            out.push(dir(along, side));
        }
    }
}

/// The eight directions, in the order of the bits of a direction set.
pub(super) const DIRECTIONS: [(i32, i32); 8] = {
    let mut deltas = [(0, 0); 8];
    let mut i = 0;
    while i < 8 {
        deltas[i] = Direction::ALL[i].delta();
        i += 1;
    }
    deltas
};

/// The bit of direction `d` in a set of [`DIRECTIONS`].
pub(super) fn direction_bit(d: (i32, i32)) -> u32 {
    DIRECTIONS
        .iter()
        .position(|&e| e == d)
        .expect("one of the eight directions") as u32
}

/// A neighbourhood mask: bit `(b + 1) * 3 + a + 1` says whether the cell at offset
/// `(a, b)` (each in `-1..=1`) is passable.
pub(super) type Neighbourhood = usize;

/// For each move into a cell (index `(dy + 1) * 3 + dx + 1`, `(0, 0)` at the start) and
/// each [`Neighbourhood`] of the cell, the set of [`DIRECTIONS`] to jump in on an
/// 8-connected grid (bit `i` for `DIRECTIONS[i]`): those of [`directions`] whose first
/// step is allowed. A lookup instead of a dozen tests of single cells.
pub(super) type DirectionTable = [[u8; 512]; 9];

/// The [`DirectionTable`] of a corner-cutting rule, built on first use.
pub(super) fn direction_table(corners: CornerCutting) -> &'static DirectionTable {
    static NEVER: OnceLock<Box<DirectionTable>> = OnceLock::new();
    static NO_SQUEEZING: OnceLock<Box<DirectionTable>> = OnceLock::new();
    static ALLOWED: OnceLock<Box<DirectionTable>> = OnceLock::new();
    let cell = match corners {
        CornerCutting::Never => &NEVER,
        CornerCutting::NoSqueezing => &NO_SQUEEZING,
        CornerCutting::Allowed => &ALLOWED,
    };
    cell.get_or_init(|| {
        let mut table = Box::new([[0u8; 512]; 9]);
        let mut dirs = Dirs::default();
        for (m, row) in table.iter_mut().enumerate() {
            let (dx, dy) = (m as i32 % 3 - 1, m as i32 / 3 - 1);
            for (n, set) in row.iter_mut().enumerate() {
                let free = |a: i32, b: i32| n >> ((b + 1) * 3 + a + 1) & 1 != 0;
                directions(free, false, corners, dx, dy, &mut dirs);
                for &(a, b) in dirs.as_slice() {
                    let first = if a == 0 || b == 0 {
                        free(a, b)
                    } else {
                        diagonal_ok(free, corners, a, b)
                    };
                    if first {
                        *set |= 1 << direction_bit((a, b));
                    }
                }
            }
        }
        table
    })
}
