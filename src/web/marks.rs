//! Marks on the board, for explaining a position: arrows between squares, highlighted
//! squares in a few named colours, and short labels. They come from every route a host has
//! — the JS handle, URL parameters, `<tak-board>` attributes — and from PTN comments, where
//! an inline syntax lets a PTN file carry its diagrams:
//!
//! ```text
//! {[arrows c3-e3,a1-a3] [highlight d4,c3:red] [labels b2:1,b3:A] Now the road is threatened}
//! ```
//!
//! Parsing is pure Rust so that every route shares it; anything unreadable is refused with a
//! message that says what and where.
//!
//! ```
//! use tak::web::marks::{parse_comment, Mark, MarkColor};
//! let (marks, text) = parse_comment("[arrows c3-e3] [highlight d4:red] Watch the road")?;
//! assert_eq!(text, "Watch the road");
//! assert_eq!(marks.len(), 2);
//! assert!(matches!(marks[1], Mark::Square { color: MarkColor::Red, .. }));
//! # Ok::<(), String>(())
//! ```

use crate::Square;
use std::fmt;

/// The colours a mark can have: the Okabe–Ito palette, distinguishable with every common
/// form of colour blindness, readable on the light and the dark board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MarkColor {
    #[default]
    Green,
    Red,
    Blue,
    Yellow,
    Orange,
    Purple,
}

impl MarkColor {
    pub const ALL: [MarkColor; 6] = [
        MarkColor::Green,
        MarkColor::Red,
        MarkColor::Blue,
        MarkColor::Yellow,
        MarkColor::Orange,
        MarkColor::Purple,
    ];

    pub fn name(self) -> &'static str {
        match self {
            MarkColor::Green => "green",
            MarkColor::Red => "red",
            MarkColor::Blue => "blue",
            MarkColor::Yellow => "yellow",
            MarkColor::Orange => "orange",
            MarkColor::Purple => "purple",
        }
    }

    pub fn parse(name: &str) -> Option<MarkColor> {
        MarkColor::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The colour, as CSS.
    pub fn css(self) -> &'static str {
        match self {
            MarkColor::Green => "#009e73",
            MarkColor::Red => "#d55e00",
            MarkColor::Blue => "#0072b2",
            MarkColor::Yellow => "#f0e442",
            MarkColor::Orange => "#e69f00",
            MarkColor::Purple => "#cc79a7",
        }
    }

    /// The next colour, for a click that cycles through them.
    pub fn next(self) -> MarkColor {
        let i = MarkColor::ALL.iter().position(|&c| c == self).unwrap_or(0);
        MarkColor::ALL[(i + 1) % MarkColor::ALL.len()]
    }
}

/// One mark.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    Arrow {
        from: Square,
        to: Square,
        color: MarkColor,
    },
    Square {
        square: Square,
        color: MarkColor,
    },
    /// A letter or a number (at most three characters) on a square.
    Label {
        square: Square,
        text: String,
    },
}

impl Mark {
    /// A ply drawn on the board of side `size`: a spread as an arrow from its stack to its
    /// last square, a placement as its square highlighted.
    ///
    /// ```
    /// use tak::web::marks::{Mark, MarkColor};
    /// let spread = Mark::of_move("3c3>12".parse().unwrap(), 5, MarkColor::Red);
    /// assert_eq!(spread, Mark::Arrow { from: "c3".parse().unwrap(), to: "e3".parse().unwrap(), color: MarkColor::Red });
    /// let wall = Mark::of_move("Sd4".parse().unwrap(), 5, MarkColor::Red);
    /// assert_eq!(wall, Mark::Square { square: "d4".parse().unwrap(), color: MarkColor::Red });
    /// ```
    pub fn of_move(mv: crate::Move, size: u8, color: MarkColor) -> Mark {
        if mv.is_placement() {
            return Mark::Square {
                square: mv.square(),
                color,
            };
        }
        Mark::Arrow {
            from: mv.square(),
            to: mv.path(size).last().unwrap_or(mv.square()),
            color,
        }
    }

    /// The squares the mark is on.
    pub fn squares(&self) -> Vec<Square> {
        match self {
            Mark::Arrow { from, to, .. } => vec![*from, *to],
            Mark::Square { square, .. } | Mark::Label { square, .. } => vec![*square],
        }
    }
}

