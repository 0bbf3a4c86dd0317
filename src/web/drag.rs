//! The input state machine: pointer and key events become intents — pick up, carry, drop,
//! cancel, place — and finally legal plies. Pure Rust: the tests drive it without a browser.
//!
//! Two ways to play, which mix freely:
//! - **Drag**: press a reserve pile and release on an empty square to place; press a stack
//!   you control and drag along a row or column to spread it. The height you grab decides
//!   how many pieces you carry (the piece under the pointer and all above it, up to the
//!   carry limit); the wheel or the arrow keys change it before the stack leaves its square.
//!   Each square you pass keeps one piece (the wheel or arrows change how many before you
//!   move on); releasing drops everything still carried on the square under the pointer.
//!   Dragging back undoes drops; back to the origin, or Escape, cancels.
//! - **Click or tap**: click a pile to choose the kind, then click an empty square; click a
//!   stack to pick it up, then click the square to spread it to. Clicking the origin again
//!   takes one piece fewer, and at one piece puts the stack down.
//!
//! Pressing the top piece takes it alone; pressing lower on the stack, or below the pieces,
//! takes more — up to the whole carry.

use super::i18n::Message;
use super::layout::{Layout, Point};
use crate::{Color, Direction, Kind, Move, Position, Square};

/// Pointer travel (CSS px) below which a press and release is a click, not a drag.
pub const CLICK_SLOP: f64 = 5.0;

/// A stack being carried: picked up, and possibly spread over some squares already.
#[derive(Clone, Debug, PartialEq)]
pub struct Carry {
    pub from: Square,
    /// Pieces picked up.
    pub count: u8,
    /// Once the stack has left its square, the direction it goes.
    pub dir: Option<Direction>,
    /// Pieces dropped on each square passed so far (not counting the current square).
    pub drops: Vec<u8>,
    /// Pieces the current square keeps when the stack moves on.
    pub leave: u8,
    /// The pointer is down.
    pub pressed: bool,
    /// Picked up by a click or tap (not a drag): it stays in hand until a second click.
    pub sticky: bool,
    /// The pointer moved more than a click since it went down.
    pub moved: bool,
    pub press_at: Point,
    pub pointer: Point,
    /// A square the pointer points at that the stack cannot go to.
    pub refused: Option<Square>,
}

impl Carry {
    /// Squares travelled: 0 while over the origin.
    pub fn travelled(&self) -> usize {
        if self.dir.is_some() {
            self.drops.len() + 1
        } else {
            0
        }
    }

    /// Pieces still carried (all of them land on the current square on release).
    pub fn remaining(&self) -> u8 {
        self.count - self.drops.iter().sum::<u8>()
    }

    /// The square the carried pieces hover over.
    pub fn current(&self, size: u8) -> Square {
        let mut sq = self.from;
        if let Some(dir) = self.dir {
            for _ in 0..self.travelled() {
                sq = sq.step(dir, size).unwrap_or(sq);
            }
        }
        sq
    }

    /// The ply a release now would play, if the stack has left its square.
    pub fn pending(&self) -> Option<Move> {
        let dir = self.dir?;
        let mut drops = self.drops.clone();
        drops.push(self.remaining());
        Move::spread(self.from, dir, &drops)
    }

    /// Takes one more step in `dir` if the rules allow it (adjusting what stays behind when
    /// only the capstone alone may go on to flatten a wall). Returns whether it moved.
    fn advance(&mut self, pos: &Position, dir: Direction) -> bool {
        let size = pos.size();
        let here = self.current(size);
        let Some(next) = here.step(dir, size) else {
            return false;
        };
        if pos.caps() & next.bit() != 0 {
            return false;
        }
        let onto_wall = pos.walls() & next.bit() != 0;
        let carrying_cap = pos.caps() & self.from.bit() != 0;
        if onto_wall && !carrying_cap {
            return false;
        }
        match self.dir {
            None => {
                if onto_wall {
                    self.count = 1; // only the capstone alone may flatten
                }
                self.dir = Some(dir);
            }
            Some(d) if d == dir => {
                let remaining = self.remaining();
                let leave = if onto_wall {
                    remaining.saturating_sub(1)
                } else {
                    self.leave
                };
                if leave == 0 || leave >= remaining {
                    return false;
                }
                self.drops.push(leave);
            }
            Some(_) => return false,
        }
        self.leave = 1;
        true
    }

