//! The command line: clap definitions and dispatch. The only code that reads
//! argv, the environment and the terminal; everything else is the library's.
//!
//! Part of the binary, not the library: may use the whole library.

mod manual;

use anyhow::{Context, Result};
use clap::{CommandFactory, Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::io::{self, BufReader, BufWriter, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Once;
use std::time::{Duration, Instant};
use sudoku_explained::batch::Batch;
use sudoku_explained::batch::Stats;
use sudoku_explained::batch::{
    check_all, count_all, hint_all, rate_all, solve_all, solve_exact_all, steps_all, StepsAsked,
};
use sudoku_explained::config::{self, Config};
use sudoku_explained::explain::Settings;
use sudoku_explained::explain::TechniqueList;
use sudoku_explained::explain::{StepOrder, StepsOptions};
use sudoku_explained::io::{Operands, Records};
use sudoku_explained::print::{
    CheckPrinter, CountPrinter, Encoding, Flush, GeneratePrinter, HintPicturePrinter, HintPrinter, HtmlPrinter,
    JsonPrinter, Palette, Printer, QuietPrinter, RatePrinter, RecordPrinter, StepPicturePrinter, StepsPagePrinter,
    StepsPicturePrinter, StepsPrinter, TextLayout, TextPrinter,
};
use sudoku_explained::tools::HintLevel;
use sudoku_explained::tools::{GenerateError, GenerateOptions, Generator, RatingRange, Symmetry};
use sudoku_explained::{SolveOptions, TechniqueId, TechniqueSet};

#[derive(Parser)]
#[command(
    name = "sudoku",
    version,
    about = "A sudoku solver that explains every step the way a strong human solver would"
)]
struct Cli {
    /// When to color the text output.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, global = true)]
    color: ColorChoice,
    /// Read the technique order, switches, weights and level boundaries from this TOML file
    /// (`sudoku techniques --config-template` writes one). Without it: $SUDOKU_CONFIG, else
    /// config.toml in the platform's configuration directory, if there is one.
    #[arg(long, value_name = "FILE", global = true)]
    config: Option<std::path::PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve puzzles step by step, explaining each step.
    Solve(SolveArgs),
    /// Show the next step from a position, as vaguely or fully as asked, or take it (--apply).
    Hint(HintArgs),
    /// List every step available at a position: every instance of every technique, grouped by
    /// technique in the order they are tried, each written as `solve` writes it.
    ///
    /// Text: per position `Position N (FILE:LINE)`, the position as a pencil-mark line, then per
    /// technique a heading (`X-Wing: 2 steps`) and its steps numbered through the position.
    /// JSON: one object per step (the step as `solve` writes its steps, plus `position`,
    /// `number`, `more`, `capped`). HTML: one page, every step's board. SVG or PNG: listed step
    /// --step N. Forcing chains and nets stop after a few instances each (the heading says so).
    /// Exit code 0 when steps were listed (even none) or the position is solved, 1 when the
    /// position does not have exactly one solution, 2 when a record is not a puzzle.
    Steps(StepsArgs),
    /// Check a position against the solution of its puzzle: wrong digits, removed candidates
    /// of the solution and changed givens, cell by cell.
    ///
    /// Text: `no mistakes, 37 cells left # FILE:LINE`, or the number of mistakes and one
    /// indented line per mistake (`r4c7=5 is wrong: the solution has 3`). JSON: one object per
    /// position with status, left and mistakes. Exit code 0 when there is no mistake (an
    /// incomplete position is not a mistake), 1 when there are some or the givens do not have
    /// exactly one solution, 2 when a record is not a puzzle.
    Check(CheckArgs),
    /// Rate puzzles: ER/EP/ED on Sudoku Explainer's scale, a level, the hardest technique, a score.
    Rate(RateArgs),
    /// Count the solutions of puzzles (capped at --limit), with the exact solver.
    Count(CountArgs),
    /// List the techniques in the order the solver tries them, with each one's weight, whether
    /// it is on, and where each setting came from (the default, or FILE:LINE of the configuration).
    Techniques {
        /// Print a configuration file of the defaults instead, every setting written out.
        #[arg(long)]
        config_template: bool,
    },
    /// Print a shell completion script (e.g. `sudoku completions bash > /etc/bash_completion.d/sudoku`).
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page sudoku(1), in roff (e.g. `sudoku man > sudoku.1`), or with --dir
    /// write sudoku.1 and one sudoku-COMMAND.1 per subcommand.
    Man {
        /// Write the pages into this directory (made if missing) instead of printing sudoku(1).
        #[arg(long, value_name = "DIR")]
        dir: Option<std::path::PathBuf>,
    },
    /// Generate puzzles with exactly one solution, optionally to a clue count, symmetry or difficulty.
    ///
    /// Text: one line per puzzle, `PUZZLE [SOLUTION] ER/EP/ED LEVEL HARDEST SCORE`, the rating as
    /// `sudoku rate` prints it (left out with --no-rating). JSON: one object per line with puzzle,
    /// solution, clues, symmetry, seed and rating. Exit code 2 when the options cannot be met at all
    /// (fewer than 17 clues, a count the symmetry rules out); 1 when a puzzle was not found within
    /// --attempts, after printing those found.
    Generate(GenerateArgs),
}

