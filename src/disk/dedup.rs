//! Delayed duplicate detection for one partition of a new layer: the successors written
//! for it are sorted and made unique in memory (in sorted runs merged from disk when they
//! outgrow the memory budget), and those already in the earlier layers' files of the same
//! partition, sorted too, are dropped in one merge pass. What is left is the partition's
//! part of the new layer, written sorted.

use std::path::PathBuf;

use super::files::{remove_file, LayerIndex, Layout, OpenFiles, RecordWriter, Records};
use super::DiskError;

/// A packed state as a sort key: its order is the lexicographic order of the bytes, so
/// every file is sorted the same way whatever key a run uses.
pub(crate) trait Key: Ord + Send + Sized {
    /// Bytes of memory a key of a `width`-byte record takes.
    fn mem(width: usize) -> usize;
    fn read(bytes: &[u8]) -> Self;
    fn write(&self, out: &mut [u8]);
    /// Sorts keys of `width`-byte records (repeats stay; the merge skips them).
    #[allow(clippy::ptr_arg)] // the radix sort swaps the vector with its buffer
    fn sort(keys: &mut Vec<Self>, width: usize) {
        let _ = width;
        keys.sort_unstable();
    }
}

impl Key for u64 {
    fn mem(_: usize) -> usize {
        16 // the key and its place in the radix sort's buffer
    }
    #[inline]
    fn read(bytes: &[u8]) -> Self {
        // a loop, not a copy: the width is known only at run time, and a call to `memcpy`
        // for six bytes costs more than the bytes
        bytes.iter().fold(0, |k, &b| k << 8 | b as u64)
    }
    #[inline]
    fn write(&self, out: &mut [u8]) {
        let n = out.len();
        for (i, o) in out.iter_mut().enumerate() {
            *o = (self >> (8 * (n - 1 - i))) as u8;
        }
    }
    fn sort(keys: &mut Vec<Self>, width: usize) {
        radix_sort(keys, 8 * width as u32);
    }
}

impl Key for u128 {
    fn mem(_: usize) -> usize {
        16
    }
    #[inline]
    fn read(bytes: &[u8]) -> Self {
        let mut b = [0; 16];
        b[16 - bytes.len()..].copy_from_slice(bytes);
        u128::from_be_bytes(b)
    }
    #[inline]
    fn write(&self, out: &mut [u8]) {
        let n = out.len();
        out.copy_from_slice(&self.to_be_bytes()[16 - n..]);
    }
}

/// Records of 17 to 32 bytes as two big-endian words, the record's bytes at the end:
/// compared as integers, without an allocation for each key or a byte-by-byte comparison,
/// which the boxed keys of wider records take.
impl Key for [u128; 2] {
    fn mem(_: usize) -> usize {
        32
    }
    #[inline]
    fn read(bytes: &[u8]) -> Self {
        let mut b = [0; 32];
        b[32 - bytes.len()..].copy_from_slice(bytes);
        let (high, low) = b.split_at(16);
        [
            u128::from_be_bytes(high.try_into().unwrap()),
            u128::from_be_bytes(low.try_into().unwrap()),
        ]
    }
    #[inline]
    fn write(&self, out: &mut [u8]) {
        let mut b = [0; 32];
        b[..16].copy_from_slice(&self[0].to_be_bytes());
        b[16..].copy_from_slice(&self[1].to_be_bytes());
        out.copy_from_slice(&b[32 - out.len()..]);
    }
}

impl Key for Box<[u8]> {
    fn mem(width: usize) -> usize {
        // the pointer and length, the bytes rounded up, and the allocator's own
        width.div_ceil(16) * 16 + 32
    }
    fn read(bytes: &[u8]) -> Self {
        bytes.into()
    }
    fn write(&self, out: &mut [u8]) {
        out.copy_from_slice(self);
    }
}

/// Sorts keys of `bits` bits by least-significant-digit radix sort, in as few passes of
/// at most 11 bits as cover them (48 bits: 5 passes of 10), each skipped where every key
/// has the same digit, with a buffer as large as `keys`; small inputs go to the standard
/// sort.
fn radix_sort(keys: &mut Vec<u64>, bits: u32) {
    if keys.len() < 4096 || keys.len() > u32::MAX as usize {
        keys.sort_unstable();
        return;
    }
    let passes = bits.div_ceil(11).max(1);
    let digit = bits.div_ceil(passes);
    let radix = 1usize << digit;
    let mask = radix as u64 - 1;
    let mut counts = vec![0u32; passes as usize * radix];
    for &k in keys.iter() {
        for p in 0..passes as usize {
            counts[p * radix + ((k >> (p as u32 * digit)) & mask) as usize] += 1;
        }
    }
    let mut from = std::mem::take(keys);
    let mut to = vec![0u64; from.len()];
    for (p, count) in counts.chunks_exact(radix).enumerate() {
        if count.contains(&(from.len() as u32)) {
            continue; // every key has the same digit here
        }
        let mut next = vec![0u32; radix];
        let mut sum = 0;
        for (slot, &c) in next.iter_mut().zip(count) {
            *slot = sum;
            sum += c;
        }
        let shift = p as u32 * digit;
        for &k in &from {
            let d = ((k >> shift) & mask) as usize;
            to[next[d] as usize] = k;
            next[d] += 1;
        }
        std::mem::swap(&mut from, &mut to);
    }
    *keys = from;
}

