//! A game: a start position, a tree of plies (the main line and its variations, each ply
//! with its comments and annotation), the tags — what a PTN file holds — and where the
//! reader is in it.
//!
//! The tree is navigated along a *current line*: a path from the start to the end of one
//! line of play. [`Game::back`] and [`Game::forward`] step along it; [`Game::play`] at a
//! point where the line goes on differently starts (or follows) a variation and makes it the
//! current line, keeping everything else. The *main line* is the first child at every ply.

use crate::position::{IllegalMove, Undo};
use crate::{Color, Config, EndReason, Move, Outcome, Position};
use std::fmt;

/// How a reader judges a ply: PTN's evaluation marks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Judgement {
    #[default]
    None,
    /// `!`
    Good,
    /// `?`
    Mistake,
    /// `!!`
    Brilliant,
    /// `??`
    Blunder,
    /// `!?`
    Interesting,
    /// `?!`
    Dubious,
}

impl Judgement {
    pub const ALL: [Judgement; 7] = [
        Judgement::None,
        Judgement::Good,
        Judgement::Mistake,
        Judgement::Brilliant,
        Judgement::Blunder,
        Judgement::Interesting,
        Judgement::Dubious,
    ];

    /// The PTN symbol: `!`, `?`, `!!`, `??`, `!?`, `?!`, or nothing.
    pub const fn symbol(self) -> &'static str {
        match self {
            Judgement::None => "",
            Judgement::Good => "!",
            Judgement::Mistake => "?",
            Judgement::Brilliant => "!!",
            Judgement::Blunder => "??",
            Judgement::Interesting => "!?",
            Judgement::Dubious => "?!",
        }
    }

    /// The judgement written as `symbol`, if it is one.
    pub fn from_symbol(symbol: &str) -> Option<Judgement> {
        Judgement::ALL.into_iter().find(|j| j.symbol() == symbol)
    }
}

/// The marks PTN allows after a ply: `'` (Tak: a road threat) or `''` (Tinuë: a threat that
/// cannot be stopped), then a judgement.
///
/// ```
/// use tak::game::{Annotation, Judgement};
/// let a: Annotation = "''?!".parse()?;
/// assert_eq!((a.tak, a.judgement), (2, Judgement::Dubious));
/// assert_eq!(a.to_string(), "''?!");
/// assert!("!!!".parse::<Annotation>().is_err());
/// # Ok::<(), tak::game::BadAnnotation>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Annotation {
    /// 0, 1 (`'`) or 2 (`''`).
    pub tak: u8,
    pub judgement: Judgement,
}

impl Annotation {
    pub const NONE: Annotation = Annotation {
        tak: 0,
        judgement: Judgement::None,
    };

    pub fn is_none(&self) -> bool {
        *self == Annotation::NONE
    }
}

impl fmt::Display for Annotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for _ in 0..self.tak.min(2) {
            f.write_str("'")?;
        }
        f.write_str(self.judgement.symbol())
    }
}

/// Text that is not an annotation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadAnnotation(pub String);

impl fmt::Display for BadAnnotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not an annotation (', '', !, ?, !!, ??, !?, ?!)",
            self.0
        )
    }
}

impl std::error::Error for BadAnnotation {}

impl std::str::FromStr for Annotation {
    type Err = BadAnnotation;
    fn from_str(s: &str) -> Result<Annotation, BadAnnotation> {
        let text = s.trim().replace('’', "'").replace('"', "''");
        let judgement_at = text.find(['!', '?']).unwrap_or(text.len());
        let (marks, judgement) = text.split_at_checked(judgement_at).unwrap_or((&text, ""));
        let bad = || BadAnnotation(s.to_string());
        if marks.len() > 2 || marks.chars().any(|c| c != '\'') {
            return Err(bad());
        }
        Ok(Annotation {
            tak: marks.len() as u8,
            judgement: Judgement::from_symbol(judgement).ok_or_else(bad)?,
        })
    }
}

/// The most plies a game's tree holds, main line and variations together. The longest games
/// ever played last a few hundred plies; this is far beyond them and keeps a tree, its PTN
/// and its save within a few megabytes. Reading, playing and saving all refuse more.
pub const MAX_PLIES: usize = 100_000;

/// How deep variations may nest inside one another (a variation of a variation ...). No
/// study comes near it; it bounds the writers, which follow the nesting.
pub const MAX_NESTING: usize = 64;

/// The longest comment kept, in bytes (64 KiB): a page of notes is a few thousand; more is
/// a paste gone wrong, refused before it slows the page and fills the save.
pub const MAX_COMMENT: usize = 65_536;

