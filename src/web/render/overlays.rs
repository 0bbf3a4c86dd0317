//! What is drawn over the pieces: marks (outlined squares, arrows, labels) and their tints
//! under them, a spread's previews (where it can go, how many land where, the pieces in
//! hand), the piece dragged from a reserve, and the inspector of a tall stack.

use super::super::canvas::{Align, Canvas, TextStyle};
use super::super::drag::{Carry, Gesture};
use super::super::layout::{Layout, Point, Rect};
use super::super::marks::Mark;
use super::super::state::Board;
use super::super::theme::Theme;
use super::super::Within;
use super::pieces::draw_lone_piece;
use crate::square::bitboard::Bits;
use crate::{Color, Kind, Move, Piece, Position, Square};

/// The marks (host's and the ply's), above the pieces: highlighted squares as a thick outline
/// (shape as well as colour; their tint is under the pieces), arrows from centre to centre,
/// labels in a disc in the upper left corner, clear of a stack's height in the upper right.
pub(super) fn draw_marks(board: &Board, canvas: &mut dyn Canvas) {
    let layout = &board.layout;
    let size = layout.size;
    let sq = layout.square;
    for mark in board.marks() {
        if mark.squares().iter().any(|s| !s.is_on_board(size)) {
            continue; // a mark made for a bigger board
        }
        match mark {
            Mark::Square { square, color } => {
                let r = layout.square_rect(*square);
                canvas.stroke_rect(r.inset(sq * 0.06), color.css(), (sq * 0.07).max(2.5));
            }
            Mark::Arrow { from, to, color } => {
                let a = layout.square_rect(*from).center();
                let b = layout.square_rect(*to).center();
                let (dx, dy) = (b.x - a.x, b.y - a.y);
                let length = (dx * dx + dy * dy).sqrt().max(1.0);
                let (ux, uy) = (dx / length, dy / length);
                let width = (sq * 0.12).max(3.0);
                let head = width * 2.6;
                let neck = Point::new(b.x - ux * head, b.y - uy * head);
                canvas.set_alpha(0.85);
                canvas.line(
                    Point::new(a.x + ux * sq * 0.15, a.y + uy * sq * 0.15),
                    neck,
                    color.css(),
                    width,
                );
                let side = head * 0.62;
                canvas.polygon(
                    &[
                        b,
                        Point::new(neck.x - uy * side, neck.y + ux * side),
                        Point::new(neck.x + uy * side, neck.y - ux * side),
                    ],
                    color.css(),
                );
                canvas.set_alpha(1.0);
            }
            Mark::Label { square, text } => {
                let r = layout.square_rect(*square);
                // Upper left: the height of a stack is written upper right.
                let (x, y) = (r.x + sq * 0.3, r.y + sq * 0.28);
                let px = (sq * 0.26).within(10.0, 30.0);
                canvas.circle(
                    x,
                    y,
                    sq * 0.2,
                    board.theme.panel,
                    Some((board.theme.coordinates, 2.0)),
                );
                canvas.text(
                    x,
                    y + px * 0.36,
                    text,
                    TextStyle {
                        px: if text.chars().count() > 2 {
                            px * 0.7
                        } else {
                            px
                        },
                        color: board.theme.text,
                        align: Align::Center,
                        bold: true,
                    },
                );
            }
        }
    }
}

/// Marks where the carried stack can go next: from the origin, every square a spread
/// reaches; on its way, the squares further along.
pub(super) fn draw_targets(board: &Board, canvas: &mut dyn Canvas, carry: &Carry) {
    if !board.options.show_targets || (carry.dir.is_some() && carry.dragging()) {
        return;
    }
    let layout = &board.layout;
    let pos = board.position();
    // Solid: reachable with the pieces in hand; a ring: only by picking up more.
    let with_hand = carry.reach(pos, false);
    let with_more = carry.reach(pos, true) & !with_hand;
    for i in Bits(with_hand) {
        let c = layout.square_rect(Square::from_index(i)).center();
        canvas.circle(c.x, c.y, layout.square * 0.08, board.theme.target, None);
    }
    for i in Bits(with_more) {
        let c = layout.square_rect(Square::from_index(i)).center();
        canvas.circle(
            c.x,
            c.y,
            layout.square * 0.07,
            "rgba(0,0,0,0)",
            Some((board.theme.target, 2.0)),
        );
    }
}

/// A count in a disc: the drops of a spread, the pieces in hand.
fn draw_badge(canvas: &mut dyn Canvas, x: f64, y: f64, px: f64, text: &str, fill: &str) {
    canvas.circle(x, y, px * 0.72, fill, Some(("#ffffff", 1.5)));
    canvas.text(
        x,
        y + px * 0.36,
        text,
        TextStyle {
            px,
            color: "#ffffff",
            align: Align::Center,
            bold: true,
        },
    );
}

