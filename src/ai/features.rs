//! What the evaluation looks at: a fixed list of numbers ("features") that describe a position
//! from the point of view of the player to move. The evaluation is a weighted sum of them
//! ([`super::eval`]); the weights are fitted to game outcomes by [`super::tune`].
//!
//! One list serves every size: indices are laid out for 8×8, and a smaller board just never
//! sets the entries it has no use for (each size has its own weights). Most features are
//! "mine minus the opponent's", so swapping colours negates them; the few where having the
//! move matters (how close each side is to a road, road threats) come in separate pairs.
//!
//! Computing them allocates nothing: the fast path feeds each feature straight into a running
//! dot product ([`Sink`]), training records them instead.
//!
//! ```
//! use tak::ai::features::{extract, FEATURE_COUNT, TEMPO};
//! use tak::Position;
//! let pos = Position::from_tps("x5/x5/x2,1,x2/x5/x3,2,x 1 3")?;
//! let mut values = [0f32; FEATURE_COUNT];
//! extract(&pos, &mut values);
//! assert_eq!(values[TEMPO], 1.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::square::bitboard::{self, Bits};
use crate::{Color, Position};

/// Receives features one at a time: `index` from the layout below, `value` to add.
pub trait Sink {
    fn add(&mut self, index: usize, value: f32);
}

/// Training: accumulate into a dense vector.
impl Sink for [f32] {
    #[inline]
    fn add(&mut self, index: usize, value: f32) {
        self[index] += value;
    }
}

/// Training: accumulate into a dense array.
impl<const N: usize> Sink for [f32; N] {
    #[inline]
    fn add(&mut self, index: usize, value: f32) {
        self[index] += value;
    }
}

/// A weight for each feature at the start of the game and at its end: the evaluation
/// blends the two by how much of the game is left ([`game_left`]), so that a feature can
/// matter more early (a wall that slows a road) or late (a flat on the count).
pub type TaperedWeights = [[f32; 2]; FEATURE_COUNT];

/// The fast path: two running dot products, with the opening's and the ending's weights
/// (blended once at the end, see [`Dot::blend`]).
pub struct Dot<'a> {
    pub weights: &'a TaperedWeights,
    pub opening: f32,
    pub ending: f32,
}

impl<'a> Dot<'a> {
    pub fn new(weights: &'a TaperedWeights) -> Dot<'a> {
        Dot {
            weights,
            opening: 0.0,
            ending: 0.0,
        }
    }

    /// The weighted sum at a point of the game: `left` from 1 (start) to 0 (end).
    #[inline]
    pub fn blend(&self, left: f32) -> f32 {
        self.opening * left + self.ending * (1.0 - left)
    }
}

impl Sink for Dot<'_> {
    #[inline(always)]
    fn add(&mut self, index: usize, value: f32) {
        let [opening, ending] = self.weights[index];
        self.opening += opening * value;
        self.ending += ending * value;
    }
}

/// Square classes under the board's eight symmetries: (distance to the nearest file edge,
/// distance to the nearest rank edge), unordered. Ten classes on 8×8, fewer on smaller boards.
pub const SQUARE_CLASSES: usize = 10;

