//! The reserves beside the board: each player's piles, what is left in them, and the name
//! over them (whose turn it is in bold).

use super::super::canvas::{Align, Canvas, TextStyle};
use super::super::layout::Point;
use super::super::state::Board;
use super::super::Within;
use super::pieces::draw_lone_piece;
use crate::{Color, Kind, Piece};

pub(super) fn draw_reserves(board: &Board, canvas: &mut dyn Canvas) {
    let layout = &board.layout;
    let theme = &board.theme;
    let pos = board.shown_position();
    let active = pos.placing_color();
    let over = board.record.game.outcome().is_some() || board.preview.is_some();
    for color in Color::ALL {
        let reserve = &layout.reserves[color.index()];
        let stones = pos.stones_left(color);
        let caps = pos.caps_left(color);
        let px = (layout.square * 0.2).within(10.0, 18.0);
        for kind in Kind::ALL {
            let pile = reserve.pile(kind);
            let left = if kind == Kind::Cap { caps } else { stones };
            if kind == Kind::Cap && pos.config().caps == 0 {
                continue;
            }
            let usable = board.options.interactive
                && !over
                && color == active
                && left > 0
                && (!pos.is_opening() || kind == Kind::Flat);
            if usable {
                canvas.round_rect(pile.inset(-2.0), layout.square * 0.08, theme.target, None);
                if board.selected == kind && !pos.is_opening() {
                    canvas.stroke_rect(pile.inset(-2.0), theme.selected, 2.0);
                }
            }
            canvas.set_alpha(if left == 0 { 0.25 } else { 1.0 });
            draw_lone_piece(
                board,
                canvas,
                Point::new(pile.center().x, pile.y + pile.height * 0.78),
                Piece::new(color, kind),
            );
            canvas.set_alpha(1.0);
            if usable && pos.is_opening() && kind == Kind::Flat {
                // The first two plies: the count, and whose ply takes from this pile (beside
                // the count in a row of piles, under it in a column).
                let mover = super::super::i18n::text(
                    board.lang,
                    super::super::drag::color_key(pos.to_move()),
                    &[],
                );
                let label = super::super::i18n::text(
                    board.lang,
                    "canvas.opening_pile",
                    &[("player", mover)],
                );
                let style = TextStyle {
                    px: px * 0.85,
                    color: theme.selected,
                    align: Align::Center,
                    bold: true,
                };
                let count_y = pile.y + pile.height + px * 0.95;
                if layout.portrait {
                    canvas.text(
                        pile.center().x,
                        count_y,
                        &format!("{left} · {label}"),
                        style,
                    );
                } else {
                    canvas.text(
                        pile.center().x,
                        count_y,
                        &left.to_string(),
                        TextStyle {
                            px,
                            color: theme.text,
                            ..style
                        },
                    );
                    // Under the pile, within its column's room (between the board and the
                    // canvas's edge): smaller where the words are wider than that room
                    // (Catalan's "per a les Blanques" ran onto the board at 1200 px).
                    let fit = reserve.label_width / (label.chars().count() as f64 * 0.62);
                    let style = TextStyle {
                        px: style.px.min(fit),
                        ..style
                    };
                    canvas.text(pile.center().x, count_y + px * 1.15, &label, style);
                }
            } else if kind != Kind::Wall {
                let label = left.to_string();
                canvas.text(
                    pile.center().x,
                    pile.y + pile.height + px * 0.95,
                    &label,
                    TextStyle {
                        px,
                        color: theme.text,
                        align: Align::Center,
                        bold: true,
                    },
                );
            }
        }
        // Whose reserve, and whose turn.
        let label = fit_label(board, color, reserve.label_width, px);
        let Point { x, y } = reserve.label;
        let align = if layout.portrait {
            Align::Left
        } else {
            Align::Center
        };
        // Centred over a column by the canvas's edge: kept inside the canvas.
        let x = if layout.portrait {
            x
        } else {
            let half = label.chars().count() as f64 * px * 0.33;
            x.within(half + 2.0, (layout.width - half - 2.0).max(half + 2.0))
        };
        let bold = !over && pos.to_move() == color;
        canvas.text(
            x,
            y,
            &label,
            TextStyle {
                px,
                color: if bold { theme.selected } else { theme.text },
                align,
                bold,
            },
        );
    }
}

