//! Checkpoints of a reversible enumeration: after each layer, every worker writes its last
//! two layers and its counters to a file of its own, so that a run that stops (a failure,
//! a killed process, a cancellation) resumes from its last completed layer.
//!
//! A worker's files are in `worker-<index>-of-<workers>/` under the directory given: the
//! states of each of its layers, written once (`layer-<depth>.states`), and the counters
//! after each layer (`checkpoint-<depth>.bin`), which resuming from that layer needs with
//! the states of the layer and of the one before. Each file is written under a temporary
//! name, synced and renamed, so it is whole or absent. A worker keeps its last two
//! checkpoints, because the workers of a cluster are at most one layer apart when one
//! stops, and they resume together from the deepest layer all of them completed.

use std::fs;
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use timely::worker::Worker;

use crate::cluster::peer_gone;
use crate::util::route::Gather;
use crate::util::sorted::Layers;
use crate::{Error, Stop};

/// The first bytes of a checkpoint file, with its format's version.
const MAGIC: &[u8; 8] = b"HRSTDBF1";

/// What a worker has counted so far, saved with its layers.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Counters {
    pub(crate) rounds: u64,
    pub(crate) expanded: u64,
    pub(crate) generated: u64,
    pub(crate) duplicates: u64,
    pub(crate) sent: u64,
}

/// A checkpoint read back: the depth of the layer built last, every layer's size before it
/// (the whole cluster's), the worker's counters, and its two layers, packed.
pub(crate) struct Saved {
    pub(crate) depth: usize,
    pub(crate) layers: Vec<u64>,
    pub(crate) counters: Counters,
    pub(crate) expanded_layer: Vec<u8>,
    pub(crate) built_layer: Vec<u8>,
}

/// One worker's checkpoint files.
pub(crate) struct Checkpoints {
    dir: PathBuf,
    /// What each file starts with after the magic: the state's width, the number of
    /// workers, this worker's index, and the start state, packed; a file that starts
    /// otherwise belongs to another search.
    identity: Vec<u8>,
}

impl Checkpoints {
    /// The files of worker `index` of `workers` under `root`, for states of `width` bytes
    /// enumerated from `start` (packed).
    pub(crate) fn new(
        root: &Path,
        width: usize,
        workers: usize,
        index: usize,
        start: &[u8],
    ) -> Self {
        let mut identity = Vec::new();
        for word in [width, workers, index] {
            identity.extend_from_slice(&(word as u64).to_le_bytes());
        }
        identity.extend_from_slice(start);
        Checkpoints {
            dir: root.join(format!("worker-{index}-of-{workers}")),
            identity,
        }
    }

    /// The file of the checkpoint of layer `depth`: the counters.
    fn file(&self, depth: usize) -> PathBuf {
        self.dir.join(format!("checkpoint-{depth}.bin"))
    }

    /// The file of this worker's part of layer `depth`: its states, packed and sorted.
    fn keys(&self, depth: usize) -> PathBuf {
        self.dir.join(format!("layer-{depth}.states"))
    }

    /// The depth of the deepest checkpoint kept, if any.
    pub(crate) fn latest(&self) -> io::Result<Option<usize>> {
        let entries = match fs::read_dir(&self.dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return self.none_of_another_shape(),
            Err(e) => return Err(e),
        };
        let mut latest = None;
        for entry in entries {
            let name = entry?.file_name();
            let depth = name.to_str().and_then(|n| {
                n.strip_prefix("checkpoint-")?
                    .strip_suffix(".bin")?
                    .parse()
                    .ok()
            });
            latest = latest.max(depth);
        }
        Ok(latest)
    }

