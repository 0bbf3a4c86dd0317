//! Tests that run under wasm in headless Chromium (`wasm-pack test --headless --chrome`), and
//! natively too: the engine and the board behave the same in the browser.

use tak::web::config::BoardOptions;
use tak::web::state::Board;
use tak::{perft, ptn, Config, Position};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test(unsupported = test)]
fn perft_is_exact_in_wasm() {
    let mut pos = Position::new(5).unwrap();
    assert_eq!(perft::perft(&mut pos, 3), 43320);
    let mut pos = Position::from_tps("x5/x5/x2,121212C,x2/1,x4/1,x4 2 7").unwrap();
    assert_eq!(perft::perft(&mut pos, 2), 7743);
    // Stacks wider than 64 pieces use the 128-bit path, which wasm emulates.
    let mut pos = Position::from_tps("x4/x4/x2,1112221112221112221112221122,x/x4 2 15").unwrap();
    assert_eq!(perft::perft_full(&mut pos, 2), 1188);
}

#[wasm_bindgen_test(unsupported = test)]
fn bad_input_returns_errors_in_wasm() {
    assert!(ptn::parse_game("[Size \"99\"]").is_err());
    assert!(Position::from_tps("x5/x5 1 1").is_err());
    assert!("5z9>".parse::<tak::Move>().is_err());
    let mut board = Board::with_config(Config::standard(5).unwrap(), BoardOptions::default());
    assert!(board.play_ptn("Ca1").is_err());
    assert!(board.restore("garbage").is_err());
    assert_eq!(board.tps(), "x5/x5/x5/x5/x5 1 1");
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use tak::web::bindings::TakBoard;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::*;

    fn canvas() -> web_sys::HtmlCanvasElement {
        let document = web_sys::window().unwrap().document().unwrap();
        let canvas: web_sys::HtmlCanvasElement = document
            .create_element("canvas")
            .unwrap()
            .dyn_into()
            .unwrap();
        canvas.style().set_property("width", "600px").unwrap();
        canvas.style().set_property("height", "400px").unwrap();
        document.body().unwrap().append_child(&canvas).unwrap();
        canvas
    }

    /// The page hands the board its catalogue (in the browser none is compiled in).
    fn english() {
        tak::web::i18n::set_catalogue(tak::web::i18n::Lang::En, include_str!("../www/i18n/en.txt"));
    }

    #[wasm_bindgen_test]
    fn a_board_on_a_real_canvas_plays_and_draws() {
        english();
        let mut board = TakBoard::new(canvas(), wasm_bindgen::JsValue::UNDEFINED).unwrap();
        board.resize(600.0, 400.0, 2.0);
        assert_eq!(board.play("a1", None), None);
        assert!(board.play("a1", None).unwrap().contains("not empty"));
        assert!(board.render(0.0), "a ply's animation asks for more frames");
        assert!(!board.render(1000.0), "and ends");
        // A ply the reader typed, on a board that takes none from them now: refused, in words;
        // the host's own play is not.
        let off = js_sys::JSON::parse(r#"{"interactive": false}"#).unwrap();
        assert_eq!(board.set(off), None);
        assert!(board
            .play("e5", Some(true))
            .unwrap()
            .contains("takes no move"));
        assert_eq!(board.play("e5", None), None);
        let on = js_sys::JSON::parse(r#"{"interactive": true}"#).unwrap();
        assert_eq!(board.set(on), None);
        board.undo();
        assert_eq!(board.tps(), "x5/x5/x5/x5/2,x4 2 1");
        assert!(board.square_rect("c3").is_object());
        assert!(board.square_rect("h8").is_null(), "off a 5x5 board");
        assert!(board.reserve_rect("cap").is_object());
        assert!(board.reserve_rect("nonsense").is_null());
    }

    #[wasm_bindgen_test]
    fn hostile_options_are_refused_with_a_message() {
        english();
        let options = js_sys::JSON::parse(r#"{"size": 12}"#).unwrap();
        let err = TakBoard::new(canvas(), options)
            .err()
            .expect("size 12 refused");
        let message: String = wasm_bindgen::JsValue::from(err)
            .dyn_into::<js_sys::Error>()
            .unwrap()
            .message()
            .into();
        assert!(message.contains("board size 12"), "{message}");
        let options = js_sys::JSON::parse(r#"{"ptn": "[Size \"5\"] 1. a1 a1"}"#).unwrap();
        assert!(TakBoard::new(canvas(), options).is_err());
        let options = js_sys::JSON::parse(r#"{"size": "five"}"#).unwrap();
        assert!(TakBoard::new(canvas(), options).is_err());
        // The variants: each refusal names its option; a good set starts that game.
        for (json, named) in [
            (r#"{"opening": "sideways"}"#, "opening 'sideways'"),
            (r#"{"opening": 1}"#, "opening '1' is not"),
            (r#"{"opening": true}"#, "opening must be a text"),
            (r#"{"flats": "many"}"#, "flats must be a whole number"),
            (
                r#"{"size": 6, "flats": 2, "caps": 1}"#,
                "flats and caps: stones 2",
            ),
            (r#"{"caps": 9}"#, "at most 5 capstones"),
            (r#"{"komi": "-5.5"}"#, "komi '-5.5'"),
        ] {
            let err = TakBoard::new(canvas(), js_sys::JSON::parse(json).unwrap())
                .err()
                .unwrap_or_else(|| panic!("{json} was taken"));
            let message: String = wasm_bindgen::JsValue::from(err)
                .dyn_into::<js_sys::Error>()
                .unwrap()
                .message()
                .into();
            assert!(message.contains(named), "{json}: {message}");
        }
        let options =
            js_sys::JSON::parse(r#"{"opening": "no-swap", "flats": 12, "caps": 2, "komi": -1.5}"#)
                .unwrap();
        let mut board = TakBoard::new(canvas(), options).unwrap();
        assert_eq!(board.play("a1", None), None);
        assert_eq!(board.tps(), "x5/x5/x5/x5/1,x4 2 1", "white's own flat");
        let check = js_sys::JSON::parse(r#"{"flats": 3, "caps": 1}"#).unwrap();
        let refused = board.new_game_with(check, Some(true)).unwrap_or_default();
        assert!(refused.contains("no game on 5x5"), "{refused}");
        assert_eq!(
            board.tps(),
            "x5/x5/x5/x5/1,x4 2 1",
            "a check changes nothing"
        );
    }

    #[wasm_bindgen_test]
    fn the_worker_engine_proves_a_tinue_and_says_so_in_ptn() {
        let mut engine = tak::web::engine::Engine::new();
        // As the page asks it (web/wire.rs: Request::Tinue), without the id.
        let request = js_sys::JSON::parse(
            r#"{"tinue": {"spec": {"tps": "2,2,x3/x5/x5/1,1,1,x2/x4,1 1 5", "settings": {"flats": 21, "caps": 1, "komi": "0"}}, "plies": 7, "nodes": 100000}}"#,
        )
        .unwrap();
        let reply = engine.answer(request, None, None).unwrap();
        let found = js_sys::Reflect::get(&reply, &"tinue".into()).unwrap();
        let field = |name: &str| js_sys::Reflect::get(&found, &name.into()).unwrap();
        assert_eq!(field("answer").as_string().as_deref(), Some("tinue"));
        let line = js_sys::Array::from(&field("line"));
        assert_eq!(line.length(), 3, "the threat, a block, the road");
    }
}