#[derive(clap::Args)]
struct HintArgs {
    /// Puzzles and files: an operand that reads as a puzzle (81 cells, or a
    /// pencil-mark position) is that puzzle; `-` is stdin; anything else is a
    /// file of puzzles. None: stdin.
    #[arg(value_name = "PUZZLE|FILE")]
    puzzles: Vec<String>,
    /// How much to give away: vague names the technique and where to look (a house or a digit),
    /// concrete adds the pattern but not its result, full tells the whole step.
    /// [default: vague, or full with --apply or a picture (--format svg or png)]
    #[arg(long, value_enum)]
    level: Option<Level>,
    /// Output format: text for people, json for one object per puzzle per line, svg or png
    /// for a picture of the next step (one position only).
    #[arg(long, value_enum, default_value_t = HintFormat::Text)]
    format: HintFormat,
    /// Write the output to this file instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    output: Option<std::path::PathBuf>,
    /// Print the position's candidate grid before the hint, with what the level reveals of the step.
    #[arg(long)]
    grid: bool,
    /// Take the step: print the position after it as one pencil-mark line (which hint and solve
    /// read back, so `sudoku hint --apply P | sudoku hint --apply` walks a solve step by step),
    /// and the hint on stderr. In JSON the position is the record's `position`.
    #[arg(long, conflicts_with = "grid")]
    apply: bool,
    /// With --apply, print only the position: no hint on stderr.
    #[arg(short, long, requires = "apply")]
    quiet: bool,
    /// Hint only with these techniques (as `solve --techniques`); past
    /// them, the hint is the brute-force placement.
    #[arg(long, value_name = "LIST", value_parser = TechniqueList::parse)]
    techniques: Option<TechniqueList>,
}

#[derive(clap::Args)]
struct StepsArgs {
    /// Positions and files: an operand that reads as a puzzle (81 cells, or a pencil-mark
    /// position) is that position; `-` is stdin; anything else is a file of them. None: stdin.
    #[arg(value_name = "POSITION|FILE")]
    puzzles: Vec<String>,
    /// Output format: text for people, json for one object per step per line, html for one page
    /// with every step's board, svg or png for the board with one listed step (--step N).
    #[arg(long, value_enum, default_value_t = SolveFormat::Text)]
    format: SolveFormat,
    /// The listed step to draw with --format svg or png, from 1, as the text numbers them.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    step: Option<u64>,
    /// Write the output to this file instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    output: Option<std::path::PathBuf>,
    /// Draw every step on the position's candidate grid: pattern `*5`, eliminations `-5`,
    /// placements `+5` (text only).
    #[arg(long)]
    grid: bool,
    /// Wrap text at this many columns, 0 for never. Default: the terminal's width when stdout is
    /// a terminal, else no wrapping.
    #[arg(long, value_name = "COLUMNS")]
    width: Option<usize>,
    /// List only these techniques (as `solve --techniques`).
    #[arg(long, value_name = "LIST", value_parser = TechniqueList::parse)]
    techniques: Option<TechniqueList>,
    /// Steps with the same result (the same placements and eliminations) are listed once, as the
    /// simplest: the technique tried first, its easiest instance.
    #[arg(long)]
    unique: bool,
    /// List at most N steps per technique (N per producer with --se) and say how many more there are.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// The order: `technique` (the order techniques are tried, each one's steps as its search
    /// meets them), `rating` (easiest first) or `removed` (most candidates removed first).
    #[arg(long, value_enum, default_value_t = SortKey::Technique)]
    sort: SortKey,
    /// Sudoku Explainer's hints at the position instead, with SE's ratings, easiest first: every
    /// hint of its rules up to Aligned Pair Exclusion; its chains only when those have none, up to
    /// the first kind that has one (at most 30 hints per kind of chain).
    #[arg(long, conflicts_with_all = ["techniques", "unique", "sort", "grid"])]
    se: bool,
    #[command(flatten)]
    jobs: JobsArg,
}

/// How `steps` orders its list.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum SortKey {
    /// The order the techniques are tried.
    Technique,
    /// Easiest first.
    Rating,
    /// Most candidates removed first.
    Removed,
}

#[derive(clap::Args)]
struct CheckArgs {
    /// The puzzle as set: a puzzle, a file of puzzles, or `-` for stdin.
    #[arg(value_name = "GIVENS")]
    givens: String,
    /// The position to check, digits only or with pencil marks: a puzzle, a file, or `-`
    /// (stdin). Positions go with the givens' puzzles in order; one puzzle of givens
    /// goes with every position.
    #[arg(value_name = "POSITION", default_value = "-")]
    position: String,
    /// Output format: text (a summary line per position, then one line per mistake) or json.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Clone, Copy, ValueEnum)]
enum Level {
    /// The technique and where to look: a house or a digit, never a cell.
    Vague,
    /// The technique and its pattern (cells, digits, houses, chain), not its result.
    Concrete,
    /// The step with its result and reason.
    Full,
}

#[derive(clap::Args)]
struct JobsArg {
    /// Worker threads [default: all cores]. The output order never changes.
    #[arg(short, long, value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
}

impl JobsArg {
    fn count(&self) -> usize {
        self.jobs.map_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()), usize::from)
    }
}

#[derive(clap::Args)]
struct RateArgs {
    /// Puzzles and files: an operand that reads as a puzzle (81 cells, or a
    /// pencil-mark position) is that puzzle; `-` is stdin; anything else is a
    /// file of puzzles. None: stdin.
    #[arg(value_name = "PUZZLE|FILE")]
    puzzles: Vec<String>,
    /// Output format: text (one line per puzzle) or json (one object per puzzle per line).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// At the end, print statistics on stderr: statuses, levels, time per puzzle, steps per technique.
    #[arg(long)]
    stats: bool,
    /// Also print Sudoku Explainer's path: after each puzzle's line, one line per step,
    /// `<TAB>rating<TAB>SE's text of the step` (in JSON, a `steps` list in `rating`).
    #[arg(long)]
    steps: bool,
    /// Only Sudoku Explainer's rating: no explained solve, so no score (`-`; in JSON
    /// `score` and `path` are null) and no steps per technique in --stats. Faster:
    /// the explained solve is a third to three fifths of `rate`'s time.
    #[arg(long)]
    se_only: bool,
    #[command(flatten)]
    jobs: JobsArg,
}

