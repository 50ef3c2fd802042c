//! What `solve` and `table` print about a solved position: text, JSON,
//! and the table in markdown, CSV and JSON.

use std::fmt::Write as _;

use fanorona::bits::Bits;
use fanorona::geometry::Board;
use fanorona::notation::{Diagram, position_to_fen};
use fanorona::position::Position;
use fanorona::rules::{Color, Rules};
use fanorona::search::{INF, StopReason};
use fanorona::value::Wdl;

use super::checkpoints::{CheckpointReport, MergeReport, json_checkpoint, print_checkpoint};
use super::common::json_str;
use super::progress::{bytes, human, number};

pub(super) fn value_name(v: Option<Wdl>) -> &'static str {
    v.map_or("unknown", |w| w.name())
}

/// A goal as printed: (attacker, state, proof number, disproof number).
pub(super) type GoalRow = (String, &'static str, u64, u64);

/// A solved position, ready to print.
pub(super) struct Report {
    pub(super) board: Board,
    pub(super) fen: String,
    pub(super) turn: Color,
    pub(super) value: Option<Wdl>,
    /// The one goal searched, with `--goal`.
    pub(super) goal: Option<Color>,
    /// (move, value for the side playing it), best first.
    pub(super) moves: Vec<(String, Option<Wdl>)>,
    pub(super) nodes: u64,
    pub(super) seconds: f64,
    pub(super) table_hits: u64,
    pub(super) table_stones: Option<u32>,
    pub(super) stopped: Option<String>,
    /// The goals searched at the position.
    pub(super) goals: Vec<GoalRow>,
    /// The goals searched after each first move (move, goals): its own
    /// search's (`--threads` above 1), or those the root's value left open.
    pub(super) move_goals: Vec<(String, Vec<GoalRow>)>,
    pub(super) solved_entries: usize,
    /// The search's bound: --memory less the table cache.
    pub(super) memory_bytes: usize,
    /// The bound on decompressed table blocks held.
    pub(super) cache_bytes: usize,
    /// Bytes of WDL files read into memory (`--wdl-memory`).
    pub(super) wdl_memory_bytes: u64,
    /// Table blocks looked up in this search: (found in the cache, read
    /// and decompressed).
    pub(super) cache_reads: (u64, u64),
    pub(super) tree_bytes: usize,
    pub(super) tt_bytes: usize,
    /// Times the tree was compacted, open subtrees cut off, and
    /// second-level searches run: how short of memory the search was.
    pub(super) compactions: u64,
    pub(super) cuts: u64,
    pub(super) second_levels: u64,
    /// Leaves found disproved in the table of path-dependent disproofs.
    pub(super) conditional_hits: u64,
    /// Leaves that took the numbers of a copy searched below before.
    pub(super) estimate_hits: u64,
    /// The search ran on the graph of positions (`--graph`): its sizes
    /// and cuts (times it was full) are the graph's.
    pub(super) graph: bool,
    /// On the graph under a depth cap: the cap where the search left it.
    pub(super) depth_cap: Option<usize>,
    /// Closures run (`--closure`) and the tree nodes they solved.
    pub(super) closures: u64,
    pub(super) closure_solved: u64,
    pub(super) closure_seconds: f64,
    /// Seconds spent making room in a full tree or graph, closures aside.
    pub(super) cut_seconds: f64,
    /// Where a search stopped with a goal open stood: its line.
    pub(super) line: Option<LineReport>,
    /// A split search's: each first move's own search's line, if it
    /// stopped open (its name, the line), in the order of the moves.
    pub(super) move_lines: Vec<(String, LineReport)>,
    pub(super) checkpoint: Option<CheckpointReport>,
    /// A split search's checkpoints: each first move's (its name, the
    /// report), in the order of the moves.
    pub(super) move_checkpoints: Vec<(String, CheckpointReport)>,
    /// What each `--checkpoint-merge` file gave, in the order read.
    pub(super) merged: Vec<MergeReport>,
    /// The time limit came while the tables were being built, before any
    /// search: what the build saved ([`fanorona::builder::BuildError::Stopped`]).
    pub(super) build_stopped: Option<String>,
    /// Table files the search could not read, or read through their
    /// tables ([`fanorona::probe::Tablebase::problems`]).
    pub(super) table_problems: Vec<String>,
}

/// The line through an open search tree or graph ([`fanorona::search::SearchLine`]),
/// ready to print.
pub(super) struct LineReport {
    /// The goal's attacker.
    pub(super) attacker: Color,
    /// The tree's root (a first move's position when the moves were being
    /// valued) and its numbers.
    pub(super) root_fen: String,
    pub(super) root: (u64, u64),
    /// Each step down: (its turns, "/"-joined; proof, disproof; children).
    pub(super) steps: Vec<(String, u64, u64, usize)>,
    /// Every move of the root in the tree, as the steps, the search's
    /// preferred first.
    pub(super) root_moves: Vec<(String, u64, u64, usize)>,
    /// The leaf at its end, and its stones.
    pub(super) leaf_fen: String,
    pub(super) leaf_stones: u32,
}

impl Report {
    pub(super) fn best(&self) -> Vec<&str> {
        self.moves
            .iter()
            .filter(|(_, v)| v.is_some() && *v == self.value)
            .map(|(m, _)| m.as_str())
            .collect()
    }
    /// A position the time limit left unsearched, stopping the build of
    /// its tables after `seconds` with `saved` (what the build kept).
    pub(super) fn unsearched<B: Bits>(
        board: Board,
        pos: &Position<B>,
        goal: Option<Color>,
        seconds: f64,
        stopped: super::db_cmds::BuildStopped,
    ) -> Report {
        let reason = match stopped.interrupted {
            true => StopReason::Interrupted,
            false => StopReason::Time,
        };
        Report {
            board,
            fen: position_to_fen(&board, pos),
            turn: pos.turn,
            value: None,
            goal,
            moves: Vec::new(),
            nodes: 0,
            seconds,
            table_hits: 0,
            table_stones: None,
            stopped: Some(reason.name().to_string()),
            goals: Vec::new(),
            move_goals: Vec::new(),
            solved_entries: 0,
            memory_bytes: 0,
            cache_bytes: 0,
            wdl_memory_bytes: 0,
            cache_reads: (0, 0),
            tree_bytes: 0,
            tt_bytes: 0,
            compactions: 0,
            cuts: 0,
            second_levels: 0,
            conditional_hits: 0,
            estimate_hits: 0,
            graph: false,
            depth_cap: None,
            closures: 0,
            closure_solved: 0,
            closure_seconds: 0.0,
            cut_seconds: 0.0,
            line: None,
            move_lines: Vec::new(),
            checkpoint: None,
            move_checkpoints: Vec::new(),
            merged: Vec::new(),
            build_stopped: Some(stopped.saved),
            table_problems: Vec::new(),
        }
    }

    /// Every checkpoint file the search wrote or tried to: its own, or
    /// each first move's in a split search.
    pub(super) fn checkpoints(&self) -> impl Iterator<Item = &CheckpointReport> {
        self.checkpoint
            .iter()
            .chain(self.move_checkpoints.iter().map(|(_, c)| c))
    }

    /// Whether Ctrl-C or kill stopped it (not a limit asked for).
    pub(super) fn interrupted(&self) -> bool {
        self.stopped.as_deref() == Some(StopReason::Interrupted.name())
    }

    pub(super) fn tables(&self) -> String {
        match self.table_stones {
            Some(k) => format!("<= {k} stones"),
            None => "none".into(),
        }
    }
    /// The goals searched after first move `m`, if any.
    pub(super) fn goals_after(&self, m: &str) -> Option<&[GoalRow]> {
        after(&self.move_goals, m).map(Vec::as_slice)
    }
    /// The line of first move `m`'s own search, if it stopped open.
    fn line_after(&self, m: &str) -> Option<&LineReport> {
        after(&self.move_lines, m)
    }
    /// When the value is unknown but a goal was disproved: what that says
    /// about the value for the side to move ("not-win" or "not-loss").
    /// With `--goal`, that goal's; else either side's, for a search of
    /// both goals (`table`, `solve` without `--goal`) stopped by a limit
    /// after settling one of them.
    pub(super) fn bound(&self) -> Option<&'static str> {
        match self.goal {
            Some(goal) => goal_bound(goal, self.turn, self.value, &self.goals),
            None => [self.turn, self.turn.other()]
                .into_iter()
                .find_map(|attacker| goal_bound(attacker, self.turn, self.value, &self.goals)),
        }
    }
    /// The value's name, or else its [`Report::bound`], or "unknown".
    pub(super) fn value_or_bound(&self) -> &'static str {
        self.bound().unwrap_or(value_name(self.value))
    }
    /// What is known of first move `m`'s value for the side playing it
    /// when the value itself is not: [`Report::bound`] of its goal, or
    /// else "not-win" after a drawn position, since no move is worth more
    /// than the position (a search stopped while valuing the moves of a
    /// proved draw leaves them "draw or loss", not unknown).
    pub(super) fn move_bound(&self, m: &str) -> Option<&'static str> {
        let value = self.moves.iter().find(|(n, _)| n == m)?.1;
        if value.is_some() {
            return None;
        }
        // With --goal, that goal's; else either side's (a split search
        // of both goals stopped after settling one: it said "unknown").
        let attackers = match self.goal {
            Some(goal) => vec![goal],
            None => vec![self.turn, self.turn.other()],
        };
        let of_goal = self.goals_after(m).and_then(|goals| {
            attackers
                .into_iter()
                .find_map(|attacker| goal_bound(attacker, self.turn, value, goals))
        });
        // (After a position not won, whose value a limit left unknown, no
        // move wins either.)
        let not_won = self.value == Some(Wdl::Draw) || self.bound() == Some("not-win");
        of_goal.or(not_won.then_some("not-win"))
    }
    pub(super) fn all_moves(&self) -> String {
        self.moves
            .iter()
            .map(|(m, v)| format!("{m} {}", self.move_bound(m).unwrap_or(value_name(*v))))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// What a list kept per first move (its turns' names, space-separated)
/// holds for move `m`.
fn after<'a, T>(list: &'a [(String, T)], m: &str) -> Option<&'a T> {
    list.iter()
        .find(|(names, _)| names.split(' ').any(|n| n == m))
        .map(|(_, x)| x)
}

