//! A puzzle of the player's own mistake as the page keeps it (`www/practice-store.js`), read
//! and checked, and as it travels in a library file beside the games: a PTN "game" of no
//! plies at the position (`Size`, `Komi`, reserves and `TPS` tags), with the puzzle in a
//! `LibraryPuzzle` tag (docs/formats.md). My games' Export all writes them; its import reads
//! them back, refusing a damaged one alone, with why ([`super::library::import`]).
//!
//! ```
//! use tak::web::kept_puzzle::KeptPuzzle;
//! use tak::web::json::{self, Json};
//! let kept = json::parse(r#"{"tps": "2,2,2,2,x/x5/x5/x5/1,1,1,x2 1 4", "settings": {"size": 5, "komi": "0"},
//!     "side": "white", "played": "a3", "better": "Ce5", "judgement": "??", "ply": 7, "moveNumber": 4,
//!     "gameId": "g-1", "gameName": "You – Computer · Club", "created": 1764400000000,
//!     "schedule": {"step": 1, "due": 1764486400000}, "tries": [{"at": 1764400000000, "solved": true}]}"#)?;
//! let puzzle = KeptPuzzle::read(&kept)?;
//! let file = puzzle.to_ptn();
//! assert!(file.contains("[TPS \"2,2,2,2,x/x5/x5/x5/1,1,1,x2 1 4\"]"));
//! let game = tak::ptn::parse_game(&file).map_err(|e| e.to_string())?;
//! let back = KeptPuzzle::from_game(&game).expect("a puzzle's tag")?;
//! assert_eq!(back, puzzle);
//! assert_eq!(json::parse(&back.to_json())?.get("id").and_then(|v| v.as_str()), Some("2,2,2,2,x/x5/x5/x5/1,1,1,x2 1 4|a3"));
//! // A ply that cannot be played there is refused, with why.
//! let bad = json::parse(&puzzle.to_json().replace("\"Ce5\"", "\"Cf9\""))?;
//! assert!(KeptPuzzle::read(&bad).unwrap_err().contains("better"));
//! # Ok::<(), String>(())
//! ```

use super::dates::{iso_time, read_iso};
use super::json::{self, Json, Value};
use crate::practice::{Schedule, INTERVALS_DAYS};
use crate::settings::{Field, SettingsValue};
use crate::{ptn, tps, Color, Game, Move, Position};

/// The tags of a puzzle in a library file (docs/formats.md).
pub const TAG_PUZZLE: &str = "LibraryPuzzle";
pub const TAG_PUZZLE_GAME: &str = "LibraryPuzzleGame";
pub const TAG_PUZZLE_FROM: &str = "LibraryPuzzleFrom";

/// A kept puzzle (see the module's comment and `KeptPuzzle` in `www/practice-store.js`).
#[derive(Clone, Debug, PartialEq)]
pub struct KeptPuzzle {
    pub tps: String,
    pub settings: SettingsValue,
    pub side: Color,
    pub played: String,
    pub better: String,
    /// `??` (else `?`).
    pub blunder: bool,
    pub ply: u32,
    pub move_number: u32,
    pub game_id: Option<String>,
    pub game_name: String,
    pub created: u64,
    pub schedule: Schedule,
    /// Each try: when (ms) and whether solved.
    pub tries: Vec<(u64, bool)>,
}