    /// `None`, unless the directory above holds another worker's checkpoints of a cluster
    /// of another size (this worker's folder is named by its index and the cluster's size).
    fn none_of_another_shape(&self) -> io::Result<Option<usize>> {
        let (Some(root), Some(mine)) = (self.dir.parent(), self.dir.file_name()) else {
            return Ok(None);
        };
        let suffix = mine
            .to_str()
            .and_then(|m| m.split_once("-of-"))
            .map(|(_, n)| n);
        let entries = match fs::read_dir(root) {
            Ok(entries) => entries,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        for entry in entries {
            let name = entry?.file_name();
            let Some(other) = name.to_str().and_then(|n| n.strip_prefix("worker-")) else {
                continue;
            };
            if other.split_once("-of-").map(|(_, n)| n) != suffix {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "{} holds checkpoints of a cluster of another size (worker-{other})",
                        root.display()
                    ),
                ));
            }
        }
        Ok(None)
    }

    /// Writes the checkpoint of the layer at `depth` just built: the layer's states (and
    /// those of the layer before, if no file holds them yet), then the counters. Removes
    /// what only older checkpoints need: a worker keeps the checkpoints of its last two
    /// layers, and so the states of its last three.
    pub(crate) fn save(
        &self,
        depth: usize,
        layers: &[u64],
        counters: Counters,
        window: &dyn Layers,
    ) -> io::Result<()> {
        fs::create_dir_all(&self.dir)?;
        if let Some(before) = depth.checked_sub(1) {
            if !self.keys(before).exists() {
                self.write_file(self.keys(before), |out| window.write(false, out))?;
            }
        }
        self.write_file(self.keys(depth), |out| window.write(true, out))?;
        let Counters {
            rounds,
            expanded,
            generated,
            duplicates,
            sent,
        } = counters;
        let (expanded_len, built_len) = window.lens();
        let head = [depth as u64, rounds, expanded, generated, duplicates, sent];
        let lens = [layers.len() as u64, expanded_len as u64, built_len as u64];
        self.write_file(self.file(depth), |out| {
            out.write_all(MAGIC)?;
            out.write_all(&self.identity)?;
            for word in head.iter().chain(&lens).chain(layers) {
                out.write_all(&word.to_le_bytes())?;
            }
            Ok(())
        })?;
        let old = [
            depth.checked_sub(2).map(|d| self.file(d)),
            depth.checked_sub(3).map(|d| self.keys(d)),
        ];
        for path in old.into_iter().flatten() {
            match fs::remove_file(path) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
                _ => {}
            }
        }
        Ok(())
    }

    /// Writes `path` whole or not at all: under a temporary name, synced, then renamed.
    fn write_file(
        &self,
        path: PathBuf,
        write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> io::Result<()> {
        let temporary = self.dir.join("file.tmp");
        let mut out = BufWriter::with_capacity(1 << 20, fs::File::create(&temporary)?);
        write(&mut out)?;
        out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        fs::rename(&temporary, path)
    }

    /// Reads the checkpoint of the layer at `depth`.
    pub(crate) fn load(&self, depth: usize, width: usize) -> io::Result<Saved> {
        let path = self.file(depth);
        let mut bytes = Vec::new();
        fs::File::open(&path)?.read_to_end(&mut bytes)?;
        let bad = |path: &Path, why: &str| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{}: {why}", path.display()),
            )
        };
        let rest = bytes
            .strip_prefix(MAGIC.as_slice())
            .ok_or_else(|| bad(&path, "not a checkpoint of heurist-distributed"))?;
        let mut rest = rest
            .strip_prefix(self.identity.as_slice())
            .ok_or_else(|| bad(&path, "a checkpoint of another search or cluster"))?;
        let mut word = || -> io::Result<u64> {
            let (w, tail) = rest
                .split_first_chunk::<8>()
                .ok_or_else(|| bad(&path, "cut short"))?;
            rest = tail;
            Ok(u64::from_le_bytes(*w))
        };
        let [saved_depth, rounds, expanded, generated, duplicates, sent, n_layers, n_expanded, n_built] =
            [(); 9].map(|()| word());
        if saved_depth? != depth as u64 {
            return Err(bad(&path, "a checkpoint of another layer"));
        }
        // the first checkpoint is of layer 1: layer 0 is the start
        let before = (depth.checked_sub(1)).ok_or_else(|| bad(&path, "a checkpoint of layer 0"))?;
        let counters = Counters {
            rounds: rounds?,
            expanded: expanded?,
            generated: generated?,
            duplicates: duplicates?,
            sent: sent?,
        };
        let (n_layers, n_expanded, n_built) = (n_layers?, n_expanded?, n_built?);
        let layers = (0..n_layers)
            .map(|_| word())
            .collect::<io::Result<Vec<u64>>>()?;
        if !rest.is_empty() {
            return Err(bad(&path, "longer than a checkpoint"));
        }
        let states = |depth: usize, n: u64| -> io::Result<Vec<u8>> {
            let path = self.keys(depth);
            let bytes = fs::read(&path)?;
            if bytes.len() as u64 != n * width as u64 {
                return Err(bad(&path, "not the layer's size the checkpoint gives"));
            }
            Ok(bytes)
        };
        Ok(Saved {
            depth,
            layers,
            counters,
            expanded_layer: states(before, n_expanded)?,
            built_layer: states(depth, n_built)?,
        })
    }

    /// Removes this worker's checkpoints, and the directory above them once it is empty.
    pub(crate) fn remove(&self) -> io::Result<()> {
        match fs::remove_dir_all(&self.dir) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
            _ => {}
        }
        if let Some(root) = self.dir.parent() {
            // another worker's files may still be there
            let _ = fs::remove_dir(root);
        }
        Ok(())
    }
}

