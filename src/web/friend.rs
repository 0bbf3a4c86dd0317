//! A game played with a friend by links (correspondence): what a link carries and what its
//! arrival does to the game kept on this device. The page (`www/friend.js`) only carries the
//! text: it packs it into a `#f=` link (compressed, as share links are), finds the game of the
//! same id in the library, and does what [`receive`] decides.
//!
//! A link is a short header, then the game's main line as PTN:
//!
//! ```text
//! tak-friend 1
//! game 3f2a…          the game's id, the same on both devices
//! ply 12              plies in the main line
//! check 9c1d04be      a check of the id, size and plies: a link edited by hand is refused
//! from white          the side that sent it
//! offer draw          (optional) the sender offers a draw
//! days 3              (optional) days per move
//! sent 1764201600000  (optional) when it was sent, in ms since 1970
//!
//! [Size "6"] …
//! ```
//!
//! Only the main line travels, without comments: what the sender studied stays theirs.
//! Arriving, a link is checked whole before anything is kept (the header, the check, every
//! ply legal from the start, the same size and start as the game kept), then compared with the
//! game kept: newer, the same, older, forked, or another game.
//!
//! ```
//! use tak::web::friend::{self, Verdict};
//! let game = tak::ptn::parse_game("[Size \"6\"]\n1. a1 f6 2. c3").unwrap();
//! let text = friend::write_link(&game, &friend::Sent { id: "g1".into(), from: tak::Color::White, ..Default::default() });
//! let link = friend::read_link(&text).unwrap();
//! assert_eq!((link.id.as_str(), link.plies), ("g1", 3));
//! let kept = tak::ptn::parse_game("[Size \"6\"]\n1. a1 f6").unwrap();
//! assert_eq!(friend::compare(&kept, &link.game).unwrap(), Verdict::Newer);
//! assert!(friend::read_link(&text.replace("ply 3", "ply 2")).is_err());
//! ```

pub use super::friend_state::{side_name, Fork, Side, State, MAX_DAYS};
use crate::{ptn, Color, Game, Outcome};

/// The first line of every link's text; the number changes when the format does.
pub const HEADER: &str = "tak-friend 1";

/// What the sender says besides the game.
#[derive(Clone, Debug, PartialEq)]
pub struct Sent {
    pub id: String,
    pub from: Color,
    /// The sender offers a draw with this link.
    pub offer_draw: bool,
    /// Days per move, if the game has a clock.
    pub days: Option<u32>,
    /// When the link was made (ms since 1970), if said.
    pub sent: Option<f64>,
}

impl Default for Sent {
    fn default() -> Sent {
        Sent {
            id: String::new(),
            from: Color::White,
            offer_draw: false,
            days: None,
            sent: None,
        }
    }
}

/// A link read and checked: what was sent, and the game it carries.
#[derive(Clone, Debug)]
pub struct Link {
    pub id: String,
    pub plies: usize,
    pub sent: Sent,
    pub game: Game,
}

/// Why a link is refused. Nothing kept changes for any of them.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    /// Not a link of this page's friend games, or a header line that cannot be read.
    Damaged,
    /// The check does not match the plies: the link was changed on the way.
    BadCheck,
    /// A ply cannot be read or is illegal (the PTN reader's words).
    Illegal(String),
    /// The same game id with another size or start: not the game kept.
    OtherGame,
    /// The game kept under the link's id cannot be read: the link is not applied to it.
    Kept,
}

impl Refusal {
    /// The page's catalogue key for it (`friend.refused_…`).
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::Damaged => "damaged",
            Refusal::BadCheck => "check",
            Refusal::Illegal(_) => "illegal",
            Refusal::OtherGame => "other",
            Refusal::Kept => "kept",
        }
    }
}

/// What a link is to the game kept.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// The very game kept: nothing new.
    Same,
    /// The game kept, gone on (more plies, or an ending: a resignation, an agreed draw).
    Newer,
    /// The game kept at an earlier ply: nothing changes.
    Older,
    /// The plies disagree from this ply on (a move taken back, or a reply sent twice).
    Forked { at: usize },
}

/// FNV-1a, 32 bits: a short check, not a seal (anyone may make a new link; the check only
/// tells a link changed on the way, or cut short, from a whole one).
fn fnv(bytes: impl Iterator<Item = u8>, mut hash: u32) -> u32 {
    for b in bytes {
        hash ^= b as u32;
        hash = hash.wrapping_mul(0x0100_0193);
    }
    hash
}