// The layout. Each block is named after what it counts; `*_ME`/`*_OPP` blocks are per side,
// everything else is mine minus the opponent's.
/// Flats on top, by square class.
pub const FLAT_PSQT: usize = 0;
/// Walls on top, by square class.
pub const WALL_PSQT: usize = FLAT_PSQT + SQUARE_CLASSES;
/// Capstones on top, by square class.
pub const CAP_PSQT: usize = WALL_PSQT + SQUARE_CLASSES;
/// The flat count with komi (in flats), at four stages of the game (interpolated): how much
/// of the game is left is the smaller of the shorter reserve and the empty squares.
pub const FLAT_COUNT: usize = CAP_PSQT + SQUARE_CLASSES;
pub const PHASE_KNOTS: usize = 4;
/// The flat count again when the game can end within 1, 2 or 3 placements (the flat race).
pub const FLAT_COUNT_RACE: usize = FLAT_COUNT + PHASE_KNOTS;
/// Pieces in hand, by stage of the game: in a race, who runs out first.
pub const RESERVES: usize = FLAT_COUNT_RACE + 3;
/// Pieces under a top within the carry limit: [own, captive] for a flat, wall and cap top.
pub const STACK: usize = RESERVES + PHASE_KNOTS;
/// Pieces below the carry limit: [own, captive].
pub const DEEP: usize = STACK + 6;
/// Controlled stacks by height: 2, 3–4, 5+.
pub const TALL: usize = DEEP + 2;
/// Rows and columns: [own road pieces 0..=8][opponent pieces 0, 1, 2+].
pub const LINES: usize = TALL + 3;
/// The largest group's span (files or ranks covered), one-hot 0..=8.
pub const SPAN: usize = LINES + 9 * 3;
/// Road distance of the player to move: placements still needed for a road, 1..=6, 7+.
pub const ROAD_DISTANCE_ME: usize = SPAN + 9;
/// Road distance of the opponent.
pub const ROAD_DISTANCE_OPP: usize = ROAD_DISTANCE_ME + 7;
/// Squares completing a road for the player to move: 1, 2+.
pub const THREATS_ME: usize = ROAD_DISTANCE_OPP + 7;
/// Squares completing a road for the opponent: 1, 2+.
pub const THREATS_OPP: usize = THREATS_ME + 2;
/// Squares a capstone can move to.
pub const CAP_MOBILITY: usize = THREATS_OPP + 2;
/// Adjacent pairs of road pieces (connectedness).
pub const ADJACENT: usize = CAP_MOBILITY + 1;
/// Empty squares next to road pieces (room to grow).
pub const LIBERTIES: usize = ADJACENT + 1;
/// Walls next to the opponent's road pieces (blocking where it matters).
pub const WALL_BLOCKS: usize = LIBERTIES + 1;
/// Opponent's stacks next to my capstone (it can capture them).
pub const CAP_ATTACKS: usize = WALL_BLOCKS + 1;
/// Having the move.
pub const TEMPO: usize = CAP_ATTACKS + 1;
/// Squares completing a road for the player to move if taken, by what stands there: an
/// opponent's flat (a spread may take it), a wall or capstone.
pub const CRITICAL_ME: usize = TEMPO + 1;
/// The same for the opponent.
pub const CRITICAL_OPP: usize = CRITICAL_ME + 2;
/// Stack mobility: for each controlled stack, the pieces a spread can carry ([own, captive])
/// times the squares it can spread over.
pub const MOBILITY: usize = CRITICAL_OPP + 2;
/// The flat lead with komi for the player to move, rounded, one-hot from -4 (or less) to +4
/// (or more): the count's worth is not linear (one flat ahead is not a third of three).
pub const LEAD_BUCKETS: usize = MOBILITY + 2;
/// Connected groups of road pieces (many small groups are easy to cut).
pub const GROUPS: usize = LEAD_BUCKETS + 9;
/// Capstones with one of their own pieces just under them (hard to capture from above and
/// strong to spread).
pub const HARD_CAPS: usize = GROUPS + 1;
/// The opponent's [flats, walls, capstones] next to my stacks of two or more, times the
/// stack's height: how exposed the tall stacks are.
pub const STACK_PRESSURE: usize = HARD_CAPS + 1;
/// Squares that would finish a road for the player to move, taken by an opponent's flat or
/// wall next to its capstone (the capstone can step on and finish it).
pub const CAP_CRITICAL_ME: usize = STACK_PRESSURE + 3;
/// The same for the opponent.
pub const CAP_CRITICAL_OPP: usize = CAP_CRITICAL_ME + 1;
/// The flat race: the flat lead with komi the player to move would end with if both sides
/// only placed flats from now on ([`race_to_the_count`]), by how soon that end comes: within
/// 2, 4, 8 or 16 placements. The count then decides, and who places last gains a flat.
pub const RACE_LEAD: usize = CAP_CRITICAL_OPP + 1;
pub const RACE_BUCKETS: usize = 4;
/// Who that race's count favours (+1, 0 even, −1), by the same buckets: a lead of half a flat
/// wins as surely as one of five.
pub const RACE_WINNER: usize = RACE_LEAD + RACE_BUCKETS;
/// Rows and columns with my road pieces (0..=8) that an opponent's wall or capstone blocks:
/// a block no flat of mine can take (their flats in a line can be covered by a spread).
pub const LINES_WALLED: usize = RACE_WINNER + RACE_BUCKETS;
/// Length of the feature vector.
pub const FEATURE_COUNT: usize = LINES_WALLED + 9;

/// Where the flat count is interpolated, in "fraction of the game left" (1 = start).
const PHASE_AT: [f32; PHASE_KNOTS] = [1.0, 0.5, 0.25, 0.0];

