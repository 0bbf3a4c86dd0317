//! A board instance: the game (with its variations), what the pointer is doing and
//! how the board is laid out. Everything on screen is derived from this; nothing is kept twice.
//!
//! This file holds the board's data and what changes it at the root: loading a game,
//! playing, navigating, and the events a host hears. The rest of `Board` lives by
//! responsibility in [`input`](super::input) (pointer, wheel, keys), [`annotate`](super::annotate)
//! (tree edits, marks, reviews), [`session`](super::session) (options, matches, resigning),
//! [`status`](super::status) (what the page shows) and [`describe`](super::describe) (words).

use super::anim::Animation;
use super::config::BoardOptions;
use super::drag::Gesture;
use super::i18n::{Lang, Message};
use super::json::{self, Json};
use super::layout::{Layout, Point};
use super::marks::Mark;
use super::record::GameRecord;
use super::storage;
use super::theme::Theme;
use crate::moves::ParseMoveError;
use crate::{ptn, tps, Config, Game, Kind, Move, Position, Square};

/// Something a host page may want to hear about.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A ply was played (its PTN) and the ply count after it.
    Move { ptn: String, ply: usize },
    /// The shown ply changed by undo, redo or navigation.
    Navigate { ply: usize },
    /// A new game or position was loaded.
    Load,
}

impl Json for Event {
    fn write_json(&self, out: &mut String) {
        match self {
            Event::Move { ptn, ply } => {
                json::object(out, &[("type", &"move"), ("ptn", ptn), ("ply", ply)])
            }
            Event::Navigate { ply } => json::object(out, &[("type", &"navigate"), ("ply", ply)]),
            Event::Load => json::object(out, &[("type", &"load")]),
        }
    }
}

/// One board on a page.
#[derive(Debug)]
pub struct Board {
    /// The game shown: data that is saved, kept and sent ([`GameRecord`]).
    pub record: GameRecord,
    /// Marks a host put on the board (they stay through navigation).
    pub host_marks: Vec<Mark>,
    /// Marks of the ply shown, from its comments (kept in sync with the tree).
    pub(super) ply_marks: Vec<Mark>,
    /// A review's better move at the ply shown (drawn, never written into its comments).
    pub(super) review_marks: Vec<Mark>,
    /// A right-button press that may become a mark: where it went down.
    pub(super) mark_press: Option<Square>,
    /// Keep the reserves above and below the board unless the canvas is clearly wide (a
    /// page held upright), so the board does not rearrange itself as the room changes.
    pub prefer_portrait: bool,
    pub layout: Layout,
    pub theme: Theme,
    pub gesture: Gesture,
    /// The pointer's position while hovering (for the stack inspector).
    pub hover: Option<Point>,
    /// The pointer has not left the square where a ply just ended: no stack inspector there
    /// (it would cover the next square, and at the end part of the road) until it moves on.
    pub hover_rests_after_ply: bool,
    /// The kind a click on an empty square places.
    pub selected: Kind,
    pub options: BoardOptions,
    /// The last refused action, for the page to show.
    pub message: Option<Message>,
    /// Counts refusals, so the page shows a message again when the same one repeats.
    pub(super) message_serial: u32,
    /// Why the reader may not play just now (the computer is thinking), if so.
    pub locked: Option<Message>,
    /// Squares where the player who threatens a road could complete it next turn.
    pub(super) threats: u64,
    /// The reader's language, for messages and the names drawn on the canvas.
    pub lang: Lang,
    pub animation: Option<Animation>,
    /// A suggested ply to show (the hint button), until anything changes.
    pub hint: Option<Move>,
    /// A line being previewed (the analysis's best line): the position after it and its
    /// last ply, shown instead of the game's position until anything changes.
    pub preview: Option<(Position, Move)>,
    /// The keyboard's cursor, once the keyboard is used.
    pub cursor: Option<Square>,
    pub(super) events: Vec<Event>,
    pub(super) dirty: bool,
    /// The page holds the clocks (a dialog is open, the tab hidden).
    pub(super) clock_hold: bool,
    /// The host's time last given, in milliseconds (the clocks read it).
    pub(super) now: f64,
}

