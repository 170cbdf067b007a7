//! Causal softmax attention of a batch of queries over a layer's KV cache, with grouped KV
//! heads (query head `h` reads KV head `h / (n_heads / n_kv_heads)`, llama.cpp's broadcast).
//!
//! On AVX2 one head at a time takes the whole batch: the scores of all its queries against all
//! the keys up to the batch's last position are one tiled product (`gemm`, keys as the matrix
//! rows, queries as the tokens), so each key is loaded once for several queries; then each row
//! is softmaxed over the positions its query may see, and the values are summed with eight
//! independent accumulator vectors per query. Every score and every output element is computed
//! in an order that depends only on its query and position (the product's per-element order;
//! the values summed in position order), so a batch gives exactly what one query at a time
//! gives, and so does any split of the heads across cores.

use super::{effective, Simd};
use pool::Disjoint;

/// One layer's attention for `n` queries at positions `pos..pos + n`.
pub struct Attention<'a> {
    /// (n × q_stride) queries, head `h` at `h * head_dim`, after QK-Norm and RoPE.
    pub q: &'a [f32],
    pub q_stride: usize,
    /// (positions × kv_dim) keys of this layer, KV head `g` at `g * head_dim`; positions up to
    /// `pos + n - 1` are filled.
    pub keys: &'a [f32],
    pub kv_dim: usize,
    /// (positions × kv_dim_v) values, KV head `g` at `g * head_dim_v`.
    pub values: &'a [f32],
    pub kv_dim_v: usize,
    pub n_heads: usize,
    pub n_kv_heads: usize,
    pub head_dim: usize,
    pub head_dim_v: usize,
    /// Multiplies every q·k before the softmax.
    pub scale: f32,
    pub pos: usize,
    pub n: usize,
}

impl Attention<'_> {
    /// Floats of score scratch [`attention_heads_on`] needs.
    pub fn scratch_len(&self) -> usize {
        self.n * (self.pos + self.n)
    }
}

/// `out[t * out_stride + h * head_dim_v ..][..head_dim_v]` = attention of query `t`, head `h`,
/// for the heads in `heads`. `scores` holds at least [`Attention::scratch_len`] floats.
pub fn attention_heads_on(
    s: Simd,
    a: &Attention<'_>,
    heads: core::ops::Range<usize>,
    scores: &mut [f32],
    out: &mut [f32],
    out_stride: usize,
) {
    let out = Disjoint::new(out);
    // SAFETY: `out` is borrowed exclusively for this call.
    unsafe { attention_heads(s, a, heads, scores, &out, out_stride) }
}

