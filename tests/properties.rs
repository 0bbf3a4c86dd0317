//! Property tests over random games on every board size.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use tak::{ptn, tps, Config, Game, Move, Position};

/// A tiny deterministic generator so a failing case is reproducible from its seed.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn config(size: u8, custom: bool) -> Config {
    let c = Config::standard(size).unwrap();
    // Small custom reserves end games by exhaustion, exercising that rule too.
    if custom {
        c.with_pieces(size * 2, 1).unwrap()
    } else {
        c
    }
}

/// Plays up to `plies` random legal plies, checking invariants after each.
fn random_game(size: u8, seed: u64, plies: usize, custom: bool) -> Game {
    let cfg = config(size, custom);
    let total = 2 * (cfg.stones as usize + cfg.caps as usize);
    let mut rng = Rng(seed | 1);
    let mut game = Game::with_config(cfg);
    let mut moves = Vec::new();
    for _ in 0..plies {
        let pos = game.position().clone();
        pos.legal_moves(&mut moves);
        if pos.outcome().is_some() {
            assert!(
                moves.is_empty(),
                "a finished game has no legal plies: {pos}"
            );
            break;
        }
        assert!(
            !moves.is_empty(),
            "an unfinished game has a legal ply: {pos}"
        );
        assert_eq!(
            pos.count_moves(),
            moves.len() as u64,
            "counting agrees with generation: {pos}"
        );
        let mut sorted: Vec<u16> = moves.iter().map(|m| m.to_bits()).collect();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), moves.len(), "no ply generated twice: {pos}");
        let mv = moves[rng.below(moves.len())];
        assert!(pos.is_legal(mv), "{mv} generated but refused in {pos}");
        assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
        assert_eq!(ptn::write_move(&pos, mv).parse::<Move>(), Ok(mv));
        game.play(mv).expect("a generated ply is legal");
        let after = game.position();
        assert_eq!(
            after.hash(),
            after.compute_hash(),
            "incremental hash after {mv} in {pos}"
        );
        let on_board: usize = Square_all(size).map(|sq| after.height(sq)).sum();
        let reserves: usize = tak::Color::ALL
            .iter()
            .map(|&c| (after.stones_left(c) + after.caps_left(c)) as usize)
            .sum();
        assert_eq!(on_board + reserves, total, "pieces conserved");
        let mut undone = after.clone();
        let undo = {
            let mut p = pos.clone();
            let u = p.play_unchecked(mv);
            assert_eq!(&p, after);
            u
        };
        undone.undo(undo);
        assert_eq!(undone, pos, "undo of {mv} restores the position");
        assert_eq!(undone.hash(), pos.hash());
    }
    game
}

#[allow(non_snake_case)]
fn Square_all(size: u8) -> impl Iterator<Item = tak::Square> {
    tak::Square::all(size)
}