impl KeptPuzzle {
    /// Reads and checks a puzzle as the page keeps it: its position is one of its rules, the
    /// side to move made the mistake, both plies can be played there and differ.
    pub fn read(v: &Value) -> Result<KeptPuzzle, String> {
        let text = |k: &str| {
            v.get(k)
                .and_then(Value::as_str)
                .map(str::to_string)
                .ok_or_else(|| format!("'{k}' is missing"))
        };
        let whole = |k: &str| v.get(k).and_then(Value::as_u32);
        let schedule = v.get("schedule").ok_or("'schedule' is missing")?;
        let puzzle = KeptPuzzle {
            tps: text("tps")?,
            settings: standard_left_out(read_settings(
                v.get("settings").ok_or("'settings' is missing")?,
            )?),
            side: match text("side")?.as_str() {
                "white" => Color::White,
                "black" => Color::Black,
                other => return Err(format!("a side of '{other}'")),
            },
            played: text("played")?,
            better: text("better")?,
            blunder: match text("judgement")?.as_str() {
                "??" => true,
                "?" => false,
                other => return Err(format!("a judgement of '{other}'")),
            },
            ply: whole("ply").ok_or("'ply' cannot be read")?,
            move_number: whole("moveNumber").ok_or("'moveNumber' cannot be read")?,
            game_id: v.get("gameId").and_then(Value::as_str).map(str::to_string),
            game_name: v
                .get("gameName")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string(),
            created: v
                .get("created")
                .and_then(Value::as_f64)
                .filter(|t| t.is_finite() && *t >= 0.0)
                .ok_or("'created' cannot be read")? as u64,
            schedule: Schedule {
                step: schedule
                    .get("step")
                    .and_then(Value::as_u32)
                    .filter(|s| *s as usize <= INTERVALS_DAYS.len())
                    .ok_or("the schedule's step cannot be read")? as u8,
                due: match schedule.get("due") {
                    None => None,
                    Some(d) => Some(
                        d.as_f64()
                            .filter(|t| t.is_finite() && *t >= 0.0)
                            .ok_or("the schedule's due time cannot be read")?,
                    ),
                },
            },
            tries: v
                .get("tries")
                .and_then(Value::as_array)
                .unwrap_or(&[])
                .iter()
                .map(|t| {
                    let at = t.get("at").and_then(Value::as_f64).filter(|a| *a >= 0.0);
                    let solved = t.get("solved").and_then(Value::as_bool);
                    at.zip(solved).map(|(a, s)| (a as u64, s))
                })
                .collect::<Option<Vec<_>>>()
                .ok_or("a try cannot be read")?,
        };
        puzzle.check()?;
        Ok(puzzle)
    }

    /// The position, under the puzzle's rules.
    fn position(&self) -> Result<Position, String> {
        let rules = self
            .settings
            .settings()
            .map_err(|e| format!("its rules: {e}"))?
            .rules;
        tps::parse(&self.tps, rules).map_err(|e| format!("its position: {e}"))
    }

    fn check(&self) -> Result<(), String> {
        let pos = self.position()?;
        if pos.to_move() != self.side {
            return Err("the side to move did not make the mistake".into());
        }
        let legal = |name: &str, text: &str| -> Result<Move, String> {
            text.parse::<Move>()
                .ok()
                .filter(|&mv| pos.is_legal(mv))
                .ok_or_else(|| format!("the {name} ply {text} cannot be played there"))
        };
        let played = legal("played", &self.played)?;
        let better = legal("better", &self.better)?;
        if played == better {
            return Err("the better ply is the one played".into());
        }
        Ok(())
    }

    /// Its id in the store: its position and the ply played (the same mistake is kept once).
    pub fn id(&self) -> String {
        format!("{}|{}", self.tps, self.played)
    }

    /// As a PTN "game" of no plies at its position, the puzzle in its tags.
    pub fn to_ptn(&self) -> String {
        let Ok(pos) = self.position() else {
            return String::new();
        };
        let mut game = Game::new(pos);
        game.set_tag("TPS", &self.tps);
        // Its options too (take-backs, scoring, tie rule, clock): read back as they were.
        if let Ok(settings) = self.settings.settings() {
            settings.write_tags(&mut game);
        }
        let mut parts = vec![
            format!("side {}", self.side.name()),
            format!("played {}", self.played),
            format!("better {}", self.better),
            format!("judgement {}", if self.blunder { "??" } else { "?" }),
            format!("ply {}", self.ply),
            format!("move {}", self.move_number),
            format!("created {}", iso_time(self.created)),
            format!("step {}", self.schedule.step),
            match self.schedule.due {
                Some(due) => format!("due {}", iso_time(due as u64)),
                None => "due learned".to_string(),
            },
        ];
        if !self.tries.is_empty() {
            let tries: Vec<String> = self
                .tries
                .iter()
                .map(|&(at, solved)| format!("{}{}", iso_time(at), if solved { '+' } else { '-' }))
                .collect();
            parts.push(format!("tries {}", tries.join(",")));
        }
        game.set_tag(TAG_PUZZLE, &parts.join("; "));
        if let Some(id) = &self.game_id {
            game.set_tag(TAG_PUZZLE_GAME, id);
        }
        if !self.game_name.is_empty() {
            game.set_tag(TAG_PUZZLE_FROM, &self.game_name);
        }
        // No plies: `*` (no result) ends it, so that the tags of what follows in a file are
        // not read as more of its own.
        let mut text = ptn::write_game(&game);
        if !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str("\n*\n");
        text
    }

