//! Draws a board's state onto a [`Canvas`]. Reads state, changes nothing but the animation
//! clock; the page calls it only when the state changed or an animation runs.

use super::canvas::{Align, Canvas, TextStyle};
use super::drag::{Carry, Gesture};
use super::layout::{Layout, Point, Rect, StackGeometry};
use super::marks::Mark;
use super::state::Board;
use super::theme::Theme;
use super::Within;
use crate::square::bitboard::Bits;
use crate::{Color, Kind, Move, Piece, Position, Square};

/// How high pieces in hand float above their square, in squares.
const HAND_LIFT: f64 = 0.3;

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
    let layout = &board.layout;
    let theme = &board.theme;
    canvas.clear(layout.width, layout.height, theme.background);
    draw_squares(board, canvas);

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
    draw_highlights(board, canvas, &shown, pending);
    draw_mark_tints(board, canvas);

    // Which pieces are "new" on each square: those a pending or animated ply dropped there.
    let mut fresh = [0u8; 64];
    let mut origin = None;
    if let Some(mv) = pending {
        mark_drops(&mut fresh, mv, shown.size());
    }
    let anim = board.animation.filter(|_| animating && pending.is_none());
    if let Some(a) = anim {
        mark_drops(&mut fresh, a.mv, shown.size());
        origin = Some(a.mv.square());
    }
    let progress = anim.map_or(1.0, |a| a.progress(now));
    // The pieces in hand float over their square (while dragging away from the origin they
    // are drawn where they would land instead): which square, and how many.
    let hand = carry
        .filter(|c| !c.dragging() || c.dir.is_none())
        .map(|c| (c.current(shown.size()), c.in_hand() as usize));
    for i in Bits(shown.occupied()) {
        let sq = Square::from_index(i);
        let lift = hand.filter(|&(over, _)| over == sq).map_or(0, |(_, n)| n);
        let slide = origin.filter(|_| fresh[i as usize] > 0).map(|o| {
            let (a, b) = (layout.square_rect(o), layout.square_rect(sq));
            Point::new(
                (a.x - b.x) * (1.0 - progress),
                (a.y - b.y) * (1.0 - progress),
            )
        });
        let appear = if anim.is_some_and(|a| a.mv.is_placement() && a.mv.square() == sq) {
            progress
        } else {
            1.0
        };
        draw_stack(
            canvas,
            board,
            &shown,
            sq,
            fresh[i as usize] as usize,
            lift,
            slide,
            appear,
            pending.is_some(),
        );
        if shown.height(sq) > 1 {
            let r = layout.square_rect(sq);
            let px = (layout.square * 0.2).max(9.0);
            canvas.text(
                r.x + r.width - px * 0.35,
                r.y + px * 1.05,
                &shown.height(sq).to_string(),
                TextStyle {
                    px,
                    color: theme.coordinates,
                    align: Align::Right,
                    bold: true,
                },
            );
        }
    }
    draw_marks(board, canvas);
    if let Some(c) = carry {
        draw_targets(board, canvas, c);
        draw_drop_counts(canvas, theme, layout, c, pending, shown.size());
        draw_hand(canvas, board, &shown, c);
    }
    draw_reserves(board, canvas);
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
            Point::new(pointer.x, pointer.y + layout.square * 0.25),
            Piece::new(color, kind),
        );
        canvas.set_alpha(1.0);
    }
    draw_inspector(board, canvas);
    animating
}

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

