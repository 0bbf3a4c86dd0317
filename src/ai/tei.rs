//! The Tak Engine Interface (UCI with `tei`), for matches against other engines with the
//! usual match runners. A session reads one command line at a time and writes to any output;
//! the search runs on its own thread so that `stop` is heard while it thinks.
//!
//! ```
//! use tak::ai::tei::Session;
//! use std::sync::{Arc, Mutex};
//! let out = Arc::new(Mutex::new(Vec::<u8>::new()));
//! let mut session = Session::new(out.clone());
//! for line in ["tei", "teinewgame 5", "position startpos moves a1 e5", "go depth 2"] {
//!     session.handle(line);
//! }
//! session.wait();
//! let text = String::from_utf8(out.lock().unwrap().clone()).unwrap();
//! assert!(text.contains("teiok") && text.contains("bestmove "));
//! ```

use super::search::{SearchLimits, SearchResult, Searcher, WIN, WIN_THRESHOLD};
use crate::{tps, Color, Config, Komi, Move, Position};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// Transposition table size for TEI searches, in MB.
const HASH_MB: usize = 64;

/// One TEI conversation.
pub struct Session<W: Write + Send + 'static> {
    out: Arc<Mutex<W>>,
    size: u8,
    half_komi: u8,
    ancient_tie_rule: bool,
    position: Position,
    searcher: Option<Searcher>,
    thinking: Option<(JoinHandle<Searcher>, Arc<AtomicBool>)>,
}

