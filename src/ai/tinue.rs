//! A tinue solver: proves whether the player to move (the *attacker*) forces a win whatever
//! the defence, by road threats: its road, or, at the very end, the flat count.
//!
//! The search is a depth-first proof search, deepened over odd plies (1, 3, 5, ...: the win
//! always lands on an attacker's ply), with a transposition table keyed by the Zobrist hash.
//! At the attacker's turns it tries only the moves that win at once and the moves after which
//! the attacker threatens to win next ply (puts the defender "in Tak"); at the defender's turns
//! it tries **every** legal move (walls, capstones flattening a wall, spreads of any stack,
//! placements), so a proof holds against any defence. A defence that wins for the defender
//! (a spread that makes both roads included: the mover wins it), or ends the game drawn,
//! escapes; one that hands the attacker the game does not.
//!
//! The game also ends on the flat count when a player places its last piece or the board
//! fills: where a ply can do that, a flat count the attacker wins counts as its win, at once
//! or as a threat, as it does for the players (and for Tiltak's proof search, which the
//! held-out set of `tests/tinue_heldout.rs` is labelled by). Before the end this never
//! arises, and a tinue is a forced road.
//!
//! So "no tinue" always means "no forced win by a sequence of threats": a road forced
//! through quiet moves (zugzwang) is not looked for. With a ply limit it is "none within N
//! plies"; see [`TinueResult::NoTinue`].
//!
//! ```
//! use tak::ai::tinue::{solve_tinue, TinueLimits, TinueResult};
//! use tak::Position;
//! // White holds a2, b2, c2 and e1. A flat on d2 threatens both e2 (rank 2) and d1 (a2 to
//! // d2, down to d1 and on to e1), one on d1 both d2 and c1: black can block only one.
//! let pos = Position::from_tps("2,2,x3/x5/x5/1,1,1,x2/x4,1 1 5")?;
//! let result = solve_tinue(&pos, TinueLimits::default());
//! let TinueResult::Tinue { line } = result else { panic!("{result:?}") };
//! assert_eq!(line.len(), 3); // the double threat, a block, the road
//! assert!(["d1", "d2"].contains(&line[0].to_string().as_str()));
//! let mut end = pos.clone();
//! for &mv in &line {
//!     end.play(mv)?;
//! }
//! assert_eq!(end.outcome().map(|o| o.ptn_result()), Some("R-0"));
//! // Without e1 the same flat makes one threat, and black blocks it.
//! let pos = Position::from_tps("2,2,x3/x5/x5/1,1,1,x2/x5 1 5")?;
//! let result = solve_tinue(&pos, TinueLimits::plies(3));
//! assert_eq!(result, TinueResult::NoTinue { plies: Some(3) });
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`TinueSolver`] keeps its table between calls (a puzzle asks again after every ply);
//! [`solve_tinue`], [`keeps_tinue`] and [`strongest_defence`] are one-off shorthands.

use crate::{Color, Config, Kind};
use crate::{IllegalMove, Move, Position};

/// How far and how long the solver may look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TinueLimits {
    /// The longest line looked for, in plies, counting the line's first ply and the road:
    /// 1 is a road at once, 3 a threat (or two) the defence cannot meet, and so on. At most
    /// [`TinueLimits::MAX_PLIES`].
    pub plies: u8,
    /// Nodes (plies played) the solver may spend before it answers "unknown".
    pub nodes: u64,
}

impl TinueLimits {
    /// The deepest line the solver can look for.
    pub const MAX_PLIES: u8 = 63;

    /// At most `plies` plies, with the default node budget.
    pub fn plies(plies: u8) -> TinueLimits {
        TinueLimits {
            plies,
            ..TinueLimits::default()
        }
    }
}

impl Default for TinueLimits {
    /// Up to 15 plies, a million nodes (a few seconds natively at most). Lines longer than
    /// 7 plies are where a held-out set of real games' tinues was still missed at 7
    /// (`tests/tinue_heldout.rs`); the budget, not the plies, bounds the time.
    fn default() -> TinueLimits {
        TinueLimits {
            plies: 15,
            nodes: 1_000_000,
        }
    }
}

