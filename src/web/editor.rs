//! The position editor: an author puts pieces on an empty board (or the current position),
//! chooses the side to move and the move number, and gets a TPS that starts a game.
//!
//! The engine's TPS reader is the one judge of what the rules can reach: every edit builds the
//! TPS of the edited board and asks [`tps::parse`]; a refusal leaves the editor as it was and
//! is explained in the reader's language (the engine's own text is kept for a case this file
//! does not name).
//!
//! ```
//! use tak::web::editor::Editor;
//! use tak::{Color, Kind, Piece};
//! let mut e = Editor::empty(3).unwrap();
//! e.piece = Piece::new(Color::White, Kind::Flat);
//! e.place("a1".parse().unwrap()).unwrap();
//! e.set_turn(Color::White, 2).unwrap();
//! assert_eq!(e.to_tps().unwrap(), "x3/x3/1,x2 1 2");
//! ```

use super::i18n::Message;
use super::json::json_object;
use crate::config::Opening;
use crate::tps::{self, MAX_MOVE_NUMBER};
use crate::Setup;
use crate::{Color, Config, Kind, Piece, Position, Square};

/// The editor's state: the stacks (bottom first), whose turn and which move, the piece a
/// click puts down, the keyboard's cursor and the reserves (the size's standard unless set).
#[derive(Clone, Debug)]
pub struct Editor {
    size: u8,
    stacks: Vec<Vec<Piece>>,
    to_move: Color,
    move_number: u32,
    /// Stones and capstones per player, when not the size's standard.
    reserves: Option<(u8, u8)>,
    opening: Opening,
    /// What a click or Enter puts down.
    pub piece: Piece,
    /// The keyboard's square.
    pub cursor: Square,
}

/// What one keyboard key did in the editor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeyOutcome {
    /// Not an editor key: the page may use it.
    Ignored,
    /// Done (the cursor moved, a piece was chosen or placed…).
    Changed,
    /// Refused, with why.
    Refused(Message),
}

impl Editor {
    /// An empty board of side `size` (3 to 8), white to move at move 1.
    pub fn empty(size: u8) -> Result<Editor, Message> {
        Config::standard(size).map_err(|_| Message::new("editor.bad_size").with("size", size))?;
        Ok(Editor {
            size,
            stacks: vec![Vec::new(); 64],
            to_move: Color::White,
            move_number: 1,
            reserves: None,
            opening: Opening::Swap,
            piece: Piece::new(Color::White, Kind::Flat),
            cursor: Square::from_index(0),
        })
    }

    /// The editor on `position` (the game's current one), with its reserves and opening.
    pub fn from_position(position: &Position) -> Editor {
        let config = position.config();
        let mut editor = Editor::empty(position.size()).expect("a position's size is valid");
        for square in Square::all(position.size()) {
            editor.stacks[square.index()] = position.stack(square).pieces().collect();
        }
        editor.to_move = position.to_move();
        editor.move_number = position.move_number();
        editor.opening = config.opening;
        let standard = Config::standard(config.size).expect("a position's size is valid");
        if (standard.stones, standard.caps) != (config.stones, config.caps) {
            editor.reserves = Some((config.stones, config.caps));
        }
        editor
    }

    /// The editor on a position given as TPS with its game's reserves and opening (what
    /// the page's board reports of its position). Refused with the reader's reason.
    pub fn from_tps(text: &str, stones: u8, caps: u8, opening: Opening) -> Result<Editor, Message> {
        let size = tps::size_of(text).min(255) as u8;
        let setup = Setup {
            opening,
            ..Setup::new(size)
        };
        let standard = setup
            .config()
            .map_err(|_| Message::new("editor.bad_size").with("size", size))?;
        let config = Setup {
            stones: Some(stones),
            caps: Some(caps),
            ..setup
        }
        .config()
        .unwrap_or(standard);
        tps::parse(text, config)
            .map(|p| Editor::from_position(&p))
            .map_err(|e| Message::new("editor.refused").with("why", e))
    }

    pub fn size(&self) -> u8 {
        self.size
    }

    /// The pieces on `square`, bottom first.
    pub fn stack(&self, square: Square) -> &[Piece] {
        &self.stacks[square.index()]
    }