/// What a disproved `--goal` (`attacker` wins) says about the value for
/// `side`, when the value itself is unknown: "not-win" or "not-loss".
fn goal_bound(
    attacker: Color,
    side: Color,
    value: Option<Wdl>,
    goals: &[GoalRow],
) -> Option<&'static str> {
    let disproved = goals
        .iter()
        .any(|(a, st, _, _)| *a == attacker.name() && *st == "disproved");
    match (value, disproved) {
        (None, true) if attacker == side => Some("not-win"),
        (None, true) => Some("not-loss"),
        _ => None,
    }
}

pub(super) fn print_solve(r: &Report, rules: &Rules, d: &Diagram) {
    let side = d.turn.name();
    println!("position  {}  ({}, {} to move)", r.fen, r.board, side);
    println!("rules     {rules}");
    match (r.value, r.bound(), r.goal) {
        (Some(v), _, _) => println!("value     {} for {side}", v.name()),
        (None, Some(b), Some(g)) => println!(
            "value     {} for {side} (only \"{} wins?\" was searched)",
            b.replace('-', " a "),
            g.name()
        ),
        (None, Some(b), None) => println!(
            "value     {} for {side} ({})",
            b.replace('-', " a "),
            r.stopped.as_deref().unwrap_or("stopped")
        ),
        _ => println!(
            "value     unknown ({})",
            r.stopped.as_deref().unwrap_or("stopped")
        ),
    }
    if let Some(b) = &r.build_stopped {
        // Nothing was searched: no numbers to show.
        // (Ctrl-C was called "the time limit" too.)
        let came = if r.interrupted() {
            "Ctrl-C or kill"
        } else {
            "the time limit"
        };
        println!(
            "tables    {came} came after {:.1} s of building: {b}",
            r.seconds
        );
        return;
    }
    print_goals("          ", &r.goals);
    if r.value.is_none() {
        for (m, goals) in &r.move_goals {
            println!("          after {m}:");
            print_goals("            ", goals);
        }
    }
    let best = r.best();
    if !best.is_empty() {
        println!("best      {}", best.join(" "));
    }
    if !r.moves.is_empty() {
        println!("moves     {}", r.all_moves());
    }
    println!(
        "nodes     {} in {:.3} s ({}/s)",
        r.nodes,
        r.seconds,
        human(r.nodes as f64 / r.seconds.max(1e-9))
    );
    let (cached, read) = r.cache_reads;
    println!(
        "tables    {} ({} hits, {} cache: {:.1}% of {} block look-ups cached); {} solved positions kept, {} path-dependent disproofs reused, {} leaves' numbers from earlier searches below; {} peak {} of a {} bound",
        r.tables(),
        r.table_hits,
        bytes(r.cache_bytes),
        100.0 * cached as f64 / (cached + read).max(1) as f64,
        cached + read,
        r.solved_entries,
        r.conditional_hits,
        r.estimate_hits,
        if r.graph { "graph" } else { "tree" },
        bytes(r.tree_bytes),
        bytes(r.memory_bytes)
    );
    if r.wdl_memory_bytes > 0 {
        println!(
            "          WDL files read into memory: {}",
            bytes(r.wdl_memory_bytes as usize)
        );
    }
    if let Some(cap) = r.depth_cap {
        println!("graph     depth cap {cap} where the search left it");
    }
    if r.graph && r.cuts > 0 {
        println!(
            "memory    graph full {} times ({:.1} s): kept what it solved and the half searched last; more --memory would help",
            r.cuts, r.cut_seconds
        );
    }
    if r.compactions > 0 {
        println!(
            "memory    tree full {} times ({:.1} s): open subtrees cut off {} times, {} second-level (PN²) searches{}",
            r.compactions,
            r.cut_seconds,
            r.cuts,
            r.second_levels,
            if r.cuts > 0 {
                "; more --memory would help"
            } else {
                ""
            }
        );
    }
    if r.closures > 0 {
        println!(
            "closure   {} runs, {} {} solved, {:.1} s",
            r.closures,
            r.closure_solved,
            if r.graph { "positions" } else { "tree nodes" },
            r.closure_seconds
        );
    }
    if let Some(l) = &r.line {
        print_line("", l, r.graph);
    }
    for (m, l) in &r.move_lines {
        print_line(&format!("after {m}, "), l, r.graph);
    }
    for c in r.checkpoints() {
        print_checkpoint(c);
    }
}