/// A short name for every feature index, for tuning reports and the weights file.
pub fn feature_name(index: usize) -> String {
    let blocks: [(usize, &str); 35] = [
        (FLAT_PSQT, "flat_psqt"),
        (WALL_PSQT, "wall_psqt"),
        (CAP_PSQT, "cap_psqt"),
        (FLAT_COUNT, "flat_count"),
        (FLAT_COUNT_RACE, "flat_count_race"),
        (RESERVES, "reserves"),
        (STACK, "stack"),
        (DEEP, "deep"),
        (TALL, "tall"),
        (LINES, "lines"),
        (SPAN, "span"),
        (ROAD_DISTANCE_ME, "road_distance_me"),
        (ROAD_DISTANCE_OPP, "road_distance_opp"),
        (THREATS_ME, "threats_me"),
        (THREATS_OPP, "threats_opp"),
        (CAP_MOBILITY, "cap_mobility"),
        (ADJACENT, "adjacent"),
        (LIBERTIES, "liberties"),
        (WALL_BLOCKS, "wall_blocks"),
        (CAP_ATTACKS, "cap_attacks"),
        (TEMPO, "tempo"),
        (CRITICAL_ME, "critical_me"),
        (CRITICAL_OPP, "critical_opp"),
        (MOBILITY, "mobility"),
        (LEAD_BUCKETS, "lead_buckets"),
        (GROUPS, "groups"),
        (HARD_CAPS, "hard_caps"),
        (STACK_PRESSURE, "stack_pressure"),
        (CAP_CRITICAL_ME, "cap_critical_me"),
        (CAP_CRITICAL_OPP, "cap_critical_opp"),
        (RACE_LEAD, "race_lead"),
        (RACE_WINNER, "race_winner"),
        (LINES_WALLED, "lines_walled"),
        (FEATURE_COUNT, "end"),
        (usize::MAX, ""),
    ];
    let i = blocks
        .iter()
        .rposition(|&(start, _)| start <= index)
        .unwrap_or(0);
    let (start, name) = blocks[i];
    if blocks[i + 1].0 - start == 1 {
        name.to_string()
    } else {
        format!("{name}[{}]", index - start)
    }
}

/// The symmetry class of each square, per size (index `size - 3`).
const fn class_table(size: u8) -> [u8; 64] {
    let mut table = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        let (file, rank) = (i % 8, i / 8);
        if file < size as usize && rank < size as usize {
            let a = min(file, size as usize - 1 - file);
            let b = min(rank, size as usize - 1 - rank);
            let (lo, hi) = if a < b { (a, b) } else { (b, a) };
            table[i] = (hi * (hi + 1) / 2 + lo) as u8;
        }
        i += 1;
    }
    table
}

const fn min(a: usize, b: usize) -> usize {
    if a < b {
        a
    } else {
        b
    }
}

/// Per size, the squares of each class, so a piece-square sum is ten popcounts.
const fn class_masks(size: u8) -> [u64; SQUARE_CLASSES] {
    let table = class_table(size);
    let mut masks = [0u64; SQUARE_CLASSES];
    let mut i = 0;
    while i < 64 {
        if i % 8 < size as usize && i / 8 < size as usize {
            masks[table[i] as usize] |= 1 << i;
        }
        i += 1;
    }
    masks
}

static CLASS_MASKS: [[u64; SQUARE_CLASSES]; 6] = [
    class_masks(3),
    class_masks(4),
    class_masks(5),
    class_masks(6),
    class_masks(7),
    class_masks(8),
];

/// The symmetry class of square `index` on a board of side `size`.
pub fn square_class(size: u8, index: usize) -> usize {
    class_table(size)[index] as usize
}

/// Writes the features of `pos` (for the player to move) into `values` (added to what is
/// there: pass zeros).
pub fn extract<S: Sink + ?Sized>(pos: &Position, values: &mut S) {
    features(pos, values);
}

/// How much of the game is left, from 1 (start) to 0 (the flat count is due): the smaller
/// of the shorter reserve and the empty squares, as fractions.
pub fn game_left(pos: &Position) -> f32 {
    let config = pos.config();
    let start = (config.stones as u32 + config.caps as u32).max(1);
    let shortest = Color::ALL
        .iter()
        .map(|&c| pos.stones_left(c) as u32 + pos.caps_left(c) as u32)
        .min()
        .unwrap_or(start);
    let cells = pos.size() as u32 * pos.size() as u32;
    let empty = (pos.board_mask() & !pos.occupied()).count_ones();
    (shortest as f32 / start as f32).min(empty as f32 / cells as f32)
}

