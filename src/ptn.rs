//! PTN (Portable Tak Notation): moves and whole games.
//!
//! ```
//! use tak::{ptn, Color};
//! let game = ptn::parse_game(r#"
//!     [Size "3"]
//!     [Player1 "Ann"]
//!     1. a1 c3 {the swap} 2. b3 b1 3. c1 a3 4. a2 b2 5. c2 R-0
//! "#)?;
//! assert_eq!(game.len(), 9);
//! assert_eq!(game.tag("player1"), Some("Ann"));
//! assert_eq!(game.outcome().and_then(|o| o.winner), Some(Color::White));
//! let text = ptn::write_game(&game);
//! assert!(text.contains("5. c2\n") || text.contains("5. c2 R-0"), "{text}");
//!
//! let err = ptn::parse_game("[Size \"5\"] 1. a1 a1").unwrap_err();
//! assert_eq!(err.to_string(), "ply 2: a1 is not empty");
//! # Ok::<(), ptn::PtnError>(())
//! ```

use crate::position::EndReason;
use crate::{tps, Config, Game, Komi, Move, Outcome, Position};
use std::fmt;
use std::fmt::Write;

/// Writes `mv` in short PTN as played in `pos` (before the ply), with `*` when it flattens
/// a wall.
pub fn write_move(pos: &Position, mv: Move) -> String {
    let mut text = mv.to_string();
    if let Some(dir) = mv.direction() {
        let mut sq = mv.square();
        for _ in 0..mv.distance() {
            sq = sq.step(dir, pos.size()).unwrap_or(sq);
        }
        if pos.walls() & sq.bit() != 0 {
            text.push('*');
        }
    }
    text
}

/// Where a PTN error is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Location {
    /// The n-th ply of the game text (1-based).
    Ply(usize),
    /// A line and column of the text (1-based).
    Text { line: usize, column: usize },
}

/// What went wrong with a ply of a PTN game, for callers that explain it in their own words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlyError {
    /// The text is not a move.
    Parse(crate::moves::ParseMoveError),
    /// The move is not legal there.
    Illegal(crate::IllegalMove),
}

/// A PTN that cannot be read or replayed: where, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PtnError {
    pub location: Location,
    pub message: String,
    /// For an error in a ply: its cause.
    pub cause: Option<PlyError>,
}

impl fmt::Display for PtnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.location {
            Location::Ply(n) => write!(f, "ply {n}: {}", self.message),
            Location::Text { line, column } => {
                write!(f, "line {line}, column {column}: {}", self.message)
            }
        }
    }
}

impl std::error::Error for PtnError {}

enum Token<'a> {
    Tag(String, String),
    Word(&'a str),
}

struct Tokenizer<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Tokenizer<'a> {
    fn location(&self, at: usize) -> Location {
        let before = &self.text[..at];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        Location::Text { line, column }
    }

    fn error(&self, at: usize, message: impl Into<String>) -> PtnError {
        PtnError {
            location: self.location(at),
            message: message.into(),
            cause: None,
        }
    }

    /// The next tag or word with its byte offset, skipping white space and comments.
    fn next(&mut self) -> Result<Option<(usize, Token<'a>)>, PtnError> {
        let bytes = self.text.as_bytes();
        loop {
            let rest = &self.text[self.pos..];
            self.pos += rest.len() - rest.trim_start().len();
            if self.pos >= bytes.len() {
                return Ok(None);
            }
            let start = self.pos;
            match bytes[start] {
                b'{' => match self.text[start..].find('}') {
                    Some(end) => self.pos = start + end + 1,
                    None => return Err(self.error(start, "comment '{' is never closed")),
                },
                b'[' => return self.tag(start).map(|t| Some((start, t))),
                _ => {
                    let end = self.text[start..]
                        .find(|c: char| c.is_whitespace() || c == '{' || c == '[')
                        .map_or(self.text.len(), |e| start + e);
                    self.pos = end;
                    return Ok(Some((start, Token::Word(&self.text[start..end]))));
                }
            }
        }
    }

    /// Reads `[Name "value"]` starting at `start`.
    fn tag(&mut self, start: usize) -> Result<Token<'a>, PtnError> {
        let rest = &self.text[start + 1..];
        let name_len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if name_len == 0 {
            return Err(self.error(start + 1, "a tag needs a name, as in [Size \"5\"]"));
        }
        let name = rest[..name_len].to_string();
        let after_name = rest[name_len..].trim_start();
        let quote_at = start + 1 + rest.len() - after_name.len();
        if !after_name.starts_with('"') {
            return Err(self.error(
                quote_at,
                format!("tag {name}: the value must be in double quotes"),
            ));
        }
        let mut value = String::new();
        let mut chars = after_name[1..].char_indices();
        let mut escaped = false;
        let close = loop {
            let Some((i, c)) = chars.next() else {
                return Err(self.error(
                    quote_at,
                    format!("tag {name}: the value's quote is never closed"),
                ));
            };
            match (escaped, c) {
                (false, '\\') => escaped = true,
                (false, '"') => break quote_at + 1 + i,
                _ => {
                    value.push(c);
                    escaped = false;
                }
            }
        };
        let after_value = &self.text[close + 1..];
        let trimmed = after_value.trim_start();
        if !trimmed.starts_with(']') {
            let at = close + 1 + after_value.len() - trimmed.len();
            return Err(self.error(at, format!("tag {name}: expected ']'")));
        }
        self.pos = close + 1 + (after_value.len() - trimmed.len()) + 1;
        Ok(Token::Tag(name, value))
    }
}

