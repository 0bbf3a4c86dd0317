//! Languages: one catalogue per language (`www/i18n/<lang>.txt`, lines of `key = value` with
//! `{name}` placeholders), compiled in so that the page and the board share them and nothing
//! is fetched. Messages travel as a key plus arguments ([`Message`]) and are translated at
//! the edge, in the reader's language.

use crate::moves::ParseMoveError;
use crate::position::IllegalMove;
use crate::Kind;
use std::sync::OnceLock;

/// A language of the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    En,
    It,
    Es,
    Ca,
}

impl Lang {
    pub const ALL: [Lang; 4] = [Lang::En, Lang::It, Lang::Es, Lang::Ca];

    /// The two-letter code.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::It => "it",
            Lang::Es => "es",
            Lang::Ca => "ca",
        }
    }

    /// The language for a code such as `it` or `es-AR`, if it is one of ours.
    pub fn from_code(code: &str) -> Option<Lang> {
        let lower = code.trim().to_ascii_lowercase();
        let base = lower.split(['-', '_']).next().unwrap_or("");
        Lang::ALL.into_iter().find(|l| l.code() == base)
    }

    /// The catalogue's text compiled in: natively only. In the browser the page fetches the
    /// reader's language alone and hands it over ([`set_catalogue`]), which keeps the wasm
    /// small.
    #[cfg(not(target_arch = "wasm32"))]
    fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../www/i18n/en.txt"),
            Lang::It => include_str!("../../www/i18n/it.txt"),
            Lang::Es => include_str!("../../www/i18n/es.txt"),
            Lang::Ca => include_str!("../../www/i18n/ca.txt"),
        }
    }
}

/// Reads a catalogue: `key = value` lines; `#` starts a comment line; `\n` in a value is a
/// line break.
pub fn parse_catalogue(text: &str) -> Vec<(&str, String)> {
    text.lines()
        .filter_map(|line| {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                return None;
            }
            let (key, value) = line.split_once('=')?;
            Some((key.trim(), unescape_newlines(value.trim())))
        })
        .collect()
}

/// A language's texts by key: a sorted list, searched by halves (a hash map would bring its
/// hashing code into the page's wasm for a few hundred lookups).
#[derive(Default)]
pub struct Catalogue(Vec<(String, String)>);

impl Catalogue {
    fn read(text: &str) -> Catalogue {
        // Each entry put in its place as it comes (a few hundred: no sort routine needed in
        // the page's wasm); a key given twice keeps its later text, as the page's script does.
        let mut entries: Vec<(String, String)> = Vec::new();
        for (key, value) in parse_catalogue(text) {
            match entries.binary_search_by(|(k, _)| k.as_str().cmp(key)) {
                Ok(i) => entries[i].1 = value,
                Err(i) => entries.insert(i, (key.to_string(), value)),
            }
        }
        Catalogue(entries)
    }

    /// The text of `key`.
    pub fn get(&self, key: &str) -> Option<&String> {
        self.0
            .binary_search_by(|(k, _)| k.as_str().cmp(key))
            .ok()
            .map(|i| &self.0[i].1)
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    /// Every key and its text, by key.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &String)> {
        self.0.iter().map(|(k, v)| (k, v))
    }

