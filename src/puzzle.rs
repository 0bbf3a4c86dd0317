//! Tinue puzzles: a position where the player to move (the *attacker*) forces a road, and
//! the proof's main line as the solution.
//!
//! A puzzle is a PTN game: the start position in the `TPS` tag (the attacker is the player
//! to move there), `[Puzzle "tinue"]`, where it comes from in `Source` (for example
//! `playtak.com game 857986, ply 41`: the game's ply that the puzzle's first move
//! replaces), a `Difficulty` (a number, higher is harder; in a mined set, the puzzle's rank
//! by [`Effort`]) and, as the main line, the solution: the attacker's move, the defence
//! that holds out longest, ..., ending in the attacker's road. A set is several puzzles one
//! after another (a new one starts at a tag after moves), as [`ptn::parse_games`] reads.
//!
//! ```
//! use tak::puzzle::Puzzle;
//! let text = r#"
//!     [Puzzle "tinue"]
//!     [Source "a doctest"]
//!     [Difficulty "1"]
//!     [TPS "2,2,x3/x5/x5/1,1,1,x2/x4,1 1 5"]
//!     5. d2 e2 6. d1 R-0
//! "#;
//! let puzzle = Puzzle::from_ptn(text)?;
//! assert_eq!(puzzle.plies, 3);
//! assert_eq!(puzzle.source, "a doctest");
//! // The solver proves it again: a road in 3 plies and none shorter.
//! let effort = puzzle.check(200_000)?;
//! assert_eq!(effort.plies, 3);
//! // Written and read back, it is the same puzzle.
//! assert_eq!(Puzzle::from_ptn(&puzzle.to_ptn())?, puzzle);
//!
//! // A solution that does not end in the attacker's road is refused, and says why.
//! let err = Puzzle::from_ptn(&text.replace("6. d1", "6. a3")).unwrap_err();
//! assert_eq!(err.to_string(), "the solution does not end in white's road (3 plies)");
//! # Ok::<(), tak::puzzle::PuzzleError>(())
//! ```

use crate::ai::tinue::{TinueLimits, TinueResult, TinueSolver};
use crate::ptn::{self, PtnError};
use crate::{Color, EndReason, Game, Move, Position, Square};
use std::collections::HashSet;
use std::fmt;

/// The value of the `Puzzle` tag.
pub const KIND: &str = "tinue";

/// A tinue puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The start: the player to move is the attacker.
    pub position: Position,
    /// The main line, ending in the attacker's road: attacker, defender, ..., attacker.
    pub solution: Vec<Move>,
    /// Where the position comes from (the `Source` tag; empty when there is none).
    pub source: String,
    /// Higher is harder (the `Difficulty` tag; 0 when there is none).
    pub difficulty: u32,
    /// The solution's length in plies (odd: 3 is a threat the defence cannot meet).
    pub plies: u8,
}

