//! Geometry: where the board, its squares and the reserves sit, in CSS pixels of the canvas,
//! for any board size, canvas shape and device pixel ratio.

use super::Within;
use crate::{Color, Direction, Kind, Square};

/// A point in CSS pixels from the canvas's top-left corner.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    pub const fn new(x: f64, y: f64) -> Point {
        Point { x, y }
    }

    pub fn distance(self, other: Point) -> f64 {
        ((self.x - other.x).powi(2) + (self.y - other.y).powi(2)).sqrt()
    }
}

/// A rectangle in CSS pixels.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

impl Rect {
    pub const fn new(x: f64, y: f64, width: f64, height: f64) -> Rect {
        Rect {
            x,
            y,
            width,
            height,
        }
    }

    pub fn contains(&self, p: Point) -> bool {
        p.x >= self.x && p.x < self.x + self.width && p.y >= self.y && p.y < self.y + self.height
    }

    pub fn center(&self) -> Point {
        Point::new(self.x + self.width / 2.0, self.y + self.height / 2.0)
    }

    /// The rectangle shrunk by `margin` on every side.
    pub fn inset(&self, margin: f64) -> Rect {
        Rect::new(
            self.x + margin,
            self.y + margin,
            (self.width - 2.0 * margin).max(0.0),
            (self.height - 2.0 * margin).max(0.0),
        )
    }
}

/// Where one player's reserve is drawn: a pile each for flats, walls and capstones.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ReserveLayout {
    pub area: Rect,
    /// Where the player's name goes (text baseline; centred in landscape, left in portrait).
    pub label: Point,
    /// How wide the name may be there, in pixels.
    pub label_width: f64,
    pub flat: Rect,
    pub wall: Rect,
    pub cap: Rect,
}

impl ReserveLayout {
    pub fn pile(&self, kind: Kind) -> Rect {
        match kind {
            Kind::Flat => self.flat,
            Kind::Wall => self.wall,
            Kind::Cap => self.cap,
        }
    }
}

/// The whole canvas's geometry. Reserves go left and right of the board on a wide canvas,
/// above and below it on a tall one (a phone in portrait).
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub width: f64,
    pub height: f64,
    pub pixel_ratio: f64,
    pub size: u8,
    /// The squares, without the coordinate margin.
    pub board: Rect,
    pub square: f64,
    pub reserves: [ReserveLayout; 2],
    pub portrait: bool,
    /// Seen from Black's side: turned half a turn, rank 1 at the top and file a at the
    /// right, each reserve on its player's side. The coordinates stay left and below.
    pub flipped: bool,
}

impl Layout {
    /// Lays out a `size`×`size` board on a canvas of `width`×`height` CSS pixels.
    ///
    /// ```
    /// use tak::web::layout::{Layout, Point};
    /// let l = Layout::new(5, 800.0, 500.0, 2.0);
    /// let c3 = "c3".parse().unwrap();
    /// let r = l.square_rect(c3);
    /// assert_eq!(l.square_at(r.center()), Some(c3));
    /// assert!(!l.portrait);
    /// ```
    pub fn new(size: u8, width: f64, height: f64, pixel_ratio: f64) -> Layout {
        Layout::with_caps(size, true, width, height, pixel_ratio)
    }

    /// Like [`Layout::new`]; without capstones in the game (`caps` false) the reserves hold
    /// two piles, spaced wider, and the capstone pile is an empty rectangle.
    pub fn with_caps(size: u8, caps: bool, width: f64, height: f64, pixel_ratio: f64) -> Layout {
        Layout::arranged(size, caps, width, height, pixel_ratio, false)
    }