/// [`attention_heads_on`], writing through `out` so that cores can share it, each with its
/// own heads.
///
/// # Safety
/// While it runs, nothing else reads or writes the columns `h * head_dim_v..(h + 1) * head_dim_v`
/// of `out`'s rows `t * out_stride` for `h` in `heads`, `t < n`.
pub unsafe fn attention_heads(
    s: Simd,
    a: &Attention<'_>,
    heads: core::ops::Range<usize>,
    scores: &mut [f32],
    out: &Disjoint<'_, f32>,
    out_stride: usize,
) {
    let (hd, hdv, n, pos) = (a.head_dim, a.head_dim_v, a.n, a.pos);
    let positions = pos + n;
    // Shape errors here are programming errors: the model validates shapes at load.
    assert!(a.n_heads.is_multiple_of(a.n_kv_heads) && heads.end <= a.n_heads && n >= 1);
    assert!(a.q.len() >= (n - 1) * a.q_stride + a.n_heads * hd);
    assert!(a.keys.len() >= (positions - 1) * a.kv_dim + a.n_kv_heads * hd);
    assert!(a.values.len() >= (positions - 1) * a.kv_dim_v + a.n_kv_heads * hdv);
    assert!(a.q_stride >= a.n_heads * hd && a.kv_dim >= a.n_kv_heads * hd);
    assert!(a.kv_dim_v >= a.n_kv_heads * hdv && out_stride >= a.n_heads * hdv);
    assert!(out.len() >= (n - 1) * out_stride + heads.end * hdv);
    assert!(scores.len() >= a.scratch_len());
    let gqa = a.n_heads / a.n_kv_heads;
    let mut h = heads.start;
    while h < heads.end {
        let g = h / gqa;
        #[cfg(target_arch = "x86_64")]
        if n == 1
            && effective(s) == Simd::Avx2
            && h.is_multiple_of(gqa)
            && h + gqa <= heads.end
            && scores.len() >= gqa * positions
            && group_columns(gqa, hdv).is_some()
        {
            // SAFETY: AVX2 detected; heads h..h + gqa are this call's (the caller's contract)
            // and share KV head g; `scores` holds gqa × positions floats (checked above).
            unsafe { decode_group(a, h, gqa, scores, out) };
            h += gqa;
            continue;
        }
        let sc = &mut scores[..n * positions];
        match effective(s) {
            #[cfg(target_arch = "x86_64")]
            Simd::Avx2 => {
                let prod = super::gemm::Gemm {
                    w: a.keys[g * hd..].as_ptr() as *const u8,
                    w_stride: 4 * a.kv_dim,
                    cols: hd,
                    x: a.q[h * hd..].as_ptr() as *const u8,
                    x_stride: 4 * a.q_stride,
                    n_tok: n,
                    out: sc.as_mut_ptr(),
                    out_stride: positions,
                };
                // SAFETY: AVX2/FMA/F16C detected (`effective`); the asserts above keep key rows
                // 0..positions (hd floats at g * hd, kv_dim apart) and the n queries (hd floats at
                // h * hd, q_stride apart) inside their slices, and `sc` holds n × positions
                // scores, borrowed exclusively.
                unsafe { super::gemm::gemm_f32(&prod, 0..positions) }
            }
            _ => {
                for t in 0..n {
                    let qh = &a.q[t * a.q_stride + h * hd..][..hd];
                    for p in 0..=pos + t {
                        let k = &a.keys[p * a.kv_dim + g * hd..][..hd];
                        sc[t * positions + p] = super::dot_f32_on(Simd::Portable, qh, k);
                    }
                }
            }
        }
        for t in 0..n {
            let row = &mut sc[t * positions..t * positions + pos + t + 1];
            for v in row.iter_mut() {
                *v *= a.scale;
            }
            super::softmax(row);
            let o0 = t * out_stride + h * hdv;
            // SAFETY: head h of query t: the caller's to write, in range (asserted above).
            let o = unsafe { out.slice(o0..o0 + hdv) };
            let values = &a.values[g * hdv..];
            match effective(s) {
                #[cfg(target_arch = "x86_64")]
                // SAFETY: AVX2 detected; positions 0..=pos+t of `values` hold hdv floats at
                // g * hdv, kv_dim_v apart (asserted above).
                Simd::Avx2 => unsafe { weighted_sum_avx2(o, row, values, a.kv_dim_v) },
                _ => {
                    o.fill(0.0);
                    for (p, &w) in row.iter().enumerate() {
                        super::axpy(o, w, &values[p * a.kv_dim_v..][..hdv]);
                    }
                }
            }
        }
        h += 1;
    }
}

/// Vectors per head of one pass of [`decode_group`] over the values, if it takes `gqa` heads
/// of `hdv` columns: up to eight accumulators in all, and the columns whole passes.
#[cfg(target_arch = "x86_64")]
fn group_columns(gqa: usize, hdv: usize) -> Option<usize> {
    let k = match gqa {
        2 => 4,
        3 | 4 => 2,
        _ => return None,
    };
    hdv.is_multiple_of(8 * k).then_some(k)
}

