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
fn the_learned_policy_keeps_roads_blocks_and_forced_wins() {
    // The policy orders, reduces and prunes on 6x6; tactics must survive it.
    let search = |tps: &str, depth: u8| {
        let pos = Position::from_tps(tps).unwrap();
        let mut searcher = Searcher::new(4);
        searcher.set_policy(true);
        (
            pos.clone(),
            searcher.search(&pos, SearchLimits::depth(depth), |_| {}),
        )
    };
    let (pos, r) = search(&road_in_one(6), 4);
    let mut after = pos.clone();
    after.play(r.best.unwrap()).unwrap();
    assert!(after.has_road(Color::White));
    let (pos, r) = search("x6/x6/1,x2,1,x,1/x6/2,2,2,2,2,x/1,x5 1 7", 5);
    let mut after = pos.clone();
    after.play(r.best.unwrap()).unwrap();
    assert!(after.winning_road_move(Color::Black).is_none());
    let (_, r) = search(
        "2,x4,2/x2,1,x3/1,1,x,1,1,x/x2,1,x3/x2,1,x3/2,x,1,x2,2 1 8",
        5,
    );
    assert_eq!(r.win_in(), Some(3));
    assert_eq!(r.best.unwrap().to_string(), "c4");
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
fn a_malformed_tps_is_told_as_such_not_as_a_board_size() {
    let text = tei(&[
        "tei",
        "teinewgame 5",
        "position tps hello there you",
        "position tps x5/x5 1 1",
    ]);
    assert!(
        text.contains(
            "info string error: position not set: TPS column 1: 1 row: a board has 3 to 8 rows"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "info string error: position not set: TPS column 1: 2 rows: a board has 3 to 8 rows"
        ),
        "{text}"
    );
    assert!(!text.contains("board size"), "{text}");
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
        &lines[..12],
        [
            "id name Tak-web 0.1.0",
            "id author the Tak for the web developers",
            "id version 0.1.0",
            "size 3 4 5 6 7 8 halfkomi -10 -9 -8 -7 -6 -5 -4 -3 -2 -1 0 1 2 3 4 5 6 7 8 9 10",
            "option name Size type spin default 5 min 3 max 8",
            "option name HalfKomi type spin default 0 min -10 max 10",
            "option name Komi type string default 0",
            "option name AncientTieRule type check default false",
            "option name MultiPV type spin default 1 min 1 max 8",
            "option name Opening type combo default swap var swap var no-swap",
            "option name Flats type string default standard",
            "option name Caps type string default standard",
        ]
    );
    assert_eq!(lines[12], "teiok");
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
    // Racetrack reads only `score cp`: a road in one is a large cp with the plies beside it.
    assert!(
        lines
            .iter()
            .any(|l| l.contains("score cp 9999 road 1 wdl 1000 0 0")),
        "{text}"
    );
    assert!(!text.contains("mate"), "{text}");
    assert!(lines.contains(&"info string unknown command 'frobnicate'"));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info string error: position not set")));
    // The position that failed is not searched in place of the one before it.
    assert_eq!(bestmoves[4], "bestmove (none)", "{text}");
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info string error: no position to search")));
    assert_eq!(
        lines.iter().filter(|l| **l == "readyok").count(),
        1,
        "nothing after quit"
    );
}

