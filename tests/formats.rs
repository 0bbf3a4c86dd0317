//! The formats players paste from the tools they already use: playtak.com's server
//! notation, replayed against the real games; PTN Ninja's branches are in `tree.rs`.
#![cfg(not(target_arch = "wasm32"))]

use serde_json::Value;
use tak::{playtak, ptn, tps, Game};

#[test]
fn every_real_game_written_in_server_notation_reads_back_to_the_same_game() {
    let mut checked = 0;
    for line in include_str!("data/real-games.jsonl").lines() {
        let game: Value = serde_json::from_str(line).unwrap();
        let (size, flats, caps) = (
            game["size"].as_u64().unwrap(),
            game["flats"].as_u64().unwrap(),
            game["caps"].as_u64().unwrap(),
        );
        let komi = game["komi"].as_f64().unwrap_or(0.0);
        let header = format!(
            "[Size \"{size}\"]\n[Komi \"{komi}\"]\n[Flats \"{flats}\"]\n[Caps \"{caps}\"]\n"
        );
        let mut reference = ptn::parse_game(&format!("{header}\n")).unwrap();
        let mut server = Vec::new();
        for m in game["moves"].as_array().unwrap() {
            let mv: tak::Move = m.as_str().unwrap().parse().unwrap();
            server.push(playtak::write_move(mv, size as u8));
            reference.play(mv).unwrap();
        }
        // Alternately one move per line and comma separated, as logs and records write them.
        let separator = if checked % 2 == 0 { "\n" } else { ", " };
        let text = format!("{header}{}", server.join(separator));
        if server.is_empty() {
            continue; // games abandoned before a move: nothing to read
        }
        assert!(playtak::looks_like_server_notation(&text), "{text}");
        let read = playtak::parse_game(&text).unwrap_or_else(|e| panic!("{}: {e}", game["id"]));
        assert_eq!(
            tps::write(read.position()),
            tps::write(reference.position()),
            "{}",
            game["id"]
        );
        assert_eq!(read.len(), reference.len());
        checked += 1;
    }
    assert!(checked > 590, "{checked}");
}

#[test]
fn server_notation_without_tags_takes_the_smallest_board_and_names_a_bad_line() {
    let game = playtak::parse_game("Game#4 P A1\nGame#4 P F6\nGame#4 P D4 W\n").unwrap();
    assert_eq!(game.position().size(), 6);
    assert_eq!(game.len(), 3);
    // Lower case and spaces around commas are fine; PTN is not server notation.
    assert!(playtak::looks_like_server_notation(" p a1 , p e5"));
    assert!(!playtak::looks_like_server_notation("1. a1 e5"));
    assert!(!playtak::looks_like_server_notation(
        "[Size \"5\"]\n\na1 e5"
    ));
    assert!(!playtak::looks_like_server_notation("x5/x5/x5/x5/x5 1 1"));
    for (text, message) in [
        (
            "P A1\nP E5\nM A1 A3 1\n",
            "line 3, column 1: 'M A1 A3 1': 1 drop for 2 squares from a1 to a3",
        ),
        (
            "P A1\nP E5\nM A1 B2 1\n",
            "line 3, column 1: 'M A1 B2 1': a stack moves along a row or a column",
        ),
        (
            "P A1\nP E5\nP C3 X\n",
            "line 3, column 1: 'P C3 X': 'X' is not W (a wall) or C (a capstone)",
        ),
        (
            "P A1, P Z9",
            "line 1, column 7: 'P Z9': 'Z9' is not a square (A1 to H8)",
        ),
    ] {
        assert_eq!(playtak::parse_game(text).unwrap_err().to_string(), message);
    }
    // A rule broken is named with the move as written (4x4 has no capstones).
    let err = playtak::parse_game("P A1\nP D4\nP B2 C\n")
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("line 3, column 1: 'P B2 C': "), "{err}");
}

#[test]
fn a_game_read_from_server_notation_writes_as_ptn() {
    let game: Game = playtak::parse_game("[Player1 \"ann\"]\nP A1,P E5,P C3,M A1 A2 1").unwrap();
    let text = ptn::write_game(&game);
    assert!(text.contains("[Player1 \"ann\"]"), "{text}");
    assert!(text.contains("1. a1 e5\n2. c3 a1+"), "{text}");
}

#[test]
fn server_notation_with_a_wide_character_where_game_hash_would_be_is_an_error_not_a_panic() {
    // "Gameé…": byte 5 falls inside 'é', where the `Game#N` prefix is looked for.
    for text in [
        "Gameé#1 P A1",
        "[Size \"5\"]\nGameé P A1\nP E5",
        "gamé#12 P A1",
    ] {
        let _ = tak::playtak::parse_game(text);
        let _ = tak::ptn::parse_game(text);
    }
}
