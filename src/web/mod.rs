//! The web layer: a board instance with its input state machine, layout, renderer and
//! storage, all pure Rust and tested natively; plus (on wasm only) the thin bindings that
//! give it a canvas and expose it to the page's scripts.
//!
//! Like chessground, each concern has its own small file. `Board` is one type whose methods
//! live by responsibility:
//!
//! | to change…                                         | open                      |
//! |----------------------------------------------------|---------------------------|
//! | loading, playing, navigating, events, the hint     | [`state`]                 |
//! | pointer, wheel, right-button marks, **the keyboard** | [`input`] ([`drag`]: the gesture machine) |
//! | what the page shows around the board, its JSON     | [`status`]                |
//! | tree edits, comments, ply marks, reviews, chances  | [`annotate`]              |
//! | game options, take-backs, matches, resign, draw    | [`session`]               |
//! | the game clocks: running, pausing, flag, take-back | [`clock`]                 |
//! | screen-reader text, player labels                  | [`describe`]              |
//! | squares ↔ pixels; sliding plies                    | [`layout`], [`anim`]      |
//! | drawing: the order, and the one `draw`             | [`render`] (`render/mod.rs`) |
//! | … the squares, what colours them, the kept layer   | `render/squares.rs`       |
//! | … stacks and pieces                                | `render/pieces.rs`        |
//! | … marks, arrows, a spread's previews, inspector    | `render/overlays.rs`      |
//! | … the reserves and the players' names              | `render/reserves.rs`      |
//! | a stack in hand: spreading, clicking, reach        | `drag/carry.rs`           |
//! | what a host may set; saved games; messages         | [`config`], [`storage`], [`i18n`] |
//! | a page's options for a new board or game, checked  | [`mount`]                 |
//! | marks' text forms; images                          | [`marks`], [`svg`], [`apng`] |
//! | the position editor (pieces, turn, reserves → TPS) | [`editor`]                |
//! | the messages between the page and the worker       | [`wire`]                  |
//!
//! Rules questions (the "Tak" squares, whose piece a placement puts down, the squares a
//! ply touches, how a line ends) are the engine's: `Position::road_threats`,
//! `Position::placing_color`, `Move::path`, `Game::line_outcome`.

pub mod anim;
pub mod annotate;
pub mod apng;
pub mod canvas;
pub mod clock;
pub mod config;
pub mod dates;
pub mod describe;
pub mod drag;
#[cfg(feature = "study")]
pub mod editor;
pub mod friend;
pub mod friend_state;
pub mod i18n;
pub mod input;
pub mod json;
#[cfg(feature = "study")]
pub mod kept_puzzle;
pub mod layout;
pub mod library;
#[cfg(feature = "study")]
pub mod loading;
pub mod marks;
#[cfg(any(feature = "study", feature = "engine"))]
pub mod mistakes;
pub mod mount;
#[cfg(feature = "study")]
pub mod progress;
pub mod record;
pub mod render;
pub mod session;
pub mod state;
pub mod status;
pub mod storage;
pub mod svg;
pub mod theme;
pub mod wire;

#[cfg(all(target_arch = "wasm32", feature = "board"))]
pub mod bindings;
#[cfg(all(target_arch = "wasm32", feature = "board", not(feature = "engine")))]
mod page_alloc;

/// The page's builds (not the worker's, nor a build with both) use the small allocator.
#[cfg(all(target_arch = "wasm32", feature = "board", not(feature = "engine")))]
#[global_allocator]
static PAGE_ALLOC: page_alloc::PageAlloc = page_alloc::PageAlloc::new();
#[cfg(all(target_arch = "wasm32", feature = "engine"))]
pub mod engine;

/// `f64::clamp` without its panic: the standard one asserts `min <= max` and formats both
/// floats on failure, which pulls float formatting (≈15 KB) into the page's wasm, and a
/// layout bound computed from a tiny canvas can indeed come out inverted. Here an inverted
/// range gives `min`, and NaN gives `min` too.
pub(crate) trait Within {
    fn within(self, min: f64, max: f64) -> f64;
}

impl Within for f64 {
    #[inline]
    fn within(self, min: f64, max: f64) -> f64 {
        self.min(max).max(min)
    }
}
