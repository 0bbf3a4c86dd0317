//! A learned move-ordering policy: a linear score of a handful of binary features of a move
//! (what a placement touches and blocks, what a spread does to the squares it passes), whose
//! weights are fitted offline by maximising the likelihood of the moves actually played in
//! recorded games among all legal moves (a softmax over the position's moves, [`fit`]).
//!
//! The search orders its quiet moves by this score and reduces the ones it rates far below
//! the best more deeply. Scoring is allocation-free: [`PolicyContext`] gathers once per node
//! what every move's features need (bitboards, line counts, critical squares), then
//! [`PolicyContext::score`] costs a few bit operations per move (a flood fill only for the
//! moves that may create a road threat).
//!
//! ```
//! use tak::ai::policy::PolicyContext;
//! use tak::{Move, Position};
//! // White to move completes rank 2 on e2: the policy rates that above a corner placement.
//! let pos = Position::from_tps("x5/x5/x5/1,1,1,1,x/2,2,2,x,2 1 5")?;
//! let context = PolicyContext::new(&pos);
//! let win: Move = "e2".parse()?;
//! let corner: Move = "a5".parse()?;
//! assert!(context.score(&pos, win) > context.score(&pos, corner));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::policy_weights;
use crate::square::bitboard::{self, flood, neighbours, spans};
use crate::{Color, Kind, Move, Position, Square};

/// The features' layout: offsets of each group in the weight vector.
mod at {
    // Placements, by kind k (flat 0, wall 1, cap 2).
    pub const KIND: usize = 0; // 3
    pub const RING: usize = 3; // 3 kinds × 4 rings (distance to the nearest edge, 3+)
    pub const MY_ADJ: usize = 15; // 3 × 4: own road pieces next to it (0..3+)
    pub const THEIR_ADJ: usize = 27; // 3 × 4: opponent's pieces next to it
    pub const BLOCK: usize = 39; // 3: on a square that would complete their road
    pub const MY_LINE: usize = 42; // 3 × 5: most own road pieces in its rank or file (0..4+)
    pub const THEIR_LINE: usize = 57; // 3 × 5: same for the opponent
    pub const ROAD_WIN: usize = 72; // 1: completes a road
    pub const THREAT: usize = 73; // 2 (flat, cap): makes a new square that would win
    pub const NEAR_TALL: usize = 75; // 3: next to an opponent's stack of 3+
    pub const PHASE: usize = 78; // 3 × 4: by the mover's reserve (≤3, ≤8, ≤16, more)
                                 // Spreads.
    pub const S_TOP: usize = 90; // 3: the moving top is a flat, wall, cap
    pub const S_COUNT: usize = 93; // 4: pieces carried 1, 2, 3, 4+
    pub const S_DIST: usize = 97; // 3: squares travelled 1, 2, 3+
    pub const S_FCD: usize = 100; // 7: change in (own − their) flats on the squares touched, −3..3
    pub const S_CAPTURE: usize = 107; // 3: tallest opponent stack covered, 1, 2, 3+
    pub const S_FLATTEN: usize = 110; // 1: a capstone flattens a wall
    pub const S_DROP_OWN: usize = 111; // 3: drops onto own stacks, 1, 2, 3+
    pub const S_DROP_THEIRS: usize = 114; // 3: drops onto the opponent's, 1, 2, 3+
    pub const S_UNCOVER_THEIRS: usize = 117; // 1: leaves an opponent's piece on top at the origin
    pub const S_UNCOVER_MINE: usize = 118; // 1: leaves an own piece on top at the origin
    pub const S_ROAD_WIN: usize = 119; // 1: completes a road
    pub const S_GIVES_ROAD: usize = 120; // 1: completes the opponent's road
    pub const S_BLOCKS: usize = 121; // 1: puts an own road piece on a square that would complete theirs
    pub const S_THREAT: usize = 122; // 1: makes a new square that would win
    pub const IGNORES: usize = 123; // 2 (placement, spread): leaves the opponent a placement that wins
    pub const NEAR_LAST: usize = 125; // 3: a placement next to a square the last ply touched
    pub const S_HITS_LAST: usize = 128; // 1: a spread over a square the last ply touched
    pub const S_FROM_NEAR_LAST: usize = 129; // 1: a spread from next to the last ply's squares
    pub const COUNT: usize = 130;
}