impl<W: Write + Send + 'static> Session<W> {
    pub fn new(out: Arc<Mutex<W>>) -> Session<W> {
        Session {
            out,
            size: 5,
            half_komi: 0,
            ancient_tie_rule: false,
            position: Position::new(5).expect("5 is a size"),
            searcher: Some(Searcher::new(HASH_MB)),
            thinking: None,
        }
    }

    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    /// Handles one line. Returns `false` on `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else {
            return true;
        };
        match command {
            "tei" => {
                self.say(&format!("id name Tak-web {}", env!("CARGO_PKG_VERSION")));
                self.say("id author the Tak for the web developers");
                self.say("option name HalfKomi type spin default 0 min 0 max 9");
                self.say("option name Komi type string default 0");
                self.say("option name AncientTieRule type check default false");
                self.say("teiok");
            }
            "isready" => {
                self.say("readyok");
            }
            "setoption" => self.set_option(&words[1..]),
            "teinewgame" => {
                self.interrupt();
                let size = match words.get(1) {
                    None => Ok(self.size),
                    Some(n) => n
                        .parse::<u8>()
                        .map_err(|_| format!("board size '{n}' is not a number"))
                        .and_then(|n| Config::standard(n).map(|_| n).map_err(|e| e.to_string())),
                };
                match size {
                    Ok(size) => {
                        self.size = size;
                        self.position = self.start_position();
                        if let Some(s) = self.searcher.as_mut() {
                            s.clear();
                        }
                    }
                    Err(e) => self.say(&format!("info string {e}")),
                }
            }
            "position" => {
                self.interrupt();
                if let Err(e) = self.set_position(&words[1..]) {
                    self.say(&format!("info string position not set: {e}"));
                }
            }
            "go" => self.go(&words[1..]),
            "stop" => self.interrupt(),
            "quit" => {
                self.interrupt();
                return false;
            }
            other => self.say(&format!("info string unknown command '{other}'")),
        }
        true
    }

    /// Waits for a search in progress to end by itself (its limits).
    pub fn wait(&mut self) {
        self.finish();
    }

    /// Stops a search in progress (it still answers `bestmove`) and takes the searcher back.
    fn interrupt(&mut self) {
        if let Some((_, stop)) = &self.thinking {
            stop.store(true, Ordering::Relaxed);
        }
        self.finish();
    }

    fn finish(&mut self) {
        if let Some((handle, _)) = self.thinking.take() {
            match handle.join() {
                Ok(searcher) => self.searcher = Some(searcher),
                Err(_) => self.searcher = Some(Searcher::new(HASH_MB)),
            }
        }
    }

    fn config(&self) -> Result<Config, String> {
        let komi = Komi::from_half_flats(self.half_komi).ok_or("bad komi")?;
        let mut config = Config::standard(self.size)
            .map_err(|e| e.to_string())?
            .with_komi(komi);
        config.ancient_tie_rule = self.ancient_tie_rule;
        Ok(config)
    }

    fn start_position(&self) -> Position {
        self.config()
            .map(Position::with_config)
            .unwrap_or_else(|_| Position::new(5).expect("size 5"))
    }

    fn set_option(&mut self, words: &[&str]) {
        // setoption name <Name> value <Value>
        let name = words
            .iter()
            .position(|&w| w == "name")
            .and_then(|i| words.get(i + 1));
        let value = words
            .iter()
            .position(|&w| w == "value")
            .and_then(|i| words.get(i + 1));
        match (name, value) {
            (Some(n), Some(v)) if n.eq_ignore_ascii_case("HalfKomi") => match v.parse::<u8>() {
                Ok(k) if k <= 9 => {
                    self.half_komi = k;
                    self.position = self.start_position();
                }
                _ => self.say(&format!("info string HalfKomi must be 0 to 9, not '{v}'")),
            },
            (Some(n), Some(v)) if n.eq_ignore_ascii_case("Komi") => match v.parse::<Komi>() {
                Ok(k) => {
                    self.half_komi = k.half_flats();
                    self.position = self.start_position();
                }
                Err(e) => self.say(&format!("info string {e}")),
            },
            (Some(n), Some(v)) if n.eq_ignore_ascii_case("AncientTieRule") => {
                match v.to_ascii_lowercase().as_str() {
                    "true" | "1" | "on" => self.ancient_tie_rule = true,
                    "false" | "0" | "off" => self.ancient_tie_rule = false,
                    _ => {
                        self.say(&format!(
                            "info string AncientTieRule must be true or false, not '{v}'"
                        ));
                        return;
                    }
                }
                self.position = self.start_position();
            }
            _ => self.say(&format!("info string unknown option: {}", words.join(" "))),
        }
    }

    fn set_position(&mut self, words: &[&str]) -> Result<(), String> {
        let config = self.config()?;
        let (mut pos, rest) = match words.first() {
            Some(&"startpos") => (Position::with_config(config), &words[1..]),
            Some(&"tps") if words.len() >= 4 => {
                let text = words[1..4].join(" ");
                let size = tps::size_of(&text).min(255) as u8;
                let mut config = Config::standard(size)
                    .map_err(|e| e.to_string())?
                    .with_komi(config.komi);
                config.ancient_tie_rule = self.ancient_tie_rule;
                (
                    tps::parse(&text, config).map_err(|e| e.to_string())?,
                    &words[4..],
                )
            }
            _ => return Err("expected 'startpos' or 'tps <TPS>'".into()),
        };
        if let Some((&"moves", moves)) = rest.split_first() {
            for (i, m) in moves.iter().enumerate() {
                let mv: Move = m
                    .parse()
                    .map_err(|e| format!("move {} '{m}': {e}", i + 1))?;
                pos.play(mv)
                    .map_err(|e| format!("move {} '{m}': {e}", i + 1))?;
            }
        }
        self.size = pos.size();
        self.position = pos;
        Ok(())
    }

    fn go(&mut self, words: &[&str]) {
        self.interrupt();
        // Every word must be a known limit, each numeric one followed by a number.
        const NUMERIC: [&str; 7] = [
            "depth", "nodes", "movetime", "wtime", "btime", "winc", "binc",
        ];
        let mut i = 0;
        while i < words.len() {
            let word = words[i];
            if NUMERIC.contains(&word) {
                match words.get(i + 1).map(|v| v.parse::<f64>()) {
                    Some(Ok(v)) if v.is_finite() && v >= 0.0 => i += 2,
                    _ => {
                        self.say(&format!("info string go: '{word}' needs a number"));
                        return;
                    }
                }
            } else if word == "infinite" {
                i += 1;
            } else {
                self.say(&format!("info string go: unknown limit '{word}'"));
                return;
            }
        }
        if self.position.is_over() {
            self.say("info string the game is over: no move");
            self.say("bestmove (none)");
            return;
        }
        let number = |name: &str| -> Option<f64> {
            words
                .iter()
                .position(|&w| w == name)
                .and_then(|i| words.get(i + 1))
                .and_then(|v| v.parse().ok())
        };
        let mut limits = SearchLimits::default();
        if let Some(d) = number("depth") {
            limits.depth = Some(d.clamp(1.0, SearchLimits::MAX_DEPTH as f64) as u8);
        }
        if let Some(n) = number("nodes") {
            limits.nodes = Some(n.max(1.0) as u64);
        }
        if let Some(t) = number("movetime") {
            limits.time_ms = Some(t.max(1.0));
        }
        let (time, inc) = match self.position.to_move() {
            Color::White => (number("wtime"), number("winc")),
            Color::Black => (number("btime"), number("binc")),
        };
        if let Some(left) = time {
            // A clock: spend a share of what is left, with most of the increment, never
            // more than a third of the clock.
            let budget = left / 20.0 + inc.unwrap_or(0.0) * 0.75;
            limits.time_ms = Some(budget.min(left / 3.0).max(5.0));
        }
        let infinite = words.contains(&"infinite");
        if infinite {
            limits = SearchLimits::default();
        }
        let mut searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| Searcher::new(HASH_MB));
        let stop = searcher.stop_flag();
        stop.store(false, Ordering::Relaxed);
        let out = self.out.clone();
        let pos = self.position.clone();
        let handle = std::thread::spawn(move || {
            let result = searcher.search(&pos, limits, |r| say(&out, &info_line(&pos, r)));
            match result.best {
                Some(mv) => say(
                    &out,
                    &format!("bestmove {}", crate::ptn::write_move(&pos, mv)),
                ),
                None => say(&out, "info string the game is over: no move"),
            }
            searcher
        });
        self.thinking = Some((handle, stop));
    }
}

