//! Playing strength: levels as plain data, from a beginner's opponent to the strongest the
//! search can be in its budget.

use super::search::{SearchLimits, SearchResult, Searcher, WIN_THRESHOLD};
use crate::{Move, Position};

/// One level of play.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    pub number: u8,
    pub name: &'static str,
    /// Weak levels score every move at this depth and pick among the good ones at random.
    pub noisy_depth: Option<u8>,
    /// How far (hundredths of a flat) a noisy level's choice may fall short of the best.
    pub noise: i32,
    /// Strong levels search within these limits.
    pub limits: SearchLimits,
}

/// A searching level's limits: `nodes` nodes, and no more than `ms` milliseconds on a slow
/// device.
const fn searching(nodes: u64, ms: f64) -> SearchLimits {
    SearchLimits {
        depth: None,
        nodes: Some(nodes),
        time_ms: Some(ms),
        target_ms: Some(ms),
    }
}

/// The levels, weakest first.
///
/// The weakest two look two plies ahead, so they always take a road in one and never leave
/// one open when they can help it, but they choose among reasonable moves at random. The
/// others search: node budgets make them equally strong on any machine; the time limits
/// only keep a slow device from waiting too long.
pub const LEVELS: [Level; 6] = [
    Level {
        number: 1,
        name: "Beginner",
        noisy_depth: Some(2),
        noise: 250,
        limits: SearchLimits::NONE,
    },
    Level {
        number: 2,
        name: "Casual",
        noisy_depth: Some(2),
        noise: 60,
        limits: SearchLimits::NONE,
    },
    Level {
        number: 3,
        name: "Club",
        noisy_depth: None,
        noise: 0,
        limits: searching(8_000, 1_000.0),
    },
    Level {
        number: 4,
        name: "Strong",
        noisy_depth: None,
        noise: 0,
        limits: searching(60_000, 3_000.0),
    },
    Level {
        number: 5,
        name: "Expert",
        noisy_depth: None,
        noise: 0,
        limits: searching(300_000, 6_000.0),
    },
    Level {
        number: 6,
        name: "Master",
        noisy_depth: None,
        noise: 0,
        limits: searching(1_500_000, 10_000.0),
    },
];

impl Level {
    /// Level `n` (1 to 6), clamped.
    pub fn get(n: u8) -> Level {
        LEVELS[(n.clamp(1, LEVELS.len() as u8) - 1) as usize]
    }

    /// This level playing on a clock with `left` ms and `increment` ms a move (the page's
    /// game clocks, as TEI's `wtime`/`winc` give them): it thinks no longer than its level
    /// allows nor than its share of the clock ([`clock_budget`]). A noisy level never
    /// searches long and stays as it is; no clock (`None`) changes nothing.
    ///
    /// ```
    /// use tak::ai::level::Level;
    /// use tak::Position;
    /// let pos = Position::new(5)?;
    /// let master = Level::get(6);
    /// let rushed = master.on_the_clock(&pos, Some(20_000.0), Some(1_000.0));
    /// assert!(rushed.limits.time_ms.unwrap() < 5_000.0);
    /// assert_eq!(master.on_the_clock(&pos, Some(3_600_000.0), None).limits, master.limits);
    /// assert_eq!(master.on_the_clock(&pos, None, None), master);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// [`clock_budget`]: super::clock::clock_budget
    pub fn on_the_clock(self, pos: &Position, left: Option<f64>, increment: Option<f64>) -> Level {
        let Some(left) = left.filter(|l| l.is_finite() && *l >= 0.0) else {
            return self;
        };
        if self.noisy_depth.is_some() {
            return self;
        }
        let inc = increment.filter(|i| i.is_finite()).unwrap_or(0.0).max(0.0);
        let budget = super::clock::clock_budget(pos, left, inc, None);
        let cap = |own: Option<f64>, share: f64| Some(own.map_or(share, |o| o.min(share)));
        Level {
            limits: SearchLimits {
                time_ms: cap(self.limits.time_ms, budget.hard_ms),
                target_ms: cap(self.limits.target_ms, budget.target_ms),
                ..self.limits
            },
            ..self
        }
    }
}

/// A small deterministic generator for the weak levels' randomness.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        // SplitMix64 of the seed: neighbouring seeds give unrelated sequences (the state
        // must not be zero for xorshift).
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Rng((z ^ (z >> 31)) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }
}

/// Chooses a move for the player to move at `level`.
pub fn choose(
    searcher: &mut Searcher,
    pos: &Position,
    level: &Level,
    rng: &mut Rng,
) -> SearchResult {
    let Some(depth) = level.noisy_depth else {
        return searcher.search(pos, level.limits, |_| {});
    };
    let start = super::clock::now_ms();
    let scored = searcher.score_root_moves(pos, depth);
    let best = scored.iter().map(|&(_, s)| s).max().unwrap_or(0);
    // Forced results are never blurred: take a win, avoid a loss when something else exists.
    let candidates: Vec<(Move, i32)> = if best >= WIN_THRESHOLD {
        scored.iter().copied().filter(|&(_, s)| s == best).collect()
    } else {
        scored
            .iter()
            .copied()
            .filter(|&(_, s)| s > -WIN_THRESHOLD && s >= best - level.noise)
            .collect()
    };
    let pool = if candidates.is_empty() {
        scored.clone()
    } else {
        candidates
    };
    let pick = pool.get(rng.below(pool.len() as u64) as usize).copied();
    SearchResult {
        best: pick.map(|(m, _)| m),
        score: pick.map_or(0, |(_, s)| s),
        depth,
        nodes: scored.len() as u64,
        time_ms: super::clock::now_ms() - start,
        pv: pick.map(|(m, _)| vec![m]).unwrap_or_default(),
    }
}
