//! The layer loop of [`DiskBfs`]: setting up or resuming the work directory, one layer
//! after another (expansion in `expand.rs`, duplicate detection in `dedup.rs`), and
//! clean-up.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use super::dedup;
use super::expand::Expand;
use super::files::{self, partition_of, Kind, LayerIndex, Layout, OpenFiles, RecordWriter};
use super::manifest::Manifest;
use super::{DiskBfs, DiskBfsResult, DiskError, DiskResultOf, LayerReport, Packed};
use crate::search::{CancelToken, Outcome, Solution, Stats, StopReason};
use crate::traits::{Cost, Heuristic, Problem, Successors};

/// Expansions a thread takes from the expansion budget at a time, and between two looks
/// at the cancel token and the clock.
pub(crate) const BLOCK: u64 = 256;

/// Why the threads were told to stop.
pub(crate) const RUNNING: u8 = 0;
pub(crate) const GOAL: u8 = 1;
pub(crate) const FAILED: u8 = 2;
const CANCELLED: u8 = 3;
const DEADLINE: u8 = 4;
const MAX_EXPANSIONS: u8 = 5;

/// The stop flag, the expansion budget, the cancel token and the clock, shared by the
/// threads.
pub(crate) struct Control<'c> {
    cancel: Option<&'c CancelToken>,
    deadline: Option<Instant>,
    remaining: Option<AtomicU64>,
    pub(crate) stop: AtomicU8,
}

impl Control<'_> {
    pub(crate) fn halt(&self, why: u8) {
        let _ = self
            .stop
            .compare_exchange(RUNNING, why, Ordering::SeqCst, Ordering::SeqCst);
    }

    /// Whether to stop, after a look at the cancel token and the clock.
    pub(crate) fn stopped(&self) -> bool {
        if self.stop.load(Ordering::Relaxed) != RUNNING {
            return true;
        }
        if self.cancel.is_some_and(CancelToken::is_cancelled) {
            self.halt(CANCELLED);
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.halt(DEADLINE);
        }
        self.stop.load(Ordering::Relaxed) != RUNNING
    }

    /// Up to [`BLOCK`] expansions from the budget; `None` to stop.
    pub(crate) fn reserve(&self) -> Option<u64> {
        if self.stopped() {
            return None;
        }
        let Some(remaining) = &self.remaining else {
            return Some(BLOCK);
        };
        let mut left = remaining.load(Ordering::Relaxed);
        loop {
            if left == 0 {
                self.halt(MAX_EXPANSIONS);
                return None;
            }
            let take = left.min(BLOCK);
            match remaining.compare_exchange_weak(
                left,
                left - take,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return Some(take),
                Err(now) => left = now,
            }
        }
    }

    pub(crate) fn give_back(&self, unused: u64) {
        if let Some(remaining) = &self.remaining {
            remaining.fetch_add(unused, Ordering::Relaxed);
        }
    }

    /// The limit that stopped the run, if a limit did.
    pub(crate) fn reason(&self) -> Option<StopReason> {
        match self.stop.load(Ordering::SeqCst) {
            CANCELLED => Some(StopReason::Cancelled),
            DEADLINE => Some(StopReason::Deadline),
            MAX_EXPANSIONS => Some(StopReason::MaxExpansions),
            _ => None,
        }
    }
}

/// The bound of one iteration of a breadth-first heuristic search: a successor whose
/// depth plus estimate exceeds `limit` is not kept, and the least such sum is recorded,
/// the next iteration's bound.
pub(crate) struct Bound<'b, P: Problem + ?Sized> {
    /// The heuristic: a new state's estimate after deduplication, or, for the bound
    /// tested on write, each successor's, met with its parent and action.
    pub(crate) heuristic: &'b (dyn ChildEstimate<P> + 'b),
    pub(crate) limit: u64,
    /// The lower bound on the path's length proven before this iteration: `limit`, or
    /// less where the iterations below `limit` were skipped.
    pub(crate) proven: u64,
    /// Whether successors are tested when generated ([`DiskBfs::bound_on_write`]) rather
    /// than new states after deduplication.
    pub(crate) on_write: bool,
    /// The least depth plus estimate above `limit` met so far (`u64::MAX`: none).
    pub(crate) least_pruned: AtomicU64,
    /// Whether the first iteration created the work directory.
    pub(crate) made_dir: bool,
}

