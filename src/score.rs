//! Scoring a finished game, as the rulebooks describe: the board plus the winner's pieces
//! left, with the Downings, Middletown and Tarway variants.

use crate::square::bitboard;
use crate::{EndReason, Outcome, Position, Square};

/// Which scoring variants are switched on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Variants {
    /// "Double the line": a winning road that is one full row or column doubles the pieces.
    pub downings: bool,
    /// "Double the capstone": a winner who never placed a capstone doubles the pieces.
    pub middletown: bool,
    /// "Low road, high road": a road of single pieces doubles the pieces; a road of stacks
    /// taller than one triples them.
    pub tarway: bool,
}

impl Variants {
    /// Every variant switched on.
    pub const ALL: Variants = Variants {
        downings: true,
        middletown: true,
        tarway: true,
    };

    /// Whether any variant is on.
    pub fn any(self) -> bool {
        self.downings || self.middletown || self.tarway
    }

    /// Reads the `Scoring` tag's value: variant names separated by spaces, commas or `+`
    /// (any case); an empty value or `none` is plain scoring.
    ///
    /// ```
    /// use tak::score::Variants;
    /// let v = Variants::parse("Downings, tarway")?;
    /// assert!(v.downings && v.tarway && !v.middletown);
    /// assert_eq!(v.to_string(), "Downings Tarway");
    /// assert_eq!(Variants::parse("none")?, Variants::default());
    /// assert!(Variants::parse("Downings Foo").is_err());
    /// # Ok::<(), String>(())
    /// ```
    pub fn parse(text: &str) -> Result<Variants, String> {
        let mut v = Variants::default();
        for word in text
            .split(|c: char| c.is_whitespace() || c == ',' || c == '+')
            .filter(|w| !w.is_empty())
        {
            match word.to_ascii_lowercase().as_str() {
                "downings" => v.downings = true,
                "middletown" => v.middletown = true,
                "tarway" => v.tarway = true,
                "none" => {}
                _ => {
                    return Err(format!(
                        "unknown scoring variant '{word}' (Downings, Middletown, Tarway)"
                    ))
                }
            }
        }
        Ok(v)
    }
}

/// The names of the variants switched on, separated by spaces (`none` if none).
impl std::fmt::Display for Variants {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Written name by name: no `join` (nor its code in the page's wasm) for three words.
        let mut none = true;
        for (on, name) in [
            (self.downings, "Downings"),
            (self.middletown, "Middletown"),
            (self.tarway, "Tarway"),
        ] {
            if on {
                f.write_str(if none { "" } else { " " })?;
                f.write_str(name)?;
                none = false;
            }
        }
        if none {
            f.write_str("none")?;
        }
        Ok(())
    }
}

/// Why the pieces part of a score is multiplied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bonus {
    /// Downings: the road is a straight line.
    StraightLine,
    /// Middletown: the winner never placed a capstone.
    NoCapstone,
    /// Tarway: a road of single pieces.
    LowRoad,
    /// Tarway: a road of stacks taller than one.
    HighRoad,
}

/// A score with its arithmetic: `board + pieces × multipliers = total`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    /// The board's squares (N×N); 0 for a draw.
    pub board: u32,
    /// The pieces left in the winner's reserve.
    pub pieces: u32,
    /// The variants that apply, each with its multiplier.
    pub bonuses: Vec<(Bonus, u32)>,
    pub total: u32,
}

/// The winner's score for a game that ended in `pos` with `outcome`: `size²` plus the
/// pieces left in the winner's reserve, multiplied by the variants that apply. A draw
/// scores 0.
///
/// ```
/// use tak::{score::{score, Variants}, Position};
/// let pos = Position::from_tps("1,1,1/2,2,x/x3 2 4")?; // white's top row, 7 stones left
/// let outcome = pos.outcome().unwrap();
/// assert_eq!(score(&pos, outcome, Variants::default()), 9 + 7);
/// let line = Variants { downings: true, ..Variants::default() };
/// assert_eq!(score(&pos, outcome, line), 9 + 14);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn score(pos: &Position, outcome: Outcome, variants: Variants) -> u32 {
    score_detail(pos, outcome, variants).total
}

/// Like [`score`], with the arithmetic: which variants applied.
///
/// ```
/// use tak::score::{score_detail, Bonus, Variants};
/// use tak::Position;
/// let pos = Position::from_tps("x5/x5/2,2,x3/2,2,x3/1,1,1,1,1 2 6")?;
/// let s = score_detail(&pos, pos.outcome().unwrap(), Variants::ALL);
/// assert_eq!((s.board, s.pieces), (25, 17));
/// assert_eq!(s.bonuses, vec![(Bonus::StraightLine, 2), (Bonus::LowRoad, 2), (Bonus::NoCapstone, 2)]);
/// assert_eq!(s.total, 25 + 17 * 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn score_detail(pos: &Position, outcome: Outcome, variants: Variants) -> Score {
    let Some(winner) = outcome.winner else {
        return Score {
            board: 0,
            pieces: 0,
            bonuses: Vec::new(),
            total: 0,
        };
    };
    let size = pos.size() as u32;
    let config = pos.config();
    let pieces = (pos.stones_left(winner) + pos.caps_left(winner)) as u32;
    let mut bonuses = Vec::new();
    let road = pos.road_squares(winner);
    if outcome.reason == EndReason::Road {
        if variants.downings && has_straight_line(road, pos.size()) {
            bonuses.push((Bonus::StraightLine, 2));
        }
        if variants.tarway {
            let tall = Square::all(pos.size())
                .filter(|&sq| pos.height(sq) > 1)
                .fold(0, |b, sq| b | sq.bit());
            if bitboard::spans(road & tall, pos.size()) {
                bonuses.push((Bonus::HighRoad, 3));
            } else if bitboard::spans(road & !tall, pos.size()) {
                bonuses.push((Bonus::LowRoad, 2));
            }
        }
    }
    if variants.middletown && pos.caps_left(winner) == config.caps {
        bonuses.push((Bonus::NoCapstone, 2));
    }
    let multiplier: u32 = bonuses.iter().map(|(_, m)| m).product();
    Score {
        board: size * size,
        pieces,
        total: size * size + pieces * multiplier,
        bonuses,
    }
}

fn has_straight_line(road: u64, size: u8) -> bool {
    let row = (1u64 << size) - 1;
    let column = bitboard::FILE_A & bitboard::board_mask(size);
    (0..size)
        .any(|i| road & (row << (8 * i)) == row << (8 * i) || road & (column << i) == column << i)
}