/// Decode (one query) for the `gqa` query heads `h0..h0 + gqa` that share one KV head: their
/// scores are one product with the heads as its tokens, and their weighted sums one pass over
/// the values, so each key and each value is read once for the group instead of once per
/// head. Every score and every output element is computed as the one-head path computes it
/// (the product's per-element order; the values summed in position order, one FMA per term
/// from zero), so the results are the same bits.
///
/// # Safety
/// AVX2/FMA/F16C; `a` passed [`attention_heads`]' asserts with `n == 1`; heads `h0..h0 + gqa`
/// are the caller's to write and share one KV head ([`group_columns`] is `Some`); `scores`
/// holds `gqa × (pos + 1)` floats.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn decode_group(
    a: &Attention<'_>,
    h0: usize,
    gqa: usize,
    scores: &mut [f32],
    out: &Disjoint<'_, f32>,
) {
    let (hd, hdv, positions) = (a.head_dim, a.head_dim_v, a.pos + 1);
    let g = h0 / gqa;
    let prod = super::gemm::Gemm {
        w: a.keys[g * hd..].as_ptr() as *const u8,
        w_stride: 4 * a.kv_dim,
        cols: hd,
        // The group's queries are consecutive in the query row, hd floats apart.
        x: a.q[h0 * hd..].as_ptr() as *const u8,
        x_stride: 4 * hd,
        n_tok: gqa,
        out: scores.as_mut_ptr(),
        out_stride: positions,
    };
    // SAFETY: AVX2/FMA/F16C (the caller); key rows 0..positions hold hd floats at g * hd,
    // kv_dim apart, and the gqa queries hd floats each from h0 * hd, inside the query row
    // (n_heads · hd ≤ q_stride, asserted by the caller); `scores` holds gqa × positions.
    unsafe { super::gemm::gemm_f32(&prod, 0..positions) };
    for j in 0..gqa {
        let row = &mut scores[j * positions..(j + 1) * positions];
        for v in row.iter_mut() {
            *v *= a.scale;
        }
        super::softmax(row);
    }
    let o0 = h0 * hdv;
    // SAFETY: heads h0..h0 + gqa of query 0, consecutive columns of its output row, are the
    // caller's to write.
    let o = unsafe { out.slice(o0..o0 + gqa * hdv) };
    let values = &a.values[g * hdv..];
    let w = &scores[..gqa * positions];
    // SAFETY: AVX2; positions 0..positions of `values` hold hdv floats at g * hdv, kv_dim_v
    // apart (the caller's asserts), `o` holds gqa × hdv floats and `w` gqa × positions.
    unsafe {
        match (gqa, group_columns(gqa, hdv)) {
            (2, Some(4)) => wsum_group::<2, 4>(o, w, values, a.kv_dim_v, hdv),
            (3, Some(2)) => wsum_group::<3, 2>(o, w, values, a.kv_dim_v, hdv),
            (4, Some(2)) => wsum_group::<4, 2>(o, w, values, a.kv_dim_v, hdv),
            _ => unreachable!("group_columns decides the shapes"),
        }
    }
}