impl<P: Problem + ?Sized> Bound<'_, P> {
    /// Whether a new state at `depth`, packed as `state`, is kept.
    #[inline]
    pub(crate) fn keeps(&self, depth: usize, state: &[u8]) -> bool
    where
        P::State: Packed,
    {
        let h = rounded(self.heuristic.of(&P::State::unpack(state)));
        let f = (depth as u64).saturating_add(h);
        if f > self.limit {
            self.least_pruned.fetch_min(f, Ordering::Relaxed);
            return false;
        }
        true
    }

    /// Whether `child`, a successor at `depth` of `parent` (whose estimate is
    /// `parent_h`) by `action`, is kept. The heuristic is asked only whether the bound
    /// cuts the child off ([`Heuristic::cuts_child`]); a child cut off gets its exact
    /// estimate too only where it would lower the next iteration's bound.
    #[inline]
    pub(crate) fn keeps_child(
        &self,
        depth: usize,
        parent: &P::State,
        parent_h: P::Cost,
        action: &P::Action,
        child: &P::State,
    ) -> bool {
        let depth = depth as u64;
        let budget = self.limit.saturating_sub(depth);
        let Some(h) = self.heuristic.cuts(parent, parent_h, action, child, budget) else {
            return true;
        };
        let f = depth.saturating_add(h);
        if f < self.least_pruned.load(Ordering::Relaxed) {
            // both bound the child's cost to a goal from below
            let exact = self.heuristic.child(parent, parent_h, action, child);
            let f = f
                .max(depth.saturating_add(exact))
                .max(self.limit.saturating_add(1));
            self.least_pruned.fetch_min(f, Ordering::Relaxed);
        }
        false
    }
}

/// The estimates a bound tested on write asks of the heuristic (implemented for every
/// [`Heuristic`] whose cost converts from `u64`), each rounded up to a whole number of
/// actions but [`of`](ChildEstimate::of), which the calls for the children take back.
pub(crate) trait ChildEstimate<P: Problem + ?Sized>: Sync {
    /// The estimate of `state`.
    fn of(&self, state: &P::State) -> P::Cost;
    /// The estimate of `child`, a successor of `parent` by `action`.
    fn child(
        &self,
        parent: &P::State,
        parent_h: P::Cost,
        action: &P::Action,
        child: &P::State,
    ) -> u64;
    /// `None` where [`child`](ChildEstimate::child) is at most `budget`; otherwise
    /// `Some` of a value above `budget` that bounds the child's distance to a goal from
    /// below ([`Heuristic::cuts_child`]).
    fn cuts(
        &self,
        parent: &P::State,
        parent_h: P::Cost,
        action: &P::Action,
        child: &P::State,
        budget: u64,
    ) -> Option<u64>;
}

/// An estimate as a whole number of actions: rounded up; NaN and negative estimates count
/// as 0, and one beyond `u64` saturates.
pub(crate) fn rounded<C: Cost>(h: C) -> u64 {
    let h = h.to_f64();
    if h > 0.0 {
        h.ceil() as u64
    } else {
        0
    }
}

impl<P, H> ChildEstimate<P> for H
where
    P: Problem + ?Sized,
    P::Cost: TryFrom<u64>,
    H: Heuristic<P> + Sync + ?Sized,
{
    #[inline]
    fn of(&self, state: &P::State) -> P::Cost {
        self.estimate(state)
    }
    #[inline]
    fn child(
        &self,
        parent: &P::State,
        parent_h: P::Cost,
        action: &P::Action,
        child: &P::State,
    ) -> u64 {
        rounded(self.estimate_child(parent, parent_h, action, child))
    }
    #[inline]
    fn cuts(
        &self,
        parent: &P::State,
        parent_h: P::Cost,
        action: &P::Action,
        child: &P::State,
        budget: u64,
    ) -> Option<u64> {
        // with the path cost at zero, `budget` is compared with the estimate alone, so
        // no rounding of a sum decides; a whole budget is below a value exactly when it is
        // below its rounding up
        match P::Cost::try_from(budget) {
            Ok(limit) => self
                .cuts_child(parent, parent_h, action, child, P::Cost::ZERO, limit)
                .map(rounded),
            Err(_) => Some(ChildEstimate::child(self, parent, parent_h, action, child))
                .filter(|&h| h > budget),
        }
    }
}

