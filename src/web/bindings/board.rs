//! `TakBoard`: one board on a page, as the play build exposes it. Each method forwards to
//! [`Board`] and turns its answer into what the page reads; options go through
//! [`set`](TakBoard::set).

use super::canvas::{context_2d, SquaresLayer, WebCanvas};
use super::options::{new_game_settings, start_game, MountOptions, Settings};
use super::wire::JsRect;
use super::{parse_kind, read_path, set_today, to_js, Raw};
use crate::settings::SettingsValue;
use crate::web::config::BoardOptions;
use crate::web::i18n::{Lang, Message};
use crate::web::json;
use crate::web::layout::{Point, Rect};
use crate::web::render;
use crate::web::state::Board;
use crate::web::storage;
use crate::web::wire::SearchSpec;
use crate::{Color, Square};
use wasm_bindgen::prelude::*;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// One board on a page, drawn on its own canvas.
#[wasm_bindgen]
pub struct TakBoard {
    pub(super) board: Board,
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    /// The squares and their stacks as last drawn: a frame repaints those that changed.
    pub(super) squares: SquaresLayer,
}

#[wasm_bindgen]
impl TakBoard {
    /// A board on `canvas`. `options` may give `size`, `komi`, `tps` or `ptn` (the start),
    /// `interactive`, `animate`, `showTargets`, `coordinates`, `flip` (seen from Black's side).
    #[wasm_bindgen(constructor)]
    pub fn new(canvas: HtmlCanvasElement, options: JsValue) -> Result<TakBoard, JsError> {
        let options = MountOptions::read(&options)
            .map_err(|e| JsError::new(&format!("bad board options: {e}")))?;
        let game = start_game(&options).map_err(|e| JsError::new(&e))?;
        let given = |t: &Option<String>| t.as_deref().is_some_and(|t| !t.trim().is_empty());
        let fresh = !given(&options.ptn) && !given(&options.tps);
        let defaults = BoardOptions::default();
        let board_options = BoardOptions {
            interactive: options.interactive.unwrap_or(defaults.interactive),
            animate: options.animate.unwrap_or(defaults.animate),
            show_targets: options.show_targets.unwrap_or(defaults.show_targets),
            coordinates: options.coordinates.unwrap_or(defaults.coordinates),
            patterns: options.patterns.unwrap_or(defaults.patterns),
            show_threats: options.show_threats.unwrap_or(defaults.show_threats),
            flipped: options.flip.unwrap_or(defaults.flipped),
        };
        let ctx =
            context_2d(&canvas).ok_or_else(|| JsError::new("this browser gives no 2D canvas"))?;
        Ok(TakBoard {
            board: {
                let mut board = Board::new(game, board_options);
                board.set_lang(
                    options
                        .lang
                        .as_deref()
                        .and_then(Lang::from_code)
                        .unwrap_or_default(),
                );
                board.record.sitting.site = options.site.clone();
                set_today(&mut board.record.sitting);
                // A new game, not one read from text: its tags say where and when.
                if fresh {
                    board.stamp_new_game();
                }
                board
            },
            canvas,
            ctx,
            squares: SquaresLayer::default(),
        })
    }

    /// The position as TPS.
    pub fn tps(&self) -> String {
        self.board.tps()
    }

    /// The game as PTN (undone plies included).
    pub fn ptn(&self) -> String {
        self.board.ptn()
    }

    /// Plays a PTN move. Returns an error message, or `undefined` when it was played. With
    /// `typed`, a ply the reader typed: refused, in words, where the board takes no move from
    /// them now (not interactive, the computer thinking, tavern rules, the game over), as a
    /// press on it would be.
    pub fn play(&mut self, ptn_move: &str, typed: Option<bool>) -> Option<String> {
        let board = self.at_now();
        if typed == Some(true) {
            board.play_typed(ptn_move).err()
        } else {
            board.play_ptn(ptn_move).err()
        }
    }

