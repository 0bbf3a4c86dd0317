//! The opening and reserve variants: no-swap (each player's first ply places a flat of their
//! own colour), custom stones and capstones, negative komi; in the engine, the text formats
//! and the computer.

use std::collections::BTreeSet;
use tak::ai::search::{SearchLimits, Searcher};
use tak::{perft, ptn, Color, Config, EndReason, IllegalMove, Komi, Opening, Position};

fn no_swap(size: u8) -> Config {
    Config::standard(size)
        .unwrap()
        .with_opening(Opening::NoSwap)
}

#[test]
fn no_swap_first_plies_place_the_movers_own_flat_only() {
    let mut pos = Position::with_config(no_swap(5));
    assert_eq!(pos.placing_color(), Color::White);
    assert_eq!(
        pos.check("Sa1".parse().unwrap()),
        Err(IllegalMove::OpeningMustPlaceFlat)
    );
    assert_eq!(
        pos.check("Ca1".parse().unwrap()),
        Err(IllegalMove::OpeningMustPlaceFlat)
    );
    pos.play("a1".parse().unwrap()).unwrap();
    assert_eq!(pos.top("a1".parse().unwrap()).unwrap().color, Color::White);
    assert_eq!(
        pos.stones_left(Color::White),
        20,
        "from white's own reserve"
    );
    assert_eq!(pos.stones_left(Color::Black), 21);
    assert_eq!(pos.placing_color(), Color::Black);
    // Black controls nothing yet, and may not move white's flat.
    assert!(pos.check("a1+".parse().unwrap()).is_err());
    pos.play("e5".parse().unwrap()).unwrap();
    assert_eq!(pos.top("e5".parse().unwrap()).unwrap().color, Color::Black);
    assert_eq!(pos.to_string(), "x4,2/x5/x5/x5/1,x4 1 2");
    // From ply 3 on, the game is the usual one: white moves its own flat.
    assert!(pos.play("a1+".parse().unwrap()).is_ok());
}

/// Perft from the empty board with the no-swap opening. After two plies the positions are
/// the swap opening's, relabelled: swap puts white's flat where black placed and black's
/// where white placed, no-swap the other way round, and both run over every ordered pair of
/// distinct squares. So every depth counts as the published swap values do (RULES.md); a
/// generator that let a wall or capstone in on ply 1 or 2, or the wrong colour, would not.
#[test]
fn perft_from_a_no_swap_start_counts_as_the_published_values() {
    let published: [(u8, &[u64]); 3] = [
        (3, &[9, 72, 1200, 17792, 271812]),
        (4, &[16, 240, 7440, 216464]),
        (5, &[25, 600, 43320, 2999784]),
    ];
    for (size, counts) in published {
        let mut pos = Position::with_config(no_swap(size));
        for (i, &expected) in counts.iter().enumerate() {
            let depth = i as u32 + 1;
            assert_eq!(
                perft::perft(&mut pos, depth),
                expected,
                "{size}x{size} no-swap depth {depth}"
            );
        }
    }
    // The same set of positions after two plies, by their TPS.
    let after_two = |config: Config| {
        let start = Position::with_config(config);
        let mut seen = BTreeSet::new();
        let (mut first, mut second) = (Vec::new(), Vec::new());
        start.legal_moves(&mut first);
        for &a in &first {
            let mut pos = start.clone();
            pos.play(a).unwrap();
            pos.legal_moves(&mut second);
            for &b in &second {
                let mut next = pos.clone();
                next.play(b).unwrap();
                seen.insert(next.to_string());
            }
        }
        seen
    };
    let swap = after_two(Config::standard(4).unwrap());
    assert_eq!(swap.len(), 240);
    assert_eq!(swap, after_two(no_swap(4)));
}

#[test]
fn perft_after_one_no_swap_ply_counts_the_other_players_own_flats() {
    // Black to move at move 1 of a no-swap game: 24 flats of black's own, each leaving
    // white with 23 squares × 3 kinds (flat, wall, capstone) and its flat's 2 moves.
    let mut pos = Position::with_config(no_swap(5));
    pos.play("a1".parse().unwrap()).unwrap();
    assert_eq!(perft::perft(&mut pos, 1), 24);
    assert_eq!(pos.count_moves(), 24);
    // Each black flat next to a1 (a2, b1) blocks nothing: a flat does not stop a move.
    assert_eq!(perft::perft(&mut pos, 2), 24 * (23 * 3 + 2));
}