impl Board {
    pub fn new(game: Game, options: BoardOptions) -> Board {
        let size = game.position().size();
        let caps = game.position().config().caps > 0;
        Board {
            record: GameRecord::new(game),
            prefer_portrait: false,
            host_marks: Vec::new(),
            ply_marks: Vec::new(),
            review_marks: Vec::new(),
            mark_press: None,
            layout: Layout::with_caps(size, caps, 400.0, 400.0, 1.0).turned(options.flipped),
            theme: Theme::LIGHT,
            gesture: Gesture::Idle,
            hover: None,
            hover_rests_after_ply: false,
            selected: Kind::Flat,
            options,
            message: None,
            message_serial: 0,
            locked: None,
            threats: 0,
            lang: Lang::En,
            animation: None,
            hint: None,
            preview: None,
            cursor: None,
            events: Vec::new(),
            dirty: true,
            clock_hold: false,
            now: 0.0,
        }
        .with_threats()
    }

    fn with_threats(mut self) -> Board {
        self.record.read_tags();
        self.position_changed();
        self
    }

    /// Recomputes what depends on the position alone (kept so frames stay cheap).
    pub(super) fn position_changed(&mut self) {
        self.preview = None;
        // The kind chosen for a placement is one player's choice for one ply: the next
        // player starts from a flat again (a wall chosen by White must not make Black's
        // tap place a wall).
        self.selected = Kind::Flat;
        self.ply_marks = self.read_ply_marks();
        self.review_marks = self.read_review_marks();
        self.threats = match self.record.game.outcome() {
            Some(_) => 0,
            None => self.position().road_threats(),
        };
    }

    /// A still copy of what the board shows, for images: the game at the ply shown, its
    /// marks, options and language, with no pointer, animation or highlighted reserves.
    pub fn snapshot(&self) -> Board {
        let mut b = Board::new(
            self.record.game.clone(),
            BoardOptions {
                interactive: false,
                animate: false,
                ..self.options
            },
        );
        b.lang = self.lang;
        b.theme = self.theme;
        b.host_marks = self.host_marks.clone();
        b.prefer_portrait = self.prefer_portrait;
        b.record.variants = self.record.variants;
        b.record.sitting = self.record.sitting.clone();
        b
    }

    /// Counts refused actions (the page shows each one, even a repeat).
    pub fn message_serial(&self) -> u32 {
        self.message_serial
    }

    /// The squares that would complete the threatening player's road (for "Tak!").
    pub fn threat_squares(&self) -> u64 {
        self.threats
    }

    /// A new empty game.
    pub fn with_config(config: Config, options: BoardOptions) -> Board {
        Board::new(Game::with_config(config), options)
    }

    pub fn position(&self) -> &Position {
        self.record.game.position()
    }

    /// Whether the canvas must be redrawn; clears the flag.
    pub fn take_dirty(&mut self) -> bool {
        std::mem::take(&mut self.dirty)
    }

    /// Whether the canvas must be redrawn (without clearing the flag).
    pub fn is_dirty(&self) -> bool {
        self.dirty
    }

    pub fn mark_dirty(&mut self) {
        self.dirty = true;
    }

    /// Events since the last call.
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    /// The layout of this game's board on a canvas of `width`×`height`, from the side the
    /// options say.
    fn arranged(&self, width: f64, height: f64, pixel_ratio: f64) -> Layout {
        Layout::arranged(
            self.position().size(),
            self.position().config().caps > 0,
            width,
            height,
            pixel_ratio,
            self.prefer_portrait,
        )
        .turned(self.options.flipped)
    }

    /// The canvas changed size.
    pub fn resize(&mut self, width: f64, height: f64, pixel_ratio: f64) {
        let layout = self.arranged(width, height, pixel_ratio);
        if layout != self.layout {
            self.layout = layout;
            self.dirty = true;
        }
    }

    /// Keep the reserves above and below the board unless the canvas is clearly wide (for a
    /// page held upright, so that the board does not rearrange as the room changes).
    pub fn set_prefer_portrait(&mut self, on: bool) {
        if self.prefer_portrait != on {
            self.prefer_portrait = on;
            let l = self.layout.clone();
            self.layout.width = 0.0; // force the layout to be made again
            self.resize(l.width, l.height, l.pixel_ratio);
        }
    }

    /// Shows the board from Black's side (`flipped`) or White's. A view only: the game, the
    /// keyboard's cursor and a stack in hand stay as they are.
    pub fn set_flipped(&mut self, flipped: bool) {
        if self.options.flipped != flipped {
            self.options.flipped = flipped;
            self.layout = self.layout.clone().turned(flipped);
            self.dirty = true;
        }
    }

