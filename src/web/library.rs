//! The game library's Rust side: what My games lists for a game ([`Summary`]), the games of
//! a PTN file of many as saves ([`import`]: the good ones, and why the others cannot be), a
//! save as a PTN file with what its entry keeps besides the game ([`export`], [`Kept`]: the
//! `Library…` tags), whether two saves hold the same game ([`same_game`]) and a list row's
//! small board picture ([`thumbnail`]). Where games are kept (IndexedDB, one record
//! per game, shared by the tabs) is the page's: `www/library.js` and `www/keeper.js`.
//!
//! ```
//! use tak::web::library;
//! let report = library::import(
//!     "[Size \"5\"]\n[Player1 \"Ann\"]\n[Player2 \"Bo\"]\n[LibraryName \"Club final\"]\n1. a1 e5 2. c3\n\n\
//!      [Size \"6\"]\n1. a1 a1\n\n\
//!      [Size \"6\"]\n[Result \"R-0\"]\n1. a1 f6\n",
//! )
//! .unwrap();
//! // The good games are kept; the bad one is named, with why.
//! assert_eq!((report.games.len(), report.refused.len(), report.refused[0].number), (2, 1, 2));
//! let first = &report.games[0];
//! assert_eq!(first.kept.name.as_deref(), Some("Club final"));
//! let summary = library::summarize(&first.game);
//! assert_eq!((summary.white.as_str(), summary.black.as_str(), summary.size, summary.plies), ("Ann", "Bo", 5, 3));
//! assert_eq!(summary.to_move, tak::Color::Black);
//! // Each game becomes a save, and a save becomes its PTN file again, with its entry's name.
//! let save = tak::web::storage::save_game(&first.game);
//! let entry = tak::web::json::parse(r#"{"id": "g-1", "name": "Club final"}"#).unwrap();
//! let (ptn, file) = library::export(&save, &entry, None).unwrap();
//! assert!(ptn.contains("[Player1 \"Ann\"]") && ptn.contains("2. c3"));
//! assert!(ptn.contains("[LibraryId \"g-1\"]") && ptn.contains("[LibraryName \"Club final\"]"));
//! assert_eq!(file, "Ann-vs-Bo.ptn");
//! assert!(library::export("not a save", &entry, None).is_err());
//! assert!(library::thumbnail(&summary.tps, 64.0, false).unwrap().starts_with("<svg"));
//! ```

use super::config::BoardOptions;
use super::dates::{iso_time, read_iso};
use super::friend_state as friend;
use super::i18n::Message;
use super::json::{self, Json, Value};
use super::state::{ptn_error_message, Board};
use super::storage::{read_save, valid_id};
use crate::series::Series;
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
    /// The first two moves (four plies) of the main line, written as the board's symmetries
    /// make them smallest: the same opening played in another corner is the same opening
    /// ([`opening_played`]); shorter when the game is.
    pub opening: String,
    /// Plies of White and of Black marked as mistakes (`?` or `??`) on the main line.
    pub mistakes: [u32; 2],
    /// Whether a review commented on the main line (its mistakes were looked for).
    pub reviewed: bool,
    /// Whether the game started from the empty board (no `TPS` tag), under tavern rules (no
    /// take-backs): with who played it, what makes a game against the computer rated.
    pub from_start: bool,
    pub tavern: bool,
}

