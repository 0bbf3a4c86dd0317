//! Animated PNG: frames (each a PNG of the same size, as a canvas gives them) joined into
//! one APNG that plays a game or a stretch of it, for posting. Pure byte work, no image
//! decoding: each frame's compressed data is carried over as it is.
//!
//! ```
//! use tak::web::apng;
//! assert!(apng::assemble(&[b"not a png".to_vec()], 500).is_err());
//! ```

/// The eight bytes every PNG starts with.
const SIGNATURE: [u8; 8] = [137, 80, 78, 71, 13, 10, 26, 10];

/// The CRC-32 of PNG chunks (ISO 3309, as zlib computes it).
pub fn crc32(parts: &[&[u8]]) -> u32 {
    let mut crc = 0xffff_ffffu32;
    for part in parts {
        for &byte in *part {
            crc ^= byte as u32;
            for _ in 0..8 {
                crc = if crc & 1 != 0 {
                    (crc >> 1) ^ 0xedb8_8320
                } else {
                    crc >> 1
                };
            }
        }
    }
    !crc
}

/// One chunk of a PNG: its type and data.
struct Chunk<'a> {
    kind: [u8; 4],
    data: &'a [u8],
}

/// The chunks of a PNG, checked for structure (not for their CRCs: the browser made them).
fn chunks(png: &[u8]) -> Result<Vec<Chunk<'_>>, String> {
    if png.len() < 8 || png[..8] != SIGNATURE {
        return Err("a frame is not a PNG image".into());
    }
    let mut out = Vec::new();
    let mut at = 8;
    while at + 12 <= png.len() {
        let len = u32::from_be_bytes(png[at..at + 4].try_into().expect("4 bytes")) as usize;
        let kind: [u8; 4] = png[at + 4..at + 8].try_into().expect("4 bytes");
        let end = at + 8 + len;
        if end + 4 > png.len() {
            return Err("a frame's PNG data is cut short".into());
        }
        out.push(Chunk {
            kind,
            data: &png[at + 8..end],
        });
        at = end + 4;
        if &kind == b"IEND" {
            break;
        }
    }
    if out.first().map(|c| &c.kind) != Some(b"IHDR") {
        return Err("a frame's PNG has no header".into());
    }
    Ok(out)
}

fn put_chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    out.extend_from_slice(&crc32(&[kind, data]).to_be_bytes());
}

/// Joins `frames` (PNGs of the same size) into an animated PNG that shows each for
/// `delay_ms` and loops. The first frame is also what viewers without APNG show.
pub fn assemble(frames: &[Vec<u8>], delay_ms: u16) -> Result<Vec<u8>, String> {
    let parsed: Vec<Vec<Chunk>> = frames.iter().map(|f| chunks(f)).collect::<Result<_, _>>()?;
    let first = parsed.first().ok_or("no frames")?;
    let header = first[0].data;
    if header.len() != 13 {
        return Err("a frame's PNG header is damaged".into());
    }
    if parsed.iter().any(|c| c[0].data != header) {
        return Err("the frames differ in size or kind".into());
    }
    let mut out = SIGNATURE.to_vec();
    put_chunk(&mut out, b"IHDR", header);
    let mut actl = (parsed.len() as u32).to_be_bytes().to_vec();
    actl.extend_from_slice(&0u32.to_be_bytes()); // loop for ever
    put_chunk(&mut out, b"acTL", &actl);
    let mut sequence = 0u32;
    for (i, frame) in parsed.iter().enumerate() {
        let mut fctl = sequence.to_be_bytes().to_vec();
        sequence += 1;
        fctl.extend_from_slice(&header[0..8]); // width and height
        fctl.extend_from_slice(&[0; 8]); // x and y offsets
        fctl.extend_from_slice(&delay_ms.max(1).to_be_bytes());
        fctl.extend_from_slice(&1000u16.to_be_bytes());
        fctl.extend_from_slice(&[0, 0]); // dispose: none; blend: source
        put_chunk(&mut out, b"fcTL", &fctl);
        for chunk in frame.iter().filter(|c| &c.kind == b"IDAT") {
            if i == 0 {
                put_chunk(&mut out, b"IDAT", chunk.data);
            } else {
                let mut data = sequence.to_be_bytes().to_vec();
                sequence += 1;
                data.extend_from_slice(chunk.data);
                put_chunk(&mut out, b"fdAT", &data);
            }
        }
    }
    put_chunk(&mut out, b"IEND", &[]);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tiny PNG (1×1 grey) with an uncompressed (stored) zlib stream.
    fn png(grey: u8) -> Vec<u8> {
        let raw = [0u8, grey]; // filter byte, pixel
        let mut z = vec![0x78, 0x01, 1, raw.len() as u8, 0, !(raw.len() as u8), 0xff];
        z.extend_from_slice(&raw);
        let (mut a, mut b) = (1u32, 0u32);
        for &x in &raw {
            a = (a + x as u32) % 65521;
            b = (b + a) % 65521;
        }
        z.extend_from_slice(&((b << 16) | a).to_be_bytes());
        let mut out = SIGNATURE.to_vec();
        put_chunk(&mut out, b"IHDR", &[0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
        put_chunk(&mut out, b"IDAT", &z);
        put_chunk(&mut out, b"IEND", &[]);
        out
    }

    #[test]
    fn the_crc_is_the_standard_one() {
        assert_eq!(crc32(&[b"IEND"]), 0xae42_6082);
        assert_eq!(crc32(&[b"123456789"]), 0xcbf4_3926);
    }

    #[test]
    fn frames_become_one_animation_with_ordered_chunks() {
        let out = assemble(&[png(0), png(128), png(255)], 700).unwrap();
        let parsed = chunks(&out).unwrap();
        let kinds: Vec<&[u8]> = parsed.iter().map(|c| &c.kind[..]).collect();
        assert_eq!(
            kinds,
            [
                &b"IHDR"[..],
                b"acTL",
                b"fcTL",
                b"IDAT",
                b"fcTL",
                b"fdAT",
                b"fcTL",
                b"fdAT",
                b"IEND"
            ]
        );
        assert_eq!(&parsed[1].data[..4], &3u32.to_be_bytes(), "three frames");
        // Sequence numbers run 0, 1, 2, ... over fcTL and fdAT.
        let seqs: Vec<u32> = parsed
            .iter()
            .filter(|c| &c.kind == b"fcTL" || &c.kind == b"fdAT")
            .map(|c| u32::from_be_bytes(c.data[..4].try_into().unwrap()))
            .collect();
        assert_eq!(seqs, [0, 1, 2, 3, 4]);
        // Every chunk's CRC is right.
        let mut at = 8;
        while at < out.len() {
            let len = u32::from_be_bytes(out[at..at + 4].try_into().unwrap()) as usize;
            let crc = u32::from_be_bytes(out[at + 8 + len..at + 12 + len].try_into().unwrap());
            assert_eq!(crc, crc32(&[&out[at + 4..at + 8 + len]]));
            at += 12 + len;
        }
    }

    #[test]
    fn frames_of_different_sizes_are_refused() {
        let mut other = png(0);
        other[19] = 2; // width 2 in IHDR
        assert!(assemble(&[png(0), other], 500).is_err());
        assert!(assemble(&[], 500).is_err());
    }
}
