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

use super::features::{self, Dot, TaperedWeights};
use super::weights;
use crate::Position;

/// One weight vector per board size (3 to 8), in hundredths of a flat per unit of feature,
/// each weight as it stands at the start of the game and at its end.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    pub by_size: [TaperedWeights; 6],
}

impl Weights {
    /// The weights compiled into the engine (fitted by `tak tune`).
    pub fn trained() -> Weights {
        Weights {
            by_size: *weights::compiled(),
        }
    }

    /// The weight vector for boards of side `size`.
    #[inline]
    pub fn for_size(&self, size: u8) -> &TaperedWeights {
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
    let mut dot = Dot::new(weights.for_size(pos.size()));
    features::extract(pos, &mut dot);
    (dot.blend(features::game_left(pos)) as i32).clamp(-EVAL_LIMIT, EVAL_LIMIT)
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
    fn each_weight_moves_from_its_opening_value_to_its_ending_value() {
        // Only tempo counts: 100 at the start of a game, nothing at its end.
        let mut w = Weights::trained();
        for size in w.by_size.iter_mut() {
            *size = [[0.0; 2]; crate::ai::features::FEATURE_COUNT];
            size[crate::ai::features::TEMPO] = [100.0, 0.0];
        }
        let early = Position::from_tps("x6/x6/x6/x6/x6/1,x4,2 1 2").unwrap();
        let late = Position::from_tps(
            "1,2,1,2,1,2/2,1,2,1,2,1/1,2,1,2,1,2/2,1,2,1,2,1/1,2,1,2,1,2/2,x,2,1,x,1 1 16",
        )
        .unwrap();
        let (early_left, late_left) = (features::game_left(&early), features::game_left(&late));
        assert!(
            early_left > 0.9 && late_left < 0.1,
            "{early_left} {late_left}"
        );
        assert_eq!(evaluate(&early, &w), (100.0 * early_left) as i32);
        assert_eq!(evaluate(&late, &w), (100.0 * late_left) as i32);
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
