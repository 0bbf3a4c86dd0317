//! Editing the game tree around the position: promoting and deleting lines, comments and
//! annotations, the marks kept with a ply (in its comments), a review's verdicts and the
//! winning chances it leaves.

use super::i18n::Message;
use super::marks::{self, Mark, MarkColor};
use super::state::Board;
use crate::game::MAX_COMMENT;
use crate::Move;

impl Board {
    /// The marks drawn now: the host's and those of the ply shown.
    pub fn marks(&self) -> impl Iterator<Item = &Mark> {
        self.host_marks
            .iter()
            .chain(&self.ply_marks)
            .chain(&self.review_marks)
    }

    /// The marks of the ply shown (from its comments).
    pub fn ply_marks(&self) -> &[Mark] {
        &self.ply_marks
    }

    pub(super) fn read_ply_marks(&self) -> Vec<Mark> {
        // Comments come only from games read from text or written in the study build: the
        // first visit's build has none, and so no reader of marks.
        if !cfg!(feature = "study") {
            return Vec::new();
        }
        self.record
            .game
            .comments(self.record.game.path())
            .iter()
            .filter_map(|c| marks::parse_comment(c).ok())
            .flat_map(|(m, _)| m)
            .collect()
    }

    /// A review's better move at the ply shown, drawn apart from the reader's own marks (the
    /// move was open before the ply: an arrow for a spread, its square for a placement).
    pub(super) fn read_review_marks(&self) -> Vec<Mark> {
        if !cfg!(feature = "study") {
            return Vec::new();
        }
        let size = self.record.game.position().size();
        self.record
            .game
            .comments(self.record.game.path())
            .iter()
            .filter_map(|c| review_better_move(c))
            .map(|mv| Mark::of_move(mv, size, MarkColor::Green))
            .collect()
    }

    /// Replaces the host's marks.
    pub fn set_host_marks(&mut self, marks: Vec<Mark>) {
        self.host_marks = marks;
        self.host_marks.truncate(marks::MAX_MARKS);
        self.dirty = true;
    }

    /// Replaces the marks of the ply shown, keeping the text of its comments; they are
    /// written into its first comment, so that they travel with the PTN.
    pub fn set_ply_marks(&mut self, new: Vec<Mark>) {
        let path = self.record.game.path().to_vec();
        let comments = self.record.game.comments(&path).to_vec();
        let mut texts: Vec<String> = comments
            .iter()
            .map(|c| match marks::parse_comment(c) {
                Ok((_, rest)) => rest,
                Err(_) => c.clone(),
            })
            .collect();
        let written = marks::to_comment(&new);
        if !written.is_empty() {
            match texts.first_mut() {
                Some(first) if !is_review_comment(first) => {
                    *first = format!("{written} {first}").trim().to_string()
                }
                _ => texts.insert(0, written),
            }
        }
        texts.retain(|t| !t.trim().is_empty());
        if path.is_empty() {
            self.record.game.start_comments = texts;
        } else if let Some(node) = self.record.game.node_mut(&path) {
            node.comments = texts;
        }
        self.tree_changed();
    }

    /// Makes the line through `path` the main line.
    pub fn promote(&mut self, path: &[usize]) -> bool {
        let done = self.record.game.promote(path);
        if done {
            self.tree_changed();
        }
        done
    }

    /// Deletes the ply at `path` and what follows it.
    pub fn delete(&mut self, path: &[usize]) -> bool {
        let at = self.record.game.len();
        let done = self.record.game.delete(path);
        if done {
            if self.record.game.len() != at {
                self.after_navigation();
            } else {
                self.tree_changed();
            }
        }
        done
    }

    /// Sets the comment of the ply at `path` (the empty path: before the first ply). On
    /// error (no such ply, a comment over [`MAX_COMMENT`]) nothing changes and the message
    /// says why.
    pub fn set_comment(&mut self, path: &[usize], text: &str) -> Result<(), Message> {
        if text.trim().len() > MAX_COMMENT {
            return Err(Message::new("notes.too_long")
                .with("limit", MAX_COMMENT)
                .with("length", text.trim().len()));
        }
        if !self.record.game.set_comment(path, text) {
            return Err(Message::new("notes.no_ply"));
        }
        self.tree_changed();
        Ok(())
    }

    /// Sets the annotation (`'`, `''`, `!`, `?`, `!!`, `??`, `!?`, `?!`, or nothing) of the
    /// ply at `path`. On error nothing changes and the message says why.
    pub fn set_annotation(&mut self, path: &[usize], text: &str) -> Result<(), String> {
        let annotation: crate::game::Annotation = text
            .parse()
            .map_err(|e: crate::game::BadAnnotation| e.to_string())?;
        if !self.record.game.set_annotation(path, annotation) {
            return Err(format!("no ply at {path:?}"));
        }
        self.tree_changed();
        Ok(())
    }

