//! The legacy quants (Q4_0, Q4_1, Q5_0, Q5_1) and the k-quants (Q2_K … Q6_K): block layouts,
//! unpacking and the portable dot products.
//!
//! Layouts are ggml's (`ggml-common.h`), read from llama.cpp's reference code and written here
//! afresh. Each block is first unpacked to plain integers in element order (quants as `i8`, one
//! scale and one minimum per group of 16), and the dot product is then integer arithmetic per
//! group, scaled once per block: the integer sums are exact, so only the float order of the
//! per-block scaling can differ from llama.cpp's. The AVX2 kernels reuse the unpackers and
//! replace the integer products.
//!
//! The pairing of activations follows llama.cpp's `vec_dot_type`: Q8_0 for Q4_0/Q5_0, Q8_1
//! (with `d · Σq`) for Q4_1/Q5_1, whose minimum multiplies the sum of the activations, and Q8_K
//! (with sums of each 16 quants) for the k-quants, whose minimums do the same per group.

// The layouts are index arithmetic on several arrays at once; indexed loops say it plainest.
#![allow(clippy::needless_range_loop)]

use super::formats::{rd_f16, rd_f32, QK8_0, QK_K};

/// A k-quant super-block unpacked: `w[i] = d · scale[i/16] · q[i] − dmin · min[i/16]`.
pub(crate) struct KBlock {
    pub d: f32,
    pub dmin: f32,
    pub q: [i8; QK_K],
    pub scale: [i16; 16],
    pub min: [i16; 16],
}

impl KBlock {
    pub const fn new() -> Self {
        Self {
            d: 0.0,
            dmin: 0.0,
            q: [0; QK_K],
            scale: [0; 16],
            min: [0; 16],
        }
    }
}

/// Q4_K/Q5_K's twelve bytes of 6-bit scales and minimums, for group of 32 `j` (ggml's
/// `get_scale_min_k4`).
#[inline]
pub(crate) fn scale_min_k4(j: usize, s: &[u8]) -> (u8, u8) {
    if j < 4 {
        (s[j] & 63, s[j + 4] & 63)
    } else {
        (
            (s[j + 4] & 0xF) | ((s[j - 4] >> 6) << 4),
            (s[j + 4] >> 4) | ((s[j] >> 6) << 4),
        )
    }
}

/// Q2_K: scales[16] (low nibble scale, high nibble minimum), qs[64], d, dmin. Element
/// 128·n + 32·j + l is bits 2j..2j+2 of qs[32·n + l].
pub(crate) fn unpack_q2_k(b: &[u8], u: &mut KBlock) {
    let (sc, qs) = (&b[..16], &b[16..80]);
    u.d = rd_f16(b, 80);
    u.dmin = rd_f16(b, 82);
    for g in 0..16 {
        u.scale[g] = i16::from(sc[g] & 0xF);
        u.min[g] = i16::from(sc[g] >> 4);
    }
    for n in 0..2 {
        for j in 0..4 {
            for l in 0..32 {
                u.q[128 * n + 32 * j + l] = ((qs[32 * n + l] >> (2 * j)) & 3) as i8;
            }
        }
    }
}

/// Q3_K: hmask[32], qs[64], scales[12] (16 six-bit values, offset 32), d. Element
/// 128·n + 32·j + l is bits 2j..2j+2 of qs[32·n + l], minus 4 unless bit 4n+j of hmask[l].
pub(crate) fn unpack_q3_k(b: &[u8], u: &mut KBlock) {
    let (hm, qs, sc) = (&b[..32], &b[32..96], &b[96..108]);
    u.d = rd_f16(b, 108);
    u.dmin = 0.0;
    for g in 0..16 {
        let lo = if g < 8 { sc[g] & 0xF } else { sc[g - 8] >> 4 };
        let hi = (sc[8 + g % 4] >> (2 * (g / 4))) & 3;
        u.scale[g] = i16::from(lo | (hi << 4)) - 32;
        u.min[g] = 0;
    }
    for n in 0..2 {
        for j in 0..4 {
            let m = 1u8 << (4 * n + j);
            for l in 0..32 {
                let q = ((qs[32 * n + l] >> (2 * j)) & 3) as i8;
                u.q[128 * n + 32 * j + l] = if hm[l] & m != 0 { q } else { q - 4 };
            }
        }
    }
}

