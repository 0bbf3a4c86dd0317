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
    /// The board's squares as a layer kept from frame to frame ([`SquaresRequest`]): `paint`
    /// paints each [`Part`]. A canvas that keeps the layer copies it and paints only the
    /// squares whose look differs from the layer's (all of them when the `key` did), as
    /// [`KeptLooks`] plans: into the layer when the board is `settled`, over the copy
    /// otherwise. False if this canvas keeps no layers (a recording, an SVG): then nothing
    /// is drawn, and the caller paints.
    fn squares(&mut self, request: SquaresRequest, paint: &mut PaintPart) -> bool {
        let _ = (request, paint);
        false
    }
}

/// Paints one [`Part`] of the squares' layer on the canvas given.
pub type PaintPart<'a> = dyn FnMut(&mut dyn Canvas, Part) + 'a;

/// The board's squares as [`Canvas::squares`] is asked to keep them: square `i` lies in
/// `squares[i].1` and looks as `squares[i].0` says; `key` is the look of all the rest (a
/// new key repaints everything); everything is painted within `area`; `settled`: nothing
/// in hand or sliding, the squares as they will stay a while.
#[derive(Clone, Copy, Debug)]
pub struct SquaresRequest<'a> {
    pub key: LayerKey,
    pub area: Rect,
    pub squares: &'a [(LayerKey, Rect)],
    pub settled: bool,
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

/// Paints all of a squares layer of `squares` squares with `paint`, in [`Part`]'s order.
pub fn paint_whole(
    canvas: &mut dyn Canvas,
    squares: usize,
    paint: &mut dyn FnMut(&mut dyn Canvas, Part),
) {
    paint(canvas, Part::Ground);
    paint(canvas, Part::Coordinates);
    for part in [Part::Square, Part::Marks, Part::Stack] {
        for i in 0..squares {
            paint(canvas, part(i));
        }
    }
}

/// What the squares' kept layer holds: the look of each square as last painted into it.
/// It plans which squares a frame paints, and where.
///
/// While the board is not settled (a stack in hand, a piece being dragged, a ply sliding
/// in), the squares that look different this frame are painted over the copy of the layer
/// and the layer is left as it was: what changes now changes again soon, and changing a
/// layer that was drawn from costs a browser a copy of the whole layer (measured at about
/// 10 ms a frame at 8x8 and pixel ratio 2 in Chromium, against well under 1 ms for
/// painting the few squares over the copy). Settled, the layer catches up once.
#[derive(Debug, Default)]
pub struct KeptLooks {
    key: Option<LayerKey>,
    looks: Vec<LayerKey>,
}

/// Which squares a frame paints, and where (see [`KeptLooks::plan`]).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Repaint {
    /// The whole layer is painted anew: its key or its number of squares changed.
    pub whole: bool,
    /// The squares that look different from the layer's, a bit each by index (a board has
    /// 64 squares at most).
    pub changed: u64,
    /// They are painted into the layer (the board is settled); else over its copy, on the
    /// canvas itself.
    pub into_layer: bool,
}

impl KeptLooks {
    /// Plans the frame that shows `squares` (each square's look first) under `key`, and
    /// takes note of what the layer holds after it.
    pub fn plan(&mut self, key: LayerKey, squares: &[(LayerKey, Rect)], settled: bool) -> Repaint {
        let whole = self.key != Some(key) || self.looks.len() != squares.len();
        if whole {
            self.key = Some(key);
            self.looks.clear();
        }
        let mut changed = 0;
        for (i, (&(look, _), kept)) in squares.iter().zip(&mut self.looks).enumerate() {
            if *kept != look {
                changed |= 1 << i;
                if settled {
                    *kept = look;
                }
            }
        }
        if whole {
            self.looks.extend(squares.iter().map(|&(look, _)| look));
        }
        Repaint {
            whole,
            changed,
            into_layer: settled,
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn looks(words: &[u64]) -> Vec<(LayerKey, Rect)> {
        words
            .iter()
            .map(|&w| (LayerKey::new(w), Rect::new(0.0, 0.0, 1.0, 1.0)))
            .collect()
    }

    #[test]
    fn a_settled_board_paints_the_changed_squares_into_the_layer_once() {
        let (key, mut kept) = (LayerKey::new(1), KeptLooks::default());
        let first = kept.plan(key, &looks(&[1, 2, 3]), true);
        assert!(first.whole && first.changed == 0);
        assert_eq!(kept.plan(key, &looks(&[1, 2, 3]), true).changed, 0);
        let changed = kept.plan(key, &looks(&[1, 5, 3]), true);
        assert_eq!(
            (changed.whole, changed.changed, changed.into_layer),
            (false, 0b10, true)
        );
        assert_eq!(kept.plan(key, &looks(&[1, 5, 3]), true).changed, 0);
    }

    #[test]
    fn while_unsettled_the_changed_squares_are_painted_over_and_the_layer_kept() {
        let (key, mut kept) = (LayerKey::new(1), KeptLooks::default());
        kept.plan(key, &looks(&[1, 2, 3, 4]), true);
        // A spread made and taken back in turn: the same two squares over the copy each
        // frame, the layer untouched; what looks as the layer does is not painted.
        for _ in 0..3 {
            let out = kept.plan(key, &looks(&[1, 7, 8, 4]), false);
            assert_eq!(
                (out.whole, out.changed, out.into_layer),
                (false, 0b110, false)
            );
            let back = kept.plan(key, &looks(&[9, 2, 3, 4]), false);
            assert_eq!((back.changed, back.into_layer), (0b1, false));
        }
        // Settled again: the layer catches up with what differs from it, once.
        let settled = kept.plan(key, &looks(&[1, 7, 3, 4]), true);
        assert_eq!((settled.changed, settled.into_layer), (0b10, true));
        let after = kept.plan(key, &looks(&[1, 7, 3, 4]), false);
        assert!(!after.whole && after.changed == 0);
    }

    #[test]
    fn a_new_key_or_board_size_paints_the_whole_layer_even_unsettled() {
        let mut kept = KeptLooks::default();
        kept.plan(LayerKey::new(1), &looks(&[1, 2]), true);
        assert!(kept.plan(LayerKey::new(2), &looks(&[1, 2]), false).whole);
        assert!(kept.plan(LayerKey::new(2), &looks(&[1, 2, 3]), false).whole);
        // The whole layer then holds this frame's looks.
        let next = kept.plan(LayerKey::new(2), &looks(&[1, 2, 3]), true);
        assert!(!next.whole && next.changed == 0);
    }

    #[test]
    fn the_64th_square_has_its_bit() {
        let (key, mut kept) = (LayerKey::new(1), KeptLooks::default());
        let mut words = [0u64; 64];
        kept.plan(key, &looks(&words), true);
        words[63] = 9;
        assert_eq!(kept.plan(key, &looks(&words), false).changed, 1 << 63);
    }
}