#[derive(clap::Args)]
struct CountArgs {
    /// Puzzles and files: an operand that reads as a puzzle (81 cells, or a
    /// pencil-mark position) is that puzzle; `-` is stdin; anything else is a
    /// file of puzzles. None: stdin.
    #[arg(value_name = "PUZZLE|FILE")]
    puzzles: Vec<String>,
    /// Output format: text (`N`, or `N+` when capped, per line) or json.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Stop counting at this many solutions.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,
    #[command(flatten)]
    jobs: JobsArg,
}

#[derive(clap::Args)]
struct SolveArgs {
    /// Puzzles and files: an operand that reads as a puzzle (81 cells, or a
    /// pencil-mark position) is that puzzle; `-` is stdin; anything else is a
    /// file of puzzles. None: stdin.
    #[arg(value_name = "PUZZLE|FILE")]
    puzzles: Vec<String>,
    /// Output format: text for people, json for one JSON object per puzzle per line, html for
    /// one page with a board beside every step, svg or png for the board before one step
    /// (with --step, one puzzle only).
    #[arg(long, value_enum, default_value_t = SolveFormat::Text)]
    format: SolveFormat,
    /// The step to draw with --format svg or png, from 1: the board before it, the step on it.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    step: Option<u64>,
    /// Write the output to this file instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    output: Option<std::path::PathBuf>,
    /// Print only one line per puzzle: the solution or a status word (text only).
    #[arg(short, long, conflicts_with_all = ["grid"])]
    quiet: bool,
    /// Print the candidate grid before every step, the step drawn on it: pattern `*5`,
    /// eliminations `-5`, placements `+5` (in color on a terminal).
    #[arg(long)]
    grid: bool,
    /// Write forcing steps in full: every fact of every branch in words, on
    /// the step's line, instead of one short line per branch (text only).
    #[arg(long, conflicts_with_all = ["quiet"])]
    verbose: bool,
    /// Fold each run of singles (full house, naked and hidden singles) into
    /// one line of placements (text only).
    #[arg(long, value_enum, value_name = "WHAT", conflicts_with_all = ["quiet"])]
    fold: Option<Fold>,
    /// Wrap text at this many columns, 0 for never. Default: the
    /// terminal's width when stdout is a terminal, else no wrapping.
    #[arg(long, value_name = "COLUMNS", conflicts_with_all = ["quiet"])]
    width: Option<usize>,
    /// Never guess: stop with status `stuck` when no technique applies.
    #[arg(long)]
    no_guess: bool,
    /// Use only these techniques (in registry order): comma-separated ids
    /// from `sudoku techniques`, `card` (the first solver's nine),
    /// `up-to:<id>` (the registry up to that one) or `all`. A technique named by its id is
    /// tried even where only the defaults turn it off (the Kraken fish).
    #[arg(long, value_name = "LIST", value_parser = TechniqueList::parse)]
    techniques: Option<TechniqueList>,
    /// No explanation: only the solution line per puzzle, from the exact solver, as fast as possible.
    #[arg(long, conflicts_with_all = ["grid", "no_guess", "stats", "techniques", "rate", "verbose", "fold", "width"])]
    exact: bool,
    /// Add Sudoku Explainer's rating (ER/EP/ED, from SE's own path, as `sudoku rate` prints it)
    /// to each solved puzzle's summary, or to its JSON record.
    #[arg(long, conflicts_with_all = ["quiet"])]
    rate: bool,
    /// At the end, print statistics on stderr: statuses, levels, time per puzzle, steps per technique.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    jobs: JobsArg,
}

/// What `--fold` folds.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Fold {
    /// Runs of full house, naked and hidden singles.
    Singles,
}

#[derive(Clone, Copy, ValueEnum)]
enum ColorChoice {
    Auto,
    Always,
    Never,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Text,
    Json,
}

/// The formats of `solve`: the two of every command, and pictures.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum SolveFormat {
    Text,
    Json,
    /// One page: every step's board beside its text.
    Html,
    /// The board before one step (--step), as SVG.
    Svg,
    /// The board before one step (--step), as PNG.
    Png,
}

/// The formats of `hint`: the two of every command, and pictures.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum HintFormat {
    Text,
    Json,
    /// The board with the next step on it, as SVG.
    Svg,
    /// The board with the next step on it, as PNG.
    Png,
}

impl SolveFormat {
    fn name(self) -> &'static str {
        match self {
            SolveFormat::Text => "text",
            SolveFormat::Json => "json",
            SolveFormat::Html => "html",
            SolveFormat::Svg => "svg",
            SolveFormat::Png => "png",
        }
    }

    /// A picture or page, where the text layout flags mean nothing.
    fn draws(self) -> bool {
        matches!(self, SolveFormat::Html | SolveFormat::Svg | SolveFormat::Png)
    }
}

/// Where a command's output goes: stdout, or the file `-o` names.
fn sink(output: Option<&std::path::Path>, stdout: impl Write + 'static) -> Result<Box<dyn Write>> {
    Ok(match output {
        Some(path) => Box::new(BufWriter::new(
            std::fs::File::create(path).with_context(|| format!("creating {}", path.display()))?,
        )),
        None => Box::new(stdout),
    })
}

impl From<Format> for sudoku_explained::print::Format {
    fn from(format: Format) -> Self {
        match format {
            Format::Text => sudoku_explained::print::Format::Text,
            Format::Json => sudoku_explained::print::Format::Json,
        }
    }
}

