use std::collections::BinaryHeap;

use priority_queue::PriorityQueue;
use rustc_hash::FxBuildHasher;

use crate::search::OpenList;

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

/// The open list an [`OpenList`] names, chosen when the search starts. The engines hold
/// this rather than being generic over the open list, so that each is compiled once per
/// problem instead of three times; the price is one predictable branch per push and pop.
pub(crate) enum ChosenFrontier<K: Ord, B> {
    Indexed(IndexedFrontier<K>),
    Lazy(LazyFrontier<K>),
    Buckets(BucketFrontier<K, B>),
}

impl<K: Ord + Copy, B: Fn(&K) -> Option<(usize, usize)>> ChosenFrontier<K, B> {
    /// An empty open list of kind `list`; `bucket` and `spread` as for
    /// [`BucketFrontier::new`], used by [`OpenList::Buckets`] only.
    pub(crate) fn new(list: OpenList, bucket: B, spread: bool) -> Self {
        match list {
            OpenList::Indexed => ChosenFrontier::Indexed(IndexedFrontier::new()),
            OpenList::Lazy => ChosenFrontier::Lazy(LazyFrontier::new()),
            OpenList::Buckets => ChosenFrontier::Buckets(BucketFrontier::new(bucket, spread)),
        }
    }
}

impl<K: Ord + Copy, B: Fn(&K) -> Option<(usize, usize)>> Frontier<K> for ChosenFrontier<K, B> {
    #[inline(always)]
    fn push(&mut self, id: usize, key: K) {
        match self {
            ChosenFrontier::Indexed(q) => q.push(id, key),
            ChosenFrontier::Lazy(q) => q.push(id, key),
            ChosenFrontier::Buckets(q) => q.push(id, key),
        }
    }

    #[inline(always)]
    fn pop(&mut self, current: impl Fn(usize) -> Option<K>) -> Option<(usize, K)> {
        match self {
            ChosenFrontier::Indexed(q) => q.pop(current),
            ChosenFrontier::Lazy(q) => q.pop(current),
            ChosenFrontier::Buckets(q) => q.pop(current),
        }
    }
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
///
/// Beside the heap, a stack of entries pushed in rising order, each above every entry of
/// the heap when it came: A\*'s children of the expanded node's `f` and a larger `g` (a
/// step toward the goal along the estimate) rank above everything queued, and the next
/// pop takes them back. They go on the stack, where a push and a pop cost a few
/// instructions instead of a walk down the heap's levels. A pop takes the larger of the
/// stack's top and the heap's, so entries come out in the heap's order all the same.
pub(crate) struct LazyFrontier<K: Ord> {
    heap: BinaryHeap<Entry<K>>,
    /// Rising keys: the top is the stack's largest.
    rising: Vec<Entry<K>>,
}

impl<K: Ord + Copy> LazyFrontier<K> {
    pub(crate) fn new() -> Self {
        LazyFrontier {
            heap: BinaryHeap::new(),
            rising: Vec::new(),
        }
    }

    /// How many entries are queued, outdated ones included.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.heap.len() + self.rising.len()
    }

    /// The largest entry, from the stack (`true`) or the heap.
    #[inline(always)]
    fn top(&self) -> Option<(Entry<K>, bool)> {
        match (self.rising.last(), self.heap.peek()) {
            // (on a tie the heap's entry is the newer: the stack's rose above the heap)
            (Some(&s), Some(h)) if h.key >= s.key => Some((*h, false)),
            (Some(&s), _) => Some((s, true)),
            (None, h) => h.map(|&h| (h, false)),
        }
    }

    /// Removes the largest entry, from the stack if `stacked`.
    #[inline(always)]
    fn remove_top(&mut self, stacked: bool) {
        match stacked {
            true => drop(self.rising.pop()),
            false => drop(self.heap.pop()),
        }
    }

    /// The entry with the largest key whose node still has that key (`current`, as in
    /// [`Frontier::pop`]), outdated entries above it dropped, and whether it lies on the
    /// stack; it stays queued.
    #[inline]
    fn peek_current(
        &mut self,
        current: &impl Fn(usize) -> Option<K>,
    ) -> Option<((usize, K), bool)> {
        while let Some((e, stacked)) = self.top() {
            if current(e.id as usize) == Some(e.key) {
                return Some(((e.id as usize, e.key), stacked));
            }
            self.remove_top(stacked);
        }
        None
    }
}

