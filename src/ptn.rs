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

use crate::game::{Annotation, NodeId, MAX_COMMENT, MAX_TAG, MAX_TAGS};
use crate::position::EndReason;
use crate::position::Undo;
use crate::Setup;
use crate::{tps, Config, Game, Komi, Move, Opening, Outcome, Position};
use std::fmt;
use std::fmt::Write;

/// Writes `mv` in short PTN as played in `pos` (before the ply), with `*` when it flattens
/// a wall.
pub fn write_move(pos: &Position, mv: Move) -> String {
    let mut text = String::new();
    push_move(&mut text, pos, mv);
    text
}

/// Appends [`write_move`]'s text to `out`.
fn push_move(out: &mut String, pos: &Position, mv: Move) {
    mv.push_ptn(out);
    if let Some(dir) = mv.direction() {
        let mut sq = mv.square();
        for _ in 0..mv.distance() {
            sq = sq.step(dir, pos.size()).unwrap_or(sq);
        }
        if pos.walls() & sq.bit() != 0 {
            out.push('*');
        }
    }
}

/// Appends `n` in decimal to `out`, without the formatting machinery (a long game's PTN
/// writes 50,000 move numbers, its save 100,000 child indices).
pub(crate) fn push_number(out: &mut String, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[at..] {
        out.push(d as char);
    }
}

/// A line of plies played from `pos`, each in PTN (with `*` where a capstone flattens a
/// wall): what analysis lines, engine output and match records show. Stops at the first ply
/// that is not legal where it comes (a line from an engine is not trusted).
///
/// ```
/// use tak::{ptn, Position};
/// let pos = Position::from_tps("x5/x5/x5/x,1S,x3/x,2C,x3 2 3")?;
/// let line = ["b1+".parse()?, "a3".parse()?, "b1+".parse()?];
/// assert_eq!(ptn::write_line(&pos, &line), ["b1+*", "a3"]); // the cap left b1 empty
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_line(pos: &Position, line: &[Move]) -> Vec<String> {
    let mut pos = pos.clone();
    let mut out = Vec::with_capacity(line.len());
    for &mv in line {
        if !pos.is_legal(mv) {
            break;
        }
        out.push(write_move(&pos, mv));
        pos.play_unchecked(mv);
    }
    out
}

/// Where a PTN error is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Location {
    /// The n-th ply of the game text (1-based).
    Ply(usize),
    /// A line and column of the text (1-based).
    Text { line: usize, column: usize },
    /// The n-th game of several (1-based); the message says where in it.
    Game(usize),
}

/// What went wrong with a ply of a PTN game, for callers that explain it in their own words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlyError {
    /// The text is not a move.
    Parse(crate::moves::ParseMoveError),
    /// The move is not legal there.
    Illegal(crate::IllegalMove),
    /// The text has no tags and its first word is no move: it is not a game at all (prose
    /// pasted, say). The location is that word's.
    NotAGame,
}

/// What [`PlyError::NotAGame`] says.
const NOT_A_GAME: &str =
    "this is not a game: a PTN game has tags such as [Size \"5\"] and moves such as 1. a1 e5";

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
            Location::Game(n) => write!(f, "game {n}: {}", self.message),
        }
    }
}

impl std::error::Error for PtnError {}

enum Token<'a> {
    Tag(String, String),
    Word(&'a str),
    /// `{...}`, with `\}` read as `}`.
    Comment(String),
    /// `(`: a variation of the last ply begins.
    Open,
    /// `)`: the variation ends.
    Close,
}

