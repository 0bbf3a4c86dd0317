//! Tinue puzzles: the format, its errors, the miner, and the set that ships with the page
//! (www/puzzles/puzzles.ptn, made by `tak puzzles`).
#![cfg(not(target_arch = "wasm32"))]

use std::collections::HashSet;
use std::process::Command;
use tak::puzzle::{symmetric_key, write_set, Effort, Mined, Miner, Puzzle, PuzzleError};
use tak::{EndReason, Position};

/// The solver's budget the set was mined with (`tak puzzles` default): its node counts are
/// what the set is ordered by.
const NODES: u64 = 200_000;

fn shipped() -> (String, Vec<Puzzle>) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/www/puzzles/puzzles.ptn");
    let text = std::fs::read_to_string(path).expect("the shipped puzzle set");
    let puzzles = Puzzle::parse_set(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    (text, puzzles)
}

#[test]
fn every_shipped_puzzle_is_a_forced_road_of_its_stated_length_and_no_shorter() {
    let (_, puzzles) = shipped();
    assert!(
        (30..=80).contains(&puzzles.len()),
        "{} puzzles",
        puzzles.len()
    );
    let mut efforts: Vec<Effort> = Vec::new();
    for (i, p) in puzzles.iter().enumerate() {
        let what = format!("puzzle {} ({})", i + 1, p.source);
        assert!(!p.source.is_empty(), "{what}: no source");
        assert_eq!(p.plies as usize, p.solution.len(), "{what}");
        assert!([3, 5, 7].contains(&p.plies), "{what}: {} plies", p.plies);
        // Legal, and the last ply (only) ends the game with the attacker's road.
        let attacker = p.position.to_move();
        let mut pos = p.position.clone();
        for (n, &mv) in p.solution.iter().enumerate() {
            assert!(!pos.is_over(), "{what}: over before ply {}", n + 1);
            pos.play(mv)
                .unwrap_or_else(|e| panic!("{what}: ply {}: {e}", n + 1));
        }
        let outcome = pos.outcome().expect("the game ends");
        assert_eq!(
            (outcome.winner, outcome.reason),
            (Some(attacker), EndReason::Road),
            "{what}"
        );
        // Not trivial: no road at once, and the first move is not one.
        assert!(
            p.position.winning_road_move(attacker).is_none(),
            "{what}: a road in one"
        );
        let mut after = p.position.clone();
        after.play(p.solution[0]).unwrap();
        assert!(!after.is_over(), "{what}: the first move ends the game");
        // The solver proves it again in the stated plies, finds nothing shorter, and the
        // stored first move keeps the road.
        let effort = p.check(NODES).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(effort.plies, p.plies, "{what}");
        efforts.push(effort);
    }
    // Ordered by difficulty: ranks 1, 2, ... and the measure they rank never goes down.
    let ranks: Vec<u32> = puzzles.iter().map(|p| p.difficulty).collect();
    assert_eq!(ranks, (1..=puzzles.len() as u32).collect::<Vec<_>>());
    for (i, pair) in efforts.windows(2).enumerate() {
        assert!(
            pair[0] <= pair[1],
            "puzzle {} ({:?}) is harder than puzzle {} ({:?}); mine the set again if the \
             solver changed",
            i + 1,
            pair[0],
            i + 2,
            pair[1]
        );
    }
}

#[test]
fn the_shipped_set_has_no_repeats_even_turned_or_mirrored_and_spans_lengths_and_sizes() {
    let (_, puzzles) = shipped();
    let mut keys = HashSet::new();
    let mut positions = HashSet::new();
    for p in &puzzles {
        assert!(positions.insert(p.position.to_string()), "{}", p.source);
        assert!(
            keys.insert(symmetric_key(&p.position)),
            "{} repeats a puzzle up to symmetry",
            p.source
        );
    }
    for plies in [3, 5, 7] {
        let n = puzzles.iter().filter(|p| p.plies == plies).count();
        assert!(n >= 5, "{n} puzzles in {plies} plies");
    }
    for size in [5, 6] {
        let n = puzzles.iter().filter(|p| p.position.size() == size).count();
        assert!(n >= 5, "{n} puzzles on {size}x{size}");
    }
}

