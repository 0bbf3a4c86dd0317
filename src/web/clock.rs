//! The board's game clocks: the engine's [`Clock`] kept in step with the game shown.
//!
//! - The time control is the game's `Clock` tag; a game the page starts gets it from New
//!   game, a game read from text keeps its own (its clocks then wait, paused, until asked).
//! - The clock belongs to one place in the tree, `clock_path` (the last ply played). It runs
//!   only while that ply is shown, the game goes on, and neither the reader (the pause
//!   button) nor the page (a dialog open, the tab hidden) holds it. Looking back stops it.
//! - After each ply the mover's time left is written into the ply's comments
//!   (`clock 9:58.3`), so a PTN carries them and looking back shows the clocks of that ply.
//! - A ply played anywhere else (a take-back, a variation) first sets the clocks to those
//!   recorded at that ply, then goes on from there.
//! - The time comes from the host ([`Board::set_time`]): tests drive it by hand.
//! - Clocks are the study build's: the first visit's build has none (each entry point
//!   below returns at once there, so none of this is in its wasm), and the page moves a
//!   board into the study build before it starts a game on the clock.

use super::i18n::Message;
use super::json::json_object;
use super::record::GameRecord;
use super::state::{Board, Event};
use crate::clock::{clock_comment, display, read_clock_comment, Clock, TimeControl, LOW_TIME_MS};
use crate::Color;

/// The clocks as the page shows them.
#[derive(Clone, Debug, PartialEq)]
pub struct ClockStatus {
    /// Milliseconds left, white's then black's, as of the time given.
    pub left: [u64; 2],
    /// The same as a player reads them: `9:58`, `9.4`.
    pub text: [String; 2],
    /// Whose clock runs (`white`, `black`), if any.
    pub running: Option<&'static str>,
    /// Whose turn it is on the clock.
    pub turn: &'static str,
    /// The reader paused the clocks.
    pub paused: bool,
    /// Whether the clocks shown are the live ones (the last ply played is shown), rather
    /// than those recorded at an earlier ply.
    pub live: bool,
    /// Whose time is short ([`LOW_TIME_MS`]), white and black.
    pub low: [bool; 2],
    /// Whose time ran out.
    pub flagged: Option<&'static str>,
    /// `10+15`.
    pub control: String,
}

json_object!(ClockStatus {
    left,
    text,
    running,
    turn,
    paused,
    live,
    low,
    flagged,
    control
});

/// Whether this build has clocks (the study build and native ones; not the first visit's).
pub(super) const CLOCKS: bool = cfg!(feature = "study");

impl Board {
    /// The host's time now, in milliseconds (the page's `Date.now()`): what the clocks read.
    pub fn set_time(&mut self, now: f64) {
        if now.is_finite() {
            self.now = now;
        }
    }

    /// A game the page starts with `control` (none: no clocks): written into its `Clock`
    /// tag, and its clocks run at once for the first player.
    pub fn start_clock(&mut self, control: Option<TimeControl>) {
        if !CLOCKS {
            return;
        }
        match control {
            Some(c) => self.record.game.set_tag("Clock", &c.tag()),
            None => self.record.game.remove_tag("Clock"),
        }
        self.run_clock();
    }

    /// A game the page starts with its `Clock` tag set (a match's next game): its clocks, if
    /// any, run at once for the first player.
    pub(super) fn run_clock(&mut self) {
        if !CLOCKS {
            return;
        }
        self.record.read_clock();
        self.record.clock_paused = false;
        self.update_clock();
        self.dirty = true;
    }

    /// Starts or stops the clock as the situation asks: it runs only at its own ply, in a
    /// game still going on, held by no one.
    pub(super) fn update_clock(&mut self) {
        if !CLOCKS {
            return;
        }
        let now = self.now;
        let live = self.record.game.path() == self.record.clock_path.as_slice();
        let over = self.record.game.outcome().is_some();
        let hold = self.record.clock_paused || self.clock_hold;
        let Some(clock) = self.record.clock.as_mut() else {
            return;
        };
        if live && !over && clock.flagged().is_some() {
            // A loss on time taken back: the clock may run again (and flags again if empty).
            clock.unflag();
        }
        if live && !over && !hold {
            clock.resume(now);
        } else {
            clock.pause(now);
        }
    }

