//! The short slide of a ply into place.

use super::Within;
use crate::Move;

/// How long a ply takes to slide into place, in milliseconds.
pub const DURATION_MS: f64 = 180.0;

/// A ply being animated: the pieces it moved travel from its origin to where they landed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Animation {
    pub mv: Move,
    /// Set on the first frame drawn, so a slow page does not skip the animation.
    pub started: Option<f64>,
}

impl Animation {
    /// The animation for `mv`, if animations are on.
    pub fn for_move(mv: Move, enabled: bool) -> Option<Animation> {
        enabled.then_some(Animation { mv, started: None })
    }

    /// Progress from 0 to 1 at time `now` (ms), eased.
    pub fn progress(&self, now: f64) -> f64 {
        let t = match self.started {
            Some(start) => ((now - start) / DURATION_MS).within(0.0, 1.0),
            None => 0.0,
        };
        1.0 - (1.0 - t).powi(3)
    }

    pub fn is_done(&self, now: f64) -> bool {
        self.started.is_some_and(|s| now - s >= DURATION_MS)
    }
}