/// Runs the command line and returns the process exit code.
pub fn run() -> Result<u8> {
    let cli = Cli::parse();
    // Nothing runs on a configuration that is not read whole.
    let config = match read_config(cli.config.as_deref()) {
        Ok(config) => config,
        Err(message) => {
            eprintln!("sudoku: {message}");
            return Ok(2);
        }
    };
    let settings = config.settings;
    if let Some(conflict) = conflict(&cli.command) {
        Cli::command().error(clap::error::ErrorKind::ArgumentConflict, conflict).exit();
    }
    let stdout = io::stdout();
    let png_to_terminal = match &cli.command {
        Command::Solve(args) => args.format == SolveFormat::Png && args.output.is_none(),
        Command::Hint(args) => args.format == HintFormat::Png && args.output.is_none(),
        Command::Steps(args) => args.format == SolveFormat::Png && args.output.is_none(),
        _ => false,
    };
    if png_to_terminal && stdout.is_terminal() {
        eprintln!("sudoku: --format png writes binary data; not to a terminal: give -o FILE, or redirect stdout");
        return Ok(2);
    }
    // Output to a file (`-o`) is not the terminal: no color, no wrapping, unless asked.
    let output_file = match &cli.command {
        Command::Solve(args) => args.output.clone(),
        Command::Hint(args) => args.output.clone(),
        Command::Steps(args) => args.output.clone(),
        _ => None,
    };
    let to_file = output_file.is_some();
    let color = match cli.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            !to_file && stdout.is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    };
    let operands = match &cli.command {
        Command::Solve(SolveArgs { puzzles, .. })
        | Command::Hint(HintArgs { puzzles, .. })
        | Command::Steps(StepsArgs { puzzles, .. })
        | Command::Rate(RateArgs { puzzles, .. })
        | Command::Count(CountArgs { puzzles, .. }) => Some(puzzles.as_slice()),
        Command::Check(CheckArgs { givens, position, .. }) => {
            Some(std::slice::from_ref(if givens == "-" { givens } else { position }))
        }
        _ => None,
    };
    let typing = operands.is_some_and(|operands| reads_stdin(operands) && io::stdin().is_terminal());
    if let Some(note) = operands.and_then(|operands| terminal_note(operands, typing)) {
        eprintln!("{note}");
    }
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    // Lines typed at a terminal are not a batch: no spinner counting them.
    let progress = if typing { Progress::none() } else { Progress::on_stderr() };
    let tick = || progress.tick();
    let interrupt = || interrupt_flag(typing);
    let batch = |jobs: &JobsArg| Batch { jobs: jobs.count(), interrupt: Some(interrupt()), progress: Some(&tick) };
    let code = match cli.command {
        Command::Solve(args) => {
            let mut records = records(args.puzzles);
            let out = sink(args.output.as_deref(), out)?;
            let plain = if args.format == SolveFormat::Json { Format::Json } else { Format::Text };
            if args.exact {
                let mut printer = QuietPrinter::with_format(out, plain.into());
                return finish(solve_exact_all(&mut records, &mut printer, batch(&args.jobs)));
            }
            let step = args.step.map_or(0, |n| usize::try_from(n).unwrap_or(usize::MAX));
            let options = SolveOptions::default()
                .with_settings(named_on(&config, args.techniques))
                .with_guess(!args.no_guess)
                .with_techniques(asked(args.techniques))
                .with_rate(args.rate);
            let mut stats = args.stats.then(Stats::new);
            let mut printer: Box<dyn Printer> = match (args.format, args.quiet) {
                (SolveFormat::Html, _) => {
                    // The page is closed after the last record: not a `Box<dyn Printer>`.
                    let mut page = HtmlPrinter::new(out);
                    let code = solve_all(&mut records, options, &mut page, batch(&args.jobs), stats.as_mut())
                        .and_then(|code| page.finish().map(|()| code));
                    progress.clear();
                    print_stats(stats.as_ref());
                    return finish(code);
                }
                (SolveFormat::Json, _) => Box::new(JsonPrinter::new(out)),
                (SolveFormat::Svg, _) => Box::new(StepPicturePrinter::new(out, Encoding::Svg, step)),
                (SolveFormat::Png, _) => Box::new(StepPicturePrinter::new(out, Encoding::Png, step)),
                (SolveFormat::Text, true) => Box::new(QuietPrinter::new(out)),
                (SolveFormat::Text, false) => {
                    let width = match args.width {
                        Some(0) => None,
                        Some(columns) => Some(columns),
                        None if to_file => None,
                        None => terminal_width(&stdout),
                    };
                    let layout =
                        TextLayout { verbose: args.verbose, fold_singles: args.fold == Some(Fold::Singles), width };
                    Box::new(TextPrinter::new(out, Palette { color }, args.grid).with_layout(layout))
                }
            };
            let code = solve_all(&mut records, options, printer.as_mut(), batch(&args.jobs), stats.as_mut());
            progress.clear();
            print_stats(stats.as_ref());
            code
        }
        Command::Hint(args) => {
            let level = match args.level {
                Some(Level::Vague) => HintLevel::Vague,
                Some(Level::Concrete) => HintLevel::Concrete,
                Some(Level::Full) => HintLevel::Full,
                // Taking a step shows it whole: what it was is what changed.
                None if args.apply => HintLevel::Full,
                None => HintLevel::Vague,
            };
            let _ = interrupt();
            let out = sink(args.output.as_deref(), out)?;
            let techniques = SolveOptions::default()
                .with_techniques(asked(args.techniques))
                .with_settings(named_on(&config, args.techniques));
            match args.format {
                HintFormat::Svg | HintFormat::Png => {
                    let encoding = if args.format == HintFormat::Svg { Encoding::Svg } else { Encoding::Png };
                    // A picture shows the whole step unless a level is asked for.
                    let level = if args.level.is_none() { HintLevel::Full } else { level };
                    let mut printer = HintPicturePrinter::new(out, encoding, level);
                    hint_all(&mut records(args.puzzles), techniques, &mut printer)
                }
                HintFormat::Text | HintFormat::Json => {
                    let format = if args.format == HintFormat::Json { Format::Json } else { Format::Text };
                    let mut printer =
                        HintPrinter::new(out, level, args.grid, Palette { color }).with_format(format.into());
                    if args.apply {
                        printer = printer.applying(args.quiet || format == Format::Json);
                    }
                    hint_all(&mut records(args.puzzles), techniques, &mut printer)
                }
            }
        }
        Command::Steps(args) => {
            let out = sink(args.output.as_deref(), out)?;
            let limit = args.limit.map(|n| usize::try_from(n).unwrap_or(usize::MAX));
            let asked = if args.se {
                StepsAsked::Se(limit)
            } else {
                let order = match args.sort {
                    SortKey::Technique => StepOrder::Technique,
                    SortKey::Rating => StepOrder::Rating,
                    SortKey::Removed => StepOrder::Removed,
                };
                StepsAsked::Explained(Box::new(
                    StepsOptions::default()
                        .with_techniques(asked(args.techniques))
                        .with_unique(args.unique)
                        .with_limit(limit)
                        .with_order(order)
                        .with_settings(named_on(&config, args.techniques)),
                ))
            };
            let mut records = records(args.puzzles);
            let batch = batch(&args.jobs);
            let step = args.step.map_or(0, |n| usize::try_from(n).unwrap_or(usize::MAX));
            match args.format {
                SolveFormat::Html => {
                    let mut page = StepsPagePrinter::new(out);
                    steps_all(&mut records, asked, &mut page, batch).and_then(|code| page.finish().map(|()| code))
                }
                SolveFormat::Svg => {
                    steps_all(&mut records, asked, &mut StepsPicturePrinter::new(out, Encoding::Svg, step), batch)
                }
                SolveFormat::Png => {
                    steps_all(&mut records, asked, &mut StepsPicturePrinter::new(out, Encoding::Png, step), batch)
                }
                SolveFormat::Text | SolveFormat::Json => {
                    let format = if args.format == SolveFormat::Json { Format::Json } else { Format::Text };
                    let width = match args.width {
                        Some(0) => None,
                        Some(columns) => Some(columns),
                        None if to_file => None,
                        None => terminal_width(&stdout),
                    };
                    let mut printer =
                        StepsPrinter::new(out, format.into(), args.grid, Palette { color }).with_width(width);
                    steps_all(&mut records, asked, &mut printer, batch)
                }
            }
        }
        Command::Check(args) => {
            let _ = interrupt();
            let mut printer = CheckPrinter::new(out, args.format.into());
            check_all(&mut records(vec![args.givens]), &mut records(vec![args.position]), &mut printer)
        }
        Command::Rate(args) => {
            let mut printer = RatePrinter::new(out, args.format.into());
            let mut stats = args.stats.then(Stats::new);
            let explain = !args.se_only;
            let mut records = records(args.puzzles);
            let code =
                rate_all(&mut records, args.steps, explain, settings, &mut printer, batch(&args.jobs), stats.as_mut());
            progress.clear();
            print_stats(stats.as_ref());
            code
        }
        Command::Count(args) => {
            let limit = usize::try_from(args.limit).unwrap_or(usize::MAX);
            let mut printer = CountPrinter::with_format(out, args.format.into());
            count_all(&mut records(args.puzzles), limit, &mut printer, batch(&args.jobs))
        }
        Command::Techniques { config_template: true } => {
            return finish(out.write_all(config::template().as_bytes()).and_then(|()| out.flush()).map(|()| 0))
        }
        Command::Techniques { config_template: false } => return techniques(out, &config),
        Command::Completions { shell } => {
            clap_complete::generate(shell, &mut Cli::command(), "sudoku", &mut out);
            out.flush()
        }
        .map(|()| 0),
        Command::Man { dir: None } => manual::write_main(command(), &mut out).and_then(|()| out.flush()).map(|()| 0),
        Command::Man { dir: Some(dir) } => std::fs::create_dir_all(&dir)
            .and_then(|()| manual::write_all(command(), &dir))
            .map(|_| 0)
            .map_err(|e| io::Error::new(e.kind(), format!("the manual pages into {}: {e}", dir.display()))),
        Command::Generate(args) => {
            // The technique asked for is tried, even one off by default.
            let settings = config.settings_naming(args.technique.into_iter().collect());
            return generate(args, settings, out, interrupt_flag(false));
        }
    };
    progress.clear();
    if let (Err(e), Some(path)) = (&code, &output_file) {
        // A refused picture leaves no file behind: what it holds is not the output asked for.
        if e.kind() == io::ErrorKind::InvalidInput {
            let _ = std::fs::remove_file(path);
        }
    }
    finish(code)
}

