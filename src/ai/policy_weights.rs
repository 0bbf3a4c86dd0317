//! The move-ordering policy's weights, one set per board size, kept as data in
//! `data/train/NxN/policy.txt` (written by `tak policy`; a size without a file of its own
//! uses 6x6's) and compiled in by `build.rs`. How each set was fitted is in its file's header.

use super::policy::POLICY_FEATURES;

include!(concat!(env!("OUT_DIR"), "/policy.rs"));

// A change to the policy's features needs its weights fitted again (`tak policy`).
const _: () = assert!(
    FITTED_FEATURES == POLICY_FEATURES,
    "data/train/*/policy.txt were fitted for another set of policy features: run tak policy again"
);

/// The policy's weights for boards of side `size`.
pub fn for_size(size: u8) -> &'static [f32; POLICY_FEATURES] {
    &POLICY_TABLES[(size.clamp(3, 8) - 3) as usize]
}