/// The line as moves wrapped under a heading, then its leaf (through the
/// search's tree, or its `graph`).
fn print_line(after: &str, l: &LineReport, graph: bool) {
    println!(
        "line      {after}\"{} wins?\" goes on {} plies down from {} (proof {}, disproof {}):",
        l.attacker.name(),
        l.steps.len(),
        l.root_fen,
        number(l.root.0),
        number(l.root.1)
    );
    let steps = l
        .steps
        .iter()
        .enumerate()
        .map(|(ply, (turns, ..))| format!("{}.{turns}", ply + 1));
    print_wrapped(steps, " ");
    println!("leaf      {} ({} stones)", l.leaf_fen, l.leaf_stones);
    if l.root_moves.len() > 1 {
        println!(
            "root      its {} moves in the {}, the next first (proof / disproof):",
            l.root_moves.len(),
            if graph { "graph" } else { "tree" }
        );
        let moves = l
            .root_moves
            .iter()
            .map(|(m, pn, dn, _)| format!("{m} {} / {}", number(*pn), number(*dn)));
        print_wrapped(moves, ", ");
    }
}

/// Items joined by `sep` in rows of at most about 70 characters, indented
/// under the headings.
fn print_wrapped(items: impl Iterator<Item = String>, sep: &str) {
    let mut row = String::new();
    for item in items {
        if !row.is_empty() && row.len() + sep.len() + item.len() > 70 {
            // The separator's mark (a comma) ends the row it breaks.
            println!("          {row}{}", sep.trim_end());
            row.clear();
        }
        if !row.is_empty() {
            row.push_str(sep);
        }
        row.push_str(&item);
    }
    if !row.is_empty() {
        println!("          {row}");
    }
}

