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
//! gives, and so does any split of the heads across cores. Decode (one query) takes whole KV
//! groups together and reads the cache position by position ([`decode_groups`]), in that same
//! order per element.

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
            && groups_fit(gqa, hdv)
        {
            // As many whole groups as the range and the score scratch hold (at least one).
            let ng = ((heads.end - h) / gqa).min(scores.len() / (gqa * positions));
            // SAFETY: AVX2 detected; heads h..h + ng·gqa are this call's (the caller's
            // contract), whole KV groups from g; `scores` holds ng·gqa × positions floats.
            unsafe { decode_groups(a, h, ng, scores, out) };
            h += ng * gqa;
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

/// Whether [`decode_groups`] takes groups of `gqa` heads with `hdv` value columns: its score
/// tiles are written for 2, 3 or 4 heads a group, its value passes 32 columns at a time.
#[cfg(target_arch = "x86_64")]
fn groups_fit(gqa: usize, hdv: usize) -> bool {
    (2..=4).contains(&gqa) && hdv.is_multiple_of(32)
}

/// Decode (one query) for the `ng` whole KV groups of query heads from `h0` (`gqa` heads
/// each): the keys and then the values are read position by position, each position's row of
/// the groups once and in address order, so the cache of a layer is one sequential stream.
/// (Group by group over the positions, each pass read a few hundred bytes of every 4 KiB
/// row, and at the 0.6B shape a token at positions 128-192 took 15% longer to decode than one
/// at positions 1-65: docs/model-bench.md, "Q8_0 prefill and Q4_K decode past llama.cpp".) Every score is
/// computed as the tiled product computes it (one 8-lane FMA chain over the columns from zero,
/// `hsum`, then any scalar tail), every output element as [`weighted_sum_avx2`] does (the
/// values in position order, one FMA per term from zero), so the results are the bits of one
/// head at a time.
///
/// # Safety
/// AVX2/FMA/F16C; `a` passed [`attention_heads`]' asserts with `n == 1`; heads `h0..h0 +
/// ng·gqa` are the caller's to write and are whole groups ([`groups_fit`]);
/// `scores` holds `ng·gqa × (pos + 1)` floats.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn decode_groups(
    a: &Attention<'_>,
    h0: usize,
    ng: usize,
    scores: &mut [f32],
    out: &Disjoint<'_, f32>,
) {
    let gqa = a.n_heads / a.n_kv_heads;
    let (hdv, positions) = (a.head_dim_v, a.pos + 1);
    let nh = ng * gqa;
    let sc = &mut scores[..nh * positions];
    // SAFETY: AVX2 (the caller); the groups' keys, values and queries are inside their
    // slices (the caller's asserts), `sc` holds nh × positions floats.
    unsafe {
        match gqa {
            2 => group_scores::<2, 4>(a, h0, ng, sc),
            3 => group_scores::<3, 2>(a, h0, ng, sc),
            _ => group_scores::<4, 2>(a, h0, ng, sc),
        }
    }
    for row in sc.chunks_exact_mut(positions) {
        for v in row.iter_mut() {
            *v *= a.scale;
        }
        super::softmax(row);
    }
    let o0 = h0 * hdv;
    // SAFETY: heads h0..h0 + nh of query 0, consecutive columns of its output row, are the
    // caller's to write.
    let o = unsafe { out.slice(o0..o0 + nh * hdv) };
    // SAFETY: as above; `o` holds nh × hdv floats and hdv is a multiple of 32 (`groups_fit`).
    unsafe { group_values(a, h0 / gqa, ng, gqa, sc, o) };
}

/// The scores of [`decode_groups`]: `G` groups of `M` heads at a time (`G·M` independent FMA
/// chains; one group alone, two or four chains, waits on the FMA latency).
///
/// # Safety
/// As [`decode_groups`], with `M` = gqa.
#[cfg(target_arch = "x86_64")]
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn group_scores<const M: usize, const G: usize>(
    a: &Attention<'_>,
    h0: usize,
    ng: usize,
    sc: &mut [f32],
) {
    let (hd, positions) = (a.head_dim, a.pos + 1);
    let g0 = h0 / M;
    for p in 0..positions {
        let mut gi = 0;
        while gi < ng {
            // SAFETY: forwarded (the groups gi.. of this pass are below ng).
            unsafe {
                if gi + G <= ng {
                    scores_at::<M, G>(a, h0, g0, gi, p, sc, hd, positions);
                    gi += G;
                } else {
                    scores_at::<M, 1>(a, h0, g0, gi, p, sc, hd, positions);
                    gi += 1;
                }
            }
        }
    }
}

