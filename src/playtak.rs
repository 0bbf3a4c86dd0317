//! playtak.com's server notation, as its logs and game records write a game: one move per
//! line or separated by commas, `P A1` (a flat), `P A1 W` (a wall), `P A1 C` (a capstone),
//! `M A2 A4 2 1` (the stack on a2 moves to a4, dropping 2 then 1). PTN tags may come first;
//! without a `Size` tag the board is the smallest that holds every square named.
//!
//! ```
//! use tak::playtak;
//! let text = "P A1\nP E5\nP C3 C\nM A1 A2 1\n";
//! assert!(playtak::looks_like_server_notation(text));
//! let game = playtak::parse_game(text)?;
//! assert_eq!(tak::ptn::write_line(game.start(), &game.main_line()), ["a1", "e5", "Cc3", "a1+"]);
//! assert_eq!(game.position().size(), 5);
//!
//! let err = playtak::parse_game("[Size \"5\"]\nP A1, P A1").unwrap_err();
//! assert_eq!(err.to_string(), "line 2, column 7: 'P A1': a1 is not empty");
//! # Ok::<(), tak::ptn::PtnError>(())
//! ```

use crate::ptn::{self, Location, PtnError};
use crate::Game;

/// One move as the server writes it, with where it stands in the text.
struct ServerMove<'a> {
    /// Byte offset of the move in the text.
    at: usize,
    text: &'a str,
}

/// Where the tags end and the moves begin (the tags are left to the PTN reader, which also
/// finds where they end).
fn split_tags(text: &str) -> (&str, usize) {
    let body_at = ptn::tags_end(text);
    (crate::substr(text, ..body_at), body_at)
}

/// The moves of the body: split at newlines and commas, blank entries and a `Game#N` prefix
/// (as the server's own log writes it) left out.
fn moves(text: &str, body_at: usize) -> Vec<ServerMove<'_>> {
    let mut out = Vec::new();
    let mut start = body_at;
    for (i, c) in crate::substr(text, body_at..).char_indices() {
        if c == '\n' || c == ',' {
            push_move(text, start, body_at + i, &mut out);
            start = body_at + i + 1;
        }
    }
    push_move(text, start, text.len(), &mut out);
    out
}

fn push_move<'a>(text: &'a str, start: usize, end: usize, out: &mut Vec<ServerMove<'a>>) {
    let raw = crate::substr(text, start..end);
    let mut trimmed = raw.trim();
    if let Some(first) = trimmed.split_whitespace().next() {
        if first.len() > 5 && crate::substr(first, ..5).eq_ignore_ascii_case("game#") {
            trimmed = crate::substr(trimmed, first.len()..).trim_start();
        }
    }
    if trimmed.is_empty() {
        return;
    }
    let at = start + (trimmed.as_ptr() as usize - raw.as_ptr() as usize);
    out.push(ServerMove { at, text: trimmed });
}

/// Whether `text` (after any tags) is a game in server notation rather than PTN: its first
/// move is `P` or `M` and a square, which no PTN move is.
pub fn looks_like_server_notation(text: &str) -> bool {
    let (_, body_at) = split_tags(text);
    // Only the first move is looked at, in the first 64 bytes (a move is a few words): a
    // pasted game of 100,000 plies is not split first, nor a PTN comment of megabytes on its
    // first line read through (it took a tenth of a second in the page).
    let mut moves = Vec::with_capacity(1);
    let mut start = body_at;
    let mut end = text.len();
    for (i, c) in crate::substr(text, body_at..).char_indices() {
        if i > 64 {
            end = body_at + i;
            break;
        }
        if c == '\n' || c == ',' {
            push_move(text, start, body_at + i, &mut moves);
            if !moves.is_empty() {
                break;
            }
            start = body_at + i + 1;
        }
    }
    if moves.is_empty() {
        push_move(text, start, end, &mut moves);
    }
    let Some(first) = moves.first() else {
        return false;
    };
    let mut words = first.text.split_whitespace();
    matches!(words.next(), Some(w) if w.eq_ignore_ascii_case("P") || w.eq_ignore_ascii_case("M"))
        && words.next().and_then(square).is_some()
}

/// A square as the server writes it (`A1`, any case): file and rank from 0.
fn square(word: &str) -> Option<(u8, u8)> {
    let b = word.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let file = b[0]
        .to_ascii_lowercase()
        .checked_sub(b'a')
        .filter(|&f| f < 8)?;
    let rank = b[1].checked_sub(b'1').filter(|&r| r < 8)?;
    Some((file, rank))
}

fn square_name((file, rank): (u8, u8)) -> String {
    format!("{}{}", (b'a' + file) as char, rank + 1)
}

