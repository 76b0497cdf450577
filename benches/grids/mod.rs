//! Moving AI grid maps and scenarios (`data/grids`, format in `data/README.md`), and one
//! hand-written grid problem that every crate of the `grids` bench is given: the same
//! successor function and the same octile heuristic, generic over the cost type.
//!
//! Moves are 8-connected: a straight step costs 1, a diagonal one sqrt(2), and a diagonal
//! step needs both orthogonal cells it passes between free (no corner cutting), as in the
//! published optimal lengths.

use std::cmp::Ordering;
use std::marker::PhantomData;
use std::ops::Add;
use std::path::PathBuf;

use heurist::{OrderedF64, Problem, Successors};

/// `data/grids` of this crate.
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/grids")
}

/// A grid map; a cell is the index `y * width + x`.
pub struct Map {
    pub name: String,
    pub width: u32,
    pub height: u32,
    pub free: Vec<bool>,
}

/// One line of a `.scen` file.
#[derive(Clone, Copy, Debug)]
pub struct Scenario {
    pub bucket: u32,
    pub start: u32,
    pub goal: u32,
    /// The published optimal length.
    pub optimal: f64,
}

impl Map {
    /// Reads `data/grids/<name>.map`.
    pub fn load(name: &str) -> Map {
        let path = data_dir().join(format!("{name}.map"));
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let mut lines = text.lines();
        let (mut width, mut height) = (0, 0);
        for line in lines.by_ref() {
            let mut words = line.split_whitespace();
            match (words.next(), words.next()) {
                (Some("height"), Some(h)) => height = h.parse().expect("height"),
                (Some("width"), Some(w)) => width = w.parse().expect("width"),
                (Some("map"), None) => break,
                _ => {}
            }
        }
        let mut free = Vec::with_capacity((width * height) as usize);
        for row in lines.take(height as usize) {
            let row = row.trim_end();
            assert_eq!(
                row.len(),
                width as usize,
                "{name}: a row of the wrong width"
            );
            free.extend(row.bytes().map(|c| matches!(c, b'.' | b'G' | b'S')));
        }
        assert_eq!(
            free.len(),
            (width * height) as usize,
            "{name}: too few rows"
        );
        Map {
            name: name.to_string(),
            width,
            height,
            free,
        }
    }

    /// Reads `data/grids/<name>.map.scen`.
    pub fn scenarios(&self) -> Vec<Scenario> {
        let path = data_dir().join(format!("{}.map.scen", self.name));
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        text.lines()
            .skip(1) // "version 1"
            .filter(|l| !l.trim().is_empty())
            .map(|line| {
                let f: Vec<&str> = line.split('\t').collect();
                assert_eq!(f.len(), 9, "a scenario line of 9 fields: {line:?}");
                let num = |i: usize| -> u32 { f[i].trim().parse().expect("an integer field") };
                let cell = |x: u32, y: u32| {
                    assert!(x < self.width && y < self.height, "{line:?} off the map");
                    y * self.width + x
                };
                Scenario {
                    bucket: num(0),
                    start: cell(num(4), num(5)),
                    goal: cell(num(6), num(7)),
                    optimal: f[8].trim().parse().expect("the optimal length"),
                }
            })
            .collect()
    }

    /// `(x, y)` of `cell`.
    #[inline]
    pub fn xy(&self, cell: u32) -> (u32, u32) {
        (cell % self.width, cell / self.width)
    }

    /// Calls `f(neighbour, cost)` for each cell one legal step from `s`: the four straight
    /// steps to free cells, then the four diagonal steps whose two orthogonal cells are free.
    #[inline(always)]
    pub fn neighbours<C: GridCost>(&self, s: u32, mut f: impl FnMut(u32, C)) {
        let w = self.width;
        let (x, y) = self.xy(s);
        let free = |c: u32| self.free[c as usize];
        let n = y > 0 && free(s - w);
        let south = y + 1 < self.height && free(s + w);
        let west = x > 0 && free(s - 1);
        let e = x + 1 < w && free(s + 1);
        if n {
            f(s - w, C::STRAIGHT);
        }
        if south {
            f(s + w, C::STRAIGHT);
        }
        if west {
            f(s - 1, C::STRAIGHT);
        }
        if e {
            f(s + 1, C::STRAIGHT);
        }
        if n && west && free(s - w - 1) {
            f(s - w - 1, C::DIAGONAL);
        }
        if n && e && free(s - w + 1) {
            f(s - w + 1, C::DIAGONAL);
        }
        if south && west && free(s + w - 1) {
            f(s + w - 1, C::DIAGONAL);
        }
        if south && e && free(s + w + 1) {
            f(s + w + 1, C::DIAGONAL);
        }
    }

    /// The octile distance from `s` to `goal`: an admissible, consistent estimate.
    #[inline(always)]
    pub fn octile<C: GridCost>(&self, s: u32, goal: u32) -> C {
        let (x, y) = self.xy(s);
        let (gx, gy) = self.xy(goal);
        let (dx, dy) = (x.abs_diff(gx), y.abs_diff(gy));
        C::octile(dx.max(dy) - dx.min(dy), dx.min(dy))
    }
}