    /// Takes back the last step.
    fn retreat(&mut self) {
        match self.drops.pop() {
            Some(kept) => self.leave = kept,
            None => {
                self.dir = None;
                self.leave = 1;
            }
        }
    }

    /// Follows the pointer to `target`: forwards, backwards, or through the origin into
    /// another direction, as far as the rules allow.
    pub(crate) fn follow(&mut self, pos: &Position, target: Square) {
        self.refused = None;
        if target == self.from {
            while self.dir.is_some() {
                self.retreat();
            }
            return;
        }
        let (from, to) = (self.from, target);
        let (dir, distance) = if from.file() == to.file() {
            if to.rank() > from.rank() {
                (Direction::Up, to.rank() - from.rank())
            } else {
                (Direction::Down, from.rank() - to.rank())
            }
        } else if from.rank() == to.rank() {
            if to.file() > from.file() {
                (Direction::Right, to.file() - from.file())
            } else {
                (Direction::Left, from.file() - to.file())
            }
        } else {
            self.refused = Some(target); // diagonal or off the line
            return;
        };
        if self.dir.is_some_and(|d| d != dir) {
            while self.dir.is_some() {
                self.retreat();
            }
        }
        while self.travelled() > distance as usize {
            self.retreat();
        }
        while self.travelled() < distance as usize {
            if !self.advance(pos, dir) {
                self.refused = Some(target);
                return;
            }
        }
    }

    /// More pieces: picked up (over the origin) or kept on the current square.
    fn adjust(&mut self, pos: &Position, delta: i32) {
        if self.dir.is_none() {
            let limit = pos.height(self.from).min(pos.size() as usize) as i32;
            self.count = (self.count as i32 + delta).clamp(1, limit) as u8;
        } else {
            let most = self.remaining() as i32 - 1;
            if most >= 1 {
                self.leave = (self.leave as i32 + delta).clamp(1, most) as u8;
            }
        }
    }

    fn set(&mut self, pos: &Position, n: u8) {
        let now = if self.dir.is_none() {
            self.count
        } else {
            self.leave
        };
        self.adjust(pos, n as i32 - now as i32);
    }
}

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

/// The colour of the piece a placement puts down now (the opponent's on plies 1 and 2).
pub fn placing_color(pos: &Position) -> Color {
    if pos.is_opening() {
        !pos.to_move()
    } else {
        pos.to_move()
    }
}

/// The reserve pile the player to move takes `kind` from: whose pile it is.
pub fn pile_owner(pos: &Position) -> Color {
    placing_color(pos)
}

/// How many pieces a press at `p` on the stack on `square` picks up: the piece under the
/// pointer and all above it, at most the carry limit; the whole carry when not on a piece.
pub fn grab_count(pos: &Position, layout: &Layout, square: Square, p: Point) -> u8 {
    let height = pos.height(square);
    let limit = height.min(pos.size() as usize) as u8;
    match layout.piece_at(square, height, p) {
        Some(level) => ((height - level) as u8).min(limit),
        None => limit,
    }
}

