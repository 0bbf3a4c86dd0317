//! The browser's 2D canvas as a [`Canvas`]: what the renderer draws through.

use super::super::canvas::{Align, Canvas, TextStyle};
use super::super::json;
use super::super::layout::{Point, Rect};
use super::super::Within;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// The 2D context of `canvas`, if the browser gives one.
pub(super) fn context_2d(canvas: &HtmlCanvasElement) -> Option<CanvasRenderingContext2d> {
    canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
}

/// Draws onto a 2D context in CSS pixels (the device pixel ratio is set once per frame).
pub(super) struct WebCanvas<'a> {
    pub(super) ctx: &'a CanvasRenderingContext2d,
}

impl WebCanvas<'_> {
    fn fill_and_stroke(&self, fill: &str, stroke: Option<(&str, f64)>) {
        self.ctx.set_fill_style_str(fill);
        self.ctx.fill();
        if let Some((color, width)) = stroke {
            self.ctx.set_stroke_style_str(color);
            self.ctx.set_line_width(width);
            self.ctx.stroke();
        }
    }
}

impl Canvas for WebCanvas<'_> {
    fn clear(&mut self, width: f64, height: f64, color: &str) {
        self.ctx.set_fill_style_str(color);
        self.ctx.fill_rect(0.0, 0.0, width, height);
    }

    fn fill_rect(&mut self, r: Rect, color: &str) {
        self.ctx.set_fill_style_str(color);
        self.ctx.fill_rect(r.x, r.y, r.width, r.height);
    }

    fn round_rect(&mut self, r: Rect, radius: f64, fill: &str, stroke: Option<(&str, f64)>) {
        self.ctx.begin_path();
        if self
            .ctx
            .round_rect_with_f64(r.x, r.y, r.width, r.height, radius)
            .is_err()
        {
            self.ctx.rect(r.x, r.y, r.width, r.height);
        }
        self.fill_and_stroke(fill, stroke);
    }

    fn circle(&mut self, x: f64, y: f64, radius: f64, fill: &str, stroke: Option<(&str, f64)>) {
        self.ctx.begin_path();
        let _ = self
            .ctx
            .arc(x, y, radius.max(0.0), 0.0, std::f64::consts::TAU);
        self.fill_and_stroke(fill, stroke);
    }

    fn stroke_rect(&mut self, r: Rect, color: &str, width: f64) {
        self.ctx.set_stroke_style_str(color);
        self.ctx.set_line_width(width);
        self.ctx.stroke_rect(r.x, r.y, r.width, r.height);
    }

    fn text(&mut self, x: f64, y: f64, text: &str, style: TextStyle) {
        let weight = if style.bold { "600" } else { "400" };
        let mut font = String::from(weight);
        font.push(' ');
        json::fixed(&mut font, style.px, 1);
        font.push_str("px system-ui, -apple-system, 'Segoe UI', sans-serif");
        self.ctx.set_font(&font);
        self.ctx.set_text_align(match style.align {
            Align::Left => "left",
            Align::Center => "center",
            Align::Right => "right",
        });
        self.ctx.set_fill_style_str(style.color);
        let _ = self.ctx.fill_text(text, x, y);
    }

    fn set_alpha(&mut self, alpha: f64) {
        self.ctx.set_global_alpha(alpha.within(0.0, 1.0));
    }

    fn line(&mut self, from: Point, to: Point, color: &str, width: f64) {
        self.ctx.begin_path();
        self.ctx.move_to(from.x, from.y);
        self.ctx.line_to(to.x, to.y);
        self.ctx.set_stroke_style_str(color);
        self.ctx.set_line_width(width);
        self.ctx.set_line_cap("round");
        self.ctx.stroke();
    }

    fn polygon(&mut self, points: &[Point], fill: &str) {
        let Some(first) = points.first() else { return };
        self.ctx.begin_path();
        self.ctx.move_to(first.x, first.y);
        for p in &points[1..] {
            self.ctx.line_to(p.x, p.y);
        }
        self.ctx.close_path();
        self.ctx.set_fill_style_str(fill);
        self.ctx.fill();
    }
}