    pub fn undo(&mut self) -> bool {
        self.at_now().undo()
    }

    pub fn redo(&mut self) -> bool {
        self.at_now().redo()
    }

    /// Shows the position after `ply` plies of the current line.
    pub fn goto(&mut self, ply: usize) -> bool {
        self.at_now().goto(ply)
    }

    /// Shows the position at `path` (a move-list item's `id`, or an array of child indices) in the game tree; the line
    /// through it becomes the current line. Returns false for a path that is not there.
    #[wasm_bindgen(js_name = gotoPath)]
    pub fn goto_path(&mut self, path: JsValue) -> bool {
        self.at_now();
        read_path(&self.board.record.game, path).is_some_and(|p| self.board.goto_path(&p))
    }

    /// Starts a new game. Returns an error message for a bad size or komi.
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(&mut self, size: u8, komi: &str) -> Option<String> {
        let options = MountOptions {
            settings: SettingsValue {
                size,
                komi: komi.to_string(),
                ..SettingsValue::default()
            },
            ..MountOptions::default()
        };
        match start_game(&options) {
            Ok(game) => {
                self.board.end_match();
                self.board.load(game);
                None
            }
            Err(e) => Some(e),
        }
    }

    /// Starts a new game of the settings given (a `GameSettings`: those left out are their
    /// defaults; its `clock`, a time control as the `Clock` tag writes it, `10:0 +15`, empty
    /// or `none`: no clocks); leaves any match. Returns an error message naming the
    /// option; on error nothing changes. With `check_only` it only says what it would refuse
    /// (the New game form asks before it closes).
    #[wasm_bindgen(js_name = newGameWith)]
    pub fn new_game_with(&mut self, options: JsValue, check_only: Option<bool>) -> Option<String> {
        match new_game_settings(&options) {
            Ok(_) if check_only == Some(true) => None,
            Ok((_, settings)) => {
                self.board.end_match();
                set_today(&mut self.board.record.sitting);
                self.at_now().new_game(settings);
                None
            }
            Err(e) => Some(e),
        }
    }

    /// The settings of a standard game on a board of side `size`, for the New game form's
    /// hints (its `flats` and `caps`); `null` for a size that is none.
    #[wasm_bindgen(js_name = standardSettings, unchecked_return_type = "GameSettings | null")]
    pub fn standard_settings(&self, size: u8) -> JsValue {
        match crate::web::status::standard_settings(size) {
            Some(settings) => to_js(&settings),
            None => JsValue::NULL,
        }
    }

    /// The page's clock tick: the clocks at `now` (`Date.now()`), ending the game when a
    /// side's time ran out. Returns the clocks (as `status().clock`) or `null`.
    /// The study build's alone: a game with clocks moves there (www/board.js).
    #[cfg(feature = "study")]
    #[wasm_bindgen(js_name = clockTick, unchecked_return_type = "ClockStatus | null")]
    pub fn clock_tick(&mut self, now: f64) -> JsValue {
        self.board.clock_tick(now);
        match self.board.clock_status() {
            Some(c) => to_js(&c),
            None => JsValue::NULL,
        }
    }

    /// The reader pauses (`true`) or resumes (`false`) the clocks.
    /// The study build's alone, as [`TakBoard::clock_tick`].
    #[cfg(feature = "study")]
    #[wasm_bindgen(js_name = pauseClock)]
    pub fn pause_clock(&mut self, paused: bool) {
        self.at_now().pause_clock(paused);
    }

    /// `color` (`white` or `black`) resigns. Returns whether the game ended so.
    pub fn resign(&mut self, color: &str) -> bool {
        let color = match color {
            "white" => Color::White,
            "black" => Color::Black,
            _ => return false,
        };
        self.board.resign(color)
    }

    /// The players agree a draw. Returns whether the game ended so.
    #[wasm_bindgen(js_name = agreeDraw)]
    pub fn agree_draw(&mut self) -> bool {
        self.board.agree_draw()
    }

