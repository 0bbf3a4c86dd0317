//! The computer opponent for a Web Worker: the same search as natively, behind a small
//! wasm-bindgen class. The worker owns one `Engine`; the page never blocks on it.

use crate::ai::analysis::Analysis;
use crate::ai::level::{choose, Level, Rng};
use crate::ai::review::{eval_text, review, Finding, ReviewSettings};
use crate::ai::search::{SearchLimits, Searcher};
use crate::game::Judgement;
use crate::puzzle::SourceWords;
use crate::Setup;
use crate::{tps, Config, Komi, Opening, Position};
use serde::Serialize;
use wasm_bindgen::prelude::*;

thread_local! {
    /// The heartbeat of the search in progress ([`Engine::think`]): a plain function is
    /// what the searcher calls, so the JS function waits here.
    static HEARTBEAT: std::cell::RefCell<Option<js_sys::Function>> = const { std::cell::RefCell::new(None) };
}

fn beat() {
    HEARTBEAT.with(|h| {
        if let Some(f) = h.borrow().as_ref() {
            let _ = f.call0(&JsValue::NULL);
        }
    });
}

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

/// What the analysis has found so far, for the page.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Insight {
    depth: u8,
    /// From white's side, hundredths of a flat (or a forced result, as the search scores).
    white_score: i32,
    /// `+1.2`, `-R3`...
    text: String,
    white_chance: f64,
    /// The best line in PTN, from the position analysed.
    pv: Vec<String>,
    nodes: u64,
    finished: bool,
    /// The next best lines (each starting with another move), best first.
    lines: Vec<OtherLine>,
}

/// One of the analysis's next best lines.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct OtherLine {
    white_score: i32,
    text: String,
    pv: Vec<String>,
    depth: u8,
}

/// The review's verdict on one ply, ready for the game: a judgement and a comment.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Verdict {
    /// `?`, `??` or empty.
    judgement: &'static str,
    /// `missed-road`, `allows-road`, `missed-win`, `worse` or empty.
    finding: &'static str,
    /// The better ply in PTN, when there is one.
    better: Option<String>,
    /// `{+1.2 · best c3}` without the braces.
    comment: String,
    white_chance: f64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Reviewed {
    start_white_chance: f64,
    plies: Vec<Verdict>,
}

/// What the tinue solver found (see [`Engine::tinue`]).
#[derive(Serialize)]
struct TinueAnswer {
    answer: &'static str,
    line: Vec<String>,
    plies: Option<u8>,
    nodes: u64,
}

/// A reader's puzzle move judged (see [`Engine::keeps_tinue`]).
#[derive(Serialize)]
struct PuzzleMove {
    verdict: &'static str,
    r#move: String,
    defence: Option<String>,
    line: Vec<String>,
}

/// The strongest defence (see [`Engine::strongest_defence`]).
#[derive(Serialize)]
struct Defended {
    line: Vec<String>,
}

/// One puzzle of a set, for the page (see [`Engine::puzzles`]).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ShownPuzzle {
    tps: String,
    size: u8,
    attacker: &'static str,
    source: String,
    /// The source in words (see [`crate::puzzle::SourceWords`]): the game's players and the
    /// move, or that the computer played it against itself; both absent: `source` as written.
    source_game: Option<String>,
    source_move: Option<u32>,
    self_play: bool,
    difficulty: u32,
    plies: u8,
    solution: Vec<String>,
}

/// A computer player, analyst and reviewer.
#[wasm_bindgen]
pub struct Engine {
    searcher: Searcher,
    analysis: Option<(String, Analysis)>,
}

/// A position as the page describes it.
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct Spec {
    tps: String,
    stones: u8,
    caps: u8,
    half_komi: i8,
    /// The ancient tie rule (a tied flat count goes to black): it changes what a draw is
    /// worth to the search.
    #[serde(default)]
    ancient_tie_rule: bool,
    /// `swap` (the default) or `no-swap`: whose flat the first two plies place.
    #[serde(default)]
    opening: Option<String>,
    /// The game clocks, as TEI gives them (`wtime btime winc binc`, ms): the computer
    /// shares out its own time.
    #[serde(default)]
    wtime: Option<f64>,
    #[serde(default)]
    btime: Option<f64>,
    #[serde(default)]
    winc: Option<f64>,
    #[serde(default)]
    binc: Option<f64>,
}

