//! Matches between any two TEI engines (`tak match`): the engines as processes spoken to
//! in TEI, their budgets (nodes, move time, depth or a clock), what each said it plays, and
//! one game between them. The statistics are [`super::stats`]'s; the openings come from
//! [`super::book`] or [`opening`]; the games run on every core through [`super::pool`].

use super::level::Rng;
use crate::{Color, Config, EndReason, Move, Position};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

/// How long an engine may take over anything but a move (its greeting, `readyok`), and over a
/// move beyond what its budget allows, before it is taken for hung: the game is then played
/// again with both engines started afresh, as for an engine that died.
const PATIENCE: Duration = Duration::from_secs(30);

/// A seeded opening: the two first plies (each placing the opponent's flat) anywhere, then
/// (on 5×5 and up) one flat placement each anywhere else. Each is played twice, colours
/// swapped, so whatever edge an opening gives cancels out.
pub fn opening(config: Config, seed: u64) -> Vec<Move> {
    let mut rng = Rng::new(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ config.size as u64);
    let mut pos = Position::with_config(config);
    let plies = if config.size >= 5 { 4 } else { 2 };
    let mut moves = Vec::new();
    let mut line = Vec::new();
    for _ in 0..plies {
        pos.legal_moves(&mut moves);
        moves.retain(|m| m.kind() == Some(crate::Kind::Flat));
        let mv = moves[rng.below(moves.len() as u64) as usize];
        pos.play_unchecked(mv);
        line.push(mv);
    }
    line
}

/// How each engine is asked to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    Nodes(u64),
    MoveTime(u64),
    Depth(u8),
    /// A clock of `base_ms` for the game and `increment_ms` added after each move: the
    /// engine is told both clocks (`go wtime .. btime .. winc .. binc ..`, the only form some
    /// engines read), and loses on time when its own runs out.
    Clock {
        base_ms: u64,
        increment_ms: u64,
    },
}

impl Budget {
    /// The `go` line, given what is left on each clock (white, black) when on a clock.
    ///
    /// ```
    /// use tak::ai::arena::Budget;
    /// let clock = Budget::Clock { base_ms: 20_000, increment_ms: 300 };
    /// assert_eq!(clock.go([19_500.4, 20_000.0], [clock, clock]), "go wtime 19500 btime 20000 winc 300 binc 300");
    /// assert_eq!(Budget::MoveTime(300).go([0.0; 2], [clock, clock]), "go movetime 300");
    /// ```
    pub fn go(self, left: [f64; 2], budgets: [Budget; 2]) -> String {
        let increment = |b: Budget| match b {
            Budget::Clock { increment_ms, .. } => increment_ms,
            _ => 0,
        };
        match self {
            Budget::Nodes(n) => format!("go nodes {n}"),
            Budget::MoveTime(ms) => format!("go movetime {ms}"),
            Budget::Depth(d) => format!("go depth {d}"),
            Budget::Clock { .. } => format!(
                "go wtime {} btime {} winc {} binc {}",
                left[0].max(0.0) as u64,
                left[1].max(0.0) as u64,
                increment(budgets[0]),
                increment(budgets[1])
            ),
        }
    }

    /// What a clock starts with (nothing for the other budgets).
    fn start_ms(self) -> f64 {
        match self {
            Budget::Clock { base_ms, .. } => base_ms as f64,
            _ => 0.0,
        }
    }

    /// Reads a clock as players write it, `MINUTES:SECONDS+INCREMENT` or
    /// `SECONDS+INCREMENT` (in seconds).
    ///
    /// ```
    /// use tak::ai::arena::Budget;
    /// assert_eq!(Budget::parse_clock("20+0.3"), Ok(Budget::Clock { base_ms: 20_000, increment_ms: 300 }));
    /// assert_eq!(Budget::parse_clock("1:30+1"), Ok(Budget::Clock { base_ms: 90_000, increment_ms: 1_000 }));
    /// assert!(Budget::parse_clock("soon").is_err());
    /// ```
    pub fn parse_clock(text: &str) -> Result<Budget, String> {
        let bad = || format!("'{text}' is not a clock such as 20+0.3 (seconds + increment)");
        let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
        let seconds = |t: &str| {
            t.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0)
        };
        let base = match base.split_once(':') {
            Some((m, s)) => seconds(m).zip(seconds(s)).map(|(m, s)| m * 60.0 + s),
            None => seconds(base),
        }
        .filter(|&b| b > 0.0)
        .ok_or_else(bad)?;
        let increment = seconds(increment).ok_or_else(bad)?;
        Ok(Budget::Clock {
            base_ms: (base * 1000.0).round() as u64,
            increment_ms: (increment * 1000.0).round() as u64,
        })
    }
}

/// Values an engine said it accepts for one setting, read from its `option` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Accepts {
    /// It did not say: anything is tried.
    Any,
    /// A `combo` (or a single value): exactly these.
    Values(Vec<i32>),
    /// A `spin`: `min` to `max`.
    Range(i32, i32),
}

