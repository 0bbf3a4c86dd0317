//! A match of several games, as the rulebooks advise (the first player has a slight edge,
//! so keep score over several games, taking turns to start): its settings, the finished
//! games with their points, the running totals, and the match as PTN — one game after
//! another, each with tags that say which match and which game.
//!
//! ```
//! use tak::series::{Length, Series};
//! use tak::{ptn, Config};
//! let mut m = Series::new(["Ann".into(), "Ben".into()], Length::Games(3), Config::standard(3)?);
//! assert_eq!(m.white_player(), 0, "Ann starts the first game");
//! let won = ptn::parse_game("[Size \"3\"]\n1. a1 c3 2. b3 b1 3. c1 a3 4. a2 b2 5. c2")?;
//! m.record(&won);
//! assert_eq!(m.totals(), [9 + 5, 0]); // Ann, as white, won by road with 5 stones left
//! assert_eq!(m.white_player(), 1, "Ben starts the second");
//! let again = Series::from_ptn(&m.to_ptn())?;
//! assert_eq!(again.totals(), m.totals());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::score::{score_detail, Score, Variants};
use crate::{ptn, Color, Config, Game, Outcome, Position};
use std::fmt;

/// The first line of a saved match.
const SAVE_HEADER: &str = "tak-match 1";

/// How long a match lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Length {
    /// A fixed number of games; the higher total wins.
    Games(u8),
    /// Until a player's total reaches this many points.
    FirstTo(u32),
}

impl fmt::Display for Length {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Length::Games(n) => write!(f, "{n} games"),
            Length::FirstTo(p) => write!(f, "first to {p}"),
        }
    }
}

impl Length {
    /// Reads `3 games` or `first to 50`.
    pub fn parse(text: &str) -> Option<Length> {
        let t = text.trim().to_ascii_lowercase();
        if let Some(n) = t.strip_suffix("games").or_else(|| t.strip_suffix("game")) {
            return n.trim().parse().ok().filter(|&n| n > 0).map(Length::Games);
        }
        t.strip_prefix("first to")?
            .trim()
            .parse()
            .ok()
            .filter(|&p| p > 0)
            .map(Length::FirstTo)
    }
}

/// Whether a player may take a ply back: at court, yes; in the tavern, never during a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TakeBacks {
    #[default]
    Court,
    Tavern,
}

impl TakeBacks {
    pub fn name(self) -> &'static str {
        match self {
            TakeBacks::Court => "court",
            TakeBacks::Tavern => "tavern",
        }
    }

    pub fn parse(text: &str) -> Option<TakeBacks> {
        match text.trim().to_ascii_lowercase().as_str() {
            "court" => Some(TakeBacks::Court),
            "tavern" => Some(TakeBacks::Tavern),
            _ => None,
        }
    }
}

/// A game of the match, finished.
#[derive(Clone, Debug)]
pub struct Played {
    pub game: Game,
    /// Which player (0 or 1) had white.
    pub white: usize,
    pub outcome: Option<Outcome>,
    /// The winner's points, with the arithmetic.
    pub score: Score,
}

impl Played {
    /// The player (0 or 1) who won, if one did.
    pub fn winner(&self) -> Option<usize> {
        self.outcome?.winner.map(|c| match c {
            Color::White => self.white,
            Color::Black => 1 - self.white,
        })
    }
}

/// A match in progress or over.
#[derive(Clone, Debug)]
pub struct Series {
    pub players: [String; 2],
    pub length: Length,
    /// The board, reserves, komi and tie rule of every game.
    pub config: Config,
    pub variants: Variants,
    pub take_backs: TakeBacks,
    pub games: Vec<Played>,
}

/// The end of `game`'s main line: its position and how it ended.
fn final_state(game: &Game) -> (Position, Option<Outcome>) {
    let mut g = game.clone();
    let main = vec![0; g.main_line().len()];
    g.goto_path(&main);
    (g.position().clone(), g.outcome())
}

impl Series {
    pub fn new(players: [String; 2], length: Length, config: Config) -> Series {
        Series {
            players,
            length,
            config,
            variants: Variants::default(),
            take_backs: TakeBacks::default(),
            games: Vec::new(),
        }
    }

    /// The player (0 or 1) who has white, and so starts, in the next game: they take turns.
    pub fn white_player(&self) -> usize {
        self.games.len() % 2
    }

    /// Records a finished game (its main line's end decides the result).
    pub fn record(&mut self, game: &Game) {
        let (pos, outcome) = final_state(game);
        let score = match outcome {
            Some(o) => score_detail(&pos, o, self.variants),
            None => score_detail(
                &pos,
                Outcome {
                    winner: None,
                    reason: crate::EndReason::Agreement,
                },
                self.variants,
            ),
        };
        self.games.push(Played {
            game: game.clone(),
            white: self.white_player(),
            outcome,
            score,
        });
    }

    /// Each player's points so far.
    pub fn totals(&self) -> [u32; 2] {
        let mut t = [0, 0];
        for p in &self.games {
            if let Some(w) = p.winner() {
                t[w] += p.score.total;
            }
        }
        t
    }

