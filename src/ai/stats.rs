//! The statistics of a match: wins, draws and losses ([`Tally`]), the results of
//! colour-swapped pairs of games ([`Pentanomial`]), the Elo difference they mean with a 95%
//! error bar, and the sequential probability ratio test (SPRT) that stops a match as soon as
//! the evidence is clear, as chess engines' testing frameworks do.
//!
//! Each opening is played twice, colours swapped, so a pair's two games share whatever edge
//! the opening gives. Counting pairs (0, ½, 1, 1½ or 2 points for the first engine: the
//! "pentanomial" model) rather than games takes that shared part out of the error bar.
//!
//! ```
//! use tak::ai::stats::{elo, Pentanomial, Sprt, Verdict};
//! let mut pairs = Pentanomial::default();
//! for _ in 0..30 {
//!     pairs.add(1.5); // a win and a draw
//!     pairs.add(1.0); // a win and a loss
//! }
//! assert_eq!(pairs.pairs(), 60);
//! assert!((pairs.score() - 0.625).abs() < 1e-9);
//! let (low, high) = pairs.elo_interval();
//! assert!(low > 0.0 && high > elo(0.625));
//! // Pairs this alike decide quickly: better by more than 10 Elo.
//! assert_eq!(Sprt::new(0.0, 10.0).verdict(&pairs), Some(Verdict::Accepted));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