impl Spec {
    fn read(value: JsValue) -> Result<Spec, JsError> {
        serde_wasm_bindgen::from_value(value)
            .map_err(|e| JsError::new(&format!("bad position: {e}")))
    }

    fn position(&self) -> Result<Position, JsError> {
        let opening = match &self.opening {
            Some(name) => name
                .parse::<Opening>()
                .map_err(|e| JsError::new(&e.to_string()))?,
            None => Opening::Swap,
        };
        let pos = position(&self.tps, self.stones, self.caps, self.half_komi, opening)
            .map_err(|e| JsError::new(&e))?;
        if !self.ancient_tie_rule {
            return Ok(pos);
        }
        let config = Config {
            ancient_tie_rule: true,
            ..*pos.config()
        };
        tps::parse(&self.tps, config).map_err(|e| JsError::new(&e.to_string()))
    }

    /// What tells one analysed position from another.
    fn key(&self) -> String {
        format!(
            "{} {} {} {} {}",
            self.tps,
            self.stones,
            self.caps,
            self.half_komi,
            self.opening.as_deref().unwrap_or("swap")
        )
    }
}

fn position(
    spec_tps: &str,
    stones: u8,
    caps: u8,
    half_komi: i8,
    opening: Opening,
) -> Result<Position, String> {
    let size = tps::size_of(spec_tps).min(255) as u8;
    let komi = Komi::from_half_flats(half_komi).ok_or("komi out of range")?;
    let setup = Setup {
        stones: Some(stones),
        caps: Some(caps),
        komi,
        opening,
        ..Setup::new(size)
    };
    let config = setup.config().map_err(|e| e.to_string())?;
    tps::parse(spec_tps, config).map_err(|e| e.to_string())
}

#[wasm_bindgen]
impl Engine {
    #[wasm_bindgen(constructor)]
    pub fn new() -> Engine {
        Engine {
            searcher: Searcher::new(HASH_MB),
            analysis: None,
        }
    }

    /// Analyses the position of `spec` (`{tps, stones, caps, halfKomi}`, as the board's
    /// `searchSpec()` gives it) for about `nodes` more nodes, going on from the last call
    /// when the position is the same. Returns `{depth, whiteScore, text, whiteChance, pv,
    /// nodes, finished}`.
    pub fn analyze(&mut self, spec: JsValue, nodes: u32) -> Result<JsValue, JsError> {
        let spec = Spec::read(spec)?;
        let pos = spec.position()?;
        let key = spec.key();
        match &mut self.analysis {
            Some((k, a)) if *k == key => {
                a.advance(nodes as u64);
            }
            Some((k, a)) => {
                *k = key;
                a.set_position(&pos);
                a.advance(nodes as u64);
            }
            None => {
                let mut a = Analysis::new(&pos, HASH_MB);
                a.advance(nodes as u64);
                self.analysis = Some((key, a));
            }
        }
        let report = self.analysis.as_ref().expect("just set").1.report();
        let white = |s: i32| {
            if pos.to_move() == crate::Color::White {
                s
            } else {
                -s
            }
        };
        let white_score = if pos.is_over() {
            match pos.outcome().and_then(|o| o.winner) {
                Some(crate::Color::White) => crate::ai::search::WIN,
                Some(crate::Color::Black) => -crate::ai::search::WIN,
                None => 0,
            }
        } else {
            white(report.result.score)
        };
        let white_chance = crate::ai::score::win_probability(white_score, pos.size());
        to_js(&Insight {
            depth: report.result.depth,
            white_score,
            text: eval_text(white_score),
            white_chance,
            pv: crate::ptn::write_line(&pos, &report.result.pv),
            nodes: report.total_nodes,
            finished: report.finished || pos.is_over(),
            lines: report
                .alternatives
                .iter()
                .map(|line| OtherLine {
                    white_score: white(line.score),
                    text: eval_text(white(line.score)),
                    pv: crate::ptn::write_line(&pos, &line.pv),
                    depth: line.depth,
                })
                .collect(),
        })
    }

