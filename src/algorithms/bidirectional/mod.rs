//! Bidirectional search: a forward search from the start and a backward search from the
//! goal states, which stop when they have met in a way that proves the answer.
//!
//! Both need the steps *into* a state, [`Predecessors`](crate::Predecessors) (a problem
//! whose steps can all be undone gets them from [`Symmetric`](crate::Symmetric)), and
//! the goal states themselves: the backward search starts from the states it is given, so
//! [`Problem::is_goal`] is not called, and a goal state left out of the list is not a goal
//! for these searches.
//!
//! * [`bidirectional_bfs`](bidirectional_bfs::bidirectional_bfs): the fewest actions, expanding whole
//!   levels of the smaller frontier.
//! * [`mm`](mm::mm): the least cost, with admissible front-to-end heuristics in both
//!   directions (MM, Holte et al. 2016).
//!
//! The backward half of a solution is found as a chain of predecessors; its forward
//! actions are recovered at the end by expanding each of its states forwards.

pub mod bidirectional_bfs;
pub mod mm;

use crate::search::{Solution, Step};
use crate::traits::{Problem, Successors};

/// The solution made of `forward`, a path from the start to a meeting state, and
/// `backward`, the backward search's path from a goal to the same meeting state (each step
/// holding a predecessor and the cost of its step into the state before it). The forward
/// actions of the backward half are those of the successors equal to the next state at the
/// same cost; `None` if one is missing (the predecessors disagree with the successors).
pub(crate) fn join<P>(
    problem: &P,
    forward: Solution<P::State, P::Action, P::Cost>,
    backward: Solution<P::State, (), P::Cost>,
    buf: &mut Successors<P::State, P::Action, P::Cost>,
) -> Option<Solution<P::State, P::Action, P::Cost>>
where
    P: Problem + ?Sized,
{
    let Solution {
        start, mut steps, ..
    } = forward;
    let Solution {
        start: goal,
        steps: back,
        ..
    } = backward;
    // the backward path, from the meeting state to the goal: the states in reverse order,
    // each step's cost being that of the step from the state after it in `back`
    let mut at = match back.last() {
        Some(step) => step.state.clone(),
        None => goal.clone(),
    };
    for i in (0..back.len()).rev() {
        let next = if i == 0 { &goal } else { &back[i - 1].state };
        let cost = back[i].cost;
        buf.clear();
        problem.successors(&at, buf);
        let found = buf.drain().find(|s| s.state == *next && s.cost == cost)?;
        buf.clear();
        at = found.state.clone();
        steps.push(Step {
            action: found.action,
            state: found.state,
            cost: found.cost,
        });
    }
    Some(Solution::from_steps(start, steps))
}
