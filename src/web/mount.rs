//! What a page passes for a new board or a new game (`new TakBoard(canvas, options)`,
//! `newGameWith`, `startMatch`, the embed's parameters), once read from JavaScript
//! (`bindings/options.rs`): checked and turned into a game. Pure Rust, so that hostile
//! options are tested natively (`tests/decoders.rs`): every one gives a game or an error
//! that names the option, never a panic.

#[cfg(feature = "study")]
use super::i18n::Lang;
#[cfg(feature = "study")]
use super::state::parse_game_or_position;
use crate::clock::TimeControl;
use crate::score::Variants;
use crate::settings::{GameSettings, TakeBacks};
#[cfg(feature = "study")]
use crate::tps;
use crate::{Config, Game, Komi, Opening, Setup};

/// What a page may pass when it creates a board. Every field is optional.
#[derive(Default)]
pub struct MountOptions {
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
    pub players: Option<[String; 2]>,
    pub games: Option<u8>,
    pub points: Option<u32>,
    /// The page's name or address, for the `Site` of the games it starts.
    pub site: Option<String>,
    /// The opening rule, `swap` or `no-swap`.
    pub opening: Option<String>,
    /// Stones and capstones per player (the size's standard when not given).
    pub flats: Option<u32>,
    pub caps: Option<u32>,
    /// A new game's time control, as the `Clock` tag writes it (`10:0 +15`; `none`: none).
    pub clock: Option<String>,
}

/// A new game's settings from `options`: its rules ([`new_config`]), scoring, take-backs and
/// clock. Each error names the option it comes from.
pub fn game_settings(options: &MountOptions) -> Result<GameSettings, String> {
    let mut settings = GameSettings::new(new_config(options)?);
    if let Some(v) = options.scoring.as_deref() {
        // Its message names the option already ("unknown scoring variant …").
        settings.scoring = Variants::parse(v)?;
    }
    if let Some(t) = options.take_backs.as_deref() {
        // Its message names the option ("take-backs must be …").
        settings.take_backs = TakeBacks::parse(t)?;
    }
    if let Some(c) = options.clock.as_deref() {
        let none = c.trim().is_empty() || c.trim().eq_ignore_ascii_case("none");
        if none {
            settings.clock = None;
        } else if !cfg!(feature = "study") {
            // Clocks are the study build's (the page moves the board there first), and only
            // it carries their reader.
            return Err("this build has no clocks: load the study build".into());
        } else {
            settings.clock = TimeControl::from_tag(c).map_err(|e| format!("clock: {e}"))?;
        }
    }
    Ok(settings)
}

/// The settings of a new game from `options`: size, komi, tie rule, opening and reserves.
/// Each error names the option it comes from.
pub fn new_config(options: &MountOptions) -> Result<Config, String> {
    let komi = match &options.komi {
        Some(k) if !k.trim().is_empty() => k.parse::<Komi>().map_err(|e| e.to_string())?,
        _ => Komi::default(),
    };
    let opening = match options.opening.as_deref().filter(|o| !o.trim().is_empty()) {
        Some(opening) => opening.parse::<Opening>().map_err(|e| e.to_string())?,
        None => Opening::Swap,
    };
    let count = |n: Option<u32>| n.map(|n| n.min(255) as u8);
    let setup = Setup {
        size: options.size.unwrap_or(5),
        stones: count(options.flats),
        caps: count(options.caps),
        komi,
        opening,
        ancient_tie_rule: options.tie_rule.unwrap_or(false),
    };
    setup.playable_config().map_err(|e| match e.setting() {
        "pieces" => format!("flats and caps: {e}"),
        _ => e.to_string(),
    })
}

pub fn start_game(options: &MountOptions) -> Result<Game, String> {
    let settings = game_settings(options)?;
    let mut game = match game_from_text(options)? {
        Some(game) => game,
        None => Game::with_config(settings.rules),
    };
    // Options given by the host are written into the game's tags (a PTN's own tags stand
    // unless the host overrides them).
    if options.scoring.is_some() && settings.scoring.any() {
        game.set_tag("Scoring", &settings.scoring.to_string());
    }
    if options.take_backs.is_some() {
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
