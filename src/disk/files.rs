//! The files of a disk-backed search: where they lie, how records are read and written,
//! and which partition a state belongs to.
//!
//! A work directory holds, side by side (no subfolders: creating a file or folder is the
//! slow operation on many file systems, so a layer takes few of them):
//!
//! * the manifest, `heurist-disk-bfs.txt`;
//! * each completed layer: `layer-00012.idx`, its index, and `layer-00012-0.bin`,
//!   `layer-00012-1.bin`, ... written by each deduplicating thread, which hold the layer's
//!   partitions one after the other, each sorted, each state once, `width` bytes each;
//! * scratch files of the layer being built: `scratch-00.bin`, ... the successors written
//!   by each expanding thread, in chunks of one partition each, and
//!   `scratch-run-0003-00001.bin`, the sorted runs of a partition whose successors outgrow
//!   the memory budget.
//!
//! A layer's files appear before the manifest lists it; files of a layer the manifest
//! does not list are left over from a stopped run, and removed.

use std::fs::{self, File};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::DiskError;

/// The manifest's file name.
pub(crate) const MANIFEST: &str = "heurist-disk-bfs.txt";

/// Where the files of a run lie.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    pub(crate) dir: PathBuf,
    pub(crate) partitions: usize,
}

/// A file of a run, recognised by its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A file of the layer at this depth.
    Layer(usize),
    Scratch,
    Manifest,
}

impl Layout {
    pub(crate) fn manifest(&self) -> PathBuf {
        self.dir.join(MANIFEST)
    }

    pub(crate) fn manifest_tmp(&self) -> PathBuf {
        self.dir.join(format!("{MANIFEST}.tmp"))
    }

    /// The index of the layer at `depth`.
    pub(crate) fn index(&self, depth: usize) -> PathBuf {
        self.dir.join(format!("layer-{depth:05}.idx"))
    }

    /// Data file `i` of the layer at `depth`.
    pub(crate) fn data(&self, depth: usize, i: usize) -> PathBuf {
        self.dir.join(format!("layer-{depth:05}-{i}.bin"))
    }

    /// The successors thread `t` writes.
    pub(crate) fn candidates(&self, t: usize) -> PathBuf {
        self.dir.join(format!("scratch-{t:02}.bin"))
    }

    /// Sorted run `i` of partition `k`.
    pub(crate) fn run(&self, k: usize, i: usize) -> PathBuf {
        self.dir.join(format!("scratch-run-{k:04}-{i:05}.bin"))
    }

    /// The files of runs in the directory, with their kind.
    pub(crate) fn files(&self) -> Result<Vec<(Kind, PathBuf)>, DiskError> {
        let mut found = Vec::new();
        let entries = fs::read_dir(&self.dir).map_err(|e| DiskError::io("read", &self.dir, e))?;
        for entry in entries {
            let entry = entry.map_err(|e| DiskError::io("read", &self.dir, e))?;
            let name = entry.file_name();
            let Some(name) = name.to_str() else { continue };
            let kind = if name == MANIFEST || name == format!("{MANIFEST}.tmp") {
                Kind::Manifest
            } else if name.starts_with("scratch-") && name.ends_with(".bin") {
                Kind::Scratch
            } else if let Some(depth) = layer_depth(name) {
                Kind::Layer(depth)
            } else {
                continue;
            };
            found.push((kind, entry.path()));
        }
        found.sort_by(|a, b| a.1.cmp(&b.1));
        Ok(found)
    }
}

/// The depth in a layer file's name: `layer-00012.idx` or `layer-00012-3.bin`.
fn layer_depth(name: &str) -> Option<usize> {
    let rest = name.strip_prefix("layer-")?;
    let digits = rest.get(..5)?;
    let tail = &rest[5..];
    let ok = tail == ".idx"
        || tail
            .strip_prefix('-')
            .and_then(|t| t.strip_suffix(".bin"))
            .is_some_and(|i| !i.is_empty() && i.bytes().all(|b| b.is_ascii_digit()));
    (ok && digits.bytes().all(|b| b.is_ascii_digit())).then(|| digits.parse().ok())?
}

