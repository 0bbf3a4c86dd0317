//! Input: pointer, wheel and keys become intents (through the gesture machine of
//! [`drag`](super::drag)) and the board applies them. All of the board's keyboard is here:
//! [`KeyAction::of`] is its table.

use super::drag::{self, Gesture, Intent};
use super::i18n::Message;
use super::layout::Point;
use super::marks::{self, Mark, MarkColor};
use super::state::Board;
use crate::{Direction, Kind, Move, Square};

impl Board {
    /// Why the reader's ply is not played now, if it is not: the board takes no move from
    /// them (`None` then for a press, which a board to look at ignores; for a typed ply
    /// `refuse.no_move_now`: a friend game's watcher, the friend's turn), the computer thinks,
    /// tavern rules keep an earlier ply from changing, or the game is over. One answer for a
    /// press on the board and a ply typed.
    fn why_not(&self, typed: bool) -> Option<Message> {
        if !self.options.interactive {
            return typed.then(|| Message::new("refuse.no_move_now"));
        }
        if let Some(why) = &self.locked {
            return Some(why.clone());
        }
        if self.record.tavern_locked() {
            return Some(Message::new("refuse.tavern"));
        }
        self.record
            .game
            .outcome()
            .map(|_| Message::new("refuse.game_over"))
    }

    /// Plays a ply the reader typed (the move box): refused where a press on the board would
    /// be, and on a board that takes no move from them now. On error nothing changes and the
    /// message says why.
    pub fn play_typed(&mut self, text: &str) -> Result<(), String> {
        match self.why_not(true) {
            Some(why) => Err(self.text(&why)),
            None => self.play_ptn(text),
        }
    }

    fn accepts_input(&self) -> bool {
        self.options.interactive
            && self.locked.is_none()
            && self.record.game.outcome().is_none()
            && !self.record.tavern_locked()
    }

    /// Why a press on the board does nothing, for boards that take input at all.
    fn refusal(&self, p: Point) -> Option<Message> {
        let on_board = self.layout.square_at(p).is_some() || self.layout.pile_at(p).is_some();
        if !on_board {
            return None;
        }
        self.why_not(false)
    }

    pub fn pointer_down(&mut self, p: Point) {
        self.hover = Some(p);
        self.hover_rests_after_ply = false; // a press asks again (a long-press inspects)
        if self.preview.take().is_some() {
            self.dirty = true; // back to the game's own position before anything else
        }
        if !self.accepts_input() {
            if let Some(why) = self.refusal(p) {
                self.apply(Intent::Refuse(why));
            }
            self.dirty = true;
            return;
        }
        let intent = self
            .gesture
            .down(self.record.game.position(), &self.layout, p);
        self.apply(intent);
    }

    pub fn pointer_move(&mut self, p: Point) {
        let before = self.hover.and_then(|h| self.layout.square_at(h));
        self.hover = Some(p);
        if before != self.layout.square_at(p) {
            self.hover_rests_after_ply = false;
            self.dirty = true;
        }
        if self.accepts_input() {
            let intent = self
                .gesture
                .moved(self.record.game.position(), &self.layout, p);
            self.apply(intent);
        }
    }

    pub fn pointer_up(&mut self, p: Point) {
        if self.accepts_input() {
            let intent =
                self.gesture
                    .up(self.record.game.position(), &self.layout, p, self.selected);
            self.apply(intent);
        }
    }

    /// The pointer left the canvas (mouse) or was lifted (touch): no more hover.
    pub fn pointer_leave(&mut self) {
        if self.hover.take().is_some() {
            self.dirty = true;
        }
    }

    pub fn pointer_cancel(&mut self) {
        let intent = self.gesture.cancel();
        self.apply(intent);
    }