#[test]
fn the_shipped_set_round_trips() {
    let (text, puzzles) = shipped();
    for p in &puzzles {
        let written = p.to_ptn();
        assert_eq!(Puzzle::from_ptn(&written).as_ref(), Ok(p), "{written}");
        assert!(text.contains(&written), "the file holds {written}");
    }
    assert_eq!(Puzzle::parse_set(&write_set(&puzzles, &[])), Ok(puzzles));
}

const GOOD: &str = r#"[Size "5"]
[Puzzle "tinue"]
[Source "made up"]
[Difficulty "4"]
[Komi "0"]
[TPS "2,2,x3/x5/x5/1,1,1,x2/x4,1 1 5"]
[Result "R-0"]

5. d2 e2
6. d1 R-0
"#;

#[test]
fn the_format_round_trips() {
    let p = Puzzle::from_ptn(GOOD).unwrap();
    assert_eq!(p.plies, 3);
    assert_eq!(p.difficulty, 4);
    assert_eq!(p.source, "made up");
    assert_eq!(p.attacker(), tak::Color::White);
    assert_eq!(p.to_ptn(), GOOD);
    assert_eq!(Puzzle::from_ptn(&p.to_ptn()), Ok(p.clone()));
    // Tags in any case and order, comments, annotations and variations are read.
    let loose = r#"[tps "2,2,x3/x5/x5/1,1,1,x2/x4,1 1 5"] [puzzle "Tinue"]
        {white to play} 5. d2'! (5. d1 {also}) e2 6. d1"#;
    let q = Puzzle::from_ptn(loose).unwrap();
    assert_eq!((&q.position, &q.solution), (&p.position, &p.solution));
    assert_eq!((q.source.as_str(), q.difficulty), ("", 0));
    // A set with a header comment.
    let set = write_set(&[p.clone(), q.clone()], &["two puzzles".into()]);
    assert!(set.starts_with("{two puzzles}\n\n[Size"), "{set}");
    assert_eq!(Puzzle::parse_set(&set), Ok(vec![p, q]));
}

fn error(text: &str) -> String {
    Puzzle::from_ptn(text).unwrap_err().to_string()
}

#[test]
fn malformed_puzzles_say_what_is_wrong() {
    assert_eq!(
        error(&GOOD.replace("[TPS \"2,2,x3/x5/x5/1,1,1,x2/x4,1 1 5\"]\n", "")),
        "a puzzle needs its position: no TPS tag"
    );
    assert_eq!(
        error(&GOOD.replace("\"tinue\"", "\"mate\"")),
        "not a puzzle: the Puzzle tag is 'mate', and only 'tinue' is known"
    );
    assert_eq!(
        error(&GOOD.replace("[Puzzle \"tinue\"]\n", "")),
        "not a puzzle: no [Puzzle \"tinue\"] tag"
    );
    assert_eq!(
        error(&GOOD.replace("\"4\"", "\"hard\"")),
        "tag Difficulty: 'hard' is not a whole number"
    );
    assert_eq!(
        error(&GOOD.replace("6. d1 R-0", "6. a3")),
        "the solution does not end in white's road (3 plies)"
    );
    assert_eq!(
        error(&GOOD[..GOOD.find("5. d2").unwrap()]),
        "a puzzle needs its solution: no moves after the tags"
    );
    assert_eq!(
        error(&GOOD.replace("6. d1 R-0", "6. a2")),
        "ply 3: a2 is not empty"
    );
    assert_eq!(
        error(&GOOD.replace("6. d1 R-0", "6. d1 a3")),
        "ply 4: the game is over"
    );
    assert!(error(&GOOD.replace("6. d1", "6. q9")).starts_with("ply 3: 'q9'"));
    assert!(error("[Puzzle \"tinue\"] [TPS \"x5/x5 1 5\"] 5. a1").starts_with("line 1"));
    // A set says which puzzle is wrong.
    let set = format!("{GOOD}\n{}", GOOD.replace("6. d1 R-0", "6. a3"));
    assert_eq!(
        Puzzle::parse_set(&set).unwrap_err().to_string(),
        "puzzle 2: the solution does not end in white's road (3 plies)"
    );
}

