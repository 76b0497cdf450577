use crate::search::{Solution, Step};
use crate::traits::Cost;

/// Parent index of the start node.
pub(crate) const NO_PARENT: usize = usize::MAX;

struct Node<S, A, C> {
    state: S,
    parent: usize,
    /// The action from the parent and the step's cost; `None` for the start node.
    link: Option<(A, C)>,
}

/// Every state a graph search has reached, with the link back to its parent; node ids are
/// indices in insertion order, so a breadth-first search can use the arena as its queue.
pub(crate) struct Arena<S, A, C> {
    nodes: Vec<Node<S, A, C>>,
}

impl<S: Clone, A: Clone, C: Cost> Arena<S, A, C> {
    pub(crate) fn new() -> Self {
        Arena { nodes: Vec::new() }
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }

    #[inline]
    pub(crate) fn push(&mut self, state: S, parent: usize, link: Option<(A, C)>) -> usize {
        self.nodes.push(Node {
            state,
            parent,
            link,
        });
        self.nodes.len() - 1
    }

    #[inline]
    pub(crate) fn state(&self, id: usize) -> &S {
        &self.nodes[id].state
    }

    #[inline]
    pub(crate) fn relink(&mut self, id: usize, parent: usize, action: A, cost: C) {
        let node = &mut self.nodes[id];
        node.parent = parent;
        node.link = Some((action, cost));
    }

    /// The path from the start node to `id`.
    pub(crate) fn solution(&self, id: usize) -> Solution<S, A, C> {
        let mut steps = Vec::new();
        let mut at = id;
        while let Some((action, cost)) = &self.nodes[at].link {
            steps.push(Step {
                action: action.clone(),
                state: self.nodes[at].state.clone(),
                cost: *cost,
            });
            at = self.nodes[at].parent;
        }
        steps.reverse();
        let cost = steps
            .iter()
            .fold(C::ZERO, |acc, s| acc.saturating_add(s.cost));
        Solution {
            start: self.nodes[at].state.clone(),
            steps,
            cost,
        }
    }
}
