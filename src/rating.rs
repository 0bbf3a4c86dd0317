//! Players' ratings by Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): a
//! rating, its uncertainty (the rating deviation, RD) and a volatility, updated after each
//! rating period from the results against opponents of known rating.
//!
//! The page rates a player from games against the computer's levels, whose ratings are
//! measured (level against level, `docs/engine.md`) and fixed; each game is a rating period
//! of its own, as online servers do, so a rating moves after every game and its RD grows
//! again with time away ([`Rating::idle`]).
//!
//! ```
//! use tak::rating::{Played, Rating};
//! // Glickman's worked example: a 1500 player (RD 200) beats a 1400 (RD 30), then loses to
//! // a 1550 (RD 100) and a 1700 (RD 300), all in one period.
//! let player = Rating::new(1500.0, 200.0, 0.06);
//! let after = player.update(&[
//!     (Rating::new(1400.0, 30.0, 0.06), Played::Win),
//!     (Rating::new(1550.0, 100.0, 0.06), Played::Loss),
//!     (Rating::new(1700.0, 300.0, 0.06), Played::Loss),
//! ]);
//! assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
//! assert!((after.deviation - 151.52).abs() < 0.01);
//! assert!((after.volatility - 0.05999).abs() < 0.00001);
//! ```

/// Glicko-2's own scale: a rating of 1500 is 0 and 173.7178 rating points are 1.
const SCALE: f64 = 173.7178;
/// How fast the volatility may change (the system constant τ; Glickman suggests 0.3 to 1.2;
/// 0.5 is lichess's and the middle of the range).
const TAU: f64 = 0.5;
/// The precision to which the new volatility is solved.
const EPSILON: f64 = 0.000_001;

/// A rating, its deviation and its volatility, on the familiar scale (a new player: 1500,
/// 350, 0.06).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    /// The rating deviation: about half the width of a 95% interval is twice this.
    pub deviation: f64,
    pub volatility: f64,
}

/// A game's result for the player rated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Played {
    Win,
    Draw,
    Loss,
}

impl Played {
    fn score(self) -> f64 {
        match self {
            Played::Win => 1.0,
            Played::Draw => 0.5,
            Played::Loss => 0.0,
        }
    }
}

impl Default for Rating {
    /// A player not yet rated: 1500 ± 350, volatility 0.06 (Glickman's suggestions).
    fn default() -> Rating {
        Rating::new(1500.0, 350.0, 0.06)
    }
}

