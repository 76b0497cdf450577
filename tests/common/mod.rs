//! Helpers shared by the integration tests.

use heurist::{Problem, Successors};

/// The problem `.0` with `.1` as its [`Problem::reversible`] declaration (`true` only when
/// it holds), and its arrival pruning only if `.2` (else breadth-first search expands each
/// state with the action that first reached it, [`Problem::successors_after`]); everything
/// else forwarded.
pub struct Declared<P>(pub P, pub bool, pub bool);

impl<P: Problem> Problem for Declared<P> {
    type State = P::State;
    type Action = P::Action;
    type Cost = P::Cost;
    fn is_goal(&self, s: &P::State) -> bool {
        self.0.is_goal(s)
    }
    fn successors(&self, s: &P::State, out: &mut Successors<P::State, P::Action, P::Cost>) {
        self.0.successors(s, out)
    }
    fn successors_after(
        &self,
        s: &P::State,
        last: Option<&P::Action>,
        out: &mut Successors<P::State, P::Action, P::Cost>,
    ) {
        self.0.successors_after(s, last, out)
    }
    fn reversible(&self) -> bool {
        self.1
    }
    fn arrival_pruning(&self) -> bool {
        self.2 && self.0.arrival_pruning()
    }
    fn arrival_bits(&self, a: &P::Action) -> u64 {
        self.0.arrival_bits(a)
    }
    fn successors_arrived(
        &self,
        s: &P::State,
        arrived: u64,
        out: &mut Successors<P::State, P::Action, P::Cost>,
    ) {
        self.0.successors_arrived(s, arrived, out)
    }
}
