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
