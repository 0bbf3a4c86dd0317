//! The rulebooks' options: scoring under every combination of variants, the ancient tie
//! rule, matches, and the PTN tags that carry them.

use tak::score::{score_detail, Bonus, Variants};
use tak::series::{Length, Series, TakeBacks};
use tak::{ptn, Color, Config, EndReason, Position};

/// Every combination of the three variants.
fn combinations() -> Vec<Variants> {
    (0..8)
        .map(|bits| Variants {
            downings: bits & 1 != 0,
            middletown: bits & 2 != 0,
            tarway: bits & 4 != 0,
        })
        .collect()
}

/// The multiplier each variant should give, from what the position shows.
fn expected(v: Variants, straight: bool, low: bool, high: bool, no_cap: bool) -> u32 {
    let mut m = 1;
    if v.downings && straight {
        m *= 2;
    }
    if v.tarway && high {
        m *= 3;
    } else if v.tarway && low {
        m *= 2;
    }
    if v.middletown && no_cap {
        m *= 2;
    }
    m
}

fn check(tps: &str, straight: bool, low: bool, high: bool, no_cap: bool) {
    let pos = Position::from_tps(tps).unwrap();
    let o = pos.outcome().expect("the position is finished");
    let winner = o.winner.unwrap();
    let pieces = (pos.stones_left(winner) + pos.caps_left(winner)) as u32;
    let board = (pos.size() as u32).pow(2);
    for v in combinations() {
        let s = score_detail(&pos, o, v);
        let m = expected(v, straight, low, high, no_cap);
        assert_eq!(s.total, board + pieces * m, "{tps} with {v}");
        assert_eq!(s.bonuses.iter().map(|(_, k)| k).product::<u32>(), m);
    }
}

#[test]
fn a_straight_low_road_without_a_capstone() {
    // White's rank 1 of single flats on 5x5; white's capstone never placed.
    check("x5/x5/2,2,x3/2,2,x3/1,1,1,1,1 2 6", true, true, false, true);
}

#[test]
fn a_straight_high_road_with_the_capstone_placed() {
    // White's a file of 2-stacks topped by white, the capstone among them.
    check(
        "21,x4/21,x4/21C,x4/21,x4/21,2,2,x2 2 12",
        true,
        false,
        true,
        false,
    );
}

#[test]
fn a_bent_low_road_and_a_flat_win() {
    // A bent road of single flats on 4x4 (no capstones in the game).
    check("x3,1/x2,1,1/2,1,1,x/1,1,2,2 2 8", false, true, false, true);
    // A flat win: only Middletown applies.
    let pos = Position::from_tps("1,2,1/2,1,2/1,2,1 2 6").unwrap();
    let o = pos.outcome().unwrap();
    assert_eq!(o.reason, EndReason::Flats);
    let s = score_detail(&pos, o, Variants::ALL);
    assert_eq!(s.bonuses, vec![(Bonus::NoCapstone, 2)]);
}

#[test]
fn the_ancient_tie_rule_gives_a_tied_count_to_black() {
    let tied = "1,2,1/2,1,2/1,2,x 1 5";
    // The last square gets a wall: four flats each.
    let mut pos = Position::from_tps(tied).unwrap();
    pos.play("Sc1".parse().unwrap()).unwrap();
    assert_eq!(
        pos.outcome().map(|o| o.winner),
        Some(None),
        "a draw by default"
    );
    let config = Config::standard(3).unwrap();
    let mut ancient = tak::tps::parse(
        tied,
        Config {
            ancient_tie_rule: true,
            ..config
        },
    )
    .unwrap();
    ancient.play("Sc1".parse().unwrap()).unwrap();
    let o = ancient.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (Some(Color::Black), EndReason::Flats));
}

