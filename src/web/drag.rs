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

use super::i18n::Message;
use super::layout::{Layout, Point};
use crate::{Color, Direction, Kind, Move, Position, Square};

/// Pointer travel (CSS px) below which a press and release is a click, not a drag.
pub const CLICK_SLOP: f64 = 6.0;

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
    /// Pieces the current square keeps: when dragging, how many stay when the stack moves
    /// on; when clicking, how many were already put down there.
    pub leave: u8,
    /// The pointer is down.
    pub pressed: bool,
    /// Picked up by a click or tap (or the keyboard): further clicks drop pieces one by one.
    pub sticky: bool,
    /// The pointer moved more than a click since it went down.
    pub moved: bool,
    /// A press that may drag the pieces on: it started over the pieces in hand.
    pub drags: bool,
    pub press_at: Point,
    pub pointer: Point,
    /// A square the pointer points at that the stack cannot go to.
    pub refused: Option<Square>,
    /// Whether more pieces may be picked up when the hand is too light to go on.
    grow: bool,
    /// Something the player should know about what the hand just did (only the capstone
    /// went on to flatten a wall), for the board to show once.
    pub note: Option<Message>,
}

impl Carry {
    /// A stack picked up from `from`: the whole carry limit.
    pub fn new(pos: &Position, from: Square, p: Point, sticky: bool) -> Carry {
        Carry {
            from,
            count: carry_limit(pos, from),
            dir: None,
            drops: Vec::new(),
            leave: 1,
            pressed: !sticky,
            sticky,
            moved: false,
            drags: !sticky,
            press_at: p,
            pointer: p,
            refused: None,
            grow: true,
            note: None,
        }
    }

    /// Squares travelled: 0 while over the origin.
    pub fn travelled(&self) -> usize {
        if self.dir.is_some() {
            self.drops.len() + 1
        } else {
            0
        }
    }

    /// Pieces not yet left behind on a passed square (all of them land on the current
    /// square if the ply is played now).
    pub fn remaining(&self) -> u8 {
        self.count - self.drops.iter().sum::<u8>()
    }

    /// Pieces still in the hand: not yet put down anywhere. Dragging, everything not left
    /// behind is in hand; clicking, the pieces put down on the current square are not.
    pub fn in_hand(&self) -> u8 {
        if self.dir.is_none() {
            self.count
        } else if self.sticky && !self.dragging() {
            self.remaining().saturating_sub(self.leave)
        } else {
            self.remaining()
        }
    }