/// The longest tag value read, in bytes (4 KiB; a TPS of the fullest 8×8 board is well under
/// 1 KiB), and the most tags a game's text may give: more is a paste gone wrong, refused
/// before reading it stops the page (4 MB of tags took 0.85 s in one task).
pub const MAX_TAG: usize = 4_096;
pub const MAX_TAGS: usize = 1_000;

/// Where a ply is kept in its game's tree: a handle the game gives out and answers for
/// ([`Game::get`], [`Game::path_of`]). Valid until a line is deleted, which renumbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

impl NodeId {
    /// The number behind the handle (what the page is given).
    pub const fn get(self) -> u32 {
        self.0
    }

    /// The handle for a number the page gave back (checked by [`Game::contains`]).
    pub const fn from_u32(n: u32) -> NodeId {
        NodeId(n)
    }
}

/// One ply of the tree, with what a reader wrote about it. The first of its children
/// continues the line; the others are variations.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub mv: Move,
    pub annotation: Annotation,
    /// Comments after the ply, in order.
    pub comments: Vec<String>,
    children: Vec<NodeId>,
    parent: Option<NodeId>,
    /// Plies from the start to here, this one included.
    depth: u32,
    /// How many variations this ply lies inside (0 on the main line).
    nesting: u32,
    /// A resignation or agreed draw right after this ply.
    ended: Option<Outcome>,
}

impl Node {
    /// The plies that may follow this one: the first continues its line.
    pub fn children(&self) -> &[NodeId] {
        &self.children
    }

    /// The ply before this one (`None` for a first ply).
    pub fn parent(&self) -> Option<NodeId> {
        self.parent
    }

    /// Plies from the start to here, this one included.
    pub fn depth(&self) -> usize {
        self.depth as usize
    }
}

/// A place in the tree: the child chosen at each ply from the start. The empty path is the
/// start position.
pub type Path = [usize];

/// A game in progress or finished, with its variations.
///
/// The tree is kept flat (every ply in one list, linked by handles), so a game of any length
/// is built, copied and dropped without recursion, and stepping along the current line costs
/// the same at ply 5 as at ply 50,000.
///
/// ```
/// use tak::{Color, Game, Position};
/// let mut game = Game::new(Position::new(3)?);
/// for m in ["a1", "c3", "b3", "b1", "c1", "a3", "a2", "b2", "c2"] {
///     game.play(m.parse()?)?;
/// }
/// assert_eq!(game.outcome().map(|o| o.ptn_result()), Some("R-0"));
/// assert!(game.play("a3-".parse()?).is_err());
/// // Back two plies and another ply: a variation; the main line is kept.
/// game.back();
/// game.back();
/// game.play("c2".parse()?)?;
/// assert_eq!(game.len(), 8);
/// assert_eq!(game.children(&[0; 7]).len(), 2);
/// assert_eq!(game.main_line().len(), 9);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    tags: Vec<(String, String)>,
    start: Position,
    position: Position,
    /// Comments before the first ply.
    pub start_comments: Vec<String>,
    /// Every ply of the tree; a [`NodeId`] is an index here.
    nodes: Vec<Node>,
    /// The first plies: the main line's and the variations'.
    first: Vec<NodeId>,
    /// A resignation or agreed draw before any ply.
    start_ended: Option<Outcome>,
    /// The current line, to its end: the child chosen at each ply ...
    line: Vec<usize>,
    /// ... and the ply it reaches there.
    line_nodes: Vec<NodeId>,
    /// The plies played from the start along `line`: as many as the current ply.
    history: Vec<Undo>,
}

/// Why a ply cannot join the tree although the rules allow it.
fn check_room(nodes: usize, nesting: u32) -> Result<(), IllegalMove> {
    if nodes >= MAX_PLIES {
        Err(IllegalMove::TreeFull(MAX_PLIES))
    } else if nesting as usize > MAX_NESTING {
        Err(IllegalMove::NestedTooDeep(MAX_NESTING))
    } else {
        Ok(())
    }
}

impl Game {
    /// A new game from `start`.
    pub fn new(start: Position) -> Game {
        Game {
            tags: Vec::new(),
            position: start.clone(),
            start,
            start_comments: Vec::new(),
            nodes: Vec::new(),
            first: Vec::new(),
            start_ended: None,
            line: Vec::new(),
            line_nodes: Vec::new(),
            history: Vec::new(),
        }
    }

