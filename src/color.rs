//! The two players.

use std::fmt;
use std::ops::Not;

/// A player: white (player 1, moves first) or black (player 2).
///
/// ```
/// use tak::Color;
/// assert_eq!(!Color::White, Color::Black);
/// assert_eq!(Color::Black.number(), 2);
/// assert_eq!(Color::from_number(1), Some(Color::White));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    /// Both colours, white first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for white, 1 for black: an index into per-player arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The player number used by TPS and PTN: 1 for white, 2 for black.
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }

    /// Parses a TPS player number (`1` or `2`).
    pub const fn from_number(n: u8) -> Option<Color> {
        match n {
            1 => Some(Color::White),
            2 => Some(Color::Black),
            _ => None,
        }
    }

    /// `true` for black. Stacks store colours as bits: a set bit is a black piece.
    #[inline]
    pub const fn is_black(self) -> bool {
        matches!(self, Color::Black)
    }

    /// The colour of a stored bit (0 white, 1 black).
    #[inline]
    pub const fn from_bit(bit: bool) -> Color {
        if bit {
            Color::Black
        } else {
            Color::White
        }
    }

    /// Lower-case English name, `"white"` or `"black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
