//! Move generation speed: `cargo bench --bench perft`. Prints leaves per second for the
//! counting perft (the last ply counted from tables), the generating perft (the last ply
//! generated, as the usual "bulk counting"), and the full make/unmake of every leaf.

use std::time::Instant;
use tak::{perft, Position};

fn measure(name: &str, tps: &str, depth: u32, f: fn(&mut Position, u32) -> u64) {
    let mut pos = Position::from_tps(tps).expect("valid TPS");
    let mut best = f64::MAX;
    let mut nodes = 0;
    for _ in 0..3 {
        let start = Instant::now();
        nodes = f(&mut pos, depth);
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!(
        "{name:<34} {nodes:>12} leaves  {best:>7.3} s  {:>8.1} M leaves/s",
        nodes as f64 / best / 1e6
    );
}

fn generate_last_ply(pos: &mut Position, depth: u32) -> u64 {
    fn go(pos: &mut Position, depth: u32, buf: &mut Vec<Vec<tak::Move>>) -> u64 {
        if pos.is_over() {
            return 0;
        }
        let mut moves = buf.pop().unwrap_or_default();
        moves.clear();
        pos.generate_moves(&mut moves);
        let total = if depth == 1 {
            moves.len() as u64
        } else {
            let mut t = 0;
            for &mv in &moves {
                let undo = pos.play_unchecked(mv);
                t += go(pos, depth - 1, buf);
                pos.undo(undo);
            }
            t
        };
        buf.push(moves);
        total
    }
    go(pos, depth, &mut Vec::new())
}

fn main() {
    let empty5 = "x5/x5/x5/x5/x5 1 1";
    let mid6 = "x6/x4,1S,x/x2,21111S,1C,22122C,x/x6/x6/x6 2 11";
    measure("5x5 empty, depth 5, counting", empty5, 5, perft::perft);
    measure(
        "5x5 empty, depth 5, generating",
        empty5,
        5,
        generate_last_ply,
    );
    measure(
        "5x5 empty, depth 5, play every leaf",
        empty5,
        5,
        perft::perft_full,
    );
    measure("6x6 midgame, depth 4, counting", mid6, 4, perft::perft);
    measure(
        "6x6 midgame, depth 4, generating",
        mid6,
        4,
        generate_last_ply,
    );
}