/// The first two moves of `game`'s main line as PTN plies, up to the board's symmetries: of
/// the eight ways to turn and mirror them, the one whose text is smallest.
///
/// ```
/// use tak::web::library::opening_played;
/// let a = tak::ptn::parse_game("[Size \"6\"]\n1. a1 f6 2. c3 d4")?;
/// let turned = tak::ptn::parse_game("[Size \"6\"]\n1. f6 a1 2. d4 c3")?;
/// let mirrored = tak::ptn::parse_game("[Size \"6\"]\n1. f1 a6 2. d3 c4")?;
/// assert_eq!(opening_played(&a), opening_played(&turned));
/// assert_eq!(opening_played(&a), opening_played(&mirrored));
/// assert_eq!(opening_played(&a), "a1 f6 c3 d4");
/// # Ok::<(), tak::ptn::PtnError>(())
/// ```
pub fn opening_played(game: &Game) -> String {
    let n = game.start().size();
    let plies: Vec<crate::Move> = game
        .main_line_nodes()
        .into_iter()
        .take(4)
        .map(|id| game.get(id).mv)
        .collect();
    (0..8u8)
        .map(|t| {
            plies
                .iter()
                .map(|&mv| transformed(mv, n, t).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .min()
        .unwrap_or_default()
}

/// `mv` on a board of side `n` turned or mirrored by `t` (bit 0: files reversed, bit 1: ranks
/// reversed, bit 2: files and ranks swapped, applied first).
fn transformed(mv: crate::Move, n: u8, t: u8) -> crate::Move {
    use crate::square::Direction;
    let sq = mv.square();
    let (mut file, mut rank) = if t & 4 != 0 {
        (sq.rank(), sq.file())
    } else {
        (sq.file(), sq.rank())
    };
    if t & 1 != 0 {
        file = n - 1 - file;
    }
    if t & 2 != 0 {
        rank = n - 1 - rank;
    }
    let Some(square) = crate::Square::new(file, rank) else {
        return mv;
    };
    if let Some(kind) = mv.kind() {
        return crate::Move::place(square, kind);
    }
    let Some(dir) = mv.direction() else {
        return mv;
    };
    // Directions as (files, ranks) steps, through the same changes as the squares.
    let (mut df, mut dr): (i8, i8) = match dir {
        Direction::Up => (0, 1),
        Direction::Down => (0, -1),
        Direction::Right => (1, 0),
        Direction::Left => (-1, 0),
    };
    if t & 4 != 0 {
        std::mem::swap(&mut df, &mut dr);
    }
    if t & 1 != 0 {
        df = -df;
    }
    if t & 2 != 0 {
        dr = -dr;
    }
    let dir = match (df, dr) {
        (0, 1) => Direction::Up,
        (0, -1) => Direction::Down,
        (1, _) => Direction::Right,
        _ => Direction::Left,
    };
    let drops: Vec<u8> = mv.drops().collect();
    crate::Move::spread(square, dir, &drops).unwrap_or(mv)
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
    let mut mistakes = [0u32; 2];
    let mut reviewed = false;
    let mut mover = game.start().to_move();
    for id in game.main_line_nodes() {
        let node = game.get(id);
        if matches!(
            node.annotation.judgement,
            crate::game::Judgement::Mistake | crate::game::Judgement::Blunder
        ) {
            mistakes[mover as usize] += 1;
        }
        reviewed |= node
            .comments
            .iter()
            .any(|c| super::annotate::is_review_comment(c));
        mover = !mover;
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
        opening: opening_played(game),
        mistakes,
        reviewed,
        from_start: game.tag("TPS").is_none(),
        tavern: game.tag("TakeBacks") == Some("tavern"),
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
                ("opening", &self.opening),
                ("mistakes", &self.mistakes),
                ("reviewed", &self.reviewed),
                ("fromStart", &self.from_start),
                ("tavern", &self.tavern),
            ],
        );
    }
}

/// A game of an imported file, to keep as its own entry: the game, what the library had kept
/// with it (read from its `Library…` tags, which leave the game), and its match.
#[derive(Clone, Debug)]
pub struct Imported {
    pub game: Game,
    pub kept: Kept,
    /// The match the game is played in (its finished games came before it in the file).
    pub series: Option<Series>,
}

/// A game of the file that cannot be imported: its number in the file (from 1) and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Refused {
    pub number: usize,
    pub why: Message,
}

/// What a file gives: the games to keep, the puzzles of the player's own mistakes to keep
/// ([`super::kept_puzzle`]), and the games or puzzles that cannot be read, each with why.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub games: Vec<Imported>,
    #[cfg(feature = "study")]
    pub puzzles: Vec<super::kept_puzzle::KeptPuzzle>,
    pub refused: Vec<Refused>,
}