    pub fn keys(&self) -> impl Iterator<Item = &String> {
        self.0.iter().map(|(k, _)| k)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The catalogues read so far, one per language.
static CATALOGUES: [OnceLock<Catalogue>; 4] = [const { OnceLock::new() }; 4];

/// Hands over the catalogue of `lang` (the text of `www/i18n/<lang>.txt`). The first one
/// given stays; returns whether this one was taken.
pub fn set_catalogue(lang: Lang, text: &str) -> bool {
    CATALOGUES[lang as usize].set(Catalogue::read(text)).is_ok()
}

/// The catalogue of `lang` (empty in the browser until the page has handed it over).
pub fn catalogue(lang: Lang) -> &'static Catalogue {
    let cell = &CATALOGUES[lang as usize];
    if let Some(c) = cell.get() {
        return c;
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        cell.get_or_init(|| Catalogue::read(lang.source()))
    }
    #[cfg(target_arch = "wasm32")]
    {
        static EMPTY: Catalogue = Catalogue(Vec::new());
        &EMPTY
    }
}

/// The text of `key` in `lang` with `{name}` placeholders filled in; falls back to English,
/// then to the key itself (a test makes sure no key is missing).
pub fn text(lang: Lang, key: &str, args: &[(&str, String)]) -> String {
    let template = catalogue(lang)
        .get(key)
        .or_else(|| catalogue(Lang::En).get(key))
        .map_or(key, String::as_str);
    fill(template, args)
}

/// `template` with each `{name}` of `args` replaced by its value, in one pass (a value that
/// itself holds braces stays as it is). Written out by hand rather than with `str::replace`,
/// whose substring search is a few KB of the page's wasm.
fn fill(template: &str, args: &[(&str, String)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some((before, after)) = rest.split_once('{') {
        out.push_str(before);
        let value = after.split_once('}').and_then(|(name, tail)| {
            args.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (v, tail))
        });
        match value {
            Some((v, tail)) => {
                out.push_str(v);
                rest = tail;
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A catalogue value's `\n` as line breaks.
fn unescape_newlines(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some(other) => {
                out.push(c);
                out.push(other);
            }
            None => out.push(c),
        }
    }
    out
}

/// A message to show the reader: a catalogue key and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub key: &'static str,
    pub args: Vec<(&'static str, String)>,
    /// Arguments that are themselves catalogue keys (a colour's name), translated in the
    /// reader's language.
    pub keyed: Vec<(&'static str, &'static str)>,
    /// Messages that fill placeholders (`{error}`, `{why}`), translated in the same
    /// language.
    pub nested: Vec<(&'static str, Message)>,
}

impl Message {
    pub fn new(key: &'static str) -> Message {
        Message {
            key,
            args: Vec::new(),
            keyed: Vec::new(),
            nested: Vec::new(),
        }
    }

    pub fn with(mut self, name: &'static str, value: impl ToString) -> Message {
        self.args.push((name, value.to_string()));
        self
    }

    /// Fills `{name}` with another message, in the same language.
    pub fn with_nested(mut self, name: &'static str, inner: Message) -> Message {
        self.nested.push((name, inner));
        self
    }

    /// Fills `{name}` with the text of catalogue key `key`, in the reader's language.
    pub fn with_key(mut self, name: &'static str, key: &'static str) -> Message {
        self.keyed.push((name, key));
        self
    }

    /// The message in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let mut args = self.args.clone();
        for &(name, key) in &self.keyed {
            args.push((name, text(lang, key, &[])));
        }
        for (name, inner) in &self.nested {
            args.push((name, inner.text(lang)));
        }
        text(lang, self.key, &args)
    }
}

impl From<&IllegalMove> for Message {
    fn from(e: &IllegalMove) -> Message {
        match *e {
            IllegalMove::GameOver => Message::new("illegal.game_over"),
            IllegalMove::OffBoard(sq) => Message::new("illegal.off_board").with("square", sq),
            IllegalMove::Occupied(sq) => Message::new("illegal.occupied").with("square", sq),
            IllegalMove::OpeningMustPlaceFlat => Message::new("illegal.opening"),
            IllegalMove::NoneLeft(Kind::Cap) => Message::new("illegal.no_caps"),
            IllegalMove::NoneLeft(_) => Message::new("illegal.no_stones"),
            IllegalMove::EmptySquare(sq) => Message::new("illegal.empty").with("square", sq),
            IllegalMove::NotYourStack(sq) => Message::new("illegal.not_yours").with("square", sq),
            IllegalMove::TooManyCarried { count, limit } => Message::new("illegal.too_many")
                .with("count", count)
                .with("limit", limit),
            IllegalMove::RunsOffBoard => Message::new("illegal.off_edge"),
            IllegalMove::Blocked(sq) => Message::new("illegal.blocked").with("square", sq),
            IllegalMove::TreeFull(n) => Message::new("illegal.tree_full").with("count", n),
            IllegalMove::NestedTooDeep(n) => Message::new("illegal.too_deep").with("count", n),
        }
    }
}

impl From<&ParseMoveError> for Message {
    fn from(e: &ParseMoveError) -> Message {
        match e {
            ParseMoveError::Empty => Message::new("parse.empty"),
            ParseMoveError::BadSquare(s) => Message::new("parse.bad_square")
                .with("text", &s.text)
                .with("last", s.last_square()),
            ParseMoveError::Unexpected { found, column } => Message::new("parse.unexpected")
                .with("char", found)
                .with("column", column),
            ParseMoveError::BadCount(n) => Message::new("parse.bad_count").with("count", n),
            ParseMoveError::DropsDontAddUp { count, total } => Message::new("parse.drops")
                .with("count", count)
                .with("total", total),
            ParseMoveError::ZeroDrop => Message::new("parse.zero_drop"),
            ParseMoveError::CountOnPlacement => Message::new("parse.count_on_placement"),
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn placeholders(s: &str) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        let mut rest = s;
        while let Some(start) = rest.find('{') {
            match rest[start..].find('}') {
                Some(end) => {
                    out.insert(rest[start + 1..start + end].to_string());
                    rest = &rest[start + end + 1..];
                }
                None => break,
            }
        }
        out
    }

    #[test]
    fn every_language_has_every_key_with_the_same_placeholders() {
        let english = catalogue(Lang::En);
        assert!(english.len() > 100, "{} keys", english.len());
        for lang in Lang::ALL {
            let cat = catalogue(lang);
            let missing: Vec<_> = english.keys().filter(|k| !cat.contains_key(k)).collect();
            assert!(missing.is_empty(), "{}: missing {missing:?}", lang.code());
            let extra: Vec<_> = cat.keys().filter(|k| !english.contains_key(k)).collect();
            assert!(extra.is_empty(), "{}: unknown keys {extra:?}", lang.code());
            for (key, value) in cat.iter() {
                assert!(!value.is_empty(), "{}: {key} is empty", lang.code());
                assert_eq!(
                    placeholders(value),
                    placeholders(english.get(key).unwrap()),
                    "{}: {key}",
                    lang.code()
                );
            }
        }
    }

    #[test]
    fn placeholders_are_filled_in_one_pass_and_unknown_ones_kept() {
        let args = [("a", "1".to_string()), ("b", "{a}".to_string())];
        assert_eq!(fill("{a} and {b}, {a}", &args), "1 and {a}, 1");
        assert_eq!(fill("{x} { {a", &args), "{x} { {a");
        assert_eq!(fill("no braces", &[]), "no braces");
        assert_eq!(unescape_newlines("one\\ntwo\\x\\"), "one\ntwo\\x\\");
    }

    #[test]
    fn a_catalogue_finds_keys_given_in_any_order_and_keeps_a_later_text() {
        let cat = Catalogue::read("b = two\n# a comment\nc = three\na = one\nb = again\n");
        assert_eq!(cat.len(), 3);
        assert_eq!(cat.keys().collect::<Vec<_>>(), ["a", "b", "c"]);
        assert_eq!(cat.get("a").map(String::as_str), Some("one"));
        assert_eq!(cat.get("b").map(String::as_str), Some("again"));
        assert_eq!(cat.get("c").map(String::as_str), Some("three"));
        assert!(cat.get("d").is_none());
    }

    #[test]
    fn catalogue_files_have_no_duplicate_keys() {
        for lang in Lang::ALL {
            let entries = parse_catalogue(lang.source());
            let mut seen = BTreeSet::new();
            for (k, _) in &entries {
                assert!(seen.insert(*k), "{}: {k} twice", lang.code());
            }
        }
    }

    #[test]
    fn catalogues_write_one_apostrophe_the_typographic_one() {
        // "device's" beside "device’s" in one message (issue 47): ’ throughout.
        for lang in Lang::ALL {
            for (key, text) in parse_catalogue(lang.source()) {
                let chars: Vec<char> = text.chars().collect();
                let straight = chars
                    .windows(3)
                    .any(|w| w[1] == '\'' && w[0].is_alphanumeric() && w[2].is_alphanumeric());
                assert!(!straight, "{}: {key} writes ' for ’: {text}", lang.code());
            }
        }
    }

    #[test]
    fn every_message_key_the_code_uses_exists() {
        let english = catalogue(Lang::En);
        let moves = [
            IllegalMove::GameOver,
            IllegalMove::OffBoard("h8".parse().unwrap()),
            IllegalMove::Occupied("a1".parse().unwrap()),
            IllegalMove::OpeningMustPlaceFlat,
            IllegalMove::NoneLeft(Kind::Cap),
            IllegalMove::NoneLeft(Kind::Flat),
            IllegalMove::EmptySquare("a1".parse().unwrap()),
            IllegalMove::NotYourStack("a1".parse().unwrap()),
            IllegalMove::TooManyCarried { count: 6, limit: 5 },
            IllegalMove::RunsOffBoard,
            IllegalMove::Blocked("a1".parse().unwrap()),
        ];
        for m in &moves {
            assert!(english.contains_key(Message::from(m).key), "{m:?}");
        }
        let text = Message::from(&IllegalMove::Occupied("c3".parse().unwrap())).text(Lang::It);
        assert!(text.contains("c3") && !text.contains("{square}"), "{text}");
    }

    #[test]
    fn codes_are_read_with_regions() {
        assert_eq!(Lang::from_code("es-AR"), Some(Lang::Es));
        assert_eq!(Lang::from_code("CA"), Some(Lang::Ca));
        assert_eq!(Lang::from_code("fr"), None);
    }
}
