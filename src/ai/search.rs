//! The game-tree search: iterative deepening, principal variation search with a
//! transposition table, killer and history move ordering, late move reductions and null-move
//! pruning. Roads are never missed: every node first asks whether the player to move can
//! complete a road at once, and a leaf where the opponent threatens one is searched a ply
//! deeper instead of being evaluated.

use super::clock::now_ms;
use super::eval::{evaluate, Weights};
use super::policy::PolicyContext;
use crate::{Color, Move, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

pub use super::score::{WIN, WIN_THRESHOLD};
const INFINITY: i32 = WIN + 1;
const MAX_PLY: usize = 128;

/// When a search must stop. Unset limits do not apply; with none at all it runs until
/// stopped (or to [`SearchLimits::MAX_DEPTH`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchLimits {
    pub depth: Option<u8>,
    pub nodes: Option<u64>,
    /// Wall-clock budget in milliseconds: the search stops when it is spent, in the middle
    /// of a depth if need be (`go movetime` spends all of it).
    pub time_ms: Option<f64>,
    /// A softer aim within `time_ms` (a clock's share for this move): no new depth is
    /// started once half of it is spent, since the next depth costs at least as much again.
    pub target_ms: Option<f64>,
}

impl SearchLimits {
    pub const MAX_DEPTH: u8 = 64;

    /// No limit at all (a level that does not search, or one given its limits later).
    pub const NONE: SearchLimits = SearchLimits {
        depth: None,
        nodes: None,
        time_ms: None,
        target_ms: None,
    };

    pub fn depth(depth: u8) -> SearchLimits {
        SearchLimits {
            depth: Some(depth),
            ..SearchLimits::default()
        }
    }

    pub fn time(ms: f64) -> SearchLimits {
        SearchLimits {
            time_ms: Some(ms),
            ..SearchLimits::default()
        }
    }

    pub fn nodes(nodes: u64) -> SearchLimits {
        SearchLimits {
            nodes: Some(nodes),
            ..SearchLimits::default()
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The move to play (`None` only when the game is over).
    pub best: Option<Move>,
    /// From the point of view of the player to move.
    pub score: i32,
    /// The last depth searched completely.
    pub depth: u8,
    pub nodes: u64,
    pub time_ms: f64,
    /// The expected line, best move first.
    pub pv: Vec<Move>,
}

impl SearchResult {
    /// No move, no score: what a search reports before it has finished a depth.
    pub fn empty() -> SearchResult {
        SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            time_ms: 0.0,
            pv: Vec::new(),
        }
    }

    /// The chance that the player to move wins, by the evaluation's fitted logistic scale
    /// for boards of side `size` (see [`super::eval::win_probability`]).
    pub fn win_probability(&self, size: u8) -> f64 {
        super::eval::win_probability(self.score, size)
    }

    /// Nodes per second.
    pub fn nps(&self) -> f64 {
        self.nodes as f64 * 1000.0 / self.time_ms.max(0.001)
    }

    /// Plies to a forced win (positive) or loss (negative), if the score is one.
    pub fn win_in(&self) -> Option<i32> {
        if self.score >= WIN_THRESHOLD {
            Some(WIN - self.score)
        } else if self.score <= -WIN_THRESHOLD {
            Some(-(WIN + self.score))
        } else {
            None
        }
    }
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    best: u16,
    score: i32,
    depth: i8,
    bound: Bound,
}

#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Bound {
    #[default]
    None,
    Exact,
    Lower,
    Upper,
}

/// A reusable searcher: keeps its transposition table and move-ordering statistics between
/// searches of the same game.
pub struct Searcher {
    table: Vec<Entry>,
    killers: [[u16; 2]; MAX_PLY],
    history: Vec<u32>,
    /// For each move, the quiet reply that last refuted it (a "countermove"): tried with the
    /// killers.
    counters: Vec<u16>,
    weights: Weights,
    nodes: u64,
    stop: Arc<AtomicBool>,
    stopped: bool,
    deadline: f64,
    node_limit: u64,
    move_buffers: Vec<Vec<(i32, Move)>>,
    raw_moves: Vec<Move>,
    /// The ply played at each depth of the current line (for the policy: replies near the
    /// last ply are likelier); a null move clears its slot.
    line: [Option<Move>; MAX_PLY],
    /// Root moves left out (the lines already given, for several best lines).
    excluded: Vec<Move>,
    /// Whether quiet moves are ordered, reduced and pruned by the learned policy
    /// ([`super::policy`]) on the board sizes it was fitted for.
    policy: bool,
    /// Called about every [`HEARTBEAT_MS`] while a search runs, and when it was last: the
    /// page's worker says so that it is alive while the search holds its thread.
    heartbeat: Option<fn()>,
    last_beat: f64,
}

