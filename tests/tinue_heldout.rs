//! The tinue solver judged against an outside proof search, on positions of real games it
//! never saw: `tests/data/tinue-heldout.jsonl` (made by `scripts/tinue-set.py`), positions 3
//! and 5 plies before a road, the road's owner to move, labelled by Tiltak's proof-number
//! search. With `tak tinue`'s defaults ([`TinueLimits::default`]) the solver must find the
//! forced wins Tiltak proved (all but the floor below) and claim none where Tiltak proved
//! there is none.

#![cfg(not(target_arch = "wasm32"))]

use serde::Deserialize;
use tak::ai::tinue::{TinueLimits, TinueResult, TinueSolver};
use tak::Position;

#[derive(Deserialize)]
struct Labelled {
    game: String,
    tps: String,
    /// Tiltak's verdict: `proved`, `disproved` or `unknown`.
    tiltak: String,
}

fn set(label: &str) -> Vec<Labelled> {
    let text = include_str!("data/tinue-heldout.jsonl");
    let all: Vec<Labelled> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(all.len(), 123, "the set as made");
    all.into_iter().filter(|p| p.tiltak == label).collect()
}

fn solve(p: &Labelled) -> TinueResult {
    let pos = Position::from_tps(&p.tps).unwrap_or_else(|e| panic!("{}: {e}", p.game));
    let limits = TinueLimits::default();
    TinueSolver::for_budget(limits.nodes).solve(&pos, limits)
}

#[test]
fn the_solver_finds_the_tinues_tiltak_proves() {
    let proved = set("proved");
    assert_eq!(proved.len(), 43);
    let missed: Vec<&str> = proved
        .iter()
        .filter(|p| !solve(p).is_tinue())
        .map(|p| p.tps.as_str())
        .collect();
    // Measured when the defaults were chosen: 41 of 43 (95.3%); 38 at 7 plies and roads only.
    // The two missed are 15-ply lines the budget does not reach.
    assert!(
        missed.len() <= 2,
        "{} of 43 missed: {missed:#?}",
        missed.len()
    );
}

#[test]
fn the_solver_claims_no_tinue_where_tiltak_proves_there_is_none() {
    let disproved = set("disproved");
    assert_eq!(disproved.len(), 65);
    let claimed: Vec<&str> = disproved
        .iter()
        .filter(|p| solve(p).is_tinue())
        .map(|p| p.tps.as_str())
        .collect();
    assert!(claimed.is_empty(), "false claims: {claimed:#?}");
}
