//! Compares the explainer's ER/EP/ED with Sudoku Explainer's, band by band,
//! or prints the explainer's path in `se-steps`'s form for a line-by-line diff.
//!
//! cargo run --release -p sudoku-dev --bin se_compare -- ratings tests/se/reference-se.tsv [MIN_ER MAX_ER]
//!     a TSV with columns puzzle, se_er, se_ep, se_ed (others ignored), or
//!     lines `PUZZLE ER/EP/ED [SECONDS]` as `se-rate` prints them
//!     (with SE_COMPARE_EACH set, each puzzle's time ratio on stderr)
//! cargo run --release -p sudoku-dev --bin se_compare -- steps FILE
//!     one puzzle per line; prints `#START`, `S<TAB>rating<TAB>text` and `P` lines like `se-steps`
//! cargo run --release -p sudoku-dev --bin se_compare -- paths SE_STEPS_OUTPUT
//!     `se-steps`'s output for some puzzles; rates each and tells, for each
//!     path that differs, the first step where the two part (exit status 1
//!     if any does)

use std::collections::BTreeMap;
use std::time::Instant;
use sudoku_explained::se_rating::rate_givens;

fn values(puzzle: &str) -> Option<[u8; 81]> {
    let bytes: Vec<u8> = puzzle.bytes().take(81).collect();
    if bytes.len() != 81 {
        return None;
    }
    let mut v = [0u8; 81];
    for (i, b) in bytes.iter().enumerate() {
        v[i] = match b {
            b'1'..=b'9' => b - b'0',
            b'.' | b'0' => 0,
            _ => return None,
        };
    }
    Some(v)
}

struct Expected {
    id: String,
    puzzle: String,
    triple: [String; 3],
    /// Sudoku Explainer's own time for it, when the file gives one
    /// (`se-rate` prints `0.84s`, `3m01s`).
    seconds: Option<f64>,
}

/// `0.84s`, `3m01s` or `1h02m03s` in seconds.
fn seconds(text: &str) -> Option<f64> {
    let text = text.strip_suffix('s')?;
    let mut total = 0.0;
    let mut rest = text;
    for (unit, scale) in [('h', 3600.0), ('m', 60.0)] {
        if let Some((n, tail)) = rest.split_once(unit) {
            total += n.parse::<f64>().ok()? * scale;
            rest = tail;
        }
    }
    Some(total + rest.parse::<f64>().ok()?)
}

fn read_expected(text: &str) -> Vec<Expected> {
    let mut out = Vec::new();
    let mut columns: Option<(usize, usize, usize, usize, Option<usize>)> = None;
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        if columns.is_none() && fields.contains(&"puzzle") {
            let at = |name: &str| fields.iter().position(|f| *f == name);
            columns = Some((
                at("puzzle").unwrap(),
                at("se_er").unwrap(),
                at("se_ep").unwrap(),
                at("se_ed").unwrap(),
                at("id"),
            ));
            continue;
        }
        if let Some((p, er, ep, ed, id)) = columns {
            out.push(Expected {
                id: id.map_or_else(|| format!("line {}", n + 1), |i| fields[i].to_string()),
                puzzle: fields[p].to_string(),
                triple: [fields[er].to_string(), fields[ep].to_string(), fields[ed].to_string()],
                seconds: None,
            });
        } else {
            let words: Vec<&str> = line.split_whitespace().collect();
            if words.len() >= 2 {
                let t: Vec<&str> = words[1].split('/').collect();
                if t.len() == 3 {
                    out.push(Expected {
                        id: format!("line {}", n + 1),
                        puzzle: words[0].to_string(),
                        triple: [t[0].to_string(), t[1].to_string(), t[2].to_string()],
                        seconds: words.get(2).and_then(|w| seconds(w)),
                    });
                }
            }
        }
    }
    out
}

