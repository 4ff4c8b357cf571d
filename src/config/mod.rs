//! A configuration file: the technique settings ([`Settings`]) written as
//! TOML, read whole or not at all, with where each setting came from.
//!
//! May use: the explained path's catalog, registry and settings, and SE's
//! scale. Finding the file (an option, the environment, the platform's
//! config directory) is the command line's.
//!
//! ```toml
//! [levels]          # the highest ER of each level; extreme is the rest
//! easy = 2.3
//! medium = 3.0
//!
//! [techniques.trapezoid-chain]
//! order = 135       # tried from the lowest; the defaults are 10, 20, 30, ...
//! [techniques.x-wing]
//! enabled = false
//! weight = 160      # one step's weight in the score
//! ```
//!
//! ```
//! use sudoku_explained::config::Config;
//! use sudoku_explained::TechniqueId;
//!
//! let text = "[techniques.x-wing]\nenabled = false\n";
//! let config = Config::parse(text, "my.toml")?;
//! assert!(!config.settings.is_enabled(TechniqueId::XWing));
//! assert_eq!(config.source_of_enabled(TechniqueId::XWing), "my.toml:2");
//! assert_eq!(config.source_of_weight(TechniqueId::XWing), "default");
//!
//! let error = Config::parse("[techniques.x-wnig]\nenabled = false\n", "my.toml").unwrap_err();
//! assert_eq!(error.to_string(), "my.toml:1:13: no technique `x-wnig` (nearest: x-wing)");
//! # Ok::<(), sudoku_explained::config::ConfigError>(())
//! ```

use crate::explain::catalog::TechniqueId;
use crate::explain::level::Level;
use crate::explain::settings::Settings;
use crate::explain::technique::TechniqueSet;
use crate::se_rating::scale::Tenths;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::ops::Range;
use toml::Spanned;

