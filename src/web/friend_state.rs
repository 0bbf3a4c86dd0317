//! A game with a friend by links as this device keeps it (the library entry's `friend`, a
//! PTN file's `LibraryFriend` tag): which side it plays, its clock, what was last sent or
//! received, a draw offered, a fork waiting for an answer. The links themselves, and what
//! one's arrival does, are `friend.rs`'s; the library keeps this state with the game.

use crate::Color;

/// The most days per move a clock may give.
pub const MAX_DAYS: u32 = 60;

/// A side's name in links, entries and tags: `white` or `black`.
pub fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Which side this device plays in a friend game, or that it only watches (also before it
/// said which side it plays: then [`State::from`] names who sent the first link).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    White,
    Black,
    Watch,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
            Side::Watch => "watch",
        }
    }
    fn read(text: &str) -> Option<Side> {
        match text {
            "white" => Some(Side::White),
            "black" => Some(Side::Black),
            "watch" => Some(Side::Watch),
            _ => None,
        }
    }
}

fn read_color(text: &str) -> Option<Color> {
    match text {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

/// A link that forked from the game kept, waiting for this device's choice (Go on with theirs
/// or Keep mine): the path of its line's first ply in the save, when it came, and the draw
/// its sender offered with it. Kept with the game: a reload or a later link does not drop it.
#[derive(Clone, Debug, PartialEq)]
pub struct Fork {
    pub path: Vec<usize>,
    pub at: Option<u64>,
    pub offer: Option<Color>,
}

/// A friend game as this device keeps it with its entry in the library (`www/friend.js`
/// writes it, the entry's `friend`): which side it plays, the clock per move, when the last
/// move came or went, the state last sent or received, the plies received, a draw offered,
/// and a fork waiting for an answer. Read from the entry (JSON) and from a PTN file's
/// `LibraryFriend` tag, written to both: checked on the way in.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub side: Side,
    /// While a side is not chosen yet: the side that sent the first link.
    pub from: Option<Color>,
    pub days: Option<u32>,
    /// When the last move came or went (ms since 1970).
    pub at: Option<u64>,
    /// The state last sent or received: `plies:result:tps` of the main line.
    pub seen: Option<String>,
    /// Plies received from the friend (this device never takes them back).
    pub got: Option<usize>,
    /// The side that offers a draw, and the state it was offered at.
    pub offer: Option<Color>,
    pub offer_at: Option<String>,
    pub fork: Option<Fork>,
}

/// A state string (`seen`, `offerAt`): a line of text of bounded length.
fn state_text(text: &str) -> Option<String> {
    (text.len() <= 4000 && !text.contains(['\n', '\r', ';'])).then(|| text.to_string())
}

/// A time in ms since 1970, whole and not before it.
fn time(n: f64) -> Option<u64> {
    (n.is_finite() && n >= 0.0 && n.fract() == 0.0 && n < 1e15).then_some(n as u64)
}

impl State {
    /// Reads the entry's `friend` (as the page keeps it); `None` for anything it cannot be.
    pub fn from_json(v: &super::json::Value) -> Result<State, String> {
        use super::json::Value;
        let text = |k: &str| v.get(k).and_then(Value::as_str);
        let bad = |k: &str| format!("friend: '{k}' cannot be read");
        let side = text("side")
            .and_then(Side::read)
            .ok_or_else(|| bad("side"))?;
        let color = |k: &str| match v.get(k) {
            None => Ok(None),
            Some(c) => c
                .as_str()
                .and_then(read_color)
                .map(Some)
                .ok_or_else(|| bad(k)),
        };
        let number = |k: &str| v.get(k).map(|n| n.as_f64().ok_or_else(|| bad(k)));
        let days = match number("days").transpose()? {
            None => None,
            Some(d) => Some(
                super::json::whole_u32(d)
                    .filter(|d| (1..=MAX_DAYS).contains(d))
                    .ok_or_else(|| bad("days"))?,
            ),
        };
        let at = number("at")
            .transpose()?
            .map(|n| time(n).ok_or_else(|| bad("at")))
            .transpose()?;
        let got = number("got")
            .transpose()?
            .map(|n| {
                super::json::whole_u32(n)
                    .map(|n| n as usize)
                    .ok_or_else(|| bad("got"))
            })
            .transpose()?;
        let string = |k: &str| match v.get(k) {
            None => Ok(None),
            Some(s) => s
                .as_str()
                .and_then(state_text)
                .map(Some)
                .ok_or_else(|| bad(k)),
        };
        let fork = match v.get("fork") {
            None => None,
            Some(f) => {
                let path = f
                    .get("path")
                    .and_then(Value::as_array)
                    .ok_or_else(|| bad("fork"))?
                    .iter()
                    .map(|i| i.as_u32().map(|i| i as usize))
                    .collect::<Option<Vec<usize>>>()
                    .filter(|p| !p.is_empty() && p.len() <= crate::game::MAX_PLIES)
                    .ok_or_else(|| bad("fork"))?;
                let at = match f.get("at") {
                    None => None,
                    Some(n) => Some(n.as_f64().and_then(time).ok_or_else(|| bad("fork"))?),
                };
                let offer = match f.get("offer") {
                    None => None,
                    Some(c) => Some(c.as_str().and_then(read_color).ok_or_else(|| bad("fork"))?),
                };
                Some(Fork { path, at, offer })
            }
        };
        Ok(State {
            side,
            from: color("from")?,
            days,
            at,
            seen: string("seen")?,
            got,
            offer: color("offer")?,
            offer_at: string("offerAt")?,
            fork,
        })
    }

    /// As the page keeps it (the entry's `friend`): every field, `null` where none.
    pub fn write_json(&self, out: &mut String) {
        use super::json::{object, Json, Raw};
        // (Raw: the fork's own object, written first.)
        let color = |c: Option<Color>| c.map(side_name);
        let fork = self.fork.as_ref().map(|f| {
            let mut s = String::new();
            object(
                &mut s,
                &[("path", &f.path), ("at", &f.at), ("offer", &color(f.offer))],
            );
            Raw(s)
        });
        let fields: [(&str, &dyn Json); 9] = [
            ("side", &self.side.name()),
            ("from", &color(self.from)),
            ("days", &self.days),
            ("at", &self.at),
            ("seen", &self.seen),
            ("got", &self.got),
            ("offer", &color(self.offer)),
            ("offerAt", &self.offer_at),
            ("fork", &fork),
        ];
        object(out, &fields);
    }

    /// As a PTN tag's value: `side black; days 3; at 2026-11-25T10:00:00.000Z; …`, the fields
    /// present only (see docs/formats.md).
    pub fn to_tag(&self) -> String {
        let mut parts: Vec<String> = vec![format!("side {}", self.side.name())];
        let mut add = |name: &str, value: Option<String>| {
            if let Some(v) = value {
                parts.push(format!("{name} {v}"));
            }
        };
        add("from", self.from.map(|c| side_name(c).to_string()));
        add("days", self.days.map(|d| d.to_string()));
        add("at", self.at.map(super::dates::iso_time));
        add("got", self.got.map(|g| g.to_string()));
        add("seen", self.seen.clone());
        add("offer", self.offer.map(|c| side_name(c).to_string()));
        add("offer-at", self.offer_at.clone());
        if let Some(f) = &self.fork {
            let path: Vec<String> = f.path.iter().map(usize::to_string).collect();
            add("fork", Some(path.join(",")));
            add("fork-at", f.at.map(super::dates::iso_time));
            add("fork-offer", f.offer.map(|c| side_name(c).to_string()));
        }
        parts.join("; ")
    }

    /// Reads [`State::to_tag`]'s text; an error names the part that cannot be read.
    pub fn from_tag(text: &str) -> Result<State, String> {
        use super::dates::read_iso;
        let mut state = State {
            side: Side::Watch,
            from: None,
            days: None,
            at: None,
            seen: None,
            got: None,
            offer: None,
            offer_at: None,
            fork: None,
        };
        let mut side = None;
        let mut fork_path = None;
        let (mut fork_at, mut fork_offer) = (None, None);
        for part in text.split(';') {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            let (key, value) = part.split_once(' ').unwrap_or((part, ""));
            let value = value.trim();
            let bad = || format!("'{part}' cannot be read");
            match key {
                "side" => side = Some(Side::read(value).ok_or_else(bad)?),
                "from" => state.from = Some(read_color(value).ok_or_else(bad)?),
                "days" => {
                    state.days = Some(
                        value
                            .parse::<u32>()
                            .ok()
                            .filter(|d| (1..=MAX_DAYS).contains(d))
                            .ok_or_else(bad)?,
                    )
                }
                "at" => state.at = Some(read_iso(value).ok_or_else(bad)?),
                "got" => state.got = Some(value.parse().map_err(|_| bad())?),
                "seen" => state.seen = Some(state_text(value).ok_or_else(bad)?),
                "offer" => state.offer = Some(read_color(value).ok_or_else(bad)?),
                "offer-at" => state.offer_at = Some(state_text(value).ok_or_else(bad)?),
                "fork" => {
                    let path = value
                        .split(',')
                        .map(|i| i.trim().parse::<usize>().ok())
                        .collect::<Option<Vec<usize>>>()
                        .filter(|p| !p.is_empty())
                        .ok_or_else(bad)?;
                    fork_path = Some(path);
                }
                "fork-at" => fork_at = Some(read_iso(value).ok_or_else(bad)?),
                "fork-offer" => fork_offer = Some(read_color(value).ok_or_else(bad)?),
                _ => {} // a later page's addition
            }
        }
        state.side = side.ok_or("no side")?;
        state.fork = fork_path.map(|path| Fork {
            path,
            at: fork_at,
            offer: fork_offer,
        });
        Ok(state)
    }
}
