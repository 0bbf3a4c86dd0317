//! Games between two levels, from varied openings: how we know each level beats the one
//! below it.

use super::level::{choose, Level, Rng};
use super::search::Searcher;
pub use super::stats::Tally;
use crate::{Color, Config, Move, Position};

/// How a self-play game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub winner: Option<Color>,
    pub plies: usize,
    pub moves: Vec<Move>,
}

/// A varied but fair start: the two swap placements and one more flat each, at random.
pub fn opening(config: Config, seed: u64) -> Position {
    let mut rng = Rng::new(seed);
    let mut pos = Position::with_config(config);
    let mut moves = Vec::new();
    for _ in 0..4 {
        pos.legal_moves(&mut moves);
        moves.retain(|m| m.kind() == Some(crate::Kind::Flat));
        let mv = moves[rng.below(moves.len() as u64) as usize];
        pos.play_unchecked(mv);
    }
    pos
}

/// Plays `white` against `black` from `start` until the game ends (or `max_plies`, a draw).
pub fn play(
    start: &Position,
    white: &Level,
    black: &Level,
    seed: u64,
    max_plies: usize,
) -> GameRecord {
    let mut pos = start.clone();
    let mut searchers = [Searcher::new(16), Searcher::new(16)];
    let mut rngs = [Rng::new(seed), Rng::new(seed.rotate_left(17))];
    let mut moves = Vec::new();
    while !pos.is_over() && moves.len() < max_plies {
        let i = pos.to_move().index();
        let level = if i == 0 { white } else { black };
        let result = choose(&mut searchers[i], &pos, level, &mut rngs[i]);
        let Some(mv) = result.best else { break };
        pos.play(mv).expect("the search plays legal moves");
        moves.push(mv);
    }
    GameRecord {
        winner: pos.outcome().and_then(|o| o.winner),
        plies: moves.len(),
        moves,
    }
}

/// Plays `pairs` pairs of games of `a` against `b` on `config`, each opening twice with
/// colours swapped, on `threads` threads; `progress` hears each pair's points for `a` (0 to
/// 2) as it finishes. Returns the games (wins, draws, losses for `a`) and the pairs.
#[cfg(not(target_arch = "wasm32"))]
pub fn run_match(
    config: Config,
    a: &Level,
    b: &Level,
    pairs: u32,
    seed: u64,
    threads: usize,
    mut progress: impl FnMut(f64),
) -> (Tally, super::stats::Pentanomial) {
    let mut tally = Tally::default();
    let mut pentanomial = super::stats::Pentanomial::default();
    let result = super::pool::run_jobs(
        threads,
        pairs as usize,
        || Ok(()),
        |_, pair| {
            let start = opening(config, seed.wrapping_add(pair as u64));
            let points = [true, false].map(|a_is_white| {
                let (white, black) = if a_is_white { (a, b) } else { (b, a) };
                let game = 2 * pair as u64 + !a_is_white as u64;
                let record = play(&start, white, black, seed ^ game, 400);
                let a_color = if a_is_white {
                    Color::White
                } else {
                    Color::Black
                };
                match record.winner {
                    Some(c) if c == a_color => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                }
            });
            Ok(points)
        },
        |_, points| {
            for p in points {
                tally.add(p);
            }
            pentanomial.add(points[0] + points[1]);
            progress(points[0] + points[1]);
            true
        },
    );
    debug_assert!(result.is_ok(), "level games do not fail");
    (tally, pentanomial)
}
