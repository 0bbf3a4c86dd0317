//! What the study build adds to `TakBoard` (`study` feature): games from text, comments and
//! reviews, marks, matches and images. The page loads it when one of these is first wanted;
//! a first visit plays with the smaller build without it.

use super::board::TakBoard;
use super::canvas::{context_2d, WebCanvas};
use super::options::new_game_settings;
use super::wire::JsMark;
use super::{from_js, read_path, to_js};
use crate::series::Series;
use crate::web::drag::Gesture;
use crate::web::i18n::Message;
use crate::web::json::Value;
use crate::web::layout::Point;
use crate::web::library;
use crate::web::loading::Loading;
use crate::web::marks::{self, Mark, MarkColor};
use crate::web::render;
use crate::web::storage;
use crate::web::theme::Theme;
use crate::web::Within;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

/// A pasted text being read a slice at a time ([`Loading`]), by [`TakBoard::load_step`].
#[wasm_bindgen]
pub struct TakLoading(Loading);

#[wasm_bindgen]
impl TakLoading {
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str) -> TakLoading {
        TakLoading(Loading::new(text))
    }

    /// How far the reading has got, from 0 to 1 (1 once it is over).
    pub fn progress(&self) -> f64 {
        self.0.progress()
    }
}

/// A saved game being read a slice at a time ([`storage::Restoring`]), by
/// [`TakBoard::restore_step`]. What is wrong with the lines before the game is kept for the
/// first step to say. With `link`, the save came in a shared link: its errors are the link's.
#[wasm_bindgen]
pub struct TakRestoring(Result<storage::Restoring, Message>, bool);

#[wasm_bindgen]
impl TakRestoring {
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str, link: Option<bool>) -> TakRestoring {
        TakRestoring(storage::Restoring::new(text), link == Some(true))
    }

    /// How far the reading has got, from 0 to 1 (1 once it is over).
    pub fn progress(&self) -> f64 {
        self.0.as_ref().map_or(1.0, storage::Restoring::progress)
    }
}

#[wasm_bindgen]
impl TakBoard {
    /// Draws `frames` frames unconditionally and returns the mean time of one, in ms: the
    /// renderer's cost, for the benchmark. With `moving` and a stack being spread, each
    /// frame follows a move of the pointer, back to the stack's square and out again in
    /// turn: the squares the spread touches change, and the frame repaints them. With
    /// `fresh` too, the squares' kept pictures are let go before each frame: every frame
    /// paints what changed as if it had never been shown.
    #[wasm_bindgen(js_name = benchFrame)]
    pub fn bench_frame(&mut self, frames: u32, moving: Option<bool>, fresh: Option<bool>) -> f64 {
        let Some(performance) = web_sys::window().and_then(|w| w.performance()) else {
            return f64::NAN;
        };
        let spread = match &self.board.gesture {
            Gesture::Carry(c) if c.dir.is_some() && moving == Some(true) => {
                Some((c.pointer, self.board.layout.square_rect(c.from).center()))
            }
            _ => None,
        };
        let frames = frames.max(1);
        let start = performance.now();
        for i in 0..frames {
            if let Some((out, home)) = spread {
                self.board.pointer_move(if i % 2 == 0 { home } else { out });
            }
            if fresh == Some(true) {
                self.squares.forget_pictures();
            }
            self.draw(start + i as f64);
        }
        (performance.now() - start) / frames as f64
    }

    /// A file name for the game's PTN, from its players and date (the play build's
    /// board moves over for a download).
    #[wasm_bindgen(js_name = ptnFileName)]
    pub fn ptn_file_name(&self) -> String {
        self.board.ptn_file_name()
    }

    /// Makes the line through `path` the main line. Editing the tree is the study build's:
    /// a first visit seldom promotes or deletes a line, and its board moves over when it does.
    pub fn promote(&mut self, path: JsValue) -> bool {
        read_path(&self.board.record.game, path).is_some_and(|p| self.board.promote(&p))
    }

