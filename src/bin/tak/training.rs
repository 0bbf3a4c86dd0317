//! Training on the command line: opening books, self-play games, fits of the evaluation and
//! of the move-ordering policy, and the training loop's rounds.

use crate::args;
use crate::native::{io_error, Failure};
use std::time::Instant;
use tak::ai::book::{make_book, Book, BookOptions};
use tak::ai::train::{rewrite_weights, run_round, TrainOptions};

pub fn run_book(a: args::BookArgs) -> Result<(), Failure> {
    let config = tak::Config::standard(a.size).map_err(|e| Failure::Error(e.to_string()))?;
    let start = Instant::now();
    let threads = tak::ai::pool::cores();
    let confirm_path = format!("{}/confirm-{}.txt", a.dir, a.size);
    let book_path = format!("{}/book-{}.txt", a.dir, a.size);
    std::fs::create_dir_all(&a.dir).map_err(|e| io_error(&a.dir, e))?;
    // The confirmation set is made first (or read, when it is there): the training book
    // leaves out every one of its positions.
    let confirm = match Book::read(config, &confirm_path) {
        Ok(book) => book,
        Err(_) => {
            let book = make_book(
                config,
                &BookOptions {
                    openings: a.confirm,
                    seed: 0xC0_0000 + a.size as u64,
                    balanced_within: None,
                    nodes: 0,
                    threads,
                },
                &Default::default(),
            );
            let comment = format!(
                "{0}x{0}: {1} openings for matches against outside engines, random flat placements that\n\
                 nothing chose; no training or gating game starts from any of them (`tak book --size {0}`).",
                a.size,
                book.len()
            );
            std::fs::write(&confirm_path, book.to_text(&comment))
                .map_err(|e| io_error(&confirm_path, e))?;
            book
        }
    };
    let book = make_book(
        config,
        &BookOptions {
            openings: a.openings,
            seed: 0xB0_0000 + a.size as u64,
            balanced_within: Some(a.balanced_within),
            nodes: a.nodes,
            threads,
        },
        &confirm.keys(),
    );
    let comment = format!(
        "{0}x{0}: {1} openings for training and gating, random flat placements our search scores within\n\
         {2} hundredths of a flat of even at {3} nodes, none of them in confirm-{0}.txt, distinct up to\n\
         symmetry (`tak book --size {0} --openings {1} --balanced-within {2} --nodes {3}`).",
        a.size,
        book.len(),
        a.balanced_within,
        a.nodes
    );
    std::fs::write(&book_path, book.to_text(&comment)).map_err(|e| io_error(&book_path, e))?;
    println!(
        "{book_path}: {} openings; {confirm_path}: {} openings; {:.0} s",
        book.len(),
        confirm.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

pub fn run_train(a: args::Train) -> Result<(), Failure> {
    let dir = std::path::PathBuf::from(&a.dir);
    if a.rewrite {
        let dropped = rewrite_weights(&dir, a.size).map_err(Failure::Error)?;
        println!(
            "rewrote {}/{}x{}/weights.txt{}",
            a.dir,
            a.size,
            a.size,
            if dropped.is_empty() {
                String::new()
            } else {
                format!(", dropping {}", dropped.join(" "))
            }
        );
        return Ok(());
    }
    let defaults = TrainOptions::for_size(a.size);
    let gen_nodes = a.gen_nodes.unwrap_or(defaults.gen_nodes);
    let options = TrainOptions {
        dir,
        book: a.book.map_or(defaults.book.clone(), Into::into),
        minutes: a.minutes,
        threads: a.concurrency.map_or(defaults.threads, usize::from),
        gen_nodes,
        gen_games: a.gen_games.unwrap_or(defaults.gen_games),
        keep_games: a.keep_games.unwrap_or(defaults.keep_games),
        gate_nodes: a.gate_nodes.unwrap_or(gen_nodes),
        sprt: a.sprt,
        max_pairs: a.max_pairs.unwrap_or(defaults.max_pairs),
        l2: a.l2.unwrap_or(defaults.l2),
        result_share: a.result_share.unwrap_or(defaults.result_share),
        note: a.note,
        feature: a.feature,
        ..defaults
    };
    run_round(&options, |line| println!("{line}")).map_err(Failure::Error)?;
    Ok(())
}

pub fn run_gen(a: args::Gen) -> Result<(), Failure> {
    use std::io::Write;
    use tak::ai::tune::{generate_games, GenOptions};
    let config = a.game.config();
    let options = GenOptions {
        games: a.games,
        nodes: a.nodes,
        seed: a.seed,
        ..GenOptions::default()
    };
    let path = &a.out;
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| Failure::Error(format!("cannot write {path}: {e}")))?;
    let start = Instant::now();
    let mut done = 0;
    let mut white_points = 0.0;
    generate_games(config, &options, |game| {
        let _ = writeln!(file, "{}", game.to_line());
        done += 1;
        white_points += game.white_score;
        eprint!("\rgame {done}/{}  ", options.games);
    });
    eprintln!();
    println!(
        "{done} games on {0}x{0} at {1} nodes a move in {2:.0} s; white scored {3:.1}%",
        config.size,
        options.nodes,
        start.elapsed().as_secs_f64(),
        100.0 * white_points / done.max(1) as f32
    );
    Ok(())
}

pub fn run_policy(a: args::Policy) -> Result<(), Failure> {
    use tak::ai::policy_fit::{self, PolicyFitOptions};
    let (size, hold) = (a.size, a.hold);
    let options = PolicyFitOptions {
        epochs: a.epochs,
        learning_rate: a.rate,
        l2: a.l2,
        ..PolicyFitOptions::default()
    };
    let files = a.games;
    let start = Instant::now();
    let mut text = String::new();
    for file in &files {
        text.push_str(&tak::ai::train::read_text(file.as_ref()).map_err(Failure::Error)?);
        text.push('\n');
    }
    let games = policy_fit::read_games(&text, size);
    // Every `hold`-th game is held out to measure the fit.
    let (mut train, mut held_out) = (Vec::new(), Vec::new());
    for (i, g) in games.into_iter().enumerate() {
        if hold > 0 && i % hold == hold - 1 {
            held_out.push(g);
        } else {
            train.push(g);
        }
    }
    eprintln!("{} games to fit, {} held out", train.len(), held_out.len());
    let (weights, report) = policy_fit::fit_sized(&train, &held_out, size, &options);
    let provenance = format!(
        "Command: tak policy --size {size} --epochs {} --rate {} --l2 {} --hold {hold} {}\n\
     {} games fitted, {} held out (every {hold}th), {:.0} s.\n\
     Fitted:   {}\nHeld out: {}",
        options.epochs,
        options.learning_rate,
        options.l2,
        files.join(" "),
        train.len(),
        held_out.len(),
        start.elapsed().as_secs_f64(),
        report.train.summary(),
        report.held_out.summary(),
    );
    println!("{provenance}");
    if let Some(out) = &a.out {
        std::fs::write(out, policy_fit::weights_file(&weights, size, &provenance))
            .map_err(|e| Failure::Error(format!("cannot write {out}: {e}")))?;
    }
    Ok(())
}

pub fn run_tune(a: args::Tune) -> Result<(), Failure> {
    use tak::ai::features::FEATURE_COUNT;
    use tak::ai::tune::{self, Labels, Samples, TrainingGame};
    use tak::ai::weights;
    let (init, iterations, l2, result_share) = (a.init, a.iterations, a.l2, a.result_share);
    let out = &a.out;
    let files = a.games;
    let start = Instant::now();
    // Start from what is compiled in (back in logits), or from the hand-set weights.
    let mut logits = [[[0f32; 2]; FEATURE_COUNT]; 6];
    for (k, w) in logits.iter_mut().enumerate() {
        if init {
            *w = tune::handmade_weights(k as u8 + 3);
        } else {
            *w = tune::to_logits(&weights::compiled()[k], weights::LOGIT_PER_UNIT[k]);
        }
    }
    let previous = logits;
    // Training games by size: every tenth game is held out for validation.
    let mut train: Vec<Samples> = (0..6).map(|_| Samples::default()).collect();
    let mut held: Vec<Samples> = (0..6).map(|_| Samples::default()).collect();
    let mut game_counts = [0usize; 6];
    for path in &files {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Failure::Error(format!("cannot read {path}: {e}")))?;
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let game = TrainingGame::from_line(line)
                .map_err(|e| Failure::Error(format!("{path}:{}: {e}", i + 1)))?;
            let k = (game.config.size - 3) as usize;
            game_counts[k] += 1;
            // Held-out games are judged by their results alone, so that fits with other
            // labels compare.
            if game_counts[k] % 10 == 0 {
                tune::add_samples(&mut held[k], &game, Labels::RESULT);
            } else {
                let labels = Labels {
                    result_share,
                    logit_per_unit: weights::LOGIT_PER_UNIT[k],
                };
                tune::add_samples(&mut train[k], &game, labels);
            }
        }
    }
    let mut real: Vec<Samples> = (0..6).map(|_| Samples::default()).collect();
    if let Some(path) = &a.check {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Failure::Error(format!("cannot read {path}: {e}")))?;
        for line in text.lines() {
            if let Some(game) = tune::real_game_from_json(line) {
                let k = (game.config.size - 3) as usize;
                tune::add_samples(&mut real[k], &game, Labels::RESULT);
            }
        }
    }
    let mut report = String::new();
    for k in 0..6 {
        let size = k + 3;
        if !init && train[k].is_empty() {
            continue;
        }
        if !train[k].is_empty() {
            let before = (
                tune::log_loss(&held[k], &logits[k]),
                tune::accuracy(&held[k], &logits[k]),
            );
            logits[k] = tune::fit(&train[k], &logits[k], iterations, l2, |it, loss| {
                if it % 50 == 0 {
                    eprint!("\r{size}x{size}: iteration {it}, loss {loss:.4}   ");
                }
            });
            eprintln!();
            let line = format!(
            "{size}x{size}: {} games, {} positions ({} held out); held-out log-loss {:.4} -> {:.4}, accuracy {:.1}% -> {:.1}%",
            game_counts[k],
            train[k].len(),
            held[k].len(),
            before.0,
            tune::log_loss(&held[k], &logits[k]),
            100.0 * before.1,
            100.0 * tune::accuracy(&held[k], &logits[k]),
        );
            println!("{line}");
            report.push_str(&line);
            report.push('\n');
        }
        if !real[k].is_empty() {
            let line = format!(
            "{size}x{size} real games (check): {} positions; log-loss {:.4} -> {:.4}, accuracy {:.1}% -> {:.1}%",
            real[k].len(),
            tune::log_loss(&real[k], &previous[k]),
            tune::log_loss(&real[k], &logits[k]),
            100.0 * tune::accuracy(&real[k], &previous[k]),
            100.0 * tune::accuracy(&real[k], &logits[k]),
        );
            println!("{line}");
            report.push_str(&line);
            report.push('\n');
        }
    }
    // --carry 6:7,8 replaces the weights of 7x7 and 8x8 by those of 6x6, carried over.
    if let Some(spec) = &a.carry {
        let bad = || Failure::Usage(format!("--carry '{spec}' is not FROM:TO,TO..."));
        let (from, to) = spec.split_once(':').ok_or_else(bad)?;
        let from: u8 = from.parse().map_err(|_| bad())?;
        if !(3..=8).contains(&from) {
            return Err(bad());
        }
        for to in to.split(',') {
            let to: u8 = to.parse().map_err(|_| bad())?;
            if !(3..=8).contains(&to) {
                return Err(bad());
            }
            let source = logits[(from - 3) as usize];
            let scale = tune::logit_per_unit(&source);
            let units = source.map(|x| x.map(|v| v / scale));
            let carried = tune::carry_over_weights(&units, from, to);
            logits[(to - 3) as usize] = carried.map(|x| x.map(|v| v * scale));
            let line = format!("{to}x{to}: carried over from {from}x{from}");
            println!("{line}");
            report.push_str(&line);
            report.push('\n');
        }
    }
    let provenance = format!(
        "Command: tak tune{}{} --iterations {iterations} --l2 {l2} {}\n{report}",
        if init { " --init" } else { "" },
        if result_share < 1.0 {
            format!(" --result-share {result_share}")
        } else {
            String::new()
        },
        files.join(" ")
    );
    // Each size fitted (or carried over) gets its weights file; the others are left as they are.
    for (k, logits) in logits.iter().enumerate() {
        if logits == &previous[k] {
            continue;
        }
        let size = k + 3;
        let path = format!("{out}/{size}x{size}/weights.txt");
        let comment = format!(
            "The {size}x{size} evaluation: for each feature (src/ai/features.rs), its weight at the start of a\n\
             game and at its end, in hundredths of a flat. Written by `tak tune`:\n{provenance}"
        );
        if let Some(parent) = std::path::Path::new(&path).parent() {
            std::fs::create_dir_all(parent).map_err(|e| io_error(&path, e))?;
        }
        std::fs::write(&path, tune::weights_file(logits, &comment))
            .map_err(|e| io_error(&path, e))?;
        println!("wrote {path}");
    }
    println!("done in {:.0} s", start.elapsed().as_secs_f64());
    Ok(())
}
