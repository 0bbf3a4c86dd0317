//! The browser's 2D canvas as a [`Canvas`]: what the renderer draws through.

use super::super::canvas::{Align, Canvas, LayerKey, Part, TextStyle};
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
    /// The board's squares as last drawn (none: painted every time).
    pub(super) layer: Option<&'a mut SquaresLayer>,
    pub(super) ratio: f64,
}

/// The board's squares as last drawn (see [`Canvas::squares`]), kept from frame to frame.
#[derive(Default)]
pub(super) struct SquaresLayer {
    kept: Option<(HtmlCanvasElement, CanvasRenderingContext2d)>,
    key: Option<LayerKey>,
    /// The look of each square as painted.
    looks: Vec<LayerKey>,
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

    fn squares(
        &mut self,
        key: LayerKey,
        area: Rect,
        squares: &[(LayerKey, Rect)],
        paint: &mut dyn FnMut(&mut dyn Canvas, Part),
    ) -> bool {
        let Some(layer) = self.layer.as_deref_mut() else {
            return false;
        };
        if layer.kept.is_none() {
            // A canvas of the page's own document, never attached.
            layer.kept = (|| {
                let canvas: HtmlCanvasElement = self
                    .ctx
                    .canvas()?
                    .owner_document()?
                    .create_element("canvas")
                    .ok()?
                    .dyn_into()
                    .ok()?;
                let ctx = context_2d(&canvas)?;
                Some((canvas, ctx))
            })();
        }
        let Some((canvas, ctx)) = &layer.kept else {
            return false;
        };
        let ratio = self.ratio;
        // On whole device pixels, so that the copy lands on exactly the pixels that painting
        // straight onto the board's canvas would have touched.
        let (x, y) = ((area.x * ratio).floor(), (area.y * ratio).floor());
        let width = ((area.x + area.width) * ratio).ceil() - x;
        let height = ((area.y + area.height) * ratio).ceil() - y;
        if width < 1.0 || height < 1.0 {
            return false;
        }
        let whole = layer.key != Some(key) || layer.looks.len() != squares.len();
        if whole {
            let (w, h) = (width as u32, height as u32);
            if canvas.width() != w || canvas.height() != h {
                canvas.set_width(w);
                canvas.set_height(h);
            } else {
                let _ = ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
                ctx.clear_rect(0.0, 0.0, width, height);
            }
            let _ = ctx.set_transform(ratio, 0.0, 0.0, ratio, -x, -y);
        }
        let mut painter = WebCanvas {
            ctx,
            layer: None,
            ratio,
        };
        if whole {
            paint(&mut painter, Part::Ground);
            paint(&mut painter, Part::Coordinates);
            for part in [Part::Square, Part::Marks, Part::Stack] {
                for i in 0..squares.len() {
                    paint(&mut painter, part(i));
                }
            }
        } else {
            for (i, &(look, r)) in squares.iter().enumerate() {
                if layer.looks[i] == look {
                    continue;
                }
                // Its whole device pixels, painted again from the ground up: the edge pixels
                // it shares with its neighbours get their part of them too.
                let clip = Rect::new(
                    (r.x * ratio).floor() / ratio,
                    (r.y * ratio).floor() / ratio,
                    0.0,
                    0.0,
                );
                let clip = Rect::new(
                    clip.x,
                    clip.y,
                    ((r.x + r.width) * ratio).ceil() / ratio - clip.x,
                    ((r.y + r.height) * ratio).ceil() / ratio - clip.y,
                );
                ctx.save();
                ctx.begin_path();
                ctx.rect(clip.x, clip.y, clip.width, clip.height);
                ctx.clip();
                paint(&mut painter, Part::Ground);
                let touching = |other: &Rect| {
                    other.x < clip.x + clip.width
                        && clip.x < other.x + other.width
                        && other.y < clip.y + clip.height
                        && clip.y < other.y + other.height
                };
                for part in [Part::Square, Part::Marks] {
                    for (j, (_, other)) in squares.iter().enumerate() {
                        if touching(other) {
                            paint(&mut painter, part(j));
                        }
                    }
                }
                paint(&mut painter, Part::Stack(i));
                ctx.restore();
            }
        }
        layer.key = Some(key);
        layer.looks.clear();
        layer.looks.extend(squares.iter().map(|&(look, _)| look));
        // In CSS pixels: lands on whole device pixels again, one pixel of the layer on each
        // (changing the transform instead costs more than the copy).
        let _ = self.ctx.draw_image_with_html_canvas_element_and_dw_and_dh(
            canvas,
            x / ratio,
            y / ratio,
            width / ratio,
            height / ratio,
        );
        true
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