    /// After the page rebuilt a board that failed (see `www/board.js`): says so to the
    /// reader, as a refusal would.
    #[wasm_bindgen(js_name = noteRecovered)]
    pub fn note_recovered(&mut self) {
        self.board.apply(crate::web::drag::Intent::Refuse(
            crate::web::i18n::Message::new("board.recovered"),
        ));
    }

    /// Fails as a bug would (a panic: the wasm traps), for the tests of the page's recovery.
    #[wasm_bindgen(js_name = failForTest)]
    pub fn fail_for_test(&mut self) {
        panic!("failure asked for by a test");
    }

    /// The text to keep in local storage.
    pub fn save(&mut self) -> String {
        let board = self.at_now();
        storage::save(&board.record, board.now, board.clock_hold)
    }

    /// The rectangle of a square in CSS pixels relative to the viewport, or `null`.
    #[wasm_bindgen(js_name = squareRect, unchecked_return_type = "Rect | null")]
    pub fn square_rect(&self, square: &str) -> JsValue {
        match square.trim().parse::<Square>() {
            Ok(sq) if sq.is_on_board(self.board.position().size()) => {
                self.viewport_rect(self.board.layout.square_rect(sq))
            }
            _ => JsValue::NULL,
        }
    }

    /// The rectangle of the reserve pile (`"flat"`, `"wall"` or `"cap"`) the player to move
    /// takes pieces from now, relative to the viewport, or `null`.
    #[wasm_bindgen(js_name = reserveRect, unchecked_return_type = "Rect | null")]
    pub fn reserve_rect(&self, kind: &str) -> JsValue {
        let Some(kind) = parse_kind(kind) else {
            return JsValue::NULL;
        };
        let owner = self.board.position().placing_color();
        self.viewport_rect(self.board.layout.reserves[owner.index()].pile(kind))
    }

    fn viewport_rect(&self, r: Rect) -> JsValue {
        let origin = self.canvas.get_bounding_client_rect();
        let rect = JsRect {
            x: origin.x() + r.x,
            y: origin.y() + r.y,
            width: r.width,
            height: r.height,
        };
        to_js(&rect)
    }

    /// The canvas's CSS size and the device pixel ratio.
    pub fn resize(&mut self, width: f64, height: f64, pixel_ratio: f64) {
        self.board.resize(width, height, pixel_ratio);
    }

    /// Shows the keyboard's cursor (the board got the focus from the keyboard), so that the
    /// first Enter acts.
    #[wasm_bindgen(js_name = showCursor)]
    pub fn show_cursor(&mut self) {
        self.board.show_cursor();
    }

    /// Chooses the kind (`"flat"`, `"wall"`, `"cap"`) a click on an empty square places.
    pub fn select(&mut self, kind: &str) -> bool {
        match parse_kind(kind) {
            Some(k) => {
                self.board.select(k);
                true
            }
            None => false,
        }
    }

    #[wasm_bindgen(js_name = pointerDown)]
    pub fn pointer_down(&mut self, x: f64, y: f64) {
        self.at_now().pointer_down(Point::new(x, y));
    }

    #[wasm_bindgen(js_name = pointerMove)]
    pub fn pointer_move(&mut self, x: f64, y: f64) {
        self.board.pointer_move(Point::new(x, y));
    }

    #[wasm_bindgen(js_name = pointerUp)]
    pub fn pointer_up(&mut self, x: f64, y: f64) {
        self.at_now().pointer_up(Point::new(x, y));
    }

    #[wasm_bindgen(js_name = pointerCancel)]
    pub fn pointer_cancel(&mut self) {
        self.board.pointer_cancel();
    }

    #[wasm_bindgen(js_name = pointerLeave)]
    pub fn pointer_leave(&mut self) {
        self.board.pointer_leave();
    }

    /// A key press; returns whether the board used it.
    pub fn key(&mut self, key: &str) -> bool {
        self.at_now().key(key)
    }

