//! Game clocks: a time control (base time plus an increment per move, the PTN `Clock` tag as
//! playtak.com writes it: `10:0 +15`) and the two players' clocks counting down against it.
//!
//! The time control belongs to the game record (a tag, read and written with the PTN, and
//! the remaining time after each ply in its comments), so it lives with the engine rather
//! than the page. The clocks are plain arithmetic over times the caller supplies (the page's
//! `Date.now()`, a test's numbers): nothing here reads a clock of its own.
//!
//! ```
//! use tak::clock::{Clock, TimeControl};
//! use tak::Color;
//! let control = TimeControl::from_tag("1:0 +1")?.unwrap();
//! let mut clock = Clock::new(control);
//! clock.resume(0.0);
//! // White thinks 3 s and plays: 60 - 3 + 1 s left, and Black's clock runs.
//! assert_eq!(clock.ply_played(3_000.0), Ok(58_000.0));
//! assert_eq!(clock.left(Color::Black, 10_000.0), 53_000.0);
//! // Black lets the time run out.
//! assert_eq!(clock.check_flag(70_000.0), Some(Color::Black));
//! # Ok::<(), tak::clock::ClockError>(())
//! ```

use crate::Color;
use std::fmt;

/// The longest base time a game may have (three hours).
pub const MAX_BASE_MS: u64 = 180 * 60_000;
/// The largest increment (a minute a move).
pub const MAX_INCREMENT_MS: u64 = 60_000;
/// Under this much time left a player is warned.
pub const LOW_TIME_MS: f64 = 10_000.0;

/// Why a time control cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClockError {
    /// Not `minutes:seconds +increment` (the text given).
    Malformed(String),
    /// A base time of zero.
    NoTime,
    /// More than [`MAX_BASE_MS`].
    TooLong,
    /// An increment over [`MAX_INCREMENT_MS`].
    IncrementTooLong,
}

impl fmt::Display for ClockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClockError::Malformed(text) => write!(
                f,
                "'{text}' is not a time control (minutes:seconds +increment, as 10:0 +15)"
            ),
            ClockError::NoTime => write!(f, "the base time must be more than zero"),
            ClockError::TooLong => write!(f, "the base time is at most 180 minutes"),
            ClockError::IncrementTooLong => write!(f, "the increment is at most 60 seconds"),
        }
    }
}

impl std::error::Error for ClockError {}

/// Base time and increment, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    pub base_ms: u64,
    pub increment_ms: u64,
}

impl TimeControl {
    /// A time control within the limits (more than nothing, at most three hours, an
    /// increment of at most a minute).
    pub fn new(base_ms: u64, increment_ms: u64) -> Result<TimeControl, ClockError> {
        if base_ms == 0 {
            return Err(ClockError::NoTime);
        }
        if base_ms > MAX_BASE_MS {
            return Err(ClockError::TooLong);
        }
        if increment_ms > MAX_INCREMENT_MS {
            return Err(ClockError::IncrementTooLong);
        }
        Ok(TimeControl {
            base_ms,
            increment_ms,
        })
    }