impl Gesture {
    /// A pointer went down at `p`.
    pub fn down(&mut self, pos: &Position, layout: &Layout, p: Point) -> Intent {
        if let Gesture::Carry(carry) = self {
            // A second click of the click-and-click way of moving.
            carry.pressed = true;
            carry.pointer = p;
            carry.press_at = p;
            if let Some(sq) = layout.square_at(p) {
                carry.follow(pos, sq);
            }
            return Intent::Changed;
        }
        *self = Gesture::Idle;
        if pos.is_over() {
            return Intent::Nothing;
        }
        if let Some((color, kind)) = layout.pile_at(p) {
            if color != pile_owner(pos) {
                return Intent::Nothing;
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
        let own = pos.tops(pos.to_move()) & square.bit() != 0;
        if own && !pos.is_opening() {
            let count = grab_count(pos, layout, square, p);
            *self = Gesture::Carry(Carry {
                from: square,
                count,
                dir: None,
                drops: Vec::new(),
                leave: 1,
                pressed: true,
                sticky: false,
                moved: false,
                press_at: p,
                pointer: p,
                refused: None,
            });
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
                carry.moved |= carry.press_at.distance(p) > CLICK_SLOP;
                if carry.moved || carry.sticky {
                    match layout.square_at(p) {
                        Some(sq) => carry.follow(pos, sq),
                        None => carry.refused = None,
                    }
                }
                Intent::Changed
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
                if layout.square_at(p) != Some(square) || pos.height(square) != 0 {
                    return Intent::Nothing;
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
                None => Intent::Changed,
            },
            Gesture::Carry(mut carry) => {
                carry.pointer = p;
                carry.pressed = false;
                let square = layout.square_at(p);
                if let Some(sq) = square.filter(|_| carry.moved || carry.sticky) {
                    carry.follow(pos, sq);
                }
                if let Some(refused) = carry.refused.take() {
                    // Released where the stack cannot go: play nothing rather than a shorter
                    // spread the player did not ask for. A stack picked up by a click stays
                    // in hand for another try.
                    if carry.sticky {
                        *self = Gesture::Carry(carry);
                    }
                    return Intent::Refuse(
                        Message::new("refuse.cannot_reach").with("square", refused),
                    );
                }
                if let Some(mv) = carry.pending().filter(|_| carry.moved || carry.sticky) {
                    return if pos.is_legal(mv) {
                        Intent::Play(mv)
                    } else {
                        Intent::Refuse(Message::new("refuse.not_allowed"))
                    };
                }
                if carry.sticky {
                    // A click back on the origin: one piece fewer, and at one, put it down.
                    if square == Some(carry.from) && carry.count > 1 {
                        carry.count -= 1;
                        *self = Gesture::Carry(carry);
                    }
                    return Intent::Changed;
                }
                if !carry.moved {
                    // A click on a stack: keep it in hand; the next click says where it goes.
                    carry.sticky = true;
                    *self = Gesture::Carry(carry);
                }
                Intent::Changed
            }
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

    /// A key while the board has focus. Returns `Nothing` for keys it does not use.
    pub fn key(&mut self, pos: &Position, key: &str) -> Intent {
        if key == "Escape" {
            return self.cancel();
        }
        let Gesture::Carry(carry) = self else {
            return Intent::Nothing;
        };
        match key {
            "PageUp" | "+" | "=" => carry.adjust(pos, 1),
            "PageDown" | "-" | "_" => carry.adjust(pos, -1),
            "Enter" | " " => {
                return match carry.pending() {
                    Some(mv) if pos.is_legal(mv) => {
                        *self = Gesture::Idle;
                        Intent::Play(mv)
                    }
                    _ => Intent::Nothing,
                }
            }
            k if k.len() == 1 && matches!(k.as_bytes()[0], b'1'..=b'8') => {
                carry.set(pos, k.as_bytes()[0] - b'0')
            }
            _ => return Intent::Nothing,
        }
        Intent::Changed
    }

    /// The wheel turned: up carries or keeps more, down fewer.
    pub fn wheel(&mut self, pos: &Position, delta_y: f64) -> Intent {
        let Gesture::Carry(carry) = self else {
            return Intent::Nothing;
        };
        if delta_y == 0.0 {
            return Intent::Nothing;
        }
        carry.adjust(pos, if delta_y < 0.0 { 1 } else { -1 });
        Intent::Changed
    }
}

/// Picks up the stack on `square` without a pointer (the keyboard): the whole carry, held
/// until confirmed or cancelled.
pub fn pick_up(pos: &Position, square: Square) -> Gesture {
    let count = pos.height(square).min(pos.size() as usize) as u8;
    Gesture::Carry(Carry {
        from: square,
        count,
        dir: None,
        drops: Vec::new(),
        leave: 1,
        pressed: false,
        sticky: true,
        moved: false,
        press_at: Point::default(),
        pointer: Point::default(),
        refused: None,
    })
}

pub(crate) fn place(pos: &Position, square: Square, kind: Kind) -> Intent {
    let mv = Move::place(square, kind);
    match pos.check(mv) {
        Ok(()) => Intent::Play(mv),
        Err(e) => Intent::Refuse(Message::from(&e)),
    }
}
