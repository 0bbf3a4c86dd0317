//! The browser's 2D canvas as a [`Canvas`]: what the renderer draws through.

use super::super::canvas::{
    paint_whole, Align, Canvas, KeptLooks, LayerKey, PaintPart, Part, SquaresRequest, TextStyle,
};
use super::super::json;
use super::super::layout::{Point, Rect};
use super::super::Within;
use crate::square::bitboard::Bits;
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

/// A canvas of the page's own document, never attached, and its 2D context.
type Offscreen = (HtmlCanvasElement, CanvasRenderingContext2d);

/// The board's squares as last drawn (see [`Canvas::squares`]), kept from frame to frame.
#[derive(Default)]
pub(super) struct SquaresLayer {
    kept: Option<Offscreen>,
    /// The look of each square as painted into it.
    looks: KeptLooks,
    /// Squares painted over the layer's copy while the board is not settled, each on a
    /// canvas of its own, kept by what it shows (its look and those of the squares it
    /// touches, which reach into its edge pixels): a drag shows the same few again and
    /// again (a stack taken back and spread again), and copying one costs a fraction of
    /// painting a tall stack again. The oldest first; at most [`SPRITES`].
    sprites: Vec<(LayerKey, Offscreen)>,
}

impl SquaresLayer {
    /// Lets the kept squares' pictures go, so that the next frame paints every changed
    /// square again (the benchmark's frame that shows something never shown before, which
    /// only the study build's `benchFrame` asks for).
    #[cfg(feature = "study")]
    pub(super) fn forget_pictures(&mut self) {
        self.sprites.clear();
    }
}

/// How many squares' pictures are kept (a few MB at most at pixel ratio 2).
const SPRITES: usize = 16;

/// A new canvas in the document of `like`'s.
fn offscreen(like: &CanvasRenderingContext2d) -> Option<Offscreen> {
    let canvas: HtmlCanvasElement = like
        .canvas()?
        .owner_document()?
        .create_element("canvas")
        .ok()?
        .dyn_into()
        .ok()?;
    let ctx = context_2d(&canvas)?;
    Some((canvas, ctx))
}

/// Makes `kept` as large as `device` (in device pixels) and empty, drawn on in CSS pixels
/// with `device`'s corner at its own.
fn reset((canvas, ctx): &Offscreen, device: Rect, ratio: f64) {
    let (w, h) = (device.width as u32, device.height as u32);
    if canvas.width() != w || canvas.height() != h {
        canvas.set_width(w);
        canvas.set_height(h);
    } else {
        let _ = ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
        ctx.clear_rect(0.0, 0.0, device.width, device.height);
    }
    let _ = ctx.set_transform(ratio, 0.0, 0.0, ratio, -device.x, -device.y);
}

/// Copies `kept` onto `target` at `device`: in CSS pixels, landing on whole device pixels,
/// one pixel of `kept` on each (changing the transform instead costs more than the copy).
fn copy((canvas, _): &Offscreen, target: &CanvasRenderingContext2d, device: Rect, ratio: f64) {
    let _ = target.draw_image_with_html_canvas_element_and_dw_and_dh(
        canvas,
        device.x / ratio,
        device.y / ratio,
        device.width / ratio,
        device.height / ratio,
    );
}

/// The whole device pixels `r` touches, in device pixels.
fn device_pixels(r: Rect, ratio: f64) -> Rect {
    let (x, y) = ((r.x * ratio).floor(), (r.y * ratio).floor());
    Rect::new(
        x,
        y,
        ((r.x + r.width) * ratio).ceil() - x,
        ((r.y + r.height) * ratio).ceil() - y,
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
        let ratio = self.ratio;
        let d = device_pixels(squares[i].1, ratio);
        let clip = Rect::new(d.x / ratio, d.y / ratio, d.width / ratio, d.height / ratio);
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

    fn squares(&mut self, request: SquaresRequest, paint: &mut PaintPart) -> bool {
        let SquaresRequest {
            key,
            area,
            squares,
            settled,
        } = request;
        let Some(layer) = self.layer.as_deref_mut() else {
            return false;
        };
        let ratio = self.ratio;
        // On whole device pixels, so that the copy lands on exactly the pixels that painting
        // straight onto the board's canvas would have touched.
        let device = device_pixels(area, ratio);
        if layer.kept.is_none() {
            layer.kept = offscreen(self.ctx);
        }
        let (Some(kept), true) = (&layer.kept, device.width >= 1.0 && device.height >= 1.0) else {
            return false;
        };
        let plan = layer.looks.plan(key, squares, settled);
        let mut painter = WebCanvas {
            ctx: &kept.1,
            layer: None,
            ratio,
        };
        if plan.whole {
            reset(kept, device, ratio);
            paint_whole(&mut painter, squares.len(), paint);
        }
        let (into_layer, over) = match plan.into_layer {
            true => (plan.changed, 0),
            false => (0, plan.changed),
        };
        for i in Bits(into_layer) {
            painter.repaint_square(squares, i as usize, paint);
        }
        copy(kept, self.ctx, device, ratio);
        // Painted over the copy as into the layer, on the same device pixels: the same
        // picture, and the layer is not touched. (A look holds the layout and theme: a
        // picture from before a change of them is never used again, and ages out.)
        for i in Bits(over).map(usize::from) {
            let device = device_pixels(squares[i].1, ratio);
            let clip = Rect::new(
                device.x / ratio,
                device.y / ratio,
                device.width / ratio,
                device.height / ratio,
            );
            let key = squares
                .iter()
                .filter(|(_, r)| touches(r, &clip))
                .fold(LayerKey::new(i as u64), |k, &(look, _)| k.with(look.0));
            let at = match layer.sprites.iter().position(|s| s.0 == key) {
                Some(at) => at,
                None => {
                    // A canvas for it: the oldest picture's when enough are kept.
                    let sprite = if layer.sprites.len() >= SPRITES {
                        Some(layer.sprites.remove(0).1)
                    } else {
                        offscreen(self.ctx)
                    };
                    let Some(sprite) = sprite else { continue };
                    reset(&sprite, device, ratio);
                    WebCanvas {
                        ctx: &sprite.1,
                        layer: None,
                        ratio,
                    }
                    .repaint_square(squares, i, paint);
                    layer.sprites.push((key, sprite));
                    layer.sprites.len() - 1
                }
            };
            copy(&layer.sprites[at].1, self.ctx, device, ratio);
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
