//! Plies: placements and spreads, in a compact `Copy` type.

use crate::square::{Direction, ParseSquareError, Square};
use crate::Kind;
use std::fmt;
use std::str::FromStr;

/// One ply: place a piece, or spread a stack.
///
/// A `Move` is two bytes. The low byte holds the square (6 bits) and either the kind placed
/// or the direction (2 bits). The high byte is the *drop pattern* of a spread, zero for a
/// placement: one bit per carried piece, bottom-most carried piece first, set on the last
/// piece of each drop. So the number carried is the position of the highest set bit plus one,
/// the number of squares travelled is the number of set bits, and every non-zero byte is a
/// valid pattern (255 in all).
///
/// `Display` writes the short PTN form without the `*` of a flattening (which depends on the
/// position: see [`crate::ptn::write_move`]).
///
/// ```
/// use tak::{Direction, Kind, Move, Square};
/// let c3: Square = "c3".parse().unwrap();
/// let m = Move::spread(c3, Direction::Right, &[1, 2]).unwrap();
/// assert_eq!(m.to_string(), "3c3>12");
/// assert_eq!(m.count(), 3);
/// assert_eq!(m.drops().collect::<Vec<_>>(), vec![1, 2]);
/// assert_eq!("3c3>12".parse::<Move>().unwrap(), m);
/// assert_eq!("1c3>1".parse::<Move>().unwrap().to_string(), "c3>");
/// assert_eq!(Move::place(c3, Kind::Wall).to_string(), "Sc3");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

impl Move {
    /// Places a piece of `kind` on `square`.
    #[inline]
    pub const fn place(square: Square, kind: Kind) -> Move {
        Move(square.index() as u16 | (kind as u16) << 6)
    }

    /// Spreads a stack from `square` in `dir`, dropping `drops[i]` pieces on the i-th square.
    /// Returns `None` if there are no drops, a drop is zero, or more than 8 pieces in all.
    pub fn spread(square: Square, dir: Direction, drops: &[u8]) -> Option<Move> {
        let mut pattern: u16 = 0;
        let mut carried: u32 = 0;
        if drops.is_empty() {
            return None;
        }
        for &d in drops {
            if d == 0 {
                return None;
            }
            carried += d as u32;
            if carried > 8 {
                return None;
            }
            pattern |= 1 << (carried - 1);
        }
        Some(Move::from_pattern(square, dir, pattern as u8))
    }

    /// A spread from its drop pattern (see the type's documentation); `pattern` is not zero.
    #[inline]
    pub(crate) const fn from_pattern(square: Square, dir: Direction, pattern: u8) -> Move {
        Move(square.index() as u16 | (dir as u16) << 6 | (pattern as u16) << 8)
    }

    /// The square placed on, or the square the stack leaves.
    #[inline]
    pub const fn square(self) -> Square {
        Square::from_index((self.0 & 63) as u8)
    }

    /// Whether this is a placement.
    #[inline]
    pub const fn is_placement(self) -> bool {
        self.0 >> 8 == 0
    }

    /// The kind placed, for a placement.
    #[inline]
    pub const fn kind(self) -> Option<Kind> {
        if self.is_placement() {
            Some(Kind::from_bits(self.0 >> 6))
        } else {
            None
        }
    }

    /// The direction, for a spread.
    #[inline]
    pub const fn direction(self) -> Option<Direction> {
        if self.is_placement() {
            None
        } else {
            Some(Direction::from_bits(self.0 >> 6))
        }
    }

    /// The drop pattern (zero for a placement).
    #[inline]
    pub const fn pattern(self) -> u8 {
        (self.0 >> 8) as u8
    }

    /// Pieces carried by a spread (zero for a placement).
    #[inline]
    pub const fn count(self) -> u8 {
        8 - self.pattern().leading_zeros() as u8
    }

    /// Squares a spread travels (zero for a placement).
    #[inline]
    pub const fn distance(self) -> u8 {
        self.pattern().count_ones() as u8
    }

    /// The number of pieces dropped on each square in turn, for a spread.
    pub fn drops(self) -> impl Iterator<Item = u8> {
        let mut pattern = self.pattern();
        let mut below = 0u8;
        std::iter::from_fn(move || {
            if pattern == 0 {
                return None;
            }
            let end = pattern.trailing_zeros() as u8 + 1;
            pattern &= pattern - 1;
            let drop = end - below;
            below = end;
            Some(drop)
        })
    }

