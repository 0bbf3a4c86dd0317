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
use crate::{tps, Color, Config, Komi, Move, Opening, Position};
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
    half_komi: i8,
    ancient_tie_rule: bool,
    opening: Opening,
    /// Stones and capstones per player when not the size's standard (`Flats`, `Caps`).
    stones: Option<u8>,
    caps: Option<u8>,
    position: Position,
    /// Why the last `position` could not be set: `go` then searches nothing.
    position_error: Option<String>,
    /// How many best lines `go` reports (`MultiPV`).
    lines: usize,
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
            opening: Opening::Swap,
            stones: None,
            caps: None,
            position: Position::new(5).expect("5 is a size"),
            position_error: None,
            lines: 1,
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
                // The sizes it plays, announced as an option so that a match runner can check
                // them before a game (`teinewgame N` still names the size of each game).
                self.say("option name Size type spin default 5 min 3 max 8");
                self.say("option name HalfKomi type spin default 0 min -10 max 10");
                self.say("option name Komi type string default 0");
                self.say("option name AncientTieRule type check default false");
                self.say(&format!(
                    "option name MultiPV type spin default 1 min 1 max {MAX_LINES}"
                ));
                self.say("option name Opening type combo default swap var swap var no-swap");
                self.say("option name Flats type string default standard");
                self.say("option name Caps type string default standard");
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
                        self.position_error = None;
                        if let Some(s) = self.searcher.as_mut() {
                            s.clear();
                        }
                    }
                    Err(e) => self.say(&format!("info string {e}")),
                }
            }
            "position" => {
                self.interrupt();
                match self.set_position(&words[1..]) {
                    Ok(()) => self.position_error = None,
                    Err(e) => {
                        self.say(&format!("info string error: position not set: {e}"));
                        self.position_error = Some(e);
                    }
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
        self.config_for(self.size)
    }

    /// The options' settings on a board of side `size`.
    fn config_for(&self, size: u8) -> Result<Config, String> {
        let komi = Komi::from_half_flats(self.half_komi).ok_or("bad komi")?;
        let mut config = Config::standard(size)
            .map_err(|e| e.to_string())?
            .with_komi(komi)
            .with_opening(self.opening);
        config.ancient_tie_rule = self.ancient_tie_rule;
        if self.stones.is_some() || self.caps.is_some() {
            config = config
                .with_pieces(
                    self.stones.unwrap_or(config.stones),
                    self.caps.unwrap_or(config.caps),
                )
                .map_err(|e| format!("Flats/Caps: {e}"))?;
        }
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
            (Some(n), Some(v)) if n.eq_ignore_ascii_case("HalfKomi") => match v.parse::<i8>() {
                Ok(k) if Komi::from_half_flats(k).is_some() => {
                    self.half_komi = k;
                    self.position = self.start_position();
                }
                _ => self.say(&format!(
                    "info string error: HalfKomi must be -10 to 10, not '{v}'"
                )),
            },
            (Some(n), Some(v)) if n.eq_ignore_ascii_case("Komi") => match v.parse::<Komi>() {
                Ok(k) => {
                    self.half_komi = k.half_flats();
                    self.position = self.start_position();
                }
                Err(e) => self.say(&format!("info string {e}")),
            },
            (Some(n), Some(v)) if n.eq_ignore_ascii_case("Size") => {
                match v
                    .parse::<u8>()
                    .ok()
                    .filter(|&n| Config::standard(n).is_ok())
                {
                    Some(size) => {
                        self.size = size;
                        self.position = self.start_position();
                    }
                    None => self.say(&format!(
                        "info string error: Size must be 3 to 8, not '{v}'"
                    )),
                }
            }
            (Some(n), Some(v)) if n.eq_ignore_ascii_case("MultiPV") => match v.parse::<usize>() {
                Ok(k) if (1..=MAX_LINES).contains(&k) => self.lines = k,
                _ => self.say(&format!(
                    "info string error: MultiPV must be 1 to {MAX_LINES}, not '{v}'"
                )),
            },
            (Some(n), Some(v)) if n.eq_ignore_ascii_case("Opening") => match v.parse::<Opening>() {
                Ok(opening) => {
                    self.opening = opening;
                    self.position = self.start_position();
                }
                Err(e) => self.say(&format!("info string error: Opening: {e}")),
            },
            (Some(n), Some(v))
                if n.eq_ignore_ascii_case("Flats") || n.eq_ignore_ascii_case("Caps") =>
            {
                let count = if v.eq_ignore_ascii_case("standard") {
                    Ok(None)
                } else {
                    v.parse::<u8>().map(Some)
                };
                let Ok(count) = count else {
                    return self.say(&format!(
                        "info string error: {n} must be a count or 'standard', not '{v}'"
                    ));
                };
                let before = (self.stones, self.caps);
                if n.eq_ignore_ascii_case("Flats") {
                    self.stones = count;
                } else {
                    self.caps = count;
                }
                // Checked at once, so that a bad count is said here and not at `position`.
                if let Err(e) = self.config() {
                    (self.stones, self.caps) = before;
                    return self.say(&format!("info string error: {e}"));
                }
                self.position = self.start_position();
            }
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
                let size = tps::board_size(&text).map_err(|e| e.to_string())?;
                let config = self.config_for(size)?;
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
        const NUMERIC: [&str; 8] = [
            "depth",
            "nodes",
            "movetime",
            "wtime",
            "btime",
            "winc",
            "binc",
            "movestogo",
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
        if let Some(e) = &self.position_error {
            // Searching the position before the one that failed would answer for a game
            // nobody is playing.
            self.say(&format!("info string error: no position to search ({e})"));
            self.say("bestmove (none)");
            return;
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
            limits.time_ms = Some(move_time_budget(t));
        }
        let (time, inc) = match self.position.to_move() {
            Color::White => (number("wtime"), number("winc")),
            Color::Black => (number("btime"), number("binc")),
        };
        if let Some(left) = time {
            let budget = clock_budget(
                &self.position,
                left,
                inc.unwrap_or(0.0),
                number("movestogo"),
            );
            limits.time_ms = Some(budget.hard_ms);
            limits.target_ms = Some(budget.target_ms);
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
        let lines = self.lines;
        let handle = std::thread::spawn(move || {
            let result = if lines > 1 {
                search_lines(&mut searcher, &pos, limits, lines, &out)
            } else {
                searcher.search(&pos, limits, |r| say(&out, &info_line(&pos, r)))
            };
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

/// What a move may take when the match runner fixes it (`go movetime`): all of it but a
/// margin for answering, so that the move arrives in time.
pub fn move_time_budget(movetime: f64) -> f64 {
    (movetime - (movetime * 0.02).clamp(1.0, 15.0)).max(1.0)
}

pub use super::clock::{clock_budget, ClockBudget};

/// The most lines `MultiPV` gives.
pub const MAX_LINES: usize = 8;

/// Several best lines (`MultiPV`): the best as usual, then each next one without the
/// moves of those before, at the depth the first reached; a time limit is shared out
/// between them. Returns the best line's result.
fn search_lines<W: Write>(
    searcher: &mut Searcher,
    pos: &Position,
    limits: SearchLimits,
    lines: usize,
    out: &Mutex<W>,
) -> SearchResult {
    let share = |t: f64| t / lines as f64;
    let first_limits = SearchLimits {
        time_ms: limits.time_ms.map(share),
        target_ms: limits.target_ms.map(share),
        ..limits
    };
    let first = searcher.search(pos, first_limits, |r| {
        say(out, &info_line_numbered(pos, r, Some(1)))
    });
    let mut excluded: Vec<Move> = first.best.into_iter().collect();
    for n in 2..=lines {
        let limits = SearchLimits {
            depth: Some(first.depth.max(1)),
            time_ms: limits.time_ms.map(share),
            target_ms: None,
            ..limits
        };
        let r = searcher.search_excluding(pos, limits, &excluded, |_| {});
        let Some(mv) = r.best else { break };
        say(out, &info_line_numbered(pos, &r, Some(n)));
        excluded.push(mv);
    }
    first
}

fn say<W: Write>(out: &Mutex<W>, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// The `score cp` of a forced road: far beyond any evaluation, nearer wins higher.
pub const ROAD_CP: i32 = 10_000;

/// `info depth .. score cp .. wdl W D L flats .. winprob .. nodes .. nps .. time .. pv ..`:
/// the score in hundredths of a flat (a forced road is `cp ±(10000 − plies)` with
/// `road ±plies` beside it: match runners such as racetrack read only `cp`), the chances of
/// a win, draw and loss for the player to move in per mille, the score in flats, the chance
/// of a win as a fraction, and the principal variation in PTN.
///
/// ```
/// use tak::ai::search::{SearchResult, WIN};
/// use tak::ai::tei::info_line;
/// use tak::Position;
/// let pos = Position::new(6)?;
/// let mut r = SearchResult::empty();
/// r.score = WIN - 3;
/// let line = info_line(&pos, &r);
/// assert!(line.contains("score cp 9997 road 3 wdl 1000 0 0"), "{line}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn info_line(pos: &Position, r: &SearchResult) -> String {
    info_line_numbered(pos, r, None)
}

/// [`info_line`] with `multipv N` for the N-th best line.
pub fn info_line_numbered(pos: &Position, r: &SearchResult, line: Option<usize>) -> String {
    let winprob = super::eval::win_probability(r.score, pos.size());
    let score = if r.score.abs() >= WIN_THRESHOLD {
        let plies = WIN - r.score.abs();
        let sign = r.score.signum();
        format!("cp {} road {}", sign * (ROAD_CP - plies), sign * plies)
    } else {
        format!("cp {}", r.score)
    };
    let win = (winprob * 1000.0).round() as i32;
    let multipv = line.map_or(String::new(), |n| format!(" multipv {n}"));
    format!(
        "info depth {}{multipv} score {score} wdl {win} 0 {} flats {:.2} winprob {winprob:.3} nodes {} nps {:.0} time {:.0} pv {}",
        r.depth,
        1000 - win,
        r.score.clamp(-ROAD_CP, ROAD_CP) as f64 / 100.0,
        r.nodes,
        r.nps(),
        r.time_ms,
        pv_text(pos, &r.pv)
    )
}

/// A line of plies from `pos` in PTN, space-separated (see [`crate::ptn::write_line`]).
pub fn pv_text(pos: &Position, pv: &[Move]) -> String {
    crate::ptn::write_line(pos, pv).join(" ")
}