/// The check of a game's main line under `id`: its id, size, plies and ending.
pub fn check(id: &str, game: &Game) -> String {
    let mut hash = fnv(id.bytes(), 0x811c_9dc5);
    hash = fnv([b'|', game.start().size()].into_iter(), hash);
    // Each ply as PTN writes it, then a space (written without `fmt`: the page's wasm has
    // little of it).
    let mut text = String::with_capacity(16);
    for mv in game.main_line() {
        text.clear();
        mv.push_ptn(&mut text);
        text.push(' ');
        hash = fnv(text.bytes(), hash);
    }
    if let Some(outcome) = game.main_line_outcome() {
        hash = fnv(outcome.ptn_result().bytes(), hash);
    }
    let mut out = String::with_capacity(8);
    for shift in (0..8).rev() {
        let digit = (hash >> (shift * 4)) & 0xf;
        out.push(char::from_digit(digit, 16).unwrap_or('0'));
    }
    out
}

/// The main line of `game` as a game of its own: the same start and tags, no variations, no
/// comments, and its ending (a resignation, an agreed draw) if it has one.
pub fn main_line_game(game: &Game) -> Game {
    let mut out = Game::new(game.start().clone());
    for (name, value) in game.tags() {
        out.set_tag(name, value);
    }
    for mv in game.main_line() {
        if out.play(mv).is_err() {
            break; // cannot happen: the main line was played once already
        }
    }
    if let Some(outcome) = game.main_line_outcome() {
        end_as(&mut out, outcome);
    }
    out
}

/// Ends `game` where it stands as `outcome` says, when the position itself has not (a road or
/// the flats end a game by themselves; a resignation, a flag and a draw are said).
fn end_as(game: &mut Game, outcome: Outcome) {
    if game.outcome().is_some() {
        return;
    }
    match outcome.winner {
        None => game.agree_draw(),
        Some(winner) => {
            if outcome.reason == crate::position::EndReason::Time {
                game.lose_on_time(!winner);
            } else {
                game.resign(!winner);
            }
        }
    }
}

/// The text of a link that sends the main line of `game` with `sent`.
pub fn write_link(game: &Game, sent: &Sent) -> String {
    let line = main_line_game(game);
    let mut out = String::new();
    out.push_str(HEADER);
    out.push_str("\ngame ");
    out.push_str(&sent.id);
    out.push_str("\nply ");
    ptn::push_number(&mut out, line.main_line().len() as u64);
    out.push_str("\ncheck ");
    out.push_str(&check(&sent.id, &line));
    out.push_str("\nfrom ");
    out.push_str(side_name(sent.from));
    if sent.offer_draw {
        out.push_str("\noffer draw");
    }
    if let Some(days) = sent.days {
        out.push_str("\ndays ");
        ptn::push_number(&mut out, days as u64);
    }
    if let Some(at) = sent.sent {
        out.push_str("\nsent ");
        ptn::push_number(&mut out, at.max(0.0) as u64);
    }
    out.push_str("\n\n");
    out.push_str(&ptn::write_game(&line));
    out
}

use super::storage::valid_id;

