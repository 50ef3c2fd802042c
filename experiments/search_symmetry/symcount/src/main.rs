//! Counts, in a search checkpoint (`solve --checkpoint`), the positions whose
//! images under the board's mirrors (left-right, top-bottom, half turn) the
//! file holds too: what keying the search's tables by a canonical image would
//! share. Usage: `cargo run --release -- FILE.fns` (boards of up to 64 points).
use std::collections::HashSet;
use std::io::{BufReader, Read};

fn varint(b: &[u8], i: &mut usize) -> u64 {
    let t = b[*i];
    *i += 1;
    match t {
        0..=250 => t as u64,
        251 => { let v = u16::from_le_bytes([b[*i], b[*i + 1]]) as u64; *i += 2; v }
        252 => { let v = u32::from_le_bytes(b[*i..*i + 4].try_into().unwrap()) as u64; *i += 4; v }
        253 => { let v = u64::from_le_bytes(b[*i..*i + 8].try_into().unwrap()); *i += 8; v }
        _ => panic!("varint"),
    }
}

fn main() {
    let path = std::env::args().nth(1).unwrap();
    let mut f = std::fs::File::open(&path).unwrap();
    let mut head = [0u8; 12];
    f.read_exact(&mut head).unwrap();
    let hl = u32::from_le_bytes(head[8..12].try_into().unwrap()) as usize;
    let mut h = vec![0u8; hl + 8];
    f.read_exact(&mut h).unwrap();
    let mut i = 0;
    let version = varint(&h, &mut i);
    let cols = h[i] as u32; let rows = h[i + 1] as u32; i += 5; // cols rows diag cont stale
    i += 2; // sacrifice, move_limit
    let words = h[i] as usize; i += 1;
    let total = varint(&h, &mut i);
    let cuts = varint(&h, &mut i);
    let goal = h[i]; i += 1;
    let solved = varint(&h, &mut i);
    let tree = varint(&h, &mut i);
    eprintln!("v{version} {cols}x{rows} words {words} total {total} cuts {cuts} goal {goal} solved {solved} tree {tree}");
    assert_eq!(words, 1);
    let mut r = BufReader::with_capacity(1 << 20, zstd::stream::read::Decoder::new(f).unwrap());
    let n = (cols * rows) as usize;
    // symmetries as permutations
    let perms: Vec<Vec<usize>> = vec![
        (0..n).map(|p| { let (x, y) = (p as u32 % cols, p as u32 / cols); (y * cols + (cols - 1 - x)) as usize }).collect(),
        (0..n).map(|p| { let (x, y) = (p as u32 % cols, p as u32 / cols); ((rows - 1 - y) * cols + x) as usize }).collect(),
        (0..n).map(|p| { let (x, y) = (p as u32 % cols, p as u32 / cols); ((rows - 1 - y) * cols + (cols - 1 - x)) as usize }).collect(),
    ];
    let map = |b: u64, perm: &Vec<usize>| -> u64 {
        let mut o = 0u64; let mut b = b;
        while b != 0 { let p = b.trailing_zeros() as usize; b &= b - 1; o |= 1 << perm[p]; }
        o
    };
    type K = (u64, u64, u8, u8, u16);
    let mut rec = [0u8; 41];
    let read_node = |r: &mut dyn Read, buf: &mut [u8]| { r.read_exact(buf).unwrap(); };
    let mut solved_set: HashSet<K> = HashSet::new();
    for _ in 0..solved {
        read_node(&mut r, &mut rec);
        let w = u64::from_le_bytes(rec[0..8].try_into().unwrap());
        let b = u64::from_le_bytes(rec[8..16].try_into().unwrap());
        let k: K = (w, b, rec[16], rec[17], u16::from_le_bytes([rec[18], rec[19]]));
        solved_set.insert(k);
    }
    let mut tree_set: HashSet<K> = HashSet::new();
    let mut rec2 = [0u8; 56];
    for _ in 0..tree {
        read_node(&mut r, &mut rec2);
        let w = u64::from_le_bytes(rec2[0..8].try_into().unwrap());
        let b = u64::from_le_bytes(rec2[8..16].try_into().unwrap());
        tree_set.insert((w, b, rec2[16], rec2[17], u16::from_le_bytes([rec2[18], rec2[19]])));
    }
    for (name, set) in [("solved", &solved_set), ("tree", &tree_set)] {
        let mut with_mirror = 0u64; let mut self_sym = 0u64;
        let mut classes: HashSet<K> = HashSet::new();
        for k in set.iter() {
            let mut found = false; let mut selfs = false;
            let mut canon = *k;
            for perm in &perms {
                let sac = if k.3 == 255 { 255 } else { perm[k.3 as usize] as u8 };
                let m: K = (map(k.0, perm), map(k.1, perm), k.2, sac, k.4);
                if m == *k { selfs = true; continue; }
                if set.contains(&m) { found = true; }
                if m < canon { canon = m; }
            }
            if found { with_mirror += 1; }
            if selfs { self_sym += 1; }
            classes.insert(canon);
        }
        println!("{name}: {} distinct positions, {} with a mirror image also present ({:.2}%), {} self-symmetric, {} classes under symmetry ({:.2}% fewer)",
            set.len(), with_mirror, 100.0 * with_mirror as f64 / set.len() as f64, self_sym, classes.len(),
            100.0 * (1.0 - classes.len() as f64 / set.len() as f64));
    }
    // cross: tree positions whose mirror is solved
    let mut cross = 0u64;
    for k in tree_set.iter() {
        for perm in &perms {
            let sac = if k.3 == 255 { 255 } else { perm[k.3 as usize] as u8 };
            let m: K = (map(k.0, perm), map(k.1, perm), k.2, sac, k.4);
            if m != *k && solved_set.contains(&m) && !solved_set.contains(k) { cross += 1; break; }
        }
    }
    println!("tree positions not solved whose mirror image is solved: {cross}");
}
