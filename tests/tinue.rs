//! The tinue solver on positions whose answer is known: each built by hand, checked by
//! reasoning and by the engine itself (the threats on the board, a brute-force search over
//! every ply for 3-ply claims, and a proof checker that answers every defence with the
//! solver's move and asks only the rules whether the road came).
#![cfg(not(target_arch = "wasm32"))]

use std::process::Command;
use tak::ai::tinue::{
    keeps_tinue, solve_tinue, strongest_defence, MoveVerdict, TinueLimits, TinueResult, TinueSolver,
};
use tak::{Color, EndReason, Move, Position, Square};

fn pos(tps: &str) -> Position {
    Position::from_tps(tps).unwrap_or_else(|e| panic!("{tps}: {e}"))
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn squares(bits: u64) -> Vec<String> {
    (0..64u8)
        .filter(|i| bits >> i & 1 == 1)
        .map(|i| Square::from_index(i).to_string())
        .collect()
}

fn legal(pos: &Position) -> Vec<Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
}

fn road_of(pos: &Position, color: Color) -> bool {
    pos.outcome()
        .is_some_and(|o| o.winner == Some(color) && o.reason == EndReason::Road)
}

/// Whether the player to move completes its road in one ply: every legal ply tried.
fn road_now(pos: &Position) -> bool {
    let me = pos.to_move();
    legal(pos).into_iter().any(|m| {
        let mut after = pos.clone();
        after.play(m).unwrap();
        road_of(&after, me)
    })
}

/// Brute force over every ply (quiet ones too): does the player to move force its road
/// within 3 plies?
fn forced_road_in_3(pos: &Position) -> bool {
    let me = pos.to_move();
    legal(pos).into_iter().any(|m| {
        let mut after = pos.clone();
        after.play(m).unwrap();
        if after.outcome().is_some() {
            return road_of(&after, me);
        }
        legal(&after).into_iter().all(|r| {
            let mut then = after.clone();
            then.play(r).unwrap();
            match then.outcome() {
                Some(_) => road_of(&then, me),
                None => road_now(&then),
            }
        })
    })
}

/// The defender's replies after which the attacker has no road at once (the game ending any
/// other way counts as an escape): brute force over every ply.
fn escapes(pos: &Position) -> Vec<String> {
    let attacker = !pos.to_move();
    legal(pos)
        .into_iter()
        .filter(|&r| {
            let mut then = pos.clone();
            then.play(r).unwrap();
            match then.outcome() {
                Some(_) => !road_of(&then, attacker),
                None => !road_now(&then),
            }
        })
        .map(|r| tak::ptn::write_move(pos, r))
        .collect()
}

/// Checks a claimed forced road within `plies` for the player to move: the solver chooses
/// the attacker's plies, every legal defence is tried, and only the rules say whether the
/// road came.
fn check_proof(solver: &mut TinueSolver, pos: &Position, plies: u8) {
    let attacker = pos.to_move();
    let result = solver.solve(pos, TinueLimits::plies(plies));
    let first = result
        .first_move()
        .unwrap_or_else(|| panic!("{pos}: no tinue within {plies}: {result:?}"));
    let mut after = pos.clone();
    after.play(first).unwrap();
    if after.outcome().is_some() {
        assert!(
            road_of(&after, attacker),
            "{pos}: {first} ends the game otherwise"
        );
        return;
    }
    assert!(
        plies >= 3,
        "{pos}: {first} is no road and no plies are left"
    );
    for r in legal(&after) {
        let mut then = after.clone();
        then.play(r).unwrap();
        match then.outcome() {
            Some(_) => assert!(road_of(&then, attacker), "{after}: {r} escapes"),
            None => check_proof(solver, &then, plies - 2),
        }
    }
}

/// Plays a line, checking every ply, and returns the position it reaches.
fn replay(start: &Position, line: &[Move]) -> Position {
    let mut p = start.clone();
    for &m in line {
        p.play(m).unwrap_or_else(|e| panic!("{p}: {m}: {e}"));
    }
    p
}

fn line_of(result: TinueResult) -> Vec<Move> {
    match result {
        TinueResult::Tinue { line } => line,
        other => panic!("not a tinue: {other:?}"),
    }
}

/// White: a2, b2, c2 and e1. A flat on d2 threatens e2 and d1; one on d1 threatens d2 and c1.
const DOUBLE_THREAT: &str = "2,2,x3/x5/x5/1,1,1,x2/x4,1 1 5";

#[test]
fn a_road_at_once_is_a_tinue_in_one() {
    let p = pos("2,2,x3/x5/x5/x5/1,1,1,x,1 1 5");
    assert_eq!(p.winning_road_move(Color::White), Some(mv("d1")));
    let result = solve_tinue(&p, TinueLimits::default());
    assert_eq!(
        result,
        TinueResult::Tinue {
            line: vec![mv("d1")]
        }
    );
    assert!(road_of(&replay(&p, &[mv("d1")]), Color::White));
}

