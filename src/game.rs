//! A game: a start position, the plies played from it, and its tags — what a PTN file holds.

use crate::position::{IllegalMove, Undo};
use crate::{Color, Config, EndReason, Move, Outcome, Position};

/// A game in progress or finished.
///
/// ```
/// use tak::{Color, Game, Position};
/// let mut game = Game::new(Position::new(3)?);
/// for m in ["a1", "c3", "b3", "b1", "c1", "a3", "a2", "b2", "c2"] {
///     game.play(m.parse()?)?;
/// }
/// assert_eq!(game.outcome().map(|o| o.ptn_result()), Some("R-0"));
/// assert!(game.play("a3-".parse()?).is_err());
/// game.undo();
/// assert_eq!(game.outcome(), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    tags: Vec<(String, String)>,
    start: Position,
    position: Position,
    history: Vec<Undo>,
    /// A resignation, loss on time or agreed draw; the rules' own endings are not kept here.
    ended_by_players: Option<Outcome>,
}

impl Game {
    /// A new game from `start`.
    pub fn new(start: Position) -> Game {
        Game {
            tags: Vec::new(),
            position: start.clone(),
            start,
            history: Vec::new(),
            ended_by_players: None,
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

    /// The plies played, in order.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + DoubleEndedIterator + '_ {
        self.history.iter().map(|u| u.mv())
    }

    /// The number of plies played from the start.
    pub fn len(&self) -> usize {
        self.history.len()
    }

    /// Whether no ply has been played.
    pub fn is_empty(&self) -> bool {
        self.history.is_empty()
    }

    /// Whether the `index`-th ply (0-based) flattened a wall.
    pub fn flattened(&self, index: usize) -> bool {
        self.history.get(index).is_some_and(|u| u.flattened())
    }

    /// How the game ended: by the rules, or by resignation or agreement.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome().or(self.ended_by_players)
    }

    /// Plays `mv`, or says why it is illegal and changes nothing.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if self.ended_by_players.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let undo = self.position.play(mv)?;
        self.history.push(undo);
        Ok(())
    }

    /// Takes back the last ply (and a resignation or agreed draw after it, first).
    pub fn undo(&mut self) -> Option<Move> {
        if self.ended_by_players.take().is_some() {
            return None;
        }
        let undo = self.history.pop()?;
        self.position.undo(undo);
        Some(undo.mv())
    }

    /// `color` resigns (or loses on time): the opponent wins.
    pub fn resign(&mut self, color: Color) {
        if self.outcome().is_none() {
            self.ended_by_players = Some(Outcome {
                winner: Some(!color),
                reason: EndReason::Resignation,
            });
        }
    }

    /// The players agree a draw.
    pub fn agree_draw(&mut self) {
        if self.outcome().is_none() {
            self.ended_by_players = Some(Outcome {
                winner: None,
                reason: EndReason::Agreement,
            });
        }
    }

    /// The position after the first `ply` plies of this game (clamped to its length).
    pub fn position_at(&self, ply: usize) -> Position {
        let mut pos = self.start.clone();
        for mv in self.moves().take(ply) {
            pos.play_unchecked(mv);
        }
        pos
    }

    /// Shortens the game to its first `ply` plies.
    pub fn truncate(&mut self, ply: usize) {
        while self.history.len() > ply {
            self.undo();
        }
        self.ended_by_players = None;
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

    /// Every tag, in order.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    pub(crate) fn set_ended_by_players(&mut self, outcome: Option<Outcome>) {
        self.ended_by_players = outcome;
    }
}
