//! The library's modules depend on each other one way only: no module uses
//! one that uses it back, directly or through others. Read from the
//! sources: a top-level module (`src/x.rs` or `src/x/`) depends on every
//! top-level module its non-test code names as `crate::x`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The source with the `#[cfg(test)]` items left out (test code may use
/// whatever it needs).
fn without_tests(source: &str) -> String {
    let mut kept = String::new();
    let mut lines = source.lines();
    while let Some(line) = lines.next() {
        if line.trim() != "#[cfg(test)]" {
            kept.push_str(line);
            kept.push('\n');
            continue;
        }
        // Skip the item: up to the line where its braces close (or its `;`).
        let mut depth = 0i32;
        for line in lines.by_ref() {
            depth += line.matches('{').count() as i32 - line.matches('}').count() as i32;
            if depth <= 0 && (line.contains('}') || line.trim_end().ends_with(';')) {
                break;
            }
        }
    }
    kept
}

fn module_of(path: &Path, src: &Path) -> String {
    let relative = path.strip_prefix(src).unwrap();
    let first = relative.components().next().unwrap().as_os_str().to_string_lossy().into_owned();
    first.trim_end_matches(".rs").to_string()
}

fn sources(dir: &Path, found: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// Each top-level module and the top-level modules it names.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let module = module_of(&file, &src);
        if module == "lib" || module == "main" {
            continue;
        }
        let code = without_tests(&std::fs::read_to_string(&file).unwrap());
        let mut named = BTreeSet::new();
        for (at, _) in code.match_indices("crate::") {
            let rest = &code[at + "crate::".len()..];
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if !name.is_empty() && name != module {
                named.insert(name);
            }
        }
        // `use crate::{a, b::c}` names several.
        for (at, _) in code.match_indices("crate::{") {
            let rest = &code[at + "crate::{".len()..];
            let group = &rest[..rest.find('}').unwrap_or(rest.len())];
            for part in group.split(',') {
                let name: String = part.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                if !name.is_empty() && name != module {
                    named.insert(name);
                }
            }
        }
        graph.entry(module).or_default().extend(named);
    }
    graph
}

/// A cycle through `start`, if there is one.
fn cycle_from(graph: &BTreeMap<String, BTreeSet<String>>, start: &str) -> Option<Vec<String>> {
    let mut stack = vec![(start.to_string(), vec![start.to_string()])];
    let mut seen = BTreeSet::new();
    while let Some((at, path)) = stack.pop() {
        for next in graph.get(&at).into_iter().flatten() {
            if next == start {
                return Some([path.clone(), vec![start.to_string()]].concat());
            }
            if seen.insert(next.clone()) {
                stack.push((next.clone(), [path.clone(), vec![next.clone()]].concat()));
            }
        }
    }
    None
}

#[test]
fn no_module_uses_one_that_uses_it_back() {
    let graph = graph();
    assert!(graph.len() > 20, "{} modules read", graph.len());
    assert!(graph["technique"].contains("step"), "the reading sees `use crate::step`");
    let cycles: Vec<String> =
        graph.keys().filter_map(|m| cycle_from(&graph, m)).map(|cycle| cycle.join(" -> ")).collect();
    assert!(cycles.is_empty(), "module cycles:\n{}", cycles.join("\n"));
}
