//! Reading a pasted game a slice at a time: a game of 100,000 plies takes the page's wasm
//! about a second to read, and the page must never stop answering the reader for more than
//! a fifth of one. The page calls [`Loading::step`] with a small budget, lets input through
//! between calls and shows [`Loading::progress`]; the result is exactly
//! [`parse_game_or_position`]'s.
//!
//! ```
//! use tak::web::loading::Loading;
//! let mut loading = Loading::new("[Size \"5\"]\n1. a1 e5 2. c3 c4 3. d3 {good} d4");
//! let game = loop {
//!     if let Some(game) = loading.step(3).unwrap() { break game; }
//!     assert!(loading.progress() < 1.0);
//! };
//! assert_eq!(game.len(), 6);
//! assert_eq!(loading.progress(), 1.0);
//! let mut bad = Loading::new("[Size \"5\"]\n1. a1 a1");
//! let error = loop {
//!     match bad.step(1) { Err(e) => break e, Ok(None) => {}, Ok(Some(_)) => unreachable!() }
//! };
//! assert_eq!(error.key, "load.ptn_ply");
//! ```

use super::i18n::Message;
use super::state::{looks_like_tps, parse_game_or_position, ptn_error_message};
use crate::ptn::GameReader;
use crate::Game;

/// A pasted text being read.
pub struct Loading {
    text: String,
    /// A PTN's reader; `None` for what is read at once (a TPS, playtak.com's notation, an
    /// empty text), or once the reading is over.
    reader: Option<GameReader>,
    done: bool,
}

impl Loading {
    pub fn new(text: &str) -> Loading {
        let trimmed = text.trim();
        // Read as `parse_game_or_position` reads it: only a PTN goes a slice at a time.
        let is_ptn = !trimmed.is_empty()
            && !looks_like_tps(trimmed)
            && !crate::playtak::looks_like_server_notation(trimmed);
        Loading {
            text: trimmed.to_string(),
            reader: is_ptn.then(GameReader::new),
            done: false,
        }
    }

    /// Reads up to `budget` more tokens: the game once it is all read (the reading is then
    /// over), `None` while there is more, or what is wrong.
    pub fn step(&mut self, budget: usize) -> Result<Option<Game>, Message> {
        if self.done {
            return Err(Message::new("load.nothing"));
        }
        let read = match self.reader.as_mut() {
            None => parse_game_or_position(&self.text).map(Some),
            Some(reader) => reader.step(&self.text, budget).map_err(ptn_error_message),
        };
        if !matches!(read, Ok(None)) {
            self.done = true;
            self.reader = None;
        }
        read
    }

    /// How far the reading has got, from 0 to 1 (1 once it is over).
    pub fn progress(&self) -> f64 {
        match &self.reader {
            _ if self.done => 1.0,
            Some(reader) => reader.progress(&self.text),
            None => 0.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tps_and_server_notation_are_read_at_once_as_a_paste_reads_them() {
        let mut tps = Loading::new("  x5/x5/x5/x5/x5 1 1 ");
        assert_eq!(tps.step(1).unwrap().unwrap().position().size(), 5);
        let mut server = Loading::new("P A1\nP E5\n");
        assert_eq!(server.step(1).unwrap().unwrap().len(), 2);
        let mut empty = Loading::new("  ");
        assert_eq!(empty.step(1).unwrap_err().key, "load.nothing");
        assert_eq!(empty.progress(), 1.0);
    }

    #[test]
    fn a_long_game_is_read_in_many_slices_with_progress_rising() {
        let mut text = String::from("[Size \"6\"]\n1. a1 f6\n");
        for n in 2..2000 {
            let (w, b) = if n % 2 == 0 {
                ("f6-", "a1+")
            } else {
                ("f5+", "a2-")
            };
            text.push_str(&format!("{n}. {w} {b}\n"));
        }
        let mut loading = Loading::new(&text);
        let (mut steps, mut last) = (0, 0.0);
        let game = loop {
            steps += 1;
            if let Some(game) = loading.step(500).unwrap() {
                break game;
            }
            assert!(loading.progress() >= last && loading.progress() < 1.0);
            last = loading.progress();
        };
        assert!(steps >= 10, "{steps}");
        assert_eq!(game.len(), 3998);
        assert_eq!(
            crate::ptn::write_game(&game),
            crate::ptn::write_game(&parse_game_or_position(&text).unwrap())
        );
    }
}
