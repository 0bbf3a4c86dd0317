//! The board as SVG: the same renderer that draws the canvas, drawing onto an SVG document
//! instead, for `toSVG()`, exported images and `tak render`. Every text is escaped: a label
//! or a comment can never become markup.
//!
//! ```
//! use tak::web::{config::BoardOptions, state::Board, svg};
//! let start = tak::Position::from_tps("x3/x,1,x/x3 2 2")?;
//! let mut board = Board::new(tak::Game::new(start), BoardOptions::default());
//! board.set_host_marks(tak::web::marks::parse_highlights("b2:red")?);
//! let doc = svg::board_svg(&board, 480.0, 360.0, false);
//! assert!(doc.starts_with("<svg") && doc.ends_with("</svg>\n"));
//! assert!(doc.contains("#d55e00"), "the red highlight");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::canvas::{Align, Canvas, TextStyle};
use super::json::fixed;
use super::layout::{Point, Rect};
use super::render;
use super::state::Board;
use super::theme::Theme;
use super::Within;

/// A canvas that writes SVG elements.
#[derive(Debug)]
pub struct SvgCanvas {
    body: String,
    width: f64,
    height: f64,
    alpha: f64,
    /// Draws no text (a small picture, where names and counts would be a smudge).
    pub no_text: bool,
}

/// Appends ` name="value"` with the number written to two decimals.
fn attr(out: &mut String, name: &str, value: f64) {
    out.push(' ');
    out.push_str(name);
    out.push_str("=\"");
    fixed(out, value, 2);
    out.push('"');
}

/// Escapes text for XML (content and attribute values).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() && c != '\n' => {}
            c => out.push(c),
        }
    }
    out
}

/// `name="colour"` for an SVG paint, with `rgba()` split into a colour and an opacity so
/// that print tools read it too, and the canvas's global alpha applied.
fn paint(name: &str, color: &str, alpha: f64) -> String {
    let mut opacity = alpha;
    let mut color = color.trim().to_string();
    if let Some(inner) = color
        .strip_prefix("rgba(")
        .and_then(|c| c.strip_suffix(')'))
        .map(str::to_string)
    {
        let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
        if parts.len() == 4 {
            opacity *= super::json::parse_fixed(parts[3], 3).map_or(1.0, |a| a as f64 / 1000.0);
            color = format!("rgb({},{},{})", parts[0], parts[1], parts[2]);
        }
    }
    let mut out = format!(" {name}=\"{}\"", escape(&color));
    if opacity < 0.999 {
        out.push(' ');
        out.push_str(name);
        out.push_str("-opacity=\"");
        fixed(&mut out, opacity.max(0.0), 3);
        out.push('"');
    }
    out
}

impl SvgCanvas {
    pub fn new(width: f64, height: f64) -> SvgCanvas {
        SvgCanvas {
            body: String::new(),
            width,
            height,
            alpha: 1.0,
            no_text: false,
        }
    }

    /// The whole document.
    pub fn finish(self) -> String {
        let view = Rect::new(0.0, 0.0, self.width, self.height);
        let (width, height) = (self.width, self.height);
        self.finish_view(view, width, height)
    }

    /// The part `view` of the drawing, shown `width`×`height` CSS pixels large.
    pub fn finish_view(self, view: Rect, width: f64, height: f64) -> String {
        let mut out = String::from("<svg xmlns=\"http://www.w3.org/2000/svg\"");
        attr(&mut out, "width", width.round());
        attr(&mut out, "height", height.round());
        out.push_str(" viewBox=\"");
        for (i, v) in [view.x, view.y, view.width, view.height]
            .into_iter()
            .enumerate()
        {
            if i > 0 {
                out.push(' ');
            }
            fixed(&mut out, v, 2);
        }
        out.push_str("\" font-family=\"system-ui, -apple-system, 'Segoe UI', sans-serif\">\n");
        out.push_str(&self.body);
        out.push_str("</svg>\n");
        out
    }

    /// Starts an element: `<name` and its numeric attributes.
    fn open(&mut self, name: &str, numbers: &[(&str, f64)]) {
        self.body.push('<');
        self.body.push_str(name);
        for &(k, v) in numbers {
            attr(&mut self.body, k, v);
        }
    }

    /// Starts a `<rect` over `r`, its corners rounded by `radius` if given.
    fn open_rect(&mut self, r: Rect, radius: Option<f64>) {
        let area = [
            ("x", r.x),
            ("y", r.y),
            ("width", r.width),
            ("height", r.height),
        ];
        self.open("rect", &area);
        if let Some(radius) = radius {
            attr(&mut self.body, "rx", radius);
        }
    }

    fn stroke(&self, stroke: Option<(&str, f64)>) -> String {
        match stroke {
            Some((color, width)) => {
                let mut out = paint("stroke", color, self.alpha);
                out.push_str(" stroke-width=\"");
                fixed(&mut out, width, 2);
                out.push('"');
                out
            }
            None => String::new(),
        }
    }
}

impl Canvas for SvgCanvas {
    fn clear(&mut self, width: f64, height: f64, color: &str) {
        self.body.clear();
        self.open("rect", &[("width", width), ("height", height)]);
        self.body.push_str(&paint("fill", color, 1.0));
        self.body.push_str("/>\n");
    }

    fn fill_rect(&mut self, r: Rect, color: &str) {
        self.open_rect(r, None);
        self.body.push_str(&paint("fill", color, self.alpha));
        self.body.push_str("/>\n");
    }

