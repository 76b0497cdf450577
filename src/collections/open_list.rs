use std::collections::BinaryHeap;

use priority_queue::PriorityQueue;
use rustc_hash::FxBuildHasher;

/// A max-priority queue of node ids. The key of a node only ever improves (grows).
pub(crate) trait Frontier<K: Ord + Copy> {
    /// Inserts `id`, or raises its key if it is already queued.
    fn push(&mut self, id: usize, key: K);
    /// Removes an entry with the largest key. A lazy queue may return outdated entries; the
    /// caller recognises them by comparing the key with the node's current one.
    fn pop(&mut self) -> Option<(usize, K)>;
}

/// Decrease-key on an indexed heap (the `priority-queue` crate): every node is queued at
/// most once, at the price of a hash-map update on every push and pop.
pub(crate) struct IndexedFrontier<K: Ord>(PriorityQueue<usize, K, FxBuildHasher>);

impl<K: Ord> IndexedFrontier<K> {
    pub(crate) fn new() -> Self {
        IndexedFrontier(PriorityQueue::with_hasher(FxBuildHasher))
    }
}

impl<K: Ord + Copy> Frontier<K> for IndexedFrontier<K> {
    #[inline]
    fn push(&mut self, id: usize, key: K) {
        self.0.push_increase(id, key);
    }
    #[inline]
    fn pop(&mut self) -> Option<(usize, K)> {
        self.0.pop()
    }
}

/// A heap entry ordered by its key alone: a policy that wants a tie-break (A*: newer node
/// first) puts it in its key, so Dijkstra's heap does not pay for one.
#[derive(Clone, Copy)]
pub(crate) struct Entry<K> {
    key: K,
    id: u32,
}

impl<K: PartialEq> PartialEq for Entry<K> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}
impl<K: Eq> Eq for Entry<K> {}
impl<K: Ord> PartialOrd for Entry<K> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<K: Ord> Ord for Entry<K> {
    #[inline]
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key.cmp(&other.key)
    }
}

/// A binary heap with lazy deletion: improving a node pushes a second entry.
pub(crate) struct LazyFrontier<K: Ord>(BinaryHeap<Entry<K>>);

impl<K: Ord> LazyFrontier<K> {
    pub(crate) fn new() -> Self {
        LazyFrontier(BinaryHeap::new())
    }
}

impl<K: Ord + Copy> Frontier<K> for LazyFrontier<K> {
    #[inline]
    fn push(&mut self, id: usize, key: K) {
        self.0.push(Entry { key, id: id as u32 });
    }
    #[inline]
    fn pop(&mut self) -> Option<(usize, K)> {
        self.0.pop().map(|e| (e.id as usize, e.key))
    }
}
