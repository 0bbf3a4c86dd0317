//! Practising one's own mistakes: when a puzzle comes back (spaced repetition, as a
//! Leitner box does it). A new puzzle is due at once. Each time it is solved it moves one
//! step up and comes back after the step's interval — 1, 3, 7, then 21 days — and solved once
//! more after the last it is learned: it does not come back. A puzzle failed goes back to the
//! first step and comes back in ten minutes, later in the same sitting.
//!
//! ```
//! use tak::practice::{Schedule, DAY_MS};
//! let now = 1_700_000_000_000.0;
//! let mut schedule = Schedule::new(now);
//! assert!(schedule.is_due(now));
//! schedule = schedule.solved(now);
//! assert!(!schedule.is_due(now + 0.5 * DAY_MS));
//! assert!(schedule.is_due(now + DAY_MS));
//! // Failed the next day: back in ten minutes, from the first step again.
//! schedule = schedule.failed(now + DAY_MS);
//! assert!(schedule.is_due(now + DAY_MS + 10.0 * 60_000.0));
//! assert_eq!(schedule.step, 0);
//! ```

/// A day in milliseconds (the page's times are `Date.now()`).
pub const DAY_MS: f64 = 86_400_000.0;
/// How long a solved puzzle stays away, by its step (from 0): the last is followed by
/// nothing (learned).
pub const INTERVALS_DAYS: [u32; 4] = [1, 3, 7, 21];
/// How soon a failed puzzle comes back.
pub const RETRY_MS: f64 = 10.0 * 60_000.0;

/// Where a puzzle stands. The page keeps it with the puzzle (its `due`: null once learned)
/// and asks the worker for the next one after each try (`practised` in `crate::web::wire`).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize, tsify::Tsify)]
#[tsify(missing_as_null)]
pub struct Schedule {
    /// How many times in a row it was solved (0 to [`INTERVALS_DAYS`]' length).
    pub step: u8,
    /// When it is due next (ms since 1970); `None` once learned.
    pub due: Option<f64>,
}

impl Schedule {
    /// A new puzzle, due at `now`.
    pub fn new(now: f64) -> Schedule {
        Schedule {
            step: 0,
            due: Some(now),
        }
    }

    /// Whether it is due at `now`.
    pub fn is_due(&self, now: f64) -> bool {
        self.due.is_some_and(|due| due <= now)
    }

    /// Whether it was solved often enough never to come back.
    pub fn is_learned(&self) -> bool {
        self.due.is_none()
    }

    /// Solved at `now`: one step up, away for the step's interval, or learned after the last.
    ///
    /// ```
    /// use tak::practice::{Schedule, DAY_MS};
    /// let mut s = Schedule::new(0.0);
    /// let mut away = vec![];
    /// while let Some(due) = s.due {
    ///     s = s.solved(due);
    ///     away.push(s.due.map(|d| (d - due) / DAY_MS));
    /// }
    /// assert_eq!(away, [Some(1.0), Some(3.0), Some(7.0), Some(21.0), None]);
    /// assert!(s.is_learned());
    /// ```
    pub fn solved(self, now: f64) -> Schedule {
        match INTERVALS_DAYS.get(usize::from(self.step)) {
            Some(&days) => Schedule {
                step: self.step + 1,
                due: Some(now + f64::from(days) * DAY_MS),
            },
            None => Schedule {
                step: self.step,
                due: None,
            },
        }
    }

    /// Failed at `now`: from the first step again, back in [`RETRY_MS`].
    pub fn failed(self, now: f64) -> Schedule {
        Schedule {
            step: 0,
            due: Some(now + RETRY_MS),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_late_in_the_schedule_starts_it_over() {
        let mut s = Schedule::new(0.0);
        for _ in 0..3 {
            s = s.solved(s.due.unwrap());
        }
        assert_eq!(s.step, 3);
        let at = s.due.unwrap();
        s = s.failed(at);
        assert_eq!(
            s,
            Schedule {
                step: 0,
                due: Some(at + RETRY_MS)
            }
        );
        assert_eq!(s.solved(at + RETRY_MS).due, Some(at + RETRY_MS + DAY_MS));
    }

    #[test]
    fn a_learned_puzzle_is_never_due() {
        let mut s = Schedule::new(0.0);
        while let Some(due) = s.due {
            s = s.solved(due);
        }
        assert!(!s.is_due(f64::MAX));
        // Solved again (practised by choice): still learned.
        assert!(s.solved(1e15).is_learned());
    }
}