    /// Before a ply is played at `now`: a flag that fell meanwhile ends the game first; a
    /// ply away from the clock's place (a take-back) takes up the clocks recorded there.
    pub(super) fn clock_before_ply(&mut self) {
        if !CLOCKS {
            return;
        }
        if self.record.clock.is_none() {
            return;
        }
        self.clock_tick(self.now);
        if self.record.game.path() != self.record.clock_path.as_slice() {
            self.record.reset_clock_to_shown_ply();
            self.record.clock_path = self.record.game.path().to_vec();
            self.update_clock();
        }
    }

    /// After a ply: the mover's clock stops with the increment added, recorded in the ply's
    /// comments, and the other side's runs.
    pub(super) fn clock_after_ply(&mut self) {
        if !CLOCKS {
            return;
        }
        let now = self.now;
        let Some(clock) = self.record.clock.as_mut() else {
            return;
        };
        if let Ok(left) = clock.ply_played(now) {
            let path = self.record.game.path().to_vec();
            if let Some(node) = self.record.game.node_mut(&path) {
                node.comments.retain(|c| read_clock_comment(c).is_none());
                node.comments.push(clock_comment(left));
            }
        }
        self.record.clock_path = self.record.game.path().to_vec();
        self.update_clock();
    }

    /// The page's clock tick at `now`: a side whose time ran out loses on time. Returns
    /// whether the game ended so.
    pub fn clock_tick(&mut self, now: f64) -> bool {
        if !CLOCKS {
            return false;
        }
        self.set_time(now);
        let Some(clock) = self.record.clock.as_mut() else {
            return false;
        };
        let Some(loser) = clock.check_flag(now) else {
            return false;
        };
        if self.record.game.outcome().is_some()
            || self.record.game.path() != self.record.clock_path.as_slice()
        {
            return false;
        }
        self.record.game.lose_on_time(loser);
        self.position_changed();
        self.message = Some(Message::new("clock.flag_fell"));
        self.message_serial = self.message_serial.wrapping_add(1);
        self.events.push(Event::Navigate {
            ply: self.record.game.len(),
        });
        self.dirty = true;
        true
    }

    /// The reader pauses (true) or resumes (false) the clocks.
    pub fn pause_clock(&mut self, paused: bool) {
        if !CLOCKS {
            return;
        }
        self.record.clock_paused = paused;
        self.update_clock();
    }

    /// The page holds the clocks (a dialog open, the tab hidden) or lets them go.
    pub fn hold_clock(&mut self, hold: bool) {
        if !CLOCKS {
            return;
        }
        if self.clock_hold != hold {
            self.clock_hold = hold;
            self.update_clock();
        }
    }

    /// The clocks at the time last given: the live ones at the clock's ply, else those
    /// recorded at the ply shown. `None` for a game without clocks.
    pub fn clock_status(&self) -> Option<ClockStatus> {
        if !CLOCKS {
            return None;
        }
        let clock = self.record.clock.as_ref()?;
        let live = self.record.game.path() == self.record.clock_path.as_slice();
        let (left, turn, running) = if live {
            let left = [
                clock.left(Color::White, self.now),
                clock.left(Color::Black, self.now),
            ];
            (
                left,
                clock.turn(),
                clock.is_running().then_some(clock.turn()),
            )
        } else {
            let base = clock.control.base_ms as f64;
            let recorded = self.record.recorded_times(self.record.game.path());
            (
                [recorded[0].unwrap_or(base), recorded[1].unwrap_or(base)],
                self.position().to_move(),
                None,
            )
        };
        let flagged = match self.record.game.outcome() {
            Some(o) if o.reason == crate::EndReason::Time => o.winner.map(|w| (!w).name()),
            _ => None,
        };
        Some(ClockStatus {
            left: left.map(|ms| ms.round() as u64),
            text: left.map(display),
            running: running.map(Color::name),
            turn: turn.name(),
            paused: self.record.clock_paused,
            live,
            low: left.map(|ms| ms < LOW_TIME_MS),
            flagged,
            control: clock.control.short(),
        })
    }

