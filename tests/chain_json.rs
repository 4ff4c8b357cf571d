//! The JSON contract for chain steps: a `chain` object with the nodes, the
//! link types between them and the Eureka text; other steps have no `chain`.

use std::io::Write;
use std::process::{Command, Stdio};

/// top1465.txt #1375, whose solve uses an X-Chain (see puzzles/techniques.txt).
const X_CHAIN_PUZZLE: &str = ".47.8...1............6..7..6....357......5....1..6....28..4.....9.1...4.....2.69.";

fn solve_json(puzzle: &str) -> serde_json::Value {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["solve", "--format", "json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().unwrap().write_all(puzzle.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

#[test]
fn chain_steps_carry_nodes_links_and_eureka() {
    let record = solve_json(X_CHAIN_PUZZLE);
    let steps = record["steps"].as_array().expect("steps");
    let chained: Vec<&serde_json::Value> = steps.iter().filter(|s| s.get("chain").is_some()).collect();
    assert!(chained.iter().any(|s| s["technique"] == "x-chain"), "an x-chain step");
    for step in &chained {
        let chain = &step["chain"];
        let nodes = chain["nodes"].as_array().expect("nodes");
        let links = chain["links"].as_array().expect("links");
        assert_eq!(links.len() + 1, nodes.len());
        assert_eq!(links.first().unwrap(), "strong");
        assert_eq!(links.last().unwrap(), "strong");
        // The Eureka text is the nodes joined by `=` (strong) and `-` (weak).
        let mut eureka = String::new();
        for (i, node) in nodes.iter().enumerate() {
            if i > 0 {
                eureka.push(if links[i - 1] == "strong" { '=' } else { '-' });
            }
            let cells: Vec<&str> = node["cells"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
            assert_eq!(cells.len(), 1, "this solve has no grouped node");
            eureka.push_str(&format!("({}){}", node["digit"], cells[0]));
        }
        assert_eq!(chain["eureka"], eureka.as_str());
        assert!(step["text"].as_str().unwrap().contains(&eureka), "the text shows the chain");
    }
    let x_chain = chained.iter().find(|s| s["technique"] == "x-chain").unwrap();
    let digits: Vec<&serde_json::Value> =
        x_chain["chain"]["nodes"].as_array().unwrap().iter().map(|n| &n["digit"]).collect();
    assert!(digits.windows(2).all(|w| w[0] == w[1]), "an x-chain keeps one digit");
    assert!(steps.iter().any(|s| s.get("chain").is_none()), "steps without a chain have no chain field");
}
