//! What a page passes: the options of `new TakBoard(canvas, options)`, `newGameWith` and
//! `startMatch`, and of `set(options)`, read field by field from the JS object (so that the
//! first visit's build carries no JSON reader) and checked: a key given with the wrong kind
//! of value is refused, never ignored.

#[cfg(feature = "study")]
use super::super::i18n::Lang;
use super::super::json;
#[cfg(feature = "study")]
use super::super::state::parse_game_or_position;
use super::whole_number;
use crate::score::Variants;
use crate::series::TakeBacks;
#[cfg(feature = "study")]
use crate::tps;
use crate::{Config, Game, Komi, Opening};
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

    fn text(&self, k: &str) -> Result<Option<String>, String> {
        match self.field(k) {
            None => Ok(None),
            Some(v) => v
                .as_string()
                .map(Some)
                .ok_or_else(|| format!("{k} must be a text")),
        }
    }

    fn flag(&self, k: &str) -> Result<Option<bool>, String> {
        match self.field(k) {
            None => Ok(None),
            Some(v) => v
                .as_bool()
                .map(Some)
                .ok_or_else(|| format!("{k} must be true or false")),
        }
    }

    fn count(&self, k: &str) -> Result<Option<u32>, String> {
        match self.field(k) {
            None => Ok(None),
            Some(v) => whole_number(&v)
                .map(Some)
                .ok_or_else(|| format!("{k} must be a whole number")),
        }
    }
}

/// What a page may pass when it creates a board. Every field is optional.
#[derive(Default)]
pub(super) struct MountOptions {
    pub size: Option<u8>,
    pub komi: Option<String>,
    pub tps: Option<String>,
    pub ptn: Option<String>,
    pub interactive: Option<bool>,
    pub animate: Option<bool>,
    pub show_targets: Option<bool>,
    pub coordinates: Option<bool>,
    pub patterns: Option<bool>,
    pub show_threats: Option<bool>,
    /// Seen from Black's side.
    pub flip: Option<bool>,
    pub lang: Option<String>,
    /// Scoring variants (`Downings Middletown Tarway`, any of them).
    pub scoring: Option<String>,
    /// The ancient tie rule: a tied flat count goes to black.
    pub tie_rule: Option<bool>,
    /// `court` or `tavern`.
    pub take_backs: Option<String>,
    /// A match: the players' names, and its length in games or points.
    #[cfg_attr(not(feature = "study"), allow(dead_code))]
    pub players: Option<[String; 2]>,
    #[cfg_attr(not(feature = "study"), allow(dead_code))]
    pub games: Option<u8>,
    #[cfg_attr(not(feature = "study"), allow(dead_code))]
    pub points: Option<u32>,
    /// The page's name or address, for the `Site` of the games it starts.
    pub site: Option<String>,
    /// The opening rule, `swap` or `no-swap`.
    pub opening: Option<String>,
    /// Stones and capstones per player (the size's standard when not given).
    pub flats: Option<u32>,
    pub caps: Option<u32>,
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
        // Komi as a number or a text (`2`, `"2.5"`).
        let komi = match f.field("komi") {
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
            size: f.count("size")?.map(|n| n.min(255) as u8),
            komi,
            tps: f.text("tps")?,
            ptn: f.text("ptn")?,
            interactive: f.flag("interactive")?,
            animate: f.flag("animate")?,
            show_targets: f.flag("showTargets")?,
            coordinates: f.flag("coordinates")?,
            patterns: f.flag("patterns")?,
            show_threats: f.flag("showThreats")?,
            flip: f.flag("flip")?,
            lang: f.text("lang")?,
            scoring: f.text("scoring")?,
            tie_rule: f.flag("tieRule")?,
            take_backs: f.text("takeBacks")?,
            players,
            games: f.count("games")?.map(|n| n.min(255) as u8),
            points: f.count("points")?,
            site: f.text("site")?,
            opening: f.text("opening")?,
            flats: f.count("flats")?,
            caps: f.count("caps")?,
        })
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
        Ok(Settings {
            interactive: f.flag("interactive")?,
            show_targets: f.flag("showTargets")?,
            show_threats: f.flag("showThreats")?,
            patterns: f.flag("patterns")?,
            flip: f.flag("flip")?,
            dark: f.flag("dark")?,
            thinking: f.flag("thinking")?,
            prefer_portrait: f.flag("preferPortrait")?,
            played_line_is_main: f.flag("playedLineIsMain")?,
            lang: f.text("lang")?,
            computer: f.text("computer")?,
            level: f.count("level")?,
            site: f.text("site")?,
            clock_hold: f.flag("clockHold")?,
        })
    }
}

/// The game options in `options`, checked.
pub(super) fn game_options(options: &MountOptions) -> Result<(Variants, TakeBacks), String> {
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
pub(super) fn new_game_settings(
    options: &JsValue,
) -> Result<(MountOptions, Config, Variants, TakeBacks), String> {
    let options = MountOptions::read(options).map_err(|e| format!("bad options: {e}"))?;
    let config = new_config(&options)?;
    let (variants, take_backs) = game_options(&options)?;
    Ok((options, config, variants, take_backs))
}

/// The settings of a new game from `options`: size, komi, tie rule, opening and reserves.
/// Each error names the option it comes from.
pub(super) fn new_config(options: &MountOptions) -> Result<Config, String> {
    let komi = match &options.komi {
        Some(k) if !k.trim().is_empty() => k.parse::<Komi>().map_err(|e| e.to_string())?,
        _ => Komi::default(),
    };
    let mut config = Config::standard(options.size.unwrap_or(5))
        .map_err(|e| e.to_string())?
        .with_komi(komi);
    config.ancient_tie_rule = options.tie_rule.unwrap_or(false);
    if let Some(opening) = options.opening.as_deref().filter(|o| !o.trim().is_empty()) {
        config.opening = opening.parse::<Opening>().map_err(|e| e.to_string())?;
    }
    if options.flats.is_some() || options.caps.is_some() {
        let count = |n: Option<u32>, standard: u8| n.map_or(standard, |n| n.min(255) as u8);
        let (stones, caps) = (
            count(options.flats, config.stones),
            count(options.caps, config.caps),
        );
        config = config
            .with_playable_pieces(stones, caps)
            .map_err(|e| format!("flats and caps: {e}"))?;
    }
    Ok(config)
}

pub(super) fn start_game(options: &MountOptions) -> Result<Game, String> {
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
            opening: options.opening.clone(),
            flats: options.flats,
            caps: options.caps,
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
