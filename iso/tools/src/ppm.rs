//! Decoding the binary PPM (P6) files QEMU's `screendump` writes.

use crate::{Error, Result};

/// An RGB image, rows top to bottom.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    pub width: usize,
    pub height: usize,
    /// `width * height` pixels.
    pub pixels: Vec<[u8; 3]>,
}

impl Image {
    /// The pixel at (x, y).
    pub fn pixel(&self, x: usize, y: usize) -> [u8; 3] {
        self.pixels[y * self.width + x]
    }

    /// The most common colour in a region (taken as its background).
    pub fn dominant_color(&self, x0: usize, y0: usize, w: usize, h: usize) -> [u8; 3] {
        let mut counts: std::collections::HashMap<[u8; 3], usize> =
            std::collections::HashMap::new();
        for y in y0..(y0 + h).min(self.height) {
            for x in x0..(x0 + w).min(self.width) {
                *counts.entry(self.pixel(x, y)).or_default() += 1;
            }
        }
        counts
            .into_iter()
            .max_by_key(|&(_, n)| n)
            .map_or([0; 3], |(c, _)| c)
    }

    /// Pixels in the region that differ from `background`.
    pub fn count_not(
        &self,
        background: [u8; 3],
        x0: usize,
        y0: usize,
        w: usize,
        h: usize,
    ) -> usize {
        let mut n = 0;
        for y in y0..(y0 + h).min(self.height) {
            for x in x0..(x0 + w).min(self.width) {
                n += usize::from(self.pixel(x, y) != background);
            }
        }
        n
    }
}

/// Parses a P6 PPM with maxval 255.
pub fn decode(data: &[u8]) -> Result<Image> {
    let bad = |why: &str| Error::Invalid(format!("screendump: {why}"));
    let mut pos = 0;
    // Header: magic, width, height, maxval, separated by whitespace and
    // `#` comments, then exactly one whitespace byte before the pixels.
    let mut fields = Vec::new();
    while fields.len() < 4 {
        while pos < data.len() && (data[pos].is_ascii_whitespace() || data[pos] == b'#') {
            if data[pos] == b'#' {
                while pos < data.len() && data[pos] != b'\n' {
                    pos += 1;
                }
            } else {
                pos += 1;
            }
        }
        let start = pos;
        while pos < data.len() && !data[pos].is_ascii_whitespace() {
            pos += 1;
        }
        if start == pos {
            return Err(bad("truncated header"));
        }
        fields.push(std::str::from_utf8(&data[start..pos]).map_err(|_| bad("header is not text"))?);
    }
    pos += 1;
    if fields[0] != "P6" {
        return Err(bad("not a binary PPM (P6)"));
    }
    let num = |s: &str| s.parse::<usize>().map_err(|_| bad("bad number in header"));
    let (width, height, maxval) = (num(fields[1])?, num(fields[2])?, num(fields[3])?);
    if maxval != 255 {
        return Err(bad("only 8-bit PPM is supported"));
    }
    let body = data
        .get(pos..pos + width * height * 3)
        .ok_or_else(|| bad("pixel data truncated"))?;
    let pixels = body.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect();
    Ok(Image {
        width,
        height,
        pixels,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_p6_with_comment() {
        let mut data = b"P6\n# made by a test\n2 2\n255\n".to_vec();
        data.extend_from_slice(&[0, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 0]);
        let img = decode(&data).unwrap();
        assert_eq!((img.width, img.height), (2, 2));
        assert_eq!(img.pixel(1, 0), [255, 0, 0]);
        assert_eq!(img.dominant_color(0, 0, 2, 2), [0, 0, 0]);
        assert_eq!(img.count_not([0, 0, 0], 0, 0, 2, 2), 1);
    }

    #[test]
    fn rejects_bad_input() {
        assert!(decode(b"P3\n1 1\n255\n\x00\x00\x00").is_err());
        assert!(decode(b"P6\n2 2\n255\n\x00").is_err());
        assert!(decode(b"P6\n2").is_err());
        assert!(decode(b"P6\n1 1\n65535\n\x00\x00\x00\x00\x00\x00").is_err());
    }
}