/// The longest label, in characters.
pub const MAX_LABEL: usize = 3;
/// The most marks one list may hold (a hostile page cannot make a frame slow).
pub const MAX_MARKS: usize = 128;

fn square(text: &str) -> Result<Square, String> {
    text.trim()
        .parse::<Square>()
        .map_err(|_| format!("'{}' is not a square (a1 to h8)", text.trim()))
}

fn items(list: &str) -> impl Iterator<Item = &str> {
    list.split([',', ' '])
        .map(str::trim)
        .filter(|s| !s.is_empty())
}

/// Reads arrows: `c3-e3,a1-a3`, each optionally `:colour` (`c3-e3:red`).
pub fn parse_arrows(list: &str) -> Result<Vec<Mark>, String> {
    items(list)
        .map(|item| {
            let (span, color) = split_color(item)?;
            let (a, b) = span
                .split_once('-')
                .ok_or_else(|| format!("'{item}' is not an arrow (like c3-e3)"))?;
            let (from, to) = (square(a)?, square(b)?);
            if from == to {
                return Err(format!("'{item}': an arrow needs two different squares"));
            }
            Ok(Mark::Arrow {
                from,
                to,
                color: color.unwrap_or(MarkColor::Green),
            })
        })
        .collect()
}

/// Reads highlighted squares: `c3,d4`, each optionally `:colour` (`c3:red`).
pub fn parse_highlights(list: &str) -> Result<Vec<Mark>, String> {
    items(list)
        .map(|item| {
            let (sq, color) = split_color(item)?;
            Ok(Mark::Square {
                square: square(sq)?,
                color: color.unwrap_or(MarkColor::Green),
            })
        })
        .collect()
}

/// Reads labels: `b2:1,b3:A` (at most three characters each, no commas or brackets).
pub fn parse_labels(list: &str) -> Result<Vec<Mark>, String> {
    items(list)
        .map(|item| {
            let (sq, text) = item
                .split_once(':')
                .ok_or_else(|| format!("'{item}' is not a label (like b2:1)"))?;
            let text = text.trim();
            if text.is_empty() || text.chars().count() > MAX_LABEL {
                return Err(format!("'{item}': a label is 1 to {MAX_LABEL} characters"));
            }
            if text
                .chars()
                .any(|c| c.is_control() || matches!(c, '[' | ']' | '{' | '}'))
            {
                return Err(format!("'{item}': a label cannot hold brackets"));
            }
            Ok(Mark::Label {
                square: square(sq)?,
                text: text.to_string(),
            })
        })
        .collect()
}

fn split_color(item: &str) -> Result<(&str, Option<MarkColor>), String> {
    match item.rsplit_once(':') {
        Some((head, color)) => {
            let c = MarkColor::parse(color).ok_or_else(|| {
                format!(
                    "'{color}' is not a mark colour ({})",
                    MarkColor::ALL.map(|c| c.name()).join(", ")
                )
            })?;
            Ok((head, Some(c)))
        }
        None => Ok((item, None)),
    }
}

/// Reads the marks written at the start of a comment (`[arrows …] [highlight …] [labels …]`,
/// in any order) and returns them with the rest of the comment, the text to show. A comment
/// with no marks is all text; a bracket that is not a mark is left in the text.
pub fn parse_comment(comment: &str) -> Result<(Vec<Mark>, String), String> {
    let mut marks = Vec::new();
    let mut rest = comment.trim_start();
    while let Some(inner) = rest.strip_prefix('[') {
        let Some((body, tail)) = inner.split_once(']') else {
            break;
        };
        let (kind, list) = body.split_once(char::is_whitespace).unwrap_or((body, ""));
        let parsed = match kind.to_ascii_lowercase().as_str() {
            "arrows" | "arrow" => parse_arrows(list)?,
            "highlight" | "highlights" => parse_highlights(list)?,
            "labels" | "label" => parse_labels(list)?,
            _ => break,
        };
        marks.extend(parsed);
        rest = tail.trim_start();
    }
    marks.truncate(MAX_MARKS);
    Ok((marks, rest.to_string()))
}