    /// Like [`Layout::with_caps`]; with `prefer_portrait` (a page held upright) the reserves
    /// stay above and below the board until the canvas is clearly wider than tall, so that
    /// the board does not rearrange itself when the room around it changes a little.
    pub fn arranged(
        size: u8,
        caps: bool,
        width: f64,
        height: f64,
        pixel_ratio: f64,
        prefer_portrait: bool,
    ) -> Layout {
        let width = width.max(60.0);
        let height = height.max(60.0);
        let portrait = if prefer_portrait {
            height > width * 0.7
        } else {
            height > width * 1.05
        };
        let n = size as f64;
        // Coordinates take a third of a square on the left and bottom; each reserve strip
        // is 0.9 square deep beside the board, with gaps.
        let (square, board) = if portrait {
            let square = (width / (n + 0.75)).min(height / (n + 0.45 + 2.0 * 1.05));
            let board_w = square * n;
            let total_h = square * (n + 0.45 + 2.0 * 1.05);
            let x = (width - board_w + square * 0.35) / 2.0;
            let y = (height - total_h) / 2.0 + square * 1.05;
            (square, Rect::new(x, y, board_w, board_w))
        } else {
            let square = (height / (n + 0.5)).min(width / (n + 0.45 + 2.0 * 1.15));
            let board_w = square * n;
            let total_w = square * (n + 0.45 + 2.0 * 1.15);
            let x = (width - total_w) / 2.0 + square * 1.15 + square * 0.4;
            let y = (height - board_w - square * 0.35) / 2.0;
            (square, Rect::new(x, y, board_w, board_w))
        };
        let pile = square * 0.85;
        // Pile offsets from the middle of the reserve, in steps: flat, wall, capstone.
        let (slots, spread): ([f64; 3], f64) = if caps {
            ([-1.0, 0.0, 1.0], 1.0)
        } else {
            ([-0.5, 0.5, 0.0], 1.25)
        };
        let reserve = |color: Color| -> ReserveLayout {
            if portrait {
                // Black above the board, white below (seen from white's side); the name at
                // the left of the row of piles.
                let y = match color {
                    Color::Black => board.y - square * 1.0,
                    Color::White => board.y + board.height + square * 0.4,
                };
                let area = Rect::new(board.x, y, board.width, pile);
                let step = (board.width / 3.0).min(pile * 1.6) * spread;
                let at = |i: f64| {
                    Rect::new(
                        board.x + board.width / 2.0 + i * step - pile / 2.0,
                        y,
                        pile,
                        pile,
                    )
                };
                // From the board's edge or, on a narrow screen, from the canvas's: the room the
                // rank numbers have on the board's rows ("Computer" fits, not only "Black").
                let label = Point::new((area.x - square * 0.5).max(4.0), y + pile * 0.55);
                let flat = at(slots[0]);
                ReserveLayout {
                    area,
                    label,
                    label_width: flat.x - label.x - square * 0.1,
                    flat,
                    wall: at(slots[1]),
                    cap: if caps { at(slots[2]) } else { Rect::default() },
                }
            } else {
                let x = match color {
                    Color::White => board.x - square * 0.4 - square * 1.1,
                    Color::Black => board.x + board.width + square * 0.2,
                };
                let area = Rect::new(x, board.y, pile, board.height);
                // The name on top, inside the column; the piles below it.
                let label = Point::new(x + pile / 2.0, board.y + square * 0.22);
                // Centred on the column: as far as the nearer of the canvas edge and the
                // board (with its rank numbers) on either side.
                let room = match color {
                    Color::White => label.x.min(board.x - square * 0.3 - label.x),
                    Color::Black => (label.x - board.x - board.width).min(width - label.x),
                };
                let step = (board.height / 3.6).min(pile * 1.5) * spread;
                let middle = board.y + board.height / 2.0 + square * 0.15;
                let at = |i: f64| Rect::new(x, middle + i * step - pile / 2.0, pile, pile);
                ReserveLayout {
                    area,
                    label,
                    label_width: 2.0 * room.max(0.0),
                    flat: at(slots[0]),
                    wall: at(slots[1]),
                    cap: if caps { at(slots[2]) } else { Rect::default() },
                }
            }
        };
        Layout {
            width,
            height,
            pixel_ratio: if pixel_ratio.is_finite() && pixel_ratio > 0.0 {
                pixel_ratio.min(4.0)
            } else {
                1.0
            },
            size,
            board,
            square,
            reserves: [reserve(Color::White), reserve(Color::Black)],
            portrait,
            flipped: false,
        }
    }

