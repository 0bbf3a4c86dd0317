//! Milliseconds from a monotonic-enough clock, natively and in the browser (where
//! `std::time::Instant` is not available on wasm32-unknown-unknown); and a move's share of
//! a game clock, for TEI's `wtime`/`winc` and the page's clocks alike.

use crate::Position;

/// Milliseconds since some fixed point.
#[cfg(not(target_arch = "wasm32"))]
pub fn now_ms() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// Milliseconds since some fixed point.
#[cfg(target_arch = "wasm32")]
pub fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// A move's share of a clock.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClockBudget {
    /// Aim: no new depth is started past half of it.
    pub target_ms: f64,
    /// Never think longer than this.
    pub hard_ms: f64,
}

/// Shares out a clock with `left_ms` remaining and `increment_ms` per move: the time left
/// over the moves that probably remain (`moves_to_go` when the runner says, else a guess from
/// the pieces in hand: a game ends soon after a reserve runs out), plus most of the
/// increment; at most a few times that when a depth is under way, never more than a fifth of
/// what is left, and with a margin for answering so that a nearly empty clock still
/// answers before it runs out.
///
/// ```
/// use tak::ai::clock::clock_budget;
/// use tak::Position;
/// let start = Position::new(6)?;
/// let b = clock_budget(&start, 30_000.0, 300.0, None);
/// assert!(b.target_ms > 900.0 && b.target_ms < 2_000.0, "{b:?}");
/// let last = clock_budget(&start, 4.0, 0.0, None);
/// assert!(last.hard_ms < 4.0 && last.hard_ms > 0.0, "{last:?}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn clock_budget(
    pos: &Position,
    left_ms: f64,
    increment_ms: f64,
    moves_to_go: Option<f64>,
) -> ClockBudget {
    let me = pos.to_move();
    let in_hand = pos.stones_left(me) as f64 + pos.caps_left(me) as f64;
    let moves = moves_to_go
        .filter(|&m| m >= 1.0)
        .unwrap_or_else(|| (in_hand * 0.5 + 6.0).clamp(6.0, 30.0));
    // What answering costs (reading the position, the pipe): kept back from every move.
    let margin = (left_ms * 0.05).clamp(0.5, 30.0);
    let usable = (left_ms - margin).max(0.2 * left_ms).max(0.1);
    let target = (left_ms / moves + increment_ms * 0.8).min(usable);
    let hard = (target * 3.0)
        .min(left_ms * 0.2 + increment_ms * 0.8)
        .min(usable);
    ClockBudget {
        target_ms: target.min(hard),
        hard_ms: hard.max(0.1),
    }
}
