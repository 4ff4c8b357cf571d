//! The modules depend on each other one way only, at every depth: no module
//! uses one that uses it back, directly or through others. Read from the
//! sources. Every file is a module (`src/a/b.rs` is `a::b`, `src/a/mod.rs`
//! is `a`, `src/lib.rs` the root); the binary (`src/main.rs`, `src/cli/`) is
//! a crate of its own.
//!
//! A module depends on the module that *defines* each name it uses: its
//! `use` declarations and its `crate::`, `super::` and `self::` paths are
//! followed through re-exports (`pub use`) to the file that declares the
//! item. A re-export is not itself a use: a folder's `mod.rs` that re-exports
//! its files' items depends on them only for the names its own code uses.
//! Test code (`#[cfg(test)]` items) and comments are left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The source with the `#[cfg(test)]` items and the comments left out.
fn without_tests(source: &str) -> String {
    let mut kept = String::new();
    let mut lines = source.lines();
    while let Some(line) = lines.next() {
        let trimmed = line.trim();
        if trimmed.starts_with("//") {
            continue;
        }
        if trimmed != "#[cfg(test)]" {
            let code = line.find(" // ").map_or(line, |at| &line[..at]);
            kept.push_str(code);
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

type ModPath = Vec<String>;

/// One source file read as a module.
struct Module {
    /// The crate it belongs to: "lib" or "bin".
    krate: &'static str,
    path: ModPath,
    /// Names of the items it declares (types, functions, traits, constants,
    /// statics, macros).
    defines: BTreeSet<String>,
    /// Each name a `use` brings in, with the absolute path it names and
    /// whether it is a re-export (`pub`, `pub(crate)`).
    imports: BTreeMap<String, (ModPath, bool)>,
    /// Every absolute path its code names, with whether it comes from a
    /// re-export only.
    named: Vec<(ModPath, bool)>,
    /// The child modules it declares (`mod x;`).
    children: BTreeSet<String>,
}

/// The crate and module path of a file under `src`.
fn module_path(relative: &Path) -> (&'static str, ModPath) {
    let mut parts: Vec<String> =
        relative.iter().map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string()).collect();
    if parts.last().is_some_and(|last| last == "mod") {
        parts.pop();
    }
    match parts.first().map(String::as_str) {
        Some("lib") => ("lib", Vec::new()),
        Some("main") => ("bin", Vec::new()),
        Some("cli") => ("bin", parts),
        _ => ("lib", parts),
    }
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The identifiers of a text, in order.
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !is_ident(c)).filter(|w| !w.is_empty())
}

/// A path written in `module`'s code made absolute: `crate::`, `super::`,
/// `self::` and a child module's name are resolved; anything else (std,
/// another crate, a local name) gives `None`.
fn absolute(module: &Module, segments: &[String]) -> Option<ModPath> {
    let (first, rest) = segments.split_first()?;
    let mut base = match first.as_str() {
        "crate" => Vec::new(),
        "self" => module.path.clone(),
        "super" => {
            let mut base = module.path.clone();
            base.pop()?;
            base
        }
        name if module.children.contains(name) => [module.path.clone(), vec![name.to_string()]].concat(),
        _ => return None,
    };
    let mut rest = rest;
    while rest.first().is_some_and(|s| s == "super") {
        base.pop()?;
        rest = &rest[1..];
    }
    Some([base, rest.to_vec()].concat())
}

/// The paths a `use` tree names: `a::{b, c::{d as e}}` gives `a::b` and
/// `a::c::d`, each with the name it binds.
fn expand_tree(tree: &str, prefix: &[String], out: &mut Vec<(ModPath, String)>) {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let head: Vec<String> =
            tree[..open].split("::").map(str::trim).filter(|s| !s.is_empty()).map(String::from).collect();
        let inner = &tree[open + 1..tree.rfind('}').unwrap()];
        let prefix = [prefix.to_vec(), head].concat();
        let mut depth = 0;
        let mut start = 0;
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand_tree(&inner[start..i], &prefix, out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        expand_tree(&inner[start..], &prefix, out);
        return;
    }
    if tree.is_empty() {
        return;
    }
    let (path, alias) = match tree.split_once(" as ") {
        Some((path, alias)) => (path, Some(alias.trim())),
        None => (tree, None),
    };
    let segments: Vec<String> = path.split("::").map(|s| s.trim().to_string()).collect();
    let full = [prefix.to_vec(), segments].concat();
    let last = full.last().cloned().unwrap_or_default();
    let bound = match alias {
        Some(alias) => alias.to_string(),
        None if last == "self" => full[full.len() - 2].clone(),
        None => last,
    };
    let full = if full.last().is_some_and(|l| l == "self") { full[..full.len() - 1].to_vec() } else { full };
    out.push((full, bound));
}

fn read_module(krate: &'static str, path: ModPath, source: &str) -> Module {
    let code = without_tests(source);
    let mut module = Module {
        krate,
        path,
        defines: BTreeSet::new(),
        imports: BTreeMap::new(),
        named: Vec::new(),
        children: BTreeSet::new(),
    };
    let keywords = ["struct", "enum", "trait", "fn", "type", "const", "static", "union", "macro_rules!"];
    for line in code.lines() {
        let words: Vec<&str> =
            line.split(|c: char| c.is_whitespace() || c == '(' || c == '<' || c == ':' || c == '{').collect();
        if line.starts_with(char::is_whitespace) {
            continue;
        }
        for pair in words.windows(2) {
            if keywords.contains(&pair[0]) && !pair[1].is_empty() {
                module.defines.insert(pair[1].to_string());
                break;
            }
        }
        let trimmed = line.trim_start_matches("pub(crate) ").trim_start_matches("pub ");
        if let Some(name) = trimmed.strip_prefix("mod ").and_then(|rest| rest.strip_suffix(';')) {
            module.children.insert(name.trim().to_string());
        }
    }
    // `use` declarations, which may span lines.
    let mut uses = Vec::new();
    let mut declarations = Vec::new();
    let mut at = 0;
    while let Some(found) = code[at..].find("use ") {
        let start = at + found;
        at = start + 4;
        let before = code[..start].trim_end_matches([' ', '\t']);
        let line_start = before.ends_with('\n') || before.is_empty();
        let reexport = before.ends_with("pub") || before.ends_with("pub(crate)") || before.ends_with("pub(super)");
        if !(line_start || reexport) || code[..start].ends_with(|c: char| is_ident(c)) {
            continue;
        }
        let end = start + code[start..].find(';').unwrap();
        let mut found = Vec::new();
        expand_tree(&code[start + 4..end], &[], &mut found);
        for (path, bound) in found {
            uses.push((path, bound, reexport));
        }
        declarations.push(start..end);
        at = end;
    }
    // The code without its `use` declarations, for the paths written in it.
    let mut body = code.clone();
    for range in declarations.iter().rev() {
        body.replace_range(range.clone(), "");
    }
    for (path, bound, reexport) in uses {
        if let Some(full) = absolute(&module, &path) {
            module.imports.insert(bound.clone(), (full.clone(), reexport));
            // A re-export is a use only where the module's own code names it.
            let used_here = !reexport || words(&code).filter(|w| *w == bound).count() > 1;
            module.named.push((full, !used_here));
        }
    }
    // Paths written in the code: `crate::a::b`, `super::x`, `self::y`, `child::z`.
    let children: Vec<String> = module.children.iter().map(|c| format!("{c}::")).collect();
    for root in ["crate::", "super::", "self::"].into_iter().chain(children.iter().map(String::as_str)) {
        for (at, _) in body.match_indices(root) {
            if body[..at].ends_with(|c: char| is_ident(c) || c == ':') {
                continue;
            }
            let text: String = body[at..].chars().take_while(|&c| is_ident(c) || c == ':').collect();
            let segments: Vec<String> = text.split("::").filter(|s| !s.is_empty()).map(String::from).collect();
            if let Some(full) = absolute(&module, &segments) {
                module.named.push((full, false));
            }
        }
    }
    module
}

/// Every module of the lib and the binary, keyed by crate and path.
fn modules() -> BTreeMap<(&'static str, ModPath), Module> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = crate::common::rust_sources(&src);
    files
        .iter()
        .map(|file| {
            let (krate, path) = module_path(file.strip_prefix(&src).unwrap());
            let module = read_module(krate, path.clone(), &std::fs::read_to_string(file).unwrap());
            ((krate, path), module)
        })
        .collect()
}

/// The module that defines what `path` names, following re-exports.
fn definer(modules: &BTreeMap<(&'static str, ModPath), Module>, krate: &'static str, path: &[String]) -> ModPath {
    let mut path = path.to_vec();
    for _ in 0..16 {
        // The longest prefix that is a module.
        let split = (0..=path.len()).rev().find(|&n| modules.contains_key(&(krate, path[..n].to_vec()))).unwrap_or(0);
        let (module, rest) = (&modules[&(krate, path[..split].to_vec())], &path[split..]);
        let Some(name) = rest.first() else { return module.path.clone() };
        if module.defines.contains(name) {
            return module.path.clone();
        }
        match module.imports.get(name) {
            Some((target, _)) => path = [target.clone(), rest[1..].to_vec()].concat(),
            None => return module.path.clone(),
        }
    }
    panic!("re-exports that go round: {path:?}")
}

fn name(path: &ModPath) -> String {
    if path.is_empty() {
        "crate".to_string()
    } else {
        path.join("::")
    }
}

/// Each module and the modules it depends on, per crate.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let modules = modules();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for ((krate, path), module) in &modules {
        let from = format!("{krate}:{}", name(path));
        let entry = graph.entry(from).or_default();
        for (named, reexport_only) in &module.named {
            if *reexport_only {
                continue;
            }
            let to = definer(&modules, module.krate, named);
            if &to != path {
                entry.insert(format!("{krate}:{}", name(&to)));
            }
        }
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
    if let Ok(m) = std::env::var("SHOW_MODULE") {
        eprintln!("{m} -> {:?}", graph[&m]);
    }
    assert!(graph.len() > 80, "{} modules read", graph.len());
    // The reading sees a `use` inside a folder, a `super::` path and a
    // re-export followed to the file that defines the item.
    assert!(graph["lib:explain::step"].contains("lib:explain::catalog"), "{:?}", graph["lib:explain::step"]);
    assert!(graph["lib:print::text"].contains("lib:print::wrap"), "{:?}", graph["lib:print::text"]);
    assert!(graph["bin:cli"].contains("bin:cli::manual"), "{:?}", graph["bin:cli"]);
    let mut cycles: Vec<String> =
        graph.keys().filter_map(|m| cycle_from(&graph, m)).map(|cycle| cycle.join(" -> ")).collect();
    cycles.sort();
    assert!(cycles.is_empty(), "{} modules in import circles:\n{}", cycles.len(), cycles.join("\n"));
}

#[test]
fn the_reading_sees_a_circle_inside_a_folder() {
    let a = "use super::b::Thing;\npub(crate) struct Other;\n";
    let b = "pub(crate) struct Thing;\nfn f() { let _ = crate::x::a::Other; }\n";
    let mut modules = BTreeMap::new();
    for (name, source) in [("a", a), ("b", b)] {
        let path = vec!["x".to_string(), name.to_string()];
        modules.insert(("lib", path.clone()), read_module("lib", path, source));
    }
    modules.insert(("lib", vec!["x".to_string()]), read_module("lib", vec!["x".to_string()], "mod a;\nmod b;\n"));
    modules.insert(("lib", vec![]), read_module("lib", vec![], "mod x;\n"));
    let from_a = definer(&modules, "lib", &modules[&("lib", vec!["x".into(), "a".into()])].named[0].0);
    assert_eq!(from_a, ["x", "b"]);
    let from_b = definer(&modules, "lib", &modules[&("lib", vec!["x".into(), "b".into()])].named[0].0);
    assert_eq!(from_b, ["x", "a"]);
}