/// Why a text is not a puzzle, or a puzzle does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// The PTN itself cannot be read (an illegal move of the solution included: the error
    /// says which ply).
    Ptn(PtnError),
    /// No `Puzzle` tag, or one that is not `tinue`.
    NotAPuzzle(Option<String>),
    /// No `TPS` tag: a puzzle needs its position.
    MissingTps,
    /// The `Difficulty` tag is not a number.
    BadDifficulty(String),
    /// No moves after the tags.
    NoSolution,
    /// The game ends (how, in PTN) after `ply` plies of the solution, before its last.
    EndsEarly { ply: usize, result: String },
    /// The solution's last ply does not give the attacker a road.
    NotARoad { attacker: Color, plies: usize },
    /// The attacker can win at once: nothing to solve.
    Trivial(Move),
    /// The solver does not prove a forced road within the stated plies (`None`: no forced
    /// road; `Some(n)`: the budget ran out).
    NotProved { plies: u8, budget: Option<u64> },
    /// The solver proves a shorter road than the stated one.
    Shorter { plies: u8, found: u8 },
    /// The solution's first move does not keep the forced road.
    WrongFirstMove(Move),
    /// Puzzle `index` (1-based) of a set is wrong.
    InSet {
        index: usize,
        error: Box<PuzzleError>,
    },
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::Ptn(e) => write!(f, "{e}"),
            PuzzleError::NotAPuzzle(None) => {
                write!(f, "not a puzzle: no [Puzzle \"{KIND}\"] tag")
            }
            PuzzleError::NotAPuzzle(Some(v)) => write!(
                f,
                "not a puzzle: the Puzzle tag is '{v}', and only '{KIND}' is known"
            ),
            PuzzleError::MissingTps => {
                write!(f, "a puzzle needs its position: no TPS tag")
            }
            PuzzleError::BadDifficulty(v) => {
                write!(f, "tag Difficulty: '{v}' is not a whole number")
            }
            PuzzleError::NoSolution => {
                write!(f, "a puzzle needs its solution: no moves after the tags")
            }
            PuzzleError::EndsEarly { ply, result } => write!(
                f,
                "the game ends ({result}) after ply {ply} of the solution, before its last ply"
            ),
            PuzzleError::NotARoad { attacker, plies } => write!(
                f,
                "the solution does not end in {}'s road ({})",
                color_name(*attacker),
                crate::Count(*plies as u32, "ply", "plies")
            ),
            PuzzleError::Trivial(mv) => {
                write!(f, "the attacker wins at once with {mv}: nothing to solve")
            }
            PuzzleError::NotProved {
                plies,
                budget: None,
            } => write!(
                f,
                "the solver finds no forced road within {}",
                crate::Count(*plies as u32, "ply", "plies")
            ),
            PuzzleError::NotProved {
                plies,
                budget: Some(n),
            } => write!(
                f,
                "the solver could not prove a road within {} in {n} nodes",
                crate::Count(*plies as u32, "ply", "plies")
            ),
            PuzzleError::Shorter { plies, found } => write!(
                f,
                "the solution takes {} but the solver forces a road in {found}",
                crate::Count(*plies as u32, "ply", "plies")
            ),
            PuzzleError::WrongFirstMove(mv) => {
                write!(
                    f,
                    "the solution's first move {mv} does not keep the forced road"
                )
            }
            PuzzleError::InSet { index, error } => write!(f, "puzzle {index}: {error}"),
        }
    }
}

impl std::error::Error for PuzzleError {}

impl From<PtnError> for PuzzleError {
    fn from(e: PtnError) -> PuzzleError {
        PuzzleError::Ptn(e)
    }
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// What a puzzle asks of a solver, the measure a set is ordered by (compared in this order):
/// the solution's plies, the pieces on the board (a crowded position is harder to read: the
/// first puzzle is a sparse one), the defender's replies to the first move (every one must
/// be met), and the nodes the solver spends to prove it from scratch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Effort {
    pub plies: u8,
    pub pieces: usize,
    pub defences: usize,
    pub nodes: u64,
}

impl Puzzle {
    /// Builds a puzzle and checks its solution is legal and ends in the attacker's road
    /// (not that it is forced: see [`Puzzle::check`]).
    pub fn new(
        position: Position,
        solution: Vec<Move>,
        source: &str,
        difficulty: u32,
    ) -> Result<Puzzle, PuzzleError> {
        let tps = crate::tps::write(&position);
        let mut game = Game::new(position);
        game.set_tag("TPS", &tps);
        for (i, &mv) in solution.iter().enumerate() {
            game.play(mv).map_err(|e| {
                PuzzleError::Ptn(PtnError {
                    location: ptn::Location::Ply(i + 1),
                    message: e.to_string(),
                    cause: Some(ptn::PlyError::Illegal(e)),
                })
            })?;
        }
        game.set_tag("Puzzle", KIND);
        game.set_tag("Source", source);
        game.set_tag("Difficulty", &difficulty.to_string());
        Puzzle::from_game(&game)
    }

    /// Reads one puzzle from PTN (see the module's documentation).
    pub fn from_ptn(text: &str) -> Result<Puzzle, PuzzleError> {
        Puzzle::from_game(&ptn::parse_game(text)?)
    }

