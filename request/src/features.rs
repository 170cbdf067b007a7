//! `features.bin`: router feature rows computed on the host at build time and
//! shipped beside the model, so the kernel does not prefill every declared
//! example at boot.
//!
//! Layout (little-endian), version 1:
//!
//! ```text
//! "NSFC" u32 version=1
//! u64 model_hash        xxHash64 (seed 0) of the whole GGUF file
//! u32 feature           0 = final-norm hidden state, 1+L = residual after layer L
//! u32 dim               floats per row
//! u32 rows
//! rows × { u32 example  index into the applet's declared examples, or EXTRA_ROW
//!          u16 len, class (applet name, UTF-8)
//!          u16 len, request (UTF-8)
//!          f32 × dim }
//! u64 checksum          xxHash64 (seed 0) of every byte before it
//! ```
//!
//! Each row carries its request text, so a sample can be recomputed to check
//! the cache (`Interpreter::verify_sample`) and a declared example that was
//! edited since the cache was written is recomputed rather than trusted.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::hash::Hasher;

use twox_hash::XxHash64;

const MAGIC: &[u8; 4] = b"NSFC";
const VERSION: u32 = 1;

/// `example` of a row that is not one of the applet's declared examples
/// (e.g. a training-split request the host added).
pub const EXTRA_ROW: u32 = u32::MAX;

/// The hash that keys a feature cache to its model: xxHash64 (seed 0) of the
/// GGUF bytes, chosen because it runs at memory speed without `std`.
pub fn model_hash(bytes: &[u8]) -> u64 {
    let mut h = XxHash64::with_seed(0);
    h.write(bytes);
    h.finish()
}

/// The data volume's directory of feature caches, one file per model.
pub const VOLUME_DIR: &str = "/FEATURES";

/// Where a model's feature cache is kept on the data volume: `/FEATURES/XXXXXXXX.BIN`, named
/// by the top 32 bits of its [`model_hash`] so the name is a FAT 8.3 name. Two models whose
/// hashes share those bits take turns in one file; the full hash inside it
/// ([`FeatureCache::check_model`]) keeps one from using the other's rows.
pub fn volume_path(model_hash: u64) -> String {
    alloc::format!("{VOLUME_DIR}/{:08X}.BIN", model_hash >> 32)
}

/// One router training row.
#[derive(Clone, Debug, PartialEq)]
pub struct FeatureRow {
    pub class: String,
    /// Index into the class's declared examples, or [`EXTRA_ROW`].
    pub example: u32,
    pub request: String,
    pub features: Vec<f32>,
}

/// A parsed `features.bin`.
#[derive(Clone, Debug, PartialEq)]
pub struct FeatureCache {
    pub model_hash: u64,
    /// Which hidden state the rows hold (see [`crate::Feature::code`]).
    pub feature: u32,
    pub dim: usize,
    pub rows: Vec<FeatureRow>,
}

/// Why a cache was not used.
#[derive(Clone, Debug, PartialEq)]
pub enum CacheError {
    BadMagic,
    UnsupportedVersion(u32),
    /// The file ends inside the named part.
    Truncated(&'static str),
    /// Bytes after the checksum.
    TrailingBytes,
    BadChecksum,
    /// A class or request is not UTF-8, or a string is too long to store.
    BadString,
    /// A feature value is NaN or infinite.
    NonFinite {
        row: usize,
    },
    /// Written for another model file.
    WrongModel {
        cache: u64,
        model: u64,
    },
    /// Written for another feature (layer) or width.
    WrongFeature {
        cache: (u32, usize),
        model: (u32, usize),
    },
    /// A recomputed row differs from the cached one.
    Mismatch {
        class: String,
        example: u32,
        max_diff: f32,
    },
}

impl fmt::Display for CacheError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CacheError::BadMagic => f.write_str("not a feature cache (bad magic)"),
            CacheError::UnsupportedVersion(v) => write!(f, "feature cache version {v} unsupported"),
            CacheError::Truncated(what) => write!(f, "feature cache truncated in {what}"),
            CacheError::TrailingBytes => f.write_str("feature cache has bytes after its checksum"),
            CacheError::BadChecksum => f.write_str("feature cache checksum mismatch"),
            CacheError::BadString => f.write_str("feature cache string is not UTF-8 or too long"),
            CacheError::NonFinite { row } => write!(f, "feature cache row {row} is not finite"),
            CacheError::WrongModel { cache, model } => write!(
                f,
                "feature cache is for model {cache:016x}, loaded model is {model:016x}"
            ),
            CacheError::WrongFeature { cache, model } => write!(
                f,
                "feature cache holds feature {} × {}, model gives {} × {}",
                cache.0, cache.1, model.0, model.1
            ),
            CacheError::Mismatch {
                class,
                example,
                max_diff,
            } => write!(
                f,
                "cached features of {class} example {example} differ from recomputed by {max_diff:e}"
            ),
        }
    }
}

