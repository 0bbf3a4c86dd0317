//! What each command of `tak` takes, declared once for clap: the parser, each command's
//! `--help` and the messages that name a bad argument all come from these types.

use clap::{Args, Parser, Subcommand};
use tak::ai::arena::Budget;
use tak::ai::stats::Sprt;
use tak::ai::tinue::TinueLimits;
use tak::{Config, Komi, Opening, Setup};

#[derive(Parser)]
#[command(
    name = "tak",
    version,
    about = "The Tak engine on the command line: perft, PTN replay, TEI, matches, training, \
             puzzles and SVG",
    arg_required_else_help = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Count leaf positions to DEPTH plies: prints '<depth> <nodes>' for each depth from 1
    /// to DEPTH (timing on standard error)
    Perft(Perft),
    /// Replay a PTN game (or one in playtak.com's server notation: P A1 C, M A2 A4 2 1) and
    /// print 'tps <final TPS>' and 'result <R-0|0-R|F-0|0-F|1/2-1/2|none>' as the rules decide
    Ptn(PtnReplay),
    /// Speak the Tak Engine Interface on standard input and output (for match runners and
    /// PTN Ninja)
    Tei(Tei),
    /// Play one level of the computer against another (1-6) from varied openings, colours
    /// alternating, and print the first level's wins, losses, draws and score
    Selfplay(Selfplay),
    /// Search speed: depth, nodes and nodes per second over a set of positions
    Bench(Bench),
    /// Play two TEI engines (shell commands) against each other from seeded openings, each
    /// played twice with colours swapped; print ENGINE1's wins, draws, losses, score and Elo
    /// with a 95% error bar
    Match(Match),
    /// Make the opening books of a size: the confirmation set (random, for outside engines)
    /// and the training book (balanced by our search, kept apart from it)
    Book(BookArgs),
    /// Self-play games for training the evaluation, one line per game, appended to FILE
    Gen(Gen),
    /// Fit the evaluation's weights to the outcomes of games (files written by gen), per
    /// size, starting from the compiled weights, and write them as Rust source
    Tune(Tune),
    /// One bounded round of the training loop for a size: self-play games, a fit, an SPRT of
    /// the fitted weights against the accepted ones, keep or drop; its state under data/train
    /// so that the next run goes on where this one stopped
    Train(Train),
    /// Fit the move-ordering policy to the moves played in games (training lines or match
    /// records of one board size) and write its weights
    Policy(Policy),
    /// Prove whether the player to move forces a road whatever the defence, by road threats
    ///
    /// Prints 'tinue <first move>' and the proof's main line in PTN, ending in the road (each
    /// defence the one that holds out longest); 'no tinue' (none within the plies); or
    /// 'unknown' (the nodes ran out). Nodes and time on standard error.
    Tinue(Tinue),
    /// Mine tinue puzzles from real games (one JSON object a line) and self-play games
    ///
    /// Every position where the player to move forces a road in exactly one of the plies
    /// asked (the shortest proof counts) and has no road at once. Repeats up to the board's
    /// symmetries are dropped, and (unless --all) the later positions of a game's tinue
    /// already found. Writes the set, easiest first, as PTN; counts on standard output,
    /// progress on standard error.
    Puzzles(Puzzles),
    /// Write the board as SVG on standard output (the same drawing as the page's canvas),
    /// with marks
    Render(Render),
}

/// A board size from 3 to 8.
fn board_size(text: &str) -> Result<u8, String> {
    let size: u8 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number"))?;
    Setup::new(size).config().map_err(|e| e.to_string())?;
    Ok(size)
}

/// The game's settings a command plays or counts with: size and komi.
#[derive(Args)]
pub struct GameSettings {
    /// Board size, 3 to 8
    #[arg(long, default_value = "5", value_parser = board_size)]
    pub size: u8,
    /// Komi: flats added to Black's count, in half flats from -5 to 5 (e.g. 2 or 2.5)
    #[arg(long, default_value = "0", allow_hyphen_values = true)]
    pub komi: Komi,
}

impl GameSettings {
    /// The settings as the engine's one validated type.
    pub fn config(&self) -> Config {
        let setup = Setup {
            komi: self.komi,
            ..Setup::new(self.size)
        };
        setup.config().expect("the size was checked as it was read")
    }
}

#[derive(Args)]
pub struct Perft {
    /// Count from this position instead of the empty board
    #[arg(long, value_name = "TPS")]
    pub tps: Option<String>,
    /// Size of the empty board (default 5); with --tps it must match the position
    #[arg(long, value_parser = board_size)]
    pub size: Option<u8>,
    /// swap: the first two plies place the opponent's flat; no-swap: the mover's own
    #[arg(long, default_value = "swap")]
    pub opening: Opening,
    /// Play every move to the leaves instead of counting the last ply
    #[arg(long)]
    pub full: bool,
    /// Plies to count to
    pub depth: u32,
}