/// Everything a run's steps share.
pub(crate) struct Ctx<'r, 'a, P: Problem + ?Sized> {
    pub(crate) cfg: &'r DiskBfs<'a>,
    pub(crate) problem: &'r P,
    pub(crate) layout: Layout,
    pub(crate) width: usize,
    /// Threads that expand (each with its scratch file).
    pub(crate) expanders: usize,
    /// Threads that deduplicate (each with its data file of the new layer).
    pub(crate) threads: usize,
    /// Whether goals are tested (a search, not an enumeration).
    pub(crate) goals: bool,
    /// The bound of a breadth-first heuristic search's iteration.
    pub(crate) bound: Option<&'r Bound<'r, P>>,
    pub(crate) control: Control<'r>,
    pub(crate) start_bytes: Vec<u8>,
    /// The indexes of the layers read or written so far.
    indexes: Mutex<BTreeMap<usize, LayerIndex>>,
}

/// The start's successors, as a count and a hash of their packed bytes.
fn fingerprint<P>(problem: &P, start: &P::State, width: usize) -> (usize, u64)
where
    P: Problem + ?Sized,
    P::State: Packed,
{
    let mut out = Successors::new();
    problem.successors(start, &mut out);
    let mut bytes = vec![0; width];
    let hash = out.iter().fold(0u64, |h, succ| {
        succ.state.pack(&mut bytes);
        (h ^ files::hash_bytes(&bytes)).wrapping_mul(0x100_0000_01B3)
    });
    (out.len(), hash)
}

/// The states of all the layers (saturating: a manifest's numbers are checked only for
/// the layers kept on disk).
fn total(layers: &[u64]) -> u64 {
    layers.iter().fold(0, |a, &b| a.saturating_add(b))
}

fn result<S, A, C>(
    outcome: Outcome<S, A, C>,
    layers: Vec<u64>,
    stats: Stats,
    bytes_written: u64,
    resumed_layers: usize,
) -> DiskBfsResult<S, A, C> {
    DiskBfsResult {
        outcome,
        layers,
        stats,
        bytes_written,
        resumed_layers,
    }
}