/// The games of a PTN file of one or many games, each to be kept as its own entry with what
/// the library keeps besides the game (its `Library…` tags, see [`Kept`]), a match's games
/// folded into their match. A game that cannot be read is refused alone, with its number and
/// why: the others are kept. The whole file is refused only when it holds no text, or more
/// than [`MAX_IMPORT`] games.
pub fn import(text: &str) -> Result<Report, Message> {
    // A byte-order mark, as some editors write, is not part of the first tag.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(Message::new("load.nothing"));
    }
    // Counted before any is read: a million-game file is refused at once.
    let parts = ptn::split_games(text);
    if parts.len() > MAX_IMPORT {
        return Err(Message::new("library.too_many").with("limit", MAX_IMPORT));
    }
    let read = parts
        .into_iter()
        .map(|(at, part)| ptn::parse_game_at(text, at, part));
    let mut report = Report::default();
    // A match's finished games, by the id of the game they belong to, until it comes.
    let mut waiting: Vec<(String, usize, Game)> = Vec::new();
    for (i, game) in read.enumerate() {
        let number = i + 1;
        let taken = game
            .map_err(ptn_error_message)
            .and_then(|mut g| Kept::take(&mut g).map(|k| (g, k)));
        let (game, kept) = match taken {
            Ok(pair) => pair,
            Err(why) => {
                report.refused.push(Refused { number, why });
                continue;
            }
        };
        // A puzzle of the player's own mistake, kept beside the games.
        #[cfg(feature = "study")]
        if let Some(puzzle) = super::kept_puzzle::KeptPuzzle::from_game(&game) {
            match puzzle {
                Ok(p) => report.puzzles.push(p),
                Err(why) => report.refused.push(Refused {
                    number,
                    why: Message::new("library.bad_puzzle").with("why", why),
                }),
            }
            continue;
        }
        if let Some(of) = kept.match_of.clone() {
            waiting.push((of, number, game));
            continue;
        }
        let mut series = None;
        if let (Some(count), Some(id)) = (kept.match_games, kept.id.as_deref()) {
            let finished: Vec<Game> = waiting
                .iter()
                .filter(|(of, ..)| of == id)
                .map(|(_, _, g)| g.clone())
                .collect();
            if finished.len() != count {
                report.refused.push(Refused {
                    number,
                    why: Message::new("library.match_parts")
                        .with("count", count)
                        .with("found", finished.len()),
                });
                continue;
            }
            waiting.retain(|(of, ..)| of != id);
            let made = Series::of_game(finished.first().unwrap_or(&game)).map(|mut s| {
                for g in &finished {
                    s.record(g);
                }
                s
            });
            match made {
                Ok(s) => series = Some(s),
                Err(e) => {
                    report.refused.push(Refused {
                        number,
                        why: Message::new("load.error").with("error", e),
                    });
                    continue;
                }
            }
        }
        report.games.push(Imported { game, kept, series });
    }
    // A match's games whose own game is not in the file: games of their own.
    for (_, _, game) in waiting {
        report.games.push(Imported {
            game,
            kept: Kept::default(),
            series: None,
        });
    }
    Ok(report)
}

/// A kept game's save (and its match's, if any) as a PTN file, with what the library keeps
/// of it besides (`entry`: its entry as the page keeps it, see [`Kept::from_entry`]): its
/// text and a file name from its players and date. A match's finished games come first,
/// each with its match's tags and `LibraryMatchOf`.
pub fn export(
    save: &str,
    entry: &Value,
    series: Option<&str>,
) -> Result<(String, String), Message> {
    let mut game = read_save(save)?;
    let file = super::session::file_name(&game);
    let mut kept = Kept::from_entry(entry);
    let mut text = String::new();
    if let (Some(series), Some(id)) = (
        series.and_then(|s| Series::restore(s).ok()),
        kept.id.clone(),
    ) {
        for (i, played) in series.games.iter().enumerate() {
            let mut finished = played.game.clone();
            series.tag(&mut finished, i + 1, played.white);
            finished.set_tag(TAG_MATCH_OF, &id);
            text.push_str(&ptn::write_game(&finished));
            text.push('\n');
        }
        kept.match_games = Some(series.games.len());
    }
    kept.put(&mut game);
    text.push_str(&ptn::write_game(&game));
    Ok((text, file))
}

