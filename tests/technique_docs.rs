//! Every technique of the registry has what the recipe in ARCHITECTURE.md
//! asks of it beside its struct and descriptor: a section of
//! docs/TECHNIQUES.md (in registry order, with the name, id, rating and
//! one-line summary the descriptor gives, and an example line of
//! puzzles/techniques.txt whose label names the technique, or of
//! puzzles/technique-positions.txt whose comment does), a row of the
//! README's table, and unit tests in its own file that run it.

use sudoku_explained::registry;

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn the_technique_guide_has_a_section_per_technique_in_registry_order() {
    let guide = read("docs/TECHNIQUES.md");
    let puzzles = read("puzzles/techniques.txt");
    let puzzle_lines: Vec<&str> = puzzles.lines().collect();
    let positions = read("puzzles/technique-positions.txt");
    let position_lines: Vec<&str> = positions.lines().collect();
    let sections: Vec<Vec<&str>> = guide
        .split("\n## ")
        .skip(1)
        .map(|section| section.lines().filter(|l| !l.trim().is_empty()).collect())
        .collect();
    let names: Vec<&str> = sections.iter().map(|s| s[0]).collect();
    let expected: Vec<&str> = registry().iter().map(|t| t.descriptor().name).collect();
    assert_eq!(names, expected, "section headings");
    for (section, technique) in sections.iter().zip(registry()) {
        let about = technique.descriptor();
        let off = if about.on_by_default { "" } else { " · off by default" };
        assert_eq!(section[1], format!("`{}` · rating {}{off}", about.key, about.rating_label()), "{}", about.name);
        assert_eq!(section[2], format!("*{}*", about.summary), "{}: the descriptor's summary", about.name);
        let (file, lines, example) = section
            .iter()
            .find_map(|l| {
                let link = |file, lines| {
                    l.strip_prefix(format!("Example: [puzzles/{file} line ").as_str()).map(|e| (file, lines, e))
                };
                link("techniques.txt", &puzzle_lines).or_else(|| link("technique-positions.txt", &position_lines))
            })
            .unwrap_or_else(|| panic!("{}: an example line", about.name));
        let (number, link) = example.split_once(']').expect("a link");
        assert_eq!(link, format!("(../puzzles/{file}#L{number})"), "{}", about.name);
        let at = number.parse::<usize>().expect("a line number") - 1;
        // A puzzle's label names the technique; a position's comment line, just before it.
        let label = if file == "techniques.txt" { lines[at] } else { lines[at - 1] };
        assert!(
            label.split([' ', ':']).skip(1).any(|word| word == about.key),
            "{}: line {number} of {file} is {label}",
            about.name
        );
    }
}

/// The README's table lists the registry in order, down the left half and
/// then down the right: name, id and rating as `sudoku techniques` shows them.
#[test]
fn the_readme_table_lists_the_registry() {
    let readme = read("README.md");
    let table = readme.split("## Techniques and ratings").nth(1).expect("the section");
    let rows: Vec<Vec<&str>> = table
        .lines()
        .skip_while(|l| !l.starts_with("| technique |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| l.trim_matches('|').split('|').map(str::trim).collect())
        .collect();
    let left = rows.iter().map(|r| &r[..3]);
    let right = rows.iter().map(|r| &r[3..]).filter(|cells| !cells[0].is_empty());
    let listed: Vec<String> = left.chain(right).map(|cells| cells.join(" | ")).collect();
    let expected: Vec<String> = registry()
        .iter()
        .map(|t| {
            let d = t.descriptor();
            format!("{} | `{}` | {}", d.name, d.key, d.rating_label())
        })
        .collect();
    assert_eq!(listed, expected);
}

/// The registry list as `src/explain/catalog.rs` writes it: each
/// technique's id, the file of its family, and its value.
fn registry_lines() -> Vec<(String, String, String)> {
    let catalog = read("src/explain/catalog.rs");
    let list = catalog.split("$then! {").nth(1).expect("the registry list");
    let list = &list[..list.find("\n        }").expect("the list's end")];
    list.lines()
        .filter_map(|l| l.trim().strip_suffix(','))
        .map(|entry| {
            let (id, value) = entry.split_once(" => ").expect("`Id => family::Value`");
            let (family, value) = value.split_once("::").expect("a family");
            (id.to_string(), family.to_string(), value.to_string())
        })
        .collect()
}

/// Each technique's own file runs it in a unit test (a board where it
/// fires, one where it must not): its test code names the technique by the
/// value the registry holds or by its id. A technique added without tests
/// fails here.
#[test]
fn every_technique_has_unit_tests_in_its_file() {
    let lines = registry_lines();
    assert_eq!(lines.len(), registry().len(), "the list read is the registry");
    let mut missing = Vec::new();
    for ((id, family, value), technique) in lines.iter().zip(registry()) {
        assert_eq!(format!("{:?}", technique.id()), *id, "the list read is in registry order");
        let source = read(&format!("src/explain/technique/{family}.rs"));
        let tests = source.split("#[cfg(test)]").skip(1).collect::<Vec<_>>().join("\n");
        let runs = tests.contains(value.as_str()) || tests.contains(&format!("TechniqueId::{id}"));
        if !tests.contains("#[test]") || !runs {
            missing.push(format!("{id} in src/explain/technique/{family}.rs"));
        }
    }
    assert!(missing.is_empty(), "no unit test runs: {missing:?}");
}
