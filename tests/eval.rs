//! The learned evaluation and what is built on it: exactly symmetric (colours swapped,
//! board mirrored or turned), flat races won, the analysis API, and TEI details.
#![cfg(not(target_arch = "wasm32"))]

use tak::ai::analysis::Analysis;
use tak::ai::eval::{evaluate, win_probability, Weights};
use tak::ai::level::{choose, Rng, LEVELS};
use tak::ai::search::{SearchLimits, Searcher};
use tak::{Color, Position, Square};

/// The position as TPS, each square's stack read from `source(file, rank)`.
fn transformed(pos: &Position, swap_colors: bool, map: impl Fn(u8, u8) -> (u8, u8)) -> Position {
    let size = pos.size();
    let mut rows = Vec::new();
    for rank in (0..size).rev() {
        let mut cells = Vec::new();
        for file in 0..size {
            let (f, r) = map(file, rank);
            let stack = pos.stack(Square::new(f, r).unwrap());
            if stack.is_empty() {
                cells.push("x".to_string());
                continue;
            }
            let mut text = String::new();
            for (i, piece) in stack.pieces().enumerate() {
                let color = if swap_colors {
                    !piece.color
                } else {
                    piece.color
                };
                text.push(if color == Color::White { '1' } else { '2' });
                if i + 1 == stack.height() {
                    match piece.kind {
                        tak::Kind::Wall => text.push('S'),
                        tak::Kind::Cap => text.push('C'),
                        tak::Kind::Flat => {}
                    }
                }
            }
            cells.push(text);
        }
        rows.push(cells.join(","));
    }
    let to_move = if swap_colors {
        !pos.to_move()
    } else {
        pos.to_move()
    };
    let tps = format!(
        "{} {} {}",
        rows.join("/"),
        to_move.number(),
        pos.move_number().max(2)
    );
    Position::from_tps(&tps).unwrap_or_else(|e| panic!("{tps}: {e}"))
}

/// Positions from a few quick self-play games on every size.
fn sample_positions() -> Vec<Position> {
    let mut out = Vec::new();
    for size in 3..=8u8 {
        for seed in 0..3u64 {
            let mut pos = tak::ai::selfplay::opening(tak::Config::standard(size).unwrap(), seed);
            let mut searcher = Searcher::new(1);
            let mut rng = Rng::new(seed);
            for ply in 0..40 {
                if pos.is_over() {
                    break;
                }
                if ply % 3 == 0 {
                    out.push(pos.clone());
                }
                let mut moves = Vec::new();
                pos.legal_moves(&mut moves);
                // Mostly searched moves, some random ones for stacks and walls.
                let mv = if rng.below(3) == 0 {
                    moves[rng.below(moves.len() as u64) as usize]
                } else {
                    searcher
                        .search(&pos, SearchLimits::nodes(300), |_| {})
                        .best
                        .unwrap()
                };
                pos.play(mv).unwrap();
            }
        }
    }
    out
}

/// Maps (file, rank) on a board whose last index is the third argument.
type Symmetry = fn(u8, u8, u8) -> (u8, u8);

#[test]
fn the_evaluation_is_symmetric() {
    let w = Weights::trained();
    let positions = sample_positions();
    assert!(positions.len() > 100);
    for pos in &positions {
        let score = evaluate(pos, &w);
        let n = pos.size() - 1;
        let symmetries: [(&str, Symmetry); 8] = [
            ("identity", |f, r, _| (f, r)),
            ("mirror files", |f, r, n| (n - f, r)),
            ("mirror ranks", |f, r, n| (f, n - r)),
            ("rotate 180", |f, r, n| (n - f, n - r)),
            ("transpose", |f, r, _| (r, f)),
            ("anti-transpose", |f, r, n| (n - r, n - f)),
            ("rotate 90", |f, r, n| (r, n - f)),
            ("rotate 270", |f, r, n| (n - r, f)),
        ];
        for (name, map) in symmetries {
            for swap in [false, true] {
                let other = transformed(pos, swap, |f, r| map(f, r, n));
                assert_eq!(
                    evaluate(&other, &w),
                    score,
                    "{name}{}: {pos} vs {other}",
                    if swap { " with colours swapped" } else { "" }
                );
            }
        }
    }
}

#[test]
fn win_probability_follows_the_score() {
    for size in 3..=8 {
        assert_eq!(win_probability(0, size), 0.5);
        let a = win_probability(100, size);
        let b = win_probability(300, size);
        assert!(0.5 < a && a < b && b < 1.0, "size {size}: {a} {b}");
        assert!((win_probability(-300, size) - (1.0 - b)).abs() < 1e-9);
    }
}