/// Reads and checks a link's text: the header, every ply legal, the ply count and the check.
pub fn read_link(text: &str) -> Result<Link, Refusal> {
    let (head, body) = text.split_once("\n\n").ok_or(Refusal::Damaged)?;
    let mut lines = head.lines();
    if lines.next() != Some(HEADER) {
        return Err(Refusal::Damaged);
    }
    let (mut id, mut plies, mut check_text, mut from) = (None, None, None, None);
    let mut sent = Sent::default();
    for (count, line) in lines.enumerate() {
        // A header is a few lines: a long one is not this page's.
        if count > 32 {
            return Err(Refusal::Damaged);
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "game" if valid_id(value) => id = Some(value.to_string()),
            "ply" => plies = Some(value.parse::<usize>().map_err(|_| Refusal::Damaged)?),
            "check" if value.len() == 8 => check_text = Some(value.to_string()),
            "from" => {
                from = Some(match value {
                    "white" => Color::White,
                    "black" => Color::Black,
                    _ => return Err(Refusal::Damaged),
                })
            }
            "offer" => sent.offer_draw = value == "draw",
            "days" => {
                let days = value.parse::<u32>().map_err(|_| Refusal::Damaged)?;
                if days == 0 || days > MAX_DAYS {
                    return Err(Refusal::Damaged);
                }
                sent.days = Some(days);
            }
            "sent" => sent.sent = Some(value.parse::<u64>().map_err(|_| Refusal::Damaged)? as f64),
            "game" | "check" => return Err(Refusal::Damaged),
            _ => {} // a later page's addition: not needed to play on
        }
    }
    let (Some(id), Some(plies), Some(check_text), Some(from)) = (id, plies, check_text, from)
    else {
        return Err(Refusal::Damaged);
    };
    let parsed = ptn::parse_game(body).map_err(|e| {
        Refusal::Illegal(super::state::ptn_error_message(e).text(super::i18n::Lang::default()))
    })?;
    let game = main_line_game(&parsed);
    if game.main_line().len() != plies || check(&id, &game) != check_text {
        return Err(Refusal::BadCheck);
    }
    sent.id = id.clone();
    sent.from = from;
    Ok(Link {
        id,
        plies,
        sent,
        game,
    })
}

/// What `link` (a game of the same id) is to `kept`: refused when its size or start differ.
pub fn compare(kept: &Game, link: &Game) -> Result<Verdict, Refusal> {
    if kept.start() != link.start() {
        return Err(Refusal::OtherGame);
    }
    let (ours, theirs) = (kept.main_line(), link.main_line());
    let ending = |g: &Game| g.main_line_outcome().map(Outcome::ptn_result);
    let (our_end, their_end) = (ending(kept), ending(link));
    let common = ours.iter().zip(&theirs).take_while(|(a, b)| a == b).count();
    Ok(if common == ours.len() && common == theirs.len() {
        match (our_end, their_end) {
            (a, b) if a == b => Verdict::Same,
            (None, Some(_)) => Verdict::Newer,
            (Some(_), None) => Verdict::Older,
            _ => Verdict::Forked { at: common },
        }
    } else if common == ours.len() {
        // Ours ended (resigned, drawn) where theirs went on: both cannot be right.
        if our_end.is_some() {
            Verdict::Forked { at: common }
        } else {
            Verdict::Newer
        }
    } else if common == theirs.len() {
        if their_end.is_some() {
            Verdict::Forked { at: common }
        } else {
            Verdict::Older
        }
    } else {
        Verdict::Forked { at: common }
    })
}

/// `kept` with what `link` adds, by `verdict`: newer plies go on its main line (its comments
/// and variations stay), a fork becomes a variation from the ply where they part, shown; the
/// main line stays the one kept until the reader chooses theirs. Returns the game and, for a
/// fork, the path of the variation's first ply. `None` for the same game or an older one:
/// nothing changes.
pub fn merged(kept: &Game, link: &Game, verdict: Verdict) -> Option<(Game, Vec<usize>)> {
    let at = match verdict {
        Verdict::Same | Verdict::Older => return None,
        Verdict::Newer => kept.main_line().len(),
        Verdict::Forked { at } => at,
    };
    let mut game = kept.clone();
    // Along the main line to where the link's plies part from it.
    let main: Vec<usize> = vec![0; at];
    if !game.goto_path(&main) {
        return None;
    }
    let theirs = link.main_line();
    let mut first = None;
    for mv in &theirs[at..] {
        if game.play(*mv).is_err() {
            return None;
        }
        if first.is_none() {
            first = game.current();
        }
    }
    if let Some(outcome) = link.main_line_outcome() {
        end_as(&mut game, outcome);
    }
    // The newer game is shown from the ply the reader last saw, so that the page plays the
    // new plies before their eyes; not a game that ended (a step back would take a
    // resignation or an agreed draw back).
    if verdict == Verdict::Newer && game.outcome().is_none() {
        game.goto(at);
    }
    let path = first.map(|id| game.path_of(id)).unwrap_or_default();
    Some((game, path))
}

