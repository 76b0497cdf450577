//! Grid maps: which cells of a `width` x `height` grid can be entered.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

/// The passability of a grid's cells: what a [`Grid`](super::Grid) searches.
///
/// Coordinates are `x` (the column) and `y` (the row), both from 0 at the top-left corner,
/// as in Moving AI map files.
///
/// # Examples
///
/// ```
/// use heurist::grid::{FnMap, GridMap, Map};
///
/// let ring = FnMap::new(5, 5, |x, y| x == 0 || y == 0 || x == 4 || y == 4);
/// assert!(ring.is_passable(0, 3) && !ring.is_passable(2, 2));
/// assert!(!ring.is_passable(5, 0)); // outside the map
///
/// let copy = GridMap::from_map(&ring);
/// assert_eq!((copy.width(), copy.height()), (5, 5));
/// assert!(copy.is_passable(4, 1) && !copy.is_passable(1, 1));
/// ```
pub trait Map {
    /// Number of columns.
    fn width(&self) -> u32;

    /// Number of rows.
    fn height(&self) -> u32;

    /// Whether cell `(x, y)` can be entered; `false` outside the map.
    fn is_passable(&self, x: u32, y: u32) -> bool;

    /// The map as a [`GridMap`], if it is one: jump point search then scans its bit rows
    /// directly instead of copying the map into a bitmap first.
    fn as_grid_map(&self) -> Option<&GridMap> {
        None
    }
}

impl<M: Map + ?Sized> Map for &M {
    #[inline]
    fn width(&self) -> u32 {
        (**self).width()
    }
    #[inline]
    fn height(&self) -> u32 {
        (**self).height()
    }
    #[inline]
    fn is_passable(&self, x: u32, y: u32) -> bool {
        (**self).is_passable(x, y)
    }
    #[inline]
    fn as_grid_map(&self) -> Option<&GridMap> {
        (**self).as_grid_map()
    }
}

/// Bits of padding before the first cell of a line, so that a scan may read the 128 bits
/// before any cell.
pub(crate) const OFF: usize = 128;

/// Lines of bits, one bit a cell (1: passable), each line padded with blocked cells: 128
/// before its first cell and at least 128 after its last, and a blocked line before the
/// first and after the last. Cell `i` of line `l` is bit `OFF + i` of line `l + 1`.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Lines {
    /// Words per line.
    stride: usize,
    words: Vec<u64>,
}

impl Lines {
    fn new(lines: usize, len: usize) -> Self {
        let stride = len / 64 + 6;
        Lines {
            stride,
            words: vec![0; (lines + 2) * stride],
        }
    }

    #[inline]
    fn set(&mut self, line: usize, i: usize, passable: bool) {
        let pos = OFF + i;
        let w = &mut self.words[(line + 1) * self.stride + pos / 64];
        let bit = 1u64 << (pos % 64);
        if passable {
            *w |= bit;
        } else {
            *w &= !bit;
        }
    }

    /// The words of all lines, and the words per line: bit `pos` of padded line `pl` is
    /// bit `pos % 64` of word `pl * stride + pos / 64`.
    #[inline(always)]
    pub(crate) fn words(&self) -> (&[u64], usize) {
        (&self.words, self.stride)
    }

    /// Bits `pos..pos + 3` (padded) of padded line `pl`, as the low three bits.
    #[inline(always)]
    fn three(&self, pl: usize, pos: usize) -> u8 {
        let at = pl * self.stride + pos / 64;
        let pair = u128::from(self.words[at + 1]) << 64 | u128::from(self.words[at]);
        (pair >> (pos % 64)) as u8 & 0b111
    }

    /// Bit `pos` (padded) of padded line `pl` (`line + 1`).
    #[inline(always)]
    pub(crate) fn get(&self, pl: usize, pos: usize) -> bool {
        self.words[pl * self.stride + pos / 64] >> (pos % 64) & 1 != 0
    }
}

/// A grid map stored as bits: one bit a cell, rows packed into 64-bit words, with a
/// transposed copy (columns packed into words) kept beside it for jump point search's
/// vertical scans. Querying a cell is a shift and a mask.
///
/// # Examples
///
/// ```
/// use heurist::grid::{GridMap, Map};
///
/// let mut map = GridMap::new(8, 3); // all passable
/// map.set(2, 1, false);
/// assert!(!map.is_passable(2, 1) && map.is_passable(3, 1));
///
/// let checker = GridMap::from_fn(4, 4, |x, y| (x + y) % 2 == 0);
/// assert_eq!(checker.passable_count(), 8);
/// ```
#[derive(Clone)]
pub struct GridMap {
    width: u32,
    height: u32,
    pub(crate) rows: Lines,
    pub(crate) cols: Lines,
    /// Changes with every change of the cells (see [`GridMap::revision`]).
    revision: u64,
}

/// The next [`GridMap::revision`] to give out: numbers are never given twice in a process.
static NEXT_REVISION: AtomicU64 = AtomicU64::new(1);

/// A revision that no map has had.
fn new_revision() -> u64 {
    NEXT_REVISION.fetch_add(1, Ordering::Relaxed)
}

impl PartialEq for GridMap {
    /// Maps are equal when their cells are (whatever their revisions).
    fn eq(&self, other: &Self) -> bool {
        (self.width, self.height) == (other.width, other.height) && self.rows == other.rows
    }
}
impl Eq for GridMap {}

impl GridMap {
    /// A `width` x `height` map with every cell passable.
    ///
    /// # Panics
    ///
    /// If `width * height` exceeds `u32::MAX`.
    pub fn new(width: u32, height: u32) -> Self {
        Self::from_fn(width, height, |_, _| true)
    }