/// Plays one random legal ply, a flat two times in three when one is legal (random games
/// rarely come close to roads otherwise). False when there is no legal ply.
fn play_mostly_flats(pos: &mut Position, rng: &mut Rng, moves: &mut Vec<Move>) -> bool {
    pos.legal_moves(moves);
    if moves.is_empty() {
        return false;
    }
    let flats: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| m.kind() == Some(tak::Kind::Flat))
        .collect();
    let pool = if !flats.is_empty() && rng.below(3) > 0 {
        &flats
    } else {
        &*moves
    };
    let mv = pool[rng.below(pool.len())];
    pos.play(mv).unwrap();
    true
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(size in 3u8..=8, seed: u64, plies in 0usize..160, custom: bool) {
        random_game(size, seed, plies, custom);
    }

    #[test]
    fn tps_and_ptn_round_trip(size in 3u8..=8, seed: u64, plies in 0usize..120, custom: bool) {
        let game = random_game(size, seed, plies, custom);
        let pos = game.position();
        let text = tps::write(pos);
        prop_assert_eq!(&tps::parse(&text, *pos.config()).unwrap(), pos);
        let written = ptn::write_game(&game);
        let back = ptn::parse_game(&written).unwrap();
        prop_assert_eq!(back.position(), pos);
        prop_assert_eq!(back.moves().collect::<Vec<_>>(), game.moves().collect::<Vec<_>>());
        prop_assert_eq!(ptn::write_game(&back), written);
    }

    /// The validator and the generator agree on every possible 16-bit move.
    #[test]
    fn check_agrees_with_generation(size in 3u8..=8, seed: u64, plies in 0usize..100) {
        let game = random_game(size, seed, plies, false);
        let pos = game.position();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let legal: std::collections::HashSet<u16> = moves.iter().map(|m| m.to_bits()).collect();
        for sq in tak::Square::all(8) {
            for kind in tak::Kind::ALL {
                let m = Move::place(sq, kind);
                prop_assert_eq!(pos.is_legal(m), legal.contains(&m.to_bits()), "{} in {}", m, pos);
            }
            for dir in tak::Direction::ALL {
                for pattern in 1u8..=255 {
                    let drops: Vec<u8> = {
                        let mut v = Vec::new(); let mut below = 0;
                        for bit in 0..8 { if pattern >> bit & 1 == 1 { v.push(bit + 1 - below); below = bit + 1; } }
                        v
                    };
                    let m = Move::spread(sq, dir, &drops).unwrap();
                    prop_assert_eq!(pos.is_legal(m), legal.contains(&m.to_bits()), "{} in {}", m, pos);
                }
            }
        }
    }

    /// The road drawn at the end is a road: inside the winning group, joining two opposite
    /// edges by itself, and present exactly when there is a road.
    #[test]
    fn the_drawn_road_path_is_a_road(size in 3u8..=8, seed: u64, plies in 0usize..160) {
        let mut rng = Rng(seed | 1);
        let mut pos = Position::with_config(Config::standard(size).unwrap());
        let mut moves = Vec::new();
        for _ in 0..plies {
            if !play_mostly_flats(&mut pos, &mut rng, &mut moves) || pos.is_over() { break; }
        }
        for color in [tak::Color::White, tak::Color::Black] {
            let path = pos.road_path(color);
            prop_assert_eq!(path != 0, pos.has_road(color), "{}", pos);
            prop_assert_eq!(path & !pos.road_squares(color), 0, "{}", pos);
            prop_assert!(path == 0 || tak::square::bitboard::spans(path, size), "{}", pos);
        }
    }

    /// `spans` (which first checks that a set crosses every file or every rank) agrees with
    /// flood-filling from one edge and looking for the other, on dense random sets.
    #[test]
    fn spans_agrees_with_a_plain_flood_fill(size in 3u8..=8, a: u64, b: u64, c: u64) {
        use tak::square::bitboard::{board_mask, flood, last_file, last_rank, spans, FILE_A, RANK_1};
        let mask = board_mask(size);
        // Two random words ORed keep three squares in four, dense enough to make roads often.
        for set in [a | b, (a | b) & c, a & mask, (a | b | c) & mask] {
            let across = flood(FILE_A & mask, set, mask) & last_file(size) != 0;
            let up = flood(RANK_1 & mask, set, mask) & last_rank(size) != 0;
            prop_assert_eq!(spans(set, size), across || up, "{:#x} on {}", set, size);
        }
    }

    /// The fast road-in-one search agrees with trying every legal ply.
    #[test]
    fn road_in_one_agrees_with_brute_force(size in 3u8..=8, seed: u64, plies in 0usize..140) {
        // Mostly flats: random games rarely come close to roads otherwise.
        let cfg = Config::standard(size).unwrap();
        let mut rng = Rng(seed | 1);
        let mut pos = Position::with_config(cfg);
        let mut moves = Vec::new();
        for _ in 0..plies {
            if !play_mostly_flats(&mut pos, &mut rng, &mut moves) || pos.is_over() {
                break;
            }
            let me = pos.to_move();
            pos.legal_moves(&mut moves);
            let brute = moves.iter().any(|&m| {
                let mut p = pos.clone();
                p.play_unchecked(m);
                p.outcome().is_some_and(|o| o.reason == tak::EndReason::Road && o.winner == Some(me))
            });
            let fast = pos.clone().road_in_one();
            prop_assert_eq!(fast.is_some(), brute, "{}", pos);
            if let Some(m) = fast {
                let mut p = pos.clone();
                p.play(m).unwrap();
                prop_assert_eq!(p.outcome().and_then(|o| o.winner), Some(me));
            }
        }
    }

    #[test]
    fn move_parser_never_panics(text in "\\PC{0,12}") {
        let _ = text.parse::<Move>();
    }

    #[test]
    fn move_like_text_never_panics(text in "[FSC1-9]?[a-i][0-9][-+<>]?[0-9]{0,9}[*'!?]{0,3}") {
        let _ = text.parse::<Move>();
    }

    #[test]
    fn tps_parser_never_panics(text in "\\PC{0,60}") {
        let _ = Position::from_tps(&text);
    }

    #[test]
    fn tps_like_text_never_panics(text in "([x12SC,0-9]{1,12}/){2,8}[x12SC,0-9]{1,12} [0-3] [0-9]{1,3}") {
        let _ = Position::from_tps(&text);
    }

    #[test]
    fn ptn_parser_never_panics(text in "\\PC{0,200}") {
        let _ = ptn::parse_game(&text);
    }

    #[test]
    fn ptn_like_text_never_panics(text in "(\\[[A-Za-z]{1,6} \"[0-9x/,. 12SC]{0,20}\"\\] ?){0,3}([0-9]{1,2}\\. )?([FSC]?[a-f][1-6] ?|[1-6][a-f][1-6][-+<>][1-6]{0,3} ?|\\{[a-z ]*\\} ?){0,12}(R-0|0-F|1/2-1/2)?") {
        let _ = ptn::parse_game(&text);
    }
}

