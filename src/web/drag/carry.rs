//! The stack in hand: what was picked up, where it has been spread so far, and the
//! arithmetic of spreading it on (dragging along a line, clicking square by square, the
//! wheel and keys changing how many are carried), with why a square is out of reach.

use super::super::i18n::Message;
use super::super::layout::Point;
use crate::{Direction, Move, Position, Square};

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
    pub(super) fn line_to(&self, target: Square) -> Option<(Direction, u8)> {
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
    pub(super) fn click(
        &mut self,
        pos: &Position,
        target: Square,
    ) -> Result<Option<Move>, Message> {
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

/// How many pieces picking up the stack on `square` takes: the whole stack, or the carry
/// limit (the board's size) if it is taller.
pub fn carry_limit(pos: &Position, square: Square) -> u8 {
    pos.height(square).min(pos.size() as usize) as u8
}