    /// A wheel turn; returns whether the board used it.
    pub fn wheel(&mut self, delta_y: f64) -> bool {
        self.board.wheel(delta_y)
    }

    /// Whether a frame should be drawn (something changed, or an animation runs).
    #[wasm_bindgen(js_name = needsFrame)]
    pub fn needs_frame(&self) -> bool {
        self.board.is_dirty() || self.board.animation.is_some()
    }

    /// Draws a frame at time `now` (ms) if needed. Returns whether more frames are needed.
    pub fn render(&mut self, now: f64) -> bool {
        if !self.needs_frame() {
            return false;
        }
        self.board.take_dirty();
        self.draw(now)
    }

    pub(super) fn draw(&mut self, now: f64) -> bool {
        let layout = &self.board.layout;
        let (w, h) = layout.device_size();
        if self.canvas.width() != w || self.canvas.height() != h {
            self.canvas.set_width(w);
            self.canvas.set_height(h);
        }
        let ratio = layout.pixel_ratio;
        let _ = self.ctx.set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
        let ctx = self.ctx.clone();
        let mut canvas = WebCanvas {
            ctx: &ctx,
            layer: Some(&mut self.squares),
            ratio,
        };
        render::draw(&mut self.board, &mut canvas, now)
    }

    /// A summary for the controls around the board: whose turn, the plies near the one
    /// shown, the result, "Tak", the pending spread, messages.
    #[wasm_bindgen(unchecked_return_type = "Status")]
    pub fn status(&mut self) -> JsValue {
        to_js(&self.at_now().status())
    }

    /// Every ply of the current line in PTN (`["a1", "e5", "c3"]`): apart from the status,
    /// for a long game's is a large list.
    #[wasm_bindgen(unchecked_return_type = "string[]")]
    pub fn moves(&self) -> JsValue {
        to_js(&self.board.line_ptn())
    }

    /// Events since the last call: `{type: "move", ptn, ply}`, `{type: "navigate", ply}`,
    /// `{type: "load"}`.
    #[wasm_bindgen(js_name = takeEvents, unchecked_return_type = "BoardEvent[]")]
    pub fn take_events(&mut self) -> JsValue {
        to_js(&self.board.take_events())
    }

    /// What a computer player needs to know: `{tps, settings, toMove, over}` and the clocks.
    #[wasm_bindgen(js_name = searchSpec, unchecked_return_type = "SearchSpec")]
    pub fn search_spec(&mut self) -> JsValue {
        let clock = self.at_now().clock_for_search();
        to_js(
            &SearchSpec::of(
                self.board.position(),
                self.board.record.settings_value(),
                self.board.record.game.outcome().is_some(),
            )
            .with_clock(clock),
        )
    }

    /// Like `searchSpec()`, for the position the game started from (a review replays the
    /// line from there).
    #[wasm_bindgen(js_name = startSpec, unchecked_return_type = "SearchSpec")]
    pub fn start_spec(&self) -> JsValue {
        let start = self.board.record.game.start();
        to_js(&SearchSpec::of(
            start,
            self.board.record.settings_value(),
            start.is_over(),
        ))
    }

