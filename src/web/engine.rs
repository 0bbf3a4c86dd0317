//! The computer opponent for a Web Worker: the same search as natively, behind a small
//! wasm-bindgen class. The worker owns one `Engine` and hands it each question of the page as
//! it came ([`Request`], read here with serde); the page never blocks on it. The questions and
//! answers are defined once, in [`crate::web::wire`].

use crate::ai::analysis::Analysis;
use crate::ai::level::{choose, Level, Rng};
use crate::ai::review::{eval_text, review, Finding, ReviewSettings};
use crate::ai::search::{SearchLimits, Searcher};
use crate::game::Judgement;
use crate::puzzle::SourceWords;
use crate::web::wire::{
    AnswerToJudge, Bench, Defended, Insight, JudgedAnswer, OtherLine, PuzzleMove, PuzzleText,
    PuzzleVerdict, Reply, Request, Review, Reviewed, SearchSpec, ShownPuzzle, Solve, Think,
    Thought, TinueAnswer, Verdict,
};
use crate::Setup;
use crate::{tps, Config, Position};
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

/// Nodes per slice of analysis: small enough that a new position or "stop" is heard at once
/// (the worker asks for the next slice after reading its messages).
const SLICE: u64 = 20_000;

/// Nodes for judging a position once (a draw offer).
const EVALUATE_NODES: u64 = 60_000;

/// A computer player, analyst and reviewer.
#[wasm_bindgen]
pub struct Engine {
    searcher: Searcher,
    analysis: Option<((String, Config), Analysis)>,
}

fn bad<E: std::fmt::Display>(e: E) -> JsError {
    JsError::new(&e.to_string())
}

impl SearchSpec {
    /// The position, read from its TPS under the game's rules (its settings, checked once
    /// through [`Setup`]; the size is the TPS's).
    fn position(&self) -> Result<Position, JsError> {
        let setup = Setup {
            size: tps::size_of(&self.tps).min(255) as u8,
            ..self.settings.setup().map_err(bad)?
        };
        tps::parse(&self.tps, setup.config().map_err(bad)?).map_err(bad)
    }
}

/// What tells one analysed position from another: the position and every rule it is played
/// by (a changed rule changes what a position is worth).
fn analysis_key(pos: &Position) -> (String, Config) {
    (tps::write(pos), *pos.config())
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

    /// Answers one question of the page (a [`Request`], as the page sent it, without its
    /// id) with a [`Reply`] of the same name. `beat` (optional) is called about twice a second
    /// while it chooses a move: the page tells a long search from a worker that died by it;
    /// `progress(done, total)` after each position of a review. An analysis is answered one
    /// slice at a time, going on from the last slice when the position is the same; `stop`
    /// is the worker's own. Throws an error with a message for a bad question or position.
    #[wasm_bindgen(unchecked_return_type = "Reply")]
    pub fn answer(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Request")] request: JsValue,
        beat: Option<js_sys::Function>,
        progress: Option<js_sys::Function>,
    ) -> Result<JsValue, JsError> {
        let request: Request = serde_wasm_bindgen::from_value(request)
            .map_err(|e| JsError::new(&format!("bad question: {e}")))?;
        let reply = match request {
            Request::Think(think) => Reply::Think(self.think(&think, beat)?),
            Request::Evaluate(spec) => Reply::Evaluate(self.analyze(&spec, EVALUATE_NODES)?),
            Request::Analyze(spec) => Reply::Analyze(self.analyze(&spec, SLICE)?),
            Request::Stop(_) => return Err(JsError::new("stop has no answer")),
            Request::Review(r) => Reply::Review(self.review(&r, progress)?),
            Request::Tinue(solve) => Reply::Tinue(self.tinue(&solve)?),
            Request::KeepsTinue(m) => Reply::KeepsTinue(self.keeps_tinue(&m)?),
            Request::StrongestDefence(solve) => {
                Reply::StrongestDefence(self.strongest_defence(&solve)?)
            }
            Request::Puzzles(text) => Reply::Puzzles(self.puzzles(&text)?),
            Request::JudgeAnswer(a) => Reply::JudgeAnswer(self.judge_answer(&a)?),
            Request::Mistakes(game) => Reply::Mistakes(game_mistakes(&game.ptn, game.now)?),
            Request::Practised(p) => Reply::Practised(if p.solved {
                p.schedule.solved(p.now)
            } else {
                p.schedule.failed(p.now)
            }),
            Request::Bench(nodes) => Reply::Bench(self.bench(nodes)?),
        };
        to_js(&reply)
    }

    /// Forgets what it learned (a new game).
    pub fn clear(&mut self) {
        self.searcher.clear();
    }
}