/// Q4_K: d, dmin, scales[12], qs[128]. Group of 32 `2c` is the low nibbles of qs[32c..32c+32],
/// group `2c+1` their high nibbles.
pub(crate) fn unpack_q4_k(b: &[u8], u: &mut KBlock) {
    u.d = rd_f16(b, 0);
    u.dmin = rd_f16(b, 2);
    let (sc, qs) = (&b[4..16], &b[16..144]);
    k4_scales(sc, u);
    for c in 0..4 {
        for l in 0..32 {
            let v = qs[32 * c + l];
            u.q[64 * c + l] = (v & 0xF) as i8;
            u.q[64 * c + 32 + l] = (v >> 4) as i8;
        }
    }
}

/// Q5_K: as Q4_K with qh[32] before qs: bit 2c of qh[l] is the fifth bit of the low nibble of
/// group 2c, bit 2c+1 that of the high nibble.
pub(crate) fn unpack_q5_k(b: &[u8], u: &mut KBlock) {
    u.d = rd_f16(b, 0);
    u.dmin = rd_f16(b, 2);
    let (sc, qh, qs) = (&b[4..16], &b[16..48], &b[48..176]);
    k4_scales(sc, u);
    for c in 0..4 {
        for l in 0..32 {
            let v = qs[32 * c + l];
            let h = qh[l] >> (2 * c);
            u.q[64 * c + l] = ((v & 0xF) | ((h & 1) << 4)) as i8;
            u.q[64 * c + 32 + l] = ((v >> 4) | (((h >> 1) & 1) << 4)) as i8;
        }
    }
}

fn k4_scales(sc: &[u8], u: &mut KBlock) {
    for j in 0..8 {
        let (s, m) = scale_min_k4(j, sc);
        u.scale[2 * j] = i16::from(s);
        u.scale[2 * j + 1] = i16::from(s);
        u.min[2 * j] = i16::from(m);
        u.min[2 * j + 1] = i16::from(m);
    }
}

/// Q6_K: ql[128], qh[64], scales[16] (i8), d. In half n, element 128·n + 32·k + l takes its
/// low four bits from ql[64n + l + 32·(k&1)] (low nibble for k < 2, high for k ≥ 2) and its high
/// two from bits 2k..2k+2 of qh[32n + l]; offset 32.
pub(crate) fn unpack_q6_k(b: &[u8], u: &mut KBlock) {
    let (ql, qh, sc) = (&b[..128], &b[128..192], &b[192..208]);
    u.d = rd_f16(b, 208);
    u.dmin = 0.0;
    for g in 0..16 {
        u.scale[g] = i16::from(sc[g] as i8);
        u.min[g] = 0;
    }
    for n in 0..2 {
        for l in 0..32 {
            let h = qh[32 * n + l];
            let (a, c) = (ql[64 * n + l], ql[64 * n + l + 32]);
            let base = 128 * n + l;
            u.q[base] = ((a & 0xF) | ((h & 3) << 4)) as i8 - 32;
            u.q[base + 32] = ((c & 0xF) | (((h >> 2) & 3) << 4)) as i8 - 32;
            u.q[base + 64] = ((a >> 4) | (((h >> 4) & 3) << 4)) as i8 - 32;
            u.q[base + 96] = ((c >> 4) | (((h >> 6) & 3) << 4)) as i8 - 32;
        }
    }
}

/// A legacy block unpacked: `w[i] = d · q[i] + m`.
pub(crate) struct Block32 {
    pub d: f32,
    pub m: f32,
    pub q: [i8; QK8_0],
}

