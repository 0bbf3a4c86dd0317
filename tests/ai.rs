//! The computer opponent: roads are never missed, threats never ignored, forced wins found,
//! budgets respected, and TEI spoken.
#![cfg(not(target_arch = "wasm32"))]

use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tak::ai::level::{choose, Level, Rng, LEVELS};
use tak::ai::search::{SearchLimits, Searcher};
use tak::ai::tei::Session;
use tak::{Color, Move, Position};

/// A row of `size - 1` white flats on rank 2 (file a onwards) with black flats on rank 4,
/// white to move: white completes the road at the last file.
fn road_in_one(size: u8) -> String {
    let mut rows = Vec::new();
    for rank in (1..=size).rev() {
        let row: Vec<String> = (0..size)
            .map(|file| match rank {
                2 if file < size - 1 => "1".to_string(),
                4 if file % 2 == 0 => "2".to_string(),
                _ => "x".to_string(),
            })
            .collect();
        rows.push(row.join(","));
    }
    format!("{} 1 {}", rows.join("/"), size + 2)
}

#[test]
fn finds_a_road_in_one_on_every_size() {
    for size in 3..=8u8 {
        let pos = Position::from_tps(&road_in_one(size)).unwrap();
        assert!(pos.outcome().is_none());
        let mut searcher = Searcher::new(1);
        let r = searcher.search(&pos, SearchLimits::depth(4), |_| {});
        let mut after = pos.clone();
        after.play(r.best.expect("a move")).unwrap();
        assert_eq!(
            after.outcome().and_then(|o| o.winner),
            Some(Color::White),
            "size {size}: {}",
            r.best.unwrap()
        );
        assert_eq!(r.win_in(), Some(1));
        // Every level takes it, even the beginner.
        for level in LEVELS {
            let mut s = Searcher::new(1);
            let choice = choose(&mut s, &pos, &level, &mut Rng::new(7)).best.unwrap();
            let mut after = pos.clone();
            after.play(choice).unwrap();
            assert!(
                after.has_road(Color::White),
                "level {} on size {size} played {choice}",
                level.number
            );
        }
    }
}

#[test]
fn blocks_the_opponents_road_in_one() {
    // Black threatens e2 (rank 2 from a2 to d2); white has no road of its own.
    for tps in [
        "x5/x5/1,x,1,x,1/2,2,2,2,x/1,x4 1 6",
        "x6/x6/1,x2,1,x,1/x6/2,2,2,2,2,x/1,x5 1 7",
        "x,2,x,1,x/x,2,x3/x,2,x,1,x/x,2,x3/1,x,1,x2 1 6",
    ] {
        let pos = Position::from_tps(tps).unwrap();
        assert!(
            pos.winning_road_move(Color::Black).is_some(),
            "{tps}: black threatens"
        );
        assert!(pos.winning_road_move(Color::White).is_none());
        for level in LEVELS {
            let mut s = Searcher::new(1);
            let mv = choose(&mut s, &pos, &level, &mut Rng::new(3)).best.unwrap();
            let mut after = pos.clone();
            after.play(mv).unwrap();
            assert!(
                after.winning_road_move(Color::Black).is_none(),
                "level {} played {mv} in {tps} and left black a road",
                level.number
            );
        }
    }
}

#[test]
fn finds_forced_wins_in_two() {
    // White makes two road threats at once (a rank and a file through the same square);
    // black can block only one.
    for (tps, winning) in [
        ("2,x3,2/x2,1,x2/1,1,x,1,x/x2,1,x2/2,x,1,x,2 1 6", "c3"),
        (
            "2,x4,2/x2,1,x3/1,1,x,1,1,x/x2,1,x3/x2,1,x3/2,x,1,x2,2 1 8",
            "c4",
        ),
        ("x,1,x,2/1,x,1,x/x,1,x2/x3,2 1 5", "b3"),
    ] {
        let pos = Position::from_tps(tps).unwrap();
        assert!(
            pos.winning_road_move(Color::White).is_none(),
            "{tps}: not a win in one"
        );
        let mut searcher = Searcher::new(4);
        let r = searcher.search(&pos, SearchLimits::depth(5), |_| {});
        assert_eq!(r.win_in(), Some(3), "{tps}: score {}", r.score);
        let best = r.best.unwrap();
        assert_eq!(best.to_string(), winning, "{tps}");
    }
}

#[test]
fn respects_its_time_budget_and_can_be_stopped() {
    let pos = Position::from_tps("x6/x6/x2,1,2,x2/x2,2,1,x2/x6/x6 1 3").unwrap();
    let mut searcher = Searcher::new(8);
    let start = Instant::now();
    let r = searcher.search(&pos, SearchLimits::time(150.0), |_| {});
    // Generous bound: the search checks the clock every 1024 nodes.
    assert!(
        start.elapsed() < Duration::from_millis(1000),
        "took {:?}",
        start.elapsed()
    );
    assert!(r.best.is_some() && r.depth >= 2);

    let stop = searcher.stop_flag();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        stop.store(true, Ordering::Relaxed);
    });
    let start = Instant::now();
    let r = searcher.search(&pos, SearchLimits::default(), |_| {});
    stopper.join().unwrap();
    assert!(
        start.elapsed() < Duration::from_millis(2000),
        "stop was heard ({:?})",
        start.elapsed()
    );
    let mut after = pos.clone();
    assert!(after
        .play(r.best.expect("a move even when stopped"))
        .is_ok());
    searcher.stop_flag().store(false, Ordering::Relaxed);

    let r = searcher.search(&pos, SearchLimits::nodes(5_000), |_| {});
    assert!(r.nodes < 5_000 + 2_000, "node budget: {}", r.nodes);
}