#[test]
fn a_double_threat_is_a_tinue_in_three() {
    let p = pos(DOUBLE_THREAT);
    assert!(!road_now(&p), "no road at once");
    assert!(forced_road_in_3(&p), "brute force agrees");
    assert_eq!(
        squares(replay(&p, &[mv("d2")]).road_threats()),
        ["d1", "e2"]
    );
    assert_eq!(
        squares(replay(&p, &[mv("d1")]).road_threats()),
        ["c1", "d2"]
    );
    assert!(escapes(&replay(&p, &[mv("d2")])).is_empty());
    assert_eq!(
        solve_tinue(&p, TinueLimits::plies(1)),
        TinueResult::NoTinue { plies: Some(1) }
    );
    let line = line_of(solve_tinue(&p, TinueLimits::default()));
    assert_eq!(line.len(), 3, "{line:?}");
    assert!(
        ["d1", "d2", "Cd1", "Cd2"].contains(&line[0].to_string().as_str()),
        "{line:?}"
    );
    assert!(road_of(&replay(&p, &line), Color::White));
    check_proof(&mut TinueSolver::new(1), &p, 3);
    for first in ["d2", "d1", "Cd2"] {
        let verdict = keeps_tinue(&p, mv(first), TinueLimits::plies(3)).unwrap();
        let MoveVerdict::Keeps { line } = verdict else {
            panic!("{first}: {verdict:?}")
        };
        assert_eq!((line[0], line.len()), (mv(first), 3));
        assert!(road_of(&replay(&p, &line), Color::White));
    }
    // A quiet move gives black time to block.
    let verdict = keeps_tinue(&p, mv("a1"), TinueLimits::plies(3)).unwrap();
    assert!(matches!(
        verdict,
        MoveVerdict::Refuted {
            defence: Some(_),
            plies: Some(3)
        }
    ));
    assert!(
        keeps_tinue(&p, mv("a2"), TinueLimits::plies(3)).is_err(),
        "illegal"
    );
}

#[test]
fn the_strongest_defence_blocks_one_of_two_threats() {
    let p = replay(&pos(DOUBLE_THREAT), &[mv("d2")]);
    let line = line_of(strongest_defence(&p, TinueLimits::plies(6)));
    assert_eq!(line.len(), 2, "{line:?}");
    // Every reply loses at once: the strongest leaves one square, not two, to finish on.
    assert!(
        ["d1", "e2"].contains(&line[0].square().to_string().as_str()),
        "{line:?}"
    );
    let after = replay(&p, &line[..1]);
    assert_eq!(after.road_placements(Color::White).count_ones(), 1);
    assert!(road_of(&replay(&p, &line), Color::White));
}

#[test]
fn a_single_threat_is_blocked() {
    // As above without e1: d2 threatens e2 only.
    let p = pos("2,2,x3/x5/x5/1,1,1,x2/x5 1 5");
    assert_eq!(squares(replay(&p, &[mv("d2")]).road_threats()), ["e2"]);
    assert!(
        !forced_road_in_3(&p),
        "brute force: no forced road within 3 plies"
    );
    assert_eq!(
        solve_tinue(&p, TinueLimits::plies(3)),
        TinueResult::NoTinue { plies: Some(3) }
    );
    let verdict = keeps_tinue(&p, mv("d2"), TinueLimits::plies(3)).unwrap();
    let MoveVerdict::Refuted {
        defence: Some(block),
        plies: Some(3),
    } = verdict
    else {
        panic!("{verdict:?}")
    };
    assert_eq!(block.square().to_string(), "e2");
}

#[test]
fn a_capstone_flattening_a_wall_escapes() {
    // Black's rank 5 lacks only d5, where a white wall stands: the capstone on d4 alone
    // can flatten it and finish black's road. White's double threat on d2 is too slow.
    let p = pos("2,2,2,1S,2/x3,2C,x/x5/1,1,1,x2/x4,1 1 8");
    let after = replay(&p, &[mv("d2")]);
    assert_eq!(squares(after.road_threats()), ["d1", "e2"]);
    assert_eq!(
        escapes(&after),
        ["d4+*"],
        "the flattening is the only escape"
    );
    assert_eq!(after.winning_road_move(Color::Black), Some(mv("d4+")));
    assert!(!forced_road_in_3(&p));
    // Every white threat leaves the flattening: none at any length.
    assert_eq!(
        solve_tinue(&p, TinueLimits::default()),
        TinueResult::NoTinue { plies: None }
    );
    assert_eq!(
        keeps_tinue(&p, mv("d2"), TinueLimits::default()).unwrap(),
        MoveVerdict::Refuted {
            defence: Some(mv("d4+")),
            plies: None
        }
    );
}

