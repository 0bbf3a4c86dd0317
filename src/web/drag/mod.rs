//! The input state machine: pointer and key events become intents — pick up, carry, drop,
//! cancel, place — and finally legal plies. Pure Rust: the tests drive it without a browser.
//!
//! Mouse, pen and touch behave alike, and two ways to play mix freely:
//! - **Drag**: press a reserve pile and release on an empty square to place. Press anywhere
//!   on a stack you control (on its pieces or on its square) to pick up the carry limit —
//!   the whole stack, or as many pieces as the board is wide. Dragging along a row or column
//!   drops one piece on each square passed and all the rest where the pointer is released:
//!   a 3-stack dragged one square moves whole (`3c3>`), across two squares plays `3c3>12`.
//!   If the pointer goes farther than the pieces in hand allow, more are carried (up to the
//!   carry limit). The wheel, `+`/`−` and the digit keys change how many are carried (over
//!   the origin) or kept on the current square. Releasing off the board, on the origin or
//!   where the stack cannot go puts it back and plays nothing; so does Escape.
//! - **Click or tap**: click a pile to choose the kind, then an empty square. Click a stack
//!   to pick it up; each click on the next square along drops one piece there, each further
//!   click on that square drops one more, and the ply is played when the hand is empty. So
//!   on a 3-stack at c3 the clicks c3, d3, d3, e3 play `3c3>21`. Clicking the origin puts
//!   one piece back (at none, the stack is put down); clicking a square already passed takes
//!   back what was dropped beyond it.
//!
//! This file is the machine (which gesture is under way, and what each event makes of it);
//! `carry.rs` is the stack in hand, which asks the engine's legal spreads where it may go.

mod carry;

pub use carry::Carry;

use super::i18n::Message;
use super::layout::{Layout, Point};
use crate::{Color, Kind, Move, Position, Square};

/// Pointer travel (CSS px) below which a press and release is a click, not a drag.
pub const CLICK_SLOP: f64 = 6.0;

/// What the pointer is doing.
#[derive(Clone, Debug, PartialEq, Default)]
pub enum Gesture {
    #[default]
    Idle,
    /// Pressed on a square without picking anything up: a click there places a piece.
    Press { square: Square },
    /// Dragging a piece from a reserve pile.
    Place {
        kind: Kind,
        color: Color,
        press_at: Point,
        pointer: Point,
        moved: bool,
    },
    /// Carrying a stack.
    Carry(Carry),
}

/// What a gesture asks the board to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Intent {
    /// Nothing happened.
    Nothing,
    /// Something visible changed (redraw).
    Changed,
    /// Play this ply (it is legal).
    Play(Move),
    /// Choose the kind that a click on an empty square places.
    Select(Kind),
    /// The action was refused; the message says why.
    Refuse(Message),
}

/// The catalogue key naming `color` ("White", "Black").
pub fn color_key(color: Color) -> &'static str {
    match color {
        Color::White => "color.white",
        Color::Black => "color.black",
    }
}

/// Why the stack on `square` cannot be picked up by the player to move, if it cannot.
fn refuse_pick_up(pos: &Position, square: Square) -> Option<Message> {
    let top = pos.top(square)?;
    if pos.is_opening() {
        return Some(Message::new("illegal.opening"));
    }
    if top.color != pos.to_move() {
        return Some(
            Message::new("refuse.their_stack")
                .with("square", square)
                .with_key("owner", color_key(top.color)),
        );
    }
    None
}

