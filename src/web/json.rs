//! A small JSON reader and writer for what the page and the board hand each other. The page's
//! wasm uses it instead of a serialization framework: it keeps the download small. Numbers are
//! written without float formatting machinery (fixed decimals from integers) for the same
//! reason.
//!
//! ```
//! use tak::web::json::{self, Json, Value};
//! let v = json::parse(r#"{"size": 5, "players": ["Ann", "B\u00e9n"], "flip": true}"#)?;
//! assert_eq!(v.get("size").and_then(Value::as_u32), Some(5));
//! assert_eq!(v.get("players").and_then(|p| p.index(1)).and_then(Value::as_str), Some("Bén"));
//! let mut out = String::new();
//! json::object(&mut out, &[("a", &1u8 as &dyn Json), ("b", &"x\"y"), ("c", &Some(0.25f64))]);
//! assert_eq!(out, r#"{"a":1,"b":"x\"y","c":0.25}"#);
//! # Ok::<(), String>(())
//! ```

use std::collections::BTreeMap;

/// A JSON value read from the page.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Number(f64),
    String(String),
    Array(Vec<Value>),
    Object(BTreeMap<String, Value>),
}

/// `n` as a `u32` when it is a whole number in range.
pub fn whole_u32(n: f64) -> Option<u32> {
    (n.fract() == 0.0 && n >= 0.0 && n <= u32::MAX as f64).then_some(n as u32)
}

impl Value {
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(map) => map.get(key).filter(|v| **v != Value::Null),
            _ => None,
        }
    }

    pub fn index(&self, i: usize) -> Option<&Value> {
        match self {
            Value::Array(list) => list.get(i),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Number(n) => Some(*n),
            _ => None,
        }
    }

    /// A whole number from 0 to `u32::MAX`.
    pub fn as_u32(&self) -> Option<u32> {
        self.as_f64().and_then(whole_u32)
    }

    pub fn as_array(&self) -> Option<&[Value]> {
        match self {
            Value::Array(list) => Some(list),
            _ => None,
        }
    }
}

/// Reads a JSON text (at most 64 levels deep). Errors say where.
pub fn parse(text: &str) -> Result<Value, String> {
    let mut p = Parser {
        bytes: text.as_bytes(),
        at: 0,
        depth: 0,
    };
    let v = p.value()?;
    p.space();
    if p.at != p.bytes.len() {
        return Err(p.error("text after the value"));
    }
    Ok(v)
}

struct Parser<'a> {
    bytes: &'a [u8],
    at: usize,
    depth: usize,
}