    /// A key while the board has focus; returns whether the board used it. What each key
    /// does is [`KeyAction::of`].
    pub fn key(&mut self, key: &str) -> bool {
        if !self.accepts_input() {
            return false;
        }
        let Some(action) = KeyAction::of(key) else {
            return false;
        };
        let intent = match action {
            KeyAction::Cursor(on_screen) => {
                // The arrows move the cursor as they point on screen, flipped or not.
                let dir = self.layout.board_direction(on_screen);
                let next = match self.cursor {
                    Some(sq) => sq.step(dir, self.position().size()).unwrap_or(sq),
                    None => self.cursor_start(),
                };
                self.cursor = Some(next);
                if let Gesture::Carry(carry) = &mut self.gesture {
                    carry.follow(self.record.game.position().size(), next);
                }
                self.dirty = true;
                return true;
            }
            KeyAction::Cancel => self.gesture.cancel(),
            KeyAction::Choose(kind) if self.gesture == Gesture::Idle => {
                self.select(kind);
                return true;
            }
            KeyAction::Act if self.gesture == Gesture::Idle => {
                self.act_at_cursor();
                return true;
            }
            _ => {
                let Gesture::Carry(carry) = &mut self.gesture else {
                    return false;
                };
                match action {
                    KeyAction::More => {
                        carry.adjust(1);
                        Intent::Changed
                    }
                    KeyAction::Fewer => {
                        carry.adjust(-1);
                        Intent::Changed
                    }
                    KeyAction::Carry(n) => {
                        carry.set(n);
                        Intent::Changed
                    }
                    KeyAction::Act => match carry.playable() {
                        Some(mv) => {
                            self.gesture = Gesture::Idle;
                            Intent::Play(mv)
                        }
                        _ => Intent::Nothing,
                    },
                    _ => Intent::Nothing,
                }
            }
        };
        let used = intent != Intent::Nothing;
        self.apply(intent);
        used
    }

    /// Enter or Space with nothing in hand: shows the cursor if it is not shown yet, else
    /// places the chosen piece on an empty square or picks up the player's stack there.
    fn act_at_cursor(&mut self) {
        let Some(sq) = self.cursor else {
            self.cursor = Some(self.cursor_start());
            self.dirty = true;
            return;
        };
        let pos = self.record.game.position();
        let intent = if pos.height(sq) == 0 {
            let kind = if pos.is_opening() {
                Kind::Flat
            } else {
                self.selected
            };
            drag::place(pos, sq, kind)
        } else if pos.tops(pos.to_move()) & sq.bit() != 0 && !pos.is_opening() {
            self.gesture = drag::pick_up(pos, sq);
            Intent::Changed
        } else {
            Intent::Refuse(Message::new("illegal.not_yours").with("square", sq))
        };
        self.apply(intent);
    }

    /// Shows the keyboard's cursor where it would first appear, if it is not shown yet.
    pub fn show_cursor(&mut self) {
        if self.cursor.is_none() && self.options.interactive {
            self.cursor = Some(self.cursor_start());
            self.dirty = true;
        }
    }

    /// Where the cursor appears first: the last ply's square, or the centre.
    fn cursor_start(&self) -> Square {
        let size = self.position().size();
        self.record
            .game
            .moves()
            .last()
            .map(|m| m.square())
            .unwrap_or_else(|| Square::new(size / 2, size / 2).expect("on board"))
    }

    /// Returns whether the wheel was used (so the page should not scroll).
    pub fn wheel(&mut self, delta_y: f64) -> bool {
        let intent = self.gesture.wheel(delta_y);
        let used = intent != Intent::Nothing;
        self.apply(intent);
        used
    }

    /// A right-button press at `p` (a mark may follow).
    pub fn mark_down(&mut self, p: Point) {
        self.mark_press = self.layout.square_at(p);
    }

    /// The right button went up at `p`: the same square toggles a highlight, another square
    /// an arrow, in `color`. Kept with the ply shown.
    pub fn mark_up(&mut self, p: Point, color: MarkColor) -> bool {
        let (Some(from), Some(to)) = (self.mark_press.take(), self.layout.square_at(p)) else {
            return false;
        };
        let mark = if from == to {
            Mark::Square {
                square: from,
                color,
            }
        } else {
            Mark::Arrow { from, to, color }
        };
        let mut marks = self.ply_marks.clone();
        marks::toggle(&mut marks, mark);
        self.set_ply_marks(marks);
        true
    }

