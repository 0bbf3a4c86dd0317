//! Every decoder of outside text — saved games, marks, embed options, playtak.com's notation,
//! clock tags and clock comments — on arbitrary and on nearly-right input: an error value,
//! never a panic; and what a writer writes, read back unchanged. (PTN, TPS and move text are
//! in `properties.rs`; share links' base64 and inflation are JavaScript, fuzzed in
//! `tests/e2e/sharelink.test.mjs`.)
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use tak::clock::{clock_comment, read_clock_comment, TimeControl};
use tak::settings::SettingsValue;
use tak::web::config::BoardOptions;
use tak::web::marks::{self, Mark, MarkColor};
use tak::web::mount::{self, MountOptions};
use tak::web::state::Board;
use tak::web::storage;
use tak::{playtak, ptn, Config, Game, Move, Square};

fn board() -> Board {
    Board::with_config(Config::standard(5).unwrap(), BoardOptions::default())
}

/// A game of up to `plies` random legal plies on a board of `size`, from `seed`.
fn random_game(size: u8, seed: u64, plies: usize) -> Game {
    let mut state = seed | 1;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut game = Game::with_config(Config::standard(size).unwrap());
    let mut moves = Vec::new();
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        game.position().legal_moves(&mut moves);
        let mv = moves[next(moves.len())];
        game.play(mv).unwrap();
    }
    game
}

fn square(size: u8) -> impl Strategy<Value = Square> {
    (0..size, 0..size).prop_map(|(f, r)| Square::new(f, r).unwrap())
}

fn mark() -> impl Strategy<Value = Mark> {
    let color = proptest::sample::select(MarkColor::ALL.to_vec());
    prop_oneof![
        (square(8), square(8), color.clone())
            .prop_filter("two squares", |(a, b, _)| a != b)
            .prop_map(|(from, to, color)| Mark::Arrow { from, to, color }),
        (square(8), color).prop_map(|(square, color)| Mark::Square { square, color }),
        (square(8), "[A-Za-z0-9?!+=#]{1,3}")
            .prop_map(|(square, text)| Mark::Label { square, text }),
    ]
}

