//! Distance estimates to a grid's goal: Manhattan, octile, Chebyshev and Euclidean.

use super::{Cell, Connectivity, Grid, GridCost, Map};
use crate::traits::Heuristic;

/// Which distance a [`Distance`] estimate measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Metric {
    /// `|dx| + |dy|` straight steps: exact on an open 4-connected grid.
    Manhattan,
    /// `min(|dx|, |dy|)` diagonal steps and `| |dx| - |dy| |` straight ones: exact on an
    /// open 8-connected grid.
    Octile,
    /// `max(|dx|, |dy|)` steps of the cheaper kind.
    Chebyshev,
    /// The straight-line distance, in straight steps.
    Euclidean,
}

/// An admissible estimate of the cost from a cell to a grid's goal, made by
/// [`Grid::heuristic`] or [`Grid::distance`], for the A\*-family searches.
///
/// Each metric is scaled by the grid's step costs so that it never overestimates, for
/// either connectivity and any non-negative costs:
///
/// | metric | 4-connected | 8-connected (`s` straight, `d` diagonal) |
/// |---|---|---|
/// | Manhattan | `s (dx + dy)` (exact when open) | `min(s, d / 2) (dx + dy)` |
/// | Octile | `s (dx + dy)` | `d' min(dx, dy) + s' (max - min)` with `s' = min(s, d)`, `d' = min(d, 2s')` (exact when open and `s <= d <= 2s`) |
/// | Chebyshev | `s max(dx, dy)` | `min(s, d) max(dx, dy)` |
/// | Euclidean | `s sqrt(dx² + dy²)` | `min(s, d / sqrt 2) sqrt(dx² + dy²)` |
///
/// Integer costs are rounded down where a product is not whole. All four are consistent.
///
/// # Examples
///
/// ```
/// use heurist::grid::{Cell, Grid, GridMap, Metric};
///
/// let map = GridMap::new(10, 10);
/// let grid = Grid::new(&map, Cell::new(9, 9), 10u32, 14)?;
/// let at = Cell::new(3, 7); // dx 6, dy 2
/// assert_eq!(grid.heuristic().estimate_cell(at), 2 * 14 + 4 * 10); // octile
/// assert_eq!(grid.distance(Metric::Manhattan).estimate_cell(at), 56); // 7 a unit
/// assert_eq!(grid.distance(Metric::Chebyshev).estimate_cell(at), 60);
/// assert_eq!(grid.distance(Metric::Euclidean).estimate_cell(at), 62); // 14 / sqrt 2 a unit, times sqrt 40, rounded down
/// # Ok::<(), heurist::grid::GridError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Distance<C> {
    metric: Metric,
    goal: Cell,
    /// Exact metrics: the cost of a straight unit and of a diagonal unit.
    straight: C,
    diagonal: C,
    /// Metrics computed in floats: the cost of a unit of distance.
    unit: f64,
    four: bool,
}

impl<C: GridCost> Distance<C> {
    fn new<M: Map + ?Sized>(grid: &Grid<'_, M, C>, metric: Metric) -> Self {
        let (s, d) = (grid.straight, grid.diagonal);
        let four = grid.connectivity == Connectivity::Four;
        let (sf, df) = (s.to_f64(), d.to_f64());
        let two_s = s.saturating_add(s);
        let unit = match (metric, four) {
            (_, true) => sf,
            (Metric::Manhattan, false) => sf.min(df / 2.0),
            (Metric::Euclidean, false) => sf.min(df / std::f64::consts::SQRT_2),
            _ => sf,
        };
        let (straight, diagonal) = match (metric, four) {
            (Metric::Octile, true) => (s, two_s),
            (Metric::Octile, false) => {
                // With d < s, zigzags of diagonal steps beat straight runs.
                let s = s.min(d);
                (s, d.min(s.saturating_add(s)))
            }
            (Metric::Chebyshev, true) => (s, s),
            (Metric::Chebyshev, false) => (s.min(d), s.min(d)),
            _ => (s, d),
        };
        Distance {
            metric,
            goal: grid.goal,
            straight,
            diagonal,
            unit,
            four,
        }
    }

    /// The metric.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The estimate for `cell`.
    #[inline]
    pub fn estimate_cell(&self, cell: Cell) -> C {
        let dx = cell.x.abs_diff(self.goal.x);
        let dy = cell.y.abs_diff(self.goal.y);
        let (lo, hi) = if dx < dy { (dx, dy) } else { (dy, dx) };
        match self.metric {
            Metric::Octile => self
                .diagonal
                .times(lo)
                .saturating_add(self.straight.times(hi - lo)),
            Metric::Chebyshev => self.straight.times(hi),
            Metric::Manhattan if self.four => self
                .straight
                .times(dx)
                .saturating_add(self.straight.times(dy)),
            Metric::Manhattan => C::from_f64_floor(self.unit * (f64::from(dx) + f64::from(dy))),
            Metric::Euclidean => {
                let (dx, dy) = (f64::from(dx), f64::from(dy));
                C::from_f64_floor(self.unit * (dx * dx + dy * dy).sqrt())
            }
        }
    }
}

impl<M: Map + ?Sized, C: GridCost> Heuristic<Grid<'_, M, C>> for Distance<C> {
    #[inline]
    fn estimate(&self, state: &Cell) -> C {
        self.estimate_cell(*state)
    }
}

impl<M: Map + ?Sized, C: GridCost> Grid<'_, M, C> {
    /// The tightest estimate for this grid's moves: [`Metric::Manhattan`] on 4-connected
    /// grids, [`Metric::Octile`] on 8-connected ones.
    pub fn heuristic(&self) -> Distance<C> {
        match self.connectivity {
            Connectivity::Four => self.distance(Metric::Manhattan),
            Connectivity::Eight => self.distance(Metric::Octile),
        }
    }

    /// The estimate measuring `metric`, scaled to stay admissible (see [`Distance`]).
    pub fn distance(&self, metric: Metric) -> Distance<C> {
        Distance::new(self, metric)
    }
}