#[derive(Args)]
pub struct PtnReplay {
    /// The game's file (default: standard input)
    pub file: Option<String>,
}

#[derive(Args)]
pub struct Tei {
    /// Without the learned move-ordering policy (used on 4x4 to 8x8)
    #[arg(long, overrides_with = "policy")]
    pub no_policy: bool,
    /// With the learned move-ordering policy (the default)
    #[arg(long, hide = true)]
    pub policy: bool,
}

#[derive(Args)]
pub struct Selfplay {
    #[command(flatten)]
    pub game: GameSettings,
    /// Games to play
    #[arg(long, default_value = "100")]
    pub games: u32,
    /// Seed of the openings
    #[arg(long, default_value = "1")]
    pub seed: u64,
    /// Games played at once (default: the cores)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=64))]
    pub concurrency: Option<u16>,
    /// The first level, 1 to 6
    #[arg(value_parser = clap::value_parser!(u8).range(1..=6))]
    pub level_a: u8,
    /// The second level, 1 to 6
    #[arg(value_parser = clap::value_parser!(u8).range(1..=6))]
    pub level_b: u8,
}

#[derive(Args)]
pub struct Bench {
    /// Nodes searched in each position
    #[arg(long, default_value = "1000000", conflicts_with = "movetime")]
    pub nodes: u64,
    /// Milliseconds searched in each position (instead of --nodes)
    #[arg(long, value_name = "MS")]
    pub movetime: Option<f64>,
    /// One TPS a line instead of the built-in positions
    #[arg(long, value_name = "FILE")]
    pub positions: Option<String>,
    /// Without the learned move-ordering policy, to compare
    #[arg(long, overrides_with = "policy")]
    pub no_policy: bool,
    /// With the learned move-ordering policy (the default)
    #[arg(long, hide = true)]
    pub policy: bool,
}

#[derive(Args)]
pub struct Match {
    #[command(flatten)]
    pub game: GameSettings,
    /// Games to play (openings are played twice, colours swapped)
    #[arg(long, default_value = "400")]
    pub games: u32,
    /// Seed of the openings
    #[arg(long, default_value = "1")]
    pub seed: u64,
    /// Nodes a move (the default budget: 10000)
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Nodes a move for ENGINE2 (odds)
    #[arg(long)]
    pub nodes2: Option<u64>,
    /// Milliseconds a move
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,
    /// Milliseconds a move for ENGINE2 (time odds against a much stronger engine)
    #[arg(long, value_name = "MS")]
    pub movetime2: Option<u64>,
    /// A clock for each side, seconds and increment (sent as go wtime btime winc binc)
    #[arg(long, value_name = "S+INC", value_parser = Budget::parse_clock)]
    pub clock: Option<Budget>,
    /// ENGINE2's clock
    #[arg(long, value_name = "S+INC", value_parser = Budget::parse_clock)]
    pub clock2: Option<Budget>,
    /// Plies searched a move
    #[arg(long)]
    pub depth: Option<u8>,
    /// Stop early when a sequential probability ratio test (on pairs of games, α = β = 0.05)
    /// decides between ELO0 and ELO1, e.g. 0,10
    #[arg(long, value_name = "ELO0,ELO1", value_parser = Sprt::parse, allow_hyphen_values = true)]
    pub sprt: Option<Sprt>,
    /// Games played at once, each pair of engines its own processes (default: the cores)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=64))]
    pub concurrency: Option<u16>,
    /// Openings from this book (one a line, data/openings/) instead of seeded random ones
    #[arg(long, value_name = "FILE")]
    pub book: Option<String>,
    /// The book's first opening (0-based)
    #[arg(long, default_value = "0", requires = "book")]
    pub book_start: usize,
    /// Plies after which a game is a draw
    #[arg(long, default_value = "400")]
    pub max_plies: usize,
    /// Write each game's moves, one line a game
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<String>,
    /// The first engine's command, e.g. "tak tei"
    pub engine1: String,
    /// The second engine's command
    pub engine2: String,
}

#[derive(Args)]
pub struct Gen {
    #[command(flatten)]
    pub game: GameSettings,
    /// Games to play
    #[arg(long, default_value = "100")]
    pub games: u32,
    /// Nodes a move
    #[arg(long, default_value = "3000")]
    pub nodes: u64,
    /// Seed of the openings
    #[arg(long, default_value = "1")]
    pub seed: u64,
    /// The file the games are appended to
    #[arg(long, value_name = "FILE")]
    pub out: String,
}