    /// Deletes the ply at `path` and everything after it.
    #[wasm_bindgen(js_name = deleteLine)]
    pub fn delete_line(&mut self, path: JsValue) -> bool {
        read_path(&self.board.record.game, path)
            .is_some_and(|p| !p.is_empty() && self.board.delete(&p))
    }

    /// Sets the comment at `path` (empty: before the first ply). Returns an error message.
    #[wasm_bindgen(js_name = setComment)]
    pub fn set_comment(&mut self, path: JsValue, text: &str) -> Option<String> {
        let Some(p) = read_path(&self.board.record.game, path) else {
            return Some(self.board.text(&Message::new("notes.no_ply")));
        };
        self.board
            .set_comment(&p, text)
            .err()
            .map(|m| self.board.text(&m))
    }

    /// Sets the annotation at `path` (`'`, `''`, `!`, `?`, `!!`, `??`, `!?`, `?!`, their
    /// combinations, or empty). Returns an error message.
    #[wasm_bindgen(js_name = setAnnotation)]
    pub fn set_annotation(&mut self, path: JsValue, text: &str) -> Option<String> {
        match read_path(&self.board.record.game, path) {
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
    /// options of `newGameWith` (`clock`: every game's clocks). The first player has white in the first game. Returns an
    /// error message; on error nothing changes.
    #[wasm_bindgen(js_name = startMatch)]
    pub fn start_match(&mut self, options: JsValue) -> Option<String> {
        let result = new_game_settings(&options).and_then(|(options, settings)| {
            let mut series = Series::checked(
                options.players,
                options.games,
                options.points,
                settings.rules,
            )?;
            series.settings = settings;
            Ok(series)
        });
        match result {
            Ok(series) => {
                super::set_today(&mut self.board.record.sitting);
                self.at_now().start_match(series);
                None
            }
            Err(e) => Some(e),
        }
    }

    /// Shows finished game `number` (from 1) of the match from its start; the game being
    /// played is kept aside until `backToMatch()`. Returns whether there is such a game.
    #[wasm_bindgen(js_name = viewMatchGame)]
    pub fn view_match_game(&mut self, number: usize) -> bool {
        self.board.view_match_game(number)
    }

    /// Back from a finished game of the match to the game being played.
    #[wasm_bindgen(js_name = backToMatch)]
    pub fn back_to_match(&mut self) -> bool {
        self.board.back_to_match()
    }

    /// The text to keep in local storage: the game being played, also while a finished game
    /// of its match is shown.
    #[wasm_bindgen(js_name = saveToKeep)]
    pub fn save_to_keep(&self) -> String {
        storage::save_to_keep(&self.board.record, self.board.now, self.board.clock_hold)
    }

    /// What the game library lists for the game kept (the one being played, also while a
    /// finished game of its match is shown): `{white, black, size, plies, toMove, result,
    /// tps, date, tags}`. The study build's: a first visit's game is summed up later.
    #[wasm_bindgen(unchecked_return_type = "GameSummary")]
    pub fn summary(&self) -> JsValue {
        to_js(&library::summarize(self.board.record.game_to_keep()))
    }

    /// Records the finished game in the match and starts the next. Returns an error message.
    #[wasm_bindgen(js_name = nextGame)]
    pub fn next_game(&mut self) -> Option<String> {
        super::set_today(&mut self.board.record.sitting);
        self.at_now().next_game().err()
    }

    /// Leaves the match; the game on the board stays.
    #[wasm_bindgen(js_name = endMatch)]
    pub fn end_match(&mut self) {
        self.board.end_match();
    }

    /// The match to keep in local storage, or `null` outside a match.
    #[wasm_bindgen(js_name = matchSave)]
    pub fn match_save(&self) -> Option<String> {
        self.board.record.series.as_ref().map(Series::save)
    }

    /// Restores a saved match (the game on the board is restored apart). Returns an error
    /// message; on error nothing changes.
    #[wasm_bindgen(js_name = matchRestore)]
    pub fn match_restore(&mut self, text: &str) -> Option<String> {
        match Series::restore(text) {
            Ok(series) => {
                self.board.record.series = Some(series);
                self.board.mark_dirty();
                None
            }
            Err(e) => Some(e),
        }
    }

    /// The `index`-th (from 0) finished game of the match as PTN, with its match tags.
    #[wasm_bindgen(js_name = matchGamePtn)]
    pub fn match_game_ptn(&self, index: usize) -> Option<String> {
        self.board.record.series.as_ref()?.game_ptn(index)
    }

    /// The whole match as PTN: the finished games and the one on the board.
    #[wasm_bindgen(js_name = matchPtn)]
    pub fn match_ptn(&self) -> Option<String> {
        let series = self.board.record.series.as_ref()?;
        Some(series.ptn_with(&self.board.record.game))
    }

    /// Loads a pasted PTN game or TPS position. Returns an error message; on error nothing
    /// changes.
    pub fn load(&mut self, text: &str) -> Option<String> {
        self.at_now().load_text(text).err()
    }

    /// The game as PTN to copy or download: the computer's evaluations (a review's
    /// comments) left out unless `evaluations`.
    #[wasm_bindgen(js_name = ptnToExport)]
    pub fn ptn_to_export(&self, evaluations: bool) -> String {
        self.board.ptn_to_export(evaluations)
    }

    /// Reads up to `budget` more tokens of `loading` (a pasted text being read a slice at a
    /// time); once it is all read, the game replaces this board's. Returns an error message
    /// (nothing changes then); `loading.progress()` is 1 once the reading is over.
    #[wasm_bindgen(js_name = loadStep)]
    pub fn load_step(&mut self, loading: &mut TakLoading, budget: usize) -> Option<String> {
        match loading.0.step(budget) {
            Ok(None) => None,
            Ok(Some(game)) => {
                self.at_now().load(game);
                None
            }
            Err(message) => Some(self.board.text(&message)),
        }
    }

    /// Reads up to `budget` more tokens of `restoring` (a save being read a slice at a time);
    /// once it is all read, the saved game replaces this board's. Returns an error message
    /// (nothing changes then: the page sets the save aside); `restoring.progress()` is 1 once
    /// the reading is over.
    #[wasm_bindgen(js_name = restoreStep)]
    pub fn restore_step(&mut self, restoring: &mut TakRestoring, budget: usize) -> Option<String> {
        let step = match &mut restoring.0 {
            Ok(reading) => reading.step(budget),
            Err(message) => Err(message.clone()),
        };
        match step {
            Ok(None) => None,
            Ok(Some(saved)) => {
                self.at_now().show_saved(saved);
                None
            }
            Err(message) if restoring.1 => Some(self.board.text(&storage::told_of_link(message))),
            Err(message) => Some(self.board.text(&message)),
        }
    }

    /// Restores a saved game (with `link`, one that came in a shared link: the error is
    /// told of the link). Returns an error message; on error nothing changes.
    pub fn restore(&mut self, text: &str, link: Option<bool>) -> Option<String> {
        self.at_now().restore(text).err().map(|m| {
            let m = if link == Some(true) {
                storage::told_of_link(m)
            } else {
                m
            };
            self.board.text(&m)
        })
    }

    /// Shows the position after `plies` (an array of PTN plies from the position shown)
    /// without playing them; `null` ends the preview. Returns an error message.
    #[wasm_bindgen(js_name = setPreview)]
    pub fn set_preview(&mut self, plies: Option<Vec<String>>) -> Option<String> {
        self.board.set_preview(plies.as_deref()).err()
    }

    /// The game's PTN tags as `[[name, value], ...]` (for captions: show them as text).
    #[wasm_bindgen(unchecked_return_type = "[string, string][]")]
    pub fn tags(&self) -> JsValue {
        to_js(&self.board.record.game.tags().to_vec())
    }

    /// Puts marks on the board for the reader (they stay through navigation):
    /// `[{arrow: ['c3', 'e3'], color}, {square: 'd4', color}, {square: 'b2', label: '1'}]`,
    /// colours green (the default), red, blue, yellow, orange, purple. Returns an error
    /// message; on error nothing changes.
    #[wasm_bindgen(js_name = setMarks)]
    pub fn set_marks(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Mark[]")] list: JsValue,
    ) -> Option<String> {
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

    /// Draws `ply` (PTN, legal in the position shown) in `color` as the reader's marks: an
    /// arrow for a spread, a highlight for a placement (a puzzle shows the defence that
    /// refutes a wrong try so). Returns an error message; on error nothing changes.
    #[wasm_bindgen(js_name = showMove)]
    pub fn show_move(&mut self, ply: &str, color: &str) -> Option<String> {
        let mv: crate::Move = match ply.parse() {
            Ok(mv) => mv,
            Err(e) => return Some(format!("'{ply}': {e}")),
        };
        if let Err(e) = self.board.position().check(mv) {
            return Some(format!("'{ply}': {e}"));
        }
        let color = MarkColor::parse(color).unwrap_or_default();
        let size = self.board.position().size();
        self.board
            .set_host_marks(vec![Mark::of_move(mv, size, color)]);
        None
    }

    /// The marks shown now, host's and the ply's, as `setMarks` takes them.
    #[wasm_bindgen(unchecked_return_type = "Mark[]")]
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
            snap.record.game.goto(p);
        }
        crate::web::svg::board_svg(
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
            snap.record.game.goto(p);
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
        let ctx =
            context_2d(&canvas).ok_or_else(|| JsError::new("this browser gives no 2D canvas"))?;
        let r = snap.layout.pixel_ratio;
        let _ = ctx.set_transform(r, 0.0, 0.0, r, 0.0, 0.0);
        let mut canvas = WebCanvas {
            ctx: &ctx,
            layer: None,
            ratio: r,
        };
        render::draw(&mut snap, &mut canvas, 0.0);
        Ok(())
    }
}

/// Joins PNG frames (`Uint8Array`s of the same size) into one looping animated PNG that
/// shows each for `delay_ms`. Throws an error with a message for frames that do not fit.
#[wasm_bindgen(js_name = assembleApng)]
pub fn assemble_apng(frames: Vec<js_sys::Uint8Array>, delay_ms: u16) -> Result<Vec<u8>, JsError> {
    let frames: Vec<Vec<u8>> = frames.iter().map(|f| f.to_vec()).collect();
    crate::web::apng::assemble(&frames, delay_ms).map_err(|e| JsError::new(&e))
}

/// The library's reading of texts that are not on a board (My games): in the reader's
/// language `lang`, errors thrown as an `Error` with the message in words.
fn library_error(message: Message, lang: &str) -> JsError {
    JsError::new(&message.text(crate::web::i18n::Lang::from_code(lang).unwrap_or_default()))
}

// What `importGames` and `friendReceive` answer, for the page's type check (`pkg/*.d.ts`):
// the fields written below, by the same names.
#[wasm_bindgen(typescript_custom_section)]
const LIBRARY_TYPES: &str = r#"
/**
 * A game of an imported PTN file, to keep as its own entry (importGames): its save, its
 * summary, its match's save (or null), and the entry's fields its file kept (web/library.rs
 * `Kept`: id, name, dates, who plays, its friend game).
 */
export interface ImportedGame { save: string; summary: GameSummary; match: string | null; fields: Record<string, any>; }
/** A game of an imported file that cannot be read: its number in the file and why. */
export interface RefusedGame { game: number; why: string; }
/** What a PTN file gives My games (importGames): its puzzles of the player's mistakes too. */
export interface ImportReport { games: ImportedGame[]; puzzles: KeptPuzzle[]; refused: RefusedGame[]; }
/** A puzzle of the player's own mistake, as www/practice-store.js keeps it (web/kept_puzzle.rs). */
export interface KeptPuzzle {
    id: string;
    tps: string;
    settings: GameSettings;
    side: 'white' | 'black';
    played: string;
    better: string;
    judgement: '??' | '?';
    ply: number;
    moveNumber: number;
    gameId: string | null;
    gameName: string;
    created: number;
    schedule: { step: number; due: number | null };
    tries: { at: number; solved: boolean }[];
}
/**
 * A friend's link read (friendReceive), compared with the game kept; or refused, with
 * `refused` (damaged, check, illegal, other or kept) and `why`, and no other field.
 */
export interface FriendReceived {
    refused?: string;
    why?: string;
    verdict: 'new' | 'same' | 'newer' | 'older' | 'forked';
    id: string;
    plies: number;
    from: 'white' | 'black';
    offerDraw: boolean;
    days: number | null;
    sent: number | null;
    toMove: 'white' | 'black';
    over: string | null;
    save: string | null;
    variation: number[];
    /** When the link came: when it was sent, not after now. */
    came: number;
    /** The draw it offers this device (the sender's side), or null. */
    theirOffer: 'white' | 'black' | null;
    /** The fork that waits for this device's answer after it (src/web/friend.rs `fork_after`). */
    fork: { path: number[]; at: number | null; offer: 'white' | 'black' | null } | null;
}
"#;

/// The games of a PTN file of one or many games, each as `{save, summary, match, fields}` to
/// keep as its own entry, and the games that cannot be read, each as `{game, why}` (the
/// others are kept). Throws, in words, for a file with nothing to read or too many games.
#[wasm_bindgen(js_name = importGames, unchecked_return_type = "ImportReport")]
pub fn import_games(text: &str, lang: &str) -> Result<JsValue, JsError> {
    use crate::web::json::{object, Json};
    let report = library::import(text).map_err(|m| library_error(m, lang))?;
    let language = crate::web::i18n::Lang::from_code(lang).unwrap_or_default();
    let mut out = String::from("{\"games\":[");
    for (i, imported) in report.games.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let save = storage::save_game(&imported.game);
        let summary = super::Raw(library::summarize(&imported.game).to_json());
        let series = imported.series.as_ref().map(Series::save);
        let mut fields = String::new();
        imported.kept.write_json(&mut fields);
        let fields = super::Raw(fields);
        object(
            &mut out,
            &[
                ("save", &save),
                ("summary", &summary),
                ("match", &series),
                ("fields", &fields),
            ],
        );
    }
    out.push_str("],\"puzzles\":");
    report.puzzles.write_json(&mut out);
    out.push_str(",\"refused\":[");
    for (i, refused) in report.refused.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        object(
            &mut out,
            &[
                ("game", &refused.number),
                ("why", &refused.why.text(language)),
            ],
        );
    }
    out.push_str("]}");
    Ok(to_js(&super::Raw(out)))
}

