//! The move-ordering policy's weights, one set per board size, kept as data in
//! `data/train/NxN/policy.txt` (written by `tak policy`; a size without a file of its own
//! uses 6x6's) and compiled in by `build.rs`. How each set was fitted is in its file's header.

//!
//! It knows only the data: whether the data fits the policy's features is checked by the
//! policy (`src/ai/policy.rs`), which reads it.

include!(concat!(env!("OUT_DIR"), "/policy.rs"));

/// The policy's weights for boards of side `size`.
pub fn for_size(size: u8) -> &'static [f32; FITTED_FEATURES] {
    &POLICY_TABLES[(size.clamp(3, 8) - 3) as usize]
}