    /// Whether the match is decided.
    pub fn is_over(&self) -> bool {
        match self.length {
            Length::Games(n) => self.games.len() >= n as usize,
            Length::FirstTo(p) => self.totals().iter().any(|&t| t >= p),
        }
    }

    /// The player (0 or 1) ahead, if one is.
    pub fn leader(&self) -> Option<usize> {
        let [a, b] = self.totals();
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The tags a game of this match carries: which match, which game, who plays white and
    /// black, and the options.
    pub fn tags_for(&self, number: usize, white: usize) -> Vec<(String, String)> {
        let mut tags = vec![
            (
                "Event".to_string(),
                format!("Match: {} vs {}", self.players[0], self.players[1]),
            ),
            ("Player1".into(), self.players[white].clone()),
            ("Player2".into(), self.players[1 - white].clone()),
            ("Round".into(), number.to_string()),
            ("Match".into(), self.length.to_string()),
            ("MatchGame".into(), number.to_string()),
        ];
        if self.variants.any() {
            tags.push(("Scoring".into(), self.variants.to_string()));
        }
        if self.config.ancient_tie_rule {
            tags.push(("TieRule".into(), "ancient".into()));
        }
        tags.push(("TakeBacks".into(), self.take_backs.name().into()));
        tags
    }

    /// Puts this match's tags on `game`, the `number`-th (from 1) with `white` starting.
    pub fn tag(&self, game: &mut Game, number: usize, white: usize) {
        for (k, v) in self.tags_for(number, white) {
            game.set_tag(&k, &v);
        }
    }

    /// The finished games as PTN, one after another.
    pub fn to_ptn(&self) -> String {
        let mut out = String::new();
        for (i, p) in self.games.iter().enumerate() {
            let mut g = p.game.clone();
            self.tag(&mut g, i + 1, p.white);
            if i > 0 {
                out.push('\n');
            }
            out.push_str(&ptn::write_game(&g));
        }
        out
    }

    /// The text to store: the match's settings (as PTN tags) and its finished games.
    ///
    /// ```
    /// use tak::series::{Length, Series};
    /// let m = Series::new(["A".into(), "B".into()], Length::FirstTo(50), tak::Config::standard(6)?);
    /// let back = Series::restore(&m.save())?;
    /// assert_eq!((back.length, back.players.clone(), back.games.len()), (m.length, m.players.clone(), 0));
    /// assert!(Series::restore("not a match").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn save(&self) -> String {
        let mut header = Game::with_config(self.config);
        for (k, v) in self.tags_for(0, 0) {
            header.set_tag(&k, &v);
        }
        header.remove_tag("Round");
        header.remove_tag("MatchGame");
        format!(
            "{SAVE_HEADER}\n{}---\n{}",
            ptn::write_game(&header),
            self.to_ptn()
        )
    }

    /// Reads a match saved by [`Series::save`].
    pub fn restore(text: &str) -> Result<Series, String> {
        let rest = text.strip_prefix(SAVE_HEADER).ok_or("not a saved match")?;
        let (head, games) = rest.split_once("\n---\n").ok_or("a damaged saved match")?;
        let header = ptn::parse_game(head).map_err(|e| e.to_string())?;
        let length = header
            .tag("Match")
            .and_then(Length::parse)
            .ok_or("a saved match without its length")?;
        let players = [
            header.tag("Player1").unwrap_or("Player 1").to_string(),
            header.tag("Player2").unwrap_or("Player 2").to_string(),
        ];
        let mut series = Series::new(players, length, *header.start().config());
        series.variants = Variants::parse(header.tag("Scoring").unwrap_or(""))?;
        series.take_backs = header
            .tag("TakeBacks")
            .and_then(TakeBacks::parse)
            .unwrap_or_default();
        if !games.trim().is_empty() {
            for g in ptn::parse_games(games).map_err(|e| e.to_string())? {
                series.record(&g);
            }
        }
        Ok(series)
    }

    /// Reads a match back from its PTN: the settings from the first game's tags, each game
    /// finished. Games that are not finished are left out (the page keeps the current game
    /// apart).
    pub fn from_ptn(text: &str) -> Result<Series, String> {
        let games = ptn::parse_games(text).map_err(|e| e.to_string())?;
        let first = games.first().ok_or("no games")?;
        let tag = |name: &str| first.tag(name).map(str::to_string);
        let length = tag("Match")
            .as_deref()
            .and_then(Length::parse)
            .ok_or("the first game has no Match tag (e.g. \"3 games\")")?;
        let players = [
            tag("Player1").unwrap_or_else(|| "Player 1".into()),
            tag("Player2").unwrap_or_else(|| "Player 2".into()),
        ];
        let mut series = Series::new(players, length, *first.start().config());
        series.variants = match tag("Scoring") {
            Some(v) => Variants::parse(&v)?,
            None => Variants::default(),
        };
        series.take_backs = tag("TakeBacks")
            .as_deref()
            .and_then(TakeBacks::parse)
            .unwrap_or_default();
        for g in &games {
            if final_state(g).1.is_some() {
                series.record(g);
            }
        }
        Ok(series)
    }
}
