//! What a newcomer is told when a text cannot be read (issue 38, "Words"): where the trouble
//! is, quoted whole, in the board's own terms, and in plain words.
#![cfg(not(target_arch = "wasm32"))]

use tak::web::i18n::Lang;
use tak::web::state::parse_game_or_position;
use tak::{ptn, tps, Position};

fn ptn_error(text: &str) -> String {
    ptn::parse_game(text).unwrap_err().to_string()
}

/// What the page says of a pasted text, in English.
fn pasted(text: &str) -> String {
    parse_game_or_position(text).unwrap_err().text(Lang::En)
}

#[test]
fn a_tag_error_points_at_the_tag_s_own_line_and_column() {
    let text = "[Size \"5\"]\n[Clock \"ten minutes\"]\n1. a1 e5";
    let e = ptn_error(text);
    assert!(e.starts_with("line 2, column 1: tag Clock:"), "{e}");
    let e = ptn_error("[Player1 \"Ann\"]\n[Size \"5\"]\n  [Komi \"9\"]\n");
    assert!(e.starts_with("line 3, column 3: tag Komi:"), "{e}");
    let e = ptn_error("[Size \"5\"]\n[Caps \"x\"]\n");
    assert!(e.starts_with("line 2, column 1: tag Caps:"), "{e}");
    // Flats and Caps together: the first of them the game gives.
    let e = ptn_error("[Size \"5\"]\n[Event \"e\"]\n[Flats \"0\"]\n[Caps \"1\"]\n");
    assert!(e.starts_with("line 3, column 1: tags Flats/Caps:"), "{e}");
    let e = ptn_error("[Size \"9\"]\n");
    assert!(e.starts_with("line 1, column 1: tag Size:"), "{e}");
    // The options on top of the rules are read as the page reads them (settings.rs), and a
    // bad one is refused the same way, not dropped later in silence.
    let e = ptn_error("[Size \"5\"]\n[Scoring \"Downings Foo\"]\n1. a1 e5");
    assert_eq!(e, "line 2, column 1: tag Scoring: unknown scoring variant 'Foo' (Downings, Middletown, Tarway)");
    let e = ptn_error("[Size \"5\"]\n[Event \"e\"]\n[TakeBacks \"never\"]\n");
    assert_eq!(
        e,
        "line 3, column 1: tag TakeBacks: take-backs must be court or tavern, not 'never'"
    );
}

#[test]
fn a_bad_square_is_quoted_whole_and_named_with_the_board_s_own_range() {
    let e = ptn_error("1. a1 e5 2. zz9");
    assert_eq!(e, "ply 3: 'zz9': 'zz9' is not a square (a1 to e5)");
    let e = ptn_error("[Size \"5\"]\n1. a1 e5 2. c9");
    assert_eq!(e, "ply 3: 'c9': 'c9' is not a square (a1 to e5)");
    let e = ptn_error("[Size \"6\"]\n1. a1 f6 2. Sz1");
    assert!(e.ends_with("'z1' is not a square (a1 to f6)"), "{e}");
    // The page's words, in every language: the range of the board played.
    let page = pasted("[Size \"5\"]\n1. a1 e5 2. c9");
    assert!(page.contains("‘c9’ is not a square (a1 to e5)"), "{page}");
    let it = parse_game_or_position("[Size \"4\"]\n1. a1 d4 2. zz9")
        .unwrap_err()
        .text(Lang::It);
    assert!(it.contains("«zz9»") && it.contains("a d4"), "{it}");
    // A move with no board behind it still names the largest.
    let e = "zz9".parse::<tak::Move>().unwrap_err().to_string();
    assert_eq!(e, "'zz9' is not a square (a1 to h8)");
}

