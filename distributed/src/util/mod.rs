//! What the distributed searches share: the rounds on timely dataflow ([`route`]), which
//! worker owns a state, states as words for [`Gather`](route::Gather) rounds, and the
//! per-worker buffers of packed successors.

pub(crate) mod recent;
pub(crate) mod route;
pub(crate) mod sorted;
pub(crate) mod table;

use std::marker::PhantomData;

use heurist::disk::Packed;
use heurist::{Expansion, Problem};

use crate::Stop;
use route::Router;
use sorted::Payload;

/// A state's skip set (move pruning) in the sorted layers of breadth-first search: the
/// union of its ways in.
pub(crate) struct Ways<P: Problem + ?Sized, E: Expansion<P>>(E::Set, PhantomData<fn(&P)>);

impl<P: Problem + ?Sized, E: Expansion<P>> Clone for Ways<P, E> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: Problem + ?Sized, E: Expansion<P>> Copy for Ways<P, E> {}

impl<P: Problem + ?Sized, E: Expansion<P>> Default for Ways<P, E> {
    fn default() -> Self {
        Ways(E::empty(), PhantomData)
    }
}

impl<P, E> Payload for Ways<P, E>
where
    P: Problem + ?Sized + 'static,
    E: Expansion<P> + 'static,
    E::Set: Packed + 'static,
{
    const BYTES: usize = <E::Set as Packed>::BYTES;
    #[inline]
    fn read(bytes: &[u8]) -> Self {
        Ways(E::Set::unpack(bytes), PhantomData)
    }
    #[inline]
    fn write(self, out: &mut [u8]) {
        self.0.pack(out);
    }
    #[inline]
    fn union(self, other: Self) -> Self {
        Ways(E::union(self.0, other.0), PhantomData)
    }
}

/// Runs `f`, the problem's code inside: the message of its panic, if it panics. The worker
/// then reports the failure after the round instead of unwinding, so that every worker
/// stops in the same round.
pub(crate) fn guarded(f: impl FnOnce()) -> Option<String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
        .err()
        .map(|payload| panic_text(&payload, "the problem's code panicked"))
}

/// What a panic carried, as text; `otherwise` when it carried no text.
pub(crate) fn panic_text(payload: &Box<dyn std::any::Any + Send>, otherwise: &str) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| otherwise.to_string())
}

/// The hash of the workers' maps and sets of states: a multiply and rotate per word and a
/// full mix at the end, so that states made of a few words of small fields (Rush Hour's
/// 4-bit positions) spread over the whole table. Its constants differ from [`owner`]'s on
/// purpose: the states a worker owns agree in the top bits of that hash, and a table keyed
/// by it would crowd them together.
#[derive(Clone, Copy, Default)]
pub(crate) struct MixHasher(u64);

impl std::hash::Hasher for MixHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.write_u64(u64::from_le_bytes(chunk.try_into().expect("8 bytes")));
        }
        if !chunks.remainder().is_empty() {
            let mut tail = [0u8; 8];
            tail[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
            self.write_u64(u64::from_le_bytes(tail) ^ (1 << 63));
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }
    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.write_u64(u64::from(i));
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0 ^ i)
            .wrapping_mul(0xA076_1D64_78BD_642F)
            .rotate_left(31);
    }
    #[inline]
    fn finish(&self) -> u64 {
        let mut h = self.0 ^ 0xE703_7ED1_A0B4_28DB;
        h ^= h >> 33;
        h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        h ^= h >> 33;
        h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
        h ^ (h >> 33)
    }
}

/// A map keyed by states, hashed with [`MixHasher`].
pub(crate) type StateMap<K, V> =
    std::collections::HashMap<K, V, std::hash::BuildHasherDefault<MixHasher>>;

/// A set of states, hashed with [`MixHasher`].
pub(crate) type StateSet<K> =
    std::collections::HashSet<K, std::hash::BuildHasherDefault<MixHasher>>;

/// The worker (of `peers`) that owns the state packed as `bytes`: a fixed hash of the bytes,
/// the same in every process and on every machine, scaled into `0..peers`.
pub(crate) fn owner(bytes: &[u8], peers: usize) -> usize {
    owner_of(state_hash(bytes), peers)
}