/// One server move in PTN, and the squares it names.
fn to_ptn(text: &str) -> Result<(String, Vec<(u8, u8)>), String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let not_a_square = |w: &str| format!("'{w}' is not a square (A1 to H8)");
    match words.as_slice() {
        [p, sq, rest @ ..] if p.eq_ignore_ascii_case("P") && rest.len() <= 1 => {
            let s = square(sq).ok_or_else(|| not_a_square(sq))?;
            let kind = match rest.first().map(|k| k.to_ascii_uppercase()) {
                None => "",
                Some(k) if k == "W" => "S",
                Some(k) if k == "C" => "C",
                Some(k) => return Err(format!("'{k}' is not W (a wall) or C (a capstone)")),
            };
            Ok((format!("{kind}{}", square_name(s)), vec![s]))
        }
        [m, from, to, drops @ ..] if m.eq_ignore_ascii_case("M") && !drops.is_empty() => {
            let a = square(from).ok_or_else(|| not_a_square(from))?;
            let b = square(to).ok_or_else(|| not_a_square(to))?;
            let counts = drops
                .iter()
                .map(|d| d.parse::<u8>().ok().filter(|n| (1..=8).contains(n)))
                .collect::<Option<Vec<u8>>>()
                .ok_or_else(|| "each drop is a count from 1 to 8".to_string())?;
            let (df, dr) = (b.0 as i32 - a.0 as i32, b.1 as i32 - a.1 as i32);
            let direction = match (df.signum(), dr.signum()) {
                (0, 1) => '+',
                (0, -1) => '-',
                (1, 0) => '>',
                (-1, 0) => '<',
                _ => return Err("a stack moves along a row or a column".to_string()),
            };
            if (df.abs() + dr.abs()) as usize != counts.len() {
                return Err(format!(
                    "{} for {} from {} to {}",
                    crate::Count(counts.len() as u32, "drop", "drops"),
                    crate::Count((df.abs() + dr.abs()) as u32, "square", "squares"),
                    square_name(a),
                    square_name(b)
                ));
            }
            let carried: u32 = counts.iter().map(|&c| c as u32).sum();
            let drops: String = counts.iter().map(|c| c.to_string()).collect();
            Ok((
                format!("{carried}{}{direction}{drops}", square_name(a)),
                vec![a, b],
            ))
        }
        _ => Err("not a move of playtak's notation (P A1 [W|C], or M A1 A3 1 2)".to_string()),
    }
}

/// Reads a whole game in server notation (tags first, if any) and replays it: the first
/// wrong move stops the reading, its line and column named with the move as written.
pub fn parse_game(text: &str) -> Result<Game, PtnError> {
    let (tags, body_at) = split_tags(text);
    let moves = moves(text, body_at);
    let error_at = |at: usize, message: String| {
        let before = crate::substr(text, ..at);
        PtnError {
            location: Location::Text {
                line: before.matches('\n').count() + 1,
                column: before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1,
            },
            message,
            cause: None,
        }
    };
    let mut plies = Vec::with_capacity(moves.len());
    let mut largest = 2u8;
    for m in &moves {
        let (ply, squares) =
            to_ptn(m.text).map_err(|e| error_at(m.at, format!("'{}': {e}", m.text)))?;
        for (file, rank) in squares {
            largest = largest.max(file).max(rank);
        }
        plies.push(ply);
    }
    let has_size = tags.to_ascii_lowercase().contains("[size");
    let mut ptn_text = String::with_capacity(tags.len() + plies.len() * 8 + 16);
    ptn_text.push_str(tags);
    if !has_size {
        ptn_text.push_str(&format!("[Size \"{}\"]\n", largest + 1));
    }
    ptn_text.push('\n');
    for p in &plies {
        ptn_text.push_str(p);
        ptn_text.push(' ');
    }
    ptn::parse_game(&ptn_text).map_err(|e| match e.location {
        // A ply's error is the server move's: said where that move is in the text.
        Location::Ply(n) if n >= 1 && n <= moves.len() => {
            let m = &moves[n - 1];
            error_at(m.at, format!("'{}': {}", m.text, e.message))
        }
        _ => e,
    })
}

/// Writes `mv` as the server does: `P A1`, `P A1 W`, `P A1 C` or `M A2 A4 2 1`.
///
/// ```
/// use tak::{playtak, Move};
/// let spread: Move = "3c3>12".parse().unwrap();
/// assert_eq!(playtak::write_move(spread, 5), "M C3 E3 1 2");
/// assert_eq!(playtak::write_move("Sb2".parse().unwrap(), 5), "P B2 W");
/// ```
pub fn write_move(mv: crate::Move, size: u8) -> String {
    let name = |sq: crate::Square| square_name((sq.file(), sq.rank())).to_ascii_uppercase();
    match mv.kind() {
        Some(kind) => {
            let suffix = match kind {
                crate::Kind::Flat => "",
                crate::Kind::Wall => " W",
                crate::Kind::Cap => " C",
            };
            format!("P {}{suffix}", name(mv.square()))
        }
        None => {
            let end = mv.path(size).last().unwrap_or(mv.square());
            let mut text = format!("M {} {}", name(mv.square()), name(end));
            for d in mv.drops() {
                text.push(' ');
                text.push_str(&d.to_string());
            }
            text
        }
    }
}
