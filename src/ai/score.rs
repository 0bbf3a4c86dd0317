//! What a score means, for everyone who shows or reads one: the constants of a forced win,
//! the chance of winning an evaluation stands for, and an evaluation's short text in
//! comments (`+1.2`, `-R3`) with its reader. A leaf: the search, the evaluation, the review,
//! the worker and the page all build on it, and it on nothing of theirs.

/// A score that means "the player to move wins"; a win found `n` plies ahead scores
/// `WIN - n`, so quicker wins score higher.
pub const WIN: i32 = 1_000_000;
/// Scores beyond this (in absolute value) are forced wins or losses.
pub const WIN_THRESHOLD: i32 = WIN - 1000;

/// The chance that the player to move wins, from an evaluation `score` on a board of side
/// `size`, by the logistic curve fitted with the weights. Forced wins and losses give 1
/// and 0.
///
/// ```
/// use tak::ai::score::win_probability;
/// assert_eq!(win_probability(0, 6), 0.5);
/// assert!(win_probability(100, 6) > 0.5);
/// assert_eq!(win_probability(tak::ai::score::WIN - 3, 6), 1.0);
/// ```
pub fn win_probability(score: i32, size: u8) -> f64 {
    if score >= WIN_THRESHOLD {
        return 1.0;
    }
    if score <= -WIN_THRESHOLD {
        return 0.0;
    }
    let logit =
        score as f64 * super::weights::LOGIT_PER_UNIT[(size.clamp(3, 8) - 3) as usize] as f64;
    1.0 / (1.0 + (-logit).exp())
}

/// A short text of an evaluation from white's side, for comments: `+1.2` (flats), or
/// `+R3` / `-R3` for a road forced in that many plies.
///
/// ```
/// use tak::ai::score::{eval_text, WIN};
/// assert_eq!(eval_text(120), "+1.2");
/// assert_eq!(eval_text(-35), "-0.4"); // halves round away from zero
/// assert_eq!(eval_text(0), "0.0");
/// assert_eq!(eval_text(WIN - 3), "+R3");
/// assert_eq!(eval_text(-(WIN - 2)), "-R2");
/// ```
pub fn eval_text(white_score: i32) -> String {
    if white_score.abs() >= WIN_THRESHOLD {
        let plies = WIN - white_score.abs();
        let sign = if white_score > 0 { '+' } else { '-' };
        return format!("{sign}R{plies}");
    }
    // Tenths of a flat, rounded, written from integers.
    let tenths = (white_score as i64 * 2 + white_score.signum() as i64 * 10) / 20;
    if tenths == 0 {
        return "0.0".to_string();
    }
    let sign = if tenths > 0 { '+' } else { '-' };
    let a = tenths.abs();
    format!("{sign}{}.{}", a / 10, a % 10)
}

/// Reads an evaluation written by [`eval_text`] back into a white score.
///
/// ```
/// use tak::ai::score::{eval_text, parse_eval};
/// for s in [120, -35, 0, tak::ai::score::WIN - 3] {
///     let text = eval_text(s);
///     assert_eq!(eval_text(parse_eval(&text).unwrap()), text);
/// }
/// assert_eq!(parse_eval("best c3"), None);
/// ```
pub fn parse_eval(text: &str) -> Option<i32> {
    let text = text.trim();
    if let Some(rest) = text.strip_prefix("+R").or_else(|| text.strip_prefix("-R")) {
        let plies: i32 = rest.parse().ok()?;
        let score = WIN - plies;
        return Some(if text.starts_with('-') { -score } else { score });
    }
    if !(text.starts_with('+') || text.starts_with('-') || text == "0.0") {
        return None;
    }
    parse_fixed(text, 2).map(|h| h.clamp(-100_000, 100_000) as i32)
}

/// Reads a decimal such as `-1.25`, `+3` or `.5` as a whole number of `10^-decimals`
/// (rounded), without the float parsing machinery. Returns `None` for anything else.
///
/// ```
/// use tak::ai::score::parse_fixed;
/// assert_eq!(parse_fixed("+1.2", 2), Some(120));
/// assert_eq!(parse_fixed("-0.35", 1), Some(-4));
/// assert_eq!(parse_fixed("1.2.3", 2), None);
/// ```
pub fn parse_fixed(text: &str, decimals: u32) -> Option<i64> {
    let t = text.trim();
    let (negative, t) = match t.as_bytes().first()? {
        b'-' => (true, &t[1..]),
        b'+' => (false, &t[1..]),
        _ => (false, t),
    };
    let (int, frac) = t.split_once('.').unwrap_or((t, ""));
    if (int.is_empty() && frac.is_empty())
        || !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit())
        || int.len() > 12
    {
        return None;
    }
    let mut value: i64 = if int.is_empty() { 0 } else { int.parse().ok()? };
    let mut extra = 0;
    for (i, b) in frac.bytes().enumerate() {
        let d = (b - b'0') as i64;
        if (i as u32) < decimals {
            value = value * 10 + d;
        } else if i as u32 == decimals {
            extra = d;
        }
    }
    for _ in frac.len() as u32..decimals {
        value *= 10;
    }
    if extra >= 5 {
        value += 1;
    }
    Some(if negative { -value } else { value })
}
