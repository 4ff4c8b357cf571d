//! What is built on the two paths: hints (the next step, told as much as
//! asked), every step at a position, a learner's position checked against
//! the solution, and puzzle generation. Uses the model, `io`, the exact
//! solver, the explained path and SE's rating.

pub(crate) mod all_steps;
pub(crate) mod check;
pub(crate) mod generate;
pub(crate) mod hint;

pub use all_steps::{list_se_steps, list_steps, Listing};
pub use check::{check, Checked, Mistake, Side};
pub use generate::{
    generate, GenerateError, GenerateOptions, Generated, Generator, RatingRange, Symmetry, DEFAULT_ATTEMPTS,
    DEFAULT_ATTEMPTS_WITH_DIFFICULTY, MIN_CLUES,
};
pub use hint::{hint, hint_text, revealed, Hint, HintLevel};
