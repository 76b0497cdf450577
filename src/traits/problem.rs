use std::hash::Hash;

use smallvec::SmallVec;

use super::Cost;
use crate::search::Step;

/// A search state: anything that can be cloned, compared and hashed.
///
/// Implemented automatically for every such type. Keep states small (a packed integer is
/// ideal): graph searches store every state they reach.
pub trait State: Clone + Eq + Hash {}
impl<T: Clone + Eq + Hash> State for T {}

/// The search space: a goal test and a successor function.
///
/// The start state is not part of the problem; it is given to each algorithm, so one
/// problem value can be searched from many starts.
///
/// [`successors`](Problem::successors) writes into a buffer owned by the algorithm, which is
/// cleared and reused, so expanding a node allocates nothing once the buffer has grown.
///
/// That is all a problem is. Move pruning is an optional capability of its own,
/// [`MovePruning`](crate::MovePruning); hints that one search reads, such as reversibility,
/// are settings of that search ([`Bfs::reversible`](crate::Bfs::reversible)).
///
/// # Examples
///
/// A 4x4 grid with walls; moving to a neighbouring free cell costs 1.
///
/// ```
/// use heurist::{Problem, Successors};
///
/// struct Grid { walls: [[bool; 4]; 4], goal: (i32, i32) }
///
/// impl Problem for Grid {
///     type State = (i32, i32);
///     type Action = char;
///     type Cost = u32;
///
///     fn is_goal(&self, s: &(i32, i32)) -> bool {
///         *s == self.goal
///     }
///
///     fn successors(&self, &(r, c): &(i32, i32), out: &mut Successors<(i32, i32), char, u32>) {
///         for (a, dr, dc) in [('N', -1, 0), ('S', 1, 0), ('W', 0, -1), ('E', 0, 1)] {
///             let (nr, nc) = (r + dr, c + dc);
///             if (0..4).contains(&nr) && (0..4).contains(&nc) && !self.walls[nr as usize][nc as usize] {
///                 out.push(a, (nr, nc), 1);
///             }
///         }
///     }
/// }
///
/// let mut walls = [[false; 4]; 4];
/// walls[1] = [true, true, true, false];
/// let grid = Grid { walls, goal: (3, 0) };
///
/// let result = heurist::bfs(&grid, (0, 0));
/// let solution = result.solution().unwrap();
/// assert_eq!(solution.cost, 9); // around the wall: 3 east, 3 south, 3 west
/// assert_eq!(solution.actions().collect::<String>(), "EEESSSWWW");
/// ```
pub trait Problem {
    /// A node of the search space.
    type State: State;
    /// What leads from a state to one of its successors (a move, an edge label, ...).
    type Action: Clone;
    /// The cost of a step and of a path.
    type Cost: Cost;

    /// Whether `state` is a goal.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// Pushes every successor of `state` into `out`, with the action leading to it and the
    /// cost of that step. `out` is empty when this is called.
    fn successors(
        &self,
        state: &Self::State,
        out: &mut Successors<Self::State, Self::Action, Self::Cost>,
    );
}

impl<P: Problem + ?Sized> Problem for &P {
    type State = P::State;
    type Action = P::Action;
    type Cost = P::Cost;
    #[inline]
    fn is_goal(&self, state: &Self::State) -> bool {
        (**self).is_goal(state)
    }
    #[inline]
    fn successors(
        &self,
        state: &Self::State,
        out: &mut Successors<Self::State, Self::Action, Self::Cost>,
    ) {
        (**self).successors(state, out)
    }
}

/// The buffer a [`Problem`] writes the successors of a state into.
///
/// It stores up to four successors inline (a `SmallVec`), so the buffers of an IDA* stack
/// sit next to each other in memory; more spill to the heap once and the capacity is kept
/// when the buffer is reused.
///
/// # Examples
///
/// ```
/// use heurist::Successors;
///
/// let mut out: Successors<u32, char, u8> = Successors::new();
/// out.push('a', 10, 1);
/// out.push('b', 20, 2);
/// assert_eq!(out.len(), 2);
/// assert_eq!(out.iter().map(|s| s.state).sum::<u32>(), 30);
/// out.clear();
/// assert!(out.is_empty());
/// ```
#[derive(Clone, Debug)]
pub struct Successors<S, A, C> {
    items: SmallVec<[Step<S, A, C>; 4]>,
}

impl<S, A, C> Default for Successors<S, A, C> {
    fn default() -> Self {
        Successors {
            items: SmallVec::new(),
        }
    }
}

impl<S, A, C> Successors<S, A, C> {
    /// An empty buffer.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds the successor `state`, reached by `action` at cost `cost`.
    #[inline]
    pub fn push(&mut self, action: A, state: S, cost: C) {
        self.items.push(Step {
            action,
            state,
            cost,
        });
    }

    /// Number of successors in the buffer.
    #[inline]
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether the buffer is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Removes all successors, keeping the allocated capacity.
    #[inline]
    pub fn clear(&mut self) {
        self.items.clear();
    }

    /// The successors, in the order they were pushed.
    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, Step<S, A, C>> {
        self.items.iter()
    }

    /// The successors as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Step<S, A, C>] {
        &self.items
    }

    /// Whether the successors outgrew the inline room and live on the heap.
    #[inline]
    pub(crate) fn spilled(&self) -> bool {
        self.items.spilled()
    }

    /// Keeps the successors for which `keep` returns true, in order; `keep` may change them.
    #[inline]
    pub(crate) fn retain(&mut self, keep: impl FnMut(&mut Step<S, A, C>) -> bool) {
        self.items.retain(keep);
    }

    /// Removes all successors and returns them by value.
    #[inline]
    pub fn drain(&mut self) -> impl Iterator<Item = Step<S, A, C>> + '_ {
        self.items.drain(..)
    }
}

impl<S, A, C> Extend<(A, S, C)> for Successors<S, A, C> {
    fn extend<I: IntoIterator<Item = (A, S, C)>>(&mut self, iter: I) {
        for (a, s, c) in iter {
            self.push(a, s, c);
        }
    }
}

impl<'a, S, A, C> IntoIterator for &'a Successors<S, A, C> {
    type Item = &'a Step<S, A, C>;
    type IntoIter = std::slice::Iter<'a, Step<S, A, C>>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}
