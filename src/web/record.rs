//! A game as data: its tree and tags, the options its tags set, its match, who plays it and its
//! clocks. This is what a save holds, what the page's library keeps and what a link carries;
//! it needs no canvas. The board ([`super::state::Board`]) shows one record and turns gestures
//! into changes of it; everything else the board holds (layout, hover, drag, animation, marks
//! being drawn, messages) is the view's and is never saved.

use super::session::Sitting;
use crate::score::Variants;
use crate::series::{Series, TakeBacks};
use crate::Game;

/// One game's data (see the module's comment).
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub game: Game,
    /// The scoring variants of this game (its `Scoring` tag).
    pub variants: Variants,
    /// Court or tavern (its `TakeBacks` tag).
    pub take_backs: TakeBacks,
    /// The match this game belongs to, if any.
    pub series: Option<Series>,
    /// Who plays, where and when (the tags of a game the page starts, the sides' names).
    pub sitting: Sitting,
    /// While a finished game of the match is shown: the game being played, kept aside, and
    /// the number (from 1) of the game shown.
    pub(super) aside: Option<(Game, usize)>,
    /// Whether a ply played where the current line went on differently makes the new line
    /// the main line (a game against the computer: the game as played is the main line),
    /// rather than a variation (study: the main line is kept).
    pub played_line_is_main: bool,
    /// The game's clocks (its `Clock` tag), if it has any ([`clock`](super::clock)).
    pub clock: Option<crate::clock::Clock>,
    /// The ply the live clocks belong to (the last one played).
    pub(super) clock_path: Vec<usize>,
    /// The reader paused the clocks.
    pub(super) clock_paused: bool,
}

impl GameRecord {
    /// A record of `game` with no match, no clocks and the default options (its tags are read
    /// when it is put on a board).
    pub fn new(game: Game) -> GameRecord {
        GameRecord {
            game,
            variants: Variants::default(),
            take_backs: TakeBacks::Court,
            series: None,
            sitting: Sitting::default(),
            aside: None,
            played_line_is_main: false,
            clock: None,
            clock_path: Vec::new(),
            clock_paused: false,
        }
    }
}