pub(crate) fn run<P, X>(
    cfg: &DiskBfs<'_>,
    problem: &P,
    start: P::State,
    goals: bool,
    bound: Option<&Bound<'_, P>>,
) -> Result<DiskResultOf<P>, DiskError>
where
    P: Problem + ?Sized,
    P::State: Packed,
    X: Expand<P>,
{
    const {
        assert!(
            <P::State as Packed>::BYTES > 0,
            "a packed state needs a byte"
        )
    };
    let began = Instant::now();
    let width = <P::State as Packed>::BYTES;
    let mut stats = Stats {
        iterations: 1,
        ..Stats::default()
    };
    if goals && problem.is_goal(&start) {
        stats.elapsed = began.elapsed();
        stats.stored = 1;
        let solution = Solution::from_steps(start, Vec::new());
        return Ok(result(Outcome::Found(solution), vec![1], stats, 0, 0));
    }
    let layout = Layout {
        dir: cfg.dir.clone(),
        partitions: cfg.partitions,
    };
    let mut start_bytes = vec![0; width];
    start.pack(&mut start_bytes);
    let wanted = Manifest {
        width,
        partitions: cfg.partitions,
        reversible: cfg.reversible,
        goals,
        bound: bound.map(|b| b.limit),
        proven: bound.map(|b| b.proven),
        start: start_bytes.clone(),
        successors: fingerprint(problem, &start, width),
        first_kept: 0,
        complete: false,
        made_dir: bound.map_or(!cfg.dir.exists(), |b| b.made_dir),
        layers: vec![1],
    };
    files::create_folder(&cfg.dir)?;
    let found = Manifest::read(&layout.manifest())?;
    if let Some(why) = found.as_ref().and_then(|m| m.mismatch(&wanted)) {
        return Err(DiskError::OtherRun {
            path: layout.manifest(),
            reason: why,
        });
    }
    let resumed = found.as_ref().map_or(0, |m| m.layers.len());
    let mut manifest = found.unwrap_or(wanted);
    // what is not a completed layer of this run goes
    for (kind, path) in layout.files()? {
        let keep = match kind {
            Kind::Layer(depth) => {
                resumed > 0 && (manifest.first_kept..manifest.layers.len()).contains(&depth)
            }
            Kind::Scratch => false,
            Kind::Manifest => path == layout.manifest(),
        };
        if !keep {
            files::remove_file(&path)?;
        }
    }
    let deadline = match (
        cfg.deadline,
        cfg.time_limit.and_then(|t| began.checked_add(t)),
    ) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    let ctx = Ctx {
        cfg,
        problem,
        layout,
        width,
        expanders: X::threads(cfg.thread_count()),
        threads: cfg.thread_count(),
        goals,
        bound,
        control: Control {
            cancel: cfg.cancel.as_ref(),
            deadline,
            remaining: cfg.max_expansions.map(AtomicU64::new),
            stop: AtomicU8::new(RUNNING),
        },
        start_bytes,
        indexes: Mutex::new(BTreeMap::new()),
    };
    let mut bytes_written = 0;
    if resumed == 0 {
        bytes_written += ctx.write_first_layer()?;
        ctx.write_manifest(&manifest)?;
    } else {
        ctx.check_layers(&manifest)?;
    }
    stats.stored = usize::try_from(total(&manifest.layers)).unwrap_or(usize::MAX);
    stats.max_frontier =
        usize::try_from(manifest.layers.iter().copied().max().unwrap_or(0)).unwrap_or(usize::MAX);
    let finish = |outcome, manifest: &Manifest, mut stats: Stats, bytes| {
        stats.elapsed = began.elapsed();
        let ends = !matches!(outcome, Outcome::Stopped { .. });
        if ends && !cfg.keep_files {
            remove_run_files(&cfg.dir, manifest.made_dir)?;
        } else {
            // the scratch files are of no use to the next call
            ctx.discard(manifest.layers.len() - 1);
        }
        let layers = manifest.layers.clone();
        Ok(result(outcome, layers, stats, bytes, resumed))
    };
    let stopped = |reason| Outcome::Stopped {
        reason,
        lower_bound: None,
    };
    let limit = |ctx: &Ctx<'_, '_, P>| ctx.control.reason().unwrap_or(StopReason::Cancelled);

    loop {
        let d = manifest.layers.len() - 1;
        if manifest.complete {
            return finish(Outcome::Exhausted, &manifest, stats, bytes_written);
        }
        if let Some(max) = cfg.max_depth.filter(|&m| d >= m) {
            manifest.layers.truncate(max + 1);
            return finish(
                stopped(StopReason::MaxDepth),
                &manifest,
                stats,
                bytes_written,
            );
        }
        if ctx.control.stopped() {
            return finish(stopped(limit(&ctx)), &manifest, stats, bytes_written);
        }
        let index = ctx.index(d)?;
        let goal = Mutex::new(None);
        let expanded = X::expand(&ctx, d, &index, &goal).inspect_err(|_| ctx.discard(d))?;
        stats.expanded += expanded.expanded;
        stats.generated += expanded.generated;
        bytes_written += expanded.bytes;
        if let Some((goal, parent)) = goal.into_inner().unwrap_or_else(|e| e.into_inner()) {
            ctx.discard(d);
            return match ctx.path(&start, goal, parent, d, &mut stats)? {
                Some(solution) => finish(Outcome::Found(solution), &manifest, stats, bytes_written),
                None => finish(stopped(limit(&ctx)), &manifest, stats, bytes_written),
            };
        }
        if ctx.control.reason().is_some() {
            return finish(stopped(limit(&ctx)), &manifest, stats, bytes_written);
        }
        let counted = ctx
            .deduplicate(&manifest, d, &expanded.chunks)
            .inspect_err(|_| ctx.discard(d))?;
        let Some((counted, new_bytes)) = counted else {
            return finish(stopped(limit(&ctx)), &manifest, stats, bytes_written);
        };
        bytes_written += new_bytes;
        stats.duplicates += counted.candidates - counted.states;
        if counted.states == 0 {
            ctx.remove_layer(d + 1)?;
            manifest.complete = true;
            ctx.write_manifest(&manifest)?;
            return finish(Outcome::Exhausted, &manifest, stats, bytes_written);
        }
        manifest.layers.push(counted.states);
        let first_kept = manifest.first_kept;
        if cfg.reversible && !goals {
            // the next layer is checked against this one and the one before
            manifest.first_kept = d;
        }
        ctx.write_manifest(&manifest)?;
        for old in first_kept..manifest.first_kept {
            ctx.remove_layer(old)?;
        }
        stats.stored = stats.stored.saturating_add(counted.states as usize);
        stats.max_frontier = stats.max_frontier.max(counted.states as usize);
        if let Some(callback) = &cfg.on_layer {
            stats.elapsed = began.elapsed();
            let report = LayerReport {
                depth: d + 1,
                states: counted.states,
                total: total(&manifest.layers),
                bytes_written,
                stats,
            };
            let mut callback = callback.lock().unwrap_or_else(|e| e.into_inner());
            callback(&report);
        }
    }
}