/// Whether two saves hold the same game (its tags, plies, variations and comments), whatever
/// ply each shows: a file imported again is recognised by it.
pub fn same_game(a: &str, b: &str) -> bool {
    let written = |save: &str| {
        read_save(save).ok().map(|mut g| {
            Kept::remove(&mut g);
            ptn::write_game(&g)
        })
    };
    matches!((written(a), written(b)), (Some(x), Some(y)) if x == y)
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

/// The tags that carry what the library keeps of a game besides the game (docs/formats.md).
pub const TAG_ID: &str = "LibraryId";
pub const TAG_NAME: &str = "LibraryName";
pub const TAG_CREATED: &str = "LibraryCreated";
pub const TAG_OPENED: &str = "LibraryOpened";
pub const TAG_CHANGED: &str = "LibraryChanged";
pub const TAG_SIDES: &str = "LibrarySides";
pub const TAG_FRIEND: &str = "LibraryFriend";
pub const TAG_MATCH: &str = "LibraryMatch";
pub const TAG_MATCH_OF: &str = "LibraryMatchOf";
const TAGS: [&str; 9] = [
    TAG_ID,
    TAG_NAME,
    TAG_CREATED,
    TAG_OPENED,
    TAG_CHANGED,
    TAG_SIDES,
    TAG_FRIEND,
    TAG_MATCH,
    TAG_MATCH_OF,
];

/// Who plays a game kept, as the page keeps it with its entry (`sides`): against the
/// computer (at `level`) or a person, and the side of the person at the device.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sides {
    pub computer: bool,
    pub level: u8,
    pub human: Color,
}

impl Sides {
    fn to_tag(self) -> String {
        let opponent = if self.computer { "computer" } else { "human" };
        format!(
            "opponent {opponent}; level {}; human {}",
            self.level,
            friend::side_name(self.human)
        )
    }

    fn from_tag(text: &str) -> Option<Sides> {
        let mut sides = Sides {
            computer: false,
            level: 1,
            human: Color::White,
        };
        for part in text.split(';') {
            let (key, value) = part.trim().split_once(' ')?;
            match (key, value.trim()) {
                ("opponent", "computer") => sides.computer = true,
                ("opponent", "human") => sides.computer = false,
                ("level", n) => sides.level = n.parse().ok().filter(|n| (1..=6).contains(n))?,
                ("human", "white") => sides.human = Color::White,
                ("human", "black") => sides.human = Color::Black,
                _ => return None,
            }
        }
        Some(sides)
    }
}

/// What My games keeps of a game besides the game itself (its entry in `www/library.js`):
/// its id, the name given to it, when it was started, last opened and last changed, who
/// plays, its friend game's state, and for a match how many finished games come before it.
/// Exported as `Library…` tags ([`TAGS`]), read back (and taken off the game) on import, so
/// that a file exported and imported again brings back the same entries.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Kept {
    pub id: Option<String>,
    pub name: Option<String>,
    pub created: Option<u64>,
    pub opened: Option<u64>,
    pub updated: Option<u64>,
    pub sides: Option<Sides>,
    pub friend: Option<friend::State>,
    /// A match's game on the board: its match's finished games (before it in the file).
    pub match_games: Option<usize>,
    /// A finished game of the match of the entry of this id.
    pub match_of: Option<String>,
}

impl Kept {
    /// Reads an entry as the page keeps it (`{id, name, created, opened, updated, sides,
    /// friend, …}`): what cannot be read is left out (an export writes what it can).
    pub fn from_entry(entry: &Value) -> Kept {
        let text = |k: &str| entry.get(k).and_then(Value::as_str);
        let time = |k: &str| {
            entry
                .get(k)
                .and_then(Value::as_f64)
                .filter(|n| n.is_finite() && *n > 0.0 && *n < 1e15)
                .map(|n| n as u64)
        };
        let sides = entry.get("sides").map(|s| Sides {
            computer: s.get("opponent").and_then(Value::as_str) == Some("computer"),
            level: s
                .get("level")
                .and_then(Value::as_u32)
                .filter(|l| (1..=6).contains(l))
                .unwrap_or(1) as u8,
            human: match s.get("human").and_then(Value::as_str) {
                Some("black") => Color::Black,
                _ => Color::White,
            },
        });
        Kept {
            id: text("id").filter(|id| valid_id(id)).map(str::to_string),
            name: text("name")
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .map(|n| n.chars().take(200).collect()),
            created: time("created"),
            opened: time("opened"),
            updated: time("updated"),
            sides,
            friend: entry
                .get("friend")
                .and_then(|f| friend::State::from_json(f).ok()),
            match_games: None,
            match_of: None,
        }
    }

