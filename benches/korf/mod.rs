//! Korf's 100 15-puzzle instances, for the benches built on the `fifteen` model.

use heurist_puzzles::fifteen::{parse_instances, Puzzle, Tiles};

/// The 15-puzzle (blank first in the goal) and, for each of Korf's instances `numbers`, its
/// start state and optimal cost.
pub fn instances(numbers: &[u32]) -> (Puzzle, Vec<(Tiles, u32)>) {
    let p = Puzzle::new(4, 4, &Puzzle::default_goal(16)).unwrap();
    let korf = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/fifteen/korf100.txt"
    ));
    let all = parse_instances(korf, 16).expect("Korf's 100");
    let chosen = numbers
        .iter()
        .map(|&number| {
            let inst = all.iter().find(|i| i.number == Some(number)).unwrap();
            (p.pack(&inst.tiles), inst.optimal.unwrap())
        })
        .collect();
    (p, chosen)
}
