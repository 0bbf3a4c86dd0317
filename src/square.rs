//! Squares, directions and the bitboards that hold sets of squares.

use std::fmt;
use std::str::FromStr;

/// The largest board side supported.
pub const MAX_SIZE: u8 = 8;
/// The smallest board side supported.
pub const MIN_SIZE: u8 = 3;

/// A square, named as in PTN: file `a`..`h` left to right, rank `1`..`8` bottom to top.
///
/// Internally a square is `rank * 8 + file`, whatever the board size, so that one
/// `u64` bitboard covers every size and a step up is always a shift by 8.
///
/// ```
/// use tak::Square;
/// let c3: Square = "c3".parse()?;
/// assert_eq!((c3.file(), c3.rank()), (2, 2));
/// assert_eq!(c3.to_string(), "c3");
/// assert!("i1".parse::<Square>().is_err());
/// # Ok::<(), tak::square::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `file` (0 = a) and `rank` (0 = 1). Returns `None` beyond 8×8.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_SIZE && rank < MAX_SIZE {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// The square with internal index `index` (`rank * 8 + file`), which must be below 64.
    #[inline]
    pub const fn from_index(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index & 63)
    }

    /// The internal index, `rank * 8 + file`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File, 0 for `a`.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// Rank, 0 for `1`.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// This square as a one-bit bitboard.
    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// Whether the square lies on a board of side `size`.
    #[inline]
    pub const fn is_on_board(self, size: u8) -> bool {
        self.file() < size && self.rank() < size
    }

    /// The neighbour one step in `dir`, if it lies on a board of side `size`.
    ///
    /// ```
    /// use tak::{Direction, Square};
    /// let a1: Square = "a1".parse().unwrap();
    /// assert_eq!(a1.step(Direction::Up, 5), Some("a2".parse().unwrap()));
    /// assert_eq!(a1.step(Direction::Left, 5), None);
    /// ```
    #[inline]
    pub const fn step(self, dir: Direction, size: u8) -> Option<Square> {
        let (file, rank) = (self.file(), self.rank());
        match dir {
            Direction::Up if rank + 1 < size => Some(Square(self.0 + 8)),
            Direction::Down if rank > 0 => Some(Square(self.0 - 8)),
            Direction::Right if file + 1 < size => Some(Square(self.0 + 1)),
            Direction::Left if file > 0 => Some(Square(self.0 - 1)),
            _ => None,
        }
    }

    /// How many steps fit in `dir` before leaving a board of side `size`.
    #[inline]
    pub const fn distance_to_edge(self, dir: Direction, size: u8) -> u8 {
        match dir {
            Direction::Up => size - 1 - self.rank(),
            Direction::Down => self.rank(),
            Direction::Right => size - 1 - self.file(),
            Direction::Left => self.file(),
        }
    }

    /// Every square of a board of side `size`, a1, b1, .. row by row.
    pub fn all(size: u8) -> impl Iterator<Item = Square> {
        (0..size).flat_map(move |rank| (0..size).map(move |file| Square(rank * 8 + file)))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// A text that is not a square name such as `c3`, and the side of the board it was read
/// for: the range the message names.
///
/// ```
/// use tak::square::ParseSquareError;
/// let e = "c9".parse::<tak::Square>().unwrap_err();
/// assert_eq!(e.to_string(), "'c9' is not a square (a1 to h8)");
/// assert_eq!(e.on_board(5).to_string(), "'c9' is not a square (a1 to e5)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError {
    pub text: String,
    /// The board's side (8 where no board is known).
    pub size: u8,
}

impl ParseSquareError {
    /// The same error on a board of side `size`.
    pub fn on_board(self, size: u8) -> ParseSquareError {
        ParseSquareError { size, ..self }
    }

    /// The board's last square, `e5` on 5×5: the end of the range the message names.
    pub fn last_square(&self) -> Square {
        let side = self.size.clamp(MIN_SIZE, MAX_SIZE);
        Square::from_index((side - 1) * 9)
    }
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a square (a1 to {})",
            self.text,
            self.last_square()
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match s.as_bytes() {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Ok(Square((r - b'1') * 8 + (f - b'a'))),
            _ => Err(ParseSquareError {
                text: s.to_string(),
                size: MAX_SIZE,
            }),
        }
    }
}

/// One of the four straight directions a stack can move in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// `+`, towards the higher ranks.
    Up = 0,
    /// `-`, towards rank 1.
    Down = 1,
    /// `>`, towards the later files.
    Right = 2,
    /// `<`, towards file a.
    Left = 3,
}

impl Direction {
    /// All four directions.
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Right,
        Direction::Left,
    ];

    /// The PTN symbol: `+`, `-`, `>` or `<`.
    pub const fn symbol(self) -> char {
        match self {
            Direction::Up => '+',
            Direction::Down => '-',
            Direction::Right => '>',
            Direction::Left => '<',
        }
    }

    /// Parses a PTN direction symbol.
    pub const fn from_symbol(c: char) -> Option<Direction> {
        match c {
            '+' => Some(Direction::Up),
            '-' => Some(Direction::Down),
            '>' => Some(Direction::Right),
            '<' => Some(Direction::Left),
            _ => None,
        }
    }

    /// The opposite direction.
    pub const fn reverse(self) -> Direction {
        match self {
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
            Direction::Right => Direction::Left,
            Direction::Left => Direction::Right,
        }
    }

    pub(crate) const fn from_bits(bits: u16) -> Direction {
        match bits & 3 {
            0 => Direction::Up,
            1 => Direction::Down,
            2 => Direction::Right,
            _ => Direction::Left,
        }
    }

    /// The change of internal square index for one step.
    #[inline]
    pub(crate) const fn offset(self) -> i8 {
        match self {
            Direction::Up => 8,
            Direction::Down => -8,
            Direction::Right => 1,
            Direction::Left => -1,
        }
    }
}