    /// The game's settings: the size's standard, or the reserves set.
    pub fn config(&self) -> Config {
        let setup = Setup {
            opening: self.opening,
            ..Setup::new(self.size)
        };
        let standard = setup.config().expect("checked at creation");
        match self.reserves {
            Some((stones, caps)) => Setup {
                stones: Some(stones),
                caps: Some(caps),
                ..setup
            }
            .config()
            .unwrap_or(standard),
            None => standard,
        }
    }

    /// Puts the chosen piece on `square`, on top of what is there.
    pub fn place(&mut self, square: Square) -> Result<(), Message> {
        self.on_board(square)?;
        self.try_edit(|e| e.stacks[square.index()].push(e.piece))
    }

    /// Takes the top piece off `square`.
    pub fn remove_top(&mut self, square: Square) -> Result<(), Message> {
        self.on_board(square)?;
        if self.stacks[square.index()].is_empty() {
            return Err(Message::new("editor.empty_square").with("square", square));
        }
        self.try_edit(|e| {
            e.stacks[square.index()].pop();
        })
    }

    /// Empties `square`.
    pub fn clear(&mut self, square: Square) -> Result<(), Message> {
        self.on_board(square)?;
        self.try_edit(|e| e.stacks[square.index()].clear())
    }

    /// Empties the whole board.
    pub fn clear_all(&mut self) {
        self.stacks.iter_mut().for_each(Vec::clear);
    }