    /// Reads a `Clock` tag: `10:0 +15` (minutes:seconds), `30 +20` (seconds), `1:0:0 +20`
    /// (hours), the increment optional; `none` or nothing is no clock.
    ///
    /// ```
    /// use tak::clock::{ClockError, TimeControl};
    /// assert_eq!(TimeControl::from_tag("10:0 +15"), Ok(Some(TimeControl { base_ms: 600_000, increment_ms: 15_000 })));
    /// assert_eq!(TimeControl::from_tag("30 +20").unwrap().unwrap().base_ms, 30_000);
    /// assert_eq!(TimeControl::from_tag("1:0:0 +20").unwrap().unwrap().base_ms, 3_600_000);
    /// assert_eq!(TimeControl::from_tag("none"), Ok(None));
    /// assert_eq!(TimeControl::from_tag("0:0 +5"), Err(ClockError::NoTime));
    /// assert!(matches!(TimeControl::from_tag("ten minutes"), Err(ClockError::Malformed(_))));
    /// ```
    pub fn from_tag(text: &str) -> Result<Option<TimeControl>, ClockError> {
        let text = text.trim();
        if text.is_empty() || text.eq_ignore_ascii_case("none") {
            return Ok(None);
        }
        let malformed = || ClockError::Malformed(text.chars().take(40).collect());
        let (base, increment) = match text.split_once('+') {
            Some((b, i)) => (b.trim(), Some(i.trim())),
            None => (text, None),
        };
        let mut seconds: u64 = 0;
        let parts: Vec<&str> = base.split(':').collect();
        if parts.len() > 3 {
            return Err(malformed());
        }
        for (i, part) in parts.iter().enumerate() {
            let n = small_number(part).ok_or_else(malformed)?;
            // Below the leading part, minutes and seconds run to 59.
            if i > 0 && n > 59 {
                return Err(malformed());
            }
            seconds = seconds * 60 + n;
        }
        let increment = match increment {
            Some(i) => small_number(i).ok_or_else(malformed)?,
            None => 0,
        };
        TimeControl::new(seconds * 1000, increment * 1000).map(Some)
    }

    /// The `Clock` tag: `10:0 +15` (minutes:seconds +increment in seconds).
    ///
    /// ```
    /// use tak::clock::TimeControl;
    /// assert_eq!(TimeControl::new(600_000, 15_000).unwrap().tag(), "10:0 +15");
    /// assert_eq!(TimeControl::new(90_000, 0).unwrap().tag(), "1:30 +0");
    /// ```
    pub fn tag(&self) -> String {
        let seconds = self.base_ms / 1000;
        format!(
            "{}:{} +{}",
            seconds / 60,
            seconds % 60,
            self.increment_ms / 1000
        )
    }

    /// The short name players use: `10+15` (minutes+seconds); a base that is not whole
    /// minutes as `0:30+1`.
    pub fn short(&self) -> String {
        let seconds = self.base_ms / 1000;
        let inc = self.increment_ms / 1000;
        if seconds.is_multiple_of(60) {
            format!("{}+{inc}", seconds / 60)
        } else {
            format!("{}:{}+{inc}", seconds / 60, two_digits(seconds % 60))
        }
    }
}

/// A whole number of at most six digits (no sign, no fraction).
fn small_number(text: &str) -> Option<u64> {
    let text = text.trim();
    if text.is_empty() || text.len() > 6 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

fn two_digits(n: u64) -> String {
    let mut s = String::with_capacity(2);
    s.push(char::from(b'0' + (n / 10 % 10) as u8));
    s.push(char::from(b'0' + (n % 10) as u8));
    s
}

/// Time left as a player reads it on a clock: `9:58`, `1:02:03`, and under ten seconds
/// with tenths, `9.4`. Rounded up, so that `0:01` shows until the time is really gone.
///
/// ```
/// use tak::clock::display;
/// assert_eq!(display(600_000.0), "10:00");
/// assert_eq!(display(59_001.0), "1:00");
/// assert_eq!(display(3_723_000.0), "1:02:03");
/// assert_eq!(display(9_420.0), "9.5");
/// assert_eq!(display(0.0), "0.0");
/// ```
pub fn display(ms: f64) -> String {
    let ms = ms.max(0.0);
    if ms < LOW_TIME_MS {
        let tenths = (ms / 100.0).ceil() as u64;
        return format!("{}.{}", tenths / 10, tenths % 10);
    }
    let seconds = (ms / 1000.0).ceil() as u64;
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{}:{}", two_digits(m), two_digits(s))
    } else {
        format!("{m}:{}", two_digits(s))
    }
}

