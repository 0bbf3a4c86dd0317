//! Whole-game review: every position of a line searched once, then each ply judged by what
//! it changed — above all a missed road in one, a missed win in two, and a ply that lets
//! the opponent complete a road — and by how much it lowered the mover's chance to win.
//!
//! ```
//! use tak::ai::review::{review, Finding, ReviewSettings};
//! use tak::ai::search::Searcher;
//! use tak::game::Judgement;
//! use tak::{Move, Position};
//! // White could finish rank 1 with e1 but plays a5; black then finishes rank 2.
//! let start = Position::from_tps("x5/x5/x5/2,2,2,2,x/1,1,1,1,x 1 5")?;
//! let moves: Vec<Move> = ["a5", "e2"].iter().map(|m| m.parse().unwrap()).collect();
//! let r = review(&start, &moves, ReviewSettings::default(), &mut Searcher::new(1), |_, _| {});
//! assert_eq!(r.plies[0].finding, Finding::MissedRoad);
//! assert_eq!(r.plies[0].judgement, Judgement::Blunder);
//! assert_eq!(r.plies[0].better.map(|m| m.to_string()), Some("e1".into()));
//! assert_eq!(r.plies[1].judgement, Judgement::None);
//! assert_eq!(r.plies[1].white_chance, 0.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use super::score::{eval_text, parse_eval};
use super::score::{win_probability, WIN, WIN_THRESHOLD};
use super::search::{SearchLimits, SearchResult, Searcher};
use crate::game::Judgement;
use crate::{Color, Move, Position};

/// How hard each position is searched.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReviewSettings {
    /// Nodes per position.
    pub nodes: u64,
}

impl Default for ReviewSettings {
    /// The page's default: a 60-ply 6×6 game in well under 20 s in the browser.
    fn default() -> ReviewSettings {
        ReviewSettings { nodes: 60_000 }
    }
}

/// Why a ply was judged as it was.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Finding {
    /// Nothing worth saying.
    None,
    /// The mover could have completed a road with this ply.
    MissedRoad,
    /// After this ply the opponent completes a road, and another ply would have stopped it.
    AllowsRoad,
    /// The mover had a forced win in two of their own plies and let it go.
    MissedWin,
    /// The mover's chance to win fell by this much (0 to 1).
    Worse(f64),
}

/// The verdict on one ply.
#[derive(Clone, Debug, PartialEq)]
pub struct PlyReview {
    /// `?`, `??` or nothing.
    pub judgement: Judgement,
    pub finding: Finding,
    /// The ply the search preferred, when this one was judged a mistake.
    pub better: Option<Move>,
    /// The evaluation after the ply, from white's side, in hundredths of a flat; a forced
    /// result is `±(WIN - plies)` as in the search.
    pub white_score: i32,
    /// White's chance to win after the ply, 0 to 1.
    pub white_chance: f64,
}

/// A reviewed line.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// White's chance to win at the start.
    pub start_white_chance: f64,
    pub plies: Vec<PlyReview>,
}

/// The loss of winning chance from which a ply is a mistake, and a blunder. A mistake from
/// 0.10: at 0.15 the review marked 86% of the plies of real games after which Tiltak saw the
/// mover's chance fall by 0.35 or more, at 0.10 91%, with none of Tiltak's own best moves
/// marked `??` either way (tests/review_heldout.rs, docs/engine.md).
pub const MISTAKE: f64 = 0.10;
pub const BLUNDER: f64 = 0.30;

/// What a position is worth for the player to move: the rules' verdict when the game is
/// over, else a search within `settings`.
fn assess(pos: &Position, settings: ReviewSettings, searcher: &mut Searcher) -> SearchResult {
    if let Some(outcome) = pos.outcome() {
        let mut done = SearchResult::empty();
        done.score = match outcome.winner {
            Some(c) if c == pos.to_move() => WIN,
            Some(_) => -WIN,
            None => 0,
        };
        return done;
    }
    searcher.search(pos, SearchLimits::nodes(settings.nodes), |_| {})
}