    /// For the computer's search: `[white ms, black ms, white increment, black increment]`
    /// at the time last given, while the clocks are live.
    pub fn clock_for_search(&self) -> Option<[u64; 4]> {
        if !CLOCKS {
            return None;
        }
        let clock = self.record.clock.as_ref()?;
        let inc = clock.control.increment_ms;
        Some([
            clock.left(Color::White, self.now).round() as u64,
            clock.left(Color::Black, self.now).round() as u64,
            inc,
            inc,
        ])
    }
}

impl GameRecord {
    /// The clocks of the game read from its `Clock` tag (after a load): the times recorded
    /// at the ply shown, paused until the reader starts them.
    pub(super) fn read_clock(&mut self) {
        if !CLOCKS {
            return;
        }
        // Its tag was checked when the game was read (`GameSettings::read_option_tags`).
        let tag = self.game.tag("Clock");
        let control = tag.and_then(|t| TimeControl::from_tag(t).ok().flatten());
        self.clock = control.map(Clock::new);
        self.clock_paused = true;
        self.clock_path = self.game.path().to_vec();
        self.reset_clock_to_shown_ply();
    }

    /// The clocks as recorded at the ply shown: each side's time after its last ply on the
    /// way here (the base time before its first), stopped, the side to move's turn.
    pub(super) fn reset_clock_to_shown_ply(&mut self) {
        let Some(clock) = &self.clock else {
            return;
        };
        let base = clock.control.base_ms as f64;
        let recorded = self.recorded_times(self.game.path());
        let turn = self.game.position().to_move();
        let clock = self.clock.as_mut().expect("checked");
        clock.set(
            recorded[0].unwrap_or(base),
            recorded[1].unwrap_or(base),
            turn,
        );
    }

    /// Each side's time left after its last ply along `path`, as its comments record it.
    pub(super) fn recorded_times(&self, path: &[usize]) -> [Option<f64>; 2] {
        let mut times = [None, None];
        let mut mover = self.game.start().to_move();
        for depth in 1..=path.len() {
            let recorded = self
                .game
                .comments(&path[..depth])
                .iter()
                .find_map(|c| read_clock_comment(c));
            if let Some(ms) = recorded {
                times[usize::from(mover == Color::Black)] = Some(ms);
            }
            mover = !mover;
        }
        times
    }

    /// Takes up a saved clock line after the game was restored: the live times, and whether
    /// they run (a game lost on time stays lost on time). A line that cannot be read leaves
    /// the clocks as the game's comments record them.
    pub fn restore_clock_line(&mut self, line: &str) {
        if !CLOCKS {
            return;
        }
        let Some(control) = self.clock.as_ref().map(|c| c.control) else {
            return;
        };
        let Some((clock, running)) = Clock::restore(control, line) else {
            return;
        };
        let flagged = clock.flagged();
        self.clock = Some(clock);
        self.clock_path = self.game.path().to_vec();
        self.clock_paused = !running;
        if let Some(loser) = flagged {
            if matches!(self.game.outcome(), Some(o) if o.reason == crate::EndReason::Resignation && o.winner == Some(!loser))
            {
                // PTN writes a loss on time as a resignation: the save knows better.
                self.game.set_ended_by_players(Some(crate::Outcome {
                    winner: Some(!loser),
                    reason: crate::EndReason::Time,
                }));
            }
        }
    }

    /// The clock line of a save (`clock …`, see [`Clock::save`]) at `now` (ms since 1970),
    /// if the game has clocks. `held`: only the page holds them (the tab being hidden as it
    /// closes): saved as running, so that a reload goes on.
    pub fn clock_save_line(&self, now: f64, held: bool) -> Option<String> {
        if !CLOCKS {
            return None;
        }
        let clock = self.clock.as_ref()?;
        let mut line = clock.save(now);
        if held && !self.clock_paused && line.ends_with(" paused") {
            let live = self.game.path() == self.clock_path.as_slice();
            if live && self.game.outcome().is_none() {
                line.truncate(line.len() - " paused".len());
                line.push_str(" running");
            }
        }
        Some(line)
    }
}