impl Parser<'_> {
    fn error(&self, what: &str) -> String {
        format!("bad JSON at byte {}: {what}", self.at)
    }

    fn space(&mut self) {
        while self
            .bytes
            .get(self.at)
            .is_some_and(|b| b.is_ascii_whitespace())
        {
            self.at += 1;
        }
    }

    fn eat(&mut self, word: &str) -> bool {
        if self.bytes[self.at..].starts_with(word.as_bytes()) {
            self.at += word.len();
            true
        } else {
            false
        }
    }

    fn value(&mut self) -> Result<Value, String> {
        self.space();
        let Some(&b) = self.bytes.get(self.at) else {
            return Err(self.error("the text ends"));
        };
        match b {
            b'{' | b'[' => {
                self.depth += 1;
                if self.depth > 64 {
                    return Err(self.error("nested too deep"));
                }
                let v = if b == b'{' {
                    self.object()
                } else {
                    self.array()
                };
                self.depth -= 1;
                v
            }
            b'"' => self.string().map(Value::String),
            b't' if self.eat("true") => Ok(Value::Bool(true)),
            b'f' if self.eat("false") => Ok(Value::Bool(false)),
            b'n' if self.eat("null") => Ok(Value::Null),
            b'-' | b'0'..=b'9' => self.number(),
            _ => Err(self.error("unexpected character")),
        }
    }

    fn object(&mut self) -> Result<Value, String> {
        self.at += 1;
        let mut map = BTreeMap::new();
        self.space();
        if self.eat("}") {
            return Ok(Value::Object(map));
        }
        loop {
            self.space();
            if self.bytes.get(self.at) != Some(&b'"') {
                return Err(self.error("expected a key"));
            }
            let key = self.string()?;
            self.space();
            if !self.eat(":") {
                return Err(self.error("expected ':'"));
            }
            let v = self.value()?;
            map.insert(key, v);
            self.space();
            if self.eat(",") {
                continue;
            }
            if self.eat("}") {
                return Ok(Value::Object(map));
            }
            return Err(self.error("expected ',' or '}'"));
        }
    }

    fn array(&mut self) -> Result<Value, String> {
        self.at += 1;
        let mut list = Vec::new();
        self.space();
        if self.eat("]") {
            return Ok(Value::Array(list));
        }
        loop {
            list.push(self.value()?);
            self.space();
            if self.eat(",") {
                continue;
            }
            if self.eat("]") {
                return Ok(Value::Array(list));
            }
            return Err(self.error("expected ',' or ']'"));
        }
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let digits = self
            .bytes
            .get(self.at..self.at + 4)
            .and_then(|d| std::str::from_utf8(d).ok())
            .and_then(|d| u32::from_str_radix(d, 16).ok())
            .ok_or_else(|| self.error("bad \\u escape"))?;
        self.at += 4;
        Ok(digits)
    }

    fn string(&mut self) -> Result<String, String> {
        self.at += 1;
        let mut out = String::new();
        loop {
            let start = self.at;
            while self
                .bytes
                .get(self.at)
                .is_some_and(|&b| b != b'"' && b != b'\\' && b >= 0x20)
            {
                self.at += 1;
            }
            out.push_str(
                std::str::from_utf8(&self.bytes[start..self.at])
                    .map_err(|_| self.error("not UTF-8"))?,
            );
            match self.bytes.get(self.at) {
                Some(b'"') => {
                    self.at += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.at += 1;
                    let Some(&e) = self.bytes.get(self.at) else {
                        return Err(self.error("the text ends"));
                    };
                    self.at += 1;
                    match e {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let mut c = self.hex4()?;
                            if (0xd800..0xdc00).contains(&c) && self.eat("\\u") {
                                let low = self.hex4()?;
                                c = 0x10000
                                    + ((c - 0xd800) << 10)
                                    + (low.wrapping_sub(0xdc00) & 0x3ff);
                            }
                            out.push(char::from_u32(c).unwrap_or('\u{fffd}'));
                        }
                        _ => return Err(self.error("bad escape")),
                    }
                }
                _ => return Err(self.error("the string is never closed")),
            }
        }
    }

    fn number(&mut self) -> Result<Value, String> {
        let start = self.at;
        if self.bytes[self.at] == b'-' {
            self.at += 1;
        }
        let mut int: f64 = 0.0;
        let mut digits = 0;
        while let Some(d) = self.bytes.get(self.at).filter(|b| b.is_ascii_digit()) {
            int = int * 10.0 + (d - b'0') as f64;
            digits += 1;
            self.at += 1;
        }
        if digits == 0 {
            return Err(self.error("bad number"));
        }
        let mut value = int;
        if self.eat(".") {
            let mut scale = 0.1;
            while let Some(d) = self.bytes.get(self.at).filter(|b| b.is_ascii_digit()) {
                value += (d - b'0') as f64 * scale;
                scale /= 10.0;
                self.at += 1;
            }
        }
        if matches!(self.bytes.get(self.at), Some(b'e' | b'E')) {
            self.at += 1;
            let negative = self.eat("-");
            if !negative {
                self.eat("+");
            }
            let mut exp: i32 = 0;
            while let Some(d) = self.bytes.get(self.at).filter(|b| b.is_ascii_digit()) {
                exp = (exp * 10 + (d - b'0') as i32).min(400);
                self.at += 1;
            }
            value *= 10f64.powi(if negative { -exp } else { exp });
        }
        if self.bytes[start] == b'-' {
            value = -value;
        }
        Ok(Value::Number(value))
    }
}

/// What can be written as JSON.
pub trait Json {
    fn write_json(&self, out: &mut String);

    fn to_json(&self) -> String {
        let mut out = String::new();
        self.write_json(&mut out);
        out
    }
}

/// Writes `{"key": value, ...}`.
pub fn object(out: &mut String, fields: &[(&str, &dyn Json)]) {
    out.push('{');
    for (i, (key, value)) in fields.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        key.write_json(out);
        out.push(':');
        value.write_json(out);
    }
    out.push('}');
}