    pub(super) fn apply(&mut self, intent: Intent) {
        // A word about what the hand just did (only the capstone goes on to a wall).
        if let Gesture::Carry(c) = &mut self.gesture {
            if let Some(note) = c.note.take() {
                self.message = Some(note);
                self.message_serial = self.message_serial.wrapping_add(1);
            }
        }
        match intent {
            Intent::Nothing => {}
            Intent::Changed => self.dirty = true,
            Intent::Play(mv) => {
                if let Err(m) = self.play_with(mv, false) {
                    self.apply(Intent::Refuse(m));
                }
            }
            Intent::Select(kind) => self.select(kind),
            Intent::Refuse(why) => {
                self.message = Some(why);
                self.message_serial = self.message_serial.wrapping_add(1);
                self.dirty = true;
            }
        }
    }

    /// The ply a release would play now (the spreading preview), in PTN.
    pub fn pending(&self) -> Option<Move> {
        match &self.gesture {
            Gesture::Carry(c) => c.pending(),
            _ => None,
        }
    }
}

/// What a key does on the board: the whole of the board's keyboard. The page's own keys
/// (stepping through the game, undo) are the page's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyAction {
    /// The arrows: move the cursor, and a carried stack along with it.
    Cursor(Direction),
    /// F, S, C: the kind a placement puts down (with nothing in hand).
    Choose(Kind),
    /// Enter or Space: place the chosen piece on an empty square or pick up the player's
    /// stack; with a stack in hand, play its move.
    Act,
    /// `+`, `=` or PageUp: carry (over the origin) or keep one piece more.
    More,
    /// `−`, `_` or PageDown: one piece fewer.
    Fewer,
    /// A digit 1 to 8: carry or keep that many.
    Carry(u8),
    /// Escape: put everything back.
    Cancel,
}

