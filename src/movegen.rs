//! Tables that make spread generation a few slice copies and spread counting a lookup.
//!
//! A spread of `k` carried pieces is a drop pattern: a byte whose highest set bit is `k - 1`
//! and whose set bits end each drop (see [`Move`]). For each `k` the tables keep the
//! `2^(k-1)` patterns sorted by the number of squares they travel, so "every spread that
//! travels at most `r` squares" is a prefix of that block.

use crate::square::{Direction, Square};
use crate::Move;

/// A stack's way out in one direction: from where, which way, how many pieces it may carry
/// and over how many squares before a blocker.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ray {
    pub from: Square,
    pub dir: Direction,
    pub carry: u8,
    pub range: u8,
}

impl Ray {
    #[inline]
    pub(crate) const fn new(from: Square, dir: Direction, carry: u8, range: u8) -> Ray {
        Ray {
            from,
            dir,
            carry,
            range,
        }
    }
}

pub(crate) struct MoveTables {
    /// Block `k` (1..=8) starts at `2^(k-1) - 1` and holds that many patterns.
    sorted: [u8; 255],
    /// `upto[k][r]`: patterns of `k` pieces travelling at most `r` squares.
    upto: [[u8; 9]; 9],
    /// `spreads[c][r]`: spreads carrying at most `c` pieces over at most `r` squares.
    spreads: [[u16; 9]; 9],
    /// `flattenings[c][r]`: spreads carrying at most `c` pieces that travel `r` free squares
    /// and then drop the capstone alone on the wall just beyond.
    flattenings: [[u16; 9]; 9],
}

const fn block_start(k: usize) -> usize {
    (1 << (k - 1)) - 1
}

/// Whether a pattern of `k` pieces drops its top piece alone on its last square.
const fn ends_alone(pattern: u8, k: usize) -> bool {
    k == 1 || pattern & (1 << (k - 2)) != 0
}

static TABLES: MoveTables = MoveTables::build();

impl MoveTables {
    #[inline]
    pub(crate) fn get() -> &'static MoveTables {
        &TABLES
    }

    const fn build() -> MoveTables {
        let mut sorted = [0u8; 255];
        let mut upto = [[0u8; 9]; 9];
        let mut k = 1;
        while k <= 8 {
            let mut at = block_start(k);
            let mut squares = 1;
            while squares <= k {
                let mut p = 1 << (k - 1);
                while p < (1 << k) {
                    if (p as u8).count_ones() as usize == squares {
                        sorted[at] = p as u8;
                        at += 1;
                    }
                    p += 1;
                }
                upto[k][squares] = (at - block_start(k)) as u8;
                squares += 1;
            }
            while squares <= 8 {
                upto[k][squares] = upto[k][k];
                squares += 1;
            }
            k += 1;
        }
        let mut spreads = [[0u16; 9]; 9];
        let mut flattenings = [[0u16; 9]; 9];
        let mut carry = 1;
        while carry <= 8 {
            let mut range = 0;
            while range <= 8 {
                let mut total = 0u16;
                let mut flat = 0u16;
                let mut k = 1;
                while k <= carry {
                    total += upto[k][range] as u16;
                    if range < 8 {
                        let start = block_start(k);
                        let mut j = start + upto[k][range] as usize;
                        while j < start + upto[k][range + 1] as usize {
                            if ends_alone(sorted[j], k) {
                                flat += 1;
                            }
                            j += 1;
                        }
                    }
                    k += 1;
                }
                spreads[carry][range] = total;
                flattenings[carry][range] = flat;
                range += 1;
            }
            carry += 1;
        }
        MoveTables {
            sorted,
            upto,
            spreads,
            flattenings,
        }
    }

    /// Pushes every spread along `ray`: at most `carry` pieces over at most `range` squares.
    #[inline]
    pub(crate) fn push_spreads(&self, moves: &mut Vec<Move>, ray: Ray) {
        let (from, dir, carry, range) = (ray.from, ray.dir, ray.carry, ray.range);
        if range == 0 {
            return;
        }
        for k in 1..=carry as usize {
            let start = block_start(k);
            let n = self.upto[k][range as usize] as usize;
            moves.extend(
                self.sorted[start..start + n]
                    .iter()
                    .map(|&p| Move::from_pattern(from, dir, p)),
            );
        }
    }

    /// Pushes the spreads along `ray` whose capstone lands alone on the wall `range + 1`
    /// squares away.
    #[inline]
    pub(crate) fn push_flattening(&self, moves: &mut Vec<Move>, ray: Ray) {
        let (from, dir, carry, range) = (ray.from, ray.dir, ray.carry, ray.range);
        let r = range as usize;
        for k in r + 1..=carry as usize {
            let start = block_start(k);
            for &p in
                &self.sorted[start + self.upto[k][r] as usize..start + self.upto[k][r + 1] as usize]
            {
                if ends_alone(p, k) {
                    moves.push(Move::from_pattern(from, dir, p));
                }
            }
        }
    }

    #[inline]
    pub(crate) fn spread_count(&self, carry: u8, range: u8) -> u64 {
        self.spreads[carry as usize][range as usize] as u64
    }

    #[inline]
    pub(crate) fn flattening_count(&self, carry: u8, range: u8) -> u64 {
        self.flattenings[carry as usize][range as usize] as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pattern_appears_once_per_block() {
        let t = MoveTables::get();
        for k in 1..=8 {
            let block = &t.sorted[block_start(k)..block_start(k) + (1 << (k - 1))];
            let mut seen: Vec<u8> = block.to_vec();
            seen.sort();
            seen.dedup();
            assert_eq!(seen.len(), 1 << (k - 1));
            assert!(block.iter().all(|&p| 8 - p.leading_zeros() as usize == k));
            assert!(block
                .windows(2)
                .all(|w| w[0].count_ones() <= w[1].count_ones()));
        }
    }

    #[test]
    fn counts_match_binomials() {
        let t = MoveTables::get();
        // Carrying up to 3 over 2 squares: k=1: 1, k=2: 2, k=3: 1 + 2 = 3.
        assert_eq!(t.spread_count(3, 2), 6);
        // Carrying up to 8 with unlimited range: 255 patterns.
        assert_eq!(t.spread_count(8, 8), 255);
        // A lone capstone next to a wall: one flattening.
        assert_eq!(t.flattening_count(1, 0), 1);
        // Carry 3, one free square then a wall: 11 (k=2), 21 (k=3).
        assert_eq!(t.flattening_count(3, 1), 2);
    }
}