/// The command line's definition, for the manual pages.
pub(crate) fn command() -> clap::Command {
    Cli::command()
}

/// A flag that does not apply with the others given: the message naming the
/// conflict clap's own rules cannot express (they depend on a value).
fn conflict(command: &Command) -> Option<String> {
    let json = |args: &SolveArgs| args.format == SolveFormat::Json;
    let fixed = |message: &str| Some(message.to_string());
    match command {
        Command::Solve(args) if json(args) && args.quiet => {
            fixed("--quiet is text output; with --format json every record is one line already (see `status`)")
        }
        Command::Solve(args) if json(args) && args.grid => {
            fixed("--grid draws text; with --format json the steps carry their cells and digits")
        }
        Command::Solve(args) if json(args) && args.verbose => {
            fixed("--verbose is text output; with --format json each step's `text` is the long form already")
        }
        Command::Solve(args) if json(args) && args.fold.is_some() => {
            fixed("--fold is text output; with --format json every step is its own object")
        }
        Command::Solve(args) if json(args) && args.width.is_some() => {
            fixed("--width wraps text; JSON lines are never wrapped")
        }
        Command::Solve(args) if args.format.draws() => {
            let text_flags = [
                ("--quiet", args.quiet),
                ("--grid", args.grid),
                ("--verbose", args.verbose),
                ("--fold", args.fold.is_some()),
                ("--width", args.width.is_some()),
                ("--exact", args.exact),
            ];
            let name = args.format.name();
            if let Some((flag, _)) = text_flags.iter().find(|(_, given)| *given) {
                return Some(format!("{flag} is for text output; it does not go with --format {name}"));
            }
            match (args.format, args.step) {
                (SolveFormat::Html, Some(_)) => fixed("--step picks one step to draw; --format html draws them all"),
                (SolveFormat::Svg | SolveFormat::Png, None) => Some(format!(
                    "--format {name} draws the board before one step: give --step N (--format html draws every step)"
                )),
                _ => None,
            }
        }
        Command::Solve(args) if args.step.is_some() => {
            fixed("--step picks the step to draw with --format svg or png (--format html draws every step)")
        }
        Command::Steps(args) if args.format != SolveFormat::Text && (args.grid || args.width.is_some()) => {
            let flag = if args.grid { "--grid" } else { "--width" };
            Some(format!("{flag} is for text output; it does not go with --format {}", args.format.name()))
        }
        Command::Steps(args) if args.se && args.format.draws() => {
            fixed("--se lists Sudoku Explainer's hints as text or JSON; they have no pictures")
        }
        Command::Steps(args) => match (args.format, args.step) {
            (SolveFormat::Svg | SolveFormat::Png, None) => Some(format!(
                "--format {} draws one listed step: give --step N (--format html draws them all)",
                args.format.name()
            )),
            (SolveFormat::Text | SolveFormat::Json | SolveFormat::Html, Some(_)) => {
                fixed("--step picks the listed step to draw with --format svg or png")
            }
            _ => None,
        },
        Command::Check(args) if args.givens == "-" && args.position == "-" => {
            fixed("GIVENS and POSITION cannot both be stdin (`-`); give one of them as a puzzle or a file")
        }
        Command::Hint(args) if args.format == HintFormat::Json && args.grid => {
            fixed("--grid draws text; it does not go with --format json")
        }
        Command::Hint(args) if matches!(args.format, HintFormat::Svg | HintFormat::Png) && args.grid => {
            fixed("--grid draws text; with --format svg or png the picture is the grid")
        }
        Command::Hint(args) if matches!(args.format, HintFormat::Svg | HintFormat::Png) && args.apply => {
            fixed("--apply prints the position after the step as text; it does not go with --format svg or png")
        }
        _ => None,
    }
}

