//! Hand-checked tests of the naive reference rules and the brute-force solver
//! in `tests/support`. Every expected value here was derived by hand from
//! `/work/shared/RULES.md` and the examples of the Schadd page.

mod support;

use std::collections::{BTreeMap, BTreeSet, HashMap};

use support::brute::{Val, enumerate, solve};
use support::fixtures::{FIG22, FIG22_FORCED, FIG22_G5, FIG22_RESULTS, FIG22_TURNS};
use support::naive::{
    Diag, NaivePos, NaiveRules, children, legal_turns, perft, start_position, strong,
};

const DEFAULT: NaiveRules = NaiveRules {
    diagonals: Diag::Corner,
    forced: false,
    sacrifice: false,
    stalemate_draw: false,
};

fn with(forced: bool, sacrifice: bool) -> NaiveRules {
    NaiveRules {
        forced,
        sacrifice,
        ..DEFAULT
    }
}

fn turns(fen: &str, rules: NaiveRules) -> BTreeMap<String, String> {
    let pos = NaivePos::parse(fen);
    let list = legal_turns(&pos, rules);
    let map: BTreeMap<String, String> = list.iter().cloned().collect();
    assert_eq!(map.len(), list.len(), "duplicate move names in {fen}");
    map
}

fn names(fen: &str, rules: NaiveRules) -> BTreeSet<String> {
    turns(fen, rules).into_keys().collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

// ---------------------------------------------------------------- notation

#[test]
fn parse_and_write() {
    let p = NaivePos::parse("BBB/B1W/WWW w");
    assert_eq!((p.cols, p.rows), (3, 3));
    assert_eq!(p.to_fen(), "BBB/B.W/WWW w");
    assert_eq!(p, start_position(3, 3));
    // y = 0 is the bottom row, x = 0 file a
    assert_eq!(p.at(0, 0), b'W');
    assert_eq!(p.at(0, 1), b'B');
    assert_eq!(p.at(2, 1), b'W');
    assert_eq!(p.at(1, 1), b'.');
    assert_eq!(p.at(1, 2), b'B');

    let p = NaivePos::parse("11/B10/10W b");
    assert_eq!((p.cols, p.rows), (11, 3));
    assert!(!p.white_to_move);
    assert_eq!(p.to_fen(), ".........../B........../..........W b");
    assert_eq!(p.at(0, 1), b'B');
    assert_eq!(p.at(10, 0), b'W');

    let p = NaivePos::parse("BBB/b.W/WWW w");
    assert_eq!(p.at(0, 1), b'b');
    assert_eq!(p.to_fen(), "BBB/b.W/WWW w");

    let p = NaivePos::parse("1B1/3/W2 b");
    assert_eq!(p.to_fen(), ".B./.../W.. b");
}

// ---------------------------------------------------------------- board

#[test]
fn strong_points() {
    // corner: a1 strong, b1 weak, e3 strong on 9x5
    assert!(strong(9, 5, 0, 0, Diag::Corner));
    assert!(!strong(9, 5, 1, 0, Diag::Corner));
    assert!(strong(9, 5, 4, 2, Diag::Corner));
    // center on 5x3: centre c2 strong, a1 weak, b1 strong
    assert!(strong(5, 3, 2, 1, Diag::Center));
    assert!(!strong(5, 3, 0, 0, Diag::Center));
    assert!(strong(5, 3, 1, 0, Diag::Center));
    assert!(strong(5, 3, 0, 0, Diag::Corner));
    // the two agree exactly when C + R = 2 (mod 4)
    for c in (1..=13).step_by(2) {
        for r in (1..=13).step_by(2) {
            let agree = (0..c).all(|x| {
                (0..r).all(|y| strong(c, r, x, y, Diag::Corner) == strong(c, r, x, y, Diag::Center))
            });
            assert_eq!(agree, (c + r) % 4 == 2, "{c}x{r}");
            // the centre is always strong under `center`
            assert!(strong(c, r, c / 2, r / 2, Diag::Center));
        }
    }
}

#[test]
fn start_positions() {
    assert_eq!(
        start_position(9, 5).to_fen(),
        "BBBBBBBBB/BBBBBBBBB/BWBW.BWBW/WWWWWWWWW/WWWWWWWWW w"
    );
    assert_eq!(start_position(3, 3).to_fen(), "BBB/B.W/WWW w");
    assert_eq!(
        start_position(5, 5).to_fen(),
        "BBBBB/BBBBB/BW.BW/WWWWW/WWWWW w"
    );
    assert_eq!(start_position(7, 1).to_fen(), "BWB.WBW w");
    assert_eq!(start_position(11, 1).to_fen(), "BWBWB.WBWBW w");
    assert_eq!(start_position(13, 1).to_fen(), "BWBWBW.BWBWBW w");
    assert_eq!(start_position(1, 1).to_fen(), ". w");
    assert_eq!(start_position(1, 3).to_fen(), "B/./W w");
    assert_eq!(
        start_position(3, 7).to_fen(),
        "BBB/BBB/BBB/B.W/WWW/WWW/WWW w"
    );

    for c in (1..=13).step_by(2) {
        for r in (1..=13).step_by(2) {
            let p = start_position(c, r);
            assert!(p.white_to_move);
            assert_eq!(p.cells.len(), c * r);
            // 180-degree turn plus colour swap leaves it unchanged
            for x in 0..c {
                for y in 0..r {
                    let turned = match p.at(c - 1 - x, r - 1 - y) {
                        b'W' => b'B',
                        b'B' => b'W',
                        other => other,
                    };
                    assert_eq!(p.at(x, y), turned, "{c}x{r} at ({x},{y})");
                }
            }
            // bottom rows white, top rows black, only the centre empty
            for y in 0..r {
                for x in 0..c {
                    let want = if y < r / 2 {
                        b'W'
                    } else if y > r / 2 {
                        b'B'
                    } else if x == c / 2 {
                        b'.'
                    } else if x < c / 2 {
                        [b'B', b'W'][x % 2]
                    } else {
                        [b'W', b'B'][(c - 1 - x) % 2]
                    };
                    assert_eq!(p.at(x, y), want, "{c}x{r} at ({x},{y})");
                }
            }
            assert_eq!(NaivePos::parse(&p.to_fen()), p);
        }
    }
}

// ---------------------------------------------------------------- turns

#[test]
fn start_9x5_white_has_five_first_moves() {
    let start = "BBBBBBBBB/BBBBBBBBB/BWBW.BWBW/WWWWWWWWW/WWWWWWWWW w";
    let got = turns(start, DEFAULT);
    let want: BTreeMap<String, String> = [
        // approach f3 (g3 is white, the line stops)
        (
            "d3-e3A",
            "BBBBBBBBB/BBBBBBBBB/BWB.W.WBW/WWWWWWWWW/WWWWWWWWW b",
        ),
        // withdraw from c3 (b3 is white)
        (
            "d3-e3W",
            "BBBBBBBBB/BBBBBBBBB/BW..WBWBW/WWWWWWWWW/WWWWWWWWW b",
        ),
        // approach e4 and e5
        (
            "e2-e3A",
            "BBBB.BBBB/BBBB.BBBB/BWBWWBWBW/WWWW.WWWW/WWWWWWWWW b",
        ),
        // diagonal from d2: approach f4, g5
        (
            "d2-e3A",
            "BBBBBB.BB/BBBBB.BBB/BWBWWBWBW/WWW.WWWWW/WWWWWWWWW b",
        ),
        // diagonal from f2: approach d4, c5
        (
            "f2-e3A",
            "BB.BBBBBB/BBB.BBBBB/BWBWWBWBW/WWWWW.WWW/WWWWWWWWW b",
        ),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    assert_eq!(got, want);
    // forced continuation changes nothing here (no chain can go on)
    assert_eq!(turns(start, with(true, false)), want);
    assert_eq!(children(&NaivePos::parse(start), DEFAULT).len(), 5);
    assert_eq!(perft(&NaivePos::parse(start), DEFAULT, 1), 5);
    // with sacrifice, 22 more turns (one per white stone)
    assert_eq!(turns(start, with(false, true)).len(), 5 + 22);
}

#[test]
fn start_3x3_moves() {
    let got = turns("BBB/B.W/WWW w", DEFAULT);
    let want: BTreeMap<String, String> = [
        ("a1-b2A", "BB./BWW/.WW b"),
        ("b1-b2A", "B.B/BWW/W.W b"),
        ("c1-b2A", ".BB/BWW/WW. b"),
        ("c2-b2A", "BBB/.W./WWW b"),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    assert_eq!(got, want);
    // after a1-b2A Black cannot capture: paika a2-a1 or b3-c3
    assert_eq!(names("BB./BWW/.WW b", DEFAULT), set(&["a2-a1", "b3-c3"]));
}

#[test]
fn figure_2_2_free() {
    let got = turns(FIG22, DEFAULT);
    assert_eq!(
        got.keys().cloned().collect::<BTreeSet<_>>(),
        set(FIG22_TURNS)
    );
    for (turn, fen) in FIG22_RESULTS {
        assert_eq!(got[*turn], *fen, "{turn}");
    }
    // same direction twice is illegal
    assert!(!got.contains_key("f4-e4W-d4A"));
    // paika is illegal while a capture exists
    assert!(!got.contains_key("b2-b1"));
    assert!(got.keys().all(|n| n.ends_with('A') || n.ends_with('W')));
    // without the direction rule, e4-d4 would approach c4: check the step
    // itself captures when played as a fresh turn
    let fresh = turns(
        "........./..B.W..WB/........./.W.BB.B../......... w",
        DEFAULT,
    );
    assert!(fresh.contains_key("e4-d4A"));
    // c4 is never taken by a single step (no capture around a corner, f4 too far)
    for (name, fen) in &got {
        if name.matches('-').count() == 1 {
            assert_eq!(NaivePos::parse(fen).at(2, 3), b'B', "{name}");
        }
    }
}

#[test]
fn figure_2_2_no_revisit() {
    let fen = FIG22_G5;
    let got = turns(fen, DEFAULT);
    assert!(got.contains_key("f4-e4W-e3A"));
    assert!(!got.contains_key("f4-e4W-e3A-f4A"));
    assert!(got.keys().all(|n| !n.starts_with("f4-e4W-e3A-")));
    // f4-e3 now also withdraws from g5
    assert!(got.contains_key("f4-e3W"));
    // the step e3-f4 would capture g5 if it were not a revisit
    let after = NaivePos::parse(&got["f4-e4W-e3A"]);
    let mut again = after.clone();
    again.white_to_move = true;
    let fresh = turns(&again.to_fen(), DEFAULT);
    assert!(fresh.contains_key("e3-f4A"), "{:?}", fresh.keys());
}

#[test]
fn forced_versus_free() {
    let forced = names(FIG22, with(true, false));
    assert_eq!(forced, set(FIG22_FORCED));
    let free = names(FIG22, DEFAULT);
    assert!(forced.is_subset(&free));
    assert!(free.len() > forced.len());
    // structural check on a few positions: forced = the free turns with no
    // extension among the free turns
    let positions = [
        FIG22,
        FIG22_G5,
        "BBBBBBBBB/BBBBBBBBB/BWB.W.WBW/WWWWWWWWW/WWWWWWWWW b",
        "BBBBB/B.BBB/BW.BW/WWW.W/WWWWW b",
        "B.B.B/.W.W./B.B.B/.W.W./B.B.B w",
    ];
    for fen in positions {
        let free = names(fen, DEFAULT);
        let forced = names(fen, with(true, false));
        let maximal: BTreeSet<String> = free
            .iter()
            .filter(|n| !free.iter().any(|m| m.starts_with(&format!("{n}-"))))
            .cloned()
            .collect();
        assert_eq!(forced, maximal, "{fen}");
    }
}

#[test]
fn approach_and_withdrawal_are_two_moves() {
    // d3 can approach f3 or withdraw from c3 with the same step
    let got = turns(
        "........./........./..BW.B.../........./......... w",
        DEFAULT,
    );
    assert_eq!(
        got.keys().cloned().collect::<BTreeSet<_>>(),
        set(&["d3-e3A", "d3-e3W"])
    );
    assert_ne!(got["d3-e3A"], got["d3-e3W"]);
}

#[test]
fn diagonals_follow_the_variant() {
    // 5x3, a lone white stone on a1 and a black stone on c3
    let fen = "..B../...../W.... w";
    let corner = names(fen, DEFAULT);
    // corner: a1 is strong, a1-b2 approaches c3
    assert_eq!(corner, set(&["a1-b2A"]));
    let center = NaiveRules {
        diagonals: Diag::Center,
        ..DEFAULT
    };
    // center: a1 is weak, no capture: paika a1-a2, a1-b1 only
    assert_eq!(names(fen, center), set(&["a1-a2", "a1-b1"]));
}

#[test]
fn figure_2_3_moves() {
    // White b1, b2; Black b3; White to move
    let fen = ".B./.W./.W. w";
    assert_eq!(
        names(fen, DEFAULT),
        set(&[
            "b2-a3", "b2-a2", "b2-a1", "b2-c1", "b2-c2", "b2-c3", "b1-a1", "b1-c1"
        ])
    );
    // 1. b2-a3 b3-b2A-c1W and White loses
    let after = turns(fen, DEFAULT)["b2-a3"].clone();
    assert_eq!(after, "WB./.../.W. b");
    let black = turns(&after, DEFAULT);
    assert_eq!(black["b3-b2A-c1W"], ".../.../..B w");
    assert!(legal_turns(&NaivePos::parse(".../.../..B w"), DEFAULT).is_empty());
    // 4. b1-a1, then Black: b3-a3 or b3-c3
    let after = turns(fen, DEFAULT)["b1-a1"].clone();
    assert_eq!(names(&after, DEFAULT), set(&["b3-a3", "b3-c3"]));
    // b3-a3 a1-a2A wins for White
    let t = turns(&after, DEFAULT)["b3-a3"].clone();
    assert_eq!(turns(&t, DEFAULT)["a1-a2A"], ".../WW./... b");
    // b3-c3: White has eight moves (four up to symmetry)
    let t = turns(&after, DEFAULT)["b3-c3"].clone();
    assert_eq!(
        names(&t, DEFAULT),
        set(&[
            "b2-a2", "b2-a3", "b2-b3", "b2-b1", "b2-c1", "b2-c2", "a1-b1", "a1-a2"
        ])
    );
    let t2 = turns(&t, DEFAULT)["b2-a2"].clone();
    assert!(names(&t2, DEFAULT).contains("c3-b2A-c2W"));
    // a1-b1: Black has only c3-c2 and c3-b3; c3-b3 repeats the position
    let t2 = turns(&t, DEFAULT)["a1-b1"].clone();
    assert_eq!(names(&t2, DEFAULT), set(&["c3-c2", "c3-b3"]));
    assert_eq!(turns(&t2, DEFAULT)["c3-b3"], fen);
    let t3 = turns(&t2, DEFAULT)["c3-c2"].clone();
    assert!(names(&t3, DEFAULT).contains("b2-a2W"));
}

// ---------------------------------------------------------------- sacrifice

#[test]
fn sacrifice_block() {
    // 5x5, Black to move; a white block on d2 (sacrificed last turn)
    let fen = "...B./...../...W./..Bw./...W. b";
    // d5-d4A takes d3 and stops at the block (d1 survives); c2-b2 would be
    // a withdrawal from d2 but the block is not capturable, so it is a
    // paika, illegal while a capture exists; nothing moves onto d2.
    let got = turns(fen, DEFAULT);
    assert_eq!(
        got.keys().cloned().collect::<BTreeSet<_>>(),
        set(&["d5-d4A"])
    );
    // the block is gone after Black's turn
    assert_eq!(got["d5-d4A"], "...../...B./...../..B../...W. w");

    let got = turns(fen, with(false, true));
    assert_eq!(
        got.keys().cloned().collect::<BTreeSet<_>>(),
        set(&["d5-d4A", "xd5", "xc2"])
    );
    assert_eq!(got["d5-d4A"], "...../...B./...../..B../...W. w");
    assert_eq!(got["xd5"], "...b./...../...W./..B../...W. w");
    assert_eq!(got["xc2"], "...B./...../...W./..b../...W. w");

    // the same with a real white stone on d2: both captures are real
    let got = turns("...B./...../...W./..BW./...W. b", DEFAULT);
    assert_eq!(
        got.keys().cloned().collect::<BTreeSet<_>>(),
        set(&["d5-d4A", "c2-b2W"])
    );
    assert_eq!(got["d5-d4A"], "...../...B./...../..B../..... w");
    assert_eq!(got["c2-b2W"], "...B./...../...W./.B.../...W. w");

    // a block can't be captured and can't be stepped on (b3-c3 would approach
    // d3), and it stops lines: only paika
    let fen = "..B../...../.BwW./...../W.... b";
    let got = turns(fen, DEFAULT);
    assert_eq!(
        got.keys().cloned().collect::<BTreeSet<_>>(),
        set(&[
            "c5-b5", "c5-d5", "c5-c4", "c5-b4", "c5-d4", "b3-a3", "b3-b4", "b3-b2"
        ])
    );
    for fen in got.values() {
        assert_eq!(NaivePos::parse(fen).at(2, 2), b'.', "{fen}");
    }
    // the same with a real white stone on c3: it is captured, with d3 behind it
    let got = turns("..B../...../.BWW./...../W.... b", DEFAULT);
    assert_eq!(
        got.keys().cloned().collect::<BTreeSet<_>>(),
        set(&["c5-c4A", "b3-a3W", "b3-a3W-a2A"])
    );
    assert_eq!(got["b3-a3W-a2A"], "..B../...../...../B..../..... w");
    assert_eq!(got["c5-c4A"], "...../..B../.B.W./...../W.... w");
    assert_eq!(got["b3-a3W"], "..B../...../B..../...../W.... w");

    // a sacrificed stone of the mover's side: White sacrifices its last
    // stone; Black moves; White is then out of stones
    let got = turns("B../.../..W w", with(false, true));
    assert_eq!(got["xc1"], "B../.../..w b");
    let black = turns("B../.../..w b", with(false, true));
    assert_eq!(black["a3-a2"], ".../B../... w");
    assert!(legal_turns(&NaivePos::parse(".../B../... w"), with(false, true)).is_empty());
}

// ---------------------------------------------------------------- perft

#[test]
fn perft_small() {
    let s3 = start_position(3, 3);
    assert_eq!(perft(&s3, DEFAULT, 0), 1);
    assert_eq!(perft(&s3, DEFAULT, 1), 4);
    let term = NaivePos::parse(".../.../..B w");
    assert_eq!(perft(&term, DEFAULT, 1), 0);
    assert_eq!(perft(&term, DEFAULT, 0), 1);
    // perft counts distinct positions: sum over distinct children
    let s9 = start_position(9, 5);
    let kids = children(&s9, DEFAULT);
    let by_hand: u64 = kids
        .iter()
        .map(|k| children(&NaivePos::parse(k), DEFAULT).len() as u64)
        .sum();
    assert_eq!(perft(&s9, DEFAULT, 2), by_hand);
}

#[test]
#[ignore]
fn print_perft() {
    for (c, r, d) in [(9, 5, 4), (3, 3, 6), (5, 5, 6)] {
        let s = start_position(c, r);
        for depth in 1..=d {
            println!("perft {c}x{r} depth {depth}: {}", perft(&s, DEFAULT, depth));
        }
    }
}

// ---------------------------------------------------------------- brute

/// Checks that `vals` is a consistent minimax labelling with distances: with
/// distances this pins every win and loss by induction on the distance, so
/// it also shows that the Draws are exactly the remaining positions.
fn check_consistent(cols: usize, rows: usize, rules: NaiveRules, vals: &HashMap<String, Val>) {
    for (fen, &v) in vals {
        let pos = NaivePos::parse(fen);
        let own = if pos.white_to_move { b'W' } else { b'B' };
        let kids = children(&pos, rules);
        let want = if !pos.cells.contains(&own) {
            Val::Loss(0)
        } else if kids.is_empty() {
            if rules.stalemate_draw {
                Val::Draw
            } else {
                Val::Loss(0)
            }
        } else {
            let kv: Vec<Val> = kids
                .iter()
                .map(|k| {
                    *vals
                        .get(k)
                        .unwrap_or_else(|| panic!("child {k} of {fen} missing"))
                })
                .collect();
            let min_loss = kv
                .iter()
                .filter_map(|v| if let Val::Loss(d) = v { Some(*d) } else { None })
                .min();
            if let Some(d) = min_loss {
                Val::Win(d + 1)
            } else if kv.iter().all(|v| matches!(v, Val::Win(_))) {
                let max_win = kv
                    .iter()
                    .map(|v| if let Val::Win(d) = v { *d } else { 0 })
                    .max()
                    .unwrap();
                Val::Loss(max_win + 1)
            } else {
                Val::Draw
            }
        };
        assert_eq!(v, want, "{cols}x{rows} {fen}");
    }
}

#[test]
fn brute_3x3_default() {
    let vals = solve(3, 3, DEFAULT, 9);
    // every 3x3 position: 3^9 boards for each side to move, minus those where
    // the side not to move has no stone (2^9 each)
    assert_eq!(vals.len(), 2 * (19683 - 512));
    // Schadd: White wins Fanoron-Telo
    assert!(
        matches!(vals["BBB/B.W/WWW w"], Val::Win(_)),
        "{:?}",
        vals["BBB/B.W/WWW w"]
    );
    // Figure 2.3 is a draw with White to move
    assert_eq!(vals[".B./.W./.W. w"], Val::Draw);
    // after 1. b2-a3 Black wins at once with b3-b2A-c1W
    assert_eq!(vals["WB./.../.W. b"], Val::Win(1));
    assert_eq!(vals[".../.../..B w"], Val::Loss(0));
    // stalemate: White's only stone c1 is boxed in by black stones
    assert_eq!(vals["..B/.BB/.BW w"], Val::Loss(0));
    check_consistent(3, 3, DEFAULT, &vals);
}

#[test]
fn brute_3x3_variants() {
    for rules in [
        with(true, false),
        with(false, true),
        with(true, true),
        NaiveRules {
            stalemate_draw: true,
            ..DEFAULT
        },
    ] {
        let vals = solve(3, 3, rules, 9);
        check_consistent(3, 3, rules, &vals);
        if rules.stalemate_draw {
            assert_eq!(vals["..B/.BB/.BW w"], Val::Draw);
        }
        if rules.sacrifice {
            assert!(vals.contains_key("B../.../..w b"));
            assert!(
                vals.keys()
                    .any(|k| NaivePos::parse(k).cells.contains(&b'b'))
            );
            assert!(vals.keys().all(|k| {
                let p = NaivePos::parse(k);
                let own_block = if p.white_to_move { b'w' } else { b'b' };
                p.cells.iter().filter(|c| c.is_ascii_lowercase()).count() <= 1
                    && !p.cells.contains(&own_block)
            }));
        }
    }
}

#[test]
fn brute_5x3_center_small() {
    let rules = NaiveRules {
        diagonals: Diag::Center,
        ..DEFAULT
    };
    let vals = solve(5, 3, rules, 3);
    check_consistent(5, 3, rules, &vals);
    // 1 vs 1 on 5x3 center: a lone stone facing a lone stone
    assert!(vals.values().any(|v| matches!(v, Val::Win(_))));
}

#[test]
fn enumerate_counts() {
    // 1x3, no sacrifice, up to 3 stones: boards over {., W, B}^3 = 27, for
    // each side to move minus the 2^3 boards without an enemy stone
    assert_eq!(enumerate(1, 3, false, 3).len(), 2 * (27 - 8));
    // with sacrifice: also boards with one block of the side not to move
    // (the other two cells free over {., W, B}): 3 * 9 per side to move
    assert_eq!(enumerate(1, 3, true, 3).len(), 2 * (27 - 8) + 2 * 3 * 9);
}

/// The largest sizes the cross-checks are meant to use; slow, run on demand.
#[test]
#[ignore]
fn brute_5x3_and_3x5_six_stones() {
    for (c, r) in [(5, 3), (3, 5)] {
        for diagonals in [Diag::Corner, Diag::Center] {
            let rules = NaiveRules {
                diagonals,
                ..DEFAULT
            };
            let t = std::time::Instant::now();
            let vals = solve(c, r, rules, 6);
            let wins = vals.values().filter(|v| matches!(v, Val::Win(_))).count();
            let draws = vals.values().filter(|v| **v == Val::Draw).count();
            let longest = vals
                .values()
                .filter_map(|v| match v {
                    Val::Win(d) | Val::Loss(d) => Some(*d),
                    Val::Draw => None,
                })
                .max();
            println!(
                "{c}x{r} {diagonals:?}: {} positions, {wins} wins, {draws} draws, longest {longest:?}, {:?}",
                vals.len(),
                t.elapsed()
            );
        }
    }
}

// ---------------------------------------------------------------- symmetry

/// Applies a board symmetry: `map(x, y)` gives the new point, on a board of
/// `cols x rows` (the new size); `swap` also swaps colours and side to move.
fn transform(
    p: &NaivePos,
    cols: usize,
    rows: usize,
    map: impl Fn(usize, usize) -> (usize, usize),
    swap: bool,
) -> NaivePos {
    let mut cells = vec![b'.'; cols * rows];
    for y in 0..p.rows {
        for x in 0..p.cols {
            let (nx, ny) = map(x, y);
            let c = p.at(x, y);
            cells[ny * cols + nx] = if swap {
                match c {
                    b'W' => b'B',
                    b'B' => b'W',
                    b'w' => b'b',
                    b'b' => b'w',
                    o => o,
                }
            } else {
                c
            };
        }
    }
    NaivePos {
        cols,
        rows,
        cells,
        white_to_move: p.white_to_move != swap,
    }
}

type PointMap = fn(usize, usize) -> (usize, usize);

#[test]
fn move_generation_respects_symmetry() {
    // every 3x3 position with up to 5 stones (blocks included), all variants:
    // the children of a transformed position are the transformed children
    for rules in [DEFAULT, with(true, true)] {
        for (cells, w) in enumerate(3, 3, true, 5) {
            let p = NaivePos {
                cols: 3,
                rows: 3,
                cells,
                white_to_move: w,
            };
            let kids = children(&p, rules);
            let maps: [(PointMap, bool); 4] = [
                (|x, y| (2 - x, y), false),
                (|x, y| (y, 2 - x), false),
                (|x, y| (y, x), false),
                (|x, y| (x, y), true),
            ];
            for (m, swap) in maps {
                let tp = transform(&p, 3, 3, m, swap);
                let mut want: Vec<String> = kids
                    .iter()
                    .map(|k| transform(&NaivePos::parse(k), 3, 3, m, swap).to_fen())
                    .collect();
                want.sort();
                assert_eq!(children(&tp, rules), want, "{}", p.to_fen());
            }
        }
    }
}

#[test]
fn brute_5x3_equals_3x5_turned() {
    for diagonals in [Diag::Corner, Diag::Center] {
        let rules = NaiveRules {
            diagonals,
            ..DEFAULT
        };
        let a = solve(5, 3, rules, 4);
        let b = solve(3, 5, rules, 4);
        assert_eq!(a.len(), b.len());
        check_consistent(5, 3, rules, &a);
        for (fen, v) in &a {
            // (x, y) on 5x3 -> (y, 4 - x) on 3x5: a quarter turn
            let t = transform(&NaivePos::parse(fen), 3, 5, |x, y| (y, 4 - x), false);
            assert_eq!(b[&t.to_fen()], *v, "{fen}");
        }
    }
}

#[test]
#[ignore]
fn print_small_values() {
    for (name, rules) in [
        ("default", DEFAULT),
        ("forced", with(true, false)),
        ("sacrifice", with(false, true)),
        (
            "stalemate-draw",
            NaiveRules {
                stalemate_draw: true,
                ..DEFAULT
            },
        ),
    ] {
        let vals = solve(3, 3, rules, 9);
        println!(
            "3x3 {name}: start {:?}, figure 2.3 {:?}",
            vals["BBB/B.W/WWW w"], vals[".B./.W./.W. w"]
        );
    }
}