#[derive(Clone)]
struct Tokenizer<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Tokenizer<'a> {
    fn location(&self, at: usize) -> Location {
        let before = crate::substr(self.text, ..at);
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

    fn error_with(&self, at: usize, message: &str, cause: PlyError) -> PtnError {
        PtnError {
            cause: Some(cause),
            ..self.error(at, message)
        }
    }

    /// The next token with its byte offset, skipping white space.
    fn next(&mut self) -> Result<Option<(usize, Token<'a>)>, PtnError> {
        let bytes = self.text.as_bytes();
        let rest = crate::substr(self.text, self.pos..);
        // A byte-order mark (some editors start a saved file with one) reads as white space.
        self.pos += rest.len()
            - rest
                .trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}')
                .len();
        if self.pos >= bytes.len() {
            return Ok(None);
        }
        let start = self.pos;
        match bytes[start] {
            b'{' => {
                let mut text = String::new();
                let mut chars = crate::substr(self.text, start + 1..).char_indices();
                loop {
                    // Refused as soon as it is too long: read to its end, a comment of
                    // megabytes stopped the page for half a second.
                    if text.len() > MAX_COMMENT {
                        return Err(self.error(start, too_long_comment()));
                    }
                    match chars.next() {
                        None => return Err(self.error(start, "comment '{' is never closed")),
                        Some((i, '}')) => {
                            self.pos = start + 1 + i + 1;
                            break;
                        }
                        Some((_, '\\')) => match chars.next() {
                            Some((_, c @ ('}' | '\\'))) => text.push(c),
                            Some((_, c)) => {
                                text.push('\\');
                                text.push(c);
                            }
                            None => return Err(self.error(start, "comment '{' is never closed")),
                        },
                        Some((_, c)) => text.push(c),
                    }
                }
                Ok(Some((start, Token::Comment(text))))
            }
            b'[' => self.tag(start).map(|t| Some((start, t))),
            b'(' => {
                self.pos += 1;
                Ok(Some((start, Token::Open)))
            }
            b')' => {
                self.pos += 1;
                Ok(Some((start, Token::Close)))
            }
            _ => {
                let end = crate::substr(self.text, start..)
                    .find(|c: char| c.is_whitespace() || matches!(c, '{' | '[' | '(' | ')'))
                    .map_or(self.text.len(), |e| start + e);
                self.pos = end;
                Ok(Some((
                    start,
                    Token::Word(crate::substr(self.text, start..end)),
                )))
            }
        }
    }

    /// Reads `[Name "value"]` starting at `start`.
    fn tag(&mut self, start: usize) -> Result<Token<'a>, PtnError> {
        let rest = crate::substr(self.text, start + 1..);
        let name_len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if name_len == 0 {
            return Err(self.error(start + 1, "a tag needs a name, as in [Size \"5\"]"));
        }
        let name = crate::substr(rest, ..name_len).to_string();
        let after_name = crate::substr(rest, name_len..).trim_start();
        let quote_at = start + 1 + rest.len() - after_name.len();
        if !after_name.starts_with('"') {
            return Err(self.error(
                quote_at,
                format!("tag {name}: the value must be in double quotes"),
            ));
        }
        let mut value = String::new();
        let mut chars = crate::substr(after_name, 1..).char_indices();
        let mut escaped = false;
        let close = loop {
            let Some((i, c)) = chars.next() else {
                return Err(self.error(
                    quote_at,
                    format!("tag {name}: the value's quote is never closed"),
                ));
            };
            if value.len() > MAX_TAG {
                return Err(self.error(
                    quote_at,
                    format!("tag {name}: a value of more than {MAX_TAG} characters"),
                ));
            }
            match (escaped, c) {
                (false, '\\') => escaped = true,
                (false, '"') => break quote_at + 1 + i,
                _ => {
                    value.push(c);
                    escaped = false;
                }
            }
        };
        let after_value = crate::substr(self.text, close + 1..);
        let trimmed = after_value.trim_start();
        if !trimmed.starts_with(']') {
            let at = close + 1 + after_value.len() - trimmed.len();
            return Err(self.error(at, format!("tag {name}: expected ']'")));
        }
        self.pos = close + 1 + (after_value.len() - trimmed.len()) + 1;
        Ok(Token::Tag(name, value))
    }
}

fn too_long_comment() -> String {
    format!("a comment of more than {MAX_COMMENT} characters: at most {MAX_COMMENT} are kept")
}

fn is_result(word: &str) -> bool {
    matches!(
        word,
        "R-0" | "0-R" | "F-0" | "0-F" | "1-0" | "0-1" | "1/2-1/2" | "0-0"
    )
}

/// Where the tags at the start of `text` end: the byte offset just after the last one (0
/// without tags; a malformed tag ends them, for the game's reader to report). At most
/// [`MAX_TAGS`] are looked at (the reader refuses more): 300,000 tags pasted were not read
/// through before the page could answer.
pub(crate) fn tags_end(text: &str) -> usize {
    let mut tokenizer = Tokenizer { text, pos: 0 };
    let mut end = 0;
    for _ in 0..=MAX_TAGS {
        let Ok(Some((_, Token::Tag(..)))) = tokenizer.next() else {
            break;
        };
        end = tokenizer.pos;
    }
    end
}

/// Reads the settings a game's tags describe. An error comes with the name of the tag to
/// blame, so that the reader is pointed at its line.
fn config_from_tags(
    tags: &[(String, String)],
    tps: Option<&str>,
) -> Result<Config, (String, String)> {
    config_from_tags_in(tags, tps).map_err(|message| {
        // The tags the message names first ("tag Komi: …", "tags Flats/Caps: …"): the first
        // of them the game gives.
        let named = message
            .strip_prefix("tags ")
            .or_else(|| message.strip_prefix("tag "))
            .and_then(|rest| rest.split([':', ' ']).next())
            .unwrap_or("");
        let given = |t: &&str| tags.iter().any(|(k, _)| k.eq_ignore_ascii_case(t));
        let tag = named.split('/').find(given).unwrap_or("").to_string();
        (tag, message)
    })
}

