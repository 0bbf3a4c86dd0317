//! The review's classification on positions with known answers.

use tak::ai::review::{review, Finding, ReviewSettings};
use tak::ai::search::Searcher;
use tak::game::Judgement;
use tak::{Move, Position};

fn run(tps: &str, moves: &[&str]) -> tak::ai::review::Review {
    let start = Position::from_tps(tps).unwrap();
    let moves: Vec<Move> = moves.iter().map(|m| m.parse().unwrap()).collect();
    review(
        &start,
        &moves,
        ReviewSettings::default(),
        &mut Searcher::new(4),
        |_, _| {},
    )
}

#[test]
fn a_ply_that_lets_the_opponent_finish_a_road_is_a_blunder_with_the_block_named() {
    // Black threatens e2; white places far away and black completes the road.
    let r = run("x5/x5/x5/2,2,2,2,x/1,1,x,1,x 1 5", &["a5", "e2"]);
    let p = &r.plies[0];
    assert_eq!(p.finding, Finding::AllowsRoad);
    assert_eq!(p.judgement, Judgement::Blunder);
    let better = p.better.unwrap().to_string();
    assert!(better.ends_with("e2"), "the block: {better}");
    assert_eq!(
        r.plies[1].judgement,
        Judgement::None,
        "the winning ply is fine"
    );
    assert!(r.plies[1].white_chance < 0.01);
}

#[test]
fn a_missed_win_in_two_is_a_blunder() {
    // White to move: d2 makes two threats (e2, and d3 towards e3) that black cannot both stop.
    let tps = "2,2,x3/x5/x4,1/1,1,1,x2/x5 1 5";
    let r = run(tps, &["a4"]);
    assert_eq!(r.plies[0].finding, Finding::MissedWin, "{:?}", r.plies[0]);
    assert_eq!(r.plies[0].judgement, Judgement::Blunder);
    // d2 (threatening e2 and d3) or d3 (threatening d2 and c3): either wins.
    let better = r.plies[0].better.map(|m| m.to_string()).unwrap();
    assert!(better == "d2" || better == "d3", "{better}");
    // Playing it is not marked.
    let r = run(tps, &["d2"]);
    assert_eq!(r.plies[0].judgement, Judgement::None);
    assert!(r.plies[0].white_chance > 0.99);
}

#[test]
fn sound_opening_plies_get_no_marks_and_chances_stay_between_zero_and_one() {
    let start = "x5/x5/x5/x5/x5 1 1";
    let r = run(start, &["a1", "e5", "c3", "c2", "d3"]);
    assert!(
        r.plies.iter().all(|p| p.judgement == Judgement::None),
        "{:?}",
        r.plies
    );
    assert!(r
        .plies
        .iter()
        .all(|p| p.white_chance > 0.05 && p.white_chance < 0.95));
    assert!((0.2..0.8).contains(&r.start_white_chance));
}

#[test]
fn progress_counts_every_position() {
    let start = Position::from_tps("x5/x5/x5/x5/x5 1 1").unwrap();
    let moves: Vec<Move> = ["a1", "e5", "c3"]
        .iter()
        .map(|m| m.parse().unwrap())
        .collect();
    let mut seen = Vec::new();
    review(
        &start,
        &moves,
        ReviewSettings { nodes: 2_000 },
        &mut Searcher::new(1),
        |done, total| seen.push((done, total)),
    );
    assert_eq!(seen, vec![(1, 4), (2, 4), (3, 4), (4, 4)]);
}
