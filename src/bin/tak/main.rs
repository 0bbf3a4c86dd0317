//! `tak`: the engine on the command line — perft, PTN replay, TEI, matches, training,
//! puzzles and SVG. The arguments are declared once in `args.rs` and read by clap: each
//! command has its own `--help`, and a bad argument is named with the command's usage (exit
//! status 2); a failure is one `error: …` line (exit status 1).
//!
//! The command line is native only: the wasm test runner compiles every target for wasm,
//! and gets an empty `main`.

#[cfg(not(target_arch = "wasm32"))]
mod args;
#[cfg(not(target_arch = "wasm32"))]
mod matches;
#[cfg(not(target_arch = "wasm32"))]
mod training;

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    native::main()
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use super::args::{self, Cli, Command};
    use clap::{CommandFactory, Parser};
    use std::io::Read;
    use std::process::ExitCode;
    use std::time::Instant;
    use tak::{perft, ptn, tps, Config, EndReason, Move, Position};

    use super::{matches, training};

    /// Why a command did not do its work.
    pub enum Failure {
        /// An argument that clap could not judge alone (e.g. --size against the TPS): said with
        /// the command's usage, as clap's own refusals are.
        Usage(String),
        Error(String),
    }

    /// A file that could not be read or written, named.
    pub fn io_error(path: &str, e: std::io::Error) -> Failure {
        Failure::Error(format!("cannot use {path}: {e}"))
    }

    pub fn read(path: &str) -> Result<String, Failure> {
        std::fs::read_to_string(path).map_err(|e| io_error(path, e))
    }

    pub fn main() -> ExitCode {
        let cli = Cli::parse();
        let (name, result) = match cli.command {
            Command::Perft(a) => ("perft", run_perft(a)),
            Command::Ptn(a) => ("ptn", run_ptn(a)),
            Command::Tei(a) => ("tei", run_tei(a)),
            Command::Selfplay(a) => ("selfplay", run_selfplay(a)),
            Command::Bench(a) => ("bench", run_bench(a)),
            Command::Match(a) => ("match", matches::run_match(a)),
            Command::Book(a) => ("book", training::run_book(a)),
            Command::Gen(a) => ("gen", training::run_gen(a)),
            Command::Tune(a) => ("tune", training::run_tune(a)),
            Command::Train(a) => ("train", training::run_train(a)),
            Command::Policy(a) => ("policy", training::run_policy(a)),
            Command::Tinue(a) => ("tinue", run_tinue(a)),
            Command::Puzzles(a) => ("puzzles", run_puzzles(a)),
            Command::Render(a) => ("render", run_render(a)),
        };
        match result {
            Ok(()) => ExitCode::SUCCESS,
            Err(Failure::Usage(message)) => {
                let mut command = Cli::command();
                command.build();
                let sub = command
                    .find_subcommand_mut(name)
                    .expect("every command is a subcommand");
                sub.error(clap::error::ErrorKind::ValueValidation, message)
                    .exit()
            }
            Err(Failure::Error(message)) => {
                eprintln!("error: {message}");
                ExitCode::from(1)
            }
        }
    }

    fn run_perft(a: args::Perft) -> Result<(), Failure> {
        let depth = a.depth;
        let full = a.full;
        let mut pos = match a.tps {
            Some(t) => {
                let rows = tps::board_size(&t).map_err(|e| Failure::Error(e.to_string()))?;
                if let Some(size) = a.size.filter(|&s| s != rows) {
                    return Err(Failure::Usage(format!(
                        "--size {size} does not match the TPS ({rows} rows)"
                    )));
                }
                let config = Config::standard(rows)
                    .map_err(|e| Failure::Error(e.to_string()))?
                    .with_opening(a.opening);
                tps::parse(&t, config).map_err(|e| Failure::Error(e.to_string()))?
            }
            None => Position::with_config(
                Config::standard(a.size.unwrap_or(5))
                    .expect("the size was checked as it was read")
                    .with_opening(a.opening),
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

    fn run_ptn(a: args::PtnReplay) -> Result<(), Failure> {
        let text = match &a.file {
            None => {
                let mut text = String::new();
                std::io::stdin()
                    .read_to_string(&mut text)
                    .map_err(|e| Failure::Error(format!("cannot read standard input: {e}")))?;
                text
            }
            Some(file) => read(file)?,
        };
        let game = if tak::playtak::looks_like_server_notation(&text) {
            tak::playtak::parse_game(&text)
        } else {
            ptn::parse_game(&text)
        }
        .map_err(|e| Failure::Error(e.to_string()))?;
        let pos = game.position();
        println!("tps {}", tps::write(pos));
        println!(
            "result {}",
            pos.outcome().map_or("none", |o| o.ptn_result())
        );
        Ok(())
    }

    fn run_tei(a: args::Tei) -> Result<(), Failure> {
        use std::io::BufRead;
        use std::sync::{Arc, Mutex};
        let out = Arc::new(Mutex::new(std::io::stdout()));
        if a.no_policy {
            tak::ai::search::set_policy_default(false);
        } else if a.policy {
            tak::ai::search::set_policy_default(true);
        }
        let mut session = tak::ai::tei::Session::new(out);
        let mut input = std::io::stdin().lock();
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            let read = input
                .read_until(b'\n', &mut bytes)
                .map_err(|e| Failure::Error(format!("cannot read standard input: {e}")))?;
            if read == 0 {
                break;
            }
            // A line that is not UTF-8 is answered and passed over: a match runner that sent
            // one garbled line must not lose its engine.
            if !session.handle_bytes(&bytes) {
                return Ok(());
            }
        }
        session.handle("quit");
        Ok(())
    }

    fn run_selfplay(a: args::Selfplay) -> Result<(), Failure> {
        use tak::ai::level::Level;
        let (a_level, b_level) = (Level::get(a.level_a), Level::get(a.level_b));
        let config = a.game.config();
        let (size, komi, games, seed) = (a.game.size, a.game.komi, a.games, a.seed);
        let threads = a.concurrency.map_or_else(tak::ai::pool::cores, usize::from);
        let (a, b) = (a_level, b_level);
        let start = Instant::now();
        let pairs = games.div_ceil(2);
        let mut done = 0;
        let (tally, pentanomial) =
            tak::ai::selfplay::run_match(config, &a, &b, pairs, seed, threads, |_| {
                done += 1;
                eprint!("\rpair {done}/{pairs}   ");
            });
        eprintln!();
        let (elo, error) = pentanomial.elo_with_error();
        println!(
        "level {} ({}) vs level {} ({}) on {size}x{size}, komi {komi}, {} games: {} wins, {} losses, {} draws, score {:.1}%, Elo {elo:+.0} ± {error:.0} (95%, pairs {}) ({:.0} s)",
        a.number,
        a.name,
        b.number,
        b.name,
        tally.games(),
        tally.wins,
        tally.losses,
        tally.draws,
        100.0 * tally.score(),
        pentanomial.counts_text(),
        start.elapsed().as_secs_f64()
    );
        Ok(())
    }

    fn run_bench(a: args::Bench) -> Result<(), Failure> {
        use tak::ai::search::{SearchLimits, Searcher};
        let policy = !a.no_policy;
        let limits = match a.movetime {
            Some(ms) => SearchLimits::time(ms),
            None => SearchLimits::nodes(a.nodes),
        };
        let listed = match &a.positions {
            Some(path) => read(path)?,
            None => tak::ai::BENCH_POSITIONS.join("\n"),
        };
        let mut total_nodes = 0;
        let mut total_ms = 0.0;
        for tps in listed.lines().map(str::trim).filter(|l| !l.is_empty()) {
            let pos = Position::from_tps(tps).map_err(|e| Failure::Error(e.to_string()))?;
            let mut searcher = Searcher::new(16);
            searcher.set_policy(policy);
            let r = searcher.search(&pos, limits, |_| {});
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

    /// How the game ends after `line` from `pos` (a proved tinue's main line).
    fn end_of(pos: &Position, line: &[Move]) -> Option<tak::Outcome> {
        let mut end = pos.clone();
        for &mv in line {
            end.play(mv).ok()?;
        }
        end.outcome()
    }

    fn run_tinue(a: args::Tinue) -> Result<(), Failure> {
        use tak::ai::tinue::{TinueLimits, TinueResult, TinueSolver};
        let limits = TinueLimits {
            plies: a.plies,
            nodes: a.nodes,
        };
        let text = &a.tps;
        let pos = Position::from_tps(text)
            .map_err(|e| Failure::Error(format!("'{text}' is not a position: {e}")))?;
        let mut solver = TinueSolver::for_budget(limits.nodes);
        let start = Instant::now();
        let result = solver.solve(&pos, limits);
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        let verdict = match result {
            TinueResult::Tinue { line } => {
                let plies = ptn::write_line(&pos, &line);
                println!("tinue {}\n{}", plies[0], plies.join(" "));
                let win = match end_of(&pos, &line).map(|o| o.reason) {
                    Some(EndReason::Flats) => "a flat win",
                    _ => "road",
                };
                format!("{win} in {} plies", line.len())
            }
            TinueResult::NoTinue { plies } => {
                println!("no tinue");
                match plies {
                    Some(n) => format!("no forced win by threats within {n} plies"),
                    None => "no forced win by threats at any length".into(),
                }
            }
            TinueResult::Unknown => {
                println!("unknown");
                format!("the budget of {} nodes ran out", limits.nodes)
            }
        };
        eprintln!("{verdict}; {} nodes in {ms:.1} ms", solver.nodes());
        Ok(())
    }

    fn run_puzzles(a: args::Puzzles) -> Result<(), Failure> {
        use tak::puzzle::{write_set, Mined, Miner};
        let (all, selfplay, level, seed, nodes, per_group) =
            (a.all, a.selfplay, a.level, a.seed, a.nodes, a.per_group);
        let (plies, sizes) = (a.plies, a.sizes);
        let games_file = a.games.as_deref();
        let out = a.out.as_deref();
        let start = Instant::now();
        let mut miner = Miner::new(&plies, nodes);
        // Walks one game: every position before a ply, the puzzle's first move being that ply.
        // A position is not kept when the same attacker had a forced road two plies before
        // (the game's continuation of a tinue already found), unless --all.
        let walk = |miner: &mut Miner, start: &Position, moves: &[tak::Move], name: &str| {
            let mut pos = start.clone();
            let mut tinue_at: [Option<usize>; 2] = [None, None];
            for i in 0..=moves.len() {
                if pos.is_over() {
                    break;
                }
                let side = pos.to_move().index();
                let continues = i >= 2 && tinue_at[side] == Some(i - 2);
                let ply = pos.ply() + 1;
                let result =
                    miner.consider(&pos, all || !continues, || format!("{name}, ply {ply}"));
                if matches!(result, Mined::Puzzle(_) | Mined::Tinue(_)) {
                    tinue_at[side] = Some(i);
                }
                if moves.get(i).is_none_or(|&mv| pos.play(mv).is_err()) {
                    break;
                }
            }
        };
        let mut real_positions = 0;
        if let Some(path) = games_file {
            let text = std::fs::read_to_string(path)
                .map_err(|e| Failure::Error(format!("cannot read {path}: {e}")))?;
            let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
            for (n, line) in lines.iter().enumerate() {
                let at = |e| Failure::Error(format!("{path}:{}: {e}", n + 1));
                let game = tak::real_game::RealGame::parse(line).map_err(at)?;
                let (config, moves) = (game.config().map_err(at)?, game.moves().map_err(at)?);
                let before = miner.scanned;
                walk(
                    &mut miner,
                    &Position::with_config(config),
                    &moves,
                    &game.name(),
                );
                real_positions += miner.scanned - before;
                eprint!(
                    "\rreal game {}/{}: {} puzzles, {:.0} s   ",
                    n + 1,
                    lines.len(),
                    miner.found().count(),
                    start.elapsed().as_secs_f64()
                );
            }
            eprintln!();
        }
        let mut selfplay_positions = 0;
        if selfplay > 0 {
            use tak::ai::level::Level;
            use tak::ai::selfplay::{opening, play};
            let strength = Level::get(level);
            for game in 0..selfplay {
                let size = sizes[game as usize % sizes.len().max(1)];
                let config = Config::standard(size).map_err(|e| Failure::Usage(e.to_string()))?;
                let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(game as u64);
                let first = opening(config, game_seed);
                let record = play(&first, &strength, &strength, game_seed, 300);
                let name = format!(
                    "self-play {size}x{size} level {} seed {seed} game {}",
                    strength.number,
                    game + 1
                );
                let before = miner.scanned;
                walk(&mut miner, &first, &record.moves, &name);
                selfplay_positions += miner.scanned - before;
                eprint!(
                    "\rself-play game {}/{selfplay}: {} puzzles, {:.0} s   ",
                    game + 1,
                    miner.found().count(),
                    start.elapsed().as_secs_f64()
                );
            }
            eprintln!();
        }
        let (scanned, repeats, unknown, spent) = (
            miner.scanned,
            miner.repeats,
            miner.unknown,
            miner.nodes_spent,
        );
        let found = miner.found().count();
        let puzzles = miner.finish(per_group);
        let secs = start.elapsed().as_secs_f64();
        let mut counts = String::new();
        for &p in &plies {
            let of: Vec<_> = puzzles.iter().filter(|z| z.plies == p).collect();
            let mut by_size = Vec::new();
            for size in 3..=8u8 {
                let n = of.iter().filter(|z| z.position.size() == size).count();
                if n > 0 {
                    by_size.push(format!("{n} on {size}x{size}"));
                }
            }
            counts.push_str(&format!(
                "{} in {p} plies ({}); ",
                of.len(),
                if by_size.is_empty() {
                    "none".to_string()
                } else {
                    by_size.join(", ")
                }
            ));
        }
        let summary = format!(
            "{} puzzles{}: {}from {scanned} positions ({real_positions} of real games, \
         {selfplay_positions} of self-play; {repeats} repeats up to symmetry, {unknown} over \
         the budget of {nodes} nodes), {spent} solver nodes in {secs:.0} s",
            puzzles.len(),
            per_group.map_or(String::new(), |k| format!(
                " (of {found} found, at most {k} per length and size)"
            )),
            counts
        );
        println!("{summary}");
        if let Some(path) = out {
            let command = std::iter::once("tak puzzles".to_string())
                .chain(std::env::args().skip(2))
                .collect::<Vec<_>>()
                .join(" ");
            let header = [
            format!("Tinue puzzles mined by: {command}"),
            summary,
            "Each puzzle: the TPS tag is the position (the player to move attacks), the main line \
             the solution ending in the road; Difficulty is the rank by plies, then the \
             defender's replies to the first move, then solver nodes."
                .to_string(),
        ];
            std::fs::write(path, write_set(&puzzles, &header))
                .map_err(|e| Failure::Error(format!("cannot write {path}: {e}")))?;
        } else {
            print!("{}", write_set(&puzzles, &[]));
        }
        Ok(())
    }

    /// `tak render`: the board as SVG, for static site generators.
    fn run_render(a: args::Render) -> Result<(), Failure> {
        use tak::web::{config::BoardOptions, marks, state::Board, svg};
        let (highlight, arrows, labels) = (a.highlight, a.arrows, a.labels);
        let (width, height, dark) = (a.width, a.height, a.dark);
        let (coordinates, flipped) = (!a.no_coordinates, a.flip);
        let game = match (a.tps, a.ptn) {
            (Some(t), _) => tak::Game::new(
                Position::from_tps(&t).map_err(|e| Failure::Error(format!("TPS: {e}")))?,
            ),
            (None, Some(file)) => {
                let text = if file == "-" {
                    let mut s = String::new();
                    std::io::stdin()
                        .read_to_string(&mut s)
                        .map_err(|e| Failure::Error(e.to_string()))?;
                    s
                } else {
                    read(&file)?
                };
                let mut g =
                    ptn::parse_game(&text).map_err(|e| Failure::Error(format!("PTN: {e}")))?;
                if let Some(n) = a.ply {
                    if n > g.line().len() {
                        return Err(Failure::Error(format!(
                            "--ply {n} is past the end of the game ({} plies)",
                            g.line().len()
                        )));
                    }
                    g.goto(n);
                }
                g
            }
            (None, None) => unreachable!("clap requires --tps or --ptn"),
        };
        let mut board = Board::new(
            game,
            BoardOptions {
                coordinates,
                flipped,
                ..BoardOptions::default()
            },
        );
        let mut all = Vec::new();
        for (text, parse) in [
            (
                &arrows,
                marks::parse_arrows as fn(&str) -> Result<Vec<marks::Mark>, String>,
            ),
            (&highlight, marks::parse_highlights),
            (&labels, marks::parse_labels),
        ] {
            all.extend(parse(text).map_err(Failure::Error)?);
        }
        board.set_host_marks(all);
        print!("{}", svg::board_svg(&board, width, height, dark));
        Ok(())
    }
}