/// Text that is nearly a save: the right header and lines, with random parts.
fn save_like() -> impl Strategy<Value = String> {
    (
        "tak-save [0-4]",
        "line( [0-9]{1,3}(,[0-9]{0,3}){0,3})?",
        "ply [0-9]{0,6}",
        "clock( [0-9]{0,12}){0,2}( [wbx])?( (running|paused|flag|x))?|clock none|",
        "(\\[Size \"[0-9]\"\\]\n)?(\\[Clock \"[0-9:+ ]{0,8}\"\\]\n)?([0-9]\\. )?([FSC]?[a-e][1-5] ?|[1-5][a-e][1-5][-+<>][1-5]{0,3} ?|\\{[a-z ]*\\} ?|\\( ?|\\) ?){0,10}",
    )
        .prop_map(|(h, l, p, c, g)| format!("{h}\n{l}\n{p}\n{c}\n{g}"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Reading a slice at a time gives what reading at once gives: the same game, or the
    /// same error.
    #[test]
    fn a_game_read_in_slices_is_the_game_read_at_once(
        text in "(\\[Size \"[3-6]\"\\] ?)?(\\{[a-z ]{0,5}\\} ?)?([0-9]{1,2}\\.{1,3} ?|[FSC]?[a-e][1-5][!?]{0,2} ?|[1-5][a-e][1-5][-+<>][1-5]{0,3} ?|\\{[a-z ]*\\} ?|\\( ?|\\) ?|R-0 ?|\n\n\\{b\\} ?){0,24}",
        budget in 1usize..6,
    ) {
        let whole = ptn::parse_game(&text);
        let mut reader = ptn::GameReader::new();
        let sliced = loop {
            match reader.step(&text, budget) {
                Ok(Some(game)) => break Ok(game),
                Ok(None) => prop_assert!(reader.progress(&text) < 1.0),
                Err(e) => break Err(e),
            }
        };
        match (whole, sliced) {
            (Ok(a), Ok(b)) => prop_assert_eq!(ptn::write_game(&a), ptn::write_game(&b)),
            (Err(a), Err(b)) => prop_assert_eq!(a.to_string(), b.to_string()),
            (a, b) => prop_assert!(false, "{:?} vs {:?}", a.map(|g| ptn::write_game(&g)), b.map(|g| ptn::write_game(&g))),
        }
    }

    #[test]
    fn a_save_of_any_text_is_an_error_or_a_game(text in "\\PC{0,200}") {
        let mut b = board();
        let before = b.ptn();
        if b.restore(&text).is_err() {
            prop_assert_eq!(b.ptn(), before, "a refused save changes nothing");
        }
    }

    #[test]
    fn a_nearly_right_save_is_an_error_or_a_game(text in save_like()) {
        let mut b = board();
        let before = b.ptn();
        match b.restore(&text) {
            // What was read is saved again and read again the same.
            Ok(()) => {
                let again = storage::save(&b.record, 0.0, false);
                let mut other = board();
                prop_assert!(other.restore(&again).is_ok(), "{}", again);
                prop_assert_eq!(storage::save(&other.record, 0.0, false), again);
            }
            Err(_) => prop_assert_eq!(b.ptn(), before),
        }
    }

    /// A save read a slice at a time (as the page reads a long one) is the save read at
    /// once, errors included; a refused one changes nothing.
    #[test]
    fn a_save_read_in_slices_is_the_save_read_at_once(text in save_like(), budget in 1usize..5) {
        let mut whole = board();
        let at_once = whole.restore(&text).map(|()| storage::save(&whole.record, 0.0, false));
        let mut sliced = board();
        let before = storage::save(&sliced.record, 0.0, false);
        let read = match storage::Restoring::new(&text) {
            Ok(mut restoring) => loop {
                match restoring.step(budget) {
                    Ok(Some(saved)) => break Ok(saved),
                    Ok(None) => prop_assert!(restoring.progress() < 1.0),
                    Err(message) => break Err(message),
                }
            },
            Err(message) => Err(message),
        };
        match (at_once, read) {
            (Ok(a), Ok(saved)) => {
                sliced.show_saved(saved);
                prop_assert_eq!(storage::save(&sliced.record, 0.0, false), a);
            }
            (Err(a), Err(b)) => {
                prop_assert_eq!(a, b);
                prop_assert_eq!(storage::save(&sliced.record, 0.0, false), before);
            }
            (a, b) => prop_assert!(false, "{:?} vs {:?}", a, b.map(|_| "a game")),
        }
    }

    #[test]
    fn a_save_round_trips(size in 3u8..=8, seed: u64, plies in 0usize..60, back in 0usize..60) {
        let mut b = Board::with_config(Config::standard(size).unwrap(), BoardOptions::default());
        b.load(random_game(size, seed, plies));
        for _ in 0..back.min(plies) { b.undo(); }
        let saved = storage::save(&b.record, 0.0, false);
        let mut other = board();
        other.restore(&saved).unwrap();
        prop_assert_eq!(other.tps(), b.tps());
        prop_assert_eq!(other.ptn(), b.ptn());
        prop_assert_eq!(storage::save(&other.record, 0.0, false), saved);
    }

    #[test]
    fn marks_of_any_text_are_an_error_or_marks(text in "\\PC{0,120}") {
        let _ = marks::parse_comment(&text);
        let _ = marks::parse_arrows(&text);
        let _ = marks::parse_highlights(&text);
        let _ = marks::parse_labels(&text);
    }

    #[test]
    fn marks_like_text_is_an_error_or_marks(text in "(\\[(arrows?|highlights?|labels?|x)( [a-j][0-9]{1,2}(-[a-j]?[0-9]?)?(:[a-z]{0,6})?,?){0,4}\\]? ?){0,4}\\PC{0,8}") {
        if let Ok((marks, rest)) = marks::parse_comment(&text) {
            prop_assert!(marks.len() <= marks::MAX_MARKS);
            prop_assert!(rest.len() <= text.len());
        }
    }

    #[test]
    fn marks_round_trip_through_a_comment(list in proptest::collection::vec(mark(), 0..12), tail in "[a-z][a-z ]{0,12}") {
        let written = marks::to_comment(&list);
        let (read, rest) = marks::parse_comment(&format!("{written} {tail}")).unwrap();
        // Written grouped by kind: arrows, then squares, then labels.
        let kind = |m: &Mark| match m { Mark::Arrow { .. } => 0, Mark::Square { .. } => 1, Mark::Label { .. } => 2 };
        let mut expected = list.clone();
        expected.sort_by_key(kind);
        prop_assert_eq!(read, expected);
        prop_assert_eq!(rest, tail.trim_start());
    }

    #[test]
    fn embed_options_of_any_text_are_an_error_or_a_game(
        size in proptest::option::of(0u8..=255),
        komi in proptest::option::of("\\PC{0,6}|-?[0-9](\\.[0-9]{0,2})?"),
        tps in proptest::option::of("\\PC{0,40}|([x12SC,0-9]{1,10}/){2,7}[x12SC,0-9]{1,10} [0-3] [0-9]{1,3}"),
        ptn in proptest::option::of("\\PC{0,60}|(\\[Size \"[0-9]\"\\] )?([FSC]?[a-f][1-6] ){0,6}"),
        scoring in proptest::option::of("\\PC{0,12}|(downings|middletown|tarway| ){0,4}"),
        take_backs in proptest::option::of("\\PC{0,8}|court|tavern"),
        opening in proptest::option::of("\\PC{0,8}|swap|no-swap"),
        flats in proptest::option::of(any::<u32>()),
        caps in proptest::option::of(any::<u32>()),
        lang in proptest::option::of("en|it|es|ca|\\PC{0,3}"),
        tie_rule in proptest::option::of("\\PC{0,8}|standard|ancient"),
        clock in proptest::option::of("\\PC{0,12}|[0-9]{1,3}:[0-9]{1,2} \\+[0-9]{1,2}|none"),
    ) {
        let d = SettingsValue::default();
        let count = |n: Option<u32>| n.map(|n| n.min(255) as u8);
        let settings = SettingsValue {
            size: size.unwrap_or(d.size),
            komi: komi.unwrap_or(d.komi),
            opening: opening.unwrap_or(d.opening),
            flats: count(flats),
            caps: count(caps),
            tie_rule: tie_rule.unwrap_or(d.tie_rule),
            scoring: scoring.unwrap_or(d.scoring),
            take_backs: take_backs.unwrap_or(d.take_backs),
            clock: clock.unwrap_or(d.clock),
        };
        let options = MountOptions { settings, tps, ptn, lang, ..MountOptions::default() };
        if let Ok(game) = mount::start_game(&options) {
            // What starts is a game the rules allow: written and read back the same.
            let text = ptn::write_game(&game);
            let back = ptn::parse_game(&text);
            prop_assert!(back.is_ok(), "{}", text);
            let back = back.unwrap();
            prop_assert_eq!(back.position(), game.position());
        }
        if let Ok(settings) = mount::game_settings(&options) {
            // Settings the page accepts are written as tags that read back the same.
            let mut game = tak::Game::with_config(settings.rules);
            settings.write_tags(&mut game);
            let back = ptn::parse_game(&ptn::write_game(&game));
            prop_assert!(back.is_ok(), "{:?}", back.err());
            prop_assert_eq!(tak::settings::GameSettings::of_game(&back.unwrap()), Ok(settings));
        }
    }

    #[test]
    fn playtak_notation_of_any_text_is_an_error_or_a_game(text in "\\PC{0,200}") {
        let _ = playtak::looks_like_server_notation(&text);
        let _ = playtak::parse_game(&text);
    }

    #[test]
    fn playtak_like_text_is_an_error_or_a_game(text in "(\\[Size \"[0-9]\"\\]\n)?(Game#[0-9]{1,3} )?((P [A-Ja-j][0-9]( [WCx])?|M [A-J][0-9] [A-J][0-9]( [0-9]){0,4})[\n,]){0,12}") {
        // Server notation is told by its first move alone: `P` or `M` and a square of the
        // largest board (A1 to H8), after the tags and the game's number.
        let body = text.split_once("]\n").map_or(text.as_str(), |(_, body)| body);
        let body = body.strip_prefix("Game#").map_or(body, |b| b.trim_start_matches(|c: char| c.is_ascii_digit()).trim_start());
        let first = body.split(['\n', ',']).next().unwrap_or_default();
        let on_board = |w: &[u8]| matches!(w, [f, r] if (b'A'..=b'H').contains(&f.to_ascii_uppercase()) && (b'1'..=b'8').contains(r));
        let expected = first.split_whitespace().nth(1).is_some_and(|w| on_board(w.as_bytes()));
        prop_assert_eq!(playtak::looks_like_server_notation(&text), expected, "{:?}", text);
        let _ = playtak::parse_game(&text);
    }

    #[test]
    fn playtak_notation_round_trips(size in 3u8..=8, seed: u64, plies in 1usize..80) {
        let game = random_game(size, seed, plies);
        let mut text = format!("[Size \"{size}\"]\n");
        let mut pos = game.start().clone();
        for mv in game.main_line() {
            text.push_str(&playtak::write_move(mv, size));
            text.push('\n');
            pos.play(mv).unwrap();
        }
        prop_assert!(playtak::looks_like_server_notation(&text));
        let back = playtak::parse_game(&text).unwrap();
        prop_assert_eq!(back.main_line(), game.main_line());
        prop_assert_eq!(back.position(), &pos);
    }

    #[test]
    fn a_clock_tag_of_any_text_is_an_error_or_a_time_control(text in "\\PC{0,30}|[0-9:+ ]{0,16}") {
        if let Ok(Some(control)) = TimeControl::from_tag(&text) {
            // A control that was read is written and read back the same.
            prop_assert_eq!(TimeControl::from_tag(&control.tag()), Ok(Some(control)));
        }
    }

    #[test]
    fn a_clock_tag_round_trips(base_s in 1u64..=3 * 3600, inc_s in 0u64..=60) {
        let control = TimeControl::new(base_s * 1000, inc_s * 1000).unwrap();
        prop_assert_eq!(TimeControl::from_tag(&control.tag()), Ok(Some(control)));
    }

    #[test]
    fn a_clock_comment_of_any_text_is_a_time_or_nothing(text in "\\PC{0,30}|clock [0-9:.]{0,16}") {
        if let Some(ms) = read_clock_comment(&text) {
            prop_assert!(ms.is_finite() && ms >= 0.0);
        }
    }

    #[test]
    fn a_clock_comment_round_trips(tenths in 0u64..10 * 36_000) {
        let ms = (tenths * 100) as f64;
        prop_assert_eq!(read_clock_comment(&clock_comment(ms)), Some(ms));
    }

    #[test]
    fn a_saved_clock_line_of_any_text_is_read_or_ignored(line in "\\PC{0,40}|clock( -?[0-9]{0,22}){0,3}( [wb])?( (running|paused|flag))?") {
        let control = TimeControl::new(60_000, 1_000).unwrap();
        if let Some((clock, _)) = tak::clock::Clock::restore(control, &line) {
            prop_assert!(clock.left(tak::Color::White, 0.0).is_finite());
        }
        // And through a board with clocks: ignored or taken up, never a panic.
        let mut b = board();
        b.load(ptn::parse_game("[Size \"5\"]\n[Clock \"1:0 +1\"]\n1. a1 e5").unwrap());
        b.record.restore_clock_line(&line);
    }
}

/// A move written as the server does for each kind of ply a random game meets.
#[test]
fn every_kind_of_move_is_written_as_the_server_reads_it() {
    for (ptn, server) in [
        ("a1", "P A1"),
        ("Sb2", "P B2 W"),
        ("Cc3", "P C3 C"),
        ("3c3<12", "M C3 A3 1 2"),
    ] {
        let mv: Move = ptn.parse().unwrap();
        assert_eq!(playtak::write_move(mv, 5), server);
    }
}

/// Found by `playtak_notation_of_any_text_is_an_error_or_a_game`: a first word whose fifth
/// byte fell inside a character panicked while looking for a `Game#N` prefix, and any paste
/// goes through that check.
#[test]
fn a_first_word_of_wide_characters_is_read_as_text_not_sliced() {
    for text in ["ׯ𑵠", "𐖐𞹉R'ೖ$𝒞", "Gameé#1 P A1", "Game#1 P A1"] {
        assert!(!playtak::looks_like_server_notation(text) || text.starts_with("Game#1"));
        let _ = playtak::parse_game(text);
        assert!(
            tak::web::state::parse_game_or_position(text).is_err() || text.starts_with("Game#1")
        );
    }
    assert!(playtak::looks_like_server_notation("Game#1 P A1"));
}