#[test]
fn every_new_tag_round_trips_through_ptn() {
    let text = "[Size \"5\"]\n[TieRule \"ancient\"]\n[Scoring \"Downings Tarway\"]\n[TakeBacks \"tavern\"]\n\
                [Match \"first to 60\"]\n[MatchGame \"2\"]\n\n1. a1 e5\n";
    let game = ptn::parse_game(text).unwrap();
    assert!(game.position().config().ancient_tie_rule);
    let written = ptn::write_game(&game);
    for tag in [
        "[TieRule \"ancient\"]",
        "[Scoring \"Downings Tarway\"]",
        "[TakeBacks \"tavern\"]",
        "[Match \"first to 60\"]",
        "[MatchGame \"2\"]",
    ] {
        assert!(written.contains(tag), "{tag} in\n{written}");
    }
    assert!(
        ptn::parse_game(&written)
            .unwrap()
            .position()
            .config()
            .ancient_tie_rule
    );
    assert!(ptn::parse_game("[TieRule \"maybe\"] 1. a1").is_err());
    // Unknown tags are kept, never refused.
    let g = ptn::parse_game("[Size \"3\"]\n[Mood \"sunny\"]\n1. a1").unwrap();
    assert_eq!(g.tag("Mood"), Some("sunny"));
}

#[test]
fn a_match_alternates_the_first_player_and_keeps_the_totals() {
    let config = Config::standard(3).unwrap();
    let mut m = Series::new(["Ann".into(), "Ben".into()], Length::Games(3), config);
    m.settings.scoring = Variants {
        middletown: true,
        ..Variants::default()
    };
    m.settings.take_backs = TakeBacks::Tavern;
    // Game 1: Ann (white) wins by road with 5 stones left: 9 + 5 × 2 (no capstone on 3x3).
    m.record(&ptn::parse_game("[Size \"3\"]\n1. a1 c3 2. b3 b1 3. c1 a3 4. a2 b2 5. c2").unwrap());
    assert_eq!(m.totals(), [19, 0]);
    // Game 2: Ben has white and wins the same way.
    assert_eq!(m.white_player(), 1);
    m.record(&ptn::parse_game("[Size \"3\"]\n1. a1 c3 2. b3 b1 3. c1 a3 4. a2 b2 5. c2").unwrap());
    assert_eq!(m.totals(), [19, 19]);
    assert!(!m.is_over());
    // Game 3: a draw by agreement scores nothing.
    m.record(&ptn::parse_game("[Size \"3\"]\n1. a1 c3 1/2-1/2").unwrap());
    assert!(m.is_over());
    assert_eq!(m.totals(), [19, 19]);
    assert_eq!(m.leader(), None);
    // As PTN and back.
    let text = m.to_ptn();
    assert_eq!(text.matches("[Size \"3\"]").count(), 3);
    assert!(
        text.contains("[Player1 \"Ben\"]\n[Player2 \"Ann\"]"),
        "{text}"
    );
    assert!(text.contains("[MatchGame \"3\"]"));
    let again = Series::from_ptn(&text).unwrap();
    assert_eq!(again.games.len(), 3);
    assert_eq!(again.totals(), [19, 19]);
    assert_eq!(again.settings.take_backs, TakeBacks::Tavern);
    assert_eq!(again.settings.scoring, m.settings.scoring);
    // First to 14: over once a total reaches it (9 + 5 stones left).
    let mut f = Series::new(["A".into(), "B".into()], Length::FirstTo(14), config);
    f.record(&ptn::parse_game("[Size \"3\"]\n1. a1 c3 2. b3 b1 3. c1 a3 4. a2 b2 5. c2").unwrap());
    assert!(f.is_over());
    assert_eq!(f.leader(), Some(0));
}

#[test]
fn a_match_with_a_clock_tags_every_game_and_keeps_it_in_its_save() {
    let config = Config::standard(3).unwrap();
    let mut m = Series::new(["Ann".into(), "Ben".into()], Length::Games(3), config);
    m.settings.clock = tak::clock::TimeControl::from_tag("3:0 +2").unwrap();
    let mut game = tak::Game::with_config(config);
    m.tag(&mut game, 1, 0);
    assert_eq!(game.tag("Clock"), Some("3:0 +2"));
    let again = Series::restore(&m.save()).unwrap();
    assert_eq!(
        again.settings.clock.map(|c| c.tag()).as_deref(),
        Some("3:0 +2")
    );
    // Without a clock, no tag.
    m.settings.clock = None;
    let mut game = tak::Game::with_config(config);
    m.tag(&mut game, 1, 0);
    assert_eq!(game.tag("Clock"), None);
    assert_eq!(Series::restore(&m.save()).unwrap().settings.clock, None);
}
