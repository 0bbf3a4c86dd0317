//! Compiles the evaluation's weights, kept as data in `data/train/NxN/weights.txt` (written
//! by training), into the engine: `$OUT_DIR/weights.rs` holds, per board size 3 to 8, the
//! logistic scale and each feature's name with its two weights (`src/ai/weights.rs` maps the
//! names onto the features).

// Only the reader is used here; the writer is training's.
#[allow(dead_code)]
#[path = "src/ai/weights_text.rs"]
mod weights_text;

use std::fmt::Write;

fn main() {
    let mut scales = String::new();
    let mut tables = String::new();
    for size in 3..=8 {
        let path = format!("data/train/{size}x{size}/weights.txt");
        println!("cargo:rerun-if-changed={path}");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let parsed =
            weights_text::WeightsText::parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
        write!(scales, "{:e}f32, ", parsed.logit_per_unit).unwrap();
        tables.push_str("    &[\n");
        for (name, [start, end]) in &parsed.weights {
            writeln!(tables, "        ({name:?}, [{start:?}f32, {end:?}f32]),").unwrap();
        }
        tables.push_str("    ],\n");
    }
    let source = format!(
        "/// Logit (log-odds of a win) per hundredth of a flat, by size (3 to 8).\n\
         pub const LOGIT_PER_UNIT: [f32; 6] = [{scales}];\n\n\
         /// By size (3 to 8): each feature's name and its weights at the start and at the end.\n\
         pub const TABLES: [&[(&str, [f32; 2])]; 6] = [\n{tables}];\n"
    );
    let out = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("weights.rs");
    std::fs::write(out, source).unwrap();
    println!("cargo:rerun-if-changed=src/ai/weights_text.rs");
}
