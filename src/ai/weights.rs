//! The evaluation's weights as compiled into the engine: one table per board size (3 to 8),
//! kept as data in `data/train/NxN/weights.txt` (written by `tak train` and `tak tune`, read
//! by `build.rs`), each feature named, so that a file written before a feature was added or
//! removed still reads: a feature the file does not name weighs nothing, and a name the
//! engine no longer has is passed over.
//!
//! ```
//! use tak::ai::features::{feature_name, TEMPO};
//! use tak::ai::weights::{compiled, from_named};
//! let w = compiled();
//! assert!(w[3][TEMPO] != [0.0, 0.0]); // 6x6 knows tempo
//! let named = vec![(feature_name(TEMPO), [12.0, 3.0]), ("gone".to_string(), [1.0, 1.0])];
//! let (weights, unknown) = from_named(&named);
//! assert_eq!(weights[TEMPO], [12.0, 3.0]);
//! assert_eq!(unknown, vec!["gone".to_string()]);
//! ```

use super::features::{feature_name, TaperedWeights, FEATURE_COUNT};
use std::sync::OnceLock;

include!(concat!(env!("OUT_DIR"), "/weights.rs"));

/// The compiled weights by size (index `size - 3`), mapped onto the features once.
pub fn compiled() -> &'static [TaperedWeights; 6] {
    static WEIGHTS: OnceLock<[TaperedWeights; 6]> = OnceLock::new();
    WEIGHTS.get_or_init(|| {
        std::array::from_fn(|k| {
            let named: Vec<(String, [f32; 2])> = NAMES
                .iter()
                .zip(&TABLES[k])
                .map(|(&name, &w)| (name.to_string(), w))
                .collect();
            from_named(&named).0
        })
    })
}

/// Weights from (name, [start, end]) pairs: every feature the pairs name, the others at
/// zero; also the names that are no feature (dropped).
pub fn from_named(named: &[(String, [f32; 2])]) -> (TaperedWeights, Vec<String>) {
    let mut weights = [[0.0; 2]; FEATURE_COUNT];
    let index: std::collections::HashMap<String, usize> =
        (0..FEATURE_COUNT).map(|i| (feature_name(i), i)).collect();
    let mut unknown = Vec::new();
    for (name, w) in named {
        match index.get(name) {
            Some(&i) => weights[i] = *w,
            None => unknown.push(name.clone()),
        }
    }
    (weights, unknown)
}

/// The features of `weights` as (name, [start, end]) pairs, in the engine's order.
pub fn to_named(weights: &TaperedWeights) -> Vec<(String, [f32; 2])> {
    weights
        .iter()
        .enumerate()
        .map(|(i, &w)| (feature_name(i), w))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(not(target_arch = "wasm32"))] // reads the files
    fn every_weights_file_names_exactly_the_engines_features() {
        let expected: Vec<String> = (0..FEATURE_COUNT).map(feature_name).collect();
        for size in 3..=8 {
            let path = format!(
                "{}/data/train/{size}x{size}/weights.txt",
                env!("CARGO_MANIFEST_DIR")
            );
            let text = std::fs::read_to_string(&path).unwrap();
            let parsed = super::super::weights_text::WeightsText::parse(&text).unwrap();
            let names: Vec<&String> = parsed.weights.iter().map(|(name, _)| name).collect();
            assert_eq!(
                names,
                expected.iter().collect::<Vec<_>>(),
                "{path}: rewrite it with `tak train --size {size} --rewrite` after a change of \
                 features"
            );
        }
    }
}