    /// The origin of the ply and every square it touches, in order (a placement: its square
    /// alone). Squares past the edge of a board of `size` are left out.
    ///
    /// ```
    /// use tak::Move;
    /// let mv: Move = "3c3>12".parse()?;
    /// let path: Vec<String> = mv.path(5).map(|s| s.to_string()).collect();
    /// assert_eq!(path, ["c3", "d3", "e3"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn path(self, size: u8) -> impl Iterator<Item = Square> {
        let dir = self.direction();
        let mut sq = self.square();
        let steps = self.distance() as usize;
        std::iter::once(sq).chain((0..steps).filter_map(move |_| {
            sq = sq.step(dir?, size)?;
            Some(sq)
        }))
    }

    /// The move with raw encoding `bits` (see [`Move::to_bits`]), if it is one.
    pub const fn from_bits(bits: u16) -> Option<Move> {
        if bits >> 8 == 0 && (bits >> 6) & 3 == 3 {
            None // a placement of a fourth kind
        } else {
            Some(Move(bits))
        }
    }

    /// The raw 16-bit encoding, for tables keyed by move.
    #[inline]
    pub const fn to_bits(self) -> u16 {
        self.0
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

impl Move {
    /// The move in PTN, as `Display` writes it, in a buffer of ASCII bytes and its length:
    /// written without the formatting machinery, for a long game's PTN writes 100,000 of
    /// them (see [`Move::push_ptn`]).
    fn ptn_bytes(self) -> ([u8; 16], usize) {
        // At most a count, a square, a direction and eight drops: 12 bytes.
        let mut buf = [0u8; 16];
        let mut len = 0;
        let mut push = |b: u8| {
            buf[len] = b;
            len += 1;
        };
        let sq = self.square();
        match (self.kind(), self.direction()) {
            (Some(kind), _) => {
                for &b in kind.ptn_prefix().as_bytes() {
                    push(b);
                }
                push(b'a' + sq.file());
                push(b'1' + sq.rank());
            }
            (_, dir) => {
                let count = self.count();
                if count > 1 {
                    push(b'0' + count);
                }
                push(b'a' + sq.file());
                push(b'1' + sq.rank());
                push(dir.map_or(b'?', |d| d.symbol() as u8));
                if self.distance() > 1 {
                    for d in self.drops() {
                        push(b'0' + d);
                    }
                }
            }
        }
        (buf, len)
    }

    /// Appends the move in PTN to `out`: what `to_string` gives, without allocating.
    ///
    /// ```
    /// use tak::Move;
    /// let mut out = String::from("1. ");
    /// for text in ["Sc3", "3c3>12", "a1+", "Ce5"] {
    ///     let mv: Move = text.parse()?;
    ///     mv.push_ptn(&mut out);
    ///     out.push(' ');
    ///     assert_eq!(mv.to_string(), text);
    /// }
    /// assert_eq!(out, "1. Sc3 3c3>12 a1+ Ce5 ");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn push_ptn(self, out: &mut String) {
        let (buf, len) = self.ptn_bytes();
        // ASCII only: each byte is a char (no UTF-8 check, whose code the page's wasm lacks).
        for &b in &buf[..len] {
            out.push(b as char);
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        let (buf, len) = self.ptn_bytes();
        for &b in &buf[..len] {
            f.write_char(b as char)?;
        }
        Ok(())
    }
}

/// Why a text is not a PTN move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseMoveError {
    /// Nothing but white space and annotations.
    Empty,
    /// No square where one is needed.
    BadSquare(ParseSquareError),
    /// A character that has no place in a move, with its column (1-based).
    Unexpected { found: char, column: usize },
    /// A count of zero, or more than 8.
    BadCount(u32),
    /// Drops that do not add up to the count.
    DropsDontAddUp { count: u32, total: u32 },
    /// A drop of zero.
    ZeroDrop,
    /// A count or drops given to a placement.
    CountOnPlacement,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::Empty => write!(f, "empty move"),
            ParseMoveError::BadSquare(e) => write!(f, "{e}"),
            ParseMoveError::Unexpected { found, column } => {
                write!(f, "unexpected '{found}' at column {column}")
            }
            ParseMoveError::BadCount(n) => write!(f, "cannot carry {n} pieces (1 to 8)"),
            ParseMoveError::DropsDontAddUp { count, total } => {
                write!(
                    f,
                    "drops add up to {total} but {} carried",
                    crate::Count(*count, "piece is", "pieces are")
                )
            }
            ParseMoveError::ZeroDrop => write!(f, "a drop of 0 pieces"),
            ParseMoveError::CountOnPlacement => write!(f, "a count with a placement"),
        }
    }
}

