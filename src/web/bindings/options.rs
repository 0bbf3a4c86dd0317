//! What a page passes: the options of `new TakBoard(canvas, options)`, `newGameWith` and
//! `startMatch`, and of `set(options)`, read field by field from the JS object (so that the
//! first visit's build carries no JSON reader) and checked: a key given with the wrong kind
//! of value is refused, never ignored.

use super::super::json;
use super::super::mount::game_settings;
pub(super) use super::super::mount::{start_game, MountOptions};
use super::whole_number;
use crate::settings::{Field, GameSettings, SettingsValue};
use wasm_bindgen::JsValue;

/// The fields of an options object, each read as the kind it must be.
struct Fields<'a>(&'a JsValue);

impl Fields<'_> {
    /// The fields of `options` (an object, or nothing: `None`).
    fn of(options: &JsValue) -> Result<Option<Fields<'_>>, String> {
        if options.is_undefined() || options.is_null() {
            return Ok(None);
        }
        if !options.is_object() || js_sys::Array::is_array(options) {
            return Err("the options must be an object".into());
        }
        Ok(Some(Fields(options)))
    }

    fn field(&self, k: &str) -> Option<JsValue> {
        js_sys::Reflect::get(self.0, &JsValue::from_str(k))
            .ok()
            .filter(|v| !v.is_undefined() && !v.is_null())
    }

    // Each reads field `k` into `slot` (which a field not given leaves as it is): one call
    // a field, so that the readers below stay small in the first visit's wasm.

    fn text(&self, k: &str, slot: &mut Option<String>) -> Result<(), String> {
        if let Some(v) = self.field(k) {
            *slot = Some(v.as_string().ok_or_else(|| format!("{k} must be a text"))?);
        }
        Ok(())
    }

    fn flag(&self, k: &str, slot: &mut Option<bool>) -> Result<(), String> {
        if let Some(v) = self.field(k) {
            *slot = Some(
                v.as_bool()
                    .ok_or_else(|| format!("{k} must be true or false"))?,
            );
        }
        Ok(())
    }

    fn count(&self, k: &str, slot: &mut Option<u32>) -> Result<(), String> {
        if let Some(v) = self.field(k) {
            *slot = Some(whole_number(&v).ok_or_else(|| format!("{k} must be a whole number"))?);
        }
        Ok(())
    }

    /// The game's settings given among these fields, each where it is given (a
    /// [`SettingsValue`]'s fields, by their names there): a whole number for a count, a
    /// text or a number for the others (komi `2` or `"2.5"`). `lower`: each under its name in
    /// lower case (a page's parameters).
    fn settings(&self, value: &mut SettingsValue, lower: bool) -> Result<(), String> {
        let mut result = Ok(());
        value.fields(|name, field| {
            if result.is_err() {
                return;
            }
            let lowered;
            let k = if lower {
                lowered = name.to_ascii_lowercase();
                &lowered
            } else {
                name
            };
            result = match field {
                Field::Count(slot) => {
                    let mut n = None;
                    let read = self.count(k, &mut n);
                    if let Some(n) = n {
                        *slot = n.min(255) as u8;
                    }
                    read
                }
                Field::MaybeCount(slot) => {
                    let mut n = None;
                    let read = self.count(k, &mut n);
                    if let Some(n) = n {
                        *slot = Some(n.min(255) as u8);
                    }
                    read
                }
                // One reader for both (the first visit's build): a number given for a word
                // is read as its text, and refused by the setting's own check.
                Field::Text(slot) | Field::Number(slot) => match self.field(k) {
                    None => Ok(()),
                    Some(v) => match (v.as_string(), v.as_f64()) {
                        (Some(text), _) => {
                            *slot = text;
                            Ok(())
                        }
                        (None, Some(n)) if n.is_finite() => {
                            slot.clear();
                            json::fixed(slot, n, 1);
                            Ok(())
                        }
                        _ => Err(format!("{k} must be a text")),
                    },
                },
            };
        });
        result
    }
}