fn is_result(word: &str) -> bool {
    matches!(
        word,
        "R-0" | "0-R" | "F-0" | "0-F" | "1-0" | "0-1" | "1/2-1/2" | "0-0"
    )
}

/// Reads the settings a game's tags describe.
fn config_from_tags(tags: &[(String, String)], tps_size: Option<usize>) -> Result<Config, String> {
    let get = |name: &str| {
        tags.iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim())
    };
    let size = match (get("Size"), tps_size) {
        (Some(s), tps) => {
            let size: u8 = s
                .parse()
                .map_err(|_| format!("tag Size: '{s}' is not a board size (3 to 8)"))?;
            if let Some(t) = tps.filter(|&t| t != size as usize) {
                return Err(format!("tag Size says {size} but the TPS has {t} rows"));
            }
            size
        }
        (None, Some(t)) => t.min(255) as u8,
        (None, None) => 5,
    };
    let mut config = Config::standard(size).map_err(|e| format!("tag Size: {e}"))?;
    if let Some(k) = get("Komi") {
        config.komi = k.parse::<Komi>().map_err(|e| format!("tag Komi: {e}"))?;
    }
    let parse_count = |name: &str, default: u8| -> Result<u8, String> {
        match get(name) {
            None => Ok(default),
            Some(v) => v
                .parse()
                .map_err(|_| format!("tag {name}: '{v}' is not a count")),
        }
    };
    let stones = parse_count("Flats", config.stones)?;
    let caps = parse_count("Caps", config.caps)?;
    if (stones, caps) != (config.stones, config.caps) {
        config = config
            .with_pieces(stones, caps)
            .map_err(|e| format!("tags Flats/Caps: {e}"))?;
    }
    Ok(config)
}

