//! Helpers shared by the integration tests.

use heurist::{Problem, Successors};

/// The problem `.0` with `.1` as its [`Problem::reversible`] declaration (`true` only when
/// it holds).
pub struct Declared<P>(pub P, pub bool);

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
}
