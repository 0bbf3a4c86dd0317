//! The board under everything: background, squares and coordinates (drawn as one cached
//! layer where the canvas keeps layers), then what colours a square this frame.

use super::super::canvas::{Align, Canvas, TextStyle};
use super::super::drag::Gesture;
use super::super::state::Board;
use super::super::Within;
use crate::square::bitboard::Bits;
use crate::{Move, Position, Square};

/// The background, the board's frame, its squares and coordinates: what changes only with
/// the layout, the theme and the options.
pub(super) fn draw_board(board: &Board, canvas: &mut dyn Canvas) {
    let layout = &board.layout;
    canvas.clear(layout.width, layout.height, board.theme.background);
    draw_squares(board, canvas);
}

fn draw_squares(board: &Board, canvas: &mut dyn Canvas) {
    let layout = &board.layout;
    let theme = &board.theme;
    let size = layout.size;
    let radius = layout.square * 0.08;
    canvas.round_rect(
        layout.board.inset(-layout.square * 0.06),
        radius,
        theme.square_dark,
        None,
    );
    for sq in Square::all(size) {
        let color = if (sq.file() + sq.rank()) % 2 == 0 {
            theme.square_dark
        } else {
            theme.square_light
        };
        canvas.fill_rect(layout.square_rect(sq), color);
    }
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

pub(super) fn draw_highlights(
    board: &Board,
    canvas: &mut dyn Canvas,
    shown: &Position,
    pending: Option<Move>,
) {
    let layout = &board.layout;
    let theme = &board.theme;
    // The last ply: its origin and every square it reached.
    if pending.is_none() {
        let last = match &board.preview {
            Some((_, mv)) => Some(*mv),
            None => board.game.moves().last(),
        };
        if let Some(last) = last {
            for sq in last.path(shown.size()) {
                canvas.fill_rect(layout.square_rect(sq), theme.last_move);
            }
        }
    }
    // The keyboard's cursor.
    if let Some(sq) = board.cursor {
        let r = layout.square_rect(sq);
        canvas.stroke_rect(r.inset(2.0), theme.text, 2.0);
        canvas.stroke_rect(r.inset(5.0), theme.selected, 2.0);
    }
    // A hint: the squares of the suggested ply.
    if let Some(hint) = board.hint {
        for sq in hint.path(shown.size()) {
            canvas.stroke_rect(layout.square_rect(sq).inset(3.0), theme.selected, 4.0);
        }
    }
    // "Tak!": where the threatened road would be completed.
    if board.options.show_threats && pending.is_none() {
        for i in Bits(board.threat_squares()) {
            let r = layout.square_rect(Square::from_index(i));
            canvas.stroke_rect(r.inset(layout.square * 0.06), theme.threat, 3.0);
            let c = r.center();
            canvas.circle(c.x, c.y, layout.square * 0.1, theme.threat, None);
        }
    }
    // The winning road: its shortest chains, not pieces that merely touch it.
    if let Some(winner) = board.game.outcome().and_then(|o| o.winner) {
        for i in Bits(shown.road_path(winner)) {
            canvas.fill_rect(layout.square_rect(Square::from_index(i)), theme.road);
        }
    }
    match &board.gesture {
        Gesture::Place {
            pointer,
            moved: true,
            ..
        } => {
            if let Some(sq) = layout.square_at(*pointer) {
                let color = if shown.height(sq) == 0 {
                    theme.target
                } else {
                    theme.refused
                };
                canvas.fill_rect(layout.square_rect(sq), color);
            }
        }
        Gesture::Carry(c) => {
            if let Some(mv) = pending {
                for sq in mv.path(shown.size()) {
                    canvas.fill_rect(layout.square_rect(sq), theme.target);
                }
            }
            canvas.stroke_rect(layout.square_rect(c.from).inset(1.5), theme.selected, 3.0);
            if let Some(sq) = c.refused {
                canvas.fill_rect(layout.square_rect(sq), theme.refused);
            }
        }
        _ => {}
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