/// A test on a packed state: whether a layer keeps it.
pub(crate) type KeepFn<'x> = dyn Fn(&[u8]) -> bool + Sync + 'x;

/// One layer's deduplication: where the successors are and what they are checked against.
pub(crate) struct Job<'x> {
    pub(crate) layout: &'x Layout,
    pub(crate) width: usize,
    /// For each expanding thread, for each partition, the chunks of that thread's
    /// successor file that belong to the partition: (byte offset, records).
    pub(crate) chunks: &'x [Vec<Vec<(u64, u64)>>],
    /// The earlier layers to check against: depth and index.
    pub(crate) previous: Vec<(usize, LayerIndex)>,
    /// Memory for the keys of one partition (one thread's share of the budget).
    pub(crate) key_bytes: usize,
    /// The buffer of each file read or written.
    pub(crate) io_bytes: usize,
    /// Which new states the layer keeps (packed), when not all: a breadth-first heuristic
    /// search's bound, tested only on the states that are new, after the duplicates are
    /// gone, so that the estimate is computed once a state rather than once a successor.
    pub(crate) keep: Option<&'x KeepFn<'x>>,
}

/// What the deduplication of one partition found.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Counted {
    /// New states: the partition's part of the new layer.
    pub(crate) states: u64,
    /// Successors read.
    pub(crate) candidates: u64,
    /// Bytes written to sorted runs.
    pub(crate) run_bytes: u64,
}

/// The sorted, unique successors of a partition: in memory, or merged from sorted runs.
enum Sorted<K> {
    Memory(std::iter::Peekable<std::vec::IntoIter<K>>),
    Runs {
        runs: Vec<Records>,
        heads: Vec<Option<K>>,
    },
}

impl<K: Key> Sorted<K> {
    fn next(&mut self) -> Result<Option<K>, DiskError> {
        match self {
            Sorted::Memory(keys) => {
                let key = keys.next();
                while key.is_some() && keys.peek() == key.as_ref() {
                    keys.next();
                }
                Ok(key)
            }
            Sorted::Runs { runs, heads } => {
                let Some(i) = (0..heads.len())
                    .filter(|&i| heads[i].is_some())
                    .min_by(|&a, &b| heads[a].cmp(&heads[b]))
                else {
                    return Ok(None);
                };
                let key = heads[i].take();
                heads[i] = next_key(&mut runs[i])?;
                for (run, head) in runs.iter_mut().zip(heads.iter_mut()) {
                    while *head == key {
                        *head = next_key(run)?;
                    }
                }
                Ok(key)
            }
        }
    }
}

fn next_key<K: Key>(records: &mut Records) -> Result<Option<K>, DiskError> {
    Ok(if records.advance()? {
        Some(K::read(records.current()))
    } else {
        None
    })
}

