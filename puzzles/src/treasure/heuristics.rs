//! Heuristics for A*, IDA* and greedy search: coins still to place.

use heurist::{Heuristic, Max};

use super::{Placement, Treasure};

/// The heuristics for A*, IDA*, greedy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeuristicKind {
    /// 0 everywhere.
    Zero,
    /// The original puzzle's: sum of the clues' remaining deficits. Overestimates (one coin can serve
    /// several clues), so A* with it need not find the fewest coins.
    Original,
    /// The largest single deficit (admissible: a coin serves a clue at most once).
    Max,
    /// The deficit sum divided by the most clues one still-open cell can serve, rounded up
    /// (admissible).
    Ratio,
    /// The larger of `Max` and `Ratio`.
    Best,
}

impl HeuristicKind {
    /// All kinds, for benchmarks and tests.
    pub const ALL: [HeuristicKind; 5] = [
        HeuristicKind::Zero,
        HeuristicKind::Original,
        HeuristicKind::Max,
        HeuristicKind::Ratio,
        HeuristicKind::Best,
    ];

    /// Its command-line name.
    pub fn name(self) -> &'static str {
        match self {
            HeuristicKind::Zero => "zero",
            HeuristicKind::Original => "original",
            HeuristicKind::Max => "max",
            HeuristicKind::Ratio => "ratio",
            HeuristicKind::Best => "best",
        }
    }

    /// Whether it never overestimates.
    pub fn admissible(self) -> bool {
        self != HeuristicKind::Original
    }
}

impl Treasure {
    /// The heuristic estimate of `kind` for `s` (coins still to place).
    pub fn estimate(&self, kind: HeuristicKind, s: &Placement) -> u32 {
        match kind {
            HeuristicKind::Zero => 0,
            HeuristicKind::Original => s.deficit,
            HeuristicKind::Max => self.max_deficit(s),
            HeuristicKind::Ratio => self.ratio(s),
            HeuristicKind::Best => {
                let both = Max(
                    |s: &Placement| self.max_deficit(s),
                    |s: &Placement| self.ratio(s),
                );
                Heuristic::<Treasure>::estimate(&both, s)
            }
        }
    }

    fn ratio(&self, s: &Placement) -> u32 {
        let m = self.serve_suffix[s.next as usize];
        if m == 0 {
            s.deficit
        } else {
            s.deficit.div_ceil(m)
        }
    }

    fn max_deficit(&self, s: &Placement) -> u32 {
        if s.deficit == 0 {
            return 0;
        }
        (0..self.clues.len())
            .map(|k| self.need(s, k).max(0) as u32)
            .max()
            .unwrap_or(0)
    }

    /// A heuristic closure for the library's algorithms.
    pub fn heuristic(&self, kind: HeuristicKind) -> impl Fn(&Placement) -> u32 + '_ {
        move |s| self.estimate(kind, s)
    }
}