    /// Sets whose turn it is and the move number (1 to [`MAX_MOVE_NUMBER`]). The opening's
    /// rules for move 1 are judged when the position is taken ([`Editor::to_tps`]), so that
    /// an author may set the move before or after the pieces.
    pub fn set_turn(&mut self, to_move: Color, move_number: u32) -> Result<(), Message> {
        if !(1..=MAX_MOVE_NUMBER).contains(&move_number) {
            return Err(Message::new("editor.bad_move_number").with("max", MAX_MOVE_NUMBER));
        }
        self.to_move = to_move;
        self.move_number = move_number;
        Ok(())
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// Sets the stones and capstones per player (`None`: the size's standard). Refused when
    /// they are no game's or when the board already holds more.
    pub fn set_reserves(&mut self, reserves: Option<(u8, u8)>) -> Result<(), Message> {
        if let Some((stones, caps)) = reserves {
            Setup {
                stones: Some(stones),
                caps: Some(caps),
                ..Setup::new(self.size)
            }
            .config()
            .map_err(|_| Message::new("editor.bad_reserves"))?;
        }
        self.try_edit(|e| e.reserves = reserves)
    }

    /// Stones and capstones left to each player (white, black): the reserves less what the
    /// board holds.
    pub fn reserves_left(&self) -> [(u8, u8); 2] {
        let config = self.config();
        let mut left = [(config.stones, config.caps); 2];
        for piece in self.stacks.iter().flatten() {
            let entry = &mut left[piece.color.index()];
            if piece.kind == Kind::Cap {
                entry.1 = entry.1.saturating_sub(1);
            } else {
                entry.0 = entry.0.saturating_sub(1);
            }
        }
        left
    }

    /// The position as a TPS, if the rules can reach it; otherwise why not.
    pub fn to_tps(&self) -> Result<String, Message> {
        let text = self.write_tps(self.move_number);
        tps::parse(&text, self.config())
            .map(|p| tps::write(&p))
            .map_err(|e| self.explain(&e.message))
    }

    /// The edited board as a TPS that always loads for display: at move 1 it is shown as
    /// move 2 (the opening's rules are judged when the position is taken).
    pub fn display_tps(&self) -> String {
        self.write_tps(self.move_number.max(2))
    }

    /// A PTN whose tags start a game at the position: what the page loads.
    pub fn ptn(&self, tps_text: &str) -> String {
        let config = self.config();
        let mut out = format!("[Size \"{}\"]\n[TPS \"{tps_text}\"]\n", self.size);
        if self.reserves.is_some() {
            out.push_str(&format!(
                "[Flats \"{}\"]\n[Caps \"{}\"]\n",
                config.stones, config.caps
            ));
        }
        if self.opening == Opening::NoSwap {
            out.push_str("[Opening \"no-swap\"]\n");
        }
        out
    }

    /// A key pressed on the editor's board: arrows move the cursor, F / S / C choose the
    /// kind, 1 / 2 (or W / B) the colour, Enter or Space puts the piece on the cursor's
    /// square, Backspace takes its top piece off and Delete or X clears it.
    pub fn key(&mut self, key: &str) -> KeyOutcome {
        let (file, rank) = (self.cursor.file(), self.cursor.rank());
        let last = self.size - 1;
        let moved = match key {
            "ArrowLeft" => Square::new(file.saturating_sub(1), rank),
            "ArrowRight" => Square::new((file + 1).min(last), rank),
            "ArrowDown" => Square::new(file, rank.saturating_sub(1)),
            "ArrowUp" => Square::new(file, (rank + 1).min(last)),
            _ => None,
        };
        if let Some(square) = moved {
            self.cursor = square;
            return KeyOutcome::Changed;
        }
        let choose = |editor: &mut Editor, color: Option<Color>, kind: Option<Kind>| {
            editor.piece.color = color.unwrap_or(editor.piece.color);
            editor.piece.kind = kind.unwrap_or(editor.piece.kind);
            Ok(())
        };
        let result = match key.to_ascii_lowercase().as_str() {
            "f" => choose(self, None, Some(Kind::Flat)),
            "s" => choose(self, None, Some(Kind::Wall)),
            "c" => choose(self, None, Some(Kind::Cap)),
            "1" | "w" => choose(self, Some(Color::White), None),
            "2" | "b" => choose(self, Some(Color::Black), None),
            "enter" | " " => self.place(self.cursor),
            "backspace" => self.remove_top(self.cursor),
            "delete" | "x" => self.clear(self.cursor),
            _ => return KeyOutcome::Ignored,
        };
        match result {
            Ok(()) => KeyOutcome::Changed,
            Err(m) => KeyOutcome::Refused(m),
        }
    }

    /// What the page shows beside the board.
    pub fn status(&self) -> EditorStatus {
        let left = self.reserves_left();
        let config = self.config();
        EditorStatus {
            size: self.size,
            to_move: self.to_move.name(),
            move_number: self.move_number,
            color: self.piece.color.name(),
            kind: kind_name(self.piece.kind),
            cursor: self.cursor.to_string(),
            stones: config.stones,
            caps: config.caps,
            custom_reserves: self.reserves.is_some(),
            white_left: [left[0].0, left[0].1],
            black_left: [left[1].0, left[1].1],
            board_ptn: self.ptn(&self.display_tps()),
        }
    }

    fn on_board(&self, square: Square) -> Result<(), Message> {
        if square.is_on_board(self.size) {
            Ok(())
        } else {
            Err(Message::new("editor.off_board").with("square", square))
        }
    }

    /// Applies `edit` to a copy, keeps it if the engine reads its board, otherwise explains.
    fn try_edit(&mut self, edit: impl FnOnce(&mut Editor)) -> Result<(), Message> {
        let mut next = self.clone();
        edit(&mut next);
        let text = next.display_tps();
        tps::parse(&text, next.config()).map_err(|e| next.explain(&e.message))?;
        *self = next;
        Ok(())
    }

    /// The TPS of the board as edited (a wall or capstone under another piece is written
    /// where it is, for the reader to refuse).
    fn write_tps(&self, move_number: u32) -> String {
        let mut rows = Vec::with_capacity(self.size as usize);
        for rank in (0..self.size).rev() {
            let mut cells = Vec::with_capacity(self.size as usize);
            for file in 0..self.size {
                let square = Square::new(file, rank).expect("on the board");
                let stack = &self.stacks[square.index()];
                if stack.is_empty() {
                    cells.push("x".to_string());
                    continue;
                }
                let mut cell = String::new();
                for piece in stack {
                    cell.push(if piece.color == Color::White {
                        '1'
                    } else {
                        '2'
                    });
                    match piece.kind {
                        Kind::Flat => {}
                        Kind::Wall => cell.push('S'),
                        Kind::Cap => cell.push('C'),
                    }
                }
                cells.push(cell);
            }
            rows.push(join_empty_runs(&cells));
        }
        let player = if self.to_move == Color::White { 1 } else { 2 };
        format!("{} {player} {move_number}", rows.join("/"))
    }

    /// Why the engine refused this board (`why`, its words), in the reader's terms.
    fn explain(&self, why: &str) -> Message {
        for square in Square::all(self.size) {
            let stack = &self.stacks[square.index()];
            if let Some(buried) = stack[..stack.len().saturating_sub(1)]
                .iter()
                .find(|p| p.kind != Kind::Flat)
            {
                return Message::new(if buried.kind == Kind::Wall {
                    "editor.wall_under"
                } else {
                    "editor.cap_under"
                })
                .with("square", square);
            }
        }
        let config = self.config();
        let mut used = [(0u32, 0u32); 2];
        for piece in self.stacks.iter().flatten() {
            let entry = &mut used[piece.color.index()];
            if piece.kind == Kind::Cap {
                entry.1 += 1;
            } else {
                entry.0 += 1;
            }
        }
        for color in [Color::White, Color::Black] {
            let (stones, caps) = used[color.index()];
            let color_key = color_key(color);
            if caps > config.caps as u32 {
                return Message::new("editor.too_many_caps")
                    .with_key("color", color_key)
                    .with("count", caps)
                    .with("limit", config.caps);
            }
            if stones > config.stones as u32 {
                return Message::new("editor.too_many_stones")
                    .with_key("color", color_key)
                    .with("count", stones)
                    .with("limit", config.stones);
            }
        }
        if self.move_number == 1 {
            let key = match (self.to_move, self.opening) {
                (Color::White, _) => "editor.opening_empty",
                (Color::Black, Opening::Swap) => "editor.opening_swap",
                (Color::Black, Opening::NoSwap) => "editor.opening_no_swap",
            };
            return Message::new(key);
        }
        Message::new("editor.refused").with("why", why)
    }
}

/// A TPS row from its cells, runs of empty squares written `xN` as the reader writes them.
fn join_empty_runs(cells: &[String]) -> String {
    let mut out: Vec<String> = Vec::with_capacity(cells.len());
    let mut empty = 0;
    for cell in cells {
        if cell == "x" {
            empty += 1;
            continue;
        }
        if empty > 0 {
            out.push(if empty == 1 {
                "x".into()
            } else {
                format!("x{empty}")
            });
            empty = 0;
        }
        out.push(cell.clone());
    }
    if empty > 0 {
        out.push(if empty == 1 {
            "x".into()
        } else {
            format!("x{empty}")
        });
    }
    out.join(",")
}

fn color_key(color: Color) -> &'static str {
    match color {
        Color::White => "color.white",
        Color::Black => "color.black",
    }
}

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Flat => "flat",
        Kind::Wall => "wall",
        Kind::Cap => "cap",
    }
}