/// The comment that records a player's time left after their ply: `clock 9:58.3`
/// (minutes:seconds.tenths).
///
/// ```
/// use tak::clock::{clock_comment, read_clock_comment};
/// assert_eq!(clock_comment(598_340.0), "clock 9:58.3");
/// assert_eq!(read_clock_comment("clock 9:58.3"), Some(598_300.0));
/// assert_eq!(read_clock_comment("clock 1:02:03"), Some(3_723_000.0));
/// assert_eq!(read_clock_comment("a clock comment"), None);
/// ```
pub fn clock_comment(ms: f64) -> String {
    let tenths = (ms.max(0.0) / 100.0).floor() as u64;
    let seconds = tenths / 10;
    format!(
        "clock {}:{}.{}",
        seconds / 60,
        two_digits(seconds % 60),
        tenths % 10
    )
}

/// The time a [`clock_comment`] records, if `comment` is one (`clock H:MM:SS`, `clock
/// M:SS`, with or without tenths).
pub fn read_clock_comment(comment: &str) -> Option<f64> {
    let text = comment.trim().strip_prefix("clock ")?.trim();
    let (whole, tenths) = match text.split_once('.') {
        Some((w, t)) if t.len() == 1 => (w, small_number(t)?),
        Some(_) => return None,
        None => (text, 0),
    };
    let parts: Vec<&str> = whole.split(':').collect();
    if parts.len() < 2 || parts.len() > 3 {
        return None;
    }
    let mut seconds = 0;
    for (i, part) in parts.iter().enumerate() {
        let n = small_number(part)?;
        if i > 0 && n > 59 {
            return None;
        }
        seconds = seconds * 60 + n;
    }
    Some((seconds * 1000 + tenths * 100) as f64)
}

/// Both players' clocks under one time control: the time each has left, whose clock runs
/// and since when, and whose time ran out.
#[derive(Clone, Debug, PartialEq)]
pub struct Clock {
    pub control: TimeControl,
    /// Milliseconds left, white's then black's (the running side's as of `since`).
    left: [f64; 2],
    /// Whose turn it is on the clock.
    turn: Color,
    /// While the clock runs: when the side to move was last charged.
    since: Option<f64>,
    flagged: Option<Color>,
}