/// `o[j·hdv..][..hdv] = Σ_p w[j·n + p] · v[p·stride..][..hdv]` for the `M` heads j (n =
/// `w.len() / M` positions), `K` vectors of columns per head at a time: each value vector is
/// loaded once for the M heads. The order per element is [`wsum`]'s.
///
/// # Safety
/// AVX2/FMA; `hdv` is a multiple of `8K`, `o` holds `M · hdv` floats, and `v` holds `hdv`
/// floats at every `p * stride` for `p < w.len() / M`.
#[cfg(target_arch = "x86_64")]
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn wsum_group<const M: usize, const K: usize>(
    o: &mut [f32],
    w: &[f32],
    v: &[f32],
    stride: usize,
    hdv: usize,
) {
    use core::arch::x86_64::*;
    let n = w.len() / M;
    debug_assert!(o.len() >= M * hdv && hdv.is_multiple_of(8 * K));
    debug_assert!(n == 0 || v.len() >= (n - 1) * stride + hdv);
    let mut c = 0;
    // SAFETY: columns c..c + 8K < hdv of o's M heads and of value rows 0..n (the caller).
    unsafe {
        while c < hdv {
            let mut acc = [[_mm256_setzero_ps(); K]; M];
            for p in 0..n {
                let row = v.as_ptr().add(p * stride + c);
                let vv: [__m256; K] = core::array::from_fn(|k| _mm256_loadu_ps(row.add(8 * k)));
                for (j, aj) in acc.iter_mut().enumerate() {
                    let b = _mm256_set1_ps(*w.get_unchecked(j * n + p));
                    for (a, &x) in aj.iter_mut().zip(&vv) {
                        *a = _mm256_fmadd_ps(b, x, *a);
                    }
                }
            }
            for (j, aj) in acc.iter().enumerate() {
                for (k, a) in aj.iter().enumerate() {
                    _mm256_storeu_ps(o.as_mut_ptr().add(j * hdv + c + 8 * k), *a);
                }
            }
            c += 8 * K;
        }
    }
}

/// `o = Σ_p w[p] · v[p * stride ..][..o.len()]`, in position order with one FMA per term, up
/// to eight vectors of `o` at a time (independent chains, so the FMA latency is hidden).
///
/// # Safety
/// AVX2/FMA; `v` holds `o.len()` floats at every `p * stride` for `p < w.len()`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn weighted_sum_avx2(o: &mut [f32], w: &[f32], v: &[f32], stride: usize) {
    use core::arch::x86_64::*;
    let d = o.len();
    debug_assert!(w.is_empty() || v.len() >= (w.len() - 1) * stride + d);
    let mut c = 0;
    // SAFETY: each call covers columns c..c + 8K ≤ d, inside o and every value row.
    unsafe {
        while c + 64 <= d {
            wsum::<8>(o, c, w, v, stride);
            c += 64;
        }
        match (d - c) / 8 {
            0 => {}
            1 => wsum::<1>(o, c, w, v, stride),
            2 => wsum::<2>(o, c, w, v, stride),
            3 => wsum::<3>(o, c, w, v, stride),
            4 => wsum::<4>(o, c, w, v, stride),
            5 => wsum::<5>(o, c, w, v, stride),
            6 => wsum::<6>(o, c, w, v, stride),
            _ => wsum::<7>(o, c, w, v, stride),
        }
    }
    c = d / 8 * 8;
    for (j, oj) in o.iter_mut().enumerate().skip(c) {
        let mut acc = _mm_setzero_ps();
        for (p, &wp) in w.iter().enumerate() {
            acc = _mm_fmadd_ss(_mm_set_ss(wp), _mm_set_ss(v[p * stride + j]), acc);
        }
        *oj = _mm_cvtss_f32(acc);
    }
}

/// Columns `c..c + 8K` of [`weighted_sum_avx2`].
///
/// # Safety
/// As there, with `c + 8K ≤ o.len()`.
#[cfg(target_arch = "x86_64")]
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn wsum<const K: usize>(o: &mut [f32], c: usize, w: &[f32], v: &[f32], stride: usize) {
    use core::arch::x86_64::*;
    let mut acc = [_mm256_setzero_ps(); K];
    // SAFETY: columns c..c + 8K of o and of value rows 0..w.len() (the caller).
    unsafe {
        for (p, &wp) in w.iter().enumerate() {
            let b = _mm256_set1_ps(wp);
            let row = v.as_ptr().add(p * stride + c);
            for (k, a) in acc.iter_mut().enumerate() {
                *a = _mm256_fmadd_ps(b, _mm256_loadu_ps(row.add(8 * k)), *a);
            }
        }
        for (k, a) in acc.iter().enumerate() {
            _mm256_storeu_ps(o.as_mut_ptr().add(c + 8 * k), *a);
        }
    }
}