impl Gesture {
    /// A pointer went down at `p`.
    pub fn down(&mut self, pos: &Position, layout: &Layout, p: Point) -> Intent {
        if let Gesture::Carry(carry) = self {
            if carry.pressed {
                return Intent::Nothing; // a second finger
            }
            // A press while the stack is in hand: a click (acted on at release) or, if it
            // starts over the pieces in hand, a drag that carries them on.
            carry.pressed = true;
            carry.moved = false;
            carry.press_at = p;
            carry.pointer = p;
            carry.drags = layout.square_at(p) == Some(carry.current(pos.size()));
            return Intent::Changed;
        }
        *self = Gesture::Idle;
        if pos.is_over() {
            return Intent::Refuse(Message::new("refuse.game_over"));
        }
        if let Some((color, kind)) = layout.pile_at(p) {
            if color != pos.placing_color() {
                let message = if pos.is_opening() && pos.placing_color() == pos.to_move() {
                    // The no-swap opening: the player's own flat.
                    Message::new("refuse.opening_own_pile").with_key("color", color_key(!color))
                } else if pos.is_opening() {
                    Message::new("refuse.opening_pile").with_key("color", color_key(!color))
                } else {
                    Message::new("refuse.their_pile")
                        .with_key("owner", color_key(color))
                        .with_key("player", color_key(pos.to_move()))
                };
                return Intent::Refuse(message);
            }
            if pos.is_opening() && kind != Kind::Flat {
                return Intent::Refuse(Message::new("illegal.opening"));
            }
            let left = if kind == Kind::Cap {
                pos.caps_left(color)
            } else {
                pos.stones_left(color)
            };
            if left == 0 {
                let key = if kind == Kind::Cap {
                    "refuse.no_caps"
                } else {
                    "refuse.no_stones"
                };
                return Intent::Refuse(Message::new(key));
            }
            *self = Gesture::Place {
                kind,
                color,
                press_at: p,
                pointer: p,
                moved: false,
            };
            return Intent::Changed;
        }
        let Some(square) = layout.square_at(p) else {
            return Intent::Nothing;
        };
        if pos.height(square) > 0 {
            // Someone else's stack (or any stack on the first plies): say so at once, for a
            // drag as for a click.
            if let Some(why) = refuse_pick_up(pos, square) {
                return Intent::Refuse(why);
            }
            *self = Gesture::Carry(Carry::new(pos, square, p, false));
            return Intent::Changed;
        }
        *self = Gesture::Press { square };
        Intent::Nothing
    }

    /// The pointer moved to `p` (pressed or not).
    pub fn moved(&mut self, pos: &Position, layout: &Layout, p: Point) -> Intent {
        match self {
            Gesture::Place {
                press_at,
                pointer,
                moved,
                ..
            } => {
                *pointer = p;
                *moved |= press_at.distance(p) > CLICK_SLOP;
                Intent::Changed
            }
            Gesture::Carry(carry) => {
                carry.pointer = p;
                if !carry.pressed {
                    return Intent::Nothing; // hovering while a stack is in hand
                }
                let before = carry.clone();
                carry.moved |= carry.press_at.distance(p) > CLICK_SLOP;
                if carry.dragging() {
                    match layout.square_at(p) {
                        Some(sq) => carry.follow(pos.size(), sq),
                        None => carry.refused = None,
                    }
                }
                // The carried pieces are drawn on squares, not under the pointer: a move
                // within a square changes nothing on screen, and is no reason to redraw.
                if *carry == before {
                    Intent::Nothing
                } else {
                    Intent::Changed
                }
            }
            Gesture::Press { .. } | Gesture::Idle => Intent::Nothing,
        }
    }

