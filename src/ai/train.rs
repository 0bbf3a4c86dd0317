//! The training loop that fits two cores (`tak train`): one bounded round at a time, its state
//! kept under `data/train/NxN/` so that a round stopped by its time limit, or by the machine,
//! goes on where it stopped in the next run.
//!
//! A round, for one board size:
//! 1. **Generate**: self-play games with the accepted weights at a fixed node budget, on
//!    every core, kept gzipped in `games/` (the moves and each searched ply's score: the
//!    positions are read again from them, so a feature added later is fitted on old games
//!    too).
//! 2. **Fit**: the weights fitted to the newest games' results (logistic regression on their
//!    quiet positions, [`super::tune::fit`]), from the accepted weights and pulled towards
//!    them: the candidate, kept in `pending/` with what it is.
//! 3. **Gate**: the candidate against the accepted weights at a fixed node budget, pairs of
//!    games from the training book, until an SPRT decides (or too many pairs say it is no
//!    better). Its progress is saved as it goes.
//! 4. **Keep or drop**: `log.tsv` gets a line whatever the verdict (every candidate ever
//!    tried, with its SPRT result and the CPU time it took); an accepted candidate becomes
//!    `weights.txt`, which the engine compiles in (`build.rs`).
//!
//! The files, per size: `weights.txt` (accepted), `log.tsv`, `games/*.txt.gz`,
//! `pending/weights.txt` and `pending/progress.txt` (a candidate under test), `cursor.txt`
//! (the next opening of the book, so that each gate plays openings the last one did not).

use super::book::Book;
use super::duel::{play_pairs, Side};
use super::eval::Weights;
use super::features::{feature_name, TaperedWeights, FEATURE_COUNT};
use super::pool::run_jobs;
use super::search::Searcher;
use super::stats::{Pentanomial, Sprt, Verdict};
use super::tune::{self, GenOptions, Labels, Samples, TrainingGame};
use super::weights::{from_named, to_named};
use super::weights_text::WeightsText;
use crate::{Config, Komi, Setup};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// What one run of the loop does.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainOptions {
    pub size: u8,
    /// Where the sizes' folders are (`data/train`).
    pub dir: PathBuf,
    /// The training book (`data/openings/book-N.txt`).
    pub book: PathBuf,
    /// Wall-clock minutes this run may take (a round not finished goes on in the next).
    pub minutes: f64,
    pub threads: usize,
    /// Nodes a move in the self-play games.
    pub gen_nodes: u64,
    /// Self-play games a round adds before it fits.
    pub gen_games: u32,
    /// The newest games a fit reads.
    pub keep_games: usize,
    /// Nodes a move in the gate's games.
    pub gate_nodes: u64,
    pub sprt: Sprt,
    /// A gate that has not decided after this many pairs drops the candidate: it is not
    /// better by enough to find out on two cores.
    pub max_pairs: u32,
    pub iterations: u32,
    pub l2: f64,
    /// How much of a position's label is the game's result (the rest is the search's score).
    pub result_share: f32,
    /// Said in the log (the commit the engine was built from).
    pub note: String,
    /// A feature to measure (the features whose names start with it): the candidate is fitted
    /// with it and gated against the weights fitted on the same games without it (held at
    /// zero), rather than against the accepted weights.
    pub feature: Option<String>,
}

impl TrainOptions {
    /// The defaults for a size: the node budgets give each move a real search (depth 5 or so
    /// on 6×6) while a game takes about a second or two on one core.
    pub fn for_size(size: u8) -> TrainOptions {
        let big = size >= 7;
        TrainOptions {
            size,
            dir: PathBuf::from("data/train"),
            book: PathBuf::from(format!("data/openings/book-{size}.txt")),
            minutes: 60.0,
            threads: super::pool::cores(),
            gen_nodes: if big { 5_000 } else { 10_000 },
            gen_games: if big { 1_000 } else { 2_000 },
            keep_games: 100_000,
            gate_nodes: if big { 5_000 } else { 10_000 },
            sprt: Sprt::new(0.0, 10.0),
            max_pairs: 3_000,
            iterations: 400,
            l2: 0.01,
            result_share: 1.0,
            note: String::new(),
            feature: None,
        }
    }

