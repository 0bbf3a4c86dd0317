//! Opening books: the starts that matches and training play from, one line of PTN plies
//! each, every opening played twice with colours swapped.
//!
//! Two kinds per size, kept apart (no position of one is in the other, up to the board's
//! symmetries):
//! - the **training book** (`data/openings/book-N.txt`): random flat placements kept only when
//!   our search finds them balanced, so that a pair of games says something about the two
//!   engines and little about the opening; training and gating play from it;
//! - the **confirmation set** (`data/openings/confirm-N.txt`): random flat placements that
//!   nothing chose, for matches against outside engines at the end of a round.
//!
//! ```
//! use tak::ai::book::{random_opening, Book};
//! use tak::Config;
//! let config = Config::standard(6)?;
//! let opening = random_opening(config, 4, 7);
//! assert_eq!(opening.len(), 4);
//! let book = Book::from_text(config, "# a comment\na1 f6 c3 d4\n")?;
//! assert_eq!(book.len(), 1);
//! assert_eq!(book.to_text("one opening"), "# one opening\na1 f6 c3 d4\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::level::Rng;
use super::pool::run_jobs;
use super::search::{SearchLimits, Searcher};
use crate::puzzle::symmetric_key;
use crate::{Config, Move, Position};
use std::collections::HashSet;

/// Openings of one board size.
#[derive(Clone, Debug, PartialEq)]
pub struct Book {
    pub config: Config,
    pub openings: Vec<Vec<Move>>,
}

impl Book {
    pub fn len(&self) -> usize {
        self.openings.len()
    }

    pub fn is_empty(&self) -> bool {
        self.openings.is_empty()
    }

    /// The `index`-th opening, counting round the book when the match is longer.
    pub fn get(&self, index: usize) -> &[Move] {
        &self.openings[index % self.openings.len().max(1)]
    }

    /// Reads one opening a line (PTN plies; `#` starts a comment line). Every ply is checked
    /// against the rules; an error names its line.
    pub fn from_text(config: Config, text: &str) -> Result<Book, String> {
        let mut openings = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut pos = Position::with_config(config);
            let mut opening = Vec::new();
            for word in line.split_whitespace() {
                let mv: Move = word
                    .parse()
                    .map_err(|e| format!("line {}: {word}: {e}", i + 1))?;
                pos.play(mv)
                    .map_err(|e| format!("line {}: {word}: {e}", i + 1))?;
                if pos.is_over() {
                    return Err(format!("line {}: the game is over after {word}", i + 1));
                }
                opening.push(mv);
            }
            openings.push(opening);
        }
        if openings.is_empty() {
            return Err("no opening in the book".into());
        }
        Ok(Book { config, openings })
    }

    /// Reads a book file.
    pub fn read(config: Config, path: &str) -> Result<Book, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        Book::from_text(config, &text).map_err(|e| format!("{path}: {e}"))
    }

    /// One opening a line, after a comment line saying what the book is.
    pub fn to_text(&self, comment: &str) -> String {
        let mut out = String::new();
        for line in comment.lines() {
            out.push_str("# ");
            out.push_str(line);
            out.push('\n');
        }
        for opening in &self.openings {
            let plies = crate::ptn::write_line(&Position::with_config(self.config), opening);
            out.push_str(&plies.join(" "));
            out.push('\n');
        }
        out
    }

    /// The positions the openings reach, up to the board's symmetries.
    pub fn keys(&self) -> HashSet<String> {
        self.openings
            .iter()
            .map(|o| symmetric_key(&end_of(self.config, o)))
            .collect()
    }
}

/// The position after `opening`.
pub fn end_of(config: Config, opening: &[Move]) -> Position {
    let mut pos = Position::with_config(config);
    for &mv in opening {
        pos.play_unchecked(mv);
    }
    pos
}

/// How many random flat placements an opening has: enough that books of thousands differ
/// (4×4 has fewer than a thousand balanced openings of four plies), few enough that the game
/// is still to be played.
pub fn opening_plies(size: u8) -> usize {
    match size {
        3 => 2,
        5 | 6 => 4,
        _ => 6,
    }
}

/// `plies` flat placements anywhere, seeded: the first two (each player's first ply places
/// the opponent's flat) and then each player's own.
pub fn random_opening(config: Config, plies: usize, seed: u64) -> Vec<Move> {
    let mut rng = Rng::new(seed ^ ((config.size as u64) << 56));
    let mut pos = Position::with_config(config);
    let mut moves = Vec::new();
    let mut line = Vec::new();
    for _ in 0..plies {
        pos.legal_moves(&mut moves);
        moves.retain(|m| m.kind() == Some(crate::Kind::Flat));
        let mv = moves[rng.below(moves.len() as u64) as usize];
        pos.play_unchecked(mv);
        line.push(mv);
    }
    line
}