/// Reads a whole PTN game: tags (`Size`, `Komi`, `Flats`, `Caps` and `TPS` are honoured),
/// moves with or without numbers, comments, annotations and a final result. Every ply is
/// checked; the first error stops the reading and says where it is.
///
/// A result of `1-0`, `0-1` or `1/2-1/2` on a game the rules have not ended is kept as a
/// resignation or agreed draw ([`Game::outcome`]); a road or flat result is not trusted:
/// the position decides.
pub fn parse_game(text: &str) -> Result<Game, PtnError> {
    let mut tokenizer = Tokenizer { text, pos: 0 };
    let mut tags = Vec::new();
    let mut words = Vec::new();
    while let Some((at, token)) = tokenizer.next()? {
        match token {
            Token::Tag(name, value) => {
                if !words.is_empty() {
                    return Err(tokenizer.error(at, format!("tag {name} after the moves")));
                }
                tags.push((name, value, at));
            }
            Token::Word(w) => words.push((at, w)),
        }
    }
    let tag_list: Vec<(String, String)> = tags
        .iter()
        .map(|(k, v, _)| (k.clone(), v.clone()))
        .collect();
    let first_tag_at = tags.first().map_or(0, |t| t.2);
    let tps_text = tag_list
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("TPS"))
        .map(|(_, v)| v.clone());
    let tps_size = tps_text.as_deref().map(tps::size_of);
    let config =
        config_from_tags(&tag_list, tps_size).map_err(|m| tokenizer.error(first_tag_at, m))?;
    let start = match &tps_text {
        Some(t) => tps::parse(t, config).map_err(|e| {
            let at = tags
                .iter()
                .find(|(k, _, _)| k.eq_ignore_ascii_case("TPS"))
                .map_or(0, |t| t.2);
            tokenizer.error(at, format!("tag TPS: {e}"))
        })?,
        None => Position::with_config(config),
    };
    let mut game = Game::new(start);
    for (k, v) in &tag_list {
        game.set_tag(k, v);
    }
    let mut ply = 0;
    let mut result = None;
    for (i, &(at, word)) in words.iter().enumerate() {
        if result.is_some() {
            return Err(tokenizer.error(at, format!("'{word}' after the result")));
        }
        // Move numbers: "12." alone or glued to the move ("12.a1").
        let word = match word.find('.') {
            Some(dot) if word[..dot].chars().all(|c| c.is_ascii_digit()) && dot > 0 => {
                &word[dot + 1..]
            }
            _ => word,
        };
        if word.is_empty() {
            continue;
        }
        if is_result(word) {
            result = Some(word);
            continue;
        }
        if word == "--" && ply == 0 && i <= 1 {
            continue; // placeholder for white's move when a TPS starts with black to move
        }
        ply += 1;
        let mv: Move = word
            .parse()
            .map_err(|e: crate::moves::ParseMoveError| PtnError {
                location: Location::Ply(ply),
                message: format!("'{word}': {e}"),
                cause: Some(PlyError::Parse(e)),
            })?;
        game.play(mv).map_err(|e| PtnError {
            location: Location::Ply(ply),
            message: e.to_string(),
            cause: Some(PlyError::Illegal(e)),
        })?;
    }
    let recorded = result.map(str::to_string).or_else(|| {
        game.tag("Result")
            .filter(|r| is_result(r))
            .map(str::to_string)
    });
    if let Some(r) = recorded {
        if game.position().outcome().is_none() {
            // Only a resignation, time loss or agreed draw can end a game the rules have not.
            let by_players = Outcome::from_ptn_result(&r)
                .filter(|o| matches!(o.reason, EndReason::Resignation | EndReason::Agreement));
            game.set_ended_by_players(by_players);
        }
        game.set_tag("Result", &r);
    }
    Ok(game)
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes `game` as PTN: its tags (with `Size`, `Komi`, `Flats`, `Caps`, `TPS` and `Result`
/// brought up to date), then the moves in short form, numbered in pairs.
pub fn write_game(game: &Game) -> String {
    let start = game.start();
    let config = start.config();
    let standard = Config::standard(config.size).expect("a game's size is valid");
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut set = |name: &str, value: Option<String>| {
        tags.retain(|(k, _)| !k.eq_ignore_ascii_case(name));
        if let Some(v) = value {
            tags.push((name.to_string(), v));
        }
    };
    for (k, v) in game.tags() {
        set(k, Some(v.clone()));
    }
    set("Size", Some(config.size.to_string()));
    set(
        "Komi",
        (config.komi.half_flats() > 0).then(|| config.komi.to_string()),
    );
    let custom = (config.stones, config.caps) != (standard.stones, standard.caps);
    set("Flats", custom.then(|| config.stones.to_string()));
    set("Caps", custom.then(|| config.caps.to_string()));
    let empty_start = *start == Position::with_config(*config);
    set("TPS", (!empty_start).then(|| tps::write(start)));
    set("Result", game.outcome().map(|o| o.ptn_result().to_string()));
    // Size first, as readers expect.
    tags.sort_by_key(|(k, _)| !k.eq_ignore_ascii_case("Size"));
    let mut out = String::new();
    for (k, v) in &tags {
        let _ = writeln!(out, "[{k} \"{}\"]", escape(v));
    }
    out.push('\n');
    let mut pos = start.clone();
    let mut line = String::new();
    for (i, mv) in game.moves().enumerate() {
        let white_to_move = pos.to_move() == crate::Color::White;
        if white_to_move || i == 0 {
            if !line.is_empty() {
                out.push_str(line.trim_end());
                out.push('\n');
                line.clear();
            }
            let _ = write!(line, "{}. ", pos.move_number());
            if !white_to_move {
                line.push_str("-- ");
            }
        }
        line.push_str(&write_move(&pos, mv));
        line.push(' ');
        pos.play_unchecked(mv);
    }
    if let Some(o) = game.outcome() {
        line.push_str(o.ptn_result());
    }
    out.push_str(line.trim_end());
    out.push('\n');
    out
}
