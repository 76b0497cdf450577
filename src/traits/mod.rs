//! The four concepts a problem is described with: state, successors, cost and heuristic.
//!
//! * A **state** is any `Clone + Eq + Hash` value ([`State`] is implemented for all of them).
//! * The **successors** of a state, together with the goal test, make up a [`Problem`].
//! * A **cost** is a [`Cost`]: integers, or [`OrderedF64`] for real-valued costs.
//! * A **heuristic** estimates the cost still to go: any closure `Fn(&State) -> Cost`,
//!   the [`Zero`] heuristic, or your own type implementing [`Heuristic`].

mod cost;
mod heuristic;
mod problem;

pub use cost::{Cost, OrderedF64};
pub use heuristic::{Heuristic, Zero};
pub use problem::{FnProblem, Problem, State, Successor, Successors};
