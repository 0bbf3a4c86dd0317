//! The web layer: a board instance with its input state machine, layout, renderer and
//! storage, all pure Rust and tested natively; plus (on wasm only) the thin bindings that
//! give it a canvas and expose it to the page's scripts.
//!
//! Like chessground, each concern has its own small file: [`config`] (what a host sets),
//! [`state`] (the board instance), [`drag`] (pointer and keys to plies), [`layout`]
//! (squares ↔ pixels), [`render`] (state → drawing), [`anim`] (plies sliding into place),
//! [`storage`] (saved games).

pub mod anim;
pub mod apng;
pub mod canvas;
pub mod config;
pub mod drag;
pub mod i18n;
pub mod json;
pub mod layout;
pub mod marks;
pub mod render;
pub mod state;
pub mod storage;
pub mod svg;
pub mod theme;

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