impl core::error::Error for CacheError {}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &'static str) -> Result<&'a [u8], CacheError> {
        let end = self.at.checked_add(n).ok_or(CacheError::Truncated(what))?;
        let s = self
            .bytes
            .get(self.at..end)
            .ok_or(CacheError::Truncated(what))?;
        self.at = end;
        Ok(s)
    }

    fn u16(&mut self, what: &'static str) -> Result<u16, CacheError> {
        let b = self.take(2, what)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    fn u32(&mut self, what: &'static str) -> Result<u32, CacheError> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn u64(&mut self, what: &'static str) -> Result<u64, CacheError> {
        let b = self.take(8, what)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(u64::from_le_bytes(a))
    }

    fn string(&mut self, what: &'static str) -> Result<String, CacheError> {
        let n = self.u16(what)? as usize;
        let b = self.take(n, what)?;
        core::str::from_utf8(b)
            .map(String::from)
            .map_err(|_| CacheError::BadString)
    }
}

impl FeatureCache {
    /// Parses and checks a cache file (magic, version, checksum, finiteness).
    /// Whether it fits the loaded model is [`FeatureCache::check_model`]'s job.
    pub fn parse(bytes: &[u8]) -> Result<FeatureCache, CacheError> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(4, "magic")? != MAGIC {
            return Err(CacheError::BadMagic);
        }
        let version = r.u32("header")?;
        if version != VERSION {
            return Err(CacheError::UnsupportedVersion(version));
        }
        let body_end = bytes
            .len()
            .checked_sub(8)
            .ok_or(CacheError::Truncated("checksum"))?;
        let model_hash = r.u64("header")?;
        let feature = r.u32("header")?;
        let dim = r.u32("header")? as usize;
        let n = r.u32("header")? as usize;
        // Each row is at least 8 + 4·dim bytes: refuse a count the file
        // cannot hold before reserving memory for it.
        let min_row = 8usize.saturating_add(dim.saturating_mul(4));
        if n.saturating_mul(min_row) > bytes.len() {
            return Err(CacheError::Truncated("rows"));
        }
        let mut rows = Vec::with_capacity(n);
        for i in 0..n {
            let example = r.u32("row")?;
            let class = r.string("row")?;
            let request = r.string("row")?;
            let raw = r.take(dim * 4, "row")?;
            let features: Vec<f32> = raw
                .chunks_exact(4)
                .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect();
            if features.iter().any(|v| !v.is_finite()) {
                return Err(CacheError::NonFinite { row: i });
            }
            rows.push(FeatureRow {
                class,
                example,
                request,
                features,
            });
        }
        if r.at != body_end {
            return Err(if r.at < body_end {
                CacheError::TrailingBytes
            } else {
                CacheError::Truncated("checksum")
            });
        }
        let stored = r.u64("checksum")?;
        let mut h = XxHash64::with_seed(0);
        h.write(&bytes[..body_end]);
        if h.finish() != stored {
            return Err(CacheError::BadChecksum);
        }
        Ok(FeatureCache {
            model_hash,
            feature,
            dim,
            rows,
        })
    }

    /// The file's bytes. Fails only on strings longer than 65535 bytes or
    /// rows of the wrong width.
    pub fn to_bytes(&self) -> Result<Vec<u8>, CacheError> {
        let mut out = Vec::with_capacity(32 + self.rows.len() * (48 + 4 * self.dim));
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&self.model_hash.to_le_bytes());
        out.extend_from_slice(&self.feature.to_le_bytes());
        let dim = u32::try_from(self.dim).map_err(|_| CacheError::BadString)?;
        out.extend_from_slice(&dim.to_le_bytes());
        let n = u32::try_from(self.rows.len()).map_err(|_| CacheError::BadString)?;
        out.extend_from_slice(&n.to_le_bytes());
        for (i, row) in self.rows.iter().enumerate() {
            if row.features.len() != self.dim {
                return Err(CacheError::Truncated("row"));
            }
            if row.features.iter().any(|v| !v.is_finite()) {
                return Err(CacheError::NonFinite { row: i });
            }
            out.extend_from_slice(&row.example.to_le_bytes());
            for s in [&row.class, &row.request] {
                let len = u16::try_from(s.len()).map_err(|_| CacheError::BadString)?;
                out.extend_from_slice(&len.to_le_bytes());
                out.extend_from_slice(s.as_bytes());
            }
            for v in &row.features {
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
        let mut h = XxHash64::with_seed(0);
        h.write(&out);
        out.extend_from_slice(&h.finish().to_le_bytes());
        Ok(out)
    }

    /// Whether the cache was written for this model file and feature.
    pub fn check_model(&self, model_hash: u64, feature: u32, dim: usize) -> Result<(), CacheError> {
        if self.model_hash != model_hash {
            return Err(CacheError::WrongModel {
                cache: self.model_hash,
                model: model_hash,
            });
        }
        if (self.feature, self.dim) != (feature, dim) {
            return Err(CacheError::WrongFeature {
                cache: (self.feature, self.dim),
                model: (feature, dim),
            });
        }
        Ok(())
    }

    /// The cached row of a declared example, if its request is unchanged.
    pub fn find(&self, class: &str, example: u32, request: &str) -> Option<&FeatureRow> {
        self.rows
            .iter()
            .find(|r| r.example == example && r.class == class && r.request == request)
    }

    /// Indices of `n` rows spread evenly over the cache (all when `n` ≥ rows):
    /// the sample a boot-time check recomputes.
    pub fn sample(&self, n: usize) -> Vec<usize> {
        let len = self.rows.len();
        let n = n.min(len);
        (0..n).map(|i| i * len / n).collect()
    }
}

