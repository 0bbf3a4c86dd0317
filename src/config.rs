//! What a game is played with: board size, reserves, komi, tie rule and opening rule.

use crate::square::{MAX_SIZE, MIN_SIZE};
use std::fmt;
use std::str::FromStr;

/// Komi: flats added to black's count, in half steps from −5 to 5 (a negative komi favours
/// white, as PTN Ninja and the TEI option `HalfKomi` allow).
///
/// ```
/// use tak::Komi;
/// let k: Komi = "2.5".parse()?;
/// assert_eq!(k.half_flats(), 5);
/// assert_eq!(k.to_string(), "2.5");
/// assert_eq!("2".parse::<Komi>()?.to_string(), "2");
/// assert_eq!("-1.5".parse::<Komi>()?.half_flats(), -3);
/// assert_eq!("-0.5".parse::<Komi>()?.to_string(), "-0.5");
/// assert!("5.5".parse::<Komi>().is_err() && "0.3".parse::<Komi>().is_err());
/// # Ok::<(), tak::config::ConfigError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Komi(i8);

impl Komi {
    /// The largest komi, 5 flats (and −5 the smallest).
    pub const MAX_HALF_FLATS: i8 = 10;

    /// Komi of `half` half-flats (−10 to 10).
    pub const fn from_half_flats(half: i8) -> Option<Komi> {
        if half >= -Self::MAX_HALF_FLATS && half <= Self::MAX_HALF_FLATS {
            Some(Komi(half))
        } else {
            None
        }
    }

    /// The komi in half flats.
    pub const fn half_flats(self) -> i8 {
        self.0
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let half = self.0.unsigned_abs();
        if half.is_multiple_of(2) {
            write!(f, "{sign}{}", half / 2)
        } else {
            write!(f, "{sign}{}.5", half / 2)
        }
    }
}

impl FromStr for Komi {
    type Err = ConfigError;
    fn from_str(s: &str) -> Result<Komi, ConfigError> {
        let bad = || ConfigError::BadKomi(s.to_string());
        let s2 = s.trim();
        let (negative, s2) = match s2.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, s2),
        };
        let (whole, frac) = match s2.split_once('.') {
            Some((w, f)) => (w, f.trim_end_matches('0')),
            None => (s2, ""),
        };
        let whole: i8 = whole.parse().map_err(|_| bad())?;
        if whole < 0 {
            return Err(bad());
        }
        let half = match frac {
            "" => 0,
            "5" => 1,
            _ => return Err(bad()),
        };
        whole
            .checked_mul(2)
            .and_then(|w| w.checked_add(half))
            .map(|h| if negative { -h } else { h })
            .and_then(Komi::from_half_flats)
            .ok_or_else(bad)
    }
}

/// How the first two plies are played.
///
/// The rulebooks know only [`Opening::Swap`]: on ply 1 and ply 2 each player places one flat
/// of the **opponent's** colour. [`Opening::NoSwap`] is the variant playtak.com offers and PTN
/// Ninja reads as `[Opening "no-swap"]`: each player places a flat of **their own** colour
/// instead. Everything else about those plies stays as in the swap opening, the way PTN Ninja
/// treats them: a flat only (no wall, no capstone) and no movement (nobody controls a stack
/// yet). So the number of first plies is the same (25 on 5×5), only their colour differs.
///
/// ```
/// use tak::config::Opening;
/// assert_eq!("no-swap".parse::<Opening>(), Ok(Opening::NoSwap));
/// assert_eq!("Swap".parse::<Opening>(), Ok(Opening::Swap));
/// assert_eq!(Opening::NoSwap.to_string(), "no-swap");
/// assert!("noswap!".parse::<Opening>().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Opening {
    /// Plies 1 and 2 place a flat of the opponent's colour (the rulebooks').
    #[default]
    Swap,
    /// Plies 1 and 2 place a flat of the mover's own colour.
    NoSwap,
}

impl Opening {
    /// The name PTN's `Opening` tag and the TEI option use: `swap` or `no-swap`.
    pub const fn name(self) -> &'static str {
        match self {
            Opening::Swap => "swap",
            Opening::NoSwap => "no-swap",
        }
    }
}

impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Opening {
    type Err = ConfigError;
    /// `swap` or `no-swap`, in any case (PTN Ninja writes them in lower case).
    fn from_str(s: &str) -> Result<Opening, ConfigError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("swap") {
            Ok(Opening::Swap)
        } else if t.eq_ignore_ascii_case("no-swap") {
            Ok(Opening::NoSwap)
        } else {
            Err(ConfigError::BadOpening(s.to_string()))
        }
    }
}

