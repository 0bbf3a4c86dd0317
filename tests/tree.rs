//! The game tree through PTN and the board: variations, comments and annotations survive a
//! round trip; navigation follows the current line.

use tak::game::{Annotation, Judgement};
use tak::ptn;
use tak::web::config::BoardOptions;
use tak::web::state::Board;
use tak::web::storage;
use tak::{Config, Game};

fn names(moves: Vec<tak::Move>) -> Vec<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

#[test]
fn variations_nested_and_from_black_round_trip() {
    let text = "[Size \"5\"]\n\n\
        {Before anything}\n\
        1. a1 e5\n\
        2. c3 {the centre} (2. Sc3? {a wall} 2... d4 (2... b2!) 3. b3) c4\n\
        3. d3'' (3. b3 {quieter}) 3... d4??\n";
    let game = ptn::parse_game(text).unwrap();
    assert_eq!(
        names(game.main_line()),
        ["a1", "e5", "c3", "c4", "d3", "d4"]
    );
    assert_eq!(game.comments(&[]), ["Before anything"]);
    let wall = game.node(&[0, 0, 1]).unwrap();
    assert_eq!(wall.annotation.judgement, Judgement::Mistake);
    assert_eq!(wall.comments, ["a wall"]);
    assert_eq!(
        names(game.children(&[0, 0, 1]).iter().map(|n| n.mv).collect()),
        ["d4", "b2"]
    );
    assert_eq!(
        game.node(&[0, 0, 1, 1]).unwrap().annotation.to_string(),
        "!"
    );
    assert_eq!(game.node(&[0, 0, 1, 0, 0]).unwrap().mv.to_string(), "b3");
    assert_eq!(game.node(&[0, 0, 0, 0, 0]).unwrap().annotation.tak, 2);
    assert_eq!(game.node(&[0, 0, 0, 0, 1]).unwrap().comments, ["quieter"]);
    // Written and read again: the same tree, the same text.
    let written = ptn::write_game(&game);
    let again = ptn::parse_game(&written).unwrap();
    assert_eq!(ptn::write_game(&again), written, "\n{written}");
    // Written as PTN Ninja writes branches: the main line, then each variation after a
    // blank line under its name, its sub-variations named after it.
    assert!(
        written.ends_with(
            "{Before anything}\n1. a1 e5\n2. c3 {the centre} 2... c4\n3. d3'' d4??\n\n\
             {Sc3}\n2. Sc3? {a wall} 2... d4\n3. b3\n\n\
             {Sc3/b2}\n2. -- b2!\n\n\
             {b3}\n3. b3 {quieter}\n"
        ),
        "{written}"
    );
}

#[test]
fn a_game_from_a_tps_with_black_to_move_keeps_its_empty_slot() {
    let text = "[TPS \"x3/x,1,x/2,x2 2 3\"]\n\n3. -- a3 (3... c3 4. a3) 4. c3\n";
    let game = ptn::parse_game(text).unwrap();
    assert_eq!(game.main_line().len(), 2);
    let written = ptn::write_game(&game);
    assert!(
        written.ends_with("3. -- a3\n4. c3\n\n{c3}\n3. -- c3\n4. a3\n"),
        "{written}"
    );
    let again = ptn::parse_game(&written).unwrap();
    assert_eq!(ptn::write_game(&again), written);
}

#[test]
fn comments_keep_braces_and_backslashes() {
    let mut game = Game::with_config(Config::standard(4).unwrap());
    game.play("a1".parse().unwrap()).unwrap();
    game.set_comment(&[0], "a } b \\ c {d}");
    let written = ptn::write_game(&game);
    let again = ptn::parse_game(&written).unwrap();
    assert_eq!(again.comments(&[0]), ["a } b \\ c {d}"], "{written}");
}