    /// Writes a review's verdicts into the current line: for ply `i` (from 1) of the line, a
    /// judgement (`?`, `??`, or empty to leave the ply's own) and a comment that replaces any
    /// earlier review comment of that ply. Returns how many plies were marked.
    pub fn apply_review(&mut self, verdicts: &[(String, String)]) -> usize {
        let line = self.record.game.line_nodes().to_vec();
        let mut marked = 0;
        for ((judgement, comment), &id) in verdicts.iter().zip(&line) {
            let node = self.record.game.get_mut(id);
            if let Some(j) = crate::game::Judgement::from_symbol(judgement) {
                if j != crate::game::Judgement::None {
                    node.annotation.judgement = j;
                    marked += 1;
                }
            }
            node.comments.retain(|c| !is_review_comment(c));
            if !comment.trim().is_empty() {
                node.comments.insert(0, comment.trim().to_string());
            }
        }
        self.tree_changed();
        marked
    }

    /// The whole game as PTN for the reader to copy or download: without the computer's
    /// evaluations (a review's comments, `{+1.7}`, `{-0.8 · best c3}`) unless
    /// `evaluations`; the reader's own comments and every mark stay.
    pub fn ptn_to_export(&self, evaluations: bool) -> String {
        if evaluations {
            return self.ptn();
        }
        let mut game = self.record.game.clone();
        for n in 0..game.tree_size() {
            let node = game.get_mut(crate::game::NodeId::from_u32(n as u32));
            node.comments.retain(|c| !is_review_comment(c));
        }
        crate::ptn::write_game(&game)
    }

    /// White's chance to win after each ply of the current line, where a review left its
    /// evaluation in the ply's comment; after the last ply of a line that ended, the result
    /// itself (1, 0 or ½: a review does not evaluate a finished game, and the graph must
    /// reach the end in the winner's colour).
    pub fn line_chances(&self) -> Vec<Option<f64>> {
        let size = self.position().size();
        let game = &self.record.game;
        let mut chances: Vec<Option<f64>> = game
            .line_nodes()
            .iter()
            .map(|&id| {
                game.get(id).comments.iter().find_map(|c| {
                    let head = c.split(" · ").next().unwrap_or("");
                    crate::ai::score::parse_eval(head)
                        .map(|s| crate::ai::score::win_probability(s, size))
                })
            })
            .collect();
        let reviewed = chances.iter().any(Option::is_some);
        if let (true, Some(outcome), Some(last @ None)) =
            (reviewed, game.line_outcome(), chances.last_mut())
        {
            *last = Some(match outcome.winner {
                Some(crate::Color::White) => 1.0,
                Some(crate::Color::Black) => 0.0,
                None => 0.5,
            });
        }
        chances
    }
}

/// The text of a comment to show: without its marks.
/// The texts to read of `comments`, empty ones left out. Only the study build has comments
/// (games read from text, notes, reviews): the first visit's build skips the marks reader.
pub(super) fn comment_texts(comments: &[String]) -> Vec<String> {
    if !cfg!(feature = "study") {
        return Vec::new();
    }
    comments
        .iter()
        // The clock's record of each ply is shown by the clocks, not as a note.
        .filter(|c| crate::clock::read_clock_comment(c).is_none())
        .map(|c| comment_text(c))
        .filter(|c| !c.is_empty())
        .collect()
}

pub fn comment_text(comment: &str) -> String {
    match marks::parse_comment(comment) {
        Ok((_, rest)) => rest,
        Err(_) => comment.to_string(),
    }
}

/// Whether `comment` is one a review wrote: an evaluation, optionally ` · best <ply>`, or
/// `best <ply>` alone.
///
/// ```
/// use tak::web::annotate::is_review_comment;
/// assert!(is_review_comment("+1.2 · best c3") && is_review_comment("-R3") && is_review_comment("best 3c3>12"));
/// assert!(!is_review_comment("+1 for style") && !is_review_comment("best of all"));
/// ```
pub fn is_review_comment(comment: &str) -> bool {
    if let Some(ply) = comment.strip_prefix("best ") {
        return ply.parse::<Move>().is_ok();
    }
    let mut parts = comment.splitn(2, " · ");
    let head = parts.next().unwrap_or("");
    crate::ai::score::parse_eval(head).is_some()
        && parts.next().is_none_or(|rest| rest.starts_with("best "))
}