fn say<W: Write>(out: &Mutex<W>, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// `info depth .. score cp|mate .. flats .. winprob .. nodes .. nps .. time .. pv ..`: the
/// score in hundredths of a flat (or plies to a forced result as moves), the same in flats,
/// the chance that the player to move wins, and the principal variation in PTN.
pub fn info_line(pos: &Position, r: &SearchResult) -> String {
    let score = if r.score.abs() >= WIN_THRESHOLD {
        let plies = WIN - r.score.abs();
        let moves = (plies + 1) / 2;
        format!("mate {}", if r.score > 0 { moves } else { -moves })
    } else {
        format!("cp {} flats {:.2}", r.score, r.score as f64 / 100.0)
    };
    let winprob = super::eval::win_probability(r.score, pos.size());
    format!(
        "info depth {} score {score} winprob {winprob:.3} nodes {} nps {:.0} time {:.0} pv {}",
        r.depth,
        r.nodes,
        r.nps(),
        r.time_ms,
        pv_text(pos, &r.pv)
    )
}

/// A line of plies from `pos` in PTN (with `*` where a capstone flattens a wall).
pub fn pv_text(pos: &Position, pv: &[Move]) -> String {
    let mut pos = pos.clone();
    let mut words = Vec::with_capacity(pv.len());
    for &mv in pv {
        if !pos.is_legal(mv) {
            break;
        }
        words.push(crate::ptn::write_move(&pos, mv));
        pos.play_unchecked(mv);
    }
    words.join(" ")
}
