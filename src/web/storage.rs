//! Saved games: a versioned text that survives reloads. A save that cannot be read is
//! reported, never half-loaded; the page sets the bad text aside instead of deleting it.

use super::i18n::Message;
use super::record::GameRecord;
use crate::{ptn, Game};
use std::fmt::Write;

/// The first line of every save; the number changes when the format does. Version 2 adds
/// the current line through the variations, version 3 the clocks (`clock …` or `clock
/// none`); saves of versions 1 and 2 are still read.
pub const HEADER: &str = "tak-save 3";
const HEADER_V2: &str = "tak-save 2";
const HEADER_V1: &str = "tak-save 1";

/// The text to store for a game's record: the whole game (variations, comments and
/// annotations included), the current line, the ply shown, and its clocks at `now` (ms since
/// 1970; `held`: held only by the page, see [`GameRecord::clock_save_line`]). A record, not a
/// board: no view is needed to save a game.
///
/// ```
/// use tak::web::{config::BoardOptions, record::GameRecord, state::Board, storage};
/// let mut board = Board::with_config(tak::Config::standard(5).unwrap(), BoardOptions::default());
/// board.play_ptn("a1").unwrap();
/// board.play_ptn("e5").unwrap();
/// board.undo();
/// let saved = storage::save(&board.record, 0.0, false);
/// // Restored into a record alone: no board, no canvas.
/// let mut other = GameRecord::new(tak::Game::with_config(tak::Config::standard(3).unwrap()));
/// storage::restore(&mut other, &saved).unwrap();
/// assert_eq!(other.game.position(), board.position());
/// assert!(other.game.can_forward());
/// assert!(storage::restore(&mut other, "tak-save 99\n...").is_err());
/// // Variations, comments and the current line come back too.
/// board.play_ptn("d4").unwrap(); // a variation of e5
/// board.set_comment(&[0, 1], "better?").unwrap();
/// storage::restore(&mut other, &storage::save(&board.record, 0.0, false)).unwrap();
/// assert_eq!(other.game.path(), &[0, 1]);
/// assert_eq!(other.game.comments(&[0, 1]), ["better?"]);
/// assert_eq!(other.game.main_line().len(), 2);
/// ```
pub fn save(record: &GameRecord, now: f64, held: bool) -> String {
    write(&record.game, record.clock_save_line(now, held))
}

/// The text to keep across visits: the game being played, also while a finished game of
/// its match is shown ([`GameRecord::game_to_keep`]).
pub fn save_to_keep(record: &GameRecord, now: f64, held: bool) -> String {
    // A finished game of the match shown: the clocks are the game being played's, not kept.
    let clock = if record.aside.is_none() {
        record.clock_save_line(now, held)
    } else {
        None
    };
    write(record.game_to_keep(), clock)
}

/// The save of `game` with no clocks: a game read from a file, kept in the library.
pub fn save_game(game: &Game) -> String {
    write(game, None)
}

fn write(game: &Game, clock: Option<String>) -> String {
    let ptn = ptn::write_game(game);
    let mut out = String::with_capacity(ptn.len() + 2 * game.line().len() + 64);
    out.push_str(HEADER);
    out.push_str("\nline ");
    // The child indices by commas (a 100,000-ply line is mostly `0,`: no string each).
    for (i, &index) in game.line().iter().enumerate() {
        let _ = write!(out, "{}{index}", if i > 0 { "," } else { "" });
    }
    out.push_str("\nply ");
    ptn::push_number(&mut out, game.len() as u64);
    out.push('\n');
    out.push_str(clock.as_deref().unwrap_or("clock none"));
    out.push('\n');
    out.push_str(&ptn);
    out
}

/// Loads a save into `record` (its match and who plays are kept). On error `record` is
/// unchanged and the message says why.
pub fn restore(record: &mut GameRecord, text: &str) -> Result<(), Message> {
    let mut restoring = Restoring::new(text)?;
    loop {
        if let Some(saved) = restoring.step(usize::MAX)? {
            saved.apply(record);
            return Ok(());
        }
    }
}

