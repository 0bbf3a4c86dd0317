//! # Tak
//!
//! An exact and fast rules engine for Tak, the board game by James Ernest and Patrick
//! Rothfuss, with a computer opponent and a browser board built on top of it.
//!
//! The engine is a handful of small vocabulary types — [`Color`], [`Kind`], [`Piece`],
//! [`Square`], [`Direction`], [`Move`] — one [`Position`] for every size from 3×3 to 8×8,
//! a [`Game`] (a start position plus plies and tags), and the text formats in their own
//! modules: [`ptn`] for moves and games, [`tps`] for positions.
//!
//! ```
//! use tak::{Color, EndReason, Move, Position};
//!
//! let mut pos = Position::new(5)?;
//! // Plies 1 and 2 place a flat of the opponent's colour: black on e4, white on a1.
//! for ptn in ["e4", "a1", "a2", "a5", "b2", "b5", "c2", "c5", "d2", "d5"] {
//!     let mv: Move = ptn.parse()?;
//!     pos.play(mv)?;
//! }
//! assert_eq!(pos.to_string(), "2,2,2,2,x/x4,2/x5/1,1,1,1,x/1,x4 1 6");
//! // An illegal ply is refused and changes nothing.
//! assert_eq!(pos.play("a2".parse()?).unwrap_err().to_string(), "a2 is not empty");
//! // Black threatens e5: white is "in Tak", but white can win first.
//! assert!(pos.is_in_tak());
//! assert_eq!(pos.winning_road_move(Color::White).map(|m| m.to_string()), Some("e2".into()));
//! let undo = pos.play("e2".parse()?)?;
//! let outcome = pos.outcome().unwrap();
//! assert_eq!((outcome.winner, outcome.reason), (Some(Color::White), EndReason::Road));
//! assert_eq!(outcome.ptn_result(), "R-0");
//! pos.undo(undo);
//! assert_eq!(pos.to_string(), "2,2,2,2,x/x4,2/x5/1,1,1,1,x/1,x4 1 6");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! On top of the engine sit the computer opponent, [`ai`] (search, evaluation, levels, TEI),
//! and the browser board, [`web`] (input state machine, layout, renderer, storage,
//! languages), whose wasm bindings are compiled for `wasm32` only. Neither is needed to use
//! the engine.
//!
//! Plies are checked by [`Position::play`], which returns an error and leaves the position
//! untouched for an illegal one. Search uses [`Position::play_unchecked`] and
//! [`Position::undo`], which restore the exact position, hash included, and
//! [`Position::generate_moves`] into a reused buffer: nothing allocates per ply.

pub mod ai;

/// `text[range]`, or "" when the range does not fall on character boundaries (which the
/// callers rule out: their indices come from `find` and friends). Unlike indexing it carries
/// no panic message: a string slice's panic pulls `char`'s `Debug` and Unicode tables into the
/// page's wasm, about 2 KB gzipped.
pub(crate) fn substr<R: std::slice::SliceIndex<str, Output = str>>(text: &str, range: R) -> &str {
    text.get(range).unwrap_or_default()
}

/// `n` and its noun, singular for 1: "1 capstone", "2 capstones" (the messages in English
/// that count; the page's catalogues have their own `_one` keys). Written where it is shown,
/// with no String of its own (the page's wasm carries config errors: every byte counts).
pub(crate) struct Count<'a>(pub u32, pub &'a str, pub &'a str);

impl std::fmt::Display for Count<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Count(n, one, many) = *self;
        write!(f, "{n} {}", if n == 1 { one } else { many })
    }
}
pub mod clock;
pub mod color;
pub mod config;
pub mod game;
mod movegen;
pub mod moves;
pub mod perft;
pub mod piece;
pub mod playtak;
pub mod position;
pub mod practice;
pub mod ptn;
pub mod puzzle;
pub mod rating;
#[cfg(not(target_arch = "wasm32"))]
pub mod real_game;
pub mod score;
pub mod series;
pub mod settings;
pub mod square;
pub mod tps;
pub mod web;
mod zobrist;

pub use color::Color;
pub use config::{Config, Komi, Opening, Setup};
pub use game::Game;
pub use moves::Move;
pub use piece::{Kind, Piece};
pub use position::{EndReason, IllegalMove, Outcome, Position, Stack, Undo};
pub use square::{Direction, Square};
