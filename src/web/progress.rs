//! Your progress: the player's own figures, from the games kept on this device (My games'
//! entries, as the page reads them: who played, the result, the opening, the mistakes a
//! review marked) and the computer levels' measured ratings (`www/levels.json`, written by
//! `scripts/level-ratings.py`). Pure data in, figures out: the page (`www/progress.js`) draws
//! them.
//!
//! **The player's rating** is Glicko-2 ([`crate::rating`]), one rating over every size: each
//! rated game is one rating period against the level played, rated as measured on that size
//! (the levels' scale is one per size with level 1 at 1000 on each, so "as strong as the
//! Club level on 6×6" and on 5×5 read the same). One number rather than one per size: a
//! player spreads few games over several sizes, and a rating per size would stay uncertain
//! for most of them. A game is rated when it was played against the computer from the empty
//! board under tavern rules (no take-backs; the page gives no hints in them), finished, and
//! the level's rating on its size is measured. The rating is worked out again from the
//! games each time: it is what the games kept say, exported and imported with them.
//!
//! ```
//! use tak::web::progress::{figures, Played, Opponent, LevelRatings};
//! use tak::Color;
//! let levels = LevelRatings::read(r#"{"sizes": {"6": {"levels": [
//!     {"level": 1, "rating": 1000, "deviation": 0}, {"level": 2, "rating": 1400, "deviation": 40}]}}}"#)?;
//! let game = |at: f64, result: &str| Played {
//!     at, size: 6, you: Color::White, opponent: Opponent::Computer(2), result: Some(result.into()),
//!     opening: "a1 f6 c3 d4".into(), mistakes: None, rated: true,
//! };
//! let f = figures(&[game(1.0, "R-0"), game(2.0, "R-0"), game(3.0, "0-F")], &levels);
//! assert_eq!(f.rating.len(), 3);
//! // Two wins and a loss against a 1400: from 1500, a rating near the level's, still uncertain.
//! let last = f.rating.last().unwrap();
//! assert!(last.rating > 1350.0 && last.rating < 1700.0 && last.deviation < 350.0);
//! assert_eq!((f.by_colour[0].key.as_str(), f.by_colour[0].won, f.by_colour[0].lost), ("white", 2, 1));
//! assert_eq!(f.openings[0].games, 3);
//! # Ok::<(), String>(())
//! ```

use super::json::{self, Value};
use crate::rating::{Played as Outcome, Rating};
use crate::Color;

/// Who the player played.
#[derive(Clone, Debug, PartialEq)]
pub enum Opponent {
    /// The computer, at this level (1 to 6).
    Computer(u8),
    /// A friend by link.
    Friend,
}

/// One game the player played, as the page knows it from its entry.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// When it was last played (ms since 1970).
    pub at: f64,
    pub size: u8,
    /// The player's side.
    pub you: Color,
    pub opponent: Opponent,
    /// `R-0`, `0-F`, `1/2-1/2`… (none: not finished).
    pub result: Option<String>,
    /// Its first two moves up to symmetry (`Summary::opening`).
    pub opening: String,
    /// The player's plies a review marked `?` or `??` (none: not reviewed).
    pub mistakes: Option<u32>,
    /// Played under the rated conditions (see the module's comment), the level's rating aside.
    pub rated: bool,
}

impl Played {
    /// The player's score: 1 a win, ½ a draw, 0 a loss; none unfinished.
    fn score(&self) -> Option<f64> {
        let result = self.result.as_deref()?;
        if result.starts_with("1/2") {
            return Some(0.5);
        }
        let white_won = !result.starts_with('0');
        Some(if white_won == (self.you == Color::White) {
            1.0
        } else {
            0.0
        })
    }
}

/// The computer levels' ratings per size, as measured (`www/levels.json`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LevelRatings {
    /// (size, level, its rating).
    ratings: Vec<(u8, u8, Rating)>,
}

impl LevelRatings {
    /// Reads `www/levels.json`'s text (`{"sizes": {"6": {"levels": [{level, rating, deviation}]}}}`).
    pub fn read(text: &str) -> Result<LevelRatings, String> {
        let value = json::parse(text)?;
        let mut ratings = Vec::new();
        let Some(Value::Object(sizes)) = value.get("sizes") else {
            return Err("no sizes".into());
        };
        for (size, entry) in sizes {
            let size: u8 = size.parse().map_err(|_| format!("a size of {size}"))?;
            for level in entry.get("levels").and_then(Value::as_array).unwrap_or(&[]) {
                let number = level.get("level").and_then(Value::as_u32);
                let rating = level.get("rating").and_then(Value::as_f64);
                let deviation = level.get("deviation").and_then(Value::as_f64);
                if let (Some(n), Some(r), Some(d)) = (number, rating, deviation) {
                    // A level's own uncertainty, at least that of a well-known player's.
                    ratings.push((size, n as u8, Rating::new(r, d.max(30.0), 0.06)));
                }
            }
        }
        Ok(LevelRatings { ratings })
    }