    /// The games' settings: komi 2 from 6×6 up, as people and outside engines play them.
    pub fn config(&self) -> Config {
        let komi = if self.size >= 6 { 4 } else { 0 };
        Setup {
            komi: Komi::from_half_flats(komi).expect("komi 2 is allowed"),
            ..Setup::new(self.size)
        }
        .config()
        .expect("a size from 3 to 8")
    }

    fn size_dir(&self) -> PathBuf {
        self.dir.join(format!("{0}x{0}", self.size))
    }
}

/// CPU seconds this process has used (user and system), where the system says.
pub fn cpu_seconds() -> f64 {
    // /proc/self/stat: fields 14 and 15 are utime and stime in clock ticks (100 a second on
    // Linux); the command name (field 2) may hold spaces, so count from its closing ')'.
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok());
    match (ticks(11), ticks(12)) {
        (Some(user), Some(system)) => (user + system) / 100.0,
        _ => 0.0,
    }
}

fn io(path: &Path, e: impl std::fmt::Display) -> String {
    format!("{}: {e}", path.display())
}

/// Writes `text` to `path` whole or not at all (a stopped run leaves the old file).
fn write_atomically(path: &Path, text: &str) -> Result<(), String> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| io(parent, e))?;
    }
    let part = path.with_extension("part");
    std::fs::write(&part, text).map_err(|e| io(&part, e))?;
    std::fs::rename(&part, path).map_err(|e| io(path, e))
}

/// Reads a weights file of one size: its weights in logits and the features it named that
/// the engine no longer has.
pub fn read_weights(path: &Path) -> Result<(TaperedWeights, Vec<String>), String> {
    let text = std::fs::read_to_string(path).map_err(|e| io(path, e))?;
    let parsed = WeightsText::parse(&text).map_err(|e| io(path, e))?;
    let (units, unknown) = from_named(&parsed.weights);
    Ok((tune::to_logits(&units, parsed.logit_per_unit), unknown))
}

/// Weights for play: the compiled ones, with this size's replaced by `logits`.
fn playing_weights(size: u8, logits: &TaperedWeights) -> Weights {
    let mut weights = Weights::trained();
    let scale = tune::logit_per_unit(logits);
    weights.by_size[(size - 3) as usize] = logits.map(|w| w.map(|x| x / scale));
    weights
}

/// The state of a candidate under test.
#[derive(Clone, Debug, Default, PartialEq)]
struct Progress {
    /// What the candidate is (its line in the log).
    what: String,
    pairs: Pentanomial,
    /// The book's opening the gate goes on from.
    next_opening: usize,
    games_kept: usize,
    positions: usize,
    held_out: (f64, f64),
    gen_cpu: f64,
    fit_cpu: f64,
    gate_cpu: f64,
    roads: [u32; 2],
    flats: [u32; 2],
}

impl Progress {
    fn to_text(&self) -> String {
        format!(
            "what {}\npairs {}\nnext_opening {}\ngames_kept {}\npositions {}\nheld_out {} {}\n\
             cpu {} {} {}\nroads {} {}\nflats {} {}\n",
            self.what,
            self.pairs.counts.map(|c| c.to_string()).join(" "),
            self.next_opening,
            self.games_kept,
            self.positions,
            self.held_out.0,
            self.held_out.1,
            self.gen_cpu,
            self.fit_cpu,
            self.gate_cpu,
            self.roads[0],
            self.roads[1],
            self.flats[0],
            self.flats[1],
        )
    }