impl<K: Ord + Copy> Frontier<K> for LazyFrontier<K> {
    #[inline(always)]
    fn push(&mut self, id: usize, key: K) {
        let e = Entry { key, id: id as u32 };
        let above = match self.rising.last() {
            Some(top) => key > top.key,
            None => self.heap.peek().is_none_or(|h| key > h.key),
        };
        match above {
            true => self.rising.push(e),
            false => self.heap.push(e),
        }
    }
    #[inline]
    fn pop(&mut self, current: impl Fn(usize) -> Option<K>) -> Option<(usize, K)> {
        let (top, stacked) = self.peek_current(&current)?;
        self.remove_top(stacked);
        Some(top)
    }
}

/// The widest span of primary indices a [`BucketFrontier`] keeps in buckets at once:
/// entries further than this above the lowest one go to its heap, so the memory and the
/// scanning of the buckets never grow with the magnitude of the costs.
const WINDOW: usize = 1 << 16;
/// The most secondary indices a [`BucketFrontier`] files in buckets.
const MAX_SECONDARY: usize = 1 << 12;
/// The most emptied layers' bucket lists a [`BucketFrontier`] keeps for reuse.
const POOL: usize = 64;
/// After this many pushes in a row whose keys had no bucket, a [`BucketFrontier`] stops
/// asking and sends every key to its heap: the keys of this search are not small integers
/// (real-valued costs, or integers of a large scale), and the test would only cost time.
/// The same many bucketed pushes tell whether buckets pay: see [`BucketFrontier`].
const GIVE_UP: u32 = 4096;

/// How many of a bucket's entries pushed last a spread queue draws from. A draw among a
/// whole bucket spreads no better on grids (a 1000x1000 maze: the same expansions from 2 on,
/// against 10 times as many for the newest alone) and reads memory all over the frontier:
/// an exhaustive A\* on a 12x12 Rush Hour board took twice the misses of a 2 MB cache.
const SPREAD_NEWEST: usize = 8;

/// The nodes queued under one primary index, by secondary index.
struct BucketLayer {
    by_secondary: Vec<Vec<u32>>,
    len: usize,
    /// No entry has a larger secondary index.
    top: usize,
}