    /// Reads a puzzle from a game already read: its tags, its start and its main line.
    pub fn from_game(game: &Game) -> Result<Puzzle, PuzzleError> {
        match game.tag("Puzzle").map(str::trim) {
            Some(v) if v.eq_ignore_ascii_case(KIND) => {}
            other => return Err(PuzzleError::NotAPuzzle(other.map(str::to_string))),
        }
        if game.tag("TPS").is_none() {
            return Err(PuzzleError::MissingTps);
        }
        let difficulty = match game.tag("Difficulty").map(str::trim) {
            None => 0,
            Some(v) => v
                .parse()
                .map_err(|_| PuzzleError::BadDifficulty(v.to_string()))?,
        };
        let position = game.start().clone();
        let solution = game.main_line();
        if solution.is_empty() {
            return Err(PuzzleError::NoSolution);
        }
        let attacker = position.to_move();
        let mut pos = position.clone();
        for (i, &mv) in solution.iter().enumerate() {
            if let Some(outcome) = pos.outcome() {
                return Err(PuzzleError::EndsEarly {
                    ply: i,
                    result: outcome.ptn_result().to_string(),
                });
            }
            // The moves were checked when the PTN was read.
            pos.play_unchecked(mv);
        }
        let road = pos
            .outcome()
            .is_some_and(|o| o.reason == EndReason::Road && o.winner == Some(attacker));
        if !road {
            return Err(PuzzleError::NotARoad {
                attacker,
                plies: solution.len(),
            });
        }
        Ok(Puzzle {
            position,
            plies: solution.len().min(u8::MAX as usize) as u8,
            solution,
            source: game.tag("Source").unwrap_or("").to_string(),
            difficulty,
        })
    }

    /// Reads a set: puzzles one after another, each starting with its tags. A `{comment}`
    /// before the first one is allowed (and ignored).
    pub fn parse_set(text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
        let games = ptn::parse_games(text)?;
        games
            .iter()
            .enumerate()
            .map(|(i, game)| {
                Puzzle::from_game(game).map_err(|e| PuzzleError::InSet {
                    index: i + 1,
                    error: Box::new(e),
                })
            })
            .collect()
    }

    /// The attacker: the player to move at the start.
    pub fn attacker(&self) -> Color {
        self.position.to_move()
    }

    /// The puzzle as a game: the start, the tags and the solution as its main line.
    pub fn to_game(&self) -> Game {
        let mut game = Game::new(self.position.clone());
        game.set_tag("Puzzle", KIND);
        game.set_tag("Source", &self.source);
        game.set_tag("Difficulty", &self.difficulty.to_string());
        for &mv in &self.solution {
            // A puzzle's solution was checked when it was made.
            let _ = game.play(mv);
        }
        game
    }

    /// The puzzle in PTN, written by [`ptn::write_game`]: tags `Size`, `Puzzle`, `Source`,
    /// `Difficulty`, (`Komi`, ...), `TPS`, `Result`, then the solution.
    pub fn to_ptn(&self) -> String {
        ptn::write_game(&self.to_game())
    }

    /// Proves the puzzle again with the solver, with at most `nodes` nodes for each of its
    /// questions: the attacker has no road at once, a forced road exists within the stated
    /// plies and none shorter, and the solution's first move keeps it. Returns what it took.
    pub fn check(&self, nodes: u64) -> Result<Effort, PuzzleError> {
        let attacker = self.attacker();
        if let Some(mv) = self.position.winning_road_move(attacker) {
            return Err(PuzzleError::Trivial(mv));
        }
        let limits = TinueLimits {
            plies: self.plies.min(TinueLimits::MAX_PLIES),
            nodes,
        };
        let mut solver = TinueSolver::for_budget(nodes);
        let line = match solver.solve(&self.position, limits) {
            TinueResult::Tinue { line } => line,
            TinueResult::NoTinue { .. } => {
                return Err(PuzzleError::NotProved {
                    plies: self.plies,
                    budget: None,
                })
            }
            TinueResult::Unknown => {
                return Err(PuzzleError::NotProved {
                    plies: self.plies,
                    budget: Some(nodes),
                })
            }
        };
        let solve_nodes = solver.nodes();
        if line.len() < self.plies as usize {
            return Err(PuzzleError::Shorter {
                plies: self.plies,
                found: line.len() as u8,
            });
        }
        let first = self.solution[0];
        if first != line[0] {
            let mut other = TinueSolver::for_budget(nodes);
            let keeps = other
                .keeps_tinue(&self.position, first, limits)
                .is_ok_and(|v| matches!(v, crate::ai::tinue::MoveVerdict::Keeps { .. }));
            if !keeps {
                return Err(PuzzleError::WrongFirstMove(first));
            }
        }
        Ok(Effort {
            plies: self.plies,
            pieces: pieces_on_board(&self.position),
            defences: defences(&self.position, first),
            nodes: solve_nodes,
        })
    }
}