/// Whether two kept saves hold the same game, whatever ply each shows (a file imported again
/// is recognised by it).
#[wasm_bindgen(js_name = sameGame)]
pub fn same_game(a: &str, b: &str) -> bool {
    library::same_game(a, b)
}

/// The summary of a kept game's save (see `TakBoard.summary`), or `null` for a damaged save.
#[wasm_bindgen(js_name = summarizeSave, unchecked_return_type = "GameSummary | null")]
pub fn summarize_save(save: &str) -> JsValue {
    match super::super::storage::read_save(save) {
        Ok(game) => to_js(&library::summarize(&game)),
        Err(_) => JsValue::NULL,
    }
}

/// A kept game as a PTN file, `[text, fileName]`: its save, its match's save (or null) and
/// what its entry keeps besides (`entry`: its name, dates, who plays, its friend game),
/// written as tags that importGames reads back. Throws for a damaged save.
#[wasm_bindgen(js_name = exportEntry)]
pub fn export_entry(
    save: &str,
    series: Option<String>,
    entry: JsValue,
    lang: &str,
) -> Result<Vec<String>, JsError> {
    let entry = from_js(&entry).unwrap_or(Value::Null);
    let (ptn, name) =
        library::export(save, &entry, series.as_deref()).map_err(|m| library_error(m, lang))?;
    Ok(vec![ptn, name])
}

