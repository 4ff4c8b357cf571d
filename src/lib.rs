//! `sudoku`: a solver that explains every step the way a strong human would.
//!
//! Data flows one way: text is read into [`Puzzle`] records ([`input`]),
//! each is validated by an exact solver ([`exact`]), then the driver loop
//! ([`solve()`]) applies the first step any technique of the [`registry`]
//! finds and reports it to an [`Observer`]. The [`Outcome`] holds how the
//! solve ended ([`Status`]), every [`Step`] of the path, its summary and,
//! when asked, Sudoku Explainer's [`Rating`] from SE's own path
//! ([`explainer`]).
//!
//! ```
//! use sudoku::{solve, Level, Silent, SolveOptions, Status, TechniqueId};
//!
//! // The first puzzle of puzzles/seed-001.txt, solved with a trapezoid chain.
//! let line = "000005200060100090850000000400003000071209403000050060200300907003090020000000341";
//! let puzzle = sudoku::input::from_argument(line).remove(0)?;
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
//! // Sudoku Explainer's rating comes from SE's own path, when asked for.
//! let options = SolveOptions { rate: true, ..SolveOptions::default() };
//! let rating = solve(&puzzle, options, &mut Silent).rating.expect("asked for");
//! assert_eq!((rating.triple().as_str(), rating.level), ("6.6/4.5/2.6", Level::Extreme));
//! # Ok::<(), sudoku::input::InputError>(())
//! ```
//!
//! Beyond one solve: [`generate`] makes puzzles with one solution to a
//! clue count, symmetry or difficulty; [`exact`] counts solutions;
//! [`batch`] runs a stream of puzzles on several threads in input order,
//! with the printers of [`print`](mod@print) as output; [`search`] steps through a
//! solve one step at a time; [`technique`] lets a caller run or write a
//! technique.
#![warn(missing_docs)]
#![warn(unreachable_pub)]

// The model: coordinates, sets, positions, steps.
mod cell; // `Cell` and `Digit`, re-exported by `grid`
pub mod grid; // `Grid`, `House`, the peer tables
pub mod sets; // `CellSet`, `DigitSet`
pub mod step; // `Step` and the chain and forcing proofs it carries

// Reading and writing puzzles.
pub mod format; // the text formats: parse errors, writing a grid
pub mod input; // `Puzzle` records from an argument, a file or stdin

// Techniques and the driver.
mod catalog; // technique ids and descriptors, re-exported by `technique`
mod components; // strongly connected components, for the chain searches
mod few; // a short list on the stack, for the searches
mod fillings; // which candidates fit some filling of a house
pub mod observer; // `Observer`: how a solve is reported as it goes
pub mod outcome; // `Outcome`, `Status`, `Verdict`: how a record ended
pub mod search; // `Search`: the next step, remembering what found nothing
pub mod solve; // the driver loop: `solve`, `try_solve`, `replay`
pub mod technique; // `Technique`, the registry, `TechniqueSet`, `Memo`
mod templates; // which candidates lie on some template of a digit

// Exact solving, rating, hints, generation.
pub mod backtrack; // the plain backtracking solver, the tests' oracle
pub mod check; // a learner's position against the solution, cell by cell
pub mod exact; // the fast exact solution counter
pub mod explainer; // Sudoku Explainer 1.2.1's rating: its own path, its ER/EP/ED
pub mod generate; // `Generator`: puzzles with one solution, to a target
pub mod hint; // the next step, told as vaguely or fully as asked
pub mod rate; // `Rating`, `Level`: the difficulty of a solve path

// Many puzzles: batches, threads, statistics, printers.
pub mod batch; // a stream of records through a solver, in input order
pub mod parallel; // `Batch`: working a stream on several threads in order
pub mod print; // the printers: observers and per-record outputs
pub mod stats; // `Stats`: statistics over a batch

pub use grid::{Cell, Digit, Grid, House};
pub use input::Puzzle;
pub use observer::{Observer, Silent};
pub use outcome::{Outcome, Status};
pub use rate::{Level, Rating, Tenths};
pub use sets::{CellSet, DigitSet};
pub use solve::{solve, SolveOptions};
pub use step::{Candidate, Step};
pub use technique::{registry, Technique, TechniqueId, TechniqueSet};