fn json_line(l: &LineReport) -> String {
    let steps = |nodes: &[(String, u64, u64, usize)]| -> String {
        let items: Vec<String> = nodes
            .iter()
            .map(|(m, pn, dn, kids)| {
                format!(
                    "{{\"move\": {}, \"proof\": {}, \"disproof\": {}, \"children\": {kids}}}",
                    json_str(m),
                    json_number(*pn),
                    json_number(*dn)
                )
            })
            .collect();
        items.join(", ")
    };
    format!(
        "{{\"attacker\": {}, \"root\": {}, \"proof\": {}, \"disproof\": {}, \"steps\": [{}], \"leaf\": {}, \"leaf_stones\": {}, \"root_moves\": [{}]}}",
        json_str(l.attacker.name()),
        json_str(&l.root_fen),
        json_number(l.root.0),
        json_number(l.root.1),
        steps(&l.steps),
        json_str(&l.leaf_fen),
        l.leaf_stones,
        steps(&l.root_moves)
    )
}

fn print_goals(indent: &str, goals: &[GoalRow]) {
    for (attacker, state, pn, dn) in goals {
        if *state == "open" {
            println!(
                "{indent}{attacker} wins? open: proof number {}, disproof number {}",
                number(*pn),
                number(*dn)
            );
        } else {
            println!("{indent}{attacker} wins? {state}");
        }
    }
}

