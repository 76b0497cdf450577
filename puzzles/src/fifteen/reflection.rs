//! The reflection of a square board about its main diagonal: a symmetry of the puzzle when
//! the goal's blank lies on the diagonal, so a state and its mirror image are equally far
//! from the goal, and a pattern database looked up on the mirror image is a second
//! admissible estimate of the same state.

use super::{Puzzle, Tiles};

/// The reflection about the main diagonal, as a map of cells and a map of tiles.
///
/// Cell `(r, c)` mirrors to `(c, r)`; tile `t` maps to the tile whose goal cell mirrors
/// `t`'s. The mirror image of a state puts, at the mirror of each cell, the image of the tile
/// there: the goal is its own image, and a move of the blank is mirrored by a move of the
/// blank, so distances are kept. Both maps are their own inverses.
#[derive(Clone, Debug)]
pub struct Reflection {
    /// `cell[c]`: the mirror of cell `c`.
    cell: Vec<u8>,
    /// `tile[t]`: the image of tile `t`.
    tile: Vec<u8>,
}

impl Reflection {
    /// The reflection of `puzzle`'s board, or `None` when it is no symmetry of the puzzle:
    /// the board is not square, or the goal's blank is off the main diagonal.
    pub fn of(puzzle: &Puzzle) -> Option<Reflection> {
        let (rows, cols) = (puzzle.rows(), puzzle.cols());
        if rows != cols {
            return None;
        }
        let cell: Vec<u8> = (0..rows * cols)
            .map(|c| ((c % cols) * cols + c / cols) as u8)
            .collect();
        let goal = puzzle.goal_tiles();
        let tile: Vec<u8> = (0..goal.len())
            .map(|t| goal[cell[puzzle.goal_pos(t as u8) as usize] as usize])
            .collect();
        (tile[0] == 0).then_some(Reflection { cell, tile })
    }

    /// The mirror of cell `c`.
    #[inline(always)]
    pub fn cell(&self, c: u8) -> u8 {
        self.cell[c as usize]
    }

    /// The image of tile `t`.
    #[inline(always)]
    pub fn tile(&self, t: u8) -> u8 {
        self.tile[t as usize]
    }

    /// The mirror image of `s`: a state exactly as far from the goal.
    pub fn apply(&self, puzzle: &Puzzle, s: Tiles) -> Tiles {
        let mut tiles = vec![0u8; self.cell.len()];
        for (c, t) in puzzle.unpack(s).into_iter().enumerate() {
            tiles[self.cell[c] as usize] = self.tile[t as usize];
        }
        puzzle.pack(&tiles)
    }
}
