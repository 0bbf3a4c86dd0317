//! Perft against the published values in tests/data/perft.txt (from RULES.md).

use tak::{perft, Position};

struct Case {
    tps: String,
    fast: Vec<u64>,
    slow: Vec<u64>,
}

fn cases() -> Vec<Case> {
    include_str!("data/perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let (tps, counts) = line.split_once('|').expect("TPS | counts");
            let (fast, slow) = counts.split_once("slow:").unwrap_or((counts, ""));
            let numbers = |s: &str| {
                s.split_whitespace()
                    .map(|n| n.parse().expect("a count"))
                    .collect()
            };
            Case {
                tps: tps.trim().to_string(),
                fast: numbers(fast),
                slow: numbers(slow),
            }
        })
        .collect()
}

#[test]
fn data_file_has_every_published_position() {
    assert_eq!(cases().len(), 16);
}

#[test]
fn perft_matches_published_values() {
    for case in cases() {
        let mut pos = Position::from_tps(&case.tps).unwrap_or_else(|e| panic!("{}: {e}", case.tps));
        for (i, &expected) in case.fast.iter().enumerate() {
            let depth = i as u32 + 1;
            assert_eq!(
                perft::perft(&mut pos, depth),
                expected,
                "{} depth {depth}",
                case.tps
            );
        }
        assert_eq!(
            pos.to_string(),
            Position::from_tps(&case.tps).unwrap().to_string(),
            "perft left the position changed"
        );
    }
}

/// Full make/unmake at every ply (no counting shortcut) agrees with the published values.
#[test]
fn full_perft_agrees_with_counting() {
    for case in cases() {
        let mut pos = Position::from_tps(&case.tps).unwrap();
        let depth = case.fast.len().min(3) as u32;
        assert_eq!(
            perft::perft_full(&mut pos, depth),
            case.fast[depth as usize - 1],
            "{}",
            case.tps
        );
    }
}

#[test]
#[ignore = "deep perft: run with cargo test --release -- --ignored"]
fn deep_perft_matches_published_values() {
    for case in cases() {
        let mut pos = Position::from_tps(&case.tps).unwrap();
        for (i, &expected) in case.slow.iter().enumerate() {
            let depth = (case.fast.len() + i + 1) as u32;
            assert_eq!(
                perft::perft(&mut pos, depth),
                expected,
                "{} depth {depth}",
                case.tps
            );
        }
    }
}