/// Takes up the run whose checkpoints `files` holds, if every worker has some: the workers
/// agree on the deepest layer all of them completed and load it into `window`. `None` when
/// no worker has a checkpoint, or only some have their first; an error, in every worker,
/// when only some have deeper ones, or when one cannot read its files.
pub(crate) fn resume(
    worker: &mut Worker,
    gather: &mut Gather,
    stop: &Stop,
    files: &Checkpoints,
    width: usize,
    window: &mut dyn Layers,
) -> Result<Option<Saved>, Error> {
    let latest = files.latest();
    let words = match &latest {
        Ok(Some(depth)) => vec![1, *depth as u64],
        Ok(None) => vec![0, 0],
        Err(_) => vec![2, 0],
    };
    let all = gather.all(worker, words, stop).map_err(|()| peer_gone())?;
    let unreadable =
        |e: &std::io::Error| Error::Checkpoint(format!("cannot read the checkpoints: {e}"));
    if all.iter().any(|w| w[0] == 2) {
        return Err(match latest {
            Err(e) => unreadable(&e),
            _ => Error::Checkpoint("another worker cannot read its checkpoints".into()),
        });
    }
    let with = all.iter().filter(|w| w[0] == 1).count();
    // a run stopped in its first round may have left the first checkpoint of only some
    // workers: it starts again from the beginning, and overwrites them
    let first_only = all.iter().all(|w| w[0] == 0 || w[1] <= 1);
    if with == 0 || first_only && with < all.len() {
        return Ok(None);
    }
    if with < all.len() {
        return Err(Error::Checkpoint(format!(
            "{with} of {} workers have checkpoints: they are of another cluster, or some were removed",
            all.len()
        )));
    }
    let depth = all.iter().map(|w| w[1]).min().unwrap_or(0) as usize;
    let saved = files.load(depth, width);
    let ok = gather
        .all(worker, vec![u64::from(saved.is_ok())], stop)
        .map_err(|()| peer_gone())?;
    match saved {
        Err(e) => Err(unreadable(&e)),
        Ok(_) if ok.iter().any(|w| w[0] == 0) => Err(Error::Checkpoint(
            "another worker cannot read its checkpoints".into(),
        )),
        Ok(saved) => {
            window.restore(&saved.expanded_layer, &saved.built_layer);
            Ok(Some(Saved {
                expanded_layer: Vec::new(),
                built_layer: Vec::new(),
                ..saved
            }))
        }
    }
}
