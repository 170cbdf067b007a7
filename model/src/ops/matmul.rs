//! Matrices borrowed from the GGUF bytes, and the products over them.

use super::{effective, kernels, ActFormat, Kernels, Simd};
use crate::gguf::TensorType;
use alloc::vec::Vec;
use pool::{Disjoint, Pool};

/// A weight matrix borrowed from the GGUF file: `rows` rows of `cols` elements, row-major
/// (ggml's `ne0 = cols`, `ne1 = rows`).
#[derive(Debug, Clone, Copy)]
pub struct Matrix<'a> {
    pub ty: TensorType,
    pub rows: usize,
    pub cols: usize,
    pub row_bytes: usize,
    pub data: &'a [u8],
}

impl<'a> Matrix<'a> {
    /// The bytes of row `r`.
    pub fn row(&self, r: usize) -> &'a [u8] {
        &self.data[r * self.row_bytes..(r + 1) * self.row_bytes]
    }

    /// Write row `r` as f32 into `out` (embedding lookup).
    pub fn dequantize_row(&self, r: usize, out: &mut [f32]) {
        (kernels(self.ty).dequantize)(self.row(r), &mut out[..self.cols]);
    }
}

/// An activation vector (one or more rows of `len / n_tok` elements) converted for one weight
/// type, in the byte layout of that type's `vec_dot_type`.
#[derive(Clone, Copy)]
pub struct Act<'a> {
    pub format: ActFormat,
    /// Elements, over all rows.
    pub len: usize,
    pub bytes: &'a [u8],
}

/// Scratch space for converted activations, sized once for the widest product.
pub struct ActScratch {
    buf: Vec<u8>,
}

impl ActScratch {
    /// Room for `n` activation elements in any format (f32 is the widest, at 4 bytes each).
    pub fn new(n: usize) -> Self {
        Self {
            buf: alloc::vec![0; 4 * n.max(1)],
        }
    }

    /// [`ActScratch::new`], or `None` when the allocator has no room.
    pub fn try_new(n: usize) -> Option<Self> {
        let len = 4usize.checked_mul(n.max(1))?;
        let mut buf = alloc::vec::Vec::new();
        buf.try_reserve_exact(len).ok()?;
        buf.resize(len, 0);
        Some(Self { buf })
    }

    /// Convert `x` (one or more rows, each a whole number of the format's blocks) into the
    /// format that pairs with weights of type `ty`.
    pub fn convert<'a>(&'a mut self, ty: TensorType, x: &[f32]) -> Act<'a> {
        let k = kernels(ty);
        let nb = k.act_row_bytes(x.len());
        let bytes = &mut self.buf[..nb];
        match (super::simd(), k) {
            #[cfg(target_arch = "x86_64")]
            (
                Simd::Avx2,
                Kernels {
                    to_act_avx2: Some(f),
                    ..
                },
            ) => {
                // SAFETY: AVX2/FMA/F16C detected; `bytes` is the converted size of `x`.
                unsafe { f(x, bytes) }
            }
            _ => (k.to_act)(x, bytes),
        }
        Act {
            format: k.act,
            len: x.len(),
            bytes,
        }
    }
}

/// `out[t * rows_total + r] = W[r] · x[t]` for `r` in `rows` and `t` in `0..n_tok`, where `x`
/// holds `n_tok` converted rows of `w.cols` elements. One token is a matrix-vector product; more
/// reuse each weight row (loaded once, kept in L1) across all tokens, which is what makes prefill
/// faster than decode. `rows` lets a caller split the work across cores: each element's value
/// depends only on its row and token, not on the range or the batch it was computed in.
pub fn matmul_rows(
    out: &mut [f32],
    w: &Matrix<'_>,
    x: Act<'_>,
    n_tok: usize,
    rows: core::ops::Range<usize>,
) {
    matmul_rows_on(super::simd(), out, w, x, n_tok, rows)
}

/// [`matmul_rows`] on a chosen kernel family (tests compare both).
pub fn matmul_rows_on(
    s: Simd,
    out: &mut [f32],
    w: &Matrix<'_>,
    x: Act<'_>,
    n_tok: usize,
    rows: core::ops::Range<usize>,
) {
    let out = Disjoint::new(out);
    // SAFETY: `out` is borrowed exclusively for this call, so nothing else touches it.
    unsafe { product(s, &out, w, x, n_tok, rows) }
}