/// A game's fixed settings.
///
/// ```
/// use tak::Config;
/// let c = Config::standard(6)?;
/// assert_eq!((c.stones, c.caps), (30, 1));
/// assert!(Config::standard(9).is_err());
/// let custom = Config::standard(5)?.with_pieces(20, 2)?;
/// assert_eq!(custom.caps, 2);
/// # Ok::<(), tak::config::ConfigError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    /// Board side, 3 to 8.
    pub size: u8,
    /// Stones each player starts with.
    pub stones: u8,
    /// Capstones each player starts with.
    pub caps: u8,
    /// Flats added to black's count.
    pub komi: Komi,
    /// The beta rulebook's rule: a tied flat count goes to black.
    pub ancient_tie_rule: bool,
    /// Whose flat the first two plies place.
    pub opening: Opening,
}

/// Pieces a player may own at most: two players' pieces must fit in one stack of 128.
pub const MAX_PIECES_PER_PLAYER: u16 = 64;

impl Config {
    /// The standard reserves of a `size`×`size` board, no komi.
    pub fn standard(size: u8) -> Result<Config, ConfigError> {
        let (stones, caps) = match size {
            3 => (10, 0),
            4 => (15, 0),
            5 => (21, 1),
            6 => (30, 1),
            7 => (40, 2),
            8 => (50, 2),
            _ => return Err(ConfigError::BadSize(size as u32)),
        };
        Ok(Config {
            size,
            stones,
            caps,
            komi: Komi(0),
            ancient_tie_rule: false,
            opening: Opening::Swap,
        })
    }

    /// The same settings with other reserves.
    pub fn with_pieces(self, stones: u8, caps: u8) -> Result<Config, ConfigError> {
        if stones == 0 || stones as u16 + caps as u16 > MAX_PIECES_PER_PLAYER {
            return Err(ConfigError::BadPieces { stones, caps });
        }
        Ok(Config {
            stones,
            caps,
            ..self
        })
    }

    /// The same settings with another komi.
    pub fn with_komi(self, komi: Komi) -> Config {
        Config { komi, ..self }
    }

    /// The same settings with another opening rule.
    pub fn with_opening(self, opening: Opening) -> Config {
        Config { opening, ..self }
    }

    /// The same settings with other reserves, if they make a real game: besides what
    /// [`Config::with_pieces`] asks, enough pieces for a road (stones and capstones together
    /// at least the board's side) and at most one capstone per row (as PTN Ninja allows).
    /// What the New game form and the embed accept; a PTN's tags only need `with_pieces`.
    ///
    /// ```
    /// use tak::Config;
    /// let five = Config::standard(5)?;
    /// assert!(five.with_playable_pieces(12, 2).is_ok());
    /// assert!(five.with_playable_pieces(3, 1).is_err()); // no road can be built
    /// assert!(five.with_playable_pieces(20, 6).is_err()); // more capstones than rows
    /// assert!(five.with_pieces(3, 1).is_ok());
    /// # Ok::<(), tak::config::ConfigError>(())
    /// ```
    pub fn with_playable_pieces(self, stones: u8, caps: u8) -> Result<Config, ConfigError> {
        self.with_pieces(stones, caps)?.playable()
    }

    /// These settings if their reserves make a real game (see
    /// [`Config::with_playable_pieces`]).
    fn playable(self) -> Result<Config, ConfigError> {
        let (size, stones, caps) = (self.size, self.stones, self.caps);
        if (stones as u16 + caps as u16) < size as u16 || caps > size {
            return Err(ConfigError::UnplayablePieces { size, stones, caps });
        }
        Ok(self)
    }
}