#[cfg(test)]
mod tests {
    use super::super::config::BoardOptions;
    use super::super::storage;
    use super::*;
    use crate::{Config, EndReason};

    fn timed_board(tag: &str) -> Board {
        let mut b = Board::with_config(Config::standard(5).unwrap(), BoardOptions::default());
        b.set_time(1_000.0);
        b.start_clock(TimeControl::from_tag(tag).unwrap());
        b
    }

    fn play_at(b: &mut Board, now: f64, ply: &str) {
        b.set_time(now);
        b.play_ptn(ply).unwrap();
    }

    #[test]
    fn plies_switch_the_clocks_add_the_increment_and_record_the_time_left() {
        let mut b = timed_board("1:0 +2");
        play_at(&mut b, 6_000.0, "a1"); // white spent 5 s
        play_at(&mut b, 16_000.0, "e5"); // black spent 10 s
        b.set_time(17_000.0);
        let s = b.clock_status().unwrap();
        assert_eq!(s.left, [56_000, 52_000]);
        assert_eq!(s.running, Some("white"));
        assert_eq!(s.text, ["0:56".to_string(), "0:52".to_string()]);
        assert_eq!(b.record.game.comments(&[0]), ["clock 0:57.0"]);
        assert_eq!(b.record.game.tag("Clock"), Some("1:0 +2"));
        let ptn = b.ptn();
        assert!(ptn.contains("[Clock \"1:0 +2\"]"), "{ptn}");
        assert!(ptn.contains("{clock 0:52.0}"), "{ptn}");
        // Reading it back keeps the time control and the times recorded.
        let mut other = Board::with_config(Config::standard(5).unwrap(), BoardOptions::default());
        other.load_text(&ptn).unwrap();
        let s = other.clock_status().unwrap();
        assert_eq!(
            (s.left, s.paused, s.running),
            ([57_000, 52_000], true, None)
        );
    }

    #[test]
    fn a_flag_ends_the_game_on_time_and_a_late_ply_is_refused() {
        let mut b = timed_board("0:5 +1");
        play_at(&mut b, 3_000.0, "a1");
        // White spent 2 s and got 1 back: black's 5 s run from 3 s.
        assert!(!b.clock_tick(7_999.0), "black has until 8 s");
        assert!(b.clock_tick(8_000.0));
        let o = b.record.game.outcome().unwrap();
        assert_eq!((o.winner, o.reason), (Some(Color::White), EndReason::Time));
        assert!(b.ptn().contains("1-0"));
        let s = b.status();
        assert!(s.result.unwrap().text.contains("on time"));
        assert_eq!(b.clock_status().unwrap().flagged, Some("black"));
        // A ply that comes after the flag fell: refused, the game lost on time.
        let mut late = timed_board("0:5 +1");
        late.set_time(6_500.0);
        assert!(late.play_ptn("a1").is_err());
        assert_eq!(
            late.record.game.outcome().map(|o| o.reason),
            Some(EndReason::Time)
        );
        assert!(late.record.game.is_empty());
    }

    #[test]
    fn looking_back_stops_the_clock_and_a_take_back_restores_the_times_of_that_ply() {
        let mut b = timed_board("1:0 +0");
        play_at(&mut b, 11_000.0, "a1"); // white 50 s left
        play_at(&mut b, 31_000.0, "e5"); // black 40 s left
        play_at(&mut b, 41_000.0, "c3"); // white 40 s left
        b.set_time(45_000.0);
        b.undo();
        let s = b.clock_status().unwrap();
        assert!(!s.live && s.running.is_none());
        assert_eq!(s.left, [50_000, 40_000], "as recorded after e5");
        // Nothing is spent while looking back.
        b.set_time(100_000.0);
        b.redo();
        let s = b.clock_status().unwrap();
        assert_eq!((s.left, s.running), ([40_000, 36_000], Some("black")));
        // Take back c3 and play another ply: white's time is as it was after e5.
        b.undo();
        play_at(&mut b, 102_000.0, "c2");
        b.set_time(102_000.0);
        let s = b.clock_status().unwrap();
        assert_eq!(s.left, [50_000, 40_000]);
        assert_eq!(s.running, Some("black"));
    }