/// The worker (of `peers`) that owns a state whose [`state_hash`] is `hash`.
#[inline]
pub(crate) fn owner_of(hash: u64, peers: usize) -> usize {
    ((u128::from(hash) * peers as u128) >> 64) as usize
}

/// The fixed hash of a packed state that [`owner`] scales: its top bits name the owner, its
/// low bits are free for a table of the sender's ([`recent`]).
#[inline]
pub(crate) fn state_hash(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0x243F_6A88_85A3_08D3;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        hash = (hash ^ word)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29);
    }
    let mut tail = [0u8; 8];
    tail[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    hash =
        (hash ^ u64::from_le_bytes(tail) ^ bytes.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    hash ^= hash >> 32;
    hash = hash.wrapping_mul(0xD6E8_FEB8_6659_FD93);
    hash ^= hash >> 32;
    hash
}

/// `state` as little-endian words, for a [`Gather`](route::Gather) round.
pub(crate) fn to_words<S: Packed>(state: &S) -> Vec<u64> {
    let mut bytes = vec![0u8; S::BYTES.div_ceil(8) * 8];
    state.pack(&mut bytes[..S::BYTES]);
    bytes
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
        .collect()
}

/// The state that [`to_words`] made `words` of.
pub(crate) fn from_words<S: Packed>(words: &[u64]) -> S {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    S::unpack(&bytes[..S::BYTES])
}

/// How large a batch of packed records grows before it is sent.
const BATCH_BYTES: usize = 64 << 10;

/// One buffer of packed records for each worker, sent through a [`Router`] as they fill.
pub(crate) struct Outbox {
    buffers: Vec<Vec<u8>>,
    /// Bytes packed so far this round, all buffers together.
    pub(crate) bytes: u64,
}

impl Outbox {
    pub(crate) fn new(peers: usize) -> Self {
        Outbox {
            buffers: (0..peers).map(|_| Vec::new()).collect(),
            bytes: 0,
        }
    }

    /// Appends one record for worker `to`, written by `write` into `len` bytes, and sends
    /// the buffer once it is full.
    pub(crate) fn push(
        &mut self,
        router: &mut Router,
        worker: &mut timely::worker::Worker,
        to: usize,
        len: usize,
        write: impl FnOnce(&mut [u8]),
    ) {
        let buffer = &mut self.buffers[to];
        if buffer.capacity() == 0 {
            buffer.reserve_exact(BATCH_BYTES);
        }
        let at = buffer.len();
        buffer.resize(at + len, 0);
        write(&mut buffer[at..]);
        self.bytes += len as u64;
        if buffer.len() + len > BATCH_BYTES {
            let full = std::mem::take(buffer);
            router.send(worker, to, full);
        }
    }

    /// Sends every buffer that holds anything and ends the round: returns the bytes packed
    /// this round once every worker's batches of it are handled.
    pub(crate) fn finish_round(
        &mut self,
        router: &mut Router,
        worker: &mut timely::worker::Worker,
        stop: &Stop,
    ) -> Result<u64, crate::Error> {
        for (to, buffer) in self.buffers.iter_mut().enumerate() {
            if !buffer.is_empty() {
                router.send(worker, to, std::mem::take(buffer));
            }
        }
        router
            .finish_round(worker, stop)
            .map_err(|()| crate::cluster::peer_gone())?;
        Ok(std::mem::take(&mut self.bytes))
    }
}

/// What every worker reports after a round, whatever the search: its counters so far, whether
/// the problem's code failed on it, and whether a limit stopped it. These are the first
/// [`WORDS`](Report::WORDS) words of its gather contribution; each search adds its own.
#[derive(Default)]
pub(crate) struct Report {
    pub(crate) expanded: u64,
    pub(crate) generated: u64,
    pub(crate) duplicates: u64,
    pub(crate) reopened: u64,
    pub(crate) stored: u64,
    /// The states this worker expanded this round (or held open).
    pub(crate) frontier: u64,
    /// Bytes sent to other workers so far.
    pub(crate) sent: u64,
    pub(crate) failed: bool,
    /// A stop reason as a word: every worker must stop in the same round, so each one's
    /// verdict is shared and the first worker's reason wins.
    pub(crate) stop: u64,
}

/// What the workers' reports of one round say together.
pub(crate) struct Verdict {
    /// The first worker on which the problem's code failed.
    pub(crate) failed: Option<usize>,
    /// The first worker's reason to stop.
    pub(crate) stop: Option<heurist::StopReason>,
}

impl Verdict {
    /// The error every worker returns when the problem's code (or a checkpoint) failed on
    /// one: that worker returns the failure's message (`own`), the others name the worker.
    pub(crate) fn failure(&self, own: Option<&str>) -> Result<(), crate::Error> {
        match (self.failed, own) {
            (None, _) => Ok(()),
            (Some(_), Some(own)) => Err(crate::Error::WorkerFailed(own.to_string())),
            (Some(worker), None) => Err(crate::Error::WorkerFailed(format!(
                "{}{worker}",
                crate::cluster::ECHO
            ))),
        }
    }
}

impl Report {
    pub(crate) const WORDS: usize = 9;

    /// Sets [`stop`](Report::stop) from the limits, the cancellation and this worker's clock.
    pub(crate) fn check(
        &mut self,
        stop: &Stop,
        started: std::time::Instant,
        limits: &crate::Limits,
    ) {
        self.stop = if stop.cancelled() {
            1
        } else if limits.time_limit.is_some_and(|t| started.elapsed() >= t) {
            2
        } else if limits.max_expansions.is_some_and(|m| self.expanded >= m) {
            3
        } else {
            0
        };
    }

    pub(crate) fn words(&self) -> Vec<u64> {
        vec![
            self.expanded,
            self.generated,
            self.duplicates,
            self.reopened,
            self.stored,
            self.frontier,
            self.sent,
            u64::from(self.failed),
            self.stop,
        ]
    }

    /// Sums the reports that begin each of `all` into `stats` and `bytes_sent`.
    pub(crate) fn combine(
        all: &[Vec<u64>],
        stats: &mut heurist::Stats,
        bytes_sent: &mut u64,
    ) -> Verdict {
        use heurist::StopReason as R;
        let sum = |i: usize| all.iter().map(|w| w[i]).sum::<u64>();
        stats.expanded = sum(0);
        stats.generated = sum(1);
        stats.duplicates = sum(2);
        stats.reopened = sum(3);
        stats.stored = sum(4) as usize;
        let widest = all.iter().map(|w| w[5] as usize).max().unwrap_or(0);
        stats.max_frontier = stats.max_frontier.max(widest);
        *bytes_sent = sum(6);
        Verdict {
            failed: all.iter().position(|w| w[7] != 0),
            stop: all.iter().find_map(|w| match w[8] {
                1 => Some(R::Cancelled),
                2 => Some(R::Deadline),
                3 => Some(R::MaxExpansions),
                _ => None,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn owners_spread_evenly_and_stay_in_range() {
        for peers in [1, 2, 3, 4, 7, 16] {
            let mut counts = vec![0u32; peers];
            for n in 0..40_000u64 {
                let mut bytes = [0u8; 6];
                n.to_le_bytes()[..6]
                    .iter()
                    .zip(&mut bytes)
                    .for_each(|(a, b)| *b = *a);
                counts[owner(&bytes, peers)] += 1;
            }
            let expected = 40_000 / peers as u32;
            for &c in &counts {
                assert!(
                    c.abs_diff(expected) < expected / 10 + 50,
                    "{peers} workers: {counts:?}"
                );
            }
        }
    }

    #[test]
    fn states_round_trip_through_words() {
        let state: [u8; 11] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
        let words = to_words(&state);
        assert_eq!(words.len(), 2);
        assert_eq!(from_words::<[u8; 11]>(&words), state);
        assert_eq!(from_words::<u32>(&to_words(&0xDEAD_BEEFu32)), 0xDEAD_BEEF);
    }
}
