//! Saved games: a versioned text that survives reloads. A save that cannot be read is
//! reported, never half-loaded; the page sets the bad text aside instead of deleting it.

use super::i18n::Message;
use super::state::Board;
use crate::ptn;

/// The first line of every save; the number changes when the format does.
pub const HEADER: &str = "tak-save 1";

/// The text to store for `board`: the whole game (undone plies included) and the ply shown.
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
/// ```
pub fn save(board: &Board) -> String {
    format!("{HEADER}\nply {}\n{}", board.game.len(), board.ptn())
}

/// Loads a save into `board`. On error `board` is unchanged and the message says why.
pub fn restore(board: &mut Board, text: &str) -> Result<(), Message> {
    let mut lines = text.splitn(3, '\n');
    let header = lines.next().unwrap_or("").trim();
    if header != HEADER {
        return Err(if header.starts_with("tak-save ") {
            Message::new("save.other_version").with("header", header)
        } else {
            Message::new("save.unknown_format")
        });
    }
    let ply: usize = lines
        .next()
        .and_then(|l| l.trim().strip_prefix("ply "))
        .and_then(|n| n.trim().parse().ok())
        .ok_or(Message::new("save.no_ply"))?;
    let damaged = |detail: String| Message::new("save.damaged").with("error", detail);
    let game = ptn::parse_game(lines.next().unwrap_or("")).map_err(|e| damaged(e.to_string()))?;
    if ply > game.len() {
        return Err(damaged(format!(
            "ply {ply} of a game of {} plies",
            game.len()
        )));
    }
    board.load(game);
    board.goto(ply);
    Ok(())
}
