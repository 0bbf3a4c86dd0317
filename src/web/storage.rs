//! Saved games: a versioned text that survives reloads. A save that cannot be read is
//! reported, never half-loaded; the page sets the bad text aside instead of deleting it.

use super::i18n::Message;
use super::state::Board;
use crate::{ptn, Game};

/// The first line of every save; the number changes when the format does. Version 2 adds
/// the current line through the variations, version 3 the clocks (`clock …` or `clock
/// none`); saves of versions 1 and 2 are still read.
pub const HEADER: &str = "tak-save 3";
const HEADER_V2: &str = "tak-save 2";
const HEADER_V1: &str = "tak-save 1";

/// The text to store for `board`: the whole game (variations, comments and annotations
/// included), the current line and the ply shown.
///
/// ```
/// use tak::web::{config::BoardOptions, state::Board, storage};
/// let mut board = Board::with_config(tak::Config::standard(5).unwrap(), BoardOptions::default());
/// board.play_ptn("a1").unwrap();
/// board.play_ptn("e5").unwrap();
/// board.undo();
/// let saved = storage::save(&board);
/// let mut other = Board::with_config(tak::Config::standard(3).unwrap(), BoardOptions::default());
/// storage::restore(&mut other, &saved).unwrap();
/// assert_eq!(other.tps(), board.tps());
/// assert!(other.can_redo());
/// assert!(storage::restore(&mut other, "tak-save 99\n...").is_err());
/// // Variations, comments and the current line come back too.
/// board.play_ptn("d4").unwrap(); // a variation of e5
/// board.set_comment(&[0, 1], "better?").unwrap();
/// storage::restore(&mut other, &storage::save(&board)).unwrap();
/// assert_eq!(other.game.path(), &[0, 1]);
/// assert_eq!(other.game.comments(&[0, 1]), ["better?"]);
/// assert_eq!(other.game.main_line().len(), 2);
/// ```
pub fn save(board: &Board) -> String {
    write(&board.game, board.clock_save_line())
}

/// The text to keep across visits: the game being played, also while a finished game of
/// its match is shown ([`Board::game_to_keep`]).
pub fn save_to_keep(board: &Board) -> String {
    // A finished game of the match shown: the clocks are the game being played's, not kept.
    let clock = if board.aside.is_none() {
        board.clock_save_line()
    } else {
        None
    };
    write(board.game_to_keep(), clock)
}

fn write(game: &Game, clock: Option<String>) -> String {
    // The child indices by commas, written one by one (no `join` in the page's wasm).
    let mut line = String::new();
    for (i, index) in game.line().iter().enumerate() {
        if i > 0 {
            line.push(',');
        }
        line.push_str(&index.to_string());
    }
    format!(
        "{HEADER}\nline {}\nply {}\n{}\n{}",
        line,
        game.len(),
        clock.as_deref().unwrap_or("clock none"),
        ptn::write_game(game)
    )
}

/// Loads a save into `board`. On error `board` is unchanged and the message says why.
pub fn restore(board: &mut Board, text: &str) -> Result<(), Message> {
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
    let damaged = |detail: String| Message::new("save.damaged").with("error", detail);
    let line: Vec<usize> = if version >= 2 {
        let text = lines
            .next()
            .and_then(|l| l.trim().strip_prefix("line"))
            .ok_or_else(|| damaged("no line".into()))?
            .trim();
        if text.is_empty() {
            Vec::new()
        } else {
            text.split(',')
                .map(|n| n.trim().parse::<usize>())
                .collect::<Result<_, _>>()
                .map_err(|_| damaged(format!("line '{text}'")))?
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
            return Err(damaged(format!("no clock line: '{clock}'")));
        }
        Some(clock)
    } else {
        None
    };
    let mut game =
        ptn::parse_game(lines.next().unwrap_or("")).map_err(|e| damaged(e.to_string()))?;
    if !line.is_empty() && !game.goto_path(&line) {
        return Err(damaged(format!("no line {line:?} in the game")));
    }
    if ply > game.line().len() {
        return Err(damaged(format!(
            "ply {ply} of a line of {} plies",
            game.line().len()
        )));
    }
    game.goto(ply);
    board.load(game);
    if let Some(line) = clock.filter(|c| *c != "clock none") {
        board.restore_clock_line(line);
    }
    Ok(())
}
