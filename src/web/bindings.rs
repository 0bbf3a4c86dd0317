//! The thin wasm layer: a [`Board`] with a real canvas, exposed to the page's scripts as
//! `TakBoard`. Every method returns an error value instead of panicking: a panic in wasm
//! would take the whole page down.

use super::canvas::{Align, Canvas, TextStyle};
use super::config::BoardOptions;
use super::i18n::{self, Lang};
use super::json::{self, Json};
use super::layout::{Point, Rect};
use super::render;
use super::state::{Board, Event};
use super::storage;
use super::Within;
use crate::score::Variants;
use crate::series::TakeBacks;
use crate::{tps, Color, Config, Game, Kind, Komi, Square};
use wasm_bindgen::prelude::*;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};
#[cfg(feature = "study")]
use {
    super::json::Value,
    super::marks::{self, Mark, MarkColor},
    super::state::parse_game_or_position,
    super::theme::Theme,
    crate::series::{Length, Series},
};

/// Draws onto a 2D context in CSS pixels (the device pixel ratio is set once per frame).
struct WebCanvas<'a> {
    ctx: &'a CanvasRenderingContext2d,
}

impl WebCanvas<'_> {
    fn fill_and_stroke(&self, fill: &str, stroke: Option<(&str, f64)>) {
        self.ctx.set_fill_style_str(fill);
        self.ctx.fill();
        if let Some((color, width)) = stroke {
            self.ctx.set_stroke_style_str(color);
            self.ctx.set_line_width(width);
            self.ctx.stroke();
        }
    }
}

impl Canvas for WebCanvas<'_> {
    fn clear(&mut self, width: f64, height: f64, color: &str) {
        self.ctx.set_fill_style_str(color);
        self.ctx.fill_rect(0.0, 0.0, width, height);
    }

    fn fill_rect(&mut self, r: Rect, color: &str) {
        self.ctx.set_fill_style_str(color);
        self.ctx.fill_rect(r.x, r.y, r.width, r.height);
    }

    fn round_rect(&mut self, r: Rect, radius: f64, fill: &str, stroke: Option<(&str, f64)>) {
        self.ctx.begin_path();
        if self
            .ctx
            .round_rect_with_f64(r.x, r.y, r.width, r.height, radius)
            .is_err()
        {
            self.ctx.rect(r.x, r.y, r.width, r.height);
        }
        self.fill_and_stroke(fill, stroke);
    }

    fn circle(&mut self, x: f64, y: f64, radius: f64, fill: &str, stroke: Option<(&str, f64)>) {
        self.ctx.begin_path();
        let _ = self
            .ctx
            .arc(x, y, radius.max(0.0), 0.0, std::f64::consts::TAU);
        self.fill_and_stroke(fill, stroke);
    }

    fn stroke_rect(&mut self, r: Rect, color: &str, width: f64) {
        self.ctx.set_stroke_style_str(color);
        self.ctx.set_line_width(width);
        self.ctx.stroke_rect(r.x, r.y, r.width, r.height);
    }

    fn text(&mut self, x: f64, y: f64, text: &str, style: TextStyle) {
        let weight = if style.bold { "600" } else { "400" };
        let mut font = String::from(weight);
        font.push(' ');
        json::fixed(&mut font, style.px, 1);
        font.push_str("px system-ui, -apple-system, 'Segoe UI', sans-serif");
        self.ctx.set_font(&font);
        self.ctx.set_text_align(match style.align {
            Align::Left => "left",
            Align::Center => "center",
            Align::Right => "right",
        });
        self.ctx.set_fill_style_str(style.color);
        let _ = self.ctx.fill_text(text, x, y);
    }

    fn set_alpha(&mut self, alpha: f64) {
        self.ctx.set_global_alpha(alpha.within(0.0, 1.0));
    }

    fn line(&mut self, from: Point, to: Point, color: &str, width: f64) {
        self.ctx.begin_path();
        self.ctx.move_to(from.x, from.y);
        self.ctx.line_to(to.x, to.y);
        self.ctx.set_stroke_style_str(color);
        self.ctx.set_line_width(width);
        self.ctx.set_line_cap("round");
        self.ctx.stroke();
    }

    fn polygon(&mut self, points: &[Point], fill: &str) {
        let Some(first) = points.first() else { return };
        self.ctx.begin_path();
        self.ctx.move_to(first.x, first.y);
        for p in &points[1..] {
            self.ctx.line_to(p.x, p.y);
        }
        self.ctx.close_path();
        self.ctx.set_fill_style_str(fill);
        self.ctx.fill();
    }
}

/// What a page may pass when it creates a board. Every field is optional.
#[derive(Default)]
struct MountOptions {
    size: Option<u8>,
    komi: Option<String>,
    tps: Option<String>,
    ptn: Option<String>,
    interactive: Option<bool>,
    animate: Option<bool>,
    show_targets: Option<bool>,
    coordinates: Option<bool>,
    patterns: Option<bool>,
    show_threats: Option<bool>,
    lang: Option<String>,
    /// Scoring variants (`Downings Middletown Tarway`, any of them).
    scoring: Option<String>,
    /// The ancient tie rule: a tied flat count goes to black.
    tie_rule: Option<bool>,
    /// `court` or `tavern`.
    take_backs: Option<String>,
    /// A match: the players' names, and its length in games or points.
    #[cfg_attr(not(feature = "study"), allow(dead_code))]
    players: Option<[String; 2]>,
    #[cfg_attr(not(feature = "study"), allow(dead_code))]
    games: Option<u8>,
    #[cfg_attr(not(feature = "study"), allow(dead_code))]
    points: Option<u32>,
}