    pub fn set_dark(&mut self, dark: bool) {
        self.theme = if dark { Theme::DARK } else { Theme::LIGHT };
        self.dirty = true;
    }

    /// A message in the reader's language.
    pub fn text(&self, message: &Message) -> String {
        message.text(self.lang)
    }

    /// Switches the language of messages and of the canvas.
    pub fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
        self.dirty = true;
    }

    /// Plays a ply given in PTN. On error nothing changes and the message (in the reader's
    /// language) says why.
    pub fn play_ptn(&mut self, text: &str) -> Result<(), String> {
        let mv = self.parse_move(text)?;
        self.play(mv)
    }

    /// Reads a ply typed for this board; the error, in the reader's language, names the
    /// board's squares. (One place for the page's three readers of typed plies.)
    fn parse_move(&self, text: &str) -> Result<Move, String> {
        let size = self.position().size();
        text.parse()
            .map_err(|e: ParseMoveError| self.text(&Message::from(&e.on_board(size))))
    }

    /// Plays `mv` (checked), sliding it into place. Where the current line went on with
    /// another ply, `mv` starts a variation (or follows one that starts with it).
    pub fn play(&mut self, mv: Move) -> Result<(), String> {
        self.play_with(mv, self.options.animate)
            .map_err(|m| self.text(&m))
    }

    /// Plays `mv`; `animate` is false when the player just put the pieces there by hand.
    pub(super) fn play_with(&mut self, mv: Move, animate: bool) -> Result<(), Message> {
        self.clock_before_ply();
        let before = self.position().clone();
        self.record.game.play(mv).map_err(|e| Message::from(&e))?;
        if self.record.played_line_is_main {
            let path = self.record.game.path().to_vec();
            self.record.game.promote(&path);
        }
        self.clock_after_ply();
        self.gesture = Gesture::Idle;
        self.message = None;
        self.hint = None;
        self.animation = Animation::for_move(mv, animate);
        self.hover_rests_after_ply = true;
        self.position_changed();
        self.events.push(Event::Move {
            ptn: ptn::write_move(&before, mv),
            ply: self.record.game.len(),
        });
        self.dirty = true;
        Ok(())
    }

    pub fn can_undo(&self) -> bool {
        !self.record.game.is_empty()
            || self
                .record
                .game
                .outcome()
                .is_some_and(|_| self.position().outcome().is_none())
    }

    pub fn can_redo(&self) -> bool {
        self.record.game.can_forward()
    }

    /// One ply back along the current line (a resignation or agreed draw is taken back
    /// first); the ply stays in the game.
    pub fn undo(&mut self) -> bool {
        // Pieces in hand: putting them back is the undo the player means.
        if !matches!(self.gesture, Gesture::Idle | Gesture::Press { .. }) {
            self.gesture = Gesture::Idle;
            self.dirty = true;
            return true;
        }
        let had_end =
            self.record.game.outcome().is_some() && self.record.game.position().outcome().is_none();
        let lost_on_time = self
            .record
            .game
            .outcome()
            .is_some_and(|o| o.reason == crate::EndReason::Time);
        // Tavern rules, the game over: its result stands. A step back looks back and leaves
        // a declared end (resignation, agreement, time) where it is.
        if had_end && self.record.result_stands() {
            let ply = self.record.game.len();
            if ply == 0 {
                return false;
            }
            self.record.game.goto_keeping_ends(ply - 1);
            self.after_navigation();
            return true;
        }
        if self.record.game.back().is_none() && !had_end {
            return false;
        }
        // The loser's clock is empty at the ply where its time ran out: taking the loss back
        // goes back a ply further, where the clocks recorded still had time.
        if lost_on_time {
            self.record.game.back();
        }
        self.after_navigation();
        true
    }

    /// One ply forward along the current line.
    pub fn redo(&mut self) -> bool {
        if self.record.game.forward().is_none() {
            return false;
        }
        self.after_navigation();
        true
    }

    /// Shows the position after `ply` plies of the current line.
    pub fn goto(&mut self, ply: usize) -> bool {
        let before = self.record.game.len();
        if self.record.result_stands() {
            self.record.game.goto_keeping_ends(ply);
        } else {
            self.record.game.goto(ply);
        }
        let changed = self.record.game.len() != before;
        if changed {
            self.after_navigation();
        }
        changed
    }

    /// Shows the position at `path` in the tree; the line through it becomes the current
    /// line. Returns false (changing nothing) if there is no such ply.
    pub fn goto_path(&mut self, path: &[usize]) -> bool {
        let before = (
            self.record.game.path().to_vec(),
            self.record.game.line().to_vec(),
        );
        if !self.record.game.goto_path(path) {
            return false;
        }
        if before
            != (
                self.record.game.path().to_vec(),
                self.record.game.line().to_vec(),
            )
        {
            self.after_navigation();
        }
        true
    }

    /// The tree changed but not the position: the page redraws its move list.
    pub(super) fn tree_changed(&mut self) {
        self.ply_marks = self.read_ply_marks();
        self.review_marks = self.read_review_marks();
        self.events.push(Event::Navigate {
            ply: self.record.game.len(),
        });
        self.dirty = true;
    }

    pub(super) fn after_navigation(&mut self) {
        self.position_changed();
        self.update_clock();
        self.gesture = Gesture::Idle;
        self.message = None;
        self.hint = None;
        self.animation = None;
        self.events.push(Event::Navigate {
            ply: self.record.game.len(),
        });
        self.dirty = true;
    }

    /// Every ply of the current line, from the start to its end.
    pub fn all_moves(&self) -> Vec<Move> {
        self.record.game.line_moves()
    }

    /// Replaces the game (a new game, a pasted PTN or TPS).
    pub fn load(&mut self, game: Game) {
        self.record.replace_game(game);
        self.record_replaced();
    }

    /// Restores a save ([`storage::restore`]) on this board. On error nothing changes and
    /// the message says why.
    pub fn restore(&mut self, text: &str) -> Result<(), Message> {
        storage::restore(&mut self.record, text)?;
        self.record_replaced();
        Ok(())
    }

    /// Shows a save read a slice at a time ([`storage::Restoring`]).
    pub fn show_saved(&mut self, saved: storage::Saved) {
        saved.apply(&mut self.record);
        self.record_replaced();
    }

    /// The view after its record was replaced: nothing of the last game's gestures,
    /// messages or animation left, laid out for the new size, its clocks as restored.
    fn record_replaced(&mut self) {
        self.gesture = Gesture::Idle;
        self.message = None;
        self.animation = None;
        self.hint = None;
        // The size or the capstones may differ from the last game's.
        self.layout = self.arranged(
            self.layout.width,
            self.layout.height,
            self.layout.pixel_ratio,
        );
        self.position_changed();
        self.update_clock();
        self.events.push(Event::Load);
        self.dirty = true;
    }

    /// Reads a PTN game or a TPS position. On error nothing changes.
    pub fn load_text(&mut self, text: &str) -> Result<(), String> {
        let game = parse_game_or_position(text).map_err(|m| self.text(&m))?;
        self.load(game);
        Ok(())
    }

    /// The whole game as PTN: main line, variations, comments and annotations.
    pub fn ptn(&self) -> String {
        ptn::write_game(&self.record.game)
    }

    pub fn tps(&self) -> String {
        tps::write(self.position())
    }

    /// Shows `hint` (a ply in PTN, checked) on the board, or clears it.
    pub fn set_hint(&mut self, hint: Option<&str>) -> Result<(), String> {
        self.hint = match hint {
            Some(text) => {
                let mv = self.parse_move(text)?;
                self.position()
                    .check(mv)
                    .map_err(|e| self.text(&Message::from(&e)))?;
                // A hinted placement readies its kind, so a tap on the square plays it.
                if let Some(kind) = mv.kind() {
                    self.selected = kind;
                }
                Some(mv)
            }
            None => None,
        };
        self.dirty = true;
        Ok(())
    }

    /// Locks the board while the computer thinks: a press then says so instead of playing.
    /// `None` unlocks it.
    pub fn set_locked(&mut self, why: Option<Message>) {
        if self.locked != why {
            if why.is_some() {
                self.gesture = Gesture::Idle;
            }
            self.locked = why;
            self.dirty = true;
        }
    }

    /// Shows the position after `plies` (PTN, played from the position shown) without
    /// playing them; `None` or an empty list ends the preview. On error nothing changes.
    pub fn set_preview(&mut self, plies: Option<&[String]>) -> Result<(), String> {
        let plies = plies.unwrap_or_default();
        if plies.is_empty() {
            if self.preview.take().is_some() {
                self.dirty = true;
            }
            return Ok(());
        }
        let mut pos = self.position().clone();
        let mut last = None;
        for text in plies {
            let mv = self.parse_move(text)?;
            pos.play(mv).map_err(|e| self.text(&Message::from(&e)))?;
            last = Some(mv);
        }
        self.preview = last.map(|mv| (pos, mv));
        self.dirty = true;
        Ok(())
    }

    /// The position to draw: a previewed line's, or the game's.
    pub fn shown_position(&self) -> &Position {
        self.preview.as_ref().map_or(self.position(), |(p, _)| p)
    }

    /// Whether the reader may play at all (false: a board only to look at).
    pub fn set_interactive(&mut self, interactive: bool) {
        if self.options.interactive != interactive {
            self.options.interactive = interactive;
            self.gesture = Gesture::Idle;
            self.dirty = true;
        }
    }

    /// Chooses the kind a click on an empty square places.
    pub fn select(&mut self, kind: Kind) {
        self.selected = kind;
        self.dirty = true;
    }
}