    /// Reviews the line `moves` (PTN) from the position of `spec` with `nodes` per position, calling
    /// `progress(done, total)` after each position. Returns `{startWhiteChance, plies:
    /// [{judgement, finding, better, comment, whiteChance}]}`.
    pub fn review(
        &mut self,
        spec: JsValue,
        moves: Vec<String>,
        nodes: u32,
        progress: &js_sys::Function,
    ) -> Result<JsValue, JsError> {
        let start = Spec::read(spec)?.position()?;
        let moves = moves
            .iter()
            .map(|m| m.parse::<crate::Move>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| JsError::new(&e.to_string()))?;
        let settings = ReviewSettings {
            nodes: (nodes as u64).max(1_000),
        };
        let result = review(
            &start,
            &moves,
            settings,
            &mut self.searcher,
            |done, total| {
                let _ = progress.call2(&JsValue::NULL, &done.into(), &total.into());
            },
        );
        let mut pos = start.clone();
        let plies = result
            .plies
            .iter()
            .zip(&moves)
            .map(|(p, &mv)| {
                let better = p.better.map(|b| crate::ptn::write_move(&pos, b));
                pos.play_unchecked(mv);
                // After the last ply of a finished game the result says it all.
                let mut comment = if p.white_score.abs() == crate::ai::search::WIN {
                    String::new()
                } else {
                    eval_text(p.white_score)
                };
                if let Some(b) = &better {
                    if !comment.is_empty() {
                        comment.push_str(" · ");
                    }
                    comment.push_str("best ");
                    comment.push_str(b);
                }
                Verdict {
                    judgement: p.judgement.symbol(),
                    finding: match p.finding {
                        Finding::None => "",
                        Finding::MissedRoad => "missed-road",
                        Finding::AllowsRoad => "allows-road",
                        Finding::MissedWin => "missed-win",
                        Finding::Worse(_) => "worse",
                    },
                    better: better.filter(|_| p.judgement != Judgement::None),
                    comment,
                    white_chance: p.white_chance,
                }
            })
            .collect();
        to_js(&Reviewed {
            start_white_chance: result.start_white_chance,
            plies,
        })
    }

    /// Forgets what it learned (a new game).
    pub fn clear(&mut self) {
        self.searcher.clear();
    }

    /// Chooses a move at `level` (1-6) for the player to move in the position of `spec`
    /// (`{tps, stones, caps, halfKomi, ancientTieRule}`). Returns `{move, score, depth,
    /// nodes, timeMs, pv, level}`; throws an error with a message for a bad position.
    ///
    /// `heartbeat` (optional) is called about twice a second while it thinks: the page
    /// tells a long search from a worker that died by it.
    pub fn think(
        &mut self,
        spec: JsValue,
        level: u8,
        seed: u32,
        heartbeat: Option<js_sys::Function>,
    ) -> Result<JsValue, JsError> {
        HEARTBEAT.with(|h| *h.borrow_mut() = heartbeat);
        self.searcher.set_heartbeat(Some(beat));
        let thought = self.think_now(spec, level, seed);
        self.searcher.set_heartbeat(None);
        HEARTBEAT.with(|h| *h.borrow_mut() = None);
        thought
    }

