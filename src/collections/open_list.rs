use std::collections::BinaryHeap;

use priority_queue::PriorityQueue;
use rustc_hash::FxBuildHasher;

/// A max-priority queue of node ids.
///
/// A node's key may change in either direction while it is queued: with real-valued costs
/// a cheaper path can have the same rounded `f` and a smaller `g`, which ranks *lower* in
/// A*'s order (smaller `f`, then larger `g`). Every open list therefore takes the key of
/// the latest push as the node's key, and checks entries against it when it pops.
pub(crate) trait Frontier<K: Ord + Copy> {
    /// Inserts `id`, or gives it the key `key` if it is already queued.
    fn push(&mut self, id: usize, key: K);
    /// Removes and returns a node with the largest key, and that key. `current(id)` is the
    /// key node `id` has now, `None` when it is closed: entries queued with another key
    /// are outdated, and are dropped on the way.
    fn pop(&mut self, current: impl Fn(usize) -> Option<K>) -> Option<(usize, K)>;
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
        // (not `push_increase`: a key that ranks lower must replace the old one too)
        self.0.push(id, key);
    }
    #[inline]
    fn pop(&mut self, current: impl Fn(usize) -> Option<K>) -> Option<(usize, K)> {
        loop {
            let (id, key) = self.0.pop()?;
            if current(id) == Some(key) {
                return Some((id, key));
            }
        }
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

impl<K: Ord + Copy> LazyFrontier<K> {
    pub(crate) fn new() -> Self {
        LazyFrontier(BinaryHeap::new())
    }

    /// The entry with the largest key whose node still has that key (`current`, as in
    /// [`Frontier::pop`]), outdated entries above it dropped; it stays queued.
    #[inline]
    fn peek_current(&mut self, current: &impl Fn(usize) -> Option<K>) -> Option<(usize, K)> {
        while let Some(&e) = self.0.peek() {
            if current(e.id as usize) == Some(e.key) {
                return Some((e.id as usize, e.key));
            }
            self.0.pop();
        }
        None
    }
}

impl<K: Ord + Copy> Frontier<K> for LazyFrontier<K> {
    #[inline]
    fn push(&mut self, id: usize, key: K) {
        self.0.push(Entry { key, id: id as u32 });
    }
    #[inline]
    fn pop(&mut self, current: impl Fn(usize) -> Option<K>) -> Option<(usize, K)> {
        let top = self.peek_current(&current)?;
        self.0.pop();
        Some(top)
    }
}

/// The most primary indices a [`BucketFrontier`] files in buckets (larger go to its heap).
const MAX_PRIMARY: usize = 1 << 20;
/// The most secondary indices a [`BucketFrontier`] files in buckets.
const MAX_SECONDARY: usize = 1 << 12;

/// The nodes queued under one primary index, by secondary index.
struct Layer {
    by_secondary: Vec<Vec<u32>>,
    len: usize,
    /// No entry has a larger secondary index.
    top: usize,
}

impl Layer {
    const EMPTY: Layer = Layer {
        by_secondary: Vec::new(),
        len: 0,
        top: 0,
    };
}

/// A bucket queue (Dial's algorithm, two levels): entries whose keys are small integer
/// costs go to buckets by two indices, a primary one, smaller first (A*: `f`), and a
/// secondary one, larger first (A*: `g`). Each bucket is a list of node ids (4 bytes an
/// entry: the bucket says the rest of the key), so push and pop take constant time. The
/// entry popped among its equals is the one pushed last (a child of the state just
/// expanded, still in cache), or, if the queue is made with `spread`, one drawn by a
/// seeded generator: on grids, where a great many states tie, a depth-first choice hugs
/// walls and dead ends while a spread one does not. Keys without small indices go to a
/// lazy binary heap beside the buckets; pop compares the two.
///
/// `bucket(key)` gives a key's indices, if small: a key with a smaller primary index, or
/// an equal primary and a larger secondary one, must be larger (expanded first), and a
/// node's key must change bucket whenever it changes (A*: `g` falls), so that a bucket
/// entry is outdated exactly when its node's current key belongs to another bucket.
pub(crate) struct BucketFrontier<K: Ord, B> {
    bucket: B,
    layers: Vec<Layer>,
    /// No layer below this one holds an entry.
    low: usize,
    len: usize,
    heap: LazyFrontier<K>,
    /// The state of the generator that draws among equals (xorshift), `None` to take the
    /// last pushed.
    spread: Option<u64>,
}

impl<K: Ord + Copy, B: Fn(&K) -> Option<(usize, usize)>> BucketFrontier<K, B> {
    pub(crate) fn new(bucket: B, spread: bool) -> Self {
        BucketFrontier {
            bucket,
            layers: Vec::new(),
            low: 0,
            len: 0,
            heap: LazyFrontier::new(),
            spread: spread.then_some(0x9E37_79B9_7F4A_7C15),
        }
    }

    /// Which entry of a bucket of `len` (at least one) to look at next.
    #[inline]
    fn pick(&mut self, len: usize) -> usize {
        match &mut self.spread {
            None => len - 1,
            Some(x) => {
                *x ^= *x << 13;
                *x ^= *x >> 7;
                *x ^= *x << 17;
                (((*x >> 32) * len as u64) >> 32) as usize
            }
        }
    }

    /// The layer and secondary index of the best bucket that holds an entry.
    #[inline]
    fn best(&mut self) -> Option<(usize, usize)> {
        if self.len == 0 {
            return None;
        }
        while self.layers[self.low].len == 0 {
            // a layer left behind gives its memory back
            self.layers[self.low] = Layer::EMPTY;
            self.low += 1;
        }
        let layer = &mut self.layers[self.low];
        while layer.by_secondary[layer.top].is_empty() {
            layer.top -= 1;
        }
        Some((self.low, layer.top))
    }

    /// Removes entry `i` of bucket `(p, s)`.
    #[inline]
    fn take(&mut self, (p, s): (usize, usize), i: usize) {
        let layer = &mut self.layers[p];
        layer.len -= 1;
        self.len -= 1;
        layer.by_secondary[s].swap_remove(i);
    }
}

impl<K: Ord + Copy, B: Fn(&K) -> Option<(usize, usize)>> Frontier<K> for BucketFrontier<K, B> {
    #[inline]
    fn push(&mut self, id: usize, key: K) {
        match (self.bucket)(&key) {
            Some((p, s)) if p < MAX_PRIMARY && s < MAX_SECONDARY => {
                if p >= self.layers.len() {
                    self.layers.resize_with(p + 1, || Layer::EMPTY);
                }
                let layer = &mut self.layers[p];
                if s >= layer.by_secondary.len() {
                    layer.by_secondary.resize_with(s + 1, Vec::new);
                }
                layer.by_secondary[s].push(id as u32);
                layer.len += 1;
                layer.top = layer.top.max(s);
                if self.len == 0 || p < self.low {
                    self.low = p;
                }
                self.len += 1;
            }
            _ => self.heap.push(id, key),
        }
    }

    #[inline]
    fn pop(&mut self, current: impl Fn(usize) -> Option<K>) -> Option<(usize, K)> {
        // the best current bucket entry, outdated ones dropped on the way
        let from_buckets = loop {
            let Some(at) = self.best() else { break None };
            let i = self.pick(self.layers[at.0].by_secondary[at.1].len());
            let id = self.layers[at.0].by_secondary[at.1][i] as usize;
            match current(id) {
                Some(key) if (self.bucket)(&key) == Some(at) => break Some((at, i, id, key)),
                _ => self.take(at, i),
            }
        };
        if let Some(top) = self.heap.peek_current(&current) {
            if from_buckets.is_none_or(|(_, _, _, key)| top.1 > key) {
                self.heap.0.pop();
                return Some(top);
            }
        }
        let (at, i, id, key) = from_buckets?;
        self.take(at, i);
        Some((id, key))
    }
}

#[cfg(test)]
mod tests {
    use std::cmp::Reverse;

    use super::*;

    /// A*'s key shape: smaller `f` first, then larger `g`, then larger id.
    #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
    struct Key(Reverse<u32>, u32, u32);

    /// A*'s key of node `id` with path cost `g` and estimate `h`.
    fn key(g: u32, h: u32, id: usize) -> Key {
        Key(Reverse(g + h), g, id as u32)
    }

    /// Pushes, improvements (a node's `g` falls, so its key grows and is pushed again)
    /// and pops, at random: every pop returns an open node with the best `(f, g)` and its
    /// current key, whether the best entry sits in a bucket or in the heap.
    fn pops_in_key_order<F: Frontier<Key>>(mut q: F) {
        let mut x = 12345u64;
        let mut next = |n: u32| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) as u32 % n
        };
        // each node's (g, h) while it is open, None once popped
        let mut nodes: Vec<Option<(u32, u32)>> = Vec::new();
        let current =
            |nodes: &Vec<Option<(u32, u32)>>, id: usize| nodes[id].map(|(g, h)| key(g, h, id));
        let check_pop = |q: &mut F, nodes: &mut Vec<Option<(u32, u32)>>| {
            let popped = q.pop(|id| current(nodes, id));
            let best = (0..nodes.len()).filter_map(|id| current(nodes, id)).max();
            match popped {
                Some((id, k)) => {
                    assert_eq!(Some(k), current(nodes, id), "the node's current key");
                    let best = best.unwrap();
                    assert_eq!((best.0, best.1), (k.0, k.1), "{best:?} before {k:?}");
                    nodes[id] = None;
                }
                None => assert_eq!(best, None, "nothing left"),
            }
        };
        for _ in 0..20_000 {
            match next(8) {
                0..=3 => {
                    let (g, h) = (next(30), next(40));
                    q.push(nodes.len(), key(g, h, nodes.len()));
                    nodes.push(Some((g, h)));
                }
                4 => {
                    let id = next(nodes.len().max(1) as u32) as usize;
                    if let Some(Some((g, h))) = nodes.get(id).copied() {
                        if g > 0 {
                            let g = g - 1 - next(g);
                            nodes[id] = Some((g, h));
                            q.push(id, key(g, h, id));
                        }
                    }
                }
                _ => check_pop(&mut q, &mut nodes),
            }
        }
        while nodes.iter().any(Option::is_some) {
            check_pop(&mut q, &mut nodes);
        }
        assert!(q.pop(|id| current(&nodes, id)).is_none());
    }

    #[test]
    fn every_open_list_pops_in_key_order() {
        // keys with f above 50 or g above 20 go to the bucket queue's heap, so either side
        // can hold the best entry
        for spread in [false, true] {
            pops_in_key_order(BucketFrontier::new(
                |k: &Key| (k.0 .0 <= 50 && k.1 <= 20).then_some((k.0 .0 as usize, k.1 as usize)),
                spread,
            ));
        }
        pops_in_key_order(LazyFrontier::new());
        pops_in_key_order(IndexedFrontier::new());
    }
}
