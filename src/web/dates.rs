//! Times as the library and friend links write them: ISO 8601 in UTC, to the millisecond
//! (`2026-11-25T10:00:00.000Z`), read back exactly, with no date library (the page's wasm
//! stays small).
//!
//! ```
//! use tak::web::dates::{iso_time, read_iso};
//! assert_eq!(iso_time(951_782_400_000), "2000-02-29T00:00:00.000Z");
//! assert_eq!(read_iso("2000-02-29T00:00:00Z"), Some(951_782_400_000));
//! assert_eq!(read_iso("2001-02-29T00:00:00Z"), None);
//! ```

/// A time (ms since 1970) as ISO 8601 in UTC: `2026-11-25T10:00:00.000Z`.
pub fn iso_time(ms: u64) -> String {
    let days = (ms / 86_400_000) as i64;
    let rest = ms % 86_400_000;
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{:03}Z",
        rest / 3_600_000,
        rest / 60_000 % 60,
        rest / 1000 % 60,
        rest % 1000
    )
}

/// Reads [`iso_time`]'s form (the milliseconds may be left out): the time in ms since 1970.
pub fn read_iso(text: &str) -> Option<u64> {
    let text = text.strip_suffix('Z')?;
    let (date, clock) = text.split_once('T')?;
    let mut date = date.split('-');
    let (y, m, d) = (date.next()?, date.next()?, date.next()?);
    if date.next().is_some() || y.len() != 4 || m.len() != 2 || d.len() != 2 {
        return None;
    }
    let (y, m, d): (i64, u32, u32) = (y.parse().ok()?, m.parse().ok()?, d.parse().ok()?);
    let (hms, millis) = clock.split_once('.').unwrap_or((clock, "0"));
    let mut hms = hms.split(':');
    let (h, min, s) = (hms.next()?, hms.next()?, hms.next()?);
    if hms.next().is_some() || millis.is_empty() || millis.len() > 3 {
        return None;
    }
    let number = |t: &str| -> Option<u64> {
        (t.len() == 2 && t.bytes().all(|b| b.is_ascii_digit())).then(|| t.parse().ok())?
    };
    let (h, min, s) = (number(h)?, number(min)?, number(s)?);
    if !millis.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let ms: u64 = millis.parse::<u64>().ok()? * 10u64.pow(3 - millis.len() as u32);
    if !(1970..=9999).contains(&y) || h > 23 || min > 59 || s > 59 {
        return None;
    }
    let days = days_from_civil(y, m, d);
    // A day that the month does not have (02-30) comes back as another date.
    if civil_from_days(days) != (y, m, d) {
        return None;
    }
    Some(days as u64 * 86_400_000 + h * 3_600_000 + min * 60_000 + s * 1000 + ms)
}

/// The date of a day counted from 1970-01-01 (H. Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// The day counted from 1970-01-01 of a date (any month 1 to 12, day 1 to 31).
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return i64::MIN / 2;
    }
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let m = i64::from(m);
    let mp = if m > 2 { m - 3 } else { m + 9 };
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_written_and_read_as_iso_8601() {
        assert_eq!(iso_time(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(iso_time(1_764_201_600_123), "2025-11-27T00:00:00.123Z");
        assert_eq!(iso_time(951_782_400_000), "2000-02-29T00:00:00.000Z");
        for ms in [0, 1_764_201_600_123, 951_782_400_000, 4_102_444_799_999] {
            assert_eq!(read_iso(&iso_time(ms)), Some(ms));
        }
        assert_eq!(read_iso("2025-11-27T10:20:30Z"), Some(1_764_238_830_000));
        for bad in [
            "",
            "2025-11-27",
            "2025-02-30T00:00:00Z",
            "2025-13-01T00:00:00Z",
            "2025-11-27T24:00:00Z",
            "2025-11-27T10:20:30.1234Z",
            "1969-12-31T23:59:59Z",
            "2025-11-27T10:20:30",
        ] {
            assert_eq!(read_iso(bad), None, "{bad}");
        }
    }
}
