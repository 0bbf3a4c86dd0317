//! The board under the marks: its frame and coordinates, and each square with what colours
//! it this frame (last ply, cursor, hint, "Tak", road, a drag's targets, the tints of marks)
//! and the stack standing still on it. A canvas that keeps layers keeps this one, and a
//! frame repaints only the squares whose look changed.

use super::super::canvas::{paint_whole, Align, Canvas, LayerKey, Part, SquaresRequest, TextStyle};
use super::super::drag::Gesture;
use super::super::layout::Rect;
use super::super::marks::Mark;
use super::super::state::Board;
use super::super::Within;
use super::pieces::Stacks;
use crate::square::bitboard::Bits;
use crate::{Move, Position, Square};

// What colours a square, as bits, drawn in this order.
/// On the path of the last ply.
const LAST: u16 = 1;
/// The keyboard's cursor.
const CURSOR: u16 = 1 << 1;
/// On the path of the hint.
const HINT: u16 = 1 << 2;
/// Would complete a threatened road ("Tak!").
const THREAT: u16 = 1 << 3;
/// On the winning road.
const ROAD: u16 = 1 << 4;
/// Under a piece dragged from a reserve: empty, or taken.
const PLACE_HERE: u16 = 1 << 5;
const PLACE_TAKEN: u16 = 1 << 6;
/// On the path of the pending spread.
const PENDING: u16 = 1 << 7;
/// Where the carried stack came from.
const ORIGIN: u16 = 1 << 8;
/// Where the carried stack cannot go.
const REFUSED: u16 = 1 << 9;

/// The board's frame, coordinates and squares with what is on them, the background first:
/// the squares whose look did not change since the last frame are copied, where the canvas
/// keeps layers. `key` is the frame's (layout, theme, options).
pub(super) fn draw_board(
    board: &Board,
    canvas: &mut dyn Canvas,
    key: LayerKey,
    shown: &Position,
    pending: Option<Move>,
    stacks: &Stacks,
) {
    let layout = &board.layout;
    canvas.clear(layout.width, layout.height, board.theme.background);
    let marks = highlights(board, shown, pending);
    let squares: Vec<Square> = Square::all(layout.size).collect();
    // Each square's look, as a key: what colours it, its marks' tints, its stack.
    let looks: Vec<(LayerKey, Rect)> = squares
        .iter()
        .map(|&sq| {
            let key = key.with(sq.index() as u64).with(marks[sq.index()] as u64);
            let key = tints(board, sq).fold(key, |k, css| k.with_str(css));
            let look = if stacks.is_still(sq) {
                stacks.key(key.with(1), shown, sq)
            } else {
                key
            };
            (look, layout.square_rect(sq))
        })
        .collect();
    let mut paint = |c: &mut dyn Canvas, part: Part| match part {
        Part::Ground => c.round_rect(
            layout.board.inset(-layout.square * 0.06),
            layout.square * 0.08,
            board.theme.square_dark,
            None,
        ),
        Part::Coordinates => draw_coordinates(board, c),
        Part::Square(i) => {
            let sq = squares[i];
            let color = if (sq.file() + sq.rank()).is_multiple_of(2) {
                board.theme.square_dark
            } else {
                board.theme.square_light
            };
            c.fill_rect(layout.square_rect(sq), color);
        }
        Part::Marks(i) => {
            let sq = squares[i];
            draw_marks(board, c, sq, marks[sq.index()]);
            for css in tints(board, sq) {
                c.set_alpha(0.3);
                c.fill_rect(layout.square_rect(sq), css);
                c.set_alpha(1.0);
            }
        }
        Part::Stack(i) => {
            if stacks.is_still(squares[i]) {
                stacks.draw(board, c, shown, squares[i]);
            }
        }
    };
    // The squares, their frame and the coordinates beside them, with room to spare.
    let px = (layout.square * 0.2).within(9.0, 18.0);
    let area = layout.board.inset(-(px * 2.0 + layout.square * 0.06 + 4.0));
    // Nothing in hand or sliding: the squares as they will stay a while.
    let settled = matches!(board.gesture, Gesture::Idle) && board.animation.is_none();
    let request = SquaresRequest {
        key,
        area,
        squares: &looks,
        settled,
    };
    if !canvas.squares(request, &mut paint) {
        // Everything straight onto the canvas: the squares first, then the stacks on them.
        paint_whole(canvas, squares.len(), &mut paint);
    }
}

/// The colours of the marks that tint `sq` (their outline is drawn over the pieces, the
/// tint under them, so that a highlight never washes out the stack on its square).
fn tints<'a>(board: &'a Board, sq: Square) -> impl Iterator<Item = &'static str> + 'a {
    board.marks().filter_map(move |m| match m {
        Mark::Square { square, color } if *square == sq => Some(color.css()),
        _ => None,
    })
}

