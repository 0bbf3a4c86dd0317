//! `tak`: the engine on the command line — perft, PTN replay, and (with the AI) TEI.

use std::io::Read;
use std::process::ExitCode;
use std::time::Instant;
use tak::{perft, ptn, tps, Config, Position};

const USAGE: &str = "\
usage: tak <command> [options]

commands:
  perft [--tps \"<TPS>\"] [--size N] [--full] DEPTH
        count leaf positions to DEPTH plies; prints '<depth> <nodes>' for each depth
        from 1 to DEPTH (timing on stderr). Without --tps, the empty board of --size
        (default 5). --full plays every move to the leaves instead of counting the last ply.
  ptn [FILE]
        replay a PTN game from FILE (or standard input) and print 'tps <final TPS>' and
        'result <R-0|0-R|F-0|0-F|1/2-1/2|none>' as the rules decide.
  tei   speak the Tak Engine Interface on standard input and output (for match runners)
  selfplay [--size N] [--games G] [--seed S] [--komi K] LEVEL_A LEVEL_B
        play LEVEL_A against LEVEL_B (1-6) from varied openings, colours alternating, and
        print LEVEL_A's wins, losses, draws and score
  bench [--nodes N]
        search speed: nodes per second over a set of positions
  help  show this text";

enum Failure {
    Usage(String),
    Error(String),
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("perft") => run_perft(&args[1..]),
        Some("ptn") => run_ptn(&args[1..]),
        Some("tei") => run_tei(),
        Some("selfplay") => run_selfplay(&args[1..]),
        Some("bench") => run_bench(&args[1..]),
        Some("help" | "--help" | "-h") => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Some(other) => Err(Failure::Usage(format!("unknown command '{other}'"))),
        None => Err(Failure::Usage("no command given".into())),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(message)) => {
            eprintln!("tak: {message}\n\n{USAGE}");
            ExitCode::from(2)
        }
        Err(Failure::Error(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(1)
        }
    }
}

fn run_perft(args: &[String]) -> Result<(), Failure> {
    let mut tps_text = None;
    let mut size = None;
    let mut depth = None;
    let mut full = false;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--help" | "-h" => {
                println!("{USAGE}");
                return Ok(());
            }
            "--tps" => {
                tps_text = Some(
                    it.next()
                        .ok_or_else(|| Failure::Usage("--tps needs a position".into()))?,
                )
            }
            "--size" => {
                let v = it
                    .next()
                    .ok_or_else(|| Failure::Usage("--size needs a number".into()))?;
                size = Some(
                    v.parse::<u8>()
                        .map_err(|_| Failure::Usage(format!("--size '{v}' is not a number")))?,
                );
            }
            "--full" => full = true,
            d if depth.is_none() && !d.starts_with('-') => {
                depth = Some(
                    d.parse::<u32>()
                        .map_err(|_| Failure::Usage(format!("depth '{d}' is not a number")))?,
                );
            }
            other => return Err(Failure::Usage(format!("unexpected argument '{other}'"))),
        }
    }
    let depth = depth.ok_or_else(|| Failure::Usage("perft needs a DEPTH".into()))?;
    let mut pos = match (tps_text, size) {
        (Some(t), _) => {
            let rows = tps::size_of(t).min(255) as u8;
            if size.is_some_and(|s| s != rows) {
                return Err(Failure::Usage(format!(
                    "--size {} does not match the TPS ({rows} rows)",
                    size.unwrap_or(0)
                )));
            }
            Position::from_tps(t).map_err(|e| Failure::Usage(e.to_string()))?
        }
        (None, s) => Position::with_config(
            Config::standard(s.unwrap_or(5)).map_err(|e| Failure::Usage(e.to_string()))?,
        ),
    };
    for d in 1..=depth {
        let start = Instant::now();
        let nodes = if full {
            perft::perft_full(&mut pos, d)
        } else {
            perft::perft(&mut pos, d)
        };
        let secs = start.elapsed().as_secs_f64();
        println!("{d} {nodes}");
        eprintln!(
            "depth {d}: {nodes} leaves in {secs:.3} s, {:.1} M leaves/s",
            nodes as f64 / secs.max(1e-9) / 1e6
        );
    }
    Ok(())
}

fn run_ptn(args: &[String]) -> Result<(), Failure> {
    let text = match args {
        [] => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| Failure::Error(format!("cannot read standard input: {e}")))?;
            text
        }
        [flag] if flag == "--help" || flag == "-h" => {
            println!("{USAGE}");
            return Ok(());
        }
        [file] => std::fs::read_to_string(file)
            .map_err(|e| Failure::Error(format!("cannot read {file}: {e}")))?,
        _ => return Err(Failure::Usage("ptn takes at most one FILE".into())),
    };
    let game = ptn::parse_game(&text).map_err(|e| Failure::Error(e.to_string()))?;
    let pos = game.position();
    println!("tps {}", tps::write(pos));
    println!(
        "result {}",
        pos.outcome().map_or("none", |o| o.ptn_result())
    );
    Ok(())
}

