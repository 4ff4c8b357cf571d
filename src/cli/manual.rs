//! The manual pages: `sudoku(1)` and one `sudoku-<command>(1)` per
//! subcommand, made from the clap definitions (every command and flag, as
//! `--help` shows them) with the sections clap does not know written here in
//! roff: input formats, exit status, the JSON fields, examples.

use clap::Command;
use clap_mangen::Man;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The command as the pages describe it: built, without clap's `help`
/// subcommand (every command has `--help`).
fn built(cmd: Command) -> Command {
    let mut cmd = cmd.disable_help_subcommand(true);
    cmd.build();
    cmd
}

/// The subcommands that get a page of their own.
fn pages(cmd: &Command) -> impl Iterator<Item = &Command> {
    cmd.get_subcommands().filter(|sub| !sub.is_hide_set())
}

/// Writes `sudoku(1)`: the command, its subcommands, and the extra sections.
pub(crate) fn write_main(cmd: Command, out: &mut dyn Write) -> io::Result<()> {
    let cmd = built(cmd);
    let man = Man::new(cmd.clone());
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    man.render_options_section(out)?;
    man.render_subcommands_section(out)?;
    out.write_all(FORMATS.as_bytes())?;
    out.write_all(EXIT_STATUS.as_bytes())?;
    out.write_all(JSON.as_bytes())?;
    out.write_all(EXAMPLES.as_bytes())?;
    out.write_all(CONFIGURATION.as_bytes())?;
    let others: Vec<String> = pages(&cmd).map(|sub| format!(".BR {} (1)", page_name(sub))).collect();
    writeln!(out, ".SH \"SEE ALSO\"\n{}", others.join(" ,\n"))?;
    man.render_version_section(out)
}

/// `sudoku-solve` for `solve`.
fn page_name(sub: &Command) -> String {
    sub.get_display_name().map_or_else(|| format!("sudoku-{}", sub.get_name()), str::to_owned)
}

/// Writes one subcommand's page: its flags, exit status, and a pointer to
/// `sudoku(1)` for the formats.
fn write_sub(sub: &Command, out: &mut dyn Write) -> io::Result<()> {
    Man::new(sub.clone()).render(out)?;
    out.write_all(EXIT_STATUS.as_bytes())?;
    writeln!(out, ".SH \"SEE ALSO\"\n.BR sudoku (1)\nfor the input formats, the JSON fields and examples.")
}

/// Writes `sudoku.1` and `sudoku-<command>.1` for each subcommand into
/// `dir`, returning the paths written.
pub(crate) fn write_all(cmd: Command, dir: &Path) -> io::Result<Vec<PathBuf>> {
    let cmd = built(cmd);
    let mut written = Vec::new();
    let mut put = |name: String, page: &dyn Fn(&mut dyn Write) -> io::Result<()>| -> io::Result<()> {
        let path = dir.join(format!("{name}.1"));
        let mut file = io::BufWriter::new(std::fs::File::create(&path)?);
        page(&mut file)?;
        file.flush()?;
        written.push(path);
        Ok(())
    };
    put("sudoku".to_owned(), &|out| write_main(cmd.clone(), out))?;
    for sub in pages(&cmd) {
        put(page_name(sub), &|out| write_sub(sub, out))?;
    }
    Ok(written)
}

const FORMATS: &str = r#".SH FORMATS
A puzzle is 81 cells, row by row:
.B 1
to
.B 9
a given;
.BR . ,
.BR 0 ,
.BR _ ,
.B *
or
.B x
an empty cell.
Spaces and
.B "| + - ="
between cells are ignored.
Puzzles come from the command line (one argument) or from standard input (the default, or
.BR \- ).
.TP
.B One puzzle per line
Text after the 81st cell, separated by a space, is a label and is echoed in the output.
Lines starting with
.B #
are comments; blank lines are skipped.
.TP
.B 9-line grids
One row of nine cells per line, with any border lines, blank lines or comments between the rows.
.TP
.B Pencil marks
81 groups of candidates separated by spaces on one line,
or the candidate grid that HoDoKu, Simple Sudoku and
.B "sudoku solve \-\-no\-guess"
print.
A group of one digit is a given,
.B +5
a digit placed since (as HoDoKu marks it),
.B {5}
an empty cell whose one candidate is not placed yet (a naked single still to find),
.B \-
an empty cell with no candidate left.
.BR "sudoku hint \-\-apply" ,
the stuck grid of
.B \-\-no\-guess
and the JSON
.B position
write positions so.
The solve, hint and count start from those candidates.
.TP
.B HoDoKu's library format
One line,
.BR :type:digits:cells:deleted:eliminations:placements: ,
with an optional last field.
Its position is the 81 cells
.RB ( +5
a digit placed since,
.B .\&
or
.B 0
an empty cell) less the deleted candidates, each a digit, a row and a column
.RB ( 512
deletes 5 from r1c2), separated by spaces; the other fields describe a step and are not read.
Errors name the line and the column, and for a deleted candidate its cell.
.PP
Every record gets a result, in input order, labelled with the line it started on.
A line that is not a puzzle gets an error record in its place, and the batch goes on.
With several jobs
.RB ( \-j )
the output order is still the input order.
"#;