impl MountOptions {
    /// Reads the options a page passed (an object, or nothing). Read field by field from
    /// the JS object, so that the first visit's build carries no JSON reader.
    fn read(options: JsValue) -> Result<MountOptions, String> {
        if options.is_undefined() || options.is_null() {
            return Ok(MountOptions::default());
        }
        if !options.is_object() || js_sys::Array::is_array(&options) {
            return Err("the options must be an object".into());
        }
        let field = |k: &str| {
            js_sys::Reflect::get(&options, &JsValue::from_str(k))
                .ok()
                .filter(|v| !v.is_undefined() && !v.is_null())
        };
        // A key given with the wrong kind of value is refused, never ignored.
        let text = |k: &str| match field(k) {
            None => Ok(None),
            Some(v) => v
                .as_string()
                .map(Some)
                .ok_or_else(|| format!("{k} must be a text")),
        };
        let flag = |k: &str| match field(k) {
            None => Ok(None),
            Some(v) => v
                .as_bool()
                .map(Some)
                .ok_or_else(|| format!("{k} must be true or false")),
        };
        let count = |k: &str| match field(k) {
            None => Ok(None),
            Some(v) => whole_number(&v)
                .map(Some)
                .ok_or_else(|| format!("{k} must be a whole number")),
        };
        let players = match field("players") {
            None => None,
            Some(p) => {
                let name = |i: u32| {
                    js_sys::Reflect::get_u32(&p, i)
                        .ok()
                        .and_then(|n| n.as_string())
                        .ok_or("players must be two names")
                };
                Some([name(0)?, name(1)?])
            }
        };
        // Komi as a number or a text (`2`, `"2.5"`).
        let komi = match field("komi") {
            None => None,
            Some(k) => match (k.as_string(), k.as_f64()) {
                (Some(s), _) => Some(s),
                (None, Some(k)) if k.is_finite() => {
                    let mut s = String::new();
                    json::fixed(&mut s, k, 1);
                    Some(s)
                }
                _ => return Err("komi must be a number".into()),
            },
        };
        Ok(MountOptions {
            size: count("size")?.map(|n| n.min(255) as u8),
            komi,
            tps: text("tps")?,
            ptn: text("ptn")?,
            interactive: flag("interactive")?,
            animate: flag("animate")?,
            show_targets: flag("showTargets")?,
            coordinates: flag("coordinates")?,
            patterns: flag("patterns")?,
            show_threats: flag("showThreats")?,
            lang: text("lang")?,
            scoring: text("scoring")?,
            tie_rule: flag("tieRule")?,
            take_backs: text("takeBacks")?,
            players,
            games: count("games")?.map(|n| n.min(255) as u8),
            points: count("points")?,
        })
    }
}

/// The game options in `options`, checked.
fn game_options(options: &MountOptions) -> Result<(Variants, TakeBacks), String> {
    let variants = match options.scoring.as_deref() {
        Some(v) => Variants::parse(v)?,
        None => Variants::default(),
    };
    let take_backs = match options.take_backs.as_deref() {
        Some(t) => TakeBacks::parse(t)
            .ok_or_else(|| format!("take-backs must be court or tavern, not '{t}'"))?,
        None => TakeBacks::Court,
    };
    Ok((variants, take_backs))
}

/// What a page passed for a new game (`newGameWith`, `startMatch`), read and checked: the
/// options, the game's settings, its scoring and its take-backs.
fn new_game_settings(
    options: JsValue,
) -> Result<(MountOptions, Config, Variants, TakeBacks), String> {
    let options = MountOptions::read(options).map_err(|e| format!("bad options: {e}"))?;
    let config = new_config(&options)?;
    let (variants, take_backs) = game_options(&options)?;
    Ok((options, config, variants, take_backs))
}

/// The settings of a new game from `options`: size, komi and tie rule.
fn new_config(options: &MountOptions) -> Result<Config, String> {
    let komi = match &options.komi {
        Some(k) if !k.trim().is_empty() => k.parse::<Komi>().map_err(|e| e.to_string())?,
        _ => Komi::default(),
    };
    let mut config = Config::standard(options.size.unwrap_or(5))
        .map_err(|e| e.to_string())?
        .with_komi(komi);
    config.ancient_tie_rule = options.tie_rule.unwrap_or(false);
    Ok(config)
}

struct JsRect {
    x: f64,
    y: f64,
    width: f64,
    height: f64,
}

struct SearchSpec {
    tps: String,
    stones: u8,
    caps: u8,
    half_komi: i8,
    ancient_tie_rule: bool,
    to_move: &'static str,
    over: bool,
}