/// Reviews the line `moves` played from `start`; `progress(done, total)` is called after
/// each position searched.
pub fn review(
    start: &Position,
    moves: &[Move],
    settings: ReviewSettings,
    searcher: &mut Searcher,
    mut progress: impl FnMut(usize, usize),
) -> Review {
    let mut positions = Vec::with_capacity(moves.len() + 1);
    let mut pos = start.clone();
    positions.push(pos.clone());
    for &mv in moves {
        if pos.play(mv).is_err() {
            break; // a line that is not legal ends where it stops being so
        }
        positions.push(pos.clone());
    }
    let total = positions.len();
    let results: Vec<SearchResult> = positions
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let r = assess(p, settings, searcher);
            progress(i + 1, total);
            r
        })
        .collect();
    let size = start.size();
    let white_view = |p: &Position, score: i32| {
        if p.to_move() == Color::White {
            score
        } else {
            -score
        }
    };
    let chance = |p: &Position, score: i32| win_probability(white_view(p, score), size);
    let plies = (1..positions.len())
        .map(|i| {
            let (before, after) = (&positions[i - 1], &positions[i]);
            let played = moves[i - 1];
            let (best, reply) = (&results[i - 1], &results[i]);
            let (judgement, finding, better) = judge(before, after, played, best, reply);
            PlyReview {
                judgement,
                finding,
                better,
                white_score: white_view(after, reply.score),
                white_chance: chance(after, reply.score),
            }
        })
        .collect();
    Review {
        start_white_chance: chance(start, results[0].score),
        plies,
    }
}

/// The verdict on an answer to a puzzle made of one's own mistake (the page's
/// "Your mistakes"): `right` when the review would not mark the answer `?` — it loses less
/// than [`MISTAKE`] of the mover's chance to win against the search's best, or completes a
/// road, or keeps a forced win — and it is not the ply that was the mistake. `best` is the
/// search's own choice, to show after a wrong answer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Answer {
    pub right: bool,
    pub best: Option<Move>,
}

/// Judges `answer` at `pos` as [`Answer`] says; `mistake` is the ply the puzzle was made
/// of. An illegal answer is wrong.
///
/// ```
/// use tak::ai::review::{judge_answer, ReviewSettings};
/// use tak::ai::search::Searcher;
/// use tak::{Move, Position};
/// // White finishes rank 1 with e1; a5 lets Black finish rank 2.
/// let pos = Position::from_tps("x5/x5/x5/2,2,2,2,x/1,1,1,1,x 1 5")?;
/// let settings = ReviewSettings { nodes: 20_000 };
/// let mut searcher = Searcher::new(1);
/// let a5: Move = "a5".parse()?;
/// assert!(judge_answer(&pos, "e1".parse()?, Some(a5), settings, &mut searcher).right);
/// let wrong = judge_answer(&pos, "a4".parse()?, Some(a5), settings, &mut searcher);
/// assert!(!wrong.right);
/// assert_eq!(wrong.best.map(|m| m.to_string()), Some("e1".into()));
/// assert!(!judge_answer(&pos, a5, Some(a5), settings, &mut searcher).right);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn judge_answer(
    pos: &Position,
    answer: Move,
    mistake: Option<Move>,
    settings: ReviewSettings,
    searcher: &mut Searcher,
) -> Answer {
    let best = assess(pos, settings, searcher);
    let mut after = pos.clone();
    if Some(answer) == mistake || after.play(answer).is_err() {
        return Answer {
            right: false,
            best: best.best,
        };
    }
    let reply = assess(&after, settings, searcher);
    let (judgement, _, _) = judge(pos, &after, answer, &best, &reply);
    Answer {
        right: judgement == Judgement::None,
        best: best.best,
    }
}

/// Judges `played` from `before` to `after`, knowing the search's verdict on both.
fn judge(
    before: &Position,
    after: &Position,
    played: Move,
    best: &SearchResult,
    reply: &SearchResult,
) -> (Judgement, Finding, Option<Move>) {
    let mover = before.to_move();
    let won = after.outcome().is_some_and(|o| o.winner == Some(mover));
    if won {
        return (Judgement::None, Finding::None, None);
    }
    if let Some(road) = before.clone().road_in_one() {
        return (Judgement::Blunder, Finding::MissedRoad, Some(road));
    }
    // The opponent completes a road next, though some ply would have prevented it.
    let opponent_road = !after.is_over() && after.clone().road_in_one().is_some();
    let could_hold = best.score > -WIN_THRESHOLD;
    let better = best.best.filter(|&b| b != played);
    if opponent_road && could_hold {
        return (Judgement::Blunder, Finding::AllowsRoad, better);
    }
    // A forced win in two of the mover's plies (three plies), let go.
    let played_score = -reply.score;
    if best.win_in().is_some_and(|n| (1..=3).contains(&n)) && played_score < WIN_THRESHOLD {
        return (Judgement::Blunder, Finding::MissedWin, better);
    }
    let Some(better) = better else {
        return (Judgement::None, Finding::None, None);
    };
    let size = before.size();
    let loss = win_probability(best.score, size) - win_probability(played_score, size);
    let judgement = if loss >= BLUNDER {
        Judgement::Blunder
    } else if loss >= MISTAKE {
        Judgement::Mistake
    } else {
        return (Judgement::None, Finding::None, None);
    };
    (judgement, Finding::Worse(loss), Some(better))
}