/// Removes a run's files from `dir`, and `dir` itself if that leaves it empty and
/// `remove_dir` says so.
pub(crate) fn remove_run_files(dir: &Path, remove_dir: bool) -> Result<(), DiskError> {
    if !dir.exists() {
        return Ok(());
    }
    let layout = Layout {
        dir: dir.to_path_buf(),
        partitions: 0,
    };
    for (_, path) in layout.files()? {
        files::remove_file(&path)?;
    }
    if remove_dir {
        let _ = std::fs::remove_dir(dir); // only if empty: it may hold files of others
    }
    Ok(())
}

impl<P: Problem + ?Sized> Ctx<'_, '_, P>
where
    P::State: Packed,
{
    /// The read buffer of an expanding thread.
    pub(crate) fn read_buffer(&self) -> usize {
        (self.cfg.memory / (8 * self.expanders)).clamp(16 << 10, 1 << 20)
    }

    /// The buffer of each partition of an expanding thread.
    pub(crate) fn write_buffer(&self) -> usize {
        (self.cfg.memory / (2 * self.expanders * self.layout.partitions)).clamp(4 << 10, 1 << 20)
    }

    fn write_manifest(&self, manifest: &Manifest) -> Result<(), DiskError> {
        let (path, tmp) = (self.layout.manifest(), self.layout.manifest_tmp());
        files::write_atomically(&path, &tmp, &manifest.to_text(), self.cfg.durable)
    }

    /// The index of the layer at `depth`, read once.
    pub(crate) fn index(&self, depth: usize) -> Result<LayerIndex, DiskError> {
        let mut indexes = self.indexes.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(index) = indexes.get(&depth) {
            return Ok(index.clone());
        }
        let index = LayerIndex::read(&self.layout, depth, self.width)?;
        indexes.insert(depth, index.clone());
        Ok(index)
    }

    /// Writes the index of the layer at `depth`.
    fn put_index(&self, depth: usize, index: LayerIndex) -> Result<(), DiskError> {
        index.write(&self.layout.index(depth), self.cfg.durable)?;
        let mut indexes = self.indexes.lock().unwrap_or_else(|e| e.into_inner());
        indexes.insert(depth, index);
        Ok(())
    }

    /// Removes the files of the layer at `depth`.
    fn remove_layer(&self, depth: usize) -> Result<(), DiskError> {
        let mut indexes = self.indexes.lock().unwrap_or_else(|e| e.into_inner());
        indexes.remove(&depth);
        drop(indexes);
        for (kind, path) in self.layout.files()? {
            if kind == Kind::Layer(depth) {
                files::remove_file(&path)?;
            }
        }
        Ok(())
    }

    /// Removes the scratch files and what was written of the layer after layer `d` (best
    /// effort: an error that stops a run is the one to report).
    fn discard(&self, d: usize) {
        if let Ok(found) = self.layout.files() {
            for (kind, path) in found {
                if kind == Kind::Scratch || kind == Kind::Layer(d + 1) {
                    let _ = files::remove_file(&path);
                }
            }
        }
    }

    /// Layer 0: the start state in its partition, every other partition empty.
    fn write_first_layer(&self) -> Result<u64, DiskError> {
        let mut w = RecordWriter::create(&self.layout.data(0, 0), 4096)?;
        w.write(&self.start_bytes)?;
        let bytes = w.finish(self.cfg.durable)?;
        let home = partition_of(&self.start_bytes, self.layout.partitions);
        let parts = (0..self.layout.partitions)
            .map(|k| (0, 0, u64::from(k == home)))
            .collect();
        self.put_index(0, LayerIndex { parts })?;
        Ok(bytes)
    }

    /// Checks that every kept layer's index is there and agrees with its data files and
    /// with the manifest.
    fn check_layers(&self, manifest: &Manifest) -> Result<(), DiskError> {
        for depth in manifest.first_kept..manifest.layers.len() {
            let index = self.index(depth)?;
            if index.states() != manifest.layers[depth] {
                return Err(DiskError::layer(
                    &self.layout.index(depth),
                    format!(
                        "holds {} states; the manifest says {}",
                        index.states(),
                        manifest.layers[depth]
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Builds layer `d + 1` from the successors in the scratch files (`chunks`), a
    /// partition a thread at a time, each thread appending to its own data file, then
    /// writes its index; `None` when a limit stopped it. Also returns the bytes written.
    fn deduplicate(
        &self,
        manifest: &Manifest,
        d: usize,
        chunks: &[Vec<Vec<(u64, u64)>>],
    ) -> Result<Option<(dedup::Counted, u64)>, DiskError> {
        let from = if self.cfg.reversible {
            d.saturating_sub(1)
        } else {
            0
        };
        let mut previous = Vec::new();
        for depth in from.max(manifest.first_kept)..=d {
            previous.push((depth, self.index(depth)?));
        }
        let share = self.cfg.memory / self.threads;
        let keep = self
            .bound
            .filter(|b| !b.on_write)
            .map(|b| move |bytes: &[u8]| b.keeps(d + 1, bytes));
        let job = dedup::Job {
            keep: keep.as_ref().map(|k| k as &dedup::KeepFn<'_>),
            layout: &self.layout,
            width: self.width,
            chunks,
            io_bytes: (share / (4 * (previous.len() + 2))).clamp(4 << 10, 1 << 20),
            previous,
            key_bytes: share / 2,
        };
        let run = match self.width {
            0..=8 => dedup::partition::<u64>,
            9..=16 => dedup::partition::<u128>,
            17..=32 => dedup::partition::<[u128; 2]>,
            _ => dedup::partition::<Box<[u8]>>,
        };
        // a thread for each MiB of successors, up to the configured number: a small layer
        // is not worth a thread, nor a data file
        let candidates: u64 = chunks.iter().flatten().flatten().map(|c| c.1).sum();
        let threads = usize::try_from((candidates * self.width as u64) >> 20)
            .unwrap_or(usize::MAX)
            .clamp(1, self.threads);
        let next = AtomicUsize::new(0);
        // the threads share the files and the stop flag, not the problem
        let (control, layout, durable) = (&self.control, &self.layout, self.cfg.durable);
        let parts = layout.partitions;
        type Done = (dedup::Counted, u64, Vec<(usize, (usize, u64, u64))>);
        let results: Vec<Result<Done, DiskError>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|i| {
                    let (next, job) = (&next, &job);
                    s.spawn(move || {
                        let mut total = dedup::Counted::default();
                        let mut placed = Vec::new();
                        let mut out: Option<RecordWriter> = None;
                        let mut files = OpenFiles::default();
                        let work = (|| {
                            while !control.stopped() {
                                let k = next.fetch_add(1, Ordering::Relaxed);
                                if k >= parts {
                                    break;
                                }
                                let w = match &mut out {
                                    Some(w) => w,
                                    None => out.insert(RecordWriter::create(
                                        &layout.data(d + 1, i),
                                        job.io_bytes,
                                    )?),
                                };
                                let offset = w.bytes;
                                let c = run(job, k, w, &mut files)?;
                                placed.push((k, (i, offset, c.states)));
                                total.states += c.states;
                                total.candidates += c.candidates;
                                total.run_bytes += c.run_bytes;
                            }
                            let bytes = match out.take() {
                                Some(w) => w.finish(durable)?,
                                None => 0,
                            };
                            Ok((total, bytes, placed))
                        })();
                        if work.is_err() {
                            control.halt(FAILED);
                        }
                        work
                    })
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
        let mut total = dedup::Counted::default();
        let mut bytes = 0;
        let mut parts_at = vec![(0, 0, 0); parts];
        for r in results {
            let (c, b, placed) = r?;
            total.states += c.states;
            total.candidates += c.candidates;
            bytes += b + c.run_bytes;
            for (k, place) in placed {
                parts_at[k] = place;
            }
        }
        if self.control.stop.load(Ordering::SeqCst) != RUNNING {
            self.discard(d);
            return Ok(None);
        }
        self.put_index(d + 1, LayerIndex { parts: parts_at })?;
        if durable {
            files::sync_folder(&self.layout.dir)?;
        }
        Ok(Some((total, bytes)))
    }
}