    fn think_now(&mut self, spec: JsValue, level: u8, seed: u32) -> Result<JsValue, JsError> {
        let spec = Spec::read(spec)?;
        let pos = spec.position()?;
        let (left, increment) = match pos.to_move() {
            crate::Color::White => (spec.wtime, spec.winc),
            crate::Color::Black => (spec.btime, spec.binc),
        };
        let level = Level::get(level).on_the_clock(&pos, left, increment);
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

    /// Whether the player to move in the position of `spec` forces a road whatever the
    /// defence, looking `plies` plies deep (odd; at most 63) and `nodes` nodes at most.
    /// Returns `{answer, line, plies, nodes}`: `answer` is `tinue`, `no tinue` or `unknown`
    /// (the budget was spent); `line` the proof's main line in PTN, ending in the road
    /// (`tinue` only); `plies` the depth a `no tinue` holds to (null: any depth).
    pub fn tinue(&mut self, spec: JsValue, plies: u8, nodes: u32) -> Result<JsValue, JsError> {
        use crate::ai::tinue::{TinueLimits, TinueResult, TinueSolver};
        let pos = Spec::read(spec)?.position()?;
        let limits = TinueLimits {
            plies: plies.clamp(1, TinueLimits::MAX_PLIES),
            nodes: u64::from(nodes.max(1)),
        };
        let mut solver = TinueSolver::for_budget(limits.nodes);
        let result = solver.solve(&pos, limits);
        let (answer, line, depth) = match &result {
            TinueResult::Tinue { line } => ("tinue", crate::ptn::write_line(&pos, line), None),
            TinueResult::NoTinue { plies } => ("no tinue", Vec::new(), *plies),
            TinueResult::Unknown => ("unknown", Vec::new(), None),
        };
        to_js(&TinueAnswer {
            answer,
            line,
            plies: depth,
            nodes: solver.nodes(),
        })
    }

    /// Whether the attacker's move `mv` (PTN) in the position of `spec` keeps a forced road
    /// within `plies` plies, for a puzzle: `{verdict: 'keeps' | 'refuted' | 'unknown', move,
    /// defence, line}` ([`crate::puzzle::judge_move`]); an illegal move throws with why.
    #[wasm_bindgen(js_name = keepsTinue)]
    pub fn keeps_tinue(
        &mut self,
        spec: JsValue,
        mv: String,
        plies: u8,
        nodes: u32,
    ) -> Result<JsValue, JsError> {
        use crate::ai::tinue::TinueLimits;
        let pos = Spec::read(spec)?.position()?;
        let limits = TinueLimits {
            plies: plies.clamp(1, TinueLimits::MAX_PLIES),
            nodes: u64::from(nodes.max(1)),
        };
        let judged = crate::puzzle::judge_move(&pos, &mv, limits).map_err(|e| JsError::new(&e))?;
        to_js(&PuzzleMove {
            verdict: judged.verdict,
            r#move: judged.mv,
            defence: judged.defence,
            line: judged.line,
        })
    }

    /// The defender's strongest reply in the position of `spec` against a forced road within
    /// `plies` plies: `{line}`, from the defence to the road (empty: none found).
    #[wasm_bindgen(js_name = strongestDefence)]
    pub fn strongest_defence(
        &mut self,
        spec: JsValue,
        plies: u8,
        nodes: u32,
    ) -> Result<JsValue, JsError> {
        use crate::ai::tinue::TinueLimits;
        let pos = Spec::read(spec)?.position()?;
        let limits = TinueLimits {
            plies: plies.clamp(1, TinueLimits::MAX_PLIES + 1),
            nodes: u64::from(nodes.max(1)),
        };
        to_js(&Defended {
            line: crate::puzzle::strongest_defence(&pos, limits),
        })
    }

    /// A puzzle set's text read for the page: `[{tps, size, attacker, source, sourceGame,
    /// sourceMove, selfPlay, difficulty, plies, solution}]` ([`crate::puzzle::show_set`]); a
    /// bad set throws with where and why.
    /// With `one`, the text is a single puzzle ([`crate::puzzle::show_one`]), and its errors
    /// say what is wrong with it without naming it "puzzle 1".
    pub fn puzzles(&mut self, text: &str, one: bool) -> Result<JsValue, JsError> {
        let set = if one {
            crate::puzzle::show_one(text).map(|p| vec![p])
        } else {
            crate::puzzle::show_set(text)
        }
        .map_err(|e| JsError::new(&e.to_string()))?;
        let shown: Vec<ShownPuzzle> = set
            .into_iter()
            .map(|p| {
                let self_play = p.source_words == SourceWords::SelfPlay;
                let (source_game, source_move) = match p.source_words {
                    SourceWords::Game {
                        players,
                        move_number,
                    } => (Some(players), Some(move_number)),
                    _ => (None, None),
                };
                ShownPuzzle {
                    tps: p.tps,
                    size: p.size,
                    attacker: p.attacker,
                    source_game,
                    source_move,
                    self_play,
                    source: p.source,
                    difficulty: p.difficulty,
                    plies: p.plies,
                    solution: p.solution,
                }
            })
            .collect();
        to_js(&shown)
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
