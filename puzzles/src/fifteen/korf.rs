//! Korf's 100 random instances of the 15-puzzle (Korf 1985), with their optimal costs: the
//! classic benchmark of IDA* and pattern databases.

use super::{parse_instances, Puzzle, Tiles};

/// The instance file `data/fifteen/korf100.txt`: one instance a line, its number, its
/// optimal cost and its tiles (blank first in the goal).
pub const KORF100: &str = include_str!("../../../data/fifteen/korf100.txt");

/// The 15-puzzle (blank first in the goal) and, for each of Korf's instances `numbers`, its
/// start state and optimal cost.
///
/// # Panics
///
/// If a number is not one of the 100.
pub fn korf_instances(numbers: &[u32]) -> (Puzzle, Vec<(Tiles, u32)>) {
    let p = Puzzle::new(4, 4, &Puzzle::default_goal(16)).expect("the 15-puzzle");
    let all = parse_instances(KORF100, 16).expect("Korf's 100");
    let chosen = numbers
        .iter()
        .map(|&number| {
            let inst = all
                .iter()
                .find(|i| i.number == Some(number))
                .unwrap_or_else(|| panic!("Korf's instances are numbered 1 to 100, not {number}"));
            (p.pack(&inst.tiles), inst.optimal.expect("an optimal cost"))
        })
        .collect();
    (p, chosen)
}