/// Why a configuration file cannot be used: what is wrong and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}:{column}: {message}")]
pub struct ConfigError {
    /// The file, as it was named.
    pub file: String,
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// The settings a file makes, and the line of each setting it makes.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// The settings: the defaults, changed where the file says.
    pub settings: Settings,
    /// The file's name, as given.
    file: String,
    /// Per technique id, the lines that set its place, its switch and its weight.
    order_lines: BTreeMap<TechniqueId, usize>,
    enabled_lines: BTreeMap<TechniqueId, usize>,
    weight_lines: BTreeMap<TechniqueId, usize>,
    /// Per level, the line that set its boundary.
    level_lines: BTreeMap<Level, usize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileShape {
    levels: Option<LevelsShape>,
    techniques: Option<BTreeMap<Spanned<String>, Spanned<TechniqueShape>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LevelsShape {
    easy: Option<Spanned<f64>>,
    medium: Option<Spanned<f64>>,
    hard: Option<Spanned<f64>>,
    expert: Option<Spanned<f64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TechniqueShape {
    order: Option<Spanned<i64>>,
    enabled: Option<Spanned<bool>>,
    weight: Option<Spanned<i64>>,
}

/// The default place of the technique at `index` of the registry: 10, 20,
/// 30, ... so that a technique can be put between two others.
fn default_place(index: usize) -> i64 {
    (index as i64 + 1) * 10
}

impl Config {
    /// The defaults, from no file.
    pub fn defaults() -> Config {
        Config {
            settings: Settings::default(),
            file: String::new(),
            order_lines: BTreeMap::new(),
            enabled_lines: BTreeMap::new(),
            weight_lines: BTreeMap::new(),
            level_lines: BTreeMap::new(),
        }
    }

    /// The configuration `text` (the contents of `file`) makes, or the
    /// first thing wrong with it: nothing of a file with an error is used.
    pub fn parse(text: &str, file: &str) -> Result<Config, ConfigError> {
        let at = |span: Range<usize>, message: String| {
            let (line, column) = line_and_column(text, span.start);
            ConfigError { file: file.to_string(), line, column, message }
        };
        let shape: FileShape = toml::from_str(text).map_err(|e| {
            let message = e.message().trim_end().to_string();
            at(e.span().unwrap_or(0..0), message)
        })?;
        let mut config = Config { file: file.to_string(), ..Config::defaults() };
        let line_of = |span: Range<usize>| line_and_column(text, span.start).0;
        if let Some(levels) = shape.levels {
            let mut highest: Vec<Tenths> = Level::ALL[..Level::ALL.len() - 1].iter().map(|&l| l.max_er()).collect();
            let given = [(Level::Easy, levels.easy), (Level::Medium, levels.medium), (Level::Hard, levels.hard)];
            for (level, value) in given.into_iter().chain([(Level::Expert, levels.expert)]) {
                let Some(value) = value else { continue };
                let er = *value.get_ref();
                if !(0.0..=20.0).contains(&er) {
                    return Err(at(
                        value.span(),
                        format!("the highest ER of {level} is {er}: ratings run from 0 to 20"),
                    ));
                }
                highest[level as usize] = Tenths::of(er as f32);
                config.level_lines.insert(level, line_of(value.span()));
            }
            let bounds: [Tenths; 4] = highest.try_into().expect("four boundaries");
            if let Err(error) = config.settings.set_levels(bounds) {
                let line = config.level_lines.get(&error.higher).or(config.level_lines.get(&error.lower));
                let span = line.map_or(0, |&l| offset_of_line(text, l));
                return Err(at(span..span, error.to_string()));
            }
        }
        let mut places: Vec<(i64, usize, TechniqueId)> = Vec::new();
        let registered: Vec<TechniqueId> = config.settings.order().collect();
        let mut asked: BTreeMap<TechniqueId, i64> = BTreeMap::new();
        for (key, entry) in shape.techniques.unwrap_or_default() {
            let id =
                TechniqueId::from_id(key.get_ref()).ok_or_else(|| at(key.span(), unknown_technique(key.get_ref())))?;
            let entry = entry.into_inner();
            if let Some(order) = entry.order {
                if id == TechniqueId::BruteForce {
                    return Err(at(
                        order.span(),
                        "brute-force is the fallback past every technique; it has no place in the order".to_string(),
                    ));
                }
                asked.insert(id, *order.get_ref());
                config.order_lines.insert(id, line_of(order.span()));
            }
            if let Some(enabled) = entry.enabled {
                if id == TechniqueId::BruteForce {
                    return Err(at(enabled.span(), "brute-force is the fallback past every technique; it cannot be turned off here (see `solve --no-guess`)".to_string()));
                }
                config.settings.set_enabled(id, *enabled.get_ref());
                config.enabled_lines.insert(id, line_of(enabled.span()));
            }
            if let Some(weight) = entry.weight {
                let value = u32::try_from(*weight.get_ref())
                    .map_err(|_| at(weight.span(), format!("a weight is a whole number from 0 to {}", u32::MAX)))?;
                config.settings.set_weight(id, value);
                config.weight_lines.insert(id, line_of(weight.span()));
            }
        }
        for (index, &id) in registered.iter().enumerate() {
            places.push((asked.get(&id).copied().unwrap_or(default_place(index)), index, id));
        }
        // Ties keep the registry's order.
        places.sort();
        let order: Vec<TechniqueId> = places.into_iter().map(|(_, _, id)| id).collect();
        assert!(config.settings.set_order(&order), "every registered technique once");
        Ok(config)
    }

    /// The file read, or none for the defaults.
    pub fn file(&self) -> Option<&str> {
        (!self.file.is_empty()).then_some(self.file.as_str())
    }

    /// Where the place of `technique` in the order came from: `FILE:LINE`,
    /// or `default`.
    pub fn source_of_order(&self, technique: TechniqueId) -> String {
        self.source(self.order_lines.get(&technique))
    }

    /// The settings, with the techniques of `named` that only the defaults
    /// turn off (no line of this file sets their switch) turned on: a
    /// command line that names one by id asks for it.
    pub fn settings_naming(&self, named: TechniqueSet) -> Settings {
        let mut settings = self.settings;
        for id in TechniqueId::ALL.into_iter().filter(|id| named.contains(*id) && !self.enabled_lines.contains_key(id))
        {
            settings.set_enabled(id, true);
        }
        settings
    }

    /// Where the switch of `technique` came from.
    pub fn source_of_enabled(&self, technique: TechniqueId) -> String {
        self.source(self.enabled_lines.get(&technique))
    }

    /// Where the weight of `technique` came from.
    pub fn source_of_weight(&self, technique: TechniqueId) -> String {
        self.source(self.weight_lines.get(&technique))
    }

    /// Where the boundary of `level` came from.
    pub fn source_of_level(&self, level: Level) -> String {
        self.source(self.level_lines.get(&level))
    }

    fn source(&self, line: Option<&usize>) -> String {
        line.map_or_else(|| "default".to_string(), |line| format!("{}:{line}", self.file))
    }
}

/// The configuration file of the defaults, every setting written out with
/// what it means: `sudoku techniques --config-template`.
pub fn template() -> String {
    let settings = Settings::default();
    let mut out = String::from(
        "# sudoku's configuration: the order the techniques are tried, which are on,\n\
         # each one's weight in the score, and the levels' boundaries. These are the\n\
         # defaults; delete what you do not change. Read from --config FILE, else\n\
         # $SUDOKU_CONFIG, else config.toml in the platform's configuration directory\n\
         # (see `sudoku techniques`). Sudoku Explainer's ER/EP/ED never change.\n\n\
         [levels]\n\
         # The highest ER of each level (Sudoku Explainer's scale); extreme is the rest.\n",
    );
    for level in &Level::ALL[..Level::ALL.len() - 1] {
        writeln!(out, "{} = {}", level.name(), settings.max_er(*level)).unwrap();
    }
    out.push_str(
        "\n# Per technique: its place in the order (tried from the lowest; ties keep\n\
         # this order), whether it is on, and the weight of one step in the score.\n",
    );
    for (index, id) in settings.order().enumerate() {
        write!(
            out,
            "\n[techniques.{}]  # {}\norder = {}\nenabled = {}\nweight = {}\n",
            id.id(),
            id.name(),
            default_place(index),
            settings.is_enabled(id),
            settings.weight(id)
        )
        .unwrap();
    }
    let brute = TechniqueId::BruteForce;
    write!(
        out,
        "\n[techniques.{}]  # the fallback past every technique: only its weight is set here\nweight = {}\n",
        brute.id(),
        settings.weight(brute)
    )
    .unwrap();
    out
}

/// The message for a technique id that is not one, with the nearest ids.
fn unknown_technique(key: &str) -> String {
    let mut ranked: Vec<(usize, &str)> = TechniqueId::ALL.iter().map(|t| (distance(key, t.id()), t.id())).collect();
    ranked.sort();
    let best = ranked[0].0;
    let nearest: Vec<&str> = ranked.iter().take_while(|(d, _)| *d == best).take(3).map(|(_, id)| *id).collect();
    format!("no technique `{key}` (nearest: {})", nearest.join(", "))
}

/// The edit distance between two ids (insertions, deletions, substitutions).
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for j in 0..b.len() {
            let next = (diagonal + usize::from(ca != b[j])).min(row[j] + 1).min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// The line and column (from 1, in characters) of byte `offset` of `text`.
fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, column)
}

/// The byte offset where `line` (from 1) of `text` starts.
fn offset_of_line(text: &str, line: usize) -> usize {
    text.split_inclusive('\n').take(line - 1).map(str::len).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_template_reads_back_as_the_defaults() {
        let config = Config::parse(&template(), "template.toml").unwrap();
        assert_eq!(config.settings, Settings::default());
        assert_eq!(
            config.source_of_order(TechniqueId::XWing),
            format!("template.toml:{}", line_in_template("x-wing", "order"))
        );
    }

    fn line_in_template(id: &str, key: &str) -> usize {
        let text = template();
        let start = text.lines().position(|l| l.starts_with(&format!("[techniques.{id}]"))).unwrap();
        start + 1 + text.lines().skip(start).position(|l| l.starts_with(key)).unwrap()
    }

    #[test]
    fn a_file_changes_only_what_it_names() {
        let text = "[levels]\nhard = 4.0\n\n[techniques.trapezoid-chain]\norder = 135\n\n[techniques.x-wing]\nenabled = false\nweight = 7\n";
        let config = Config::parse(text, "c.toml").unwrap();
        let s = &config.settings;
        let order: Vec<TechniqueId> = s.order().collect();
        let at = |t| order.iter().position(|&x| x == t).unwrap();
        assert!(at(TechniqueId::TrapezoidChain) < at(TechniqueId::YWing), "135 is before y-wing's 140");
        assert!(!s.is_enabled(TechniqueId::XWing));
        assert_eq!(s.weight(TechniqueId::XWing), 7);
        assert_eq!(s.max_er(Level::Hard), Tenths(40));
        assert_eq!(s.max_er(Level::Medium), Level::Medium.max_er());
        assert_eq!(config.source_of_level(Level::Hard), "c.toml:2");
        assert_eq!(config.source_of_order(TechniqueId::TrapezoidChain), "c.toml:5");
        assert_eq!(config.source_of_weight(TechniqueId::XWing), "c.toml:9");
        assert_eq!(config.source_of_enabled(TechniqueId::YWing), "default");
    }

    #[test]
    fn errors_say_what_and_where() {
        let error = |text: &str| Config::parse(text, "c.toml").unwrap_err().to_string();
        assert_eq!(error("[techniques.xwing]\nweight = 1\n"), "c.toml:1:13: no technique `xwing` (nearest: x-wing)");
        assert!(
            error("[techniques.x-wing]\nwieght = 1\n").starts_with("c.toml:2:1: unknown field `wieght`"),
            "{}",
            error("[techniques.x-wing]\nwieght = 1\n")
        );
        assert!(error("[techniques.x-wing]\nweight = -1\n").starts_with("c.toml:2:10: a weight is a whole number"));
        assert!(
            error("[techniques.x-wing]\nenabled = 1\n").starts_with("c.toml:2:11: invalid type"),
            "{}",
            error("[techniques.x-wing]\nenabled = 1\n")
        );
        assert!(
            error("[levels]\nhard = 2.0\n")
                .starts_with("c.toml:2:1: the highest ER of hard (2.0) must be above that of medium (3.0)"),
            "{}",
            error("[levels]\nhard = 2.0\n")
        );
        assert!(
            error("[levels]\nhard = 25\n").starts_with("c.toml:2:8: the highest ER of hard is 25"),
            "{}",
            error("[levels]\nhard = 25\n")
        );
        assert!(error("[levels\n").starts_with("c.toml:1:"), "{}", error("[levels\n"));
        assert!(error("[colours]\n").starts_with("c.toml:1:2: unknown field `colours`"), "{}", error("[colours]\n"));
        assert!(error("[techniques.brute-force]\nenabled = false\n")
            .starts_with("c.toml:2:11: brute-force is the fallback"));
    }

    #[test]
    fn nearest_ids_are_those_a_typo_away() {
        assert_eq!(unknown_technique("y-wnig"), "no technique `y-wnig` (nearest: y-wing)");
        assert!(unknown_technique("sky-scraper").contains("nearest:"));
        assert_eq!(distance("kitten", "sitting"), 3);
    }
}
