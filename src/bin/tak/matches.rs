//! `tak match`: two TEI engines against each other, pairs of games on every core.

use crate::args;
use crate::native::{io_error, Failure};
use std::time::Instant;
use tak::ai::arena::{self, Budget, Engine};
use tak::ai::book::Book;
use tak::ai::pool::run_jobs;
use tak::ai::stats::{elo_error, Pentanomial, Sprt, Tally};
use tak::{Color, EndReason, Move};

/// Both engines, started and checked (an engine that said it does not play this size or komi
/// is named with what it does play, rather than left to crash mid-match).
fn start_engines(first: &str, second: &str, config: tak::Config) -> Result<[Engine; 2], String> {
    let engines = [Engine::start(first)?, Engine::start(second)?];
    for engine in &engines {
        engine.check_plays(config)?;
    }
    Ok(engines)
}

/// One game's result, from the first engine's side.
struct Played {
    first_is_white: bool,
    result: arena::GameResult,
}

pub fn run_match(a: args::Match) -> Result<(), Failure> {
    let config = a.game.config();
    let (games, seed, max_plies) = (a.games, a.seed, a.max_plies);
    let (first, second) = (a.engine1.as_str(), a.engine2.as_str());
    let budget = if let Some(clock) = a.clock {
        clock
    } else if let Some(ms) = a.movetime {
        Budget::MoveTime(ms)
    } else if let Some(depth) = a.depth {
        Budget::Depth(depth)
    } else {
        Budget::Nodes(a.nodes.unwrap_or(10_000))
    };
    let second_budget = if let Some(clock) = a.clock2 {
        clock
    } else if let Some(nodes) = a.nodes2 {
        Budget::Nodes(nodes)
    } else if let Some(ms) = a.movetime2 {
        // Time odds: an outside engine far stronger at equal time is measured at less.
        Budget::MoveTime(ms)
    } else {
        budget
    };
    let book = match &a.book {
        Some(path) => Some(Book::read(config, path).map_err(Failure::Error)?),
        None => None,
    };
    let opening = |pair: usize| -> Vec<Move> {
        match &book {
            Some(book) => book.get(a.book_start + pair).to_vec(),
            None => arena::opening(config, seed.wrapping_add(pair as u64)),
        }
    };
    let sprt = a.sprt;
    let mut pgn = match &a.pgn {
        Some(path) => Some(std::fs::File::create(path).map_err(|e| io_error(path, e))?),
        None => None,
    };
    let pairs = games.div_ceil(2) as usize;
    let threads = a.concurrency.map_or_else(tak::ai::pool::cores, usize::from);
    let start = Instant::now();
    let mut tally = Tally::default();
    let mut pentanomial = Pentanomial::default();
    // Wins of each engine by road, on flats and on time, and total plies.
    let mut reasons = [[0u32; 3]; 2];
    let mut plies = 0usize;
    let mut verdict = None;
    run_jobs(
        threads,
        pairs,
        || start_engines(first, second, config),
        |engines, pair| {
            let opening = opening(pair);
            let mut both = Vec::new();
            for first_is_white in [true, false] {
                // An engine that dies mid-game (a crash, not a loss) is started again and the
                // game played again from its opening, so that one crash does not end a long
                // run; a second crash on the same game ends the match.
                let mut tries = 0;
                let result = loop {
                    let [a, b] = &mut *engines;
                    let (white, black, budgets) = if first_is_white {
                        (a, b, [budget, second_budget])
                    } else {
                        (b, a, [second_budget, budget])
                    };
                    match arena::play_game([white, black], budgets, config, &opening, max_plies) {
                        Ok(result) => break result,
                        Err(why) if tries == 0 => {
                            tries += 1;
                            eprintln!(
                                "\nopening {}: {why}; both engines started again, the game replayed",
                                pair + 1
                            );
                            *engines = start_engines(first, second, config)?;
                        }
                        Err(why) => return Err(why),
                    }
                };
                both.push(Played {
                    first_is_white,
                    result,
                });
            }
            Ok(both)
        },
        |pair, both| {
            let mut pair_points = 0.0;
            for (k, played) in both.iter().enumerate() {
                let result = &played.result;
                plies += result.plies;
                let first_color = if played.first_is_white {
                    Color::White
                } else {
                    Color::Black
                };
                let points = match result.winner {
                    Some(c) if c == first_color => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                };
                tally.add(points);
                pair_points += points;
                if let Some(c) = result.winner {
                    let engine = (c != first_color) as usize;
                    match result.reason {
                        Some(EndReason::Road) => reasons[engine][0] += 1,
                        Some(EndReason::Flats) => reasons[engine][1] += 1,
                        Some(EndReason::Time) => reasons[engine][2] += 1,
                        _ => {}
                    }
                }
                if let Some(file) = pgn.as_mut() {
                    use std::io::Write;
                    let result_text = match result.winner {
                        Some(Color::White) => "1-0",
                        Some(Color::Black) => "0-1",
                        None => "1/2-1/2",
                    };
                    let _ = writeln!(
                        file,
                        "game {} white {} result {} moves {}",
                        2 * pair + k + 1,
                        if played.first_is_white { 1 } else { 2 },
                        result_text,
                        result.moves.join(" ")
                    );
                }
            }
            pentanomial.add(pair_points);
            let progress = sprt.map_or(String::new(), |t| format!("  {}", t.progress(&pentanomial)));
            eprint!(
                "\rgame {}/{games}: +{} ={} -{}  score {:.1}%{progress}   ",
                tally.games(),
                tally.wins,
                tally.draws,
                tally.losses,
                100.0 * tally.score()
            );
            // Once decided, decided: a pair still running when the test stopped is counted,
            // but does not undo the verdict.
            if let (Some(test), None) = (sprt, verdict) {
                verdict = test.verdict(&pentanomial);
            }
            verdict.is_none()
        },
    )
    .map_err(Failure::Error)?;
    eprintln!();
    let n = tally.games();
    let (elo, error) = pentanomial.elo_with_error();
    println!(
        "{n} games on {0}x{0} komi {1}, {2:?} vs {3:?}: +{4} ={5} -{6}, score {7:.1}%, Elo {elo:+.0} ± {error:.0} (95%, pairs; ± {8:.0} counting games alone)",
        config.size,
        config.komi,
        budget,
        second_budget,
        tally.wins,
        tally.draws,
        tally.losses,
        100.0 * tally.score(),
        elo_error(&tally),
    );
    println!(
        "pairs by the first engine's points: {}",
        pentanomial.counts_text()
    );
    println!(
        "engine 1 won {} by road, {} on flats, {} on time; engine 2 won {} by road, {} on flats, {} on time; {:.0} plies a game; {:.0} s on {threads} threads",
        reasons[0][0],
        reasons[0][1],
        reasons[0][2],
        reasons[1][0],
        reasons[1][1],
        reasons[1][2],
        plies as f64 / n.max(1) as f64,
        start.elapsed().as_secs_f64()
    );
    if let Some(test) = sprt {
        let test: Sprt = test;
        println!(
            "SPRT {}{}",
            test.progress(&pentanomial),
            verdict.map_or(String::new(), |v| format!(": {v}"))
        );
    }
    Ok(())
}