impl KeyAction {
    /// The action of `key` (a `KeyboardEvent.key`), if the board uses it.
    pub fn of(key: &str) -> Option<KeyAction> {
        Some(match key {
            "ArrowUp" => KeyAction::Cursor(Direction::Up),
            "ArrowDown" => KeyAction::Cursor(Direction::Down),
            "ArrowLeft" => KeyAction::Cursor(Direction::Left),
            "ArrowRight" => KeyAction::Cursor(Direction::Right),
            "f" | "F" => KeyAction::Choose(Kind::Flat),
            "s" | "S" => KeyAction::Choose(Kind::Wall),
            "c" | "C" => KeyAction::Choose(Kind::Cap),
            "Enter" | " " => KeyAction::Act,
            "PageUp" | "+" | "=" => KeyAction::More,
            "PageDown" | "-" | "_" => KeyAction::Fewer,
            "Escape" => KeyAction::Cancel,
            k if k.len() == 1 && matches!(k.as_bytes()[0], b'1'..=b'8') => {
                KeyAction::Carry(k.as_bytes()[0] - b'0')
            }
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_ply_is_refused_where_a_press_would_be() {
        use crate::web::config::BoardOptions;
        use crate::Config;
        let mut b = Board::with_config(Config::standard(5).unwrap(), BoardOptions::default());
        b.play_typed("a1").unwrap();
        // A board that takes no move from the reader (a friend game's watcher): refused, said.
        b.set_interactive(false);
        let why = b.play_typed("e5").unwrap_err();
        assert_eq!(why, "This board takes no move from you now.");
        assert_eq!(b.record.game.len(), 1, "nothing played");
        // The computer thinking: its words.
        b.set_interactive(true);
        b.set_locked(Some(Message::new("refuse.thinking")));
        assert_eq!(
            b.play_typed("e5").unwrap_err(),
            "Wait: the computer is thinking."
        );
        b.set_locked(None);
        b.play_typed("e5").unwrap();
        assert_eq!(b.record.game.len(), 2);
        // A bad ply is still the parser's words; the host's own play() is not the reader's.
        assert!(b.play_typed("z9").unwrap_err().contains("z9"));
        b.set_interactive(false);
        b.play_ptn("c3").unwrap();
        assert_eq!(b.record.game.len(), 3);
    }

    #[test]
    fn every_key_the_board_uses_has_one_action() {
        assert_eq!(
            KeyAction::of("ArrowLeft"),
            Some(KeyAction::Cursor(Direction::Left))
        );
        assert_eq!(KeyAction::of("S"), Some(KeyAction::Choose(Kind::Wall)));
        assert_eq!(KeyAction::of(" "), Some(KeyAction::Act));
        assert_eq!(KeyAction::of("="), Some(KeyAction::More));
        assert_eq!(KeyAction::of("PageDown"), Some(KeyAction::Fewer));
        assert_eq!(KeyAction::of("8"), Some(KeyAction::Carry(8)));
        assert_eq!(KeyAction::of("Escape"), Some(KeyAction::Cancel));
        for unused in ["9", "0", "x", "Tab", "Home", "ArrowUpp", ""] {
            assert_eq!(KeyAction::of(unused), None, "{unused:?}");
        }
    }

    #[test]
    fn on_a_flipped_board_the_arrows_move_the_cursor_as_they_point_on_screen() {
        use crate::web::config::BoardOptions;
        use crate::Config;
        let mut b = Board::with_config(Config::standard(5).unwrap(), BoardOptions::default());
        b.resize(800.0, 600.0, 1.0);
        b.set_flipped(true);
        let c3: Square = "c3".parse().unwrap();
        b.cursor = Some(c3);
        let y = |b: &Board| b.layout.square_rect(b.cursor.unwrap()).y;
        let x = |b: &Board| b.layout.square_rect(b.cursor.unwrap()).x;
        let (x0, y0) = (x(&b), y(&b));
        assert!(b.key("ArrowUp"));
        assert_eq!(
            b.cursor,
            Some("c2".parse().unwrap()),
            "up on screen is down the ranks"
        );
        assert!(y(&b) < y0, "and it moved up on screen");
        assert!(b.key("ArrowRight"));
        assert_eq!(b.cursor, Some("b2".parse().unwrap()));
        assert!(x(&b) > x0, "right on screen");
        // A stack carried with the arrows follows them the same way.
        b.set_flipped(false);
        assert!(b.key("ArrowUp"));
        assert_eq!(b.cursor, Some("b3".parse().unwrap()));
    }

    #[test]
    fn a_drag_on_a_flipped_board_spreads_toward_where_the_pointer_goes() {
        use crate::web::config::BoardOptions;
        use crate::{Game, Position};
        // White to move with a 2-stack of its own on c3; seen from Black's side.
        let pos = Position::from_tps("x5/x5/x2,21,x2/x5/x4,2 1 3").unwrap();
        let mut b = Board::new(
            Game::new(pos),
            BoardOptions {
                animate: false,
                flipped: true,
                ..BoardOptions::default()
            },
        );
        b.resize(800.0, 600.0, 1.0);
        let at = |b: &Board, s: &str| b.layout.square_rect(s.parse().unwrap()).center();
        let (c3, c2, c1) = (at(&b, "c3"), at(&b, "c2"), at(&b, "c1"));
        assert!(c2.y < c3.y, "c2 is above c3 on a flipped board");
        b.pointer_down(c3);
        b.pointer_move(Point::new(c3.x, (c3.y + c2.y) / 2.0));
        b.pointer_move(c2);
        b.pointer_move(c1);
        b.pointer_up(c1);
        assert_eq!(
            b.record.game.moves().last().map(|m| m.to_string()),
            Some("2c3-11".into()),
            "dragged up the screen: down the ranks, one piece on c2 and one on c1"
        );
    }
}