/// Writes `fields` as a JSON object, each name (a Rust field, `snake_case`) as the page
/// reads it (`camelCase`): the writer behind [`json_object!`](crate::web::json::json_object).
pub fn object_camel(out: &mut String, fields: &[(&str, &dyn Json)]) {
    out.push('{');
    for (i, (name, value)) in fields.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('"');
        let mut upper = false;
        for c in name.chars() {
            if c == '_' {
                upper = true;
            } else if upper {
                out.push(c.to_ascii_uppercase());
                upper = false;
            } else {
                out.push(c);
            }
        }
        out.push_str("\":");
        value.write_json(out);
    }
    out.push('}');
}

/// Implements [`Json`] for a struct as an object of its fields, in the order given, each
/// under its name in `camelCase`. Every field must be listed (the list is checked against
/// the struct), so a new field is one word here:
///
/// ```ignore
/// json_object!(ResultSummary { ptn, winner, reason, reason_text, text, score, score_text });
/// // {"ptn":…,"winner":…,"reason":…,"reasonText":…,…}
/// ```
macro_rules! json_object {
    ($ty:ident { $($field:ident),* $(,)? }) => {
        impl $crate::web::json::Json for $ty {
            fn write_json(&self, out: &mut String) {
                let $ty { $($field),* } = self;
                $crate::web::json::object_camel(
                    out,
                    &[$((stringify!($field), $field as &dyn $crate::web::json::Json)),*],
                );
            }
        }
        #[cfg(test)]
        impl $ty {
            /// The fields written, by their Rust names: the tests check the page's
            /// declarations of the JSON (`STATUS_TYPES`) against them.
            #[allow(dead_code)]
            pub(crate) const JSON_FIELDS: &'static [&'static str] = &[$(stringify!($field)),*];
        }
    };
}
pub(crate) use json_object;

/// A game's settings as the page reads them: each field under its name in the JS shape
/// ([`SettingsValue::fields`]), a reserve left to the standard left out (serde's form: a test
/// holds them together).
impl Json for crate::settings::SettingsValue {
    fn write_json(&self, out: &mut String) {
        use crate::settings::Field;
        let mut value = self.clone();
        let mut first = true;
        out.push('{');
        value.fields(|name, field| {
            let count = match &field {
                Field::MaybeCount(None) => return,
                Field::Count(n) => Some(**n),
                Field::MaybeCount(n) => **n,
                Field::Text(_) | Field::Number(_) => None,
            };
            if !first {
                out.push(',');
            }
            first = false;
            name.write_json(out);
            out.push(':');
            match (count, field) {
                (Some(n), _) => write_int(out, n as i64),
                (None, Field::Text(text) | Field::Number(text)) => text.write_json(out),
                _ => {}
            }
        });
        out.push('}');
    }
}

/// A JSON text already written.
pub struct Raw(pub String);

impl Json for Raw {
    fn write_json(&self, out: &mut String) {
        out.push_str(&self.0);
    }
}

impl Json for str {
    fn write_json(&self, out: &mut String) {
        out.push('"');
        for c in self.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                c if (c as u32) < 0x20 => {
                    const HEX: &[u8; 16] = b"0123456789abcdef";
                    out.push_str("\\u00");
                    out.push(HEX[(c as usize) >> 4] as char);
                    out.push(HEX[(c as usize) & 15] as char);
                }
                c => out.push(c),
            }
        }
        out.push('"');
    }
}

impl Json for String {
    fn write_json(&self, out: &mut String) {
        self.as_str().write_json(out)
    }
}

impl Json for &str {
    fn write_json(&self, out: &mut String) {
        (*self).write_json(out)
    }
}

impl Json for bool {
    fn write_json(&self, out: &mut String) {
        out.push_str(if *self { "true" } else { "false" });
    }
}

/// Writes a whole number without the formatting machinery.
fn write_int(out: &mut String, value: i64) {
    if value < 0 {
        out.push('-');
    }
    let mut n = value.unsigned_abs();
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // Pushed one by one: `from_utf8(..).expect(..)` would bring `Utf8Error`'s Debug (and the
    // pretty printer behind it) into the page's wasm.
    for &d in &digits[i..] {
        out.push(char::from(d));
    }
}

macro_rules! json_int {
    ($($t:ty),*) => {$(
        impl Json for $t {
            fn write_json(&self, out: &mut String) {
                write_int(out, *self as i64)
            }
        }
    )*};
}
json_int!(u8, u16, u32, u64, usize, i8, i32, i64);