/// What the solver proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TinueResult {
    /// A forced road. `line` is the proof's main line, ending in the road: the attacker's
    /// quickest forcing moves, each answered by the defence that holds out longest.
    Tinue { line: Vec<Move> },
    /// No forced road by road threats: `plies: Some(n)` means none within `n` plies (longer
    /// ones were not looked for); `None` means none at all, however long (every line of
    /// threats ran out before the limit), or the game is over.
    NoTinue { plies: Option<u8> },
    /// The node budget was spent before an answer.
    Unknown,
}

impl TinueResult {
    /// The first move of a tinue's line.
    pub fn first_move(&self) -> Option<Move> {
        match self {
            TinueResult::Tinue { line } => line.first().copied(),
            _ => None,
        }
    }

    /// Whether a forced road was proved.
    pub fn is_tinue(&self) -> bool {
        matches!(self, TinueResult::Tinue { .. })
    }
}

/// Whether a given attacker's move keeps a forced road (see [`TinueSolver::keeps_tinue`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveVerdict {
    /// The move keeps a forced road: `line` starts with it and ends in the road, each
    /// defence the one that holds out longest.
    Keeps { line: Vec<Move> },
    /// The defence escapes. `defence` is a reply after which no forced road was found (the
    /// defender's own road, a block, ...); `None` when the move itself ends the game without
    /// the attacker's road, or the limit is a single ply. `plies` as in
    /// [`TinueResult::NoTinue`], counting the move.
    Refuted {
        defence: Option<Move>,
        plies: Option<u8>,
    },
    /// The node budget was spent before an answer.
    Unknown,
}

/// A table entry: what is known about one position as an attacker's or a defender's node.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    /// The attacker's best move, or the defence that refuted.
    best: Option<Move>,
    /// The smallest depth at which a forced road was proved (0: none yet).
    win: u8,
    /// The largest depth at which no forced road was proved ([`ABSOLUTE`]: at any depth).
    fail: u8,
}

/// A failure that no depth would change.
const ABSOLUTE: u8 = u8::MAX;

/// Toggled into the key of a defender's node: the same position (and side to move) is a
/// different question when the attacker is the other player.
const DEFENDER_KEY: u64 = 0x2545_F491_4F6C_DD1D;

/// What a node's search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Proof {
    /// The attacker forces a road within the depth.
    Win,
    /// It does not; `absolute` when it would not at any depth.
    Fail { absolute: bool },
    /// The node budget ran out.
    Aborted,
}

/// A reusable tinue solver: its transposition table (bounded, always-replace) is kept
/// between calls on positions of the same game settings.
///
/// ```
/// use tak::ai::tinue::{TinueLimits, TinueResult, TinueSolver};
/// use tak::Position;
/// let mut solver = TinueSolver::new(1);
/// let pos = Position::from_tps("2,2,x3/x5/x5/1,1,1,x2/x4,1 1 5")?;
/// let result = solver.solve(&pos, TinueLimits::default());
/// assert!(result.is_tinue());
/// println!("{} nodes", solver.nodes());
/// // A road at once is a tinue in one ply.
/// let pos = Position::from_tps("2,2,x3/x5/x5/x5/1,1,1,x,1 1 5")?;
/// let line = vec!["d1".parse()?];
/// assert_eq!(solver.solve(&pos, TinueLimits::default()), TinueResult::Tinue { line });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct TinueSolver {
    table: Vec<Entry>,
    config: Option<Config>,
    nodes: u64,
    node_limit: u64,
    /// Per ply: the moves generated there.
    moves: Vec<Vec<Move>>,
    /// The spreads `road_in_one` tries.
    spreads: Vec<Move>,
    /// The plies `flat_win_in_one` tries.
    enders: Vec<Move>,
}

impl TinueSolver {
    /// A solver with a table of about `megabytes` MB.
    pub fn new(megabytes: usize) -> TinueSolver {
        let entries =
            (megabytes.max(1) * 1024 * 1024 / std::mem::size_of::<Entry>()).next_power_of_two() / 2;
        TinueSolver::with_entries(entries)
    }

    fn with_entries(entries: usize) -> TinueSolver {
        let depth = TinueLimits::MAX_PLIES as usize + 2;
        TinueSolver {
            table: vec![Entry::default(); entries.max(1024).next_power_of_two()],
            config: None,
            nodes: 0,
            node_limit: u64::MAX,
            moves: vec![Vec::new(); depth],
            spreads: Vec::new(),
            enders: Vec::new(),
        }
    }