/// The product for `rows`, written through `out`.
///
/// # Safety
/// While it runs, nothing else reads or writes `out[t * w.rows + r]` for `r` in `rows`,
/// `t < n_tok`.
unsafe fn product(
    s: Simd,
    out: &Disjoint<'_, f32>,
    w: &Matrix<'_>,
    x: Act<'_>,
    n_tok: usize,
    rows: core::ops::Range<usize>,
) {
    let k = kernels(w.ty);
    let xrb = k.act_row_bytes(w.cols);
    // These are programming errors (shapes are validated at load), not input errors; the unsafe
    // kernels below rely on them.
    assert!(
        x.format == k.act && x.len == w.cols * n_tok,
        "activation mismatch"
    );
    assert!(x.bytes.len() == xrb * n_tok);
    assert!(w.ty.row_bytes(w.cols as u64) == Some(w.row_bytes as u64));
    assert!(rows.end <= w.rows && w.data.len() >= w.rows * w.row_bytes);
    assert!(out.len() >= (n_tok.max(1) - 1) * w.rows + rows.end);
    let xrow = |t: usize| &x.bytes[t * xrb..(t + 1) * xrb];
    match effective(s) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the caller's contract, passed on.
        Simd::Avx2 => unsafe { matmul_avx2(k, out, w, x.bytes, xrb, n_tok, rows) },
        _ => {
            for r in rows {
                let wr = w.row(r);
                for t in 0..n_tok {
                    // SAFETY: element (t, r) with r in `rows`: the caller's contract.
                    unsafe { out.write(t * w.rows + r, (k.dot)(wr, xrow(t))) };
                }
            }
        }
    }
}

/// The AVX2 product. Called only when [`super::simd`] reported AVX2/FMA/F16C, after the
/// caller's shape checks.
///
/// # Safety
/// As [`product`].
#[cfg(target_arch = "x86_64")]
unsafe fn matmul_avx2(
    k: &Kernels,
    out: &Disjoint<'_, f32>,
    w: &Matrix<'_>,
    x: &[u8],
    xrb: usize,
    n_tok: usize,
    rows: core::ops::Range<usize>,
) {
    let g = super::gemm::Gemm {
        w: w.data.as_ptr(),
        w_stride: w.row_bytes,
        cols: w.cols,
        x: x.as_ptr(),
        x_stride: xrb,
        n_tok,
        out: out.as_mut_ptr(),
        out_stride: w.rows,
    };
    // SAFETY: AVX2/FMA/F16C detected (the caller's `effective`); the caller asserted that
    // `rows` are whole rows of `w.data`, that `x` holds `n_tok` activation rows of `xrb` bytes
    // in `w.ty`'s activation format, and that `out` reaches `(n_tok - 1) * w.rows + rows.end`;
    // nothing else touches those elements of `out` (this function's contract).
    unsafe { (k.gemm_avx2)(&g, rows) }
}

/// Matrix-vector (one token) or matrix-matrix (several tokens) product over all rows.
pub fn matmul(out: &mut [f32], w: &Matrix<'_>, x: Act<'_>, n_tok: usize) {
    matmul_rows(out, w, x, n_tok, 0..w.rows)
}

/// [`matmul`] on a chosen kernel family (AVX2 falls back to portable where unsupported).
pub fn matmul_on(s: Simd, out: &mut [f32], w: &Matrix<'_>, x: Act<'_>, n_tok: usize) {
    matmul_rows_on(s, out, w, x, n_tok, 0..w.rows)
}

// ---------------------------------------------------------------------------------------------
// Across cores
// ---------------------------------------------------------------------------------------------

/// Parallel chunks of a product hold a multiple of this many rows, starting on a multiple of
/// it: the AVX2 products walk rows in tiles of up to four (`gemm.rs`) or groups of eight
/// (Q4_K, `q4k.rs`) from the start of their range, so chunks of whole groups keep every tile
/// full. (The values do not depend on it: each element's summation order depends only on its
/// row and token.)
pub const ROW_TILE: usize = 8;

/// Below this much work (weight bytes × tokens, or the like) a step runs on its caller alone:
/// waking the other cores would cost more than it saves. Tests split everything, so that the
/// small fixture models exercise the parallel paths.
const PAR_MIN_WORK: usize = if cfg!(test) { 0 } else { 1 << 16 };

/// Chunks per participant. A fork ends when its last chunk does, so with few chunks one
/// participant idles for up to a chunk at the end of every product: at 4 per participant the
/// 0.6B Q8_0 prefill on two host threads measured 1.52x, at 16 1.86-1.91x (par-bench,
/// docs/model-bench.md). More also lets a late or shared core (a host thread, a vCPU) be made
/// up for by the others.
const CHUNKS_PER_PARTICIPANT: usize = 16;

