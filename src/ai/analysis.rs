//! Unlimited analysis that can be driven in slices, for a Web Worker: a worker cannot hear
//! "stop" while a synchronous wasm call runs, so instead it calls [`Analysis::advance`] with
//! a small node budget again and again, posts each result, and simply stops calling when
//! the page no longer wants it. The transposition table is kept between slices, so each
//! slice goes on from where the last one got to instead of starting over.
//!
//! ```
//! use tak::ai::analysis::Analysis;
//! use tak::Position;
//! let pos = Position::from_tps("x5/x2,2,x2/x,1,1,2,x/x2,1,x2/x5 1 4")?;
//! let mut analysis = Analysis::new(&pos, 4);
//! let mut depth = 0;
//! for _ in 0..20 {
//!     let report = analysis.advance(5_000);
//!     assert!(report.result.depth >= depth, "never goes back");
//!     depth = report.result.depth;
//! }
//! let report = analysis.report();
//! assert!(report.result.best.is_some() && !report.result.pv.is_empty());
//! // Two more lines, each starting with another move, none scoring above the best.
//! assert_eq!(report.alternatives.len(), 2);
//! assert!(report.alternatives.iter().all(|line| line.best != report.result.best));
//! assert!(report.alternatives.iter().all(|line| line.score <= report.result.score));
//! assert!(report.win_probability > 0.0 && report.win_probability < 1.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::eval::win_probability;
use super::search::{SearchLimits, SearchResult, Searcher};
use crate::Position;

/// The analysis so far: the deepest completed search, and what its score means.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisReport {
    /// Best move, score (hundredths of a flat, for the player to move), depth, PV.
    pub result: SearchResult,
    /// The chance that the player to move wins, from the score.
    pub win_probability: f64,
    /// Nodes searched over every slice so far.
    pub total_nodes: u64,
    /// True once the result is a forced win or loss within the searched depth: more
    /// slices change nothing.
    pub finished: bool,
    /// The next best lines after `result` (each without the first moves of those before),
    /// best first, at most [`ALTERNATIVES`]; each at the depth it was last completed.
    pub alternatives: Vec<SearchResult>,
}

/// How many lines besides the best one an analysis keeps (the page shows three in all).
pub const ALTERNATIVES: usize = 2;

/// An analysis of one position that runs until its owner stops calling it.
pub struct Analysis {
    searcher: Searcher,
    position: Position,
    target_depth: u8,
    best: SearchResult,
    total_nodes: u64,
    finished: bool,
    alternatives: Vec<SearchResult>,
    /// The depth of the best line the alternatives are being brought up to, and how many
    /// of them are there already.
    alternatives_depth: u8,
    alternatives_done: usize,
    /// The best line before the best move last changed: a next line while the alternatives
    /// catch up with the new depth (one of them may start with the new best move).
    previous_best: Option<SearchResult>,
}

impl Analysis {
    /// Starts analysing `pos` with a transposition table of about `megabytes` MB.
    pub fn new(pos: &Position, megabytes: usize) -> Analysis {
        Analysis {
            searcher: Searcher::new(megabytes),
            position: pos.clone(),
            target_depth: 1,
            best: SearchResult::empty(),
            total_nodes: 0,
            finished: pos.is_over(),
            alternatives: Vec::new(),
            alternatives_depth: 0,
            alternatives_done: 0,
            previous_best: None,
        }
    }

    /// Switches to another position, keeping what the table learned (useful when the
    /// position is the next one in the same game).
    pub fn set_position(&mut self, pos: &Position) {
        self.position = pos.clone();
        self.target_depth = 1;
        self.best = SearchResult::empty();
        self.total_nodes = 0;
        self.finished = pos.is_over();
        self.alternatives.clear();
        self.alternatives_depth = 0;
        self.alternatives_done = 0;
    }