/// How often a long search calls its heartbeat (see [`Searcher::set_heartbeat`]).
pub const HEARTBEAT_MS: f64 = 500.0;

/// Whether new searchers use the learned move-ordering policy (see [`Searcher::set_policy`]):
/// on, since it measured better against Tiltak on 6×6 (README, steps 5–6).
static POLICY_DEFAULT: AtomicBool = AtomicBool::new(true);

/// Makes searchers created from now on use the learned move-ordering policy, or not (the
/// `tak tei --no-policy` switch, for matches that measure it).
pub fn set_policy_default(on: bool) {
    POLICY_DEFAULT.store(on, Ordering::Relaxed);
}

/// The board sizes the policy orders moves on: 6×6, whose games it was fitted to, and every
/// other but 3×3, where it measured better than the hand-set order (4×4 to 8×8 but 6×6: +22,
/// +49, +133 and +150 Elo, data/sprt/04-… to 07-…). 3×3 is solved by search alone.
fn policy_fits(size: u8) -> bool {
    size >= 4
}

/// Takes `score` for `mv` as a node's best if it beats `best`, raising `alpha` with it; true
/// when it reaches `beta` (a cut-off: the caller stops trying moves). The root and every
/// inner node keep their best move this one way.
#[inline(always)]
fn raise_best(
    score: i32,
    mv: Move,
    best: &mut i32,
    best_move: &mut Option<Move>,
    alpha: &mut i32,
    beta: i32,
) -> bool {
    if score <= *best {
        return false;
    }
    *best = score;
    *best_move = Some(mv);
    *alpha = (*alpha).max(score);
    *alpha >= beta
}