fn config_from_tags_in(tags: &[(String, String)], tps: Option<&str>) -> Result<Config, String> {
    let tps_size = match tps {
        // A TPS whose board this game cannot play is the TPS's fault, not a Size tag's.
        Some(t) if !tags.iter().any(|(k, _)| k.eq_ignore_ascii_case("Size")) => {
            Some(tps::board_size(t).map_err(|e| format!("tag TPS: {e}"))? as usize)
        }
        Some(t) => Some(tps::size_of(t)),
        None => None,
    };
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
                return Err(format!(
                    "tag Size says {size} but the TPS has {}",
                    crate::Count(t as u32, "row", "rows")
                ));
            }
            size
        }
        (None, Some(t)) => t.min(255) as u8,
        (None, None) => 5,
    };
    // What the tags say, checked at the end as one Setup; the standard reserves of the
    // size are the defaults of the counts.
    let standard = Config::standard(size).map_err(|e| format!("tag Size: {e}"))?;
    let mut setup = Setup::new(size);
    if let Some(k) = get("Komi") {
        setup.komi = k.parse::<Komi>().map_err(|e| format!("tag Komi: {e}"))?;
    }
    let parse_count = |name: &str, default: u8| -> Result<u8, String> {
        match get(name) {
            None => Ok(default),
            Some(v) => v
                .parse()
                .map_err(|_| format!("tag {name}: '{v}' is not a count")),
        }
    };
    if let Some(rule) = get("TieRule") {
        setup.ancient_tie_rule = match rule.to_ascii_lowercase().as_str() {
            "ancient" => true,
            "standard" | "draw" | "" => false,
            other => {
                return Err(format!(
                    "tag TieRule: '{other}' is not 'ancient' or 'standard'"
                ))
            }
        };
    }
    if let Some(opening) = get("Opening") {
        setup.opening = opening
            .parse::<Opening>()
            .map_err(|e| format!("tag Opening: {e}"))?;
    }
    // The options on top of the rules, read as the page reads them (settings.rs): a bad
    // one is refused here, naming its tag, not ignored later.
    let mut options = crate::settings::GameSettings::new(standard);
    options.read_option_tags(get).map_err(|e| {
        let tag = match e.setting() {
            "scoring" => "Scoring",
            "take-backs" => "TakeBacks",
            _ => "Clock",
        };
        format!("tag {tag}: {e}")
    })?;
    let stones = parse_count("Flats", standard.stones)?;
    let caps = parse_count("Caps", standard.caps)?;
    // PTN Ninja's per-player counts: one reserve for both players is all a game here
    // plays, so they must agree with each other (and with Flats/Caps when given).
    let per_player = |one: &str, two: &str, shared_tag: &str, shared: u8| {
        let (first, second) = (parse_count(one, shared)?, parse_count(two, shared)?);
        if first != second || first != shared && get(shared_tag).is_some() {
            return Err(format!(
                "tags {one}/{two}: players with different reserves ({one} {first}, {two} {second}) cannot be played here; give both players the same count"
            ));
        }
        Ok(first)
    };
    let stones = per_player("Flats1", "Flats2", "Flats", stones)?;
    let caps = per_player("Caps1", "Caps2", "Caps", caps)?;
    setup.stones = Some(stones);
    setup.caps = Some(caps);
    setup.config().map_err(|e| format!("tags Flats/Caps: {e}"))
}

/// Reads a whole PTN game: tags (`Size`, `Komi`, `Flats`, `Caps` (and `Flats1`… when both
/// players agree), `Opening` and `TPS` are honoured),
/// moves with or without numbers, comments, annotations, variations in parentheses (as PGN
/// writes them: `2. c3 c4 (2... c2 3. d2) 3. d3`) and a final result. Every ply is checked;
/// the first error stops the reading and says where it is.
///
/// A result of `1-0`, `0-1` or `1/2-1/2` on a game the rules have not ended is kept as a
/// resignation or agreed draw ([`Game::outcome`]); a road or flat result is not trusted:
/// the position decides. The game is left at the end of its main line.
///
/// ```
/// use tak::ptn;
/// let game = ptn::parse_game("1. a1 e5 {swap} 2. c3 (2. Sc3! {a wall} c4) c4 3. d3")?;
/// assert_eq!(game.main_line().len(), 5);
/// assert_eq!(game.children(&[0, 0]).len(), 2);
/// assert_eq!(game.comments(&[0, 0]), ["swap"]);
/// assert_eq!(game.node(&[0, 0, 1]).unwrap().annotation.to_string(), "!");
/// assert_eq!(ptn::parse_game(&ptn::write_game(&game))?.children(&[0, 0]).len(), 2);
/// # Ok::<(), ptn::PtnError>(())
/// ```
pub fn parse_game(text: &str) -> Result<Game, PtnError> {
    let mut reader = GameReader::new();
    loop {
        if let Some(game) = reader.step(text, usize::MAX)? {
            return Ok(game);
        }
    }
}

/// [`parse_game`] a slice at a time, so that a page reading a game of 100,000 plies can let
/// the reader's input through between slices (and show how far it got). The reader keeps
/// offsets into the text, not the text: each [`GameReader::step`] is given the same text.
///
/// ```
/// use tak::ptn::{self, GameReader};
/// let text = "[Size \"5\"]\n1. a1 e5 2. c3 (2. c2) c4 {ok} 3. d3";
/// let mut reader = GameReader::new();
/// let mut steps = 0;
/// let game = loop {
///     steps += 1;
///     assert!(reader.progress(text) < 1.0);
///     if let Some(game) = reader.step(text, 2)? { break game; }
/// };
/// assert!(steps > 3);
/// assert_eq!(ptn::write_game(&game), ptn::write_game(&ptn::parse_game(text)?));
/// # Ok::<(), ptn::PtnError>(())
/// ```
#[derive(Default)]
pub struct GameReader {
    /// Where the first pass (every token checked, the tags gathered) has got to.
    scan_at: usize,
    /// A ply, number or variation has been seen: a tag after it is an error.
    seen_body: bool,
    tags: Vec<(String, String, usize)>,
    /// The second pass, once the first is over: the game being built.
    body: Option<Body>,
}

