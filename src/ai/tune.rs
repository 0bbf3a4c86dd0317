//! The training pipeline for the evaluation: self-play games at a small node budget
//! ([`generate_games`]), positions sampled from them with each game's outcome as the label,
//! and a logistic regression of outcome on features ("Texel tuning", [`fit`]) whose result is
//! written as Rust source ([`weights_source`]) and compiled into the engine.
//!
//! Everything is seeded: the same command line gives the same games and the same weights.
//! `tak gen` and `tak tune` drive it; `scripts/train.sh` runs the whole loop.
//!
//! ```
//! use tak::ai::tune::{generate_games, GenOptions};
//! use tak::Config;
//! let games = generate_games(Config::standard(3)?, &GenOptions { games: 2, nodes: 200, seed: 5, ..GenOptions::default() }, |_| {});
//! assert_eq!(games.len(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::features::{self, TaperedWeights, FEATURE_COUNT};
use super::level::Rng;
use super::search::{SearchLimits, Searcher};
use crate::Setup;
use crate::{Color, Config, Komi, Move, Position};

/// One finished game for training: its settings, plies and outcome.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainingGame {
    pub config: Config,
    pub moves: Vec<Move>,
    /// White's result: 1 win, 0 loss, ½ draw.
    pub white_score: f32,
    /// For each ply, the score of the search that chose it, for the player who made it (in
    /// hundredths of a flat), where one did (`None` for random plies, and for games that
    /// were not searched by us, such as match records and real games).
    pub scores: Vec<Option<i32>>,
}

impl TrainingGame {
    /// One line: `size half_komi white_score move move ...` (moves in PTN), then, where
    /// any ply has a search score, `|` and one score per ply (`-` where none).
    pub fn to_line(&self) -> String {
        let mut line = format!(
            "{} {} {}",
            self.config.size,
            self.config.komi.half_flats(),
            self.white_score
        );
        for ply in crate::ptn::write_line(&Position::with_config(self.config), &self.moves) {
            line.push(' ');
            line.push_str(&ply);
        }
        if self.scores.iter().any(Option::is_some) {
            line.push_str(" |");
            for score in &self.scores {
                match score {
                    Some(s) => line.push_str(&format!(" {s}")),
                    None => line.push_str(" -"),
                }
            }
        }
        line
    }

    /// Reads a line written by [`TrainingGame::to_line`].
    pub fn from_line(line: &str) -> Result<TrainingGame, String> {
        let mut words = line.split_whitespace();
        let mut next = |what: &str| words.next().ok_or(format!("missing {what}"));
        let size: u8 = next("size")?.parse().map_err(|_| "bad size")?;
        let half: i8 = next("komi")?.parse().map_err(|_| "bad komi")?;
        let white_score: f32 = next("result")?.parse().map_err(|_| "bad result")?;
        let komi = Komi::from_half_flats(half).ok_or("bad komi")?;
        let config = Setup {
            komi,
            ..Setup::new(size)
        }
        .config()
        .map_err(|e| e.to_string())?;
        let mut pos = Position::with_config(config);
        let mut moves = Vec::new();
        let mut scores = Vec::new();
        let mut in_scores = false;
        for text in words {
            if text == "|" {
                in_scores = true;
            } else if in_scores {
                scores.push(if text == "-" {
                    None
                } else {
                    Some(text.parse().map_err(|_| format!("bad score {text}"))?)
                });
            } else {
                let mv: Move = text.parse().map_err(|e| format!("{text}: {e}"))?;
                pos.play(mv).map_err(|e| format!("{text}: {e}"))?;
                moves.push(mv);
            }
        }
        if in_scores && scores.len() != moves.len() {
            return Err(format!("{} scores for {} plies", scores.len(), moves.len()));
        }
        scores.resize(moves.len(), None);
        Ok(TrainingGame {
            config,
            moves,
            white_score,
            scores,
        })
    }
}

/// How to generate self-play games.
#[derive(Clone, Debug, PartialEq)]
pub struct GenOptions {
    pub games: u32,
    /// Node budget per move.
    pub nodes: u64,
    pub seed: u64,
    /// Plies of random flat placements at the start (the count itself is random up to this).
    pub random_plies: u32,
    /// In the first `noisy_plies` plies, the chance (per mille) of playing a random
    /// reasonable move instead of the searched one.
    pub noise_per_mille: u64,
    pub noisy_plies: u32,
    /// Games longer than this are adjudicated a draw.
    pub max_plies: usize,
}