enum JsEvent {
    Move { ptn: String, ply: usize },
    Navigate { ply: usize },
    Load,
}

impl Json for JsRect {
    fn write_json(&self, out: &mut String) {
        json::object(
            out,
            &[
                ("x", &self.x),
                ("y", &self.y),
                ("width", &self.width),
                ("height", &self.height),
            ],
        );
    }
}

impl Json for SearchSpec {
    fn write_json(&self, out: &mut String) {
        json::object(
            out,
            &[
                ("tps", &self.tps),
                ("stones", &self.stones),
                ("caps", &self.caps),
                ("halfKomi", &self.half_komi),
                ("ancientTieRule", &self.ancient_tie_rule),
                ("toMove", &self.to_move),
                ("over", &self.over),
            ],
        );
    }
}

impl Json for JsEvent {
    fn write_json(&self, out: &mut String) {
        match self {
            JsEvent::Move { ptn, ply } => {
                json::object(out, &[("type", &"move"), ("ptn", ptn), ("ply", ply)])
            }
            JsEvent::Navigate { ply } => json::object(out, &[("type", &"navigate"), ("ply", ply)]),
            JsEvent::Load => json::object(out, &[("type", &"load")]),
        }
    }
}

/// One board on a page, drawn on its own canvas.
#[wasm_bindgen]
pub struct TakBoard {
    board: Board,
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
}

fn start_game(options: &MountOptions) -> Result<Game, String> {
    let (variants, take_backs) = game_options(options)?;
    let mut game = match game_from_text(options)? {
        Some(game) => game,
        None => Game::with_config(new_config(options)?),
    };
    // Options given by the host are written into the game's tags (a PTN's own tags stand
    // unless the host overrides them).
    if options.scoring.is_some() && variants.any() {
        game.set_tag("Scoring", &variants.to_string());
    }
    if options.take_backs.is_some() {
        game.set_tag("TakeBacks", take_backs.name());
    }
    Ok(game)
}

/// The game the options give as text (`ptn` or `tps`), if any: only the study build reads
/// games from text (the page asks for it when it has one).
#[cfg(feature = "study")]
fn game_from_text(options: &MountOptions) -> Result<Option<Game>, String> {
    let game = if let Some(text) = options.ptn.as_deref().filter(|t| !t.trim().is_empty()) {
        let lang = options
            .lang
            .as_deref()
            .and_then(Lang::from_code)
            .unwrap_or_default();
        Some(parse_game_or_position(text).map_err(|m| m.text(lang))?)
    } else if let Some(text) = options.tps.as_deref().filter(|t| !t.trim().is_empty()) {
        let size = tps::size_of(text).min(255) as u8;
        let config = new_config(&MountOptions {
            size: Some(size),
            komi: options.komi.clone(),
            tie_rule: options.tie_rule,
            ..MountOptions::default()
        })
        .map_err(|e| format!("TPS: {e}"))?;
        Some(
            tps::parse(text, config)
                .map(Game::new)
                .map_err(|e| e.to_string())?,
        )
    } else {
        None
    };
    Ok(game)
}

#[cfg(not(feature = "study"))]
fn game_from_text(options: &MountOptions) -> Result<Option<Game>, String> {
    let given = |t: &Option<String>| t.as_deref().is_some_and(|t| !t.trim().is_empty());
    if given(&options.ptn) || given(&options.tps) {
        return Err("this build reads no game text: load the study build".into());
    }
    Ok(None)
}

#[wasm_bindgen]
impl TakBoard {
    /// A board on `canvas`. `options` may give `size`, `komi`, `tps` or `ptn` (the start),
    /// `interactive`, `animate`, `showTargets`, `coordinates`.
    #[wasm_bindgen(constructor)]
    pub fn new(canvas: HtmlCanvasElement, options: JsValue) -> Result<TakBoard, JsError> {
        let options = MountOptions::read(options)
            .map_err(|e| JsError::new(&format!("bad board options: {e}")))?;
        let game = start_game(&options).map_err(|e| JsError::new(&e))?;
        let defaults = BoardOptions::default();
        let board_options = BoardOptions {
            interactive: options.interactive.unwrap_or(defaults.interactive),
            animate: options.animate.unwrap_or(defaults.animate),
            show_targets: options.show_targets.unwrap_or(defaults.show_targets),
            coordinates: options.coordinates.unwrap_or(defaults.coordinates),
            patterns: options.patterns.unwrap_or(defaults.patterns),
            show_threats: options.show_threats.unwrap_or(defaults.show_threats),
        };
        let ctx = canvas
            .get_context("2d")
            .ok()
            .flatten()
            .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
            .ok_or_else(|| JsError::new("this browser gives no 2D canvas"))?;
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
                board
            },
            canvas,
            ctx,
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

    /// Plays a PTN move. Returns an error message, or `undefined` when it was played.
    pub fn play(&mut self, ptn_move: &str) -> Option<String> {
        self.board.play_ptn(ptn_move).err()
    }

    pub fn undo(&mut self) -> bool {
        self.board.undo()
    }

    pub fn redo(&mut self) -> bool {
        self.board.redo()
    }

