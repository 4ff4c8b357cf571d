//! The explained path: the techniques (each a struct returning a [`Step`]),
//! their registry and descriptors, the search for the next step, the
//! driver loop and its [`Observer`], and what a solve ends with
//! ([`Outcome`], its [`Rating`]). Uses the model, the exact solver, SE's
//! rating (for a solve asked to rate) and `algo`.

pub(crate) mod catalog;
pub(crate) mod level;
pub(crate) mod observer;
pub(crate) mod outcome;
pub(crate) mod parts;
pub(crate) mod position_steps;
pub(crate) mod rating;
pub(crate) mod search;
pub(crate) mod settings;
pub(crate) mod solve;
pub(crate) mod step;
pub(crate) mod technique;

pub use crate::algo::memo::Memo;
pub use catalog::{Descriptor, Growth, HintFocus, TechniqueId};
pub use observer::{Observer, Silent};
pub use outcome::{Outcome, Status, Verdict};
pub use parts::{PartKind, PatternPart};
pub use position_steps::{steps_at, StepOrder, StepsOptions, TechniqueSteps};
pub use rating::{summarize_path, Level, PathSummary, Rating, SeStepLine};
pub use search::Search;
pub use settings::{BoundariesOutOfOrder, Settings};
pub use solve::{next_step, rate, solve, try_solve, SolveOptions};
pub use step::{
    BaseCover, Branch, Chain, ChainNode, Contradiction, Fact, FactReason, Forcing, ForcingKind, LinkKind, PatternLink,
    SetRole, Step, TextPart,
};
pub use technique::{
    every_step, every_step_with, first_step, first_step_with, registry, Finds, Part, Scope, Since, Technique,
    TechniqueList, TechniqueSet, UnknownTechnique,
};