    /// Brings the next alternative line up to the best line's depth, within `nodes`;
    /// returns false when they are all there already (or there is nothing to bring).
    fn advance_alternatives(&mut self, nodes: u64) -> bool {
        if self.best.depth < 2 || self.best.best.is_none() {
            return false;
        }
        if self.alternatives_depth != self.best.depth {
            self.alternatives_depth = self.best.depth;
            self.alternatives_done = 0;
        }
        if self.alternatives_done >= ALTERNATIVES {
            return false;
        }
        let k = self.alternatives_done;
        let mut excluded: Vec<crate::Move> = self.best.best.into_iter().collect();
        excluded.extend(self.alternatives.iter().take(k).filter_map(|r| r.best));
        let limits = SearchLimits {
            depth: Some(self.alternatives_depth),
            nodes: Some(nodes.max(1)),
            time_ms: None,
            target_ms: None,
        };
        let result = self
            .searcher
            .search_excluding(&self.position, limits, &excluded, |_| {});
        self.total_nodes += result.nodes;
        if result.best.is_none() {
            // No other move: fewer lines than asked for.
            self.alternatives.truncate(k);
            self.alternatives_done = ALTERNATIVES;
        } else if result.depth >= self.alternatives_depth {
            if k < self.alternatives.len() {
                self.alternatives[k] = result;
            } else {
                self.alternatives.push(result);
            }
            self.alternatives_done += 1;
        }
        true
    }

    /// Searches at most about `nodes` more nodes, trying to complete the next depth, and
    /// returns the deepest result so far. Cheap to call often: earlier depths come back from
    /// the transposition table.
    pub fn advance(&mut self, nodes: u64) -> AnalysisReport {
        // Every other slice goes to the next best lines while they lag behind the best.
        if !self.finished && self.advance_alternatives(nodes) {
            return self.report();
        }
        if !self.finished {
            let limits = SearchLimits {
                depth: Some(self.target_depth),
                nodes: Some(nodes.max(1)),
                time_ms: None,
                target_ms: None,
            };
            let result = self.searcher.search(&self.position, limits, |_| {});
            self.total_nodes += result.nodes;
            if result.depth >= self.best.depth && result.best.is_some() {
                if result.best != self.best.best && self.best.best.is_some() {
                    self.previous_best = Some(self.best.clone());
                }
                self.best = result.clone();
            }
            if result.depth >= self.target_depth {
                self.target_depth = (result.depth + 1).min(SearchLimits::MAX_DEPTH);
            }
            let forced = result
                .win_in()
                .is_some_and(|plies| plies.unsigned_abs() <= result.depth as u32);
            self.finished = forced || result.depth >= SearchLimits::MAX_DEPTH;
        }
        self.report()
    }

    /// The analysis so far, its lines best first, each starting with another move: a next
    /// line searched as deep as the best one that scores higher (two searches of one
    /// position need not agree to the last hundredth) is shown as the best, and a shallower
    /// line's older score is capped at the score above it, so that the scores never read
    /// out of order.
    pub fn report(&self) -> AnalysisReport {
        let depth = self.best.depth;
        let mut lines = Vec::with_capacity(1 + self.alternatives.len());
        lines.push(self.best.clone());
        // Alternatives found at an earlier depth, against an earlier best move, may start
        // with the best move of now: each first move is shown once, with its freshest line.
        for line in self.alternatives.iter().chain(&self.previous_best) {
            if lines.len() <= ALTERNATIVES
                && lines.iter().all(|l: &SearchResult| l.best != line.best)
            {
                lines.push(line.clone());
            }
        }
        // Stable: on a tie the line found first stays first; shallower lines go last.
        lines.sort_by_key(|line| {
            std::cmp::Reverse(if line.depth >= depth {
                line.score
            } else {
                i32::MIN
            })
        });
        // A line last searched shallower than the best keeps an older score, which may read
        // above the lines before it. The best line's search, at its depth, proved that no
        // other first move scores more than it does; so such a score is capped at the one
        // above it, and the lines always read best first.
        for i in 1..lines.len() {
            if lines[i].depth < depth {
                lines[i].score = lines[i].score.min(lines[i - 1].score);
            }
        }
        let result = lines.remove(0);
        AnalysisReport {
            win_probability: win_probability(result.score, self.position.size()),
            result,
            total_nodes: self.total_nodes,
            finished: self.finished,
            alternatives: lines,
        }
    }
}