/// Where each partition of a layer lies: a data file, the offset of its first record and
/// the number of records. Written as text, a line a partition: `file offset records`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LayerIndex {
    pub(crate) parts: Vec<(usize, u64, u64)>,
}

impl LayerIndex {
    pub(crate) fn states(&self) -> u64 {
        self.parts.iter().fold(0, |a, p| a.saturating_add(p.2))
    }

    pub(crate) fn write(&self, path: &Path, durable: bool) -> Result<(), DiskError> {
        let text: String = self
            .parts
            .iter()
            .map(|(file, offset, records)| format!("{file} {offset} {records}\n"))
            .collect();
        let mut file = File::create(path).map_err(|e| DiskError::io("create", path, e))?;
        file.write_all(text.as_bytes())
            .map_err(|e| DiskError::io("write", path, e))?;
        if durable {
            file.sync_all()
                .map_err(|e| DiskError::io("flush to disk", path, e))?;
        }
        Ok(())
    }

    /// Reads the index of a layer of `partitions` partitions of `width`-byte records, and
    /// checks it against the data files' sizes.
    pub(crate) fn read(
        layout: &Layout,
        depth: usize,
        width: usize,
    ) -> Result<LayerIndex, DiskError> {
        let path = layout.index(depth);
        let mut text = String::new();
        File::open(&path)
            .and_then(|f| {
                f.take(64 * (layout.partitions as u64 + 1))
                    .read_to_string(&mut text)
            })
            .map_err(|e| DiskError::io("read", &path, e))?;
        let bad = |reason: &str| DiskError::layer(&path, reason);
        let mut parts = Vec::with_capacity(layout.partitions);
        let mut sizes: Vec<u64> = Vec::new();
        for line in text.lines() {
            let mut fields = line.split(' ').map(|f| f.parse::<u64>().ok());
            let (Some(Some(file)), Some(Some(offset)), Some(Some(records)), None) =
                (fields.next(), fields.next(), fields.next(), fields.next())
            else {
                return Err(bad("a line is not `file offset records`"));
            };
            let file = usize::try_from(file)
                .ok()
                .filter(|&f| f < 256)
                .ok_or_else(|| bad("a data file number is out of range"))?;
            while sizes.len() <= file {
                sizes.push(file_len(&layout.data(depth, sizes.len())).unwrap_or(0));
            }
            let end = records
                .checked_mul(width as u64)
                .and_then(|b| b.checked_add(offset));
            if end.is_none_or(|end| end > sizes[file]) {
                return Err(DiskError::layer(
                    &layout.data(depth, file),
                    "shorter than its index says",
                ));
            }
            parts.push((file, offset, records));
        }
        if parts.len() != layout.partitions {
            return Err(bad("the number of partitions differs from the manifest's"));
        }
        Ok(LayerIndex { parts })
    }
}

/// Removes a file; a file that is not there is fine.
pub(crate) fn remove_file(path: &Path) -> Result<(), DiskError> {
    match fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(DiskError::io("remove", path, e)),
        _ => Ok(()),
    }
}

pub(crate) fn create_folder(path: &Path) -> Result<(), DiskError> {
    fs::create_dir_all(path).map_err(|e| DiskError::io("create", path, e))
}

/// Flushes a folder's entries (the names of files renamed or created in it) to the disk.
pub(crate) fn sync_folder(path: &Path) -> Result<(), DiskError> {
    // opening a folder for reading works on Unix; elsewhere there is nothing to sync
    if cfg!(unix) {
        let dir = File::open(path).map_err(|e| DiskError::io("open", path, e))?;
        dir.sync_all()
            .map_err(|e| DiskError::io("flush to disk", path, e))?;
    }
    Ok(())
}

/// The size of a file in bytes.
pub(crate) fn file_len(path: &Path) -> Result<u64, DiskError> {
    fs::metadata(path)
        .map(|m| m.len())
        .map_err(|e| DiskError::io("read", path, e))
}