/// Placements (at least) until the flat count is due: the shorter reserve or the empty
/// squares, whichever runs out first.
fn placements_left(pos: &Position) -> u32 {
    let shortest = Color::ALL
        .iter()
        .map(|&c| pos.stones_left(c) as u32 + pos.caps_left(c) as u32)
        .min()
        .unwrap_or(0);
    shortest.min((pos.board_mask() & !pos.occupied()).count_ones())
}

/// The flat race to the count: if from now on both sides only placed flats, the player to
/// move first, how many placements until the game ends (the board full, or a player's last
/// piece placed), and the flat lead with komi the player to move would then have (capstones
/// placed add no flat).
///
/// ```
/// use tak::ai::features::race_to_the_count;
/// use tak::Position;
/// // 6x6, two empty squares, White to move with 17 flats to Black's 16 (and a wall): each
/// // fills one, and White ends a flat ahead.
/// let pos = Position::from_tps(
///     "1,2,1,2,1,2/2,1,2,1,2,1/1,2,1,2,1,2/2,1,2,1,2,1/1,2,1,2,1,2S/x,x,1,2,1,2 1 18",
/// )?;
/// assert_eq!(race_to_the_count(&pos), (2, 1.0));
/// // With one empty square White fills it and gains the flat.
/// let one = Position::from_tps(
///     "1,2,1,2,1,2/2,1,2,1,2,1/1,2,1,2,1,2/2,1,2,1,2,1/1,2,1,2,1,2S/x,2,1,2,1,2 1 18",
/// )?;
/// assert_eq!(race_to_the_count(&one), (1, 1.0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn race_to_the_count(pos: &Position) -> (u32, f32) {
    let me = pos.to_move();
    let empty = (pos.board_mask() & !pos.occupied()).count_ones();
    let pieces = |c: Color| pos.stones_left(c) as u32 + pos.caps_left(c) as u32;
    // Placements from now: mine are the odd ones, theirs the even ones.
    let end = empty
        .min((2 * pieces(me)).saturating_sub(1))
        .min(2 * pieces(!me))
        .max(1);
    let mine = end.div_ceil(2).min(pos.stones_left(me) as u32);
    let theirs = (end / 2).min(pos.stones_left(!me) as u32);
    let lead = pos.flat_count(me) as f32 - pos.flat_count(!me) as f32 + mover_komi(pos);
    (end, lead + mine as f32 - theirs as f32)
}

/// Komi (and the ancient tie rule's quarter flat for Black) from the mover's side.
fn mover_komi(pos: &Position) -> f32 {
    let config = pos.config();
    let mut black_bonus = config.komi.half_flats() as f32 / 2.0;
    if config.ancient_tie_rule {
        black_bonus += 0.25;
    }
    if pos.to_move() == Color::Black {
        black_bonus
    } else {
        -black_bonus
    }
}

/// Adds `value` to the piecewise-linear phase block at `base`.
#[inline]
fn add_phased<S: Sink + ?Sized>(sink: &mut S, base: usize, left: f32, value: f32) {
    // PHASE_AT is decreasing: find the segment [PHASE_AT[k], PHASE_AT[k + 1]] holding `left`.
    let mut k = 0;
    while k + 2 < PHASE_KNOTS && left < PHASE_AT[k + 1] {
        k += 1;
    }
    let (hi, lo) = (PHASE_AT[k], PHASE_AT[k + 1]);
    let t = ((hi - left) / (hi - lo)).clamp(0.0, 1.0);
    sink.add(base + k, value * (1.0 - t));
    sink.add(base + k + 1, value * t);
}