/// Scores of groups `gi..gi + G` (of [`group_scores`]) at position `p`.
///
/// # Safety
/// As [`group_scores`]; groups `gi..gi + G` are below its `ng`.
#[cfg(target_arch = "x86_64")]
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
#[allow(clippy::too_many_arguments)]
unsafe fn scores_at<const M: usize, const G: usize>(
    a: &Attention<'_>,
    h0: usize,
    g0: usize,
    gi: usize,
    p: usize,
    sc: &mut [f32],
    hd: usize,
    positions: usize,
) {
    use core::arch::x86_64::*;
    // SAFETY: key row p holds the groups' hd floats each from (g0 + gi) * hd, the query row
    // the heads' hd floats each from (h0 + gi·M) * hd (the caller's asserts); every index
    // below is inside those.
    unsafe {
        let k = a.keys.as_ptr().add(p * a.kv_dim + (g0 + gi) * hd);
        let q = a.q.as_ptr().add((h0 + gi * M) * hd);
        let mut acc = [[_mm256_setzero_ps(); M]; G];
        let mut i = 0;
        while i + 8 <= hd {
            for (g, ag) in acc.iter_mut().enumerate() {
                let kv = _mm256_loadu_ps(k.add(g * hd + i));
                for (j, aj) in ag.iter_mut().enumerate() {
                    let qv = _mm256_loadu_ps(q.add((g * M + j) * hd + i));
                    *aj = _mm256_fmadd_ps(kv, qv, *aj);
                }
            }
            i += 8;
        }
        for (g, ag) in acc.iter().enumerate() {
            for (j, aj) in ag.iter().enumerate() {
                let mut v = super::avx2::hsum(*aj);
                for t in i..hd {
                    v += *k.add(g * hd + t) * *q.add((g * M + j) * hd + t);
                }
                *sc.get_unchecked_mut(((gi + g) * M + j) * positions + p) = v;
            }
        }
    }
}

/// `o[h·hdv..][..hdv] = Σ_p w[h·n + p] · v_p` for the `ng·gqa` heads h of [`decode_groups`]
/// (v_p head h's group's values at position p), over blocks of four positions: each block's
/// rows are read in order, and every accumulator goes through `o` once per block.
///
/// # Safety
/// As [`decode_groups`]; `o` holds `ng·gqa × hdv` floats and `hdv` is a multiple of 32.
#[cfg(target_arch = "x86_64")]
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn group_values(
    a: &Attention<'_>,
    g0: usize,
    ng: usize,
    gqa: usize,
    w: &[f32],
    o: &mut [f32],
) {
    use core::arch::x86_64::*;
    const PB: usize = 4;
    let (hdv, positions) = (a.head_dim_v, a.pos + 1);
    debug_assert!(hdv.is_multiple_of(32) && o.len() >= ng * gqa * hdv);
    o.fill(0.0);
    let mut p0 = 0;
    // SAFETY: value rows 0..positions hold the groups' hdv floats each from g0 * hdv (the
    // caller's asserts); `o` and `w` hold nh × hdv and nh × positions floats.
    unsafe {
        while p0 < positions {
            let pe = (p0 + PB).min(positions);
            for gi in 0..ng {
                for c in (0..hdv).step_by(32) {
                    let v = a.values.as_ptr().add((g0 + gi) * hdv + c);
                    for j in 0..gqa {
                        let h = gi * gqa + j;
                        let op = o.as_mut_ptr().add(h * hdv + c);
                        let mut acc: [__m256; 4] =
                            core::array::from_fn(|k| _mm256_loadu_ps(op.add(8 * k)));
                        for p in p0..pe {
                            let b = _mm256_set1_ps(*w.get_unchecked(h * positions + p));
                            let row = v.add(p * a.kv_dim_v);
                            for (k, ak) in acc.iter_mut().enumerate() {
                                *ak = _mm256_fmadd_ps(b, _mm256_loadu_ps(row.add(8 * k)), *ak);
                            }
                        }
                        for (k, ak) in acc.iter().enumerate() {
                            _mm256_storeu_ps(op.add(8 * k), *ak);
                        }
                    }
                }
            }
            p0 = pe;
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