    /// Shows the position after `ply` plies of the current line.
    pub fn goto(&mut self, ply: usize) -> bool {
        self.board.goto(ply)
    }

    /// Shows the position at `path` (an array of child indices) in the game tree; the line
    /// through it becomes the current line. Returns false for a path that is not there.
    #[wasm_bindgen(js_name = gotoPath)]
    pub fn goto_path(&mut self, path: JsValue) -> bool {
        read_path(path).is_some_and(|p| self.board.goto_path(&p))
    }

    /// Makes the line through `path` the main line.
    pub fn promote(&mut self, path: JsValue) -> bool {
        read_path(path).is_some_and(|p| self.board.promote(&p))
    }

    /// Deletes the ply at `path` and everything after it.
    #[wasm_bindgen(js_name = deleteLine)]
    pub fn delete_line(&mut self, path: JsValue) -> bool {
        read_path(path).is_some_and(|p| !p.is_empty() && self.board.delete(&p))
    }

    /// Whether a ply played where the line went on differently becomes the main line (a game
    /// against the computer) rather than a variation (study).
    #[wasm_bindgen(js_name = setPlayedLineIsMain)]
    pub fn set_played_line_is_main(&mut self, on: bool) {
        self.board.played_line_is_main = on;
    }

    /// Starts a new game. Returns an error message for a bad size or komi.
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(&mut self, size: u8, komi: &str) -> Option<String> {
        let options = MountOptions {
            size: Some(size),
            komi: Some(komi.to_string()),
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

    /// Starts a new game with options `{size, komi, scoring, tieRule, takeBacks}`; leaves
    /// any match. Returns an error message; on error nothing changes.
    #[wasm_bindgen(js_name = newGameWith)]
    pub fn new_game_with(&mut self, options: JsValue) -> Option<String> {
        match new_game_settings(options) {
            Ok((_, config, variants, take_backs)) => {
                self.board.end_match();
                self.board.new_game(config, variants, take_backs);
                None
            }
            Err(e) => Some(e),
        }
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

    /// The text to keep in local storage.
    pub fn save(&self) -> String {
        storage::save(&self.board)
    }

    /// The rectangle of a square in CSS pixels relative to the viewport, or `null`.
    #[wasm_bindgen(js_name = squareRect)]
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
    #[wasm_bindgen(js_name = reserveRect)]
    pub fn reserve_rect(&self, kind: &str) -> JsValue {
        let Some(kind) = parse_kind(kind) else {
            return JsValue::NULL;
        };
        let owner = super::drag::pile_owner(self.board.position());
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

    /// Keep the reserves above and below the board unless the canvas is clearly wide (for
    /// a page held upright, so that the board does not rearrange as the room changes).
    #[wasm_bindgen(js_name = setPreferPortrait)]
    pub fn set_prefer_portrait(&mut self, on: bool) {
        if self.board.prefer_portrait != on {
            self.board.prefer_portrait = on;
            let l = self.board.layout.clone();
            self.board.layout.width = 0.0; // force the layout to be made again
            self.board.resize(l.width, l.height, l.pixel_ratio);
        }
    }

    /// Shows the keyboard's cursor (the board got the focus from the keyboard), so that the
    /// first Enter acts.
    #[wasm_bindgen(js_name = showCursor)]
    pub fn show_cursor(&mut self) {
        self.board.show_cursor();
    }

    /// Dark or light colours.
    #[wasm_bindgen(js_name = setDark)]
    pub fn set_dark(&mut self, dark: bool) {
        self.board.set_dark(dark);
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
        self.board.pointer_down(Point::new(x, y));
    }

    #[wasm_bindgen(js_name = pointerMove)]
    pub fn pointer_move(&mut self, x: f64, y: f64) {
        self.board.pointer_move(Point::new(x, y));
    }

    #[wasm_bindgen(js_name = pointerUp)]
    pub fn pointer_up(&mut self, x: f64, y: f64) {
        self.board.pointer_up(Point::new(x, y));
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
        self.board.key(key)
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

    fn draw(&mut self, now: f64) -> bool {
        let layout = &self.board.layout;
        let (w, h) = layout.device_size();
        if self.canvas.width() != w || self.canvas.height() != h {
            self.canvas.set_width(w);
            self.canvas.set_height(h);
        }
        let ratio = layout.pixel_ratio;
        let _ = self.ctx.set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
        let ctx = self.ctx.clone();
        render::draw(&mut self.board, &mut WebCanvas { ctx: &ctx }, now)
    }

    /// A summary for the controls around the board: whose turn, the moves, the result,
    /// "Tak", the pending spread, messages.
    pub fn status(&self) -> JsValue {
        to_js(&self.board.status())
    }

    /// Events since the last call: `{type: "move", ptn, ply}`, `{type: "navigate", ply}`,
    /// `{type: "load"}`.
    #[wasm_bindgen(js_name = takeEvents)]
    pub fn take_events(&mut self) -> JsValue {
        let events: Vec<JsEvent> = self
            .board
            .take_events()
            .into_iter()
            .map(|e| match e {
                Event::Move { ptn, ply } => JsEvent::Move { ptn, ply },
                Event::Navigate { ply } => JsEvent::Navigate { ply },
                Event::Load => JsEvent::Load,
            })
            .collect();
        to_js(&events)
    }

    /// What a computer player needs to know: `{tps, stones, caps, halfKomi, toMove, over}`.
    #[wasm_bindgen(js_name = searchSpec)]
    pub fn search_spec(&self) -> JsValue {
        let pos = self.board.position();
        let config = pos.config();
        to_js(&SearchSpec {
            tps: self.board.tps(),
            stones: config.stones,
            caps: config.caps,
            half_komi: config.komi.half_flats(),
            ancient_tie_rule: config.ancient_tie_rule,
            to_move: pos.to_move().name(),
            over: self.board.game.outcome().is_some(),
        })
    }

    /// Like `searchSpec()`, for the position the game started from (a review replays the
    /// line from there).
    #[wasm_bindgen(js_name = startSpec)]
    pub fn start_spec(&self) -> JsValue {
        let pos = self.board.game.start();
        let config = pos.config();
        to_js(&SearchSpec {
            tps: tps::write(pos),
            stones: config.stones,
            caps: config.caps,
            half_komi: config.komi.half_flats(),
            ancient_tie_rule: config.ancient_tie_rule,
            to_move: pos.to_move().name(),
            over: pos.is_over(),
        })
    }

    /// Locks or unlocks the board for the reader (while the computer thinks).
    #[wasm_bindgen(js_name = setInteractive)]
    pub fn set_interactive(&mut self, interactive: bool) {
        self.board.set_interactive(interactive);
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

    /// Switches the board's language (`en`, `it`, `es`, `ca`); returns whether it is known.
    #[wasm_bindgen(js_name = setLanguage)]
    pub fn set_language(&mut self, code: &str) -> bool {
        match Lang::from_code(code) {
            Some(lang) => {
                self.board.set_lang(lang);
                true
            }
            None => false,
        }
    }

    /// The board as text for screen readers: one line per square, each stack bottom to top.
    pub fn describe(&self) -> JsValue {
        to_js(&self.board.describe())
    }

    /// Help while playing: marks where a picked-up stack can go.
    #[wasm_bindgen(js_name = setShowTargets)]
    pub fn set_show_targets(&mut self, on: bool) {
        self.board.options.show_targets = on;
        self.board.mark_dirty();
    }

    /// Help while playing: marks the squares that would complete a threatened road.
    #[wasm_bindgen(js_name = setShowThreats)]
    pub fn set_show_threats(&mut self, on: bool) {
        self.board.options.show_threats = on;
        self.board.mark_dirty();
    }

    /// Locks the board while the computer thinks (a press then says so), or unlocks it.
    #[wasm_bindgen(js_name = setThinking)]
    pub fn set_thinking(&mut self, thinking: bool) {
        self.board
            .set_locked(thinking.then(|| super::i18n::Message::new("refuse.thinking")));
    }

    /// Colour-blind-safe pieces: black pieces carry a mark.
    #[wasm_bindgen(js_name = setPatterns)]
    pub fn set_patterns(&mut self, on: bool) {
        self.board.options.patterns = on;
        self.board.mark_dirty();
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
    pub fn hand(&self) -> JsValue {
        match &self.board.gesture {
            super::drag::Gesture::Carry(c) => {
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

/// What the study build adds (`study` feature): games from text, comments and reviews,
/// marks, matches and images. The page loads it when one of these is first wanted; a first
/// visit plays with the smaller build without it.
#[cfg(feature = "study")]
#[wasm_bindgen]
impl TakBoard {
    /// Draws `frames` frames unconditionally and returns the mean time of one, in ms: the
    /// renderer's cost, for the benchmark.
    #[wasm_bindgen(js_name = benchFrame)]
    pub fn bench_frame(&mut self, frames: u32) -> f64 {
        let Some(performance) = web_sys::window().and_then(|w| w.performance()) else {
            return f64::NAN;
        };
        let frames = frames.max(1);
        let start = performance.now();
        for i in 0..frames {
            self.draw(start + i as f64);
        }
        (performance.now() - start) / frames as f64
    }

    /// Sets the comment at `path` (empty: before the first ply). Returns an error message.
    #[wasm_bindgen(js_name = setComment)]
    pub fn set_comment(&mut self, path: JsValue, text: &str) -> Option<String> {
        match read_path(path) {
            Some(p) if self.board.set_comment(&p, text) => None,
            _ => Some("no such ply".into()),
        }
    }

    /// Sets the annotation at `path` (`'`, `''`, `!`, `?`, `!!`, `??`, `!?`, `?!`, their
    /// combinations, or empty). Returns an error message.
    #[wasm_bindgen(js_name = setAnnotation)]
    pub fn set_annotation(&mut self, path: JsValue, text: &str) -> Option<String> {
        match read_path(path) {
            Some(p) => self.board.set_annotation(&p, text).err(),
            None => Some("no such ply".into()),
        }
    }

    /// Writes a review into the current line: `verdicts` is `[{judgement, comment}, ...]`
    /// for its plies from the first. Returns how many plies were marked `?` or `??`.
    #[wasm_bindgen(js_name = applyReview)]
    pub fn apply_review(&mut self, verdicts: JsValue) -> usize {
        let Ok(list) = from_js(&verdicts) else {
            return 0;
        };
        let text = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).unwrap_or("").to_string();
        let pairs: Vec<(String, String)> = list
            .as_array()
            .unwrap_or_default()
            .iter()
            .map(|v| (text(v, "judgement"), text(v, "comment")))
            .collect();
        self.board.apply_review(&pairs)
    }

    /// Starts a match: `{players: [a, b], games: n}` or `{players, points: p}`, with the game
    /// options of `newGameWith`. The first player has white in the first game. Returns an
    /// error message; on error nothing changes.
    #[wasm_bindgen(js_name = startMatch)]
    pub fn start_match(&mut self, options: JsValue) -> Option<String> {
        let result = (|| {
            let (options, config, variants, take_backs) = new_game_settings(options)?;
            let length = match (options.games, options.points) {
                (Some(n), None) if (1..=99).contains(&n) => Length::Games(n),
                (None, Some(p)) if (1..=100_000).contains(&p) => Length::FirstTo(p),
                _ => return Err("a match needs games (1-99) or points (1-100000)".to_string()),
            };
            let players = options
                .players
                .clone()
                .unwrap_or_else(|| ["Player 1".into(), "Player 2".into()]);
            let mut series = Series::new(players, length, config);
            series.variants = variants;
            series.take_backs = take_backs;
            Ok::<_, String>(series)
        })();
        match result {
            Ok(series) => {
                self.board.start_match(series);
                None
            }
            Err(e) => Some(e),
        }
    }

    /// Records the finished game in the match and starts the next. Returns an error message.
    #[wasm_bindgen(js_name = nextGame)]
    pub fn next_game(&mut self) -> Option<String> {
        self.board.next_game().err()
    }

    /// Leaves the match; the game on the board stays.
    #[wasm_bindgen(js_name = endMatch)]
    pub fn end_match(&mut self) {
        self.board.end_match();
    }

    /// The match to keep in local storage, or `null` outside a match.
    #[wasm_bindgen(js_name = matchSave)]
    pub fn match_save(&self) -> Option<String> {
        self.board.series.as_ref().map(Series::save)
    }

    /// Restores a saved match (the game on the board is restored apart). Returns an error
    /// message; on error nothing changes.
    #[wasm_bindgen(js_name = matchRestore)]
    pub fn match_restore(&mut self, text: &str) -> Option<String> {
        match Series::restore(text) {
            Ok(series) => {
                self.board.series = Some(series);
                self.board.mark_dirty();
                None
            }
            Err(e) => Some(e),
        }
    }

    /// The `index`-th (from 0) finished game of the match as PTN, with its match tags.
    #[wasm_bindgen(js_name = matchGamePtn)]
    pub fn match_game_ptn(&self, index: usize) -> Option<String> {
        let series = self.board.series.as_ref()?;
        let played = series.games.get(index)?;
        let mut game = played.game.clone();
        series.tag(&mut game, index + 1, played.white);
        Some(crate::ptn::write_game(&game))
    }

    /// The whole match as PTN: the finished games and the one on the board.
    #[wasm_bindgen(js_name = matchPtn)]
    pub fn match_ptn(&self) -> Option<String> {
        let series = self.board.series.as_ref()?;
        let mut text = series.to_ptn();
        if !series.is_over() {
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(&self.board.ptn());
        }
        Some(text)
    }

    /// Loads a pasted PTN game or TPS position. Returns an error message; on error nothing
    /// changes.
    pub fn load(&mut self, text: &str) -> Option<String> {
        self.board.load_text(text).err()
    }

    /// Restores a saved game. Returns an error message; on error nothing changes.
    pub fn restore(&mut self, text: &str) -> Option<String> {
        storage::restore(&mut self.board, text)
            .err()
            .map(|m| self.board.text(&m))
    }

    /// Shows the position after `plies` (an array of PTN plies from the position shown)
    /// without playing them; `null` ends the preview. Returns an error message.
    #[wasm_bindgen(js_name = setPreview)]
    pub fn set_preview(&mut self, plies: Option<Vec<String>>) -> Option<String> {
        self.board.set_preview(plies.as_deref()).err()
    }

    /// The game's PTN tags as `[[name, value], ...]` (for captions: show them as text).
    pub fn tags(&self) -> JsValue {
        to_js(&self.board.game.tags().to_vec())
    }

    /// Puts marks on the board for the reader (they stay through navigation):
    /// `[{arrow: ['c3', 'e3'], color}, {square: 'd4', color}, {square: 'b2', label: '1'}]`,
    /// colours green (the default), red, blue, yellow, orange, purple. Returns an error
    /// message; on error nothing changes.
    #[wasm_bindgen(js_name = setMarks)]
    pub fn set_marks(&mut self, list: JsValue) -> Option<String> {
        let items = match from_js(&list) {
            Ok(Value::Array(items)) => items,
            _ => {
                return Some("marks must be a list of {arrow}, {square} or {square, label}".into())
            }
        };
        let mut out = Vec::new();
        for item in items {
            match JsMark::read(&item).and_then(|m| m.to_mark()) {
                Ok(m) => out.push(m),
                Err(e) => return Some(e),
            }
        }
        self.board.set_host_marks(out);
        None
    }

    /// Marks from the text forms of URL parameters and attributes (`arrows=c3-e3,a1-a3`,
    /// `highlight=c3,d4:red`, `labels=b2:1`). Returns an error message; on error nothing
    /// changes.
    #[wasm_bindgen(js_name = setMarksText)]
    pub fn set_marks_text(
        &mut self,
        arrows: &str,
        highlight: &str,
        labels: &str,
    ) -> Option<String> {
        let mut out = Vec::new();
        for (text, parse) in [
            (
                arrows,
                marks::parse_arrows as fn(&str) -> Result<Vec<Mark>, String>,
            ),
            (highlight, marks::parse_highlights),
            (labels, marks::parse_labels),
        ] {
            match parse(text) {
                Ok(m) => out.extend(m),
                Err(e) => return Some(e),
            }
        }
        self.board.set_host_marks(out);
        None
    }

    /// The marks shown now, host's and the ply's, as `setMarks` takes them.
    pub fn marks(&self) -> JsValue {
        let list: Vec<JsMark> = self.board.marks().map(JsMark::from_mark).collect();
        to_js(&list)
    }

    /// A right-button press (a mark may follow).
    #[wasm_bindgen(js_name = markDown)]
    pub fn mark_down(&mut self, x: f64, y: f64) {
        self.board.mark_down(Point::new(x, y));
    }

    /// The right button went up: a highlight (same square) or an arrow, in `color`; kept with
    /// the ply shown. Returns whether a mark changed.
    #[wasm_bindgen(js_name = markUp)]
    pub fn mark_up(&mut self, x: f64, y: f64, color: &str) -> bool {
        let color = MarkColor::parse(color).unwrap_or_default();
        self.board.mark_up(Point::new(x, y), color)
    }

    /// The board as shown (at `ply` of the current line if given), as an SVG document of
    /// `width`×`height` CSS pixels, light or dark: the same drawing as the canvas.
    #[wasm_bindgen(js_name = toSvg)]
    pub fn to_svg(&self, width: f64, height: f64, dark: bool, ply: Option<usize>) -> String {
        let mut snap = self.board.snapshot();
        if let Some(p) = ply {
            snap.game.goto(p);
        }
        super::svg::board_svg(
            &snap,
            width.within(16.0, 8192.0),
            height.within(16.0, 8192.0),
            dark,
        )
    }

    /// Draws the board as shown (at `ply` of the current line if given) onto `canvas`, of
    /// `width`×`height` CSS pixels at `ratio`, light or dark: for PNG images.
    #[wasm_bindgen(js_name = drawInto)]
    pub fn draw_into(
        &self,
        canvas: HtmlCanvasElement,
        width: f64,
        height: f64,
        ratio: f64,
        dark: bool,
        ply: Option<usize>,
    ) -> Result<(), JsError> {
        let mut snap = self.board.snapshot();
        if let Some(p) = ply {
            snap.game.goto(p);
        }
        snap.theme = if dark { Theme::DARK } else { Theme::LIGHT };
        snap.resize(
            width.within(16.0, 4096.0),
            height.within(16.0, 4096.0),
            ratio,
        );
        let (w, h) = snap.layout.device_size();
        canvas.set_width(w);
        canvas.set_height(h);
        let ctx = canvas
            .get_context("2d")
            .ok()
            .flatten()
            .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
            .ok_or_else(|| JsError::new("this browser gives no 2D canvas"))?;
        let r = snap.layout.pixel_ratio;
        let _ = ctx.set_transform(r, 0.0, 0.0, r, 0.0, 0.0);
        render::draw(&mut snap, &mut WebCanvas { ctx: &ctx }, 0.0);
        Ok(())
    }
}

/// Plain JSON-like values for the page: `null` for a missing value, arrays for lists.
fn to_js(value: &dyn Json) -> JsValue {
    js_sys::JSON::parse(&value.to_json()).unwrap_or(JsValue::NULL)
}

/// A JSON text already written.
struct Raw(String);

impl Json for Raw {
    fn write_json(&self, out: &mut String) {
        out.push_str(&self.0);
    }
}

/// What a page passed, as JSON (through the browser's own JSON, then read here).
#[cfg(feature = "study")]
fn from_js(value: &JsValue) -> Result<Value, String> {
    let text = js_sys::JSON::stringify(value)
        .ok()
        .and_then(|s| s.as_string())
        .ok_or("a value that is not JSON")?;
    json::parse(&text)
}

/// Joins PNG frames (`Uint8Array`s of the same size) into one looping animated PNG that
/// shows each for `delay_ms`. Throws an error with a message for frames that do not fit.
#[cfg(feature = "study")]
#[wasm_bindgen(js_name = assembleApng)]
pub fn assemble_apng(frames: Vec<js_sys::Uint8Array>, delay_ms: u16) -> Result<Vec<u8>, JsError> {
    let frames: Vec<Vec<u8>> = frames.iter().map(|f| f.to_vec()).collect();
    super::apng::assemble(&frames, delay_ms).map_err(|e| JsError::new(&e))
}

/// The catalogue of a language (`en`, `it`, `es`, `ca`; English for anything else) as an
/// object of `key: text`, for the page's own strings.
#[wasm_bindgen]
pub fn catalogue(code: &str) -> JsValue {
    let lang = Lang::from_code(code).unwrap_or_default();
    let mut out = String::from("{");
    for (i, (k, v)) in i18n::catalogue(lang).iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        k.write_json(&mut out);
        out.push(':');
        v.write_json(&mut out);
    }
    out.push('}');
    to_js(&Raw(out))
}

/// Hands over the catalogue of a language (the text of `www/i18n/<code>.txt`): the board's
/// messages and the names drawn on its canvas use it. Returns whether it was taken.
#[wasm_bindgen(js_name = setCatalogue)]
pub fn set_catalogue(code: &str, text: &str) -> bool {
    Lang::from_code(code).is_some_and(|lang| i18n::set_catalogue(lang, text))
}

/// A mark as the page writes it.
#[cfg(feature = "study")]
#[derive(Default)]
struct JsMark {
    arrow: Option<[String; 2]>,
    square: Option<String>,
    label: Option<String>,
    color: Option<String>,
}

#[cfg(feature = "study")]
impl Json for JsMark {
    fn write_json(&self, out: &mut String) {
        let mut fields: Vec<(&str, &dyn Json)> = Vec::new();
        if let Some(a) = &self.arrow {
            fields.push(("arrow", a));
        }
        if let Some(sq) = &self.square {
            fields.push(("square", sq));
        }
        if let Some(l) = &self.label {
            fields.push(("label", l));
        }
        if let Some(c) = &self.color {
            fields.push(("color", c));
        }
        json::object(out, &fields);
    }
}

#[cfg(feature = "study")]
impl JsMark {
    fn read(v: &Value) -> Result<JsMark, String> {
        let text = |k: &str| v.get(k).and_then(Value::as_str).map(str::to_string);
        let arrow = match v.get("arrow") {
            Some(a) => Some([
                a.index(0)
                    .and_then(Value::as_str)
                    .ok_or("an arrow needs two squares")?
                    .to_string(),
                a.index(1)
                    .and_then(Value::as_str)
                    .ok_or("an arrow needs two squares")?
                    .to_string(),
            ]),
            None => None,
        };
        Ok(JsMark {
            arrow,
            square: text("square"),
            label: text("label"),
            color: text("color"),
        })
    }

    fn to_mark(&self) -> Result<Mark, String> {
        let color = match &self.color {
            Some(c) => MarkColor::parse(c).ok_or_else(|| format!("'{c}' is not a mark colour"))?,
            None => MarkColor::default(),
        };
        if let Some([a, b]) = &self.arrow {
            let mut m = marks::parse_arrows(&format!("{a}-{b}"))?;
            if let Some(Mark::Arrow { color: c, .. }) = m.first_mut() {
                *c = color;
            }
            return m.pop().ok_or_else(|| "an empty arrow".to_string());
        }
        let square = self
            .square
            .as_deref()
            .ok_or("a mark needs an arrow or a square")?;
        let mut m = match &self.label {
            Some(text) => marks::parse_labels(&format!("{square}:{text}"))?,
            None => marks::parse_highlights(square)?,
        };
        if let Some(Mark::Square { color: c, .. }) = m.first_mut() {
            *c = color;
        }
        m.pop().ok_or_else(|| "an empty mark".to_string())
    }

    fn from_mark(m: &Mark) -> JsMark {
        match m {
            Mark::Arrow { from, to, color } => JsMark {
                arrow: Some([from.to_string(), to.to_string()]),
                color: Some(color.name().into()),
                ..JsMark::default()
            },
            Mark::Square { square, color } => JsMark {
                square: Some(square.to_string()),
                color: Some(color.name().into()),
                ..JsMark::default()
            },
            Mark::Label { square, text } => JsMark {
                square: Some(square.to_string()),
                label: Some(text.clone()),
                ..JsMark::default()
            },
        }
    }
}

/// A whole number from the page (`undefined` for anything else).
fn whole_number(v: &JsValue) -> Option<u32> {
    v.as_f64().and_then(json::whole_u32)
}

/// A path in the game tree from the page: an array of small non-negative integers.
fn read_path(value: JsValue) -> Option<Vec<usize>> {
    if !js_sys::Array::is_array(&value) {
        return None;
    }
    let list = js_sys::Array::from(&value);
    if list.length() > 4096 {
        return None;
    }
    list.iter()
        .map(|i| whole_number(&i).map(|n| n as usize))
        .collect()
}

fn parse_kind(kind: &str) -> Option<Kind> {
    match kind {
        "flat" => Some(Kind::Flat),
        "wall" => Some(Kind::Wall),
        "cap" => Some(Kind::Cap),
        _ => None,
    }
}