fn share(text: &str) -> Result<f32, String> {
    text.parse()
        .ok()
        .filter(|v| (0.0..=1.0).contains(v))
        .ok_or_else(|| format!("'{text}' is not a number between 0 and 1"))
}

#[derive(Args)]
pub struct BookArgs {
    /// Board size, 3 to 8
    #[arg(long, value_parser = board_size)]
    pub size: u8,
    /// Openings in the training book
    #[arg(long, default_value = "4000")]
    pub openings: usize,
    /// Openings in the confirmation set
    #[arg(long, default_value = "200")]
    pub confirm: usize,
    /// Keep training openings our search scores within this many hundredths of a flat
    #[arg(long, default_value = "75")]
    pub balanced_within: i32,
    /// Nodes of the search that judges balance
    #[arg(long, default_value = "20000")]
    pub nodes: u64,
    /// Where the books are written
    #[arg(long, default_value = "data/openings")]
    pub dir: String,
}

#[derive(Args)]
pub struct Train {
    /// Board size, 3 to 8 (3x3 only for --rewrite: its games are solved)
    #[arg(long, value_parser = board_size)]
    pub size: u8,
    /// Wall-clock minutes this run may take; a round not finished goes on in the next run
    #[arg(long, default_value = "60")]
    pub minutes: f64,
    /// Threads (default: the cores)
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub concurrency: Option<u16>,
    /// Nodes a move in self-play (default 10000, 5000 on 7x7 and 8x8)
    #[arg(long)]
    pub gen_nodes: Option<u64>,
    /// Self-play games a round adds before it fits (default 2000, 1000 on 7x7 and 8x8)
    #[arg(long)]
    pub gen_games: Option<u32>,
    /// The newest games a fit reads
    #[arg(long)]
    pub keep_games: Option<usize>,
    /// Nodes a move in the gate's games (default as --gen-nodes)
    #[arg(long)]
    pub gate_nodes: Option<u64>,
    /// The gate's SPRT bounds
    #[arg(long, value_name = "ELO0,ELO1", default_value = "0,10", value_parser = Sprt::parse, allow_hyphen_values = true)]
    pub sprt: Sprt,
    /// Pairs after which an undecided gate drops the candidate
    #[arg(long)]
    pub max_pairs: Option<u32>,
    /// Pull of the fit towards the accepted weights
    #[arg(long)]
    pub l2: Option<f64>,
    /// How much of each position's label is the game's result (the rest is the search's
    /// score of the ply)
    #[arg(long, value_parser = share)]
    pub result_share: Option<f32>,
    /// The sizes' folders
    #[arg(long, default_value = "data/train")]
    pub dir: String,
    /// The training book (default data/openings/book-N.txt)
    #[arg(long)]
    pub book: Option<String>,
    /// Said in the log's note column (the commit the engine was built from)
    #[arg(long, default_value = "")]
    pub note: String,
    /// Measure a feature (those whose names start with PREFIX, e.g. race_): the fit with it
    /// is gated against the same fit without it
    #[arg(long, value_name = "PREFIX")]
    pub feature: Option<String>,
    /// Only rewrite the size's weights file for the engine's features as they are now (after
    /// one was added or removed) and stop
    #[arg(long)]
    pub rewrite: bool,
}

#[derive(Args)]
pub struct Tune {
    /// Passes of the fit
    #[arg(long, default_value = "400")]
    pub iterations: u32,
    /// Pull towards the starting weights
    #[arg(long, default_value = "0.0001")]
    pub l2: f64,
    /// Real games (one JSON object a line) to report the fit's log-loss on, never trained on
    #[arg(long, value_name = "REAL_GAMES.jsonl")]
    pub check: Option<String>,
    /// The folder whose NxN/weights.txt files are written (the engine compiles data/train's)
    #[arg(long, default_value = "data/train")]
    pub out: String,
    /// Replace the weights of sizes TO by those of size FROM, carried over (e.g. 6:7,8)
    #[arg(long, value_name = "FROM:TO,TO...")]
    pub carry: Option<String>,
    /// How much of each position's label is the game's result (the rest is the search's
    /// score of the ply)
    #[arg(long, default_value = "1", value_parser = share)]
    pub result_share: f32,
    /// Start from hand-set weights instead of the compiled ones
    #[arg(long)]
    pub init: bool,
    /// Game files written by gen
    pub games: Vec<String>,
}