#[test]
fn tei_speaks_as_ptn_ninja_and_racetrack_expect() {
    let text = tei(&[
        "tei",
        "setoption name HalfKomi value -4",
        "setoption name HalfKomi value 11",
        "setoption name MultiPV value 3",
        "setoption name MultiPV value 0",
        "teinewgame 5",
        "position tps x5/x5/x5/1,1,1,1,x/2,2,2,x,2 1 5",
        "go depth 3",
        "WAIT",
        "setoption name MultiPV value 1",
        "position startpos moves a1 e5 c3",
        "go wtime 60000 btime 60000 winc 0 binc 0 movestogo 2",
        "WAIT",
        "go movestogo",
        "position startpos moves a1 e5",
        "go wtime 2 btime 2",
        "WAIT",
    ]);
    let lines: Vec<&str> = text.lines().collect();
    assert!(text.contains("info string error: HalfKomi must be -10 to 10, not '11'"));
    assert!(text.contains("info string error: MultiPV must be 1 to 8, not '0'"));
    assert!(text.contains("info string go: 'movestogo' needs a number"));
    // Three lines, numbered, each with a different first move; the best is the road.
    let mut firsts = Vec::new();
    for n in 1..=3 {
        let line = lines
            .iter()
            .rev()
            .find(|l| l.contains(&format!(" multipv {n} ")))
            .unwrap_or_else(|| panic!("no line {n}: {text}"));
        assert!(
            line.contains(" score cp ") && line.contains(" wdl "),
            "{line}"
        );
        firsts.push(
            line.split(" pv ")
                .nth(1)
                .unwrap()
                .split(' ')
                .next()
                .unwrap(),
        );
    }
    assert_eq!(firsts[0], "e2");
    assert!(firsts[1] != firsts[0] && firsts[2] != firsts[1] && firsts[2] != firsts[0]);
    // wdl is per mille and adds up.
    for line in lines.iter().filter(|l| l.contains(" wdl ")) {
        let w: Vec<i32> = line
            .split(" wdl ")
            .nth(1)
            .unwrap()
            .split(' ')
            .take(3)
            .map(|x| x.parse().unwrap())
            .collect();
        assert_eq!(w.iter().sum::<i32>(), 1000, "{line}");
    }
    // movestogo 2 on a minute: a long think, but the search answers (it is finite).
    let bestmoves = lines.iter().filter(|l| l.starts_with("bestmove ")).count();
    assert_eq!(bestmoves, 3, "{text}");
}

#[test]
fn negative_komi_gives_white_the_tied_count() {
    // Equal flats: with komi -0.5 white wins the count.
    let config = tak::Config::standard(3)
        .unwrap()
        .with_komi("-0.5".parse().unwrap());
    let pos = tak::tps::parse("1,2,1/2,1S,2/2,1,x 1 5", config).unwrap();
    let mut done = pos.clone();
    done.play("c1".parse().unwrap()).unwrap();
    let outcome = done.outcome().expect("the board is full");
    assert_eq!(outcome.winner, Some(tak::Color::White), "{outcome:?}");
}

