//! Predecessors: an optional capability of a [`Problem`] that bidirectional search needs,
//! and [`Symmetric`], which gives it to every problem whose steps can all be undone.

use super::{Problem, Successors};

/// The steps *into* a state: what a backward search expands.
///
/// [`predecessors`](Predecessors::predecessors) pushes every state `p` from which one
/// action leads to `state`, with the cost of that step (from `p` into `state`). The
/// search reads only the states and costs; the action pushed beside them is not read, so
/// push whatever is at hand (the forward action from `p`, the action that leads back, or
/// `()` for problems without actions). The forward actions of a solution's backward half
/// are recovered at the end, by expanding each of its states forwards and taking the
/// successor equal to the next state at the same cost: a predecessor that is not matched
/// so stops the search with
/// [`StopReason::InconsistentProblem`](crate::StopReason::InconsistentProblem).
///
/// A problem in which every step can be undone at the same cost gets this capability for
/// free through [`Symmetric`]. Because it is a trait of its own, a bidirectional search
/// does not compile for a problem that does not have it.
///
/// # Examples
///
/// A one-way street: from `n` one can go to `n + 1` (cost 1) or `2n` (cost 3).
///
/// ```
/// use heurist::{Predecessors, Problem, Successors};
///
/// struct Street;
///
/// impl Problem for Street {
///     type State = u32;
///     type Action = char;
///     type Cost = u32;
///     fn is_goal(&self, s: &u32) -> bool {
///         *s == 40
///     }
///     fn successors(&self, &n: &u32, out: &mut Successors<u32, char, u32>) {
///         out.push('+', n + 1, 1);
///         out.push('*', 2 * n, 3);
///     }
/// }
///
/// impl Predecessors for Street {
///     fn predecessors(&self, &n: &u32, out: &mut Successors<u32, char, u32>) {
///         if n > 0 {
///             out.push('+', n - 1, 1);
///         }
///         if n % 2 == 0 {
///             out.push('*', n / 2, 3);
///         }
///     }
/// }
///
/// let sol = heurist::bidirectional_bfs(&Street, 1, [40]).into_solution().unwrap();
/// assert_eq!((sol.len(), *sol.goal()), (6, 40)); // e.g. 1 2 4 5 10 20 40
/// ```
pub trait Predecessors: Problem {
    /// Pushes every predecessor of `state` with the cost of its step into `state` (and
    /// any action: it is not read). `out` is empty when this is called.
    fn predecessors(
        &self,
        state: &Self::State,
        out: &mut Successors<Self::State, Self::Action, Self::Cost>,
    );
}

impl<P: Predecessors + ?Sized> Predecessors for &P {
    #[inline]
    fn predecessors(
        &self,
        state: &Self::State,
        out: &mut Successors<Self::State, Self::Action, Self::Cost>,
    ) {
        (**self).predecessors(state, out)
    }
}

/// A problem declared symmetric: every step from `s` to `t` with cost `c` has a step
/// from `t` to `s` with the same cost `c`, as in an undirected graph. The predecessors of
/// a state are then its successors, so the wrapper gives the problem [`Predecessors`] for
/// free. (Breadth-first search has a hint of its own for spaces whose steps can be undone
/// at any cost, [`Bfs::reversible`](crate::Bfs::reversible).)
///
/// The declaration is a promise: if a step cannot be undone at its cost, a backward search
/// explores steps that do not exist. When such a step ends up on a solution, the forward
/// actions cannot be recovered and the search stops with
/// [`StopReason::InconsistentProblem`](crate::StopReason::InconsistentProblem); elsewhere
/// it can make the answer wrong.
///
/// # Examples
///
/// ```
/// use heurist::{FnProblem, Symmetric};
///
/// // Walking on a line costs 1 a step either way.
/// let line = FnProblem::new(|n: &i32| *n == 30, |n: &i32| [('-', n - 1, 1u32), ('+', n + 1, 1)]);
/// let r = heurist::bidirectional_bfs(&Symmetric(line), 0, [30]);
/// assert_eq!(r.cost(), Some(30));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Symmetric<P>(pub P);

impl<P: Problem> Problem for Symmetric<P> {
    type State = P::State;
    type Action = P::Action;
    type Cost = P::Cost;
    #[inline]
    fn is_goal(&self, state: &Self::State) -> bool {
        self.0.is_goal(state)
    }
    #[inline]
    fn successors(
        &self,
        state: &Self::State,
        out: &mut Successors<Self::State, Self::Action, Self::Cost>,
    ) {
        self.0.successors(state, out)
    }
}

impl<P: Problem> Predecessors for Symmetric<P> {
    #[inline]
    fn predecessors(
        &self,
        state: &Self::State,
        out: &mut Successors<Self::State, Self::Action, Self::Cost>,
    ) {
        self.0.successors(state, out)
    }
}