/// Wins, draws and losses from the first engine's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points per game (win 1, draw ½).
    pub fn score(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games().max(1) as f64
    }

    /// Adds one game: the first engine's points (1, ½ or 0).
    pub fn add(&mut self, points: f64) {
        if points > 0.75 {
            self.wins += 1;
        } else if points < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    fn variance(&self) -> f64 {
        let n = self.games().max(1) as f64;
        let s = self.score();
        (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n
    }
}

/// The Elo difference that a score (0..1) means.
pub fn elo(score: f64) -> f64 {
    let s = score.clamp(1e-4, 1.0 - 1e-4);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The score (0..1) that an Elo difference means.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Half the width of the 95% confidence interval of the Elo difference, from games counted
/// one by one (see [`Pentanomial::elo_interval`] for pairs).
///
/// ```
/// use tak::ai::stats::{elo, elo_error, Tally};
/// let t = Tally { wins: 60, draws: 0, losses: 40 };
/// assert!((t.score() - 0.6).abs() < 1e-9);
/// assert!((elo(t.score()) - 70.4).abs() < 0.1);
/// assert!(elo_error(&t) > 50.0 && elo_error(&t) < 80.0);
/// ```
pub fn elo_error(t: &Tally) -> f64 {
    let n = t.games().max(1) as f64;
    let margin = 1.96 * (t.variance() / n).sqrt();
    let s = t.score();
    (elo(s + margin) - elo(s - margin)) / 2.0
}

/// How many colour-swapped pairs of games ended with 0, ½, 1, 1½ and 2 points for the first
/// engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    pub counts: [u32; 5],
}

impl Pentanomial {
    /// Adds one pair: the first engine's points in its two games (0 to 2, in halves).
    pub fn add(&mut self, points: f64) {
        let k = (points * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[k] += 1;
    }

    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// Points per game (0..1).
    pub fn score(&self) -> f64 {
        let points: f64 = self
            .counts
            .iter()
            .enumerate()
            .map(|(k, &n)| k as f64 * 0.25 * n as f64)
            .sum();
        points / self.pairs().max(1) as f64
    }

    /// The variance of one pair's score (each pair scored 0..1), kept above a small floor so
    /// that a run of identical pairs does not read as certainty.
    fn variance(&self) -> f64 {
        let n = self.pairs().max(1) as f64;
        let m = self.score();
        let v: f64 = self
            .counts
            .iter()
            .enumerate()
            .map(|(k, &c)| c as f64 * (k as f64 * 0.25 - m).powi(2))
            .sum::<f64>()
            / n;
        v.max(1e-3)
    }

    /// The Elo difference and its 95% confidence interval (low, high).
    pub fn elo_interval(&self) -> (f64, f64) {
        let n = self.pairs().max(1) as f64;
        let margin = 1.96 * (self.variance() / n).sqrt();
        let s = self.score();
        (elo(s - margin), elo(s + margin))
    }

    /// The Elo difference and half the width of its 95% interval.
    pub fn elo_with_error(&self) -> (f64, f64) {
        let (low, high) = self.elo_interval();
        (elo(self.score()), (high - low) / 2.0)
    }

    /// The counts as text: `0:3 ½:10 1:40 1½:12 2:5`.
    pub fn counts_text(&self) -> String {
        let names = ["0", "½", "1", "1½", "2"];
        names
            .iter()
            .zip(self.counts)
            .map(|(name, n)| format!("{name}:{n}"))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Reads [`Pentanomial::counts_text`]'s numbers back (`3 10 40 12 5` or its own form).
    pub fn from_counts_text(text: &str) -> Option<Pentanomial> {
        let numbers: Vec<u32> = text
            .split_whitespace()
            .map(|w| w.rsplit(':').next().unwrap_or(w).parse().ok())
            .collect::<Option<_>>()?;
        Some(Pentanomial {
            counts: numbers.try_into().ok()?,
        })
    }
}

/// A sequential probability ratio test between "the first engine is `elo0` better" (H0) and
/// "it is `elo1` better" (H1), with error rates α = β = 0.05: the generalised SPRT's normal
/// approximation on pairs of games, as chess testing frameworks (fishtest) run it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Which hypothesis an SPRT accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H1: the change is at least `elo1` better (within the error rates): keep it.
    Accepted,
    /// H0: it is at most `elo0`: drop it.
    Rejected,
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(match self {
            Verdict::Accepted => "H1 accepted",
            Verdict::Rejected => "H0 accepted",
        })
    }
}

impl Sprt {
    /// Fewer pairs than this never end a test: the normal approximation needs some games.
    pub const MIN_PAIRS: u32 = 20;

    pub fn new(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    /// Reads `ELO0,ELO1` (as `--sprt 0,10` writes it).
    ///
    /// ```
    /// use tak::ai::stats::Sprt;
    /// assert_eq!(Sprt::parse("0,10"), Ok(Sprt::new(0.0, 10.0)));
    /// assert!(Sprt::parse("10,0").is_err());
    /// assert!(Sprt::parse("ten").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let bad = || format!("'{text}' is not ELO0,ELO1 (two numbers, ELO0 below ELO1)");
        let parts: Vec<f64> = text
            .split(',')
            .map(|x| x.trim().parse())
            .collect::<Result<_, _>>()
            .map_err(|_| bad())?;
        match parts[..] {
            [a, b] if a < b && a.is_finite() && b.is_finite() => Ok(Sprt::new(a, b)),
            _ => Err(bad()),
        }
    }

    /// The log-likelihood ratio of H1 against H0 after `pairs`.
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        let n = pairs.pairs() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        n * (s1 - s0) * (2.0 * pairs.score() - s0 - s1) / (2.0 * pairs.variance())
    }

    /// The bounds of the test: H0 is accepted below the lower, H1 above the upper.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The test's decision so far, if it has one.
    pub fn verdict(&self, pairs: &Pentanomial) -> Option<Verdict> {
        if pairs.pairs() < Sprt::MIN_PAIRS {
            return None;
        }
        let llr = self.llr(pairs);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Verdict::Accepted)
        } else if llr <= lower {
            Some(Verdict::Rejected)
        } else {
            None
        }
    }

    /// One line of progress: `LLR 1.23 (-2.94, 2.94) [0, 10]`.
    pub fn progress(&self, pairs: &Pentanomial) -> String {
        let (lower, upper) = self.bounds();
        format!(
            "LLR {:.2} ({lower:.2}, {upper:.2}) [{}, {}]",
            self.llr(pairs),
            self.elo0,
            self.elo1
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clearly_better_engine_is_accepted_and_an_equal_one_rejected() {
        let test = Sprt::new(0.0, 10.0);
        // 70% of the points, pairs spread as they are in real matches.
        let better = Pentanomial {
            counts: [5, 20, 60, 70, 45],
        };
        assert_eq!(test.verdict(&better), Some(Verdict::Accepted));
        // Exactly even over many pairs: not 10 Elo better.
        let even = Pentanomial {
            counts: [100, 300, 1200, 300, 100],
        };
        assert_eq!(test.verdict(&even), Some(Verdict::Rejected));
        // Few pairs decide nothing, however lopsided.
        let few = Pentanomial {
            counts: [0, 0, 0, 0, 10],
        };
        assert_eq!(test.verdict(&few), None);
    }

    #[test]
    fn pairs_that_split_evenly_narrow_the_interval() {
        // The same 50% from pairs that split 1-1 (the opening decided) and from pairs that
        // went 2-0 and 0-2: the first says much more about the engines.
        let split = Pentanomial {
            counts: [0, 0, 200, 0, 0],
        };
        let swings = Pentanomial {
            counts: [100, 0, 0, 0, 100],
        };
        let (_, narrow) = split.elo_with_error();
        let (_, wide) = swings.elo_with_error();
        assert!(narrow < wide / 5.0, "{narrow} {wide}");
    }

    #[test]
    fn counts_round_trip_through_text() {
        let p = Pentanomial {
            counts: [1, 2, 3, 4, 5],
        };
        assert_eq!(p.counts_text(), "0:1 ½:2 1:3 1½:4 2:5");
        assert_eq!(Pentanomial::from_counts_text(&p.counts_text()), Some(p));
        assert_eq!(Pentanomial::from_counts_text("1 2 3 4 5"), Some(p));
        assert_eq!(Pentanomial::from_counts_text("1 2 3"), None);
    }

    #[test]
    fn the_interval_matches_the_games_count_for_independent_games() {
        let mut tally = Tally::default();
        for points in [1.0, 0.5, 0.0, 1.0] {
            tally.add(points);
        }
        assert_eq!(
            tally,
            Tally {
                wins: 2,
                draws: 1,
                losses: 1
            }
        );
    }
}
