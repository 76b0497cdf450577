//! Quick start: describe a puzzle with the `Problem` trait, then solve it.
//!
//! The puzzle is the classic river crossing: a farmer must bring a wolf, a goat and a
//! cabbage across a river. The boat holds the farmer and at most one passenger. Left alone
//! (without the farmer), the wolf eats the goat and the goat eats the cabbage.
//!
//! ```text
//! cargo run --example quick_start
//! ```

use heurist::{Outcome, Problem, Successors};

/// The four travellers; each one's bit in the state says its bank (0 = start, 1 = far).
const FARMER: u8 = 1;
const WOLF: u8 = 2;
const GOAT: u8 = 4;
const CABBAGE: u8 = 8;
const EVERYONE: u8 = FARMER | WOLF | GOAT | CABBAGE;
const NAMES: [(u8, &str); 4] = [
    (FARMER, "farmer"),
    (WOLF, "wolf"),
    (GOAT, "goat"),
    (CABBAGE, "cabbage"),
];

/// The problem holds the rules' parameters (here: may the farmer take a passenger?); the
/// state holds what changes. A state is a small `Copy` value (a bit set): searches store
/// every state they reach, so small states make fast searches.
struct River {
    passengers: bool,
}

impl River {
    /// Whether no one gets eaten: on the bank without the farmer, the goat must be alone
    /// with neither the wolf nor the cabbage.
    fn safe(bank: u8) -> bool {
        // the travellers on the bank the farmer is NOT on
        let unattended = if bank & FARMER == 0 {
            bank
        } else {
            !bank & EVERYONE
        };
        let goat = unattended & GOAT != 0;
        !(goat && unattended & (WOLF | CABBAGE) != 0)
    }
}

impl Problem for River {
    /// Who is on the far bank.
    type State = u8;
    /// Who rides with the farmer (`None`: he crosses alone). The action is what the
    /// solution reports for each step, so make it something worth printing.
    type Action = Option<&'static str>;
    /// Each crossing costs 1; any integer type (or `OrderedF64`) works.
    type Cost = u32;

    fn is_goal(&self, &bank: &u8) -> bool {
        bank == EVERYONE
    }

    /// Pushes every successor: the action, the state it leads to and the step's cost. The
    /// buffer `out` belongs to the search and is reused, so this allocates nothing.
    fn successors(&self, &bank: &u8, out: &mut Successors<u8, Self::Action, u32>) {
        let farmer_side = bank & FARMER;
        // alone, or with one passenger from the farmer's bank
        let solo = std::iter::once((0, None));
        let passengers = NAMES[1..]
            .iter()
            .filter(|(who, _)| self.passengers && (bank & who != 0) == (farmer_side != 0))
            .map(|&(who, name)| (who, Some(name)));
        for (who, name) in solo.chain(passengers) {
            let next = bank ^ FARMER ^ who; // the boat's crew changes bank
            if Self::safe(next) {
                out.push(name, next, 1);
            }
        }
    }
}

/// Who is on each bank, in one letter each, e.g. `WC|FG`.
fn code(bank: u8) -> String {
    let letters = |far: bool| -> String {
        NAMES
            .iter()
            .filter(|(who, _)| (bank & who != 0) == far)
            .map(|(_, name)| name[..1].to_uppercase())
            .collect()
    };
    format!("{}|{}", letters(false), letters(true))
}

/// Shows who is where, e.g. `wolf cabbage ~~~~ farmer goat`.
fn show(bank: u8) -> String {
    let side = |far: bool| {
        let names: Vec<&str> = NAMES
            .iter()
            .filter(|(who, _)| (bank & who != 0) == far)
            .map(|&(_, name)| name)
            .collect();
        names.join(" ")
    };
    format!("{:>26} ~~~~ {}", side(false), side(true))
}

fn main() {
    // 1. Breadth-first search: the solution with the fewest crossings.
    let river = River { passengers: true };
    let result = heurist::bfs(&river, 0);
    // Every search returns an `Outcome`: Found, Exhausted (proven unsolvable) or Stopped
    // (a limit ended it; see examples/cancel.rs). A `match` makes you handle all three.
    match &result.outcome {
        Outcome::Found(solution) => {
            println!("BFS: {} crossings", solution.len());
            println!("{:>9}  {}", "start", show(solution.start));
            for step in &solution.steps {
                let who = step
                    .action
                    .map_or("alone".to_string(), |p| format!("+ {p}"));
                println!("{who:>9}  {}", show(step.state));
            }
        }
        Outcome::Exhausted => println!("BFS: no solution exists"),
        Outcome::Stopped { reason, .. } => println!("BFS stopped: {reason}"),
    }
    // The statistics come with every result, found or not.
    println!("BFS stats: {}\n", result.stats);

    // 2. A* with a heuristic closure: an estimate of the crossings still needed that never
    // overestimates (admissible), so the answer stays optimal. Each trip over carries at
    // most one passenger, and the farmer must row back between two such trips: with n
    // passengers still on the start bank, at least 2n - 1 crossings if the farmer is there
    // too, 2n if he has to come back for them first.
    let h = |&bank: &u8| {
        let left = (!bank & (WOLF | GOAT | CABBAGE)).count_ones();
        match (left, bank & FARMER == 0) {
            (0, true) => 1,         // only the farmer is left: one more crossing
            (n, true) => 2 * n - 1, // the farmer is with them
            (n, false) => 2 * n,    // the farmer must come back first
        }
    };
    let astar = heurist::astar(&river, 0, h);
    println!("A*: cost {:?}", astar.cost());
    println!("A* stats: {}", astar.stats);
    // The heuristic steers A* past states BFS had to look at. (BFS recognises a goal when
    // it generates it, A* only when it expands it.) On a puzzle this small the gain is
    // small; on a large one it is everything (see examples/sliding_tiles.rs).
    println!(
        "expanded: BFS {}, A* {}\n",
        result.stats.expanded, astar.stats.expanded
    );

    // 3. `into_path()`: just the visited states and the total cost, as the `pathfinding`
    // crate returns them; handy when the actions are not needed.
    let (path, cost) = heurist::astar(&river, 0, h)
        .into_path()
        .expect("the river crossing is solvable");
    let path: Vec<String> = path.into_iter().map(code).collect();
    println!("path of cost {cost}: {}\n", path.join(" -> "));

    // 4. A search that has looked everywhere says so. If the farmer may not take anyone
    // along, his first trip leaves the wolf with the goat: BFS proves that no solution
    // exists by exhausting the reachable states (here just the start).
    let alone = heurist::bfs(&River { passengers: false }, 0);
    println!(
        "farmer alone: exhausted = {} (states reached: {})",
        alone.is_exhausted(),
        alone.stats.stored
    );
}
