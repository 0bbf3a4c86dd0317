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
    let Some(winner) = outcome.winner else {
        return 0;
    };
    let size = pos.size() as u32;
    let config = pos.config();
    let pieces = (pos.stones_left(winner) + pos.caps_left(winner)) as u32;
    let mut multiplier = 1;
    let road = pos.road_squares(winner);
    if outcome.reason == EndReason::Road {
        if variants.downings && has_straight_line(road, pos.size()) {
            multiplier *= 2;
        }
        if variants.tarway {
            let tall = Square::all(pos.size())
                .filter(|&sq| pos.height(sq) > 1)
                .fold(0, |b, sq| b | sq.bit());
            if bitboard::spans(road & tall, pos.size()) {
                multiplier *= 3;
            } else if bitboard::spans(road & !tall, pos.size()) {
                multiplier *= 2;
            }
        }
    }
    if variants.middletown && pos.caps_left(winner) == config.caps {
        multiplier *= 2;
    }
    size * size + pieces * multiplier
}

fn has_straight_line(road: u64, size: u8) -> bool {
    let row = (1u64 << size) - 1;
    let column = bitboard::FILE_A & bitboard::board_mask(size);
    (0..size)
        .any(|i| road & (row << (8 * i)) == row << (8 * i) || road & (column << i) == column << i)
}