impl Default for GenOptions {
    fn default() -> GenOptions {
        GenOptions {
            games: 100,
            nodes: 3_000,
            seed: 1,
            random_plies: 6,
            noise_per_mille: 150,
            noisy_plies: 20,
            max_plies: 300,
        }
    }
}

/// Plays `options.games` self-play games on `config` with the engine's current evaluation.
/// Varied by seeded random openings and occasional random (but not absurd) moves early on.
pub fn generate_games(
    config: Config,
    options: &GenOptions,
    mut progress: impl FnMut(&TrainingGame),
) -> Vec<TrainingGame> {
    let mut searcher = Searcher::new(8);
    (0..options.games)
        .map(|game| {
            let record = training_game(config, options, game, &mut searcher);
            progress(&record);
            record
        })
        .collect()
}

/// Self-play game number `game` of `options` (seeded by both), searched by `searcher` with
/// the weights it holds.
pub fn training_game(
    config: Config,
    options: &GenOptions,
    game: u32,
    searcher: &mut Searcher,
) -> TrainingGame {
    let mut moves = Vec::new();
    let mut rng = Rng::new(
        options
            .seed
            .wrapping_mul(1_000_003)
            .wrapping_add(game as u64),
    );
    let mut pos = Position::with_config(config);
    searcher.clear();
    let mut played = Vec::new();
    let mut scores = Vec::new();
    let random_plies = 2 + rng.below(options.random_plies as u64 + 1) as u32;
    while !pos.is_over() && played.len() < options.max_plies {
        let ply = played.len() as u32;
        let mut score = None;
        let mv = if ply < random_plies {
            pos.legal_moves(&mut moves);
            moves.retain(|m| m.kind() == Some(crate::Kind::Flat));
            moves[rng.below(moves.len() as u64) as usize]
        } else if ply < options.noisy_plies && rng.below(1000) < options.noise_per_mille {
            // A random move among those a one-ply look does not call a blunder.
            let scored = searcher.score_root_moves(&pos, 1);
            let best = scored.iter().map(|&(_, s)| s).max().unwrap_or(0);
            let good: Vec<Move> = scored
                .iter()
                .filter(|&&(_, s)| s >= best - 150)
                .map(|&(m, _)| m)
                .collect();
            good[rng.below(good.len() as u64) as usize]
        } else {
            let result = searcher.search(&pos, SearchLimits::nodes(options.nodes), |_| {});
            score = Some(result.score);
            match result.best {
                Some(mv) => mv,
                None => break,
            }
        };
        pos.play_unchecked(mv);
        played.push(mv);
        scores.push(score);
    }
    let white_score = match pos.outcome() {
        Some(o) => match o.winner {
            Some(Color::White) => 1.0,
            Some(Color::Black) => 0.0,
            None => 0.5,
        },
        None => 0.5,
    };
    TrainingGame {
        config,
        moves: played,
        white_score,
        scores,
    }
}

/// Positions for training: features (for the player to move), how much of the game is left
/// (which blends each feature's opening and ending weight), and the label: that player's
/// result, or a blend of it with the search's judgement (see [`Labels`]).
///
/// Only the features that are not zero are kept (about a third of them), so that millions of
/// positions fit in memory and a pass of the fit is quick.
#[derive(Clone, Debug, Default)]
pub struct Samples {
    /// The non-zero features of every position, one after another: their indices and values.
    indices: Vec<u8>,
    values: Vec<f32>,
    /// Where each position's features start in `indices` (one more entry than positions).
    starts: Vec<u32>,
    pub game_left: Vec<f32>,
    pub labels: Vec<f32>,
}

impl Samples {
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// Adds a position: its features, how much of the game is left, its label.
    pub fn push(&mut self, features: &[f32; FEATURE_COUNT], game_left: f32, label: f32) {
        const { assert!(FEATURE_COUNT <= 256) };
        if self.starts.is_empty() {
            self.starts.push(0);
        }
        for (i, &x) in features.iter().enumerate() {
            if x != 0.0 {
                self.indices.push(i as u8);
                self.values.push(x);
            }
        }
        self.starts.push(self.indices.len() as u32);
        self.game_left.push(game_left);
        self.labels.push(label);
    }