    /// This layout seen from Black's side (`flipped`) or White's: the squares turned half a
    /// turn and the two reserves swapped, so that each player's pieces wait on their side.
    ///
    /// ```
    /// use tak::web::layout::Layout;
    /// let l = Layout::new(5, 800.0, 500.0, 1.0).turned(true);
    /// let (a1, e5) = (l.square_rect("a1".parse().unwrap()), l.square_rect("e5".parse().unwrap()));
    /// assert!(a1.x > e5.x && a1.y < e5.y, "a1 at the top right");
    /// ```
    pub fn turned(mut self, flipped: bool) -> Layout {
        if self.flipped != flipped {
            self.flipped = flipped;
            self.reserves.swap(0, 1);
        }
        self
    }

    /// The column and row on screen (from the left, from the top) of `square`.
    fn cell(&self, square: Square) -> (u8, u8) {
        let last = self.size - 1;
        if self.flipped {
            (last - square.file(), square.rank())
        } else {
            (square.file(), last - square.rank())
        }
    }

    /// The square at column `col` and row `row` on screen (both within the board).
    fn square_in_cell(&self, col: u8, row: u8) -> Option<Square> {
        let last = self.size - 1;
        if self.flipped {
            Square::new(last - col, row)
        } else {
            Square::new(col, last - row)
        }
    }

    /// The rectangle of `square`.
    pub fn square_rect(&self, square: Square) -> Rect {
        let (col, row) = self.cell(square);
        let x = self.board.x + col as f64 * self.square;
        let y = self.board.y + row as f64 * self.square;
        Rect::new(x, y, self.square, self.square)
    }

    /// Every square as the board shows them, row by row from the top, each row from the
    /// left (a8 … h1 from White's side, h1 … a8 from Black's): the order a reader reads.
    pub fn squares_as_shown(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.size).flat_map(move |row| {
            (0..self.size).filter_map(move |col| self.square_in_cell(col, row))
        })
    }

    /// The board's direction that an arrow key pointing `on_screen` moves along: the
    /// same, or the opposite on a board seen from Black's side (up on screen is down the
    /// ranks there).
    pub fn board_direction(&self, on_screen: Direction) -> Direction {
        if self.flipped {
            on_screen.reverse()
        } else {
            on_screen
        }
    }

    /// The square under `p`, if any.
    pub fn square_at(&self, p: Point) -> Option<Square> {
        if !self.board.contains(p) {
            return None;
        }
        let col = ((p.x - self.board.x) / self.square) as u8;
        let row = ((p.y - self.board.y) / self.square) as u8;
        if col >= self.size || row >= self.size {
            return None;
        }
        self.square_in_cell(col, row)
    }

    /// The square nearest to `p`, clamped to the board (for drags that leave it).
    pub fn nearest_square(&self, p: Point) -> Square {
        let clamp = |v: f64| {
            (v / self.square)
                .floor()
                .within(0.0, self.size as f64 - 1.0) as u8
        };
        let col = clamp(p.x - self.board.x);
        let row = clamp(p.y - self.board.y);
        self.square_in_cell(col, row)
            .expect("clamped onto the board")
    }

    /// The reserve pile under `p`: whose, and which kind.
    pub fn pile_at(&self, p: Point) -> Option<(Color, Kind)> {
        for color in Color::ALL {
            for kind in Kind::ALL {
                if self.reserves[color.index()].pile(kind).contains(p) {
                    return Some((color, kind));
                }
            }
        }
        None
    }

    /// How a stack of `height` pieces is drawn on `square`.
    pub fn stack_geometry(&self, square: Square, height: usize) -> StackGeometry {
        let r = self.square_rect(square);
        StackGeometry::new(r.center().x, r.y + r.height * 0.9, self.square, height)
    }

    /// The canvas's size in device pixels.
    pub fn device_size(&self) -> (u32, u32) {
        (
            (self.width * self.pixel_ratio).round() as u32,
            (self.height * self.pixel_ratio).round() as u32,
        )
    }
}