    /// The puzzle a game of a library file carries (its `LibraryPuzzle` tag), read and
    /// checked; `None` for a game that is no puzzle.
    pub fn from_game(game: &Game) -> Option<Result<KeptPuzzle, String>> {
        let tag = game.tag(TAG_PUZZLE)?;
        Some(Self::from_tag(game, tag))
    }

    fn from_tag(game: &Game, tag: &str) -> Result<KeptPuzzle, String> {
        let field = |key: &str| {
            tag.split(';')
                .map(str::trim)
                .find_map(|part| part.strip_prefix(key)?.strip_prefix(' '))
                .map(str::trim)
        };
        let need = |key: &str| field(key).ok_or_else(|| format!("'{key}' is missing"));
        let number = |key: &str| -> Result<u32, String> {
            need(key)?
                .parse()
                .map_err(|_| format!("'{key}' cannot be read"))
        };
        let time = |key: &str| -> Result<u64, String> {
            read_iso(need(key)?).ok_or_else(|| format!("'{key}' cannot be read"))
        };
        let pos = game.start();
        let settings = standard_left_out(
            crate::settings::GameSettings::of_game(game)
                .map_err(|e| format!("its rules: {e}"))?
                .value(),
        );
        let puzzle = KeptPuzzle {
            tps: tps::write(pos),
            settings,
            side: match need("side")? {
                "white" => Color::White,
                "black" => Color::Black,
                other => return Err(format!("a side of '{other}'")),
            },
            played: need("played")?.to_string(),
            better: need("better")?.to_string(),
            blunder: match need("judgement")? {
                "??" => true,
                "?" => false,
                other => return Err(format!("a judgement of '{other}'")),
            },
            ply: number("ply")?,
            move_number: number("move")?,
            game_id: game.tag(TAG_PUZZLE_GAME).map(str::to_string),
            game_name: game.tag(TAG_PUZZLE_FROM).unwrap_or("").to_string(),
            created: time("created")?,
            schedule: Schedule {
                step: u8::try_from(number("step")?)
                    .ok()
                    .filter(|s| usize::from(*s) <= INTERVALS_DAYS.len())
                    .ok_or("'step' cannot be read")?,
                due: match need("due")? {
                    "learned" => None,
                    _ => Some(time("due")? as f64),
                },
            },
            tries: match field("tries") {
                None => Vec::new(),
                Some(list) => list
                    .split(',')
                    .map(|t| {
                        let t = t.trim();
                        let (at, solved) = match t.strip_suffix('+') {
                            Some(at) => (at, true),
                            None => (t.strip_suffix('-')?, false),
                        };
                        read_iso(at).map(|a| (a, solved))
                    })
                    .collect::<Option<Vec<_>>>()
                    .ok_or("'tries' cannot be read")?,
            },
        };
        puzzle.check()?;
        Ok(puzzle)
    }
}

/// `settings` with reserves that are the size's standard left out, as the page leaves them:
/// one puzzle, one form, however it was read.
fn standard_left_out(mut settings: SettingsValue) -> SettingsValue {
    if let Ok(standard) = crate::Config::standard(settings.size) {
        if settings.flats == Some(standard.stones) && settings.caps == Some(standard.caps) {
            settings.flats = None;
            settings.caps = None;
        }
    }
    settings
}