/// What a link's arrival does, all decided before anything is kept: see [`receive`].
#[derive(Clone, Debug)]
pub struct Received {
    /// `new` (no game kept under its id), `same`, `newer`, `older` or `forked`.
    pub verdict: &'static str,
    pub link: Link,
    /// The save to keep and show (the link's game, or the game kept with what the link adds);
    /// none when nothing changes (the same game, an older link).
    pub save: Option<String>,
    /// A fork's first ply of the link's line, as a path in the saved game.
    pub variation: Vec<usize>,
}

impl Received {
    /// When the link came, as far as this device can tell: when it was sent, not after `now`
    /// (ms since 1970).
    pub fn came(&self, now: u64) -> u64 {
        self.link
            .sent
            .sent
            .map_or(now, |sent| (sent as u64).min(now))
    }

    /// The draw the link offers this device, playing `side`: its sender's, unless the game is
    /// over or the sender is this side.
    pub fn their_offer(&self, side: Side) -> Option<Color> {
        let from = self.link.sent.from;
        let over = self.link.game.main_line_outcome().is_some();
        let own = matches!(
            (side, from),
            (Side::White, Color::White) | (Side::Black, Color::Black)
        );
        (self.link.sent.offer_draw && !over && !own).then_some(from)
    }

    /// What becomes of the fork that waited for this device's answer (`waiting`): the same game
    /// or an older link leave it waiting; a newer one answers it (the friend went on with this
    /// device's line); a forked one waits in its place, with the draw offered with it. None
    /// waits after a game new here.
    pub fn fork_after(&self, waiting: Option<&Fork>, side: Side, now: u64) -> Option<Fork> {
        match self.verdict {
            "same" | "older" => waiting.cloned(),
            "forked" => Some(Fork {
                path: self.variation.clone(),
                at: Some(self.came(now)),
                offer: self.their_offer(side),
            }),
            _ => None,
        }
    }
}