    /// A solver whose table suits a budget of `nodes` (a node in 16 or so is stored), from
    /// 16 KB to 16 MB.
    pub fn for_budget(nodes: u64) -> TinueSolver {
        TinueSolver::with_entries((nodes / 16).clamp(1024, 1 << 20) as usize)
    }

    /// Nodes (plies played) spent by the last call.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets everything learned.
    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|e| *e = Entry::default());
    }

    /// Proves whether the player to move forces a road within `limits`: the first move and
    /// the main line, none, or unknown when the node budget runs out first. The line is the
    /// shortest forced road the search finds, each defence the one that holds out longest.
    pub fn solve(&mut self, position: &Position, limits: TinueLimits) -> TinueResult {
        self.start(position, limits);
        if position.is_over() {
            return TinueResult::NoTinue { plies: None };
        }
        let mut pos = position.clone();
        // The road lands on an odd ply.
        let max = (limits.plies.clamp(1, TinueLimits::MAX_PLIES) - 1) | 1;
        for depth in (1..=max).step_by(2) {
            match self.attack(&mut pos, depth, 0, None) {
                Proof::Win => {
                    let mut line = Vec::new();
                    self.node_limit = u64::MAX;
                    self.attacker_line(&mut pos, depth, &mut line);
                    return TinueResult::Tinue { line };
                }
                Proof::Fail { absolute: true } => return TinueResult::NoTinue { plies: None },
                Proof::Fail { absolute: false } => {}
                Proof::Aborted => return TinueResult::Unknown,
            }
        }
        TinueResult::NoTinue { plies: Some(max) }
    }

    /// Whether `mv`, played by the player to move, keeps a forced road within `limits`
    /// (counting `mv`): any move that does is a right answer to a puzzle, not only the one in
    /// the main line. Unlike [`TinueSolver::solve`] it does not ask that `mv` be a road
    /// threat: every defence is tried after it.
    ///
    /// ```
    /// use tak::ai::tinue::{MoveVerdict, TinueLimits, TinueSolver};
    /// use tak::Position;
    /// let pos = Position::from_tps("2,2,x3/x5/x5/1,1,1,x2/x4,1 1 5")?;
    /// let mut solver = TinueSolver::new(1);
    /// let limits = TinueLimits::plies(3);
    /// // The capstone on d2 makes the same two threats as the flat.
    /// let verdict = solver.keeps_tinue(&pos, "Cd2".parse()?, limits)?;
    /// assert!(matches!(verdict, MoveVerdict::Keeps { line } if line.len() == 3));
    /// // e5 threatens nothing: black has time for d2 itself.
    /// let verdict = solver.keeps_tinue(&pos, "e5".parse()?, limits)?;
    /// assert!(matches!(verdict, MoveVerdict::Refuted { defence: Some(_), plies: Some(3) }));
    /// // An illegal move is an error.
    /// assert!(solver.keeps_tinue(&pos, "a2".parse()?, limits).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn keeps_tinue(
        &mut self,
        position: &Position,
        mv: Move,
        limits: TinueLimits,
    ) -> Result<MoveVerdict, IllegalMove> {
        position.check(mv)?;
        self.start(position, limits);
        let attacker = position.to_move();
        let mut pos = position.clone();
        pos.play_unchecked(mv);
        if let Some(outcome) = pos.outcome() {
            return Ok(if outcome.winner == Some(attacker) {
                MoveVerdict::Keeps { line: vec![mv] }
            } else {
                MoveVerdict::Refuted {
                    defence: None,
                    plies: None,
                }
            });
        }
        // The road lands on an odd ply, counting `mv`.
        let max = (limits.plies.clamp(1, TinueLimits::MAX_PLIES) - 1) | 1;
        let mut defence = None;
        for depth in (2..max).step_by(2) {
            match self.defend(&mut pos, depth, 1, None) {
                (Proof::Win, _) => {
                    let mut line = vec![mv];
                    self.node_limit = u64::MAX;
                    self.defender_line(&mut pos, depth, &mut line);
                    return Ok(MoveVerdict::Keeps { line });
                }
                (Proof::Fail { absolute: true }, refutation) => {
                    return Ok(MoveVerdict::Refuted {
                        defence: refutation,
                        plies: None,
                    })
                }
                (Proof::Fail { absolute: false }, refutation) => defence = refutation,
                (Proof::Aborted, _) => return Ok(MoveVerdict::Unknown),
            }
        }
        Ok(MoveVerdict::Refuted {
            defence,
            plies: Some(max),
        })
    }

    /// For the defender to move, in a position where the other player has just played:
    /// whether the attacker forces a road within `limits.plies` plies from here (counting
    /// the defence), and if so the line whose first move is the defence that holds out
    /// longest (the board's answer in a puzzle). Among defences that last as long, the one
    /// that leaves the fewest squares where a placement would finish the attacker's road.
    ///
    /// ```
    /// use tak::ai::tinue::{TinueLimits, TinueResult, TinueSolver};
    /// use tak::Position;
    /// // White has just played d2, threatening e2 and d1. Black blocks one; white plays
    /// // the other.
    /// let pos = Position::from_tps("2,2,x3/x5/x5/1,1,1,1,x/x4,1 2 5")?;
    /// let mut solver = TinueSolver::new(1);
    /// let TinueResult::Tinue { line } = solver.strongest_defence(&pos, TinueLimits::plies(2))
    /// else {
    ///     panic!("white's double threat")
    /// };
    /// assert_eq!(line.len(), 2);
    /// assert!(["d1", "e2"].contains(&line[0].square().to_string().as_str()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn strongest_defence(&mut self, position: &Position, limits: TinueLimits) -> TinueResult {
        self.start(position, limits);
        if position.is_over() {
            return TinueResult::NoTinue { plies: None };
        }
        let mut pos = position.clone();
        // The road lands on an even ply, counting the defence.
        let max = limits.plies.clamp(2, TinueLimits::MAX_PLIES + 1) & !1;
        for depth in (2..=max).step_by(2) {
            match self.defend(&mut pos, depth, 0, None).0 {
                Proof::Win => {
                    let mut line = Vec::new();
                    self.node_limit = u64::MAX;
                    self.defender_line(&mut pos, depth, &mut line);
                    return TinueResult::Tinue { line };
                }
                Proof::Fail { absolute: true } => return TinueResult::NoTinue { plies: None },
                Proof::Fail { absolute: false } => {}
                Proof::Aborted => return TinueResult::Unknown,
            }
        }
        TinueResult::NoTinue { plies: Some(max) }
    }

    fn start(&mut self, position: &Position, limits: TinueLimits) {
        if self.config != Some(*position.config()) {
            self.clear();
            self.config = Some(*position.config());
        }
        self.nodes = 0;
        self.node_limit = limits.nodes;
    }

    #[inline]
    fn road_in_one(&mut self, pos: &mut Position) -> Option<Move> {
        pos.road_in_one_with(&mut self.spreads)
    }

    /// A ply that wins at once for the player to move: its road, or a flat count it wins
    /// where this ply can end the game (see [`TinueSolver::flat_win_in_one`]).
    #[inline]
    fn win_in_one(&mut self, pos: &mut Position) -> Option<Move> {
        self.road_in_one(pos).or_else(|| self.flat_win_in_one(pos))
    }

    /// A ply that ends the game on the flat count with the player to move ahead: only when
    /// it can end there at all — its last piece placed, or the board's last empty squares
    /// filled (a spread covers at most `size` of them) — so almost never before the end.
    fn flat_win_in_one(&mut self, pos: &mut Position) -> Option<Move> {
        let me = pos.to_move();
        let size = u32::from(pos.size());
        let empty = size * size - pos.occupied().count_ones();
        let last_piece = u32::from(pos.stones_left(me)) + u32::from(pos.caps_left(me)) <= 1;
        if !last_piece && empty > size {
            return None;
        }
        let mut moves = std::mem::take(&mut self.enders);
        moves.clear();
        pos.generate_moves(&mut moves);
        let win = moves.iter().copied().find(|&mv| {
            let undo = pos.play_unchecked(mv);
            let wins =
                pos.is_flat_count_due() && pos.outcome().is_some_and(|o| o.winner == Some(me));
            pos.undo(undo);
            wins
        });
        self.enders = moves;
        win
    }

    /// A ply with which the player who just moved could win next turn: complete a road, or
    /// (at the very end) win the flat count.
    #[inline]
    fn threat(&mut self, pos: &mut Position) -> Option<Move> {
        pos.pass();
        let threat = self.win_in_one(pos);
        pos.unpass();
        threat
    }

    /// Whether `mv`, a road for the player to move a ply ago, still is one: most defences
    /// do not touch the threat, and this is cheaper than looking for a road afresh.
    #[inline]
    fn still_wins(pos: &mut Position, mv: Move) -> bool {
        let me = pos.to_move();
        let legal = match mv.kind() {
            Some(kind) => {
                pos.height(mv.square()) == 0
                    && if kind == Kind::Cap {
                        pos.caps_left(me) > 0
                    } else {
                        pos.stones_left(me) > 0
                    }
            }
            None => pos.is_legal(mv),
        };
        if !legal || pos.is_opening() {
            return false;
        }
        let undo = pos.play_unchecked(mv);
        let wins = pos.has_road(me);
        pos.undo(undo);
        wins
    }

    fn probe(&self, key: u64, depth: u8) -> (Option<Move>, Option<Proof>) {
        let entry = self.table[key as usize & (self.table.len() - 1)];
        if entry.key != key {
            return (None, None);
        }
        let proof = if entry.win != 0 && entry.win <= depth {
            Some(Proof::Win)
        } else if entry.fail >= depth {
            Some(Proof::Fail {
                absolute: entry.fail == ABSOLUTE,
            })
        } else {
            None
        };
        (entry.best, proof)
    }

    fn store(&mut self, key: u64, proof: Proof, depth: u8, best: Option<Move>) {
        let (win, fail) = match proof {
            Proof::Win => (depth, 0),
            Proof::Fail { absolute: true } => (0, ABSOLUTE),
            Proof::Fail { absolute: false } => (0, depth),
            Proof::Aborted => return,
        };
        let index = key as usize & (self.table.len() - 1);
        let slot = &mut self.table[index];
        if slot.key != key {
            *slot = Entry {
                key,
                best,
                win,
                fail,
            };
            return;
        }
        if win != 0 && (slot.win == 0 || win < slot.win) {
            slot.win = win;
        }
        slot.fail = slot.fail.max(fail);
        if best.is_some() {
            slot.best = best;
        }
    }

    /// The attacker to move: a road within `depth` plies (odd)? `threat` is a road it
    /// threatened a ply ago, tried first.
    fn attack(&mut self, pos: &mut Position, depth: u8, ply: usize, threat: Option<Move>) -> Proof {
        if threat.is_some_and(|mv| Self::still_wins(pos, mv)) || self.win_in_one(pos).is_some() {
            return Proof::Win;
        }
        if depth < 3 {
            return Proof::Fail { absolute: false };
        }
        if self.nodes >= self.node_limit {
            return Proof::Aborted;
        }
        let key = pos.hash();
        let (hint, known) = self.probe(key, depth);
        if let Some(proof) = known {
            return proof;
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        pos.generate_moves(&mut moves);
        to_front(&mut moves, hint);
        let mut result = Proof::Fail { absolute: true };
        let mut best = None;
        for &mv in moves.iter() {
            let undo = pos.play_unchecked(mv);
            self.nodes += 1;
            // A move that ends the game here is not a win of the attacker's (that would
            // have been a win in one): it is no way to force one.
            let proof = match pos.is_over() {
                true => None,
                false => self
                    .threat(pos)
                    .map(|threat| self.defend(pos, depth - 1, ply + 1, Some(threat)).0),
            };
            pos.undo(undo);
            match proof {
                None => {}
                Some(Proof::Win) => {
                    result = Proof::Win;
                    best = Some(mv);
                    break;
                }
                Some(Proof::Aborted) => {
                    result = Proof::Aborted;
                    break;
                }
                Some(Proof::Fail { absolute: false }) => result = Proof::Fail { absolute: false },
                Some(Proof::Fail { absolute: true }) => {}
            }
        }
        self.moves[ply] = moves;
        self.store(key, result, depth, best);
        result
    }

    /// The defender to move, the attacker having just played: does every reply lose to a
    /// road within `depth - 1` more plies? If not, the reply that escapes.
    fn defend(
        &mut self,
        pos: &mut Position,
        depth: u8,
        ply: usize,
        threat: Option<Move>,
    ) -> (Proof, Option<Move>) {
        if self.nodes >= self.node_limit {
            return (Proof::Aborted, None);
        }
        let key = pos.hash() ^ DEFENDER_KEY;
        let (hint, known) = self.probe(key, depth);
        if let Some(proof) = known {
            return (proof, hint);
        }
        // The defender's own road comes first.
        if let Some(mv) = self.road_in_one(pos) {
            let result = (Proof::Fail { absolute: true }, Some(mv));
            self.store(key, result.0, depth, result.1);
            return result;
        }
        let attacker = !pos.to_move();
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        pos.generate_moves(&mut moves);
        order_defences(pos, &mut moves, hint, attacker);
        let mut result = (Proof::Win, None);
        for &mv in moves.iter() {
            let undo = pos.play_unchecked(mv);
            self.nodes += 1;
            let proof = match pos.outcome() {
                // The attacker's road, or a flat count the attacker wins (the defender
                // placed its last piece, or filled the board).
                Some(outcome) if outcome.winner == Some(attacker) => Proof::Win,
                // The defender's road, a flat count it wins or a draw: an escape whatever
                // the depth.
                Some(_) => Proof::Fail { absolute: true },
                None => self.attack(pos, depth - 1, ply + 1, threat),
            };
            pos.undo(undo);
            if proof != Proof::Win {
                result = (proof, Some(mv));
                break;
            }
        }
        self.moves[ply] = moves;
        self.store(key, result.0, depth, result.1);
        result
    }

    /// The smallest odd depth, up to `max`, at which the attacker to move forces a road.
    fn quickest(&mut self, pos: &mut Position, max: u8, ply: usize) -> Option<u8> {
        (1..=max)
            .step_by(2)
            .find(|&depth| self.attack(pos, depth, ply, None) == Proof::Win)
    }

    /// Appends the main line from an attacker's node proved within `depth`.
    fn attacker_line(&mut self, pos: &mut Position, depth: u8, line: &mut Vec<Move>) {
        if let Some(mv) = self.win_in_one(pos) {
            line.push(mv);
            return;
        }
        let ply = line.len();
        let mut moves = Vec::new();
        pos.generate_moves(&mut moves);
        to_front(&mut moves, self.probe(pos.hash(), depth).0);
        for mv in moves {
            let undo = pos.play_unchecked(mv);
            let wins = !pos.is_over()
                && self
                    .threat(pos)
                    .is_some_and(|t| self.defend(pos, depth - 1, ply + 1, Some(t)).0 == Proof::Win);
            if wins {
                line.push(mv);
                self.defender_line(pos, depth - 1, line);
            }
            pos.undo(undo);
            if wins {
                return;
            }
        }
    }

    /// Appends the main line from a defender's node proved within `depth`: the defence that
    /// holds out longest, then the attacker's quickest answer.
    fn defender_line(&mut self, pos: &mut Position, depth: u8, line: &mut Vec<Move>) {
        let attacker = !pos.to_move();
        let ply = line.len();
        let mut moves = Vec::new();
        pos.generate_moves(&mut moves);
        // (plies the road then takes, squares where a placement finishes it, the defence)
        let mut best: Option<(u8, u32, Move)> = None;
        for mv in moves {
            let undo = pos.play_unchecked(mv);
            let lasts = if pos.is_over() {
                0
            } else {
                self.quickest(pos, depth - 1, ply + 1).unwrap_or(depth)
            };
            let open = pos.road_placements(attacker).count_ones();
            pos.undo(undo);
            if best.is_none_or(|(l, o, _)| lasts > l || (lasts == l && open < o)) {
                best = Some((lasts, open, mv));
            }
        }
        let Some((lasts, _, mv)) = best else {
            return;
        };
        line.push(mv);
        if lasts > 0 {
            let undo = pos.play_unchecked(mv);
            self.attacker_line(pos, lasts, line);
            pos.undo(undo);
        }
    }
}