fn score_to_table(score: i32, ply: usize) -> i32 {
    if score >= WIN_THRESHOLD {
        score + ply as i32
    } else if score <= -WIN_THRESHOLD {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_table(score: i32, ply: usize) -> i32 {
    if score >= WIN_THRESHOLD {
        score - ply as i32
    } else if score <= -WIN_THRESHOLD {
        score + ply as i32
    } else {
        score
    }
}

/// The score of a finished position for the player to move.
fn terminal_score(pos: &Position, ply: usize) -> Option<i32> {
    let outcome = pos.outcome()?;
    Some(match outcome.winner {
        None => 0,
        Some(c) if c == pos.to_move() => WIN - ply as i32,
        Some(_) => -(WIN - ply as i32),
    })
}

impl Searcher {
    /// A searcher with a transposition table of about `megabytes` MB.
    pub fn new(megabytes: usize) -> Searcher {
        let entries =
            (megabytes.max(1) * 1024 * 1024 / std::mem::size_of::<Entry>()).next_power_of_two() / 2;
        Searcher {
            table: vec![Entry::default(); entries.max(1024)],
            killers: [[NO_MOVE; 2]; MAX_PLY],
            history: vec![0; 1 << 16],
            counters: vec![NO_MOVE; 1 << 16],
            weights: Weights::trained(),
            nodes: 0,
            stop: Arc::new(AtomicBool::new(false)),
            stopped: false,
            deadline: f64::INFINITY,
            node_limit: u64::MAX,
            move_buffers: (0..MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            raw_moves: Vec::with_capacity(256),
            line: [None; MAX_PLY],
            excluded: Vec::new(),
            policy: POLICY_DEFAULT.load(Ordering::Relaxed),
            heartbeat: None,
            last_beat: 0.0,
        }
    }

    /// Evaluates with `weights` from now on (training plays two sets against each other).
    pub fn set_weights(&mut self, weights: Weights) {
        self.weights = weights;
    }

    /// Orders, reduces and prunes quiet moves by the learned policy (on the sizes it was
    /// fitted for), or by the hand-set order.
    pub fn set_policy(&mut self, on: bool) {
        self.policy = on;
    }

    /// The flag that stops a search in progress (from another thread, or a callback).
    /// Calls `beat` about every [`HEARTBEAT_MS`] of a search from now on (`None`: no more), so
    /// that whoever waits for the answer can tell a long search from a thread that died.
    pub fn set_heartbeat(&mut self, beat: Option<fn()>) {
        self.heartbeat = beat;
    }

    /// Whether the last search ended on its limits or a stop rather than on its depth.
    pub fn was_stopped(&self) -> bool {
        self.stopped
    }

    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|e| *e = Entry::default());
        self.history.iter_mut().for_each(|h| *h = 0);
        self.counters.iter_mut().for_each(|c| *c = NO_MOVE);
        self.killers = [[NO_MOVE; 2]; MAX_PLY];
    }

    /// Like [`Searcher::search`], leaving out the root moves `excluded`: the best line among
    /// the others (the second-best line is the best one without the first's move). With
    /// every move excluded it returns no move.
    ///
    /// ```
    /// use tak::ai::search::{SearchLimits, Searcher};
    /// use tak::Position;
    /// let pos = Position::from_tps("x5/x5/x5/1,1,1,1,x/2,2,2,x,2 1 5")?;
    /// let mut searcher = Searcher::new(1);
    /// let first = searcher.search(&pos, SearchLimits::depth(3), |_| {});
    /// let second = searcher.search_excluding(&pos, SearchLimits::depth(3), &[first.best.unwrap()], |_| {});
    /// assert_ne!(second.best, first.best);
    /// assert!(second.score <= first.score);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search_excluding(
        &mut self,
        pos: &Position,
        limits: SearchLimits,
        excluded: &[Move],
        on_depth: impl FnMut(&SearchResult),
    ) -> SearchResult {
        self.excluded.clear();
        self.excluded.extend_from_slice(excluded);
        let result = self.search(pos, limits, on_depth);
        self.excluded.clear();
        result
    }

    /// Searches `pos` within `limits`. `on_depth` hears about every completed depth
    /// (for `info` lines). Always returns a legal move when the game is not over, even if
    /// stopped at once.
    pub fn search(
        &mut self,
        pos: &Position,
        limits: SearchLimits,
        mut on_depth: impl FnMut(&SearchResult),
    ) -> SearchResult {
        let start = now_ms();
        self.nodes = 0;
        self.stopped = false;
        self.deadline = limits.time_ms.map_or(f64::INFINITY, |t| start + t.max(0.0));
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.killers = [[NO_MOVE; 2]; MAX_PLY];
        for h in self.history.iter_mut() {
            *h /= 8;
        }
        let mut pos = pos.clone();
        let mut result = SearchResult::empty();
        if pos.is_over() {
            result.score = terminal_score(&pos, 0).unwrap_or(0);
            return result;
        }
        // A road at once needs no search.
        if let Some(win) = pos
            .clone()
            .road_in_one()
            .filter(|w| !self.excluded.contains(w))
        {
            result.best = Some(win);
            result.score = WIN - 1;
            result.depth = 1;
            result.pv = vec![win];
            result.nodes = 1;
            result.time_ms = now_ms() - start;
            on_depth(&result);
            return result;
        }
        let max_depth = limits
            .depth
            .unwrap_or(SearchLimits::MAX_DEPTH)
            .clamp(1, SearchLimits::MAX_DEPTH);
        let mut previous: i32 = 0;
        for depth in 1..=max_depth {
            // Aspiration window around the previous score; widened on failure.
            let mut window = if depth >= 4 && previous.abs() < WIN_THRESHOLD {
                60
            } else {
                INFINITY
            };
            let (score, best, alpha) = loop {
                let alpha = (previous - window).max(-INFINITY);
                let beta = (previous + window).min(INFINITY);
                let (score, best) = self.root(&mut pos, depth as i32, alpha, beta);
                if self.stopped || window >= INFINITY || (score > alpha && score < beta) {
                    break (score, best, alpha);
                }
                window = if window > 1000 { INFINITY } else { window * 4 };
            };
            if self.stopped && depth > 1 {
                // An unfinished depth is trusted for the moves it searched to the end: the
                // last depth's choice comes first, so a move that scored above the window's
                // floor after it was proven better at the deeper depth. (Scores at or below
                // the floor are only bounds, and say nothing about which move is better.)
                if let Some(b) = best.filter(|_| score > alpha && result.best.is_some()) {
                    if result.best != Some(b) {
                        // The line reported is the move played and what the table holds
                        // after it (searched one depth short of the unfinished one).
                        let mut after = pos.clone();
                        after.play_unchecked(b);
                        result.pv = vec![b];
                        if !after.is_over() {
                            result
                                .pv
                                .extend(self.principal_variation(&after, depth as usize - 1));
                        }
                    }
                    result.best = Some(b);
                }
                break;
            }
            previous = score;
            result.best = best.or(result.best);
            result.score = score;
            result.depth = depth;
            result.nodes = self.nodes;
            result.time_ms = now_ms() - start;
            result.pv = match result.best {
                // The root of a search with moves left out is not in the table.
                Some(first) if !self.excluded.is_empty() => {
                    let mut after = pos.clone();
                    after.play_unchecked(first);
                    let mut line = vec![first];
                    if !after.is_over() {
                        line.extend(self.principal_variation(&after, depth as usize - 1));
                    }
                    line
                }
                _ => self.principal_variation(&pos, depth as usize),
            };
            on_depth(&result);
            if score.abs() >= WIN_THRESHOLD && (WIN - score.abs()) <= depth as i32 {
                break; // a forced result within the horizon: deeper search changes nothing
            }
            // With a clock, do not start a depth that will not finish before the move's
            // share is spent; with a fixed move time, keep searching to the deadline (an
            // unfinished depth still replaces the move when it proves a better one).
            let elapsed = now_ms() - start;
            if limits.target_ms.is_some_and(|t| elapsed * 2.0 > t) {
                break;
            }
        }
        result.nodes = self.nodes;
        result.time_ms = now_ms() - start;
        if result.best.is_none() {
            // Stopped before depth 1 finished: any legal move beats none.
            let mut moves = Vec::new();
            pos.generate_moves(&mut moves);
            result.best = moves.into_iter().find(|m| !self.excluded.contains(m));
            result.pv = result.best.into_iter().collect();
        }
        result
    }

    fn should_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes >= self.node_limit || self.stop.load(Ordering::Relaxed) {
            self.stopped = true;
        } else if self.nodes & 1023 == 0 {
            let now = now_ms();
            if now >= self.deadline {
                self.stopped = true;
            }
            if let Some(beat) = self.heartbeat {
                if now - self.last_beat >= HEARTBEAT_MS {
                    self.last_beat = now;
                    beat();
                }
            }
        }
        self.stopped
    }

    fn root(
        &mut self,
        pos: &mut Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, Option<Move>) {
        let mut moves = std::mem::take(&mut self.move_buffers[0]);
        self.order_moves(pos, 0, &mut moves);
        if !self.excluded.is_empty() {
            let excluded = &self.excluded;
            moves.retain(|(_, m)| !excluded.contains(m));
        }
        let mut best = -INFINITY;
        let mut best_move = None;
        for (i, &(_, mv)) in moves.iter().enumerate() {
            let undo = pos.play_unchecked(mv);
            self.nodes += 1;
            self.line[0] = Some(mv);
            let score = if i == 0 {
                -self.negamax(pos, depth - 1, -beta, -alpha, 1, true)
            } else {
                let s = -self.negamax(pos, depth - 1, -alpha - 1, -alpha, 1, true);
                if s > alpha && s < beta {
                    -self.negamax(pos, depth - 1, -beta, -alpha, 1, true)
                } else {
                    s
                }
            };
            pos.undo(undo);
            if self.stopped && depth > 1 {
                break;
            }
            if raise_best(score, mv, &mut best, &mut best_move, &mut alpha, beta) {
                break;
            }
        }
        // An unfinished root search must not pose as a finished one in the table, nor one
        // that left moves out.
        if let Some(mv) = best_move.filter(|_| !self.stopped && self.excluded.is_empty()) {
            let bound = if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.store(pos, depth, best, mv, bound, 0);
        }
        self.move_buffers[0] = moves;
        (best, best_move)
    }

    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        allow_null: bool,
    ) -> i32 {
        if let Some(score) = terminal_score(pos, ply) {
            return score;
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(pos, &self.weights);
        }
        if self.should_stop() {
            return 0;
        }
        // Mate distance: nothing here can beat a win already found nearer the root.
        let alpha0 = alpha;
        // The player to move completes a road: nothing else matters.
        if pos.road_in_one().is_some() {
            return WIN - ply as i32 - 1;
        }
        let threatened = {
            pos.pass();
            let t = pos.road_in_one().is_some();
            pos.unpass();
            t
        };
        // At the horizon, evaluate, unless the opponent threatens a road: then see whether
        // it can be stopped (a ply deeper, at most three times).
        // Likewise when the next placement may end the game on the flat count: the count
        // itself is exact, a guess at it is not (one ply deeper, at most twice).
        if depth <= 0 && (!threatened || depth < -2) && (depth < -1 || !flat_count_imminent(pos)) {
            return evaluate(pos, &self.weights);
        }
        let index = (pos.hash() as usize) & (self.table.len() - 1);
        let entry = self.table[index];
        let mut table_move = NO_MOVE;
        if entry.key == pos.hash() && entry.bound != Bound::None {
            table_move = entry.best;
            if entry.depth as i32 >= depth {
                let score = score_from_table(entry.score, ply);
                match entry.bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= alpha => return score,
                    _ => {}
                }
            }
        }
        // Pruning trusts the static evaluation, so only where it means something: not on the
        // principal variation, not under a road threat, not near a forced result, not in the
        // opening nor in a flat race (where one tempo decides).
        let pv_node = beta - alpha > 1;
        let quiet_node = !threatened
            && beta.abs() < WIN_THRESHOLD
            && alpha.abs() < WIN_THRESHOLD
            && !pos.is_opening()
            && reserves_comfortable(pos);
        let static_eval = if quiet_node {
            evaluate(pos, &self.weights)
        } else {
            0
        };
        // Reverse futility: far enough above beta near the horizon, one ply will not undo it.
        if quiet_node && !pv_node && depth <= 3 && static_eval - RFP_MARGIN * depth >= beta {
            return static_eval;
        }
        // Null move: if passing still holds beta, a real ply surely does.
        if allow_null && depth >= 3 && quiet_node && static_eval >= beta {
            pos.pass();
            self.line[ply] = None;
            let score = -self.negamax(pos, depth - 3, -beta, -beta + 1, ply + 1, false);
            pos.unpass();
            if self.stopped {
                return 0;
            }
            if score >= beta {
                return beta;
            }
        }

        let mut best = -INFINITY;
        let mut best_move = None;
        // The table's move first, before the others are generated and ordered (the policy
        // scores every one): where it refutes the node, as it mostly does, that work is saved.
        // It would come first in the order anyway, so the search is the same, only sooner.
        let first = Move::from_bits(table_move).filter(|&mv| pos.check_in_play(mv).is_ok());
        if let Some(mv) = first {
            let undo = pos.play_unchecked(mv);
            self.nodes += 1;
            self.line[ply] = Some(mv);
            let score = -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1, true);
            pos.undo(undo);
            if self.stopped {
                return 0;
            }
            best = score;
            best_move = Some(mv);
            alpha = alpha.max(score);
            if alpha >= beta {
                self.store(pos, depth, best, mv, Bound::Lower, ply);
                return best;
            }
        }

        let mut moves = std::mem::take(&mut self.move_buffers[ply]);
        self.order_moves_with(pos, ply, table_move, &mut moves);
        // Futility: so far below alpha near the horizon that only the best-ordered moves are
        // worth a look.
        let futile =
            quiet_node && !pv_node && depth <= 2 && static_eval + FUTILITY_MARGIN * depth <= alpha;
        let late_move_limit = if quiet_node && !pv_node && depth <= 3 {
            LATE_MOVE_BASE + LATE_MOVE_SCALE * (depth * depth) as usize
        } else {
            usize::MAX
        };
        let by_policy = self.policy && policy_fits(pos.size());
        // The best quiet move's order: how far below it a move is rated decides how much
        // less it is searched.
        let top_quiet = moves
            .iter()
            .map(|&(order, _)| order)
            .find(|&order| order < KILLER_SCORE)
            .unwrap_or(0);
        for (i, &(order, mv)) in moves.iter().enumerate() {
            if i == 0 && first == Some(mv) {
                continue; // searched above
            }
            let quiet = order < KILLER_SCORE;
            if i > 0 && quiet && (futile || i >= late_move_limit) {
                // Moves are sorted: every later one is at least as unlikely.
                break;
            }
            let gap = if by_policy && quiet {
                (top_quiet - order) / POLICY_UNIT
            } else {
                0
            };
            if i > 0 && gap >= POLICY_PRUNE_GAP && quiet_node && !pv_node && depth <= 3 {
                break; // sorted: every later move is rated lower still
            }
            let undo = pos.play_unchecked(mv);
            self.nodes += 1;
            self.line[ply] = Some(mv);
            let reduction = if depth >= 3 && i >= 2 && quiet && !threatened {
                let extra = if gap >= POLICY_GAP_2 {
                    2
                } else {
                    (gap >= POLICY_GAP_1) as i32
                };
                let r = reduction(depth, i) + extra - pv_node as i32;
                r.clamp(0, depth - 2)
            } else {
                0
            };
            let score = if i == 0 {
                -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1, true)
            } else {
                let mut s = -self.negamax(
                    pos,
                    depth - 1 - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    true,
                );
                if s > alpha && reduction > 0 {
                    s = -self.negamax(pos, depth - 1, -alpha - 1, -alpha, ply + 1, true);
                }
                if s > alpha && s < beta {
                    s = -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1, true);
                }
                s
            };
            pos.undo(undo);
            if self.stopped {
                self.move_buffers[ply] = moves;
                return 0;
            }
            if raise_best(score, mv, &mut best, &mut best_move, &mut alpha, beta) {
                if quiet {
                    let k = &mut self.killers[ply];
                    if k[0] != mv.to_bits() {
                        k[1] = k[0];
                        k[0] = mv.to_bits();
                    }
                    let h = &mut self.history[mv.to_bits() as usize];
                    *h = h.saturating_add((depth * depth) as u32);
                    if let Some(previous) = self.line[ply - 1] {
                        self.counters[previous.to_bits() as usize] = mv.to_bits();
                    }
                }
                break;
            }
        }
        self.move_buffers[ply] = moves;
        let Some(mv) = best_move else {
            return evaluate(pos, &self.weights); // no legal move cannot happen in Tak; be safe
        };
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.store(pos, depth, best, mv, bound, ply);
        best
    }

    fn store(
        &mut self,
        pos: &Position,
        depth: i32,
        score: i32,
        mv: Move,
        bound: Bound,
        ply: usize,
    ) {
        let index = (pos.hash() as usize) & (self.table.len() - 1);
        let slot = &mut self.table[index];
        if slot.key != pos.hash() || depth as i8 >= slot.depth || bound == Bound::Exact {
            *slot = Entry {
                key: pos.hash(),
                best: mv.to_bits(),
                score: score_to_table(score, ply),
                depth: depth.clamp(-100, 100) as i8,
                bound,
            };
        }
    }

    fn order_moves(&mut self, pos: &Position, ply: usize, out: &mut Vec<(i32, Move)>) {
        let index = (pos.hash() as usize) & (self.table.len() - 1);
        let entry = self.table[index];
        let table_move = if entry.key == pos.hash() && entry.bound != Bound::None {
            entry.best
        } else {
            NO_MOVE
        };
        self.order_moves_with(pos, ply, table_move, out);
    }

    fn order_moves_with(
        &mut self,
        pos: &Position,
        ply: usize,
        table_move: u16,
        out: &mut Vec<(i32, Move)>,
    ) {
        let mut raw = std::mem::take(&mut self.raw_moves);
        raw.clear();
        pos.generate_moves(&mut raw);
        out.clear();
        let [first, second] = self.killers[ply.min(MAX_PLY - 1)];
        let counter = ply
            .checked_sub(1)
            .and_then(|p| self.line[p])
            .map_or(NO_MOVE, |previous| {
                self.counters[previous.to_bits() as usize]
            });
        let killers = [first, second, counter];
        if self.policy && policy_fits(pos.size()) {
            let last = ply.checked_sub(1).and_then(|p| self.line[p]);
            let context = PolicyContext::after(pos, last);
            let history = &self.history;
            order_into(out, &raw, table_move, killers, |mv, bits| {
                // The policy's logit in thousandths, history as a small tie-break.
                let h = (history[bits as usize].min(4096) / 8) as i32;
                POLICY_BASE + (context.score(pos, mv) * POLICY_UNIT as f32) as i32 + h
            });
            self.raw_moves = raw;
            return;
        }
        let centre = centre_weights(pos.size());
        let me = pos.to_move();
        let context = OrderContext {
            their_critical: if pos.is_opening() {
                0
            } else {
                pos.road_critical(!me)
            },
            near_my_road: crate::square::bitboard::neighbours(
                pos.road_squares(me),
                pos.board_mask(),
            ),
            their_tops: pos.tops(!me),
        };
        let history = &self.history;
        order_into(out, &raw, table_move, killers, |mv, bits| {
            let h = history[bits as usize].min(1_000_000) as i32;
            h + static_order(pos, mv, &centre, &context)
        });
        self.raw_moves = raw;
    }

    /// The line the table remembers from `pos`.
    fn principal_variation(&self, pos: &Position, max: usize) -> Vec<Move> {
        let mut pos = pos.clone();
        let mut line = Vec::new();
        while line.len() < max {
            let entry = self.table[(pos.hash() as usize) & (self.table.len() - 1)];
            if entry.key != pos.hash() || entry.bound == Bound::None {
                break;
            }
            let Some(mv) = Move::from_bits(entry.best) else {
                break;
            };
            if !pos.is_legal(mv) {
                break;
            }
            pos.play_unchecked(mv);
            line.push(mv);
            if pos.is_over() {
                break;
            }
        }
        line
    }

    /// Scores every root move with a full window at `depth` (for the noisy, weaker levels).
    pub fn score_root_moves(&mut self, pos: &Position, depth: u8) -> Vec<(Move, i32)> {
        self.stopped = false;
        self.deadline = f64::INFINITY;
        self.node_limit = u64::MAX;
        let mut pos = pos.clone();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|mv| {
                let undo = pos.play_unchecked(mv);
                self.line[0] = Some(mv);
                let score = -self.negamax(&mut pos, depth as i32 - 1, -INFINITY, INFINITY, 1, true);
                pos.undo(undo);
                (mv, score)
            })
            .collect()
    }
}

