//! Static evaluation: how good a position is for the player to move, in hundredths of a flat.
//!
//! A weighted sum of the features of [`super::features`] (the flat count with komi through
//! the game's stages, stacks and captives, rows and columns, road distance and threats,
//! capstones, tempo), with one weight set per board size fitted by logistic regression on
//! the outcomes of self-play games ([`super::tune`], which writes [`super::weights`]). The
//! same fit gives the logistic scale that turns a score into a win probability.
//!
//! ```
//! use tak::ai::eval::{evaluate, win_probability, Weights};
//! use tak::Position;
//! let even = Position::from_tps("x5/x5/x2,1,x2/x5/x3,2,x 1 3")?;
//! let up = Position::from_tps("x5/x5/x2,1,x2/x5/1,x2,2,x 2 3")?; // white a flat up, black to move
//! let w = Weights::trained();
//! assert!(evaluate(&up, &w) < evaluate(&even, &w));
//! assert!(win_probability(-300, 5) < 0.5 && win_probability(300, 5) > 0.5);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::features::{self, Dot, FEATURE_COUNT};
use super::weights;
use crate::Position;

/// One weight vector per board size (3 to 8), in hundredths of a flat per unit of feature.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    pub by_size: [[f32; FEATURE_COUNT]; 6],
}

impl Weights {
    /// The weights compiled into the engine (fitted by `tak tune`).
    pub fn trained() -> Weights {
        Weights {
            by_size: weights::WEIGHTS,
        }
    }

    /// The weight vector for boards of side `size`.
    #[inline]
    pub fn for_size(&self, size: u8) -> &[f32; FEATURE_COUNT] {
        &self.by_size[(size.clamp(3, 8) - 3) as usize]
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::trained()
    }
}

/// The largest score the evaluation gives (forced wins score far beyond it).
pub const EVAL_LIMIT: i32 = 100_000;

/// A score for the player to move, in hundredths of a flat.
#[inline]
pub fn evaluate(pos: &Position, weights: &Weights) -> i32 {
    let mut dot = Dot {
        weights: weights.for_size(pos.size()),
        sum: 0.0,
    };
    features::extract(pos, &mut dot);
    (dot.sum as i32).clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

pub use super::score::win_probability;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Color;

    #[test]
    fn more_flats_and_longer_roads_score_higher() {
        let w = Weights::trained();
        let even = Position::from_tps("x5/x5/x2,1,x2/x5/x3,2,x 1 3").unwrap();
        let ahead = Position::from_tps("x5/x5/x,1,1,x2/x5/x3,2,x 2 3").unwrap();
        // `ahead` is from black's view: white is a flat up, so black's score is lower.
        assert!(evaluate(&ahead, &w) < -evaluate(&even, &w));
        let line = Position::from_tps("x5/x5/1,1,1,1,x/x5/2,2,x,2,x 2 5").unwrap();
        assert!(
            evaluate(&line, &w) < -100,
            "black faces a road threat: {}",
            evaluate(&line, &w)
        );
    }

    #[test]
    fn komi_favours_black() {
        let w = Weights::trained();
        let pos = Position::from_tps("x5/x5/x5/x5/1,x3,2 1 2").unwrap();
        let with_komi = crate::tps::parse(
            "x5/x5/x5/x5/1,x3,2 1 2",
            pos.config()
                .with_komi(crate::Komi::from_half_flats(4).unwrap()),
        )
        .unwrap();
        assert!(evaluate(&with_komi, &w) < evaluate(&pos, &w));
        assert_eq!(pos.to_move(), Color::White);
    }
}
