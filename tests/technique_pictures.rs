//! Every section of docs/TECHNIQUES.md shows its technique drawn:
//! docs/pictures/ID.svg is the picture `sudoku` draws of the technique's
//! first step in the section's example, `solve --format svg --step N` on its
//! puzzle of puzzles/techniques.txt (N the step the technique takes) or
//! `steps --format svg --techniques ID --step 1` on its position of
//! puzzles/technique-positions.txt. The pictures are kept current as
//! goldens are: `UPDATE_PICTURES=1 cargo test --test integration
//! technique_pictures` writes them (read the diff before committing).

use crate::common;
use sudoku_explained::explain::Settings;
use sudoku_explained::{registry, SolveOptions};

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The section of the guide about the technique named `name`.
fn section<'a>(guide: &'a str, name: &str) -> &'a str {
    guide
        .split("\n## ")
        .find(|s| s.lines().next() == Some(name))
        .unwrap_or_else(|| panic!("{name}: a section of docs/TECHNIQUES.md"))
}

/// The example the section links: its file and line number.
fn example(section: &str) -> (&str, usize) {
    for file in ["techniques.txt", "technique-positions.txt"] {
        let prefix = format!("Example: [puzzles/{file} line ");
        if let Some(rest) = section.lines().find_map(|l| l.strip_prefix(prefix.as_str())) {
            let number = rest.split(']').next().unwrap().parse().expect("a line number");
            return (if file == "techniques.txt" { "techniques.txt" } else { "technique-positions.txt" }, number);
        }
    }
    panic!("no example in {}", section.lines().next().unwrap_or_default())
}

/// The picture of the technique's first step in its example, as the
/// command line draws it.
fn drawn(key: &str, file: &str, line: usize) -> String {
    let text = String::from_utf8(common::bundled(file)).unwrap();
    let record = text.lines().nth(line - 1).unwrap();
    let id = sudoku_explained::TechniqueId::from_id(key).unwrap();
    // Drawn with every technique on, as the examples are chosen: those off
    // by default are turned on by a configuration.
    let off: Vec<String> = registry()
        .iter()
        .filter(|t| !t.descriptor().on_by_default)
        .map(|t| format!("[techniques.{}]\nenabled = true\n", t.id().id()))
        .collect();
    let config = std::env::temp_dir().join(format!("sudoku-pictures-{}-{key}.toml", std::process::id()));
    std::fs::write(&config, off.concat()).unwrap();
    let config_args: Vec<&str> = vec!["--config", config.to_str().unwrap()];
    let settings = Settings::every_technique_on();
    let run = if file == "techniques.txt" {
        let puzzle_text = record.split_whitespace().next().unwrap();
        let puzzle = sudoku_explained::io::from_argument(puzzle_text).remove(0).unwrap();
        let options = SolveOptions::default().with_settings(settings);
        let outcome = sudoku_explained::solve(&puzzle, options, &mut sudoku_explained::Silent);
        let n =
            outcome.steps.iter().position(|s| s.technique == id).unwrap_or_else(|| panic!("{key}: not in the solve"));
        let step = (n + 1).to_string();
        let mut args = vec!["solve", "--format", "svg", "--step", &step];
        args.extend(&config_args);
        args.push(puzzle_text);
        common::sudoku(&args, b"")
    } else {
        let mut args = vec!["steps", "--format", "svg", "--techniques", key, "--step", "1"];
        args.extend(&config_args);
        args.push(record);
        common::sudoku(&args, b"")
    };
    let _ = std::fs::remove_file(&config);
    assert_eq!(run.code, 0, "{key}: {}", run.stderr);
    run.stdout
}

#[test]
fn every_section_of_the_guide_shows_its_technique_drawn() {
    let guide = read("docs/TECHNIQUES.md");
    let update = std::env::var_os("UPDATE_PICTURES").is_some();
    let mut stale = Vec::new();
    for technique in registry().iter() {
        let about = technique.descriptor();
        let section = section(&guide, about.name);
        let image = format!("](pictures/{}.svg)", about.key);
        assert!(
            section.lines().any(|l| l.starts_with("![") && l.ends_with(&image)),
            "{}: the section shows docs/pictures/{}.svg",
            about.name,
            about.key
        );
        let (file, line) = example(section);
        let picture = drawn(about.key, file, line);
        assert!(
            picture.contains("class=\"strike\"") || picture.contains("class=\"hi-pl placed\""),
            "{}: a result is drawn",
            about.key
        );
        let path = format!("{}/docs/pictures/{}.svg", env!("CARGO_MANIFEST_DIR"), about.key);
        if std::fs::read_to_string(&path).ok().as_deref() != Some(picture.as_str()) {
            if update {
                std::fs::write(&path, &picture).unwrap();
            } else {
                stale.push(about.key);
            }
        }
    }
    assert!(
        stale.is_empty(),
        "pictures that differ from what `sudoku` draws now (UPDATE_PICTURES=1 rewrites them): {stale:?}"
    );
}