/// A save being read a slice at a time, as a pasted game is ([`super::loading`]): a save of
/// 100,000 plies takes the page's wasm a good part of a second to read, and the page must
/// not stop answering for more than a fifth of one. The lines before the game are read at
/// once ([`Restoring::new`]); [`Restoring::step`] reads the game's PTN with a budget of
/// tokens. The result is exactly [`restore`]'s, errors included.
///
/// ```
/// use tak::web::{config::BoardOptions, state::Board, storage::{self, Restoring}};
/// let mut board = Board::with_config(tak::Config::standard(5).unwrap(), BoardOptions::default());
/// for ply in ["a1", "e5", "c3", "c2"] {
///     board.play_ptn(ply).unwrap();
/// }
/// board.goto(3);
/// let saved = storage::save(&board.record, 0.0, false);
/// let mut restoring = Restoring::new(&saved).unwrap();
/// let game = loop {
///     if let Some(game) = restoring.step(2).unwrap() { break game; }
///     assert!(restoring.progress() < 1.0);
/// };
/// let mut other = Board::with_config(tak::Config::standard(3).unwrap(), BoardOptions::default());
/// other.show_saved(game);
/// assert_eq!(storage::save(&other.record, 0.0, false), saved);
/// assert!(Restoring::new("tak-save 99\n...").is_err());
/// ```
pub struct Restoring {
    /// The save's game, as PTN.
    ptn: String,
    /// The current line (child indices), empty for the main line ...
    line: Vec<usize>,
    /// ... and the ply shown on it.
    ply: usize,
    /// The clocks as saved (`clock …`), none before version 3.
    clock: Option<String>,
    /// `None` once the reading is over.
    reader: Option<ptn::GameReader>,
}

/// A save read whole, to put in a record with [`Saved::apply`] (or on a board with
/// [`Board::show_saved`](super::state::Board::show_saved)).
pub struct Saved {
    game: Game,
    clock: Option<String>,
}

impl Saved {
    /// The saved game, at its ply, without its clocks.
    pub fn into_game(self) -> Game {
        self.game
    }

    /// Replaces `record`'s game with the saved one, at its ply, with its clocks.
    pub fn apply(self, record: &mut GameRecord) {
        record.replace_game(self.game);
        if let Some(line) = self.clock.filter(|c| c != "clock none") {
            record.restore_clock_line(&line);
        }
    }
}

fn damaged(detail: String) -> Message {
    Message::new("save.damaged").with("error", detail)
}

/// What is wrong with a save, told of a shared link (which carries a save): the reader of a
/// link saved nothing, so the words are the link's.
pub fn told_of_link(m: Message) -> Message {
    match m.key {
        // The game's own trouble ("ply 3: c3 is not empty") is worth telling.
        "save.damaged" => Message {
            key: "share.damaged_game",
            ..m
        },
        _ => Message::new("share.damaged"),
    }
}

impl Restoring {
    /// Reads the save's lines before its game: what is wrong with them, if anything.
    pub fn new(text: &str) -> Result<Restoring, Message> {
        let header = text.lines().next().unwrap_or("").trim();
        let version = match header {
            HEADER => 3,
            HEADER_V2 => 2,
            HEADER_V1 => 1,
            h if h.starts_with("tak-save ") => {
                return Err(Message::new("save.other_version").with("header", header))
            }
            _ => return Err(Message::new("save.unknown_format")),
        };
        let mut lines = text.splitn(version + 2, '\n');
        lines.next();
        let line: Vec<usize> = if version >= 2 {
            let text = lines
                .next()
                .and_then(|l| l.trim().strip_prefix("line"))
                .ok_or(Message::new("save.lost_place"))?
                .trim();
            if text.is_empty() {
                Vec::new()
            } else {
                text.split(',')
                    .map(|n| n.trim().parse::<usize>())
                    .collect::<Result<_, _>>()
                    .map_err(|_| Message::new("save.lost_place"))?
            }
        } else {
            Vec::new()
        };
        let ply: usize = lines
            .next()
            .and_then(|l| l.trim().strip_prefix("ply "))
            .and_then(|n| n.trim().parse().ok())
            .ok_or(Message::new("save.no_ply"))?;
        let clock = if version >= 3 {
            let clock = lines.next().unwrap_or("").trim();
            if !clock.starts_with("clock") {
                return Err(Message::new("save.lost_clock"));
            }
            Some(clock.to_string())
        } else {
            None
        };
        Ok(Restoring {
            ptn: lines.next().unwrap_or("").to_string(),
            line,
            ply,
            clock,
            reader: Some(ptn::GameReader::new()),
        })
    }