/// Puts the defences likely to hold first: last time's refutation, then plies onto the
/// squares that would finish the attacker's road (blocks), then plies onto the attacker's
/// road pieces (captures), then the rest. Every defence stays in the list.
fn order_defences(pos: &Position, moves: &mut [Move], hint: Option<Move>, attacker: Color) {
    let size = pos.size();
    let critical = pos.road_critical(attacker);
    let road = pos.road_squares(attacker);
    let mut front = 0;
    for wanted in [critical, road] {
        let mut i = front;
        while i < moves.len() {
            if targets(moves[i], size) & wanted != 0 {
                moves.swap(front, i);
                front += 1;
            }
            i += 1;
        }
    }
    if let Some(i) = hint.and_then(|m| moves.iter().position(|&x| x == m)) {
        moves[..=i].rotate_right(1);
    }
}

/// The squares a ply puts pieces on.
#[inline]
fn targets(mv: Move, size: u8) -> u64 {
    let Some(dir) = mv.direction() else {
        return mv.square().bit();
    };
    let mut bits = 0;
    let mut sq = mv.square();
    for _ in 0..mv.distance() {
        match sq.step(dir, size) {
            Some(next) => {
                bits |= next.bit();
                sq = next;
            }
            None => break,
        }
    }
    bits
}

