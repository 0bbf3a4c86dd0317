//! The stacks on the board and the pieces they are made of.

use super::super::anim::Animation;
use super::super::canvas::{Align, Canvas, LayerKey, TextStyle};
use super::super::drag::Carry;
use super::super::layout::{Point, StackGeometry};
use super::super::state::Board;
use super::super::theme::Theme;
use super::super::Within;
use super::mark_drops;
use crate::square::bitboard::Bits;
use crate::{Color, Kind, Move, Piece, Position, Square};

/// How high pieces in hand float above their square, in squares.
const HAND_LIFT: f64 = 0.3;

/// How each stack is drawn this frame: the pieces a pending ply dropped outlined, those in
/// hand floating over their square, those an animated ply moved sliding in. The others
/// stand still, and are drawn with their square (see `squares`).
pub(super) struct Stacks {
    /// How many pieces on each square (by index) a pending or animated ply dropped there.
    fresh: [u8; 64],
    /// An animated ply's origin, and how far it has come (0 to 1).
    origin: Option<Square>,
    progress: f64,
    /// A placement being animated: it fades in.
    placed: Option<Square>,
    /// The square the pieces in hand float over, and how many.
    hand: Option<(Square, usize)>,
    /// A spread is previewed: its fresh pieces are outlined.
    preview: bool,
}

impl Stacks {
    pub(super) fn new(
        shown: &Position,
        carry: Option<&Carry>,
        pending: Option<Move>,
        anim: Option<Animation>,
        now: f64,
    ) -> Stacks {
        let mut fresh = [0u8; 64];
        if let Some(mv) = pending {
            mark_drops(&mut fresh, mv, shown.size());
        }
        if let Some(a) = anim {
            mark_drops(&mut fresh, a.mv, shown.size());
        }
        Stacks {
            fresh,
            origin: anim.map(|a| a.mv.square()),
            progress: anim.map_or(1.0, |a| a.progress(now)),
            placed: anim.filter(|a| a.mv.is_placement()).map(|a| a.mv.square()),
            // While dragging away from the origin the pieces in hand are drawn where they
            // would land instead.
            hand: carry
                .filter(|c| !c.dragging() || c.dir.is_none())
                .map(|c| (c.current(shown.size()), c.in_hand() as usize)),
            preview: pending.is_some(),
        }
    }

    fn lift(&self, sq: Square) -> usize {
        self.hand
            .filter(|&(over, _)| over == sq)
            .map_or(0, |(_, n)| n)
    }

    fn sliding(&self, sq: Square) -> bool {
        self.origin.is_some() && self.fresh[sq.index()] > 0
    }

    fn appear(&self, sq: Square) -> f64 {
        if self.placed == Some(sq) {
            self.progress
        } else {
            1.0
        }
    }

    /// Whether the stack on `sq` is drawn in place: nothing lifted, sliding or fading in.
    pub(super) fn is_still(&self, sq: Square) -> bool {
        self.lift(sq) == 0 && !self.sliding(sq) && self.appear(sq) >= 1.0
    }

    /// `key` with the look of the still stack on `sq`: its pieces, and how many of them are
    /// outlined.
    pub(super) fn key(&self, key: LayerKey, shown: &Position, sq: Square) -> LayerKey {
        let outlined = if self.preview {
            self.fresh[sq.index()]
        } else {
            0
        };
        shown
            .stack(sq)
            .pieces()
            .fold(key, |k, p| k.with(p.color as u64 * 4 + p.kind as u64))
            .with(outlined as u64)
    }

    /// The stack on `sq` and its height.
    pub(super) fn draw(
        &self,
        board: &Board,
        canvas: &mut dyn Canvas,
        shown: &Position,
        sq: Square,
    ) {
        if shown.height(sq) == 0 {
            return;
        }
        let slide = self.origin.filter(|_| self.sliding(sq)).map(|o| {
            let layout = &board.layout;
            let (a, b) = (layout.square_rect(o), layout.square_rect(sq));
            Point::new(
                (a.x - b.x) * (1.0 - self.progress),
                (a.y - b.y) * (1.0 - self.progress),
            )
        });
        draw_stack(
            canvas,
            board,
            shown,
            sq,
            self.fresh[sq.index()] as usize,
            self.lift(sq),
            slide,
            self.appear(sq),
            self.preview,
        );
        // What stays on the square: the pieces in hand are counted by the hand's own badge
        // (counted here too, the two numbers disagreed and the label hid under the hand).
        draw_height(canvas, board, shown.height(sq) - self.lift(sq), sq);
    }