/// How to make a book.
#[derive(Clone, Debug, PartialEq)]
pub struct BookOptions {
    pub openings: usize,
    pub seed: u64,
    /// Keep only openings our search scores within this many hundredths of a flat of the
    /// typical opening of the size (the median of those judged: even on 6×6 with komi, two
    /// flats for White on 4×4, where the first player wins), so that neither colour starts far
    /// better off than usual (`None`: keep every one, as the confirmation set does).
    pub balanced_within: Option<i32>,
    /// The search that judges balance.
    pub nodes: u64,
    pub threads: usize,
}

/// Makes a book of distinct openings (up to symmetry), none of whose positions is in
/// `exclude`: seeded random placements, each kept if balanced (see [`BookOptions`]). A small
/// board has fewer distinct openings than asked for: the book then holds all it found in
/// a thousand tries an opening (each new one judged once).
pub fn make_book(config: Config, options: &BookOptions, exclude: &HashSet<String>) -> Book {
    let plies = opening_plies(config.size);
    let mut seen = exclude.clone();
    let mut openings = Vec::new();
    let mut next_seed = options.seed;
    let last_seed = options.seed + 1000 * options.openings as u64;
    let mut typical = None;
    // Candidates are judged in batches on every thread, then kept in seed order, so that the
    // same options make the same book on any number of cores.
    while openings.len() < options.openings && next_seed < last_seed {
        // Only openings not met before are judged (a small board soon runs out of new ones).
        let mut keys = Vec::new();
        let mut batch: Vec<Vec<Move>> = Vec::new();
        while batch.len() < 256 && next_seed < last_seed {
            let opening = random_opening(config, plies, next_seed);
            next_seed += 1;
            let key = symmetric_key(&end_of(config, &opening));
            if !seen.contains(&key) && !keys.contains(&key) {
                keys.push(key);
                batch.push(opening);
            }
        }
        if batch.is_empty() {
            break;
        }
        let mut balanced = vec![true; batch.len()];
        if let Some(margin) = options.balanced_within {
            // White's score of each, as the search finds it.
            let mut scores = vec![0; batch.len()];
            let _ = run_jobs(
                options.threads,
                batch.len(),
                || Ok(Searcher::new(4)),
                |searcher, job| {
                    searcher.clear();
                    let pos = end_of(config, &batch[job]);
                    let result = searcher.search(&pos, SearchLimits::nodes(options.nodes), |_| {});
                    let white = if pos.to_move() == crate::Color::White {
                        1
                    } else {
                        -1
                    };
                    Ok(white * result.score)
                },
                |job, score| {
                    scores[job] = score;
                    true
                },
            );
            let median = *typical.get_or_insert_with(|| {
                let mut sorted = scores.clone();
                sorted.sort_unstable();
                sorted[sorted.len() / 2]
            });
            for (ok, score) in balanced.iter_mut().zip(&scores) {
                *ok = (score - median).abs() <= margin;
            }
        }
        for ((opening, ok), key) in batch.into_iter().zip(balanced).zip(keys) {
            seen.insert(key);
            if ok && openings.len() < options.openings {
                openings.push(opening);
            }
        }
    }
    Book { config, openings }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_book_is_distinct_balanced_and_apart_from_what_it_excludes() {
        let config = Config::standard(5).unwrap();
        let confirm = make_book(
            config,
            &BookOptions {
                openings: 20,
                seed: 1,
                balanced_within: None,
                nodes: 0,
                threads: 2,
            },
            &HashSet::new(),
        );
        assert_eq!(confirm.len(), 20);
        let book = make_book(
            config,
            &BookOptions {
                openings: 30,
                seed: 1, // the same seed: every confirmation opening comes up again
                balanced_within: Some(60),
                nodes: 500,
                threads: 2,
            },
            &confirm.keys(),
        );
        assert_eq!(book.len(), 30);
        assert!(book.keys().is_disjoint(&confirm.keys()));
        assert_eq!(book.keys().len(), 30, "distinct up to symmetry");
        // The text is read back the same.
        let again = Book::from_text(config, &book.to_text("test")).unwrap();
        assert_eq!(again, book);
    }

    #[test]
    fn a_bad_line_is_named() {
        let config = Config::standard(5).unwrap();
        let err = Book::from_text(config, "a1 e5\na1 a1\n").unwrap_err();
        assert!(err.starts_with("line 2: a1:"), "{err}");
        assert!(Book::from_text(config, "# nothing\n").is_err());
    }
}
