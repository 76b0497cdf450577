//! The search problem: states (where the water is), actions (how a tile is turned and left),
//! successors under the rule sets, and an independent checker of flows.

use heurist::{Problem, Successors};
use smallvec::SmallVec;

use super::{opposite, rotate, Grid, Rules, INLET, NONE, NO_ENTRY, OUTLET, SIDE_NAMES};

/// Visited tiles as a bitset (two words inline: up to 128 tiles without allocation).
pub type Visited = SmallVec<[u64; 2]>;

/// Search state: the water has just entered `cell` through side `entry` (or [`NO_ENTRY`] at
/// the source); `visited` holds the tiles on the path (empty under the base rules).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Flow {
    /// The tile the water is in.
    pub cell: u16,
    /// The side it entered through, or [`NO_ENTRY`].
    pub entry: u8,
    /// Tiles on the path so far, including `cell` (free rules only).
    pub visited: Visited,
}

/// Action: turn tile `cell` clockwise `turns` times and let the water leave it through `exit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pass {
    /// The tile.
    pub cell: u16,
    /// Clockwise quarter turns given to the tile (0-3).
    pub turns: u8,
    /// The side the water leaves through.
    pub exit: u8,
}

/// The Zenji search problem for one map and rule set.
#[derive(Clone, Debug)]
pub struct Zenji {
    /// The map.
    pub grid: Grid,
    /// The rule set.
    pub rules: Rules,
    /// Whether states carry the visited set (free rules, unless relaxed).
    pub(super) track_visited: bool,
    /// `pass[cell][entry][exit]`: fewest turns giving an inlet at `entry` and an outlet at
    /// `exit` (entry [`NO_ENTRY`] at the source: its outlets, no turns), or `NONE`.
    pass: Vec<[[u8; 4]; 5]>,
}

impl Zenji {
    /// The problem for `grid` under `rules`.
    pub fn new(grid: Grid, rules: Rules) -> Zenji {
        let mut pass = vec![[[NONE; 4]; 5]; grid.tiles.len()];
        for (cell, tile) in grid.tiles.iter().enumerate() {
            if cell == grid.source() {
                for exit in 0..4 {
                    if tile[exit] == OUTLET {
                        pass[cell][NO_ENTRY as usize][exit] = 0;
                    }
                }
                continue;
            }
            if cell == grid.drain() {
                continue;
            }
            for k in (0..4).rev() {
                let t = rotate(*tile, k);
                for entry in 0..4 {
                    if t[entry] != INLET {
                        continue;
                    }
                    for exit in 0..4 {
                        if t[exit] == OUTLET {
                            pass[cell][entry][exit] = k as u8;
                        }
                    }
                }
            }
        }
        Zenji {
            track_visited: rules == Rules::Free,
            grid,
            rules,
            pass,
        }
    }

    /// The same map and rules without the "each tile at most once" constraint (states carry
    /// no visited set). Its optimum is a lower bound; if it has no flow, neither has `self`.
    pub fn relaxed(&self) -> Zenji {
        Zenji {
            track_visited: false,
            ..self.clone()
        }
    }

    /// Whether this problem tracks visited tiles.
    pub fn tracks_visited(&self) -> bool {
        self.track_visited
    }

    /// The start state: water in the source.
    pub fn start(&self) -> Flow {
        let mut visited = Visited::new();
        if self.track_visited {
            visited.resize(self.grid.tiles.len().div_ceil(64), 0);
            visited[0] |= 1;
        }
        Flow {
            cell: 0,
            entry: NO_ENTRY,
            visited,
        }
    }

    /// Fewest turns for tile `cell` entered through `entry` (or [`NO_ENTRY`]) to pass the
    /// water on through `exit`; `None` if no rotation does.
    #[inline]
    pub fn pass_cost(&self, cell: usize, entry: u8, exit: usize) -> Option<u8> {
        let k = self.pass[cell][entry as usize][exit];
        (k != NONE).then_some(k)
    }

    /// Whether the water, having entered `cell` through `entry`, can go on at all (some
    /// rotation has an inlet there and an outlet somewhere), or `cell` is the drain and
    /// its door on that side is an inlet.
    #[inline]
    pub(super) fn enterable(&self, cell: usize, entry: usize) -> bool {
        if cell == self.grid.drain() {
            self.grid.tiles[cell][entry] == INLET
        } else if cell == self.grid.source() {
            false
        } else {
            self.pass[cell][entry].iter().any(|&k| k != NONE)
        }
    }

