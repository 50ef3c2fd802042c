//! Progress bars over counts of positions, for the builder's phases and
//! the commands that walk a table (`verify`, `repack`), and the short
//! number format they share with the search's progress line.
//!
//! indicatif's own `{per_sec}` and `{human_pos}` print every digit
//! (`101,143,305.8064/s`), which pushes a bar of a large group past 80
//! columns, where the terminal wraps it and each redraw leaves a line
//! behind. These keys print three or four significant digits.

use indicatif::{ProgressState, ProgressStyle};

/// A count to three significant digits with a unit from `k` up, or
/// whole below 10,000: `950`, `9999`, `12.3k`, `6.52M`, `101M`, `15.8G`.
/// Never over five characters below 10^15.
pub fn human(x: f64) -> String {
    if x < 1e4 {
        return format!("{x:.0}");
    }
    let mut v = x / 1e3;
    for unit in ["k", "M", "G"] {
        // The digits shown round to at most 999 (999.5k is 1.00M).
        if v < 999.5 {
            let digits = if v < 9.995 {
                2
            } else if v < 99.95 {
                1
            } else {
                0
            };
            return format!("{v:.digits$}{unit}");
        }
        v /= 1e3;
    }
    format!("{v:.0}T")
}

/// A size in bytes as people read it: `1.00 GiB` from a GiB up, else
/// `12.5 MiB`, and below a 20th of a MiB (but 0) `51.2 KiB` or `10 bytes`.
pub fn bytes(b: usize) -> String {
    let b = b as f64;
    // (From what would print as 1024.0 MiB: a bound a little under 1 GiB
    // read "1024.0 MiB" where the same bound elsewhere read "1.00 GiB".)
    if b >= (1u64 << 30) as f64 - 0.05 * (1u64 << 20) as f64 {
        format!("{:.2} GiB", b / (1u64 << 30) as f64)
    } else if b >= 0.05 * (1u64 << 20) as f64 || b == 0.0 {
        format!("{:.1} MiB", b / (1u64 << 20) as f64)
    } else if b >= 1024.0 {
        // (Small amounts read "0.0 MiB": a memory bound of 10 bytes
        // "allows 0.0 MiB".)
        format!("{:.1} KiB", b / 1024.0)
    } else if b == 1.0 {
        "1 byte".to_string()
    } else {
        format!("{b} bytes")
    }
}

/// The style of a bar over positions: `msg [=====>    ] 6.52M/64.7M
/// 5.79M/s eta 9s`, the message right-aligned in `msg_width` columns.
pub fn count_style(msg_width: usize) -> ProgressStyle {
    ProgressStyle::with_template(&format!(
        "{{msg:>{msg_width}}} [{{bar:16}}] {{count}} {{rate}} eta {{eta}}"
    ))
    .expect("a valid template")
    .with_key("count", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
        let len = s.len().map_or("?".to_string(), |n| human(n as f64));
        let _ = write!(w, "{}/{len}", human(s.pos() as f64));
    })
    .with_key("rate", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
        let _ = write!(w, "{}/s", human(s.per_sec()));
    })
    .progress_chars("=> ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_keep_three_significant_digits() {
        assert_eq!(human(950.0), "950");
        assert_eq!(human(9_999.0), "9999");
        assert_eq!(human(12_345.0), "12.3k");
        assert_eq!(human(99_960.0), "100k");
        assert_eq!(human(999_499.0), "999k");
        assert_eq!(human(999_500.0), "1.00M");
        assert_eq!(human(6_517_196.0), "6.52M");
        assert_eq!(human(101_143_305.806_4), "101M");
        assert_eq!(human(15_769_130_670.0), "15.8G");
        assert_eq!(human(90_646_500_000_000.0), "91T");
    }

    #[test]
    fn a_bar_of_the_largest_group_fits_eighty_columns() {
        use indicatif::{ProgressBar, ProgressDrawTarget, TermLike};
        use std::sync::{Arc, Mutex};

        /// A terminal that keeps what is written to it.
        #[derive(Debug, Default, Clone)]
        struct Screen(Arc<Mutex<Vec<String>>>);
        impl TermLike for Screen {
            fn width(&self) -> u16 {
                200
            }
            fn move_cursor_up(&self, _: usize) -> std::io::Result<()> {
                Ok(())
            }
            fn move_cursor_down(&self, _: usize) -> std::io::Result<()> {
                Ok(())
            }
            fn move_cursor_right(&self, _: usize) -> std::io::Result<()> {
                Ok(())
            }
            fn move_cursor_left(&self, _: usize) -> std::io::Result<()> {
                Ok(())
            }
            fn write_line(&self, s: &str) -> std::io::Result<()> {
                self.0.lock().unwrap().push(s.to_string());
                Ok(())
            }
            fn write_str(&self, s: &str) -> std::io::Result<()> {
                self.write_line(s)
            }
            fn clear_line(&self) -> std::io::Result<()> {
                Ok(())
            }
            fn flush(&self) -> std::io::Result<()> {
                Ok(())
            }
        }

        let screen = Screen::default();
        let bar = ProgressBar::with_draw_target(
            Some(6_126_738_176),
            ProgressDrawTarget::term_like(Box::new(screen.clone())),
        );
        bar.set_style(count_style(30));
        bar.set_message("[13/14 12%] 3v5+5v3 levels 104");
        bar.set_position(5_987_654_321);
        bar.abandon(); // draws the bar as it stands, whatever the rate limit

        let written = screen.0.lock().unwrap().clone();
        let line = written
            .iter()
            .rev()
            .find(|l| l.contains("levels 104"))
            .unwrap_or_else(|| panic!("no bar drawn: {written:?}"))
            .trim_end()
            .to_string();
        assert!(line.contains("5.99G/6.13G"), "{line}");
        assert!(line.contains("/s eta"), "{line}");
        assert!(line.chars().count() <= 80, "{} columns: {line}", line.len());
    }
}