    fn from_text(text: &str) -> Result<Progress, String> {
        let mut p = Progress::default();
        for line in text.lines() {
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            let numbers: Vec<f64> = value
                .split_whitespace()
                .filter_map(|w| w.parse().ok())
                .collect();
            let bad = || format!("progress: bad line '{line}'");
            let n = |i: usize| numbers.get(i).copied().ok_or_else(bad);
            match key {
                "what" => p.what = value.to_string(),
                "pairs" => p.pairs = Pentanomial::from_counts_text(value).ok_or_else(bad)?,
                "next_opening" => p.next_opening = n(0)? as usize,
                "games_kept" => p.games_kept = n(0)? as usize,
                "positions" => p.positions = n(0)? as usize,
                "held_out" => p.held_out = (n(0)?, n(1)?),
                "cpu" => (p.gen_cpu, p.fit_cpu, p.gate_cpu) = (n(0)?, n(1)?, n(2)?),
                "roads" => p.roads = [n(0)? as u32, n(1)? as u32],
                "flats" => p.flats = [n(0)? as u32, n(1)? as u32],
                _ => {}
            }
        }
        Ok(p)
    }
}

/// The log's columns (`log.tsv`, one line per candidate tried).
pub const LOG_HEADER: &str = "date\tsize\tcandidate\tgames_kept\tpositions\theld_out_before\t\
held_out_after\tgate_nodes\tpairs\tgames\tscore\telo\telo_95\tllr\tverdict\troads_won\t\
flats_won\tgen_cpu_h\tfit_cpu_h\tgate_cpu_h\tnote";

/// Today's date and time in UTC, as `2026-11-29 14:05`.
fn now_text() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = (secs / 86_400) as i64;
    // Days to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + (month <= 2) as i64;
    let minute = secs % 86_400 / 60;
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}",
        minute / 60,
        minute % 60
    )
}

