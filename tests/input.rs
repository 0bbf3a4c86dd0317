//! The board's input state machine, driven natively by pointer and key events.

use tak::web::config::BoardOptions;
use tak::web::drag::Gesture;
use tak::web::layout::Point;
use tak::web::state::{Board, Event};
use tak::{Color, Game, Kind, Position, Square};

fn board(tps: &str) -> Board {
    let pos = Position::from_tps(tps).unwrap();
    let mut b = Board::new(Game::new(pos), BoardOptions::default());
    b.resize(900.0, 600.0, 2.0);
    b
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn center(b: &Board, name: &str) -> Point {
    b.layout.square_rect(sq(name)).center()
}

/// A point on the piece at `level` of the stack on `name` (its visible band).
fn on_level(b: &Board, name: &str, level: usize) -> Point {
    let s = sq(name);
    let h = b.position().height(s);
    let g = b.layout.stack_geometry(s, h);
    let r = g.level_rect(level);
    if level + 1 == h {
        r.center()
    } else {
        Point::new(r.center().x, r.y + r.height - g.band / 2.0)
    }
}

fn pile(b: &Board, color: Color, kind: Kind) -> Point {
    b.layout.reserves[color.index()].pile(kind).center()
}

fn drag(b: &mut Board, from: Point, path: &[Point]) {
    b.pointer_down(from);
    for &p in path {
        b.pointer_move(p);
    }
    b.pointer_up(*path.last().unwrap_or(&from));
}

#[test]
fn clicking_an_empty_square_places_the_opponents_flat_first() {
    let mut b = board("x5/x5/x5/x5/x5 1 1");
    let p = center(&b, "c3");
    b.pointer_down(p);
    b.pointer_up(p);
    assert_eq!(b.tps(), "x5/x5/x2,2,x2/x5/x5 2 1");
    assert_eq!(
        b.take_events(),
        vec![Event::Move {
            ptn: "c3".into(),
            ply: 1
        }]
    );
}

#[test]
fn dragging_from_the_reserve_places_that_kind() {
    let mut b = board("x5/x5/x2,2,x2/x5/1,x4 1 2");
    let from = pile(&b, Color::White, Kind::Wall);
    let to = center(&b, "d4");
    {
        let path = [Point::new(from.x + 30.0, from.y), to];
        drag(&mut b, from, &path);
    }
    assert_eq!(b.tps(), "x5/x3,1S,x/x2,2,x2/x5/1,x4 2 2");
    // Black drags its capstone.
    let from = pile(&b, Color::Black, Kind::Cap);
    {
        let path = [center(&b, "b2")];
        drag(&mut b, from, &path);
    }
    assert!(
        b.tps().starts_with("x5/x3,1S,x/x2,2,x2/x,2C,x3/1,x4 1 3"),
        "{}",
        b.tps()
    );
    assert_eq!(b.position().caps_left(Color::Black), 0);
}

#[test]
fn the_opening_refuses_walls_and_the_wrong_pile() {
    let mut b = board("x5/x5/x5/x5/x5 1 1");
    let wall = pile(&b, Color::Black, Kind::Wall);
    {
        let from = wall;
        let path = [center(&b, "a1")];
        drag(&mut b, from, &path);
    }
    assert_eq!(b.tps(), "x5/x5/x5/x5/x5 1 1");
    assert!(b
        .status()
        .message
        .unwrap_or_default()
        .contains("no wall, no capstone"));
    // White's own flats are not the pile on ply 1: nothing happens.
    let own = pile(&b, Color::White, Kind::Flat);
    {
        let from = own;
        let path = [center(&b, "a1")];
        drag(&mut b, from, &path);
    }
    assert_eq!(b.tps(), "x5/x5/x5/x5/x5 1 1");
    // Black's flat pile is: white places a black flat.
    let theirs = pile(&b, Color::Black, Kind::Flat);
    {
        let from = theirs;
        let path = [center(&b, "a1")];
        drag(&mut b, from, &path);
    }
    assert_eq!(b.tps(), "x5/x5/x5/x5/2,x4 2 1");
}

#[test]
fn clicking_a_pile_selects_the_kind_for_clicks() {
    let mut b = board("x5/x5/x2,2,x2/x5/1,x4 1 2");
    let cap = pile(&b, Color::White, Kind::Cap);
    b.pointer_down(cap);
    b.pointer_up(cap);
    assert_eq!(b.selected, Kind::Cap);
    let e1 = center(&b, "e1");
    b.pointer_down(e1);
    b.pointer_up(e1);
    assert!(b.tps().contains("1,x3,1C"), "{}", b.tps());
}

#[test]
fn placing_on_an_occupied_square_is_refused_and_changes_nothing() {
    let mut b = board("x5/x5/x2,2,x2/x5/1,x4 1 2");
    let before = b.tps();
    {
        let from = pile(&b, Color::White, Kind::Flat);
        let path = [center(&b, "c3")];
        drag(&mut b, from, &path);
    }
    assert_eq!(b.tps(), before);
    assert_eq!(b.status().message.as_deref(), Some("c3 is not empty."));
}

#[test]
fn undo_redo_and_navigation_keep_every_ply() {
    let mut b = board("x5/x5/x5/x5/x5 1 1");
    for m in ["a1", "e5", "c3", "c2"] {
        b.play_ptn(m).unwrap();
    }
    assert!(b.undo());
    assert!(b.undo());
    assert_eq!(b.record.game.len(), 2);
    assert!(
        b.ptn().contains("2. c3 c2"),
        "undone plies are still in the PTN:\n{}",
        b.ptn()
    );
    assert!(b.redo());
    assert_eq!(b.record.game.len(), 3);
    b.goto(0);
    assert_eq!(b.tps(), "x5/x5/x5/x5/x5 1 1");
    b.goto(4);
    assert_eq!(b.line_ptn(), vec!["a1", "e5", "c3", "c2"]);
    b.goto(1);
    b.play_ptn("b2").unwrap(); // a new ply drops the old continuation
    assert!(!b.can_redo());
    assert_eq!(b.all_moves().len(), 2);
}

#[test]
fn typed_moves_are_checked() {
    let mut b = board("x5/x5/x5/x5/x5 1 1");
    assert_eq!(
        b.play_ptn("Sa1").unwrap_err(),
        "The first turn of each player places one flat: no wall, no capstone, no move."
    );
    assert!(b.play_ptn("z9").unwrap_err().contains("not a square"));
    assert_eq!(b.tps(), "x5/x5/x5/x5/x5 1 1");
}

#[test]
fn a_finished_game_takes_no_more_input_and_reports_the_result() {
    let mut b = board("x5/x5/x5/2,2,2,2,x/1,1,1,1,x 1 5");
    b.play_ptn("e1").unwrap();
    let status = b.status();
    let result = status.result.expect("over");
    assert_eq!(result.ptn, "R-0");
    assert_eq!(result.text, "White wins by road");
    assert!(result.score > 25);
    let before = b.tps();
    let p = center(&b, "e5");
    b.pointer_down(p);
    b.pointer_up(p);
    assert_eq!(b.tps(), before);
}

#[test]
fn tak_is_shown_when_the_opponent_threatens_a_road() {
    let b = board("x5/x5/x5/2,2,2,2,x/1,1,1,x2 1 5");
    assert!(b.status().tak);
}

#[test]
fn two_boards_share_nothing() {
    let mut one = board("x5/x5/x5/x5/x5 1 1");
    let mut two = board("x5/x5/x5/x5/x5 1 1");
    one.pointer_down(on_level(&one, "a1", 0));
    one.play_ptn("a1").unwrap();
    assert_eq!(two.tps(), "x5/x5/x5/x5/x5 1 1");
    two.select(Kind::Cap);
    assert_eq!(one.selected, Kind::Flat);
}

#[test]
fn pasted_text_is_read_as_ptn_or_tps() {
    let mut b = board("x5/x5/x5/x5/x5 1 1");
    b.load_text("x3/x,1,x/x3 2 3").unwrap();
    assert_eq!(b.position().size(), 3);
    b.load_text("[Size \"4\"]\n1. a1 d4").unwrap();
    assert_eq!(b.tps(), "x3,1/x4/x4/2,x3 1 2");
    let err = b.load_text("[Size \"4\"]\n1. a1 a1").unwrap_err();
    assert!(err.contains("ply 2"), "{err}");
    assert_eq!(
        b.tps(),
        "x3,1/x4/x4/2,x3 1 2",
        "a bad paste changes nothing"
    );
}

#[test]
fn the_keyboard_alone_places_and_spreads() {
    let mut b = board("x5/x5/x2,21,x2/x5/x5 1 4");
    // The cursor starts at the centre (no ply yet in this game): c3.
    assert!(b.key("ArrowLeft"));
    assert_eq!(b.cursor, Some(sq("c3")));
    // Pick up the stack on c3 (the whole carry), move it two squares up, confirm.
    assert!(b.key("Enter"));
    assert!(matches!(b.gesture, Gesture::Carry(ref c) if c.count == 2));
    assert!(b.key("ArrowUp"));
    assert!(b.key("ArrowUp"));
    assert_eq!(b.pending().map(|m| m.to_string()), Some("2c3+11".into()));
    assert!(b.key("Enter"));
    assert_eq!(b.tps(), "x2,1,x2/x2,2,x2/x5/x5/x5 2 4");
    // Black: choose a wall with S, move the cursor and place it.
    assert!(b.key("s"));
    assert!(b.key("ArrowRight"));
    assert!(b.key(" "));
    assert_eq!(b.tps(), "x2,1,2S,x/x2,2,x2/x5/x5/x5 1 5");
    // Escape puts a picked-up stack back.
    assert!(b.key("ArrowLeft"));
    assert!(b.key("Enter"));
    assert!(matches!(b.gesture, Gesture::Carry(_)));
    assert!(b.key("Escape"));
    assert_eq!(b.gesture, Gesture::Idle);
}

#[test]
fn messages_follow_the_language() {
    let mut b = board("x5/x5/x2,21,x2/x5/x5 1 4");
    b.set_lang(tak::web::i18n::Lang::It);
    assert_eq!(b.play_ptn("c3").unwrap_err(), "c3 non è vuota.");
    b.set_lang(tak::web::i18n::Lang::Ca);
    assert_eq!(
        b.load_text("[Size \"4\"] 1. a1 a1").unwrap_err(),
        "PTN, jugada 2: a1 no és buida."
    );
    let lines = b.describe();
    assert_eq!(lines.len(), 25);
    assert_eq!(
        lines[12],
        "c3: pedra horitzontal negra, pedra horitzontal blanca"
    );
    b.set_lang(tak::web::i18n::Lang::Es);
    b.play_ptn("c3-").unwrap();
    assert_eq!(b.play_ptn("c2").unwrap_err(), "c2 no está vacía.");
    assert_eq!(b.describe()[17], "c2: piedra plana blanca");
}

// ---- Moving stacks: the carry limit, drags and clicks (mouse, pen and touch alike) ----

/// A click (or tap): down and up at the centre of `name`.
fn click(b: &mut Board, name: &str) {
    let p = center(b, name);
    b.pointer_down(p);
    b.pointer_up(p);
}

/// A drag from the centre of `from` through the centres of `path`, released on the last.
fn drag_squares(b: &mut Board, from: &str, path: &[&str]) {
    let start = center(b, from);
    let points: Vec<Point> = path.iter().map(|n| center(b, n)).collect();
    drag(b, start, &points);
}

fn carried(b: &Board) -> Option<u8> {
    match &b.gesture {
        Gesture::Carry(c) => Some(c.count),
        _ => None,
    }
}

fn message(b: &Board) -> String {
    b.status().message.unwrap_or_default()
}

/// Points all over a square: its centre, its corners, the top piece, the bottom piece.
fn press_points(b: &Board, name: &str) -> Vec<Point> {
    let r = b.layout.square_rect(sq(name));
    let h = b.position().height(sq(name));
    vec![
        r.center(),
        Point::new(r.x + 2.0, r.y + 2.0),
        Point::new(r.x + r.width - 2.0, r.y + r.height - 2.0),
        on_level(b, name, h - 1),
        on_level(b, name, 0),
    ]
}

#[test]
fn a_press_anywhere_on_a_stack_picks_up_the_carry_limit() {
    for (tps, square, limit) in [
        ("x5/x5/x2,21,x2/x5/x5 1 4", "c3", 2),
        ("x5/x5/x2,121,x2/x5/x5 1 6", "c3", 3),
        ("x5/x5/x2,1212121,x2/x5/x5 1 12", "c3", 5), // taller than the board: 5
        ("x3/x,1212121,x/x3 1 12", "b2", 3),
        ("x5/x5/x2,1,x2/x5/x5 1 3", "c3", 1),
    ] {
        let b0 = board(tps);
        for p in press_points(&b0, square) {
            let mut b = board(tps);
            b.pointer_down(p);
            assert_eq!(carried(&b), Some(limit), "{tps}: press at {p:?}");
            // A press that does not move is a click: the stack stays in hand.
            b.pointer_up(p);
            assert_eq!(carried(&b), Some(limit), "{tps}: click at {p:?}");
            assert_eq!(b.status().in_hand, Some(limit));
        }
    }
}

#[test]
fn a_two_stack_pressed_in_the_middle_and_dragged_across_two_squares_spreads() {
    // What a new player did: press the middle of the square, drag two squares right.
    let mut b = board("x5/x5/x2,21,x2/x5/x5 1 4");
    drag_squares(&mut b, "c3", &["d3", "e3"]);
    assert_eq!(b.tps(), "x5/x5/x3,2,1/x5/x5 2 4");
    assert_eq!(
        b.take_events().last(),
        Some(&Event::Move {
            ptn: "2c3>11".into(),
            ply: 1
        })
    );
}

#[test]
fn a_drag_drops_one_on_each_square_passed_and_the_rest_where_released() {
    let start = "x5/x5/x2,121,x2/x5/x5 1 8";
    let mut b = board(start);
    drag_squares(&mut b, "c3", &["d3"]);
    assert_eq!(
        b.tps(),
        "x5/x5/x3,121,x/x5/x5 2 8",
        "one square: the whole stack"
    );
    let mut b = board(start);
    drag_squares(&mut b, "c3", &["d3", "e3"]);
    assert_eq!(b.tps(), "x5/x5/x3,1,21/x5/x5 2 8", "two squares: 3c3>12");
    let mut b = board(start);
    drag_squares(&mut b, "c3", &["c2", "c1"]);
    assert_eq!(
        b.tps(),
        "x5/x5/x5/x2,1,x2/x2,21,x2 2 8",
        "downwards: 3c3-12"
    );
    let mut b = board(start);
    drag_squares(&mut b, "c3", &["b3", "a3"]);
    assert_eq!(b.tps(), "x5/x5/21,1,x3/x5/x5 2 8", "leftwards: 3c3<12");
    // The preview follows the pointer, back and forth, before anything is played.
    let mut b = board(start);
    b.pointer_down(center(&b, "c3"));
    b.pointer_move(center(&b, "c4"));
    assert_eq!(b.pending().map(|m| m.to_string()), Some("3c3+".into()));
    b.pointer_move(center(&b, "c5"));
    assert_eq!(b.pending().map(|m| m.to_string()), Some("3c3+12".into()));
    b.pointer_move(center(&b, "c4"));
    assert_eq!(b.pending().map(|m| m.to_string()), Some("3c3+".into()));
    // The wheel keeps two on c4 before moving on.
    assert!(b.wheel(-1.0));
    b.pointer_move(center(&b, "c5"));
    assert_eq!(b.pending().map(|m| m.to_string()), Some("3c3+21".into()));
    b.pointer_up(center(&b, "c5"));
    assert_eq!(b.tps(), "x2,1,x2/x2,12,x2/x5/x5/x5 2 8");
}

#[test]
fn a_drag_farther_than_the_hand_allows_carries_more() {
    let mut b = board("x5/x5/x2,1212,x2/x5/x5 2 8");
    b.pointer_down(center(&b, "c3"));
    assert_eq!(carried(&b), Some(4));
    // Fewer with the keys, then a drag over three squares carries three again.
    assert!(b.key("1"));
    assert_eq!(carried(&b), Some(1));
    b.pointer_move(center(&b, "d3"));
    assert_eq!(b.pending().map(|m| m.to_string()), Some("c3>".into()));
    b.pointer_move(center(&b, "e3"));
    assert_eq!(b.pending().map(|m| m.to_string()), Some("2c3>11".into()));
    b.pointer_up(center(&b, "e3"));
    assert_eq!(b.tps(), "x5/x5/x2,12,1,2/x5/x5 1 9");
}

#[test]
fn the_carry_limit_and_the_edge_bound_a_drag() {
    // 3x3: a 5-stack picks up 3; dragged one square, all 3 go.
    let mut b = board("x3/x,1212121,x/x3 1 12");
    drag_squares(&mut b, "b2", &["c2"]);
    assert_eq!(b.tps(), "x3/x,1212,121/x3 2 12");
    // Two pieces cannot cover three squares (the third would need a third piece).
    let mut b = board("x4/x4/x,21,x2/x4 1 4");
    let before = b.tps();
    b.pointer_down(center(&b, "b2"));
    b.pointer_move(center(&b, "c2"));
    b.pointer_move(center(&b, "d2"));
    assert_eq!(b.pending().map(|m| m.to_string()), Some("2b2>11".into()));
    b.pointer_move(center(&b, "a2"));
    assert_eq!(b.pending().map(|m| m.to_string()), Some("2b2<".into()));
    b.pointer_up(center(&b, "a2"));
    assert_ne!(b.tps(), before);
}

#[test]
fn releasing_off_the_board_cancels_and_says_so() {
    let mut b = board("x5/x5/x2,21,x2/x5/x5 1 4");
    let before = b.tps();
    let off = Point::new(2.0, 2.0);
    assert!(b.layout.square_at(off).is_none() && b.layout.pile_at(off).is_none());
    let start = center(&b, "c3");
    let path = [center(&b, "d3"), center(&b, "e3"), off];
    drag(&mut b, start, &path);
    assert_eq!(b.tps(), before, "nothing played");
    assert_eq!(b.gesture, Gesture::Idle, "the stack is back in place");
    assert!(b.take_events().is_empty());
    assert_eq!(
        message(&b),
        "Released off the board: the stack is back in place and nothing was played."
    );
}

#[test]
fn releasing_where_the_stack_cannot_reach_cancels_and_says_why() {
    let mut b = board("x5/x5/x2,21,x2/x5/x5 1 4");
    let before = b.tps();
    // Diagonal.
    drag_squares(&mut b, "c3", &["d3", "d4"]);
    assert_eq!(b.tps(), before);
    assert_eq!(b.gesture, Gesture::Idle);
    assert_eq!(
        message(&b),
        "The stack on c3 cannot reach d4: stacks move only along a row or a column. It is back in place."
    );
    // Past a wall, and too far for the pieces the stack has: each says why.
    let mut b = board("x5/x5/x2,21,2S,x/x5/x5 1 4");
    drag_squares(&mut b, "c3", &["d3"]);
    assert_eq!(
        message(&b),
        "The stack on c3 cannot reach d3: the wall on d3 is in the way. It is back in place."
    );
    let mut b = board("x5/x5/x2,21,x2/x5/x5 1 4");
    drag_squares(&mut b, "c3", &["c4", "c5", "c4", "c3", "b3", "a3"]);
    assert_eq!(
        b.tps(),
        "x5/x5/1,2,x3/x5/x5 2 4",
        "two squares left with two pieces"
    );
    let mut b = board("x5/x5/x2,1,x2/x5/x5 1 3");
    drag_squares(&mut b, "c3", &["b3", "a3"]);
    assert!(message(&b).contains("too far"), "{}", message(&b));
    let mut b = board("x5/x5/x2,21,x2/x5/x5 1 4");
    drag_squares(&mut b, "c3", &["c2", "c1", "a1"]);
    assert_eq!(b.tps(), before);
    assert!(message(&b).contains("cannot reach a1"), "{}", message(&b));
}

#[test]
fn walls_and_capstones_stop_a_drag_but_a_lone_capstone_flattens() {
    let mut b = board("x5/x5/x2,121,2S,x/x5/x5 1 8");
    b.pointer_down(center(&b, "c3"));
    b.pointer_move(center(&b, "d3")); // a wall
    assert!(
        matches!(b.gesture, Gesture::Carry(ref c) if c.refused == Some(sq("d3")) && c.dir.is_none())
    );
    assert_eq!(b.pending(), None);
    b.pointer_up(center(&b, "d3"));
    assert_eq!(b.tps(), "x5/x5/x2,121,2S,x/x5/x5 1 8");
    // White: flat, flat, capstone on b2; black wall on d2. Dragged to d2 the capstone goes
    // on alone and the rest stays on c2.
    let mut b = board("x5/x5/x5/x,111C,x,2S,x/x5 1 10");
    drag_squares(&mut b, "b2", &["c2", "d2"]);
    assert_eq!(b.tps(), "x5/x5/x5/x2,11,21C,x/x5 2 10");
    assert_eq!(
        b.take_events().last(),
        Some(&Event::Move {
            ptn: "3b2>21*".into(),
            ply: 1
        })
    );
}

#[test]
fn dragging_back_to_the_origin_or_escape_puts_the_stack_back() {
    let mut b = board("x5/x5/x2,121,x2/x5/x5 1 8");
    let before = b.tps();
    drag_squares(&mut b, "c3", &["d3", "e3", "c3"]);
    assert_eq!(b.tps(), before);
    assert_eq!(b.gesture, Gesture::Idle);
    assert_eq!(
        b.status().message,
        None,
        "a deliberate cancel needs no message"
    );
    b.pointer_down(center(&b, "c3"));
    b.pointer_move(center(&b, "d3"));
    assert!(b.key("Escape"));
    assert_eq!(b.gesture, Gesture::Idle);
    b.pointer_up(center(&b, "d3"));
    assert_eq!(b.tps(), before, "the release after Escape plays nothing");
}

#[test]
fn clicks_drop_one_piece_at_a_time() {
    let start = "x5/x5/x2,121,x2/x5/x5 1 8";
    for (clicks, ptn, tps) in [
        (
            &["c3", "d3", "d3", "e3"][..],
            "3c3>21",
            "x5/x5/x3,12,1/x5/x5 2 8",
        ),
        (
            &["c3", "d3", "e3", "e3"][..],
            "3c3>12",
            "x5/x5/x3,1,21/x5/x5 2 8",
        ),
        (
            &["c3", "d3", "d3", "d3"][..],
            "3c3>",
            "x5/x5/x3,121,x/x5/x5 2 8",
        ),
        (
            &["c3", "c4", "c5", "c5"][..],
            "3c3+12",
            "x2,21,x2/x2,1,x2/x5/x5/x5 2 8",
        ),
        // Putting one back on the origin first: carry two.
        (
            &["c3", "c3", "b3", "a3"][..],
            "2c3<11",
            "x5/x5/1,2,1,x2/x5/x5 2 8",
        ),
    ] {
        let mut b = board(start);
        for (i, name) in clicks.iter().enumerate() {
            assert!(
                b.take_events().is_empty(),
                "{clicks:?}: played before the end"
            );
            click(&mut b, name);
            if i + 1 < clicks.len() {
                assert!(
                    matches!(b.gesture, Gesture::Carry(_)),
                    "{clicks:?} at {name}"
                );
            }
        }
        assert_eq!(b.tps(), tps, "{clicks:?}");
        assert_eq!(
            b.take_events(),
            vec![Event::Move {
                ptn: ptn.into(),
                ply: 1
            }],
            "{clicks:?}"
        );
    }
}

#[test]
fn the_hand_is_counted_while_clicking() {
    let mut b = board("x5/x5/x2,121,x2/x5/x5 1 8");
    click(&mut b, "c3");
    assert_eq!(b.status().in_hand, Some(3));
    click(&mut b, "d3");
    assert_eq!(b.status().in_hand, Some(2));
    assert_eq!(b.status().pending.as_deref(), Some("3c3>"));
    click(&mut b, "d3");
    assert_eq!(b.status().in_hand, Some(1));
    // A square already passed takes back what was dropped beyond it: here the origin
    // takes everything back into the hand.
    click(&mut b, "c3");
    assert_eq!(b.status().in_hand, Some(3));
    assert_eq!(b.pending(), None);
    click(&mut b, "e3"); // two along: one on d3, one on e3
    assert_eq!(b.status().in_hand, Some(1));
    assert_eq!(b.status().pending.as_deref(), Some("3c3>12"));
    click(&mut b, "d3"); // back to d3, with its one piece
    assert_eq!(b.status().in_hand, Some(2));
    click(&mut b, "e3");
    click(&mut b, "e3");
    assert_eq!(b.tps(), "x5/x5/x3,1,21/x5/x5 2 8");
}

#[test]
fn clicking_the_origin_puts_pieces_back_one_at_a_time() {
    let mut b = board("x5/x5/x2,2121,x2/x5/x5 1 8");
    click(&mut b, "c3");
    assert_eq!(carried(&b), Some(4));
    for expected in [3, 2, 1] {
        click(&mut b, "c3");
        assert_eq!(carried(&b), Some(expected));
    }
    click(&mut b, "c3");
    assert_eq!(b.gesture, Gesture::Idle, "at none, the stack is put down");
    assert_eq!(b.tps(), "x5/x5/x2,2121,x2/x5/x5 1 8");
}

#[test]
fn a_click_out_of_reach_keeps_the_hand_and_says_how_to_put_it_back() {
    let mut b = board("x5/x5/x2,21,x2/x5/x5 1 4");
    click(&mut b, "c3");
    click(&mut b, "e5"); // diagonal
    assert!(matches!(b.gesture, Gesture::Carry(ref c) if c.count == 2));
    assert_eq!(
        message(&b),
        "The pieces in hand cannot reach e5: stacks move only along a row or a column. Select c3 again to put pieces back, or press Esc."
    );
    click(&mut b, "c4");
    click(&mut b, "c5");
    assert_eq!(b.tps(), "x2,1,x2/x2,2,x2/x5/x5/x5 2 4");
    // Three along with two pieces: out of reach, nothing dropped.
    let mut b = board("x5/x5/x2,21,x2/x5/x5 1 4");
    click(&mut b, "c3");
    click(&mut b, "c2");
    click(&mut b, "c2");
    assert_eq!(b.take_events().len(), 1, "two clicks on c2 play 2c3-");
}

#[test]
fn a_click_off_the_board_puts_the_stack_down() {
    let mut b = board("x5/x5/x2,21,x2/x5/x5 1 4");
    click(&mut b, "c3");
    click(&mut b, "d3");
    let off = Point::new(2.0, 2.0);
    b.pointer_down(off);
    b.pointer_up(off);
    assert_eq!(b.gesture, Gesture::Idle);
    assert_eq!(b.tps(), "x5/x5/x2,21,x2/x5/x5 1 4");
}

#[test]
fn clicking_another_of_your_stacks_picks_that_one_up() {
    let mut b = board("x5/x5/x2,21,x2/x5/1,x4 1 4");
    click(&mut b, "c3");
    click(&mut b, "a1"); // not in line with c3: take a1 instead
    assert!(matches!(b.gesture, Gesture::Carry(ref c) if c.from == sq("a1") && c.count == 1));
    click(&mut b, "b1");
    assert_eq!(b.tps(), "x5/x5/x2,21,x2/x5/x,1,x3 2 4");
}

#[test]
fn a_tap_then_a_drag_from_the_stack_carries_it_on() {
    let mut b = board("x5/x5/x2,121,x2/x5/x5 1 8");
    click(&mut b, "c3");
    click(&mut b, "c3"); // one back: carry two
    drag_squares(&mut b, "c3", &["c4", "c5"]);
    assert_eq!(b.tps(), "x2,1,x2/x2,2,x2/x2,1,x2/x5/x5 2 8");
    // A drag that starts elsewhere while a stack is in hand moves nothing.
    let mut b = board("x5/x5/x2,121,x2/x5/x5 1 8");
    click(&mut b, "c3");
    drag_squares(&mut b, "a1", &["a2"]);
    assert!(matches!(b.gesture, Gesture::Carry(_)));
    assert!(b.take_events().is_empty());
}

#[test]
fn a_capstone_flattens_by_clicks_too() {
    let mut b = board("x5/x5/x5/x,111C,x,2S,x/x5 1 10");
    click(&mut b, "b2");
    click(&mut b, "c2");
    click(&mut b, "d2"); // onto the wall: the capstone alone, the rest stays on c2
    assert_eq!(b.tps(), "x5/x5/x5/x2,11,21C,x/x5 2 10");
}

#[test]
fn every_refusal_says_why() {
    // The opponent's stack.
    let mut b = board("x5/x5/x2,12,x2/x5/1,x4 1 4");
    click(&mut b, "c3");
    assert_eq!(
        message(&b),
        "The stack on c3 belongs to Black: you can move only stacks with your piece on top."
    );
    assert_eq!(b.gesture, Gesture::Idle);
    // A press on the opponent's stack and a drag: the same, nothing moves.
    drag_squares(&mut b, "c3", &["d3"]);
    assert!(message(&b).contains("belongs to Black"));
    // The first ply: your own pile.
    let mut b = board("x5/x5/x5/x5/x5 1 1");
    let own = pile(&b, Color::White, Kind::Flat);
    b.pointer_down(own);
    b.pointer_up(own);
    assert_eq!(
        message(&b),
        "On the first turn you place a flat of your opponent’s colour: take it from Black’s reserve."
    );
    // The opponent's pile later.
    let mut b = board("x5/x5/x2,2,x2/x5/1,x4 1 2");
    let theirs = pile(&b, Color::Black, Kind::Wall);
    b.pointer_down(theirs);
    assert_eq!(
        message(&b),
        "That is Black’s reserve, and it is White’s turn."
    );
    // A repeated refusal counts again, so the page shows it again.
    let serial = b.status().message_serial;
    b.pointer_up(theirs);
    b.pointer_down(theirs);
    assert!(b.status().message_serial > serial);
    // While the computer thinks.
    let mut b = board("x5/x5/x2,2,x2/x5/1,x4 1 2");
    b.set_locked(Some(tak::web::i18n::Message::new("refuse.thinking")));
    click(&mut b, "d4");
    assert_eq!(message(&b), "Wait: the computer is thinking.");
    assert_eq!(b.tps(), "x5/x5/x2,2,x2/x5/1,x4 1 2");
    b.set_locked(None);
    click(&mut b, "d4");
    assert_eq!(b.tps(), "x5/x3,1,x/x2,2,x2/x5/1,x4 2 2");
    // After the end.
    let mut b = board("x5/x5/x5/2,2,2,2,x/1,1,1,1,x 1 5");
    b.play_ptn("e1").unwrap();
    click(&mut b, "e5");
    assert_eq!(
        message(&b),
        "The game is over. Start a new game, or step back through the moves."
    );
}

#[test]
fn typed_plies_slide_in_but_dragged_ones_are_already_in_place() {
    let mut b = board("x5/x5/x2,21,x2/x5/x5 1 4");
    b.play_ptn("c3+").unwrap();
    assert!(b.animation.is_some(), "a typed ply is animated");
    b.undo();
    drag_squares(&mut b, "c3", &["c4"]);
    assert_eq!(b.tps(), "x5/x2,21,x2/x5/x5/x5 2 4");
    assert!(
        b.animation.is_none(),
        "the hand already put the pieces there"
    );
}

#[test]
fn tak_names_the_threatening_player_and_the_squares() {
    let b = board("x5/x5/x5/2,2,2,2,x/1,1,1,x2 1 5");
    let s = b.status();
    assert_eq!(s.tak_by.as_deref(), Some("black"));
    assert_eq!(s.tak_squares, vec!["e2"]);
    // A spread can complete a road too: white's 2-stack on e3 can drop onto e2... (here
    // white threatens: a1 b1 c1 d1 white, e1 empty; black to move).
    let b = board("x5/x5/x5/2,2,2,x2/1,1,1,1,x 2 5");
    assert_eq!(b.status().tak_by.as_deref(), Some("white"));
    assert_eq!(b.status().tak_squares, vec!["e1"]);
}

#[test]
fn looking_back_at_a_finished_game_still_tells_how_it_ended() {
    let mut b = board("x5/x5/x5/2,2,2,2,x/1,1,1,1,x 1 5");
    b.play_ptn("e1").unwrap();
    b.undo();
    let s = b.status();
    assert!(s.result.is_none());
    assert_eq!(s.final_result.map(|r| r.ptn), Some("R-0".to_string()));
}

#[test]
fn the_first_plies_say_whose_piece_is_placed() {
    let b = board("x5/x5/x5/x5/x5 1 1");
    let s = b.status();
    assert!(s.opening);
    assert_eq!((s.to_move.as_str(), s.placing.as_str()), ("white", "black"));
    let b = board("x5/x5/x5/x5/x4,2 2 1");
    assert_eq!(b.status().placing, "white");
    let b = board("x5/x5/x5/x5/1,x3,2 1 2");
    assert!(!b.status().opening);
}

#[test]
fn the_kind_chosen_for_one_ply_does_not_carry_over_to_the_other_player() {
    let mut b = board("x5/x5/x5/x5/x5 1 3");
    let wall = pile(&b, Color::White, Kind::Wall);
    b.pointer_down(wall);
    b.pointer_up(wall);
    assert_eq!(b.selected, Kind::Wall);
    click(&mut b, "a5");
    assert_eq!(b.tps(), "1S,x4/x5/x5/x5/x5 2 3");
    assert_eq!(b.selected, Kind::Flat, "Black starts from a flat again");
    click(&mut b, "e5");
    assert_eq!(
        b.tps(),
        "1S,x3,2/x5/x5/x5/x5 1 4",
        "Black's tap places a flat"
    );
}

#[test]
fn a_hinted_placement_readies_its_kind() {
    let mut b = board("x5/x5/x5/x5/x5 1 3");
    b.set_hint(Some("Cc2")).unwrap();
    assert_eq!(b.selected, Kind::Cap);
    click(&mut b, "c2");
    assert_eq!(b.tps(), "x5/x5/x5/x2,1C,x2/x5 2 3");
}

#[test]
fn the_reserves_carry_the_players_names_when_the_game_has_them() {
    let mut b = board("x5/x5/x5/x5/x5 1 1");
    assert_eq!(b.player_label(Color::White), "White");
    assert_eq!(b.player_label(Color::Black), "Black");
    let mut game = Game::new(Position::from_tps("x5/x5/x5/x5/x5 1 1").unwrap());
    game.set_tag("Player1", "Ann");
    game.set_tag("Player2", "Bartholomew the Long-Winded");
    b.load(game);
    assert_eq!(b.player_label(Color::White), "Ann");
    assert_eq!(
        b.player_label(Color::Black),
        "Bartholomew the…",
        "shortened to fit"
    );
    // A match names its players on each game it starts.
    let series = tak::series::Series::new(
        ["Cy".into(), "Di".into()],
        tak::series::Length::Games(2),
        tak::Config::standard(5).unwrap(),
    );
    b.start_match(series);
    assert_eq!(b.player_label(Color::White), "Cy");
    assert_eq!(b.player_label(Color::Black), "Di");
}

#[test]
fn a_drag_redraws_when_the_hand_reaches_a_square_not_while_it_moves_inside_one() {
    let mut b = board("x5/x5/x2,121,x2/x5/x5 1 6");
    let c3 = center(&b, "c3");
    b.pointer_down(c3);
    b.take_dirty();
    // Off the origin and onto d3: the spread changed, a frame is needed.
    let d3 = center(&b, "d3");
    b.pointer_move(d3);
    assert!(b.take_dirty(), "the hand reached d3");
    assert_eq!(b.pending().map(|m| m.to_string()), Some("3c3>".into()));
    // Within d3 the pointer moves on, but nothing drawn changes: no frame.
    for dx in [3.0, 6.0, 9.0, -9.0] {
        b.pointer_move(Point::new(d3.x + dx, d3.y + dx / 2.0));
        assert!(!b.is_dirty(), "moved {dx} px inside d3");
    }
    // On to e3: drawn again.
    b.pointer_move(center(&b, "e3"));
    assert!(b.take_dirty(), "the hand reached e3");
    assert_eq!(b.pending().map(|m| m.to_string()), Some("3c3>12".into()));
}

/// Every legal spread of positions met in real games can be played by clicks (pick up, put
/// back what stays, then one click a piece along the way), and the board plays exactly it:
/// the hand asks the engine's legal plies, so no legal spread is out of its reach.
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn every_legal_spread_of_real_games_can_be_clicked() {
    use tak::real_game::RealGame;
    use tak::Direction;
    let mut tried = 0;
    for line in include_str!("data/real-games.jsonl").lines().step_by(12) {
        let game = RealGame::parse(line).unwrap();
        let mut pos = Position::with_config(game.config().unwrap());
        for (ply, mv) in game.moves().unwrap().into_iter().enumerate() {
            if ply % 9 == 8 && !pos.is_over() {
                let mut legal = Vec::new();
                pos.legal_moves(&mut legal);
                for spread in legal.into_iter().filter(|m| !m.is_placement()) {
                    let mut b = Board::new(Game::new(pos.clone()), BoardOptions::default());
                    b.resize(900.0, 600.0, 2.0);
                    let from = spread.square().to_string();
                    click(&mut b, &from);
                    for _ in spread.count()..pos.carry_limit(spread.square()) {
                        click(&mut b, &from);
                    }
                    let dir: Direction = spread.direction().unwrap();
                    let mut at = spread.square();
                    for drop in spread.drops() {
                        at = at.step(dir, pos.size()).unwrap();
                        for _ in 0..drop {
                            click(&mut b, &at.to_string());
                        }
                    }
                    let mut after = pos.clone();
                    after.play(spread).unwrap();
                    assert_eq!(b.tps(), after.to_string(), "{spread} in {pos}");
                    tried += 1;
                }
            }
            pos.play(mv).unwrap();
        }
    }
    eprintln!("{tried} spreads clicked");
    assert!(tried > 2000, "only {tried} spreads tried");
}

/// A hint's square is not left on a finished board: a draw agreed or a resignation clears it.
#[test]
fn a_hint_goes_when_the_game_ends_by_agreement_or_resignation() {
    let mut b = board("x5/x5/x2,2,x2/x5/1,x4 1 2");
    b.set_hint(Some("b2")).unwrap();
    assert!(b.hint.is_some());
    assert!(b.agree_draw());
    assert_eq!(b.hint, None);
    let mut b = board("x5/x5/x2,2,x2/x5/1,x4 1 2");
    b.set_hint(Some("b2")).unwrap();
    assert!(b.resign(Color::White));
    assert_eq!(b.hint, None);
}
