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
use super::layout::{Point, Rect};
use super::render;
use super::state::Board;
use super::theme::Theme;
use std::fmt::Write;

/// A canvas that writes SVG elements.
#[derive(Debug)]
pub struct SvgCanvas {
    body: String,
    width: f64,
    height: f64,
    alpha: f64,
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
            opacity *= parts[3].parse::<f64>().unwrap_or(1.0);
            color = format!("rgb({},{},{})", parts[0], parts[1], parts[2]);
        }
    }
    let mut out = format!(" {name}=\"{}\"", escape(&color));
    if opacity < 0.999 {
        let _ = write!(out, " {name}-opacity=\"{:.3}\"", opacity.max(0.0));
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
        }
    }

    /// The whole document.
    pub fn finish(self) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {w:.2} {h:.2}\" font-family=\"system-ui, -apple-system, 'Segoe UI', sans-serif\">\n{}</svg>\n",
            self.body,
            w = self.width,
            h = self.height
        )
    }

    fn stroke(&self, stroke: Option<(&str, f64)>) -> String {
        match stroke {
            Some((color, width)) => {
                format!(
                    "{} stroke-width=\"{width:.2}\"",
                    paint("stroke", color, self.alpha)
                )
            }
            None => String::new(),
        }
    }
}

impl Canvas for SvgCanvas {
    fn clear(&mut self, width: f64, height: f64, color: &str) {
        self.body.clear();
        let _ = writeln!(
            self.body,
            "<rect width=\"{width:.2}\" height=\"{height:.2}\"{}/>",
            paint("fill", color, 1.0)
        );
    }

    fn fill_rect(&mut self, r: Rect, color: &str) {
        let _ = writeln!(
            self.body,
            "<rect x=\"{:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{:.2}\"{}/>",
            r.x,
            r.y,
            r.width,
            r.height,
            paint("fill", color, self.alpha)
        );
    }

    fn round_rect(&mut self, r: Rect, radius: f64, fill: &str, stroke: Option<(&str, f64)>) {
        let _ = writeln!(
            self.body,
            "<rect x=\"{:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{:.2}\" rx=\"{radius:.2}\"{}{}/>",
            r.x,
            r.y,
            r.width,
            r.height,
            paint("fill", fill, self.alpha),
            self.stroke(stroke)
        );
    }

    fn circle(&mut self, x: f64, y: f64, radius: f64, fill: &str, stroke: Option<(&str, f64)>) {
        let _ = writeln!(
            self.body,
            "<circle cx=\"{x:.2}\" cy=\"{y:.2}\" r=\"{:.2}\"{}{}/>",
            radius.max(0.0),
            paint("fill", fill, self.alpha),
            self.stroke(stroke)
        );
    }

    fn stroke_rect(&mut self, r: Rect, color: &str, width: f64) {
        let _ = writeln!(
            self.body,
            "<rect x=\"{:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{:.2}\" fill=\"none\"{} stroke-width=\"{width:.2}\"/>",
            r.x,
            r.y,
            r.width,
            r.height,
            paint("stroke", color, self.alpha)
        );
    }

    fn text(&mut self, x: f64, y: f64, text: &str, style: TextStyle) {
        let anchor = match style.align {
            Align::Left => "start",
            Align::Center => "middle",
            Align::Right => "end",
        };
        let _ = writeln!(
            self.body,
            "<text x=\"{x:.2}\" y=\"{y:.2}\" font-size=\"{:.1}\" font-weight=\"{}\" text-anchor=\"{anchor}\"{}>{}</text>",
            style.px,
            if style.bold { 600 } else { 400 },
            paint("fill", style.color, self.alpha),
            escape(text)
        );
    }

    fn set_alpha(&mut self, alpha: f64) {
        self.alpha = alpha.clamp(0.0, 1.0);
    }

    fn line(&mut self, from: Point, to: Point, color: &str, width: f64) {
        let _ = writeln!(
            self.body,
            "<line x1=\"{:.2}\" y1=\"{:.2}\" x2=\"{:.2}\" y2=\"{:.2}\"{} stroke-width=\"{width:.2}\" stroke-linecap=\"round\"/>",
            from.x,
            from.y,
            to.x,
            to.y,
            paint("stroke", color, self.alpha)
        );
    }

    fn polygon(&mut self, points: &[Point], fill: &str) {
        let list: Vec<String> = points
            .iter()
            .map(|p| format!("{:.2},{:.2}", p.x, p.y))
            .collect();
        let _ = writeln!(
            self.body,
            "<polygon points=\"{}\"{}/>",
            list.join(" "),
            paint("fill", fill, self.alpha)
        );
    }
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