    /// The non-zero features of position `i`: (index, value).
    fn features(&self, i: usize) -> impl Iterator<Item = (usize, f32)> + '_ {
        let (from, to) = (self.starts[i] as usize, self.starts[i + 1] as usize);
        self.indices[from..to]
            .iter()
            .zip(&self.values[from..to])
            .map(|(&k, &x)| (k as usize, x))
    }

    /// Which features are ever not zero.
    fn seen(&self) -> [bool; FEATURE_COUNT] {
        let mut seen = [false; FEATURE_COUNT];
        for &k in &self.indices {
            seen[k as usize] = true;
        }
        seen
    }

    /// The logit the weights `w` give sample `i`.
    fn logit(&self, w: &TaperedWeights, i: usize) -> f64 {
        let left = self.game_left[i] as f64;
        self.features(i)
            .map(|(k, x)| {
                let [open, end] = w[k];
                (open as f64 * left + end as f64 * (1.0 - left)) * x as f64
            })
            .sum()
    }
}

/// What a training position is labelled with: the game's result for the player to move,
/// blended with the win chance the search gave the position when it was played (where it
/// was searched): `result_share × result + (1 − result_share) × σ(score × logit_per_unit)`.
/// A game's result is a noisy label for its early positions (many moves decide it later);
/// the search's score is a steady one, but only as good as the evaluation it came from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Labels {
    pub result_share: f32,
    /// The logistic scale of the recorded scores (those of the weights that played).
    pub logit_per_unit: f32,
}

impl Labels {
    /// The game's result alone.
    pub const RESULT: Labels = Labels {
        result_share: 1.0,
        logit_per_unit: 0.0,
    };
}

/// Whether the evaluation would ever be asked about `pos`: the search settles a road in one
/// for either side itself, so such positions teach the evaluation nothing.
pub fn is_quiet(pos: &Position) -> bool {
    !pos.is_over()
        && !pos.is_opening()
        && pos.winning_road_move(pos.to_move()).is_none()
        && pos.winning_road_move(!pos.to_move()).is_none()
}

/// Every quiet position after the opening of `game`, labelled by `labels`.
pub fn add_samples(samples: &mut Samples, game: &TrainingGame, labels: Labels) {
    let mut pos = Position::with_config(game.config);
    for (i, &mv) in game.moves.iter().enumerate() {
        if pos.ply() >= 4 && is_quiet(&pos) {
            let mut values = [0f32; FEATURE_COUNT];
            features::extract(&pos, &mut values);
            let result = if pos.to_move() == Color::White {
                game.white_score
            } else {
                1.0 - game.white_score
            };
            let label = match game.scores.get(i).copied().flatten() {
                Some(score) if labels.result_share < 1.0 => {
                    let searched = sigmoid(score as f64 * labels.logit_per_unit as f64) as f32;
                    labels.result_share * result + (1.0 - labels.result_share) * searched
                }
                _ => result,
            };
            samples.push(&values, features::game_left(&pos), label);
        }
        if pos.play(mv).is_err() {
            return;
        }
    }
}

/// The mean log-loss of predicting `samples` with logit weights `w`.
pub fn log_loss(samples: &Samples, w: &TaperedWeights) -> f64 {
    let mut total = 0.0;
    for (i, &y) in samples.labels.iter().enumerate() {
        let p = sigmoid(samples.logit(w, i)).clamp(1e-6, 1.0 - 1e-6);
        total -= y as f64 * p.ln() + (1.0 - y as f64) * (1.0 - p).ln();
    }
    total / samples.len().max(1) as f64
}