/// Number of weights of the policy.
pub const POLICY_FEATURES: usize = at::COUNT;

// A change to the policy's features needs its weights fitted again (`tak policy`).
const _: () = assert!(
    policy_weights::FITTED_FEATURES == POLICY_FEATURES,
    "data/train/*/policy.txt were fitted for another set of policy features: run tak policy again"
);

/// At most this many features are active for one move.
pub const MAX_ACTIVE: usize = 16;

/// The active features of one move (all binary).
#[derive(Clone, Copy, Debug)]
pub struct Active {
    pub indices: [u8; MAX_ACTIVE],
    pub len: usize,
}

impl Active {
    fn new() -> Active {
        Active {
            indices: [0; MAX_ACTIVE],
            len: 0,
        }
    }

    fn push(&mut self, index: usize) {
        debug_assert!(index < POLICY_FEATURES);
        if self.len < MAX_ACTIVE {
            self.indices[self.len] = index as u8;
            self.len += 1;
        }
    }

    /// The indices of the active features.
    pub fn as_slice(&self) -> &[u8] {
        &self.indices[..self.len]
    }
}

/// What the features of every move of one position need, gathered once.
pub struct PolicyContext {
    me: Color,
    size: u8,
    mask: u64,
    my_road: u64,
    their_road: u64,
    my_tops: u64,
    their_tops: u64,
    walls: u64,
    caps: u64,
    empty: u64,
    /// Empty squares where a road piece of mine wins at once.
    my_wins: u64,
    their_critical: u64,
    /// Road pieces per file (0..8) and per rank (8..16).
    my_lines: [u8; 16],
    their_lines: [u8; 16],
    their_tall: u64,
    phase: usize,
    opening: bool,
    /// The squares the opponent's last ply touched, and their neighbours.
    last: u64,
    near_last: u64,
    /// The size's fitted weights.
    weights: &'static [f32; POLICY_FEATURES],
}

fn line_counts(set: u64) -> [u8; 16] {
    let mut counts = [0u8; 16];
    for i in bitboard::Bits(set) {
        counts[(i % 8) as usize] += 1;
        counts[8 + (i / 8) as usize] += 1;
    }
    counts
}

/// The squares that would complete a road for the owner of road squares `road`.
fn critical(road: u64, size: u8, mask: u64) -> u64 {
    let sides = [
        (bitboard::FILE_A & mask, bitboard::last_file(size)),
        (bitboard::RANK_1 & mask, bitboard::last_rank(size)),
    ];
    let mut wins = 0;
    for (a, b) in sides {
        let near_a = neighbours(flood(a, road, mask), mask) | a;
        let near_b = neighbours(flood(b, road, mask), mask) | b;
        wins |= near_a & near_b;
    }
    wins & mask & !road
}

fn kind_index(kind: Kind) -> usize {
    match kind {
        Kind::Flat => 0,
        Kind::Wall => 1,
        Kind::Cap => 2,
    }
}

impl PolicyContext {
    /// Gathers what scoring the moves of `pos` needs (for the player to move), not knowing
    /// the ply that led to it.
    pub fn new(pos: &Position) -> PolicyContext {
        PolicyContext::after(pos, None)
    }