/// The editor as the page reads it.
pub struct EditorStatus {
    pub size: u8,
    pub to_move: &'static str,
    pub move_number: u32,
    pub color: &'static str,
    pub kind: &'static str,
    pub cursor: String,
    pub stones: u8,
    pub caps: u8,
    pub custom_reserves: bool,
    pub white_left: [u8; 2],
    pub black_left: [u8; 2],
    /// The board to draw, as a PTN (see [`Editor::display_tps`]).
    pub board_ptn: String,
}

json_object!(EditorStatus {
    size,
    to_move,
    move_number,
    color,
    kind,
    cursor,
    stones,
    caps,
    custom_reserves,
    white_left,
    black_left,
    board_ptn,
});

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn put(e: &mut Editor, color: Color, kind: Kind, square: &str) -> Result<(), Message> {
        e.piece = Piece::new(color, kind);
        e.place(sq(square))
    }

    #[test]
    fn a_valid_position_gives_its_tps() {
        let mut e = Editor::empty(5).unwrap();
        put(&mut e, Color::White, Kind::Flat, "a1").unwrap();
        put(&mut e, Color::Black, Kind::Flat, "a1").unwrap();
        put(&mut e, Color::Black, Kind::Cap, "c3").unwrap();
        put(&mut e, Color::White, Kind::Wall, "e5").unwrap();
        e.set_turn(Color::Black, 7).unwrap();
        let tps = e.to_tps().unwrap();
        assert_eq!(tps, "x4,1S/x5/x2,2C,x2/x5/12,x4 2 7");
        assert!(Position::from_tps(&tps).is_ok());
        assert_eq!(e.display_tps(), tps);
        assert_eq!(e.reserves_left(), [(19, 1), (20, 0)]);
    }

    #[test]
    fn an_empty_board_at_move_one_is_a_start() {
        let e = Editor::empty(6).unwrap();
        assert_eq!(e.to_tps().unwrap(), "x6/x6/x6/x6/x6/x6 1 1");
        assert_eq!(Editor::empty(9).unwrap_err().key, "editor.bad_size");
        assert_eq!(Editor::empty(2).unwrap_err().key, "editor.bad_size");
    }

    #[test]
    fn a_piece_on_a_wall_or_capstone_is_refused_and_nothing_changes() {
        let mut e = Editor::empty(4).unwrap();
        put(&mut e, Color::White, Kind::Wall, "b2").unwrap();
        let err = put(&mut e, Color::Black, Kind::Flat, "b2").unwrap_err();
        assert_eq!(err.key, "editor.wall_under");
        assert_eq!(e.stack(sq("b2")), &[Piece::new(Color::White, Kind::Wall)]);
        let mut e = Editor::empty(5).unwrap();
        put(&mut e, Color::White, Kind::Cap, "b2").unwrap();
        assert_eq!(
            put(&mut e, Color::White, Kind::Flat, "b2").unwrap_err().key,
            "editor.cap_under"
        );
        e.set_turn(Color::Black, 3).unwrap();
        assert_eq!(e.to_tps().unwrap(), "x5/x5/x5/x,1C,x3/x5 2 3");
    }

    #[test]
    fn more_capstones_than_the_limit_are_refused() {
        let mut e = Editor::empty(5).unwrap();
        put(&mut e, Color::Black, Kind::Cap, "a1").unwrap();
        let err = put(&mut e, Color::Black, Kind::Cap, "b1").unwrap_err();
        assert_eq!(err.key, "editor.too_many_caps");
        assert!(err.args.contains(&("limit", "1".to_string())));
        assert!(e.stack(sq("b1")).is_empty());
        // 3×3 has no capstone at all.
        let mut small = Editor::empty(3).unwrap();
        assert_eq!(
            put(&mut small, Color::White, Kind::Cap, "a1")
                .unwrap_err()
                .key,
            "editor.too_many_caps"
        );
    }

    #[test]
    fn more_pieces_than_the_reserve_are_refused() {
        let mut e = Editor::empty(3).unwrap();
        for i in 0..10 {
            let square = Square::new(i % 3, (i / 3) % 3).unwrap();
            e.piece = Piece::new(Color::White, Kind::Flat);
            e.place(square).unwrap();
        }
        assert_eq!(e.reserves_left()[0], (0, 0));
        let err = put(&mut e, Color::White, Kind::Flat, "c3").unwrap_err();
        assert_eq!(err.key, "editor.too_many_stones");
        assert!(err.args.contains(&("count", "11".to_string())));
        // Black still has all ten.
        put(&mut e, Color::Black, Kind::Flat, "c3").unwrap();
    }

    #[test]
    fn reserves_set_below_the_board_are_refused() {
        let mut e = Editor::empty(5).unwrap();
        for s in ["a1", "b1", "c1"] {
            put(&mut e, Color::White, Kind::Flat, s).unwrap();
        }
        assert_eq!(
            e.set_reserves(Some((2, 0))).unwrap_err().key,
            "editor.too_many_stones"
        );
        assert_eq!(e.config().stones, 21);
        assert_eq!(
            e.set_reserves(Some((0, 0))).unwrap_err().key,
            "editor.bad_reserves"
        );
        e.set_reserves(Some((12, 2))).unwrap();
        assert_eq!(e.reserves_left(), [(9, 2), (12, 2)]);
        put(&mut e, Color::White, Kind::Cap, "d1").unwrap();
        put(&mut e, Color::White, Kind::Cap, "e1").unwrap();
        let ptn = e.ptn(&e.to_tps().unwrap_or_default());
        assert!(
            ptn.contains("[Flats \"12\"]") && ptn.contains("[Caps \"2\"]"),
            "{ptn}"
        );
    }

    #[test]
    fn move_one_must_be_what_the_opening_can_produce() {
        let mut e = Editor::empty(5).unwrap();
        put(&mut e, Color::White, Kind::Flat, "c3").unwrap();
        assert_eq!(e.to_tps().unwrap_err().key, "editor.opening_empty");
        e.set_turn(Color::Black, 1).unwrap();
        assert_eq!(e.to_tps().unwrap_err().key, "editor.opening_swap");
        e.clear(sq("c3")).unwrap();
        put(&mut e, Color::Black, Kind::Flat, "c3").unwrap();
        assert_eq!(e.to_tps().unwrap(), "x5/x5/x2,2,x2/x5/x5 2 1");
        e.set_turn(Color::White, 2).unwrap();
        assert!(e.to_tps().is_ok());
        assert_eq!(
            e.set_turn(Color::White, 0).unwrap_err().key,
            "editor.bad_move_number"
        );
    }

    #[test]
    fn remove_and_clear() {
        let mut e = Editor::empty(4).unwrap();
        put(&mut e, Color::White, Kind::Flat, "a1").unwrap();
        put(&mut e, Color::Black, Kind::Wall, "a1").unwrap();
        e.remove_top(sq("a1")).unwrap();
        assert_eq!(e.stack(sq("a1")), &[Piece::new(Color::White, Kind::Flat)]);
        e.clear(sq("a1")).unwrap();
        assert!(e.stack(sq("a1")).is_empty());
        assert_eq!(
            e.remove_top(sq("a1")).unwrap_err().key,
            "editor.empty_square"
        );
        assert_eq!(e.place(sq("e5")).unwrap_err().key, "editor.off_board");
    }

    #[test]
    fn starts_from_a_position() {
        let pos = Position::from_tps("x4,1S/x5/x2,2C,x2/x5/12,x4 2 7").unwrap();
        let e = Editor::from_position(&pos);
        assert_eq!(e.to_tps().unwrap(), "x4,1S/x5/x2,2C,x2/x5/12,x4 2 7");
        assert_eq!((e.to_move(), e.move_number()), (Color::Black, 7));
        let custom = Editor::from_tps("x3/x3/x3 1 4", 12, 0, Opening::NoSwap).unwrap();
        assert_eq!(custom.config().stones, 12);
        assert!(custom.ptn("x3/x3/x3 1 4").contains("[Opening \"no-swap\"]"));
        assert_eq!(
            Editor::from_tps("x3/x3 1 4", 12, 0, Opening::Swap)
                .unwrap_err()
                .key,
            "editor.bad_size"
        );
    }

    #[test]
    fn the_keyboard_moves_chooses_and_places() {
        let mut e = Editor::empty(3).unwrap();
        assert_eq!(e.key("ArrowRight"), KeyOutcome::Changed);
        assert_eq!(e.key("ArrowUp"), KeyOutcome::Changed);
        assert_eq!(e.cursor, sq("b2"));
        e.key("2");
        e.key("s");
        assert_eq!(e.key("Enter"), KeyOutcome::Changed);
        assert_eq!(e.stack(sq("b2")), &[Piece::new(Color::Black, Kind::Wall)]);
        assert!(matches!(e.key(" "), KeyOutcome::Refused(m) if m.key == "editor.wall_under"));
        assert_eq!(e.key("Backspace"), KeyOutcome::Changed);
        assert!(e.stack(sq("b2")).is_empty());
        assert_eq!(e.key("q"), KeyOutcome::Ignored);
        for _ in 0..5 {
            e.key("ArrowRight");
        }
        assert_eq!(e.cursor, sq("c2"));
    }

    #[test]
    fn every_message_is_in_the_catalogues() {
        use super::super::i18n::{catalogue, Lang};
        let keys = [
            "editor.bad_size",
            "editor.empty_square",
            "editor.bad_move_number",
            "editor.bad_reserves",
            "editor.off_board",
            "editor.wall_under",
            "editor.cap_under",
            "editor.too_many_caps",
            "editor.too_many_stones",
            "editor.opening_empty",
            "editor.opening_swap",
            "editor.opening_no_swap",
            "editor.refused",
        ];
        for lang in Lang::ALL {
            for key in keys {
                assert!(
                    catalogue(lang).contains_key(key),
                    "{key} in {}",
                    lang.code()
                );
            }
        }
    }
}
