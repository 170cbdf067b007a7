//! Portable kernels: one dequantiser and one dot product per weight type, over a weight row and
//! an activation row in ggml's byte layout. Every CPU runs these; the AVX2 ones must agree.

use super::formats::{bf16_to_f32, rd_f16, rd_f32, Q8_0_ACT_BYTES, Q8_0_BYTES, QK8_0};

pub(crate) fn dequant_f32(w: &[u8], out: &mut [f32]) {
    for (i, o) in out.iter_mut().enumerate() {
        *o = rd_f32(w, i);
    }
}

pub(crate) fn dequant_f16(w: &[u8], out: &mut [f32]) {
    for (i, o) in out.iter_mut().enumerate() {
        *o = rd_f16(w, 2 * i);
    }
}

pub(crate) fn dequant_bf16(w: &[u8], out: &mut [f32]) {
    for (b, o) in w.chunks_exact(2).zip(out.iter_mut()) {
        *o = bf16_to_f32(u16::from_le_bytes([b[0], b[1]]));
    }
}

pub(crate) fn dequant_q8_0(w: &[u8], out: &mut [f32]) {
    for (blk, os) in w.chunks_exact(Q8_0_BYTES).zip(out.chunks_mut(QK8_0)) {
        let d = rd_f16(blk, 0);
        for (o, &q) in os.iter_mut().zip(&blk[2..]) {
            *o = f32::from(q as i8) * d;
        }
    }
}

pub(crate) fn dot_f32(w: &[u8], x: &[u8]) -> f32 {
    // Eight partial sums, like the SIMD path, so both round in a similar order.
    let mut acc = [0.0f32; 8];
    let (wc, xc) = (w.chunks_exact(32), x.chunks_exact(32));
    let (wt, xt) = (wc.remainder(), xc.remainder());
    for (wb, xb) in wc.zip(xc) {
        for (j, a) in acc.iter_mut().enumerate() {
            *a += rd_f32(wb, j) * rd_f32(xb, j);
        }
    }
    let mut s: f32 = acc.iter().sum();
    for i in 0..xt.len() / 4 {
        s += rd_f32(wt, i) * rd_f32(xt, i);
    }
    s
}

/// F16 weights against f16 activations, each widened to f32 (exactly) before its product.
pub(crate) fn dot_f16(w: &[u8], x: &[u8]) -> f32 {
    let mut acc = [0.0f32; 8];
    let (wc, xc) = (w.chunks_exact(16), x.chunks_exact(16));
    let (wt, xt) = (wc.remainder(), xc.remainder());
    for (wb, xb) in wc.zip(xc) {
        for (j, a) in acc.iter_mut().enumerate() {
            *a += rd_f16(wb, 2 * j) * rd_f16(xb, 2 * j);
        }
    }
    let mut s: f32 = acc.iter().sum();
    for i in 0..xt.len() / 2 {
        s += rd_f16(wt, 2 * i) * rd_f16(xt, 2 * i);
    }
    s
}

/// BF16 weights against f32 activations (already rounded to bf16).
pub(crate) fn dot_bf16(w: &[u8], x: &[u8]) -> f32 {
    let mut s = 0.0f32;
    for (a, b) in w.chunks_exact(2).zip(x.chunks_exact(4)) {
        s += bf16_to_f32(u16::from_le_bytes([a[0], a[1]]))
            * f32::from_le_bytes([b[0], b[1], b[2], b[3]]);
    }
    s
}

/// Σ of 32 signed byte products.
#[inline]
pub(crate) fn isum_i8(a: &[u8], b: &[u8]) -> i32 {
    a.iter()
        .zip(b)
        .map(|(&p, &q)| i32::from(p as i8) * i32::from(q as i8))
        .sum()
}

pub(crate) fn dot_q8_0(w: &[u8], x: &[u8]) -> f32 {
    let mut s = 0.0f32;
    for (wb, xb) in w
        .chunks_exact(Q8_0_BYTES)
        .zip(x.chunks_exact(Q8_0_ACT_BYTES))
    {
        let d = rd_f16(wb, 0) * rd_f32(xb, 0);
        s += d * isum_i8(&wb[2..], &xb[4..]) as f32;
    }
    s
}
