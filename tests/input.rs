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
        .contains("opponent’s colour"));
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
fn spreading_previews_each_drop_and_plays_on_release() {
    // White stack of 3 on c3: 1 (bottom), 2, 1 (top).
    let mut b = board("x5/x5/x2,121,x2/x5/x5 1 8");
    let grab = on_level(&b, "c3", 0); // the bottom piece: carry all 3
    b.pointer_down(grab);
    assert!(matches!(b.gesture, Gesture::Carry(ref c) if c.count == 3));
    b.pointer_move(center(&b, "d3"));
    assert_eq!(b.pending().map(|m| m.to_string()), Some("3c3>".into()));
    assert_eq!(b.status().pending.as_deref(), Some("3c3>"));
    b.pointer_move(center(&b, "e3"));
    assert_eq!(b.pending().map(|m| m.to_string()), Some("3c3>12".into()));
    // Back one square undoes the drop.
    b.pointer_move(center(&b, "d3"));
    assert_eq!(b.pending().map(|m| m.to_string()), Some("3c3>".into()));
    // The wheel keeps two on d3 before moving on.
    assert!(b.wheel(-1.0));
    b.pointer_move(center(&b, "e3"));
    assert_eq!(b.pending().map(|m| m.to_string()), Some("3c3>21".into()));
    b.pointer_up(center(&b, "e3"));
    assert_eq!(b.tps(), "x5/x5/x3,12,1/x5/x5 2 8");
}

#[test]
fn the_grabbed_height_sets_the_count_and_keys_change_it() {
    let mut b = board("x5/x5/x2,1212,x2/x5/x5 2 8");
    b.pointer_down(on_level(&b, "c3", 3)); // the top piece only
    assert!(matches!(b.gesture, Gesture::Carry(ref c) if c.count == 1));
    assert!(b.key("+"));
    assert!(b.key("+"));
    assert!(matches!(b.gesture, Gesture::Carry(ref c) if c.count == 3));
    assert!(b.key("8"), "clamped to the stack");
    assert!(matches!(b.gesture, Gesture::Carry(ref c) if c.count == 4));
    b.pointer_move(center(&b, "c4"));
    b.pointer_move(center(&b, "c5"));
    assert_eq!(b.pending().map(|m| m.to_string()), Some("4c3+13".into()));
    assert!(b.key("Escape"));
    assert_eq!(b.gesture, Gesture::Idle);
    assert_eq!(
        b.tps(),
        "x5/x5/x2,1212,x2/x5/x5 2 8",
        "cancel changes nothing"
    );
}

#[test]
fn the_carry_limit_caps_the_pickup() {
    let mut b = board("x3/x,1212121,x/x3 1 12");
    b.pointer_down(on_level(&b, "b2", 4));
    let count = match &b.gesture {
        Gesture::Carry(c) => c.count,
        g => panic!("{g:?}"),
    };
    assert!(count <= 3, "carry limit 3 on 3x3, got {count}");
}

#[test]
fn dragging_back_to_the_origin_cancels() {
    let mut b = board("x5/x5/x2,121,x2/x5/x5 1 8");
    let before = b.tps();
    {
        let from = on_level(&b, "c3", 0);
        let path = [center(&b, "d3"), center(&b, "e3"), center(&b, "c3")];
        drag(&mut b, from, &path);
    }
    assert_eq!(b.tps(), before);
    assert_eq!(b.gesture, Gesture::Idle);
}

#[test]
fn blocked_and_diagonal_targets_are_refused_with_a_cue() {
    let mut b = board("x5/x5/x2,121,2S,x/x5/x5 1 8");
    b.pointer_down(on_level(&b, "c3", 0));
    b.pointer_move(center(&b, "d3")); // a wall: only a lone capstone may go there
    assert!(
        matches!(b.gesture, Gesture::Carry(ref c) if c.refused == Some(sq("d3")) && c.dir.is_none())
    );
    assert_eq!(b.pending(), None);
    b.pointer_move(center(&b, "d4")); // diagonal
    assert!(matches!(b.gesture, Gesture::Carry(ref c) if c.refused == Some(sq("d4"))));
    b.pointer_move(center(&b, "c4"));
    assert_eq!(b.pending().map(|m| m.to_string()), Some("3c3+".into()));
    // Past the edge of the pieces: 3 pieces cannot cover 4 squares.
    b.pointer_move(center(&b, "c5"));
    assert_eq!(b.pending().map(|m| m.to_string()), Some("3c3+12".into()));
    b.pointer_up(center(&b, "c5"));
    assert_eq!(b.position().height(sq("c5")), 2);
}