#[test]
fn a_no_swap_game_reads_writes_and_refuses_a_swap_first_ply() {
    let text = "[Size \"5\"]\n[Opening \"no-swap\"]\n\n1. a1 e5 2. a2 *";
    let game = ptn::parse_game(text).unwrap();
    assert_eq!(game.start().config().opening, Opening::NoSwap);
    let end = game.position();
    assert_eq!(end.to_string(), "x4,2/x5/x5/1,x4/1,x4 2 2");
    let written = ptn::write_game(&game);
    assert!(written.contains("[Opening \"no-swap\"]"), "{written}");
    assert_eq!(
        ptn::parse_game(&written).unwrap().position().to_string(),
        end.to_string()
    );
    // Case as PTN Ninja allows; the swap opening is not written (it is the default).
    let swap = ptn::parse_game("[Size \"5\"]\n[Opening \"SWAP\"]\n\n1. a1 e5").unwrap();
    assert_eq!(swap.start().config().opening, Opening::Swap);
    assert!(!ptn::write_game(&swap).contains("Opening"));
    // A wall on ply 1 is refused in both.
    let err = ptn::parse_game("[Opening \"no-swap\"]\n\n1. Sa1").unwrap_err();
    assert!(err.to_string().contains("places a flat"), "{err}");
}

#[test]
fn malformed_variant_tags_are_refused_naming_the_tag() {
    let cases = [
        ("[Opening \"noswap\"]", "tag Opening"),
        ("[Opening \"\"]", "tag Opening"),
        ("[Flats \"many\"]", "tag Flats"),
        ("[Caps \"-1\"]", "tag Caps"),
        ("[Flats \"0\"]", "tags Flats/Caps"),
        ("[Flats \"60\"]\n[Caps \"8\"]", "tags Flats/Caps"),
        ("[Flats1 \"20\"]\n[Flats2 \"21\"]", "tags Flats1/Flats2"),
        ("[Flats \"21\"]\n[Flats1 \"20\"]", "tags Flats1/Flats2"),
        ("[Caps1 \"1\"]\n[Caps2 \"2\"]", "tags Caps1/Caps2"),
        ("[Komi \"5.5\"]", "tag Komi"),
        ("[Komi \"-6\"]", "tag Komi"),
    ];
    for (tags, named) in cases {
        let text = format!("[Size \"5\"]\n{tags}\n\n1. a1 e5");
        let err = ptn::parse_game(&text)
            .err()
            .unwrap_or_else(|| panic!("{tags} was read"));
        assert!(err.to_string().contains(named), "{tags}: {err}");
    }
    let komi = ptn::parse_game("[Komi \"9\"]\n\n1. a1").unwrap_err();
    assert!(
        komi.to_string().contains("from -5 to 5"),
        "the komi range said as the engine takes it: {komi}"
    );
}

#[test]
fn per_player_counts_read_when_both_players_agree() {
    let text =
        "[Size \"6\"]\n[Flats1 \"25\"]\n[Flats2 \"25\"]\n[Caps1 \"2\"]\n[Caps2 \"2\"]\n\n1. a1 f6";
    let game = ptn::parse_game(text).unwrap();
    let config = game.start().config();
    assert_eq!((config.stones, config.caps), (25, 2));
    let written = ptn::write_game(&game);
    assert!(
        written.contains("[Flats \"25\"]") && written.contains("[Caps \"2\"]"),
        "{written}"
    );
    assert!(!written.contains("Flats1"), "{written}");
}

#[test]
fn a_game_ends_when_a_custom_reserve_runs_out() {
    // 3x3 with three stones each and komi 1.5: white's fifth ply places its last stone.
    let text =
        "[Size \"3\"]\n[Flats \"3\"]\n[Caps \"0\"]\n[Komi \"1.5\"]\n\n1. a1 c3 2. a3 c1 3. b2";
    let game = ptn::parse_game(text).unwrap();
    let end = game.position();
    assert_eq!(end.stones_left(Color::White), 0);
    assert_eq!(end.stones_left(Color::Black), 1);
    let outcome = end.outcome().expect("the flat count is due");
    assert_eq!(outcome.reason, EndReason::Flats);
    // White 3 flats, black 2 + 1.5 komi.
    assert_eq!(outcome.winner, Some(Color::Black));
    // With a negative komi the same board goes to white.
    let white_komi = text.replace("1.5", "-1.5");
    let outcome = ptn::parse_game(&white_komi)
        .unwrap()
        .position()
        .outcome()
        .unwrap();
    assert_eq!(outcome.winner, Some(Color::White));
    assert!(ptn::write_game(&game).contains("[Flats \"3\"]"));
    // Nothing more may be played.
    let mut more = end.clone();
    assert_eq!(more.play("b1".parse().unwrap()), Err(IllegalMove::GameOver));
}

