//! What the renderer needs from a canvas, so that drawing can be tested natively: the web
//! implementation wraps a `CanvasRenderingContext2d`, the tests record the calls.

use super::layout::{Point, Rect};

/// Text alignment around the given point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

/// How a text is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TextStyle<'a> {
    /// Font size in CSS pixels.
    pub px: f64,
    pub color: &'a str,
    pub align: Align,
    pub bold: bool,
}

/// Drawing operations in CSS pixels; colours are CSS colour strings.
pub trait Canvas {
    fn clear(&mut self, width: f64, height: f64, color: &str);
    fn fill_rect(&mut self, r: Rect, color: &str);
    fn round_rect(&mut self, r: Rect, radius: f64, fill: &str, stroke: Option<(&str, f64)>);
    fn circle(&mut self, x: f64, y: f64, radius: f64, fill: &str, stroke: Option<(&str, f64)>);
    fn stroke_rect(&mut self, r: Rect, color: &str, width: f64);
    fn text(&mut self, x: f64, y: f64, text: &str, style: TextStyle);
    fn set_alpha(&mut self, alpha: f64);
    /// A straight line with round ends.
    fn line(&mut self, from: Point, to: Point, color: &str, width: f64);
    /// A filled polygon.
    fn polygon(&mut self, points: &[Point], fill: &str);
    /// The board's squares as a layer kept from frame to frame: `paint` paints each
    /// [`Part`]; square `i` lies in `squares[i].1` and looks as `squares[i].0` says. A
    /// canvas that keeps the layer repaints only the squares whose look changed (all of
    /// them when `key` did) and copies the layer; everything is painted within `area`.
    /// False if this canvas keeps no layers (a recording, an SVG): then nothing is drawn,
    /// and the caller paints.
    fn squares(
        &mut self,
        key: LayerKey,
        area: Rect,
        squares: &[(LayerKey, Rect)],
        paint: &mut dyn FnMut(&mut dyn Canvas, Part),
    ) -> bool {
        let _ = (key, area, squares, paint);
        false
    }
}

/// A part of the squares' layer (see [`Canvas::squares`]), painted in this order, each
/// kind for every square before the next kind. A square repainted alone is painted over
/// the ground with its neighbours' squares and marks (which reach into its edge pixels),
/// so that it comes out as painting everything would.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// Under the squares: the board's frame.
    Ground,
    /// Beside them: the coordinates.
    Coordinates,
    /// Square `i`'s colour.
    Square(usize),
    /// What colours square `i` (see `render::squares`).
    Marks(usize),
    /// The stack standing on square `i`, if any.
    Stack(usize),
}

/// What decides how a part of a [`Canvas::squares`] layer looks, folded into one number (FNV-1a): two layers
/// with the same key look the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayerKey(pub u64);

impl LayerKey {
    /// A key for one kind of layer.
    pub fn new(kind: u64) -> LayerKey {
        LayerKey(0xcbf2_9ce4_8422_2325).with(kind)
    }

    pub fn with(self, word: u64) -> LayerKey {
        LayerKey((self.0 ^ word).wrapping_mul(0x0100_0000_01b3))
    }

    pub fn with_f64(self, value: f64) -> LayerKey {
        self.with(value.to_bits())
    }

    /// A colour or any text.
    pub fn with_str(self, text: &str) -> LayerKey {
        text.bytes().fold(self, |k, b| k.with(b as u64)).with(0xff)
    }
}

/// A canvas that records what is drawn, for tests.
#[derive(Debug, Default)]
pub struct Recorder {
    pub ops: Vec<String>,
}

impl Canvas for Recorder {
    fn clear(&mut self, w: f64, h: f64, color: &str) {
        self.ops.push(format!("clear {w} {h} {color}"));
    }
    fn fill_rect(&mut self, r: Rect, color: &str) {
        self.ops.push(format!(
            "rect {:.1} {:.1} {:.1} {:.1} {color}",
            r.x, r.y, r.width, r.height
        ));
    }
    fn round_rect(&mut self, r: Rect, _radius: f64, fill: &str, _stroke: Option<(&str, f64)>) {
        self.ops.push(format!(
            "piece {:.1} {:.1} {:.1} {:.1} {fill}",
            r.x, r.y, r.width, r.height
        ));
    }
    fn circle(&mut self, x: f64, y: f64, radius: f64, fill: &str, _stroke: Option<(&str, f64)>) {
        self.ops
            .push(format!("circle {x:.1} {y:.1} {radius:.1} {fill}"));
    }
    fn stroke_rect(&mut self, r: Rect, color: &str, width: f64) {
        self.ops.push(format!(
            "outline {:.1} {:.1} {:.1} {:.1} {color} {width}",
            r.x, r.y, r.width, r.height
        ));
    }
    fn text(&mut self, x: f64, y: f64, text: &str, style: TextStyle) {
        self.ops.push(format!(
            "text {x:.1} {y:.1} {:.1} {} {text}",
            style.px, style.color
        ));
    }
    fn set_alpha(&mut self, alpha: f64) {
        self.ops.push(format!("alpha {alpha}"));
    }
    fn line(&mut self, from: Point, to: Point, color: &str, width: f64) {
        self.ops.push(format!(
            "line {:.1} {:.1} {:.1} {:.1} {color} {width}",
            from.x, from.y, to.x, to.y
        ));
    }
    fn polygon(&mut self, points: &[Point], fill: &str) {
        self.ops.push(format!("polygon {} {fill}", points.len()));
    }
}
