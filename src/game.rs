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
        let (marks, judgement) = text.split_at(judgement_at);
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

/// One ply of the tree, with what a reader wrote about it and what followed it. The first
/// child continues the line; the others are variations.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub mv: Move,
    pub annotation: Annotation,
    /// Comments after the ply, in order.
    pub comments: Vec<String>,
    pub children: Vec<Node>,
    /// A resignation or agreed draw right after this ply.
    ended: Option<Outcome>,
}

impl Node {
    fn new(mv: Move) -> Node {
        Node {
            mv,
            annotation: Annotation::NONE,
            comments: Vec::new(),
            children: Vec::new(),
            ended: None,
        }
    }
}

/// A place in the tree: the child chosen at each ply from the start. The empty path is the
/// start position.
pub type Path = [usize];

/// A game in progress or finished, with its variations.
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
    /// The first plies: the main line's and the variations'.
    first: Vec<Node>,
    /// A resignation or agreed draw before any ply.
    start_ended: Option<Outcome>,
    /// The current line, to its end: the child chosen at each ply.
    line: Vec<usize>,
    /// The plies played from the start along `line`: as many as the current ply.
    history: Vec<Undo>,
}

impl Game {
    /// A new game from `start`.
    pub fn new(start: Position) -> Game {
        Game {
            tags: Vec::new(),
            position: start.clone(),
            start,
            start_comments: Vec::new(),
            first: Vec::new(),
            start_ended: None,
            line: Vec::new(),
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

    /// Whether the `index`-th ply (0-based) flattened a wall.
    pub fn flattened(&self, index: usize) -> bool {
        self.history.get(index).is_some_and(|u| u.flattened())
    }

    /// Where we are: the path from the start to here.
    pub fn path(&self) -> &Path {
        &self.line[..self.history.len()]
    }

    /// The current line from the start to its end.
    pub fn line(&self) -> &Path {
        &self.line
    }

    /// Every ply of the current line, from the start to its end.
    pub fn line_moves(&self) -> Vec<Move> {
        self.moves_along(&self.line)
    }

    /// The main line's plies from the start to its end.
    pub fn main_line(&self) -> Vec<Move> {
        let mut out = Vec::new();
        let mut nodes = &self.first;
        while let Some(node) = nodes.first() {
            out.push(node.mv);
            nodes = &node.children;
        }
        out
    }

    fn moves_along(&self, path: &Path) -> Vec<Move> {
        let mut out = Vec::with_capacity(path.len());
        let mut nodes = &self.first;
        for &i in path {
            let Some(node) = nodes.get(i) else { break };
            out.push(node.mv);
            nodes = &node.children;
        }
        out
    }

    /// The plies that may follow the position at `path` (the first continues its line).
    pub fn children(&self, path: &Path) -> &[Node] {
        match path.split_last() {
            None => &self.first,
            Some(_) => self.node(path).map_or(&[], |n| &n.children),
        }
    }

    /// The ply at `path` (not the start: the empty path has no ply).
    pub fn node(&self, path: &Path) -> Option<&Node> {
        let (&last, parents) = path.split_last()?;
        let mut nodes = &self.first;
        for &i in parents {
            nodes = &nodes.get(i)?.children;
        }
        nodes.get(last)
    }

    /// The ply at `path`, to change its comments or annotation.
    pub fn node_mut(&mut self, path: &Path) -> Option<&mut Node> {
        let (&last, parents) = path.split_last()?;
        let mut nodes = &mut self.first;
        for &i in parents {
            nodes = &mut nodes.get_mut(i)?.children;
        }
        nodes.get_mut(last)
    }

    fn children_mut(&mut self, path: &Path) -> Option<&mut Vec<Node>> {
        if path.is_empty() {
            return Some(&mut self.first);
        }
        self.node_mut(path).map(|n| &mut n.children)
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
        if self.history.is_empty() {
            self.start_ended
        } else {
            self.node(self.path()).and_then(|n| n.ended)
        }
    }

    fn set_ended_here(&mut self, outcome: Option<Outcome>) {
        if self.history.is_empty() {
            self.start_ended = outcome;
        } else {
            let path = self.path().to_vec();
            if let Some(node) = self.node_mut(&path) {
                node.ended = outcome;
            }
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
        self.outcome_at(&self.line)
    }

    /// How the main line ends, if it does.
    pub fn main_line_outcome(&self) -> Option<Outcome> {
        self.main_line_end().1
    }

    /// The end of the main line: its position and how the game ended there, if it did.
    pub fn main_line_end(&self) -> (Position, Option<Outcome>) {
        let path = vec![0; self.main_line().len()];
        let pos = self.position_at_path(&path);
        let outcome = pos.outcome().or(self.ended_at(&path));
        (pos, outcome)
    }

    /// Plays `mv` here, or says why it is illegal and changes nothing. If the current line
    /// goes on with `mv`, this steps along it; if another line here starts with `mv`, that
    /// one becomes the current line; otherwise `mv` starts a new variation (or, at the end of
    /// a line, continues it).
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if self.ended_here().is_some() {
            return Err(IllegalMove::GameOver);
        }
        let undo = self.position.play(mv)?;
        let here = self.history.len();
        let path = self.path().to_vec();
        let children = self.children_mut(&path).expect("the current path exists");
        let index = match children.iter().position(|n| n.mv == mv) {
            Some(i) => i,
            None => {
                children.push(Node::new(mv));
                children.len() - 1
            }
        };
        if self.line.get(here) != Some(&index) {
            self.line.truncate(here);
            self.line.push(index);
            self.extend_line();
        }
        self.history.push(undo);
        Ok(())
    }

    /// Continues the current line along the first children to its end.
    fn extend_line(&mut self) {
        loop {
            let line = self.line.clone();
            if self.children(&line).is_empty() {
                break;
            }
            self.line.push(0);
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
        let here = self.history.len();
        let &index = self.line.get(here)?;
        let mv = self.children(&self.line[..here])[index].mv;
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

    /// Goes to the position at `path`, making the line through it (continued along the first
    /// children) the current line. Returns false, changing nothing, if there is no such ply.
    pub fn goto_path(&mut self, path: &Path) -> bool {
        if !path.is_empty() && self.node(path).is_none() {
            return false;
        }
        if self.line.len() >= path.len() && self.line[..path.len()] == *path {
            self.goto(path.len()); // on the current line: keep it
            return true;
        }
        // Back to where the current line and the path part, then forward along the path.
        let common = self
            .path()
            .iter()
            .zip(path)
            .take_while(|(a, b)| a == b)
            .count();
        while self.history.len() > common {
            let undo = self.history.pop().expect("above the common part");
            self.position.undo(undo);
        }
        self.line.truncate(common);
        self.line.extend_from_slice(&path[common..]);
        self.extend_line();
        while self.history.len() < path.len() {
            if self.forward().is_none() {
                break;
            }
        }
        true
    }

    /// Makes the line through `path` the main line: at every ply on the way, its ply becomes
    /// the first child. The current line keeps pointing at the same plies.
    pub fn promote(&mut self, path: &Path) -> bool {
        if self.node(path).is_none() {
            return false;
        }
        let mut follows = true; // whether the current line goes through path[..d] so far
        for d in 0..path.len() {
            let chosen = path[d];
            let children = self
                .children_mut(&path[..d])
                .expect("the path exists up to here");
            let node = children.remove(chosen);
            children.insert(0, node);
            if follows {
                match self.line.get(d).copied() {
                    Some(i) if i == chosen => self.line[d] = 0,
                    Some(i) => {
                        if i < chosen {
                            self.line[d] = i + 1;
                        }
                        follows = false;
                    }
                    None => follows = false,
                }
            }
        }
        true
    }

    /// Deletes the ply at `path` and everything after it. If we are in the deleted part, we
    /// go back to the ply before it; the current line continues along the main line.
    pub fn delete(&mut self, path: &Path) -> bool {
        let Some((&last, parent)) = path.split_last() else {
            return false;
        };
        if self.node(path).is_none() {
            return false;
        }
        let on_line = self.line.len() >= path.len() && self.line[..path.len()] == *path;
        if on_line && self.history.len() >= path.len() {
            self.goto(parent.len());
        }
        let parent = parent.to_vec();
        self.children_mut(&parent)
            .expect("the parent exists")
            .remove(last);
        if on_line {
            self.line.truncate(parent.len());
            self.extend_line();
        } else if self.line.len() > parent.len()
            && self.line[..parent.len()] == *parent
            && self.line[parent.len()] > last
        {
            self.line[parent.len()] -= 1;
        }
        true
    }

    /// `color` resigns (or loses on time) here: the opponent wins.
    pub fn resign(&mut self, color: Color) {
        if self.outcome().is_none() {
            self.set_ended_here(Some(Outcome {
                winner: Some(!color),
                reason: EndReason::Resignation,
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
        let mut pos = self.start.clone();
        for mv in self.line_moves().into_iter().take(ply) {
            pos.play_unchecked(mv);
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
    pub(crate) fn first_plies(&self) -> &[Node] {
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
