//! The position: board, reserves, side to move; playing and undoing plies.

use crate::movegen::{MoveTables, Ray};
use crate::square::bitboard::{self, Bits};
use crate::square::Direction;
use crate::zobrist;
use crate::{Color, Config, Kind, Move, Piece, Square};
use std::fmt;

/// A stack of pieces, bottom to top, as stored on a square.
///
/// Only the top piece can be a wall or a capstone; every piece below it is a flat.
///
/// ```
/// use tak::{Color, Kind, Position, Square};
/// let pos = Position::from_tps("x5/x5/x5/x,12C,x3/x5 1 5")?;
/// let stack = pos.stack("b2".parse()?);
/// assert_eq!(stack.height(), 2);
/// assert_eq!(stack.top().map(|p| (p.color, p.kind)), Some((Color::Black, Kind::Cap)));
/// let colors: Vec<Color> = stack.pieces().map(|p| p.color).collect();
/// assert_eq!(colors, [Color::White, Color::Black]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Stack {
    /// Bit i is the colour of the i-th piece from the bottom (1 = black).
    colors: u128,
    height: u8,
    top_kind: Option<Kind>,
}

impl Stack {
    /// Number of pieces.
    pub const fn height(&self) -> usize {
        self.height as usize
    }

    /// Whether the square is empty.
    pub const fn is_empty(&self) -> bool {
        self.height == 0
    }

    /// The piece `index` places from the bottom.
    pub fn get(&self, index: usize) -> Option<Piece> {
        if index >= self.height() {
            return None;
        }
        let color = Color::from_bit(self.colors >> index & 1 == 1);
        let kind = if index + 1 == self.height() {
            self.top_kind.unwrap_or(Kind::Flat)
        } else {
            Kind::Flat
        };
        Some(Piece::new(color, kind))
    }

    /// The top piece, which controls the stack.
    pub fn top(&self) -> Option<Piece> {
        self.height().checked_sub(1).and_then(|i| self.get(i))
    }

    /// The pieces from bottom to top.
    pub fn pieces(&self) -> impl Iterator<Item = Piece> + '_ {
        (0..self.height()).filter_map(|i| self.get(i))
    }

    /// The colours packed as bits, bottom piece in bit 0 (1 = black).
    pub const fn color_bits(&self) -> u128 {
        self.colors
    }
}

/// Why a ply cannot be played here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The game is already over.
    GameOver,
    /// The square is not on this board.
    OffBoard(Square),
    /// Placement on an occupied square.
    Occupied(Square),
    /// Plies 1 and 2 must place a flat (of the opponent's colour, or with the no-swap
    /// opening of the mover's own).
    OpeningMustPlaceFlat,
    /// No stones (or capstones) of that kind left.
    NoneLeft(Kind),
    /// Moving from an empty square.
    EmptySquare(Square),
    /// Moving a stack whose top is the opponent's.
    NotYourStack(Square),
    /// Carrying more than the stack's height or the carry limit.
    TooManyCarried { count: u8, limit: u8 },
    /// The spread runs off the board.
    RunsOffBoard,
    /// The spread meets a wall or capstone it may not cover.
    Blocked(Square),
    /// Legal, but the game's tree already holds its most plies (the number).
    TreeFull(usize),
    /// Legal, but it would start a variation nested deeper than the limit (the number).
    NestedTooDeep(usize),
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::GameOver => write!(f, "the game is over"),
            IllegalMove::OffBoard(sq) => write!(f, "{sq} is not on the board"),
            IllegalMove::Occupied(sq) => write!(f, "{sq} is not empty"),
            IllegalMove::OpeningMustPlaceFlat => {
                write!(f, "the first ply of each player places a flat")
            }
            IllegalMove::NoneLeft(Kind::Cap) => write!(f, "no capstones left"),
            IllegalMove::NoneLeft(_) => write!(f, "no stones left"),
            IllegalMove::EmptySquare(sq) => write!(f, "{sq} is empty"),
            IllegalMove::NotYourStack(sq) => write!(f, "the stack on {sq} is not yours"),
            IllegalMove::TooManyCarried { count, limit } => {
                write!(f, "cannot carry {count} pieces here (at most {limit})")
            }
            IllegalMove::RunsOffBoard => write!(f, "the move runs off the board"),
            IllegalMove::Blocked(sq) => write!(f, "cannot move onto the piece on {sq}"),
            IllegalMove::TreeFull(n) => write!(f, "a game holds at most {n} plies"),
            IllegalMove::NestedTooDeep(n) => {
                write!(f, "variations nest at most {n} deep")
            }
        }
    }
}

impl std::error::Error for IllegalMove {}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// A road joined two opposite edges.
    Road,
    /// The board filled or a player ran out of pieces, and flats were counted.
    Flats,
    /// A player resigned.
    Resignation,
    /// A player's time ran out (PTN and playtak.com write it as a resignation: `1-0`).
    Time,
    /// The players agreed a draw.
    Agreement,
}

/// How a finished game ended: the winner (none for a draw) and why.
///
/// ```
/// use tak::{Color, EndReason, Outcome};
/// let o = Outcome { winner: Some(Color::Black), reason: EndReason::Road };
/// assert_eq!(o.ptn_result(), "0-R");
/// assert_eq!(Outcome::from_ptn_result("F-0"), Some(Outcome { winner: Some(Color::White), reason: EndReason::Flats }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub winner: Option<Color>,
    pub reason: EndReason,
}