/// Writes marks in the comment syntax (`[arrows …] [highlight …] [labels …]`), empty for
/// none; [`parse_comment`] reads it back.
///
/// ```
/// use tak::web::marks::{parse_comment, to_comment};
/// let text = "[arrows c3-e3:red] [highlight d4] [labels b2:1]";
/// let (marks, rest) = parse_comment(text)?;
/// assert_eq!((to_comment(&marks), rest.as_str()), (text.to_string(), ""));
/// # Ok::<(), String>(())
/// ```
pub fn to_comment(marks: &[Mark]) -> String {
    let color = |c: MarkColor| {
        if c == MarkColor::Green {
            String::new()
        } else {
            format!(":{}", c.name())
        }
    };
    let mut arrows = Vec::new();
    let mut squares = Vec::new();
    let mut labels = Vec::new();
    for m in marks {
        match m {
            Mark::Arrow { from, to, color: c } => arrows.push(format!("{from}-{to}{}", color(*c))),
            Mark::Square { square, color: c } => squares.push(format!("{square}{}", color(*c))),
            Mark::Label { square, text } => labels.push(format!("{square}:{text}")),
        }
    }
    let mut parts = Vec::new();
    if !arrows.is_empty() {
        parts.push(format!("[arrows {}]", arrows.join(",")));
    }
    if !squares.is_empty() {
        parts.push(format!("[highlight {}]", squares.join(",")));
    }
    if !labels.is_empty() {
        parts.push(format!("[labels {}]", labels.join(",")));
    }
    parts.join(" ")
}

/// Adds `mark`, or takes it away if the same is already there (a second right-click). A
/// square mark in another colour is replaced.
pub fn toggle(marks: &mut Vec<Mark>, mark: Mark) {
    if let Some(i) = marks.iter().position(|m| *m == mark) {
        marks.remove(i);
        return;
    }
    marks.retain(|m| match (m, &mark) {
        (Mark::Square { square: a, .. }, Mark::Square { square: b, .. }) => a != b,
        (Mark::Arrow { from: a, to: b, .. }, Mark::Arrow { from: c, to: d, .. }) => {
            (a, b) != (c, d)
        }
        _ => true,
    });
    if marks.len() < MAX_MARKS {
        marks.push(mark);
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&to_comment(std::slice::from_ref(self)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_route_reads_the_same_syntax_and_refuses_nonsense() {
        assert_eq!(parse_arrows("c3-e3, a1-a3:blue").unwrap().len(), 2);
        assert_eq!(parse_highlights("c3 d4:red").unwrap().len(), 2);
        assert_eq!(parse_labels("b2:1,b3:Tak").unwrap().len(), 2);
        assert!(parse_arrows("c3-c3").is_err());
        assert!(parse_arrows("c3e3").is_err());
        assert!(parse_highlights("z9").is_err());
        assert!(parse_highlights("c3:pink").is_err());
        assert!(parse_labels("b2:toolong").is_err());
        assert!(parse_labels("b2:<").is_ok(), "shown as text, never run");
        assert!(parse_labels("b2:]").is_err());
    }

    #[test]
    fn comments_keep_their_text_and_brackets_that_are_not_marks() {
        let (m, t) = parse_comment("[highlight c3] [see move 5] text").unwrap();
        assert_eq!(m.len(), 1);
        assert_eq!(t, "[see move 5] text");
        let (m, t) = parse_comment("plain text [highlight c3]").unwrap();
        assert!(m.is_empty());
        assert_eq!(t, "plain text [highlight c3]");
        assert!(parse_comment("[highlight c9] x").is_err());
    }

    #[test]
    fn toggling_adds_replaces_and_removes() {
        let sq: Square = "c3".parse().unwrap();
        let mut marks = Vec::new();
        toggle(
            &mut marks,
            Mark::Square {
                square: sq,
                color: MarkColor::Green,
            },
        );
        toggle(
            &mut marks,
            Mark::Square {
                square: sq,
                color: MarkColor::Red,
            },
        );
        assert_eq!(
            marks,
            vec![Mark::Square {
                square: sq,
                color: MarkColor::Red
            }]
        );
        toggle(
            &mut marks,
            Mark::Square {
                square: sq,
                color: MarkColor::Red,
            },
        );
        assert!(marks.is_empty());
    }
}