/// The second pass's state: where the next ply goes (the ply it follows; `None`: the start)
/// and the position there; how to take back the last ply read at this level, if one was (a
/// variation replaces it, starting from the position before it); the levels opened by '('.
struct Body {
    at: usize,
    game: Game,
    cursor: Option<NodeId>,
    pos: Position,
    last: Option<Undo>,
    stack: Vec<(Option<NodeId>, Position, Option<Undo>, usize)>,
    pending_comments: Vec<String>,
    after_number: bool,
    result: Option<String>,
    // PTN Ninja's branches: the main line first, then each branch after a blank line as
    // `{name}` and the line from its first ply (see `Branches`).
    branches: Branches,
    current_branch: usize,
    pending_branch: Option<(String, usize)>,
    line_ended: bool,
}

impl GameReader {
    pub fn new() -> GameReader {
        GameReader::default()
    }

    /// How far the reading has got, from 0 to 1 (the first pass is the first fifth).
    pub fn progress(&self, text: &str) -> f64 {
        let len = text.len().max(1) as f64;
        match &self.body {
            None => 0.2 * self.scan_at as f64 / len,
            Some(b) => (0.2 + 0.8 * b.at as f64 / len).min(0.999),
        }
    }

    /// Reads up to `budget` more tokens of `text` (the same text every time): the game once
    /// it is all read, `None` while there is more to read, or the first error.
    pub fn step(&mut self, text: &str, budget: usize) -> Result<Option<Game>, PtnError> {
        let mut budget = budget;
        if self.body.is_none() {
            let mut tokenizer = Tokenizer {
                text,
                pos: self.scan_at,
            };
            loop {
                if budget == 0 {
                    self.scan_at = tokenizer.pos;
                    return Ok(None);
                }
                budget -= 1;
                let Some((at, token)) = tokenizer.next()? else {
                    break;
                };
                match token {
                    Token::Tag(name, value) => {
                        if self.seen_body {
                            return Err(tokenizer.error(at, format!("tag {name} after the moves")));
                        }
                        if self.tags.len() >= MAX_TAGS {
                            return Err(tokenizer.error(
                                at,
                                format!("more than {MAX_TAGS} tags: a game has a few"),
                            ));
                        }
                        self.tags.push((name, value, at));
                    }
                    Token::Comment(_) => {}
                    _ => self.seen_body = true,
                }
            }
            self.scan_at = tokenizer.pos;
            self.body = Some(self.start(text)?);
        }
        let body = self.body.as_mut().expect("set above");
        match body.read(text, budget)? {
            false => Ok(None),
            true => {
                let body = self.body.take().expect("read above");
                Ok(Some(body.finish()))
            }
        }
    }

    /// The game the tags describe, before its first ply.
    fn start(&self, text: &str) -> Result<Body, PtnError> {
        let tokenizer = Tokenizer { text, pos: 0 };
        let tags = &self.tags;
        let tag_list: Vec<(String, String)> = tags
            .iter()
            .map(|(k, v, _)| (k.clone(), v.clone()))
            .collect();
        let tag_at = |name: &str| {
            tags.iter()
                .find(|(k, _, _)| k.eq_ignore_ascii_case(name))
                // (where no tag is named, the tags' start)
                .or(tags.first())
                .map_or(0, |t| t.2)
        };
        let tps_text = tag_list
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case("TPS"))
            .map(|(_, v)| v.clone());
        let config = config_from_tags(&tag_list, tps_text.as_deref())
            .map_err(|(tag, m)| tokenizer.error(tag_at(&tag), m))?;
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
        let pos = game.start().clone();
        Ok(Body {
            at: 0,
            game,
            cursor: None,
            pos,
            last: None,
            stack: Vec::new(),
            pending_comments: Vec::new(),
            after_number: false,
            result: None,
            branches: Branches::new(),
            current_branch: 0,
            pending_branch: None,
            line_ended: false,
        })
    }
}

