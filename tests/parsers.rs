//! Every reader of text a person types or a file holds, fed random text
//! made of the characters it reads (and a few it does not): each must
//! answer with a value or an error, never panic. Inputs are mutations of
//! good ones too, so that the readers get past their first checks.

use fanorona::engine::XorShift64;
use fanorona::game::{Game, GameRecord, parse_rules_spec};
use fanorona::index::MaterialClass;
use fanorona::notation::{Diagram, parse_turn, position_to_fen, turn_to_string};
use fanorona::{Board, Diagonals, Geometry, Position, Rules};

/// Characters the readers treat specially, and some they do not.
const ALPHABET: &[u8] = b"WBwb.0123456789/ -xAWacegikmnvVz\n\t:#";

fn random_text(rng: &mut XorShift64, max_len: usize) -> String {
    let len = rng.below(max_len + 1);
    (0..len)
        .map(|_| ALPHABET[rng.below(ALPHABET.len())] as char)
        .collect()
}

/// `good` with a few characters replaced, inserted or removed.
fn mutated(rng: &mut XorShift64, good: &str) -> String {
    let mut chars: Vec<char> = good.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let c = ALPHABET[rng.below(ALPHABET.len())] as char;
        match rng.below(3) {
            0 if !chars.is_empty() => {
                let i = rng.below(chars.len());
                chars[i] = c;
            }
            1 => {
                let i = rng.below(chars.len() + 1);
                chars.insert(i, c);
            }
            _ if !chars.is_empty() => {
                let i = rng.below(chars.len());
                chars.remove(i);
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// Every other round random text of up to `max_len` characters, else one
/// of `goods` mutated.
fn input(rng: &mut XorShift64, round: usize, goods: &[&str], max_len: usize) -> String {
    if round.is_multiple_of(2) {
        random_text(rng, max_len)
    } else {
        let good = goods[rng.below(goods.len())];
        mutated(rng, good)
    }
}

/// A start position and a few positions played from it at random.
fn positions(board: &Board, rules: &Rules, rng: &mut XorShift64) -> Vec<Position<u64>> {
    let geo = Geometry::<u64>::new(*board);
    let mut pos = Position::<u64>::start(board, rules.first);
    let mut out = vec![pos];
    for _ in 0..12 {
        let kids = fanorona::children(&geo, rules, &pos);
        if kids.is_empty() {
            break;
        }
        pos = kids[rng.below(kids.len())];
        out.push(pos);
    }
    out
}

#[test]
fn positions_boards_classes_and_rules_read_without_panicking() {
    let mut rng = XorShift64::new(0x9A55);
    let mut read = 0;
    let goods = [
        "BBB/B.W/WWW w",
        "BBB/b.W/WWW w",
        "BBBBBBBBB/BBBBBBBBB/BWBW.BWBW/WWWWWWWWW/WWWWWWWWW w",
        "13/13/13/13/13/13/13/13/13/13/13/13/13 b",
        "W....../......./..W.B../......./.....B. w",
    ];
    for round in 0..200_000 {
        let text = input(&mut rng, round, &goods, 40);
        if let Ok(d) = Diagram::parse(&text) {
            read += 1;
            // What reads must make a position and be written back.
            let board = d.board(Diagonals::Corner);
            if board.points() <= 64 {
                let pos: Position<u64> = d.to_position();
                let again = position_to_fen(&board, &pos);
                assert_eq!(Diagram::parse(&again).unwrap().cells, d.cells, "{text:?}");
            }
        }
        let _ = Board::parse_size(&text);
        let _ = MaterialClass::parse(&text);
        let _ = parse_rules_spec(&text);
    }
    // The mutations keep some inputs good: the reader was got past.
    assert!(read > 100, "{read}");
}

#[test]
fn turns_typed_at_a_game_read_without_panicking() {
    let mut rng = XorShift64::new(0x7u64 << 40 | 0x5E);
    let goods = [
        "c1-b2A",
        "b2-b1",
        "d3-e3A",
        "f4-e4W-e3A",
        "xd2",
        "a1",
        "b2",
        "A",
        "W",
    ];
    for (cols, rows, sacrifice) in [(3, 3, false), (5, 3, true), (9, 5, false), (3, 7, true)] {
        let rules = Rules {
            sacrifice,
            ..Rules::default()
        };
        let board = Board::new(cols, rows, rules.diagonals).unwrap();
        let geo = Geometry::<u64>::new(board);
        for pos in positions(&board, &rules, &mut rng) {
            // The position's own turns, to mutate and to read as written.
            let names: Vec<String> = fanorona::legal_turns(&geo, &rules, &pos)
                .iter()
                .map(|(t, _)| turn_to_string(&board, t))
                .collect();
            let mut all: Vec<&str> = names.iter().map(String::as_str).collect();
            all.extend(goods);
            let mut legal = 0;
            for round in 0..2_000 {
                let text = input(&mut rng, round, &all, 16);
                if parse_turn(&geo, &rules, &pos, &text).is_ok() {
                    legal += 1;
                }
                if round % 50 == 0 && !names.is_empty() {
                    let name = &names[rng.below(names.len())];
                    assert!(parse_turn(&geo, &rules, &pos, name).is_ok(), "{name}");
                }
                // The same text at a game, step by step as a person types.
                let mut game = Game::<u64>::from_position(board, rules, pos).unwrap();
                for word in text.split_whitespace() {
                    let _ = game.enter(word);
                }
            }
            // Random text and most mutations are not legal.
            assert!(legal < 1_000, "{legal} of 2,000 legal");
        }
    }
}

#[test]
fn game_records_read_without_panicking() {
    let mut rng = XorShift64::new(0x4EC0);
    let good = "# fanorona game record\nboard 3x3\nrules diagonals=corner continuation=free \
                stalemate=loss sacrifice=off first=white move-limit=off\nstart BBB/B.W/WWW w\n\
                max-turns 120\n1. c1-b2A\nend agreed\n";
    let rec = GameRecord::parse(good).unwrap();
    assert!(Game::<u64>::from_record(&rec).is_ok());
    let mut read = 0;
    for round in 0..50_000 {
        let text = input(&mut rng, round, &[good], 80);
        if let Ok(rec) = GameRecord::parse(&text)
            && rec.board.points() <= 64
        {
            read += 1;
            let _ = Game::<u64>::from_record(&rec);
        }
    }
    assert!(read > 1_000, "{read}");
}
