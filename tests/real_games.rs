//! Replays the 598 real games from playtak.com (tests/data/real-games.jsonl, a copy of
#![cfg(not(target_arch = "wasm32"))]
//! shared/data): every ply legal, and every complete game ends as recorded.

use serde_json::Value;
use tak::{Color, Config, EndReason, Game, Komi, Outcome};

fn games() -> Vec<Value> {
    include_str!("data/real-games.jsonl")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

fn replay(game: &Value) -> Game {
    let size = game["size"].as_u64().expect("size") as u8;
    let komi = Komi::from_half_flats((game["komi"].as_f64().unwrap_or(0.0) * 2.0).round() as i8)
        .expect("komi");
    let config = Config::standard(size)
        .and_then(|c| {
            c.with_pieces(
                game["flats"].as_u64().unwrap() as u8,
                game["caps"].as_u64().unwrap() as u8,
            )
        })
        .expect("config")
        .with_komi(komi);
    let mut g = Game::with_config(config);
    for (i, m) in game["moves"].as_array().expect("moves").iter().enumerate() {
        let text = m.as_str().expect("a move");
        let mv = text
            .parse()
            .unwrap_or_else(|e| panic!("{} ply {}: '{text}': {e}", game["id"], i + 1));
        g.play(mv)
            .unwrap_or_else(|e| panic!("{} ply {} {text}: {e}", game["id"], i + 1));
    }
    g
}

#[test]
fn all_598_games_replay_legally() {
    let games = games();
    assert_eq!(games.len(), 598);
    for game in &games {
        replay(game);
    }
}

#[test]
fn complete_games_end_as_recorded() {
    let mut checked = [0usize; 4]; // road/flat, winner only, not over, draws
    for game in games()
        .iter()
        .filter(|g| g["complete"] == Value::Bool(true))
    {
        let g = replay(game);
        let outcome = g.position().outcome();
        let id = &game["id"];
        match game["result"].as_str() {
            Some(r @ ("R-0" | "0-R" | "F-0" | "0-F")) => {
                assert_eq!(outcome, Outcome::from_ptn_result(r), "{id}");
                checked[0] += 1;
            }
            Some("1/2-1/2") => {
                assert_eq!(
                    outcome.map(|o| (o.winner, o.reason)),
                    Some((None, EndReason::Flats)),
                    "{id}"
                );
                checked[3] += 1;
            }
            Some("1-0" | "0-1" | "0-0") => {
                assert_eq!(
                    outcome, None,
                    "{id}: resigned or timed-out game ends in a finished position"
                );
                checked[2] += 1;
            }
            Some(other) => panic!("{id}: unexpected result {other}"),
            None => {
                let expected = match game["winner"].as_str() {
                    Some("white") => Some(Color::White),
                    Some("black") => Some(Color::Black),
                    Some("draw") => None,
                    other => panic!("{id}: no result and winner {other:?}"),
                };
                let o = outcome
                    .unwrap_or_else(|| panic!("{id}: recorded as won on the board but not over"));
                assert_eq!(o.winner, expected, "{id}");
                assert!(matches!(o.reason, EndReason::Road | EndReason::Flats));
                checked[1] += 1;
            }
        }
    }
    assert!(
        checked[0] > 150 && checked[1] > 350 && checked[2] > 5,
        "{checked:?}"
    );
}

/// Every real game survives a round trip through PTN text and through TPS.
#[test]
fn real_games_round_trip_through_ptn_and_tps() {
    for game in games() {
        let g = replay(&game);
        let text = tak::ptn::write_game(&g);
        let back =
            tak::ptn::parse_game(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", game["id"]));
        assert_eq!(back.position(), g.position(), "{}", game["id"]);
        let tps = g.position().to_string();
        let again = tak::tps::parse(&tps, *g.position().config()).expect("own TPS reads back");
        assert_eq!(&again, g.position());
    }
}
