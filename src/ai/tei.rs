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
use crate::Setup;
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
    /// The GUI spoke PTN Ninja's dialect (`teinewgame size N halfkomi K`): a forced result is
    /// reported as `score solved win|loss N`, which it reads, rather than racetrack's large `cp`.
    solved_scores: bool,
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
            solved_scores: false,
            searcher: Some(Searcher::new(HASH_MB)),
            thinking: None,
        }
    }

    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    /// Handles one line as read, in bytes: a line that is not UTF-8 is answered with an
    /// error and changes nothing. Returns `false` on `quit`.
    ///
    /// ```
    /// use tak::ai::tei::Session;
    /// use std::sync::{Arc, Mutex};
    /// let out = Arc::new(Mutex::new(Vec::<u8>::new()));
    /// let mut session = Session::new(out.clone());
    /// assert!(session.handle_bytes(b"isready\xff\n"));
    /// assert!(session.handle_bytes(b"isready\r\n"));
    /// let text = String::from_utf8(out.lock().unwrap().clone()).unwrap();
    /// assert_eq!(text, "info string error: a line that is not UTF-8 was ignored\nreadyok\n");
    /// ```
    pub fn handle_bytes(&mut self, line: &[u8]) -> bool {
        match std::str::from_utf8(line) {
            Ok(text) => self.handle(text),
            Err(_) => {
                self.say("info string error: a line that is not UTF-8 was ignored");
                true
            }
        }
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
                self.say(&format!("id version {}", env!("CARGO_PKG_VERSION")));
                // PTN Ninja's announcement of the sizes and half-komis played (match runners
                // that do not know it pass over it).
                let komis: Vec<String> = (-10..=10).map(|k: i8| k.to_string()).collect();
                self.say(&format!("size 3 4 5 6 7 8 halfkomi {}", komis.join(" ")));
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
                match self.new_game(&words[1..]) {
                    Ok(()) => {
                        self.position = self.start_position();
                        self.position_error = None;
                        if let Some(s) = self.searcher.as_mut() {
                            s.clear();
                        }
                    }
                    Err(e) => self.say(&format!("info string error: {e}")),
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

    /// `teinewgame N` (racetrack) or `teinewgame size N [halfkomi K] [komi K]` (PTN Ninja):
    /// the size and komi of the next game, both checked before either is taken.
    fn new_game(&mut self, words: &[&str]) -> Result<(), String> {
        let check_size = |n: &str| -> Result<u8, String> {
            n.parse::<u8>()
                .ok()
                .filter(|&n| Config::standard(n).is_ok())
                .ok_or_else(|| format!("board size must be 3 to 8, not '{n}'"))
        };
        let (mut size, mut half_komi) = (self.size, self.half_komi);
        match words {
            [] => {}
            [n] => size = check_size(n)?,
            _ => {
                self.solved_scores = true;
                let mut pairs = words.chunks(2);
                for pair in &mut pairs {
                    match pair {
                        [key, value] if key.eq_ignore_ascii_case("size") => {
                            size = check_size(value)?
                        }
                        [key, value] if key.eq_ignore_ascii_case("halfkomi") => {
                            half_komi = value
                                .parse::<i8>()
                                .ok()
                                .filter(|&k| Komi::from_half_flats(k).is_some())
                                .ok_or_else(|| {
                                    format!("halfkomi must be -10 to 10, not '{value}'")
                                })?
                        }
                        [key, value] if key.eq_ignore_ascii_case("komi") => {
                            half_komi = value
                                .parse::<Komi>()
                                .map_err(|e| e.to_string())?
                                .half_flats()
                        }
                        // Unknown words are passed over, as the protocol asks.
                        _ => {}
                    }
                }
            }
        }
        self.size = size;
        self.half_komi = half_komi;
        Ok(())
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
        let setup = Setup {
            size,
            stones: self.stones,
            caps: self.caps,
            komi,
            opening: self.opening,
            ancient_tie_rule: self.ancient_tie_rule,
        };
        setup.config().map_err(|e| match e.setting() {
            "pieces" => format!("Flats/Caps: {e}"),
            _ => e.to_string(),
        })
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
            } else if word == "infinite" || word == "solved" {
                // `solved` (PTN Ninja) asks for a definite result: the search reports one
                // as `score solved` when it finds it, and otherwise searches until `stop`.
                i += 1;
            } else {
                // The protocol asks an engine to pass over what it does not know.
                self.say(&format!("info string go: unknown word '{word}' ignored"));
                i += 1;
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
        let infinite = words.contains(&"infinite") || words.contains(&"solved");
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
        let report = Report {
            started: std::time::Instant::now(),
            solved_scores: self.solved_scores,
        };
        let handle = std::thread::spawn(move || {
            let result = if lines > 1 {
                search_lines(&mut searcher, &pos, limits, lines, &out, report)
            } else {
                searcher.search(&pos, limits, |r| say(&out, &report.line(&pos, r, None)))
            };
            match result.best {
                Some(mv) => {
                    // The last info line before `bestmove` is the line of the move played
                    // (an unfinished depth may have changed it), as GUIs and match runners
                    // show the last PV as the engine's intention.
                    if lines == 1 {
                        say(&out, &report.line(&pos, &result, None));
                    }
                    say(
                        &out,
                        &format!("bestmove {}", crate::ptn::write_move(&pos, mv)),
                    )
                }
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

/// How a `go` writes its info lines: `time` counts from the `go`, whatever searches it runs.
#[derive(Clone, Copy)]
struct Report {
    started: std::time::Instant,
    solved_scores: bool,
}

impl Report {
    fn line(&self, pos: &Position, r: &SearchResult, multipv: Option<usize>) -> String {
        let elapsed = self.started.elapsed().as_secs_f64() * 1000.0;
        let r = SearchResult {
            time_ms: elapsed,
            ..r.clone()
        };
        let line = info_line_numbered(pos, &r, multipv);
        if self.solved_scores && r.score.abs() >= WIN_THRESHOLD {
            let plies = WIN - r.score.abs();
            let outcome = if r.score > 0 { "win" } else { "loss" };
            let cp = format!(
                "score cp {} road {}",
                r.score.signum() * (ROAD_CP - plies),
                r.score.signum() * plies
            );
            return line.replace(&cp, &format!("score solved {outcome} {plies}"));
        }
        line
    }
}

/// Several best lines (`MultiPV`), deepened together: at each depth the best line, then the
/// best without the first move, and so on; the lines of a depth are reported when all of them
/// are finished, and the search goes on to the next depth until the limits are spent (a
/// `movetime` is spent whole). Returns the best line of the last depth finished.
fn search_lines<W: Write>(
    searcher: &mut Searcher,
    pos: &Position,
    limits: SearchLimits,
    lines: usize,
    out: &Mutex<W>,
    report: Report,
) -> SearchResult {
    let started = std::time::Instant::now();
    let spent = || started.elapsed().as_secs_f64() * 1000.0;
    let max_depth = limits.depth.unwrap_or(SearchLimits::MAX_DEPTH);
    let mut nodes: u64 = 0;
    let mut best = SearchResult::empty();
    for depth in 1..=max_depth {
        let mut found: Vec<SearchResult> = Vec::new();
        let mut excluded: Vec<Move> = Vec::new();
        let mut finished = true;
        for _ in 0..lines {
            let left = SearchLimits {
                depth: Some(depth),
                nodes: limits.nodes.map(|n| n.saturating_sub(nodes).max(1)),
                time_ms: limits.time_ms.map(|t| (t - spent()).max(0.0)),
                target_ms: None,
            };
            let r = searcher.search_excluding(pos, left, &excluded, |_| {});
            nodes += r.nodes;
            if searcher.was_stopped() {
                finished = false;
                break;
            }
            let Some(mv) = r.best else { break };
            excluded.push(mv);
            found.push(r);
        }
        if !finished || found.is_empty() {
            if best.best.is_none() {
                // Stopped before the first depth ended: any legal move beats none.
                best = searcher.search(pos, SearchLimits::depth(1), |_| {});
            }
            break;
        }
        for (n, r) in found.iter().enumerate() {
            // `nodes` counts every search since `go`, as `time` does.
            let r = SearchResult { nodes, ..r.clone() };
            say(out, &report.line(pos, &r, Some(n + 1)));
        }
        best = found.swap_remove(0);
        // A forced result needs no deeper look; with a clock, no depth is begun that will
        // not end within the move's share.
        let forced = best.score.abs() >= WIN_THRESHOLD;
        if forced
            || limits.target_ms.is_some_and(|t| spent() * 2.0 > t)
            || limits.nodes.is_some_and(|n| nodes >= n)
        {
            break;
        }
    }
    best
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