#[test]
fn a_clock_is_spent_but_never_overrun() {
    use tak::ai::tei::clock_budget;
    let pos = Position::new(6).unwrap();
    // 30 s + 0.3 s: about a second a move at the start.
    let b = clock_budget(&pos, 30_000.0, 300.0, None);
    assert!(
        b.target_ms > 800.0 && b.hard_ms <= 30_000.0 * 0.2 + 240.0,
        "{b:?}"
    );
    // Whatever is left, the hard limit stays below it.
    for left in [1.0, 3.0, 10.0, 100.0, 1_000.0, 100_000.0] {
        let b = clock_budget(&pos, left, 0.0, None);
        assert!(
            b.hard_ms < left && b.target_ms <= b.hard_ms,
            "{left}: {b:?}"
        );
    }
    // movestogo 1 may spend most of the clock, still not all of it.
    let b = clock_budget(&pos, 10_000.0, 0.0, Some(1.0));
    assert!(b.hard_ms < 10_000.0, "{b:?}");
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
        // One line that is not UTF-8 on the way: answered, and the engine goes on.
        .write_all(
            b"tei\nteinewgame 5\n\xff\xfe go\nposition startpos\ngo depth 2\nisready\nquit\n",
        )
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(
        text.contains("teiok") && text.contains("bestmove ") && text.contains("readyok"),
        "{text}"
    );
    assert!(
        text.contains("info string error: a line that is not UTF-8 was ignored"),
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

#[test]
fn analysis_lines_start_with_different_moves_and_read_best_first_at_every_report() {
    let game =
        tak::ptn::parse_game("[Size \"6\"]\n[Komi \"2\"]\n1. a6 a1 2. c3 d4 3. c4 d3").unwrap();
    let mut analysis = tak::ai::analysis::Analysis::new(game.position(), 8);
    let mut reports_with_three = 0;
    for _ in 0..300 {
        let report = analysis.advance(1500);
        let mut firsts = vec![report.result.best];
        firsts.extend(report.alternatives.iter().map(|l| l.best));
        let unique: std::collections::HashSet<_> = firsts.iter().collect();
        assert_eq!(unique.len(), firsts.len(), "{firsts:?}");
        // The scores read best first, even where a next line is from a shallower depth.
        let mut scores = vec![report.result.score];
        scores.extend(report.alternatives.iter().map(|l| l.score));
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
        reports_with_three += usize::from(firsts.len() == 3);
        if report.finished || report.result.depth >= 6 {
            break;
        }
    }
    assert!(reports_with_three > 0, "three lines were shown");
}

#[test]
fn tei_plays_the_no_swap_opening_and_custom_reserves() {
    let text = tei(&[
        "setoption name Opening value no-swap",
        "teinewgame 5",
        // White's first ply: a flat of its own colour, so the best is a white flat.
        "position startpos",
        "go depth 2",
        "WAIT",
        // a1 and e5 are each mover's own flat: white may move a1 now.
        "position startpos moves a1 e5",
        "go depth 1",
        "WAIT",
        "position tps x5/x5/x5/x5/2,x4 2 1",
        "setoption name Opening value sideways",
        "setoption name Flats value 0",
        "setoption name Caps value lots",
        // Three stones each on 3x3: white's third placement ends the game on the count.
        "setoption name Opening value swap",
        "setoption name Flats value 3",
        "setoption name Caps value 0",
        "teinewgame 3",
        "position startpos moves a1 c3 a3 c1",
        "go depth 2",
        "WAIT",
        "position startpos moves a1 c3 a3 c1 b2 a2",
        "setoption name Flats value standard",
        "position startpos moves a1 c3 a3 c1 b2 a2",
    ]);
    let lines: Vec<&str> = text.lines().collect();
    let bestmoves: Vec<&str> = lines
        .iter()
        .filter(|l| l.starts_with("bestmove "))
        .copied()
        .collect();
    assert_eq!(bestmoves.len(), 3, "{text}");
    // No wall or capstone on the no-swap first ply, and it searched (a real move).
    let first = bestmoves[0].strip_prefix("bestmove ").unwrap();
    assert!(
        first.len() == 2 && first.parse::<tak::Move>().is_ok(),
        "{text}"
    );
    // Under no-swap, "position tps" at move 1 with a black flat is impossible.
    assert!(
        text.contains("info string error: position not set: TPS column 1: an impossible position: after the first ply of a no-swap game"),
        "{text}"
    );
    assert!(
        text.contains("info string error: Opening: opening 'sideways' is not 'swap' or 'no-swap'"),
        "{text}"
    );
    assert!(
        text.contains("info string error: Flats/Caps: stones 0, capstones"),
        "{text}"
    );
    assert!(
        text.contains("info string error: Caps must be a count or 'standard', not 'lots'"),
        "{text}"
    );
    // White's own a3 and c3 (placed by black, then white): b3 is a road in one.
    assert_eq!(bestmoves[2], "bestmove b3", "{text}");
    // After the game ended, a2 cannot be played; back on the standard 10 stones it can.
    let refused: Vec<&&str> = lines
        .iter()
        .filter(|l| l.contains("move 6 'a2': the game is over"))
        .collect();
    assert_eq!(refused.len(), 1, "{text}");
}

#[test]
fn tei_size_option_sets_the_size_of_a_bare_teinewgame() {
    let text = tei(&[
        "setoption name Size value 9",
        "setoption name Size value 4",
        "teinewgame",
        "position startpos",
        "go depth 1",
        "WAIT",
    ]);
    assert!(
        text.contains("info string error: Size must be 3 to 8, not '9'"),
        "{text}"
    );
    let best = text.lines().find(|l| l.starts_with("bestmove ")).unwrap();
    let square = best.trim_start_matches("bestmove ");
    // A 4x4 square: file a-d, rank 1-4.
    assert!(
        square.len() == 2
            && ('a'..='d').contains(&square.as_bytes()[0].into())
            && ('1'..='4').contains(&square.as_bytes()[1].into()),
        "{text}"
    );
}

#[test]
fn a_match_checks_what_each_engine_announced_it_plays() {
    use tak::ai::arena::{Accepts, Capabilities};
    use tak::Config;
    // Tiltak's answer: komi 0 or 2 only, sizes unsaid.
    let tiltak = Capabilities::from_handshake(&[
        "id name Tiltak",
        "option name HalfKomi type combo default 0 var 0 var 4",
        "option name MultiPV type spin default 1 min 1 max 16",
    ]);
    let six_komi_2 = Config::standard(6).unwrap().with_komi("2".parse().unwrap());
    assert_eq!(tiltak.refuses(six_komi_2), None);
    let six_komi_1 = Config::standard(6).unwrap().with_komi("1".parse().unwrap());
    assert_eq!(
        tiltak.refuses(six_komi_1).as_deref(),
        Some("plays half komi 0 or 4 only, not 2 (komi 1)")
    );
    // An engine with no HalfKomi option plays komi 0 only (as racetrack assumes).
    let plain = Capabilities::from_handshake(&["id name Plain"]);
    assert_eq!(plain.half_komi, Accepts::Values(vec![0]));
    assert!(plain.refuses(six_komi_2).is_some());
    // Ours announces its sizes and komi range.
    let ours = Capabilities::from_handshake(&[
        "option name Size type spin default 5 min 3 max 8",
        "option name HalfKomi type spin default 0 min -10 max 10",
    ]);
    assert_eq!(ours.sizes, Accepts::Range(3, 8));
    assert_eq!(ours.refuses(six_komi_1), None);
    let sized =
        Capabilities::from_handshake(&["option name Size type combo default 6 var 5 var 6"]);
    assert_eq!(
        sized.refuses(Config::standard(7).unwrap()).as_deref(),
        Some("plays sizes 5 or 6 only, not 7")
    );
}

/// The first move of a PV in an info line.
fn pv_first(line: &str) -> &str {
    line.split(" pv ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
}

/// The `time` of an info line.
fn info_time(line: &str) -> f64 {
    line.split(" time ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn tei_bestmove_is_the_first_move_of_the_last_line_sent() {
    // Short move times stop mid-depth, where an unfinished depth may change the move.
    for (i, position) in [
        "position startpos moves a1 f6 c3 d4",
        "position startpos moves a6 f1 c3 d3 c4 d4 c2",
        "position startpos moves a1 f6 d3 c4 d4 c3 e4",
    ]
    .iter()
    .enumerate()
    {
        for movetime in [7, 23, 61] {
            let text = tei(&[
                "tei",
                "teinewgame 6",
                position,
                &format!("go movetime {movetime}"),
                "WAIT",
            ]);
            let lines: Vec<&str> = text.lines().collect();
            let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
            let last_info = lines
                .iter()
                .rev()
                .find(|l| l.starts_with("info depth"))
                .unwrap();
            assert_eq!(pv_first(last_info), best, "game {i}, {movetime} ms: {text}");
        }
    }
}

#[test]
fn tei_multipv_spends_the_move_time_and_counts_time_from_go() {
    let started = std::time::Instant::now();
    let text = tei(&[
        "tei",
        "setoption name MultiPV value 3",
        "teinewgame 6",
        "position startpos moves a1 f6",
        "go movetime 600",
        "WAIT",
    ]);
    let spent = started.elapsed().as_secs_f64() * 1000.0;
    // The search runs to its deadline (less the margin for answering), not half of it.
    assert!(spent >= 570.0, "{spent} ms: {text}");
    let infos: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    let times: Vec<f64> = infos.iter().map(|l| info_time(l)).collect();
    // Time counts from `go` on every line: it never goes back.
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "{text}");
    // Each depth reports all three lines, numbered 1 to 3, with three first moves.
    let deepest = infos.last().unwrap();
    assert!(deepest.contains(" multipv 3 "), "{text}");
    let last_three: Vec<&str> = infos[infos.len() - 3..]
        .iter()
        .map(|l| pv_first(l))
        .collect();
    assert!(
        last_three[0] != last_three[1]
            && last_three[1] != last_three[2]
            && last_three[0] != last_three[2]
    );
    // bestmove is line 1 of the deepest depth reported.
    let best = text
        .lines()
        .last()
        .unwrap()
        .strip_prefix("bestmove ")
        .unwrap();
    assert_eq!(best, last_three[0], "{text}");
}

#[test]
fn tei_speaks_ptn_ninja_dialect_line_by_line() {
    let text = tei(&[
        "tei",
        "teinewgame size 5 halfkomi 4",
        "isready",
        // White, to move, finishes a road on e2.
        "position tps x5/x5/x5/1,1,1,1,x/2,2,2,x,2 1 5",
        "go solved movetime 100",
        "WAIT",
        "teinewgame size 9",
        "teinewgame size 4 halfkomi 30",
        "teinewgame size 6 komi 2.5",
        "position startpos moves a1 f6",
        "go depth 2 frobnicate",
        "WAIT",
    ]);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.contains(&"readyok"), "{text}");
    // A forced road is a solved score in this dialect.
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info depth 1 score solved win 1 ") && l.ends_with(" pv e2")),
        "{text}"
    );
    assert!(lines.contains(&"bestmove e2"), "{text}");
    assert!(
        lines.contains(&"info string error: board size must be 3 to 8, not '9'"),
        "{text}"
    );
    assert!(
        lines.contains(&"info string error: halfkomi must be -10 to 10, not '30'"),
        "{text}"
    );
    // The refused `teinewgame`s changed nothing; `komi 2.5` set a 6x6 game (f6 is a square).
    assert!(
        lines.contains(&"info string go: unknown word 'frobnicate' ignored"),
        "{text}"
    );
    assert!(lines.last().unwrap().starts_with("bestmove "), "{text}");
    assert!(!text.contains("position not set"), "{text}");
}

#[test]
fn tei_goes_on_after_a_line_that_is_not_utf8() {
    let out = Arc::new(Mutex::new(Vec::<u8>::new()));
    let mut session = Session::new(out.clone());
    assert!(session.handle_bytes(b"tei\n"));
    assert!(session.handle_bytes(b"position startpos moves a1 \xc3\x28\n"));
    assert!(session.handle_bytes(b"teinewgame 5\n"));
    assert!(session.handle_bytes(b"position startpos moves a1 e5\n"));
    assert!(session.handle_bytes(b"go depth 2\n"));
    session.wait();
    let text = String::from_utf8(out.lock().unwrap().clone()).unwrap();
    assert!(
        text.contains("info string error: a line that is not UTF-8 was ignored\n"),
        "{text}"
    );
    assert!(
        text.lines().last().unwrap().starts_with("bestmove "),
        "{text}"
    );
}

#[test]
fn a_match_on_a_clock_tells_both_clocks_and_a_slow_engine_loses_on_time() {
    use tak::ai::arena::{play_game, Budget, Engine};
    use tak::{Color, Config, EndReason};
    let dir = std::env::temp_dir().join(format!("tak-clock-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let heard = dir.join("heard.txt");
    // An engine that takes half a second a move, and notes each `go` it is sent.
    let slow = format!(
        "while read -r line; do case \"$line\" in tei) echo teiok;; isready) echo readyok;; \
         go*) echo \"$line\" >> '{}'; sleep 0.5; echo 'bestmove a1';; quit) exit;; esac; done",
        heard.display()
    );
    let mut ours = Engine::start(&format!("{} tei", env!("CARGO_BIN_EXE_tak"))).unwrap();
    let mut slow = Engine::start(&slow).unwrap();
    let clock = Budget::Clock {
        base_ms: 300,
        increment_ms: 50,
    };
    let roomy = Budget::Clock {
        base_ms: 20_000,
        increment_ms: 100,
    };
    let config = Config::standard(4).unwrap();
    // The slow engine plays white on 0.3 s: its first move takes 0.5 s.
    let result = play_game([&mut slow, &mut ours], [clock, roomy], config, &[], 50).unwrap();
    assert_eq!(result.winner, Some(Color::Black));
    assert_eq!(result.reason, Some(EndReason::Time));
    assert_eq!(result.plies, 0);
    let said = std::fs::read_to_string(&heard).unwrap();
    assert_eq!(said.trim(), "go wtime 300 btime 20000 winc 50 binc 100");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_match_names_an_engine_that_hangs_and_ends_it() {
    use tak::ai::arena::{play_game, Budget, Engine};
    use tak::Config;
    // An engine that greets and then never answers a move.
    let mute = "while read -r line; do case \"$line\" in tei) echo teiok;; isready) echo readyok;; quit) exit;; esac; done";
    let mut ours = Engine::start(&format!("{} tei", env!("CARGO_BIN_EXE_tak"))).unwrap();
    let mut hung = Engine::start(mute).unwrap();
    hung.set_patience(std::time::Duration::from_millis(500));
    let started = Instant::now();
    let budget = Budget::MoveTime(100);
    let err = play_game(
        [&mut hung, &mut ours],
        [budget, budget],
        Config::standard(4).unwrap(),
        &[],
        50,
    )
    .unwrap_err();
    assert!(err.contains("no answer in"), "{err}");
    drop(hung); // ended, though it never hears `quit` while it waits for nothing
    assert!(started.elapsed() < Duration::from_secs(20));
}
