//! TPS (Tak Positional System): one line that describes a position.
//!
//! ```
//! use tak::{tps, Position};
//! let pos = Position::from_tps("x3/x,1,x/2,x,x 1 2")?;
//! assert_eq!(tps::write(&pos), "x3/x,1,x/2,x2 1 2");
//! let err = Position::from_tps("x3/x,7,x/x3 1 2").unwrap_err();
//! assert!(err.to_string().contains("column 6"), "{err}");
//! # Ok::<(), tak::tps::TpsError>(())
//! ```

use crate::config::{ConfigError, Opening};
use crate::square::{MAX_SIZE, MIN_SIZE};
use crate::{Color, Config, Kind, Piece, Position, Square};
use std::fmt;
use std::fmt::Write;

/// A TPS that cannot be read, with the column (1-based) where the trouble is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TpsError {
    pub column: usize,
    pub message: String,
}

impl fmt::Display for TpsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TPS column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for TpsError {}

fn error(column: usize, message: impl Into<String>) -> TpsError {
    TpsError {
        column,
        message: message.into(),
    }
}

/// Reads the size a TPS describes (its number of rows), without checking the rest.
pub fn size_of(text: &str) -> usize {
    text.split_whitespace()
        .next()
        .map_or(0, |board| board.split('/').count())
}

/// The board size a TPS describes, or what is wrong with it when that is no board this game
/// plays: the TPS is blamed, not a board size the reader never wrote ("board size 1" for a
/// TPS of one word).
///
/// ```
/// use tak::tps;
/// assert_eq!(tps::board_size("x5/x5/x5/x5/x5 1 1"), Ok(5));
/// assert!(tps::board_size("hello").unwrap_err().to_string().contains("three fields"));
/// assert_eq!(
///     tps::board_size("x9/x9 1 1").unwrap_err().to_string(),
///     "TPS column 1: 2 rows: a board has 3 to 8 rows, separated by '/'"
/// );
/// ```
pub fn board_size(text: &str) -> Result<u8, TpsError> {
    let (start, fields) = fields(text);
    let [(board_col, board), _, _] = fields[..] else {
        return Err(three_fields(start));
    };
    let rows = board.split('/').count();
    match u8::try_from(rows) {
        Ok(n) if (MIN_SIZE..=MAX_SIZE).contains(&n) => Ok(n),
        _ => Err(error(
            board_col,
            format!(
                "{}: a board has {MIN_SIZE} to {MAX_SIZE} rows, separated by '/'",
                crate::Count(rows as u32, "row", "rows")
            ),
        )),
    }
}

/// The fields of a TPS with their columns (1-based), and where the text starts.
fn fields(text: &str) -> (usize, Vec<(usize, &str)>) {
    let start = text.len() - text.trim_start().len();
    let mut fields = Vec::new();
    let mut column = start;
    for part in text.trim().split(' ') {
        if !part.is_empty() {
            fields.push((column + 1, part));
        }
        column += part.len() + 1;
    }
    (start, fields)
}

fn three_fields(start: usize) -> TpsError {
    error(
        start + 1,
        "expected three fields: board, player to move, move number (e.g. 'x5/x5/x5/x5/x5 1 1')",
    )
}

impl Position {
    /// Reads a TPS with the standard reserves for its size and no komi.
    pub fn from_tps(text: &str) -> Result<Position, TpsError> {
        let config = Config::standard(board_size(text)?).map_err(|e| error(1, e.to_string()))?;
        parse(text, config)
    }
}