/// The pieces on the board, every stack's whole height.
fn pieces_on_board(position: &Position) -> usize {
    let n = position.size();
    (0..n * n)
        .filter_map(|i| Square::new(i % n, i / n))
        .map(|sq| position.height(sq))
        .sum()
}

/// The defender's legal replies once the attacker has played `first`.
fn defences(position: &Position, first: Move) -> usize {
    let mut pos = position.clone();
    pos.play_unchecked(first);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.len()
}

/// A key equal for positions that are the same up to the board's eight symmetries
/// (rotations and reflections), the player to move and the reserves: the smallest of the
/// eight boards written as TPS rows, then the player to move and the reserves. The move
/// number does not count.
///
/// ```
/// use tak::puzzle::symmetric_key;
/// use tak::Position;
/// let a = Position::from_tps("2,x4/x5/x5/x5/1,1,x3 1 3")?;
/// let turned = Position::from_tps("1,x3,2/1,x4/x5/x5/x5 1 3")?; // a quarter turn
/// let mirrored = Position::from_tps("x4,2/x5/x5/x5/x3,1,1 1 7")?;
/// assert_eq!(symmetric_key(&a), symmetric_key(&turned));
/// assert_eq!(symmetric_key(&a), symmetric_key(&mirrored));
/// let other = Position::from_tps("2,x4/x5/x5/x5/1,x,1,x2 1 3")?;
/// assert_ne!(symmetric_key(&a), symmetric_key(&other));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn symmetric_key(pos: &Position) -> String {
    let n = pos.size();
    let cell = |file: u8, rank: u8| -> String {
        Square::new(file, rank)
            .map(|sq| pos.stack(sq).pieces().map(|p| p.to_string()).collect())
            .unwrap_or_default()
    };
    let cells: Vec<String> = (0..n * n).map(|i| cell(i % n, i / n)).collect();
    let mut best: Option<String> = None;
    for t in 0..8u8 {
        let mut board = String::new();
        for rank in 0..n {
            for file in 0..n {
                let (mut f, mut r) = if t & 4 != 0 {
                    (rank, file)
                } else {
                    (file, rank)
                };
                if t & 1 != 0 {
                    f = n - 1 - f;
                }
                if t & 2 != 0 {
                    r = n - 1 - r;
                }
                let c = &cells[(r * n + f) as usize];
                board.push_str(if c.is_empty() { "x" } else { c });
                board.push(if file + 1 == n { '/' } else { ',' });
            }
        }
        if best.as_ref().is_none_or(|b| board < *b) {
            best = Some(board);
        }
    }
    let config = pos.config();
    format!(
        "{} {} {}/{}",
        best.unwrap_or_default(),
        pos.to_move().number(),
        config.stones,
        config.caps
    )
}

/// Looks for puzzles among positions, one at a time: a forced road of an allowed length,
/// the attacker having no road at once, each position (up to symmetry) tried once.
pub struct Miner {
    /// The lengths kept, in plies (odd, ascending).
    plies: Vec<u8>,
    /// The solver's budget for each position.
    nodes: u64,
    solver: TinueSolver,
    tried: HashSet<String>,
    found: Vec<(Effort, Puzzle)>,
    /// Positions looked at, repeats (up to symmetry) included.
    pub scanned: u64,
    /// Positions skipped as a repeat of one already tried.
    pub repeats: u64,
    /// Positions where the attacker had a road at once.
    pub trivial: u64,
    /// Positions where the budget ran out.
    pub unknown: u64,
    /// Solver nodes spent in all.
    pub nodes_spent: u64,
}