/// Quants of a legacy block: low nibbles are elements 0..16, high nibbles 16..32; Q5's fifth
/// bit of element i is bit i of the 32-bit `qh`.
#[inline]
fn nibbles(qs: &[u8], qh: u32, offset: i8, out: &mut [i8; QK8_0]) {
    for j in 0..16 {
        let h0 = (((qh >> j) & 1) << 4) as u8;
        let h1 = (((qh >> (j + 16)) & 1) << 4) as u8;
        out[j] = ((qs[j] & 0xF) | h0) as i8 - offset;
        out[j + 16] = ((qs[j] >> 4) | h1) as i8 - offset;
    }
}

fn rd_u32(b: &[u8], o: usize) -> u32 {
    u32::from_le_bytes([b[o], b[o + 1], b[o + 2], b[o + 3]])
}

pub(crate) fn unpack_q4_0(b: &[u8], u: &mut Block32) {
    (u.d, u.m) = (rd_f16(b, 0), 0.0);
    nibbles(&b[2..18], 0, 8, &mut u.q);
}

pub(crate) fn unpack_q4_1(b: &[u8], u: &mut Block32) {
    (u.d, u.m) = (rd_f16(b, 0), rd_f16(b, 2));
    nibbles(&b[4..20], 0, 0, &mut u.q);
}

pub(crate) fn unpack_q5_0(b: &[u8], u: &mut Block32) {
    (u.d, u.m) = (rd_f16(b, 0), 0.0);
    nibbles(&b[6..22], rd_u32(b, 2), 16, &mut u.q);
}

pub(crate) fn unpack_q5_1(b: &[u8], u: &mut Block32) {
    (u.d, u.m) = (rd_f16(b, 0), rd_f16(b, 2));
    nibbles(&b[8..24], rd_u32(b, 4), 0, &mut u.q);
}

pub(crate) type UnpackK = fn(&[u8], &mut KBlock);
pub(crate) type Unpack32 = fn(&[u8], &mut Block32);

/// Dequantize a k-quant row, rounding as ggml's `dequantize_row_*` do (`(d·sc)·q − dmin·m`).
pub(crate) fn dequant_k(w: &[u8], out: &mut [f32], bytes: usize, unpack: UnpackK) {
    let mut u = KBlock::new();
    for (b, o) in w.chunks_exact(bytes).zip(out.chunks_mut(QK_K)) {
        unpack(b, &mut u);
        for (i, v) in o.iter_mut().enumerate() {
            let g = i / 16;
            *v = u.d * f32::from(u.scale[g]) * f32::from(u.q[i]) - u.dmin * f32::from(u.min[g]);
        }
    }
}

/// Dequantize a legacy row (`q·d + m`).
pub(crate) fn dequant_32(w: &[u8], out: &mut [f32], bytes: usize, unpack: Unpack32) {
    let mut u = Block32 {
        d: 0.0,
        m: 0.0,
        q: [0; QK8_0],
    };
    for (b, o) in w.chunks_exact(bytes).zip(out.chunks_mut(QK8_0)) {
        unpack(b, &mut u);
        for (v, &q) in o.iter_mut().zip(&u.q) {
            *v = f32::from(q) * u.d + u.m;
        }
    }
}

/// A Q8_K activation block's parts: scale, quants, sums of each 16 quants.
#[inline]
pub(crate) fn q8k_parts(x: &[u8]) -> (f32, &[u8], [i32; 16]) {
    let d = f32::from_le_bytes([x[0], x[1], x[2], x[3]]);
    let bs =
        core::array::from_fn(|g| i32::from(i16::from_le_bytes([x[260 + 2 * g], x[261 + 2 * g]])));
    (d, &x[4..4 + QK_K], bs)
}

/// Σ_g min[g] · bsum[g]: the minimums' share of a k-quant block product.
#[inline]
pub(crate) fn min_sum(u: &KBlock, bs: &[i32; 16]) -> i32 {
    u.min.iter().zip(bs).map(|(&m, &b)| i32::from(m) * b).sum()
}