fn ratings(path: &str, min: f64, max: f64) {
    let text = std::fs::read_to_string(path).expect("readable file");
    let mut bands: BTreeMap<u32, [usize; 5]> = BTreeMap::new();
    let mut times = Vec::new();
    let mut ratios = Vec::new();
    // SE_COMPARE_EACH=1: each puzzle's ratio, SE's seconds and our milliseconds on stderr.
    let each = std::env::var_os("SE_COMPARE_EACH").is_some();
    for e in read_expected(&text) {
        let er: f64 = e.triple[0].parse().unwrap_or(0.0);
        if er < min || er > max {
            continue;
        }
        let Some(v) = values(&e.puzzle) else { continue };
        let start = Instant::now();
        let r = rate_givens(&v, false);
        let took = start.elapsed().as_secs_f64();
        times.push(took);
        // SE prints hundredths of a second: "0.00s" is below what it
        // measures, not a time to divide.
        if let Some(se) = e.seconds.filter(|&se| se > 0.0) {
            ratios.push((se / took, se, took));
            if each {
                eprintln!("{}\t{:.0}\t{:.3}\t{:.3}", e.puzzle, se / took, se, took * 1e3);
            }
        }
        let (a, b, c) = r.tenths();
        let ours = [a.to_string(), b.to_string(), c.to_string()];
        let band = bands.entry(er as u32).or_default();
        band[0] += 1;
        for k in 0..3 {
            band[k + 1] += usize::from(ours[k] == e.triple[k]);
        }
        band[4] += usize::from(ours == e.triple);
        if ours != e.triple {
            println!(
                "differs {} {}: SE {} ours {} (ours set by {:?})",
                e.id,
                e.puzzle,
                e.triple.join("/"),
                ours.join("/"),
                r.er_technique.map_or_else(|| "-".to_string(), |t| t.to_string())
            );
        }
    }
    println!("band\tpuzzles\tER\tEP\tED\tall three");
    let mut total = [0usize; 5];
    for (band, n) in &bands {
        println!("{band}.x\t{}\t{}\t{}\t{}\t{}", n[0], n[1], n[2], n[3], n[4]);
        for k in 0..5 {
            total[k] += n[k];
        }
    }
    println!("all\t{}\t{}\t{}\t{}\t{}", total[0], total[1], total[2], total[3], total[4]);
    if !ratios.is_empty() {
        ratios.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut se: Vec<f64> = ratios.iter().map(|r| r.1).collect();
        se.sort_by(f64::total_cmp);
        println!(
            "SE's own time per puzzle: median {:.3} s; SE's time / ours per puzzle: median {:.0}x, lowest {:.0}x",
            se[se.len() / 2],
            ratios[ratios.len() / 2].0,
            ratios[0].0
        );
    }
    times.sort_by(f64::total_cmp);
    if !times.is_empty() {
        println!(
            "time per puzzle: median {:.3} ms, max {:.3} ms",
            times[times.len() / 2] * 1e3,
            times[times.len() - 1] * 1e3
        );
    }
}

fn steps(path: &str) {
    let text = std::fs::read_to_string(path).expect("readable file");
    let mut n = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let Some(v) = values(line.trim()) else { continue };
        n += 1;
        let puzzle: String = v.iter().map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) }).collect();
        println!("#START\t{n}\t{puzzle}");
        let r = rate_givens(&v, true);
        for s in &r.steps {
            println!("S\t{}\t{}", s.rating(), s.text());
        }
        let (er, ep, ed) = r.tenths();
        println!("P\t{n}\t{puzzle}\t{er}\t{ep}\t{ed}");
    }
}

/// One puzzle of `se-steps`'s output: its number, the puzzle, its steps
/// as `rating<TAB>text`.
struct SePath {
    number: String,
    puzzle: String,
    steps: Vec<String>,
}

/// The puzzles of `se-steps`'s output, in order (a puzzle whose `P` line
/// is missing, as when the run was cut short, is left out).
fn read_se_paths(text: &str) -> Vec<SePath> {
    let mut out = Vec::new();
    let mut open: Option<SePath> = None;
    for line in text.lines() {
        let fields: Vec<&str> = line.splitn(3, '\t').collect();
        match fields[..] {
            ["#START", number, puzzle] => {
                open = Some(SePath { number: number.into(), puzzle: puzzle.into(), steps: Vec::new() });
            }
            ["S", rating, text] => {
                if let Some(path) = &mut open {
                    path.steps.push(format!("{rating}\t{text}"));
                }
            }
            ["P", ..] => out.extend(open.take()),
            _ => {}
        }
    }
    out
}

/// Compares each puzzle's path with `se-steps`'s, step by step; true when
/// every one is the same.
fn paths(path: &str) -> bool {
    let text = std::fs::read_to_string(path).expect("readable file");
    let (mut same, mut steps, mut parted) = (0, 0, 0);
    for se in read_se_paths(&text) {
        let Some(v) = values(&se.puzzle) else {
            println!("{}\t{}\tnot a puzzle", se.number, se.puzzle);
            parted += 1;
            continue;
        };
        let ours: Vec<String> =
            rate_givens(&v, true).steps.iter().map(|s| format!("{}\t{}", s.rating(), s.text())).collect();
        let at = se.steps.iter().zip(&ours).position(|(a, b)| a != b);
        let at = at.or((se.steps.len() != ours.len()).then_some(se.steps.len().min(ours.len())));
        match at {
            None => {
                same += 1;
                steps += ours.len();
            }
            Some(i) => {
                parted += 1;
                let show = |path: &[String]| path.get(i).map_or("(no step)".to_string(), |s| s.replace('\t', " "));
                println!("{}\t{}\tstep {}", se.number, se.puzzle, i + 1);
                println!("\tSE:   {}", show(&se.steps));
                println!("\tours: {}", show(&ours));
            }
        }
    }
    println!("{same} of {} paths the same ({steps} steps), {parted} parted", same + parted);
    parted == 0
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("ratings") => {
            let min = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(0.0);
            let max = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(100.0);
            ratings(&args[1], min, max);
        }
        Some("steps") => steps(&args[1]),
        Some("paths") => {
            if !paths(&args[1]) {
                std::process::exit(1);
            }
        }
        _ => eprintln!("usage: se_compare ratings FILE [MIN MAX] | steps FILE | paths SE_STEPS_OUTPUT"),
    }
}