/// Whether a pasted text (trimmed) is a bare TPS position rather than a game.
pub(super) fn looks_like_tps(trimmed: &str) -> bool {
    !trimmed.starts_with('[') && trimmed.contains('/') && trimmed.split_whitespace().count() == 3
}

/// Reads a PTN game, a game in playtak.com's server notation, or a bare TPS position (as
/// the start of a new game).
pub fn parse_game_or_position(text: &str) -> Result<Game, Message> {
    // A byte-order mark (a file saved by some editors) is not part of the game.
    let trimmed = text.trim_start_matches('\u{feff}').trim();
    if trimmed.is_empty() {
        return Err(Message::new("load.nothing"));
    }
    if looks_like_tps(trimmed) {
        let pos =
            Position::from_tps(trimmed).map_err(|e| Message::new("load.error").with("error", e))?;
        return Ok(Game::new(pos));
    }
    if crate::playtak::looks_like_server_notation(trimmed) {
        // playtak.com's notation: its errors name the line and the move as written.
        return crate::playtak::parse_game(trimmed)
            .map_err(|e| Message::new("load.error").with("error", e.to_string()));
    }
    ptn::parse_game(trimmed).map_err(ptn_error_message)
}

/// What the reader is told of a PTN that cannot be read: a ply's error in their language.
pub(super) fn ptn_error_message(e: ptn::PtnError) -> Message {
    match (&e.location, &e.cause) {
        (_, Some(ptn::PlyError::NotAGame)) => Message::new("load.not_a_game"),
        (ptn::Location::Ply(n), Some(cause)) => {
            let inner = match cause {
                ptn::PlyError::Parse(p) => Message::from(p),
                ptn::PlyError::Illegal(i) => Message::from(i),
                ptn::PlyError::NotAGame => Message::new("load.not_a_game"),
            };
            PlyMessage { ply: *n, inner }.into()
        }
        _ => Message::new("load.error").with("error", format!("PTN {e}")),
    }
}

/// A PTN ply error whose cause is itself a message: translated in two steps.
struct PlyMessage {
    ply: usize,
    inner: Message,
}

impl From<PlyMessage> for Message {
    fn from(p: PlyMessage) -> Message {
        // The cause is kept as its key; `Message::text` of `load.ptn_ply` fills in `{error}`
        // with the cause in the same language.
        Message::new("load.ptn_ply")
            .with("ply", p.ply)
            .with_nested("error", p.inner)
    }
}

/// For tests of long games: a 6x6 board with `plies` plies of two flats shuffled back and
/// forth (`a1 f6`, then `f6- a1+ f5+ a2-` over and over).
#[cfg(test)]
pub(crate) fn long_board(plies: usize) -> Board {
    let mut board =
        Board::with_config(crate::Config::standard(6).unwrap(), BoardOptions::default());
    let cycle = ["f6-", "a1+", "f5+", "a2-"];
    for i in 0..plies {
        let ply = match i {
            0 => "a1",
            1 => "f6",
            _ => cycle[(i - 2) % 4],
        };
        board.play_ptn(ply).unwrap();
    }
    board
}
