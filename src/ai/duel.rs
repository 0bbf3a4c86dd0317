//! Games between two versions of our own engine in one process, on every core: each side
//! its own weights and a fixed node budget (the same on a busy machine as on an idle one),
//! each opening of a book played twice with colours swapped. What training gates a new set
//! of weights with, and what `tak match` would spend on starting processes and reading TEI.
//!
//! ```
//! use tak::ai::book::Book;
//! use tak::ai::duel::{play_pairs, Side};
//! use tak::ai::eval::Weights;
//! use tak::ai::stats::Sprt;
//! use tak::Config;
//! let config = Config::standard(4)?;
//! let book = Book::from_text(config, "a1 d4\nb2 c3\n")?;
//! let side = Side { weights: Weights::trained(), nodes: 300 };
//! let report = play_pairs(config, &book, 0, 2, [&side, &side], 2, None, |_, _| true)?;
//! assert_eq!(report.pairs.pairs(), 2);
//! assert_eq!(report.tally.games(), 4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::book::{end_of, Book};
use super::eval::Weights;
use super::pool::run_jobs;
use super::search::{SearchLimits, Searcher};
use super::stats::{Pentanomial, Sprt, Tally, Verdict};
use crate::{Color, Config, EndReason, Move};

/// One side of a duel: its evaluation and how many nodes it searches a move.
#[derive(Clone, Debug, PartialEq)]
pub struct Side {
    pub weights: Weights,
    pub nodes: u64,
}

/// How a game between the two sides ended, from the first side's point of view.
#[derive(Clone, Debug, PartialEq)]
pub struct DuelGame {
    /// The first side's points: 1, ½ or 0.
    pub points: f64,
    pub first_is_white: bool,
    pub reason: Option<EndReason>,
    pub moves: Vec<Move>,
}

/// A pair of games from one opening, colours swapped.
#[derive(Clone, Debug, PartialEq)]
pub struct DuelPair {
    pub opening: usize,
    pub games: [DuelGame; 2],
}

/// Games decided past this many plies are called drawn (none is, in practice).
pub const MAX_PLIES: usize = 400;

/// Plays one game from `opening`: `sides[0]` is white. Returns the winner and how.
pub fn play_game(
    config: Config,
    opening: &[Move],
    sides: [&Side; 2],
    searchers: &mut [Searcher; 2],
) -> (Option<Color>, Option<EndReason>, Vec<Move>) {
    let mut pos = end_of(config, opening);
    let mut moves = opening.to_vec();
    for searcher in searchers.iter_mut() {
        searcher.clear();
    }
    for (searcher, side) in searchers.iter_mut().zip(sides) {
        searcher.set_weights(side.weights.clone());
    }
    while !pos.is_over() && moves.len() < MAX_PLIES {
        let i = pos.to_move().index();
        let result = searchers[i].search(&pos, SearchLimits::nodes(sides[i].nodes), |_| {});
        let Some(mv) = result.best else { break };
        pos.play_unchecked(mv);
        moves.push(mv);
    }
    let outcome = pos.outcome();
    (
        outcome.and_then(|o| o.winner),
        outcome.map(|o| o.reason),
        moves,
    )
}

/// What a run of pairs came to.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DuelReport {
    pub pairs: Pentanomial,
    pub tally: Tally,
    /// Wins of each side [first, second] by road and on flats.
    pub roads: [u32; 2],
    pub flats: [u32; 2],
    pub verdict: Option<Verdict>,
    /// The book index to go on from (every opening before it was played).
    pub next_opening: usize,
}

impl DuelReport {
    /// Counts one pair.
    pub fn add(&mut self, pair: &DuelPair) {
        let mut points = 0.0;
        for game in &pair.games {
            points += game.points;
            self.tally.add(game.points);
            let winner = if game.points > 0.75 {
                Some(0)
            } else if game.points < 0.25 {
                Some(1)
            } else {
                None
            };
            match (winner, game.reason) {
                (Some(w), Some(EndReason::Road)) => self.roads[w] += 1,
                (Some(w), Some(EndReason::Flats)) => self.flats[w] += 1,
                _ => {}
            }
        }
        self.pairs.add(points);
    }
}

/// Plays pairs from book openings `first..first + count` (counting round the book) on
/// `threads` threads, `sides[0]` against `sides[1]`, stopping early when `sprt` decides or
/// when `go_on` (which hears each pair and the report so far) says stop. The report's
/// `next_opening` is where a later run goes on without repeating an opening.
#[allow(clippy::too_many_arguments)]
pub fn play_pairs(
    config: Config,
    book: &Book,
    first: usize,
    count: usize,
    sides: [&Side; 2],
    threads: usize,
    sprt: Option<Sprt>,
    mut go_on: impl FnMut(&DuelPair, &DuelReport) -> bool,
) -> Result<DuelReport, String> {
    let mut report = DuelReport {
        next_opening: first,
        ..DuelReport::default()
    };
    // Pairs finish out of order: the report goes on from the first opening not yet played.
    let mut finished = vec![false; count];
    run_jobs(
        threads,
        count,
        || Ok([Searcher::new(8), Searcher::new(8)]),
        |searchers, job| {
            let opening = book.get(first + job);
            let games = [true, false].map(|first_is_white| {
                let order = if first_is_white {
                    [sides[0], sides[1]]
                } else {
                    [sides[1], sides[0]]
                };
                let (winner, reason, moves) = play_game(config, opening, order, searchers);
                let first_color = if first_is_white {
                    Color::White
                } else {
                    Color::Black
                };
                let points = match winner {
                    Some(c) if c == first_color => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                };
                DuelGame {
                    points,
                    first_is_white,
                    reason,
                    moves,
                }
            });
            Ok(DuelPair {
                opening: first + job,
                games,
            })
        },
        |job, pair| {
            report.add(&pair);
            finished[job] = true;
            while report.next_opening < first + count && finished[report.next_opening - first] {
                report.next_opening += 1;
            }
            // Once decided, decided: a pair still running when the test stopped is counted,
            // but does not undo the verdict.
            if let (Some(test), None) = (sprt, report.verdict) {
                report.verdict = test.verdict(&report.pairs);
            }
            go_on(&pair, &report) && report.verdict.is_none()
        },
    )?;
    Ok(report)
}