impl Outcome {
    /// The PTN result: `R-0`, `0-R`, `F-0`, `0-F`, `1-0`, `0-1` or `1/2-1/2`.
    pub const fn ptn_result(self) -> &'static str {
        match (self.winner, self.reason) {
            (None, _) => "1/2-1/2",
            (Some(Color::White), EndReason::Road) => "R-0",
            (Some(Color::Black), EndReason::Road) => "0-R",
            (Some(Color::White), EndReason::Flats) => "F-0",
            (Some(Color::Black), EndReason::Flats) => "0-F",
            (Some(Color::White), _) => "1-0",
            (Some(Color::Black), _) => "0-1",
        }
    }

    /// Parses a PTN result. `1/2-1/2` reads as a draw by agreement.
    pub fn from_ptn_result(s: &str) -> Option<Outcome> {
        let (winner, reason) = match s {
            "R-0" => (Some(Color::White), EndReason::Road),
            "0-R" => (Some(Color::Black), EndReason::Road),
            "F-0" => (Some(Color::White), EndReason::Flats),
            "0-F" => (Some(Color::Black), EndReason::Flats),
            "1-0" => (Some(Color::White), EndReason::Resignation),
            "0-1" => (Some(Color::Black), EndReason::Resignation),
            "1/2-1/2" => (None, EndReason::Agreement),
            _ => return None,
        };
        Some(Outcome { winner, reason })
    }
}

/// What [`Position::play_unchecked`] returns, to give to [`Position::undo`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    mv: Move,
    flattened: bool,
    hash: u64,
}

impl Undo {
    /// The ply this undoes.
    pub const fn mv(&self) -> Move {
        self.mv
    }

    /// Whether the ply flattened a wall.
    pub const fn flattened(&self) -> bool {
        self.flattened
    }
}

/// A Tak position: the board, both reserves, the player to move, the ply number and the
/// game's settings. One type serves every size from 3×3 to 8×8.
///
/// ```
/// use tak::{Color, Move, Position};
/// let mut pos = Position::new(5)?;
/// pos.play("a1".parse()?)?; // white places a black flat
/// pos.play("e5".parse()?)?; // black places a white flat
/// pos.play("Sc3".parse()?)?;
/// assert_eq!(pos.to_move(), Color::Black);
/// assert_eq!(pos.to_string(), "x4,1/x5/x2,1S,x2/x5/2,x4 2 2");
/// assert!(pos.play("Sb2".parse()?).is_ok());
/// assert!(pos.play("c3+".parse()?).is_ok()); // a wall can move
/// assert!(pos.play("e5-".parse()?).is_err()); // black to move, and e5 is white's
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    config: Config,
    /// Board squares of this size.
    mask: u64,
    /// Per square: colours bottom to top, bit set for black.
    stacks: [u128; 64],
    heights: [u8; 64],
    /// Squares whose top piece belongs to each colour.
    tops: [u64; 2],
    walls: u64,
    caps: u64,
    stones: [u8; 2],
    capstones: [u8; 2],
    to_move: Color,
    /// Plies played since the start of the game (0 before white's first).
    ply: u32,
    hash: u64,
}

#[inline]
const fn low_bits(n: u32) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

impl Position {
    /// The empty standard board of side `size`.
    pub fn new(size: u8) -> Result<Position, crate::config::ConfigError> {
        Ok(Position::with_config(Config::standard(size)?))
    }

    /// The empty board for `config`.
    pub fn with_config(config: Config) -> Position {
        let mut pos = Position {
            config,
            mask: bitboard::board_mask(config.size),
            stacks: [0; 64],
            heights: [0; 64],
            tops: [0; 2],
            walls: 0,
            caps: 0,
            stones: [config.stones; 2],
            capstones: [config.caps; 2],
            to_move: Color::White,
            ply: 0,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        pos
    }

    /// The game's settings.
    pub const fn config(&self) -> &Config {
        &self.config
    }

    /// Board side.
    #[inline]
    pub const fn size(&self) -> u8 {
        self.config.size
    }

    /// The player to move.
    #[inline]
    pub const fn to_move(&self) -> Color {
        self.to_move
    }

    /// Plies played since the game's start.
    pub const fn ply(&self) -> u32 {
        self.ply
    }

    /// The PTN/TPS move number (1 for the first pair of plies).
    pub const fn move_number(&self) -> u32 {
        self.ply / 2 + 1
    }

    /// Whether this is ply 1 or 2, when only a flat is placed: the opponent's colour (see
    /// [`Position::placing_color`] for the no-swap opening).
    #[inline]
    pub const fn is_opening(&self) -> bool {
        self.ply < 2
    }

    /// The Zobrist hash of the position (board, side to move), kept up to date incrementally.
    #[inline]
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// Stones left in `color`'s reserve.
    pub const fn stones_left(&self, color: Color) -> u8 {
        self.stones[color.index()]
    }

    /// Capstones left in `color`'s reserve.
    pub const fn caps_left(&self, color: Color) -> u8 {
        self.capstones[color.index()]
    }

    /// The stack on `square` (empty off the board).
    pub fn stack(&self, square: Square) -> Stack {
        let i = square.index();
        let top_kind = if self.heights[i] == 0 {
            None
        } else if self.walls & square.bit() != 0 {
            Some(Kind::Wall)
        } else if self.caps & square.bit() != 0 {
            Some(Kind::Cap)
        } else {
            Some(Kind::Flat)
        };
        Stack {
            colors: self.stacks[i],
            height: self.heights[i],
            top_kind,
        }
    }

    /// The height of the stack on `square`.
    #[inline]
    pub fn height(&self, square: Square) -> usize {
        self.heights[square.index()] as usize
    }

    /// The most pieces a spread from `square` may carry: the whole stack, or as many as the
    /// board is wide if the stack is taller (the carry limit).
    ///
    /// ```
    /// use tak::Position;
    /// let pos = Position::from_tps("x3/x,1121S,x/x3 1 4")?;
    /// assert_eq!(pos.carry_limit("b2".parse()?), 3);
    /// assert_eq!(pos.carry_limit("a1".parse()?), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn carry_limit(&self, square: Square) -> u8 {
        self.heights[square.index()].min(self.size())
    }