impl ParseMoveError {
    /// The same error for a move on a board of side `size`: a bad square names that board's
    /// range (`a1 to e5`), not the largest board's.
    pub fn on_board(self, size: u8) -> ParseMoveError {
        match self {
            ParseMoveError::BadSquare(e) => ParseMoveError::BadSquare(e.on_board(size)),
            other => other,
        }
    }
}

impl std::error::Error for ParseMoveError {}

/// Strips trailing PTN annotations (`'`, `"`, `!`, `?`) and white space.
fn strip_annotations(s: &str) -> &str {
    s.trim()
        .trim_end_matches(['\'', '"', '!', '?', '’'])
        .trim_end()
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Parses any valid PTN move, long or short form, ignoring annotations and a `*`.
    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        let s = strip_annotations(text);
        let s = s.strip_suffix('*').unwrap_or(s);
        if s.is_empty() {
            return Err(ParseMoveError::Empty);
        }
        let offset = text.len() - text.trim_start().len();
        let chars: Vec<char> = s.chars().collect();
        let column = |i: usize| offset + i + 1;
        let mut i = 0;
        let mut kind = None;
        let mut count = None;
        if let Some(k) = Kind::from_ptn_prefix(chars[0]) {
            kind = Some(k);
            i = 1;
        } else if let Some(d) = chars[0].to_digit(10) {
            count = Some(d);
            i = 1;
        }
        let square_text: String = chars.iter().skip(i).take(2).collect();
        let square: Square = square_text.parse().map_err(|e| match chars.get(i) {
            Some(&c) if !c.is_ascii_lowercase() => ParseMoveError::Unexpected {
                found: c,
                column: column(i),
            },
            // The whole token is quoted (`zz9`, not the two letters `zz` read as its square),
            // up to a bound: a page's move box may be handed megabytes.
            // (Collected as `square_text` is: one copy of that code in the page's wasm.)
            _ => {
                let mut text: String = chars.iter().skip(i).take(16).collect();
                if chars.len() > i + 16 {
                    text.push('…');
                }
                ParseMoveError::BadSquare(ParseSquareError { text, ..e })
            }
        })?;
        i += 2;
        let Some(&next) = chars.get(i) else {
            if count.is_some() {
                return Err(ParseMoveError::CountOnPlacement);
            }
            return Ok(Move::place(square, kind.unwrap_or(Kind::Flat)));
        };
        let Some(dir) = Direction::from_symbol(next) else {
            return Err(ParseMoveError::Unexpected {
                found: next,
                column: column(i),
            });
        };
        if let Some(k) = kind {
            // "Sa1>" is no move; a placement kind cannot start a spread.
            return Err(ParseMoveError::Unexpected {
                found: k.ptn_prefix().chars().next().unwrap_or('F'),
                column: column(0),
            });
        }
        i += 1;
        let count = count.unwrap_or(1);
        if !(1..=8).contains(&count) {
            return Err(ParseMoveError::BadCount(count));
        }
        let mut drops = Vec::with_capacity(8);
        for (j, &c) in chars.iter().enumerate().skip(i) {
            match c.to_digit(10) {
                Some(0) => return Err(ParseMoveError::ZeroDrop),
                Some(d) => drops.push(d as u8),
                None => {
                    return Err(ParseMoveError::Unexpected {
                        found: c,
                        column: column(j),
                    })
                }
            }
            if drops.len() > 8 {
                return Err(ParseMoveError::Unexpected {
                    found: c,
                    column: column(j),
                });
            }
        }
        if drops.is_empty() {
            drops.push(count as u8);
        }
        let total: u32 = drops.iter().map(|&d| d as u32).sum();
        if total != count {
            return Err(ParseMoveError::DropsDontAddUp { count, total });
        }
        Move::spread(square, dir, &drops).ok_or(ParseMoveError::BadCount(count))
    }
}