/// Bitboard helpers. A bitboard is a `u64` with bit `rank * 8 + file` for each square.
pub mod bitboard {
    /// The squares of a board of side `size`.
    #[inline]
    pub const fn board_mask(size: u8) -> u64 {
        // A table, not a loop: road checks ask for it at every node.
        const MASKS: [u64; 9] = {
            let mut masks = [0; 9];
            let mut size = 1;
            while size <= 8 {
                let row = (1u64 << size) - 1;
                let mut rank = 0;
                while rank < size {
                    masks[size] |= row << (rank * 8);
                    rank += 1;
                }
                size += 1;
            }
            masks
        };
        // A size past 8 gets the largest board, not a panic (in wasm, a panic kills the page).
        MASKS[if size > 8 { 8 } else { size as usize }]
    }

    /// File a of any board.
    pub const FILE_A: u64 = 0x0101_0101_0101_0101;
    /// File h: a step right from here would wrap to the next rank.
    pub const FILE_H: u64 = FILE_A << 7;
    /// Rank 1.
    pub const RANK_1: u64 = 0xff;

    /// The last file of a board of side `size`.
    #[inline]
    pub const fn last_file(size: u8) -> u64 {
        FILE_A << (size - 1)
    }

    /// The last rank of a board of side `size`.
    #[inline]
    pub const fn last_rank(size: u8) -> u64 {
        RANK_1 << ((size - 1) * 8)
    }

    /// The orthogonal neighbours of the squares of `bits`, within `mask`.
    #[inline]
    pub const fn neighbours(bits: u64, mask: u64) -> u64 {
        ((bits << 8) | (bits >> 8) | ((bits & !FILE_H) << 1) | ((bits & !FILE_A) >> 1)) & mask
    }

    /// The squares of `set` connected to `seed` (inclusive) through `set`.
    #[inline]
    pub const fn flood(seed: u64, set: u64, mask: u64) -> u64 {
        let mut reached = seed & set;
        loop {
            let next = (reached | neighbours(reached, mask)) & set;
            if next == reached {
                return reached;
            }
            reached = next;
        }
    }

    /// Whether `set` holds a chain of orthogonally adjacent squares joining two opposite
    /// edges of a board of side `size`: a road, when `set` is a player's road squares.
    #[inline]
    pub fn spans(set: u64, size: u8) -> bool {
        if set.count_ones() < size as u32 {
            return false;
        }
        let mask = board_mask(size);
        // A road from left to right crosses every file, one from bottom to top every rank:
        // two folds rule out most sets before any flood fill (the search asks this at every
        // node, and its move-ordering policy of every spread).
        let (left, right) = (FILE_A & mask, last_file(size));
        let (bottom, top) = (RANK_1 & mask, last_rank(size));
        (covers_every_file(set, size) && flood(left, set, mask) & right != 0)
            || (covers_every_rank(set, size) && flood(bottom, set, mask) & top != 0)
    }

    /// Whether `group`, one connected set of squares, touches two opposite edges of a board
    /// of side `size`: whether it is a road.
    #[inline]
    pub const fn touches_opposite_edges(group: u64, size: u8) -> bool {
        (group & FILE_A != 0 && group & last_file(size) != 0)
            || (group & RANK_1 != 0 && group & last_rank(size) != 0)
    }

    /// The files `set` has a square on, as bits of a byte (bit 0 for file a).
    #[inline]
    pub const fn files_of(set: u64) -> u8 {
        let mut folded = set;
        folded |= folded >> 32;
        folded |= folded >> 16;
        folded |= folded >> 8;
        folded as u8
    }

    /// The ranks `set` has a square on, as bits of a byte (bit 0 for rank 1).
    #[inline]
    pub const fn ranks_of(set: u64) -> u8 {
        // Bit 0 of each byte becomes the OR of that byte's eight bits; then a multiply
        // gathers those eight bits into the top byte.
        let mut folded = set;
        folded |= folded >> 4;
        folded |= folded >> 2;
        folded |= folded >> 1;
        ((folded & FILE_A).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
    }

    /// The bits of the first `size` files or ranks.
    #[inline]
    pub const fn full_line(size: u8) -> u8 {
        ((1u16 << size) - 1) as u8
    }

    #[inline]
    const fn covers_every_file(set: u64, size: u8) -> bool {
        files_of(set) & full_line(size) == full_line(size)
    }

    #[inline]
    const fn covers_every_rank(set: u64, size: u8) -> bool {
        ranks_of(set) & full_line(size) == full_line(size)
    }

    /// Iterates the set bits of a bitboard as square indices, lowest first.
    pub struct Bits(pub u64);

    impl Iterator for Bits {
        type Item = u8;
        #[inline]
        fn next(&mut self) -> Option<u8> {
            if self.0 == 0 {
                None
            } else {
                let i = self.0.trailing_zeros() as u8;
                self.0 &= self.0 - 1;
                Some(i)
            }
        }
    }
}