impl Accepts {
    /// Reads an `option name N type combo|spin ...` line's values.
    fn from_option(words: &[&str]) -> Accepts {
        let after = |key: &str| {
            words
                .iter()
                .position(|&w| w == key)
                .and_then(|i| words.get(i + 1))
                .and_then(|w| w.parse::<i32>().ok())
        };
        match words
            .iter()
            .position(|&w| w == "type")
            .map(|i| words.get(i + 1))
        {
            Some(Some(&"spin")) => match (after("min"), after("max")) {
                (Some(min), Some(max)) => Accepts::Range(min, max),
                _ => Accepts::Any,
            },
            Some(Some(&"combo")) => {
                let values: Vec<i32> = words
                    .windows(2)
                    .filter(|pair| pair[0] == "var")
                    .filter_map(|pair| pair[1].parse().ok())
                    .collect();
                if values.is_empty() {
                    Accepts::Any
                } else {
                    Accepts::Values(values)
                }
            }
            _ => Accepts::Any,
        }
    }

    pub fn allows(&self, value: i32) -> bool {
        match self {
            Accepts::Any => true,
            Accepts::Values(values) => values.contains(&value),
            Accepts::Range(min, max) => (*min..=*max).contains(&value),
        }
    }
}

impl std::fmt::Display for Accepts {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Accepts::Any => write!(f, "any"),
            Accepts::Range(min, max) => write!(f, "{min} to {max}"),
            Accepts::Values(values) => {
                for (i, v) in values.iter().enumerate() {
                    let sep = match i {
                        0 => "",
                        _ if i + 1 == values.len() => " or ",
                        _ => ", ",
                    };
                    write!(f, "{sep}{v}")?;
                }
                Ok(())
            }
        }
    }
}

/// What an engine announced in its answer to `tei`: the board sizes it plays (an option named
/// `Size`, or none said) and the half komi it accepts (its `HalfKomi` option; an engine
/// without one plays komi 0 only, as racetrack assumes too). A match checks these before its
/// first game, so an engine that would crash on a size or komi it does not play (Tiltak's TEI
/// panics on them) is named with what it plays instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Capabilities {
    pub sizes: Accepts,
    pub half_komi: Accepts,
}

impl Capabilities {
    /// Reads the lines an engine printed before `teiok`.
    ///
    /// ```
    /// use tak::ai::arena::{Accepts, Capabilities};
    /// let caps = Capabilities::from_handshake(&[
    ///     "id name Tiltak",
    ///     "option name HalfKomi type combo default 0 var 0 var 4",
    /// ]);
    /// assert_eq!(caps.half_komi, Accepts::Values(vec![0, 4]));
    /// assert_eq!(caps.sizes, Accepts::Any);
    /// ```
    pub fn from_handshake<S: AsRef<str>>(lines: &[S]) -> Capabilities {
        let mut caps = Capabilities {
            sizes: Accepts::Any,
            half_komi: Accepts::Values(vec![0]),
        };
        for line in lines {
            let words: Vec<&str> = line.as_ref().split_whitespace().collect();
            if words.first() != Some(&"option") {
                continue;
            }
            let name = words
                .iter()
                .position(|&w| w == "name")
                .and_then(|i| words.get(i + 1));
            match name {
                Some(n) if n.eq_ignore_ascii_case("HalfKomi") => {
                    caps.half_komi = Accepts::from_option(&words)
                }
                Some(n) if n.eq_ignore_ascii_case("Size") || n.eq_ignore_ascii_case("Sizes") => {
                    caps.sizes = Accepts::from_option(&words)
                }
                _ => {}
            }
        }
        caps
    }

    /// Why the engine cannot play `config`'s games, if it said so.
    pub fn refuses(&self, config: Config) -> Option<String> {
        let half_komi = config.komi.half_flats() as i32;
        if !self.sizes.allows(config.size as i32) {
            Some(format!(
                "plays sizes {} only, not {}",
                self.sizes, config.size
            ))
        } else if !self.half_komi.allows(half_komi) {
            Some(format!(
                "plays half komi {} only, not {half_komi} (komi {})",
                self.half_komi, config.komi
            ))
        } else {
            None
        }
    }
}

/// A running TEI engine.
pub struct Engine {
    pub command: String,
    /// What it announced it plays.
    pub capabilities: Capabilities,
    child: Child,
    input: ChildStdin,
    /// The engine's lines, read on a thread of their own so that a silent engine can be
    /// waited for with a time limit.
    output: Receiver<String>,
    /// How long the answer being waited for may take, and outside a move.
    patience: Duration,
    base_patience: Duration,
}

