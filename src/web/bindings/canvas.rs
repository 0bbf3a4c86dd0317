//! The browser's 2D canvas as a [`Canvas`]: what the renderer draws through.

use super::super::canvas::{Align, Canvas, KeptLooks, LayerKey, Part, TextStyle};
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
    /// The look of each square as painted into it.
    looks: KeptLooks,
    /// Squares painted over the layer's copy while the board is not settled, each on a
    /// canvas of its own, kept by what it shows: a drag shows the same few again and again
    /// (a stack taken back and spread again), and copying one costs a fraction of painting
    /// a tall stack again. The oldest first.
    sprites: Vec<Sprite>,
    /// The layer key the sprites were painted under.
    sprites_key: Option<LayerKey>,
}

/// How many squares' pictures are kept (a few MB at most at pixel ratio 2).
const SPRITES: usize = 16;

/// One square's picture, and what it shows.
struct Sprite {
    /// Its square's look and those of the squares it touches (which reach into its edge
    /// pixels).
    key: LayerKey,
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
}

impl SquaresLayer {
    /// Square `i` over the layer's copy on `target`, from its kept picture or a new one.
    fn paint_over(
        &mut self,
        target: &CanvasRenderingContext2d,
        ratio: f64,
        squares: &[(LayerKey, Rect)],
        i: usize,
        paint: &mut dyn FnMut(&mut dyn Canvas, Part),
    ) {
        let clip = device_rect(squares[i].1, ratio);
        let key = squares
            .iter()
            .filter(|(_, r)| touches(r, &clip))
            .fold(LayerKey::new(i as u64), |k, &(look, _)| k.with(look.0));
        let found = self.sprites.iter().position(|s| s.key == key);
        let sprite = match found {
            Some(at) => &self.sprites[at],
            None => {
                let Some(sprite) = self.new_sprite(target, key) else {
                    // No canvas to keep it on: painted straight onto the board's.
                    WebCanvas {
                        ctx: target,
                        layer: None,
                        ratio,
                    }
                    .repaint_square(squares, i, paint);
                    return;
                };
                let (w, h) = (
                    (clip.width * ratio).round() as u32,
                    (clip.height * ratio).round() as u32,
                );
                if sprite.canvas.width() != w || sprite.canvas.height() != h {
                    sprite.canvas.set_width(w);
                    sprite.canvas.set_height(h);
                } else {
                    let _ = sprite.ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
                    sprite.ctx.clear_rect(0.0, 0.0, w as f64, h as f64);
                }
                // Its device pixels are those the square has on the board's canvas.
                let _ = sprite.ctx.set_transform(
                    ratio,
                    0.0,
                    0.0,
                    ratio,
                    -(clip.x * ratio).round(),
                    -(clip.y * ratio).round(),
                );
                WebCanvas {
                    ctx: &sprite.ctx,
                    layer: None,
                    ratio,
                }
                .repaint_square(squares, i, paint);
                self.sprites.push(sprite);
                self.sprites.last().expect("just pushed")
            }
        };
        let _ = target.draw_image_with_html_canvas_element_and_dw_and_dh(
            &sprite.canvas,
            clip.x,
            clip.y,
            clip.width,
            clip.height,
        );
    }

    /// A canvas for a new picture: the oldest one's when there are enough.
    fn new_sprite(&mut self, like: &CanvasRenderingContext2d, key: LayerKey) -> Option<Sprite> {
        if self.sprites.len() >= SPRITES {
            let mut oldest = self.sprites.remove(0);
            oldest.key = key;
            return Some(oldest);
        }
        let canvas: HtmlCanvasElement = like
            .canvas()?
            .owner_document()?
            .create_element("canvas")
            .ok()?
            .dyn_into()
            .ok()?;
        let ctx = context_2d(&canvas)?;
        Some(Sprite { key, canvas, ctx })
    }
}

/// `r` grown to the whole device pixels it touches, in CSS pixels.
fn device_rect(r: Rect, ratio: f64) -> Rect {
    let (left, top) = ((r.x * ratio).floor() / ratio, (r.y * ratio).floor() / ratio);
    Rect::new(
        left,
        top,
        ((r.x + r.width) * ratio).ceil() / ratio - left,
        ((r.y + r.height) * ratio).ceil() / ratio - top,
    )
}

/// Whether `a` and `b` share any area.
fn touches(a: &Rect, b: &Rect) -> bool {
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

impl WebCanvas<'_> {
    /// Square `i` painted again from the ground up on its whole device pixels: the edge
    /// pixels it shares with its neighbours get their part of them too.
    fn repaint_square(
        &mut self,
        squares: &[(LayerKey, Rect)],
        i: usize,
        paint: &mut dyn FnMut(&mut dyn Canvas, Part),
    ) {
        let clip = device_rect(squares[i].1, self.ratio);
        let ctx = self.ctx;
        ctx.save();
        ctx.begin_path();
        ctx.rect(clip.x, clip.y, clip.width, clip.height);
        ctx.clip();
        paint(self, Part::Ground);
        for part in [Part::Square, Part::Marks] {
            for (j, (_, other)) in squares.iter().enumerate() {
                if touches(other, &clip) {
                    paint(self, part(j));
                }
            }
        }
        paint(self, Part::Stack(i));
        ctx.restore();
    }

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
        settled: bool,
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
        let plan = layer.looks.plan(key, squares, settled);
        if layer.sprites_key != Some(key) {
            layer.sprites_key = Some(key);
            // Painted under another layout or theme: of no more use.
            layer.sprites.clear();
        }
        if plan.whole {
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
        if plan.whole {
            paint(&mut painter, Part::Ground);
            paint(&mut painter, Part::Coordinates);
            for part in [Part::Square, Part::Marks, Part::Stack] {
                for i in 0..squares.len() {
                    paint(&mut painter, part(i));
                }
            }
        }
        for &i in &plan.into_layer {
            painter.repaint_square(squares, i, paint);
        }
        // In CSS pixels: lands on whole device pixels again, one pixel of the layer on each
        // (changing the transform instead costs more than the copy).
        let _ = self.ctx.draw_image_with_html_canvas_element_and_dw_and_dh(
            canvas,
            x / ratio,
            y / ratio,
            width / ratio,
            height / ratio,
        );
        // Painted over the copy the same way as into the layer, on the same device pixels:
        // the same picture, and the layer is not touched.
        for &i in &plan.over {
            layer.paint_over(self.ctx, ratio, squares, i, paint);
        }
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
