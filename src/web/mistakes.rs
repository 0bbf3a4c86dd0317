//! A player's own mistakes, to practise as puzzles: the plies of a reviewed game's main
//! line that the review marked `??` (and `?` when the player asks for them) on the player's
//! side, each as the position before it, the ply played and the better ply the review named.
//! The schedule on which they come back is [`crate::practice`]'s.
//!
//! ```
//! use tak::web::mistakes::mistakes;
//! use tak::Color;
//! let game = tak::ptn::parse_game(
//!     "[Size \"5\"]\n1. a1 e5 2. c3?? {-0.9 · best d3} c2? {+0.4 · best b2} 3. d3",
//! )?;
//! let white = mistakes(&game, Color::White, false);
//! assert_eq!(white.len(), 1);
//! assert_eq!((white[0].ply, white[0].played.as_str(), white[0].better.as_str()), (3, "c3", "d3"));
//! assert_eq!(white[0].tps, "x4,1/x5/x5/x5/2,x4 1 2");
//! // Black's `?` only when asked for.
//! assert!(mistakes(&game, Color::Black, false).is_empty());
//! assert_eq!(mistakes(&game, Color::Black, true)[0].better, "b2");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::annotate::review_better_move;
use super::wire::MistakeToPractise;
use crate::game::Judgement;
use crate::{ptn, tps, Color, Game};

/// One ply to practise (see the module's comment).
#[derive(Clone, Debug, PartialEq)]
pub struct Mistake {
    /// The ply's number (from 1) on the game's main line.
    pub ply: usize,
    /// The position before it, as TPS; the rules are the game's.
    pub tps: String,
    /// The ply played, and the one the review preferred, as PTN.
    pub played: String,
    pub better: String,
    /// [`Judgement::Blunder`] (`??`) or [`Judgement::Mistake`] (`?`).
    pub judgement: Judgement,
    /// Who made it, and the move's number as a player counts them.
    pub side: Color,
    pub move_number: u32,
}

/// Every mistake (`??` and `?`) of both sides of a reviewed game given as PTN, as the page
/// keeps them: the page picks the player's side, and whether `?` ones are practised is the
/// player's choice when practising, not when keeping.
///
/// Each is new, due at `now`.
///
/// ```
/// let found = tak::web::mistakes::to_practise(
///     "[Size \"5\"]\n1. a1 e5 2. c3?? {-0.9 · best d3} c2? {+0.4 · best b2}",
///     1000.0,
/// )?;
/// let sides: Vec<_> = found.iter().map(|m| (m.side.as_str(), m.move_number, m.judgement.as_str())).collect();
/// assert_eq!(sides, [("white", 2, "??"), ("black", 2, "?")]);
/// assert!(found[0].schedule.is_due(1000.0));
/// # Ok::<(), tak::ptn::PtnError>(())
/// ```
pub fn to_practise(ptn_text: &str, now: f64) -> Result<Vec<MistakeToPractise>, ptn::PtnError> {
    let game = ptn::parse_game(ptn_text)?;
    let mut found: Vec<Mistake> = [Color::White, Color::Black]
        .into_iter()
        .flat_map(|side| mistakes(&game, side, true))
        .collect();
    found.sort_by_key(|m| m.ply);
    Ok(found
        .into_iter()
        .map(|m| MistakeToPractise {
            ply: m.ply as u32,
            move_number: m.move_number,
            side: m.side.name().to_string(),
            tps: m.tps,
            played: m.played,
            better: m.better,
            judgement: m.judgement.symbol().to_string(),
            schedule: crate::practice::Schedule::new(now),
        })
        .collect())
}

/// The mistakes of `side` on `game`'s main line: its `??` plies, and its `?` ones with
/// `mistakes_too`. A marked ply whose comments name no better ply (marked by hand, not by a
/// review) is left out: a puzzle needs a move to find.
pub fn mistakes(game: &Game, side: Color, mistakes_too: bool) -> Vec<Mistake> {
    let mut found = Vec::new();
    let mut pos = game.start().clone();
    for (i, id) in game.main_line_nodes().into_iter().enumerate() {
        let node = game.get(id);
        let wanted = match node.annotation.judgement {
            Judgement::Blunder => true,
            Judgement::Mistake => mistakes_too,
            _ => false,
        };
        if wanted && pos.to_move() == side {
            let better = node.comments.iter().find_map(|c| review_better_move(c));
            if let Some(better) = better.filter(|&b| b != node.mv) {
                found.push(Mistake {
                    ply: i + 1,
                    tps: tps::write(&pos),
                    played: ptn::write_move(&pos, node.mv),
                    better: ptn::write_move(&pos, better),
                    judgement: node.annotation.judgement,
                    side,
                    move_number: pos.move_number(),
                });
            }
        }
        pos.play_unchecked(node.mv);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mark_without_a_review_and_the_other_side_are_left_out() {
        let game = crate::ptn::parse_game(
            "[Size \"5\"]\n1. a1 e5 2. c3?? c2?? {-1.2 · best b2} 3. d3?? {+0.1 · best d3}",
        )
        .unwrap();
        // c3: no better ply named; d3: the review's best is the ply played.
        assert!(mistakes(&game, Color::White, true).is_empty());
        let black = mistakes(&game, Color::Black, false);
        assert_eq!(black.len(), 1);
        assert_eq!(black[0].ply, 4);
        assert_eq!(black[0].judgement, Judgement::Blunder);
    }
}
