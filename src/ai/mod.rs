//! The computer opponent: a search ([`search`]) over the engine's fast path, an evaluation
//! that knows Tak ([`eval`]), playing levels as plain data ([`level`]), a tinue solver that
//! proves forced roads ([`tinue`]) and the Tak Engine Interface for matches ([`tei`]). No
//! web dependency: the same code runs natively and in a Web Worker.
//!
//! ```
//! use tak::ai::search::{SearchLimits, Searcher};
//! use tak::Position;
//! // White completes the road on rank 2 at once.
//! let pos = Position::from_tps("x5/x5/x5/1,1,1,1,x/2,2,2,x,2 1 5")?;
//! let mut searcher = Searcher::new(1);
//! let result = searcher.search(&pos, SearchLimits::depth(3), |_| {});
//! assert_eq!(result.best.map(|m| m.to_string()), Some("e2".into()));
//! assert_eq!(result.win_in(), Some(1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod analysis;
#[cfg(not(target_arch = "wasm32"))]
pub mod arena;
#[cfg(not(target_arch = "wasm32"))]
pub mod book;
pub mod clock;
#[cfg(not(target_arch = "wasm32"))]
pub mod duel;
pub mod eval;
pub mod features;
pub mod level;
pub mod policy;
#[cfg(not(target_arch = "wasm32"))]
pub mod policy_fit;
pub mod policy_weights;
#[cfg(not(target_arch = "wasm32"))]
pub mod pool;
pub mod review;
pub mod score;
pub mod search;
pub mod selfplay;
pub mod stats;
#[cfg(not(target_arch = "wasm32"))]
pub mod tei;
pub mod tinue;
#[cfg(not(target_arch = "wasm32"))]
pub mod train;
#[cfg(not(target_arch = "wasm32"))]
pub mod tune;
pub mod weights;
pub mod weights_text;

/// Positions for the search benchmark: openings and middlegames on 5x5 and 6x6.
pub const BENCH_POSITIONS: [&str; 6] = [
    "x5/x5/x5/x5/x5 1 1",
    "x5/x2,2,x2/x,1,1,2,x/x2,1,x2/x5 1 4",
    "2,x,1,x2/x,2,1,1,x/x,21,2,1C,x/x,2,1,x2/x2,2C,x2 2 9",
    "x6/x6/x2,1,2,x2/x2,2,1,x2/x6/x6 1 3",
    "x2,2,x3/x,1,1,2,x2/x,2,1C,12,x2/x,1,2,1,2C,x/x2,1,x3/x6 1 9",
    "x5/x,1,2,x2/x,2,1,1,x/x,12,2,2,x/x,1,x3 1 7",
];