/// Reads a TPS for a game with `config` (whose size must match the TPS).
pub fn parse(text: &str, config: Config) -> Result<Position, TpsError> {
    let (start, fields) = fields(text);
    let [(board_col, board), (player_col, player), (number_col, number)] = fields[..] else {
        return Err(three_fields(start));
    };
    let size = config.size as usize;
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != size {
        return Err(error(
            board_col,
            format!(
                "{} for a {size}×{size} board",
                crate::Count(rows.len() as u32, "row", "rows")
            ),
        ));
    }
    let mut stacks = Vec::new();
    let mut col = board_col;
    for (row_index, row) in rows.iter().enumerate() {
        let rank = (size - 1 - row_index) as u8;
        let mut file = 0usize;
        for cell in row.split(',') {
            if file >= size {
                return Err(error(
                    col,
                    format!("row {} has more than {size} squares", row_index + 1),
                ));
            }
            if let Some(rest) = cell.strip_prefix('x') {
                let n = if rest.is_empty() {
                    1
                } else {
                    match rest.parse::<usize>() {
                        Ok(n) if n >= 1 => n,
                        _ => {
                            return Err(error(
                                col,
                                format!("'{cell}' is not a run of empty squares"),
                            ))
                        }
                    }
                };
                file += n;
                if file > size {
                    return Err(error(
                        col,
                        format!("row {} has more than {size} squares", row_index + 1),
                    ));
                }
            } else {
                let pieces = parse_stack(cell).map_err(|(offset, msg)| error(col + offset, msg))?;
                let square = Square::new(file as u8, rank).expect("file and rank below 8");
                stacks.push((square, pieces));
                file += 1;
            }
            col += cell.len() + 1;
        }
        if file < size {
            return Err(error(
                col - 1,
                format!("row {} has only {file} of {size} squares", row_index + 1),
            ));
        }
    }
    let to_move = match player {
        "1" => Color::White,
        "2" => Color::Black,
        _ => {
            return Err(error(
                player_col,
                format!("player to move '{player}' is not 1 or 2"),
            ))
        }
    };
    let move_number: u32 = match number.parse() {
        Ok(n) if (1..=MAX_MOVE_NUMBER).contains(&n) => n,
        _ => {
            return Err(error(
                number_col,
                format!("move number '{number}' is not a number from 1 to {MAX_MOVE_NUMBER}"),
            ))
        }
    };
    let ply = (move_number - 1) * 2 + to_move.index() as u32;
    if let Some(why) = unreachable_opening(&stacks, ply, config.opening) {
        return Err(error(board_col, why));
    }
    Position::from_parts(config, &stacks, to_move, ply).map_err(|m| error(board_col, m))
}

/// The highest move number a TPS may give: ten times the longest game a tree holds
/// ([`crate::game::MAX_PLIES`]).
pub const MAX_MOVE_NUMBER: u32 = 1_000_000;

/// Why a board cannot stand at `ply` (0-based) of a game, if the opening rules say it cannot:
/// the first two plies place one flat each, of the opponent's colour (white places black's,
/// then black places white's), or with the no-swap opening of the mover's own. Later
/// positions are not judged by their move number: an author may set up any position at any
/// move.
fn unreachable_opening(
    stacks: &[(Square, Vec<Piece>)],
    ply: u32,
    opening: Opening,
) -> Option<String> {
    let only_flat =
        |color: Color| matches!(stacks, [(_, p)] if p[..] == [Piece { color, kind: Kind::Flat }]);
    match ply {
        0 if !stacks.is_empty() => Some(
            "an impossible position: before the first ply (move 1, white to move) the board is empty"
                .into(),
        ),
        1 if opening == Opening::Swap && !only_flat(Color::Black) => Some(
            "an impossible position: after the first ply (move 1, black to move) the board holds one piece, the black flat white placed"
                .into(),
        ),
        1 if opening == Opening::NoSwap && !only_flat(Color::White) => Some(
            "an impossible position: after the first ply of a no-swap game (move 1, black to move) the board holds one piece, the white flat white placed"
                .into(),
        ),
        _ => None,
    }
}