/// The weight a result against an opponent of deviation `phi` carries (g(φ)).
fn weight(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

impl Rating {
    pub fn new(rating: f64, deviation: f64, volatility: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility,
        }
    }

    /// The expected score against `other` (0 to 1), counting the other's uncertainty.
    ///
    /// ```
    /// use tak::rating::Rating;
    /// let even = Rating::default().expected(&Rating::default());
    /// assert!((even - 0.5).abs() < 1e-12);
    /// let strong = Rating::new(1900.0, 50.0, 0.06);
    /// assert!(strong.expected(&Rating::new(1500.0, 50.0, 0.06)) > 0.9);
    /// ```
    pub fn expected(&self, other: &Rating) -> f64 {
        let (mu, _) = self.scaled();
        let (mu_j, phi_j) = other.scaled();
        1.0 / (1.0 + (-weight(phi_j) * (mu - mu_j)).exp())
    }

    fn scaled(&self) -> (f64, f64) {
        ((self.rating - 1500.0) / SCALE, self.deviation / SCALE)
    }

    /// The rating after a period with `games` (each opponent's rating before the period and
    /// the result). A period without games only widens the deviation ([`Rating::idle`]).
    pub fn update(&self, games: &[(Rating, Played)]) -> Rating {
        if games.is_empty() {
            return self.idle(1);
        }
        let (mu, phi) = self.scaled();
        // Step 3 and 4: the estimated variance from the games, and the improvement.
        let mut inverse_variance = 0.0;
        let mut improvement = 0.0;
        for (opponent, result) in games {
            let (mu_j, phi_j) = opponent.scaled();
            let g = weight(phi_j);
            let expected = 1.0 / (1.0 + (-g * (mu - mu_j)).exp());
            inverse_variance += g * g * expected * (1.0 - expected);
            improvement += g * (result.score() - expected);
        }
        let variance = 1.0 / inverse_variance;
        let delta = variance * improvement;
        let sigma = self.new_volatility(phi, variance, delta);
        // Steps 6 and 7: the deviation before the period, then after it.
        let phi_before = (phi * phi + sigma * sigma).sqrt();
        let phi_after = 1.0 / (1.0 / (phi_before * phi_before) + 1.0 / variance).sqrt();
        let mu_after = mu + phi_after * phi_after * improvement;
        Rating {
            rating: 1500.0 + SCALE * mu_after,
            deviation: SCALE * phi_after,
            volatility: sigma,
        }
    }

    /// Step 5: the new volatility, the root of Glickman's f(x) by the Illinois algorithm.
    fn new_volatility(&self, phi: f64, variance: f64, delta: f64) -> f64 {
        let a = (self.volatility * self.volatility).ln();
        let f = |x: f64| {
            let ex = x.exp();
            let d = phi * phi + variance + ex;
            ex * (delta * delta - phi * phi - variance - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU)
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + variance {
            (delta * delta - phi * phi - variance).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * TAU) < 0.0 {
                k += 1.0;
            }
            a - k * TAU
        };
        let mut f_a = f(big_a);
        let mut f_b = f(big_b);
        // At most a few dozen rounds; the bound only guards against a NaN that never
        // narrows (a rating given as infinity).
        for _ in 0..200 {
            if (big_b - big_a).abs() <= EPSILON {
                break;
            }
            let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
            let f_c = f(c);
            if f_c * f_b <= 0.0 {
                big_a = big_b;
                f_a = f_b;
            } else {
                f_a /= 2.0;
            }
            big_b = c;
            f_b = f_c;
        }
        (big_a / 2.0).exp()
    }

    /// The rating after `periods` rating periods without games: as sure of the rating as
    /// before, less sure of what it is now (never above a new player's 350).
    ///
    /// ```
    /// use tak::rating::Rating;
    /// let settled = Rating::new(1720.0, 60.0, 0.06);
    /// let later = settled.idle(30);
    /// assert_eq!(later.rating, 1720.0);
    /// assert!(later.deviation > 60.0 && later.deviation <= 350.0);
    /// ```
    pub fn idle(&self, periods: u32) -> Rating {
        let (_, phi) = self.scaled();
        let widened = (phi * phi + f64::from(periods) * self.volatility * self.volatility).sqrt();
        Rating {
            deviation: (SCALE * widened).min(350.0),
            ..*self
        }
    }

    /// The result of one game against `opponent` (a period of its own).
    pub fn after_game(&self, opponent: &Rating, result: Played) -> Rating {
        self.update(&[(*opponent, result)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_raises_a_loss_lowers_and_both_narrow_the_deviation() {
        let player = Rating::default();
        let level = Rating::new(1600.0, 40.0, 0.06);
        let won = player.after_game(&level, Played::Win);
        let lost = player.after_game(&level, Played::Loss);
        let drawn = player.after_game(&level, Played::Draw);
        assert!(won.rating > player.rating && lost.rating < player.rating);
        // A draw against a stronger opponent is worth something.
        assert!(drawn.rating > player.rating && drawn.rating < won.rating);
        for after in [won, lost, drawn] {
            assert!(after.deviation < player.deviation, "{after:?}");
        }
    }

    #[test]
    fn a_player_who_keeps_beating_a_level_climbs_past_it() {
        let level = Rating::new(1800.0, 30.0, 0.06);
        let mut player = Rating::default();
        for _ in 0..40 {
            player = player.after_game(&level, Played::Win);
        }
        assert!(player.rating > 1900.0, "{player:?}");
        assert!(player.deviation < 120.0, "{player:?}");
    }

    #[test]
    fn an_upset_moves_the_rating_more_than_an_expected_result() {
        let player = Rating::new(1500.0, 100.0, 0.06);
        let strong = Rating::new(1900.0, 30.0, 0.06);
        let weak = Rating::new(1100.0, 30.0, 0.06);
        let upset = player.after_game(&strong, Played::Win).rating - player.rating;
        let expected = player.after_game(&weak, Played::Win).rating - player.rating;
        assert!(upset > 5.0 * expected, "{upset} {expected}");
    }
}