/// Builds partition `k` of the new layer, appending it to `out`.
pub(crate) fn partition<K: Key>(
    job: &Job<'_>,
    k: usize,
    out: &mut RecordWriter,
    files: &mut OpenFiles,
) -> Result<Counted, DiskError> {
    let width = job.width;
    let mut inputs = Vec::new();
    for (t, parts) in job.chunks.iter().enumerate() {
        for &(offset, records) in &parts[k] {
            inputs.push((job.layout.candidates(t), offset, records));
        }
    }
    let total: u64 = inputs.iter().map(|i| i.2).sum();
    let mut counted = Counted {
        candidates: total,
        ..Counted::default()
    };
    let mut open = |(path, offset, records): &(PathBuf, u64, u64)| {
        files.range(path, width, *offset, *records, job.io_bytes)
    };
    let capacity = (job.key_bytes / K::mem(width)).max(1);
    let mut run_paths = Vec::new();
    let mut sorted = if total <= capacity as u64 {
        let mut keys = Vec::with_capacity(total as usize);
        for input in &inputs {
            let mut r = open(input)?;
            while let Some(block) = r.block()? {
                keys.extend(block.chunks_exact(width).map(K::read));
            }
        }
        K::sort(&mut keys, width);
        Sorted::Memory(keys.into_iter().peekable())
    } else {
        // external sort: sorted unique runs of `capacity` keys, merged below
        let mut keys = Vec::with_capacity(capacity);
        let mut flush = |keys: &mut Vec<K>, counted: &mut Counted| -> Result<(), DiskError> {
            K::sort(keys, width);
            let path = job.layout.run(k, run_paths.len());
            let mut w = RecordWriter::create(&path, job.io_bytes)?;
            let mut last: Option<K> = None;
            for key in keys.drain(..) {
                if last.as_ref() != Some(&key) {
                    key.write(w.slot(width)?);
                    last = Some(key);
                }
            }
            counted.run_bytes += w.finish(false)?;
            run_paths.push(path);
            Ok(())
        };
        for input in &inputs {
            let mut r = open(input)?;
            while let Some(block) = r.block()? {
                for record in block.chunks_exact(width) {
                    keys.push(K::read(record));
                    if keys.len() == capacity {
                        flush(&mut keys, &mut counted)?;
                    }
                }
            }
        }
        if !keys.is_empty() {
            flush(&mut keys, &mut counted)?;
        }
        drop(keys);
        // the keys' memory is free again: the runs' read buffers share it
        let buf = (job.key_bytes / run_paths.len()).clamp(4096, job.io_bytes.max(4096));
        let mut runs = Vec::with_capacity(run_paths.len());
        let mut heads = Vec::with_capacity(run_paths.len());
        for path in &run_paths {
            let mut r = Records::open(path, width, buf)?;
            heads.push(next_key(&mut r)?);
            runs.push(r);
        }
        Sorted::Runs { runs, heads }
    };

    // drop what the earlier layers hold: one merge pass over their sorted files
    let mut earlier = Vec::with_capacity(job.previous.len());
    for (depth, index) in &job.previous {
        let (file, offset, records) = index.parts[k];
        let path = job.layout.data(*depth, file);
        let mut r = files.range(&path, width, offset, records, job.io_bytes)?;
        let head = next_key::<K>(&mut r)?;
        earlier.push((r, head));
    }
    let before = out.records;
    let mut bytes = vec![0u8; if job.keep.is_some() { width } else { 0 }];
    'keys: while let Some(key) = sorted.next()? {
        for (r, head) in earlier.iter_mut() {
            while head.as_ref().is_some_and(|h| *h < key) {
                *head = next_key(r)?;
            }
            if head.as_ref() == Some(&key) {
                continue 'keys;
            }
        }
        match job.keep {
            None => key.write(out.slot(width)?),
            Some(keep) => {
                key.write(&mut bytes);
                if keep(&bytes) {
                    out.slot(width)?.copy_from_slice(&bytes);
                }
            }
        }
    }
    counted.states = out.records - before;
    drop(sorted);
    for path in &run_paths {
        remove_file(path)?;
    }
    Ok(counted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn radix_sort_sorts() {
        let mut x = 0x1234_5678_9abc_def0u64;
        let mut keys: Vec<u64> = (0..100_000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x & 0xffff_ffff_ffff // six bytes, as a 4x3 board
            })
            .collect();
        let mut expected = keys.clone();
        expected.sort_unstable();
        radix_sort(&mut keys, 48);
        assert_eq!(keys, expected);
        // full-width keys, and keys that agree in their low digits
        let mut wide: Vec<u64> = expected.iter().map(|k| k.rotate_left(23) | 0x7ff).collect();
        let mut sorted = wide.clone();
        sorted.sort_unstable();
        radix_sort(&mut wide, 64);
        assert_eq!(wide, sorted);
    }

    #[test]
    fn keys_order_like_their_bytes() {
        let a = [0u8, 0, 9];
        let b = [0u8, 1, 0];
        assert!(u64::read(&a) < u64::read(&b));
        assert!(u128::read(&a) < u128::read(&b));
        assert!(<[u128; 2]>::read(&a) < <[u128; 2]>::read(&b));
        assert!(<Box<[u8]>>::read(&a) < <Box<[u8]>>::read(&b));
        let mut out = [0; 3];
        u64::read(&b).write(&mut out);
        assert_eq!(out, b);
        u128::read(&b).write(&mut out);
        assert_eq!(out, b);
        <[u128; 2]>::read(&b).write(&mut out);
        assert_eq!(out, b);
        // records of 17, 24 and 32 bytes, each zero but for one byte (or none): sorted as
        // keys, they come out in the order of their bytes
        for width in [17, 24, 32] {
            let mut records: Vec<Vec<u8>> = (0..width)
                .flat_map(|i| [1u8, 2].map(|v| (0..width).map(|j| u8::from(j == i) * v).collect()))
                .collect();
            records.push(vec![0; width]);
            let mut keys: Vec<[u128; 2]> = records.iter().map(|r| Key::read(r)).collect();
            records.sort();
            keys.sort_unstable();
            for (key, record) in keys.iter().zip(&records) {
                let mut out = vec![0; width];
                key.write(&mut out);
                assert_eq!(&out, record);
            }
        }
    }
}