    /// Like [`PolicyContext::new`], knowing the opponent's last ply (replies near it are
    /// likelier).
    pub fn after(pos: &Position, last_ply: Option<Move>) -> PolicyContext {
        let last = last_ply.map_or(0, |mv| {
            mv.path(pos.size()).fold(0, |bits, sq| bits | sq.bit())
        });
        let me = pos.to_move();
        let size = pos.size();
        let mask = pos.board_mask();
        let opening = pos.is_opening();
        let my_road = pos.road_squares(me);
        let their_road = pos.road_squares(!me);
        let empty = mask & !pos.occupied();
        let mut their_tall = 0;
        for i in bitboard::Bits(pos.tops(!me)) {
            if pos.height(Square::from_index(i)) >= 3 {
                their_tall |= 1 << i;
            }
        }
        let reserve = pos.stones_left(me) as u32 + pos.caps_left(me) as u32;
        let phase = match reserve {
            0..=3 => 0,
            4..=8 => 1,
            9..=16 => 2,
            _ => 3,
        };
        PolicyContext {
            me,
            size,
            mask,
            my_road,
            their_road,
            my_tops: pos.tops(me),
            their_tops: pos.tops(!me),
            walls: pos.walls(),
            caps: pos.caps(),
            empty,
            my_wins: if opening {
                0
            } else {
                critical(my_road, size, mask) & empty
            },
            their_critical: if opening {
                0
            } else {
                critical(their_road, size, mask)
            },
            my_lines: line_counts(my_road),
            their_lines: line_counts(their_road),
            their_tall,
            phase,
            opening,
            last,
            near_last: neighbours(last, mask),
            weights: policy_weights::for_size(size),
        }
    }

    /// The policy's score (a logit) of `mv`, a legal move of the position this context
    /// was made from.
    pub fn score(&self, pos: &Position, mv: Move) -> f32 {
        self.features(pos, mv)
            .as_slice()
            .iter()
            .map(|&i| self.weights[i as usize])
            .sum()
    }

    /// The active features of `mv`.
    pub fn features(&self, pos: &Position, mv: Move) -> Active {
        let mut out = Active::new();
        match mv.kind() {
            Some(kind) => self.placement(mv.square(), kind, &mut out),
            None => self.spread(pos, mv, &mut out),
        }
        out
    }

    fn placement(&self, sq: Square, kind: Kind, out: &mut Active) {
        let k = kind_index(kind);
        let bit = sq.bit();
        let (file, rank) = (sq.file() as usize, sq.rank() as usize);
        let last = self.size as usize - 1;
        let ring = file.min(rank).min(last - file).min(last - rank).min(3);
        let near = neighbours(bit, self.mask);
        out.push(at::KIND + k);
        out.push(at::RING + k * 4 + ring);
        out.push(at::MY_ADJ + k * 4 + ((near & self.my_road).count_ones() as usize).min(3));
        out.push(at::THEIR_ADJ + k * 4 + ((near & self.their_tops).count_ones() as usize).min(3));
        if self.their_critical & bit != 0 {
            out.push(at::BLOCK + k);
        }
        let mine = self.my_lines[file].max(self.my_lines[8 + rank]).min(4) as usize;
        let theirs = self.their_lines[file]
            .max(self.their_lines[8 + rank])
            .min(4) as usize;
        out.push(at::MY_LINE + k * 5 + mine);
        out.push(at::THEIR_LINE + k * 5 + theirs);
        if kind != Kind::Wall && !self.opening {
            if self.my_wins & bit != 0 {
                out.push(at::ROAD_WIN);
            } else if near & self.my_road != 0 {
                let wins = critical(self.my_road | bit, self.size, self.mask) & self.empty & !bit;
                if wins & !self.my_wins != 0 {
                    out.push(at::THREAT + (kind == Kind::Cap) as usize);
                }
            }
        }
        if near & self.their_tall != 0 {
            out.push(at::NEAR_TALL + k);
        }
        out.push(at::PHASE + k * 4 + self.phase);
        if self.their_critical & self.empty & !bit != 0 {
            out.push(at::IGNORES);
        }
        if self.near_last & bit != 0 {
            out.push(at::NEAR_LAST + k);
        }
    }