/// The better move a review's comment names (`-0.9 · best c3`, `best 3c3>12`), if any.
///
/// ```
/// use tak::web::annotate::review_better_move;
/// assert_eq!(review_better_move("-0.9 · best c3").map(|m| m.to_string()), Some("c3".into()));
/// assert_eq!(review_better_move("+0.2"), None);
/// assert_eq!(review_better_move("best of all"), None);
/// ```
pub fn review_better_move(comment: &str) -> Option<Move> {
    if !is_review_comment(comment) {
        return None;
    }
    let (_, best) = comment.split_once("best ")?;
    best.trim().parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::config::BoardOptions;

    use crate::Config;

    #[test]
    fn a_reviewed_line_that_ended_reaches_the_result_in_the_winners_colour() {
        let mut b = Board::with_config(Config::standard(5).unwrap(), BoardOptions::default());
        for ply in ["e5", "a1", "a2", "e4", "a3", "e3", "a4", "d5", "a5"] {
            b.play_ptn(ply).unwrap();
        }
        // Not reviewed: nothing to draw, the result included.
        assert!(b.line_chances().iter().all(Option::is_none));
        // Reviewed up to the road (a review leaves the finished position unjudged). A path
        // names the child taken at each ply: the main line's ply n is n + 1 zeros.
        for ply in 0..8 {
            assert!(b.set_comment(&vec![0; ply + 1], "+0.3 · best c3").is_ok());
        }
        let chances = b.line_chances();
        assert_eq!(chances.len(), 9);
        assert_eq!(chances[8], Some(1.0), "white's road: white's chance is 1");
    }

    #[test]
    fn marks_are_written_before_the_text_and_never_into_a_review_comment() {
        let mut b = Board::with_config(Config::standard(5).unwrap(), BoardOptions::default());
        b.play_ptn("a1").unwrap();
        assert!(b.set_comment(&[0], "+0.3 · best c3").is_ok());
        let mark = Mark::Square {
            square: "c3".parse().unwrap(),
            color: MarkColor::Red,
        };
        b.set_ply_marks(vec![mark.clone()]);
        assert_eq!(b.ply_marks(), [mark]);
        let comments = b.record.game.comments(&[0]);
        assert_eq!(comments.len(), 2);
        assert_eq!(comments[1], "+0.3 · best c3");
        assert!(
            b.line_chances()[0].is_some(),
            "the review's chance is still read"
        );
        b.set_ply_marks(Vec::new());
        assert_eq!(b.record.game.comments(&[0]), ["+0.3 · best c3"]);
    }

    #[test]
    fn the_exported_ptn_leaves_the_evaluations_out_unless_asked() {
        let mut b =
            Board::with_config(crate::Config::standard(5).unwrap(), BoardOptions::default());
        for m in ["a1", "e5", "c3"] {
            b.play_ptn(m).unwrap();
        }
        b.set_comment(&[0], "my own note").unwrap();
        b.apply_review(&[
            ("".into(), "+0.1".into()),
            ("?".into(), "-0.9 · best c3".into()),
            ("".into(), "+1.7".into()),
        ]);
        let plain = b.ptn_to_export(false);
        assert!(
            !plain.contains("+0.1") && !plain.contains("best c3") && !plain.contains("+1.7"),
            "{plain}"
        );
        assert!(
            plain.contains("{my own note}") && plain.contains("e5?"),
            "{plain}"
        );
        let full = b.ptn_to_export(true);
        assert_eq!(full, b.ptn());
        assert!(
            full.contains("{-0.9 · best c3}") && full.contains("{+1.7}"),
            "{full}"
        );
        // The board's own game keeps them (the graph and the arrows read them).
        assert!(b.ptn().contains("+1.7"));
    }

    #[test]
    fn a_review_replaces_its_own_comments_and_keeps_the_players() {
        let mut b = Board::with_config(Config::standard(5).unwrap(), BoardOptions::default());
        b.play_ptn("a1").unwrap();
        b.play_ptn("e5").unwrap();
        b.set_comment(&[0], "a fine start").unwrap();
        let verdict = |j: &str, c: &str| (j.to_string(), c.to_string());
        let marked = b.apply_review(&[verdict("", "+0.1"), verdict("?", "-0.9 · best c3")]);
        assert_eq!(marked, 1);
        // At the marked ply the better move is drawn on the board.
        b.goto(2);
        let c3: crate::Square = "c3".parse().unwrap();
        assert_eq!(
            b.marks().cloned().collect::<Vec<_>>(),
            [Mark::Square {
                square: c3,
                color: MarkColor::Green
            }]
        );
        b.goto(1);
        assert_eq!(b.marks().count(), 0);
        b.apply_review(&[verdict("", "+0.2"), verdict("", "")]);
        assert_eq!(b.record.game.comments(&[0]), ["+0.2", "a fine start"]);
        assert!(b.record.game.comments(&[0, 0]).is_empty());
        assert_eq!(
            b.record.game.node(&[0, 0]).unwrap().annotation.to_string(),
            "?"
        );
    }
}