    /// Writes itself into `game`'s tags.
    pub fn put(&self, game: &mut Game) {
        let mut set = |tag: &str, value: Option<String>| {
            if let Some(v) = value {
                game.set_tag(tag, &v);
            }
        };
        set(TAG_ID, self.id.clone());
        set(TAG_NAME, self.name.clone());
        set(TAG_CREATED, self.created.map(iso_time));
        set(TAG_OPENED, self.opened.map(iso_time));
        set(TAG_CHANGED, self.updated.map(iso_time));
        set(TAG_SIDES, self.sides.map(Sides::to_tag));
        set(TAG_FRIEND, self.friend.as_ref().map(friend::State::to_tag));
        set(TAG_MATCH, self.match_games.map(|n| n.to_string()));
        set(TAG_MATCH_OF, self.match_of.clone());
    }

    /// Takes the `Library…` tags off `game` and reads them; an error names the tag that cannot
    /// be read.
    pub fn take(game: &mut Game) -> Result<Kept, Message> {
        let bad = |tag: &str, value: &str| {
            Message::new("load.error").with("error", format!("tag {tag}: '{value}' cannot be read"))
        };
        let mut kept = Kept::default();
        for tag in TAGS {
            let Some(value) = game.tag(tag).map(str::to_string) else {
                continue;
            };
            let v = value.trim();
            let time = || read_iso(v).ok_or_else(|| bad(tag, v));
            match tag {
                TAG_ID | TAG_MATCH_OF if !valid_id(v) => return Err(bad(tag, v)),
                TAG_ID => kept.id = Some(v.to_string()),
                TAG_MATCH_OF => kept.match_of = Some(v.to_string()),
                TAG_NAME => {
                    kept.name =
                        Some(v.chars().take(200).collect()).filter(|n: &String| !n.is_empty())
                }
                TAG_CREATED => kept.created = Some(time()?),
                TAG_OPENED => kept.opened = Some(time()?),
                TAG_CHANGED => kept.updated = Some(time()?),
                TAG_SIDES => kept.sides = Some(Sides::from_tag(v).ok_or_else(|| bad(tag, v))?),
                TAG_FRIEND => {
                    kept.friend = Some(friend::State::from_tag(v).map_err(|e| {
                        Message::new("load.error").with("error", format!("tag {tag}: {e}"))
                    })?)
                }
                TAG_MATCH => kept.match_games = Some(v.parse().map_err(|_| bad(tag, v))?),
                _ => {}
            }
        }
        // A friend game travels by its id: without one it is no friend game.
        if kept.id.is_none() {
            kept.friend = None;
        }
        Kept::remove(game);
        Ok(kept)
    }

    /// Takes the `Library…` tags off `game`.
    pub fn remove(game: &mut Game) {
        for tag in TAGS {
            game.remove_tag(tag);
        }
    }