    /// The path (tiles in order) and the turns (`(cell, k)` with `k > 0`) of a solution.
    pub fn decode(&self, start: &Flow, actions: &[Pass]) -> (Vec<usize>, Vec<(usize, u8)>) {
        let mut path = vec![start.cell as usize];
        let mut turns = Vec::new();
        for a in actions {
            if a.turns > 0 {
                turns.push((a.cell as usize, a.turns));
            }
            let next = self
                .grid
                .neighbour(a.cell as usize, a.exit as usize)
                .expect("actions stay on the grid");
            path.push(next);
        }
        (path, turns)
    }
}

impl Problem for Zenji {
    type State = Flow;
    type Action = Pass;
    type Cost = u32;

    #[inline]
    fn is_goal(&self, s: &Flow) -> bool {
        s.cell as usize == self.grid.drain()
    }

    fn successors(&self, s: &Flow, out: &mut Successors<Flow, Pass, u32>) {
        let cell = s.cell as usize;
        if cell == self.grid.drain() {
            return;
        }
        for exit in 0..4 {
            if !self.rules.allows(exit) {
                continue;
            }
            let Some(k) = self.pass_cost(cell, s.entry, exit) else {
                continue;
            };
            let Some(q) = self.grid.neighbour(cell, exit) else {
                continue;
            };
            let entry = opposite(exit);
            if !self.enterable(q, entry) {
                continue;
            }
            let mut visited = s.visited.clone();
            if self.track_visited {
                let (w, bit) = (q / 64, 1u64 << (q % 64));
                if visited[w] & bit != 0 {
                    continue;
                }
                visited[w] |= bit;
            }
            out.push(
                Pass {
                    cell: s.cell,
                    turns: k,
                    exit: exit as u8,
                },
                Flow {
                    cell: q as u16,
                    entry: entry as u8,
                    visited,
                },
                k as u32,
            );
        }
    }
}

/// Checks a flow: `path` from source to drain on the grid, each tile once, moves allowed by
/// `rules`, only tiles strictly inside the path turned (`turns`, `k` in 1..=3, each tile at
/// most once), and with the turns applied the water passes outlet-to-inlet along the path.
/// Returns the total number of turns.
pub fn check_flow(
    grid: &Grid,
    rules: Rules,
    path: &[usize],
    turns: &[(usize, u8)],
) -> Result<u32, String> {
    if path.first() != Some(&grid.source()) || path.last() != Some(&grid.drain()) {
        return Err("the path must run from the source to the drain".into());
    }
    let mut seen = vec![false; grid.tiles.len()];
    for &c in path {
        if c >= seen.len() || std::mem::replace(&mut seen[c], true) {
            return Err(format!("tile {c} is off the grid or visited twice"));
        }
    }
    let mut turned = vec![false; grid.tiles.len()];
    for &(c, k) in turns {
        if !(1..=3).contains(&k) {
            return Err(format!("tile {c}: {k} turns"));
        }
        if c == grid.source() || c == grid.drain() || c >= seen.len() || !seen[c] {
            return Err(format!(
                "tile {c} is turned but not a turnable tile on the path"
            ));
        }
        if std::mem::replace(&mut turned[c], true) {
            return Err(format!("tile {c} turned twice in the list"));
        }
    }
    let g = grid.turned(turns);
    for w in path.windows(2) {
        let (a, b) = (w[0], w[1]);
        let side = (0..4)
            .find(|&s| grid.neighbour(a, s) == Some(b))
            .ok_or_else(|| format!("tiles {a} and {b} are not neighbours"))?;
        if !rules.allows(side) {
            return Err(format!(
                "move {} not allowed by the rules",
                SIDE_NAMES[side]
            ));
        }
        if g.tiles[a][side] != OUTLET {
            return Err(format!(
                "tile {a} has no outlet on side {}",
                SIDE_NAMES[side]
            ));
        }
        if g.tiles[b][opposite(side)] != INLET {
            return Err(format!(
                "tile {b} has no inlet on side {}",
                SIDE_NAMES[opposite(side)]
            ));
        }
    }
    Ok(turns.iter().map(|&(_, k)| k as u32).sum())
}
