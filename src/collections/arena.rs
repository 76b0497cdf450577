use std::hash::{BuildHasher, Hash};

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

use crate::search::{Solution, Step};
use crate::traits::Cost;

/// Parent index of the start node.
pub(crate) const NO_PARENT: usize = u32::MAX as usize;

/// The most nodes an arena holds (ids are stored as `u32`).
pub(crate) const MAX_NODES: usize = u32::MAX as usize - 1;

struct Node<S, A, C, X> {
    state: S,
    parent: u32,
    /// The action from the parent and the step's cost; `None` for the start node.
    link: Option<(A, C)>,
    /// What the algorithm keeps per state (path cost, ...), next to the state so that a
    /// lookup touches one place in memory.
    data: X,
}

/// Where a state stands in an [`Arena`].
pub(crate) enum Lookup {
    /// Already stored, with this id.
    Found(usize),
    /// Not stored; the state's hash, to pass to [`Arena::insert`].
    Vacant(u64),
}

/// Every state a graph search has reached, stored once, with the link back to its parent,
/// and a hash index over them that holds only node ids (4 bytes a state).
///
/// Node ids are indices in insertion order, so breadth-first search uses the arena as its
/// FIFO queue. Each node carries the algorithm's own data `X`.
pub(crate) struct Arena<S, A, C, X> {
    nodes: Vec<Node<S, A, C, X>>,
    index: HashTable<u32>,
}

impl<S: Clone + Eq + Hash, A: Clone, C: Cost, X> Arena<S, A, C, X> {
    pub(crate) fn new() -> Self {
        Arena {
            nodes: Vec::new(),
            index: HashTable::new(),
        }
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the arena can take no more nodes.
    #[inline]
    pub(crate) fn is_full(&self) -> bool {
        self.nodes.len() >= MAX_NODES
    }

    #[inline]
    pub(crate) fn lookup(&self, state: &S) -> Lookup {
        let hash = FxBuildHasher.hash_one(state);
        match self
            .index
            .find(hash, |&id| self.nodes[id as usize].state == *state)
        {
            Some(&id) => Lookup::Found(id as usize),
            None => Lookup::Vacant(hash),
        }
    }

    /// Stores a state that [`lookup`](Arena::lookup) reported vacant with `hash`.
    #[inline]
    pub(crate) fn insert(
        &mut self,
        hash: u64,
        state: S,
        parent: usize,
        link: Option<(A, C)>,
        data: X,
    ) -> usize {
        let id = self.nodes.len();
        self.nodes.push(Node {
            state,
            parent: parent as u32,
            link,
            data,
        });
        let nodes = &self.nodes;
        self.index.insert_unique(hash, id as u32, |&i| {
            FxBuildHasher.hash_one(&nodes[i as usize].state)
        });
        id
    }

    /// Stores the start state.
    pub(crate) fn insert_start(&mut self, state: S, data: X) -> usize {
        let hash = FxBuildHasher.hash_one(&state);
        self.insert(hash, state, NO_PARENT, None, data)
    }

    #[inline]
    pub(crate) fn data(&self, id: usize) -> &X {
        &self.nodes[id].data
    }

    #[inline]
    pub(crate) fn data_mut(&mut self, id: usize) -> &mut X {
        &mut self.nodes[id].data
    }

    #[inline]
    pub(crate) fn state(&self, id: usize) -> &S {
        &self.nodes[id].state
    }

    #[inline]
    pub(crate) fn relink(&mut self, id: usize, parent: usize, action: A, cost: C) {
        let node = &mut self.nodes[id];
        node.parent = parent as u32;
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
            at = self.nodes[at].parent as usize;
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
