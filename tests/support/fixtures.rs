//! Hand-checked positions shared by the tests of both move generators (the
//! engine's and the plain one in `naive.rs`), so the expectations are
//! written down once.

/// Figure 2.2 of the Schadd page (9x5): White b2, f4, h4; Black d2, e2, g2,
/// c4, g4, i4; White to move.
pub const FIG22: &str = "........./..B..WBWB/........./.W.BB.B../......... w";

/// Every legal turn from [`FIG22`] under the default rules, derived by hand.
pub const FIG22_TURNS: &[&str] = &[
    "b2-c2A",
    "b2-c2A-c3A",
    "f4-e4W",
    "f4-e4W-e3A",
    "f4-e3A",
    "f4-e3A-e4W",
    "f4-e3A-e4W-d4A",
];

/// Positions some of those turns leave, checked by hand: b2-c2A takes d2 and
/// e2 but not g2; f4-e4W takes g4 but not i4 (h4 is white); the chain
/// b2-c2A-c3A also takes c4.
pub const FIG22_RESULTS: &[(&str, &str)] = &[
    (
        "b2-c2A",
        "........./..B..WBWB/........./..W...B../......... b",
    ),
    (
        "f4-e4W",
        "........./..B.W..WB/........./.W.BB.B../......... b",
    ),
    (
        "b2-c2A-c3A",
        "........./.....WBWB/..W....../......B../......... b",
    ),
];

/// The turns from [`FIG22`] under forced continuation: the maximal chains.
pub const FIG22_FORCED: &[&str] = &["b2-c2A-c3A", "f4-e4W-e3A", "f4-e3A-e4W-d4A"];

/// [`FIG22`] with a black stone added on g5: the chain f4-e4W-e3A may not
/// go back to f4, though the step e3-f4 would capture g5.
pub const FIG22_G5: &str = "......B../..B..WBWB/........./.W.BB.B../......... w";
