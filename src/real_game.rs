//! One line of a real-games file (`../shared/data/real-games.jsonl`, one JSON object a line,
//! games from playtak.com's database): read once, with serde, for every tool that reads it
//! (the evaluation's check in `tak tune`, puzzle mining in `tak puzzles`). Native only.
//!
//! ```
//! use tak::real_game::RealGame;
//! let line = r#"{"id": "g1", "size": 5, "komi": 0.0, "flats": 21, "caps": 1,
//!     "moves": ["a1", "e5", "Cc3"], "winner": "white", "complete": true,
//!     "white": "ann (1500)", "black": "ben", "playtak_id": 42}"#;
//! let game = RealGame::parse(line)?;
//! assert_eq!(game.config()?.size, 5);
//! assert_eq!(game.moves()?.len(), 3);
//! assert_eq!(game.white_score(), Some(1.0));
//! assert_eq!(game.name(), "playtak.com game 42 (ann vs ben)");
//! assert!(RealGame::parse(r#"{"id": "g2"}"#).unwrap_err().contains("missing field `size`"));
//! # Ok::<(), String>(())
//! ```

use crate::Setup;
use crate::{Config, Komi, Move, Position};
use serde::Deserialize;

/// The fields of a real game the tools use; the file's other fields are passed over.
#[derive(Clone, Debug, Deserialize)]
pub struct RealGame {
    #[serde(default)]
    pub id: String,
    pub size: u8,
    #[serde(default)]
    pub komi: f64,
    /// Stones and capstones a player, when not the size's standard.
    pub flats: Option<u8>,
    pub caps: Option<u8>,
    pub moves: Vec<String>,
    /// `white`, `black`, `draw`, or none (unfinished or unknown).
    pub winner: Option<String>,
    /// `false` for a game that stopped before its end.
    pub complete: Option<bool>,
    pub white: Option<String>,
    pub black: Option<String>,
    pub playtak_id: Option<u64>,
}

impl RealGame {
    /// Reads one line; the error names what is wrong.
    pub fn parse(line: &str) -> Result<RealGame, String> {
        serde_json::from_str(line).map_err(|e| e.to_string())
    }

    /// The game's settings: size, pieces and komi.
    pub fn config(&self) -> Result<Config, String> {
        let half = (self.komi * 2.0).round();
        let komi = (half.abs() <= 20.0)
            .then(|| Komi::from_half_flats(half as i8))
            .flatten()
            .ok_or_else(|| format!("komi {} is not played", self.komi))?;
        let setup = Setup {
            stones: self.flats,
            caps: self.caps,
            komi,
            ..Setup::new(self.size)
        };
        setup.config().map_err(|e| e.to_string())
    }

    /// The plies, each checked as a move (not yet against the position).
    pub fn moves(&self) -> Result<Vec<Move>, String> {
        self.moves
            .iter()
            .map(|text| text.parse().map_err(|e| format!("'{text}': {e}")))
            .collect()
    }

    /// The plies played through from the start, each legal there.
    pub fn legal_moves(&self) -> Result<Vec<Move>, String> {
        let mut pos = Position::with_config(self.config()?);
        let moves = self.moves()?;
        for (i, &mv) in moves.iter().enumerate() {
            pos.play(mv)
                .map_err(|e| format!("ply {} '{}': {e}", i + 1, self.moves[i]))?;
        }
        Ok(moves)
    }

    /// White's score (1, ½, 0) for a finished game.
    pub fn white_score(&self) -> Option<f64> {
        if self.complete == Some(false) {
            return None;
        }
        match self.winner.as_deref()? {
            "white" => Some(1.0),
            "black" => Some(0.0),
            "draw" => Some(0.5),
            _ => None,
        }
    }

    /// Where it comes from, for a puzzle's `Source` tag: the playtak.com game and players
    /// (without what the log adds in parentheses).
    pub fn name(&self) -> String {
        let player = |name: &Option<String>| {
            name.as_deref()
                .map(|n| n.split(" (").next().unwrap_or("").trim().to_string())
                .filter(|n| !n.is_empty())
        };
        let players = match (player(&self.white), player(&self.black)) {
            (Some(w), Some(b)) => format!(" ({w} vs {b})"),
            _ => String::new(),
        };
        match self.playtak_id {
            Some(n) => format!("playtak.com game {n}{players}"),
            None => format!("{}{players}", self.id),
        }
    }
}
