//! What the distributed searches share: the rounds on timely dataflow ([`route`]), which
//! worker owns a state, states as words for [`Gather`](route::Gather) rounds, and the
//! per-worker buffers of packed successors.

pub(crate) mod route;

use heurist::disk::Packed;

use crate::Stop;
use route::Router;

/// The worker (of `peers`) that owns the state packed as `bytes`: a fixed hash of the bytes,
/// the same in every process and on every machine, scaled into `0..peers`.
pub(crate) fn owner(bytes: &[u8], peers: usize) -> usize {
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
    ((u128::from(hash) * peers as u128) >> 64) as usize
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

    /// Sends every buffer that holds anything.
    pub(crate) fn flush(&mut self, router: &mut Router, worker: &mut timely::worker::Worker) {
        for (to, buffer) in self.buffers.iter_mut().enumerate() {
            if !buffer.is_empty() {
                router.send(worker, to, std::mem::take(buffer));
            }
        }
    }
}

/// Whether a limit stopped this worker, as a word for a gather round: every worker
/// must stop in the same round, so each one's verdict is shared and the first reason wins.
pub(crate) fn stop_word(
    stop: &Stop,
    expanded: u64,
    started: std::time::Instant,
    limits: &crate::Limits,
) -> u64 {
    use heurist::StopReason as R;
    let reason = if stop.cancelled() {
        Some(R::Cancelled)
    } else if limits.time_limit.is_some_and(|t| started.elapsed() >= t) {
        Some(R::Deadline)
    } else if limits.max_expansions.is_some_and(|m| expanded >= m) {
        Some(R::MaxExpansions)
    } else {
        None
    };
    match reason {
        None => 0,
        Some(R::Cancelled) => 1,
        Some(R::Deadline) => 2,
        Some(_) => 3,
    }
}

/// The reason a [`stop_word`] names.
pub(crate) fn stop_reason(word: u64) -> Option<heurist::StopReason> {
    use heurist::StopReason as R;
    match word {
        1 => Some(R::Cancelled),
        2 => Some(R::Deadline),
        3 => Some(R::MaxExpansions),
        _ => None,
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
