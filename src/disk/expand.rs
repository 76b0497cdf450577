//! Expanding a layer: each thread reads partitions of the layer, expands their states
//! and appends the successors' bytes to buffers, one per partition, written as chunks to
//! its own scratch file when full. The goal test is made here, when a state is generated.

use std::fs::File;
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::engine::{Ctx, FAILED, GOAL, RUNNING};
use super::files::{partition_of, LayerIndex, OpenFiles};
use super::{DiskError, Packed};
use crate::traits::{Problem, Successors};

/// Where an expanding thread leaves the goal it met, with its parent (packed).
pub(crate) type GoalSlot = Mutex<Option<(Vec<u8>, Vec<u8>)>>;

/// What a thread did with one layer.
#[derive(Default)]
pub(crate) struct Expanded {
    pub(crate) expanded: u64,
    pub(crate) generated: u64,
    pub(crate) bytes: u64,
    /// For each expanding thread, for each partition, the chunks of the thread's scratch
    /// file that hold the partition's successors: (byte offset, records).
    pub(crate) chunks: Vec<Vec<Vec<(u64, u64)>>>,
}

impl Expanded {
    fn add(&mut self, other: Expanded) {
        self.expanded += other.expanded;
        self.generated += other.generated;
        self.bytes += other.bytes;
        self.chunks.extend(other.chunks);
    }
}

/// How a layer is expanded: on the calling thread, for any problem, or on several
/// threads, for a problem that is `Sync`.
pub(crate) trait Expand<P: Problem + ?Sized> {
    /// The number of expanding threads for a configuration's thread count.
    fn threads(requested: usize) -> usize;

    /// Expands layer `d`, whose index is `index`.
    fn expand(
        ctx: &Ctx<'_, '_, P>,
        d: usize,
        index: &LayerIndex,
        goal: &GoalSlot,
    ) -> Result<Expanded, DiskError>;
}

/// Expansion on the calling thread ([`DiskBfs::search`](super::DiskBfs::search),
/// [`DiskBfs::enumerate`](super::DiskBfs::enumerate)).
pub(crate) struct OnCaller;

/// Expansion on the configuration's threads
/// ([`DiskBfs::search_parallel`](super::DiskBfs::search_parallel),
/// [`DiskBfs::enumerate_parallel`](super::DiskBfs::enumerate_parallel)).
pub(crate) struct OnThreads;

impl<P> Expand<P> for OnCaller
where
    P: Problem + ?Sized,
    P::State: Packed,
{
    fn threads(_: usize) -> usize {
        1
    }

    fn expand(
        ctx: &Ctx<'_, '_, P>,
        d: usize,
        index: &LayerIndex,
        goal: &GoalSlot,
    ) -> Result<Expanded, DiskError> {
        ctx.expand_on(0, d, index, &AtomicUsize::new(0), goal)
    }
}

impl<P> Expand<P> for OnThreads
where
    P: Problem + Sync + ?Sized,
    P::State: Packed,
{
    fn threads(requested: usize) -> usize {
        requested
    }

    fn expand(
        ctx: &Ctx<'_, '_, P>,
        d: usize,
        index: &LayerIndex,
        goal: &GoalSlot,
    ) -> Result<Expanded, DiskError> {
        let next = AtomicUsize::new(0);
        let results: Vec<Result<Expanded, DiskError>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..ctx.expanders)
                .map(|t| {
                    let next = &next;
                    s.spawn(move || ctx.expand_on(t, d, index, next, goal))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect()
        });
        let mut total = Expanded::default();
        for r in results {
            total.add(r?);
        }
        Ok(total)
    }
}

/// A thread's scratch file: the successors of each partition gathered in a buffer, and
/// appended as a chunk when it is full.
struct Scratch<'p> {
    file: File,
    path: &'p std::path::Path,
    buffers: Vec<Vec<u8>>,
    cap: usize,
    width: usize,
    offset: u64,
    chunks: Vec<Vec<(u64, u64)>>,
}