#[inline]
fn features<S: Sink + ?Sized>(pos: &Position, sink: &mut S) {
    let me = pos.to_move();
    let size = pos.size();
    let mask = pos.board_mask();
    let empty = mask & !pos.occupied();
    let left = game_left(pos);

    // The flat count with komi (a tie for black under the ancient rule is a quarter flat).
    let flat_lead = pos.flat_count(me) as f32 - pos.flat_count(!me) as f32 + mover_komi(pos);
    add_phased(sink, FLAT_COUNT, left, flat_lead);
    sink.add(
        LEAD_BUCKETS + (flat_lead.round().clamp(-4.0, 4.0) + 4.0) as usize,
        1.0,
    );
    let race = placements_left(pos);
    if (1..=3).contains(&race) {
        sink.add(FLAT_COUNT_RACE + race as usize - 1, flat_lead);
    }
    let hand = |c: Color| pos.stones_left(c) as f32 + pos.caps_left(c) as f32;
    add_phased(sink, RESERVES, left, hand(me) - hand(!me));
    let (race_end, race_lead) = race_to_the_count(pos);
    if race_end <= 16 {
        let bucket = match race_end {
            0..=2 => 0,
            3..=4 => 1,
            5..=8 => 2,
            _ => 3,
        };
        if race_lead != 0.0 {
            sink.add(RACE_LEAD + bucket, race_lead.clamp(-6.0, 6.0));
            sink.add(RACE_WINNER + bucket, race_lead.signum());
        }
    }

    for (color, sign) in [(me, 1.0f32), (!me, -1.0f32)] {
        side(pos, color, sign, size, mask, empty, sink);
    }

    // Per side: how near each is to a road, and the squares that would finish one.
    for (color, distance_base, threat_base) in [
        (me, ROAD_DISTANCE_ME, THREATS_ME),
        (!me, ROAD_DISTANCE_OPP, THREATS_OPP),
    ] {
        let distance = road_distance(pos.road_squares(color), empty, size);
        sink.add(distance_base + (distance.clamp(1, 7) - 1) as usize, 1.0);
        let critical = pos.road_critical(color);
        let (critical_base, cap_critical) = if color == me {
            (CRITICAL_ME, CAP_CRITICAL_ME)
        } else {
            (CRITICAL_OPP, CAP_CRITICAL_OPP)
        };
        let own_caps = pos.tops(color) & pos.caps();
        if own_caps != 0 {
            let reachable =
                critical & pos.tops(!color) & !pos.caps() & bitboard::neighbours(own_caps, mask);
            if reachable != 0 {
                sink.add(cap_critical, reachable.count_ones() as f32);
            }
        }
        let taken = (critical & pos.flat_squares(!color)).count_ones();
        if taken != 0 {
            sink.add(critical_base, taken as f32);
        }
        let blocked = (critical & pos.tops(!color) & (pos.walls() | pos.caps())).count_ones();
        if blocked != 0 {
            sink.add(critical_base + 1, blocked as f32);
        }
        if pos.stones_left(color) > 0 || pos.caps_left(color) > 0 {
            // The empty critical squares are `road_placements`, without a second flood fill.
            let threats = (critical & empty).count_ones();
            if threats > 0 {
                sink.add(threat_base + (threats >= 2) as usize, 1.0);
            }
        }
    }
    sink.add(TEMPO, 1.0);
}