/// One run: what it did, in lines for the terminal.
pub fn run_round(
    options: &TrainOptions,
    mut say: impl FnMut(&str),
) -> Result<Option<Verdict>, String> {
    let size = options.size;
    let start = Instant::now();
    let deadline = options.minutes * 60.0;
    let time_left = || deadline - start.elapsed().as_secs_f64();
    let config = options.config();
    let dir = options.size_dir();
    let pending = dir.join("pending");
    let accepted_path = dir.join("weights.txt");
    let (accepted, unknown) = read_weights(&accepted_path)?;
    if !unknown.is_empty() {
        say(&format!(
            "{}: no longer features, passed over: {}",
            accepted_path.display(),
            unknown.join(" ")
        ));
    }
    let book = Book::read(config, &options.book.to_string_lossy())?;

    let (candidate, opponent, mut progress) = if pending.join("progress.txt").exists() {
        let text =
            std::fs::read_to_string(pending.join("progress.txt")).map_err(|e| io(&pending, e))?;
        let progress = Progress::from_text(&text)?;
        let (candidate, _) = read_weights(&pending.join("weights.txt"))?;
        let baseline_path = pending.join("baseline.txt");
        let baseline = if baseline_path.exists() {
            read_weights(&baseline_path)?.0
        } else {
            accepted
        };
        say(&format!(
            "{size}x{size}: going on with the candidate under test ({}), {} pairs played",
            progress.what,
            progress.pairs.pairs()
        ));
        (candidate, baseline, progress)
    } else {
        // 1. Generate.
        let cpu = cpu_seconds();
        let round_games = generate(options, config, &accepted, &time_left, &mut say)?;
        let gen_cpu = cpu_seconds() - cpu;
        if round_games < options.gen_games as usize {
            say(&format!(
                "{size}x{size}: {round_games} of the round's {} games played; the next run goes on",
                options.gen_games
            ));
            return Ok(None);
        }
        // 2. Fit.
        let cpu = cpu_seconds();
        let (games, files) = read_games(&dir.join("games"), options.keep_games)?;
        let (train, held) = samples_of(&games, options.result_share);
        say(&format!(
            "{size}x{size}: fitting on {} positions of {} games from {files} files ({} held out)",
            train.len(),
            games.len(),
            held.len()
        ));
        let mut before = tune::log_loss(&held, &accepted);
        let candidate = tune::fit(&train, &accepted, options.iterations, options.l2, |_, _| {});
        let after = tune::log_loss(&held, &candidate);
        // Measuring a feature: the same fit without it is what the candidate plays.
        let baseline = match &options.feature {
            None => accepted,
            Some(prefix) => {
                let held_out: [bool; FEATURE_COUNT] =
                    std::array::from_fn(|i| feature_name(i).starts_with(prefix.as_str()));
                if !held_out.contains(&true) {
                    return Err(format!("no feature's name starts with '{prefix}'"));
                }
                let mut start = accepted;
                for (w, &h) in start.iter_mut().zip(&held_out) {
                    if h {
                        *w = [0.0; 2];
                    }
                }
                let without = tune::fit_holding(
                    &train,
                    &start,
                    options.iterations,
                    options.l2,
                    &held_out,
                    |_, _| {},
                );
                before = tune::log_loss(&held, &without);
                without
            }
        };
        say(&format!(
            "{size}x{size}: held-out log-loss {before:.4} -> {after:.4}{}",
            if options.feature.is_some() {
                " (without the feature -> with it)"
            } else {
                ""
            }
        ));
        let progress = Progress {
            what: format!(
                "{}refit on {} games ({} nodes a move), l2 {}, {} iterations{}",
                match &options.feature {
                    Some(prefix) => format!("feature {prefix}*, against the same fit without it: "),
                    None => String::new(),
                },
                games.len(),
                options.gen_nodes,
                options.l2,
                options.iterations,
                if options.result_share < 1.0 {
                    format!(", result share {}", options.result_share)
                } else {
                    String::new()
                }
            ),
            next_opening: read_cursor(&dir),
            games_kept: games.len(),
            positions: train.len() + held.len(),
            held_out: (before, after),
            gen_cpu,
            fit_cpu: cpu_seconds() - cpu,
            ..Progress::default()
        };
        write_atomically(
            &pending.join("weights.txt"),
            &tune::weights_file(
                &candidate,
                &format!("A candidate under test: {}", progress.what),
            ),
        )?;
        if options.feature.is_some() {
            write_atomically(
                &pending.join("baseline.txt"),
                &tune::weights_file(&baseline, "The same fit without the feature measured"),
            )?;
        }
        write_atomically(&pending.join("progress.txt"), &progress.to_text())?;
        (candidate, baseline, progress)
    };

    // 3. Gate.
    let cpu = cpu_seconds();
    let sides = [
        Side {
            weights: playing_weights(options.size, &candidate),
            nodes: options.gate_nodes,
        },
        Side {
            weights: playing_weights(options.size, &opponent),
            nodes: options.gate_nodes,
        },
    ];
    let before = progress.clone();
    // The verdict the gate stopped on (a pair still running then is counted, but does not
    // undo it).
    let mut decided = None;
    // Never an opening twice in one gate: a pair from the same opening at a fixed budget
    // is the same pair again.
    let max_pairs = options.max_pairs.min(book.len() as u32);
    let remaining = max_pairs.saturating_sub(progress.pairs.pairs()) as usize;
    let mut last_saved = Instant::now();
    let save = |p: &Progress| write_atomically(&pending.join("progress.txt"), &p.to_text());
    let report = play_pairs(
        config,
        &book,
        progress.next_opening,
        remaining,
        [&sides[0], &sides[1]],
        options.threads,
        None,
        |_, report| {
            let mut now = before.clone();
            merge(&mut now, report);
            now.gate_cpu += cpu_seconds() - cpu;
            if last_saved.elapsed().as_secs() >= 60 {
                let _ = save(&now);
                last_saved = Instant::now();
                let (elo, error) = now.pairs.elo_with_error();
                say(&format!(
                    "{size}x{size}: {} pairs, {:.1}%, Elo {elo:+.0} ± {error:.0}, {}",
                    now.pairs.pairs(),
                    100.0 * now.pairs.score(),
                    options.sprt.progress(&now.pairs)
                ));
            }
            if decided.is_none() {
                decided = options.sprt.verdict(&now.pairs);
            }
            decided.is_none() && time_left() > 0.0
        },
    )?;
    merge(&mut progress, &report);
    progress.gate_cpu += cpu_seconds() - cpu;
    let verdict = decided
        .or_else(|| options.sprt.verdict(&progress.pairs))
        .or_else(|| (progress.pairs.pairs() >= max_pairs).then_some(Verdict::Rejected));
    let Some(verdict) = verdict else {
        save(&progress)?;
        say(&format!(
            "{size}x{size}: time is up after {} pairs ({}); the next run goes on",
            progress.pairs.pairs(),
            options.sprt.progress(&progress.pairs)
        ));
        return Ok(None);
    };

    // 4. Keep or drop.
    write_cursor(&dir, progress.next_opening)?;
    append_log(&dir, options, &progress, verdict)?;
    let (elo, error) = progress.pairs.elo_with_error();
    if verdict == Verdict::Accepted {
        write_atomically(
            &accepted_path,
            &tune::weights_file(
                &candidate,
                &format!(
                    "The {0}x{0} evaluation: for each feature (src/ai/features.rs), its weight at the \
                     start of a\ngame and at its end, in hundredths of a flat. Written by `tak train` \
                     ({1}),\naccepted {2}: {3} pairs, Elo {elo:+.1} ± {error:.1}, {4} (data/train/{0}x{0}/log.tsv).",
                    options.size,
                    progress.what,
                    now_text(),
                    progress.pairs.pairs(),
                    options.sprt.progress(&progress.pairs)
                ),
            ),
        )?;
    }
    std::fs::remove_dir_all(&pending).map_err(|e| io(&pending, e))?;
    say(&format!(
        "{size}x{size}: {verdict} after {} pairs: {:.1}%, Elo {elo:+.0} ± {error:.0}; {}",
        progress.pairs.pairs(),
        100.0 * progress.pairs.score(),
        if verdict == Verdict::Accepted {
            "the candidate is now data/train's weights.txt"
        } else {
            "the candidate is dropped"
        }
    ));
    Ok(Some(verdict))
}