#[test]
fn searches_are_reproducible_with_node_limits() {
    let pos = Position::from_tps("x5/x2,2,x2/x,1,1,2,x/x2,1,x2/x5 1 4").unwrap();
    let a = Searcher::new(4).search(&pos, SearchLimits::nodes(20_000), |_| {});
    let b = Searcher::new(4).search(&pos, SearchLimits::nodes(20_000), |_| {});
    assert_eq!((a.best, a.score, a.depth), (b.best, b.score, b.depth));
}

#[test]
fn weak_levels_vary_their_moves_but_strong_ones_do_not() {
    let pos = Position::from_tps("x5/x5/x2,1,x2/x5/x3,2,x 2 2").unwrap();
    let picks: std::collections::HashSet<Move> = (0..12)
        .map(|seed| {
            choose(
                &mut Searcher::new(1),
                &pos,
                &Level::get(1),
                &mut Rng::new(seed),
            )
            .best
            .unwrap()
        })
        .collect();
    assert!(picks.len() >= 3, "the beginner varies: {picks:?}");
}

fn tei(lines: &[&str]) -> String {
    let out = Arc::new(Mutex::new(Vec::<u8>::new()));
    let mut session = Session::new(out.clone());
    for line in lines {
        if *line == "WAIT" {
            session.wait();
        } else if let Some(ms) = line.strip_prefix("SLEEP ") {
            std::thread::sleep(Duration::from_millis(ms.parse().unwrap()));
        } else if !session.handle(line) {
            break;
        }
    }
    session.wait();
    let text = String::from_utf8(out.lock().unwrap().clone()).unwrap();
    text
}

#[test]
fn tei_session_end_to_end() {
    let text = tei(&[
        "tei",
        "setoption name HalfKomi value 4",
        "teinewgame 6",
        "isready",
        "position startpos moves a1 f6 c3",
        "go nodes 3000",
        "WAIT",
        "position tps x5/x5/x5/1,1,1,1,x/2,2,2,x,2 1 5",
        "go depth 3",
        "WAIT",
        "position tps x5/x5/x5/x5/x5 1 1 moves c3",
        "go infinite",
        "SLEEP 150",
        "stop",
        "position startpos",
        "go wtime 2000 btime 2000 winc 100 binc 100",
        "WAIT",
        "frobnicate now",
        "position tps nonsense",
        "go movetime 50",
        "WAIT",
        "quit",
        "isready",
    ]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        &lines[..6],
        [
            "id name Tak-web 0.1.0",
            "id author the Tak for the web developers",
            "option name HalfKomi type spin default 0 min 0 max 9",
            "option name Komi type string default 0",
            "option name AncientTieRule type check default false",
            "teiok"
        ]
    );
    assert!(lines.contains(&"readyok"));
    let bestmoves: Vec<&str> = lines
        .iter()
        .filter(|l| l.starts_with("bestmove "))
        .copied()
        .collect();
    assert_eq!(bestmoves.len(), 5, "{text}");
    assert_eq!(bestmoves[1], "bestmove e2", "the road in one");
    assert!(lines.iter().any(|l| l.starts_with("info depth ")
        && l.contains(" score ")
        && l.contains(" nodes ")
        && l.contains(" nps ")
        && l.contains(" pv ")));
    assert!(lines.iter().any(|l| l.contains("score mate 1")), "{text}");
    assert!(lines.contains(&"info string unknown command 'frobnicate'"));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info string position not set")));
    assert_eq!(
        lines.iter().filter(|l| **l == "readyok").count(),
        1,
        "nothing after quit"
    );
}

#[test]
fn tei_command_runs_over_standard_input() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_tak"))
        .arg("tei")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"tei\nteinewgame 5\nposition startpos\ngo depth 2\nisready\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(
        text.contains("teiok") && text.contains("bestmove ") && text.contains("readyok"),
        "{text}"
    );
}

#[test]
fn the_top_level_finds_forced_wins_in_two_and_three() {
    let top = Level::get(LEVELS.len() as u8);
    for (tps, plies) in [
        // Wins in two: a double road threat.
        ("2,x3,2/x2,1,x2/1,1,x,1,x/x2,1,x2/2,x,1,x,2 1 6", 3),
        ("x,1,x,2/1,x,1,x/x,1,x2/x3,2 1 5", 3),
        // Wins in three, found in self-play games: a threat that must be answered, then a
        // double threat.
        (
            "2,2,1C,x2/x,2,1,1,x/222121,2,1,x2/x,1,212,1,1/x3,2,2 1 17",
            5,
        ),
        (
            "x,2,x3/x,1,1112,x2/121,1C,1,1,2/1,2,2,x2/1,x,12,2,x 1 14",
            5,
        ),
    ] {
        let pos = Position::from_tps(tps).unwrap();
        let mut searcher = Searcher::new(16);
        let r = choose(&mut searcher, &pos, &top, &mut Rng::new(1));
        assert_eq!(r.win_in(), Some(plies), "{tps}: score {}", r.score);
        // The move keeps the win: the opponent, searching after it, sees a forced loss.
        let mut after = pos.clone();
        after.play(r.best.unwrap()).unwrap();
        let reply = Searcher::new(4).search(&after, SearchLimits::depth(plies as u8), |_| {});
        assert_eq!(
            reply.win_in(),
            Some(-(plies - 1)),
            "{tps}: after {}",
            r.best.unwrap()
        );
    }
}