/// What [`Miner::consider`] made of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mined {
    /// A new puzzle of this many plies.
    Puzzle(u8),
    /// A forced road, but not a puzzle: of a length not asked for, or the attacker wins
    /// at once (1 ply).
    Tinue(u8),
    /// Tried before (up to symmetry).
    Repeat,
    /// No forced road within the longest length asked, or the game is over, or unknown.
    Nothing,
}

impl Miner {
    /// A miner keeping forced roads of the given lengths (in plies; odd, at least 3),
    /// with `nodes` solver nodes for each position.
    pub fn new(plies: &[u8], nodes: u64) -> Miner {
        let mut plies: Vec<u8> = plies
            .iter()
            .copied()
            .filter(|p| p % 2 == 1 && *p >= 3 && *p <= TinueLimits::MAX_PLIES)
            .collect();
        plies.sort_unstable();
        plies.dedup();
        Miner {
            plies,
            nodes,
            solver: TinueSolver::for_budget(nodes),
            tried: HashSet::new(),
            found: Vec::new(),
            scanned: 0,
            repeats: 0,
            trivial: 0,
            unknown: 0,
            nodes_spent: 0,
        }
    }

    /// Tries one position; `source` says where it comes from (asked only for a puzzle).
    /// With `keep` false a forced road is only reported ([`Mined::Tinue`]), not kept (a
    /// caller that leaves out a game's later positions of a tinue it already has).
    pub fn consider(
        &mut self,
        pos: &Position,
        keep: bool,
        source: impl FnOnce() -> String,
    ) -> Mined {
        self.scanned += 1;
        let Some(&longest) = self.plies.last() else {
            return Mined::Nothing;
        };
        if pos.is_over() || pos.is_opening() {
            return Mined::Nothing;
        }
        if pos.winning_road_move(pos.to_move()).is_some() {
            self.trivial += 1;
            return Mined::Tinue(1);
        }
        if !self.tried.insert(symmetric_key(pos)) {
            self.repeats += 1;
            return Mined::Repeat;
        }
        // A fresh table for each position: the nodes spent are the puzzle's own.
        self.solver.clear();
        let result = self.solver.solve(
            pos,
            TinueLimits {
                plies: longest,
                nodes: self.nodes,
            },
        );
        self.nodes_spent += self.solver.nodes();
        let line = match result {
            TinueResult::Tinue { line } => line,
            TinueResult::Unknown => {
                self.unknown += 1;
                return Mined::Nothing;
            }
            TinueResult::NoTinue { .. } => return Mined::Nothing,
        };
        let plies = line.len() as u8;
        if !keep || !self.plies.contains(&plies) {
            return Mined::Tinue(plies);
        }
        let Ok(puzzle) = Puzzle::new(pos.clone(), line, &source(), 0) else {
            return Mined::Nothing;
        };
        match puzzle.check(self.nodes) {
            Ok(effort) => {
                self.found.push((effort, puzzle));
                Mined::Puzzle(plies)
            }
            Err(_) => Mined::Nothing,
        }
    }

    /// The puzzles found so far.
    pub fn found(&self) -> impl Iterator<Item = &(Effort, Puzzle)> {
        self.found.iter()
    }

    /// The puzzles found, easiest first (by [`Effort`]), each with its rank (1, 2, ...) as
    /// its difficulty. With `per_group`, at most that many of each length and board size,
    /// spread evenly from the group's easiest to its hardest.
    pub fn finish(self, per_group: Option<usize>) -> Vec<Puzzle> {
        let mut found = self.found;
        let order = |a: &(Effort, Puzzle), b: &(Effort, Puzzle)| {
            a.0.cmp(&b.0).then_with(|| a.1.source.cmp(&b.1.source))
        };
        found.sort_by(order);
        if let Some(k) = per_group {
            let mut groups: Vec<Vec<(Effort, Puzzle)>> = Vec::new();
            for item in found {
                let group = (item.0.plies, item.1.position.size());
                match groups
                    .iter_mut()
                    .find(|g| (g[0].0.plies, g[0].1.position.size()) == group)
                {
                    Some(g) => g.push(item),
                    None => groups.push(vec![item]),
                }
            }
            found = groups
                .into_iter()
                .flat_map(|group| spread(group, k))
                .collect();
            found.sort_by(order);
        }
        found
            .into_iter()
            .enumerate()
            .map(|(i, (_, mut puzzle))| {
                puzzle.difficulty = i as u32 + 1;
                puzzle
            })
            .collect()
    }
}