impl BucketLayer {
    const EMPTY: BucketLayer = BucketLayer {
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
/// seeded generator among the [`SPREAD_NEWEST`] pushed last: on grids, where a great many
/// states tie, a depth-first choice hugs walls and dead ends while a spread one does not,
/// and the newest entries' nodes and neighbours are still in cache. Keys without small
/// indices go to a lazy binary heap beside the buckets; pop compares the two.
///
/// After [`GIVE_UP`] keys in a row without a bucket, it stops trying: every key goes to
/// the heap, and the queue costs what a binary heap costs. It does the same when its first
/// [`GIVE_UP`] bucketed keys used fewer than one in eight of the primary indices they
/// spanned: costs that are integers of a large scale (a grid with steps of 10,000 and
/// 14,142) leave most layers empty and the others with few entries, and a heap is then
/// faster.
///
/// The layers (one per primary index) sit in a ring that covers the span of primary
/// indices present, at most [`WINDOW`] wide: it grows with the span, not with the costs,
/// and a bit per layer says which hold entries, so that finding the next one skips 64
/// empty layers a word. Keys outside the window go to the heap. So a search whose costs
/// are large integers (a grid with steps of 10,000 and 14,142) pays for the buckets it
/// uses, never for the values of its costs.
///
/// `bucket(key)` gives a key's indices, if small: a key with a smaller primary index, or
/// an equal primary and a larger secondary one, must be larger (expanded first), and a
/// node's key must change bucket whenever it changes (A*: `g` changes), so that a bucket
/// entry is outdated exactly when its node's current key belongs to another bucket.
pub(crate) struct BucketFrontier<K: Ord, B> {
    bucket: B,
    /// Layer `p` at `ring[p % ring.len()]`; the length is a power of two, larger than the
    /// span of the primary indices present.
    ring: Vec<BucketLayer>,
    /// Bit `i` set when `ring[i]` holds an entry.
    occupied: Vec<u64>,
    /// The smallest primary index with an entry, when `len > 0`.
    low: usize,
    /// At least the largest primary index with an entry, when `len > 0`.
    high: usize,
    len: usize,
    /// Emptied layers' bucket lists, for layers filled later.
    pool: Vec<Vec<Vec<u32>>>,
    heap: LazyFrontier<K>,
    /// The state of the generator that draws among equals (xorshift), `None` to take the
    /// last pushed.
    spread: Option<u64>,
    /// Pushes in a row that went to the heap for want of a bucket, up to [`GIVE_UP`]: from
    /// there on every push goes to the heap.
    misses: u32,
    /// What the first [`GIVE_UP`] bucketed pushes saw; `None` once they are counted.
    trial: Option<Trial>,
}

/// The first bucketed pushes of a [`BucketFrontier`]: how many, how many found their
/// layer empty, and the primary indices they spanned.
#[derive(Clone, Copy, Debug)]
struct Trial {
    pushed: u32,
    opened: u32,
    lowest: usize,
    highest: usize,
}

impl Trial {
    /// Whether the layers used lie far apart: fewer than one in eight of the primary
    /// indices spanned was opened, so the costs are integers of a large scale and a
    /// layer holds few entries.
    fn sparse(&self) -> bool {
        (self.opened as usize) * 8 < self.highest - self.lowest + 1
    }
}

impl<K: Ord + Copy, B: Fn(&K) -> Option<(usize, usize)>> BucketFrontier<K, B> {
    pub(crate) fn new(bucket: B, spread: bool) -> Self {
        BucketFrontier {
            bucket,
            ring: Vec::new(),
            occupied: Vec::new(),
            low: 0,
            high: 0,
            len: 0,
            pool: Vec::new(),
            heap: LazyFrontier::new(),
            spread: spread.then_some(0x9E37_79B9_7F4A_7C15),
            misses: 0,
            trial: Some(Trial {
                pushed: 0,
                opened: 0,
                lowest: usize::MAX,
                highest: 0,
            }),
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
                let newest = len.min(SPREAD_NEWEST);
                len - 1 - (((*x >> 32) * newest as u64) >> 32) as usize
            }
        }
    }

    #[inline(always)]
    fn slot(&self, p: usize) -> usize {
        p & (self.ring.len() - 1)
    }

    /// Makes the ring cover the primary indices `low..=high` (a span below [`WINDOW`]),
    /// moving the layers present to their slots in a larger ring if need be.
    #[cold]
    fn widen(&mut self, low: usize, high: usize) {
        let size = (high - low + 1).next_power_of_two().max(64);
        let mut ring: Vec<BucketLayer> = std::iter::repeat_with(|| BucketLayer::EMPTY)
            .take(size)
            .collect();
        let mut occupied = vec![0u64; size / 64];
        if self.len > 0 {
            for p in self.low..=self.high {
                let i = self.slot(p);
                if self.occupied[i / 64] >> (i % 64) & 1 == 1 {
                    let j = p & (size - 1);
                    ring[j] = std::mem::replace(&mut self.ring[i], BucketLayer::EMPTY);
                    occupied[j / 64] |= 1 << (j % 64);
                }
            }
        }
        self.ring = ring;
        self.occupied = occupied;
    }

    /// The layer and secondary index of the best bucket that holds an entry.
    #[inline]
    fn best(&mut self) -> Option<(usize, usize)> {
        if self.len == 0 {
            return None;
        }
        let i = self.slot(self.low);
        if self.ring[i].len == 0 {
            self.low = self.next_occupied(self.low);
        }
        let i = self.slot(self.low);
        let layer = &mut self.ring[i];
        while layer.by_secondary[layer.top].is_empty() {
            layer.top -= 1;
        }
        Some((self.low, layer.top))
    }

    /// The first primary index above `p` whose layer holds an entry (one does).
    #[inline]
    fn next_occupied(&self, p: usize) -> usize {
        let mask = self.ring.len() - 1;
        let start = (p + 1) & mask;
        let (mut w, bit) = (start / 64, start % 64);
        let mut word = self.occupied[w] & (u64::MAX << bit);
        let mut passed = 0;
        while word == 0 {
            passed += 64;
            w = (w + 1) % self.occupied.len();
            word = self.occupied[w];
        }
        let i = w * 64 + word.trailing_zeros() as usize;
        // how far slot `i` lies after slot `start`, in ring order
        let gap = (i + self.ring.len() - start) & mask;
        debug_assert!(passed <= self.ring.len() + 64);
        p + 1 + gap
    }

    /// Removes entry `i` of bucket `(p, s)`.
    #[inline]
    fn take(&mut self, (p, s): (usize, usize), i: usize) {
        let slot = self.slot(p);
        let layer = &mut self.ring[slot];
        layer.len -= 1;
        self.len -= 1;
        layer.by_secondary[s].swap_remove(i);
        if layer.len == 0 {
            self.occupied[slot / 64] &= !(1 << (slot % 64));
            layer.top = 0;
            // an emptied layer's lists are kept for reuse, up to a few (a layer left
            // with many lists gives them back)
            let lists = std::mem::take(&mut layer.by_secondary);
            if self.pool.len() < POOL && lists.len() <= 256 {
                self.pool.push(lists);
            }
        }
    }
}

impl<K: Ord + Copy, B: Fn(&K) -> Option<(usize, usize)>> Frontier<K> for BucketFrontier<K, B> {
    #[inline(always)]
    fn push(&mut self, id: usize, key: K) {
        match self.misses >= GIVE_UP {
            true => self.heap.push(id, key),
            false => self.push_bucket(id, key),
        }
    }