    fn spread(&self, pos: &Position, mv: Move, out: &mut Active) {
        let from = mv.square();
        let stack = pos.stack(from);
        let height = stack.height();
        let carried = mv.count() as usize;
        let top_kind = stack.top().map_or(Kind::Flat, |p| p.kind);
        out.push(at::S_TOP + kind_index(top_kind));
        out.push(at::S_COUNT + carried.clamp(1, 4) - 1);
        out.push(at::S_DIST + (mv.distance() as usize).clamp(1, 3) - 1);
        let colors = stack.color_bits();
        let me_bit = self.me == Color::Black;
        // Tops after the spread, as bitboards of the touched squares.
        let mut my_road = self.my_road;
        let mut their_road = self.their_road;
        let mut my_flats = self.my_road & !self.caps;
        let mut their_flats = self.their_road & !self.caps;
        let mut touched = from.bit();
        let mut empty = self.empty;
        let base = height - carried;
        my_road &= !from.bit();
        my_flats &= !from.bit();
        if base == 0 {
            empty |= from.bit();
        } else if (colors >> (base - 1) & 1 == 1) == me_bit {
            my_road |= from.bit();
            my_flats |= from.bit();
            out.push(at::S_UNCOVER_MINE);
        } else {
            their_road |= from.bit();
            their_flats |= from.bit();
            out.push(at::S_UNCOVER_THEIRS);
        }
        let mut sq = from;
        let mut below = base;
        let mut captured = 0usize;
        let (mut drops_own, mut drops_theirs) = (0usize, 0usize);
        let dir = mv.direction().expect("a spread has a direction");
        for drop in mv.drops() {
            let Some(next) = sq.step(dir, self.size) else {
                break;
            };
            sq = next;
            let bit = sq.bit();
            touched |= bit;
            if self.their_tops & bit != 0 {
                drops_theirs += 1;
                captured = captured.max(pos.height(sq));
                if self.walls & bit != 0 {
                    out.push(at::S_FLATTEN);
                }
            } else if self.my_tops & bit != 0 {
                drops_own += 1;
            }
            below += drop as usize;
            let top = below - 1;
            let mine = (colors >> top & 1 == 1) == me_bit;
            let kind = if top + 1 == height {
                top_kind
            } else {
                Kind::Flat
            };
            empty &= !bit;
            my_road &= !bit;
            my_flats &= !bit;
            their_road &= !bit;
            their_flats &= !bit;
            if kind != Kind::Wall {
                if mine {
                    my_road |= bit;
                } else {
                    their_road |= bit;
                }
            }
            if kind == Kind::Flat {
                if mine {
                    my_flats |= bit;
                } else {
                    their_flats |= bit;
                }
            }
        }
        let flats_before = (self.my_road & !self.caps & touched).count_ones() as i32
            - (self.their_road & !self.caps & touched).count_ones() as i32;
        let flats_after =
            (my_flats & touched).count_ones() as i32 - (their_flats & touched).count_ones() as i32;
        out.push(at::S_FCD + ((flats_after - flats_before).clamp(-3, 3) + 3) as usize);
        if captured > 0 {
            out.push(at::S_CAPTURE + captured.min(3) - 1);
        }
        if drops_own > 0 {
            out.push(at::S_DROP_OWN + drops_own.min(3) - 1);
        }
        if drops_theirs > 0 {
            out.push(at::S_DROP_THEIRS + drops_theirs.min(3) - 1);
        }
        if spans(my_road, self.size) {
            out.push(at::S_ROAD_WIN);
        } else if spans(their_road, self.size) {
            out.push(at::S_GIVES_ROAD);
        }
        if touched & self.their_critical & my_road != 0 {
            out.push(at::S_BLOCKS);
        }
        if self.their_critical & empty != 0 {
            out.push(at::IGNORES + 1);
        }
        if touched & !from.bit() & self.last != 0 {
            out.push(at::S_HITS_LAST);
        }
        if self.near_last & from.bit() != 0 {
            out.push(at::S_FROM_NEAR_LAST);
        }
        let gained = my_road & !self.my_road;
        if gained != 0 && neighbours(gained, self.mask) & my_road != 0 {
            let wins = critical(my_road, self.size, self.mask) & empty;
            if wins & !self.my_wins != 0 {
                out.push(at::S_THREAT);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same position with the colours swapped (the other player to move).
    fn colour_swapped(tps: &str) -> String {
        let mut parts = tps.split(' ');
        let mut board = String::new();
        let mut after_x = false;
        for c in parts.next().unwrap().chars() {
            board.push(match c {
                '1' if !after_x => '2',
                '2' if !after_x => '1',
                c => c,
            });
            after_x = c == 'x' || (after_x && c.is_ascii_digit());
        }
        let player = if parts.next() == Some("1") { "2" } else { "1" };
        format!("{board} {player} {}", parts.next().unwrap())
    }

    const MIDGAMES: [&str; 3] = [
        "x2,1,1,2,x/x,121,1,1,2,1/1,2S,1,12C,1,1/2,2,2,2,1,x/x,2,2,1,2,x/x,2,x4 1 16",
        "x3,2,x2/2,x2,2,2,x/2,x2,21,x,2/x,212,x,1,21,2/1,1112C,1,21,1,2121C/x,2,1,x,2,x 1 23",
        "x3,2,x,1S/x2,1,x3/x,12112,12,12,2,x/x2,2C,2,1121S,2/x,2,x3,112/x,1,1,x2,2 2 23",
    ];

    #[test]
    fn features_do_not_depend_on_colour() {
        for tps in MIDGAMES {
            let pos = Position::from_tps(tps).unwrap();
            let swapped = Position::from_tps(&colour_swapped(tps)).unwrap();
            assert_ne!(pos.to_move(), swapped.to_move());
            let (a, b) = (PolicyContext::new(&pos), PolicyContext::new(&swapped));
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            let mut other = Vec::new();
            swapped.legal_moves(&mut other);
            assert_eq!(moves, other, "{tps}: the same moves");
            for mv in moves {
                assert_eq!(
                    a.features(&pos, mv).as_slice(),
                    b.features(&swapped, mv).as_slice(),
                    "{tps}: {mv}"
                );
                assert_eq!(a.score(&pos, mv), b.score(&swapped, mv));
            }
        }
    }

    #[test]
    fn a_road_win_and_a_block_score_above_every_quiet_placement() {
        // White completes rank 2 on f2; black's rank 5 lacks only f5.
        let pos = Position::from_tps("x6/2,2,2,2,2,x/x6/x6/1,1,1,1,1,x/x6 1 8").unwrap();
        let context = PolicyContext::new(&pos);
        let win: Move = "f2".parse().unwrap();
        let block: Move = "f5".parse().unwrap();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        for mv in moves.into_iter().filter(|m| ![win, block].contains(m)) {
            assert!(context.score(&pos, win) > context.score(&pos, mv), "{mv}");
            if mv.kind() == Some(Kind::Flat) {
                assert!(context.score(&pos, block) > context.score(&pos, mv), "{mv}");
            }
        }
    }

    #[test]
    fn a_spread_counts_the_flats_it_takes_and_the_roads_it_makes() {
        // White's a1 flat onto black's b1 flat: white's flat count gains one square net.
        let pos = Position::from_tps("x6/x6/x6/x6/x6/1,2,x4 1 3").unwrap();
        let context = PolicyContext::new(&pos);
        let capture = context.features(&pos, "a1>".parse().unwrap());
        assert!(capture.as_slice().contains(&((at::S_FCD + 4) as u8)));
        assert!(capture.as_slice().contains(&(at::S_DROP_THEIRS as u8)));
        // A stack spread to finish rank 1: a road.
        let pos = Position::from_tps("x6/x6/x6/x6/x6/1,1,1,1,211,x 1 8").unwrap();
        let context = PolicyContext::new(&pos);
        let road = context.features(&pos, "e1>".parse().unwrap());
        assert!(road.as_slice().contains(&(at::S_ROAD_WIN as u8)));
        // A capstone flattening a wall.
        let pos = Position::from_tps("x6/x6/x6/x6/x6/1C,2S,x4 1 3").unwrap();
        let context = PolicyContext::new(&pos);
        let flatten = context.features(&pos, "a1>".parse().unwrap());
        assert!(flatten.as_slice().contains(&(at::S_FLATTEN as u8)));
    }
}
