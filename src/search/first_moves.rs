//! The values of a position's first moves, after its own proof: what the
//! search already knows first, then (with a limit) a short search of every
//! open move, then the rest, the most promising first.

use std::time::Instant;

use super::{
    Goal, GoalState, MoveReport, MoveValue, Node, ProgressFn, Solver, distinct_moves,
    turns_left_after,
};
use crate::bits::Bits;
use crate::rules::Color;
use crate::value::{Oracle, Wdl};

/// Where a short search of the first pass of [`Solver::first_moves`]
/// ends: at this many nodes of the call, or at this time.
#[derive(Clone, Copy, Debug)]
pub(super) struct PassLimit {
    pub(super) nodes: Option<u64>,
    pub(super) deadline: Option<Instant>,
}

/// The share of what a limit leaves after the position's proof that the
/// first pass of [`Solver::first_moves`] spends on short searches of
/// every open move (one part in this many), as `solve_split` does.
const FIRST_PASS_SHARE: u32 = 4;

impl<B: Bits, O: Oracle<B>> Solver<'_, B, O> {
    /// Values the first moves of the root, whose value is `v`, and returns
    /// them best first (by value, unknown last; in generation order among
    /// equals).
    ///
    /// Moves whose value is already known (the end of the game, the
    /// endgame tables, or the table of solved positions: after a long proof
    /// of the root, or one read from a checkpoint, many first moves are
    /// there) are valued first, at no cost, and also after a limit stops
    /// the search. With every move asked for and a node or time limit, each
    /// move still open then gets a short search (together one part in
    /// [`FIRST_PASS_SHARE`] of what the limit leaves), which settles the
    /// easy ones; the moves still open after that are searched last, the
    /// most promising (smallest proof or disproof number) first, each with
    /// what is left. So a hard move early in generation order no longer
    /// takes the whole limit while easy ones wait behind it. With
    /// [`MoveReport::Best`] the moves the table shows to keep the value go
    /// first instead: the move the root's proof went through is then found
    /// at once, not after hours on a drawn move of a won root.
    pub(super) fn first_moves(
        &mut self,
        root: &Node<B>,
        v: Wdl,
        report: MoveReport,
        progress: &mut ProgressFn<'_>,
    ) -> Vec<MoveValue<B>> {
        let Some(mut moves) = self.answered_first_moves(root, v, progress) else {
            return Vec::new();
        };
        let me = root.pos.turn;
        let left = turns_left_after(root.left);
        let child = |m: &MoveValue<B>| Node {
            pos: m.position,
            left,
        };
        let total = moves.len();
        let keeps = |moves: &[MoveValue<B>]| {
            report == MoveReport::Best && moves.iter().any(|m| m.value == Some(v))
        };
        let mut open: Vec<usize> = (0..total).filter(|&i| moves[i].value.is_none()).collect();
        let limited = self.limits.nodes.is_some() || self.deadline.is_some();
        if keeps(&moves) {
            open.clear();
        } else if report == MoveReport::All && limited && open.len() > 1 {
            let parts = open.len() as u64 * u64::from(FIRST_PASS_SHARE);
            let nodes = self
                .limits
                .nodes
                .map(|n| (n.saturating_sub(self.nodes) / parts).max(1));
            let time = self
                .deadline
                .map(|d| d.saturating_duration_since(Instant::now()) / parts as u32);
            // How close each move's search came to settling it.
            let mut promise = vec![0u64; total];
            for &i in &open {
                if self.stopped.is_some() {
                    break;
                }
                self.pass_limit = Some(PassLimit {
                    nodes: nodes.map(|n| self.nodes.saturating_add(n)),
                    // (A share of the time left before the deadline, it
                    // adds to the clock as the deadline did; should it
                    // not, the short search has no deadline of its own.)
                    deadline: time.and_then(|t| Instant::now().checked_add(t)),
                });
                let c = child(&moves[i]);
                self.value_first_move(&mut moves[i], &c, me, v, (i + 1, total), progress);
                self.pass_limit = None;
                if std::mem::take(&mut self.pass_stopped) {
                    self.stopped = None;
                }
                if moves[i].value.is_none() {
                    promise[i] = moves[i]
                        .goals
                        .iter()
                        .filter_map(|g| match g.state {
                            GoalState::Open { proof, disproof } => Some(proof.min(disproof)),
                            _ => None,
                        })
                        .min()
                        .unwrap_or(0);
                    // Searched again from the start below.
                    moves[i].goals.clear();
                }
            }
            open.retain(|&i| moves[i].value.is_none());
            open.sort_by_key(|&i| promise[i]);
        } else if report == MoveReport::Best {
            open.sort_by_cached_key(|&i| self.known_keeps(&child(&moves[i]), me, v));
        }
        for &i in &open {
            let c = child(&moves[i]);
            if self.stopped.is_some() && !self.answered(&c, me, v) {
                continue;
            }
            self.value_first_move(&mut moves[i], &c, me, v, (i + 1, total), progress);
            if keeps(&moves) {
                break;
            }
        }
        self.first_move = None;
        if keeps(&moves) {
            // The moves valued so far, a best one among them.
            moves.retain(|m| m.value.is_some());
        }
        best_first(&mut moves);
        moves
    }

    /// The first moves of `root`, whose value is `v` for its side to move
    /// (or, for [`Self::known_first_moves`], what stands in for it), with
    /// those valued whose value is known without search; `None` where the
    /// game is over.
    fn answered_first_moves(
        &mut self,
        root: &Node<B>,
        v: Wdl,
        progress: &mut ProgressFn<'_>,
    ) -> Option<Vec<MoveValue<B>>> {
        // Where the game is over there is no move to value, though the
        // board may have some: the move limit reached (whose children
        // would be taken for a game without one), the opponent out of
        // stones (a position only given, never reached).
        if self.terminal(root).is_some() {
            return None;
        }
        let mut moves = distinct_moves(self.geo, &self.rules, &root.pos);
        let me = root.pos.turn;
        let left = turns_left_after(root.left);
        let total = moves.len();
        for (i, m) in moves.iter_mut().enumerate() {
            let c = Node {
                pos: m.position,
                left,
            };
            if self.answered(&c, me, v) {
                self.value_first_move(m, &c, me, v, (i + 1, total), progress);
            }
        }
        Some(moves)
    }

    /// The first moves of a root whose proof a limit stopped: those the
    /// search has answered all the same (the end of the game, the tables,
    /// the table of solved positions) valued, with no search (the limit
    /// is spent), the rest unknown, ordered as [`Self::first_moves`] orders
    /// them; none when none is answered. When the root's "`me` wins?" was disproved, no move wins for
    /// `me` and only "the opponent wins?" is looked up, as after a drawn
    /// root; else both goals, as after a won one. (Moves proved lost on the
    /// way went unsaid: a 5x5 search stopped at 3 s held three of them.)
    pub(super) fn known_first_moves(
        &mut self,
        root: &Node<B>,
        me_cannot_win: bool,
        progress: &mut ProgressFn<'_>,
    ) -> Vec<MoveValue<B>> {
        let v = if me_cannot_win { Wdl::Draw } else { Wdl::Win };
        let Some(mut moves) = self.answered_first_moves(root, v, progress) else {
            return Vec::new();
        };
        self.first_move = None;
        // None answered: no list of unknowns.
        if moves.iter().all(|m| m.value.is_none()) {
            return Vec::new();
        }
        best_first(&mut moves);
        moves
    }

    /// Values the first move `m` (the `k`-th of so many), to `child`, after
    /// a root of value `v` for `me`.
    fn value_first_move(
        &mut self,
        m: &mut MoveValue<B>,
        child: &Node<B>,
        me: Color,
        v: Wdl,
        k: (usize, usize),
        progress: &mut ProgressFn<'_>,
    ) {
        self.first_move = Some(k);
        let mut goals = Vec::new();
        let cv = self.child_value(child, me, v, &mut goals, progress);
        m.value = cv.map(Wdl::negate);
        m.goals = goals;
    }

    /// Whether the value of the move to `child` after a root of value `v`
    /// for `me` is known without search: every goal [`Self::child_value`]
    /// would ask is answered by the end of the game, the endgame tables or
    /// the table of solved positions.
    fn answered(&self, child: &Node<B>, me: Color, v: Wdl) -> bool {
        if v == Wdl::Loss
            || self.terminal(child).is_some()
            || self.oracle.lookup_wdl(&child.pos).is_some()
        {
            return true;
        }
        let known = |attacker: Color| self.table.get(child, attacker);
        match v {
            Wdl::Win => match known(me) {
                Some(e) if e.pn == 0 => true,
                Some(_) => known(me.other()).is_some(),
                None => false,
            },
            _ => known(me.other()).is_some(),
        }
    }

    /// The value of `child`, a first move's position, for its side to move
    /// (the opponent of `me`), given the root's proved value `v` for `me`.
    /// The root's value bounds every child's, so only the goal it leaves
    /// open is searched: after a lost root every move loses (no search);
    /// after a drawn root `me` cannot win after any move (or the root would
    /// be a win), so only "the opponent wins?" is asked, and its disproof
    /// makes the move a draw (where asking both goals spent a second,
    /// often long, search on a question already answered); after a won
    /// root a move may win, draw or lose, and "`me` wins?" is asked first.
    /// The searched goals go to `goals`.
    fn child_value(
        &mut self,
        child: &Node<B>,
        me: Color,
        v: Wdl,
        goals: &mut Vec<Goal>,
        progress: &mut ProgressFn<'_>,
    ) -> Option<Wdl> {
        match v {
            Wdl::Loss => Some(Wdl::Win),
            Wdl::Win => self.value(child, &[me, me.other()], goals, progress),
            Wdl::Draw => self.value(child, &[me.other()], goals, progress),
        }
    }

    /// How far the table of solved positions already shows that the move to
    /// `child` keeps the root's value `v` for `me`, the root's side: 0 shown,
    /// higher less so (the highest: shown not to keep it).
    fn known_keeps(&self, child: &Node<B>, me: Color, v: Wdl) -> u8 {
        // Some(true): the attacker wins at the child; Some(false): it does not.
        let wins = |attacker: Color| self.table.get(child, attacker).map(|e| e.pn == 0);
        match v {
            Wdl::Win => match wins(me) {
                Some(true) => 0,
                None => 1,
                Some(false) => 2,
            },
            // `me` wins after no move of a drawn root (`child_value`): only
            // the opponent's goal tells the moves apart.
            Wdl::Draw => match wins(me.other()) {
                Some(false) => 0,
                None => 1,
                Some(true) => 2,
            },
            Wdl::Loss => 0,
        }
    }
}

/// Orders valued first moves best first, unknown last; stable, so in
/// generation order among equals.
fn best_first<B>(moves: &mut [MoveValue<B>]) {
    moves.sort_by_key(|m| std::cmp::Reverse(m.value.map(|w| w as i8 + 1).unwrap_or(0)));
}
