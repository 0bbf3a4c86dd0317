//! Pieces: a colour and a kind.

use crate::Color;
use std::fmt;

/// How a piece stands: a flat stone, a standing stone (wall), or a capstone.
///
/// ```
/// use tak::Kind;
/// assert_eq!(Kind::Wall.ptn_prefix(), "S");
/// assert_eq!(Kind::from_ptn_prefix('C'), Some(Kind::Cap));
/// assert!(Kind::Flat.is_road() && Kind::Cap.is_road() && !Kind::Wall.is_road());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Flat = 0,
    Wall = 1,
    Cap = 2,
}

impl Kind {
    /// The three kinds.
    pub const ALL: [Kind; 3] = [Kind::Flat, Kind::Wall, Kind::Cap];

    /// Whether a top piece of this kind counts for a road (flats and capstones).
    pub const fn is_road(self) -> bool {
        !matches!(self, Kind::Wall)
    }

    /// Whether anything may be moved onto it (only flats).
    pub const fn is_flat(self) -> bool {
        matches!(self, Kind::Flat)
    }

    /// The PTN prefix of a placement: `""`, `"S"` or `"C"`.
    pub const fn ptn_prefix(self) -> &'static str {
        match self {
            Kind::Flat => "",
            Kind::Wall => "S",
            Kind::Cap => "C",
        }
    }

    /// Parses a PTN placement prefix: `F`, `S` or `C`.
    pub const fn from_ptn_prefix(c: char) -> Option<Kind> {
        match c {
            'F' => Some(Kind::Flat),
            'S' => Some(Kind::Wall),
            'C' => Some(Kind::Cap),
            _ => None,
        }
    }

    pub(crate) const fn from_bits(bits: u16) -> Kind {
        match bits & 3 {
            0 => Kind::Flat,
            1 => Kind::Wall,
            _ => Kind::Cap,
        }
    }

    /// Lower-case English name: `"flat"`, `"wall"` or `"cap"`.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Flat => "flat",
            Kind::Wall => "wall",
            Kind::Cap => "cap",
        }
    }
}

/// A piece: who owns it and how it stands.
///
/// ```
/// use tak::{Color, Kind, Piece};
/// let p = Piece::new(Color::Black, Kind::Cap);
/// assert_eq!(p.to_string(), "2C");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub kind: Kind,
}

impl Piece {
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece { color, kind }
    }
}

/// TPS spelling: `1`, `2S`, `1C`...
impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suffix = match self.kind {
            Kind::Flat => "",
            Kind::Wall => "S",
            Kind::Cap => "C",
        };
        write!(f, "{}{}", self.color.number(), suffix)
    }
}
