//! The progress line of `solve` and `table` on standard error, and the
//! short number formats it shares with the reports.

use std::io::{IsTerminal, Write as _};
use std::time::Instant;

pub(super) use fanorona::progress::human;
use fanorona::search::{INF, Progress};

/// The progress line on stderr: redrawn in place at most four times a
/// second on a terminal, a plain line every 30 seconds otherwise.
pub(super) struct ProgressLine {
    pub(super) enabled: bool,
    pub(super) tty: bool,
    pub(super) label: String,
    /// The search runs on the graph of positions (`--graph`): its size is
    /// in positions, its cuts the times it was full.
    pub(super) graph: bool,
    /// The first moves' names, in the order the search counts them.
    pub(super) move_names: Vec<String>,
    pub(super) last: Option<Instant>,
    pub(super) drawn: bool,
}

impl ProgressLine {
    pub(super) fn new(quiet: bool, label: String) -> Self {
        ProgressLine {
            enabled: !quiet,
            tty: std::io::stderr().is_terminal(),
            label,
            graph: false,
            move_names: Vec::new(),
            last: None,
            drawn: false,
        }
    }

    /// The line for a snapshot.
    pub(super) fn text(&self, p: &Progress) -> String {
        let phase = match p.first_move {
            Some((i, n)) => match self.move_names.get(i - 1) {
                Some(name) => format!("first move {i}/{n} {name}, "),
                None => format!("first move {i}/{n}, "),
            },
            None => String::new(),
        };
        format!(
            "{} {}{} wins? pn {} dn {}, {} nodes ({}/s), {} table hits, {} {}{}{}{}, solved {} ({}), {:.1} s",
            self.label,
            phase,
            p.attacker.name(),
            number(p.proof),
            number(p.disproof),
            human(p.nodes as f64),
            human(p.nodes as f64 / p.seconds.max(1e-9)),
            human(p.oracle_hits as f64),
            if self.graph {
                format!("graph {} positions", human(p.tree_nodes as f64))
            } else {
                format!("tree {} nodes", human(p.tree_nodes as f64))
            },
            bytes(p.tree_bytes),
            if p.second_levels > 0 {
                format!(" ({} cuts, PN² {})", p.cuts, human(p.second_levels as f64))
            } else if p.cuts > 0 && self.graph {
                format!(" (full {} times, {:.0} s)", p.cuts, p.cut_seconds)
            } else if p.cuts > 0 {
                format!(" ({} cuts)", p.cuts)
            } else {
                String::new()
            },
            match p.depth_cap {
                Some(cap) => format!(", depth cap {cap}"),
                None => String::new(),
            },
            if p.closures > 0 {
                format!(
                    ", {} closures ({:.0} s) solved {}",
                    p.closures,
                    p.closure_seconds,
                    human(p.closure_solved as f64)
                )
            } else {
                String::new()
            },
            human(p.tt_entries as f64),
            bytes(p.tt_bytes),
            p.seconds
        )
    }

    pub(super) fn show(&mut self, p: &Progress) {
        if !self.enabled {
            return;
        }
        let every = if self.tty { 0.25 } else { 30.0 };
        if self.last.is_some_and(|t| t.elapsed().as_secs_f64() < every) {
            return;
        }
        self.last = Some(Instant::now());
        let line = self.text(p);
        let mut err = std::io::stderr().lock();
        if self.tty {
            let _ = write!(err, "\r\x1b[2K{line}");
            self.drawn = true;
        } else {
            let _ = writeln!(err, "{line}");
        }
        let _ = err.flush();
    }

    pub(super) fn finish(&mut self) {
        if self.drawn {
            let _ = write!(std::io::stderr(), "\r\x1b[2K");
            self.drawn = false;
        }
    }
}

pub(super) use fanorona::progress::bytes;

pub(super) fn number(n: u64) -> String {
    if n == INF {
        "inf".into()
    } else {
        n.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fanorona::rules::Color;

    #[test]
    fn sizes_just_under_a_gib_read_as_one() {
        const MIB: usize = 1 << 20;
        assert_eq!(bytes(1 << 30), "1.00 GiB");
        assert_eq!(bytes((1 << 30) - 10_000), "1.00 GiB");
        assert_eq!(bytes(1023 * MIB), "1023.0 MiB");
        assert_eq!(bytes(48 * MIB + MIB / 2), "48.5 MiB");
        assert_eq!(bytes(MIB / 10), "0.1 MiB");
        assert_eq!(bytes(MIB / 20 + 1), "0.1 MiB");
        assert_eq!(bytes(MIB / 20), "51.2 KiB");
        assert_eq!(bytes(1024), "1.0 KiB");
        assert_eq!(bytes(10), "10 bytes");
    }

    #[test]
    fn the_progress_line_names_the_first_move_being_valued() {
        let mut line = ProgressLine::new(true, "[7x3]".into());
        line.move_names = vec!["c1-d2A".into(), "e2-d2A/e2-d2W".into()];
        let mut p = Progress {
            nodes: 2048,
            seconds: 1.0,
            oracle_hits: 0,
            tt_entries: 0,
            tt_bytes: 0,
            tree_nodes: 0,
            tree_bytes: 0,
            attacker: Color::Black,
            proof: 3,
            disproof: 4,
            first_move: Some((2, 2)),
            cuts: 0,
            second_levels: 0,
            closures: 0,
            closure_solved: 0,
            closure_seconds: 0.0,
            cut_seconds: 0.0,
            depth_cap: None,
        };
        let text = line.text(&p);
        assert!(
            text.starts_with("[7x3] first move 2/2 e2-d2A/e2-d2W, black wins? pn 3 dn 4,"),
            "{text}"
        );
        p.first_move = None;
        assert!(line.text(&p).starts_with("[7x3] black wins? pn 3 dn 4,"));
        assert!(!line.text(&p).contains("closures"));
        (p.closures, p.closure_solved, p.closure_seconds) = (3, 15_000, 12.4);
        let text = line.text(&p);
        assert!(
            text.contains(", 3 closures (12 s) solved 15.0k, solved"),
            "{text}"
        );
        // On the graph: positions and the times it was full.
        (p.tree_nodes, p.cuts) = (12_000, 2);
        assert!(
            line.text(&p).contains("tree 12.0k nodes 0.0 MiB (2 cuts)"),
            "{}",
            line.text(&p)
        );
        line.graph = true;
        p.cut_seconds = 7.6;
        let text = line.text(&p);
        assert!(
            text.contains("graph 12.0k positions 0.0 MiB (full 2 times, 8 s), 3 closures"),
            "{text}"
        );
        // Under a depth cap, the cap as it stands.
        p.depth_cap = Some(200);
        let text = line.text(&p);
        assert!(
            text.contains("(full 2 times, 8 s), depth cap 200, 3 closures"),
            "{text}"
        );
    }
}