fn json_goals(goals: &[GoalRow]) -> String {
    let items: Vec<String> = goals
        .iter()
        .map(|(a, st, pn, dn)| {
            format!(
                "{{\"attacker\": {}, \"state\": {}, \"proof\": {}, \"disproof\": {}}}",
                json_str(a),
                json_str(st),
                json_number(*pn),
                json_number(*dn)
            )
        })
        .collect();
    format!("[{}]", items.join(", "))
}

pub(super) fn json_report(r: &Report, rules: &Rules) -> String {
    let mut s = String::new();
    let moves: Vec<String> = r.best().iter().map(|m| json_str(m)).collect();
    let all: Vec<String> = r
        .moves
        .iter()
        .map(|(m, v)| {
            // The goals searched after the move, if any.
            let goals = r
                .goals_after(m)
                .map_or(String::new(), |g| format!(", \"goals\": {}", json_goals(g)));
            let bound = r
                .move_bound(m)
                .map_or(String::new(), |b| format!(", \"bound\": {}", json_str(b)));
            let line = r
                .line_after(m)
                .map_or(String::new(), |l| format!(", \"line\": {}", json_line(l)));
            format!(
                "{{\"move\": {}, \"value\": {}{bound}{goals}{line}}}",
                json_str(m),
                json_str(value_name(*v))
            )
        })
        .collect();
    let _ = write!(
        s,
        "{{\"board\": {}, \"position\": {}, \"rules\": {}, \"value\": {}, \"moves\": [{}], \"first_moves\": [{}], \"nodes\": {}, \"seconds\": {:.6}, \"table_hits\": {}, \"tables\": {}, \"memory_used_bytes\": {}, \"table_cache_bytes\": {}, \"wdl_memory_bytes\": {}, \"table_cache_hits\": {}, \"table_cache_misses\": {}, \"tree_compactions\": {}, \"tree_cuts\": {}, \"second_level_searches\": {}, \"conditional_disproofs_reused\": {}, \"estimates_used\": {}, \"closures\": {}, \"closure_solved\": {}, \"closure_seconds\": {:.3}, \"cut_seconds\": {:.3}, \"depth_cap\": {}, \"stopped\": {}, \"goal\": {}, \"bound\": {}, \"goals\": {}}}",
        json_str(&r.board.to_string()),
        json_str(&r.fen),
        json_str(&rules.label()),
        json_str(value_name(r.value)),
        moves.join(", "),
        all.join(", "),
        r.nodes,
        r.seconds,
        r.table_hits,
        r.table_stones.map_or("null".to_string(), |k| k.to_string()),
        r.tree_bytes + r.tt_bytes,
        r.cache_bytes,
        r.wdl_memory_bytes,
        r.cache_reads.0,
        r.cache_reads.1,
        r.compactions,
        r.cuts,
        r.second_levels,
        r.conditional_hits,
        r.estimate_hits,
        r.closures,
        r.closure_solved,
        r.closure_seconds,
        r.cut_seconds,
        r.depth_cap.map_or("null".to_string(), |c| c.to_string()),
        r.stopped.as_deref().map_or("null".to_string(), json_str),
        r.goal.map_or("null".to_string(), |g| json_str(g.name())),
        r.bound().map_or("null".to_string(), json_str),
        json_goals(&r.goals)
    );
    if let Some(l) = &r.line {
        s.pop();
        let _ = write!(s, ", \"line\": {}}}", json_line(l));
    }
    if let Some(c) = &r.checkpoint {
        // Before the closing brace: the checkpoint's fields.
        s.pop();
        let _ = write!(s, ", \"checkpoint\": {}}}", json_checkpoint(c));
    }
    if !r.move_checkpoints.is_empty() {
        s.pop();
        let files: Vec<String> = r
            .move_checkpoints
            .iter()
            .map(|(m, c)| format!("{{\"move\": {}, {}", json_str(m), &json_checkpoint(c)[1..]))
            .collect();
        let _ = write!(s, ", \"checkpoints\": [{}]}}", files.join(", "));
    }
    if !r.merged.is_empty() {
        s.pop();
        let files: Vec<String> = r.merged.iter().map(MergeReport::json).collect();
        let _ = write!(s, ", \"merged\": [{}]}}", files.join(", "));
    }
    if let Some(b) = &r.build_stopped {
        s.pop();
        let _ = write!(s, ", \"build_stopped\": {}}}", json_str(b));
    }
    if !r.table_problems.is_empty() {
        s.pop();
        let problems: Vec<String> = r.table_problems.iter().map(|p| json_str(p)).collect();
        let _ = write!(s, ", \"table_problems\": [{}]}}", problems.join(", "));
    }
    s
}