#[test]
fn a_solution_the_solver_does_not_prove_is_refused() {
    let check = |text: &str| Puzzle::from_ptn(text).unwrap().check(NODES);
    assert!(check(GOOD).is_ok());
    // A longer road than the shortest forced one.
    let longer = GOOD.replace("5. d2 e2\n6. d1 R-0", "5. a4 c5 6. d2 e2 7. d1");
    assert_eq!(
        check(&longer),
        Err(PuzzleError::Shorter { plies: 5, found: 3 })
    );
    // A road the defence allowed: without e1 white has a single threat.
    let blunder = GOOD
        .replace("x4,1 1 5", "x5 1 5")
        .replace("5. d2 e2\n6. d1 R-0", "5. d2 a3 6. e2");
    assert_eq!(
        check(&blunder).unwrap_err().to_string(),
        "the solver finds no forced road within 3 plies"
    );
    // A first move that lets the defence block: the road is forced, but not after e2.
    let wrong = GOOD.replace("5. d2 e2\n6. d1 R-0", "5. e2 a3 6. d2");
    assert_eq!(
        check(&wrong).unwrap_err().to_string(),
        "the solution's first move e2 does not keep the forced road"
    );
    // A road at once: nothing to solve.
    let trivial = GOOD
        .replace("x4,1 1 5", "x3,1,1 1 5")
        .replace("5. d2 e2\n6. d1 R-0", "5. a3 a4 6. d2");
    assert!(matches!(check(&trivial), Err(PuzzleError::Trivial(_))));
}

#[test]
fn the_miner_keeps_new_forced_roads_and_drops_repeats_and_trivial_ones() {
    let mut miner = Miner::new(&[3, 5], NODES);
    let pos = Position::from_tps("2,2,x3/x5/x5/1,1,1,x2/x4,1 1 5").unwrap();
    assert_eq!(
        miner.consider(&pos, true, || "first".into()),
        Mined::Puzzle(3)
    );
    // The same board mirrored left to right, and a move later.
    let mirrored = Position::from_tps("x3,2,2/x5/x5/x2,1,1,1/1,x4 1 9").unwrap();
    assert_eq!(
        miner.consider(&mirrored, true, || "again".into()),
        Mined::Repeat
    );
    let road_in_one = Position::from_tps("2,2,x3/x5/x5/1,1,1,1,x/x5 1 5").unwrap();
    assert_eq!(
        miner.consider(&road_in_one, true, String::new),
        Mined::Tinue(1)
    );
    let nothing = Position::from_tps("2,2,x3/x5/x5/1,1,1,x2/x5 1 5").unwrap();
    assert_eq!(miner.consider(&nothing, true, String::new), Mined::Nothing);
    let puzzles = miner.finish(None);
    assert_eq!(puzzles.len(), 1);
    assert_eq!(
        (puzzles[0].difficulty, puzzles[0].source.as_str()),
        (1, "first")
    );
}