/// Test switch: the workers (not the caller) take the portable kernels, as a core whose SIMD
/// state differed from the boot CPU's would (the bug the core-count tests must catch).
#[cfg(test)]
pub(crate) static WORKERS_PORTABLE: core::sync::atomic::AtomicBool =
    core::sync::atomic::AtomicBool::new(false);

/// How many participants of `pool` a step of `work` units should use: 1 when it is small.
#[allow(
    clippy::absurd_extreme_comparisons,
    reason = "the threshold is zero in test builds"
)]
pub fn par_width(pool: &Pool, work: usize) -> usize {
    if work < PAR_MIN_WORK {
        1
    } else {
        pool.width()
    }
}

/// Items per chunk when `n` items go to `width` participants.
pub fn par_grain(n: usize, width: usize) -> usize {
    n.div_ceil(width.max(1) * CHUNKS_PER_PARTICIPANT).max(1)
}

/// [`matmul_on`] with its rows spread over the cores of `pool`. Each output element is computed
/// by one core with the same kernel and summation order as the one-core product, so the
/// result is the same bit for bit whatever the core count.
pub fn matmul_par(pool: &Pool, s: Simd, out: &mut [f32], w: &Matrix<'_>, x: Act<'_>, n_tok: usize) {
    let width = par_width(pool, w.rows * w.row_bytes * n_tok.max(1));
    if width == 1 {
        return matmul_on(s, out, w, x, n_tok);
    }
    let grain = par_grain(w.rows, width).div_ceil(ROW_TILE) * ROW_TILE;
    let out = Disjoint::new(out);
    pool.for_each_chunk_on(width, w.rows, grain, |rows, p| {
        #[cfg(test)]
        let s = if p != 0 && WORKERS_PORTABLE.load(core::sync::atomic::Ordering::Relaxed) {
            Simd::Portable
        } else {
            s
        };
        #[cfg(not(test))]
        let _ = p;
        // SAFETY: the chunks partition 0..w.rows, and a chunk writes only its own rows'
        // elements; `out` is borrowed exclusively until every chunk is done.
        unsafe { product(s, &out, w, x, n_tok, rows) }
    });
}

/// `outs[i] = ws[i] · x` for products that read the same input (Q, K and V; gate and up),
/// converting `x` once for each run of neighbours that share an activation format.
pub fn matmul_shared(
    pool: &Pool,
    s: Simd,
    scratch: &mut ActScratch,
    x: &[f32],
    n_tok: usize,
    jobs: &mut [(&Matrix<'_>, &mut [f32])],
) {
    let mut i = 0;
    while i < jobs.len() {
        let format = kernels(jobs[i].0.ty).act;
        let act = scratch.convert(jobs[i].0.ty, x);
        while i < jobs.len() && kernels(jobs[i].0.ty).act == format {
            let (w, out) = &mut jobs[i];
            matmul_par(pool, s, out, w, act, n_tok);
            i += 1;
        }
    }
}

/// Dot of two f32 slices of equal length (attention scores).
pub fn dot_f32(a: &[f32], b: &[f32]) -> f32 {
    dot_f32_on(super::simd(), a, b)
}

/// [`dot_f32`] on a chosen kernel family.
pub fn dot_f32_on(s: Simd, a: &[f32], b: &[f32]) -> f32 {
    assert_eq!(a.len(), b.len());
    match effective(s) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: AVX2 detected; both are n f32s viewed as bytes (u8 has no alignment).
        Simd::Avx2 => unsafe { super::avx2::dot_f32(as_bytes(a), as_bytes(b)) },
        _ => {
            let mut acc = [0.0f32; 8];
            let n8 = a.len() / 8 * 8;
            for i in (0..n8).step_by(8) {
                for (j, s) in acc.iter_mut().enumerate() {
                    *s += a[i + j] * b[i + j];
                }
            }
            let mut s: f32 = acc.iter().sum();
            for i in n8..a.len() {
                s += a[i] * b[i];
            }
            s
        }
    }
}

/// The bytes of an f32 slice (attention reads the KV cache in place).
#[cfg(target_arch = "x86_64")]
fn as_bytes(x: &[f32]) -> &[u8] {
    // SAFETY: same allocation, 4 × len bytes, u8 has alignment 1 and every bit pattern is valid;
    // the borrow keeps `x` alive and immutable.
    unsafe { core::slice::from_raw_parts(x.as_ptr() as *const u8, core::mem::size_of_val(x)) }
}

/// `y += a * x` (attention's weighted sum of values).
pub fn axpy(y: &mut [f32], a: f32, x: &[f32]) {
    for (yv, &xv) in y.iter_mut().zip(x) {
        *yv += a * xv;
    }
}