    /// Whether the pieces follow the pointer now (a drag in progress).
    pub fn dragging(&self) -> bool {
        self.pressed && self.moved && self.drags
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

    /// Carries `more` pieces more if the stack has them (they join at the bottom of the
    /// hand, so they are the first to be dropped; counts stay counts).
    fn carry_more(&mut self, pos: &Position, more: u8) -> bool {
        let limit = carry_limit(pos, self.from);
        if !self.grow || self.count + more > limit {
            return false;
        }
        self.count += more;
        true
    }

    /// Takes one more step in `dir` if the rules allow it, carrying more pieces if the
    /// hand is too light, and leaving all but the capstone behind when only the capstone
    /// alone may go on to flatten a wall. Returns whether it moved.
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
                if onto_wall && self.count > 1 {
                    self.count = 1; // only the capstone alone may flatten
                    self.note = Some(Message::new("note.cap_alone").with("square", next));
                }
                self.dir = Some(dir);
            }
            Some(d) if d == dir => {
                // Leaving `leave` here must keep at least one piece in hand to go on.
                let leave = if onto_wall {
                    self.leave.max(self.remaining().saturating_sub(1))
                } else {
                    self.leave
                };
                let remaining = self.remaining();
                if leave >= remaining && !self.carry_more(pos, leave + 1 - remaining) {
                    return false;
                }
                if onto_wall && self.remaining() - leave != 1 {
                    return false; // only the capstone alone may flatten
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

    /// Back over the origin with everything in hand.
    fn retract(&mut self) {
        while self.dir.is_some() {
            self.retreat();
        }
    }

    /// The direction and distance from the origin to `target`, if it is on the same row or
    /// column.
    fn line_to(&self, target: Square) -> Option<(Direction, u8)> {
        let (from, to) = (self.from, target);
        if from == to {
            None
        } else if from.file() == to.file() {
            Some(if to.rank() > from.rank() {
                (Direction::Up, to.rank() - from.rank())
            } else {
                (Direction::Down, from.rank() - to.rank())
            })
        } else if from.rank() == to.rank() {
            Some(if to.file() > from.file() {
                (Direction::Right, to.file() - from.file())
            } else {
                (Direction::Left, from.file() - to.file())
            })
        } else {
            None
        }
    }

    /// Follows the pointer to `target`: forwards, backwards, or through the origin into
    /// another direction, as far as the rules allow. A square out of reach is marked
    /// refused and the pieces stay where they last could go.
    pub(crate) fn follow(&mut self, pos: &Position, target: Square) {
        self.refused = None;
        if target == self.from {
            self.retract();
            return;
        }
        let Some((dir, distance)) = self.line_to(target) else {
            self.refused = Some(target); // diagonal or off the line
            return;
        };
        if self.dir.is_some_and(|d| d != dir) {
            self.retract();
        }
        while self.travelled() > distance as usize {
            self.retreat();
        }
        // As far as the rules allow; the rest of the way is refused.
        while self.travelled() < distance as usize {
            if !self.advance(pos, dir) {
                self.refused = Some(target);
                return;
            }
        }
    }

    /// A click or tap on `target` while the stack is in hand. Returns the ply when the hand
    /// is empty, or a refusal.
    fn click(&mut self, pos: &Position, target: Square) -> Result<Option<Move>, Message> {
        self.refused = None;
        let size = pos.size();
        let here = self.current(size);
        if target == here && self.dir.is_some() {
            // One more piece on the square the hand is over.
            if self.leave < self.remaining() {
                self.leave += 1;
            }
        } else if target == self.from {
            // Back on the origin: first everything dropped comes back, then one piece at a
            // time goes back onto the stack.
            if self.dir.is_some() {
                self.retract();
            } else {
                self.count -= 1;
            }
            return Ok(None);
        } else {
            let Some((dir, distance)) = self.line_to(target) else {
                return Err(self.out_of_reach(pos, target));
            };
            let travelled = self.travelled();
            if self.dir.is_some_and(|d| d != dir) {
                return Err(self.out_of_reach(pos, target));
            }
            if (distance as usize) < travelled {
                // A square already passed: take back what was dropped beyond it.
                while self.travelled() > distance as usize {
                    self.retreat();
                }
                return Ok(None);
            }
            let saved = self.clone();
            while self.travelled() < distance as usize {
                // A further square along: what was put down here stays, one piece goes on.
                if !self.advance(pos, dir) {
                    *self = saved;
                    return Err(self.out_of_reach(pos, target));
                }
            }
        }
        if self.in_hand() == 0 {
            let mv = self.pending().expect("the stack has left its square");
            return if pos.is_legal(mv) {
                Ok(Some(mv))
            } else {
                Err(Message::new("refuse.not_allowed"))
            };
        }
        Ok(None)
    }

    /// The squares the pieces in hand can go to next: while over the origin, every square
    /// some spread reaches; once on their way, the squares further along (for the targets
    /// drawn on the board). With `grow`, also those that need more pieces picked up.
    pub fn reach(&self, pos: &Position, grow: bool) -> u64 {
        let size = pos.size();
        let dirs: &[Direction] = match self.dir {
            Some(ref d) => std::slice::from_ref(d),
            None => &Direction::ALL,
        };
        let mut squares = 0;
        for &dir in dirs {
            let mut sq = self.current(size);
            while let Some(next) = sq.step(dir, size) {
                let mut probe = self.clone();
                probe.sticky = true;
                probe.pressed = false;
                probe.grow = grow;
                if probe.click(pos, next).is_err() {
                    break;
                }
                squares |= next.bit();
                sq = next;
            }
        }
        squares
    }

    fn out_of_reach(&mut self, pos: &Position, target: Square) -> Message {
        self.refused = Some(target);
        Message::new("refuse.out_of_reach")
            .with("square", target)
            .with("from", self.from)
            .with_nested("why", self.why_not(pos, target))
    }

    /// Why the pieces cannot go to `target`: off the line, the other way, a wall or a
    /// capstone in the way, or too far for the pieces the stack has.
    pub(crate) fn why_not(&self, pos: &Position, target: Square) -> Message {
        let Some((dir, distance)) = self.line_to(target) else {
            return Message::new("why.line");
        };
        if self.dir.is_some_and(|d| d != dir) {
            return Message::new("why.one_direction");
        }
        let carrying_cap = pos.caps() & self.from.bit() != 0;
        let mut sq = self.from;
        for step in 1..=distance {
            let Some(next) = sq.step(dir, pos.size()) else {
                break;
            };
            if pos.caps() & next.bit() != 0 {
                return Message::new("why.capstone").with("square", next);
            }
            if pos.walls() & next.bit() != 0 {
                return if carrying_cap && step == distance {
                    Message::new("why.cap_alone").with("square", next)
                } else {
                    Message::new("why.wall").with("square", next)
                };
            }
            sq = next;
        }
        Message::new("why.far").with("limit", carry_limit(pos, self.from))
    }

    /// More pieces: picked up (over the origin) or kept on the current square.
    pub(crate) fn adjust(&mut self, pos: &Position, delta: i32) {
        if self.dir.is_none() {
            let limit = carry_limit(pos, self.from) as i32;
            self.count = (self.count as i32 + delta).clamp(1, limit) as u8;
        } else {
            let most = self.remaining() as i32 - 1;
            if most >= 1 {
                self.leave = (self.leave as i32 + delta).clamp(1, most) as u8;
            }
        }
    }

    /// Carries (over the origin) or keeps `n` pieces, within what the stack allows.
    pub(crate) fn set(&mut self, pos: &Position, n: u8) {
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

/// How many pieces picking up the stack on `square` takes: the whole stack, or the carry
/// limit (the board's size) if it is taller.
pub fn carry_limit(pos: &Position, square: Square) -> u8 {
    pos.height(square).min(pos.size() as usize) as u8
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
                carry.moved |= carry.press_at.distance(p) > CLICK_SLOP;
                if carry.dragging() {
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
        carry.follow(pos, square);
        if carry.refused.is_some() {
            return Intent::Refuse(
                Message::new("refuse.cannot_reach")
                    .with("square", square)
                    .with("from", carry.from)
                    .with_nested("why", carry.why_not(pos, square)),
            );
        }
        match carry.pending() {
            None => Intent::Changed, // back on the origin: put down
            Some(mv) if pos.is_legal(mv) => Intent::Play(mv),
            Some(_) => Intent::Refuse(Message::new("refuse.not_allowed")),
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
    Gesture::Carry(Carry::new(pos, square, Point::default(), true))
}

pub(crate) fn place(pos: &Position, square: Square, kind: Kind) -> Intent {
    let mv = Move::place(square, kind);
    match pos.check(mv) {
        Ok(()) => Intent::Play(mv),
        Err(e) => Intent::Refuse(Message::from(&e)),
    }
}
