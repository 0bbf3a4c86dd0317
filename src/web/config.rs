//! What a host can configure about a board.

/// Options of one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardOptions {
    /// Whether the reader may play moves (false: view only).
    pub interactive: bool,
    /// Whether plies slide into place.
    pub animate: bool,
    /// Whether picking up a stack marks the squares it can reach.
    pub show_targets: bool,
    /// Whether file and rank names are drawn along the edges.
    pub coordinates: bool,
    /// Colour-blind-safe pieces: black pieces carry a mark, so shape tells them apart too.
    pub patterns: bool,
    /// When a player is in Tak, marks the squares that would complete the road.
    pub show_threats: bool,
    /// The board seen from Black's side (a view setting: it never enters the game).
    pub flipped: bool,
}

impl Default for BoardOptions {
    fn default() -> BoardOptions {
        BoardOptions {
            interactive: true,
            animate: true,
            show_targets: true,
            coordinates: true,
            patterns: false,
            show_threats: false,
            flipped: false,
        }
    }
}