    /// Level `level`'s rating on boards of side `size`, if measured.
    pub fn of(&self, size: u8, level: u8) -> Option<Rating> {
        self.ratings
            .iter()
            .find(|(s, l, _)| *s == size && *l == level)
            .map(|(_, _, r)| *r)
    }
}

/// One rated game's rating afterwards.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingPoint {
    pub at: f64,
    pub rating: f64,
    pub deviation: f64,
    pub size: u8,
    pub level: u8,
    pub score: f64,
}

/// Games, wins, draws and losses of one kind (a size, a colour, an opponent, an opening).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    pub key: String,
    /// The board's side (for openings: the size they were played on).
    pub size: u8,
    pub games: u32,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
}

/// A reviewed game's mistakes (the player's).
#[derive(Clone, Debug, PartialEq)]
pub struct MistakePoint {
    pub at: f64,
    pub mistakes: u32,
}

/// The figures the progress page shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Figures {
    /// Finished games counted.
    pub games: u32,
    /// The rating after each rated game, oldest first.
    pub rating: Vec<RatingPoint>,
    pub by_size: Vec<Tally>,
    pub by_colour: Vec<Tally>,
    /// `computer-N` or `friend`.
    pub by_opponent: Vec<Tally>,
    /// The ten openings played most, most first.
    pub openings: Vec<Tally>,
    /// Reviewed games' mistakes, oldest first.
    pub mistakes: Vec<MistakePoint>,
}

/// A new player's rating: Glicko-2's start.
pub const START: Rating = Rating {
    rating: 1500.0,
    deviation: 350.0,
    volatility: 0.06,
};

/// The figures of `games` (any order), rated against `levels`.
pub fn figures(games: &[Played], levels: &LevelRatings) -> Figures {
    let mut order: Vec<&Played> = games.iter().filter(|g| g.score().is_some()).collect();
    order.sort_by(|a, b| a.at.total_cmp(&b.at));
    let mut rating = Vec::new();
    let mut now = START;
    let (mut by_size, mut by_colour, mut by_opponent, mut openings) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut mistakes = Vec::new();
    for game in &order {
        let score = game.score().unwrap_or(0.0);
        let opponent = match game.opponent {
            Opponent::Computer(level) => format!("computer-{level}"),
            Opponent::Friend => "friend".to_string(),
        };
        count(&mut by_size, &game.size.to_string(), game.size, score);
        count(&mut by_colour, game.you.name(), 0, score);
        count(&mut by_opponent, &opponent, 0, score);
        if !game.opening.is_empty() {
            count(&mut openings, &game.opening, game.size, score);
        }
        if let Some(m) = game.mistakes {
            mistakes.push(MistakePoint {
                at: game.at,
                mistakes: m,
            });
        }
        let Opponent::Computer(level) = game.opponent else {
            continue;
        };
        let Some(theirs) = levels.of(game.size, level).filter(|_| game.rated) else {
            continue;
        };
        let outcome = match score {
            s if s > 0.75 => Outcome::Win,
            s if s > 0.25 => Outcome::Draw,
            _ => Outcome::Loss,
        };
        now = now.after_game(&theirs, outcome);
        rating.push(RatingPoint {
            at: game.at,
            rating: now.rating,
            deviation: now.deviation,
            size: game.size,
            level,
            score,
        });
    }
    by_size.sort_by_key(|t: &Tally| t.size);
    by_colour.sort_by(|a: &Tally, b: &Tally| b.key.cmp(&a.key)); // white first
    by_opponent.sort_by(|a: &Tally, b: &Tally| a.key.cmp(&b.key));
    openings.sort_by(|a: &Tally, b: &Tally| b.games.cmp(&a.games).then(a.key.cmp(&b.key)));
    openings.truncate(10);
    Figures {
        games: order.len() as u32,
        rating,
        by_size,
        by_colour,
        by_opponent,
        openings,
        mistakes,
    }
}

/// Adds a game scored `score` to the tally of `key` (and `size`) in `tallies`.
fn count(tallies: &mut Vec<Tally>, key: &str, size: u8, score: f64) {
    let i = match tallies.iter().position(|t| t.key == key && t.size == size) {
        Some(i) => i,
        None => {
            tallies.push(Tally {
                key: key.to_string(),
                size,
                ..Tally::default()
            });
            tallies.len() - 1
        }
    };
    let t = &mut tallies[i];
    t.games += 1;
    match score {
        s if s > 0.75 => t.won += 1,
        s if s > 0.25 => t.drawn += 1,
        _ => t.lost += 1,
    }
}