/// Where the pieces of one stack are drawn. Each piece is a tile seen slightly from the
/// side; the pieces below the top show as bands under it. A tall stack squeezes its bands,
/// down to a legible minimum, and past that only its top pieces are drawn (the full stack
/// is shown on hover or long-press).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StackGeometry {
    pub center_x: f64,
    /// The bottom edge of the lowest drawn piece.
    pub bottom: f64,
    pub tile_width: f64,
    pub face: f64,
    pub band: f64,
    pub first_visible: usize,
    pub height: usize,
    pub square: f64,
}

impl StackGeometry {
    /// A stack of `height` pieces standing on `bottom`, centred on `center_x`, for squares of
    /// side `square`.
    pub fn new(center_x: f64, bottom: f64, square: f64, height: usize) -> StackGeometry {
        let room = square * 0.36;
        let normal = square * 0.09;
        let thinnest = (square * 0.04).max(2.5);
        let below = height.saturating_sub(1);
        let band = if below as f64 * normal <= room {
            normal
        } else {
            (room / below as f64).max(thinnest)
        };
        let shown_below = below.min((room / band + 1e-9).floor() as usize);
        StackGeometry {
            center_x,
            bottom,
            tile_width: square * 0.64,
            face: square * 0.3,
            band,
            first_visible: below - shown_below,
            height,
            square,
        }
    }

    /// The tile of the piece at `level` (drawn from `first_visible` up).
    pub fn level_rect(&self, level: usize) -> Rect {
        let j = level.saturating_sub(self.first_visible) as f64;
        Rect::new(
            self.center_x - self.tile_width / 2.0,
            self.bottom - self.face - j * self.band,
            self.tile_width,
            self.face,
        )
    }