/// The pieces still in hand, counted above the square they hover over.
pub(super) fn draw_hand(canvas: &mut dyn Canvas, board: &Board, shown: &Position, carry: &Carry) {
    let n = carry.in_hand();
    if n == 0 || (carry.dragging() && carry.dir.is_some()) {
        return;
    }
    let layout = &board.layout;
    let sq = carry.current(shown.size());
    let r = layout.square_rect(sq);
    let px = (layout.square * 0.2).max(10.0);
    // In the square's top-left corner (the height is in the top-right one), drawn hollow
    // so that it reads as "in hand" beside the solid counts of pieces put down.
    let (x, y) = (r.x + px * 0.85, r.y + px * 0.85);
    canvas.circle(
        x,
        y,
        px * 0.72,
        board.theme.panel,
        Some((board.theme.selected, 2.5)),
    );
    canvas.text(
        x,
        y + px * 0.36,
        &n.to_string(),
        TextStyle {
            px,
            color: board.theme.selected,
            align: Align::Center,
            bold: true,
        },
    );
}

/// On each square of a pending spread, how many pieces land there.
pub(super) fn draw_drop_counts(
    canvas: &mut dyn Canvas,
    theme: &Theme,
    layout: &Layout,
    carry: &Carry,
    pending: Option<Move>,
    size: u8,
) {
    let Some(mv) = pending else { return };
    let Some(dir) = mv.direction() else { return };
    let mut sq = carry.from;
    let px = (layout.square * 0.2).max(10.0);
    let steps = mv.drops().count();
    let clicking = carry.sticky && !carry.dragging();
    for (i, drop) in mv.drops().enumerate() {
        sq = sq.step(dir, size).unwrap_or(sq);
        // Clicking, the hand's square shows the hand's own count instead (see draw_hand).
        if i + 1 == steps && clicking {
            break;
        }
        let r = layout.square_rect(sq);
        draw_badge(
            canvas,
            r.x + px * 0.85,
            r.y + px * 0.85,
            px,
            &drop.to_string(),
            theme.selected,
        );
    }
}

/// The piece dragged from a reserve, under the pointer.
pub(super) fn draw_placing(board: &Board, canvas: &mut dyn Canvas) {
    if let Gesture::Place {
        kind,
        color,
        pointer,
        moved: true,
        ..
    } = board.gesture
    {
        canvas.set_alpha(0.85);
        draw_lone_piece(
            board,
            canvas,
            Point::new(pointer.x, pointer.y + board.layout.square * 0.25),
            Piece::new(color, kind),
        );
        canvas.set_alpha(1.0);
    }
}

/// The full stack under the pointer, drawn large beside its square, for stacks too tall to
/// read on the board. It reads as a callout, not as a stack on the square it lies over
/// (issue 38): a framed panel with a pointer to the stack's square, that square framed alike
/// (its height is written on it).
pub(super) fn draw_inspector(board: &Board, canvas: &mut dyn Canvas) {
    let layout = &board.layout;
    // On hover, or on a press that has not moved (a long-press on touch); never mid-drag.
    let still = match &board.gesture {
        Gesture::Idle | Gesture::Press { .. } => true,
        Gesture::Carry(c) => !c.moved && !c.sticky,
        Gesture::Place { .. } => false,
    };
    if !still || board.hover_rests_after_ply {
        return;
    }
    let Some(sq) = board.hover.and_then(|p| layout.square_at(p)) else {
        return;
    };
    let stack = board.shown_position().stack(sq);
    let height = stack.height();
    if height < 2 {
        return;
    }
    let band = (layout.square * 0.16)
        .within(6.0, 16.0)
        .min((layout.height - 24.0) / height as f64);
    let w = layout.square * 0.55;
    let h = band * height as f64 + 12.0;
    let panel = inspector_place(board, sq, w + 8.0, h);
    let (x, y) = (panel.x, panel.y);
    let frame = board.theme.selected;
    // The square inspected, framed in the callout's colour.
    let r = layout.square_rect(sq);
    canvas.stroke_rect(r.inset(1.5), frame, 2.5);
    // The pointer from the panel to the square, then the panel.
    let tip_y = r.center().y.within(y + 10.0, y + h - 10.0);
    let (base, tip) = if x > r.x {
        (x + 1.0, r.x + r.width - 1.0)
    } else {
        (x + panel.width - 1.0, r.x + 1.0)
    };
    canvas.polygon(
        &[
            Point::new(base, tip_y - 7.0),
            Point::new(tip, tip_y),
            Point::new(base, tip_y + 7.0),
        ],
        frame,
    );
    canvas.round_rect(panel, 6.0, board.theme.panel, Some((frame, 2.0)));
    for (i, piece) in stack.pieces().enumerate() {
        let (fill, edge) = match piece.color {
            Color::White => (board.theme.white_piece, board.theme.white_edge),
            Color::Black => (board.theme.black_piece, board.theme.black_edge),
        };
        let by = y + h - 6.0 - band * (i + 1) as f64;
        let inner = match piece.kind {
            Kind::Flat => Rect::new(x + 4.0, by, w, band - 1.0),
            Kind::Wall => Rect::new(x + 4.0 + w * 0.35, by, w * 0.3, band - 1.0),
            Kind::Cap => Rect::new(x + 4.0 + w * 0.2, by, w * 0.6, band - 1.0),
        };
        canvas.round_rect(inner, band * 0.3, fill, Some((edge, 1.0)));
    }
}