impl Body {
    /// Reads up to `budget` tokens from where it stopped: whether the text is all read.
    fn read(&mut self, text: &str, budget: usize) -> Result<bool, PtnError> {
        fn peek<'a>(tokenizer: &Tokenizer<'a>) -> Option<(usize, Token<'a>)> {
            tokenizer.clone().next().ok().flatten()
        }
        let mut tokenizer = Tokenizer { text, pos: self.at };
        let Body {
            game,
            cursor,
            pos,
            last,
            stack,
            pending_comments,
            after_number,
            result,
            branches,
            current_branch,
            pending_branch,
            line_ended,
            ..
        } = self;
        for _ in 0..budget {
            // The first pass has read every token without an error.
            let Some((at, token)) = tokenizer.next()? else {
                if let Some((_, _, _, at)) = stack.last() {
                    return Err(tokenizer.error(*at, "variation '(' is never closed"));
                }
                self.at = tokenizer.pos;
                return Ok(true);
            };
            let word = match token {
                Token::Tag(..) => continue, // read by the first pass
                Token::Comment(c)
                    if stack.is_empty()
                        && after_blank_line(text, at)
                        && branches.main_len() > 0
                        && matches!(peek(&tokenizer), Some((_, Token::Word(w))) if is_move_number(w)) =>
                {
                    *pending_branch = Some((c, at));
                    continue;
                }
                Token::Comment(c) => {
                    if c.len() > MAX_COMMENT {
                        return Err(tokenizer.error(at, too_long_comment()));
                    }
                    let c = c.trim().to_string();
                    match (*last, *cursor) {
                        (Some(_), Some(id)) => game.get_mut(id).comments.push(c),
                        _ if stack.is_empty() => game.start_comments.push(c),
                        _ => pending_comments.push(c),
                    }
                    continue;
                }
                Token::Open => {
                    let (Some(undo), Some(replaced)) = (*last, *cursor) else {
                        return Err(tokenizer.error(at, "a variation '(' before any ply"));
                    };
                    if stack.len() >= crate::game::MAX_NESTING {
                        return Err(tokenizer.error(
                            at,
                            format!("variations nest at most {} deep", crate::game::MAX_NESTING),
                        ));
                    }
                    stack.push((*cursor, pos.clone(), last.take(), at));
                    pos.undo(undo);
                    *cursor = game.get(replaced).parent();
                    *after_number = false;
                    continue;
                }
                Token::Close => {
                    let Some((saved_cursor, saved_pos, saved_last, _)) = stack.pop() else {
                        return Err(tokenizer.error(at, "')' closes no variation"));
                    };
                    *cursor = saved_cursor;
                    *pos = saved_pos;
                    *last = saved_last;
                    pending_comments.clear();
                    *after_number = false;
                    continue;
                }
                Token::Word(w) => w,
            };
            if let Some((name, header_at)) = pending_branch.take() {
                let digits = word.chars().take_while(char::is_ascii_digit).count();
                let number: u64 = crate::substr(word, ..digits)
                    .parse()
                    .map_err(|_| tokenizer.error(at, format!("'{word}' is not a move number")))?;
                let black_first = crate::substr(word, digits..).starts_with("...")
                    || matches!(peek(&tokenizer), Some((_, Token::Word("--"))));
                let ply = (number.saturating_sub(1) * 2 + black_first as u64)
                    .checked_sub(game.start().ply() as u64)
                    .map(|p| p as usize);
                match branches.start(&name, ply) {
                    BranchStart::Continues => {
                        // Not a branch after all: a comment on the line's last ply.
                        if let Some(id) = *cursor {
                            game.get_mut(id).comments.push(name.trim().to_string());
                        }
                    }
                    BranchStart::Branch { index, after } => {
                        *current_branch = index;
                        *cursor = after;
                        *pos = match after {
                            Some(id) => {
                                game.goto_node(id);
                                game.position().clone()
                            }
                            None => game.start().clone(),
                        };
                        *last = None;
                        *line_ended = false;
                    }
                    BranchStart::PastTheEnd => {
                        return Err(tokenizer.error(
                            header_at,
                            format!(
                                "branch {{{}}}: move {number} is not on the line it branches from",
                                name.trim()
                            ),
                        ))
                    }
                }
            }
            if *line_ended || (result.is_some() && *current_branch == 0) {
                return Err(tokenizer.error(at, format!("'{word}' after the result")));
            }
            // Move numbers: "12." or "12..." alone or glued to the move ("12.a1").
            let digits = word.chars().take_while(char::is_ascii_digit).count();
            let word = if digits > 0 && crate::substr(word, digits..).starts_with('.') {
                *after_number = true;
                crate::substr(word, digits..).trim_start_matches('.')
            } else {
                word
            };
            if word.is_empty() {
                continue;
            }
            if word == "*" {
                continue; // PGN's mark of a game still going on
            }
            if is_result(word) {
                if stack.is_empty() {
                    if *current_branch == 0 {
                        *result = Some(word.to_string());
                    } else {
                        *line_ended = true; // a branch's own end: the rules decide it again
                    }
                }
                continue;
            }
            if word == "--" && *after_number && pos.to_move() == crate::Color::Black {
                *after_number = false;
                continue; // the empty slot of white's ply: the line starts with black
            }
            let numbered = std::mem::take(after_number);
            let ply = cursor.map_or(0, |id| game.get(id).depth()) + 1;
            let (move_text, annotation) = split_annotation(word);
            let mv: Move = move_text
                .parse()
                .map_err(|e: crate::moves::ParseMoveError| {
                    // Text with no tags whose first word is no move and has no digit (every
                    // square has one) is no game at all: prose pasted, say.
                    if ply == 1
                        && !numbered
                        && game.tags().is_empty()
                        && !word.contains(|c: char| c.is_ascii_digit())
                    {
                        return tokenizer.error_with(at, NOT_A_GAME, PlyError::NotAGame);
                    }
                    let e = e.on_board(pos.size());
                    PtnError {
                        location: Location::Ply(ply),
                        message: format!("'{word}': {e}"),
                        cause: Some(PlyError::Parse(e)),
                    }
                })?;
            let illegal = |e: crate::position::IllegalMove| PtnError {
                location: Location::Ply(ply),
                message: e.to_string(),
                cause: Some(PlyError::Illegal(e)),
            };
            let undo = pos.play(mv).map_err(illegal)?;
            let id = game.add_ply(*cursor, mv).map_err(illegal)?;
            if stack.is_empty() {
                branches.push(*current_branch, id);
            }
            let node = game.get_mut(id);
            node.annotation = annotation;
            node.comments.append(pending_comments);
            *cursor = Some(id);
            *last = Some(undo);
        }
        self.at = tokenizer.pos;
        Ok(false)
    }

    /// The game read: shown at the end of its main line, its result as recorded.
    fn finish(self) -> Game {
        let mut game = self.game;
        // The reader starts at the end of the main line.
        if let Some(&end) = game.main_line_nodes().last() {
            game.goto_node(end);
        }
        let recorded = self.result.or_else(|| {
            game.tag("Result")
                .filter(|r| is_result(r))
                .map(str::to_string)
        });
        if let Some(r) = recorded {
            if game.position().outcome().is_none() {
                // Only a resignation, time loss or agreed draw can end a game the rules have not.
                let by_players = Outcome::from_ptn_result(&r).filter(|o| {
                    matches!(
                        o.reason,
                        EndReason::Resignation | EndReason::Time | EndReason::Agreement
                    )
                });
                game.set_ended_by_players(by_players);
            }
            game.set_tag("Result", &r);
        }
        game
    }
}

