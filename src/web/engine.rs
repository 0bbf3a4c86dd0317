//! The computer opponent for a Web Worker: the same search as natively, behind a small
//! wasm-bindgen class. The worker owns one `Engine`; the page never blocks on it.

use crate::ai::level::{choose, Level, Rng};
use crate::ai::search::{SearchLimits, Searcher};
use crate::{tps, Config, Komi, Position};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Transposition table size in the browser, in MB.
const HASH_MB: usize = 16;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Thought {
    /// The move in PTN (with `*` when it flattens), or null when the game is over.
    r#move: Option<String>,
    score: i32,
    depth: u8,
    nodes: u64,
    time_ms: f64,
    pv: Vec<String>,
    level: u8,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Bench {
    nodes: u64,
    time_ms: f64,
    nps: f64,
}

/// A computer player.
#[wasm_bindgen]
pub struct Engine {
    searcher: Searcher,
}

fn position(spec_tps: &str, stones: u8, caps: u8, half_komi: u8) -> Result<Position, String> {
    let size = tps::size_of(spec_tps).min(255) as u8;
    let komi = Komi::from_half_flats(half_komi).ok_or("komi out of range")?;
    let config = Config::standard(size).map_err(|e| e.to_string())?;
    let config = if (stones, caps) == (config.stones, config.caps) {
        config
    } else {
        config
            .with_pieces(stones, caps)
            .map_err(|e| e.to_string())?
    };
    tps::parse(spec_tps, config.with_komi(komi)).map_err(|e| e.to_string())
}

#[wasm_bindgen]
impl Engine {
    #[wasm_bindgen(constructor)]
    pub fn new() -> Engine {
        Engine {
            searcher: Searcher::new(HASH_MB),
        }
    }

    /// Forgets what it learned (a new game).
    pub fn clear(&mut self) {
        self.searcher.clear();
    }

    /// Chooses a move at `level` (1-6) for the player to move in the position `tps` (with
    /// the game's reserves and komi). Returns `{move, score, depth, nodes, timeMs, pv,
    /// level}`; throws an error with a message for a bad position.
    pub fn think(
        &mut self,
        tps: &str,
        stones: u8,
        caps: u8,
        half_komi: u8,
        level: u8,
        seed: u32,
    ) -> Result<JsValue, JsError> {
        let pos = position(tps, stones, caps, half_komi).map_err(|e| JsError::new(&e))?;
        let level = Level::get(level);
        let mut rng = Rng::new(seed as u64);
        let result = choose(&mut self.searcher, &pos, &level, &mut rng);
        let thought = Thought {
            r#move: result.best.map(|m| crate::ptn::write_move(&pos, m)),
            score: result.score,
            depth: result.depth,
            nodes: result.nodes,
            time_ms: result.time_ms,
            pv: result.pv.iter().map(|m| m.to_string()).collect(),
            level: level.number,
        };
        to_js(&thought)
    }

    /// Search speed here: searches the benchmark positions `nodes` nodes each.
    pub fn bench(&mut self, nodes: u32) -> Result<JsValue, JsError> {
        let mut total = Bench {
            nodes: 0,
            time_ms: 0.0,
            nps: 0.0,
        };
        for text in crate::ai::BENCH_POSITIONS {
            let pos = Position::from_tps(text).map_err(|e| JsError::new(&e.to_string()))?;
            let mut searcher = Searcher::new(HASH_MB);
            let r = searcher.search(&pos, SearchLimits::nodes(nodes as u64), |_| {});
            total.nodes += r.nodes;
            total.time_ms += r.time_ms;
        }
        total.nps = total.nodes as f64 * 1000.0 / total.time_ms.max(0.001);
        to_js(&total)
    }
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}