/// How often the side the weights favour is the side the label favours (even labels left
/// out).
pub fn accuracy(samples: &Samples, w: &TaperedWeights) -> f64 {
    let mut right = 0;
    let mut counted = 0;
    for (i, &y) in samples.labels.iter().enumerate() {
        if y == 0.5 {
            continue;
        }
        counted += 1;
        if (samples.logit(w, i) > 0.0) == (y > 0.5) {
            right += 1;
        }
    }
    right as f64 / counted.max(1) as f64
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Fits tapered logit weights to `samples` by full-batch Adam on the log-loss, starting from
/// `start` and pulled back towards it by an L2 penalty of strength `l2` (the starting weights
/// act as a prior: with few games, only what the data clearly says moves them). Features
/// never seen keep their starting weight. The work is split over several threads.
pub fn fit(
    samples: &Samples,
    start: &TaperedWeights,
    iterations: u32,
    l2: f64,
    progress: impl FnMut(u32, f64),
) -> TaperedWeights {
    fit_holding(
        samples,
        start,
        iterations,
        l2,
        &[false; FEATURE_COUNT],
        progress,
    )
}

/// [`fit`], with the features marked in `held` kept at their starting weights (the engine
/// without a feature, fitted on the same games, to measure what the feature adds).
pub fn fit_holding(
    samples: &Samples,
    start: &TaperedWeights,
    iterations: u32,
    l2: f64,
    held: &[bool; FEATURE_COUNT],
    mut progress: impl FnMut(u32, f64),
) -> TaperedWeights {
    const PARAMS: usize = 2 * FEATURE_COUNT;
    let n = samples.len().max(1) as f64;
    let start_flat: Vec<f64> = start
        .iter()
        .flat_map(|&[open, end]| [open as f64, end as f64])
        .collect();
    let mut w = start_flat.clone();
    let mut m = vec![0.0f64; PARAMS];
    let mut v = vec![0.0f64; PARAMS];
    let (beta1, beta2, rate, eps) = (0.9, 0.999, 0.02, 1e-8);
    let seen = samples.seen();
    // A fixed number of parts, each summed on a thread of its own and added in order, so
    // that the result is the same on any number of cores.
    const PARTS: usize = 8;
    let chunk = samples.len().div_ceil(PARTS).max(1);
    for it in 1..=iterations {
        let parts: Vec<(Vec<f64>, f64)> = std::thread::scope(|scope| {
            let w = &w;
            let handles: Vec<_> = (0..samples.len())
                .step_by(chunk)
                .map(|from| {
                    scope.spawn(move || {
                        let to = (from + chunk).min(samples.len());
                        let mut grad = vec![0.0f64; PARAMS];
                        let mut loss = 0.0;
                        for i in from..to {
                            let left = samples.game_left[i] as f64;
                            let y = samples.labels[i] as f64;
                            let mut z = 0.0;
                            for (k, value) in samples.features(i) {
                                z += (w[2 * k] * left + w[2 * k + 1] * (1.0 - left)) * value as f64;
                            }
                            let p = sigmoid(z);
                            let pc = p.clamp(1e-9, 1.0 - 1e-9);
                            loss -= y * pc.ln() + (1.0 - y) * (1.0 - pc).ln();
                            let err = p - y;
                            for (k, value) in samples.features(i) {
                                let g = err * value as f64;
                                grad[2 * k] += g * left;
                                grad[2 * k + 1] += g * (1.0 - left);
                            }
                        }
                        (grad, loss)
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let mut grad = vec![0.0f64; PARAMS];
        let mut loss = 0.0;
        for (g, l) in parts {
            grad.iter_mut().zip(&g).for_each(|(a, b)| *a += b);
            loss += l;
        }
        for i in 0..PARAMS {
            if !seen[i / 2] || held[i / 2] {
                continue;
            }
            let g = grad[i] / n + l2 * (w[i] - start_flat[i]);
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let mh = m[i] / (1.0 - beta1.powi(it as i32));
            let vh = v[i] / (1.0 - beta2.powi(it as i32));
            w[i] -= rate * mh / (vh.sqrt() + eps);
        }
        progress(it, loss / n);
    }
    let mut out = [[0f32; 2]; FEATURE_COUNT];
    for (k, o) in out.iter_mut().enumerate() {
        *o = [w[2 * k] as f32, w[2 * k + 1] as f32];
    }
    out
}

/// Logit per hundredth of a flat: the fitted worth of one flat in the middle game sets the
/// scale, so that scores read as flats.
pub fn logit_per_unit(w: &TaperedWeights) -> f32 {
    let mid = |[open, end]: [f32; 2]| 0.5 * (open + end);
    let flat = 0.5 * (mid(w[features::FLAT_COUNT + 1]) + mid(w[features::FLAT_COUNT + 2]));
    flat.max(0.05) / 100.0
}

/// The text of a weights file (`data/train/NxN/weights.txt`, see
/// [`super::weights_text`]) for tapered logit weights, converted to hundredths of a flat by
/// their own logistic scale ([`logit_per_unit`]); `comment` heads it.
pub fn weights_file(logits: &TaperedWeights, comment: &str) -> String {
    let scale = logit_per_unit(logits);
    let units = logits.map(|w| w.map(|x| x / scale));
    super::weights_text::WeightsText {
        logit_per_unit: scale,
        weights: super::weights::to_named(&units),
    }
    .write(comment)
}

/// Logit weights from weights in hundredths of a flat and their logistic scale.
pub fn to_logits(units: &TaperedWeights, logit_per_unit: f32) -> TaperedWeights {
    units.map(|w| w.map(|x| x * logit_per_unit))
}

/// Hand-set logit weights to start the very first round of self-play from: a flat is worth
/// a little, a road nearly finished a lot. Written in hundredths of a flat and scaled so
/// that a middle-game flat is worth 0.25 logit.
pub fn handmade_weights(size: u8) -> TaperedWeights {
    use features::*;
    let mut w = [0f32; FEATURE_COUNT];
    let n = size as usize;
    for k in 0..SQUARE_CLASSES {
        w[FLAT_PSQT + k] = 3.0 * k as f32;
        w[WALL_PSQT + k] = -60.0 + 3.0 * k as f32;
        w[CAP_PSQT + k] = 40.0 + 4.0 * k as f32;
    }
    let flat = [70.0, 100.0, 120.0, 250.0];
    w[FLAT_COUNT..FLAT_COUNT + PHASE_KNOTS].copy_from_slice(&flat);
    w[FLAT_COUNT_RACE..FLAT_COUNT_RACE + 3].copy_from_slice(&[400.0, 250.0, 120.0]);
    w[RESERVES..RESERVES + PHASE_KNOTS].copy_from_slice(&[0.0, 5.0, 15.0, 40.0]);
    w[STACK..STACK + 6].copy_from_slice(&[18.0, 8.0, 22.0, 10.0, 26.0, 14.0]);
    w[DEEP..DEEP + 2].copy_from_slice(&[4.0, 2.0]);
    for own in 0..=n.min(8) {
        for blockers in 0..3 {
            let open = [1.0, 0.4, 0.1][blockers];
            w[LINES + own * 3 + blockers] = (own * own) as f32 * 6.0 * open;
        }
    }
    for span in 0..=n {
        w[SPAN + span] = (span * span) as f32 * 8.0;
    }
    for d in 1..=7usize {
        let near = (n + 1).saturating_sub(d) as f32;
        w[ROAD_DISTANCE_ME + d - 1] = near * near * 6.0;
        w[ROAD_DISTANCE_OPP + d - 1] = -near * near * 7.0;
    }
    w[THREATS_ME] = 150.0;
    w[THREATS_ME + 1] = 300.0;
    w[THREATS_OPP] = -150.0;
    w[THREATS_OPP + 1] = -600.0;
    w[CAP_MOBILITY] = 5.0;
    w[ADJACENT] = 4.0;
    w[LIBERTIES] = 2.0;
    w[WALL_BLOCKS] = 10.0;
    w[CAP_ATTACKS] = 8.0;
    w[TEMPO] = 20.0;
    let scale = 0.25 / 100.0;
    w.map(|x| [x * scale; 2])
}

/// The real-games file is read with serde, native only: a wasm build (only ever compiled by
/// the wasm test runner, with the command line) reads no game.
#[cfg(target_arch = "wasm32")]
pub fn real_game_from_json(_line: &str) -> Option<TrainingGame> {
    None
}

/// A finished game from the real-games file (`../shared/data/real-games.jsonl`), for the
/// check of a fit; `None` for a line that is not one (unfinished, unreadable, illegal).
#[cfg(not(target_arch = "wasm32"))]
pub fn real_game_from_json(line: &str) -> Option<TrainingGame> {
    let game = crate::real_game::RealGame::parse(line).ok()?;
    let white_score = game.white_score()?;
    let moves = game.legal_moves().ok()?;
    Some(TrainingGame {
        config: game.config().ok()?,
        scores: vec![None; moves.len()],
        moves,
        white_score: white_score as f32,
    })
}

/// Weights for boards of side `to` carried over from those of side `from` (in the same
/// units), for sizes with too few games of their own to fit well: piece-square values by the
/// nearest class (the centre of a big board counts as the centre of the small one), rows and
/// columns and spans by how many pieces are still missing, everything else as it is.
pub fn carry_over_weights(w: &TaperedWeights, from: u8, to: u8) -> TaperedWeights {
    use features::*;
    let mut out = *w;
    let from_half = from.div_ceil(2) as usize;
    let class = |lo: usize, hi: usize| hi * (hi + 1) / 2 + lo;
    for block in [FLAT_PSQT, WALL_PSQT, CAP_PSQT] {
        for hi in 0..(to.div_ceil(2) as usize) {
            for lo in 0..=hi {
                let source = class(lo.min(from_half - 1), hi.min(from_half - 1));
                out[block + class(lo, hi)] = w[block + source];
            }
        }
    }
    let missing_to_own = |own: usize| -> usize {
        let missing = to as usize - own.min(to as usize);
        (from as usize).saturating_sub(missing)
    };
    for own in 0..=(to as usize).min(8) {
        for blockers in 0..3 {
            out[LINES + own * 3 + blockers] = w[LINES + missing_to_own(own) * 3 + blockers];
        }
        out[SPAN + own] = w[SPAN + missing_to_own(own)];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_files_read_back_as_written() {
        let logits: TaperedWeights = std::array::from_fn(|i| [0.001 * i as f32, -0.002 * i as f32]);
        let text = weights_file(&logits, "made by a test\nsecond line");
        assert!(text.starts_with("# made by a test\n# second line\nlogit_per_unit "));
        let read = super::super::weights_text::WeightsText::parse(&text).unwrap();
        let (units, unknown) = super::super::weights::from_named(&read.weights);
        assert!(unknown.is_empty());
        let back = to_logits(&units, read.logit_per_unit);
        for (a, b) in back.iter().flatten().zip(logits.iter().flatten()) {
            assert!((a - b).abs() < 1e-5, "{a} {b}");
        }
    }

    #[test]
    fn games_round_trip_through_text() {
        let config = Config::standard(4).unwrap();
        let games = generate_games(
            config,
            &GenOptions {
                games: 1,
                nodes: 300,
                seed: 3,
                ..GenOptions::default()
            },
            |_| {},
        );
        let line = games[0].to_line();
        assert_eq!(TrainingGame::from_line(&line).unwrap(), games[0]);
    }

    #[test]
    fn carrying_weights_over_keeps_their_meaning() {
        let w: TaperedWeights = std::array::from_fn(|i| [i as f32, i as f32 + 0.5]);
        assert_eq!(carry_over_weights(&w, 6, 6), w);
        let big = carry_over_weights(&w, 6, 8);
        // A full line, a line one short, and the widest span mean the same on both boards.
        assert_eq!(big[features::LINES + 8 * 3], w[features::LINES + 6 * 3]);
        assert_eq!(
            big[features::LINES + 7 * 3 + 1],
            w[features::LINES + 5 * 3 + 1]
        );
        assert_eq!(big[features::SPAN + 8], w[features::SPAN + 6]);
        // The centre of 8x8 (class 9) is valued as the centre of 6x6 (class 5).
        assert_eq!(big[features::FLAT_PSQT + 9], w[features::FLAT_PSQT + 5]);
        assert_eq!(big[features::TEMPO], w[features::TEMPO]);
    }

    #[test]
    fn fitting_learns_that_flats_win() {
        // Labels follow the flat count exactly: the fitted flat weight must come out positive.
        let mut samples = Samples::default();
        for lead in -3i32..=3 {
            if lead == 0 {
                continue;
            }
            let mut x = [0f32; FEATURE_COUNT];
            x[features::FLAT_COUNT + 1] = lead as f32;
            x[features::TEMPO] = 1.0;
            samples.push(&x, 0.5, if lead > 0 { 1.0 } else { 0.0 });
        }
        let w = fit(&samples, &[[0.0; 2]; FEATURE_COUNT], 200, 1e-3, |_, _| {});
        let [open, end] = w[features::FLAT_COUNT + 1];
        assert!(open + end > 1.0);
        assert!(log_loss(&samples, &w) < 0.3);
        assert_eq!(accuracy(&samples, &w), 1.0);
    }
}