/// The width of the terminal stdout writes to, if it is one.
fn terminal_width(stdout: &io::Stdout) -> Option<usize> {
    if !stdout.is_terminal() {
        return None;
    }
    console::Term::stdout().size_checked().map(|(_, columns)| usize::from(columns))
}

/// True when the operands read stdin: none at all, or `-`.
fn reads_stdin(operands: &[String]) -> bool {
    operands.is_empty() || operands.iter().any(|o| o == "-")
}

/// What to tell someone whose stdin is a terminal and who gave no puzzle:
/// how to give them, rather than a silent wait.
fn terminal_note(operands: &[String], stdin_is_terminal: bool) -> Option<&'static str> {
    (stdin_is_terminal && reads_stdin(operands)).then_some(
        "sudoku: reading puzzles from the terminal, one per line; end with Ctrl-D, stop with Ctrl-C.\n\
         (Puzzles and files can also be given as arguments: sudoku solve PUZZLE|FILE...)",
    )
}

/// Set by Ctrl-C: batches stop between records, so no line is left half
/// written. With `at_once` (reading a terminal, where a read may wait
/// forever) Ctrl-C ends the process at once with 130.
fn interrupt_flag(at_once: bool) -> &'static AtomicBool {
    static INTERRUPTED: AtomicBool = AtomicBool::new(false);
    static AT_ONCE: AtomicBool = AtomicBool::new(false);
    static HANDLER: Once = Once::new();
    AT_ONCE.fetch_or(at_once, Ordering::Relaxed);
    HANDLER.call_once(|| {
        // Without a handler Ctrl-C still ends the process, only less tidily.
        let _ = ctrlc::set_handler(|| {
            if AT_ONCE.load(Ordering::Relaxed) {
                // Output is flushed whenever input is awaited: nothing is lost.
                // (Not `io::stdout().flush()`: the main thread holds its lock.)
                std::process::exit(130);
            }
            INTERRUPTED.store(true, Ordering::Relaxed)
        });
    });
    &INTERRUPTED
}

/// A spinner on stderr, only on a terminal and only once a run has taken
/// more than a second: quick runs and pipes stay clean.
struct Progress {
    bar: Option<ProgressBar>,
    started: Instant,
}

impl Progress {
    fn none() -> Progress {
        Progress { bar: None, started: Instant::now() }
    }

    fn on_stderr() -> Progress {
        let bar = io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
            if let Ok(style) =
                ProgressStyle::with_template("{spinner} {human_pos} puzzles, {rate} puzzles/s, {elapsed}")
            {
                bar.set_style(style.with_key("rate", |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{:.0}", state.per_sec());
                }));
            }
            bar
        });
        Progress { bar, started: Instant::now() }
    }

    fn tick(&self) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
            if bar.is_hidden() && self.started.elapsed() > Duration::from_secs(1) {
                bar.set_draw_target(ProgressDrawTarget::stderr());
            }
        }
    }

    fn clear(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// The `--stats` report goes to stderr, after every result.
fn print_stats(stats: Option<&Stats>) {
    if let Some(stats) = stats {
        eprint!("{}", stats.report());
    }
}

/// The records of the operands: puzzles, files, and stdin for none or `-`.
fn records(operands: Vec<String>) -> Operands<'static> {
    Operands::new(operands, || Box::new(Records::new(BufReader::with_capacity(1 << 16, io::stdin()))))
}