/// Writes `value` with at most `decimals` decimals (trailing zeros dropped), from integers.
///
/// ```
/// use tak::web::json::fixed;
/// let mut s = String::new();
/// fixed(&mut s, 12.3456, 2);
/// s.push(' ');
/// fixed(&mut s, -0.5, 2);
/// s.push(' ');
/// fixed(&mut s, 3.0, 2);
/// assert_eq!(s, "12.35 -0.5 3");
/// ```
pub fn fixed(out: &mut String, value: f64, decimals: u32) {
    if !value.is_finite() {
        out.push('0');
        return;
    }
    let scale = 10i64.pow(decimals);
    let scaled = (value * scale as f64).round() as i64;
    if scaled < 0 {
        out.push('-');
    }
    let abs = scaled.unsigned_abs() as i64;
    write_int(out, abs / scale);
    let mut frac = abs % scale;
    if frac > 0 {
        out.push('.');
        let mut width = decimals;
        while frac % 10 == 0 {
            frac /= 10;
            width -= 1;
        }
        let mut digits = String::new();
        write_int(&mut digits, frac);
        for _ in digits.len()..width as usize {
            out.push('0');
        }
        out.push_str(&digits);
    }
}

pub use crate::ai::score::parse_fixed;

impl Json for f64 {
    fn write_json(&self, out: &mut String) {
        fixed(out, *self, 4)
    }
}

impl<T: Json> Json for Option<T> {
    fn write_json(&self, out: &mut String) {
        match self {
            Some(v) => v.write_json(out),
            None => out.push_str("null"),
        }
    }
}

impl<T: Json> Json for [T] {
    fn write_json(&self, out: &mut String) {
        out.push('[');
        for (i, v) in self.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            v.write_json(out);
        }
        out.push(']');
    }
}

impl<T: Json> Json for Vec<T> {
    fn write_json(&self, out: &mut String) {
        self.as_slice().write_json(out)
    }
}

impl<T: Json, const N: usize> Json for [T; N] {
    fn write_json(&self, out: &mut String) {
        self.as_slice().write_json(out)
    }
}

impl<A: Json, B: Json> Json for (A, B) {
    fn write_json(&self, out: &mut String) {
        out.push('[');
        self.0.write_json(out);
        out.push(',');
        self.1.write_json(out);
        out.push(']');
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_struct_writes_every_field_in_order_under_its_camel_case_name() {
        struct Sample {
            plain: u8,
            two_words: bool,
            three_word_name: Option<u8>,
        }
        json_object!(Sample {
            plain,
            two_words,
            three_word_name
        });
        let s = Sample {
            plain: 1,
            two_words: true,
            three_word_name: None,
        };
        assert_eq!(
            s.to_json(),
            r#"{"plain":1,"twoWords":true,"threeWordName":null}"#
        );
    }

    use super::*;

    #[test]
    fn reads_what_json_stringify_writes() {
        let v =
            parse(r#" {"a": [1, -2.5e2, true, null, "é\n\u2713\ud83d\ude00"], "b": {}} "#).unwrap();
        let a = v.get("a").unwrap().as_array().unwrap();
        assert_eq!(a[1].as_f64(), Some(-250.0));
        assert_eq!(a[4].as_str(), Some("é\n✓😀"));
        assert!(v.get("b").is_some() && v.get("c").is_none());
        for bad in [
            "",
            "{",
            "[1,]",
            "{\"a\" 1}",
            "\"open",
            "01x",
            "[1] 2",
            "{\"a\":tru}",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        let deep = "[".repeat(100) + &"]".repeat(100);
        assert!(parse(&deep).is_err());
    }

    #[test]
    fn writes_what_json_parse_reads() {
        let mut s = String::new();
        object(
            &mut s,
            &[
                ("text", &"a\u{1}b" as &dyn Json),
                ("list", &vec![Some(1u32), None]),
                ("pair", &("x", 0.125f64)),
            ],
        );
        assert_eq!(
            s,
            r#"{"text":"a\u0001b","list":[1,null],"pair":["x",0.125]}"#
        );
        assert_eq!(
            parse(&s).unwrap().get("text").and_then(Value::as_str),
            Some("a\u{1}b")
        );
        let mut n = String::new();
        write_int(&mut n, i64::MIN + 1);
        assert_eq!(n, (i64::MIN + 1).to_string());
    }
}
