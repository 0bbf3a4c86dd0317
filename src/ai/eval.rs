//! Static evaluation: how good a position is for the player to move, in hundredths of a
//! flat. It knows Tak: the flat count with komi (weighing more as reserves run out), road
//! potential (how far connected groups span and how many squares complete a road), stack
//! control (captives and reserves under your tops), capstones and walls, and the centre.

use crate::square::bitboard::{self, Bits};
use crate::{Color, Position};

/// The evaluation's weights, named so they can be tuned and read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// A flat on top, early in the game.
    pub flat: i32,
    /// Extra value of a flat on top when the reserves are spent (the flat race).
    pub flat_late: i32,
    /// A wall on top (counts for nothing but blocks).
    pub wall: i32,
    /// A capstone on the board.
    pub cap: i32,
    /// A piece of your own under your top piece (moves with the stack, refills your roads).
    pub reserve: i32,
    /// An opponent's piece under your top piece.
    pub captive: i32,
    /// Capstone or wall on top of a stack: that stack is much harder to take.
    pub hard_top_per_piece: i32,
    /// By the number of files or ranks the best road group covers (0..=8).
    pub span: [i32; 9],
    /// Each empty square that would complete your road when placed on.
    pub threat: i32,
    /// Two or more such squares: the opponent cannot block them all with one placement.
    pub double_threat: i32,
    /// Road pieces on the centre squares (rings from the centre outward).
    pub centre: [i32; 4],
    /// Being the player to move.
    pub tempo: i32,
}

impl Weights {
    pub const DEFAULT: Weights = Weights {
        flat: 100,
        flat_late: 120,
        wall: 30,
        cap: 70,
        reserve: 18,
        captive: 8,
        hard_top_per_piece: 6,
        span: [0, 0, 15, 45, 100, 180, 280, 400, 540],
        threat: 140,
        double_threat: 350,
        centre: [14, 8, 3, 0],
        tempo: 20,
    };
}

/// A score for the player to move, in hundredths of a flat.
pub fn evaluate(pos: &Position, w: &Weights) -> i32 {
    let me = pos.to_move();
    side(pos, me, w) - side(pos, !me, w) + w.tempo + komi_for(pos, me, w)
}

/// Komi counts as flats for black, at the late flat weight near the end.
fn komi_for(pos: &Position, me: Color, w: &Weights) -> i32 {
    let half = pos.config().komi.half_flats() as i32;
    let value = half * flat_value(pos, w) / 2;
    if me == Color::Black {
        value
    } else {
        -value
    }
}

/// What one flat is worth now: more as either reserve runs out.
fn flat_value(pos: &Position, w: &Weights) -> i32 {
    let config = pos.config();
    let start = (config.stones as i32 + config.caps as i32).max(1);
    let left = Color::ALL
        .iter()
        .map(|&c| pos.stones_left(c) as i32 + pos.caps_left(c) as i32)
        .min()
        .unwrap_or(start);
    let empty = (pos.board_mask() & !pos.occupied()).count_ones() as i32;
    let cells = (pos.size() as i32).pow(2);
    // Progress towards a flat count: the nearer of reserves spent and board filled.
    let spent = (start - left) * 64 / start;
    let filled = (cells - empty) * 64 / cells;
    let progress = spent.max(filled);
    w.flat + w.flat_late * progress * progress / (64 * 64)
}

fn side(pos: &Position, c: Color, w: &Weights) -> i32 {
    let size = pos.size();
    let mine = pos.tops(c);
    let flats = pos.flat_squares(c);
    let mut score = flats.count_ones() as i32 * flat_value(pos, w);
    score += (mine & pos.walls()).count_ones() as i32 * w.wall;
    score += (mine & pos.caps()).count_ones() as i32 * w.cap;

    // Stacks: pieces under my tops.
    let hard = pos.walls() | pos.caps();
    for i in Bits(mine & pos.occupied()) {
        let sq = crate::Square::from_index(i);
        let height = pos.height(sq);
        if height < 2 {
            continue;
        }
        let under = (height - 1).min(size as usize);
        let colors = pos.stack(sq).color_bits();
        // The `under` pieces just below the top: the ones a move can carry.
        let window = (colors >> (height - 1 - under)) & ((1u128 << under) - 1);
        let black_under = window.count_ones() as i32;
        let (own, captives) = if c == Color::Black {
            (black_under, under as i32 - black_under)
        } else {
            (under as i32 - black_under, black_under)
        };
        score += own * w.reserve + captives * w.captive;
        if hard & sq.bit() != 0 {
            score += under as i32 * w.hard_top_per_piece;
        }
    }

    // Roads: how far the best group spans, and the squares that would complete one.
    let road = pos.road_squares(c);
    score += w.span[best_span(road, size) as usize];
    let threats = pos.road_placements(c).count_ones() as i32;
    if threats > 0 && (pos.stones_left(c) > 0 || pos.caps_left(c) > 0) {
        score += threats.min(3) * w.threat;
        if threats >= 2 {
            score += w.double_threat;
        }
    }

    // The centre.
    for (ring, &bonus) in w.centre.iter().enumerate() {
        score += (road & centre_ring(size, ring)).count_ones() as i32 * bonus;
    }
    score
}

