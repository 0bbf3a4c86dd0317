//! Draws a board's state onto a [`Canvas`]. Reads state, changes nothing but the animation
//! clock; the page calls it only when the state changed or an animation runs.
//!
//! One job a file, drawn in this order, bottom to top:
//! - [`squares`]: the board itself (background, squares, coordinates: the static layer, kept
//!   by a canvas that can) and what colours a square (last ply, cursor, hint, "Tak", road,
//!   a drag's targets);
//! - [`pieces`]: the stacks, each piece, a stack's height, a piece on its own;
//! - [`overlays`]: marks, arrows and labels, a spread's previews (targets, counts, the hand),
//!   the piece dragged from a reserve, the inspector of a tall stack;
//! - [`reserves`]: the piles beside the board and the players' names over them.

mod overlays;
mod pieces;
mod reserves;
mod squares;

use super::canvas::Canvas;
use super::drag::{Carry, Gesture};
use super::state::Board;
use crate::Move;

/// Draws `board` at time `now` (ms). Returns whether an animation needs more frames. The
/// canvas is a trait object: one copy of the drawing code serves the page's canvas and SVG.
pub fn draw(board: &mut Board, canvas: &mut dyn Canvas, now: f64) -> bool {
    if let Some(anim) = &mut board.animation {
        if anim.started.is_none() {
            anim.started = Some(now);
        }
    }
    let animating = board.animation.is_some_and(|a| !a.is_done(now));
    if !animating {
        board.animation = None;
    }
    let board = &*board;
    squares::draw_board(board, canvas);

    // The position to show: with a stack being spread, the position after the pending ply.
    let carry = match &board.gesture {
        Gesture::Carry(c) => Some(c),
        _ => None,
    };
    let pending = carry
        .and_then(Carry::pending)
        .filter(|&m| board.position().is_legal(m));
    let mut shown = board.shown_position().clone();
    if let Some(mv) = pending {
        shown.play_unchecked(mv);
    }
    squares::draw_highlights(board, canvas, &shown, pending);
    overlays::draw_mark_tints(board, canvas);
    let anim = board.animation.filter(|_| animating && pending.is_none());
    pieces::draw_stacks(board, canvas, &shown, carry, pending, anim, now);
    overlays::draw_marks(board, canvas);
    if let Some(c) = carry {
        overlays::draw_targets(board, canvas, c);
        overlays::draw_drop_counts(
            canvas,
            &board.theme,
            &board.layout,
            c,
            pending,
            shown.size(),
        );
        overlays::draw_hand(canvas, board, &shown, c);
    }
    reserves::draw_reserves(board, canvas);
    overlays::draw_placing(board, canvas);
    overlays::draw_inspector(board, canvas);
    animating
}

/// Which pieces on each square a ply dropped there: the "new" ones, for previews and slides.
fn mark_drops(fresh: &mut [u8; 64], mv: Move, size: u8) {
    if let Some(dir) = mv.direction() {
        let mut sq = mv.square();
        for drop in mv.drops() {
            sq = sq.step(dir, size).unwrap_or(sq);
            fresh[sq.index()] = drop;
        }
    } else {
        fresh[mv.square().index()] = 1;
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::web::canvas::Recorder;
    use crate::web::config::BoardOptions;
    use crate::{Config, Game, Position};

    pub(in crate::web) fn board(tps: &str) -> Board {
        let mut b = Board::new(
            Game::new(Position::from_tps(tps).unwrap()),
            BoardOptions {
                animate: false,
                ..BoardOptions::default()
            },
        );
        b.resize(800.0, 600.0, 1.0);
        b
    }

    /// What drawing `b` once does, an operation a line.
    pub(in crate::web) fn recorded(b: &mut Board) -> Vec<String> {
        let mut rec = Recorder::default();
        draw(b, &mut rec, 0.0);
        rec.ops
    }

    #[test]
    fn an_empty_board_draws_every_square_and_reserve() {
        let mut b = Board::with_config(Config::standard(6).unwrap(), BoardOptions::default());
        b.resize(500.0, 900.0, 2.0);
        let mut rec = Recorder::default();
        assert!(!draw(&mut b, &mut rec, 0.0), "nothing to animate");
        let squares = rec.ops.iter().filter(|o| o.starts_with("rect")).count();
        assert!(squares >= 36);
        assert!(
            rec.ops.iter().any(|o| o.ends_with(" 30")),
            "stones left shown"
        );
    }
}