/// Where the inspector of the stack on `square` goes: on its right, unless a stack stands
/// there and not on its left, or the board ends; beside the square's middle, kept on the
/// canvas. After a drop the pointer rests on the stack just made and the spread goes on to the
/// next square, whose stack a panel always on the right covered.
fn inspector_place(board: &Board, square: Square, w: f64, h: f64) -> Rect {
    let layout = &board.layout;
    let r = layout.square_rect(square);
    let c = r.center();
    let pos = board.shown_position();
    let taken = |x: f64| {
        layout
            .square_at(Point::new(x, c.y))
            .is_some_and(|s| pos.height(s) > 0)
    };
    // Within the board: past its edge the panel covered a reserve's pile and count.
    let (left_edge, right_edge) = (layout.board.x, layout.board.x + layout.board.width);
    let right = r.x + r.width + w + 10.0 < right_edge
        && (!taken(c.x + r.width) || taken(c.x - r.width))
        || r.x - w - 10.0 < left_edge;
    // A gap for the pointer from the panel to the stack.
    let x = if right {
        r.x + r.width + 10.0
    } else {
        r.x - w - 10.0
    };
    let y = (c.y - h / 2.0).within(4.0, (layout.height - h - 4.0).max(4.0));
    Rect::new(x, y, w, h)
}

#[cfg(test)]
mod tests {
    use super::super::draw;
    use super::super::tests::{board, recorded};
    use crate::web::canvas::Recorder;
    use crate::web::layout::{Point, Rect};
    use crate::web::marks::Mark;
    use crate::web::state::Board;

    #[test]
    fn no_stack_inspector_where_the_pointer_rests_after_a_ply_until_it_moves_on() {
        // Six pieces on c3, the pointer over it: the callout (its pointer, a polygon) shows.
        let mut b = board("x5/x5/x2,212121,1,x/x5/x5 1 6");
        let c3 = b.layout.square_rect("c3".parse().unwrap()).center();
        let a3 = b.layout.square_rect("a3".parse().unwrap()).center();
        b.pointer_move(c3);
        let callout = |b: &mut Board| recorded(b).iter().any(|o| o.starts_with("polygon"));
        assert!(callout(&mut b));
        // A ply played (the last drop of a spread ends here, the pointer on it): none until
        // the pointer leaves the square. At a game's end it hid part of the road.
        b.play_ptn("a1").unwrap();
        assert!(!callout(&mut b));
        b.pointer_move(Point::new(c3.x + 2.0, c3.y));
        assert!(!callout(&mut b), "still on the same square");
        b.pointer_move(a3);
        b.pointer_move(c3);
        assert!(callout(&mut b), "back on it after moving on");
    }

    #[test]
    fn the_stack_inspector_of_an_edge_stack_stays_over_the_board() {
        // A stack on the e file: its panel goes left, over the board, not over Black's reserve.
        let b = board("x5/x5/x4,1212/x5/x5 1 6");
        let e3 = "e3".parse().unwrap();
        let r = b.layout.square_rect(e3);
        let panel = super::inspector_place(&b, e3, 30.0, 60.0);
        assert!(
            panel.x + panel.width <= b.layout.board.x + b.layout.board.width,
            "{panel:?}"
        );
        assert!(
            panel.x + panel.width <= r.x,
            "beside the stack, on its left: {panel:?}"
        );
        // On the a file it goes right, still over the board.
        let a3 = "a3".parse().unwrap();
        let panel = super::inspector_place(&b, a3, 30.0, 60.0);
        assert!(panel.x >= b.layout.board.x, "{panel:?}");
    }