fn draw_highlights(
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

/// Marks where the carried stack can go next: from the origin, every square a spread
/// reaches; on its way, the squares further along.
fn draw_targets(board: &Board, canvas: &mut dyn Canvas, carry: &Carry) {
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

/// The tints of highlighted squares, under the pieces, so that a highlight never washes out
/// the stack on its square (its outline is drawn over them by `draw_marks`).
fn draw_mark_tints(board: &Board, canvas: &mut dyn Canvas) {
    let layout = &board.layout;
    for mark in board.marks() {
        if let Mark::Square { square, color } = mark {
            if !square.is_on_board(layout.size) {
                continue; // a mark made for a bigger board
            }
            canvas.set_alpha(0.3);
            canvas.fill_rect(layout.square_rect(*square), color.css());
            canvas.set_alpha(1.0);
        }
    }
}

/// The marks (host's and the ply's), above the pieces: highlighted squares as a thick outline
/// (shape as well as colour; their tint is under the pieces), arrows from centre to centre,
/// labels in a disc in the upper left corner, clear of a stack's height in the upper right.
fn draw_marks(board: &Board, canvas: &mut dyn Canvas) {
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
fn draw_hand(canvas: &mut dyn Canvas, board: &Board, shown: &Position, carry: &Carry) {
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
fn draw_drop_counts(
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
fn draw_piece(
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
fn draw_lone_piece(board: &Board, canvas: &mut dyn Canvas, base: Point, piece: Piece) {
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

fn draw_reserves(board: &Board, canvas: &mut dyn Canvas) {
    let layout = &board.layout;
    let theme = &board.theme;
    let pos = board.shown_position();
    let active = pos.placing_color();
    let over = board.game.outcome().is_some() || board.preview.is_some();
    for color in Color::ALL {
        let reserve = &layout.reserves[color.index()];
        let stones = pos.stones_left(color);
        let caps = pos.caps_left(color);
        let px = (layout.square * 0.2).within(10.0, 18.0);
        for kind in Kind::ALL {
            let pile = reserve.pile(kind);
            let left = if kind == Kind::Cap { caps } else { stones };
            if kind == Kind::Cap && pos.config().caps == 0 {
                continue;
            }
            let usable = board.options.interactive
                && !over
                && color == active
                && left > 0
                && (!pos.is_opening() || kind == Kind::Flat);
            if usable {
                canvas.round_rect(pile.inset(-2.0), layout.square * 0.08, theme.target, None);
                if board.selected == kind && !pos.is_opening() {
                    canvas.stroke_rect(pile.inset(-2.0), theme.selected, 2.0);
                }
            }
            canvas.set_alpha(if left == 0 { 0.25 } else { 1.0 });
            draw_lone_piece(
                board,
                canvas,
                Point::new(pile.center().x, pile.y + pile.height * 0.78),
                Piece::new(color, kind),
            );
            canvas.set_alpha(1.0);
            if usable && pos.is_opening() && kind == Kind::Flat {
                // The first two plies: the count, and whose ply takes from this pile (beside
                // the count in a row of piles, under it in a column).
                let mover =
                    super::i18n::text(board.lang, super::drag::color_key(pos.to_move()), &[]);
                let label =
                    super::i18n::text(board.lang, "canvas.opening_pile", &[("player", mover)]);
                let style = TextStyle {
                    px: px * 0.85,
                    color: theme.selected,
                    align: Align::Center,
                    bold: true,
                };
                let count_y = pile.y + pile.height + px * 0.95;
                if layout.portrait {
                    canvas.text(
                        pile.center().x,
                        count_y,
                        &format!("{left} · {label}"),
                        style,
                    );
                } else {
                    canvas.text(
                        pile.center().x,
                        count_y,
                        &left.to_string(),
                        TextStyle {
                            px,
                            color: theme.text,
                            ..style
                        },
                    );
                    // Kept inside the canvas: a column of piles can be narrower than the words.
                    let half = label.chars().count() as f64 * style.px * 0.3;
                    let x = pile
                        .center()
                        .x
                        .within(half + 2.0, (layout.width - half - 2.0).max(half + 2.0));
                    canvas.text(x, count_y + px * 1.15, &label, style);
                }
            } else if kind != Kind::Wall {
                let label = left.to_string();
                canvas.text(
                    pile.center().x,
                    pile.y + pile.height + px * 0.95,
                    &label,
                    TextStyle {
                        px,
                        color: theme.text,
                        align: Align::Center,
                        bold: true,
                    },
                );
            }
        }
        // Whose reserve, and whose turn.
        let label = fit_label(board, color, reserve.label_width, px);
        let Point { x, y } = reserve.label;
        let align = if layout.portrait {
            Align::Left
        } else {
            Align::Center
        };
        // Centred over a column by the canvas's edge: kept inside the canvas.
        let x = if layout.portrait {
            x
        } else {
            let half = label.chars().count() as f64 * px * 0.33;
            x.within(half + 2.0, (layout.width - half - 2.0).max(half + 2.0))
        };
        let bold = !over && pos.to_move() == color;
        canvas.text(
            x,
            y,
            &label,
            TextStyle {
                px,
                color: if bold { theme.selected } else { theme.text },
                align,
                bold,
            },
        );
    }
}

/// The name over a reserve, fitted to `width` pixels at `px` (bold): a player's name
/// shortened with an ellipsis, or the colour's when too little of the name would show.
fn fit_label(board: &Board, color: Color, width: f64, px: f64) -> String {
    // An average bold sans-serif letter; generous, so that nothing runs under the piles.
    let fits = (width / (px * 0.62)).max(0.0) as usize;
    let name = board.player_label(color);
    let len = name.chars().count();
    if len <= fits {
        return name;
    }
    // The computer's short name ("Computer" for "Computer · Club") before a cut one.
    if let Some(short) = board
        .player_short(color)
        .filter(|s| s.chars().count() <= fits)
    {
        return short;
    }
    if fits < 5 {
        return board.colour_name(color);
    }
    let mut short: String = name.chars().take(fits - 1).collect();
    short.push('…');
    short
}

/// The full stack under the pointer, drawn large beside its square, for stacks too tall to
/// read on the board.
fn draw_inspector(board: &Board, canvas: &mut dyn Canvas) {
    let layout = &board.layout;
    // On hover, or on a press that has not moved (a long-press on touch); never mid-drag.
    let still = match &board.gesture {
        Gesture::Idle | Gesture::Press { .. } => true,
        Gesture::Carry(c) => !c.moved && !c.sticky,
        Gesture::Place { .. } => false,
    };
    if !still {
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
    let r = layout.square_rect(sq);
    let band = (layout.square * 0.16)
        .within(6.0, 16.0)
        .min((layout.height - 24.0) / height as f64);
    let w = layout.square * 0.55;
    let h = band * height as f64 + 12.0;
    let x = if r.x + r.width + w + 14.0 < layout.width {
        r.x + r.width + 6.0
    } else {
        r.x - w - 14.0
    };
    let y = (r.center().y - h / 2.0).within(4.0, (layout.height - h - 4.0).max(4.0));
    let panel = Rect::new(x, y, w + 8.0, h);
    canvas.round_rect(
        panel,
        6.0,
        board.theme.panel,
        Some((board.theme.coordinates, 1.0)),
    );
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::canvas::Recorder;
    use crate::web::config::BoardOptions;
    use crate::{Config, Game};

    fn board(tps: &str) -> Board {
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
    fn recorded(b: &mut Board) -> Vec<String> {
        let mut rec = Recorder::default();
        draw(b, &mut rec, 0.0);
        rec.ops
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
    fn the_players_names_label_the_reserves_where_they_fit() {
        let texts = |b: &mut Board| {
            recorded(b)
                .iter()
                .filter(|o| o.starts_with("text"))
                .map(|o| o.splitn(6, ' ').nth(5).unwrap_or("").to_string())
                .collect::<Vec<_>>()
        };
        let mut game = Game::new(Position::from_tps("x5/x5/x5/x5/x5 1 1").unwrap());
        game.set_tag("Player1", "Ann");
        game.set_tag("Player2", "Bartholomew the Long-Winded");
        let mut b = board("x5/x5/x5/x5/x5 1 1");
        b.load(game);
        // Wide: the names, the long one shortened with an ellipsis.
        b.resize(1000.0, 700.0, 1.0);
        let wide = texts(&mut b);
        assert!(wide.iter().any(|t| t == "Ann"), "{wide:?}");
        assert!(
            wide.iter()
                .any(|t| t.starts_with("Bartholom") && t.ends_with('…')),
            "{wide:?}"
        );
        // A phone held upright has room for a short word only: the colour for the long one.
        b.prefer_portrait = true;
        b.resize(390.0, 560.0, 1.0);
        let narrow = texts(&mut b);
        assert!(narrow.iter().any(|t| t == "Black"), "{narrow:?}");
        assert!(!narrow.iter().any(|t| t.starts_with("Bart")), "{narrow:?}");
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