    /// Reads up to `budget` more tokens of the game: the save once it is all read (the
    /// reading is then over), `None` while there is more, or what is wrong with it.
    pub fn step(&mut self, budget: usize) -> Result<Option<Saved>, Message> {
        let Some(reader) = self.reader.as_mut() else {
            return Err(Message::new("load.nothing"));
        };
        let mut game = match reader.step(&self.ptn, budget) {
            Ok(None) => return Ok(None),
            Ok(Some(game)) => game,
            Err(e) => {
                self.reader = None;
                return Err(damaged(e.to_string()));
            }
        };
        self.reader = None;
        // Where the save was shown (a variation, a ply) is not in its game: said in words,
        // not as the list of child indices the save keeps.
        if !self.line.is_empty() && !game.goto_path(&self.line) || self.ply > game.line().len() {
            return Err(Message::new("save.lost_place"));
        }
        game.goto(self.ply);
        Ok(Some(Saved {
            game,
            clock: self.clock.take(),
        }))
    }

    /// How far the reading has got, from 0 to 1 (1 once it is over).
    pub fn progress(&self) -> f64 {
        self.reader
            .as_ref()
            .map_or(1.0, |reader| reader.progress(&self.ptn))
    }
}

/// The longest id a kept game (and a friend link's game) may have (the page makes
/// 36-character UUIDs).
pub const MAX_ID: usize = 64;

/// An entry's id as the page makes them (a UUID): letters, digits, `-` and `_`.
pub fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= MAX_ID
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::state::long_board;
    use crate::Config;

    #[test]
    fn a_long_save_is_read_in_many_slices_and_comes_back_whole() {
        let mut board = long_board(3000);
        // A variation with a comment, shown, at a ply inside it.
        board.goto(1500);
        board.play_ptn("b3").unwrap();
        board.play_ptn("c3").unwrap();
        let path = board.record.game.path().to_vec();
        board.set_comment(&path, "a way out").unwrap();
        board.goto(1501);
        let saved = save(&board.record, 0.0, false);
        let mut restoring = Restoring::new(&saved).unwrap();
        let (mut steps, mut last) = (0, 0.0);
        let read = loop {
            steps += 1;
            if let Some(read) = restoring.step(200).unwrap() {
                break read;
            }
            assert!(restoring.progress() >= last && restoring.progress() < 1.0);
            last = restoring.progress();
        };
        assert!(steps > 20, "{steps}");
        assert_eq!(restoring.progress(), 1.0);
        let mut other = GameRecord::new(Game::with_config(Config::standard(3).unwrap()));
        read.apply(&mut other);
        assert_eq!(save(&other, 0.0, false), saved);
        assert_eq!(other.game.len(), 1501);
        assert_eq!(other.game.main_line().len(), 3000);
        // Read once: a further step says there is nothing left, as a paste's does.
        assert_eq!(
            restoring.step(200).err().map(|m| m.key),
            Some("load.nothing")
        );
    }

    #[test]
    fn a_damaged_save_read_in_slices_says_what_restore_says_and_where() {
        let saved = save(&long_board(400).record, 0.0, false);
        // A ply that cannot be played, far into the game.
        let damaged = saved.replacen("150. f6- a1+", "150. f6- a1", 1);
        assert_ne!(damaged, saved);
        let mut board = long_board(2);
        let whole = restore(&mut board.record, &damaged).unwrap_err();
        assert_eq!(whole.key, "save.damaged");
        let mut restoring = Restoring::new(&damaged).unwrap();
        let sliced = loop {
            match restoring.step(50) {
                Ok(None) => {}
                Ok(Some(_)) => panic!("read a damaged save"),
                Err(message) => break message,
            }
        };
        assert_eq!(sliced, whole);
        assert_eq!(board.record.game.len(), 2, "nothing changed");
        // The lines before the game are read at once.
        assert_eq!(
            Restoring::new("tak-save 3\nline 0\nply x")
                .err()
                .map(|m| m.key),
            Some("save.no_ply")
        );
        let past = saved.replacen("ply 400", "ply 401", 1);
        let mut restoring = Restoring::new(&past).unwrap();
        let error = loop {
            if let Err(message) = restoring.step(1000) {
                break message;
            }
        };
        // Said in words, not as the save's list of child indices.
        assert_eq!(error.key, "save.lost_place");
        let lost = Restoring::new(&saved.replacen("line ", "line 0,0,7,0", 1))
            .unwrap()
            .step(usize::MAX)
            .err()
            .map(|m| m.text(crate::web::i18n::Lang::En));
        assert_eq!(
            lost.as_deref(),
            Some("The saved game is damaged: the ply it was showing is not in it.")
        );
        // A link's save is told of the link.
        assert_eq!(told_of_link(error).key, "share.damaged");
        let game = told_of_link(super::damaged("ply 3: a1 is not empty".into()));
        assert!(game
            .text(crate::web::i18n::Lang::En)
            .starts_with("The game in the shared link cannot be read (ply 3: a1 is not empty)"));
    }
}
