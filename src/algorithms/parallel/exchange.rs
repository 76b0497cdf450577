//! How the successors of a round reach their buckets, in the searches that settle them in
//! bulk: each thread collects them in a buffer for each bucket, hands the buffers over
//! when it has expanded its part of the round, and the buckets are then settled one at a
//! time, each by whichever thread takes it.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

use super::lock;

/// How many buckets the states are kept in, at least, and for each thread. Each bucket has
/// an index of its own: more buckets make smaller indexes, which serve a round's lookups
/// from the cache, but spread a thread's successors over more places in memory. The
/// buckets are also the units the threads take in each phase of a round, and the phase
/// ends with the last bucket taken: at 16 threads, 16 a thread instead of 8 cut the time
/// the threads of A\* on a Rush Hour board waited at the barriers from 1.6–2.9 s in all to
/// 0.9–1.1 s, and 32 a thread lost again to the scattered successors.
const MIN_BUCKETS: usize = 128;
const BUCKETS_PER_THREAD: usize = 16;

/// A bucket's index is read into the cache before its successors are settled when they
/// are at least this fraction of its size.
const WARM_RATIO: usize = 4;

/// How many buckets a search on `threads` threads keeps its states in.
pub(crate) fn bucket_count(threads: usize) -> usize {
    (threads * BUCKETS_PER_THREAD).max(MIN_BUCKETS)
}

/// Whether `arriving` lookups into an index of `indexed` states repay reading the index
/// into the cache first.
pub(crate) fn worth_warming(arriving: usize, indexed: usize) -> bool {
    arriving * WARM_RATIO >= indexed
}

/// The buffers of a round, and which buckets are taken.
pub(crate) struct Exchange<T> {
    threads: usize,
    buckets: usize,
    /// What each thread handed over for each bucket, at `bucket * threads + thread`.
    posts: Vec<Mutex<Vec<T>>>,
    /// Whether a thread handed over anything for a bucket in this round.
    posted: Vec<AtomicBool>,
    /// The next bucket to take, to expand and to settle.
    expand_next: AtomicUsize,
    settle_next: AtomicUsize,
}

impl<T> Exchange<T> {
    pub(crate) fn new(buckets: usize, threads: usize) -> Self {
        Exchange {
            threads,
            buckets,
            posts: (0..buckets * threads)
                .map(|_| Mutex::new(Vec::new()))
                .collect(),
            posted: (0..buckets).map(|_| AtomicBool::new(false)).collect(),
            expand_next: AtomicUsize::new(0),
            settle_next: AtomicUsize::new(0),
        }
    }

    /// A thread's empty buffers, one for each bucket.
    pub(crate) fn buffers(&self) -> Vec<Vec<T>> {
        (0..self.buckets).map(|_| Vec::new()).collect()
    }

    /// Hands thread `t`'s buffers over. Each comes back as the one handed over in the last
    /// round, emptied, with its room.
    pub(crate) fn hand_over(&self, t: usize, out: &mut [Vec<T>]) {
        for (b, buffer) in out.iter_mut().enumerate() {
            if !buffer.is_empty() {
                std::mem::swap(&mut *lock(&self.posts[b * self.threads + t]), buffer);
                self.posted[b].store(true, Ordering::Relaxed);
            }
        }
    }

    /// The next bucket to expand, if one is left in this round.
    pub(crate) fn take_to_expand(&self) -> Option<usize> {
        let b = self.expand_next.fetch_add(1, Ordering::Relaxed);
        (b < self.buckets).then_some(b)
    }

    /// Whether every bucket has been taken to expand (read between the two phases, when
    /// no thread takes any).
    pub(crate) fn all_expanded(&self) -> bool {
        self.expand_next.load(Ordering::Relaxed) >= self.buckets
    }

    /// The next bucket to settle, if one is left in this round, and what was handed over
    /// for it (none if nothing was).
    #[allow(clippy::type_complexity)]
    pub(crate) fn take_to_settle(&self) -> Option<(usize, Option<Vec<MutexGuard<'_, Vec<T>>>>)> {
        let b = self.settle_next.fetch_add(1, Ordering::Relaxed);
        if b >= self.buckets {
            return None;
        }
        let posts = self.posted[b].swap(false, Ordering::Relaxed).then(|| {
            let slots = &self.posts[b * self.threads..(b + 1) * self.threads];
            slots.iter().map(lock).collect()
        });
        Some((b, posts))
    }

    /// Lets the buckets be taken again: to settle, and to expand if `expand`. For one
    /// thread between rounds, when no thread takes any.
    pub(crate) fn restart(&self, expand: bool) {
        self.settle_next.store(0, Ordering::Relaxed);
        if expand {
            self.expand_next.store(0, Ordering::Relaxed);
        }
    }

    /// What was handed over and never settled (when the search stopped in a round).
    pub(crate) fn into_left(self) -> impl Iterator<Item = T> {
        self.posts
            .into_iter()
            .flat_map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner()))
    }
}
