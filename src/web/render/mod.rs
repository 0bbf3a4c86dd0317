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

use super::canvas::{Canvas, LayerKey};
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
    let key = frame_key(board);

    // The position to show: with a stack being spread, the position after the pending ply.
    let carry = match &board.gesture {
        Gesture::Carry(c) => Some(c),
        _ => None,
    };
    let pending = carry.and_then(Carry::playable);
    let mut shown = board.shown_position().clone();
    if let Some(mv) = pending {
        shown.play_unchecked(mv);
    }
    let anim = board.animation.filter(|_| animating && pending.is_none());
    let stacks = pieces::Stacks::new(&shown, carry, pending, anim, now);
    squares::draw_board(board, canvas, key, &shown, pending, &stacks);
    stacks.draw_moving(board, canvas, &shown);
    // A threat on a square with pieces: its frame again, over them (a tall stack hid it).
    if board.options.show_threats && pending.is_none() {
        let occupied = board.threat_squares() & shown.occupied();
        for i in crate::square::bitboard::Bits(occupied) {
            let r = board.layout.square_rect(crate::Square::from_index(i));
            canvas.stroke_rect(r.inset(board.layout.square * 0.06), board.theme.threat, 3.0);
        }
    }
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

/// What the look of every square depends on: the layout, the theme and the options that
/// change how the squares and pieces look.
fn frame_key(board: &Board) -> LayerKey {
    let (l, t) = (&board.layout, &board.theme);
    let colours = [
        t.square_dark,
        t.square_light,
        t.coordinates,
        t.white_piece,
        t.white_edge,
        t.black_piece,
        t.black_edge,
        t.selected,
        t.last_move,
        t.road,
        t.target,
        t.refused,
        t.threat,
        t.text,
    ];
    let key = colours.iter().fold(LayerKey::new(0), |k, c| k.with_str(c));
    [
        l.width,
        l.height,
        l.pixel_ratio,
        l.square,
        l.board.x,
        l.board.y,
    ]
    .iter()
    .fold(key, |k, &v| k.with_f64(v))
    .with(l.size as u64)
    .with(l.flipped as u64)
    .with(board.options.coordinates as u64)
    .with(board.options.patterns as u64)
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
    use crate::web::canvas::{KeptLooks, PaintPart, Part, Recorder, SquaresRequest, TextStyle};
    use crate::web::config::BoardOptions;
    use crate::web::layout::{Point, Rect};
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

    #[test]
    fn a_threat_on_a_tall_stack_is_framed_over_its_pieces() {
        // White threatens (Black to move): d3's two flats, one spread onto e3's black stack,
        // make a road on rank 3.
        let mut b = board("x5/x5/1,1,1,11,2222/x5/x5 2 10");
        b.options.show_threats = true;
        let e3 = "e3".parse::<crate::Square>().unwrap();
        assert!(
            b.threat_squares() & (1 << e3.index()) != 0,
            "e3 completes the road"
        );
        let mut rec = Recorder::default();
        draw(&mut b, &mut rec, 0.0);
        let r = b.layout.square_rect(e3);
        let on_e3 = |o: &String| {
            let x: f64 = o
                .split(' ')
                .nth(1)
                .and_then(|x| x.parse().ok())
                .unwrap_or(-1.0);
            o.starts_with("piece") && x > r.x && x < r.x + r.width
        };
        let last_piece = rec.ops.iter().rposition(on_e3).unwrap();
        let threat = format!(" {} ", b.theme.threat);
        assert!(
            rec.ops[last_piece..]
                .iter()
                .any(|o| o.starts_with("outline") && o.contains(&threat)),
            "the threat's frame is drawn after e3's pieces"
        );
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

    /// A canvas that keeps the squares' layer as the page's does, counting the squares it
    /// paints.
    #[derive(Default)]
    struct Keeper {
        looks: KeptLooks,
        painted: usize,
        /// How many of them were painted over the layer's copy, not into the layer.
        over: usize,
        ops: Recorder,
    }

    impl Canvas for Keeper {
        fn clear(&mut self, w: f64, h: f64, color: &str) {
            self.ops.clear(w, h, color)
        }
        fn fill_rect(&mut self, r: Rect, color: &str) {
            self.ops.fill_rect(r, color)
        }
        fn round_rect(&mut self, r: Rect, radius: f64, fill: &str, stroke: Option<(&str, f64)>) {
            self.ops.round_rect(r, radius, fill, stroke)
        }
        fn circle(&mut self, x: f64, y: f64, r: f64, fill: &str, stroke: Option<(&str, f64)>) {
            self.ops.circle(x, y, r, fill, stroke)
        }
        fn stroke_rect(&mut self, r: Rect, color: &str, width: f64) {
            self.ops.stroke_rect(r, color, width)
        }
        fn text(&mut self, x: f64, y: f64, text: &str, style: TextStyle) {
            self.ops.text(x, y, text, style)
        }
        fn set_alpha(&mut self, alpha: f64) {
            self.ops.set_alpha(alpha)
        }
        fn line(&mut self, from: Point, to: Point, color: &str, width: f64) {
            self.ops.line(from, to, color, width)
        }
        fn polygon(&mut self, points: &[Point], fill: &str) {
            self.ops.polygon(points, fill)
        }
        fn squares(&mut self, request: SquaresRequest, paint: &mut PaintPart) -> bool {
            let SquaresRequest {
                key,
                squares,
                settled,
                ..
            } = request;
            let plan = self.looks.plan(key, squares, settled);
            if plan.whole {
                paint(&mut self.ops, Part::Ground);
                paint(&mut self.ops, Part::Coordinates);
            }
            let painted = if plan.whole { u64::MAX } else { plan.changed };
            for i in (0..squares.len()).filter(|i| painted >> i & 1 == 1) {
                self.painted += 1;
                paint(&mut self.ops, Part::Square(i));
                paint(&mut self.ops, Part::Marks(i));
                paint(&mut self.ops, Part::Stack(i));
            }
            if !plan.into_layer {
                self.over += plan.changed.count_ones() as usize;
            }
            true
        }
    }

    /// How many squares a frame of `b` paints on `keeper`, and how many pieces it draws.
    fn frame(b: &mut Board, keeper: &mut Keeper) -> (usize, usize) {
        keeper.painted = 0;
        keeper.over = 0;
        keeper.ops.ops.clear();
        draw(b, keeper, 0.0);
        let pieces = keeper
            .ops
            .ops
            .iter()
            .filter(|o| o.starts_with("piece"))
            .count();
        (keeper.painted, pieces)
    }

    #[test]
    fn a_frame_paints_only_the_squares_whose_look_changed() {
        // Three stacks on a 5x5 board; the 3-stack on c3 is spread.
        let mut b = board("x5/x5/x,2,121,x,1/x5/x5 1 6");
        let mut keeper = Keeper::default();
        assert_eq!(
            frame(&mut b, &mut keeper).0,
            25,
            "the first frame paints them all"
        );
        // The same state again: nothing painted, the layer is copied. The reserves' pieces
        // are still drawn (they are not in the layer).
        let (painted, reserves) = frame(&mut b, &mut keeper);
        assert_eq!(painted, 0);
        // Picking up the stack lifts its pieces: c3 is painted without them (they are drawn
        // over the layer), nothing else.
        let c3 = b.layout.square_rect("c3".parse().unwrap()).center();
        b.pointer_down(c3);
        let (painted, pieces) = frame(&mut b, &mut keeper);
        assert_eq!(painted, 1);
        assert!(pieces > reserves, "the lifted stack is drawn: {pieces}");
        // Dragged onto d3: c3 (left empty) and d3 (the pieces about to land) change.
        let d3 = b.layout.square_rect("d3".parse().unwrap()).center();
        b.pointer_move(d3);
        assert_eq!(frame(&mut b, &mut keeper).0, 2);
        // Mid-drag the kept layer is left as it was: the squares are painted over its copy.
        assert_eq!(keeper.over, 2);
        // Put back: the two squares look as the layer holds them again, nothing to paint.
        b.pointer_cancel();
        assert_eq!(frame(&mut b, &mut keeper), (0, reserves));
        // The board flipped: everything is painted anew.
        b.set_flipped(true);
        assert_eq!(frame(&mut b, &mut keeper).0, 25);
    }

    #[test]
    fn a_spread_played_is_painted_into_the_layer_once_and_then_kept() {
        let mut b = board("x5/x5/x,2,121,x,1/x5/x5 1 6");
        let mut keeper = Keeper::default();
        frame(&mut b, &mut keeper);
        let at = |b: &Board, sq: &str| b.layout.square_rect(sq.parse().unwrap()).center();
        b.pointer_down(at(&b, "c3"));
        b.pointer_move(at(&b, "d3"));
        frame(&mut b, &mut keeper);
        b.pointer_up(at(&b, "d3"));
        assert_eq!(b.record.game.moves().len(), 1, "the spread was played");
        // Settled: c3 and d3 (and the last ply's marks on them) go into the layer.
        assert_eq!(frame(&mut b, &mut keeper).0, 2);
        assert_eq!(keeper.over, 0);
        assert_eq!(frame(&mut b, &mut keeper).0, 0, "then the layer is copied");
    }
}
