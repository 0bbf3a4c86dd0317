//! The thin wasm layer: a [`Board`](super::state::Board) with a real canvas, exposed to the
//! page's scripts as `TakBoard`. Every method returns an error value instead of panicking: a
//! panic in wasm would take the whole page down. Each file one concern:
//!
//! - [`canvas`]: the browser's 2D canvas as the renderer's `Canvas`;
//! - [`options`]: what a page passes (mount options, `set(options)`), read and checked;
//! - [`board`]: the `TakBoard` handle of the play build (play, navigate, input, draw, status);
//! - [`study`]: what the study build adds to it (text, comments, reviews, marks, matches,
//!   images);
//! - [`editor`]: the position editor's handle (`TakEditor`, study build);
//! - [`wire`]: the shapes only the page reads (rectangles, marks as written).

mod board;
mod canvas;
#[cfg(feature = "study")]
mod editor;
mod options;
#[cfg(feature = "study")]
mod study;
mod wire;

pub use board::TakBoard;

use super::i18n::{self, Lang};
#[cfg(feature = "study")]
use super::json::Value;
use super::json::{self, Json};
use crate::Kind;
use wasm_bindgen::prelude::*;

/// Plain JSON-like values for the page: `null` for a missing value, arrays for lists.
pub(super) fn to_js(value: &dyn Json) -> JsValue {
    js_sys::JSON::parse(&value.to_json()).unwrap_or(JsValue::NULL)
}

pub(super) use crate::web::json::Raw;

/// What a page passed, as JSON (through the browser's own JSON, then read here).
#[cfg(feature = "study")]
pub(super) fn from_js(value: &JsValue) -> Result<Value, String> {
    let text = js_sys::JSON::stringify(value)
        .ok()
        .and_then(|s| s.as_string())
        .ok_or("a value that is not JSON")?;
    json::parse(&text)
}

/// The catalogue of a language (`en`, `it`, `es`, `ca`; English for anything else) as an
/// object of `key: text`, for the page's own strings.
#[wasm_bindgen(unchecked_return_type = "Record<string, string>")]
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

/// Today by the browser's clock, for the `Date` of the games the page starts.
pub(super) fn set_today(sitting: &mut super::record::Sitting) {
    let now = js_sys::Date::new_0();
    sitting.set_today(now.get_full_year(), now.get_month() + 1, now.get_date());
}

/// A whole number from the page (`undefined` for anything else).
pub(super) fn whole_number(v: &JsValue) -> Option<u32> {
    v.as_f64().and_then(json::whole_u32)
}

/// A place in the game tree from the page: a ply's handle (the `id` of a move-list item),
/// or a path (an array of small non-negative integers; empty: the start).
pub(super) fn read_path(game: &crate::Game, value: JsValue) -> Option<Vec<usize>> {
    if let Some(n) = whole_number(&value) {
        let id = crate::game::NodeId::from_u32(n);
        return game.contains(id).then(|| game.path_of(id));
    }
    if !js_sys::Array::is_array(&value) {
        return None;
    }
    let list = js_sys::Array::from(&value);
    if list.length() as usize > crate::game::MAX_PLIES {
        return None;
    }
    list.iter()
        .map(|i| whole_number(&i).map(|n| n as usize))
        .collect()
}

pub(super) fn parse_kind(kind: &str) -> Option<Kind> {
    match kind {
        "flat" => Some(Kind::Flat),
        "wall" => Some(Kind::Wall),
        "cap" => Some(Kind::Cap),
        _ => None,
    }
}
