//! Dense state indexes: an optional capability of a [`Problem`] whose states can be numbered
//! `0..n`, which lets the graph searches keep their per-state data in flat arrays.

use super::Problem;

/// A numbering of the states by `0..index_bound()`: distinct states, distinct indices.
///
/// Grid cells (`row * width + column`), ranked permutations and other spaces of known size
/// have one. A search given a problem with this capability
/// ([`AStar::search_dense`](crate::AStar::search_dense),
/// [`Dijkstra::search_dense`](crate::Dijkstra::search_dense), and their `search_in`, which
/// reuses a [`Workspace`](crate::Workspace) across runs) finds a state's node by its index in
/// a flat array instead of hashing it: no hash, no probing, one memory read. The array has
/// one slot (4 bytes) per index, so the bound should be about the size of the space.
///
/// An index at or above the bound breaks the contract: the search panics with a message
/// that names both, rather than reading another state's slot.
///
/// # Examples
///
/// ```
/// use heurist::{DenseIndex, Problem, Successors};
///
/// /// Walking on a 10 x 10 board, one step in four directions.
/// struct Board;
/// impl Problem for Board {
///     type State = (u8, u8);
///     type Action = ();
///     type Cost = u32;
///     fn is_goal(&self, s: &(u8, u8)) -> bool { *s == (9, 9) }
///     fn successors(&self, &(x, y): &(u8, u8), out: &mut Successors<(u8, u8), (), u32>) {
///         if x > 0 { out.push((), (x - 1, y), 1) }
///         if x < 9 { out.push((), (x + 1, y), 1) }
///         if y > 0 { out.push((), (x, y - 1), 1) }
///         if y < 9 { out.push((), (x, y + 1), 1) }
///     }
/// }
/// impl DenseIndex for Board {
///     fn index_bound(&self) -> usize { 100 }
///     fn index(&self, &(x, y): &(u8, u8)) -> usize { usize::from(y) * 10 + usize::from(x) }
/// }
///
/// let h = |&(x, y): &(u8, u8)| u32::from(9 - x) + u32::from(9 - y);
/// let dense = heurist::AStar::new().search_dense(&Board, (0, 0), h);
/// assert_eq!(dense.cost(), Some(18));
/// assert_eq!(dense.cost(), heurist::astar(&Board, (0, 0), h).cost());
/// ```
pub trait DenseIndex: Problem {
    /// The number of indices: every state's index is below it.
    fn index_bound(&self) -> usize;

    /// The index of `state`: below [`index_bound`](DenseIndex::index_bound), and different
    /// for different states.
    fn index(&self, state: &Self::State) -> usize;
}

impl<P: DenseIndex + ?Sized> DenseIndex for &P {
    #[inline]
    fn index_bound(&self) -> usize {
        (**self).index_bound()
    }
    #[inline]
    fn index(&self, state: &Self::State) -> usize {
        (**self).index(state)
    }
}