const EXIT_STATUS: &str = r#".SH "EXIT STATUS"
.TP
.B 0
Every puzzle solved (or the command succeeded).
.TP
.B 1
A puzzle was read but not solved: no solution, several solutions, or stuck with
.BR \-\-no\-guess ;
.B generate
missed its target;
.B check
found a mistake.
.TP
.B 2
A usage error, or input that is not a puzzle (unreadable, or a digit twice in a house).
.TP
.B 130
Stopped by Ctrl-C, between two puzzles (every line written is whole).
.PP
A batch processes every puzzle and exits with the worst code it met.
A closed standard output ends the run quietly with code 0.
"#;

const JSON: &str = r#".SH JSON
.B "\-\-format json"
writes JSON Lines: exactly one object per record, one per line, in input order, with these fields:
.TP
.B line
The line the record started on.
.TP
.B label
The text after the puzzle on its line, when there was one.
.TP
.B puzzle
The givens, 81 characters.
.TP
.B status
.BR solved ,
.BR stuck ,
.BR no\-solution ,
.B multiple\-solutions
or
.BR invalid .
.TP
.B solution
The solution, or null unless solved.
.B multiple\-solutions
carries two in
.BR solutions ,
.B stuck
where it stopped in
.BR position ,
as a pencil-mark line.
.TP
.B steps
The solve path, one object per step: its
.B technique
id (kebab-case, never changing;
.B brute\-force
for a step no technique found),
.BR name ,
.B placements
and
.B eliminations
(each a
.B cell
and a
.BR digit ),
.BR cells ,
.BR digits ,
.BR houses ,
its
.B rating
and its
.BR text .
A chain step also has
.B chain
.RB ( nodes ,
.BR links ,
.BR eureka );
a forcing chain or net has
.B forcing
.RB ( kind ,
.B branches
with their
.B facts
and
.BR contradiction ).
.TP
.B path
What the explained path says of itself: its
.B hardest
technique and that step's
.BR hardest_rating ,
the
.B score
and whether
.B brute_force
was needed.
.TP
.B rating
Sudoku Explainer 1.2.1's rating, from SE's own path (with
.BR \-\-rate ,
and always in rate and generate):
.BR er ,
.BR ep ,
.BR ed ,
SE's names of the techniques that set them
.RB ( er_technique ,
.BR ep_technique ,
.BR ed_technique ),
the
.B level
and the
.B score
(null with rate
.BR \-\-se\-only ,
which leaves
.B path
null too);
with rate
.BR \-\-steps ,
SE's path as
.B steps
.RB ( rating ,
.BR technique ,
.BR text ).
.TP
.B error
What is wrong with an invalid record, or null.
.PP
.B hint
writes
.BR hint ,
.B technique
and, as a step of the solve path, the
.B step
as far as the level reveals it; with
.B \-\-apply
also
.BR position ,
the position after the step as a pencil-mark line.
.B check
writes
.B status
.RB ( no\-mistakes ,
.BR mistakes ,
.B changed\-givens
or the givens' status),
.B left
(the empty cells) and
.BR mistakes ,
each with its
.BR kind ,
.BR cell ,
.BR digit ,
.B solution
and
.BR text .
"#;

const CONFIGURATION: &str = r#".SH CONFIGURATION
A TOML file sets, per technique id, its place in the order
.RB ( order ,
tried from the lowest; the defaults are 10, 20, 30, ... in the order
.B "sudoku techniques"
lists), whether it is on
.RB ( enabled )
and its weight in the score
.RB ( weight ),
in a table
.BR [techniques.ID] ;
and in
.B [levels]
the highest ER of
.BR easy ,
.BR medium ,
.B hard
and
.BR expert .
.B "sudoku techniques \-\-config\-template"
writes the defaults.
solve, hint, steps and generate follow the order and switches; rate and generate use the
weights and the boundaries. ER/EP/ED are Sudoku Explainer's whatever the file says.
.SH ENVIRONMENT
.TP
.B SUDOKU_CONFIG
The configuration file when
.B \-\-config
is not given.
.TP
.B NO_COLOR
When set and not empty, no color on a terminal.
.SH FILES
.TP
.I $XDG_CONFIG_HOME/sudoku/config.toml
(or
.IR ~/.config/sudoku/config.toml )
The configuration file when neither
.B \-\-config
nor
.B SUDOKU_CONFIG
names one; on macOS
.IR "~/Library/Application Support/sudoku/config.toml" .
A file with an error stops every command with exit status 2 and a message naming the file,
line and column.
"#;

const EXAMPLES: &str = r#".SH EXAMPLES
.TP
.B "sudoku steps PUZZLE"
Every step available at a position: every instance of every technique, grouped by technique
in the order they are tried.
.TP
.B "sudoku steps \-\-unique \-\-sort removed \-\-limit 3 PUZZLE"
Each result once, as its simplest step, the biggest first, three per technique.
.TP
.B "sudoku steps \-\-se PUZZLE"
Sudoku Explainer's hints at the position, with its ratings.
.TP
.B "sudoku \-\-config class.toml solve PUZZLE"
Solve with the order, switches and weights of a configuration file.
.TP
.B "sudoku solve PUZZLE"
Explain the solve of one puzzle (81 characters, as under FORMATS), step by step.
.TP
.B "sudoku solve \-\-grid PUZZLE"
The candidate grid after every step, the changed cells marked with *.
.TP
.B "sudoku hint \-\-level full PUZZLE"
The next step from a position, told in full.
.B \-\-level vague
(the default) names only the technique and where to look (a house or a digit),
.B concrete
adds the pattern but not its result.
.TP
.B "sudoku hint \-\-apply PUZZLE | sudoku hint \-\-apply"
Take the next step, then the one after: each prints the position after its step as one
pencil-mark line on standard output (the step itself on standard error,
.B \-q
for none), which hint, solve and check read back.
A digit the steps placed is written
.BR +5 ,
a cell left with one candidate
.BR {5} ,
so that its single is the step after.
.TP
.B "sudoku check GIVENS POSITION"
Which placed digits of a position are wrong and which removed candidates were the solution's,
cell by cell; an incomplete position without them has no mistake (exit 0, else 1).
.TP
.B "sudoku solve \-q \-j 2 < puzzles.txt > solutions.txt"
Solve a file on two threads, one solution (or error) per line, in input order.
.TP
.B "sudoku rate \-\-format json < puzzles.txt | jq .rating.er"
Sudoku Explainer's ER of every puzzle, from the JSON Lines.
.TP
.B "sudoku rate \-\-se\-only < big.txt"
Sudoku Explainer's ratings alone: no explained solve, so no score, and faster.
.TP
.B "sudoku rate \-\-steps PUZZLE"
Sudoku Explainer's rating and its path, one step per line, as SE writes it.
.TP
.B "sudoku rate \-\-stats < puzzles.txt"
Rate every puzzle, with statistics on standard error.
.TP
.B "sudoku count \-\-limit 2 < puzzles.txt"
Check that every puzzle has exactly one solution.
.TP
.B "sudoku generate \-\-difficulty hard"
Generate a puzzle with one solution, rated hard.
.TP
.B "sudoku man \-\-dir ~/.local/share/man/man1"
Install these pages.
"#;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::command;

    fn main_page() -> String {
        let mut out = Vec::new();
        write_main(command(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// Every long flag of `cmd` and its subcommands, as roff writes them.
    fn long_flags(cmd: &Command, into: &mut Vec<(String, String)>) {
        for arg in cmd.get_arguments() {
            if let Some(long) = arg.get_long() {
                into.push((cmd.get_name().to_owned(), long.to_owned()));
            }
        }
        for sub in cmd.get_subcommands() {
            long_flags(sub, into);
        }
    }

    #[test]
    fn the_pages_name_every_subcommand_and_flag() {
        let main = main_page();
        for section in ["FORMATS", "EXIT STATUS", "JSON", "EXAMPLES", "SEE ALSO", "SUBCOMMANDS"] {
            assert!(
                main.contains(&format!(".SH {section}")) || main.contains(&format!(".SH \"{section}\"")),
                "{section}"
            );
        }
        let dir = std::env::temp_dir().join(format!("sudoku-man-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let written = write_all(command(), &dir).unwrap();
        let cmd = built(command());
        for sub in pages(&cmd) {
            assert!(main.contains(sub.get_name()), "sudoku(1) names {}", sub.get_name());
            let path = dir.join(format!("sudoku-{}.1", sub.get_name()));
            assert!(written.contains(&path), "{} written", path.display());
            let page = std::fs::read_to_string(&path).unwrap();
            let mut flags = Vec::new();
            long_flags(sub, &mut flags);
            for (_, long) in flags {
                // roff escapes the dashes: \-\-flag.
                let escaped = format!("\\-\\-{}", long.replace('-', "\\-"));
                assert!(page.contains(&escaped), "{} lists --{long}", path.display());
            }
        }
        let mut flags = Vec::new();
        long_flags(&cmd, &mut flags);
        assert!(flags.len() > 20, "{flags:?}");
        check_with_man(&written);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// `man -l` renders every page without a warning, when man is installed.
    fn check_with_man(pages: &[PathBuf]) {
        let Ok(version) = std::process::Command::new("man").arg("--version").output() else {
            eprintln!("man is not installed: the pages are not rendered");
            return;
        };
        if !version.status.success() {
            return;
        }
        for page in pages {
            let out = std::process::Command::new("man")
                .args(["--warnings", "-E", "UTF-8", "-l"])
                .arg(page)
                .env("MANWIDTH", "80")
                .env("MAN_KEEP_STDERR", "1")
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success() && stderr.trim().is_empty(), "{}: {stderr}", page.display());
            assert!(!out.stdout.is_empty(), "{} renders", page.display());
        }
    }
}