/// k-quant × Q8_K, portable.
pub(crate) fn dot_k(w: &[u8], x: &[u8], bytes: usize, unpack: UnpackK) -> f32 {
    let mut u = KBlock::new();
    let mut s = 0.0f32;
    for (wb, xb) in w
        .chunks_exact(bytes)
        .zip(x.chunks_exact(super::formats::Q8_K_BYTES))
    {
        unpack(wb, &mut u);
        let (dy, ys, bs) = q8k_parts(xb);
        let mut isum = 0i32;
        for g in 0..16 {
            let mut gs = 0i32;
            for i in 16 * g..16 * (g + 1) {
                gs += i32::from(u.q[i]) * i32::from(ys[i] as i8);
            }
            isum += i32::from(u.scale[g]) * gs;
        }
        s += dy * u.d * isum as f32 - dy * u.dmin * min_sum(&u, &bs) as f32;
    }
    s
}

/// Legacy quant × Q8_0 activations (`xbytes` 36) or × Q8_1 (40, whose `d · Σq` meets the
/// minimum).
pub(crate) fn dot_32(w: &[u8], x: &[u8], bytes: usize, xbytes: usize, unpack: Unpack32) -> f32 {
    let mut u = Block32 {
        d: 0.0,
        m: 0.0,
        q: [0; QK8_0],
    };
    let mut s = 0.0f32;
    for (wb, xb) in w.chunks_exact(bytes).zip(x.chunks_exact(xbytes)) {
        unpack(wb, &mut u);
        let ys = &xb[xbytes - QK8_0..];
        let isum: i32 =
            u.q.iter()
                .zip(ys)
                .map(|(&q, &y)| i32::from(q) * i32::from(y as i8))
                .sum();
        s += u.d * rd_f32(xb, 0) * isum as f32;
        if xbytes == super::formats::Q8_1_BYTES {
            s += u.m * rd_f32(xb, 1);
        }
    }
    s
}

/// Named portable kernels per type, for the table in `ops`.
macro_rules! per_type {
    ($($ty:ident: $bytes:expr, $unpack:ident, $kind:ident, $xbytes:expr;)*) => {
        pub(crate) mod typed {
            use super::*;
            $(
                #[allow(non_snake_case)]
                pub(crate) mod $ty {
                    use super::*;
                    // The AVX2 kernels of Q4_K/Q5_K/Q6_K unpack in registers instead.
                    #[allow(dead_code)]
                    pub(crate) const BYTES: usize = $bytes;
                    #[allow(dead_code)]
                    pub(crate) fn unpack() -> per_type!(@ty $kind) { $unpack }
                    pub(crate) fn dequant(w: &[u8], out: &mut [f32]) {
                        per_type!(@deq $kind, w, out, $bytes, $unpack)
                    }
                    pub(crate) fn dot(w: &[u8], x: &[u8]) -> f32 {
                        per_type!(@dot $kind, w, x, $bytes, $xbytes, $unpack)
                    }
                }
            )*
        }
    };
    (@ty k) => { UnpackK };
    (@ty b32) => { Unpack32 };
    (@deq k, $w:ident, $o:ident, $b:expr, $u:ident) => { dequant_k($w, $o, $b, $u) };
    (@deq b32, $w:ident, $o:ident, $b:expr, $u:ident) => { dequant_32($w, $o, $b, $u) };
    (@dot k, $w:ident, $x:ident, $b:expr, $xb:expr, $u:ident) => { dot_k($w, $x, $b, $u) };
    (@dot b32, $w:ident, $x:ident, $b:expr, $xb:expr, $u:ident) => { dot_32($w, $x, $b, $xb, $u) };
}

use super::formats::{Q8_0_ACT_BYTES, Q8_1_BYTES};
per_type! {
    Q4_0: 18, unpack_q4_0, b32, Q8_0_ACT_BYTES;
    Q4_1: 20, unpack_q4_1, b32, Q8_1_BYTES;
    Q5_0: 22, unpack_q5_0, b32, Q8_0_ACT_BYTES;
    Q5_1: 24, unpack_q5_1, b32, Q8_1_BYTES;
    Q2_K: 84, unpack_q2_k, k, 0;
    Q3_K: 110, unpack_q3_k, k, 0;
    Q4_K: 144, unpack_q4_k, k, 0;
    Q5_K: 176, unpack_q5_k, k, 0;
    Q6_K: 210, unpack_q6_k, k, 0;
}
