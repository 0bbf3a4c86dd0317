//! Everything a game is played with, in one validated type: its rules ([`Config`]: size,
//! reserves, komi, opening, tie rule) and the options on top of them (scoring variants,
//! take-backs, clock). Each source builds it with one function and gets one error type:
//! a game's PTN tags ([`crate::ptn`] through [`GameSettings::read_option_tags`]), a page's
//! options (`web::mount::game_settings`), the rules alone ([`Setup`](crate::Setup) for
//! TEI, the CLI, the editor and the worker). [`GameSettings::write_tags`] writes them back,
//! so that they travel with the game's PTN.

use crate::clock::{ClockError, TimeControl};
use crate::config::{Config, ConfigError};
use crate::score::Variants;
use crate::Game;
use std::fmt;

/// A game's rules and options, checked.
///
/// ```
/// use tak::settings::GameSettings;
/// use tak::{Config, Game};
/// let mut settings = GameSettings::new(Config::standard(6)?);
/// let tags = [("Scoring", "Downings"), ("TakeBacks", "tavern"), ("Clock", "10:0 +5")];
/// settings.read_option_tags(|name| tags.iter().find(|(k, _)| *k == name).map(|(_, v)| *v))?;
/// assert!(settings.scoring.downings);
/// assert_eq!(settings.clock.unwrap().tag(), "10:0 +5");
///
/// let mut game = Game::with_config(settings.rules);
/// settings.write_tags(&mut game);
/// assert_eq!(game.tag("TakeBacks"), Some("tavern"));
/// assert_eq!(GameSettings::of_game(&game)?, settings);
///
/// // Each error names its setting; the source adds its own name for it (a tag, an option).
/// let error = settings.read_option_tags(|name| (name == "Clock").then_some("ten minutes"));
/// assert_eq!(error.unwrap_err().setting(), "clock");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSettings {
    pub rules: Config,
    pub scoring: Variants,
    pub take_backs: TakeBacks,
    /// None: no clocks.
    pub clock: Option<TimeControl>,
}

impl GameSettings {
    /// The game of `rules` with the default options: plain scoring, take-backs allowed
    /// (court), no clock.
    pub fn new(rules: Config) -> GameSettings {
        GameSettings {
            rules,
            scoring: Variants::default(),
            take_backs: TakeBacks::default(),
            clock: None,
        }
    }

    /// Reads the options from tags (`Scoring`, `TakeBacks`, `Clock`; `get` finds a tag's
    /// value by name), keeping the current value where a tag is absent. Stops at the first
    /// bad value.
    pub fn read_option_tags<'a>(
        &mut self,
        get: impl Fn(&str) -> Option<&'a str>,
    ) -> Result<(), SettingsError> {
        if let Some(scoring) = get("Scoring") {
            self.scoring = Variants::parse(scoring).map_err(SettingsError::Scoring)?;
        }
        if let Some(take_backs) = get("TakeBacks") {
            self.take_backs = TakeBacks::parse(take_backs).map_err(SettingsError::TakeBacks)?;
        }
        if let Some(clock) = get("Clock") {
            self.clock = TimeControl::from_tag(clock).map_err(SettingsError::clock)?;
        }
        Ok(())
    }

    /// The settings of `game`: its rules, and its options from its tags.
    pub fn of_game(game: &Game) -> Result<GameSettings, SettingsError> {
        let mut settings = GameSettings::new(*game.position().config());
        settings.read_option_tags(|name| game.tag(name))?;
        Ok(settings)
    }

    /// Writes the settings into `game`'s tags, every option in force (the defaults too, so
    /// that another reader need not know ours): `Scoring`, `TieRule`, `TakeBacks`, and
    /// `Clock` (removed when there is none).
    pub fn write_tags(&self, game: &mut Game) {
        self.write_play_tags(game);
        self.write_clock_tag(game);
    }

    /// [`GameSettings::write_tags`] but the clock (the page's first build has none).
    pub fn write_play_tags(&self, game: &mut Game) {
        game.set_tag("Scoring", &self.scoring.to_string());
        let tie_rule = if self.rules.ancient_tie_rule {
            "ancient"
        } else {
            "standard"
        };
        game.set_tag("TieRule", tie_rule);
        game.set_tag("TakeBacks", self.take_backs.name());
    }

    /// The `Clock` tag alone: written, or removed when there is no clock.
    pub fn write_clock_tag(&self, game: &mut Game) {
        match self.clock {
            Some(c) => game.set_tag("Clock", &c.tag()),
            None => game.remove_tag("Clock"),
        }
    }
}

/// Whether a player may take a ply back: at court, yes; in the tavern, never during a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TakeBacks {
    #[default]
    Court,
    Tavern,
}

impl TakeBacks {
    pub fn name(self) -> &'static str {
        match self {
            TakeBacks::Court => "court",
            TakeBacks::Tavern => "tavern",
        }
    }

    /// `court` or `tavern` (any case); anything else is refused, said in words.
    pub fn parse(text: &str) -> Result<TakeBacks, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "court" => Ok(TakeBacks::Court),
            "tavern" => Ok(TakeBacks::Tavern),
            _ => Err(format!(
                "take-backs must be court or tavern, not '{}'",
                text.trim()
            )),
        }
    }
}

/// A setting refused: one of the rules', or an option's. [`SettingsError::setting`] names
/// it; each source says it in its own words (`tag Komi: …`, `komi: …`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsError {
    Rules(ConfigError),
    /// An unknown scoring variant (the message names it).
    Scoring(String),
    /// Take-backs that are not `court` or `tavern` (the message says so).
    TakeBacks(String),
    /// A time control that cannot be used (its [`ClockError`], said: the page's first build
    /// has no clocks and carries none of their words).
    Clock(String),
}

impl SettingsError {
    /// A time control refused.
    pub fn clock(error: ClockError) -> SettingsError {
        SettingsError::Clock(error.to_string())
    }

    /// The setting refused: `size`, `komi`, `pieces`, `opening`, `scoring`, `take-backs`
    /// or `clock`.
    pub const fn setting(&self) -> &'static str {
        match self {
            SettingsError::Rules(e) => e.setting(),
            SettingsError::Scoring(_) => "scoring",
            SettingsError::TakeBacks(_) => "take-backs",
            SettingsError::Clock(_) => "clock",
        }
    }
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettingsError::Rules(e) => e.fmt(f),
            SettingsError::Scoring(message) => f.write_str(message),
            SettingsError::TakeBacks(message) => f.write_str(message),
            SettingsError::Clock(message) => f.write_str(message),
        }
    }
}

impl From<ConfigError> for SettingsError {
    fn from(e: ConfigError) -> SettingsError {
        SettingsError::Rules(e)
    }
}

impl std::error::Error for SettingsError {}