    fn round_rect(&mut self, r: Rect, radius: f64, fill: &str, stroke: Option<(&str, f64)>) {
        self.open_rect(r, Some(radius));
        let paints = paint("fill", fill, self.alpha) + &self.stroke(stroke);
        self.body.push_str(&paints);
        self.body.push_str("/>\n");
    }

    fn circle(&mut self, x: f64, y: f64, radius: f64, fill: &str, stroke: Option<(&str, f64)>) {
        self.open("circle", &[("cx", x), ("cy", y), ("r", radius.max(0.0))]);
        let paints = paint("fill", fill, self.alpha) + &self.stroke(stroke);
        self.body.push_str(&paints);
        self.body.push_str("/>\n");
    }

    fn stroke_rect(&mut self, r: Rect, color: &str, width: f64) {
        self.open(
            "rect",
            &[
                ("x", r.x),
                ("y", r.y),
                ("width", r.width),
                ("height", r.height),
            ],
        );
        let paints = paint("stroke", color, self.alpha);
        self.body.push_str(" fill=\"none\"");
        self.body.push_str(&paints);
        attr(&mut self.body, "stroke-width", width);
        self.body.push_str("/>\n");
    }

    fn text(&mut self, x: f64, y: f64, text: &str, style: TextStyle) {
        if self.no_text {
            return;
        }
        let anchor = match style.align {
            Align::Left => "start",
            Align::Center => "middle",
            Align::Right => "end",
        };
        self.open("text", &[("x", x), ("y", y), ("font-size", style.px)]);
        self.body.push_str(if style.bold {
            " font-weight=\"600\""
        } else {
            " font-weight=\"400\""
        });
        self.body.push_str(" text-anchor=\"");
        self.body.push_str(anchor);
        self.body.push('"');
        let paints = paint("fill", style.color, self.alpha);
        self.body.push_str(&paints);
        self.body.push('>');
        self.body.push_str(&escape(text));
        self.body.push_str("</text>\n");
    }

    fn set_alpha(&mut self, alpha: f64) {
        self.alpha = alpha.within(0.0, 1.0);
    }

    fn line(&mut self, from: Point, to: Point, color: &str, width: f64) {
        self.open(
            "line",
            &[("x1", from.x), ("y1", from.y), ("x2", to.x), ("y2", to.y)],
        );
        let paints = paint("stroke", color, self.alpha);
        self.body.push_str(&paints);
        attr(&mut self.body, "stroke-width", width);
        self.body.push_str(" stroke-linecap=\"round\"/>\n");
    }

    fn polygon(&mut self, points: &[Point], fill: &str) {
        self.body.push_str("<polygon points=\"");
        for (i, p) in points.iter().enumerate() {
            if i > 0 {
                self.body.push(' ');
            }
            fixed(&mut self.body, p.x, 2);
            self.body.push(',');
            fixed(&mut self.body, p.y, 2);
        }
        self.body.push('"');
        let paints = paint("fill", fill, self.alpha);
        self.body.push_str(&paints);
        self.body.push_str("/>\n");
    }
}

/// The squares of `board` alone (no reserves, names or coordinates), `px` CSS pixels wide: a
/// small picture (My games' list), where the reserves' piles and names were a smudge.
pub fn squares_svg(board: &Board, px: f64, dark: bool) -> String {
    let mut snapshot = board.snapshot();
    snapshot.theme = if dark { Theme::DARK } else { Theme::LIGHT };
    // Drawn large enough that the squares alone come out `px` wide, then cut to them.
    let mut size = px;
    for _ in 0..3 {
        snapshot.resize(size, size, 1.0);
        size *= px / snapshot.layout.board.width.max(1.0);
    }
    snapshot.resize(size, size, 1.0);
    let mut canvas = SvgCanvas::new(snapshot.layout.width, snapshot.layout.height);
    canvas.no_text = true;
    render::draw(&mut snapshot, &mut canvas, 0.0);
    let view = snapshot.layout.board;
    canvas.finish_view(view, px, px * view.height / view.width.max(1.0))
}

/// The board as it stands (position, marks, the winning road, the last ply), as an SVG
/// document of `width`×`height` CSS pixels, light or dark.
pub fn board_svg(board: &Board, width: f64, height: f64, dark: bool) -> String {
    let mut snapshot = board.snapshot();
    snapshot.theme = if dark { Theme::DARK } else { Theme::LIGHT };
    snapshot.resize(width, height, 1.0);
    let mut canvas = SvgCanvas::new(snapshot.layout.width, snapshot.layout.height);
    render::draw(&mut snapshot, &mut canvas, 0.0);
    canvas.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::config::BoardOptions;
    use crate::{Config, Game};

    /// The x of the first `<text>` that says `label`.
    fn text_x(svg: &str, label: &str) -> f64 {
        let end = svg
            .find(&format!(">{label}</text>"))
            .unwrap_or_else(|| panic!("{label} in the SVG"));
        let start = svg[..end].rfind("<text").unwrap();
        let x = &svg[start..end].split("x=\"").nth(1).unwrap();
        x[..x.find('"').unwrap()].parse().unwrap()
    }

    #[test]
    fn an_image_of_a_flipped_board_is_flipped_as_shown() {
        let mut b = Board::new(
            Game::with_config(Config::standard(5).unwrap()),
            BoardOptions::default(),
        );
        let plain = board_svg(&b, 640.0, 480.0, false);
        assert!(text_x(&plain, "a") < text_x(&plain, "e"));
        b.set_flipped(true);
        let flipped = board_svg(&b, 640.0, 480.0, false);
        assert!(
            text_x(&flipped, "a") > text_x(&flipped, "e"),
            "file a at the right"
        );
    }
}