/// Whether a blank line comes right before `at` (PTN Ninja starts each branch after one).
fn after_blank_line(text: &str, at: usize) -> bool {
    let before = crate::substr(text, ..at);
    let gap = crate::substr(before, before.trim_end().len()..);
    gap.matches('\n').count() >= 2
}

/// A move number as PTN writes it before a ply: `12.`, `12...`, or glued to the ply.
fn is_move_number(word: &str) -> bool {
    let digits = word.chars().take_while(char::is_ascii_digit).count();
    digits > 0 && crate::substr(word, digits..).starts_with('.')
}

/// The lines of a PTN Ninja game as read so far: the main line (index 0) and each branch,
/// which leaves the line of its parent after `from` plies. Branch names nest with `/` (a
/// `.` counts as one too, as PTN Ninja reads them): `a/b` branches from `a`.
struct Branches {
    lines: Vec<BranchLine>,
}

struct BranchLine {
    name: String,
    parent: usize,
    from: usize,
    nodes: Vec<NodeId>,
}

/// Where a branch header leads.
enum BranchStart {
    /// A new branch: its first ply follows `after` (`None`: the start).
    Branch { index: usize, after: Option<NodeId> },
    /// The ply after the line's last one: no branch, the text goes on.
    Continues,
    /// A ply the parent line does not reach.
    PastTheEnd,
}

impl Branches {
    fn new() -> Branches {
        Branches {
            lines: vec![BranchLine {
                name: String::new(),
                parent: 0,
                from: 0,
                nodes: Vec::new(),
            }],
        }
    }

    fn main_len(&self) -> usize {
        self.lines[0].nodes.len()
    }

    fn push(&mut self, line: usize, id: NodeId) {
        self.lines[line].nodes.push(id);
    }

    /// Plies from the start to the end of `line`.
    fn len(&self, line: usize) -> usize {
        let l = &self.lines[line];
        l.from + l.nodes.len()
    }

    /// The `ply`-th ply (0-based from the start) of `line`, through its parents.
    fn node_at(&self, mut line: usize, ply: usize) -> Option<NodeId> {
        loop {
            let l = &self.lines[line];
            if line == 0 || ply >= l.from {
                return l.nodes.get(ply - l.from).copied();
            }
            line = l.parent;
        }
    }

    /// Starts the branch `name` whose first ply is the `ply`-th (0-based from the start).
    fn start(&mut self, name: &str, ply: Option<usize>) -> BranchStart {
        let parts: Vec<&str> = name
            .split(['/', '.'])
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect();
        let full = parts.join("/");
        // The nearest named ancestor that was read; else the main line.
        let parent = (1..parts.len())
            .rev()
            .find_map(|n| {
                let prefix = parts[..n].join("/");
                self.lines.iter().position(|l| l.name == prefix)
            })
            .unwrap_or(0);
        let Some(ply) = ply else {
            return BranchStart::PastTheEnd;
        };
        let parent_len = self.len(parent);
        if ply == parent_len && parent == 0 && self.lines.len() == 1 {
            return BranchStart::Continues;
        }
        if ply > parent_len || (ply > 0 && self.node_at(parent, ply - 1).is_none()) {
            return BranchStart::PastTheEnd;
        }
        let after = ply.checked_sub(1).and_then(|p| self.node_at(parent, p));
        self.lines.push(BranchLine {
            name: full,
            parent,
            from: ply,
            nodes: Vec::new(),
        });
        BranchStart::Branch {
            index: self.lines.len() - 1,
            after,
        }
    }
}

/// Reads several PTN games written one after another (a match): a tag after moves starts
/// the next game. An error says which game and where in it.
///
/// ```
/// use tak::ptn;
/// let games = ptn::parse_games("[Size \"3\"]\n1. a1 c3\n\n[Size \"4\"]\n1. a1 d4 2. b2")?;
/// assert_eq!((games[0].len(), games[1].len()), (2, 3));
/// assert!(ptn::parse_games("[Size \"3\"] 1. a1\n[Size \"3\"] 1. a1 a1").unwrap_err().to_string().starts_with("game 2"));
/// # Ok::<(), ptn::PtnError>(())
/// ```
pub fn parse_games(text: &str) -> Result<Vec<Game>, PtnError> {
    let mut tokenizer = Tokenizer { text, pos: 0 };
    let mut starts = vec![0];
    let mut moves_seen = false;
    while let Some((at, token)) = tokenizer.next()? {
        match token {
            Token::Tag(..) if moves_seen => {
                starts.push(at);
                moves_seen = false;
            }
            Token::Tag(..) | Token::Comment(_) => {}
            _ => moves_seen = true,
        }
    }
    starts.push(text.len());
    let mut games = Vec::new();
    for (i, w) in starts.windows(2).enumerate() {
        let chunk = &text[w[0]..w[1]];
        if chunk.trim().is_empty() {
            continue;
        }
        let game = parse_game(chunk).map_err(|mut e| {
            e.message = format!("{}", e);
            e.location = Location::Game(i + 1);
            e
        })?;
        games.push(game);
    }
    Ok(games)
}

