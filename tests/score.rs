//! Scoring: board plus pieces, and the Downings, Middletown and Tarway variants.

use tak::score::{score, Variants};
use tak::{Color, EndReason, Outcome, Position};

fn all() -> Variants {
    Variants {
        downings: true,
        middletown: true,
        tarway: true,
    }
}

#[test]
fn draw_scores_nothing() {
    let pos = Position::from_tps("1,2,1/2,1,2/2,1,2 1 6").unwrap();
    let o = Outcome {
        winner: None,
        reason: EndReason::Flats,
    };
    assert_eq!(score(&pos, o, all()), 0);
}

#[test]
fn middletown_doubles_when_no_capstone_was_placed() {
    // 5x5, white road on rank 1 of single flats, white's capstone still in reserve.
    let pos = Position::from_tps("x5/x5/2,2,x3/2,2,x3/1,1,1,1,1 2 6").unwrap();
    let o = pos.outcome().unwrap();
    assert_eq!(o.winner, Some(Color::White));
    let left = 21 - 5 + 1; // stones + capstone
    assert_eq!(score(&pos, o, Variants::default()), 25 + left);
    let m = Variants {
        middletown: true,
        ..Variants::default()
    };
    assert_eq!(score(&pos, o, m), 25 + 2 * left);
    // Straight line (x2) and low road (x2) and no capstone (x2).
    assert_eq!(score(&pos, o, all()), 25 + 8 * left);
}

#[test]
fn tarway_high_road_triples_and_bent_road_is_not_a_line() {
    // A bent road of stacks (height 2) for white, capstone placed.
    let pos = Position::from_tps("x5/x5/x5/x,21,21,21,21C/21,21,x3 2 10").unwrap();
    let o = pos.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (Some(Color::White), EndReason::Road));
    let left = (pos.stones_left(Color::White) + pos.caps_left(Color::White)) as u32;
    assert_eq!(
        score(&pos, o, all()),
        25 + 3 * left,
        "high road only: not straight, capstone used"
    );
}
