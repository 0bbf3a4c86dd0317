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

use crate::score::{score_detail, Score};
use crate::settings::GameSettings;
// Take-backs are one of a game's settings; a match's games share them.
pub use crate::settings::TakeBacks;
use crate::{ptn, Color, Config, Game, Outcome};
use std::fmt;

/// The longest match in games, and in points, that a page may ask for.
pub const MAX_GAMES: u8 = 99;
pub const MAX_POINTS: u32 = 100_000;

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
            Length::Games(n) => crate::Count(*n as u32, "game", "games").fmt(f),
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
    /// Every game's rules (board, reserves, komi, tie rule) and options (scoring,
    /// take-backs, clock).
    pub settings: GameSettings,
    pub games: Vec<Played>,
}

/// Where a match stands: each player's points, whether it is decided, who leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    pub totals: [u32; 2],
    pub over: bool,
    pub leader: Option<usize>,
}

impl Series {
    pub fn new(players: [String; 2], length: Length, config: Config) -> Series {
        Series {
            players,
            length,
            settings: GameSettings::new(config),
            games: Vec::new(),
        }
    }

    /// The player (0 or 1) who has white, and so starts, in the next game: they take turns.
    pub fn white_player(&self) -> usize {
        self.games.len() % 2
    }

    /// Records a finished game (its main line's end decides the result).
    pub fn record(&mut self, game: &Game) {
        let (outcome, score) = self.result_of(game);
        self.games.push(Played {
            game: game.clone(),
            white: self.white_player(),
            outcome,
            score,
        });
    }

    /// How `game` ended (its main line's end) and the points it gives.
    fn result_of(&self, game: &Game) -> (Option<Outcome>, Score) {
        let (pos, outcome) = game.main_line_end();
        let scored = outcome.unwrap_or(Outcome {
            winner: None,
            reason: crate::EndReason::Agreement,
        });
        (outcome, score_detail(&pos, scored, self.settings.scoring))
    }

    /// Where the match stands, counting `next` (the game being played) as if it were
    /// recorded: the page shows a finished game's points before "Next game" records it.
    pub fn standing(&self, next: Option<&Game>) -> Standing {
        let mut totals = self.totals();
        let mut played = self.games.len();
        if let Some(game) = next {
            let (outcome, score) = self.result_of(game);
            let white = self.white_player();
            if let Some(winner) = outcome.and_then(|o| o.winner) {
                totals[if winner == Color::White {
                    white
                } else {
                    1 - white
                }] += score.total;
            }
            played += 1;
        }
        Standing {
            totals,
            over: match self.length {
                Length::Games(n) => played >= n as usize,
                Length::FirstTo(p) => totals.iter().any(|&t| t >= p),
            },
            leader: match totals[0].cmp(&totals[1]) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            },
        }
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
        self.standing(None).over
    }

    /// The player (0 or 1) ahead, if one is.
    pub fn leader(&self) -> Option<usize> {
        self.standing(None).leader
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
        let settings = &self.settings;
        if settings.scoring.any() {
            tags.push(("Scoring".into(), settings.scoring.to_string()));
        }
        if settings.rules.ancient_tie_rule {
            tags.push(("TieRule".into(), "ancient".into()));
        }
        tags.push(("TakeBacks".into(), settings.take_backs.name().into()));
        if let Some(clock) = settings.clock {
            tags.push(("Clock".into(), clock.tag()));
        }
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
        for i in 0..self.games.len() {
            if i > 0 {
                out.push('\n');
            }
            out.push_str(&self.game_ptn(i).unwrap_or_default());
        }
        out
    }

    /// The `index`-th (from 0) finished game as PTN, with its match tags.
    pub fn game_ptn(&self, index: usize) -> Option<String> {
        let played = self.games.get(index)?;
        let mut game = played.game.clone();
        self.tag(&mut game, index + 1, played.white);
        Some(ptn::write_game(&game))
    }

    /// The whole match as PTN: the finished games, then `current` (the game being played,
    /// already tagged) unless the match is over.
    pub fn ptn_with(&self, current: &Game) -> String {
        let mut text = self.to_ptn();
        if !self.is_over() {
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(&ptn::write_game(current));
        }
        text
    }

    /// A new match as a page asks for one: `games` (1 to 99) or `points` (1 to 100,000), not
    /// both; players named "Player 1" and "Player 2" unless given.
    ///
    /// ```
    /// use tak::series::{Length, Series};
    /// let config = tak::Config::standard(5)?;
    /// let m = Series::checked(None, Some(3), None, config)?;
    /// assert_eq!((m.length, m.players[1].as_str()), (Length::Games(3), "Player 2"));
    /// assert!(Series::checked(None, Some(3), Some(50), config).is_err());
    /// assert!(Series::checked(None, None, Some(0), config).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn checked(
        players: Option<[String; 2]>,
        games: Option<u8>,
        points: Option<u32>,
        config: Config,
    ) -> Result<Series, String> {
        let length = match (games, points) {
            (Some(n), None) if (1..=MAX_GAMES).contains(&n) => Length::Games(n),
            (None, Some(p)) if (1..=MAX_POINTS).contains(&p) => Length::FirstTo(p),
            _ => {
                return Err(format!(
                    "a match needs games (1-{MAX_GAMES}) or points (1-{MAX_POINTS})"
                ))
            }
        };
        let players = players.unwrap_or_else(|| ["Player 1".into(), "Player 2".into()]);
        Ok(Series::new(players, length, config))
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
        let mut header = Game::with_config(self.settings.rules);
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
        series.settings = GameSettings::of_game(&header).map_err(|e| e.to_string())?;
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
        let mut series = Series::of_game(first)?;
        for g in &games {
            if g.main_line_outcome().is_some() {
                series.record(g);
            }
        }
        Ok(series)
    }

    /// The match that `first`, its first game, says by its tags (`Match`, the players, the
    /// options), with no game recorded yet.
    pub fn of_game(first: &Game) -> Result<Series, String> {
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
        series.settings = GameSettings::of_game(first).map_err(|e| e.to_string())?;
        Ok(series)
    }
}