    #[inline]
    fn pop(&mut self, current: impl Fn(usize) -> Option<K>) -> Option<(usize, K)> {
        if self.len == 0 {
            // (nothing in the buckets: the heap's top, as a lazy heap pops it)
            return self.heap.pop(current);
        }
        self.pop_either(current)
    }
}

impl<K: Ord + Copy, B: Fn(&K) -> Option<(usize, usize)>> BucketFrontier<K, B> {
    /// Files `key` in its bucket, or in the heap if it has none.
    #[inline]
    fn push_bucket(&mut self, id: usize, key: K) {
        let Some((p, s)) = (self.bucket)(&key).filter(|&(_, s)| s < MAX_SECONDARY) else {
            self.misses += 1;
            return self.heap.push(id, key);
        };
        let (low, high) = match self.len {
            0 => (p, p),
            _ => (self.low.min(p), self.high.max(p)),
        };
        if high - low >= WINDOW {
            self.misses += 1;
            return self.heap.push(id, key);
        }
        self.misses = 0;
        if high - low >= self.ring.len() {
            self.widen(low, high);
        }
        (self.low, self.high) = (low, high);
        let slot = self.slot(p);
        let layer = &mut self.ring[slot];
        if layer.len == 0 {
            self.occupied[slot / 64] |= 1 << (slot % 64);
            if layer.by_secondary.capacity() == 0 {
                layer.by_secondary = self.pool.pop().unwrap_or_default();
            }
        }
        if s >= layer.by_secondary.len() {
            layer.by_secondary.resize_with(s + 1, Vec::new);
        }
        if let Some(trial) = &mut self.trial {
            trial.pushed += 1;
            trial.opened += u32::from(layer.len == 0);
            (trial.lowest, trial.highest) = (trial.lowest.min(p), trial.highest.max(p));
            if trial.pushed == GIVE_UP {
                if trial.sparse() {
                    self.misses = GIVE_UP;
                }
                self.trial = None;
            }
        }
        layer.by_secondary[s].push(id as u32);
        layer.len += 1;
        layer.top = layer.top.max(s);
        self.len += 1;
    }