/// A cost type of the grid problem: a straight and a diagonal step, and the octile
/// distance of `straight` straight and `diagonal` diagonal steps.
pub trait GridCost: Copy {
    const STRAIGHT: Self;
    const DIAGONAL: Self;
    fn octile(straight: u32, diagonal: u32) -> Self;
    /// The cost as a length in the scenarios' units.
    fn length(self) -> f64;
}

/// Integer costs: a straight step 10000, a diagonal one 14142 (sqrt(2) rounded down, so
/// the octile distance stays admissible).
pub const INT_STRAIGHT: u32 = 10_000;
/// See [`INT_STRAIGHT`].
pub const INT_DIAGONAL: u32 = 14_142;

impl GridCost for u32 {
    const STRAIGHT: u32 = INT_STRAIGHT;
    const DIAGONAL: u32 = INT_DIAGONAL;
    #[inline(always)]
    fn octile(straight: u32, diagonal: u32) -> u32 {
        straight * INT_STRAIGHT + diagonal * INT_DIAGONAL
    }
    fn length(self) -> f64 {
        f64::from(self) / f64::from(INT_STRAIGHT)
    }
}

impl GridCost for OrderedF64 {
    const STRAIGHT: OrderedF64 = OrderedF64(1.0);
    const DIAGONAL: OrderedF64 = OrderedF64(std::f64::consts::SQRT_2);
    #[inline(always)]
    fn octile(straight: u32, diagonal: u32) -> OrderedF64 {
        OrderedF64(f64::from(straight) + f64::from(diagonal) * std::f64::consts::SQRT_2)
    }
    fn length(self) -> f64 {
        self.0
    }
}

/// An `f64` cost for the `pathfinding` crate, which needs `Ord + Zero + Add`: the same
/// order ([`f64::total_cmp`]) and the same addition as [`OrderedF64`], so both crates do
/// the same float arithmetic.
#[derive(Clone, Copy, Debug, Default)]
pub struct PfF64(pub f64);

impl PartialEq for PfF64 {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for PfF64 {}
impl PartialOrd for PfF64 {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for PfF64 {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}
impl Add for PfF64 {
    type Output = PfF64;
    #[inline]
    fn add(self, rhs: PfF64) -> PfF64 {
        PfF64(self.0 + rhs.0)
    }
}
impl num_traits::Zero for PfF64 {
    #[inline]
    fn zero() -> PfF64 {
        PfF64(0.0)
    }
    #[inline]
    fn is_zero(&self) -> bool {
        self.0 == 0.0
    }
}
impl GridCost for PfF64 {
    const STRAIGHT: PfF64 = PfF64(1.0);
    const DIAGONAL: PfF64 = PfF64(std::f64::consts::SQRT_2);
    #[inline(always)]
    fn octile(straight: u32, diagonal: u32) -> PfF64 {
        PfF64(OrderedF64::octile(straight, diagonal).0)
    }
    fn length(self) -> f64 {
        self.0
    }
}

/// The grid problem for `heurist`: reach `goal` on `map`; a state is a cell index.
pub struct GridProblem<'m, C> {
    pub map: &'m Map,
    pub goal: u32,
    cost: PhantomData<C>,
}

impl<'m, C> GridProblem<'m, C> {
    pub fn new(map: &'m Map, goal: u32) -> Self {
        GridProblem {
            map,
            goal,
            cost: PhantomData,
        }
    }
}

impl<C: GridCost + heurist::Cost> Problem for GridProblem<'_, C> {
    type State = u32;
    type Action = ();
    type Cost = C;

    #[inline]
    fn is_goal(&self, s: &u32) -> bool {
        *s == self.goal
    }

    #[inline]
    fn successors(&self, &s: &u32, out: &mut Successors<u32, (), C>) {
        self.map.neighbours(s, |n, c| out.push((), n, c));
    }
}

/// The octile length of a path given as `(x, y)` points, each a king's move from the last
/// (`None` if a step is longer), and how many of its diagonal steps cut a blocked corner.
pub fn path_length(map: &Map, path: &[(i32, i32)]) -> Option<(f64, usize)> {
    let mut length = 0.0;
    let mut cut = 0;
    for pair in path.windows(2) {
        let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
        let (dx, dy) = ((x1 - x0).abs(), (y1 - y0).abs());
        match (dx, dy) {
            (1, 1) => {
                length += std::f64::consts::SQRT_2;
                let free = |x: i32, y: i32| map.free[(y as u32 * map.width + x as u32) as usize];
                if !free(x1, y0) || !free(x0, y1) {
                    cut += 1;
                }
            }
            (1, 0) | (0, 1) => length += 1.0,
            _ => return None,
        }
    }
    Some((length, cut))
}