fn merge(progress: &mut Progress, report: &super::duel::DuelReport) {
    for (total, n) in progress.pairs.counts.iter_mut().zip(report.pairs.counts) {
        *total += n;
    }
    progress.next_opening = report.next_opening;
    for k in 0..2 {
        progress.roads[k] += report.roads[k];
        progress.flats[k] += report.flats[k];
    }
}

fn read_cursor(dir: &Path) -> usize {
    std::fs::read_to_string(dir.join("cursor.txt"))
        .ok()
        .and_then(|t| t.trim().parse().ok())
        .unwrap_or(0)
}

fn write_cursor(dir: &Path, next: usize) -> Result<(), String> {
    write_atomically(&dir.join("cursor.txt"), &format!("{next}\n"))
}

fn append_log(
    dir: &Path,
    options: &TrainOptions,
    p: &Progress,
    verdict: Verdict,
) -> Result<(), String> {
    let path = dir.join("log.tsv");
    let fresh = !path.exists();
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .map_err(|e| io(&path, e))?;
    let (elo, error) = p.pairs.elo_with_error();
    let mut line = String::new();
    if fresh {
        line.push_str(LOG_HEADER);
        line.push('\n');
    }
    line.push_str(&format!(
        "{}\t{}\t{}\t{}\t{}\t{:.4}\t{:.4}\t{}\t{}\t{}\t{:.4}\t{elo:.1}\t{error:.1}\t{:.2}\t{}\t{} {}\t{} {}\t{:.2}\t{:.2}\t{:.2}\t{}\n",
        now_text(),
        options.size,
        p.what,
        p.games_kept,
        p.positions,
        p.held_out.0,
        p.held_out.1,
        options.gate_nodes,
        p.pairs.counts_text(),
        2 * p.pairs.pairs(),
        p.pairs.score(),
        options.sprt.llr(&p.pairs),
        match verdict {
            Verdict::Accepted => "accepted",
            Verdict::Rejected => "rejected",
        },
        p.roads[0],
        p.roads[1],
        p.flats[0],
        p.flats[1],
        p.gen_cpu / 3600.0,
        p.fit_cpu / 3600.0,
        p.gate_cpu / 3600.0,
        options.note,
    ));
    file.write_all(line.as_bytes()).map_err(|e| io(&path, e))
}

