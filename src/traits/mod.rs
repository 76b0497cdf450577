//! The concepts a problem is described with: state, successors, cost and heuristic, and
//! the optional capability of move pruning.
//!
//! * A **state** is any `Clone + Eq + Hash` value ([`State`] is implemented for all of them).
//! * The **successors** of a state, together with the goal test, make up a [`Problem`];
//!   [`FnProblem`] builds one from two closures.
//! * A **cost** is a [`Cost`]: integers, or [`OrderedF64`] for real-valued costs.
//! * A **heuristic** estimates the cost still to go: any closure `Fn(&State) -> Cost`,
//!   the [`Zero`] heuristic, or your own type implementing [`Heuristic`].
//! * **Move pruning** ([`MovePruning`]) leaves out the successors that the way into a
//!   state makes redundant.
//! * **Predecessors** ([`Predecessors`]) list the steps into a state, for bidirectional
//!   search; [`Symmetric`] gives them to a problem whose steps can all be undone.
//! * **Dense indexes** ([`DenseIndex`]) number the states `0..n`, so that a search keeps
//!   its per-state data in flat arrays.

mod cost;
mod dense;
mod fn_problem;
mod heuristic;
mod predecessors;
mod problem;
mod pruning;

pub use cost::{Cost, OrderedF64};
pub use dense::DenseIndex;
pub use fn_problem::{FnProblem, Pairs, Shape, States, Triples};
pub use heuristic::{Heuristic, Max, Sum, Zero};
pub use predecessors::{Predecessors, Symmetric};
pub use problem::{Problem, State, Successors};
pub use pruning::{AllMoves, Expansion, MovePruning, Pruned};