impl Engine {
    /// Analyses the position of `spec` for about `nodes` more nodes, going on from the last
    /// call when the position is the same.
    fn analyze(&mut self, spec: &SearchSpec, nodes: u64) -> Result<Insight, JsError> {
        let pos = spec.position()?;
        let key = analysis_key(&pos);
        match &mut self.analysis {
            Some((k, a)) if *k == key => {
                a.advance(nodes);
            }
            Some((k, a)) => {
                *k = key;
                a.set_position(&pos);
                a.advance(nodes);
            }
            None => {
                let mut a = Analysis::new(&pos, HASH_MB);
                a.advance(nodes);
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
        Ok(Insight {
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

    /// Reviews the line of `r` from its position, calling `progress(done, total)` after each
    /// position.
    fn review(
        &mut self,
        r: &Review,
        progress: Option<js_sys::Function>,
    ) -> Result<Reviewed, JsError> {
        let start = r.spec.position()?;
        let moves = r
            .moves
            .iter()
            .map(|m| m.parse::<crate::Move>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(bad)?;
        let settings = ReviewSettings {
            nodes: (r.nodes as u64).max(1_000),
        };
        let result = review(
            &start,
            &moves,
            settings,
            &mut self.searcher,
            |done, total| {
                if let Some(f) = &progress {
                    let _ = f.call2(&JsValue::NULL, &done.into(), &total.into());
                }
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
                    judgement: p.judgement.symbol().to_string(),
                    finding: match p.finding {
                        Finding::None => "",
                        Finding::MissedRoad => "missed-road",
                        Finding::AllowsRoad => "allows-road",
                        Finding::MissedWin => "missed-win",
                        Finding::Worse(_) => "worse",
                    }
                    .to_string(),
                    better: better.filter(|_| p.judgement != Judgement::None),
                    comment,
                    white_chance: p.white_chance,
                }
            })
            .collect();
        Ok(Reviewed {
            start_white_chance: result.start_white_chance,
            plies,
        })
    }

    /// Chooses a move at `level` (1-6) for the player to move, calling `heartbeat` about
    /// twice a second while it thinks.
    fn think(
        &mut self,
        think: &Think,
        heartbeat: Option<js_sys::Function>,
    ) -> Result<Thought, JsError> {
        HEARTBEAT.with(|h| *h.borrow_mut() = heartbeat);
        self.searcher.set_heartbeat(Some(beat));
        let thought = self.think_now(think);
        self.searcher.set_heartbeat(None);
        HEARTBEAT.with(|h| *h.borrow_mut() = None);
        thought
    }

    fn think_now(&mut self, think: &Think) -> Result<Thought, JsError> {
        let spec = &think.spec;
        let pos = spec.position()?;
        let (left, increment) = match pos.to_move() {
            crate::Color::White => (spec.wtime, spec.winc),
            crate::Color::Black => (spec.btime, spec.binc),
        };
        let ms = |t: Option<u64>| t.map(|t| t as f64);
        let level = Level::get(think.level).on_the_clock(&pos, ms(left), ms(increment));
        let mut rng = Rng::new(think.seed as u64);
        let result = choose(&mut self.searcher, &pos, &level, &mut rng);
        Ok(Thought {
            r#move: result.best.map(|m| crate::ptn::write_move(&pos, m)),
            score: result.score,
            depth: result.depth,
            nodes: result.nodes,
            time_ms: result.time_ms,
            pv: result.pv.iter().map(|m| m.to_string()).collect(),
            level: level.number,
            win_in: result.win_in(),
            win_by: crate::web::wire::win_by(&pos, result.win_in(), &result.pv),
        })
    }

    /// Whether the player to move forces a road whatever the defence, looking `plies` plies
    /// deep (odd; at most 63) and `nodes` nodes at most.
    fn tinue(&mut self, solve: &Solve) -> Result<TinueAnswer, JsError> {
        use crate::ai::tinue::{TinueLimits, TinueResult, TinueSolver};
        let pos = solve.spec.position()?;
        let limits = tinue_limits(solve, TinueLimits::MAX_PLIES);
        let mut solver = TinueSolver::for_budget(limits.nodes);
        let result = solver.solve(&pos, limits);
        let (answer, line, depth) = match &result {
            TinueResult::Tinue { line } => ("tinue", crate::ptn::write_line(&pos, line), None),
            TinueResult::NoTinue { plies } => ("no tinue", Vec::new(), *plies),
            TinueResult::Unknown => ("unknown", Vec::new(), None),
        };
        Ok(TinueAnswer {
            answer: answer.to_string(),
            line,
            plies: depth,
            nodes: solver.nodes(),
        })
    }

    /// Whether the attacker's move keeps a forced road within its plies, for a puzzle
    /// ([`crate::puzzle::judge_move`]); an illegal move is an error with why.
    fn keeps_tinue(&mut self, m: &PuzzleMove) -> Result<PuzzleVerdict, JsError> {
        use crate::ai::tinue::TinueLimits;
        let pos = m.solve.spec.position()?;
        let limits = tinue_limits(&m.solve, TinueLimits::MAX_PLIES);
        let judged =
            crate::puzzle::judge_move(&pos, &m.r#move, limits).map_err(|e| JsError::new(&e))?;
        Ok(PuzzleVerdict {
            verdict: judged.verdict.to_string(),
            r#move: judged.mv,
            defence: judged.defence,
            line: judged.line,
        })
    }

    /// Whether an answer to a puzzle of one's own mistake is right
    /// ([`crate::ai::review::judge_answer`]); an answer that cannot be read is an error with
    /// why, one that cannot be played is wrong.
    fn judge_answer(&mut self, a: &AnswerToJudge) -> Result<JudgedAnswer, JsError> {
        let pos = a.spec.position()?;
        let answer = a.r#move.parse::<crate::Move>().map_err(bad)?;
        let mistake = a.mistake.parse::<crate::Move>().ok();
        let settings = ReviewSettings {
            nodes: u64::from(a.nodes).max(1_000),
        };
        let judged =
            crate::ai::review::judge_answer(&pos, answer, mistake, settings, &mut self.searcher);
        Ok(JudgedAnswer {
            right: judged.right,
            best: judged.best.map(|m| crate::ptn::write_move(&pos, m)),
        })
    }

    /// The defender's strongest reply against a forced road within its plies: the line from
    /// the defence to the road (empty: none found).
    fn strongest_defence(&mut self, solve: &Solve) -> Result<Defended, JsError> {
        use crate::ai::tinue::TinueLimits;
        let pos = solve.spec.position()?;
        // One ply more: the defence is asked for before the attacker's line.
        let limits = tinue_limits(solve, TinueLimits::MAX_PLIES + 1);
        Ok(Defended {
            line: crate::puzzle::strongest_defence(&pos, limits),
        })
    }

    /// A puzzle set's text read for the page ([`crate::puzzle::show_set`]); a bad set is an
    /// error with where and why. With `one`, the text is a single puzzle
    /// ([`crate::puzzle::show_one`]), and its errors say what is wrong with it without naming
    /// it "puzzle 1".
    fn puzzles(&mut self, text: &PuzzleText) -> Result<Vec<ShownPuzzle>, JsError> {
        let set = if text.one {
            crate::puzzle::show_one(&text.text).map(|p| vec![p])
        } else {
            crate::puzzle::show_set(&text.text)
        }
        .map_err(bad)?;
        Ok(set
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
                    attacker: p.attacker.to_string(),
                    source_game,
                    source_move,
                    self_play,
                    source: p.source,
                    difficulty: p.difficulty,
                    plies: p.plies,
                    solution: p.solution,
                }
            })
            .collect())
    }

    /// Search speed here: searches the benchmark positions `nodes` nodes each.
    fn bench(&mut self, nodes: u32) -> Result<Bench, JsError> {
        let mut total = Bench {
            nodes: 0,
            time_ms: 0.0,
            nps: 0.0,
        };
        for text in crate::ai::BENCH_POSITIONS {
            let pos = Position::from_tps(text).map_err(bad)?;
            let mut searcher = Searcher::new(HASH_MB);
            let r = searcher.search(&pos, SearchLimits::nodes(nodes as u64), |_| {});
            total.nodes += r.nodes;
            total.time_ms += r.time_ms;
        }
        total.nps = total.nodes as f64 * 1000.0 / total.time_ms.max(0.001);
        Ok(total)
    }
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

/// A reviewed game's mistakes ([`crate::web::mistakes::to_practise`]); a PTN that cannot be
/// read is an error with why.
fn game_mistakes(ptn: &str, now: f64) -> Result<Vec<super::wire::MistakeToPractise>, JsError> {
    crate::web::mistakes::to_practise(ptn, now).map_err(bad)
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

/// A solver question's limits: its plies clamped to 1..=`most`, at least one node.
fn tinue_limits(solve: &Solve, most: u8) -> crate::ai::tinue::TinueLimits {
    crate::ai::tinue::TinueLimits {
        plies: solve.plies.clamp(1, most),
        nodes: u64::from(solve.nodes.max(1)),
    }
}