    /// The best of the bucket entries and the heap's.
    #[inline]
    fn pop_either(&mut self, current: impl Fn(usize) -> Option<K>) -> Option<(usize, K)> {
        // the best current bucket entry, outdated ones dropped on the way
        let from_buckets = loop {
            let Some(at) = self.best() else { break None };
            let slot = self.slot(at.0);
            let i = self.pick(self.ring[slot].by_secondary[at.1].len());
            let id = self.ring[slot].by_secondary[at.1][i] as usize;
            match current(id) {
                Some(key) if (self.bucket)(&key) == Some(at) => break Some((at, i, id, key)),
                _ => self.take(at, i),
            }
        };
        if let Some((top, stacked)) = self.heap.peek_current(&current) {
            if from_buckets.is_none_or(|(_, _, _, key)| top.1 > key) {
                self.heap.remove_top(stacked);
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
    fn pops_in_key_order<F: Frontier<Key>>(mut q: F) -> F {
        let mut x = 12345u64;
        let mut next = |n: u32| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) as u32 % n
        };
        // each node's (g, h) while it is open, None once popped; `open` holds the keys of
        // the open nodes, so that the best is the set's last, independently of `q`
        let mut nodes: Vec<Option<(u32, u32)>> = Vec::new();
        let mut open = std::collections::BTreeSet::new();
        let current =
            |nodes: &Vec<Option<(u32, u32)>>, id: usize| nodes[id].map(|(g, h)| key(g, h, id));
        let check_pop = |q: &mut F,
                         nodes: &mut Vec<Option<(u32, u32)>>,
                         open: &mut std::collections::BTreeSet<Key>| {
            let popped = q.pop(|id| current(nodes, id));
            let best = open.last().copied();
            match popped {
                Some((id, k)) => {
                    assert_eq!(Some(k), current(nodes, id), "the node's current key");
                    let best = best.unwrap();
                    assert_eq!((best.0, best.1), (k.0, k.1), "{best:?} before {k:?}");
                    open.remove(&k);
                    nodes[id] = None;
                }
                None => assert_eq!(best, None, "nothing left"),
            }
        };
        // pushes first, so that a bucket queue sees keys tie and keeps its buckets, then
        // pushes, improvements and pops at random
        for step in 0..25_000 {
            match if step < 5_000 { 0 } else { next(8) } {
                0..=3 => {
                    let (g, h) = (next(30), next(40));
                    let k = key(g, h, nodes.len());
                    q.push(nodes.len(), k);
                    open.insert(k);
                    nodes.push(Some((g, h)));
                }
                4 => {
                    let id = next(nodes.len().max(1) as u32) as usize;
                    if let Some(Some((g, h))) = nodes.get(id).copied() {
                        if g > 0 {
                            open.remove(&key(g, h, id));
                            let g = g - 1 - next(g);
                            nodes[id] = Some((g, h));
                            q.push(id, key(g, h, id));
                            open.insert(key(g, h, id));
                        }
                    }
                }
                _ => check_pop(&mut q, &mut nodes, &mut open),
            }
        }
        while !open.is_empty() {
            check_pop(&mut q, &mut nodes, &mut open);
        }
        assert!(nodes.iter().all(Option::is_none));
        assert!(q.pop(|id| current(&nodes, id)).is_none());
        q
    }

    #[test]
    fn every_open_list_pops_in_key_order() {
        // keys with f above 50 or g above 20 go to the bucket queue's heap, so either side
        // can hold the best entry
        for spread in [false, true] {
            let q = pops_in_key_order(BucketFrontier::new(
                |k: &Key| (k.0 .0 <= 50 && k.1 <= 20).then_some((k.0 .0 as usize, k.1 as usize)),
                spread,
            ));
            // keys that tie often: the buckets were kept, and the test went through them
            assert!(q.trial.is_none() && q.misses < GIVE_UP, "{:?}", q.trial);
        }
        pops_in_key_order(LazyFrontier::new());
        pops_in_key_order(IndexedFrontier::new());
        // primary indices 10,000 apart: the span passes the window, so entries far above
        // the lowest go to the heap, and the ring covers what is left
        pops_in_key_order(BucketFrontier::new(
            |k: &Key| Some((k.0 .0 as usize * 10_000, k.1 as usize)),
            true,
        ));
    }

    /// A* pushes children of the popped node's `f` and a larger `g` (above everything
    /// queued), in rising and in falling order, beside others and improvements: the lazy
    /// heap keeps the rising ones on its stack and still pops every key in order.
    #[test]
    fn the_lazy_heap_pops_stacked_children_in_key_order() {
        let mut x = 99u64;
        let mut next = |n: u32| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 32) as u32 % n
        };
        let mut q = LazyFrontier::new();
        // each node's (g, h) while it is open; the open keys, best last
        let mut nodes: Vec<Option<(u32, u32)>> = Vec::new();
        let mut open = std::collections::BTreeSet::new();
        let push = |q: &mut LazyFrontier<Key>,
                    nodes: &mut Vec<Option<(u32, u32)>>,
                    open: &mut std::collections::BTreeSet<Key>,
                    (g, h): (u32, u32)| {
            let k = key(g, h, nodes.len());
            q.push(nodes.len(), k);
            open.insert(k);
            nodes.push(Some((g, h)));
        };
        push(&mut q, &mut nodes, &mut open, (0, 500));
        let (mut stacked, mut popped) = (0, 0);
        for _ in 0..20_000 {
            // now and then an open node improves: its key grows and is pushed again
            let id = next(nodes.len() as u32) as usize;
            if let Some((g, h)) = nodes[id].filter(|&(g, _)| g > 0 && next(4) == 0) {
                open.remove(&key(g, h, id));
                nodes[id] = Some((g - 1, h));
                q.push(id, key(g - 1, h, id));
                open.insert(key(g - 1, h, id));
            }
            let Some((id, k)) = q.pop(|id| nodes[id].map(|(g, h)| key(g, h, id))) else {
                break;
            };
            let best = open.pop_last().unwrap();
            assert_eq!(k, best, "popped {k:?}, the best open was {best:?}");
            let (g, h) = nodes[id].take().unwrap();
            popped += 1;
            // children toward the goal (same f, larger g), in rising or falling order,
            // and children away from it
            let mut steps: Vec<u32> = (1..=next(3)).collect();
            if next(2) == 0 {
                steps.reverse();
            }
            for step in steps {
                push(
                    &mut q,
                    &mut nodes,
                    &mut open,
                    (g + step, h.saturating_sub(step)),
                );
            }
            for _ in 0..next(3) {
                push(
                    &mut q,
                    &mut nodes,
                    &mut open,
                    (g + 1 + next(3), h + next(4)),
                );
            }
            stacked = stacked.max(q.rising.len());
        }
        assert!(
            popped > 10_000 && stacked > 1,
            "{popped} popped, {stacked} stacked"
        );
    }

