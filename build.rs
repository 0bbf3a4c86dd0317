//! Compiles the computer's fitted numbers, kept as data under `data/train/NxN/` (written by
//! training), into the engine:
//! - the evaluation's weights (`weights.txt`): `$OUT_DIR/weights.rs` holds the features'
//!   names (once) and, per board size 3 to 8, the logistic scale and each name's two weights
//!   (`src/ai/weights.rs` maps the names onto the features);
//! - the move-ordering policy's weights (`policy.txt`, one per feature by index; a size
//!   without one uses 6x6's): `$OUT_DIR/policy.rs`, read by `src/ai/policy_weights.rs`.

// Only the reader is used here; the writer is training's.
#[allow(dead_code)]
#[path = "src/ai/weights_text.rs"]
mod weights_text;

use std::fmt::Write;

fn main() {
    // Every feature named by any size's file, in the order first met (the files are written
    // in the engine's order, so this is it), then each size's two weights for each name.
    let mut names: Vec<String> = Vec::new();
    let mut sizes = Vec::new();
    for size in 3..=8 {
        let path = format!("data/train/{size}x{size}/weights.txt");
        println!("cargo:rerun-if-changed={path}");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let parsed =
            weights_text::WeightsText::parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
        for (name, _) in &parsed.weights {
            if !names.contains(name) {
                names.push(name.clone());
            }
        }
        sizes.push(parsed);
    }
    let mut scales = String::new();
    let mut tables = String::new();
    for parsed in &sizes {
        write!(scales, "{:e}f32, ", parsed.logit_per_unit).unwrap();
        tables.push_str("    [");
        for name in &names {
            let [start, end] = parsed
                .weights
                .iter()
                .find(|(n, _)| n == name)
                .map_or([0.0; 2], |(_, w)| *w);
            write!(tables, "[{start:?}f32, {end:?}f32], ").unwrap();
        }
        tables.push_str("],\n");
    }
    let name_list: String = names.iter().map(|n| format!("{n:?}, ")).collect();
    let source = format!(
        "/// Logit (log-odds of a win) per hundredth of a flat, by size (3 to 8).\n\
         pub const LOGIT_PER_UNIT: [f32; 6] = [{scales}];\n\n\
         /// The features the weights files name, in their order.\n\
         pub const NAMES: [&str; {0}] = [{name_list}];\n\n\
         /// By size (3 to 8): the weights of each of `NAMES` at the start and at the end.\n\
         /// Fitted numbers: one that happens to read like a constant (3.14) is not one.\n\
         #[allow(clippy::approx_constant)]\n\
         pub const TABLES: [[[f32; 2]; {0}]; 6] = [\n{tables}];\n",
        names.len()
    );
    let out_dir = std::path::PathBuf::from(std::env::var("OUT_DIR").unwrap());
    std::fs::write(out_dir.join("weights.rs"), source).unwrap();
    println!("cargo:rerun-if-changed=src/ai/weights_text.rs");
    std::fs::write(out_dir.join("policy.rs"), policy_source()).unwrap();
}

/// The policy's weights of every size: `features N` then one `index value` line per feature.
fn policy_source() -> String {
    let read = |size: u8| -> Option<(String, Vec<f32>)> {
        let path = format!("data/train/{size}x{size}/policy.txt");
        println!("cargo:rerun-if-changed={path}");
        let text = std::fs::read_to_string(&path).ok()?;
        let mut count = None;
        let mut weights = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let words: Vec<&str> = line.split_whitespace().collect();
            let bad = || -> ! { panic!("{path}:{}: not 'features N' nor 'index weight'", i + 1) };
            match words[..] {
                [] => {}
                [first, ..] if first.starts_with('#') => {}
                ["features", n] => count = Some(n.parse::<usize>().unwrap_or_else(|_| bad())),
                [index, value] => {
                    let index: usize = index.parse().unwrap_or_else(|_| bad());
                    if index != weights.len() {
                        panic!("{path}:{}: index {index} out of order", i + 1);
                    }
                    weights.push(value.parse::<f32>().unwrap_or_else(|_| bad()));
                }
                _ => bad(),
            }
        }
        if count != Some(weights.len()) {
            panic!("{path}: says {count:?} features, holds {}", weights.len());
        }
        Some((path, weights))
    };
    let (base_path, base) =
        read(6).expect("data/train/6x6/policy.txt: the policy every size falls back on");
    let mut tables = String::new();
    for size in 3..=8 {
        let (path, weights) = read(size).unwrap_or_else(|| (base_path.clone(), base.clone()));
        if weights.len() != base.len() {
            panic!(
                "{path}: {} weights, 6x6's has {}",
                weights.len(),
                base.len()
            );
        }
        write!(tables, "    // {size}x{size}: {path}\n    [").unwrap();
        for w in &weights {
            write!(tables, "{w:?}f32, ").unwrap();
        }
        tables.push_str("],\n");
    }
    format!(
        "/// How many weights each size's policy has (the policy's features when they were fitted).\n\
         pub const FITTED_FEATURES: usize = {};\n\n\
         /// By size (3 to 8): one weight per feature of the policy.\n\
         #[allow(clippy::approx_constant)]\n\
         pub const POLICY_TABLES: [[f32; FITTED_FEATURES]; 6] = [\n{tables}];\n",
        base.len()
    )
}