/// The name over a reserve, fitted to `width` pixels at `px` (bold): a player's name
/// shortened with an ellipsis, or the colour's when too little of the name would show.
fn fit_label(board: &Board, color: Color, width: f64, px: f64) -> String {
    // An average bold sans-serif letter; generous, so that nothing runs under the piles.
    let fits = (width / (px * 0.62)).max(0.0) as usize;
    let name = board.player_label(color);
    let len = name.chars().count();
    if len <= fits {
        return name;
    }
    // The computer's short name ("Computer" for "Computer · Club") before a cut one.
    if let Some(short) = board
        .player_short(color)
        .filter(|s| s.chars().count() <= fits)
    {
        return short;
    }
    if fits < 5 {
        return board.colour_name(color);
    }
    let mut short: String = name.chars().take(fits - 1).collect();
    short.push('…');
    short
}

#[cfg(test)]
mod tests {
    use super::super::tests::{board, recorded};
    use crate::web::state::Board;
    use crate::{Game, Position};

    /// The texts a frame draws.
    fn texts(b: &mut Board) -> Vec<String> {
        recorded(b)
            .iter()
            .filter(|o| o.starts_with("text"))
            .map(|o| o.splitn(6, ' ').nth(5).unwrap_or("").to_string())
            .collect()
    }

    #[test]
    fn the_players_names_label_the_reserves_where_they_fit() {
        let mut game = Game::new(Position::from_tps("x5/x5/x5/x5/x5 1 1").unwrap());
        game.set_tag("Player1", "Ann");
        game.set_tag("Player2", "Bartholomew the Long-Winded");
        let mut b = board("x5/x5/x5/x5/x5 1 1");
        b.load(game);
        // Wide: the names, the long one shortened with an ellipsis.
        b.resize(1000.0, 700.0, 1.0);
        let wide = texts(&mut b);
        assert!(wide.iter().any(|t| t == "Ann"), "{wide:?}");
        assert!(
            wide.iter()
                .any(|t| t.starts_with("Bartholom") && t.ends_with('…')),
            "{wide:?}"
        );
        // A phone held upright has room for a short word: the long name cut shorter.
        b.prefer_portrait = true;
        b.resize(390.0, 560.0, 1.0);
        let narrow = texts(&mut b);
        assert!(
            narrow
                .iter()
                .any(|t| t.starts_with("Barth") && t.ends_with('…') && t.chars().count() <= 9),
            "{narrow:?}"
        );
    }

    /// Against the computer, a phone held upright names its reserve as a wide screen does
    /// ("Computer"), not by its colour (issue 38), in every language, with the word its
    /// language calls the computer everywhere (issue 47).
    #[test]
    fn a_phone_upright_names_the_computer_s_reserve_as_a_wide_screen_does() {
        use crate::web::i18n::{text, Lang};
        for lang in Lang::ALL {
            let mut b = board("x5/x5/x5/x5/x5 1 1");
            b.set_lang(lang);
            b.set_computer(Some((crate::Color::Black, 3)));
            let word = text(lang, "match.computer", &[]);
            let black = text(lang, "color.black", &[]);
            b.prefer_portrait = false;
            b.resize(1000.0, 700.0, 1.0);
            let wide = texts(&mut b);
            assert!(wide.iter().any(|t| t.starts_with(&word)), "{wide:?}");
            for width in [390.0, 360.0, 320.0] {
                b.prefer_portrait = true;
                b.resize(width, width * 1.45, 1.0);
                let narrow = texts(&mut b);
                assert!(
                    narrow.iter().any(|t| t.starts_with(&word)),
                    "{width}: {narrow:?}"
                );
                assert!(!narrow.contains(&black), "{width}: {narrow:?}");
            }
        }
    }
}
