//! The integration tests, compiled into one binary (a binary per file
//! would link the library two dozen times over): each module is one
//! contract, driving the library or the `sudoku` binary as a user would.
//! `cargo test --test integration NAME` runs the tests whose path holds NAME
//! (`se_ratings`, `cli::exit_codes`).

mod common;
mod step_check;

mod chain_json;
mod chain_links;
mod cli;
mod config;
mod exact_agreement;
mod forcing_links;
mod formats;
mod generate;
mod golden;
mod hint_rate;
mod input_robustness;
mod module_graph;
mod names_numbers;
mod pictures;
mod properties;
mod public_names;
mod se_basic;
mod se_chains;
mod se_ratings;
mod se_unique;
mod search_memory;
mod steps;
mod technique_docs;
mod technique_pictures;
mod technique_puzzles;
mod wxyz_reference;