#[test]
fn a_capstone_alone_flattens_a_wall() {
    // White: flat, flat, capstone on b2; black wall on d2.
    let mut b = board("x5/x5/x5/x,111C,x,2S,x/x5 1 10");
    b.pointer_down(on_level(&b, "b2", 0)); // grab all 3
    b.pointer_move(center(&b, "c2"));
    b.pointer_move(center(&b, "d2")); // leaves 2 on c2 so the capstone goes on alone
    assert_eq!(b.pending().map(|m| m.to_string()), Some("3b2>21".into()));
    b.pointer_up(center(&b, "d2"));
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
fn click_then_click_moves_a_stack_too() {
    let mut b = board("x5/x5/x2,21,x2/x5/x5 1 8");
    let c3 = on_level(&b, "c3", 0);
    b.pointer_down(c3);
    b.pointer_up(c3);
    assert!(
        matches!(b.gesture, Gesture::Carry(ref c) if !c.pressed),
        "picked up and waiting"
    );
    let a3 = center(&b, "a3");
    b.pointer_down(a3);
    b.pointer_up(a3);
    assert_eq!(b.tps(), "x5/x5/1,2,x3/x5/x5 2 8");
}

#[test]
fn undo_redo_and_navigation_keep_every_ply() {
    let mut b = board("x5/x5/x5/x5/x5 1 1");
    for m in ["a1", "e5", "c3", "c2"] {
        b.play_ptn(m).unwrap();
    }
    assert!(b.undo());
    assert!(b.undo());
    assert_eq!(b.game.len(), 2);
    assert!(
        b.ptn().contains("2. c3 c2"),
        "undone plies are still in the PTN:\n{}",
        b.ptn()
    );
    assert!(b.redo());
    assert_eq!(b.game.len(), 3);
    b.goto(0);
    assert_eq!(b.tps(), "x5/x5/x5/x5/x5 1 1");
    b.goto(4);
    assert_eq!(b.status().moves, vec!["a1", "e5", "c3", "c2"]);
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
        "The first ply of each player places a flat of the opponent’s colour."
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
fn releasing_where_the_stack_cannot_go_plays_nothing() {
    let mut b = board("x5/x5/x2,21,x2/x5/x5 1 4");
    let before = b.tps();
    // One piece (the top) cannot cover two squares: released on c5, nothing is played.
    let from = on_level(&b, "c3", 1);
    let path = [center(&b, "c4"), center(&b, "c5")];
    drag(&mut b, from, &path);
    assert_eq!(b.tps(), before);
    assert_eq!(
        b.status().message.as_deref(),
        Some("The stack cannot reach c5.")
    );
    assert_eq!(b.gesture, Gesture::Idle);
    // Picked up by a click, a refused second click keeps the stack in hand.
    let c3 = on_level(&b, "c3", 1);
    b.pointer_down(c3);
    b.pointer_up(c3);
    let c5 = center(&b, "c5");
    b.pointer_down(c5);
    b.pointer_up(c5);
    assert_eq!(b.tps(), before);
    assert!(
        matches!(b.gesture, Gesture::Carry(_)),
        "still carrying after a refused click"
    );
    let c4 = center(&b, "c4");
    b.pointer_down(c4);
    b.pointer_up(c4);
    assert_eq!(b.tps(), "x5/x2,1,x2/x2,2,x2/x5/x5 2 4");
}

#[test]
fn clicking_the_origin_again_takes_one_fewer_then_puts_it_down() {
    let mut b = board("x5/x5/x2,2121,x2/x5/x5 1 8");
    let below = {
        let r = b.layout.square_rect(sq("c3"));
        Point::new(r.center().x, r.y + r.height - 1.0)
    };
    b.pointer_down(below);
    b.pointer_up(below);
    assert!(
        matches!(b.gesture, Gesture::Carry(ref c) if c.count == 4),
        "below the pieces: the whole carry"
    );
    for expected in [3, 2, 1] {
        b.pointer_down(below);
        b.pointer_up(below);
        assert!(matches!(b.gesture, Gesture::Carry(ref c) if c.count == expected));
    }
    b.pointer_down(below);
    b.pointer_up(below);
    assert_eq!(b.gesture, Gesture::Idle, "put down");
}

#[test]
fn typed_plies_slide_in_but_dragged_ones_are_already_in_place() {
    let mut b = board("x5/x5/x2,21,x2/x5/x5 1 4");
    b.play_ptn("c3+").unwrap();
    assert!(b.animation.is_some(), "a typed ply is animated");
    b.undo();
    let from = on_level(&b, "c3", 1);
    let path = [center(&b, "c4")];
    drag(&mut b, from, &path);
    assert_eq!(b.tps(), "x5/x2,1,x2/x2,2,x2/x5/x5 2 4");
    assert!(
        b.animation.is_none(),
        "the hand already put the pieces there"
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
