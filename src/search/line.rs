//! The line a search stands on: the path it would go down next through its
//! open tree (or graph), from the root to the most-proving leaf.
//!
//! A long search left open (a time limit, Ctrl-C) says little through its
//! root's two numbers alone. The line says where the work is: the moves the
//! attacker is trying (smallest proof number where it moves) against the
//! defence it finds hardest to refute (smallest disproof number where the
//! defender moves), how deep the frontier is, and how the numbers shrink
//! along it. It is the path [`Solver::step`](super::Solver) descends, read
//! off the tree without changing it; on the graph (`--graph`), the path the
//! next descent starts down, read off the graph when the search stops.

use crate::bits::Bits;
use crate::movegen::{Turn, for_each_turn};
use crate::position::Position;
use crate::rules::Color;
use crate::value::Oracle;

use super::Solver;
use super::tree::NONE;
use super::tree_search::preference;

/// The path from an open tree's (or graph's) root to the leaf the search
/// expands next.
#[derive(Clone, Debug)]
pub struct SearchLine<B> {
    /// The side whose win the search is proving or disproving.
    pub attacker: Color,
    /// The root first (no turns), then one node a ply down to the
    /// leaf.
    pub nodes: Vec<LineNode<B>>,
    /// Every child of the root, in the order the search prefers
    /// them (smallest proof number first where the attacker moves, smallest
    /// disproof number where the defender does; ties in the search's order), so the
    /// first is the line's first step. Which first moves hold the work, and
    /// how far each is from settling: what a long search is split by.
    pub root_moves: Vec<LineNode<B>>,
}

/// One node of a [`SearchLine`].
#[derive(Clone, Debug)]
pub struct LineNode<B> {
    /// The turns from the node before that lead here (several when they
    /// leave the same position; none at the root).
    pub turns: Vec<Turn>,
    /// The node's position.
    pub position: Position<B>,
    /// The node's proof number in the search for the line's attacker (on
    /// the graph, as its last update left it: numbers only steer there).
    pub proof: u64,
    /// The node's disproof number, likewise.
    pub disproof: u64,
    /// Its children in the search: 0 for an unexpanded leaf (on the graph
    /// the line can also end where every open child is on the line
    /// already, or at the depth cap).
    pub children: usize,
}

impl<B> SearchLine<B> {
    /// The leaf at the end of the line.
    pub fn leaf(&self) -> &LineNode<B> {
        self.nodes.last().expect("a line has its root")
    }

    /// Plies from the root to the leaf.
    pub fn plies(&self) -> usize {
        self.nodes.len() - 1
    }
}

impl<B: Bits, O: Oracle<B>> Solver<'_, B, O> {
    /// The line the search stands on, when it holds an open tree (a search
    /// stopped before its goal was settled): from the tree's root, at each
    /// node the child the search would go down to, to a leaf. On the graph
    /// ([`SearchLimits::graph`](super::SearchLimits::graph)), the line of
    /// the graph search this call stopped, if it did (the graph itself is
    /// not kept). `None` when there is no tree or its root is solved.
    pub fn search_line(&self) -> Option<SearchLine<B>> {
        if self.limits.graph {
            return self.graph_line.clone();
        }
        let attacker = self.tree_goal?;
        let root = self.tree.first()?;
        if root.pn() == 0 || root.dn() == 0 {
            return None;
        }
        let mut nodes = vec![self.line_node(0, None)];
        let mut i = 0u32;
        loop {
            let t = &self.tree[i as usize];
            if t.first == NONE || t.count == 0 {
                break;
            }
            let parent = t.node().pos;
            i = self.select_for(i, attacker);
            nodes.push(self.line_node(i, Some(&parent)));
        }
        let mut children: Vec<u32> = match root.first {
            NONE => Vec::new(),
            first => (first..first + root.count).collect(),
        };
        // Stable: equals keep tree order, as `select_for` takes the first.
        children.sort_by_key(|&k| preference(root, &self.tree[k as usize], attacker));
        let start = root.node().pos;
        let root_moves = children
            .into_iter()
            .map(|k| self.line_node(k, Some(&start)))
            .collect();
        Some(SearchLine {
            attacker,
            nodes,
            root_moves,
        })
    }

    /// Tree node `i` as a [`LineNode`], with the turns that reach it from
    /// `parent`.
    fn line_node(&self, i: u32, parent: Option<&Position<B>>) -> LineNode<B> {
        let t = &self.tree[i as usize];
        let children = if t.first == NONE { 0 } else { t.count as usize };
        self.line_node_at(parent, t.node().pos, (t.pn(), t.dn()), children)
    }

    /// A [`LineNode`] at `position`, with the turns that reach it from
    /// `parent`, its numbers and its count of children.
    pub(super) fn line_node_at(
        &self,
        parent: Option<&Position<B>>,
        position: Position<B>,
        (proof, disproof): (u64, u64),
        children: usize,
    ) -> LineNode<B> {
        let mut turns = Vec::new();
        if let Some(parent) = parent {
            for_each_turn(self.geo, &self.rules, parent, |turn, p| {
                if *p == position {
                    turns.push(turn.to_owned());
                }
            });
        }
        LineNode {
            turns,
            position,
            proof,
            disproof,
            children,
        }
    }
}
