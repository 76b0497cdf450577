//! The memory a dense best-first search keeps between runs.

use super::best_first::Meta;
use crate::collections::NodeStore;

/// What [`AStar::search_in`](crate::AStar::search_in) and
/// [`Dijkstra::search_in`](crate::Dijkstra::search_in) keep between runs on problems with a
/// [`DenseIndex`](crate::DenseIndex): the flat index over the states and the node store,
/// cleared but not freed after each run, so that thousands of queries on one map allocate
/// once.
///
/// It is typed by the problem's state, action and cost types, not by the problem itself,
/// so that one workspace serves problems that borrow different data (a grid problem per
/// goal, say).
///
/// # Examples
///
/// ```
/// use heurist::{AStar, DenseIndex, Problem, Successors, Workspace};
///
/// /// A line of 1000 towns; a step to a neighbour costs 1.
/// struct Line(u32);
/// impl Problem for Line {
///     type State = u32;
///     type Action = ();
///     type Cost = u32;
///     fn is_goal(&self, s: &u32) -> bool { *s == self.0 }
///     fn successors(&self, &s: &u32, out: &mut Successors<u32, (), u32>) {
///         if s > 0 { out.push((), s - 1, 1) }
///         if s < 999 { out.push((), s + 1, 1) }
///     }
/// }
/// impl DenseIndex for Line {
///     fn index_bound(&self) -> usize { 1000 }
///     fn index(&self, s: &u32) -> usize { *s as usize }
/// }
///
/// let mut workspace = Workspace::new();
/// let astar = AStar::new();
/// for (start, goal) in [(0, 999), (500, 20), (7, 7)] {
///     let h = |s: &u32| s.abs_diff(goal);
///     let r = astar.search_in(&mut workspace, &Line(goal), start, h);
///     assert_eq!(r.cost(), Some(start.abs_diff(goal)));
/// }
/// ```
pub struct Workspace<S, A, C> {
    /// The dense index: one more than a state's node id, by the state's index; all zero
    /// between runs.
    pub(crate) slots: Vec<u32>,
    /// The nodes of the searches that keep an estimate (A*, weighted A*, greedy).
    pub(crate) estimated: NodeStore<S, A, C, Meta<C, C>>,
    /// The nodes of Dijkstra's algorithm.
    pub(crate) unestimated: NodeStore<S, A, C, Meta<C, ()>>,
}

impl<S, A, C> Default for Workspace<S, A, C> {
    fn default() -> Self {
        Workspace {
            slots: Vec::new(),
            estimated: NodeStore::new(),
            unestimated: NodeStore::new(),
        }
    }
}

impl<S, A, C> Workspace<S, A, C> {
    /// An empty workspace; the first run sizes it.
    pub fn new() -> Self {
        Self::default()
    }
}
