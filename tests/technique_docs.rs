//! docs/TECHNIQUES.md follows the registry: one section per technique, in
//! registry order, each with the name, id and rating the tool shows and an
//! example line of puzzles/techniques.txt whose label names the technique.

use sudoku::registry;

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn the_technique_guide_has_a_section_per_technique_in_registry_order() {
    let guide = read("docs/TECHNIQUES.md");
    let puzzles = read("puzzles/techniques.txt");
    let puzzle_lines: Vec<&str> = puzzles.lines().collect();
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
        assert_eq!(section[1], format!("`{}` · rating {}", about.key, about.rating_label()), "{}", about.name);
        let example = section
            .iter()
            .find_map(|l| l.strip_prefix("Example: [puzzles/techniques.txt line "))
            .unwrap_or_else(|| panic!("{}: an example line", about.name));
        let (number, link) = example.split_once(']').expect("a link");
        assert_eq!(link, format!("(../puzzles/techniques.txt#L{number})"), "{}", about.name);
        let line = puzzle_lines[number.parse::<usize>().expect("a line number") - 1];
        assert!(
            line.split_whitespace().skip(1).any(|word| word == about.key),
            "{}: line {number} is {line}",
            about.name
        );
    }
}