/// Reads one stack such as `1121S`: returns the pieces, or the offset and reason of an error.
fn parse_stack(cell: &str) -> Result<Vec<Piece>, (usize, String)> {
    let bytes = cell.as_bytes();
    if bytes.is_empty() {
        return Err((0, "empty square entry (use x for an empty square)".into()));
    }
    let mut pieces = Vec::with_capacity(bytes.len());
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'1' | b'2' => pieces.push(Piece::new(Color::from_bit(b == b'2'), Kind::Flat)),
            b'S' | b'C' if i + 1 == bytes.len() && !pieces.is_empty() => {
                let top = pieces.last_mut().expect("checked not empty");
                top.kind = if b == b'S' { Kind::Wall } else { Kind::Cap };
            }
            b'S' | b'C' => {
                return Err((
                    i,
                    format!(
                        "'{}' must follow the top piece at the end of a stack",
                        b as char
                    ),
                ));
            }
            _ => {
                return Err((
                    i,
                    format!("'{}' is not a piece (1, 2, S, C) in '{cell}'", b as char),
                ))
            }
        }
    }
    if pieces.len() > 128 {
        return Err((0, "a stack taller than 128 pieces".into()));
    }
    Ok(pieces)
}

/// Writes the compact TPS of `pos` (runs of empty squares as `xN`).
pub fn write(pos: &Position) -> String {
    let size = pos.size();
    let mut out = String::with_capacity(64);
    for rank in (0..size).rev() {
        let mut empty = 0;
        let mut first = true;
        let flush_empty = |out: &mut String, empty: &mut u32, first: &mut bool| {
            if *empty > 0 {
                if !*first {
                    out.push(',');
                }
                out.push('x');
                if *empty > 1 {
                    let _ = write!(out, "{empty}");
                }
                *empty = 0;
                *first = false;
            }
        };
        for file in 0..size {
            let sq = Square::new(file, rank).expect("on board");
            let stack = pos.stack(sq);
            if stack.is_empty() {
                empty += 1;
                continue;
            }
            flush_empty(&mut out, &mut empty, &mut first);
            if !first {
                out.push(',');
            }
            first = false;
            for p in stack.pieces() {
                let _ = write!(out, "{p}");
            }
        }
        flush_empty(&mut out, &mut empty, &mut first);
        if rank > 0 {
            out.push('/');
        }
    }
    let _ = write!(out, " {} {}", pos.to_move().number(), pos.move_number());
    out
}

impl From<ConfigError> for TpsError {
    fn from(e: ConfigError) -> TpsError {
        error(1, e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_the_rules_cannot_reach_are_refused_with_why() {
        // Black to move at move 1: the board holds the one black flat white placed.
        assert!(Position::from_tps("x3/x3/2,x2 2 1").is_ok());
        let white_flat = Position::from_tps("x3/x3/1,x2 2 1").unwrap_err();
        assert!(
            white_flat.message.contains("the black flat white placed"),
            "{white_flat}"
        );
        assert!(
            Position::from_tps("x3/x3/2,2,x 2 1").is_err(),
            "two pieces after one ply"
        );
        assert!(
            Position::from_tps("x3/x3/2S,x2 2 1").is_err(),
            "a wall in the opening"
        );
        let before_any = Position::from_tps("x3/x3/2,x2 1 1").unwrap_err();
        assert!(
            before_any.message.contains("the board is empty"),
            "{before_any}"
        );
        // From move 2 on, any position may be set up.
        assert!(Position::from_tps("x3/1,2,1/2,x2 1 2").is_ok());
    }

    #[test]
    fn a_no_swap_game_after_its_first_ply_holds_the_white_flat_white_placed() {
        let no_swap = Config::standard(3).unwrap().with_opening(Opening::NoSwap);
        let pos = parse("x3/x3/1,x2 2 1", no_swap).unwrap();
        assert_eq!(pos.placing_color(), Color::Black);
        let black_flat = parse("x3/x3/2,x2 2 1", no_swap).unwrap_err();
        assert!(black_flat.message.contains("no-swap"), "{black_flat}");
        assert!(black_flat.message.contains("white flat"), "{black_flat}");
    }

    #[test]
    fn move_numbers_reach_far_past_the_longest_game() {
        assert_eq!(
            Position::from_tps("x3/x3/x3 1 50001").map(|p| p.ply()),
            Ok(100_000)
        );
        assert!(Position::from_tps("x3/x3/x3 1 1000001").is_err());
    }
}