    /// A new game on the empty board of `config`.
    pub fn with_config(config: Config) -> Game {
        Game::new(Position::with_config(config))
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The plies played from the start to here, in order.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + DoubleEndedIterator + '_ {
        self.history.iter().map(|u| u.mv())
    }

    /// The number of plies from the start to here.
    pub fn len(&self) -> usize {
        self.history.len()
    }

    /// Whether we are at the start.
    pub fn is_empty(&self) -> bool {
        self.history.is_empty()
    }

    /// The number of plies in the whole tree (at most [`MAX_PLIES`]).
    pub fn tree_size(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the `index`-th ply (0-based) flattened a wall.
    pub fn flattened(&self, index: usize) -> bool {
        self.history.get(index).is_some_and(|u| u.flattened())
    }

    /// Where we are: the path from the start to here.
    pub fn path(&self) -> &Path {
        &self.line[..self.history.len()]
    }

    /// The ply shown now (`None` at the start).
    pub fn current(&self) -> Option<NodeId> {
        self.history
            .len()
            .checked_sub(1)
            .map(|i| self.line_nodes[i])
    }

    /// The current line from the start to its end.
    pub fn line(&self) -> &Path {
        &self.line
    }

    /// The plies of the current line, from the first to its end.
    pub fn line_nodes(&self) -> &[NodeId] {
        &self.line_nodes
    }

    /// Every ply of the current line, from the start to its end.
    pub fn line_moves(&self) -> Vec<Move> {
        self.line_nodes.iter().map(|&id| self.get(id).mv).collect()
    }

    /// The plies of the main line, from the first to its end.
    pub fn main_line_nodes(&self) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut next = self.first.first().copied();
        while let Some(id) = next {
            out.push(id);
            next = self.get(id).children.first().copied();
        }
        out
    }

    /// The main line's plies from the start to its end.
    pub fn main_line(&self) -> Vec<Move> {
        self.main_line_nodes()
            .into_iter()
            .map(|id| self.get(id).mv)
            .collect()
    }

    fn moves_along(&self, path: &Path) -> Vec<Move> {
        self.nodes_along(path)
            .into_iter()
            .map(|id| self.get(id).mv)
            .collect()
    }

    /// The plies along `path`, as far as it leads.
    fn nodes_along(&self, path: &Path) -> Vec<NodeId> {
        let mut out = Vec::with_capacity(path.len());
        let mut siblings = &self.first;
        for &i in path {
            let Some(&id) = siblings.get(i) else { break };
            out.push(id);
            siblings = &self.get(id).children;
        }
        out
    }

    /// The ply behind a handle.
    ///
    /// # Panics
    /// If `id` is not from this game (see [`Game::contains`]).
    pub fn get(&self, id: NodeId) -> &Node {
        &self.nodes[id.0 as usize]
    }

