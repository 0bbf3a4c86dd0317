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

/// Plays `games` games of `a` against `b` on `config`, each opening twice with colours
/// swapped; `progress` hears each game's number and winner (from `a`'s view: 1, 0, ½).
pub fn run_match(
    config: Config,
    a: &Level,
    b: &Level,
    games: u32,
    seed: u64,
    mut progress: impl FnMut(u32, f64),
) -> Tally {
    let mut tally = Tally::default();
    for game in 0..games {
        let start = opening(config, seed.wrapping_add(game as u64 / 2));
        let a_is_white = game % 2 == 0;
        let (white, black) = if a_is_white { (a, b) } else { (b, a) };
        let record = play(&start, white, black, seed ^ game as u64, 400);
        let a_color = if a_is_white {
            Color::White
        } else {
            Color::Black
        };
        let points = match record.winner {
            Some(c) if c == a_color => {
                tally.wins += 1;
                1.0
            }
            Some(_) => {
                tally.losses += 1;
                0.0
            }
            None => {
                tally.draws += 1;
                0.5
            }
        };
        progress(game + 1, points);
    }
    tally
}
