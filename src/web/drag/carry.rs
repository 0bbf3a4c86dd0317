//! The stack in hand: what was picked up, where it has been spread so far, and how a
//! gesture goes on with it (dragging along a line, clicking square by square, the wheel and
//! keys changing how many are carried), with why a square is out of reach.
//!
//! The rules are not written here: the hand keeps the engine's legal spreads from its
//! square ([`Position::legal_spreads_from`]) and every step asks them whether some legal ply goes
//! on that way; a refusal is explained by the engine's [`crate::IllegalMove`].

use super::super::i18n::Message;
use super::super::layout::Point;
use crate::{Direction, IllegalMove, Move, Position, Square};

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
    /// The legal spreads from `from`, as the engine judges them: what the hand may become.
    spreads: Vec<Move>,
    /// The most pieces the stack lets the hand carry (the engine's carry limit).
    limit: u8,
}

/// The drops on the squares a hand has passed, as a spread's drop pattern begins (see
/// [`Move`]): how many squares, how many pieces, and the pattern's low bits.
#[derive(Clone, Copy)]
struct Passed {
    squares: usize,
    pieces: u32,
    bits: u32,
}

impl Passed {
    fn of(drops: &[u8]) -> Passed {
        drops.iter().fold(
            Passed {
                squares: 0,
                pieces: 0,
                bits: 0,
            },
            |p, &d| p.then(d),
        )
    }

    /// And `drop` pieces on the next square.
    fn then(self, drop: u8) -> Passed {
        let pieces = self.pieces + drop as u32;
        Passed {
            squares: self.squares + 1,
            pieces,
            bits: self.bits | 1 << (pieces - 1),
        }
    }

    /// Whether the spread `m` goes `dir`, drops as these on its first squares, and goes on
    /// past them.
    fn led_on_by(self, m: Move, dir: Direction) -> bool {
        m.direction() == Some(dir)
            && m.distance() as usize > self.squares
            && m.pattern() as u32 & ((1 << self.pieces) - 1) == self.bits
    }

    /// The pieces the spread `m` drops on the square after these.
    fn next_drop(self, m: Move) -> u8 {
        ((m.pattern() as u32) >> self.pieces).trailing_zeros() as u8 + 1
    }
}

