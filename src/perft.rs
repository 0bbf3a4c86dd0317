//! Perft: the number of leaf positions of the legal game tree to a depth — the standard check
//! of a move generator, and a measure of its speed.

use crate::{Move, Position};

/// Counts leaves `depth` plies deep. A finished position counts 0 at depth > 0.
/// At the last ply the moves are counted without being generated ("bulk counting").
///
/// ```
/// use tak::{perft::perft, Position};
/// let mut pos = Position::new(3)?;
/// assert_eq!(perft(&mut pos, 3), 1200);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    let mut buffers = vec![Vec::with_capacity(256); depth as usize];
    perft_with(pos, depth, &mut buffers, true)
}

/// Like [`perft`], but generates, plays and takes back every move down to the leaves:
/// slower, and a cross-check of the counting shortcut and of make/unmake.
pub fn perft_full(pos: &mut Position, depth: u32) -> u64 {
    let mut buffers = vec![Vec::with_capacity(256); depth as usize];
    perft_with(pos, depth, &mut buffers, false)
}

fn perft_with(pos: &mut Position, depth: u32, buffers: &mut [Vec<Move>], bulk: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.is_over() {
        return 0;
    }
    if depth == 1 && bulk {
        return pos.count_moves();
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per depth");
    moves.clear();
    pos.generate_moves(moves);
    let mut total = 0;
    for &mv in moves.iter() {
        let undo = pos.play_unchecked(mv);
        total += perft_with(pos, depth - 1, rest, bulk);
        pos.undo(undo);
    }
    total
}