    /// The ply behind a handle, to change its comments or annotation.
    ///
    /// # Panics
    /// If `id` is not from this game.
    pub fn get_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id.0 as usize]
    }

    /// Whether `id` names a ply of this game.
    pub fn contains(&self, id: NodeId) -> bool {
        (id.0 as usize) < self.nodes.len()
    }

    /// The plies that may follow `parent` (`None`: the start); the first continues its line.
    pub fn child_ids(&self, parent: Option<NodeId>) -> &[NodeId] {
        match parent {
            None => &self.first,
            Some(id) => &self.get(id).children,
        }
    }

    /// The path from the start to `id`.
    pub fn path_of(&self, id: NodeId) -> Vec<usize> {
        let mut path = Vec::with_capacity(self.get(id).depth());
        let mut at = id;
        loop {
            let parent = self.get(at).parent;
            let index = self.child_ids(parent).iter().position(|&c| c == at);
            path.push(index.expect("a ply is among its parent's children"));
            match parent {
                Some(p) => at = p,
                None => break,
            }
        }
        path.reverse();
        path
    }

    /// The plies that may follow the position at `path` (the first continues its line).
    pub fn children(&self, path: &Path) -> Vec<&Node> {
        let parent = if path.is_empty() {
            None
        } else {
            match self.node_id(path) {
                Some(id) => Some(id),
                None => return Vec::new(),
            }
        };
        self.child_ids(parent)
            .iter()
            .map(|&id| self.get(id))
            .collect()
    }

    /// The handle of the ply at `path` (not the start: the empty path has no ply).
    pub fn node_id(&self, path: &Path) -> Option<NodeId> {
        if path.is_empty() || path.len() > self.nodes.len() {
            return None;
        }
        // On the current line: no walk.
        if self.line.len() >= path.len() && self.line[..path.len()] == *path {
            return Some(self.line_nodes[path.len() - 1]);
        }
        let along = self.nodes_along(path);
        (along.len() == path.len()).then(|| along[along.len() - 1])
    }

    /// The ply at `path` (not the start: the empty path has no ply).
    pub fn node(&self, path: &Path) -> Option<&Node> {
        self.node_id(path).map(|id| self.get(id))
    }

    /// The ply at `path`, to change its comments or annotation.
    pub fn node_mut(&mut self, path: &Path) -> Option<&mut Node> {
        self.node_id(path).map(|id| self.get_mut(id))
    }

    /// The comments at `path` (before the first ply for the empty path).
    pub fn comments(&self, path: &Path) -> &[String] {
        if path.is_empty() {
            &self.start_comments
        } else {
            self.node(path).map_or(&[], |n| &n.comments)
        }
    }

    /// Replaces the comments at `path` with `text` (none if it is blank). Returns whether
    /// the path exists.
    pub fn set_comment(&mut self, path: &Path, text: &str) -> bool {
        let comments = if text.trim().is_empty() {
            Vec::new()
        } else {
            vec![text.trim().to_string()]
        };
        if path.is_empty() {
            self.start_comments = comments;
            return true;
        }
        match self.node_mut(path) {
            Some(node) => {
                node.comments = comments;
                true
            }
            None => false,
        }
    }

    /// Sets the annotation of the ply at `path`. Returns whether it exists.
    pub fn set_annotation(&mut self, path: &Path, annotation: Annotation) -> bool {
        match self.node_mut(path) {
            Some(node) => {
                node.annotation = annotation;
                true
            }
            None => false,
        }
    }

    fn ended_here(&self) -> Option<Outcome> {
        match self.current() {
            None => self.start_ended,
            Some(id) => self.get(id).ended,
        }
    }

    fn set_ended_here(&mut self, outcome: Option<Outcome>) {
        match self.current() {
            None => self.start_ended = outcome,
            Some(id) => self.get_mut(id).ended = outcome,
        }
    }

    /// How the game ended here: by the rules, or by resignation or agreement.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome().or(self.ended_here())
    }

    /// How the game ends at `path`: by the rules, or by a resignation or agreed draw kept
    /// there. Answered without going there (the position is replayed, the tree not copied).
    pub fn outcome_at(&self, path: &Path) -> Option<Outcome> {
        let here = self.path();
        let pos = if path.starts_with(here) {
            let mut pos = self.position.clone();
            for mv in self.moves_along(path).into_iter().skip(here.len()) {
                pos.play_unchecked(mv);
            }
            pos
        } else {
            self.position_at_path(path)
        };
        pos.outcome().or(self.ended_at(path))
    }

    /// How the current line ends, if it does (also while looking back at an earlier ply).
    pub fn line_outcome(&self) -> Option<Outcome> {
        let mut pos = self.position.clone();
        for &id in &self.line_nodes[self.history.len()..] {
            pos.play_unchecked(self.get(id).mv);
        }
        let ended = match self.line_nodes.last() {
            None => self.start_ended,
            Some(&id) => self.get(id).ended,
        };
        pos.outcome().or(ended)
    }

    /// How the main line ends, if it does.
    pub fn main_line_outcome(&self) -> Option<Outcome> {
        self.main_line_end().1
    }

    /// The end of the main line: its position and how the game ended there, if it did.
    pub fn main_line_end(&self) -> (Position, Option<Outcome>) {
        let nodes = self.main_line_nodes();
        let mut pos = self.start.clone();
        for &id in &nodes {
            pos.play_unchecked(self.get(id).mv);
        }
        let ended = match nodes.last() {
            None => self.start_ended,
            Some(&id) => self.get(id).ended,
        };
        let outcome = pos.outcome().or(ended);
        (pos, outcome)
    }

    /// Adds `mv` after `parent` (`None`: the start) to the tree without playing it, or finds
    /// it there already, and returns its handle. The caller has checked that it is legal
    /// there: readers build a tree this way without moving the current line.
    pub(crate) fn add_ply(
        &mut self,
        parent: Option<NodeId>,
        mv: Move,
    ) -> Result<NodeId, IllegalMove> {
        if let Some(&id) = self
            .child_ids(parent)
            .iter()
            .find(|&&c| self.get(c).mv == mv)
        {
            return Ok(id);
        }
        let (depth, nesting) = match parent {
            None => (1, 0),
            Some(p) => (self.get(p).depth + 1, self.get(p).nesting),
        };
        let nesting = nesting + u32::from(!self.child_ids(parent).is_empty());
        check_room(self.nodes.len(), nesting)?;
        let id = NodeId(self.nodes.len() as u32);
        self.nodes.push(Node {
            mv,
            annotation: Annotation::NONE,
            comments: Vec::new(),
            children: Vec::new(),
            parent,
            depth,
            nesting,
            ended: None,
        });
        match parent {
            None => self.first.push(id),
            Some(p) => self.get_mut(p).children.push(id),
        }
        Ok(id)
    }

    /// Plays `mv` here, or says why it is illegal and changes nothing. If the current line
    /// goes on with `mv`, this steps along it; if another line here starts with `mv`, that
    /// one becomes the current line; otherwise `mv` starts a new variation (or, at the end of
    /// a line, continues it).
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if self.ended_here().is_some() {
            return Err(IllegalMove::GameOver);
        }
        self.position.check(mv)?;
        let here = self.history.len();
        let parent = self.current();
        let id = self.add_ply(parent, mv)?;
        let undo = self.position.play_unchecked(mv);
        if self.line_nodes.get(here) != Some(&id) {
            let index = self.child_ids(parent).iter().position(|&c| c == id);
            self.line.truncate(here);
            self.line_nodes.truncate(here);
            self.line
                .push(index.expect("the ply was just found or added"));
            self.line_nodes.push(id);
            self.extend_line();
        }
        self.history.push(undo);
        Ok(())
    }

    /// Continues the current line along the first children to its end.
    fn extend_line(&mut self) {
        while let Some(&next) = self.child_ids(self.line_nodes.last().copied()).first() {
            self.line.push(0);
            self.line_nodes.push(next);
        }
    }

    /// One ply back along the current line, keeping it (a resignation or agreed draw here is
    /// taken back first). Returns the ply taken back.
    pub fn back(&mut self) -> Option<Move> {
        if self.ended_here().is_some() {
            self.set_ended_here(None);
            return None;
        }
        let undo = self.history.pop()?;
        self.position.undo(undo);
        Some(undo.mv())
    }

    /// One ply forward along the current line. Returns the ply played.
    pub fn forward(&mut self) -> Option<Move> {
        let &id = self.line_nodes.get(self.history.len())?;
        let mv = self.get(id).mv;
        let undo = self.position.play(mv).ok()?;
        self.history.push(undo);
        Some(mv)
    }

    /// Whether the current line goes on from here.
    pub fn can_forward(&self) -> bool {
        self.line.len() > self.history.len()
    }

    /// Goes to the position after `ply` plies of the current line (clamped to its length).
    pub fn goto(&mut self, ply: usize) {
        while self.history.len() > ply && self.back().is_some() {}
        while self.history.len() < ply && self.forward().is_some() {}
    }

    /// [`Game::goto`], but a resignation or agreed draw at the ply left stays there (stepping
    /// back only looks back): where a finished game's result stands (tavern rules).
    ///
    /// ```
    /// use tak::{Color, Game, Position};
    /// let mut g = Game::new(Position::new(3)?);
    /// g.play("a1".parse()?)?;
    /// g.play("c3".parse()?)?;
    /// g.resign(Color::White);
    /// g.goto_keeping_ends(1);
    /// assert_eq!(g.len(), 1);
    /// g.goto_keeping_ends(2);
    /// assert!(g.outcome().is_some(), "the resignation is still there");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn goto_keeping_ends(&mut self, ply: usize) {
        while self.history.len() > ply {
            let Some(undo) = self.history.pop() else {
                break;
            };
            self.position.undo(undo);
        }
        self.goto(ply);
    }

    /// Goes to the position at `path`, making the line through it (continued along the first
    /// children) the current line. Returns false, changing nothing, if there is no such ply.
    pub fn goto_path(&mut self, path: &Path) -> bool {
        if path.is_empty() {
            self.goto(0);
            return true;
        }
        match self.node_id(path) {
            Some(id) => self.goto_node(id),
            None => false,
        }
    }

    /// Goes to the ply `id`, making the line through it (continued along the first children)
    /// the current line. Costs as many plies as separate it from the current line.
    pub fn goto_node(&mut self, id: NodeId) -> bool {
        if !self.contains(id) {
            return false;
        }
        // Up from `id` to the current line, noting the way down again.
        let mut down = Vec::new();
        let mut at = Some(id);
        while let Some(node) = at {
            let depth = self.get(node).depth();
            if self.line_nodes.get(depth - 1) == Some(&node) {
                break;
            }
            down.push(node);
            at = self.get(node).parent;
        }
        let common = at.map_or(0, |n| self.get(n).depth());
        if down.is_empty() {
            self.goto(common); // on the current line: keep it
            return true;
        }
        // Back to where the current line and the way part, then forward along the way.
        while self.history.len() > common {
            let undo = self.history.pop().expect("above the common part");
            self.position.undo(undo);
        }
        self.line.truncate(common);
        self.line_nodes.truncate(common);
        for &node in down.iter().rev() {
            let parent = self.get(node).parent;
            let index = self.child_ids(parent).iter().position(|&c| c == node);
            self.line
                .push(index.expect("a ply is among its parent's children"));
            self.line_nodes.push(node);
        }
        self.extend_line();
        let target = self.get(id).depth();
        while self.history.len() < target {
            if self.forward().is_none() {
                break;
            }
        }
        true
    }

    /// Makes the line through `path` the main line: at every ply on the way, its ply becomes
    /// the first child. The current line keeps pointing at the same plies.
    pub fn promote(&mut self, path: &Path) -> bool {
        let Some(id) = self.node_id(path) else {
            return false;
        };
        let mut at = Some(id);
        while let Some(node) = at {
            let parent = self.get(node).parent;
            let children = match parent {
                None => &mut self.first,
                Some(p) => &mut self.nodes[p.0 as usize].children,
            };
            let index = children.iter().position(|&c| c == node).expect("a child");
            children[..=index].rotate_right(1);
            at = parent;
        }
        self.reindex();
        true
    }

    /// Deletes the ply at `path` and everything after it. If we are in the deleted part, we
    /// go back to the ply before it; the current line continues along the main line.
    pub fn delete(&mut self, path: &Path) -> bool {
        let Some(id) = self.node_id(path) else {
            return false;
        };
        let depth = path.len();
        let on_line = self.line_nodes.get(depth - 1) == Some(&id);
        if on_line && self.history.len() >= depth {
            self.goto(depth - 1);
        }
        let parent = self.get(id).parent;
        match parent {
            None => self.first.retain(|&c| c != id),
            Some(p) => self.get_mut(p).children.retain(|&c| c != id),
        }
        if on_line {
            self.line.truncate(depth - 1);
            self.line_nodes.truncate(depth - 1);
            self.extend_line();
        }
        self.compact();
        true
    }

    /// Drops the plies no longer reachable from the start and renumbers the rest, keeping
    /// their order; then [`Game::reindex`].
    fn compact(&mut self) {
        let mut keep = vec![u32::MAX; self.nodes.len()];
        let mut order = Vec::with_capacity(self.nodes.len());
        let mut stack: Vec<NodeId> = self.first.iter().rev().copied().collect();
        while let Some(id) = stack.pop() {
            keep[id.0 as usize] = order.len() as u32;
            order.push(id);
            stack.extend(self.get(id).children.iter().rev());
        }
        let renumber = |id: &mut NodeId| id.0 = keep[id.0 as usize];
        let mut old: Vec<Option<Node>> = std::mem::take(&mut self.nodes)
            .into_iter()
            .map(Some)
            .collect();
        self.nodes = order
            .iter()
            .map(|id| old[id.0 as usize].take().expect("each ply once"))
            .collect();
        for node in &mut self.nodes {
            node.children.iter_mut().for_each(renumber);
            if let Some(p) = node.parent.as_mut() {
                renumber(p);
            }
        }
        self.first.iter_mut().for_each(renumber);
        self.line_nodes.iter_mut().for_each(renumber);
        self.reindex();
    }

    /// Works out again how deep in variations each ply lies, after the order of children
    /// changed; and the child index of each ply of the current line.
    fn reindex(&mut self) {
        let mut stack: Vec<(NodeId, u32)> = self
            .first
            .iter()
            .enumerate()
            .map(|(i, &id)| (id, u32::from(i > 0)))
            .collect();
        while let Some((id, nesting)) = stack.pop() {
            self.nodes[id.0 as usize].nesting = nesting;
            for (i, &c) in self.get(id).children.iter().enumerate() {
                stack.push((c, nesting + u32::from(i > 0)));
            }
        }
        for d in 0..self.line_nodes.len() {
            let node = self.line_nodes[d];
            let parent = self.get(node).parent;
            let index = self.child_ids(parent).iter().position(|&c| c == node);
            self.line[d] = index.expect("a ply is among its parent's children");
        }
    }

    /// `color` resigns here: the opponent wins.
    pub fn resign(&mut self, color: Color) {
        if self.outcome().is_none() {
            self.set_ended_here(Some(Outcome {
                winner: Some(!color),
                reason: EndReason::Resignation,
            }));
        }
    }

    /// `color`'s time ran out here: the opponent wins on time.
    pub fn lose_on_time(&mut self, color: Color) {
        if self.outcome().is_none() {
            self.set_ended_here(Some(Outcome {
                winner: Some(!color),
                reason: EndReason::Time,
            }));
        }
    }

    /// The players agree a draw here.
    pub fn agree_draw(&mut self) {
        if self.outcome().is_none() {
            self.set_ended_here(Some(Outcome {
                winner: None,
                reason: EndReason::Agreement,
            }));
        }
    }

    /// The position after the first `ply` plies of the current line (clamped to its end).
    pub fn position_at(&self, ply: usize) -> Position {
        let ply = ply.min(self.line_nodes.len());
        let here = self.history.len();
        // From the position shown when it is nearer than the start: near the ply shown of a
        // long game, this costs the plies between, not the whole game.
        if ply <= here && here - ply < ply {
            let mut pos = self.position.clone();
            for &undo in self.history[ply..].iter().rev() {
                pos.undo(undo);
            }
            return pos;
        }
        let (mut pos, from) = if ply > here {
            (self.position.clone(), here)
        } else {
            (self.start.clone(), 0)
        };
        for &id in &self.line_nodes[from..ply] {
            pos.play_unchecked(self.get(id).mv);
        }
        pos
    }

    /// The position at `path`.
    pub fn position_at_path(&self, path: &Path) -> Position {
        let mut pos = self.start.clone();
        for mv in self.moves_along(path) {
            pos.play_unchecked(mv);
        }
        pos
    }

    /// The value of tag `name` (case-insensitive), if set.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name` (replacing one of the same name).
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self
            .tags
            .iter_mut()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
        {
            Some(entry) => entry.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// Removes tag `name`.
    pub fn remove_tag(&mut self, name: &str) {
        self.tags.retain(|(k, _)| !k.eq_ignore_ascii_case(name));
    }

    /// Every tag, in order.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    pub(crate) fn set_ended_by_players(&mut self, outcome: Option<Outcome>) {
        self.set_ended_here(outcome);
    }

    /// The first plies (children of the start), for writers.
    pub(crate) fn first_plies(&self) -> &[NodeId] {
        &self.first
    }

    /// Whether a resignation or agreed draw ends the line at `path`.
    pub fn ended_at(&self, path: &Path) -> Option<Outcome> {
        if path.is_empty() {
            self.start_ended
        } else {
            self.node(path).and_then(|n| n.ended)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(moves: &[&str]) -> Game {
        let mut g = Game::new(Position::new(5).unwrap());
        for m in moves {
            g.play(m.parse().unwrap()).unwrap();
        }
        g
    }

    fn names(moves: Vec<Move>) -> Vec<String> {
        moves.iter().map(|m| m.to_string()).collect()
    }

    #[test]
    fn a_position_of_the_line_is_the_same_found_from_the_start_or_from_the_ply_shown() {
        // A capstone flattens a wall (taken back exactly), then plies both sides of it.
        let moves = [
            "a1", "e5", "Cb3", "Sc3", "b3>", "d1", "a2", "d2", "a3", "d3",
        ];
        let mut g = game(&moves);
        let replayed = |ply: usize| {
            let mut pos = Position::new(5).unwrap();
            for m in &moves[..ply] {
                pos.play(m.parse().unwrap()).unwrap();
            }
            pos
        };
        for here in 0..=moves.len() {
            g.goto(here);
            for ply in 0..=moves.len() {
                assert_eq!(g.position_at(ply), replayed(ply), "at {here}, ply {ply}");
            }
            // Past the line's end: its end.
            assert_eq!(g.position_at(99), replayed(moves.len()));
        }
    }

    #[test]
    fn the_outcome_at_the_end_of_a_line_is_known_from_anywhere_on_it() {
        // White's road on rank 1 ends the main line; a variation goes elsewhere.
        let mut g = game(&[
            "e5", "a5", "a1", "d5", "b1", "c5", "c1", "b5", "d1", "e4", "e1",
        ]);
        assert!(g.outcome().is_some());
        let end = g.outcome();
        g.goto(3);
        assert_eq!(g.outcome(), None);
        assert_eq!(g.line_outcome(), end);
        assert_eq!(g.main_line_outcome(), end);
        g.play("c3".parse().unwrap()).unwrap();
        assert_eq!(g.line_outcome(), None, "the variation goes on");
        assert_eq!(g.main_line_outcome(), end);
        assert_eq!(g.outcome_at(&[0; 11]), end);
        // A resignation kept at the end of the variation.
        g.resign(Color::Black);
        assert_eq!(
            g.line_outcome().map(|o| o.reason),
            Some(EndReason::Resignation)
        );
        assert_eq!(g.outcome_at(&[0, 0, 0, 1]), g.outcome());
        assert_eq!(g.main_line_outcome(), end);
    }

    #[test]
    fn a_different_ply_after_going_back_starts_a_variation_and_keeps_the_main_line() {
        let mut g = game(&["a1", "e5", "c3", "c2"]);
        g.goto(2);
        g.play("d3".parse().unwrap()).unwrap();
        assert_eq!(names(g.main_line()), ["a1", "e5", "c3", "c2"]);
        assert_eq!(names(g.line_moves()), ["a1", "e5", "d3"]);
        assert_eq!(g.path(), &[0, 0, 1]);
        // Back and forward follow the current line, not the main line.
        g.goto(1);
        assert_eq!(g.forward().map(|m| m.to_string()), Some("e5".into()));
        assert_eq!(g.forward().map(|m| m.to_string()), Some("d3".into()));
        assert!(!g.can_forward());
        // Playing the main line's ply again follows it (no duplicate).
        g.goto(2);
        g.play("c3".parse().unwrap()).unwrap();
        assert_eq!(g.children(&[0, 0]).len(), 2);
        assert_eq!(names(g.line_moves()), ["a1", "e5", "c3", "c2"]);
    }

    #[test]
    fn switching_promoting_and_deleting_variations() {
        let mut g = game(&["a1", "e5", "c3", "c2"]);
        g.goto(2);
        g.play("d3".parse().unwrap()).unwrap();
        g.play("d2".parse().unwrap()).unwrap();
        g.goto(2);
        g.play("b3".parse().unwrap()).unwrap();
        assert_eq!(g.children(&[0, 0]).len(), 3);
        // Switch to the d3 line.
        assert!(g.goto_path(&[0, 0, 1, 0]));
        assert_eq!(
            g.position().to_string(),
            Position::new(5)
                .map(|mut p| {
                    for m in ["a1", "e5", "d3", "d2"] {
                        p.play(m.parse().unwrap()).unwrap();
                    }
                    p.to_string()
                })
                .unwrap()
        );
        // Promote it: it is the main line now, and we are still on it.
        assert!(g.promote(&[0, 0, 1, 0]));
        assert_eq!(names(g.main_line()), ["a1", "e5", "d3", "d2"]);
        assert_eq!(g.path(), &[0, 0, 0, 0]);
        assert_eq!(
            names(g.children(&[0, 0]).iter().map(|n| n.mv).collect()),
            ["d3", "c3", "b3"]
        );
        // Delete the line we are on: back to the ply before it, on the main line after.
        assert!(g.delete(&[0, 0, 0]));
        assert_eq!(g.len(), 2);
        assert_eq!(names(g.line_moves()), ["a1", "e5", "c3", "c2"]);
        // Deleting another line keeps ours.
        g.goto(4);
        assert!(g.delete(&[0, 0, 1]));
        assert_eq!(names(g.line_moves()), ["a1", "e5", "c3", "c2"]);
        assert_eq!(g.len(), 4);
        assert!(!g.delete(&[]) && !g.delete(&[5]));
    }

    #[test]
    fn comments_and_annotations_stay_with_their_ply() {
        let mut g = game(&["a1", "e5", "c3"]);
        assert!(g.set_comment(&[0, 0], "the swap"));
        assert!(g.set_annotation(&[0, 0, 0], "'!?".parse().unwrap()));
        g.goto(0);
        assert_eq!(g.comments(&[0, 0]), ["the swap"]);
        assert_eq!(g.node(&[0, 0, 0]).unwrap().annotation.to_string(), "'!?");
        assert!(g.set_comment(&[], "before anything"));
        assert_eq!(g.comments(&[]), ["before anything"]);
        assert!(!g.set_comment(&[3], "nowhere"));
    }

    #[test]
    fn a_resignation_ends_its_line_and_is_taken_back_first() {
        let mut g = game(&["a1", "e5"]);
        g.resign(Color::White);
        assert_eq!(g.outcome().map(|o| o.ptn_result()), Some("0-1"));
        assert!(g.play("c3".parse().unwrap()).is_err());
        assert_eq!(g.back(), None);
        assert_eq!(g.outcome(), None);
        assert_eq!(g.back().map(|m| m.to_string()), Some("e5".into()));
    }
}
