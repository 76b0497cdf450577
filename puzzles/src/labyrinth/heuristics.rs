//! Heuristics: one-move lookahead, the wrap-aware Manhattan bound of the steps model, and
//! the original puzzle's (inadmissible) Manhattan distance.

use heurist::{Heuristic, Max};

use super::{Axis, Board, CostModel, Labyrinth, State};

/// 0 at a goal; 1 if one move (a walk, or a push carrying the figure onto an open exit tile)
/// reaches a goal; else 2. Admissible under both cost models (every move costs at least 1).
pub fn lookahead(b: &Board, s: &State) -> u32 {
    if b.is_goal(s) {
        return 0;
    }
    let e = b.idx(b.exit);
    let f = s.figure as usize;
    if s.tile(e) & b.exit_side != 0 && b.reachable(s, f) & (1u64 << e) != 0 {
        return 1;
    }
    for line in &b.lines {
        let n = line.cells.len();
        if let Some(p) = line.cells.iter().position(|&c| c == e) {
            let (pred, landing) = if p == 0 {
                (line.cells[n - 1], s.free)
            } else {
                (line.cells[p - 1], s.tile(line.cells[p - 1]))
            };
            if pred == f && landing & b.exit_side != 0 {
                return 1;
            }
        }
    }
    2
}

/// Lower bound on the figure's displacement moves under the steps model: per axis the plain
/// distance, or the cyclic distance when pushes along that axis can wrap the figure around.
pub fn wrap_manhattan(b: &Board, s: &State) -> u32 {
    let f = s.figure as usize;
    let (fr, fc) = (f / b.cols, f % b.cols);
    let (er, ec) = b.exit;
    let mut dr = fr.abs_diff(er);
    let mut dc = fc.abs_diff(ec);
    if b.lines.iter().any(|l| l.axis == Axis::Col) {
        dr = dr.min(b.rows - dr);
    }
    if b.lines.iter().any(|l| l.axis == Axis::Row) {
        dc = dc.min(b.cols - dc);
    }
    (dr + dc) as u32
}

/// Which heuristic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeuristicKind {
    /// h = 0.
    Zero,
    /// [`lookahead`]: admissible under both cost models.
    Lookahead,
    /// max([`wrap_manhattan`], [`lookahead`]): admissible under the steps model only.
    Steps,
    /// The original puzzle's plain Manhattan distance to the exit: admissible under neither model.
    Manhattan,
}

impl HeuristicKind {
    /// Is the heuristic admissible under the cost model?
    pub fn admissible(self, model: CostModel) -> bool {
        match self {
            HeuristicKind::Zero | HeuristicKind::Lookahead => true,
            HeuristicKind::Steps => model == CostModel::Steps,
            HeuristicKind::Manhattan => false,
        }
    }
}

/// A heuristic over a [`Labyrinth`].
#[derive(Clone, Copy)]
pub struct LabHeuristic<'a> {
    /// The board.
    pub board: &'a Board,
    /// Which estimate.
    pub kind: HeuristicKind,
}

impl Heuristic<Labyrinth> for LabHeuristic<'_> {
    fn estimate(&self, s: &State) -> u32 {
        let b = self.board;
        match self.kind {
            HeuristicKind::Zero => 0,
            HeuristicKind::Lookahead => lookahead(b, s),
            HeuristicKind::Steps => {
                let both = Max(
                    |s: &State| wrap_manhattan(b, s),
                    |s: &State| lookahead(b, s),
                );
                Heuristic::<Labyrinth>::estimate(&both, s)
            }
            HeuristicKind::Manhattan => {
                let f = s.figure as usize;
                ((f / b.cols).abs_diff(b.exit.0) + (f % b.cols).abs_diff(b.exit.1)) as u32
            }
        }
    }
}