    /// The top piece on `square`, if any.
    pub fn top(&self, square: Square) -> Option<Piece> {
        self.stack(square).top()
    }

    /// Squares of this board.
    pub const fn board_mask(&self) -> u64 {
        self.mask
    }

    /// Squares whose top piece is `color`'s (any kind).
    #[inline]
    pub const fn tops(&self, color: Color) -> u64 {
        self.tops[color.index()]
    }

    /// Squares topped by a wall.
    #[inline]
    pub const fn walls(&self) -> u64 {
        self.walls
    }

    /// Squares topped by a capstone.
    #[inline]
    pub const fn caps(&self) -> u64 {
        self.caps
    }

    /// Occupied squares.
    #[inline]
    pub const fn occupied(&self) -> u64 {
        self.tops[0] | self.tops[1]
    }

    /// Squares that count for `color`'s roads: its flats and capstones on top.
    #[inline]
    pub const fn road_squares(&self, color: Color) -> u64 {
        self.tops[color.index()] & !self.walls
    }

    /// Squares topped by `color`'s flats: what the flat count counts.
    #[inline]
    pub const fn flat_squares(&self, color: Color) -> u64 {
        self.tops[color.index()] & !self.walls & !self.caps
    }

    /// The flat count of `color` (without komi).
    pub const fn flat_count(&self, color: Color) -> u32 {
        self.flat_squares(color).count_ones()
    }

    /// Whether `color` has a road on the board now.
    #[inline]
    pub fn has_road(&self, color: Color) -> bool {
        bitboard::spans(self.road_squares(color), self.size())
    }