/// Plays this round's self-play games (on every core, until the round has `gen_games` or the
/// time is up), appending them to `games/` 100 at a time. Returns the round's games so far.
fn generate(
    options: &TrainOptions,
    config: Config,
    accepted: &TaperedWeights,
    time_left: &dyn Fn() -> f64,
    say: &mut dyn FnMut(&str),
) -> Result<usize, String> {
    let size = options.size;
    let games_dir = options.size_dir().join("games");
    std::fs::create_dir_all(&games_dir).map_err(|e| io(&games_dir, e))?;
    // The round is the log's next line; its games so far are the files named for it.
    let round = log_lines(&options.size_dir());
    let prefix = format!("round{round:04}-");
    let mut chunks = chunk_files(&games_dir)?
        .into_iter()
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(&prefix))
        })
        .collect::<Vec<_>>();
    let mut played: usize = chunks.iter().map(|p| count_lines(p)).sum();
    let wanted = (options.gen_games as usize).saturating_sub(played);
    if wanted == 0 {
        return Ok(played);
    }
    say(&format!(
        "{size}x{size}: playing {wanted} self-play games at {} nodes a move ({} threads)",
        options.gen_nodes, options.threads
    ));
    let gen = GenOptions {
        games: wanted as u32,
        nodes: options.gen_nodes,
        // Each chunk its own seeds: never the same games twice.
        seed: (options.size as u64) << 40 | (round as u64) << 20 | chunks.len() as u64,
        ..GenOptions::default()
    };
    let weights = playing_weights(options.size, accepted);
    let mut buffer: Vec<String> = Vec::new();
    let flush = |buffer: &mut Vec<String>, chunks: &mut Vec<PathBuf>| -> Result<(), String> {
        if buffer.is_empty() {
            return Ok(());
        }
        let path = games_dir.join(format!("{prefix}{:03}.txt.gz", chunks.len()));
        write_gz(&path, &(buffer.join("\n") + "\n"))?;
        chunks.push(path);
        buffer.clear();
        Ok(())
    };
    let mut error = None;
    run_jobs(
        options.threads,
        wanted,
        || {
            let mut searcher = Searcher::new(8);
            searcher.set_weights(weights.clone());
            Ok(searcher)
        },
        |searcher, job| Ok(tune::training_game(config, &gen, job as u32, searcher)),
        |_, game| {
            buffer.push(game.to_line());
            played += 1;
            if buffer.len() >= 100 {
                if let Err(e) = flush(&mut buffer, &mut chunks) {
                    error = Some(e);
                    return false;
                }
            }
            time_left() > 0.0
        },
    )?;
    if let Some(e) = error {
        return Err(e);
    }
    flush(&mut buffer, &mut chunks)?;
    Ok(played)
}

fn log_lines(dir: &Path) -> usize {
    std::fs::read_to_string(dir.join("log.tsv")).map_or(0, |t| t.lines().count().saturating_sub(1))
}

fn chunk_files(games_dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files: Vec<PathBuf> = match std::fs::read_dir(games_dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.to_string_lossy().ends_with(".txt.gz"))
            .collect(),
        Err(_) => Vec::new(),
    };
    files.sort();
    Ok(files)
}

fn write_gz(path: &Path, text: &str) -> Result<(), String> {
    let part = path.with_extension("part");
    let file = std::fs::File::create(&part).map_err(|e| io(&part, e))?;
    let mut encoder = flate2::write::GzEncoder::new(file, flate2::Compression::best());
    encoder
        .write_all(text.as_bytes())
        .and_then(|_| encoder.finish().map(|_| ()))
        .map_err(|e| io(&part, e))?;
    std::fs::rename(&part, path).map_err(|e| io(path, e))
}