/// The features that are "mine minus the opponent's": called for each side with its sign.
#[inline]
fn side<S: Sink + ?Sized>(
    pos: &Position,
    c: Color,
    sign: f32,
    size: u8,
    mask: u64,
    empty: u64,
    sink: &mut S,
) {
    let tops = pos.tops(c);
    let road = pos.road_squares(c);
    let flats = pos.flat_squares(c);
    let walls = tops & pos.walls();
    let caps = tops & pos.caps();
    let classes = &CLASS_MASKS[(size - 3) as usize];
    let half = (size as usize).div_ceil(2);
    let class_count = half * (half + 1) / 2;
    for (k, &class) in classes.iter().enumerate().take(class_count) {
        let f = (flats & class).count_ones();
        if f != 0 {
            sink.add(FLAT_PSQT + k, sign * f as f32);
        }
        let w = (walls & class).count_ones();
        if w != 0 {
            sink.add(WALL_PSQT + k, sign * w as f32);
        }
        let cp = (caps & class).count_ones();
        if cp != 0 {
            sink.add(CAP_PSQT + k, sign * cp as f32);
        }
    }

    // Stacks: what lies under each of my tops.
    let mut stack_sums = [0u32; 6];
    let mut deep = [0u32; 2];
    let mut tall = [0u32; 3];
    let mut mobility = [0u32; 2];
    let mut hard_caps = 0u32;
    let mut pressure = [0u32; 3];
    let theirs = pos.tops(!c);
    let their_kinds = [
        theirs & !pos.walls() & !pos.caps(),
        theirs & pos.walls(),
        theirs & pos.caps(),
    ];
    for i in Bits(tops) {
        let sq = crate::Square::from_index(i);
        let height = pos.height(sq);
        if height < 2 {
            continue;
        }
        let under = (height - 1).min(size as usize);
        let colors = pos.stack(sq).color_bits();
        // The `under` pieces just below the top: the ones a move can carry with it.
        let window = (colors >> (height - 1 - under)) & ((1u128 << under) - 1);
        let black_under = window.count_ones();
        let (own, captives) = if c == Color::Black {
            (black_under, under as u32 - black_under)
        } else {
            (under as u32 - black_under, black_under)
        };
        let kind = if walls & sq.bit() != 0 {
            1
        } else if caps & sq.bit() != 0 {
            2
        } else {
            0
        };
        stack_sums[kind * 2] += own;
        stack_sums[kind * 2 + 1] += captives;
        // The piece just under the top is the window's highest bit.
        let just_under_black = (window >> (under - 1)) & 1 == 1;
        if kind == 2 && just_under_black == (c == Color::Black) {
            hard_caps += 1;
        }
        let around = bitboard::neighbours(sq.bit(), mask);
        for (k, kind_bits) in their_kinds.iter().enumerate() {
            pressure[k] += (around & kind_bits).count_ones() * height as u32;
        }
        let buried = height - 1 - under;
        if buried > 0 {
            let below = colors & ((1u128 << buried) - 1);
            let black_below = below.count_ones();
            let own_below = if c == Color::Black {
                black_below
            } else {
                buried as u32 - black_below
            };
            deep[0] += own_below;
            deep[1] += buried as u32 - own_below;
        }
        tall[match height {
            2 => 0,
            3 | 4 => 1,
            _ => 2,
        }] += 1;
        let reach = spread_reach(pos, sq, height.min(size as usize) as u32, size);
        mobility[0] += own * reach;
        mobility[1] += captives * reach;
    }
    for (k, &n) in mobility.iter().enumerate() {
        if n != 0 {
            sink.add(MOBILITY + k, sign * n as f32);
        }
    }
    if hard_caps != 0 {
        sink.add(HARD_CAPS, sign * hard_caps as f32);
    }
    for (k, &n) in pressure.iter().enumerate() {
        if n != 0 {
            sink.add(STACK_PRESSURE + k, sign * n as f32);
        }
    }
    for (k, &n) in stack_sums.iter().enumerate() {
        if n != 0 {
            sink.add(STACK + k, sign * n as f32);
        }
    }
    for (k, &n) in deep.iter().enumerate() {
        if n != 0 {
            sink.add(DEEP + k, sign * n as f32);
        }
    }
    for (k, &n) in tall.iter().enumerate() {
        if n != 0 {
            sink.add(TALL + k, sign * n as f32);
        }
    }

    // Rows and columns: my road pieces in each, and the opponent's pieces in the way.
    let row = (1u64 << size) - 1;
    let column = bitboard::FILE_A & mask;
    // Counted first, then added: the same sum in the same order whichever way the board
    // is turned (the evaluation is exactly symmetric).
    let mut line_counts = [0u8; 27];
    let mut walled = [0u8; 9];
    let their_hard = theirs & (pos.walls() | pos.caps());
    for k in 0..size {
        for line in [row << (8 * k), column << k] {
            let own = (road & line).count_ones() as usize;
            let blockers = ((theirs & line).count_ones() as usize).min(2);
            line_counts[own.min(8) * 3 + blockers] += 1;
            if their_hard & line != 0 {
                walled[own.min(8)] += 1;
            }
        }
    }
    for (k, &n) in line_counts.iter().enumerate() {
        if n != 0 {
            sink.add(LINES + k, sign * n as f32);
        }
    }
    for (k, &n) in walled.iter().enumerate() {
        if n != 0 {
            sink.add(LINES_WALLED + k, sign * n as f32);
        }
    }

    let (span, groups) = spans_and_groups(road, size);
    sink.add(SPAN + span as usize, sign);
    if groups != 0 {
        sink.add(GROUPS, sign * groups as f32);
    }

    // Capstones: where they can go, and what they can take. Counted over all of them
    // first, then added: with two capstones, adding each in turn would sum in an order that
    // depends on how the board is turned.
    let (mut cap_moves, mut cap_prey) = (0, 0);
    for i in Bits(caps) {
        let bit = 1u64 << i;
        let around = bitboard::neighbours(bit, mask);
        cap_moves += (around & !pos.caps()).count_ones();
        cap_prey += (around & theirs & !pos.caps()).count_ones();
    }
    if caps != 0 {
        sink.add(CAP_MOBILITY, sign * cap_moves as f32);
    }
    if cap_prey != 0 {
        sink.add(CAP_ATTACKS, sign * cap_prey as f32);
    }

    let horizontal = road & (road >> 1) & !bitboard::FILE_H;
    let vertical = road & (road >> 8);
    let pairs = horizontal.count_ones() + vertical.count_ones();
    if pairs != 0 {
        sink.add(ADJACENT, sign * pairs as f32);
    }
    let liberties = (bitboard::neighbours(road, mask) & empty).count_ones();
    if liberties != 0 {
        sink.add(LIBERTIES, sign * liberties as f32);
    }
    let blocks = (walls & bitboard::neighbours(pos.road_squares(!c), mask)).count_ones();
    if blocks != 0 {
        sink.add(WALL_BLOCKS, sign * blocks as f32);
    }
}