#[test]
fn the_computer_plays_custom_reserves_no_swap_and_negative_komi() {
    let config = Config::standard(5)
        .unwrap()
        .with_playable_pieces(8, 2)
        .unwrap()
        .with_komi(Komi::from_half_flats(-3).unwrap())
        .with_opening(Opening::NoSwap);
    let mut pos = Position::with_config(config);
    let mut searcher = Searcher::new(4);
    let mut plies = 0;
    while !pos.is_over() {
        let result = searcher.search(&pos, SearchLimits::nodes(1500), |_| {});
        let best = result.best.expect("a move while the game goes on");
        let mover = pos.to_move();
        assert!(pos.is_legal(best), "{best} at {pos}");
        pos.play(best).unwrap();
        if plies < 2 {
            // The no-swap opening: the mover's own flat.
            let top = pos.top(best.square()).unwrap();
            assert_eq!(top.color, mover, "ply {} placed {best}", plies + 1);
        }
        plies += 1;
        assert!(plies < 400, "the game never ended");
    }
    // Ten pieces each on a board of 25: a reserve empties before the board fills, unless a
    // road came first.
    let outcome = pos.outcome().unwrap();
    if outcome.reason == EndReason::Flats {
        assert!(
            Color::ALL
                .iter()
                .any(|&c| pos.stones_left(c) + pos.caps_left(c) == 0),
            "{pos}"
        );
    }
}

mod on_the_board {
    use tak::web::config::BoardOptions;
    use tak::web::state::Board;
    use tak::{Color, Config, Game, Kind, Opening, Position};

    fn no_swap_board() -> Board {
        let config = Config::standard(5)
            .unwrap()
            .with_opening(Opening::NoSwap)
            .with_playable_pieces(12, 2)
            .unwrap();
        let mut b = Board::new(
            Game::new(Position::with_config(config)),
            BoardOptions::default(),
        );
        b.resize(900.0, 600.0, 2.0);
        b
    }

    fn press_pile(b: &mut Board, color: Color, kind: Kind) {
        let p = b.layout.reserves[color.index()].pile(kind).center();
        b.pointer_down(p);
        b.pointer_up(p);
    }

    #[test]
    fn the_first_turn_takes_from_the_movers_own_pile_and_says_so() {
        let mut b = no_swap_board();
        let s = b.status();
        assert_eq!((s.placing.as_str(), s.to_move.as_str()), ("white", "white"));
        assert!(s.opening);
        assert_eq!(s.settings.opening, "no-swap");
        assert_eq!((s.settings.flats, s.settings.caps), (Some(12), Some(2)));
        assert_eq!(s.reserves, [[12, 2], [12, 2]]);
        // Black's pile is refused with the no-swap wording, naming White's reserve.
        press_pile(&mut b, Color::Black, Kind::Flat);
        let message = b.status().message.unwrap_or_default();
        assert_eq!(
            message,
            "No swap: on the first turn you place a flat of your own colour: take it from White’s reserve."
        );
        // A wall from the own pile: the opening allows a flat only.
        assert!(b.play_ptn("Sc3").is_err());
        b.play_ptn("c3").unwrap();
        assert_eq!(b.tps(), "x5/x5/x2,1,x2/x5/x5 2 1");
        assert_eq!(b.status().placing, "black");
        // The PTN carries the variant and reads back to the same board.
        let ptn = b.ptn();
        assert!(
            ptn.contains("[Opening \"no-swap\"]") && ptn.contains("[Flats \"12\"]"),
            "{ptn}"
        );
        let mut again = no_swap_board();
        again.load_text(&ptn).unwrap();
        assert_eq!(again.tps(), b.tps());
    }
}