/// TEI needs a thread for the search; wasm builds of this command (only ever compiled by the
/// wasm test runner) say so instead.
#[cfg(target_arch = "wasm32")]
fn run_tei() -> Result<(), Failure> {
    Err(Failure::Error(
        "TEI is not available in a wasm build".into(),
    ))
}

#[cfg(not(target_arch = "wasm32"))]
fn run_tei() -> Result<(), Failure> {
    use std::io::BufRead;
    use std::sync::{Arc, Mutex};
    let out = Arc::new(Mutex::new(std::io::stdout()));
    let mut session = tak::ai::tei::Session::new(out);
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|e| Failure::Error(format!("cannot read standard input: {e}")))?;
        if !session.handle(&line) {
            return Ok(());
        }
    }
    session.handle("quit");
    Ok(())
}

/// Named `--name value` options, and positional arguments.
type Arguments<'a> = (Vec<(&'a str, &'a str)>, Vec<&'a str>);

/// Reads `--name value` options and positional arguments.
fn options<'a>(args: &'a [String], names: &[&str]) -> Result<Arguments<'a>, Failure> {
    let mut named = Vec::new();
    let mut positional = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        if let Some(name) = arg.strip_prefix("--") {
            if !names.contains(&name) {
                return Err(Failure::Usage(format!("unknown option '{arg}'")));
            }
            let value = it
                .next()
                .ok_or_else(|| Failure::Usage(format!("{arg} needs a value")))?;
            named.push((name, value.as_str()));
        } else {
            positional.push(arg.as_str());
        }
    }
    Ok((named, positional))
}

fn number<T: std::str::FromStr>(
    named: &[(&str, &str)],
    name: &str,
    default: T,
) -> Result<T, Failure> {
    match named.iter().rev().find(|(n, _)| *n == name) {
        Some((_, v)) => v
            .parse()
            .map_err(|_| Failure::Usage(format!("--{name} '{v}' is not a number"))),
        None => Ok(default),
    }
}

fn run_selfplay(args: &[String]) -> Result<(), Failure> {
    use tak::ai::level::Level;
    let (named, positional) = options(args, &["size", "games", "seed", "komi"])?;
    let [a, b] = positional[..] else {
        return Err(Failure::Usage(
            "selfplay needs two levels, e.g. 'selfplay 2 1'".into(),
        ));
    };
    let level = |s: &str| match s.parse::<u8>() {
        Ok(n @ 1..=6) => Ok(Level::get(n)),
        _ => Err(Failure::Usage(format!("level '{s}' is not 1 to 6"))),
    };
    let (a, b) = (level(a)?, level(b)?);
    let size: u8 = number(&named, "size", 5)?;
    let games: u32 = number(&named, "games", 100)?;
    let seed: u64 = number(&named, "seed", 1)?;
    let komi: tak::Komi = match named.iter().find(|(n, _)| *n == "komi") {
        Some((_, k)) => k
            .parse()
            .map_err(|e: tak::config::ConfigError| Failure::Usage(e.to_string()))?,
        None => tak::Komi::default(),
    };
    let config = Config::standard(size)
        .map_err(|e| Failure::Usage(e.to_string()))?
        .with_komi(komi);
    let start = Instant::now();
    let tally = tak::ai::selfplay::run_match(config, &a, &b, games, seed, |n, points| {
        eprint!(
            "\rgame {n}/{games}: {}   ",
            if points == 1.0 {
                "win"
            } else if points == 0.0 {
                "loss"
            } else {
                "draw"
            }
        );
    });
    eprintln!();
    println!(
        "level {} ({}) vs level {} ({}) on {size}x{size}, komi {komi}, {games} games: {} wins, {} losses, {} draws, score {:.1}% ({:.0} s)",
        a.number,
        a.name,
        b.number,
        b.name,
        tally.wins,
        tally.losses,
        tally.draws,
        100.0 * tally.score(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn run_bench(args: &[String]) -> Result<(), Failure> {
    use tak::ai::search::{SearchLimits, Searcher};
    let (named, positional) = options(args, &["nodes"])?;
    if !positional.is_empty() {
        return Err(Failure::Usage(format!(
            "unexpected argument '{}'",
            positional[0]
        )));
    }
    let nodes: u64 = number(&named, "nodes", 1_000_000)?;
    let mut total_nodes = 0;
    let mut total_ms = 0.0;
    for tps in tak::ai::BENCH_POSITIONS {
        let pos = Position::from_tps(tps).map_err(|e| Failure::Error(e.to_string()))?;
        let mut searcher = Searcher::new(16);
        let r = searcher.search(&pos, SearchLimits::nodes(nodes), |_| {});
        total_nodes += r.nodes;
        total_ms += r.time_ms;
        println!(
            "{tps:<62} depth {:>2}  {:>9} nodes  {:>7.0} nodes/s",
            r.depth,
            r.nodes,
            r.nps()
        );
    }
    println!(
        "total {total_nodes} nodes in {:.2} s: {:.0} nodes/s",
        total_ms / 1000.0,
        total_nodes as f64 * 1000.0 / total_ms
    );
    Ok(())
}