/// Reads several PTN games written one after another, each on its own: a game that cannot be
/// read is its error, and the games after it are still read (a library's import keeps the
/// good games of a file and names the bad ones). A text that cannot even be cut into words
/// (a comment or a tag never closed) goes on at the next tag line after a blank line. An
/// error's line and column are the whole text's.
///
/// ```
/// use tak::ptn;
/// let games = ptn::parse_games_each("[Size \"3\"]\n1. a1 c3\n\n[Size \"3\"]\n1. a1 a1\n\n[Size \"4\"]\n1. a1 {never closed\n\n[Size \"5\"]\n1. e5 a1\n");
/// assert_eq!(games.len(), 4);
/// assert!(games[0].is_ok() && games[3].is_ok());
/// assert!(games[1].as_ref().unwrap_err().to_string().starts_with("ply 2"));
/// assert!(games[2].as_ref().unwrap_err().to_string().starts_with("line 8, column 7"));
/// ```
pub fn parse_games_each(text: &str) -> Vec<Result<Game, PtnError>> {
    split_games(text)
        .into_iter()
        .map(|(at, chunk)| parse_game_at(text, at, chunk))
        .collect()
}

/// Cuts a text of several games into each game's part (with where it starts), as
/// [`parse_games_each`] reads them, without reading their plies: a caller counts them first.
pub fn split_games(text: &str) -> Vec<(usize, &str)> {
    let mut tokenizer = Tokenizer { text, pos: 0 };
    let mut starts = vec![0];
    let mut moves_seen = false;
    loop {
        match tokenizer.next() {
            Ok(None) => break,
            Ok(Some((at, Token::Tag(..)))) if moves_seen => {
                starts.push(at);
                moves_seen = false;
            }
            Ok(Some((_, Token::Tag(..) | Token::Comment(_)))) => {}
            Ok(Some(_)) => moves_seen = true,
            Err(_) => match next_game_after(text, tokenizer.pos) {
                Some(at) => {
                    starts.push(at);
                    tokenizer.pos = at;
                    moves_seen = false;
                }
                None => break,
            },
        }
    }
    starts.push(text.len());
    starts
        .windows(2)
        .map(|w| (w[0], crate::substr(text, w[0]..w[1])))
        .filter(|(_, chunk)| !chunk.trim().is_empty())
        .collect()
}

/// Reads `chunk`, the part of `text` that starts at `at` ([`split_games`]): an error's line
/// and column are the whole text's.
pub fn parse_game_at(text: &str, at: usize, chunk: &str) -> Result<Game, PtnError> {
    parse_game(chunk).map_err(|mut e| {
        if let Location::Text { line, column } = e.location {
            let before = crate::substr(text, ..at);
            let lines = before.matches('\n').count();
            let column = if line == 1 {
                column + before.rsplit('\n').next().map_or(0, |l| l.chars().count())
            } else {
                column
            };
            e.location = Location::Text {
                line: line + lines,
                column,
            };
        }
        e
    })
}

/// Where the next game may start after `at`, in a text that could not be read there: the
/// next line that opens a tag after a blank line.
fn next_game_after(text: &str, at: usize) -> Option<usize> {
    let mut blank = false;
    let mut offset = at;
    let rest = crate::substr(text, at..);
    // The line that failed itself is not the next game's.
    let mut lines = rest.split_inclusive('\n');
    offset += lines.next()?.len();
    for line in lines {
        let trimmed = line.trim_start();
        if blank && trimmed.starts_with('[') {
            return Some(offset + line.len() - trimmed.len());
        }
        blank = trimmed.is_empty();
        offset += line.len();
    }
    None
}