/// Reads the link text `text` and decides what it does to `kept`, the save of the game kept
/// under its id (none: this device does not have the game).
pub fn receive(text: &str, kept: Option<&str>) -> Result<Received, Refusal> {
    use super::storage;
    let link = read_link(text)?;
    let Some(kept) = kept else {
        let save = storage::save_game(&link.game);
        return Ok(Received {
            verdict: "new",
            link,
            save: Some(save),
            variation: Vec::new(),
        });
    };
    let kept = storage::read_save(kept).map_err(|_| Refusal::Kept)?;
    let verdict = compare(&kept, &link.game)?;
    let (save, variation) = match merged(&kept, &link.game, verdict) {
        Some((game, path)) => (Some(storage::save_game(&game)), path),
        None => (None, Vec::new()),
    };
    let verdict = match verdict {
        Verdict::Same => "same",
        Verdict::Newer => "newer",
        Verdict::Older => "older",
        Verdict::Forked { .. } => "forked",
    };
    Ok(Received {
        verdict,
        link,
        save,
        variation,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(ptn: &str) -> Game {
        ptn::parse_game(&format!("[Size \"6\"]\n{ptn}")).unwrap()
    }
    fn sent(id: &str) -> Sent {
        Sent {
            id: id.into(),
            from: Color::White,
            ..Sent::default()
        }
    }

    #[test]
    fn a_link_carries_id_ply_count_check_and_the_main_line_only() {
        let mut g = game("1. a1 f6 2. c3 d4");
        g.goto(2);
        g.play("b2".parse().unwrap()).unwrap(); // a variation of the sender's: stays theirs
        g.set_comment(&[0], "first").then_some(()).unwrap();
        let text = write_link(
            &g,
            &Sent {
                offer_draw: true,
                days: Some(3),
                sent: Some(1_764_201_600_000.0),
                ..sent("abc-1")
            },
        );
        assert!(text.starts_with("tak-friend 1\ngame abc-1\nply 4\ncheck "));
        assert!(!text.contains("b2") && !text.contains("first"));
        let link = read_link(&text).unwrap();
        assert_eq!(link.id, "abc-1");
        assert_eq!(link.plies, 4);
        assert!(link.sent.offer_draw);
        assert_eq!(link.sent.days, Some(3));
        assert_eq!(link.sent.sent, Some(1_764_201_600_000.0));
        assert_eq!(link.sent.from, Color::White);
        assert_eq!(link.game.main_line().len(), 4);
        assert_eq!(check("abc-1", &link.game), check("abc-1", &g));
        // The check differs with the id, a ply, or the ending.
        assert_ne!(check("abc-2", &g), check("abc-1", &g));
        assert_ne!(
            check("abc-1", &game("1. a1 f6 2. c3 d5")),
            check("abc-1", &g)
        );
        let mut resigned = game("1. a1 f6 2. c3 d4");
        resigned.goto(4);
        resigned.resign(Color::White);
        assert_ne!(
            check("abc-1", &resigned),
            check("abc-1", &game("1. a1 f6 2. c3 d4"))
        );
    }

    #[test]
    fn endings_travel_resignation_and_agreed_draw() {
        let mut g = game("1. a1 f6 2. c3");
        g.goto(3);
        g.agree_draw();
        let link = read_link(&write_link(&g, &sent("x"))).unwrap();
        assert_eq!(
            link.game.main_line_outcome().map(Outcome::ptn_result),
            Some("1/2-1/2")
        );
        let mut r = game("1. a1 f6 2. c3");
        r.goto(3);
        r.resign(Color::Black);
        let link = read_link(&write_link(&r, &sent("x"))).unwrap();
        assert_eq!(
            link.game.main_line_outcome().map(Outcome::ptn_result),
            Some("1-0")
        );
        assert_eq!(
            compare(&game("1. a1 f6 2. c3"), &link.game),
            Ok(Verdict::Newer)
        );
    }

    #[test]
    fn forged_links_are_refused() {
        let text = write_link(&game("1. a1 f6 2. c3"), &sent("g"));
        // A ply changed on the way, the count changed, the check changed.
        assert_eq!(
            read_link(&text.replace("c3", "c4")).unwrap_err(),
            Refusal::BadCheck
        );
        assert_eq!(
            read_link(&text.replace("ply 3", "ply 4")).unwrap_err(),
            Refusal::BadCheck
        );
        let bad_check = text.replacen("check ", "check 0", 1);
        assert_eq!(read_link(&bad_check).unwrap_err(), Refusal::Damaged); // 9 digits
                                                                          // An illegal ply: refused in words.
        let illegal = text.replace("2. c3", "2. a1");
        assert!(matches!(read_link(&illegal), Err(Refusal::Illegal(w)) if !w.is_empty()));
        // Not a link at all, a bad id, a missing line, a silly clock.
        for bad in [
            "",
            "tak-friend 2\n\n",
            "tak-save 3\nline\n\n",
            &text.replace("game g", "game <script>"),
            &text.replace("from white", "from red"),
            &text.replace("\nfrom white", ""),
            &text.replace("from white", "from white\ndays 0"),
            &text.replace("from white", "from white\ndays 9999"),
        ] {
            assert_eq!(read_link(bad).unwrap_err(), Refusal::Damaged, "{bad:?}");
        }
        // Unknown header lines are a later page's: read past.
        assert!(read_link(&text.replace("from white", "from white\ncolour blue")).is_ok());
    }

    #[test]
    fn any_text_is_read_or_refused_never_a_panic() {
        let text = write_link(&game("1. a1 f6 2. c3 d4 3. e5"), &sent("g-1"));
        let kept = game("1. a1 f6 2. c3");
        // Every cut, and every byte replaced by a few others: read (and merged) or refused.
        let mut seed = 7u32;
        for cut in 0..=text.len() {
            if let Some(piece) = text.get(..cut) {
                if let Ok(link) = read_link(piece) {
                    let _ = compare(&kept, &link.game).map(|v| merged(&kept, &link.game, v));
                }
            }
        }
        let bytes = text.as_bytes();
        for i in 0..bytes.len() {
            for _ in 0..4 {
                seed ^= seed << 13;
                seed ^= seed >> 17;
                seed ^= seed << 5;
                let mut changed = bytes.to_vec();
                changed[i] = b" \n0123456789abcdefx-[]\"/<>"[(seed % 26) as usize];
                if let Ok(piece) = std::str::from_utf8(&changed) {
                    if let Ok(link) = read_link(piece) {
                        // What is read whole passed its check: the same plies, or a header
                        // line that the check does not cover (a later page's, `from`).
                        assert_eq!(link.plies, 5);
                    }
                }
            }
        }
    }

    #[test]
    fn a_link_received_as_the_page_receives_it() {
        use crate::web::storage;
        let sent_game = game("1. a1 f6 2. c3 d4");
        let text = write_link(&sent_game, &sent("g"));
        // Not kept here: its game, to keep.
        let r = receive(&text, None).unwrap();
        assert_eq!(r.verdict, "new");
        let save = r.save.unwrap();
        assert_eq!(storage::read_save(&save).unwrap().main_line().len(), 4);
        // Kept at ply 2: newer, the save shows ply 2 and goes on to 4.
        let kept = storage::save_game(&game("1. a1 f6"));
        let r = receive(&text, Some(&kept)).unwrap();
        assert_eq!(r.verdict, "newer");
        let g = storage::read_save(&r.save.unwrap()).unwrap();
        assert_eq!((g.len(), g.main_line().len()), (2, 4));
        // Kept further on: older, nothing to keep; the same: nothing either.
        let further = storage::save_game(&game("1. a1 f6 2. c3 d4 3. e5"));
        let r = receive(&text, Some(&further)).unwrap();
        assert_eq!((r.verdict, r.save.is_none()), ("older", true));
        let same = storage::save_game(&sent_game);
        assert_eq!(receive(&text, Some(&same)).unwrap().verdict, "same");
        // Forked: the variation's path in the save.
        let other = storage::save_game(&game("1. a1 f6 2. c3 d5"));
        let r = receive(&text, Some(&other)).unwrap();
        assert_eq!(
            (r.verdict, r.variation.as_slice()),
            ("forked", &[0, 0, 0, 1][..])
        );
        // The fork that waited: an older link leaves it, a newer one answers it, a forked one
        // takes its place, with the draw offered with it (not this side's own).
        let waiting = Fork {
            path: vec![0, 0, 1],
            at: Some(5),
            offer: None,
        };
        let older = receive(&text, Some(&further)).unwrap();
        assert_eq!(
            older.fork_after(Some(&waiting), Side::Black, 10),
            Some(waiting.clone())
        );
        let newer = receive(&text, Some(&kept)).unwrap();
        assert_eq!(newer.fork_after(Some(&waiting), Side::Black, 10), None);
        let offered = write_link(
            &sent_game,
            &Sent {
                offer_draw: true,
                sent: Some(7.0),
                ..sent("g")
            },
        );
        let forked = receive(&offered, Some(&other)).unwrap();
        let fork = forked.fork_after(Some(&waiting), Side::Black, 10).unwrap();
        assert_eq!(
            (fork.path, fork.at, fork.offer),
            (vec![0, 0, 0, 1], Some(7), Some(Color::White))
        );
        assert_eq!(forked.their_offer(Side::White), None, "one's own offer");
        assert_eq!(forked.came(3), 3, "not after now");
        // A kept save that cannot be read, a forged link: refused.
        assert_eq!(
            receive(&text, Some("not a save")).unwrap_err(),
            Refusal::Kept
        );
        assert_eq!(
            receive(&text.replace("d4", "d5"), Some(&kept)).unwrap_err(),
            Refusal::BadCheck
        );
    }

    #[test]
    fn a_friend_state_is_read_and_written_as_the_page_keeps_it_and_as_a_tag() {
        use crate::web::json::{parse, Value};
        let page = parse(
            r#"{"side": "black", "days": 3, "at": 1764201600000, "seen": "2::x5/x5/x5/x5/1,x3,2 1 2",
                "got": 2, "offer": null, "offerAt": null, "from": null,
                "fork": {"path": [0, 0, 1], "at": 1764201600000, "offer": "white"}}"#,
        )
        .unwrap();
        let state = State::from_json(&page).unwrap();
        assert_eq!(
            (state.side, state.days, state.got),
            (Side::Black, Some(3), Some(2))
        );
        assert_eq!(state.fork.as_ref().unwrap().offer, Some(Color::White));
        let tag = state.to_tag();
        assert!(tag.starts_with("side black; days 3; at 2025-11-27T00:00:00.000Z; got 2; seen 2::"));
        assert!(tag.ends_with("; fork 0,0,1; fork-at 2025-11-27T00:00:00.000Z; fork-offer white"));
        assert_eq!(State::from_tag(&tag).unwrap(), state);
        // As the page keeps it again: the same fields.
        let mut json = String::new();
        state.write_json(&mut json);
        let back = parse(&json).unwrap();
        assert_eq!(State::from_json(&back).unwrap(), state);
        assert_eq!(
            back.get("fork")
                .and_then(|f| f.get("path"))
                .and_then(Value::as_array)
                .map(<[Value]>::len),
            Some(3)
        );
        // What cannot be a friend game's state is refused, naming what.
        for bad in [
            r#"{"days": 3}"#,
            r#"{"side": "red"}"#,
            r#"{"side": "white", "days": 99}"#,
            r#"{"side": "white", "fork": {"path": []}}"#,
        ] {
            assert!(State::from_json(&parse(bad).unwrap()).is_err(), "{bad}");
        }
        for bad in [
            "days 3",
            "side white; days 0",
            "side white; at yesterday",
            "side white; fork a,b",
        ] {
            assert!(State::from_tag(bad).is_err(), "{bad}");
        }
        // A later page's part is read past.
        assert_eq!(
            State::from_tag("side watch; colour blue").unwrap().side,
            Side::Watch
        );
    }

    #[test]
    fn the_merge_newer_same_older_forked_other() {
        let kept = game("1. a1 f6 2. c3 d4");
        let cmp = |link: &str| compare(&kept, &game(link));
        assert_eq!(cmp("1. a1 f6 2. c3 d4 3. e5"), Ok(Verdict::Newer));
        assert_eq!(cmp("1. a1 f6 2. c3 d4"), Ok(Verdict::Same));
        assert_eq!(cmp("1. a1 f6 2. c3"), Ok(Verdict::Older));
        assert_eq!(cmp("1. a1 f6 2. c3 d5"), Ok(Verdict::Forked { at: 3 }));
        assert_eq!(
            cmp("1. a1 f6 2. b3 d4 3. e5"),
            Ok(Verdict::Forked { at: 2 })
        );
        // Another size, or the same id from another start: not this game.
        let five = ptn::parse_game("[Size \"5\"]\n1. a1 e5").unwrap();
        assert_eq!(compare(&kept, &five), Err(Refusal::OtherGame));
        // An ending is newer than the same plies without one; a resignation where the other
        // side played on is a fork.
        let mut resigned = game("1. a1 f6 2. c3 d4");
        resigned.goto(4);
        resigned.resign(Color::White);
        assert_eq!(compare(&kept, &resigned), Ok(Verdict::Newer));
        assert_eq!(compare(&resigned, &kept), Ok(Verdict::Older));
        assert_eq!(
            compare(&resigned, &game("1. a1 f6 2. c3 d4 3. e5")),
            Ok(Verdict::Forked { at: 4 })
        );
    }

    #[test]
    fn merging_keeps_what_was_kept() {
        let mut kept = game("1. a1 f6 2. c3 d4");
        kept.set_comment(&[0, 0], "mine").then_some(()).unwrap();
        // Newer: the new plies on the main line, shown from where the reader was.
        let newer = game("1. a1 f6 2. c3 d4 3. e5 b5");
        let (g, _) = merged(&kept, &newer, compare(&kept, &newer).unwrap()).unwrap();
        assert_eq!(g.main_line().len(), 6);
        assert_eq!(g.len(), 4);
        assert_eq!(g.comments(&[0, 0]), ["mine"]);
        // Forked: theirs is a variation, shown; the main line is still ours.
        let forked = game("1. a1 f6 2. c3 d5 3. e5");
        let verdict = compare(&kept, &forked).unwrap();
        let (g, path) = merged(&kept, &forked, verdict).unwrap();
        assert_eq!(g.main_line(), kept.main_line());
        assert_eq!(path, [0, 0, 0, 1]);
        assert_eq!(g.line_moves(), forked.main_line());
        assert_eq!(g.len(), 5);
        // Newer plies and a resignation after them: the resignation stays.
        let mut resigned = game("1. a1 f6 2. c3 d4 3. e5");
        resigned.goto(5);
        resigned.resign(Color::Black);
        let (g, _) = merged(&kept, &resigned, Verdict::Newer).unwrap();
        assert_eq!(g.main_line_outcome().map(Outcome::ptn_result), Some("1-0"));
        assert_eq!(g.main_line().len(), 5);
        // Same and older change nothing.
        assert!(merged(&kept, &kept, Verdict::Same).is_none());
        assert!(merged(&kept, &game("1. a1"), Verdict::Older).is_none());
    }
}