/// A stable 64-bit hash of a packed state. The files depend on it (a state's partition),
/// so it must never change between versions that share a manifest format.
#[inline]
pub(crate) fn hash_bytes(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0x243F_6A88_85A3_08D3 ^ bytes.len() as u64;
    for chunk in bytes.chunks(8) {
        let mut word = [0; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        h = (h ^ u64::from_le_bytes(word)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= h >> 29;
    }
    // the finaliser of splitmix64
    h = (h ^ (h >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    h ^ (h >> 31)
}

/// The partition of a packed state, among `partitions`.
#[inline]
pub(crate) fn partition_of(bytes: &[u8], partitions: usize) -> usize {
    ((hash_bytes(bytes) as u128 * partitions as u128) >> 64) as usize
}

/// Files open for reading, kept for the next range of the same file: opening and closing
/// are slow on some file systems, and a layer is read a partition at a time. The
/// [`Records`] of a file share its handle (and its position: each seeks before it reads).
#[derive(Default)]
pub(crate) struct OpenFiles {
    files: Vec<(Arc<Path>, Arc<File>)>,
}

impl OpenFiles {
    /// The records in `path` from byte `offset` on, `records` of them.
    pub(crate) fn range(
        &mut self,
        path: &Path,
        width: usize,
        offset: u64,
        records: u64,
        buf_bytes: usize,
    ) -> Result<Records, DiskError> {
        let (path, file) = match self.files.iter().find(|(p, _)| **p == *path) {
            Some((p, f)) => (p.clone(), f.clone()),
            None => {
                let f = File::open(path).map_err(|e| DiskError::io("open", path, e))?;
                let entry: (Arc<Path>, Arc<File>) = (path.into(), Arc::new(f));
                self.files.push(entry.clone());
                entry
            }
        };
        Ok(Records::new(file, path, width, offset, records, buf_bytes))
    }
}

/// Reads `width`-byte records from a range of a file, in large blocks.
pub(crate) struct Records {
    file: Arc<File>,
    path: Arc<Path>,
    width: usize,
    buf: Vec<u8>,
    /// The current record starts at `pos`; `end` bytes of `buf` are valid.
    pos: usize,
    end: usize,
    started: bool,
    finished: bool,
    /// Where the next read starts in the file, and the bytes of the range left to read.
    at: u64,
    remaining: u64,
}

impl Records {
    /// Opens `path` to read all of it, in blocks of about `buf_bytes` (at least one
    /// record).
    pub(crate) fn open(path: &Path, width: usize, buf_bytes: usize) -> Result<Self, DiskError> {
        let file = File::open(path).map_err(|e| DiskError::io("open", path, e))?;
        let len = file
            .metadata()
            .map_err(|e| DiskError::io("read", path, e))?
            .len();
        if len % width as u64 != 0 {
            return Err(DiskError::layer(
                path,
                format!("its size is not a multiple of the state width ({width} bytes)"),
            ));
        }
        let records = len / width as u64;
        Ok(Self::new(
            Arc::new(file),
            path.into(),
            width,
            0,
            records,
            buf_bytes,
        ))
    }

    /// Opens `path` to read `records` records from byte `offset`.
    #[cfg(test)]
    pub(crate) fn range(
        path: &Path,
        width: usize,
        offset: u64,
        records: u64,
        buf_bytes: usize,
    ) -> Result<Self, DiskError> {
        OpenFiles::default().range(path, width, offset, records, buf_bytes)
    }

    fn new(
        file: Arc<File>,
        path: Arc<Path>,
        width: usize,
        offset: u64,
        records: u64,
        buf_bytes: usize,
    ) -> Self {
        let len = records.saturating_mul(width as u64);
        // no larger than the range: many are small
        let cap =
            (buf_bytes.min(usize::try_from(len).unwrap_or(usize::MAX)) / width).max(1) * width;
        Records {
            file,
            path,
            width,
            buf: vec![0; cap],
            pos: 0,
            end: 0,
            started: false,
            finished: false,
            at: offset,
            remaining: len,
        }
    }

    /// Moves to the next record; false at the end of the file.
    #[inline]
    pub(crate) fn advance(&mut self) -> Result<bool, DiskError> {
        if self.finished {
            return Ok(false);
        }
        if self.started {
            self.pos += self.width;
        }
        self.started = true;
        if self.pos + self.width <= self.end {
            return Ok(true);
        }
        self.fill()?;
        if self.end < self.width {
            self.finished = true;
            return Ok(false);
        }
        Ok(true)
    }

    /// The current record (after [`Records::advance`] returned true).
    #[inline]
    pub(crate) fn current(&self) -> &[u8] {
        &self.buf[self.pos..self.pos + self.width]
    }

    /// The next records, as many whole ones as the buffer holds; `None` at the end of the
    /// range. (A reader is read with this or with [`Records::advance`], not both.)
    pub(crate) fn block(&mut self) -> Result<Option<&[u8]>, DiskError> {
        if self.finished {
            return Ok(None);
        }
        self.fill()?;
        let whole = self.end / self.width * self.width;
        if whole == 0 {
            self.finished = true;
            return Ok(None);
        }
        self.pos = whole;
        Ok(Some(&self.buf[..whole]))
    }

    /// Keeps the bytes from `pos` on (a partial record) at the front of the buffer and
    /// fills the rest from the file.
    fn fill(&mut self) -> Result<(), DiskError> {
        self.buf.copy_within(self.pos..self.end, 0);
        self.end -= self.pos;
        self.pos = 0;
        if self.remaining > 0 {
            (&*self.file)
                .seek(SeekFrom::Start(self.at))
                .map_err(|e| DiskError::io("read", &self.path, e))?;
        }
        while self.end < self.buf.len() && self.remaining > 0 {
            let want = (self.buf.len() - self.end)
                .min(usize::try_from(self.remaining).unwrap_or(usize::MAX));
            match (&*self.file).read(&mut self.buf[self.end..self.end + want]) {
                Ok(0) => {
                    return Err(DiskError::layer(&self.path, "the file ends early"));
                }
                Ok(n) => {
                    self.end += n;
                    self.at += n as u64;
                    self.remaining -= n as u64;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(DiskError::io("read", &self.path, e)),
            }
        }
        Ok(())
    }
}

/// A buffered writer of records to a new file, counting what it writes.
pub(crate) struct RecordWriter {
    file: File,
    path: PathBuf,
    buf: Vec<u8>,
    len: usize,
    pub(crate) records: u64,
    pub(crate) bytes: u64,
}

impl RecordWriter {
    /// Creates `path`, or empties it if it is there.
    pub(crate) fn create(path: &Path, buf_bytes: usize) -> Result<Self, DiskError> {
        let file = File::create(path).map_err(|e| DiskError::io("create", path, e))?;
        Ok(RecordWriter {
            file,
            path: path.to_path_buf(),
            buf: vec![0; buf_bytes.max(512)],
            len: 0,
            records: 0,
            bytes: 0,
        })
    }

    /// The place of the next record, `width` bytes, to be written into.
    #[inline]
    pub(crate) fn slot(&mut self, width: usize) -> Result<&mut [u8], DiskError> {
        if self.len + width > self.buf.len() {
            self.flush()?;
            if width > self.buf.len() {
                self.buf.resize(width, 0);
            }
        }
        let at = self.len;
        self.len += width;
        self.records += 1;
        self.bytes += width as u64;
        Ok(&mut self.buf[at..at + width])
    }

    #[inline]
    pub(crate) fn write(&mut self, record: &[u8]) -> Result<(), DiskError> {
        self.slot(record.len())?.copy_from_slice(record);
        Ok(())
    }

    fn flush(&mut self) -> Result<(), DiskError> {
        self.file
            .write_all(&self.buf[..self.len])
            .map_err(|e| DiskError::io("write", &self.path, e))?;
        self.len = 0;
        Ok(())
    }

    /// Flushes the file, and with `durable` waits until it is on the disk; the bytes
    /// written.
    pub(crate) fn finish(mut self, durable: bool) -> Result<u64, DiskError> {
        self.flush()?;
        if durable {
            self.file
                .sync_all()
                .map_err(|e| DiskError::io("flush to disk", &self.path, e))?;
        }
        Ok(self.bytes)
    }
}

/// Writes `text` to `path` through a temporary file and a rename, so that the file holds
/// either its old text or the new one, never a part.
pub(crate) fn write_atomically(
    path: &Path,
    tmp: &Path,
    text: &str,
    durable: bool,
) -> Result<(), DiskError> {
    let mut file = File::create(tmp).map_err(|e| DiskError::io("create", tmp, e))?;
    file.write_all(text.as_bytes())
        .map_err(|e| DiskError::io("write", tmp, e))?;
    if durable {
        file.sync_all()
            .map_err(|e| DiskError::io("flush to disk", tmp, e))?;
    }
    drop(file);
    fs::rename(tmp, path).map_err(|e| DiskError::io("rename", tmp, e))?;
    if durable {
        if let Some(parent) = path.parent() {
            sync_folder(parent)?;
        }
    }
    Ok(())
}

/// Whether the `records` sorted `width`-byte records at byte `offset` of the file at
/// `path` hold `record`: a binary search, reading one record per step.
pub(crate) fn sorted_range_contains(
    path: &Path,
    width: usize,
    (offset, records): (u64, u64),
    record: &[u8],
) -> Result<bool, DiskError> {
    let mut file = File::open(path).map_err(|e| DiskError::io("open", path, e))?;
    let (mut lo, mut hi) = (0u64, records);
    let mut buf = vec![0; width];
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        file.seek(SeekFrom::Start(offset + mid * width as u64))
            .and_then(|_| file.read_exact(&mut buf))
            .map_err(|e| DiskError::io("read", path, e))?;
        match buf.as_slice().cmp(record) {
            std::cmp::Ordering::Less => lo = mid + 1,
            std::cmp::Ordering::Greater => hi = mid,
            std::cmp::Ordering::Equal => return Ok(true),
        }
    }
    Ok(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("heurist-files-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn records_read_back_across_block_boundaries() {
        let dir = temp("records");
        let path = dir.join("r");
        let mut w = RecordWriter::create(&path, 7).unwrap();
        for i in 0u32..1000 {
            w.write(&i.to_be_bytes()[1..]).unwrap();
        }
        assert_eq!(w.records, 1000);
        assert_eq!(w.finish(false).unwrap(), 3000);
        // a block of 8 bytes holds two records and splits none
        let mut r = Records::open(&path, 3, 8).unwrap();
        let mut n = 0u32;
        while r.advance().unwrap() {
            assert_eq!(r.current(), &n.to_be_bytes()[1..]);
            n += 1;
        }
        assert_eq!(n, 1000);
        assert!(!r.advance().unwrap());
        for probe in [0u32, 1, 500, 999] {
            let rec = &probe.to_be_bytes()[1..];
            assert!(sorted_range_contains(&path, 3, (0, 1000), rec).unwrap());
            assert_eq!(
                sorted_range_contains(&path, 3, (30, 990), rec).unwrap(),
                probe >= 10
            );
        }
        assert!(!sorted_range_contains(&path, 3, (0, 1000), &1000u32.to_be_bytes()[1..]).unwrap());
        // a range from record 10, of 5 records
        let mut r = Records::range(&path, 3, 30, 5, 4).unwrap();
        let mut seen = Vec::new();
        while r.advance().unwrap() {
            seen.push(r.current()[2]);
        }
        assert_eq!(seen, [10, 11, 12, 13, 14]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_truncated_record_is_an_error() {
        let dir = temp("truncated");
        let path = dir.join("r");
        fs::write(&path, [1, 2, 3, 4, 5]).unwrap();
        assert!(matches!(
            Records::open(&path, 3, 64),
            Err(DiskError::Layer { .. })
        ));
        // a range past the end of the file
        let mut r = Records::range(&path, 3, 0, 2, 64).unwrap();
        assert!(matches!(r.advance(), Err(DiskError::Layer { .. })));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn file_names_are_recognised() {
        let layout = Layout {
            dir: PathBuf::from("w"),
            partitions: 4,
        };
        for (path, depth) in [(layout.index(12), 12), (layout.data(7, 3), 7)] {
            let name = path.file_name().unwrap().to_str().unwrap();
            assert_eq!(layer_depth(name), Some(depth), "{name}");
        }
        for name in [
            "layer-0001.idx",
            "layer-00012-.bin",
            "layer-00012-x.bin",
            "layer-00012",
        ] {
            assert_eq!(layer_depth(name), None, "{name}");
        }
    }

    #[test]
    fn partitions_spread_states_evenly() {
        let mut counts = [0u32; 16];
        for i in 0u64..160_000 {
            counts[partition_of(&i.to_le_bytes()[..6], 16)] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }
}