#[test]
fn broken_variations_are_reported_where_they_are() {
    let err = ptn::parse_game("1. a1 e5 (1... d4").unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1, column 10: variation '(' is never closed"
    );
    let err = ptn::parse_game("1. a1 e5 ) 2. c3").unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1, column 10: ')' closes no variation"
    );
    let err = ptn::parse_game("(1. a1)").unwrap_err();
    assert!(err.to_string().contains("before any ply"), "{err}");
    // A bad ply inside a variation: its ply number along its line.
    let err = ptn::parse_game("1. a1 e5 2. c3 (2. e5) c4").unwrap_err();
    assert_eq!(err.to_string(), "ply 3: e5 is not empty");
}

#[test]
fn annotations_parse_and_print() {
    for text in [
        "", "'", "''", "!", "?", "!!", "??", "!?", "?!", "'!", "''??",
    ] {
        let a: Annotation = text.parse().unwrap();
        assert_eq!(a.to_string(), text);
    }
    for bad in ["'''", "!!!", "x", "?!?"] {
        assert!(bad.parse::<Annotation>().is_err(), "{bad}");
    }
}

fn board() -> Board {
    Board::with_config(Config::standard(5).unwrap(), BoardOptions::default())
}

#[test]
fn on_the_board_going_back_and_playing_makes_a_variation() {
    let mut b = board();
    for m in ["a1", "e5", "c3", "c2"] {
        b.play_ptn(m).unwrap();
    }
    b.goto(2);
    b.play_ptn("d3").unwrap();
    assert_eq!(names(b.record.game.main_line()), ["a1", "e5", "c3", "c2"]);
    assert_eq!(names(b.all_moves()), ["a1", "e5", "d3"]);
    // Undo and redo follow the current line (the variation).
    assert!(b.undo());
    assert!(b.redo());
    assert_eq!(b.tps(), b.record.game.position_at(3).to_string());
    assert!(!b.can_redo());
    // The PTN holds both lines.
    let text = b.ptn();
    assert!(text.contains("2. c3 c2\n\n{d3}\n2. d3\n"), "{text}");
    // Switch back to the main line, promote the variation, delete it.
    assert!(b.goto_path(&[0, 0, 0, 0]));
    assert_eq!(names(b.all_moves()), ["a1", "e5", "c3", "c2"]);
    assert!(b.promote(&[0, 0, 1]));
    assert_eq!(names(b.record.game.main_line()), ["a1", "e5", "d3"]);
    assert_eq!(
        b.record.game.path(),
        &[0, 0, 1, 0],
        "still on the c3 line, now second"
    );
    assert!(b.delete(&[0, 0, 1]));
    assert_eq!(names(b.record.game.main_line()), ["a1", "e5", "d3"]);
    assert_eq!(
        b.record.game.len(),
        2,
        "back to where the deleted line began"
    );
}

#[test]
fn against_the_computer_the_game_as_played_is_the_main_line() {
    let mut b = board();
    b.record.played_line_is_main = true;
    for m in ["a1", "e5", "c3", "c2"] {
        b.play_ptn(m).unwrap();
    }
    b.undo();
    b.undo();
    b.play_ptn("d3").unwrap();
    assert_eq!(names(b.record.game.main_line()), ["a1", "e5", "d3"]);
    assert_eq!(
        b.record.game.children(&[0, 0]).len(),
        2,
        "the old line is kept as a variation"
    );
}