#[test]
fn a_parse_error_changes_nothing_and_says_where() {
    let err = ptn::parse_game("[Size \"5\"]\n1. a1 e5 2. c3 c3").unwrap_err();
    assert_eq!(err.to_string(), "ply 4: c3 is not empty");
    let err = ptn::parse_game("[Size \"9\"]\n1. a1").unwrap_err();
    assert!(
        err.to_string().starts_with("line 1, column 1: tag Size"),
        "{err}"
    );
    let err = ptn::parse_game("[Size \"5\"]\n1. a1 e5 2. 6c3>").unwrap_err();
    assert_eq!(err.to_string(), "ply 3: c3 is empty");
    let err = ptn::parse_game("[Size \"5\"]\n1. a1 e5 2. c3x").unwrap_err();
    assert_eq!(err.to_string(), "ply 3: 'c3x': unexpected 'x' at column 3");
    let err = ptn::parse_game("1. a1 {unclosed").unwrap_err();
    assert!(err.to_string().contains("column 7"), "{err}");
    let mut pos = Position::new(5).unwrap();
    let before = pos.clone();
    assert!(
        pos.play("Sa1".parse().unwrap()).is_err(),
        "no wall on ply 1"
    );
    assert!(pos.play("a1>".parse().unwrap()).is_err());
    assert_eq!(pos, before);
}

#[test]
fn ptn_accepts_long_forms_annotations_and_tags() {
    let game = ptn::parse_game(
        "[Size \"5\"]\n[Komi \"2.5\"]\n[Player1 \"A \\\"quoted\\\" name\"]\n\
         1. a1 e5 2. Fc3 Sd4'' 3. 1c3>1! {comment} 1d4-1?! 4. Ce4 2d3<11*\n",
    );
    let game = game.unwrap();
    assert_eq!(game.len(), 8);
    assert_eq!(game.position().config().komi.half_flats(), 5);
    assert_eq!(game.tag("Player1"), Some("A \"quoted\" name"));
    let text = ptn::write_game(&game);
    assert!(
        text.contains("[Player1 \"A \\\"quoted\\\" name\"]"),
        "{text}"
    );
    // Annotations and comments are kept; after a comment, black's ply is numbered again.
    assert!(text.contains("2. c3 Sd4''\n"), "{text}");
    assert!(text.contains("3. c3>! {comment} 3... d4-?!\n"), "{text}");
    assert_eq!(ptn::write_game(&ptn::parse_game(&text).unwrap()), text);
}

#[test]
fn custom_reserves_and_tps_start_are_honoured() {
    let game =
        ptn::parse_game("[Size \"4\"]\n[Flats \"3\"]\n[Caps \"1\"]\n1. a1 d4 2. b1 c4 3. Cc1")
            .unwrap();
    // White has placed 1 stone for black? No: ply 1 placed black's stone; white used b1 and a cap.
    assert_eq!(game.position().stones_left(tak::Color::White), 1);
    assert_eq!(game.position().caps_left(tak::Color::White), 0);
    let game = ptn::parse_game("[TPS \"x3/x,1,x/2,x2 2 3\"]\n3. -- a3 4. c3").unwrap();
    assert_eq!(game.position().to_string(), "2,x,1/x,1,x/2,x2 2 4");
    assert!(ptn::write_game(&game).contains("[TPS \"x3/x,1,x/2,x2 2 3\"]"));
}

