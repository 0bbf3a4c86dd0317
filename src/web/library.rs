//! The game library's Rust side: what My games lists for a game ([`Summary`]), the games of
//! a PTN file of many as saves ([`import`]), a save as a PTN file ([`export`]) and a list
//! row's small board picture ([`thumbnail`]). Where games are kept (IndexedDB, one record
//! per game, shared by the tabs) is the page's: `www/library.js` and `www/keeper.js`.
//!
//! ```
//! use tak::web::library;
//! let games = library::import(
//!     "[Size \"5\"]\n[Player1 \"Ann\"]\n[Player2 \"Bo\"]\n1. a1 e5 2. c3\n\n\
//!      [Size \"6\"]\n[Result \"R-0\"]\n1. a1 f6\n",
//! )
//! .unwrap();
//! assert_eq!(games.len(), 2);
//! let first = library::summarize(&games[0]);
//! assert_eq!((first.white.as_str(), first.black.as_str(), first.size, first.plies), ("Ann", "Bo", 5, 3));
//! assert_eq!(first.to_move, tak::Color::Black);
//! // Each game becomes a save, and a save becomes its PTN file again.
//! let save = tak::web::storage::save_game(&games[0]);
//! let (ptn, file) = library::export(&save).unwrap();
//! assert!(ptn.contains("[Player1 \"Ann\"]") && ptn.contains("2. c3"));
//! assert_eq!(file, "Ann-vs-Bo.ptn");
//! assert!(library::export("not a save").is_err());
//! assert!(library::thumbnail(&first.tps, 64.0, false).unwrap().starts_with("<svg"));
//! ```

use super::config::BoardOptions;
use super::i18n::Message;
use super::json::{self, Json};
use super::state::{ptn_error_message, Board};
use super::storage::Restoring;
use crate::{ptn, tps, Color, Game, Position};

/// The most games one file may add to the library: past it the file is refused whole, in
/// words (a million-game file would fill the device before the reader saw a list).
pub const MAX_IMPORT: usize = 10_000;

/// What My games shows of a game, and searches: taken from its main line and its tags.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The players as the `Player1` and `Player2` tags name them (empty when unnamed).
    pub white: String,
    pub black: String,
    pub size: u8,
    /// Plies of the main line.
    pub plies: usize,
    /// Whose turn it is at the main line's end ...
    pub to_move: Color,
    /// ... or how it ended there (`R-0`, `1/2-1/2`).
    pub result: Option<&'static str>,
    /// The position at the main line's end, for the list's picture.
    pub tps: String,
    /// The `Date` tag, if any.
    pub date: Option<String>,
    /// Every other tag as `Name: value` lines, for the search.
    pub tags: String,
}

/// The summary of `game`.
pub fn summarize(game: &Game) -> Summary {
    let (end, outcome) = game.main_line_end();
    // `?` is PTN's "not known": listed as unnamed.
    let tag = |name: &str| {
        game.tag(name)
            .filter(|v| *v != "?")
            .unwrap_or("")
            .to_string()
    };
    let mut tags = String::new();
    for (name, value) in game.tags() {
        if !matches!(name.as_str(), "Player1" | "Player2" | "Size" | "TPS") {
            tags.push_str(name);
            tags.push_str(": ");
            tags.push_str(value);
            tags.push('\n');
        }
    }
    Summary {
        white: tag("Player1"),
        black: tag("Player2"),
        size: end.size(),
        plies: game.main_line_nodes().len(),
        to_move: end.to_move(),
        result: outcome.map(|o| o.ptn_result()),
        tps: tps::write(&end),
        date: game.tag("Date").map(str::to_string),
        tags,
    }
}

impl Json for Summary {
    fn write_json(&self, out: &mut String) {
        let to_move = match self.to_move {
            Color::White => "white",
            Color::Black => "black",
        };
        json::object(
            out,
            &[
                ("white", &self.white),
                ("black", &self.black),
                ("size", &self.size),
                ("plies", &self.plies),
                ("toMove", &to_move),
                ("result", &self.result),
                ("tps", &self.tps),
                ("date", &self.date),
                ("tags", &self.tags),
            ],
        );
    }
}

/// The games of a PTN file of one or many games, each to be kept as its own entry. A file
/// with a game that cannot be read adds none: the message names the game and what is wrong.
pub fn import(text: &str) -> Result<Vec<Game>, Message> {
    // A byte-order mark, as some editors write, is not part of the first tag.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(Message::new("load.nothing"));
    }
    let games = ptn::parse_games(text).map_err(ptn_error_message)?;
    if games.len() > MAX_IMPORT {
        return Err(Message::new("library.too_many").with("limit", MAX_IMPORT));
    }
    Ok(games)
}

/// A save as a PTN file: its text and a file name from its players and date.
pub fn export(save: &str) -> Result<(String, String), Message> {
    let game = read_save(save)?;
    Ok((ptn::write_game(&game), super::session::file_name(&game)))
}

/// The game of a save, or why it cannot be read.
pub fn read_save(save: &str) -> Result<Game, Message> {
    let mut restoring = Restoring::new(save)?;
    loop {
        if let Some(saved) = restoring.step(usize::MAX)? {
            return Ok(saved.into_game());
        }
    }
}

/// A square picture of the position `tps` (a list row's), `px` CSS pixels wide, as an SVG
/// document: the same drawing as the board's. `None` for a TPS that cannot be read.
pub fn thumbnail(tps: &str, px: f64, dark: bool) -> Option<String> {
    let start = Position::from_tps(tps).ok()?;
    let options = BoardOptions {
        coordinates: false,
        ..BoardOptions::default()
    };
    let board = Board::new(Game::new(start), options);
    let px = px.clamp(16.0, 1024.0);
    Some(super::svg::squares_svg(&board, px, dark))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_thumbnail_is_the_squares_alone_at_its_width() {
        let svg = super::thumbnail("x5/x5/x2,1212,x2/x5/x5 1 6", 64.0, false).unwrap();
        assert!(
            svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"64\" height=\"64\""),
            "{svg}"
        );
        // Cut to the squares: the names, reserve counts and piles around them, unreadable at
        // this size, fall outside the picture.
        let view: Vec<f64> = svg
            .split("viewBox=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .split(' ')
            .map(|v| v.parse().unwrap())
            .collect();
        assert!(
            view[0] > 5.0 && view[1] > 5.0 && (view[2] - 64.0).abs() < 1.0,
            "{view:?}"
        );
    }
}
