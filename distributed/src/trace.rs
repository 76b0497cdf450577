//! Solution paths: each worker knows the parent of the states it owns, so the path is
//! traced back from the goal one gather round a step, and its actions are found again by
//! expanding each state of it.

use heurist::disk::Packed;
use heurist::{Cost, Problem, Solution, Step, Successors};
use timely::worker::Worker;

use crate::util::route::Gather;
use crate::util::{from_words, to_words};
use crate::Stop;

/// A solution of problem `P`.
type SolutionOf<P> = Solution<<P as Problem>::State, <P as Problem>::Action, <P as Problem>::Cost>;

/// The solution from `start` to `goal`, where `parent(state)` answers with a parent of
/// `state` that this worker knows, if it knows one (the owner of `state`, or the owners of
/// its predecessors); the first worker that answers is followed. Every worker asks
/// `parent` once a step, from the goal back. Every
/// worker calls this with the same `start` and `goal`, and gets the same path.
pub(crate) fn trace<P>(
    worker: &mut Worker,
    gather: &mut Gather,
    stop: &Stop,
    problem: &P,
    start: &P::State,
    goal: P::State,
    mut parent: impl FnMut(&P::State) -> Option<P::State>,
) -> Result<SolutionOf<P>, ()>
where
    P: Problem + ?Sized,
    P::State: Packed,
{
    let mut states = vec![goal];
    while states.last() != Some(start) {
        let current = states.last().expect("the goal");
        let words = match parent(current) {
            Some(parent) => {
                let mut words = vec![1];
                words.extend(to_words(&parent));
                words
            }
            None => vec![0],
        };
        let all = gather.all(worker, words, stop)?;
        let answer = all
            .iter()
            .find(|w| w.first() == Some(&1))
            .expect("every stored state but the start has a parent that some worker knows");
        states.push(from_words(&answer[1..]));
    }
    states.reverse();
    let mut successors = Successors::new();
    let mut steps = Vec::with_capacity(states.len() - 1);
    for pair in states.windows(2) {
        successors.clear();
        problem.successors(&pair[0], &mut successors);
        let step = successors
            .drain()
            .filter(|step| step.state == pair[1])
            .min_by_key(|step| step.cost)
            .expect("a parent has its child among its successors");
        steps.push(step);
    }
    let cost = steps
        .iter()
        .fold(P::Cost::ZERO, |sum, step: &Step<_, _, _>| {
            sum.saturating_add(step.cost)
        });
    Ok(Solution {
        start: start.clone(),
        steps,
        cost,
    })
}