impl Scratch<'_> {
    /// Appends `record` to partition `k`'s buffer. Inlined, so that the copy has the
    /// state's width as a constant.
    #[inline(always)]
    fn push(&mut self, k: usize, record: &[u8]) -> Result<(), DiskError> {
        if self.buffers[k].len() + record.len() > self.cap {
            self.flush(k)?;
        }
        let buf = &mut self.buffers[k];
        if buf.capacity() == 0 {
            buf.reserve_exact(self.cap);
        }
        buf.extend_from_slice(record);
        Ok(())
    }

    fn flush(&mut self, k: usize) -> Result<(), DiskError> {
        let buf = &mut self.buffers[k];
        if buf.is_empty() {
            return Ok(());
        }
        self.file
            .write_all(buf)
            .map_err(|e| DiskError::io("write", self.path, e))?;
        let len = buf.len() as u64;
        self.chunks[k].push((self.offset, len / self.width as u64));
        self.offset += len;
        buf.clear();
        Ok(())
    }
}

impl<P> Ctx<'_, '_, P>
where
    P: Problem + ?Sized,
    P::State: Packed,
{
    /// Expands the partitions of layer `d` that thread `t` takes from `next` into its
    /// scratch file; a goal met goes into `goal`, with its parent. Stops all threads on
    /// an error.
    pub(crate) fn expand_on(
        &self,
        t: usize,
        d: usize,
        index: &LayerIndex,
        next: &AtomicUsize,
        goal: &GoalSlot,
    ) -> Result<Expanded, DiskError> {
        let r = self.expand_partitions(t, d, index, next, goal);
        if r.is_err() {
            self.control.halt(FAILED);
        }
        r
    }

    fn expand_partitions(
        &self,
        t: usize,
        d: usize,
        index: &LayerIndex,
        next: &AtomicUsize,
        goal: &GoalSlot,
    ) -> Result<Expanded, DiskError> {
        let parts = self.layout.partitions;
        let path = self.layout.candidates(t);
        let file = File::create(&path).map_err(|e| DiskError::io("create", &path, e))?;
        let mut scratch = Scratch {
            file,
            path: &path,
            buffers: vec![Vec::new(); parts],
            cap: (self.write_buffer() / self.width).max(1) * self.width,
            width: self.width,
            offset: 0,
            chunks: vec![Vec::new(); parts],
        };
        let mut done = Expanded::default();
        let mut out = Successors::new();
        // the packed state on the stack where it fits: its length, `W`, is a constant of
        // this function, and the copies of it are a few moves
        const { assert!(<P::State as Packed>::BYTES > 0) };
        let w = <P::State as Packed>::BYTES;
        let mut small = [0u8; 64];
        let mut large = vec![0u8; if w > 64 { w } else { 0 }];
        let mut budget = 0;
        let mut open = OpenFiles::default();
        let on_write = self.bound.filter(|b| b.on_write);
        'parts: while !self.control.stopped() {
            let k = next.fetch_add(1, Ordering::Relaxed);
            if k >= parts {
                break;
            }
            let (file, offset, records) = index.parts[k];
            let data = self.layout.data(d, file);
            let mut records = open.range(&data, w, offset, records, self.read_buffer())?;
            while records.advance()? {
                if budget == 0 {
                    match self.control.reserve() {
                        Some(n) => budget = n,
                        None => break 'parts,
                    }
                }
                budget -= 1;
                let state = P::State::unpack(records.current());
                // a bound tested on write needs the parent's estimate for the children's
                let parent_h = on_write.map(|b| b.heuristic.of(&state));
                self.problem.successors(&state, &mut out);
                done.expanded += 1;
                for succ in out.drain() {
                    done.generated += 1;
                    let packed = if w <= 64 {
                        &mut small[..w]
                    } else {
                        &mut large[..w]
                    };
                    succ.state.pack(packed);
                    if self.goals && self.problem.is_goal(&succ.state) {
                        let mut found = goal.lock().unwrap_or_else(|e| e.into_inner());
                        if found.is_none() {
                            *found = Some((packed.to_vec(), records.current().to_vec()));
                        }
                        self.control.halt(GOAL);
                        break 'parts;
                    }
                    if let (Some(bound), Some(h)) = (on_write, parent_h) {
                        if !bound.keeps_child(d + 1, &state, h, &succ.action, &succ.state) {
                            continue;
                        }
                    }
                    scratch.push(partition_of(packed, parts), packed)?;
                }
            }
        }
        self.control.give_back(budget);
        if self.control.stop.load(Ordering::Relaxed) == RUNNING {
            for k in 0..parts {
                scratch.flush(k)?;
            }
        }
        done.bytes = scratch.offset;
        done.chunks = vec![scratch.chunks];
        Ok(done)
    }
}