/// A list row's picture of the position `tps`, `px` wide, as an SVG document (empty for a
/// position that cannot be read).
#[wasm_bindgen]
pub fn thumbnail(tps: &str, px: f64, dark: bool) -> String {
    library::thumbnail(tps, px, dark).unwrap_or_default()
}

/// The text of a friend game's link (`www/friend.js` packs it into `#f=…`): the main line
/// of the kept save `save`, under game id `id`, sent by `from` (`white` or `black`), with a
/// draw offer, days per move (0: no clock) and the time sent. Throws for a damaged save.
#[wasm_bindgen(js_name = friendLink)]
pub fn friend_link(
    save: &str,
    id: &str,
    from: &str,
    offer_draw: bool,
    days: u32,
    sent: f64,
) -> Result<String, JsError> {
    use crate::web::friend::{self, Sent};
    let game = super::super::storage::read_save(save).map_err(|m| library_error(m, "en"))?;
    let sent = Sent {
        id: id.to_string(),
        from: if from == "black" {
            crate::Color::Black
        } else {
            crate::Color::White
        },
        offer_draw,
        days: (days > 0).then_some(days.min(friend::MAX_DAYS)),
        sent: (sent.is_finite() && sent > 0.0).then_some(sent),
    };
    Ok(friend::write_link(&game, &sent))
}