/// Reverse futility pruning's margin per ply of depth, in hundredths of a flat.
const RFP_MARGIN: i32 = 120;
/// Futility pruning's margin per ply of depth.
const FUTILITY_MARGIN: i32 = 200;
/// Late move pruning: near the horizon, at most `BASE + SCALE × depth²` quiet moves.
const LATE_MOVE_BASE: usize = 6;
const LATE_MOVE_SCALE: usize = 4;

/// Late move reduction: plies taken off the `index`-th move at `depth`, growing with both
/// (the logarithmic rule of modern alpha-beta engines).
fn reduction(depth: i32, index: usize) -> i32 {
    let r = 0.5 + (depth as f64).ln() * ((index + 1) as f64).ln() / 2.25;
    r as i32
}

/// The policy's order of a quiet move: `POLICY_BASE` + its logit × `POLICY_UNIT`.
const POLICY_BASE: i32 = 1 << 24;
const POLICY_UNIT: i32 = 1000;
/// A quiet move rated this many logits below the best quiet one is reduced one ply more,
/// or two; near the horizon (depth ≤ 3, off the principal variation) it is not searched.
/// Of the moves played in held-out games, about 3% lie more than 4 below the policy's best,
/// 0.6% more than 6, 0.1% more than 8 (the fit's report in policy_weights.rs).
const POLICY_GAP_1: i32 = 3;
const POLICY_GAP_2: i32 = 5;
const POLICY_PRUNE_GAP: i32 = 7;