/// Splits the annotation off a ply as written (`c3'!` → `c3`, `'!`). Unknown marks are
/// left to the move's parser, which ignores them.
fn split_annotation(word: &str) -> (&str, Annotation) {
    let at = word.find(['\'', '!', '?', '’', '"']).unwrap_or(word.len());
    let annotation = crate::substr(word, at..).parse().unwrap_or_default();
    (crate::substr(word, ..at), annotation)
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes `game` as PTN: its tags (with `Size`, `Komi` (always), `Flats`, `Caps`, `TieRule`,
/// `TPS` and `Result` brought up to date; the result is the main line's), then the main line in short form,
/// numbered in pairs, with annotations, `{comments}` and variations in parentheses after the
/// ply they replace, as PGN writes them.
pub fn write_game(game: &Game) -> String {
    let start = game.start();
    let config = start.config();
    // A game's size is always a standard one; matched rather than unwrapped, so that the
    // page's wasm carries no `Debug` of the error.
    let standard = match Config::standard(config.size) {
        Ok(standard) => standard,
        Err(_) => *config,
    };
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
    set("Komi", Some(config.komi.to_string()));
    let custom = (config.stones, config.caps) != (standard.stones, standard.caps);
    set("Flats", custom.then(|| config.stones.to_string()));
    set("Caps", custom.then(|| config.caps.to_string()));
    // One reserve for both players: the per-player tags it was read from say the same.
    for name in ["Flats1", "Flats2", "Caps1", "Caps2"] {
        set(name, None);
    }
    // As playtak.com and PTN Ninja do: only the variant is written (swap is the default).
    set(
        "Opening",
        (config.opening != Opening::Swap).then(|| config.opening.to_string()),
    );
    // The tie rule when it is not the standard one, or when the game says which it follows.
    let tie_rule = if config.ancient_tie_rule {
        "ancient"
    } else {
        "standard"
    };
    let tie_tagged = game.tag("TieRule").is_some();
    set(
        "TieRule",
        (config.ancient_tie_rule || tie_tagged).then(|| tie_rule.to_string()),
    );
    let empty_start = *start == Position::with_config(*config);
    set("TPS", (!empty_start).then(|| tps::write(start)));
    let outcome = game.main_line_outcome();
    set("Result", outcome.map(|o| o.ptn_result().to_string()));
    // Size first, as readers expect (the others keep their order).
    if let Some(i) = tags
        .iter()
        .position(|(k, _)| k.eq_ignore_ascii_case("Size"))
    {
        let size = tags.remove(i);
        tags.insert(0, size);
    }
    let mut out = String::new();
    for (k, v) in &tags {
        let _ = writeln!(out, "[{k} \"{}\"]", escape(v));
    }
    out.push('\n');
    for c in &game.start_comments {
        let _ = writeln!(out, "{{{}}}", escape_comment(c));
    }
    // The main line, then each variation as a PTN Ninja branch: after a blank line, its
    // name in braces and its line from the ply it replaces. A branch's name is its parent's
    // (if any) and its first ply, joined by `/`, so that PTN Ninja nests it likewise.
    let mut branches: Vec<(NodeId, Position, String)> = Vec::new();
    // A sorted list rather than a set, whose code would weigh on the page's wasm.
    let mut names: Vec<String> = Vec::new();
    // The main line's end is `outcome` (which knows resignations too).
    write_branch_line(
        &mut out,
        game,
        start.clone(),
        game.first_plies(),
        "",
        &mut branches,
    );
    if let Some(o) = outcome {
        out.push(' ');
        out.push_str(o.ptn_result());
    }
    out.push('\n');
    branches.reverse();
    while let Some((first, pos, parent)) = branches.pop() {
        let ply = write_move(&pos, game.get(first).mv);
        let base = if parent.is_empty() {
            ply
        } else {
            format!("{parent}/{ply}")
        };
        let mut name = base.clone();
        let mut n = 1;
        let at = loop {
            match names.binary_search(&name) {
                Ok(_) => {
                    n += 1;
                    name = format!("{base}~{n}");
                }
                Err(at) => break at,
            }
        };
        names.insert(at, name.clone());
        let _ = write!(out, "\n{{{name}}}\n");
        let mut nested = Vec::new();
        let end = write_branch_line(
            &mut out,
            game,
            pos,
            std::slice::from_ref(&first),
            &name,
            &mut nested,
        );
        if let Some(o) = end {
            out.push(' ');
            out.push_str(o.ptn_result());
        }
        out.push('\n');
        // Depth first: a branch's own branches come right after it (parents before children).
        branches.extend(nested.into_iter().rev());
    }
    out
}

fn escape_comment(text: &str) -> String {
    text.replace('\\', "\\\\").replace('}', "\\}")
}

/// Writes the line that starts with `nodes[0]` from `pos` (each move number on a new text
/// line, a first ply of black's after `N. --`), noting the other nodes of `nodes` and every
/// alternative along the line in `branches` (with the position before them and `name`, the
/// line's branch name). Returns the outcome at the line's end, if the rules ended it there.
fn write_branch_line<'g>(
    out: &mut String,
    game: &'g Game,
    mut pos: Position,
    mut nodes: &'g [NodeId],
    name: &str,
    branches: &mut Vec<(NodeId, Position, String)>,
) -> Option<Outcome> {
    let mut first = true;
    let mut numbered = false;
    while let Some(&id) = nodes.first() {
        let node = game.get(id);
        let white = pos.to_move() == crate::Color::White;
        if white {
            if !first {
                // The previous move's text line ends here.
                let trimmed = out.trim_end_matches(' ').len();
                out.truncate(trimmed);
                out.push('\n');
            }
            push_number(out, pos.move_number().into());
            out.push_str(". ");
        } else if first {
            push_number(out, pos.move_number().into());
            out.push_str(". -- ");
        } else if numbered {
            push_number(out, pos.move_number().into());
            out.push_str("... ");
        }
        first = false;
        push_move(out, &pos, node.mv);
        if node.annotation != Annotation::default() {
            let _ = write!(out, "{}", node.annotation);
        }
        out.push(' ');
        // After a comment, black's ply is numbered again, so that it reads on its own.
        numbered = !node.comments.is_empty();
        for c in &node.comments {
            let _ = write!(out, "{{{}}} ", escape_comment(c));
        }
        for &alternative in &nodes[1..] {
            branches.push((alternative, pos.clone(), name.to_string()));
        }
        pos.play_unchecked(node.mv);
        nodes = node.children();
    }
    let trimmed = out.trim_end_matches(' ').len();
    out.truncate(trimmed);
    pos.outcome()
}