    /// The stacks that are not still, over the squares.
    pub(super) fn draw_moving(&self, board: &Board, canvas: &mut dyn Canvas, shown: &Position) {
        for i in Bits(shown.occupied()) {
            let sq = Square::from_index(i);
            if !self.is_still(sq) {
                self.draw(board, canvas, shown, sq);
            }
        }
    }
}

/// A stack's height, in its square's upper right corner, when it has more than one piece.
fn draw_height(canvas: &mut dyn Canvas, board: &Board, height: usize, sq: Square) {
    if height > 1 {
        let layout = &board.layout;
        let r = layout.square_rect(sq);
        let px = (layout.square * 0.2).max(9.0);
        canvas.text(
            r.x + r.width - px * 0.35,
            r.y + px * 1.05,
            &height.to_string(),
            TextStyle {
                px,
                color: board.theme.coordinates,
                align: Align::Right,
                bold: true,
            },
        );
    }
}

#[allow(clippy::too_many_arguments)]
fn draw_stack(
    canvas: &mut dyn Canvas,
    board: &Board,
    pos: &Position,
    sq: Square,
    fresh: usize,
    lifted: usize,
    slide: Option<Point>,
    appear: f64,
    preview: bool,
) {
    let (theme, layout, patterns) = (&board.theme, &board.layout, board.options.patterns);
    let stack = pos.stack(sq);
    let height = stack.height();
    let g = layout.stack_geometry(sq, height);
    let lift = layout.square * HAND_LIFT;
    let slide = slide.unwrap_or_default();
    for level in g.first_visible..height {
        let Some(piece) = stack.get(level) else {
            continue;
        };
        let is_fresh = level + fresh >= height;
        let is_lifted = level + lifted >= height;
        let mut gg = g;
        if is_lifted {
            gg.bottom -= lift;
        }
        if is_fresh && !preview {
            gg.center_x += slide.x;
            gg.bottom += slide.y;
        }
        if appear < 1.0 && level + 1 == height {
            canvas.set_alpha(appear);
            gg.bottom -= (1.0 - appear) * layout.square * 0.3;
        }
        let outline = (is_fresh && preview) || is_lifted;
        draw_piece(canvas, theme, &gg, level, piece, outline, patterns);
        if appear < 1.0 {
            canvas.set_alpha(1.0);
        }
    }
}

/// Draws one piece of a stack; `outline` marks it as carried or about to drop.
pub(super) fn draw_piece(
    canvas: &mut dyn Canvas,
    theme: &Theme,
    g: &StackGeometry,
    level: usize,
    piece: Piece,
    outline: bool,
    patterns: bool,
) {
    let (fill, edge) = match piece.color {
        Color::White => (theme.white_piece, theme.white_edge),
        Color::Black => (theme.black_piece, theme.black_edge),
    };
    let edge = if outline { theme.selected } else { edge };
    let width = if outline { 2.5 } else { 1.0 };
    let r = g.level_rect(level);
    match piece.kind {
        Kind::Flat => canvas.round_rect(r, g.square * 0.05, fill, Some((edge, width))),
        Kind::Wall => {
            let s = g.standing_rect(level);
            canvas.round_rect(s, g.square * 0.04, fill, Some((edge, width)));
        }
        Kind::Cap => {
            let s = g.standing_rect(level);
            let radius = g.square * 0.2;
            let cy = s.y + s.height - radius;
            canvas.circle(s.center().x, cy, radius, fill, Some((edge, width)));
        }
    }
    // Colour-blind-safe pieces: every black piece carries a light dot where it shows, so
    // the colours differ by a mark and not by colour alone.
    if patterns && piece.color == Color::Black {
        let dot = (g.band * 0.4).within(1.5, g.square * 0.05);
        let (x, y) = match piece.kind {
            Kind::Flat => (r.center().x, r.y + r.height - g.band.min(r.height) / 2.0),
            Kind::Wall => (
                g.standing_rect(level).center().x,
                g.standing_rect(level).center().y,
            ),
            Kind::Cap => {
                let s = g.standing_rect(level);
                (s.center().x, s.y + s.height - g.square * 0.2)
            }
        };
        canvas.circle(
            x,
            y,
            if piece.kind == Kind::Flat {
                dot
            } else {
                dot * 1.6
            },
            theme.white_piece,
            None,
        );
    }
}

