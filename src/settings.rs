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
use crate::{Game, Komi, Opening, Setup};
use serde::{Deserialize, Serialize};
use std::fmt;
use tsify::Tsify;

/// The size of a game nobody chose one for.
pub const DEFAULT_SIZE: u8 = 5;

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
        self.read_play_tags(&get)?;
        self.read_clock_tag(&get)
    }

    /// [`GameSettings::read_option_tags`] but the clock (the page's first build has none).
    pub fn read_play_tags<'a>(
        &mut self,
        get: impl Fn(&str) -> Option<&'a str>,
    ) -> Result<(), SettingsError> {
        if let Some(scoring) = get("Scoring") {
            self.scoring = Variants::parse(scoring).map_err(SettingsError::Scoring)?;
        }
        if let Some(take_backs) = get("TakeBacks") {
            self.take_backs = TakeBacks::parse(take_backs).map_err(SettingsError::TakeBacks)?;
        }
        Ok(())
    }

    /// The `Clock` tag alone.
    pub fn read_clock_tag<'a>(
        &mut self,
        get: impl Fn(&str) -> Option<&'a str>,
    ) -> Result<(), SettingsError> {
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
        game.set_tag("TieRule", TIE_RULES[self.rules.ancient_tie_rule as usize]);
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

/// A game's settings as they cross every boundary: the page's `newGameWith`, `startMatch`,
/// `mount` and `<tak-board>`, the embed's parameters, the board's status, a rematch, the
/// page's saved settings and the worker's search request. One JS shape (`GameSettings` in
/// `pkg/*.d.ts`, declared from this type), each setting as a word or a number; read into a
/// [`GameSettings`] by [`SettingsValue::settings`] (one check, one error type) and written by
/// [`GameSettings::value`]. A setting left out of a given value is its default
/// ([`SettingsValue::default`]): the one default of each.
///
/// The page's first build reads and writes it field by field ([`SettingsValue::fields`],
/// which names each field once), without serde; the worker with serde; a test holds the two
/// to the same names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename = "GameSettings", rename_all = "camelCase", default)]
pub struct SettingsValue {
    /// The board's side, 3 to 8.
    pub size: u8,
    /// Flats added to Black's count, in half steps: `"2.5"`.
    pub komi: String,
    #[tsify(type = "\"swap\" | \"no-swap\"")]
    pub opening: String,
    /// Stones and capstones per player; the size's standard where left out.
    #[tsify(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flats: Option<u8>,
    #[tsify(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub caps: Option<u8>,
    /// The beta rulebook's rule (`ancient`: a tied flat count goes to Black).
    #[tsify(type = "\"standard\" | \"ancient\"")]
    pub tie_rule: String,
    /// Scoring variants (`Downings Middletown Tarway`, any of them; empty: none).
    pub scoring: String,
    #[tsify(type = "\"court\" | \"tavern\"")]
    pub take_backs: String,
    /// The time control as the `Clock` tag writes it (`10:0 +15`); empty: no clocks.
    pub clock: String,
}

/// One field of a [`SettingsValue`], as [`SettingsValue::fields`] hands it out.
pub enum Field<'a> {
    /// A whole number.
    Count(&'a mut u8),
    /// A whole number, or none (the default).
    MaybeCount(&'a mut Option<u8>),
    /// A word or words.
    Text(&'a mut String),
    /// A number, kept as its text (komi: `2.5`); given as a number or as its text.
    Number(&'a mut String),
}

impl Default for SettingsValue {
    fn default() -> SettingsValue {
        SettingsValue {
            size: DEFAULT_SIZE,
            komi: "0".into(),
            opening: Opening::Swap.name().into(),
            flats: None,
            caps: None,
            tie_rule: TIE_RULES[0].into(),
            scoring: String::new(),
            take_backs: TakeBacks::Court.name().into(),
            clock: String::new(),
        }
    }
}

/// The tie rule's names: false (standard), true (ancient).
const TIE_RULES: [&str; 2] = ["standard", "ancient"];

impl SettingsValue {
    /// Each field with its name in the JS shape (serde's), in order: what a reader or
    /// writer without serde walks.
    pub fn fields(&mut self, mut visit: impl FnMut(&'static str, Field<'_>)) {
        visit("size", Field::Count(&mut self.size));
        visit("komi", Field::Number(&mut self.komi));
        visit("opening", Field::Text(&mut self.opening));
        visit("flats", Field::MaybeCount(&mut self.flats));
        visit("caps", Field::MaybeCount(&mut self.caps));
        visit("tieRule", Field::Text(&mut self.tie_rule));
        visit("scoring", Field::Text(&mut self.scoring));
        visit("takeBacks", Field::Text(&mut self.take_backs));
        visit("clock", Field::Text(&mut self.clock));
    }

    /// The rules as given, unchecked (the size's standard reserves where none are given).
    pub fn setup(&self) -> Result<Setup, SettingsError> {
        let komi = match self.komi.trim() {
            "" => Komi::default(),
            k => k.parse::<Komi>()?,
        };
        let opening = match self.opening.trim() {
            "" => Opening::Swap,
            o => o.parse::<Opening>()?,
        };
        let ancient_tie_rule = match self.tie_rule.trim() {
            "" => false,
            t => match TIE_RULES.iter().position(|n| t.eq_ignore_ascii_case(n)) {
                Some(i) => i == 1,
                None => return Err(SettingsError::TieRule(t.chars().take(40).collect())),
            },
        };
        Ok(Setup {
            size: self.size,
            stones: self.flats,
            caps: self.caps,
            komi,
            opening,
            ancient_tie_rule,
        })
    }

    /// The settings of a new game a player sets up (the reserves must make a real game:
    /// [`Setup::playable_config`]), checked. The clock is read by `read_clock` (only the
    /// builds with clocks carry its reader): here it stays none.
    pub fn settings(&self) -> Result<GameSettings, SettingsError> {
        let mut settings = GameSettings::new(self.setup()?.playable_config()?);
        settings.scoring = Variants::parse(&self.scoring).map_err(SettingsError::Scoring)?;
        settings.take_backs =
            TakeBacks::parse(&self.take_backs).map_err(SettingsError::TakeBacks)?;
        Ok(settings)
    }

    /// Whether a clock is asked for.
    pub fn has_clock(&self) -> bool {
        let c = self.clock.trim();
        !(c.is_empty() || c.eq_ignore_ascii_case("none"))
    }

    /// The time control asked for (none: no clocks).
    pub fn read_clock(&self) -> Result<Option<TimeControl>, SettingsError> {
        TimeControl::from_tag(&self.clock).map_err(SettingsError::clock)
    }
}

impl GameSettings {
    /// These settings as the value that crosses the page's boundaries, with the clock's
    /// time control written by `clock` (the page's first build has no clocks, nor the code
    /// that writes one).
    pub fn value_with(&self, clock: impl Fn(&TimeControl) -> String) -> SettingsValue {
        let rules = &self.rules;
        SettingsValue {
            size: rules.size,
            komi: rules.komi.to_string(),
            opening: rules.opening.name().into(),
            flats: Some(rules.stones),
            caps: Some(rules.caps),
            tie_rule: TIE_RULES[rules.ancient_tie_rule as usize].into(),
            scoring: if self.scoring.any() {
                self.scoring.to_string()
            } else {
                String::new()
            },
            take_backs: self.take_backs.name().into(),
            clock: self.clock.as_ref().map(clock).unwrap_or_default(),
        }
    }

    /// These settings as the value that crosses the page's boundaries.
    pub fn value(&self) -> SettingsValue {
        self.value_with(TimeControl::tag)
    }

    /// For tests: every setting away from its default (a 6×6 game, so that every text of
    /// its value differs from [`SettingsValue::default`]).
    #[cfg(test)]
    pub(crate) fn every_option_changed() -> GameSettings {
        let rules = Setup {
            stones: Some(20),
            caps: Some(2),
            komi: Komi::from_half_flats(5).unwrap(),
            opening: Opening::NoSwap,
            ancient_tie_rule: true,
            ..Setup::new(6)
        };
        GameSettings {
            rules: rules.config().unwrap(),
            scoring: Variants::parse("Tarway").unwrap(),
            take_backs: TakeBacks::Tavern,
            clock: TimeControl::from_tag("5:0 +3").unwrap(),
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
    /// A tie rule that is not `standard` or `ancient` (the value given).
    TieRule(String),
    /// A time control that cannot be used (its [`ClockError`], said: the page's first build
    /// has no clocks and carries none of their words).
    Clock(String),
}

impl SettingsError {
    /// A time control refused.
    pub fn clock(error: ClockError) -> SettingsError {
        SettingsError::Clock(error.to_string())
    }

    /// The setting refused: `size`, `komi`, `pieces`, `opening`, `tie rule`, `scoring`,
    /// `take-backs` or `clock`.
    pub const fn setting(&self) -> &'static str {
        match self {
            SettingsError::Rules(e) => e.setting(),
            SettingsError::Scoring(_) => "scoring",
            SettingsError::TakeBacks(_) => "take-backs",
            SettingsError::TieRule(_) => "tie rule",
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
            SettingsError::TieRule(value) => {
                write!(f, "tie rule must be ancient or standard, not '{value}'")
            }
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

// Native only: serde_json writes the serde form.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// The JS shape's field names, as serde writes them, are the ones the page's reader
    /// and writer walk ([`SettingsValue::fields`]), in the same order.
    #[test]
    fn the_fields_walked_are_the_serde_forms_fields() {
        let mut value = GameSettings::every_option_changed().value();
        let mut walked = Vec::new();
        value.fields(|name, _| walked.push(name));
        let json = serde_json::to_value(&value).unwrap();
        let written: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(|k| k.as_str())
            .collect();
        let mut sorted = walked.clone();
        sorted.sort_unstable();
        let mut written_sorted = written.clone();
        written_sorted.sort_unstable();
        assert_eq!(sorted, written_sorted);
    }

    /// Each setting of the value reads back as it was written, and each differs from its
    /// default, so that none is lost on the way (a field the reader skipped would come back
    /// as the default).
    #[test]
    fn every_setting_travels_through_the_value_and_the_tags() {
        let settings = GameSettings::every_option_changed();
        let value = settings.value();
        let mut changed = value.clone();
        let mut defaults = SettingsValue::default();
        let mut differing = Vec::new();
        let mut theirs = Vec::new();
        defaults.fields(|_, field| {
            theirs.push(match field {
                Field::Count(n) => n.to_string(),
                Field::MaybeCount(n) => format!("{n:?}"),
                Field::Text(t) | Field::Number(t) => t.clone(),
            })
        });
        let mut i = 0;
        changed.fields(|name, field| {
            let mine = match field {
                Field::Count(n) => n.to_string(),
                Field::MaybeCount(n) => format!("{n:?}"),
                Field::Text(t) | Field::Number(t) => t.clone(),
            };
            if mine != theirs[i] {
                differing.push(name);
            }
            i += 1;
        });
        assert_eq!(
            differing.len(),
            i,
            "only {differing:?} differ from the defaults"
        );
        let mut read = value.settings().unwrap();
        read.clock = value.read_clock().unwrap();
        assert_eq!(read, settings);
        // Through a game's tags: every setting written, the defaults too (the PTN's text
        // round trip is tests/decoders.rs's).
        for settings in [settings, GameSettings::new(Config::standard(6).unwrap())] {
            let mut game = Game::with_config(settings.rules);
            settings.write_tags(&mut game);
            assert_eq!(GameSettings::of_game(&game), Ok(settings));
            for tag in ["Scoring", "TieRule", "TakeBacks"] {
                assert!(game.tag(tag).is_some(), "{tag} written");
            }
        }
    }

    #[test]
    fn a_value_left_out_is_the_default_and_a_bad_one_names_its_setting() {
        assert_eq!(
            SettingsValue::default().settings(),
            Ok(GameSettings::new(Config::standard(DEFAULT_SIZE).unwrap()))
        );
        let bad = |value: SettingsValue| value.settings().unwrap_err().setting();
        let d = SettingsValue::default;
        assert_eq!(bad(SettingsValue { size: 9, ..d() }), "size");
        assert_eq!(
            bad(SettingsValue {
                komi: "11".into(),
                ..d()
            }),
            "komi"
        );
        assert_eq!(
            bad(SettingsValue {
                opening: "x".into(),
                ..d()
            }),
            "opening"
        );
        assert_eq!(
            bad(SettingsValue {
                flats: Some(2),
                ..d()
            }),
            "pieces"
        );
        assert_eq!(
            bad(SettingsValue {
                tie_rule: "sometimes".into(),
                ..d()
            }),
            "tie rule"
        );
        assert_eq!(
            bad(SettingsValue {
                scoring: "x".into(),
                ..d()
            }),
            "scoring"
        );
        assert_eq!(
            bad(SettingsValue {
                take_backs: "x".into(),
                ..d()
            }),
            "take-backs"
        );
        let tie = SettingsValue {
            tie_rule: "sometimes".into(),
            ..d()
        };
        assert_eq!(
            tie.settings().unwrap_err().to_string(),
            "tie rule must be ancient or standard, not 'sometimes'"
        );
    }
}