    /// The pointer went up at `p`.
    pub fn up(&mut self, pos: &Position, layout: &Layout, p: Point, selected: Kind) -> Intent {
        let gesture = std::mem::take(self);
        match gesture {
            Gesture::Idle => Intent::Nothing,
            Gesture::Press { square } => {
                if layout.square_at(p) != Some(square) {
                    return Intent::Nothing;
                }
                if let Some(why) = refuse_pick_up(pos, square) {
                    return Intent::Refuse(why);
                }
                let kind = if pos.is_opening() {
                    Kind::Flat
                } else {
                    selected
                };
                place(pos, square, kind)
            }
            Gesture::Place { kind, moved, .. } => match layout.square_at(p) {
                Some(square) => place(pos, square, kind),
                None if !moved => Intent::Select(kind),
                // Dragged back onto the reserves: put back, nothing to say.
                None if layout.pile_at(p).is_some() => Intent::Changed,
                None => Intent::Refuse(Message::new("refuse.place_off_board")),
            },
            Gesture::Carry(mut carry) => {
                carry.pointer = p;
                let square = layout.square_at(p);
                if carry.dragging() {
                    return self.release_drag(pos, carry, square);
                }
                carry.pressed = false;
                if carry.moved {
                    // A press that wandered off and came back elsewhere: not a click.
                    *self = Gesture::Carry(carry);
                    return Intent::Changed;
                }
                if !carry.sticky {
                    // A click on a stack: it stays in hand; clicks say where it goes.
                    carry.sticky = true;
                    *self = Gesture::Carry(carry);
                    return Intent::Changed;
                }
                let Some(target) = square else {
                    return Intent::Changed; // a click off the board puts the stack down
                };
                if carry.dir.is_none() && target != carry.from && carry.line_to(target).is_none() {
                    // Another of your stacks: pick that one up instead.
                    if pos.height(target) > 0 && refuse_pick_up(pos, target).is_none() {
                        *self = Gesture::Carry(Carry::new(pos, target, p, true));
                        return Intent::Changed;
                    }
                }
                match carry.click(pos, target) {
                    Ok(Some(mv)) => Intent::Play(mv),
                    Ok(None) => {
                        if carry.count > 0 {
                            *self = Gesture::Carry(carry);
                        }
                        Intent::Changed
                    }
                    Err(why) => {
                        *self = Gesture::Carry(carry);
                        Intent::Refuse(why)
                    }
                }
            }
        }
    }

    /// The end of a drag: play what the hand shows, or put the stack back.
    fn release_drag(&mut self, pos: &Position, mut carry: Carry, square: Option<Square>) -> Intent {
        let Some(square) = square else {
            return Intent::Refuse(Message::new("refuse.off_board"));
        };
        carry.follow(pos.size(), square);
        if carry.refused.is_some() {
            return Intent::Refuse(
                Message::new("refuse.cannot_reach")
                    .with("square", square)
                    .with("from", carry.from)
                    .with_nested("why", carry.why_not(pos, square)),
            );
        }
        match (carry.pending(), carry.playable()) {
            (None, _) => Intent::Changed, // back on the origin: put down
            (_, Some(mv)) => Intent::Play(mv),
            (Some(_), None) => Intent::Refuse(Message::new("refuse.not_allowed")),
        }
    }

    /// The browser took the pointer away (a scroll, a lost capture): cancel.
    pub fn cancel(&mut self) -> Intent {
        if *self == Gesture::Idle {
            Intent::Nothing
        } else {
            *self = Gesture::Idle;
            Intent::Changed
        }
    }

    /// The wheel turned: up carries or keeps more, down fewer.
    pub fn wheel(&mut self, delta_y: f64) -> Intent {
        let Gesture::Carry(carry) = self else {
            return Intent::Nothing;
        };
        if delta_y == 0.0 {
            return Intent::Nothing;
        }
        carry.adjust(if delta_y < 0.0 { 1 } else { -1 });
        Intent::Changed
    }
}

/// Picks up the stack on `square` without a pointer (the keyboard): the whole carry, held
/// until confirmed or cancelled.
pub fn pick_up(pos: &Position, square: Square) -> Gesture {
    Gesture::Carry(Carry::new(pos, square, Point::default(), true))
}

pub(crate) fn place(pos: &Position, square: Square, kind: Kind) -> Intent {
    let mv = Move::place(square, kind);
    match pos.check(mv) {
        Ok(()) => Intent::Play(mv),
        Err(e) => Intent::Refuse(Message::from(&e)),
    }
}