impl MountOptions {
    /// Reads the options a page passed (an object, or nothing).
    pub(super) fn read(options: &JsValue) -> Result<MountOptions, String> {
        let Some(f) = Fields::of(options)? else {
            return Ok(MountOptions::default());
        };
        let players = match f.field("players") {
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
        let mut o = MountOptions {
            players,
            ..MountOptions::default()
        };
        f.settings(&mut o.settings, false)?;
        // A page's parameters (the embed's URL, `<tak-board>`'s attributes, their digits made
        // numbers by the page): the game's settings among them under their names in lower
        // case (`takebacks`; an attribute's dashes taken out), the others ignored.
        if let Some(params) = f.field("params") {
            Fields::of(&params)?.map_or(Ok(()), |p| p.settings(&mut o.settings, true))?;
        }
        let mut games = None;
        f.text("tps", &mut o.tps)?;
        f.text("ptn", &mut o.ptn)?;
        f.flag("interactive", &mut o.interactive)?;
        f.flag("animate", &mut o.animate)?;
        f.flag("showTargets", &mut o.show_targets)?;
        f.flag("coordinates", &mut o.coordinates)?;
        f.flag("patterns", &mut o.patterns)?;
        f.flag("showThreats", &mut o.show_threats)?;
        f.flag("flip", &mut o.flip)?;
        f.text("lang", &mut o.lang)?;
        f.count("games", &mut games)?;
        f.count("points", &mut o.points)?;
        f.text("site", &mut o.site)?;
        o.games = games.map(|n| n.min(255) as u8);
        Ok(o)
    }
}

/// What `set(options)` may change on a board that is already there. Every field is optional;
/// what is not given stays as it is.
#[derive(Default)]
pub(super) struct Settings {
    pub interactive: Option<bool>,
    pub show_targets: Option<bool>,
    pub show_threats: Option<bool>,
    pub patterns: Option<bool>,
    /// The board seen from Black's side (a view: the game does not change).
    pub flip: Option<bool>,
    /// Dark or light colours.
    pub dark: Option<bool>,
    /// The computer is thinking: a press says so instead of playing.
    pub thinking: Option<bool>,
    /// Keep the reserves above and below the board unless the canvas is clearly wide.
    pub prefer_portrait: Option<bool>,
    /// A ply played where the line went on differently becomes the main line.
    pub played_line_is_main: Option<bool>,
    /// The language of messages and of the canvas (`en`, `it`, `es`, `ca`).
    pub lang: Option<String>,
    /// Against the computer: its colour (`white`, `black`, or `none` for a game between
    /// people) and level (1 to 6).
    pub computer: Option<String>,
    pub level: Option<u32>,
    /// The page's name or address, for the `Site` of the games it starts.
    pub site: Option<String>,
    /// The page holds the game clocks (a dialog is open, the tab hidden).
    pub clock_hold: Option<bool>,
}

impl Settings {
    /// Reads what a page passed to `set`.
    pub(super) fn read(options: &JsValue) -> Result<Settings, String> {
        let Some(f) = Fields::of(options)? else {
            return Ok(Settings::default());
        };
        let mut o = Settings::default();
        f.flag("interactive", &mut o.interactive)?;
        f.flag("showTargets", &mut o.show_targets)?;
        f.flag("showThreats", &mut o.show_threats)?;
        f.flag("patterns", &mut o.patterns)?;
        f.flag("flip", &mut o.flip)?;
        f.flag("dark", &mut o.dark)?;
        f.flag("thinking", &mut o.thinking)?;
        f.flag("preferPortrait", &mut o.prefer_portrait)?;
        f.flag("playedLineIsMain", &mut o.played_line_is_main)?;
        f.text("lang", &mut o.lang)?;
        f.text("computer", &mut o.computer)?;
        f.count("level", &mut o.level)?;
        f.text("site", &mut o.site)?;
        f.flag("clockHold", &mut o.clock_hold)?;
        Ok(o)
    }
}

/// What a page passed for a new game (`newGameWith`, `startMatch`), read and checked: the
/// options, and the game's settings (rules, scoring, take-backs, clock).
pub(super) fn new_game_settings(options: &JsValue) -> Result<(MountOptions, GameSettings), String> {
    let options = MountOptions::read(options).map_err(|e| format!("bad options: {e}"))?;
    let settings = game_settings(&options)?;
    Ok((options, settings))
}