#[test]
fn spreading_a_stack_escapes() {
    // Black's two-stack on c4 can drop one piece on c3 and one on c2, burying the flat both
    // of white's threats run through; no single piece reaches c2.
    let p = pos("2,x4/x2,22,x2/x5/1,1,1,x2/x4,1 1 8");
    for (first, threats) in [("d2", ["d1", "e2"]), ("d1", ["c1", "d2"])] {
        let after = replay(&p, &[mv(first)]);
        assert_eq!(squares(after.road_threats()), threats);
        assert_eq!(escapes(&after), ["2c4-11"], "after {first}");
    }
    assert!(!forced_road_in_3(&p));
    assert_eq!(
        solve_tinue(&p, TinueLimits::plies(3)),
        TinueResult::NoTinue { plies: Some(3) }
    );
    assert_eq!(
        keeps_tinue(&p, mv("d2"), TinueLimits::plies(3)).unwrap(),
        MoveVerdict::Refuted {
            defence: Some(mv("2c4-11")),
            plies: Some(3)
        }
    );
}

#[test]
fn the_defenders_own_road_comes_first() {
    // Black threatens e5 for rank 5; white's double threat on d2 does not stop it, and no
    // white move both threatens and blocks.
    let p = pos("2,2,2,2,x/x5/x5/1,1,1,x2/x4,1 1 8");
    assert_eq!(p.winning_road_move(Color::Black), Some(mv("e5")));
    assert_eq!(
        squares(replay(&p, &[mv("d2")]).road_threats()),
        ["d1", "e2"]
    );
    assert!(!forced_road_in_3(&p));
    assert_eq!(
        solve_tinue(&p, TinueLimits::default()),
        TinueResult::NoTinue { plies: None }
    );
    assert_eq!(
        keeps_tinue(&p, mv("d2"), TinueLimits::default()).unwrap(),
        MoveVerdict::Refuted {
            defence: Some(mv("e5")),
            plies: None
        }
    );
    let after = replay(&p, &[mv("d2")]);
    assert_eq!(
        strongest_defence(&after, TinueLimits::default()),
        TinueResult::NoTinue { plies: None }
    );
}

#[test]
fn a_threat_then_a_double_threat_is_a_tinue_in_five() {
    // White: a4, b4, c4 on rank 4, d1 and d2. A capstone on d4 threatens e4; black must
    // block there; then d3 joins rank 4 to the d-file: any of a5, b5, c5 and d5 finishes a
    // road to rank 5, and e1, e2 and e3 one to the e-file. A flat on d4 would not do: black's
    // blocker on e4 could cover it.
    let p = pos("x5/1,1,1,x2/x5/x3,1,x/2,2,x,1,x 1 6");
    assert!(!forced_road_in_3(&p), "brute force: nothing within 3 plies");
    assert_eq!(
        solve_tinue(&p, TinueLimits::plies(3)),
        TinueResult::NoTinue { plies: Some(3) }
    );
    let after = replay(&p, &[mv("Cd4")]);
    assert_eq!(squares(after.road_threats()), ["e4"]);
    assert_eq!(escapes(&after), ["e4", "Se4", "Ce4"], "black must block e4");
    for block in ["e4", "Se4", "Ce4"] {
        let next = replay(&after, &[mv(block), mv("d3")]);
        assert_eq!(
            squares(next.road_threats()),
            ["e1", "e2", "e3", "a5", "b5", "c5", "d5"]
        );
        assert!(escapes(&next).is_empty(), "{block} d3");
    }
    let line = line_of(solve_tinue(&p, TinueLimits::default()));
    assert_eq!(line.len(), 5, "{line:?}");
    assert!(road_of(&replay(&p, &line), Color::White));
    check_proof(&mut TinueSolver::new(1), &p, 5);
    let verdict = keeps_tinue(&p, mv("Cd4"), TinueLimits::plies(5)).unwrap();
    assert!(matches!(verdict, MoveVerdict::Keeps { line } if line.len() == 5));
}

#[test]
fn a_spent_budget_is_unknown() {
    let p = pos("x5/1,1,1,x2/x5/x3,1,x/2,2,x,1,x 1 6");
    let limits = TinueLimits {
        plies: 5,
        nodes: 10,
    };
    assert_eq!(solve_tinue(&p, limits), TinueResult::Unknown);
    assert_eq!(keeps_tinue(&p, mv("Cd4"), limits), Ok(MoveVerdict::Unknown));
}

#[test]
fn a_finished_game_has_no_tinue() {
    let p = pos("2,2,2,2,2/x5/x5/1,1,1,x2/x4,1 1 8");
    assert!(p.is_over());
    assert_eq!(
        solve_tinue(&p, TinueLimits::default()),
        TinueResult::NoTinue { plies: None }
    );
}

