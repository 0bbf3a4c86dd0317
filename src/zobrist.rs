//! Zobrist keys, computed by a mixing function instead of read from a table: stacks can be
//! up to 128 pieces tall on 64 squares, and a table that size would weigh on the wasm
//! download, while hashing a ply touches at most 8 pieces.

use crate::Kind;

/// Toggled when black is to move.
pub const BLACK_TO_MOVE: u64 = 0x9E37_79B9_7F4A_7C15;

/// The SplitMix64 finaliser: a cheap, well-mixed bijection on `u64`.
#[inline]
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The key of a piece of a colour at `level` (0 = bottom) of square `square`.
#[inline]
pub const fn piece(square: usize, level: u32, black: bool) -> u64 {
    mix(((square as u64) << 9 | (level as u64) << 1 | black as u64) ^ 0x5851_F42D_4C95_7F2D)
}

/// The key of a wall or capstone on top of `square` (zero for a flat).
#[inline]
pub const fn kind(square: usize, kind: Kind) -> u64 {
    match kind {
        Kind::Flat => 0,
        _ => mix((square as u64) << 2 | kind as u64 | 0x1_0000),
    }
}