#[test]
fn prose_pasted_is_not_a_game() {
    for prose in [
        "he said that Tak was a fine game",
        "Hello!\nThis is my favourite opening.",
    ] {
        let e = ptn_error(prose);
        assert!(e.contains("this is not a game"), "{e}");
        let page = pasted(prose);
        assert!(page.starts_with("This is not a game"), "{page}");
        assert!(!page.contains("square"), "{page}");
    }
    // A game with a wrong first move is still a game with a wrong move.
    assert!(ptn_error("1. zz9").contains("'zz9' is not a square"));
    assert!(ptn_error("[Size \"5\"] he").contains("is not a square"));
    // The other languages say it too.
    let ca = parse_game_or_position("hello there")
        .unwrap_err()
        .text(Lang::Ca);
    assert!(ca.starts_with("Això no és una partida"), "{ca}");
}

#[test]
fn a_tps_tag_that_is_no_board_is_blamed_on_the_tps() {
    let e = ptn_error("[Event \"x\"]\n[TPS \"x9/x9 1 1\"]\n1. a1");
    assert!(e.starts_with("line 2, column 1: tag TPS:"), "{e}");
    assert!(e.contains("2 rows") && !e.contains("Size"), "{e}");
    // With a Size tag that disagrees, the two are named.
    let e = ptn_error("[Size \"5\"]\n[TPS \"x3/x3/x3 1 1\"]\n");
    assert!(e.contains("tag Size says 5 but the TPS has 3 rows"), "{e}");
}

#[test]
fn a_byte_order_mark_at_the_start_is_read_as_nothing() {
    let text = "\u{feff}[Size \"5\"]\n[Player1 \"Ann\"]\n1. a1 e5 2. c3";
    let game = ptn::parse_game(text).unwrap();
    assert_eq!((game.len(), game.tag("player1")), (3, Some("Ann")));
    assert!(parse_game_or_position(text).is_ok());
    assert!(parse_game_or_position("\u{feff}x3/x3/x3 1 1").is_ok());
}

#[test]
fn a_malformed_tps_says_what_is_wrong_with_it() {
    let e = Position::from_tps("hello").unwrap_err().to_string();
    assert!(e.contains("expected three fields"), "{e}");
    assert!(!e.contains("board size"), "{e}");
    let e = Position::from_tps("x5/x5 1 1").unwrap_err().to_string();
    assert_eq!(
        e,
        "TPS column 1: 2 rows: a board has 3 to 8 rows, separated by '/'"
    );
    let e = tps::board_size("x2 1 1").unwrap_err().to_string();
    assert!(e.contains("1 row:"), "{e}");
    let page = pasted("x5/x5 1 1");
    assert!(page.contains("2 rows"), "{page}");
}

#[test]
fn a_count_of_one_is_worded_in_the_singular() {
    use tak::config::ConfigError;
    use tak::Config;
    let one = ConfigError::BadPieces { stones: 0, caps: 1 }.to_string();
    assert!(
        !one.contains("1 capstones") && !one.contains("0 stone "),
        "{one}"
    );
    let five = Config::standard(5).unwrap();
    let e = five.with_playable_pieces(1, 1).unwrap_err().to_string();
    assert!(!e.contains("1 stones") && !e.contains("1 capstones"), "{e}");
    // In a game's tags too (the page's custom pieces end here).
    let e = ptn_error("[Size \"5\"]\n[Flats \"0\"]\n[Caps \"1\"]\n");
    assert!(!e.contains("1 capstones"), "{e}");
    let e = "1a1>2".parse::<tak::Move>().unwrap_err().to_string();
    assert_eq!(e, "drops add up to 2 but 1 piece is carried");
    assert_eq!(tak::series::Length::Games(1).to_string(), "1 game");
    assert_eq!(tak::series::Length::Games(3).to_string(), "3 games");
    assert_eq!(
        tak::series::Length::parse("1 game"),
        Some(tak::series::Length::Games(1))
    );
    let e = ptn_error("[Size \"5\"]\n[TPS \"x5 1 1\"]\n");
    assert!(
        e.contains("the TPS has 1 row") && !e.contains("1 rows"),
        "{e}"
    );
    let e = tps::parse("x5 1 1", Config::standard(5).unwrap())
        .unwrap_err()
        .to_string();
    assert!(e.contains("1 row for a 5×5 board"), "{e}");
    // The page's catalogues word one thing in the singular, in every language.
    for lang in Lang::ALL {
        for key in [
            "games.count",
            "games.plies",
            "games.imported",
            "puz.plies",
            "match.games",
        ] {
            let one = tak::web::i18n::text(
                lang,
                &format!("{key}_one"),
                &[("count", "1".into()), ("n", "1".into())],
            );
            let many = tak::web::i18n::text(lang, key, &[("count", "1".into()), ("n", "1".into())]);
            assert_ne!(one, many, "{}: {key}", lang.code());
            assert!(
                !one.contains('{') && !one.ends_with("_one"),
                "{}: {one}",
                lang.code()
            );
        }
    }
}