    #[test]
    fn a_highlight_tints_under_the_pieces_and_outlines_over_them() {
        // A white flat on c3, highlighted red: the tint comes before the piece, so it never
        // washes the piece out; the outline comes after it.
        let mut b = board("x5/x5/x2,1,x2/x5/x4,2 1 3");
        b.set_host_marks(vec![Mark::Square {
            square: "c3".parse().unwrap(),
            color: crate::web::marks::MarkColor::Red,
        }]);
        let ops = recorded(&mut b);
        let red = crate::web::marks::MarkColor::Red.css();
        let tint = ops
            .iter()
            .position(|o| o.starts_with("rect") && o.ends_with(red))
            .expect("a tint");
        let outline = ops
            .iter()
            .position(|o| o.starts_with("outline") && o.contains(red))
            .expect("an outline");
        let first_piece = ops
            .iter()
            .position(|o| o.starts_with("piece") && !o.contains(b.theme.square_dark))
            .expect("a piece");
        assert!(tint < first_piece, "{ops:#?}");
        assert!(outline > first_piece, "{ops:#?}");
        assert_eq!(ops[tint - 1], "alpha 0.3");
    }

    #[test]
    fn the_stack_inspector_leaves_the_neighbouring_stacks_in_sight() {
        let overlaps = |a: Rect, b: Rect| {
            a.x < b.x + b.width
                && b.x < a.x + a.width
                && a.y < b.y + b.height
                && b.y < a.y + a.height
        };
        let sq = |s: &str| s.parse::<crate::Square>().unwrap();
        // A spread from b3 eastwards left six on c3 and goes on to d3: the panel, once on
        // the right, covered d3.
        let b = board("x5/x5/x2,212121,1,x/x5/x5 1 6");
        let panel = super::inspector_place(&b, sq("c3"), 40.0, 90.0);
        for s in ["c3", "d3"] {
            assert!(
                !overlaps(panel, b.layout.square_rect(sq(s))),
                "{s}: {panel:?}"
            );
        }
        // Nothing on either side: on the right, as before; on the canvas.
        let b = board("x5/x5/x2,212121,x2/x5/x5 1 6");
        let panel = super::inspector_place(&b, sq("c3"), 40.0, 90.0);
        assert!(panel.x > b.layout.square_rect(sq("c3")).center().x);
        assert!(panel.y >= 0.0 && panel.y + panel.height <= b.layout.height);
    }

    #[test]
    fn hovering_a_tall_stack_shows_all_its_pieces_but_not_mid_drag() {
        let pieces = |b: &mut Board| {
            recorded(b)
                .iter()
                .filter(|o| o.starts_with("piece"))
                .count()
        };
        let mut b = board("x5/x5/x2,212121,x2/x5/x5 1 6");
        let plain = pieces(&mut b);
        let c3 = b.layout.square_rect("c3".parse().unwrap()).center();
        b.pointer_move(c3);
        assert_eq!(pieces(&mut b), plain + 1 + 6, "a panel and the six pieces");
        // Picking the stack up and dragging it away hides the panel.
        b.pointer_down(c3);
        let d3 = b.layout.square_rect("d3".parse().unwrap()).center();
        b.pointer_move(d3);
        b.pointer_move(c3);
        let mut rec = Recorder::default();
        draw(&mut b, &mut rec, 0.0);
        assert!(rec.ops.iter().filter(|o| o.starts_with("piece")).count() < plain + 7);
    }

    /// The inspector reads as a callout, not as a stack on the square it lies over (issue
    /// 38): a pointer to the stack, and the stack's square framed in the panel's colour.
    #[test]
    fn the_stack_inspector_is_a_callout_pointing_at_its_stack() {
        let mut b = board("x5/x5/x2,212121,x2/x5/x5 1 6");
        let plain = recorded(&mut b);
        let c3 = b.layout.square_rect("c3".parse().unwrap());
        b.pointer_move(c3.center());
        let ops = recorded(&mut b);
        let added: Vec<&String> = ops.iter().filter(|o| !plain.contains(o)).collect();
        let frame = b.theme.selected;
        let outline = format!(
            "outline {:.1} {:.1} {:.1} {:.1} {frame} 2.5",
            c3.x + 1.5,
            c3.y + 1.5,
            c3.width - 3.0,
            c3.height - 3.0
        );
        assert!(added.contains(&&outline), "the square framed: {added:#?}");
        assert!(
            added.contains(&&format!("polygon 3 {frame}")),
            "a pointer: {added:#?}"
        );
    }
}
