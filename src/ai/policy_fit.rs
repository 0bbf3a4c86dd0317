//! Fitting the move-ordering policy ([`super::policy`]) to recorded games: a softmax over
//! each position's legal moves, its weights moved by per-position gradient steps (AdaGrad)
//! towards the move actually played. `tak policy` drives it and writes the weights as Rust
//! source (`src/ai/policy_weights.rs`).
//!
//! Games come as training lines (`size half_komi white_score moves...`, see
//! [`super::tune::TrainingGame`]) or match records (`game N white W result R moves ...`, what
//! `tak match --pgn` writes); both players' moves are learned from.
//!
//! ```
//! use tak::ai::policy_fit::{fit, read_games, PolicyFitOptions};
//! let games = read_games("6 4 1 c6 b3 d4 d6 c4 e4\ngame 1 white 1 result 0-1 moves a1 f6 c3 d3", 6);
//! assert_eq!(games.len(), 2);
//! let (weights, report) = fit(&games, &[], &PolicyFitOptions { epochs: 2, ..PolicyFitOptions::default() });
//! assert!(weights.iter().any(|&w| w != 0.0));
//! assert!(report.train.positions > 0);
//! ```

use super::level::Rng;
use super::policy::{PolicyContext, POLICY_FEATURES};
use crate::{Move, Position};

/// How to fit.
#[derive(Clone, Debug, PartialEq)]
pub struct PolicyFitOptions {
    pub epochs: u32,
    pub learning_rate: f64,
    pub l2: f64,
    pub seed: u64,
}

impl Default for PolicyFitOptions {
    fn default() -> PolicyFitOptions {
        PolicyFitOptions {
            epochs: 6,
            learning_rate: 0.1,
            l2: 1e-5,
            seed: 1,
        }
    }
}

/// How well a policy predicts the played moves of some games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PolicyStats {
    pub positions: u64,
    pub top1: u64,
    pub top5: u64,
    /// Played moves within the best 10 and 20.
    pub top10: u64,
    pub top20: u64,
    /// Summed log-likelihood of the played moves.
    pub log_likelihood: f64,
    /// Played moves whose score is more than 2, 4, 6, 8 below the position's best.
    pub gap_over: [u64; 4],
    /// Legal moves counted (for the mean number of moves).
    pub moves: u64,
}

impl PolicyStats {
    fn percent(&self, n: u64) -> f64 {
        100.0 * n as f64 / self.positions.max(1) as f64
    }

    /// One line for the weights' header.
    pub fn summary(&self) -> String {
        format!(
            "{} positions ({:.0} moves each): top-1 {:.1}%, top-5 {:.1}%, top-10 {:.1}%, top-20 {:.1}%, \
             log-likelihood {:.3}; played move more than 2/4/6/8 below the best: {:.1}/{:.1}/{:.2}/{:.2}%",
            self.positions,
            self.moves as f64 / self.positions.max(1) as f64,
            self.percent(self.top1),
            self.percent(self.top5),
            self.percent(self.top10),
            self.percent(self.top20),
            self.log_likelihood / self.positions.max(1) as f64,
            self.percent(self.gap_over[0]),
            self.percent(self.gap_over[1]),
            self.percent(self.gap_over[2]),
            self.percent(self.gap_over[3]),
        )
    }
}

/// What a fit reports: the policy's accuracy on the games it learned from and on the
/// held-out ones.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PolicyReport {
    pub train: PolicyStats,
    pub held_out: PolicyStats,
}

/// One game's moves from the start.
pub type GameMoves = Vec<Move>;

/// Reads every game of board size `size` from `text` (training lines or match records),
/// skipping lines that do not parse and exact repeats.
pub fn read_games(text: &str, size: u8) -> Vec<GameMoves> {
    let mut seen = std::collections::BTreeSet::new();
    let mut games = Vec::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let moves: &[&str] = if words.first() == Some(&"game") {
            match words.iter().position(|w| *w == "moves") {
                Some(i) => &words[i + 1..],
                None => continue,
            }
        } else if words.len() > 3 && words[0].parse::<u8>() == Ok(size) {
            // A training line: its moves end where the searched plies' scores begin.
            let end = words.iter().position(|w| *w == "|").unwrap_or(words.len());
            &words[3..end]
        } else {
            continue;
        };
        let Ok(mut pos) = Position::new(size) else {
            continue;
        };
        let mut game = Vec::new();
        let mut ok = true;
        for text in moves {
            let Ok(mv) = text.parse::<Move>() else {
                ok = false;
                break;
            };
            if pos.is_over() || pos.play(mv).is_err() {
                ok = false;
                break;
            }
            game.push(mv);
        }
        if ok && !game.is_empty() && seen.insert(moves.join(" ")) {
            games.push(game);
        }
    }
    games
}

/// Scores every legal move of `pos` into `scores` (and their features into `features`);
/// returns the index of `played` among `moves`.
fn score_position(
    pos: &Position,
    weights: &[f32; POLICY_FEATURES],
    played: Move,
    last: Option<Move>,
    moves: &mut Vec<Move>,
    scores: &mut Vec<f64>,
    features: &mut Vec<super::policy::Active>,
) -> Option<usize> {
    pos.legal_moves(moves);
    let context = PolicyContext::after(pos, last);
    scores.clear();
    features.clear();
    for &mv in moves.iter() {
        let f = context.features(pos, mv);
        scores.push(
            f.as_slice()
                .iter()
                .map(|&i| weights[i as usize] as f64)
                .sum(),
        );
        features.push(f);
    }
    moves.iter().position(|&m| m == played)
}