/// Flat races: the board is nearly full or a reserve nearly spent, and one placement
/// decides the count. Every searching level must win them.
#[test]
fn flat_races_decided_by_one_placement_are_won() {
    for (tps, stones, why) in [
        // One empty square, the count is level: a flat there wins, a wall only draws.
        (
            "1,2,1/2,x,2/1,2,1 1 5",
            10,
            "fill the last square with a flat",
        ),
        (
            "1,2,1,2S/2,1,2,1/1,2,x,2/2,1,2,1 1 8",
            15,
            "fill the last square with a flat",
        ),
        // White's last stone: as a flat it wins the count 6-5, as a wall it draws 5-5.
        (
            "2,x,2,x,2/x,2,x,2,x/x,1,x,1,x/x5/1,x,1,x,1 1 6",
            6,
            "place the last stone flat",
        ),
    ] {
        let config = tak::Config::standard(tak::tps::size_of(tps) as u8)
            .unwrap()
            .with_pieces(stones, 0)
            .unwrap();
        let pos = tak::tps::parse(tps, config).unwrap();
        for level in &LEVELS[2..] {
            let mut searcher = Searcher::new(4);
            let mv = choose(&mut searcher, &pos, level, &mut Rng::new(1))
                .best
                .unwrap();
            let mut after = pos.clone();
            after.play(mv).unwrap();
            assert_eq!(
                after.outcome().and_then(|o| o.winner),
                Some(pos.to_move()),
                "level {} in {tps} ({why}) played {mv}",
                level.number
            );
        }
    }
}

#[test]
fn analysis_deepens_in_slices_and_reports_a_line() {
    let pos = Position::from_tps("x6/x6/x2,1,2,x2/x2,2,1,x2/x6/x6 1 3").unwrap();
    let mut analysis = Analysis::new(&pos, 4);
    let mut depths = Vec::new();
    for _ in 0..30 {
        let report = analysis.advance(20_000);
        depths.push(report.result.depth);
    }
    assert!(depths.windows(2).all(|w| w[0] <= w[1]), "{depths:?}");
    let report = analysis.report();
    assert!(report.result.depth >= 4, "{depths:?}");
    assert!(report.total_nodes > 100_000);
    let mut line = pos.clone();
    for mv in &report.result.pv {
        line.play(*mv).expect("the PV is legal");
    }
    // A road in one is found at once and the analysis knows it is finished.
    let win = Position::from_tps("x5/x5/x5/1,1,1,1,x/2,2,2,x,2 1 5").unwrap();
    analysis.set_position(&win);
    let report = analysis.advance(1_000);
    assert!(report.finished);
    assert_eq!(report.win_probability, 1.0);
    assert_eq!(report.result.best.map(|m| m.to_string()), Some("e2".into()));
}

#[test]
fn the_ancient_tie_rule_makes_a_tie_a_win_for_black() {
    // White to move with one square left and one stone: placing it makes the count 5-4 for
    // white; with a wall instead it would be 4-4. Under the ancient rule black wins that
    // tie, so white must place a flat either way; and black, facing a tie, counts on it.
    let mut config = tak::Config::standard(3).unwrap().with_pieces(5, 0).unwrap();
    config.ancient_tie_rule = true;
    let pos = tak::tps::parse("1,2,1/2,x,2/1,2,1 1 5", config).unwrap();
    let r = Searcher::new(1).search(&pos, SearchLimits::depth(3), |_| {});
    assert_eq!(r.best.map(|m| m.to_string()), Some("b2".into()));
    assert_eq!(r.win_in(), Some(1));
    // A level count with the move to black and no square left to play is black's.
    let tied = tak::tps::parse("1,2,1/2,1,2/1,2,x 2 5", config).unwrap();
    let r = Searcher::new(1).search(&tied, SearchLimits::depth(3), |_| {});
    let mut after = tied.clone();
    after.play(r.best.unwrap()).unwrap();
    assert_eq!(after.outcome().and_then(|o| o.winner), Some(Color::Black));
}

#[test]
fn tei_speaks_info_lines_with_flats_and_win_probability() {
    use std::sync::{Arc, Mutex};
    let out = Arc::new(Mutex::new(Vec::<u8>::new()));
    let mut session = tak::ai::tei::Session::new(out.clone());
    for line in [
        "tei",
        "setoption name Komi value 2.5",
        "setoption name AncientTieRule value maybe",
        "teinewgame 7",
        "go nodes many",
        "go sideways",
        "teinewgame nine",
        "position startpos moves a1 g7 d4",
        "go nodes 20000",
    ] {
        session.handle(line);
    }
    session.wait();
    for size in [3, 4, 8] {
        session.handle(&format!("teinewgame {size}"));
        session.handle("position startpos moves a1");
        session.handle("go depth 2");
        session.wait();
    }
    let text = String::from_utf8(out.lock().unwrap().clone()).unwrap();
    assert!(text.contains("option name AncientTieRule"), "{text}");
    assert!(text.contains("info string AncientTieRule must be true or false"));
    assert!(text.contains("info string go: 'nodes' needs a number"));
    // An unknown word is passed over, as the protocol asks: `go sideways` is a bare `go`,
    // which searches until the next command stops it (and answers `bestmove`).
    assert!(text.contains("info string go: unknown word 'sideways' ignored"));
    assert!(text.contains("info string error: board size must be 3 to 8, not 'nine'"));
    let info = text
        .lines()
        .find(|l| l.starts_with("info depth ") && l.contains(" flats "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        info.contains(" winprob 0.") && info.contains(" pv "),
        "{info}"
    );
    assert_eq!(text.matches("bestmove ").count(), 5, "{text}");
}