/// The largest difference between two rows, relative to the cached value's
/// magnitude where it exceeds 1 (hidden states are O(1)–O(10): an absolute
/// bound alone would be stricter for large entries than for small ones).
pub fn max_rel_diff(cached: &[f32], fresh: &[f32]) -> f32 {
    if cached.len() != fresh.len() {
        return f32::INFINITY;
    }
    cached
        .iter()
        .zip(fresh)
        .map(|(&a, &b)| {
            let d = (a - b).abs() / a.abs().max(1.0);
            if d.is_nan() {
                f32::INFINITY
            } else {
                d
            }
        })
        .fold(0.0, f32::max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    fn cache() -> FeatureCache {
        FeatureCache {
            model_hash: 0x1234_5678_9abc_def0,
            feature: 0,
            dim: 3,
            rows: vec![
                FeatureRow {
                    class: "cat".into(),
                    example: 0,
                    request: "show me the notes".into(),
                    features: vec![1.0, -2.5, 3.25],
                },
                FeatureRow {
                    class: "ls".into(),
                    example: EXTRA_ROW,
                    request: "what's here — ünïcode".into(),
                    features: vec![0.0, 1e-7, -1e7],
                },
            ],
        }
    }

    #[test]
    fn round_trip() {
        let c = cache();
        let bytes = c.to_bytes().unwrap();
        assert_eq!(FeatureCache::parse(&bytes).unwrap(), c);
    }

    #[test]
    fn every_flipped_byte_is_refused() {
        let bytes = cache().to_bytes().unwrap();
        for i in 0..bytes.len() {
            let mut b = bytes.clone();
            b[i] ^= 0x40;
            assert!(
                FeatureCache::parse(&b).is_err(),
                "byte {i} flipped was accepted"
            );
        }
    }

    #[test]
    fn every_truncation_is_refused_without_panic() {
        let bytes = cache().to_bytes().unwrap();
        for n in 0..bytes.len() {
            assert!(
                FeatureCache::parse(&bytes[..n]).is_err(),
                "prefix {n} accepted"
            );
        }
        let mut long = bytes.clone();
        long.push(0);
        assert!(FeatureCache::parse(&long).is_err());
    }

    #[test]
    fn huge_row_count_is_refused_before_allocating() {
        let mut bytes = cache().to_bytes().unwrap();
        // rows field: after magic(4) version(4) hash(8) feature(4) dim(4).
        bytes[24..28].copy_from_slice(&u32::MAX.to_le_bytes());
        assert_eq!(
            FeatureCache::parse(&bytes),
            Err(CacheError::Truncated("rows"))
        );
    }

    #[test]
    fn model_and_feature_keys() {
        let c = cache();
        assert!(c.check_model(c.model_hash, 0, 3).is_ok());
        assert!(matches!(
            c.check_model(1, 0, 3),
            Err(CacheError::WrongModel { .. })
        ));
        assert!(matches!(
            c.check_model(c.model_hash, 2, 3),
            Err(CacheError::WrongFeature { .. })
        ));
        assert!(c.find("cat", 0, "show me the notes").is_some());
        assert!(c.find("cat", 0, "show me the note").is_none());
        assert!(c.find("cat", 1, "show me the notes").is_none());
    }

    #[test]
    fn sample_spreads_and_caps() {
        let mut c = cache();
        for i in 0..8 {
            let mut r = c.rows[0].clone();
            r.example = i + 1;
            c.rows.push(r);
        }
        assert_eq!(c.sample(3), vec![0, 3, 6]);
        assert_eq!(c.sample(100).len(), 10);
        assert!(c.sample(0).is_empty());
    }

    #[test]
    fn hash_is_xxh64() {
        // Reference values of XXH64 with seed 0 (xxhash's own test vectors).
        assert_eq!(model_hash(b""), 0xef46_db37_51d8_e999);
        assert_eq!(model_hash(b"a"), 0xd24e_c4f1_a98c_6e5b);
        assert_ne!(model_hash(b"nosys"), model_hash(b"nosyS"));
    }

    #[test]
    fn diff_is_relative_above_one() {
        assert!(max_rel_diff(&[100.0], &[100.005]) < 1e-4);
        assert!(max_rel_diff(&[0.5], &[0.5002]) > 1e-4);
        assert_eq!(max_rel_diff(&[1.0], &[1.0, 2.0]), f32::INFINITY);
        assert_eq!(max_rel_diff(&[1.0], &[f32::NAN]), f32::INFINITY);
    }
}