/// Tinues met in the real games (../shared/data/real-games.jsonl), black and white to move,
/// with stacks, walls and capstones: every defence checked against the rules.
#[test]
fn proofs_from_real_games_hold_against_every_defence() {
    let mut solver = TinueSolver::new(4);
    for (tps, plies) in [
        (
            "2,x4,1/x2,12S,x3/21,1,2S,1,1,1/x,2122221C,12S,1,1,x/x,1122C,1,2,2,x/2,x,1,x3 1 24",
            3,
        ),
        (
            "x,2,x2,1/x,2,x2,1/x2,2C,x,21/x,221212S,x,21221,x/1,x,2,x,1C 2 16",
            3,
        ),
        ("x4,1/12,2212221,1,1,x/x,2,x3/2,2C,x,1,x/x,1,x3 1 14", 5),
        (
            "1,x,2C,11212,x/x,1,x,1S,x/x,1,1,112,12/x2,1C,x,2/x4,2 2 14",
            5,
        ),
    ] {
        let p = pos(tps);
        let line = line_of(solver.solve(&p, TinueLimits::plies(plies)));
        assert_eq!(line.len(), plies as usize, "{tps}: {line:?}");
        assert!(road_of(&replay(&p, &line), p.to_move()), "{tps}");
        check_proof(&mut solver, &p, plies);
        if plies > 3 {
            assert!(
                !solve_tinue(&p, TinueLimits::plies(plies - 2)).is_tinue(),
                "{tps}: shortest"
            );
        }
    }
}

#[test]
fn one_solver_answers_for_either_colour_and_any_size() {
    // The table is kept between calls. After white's first move it knows that white forces
    // a road from there; asked whether black, to move there, forces one, the answer is no
    // (two black flats: no threat to make).
    let mut solver = TinueSolver::new(1);
    let white = pos(DOUBLE_THREAT);
    let first = solver
        .solve(&white, TinueLimits::plies(3))
        .first_move()
        .unwrap();
    let black = replay(&white, &[first]);
    for _ in 0..2 {
        assert!(solver.solve(&white, TinueLimits::plies(3)).is_tinue());
        assert_eq!(
            solver.solve(&black, TinueLimits::plies(3)),
            TinueResult::NoTinue { plies: None }
        );
    }
    // The same pieces on the same squares of a 6x6 board, where rank 2 needs one more flat:
    // no tinue in 3.
    let six = pos("x6/2,2,x4/x6/x6/1,1,1,x3/x4,1,x 1 5");
    assert!(!forced_road_in_3(&six));
    assert!(!solver.solve(&six, TinueLimits::plies(3)).is_tinue());
}

#[test]
fn the_command_prints_the_answer_first() {
    let tak = |args: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_tak"))
            .args(args)
            .output()
            .expect("run tak");
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stdout).into_owned(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    let (code, out, _) = tak(&["tinue", "x5/1,1,1,x2/x5/x3,1,x/2,2,x,1,x 1 6"]);
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "tinue Cd4", "{out}");
    let plies: Vec<&str> = lines[1].split(' ').collect();
    assert_eq!((plies.len(), plies[0]), (5, "Cd4"), "{out}");
    assert_eq!(lines.len(), 2);
    let (code, out, _) = tak(&[
        "tinue",
        "--plies",
        "3",
        "x5/1,1,1,x2/x5/x3,1,x/2,2,x,1,x 1 6",
    ]);
    assert_eq!((code, out.as_str()), (Some(0), "no tinue\n"));
    let (code, out, _) = tak(&[
        "tinue",
        "--nodes",
        "10",
        "x5/1,1,1,x2/x5/x3,1,x/2,2,x,1,x 1 6",
    ]);
    assert_eq!((code, out.as_str()), (Some(0), "unknown\n"));
    let (code, out, _) = tak(&["tinue", "2,2,2,1S,2/x3,2C,x/x5/1,1,1,x2/x4,1 1 8"]);
    assert_eq!((code, out.as_str()), (Some(0), "no tinue\n"));
    let (code, out, _) = tak(&["tinue", "2,2,x3/x5/x5/x5/1,1,1,x,1 1 5"]);
    assert_eq!((code, out.as_str()), (Some(0), "tinue d1\nd1\n"));
    let (code, out, err) = tak(&["tinue", "x5/x5/x5 1 1"]);
    assert_eq!((code, out.as_str()), (Some(1), ""));
    assert!(
        err.starts_with("error: 'x5/x5/x5 1 1' is not a position"),
        "{err}"
    );
    let (code, _, err) = tak(&["tinue"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("required") && err.contains("<TPS>"), "{err}");
}