/// The coordinates beside the squares.
fn draw_coordinates(board: &Board, canvas: &mut dyn Canvas) {
    let layout = &board.layout;
    let theme = &board.theme;
    let size = layout.size;
    if board.options.coordinates {
        // Always along the left and bottom edges, in the order the squares are shown (on a
        // flipped board the files run h..a and the ranks 1 at the top).
        let px = (layout.square * 0.2).within(9.0, 18.0);
        let bottom = layout.board.y + layout.board.height;
        for i in 0..size {
            let file = layout.square_rect(Square::new(i, 0).expect("on board"));
            let label = ((b'a' + i) as char).to_string();
            canvas.text(
                file.center().x,
                bottom + px * 1.25,
                &label,
                TextStyle {
                    px,
                    color: theme.coordinates,
                    align: Align::Center,
                    bold: false,
                },
            );
            let rank = layout.square_rect(Square::new(0, i).expect("on board"));
            canvas.text(
                layout.board.x - px * 0.75,
                rank.center().y + px * 0.35,
                &(i + 1).to_string(),
                TextStyle {
                    px,
                    color: theme.coordinates,
                    align: Align::Center,
                    bold: false,
                },
            );
        }
    }
}

/// What colours each square this frame (by square index), as bits.
fn highlights(board: &Board, shown: &Position, pending: Option<Move>) -> [u16; 64] {
    let layout = &board.layout;
    let mut marks = [0u16; 64];
    let mut mark = |sq: Square, bit: u16| marks[sq.index()] |= bit;
    // The last ply: its origin and every square it reached.
    if pending.is_none() {
        let last = match &board.preview {
            Some((_, mv)) => Some(*mv),
            None => board.record.game.moves().last(),
        };
        if let Some(last) = last {
            for sq in last.path(shown.size()) {
                mark(sq, LAST);
            }
        }
    }
    if let Some(sq) = board.cursor {
        mark(sq, CURSOR);
    }
    if let Some(hint) = board.hint {
        for sq in hint.path(shown.size()) {
            mark(sq, HINT);
        }
    }
    if board.options.show_threats && pending.is_none() {
        for i in Bits(board.threat_squares()) {
            mark(Square::from_index(i), THREAT);
        }
    }
    // The winning road: its shortest chains, not pieces that merely touch it.
    if let Some(winner) = board.record.game.outcome().and_then(|o| o.winner) {
        for i in Bits(shown.road_path(winner)) {
            mark(Square::from_index(i), ROAD);
        }
    }
    match &board.gesture {
        Gesture::Place {
            pointer,
            moved: true,
            ..
        } => {
            if let Some(sq) = layout.square_at(*pointer) {
                mark(
                    sq,
                    if shown.height(sq) == 0 {
                        PLACE_HERE
                    } else {
                        PLACE_TAKEN
                    },
                );
            }
        }
        Gesture::Carry(c) => {
            if let Some(mv) = pending {
                for sq in mv.path(shown.size()) {
                    mark(sq, PENDING);
                }
            }
            mark(c.from, ORIGIN);
            if let Some(sq) = c.refused {
                mark(sq, REFUSED);
            }
        }
        _ => {}
    }
    marks
}

/// What colours square `sq` (`marks`).
fn draw_marks(board: &Board, canvas: &mut dyn Canvas, sq: Square, marks: u16) {
    let layout = &board.layout;
    let theme = &board.theme;
    let r = layout.square_rect(sq);
    let has = |bit: u16| marks & bit != 0;
    if has(LAST) {
        canvas.fill_rect(r, theme.last_move);
    }
    if has(CURSOR) {
        canvas.stroke_rect(r.inset(2.0), theme.text, 2.0);
        canvas.stroke_rect(r.inset(5.0), theme.selected, 2.0);
    }
    if has(HINT) {
        canvas.stroke_rect(r.inset(3.0), theme.selected, 4.0);
    }
    if has(THREAT) {
        canvas.stroke_rect(r.inset(layout.square * 0.06), theme.threat, 3.0);
        let c = r.center();
        canvas.circle(c.x, c.y, layout.square * 0.1, theme.threat, None);
    }
    if has(ROAD) {
        canvas.fill_rect(r, theme.road);
    }
    if has(PLACE_HERE) {
        canvas.fill_rect(r, theme.target);
    }
    if has(PLACE_TAKEN) {
        canvas.fill_rect(r, theme.refused);
    }
    if has(PENDING) {
        canvas.fill_rect(r, theme.target);
    }
    if has(ORIGIN) {
        canvas.stroke_rect(r.inset(1.5), theme.selected, 3.0);
    }
    if has(REFUSED) {
        canvas.fill_rect(r, theme.refused);
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{board, recorded};
    use crate::web::state::Board;

    #[test]
    fn seen_from_blacks_side_the_coordinates_run_backwards_along_the_same_edges() {
        // Where each coordinate's text is drawn: (x, y) by its label.
        let coordinate = |b: &mut Board, label: &str| -> (f64, f64) {
            let ops = recorded(b);
            let op = ops
                .iter()
                .find(|o| o.starts_with("text") && o.ends_with(&format!(" {label}")))
                .unwrap_or_else(|| panic!("{label} drawn: {ops:?}"));
            let mut f = op.split(' ').skip(1).map(|v| v.parse::<f64>().unwrap());
            (f.next().unwrap(), f.next().unwrap())
        };
        let mut b = board("x5/x5/x5/x5/x5 1 1");
        b.set_flipped(true);
        let board_rect = b.layout.board;
        let (a, e) = (coordinate(&mut b, "a"), coordinate(&mut b, "e"));
        assert!(a.0 > e.0, "file a at the right");
        assert!(
            a.1 > board_rect.y + board_rect.height,
            "files below the board"
        );
        let (one, five) = (coordinate(&mut b, "1"), coordinate(&mut b, "5"));
        assert!(one.1 < five.1, "rank 1 at the top");
        assert!(one.0 < board_rect.x, "ranks left of the board");
    }
}
