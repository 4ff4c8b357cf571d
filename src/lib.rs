//! `sudoku_explained`: a sudoku solver that explains every step the way a
//! strong human solver would, and rates puzzles as Sudoku Explainer does.
//!
//! The root holds what most programs need, one name each: [`solve`] a
//! [`Puzzle`] step by step (telling an [`Observer`]), the next step of a
//! position as a [`hint`], SE's ER/EP/ED with [`rate`], a new puzzle from
//! [`generate`], and [`count`] its solutions. A [`Puzzle`] or a [`Grid`]
//! reads from text with [`str::parse`], as every command reads it.
//!
//! ```
//! use sudoku_explained::{solve, Level, Puzzle, Silent, SolveOptions, Status, TechniqueId};
//!
//! // The first puzzle of puzzles/seed-001.txt, solved with a trapezoid chain.
//! let puzzle: Puzzle = "000005200060100090850000000400003000071209403000050060200300907003090020000000341".parse()?;
//! let outcome = solve(&puzzle, SolveOptions::default(), &mut Silent);
//!
//! assert_eq!(outcome.status, Status::Solved);
//! assert_eq!(outcome.steps.len(), 64);
//! let hardest = outcome.hardest().expect("a logical step");
//! assert_eq!(hardest.technique, TechniqueId::TrapezoidChain);
//! println!("{}", hardest.text());
//! let path = outcome.path.as_ref().expect("a solved puzzle's path is summed up");
//! assert_eq!((path.hardest, path.score), (Some("trapezoid-chain"), 1036));
//!
//! // Sudoku Explainer's rating comes from SE's own path.
//! let rating = sudoku_explained::rate(&puzzle).expect("one solution");
//! assert_eq!((rating.triple().as_str(), rating.level), ("6.6/4.5/2.6", Level::Extreme));
//! assert_eq!(sudoku_explained::count(&puzzle, 2), 1);
//! # Ok::<(), sudoku_explained::io::InputError>(())
//! ```
//!
//! The modules are the layers of the house, each using only those before
//! it: [`model`] (cells, houses, [`Grid`]), [`io`] (text formats and records
//! with their origins), [`exact`] (counting solutions), [`se_rating`] (SE's
//! own path), [`explain`] (the techniques, their registry and the driver),
//! [`tools`] (hints, checks, generation), [`print`](mod@print) (every output)
//! and [`batch`] (streams of records on several threads, exit codes).
#![warn(missing_docs)]
#![warn(unreachable_pub)]

// Layers, each using only those listed before it (`tests/module_graph.rs`
// checks that no module uses one that uses it back).
mod algo; // components, short lists, templates, fillings: what both engines share
pub mod batch;
pub mod config; // a configuration file: technique order, switches, weights, levels
pub mod exact; // counting solutions: the fast exact solver, the backtracking oracle
pub mod explain; // the explained path: techniques, registry, driver, outcome
pub mod io; // puzzles as text: formats, records from arguments, files, stdin
pub mod model; // cells, digits, candidates, houses, bitsets, `Grid`
pub mod print; // every output: printers of solves, ratings, hints, pictures
pub mod se_rating; // Sudoku Explainer 1.2.1's path and its ER/EP/ED
pub mod tools; // hints, a learner's check, generation // a stream of records through a command on several threads

pub use exact::count;
pub use explain::{
    rate, registry, solve, Level, Observer, Outcome, Rating, Silent, SolveOptions, Status, Step, Technique,
    TechniqueId, TechniqueSet,
};
pub use io::Puzzle;
pub use model::{Candidate, Cell, CellSet, Digit, DigitSet, Grid, House};
pub use se_rating::Tenths;
pub use tools::{generate, hint};