/// A closed stdout (`| head -1`) is how a reader says it has enough: end
/// quietly. Ctrl-C ends with the shell's code for SIGINT, 130.
fn finish(result: io::Result<u8>) -> Result<u8> {
    match result {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(0),
        Err(e) if e.kind() == io::ErrorKind::Interrupted => Ok(130),
        // A printer's refusal (a picture of a step the solve does not have): the message alone.
        Err(e) if e.kind() == io::ErrorKind::InvalidInput => Err(anyhow::anyhow!("{e}")),
        other => other.context("writing the output"),
    }
}

/// The configuration: from `--config FILE`, else `$SUDOKU_CONFIG`, else
/// `config.toml` in the platform's configuration directory when there is
/// one, else the defaults. A file named but missing, or with an error, is
/// the message.
fn read_config(option: Option<&std::path::Path>) -> Result<Config, String> {
    let named = option
        .map(std::path::Path::to_path_buf)
        .or_else(|| std::env::var_os("SUDOKU_CONFIG").filter(|v| !v.is_empty()).map(std::path::PathBuf::from));
    let path = match named {
        Some(path) => path,
        None => match platform_config() {
            Some(path) if path.is_file() => path,
            _ => return Ok(Config::defaults()),
        },
    };
    let text = std::fs::read_to_string(&path).map_err(|e| format!("the configuration {}: {e}", path.display()))?;
    Config::parse(&text, &path.display().to_string()).map_err(|e| e.to_string())
}

/// Where the configuration is looked for when none is named.
fn platform_config() -> Option<std::path::PathBuf> {
    directories::ProjectDirs::from("", "", "sudoku").map(|dirs| dirs.config_dir().join("config.toml"))
}

fn techniques(mut out: impl Write, config: &Config) -> Result<u8> {
    let settings = &config.settings;
    let ids: Vec<TechniqueId> = settings.order().chain([TechniqueId::BruteForce]).collect();
    let id_width = ids.iter().map(|id| id.id().len()).max().unwrap_or(0);
    let name_width = ids.iter().map(|id| id.name().len()).max().unwrap_or(0);
    let rating_width = ids.iter().map(|id| id.rating_label().len()).max().unwrap_or(0);
    let result = (|| -> io::Result<()> {
        let header = format!(
            "{:>2}  {:<id_width$}  {:<name_width$}  {:>6}  {:<rating_width$}  {:<3}  also called",
            "#", "id", "name", "weight", "rating", "on"
        );
        writeln!(out, "{header}")?;
        for (i, id) in ids.iter().enumerate() {
            // Brute force is the fallback, not a registry entry: it gets no number.
            let number = if *id == TechniqueId::BruteForce { "-".to_string() } else { (i + 1).to_string() };
            let (tid, name, weight, rating) = (id.id(), id.name(), settings.weight(*id), id.rating_label());
            let on = if *id == TechniqueId::BruteForce || settings.is_enabled(*id) { "on" } else { "off" };
            let also = id.aliases().join(", ");
            let line = format!(
                "{number:>2}  {tid:<id_width$}  {name:<name_width$}  {weight:>6}  {rating:<rating_width$}  {on:<3}  {also}"
            );
            writeln!(out, "{}", line.trim_end())?;
        }
        writeln!(out)?;
        write!(out, "{}", settings_sources(config))?;
        out.flush()
    })();
    finish(result.map(|()| 0))
}

/// Where the settings came from: every setting the configuration file
/// made, with its line; the rest are the defaults.
fn settings_sources(config: &Config) -> String {
    let settings = &config.settings;
    let mut lines = Vec::new();
    use sudoku_explained::explain::Level as Band;
    let levels: Vec<String> = Band::ALL[..Band::ALL.len() - 1]
        .iter()
        .map(|&level| (level, config.source_of_level(level)))
        .filter(|(_, source)| source != "default")
        .map(|(level, source)| format!("{level} up to {} ({source})", settings.max_er(level)))
        .collect();
    if !levels.is_empty() {
        lines.push(format!("  levels: {}", levels.join(", ")));
    }
    for (position, id) in settings.order().chain([TechniqueId::BruteForce]).enumerate() {
        let mut set = Vec::new();
        let order = config.source_of_order(id);
        if order != "default" {
            set.push(format!("place {} ({order})", position + 1));
        }
        let enabled = config.source_of_enabled(id);
        if enabled != "default" {
            set.push(format!("{} ({enabled})", if settings.is_enabled(id) { "on" } else { "off" }));
        }
        let weight = config.source_of_weight(id);
        if weight != "default" {
            set.push(format!("weight {} ({weight})", settings.weight(id)));
        }
        if !set.is_empty() {
            lines.push(format!("  {}: {}", id.id(), set.join(", ")));
        }
    }
    match config.file() {
        None => {
            "Every setting is the default (no configuration file; `sudoku techniques --config-template` writes one).\n"
                .to_string()
        }
        Some(file) if lines.is_empty() => format!("Every setting is the default ({file} changes none).\n"),
        Some(file) => format!("Set by {file} (the rest are the defaults):\n{}\n", lines.join("\n")),
    }
}