#[test]
fn tak_puzzles_mines_a_games_file() {
    let dir = std::env::temp_dir().join(format!("tak-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let games = dir.join("games.jsonl");
    // White builds rank 2 with e1 in reserve: at ply 9 d2 is a double threat.
    std::fs::write(
        &games,
        r#"{"id": "test:1", "size": 5, "komi": 0, "moves": ["a5", "a2", "b2", "b5", "c2", "a4", "e1", "b4", "d2", "e2", "d1"], "white": "Ann", "black": "Bob", "playtak_id": 42}
"#,
    )
    .unwrap();
    let out = dir.join("set.ptn");
    let o = Command::new(env!("CARGO_BIN_EXE_tak"))
        .args(["puzzles", "--games"])
        .arg(&games)
        .args(["--plies", "3", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        stdout.starts_with("1 puzzles: 1 in 3 plies (1 on 5x5)"),
        "{stdout}"
    );
    let set = std::fs::read_to_string(&out).unwrap();
    let puzzles = Puzzle::parse_set(&set).unwrap();
    assert_eq!(puzzles.len(), 1);
    assert_eq!(puzzles[0].source, "playtak.com game 42 (Ann vs Bob), ply 9");
    assert!(
        set.starts_with("{Tinue puzzles mined by: tak puzzles --games"),
        "{set}"
    );
    let o = Command::new(env!("CARGO_BIN_EXE_tak"))
        .args(["puzzles", "--plies", "4"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "no games and an even length");
    std::fs::remove_dir_all(&dir).ok();
}

/// What the page's worker answers about the shipped set: its first puzzle's stored first
/// move keeps the road, the board's answer is the strongest defence, a wrong move is named
/// with the defence that escapes.
#[test]
fn the_page_reads_the_set_judges_moves_and_answers_with_the_strongest_defence() {
    use tak::ai::tinue::TinueLimits;
    use tak::puzzle::{judge_move, show_set, strongest_defence};
    let (text, puzzles) = shipped();
    let shown = show_set(&text).unwrap();
    assert_eq!(shown.len(), puzzles.len());
    let first = &shown[0];
    assert_eq!((first.size, first.attacker, first.plies), (5, "white", 3));
    assert_eq!(first.solution, ["Ca4", "b4", "a4+"]);
    assert_eq!(first.difficulty, 1);
    let pos = Position::from_tps(&first.tps).unwrap();
    assert_eq!(pos, puzzles[0].position);
    let limits = TinueLimits {
        plies: first.plies,
        nodes: NODES,
    };
    let judged = judge_move(&pos, "Ca4", limits).unwrap();
    assert_eq!(judged.verdict, "keeps");
    assert_eq!(judged.line.len(), 3);
    let mut after = pos.clone();
    after.play(first.solution[0].parse().unwrap()).unwrap();
    let defence = strongest_defence(&after, limits);
    assert_eq!(defence.len(), 2, "{defence:?}");
    assert!(after.is_over() || !defence.is_empty());
    // A quiet move lets the defence escape, and says with what.
    let wrong = judge_move(&pos, "c1", limits).unwrap();
    assert_eq!(wrong.verdict, "refuted");
    assert!(wrong.defence.is_some(), "{wrong:?}");
    // Nonsense and an illegal move are errors, with a message.
    assert!(judge_move(&pos, "zz9", limits).is_err());
    assert!(judge_move(&pos, "a5", limits).unwrap_err().len() > 3);
    // A set that is not one says where.
    assert!(show_set("[Puzzle \"tinue\"]\n1. a1").is_err());
}

/// One puzzle read alone says what is wrong with it, with no number.
#[test]
fn one_puzzle_read_for_an_embed_says_what_is_wrong_without_a_number() {
    use tak::puzzle::show_one;
    let (_, puzzles) = shipped();
    let first = puzzles[0].to_ptn();
    assert_eq!(show_one(&first).unwrap().solution, ["Ca4", "b4", "a4+"]);
    assert_eq!(
        show_one("1. a1 e5").unwrap_err().to_string(),
        "not a puzzle: no [Puzzle \"tinue\"] tag"
    );
}

/// A newcomer's first puzzle is a simple one (issue 38): of the shortest, the one with the
/// fewest pieces on the board, not a crowded position from late in a real game.
#[test]
fn the_first_puzzle_is_the_sparsest_of_the_shortest() {
    let (_, puzzles) = shipped();
    let pieces = |p: &Puzzle| -> usize {
        let n = p.position.size();
        (0..n * n)
            .filter_map(|i| tak::Square::new(i % n, i / n))
            .map(|sq| p.position.height(sq))
            .sum()
    };
    let first = &puzzles[0];
    assert_eq!(first.plies, 3);
    assert!(pieces(first) <= 12, "{} pieces", pieces(first));
    for p in puzzles.iter().filter(|p| p.plies == first.plies) {
        assert!(pieces(first) <= pieces(p), "{} has fewer pieces", p.source);
    }
    // Within a length, a crowded board comes after a sparse one.
    for pair in puzzles.windows(2) {
        if pair[0].plies == pair[1].plies {
            assert!(
                pieces(&pair[0]) <= pieces(&pair[1]),
                "{} before {}",
                pair[0].source,
                pair[1].source
            );
        }
    }
}

#[test]
fn every_shipped_puzzle_names_its_game_and_move_in_a_players_words() {
    use tak::puzzle::SourceWords;
    let (_, puzzles) = shipped();
    for p in &puzzles {
        let words = SourceWords::of(&p.source);
        assert_ne!(words, SourceWords::AsWritten, "{}", p.source);
        if let SourceWords::Game {
            players,
            move_number,
        } = words
        {
            assert!(
                players.contains(" vs ") && !players.contains('('),
                "{players}"
            );
            // The position is before that move: the player to move is the attacker.
            let ply: u32 = p.source.rsplit_once(", ply ").unwrap().1.parse().unwrap();
            assert_eq!(move_number, ply.div_ceil(2), "{}", p.source);
        }
    }
}
