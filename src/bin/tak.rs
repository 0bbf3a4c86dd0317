//! `tak`: the engine on the command line — perft, PTN replay, and (with the AI) TEI.

use std::io::Read;
use std::process::ExitCode;
use std::time::Instant;
use tak::{perft, ptn, tps, Config, Opening, Position};

const USAGE: &str = "\
usage: tak <command> [options]

commands:
  perft [--tps \"<TPS>\"] [--size N] [--opening swap|no-swap] [--full] DEPTH
        count leaf positions to DEPTH plies; prints '<depth> <nodes>' for each depth
        from 1 to DEPTH (timing on stderr). Without --tps, the empty board of --size
        (default 5). --opening no-swap: the first two plies place the mover's own flat.
        --full plays every move to the leaves instead of counting the last ply.
  ptn [FILE]
        replay a PTN game (or one in playtak.com's server notation: P A1 C, M A2 A4 2 1) from
        FILE (or standard input) and print 'tps <final TPS>' and
        'result <R-0|0-R|F-0|0-F|1/2-1/2|none>' as the rules decide.
  tei [--no-policy]
        speak the Tak Engine Interface on standard input and output (for match runners);
        --no-policy: without the learned move-ordering policy (used on 6x6 only)
  selfplay [--size N] [--games G] [--seed S] [--komi K] LEVEL_A LEVEL_B
        play LEVEL_A against LEVEL_B (1-6) from varied openings, colours alternating, and
        print LEVEL_A's wins, losses, draws and score
  bench [--nodes N] [--movetime MS] [--positions FILE] [--no-policy]
        search speed: depth, nodes and nodes per second over a set of positions (or the TPS
        lines of FILE), each searched to N nodes or for MS milliseconds
  match [--size N] [--komi K] [--games G] [--seed S] [--nodes N] [--nodes2 N]
        [--movetime MS] [--movetime2 MS] [--clock S+INC] [--clock2 S+INC] [--depth D]
        [--sprt ELO0,ELO1] [--max-plies P]
        [--pgn FILE]
        \"ENGINE1\" \"ENGINE2\"
        play two TEI engines (shell commands) against each other from seeded openings, each
        played twice with colours swapped; print ENGINE1's wins/draws/losses, score and Elo
        with a 95% error bar (and stop early when --sprt decides). --nodes2 and --movetime2
        give the second engine another budget (odds against a much stronger engine)
  gen [--size N] [--komi K] [--games G] [--nodes N] [--seed S] --out FILE
        self-play games for training the evaluation, one line per game, appended to FILE
  tune [--iterations I] [--l2 X] [--check REAL_GAMES.jsonl] [--out FILE] [--init] GAMES...
        fit the evaluation's weights to the outcomes of the games in GAMES (files written by
        gen), per size, starting from the compiled weights, and write them as Rust source
        (default src/ai/weights.rs); --init writes hand-set starting weights instead
  policy [--size N] [--epochs E] [--rate R] [--l2 X] [--hold H] [--out FILE] GAMES...
        fit the move-ordering policy to the moves played in GAMES (training lines or match
        records of board size N, default 6), holding every H-th game out (default 10); print
        its top-1/top-5 accuracy and write its weights (src/ai/policy_weights.rs) to FILE
  tinue [--plies N] [--nodes N] \"<TPS>\"
        prove whether the player to move forces a road whatever the defence (by road
        threats; up to N plies, default 7, and N nodes, default 1000000). Prints 'tinue
        <first move>' and the proof's main line in PTN, ending in the road (each defence the
        one that holds out longest); 'no tinue' (none within N plies); or 'unknown' (the
        nodes ran out). Nodes and time on stderr.
  puzzles [--games REAL_GAMES.jsonl] [--selfplay N] [--sizes 5,6] [--level L] [--seed S]
        [--plies 3,5,7] [--nodes N] [--all] [--per-group K] [--out FILE]
        mine tinue puzzles: every position of the real games (one JSON object a line, as
        ../shared/data/real-games.jsonl) and of N self-play games at LEVEL (default 3) on
        the sizes in turn, where the player to move forces a road in exactly one of the
        plies asked (the shortest proof counts; N solver nodes a position, default 200000)
        and has no road at once. Repeats up to the board's symmetries are dropped, and
        (unless --all) the later positions of a game's tinue already found; --per-group keeps
        at most K of each length and size, evenly from easiest to hardest. Writes the set,
        easiest first, as PTN (default standard output); counts on stdout, progress on stderr
  render (--tps \"<TPS>\" | --ptn FILE [--ply N]) [--highlight LIST] [--arrows LIST]
        [--labels LIST] [--width PX] [--height PX] [--dark] [--no-coordinates] [--flip]
        write the board as SVG on standard output (the same drawing as the page's canvas),
        with marks: --highlight c3,d4:red  --arrows c3-e3  --labels b2:1,b3:A; --flip
        draws it from Black's side
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
        Some("match") => run_match(&args[1..]),
        Some("gen") => run_gen(&args[1..]),
        Some("tune") => run_tune(&args[1..]),
        Some("policy") => run_policy(&args[1..]),
        Some("render") => run_render(&args[1..]),
        Some("tinue") => run_tinue(&args[1..]),
        Some("puzzles") => run_puzzles(&args[1..]),
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
            eprintln!("error: {message}\n\n{USAGE}");
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
    let mut opening = Opening::Swap;
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
            "--opening" => {
                let v = it
                    .next()
                    .ok_or_else(|| Failure::Usage("--opening needs swap or no-swap".into()))?;
                opening = v
                    .parse()
                    .map_err(|e| Failure::Usage(format!("--opening: {e}")))?;
            }
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
            let rows = tps::board_size(t).map_err(|e| Failure::Usage(e.to_string()))?;
            if size.is_some_and(|s| s != rows) {
                return Err(Failure::Usage(format!(
                    "--size {} does not match the TPS ({rows} rows)",
                    size.unwrap_or(0)
                )));
            }
            let config = Config::standard(rows)
                .map_err(|e| Failure::Usage(e.to_string()))?
                .with_opening(opening);
            tps::parse(t, config).map_err(|e| Failure::Usage(e.to_string()))?
        }
        (None, s) => Position::with_config(
            Config::standard(s.unwrap_or(5))
                .map_err(|e| Failure::Usage(e.to_string()))?
                .with_opening(opening),
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
    for arg in std::env::args().skip(2) {
        match arg.as_str() {
            "--policy" => tak::ai::search::set_policy_default(true),
            "--no-policy" => tak::ai::search::set_policy_default(false),
            _ => {}
        }
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
    // `--no-policy`: without the learned move-ordering policy (used on the sizes it was
    // fitted for), to compare.
    let policy = !args.iter().any(|a| a == "--no-policy");
    let args: Vec<String> = args
        .iter()
        .filter(|a| *a != "--policy" && *a != "--no-policy")
        .cloned()
        .collect();
    let (named, positional) = options(&args, &["nodes", "movetime", "positions"])?;
    if !positional.is_empty() {
        return Err(Failure::Usage(format!(
            "unexpected argument '{}'",
            positional[0]
        )));
    }
    let nodes: u64 = number(&named, "nodes", 1_000_000)?;
    let limits = if named.iter().any(|(n, _)| *n == "movetime") {
        SearchLimits::time(number(&named, "movetime", 300.0)?)
    } else {
        SearchLimits::nodes(nodes)
    };
    // `--positions FILE`: one TPS a line instead of the built-in positions.
    let listed = match named.iter().rev().find(|(n, _)| *n == "positions") {
        Some((_, path)) => std::fs::read_to_string(path)
            .map_err(|e| Failure::Error(format!("cannot read {path}: {e}")))?,
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

fn run_tinue(args: &[String]) -> Result<(), Failure> {
    use tak::ai::tinue::{TinueLimits, TinueResult, TinueSolver};
    let (named, positional) = options(args, &["plies", "nodes"])?;
    let [text] = positional[..] else {
        return Err(Failure::Usage(
            "tinue needs one position in TPS, e.g. tinue \"2,2,x3/x5/x5/1,1,1,x2/x4,1 1 5\"".into(),
        ));
    };
    let defaults = TinueLimits::default();
    let limits = TinueLimits {
        plies: number(&named, "plies", defaults.plies)?,
        nodes: number(&named, "nodes", defaults.nodes)?,
    };
    if !(1..=TinueLimits::MAX_PLIES).contains(&limits.plies) {
        return Err(Failure::Usage(format!(
            "--plies {} is not 1 to {}",
            limits.plies,
            TinueLimits::MAX_PLIES
        )));
    }
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
            format!("road in {} plies", line.len())
        }
        TinueResult::NoTinue { plies } => {
            println!("no tinue");
            match plies {
                Some(n) => format!("no forced road by road threats within {n} plies"),
                None => "no forced road by road threats at any length".into(),
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

/// A real game read from one line of the real-games file: what mining needs.
struct RealGame {
    config: Config,
    moves: Vec<tak::Move>,
    /// Where it comes from, for a puzzle's `Source` tag.
    name: String,
}

/// The real-games file is read with serde, native only; wasm builds of this command (only
/// ever compiled by the wasm test runner) say so instead.
#[cfg(target_arch = "wasm32")]
fn real_game(_line: &str) -> Result<RealGame, String> {
    Err("reading real games is not available in a wasm build".into())
}

#[cfg(not(target_arch = "wasm32"))]
fn real_game(line: &str) -> Result<RealGame, String> {
    let game = tak::real_game::RealGame::parse(line)?;
    Ok(RealGame {
        config: game.config()?,
        moves: game.moves()?,
        name: game.name(),
    })
}

/// A comma-separated list of numbers.
fn number_list(named: &[(&str, &str)], name: &str, default: &[u8]) -> Result<Vec<u8>, Failure> {
    match named.iter().rev().find(|(n, _)| *n == name) {
        Some((_, v)) => v
            .split(',')
            .map(|x| {
                x.trim()
                    .parse()
                    .map_err(|_| Failure::Usage(format!("--{name} '{v}' is not a list of numbers")))
            })
            .collect(),
        None => Ok(default.to_vec()),
    }
}

fn run_puzzles(args: &[String]) -> Result<(), Failure> {
    use tak::puzzle::{write_set, Mined, Miner};
    let all = args.iter().any(|a| a == "--all");
    let args: Vec<String> = args.iter().filter(|a| *a != "--all").cloned().collect();
    let (named, positional) = options(
        &args,
        &[
            "games",
            "selfplay",
            "sizes",
            "level",
            "seed",
            "plies",
            "nodes",
            "per-group",
            "out",
        ],
    )?;
    if let Some(extra) = positional.first() {
        return Err(Failure::Usage(format!("unexpected argument '{extra}'")));
    }
    let games_file = named.iter().rev().find(|(n, _)| *n == "games").map(|g| g.1);
    let selfplay: u32 = number(&named, "selfplay", 0)?;
    if games_file.is_none() && selfplay == 0 {
        return Err(Failure::Usage(
            "puzzles needs --games FILE or --selfplay N (or both)".into(),
        ));
    }
    let plies = number_list(&named, "plies", &[3, 5, 7])?;
    if plies.iter().any(|p| p % 2 == 0 || *p < 3 || *p > 15) {
        return Err(Failure::Usage(
            "--plies takes odd numbers from 3 to 15, e.g. 3,5,7".into(),
        ));
    }
    let sizes = number_list(&named, "sizes", &[5, 6])?;
    let level: u8 = number(&named, "level", 3)?;
    let seed: u64 = number(&named, "seed", 1)?;
    let nodes: u64 = number(&named, "nodes", 200_000)?;
    let out = named.iter().rev().find(|(n, _)| *n == "out").map(|o| o.1);
    let per_group = match named.iter().any(|(n, _)| *n == "per-group") {
        true => Some(number::<usize>(&named, "per-group", 0)?),
        false => None,
    };

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
            let result = miner.consider(&pos, all || !continues, || format!("{name}, ply {ply}"));
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
            let game =
                real_game(line).map_err(|e| Failure::Error(format!("{path}:{}: {e}", n + 1)))?;
            let before = miner.scanned;
            walk(
                &mut miner,
                &Position::with_config(game.config),
                &game.moves,
                &game.name,
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

#[cfg(target_arch = "wasm32")]
fn run_match(_: &[String]) -> Result<(), Failure> {
    Err(Failure::Error(
        "match is not available in a wasm build".into(),
    ))
}

#[cfg(target_arch = "wasm32")]
fn run_gen(_: &[String]) -> Result<(), Failure> {
    Err(Failure::Error(
        "gen is not available in a wasm build".into(),
    ))
}

#[cfg(target_arch = "wasm32")]
fn run_policy(_: &[String]) -> Result<(), Failure> {
    Err(Failure::Error(
        "policy is not available in a wasm build".into(),
    ))
}

#[cfg(target_arch = "wasm32")]
fn run_tune(_: &[String]) -> Result<(), Failure> {
    Err(Failure::Error(
        "tune is not available in a wasm build".into(),
    ))
}

#[cfg(not(target_arch = "wasm32"))]
fn config_from(named: &[(&str, &str)]) -> Result<Config, Failure> {
    let size: u8 = number(named, "size", 5)?;
    let komi: tak::Komi = match named.iter().rev().find(|(n, _)| *n == "komi") {
        Some((_, k)) => k
            .parse()
            .map_err(|e: tak::config::ConfigError| Failure::Usage(e.to_string()))?,
        None => tak::Komi::default(),
    };
    Ok(Config::standard(size)
        .map_err(|e| Failure::Usage(e.to_string()))?
        .with_komi(komi))
}

#[cfg(not(target_arch = "wasm32"))]
fn run_match(args: &[String]) -> Result<(), Failure> {
    use tak::ai::arena::{self, Budget, Engine, Tally};
    let (named, positional) = options(
        args,
        &[
            "size",
            "komi",
            "games",
            "seed",
            "nodes",
            "nodes2",
            "movetime",
            "movetime2",
            "clock",
            "clock2",
            "depth",
            "sprt",
            "max-plies",
            "pgn",
        ],
    )?;
    let [first, second] = positional[..] else {
        return Err(Failure::Usage(
            "match needs two engine commands, e.g. match \"tak tei\" \"old/tak tei\"".into(),
        ));
    };
    let config = config_from(&named)?;
    let games: u32 = number(&named, "games", 400)?;
    let seed: u64 = number(&named, "seed", 1)?;
    let max_plies: usize = number(&named, "max-plies", 400)?;
    let has = |name: &str| named.iter().any(|(n, _)| *n == name);
    let clock = |name: &str| -> Result<Option<Budget>, Failure> {
        match named.iter().rev().find(|(n, _)| *n == name) {
            Some((_, v)) => Budget::parse_clock(v)
                .map(Some)
                .map_err(|e| Failure::Usage(format!("--{name}: {e}"))),
            None => Ok(None),
        }
    };
    let budget = if let Some(clock) = clock("clock")? {
        clock
    } else if has("movetime") {
        Budget::MoveTime(number(&named, "movetime", 100)?)
    } else if has("depth") {
        Budget::Depth(number(&named, "depth", 3)?)
    } else {
        Budget::Nodes(number(&named, "nodes", 10_000)?)
    };
    let second_budget = if let Some(clock) = clock("clock2")? {
        clock
    } else if has("nodes2") {
        Budget::Nodes(number(&named, "nodes2", 10_000)?)
    } else if has("movetime2") {
        // Time odds: an outside engine far stronger at equal time is measured at less.
        Budget::MoveTime(number(&named, "movetime2", 100)?)
    } else {
        budget
    };
    let sprt = match named.iter().rev().find(|(n, _)| *n == "sprt") {
        Some((_, v)) => {
            let parts: Vec<f64> = v.split(',').filter_map(|x| x.trim().parse().ok()).collect();
            match parts[..] {
                [a, b] => Some((a, b)),
                _ => return Err(Failure::Usage(format!("--sprt '{v}' is not ELO0,ELO1"))),
            }
        }
        None => None,
    };
    let mut pgn = match named.iter().rev().find(|(n, _)| *n == "pgn") {
        Some((_, path)) => Some(
            std::fs::File::create(path)
                .map_err(|e| Failure::Error(format!("cannot write {path}: {e}")))?,
        ),
        None => None,
    };
    let mut engines = [
        Engine::start(first).map_err(Failure::Error)?,
        Engine::start(second).map_err(Failure::Error)?,
    ];
    // Before the first game: an engine that announced it does not play this size or komi is
    // named with what it does play, rather than left to crash mid-match.
    for engine in &engines {
        engine.check_plays(config).map_err(Failure::Error)?;
    }
    let start = Instant::now();
    let mut tally = Tally::default();
    // Wins of each engine by road, on flats and on time, and total plies.
    let mut reasons = [[0u32; 3]; 2];
    let mut plies = 0usize;
    let (lower, upper) = arena::sprt_bounds(0.05, 0.05);
    let mut verdict = None;
    for game in 0..games {
        let opening = arena::opening(config, seed.wrapping_add(game as u64 / 2));
        let first_is_white = game % 2 == 0;
        // An engine that dies mid-game (a crash, not a loss) is started again and the game
        // played again from its opening, so that one crash does not end a long run; a second
        // crash on the same game ends the match.
        let mut tries = 0;
        let result = loop {
            let [a, b] = &mut engines;
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
                        "\ngame {}: {why}; both engines started again, the game replayed",
                        game + 1
                    );
                    engines = [
                        Engine::start(first).map_err(Failure::Error)?,
                        Engine::start(second).map_err(Failure::Error)?,
                    ];
                }
                Err(why) => return Err(Failure::Error(why)),
            }
        };
        plies += result.plies;
        let first_color = if first_is_white {
            tak::Color::White
        } else {
            tak::Color::Black
        };
        match result.winner {
            Some(c) => {
                let engine = (c != first_color) as usize;
                if engine == 0 {
                    tally.wins += 1;
                } else {
                    tally.losses += 1;
                }
                match result.reason {
                    Some(tak::EndReason::Road) => reasons[engine][0] += 1,
                    Some(tak::EndReason::Flats) => reasons[engine][1] += 1,
                    Some(tak::EndReason::Time) => reasons[engine][2] += 1,
                    _ => {}
                }
            }
            None => tally.draws += 1,
        }
        if let Some(file) = pgn.as_mut() {
            use std::io::Write;
            let result_text = match result.winner {
                Some(tak::Color::White) => "1-0",
                Some(tak::Color::Black) => "0-1",
                None => "1/2-1/2",
            };
            let _ = writeln!(
                file,
                "game {} white {} result {} moves {}",
                game + 1,
                if first_is_white { 1 } else { 2 },
                result_text,
                result.moves.join(" ")
            );
        }
        eprint!(
            "\rgame {}/{games}: +{} ={} -{}  score {:.1}%   ",
            game + 1,
            tally.wins,
            tally.draws,
            tally.losses,
            100.0 * tally.score()
        );
        if let Some((elo0, elo1)) = sprt {
            let llr = arena::sprt_llr(&tally, elo0, elo1);
            // The normal approximation needs some games before it can be trusted.
            if game % 2 == 1 && game >= 39 && (llr >= upper || llr <= lower) {
                verdict = Some(if llr >= upper { "H1" } else { "H0" });
                break;
            }
        }
    }
    eprintln!();
    let n = tally.games();
    println!(
        "{n} games on {0}x{0} komi {1}, {2:?} vs {3:?}: +{4} ={5} -{6}, score {7:.1}%, Elo {8:+.0} ± {9:.0} (95%)",
        config.size,
        config.komi,
        budget,
        second_budget,
        tally.wins,
        tally.draws,
        tally.losses,
        100.0 * tally.score(),
        arena::elo(tally.score()),
        arena::elo_error(&tally),
    );
    println!(
        "engine 1 won {} by road, {} on flats, {} on time; engine 2 won {} by road, {} on flats, {} on time; {:.0} plies a game; {:.0} s",
        reasons[0][0],
        reasons[0][1],
        reasons[0][2],
        reasons[1][0],
        reasons[1][1],
        reasons[1][2],
        plies as f64 / n.max(1) as f64,
        start.elapsed().as_secs_f64()
    );
    if let Some((elo0, elo1)) = sprt {
        println!(
            "SPRT elo0 {elo0} elo1 {elo1}: LLR {:.2} (bounds {lower:.2}, {upper:.2}){}",
            arena::sprt_llr(&tally, elo0, elo1),
            verdict.map_or(String::new(), |v| format!(": {v} accepted"))
        );
    }
    Ok(())
}

#[cfg(not(target_arch = "wasm32"))]
fn run_gen(args: &[String]) -> Result<(), Failure> {
    use std::io::Write;
    use tak::ai::tune::{generate_games, GenOptions};
    let (named, positional) = options(args, &["size", "komi", "games", "nodes", "seed", "out"])?;
    if !positional.is_empty() {
        return Err(Failure::Usage(format!(
            "unexpected argument '{}'",
            positional[0]
        )));
    }
    let config = config_from(&named)?;
    let options = GenOptions {
        games: number(&named, "games", 100)?,
        nodes: number(&named, "nodes", 3_000)?,
        seed: number(&named, "seed", 1)?,
        ..GenOptions::default()
    };
    let Some((_, path)) = named.iter().rev().find(|(n, _)| *n == "out") else {
        return Err(Failure::Usage("gen needs --out FILE".into()));
    };
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

#[cfg(not(target_arch = "wasm32"))]
fn run_policy(args: &[String]) -> Result<(), Failure> {
    use tak::ai::policy_fit::{self, PolicyFitOptions};
    let (named, files) = options(args, &["size", "epochs", "rate", "l2", "out", "hold"])?;
    if files.is_empty() {
        return Err(Failure::Usage(
            "policy needs game files (training lines or match records)".into(),
        ));
    }
    let size: u8 = number(&named, "size", 6)?;
    let hold: usize = number(&named, "hold", 10)?;
    let options = PolicyFitOptions {
        epochs: number(&named, "epochs", 6)?,
        learning_rate: number(&named, "rate", 0.1)?,
        l2: number(&named, "l2", 1e-5)?,
        ..PolicyFitOptions::default()
    };
    let start = Instant::now();
    let mut text = String::new();
    for file in &files {
        text.push_str(
            &std::fs::read_to_string(file)
                .map_err(|e| Failure::Error(format!("cannot read {file}: {e}")))?,
        );
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
    if let Some((_, out)) = named.iter().rev().find(|(n, _)| *n == "out") {
        std::fs::write(out, policy_fit::weights_source(&weights, &provenance))
            .map_err(|e| Failure::Error(format!("cannot write {out}: {e}")))?;
    }
    Ok(())
}

#[cfg(not(target_arch = "wasm32"))]
fn run_tune(args: &[String]) -> Result<(), Failure> {
    use tak::ai::features::FEATURE_COUNT;
    use tak::ai::tune::{self, Labels, Samples, TrainingGame};
    use tak::ai::weights;
    let mut init = false;
    let args: Vec<String> = args
        .iter()
        .filter(|a| {
            if *a == "--init" {
                init = true;
                false
            } else {
                true
            }
        })
        .cloned()
        .collect();
    let (named, files) = options(
        &args,
        &["iterations", "l2", "check", "out", "carry", "result-share"],
    )?;
    let out = named
        .iter()
        .rev()
        .find(|(n, _)| *n == "out")
        .map_or("src/ai/weights.rs", |(_, p)| *p);
    let iterations: u32 = number(&named, "iterations", 400)?;
    let l2: f64 = number(&named, "l2", 1e-4)?;
    let result_share: f32 = number(&named, "result-share", 1.0)?;
    if !(0.0..=1.0).contains(&result_share) {
        return Err(Failure::Usage(format!(
            "--result-share {result_share} is not between 0 and 1"
        )));
    }
    let start = Instant::now();
    // Start from what is compiled in (back in logits), or from the hand-set weights.
    let mut logits = [[[0f32; 2]; FEATURE_COUNT]; 6];
    for (k, w) in logits.iter_mut().enumerate() {
        if init {
            *w = tune::handmade_weights(k as u8 + 3);
        } else {
            for (x, &units) in w.iter_mut().zip(&weights::WEIGHTS[k]) {
                *x = units.map(|u| u * weights::LOGIT_PER_UNIT[k]);
            }
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
    if let Some((_, path)) = named.iter().rev().find(|(n, _)| *n == "check") {
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
    if let Some((_, spec)) = named.iter().rev().find(|(n, _)| *n == "carry") {
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
    std::fs::write(out, tune::weights_source(&logits, &provenance))
        .map_err(|e| Failure::Error(format!("cannot write {out}: {e}")))?;
    println!("wrote {out} in {:.0} s", start.elapsed().as_secs_f64());
    Ok(())
}

/// `tak render`: the board as SVG, for static site generators.
fn run_render(args: &[String]) -> Result<(), Failure> {
    use tak::web::{config::BoardOptions, marks, state::Board, svg};
    let mut tps_text = None;
    let mut ptn_file = None;
    let mut ply: Option<usize> = None;
    let (mut highlight, mut arrows, mut labels) = (String::new(), String::new(), String::new());
    let (mut width, mut height) = (640.0_f64, 480.0_f64);
    let mut dark = false;
    let mut coordinates = true;
    let mut flipped = false;
    let mut it = args.iter();
    let value = |it: &mut std::slice::Iter<String>, flag: &str| {
        it.next()
            .cloned()
            .ok_or_else(|| Failure::Usage(format!("{flag} needs a value")))
    };
    let number = |text: String, flag: &str| -> Result<f64, Failure> {
        text.parse::<f64>()
            .ok()
            .filter(|v| (16.0..=8192.0).contains(v))
            .ok_or_else(|| Failure::Usage(format!("{flag} must be a size in pixels (16 to 8192)")))
    };
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--tps" => tps_text = Some(value(&mut it, "--tps")?),
            "--ptn" => ptn_file = Some(value(&mut it, "--ptn")?),
            "--ply" => {
                let v = value(&mut it, "--ply")?;
                ply =
                    Some(v.parse().map_err(|_| {
                        Failure::Usage(format!("--ply must be a number, not '{v}'"))
                    })?)
            }
            "--highlight" => highlight = value(&mut it, "--highlight")?,
            "--arrows" => arrows = value(&mut it, "--arrows")?,
            "--labels" => labels = value(&mut it, "--labels")?,
            "--width" => width = number(value(&mut it, "--width")?, "--width")?,
            "--height" => height = number(value(&mut it, "--height")?, "--height")?,
            "--dark" => dark = true,
            "--no-coordinates" => coordinates = false,
            "--flip" => flipped = true,
            "--help" | "-h" => {
                println!("{USAGE}");
                return Ok(());
            }
            other => {
                return Err(Failure::Usage(format!(
                    "unknown option '{other}' for render"
                )))
            }
        }
    }
    let game = match (tps_text, ptn_file) {
        (Some(t), None) => {
            tak::Game::new(Position::from_tps(&t).map_err(|e| Failure::Error(format!("TPS: {e}")))?)
        }
        (None, Some(file)) => {
            let text = if file == "-" {
                let mut s = String::new();
                std::io::stdin()
                    .read_to_string(&mut s)
                    .map_err(|e| Failure::Error(e.to_string()))?;
                s
            } else {
                std::fs::read_to_string(&file)
                    .map_err(|e| Failure::Error(format!("{file}: {e}")))?
            };
            let mut g = ptn::parse_game(&text).map_err(|e| Failure::Error(format!("PTN: {e}")))?;
            if let Some(n) = ply {
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
        _ => {
            return Err(Failure::Usage(
                "render needs --tps or --ptn (one of them)".into(),
            ))
        }
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