#[test]
fn double_road_goes_to_the_mover_and_opponent_road_loses() {
    // Black lifts its flat off b1, uncovering white's flat: only white has a road, white wins.
    let mut p = Position::from_tps("x3/x3/1,12,1 2 5").unwrap();
    p.play("b1+".parse().unwrap()).unwrap();
    assert!(!p.has_road(tak::Color::Black));
    assert_eq!(p.outcome().unwrap().winner, Some(tak::Color::White), "{p}");
    // A ply completing both roads goes to the mover.
    let mut p = Position::from_tps("2,2,x/1,1,12/x3 2 5").unwrap();
    p.play("c2+".parse().unwrap()).unwrap();
    assert!(
        p.has_road(tak::Color::White) && p.has_road(tak::Color::Black),
        "{p}"
    );
    assert_eq!(p.outcome().unwrap().winner, Some(tak::Color::Black));
}

#[test]
fn flat_count_uses_komi_and_tie_rules() {
    // Full 3x3 board, 5 white flats to 4 black: komi 1 makes a draw, 1.5 gives black the win.
    let full = "1,2,1/2,1,2/1,2,1 2 6";
    let with = |half: i8, ancient: bool| {
        let mut c = Config::standard(3)
            .unwrap()
            .with_komi(tak::Komi::from_half_flats(half).unwrap());
        c.ancient_tie_rule = ancient;
        tps::parse(full, c).unwrap().outcome().unwrap().winner
    };
    assert_eq!(with(0, false), Some(tak::Color::White));
    assert_eq!(with(2, false), None);
    assert_eq!(with(2, true), Some(tak::Color::Black));
    assert_eq!(with(3, false), Some(tak::Color::Black));
}

#[test]
fn game_ends_when_a_reserve_is_spent() {
    let c = Config::standard(5).unwrap().with_pieces(2, 0).unwrap();
    let mut game = Game::with_config(c);
    for m in ["a1", "e5", "b1"] {
        game.play(m.parse().unwrap()).unwrap();
    }
    // White has placed its 2 stones (one by black's swap placement, one b1): game over.
    let o = game.outcome().expect("white's reserve is empty");
    assert_eq!(o.reason, tak::EndReason::Flats);
    assert_eq!(
        o.winner,
        Some(tak::Color::White),
        "white 2 flats (e5, b1), black 1 (a1)"
    );
}

#[test]
fn capstone_flattens_a_wall_only_alone() {
    let pos = Position::from_tps("x5/x5/x5/x,2S,x3/x,21C,x3 1 6").unwrap();
    let mut p = pos.clone();
    assert_eq!(
        p.play("2b1+".parse().unwrap()).unwrap_err().to_string(),
        "cannot move onto the piece on b2",
        "two pieces landing on a wall"
    );
    assert!(
        p.play("b1+".parse().unwrap()).is_ok(),
        "the capstone alone flattens it"
    );
    assert_eq!(p.to_string(), "x5/x5/x5/x,21C,x3/x,2,x3 2 6");
    assert_eq!(ptn::write_move(&pos, "b1+".parse().unwrap()), "b1+*");
    // Black's capstone flattens a white wall: a wall of either colour.
    let mut q = Position::from_tps("x5/x5/x5/x,2C,x3/x,1S,x3 2 6").unwrap();
    q.play("b2-".parse().unwrap()).unwrap();
    assert_eq!(q.to_string(), "x5/x5/x5/x5/x,12C,x3 1 7");
    // A flat or a wall can never move onto a wall or a capstone.
    let mut r = Position::from_tps("x5/x5/x5/x,1S,x3/x,2,1C,x2 2 6").unwrap();
    assert!(r.play("b1+".parse().unwrap()).is_err() && r.play("b1>".parse().unwrap()).is_err());
}

#[test]
fn tak_is_detected() {
    let pos = Position::from_tps("x3/1,1,x/2,2,x 2 4").unwrap();
    assert!(pos.is_in_tak(), "white threatens c2");
    assert!(!Position::new(5).unwrap().is_in_tak());
}

/// The board mask is a table of the legal sizes; a size past 8 reads as 8 rather than
/// panicking (a panic in the page's wasm would kill it).
#[test]
fn board_masks_hold_size_squared_squares_and_never_panic() {
    use tak::square::bitboard::board_mask;
    for size in 1u8..=8 {
        assert_eq!(
            board_mask(size).count_ones(),
            u32::from(size) * u32::from(size)
        );
    }
    assert_eq!(board_mask(9), board_mask(8));
    assert_eq!(board_mask(255), u64::MAX);
}