/// The most files or ranks covered by one connected group of `road`.
fn best_span(road: u64, size: u8) -> u32 {
    let mask = bitboard::board_mask(size);
    let mut rest = road;
    let mut best = 0;
    while rest != 0 {
        let seed = rest & rest.wrapping_neg();
        let group = bitboard::flood(seed, road, mask);
        rest &= !group;
        // Fold the group onto one rank (files covered) and onto one file (ranks covered).
        let mut files = group;
        files |= files >> 32;
        files |= files >> 16;
        files |= files >> 8;
        let mut ranks = group;
        ranks |= ranks >> 4;
        ranks |= ranks >> 2;
        ranks |= ranks >> 1;
        let span = ((files & 0xff).count_ones()).max((ranks & bitboard::FILE_A).count_ones());
        best = best.max(span);
    }
    best
}

/// The squares `ring` steps from the centre (ring 0: the middle square(s)).
fn centre_ring(size: u8, ring: usize) -> u64 {
    let mut bits = 0;
    let twice_mid = size as i32 - 1;
    for sq in crate::Square::all(size) {
        let df = (2 * sq.file() as i32 - twice_mid).abs();
        let dr = (2 * sq.rank() as i32 - twice_mid).abs();
        let d = (df.max(dr) / 2) as usize;
        if d == ring {
            bits |= sq.bit();
        }
    }
    bits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_are_measured_per_group() {
        let pos = Position::from_tps("x5/x5/1,1,1,x,1/x5/x5 2 5").unwrap();
        assert_eq!(best_span(pos.road_squares(Color::White), 5), 3);
        let pos = Position::from_tps("x5/1,x4/1,x4/1,x4/x5 2 4").unwrap();
        assert_eq!(best_span(pos.road_squares(Color::White), 5), 3);
    }

    #[test]
    fn more_flats_and_longer_roads_score_higher() {
        let w = Weights::DEFAULT;
        let even = Position::from_tps("x5/x5/x2,1,x2/x5/x3,2,x 1 3").unwrap();
        let ahead = Position::from_tps("x5/x5/x,1,1,x2/x5/x3,2,x 2 3").unwrap();
        // `ahead` is from black's view: white is a flat up, so black's score is lower.
        assert!(evaluate(&ahead, &w) < -evaluate(&even, &w));
        let line = Position::from_tps("x5/x5/1,1,1,1,x/x5/2,2,x,2,x 2 5").unwrap();
        assert!(
            evaluate(&line, &w) < -200,
            "black faces a road threat: {}",
            evaluate(&line, &w)
        );
    }

    #[test]
    fn komi_favours_black() {
        let w = Weights::DEFAULT;
        let pos = Position::from_tps("x5/x5/x5/x5/1,x3,2 1 2").unwrap();
        let with_komi = crate::tps::parse(
            "x5/x5/x5/x5/1,x3,2 1 2",
            pos.config()
                .with_komi(crate::Komi::from_half_flats(4).unwrap()),
        )
        .unwrap();
        assert!(evaluate(&with_komi, &w) < evaluate(&pos, &w));
    }

    #[test]
    fn centre_rings_cover_the_board_once() {
        for size in 3..=8u8 {
            let all: u64 = (0..4).map(|r| centre_ring(size, r)).fold(0, |a, b| {
                assert_eq!(a & b, 0);
                a | b
            });
            assert_eq!(all, bitboard::board_mask(size), "size {size}");
        }
    }
}