/// A proof number in JSON: infinity as the string "inf".
fn json_number(n: u64) -> String {
    if n == INF {
        "\"inf\"".into()
    } else {
        n.to_string()
    }
}

pub(super) fn table_md(rows: &[Report], rules: &Rules) -> String {
    let mut s = format!(
        "Start positions, {} first; rules: {rules}.\nValues are for the side to move; a first move's value is for the side playing it.\n\n",
        rules.first.name()
    );
    s.push_str(
        "| board | value | best first moves | all first moves | nodes | seconds | memory used | tables |\n",
    );
    s.push_str("|---|---|---|---|---:|---:|---:|---|\n");
    for r in rows {
        let value = match (&r.value, &r.stopped) {
            (None, Some(why)) => match open_goals(&r.goals) {
                open if open.is_empty() => format!("{} ({why})", r.value_or_bound()),
                open => format!("{} ({why}; {open})", r.value_or_bound()),
            },
            _ => r.value_or_bound().to_string(),
        };
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {:.2} | {} | {} |",
            r.board,
            value,
            r.best().join(" "),
            r.all_moves(),
            r.nodes,
            r.seconds,
            bytes(r.tree_bytes + r.tt_bytes),
            r.tables()
        );
    }
    s
}

/// The goals a search left open, with the numbers it reached ("white
/// wins? 326 / 268"), for the rows of a table: JSON has them under
/// "goals", and the rows of a stopped board said only "unknown".
fn open_goals(goals: &[GoalRow]) -> String {
    let open: Vec<String> = goals
        .iter()
        .filter(|(_, state, _, _)| *state == "open")
        .map(|(attacker, _, pn, dn)| format!("{attacker} wins? {} / {}", number(*pn), number(*dn)))
        .collect();
    open.join("; ")
}

fn csv_field(f: &str) -> String {
    if f.contains([',', '"', '\n']) {
        format!("\"{}\"", f.replace('"', "\"\""))
    } else {
        f.to_string()
    }
}

pub(super) fn table_csv(rows: &[Report], rules: &Rules) -> String {
    let mut s = String::from(
        "board,rules,value,stopped,best_first_moves,all_first_moves,nodes,seconds,memory_used_bytes,table_stones,open_goals\n",
    );
    for r in rows {
        let _ = writeln!(
            s,
            "{},{},{},{},{},{},{},{:.3},{},{},{}",
            r.board,
            rules.label(),
            r.value_or_bound(),
            r.stopped.as_deref().unwrap_or(""),
            csv_field(&r.best().join(" ")),
            csv_field(&r.all_moves()),
            r.nodes,
            r.seconds,
            r.tree_bytes + r.tt_bytes,
            r.table_stones.map_or(String::new(), |k| k.to_string()),
            csv_field(&open_goals(&r.goals))
        );
    }
    s
}

pub(super) fn table_json(rows: &[Report], rules: &Rules) -> String {
    let items: Vec<String> = rows.iter().map(|r| json_report(r, rules)).collect();
    format!("[\n  {}\n]\n", items.join(",\n  "))
}