impl Carry {
    /// A stack picked up from `from`: the whole carry limit.
    pub fn new(pos: &Position, from: Square, p: Point, sticky: bool) -> Carry {
        let mut spreads = Vec::new();
        pos.legal_spreads_from(from, &mut spreads);
        let limit = pos.carry_limit(from);
        Carry {
            from,
            count: limit,
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
            spreads,
            limit,
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

    /// The ply a release now would play, if the stack has left its square (legal or not:
    /// see [`Carry::playable`]).
    pub fn pending(&self) -> Option<Move> {
        let dir = self.dir?;
        let mut drops = self.drops.clone();
        drops.push(self.remaining());
        Move::spread(self.from, dir, &drops)
    }

    /// The ply a release now would play, if it is one of the engine's legal plies.
    pub fn playable(&self) -> Option<Move> {
        self.pending().filter(|m| self.spreads.contains(m))
    }

    /// Whether some legal spread carries `count` pieces `dir`, drops `passed` on the first
    /// squares and goes on past them.
    fn continues(&self, dir: Direction, passed: Passed, count: u8) -> bool {
        self.spreads
            .iter()
            .any(|&m| m.count() == count && passed.led_on_by(m, dir))
    }

    /// Takes one more step in `dir` if a legal spread goes that way from the hand as it is.
    /// When none does, the hand changes as little as it must for one to: on the first step,
    /// fewer pieces (only the capstone alone may flatten a wall); further on, more kept on
    /// the square left (so that only the capstone goes on), or more pieces picked up when
    /// the hand is too light. Returns whether it moved.
    fn advance(&mut self, size: u8, dir: Direction) -> bool {
        match self.dir {
            None => {
                let most = self
                    .spreads
                    .iter()
                    .filter(|&&m| m.direction() == Some(dir) && m.count() <= self.count)
                    .map(|m| m.count())
                    .max();
                let Some(count) = most else {
                    return false;
                };
                if count < self.count {
                    self.count = count;
                    let here = self.current(size);
                    let wall = here.step(dir, size).unwrap_or(here);
                    self.note = Some(Message::new("note.cap_alone").with("square", wall));
                }
                self.dir = Some(dir);
            }
            Some(d) if d == dir => {
                let before = Passed::of(&self.drops);
                let kept = (self.leave..self.remaining())
                    .find(|&keep| self.continues(dir, before.then(keep), self.count));
                match kept {
                    Some(keep) => self.drops.push(keep),
                    None => {
                        let more = if self.grow { self.limit } else { self.count };
                        let passed = before.then(self.leave);
                        let Some(count) = (self.count + 1..=more)
                            .find(|&count| self.continues(dir, passed, count))
                        else {
                            return false;
                        };
                        self.count = count;
                        self.drops.push(self.leave);
                    }
                }
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
    pub(crate) fn follow(&mut self, size: u8, target: Square) {
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
            if !self.advance(size, dir) {
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
        let here = self.current(pos.size());
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
                if !self.advance(pos.size(), dir) {
                    *self = saved;
                    return Err(self.out_of_reach(pos, target));
                }
            }
        }
        if self.in_hand() == 0 {
            return match self.playable() {
                Some(mv) => Ok(Some(mv)),
                None => Err(Message::new("refuse.not_allowed")),
            };
        }
        Ok(None)
    }

    /// The squares the pieces in hand can go to next: while over the origin, every square
    /// a legal spread of at most the pieces in hand reaches; once on their way, the squares
    /// further along that a legal spread keeping what was put down so far reaches (for the
    /// targets drawn on the board). With `grow`, also those that need more pieces picked up.
    pub fn reach(&self, pos: &Position, grow: bool) -> u64 {
        let size = pos.size();
        let travelled = self.travelled();
        let passed = Passed::of(&self.drops);
        let mut squares = 0;
        for &m in &self.spreads {
            let fits = match self.dir {
                None => grow || m.count() <= self.count,
                Some(dir) => {
                    (m.count() == self.count || grow && m.count() > self.count)
                        && passed.led_on_by(m, dir)
                        && m.distance() as usize > travelled
                        && passed.next_drop(m) >= self.leave
                }
            };
            if fits {
                let mut sq = self.from;
                for step in 1..=m.distance() as usize {
                    sq = sq
                        .step(m.direction().unwrap_or(Direction::Up), size)
                        .unwrap_or(sq);
                    if step > travelled {
                        squares |= sq.bit();
                    }
                }
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

    /// Why the pieces cannot go to `target`: off the line, the other way, or what the engine
    /// says of the lightest spread there (one piece on each square), a wall or a capstone in
    /// the way or too far for the pieces the stack has.
    pub(crate) fn why_not(&self, pos: &Position, target: Square) -> Message {
        let Some((dir, distance)) = self.line_to(target) else {
            return Message::new("why.line");
        };
        if self.dir.is_some_and(|d| d != dir) {
            return Message::new("why.one_direction");
        }
        // A board is at most 8 wide, so the distance is at most 7 and the spread exists.
        let lightest = Move::spread(self.from, dir, &[1; 8][..distance as usize]);
        match lightest.map(|m| pos.check(m)) {
            Some(Err(IllegalMove::Blocked(sq))) if pos.caps() & sq.bit() != 0 => {
                Message::new("why.capstone").with("square", sq)
            }
            Some(Err(IllegalMove::Blocked(sq))) => Message::new("why.wall").with("square", sq),
            // Only the capstone, alone, may go onto the wall there: the hand holds more.
            Some(Ok(())) if pos.walls() & target.bit() != 0 => {
                Message::new("why.cap_alone").with("square", target)
            }
            _ => Message::new("why.far").with("limit", self.limit),
        }
    }

    /// More pieces: picked up (over the origin) or kept on the current square.
    pub(crate) fn adjust(&mut self, delta: i32) {
        if self.dir.is_none() {
            self.count = (self.count as i32 + delta).clamp(1, self.limit as i32) as u8;
        } else {
            let most = self.remaining() as i32 - 1;
            if most >= 1 {
                self.leave = (self.leave as i32 + delta).clamp(1, most) as u8;
            }
        }
    }

    /// Carries (over the origin) or keeps `n` pieces, within what the stack allows.
    pub(crate) fn set(&mut self, n: u8) {
        let now = if self.dir.is_none() {
            self.count
        } else {
            self.leave
        };
        self.adjust(n as i32 - now as i32);
    }
}