    /// The entry's fields it gives, as the page keeps them: only those it has.
    pub fn write_json(&self, out: &mut String) {
        let mut fields: Vec<(&str, &dyn Json)> = Vec::new();
        let sides = self.sides.map(|s| {
            let mut text = String::new();
            json::object(
                &mut text,
                &[
                    ("opponent", &if s.computer { "computer" } else { "human" }),
                    ("level", &s.level),
                    ("human", &friend::side_name(s.human)),
                ],
            );
            json::Raw(text)
        });
        let friend = self.friend.as_ref().map(|f| {
            let mut text = String::new();
            f.write_json(&mut text);
            json::Raw(text)
        });
        if let Some(v) = &self.id {
            fields.push(("id", v));
        }
        if let Some(v) = &self.name {
            fields.push(("name", v));
        }
        if let Some(v) = &self.created {
            fields.push(("created", v));
        }
        if let Some(v) = &self.opened {
            fields.push(("opened", v));
        }
        if let Some(v) = &self.updated {
            fields.push(("updated", v));
        }
        if let Some(v) = &sides {
            fields.push(("sides", v));
        }
        if let Some(v) = &friend {
            fields.push(("friend", v));
        }
        json::object(out, &fields);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::storage;

    fn entry(text: &str) -> Value {
        json::parse(text).unwrap()
    }

    #[test]
    fn an_export_carries_what_the_entry_keeps_and_an_import_brings_it_back() {
        let game = ptn::parse_game(
            "[Size \"6\"]\n[Player1 \"Ann\"]\n[Player2 \"Bo\"]\n1. a1 f6 2. c3 d4 {mine}",
        )
        .unwrap();
        let save = storage::save_game(&game);
        let kept = entry(
            r#"{"id": "3f2a-b", "name": "Club \"final\"", "created": 1764201600000, "opened": 1764288000000,
                "updated": 1764288000500, "rev": 7, "summary": {"plies": 4},
                "sides": {"opponent": "computer", "level": 3, "human": "black"},
                "friend": {"side": "black", "days": 3, "at": 1764288000000, "seen": "4::x6/x6/x6/x2,1,2,x2/x6/1,x4,2 1 3",
                           "got": 3, "offer": "white", "offerAt": null, "from": null,
                           "fork": {"path": [0, 0, 0, 1], "at": 1764288000000, "offer": "white"}}}"#,
        );
        let (text, file) = export(&save, &kept, None).unwrap();
        assert_eq!(file, "Ann-vs-Bo.ptn");
        for tag in [
            "[LibraryId \"3f2a-b\"]",
            "[LibraryName \"Club \\\"final\\\"\"]",
            "[LibraryCreated \"2025-11-27T00:00:00.000Z\"]",
            "[LibraryOpened \"2025-11-28T00:00:00.000Z\"]",
            "[LibraryChanged \"2025-11-28T00:00:00.500Z\"]",
            "[LibrarySides \"opponent computer; level 3; human black\"]",
        ] {
            assert!(text.contains(tag), "{tag} in {text}");
        }
        assert!(
            text.contains(
                "[LibraryFriend \"side black; days 3; at 2025-11-28T00:00:00.000Z; got 3; seen 4::"
            ),
            "{text}"
        );
        let report = import(&text).unwrap();
        assert!(report.refused.is_empty());
        let back = &report.games[0];
        assert_eq!(back.kept.id.as_deref(), Some("3f2a-b"));
        assert_eq!(back.kept.name.as_deref(), Some("Club \"final\""));
        assert_eq!(
            (back.kept.created, back.kept.opened, back.kept.updated),
            (
                Some(1_764_201_600_000),
                Some(1_764_288_000_000),
                Some(1_764_288_000_500)
            )
        );
        assert_eq!(
            back.kept.sides,
            Some(Sides {
                computer: true,
                level: 3,
                human: Color::Black
            })
        );
        let friend = back.kept.friend.as_ref().unwrap();
        assert_eq!(
            friend,
            &friend::State::from_json(kept.get("friend").unwrap()).unwrap()
        );
        assert_eq!(
            friend.fork.as_ref().map(|f| f.path.clone()),
            Some(vec![0, 0, 0, 1])
        );
        // The library's tags leave the game: its own tags, plies and comments are as they were.
        assert!(back
            .game
            .tags()
            .iter()
            .all(|(k, _)| !k.starts_with("Library")));
        assert!(same_game(&storage::save_game(&back.game), &save));
        // The entry's fields as the page keeps them.
        let mut json_text = String::new();
        back.kept.write_json(&mut json_text);
        let fields = json::parse(&json_text).unwrap();
        assert_eq!(
            fields.get("name").and_then(Value::as_str),
            Some("Club \"final\"")
        );
        assert_eq!(
            fields.get("created").and_then(Value::as_f64),
            Some(1_764_201_600_000.0)
        );
        assert_eq!(
            fields
                .get("sides")
                .and_then(|s| s.get("level"))
                .and_then(Value::as_u32),
            Some(3)
        );
        assert_eq!(
            fields
                .get("friend")
                .and_then(|f| f.get("fork"))
                .and_then(|f| f.get("path"))
                .and_then(Value::as_array)
                .map(<[Value]>::len),
            Some(4)
        );
        // A game without an entry's fields writes none, and reads back without them.
        let (plain, _) = export(&save, &Value::Null, None).unwrap();
        assert!(!plain.contains("Library"));
        assert_eq!(import(&plain).unwrap().games[0].kept, Kept::default());
    }