#[derive(clap::Args)]
struct GenerateArgs {
    /// How many puzzles.
    #[arg(short = 'n', long = "count", value_name = "COUNT", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..))]
    count: u64,
    /// Exactly this many givens (17 to 81; with a symmetry, a count its cell orbits allow).
    #[arg(long, value_name = "N")]
    clues: Option<usize>,
    /// The level of the solve path.
    #[arg(long, value_name = "LEVEL", conflicts_with = "rating", value_parser = level_parser())]
    difficulty: Option<sudoku_explained::explain::Level>,
    /// The hardest step's rating (ER, Sudoku Explainer's scale), as MIN..MAX, e.g. 2.0..4.4.
    #[arg(long, value_name = "MIN..MAX", value_parser = clap::value_parser!(RatingRange))]
    rating: Option<RatingRange>,
    /// A technique the solve path must use (an id, name or alias as `sudoku techniques` lists them).
    #[arg(long, value_name = "ID", value_parser = technique_parser)]
    technique: Option<TechniqueId>,
    /// The symmetry the givens keep.
    #[arg(long, default_value = "none", value_parser = symmetry_parser())]
    symmetry: Symmetry,
    /// Removing any given must give the puzzle a second solution.
    #[arg(long)]
    minimal: bool,
    /// Seed of the pseudo-random generator: the same seed gives the same
    /// output; puzzle i (from 0) of a run is the first one of `--seed SEED+i`.
    /// Without it, a seed from the clock, printed on stderr (and in JSON).
    #[arg(long)]
    seed: Option<u64>,
    /// Print each puzzle's solution after it.
    #[arg(long)]
    with_solution: bool,
    /// Do not rate the puzzles (faster); not with a difficulty target.
    #[arg(long, conflicts_with_all = ["difficulty", "rating", "technique"])]
    no_rating: bool,
    /// Candidate puzzles tried per puzzle before giving up (each random grid's first removal pass,
    /// and each step of a walk from it towards the clue count or minimality, counts one).
    /// [default: 100000, or 20000 with a difficulty target]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    attempts: Option<u32>,
    /// Output format: text (one puzzle per line) or json (one object per puzzle per line).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Puzzles made at once; a seed gives the same puzzles, in the same
    /// order, whatever the number of jobs.
    #[command(flatten)]
    jobs: JobsArg,
}

fn level_parser() -> impl clap::builder::TypedValueParser<Value = sudoku_explained::explain::Level> {
    use clap::builder::TypedValueParser;
    let names = sudoku_explained::explain::Level::ALL.map(|l| l.name());
    clap::builder::PossibleValuesParser::new(names)
        .map(|s| sudoku_explained::explain::Level::from_name(&s).expect("clap accepts only listed levels"))
}

/// A technique by its id, display name or alias (as `--techniques` reads them).
fn technique_parser(s: &str) -> std::result::Result<TechniqueId, String> {
    TechniqueId::from_name(s)
        .ok_or_else(|| format!("unknown technique `{s}` (see `sudoku techniques` for ids and aliases)"))
}

fn symmetry_parser() -> impl clap::builder::TypedValueParser<Value = Symmetry> {
    use clap::builder::TypedValueParser;
    let names = Symmetry::ALL.map(|s| s.name());
    clap::builder::PossibleValuesParser::new(names)
        .map(|s| Symmetry::from_name(&s).expect("clap accepts only listed symmetries"))
}

/// `generate`: options the symmetry or clue count rule out are usage errors
/// (exit 2); a target not met within the attempts ends the run with exit 1
/// after the puzzles found so far.
/// Ctrl-C stops between attempts (exit 130), after the puzzles found so far.
fn generate(args: GenerateArgs, settings: Settings, out: impl Write, interrupt: &AtomicBool) -> Result<u8> {
    let mut options = GenerateOptions::default()
        .with_settings(settings)
        .with_symmetry(args.symmetry)
        .with_minimal(args.minimal)
        .with_rate(!args.no_rating);
    (options.clues, options.level, options.rating, options.technique) =
        (args.clues, args.difficulty, args.rating, args.technique);
    options.attempts = args.attempts.unwrap_or_else(|| options.default_attempts());
    let seed = args.seed.unwrap_or_else(clock_seed);
    let mut generator = Generator::new(options, seed)?;
    if args.seed.is_none() {
        eprintln!("sudoku: seed {seed} (repeat this run with --seed {seed})");
    }
    let bar = (args.count > 1 && io::stderr().is_terminal()).then(|| {
        let bar = ProgressBar::new(args.count);
        let style = ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {per_sec}, eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        bar
    });
    let mut printer = GeneratePrinter::new(out, args.format.into(), args.with_solution, args.symmetry);
    let mut code = 0;
    let stop = || interrupt.load(Ordering::Relaxed);
    let result = generator.each(args.count, args.jobs.count(), &stop, |made| match made {
        Ok(puzzle) => {
            printer.print(&puzzle)?;
            if let Some(bar) = &bar {
                bar.inc(1);
            } else if args.count > 1 {
                printer.flush()?;
            }
            Ok(())
        }
        Err(GenerateError::Interrupted) => {
            printer.flush()?;
            Err(io::ErrorKind::Interrupted.into())
        }
        Err(error) => {
            printer.flush()?;
            if let Some(bar) = &bar {
                bar.abandon();
            }
            eprintln!("sudoku: {error}");
            code = 1;
            Ok(())
        }
    });
    let result = result.and_then(|()| printer.flush());
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    finish(result.map(|()| code))
}

/// A seed from the clock, below 2^53 so it survives a JSON reader that
/// keeps numbers as doubles.
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    (nanos as u64) & ((1 << 53) - 1)
}

/// The techniques a `--techniques` list asks for (every one without it).
fn asked(list: Option<TechniqueList>) -> TechniqueSet {
    list.map_or_else(TechniqueSet::all, |l| l.techniques)
}

/// The settings of a run: a technique a `--techniques` list names by id is
/// tried even where only the defaults turn it off.
fn named_on(config: &Config, list: Option<TechniqueList>) -> Settings {
    config.settings_naming(list.map_or(TechniqueSet::EMPTY, |l| l.named))
}