/// A game's settings as a source states them: the one way into a [`Config`].
///
/// PTN tags, a page's options, TEI options, the position editor, the worker's request, the
/// real-games file and the command line each fill one in with what they were told and ask
/// [`Setup::config`] (or [`Setup::playable_config`] for a game a player sets up anew), so that
/// every setting is checked in one place and refused with one error type, whose
/// [`ConfigError::setting`] lets each source name its own field.
///
/// ```
/// use tak::{Komi, Opening, Setup};
/// let setup = Setup { komi: Komi::from_half_flats(4).unwrap(), ..Setup::new(6) };
/// let config = setup.config()?;
/// assert_eq!((config.stones, config.caps, config.komi.to_string()), (30, 1, "2".into()));
/// let custom = Setup { stones: Some(12), caps: Some(2), opening: Opening::NoSwap, ..Setup::new(5) };
/// assert_eq!(custom.config()?.stones, 12);
/// assert!(Setup { stones: Some(3), ..Setup::new(5) }.playable_config().is_err());
/// assert_eq!(Setup::new(9).config().unwrap_err().setting(), "size");
/// # Ok::<(), tak::config::ConfigError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// Board side, 3 to 8.
    pub size: u8,
    /// Stones each player starts with, if not the size's standard.
    pub stones: Option<u8>,
    /// Capstones each player starts with, if not the size's standard.
    pub caps: Option<u8>,
    pub komi: Komi,
    pub opening: Opening,
    /// The beta rulebook's rule: a tied flat count goes to black.
    pub ancient_tie_rule: bool,
}

impl Setup {
    /// The standard settings of a `size`×`size` board, as yet unchecked.
    pub const fn new(size: u8) -> Setup {
        Setup {
            size,
            stones: None,
            caps: None,
            komi: Komi(0),
            opening: Opening::Swap,
            ancient_tie_rule: false,
        }
    }

    /// The settings, checked: a supported size and reserves that fit in a stack.
    pub fn config(&self) -> Result<Config, ConfigError> {
        let standard = Config::standard(self.size)?;
        let (stones, caps) = (
            self.stones.unwrap_or(standard.stones),
            self.caps.unwrap_or(standard.caps),
        );
        let config = if (stones, caps) == (standard.stones, standard.caps) {
            standard
        } else {
            standard.with_pieces(stones, caps)?
        };
        Ok(Config {
            komi: self.komi,
            opening: self.opening,
            ancient_tie_rule: self.ancient_tie_rule,
            ..config
        })
    }

    /// The settings of a new game a player sets up: besides what [`Setup::config`] asks,
    /// reserves that make a real game ([`Config::with_playable_pieces`]).
    pub fn playable_config(&self) -> Result<Config, ConfigError> {
        self.config()?.playable()
    }
}

impl From<Config> for Setup {
    fn from(config: Config) -> Setup {
        Setup {
            size: config.size,
            stones: Some(config.stones),
            caps: Some(config.caps),
            komi: config.komi,
            opening: config.opening,
            ancient_tie_rule: config.ancient_tie_rule,
        }
    }
}

/// A setting out of range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigError {
    BadSize(u32),
    BadKomi(String),
    BadPieces {
        stones: u8,
        caps: u8,
    },
    /// Reserves [`Config::with_pieces`] takes but that make no game on this board.
    UnplayablePieces {
        size: u8,
        stones: u8,
        caps: u8,
    },
    BadOpening(String),
}

// The counts come after their nouns ("stones 1, capstones 1"): right for any count, with no
// singular to pick (a choice made here cost the page's wasm 0.4 KB gzipped, measured).
impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::BadSize(n) => {
                write!(f, "board size {n} is not supported ({MIN_SIZE} to {MAX_SIZE})")
            }
            ConfigError::BadKomi(s) => {
                write!(f, "komi '{s}' is not a half step from -5 to 5")
            }
            ConfigError::BadPieces { stones, caps } => write!(
                f,
                "stones {stones}, capstones {caps}: need at least 1 stone and at most {MAX_PIECES_PER_PLAYER} pieces per player"
            ),
            ConfigError::UnplayablePieces { size, stones, caps } => write!(
                f,
                "stones {stones}, capstones {caps}: no game on {size}x{size}, which needs at least {size} pieces for a road and at most {size} capstones"
            ),
            ConfigError::BadOpening(s) => {
                write!(f, "opening '{s}' is not 'swap' or 'no-swap'")
            }
        }
    }
}

impl ConfigError {
    /// The setting refused: `size`, `komi`, `pieces` or `opening` (each source names it as
    /// its own field: a tag, an option, a form's field).
    pub const fn setting(&self) -> &'static str {
        match self {
            ConfigError::BadSize(_) => "size",
            ConfigError::BadKomi(_) => "komi",
            ConfigError::BadPieces { .. } | ConfigError::UnplayablePieces { .. } => "pieces",
            ConfigError::BadOpening(_) => "opening",
        }
    }
}

impl std::error::Error for ConfigError {}
