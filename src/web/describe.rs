//! The board in words: screen-reader text, square by square, and the players' labels.

use super::i18n;
use super::state::Board;
use crate::{Color, Kind};

impl Board {
    /// The name over a player's reserve: against the computer "You" and "Computer · Club";
    /// else theirs when the game names them (a match, or a game read with `Player1` /
    /// `Player2` tags), shortened to fit; else the colour.
    pub fn player_label(&self, color: Color) -> String {
        const LONGEST: usize = 16;
        let tag = if color == Color::White {
            "Player1"
        } else {
            "Player2"
        };
        let named = if self.record.sitting.computer.is_some() {
            Some(self.player_name(color))
        } else {
            self.record.game.tag(tag).map(|n| n.trim().to_string())
        };
        match named.as_deref() {
            Some(name) if !name.is_empty() && name != "?" => {
                if name.chars().count() > LONGEST {
                    let mut short: String = name.chars().take(LONGEST - 1).collect();
                    short.push('…');
                    short
                } else {
                    name.to_string()
                }
            }
            _ => self.colour_name(color),
        }
    }

    /// "White" or "Black", in the board's language.
    pub fn colour_name(&self, color: Color) -> String {
        let key = if color == Color::White {
            "color.white"
        } else {
            "color.black"
        };
        i18n::text(self.lang, key, &[])
    }

    /// The board as text, square by square as it is shown (from the top rank down; from
    /// rank 1 up, each rank from the h-file, when seen from Black's side), each stack bottom
    /// to top: for screen readers.
    pub fn describe(&self) -> Vec<String> {
        let pos = self.position();
        let mut lines = Vec::with_capacity(64);
        for sq in self.layout.squares_as_shown() {
            let stack = pos.stack(sq);
            let pieces = if stack.is_empty() {
                i18n::text(self.lang, "sr.empty", &[])
            } else {
                stack
                    .pieces()
                    .map(|p| {
                        let key = match (p.color, p.kind) {
                            (Color::White, Kind::Flat) => "piece.white.flat",
                            (Color::White, Kind::Wall) => "piece.white.wall",
                            (Color::White, Kind::Cap) => "piece.white.cap",
                            (Color::Black, Kind::Flat) => "piece.black.flat",
                            (Color::Black, Kind::Wall) => "piece.black.wall",
                            (Color::Black, Kind::Cap) => "piece.black.cap",
                        };
                        i18n::text(self.lang, key, &[])
                    })
                    .fold(String::new(), |mut all, piece| {
                        if !all.is_empty() {
                            all.push_str(", ");
                        }
                        all.push_str(&piece);
                        all
                    })
            };
            lines.push(i18n::text(
                self.lang,
                "sr.square",
                &[("square", sq.to_string()), ("pieces", pieces)],
            ));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::config::BoardOptions;
    use crate::{Config, Game};

    #[test]
    fn a_long_name_is_shortened_and_a_missing_one_is_the_colour() {
        let mut game = Game::with_config(Config::standard(5).unwrap());
        game.set_tag("Player1", "Bartholomew Featherstonehaugh");
        game.set_tag("Player2", "?");
        let b = Board::new(game, BoardOptions::default());
        assert_eq!(b.player_label(Color::White), "Bartholomew Fea…");
        assert_eq!(b.player_label(Color::Black), "Black");
    }

    #[test]
    fn every_square_is_read_from_the_top_rank_down_each_stack_bottom_to_top() {
        let mut b = Board::with_config(Config::standard(3).unwrap(), BoardOptions::default());
        b.play_ptn("a3").unwrap();
        b.play_ptn("c1").unwrap();
        let lines = b.describe();
        assert_eq!(lines.len(), 9);
        assert_eq!(lines[0], "a3: black flat");
        assert_eq!(lines[1], "b3: empty");
        assert_eq!(lines[8], "c1: white flat");
    }

    #[test]
    fn seen_from_blacks_side_the_squares_are_read_as_shown() {
        let mut b = Board::with_config(Config::standard(3).unwrap(), BoardOptions::default());
        b.play_ptn("a3").unwrap();
        b.play_ptn("c1").unwrap();
        b.set_flipped(true);
        let lines = b.describe();
        assert_eq!(
            lines[0], "c1: white flat",
            "rank 1 at the top, the c-file at the left"
        );
        assert_eq!(lines[2], "a1: empty");
        assert_eq!(lines[8], "a3: black flat");
    }
}