/// A game's settings as the page writes them (`GameSettings` in `pkg/*.d.ts`), read field by
/// field (the page's builds carry no serde): a field left out is its default.
fn read_settings(v: &Value) -> Result<SettingsValue, String> {
    let mut value = SettingsValue::default();
    let mut bad = None;
    value.fields(|name, field| {
        let Some(given) = v.get(name) else {
            return;
        };
        let ok = match field {
            Field::Count(n) => given
                .as_u32()
                .and_then(|k| u8::try_from(k).ok())
                .map(|k| *n = k)
                .is_some(),
            Field::MaybeCount(n) => given
                .as_u32()
                .and_then(|k| u8::try_from(k).ok())
                .map(|k| *n = Some(k))
                .is_some(),
            Field::Text(t) => given.as_str().map(|s| *t = s.to_string()).is_some(),
            Field::Number(t) => match given {
                Value::String(s) => {
                    *t = s.clone();
                    true
                }
                Value::Number(x) => {
                    *t = x.to_string();
                    true
                }
                _ => false,
            },
        };
        if !ok {
            bad.get_or_insert(name);
        }
    });
    match bad {
        Some(name) => Err(format!("the setting '{name}' cannot be read")),
        None => Ok(value),
    }
}

impl Json for KeptPuzzle {
    fn write_json(&self, out: &mut String) {
        let tries: Vec<json::Raw> = self
            .tries
            .iter()
            .map(|&(at, solved)| json::Raw(format!("{{\"at\":{at},\"solved\":{solved}}}")))
            .collect();
        let schedule = json::Raw(match self.schedule.due {
            Some(due) => format!("{{\"step\":{},\"due\":{due}}}", self.schedule.step),
            None => format!("{{\"step\":{},\"due\":null}}", self.schedule.step),
        });
        json::object(
            out,
            &[
                ("id", &self.id()),
                ("tps", &self.tps),
                ("settings", &self.settings),
                ("side", &self.side.name()),
                ("played", &self.played),
                ("better", &self.better),
                ("judgement", &if self.blunder { "??" } else { "?" }),
                ("ply", &self.ply),
                ("moveNumber", &self.move_number),
                ("gameId", &self.game_id),
                ("gameName", &self.game_name),
                ("created", &self.created),
                ("schedule", &schedule),
                ("tries", &tries),
            ],
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle() -> KeptPuzzle {
        KeptPuzzle {
            tps: "x5/x5/x5/x5/x5 1 1".into(),
            settings: SettingsValue {
                size: 5,
                komi: "1.5".into(),
                flats: Some(20),
                caps: Some(1),
                ..SettingsValue::default()
            },
            side: Color::White,
            played: "c3".into(),
            better: "a1".into(),
            blunder: false,
            ply: 1,
            move_number: 1,
            game_id: None,
            game_name: "Ann; Bo".into(),
            created: 1_764_400_000_000,
            schedule: Schedule { step: 4, due: None },
            tries: vec![],
        }
    }

    #[test]
    fn a_learned_puzzle_with_custom_rules_goes_through_a_file_unchanged() {
        let p = puzzle();
        let game = ptn::parse_game(&p.to_ptn()).unwrap();
        assert_eq!(KeptPuzzle::from_game(&game).unwrap().unwrap(), p);
        let json = json::parse(&p.to_json()).unwrap();
        assert_eq!(KeptPuzzle::read(&json).unwrap(), p);
    }

    #[test]
    fn puzzles_one_after_another_in_a_file_are_read_apart() {
        let mut second = puzzle();
        second.played = "e5".into();
        let file = format!("{}\n{}", puzzle().to_ptn(), second.to_ptn());
        let report = super::super::library::import(&file).unwrap();
        assert_eq!(report.puzzles, [puzzle(), second]);
        assert!(report.games.is_empty() && report.refused.is_empty());
    }

    #[test]
    fn damaged_puzzles_are_refused_with_why() {
        let mut wrong_side = puzzle();
        wrong_side.side = Color::Black;
        assert!(wrong_side.check().unwrap_err().contains("side to move"));
        let mut same = puzzle();
        same.better = "c3".into();
        assert!(same.check().unwrap_err().contains("one played"));
        let text = puzzle().to_ptn().replace("step 4", "step 9");
        let game = ptn::parse_game(&text).unwrap();
        assert!(KeptPuzzle::from_game(&game)
            .unwrap()
            .unwrap_err()
            .contains("step"));
        let no_tag = ptn::parse_game("[Size \"5\"]\n1. a1 e5").unwrap();
        assert!(KeptPuzzle::from_game(&no_tag).is_none());
    }
}
