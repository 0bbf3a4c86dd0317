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