#[test]
fn comments_annotations_and_the_line_survive_a_save() {
    let mut b = board();
    for m in ["a1", "e5", "c3"] {
        b.play_ptn(m).unwrap();
    }
    b.goto(2);
    b.play_ptn("b2").unwrap();
    b.set_comment(&[0, 0, 1], "why not?").unwrap();
    b.set_annotation(&[0, 0, 0], "?!").unwrap();
    assert!(b.set_annotation(&[0, 0, 0], "bad").is_err());
    b.goto(1);
    let saved = storage::save(&b.record, 0.0, false);
    let mut other = board();
    other.restore(&saved).unwrap();
    assert_eq!(other.record.game.line(), &[0, 0, 1]);
    assert_eq!(other.record.game.len(), 1);
    assert_eq!(other.record.game.comments(&[0, 0, 1]), ["why not?"]);
    assert_eq!(
        other
            .record
            .game
            .node(&[0, 0, 0])
            .unwrap()
            .annotation
            .to_string(),
        "?!"
    );
    // A save from the first version (no line) is still read.
    let v1 = "tak-save 1\nply 1\n[Size \"5\"]\n\n1. a1 e5\n";
    other.restore(v1).unwrap();
    assert_eq!(other.record.game.len(), 1);
    assert!(other.can_redo());
    // A damaged line is reported and changes nothing.
    let bad = saved.replace("line 0,0,1", "line 0,7");
    let before = other.ptn();
    assert!(other.restore(&bad).is_err());
    assert_eq!(other.ptn(), before);
}

#[test]
fn an_unfinished_game_marked_with_a_star_reads() {
    let game = ptn::parse_game("[Size \"5\"]\n1. a1 e5 2. c3 *").unwrap();
    assert_eq!(game.len(), 3);
    assert_eq!(game.outcome(), None);
}

/// A legal game of `plies` plies on 6x6: two flats shuffled back and forth (the rules have
/// no repetition limit, so a game can be this long).
fn shuffle_game(plies: usize) -> String {
    let mut moves = vec!["a1", "f6"];
    let (white, black) = (["f6-", "f5+"], ["a1+", "a2-"]);
    let mut i = 0;
    while moves.len() < plies {
        moves.push(white[i % 2]);
        moves.push(black[i % 2]);
        i += 1;
    }
    moves.truncate(plies);
    let mut text = String::from("[Size \"6\"]\n\n");
    for (n, pair) in moves.chunks(2).enumerate() {
        text.push_str(&format!("{}. {}\n", n + 1, pair.join(" ")));
    }
    text
}

/// The wasm build runs with a 1 MiB stack; a thread with less proves nothing recurses per ply.
fn on_a_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(f)
        .unwrap()
        .join()
        .expect("no stack overflow")
}

#[test]
fn a_game_of_the_most_plies_reads_writes_saves_copies_and_drops_without_recursion() {
    on_a_small_stack(|| {
        let text = shuffle_game(tak::game::MAX_PLIES);
        let game = ptn::parse_game(&text).unwrap();
        assert_eq!(game.len(), tak::game::MAX_PLIES);
        assert_eq!(game.position().move_number(), 50_001);
        let written = ptn::write_game(&game);
        let again = ptn::parse_game(&written).unwrap();
        assert_eq!(again.main_line().len(), tak::game::MAX_PLIES);
        let copy = again.clone();
        drop(again);
        let mut b = Board::new(copy, BoardOptions::default());
        let status = b.status();
        assert!(status.tree.len() <= 2 * tak::web::status::LIST_WINDOW);
        assert_eq!(
            status.tree_before + status.tree.len() + status.tree_after,
            tak::game::MAX_PLIES
        );
        assert_eq!(
            status.here.as_ref().map(|h| h.ply),
            Some(tak::game::MAX_PLIES)
        );
        let saved = storage::save(&b.record, 0.0, false);
        let mut other = board();
        other.restore(&saved).unwrap();
        assert_eq!(other.record.game.len(), tak::game::MAX_PLIES);
        // Full: one more ply is refused with the limit named, and nothing changes.
        let err = b.record.game.play("f5+".parse().unwrap()).unwrap_err();
        assert_eq!(err.to_string(), "a game holds at most 100000 plies");
        assert_eq!(b.record.game.len(), tak::game::MAX_PLIES);
        // Back to the start and into a variation there: the list follows the ply shown.
        b.goto(1);
        b.play_ptn("a6").unwrap_err(); // a full tree takes no variation either
        let status = b.status();
        assert_eq!((status.tree_before, status.tree[0].ply), (0, 1));
    });
}