    /// The shape of the top piece when it is a wall (a standing slab) or a capstone.
    pub fn standing_rect(&self, level: usize) -> Rect {
        let base = self.level_rect(level);
        let w = self.square * 0.24;
        let h = self.face + self.square * 0.2;
        Rect::new(self.center_x - w / 2.0, base.y + base.height - h, w, h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_round_trips_on_every_size_and_shape() {
        for size in 3..=8 {
            for (w, h) in [
                (1200.0, 700.0),
                (390.0, 700.0),
                (320.0, 320.0),
                (2000.0, 400.0),
            ] {
                for flipped in [false, true] {
                    let l = Layout::new(size, w, h, 3.0).turned(flipped);
                    for sq in Square::all(size) {
                        let r = l.square_rect(sq);
                        assert_eq!(l.square_at(r.center()), Some(sq));
                        assert!(
                            r.x >= 0.0
                                && r.y >= 0.0
                                && r.x + r.width <= w + 0.01
                                && r.y + r.height <= h + 0.01,
                            "{size} {w}x{h} {sq}"
                        );
                    }
                    for c in Color::ALL {
                        for k in Kind::ALL {
                            let pile = l.reserves[c.index()].pile(k);
                            assert_eq!(l.pile_at(pile.center()), Some((c, k)));
                            assert!(
                                l.square_at(pile.center()).is_none(),
                                "piles never overlap the board"
                            );
                            assert!(
                                pile.x >= 0.0
                                    && pile.y >= 0.0
                                    && pile.x + pile.width <= w + 0.01
                                    && pile.y + pile.height <= h + 0.01
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn tall_stacks_stay_inside_their_square_with_legible_bands() {
        let l = Layout::new(8, 500.0, 500.0, 1.0);
        let sq: Square = "d4".parse().unwrap();
        let r = l.square_rect(sq);
        for height in [1, 2, 8, 30, 100] {
            let g = l.stack_geometry(sq, height);
            let top = g.standing_rect(height - 1);
            assert!(top.y >= r.y - 0.01, "height {height}: {top:?} above {r:?}");
            assert!(height == 1 || g.band >= 2.5);
            assert!(
                height - g.first_visible >= height.min(6),
                "at least the top pieces are drawn"
            );
        }
    }

    #[test]
    fn without_capstones_two_piles_stand_apart() {
        for (w, h) in [(900.0, 600.0), (390.0, 700.0)] {
            let l = Layout::with_caps(3, false, w, h, 1.0);
            let r = &l.reserves[0];
            assert_eq!(r.cap, Rect::default());
            assert_eq!(l.pile_at(Point::new(0.0, 0.0)), None);
            let gap = if l.portrait {
                r.wall.x - (r.flat.x + r.flat.width)
            } else {
                r.wall.y - (r.flat.y + r.flat.height)
            };
            // The count under a pile is drawn at most 18 px high (see render.rs).
            let label = 1.3 * (l.square * 0.2).within(10.0, 18.0);
            assert!(
                gap > label,
                "room for the count between piles: {gap} <= {label}"
            );
        }
    }

    #[test]
    fn rank_one_is_at_the_bottom_and_file_a_at_the_left() {
        let l = Layout::new(5, 600.0, 600.0, 1.0);
        let a1 = l.square_rect("a1".parse().unwrap());
        let e5 = l.square_rect("e5".parse().unwrap());
        assert!(a1.x < e5.x && a1.y > e5.y);
        assert_eq!(l.square_at(Point::new(-5.0, -5.0)), None);
        assert_eq!(
            l.nearest_square(Point::new(-5.0, 1e6)),
            "a1".parse().unwrap()
        );
    }

    #[test]
    fn flipped_the_board_turns_half_a_turn_and_each_reserve_goes_to_its_side() {
        let sq = |s: &str| -> Square { s.parse().unwrap() };
        for (w, h) in [(1280.0, 700.0), (390.0, 700.0)] {
            let plain = Layout::new(5, w, h, 1.0);
            let l = plain.clone().turned(true);
            assert!(l.flipped && !plain.flipped);
            // Every square sits where the square opposite it through the centre sits unflipped.
            for s in Square::all(5) {
                let twin = Square::new(4 - s.file(), 4 - s.rank()).unwrap();
                assert_eq!(l.square_rect(s), plain.square_rect(twin), "{s}");
                assert_eq!(l.square_at(l.square_rect(s).center()), Some(s));
            }
            let (a1, e5) = (l.square_rect(sq("a1")), l.square_rect(sq("e5")));
            assert!(a1.x > e5.x && a1.y < e5.y, "a1 at the top right");
            // The top-left corner is e1; a drag off the bottom-left lands on e5.
            assert_eq!(
                l.square_at(Point::new(l.board.x + 1.0, l.board.y + 1.0)),
                Some(sq("e1"))
            );
            assert_eq!(l.nearest_square(Point::new(-5.0, 1e6)), sq("e5"));
            // Black's reserve is where White's was: below (portrait) or left (landscape).
            assert_eq!(l.reserves[1], plain.reserves[0]);
            assert_eq!(l.reserves[0], plain.reserves[1]);
            let black = l.reserves[1].area;
            if l.portrait {
                assert!(
                    black.y > l.board.y + l.board.height,
                    "Black below the board"
                );
            } else {
                assert!(black.x + black.width < l.board.x, "Black left of the board");
            }
            // Turned back, it is the plain layout again.
            assert_eq!(l.turned(false), plain);
        }
    }

    #[test]
    fn arrow_keys_move_as_they_point_on_screen() {
        let plain = Layout::new(5, 600.0, 600.0, 1.0);
        let flipped = plain.clone().turned(true);
        for d in Direction::ALL {
            assert_eq!(plain.board_direction(d), d);
            let on_board = flipped.board_direction(d);
            assert_eq!(on_board, d.reverse());
            // Moving along the board's direction moves the square the way the arrow points.
            let from: Square = "c3".parse().unwrap();
            let to = from.step(on_board, 5).unwrap();
            let (a, b) = (
                flipped.square_rect(from).center(),
                flipped.square_rect(to).center(),
            );
            let (dx, dy) = (b.x - a.x, b.y - a.y);
            let expected = match d {
                Direction::Up => (0.0, -1.0),
                Direction::Down => (0.0, 1.0),
                Direction::Left => (-1.0, 0.0),
                Direction::Right => (1.0, 0.0),
            };
            assert_eq!(
                (
                    dx.signum() * dx.abs().min(1.0),
                    dy.signum() * dy.abs().min(1.0)
                ),
                expected,
                "{d:?}"
            );
        }
    }
}