    /// A spread queue draws among the newest entries of a bucket, not in their order and
    /// not from the older ones.
    #[test]
    fn a_spread_queue_draws_among_the_newest() {
        let mut q = BucketFrontier::new(|k: &Key| Some((k.0 .0 as usize, k.1 as usize)), true);
        let mut newest_taken = 0;
        for round in 0..20 {
            let pushed = round * 100..(round + 1) * 100;
            for id in pushed.clone() {
                q.push(id, key(3, 4, 0));
            }
            let (id, _) = q.pop(|_| Some(key(3, 4, 0))).unwrap();
            assert!(pushed.end - SPREAD_NEWEST <= id && id < pushed.end, "{id}");
            newest_taken += usize::from(id == pushed.end - 1);
        }
        assert!(
            newest_taken < 10,
            "{newest_taken} of 20 draws took the newest"
        );
    }

    /// Keys whose primary indices lie nine apart use one layer in nine: after the trial the
    /// queue sends every key to its heap, and still pops them in order.
    #[test]
    fn keys_far_apart_go_to_the_heap() {
        let mut q = BucketFrontier::new(|k: &Key| Some((k.0 .0 as usize, k.1 as usize)), false);
        let n = GIVE_UP as usize + 100;
        for id in 0..n {
            q.push(id, key(0, 9 * id as u32, id));
        }
        assert_eq!((q.misses, q.heap.len()), (GIVE_UP, 100));
        for id in 0..n {
            let popped = q.pop(|i| (i >= id).then(|| key(0, 9 * i as u32, i)));
            assert_eq!(popped.map(|(i, _)| i), Some(id));
        }
    }

    /// The ring covers the primary indices present, whatever their magnitude.
    #[test]
    fn bucket_memory_follows_the_span_not_the_costs() {
        // (g = 0: each key's secondary index fits, so only the primary one decides)
        let mut q = BucketFrontier::new(|k: &Key| Some((k.0 .0 as usize, k.1 as usize)), false);
        for (id, f) in (1_000_000..1_000_100).enumerate() {
            q.push(id, key(0, f, id));
        }
        assert_eq!((q.len, q.heap.len()), (100, 0));
        assert!(q.ring.len() <= 128, "{} layers", q.ring.len());
        for id in 0..100 {
            assert_eq!(
                q.pop(|i| (i >= id).then(|| key(0, 1_000_000 + i as u32, i)))
                    .map(|(i, _)| i),
                Some(id)
            );
        }
        // far apart: the second goes to the heap, still popped in order
        q.push(0, key(0, 5, 0));
        q.push(1, key(0, 5 + WINDOW as u32, 1));
        assert_eq!((q.len, q.heap.len()), (1, 1));
        let current = |i: usize| Some(key(0, 5 + i as u32 * WINDOW as u32, i));
        assert_eq!(q.pop(current).map(|(i, _)| i), Some(0));
        assert_eq!(
            q.pop(|i| (i == 1).then(|| current(i)).flatten())
                .map(|(i, _)| i),
            Some(1)
        );
    }
}