    /// Changes what a page may change after mounting; what is not given stays as it is:
    /// `{interactive, showTargets, showThreats, patterns, flip, dark, thinking, preferPortrait,
    /// playedLineIsMain, lang, computer, level, site}` (`computer`: its colour against the
    /// computer, `none` between people). Returns an error message; on error nothing changes.
    pub fn set(&mut self, options: JsValue) -> Option<String> {
        let settings = match Settings::read(&options) {
            Ok(s) => s,
            Err(e) => return Some(format!("bad options: {e}")),
        };
        let lang = match settings.lang.as_deref().map(|c| (c, Lang::from_code(c))) {
            Some((code, None)) => return Some(format!("'{code}' is not a known language")),
            Some((_, lang)) => lang,
            None => None,
        };
        // The computer's level: the one given, else the one it had (the page says which is
        // a newcomer's: no second default here).
        let level = settings
            .level
            .or(self.board.record.sitting.computer.map(|(_, l)| l as u32));
        let computer = match (settings.computer.as_deref(), level) {
            (Some("white" | "black"), None) => return Some("computer needs a level".into()),
            (Some(side), level) => Some((side, level.unwrap_or(0).clamp(1, 6) as u8)),
            (None, _) => None,
        };
        let b = &mut self.board;
        if let Some(on) = settings.interactive {
            b.set_interactive(on);
        }
        if let Some(on) = settings.show_targets {
            b.options.show_targets = on;
        }
        if let Some(on) = settings.show_threats {
            b.options.show_threats = on;
        }
        if let Some(on) = settings.patterns {
            b.options.patterns = on;
        }
        if let Some(on) = settings.flip {
            b.set_flipped(on);
        }
        if let Some(dark) = settings.dark {
            b.set_dark(dark);
        }
        if let Some(thinking) = settings.thinking {
            b.set_locked(thinking.then(|| Message::new("refuse.thinking")));
        }
        if let Some(on) = settings.prefer_portrait {
            b.set_prefer_portrait(on);
        }
        if let Some(on) = settings.played_line_is_main {
            b.record.played_line_is_main = on;
        }
        if let Some(lang) = lang {
            b.set_lang(lang);
        }
        if let Some((side, level)) = computer {
            b.set_computer(match side {
                "white" => Some((Color::White, level)),
                "black" => Some((Color::Black, level)),
                _ => None,
            });
        }
        if let Some(hold) = settings.clock_hold {
            b.set_time(js_sys::Date::now());
            b.hold_clock(hold);
        }
        if let Some(site) = settings.site {
            b.record.sitting.site = Some(site).filter(|s| !s.is_empty());
        }
        b.mark_dirty();
        None
    }

    /// Shows a suggested move (PTN) on the board; `null` clears it. Returns an error
    /// message for a move that is not legal here.
    #[wasm_bindgen(js_name = setHint)]
    pub fn set_hint(&mut self, hint: Option<String>) -> Option<String> {
        self.board.set_hint(hint.as_deref()).err()
    }

    /// The number of plies in the game, undone ones included (the last ply `goto` can show).
    #[wasm_bindgen(js_name = plyCount)]
    pub fn ply_count(&self) -> usize {
        self.board.all_moves().len()
    }

    /// The board as text for screen readers: one line per square, each stack bottom to top.
    #[wasm_bindgen(unchecked_return_type = "string[]")]
    pub fn describe(&self) -> JsValue {
        to_js(&self.board.describe())
    }

    /// Counts refused actions: when it changes, `message()` says why the last one was.
    #[wasm_bindgen(js_name = messageSerial)]
    pub fn message_serial(&self) -> u32 {
        self.board.message_serial()
    }

    /// Why the last action was refused, in the reader's language, if it was.
    pub fn message(&self) -> Option<String> {
        self.board.message.as_ref().map(|m| self.board.text(m))
    }

    /// While a stack is carried: `{count, from}` (pieces in hand, the origin square);
    /// otherwise `null`.
    #[wasm_bindgen(unchecked_return_type = "Hand | null")]
    pub fn hand(&self) -> JsValue {
        match &self.board.gesture {
            crate::web::drag::Gesture::Carry(c) => {
                let mut out = String::new();
                json::object(
                    &mut out,
                    &[("count", &c.in_hand()), ("from", &c.from.to_string())],
                );
                to_js(&Raw(out))
            }
            _ => JsValue::NULL,
        }
    }

    /// The board size.
    pub fn size(&self) -> u8 {
        self.board.position().size()
    }
}

impl TakBoard {
    /// The board with the host's time now given to it (what its clocks read).
    pub(super) fn at_now(&mut self) -> &mut Board {
        self.board.set_time(js_sys::Date::now());
        &mut self.board
    }
}