/// At most `k` of `items` (in order), evenly spaced from the first to the last.
fn spread<T>(items: Vec<T>, k: usize) -> Vec<T> {
    let n = items.len();
    if n <= k {
        return items;
    }
    let wanted: HashSet<usize> = match k {
        0 => HashSet::new(),
        1 => HashSet::from([n / 2]),
        _ => (0..k).map(|i| i * (n - 1) / (k - 1)).collect(),
    };
    items
        .into_iter()
        .enumerate()
        .filter(|(i, _)| wanted.contains(i))
        .map(|(_, item)| item)
        .collect()
}

/// Writes a set: `header` lines as `{comments}` first (when any), then each puzzle's PTN,
/// a blank line between them.
pub fn write_set(puzzles: &[Puzzle], header: &[String]) -> String {
    let mut out = String::new();
    for line in header {
        out.push('{');
        out.push_str(&line.replace('\\', "\\\\").replace('}', "\\}"));
        out.push_str("}\n");
    }
    for puzzle in puzzles {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&puzzle.to_ptn());
    }
    out
}

/// A reader's move in a puzzle, judged (see [`judge_move`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    /// `keeps` (the move keeps a forced road), `refuted` (the defence escapes) or `unknown`
    /// (the solver's budget ran out: the page accepts the move, it cannot say otherwise).
    pub verdict: &'static str,
    /// The move as PTN, as the position writes it.
    pub mv: String,
    /// For `refuted`: the defence that escapes, in PTN (none when the move itself ends the
    /// game without the attacker's road).
    pub defence: Option<String>,
    /// For `keeps`: the line from the move on, ending in the road (each defence the one
    /// that holds out longest).
    pub line: Vec<String>,
}

/// Whether the attacker's move `mv` (PTN) in `pos` keeps a forced road within
/// `limits.plies` plies (counting the move), for a page that checks a reader's answer to a
/// puzzle. An unreadable or illegal move is an error with a message.
///
/// ```
/// use tak::ai::tinue::TinueLimits;
/// use tak::Position;
/// let pos = Position::from_tps("2,2,x3/x5/x5/1,1,1,x2/x4,1 1 5")?;
/// let judged = tak::puzzle::judge_move(&pos, "d2", TinueLimits::plies(3)).unwrap();
/// assert_eq!((judged.verdict, judged.line.len()), ("keeps", 3));
/// let judged = tak::puzzle::judge_move(&pos, "c5", TinueLimits::plies(3)).unwrap();
/// assert_eq!(judged.verdict, "refuted");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn judge_move(pos: &Position, mv: &str, limits: TinueLimits) -> Result<Judged, String> {
    let parsed: Move = mv.trim().parse().map_err(|e| format!("{e}"))?;
    let mut solver = TinueSolver::for_budget(limits.nodes);
    let verdict = solver
        .keeps_tinue(pos, parsed, limits)
        .map_err(|e| e.to_string())?;
    let written = ptn::write_move(pos, parsed);
    let mut after = pos.clone();
    after.play_unchecked(parsed);
    Ok(match verdict {
        crate::ai::tinue::MoveVerdict::Keeps { line } => Judged {
            verdict: "keeps",
            mv: written,
            defence: None,
            line: ptn::write_line(pos, &line),
        },
        crate::ai::tinue::MoveVerdict::Refuted { defence, .. } => Judged {
            verdict: "refuted",
            mv: written,
            defence: defence.map(|d| ptn::write_move(&after, d)),
            line: Vec::new(),
        },
        crate::ai::tinue::MoveVerdict::Unknown => Judged {
            verdict: "unknown",
            mv: written,
            defence: None,
            line: Vec::new(),
        },
    })
}

