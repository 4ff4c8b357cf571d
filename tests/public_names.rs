//! The library's public items each have a name of their own: a user who
//! reads `Hint` or `rate` in an example finds one thing by that name. Read
//! from the sources: every item declared `pub` at the top of a library file
//! (not `pub(crate)`, not in test code) is counted once, wherever it is
//! re-exported.

use std::collections::BTreeMap;
use std::path::Path;

/// The names of the public items a file declares at its top level.
fn public_items(source: &str) -> Vec<String> {
    let kinds = ["struct", "enum", "trait", "fn", "type", "const", "static", "union", "mod"];
    let mut names = Vec::new();
    let mut in_test = false;
    for line in source.lines() {
        // Test code starts at a top-level `#[cfg(test)]` and, in these
        // sources, runs to the end of its item; it is never public API.
        if line == "#[cfg(test)]" {
            in_test = true;
            continue;
        }
        if in_test {
            in_test = !(line == "}" || (line.ends_with(';') && !line.starts_with(' ')));
            continue;
        }
        let Some(rest) = line.strip_prefix("pub ") else { continue };
        let rest = rest.replacen("const fn ", "fn ", 1).replacen("unsafe fn ", "fn ", 1);
        let mut words =
            rest.split(|c: char| c.is_whitespace() || c == '(' || c == '<' || c == ':' || c == '{' || c == ';');
        let (Some(kind), Some(name)) = (words.next(), words.next()) else { continue };
        if kinds.contains(&kind) && !name.is_empty() {
            names.push(name.to_string());
        }
    }
    names
}

#[test]
fn no_two_public_items_share_a_name() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = crate::common::rust_sources(&src);
    let mut homes: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in files {
        let relative = file.strip_prefix(&src).unwrap().to_string_lossy().into_owned();
        // The binary's own modules are not the library.
        if relative == "main.rs" || relative.starts_with("cli") {
            continue;
        }
        for name in public_items(&std::fs::read_to_string(&file).unwrap()) {
            homes.entry(name).or_default().push(relative.clone());
        }
    }
    assert!(homes.len() > 150, "{} public names read", homes.len());
    assert!(homes.contains_key("Grid") && homes.contains_key("solve"), "the reading sees `pub struct` and `pub fn`");
    let shared: Vec<String> = homes
        .iter()
        .filter(|(_, files)| files.len() > 1)
        .map(|(name, files)| format!("{name}: {}", files.join(", ")))
        .collect();
    assert!(shared.is_empty(), "public names declared more than once:\n{}", shared.join("\n"));
}

#[test]
fn the_reading_finds_a_shared_name_and_skips_test_code() {
    let a =
        "pub struct Hint;\npub(crate) fn helper() {}\n#[cfg(test)]\nmod tests {\n    pub fn only_in_tests() {}\n}\n";
    assert_eq!(public_items(a), ["Hint"]);
    let b = "pub enum Hint {\n    A,\n}\npub const fn rate(x: u8) -> u8 {\n    x\n}\n";
    assert_eq!(public_items(b), ["Hint", "rate"]);
}