    #[test]
    fn a_match_is_exported_with_its_games_and_imported_as_one_entry() {
        use crate::series::{Length, Series};
        let config = crate::Config::standard(3).unwrap();
        let mut series = Series::new(["Ann".into(), "Bo".into()], Length::Games(3), config);
        let mut won =
            ptn::parse_game("[Size \"3\"]\n1. a1 c3 2. b3 b1 3. c1 a3 4. a2 b2 5. c2").unwrap();
        series.tag(&mut won, 1, 0);
        series.record(&won);
        let mut current = ptn::parse_game("[Size \"3\"]\n1. a1 c3").unwrap();
        series.tag(&mut current, 2, 1);
        let (text, _) = export(
            &storage::save_game(&current),
            &entry(r#"{"id": "m-1"}"#),
            Some(&series.save()),
        )
        .unwrap();
        assert!(
            text.contains("[LibraryMatchOf \"m-1\"]") && text.contains("[LibraryMatch \"1\"]"),
            "{text}"
        );
        let report = import(&text).unwrap();
        assert_eq!((report.games.len(), report.refused.len()), (1, 0));
        let back = report.games[0].series.as_ref().unwrap();
        assert_eq!(
            (back.games.len(), back.totals(), back.players.clone()),
            (1, series.totals(), series.players.clone())
        );
        assert_eq!(report.games[0].game.main_line().len(), 2);
        // Its finished games without their game: each kept as a game of its own.
        let alone = text.split("\n\n[").next().unwrap().to_string();
        let report = import(&alone).unwrap();
        assert_eq!(
            (report.games.len(), report.games[0].series.is_none()),
            (1, true)
        );
        // A match's game whose finished games are missing: refused, said why.
        let (text, _) = export(
            &storage::save_game(&current),
            &entry(r#"{"id": "m-1"}"#),
            Some(&series.save()),
        )
        .unwrap();
        let cut = &text[text.rfind("[Size").unwrap()..];
        let report = import(cut).unwrap();
        assert_eq!(
            report.refused.iter().map(|r| r.why.key).collect::<Vec<_>>(),
            ["library.match_parts"],
            "{cut}"
        );
    }

    #[test]
    fn a_file_with_bad_games_gives_the_good_ones_and_names_the_bad() {
        let text = "[Size \"5\"]\n[Player1 \"Cy\"]\n1. a1 e5\n\n\
                    [Size \"5\"]\n1. a1 zz9\n\n\
                    [Size \"6\"]\n[LibraryCreated \"yesterday\"]\n1. a1 f6\n\n\
                    [Size \"4\"]\n1. a1 {never closed\n\n\
                    [Size \"6\"]\n[Player1 \"Di\"]\n1. f6 a1 2. c3\n";
        let report = import(text).unwrap();
        let players: Vec<String> = report
            .games
            .iter()
            .map(|g| summarize(&g.game).white)
            .collect();
        assert_eq!(players, ["Cy", "Di"]);
        let refused: Vec<(usize, String)> = report
            .refused
            .iter()
            .map(|r| (r.number, r.why.text(crate::web::i18n::Lang::En)))
            .collect();
        assert_eq!(refused.iter().map(|r| r.0).collect::<Vec<_>>(), [2, 3, 4]);
        assert!(refused[0].1.contains("zz9"), "{refused:?}");
        assert!(
            refused[1]
                .1
                .contains("tag LibraryCreated: 'yesterday' cannot be read"),
            "{refused:?}"
        );
        assert!(refused[2].1.contains("never closed"), "{refused:?}");
        // Nothing at all, or too many games: the whole file is refused.
        assert!(import(" \n").is_err());
        assert!(import(&"[Size \"3\"]\n1. a1\n".repeat(MAX_IMPORT + 1)).is_err());
    }

    #[test]
    fn the_same_game_is_recognised_whatever_ply_it_shows() {
        let game = ptn::parse_game("[Size \"5\"]\n1. a1 e5 2. c3").unwrap();
        let mut back = game.clone();
        back.goto(1);
        assert!(same_game(
            &storage::save_game(&game),
            &storage::save_game(&back)
        ));
        let other = ptn::parse_game("[Size \"5\"]\n1. a1 e5 2. c4").unwrap();
        assert!(!same_game(
            &storage::save_game(&game),
            &storage::save_game(&other)
        ));
        assert!(!same_game("not a save", "not a save"));
    }

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