/// Moves `first` (if in the list) to the front.
fn to_front(moves: &mut [Move], first: Option<Move>) {
    if let Some(i) = first.and_then(|m| moves.iter().position(|&x| x == m)) {
        moves.swap(0, i);
    }
}

/// Whether the player to move forces a road within `limits` (see [`TinueSolver::solve`]),
/// with a table sized for the budget.
pub fn solve_tinue(position: &Position, limits: TinueLimits) -> TinueResult {
    TinueSolver::for_budget(limits.nodes).solve(position, limits)
}

/// Whether `mv` keeps a forced road (see [`TinueSolver::keeps_tinue`]).
pub fn keeps_tinue(
    position: &Position,
    mv: Move,
    limits: TinueLimits,
) -> Result<MoveVerdict, IllegalMove> {
    TinueSolver::for_budget(limits.nodes).keeps_tinue(position, mv, limits)
}

/// The defence that holds out longest (see [`TinueSolver::strongest_defence`]).
pub fn strongest_defence(position: &Position, limits: TinueLimits) -> TinueResult {
    TinueSolver::for_budget(limits.nodes).strongest_defence(position, limits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_keeps_the_best_of_what_it_learns() {
        let mut solver = TinueSolver::new(1);
        let key = 0x1234_5678_9ABC_DEF0;
        let a1: Move = "a1".parse().unwrap();
        assert_eq!(solver.probe(key, 5), (None, None));
        solver.store(key, Proof::Fail { absolute: false }, 3, None);
        assert_eq!(
            solver.probe(key, 3).1,
            Some(Proof::Fail { absolute: false })
        );
        assert_eq!(
            solver.probe(key, 5).1,
            None,
            "a failure at 3 says nothing of 5"
        );
        solver.store(key, Proof::Win, 7, Some(a1));
        solver.store(key, Proof::Win, 9, None);
        assert_eq!(solver.probe(key, 5), (Some(a1), None));
        assert_eq!(solver.probe(key, 7), (Some(a1), Some(Proof::Win)));
        solver.store(key, Proof::Aborted, 11, None);
        assert_eq!(solver.probe(key, 11), (Some(a1), Some(Proof::Win)));
        let other = key ^ DEFENDER_KEY;
        solver.store(other, Proof::Fail { absolute: true }, 2, Some(a1));
        assert_eq!(
            solver.probe(other, 60).1,
            Some(Proof::Fail { absolute: true })
        );
    }

    #[test]
    fn roads_land_on_odd_plies() {
        // A tinue in 3: a limit of 2 plies searches 1, and one of 4 searches 3.
        let pos = Position::from_tps("2,2,x3/x5/x5/1,1,1,x2/x4,1 1 5").unwrap();
        for plies in [0, 1, 2] {
            let result = solve_tinue(&pos, TinueLimits::plies(plies));
            assert_eq!(result, TinueResult::NoTinue { plies: Some(1) });
        }
        for plies in [3, 4] {
            let result = solve_tinue(&pos, TinueLimits::plies(plies));
            assert!(matches!(result, TinueResult::Tinue { line } if line.len() == 3));
        }
    }

    #[test]
    fn the_first_move_tried_is_the_remembered_one() {
        let moves: Vec<Move> = ["a1", "b1", "c1"]
            .iter()
            .map(|m| m.parse().unwrap())
            .collect();
        let mut ordered = moves.clone();
        to_front(&mut ordered, Some(moves[2]));
        assert_eq!(ordered[0], moves[2]);
        to_front(&mut ordered, Some("e5".parse().unwrap()));
        assert_eq!(
            ordered[0], moves[2],
            "a move not in the list changes nothing"
        );
    }
}