#[test]
fn a_longer_game_is_refused_with_the_limit_named() {
    let text = shuffle_game(tak::game::MAX_PLIES + 2);
    let err = ptn::parse_game(&text).unwrap_err();
    assert!(err.to_string().contains("at most 100000 plies"), "{err}");
}

#[test]
fn variations_nested_too_deep_are_refused() {
    // Each variation replaces the ply before it and nests one deeper: c1 (c2 (c3 (...
    let mut text = String::from("[Size \"8\"]\n\n1. a1 h8 2. b1 ");
    let depth = tak::game::MAX_NESTING + 1;
    for _ in 0..depth {
        text.push_str("(2. b2 ");
    }
    text.push_str(&")".repeat(depth));
    let err = ptn::parse_game(&text).unwrap_err();
    assert!(err.to_string().contains("nest at most 64"), "{err}");
}

#[test]
fn a_ptn_ninja_game_with_branches_and_its_own_tags_reads_and_keeps_them() {
    // As PTN Ninja writes a game: CRLF, its tags, the main line, then each branch after a
    // blank line under its name; a nested branch is named after its parent with a `/`.
    let text = "[Site \"PTN Ninja\"]\r\n[Size \"5\"]\r\n[Opening \"swap\"]\r\n\
        [Clock \"10:0 +5\"]\r\n[Rating1 \"1500\"]\r\n\r\n\
        1. a1 e5\r\n2. c3 c4 {centre}\r\n3. d3 d4\r\n\r\n\
        {sharp line}\r\n2. Sc3 d4\r\n3. b2 b4\r\n\r\n\
        {sharp line/quiet}\r\n3. b3\r\n\r\n\
        {black tries}\r\n3. -- b4 {?}\r\n";
    let game = ptn::parse_game(text).unwrap();
    assert_eq!(
        names(game.main_line()),
        ["a1", "e5", "c3", "c4", "d3", "d4"]
    );
    // The branches are variations where they leave their line.
    let second = game.children(&[0, 0]);
    assert_eq!(names(second.iter().map(|n| n.mv).collect()), ["c3", "Sc3"]);
    let sharp = game.children(&[0, 0, 1, 0]);
    assert_eq!(names(sharp.iter().map(|n| n.mv).collect()), ["b2", "b3"]);
    let fifth = game.children(&[0, 0, 0, 0]);
    assert_eq!(names(fifth.iter().map(|n| n.mv).collect()), ["d3"]);
    let sixth = game.children(&[0, 0, 0, 0, 0]);
    assert_eq!(names(sixth.iter().map(|n| n.mv).collect()), ["d4", "b4"]);
    assert_eq!(game.node(&[0, 0, 0, 0, 0, 1]).unwrap().comments, ["?"]);
    assert_eq!(game.comments(&[0, 0, 0, 0]), ["centre"]);
    // Tags the game does not use are kept, in their order (the standard opening is left
    // out, as PTN Ninja reads no tag as swap).
    let written = ptn::write_game(&game);
    for tag in [
        "[Site \"PTN Ninja\"]",
        "[Clock \"10:0 +5\"]",
        "[Rating1 \"1500\"]",
    ] {
        assert!(written.contains(tag), "{tag} in {written}");
    }
    let again = ptn::parse_game(&written).unwrap();
    assert_eq!(ptn::write_game(&again), written);
    assert_eq!(again.children(&[0, 0, 1, 0]).len(), 2);
}

#[test]
fn a_branch_that_leaves_no_line_is_refused_where_it_is() {
    let err = ptn::parse_game("1. a1 e5\n2. c3\n\n{far}\n7. d4\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 4, column 1: branch {far}: move 7 is not on the line it branches from"
    );
    // A comment after a blank line that goes on with the next move is just a comment.
    let game = ptn::parse_game("1. a1 e5\n\n{then}\n2. c3\n").unwrap();
    assert_eq!(names(game.main_line()), ["a1", "e5", "c3"]);
    assert_eq!(game.comments(&[0, 0]), ["then"]);
}
