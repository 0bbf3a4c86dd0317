//! The shapes the page reads that are the bindings' own (a rectangle, a mark as the page
//! writes it), each as JSON with camelCase keys. The board's own types (the status, events)
//! write their JSON where they are defined; a search's position (`searchSpec()`) is the
//! worker's message type, [`crate::web::wire::SearchSpec`].

use super::super::json::json_object;
#[cfg(feature = "study")]
use super::super::json::{self, Json, Value};
#[cfg(feature = "study")]
use super::super::marks::{self, Mark, MarkColor};

pub(super) struct JsRect {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

json_object!(JsRect {
    x,
    y,
    width,
    height
});

/// A mark as the page writes it.
#[cfg(feature = "study")]
#[derive(Default)]
pub(super) struct JsMark {
    arrow: Option<[String; 2]>,
    square: Option<String>,
    label: Option<String>,
    color: Option<String>,
}

#[cfg(feature = "study")]
impl Json for JsMark {
    fn write_json(&self, out: &mut String) {
        let mut fields: Vec<(&str, &dyn Json)> = Vec::new();
        if let Some(a) = &self.arrow {
            fields.push(("arrow", a));
        }
        if let Some(sq) = &self.square {
            fields.push(("square", sq));
        }
        if let Some(l) = &self.label {
            fields.push(("label", l));
        }
        if let Some(c) = &self.color {
            fields.push(("color", c));
        }
        json::object(out, &fields);
    }
}

#[cfg(feature = "study")]
impl JsMark {
    pub(super) fn read(v: &Value) -> Result<JsMark, String> {
        let text = |k: &str| v.get(k).and_then(Value::as_str).map(str::to_string);
        let arrow = match v.get("arrow") {
            Some(a) => Some([
                a.index(0)
                    .and_then(Value::as_str)
                    .ok_or("an arrow needs two squares")?
                    .to_string(),
                a.index(1)
                    .and_then(Value::as_str)
                    .ok_or("an arrow needs two squares")?
                    .to_string(),
            ]),
            None => None,
        };
        Ok(JsMark {
            arrow,
            square: text("square"),
            label: text("label"),
            color: text("color"),
        })
    }

    pub(super) fn to_mark(&self) -> Result<Mark, String> {
        let color = match &self.color {
            Some(c) => MarkColor::parse(c).ok_or_else(|| format!("'{c}' is not a mark colour"))?,
            None => MarkColor::default(),
        };
        if let Some([a, b]) = &self.arrow {
            let mut m = marks::parse_arrows(&format!("{a}-{b}"))?;
            if let Some(Mark::Arrow { color: c, .. }) = m.first_mut() {
                *c = color;
            }
            return m.pop().ok_or_else(|| "an empty arrow".to_string());
        }
        let square = self
            .square
            .as_deref()
            .ok_or("a mark needs an arrow or a square")?;
        let mut m = match &self.label {
            Some(text) => marks::parse_labels(&format!("{square}:{text}"))?,
            None => marks::parse_highlights(square)?,
        };
        if let Some(Mark::Square { color: c, .. }) = m.first_mut() {
            *c = color;
        }
        m.pop().ok_or_else(|| "an empty mark".to_string())
    }

    pub(super) fn from_mark(m: &Mark) -> JsMark {
        match m {
            Mark::Arrow { from, to, color } => JsMark {
                arrow: Some([from.to_string(), to.to_string()]),
                color: Some(color.name().into()),
                ..JsMark::default()
            },
            Mark::Square { square, color } => JsMark {
                square: Some(square.to_string()),
                color: Some(color.name().into()),
                ..JsMark::default()
            },
            Mark::Label { square, text } => JsMark {
                square: Some(square.to_string()),
                label: Some(text.clone()),
                ..JsMark::default()
            },
        }
    }
}