fn index(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl Clock {
    /// Both sides at the base time, white to move, stopped.
    pub fn new(control: TimeControl) -> Clock {
        let base = control.base_ms as f64;
        Clock {
            control,
            left: [base, base],
            turn: Color::White,
            since: None,
            flagged: None,
        }
    }

    /// Time left for `color` at `now` (never below zero).
    pub fn left(&self, color: Color, now: f64) -> f64 {
        let mut left = self.left[index(color)];
        if let Some(since) = self.since.filter(|_| color == self.turn) {
            left -= (now - since).max(0.0);
        }
        left.max(0.0)
    }

    /// Whose turn it is on the clock.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Whether the side to move's clock is running.
    pub fn is_running(&self) -> bool {
        self.since.is_some()
    }

    /// The side whose time ran out, if any.
    pub fn flagged(&self) -> Option<Color> {
        self.flagged
    }

    /// Starts (or restarts) the side to move's clock at `now`; a flagged clock stays stopped.
    pub fn resume(&mut self, now: f64) {
        if self.since.is_none() && self.flagged.is_none() {
            self.since = Some(now);
        }
    }

    /// Stops the clock at `now`, keeping what was spent.
    pub fn pause(&mut self, now: f64) {
        self.charge(now);
        self.since = None;
    }

    fn charge(&mut self, now: f64) {
        if let Some(since) = self.since {
            let i = index(self.turn);
            self.left[i] = (self.left[i] - (now - since).max(0.0)).max(0.0);
            self.since = Some(now);
        }
    }

    /// The side to move played at `now`: its time is charged, the increment added, and the
    /// other side's clock takes over (running if this one ran). Returns the mover's time
    /// left; if it had run out before the ply, the ply is too late: `Err(mover)`, flagged.
    pub fn ply_played(&mut self, now: f64) -> Result<f64, Color> {
        let mover = self.turn;
        if let Some(flagged) = self.check_flag(now) {
            return Err(flagged);
        }
        let running = self.since.is_some();
        self.charge(now);
        let i = index(mover);
        self.left[i] += self.control.increment_ms as f64;
        self.turn = !mover;
        self.since = running.then_some(now);
        Ok(self.left[i])
    }

    /// Whether the side to move's time has run out by `now`: the clock stops there, with
    /// that side flagged.
    pub fn check_flag(&mut self, now: f64) -> Option<Color> {
        if self.flagged.is_none() && self.since.is_some() && self.left(self.turn, now) <= 0.0 {
            self.charge(now);
            self.since = None;
            self.left[index(self.turn)] = 0.0;
            self.flagged = Some(self.turn);
        }
        self.flagged
    }

    /// A flag taken back (the loss on time undone): the clock may run again, though a side
    /// with no time left flags again at once.
    pub fn unflag(&mut self) {
        self.flagged = None;
    }

    /// Sets the times left and whose turn it is, stopped (a ply further back taken up: the
    /// clocks as they were then).
    pub fn set(&mut self, white_ms: f64, black_ms: f64, turn: Color) {
        self.left = [white_ms.max(0.0), black_ms.max(0.0)];
        self.turn = turn;
        self.since = None;
        self.flagged = None;
    }

    /// A line for a saved game: `clock <white ms> <black ms> <turn> running|paused|flag`,
    /// the times as of `now`.
    pub fn save(&self, now: f64) -> String {
        let state = if self.flagged.is_some() {
            "flag"
        } else if self.is_running() {
            "running"
        } else {
            "paused"
        };
        format!(
            "clock {} {} {} {state}",
            self.left(Color::White, now).round() as u64,
            self.left(Color::Black, now).round() as u64,
            if self.turn == Color::White { "w" } else { "b" },
        )
    }

    /// Reads a [`Clock::save`] line for a game of `control`: the clock, stopped, and
    /// whether it ran when saved. `None` for a line that is not one.
    pub fn restore(control: TimeControl, line: &str) -> Option<(Clock, bool)> {
        let mut words = line.split_whitespace();
        if words.next()? != "clock" {
            return None;
        }
        let mut ms = || -> Option<f64> {
            let n: u64 = words.next()?.parse().ok()?;
            Some(n.min(MAX_BASE_MS * 4) as f64)
        };
        let (white, black) = (ms()?, ms()?);
        let turn = match words.next()? {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return None,
        };
        let state = words.next()?;
        let mut clock = Clock::new(control);
        clock.set(white, black, turn);
        match state {
            "running" => Some((clock, true)),
            "paused" => Some((clock, false)),
            "flag" => {
                clock.left[index(turn)] = 0.0;
                clock.flagged = Some(turn);
                Some((clock, false))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(base_s: u64, inc_s: u64) -> Clock {
        Clock::new(TimeControl::new(base_s * 1000, inc_s * 1000).unwrap())
    }

    #[test]
    fn each_ply_charges_the_mover_and_adds_the_increment() {
        let mut c = clock(60, 2);
        c.resume(1_000.0);
        assert_eq!(c.ply_played(6_000.0), Ok(57_000.0)); // white: 60 - 5 + 2
        assert_eq!(c.turn(), Color::Black);
        assert_eq!(
            c.left(Color::White, 50_000.0),
            57_000.0,
            "white's clock stands"
        );
        assert_eq!(c.ply_played(16_000.0), Ok(52_000.0)); // black: 60 - 10 + 2
        assert_eq!(
            c.left(Color::White, 17_500.0),
            55_500.0,
            "white's runs again"
        );
        assert_eq!(c.control.tag(), "1:0 +2");
    }

    #[test]
    fn the_side_to_move_flags_when_its_time_is_gone_and_a_late_ply_is_refused() {
        let mut c = clock(5, 1);
        c.resume(0.0);
        assert_eq!(c.check_flag(4_999.0), None);
        assert_eq!(c.check_flag(5_000.0), Some(Color::White));
        assert!(!c.is_running());
        assert_eq!(c.left(Color::White, 9_000.0), 0.0);
        assert_eq!(c.left(Color::Black, 9_000.0), 5_000.0);
        // A ply arriving after the flag does not count, and gets no increment.
        let mut late = clock(5, 1);
        late.resume(0.0);
        assert_eq!(late.ply_played(5_200.0), Err(Color::White));
        assert_eq!(late.turn(), Color::White);
        assert_eq!(late.left(Color::White, 6_000.0), 0.0);
    }

    #[test]
    fn a_paused_clock_spends_nothing_and_resumes_where_it_stood() {
        let mut c = clock(60, 0);
        c.resume(0.0);
        c.pause(10_000.0);
        assert_eq!(c.left(Color::White, 500_000.0), 50_000.0);
        assert_eq!(c.check_flag(500_000.0), None, "a paused clock never flags");
        c.resume(500_000.0);
        assert_eq!(c.left(Color::White, 505_000.0), 45_000.0);
        // A ply played while paused switches sides but starts nothing.
        c.pause(505_000.0);
        assert_eq!(c.ply_played(600_000.0), Ok(45_000.0));
        assert!(!c.is_running());
        assert_eq!(c.left(Color::Black, 700_000.0), 60_000.0);
    }

    #[test]
    fn a_saved_clock_comes_back_with_its_times_turn_and_state() {
        let mut c = clock(180, 5);
        c.resume(0.0);
        c.ply_played(2_000.0).unwrap();
        let line = c.save(4_000.0);
        assert_eq!(line, "clock 183000 178000 b running");
        let (back, running) = Clock::restore(c.control, &line).unwrap();
        assert!(running && !back.is_running());
        assert_eq!(back.left(Color::Black, 0.0), 178_000.0);
        assert_eq!(back.turn(), Color::Black);
        c.check_flag(1_000_000.0);
        let (flagged, running) = Clock::restore(c.control, &c.save(1_000_000.0)).unwrap();
        assert_eq!((flagged.flagged(), running), (Some(Color::Black), false));
        assert_eq!(Clock::restore(c.control, "clock 1 2 x running"), None);
        assert_eq!(Clock::restore(c.control, "clock 1 2 w"), None);
    }

    #[test]
    fn time_controls_out_of_bounds_or_malformed_are_refused() {
        assert_eq!(TimeControl::new(0, 0), Err(ClockError::NoTime));
        assert_eq!(
            TimeControl::new(MAX_BASE_MS + 1000, 0),
            Err(ClockError::TooLong)
        );
        assert_eq!(
            TimeControl::new(60_000, 61_000),
            Err(ClockError::IncrementTooLong)
        );
        assert!(TimeControl::new(MAX_BASE_MS, MAX_INCREMENT_MS).is_ok());
        for bad in ["10:0 +", "10:61 +5", "-5 +1", "10:0 +1.5", "1:2:3:4", "10m"] {
            assert!(
                matches!(TimeControl::from_tag(bad), Err(ClockError::Malformed(_))),
                "{bad}"
            );
        }
        assert_eq!(TimeControl::from_tag("181:0 +0"), Err(ClockError::TooLong));
        assert_eq!(
            TimeControl::from_tag("10:0+15").unwrap().unwrap().short(),
            "10+15"
        );
        assert_eq!(
            TimeControl::from_tag("0:30 +1").unwrap().unwrap().short(),
            "0:30+1"
        );
        assert_eq!(
            TimeControl::from_tag(&TimeControl::new(5_000, 1_000).unwrap().tag()),
            Ok(Some(TimeControl::new(5_000, 1_000).unwrap()))
        );
    }
}