/// The squares a stack on `from` can spread over carrying at most `carry` pieces: in each
/// direction, up to `carry` squares before the edge, a wall or a capstone.
#[inline]
fn spread_reach(pos: &Position, from: crate::Square, carry: u32, size: u8) -> u32 {
    let blockers = pos.walls() | pos.caps();
    let mut reach = 0;
    for dir in crate::Direction::ALL {
        let mut sq = from;
        for _ in 0..carry {
            match sq.step(dir, size) {
                Some(next) if next.bit() & blockers == 0 => {
                    reach += 1;
                    sq = next;
                }
                _ => break,
            }
        }
    }
    reach
}

/// The most files or ranks covered by one connected group of `road`.
pub fn best_span(road: u64, size: u8) -> u32 {
    spans_and_groups(road, size).0
}

/// The most files or ranks covered by one connected group of `road`, and how many groups.
fn spans_and_groups(road: u64, size: u8) -> (u32, u32) {
    let mut groups = 0;
    let mask = bitboard::board_mask(size);
    let mut rest = road;
    let mut best = 0;
    while rest != 0 {
        let seed = rest & rest.wrapping_neg();
        let group = bitboard::flood(seed, road, mask);
        rest &= !group;
        groups += 1;
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
    (best, groups)
}

/// Placements still needed to complete a road through `road` squares (free) and `empty`
/// squares (one placement each), the fewer of the two directions; `size + 1` when no road
/// can be made (everything else blocks). A road on the board is 0.
pub fn road_distance(road: u64, empty: u64, size: u8) -> u32 {
    let mask = bitboard::board_mask(size);
    let passable = road | empty;
    let mut best = size as u32 + 1;
    for (start, goal) in [
        (bitboard::FILE_A & mask, bitboard::last_file(size)),
        (bitboard::RANK_1 & mask, bitboard::last_rank(size)),
    ] {
        // Layer d: the squares reachable from the start edge with d placements.
        let mut reached = bitboard::flood(start, road, mask);
        let mut cost = 0;
        while reached & goal == 0 {
            cost += 1;
            if cost >= best {
                break;
            }
            let frontier = (bitboard::neighbours(reached, mask) | start) & empty & !reached;
            if frontier == 0 {
                cost = size as u32 + 1;
                break;
            }
            let grown = reached | frontier;
            reached = bitboard::flood(grown, road | grown, mask) & passable | grown;
        }
        best = best.min(cost);
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The features of `tps`, for the player to move.
    fn values_of(tps: &str) -> [f32; FEATURE_COUNT] {
        let pos = Position::from_tps(tps).unwrap();
        let mut values = [0f32; FEATURE_COUNT];
        extract(&pos, &mut values);
        values
    }

    #[test]
    fn the_lead_is_one_hot_with_komi_and_clamped() {
        // White to move, three flats to one, no komi: +2.
        let v = values_of("1,1,1,2,x2/x6/x6/x6/x6/x6 1 3");
        assert_eq!(
            v[LEAD_BUCKETS..LEAD_BUCKETS + 9],
            [0., 0., 0., 0., 0., 0., 1., 0., 0.]
        );
        // Black to move, six white flats (no road) to one black: -5, in the -4 bucket.
        let v = values_of("1,1,1,x,1,1/1,x5/x6/x6/x6/2,x5 2 6");
        assert_eq!(v[LEAD_BUCKETS], 1.0);
        assert_eq!(
            v[LEAD_BUCKETS + 1..LEAD_BUCKETS + 9].iter().sum::<f32>(),
            0.0
        );
    }

    #[test]
    fn groups_hard_caps_and_pressure_are_counted_per_side() {
        // Rank 1: a white flat, a black capstone on a white flat, a black flat, a white flat.
        // Black to move, so Black's counts are positive and White's negative.
        let v = values_of("x6/x6/x6/x6/x6/1,12C,2,1,x2 2 4");
        // Black's road pieces b1 c1 make one group; White's a1 and d1 are two.
        assert_eq!(v[GROUPS], 1.0 - 2.0);
        // Black's capstone stands on White's flat: not a hard capstone.
        assert_eq!(v[HARD_CAPS], 0.0);
        // Black's stack of two on b1 has one white flat beside it (a1): 1 x 2. White has no
        // stack of two or more.
        assert_eq!(v[STACK_PRESSURE], 2.0);
        assert_eq!(v[STACK_PRESSURE + 2], 0.0);
        // White to move; Black's capstone on its own flat, White's flats on both sides.
        let v = values_of("x6/x6/x6/x6/x6/1,22C,1,x3 1 4");
        assert_eq!(v[HARD_CAPS], -1.0);
        assert_eq!(v[STACK_PRESSURE], -4.0);
    }

    #[test]
    fn a_capstone_next_to_a_taken_critical_square_is_counted() {
        // White (to move) has a1-e1; f1, which would finish the road, holds Black's flat and
        // White's capstone on f2 can step onto it.
        let v = values_of("x6/x6/x6/x6/x5,1C/1,1,1,1,1,2 1 8");
        assert_eq!(v[CAP_CRITICAL_ME], 1.0);
        assert_eq!(v[CAP_CRITICAL_OPP], 0.0);
        // Without the capstone the square is still taken, but nothing counts here.
        let v = values_of("x6/x6/x6/x6/x6/1,1,1,1,1,2 1 8");
        assert_eq!(v[CAP_CRITICAL_ME], 0.0);
    }

    #[test]
    fn the_layout_names_every_feature() {
        assert_eq!(feature_name(0), "flat_psqt[0]");
        assert_eq!(feature_name(TEMPO), "tempo");
        assert_eq!(feature_name(LINES + 4), "lines[4]");
        const { assert!(FEATURE_COUNT < 200) };
    }

    #[test]
    fn classes_follow_the_symmetries() {
        for size in 3..=8u8 {
            let n = size as usize;
            let half = n.div_ceil(2);
            let count = half * (half + 1) / 2;
            for sq in crate::Square::all(size) {
                let (f, r) = (sq.file() as usize, sq.rank() as usize);
                let c = square_class(size, sq.index());
                assert!(c < count, "size {size} {sq}");
                let mirrored = (n - 1 - f) + 8 * r;
                let transposed = r + 8 * f;
                assert_eq!(square_class(size, mirrored), c);
                assert_eq!(square_class(size, transposed), c);
            }
        }
    }

    #[test]
    fn spans_are_measured_per_group() {
        let pos = Position::from_tps("x5/x5/1,1,1,x,1/x5/x5 2 5").unwrap();
        assert_eq!(best_span(pos.road_squares(Color::White), 5), 3);
        let pos = Position::from_tps("x5/1,x4/1,x4/1,x4/x5 2 4").unwrap();
        assert_eq!(best_span(pos.road_squares(Color::White), 5), 3);
    }

    #[test]
    fn road_distance_counts_placements() {
        let empty = |p: &Position| p.board_mask() & !p.occupied();
        let pos = Position::new(5).unwrap();
        assert_eq!(road_distance(0, empty(&pos), 5), 5);
        let pos = Position::from_tps("x5/x5/1,1,1,x,1/x5/x5 2 5").unwrap();
        let white = pos.road_squares(Color::White);
        assert_eq!(road_distance(white, empty(&pos), 5), 1);
        // Black walls across rank 3 except one gap: white must go round.
        let pos = Position::from_tps("x5/x5/1,1,2S,1,1/x5/x5 2 5").unwrap();
        let white = pos.road_squares(Color::White);
        assert_eq!(road_distance(white, empty(&pos), 5), 3);
        // Fully blocked in both directions.
        let pos = Position::from_tps("x3/2S,2S,2S/1,x2 1 4").unwrap();
        assert_eq!(
            road_distance(pos.road_squares(Color::White), empty(&pos), 3),
            2
        );
        let pos = Position::from_tps("x,2S,x/2S,2S,2S/1,2S,x 1 4").unwrap();
        assert_eq!(
            road_distance(pos.road_squares(Color::White), empty(&pos), 3),
            4
        );
    }
}