    #[test]
    fn taking_back_a_loss_on_time_goes_back_to_a_ply_with_time_left() {
        let mut b = timed_board("0:5 +1");
        play_at(&mut b, 3_000.0, "a1"); // white: 4 s left
        assert!(b.clock_tick(9_000.0)); // black never answered
        assert!(b.undo());
        assert_eq!(b.record.game.outcome(), None);
        assert_eq!(b.record.game.len(), 0, "back before a1");
        let s = b.clock_status().unwrap();
        assert_eq!((s.live, s.left), (false, [5_000, 5_000]));
        // Played again from there: the clocks go on from that ply's, nothing flags.
        play_at(&mut b, 20_000.0, "e5");
        assert!(!b.clock_tick(20_500.0));
        assert_eq!(b.clock_status().unwrap().left, [6_000, 4_500]);
    }

    #[test]
    fn the_reader_and_the_page_pause_the_clocks() {
        let mut b = timed_board("1:0 +0");
        b.set_time(5_000.0);
        b.pause_clock(true);
        b.set_time(50_000.0);
        assert_eq!(b.clock_status().unwrap().left[0], 56_000);
        assert!(!b.clock_tick(500_000.0));
        b.set_time(60_000.0);
        b.pause_clock(false);
        b.hold_clock(true); // a dialog opens
        b.set_time(90_000.0);
        b.hold_clock(false);
        b.set_time(91_000.0);
        assert_eq!(b.clock_status().unwrap().left[0], 55_000);
    }

    #[test]
    fn a_save_keeps_both_clocks_the_running_side_and_a_loss_on_time() {
        let mut b = timed_board("3:0 +5");
        play_at(&mut b, 4_000.0, "a1");
        b.set_time(10_000.0);
        let saved = storage::save(&b.record, b.now, b.clock_hold);
        assert!(saved.contains("clock 182000 174000 b running"), "{saved}");
        let mut other = Board::with_config(Config::standard(5).unwrap(), BoardOptions::default());
        other.set_time(1_000_000.0);
        other.restore(&saved).unwrap();
        other.set_time(1_002_000.0);
        let s = other.clock_status().unwrap();
        assert_eq!((s.left, s.running), ([182_000, 172_000], Some("black")));
        // Lost on time: still lost on time after a reload (PTN alone says `1-0`).
        b.clock_tick(1_000_000.0);
        let mut again = Board::with_config(Config::standard(5).unwrap(), BoardOptions::default());
        again
            .restore(&storage::save(&b.record, b.now, b.clock_hold))
            .unwrap();
        assert_eq!(
            again.record.game.outcome().map(|o| o.reason),
            Some(EndReason::Time)
        );
        assert_eq!(again.clock_status().unwrap().flagged, Some("black"));
    }

    #[test]
    fn a_malformed_clock_tag_is_refused_naming_it() {
        let mut b = Board::with_config(Config::standard(5).unwrap(), BoardOptions::default());
        b.play_ptn("a1").unwrap();
        let err = b
            .load_text("[Size \"5\"]\n[Clock \"ten minutes\"]\n1. a1 e5")
            .unwrap_err();
        assert!(
            err.contains("tag Clock") && err.contains("ten minutes"),
            "{err}"
        );
        assert_eq!(b.record.game.len(), 1, "the game on the board is untouched");
        let err = b
            .load_text("[Size \"5\"]\n[Clock \"0:0 +0\"]\n1. a1 e5")
            .unwrap_err();
        assert!(err.contains("more than zero"), "{err}");
    }
}