impl Engine {
    /// Starts `command` (run by `sh -c`) and greets it.
    pub fn start(command: &str) -> Result<Engine, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start '{command}': {e}"))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let (lines, output) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in stdout.lines() {
                let Ok(line) = line else { break };
                if lines.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine {
            command: command.to_string(),
            capabilities: Capabilities::from_handshake::<&str>(&[]),
            child,
            input,
            output,
            patience: PATIENCE,
            base_patience: PATIENCE,
        };
        engine.send("tei")?;
        let mut handshake = Vec::new();
        loop {
            let line = engine.read_line()?;
            if line.split_whitespace().next() == Some("teiok") {
                break;
            }
            handshake.push(line);
        }
        engine.capabilities = Capabilities::from_handshake(&handshake);
        Ok(engine)
    }

    /// Waits at most `patience` (beyond a move's budget) for each answer: a hung engine is
    /// named in an error, and the match plays the game again with both engines started afresh.
    pub fn set_patience(&mut self, patience: Duration) {
        self.patience = patience;
        self.base_patience = patience;
    }

    /// An error naming the engine and what it plays, when it said it cannot play `config`.
    pub fn check_plays(&self, config: Config) -> Result<(), String> {
        match self.capabilities.refuses(config) {
            Some(why) => Err(format!("'{}' {why}", self.command)),
            None => Ok(()),
        }
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|_| self.input.flush())
            .map_err(|e| format!("{}: {e}", self.command))
    }

    fn read_line(&mut self) -> Result<String, String> {
        match self.output.recv_timeout(self.patience) {
            Ok(line) => Ok(line.trim_end().to_string()),
            Err(RecvTimeoutError::Disconnected) => {
                Err(format!("{}: the engine closed its output", self.command))
            }
            Err(RecvTimeoutError::Timeout) => Err(format!(
                "{}: no answer in {} s",
                self.command,
                self.patience.as_secs()
            )),
        }
    }

    fn wait_for(&mut self, word: &str) -> Result<String, String> {
        loop {
            let line = self.read_line()?;
            if line.split_whitespace().next() == Some(word) {
                return Ok(line);
            }
        }
    }

    /// Prepares a new game of `config`.
    pub fn new_game(&mut self, config: Config) -> Result<(), String> {
        self.send(&format!(
            "setoption name HalfKomi value {}",
            config.komi.half_flats()
        ))?;
        self.send(&format!("teinewgame {}", config.size))?;
        self.send("isready")?;
        self.wait_for("readyok")?;
        Ok(())
    }

    /// The engine's move after `moves` from the start of `config`'s game, asked with `go`.
    pub fn best_move(&mut self, moves: &[String], go: &str) -> Result<String, String> {
        let mut position = String::from("position startpos");
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        self.send(&position)?;
        self.send(go)?;
        // A move may take what its budget allows (a clock's time left, a move time) and then
        // some; a search by nodes or depth, a generous while.
        let allowed_ms = go
            .split_whitespace()
            .collect::<Vec<_>>()
            .windows(2)
            .filter(|w| matches!(w[0], "movetime" | "wtime" | "btime"))
            .filter_map(|w| w[1].parse::<u64>().ok())
            .max()
            .unwrap_or(0);
        self.patience = self.base_patience + Duration::from_millis(allowed_ms.saturating_mul(2));
        let line = self.wait_for("bestmove");
        self.patience = self.base_patience;
        let line = line?;
        line.split_whitespace()
            .nth(1)
            .map(str::to_string)
            .ok_or_else(|| format!("{}: empty bestmove", self.command))
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        // An engine that hangs does not hear `quit` either: it is ended after a second.
        for _ in 0..20 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How one game ended, from white's point of view.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    pub winner: Option<Color>,
    pub reason: Option<EndReason>,
    pub plies: usize,
    pub moves: Vec<String>,
}

/// Plays one game: `engines[0]` is white. A game that reaches `max_plies` is a draw; an
/// illegal or unreadable move loses.
pub fn play_game(
    engines: [&mut Engine; 2],
    budgets: [Budget; 2],
    config: Config,
    opening: &[Move],
    max_plies: usize,
) -> Result<GameResult, String> {
    let [white, black] = engines;
    white.new_game(config)?;
    black.new_game(config)?;
    let mut pos = Position::with_config(config);
    let mut moves = Vec::new();
    for &mv in opening {
        moves.push(crate::ptn::write_move(&pos, mv));
        pos.play(mv).map_err(|e| e.to_string())?;
    }
    let mut left = budgets.map(Budget::start_ms);
    while !pos.is_over() && moves.len() < max_plies {
        let side = pos.to_move().index();
        let engine = if side == 0 { &mut *white } else { &mut *black };
        let asked = std::time::Instant::now();
        let text = engine.best_move(&moves, &budgets[side].go(left, budgets))?;
        if let Budget::Clock { increment_ms, .. } = budgets[side] {
            left[side] -= asked.elapsed().as_secs_f64() * 1000.0;
            if left[side] < 0.0 {
                return Ok(GameResult {
                    winner: Some(!pos.to_move()),
                    reason: Some(EndReason::Time),
                    plies: moves.len(),
                    moves,
                });
            }
            left[side] += increment_ms as f64;
        }
        let legal = text.parse::<Move>().ok().filter(|&mv| pos.play(mv).is_ok());
        if legal.is_none() {
            return Ok(GameResult {
                winner: Some(!pos.to_move()),
                reason: None,
                plies: moves.len(),
                moves,
            });
        }
        moves.push(text);
    }
    let outcome = pos.outcome();
    Ok(GameResult {
        winner: outcome.and_then(|o| o.winner),
        reason: outcome.map(|o| o.reason),
        plies: moves.len(),
        moves,
    })
}
