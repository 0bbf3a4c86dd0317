//! What a page passes for a new board or a new game (`new TakBoard(canvas, options)`,
//! `newGameWith`, `startMatch`, the embed's parameters), once read from JavaScript
//! (`bindings/options.rs`): checked and turned into a game. Pure Rust, so that hostile
//! options are tested natively (`tests/decoders.rs`): every one gives a game or an error
//! that names the option, never a panic.

#[cfg(feature = "study")]
use super::i18n::Lang;
#[cfg(feature = "study")]
use super::state::parse_game_or_position;
use crate::settings::{GameSettings, SettingsValue};
#[cfg(feature = "study")]
use crate::tps;
use crate::Game;

/// What a page may pass when it creates a board. Every field is optional.
#[derive(Default)]
pub struct MountOptions {
    /// The game's settings: those given, the defaults for the rest.
    pub settings: SettingsValue,
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
    /// A match: the players' names, and its length in games or points.
    pub players: Option<[String; 2]>,
    pub games: Option<u8>,
    pub points: Option<u32>,
    /// The page's name or address, for the `Site` of the games it starts.
    pub site: Option<String>,
}

/// A new game's settings from `options`, checked ([`SettingsValue::settings`]), with its
/// clock where the build has clocks. Each error names the option it comes from.
pub fn game_settings(options: &MountOptions) -> Result<GameSettings, String> {
    let value = &options.settings;
    let mut settings = value.settings().map_err(|e| match e.setting() {
        "pieces" => format!("flats and caps: {e}"),
        _ => e.to_string(),
    })?;
    if value.has_clock() {
        if !cfg!(feature = "study") {
            // Clocks are the study build's (the page moves the board there first), and only
            // it carries their reader.
            return Err("this build has no clocks: load the study build".into());
        }
        settings.clock = value.read_clock().map_err(|e| format!("clock: {e}"))?;
    }
    Ok(settings)
}

pub fn start_game(options: &MountOptions) -> Result<Game, String> {
    let settings = game_settings(options)?;
    let mut game = match game_from_text(options)? {
        Some(game) => game,
        None => Game::with_config(settings.rules),
    };
    // Options the host gave are written into the game's tags (a PTN's own tags stand
    // unless the host overrides them).
    if settings.scoring.any() {
        game.set_tag("Scoring", &settings.scoring.to_string());
    }
    if settings.take_backs != Default::default() {
        game.set_tag("TakeBacks", settings.take_backs.name());
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
        let size = tps::board_size(text).map_err(|e| e.to_string())?;
        let value = SettingsValue {
            size,
            ..options.settings.clone()
        };
        let config = value
            .setup()
            .and_then(|setup| Ok(setup.playable_config()?))
            .map_err(|e| match e.setting() {
                "pieces" => format!("TPS: flats and caps: {e}"),
                _ => format!("TPS: {e}"),
            })?;
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
