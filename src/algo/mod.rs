//! Searches both technique engines share: strongly connected components,
//! short lists on the stack, which candidates fit some template of a digit
//! or some filling of a house, subsets in either engine's order, the
//! patterns both look for in them (locked sets, aligned exclusions, unique
//! loops), and what a search may reuse. Uses the model.

pub(crate) mod aligned;
pub(crate) mod combinations;
pub(crate) mod components;
pub(crate) mod few;
pub(crate) mod fillings;
pub(crate) mod locked_sets;
pub(crate) mod memo;
pub(crate) mod templates;
pub(crate) mod unique_loops;