/// What a friend game's link does to the game kept (`kept`: its save, or none when this
/// device does not have that game; `friend`: its entry's friend state, or null; `now`: the
/// time, ms since 1970), all checked before anything is kept: `{refused, why}` (refused:
/// `damaged`, `check`, `illegal`, `other`, `kept`), or `{verdict, id, plies, from, offerDraw,
/// days, sent, toMove, over, save, variation, came, theirOffer, fork}` where `verdict` is
/// `new`, `same`, `newer`, `older` or `forked`, `save` the game to keep and show (none for
/// same and older: nothing changes), `variation` the path of a fork's first ply, and `fork`
/// the fork that waits for this device's answer afterwards.
#[wasm_bindgen(js_name = friendReceive, unchecked_return_type = "FriendReceived")]
pub fn friend_receive(text: &str, kept: Option<String>, friend: JsValue, now: f64) -> JsValue {
    use crate::web::friend;
    use crate::web::json::{object, Json, Raw};
    let mut out = String::new();
    let r = match friend::receive(text, kept.as_deref()) {
        Ok(r) => r,
        Err(e) => {
            let why = match &e {
                friend::Refusal::Illegal(w) => w.as_str(),
                _ => "",
            };
            object(&mut out, &[("refused", &e.code()), ("why", &why)]);
            return to_js(&Raw(out));
        }
    };
    let state = from_js(&friend)
        .ok()
        .and_then(|v| friend::State::from_json(&v).ok());
    let side = state.as_ref().map_or(friend::Side::Watch, |s| s.side);
    let now = if now.is_finite() && now > 0.0 {
        now as u64
    } else {
        0
    };
    let fork = r
        .fork_after(state.as_ref().and_then(|s| s.fork.as_ref()), side, now)
        .map(|f| {
            let mut text = String::new();
            let offer = f.offer.map(friend::side_name);
            object(
                &mut text,
                &[("path", &f.path), ("at", &f.at), ("offer", &offer)],
            );
            Raw(text)
        });
    let link = &r.link;
    let (end, outcome) = link.game.main_line_end();
    let to_move = friend::side_name(end.to_move());
    let over = outcome.map(crate::Outcome::ptn_result);
    let from = friend::side_name(link.sent.from);
    let came = r.came(now);
    let their_offer = r.their_offer(side).map(friend::side_name);
    let fields: [(&str, &dyn Json); 14] = [
        ("verdict", &r.verdict),
        ("id", &link.id),
        ("plies", &link.plies),
        ("from", &from),
        ("offerDraw", &link.sent.offer_draw),
        ("days", &link.sent.days),
        ("sent", &link.sent.sent),
        ("toMove", &to_move),
        ("over", &over),
        ("save", &r.save),
        ("variation", &r.variation),
        ("came", &came),
        ("theirOffer", &their_offer),
        ("fork", &fork),
    ];
    object(&mut out, &fields);
    to_js(&Raw(out))
}

