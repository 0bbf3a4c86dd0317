//! The text of a weights file (`data/train/NxN/weights.txt`): the evaluation's weights for
//! one board size as data, read when the crate is built (`build.rs` includes this file, which
//! therefore uses nothing of the crate) and by training, which writes them.
//!
//! ```text
//! # comment lines
//! logit_per_unit 3.2278253e-3
//! flat_psqt[0] -3.8 -3.8
//! flat_psqt[1] 28.8 12.1
//! ```
//!
//! After the logistic scale, one line per feature: its name (as `features::feature_name`
//! gives it), its weight at the start of a game and at its end, in hundredths of a flat.

/// A weights file read: the logistic scale and, in file order, each feature's name and its
/// two weights.
#[derive(Clone, Debug, PartialEq)]
pub struct WeightsText {
    pub logit_per_unit: f32,
    pub weights: Vec<(String, [f32; 2])>,
}

impl WeightsText {
    /// Reads a weights file; an error names the line.
    pub fn parse(text: &str) -> Result<WeightsText, String> {
        let mut logit_per_unit = None;
        let mut weights = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            let number = |w: &str| {
                w.parse::<f32>()
                    .ok()
                    .filter(|v| v.is_finite())
                    .ok_or_else(|| format!("line {}: '{w}' is not a number", i + 1))
            };
            match words[..] {
                ["logit_per_unit", scale] => logit_per_unit = Some(number(scale)?),
                [name, start, end] => {
                    if weights.iter().any(|(n, _)| n == name) {
                        return Err(format!("line {}: {name} a second time", i + 1));
                    }
                    weights.push((name.to_string(), [number(start)?, number(end)?]));
                }
                _ => return Err(format!("line {}: not 'name start end'", i + 1)),
            }
        }
        Ok(WeightsText {
            logit_per_unit: logit_per_unit.ok_or("no logit_per_unit line")?,
            weights,
        })
    }

    /// The file's text, each line of `comment` as a `#` line first.
    pub fn write(&self, comment: &str) -> String {
        let mut out = String::new();
        for line in comment.lines() {
            out.push('#');
            if !line.is_empty() {
                out.push(' ');
                out.push_str(line);
            }
            out.push('\n');
        }
        out.push_str(&format!("logit_per_unit {:e}\n", self.logit_per_unit));
        for (name, [start, end]) in &self.weights {
            out.push_str(&format!("{name} {start:.2} {end:.2}\n"));
        }
        out
    }
}