    /// A `width` x `height` map in which cell `(x, y)` is passable when `passable(x, y)`.
    ///
    /// # Panics
    ///
    /// If `width * height` exceeds `u32::MAX`.
    pub fn from_fn(width: u32, height: u32, mut passable: impl FnMut(u32, u32) -> bool) -> Self {
        assert!(
            u64::from(width) * u64::from(height) <= u64::from(u32::MAX),
            "a grid map has at most u32::MAX cells"
        );
        let (w, h) = (width as usize, height as usize);
        let mut map = GridMap {
            width,
            height,
            rows: Lines::new(h, w),
            cols: Lines::new(w, h),
            revision: new_revision(),
        };
        for y in 0..height {
            for x in 0..width {
                if passable(x, y) {
                    map.rows.set(y as usize, x as usize, true);
                    map.cols.set(x as usize, y as usize, true);
                }
            }
        }
        map
    }

    /// A copy of any [`Map`].
    pub fn from_map(map: &(impl Map + ?Sized)) -> Self {
        Self::from_fn(map.width(), map.height(), |x, y| map.is_passable(x, y))
    }

    /// Makes cell `(x, y)` passable or blocked.
    ///
    /// # Panics
    ///
    /// If `(x, y)` is outside the map.
    pub fn set(&mut self, x: u32, y: u32, passable: bool) {
        assert!(
            x < self.width && y < self.height,
            "cell ({x}, {y}) is outside the {}x{} map",
            self.width,
            self.height
        );
        self.rows.set(y as usize, x as usize, passable);
        self.cols.set(x as usize, y as usize, passable);
        self.revision = new_revision();
    }

    /// A number that identifies the map's cells as they are: no other map, and this map
    /// after a change, has the same. A search's workspace keeps what it derives from a
    /// map's cells under their revision, to use again while the map does not change.
    pub(crate) fn revision(&self) -> u64 {
        self.revision
    }

    /// Which of the eight neighbours of cell `(x, y)` are passable, as bits in the order
    /// of [`Direction::ALL`](super::Direction::ALL) (north first, clockwise), read from
    /// three lines of bits at once; `None` if the cell itself is blocked or off the map.
    #[inline]
    pub(crate) fn neighbours(&self, x: u32, y: u32) -> Option<u8> {
        if x >= self.width || y >= self.height {
            return None;
        }
        // line `y` of the padding-shifted rows is the row above the cell
        let (pl, pos) = (y as usize, OFF + x as usize - 1);
        let above = self.rows.three(pl, pos);
        let level = self.rows.three(pl + 1, pos);
        let below = self.rows.three(pl + 2, pos);
        if level & 0b010 == 0 {
            return None;
        }
        // bit 0 is the west column, bit 1 the cell's own, bit 2 the east
        Some(
            (above >> 1 & 1)
                | (above >> 2 & 1) << 1
                | (level >> 2 & 1) << 2
                | (below >> 2 & 1) << 3
                | (below >> 1 & 1) << 4
                | (below & 1) << 5
                | (level & 1) << 6
                | (above & 1) << 7,
        )
    }

    /// The number of passable cells.
    pub fn passable_count(&self) -> u64 {
        self.rows
            .words
            .iter()
            .map(|w| u64::from(w.count_ones()))
            .sum()
    }
}

impl Map for GridMap {
    #[inline]
    fn width(&self) -> u32 {
        self.width
    }
    #[inline]
    fn height(&self) -> u32 {
        self.height
    }
    #[inline]
    fn is_passable(&self, x: u32, y: u32) -> bool {
        x < self.width && y < self.height && self.rows.get(y as usize + 1, OFF + x as usize)
    }
    #[inline]
    fn as_grid_map(&self) -> Option<&GridMap> {
        Some(self)
    }
}

impl fmt::Debug for GridMap {
    /// The size, then the rows: `.` passable, `@` blocked.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "GridMap {}x{}", self.width, self.height)?;
        for y in 0..self.height {
            let row: String = (0..self.width)
                .map(|x| if self.is_passable(x, y) { '.' } else { '@' })
                .collect();
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

/// A map whose passability is a closure `Fn(x, y) -> bool`, asked only for cells inside
/// the map.
///
/// # Examples
///
/// ```
/// use heurist::grid::{FnMap, Map};
///
/// let stripes = FnMap::new(6, 6, |x, _| x % 3 != 2);
/// assert!(stripes.is_passable(1, 5) && !stripes.is_passable(2, 0));
/// ```
#[derive(Clone, Copy)]
pub struct FnMap<F> {
    width: u32,
    height: u32,
    passable: F,
}

impl<F: Fn(u32, u32) -> bool> FnMap<F> {
    /// A `width` x `height` map in which `(x, y)` is passable when `passable(x, y)`.
    pub fn new(width: u32, height: u32, passable: F) -> Self {
        FnMap {
            width,
            height,
            passable,
        }
    }
}

impl<F: Fn(u32, u32) -> bool> Map for FnMap<F> {
    #[inline]
    fn width(&self) -> u32 {
        self.width
    }
    #[inline]
    fn height(&self) -> u32 {
        self.height
    }
    #[inline]
    fn is_passable(&self, x: u32, y: u32) -> bool {
        x < self.width && y < self.height && (self.passable)(x, y)
    }
}

impl<F> fmt::Debug for FnMap<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FnMap {}x{}", self.width, self.height)
    }
}