/// The lines of a gzipped file (a file cut short by a crash gives the lines before the cut).
fn gz_lines(path: &Path) -> Result<Vec<String>, String> {
    let file = std::fs::File::open(path).map_err(|e| io(path, e))?;
    let reader = std::io::BufReader::new(flate2::read::GzDecoder::new(file));
    Ok(reader.lines().map_while(Result::ok).collect())
}

/// A file's text, gunzipped when its name ends in `.gz` (the loop's games).
pub fn read_text(path: &Path) -> Result<String, String> {
    if path.to_string_lossy().ends_with(".gz") {
        Ok(gz_lines(path)?.join("\n"))
    } else {
        std::fs::read_to_string(path).map_err(|e| io(path, e))
    }
}

fn count_lines(path: &Path) -> usize {
    gz_lines(path).map_or(0, |l| l.len())
}

/// The newest `keep` games of `games/` (files in name order, newest last), and how many
/// files they came from.
pub fn read_games(games_dir: &Path, keep: usize) -> Result<(Vec<TrainingGame>, usize), String> {
    let files = chunk_files(games_dir)?;
    let mut games = Vec::new();
    let mut used = 0;
    for path in files.iter().rev() {
        if games.len() >= keep {
            break;
        }
        used += 1;
        let mut these = Vec::new();
        for (i, line) in gz_lines(path)?.iter().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            these.push(
                TrainingGame::from_line(line)
                    .map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))?,
            );
        }
        games.push(these);
    }
    let mut all: Vec<TrainingGame> = games.into_iter().rev().flatten().collect();
    let extra = all.len().saturating_sub(keep);
    all.drain(..extra);
    Ok((all, used))
}

/// The games' quiet positions: every tenth game held out (judged by its result alone).
pub fn samples_of(games: &[TrainingGame], result_share: f32) -> (Samples, Samples) {
    let (mut train, mut held) = (Samples::default(), Samples::default());
    let size = games.first().map_or(6, |g| g.config.size);
    let labels = Labels {
        result_share,
        logit_per_unit: super::weights::LOGIT_PER_UNIT[(size - 3) as usize],
    };
    for (i, game) in games.iter().enumerate() {
        if i % 10 == 9 {
            tune::add_samples(&mut held, game, Labels::RESULT);
        } else {
            tune::add_samples(&mut train, game, labels);
        }
    }
    (train, held)
}

/// Rewrites a size's weights file for the engine's features as they are now (after one was
/// added or removed: a new one at zero, a removed one dropped), keeping its comment lines.
pub fn rewrite_weights(dir: &Path, size: u8) -> Result<Vec<String>, String> {
    let path = dir.join(format!("{size}x{size}")).join("weights.txt");
    let text = std::fs::read_to_string(&path).map_err(|e| io(&path, e))?;
    let parsed = WeightsText::parse(&text).map_err(|e| io(&path, e))?;
    let (units, unknown) = from_named(&parsed.weights);
    let comment: String = text
        .lines()
        .take_while(|l| l.starts_with('#'))
        .map(|l| l.trim_start_matches('#').trim_start().to_string() + "\n")
        .collect();
    let rewritten = WeightsText {
        logit_per_unit: parsed.logit_per_unit,
        weights: to_named(&units),
    };
    write_atomically(&path, &rewritten.write(&comment))?;
    Ok(unknown)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_reads_back_as_written() {
        let p = Progress {
            what: "refit on 10 games".into(),
            pairs: Pentanomial {
                counts: [1, 2, 3, 4, 5],
            },
            next_opening: 77,
            games_kept: 10,
            positions: 400,
            held_out: (0.5, 0.25),
            gen_cpu: 1.5,
            fit_cpu: 2.0,
            gate_cpu: 3.25,
            roads: [3, 4],
            flats: [5, 6],
        };
        assert_eq!(Progress::from_text(&p.to_text()), Ok(p));
    }

    #[test]
    fn the_date_is_read_as_people_write_it() {
        let text = now_text();
        assert_eq!(text.len(), 16, "{text}");
        assert!(text.starts_with("20"), "{text}");
    }
}