/// One piece standing on its own, its base centred at `base`: a reserve pile, or the piece
/// being dragged from it.
pub(super) fn draw_lone_piece(board: &Board, canvas: &mut dyn Canvas, base: Point, piece: Piece) {
    let g = StackGeometry::new(base.x, base.y, board.layout.square, 1);
    draw_piece(
        canvas,
        &board.theme,
        &g,
        0,
        piece,
        false,
        board.options.patterns,
    );
}

#[cfg(test)]
mod tests {
    use super::super::draw;
    use super::super::tests::board;
    use crate::web::canvas::Recorder;

    #[test]
    fn a_tiny_board_with_dotted_pieces_draws_without_panicking() {
        // At under 30 px a square, the dot's upper bound falls below its lower bound, which
        // made `f64::clamp` panic (and a panic in wasm kills the page).
        let mut b = board("x8/x8/x8/x8/x8/x8/x8/2,x7 1 2");
        b.options.patterns = true;
        b.resize(120.0, 120.0, 1.0);
        assert!(b.layout.square * 0.05 < 1.5, "the bound is inverted here");
        let mut rec = Recorder::default();
        draw(&mut b, &mut rec, 0.0);
        assert!(
            rec.ops.iter().any(|o| o.starts_with("circle")),
            "the dot is drawn"
        );
    }

    #[test]
    fn draws_one_tile_per_visible_piece_and_the_height() {
        let mut b = board("x5/x5/x2,1212,x2/x5/x5 1 6");
        let mut rec = Recorder::default();
        draw(&mut b, &mut rec, 0.0);
        let sq = b.layout.square_rect("c3".parse().unwrap());
        let on_c3 = rec
            .ops
            .iter()
            .filter(|o| o.starts_with("piece"))
            .filter(|o| {
                let x: f64 = o.split(' ').nth(1).unwrap().parse().unwrap();
                x > sq.x && x < sq.x + sq.width
            })
            .count();
        assert_eq!(on_c3, 4);
        assert!(
            rec.ops
                .iter()
                .any(|o| o.starts_with("text") && o.ends_with(" 4")),
            "height label"
        );
    }

    #[test]
    fn a_stack_in_hand_leaves_the_height_of_what_stays_on_its_square() {
        // Six on c3, five picked up (the carry limit): one stays, which needs no label. (The
        // labels are the texts in the coordinates' colour, the ranks' too: 6 is past them.)
        let mut b = board("x5/x5/x2,111111,x2/x5/x5 1 6");
        let labels = |b: &mut crate::web::state::Board| {
            let mut rec = Recorder::default();
            draw(b, &mut rec, 0.0);
            let colour = format!(" {} ", b.theme.coordinates);
            rec.ops
                .iter()
                .filter(|o| o.starts_with("text") && o.contains(&colour))
                .filter_map(|o| o.rsplit(' ').next()?.parse::<usize>().ok())
                .filter(|&n| n > 1)
                .collect::<Vec<_>>()
        };
        assert!(labels(&mut b).contains(&6));
        let c3 = b.layout.square_rect("c3".parse().unwrap()).center();
        b.pointer_down(c3);
        b.pointer_up(c3);
        assert_eq!(b.status().in_hand, Some(5), "the carry limit is in hand");
        let shown = labels(&mut b);
        assert!(
            !shown.contains(&6),
            "one stays on c3: no height there ({shown:?})"
        );
    }
}