/// Reads the page's list of games (`[{at, size, you, opponent, level, result, opening,
/// mistakes, rated}]`): a game that cannot be read is left out (an entry of an older page).
pub fn read_games(value: &Value) -> Vec<Played> {
    let Some(list) = value.as_array() else {
        return Vec::new();
    };
    list.iter()
        .filter_map(|g| {
            let you = match g.get("you")?.as_str()? {
                "white" => Color::White,
                "black" => Color::Black,
                _ => return None,
            };
            let opponent = match g.get("opponent")?.as_str()? {
                "computer" => Opponent::Computer(g.get("level")?.as_u32()?.clamp(1, 6) as u8),
                "friend" => Opponent::Friend,
                _ => return None,
            };
            Some(Played {
                at: g.get("at")?.as_f64()?,
                size: g.get("size")?.as_u32()?.clamp(3, 8) as u8,
                you,
                opponent,
                result: g.get("result").and_then(Value::as_str).map(str::to_string),
                opening: g
                    .get("opening")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string(),
                mistakes: g.get("mistakes").and_then(Value::as_u32),
                rated: g.get("rated").and_then(Value::as_bool).unwrap_or(false),
            })
        })
        .collect()
}

super::json::json_object!(RatingPoint {
    at,
    rating,
    deviation,
    size,
    level,
    score
});
super::json::json_object!(Tally {
    key,
    size,
    games,
    won,
    drawn,
    lost
});
super::json::json_object!(MistakePoint { at, mistakes });
super::json::json_object!(Figures {
    games,
    rating,
    by_size,
    by_colour,
    by_opponent,
    openings,
    mistakes
});

#[cfg(test)]
mod tests {
    use super::*;

    fn played(at: f64, you: Color, result: &str, level: u8, rated: bool) -> Played {
        Played {
            at,
            size: 5,
            you,
            opponent: Opponent::Computer(level),
            result: Some(result.into()),
            opening: String::new(),
            mistakes: Some(2),
            rated,
        }
    }

    fn levels() -> LevelRatings {
        LevelRatings::read(
            r#"{"sizes": {"5": {"levels": [{"level": 1, "rating": 1000, "deviation": 0}]}}}"#,
        )
        .unwrap()
    }

    #[test]
    fn only_rated_games_against_a_measured_level_move_the_rating() {
        let games = [
            played(3.0, Color::Black, "0-R", 1, true), // a win as Black
            played(1.0, Color::White, "R-0", 1, false), // unrated: take-backs allowed
            played(2.0, Color::White, "R-0", 4, true), // level 4 not measured on 5×5
        ];
        let f = figures(&games, &levels());
        assert_eq!(f.games, 3);
        assert_eq!(f.rating.len(), 1);
        assert_eq!(f.rating[0].at, 3.0);
        assert!(f.rating[0].rating > START.rating - 1.0);
        assert_eq!(f.by_colour.len(), 2);
        assert_eq!(
            f.mistakes.iter().map(|m| m.at).collect::<Vec<_>>(),
            [1.0, 2.0, 3.0]
        );
    }

    #[test]
    fn a_loss_to_the_weakest_level_costs_more_than_a_loss_to_a_strong_one() {
        let lost_to = |level| {
            let levels = LevelRatings::read(
                r#"{"sizes": {"5": {"levels": [{"level": 1, "rating": 1000, "deviation": 0}, {"level": 2, "rating": 1900, "deviation": 50}]}}}"#,
            )
            .unwrap();
            figures(&[played(1.0, Color::White, "0-R", level, true)], &levels).rating[0].rating
        };
        assert!(lost_to(1) < lost_to(2));
    }

    #[test]
    fn unfinished_and_unreadable_games_are_left_out() {
        let value = json::parse(
            r#"[{"at": 1, "size": 6, "you": "white", "opponent": "computer", "level": 3, "result": null, "opening": "", "rated": true},
                {"at": 2, "size": 6, "you": "nobody", "opponent": "computer", "level": 3, "result": "R-0"},
                {"at": 3, "size": 6, "you": "black", "opponent": "friend", "result": "1/2-1/2", "opening": "a1 f6"}]"#,
        )
        .unwrap();
        let games = read_games(&value);
        assert_eq!(games.len(), 2);
        let f = figures(&games, &LevelRatings::default());
        assert_eq!(f.games, 1);
        assert_eq!(
            (f.by_opponent[0].key.as_str(), f.by_opponent[0].drawn),
            ("friend", 1)
        );
        assert_eq!(f.openings[0].key, "a1 f6");
    }
}
