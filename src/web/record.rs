//! A game as data: its tree and tags, the options its tags set, its match, who plays it and its
//! clocks. This is what a save holds, what the page's library keeps and what a link carries;
//! it needs no canvas. The board ([`super::state::Board`]) shows one record and turns gestures
//! into changes of it; everything else the board holds (layout, hover, drag, animation, marks
//! being drawn, messages) is the view's and is never saved.

use crate::score::Variants;
use crate::series::{Series, TakeBacks};
use crate::settings::{GameSettings, SettingsValue};
use crate::{Color, Game};

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

impl GameRecord {
    /// Puts `game` in this record: its options read from its tags (scoring, take-backs, the
    /// clocks, stopped at the ply shown), its match and who plays kept.
    pub fn replace_game(&mut self, game: Game) {
        self.game = game;
        self.read_tags();
    }

    /// The game's options from its tags: scoring variants, take-backs, and the clock (in
    /// `read_clock`). Its tags were checked when the game was read
    /// ([`GameSettings::read_option_tags`]); options a host wrote wrong since count as the
    /// defaults.
    pub(super) fn read_tags(&mut self) {
        let mut settings = GameSettings::new(*self.game.start().config());
        // A bad value leaves the defaults from there on. The clock apart: the first
        // visit's build has none ([`GameRecord::read_clock`]).
        let _ = settings.read_play_tags(|tag| self.game.tag(tag));
        self.variants = settings.scoring;
        self.take_backs = settings.take_backs;
        self.read_clock();
    }

    /// The settings this game is played with: its rules, and the options its tags set
    /// (scoring, take-backs, the clock's time control).
    pub fn settings(&self) -> GameSettings {
        GameSettings {
            rules: *self.game.start().config(),
            scoring: self.variants,
            take_backs: self.take_backs,
            clock: self.clock.as_ref().map(|c| c.control),
        }
    }

    /// Whether the rules of this game forbid taking a ply back now: tavern rules while the
    /// game goes on (once it ended, its result stands: [`GameRecord::result_stands`]).
    pub fn take_backs_forbidden(&self) -> bool {
        self.take_backs == TakeBacks::Tavern && self.game.line_outcome().is_none()
    }

    /// Tavern rules, once the game has ended (its current line, as shown, looking back
    /// too): its result stands. A step back does not take a resignation or a draw agreed
    /// back, and no ply is played before its end ([`GameRecord::tavern_locked`]): what keeps
    /// a rated game's result (www/progress.js).
    pub fn result_stands(&self) -> bool {
        self.take_backs == TakeBacks::Tavern && self.game.line_outcome().is_some()
    }

    /// Tavern rules, looking back: playing here would take plies back (in a game that goes
    /// on), or change a finished game whose result stands.
    pub fn tavern_locked(&self) -> bool {
        self.take_backs == TakeBacks::Tavern && self.game.can_forward()
    }

    /// The game to keep across visits: the one being played, also while a finished game of
    /// the match is shown.
    pub fn game_to_keep(&self) -> &Game {
        self.aside.as_ref().map_or(&self.game, |(kept, _)| kept)
    }

    /// [`GameRecord::settings`] as the value the page and the worker read (the page's first
    /// build has no clocks, nor the code that writes a time control).
    pub fn settings_value(&self) -> SettingsValue {
        self.settings().value_with(|control| {
            if cfg!(feature = "study") {
                control.tag()
            } else {
                String::new()
            }
        })
    }
}

/// Who plays, where and when: what the page tells the board, written into the tags of each
/// game it starts (`Date`, `Site`, `Player1`, `Player2`) and used to name the sides.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sitting {
    /// The page's name or address, for `Site`.
    pub site: Option<String>,
    /// Today by the host's clock, as PTN writes dates (`2025.03.07`).
    pub today: Option<String>,
    /// Against the computer: its colour and level (1 to 6).
    pub computer: Option<(Color, u8)>,
}

impl Sitting {
    /// Sets today's date (month and day from 1).
    pub fn set_today(&mut self, year: u32, month: u32, day: u32) {
        let date = format!("{year:04}.{month:02}.{day:02}");
        self.today = Some(date);
    }
}