#[derive(Args)]
pub struct Policy {
    /// Board size of the games
    #[arg(long, default_value = "6", value_parser = board_size)]
    pub size: u8,
    /// Passes over the games
    #[arg(long, default_value = "6")]
    pub epochs: u32,
    /// Learning rate
    #[arg(long, default_value = "0.1")]
    pub rate: f64,
    /// Weight decay
    #[arg(long, default_value = "0.00001")]
    pub l2: f64,
    /// Hold every H-th game out to measure the fit
    #[arg(long, value_name = "H", default_value = "10")]
    pub hold: usize,
    /// Where the weights are written (data/train/NxN/policy.txt, which the engine compiles in)
    #[arg(long, value_name = "FILE")]
    pub out: Option<String>,
    /// Training lines (gzipped too, as data/train keeps them) or match records
    #[arg(required = true)]
    pub games: Vec<String>,
}

#[derive(Args)]
pub struct Tinue {
    /// The longest line looked for, in plies
    #[arg(long, default_value_t = TinueLimits::default().plies,
          value_parser = clap::value_parser!(u8).range(1..=TinueLimits::MAX_PLIES as i64))]
    pub plies: u8,
    /// Nodes the solver may spend before it answers 'unknown'
    #[arg(long, default_value_t = TinueLimits::default().nodes)]
    pub nodes: u64,
    /// The position, in TPS
    pub tps: String,
}

fn puzzle_plies(text: &str) -> Result<u8, String> {
    text.parse()
        .ok()
        .filter(|p: &u8| p % 2 == 1 && (3..=15).contains(p))
        .ok_or_else(|| format!("'{text}' is not an odd number from 3 to 15"))
}

#[derive(Args)]
pub struct Puzzles {
    /// Real games, one JSON object a line (as ../shared/data/real-games.jsonl)
    #[arg(
        long,
        value_name = "REAL_GAMES.jsonl",
        required_unless_present = "selfplay"
    )]
    pub games: Option<String>,
    /// Self-play games to mine as well
    #[arg(long, value_name = "N", default_value = "0")]
    pub selfplay: u32,
    /// The self-play games' sizes, in turn
    #[arg(long, value_delimiter = ',', default_value = "5,6", value_parser = board_size)]
    pub sizes: Vec<u8>,
    /// The self-play games' level
    #[arg(long, default_value = "3", value_parser = clap::value_parser!(u8).range(1..=6))]
    pub level: u8,
    /// Seed of the self-play games
    #[arg(long, default_value = "1")]
    pub seed: u64,
    /// The lengths of puzzle kept, odd numbers from 3 to 15
    #[arg(long, value_delimiter = ',', default_value = "3,5,7", value_parser = puzzle_plies)]
    pub plies: Vec<u8>,
    /// Solver nodes a position
    #[arg(long, default_value = "200000")]
    pub nodes: u64,
    /// Keep the later positions of a tinue already found too
    #[arg(long)]
    pub all: bool,
    /// Keep at most K puzzles of each length and size, evenly from easiest to hardest
    #[arg(long, value_name = "K")]
    pub per_group: Option<usize>,
    /// Where the set is written (default: standard output)
    #[arg(long, value_name = "FILE")]
    pub out: Option<String>,
}

fn pixels(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|v| (16.0..=8192.0).contains(v))
        .ok_or_else(|| format!("'{text}' is not a size in pixels (16 to 8192)"))
}

#[derive(Args)]
#[group(skip)]
#[command(group(clap::ArgGroup::new("source").required(true).args(["tps", "ptn"])))]
pub struct Render {
    /// The position to draw
    #[arg(long, value_name = "TPS")]
    pub tps: Option<String>,
    /// A PTN file to draw (- for standard input), at its end or at --ply
    #[arg(long, value_name = "FILE")]
    pub ptn: Option<String>,
    /// The ply of the PTN game to draw (0: the start)
    #[arg(long, requires = "ptn")]
    pub ply: Option<usize>,
    /// Squares to highlight, e.g. c3,d4:red
    #[arg(long, default_value = "")]
    pub highlight: String,
    /// Arrows, e.g. c3-e3
    #[arg(long, default_value = "")]
    pub arrows: String,
    /// Labels, e.g. b2:1,b3:A
    #[arg(long, default_value = "")]
    pub labels: String,
    /// Width in pixels
    #[arg(long, default_value = "640", value_parser = pixels)]
    pub width: f64,
    /// Height in pixels
    #[arg(long, default_value = "480", value_parser = pixels)]
    pub height: f64,
    /// The dark theme
    #[arg(long)]
    pub dark: bool,
    /// Without the files and ranks around the board
    #[arg(long)]
    pub no_coordinates: bool,
    /// Drawn from Black's side
    #[arg(long)]
    pub flip: bool,
}
