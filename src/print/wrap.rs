//! Wrapping text lines to a terminal's width: breaks only at spaces, so a
//! word, a cell name or a chain link is never cut, and continuation lines
//! start with a hanging indent. Color escapes take no width.

/// `line` wrapped at `width` columns, continuation lines indented by `hang`
/// spaces. The line's own leading spaces stay; a word longer than the
/// width gets a line of its own rather than being cut.
pub(crate) fn wrap(line: &str, width: usize, hang: usize) -> String {
    if shown_width(line) <= width {
        return line.to_string();
    }
    let body = line.trim_start_matches(' ');
    let lead = line.len() - body.len();
    let mut out = String::with_capacity(line.len() + line.len() / width.max(1) * (hang + 1));
    out.push_str(&line[..lead]);
    let mut column = lead;
    let mut words_on_line = 0;
    for word in body.split(' ') {
        let w = shown_width(word);
        if words_on_line > 0 && column + 1 + w > width {
            out.push('\n');
            out.extend(std::iter::repeat_n(' ', hang));
            column = hang;
            words_on_line = 0;
        }
        if words_on_line > 0 {
            out.push(' ');
            column += 1;
        }
        out.push_str(word);
        column += w;
        words_on_line += 1;
    }
    out
}

/// The columns `text` takes on a terminal: characters, less ANSI escapes.
fn shown_width(text: &str) -> usize {
    let mut width = 0;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // An escape runs to its final letter: `ESC [ 1 ; 32 m`.
            for e in chars.by_ref() {
                if e.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            width += 1;
        }
    }
    width
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_lines_stay_as_they_are() {
        assert_eq!(wrap("  1. Full House: r1c1=5", 80, 5), "  1. Full House: r1c1=5");
    }

    #[test]
    fn long_lines_break_at_spaces_with_a_hanging_indent() {
        let line = " 12. Forcing Net: r4c9=3 => r4c9<>3.";
        assert_eq!(wrap(line, 24, 5), " 12. Forcing Net: r4c9=3\n     => r4c9<>3.");
        for part in wrap(line, 24, 5).lines() {
            assert!(part.len() <= 24, "{part:?}");
        }
    }

    #[test]
    fn a_word_wider_than_the_line_is_never_cut() {
        assert_eq!(wrap("ab r1c1=5->r1c2<>5->r3c2=5 cd", 10, 2), "ab\n  r1c1=5->r1c2<>5->r3c2=5\n  cd");
    }

    #[test]
    fn color_escapes_take_no_width() {
        let green = "\x1b[32mr1c1<>5\x1b[39m";
        assert_eq!(shown_width(green), 7);
        assert_eq!(wrap(&format!("a {green}"), 9, 0), format!("a {green}"));
    }
}