/// The defender's strongest reply in `pos` (the defender to move) against a forced road
/// within `limits.plies` plies: the line from the defence on, in PTN, ending in the
/// attacker's road; empty when no forced road was found (or the budget ran out).
pub fn strongest_defence(pos: &Position, limits: TinueLimits) -> Vec<String> {
    let mut solver = TinueSolver::for_budget(limits.nodes);
    match solver.strongest_defence(pos, limits) {
        TinueResult::Tinue { line } => ptn::write_line(pos, &line),
        _ => Vec::new(),
    }
}

/// One puzzle of a set as a page shows it: plain text and numbers only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    /// The start position in TPS (the attacker to move).
    pub tps: String,
    pub size: u8,
    /// `white` or `black`.
    pub attacker: &'static str,
    pub source: String,
    /// The source in a player's words, where it names a game (see [`SourceWords`]).
    pub source_words: SourceWords,
    pub difficulty: u32,
    pub plies: u8,
    /// The solution in PTN.
    pub solution: Vec<String>,
}

/// A puzzle's `Source` tag as a player would say it. The miner (`tak puzzles`) writes where
/// it found each position for whoever checks it: a data set, a game number and a ply, such
/// as `playtak.com game 123 (Alice vs Bob), ply 41` (the 41st ply is the puzzle's first). A
/// player wants the game and the move: `Alice vs Bob`, move 21. A tag in no form the miner
/// writes stays as it is.
///
/// ```
/// use tak::puzzle::SourceWords;
/// assert_eq!(
///     SourceWords::of("playtak.com game 123 (Alice vs Bob), ply 41"),
///     SourceWords::Game { players: "Alice vs Bob".into(), move_number: 21 },
/// );
/// assert_eq!(SourceWords::of("self-play 6x6 level 3 seed 1 game 8, ply 42"), SourceWords::SelfPlay);
/// assert_eq!(SourceWords::of("my club, 2024"), SourceWords::AsWritten);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SourceWords {
    /// A game between `players` (`A vs B`), the position before move `move_number`.
    Game { players: String, move_number: u32 },
    /// A game the computer played against itself.
    SelfPlay,
    /// Shown as written.
    AsWritten,
}

impl SourceWords {
    pub fn of(source: &str) -> SourceWords {
        let Some((place, ply)) = source.rsplit_once(", ply ") else {
            return SourceWords::AsWritten;
        };
        let Some(ply) = ply.trim().parse::<u32>().ok().filter(|&ply| ply >= 1) else {
            return SourceWords::AsWritten;
        };
        if place.starts_with("self-play ") {
            return SourceWords::SelfPlay;
        }
        let players = place
            .strip_suffix(')')
            .and_then(|p| p.rsplit_once(" ("))
            .map(|(_, players)| players.trim())
            .filter(|players| players.contains(" vs "));
        match players {
            Some(players) => SourceWords::Game {
                players: players.to_string(),
                // The miner counts plies from 1, the one about to be played: plies 1 and 2
                // are move 1.
                move_number: ply.div_ceil(2),
            },
            None => SourceWords::AsWritten,
        }
    }
}

/// Reads a set of puzzles (as [`Puzzle::parse_set`]) for a page: each one's start, attacker,
/// tags and solution as text.
pub fn show_set(text: &str) -> Result<Vec<Shown>, PuzzleError> {
    Ok(Puzzle::parse_set(text)?.iter().map(Shown::of).collect())
}

/// Reads one puzzle (as [`Puzzle::from_ptn`]) for a page, as [`show_set`] does a set.
pub fn show_one(text: &str) -> Result<Shown, PuzzleError> {
    Ok(Shown::of(&Puzzle::from_ptn(text)?))
}

impl Shown {
    fn of(p: &Puzzle) -> Shown {
        Shown {
            tps: crate::tps::write(&p.position),
            size: p.position.size(),
            attacker: if p.attacker() == Color::White {
                "white"
            } else {
                "black"
            },
            source: p.source.clone(),
            source_words: SourceWords::of(&p.source),
            difficulty: p.difficulty,
            plies: p.plies,
            solution: ptn::write_line(&p.position, &p.solution),
        }
    }
}