/// The kept save `save` with its players named `white` and `black` (a friend game's names,
/// set when it starts; an empty name leaves that tag as it is). Throws for a damaged save.
#[wasm_bindgen(js_name = friendNamed)]
pub fn friend_named(save: &str, white: &str, black: &str) -> Result<String, JsError> {
    let mut game = super::super::storage::read_save(save).map_err(|m| library_error(m, "en"))?;
    for (tag, name) in [("Player1", white), ("Player2", black)] {
        let name: String = name
            .chars()
            .filter(|c| !c.is_control() && *c != '"')
            .take(40)
            .collect();
        if !name.trim().is_empty() {
            game.set_tag(tag, name.trim());
        }
    }
    Ok(storage::save_game(&game))
}

/// A puzzle of the player's own mistake (as `www/practice-store.js` keeps it) as a PTN "game"
/// for a library file ([`crate::web::kept_puzzle`]); throws, with why, for a damaged one.
#[wasm_bindgen(js_name = exportPuzzle)]
pub fn export_puzzle(
    #[wasm_bindgen(unchecked_param_type = "KeptPuzzle")] puzzle: JsValue,
) -> Result<String, JsError> {
    use crate::web::kept_puzzle::KeptPuzzle;
    let value = from_js(&puzzle).map_err(|e| JsError::new(&e))?;
    let puzzle = KeptPuzzle::read(&value).map_err(|e| JsError::new(&e))?;
    Ok(puzzle.to_ptn())
}