const TABLE_SCORE: i32 = 1 << 30;
const KILLER_SCORE: i32 = 1 << 29;

/// Whether both players have enough pieces left that passing is no real loss (null-move
/// pruning is unsound in a flat race).
fn reserves_comfortable(pos: &Position) -> bool {
    Color::ALL
        .iter()
        .all(|&c| pos.stones_left(c) as u32 + pos.caps_left(c) as u32 > 3)
        && (pos.board_mask() & !pos.occupied()).count_ones() > 3
}

/// Whether one more placement may end the game by the flat count: a reserve or the empty
/// squares are down to one.
fn flat_count_imminent(pos: &Position) -> bool {
    let empty = (pos.board_mask() & !pos.occupied()).count_ones();
    empty <= 1
        || Color::ALL
            .iter()
            .any(|&c| pos.stones_left(c) as u32 + pos.caps_left(c) as u32 <= 1)
}

fn centre_weights(size: u8) -> [i32; 64] {
    let mut w = [0; 64];
    let mid = (size as i32 - 1) as f64 / 2.0;
    for sq in crate::Square::all(size) {
        let d = (sq.file() as f64 - mid).abs() + (sq.rank() as f64 - mid).abs();
        w[sq.index()] = (40.0 - 8.0 * d) as i32;
    }
    w
}