    /// The squares of `color`'s roads themselves: the road pieces on a shortest chain
    /// between two opposite edges. A piece that only touches the road (a side branch of the
    /// winning group) is left out. Empty when `color` has no road.
    ///
    /// ```
    /// use tak::{Color, Position, Square};
    /// // A road along rank 1, and a white flat on b2 touching it.
    /// let pos = Position::from_tps("x3/x,1,x/1,1,1 2 4")?;
    /// let b2 = "b2".parse::<Square>()?.bit();
    /// assert_eq!(pos.road_path(Color::White).count_ones(), 3);
    /// assert_eq!(pos.road_path(Color::White) & b2, 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn road_path(&self, color: Color) -> u64 {
        let road = self.road_squares(color);
        let size = self.size();
        let edges = [
            (bitboard::FILE_A & self.mask, bitboard::last_file(size)),
            (bitboard::RANK_1 & self.mask, bitboard::last_rank(size)),
        ];
        let mut path = 0;
        for (a, b) in edges {
            // Breadth-first layers from edge `a` through the road pieces, until one
            // touches edge `b`; then back along the layers from there.
            let mut layers = [0u64; 64];
            layers[0] = a & road;
            let mut reached = layers[0];
            let mut depth = 0;
            while layers[depth] & b == 0 {
                let next = bitboard::neighbours(layers[depth], self.mask) & road & !reached;
                if next == 0 || depth + 1 == layers.len() {
                    break;
                }
                depth += 1;
                layers[depth] = next;
                reached |= next;
            }
            let mut on_path = layers[depth] & b;
            if on_path == 0 {
                continue;
            }
            path |= on_path;
            for layer in layers[..depth].iter().rev() {
                on_path = layer & bitboard::neighbours(on_path, self.mask);
                path |= on_path;
            }
        }
        path
    }

    /// Whether the board has no empty square or a player has placed every piece.
    #[inline]
    pub const fn is_flat_count_due(&self) -> bool {
        self.occupied() == self.mask
            || (self.stones[0] == 0 && self.capstones[0] == 0)
            || (self.stones[1] == 0 && self.capstones[1] == 0)
    }

    /// Whether the game is over. The same as `outcome().is_some()`, a little faster.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.is_flat_count_due() || self.has_road(Color::White) || self.has_road(Color::Black)
    }

    /// How the game ended, or `None` while it goes on. Checked in the rules' order: road
    /// (the mover wins a double road), then the flat count with komi.
    ///
    /// ```
    /// use tak::{Color, EndReason, Position};
    /// let pos = Position::from_tps("2,2,2/1,1,x/x3 1 4")?;
    /// let o = pos.outcome().unwrap();
    /// assert_eq!((o.winner, o.reason), (Some(Color::Black), EndReason::Road));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        let white = self.has_road(Color::White);
        let black = self.has_road(Color::Black);
        if white || black {
            let winner = match (white, black) {
                (true, true) => !self.to_move, // the player who just moved
                (true, false) => Color::White,
                _ => Color::Black,
            };
            return Some(Outcome {
                winner: Some(winner),
                reason: EndReason::Road,
            });
        }
        if !self.is_flat_count_due() {
            return None;
        }
        let white = 2 * self.flat_count(Color::White) as i32;
        let black = 2 * self.flat_count(Color::Black) as i32 + self.config.komi.half_flats() as i32;
        let winner = match white.cmp(&black) {
            std::cmp::Ordering::Greater => Some(Color::White),
            std::cmp::Ordering::Less => Some(Color::Black),
            std::cmp::Ordering::Equal if self.config.ancient_tie_rule => Some(Color::Black),
            std::cmp::Ordering::Equal => None,
        };
        Some(Outcome {
            winner,
            reason: EndReason::Flats,
        })
    }

    /// Checks that `mv` is legal here, with the reason if not.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        let from = mv.square();
        if !from.is_on_board(self.size()) {
            return Err(IllegalMove::OffBoard(from));
        }
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        self.check_in_play(mv)
    }

    /// [`Position::check`] where the game is known to go on: the search checks a remembered
    /// move this way at every node, and has already looked for an end.
    pub(crate) fn check_in_play(&self, mv: Move) -> Result<(), IllegalMove> {
        let size = self.size();
        let from = mv.square();
        if !from.is_on_board(size) {
            return Err(IllegalMove::OffBoard(from));
        }
        if let Some(kind) = mv.kind() {
            if self.heights[from.index()] != 0 {
                return Err(IllegalMove::Occupied(from));
            }
            if self.is_opening() {
                if kind != Kind::Flat {
                    return Err(IllegalMove::OpeningMustPlaceFlat);
                }
                if self.stones[self.placing_color().index()] == 0 {
                    return Err(IllegalMove::NoneLeft(Kind::Flat));
                }
                return Ok(());
            }
            let left = if kind == Kind::Cap {
                self.capstones
            } else {
                self.stones
            };
            if left[self.to_move.index()] == 0 {
                return Err(IllegalMove::NoneLeft(kind));
            }
            return Ok(());
        }
        if self.is_opening() {
            return Err(IllegalMove::OpeningMustPlaceFlat);
        }
        let height = self.heights[from.index()];
        if height == 0 {
            return Err(IllegalMove::EmptySquare(from));
        }
        if self.tops[self.to_move.index()] & from.bit() == 0 {
            return Err(IllegalMove::NotYourStack(from));
        }
        // The path first, then the count: a refusal names what is in the way (the board
        // explains a spread out of reach by the lightest spread there).
        let dir = mv.direction().expect("a spread has a direction");
        let distance = mv.distance();
        if distance > from.distance_to_edge(dir, size) {
            return Err(IllegalMove::RunsOffBoard);
        }
        let moving_cap = self.caps & from.bit() != 0;
        let last_drop = mv.drops().last().unwrap_or(0);
        let mut sq = from;
        for step in 1..=distance {
            sq = sq.step(dir, size).ok_or(IllegalMove::RunsOffBoard)?;
            let bit = sq.bit();
            if self.caps & bit != 0 {
                return Err(IllegalMove::Blocked(sq));
            }
            if self.walls & bit != 0 && !(step == distance && moving_cap && last_drop == 1) {
                return Err(IllegalMove::Blocked(sq));
            }
        }
        let limit = self.carry_limit(from);
        if mv.count() > limit {
            return Err(IllegalMove::TooManyCarried {
                count: mv.count(),
                limit,
            });
        }
        Ok(())
    }

    /// Plays `mv` if it is legal; otherwise changes nothing and says why.
    pub fn play(&mut self, mv: Move) -> Result<Undo, IllegalMove> {
        self.check(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Plays `mv`, which must be legal (see [`Position::check`]): the fast path for search.
    /// Give the result to [`Position::undo`] to take it back.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) -> Undo {
        let hash = self.hash;
        let flattened = match mv.kind() {
            Some(kind) => {
                self.place(mv.square(), kind);
                false
            }
            None => self.spread(mv),
        };
        self.to_move = !self.to_move;
        self.ply += 1;
        self.hash ^= zobrist::BLACK_TO_MOVE;
        Undo {
            mv,
            flattened,
            hash,
        }
    }

    /// Takes back the ply that returned `undo`, restoring the exact previous position.
    #[inline]
    pub fn undo(&mut self, undo: Undo) {
        self.to_move = !self.to_move;
        self.ply -= 1;
        let mv = undo.mv;
        match mv.kind() {
            Some(kind) => self.unplace(mv.square(), kind),
            None => self.unspread(mv, undo.flattened),
        }
        self.hash = undo.hash;
    }

    #[inline]
    fn place(&mut self, sq: Square, kind: Kind) {
        let color = self.placing_color();
        let i = sq.index();
        let c = color.index();
        self.stacks[i] = color.is_black() as u128;
        self.heights[i] = 1;
        self.tops[c] |= sq.bit();
        match kind {
            Kind::Flat => self.stones[c] -= 1,
            Kind::Wall => {
                self.stones[c] -= 1;
                self.walls |= sq.bit();
            }
            Kind::Cap => {
                self.capstones[c] -= 1;
                self.caps |= sq.bit();
            }
        }
        self.hash ^= zobrist::piece(i, 0, color.is_black()) ^ zobrist::kind(i, kind);
    }

    #[inline]
    fn unplace(&mut self, sq: Square, kind: Kind) {
        let i = sq.index();
        let color = Color::from_bit(self.stacks[i] & 1 == 1);
        let c = color.index();
        self.stacks[i] = 0;
        self.heights[i] = 0;
        self.tops[c] &= !sq.bit();
        match kind {
            Kind::Flat => self.stones[c] += 1,
            Kind::Wall => {
                self.stones[c] += 1;
                self.walls &= !sq.bit();
            }
            Kind::Cap => {
                self.capstones[c] += 1;
                self.caps &= !sq.bit();
            }
        }
    }

    /// Points the top bitboards at the current top of square `i`.
    #[inline]
    fn refresh_top(&mut self, i: usize) {
        let bit = 1u64 << i;
        self.tops[0] &= !bit;
        self.tops[1] &= !bit;
        let h = self.heights[i];
        if h > 0 {
            let black = (self.stacks[i] >> (h - 1)) & 1;
            self.tops[black as usize] |= bit;
        }
    }

    #[inline]
    fn top_kind_at(&self, bit: u64) -> Kind {
        if self.walls & bit != 0 {
            Kind::Wall
        } else if self.caps & bit != 0 {
            Kind::Cap
        } else {
            Kind::Flat
        }
    }

    /// Moves the pieces of a spread; returns whether a wall was flattened.
    #[inline]
    fn spread(&mut self, mv: Move) -> bool {
        let from = mv.square().index();
        let from_bit = 1u64 << from;
        let offset = mv.direction().expect("spread").offset() as isize;
        let count = mv.count() as u32;
        let height = self.heights[from] as u32;
        let kind = self.top_kind_at(from_bit);
        let remaining = height - count;
        let mut carried = (self.stacks[from] >> remaining) as u32 & ((1 << count) - 1);
        let mut hash = self.hash ^ zobrist::kind(from, kind);
        for level in 0..count {
            hash ^= zobrist::piece(from, remaining + level, carried >> level & 1 == 1);
        }
        self.stacks[from] &= low_bits(remaining);
        self.heights[from] = remaining as u8;
        self.walls &= !from_bit;
        self.caps &= !from_bit;
        self.refresh_top(from);

        let mut sq = from as isize;
        let mut pattern = mv.pattern() as u32;
        let mut dropped = 0;
        while pattern != 0 {
            sq += offset;
            let i = sq as usize;
            let end = pattern.trailing_zeros() + 1;
            pattern &= pattern - 1;
            let n = end - dropped;
            dropped = end;
            let group = carried & ((1 << n) - 1);
            carried >>= n;
            let base = self.heights[i] as u32;
            for level in 0..n {
                hash ^= zobrist::piece(i, base + level, group >> level & 1 == 1);
            }
            self.stacks[i] |= (group as u128) << base;
            self.heights[i] = (base + n) as u8;
            self.refresh_top(i);
        }
        let last = sq as usize;
        let last_bit = 1u64 << last;
        let flattened = self.walls & last_bit != 0;
        if flattened {
            self.walls &= !last_bit;
            hash ^= zobrist::kind(last, Kind::Wall);
        }
        match kind {
            Kind::Flat => {}
            Kind::Wall => self.walls |= last_bit,
            Kind::Cap => self.caps |= last_bit,
        }
        self.hash = hash ^ zobrist::kind(last, kind);
        flattened
    }

    #[inline]
    fn unspread(&mut self, mv: Move, flattened: bool) {
        let from = mv.square().index();
        let offset = mv.direction().expect("spread").offset() as isize;
        let count = mv.count() as u32;
        let mut drops = [0u32; 8];
        let mut squares = 0;
        let mut dropped = 0;
        let mut pattern = mv.pattern() as u32;
        while pattern != 0 {
            let end = pattern.trailing_zeros() + 1;
            pattern &= pattern - 1;
            drops[squares] = end - dropped;
            dropped = end;
            squares += 1;
        }
        let last = (from as isize + offset * squares as isize) as usize;
        let last_bit = 1u64 << last;
        let kind = self.top_kind_at(last_bit);
        self.walls &= !last_bit;
        self.caps &= !last_bit;
        if flattened {
            self.walls |= last_bit;
        }
        let mut carried: u32 = 0;
        let mut sq = last as isize;
        for &n in drops[..squares].iter().rev() {
            let i = sq as usize;
            let h = self.heights[i] as u32 - n;
            let group = (self.stacks[i] >> h) as u32 & ((1 << n) - 1);
            carried = carried << n | group;
            self.stacks[i] &= low_bits(h);
            self.heights[i] = h as u8;
            self.refresh_top(i);
            sq -= offset;
        }
        let base = self.heights[from] as u32;
        self.stacks[from] |= (carried as u128) << base;
        self.heights[from] = (base + count) as u8;
        self.refresh_top(from);
        match kind {
            Kind::Flat => {}
            Kind::Wall => self.walls |= 1 << from,
            Kind::Cap => self.caps |= 1 << from,
        }
    }

    /// Passes the turn without playing: not a legal ply in Tak, but what null-move pruning
    /// in a search needs. Undo it with [`Position::unpass`].
    #[inline]
    pub fn pass(&mut self) {
        self.to_move = !self.to_move;
        self.ply += 1;
        self.hash ^= zobrist::BLACK_TO_MOVE;
    }

    /// Takes back a [`Position::pass`].
    #[inline]
    pub fn unpass(&mut self) {
        self.to_move = !self.to_move;
        self.ply -= 1;
        self.hash ^= zobrist::BLACK_TO_MOVE;
    }

    /// Recomputes the Zobrist hash from scratch (tests compare it with the incremental one).
    pub fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for i in Bits(self.occupied()) {
            let i = i as usize;
            for level in 0..self.heights[i] as u32 {
                hash ^= zobrist::piece(i, level, self.stacks[i] >> level & 1 == 1);
            }
            hash ^= zobrist::kind(i, self.top_kind_at(1 << i));
        }
        if self.to_move == Color::Black {
            hash ^= zobrist::BLACK_TO_MOVE;
        }
        hash
    }

    /// Every legal ply, into `moves` (cleared first). Empty when the game is over.
    ///
    /// ```
    /// use tak::Position;
    /// let pos = Position::new(5)?;
    /// let mut moves = Vec::new();
    /// pos.legal_moves(&mut moves);
    /// assert_eq!(moves.len(), 25);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if !self.is_over() {
            self.generate_moves(moves);
        }
    }

    /// Appends the legal spreads of the stack on `square`: what the board's hand may become
    /// once it picks the stack up (the move generator's spreads from one square).
    ///
    /// ```
    /// use tak::Position;
    /// let pos = Position::from_tps("x3/x,21,x/x3 1 3")?;
    /// let mut spreads = Vec::new();
    /// pos.legal_spreads_from("b2".parse()?, &mut spreads);
    /// assert_eq!(spreads.len(), 8); // four directions, one or two pieces carried one square
    /// spreads.clear();
    /// pos.legal_spreads_from("a1".parse()?, &mut spreads);
    /// assert!(spreads.is_empty()); // an empty square
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_spreads_from(&self, square: Square, moves: &mut Vec<Move>) {
        let mine = self.tops[self.to_move.index()] & square.bit() != 0;
        if mine && !self.is_over() && !self.is_opening() {
            self.push_spreads_from(MoveTables::get(), square, self.walls | self.caps, moves);
        }
    }

    /// Appends every legal ply, assuming the game is not over (the search's fast path).
    pub fn generate_moves(&self, moves: &mut Vec<Move>) {
        let tables = MoveTables::get();
        self.generate_placements(moves);
        if self.is_opening() {
            return;
        }
        let blockers = self.walls | self.caps;
        for i in Bits(self.tops[self.to_move.index()]) {
            self.push_spreads_from(tables, Square::from_index(i), blockers, moves);
        }
    }

    /// Appends the spreads of the stack on `from` (the mover's), walls and capstones being
    /// `blockers`.
    #[inline]
    fn push_spreads_from(
        &self,
        tables: &MoveTables,
        from: Square,
        blockers: u64,
        moves: &mut Vec<Move>,
    ) {
        let carry = self.carry_limit(from);
        let is_cap = self.caps & from.bit() != 0;
        for dir in Direction::ALL {
            let (range, stop) = self.range(from, dir, blockers);
            let ray = Ray::new(from, dir, carry, range);
            tables.push_spreads(moves, ray);
            if is_cap && stop & self.walls != 0 {
                tables.push_flattening(moves, ray);
            }
        }
    }

    /// Appends the placements only.
    pub fn generate_placements(&self, moves: &mut Vec<Move>) {
        let empty = self.mask & !self.occupied();
        let me = self.to_move.index();
        let kinds: &[Kind] = if self.is_opening() {
            &[Kind::Flat]
        } else {
            match (self.stones[me] > 0, self.capstones[me] > 0) {
                (true, true) => &[Kind::Flat, Kind::Wall, Kind::Cap],
                (true, false) => &[Kind::Flat, Kind::Wall],
                (false, true) => &[Kind::Cap],
                (false, false) => &[],
            }
        };
        for i in Bits(empty) {
            for &kind in kinds {
                moves.push(Move::place(Square::from_index(i), kind));
            }
        }
    }

    /// How many squares a spread from `from` can cover in `dir` before a blocker or the
    /// edge, and the bit of the square that stops it (0 at the edge).
    #[inline]
    fn range(&self, from: Square, dir: Direction, blockers: u64) -> (u8, u64) {
        let edge = from.distance_to_edge(dir, self.size());
        let offset = dir.offset() as i32;
        let mut sq = from.index() as i32;
        for r in 0..edge {
            sq += offset;
            let bit = 1u64 << sq;
            if blockers & bit != 0 {
                return (r, bit);
            }
        }
        (edge, 0)
    }

    /// The number of legal plies, counted without generating them; assumes the game is not
    /// over. Perft uses it at the last ply.
    pub fn count_moves(&self) -> u64 {
        let empty = (self.mask & !self.occupied()).count_ones() as u64;
        if self.is_opening() {
            return empty;
        }
        let me = self.to_move.index();
        let kinds = if self.stones[me] > 0 { 2 } else { 0 } + (self.capstones[me] > 0) as u64;
        let mut count = empty * kinds;
        let tables = MoveTables::get();
        let size = self.size();
        let blockers = self.walls | self.caps;
        for i in Bits(self.tops[me]) {
            let from = Square::from_index(i);
            let carry = self.heights[i as usize].min(size);
            let is_cap = self.caps & from.bit() != 0;
            for dir in Direction::ALL {
                let (range, stop) = self.range(from, dir, blockers);
                count += tables.spread_count(carry, range);
                if is_cap && stop & self.walls != 0 {
                    count += tables.flattening_count(carry, range);
                }
            }
        }
        count
    }

    /// A ply for `color` that wins by road at once, if there is one: the "Tak" threat when
    /// `color` is not the player to move.
    ///
    /// ```
    /// use tak::{Color, Position};
    /// let pos = Position::from_tps("2,2,x/1,1,x/x3 1 4")?;
    /// assert_eq!(pos.winning_road_move(Color::White).map(|m| m.to_string()), Some("c2".into()));
    /// assert!(pos.winning_road_move(Color::Black).is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn winning_road_move(&self, color: Color) -> Option<Move> {
        if self.to_move == color {
            if self.is_over() {
                return None;
            }
            return self.clone().road_in_one();
        }
        let mut pos = self.clone();
        pos.pass();
        if pos.is_over() {
            return None;
        }
        pos.road_in_one()
    }

    /// Whose piece a placement puts down now: the opponent's on the first two plies (the
    /// opening swap), else the player to move's; with the no-swap opening always the
    /// player to move's. It is also whose reserve a placement takes from.
    ///
    /// ```
    /// use tak::{Color, Config, Opening, Position};
    /// assert_eq!(Position::new(5)?.placing_color(), Color::Black);
    /// assert_eq!(Position::from_tps("x5/x5/x5/x5/2,1,x3 1 2")?.placing_color(), Color::White);
    /// let no_swap = Config::standard(5)?.with_opening(Opening::NoSwap);
    /// assert_eq!(Position::with_config(no_swap).placing_color(), Color::White);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn placing_color(&self) -> Color {
        if self.is_opening() && matches!(self.config.opening, crate::Opening::Swap) {
            !self.to_move
        } else {
            self.to_move
        }
    }

    /// Where the player who is not to move could complete a road on their next turn (the
    /// "Tak" threat): the empty squares a placement wins on, and the last square of each
    /// winning spread. Empty while the game is over or in the opening.
    ///
    /// ```
    /// use tak::{Position, Square};
    /// // Black to move; white threatens e1 (a placement) to finish rank 1.
    /// let pos = Position::from_tps("x5/x5/x5/2,2,2,x2/1,1,1,1,x 2 5")?;
    /// assert_eq!(pos.road_threats(), "e1".parse::<Square>()?.bit());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn road_threats(&self) -> u64 {
        if self.is_over() {
            return 0;
        }
        let threatener = !self.to_move();
        let mut turn = self.clone();
        turn.pass();
        if turn.is_opening() {
            return 0;
        }
        let mut squares = 0;
        if turn.stones_left(threatener) + turn.caps_left(threatener) > 0 {
            squares |= turn.road_placements(threatener);
        }
        let mut moves = Vec::new();
        turn.legal_moves(&mut moves);
        for &mv in moves.iter().filter(|m| !m.is_placement()) {
            let undo = turn.play_unchecked(mv);
            if turn.has_road(threatener) {
                let last = mv.path(self.size()).last().unwrap_or(mv.square());
                squares |= last.bit();
            }
            turn.undo(undo);
        }
        squares
    }

    /// The squares where placing a flat (or capstone) would give `color` a road at once:
    /// empty squares touching both a group connected to one edge and a group connected to
    /// the opposite edge (or lying on that edge). Bitboards only, no move is played.
    pub fn road_placements(&self, color: Color) -> u64 {
        self.road_critical(color) & self.mask & !self.occupied()
    }

    /// The squares that would complete a road for `color` if one of its road pieces stood
    /// there, whatever stands there now: the empty ones are [`Position::road_placements`];
    /// one under an opponent's flat may be taken by a spread, one under a wall or capstone
    /// hardly.
    ///
    /// ```
    /// use tak::{Color, Position, Square};
    /// // White holds a2, b2, c2 and e2; black's flat on d2 is all that stands in the way.
    /// let pos = Position::from_tps("x5/x5/x5/1,1,1,2,1/2,2,x3 2 5")?;
    /// let d2: Square = "d2".parse()?;
    /// assert!(pos.road_critical(Color::White) & d2.bit() != 0);
    /// assert_eq!(pos.road_placements(Color::White) & d2.bit(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn road_critical(&self, color: Color) -> u64 {
        let road = self.road_squares(color);
        let size = self.size();
        let mut wins = 0;
        let sides = [
            (bitboard::FILE_A & self.mask, bitboard::last_file(size)),
            (bitboard::RANK_1 & self.mask, bitboard::last_rank(size)),
        ];
        for (a, b) in sides {
            let from_a = bitboard::flood(a, road, self.mask);
            let from_b = bitboard::flood(b, road, self.mask);
            let near_a = bitboard::neighbours(from_a, self.mask) | a;
            let near_b = bitboard::neighbours(from_b, self.mask) | b;
            wins |= near_a & near_b;
        }
        wins & self.mask & !road
    }

    /// A ply that wins by road at once for the player to move, if any; assumes the game is
    /// not over. Placements are found from bitboards; a spread is only tried when the
    /// squares it could cover might complete a road.
    pub fn road_in_one(&mut self) -> Option<Move> {
        self.road_in_one_with(&mut Vec::new())
    }

    /// [`Position::road_in_one`] with a buffer for the spreads it tries, so that a caller
    /// asking again and again allocates nothing (the tinue solver).
    pub(crate) fn road_in_one_with(&mut self, moves: &mut Vec<Move>) -> Option<Move> {
        let me = self.to_move;
        if self.is_opening() {
            return None;
        }
        let i = me.index();
        if self.stones[i] > 0 || self.capstones[i] > 0 {
            let squares = self.road_placements(me);
            if squares != 0 {
                let kind = if self.stones[i] > 0 {
                    Kind::Flat
                } else {
                    Kind::Cap
                };
                return Some(Move::place(
                    Square::from_index(squares.trailing_zeros() as u8),
                    kind,
                ));
            }
        }
        let road = self.road_squares(me);
        let size = self.size();
        let blockers = self.walls | self.caps;
        let tables = MoveTables::get();
        // A road crosses every file or every rank. A spread covers one line of the board: the
        // files (or ranks) it runs over and a single rank (or file). Most spreads cannot fill
        // what the road squares lack, and are ruled out by a few bit operations before any
        // flood fill (asked of every stack and direction at every node, the flood fills took
        // a fifth of the search's time).
        let full = bitboard::full_line(size);
        let missing_files = full & !bitboard::files_of(road);
        let missing_ranks = full & !bitboard::ranks_of(road);
        for from_index in Bits(self.tops[i]) {
            let from = Square::from_index(from_index);
            let carry = self.heights[from_index as usize].min(size);
            let is_cap = self.caps & from.bit() != 0;
            let (file, rank) = (from.file(), from.rank());
            for dir in Direction::ALL {
                let (range, stop) = self.range(from, dir, blockers);
                let reach = range + (is_cap && stop & self.walls != 0) as u8;
                if reach == 0 {
                    continue;
                }
                // The line's squares run from the origin `steps` squares on.
                let steps = reach.min(carry);
                let run = |start: u8| (((1u16 << (steps + 1)) - 1) << start) as u8;
                let (along, across) = match dir {
                    Direction::Right => (missing_files & !run(file), missing_ranks & !(1 << rank)),
                    Direction::Left => (
                        missing_files & !run(file - steps),
                        missing_ranks & !(1 << rank),
                    ),
                    Direction::Up => (missing_ranks & !run(rank), missing_files & !(1 << file)),
                    Direction::Down => (
                        missing_ranks & !run(rank - steps),
                        missing_files & !(1 << file),
                    ),
                };
                if along != 0 && across != 0 {
                    continue;
                }
                // The best a spread in this direction can do: keep the origin and take
                // every square it can reach.
                let mut ray = 0u64;
                let mut sq = from;
                for _ in 0..reach.min(carry) {
                    match sq.step(dir, size) {
                        Some(next) => {
                            ray |= next.bit();
                            sq = next;
                        }
                        None => break,
                    }
                }
                // Only the group the line joins can be new; the others were no road before.
                let line = ray | from.bit();
                let joined = bitboard::flood(line, road | line, self.mask);
                if !bitboard::touches_opposite_edges(joined, size) {
                    continue;
                }
                moves.clear();
                let ray = Ray::new(from, dir, carry, range);
                tables.push_spreads(moves, ray);
                if reach > range {
                    tables.push_flattening(moves, ray);
                }
                for &mv in moves.iter() {
                    let undo = self.play_unchecked(mv);
                    let wins = self.has_road(me);
                    self.undo(undo);
                    if wins {
                        return Some(mv);
                    }
                }
            }
        }
        None
    }

    /// Whether the player to move is "in Tak": the opponent threatens a road next ply.
    pub fn is_in_tak(&self) -> bool {
        !self.is_over() && self.winning_road_move(!self.to_move).is_some()
    }

    /// Builds a position piece by piece (for TPS): `stacks` lists every occupied square.
    pub(crate) fn from_parts(
        config: Config,
        stacks: &[(Square, Vec<Piece>)],
        to_move: Color,
        ply: u32,
    ) -> Result<Position, String> {
        let mut pos = Position::with_config(config);
        for (sq, pieces) in stacks {
            let i = sq.index();
            for (level, piece) in pieces.iter().enumerate() {
                let c = piece.color.index();
                match piece.kind {
                    Kind::Cap => {
                        if pos.capstones[c] == 0 {
                            return Err(format!(
                                "too many {} capstones for the reserve",
                                piece.color
                            ));
                        }
                        pos.capstones[c] -= 1;
                    }
                    _ => {
                        if pos.stones[c] == 0 {
                            return Err(format!("too many {} stones for the reserve", piece.color));
                        }
                        pos.stones[c] -= 1;
                    }
                }
                pos.stacks[i] |= (piece.color.is_black() as u128) << level;
            }
            pos.heights[i] = pieces.len() as u8;
            pos.refresh_top(i);
            match pieces.last().map(|p| p.kind) {
                Some(Kind::Wall) => pos.walls |= sq.bit(),
                Some(Kind::Cap) => pos.caps |= sq.bit(),
                _ => {}
            }
        }
        pos.to_move = to_move;
        pos.ply = ply;
        pos.hash = pos.compute_hash();
        Ok(pos)
    }
}

/// TPS, e.g. `x5/x5/x5/x5/x5 1 1`.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::tps::write(self))
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}