/// The player's figures for the progress page ([`crate::web::progress`]): `games` as the page
/// reads them from My games (`PlayedGame[]`), rated against `levels` (`www/levels.json`'s
/// text). Levels that cannot be read rate nothing; a game that cannot be read is left out.
#[wasm_bindgen(js_name = progressFigures, unchecked_return_type = "Figures")]
pub fn progress_figures(
    #[wasm_bindgen(unchecked_param_type = "PlayedGame[]")] games: JsValue,
    levels: &str,
) -> JsValue {
    use crate::web::progress;
    let games = from_js(&games)
        .map(|v| progress::read_games(&v))
        .unwrap_or_default();
    let levels = progress::LevelRatings::read(levels).unwrap_or_default();
    to_js(&progress::figures(&games, &levels))
}

// What `progressFigures` takes and answers (web/progress.rs), for the page's type check.
#[wasm_bindgen(typescript_custom_section)]
const PROGRESS_TYPES: &str = r#"
/** A game the player played, from its entry in My games (web/progress.rs `Played`). */
export interface PlayedGame {
    at: number;
    size: number;
    you: 'white' | 'black';
    opponent: 'computer' | 'friend';
    level?: number;
    result: string | null;
    opening: string;
    mistakes: number | null;
    rated: boolean;
}
export interface RatingPoint { at: number; rating: number; deviation: number; size: number; level: number; score: number; }
export interface Tally { key: string; size: number; games: number; won: number; drawn: number; lost: number; }
export interface MistakePoint { at: number; mistakes: number; }
/** The progress page's figures (progressFigures). */
export interface Figures {
    games: number;
    rating: RatingPoint[];
    bySize: Tally[];
    byColour: Tally[];
    byOpponent: Tally[];
    openings: Tally[];
    mistakes: MistakePoint[];
}
"#;