#[test]
fn a_comment_or_tag_too_long_is_refused_naming_the_limit_without_reading_it_all() {
    use std::time::Instant;
    let comment = format!("[Size \"5\"]\n1. a1 e5 {{{}}} 2. c3", "x".repeat(5 << 20));
    let tags = format!("[Size \"5\"]\n[Event \"{}\"]\n1. a1", "y".repeat(4 << 20));
    let many: String = (0..400_000).map(|i| format!("[T{i} \"v\"]\n")).collect();
    for (text, says) in [
        (
            &comment,
            "line 2, column 10: a comment of more than 65536 characters",
        ),
        (
            &tags,
            "line 2, column 8: tag Event: a value of more than 4096 characters",
        ),
        (&many, "line 1001, column 1: more than 1000 tags"),
    ] {
        let start = Instant::now();
        let e = ptn_error(text);
        assert!(e.starts_with(says), "{e}");
        // Not a pass over the megabytes (nor one per tag over the tags: 400,000 of them).
        assert!(start.elapsed().as_millis() < 500, "{:?}", start.elapsed());
        assert!(pasted(text).contains(&says[says.find(": ").unwrap() + 2..]));
    }
    // A comment at the limit is read.
    let at = format!("1. a1 {{{}}} e5", "z".repeat(tak::game::MAX_COMMENT));
    assert!(ptn::parse_game(&at).is_ok());
}

/// The languages are listed once, in www/languages.js, for the page, the embed, the Embed
/// this dialog and the build; the board's Rust must speak exactly those, each with its
/// catalogue.
#[test]
fn the_board_speaks_the_languages_of_the_one_list() {
    let list = include_str!("../www/languages.js");
    let names = list
        .split("LANGUAGE_NAMES = {")
        .nth(1)
        .and_then(|rest| rest.split('}').next())
        .expect("LANGUAGE_NAMES in www/languages.js");
    let codes: Vec<&str> = names
        .split(',')
        .filter_map(|entry| entry.split(':').next())
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    let ours: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
    assert_eq!(
        codes, ours,
        "www/languages.js and src/web/i18n.rs's Lang::ALL"
    );
    for code in codes {
        let path = format!("{}/www/i18n/{code}.txt", env!("CARGO_MANIFEST_DIR"));
        assert!(std::path::Path::new(&path).exists(), "{path}");
    }
}

/// The computer is one word in each language: over its reserve (the short name), in the turn
/// line and the tags (with its level), in My games and a match's table (issue 47: Spanish said
/// "Máquina" over the board and "Ordenador" in My games), and when it stops answering.
#[test]
fn the_computer_is_called_by_one_word_in_each_language() {
    use tak::web::i18n::text;
    for lang in Lang::ALL {
        let word = text(lang, "match.computer", &[]);
        let level = [("level", "3".to_string())];
        assert_eq!(
            text(lang, "player.computer_short", &[]),
            word,
            "{}",
            lang.code()
        );
        for key in ["player.computer", "player.computer_tag"] {
            let said = text(lang, key, &level);
            assert!(said.starts_with(&word), "{}: {key}: {said}", lang.code());
        }
        for key in ["worker.restarted", "worker.died"] {
            let said = text(lang, key, &[]).to_lowercase();
            assert!(
                said.contains(&word.to_lowercase()),
                "{}: {key}: {said}",
                lang.code()
            );
        }
    }
}