/// Accuracy of `weights` on `games`.
pub fn evaluate(games: &[GameMoves], size: u8, weights: &[f32; POLICY_FEATURES]) -> PolicyStats {
    let mut stats = PolicyStats::default();
    let (mut moves, mut scores, mut features) = (Vec::new(), Vec::new(), Vec::new());
    for game in games {
        let Ok(mut pos) = Position::new(size) else {
            continue;
        };
        for (ply, &played) in game.iter().enumerate() {
            let last = ply.checked_sub(1).map(|p| game[p]);
            if let Some(k) = score_position(
                &pos,
                weights,
                played,
                last,
                &mut moves,
                &mut scores,
                &mut features,
            ) {
                let mine = scores[k];
                let best = scores.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
                // Ties count against the played move: a rank it is not sure to get.
                let above = scores.iter().filter(|&&s| s >= mine).count() - 1;
                let total: f64 = scores.iter().map(|s| (s - best).exp()).sum();
                stats.positions += 1;
                stats.moves += moves.len() as u64;
                stats.top1 += (above < 1) as u64;
                stats.top5 += (above < 5) as u64;
                stats.top10 += (above < 10) as u64;
                stats.top20 += (above < 20) as u64;
                stats.log_likelihood += mine - best - total.ln();
                for (g, gap) in [2.0, 4.0, 6.0, 8.0].iter().enumerate() {
                    stats.gap_over[g] += (best - mine > *gap) as u64;
                }
            }
            pos.play_unchecked(played);
        }
    }
    stats
}

/// Fits the policy's weights to `train` (from zero) and reports accuracy on it and on
/// `held_out`. Games are 6×6 or whatever size their moves fit: the size is taken from the
/// first game's legality, so pass games of one size.
pub fn fit_sized(
    train: &[GameMoves],
    held_out: &[GameMoves],
    size: u8,
    options: &PolicyFitOptions,
) -> ([f32; POLICY_FEATURES], PolicyReport) {
    let mut weights = [0f32; POLICY_FEATURES];
    let mut squares = [1e-8f64; POLICY_FEATURES];
    let mut gradient = [0f64; POLICY_FEATURES];
    let mut rng = Rng::new(options.seed);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let (mut moves, mut scores, mut features) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..options.epochs {
        // A new order of games each epoch.
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        for &g in &order {
            let Ok(mut pos) = Position::new(size) else {
                continue;
            };
            for (ply, &played) in train[g].iter().enumerate() {
                let last = ply.checked_sub(1).map(|p| train[g][p]);
                if let Some(k) = score_position(
                    &pos,
                    &weights,
                    played,
                    last,
                    &mut moves,
                    &mut scores,
                    &mut features,
                ) {
                    let best = scores.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
                    let total: f64 = scores.iter().map(|s| (s - best).exp()).sum();
                    gradient.iter_mut().for_each(|x| *x = 0.0);
                    for (s, f) in scores.iter().zip(features.iter()) {
                        let p = (s - best).exp() / total;
                        for &i in f.as_slice() {
                            gradient[i as usize] += p;
                        }
                    }
                    for &i in features[k].as_slice() {
                        gradient[i as usize] -= 1.0;
                    }
                    for i in 0..POLICY_FEATURES {
                        let g = gradient[i] + options.l2 * weights[i] as f64;
                        if g != 0.0 {
                            squares[i] += g * g;
                            weights[i] -= (options.learning_rate * g / squares[i].sqrt()) as f32;
                        }
                    }
                }
                pos.play_unchecked(played);
            }
        }
    }
    let report = PolicyReport {
        train: evaluate(train, size, &weights),
        held_out: evaluate(held_out, size, &weights),
    };
    (weights, report)
}

/// [`fit_sized`] on 6×6 games.
pub fn fit(
    train: &[GameMoves],
    held_out: &[GameMoves],
    options: &PolicyFitOptions,
) -> ([f32; POLICY_FEATURES], PolicyReport) {
    fit_sized(train, held_out, 6, options)
}

/// The weights as a policy file (`data/train/NxN/policy.txt`, read by `build.rs`): a header
/// saying what it is and `provenance`, `features N`, then one `index weight` line each.
pub fn weights_file(weights: &[f32; POLICY_FEATURES], size: u8, provenance: &str) -> String {
    let mut s = format!(
        "# The {size}x{size} move-ordering policy (src/ai/policy.rs): one weight per feature, by index (a logit\n\
         # per active feature). Written by `tak policy`.\n"
    );
    for line in provenance.lines() {
        s.push_str(format!("# {line}").trim_end());
        s.push('\n');
    }
    s.push_str(&format!("features {POLICY_FEATURES}\n"));
    for (i, w) in weights.iter().enumerate() {
        s.push_str(&format!("{i} {w:.4}\n"));
    }
    s
}
