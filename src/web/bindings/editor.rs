//! The position editor's handle for the page (`TakEditor`, study build): the pure-Rust
//! [`Editor`] with its messages in the reader's language. The page draws the edited position
//! on an ordinary board (from [`Editor::display_tps`]); nothing is drawn here.

use super::to_js;
use crate::config::Opening;
use crate::web::editor::{Editor, KeyOutcome};
use crate::web::i18n::{Lang, Message};
use crate::{Color, Kind, Piece, Square};
use wasm_bindgen::prelude::*;

// What `key` and `take` answer, for the page's type check (`pkg/*.d.ts`).
#[wasm_bindgen(typescript_custom_section)]
const EDITOR_TYPES: &str = r#"
/** A key on the editor's board (TakEditor.key): whether it was used, and why it was refused. */
export interface EditorKey { handled: boolean; error: string | null; }
/** The position taken (TakEditor.take): its TPS and PTN, or why the rules cannot reach it. */
export interface EditorTaken { tps?: string; ptn?: string; error?: string; }
"#;

#[wasm_bindgen]
pub struct TakEditor {
    editor: Editor,
    lang: Lang,
}

fn color_of(name: &str) -> Color {
    if name == "black" {
        Color::Black
    } else {
        Color::White
    }
}

#[wasm_bindgen]
impl TakEditor {
    /// An empty board of side `size` (3 to 8; another size gives 5), messages in `lang`.
    pub fn empty(size: u8, lang: &str) -> TakEditor {
        TakEditor {
            editor: Editor::empty(size).unwrap_or_else(|_| Editor::empty(5).expect("5 is a size")),
            lang: Lang::from_code(lang).unwrap_or_default(),
        }
    }

    /// The position a board reports (`searchSpec()`: tps, stones, caps, opening); an empty
    /// 5×5 board if it cannot be read.
    #[wasm_bindgen(js_name = fromTps)]
    pub fn from_tps(tps: &str, stones: u8, caps: u8, opening: &str, lang: &str) -> TakEditor {
        let opening = opening.parse::<Opening>().unwrap_or_default();
        let editor = Editor::from_tps(tps, stones, caps, opening)
            .unwrap_or_else(|_| Editor::empty(5).expect("5 is a size"));
        TakEditor {
            editor,
            lang: Lang::from_code(lang).unwrap_or_default(),
        }
    }

    #[wasm_bindgen(js_name = setLang)]
    pub fn set_lang(&mut self, lang: &str) {
        self.lang = Lang::from_code(lang).unwrap_or_default();
    }

    fn said(&self, result: Result<(), Message>) -> Option<String> {
        result.err().map(|m| m.text(self.lang))
    }

    fn square(&self, name: &str) -> Result<Square, Message> {
        name.parse::<Square>()
            .map_err(|_| Message::new("editor.off_board").with("square", name))
    }

    /// Puts the chosen piece on `square` (`c3`). Returns why not, or nothing.
    pub fn place(&mut self, square: &str) -> Option<String> {
        let result = self.square(square).and_then(|s| {
            self.editor.cursor = s;
            self.editor.place(s)
        });
        self.said(result)
    }

    #[wasm_bindgen(js_name = removeTop)]
    pub fn remove_top(&mut self, square: &str) -> Option<String> {
        let result = self.square(square).and_then(|s| {
            self.editor.cursor = s;
            self.editor.remove_top(s)
        });
        self.said(result)
    }

    pub fn clear(&mut self, square: &str) -> Option<String> {
        let result = self.square(square).and_then(|s| {
            self.editor.cursor = s;
            self.editor.clear(s)
        });
        self.said(result)
    }

    #[wasm_bindgen(js_name = clearAll)]
    pub fn clear_all(&mut self) {
        self.editor.clear_all();
    }

    /// Chooses the piece a click puts down: `white`/`black`, `flat`/`wall`/`cap`.
    pub fn choose(&mut self, color: &str, kind: &str) {
        let kind = match kind {
            "wall" => Kind::Wall,
            "cap" => Kind::Cap,
            _ => Kind::Flat,
        };
        self.editor.piece = Piece::new(color_of(color), kind);
    }

    /// Sets whose turn (`white`/`black`) and the move number. Returns why not, or nothing.
    #[wasm_bindgen(js_name = setTurn)]
    pub fn set_turn(&mut self, color: &str, move_number: f64) -> Option<String> {
        let number = if move_number.is_finite() && move_number >= 0.0 {
            move_number.min(u32::MAX as f64) as u32
        } else {
            0
        };
        let result = self.editor.set_turn(color_of(color), number);
        self.said(result)
    }

    /// Sets the stones and capstones per player; a negative count means the size's standard.
    #[wasm_bindgen(js_name = setReserves)]
    pub fn set_reserves(&mut self, stones: i32, caps: i32) -> Option<String> {
        let reserves = if stones < 0 || caps < 0 {
            None
        } else {
            Some((stones.min(255) as u8, caps.min(255) as u8))
        };
        let result = self.editor.set_reserves(reserves);
        self.said(result)
    }

    /// A key on the editor's board: `{handled, error}`.
    #[wasm_bindgen(unchecked_return_type = "EditorKey")]
    pub fn key(&mut self, key: &str) -> JsValue {
        let (handled, error) = match self.editor.key(key) {
            KeyOutcome::Ignored => (false, None),
            KeyOutcome::Changed => (true, None),
            KeyOutcome::Refused(m) => (true, Some(m.text(self.lang))),
        };
        let out = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&out, &"handled".into(), &handled.into());
        let _ = js_sys::Reflect::set(
            &out,
            &"error".into(),
            &error.map_or(JsValue::NULL, JsValue::from),
        );
        out.into()
    }

    /// What the page shows: size, turn, chosen piece, cursor, reserves and the board's TPS.
    #[wasm_bindgen(unchecked_return_type = "EditorStatus")]
    pub fn status(&self) -> JsValue {
        to_js(&self.editor.status())
    }

    /// The position taken: `{tps, ptn}`, or `{error}` saying why the rules cannot reach it.
    #[wasm_bindgen(unchecked_return_type = "EditorTaken")]
    pub fn take(&self) -> JsValue {
        let out = js_sys::Object::new();
        match self.editor.to_tps() {
            Ok(tps) => {
                let _ = js_sys::Reflect::set(&out, &"ptn".into(), &self.editor.ptn(&tps).into());
                let _ = js_sys::Reflect::set(&out, &"tps".into(), &tps.into());
            }
            Err(m) => {
                let _ = js_sys::Reflect::set(&out, &"error".into(), &m.text(self.lang).into());
            }
        }
        out.into()
    }
}