/// What move ordering knows of a node beyond the move itself.
struct OrderContext {
    /// Squares that would complete the opponent's road: taking one blocks it.
    their_critical: u64,
    /// Squares next to the mover's road pieces: a flat there extends a group.
    near_my_road: u64,
    their_tops: u64,
}

/// Fills `out` with `raw`'s moves, best first: the table's move, then the killers and the
/// countermove, then the rest as `quiet` scores them (from the move and its bits). Both
/// orderings share it.
fn order_into(
    out: &mut Vec<(i32, Move)>,
    raw: &[Move],
    table_move: u16,
    killers: [u16; 3],
    mut quiet: impl FnMut(Move, u16) -> i32,
) {
    for &mv in raw {
        let bits = mv.to_bits();
        let score = if bits == table_move {
            TABLE_SCORE
        } else if killers.contains(&bits) {
            KILLER_SCORE
        } else {
            quiet(mv, bits)
        };
        out.push((score, mv));
    }
    out.sort_unstable_by_key(|&(score, _)| std::cmp::Reverse(score));
}

/// A cheap guess of a move's worth before searching it: blocks of the opponent's road
/// first, then captures and placements that extend a group, central squares before edges.
fn static_order(pos: &Position, mv: Move, centre: &[i32; 64], context: &OrderContext) -> i32 {
    let sq = mv.square();
    let blocks = |bit: u64, worth: i32| {
        if context.their_critical & bit != 0 {
            worth
        } else {
            0
        }
    };
    match mv.kind() {
        Some(crate::Kind::Flat) => {
            let extends = if context.near_my_road & sq.bit() != 0 {
                40
            } else {
                0
            };
            300 + centre[sq.index()] + extends + blocks(sq.bit(), 500)
        }
        Some(crate::Kind::Cap) => 250 + centre[sq.index()] * 2 + blocks(sq.bit(), 500),
        Some(crate::Kind::Wall) => {
            // Walls are worth trying next to the opponent's pieces, rarely elsewhere.
            let near_opponent = crate::square::bitboard::neighbours(sq.bit(), pos.board_mask())
                & context.their_tops
                != 0;
            let base = if near_opponent { 200 } else { 50 };
            base + blocks(sq.bit(), 550)
        }
        None => {
            let dir = mv.direction().expect("a spread has a direction");
            let mut end = sq;
            for _ in 0..mv.distance() {
                end = end.step(dir, pos.size()).unwrap_or(end);
            }
            let captures = if context.their_tops & end.bit() != 0 {
                80
            } else {
                0
            };
            100 + mv.count() as i32 * 10 - mv.distance() as i32 * 5
                + captures
                + blocks(end.bit(), 300)
        }
    }
}

/// Never a legal move's encoding (eight squares to the left of h8): marks "no move".
const NO_MOVE: u16 = 0xFFFF;
