//! The kernels against each other and against plain references.

use super::formats::round_even;
use super::*;
use alloc::vec::Vec;

struct Lcg(u64);
impl Lcg {
    fn f(&mut self) -> f32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
    }
}

/// A `rows × cols` matrix of type `ty` over `data`, rows as the file packs them.
fn matrix(ty: TensorType, rows: usize, cols: usize, data: &[u8]) -> Matrix<'_> {
    Matrix {
        ty,
        rows,
        cols,
        row_bytes: ty.row_bytes(cols as u64).unwrap() as usize,
        data,
    }
}

fn encode(ty: TensorType, vals: &[f32]) -> Vec<u8> {
    let mut out = Vec::new();
    match ty {
        TensorType::F32 => vals.iter().for_each(|v| out.extend(v.to_le_bytes())),
        TensorType::F16 => vals
            .iter()
            .for_each(|v| out.extend(f32_to_f16(*v).to_le_bytes())),
        TensorType::BF16 => vals
            .iter()
            .for_each(|v| out.extend(f32_to_bf16(*v).to_le_bytes())),
        TensorType::Q8_0 => {
            for c in vals.chunks(32) {
                let amax = c.iter().fold(0f32, |m, v| m.max(v.abs()));
                let d = amax / 127.0;
                let id = if d != 0.0 { 1.0 / d } else { 0.0 };
                out.extend(f32_to_f16(d).to_le_bytes());
                c.iter()
                    .for_each(|v| out.push(kmath::roundf(v * id) as i8 as u8));
            }
        }
        _ => unreachable!("block quants: random_quant_row"),
    }
    out
}

/// Both kernel families, on every type and on lengths with and without SIMD tails, agree
/// with each other and with a plain f64 reference on the same rounded inputs.
#[test]
fn avx2_and_portable_agree() {
    if simd() != Simd::Avx2 {
        eprintln!("no AVX2 here: only the portable path is tested");
    }
    let mut rng = Lcg(7);
    for ty in [
        TensorType::F32,
        TensorType::F16,
        TensorType::BF16,
        TensorType::Q8_0,
    ] {
        for &cols in &[32usize, 64, 96, 160, 1024] {
            let cols = if ty == TensorType::Q8_0 {
                cols
            } else {
                cols + 3
            };
            let rows = 13;
            let n_tok = 5;
            let wv: Vec<f32> = (0..rows * cols).map(|_| rng.f()).collect();
            let xv: Vec<f32> = (0..n_tok * cols).map(|_| rng.f() * 3.0).collect();
            let data = encode(ty, &wv);
            let w = matrix(ty, rows, cols, &data);
            let mut sc = ActScratch::new(n_tok * cols);
            let mut out_p = alloc::vec![0f32; n_tok * rows];
            let mut out_s = alloc::vec![0f32; n_tok * rows];
            let rr = 0..rows;
            matmul_rows_on(
                Simd::Portable,
                &mut out_p,
                &w,
                sc.convert(ty, &xv),
                n_tok,
                rr,
            );
            matmul_rows_on(simd(), &mut out_s, &w, sc.convert(ty, &xv), n_tok, 0..rows);
            // Reference on dequantized weights and converted activations, in f64.
            let act = sc.convert(ty, &xv);
            let mut xd = alloc::vec![0f32; n_tok * cols];
            // F16 activations are f16, BF16 ones rounded f32; Q8_0 ones as the block quants'.
            match ty {
                TensorType::Q8_0 => xd = act_to_f32(ty, act.bytes, n_tok * cols),
                TensorType::F16 => (kernels(TensorType::F16).dequantize)(act.bytes, &mut xd),
                _ => (kernels(TensorType::F32).dequantize)(act.bytes, &mut xd),
            }
            let mut wrow = alloc::vec![0f32; cols];
            for r in 0..rows {
                w.dequantize_row(r, &mut wrow);
                for t in 0..n_tok {
                    let want: f64 = wrow
                        .iter()
                        .zip(&xd[t * cols..(t + 1) * cols])
                        .map(|(&a, &b)| f64::from(a) * f64::from(b))
                        .sum();
                    let tol = 1e-4 * (cols as f64).sqrt() * 3.0;
                    let p = f64::from(out_p[t * rows + r]);
                    let s = f64::from(out_s[t * rows + r]);
                    assert!(
                        (p - want).abs() < tol,
                        "{ty:?} {cols} portable {p} vs {want}"
                    );
                    assert!((s - want).abs() < tol, "{ty:?} {cols} simd {s} vs {want}");
                }
            }
        }
    }
}

#[test]
fn dot_f32_paths_agree() {
    let mut rng = Lcg(3);
    for n in [1usize, 7, 8, 31, 64, 129] {
        let a: Vec<f32> = (0..n).map(|_| rng.f()).collect();
        let b: Vec<f32> = (0..n).map(|_| rng.f()).collect();
        let p = dot_f32_on(Simd::Portable, &a, &b);
        let s = dot_f32_on(simd(), &a, &b);
        let want: f32 = a.iter().zip(&b).map(|(x, y)| x * y).sum();
        assert!(
            (p - want).abs() < 1e-5 && (s - want).abs() < 1e-5,
            "{n}: {p} {s} {want}"
        );
    }
}

#[test]
fn f16_conversion_is_exact_for_every_value() {
    for h in 0..=u16::MAX {
        let want = half::f16::from_bits(h).to_f32();
        let got = f16_to_f32(h);
        assert!(
            got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
            "{h:#06x}: {got} vs {want}"
        );
    }
}

#[test]
fn expf_is_accurate() {
    let mut worst = 0f64;
    for i in -900_000..=900_000 {
        let x = i as f32 / 10_000.0;
        let want = (x as f64).exp();
        let got = expf(x) as f64;
        if want > 1e-37 && want < 1e38 {
            worst = worst.max(((got - want) / want).abs());
        }
    }
    assert!(worst < 3e-7, "relative error {worst}");
    assert_eq!(expf(0.0), 1.0);
    assert_eq!(expf(-1000.0), 0.0);
    assert_eq!(expf(1000.0), f32::INFINITY);
    assert_eq!(expf(f32::NEG_INFINITY), 0.0);
    assert!(expf(f32::NAN).is_nan());
}

/// The kernel target's integer-only f16 conversion, checked on the host for every value.
#[cfg(target_arch = "x86_64")]
#[test]
fn avx2_integer_f16_conversion_is_exact() {
    if simd() != Simd::Avx2 {
        return;
    }
    use core::arch::x86_64::*;
    for base in (0..=u16::MAX as u32).step_by(8) {
        let hs: [u16; 8] = core::array::from_fn(|i| (base + i as u32) as u16);
        let mut got = [0f32; 8];
        // SAFETY: AVX2/F16C detected above; the loads and stores stay inside the arrays.
        unsafe {
            let v = avx2::cvtph256_int(_mm_loadu_si128(hs.as_ptr() as *const __m128i));
            _mm256_storeu_ps(got.as_mut_ptr(), v);
        }
        for (h, g) in hs.iter().zip(got) {
            let want = f16_to_f32(*h);
            assert!(
                g.to_bits() == want.to_bits() || (g.is_nan() && want.is_nan()),
                "{h:#x}"
            );
        }
    }
}

/// The kernel target's widening Q8 block product sums to the same as `maddubs` on the host.
#[cfg(target_arch = "x86_64")]
#[test]
fn avx2_widening_q8_product_matches_maddubs() {
    if simd() != Simd::Avx2 {
        return;
    }
    use core::arch::x86_64::*;
    let mut rng = Lcg(11);
    for round in 0..2000 {
        let x: [i8; 32] = core::array::from_fn(|_| (rng.f() * 127.0) as i8);
        let mut y: [i8; 32] = core::array::from_fn(|_| (rng.f() * 128.0) as i8);
        if round % 7 == 0 {
            y[round % 32] = -128; // Weights may hold -128; activations never do.
        }
        let want: i32 = x
            .iter()
            .zip(&y)
            .map(|(&a, &b)| i32::from(a) * i32::from(b))
            .sum();
        let (mut a, mut b) = ([0f32; 8], [0f32; 8]);
        // SAFETY: AVX2 detected above; loads and stores stay inside the arrays.
        unsafe {
            let xv = _mm256_loadu_si256(x.as_ptr() as *const __m256i);
            let yv = _mm256_loadu_si256(y.as_ptr() as *const __m256i);
            _mm256_storeu_ps(a.as_mut_ptr(), avx2::mul_sum_i8_widen(yv, xv));
            _mm256_storeu_ps(b.as_mut_ptr(), avx2::mul_sum_i8_maddubs(yv, xv));
        }
        assert_eq!(a.iter().sum::<f32>(), want as f32);
        assert_eq!(b.iter().sum::<f32>(), want as f32);
    }
}

#[test]
fn round_even_matches_rint() {
    for i in -300_000..300_000 {
        let v = i as f32 / 2000.0;
        assert_eq!(round_even(v), kmath::rintf(v), "{v}");
    }
    assert_eq!(round_even(2.5), 2.0);
    assert_eq!(round_even(-3.5), -4.0);
}

#[test]
fn number_formats_round_trip() {
    assert_eq!(f16_to_f32(f32_to_f16(1.5)), 1.5);
    assert_eq!(f16_to_f32(0x3c00), 1.0);
    assert_eq!(bf16_to_f32(f32_to_bf16(-2.25)), -2.25);
    // Ties to even: 1 + 2^-8 is halfway between two bf16 values and rounds down to 1.
    assert_eq!(bf16_to_f32(f32_to_bf16(1.0 + 1.0 / 256.0)), 1.0);
    let mut b = [0u8; formats::Q8_0_BYTES];
    let x: Vec<f32> = (0..32).map(|i| i as f32 - 16.0).collect();
    quantize_q8_0(&mut b, &x);
    assert_eq!(b[2] as i8, -127);
    assert_eq!(b[2 + 16] as i8, 0);
}

#[test]
fn rope_neox_pairs_half_apart() {
    let mut cache = [0f32; 4];
    rope_cache(&mut cache, 1, 10000.0);
    let mut x = [1.0, 0.0, 0.0, 0.0];
    rope_apply(&mut x, &cache, RopeStyle::Neox);
    // Dimension 0 rotates into dimension 2 (half apart), not 1.
    assert!((x[0] - kmath::cosf(1.0)).abs() < 1e-6);
    assert!((x[2] - kmath::sinf(1.0)).abs() < 1e-6);
    assert_eq!(x[1], 0.0);
    let mut y = [1.0, 0.0, 0.0, 0.0];
    rope_apply(&mut y, &cache, RopeStyle::Adjacent);
    assert!((y[1] - kmath::sinf(1.0)).abs() < 1e-6);
}

/// Random blocks of a quantized type: random quant bits, and small finite f16 scales at the
/// offsets where the type keeps them (random bits there could be Inf or NaN).
fn random_quant_row(ty: TensorType, cols: usize, rng: &mut Lcg) -> Vec<u8> {
    let (bytes, scales): (usize, &[usize]) = match ty {
        TensorType::Q4_0 | TensorType::Q5_0 => (ty.block_bytes() as usize, &[0]),
        TensorType::Q4_1 | TensorType::Q5_1 | TensorType::Q4_K | TensorType::Q5_K => {
            (ty.block_bytes() as usize, &[0, 2])
        }
        TensorType::Q2_K => (84, &[80, 82]),
        TensorType::Q3_K => (110, &[108]),
        TensorType::Q6_K => (210, &[208]),
        _ => unreachable!("not a block quant"),
    };
    let n_blocks = cols / ty.block_elems() as usize;
    let mut out = Vec::with_capacity(n_blocks * bytes);
    for _ in 0..n_blocks {
        let mut b: Vec<u8> = (0..bytes)
            .map(|_| (rng.f() * 128.0 + 128.0) as u8)
            .collect();
        for &o in scales {
            let v = f32_to_f16(rng.f() * 0.05);
            b[o..o + 2].copy_from_slice(&v.to_le_bytes());
        }
        out.extend(b);
    }
    out
}

/// The activation row as the kernels see it, back in f32 (reference side of the test).
fn act_to_f32(ty: TensorType, a: &[u8], n: usize) -> Vec<f32> {
    let k = kernels(ty);
    let mut out = alloc::vec![0f32; n];
    match k.act {
        ActFormat::Q8_0 | ActFormat::Q8_1 => {
            let (bytes, qs) = (k.act_block_bytes, k.act_block_bytes - 32);
            for (o, b) in out.chunks_mut(32).zip(a.chunks_exact(bytes)) {
                let d = formats::rd_f32(b, 0);
                o.iter_mut()
                    .zip(&b[qs..])
                    .for_each(|(o, &q)| *o = f32::from(q as i8) * d);
            }
        }
        ActFormat::Q8K => {
            for (o, b) in out
                .chunks_mut(formats::QK_K)
                .zip(a.chunks_exact(formats::Q8_K_BYTES))
            {
                let d = f32::from_le_bytes([b[0], b[1], b[2], b[3]]);
                o.iter_mut()
                    .zip(&b[4..])
                    .for_each(|(o, &q)| *o = f32::from(q as i8) * d);
            }
        }
        _ => unreachable!(),
    }
    out
}

/// The legacy quants and the k-quants: portable and AVX2 kernels agree with each other and with
/// an f64 dot of the dequantized weights and the dequantized activations, in decode and prefill.
#[test]
fn block_quants_avx2_and_portable_agree() {
    let mut rng = Lcg(17);
    for ty in TensorType::ALL {
        if ty.block_elems() == 1 || ty == TensorType::Q8_0 {
            continue;
        }
        for &cols in &[256usize, 512, 1024] {
            let rows = 9;
            let data: Vec<u8> = (0..rows)
                .flat_map(|_| random_quant_row(ty, cols, &mut rng))
                .collect();
            let w = matrix(ty, rows, cols, &data);
            for n_tok in [1usize, 5] {
                let xv: Vec<f32> = (0..n_tok * cols).map(|_| rng.f() * 3.0).collect();
                let mut sc = ActScratch::new(n_tok * cols);
                let mut out_p = alloc::vec![0f32; n_tok * rows];
                let mut out_s = alloc::vec![0f32; n_tok * rows];
                matmul_on(Simd::Portable, &mut out_p, &w, sc.convert(ty, &xv), n_tok);
                matmul_on(simd(), &mut out_s, &w, sc.convert(ty, &xv), n_tok);
                let act = sc.convert(ty, &xv);
                let xd = act_to_f32(ty, act.bytes, n_tok * cols);
                let mut wrow = alloc::vec![0f32; cols];
                for r in 0..rows {
                    w.dequantize_row(r, &mut wrow);
                    for t in 0..n_tok {
                        let xs = &xd[t * cols..(t + 1) * cols];
                        let want: f64 = wrow
                            .iter()
                            .zip(xs)
                            .map(|(&a, &b)| f64::from(a) * f64::from(b))
                            .sum();
                        let scale: f64 = wrow
                            .iter()
                            .zip(xs)
                            .map(|(&a, &b)| (f64::from(a) * f64::from(b)).abs())
                            .sum();
                        // Q8_1 keeps d·Σq as f16 (as llama.cpp does), which the minimum
                        // multiplies: that rounding is the reference's too, not the kernels'.
                        let q8_1 = kernels(ty).act_block_bytes == formats::Q8_1_BYTES;
                        let tol = if q8_1 { 1e-3 } else { 1e-5 } * scale + 1e-6;
                        let p = f64::from(out_p[t * rows + r]);
                        let s = f64::from(out_s[t * rows + r]);
                        assert!(
                            (p - want).abs() <= tol,
                            "{ty:?} {cols} portable {p} vs {want}"
                        );
                        assert!((s - want).abs() <= tol, "{ty:?} {cols} simd {s} vs {want}");
                        assert!(
                            (s - p).abs() <= 1e-5 * scale + 1e-6,
                            "{ty:?} simd vs portable"
                        );
                    }
                }
            }
        }
    }
}

/// Q8_K rounds as ggml's reference: the largest magnitude maps to -127 and the group sums match.
#[test]
fn q8_k_activation_layout() {
    let mut x: Vec<f32> = (0..256).map(|i| (i as f32 - 100.0) / 50.0).collect();
    x[3] = 4.0;
    let mut b = [0u8; formats::Q8_K_BYTES];
    formats::act_q8_k(&x, &mut b);
    assert_eq!(b[4 + 3] as i8, -127);
    let d = f32::from_le_bytes([b[0], b[1], b[2], b[3]]);
    assert!((d + 4.0 / 127.0).abs() < 1e-7);
    let s0: i32 = b[4..20].iter().map(|&q| i32::from(q as i8)).sum();
    assert_eq!(i16::from_le_bytes([b[260], b[261]]) as i32, s0);
}

/// The AVX2 activation converters write the portable converters' bytes exactly: random values,
/// exact ties (k + 0.5 steps), an all-zero block, and the largest magnitude repeated with both
/// signs (Q8_K keeps the first).
#[test]
fn act_converters_avx2_match_portable() {
    if simd() != Simd::Avx2 {
        return;
    }
    let mut rng = Lcg(23);
    let n = 1024 + 8 + 3; // F16 takes any length; the block formats take whole blocks.
    let mut x: Vec<f32> = (0..n).map(|_| rng.f() * 4.0).collect();
    for v in &mut x[256..512] {
        *v = (rng.f() * 100.0).round() / 127.0 * 0.5;
    }
    x[512..544].fill(0.0);
    x[600] = 7.0;
    x[601] = -7.0;
    x[700] = -9.0;
    x[710] = 9.0;
    for ty in TensorType::ALL {
        let k = kernels(ty);
        let Some(f) = k.to_act_avx2 else { continue };
        let len = if k.act_block == 1 {
            n
        } else {
            n / k.act_block * k.act_block
        };
        let bytes = k.act_row_bytes(len);
        let (mut a, mut b) = (alloc::vec![0u8; bytes], alloc::vec![0u8; bytes]);
        (k.to_act)(&x[..len], &mut a);
        // SAFETY: AVX2 detected above; `b` is the converted size of the input.
        unsafe { f(&x[..len], &mut b) };
        assert!(a == b, "{ty:?}: AVX2 and portable activations differ");
    }
}

/// Every element of a product is the same bits whatever the batch, the row range and the
/// batch's position: token by token (decode) and in one call (prefill) over a range that starts
/// inside a tile, on shapes past every blocking the AVX2 products use (Q4_K's groups of eight
/// rows, its four super-blocks and 64 tokens at a time).
#[test]
fn products_do_not_depend_on_batch_or_row_range() {
    let mut rng = Lcg(29);
    let (rows, n_tok) = (21usize, 70usize);
    for ty in TensorType::ALL {
        // The float types take any length: also one with a scalar tail after the vectors;
        // the block types also an odd number of 256-element super-blocks (decode takes Q4_K's
        // two at a time, then the last alone).
        let widths: &[usize] = if ty.block_elems() == 1 {
            &[1536, 1536 + 8 + 3]
        } else {
            &[1536, 1280]
        };
        for &cols in widths {
            let data: Vec<u8> = if ty.block_elems() == 1 || ty == TensorType::Q8_0 {
                let wv: Vec<f32> = (0..rows * cols).map(|_| rng.f()).collect();
                encode(ty, &wv)
            } else {
                (0..rows)
                    .flat_map(|_| random_quant_row(ty, cols, &mut rng))
                    .collect()
            };
            let w = matrix(ty, rows, cols, &data);
            let xv: Vec<f32> = (0..n_tok * cols).map(|_| rng.f() * 3.0).collect();
            let mut sc = ActScratch::new(n_tok * cols);
            let mut one = alloc::vec![0f32; rows];
            let mut want = alloc::vec![0f32; n_tok * rows];
            for t in 0..n_tok {
                let x = &xv[t * cols..(t + 1) * cols];
                matmul_on(simd(), &mut one, &w, sc.convert(ty, x), 1);
                want[t * rows..(t + 1) * rows].copy_from_slice(&one);
            }
            let mut got = alloc::vec![f32::NAN; n_tok * rows];
            matmul_rows_on(simd(), &mut got, &w, sc.convert(ty, &xv), n_tok, 3..17);
            for t in 0..n_tok {
                for r in 3..17 {
                    let (a, b) = (want[t * rows + r], got[t * rows + r]);
                    assert!(
                        a.to_bits() == b.to_bits(),
                        "{ty:?} {cols} columns, token {t} row {r}: {a} vs {b}"
                    );
                }
            }
        }
    }
}

/// Q4_K at the extremes of its integer sums: every quant 15 with every scale and minimum 63,
/// against activations of the largest magnitude of either sign. The AVX2 product adds 16
/// products of a group per 16-bit lane before scaling (at most 16 · 15 · 127 = 30,480), so
/// this is where it would overflow.
#[test]
fn q4_k_extreme_sums_do_not_overflow() {
    let (rows, cols) = (8usize, 512usize);
    let mut block = alloc::vec![0xFFu8; 144];
    block[..2].copy_from_slice(&f32_to_f16(0.01).to_le_bytes());
    block[2..4].copy_from_slice(&f32_to_f16(0.002).to_le_bytes());
    let data: Vec<u8> = (0..rows * cols / 256).flat_map(|_| block.clone()).collect();
    let w = Matrix {
        ty: TensorType::Q4_K,
        rows,
        cols,
        row_bytes: 144 * cols / 256,
        data: &data,
    };
    for sign in [1.0f32, -1.0] {
        let xv = alloc::vec![sign; 3 * cols];
        let mut sc = ActScratch::new(3 * cols);
        let mut p = alloc::vec![0f32; 3 * rows];
        let mut s = alloc::vec![0f32; 3 * rows];
        matmul_on(
            Simd::Portable,
            &mut p,
            &w,
            sc.convert(TensorType::Q4_K, &xv),
            3,
        );
        matmul_on(simd(), &mut s, &w, sc.convert(TensorType::Q4_K, &xv), 3);
        // d·63·15 − dmin·63 per weight, times ±1, over 512 columns.
        let want = sign * 512.0 * (0.01f32 * 63.0 * 15.0 - 0.002 * 63.0);
        for (a, b) in p.iter().zip(&s) {
            assert!(
                (a - want).abs() < 1e-2 * want.abs(),
                "portable {a} vs {want}"
            );
            assert!((b - a).abs() <= 1e-5 * a.abs(), "simd {b} vs portable {a}");
        }
    }
}

/// Decode attention with the query heads of KV groups taken together (one group, or all of
/// them in one pass over the positions, five groups so that the passes take groups several at
/// a time and one alone) gives the bits of one head at a time, for groups of 2, 3 and 4 heads
/// and head widths of one and several 32-column passes over the values, at positions past the
/// blocks of four the values are read in.
#[test]
fn grouped_decode_attention_matches_one_head_at_a_time() {
    let mut rng = Lcg(41);
    for (gqa, hd) in [(2usize, 64usize), (3, 32), (4, 128), (2, 128)] {
        let n_kv = 5;
        let n_heads = gqa * n_kv;
        let (kv_dim, q_dim) = (n_kv * hd, n_heads * hd);
        for pos in [0usize, 6, 37] {
            let positions = pos + 1;
            let q: Vec<f32> = (0..q_dim).map(|_| rng.f()).collect();
            let keys: Vec<f32> = (0..positions * kv_dim).map(|_| rng.f()).collect();
            let values: Vec<f32> = (0..positions * kv_dim).map(|_| rng.f() * 2.0).collect();
            let a = Attention {
                q: &q,
                q_stride: q_dim,
                keys: &keys,
                kv_dim,
                values: &values,
                kv_dim_v: kv_dim,
                n_heads,
                n_kv_heads: n_kv,
                head_dim: hd,
                head_dim_v: hd,
                scale: 0.125,
                pos,
                n: 1,
            };
            let mut sc = alloc::vec![0f32; gqa * positions];
            let mut grouped = alloc::vec![f32::NAN; q_dim];
            attention_heads_on(simd(), &a, 0..n_heads, &mut sc, &mut grouped, q_dim);
            // Scratch for every head: all the groups in one pass over the positions.
            let mut sc_all = alloc::vec![0f32; n_heads * positions];
            let mut all = alloc::vec![f32::NAN; q_dim];
            attention_heads_on(simd(), &a, 0..n_heads, &mut sc_all, &mut all, q_dim);
            let mut single = alloc::vec![f32::NAN; q_dim];
            let mut portable = alloc::vec![f32::NAN; q_dim];
            for h in 0..n_heads {
                attention_heads_on(simd(), &a, h..h + 1, &mut sc, &mut single, q_dim);
                let p = Simd::Portable;
                attention_heads_on(p, &a, h..h + 1, &mut sc, &mut portable, q_dim);
            }
            for i in 0..q_dim {
                let (g, s, p) = (grouped[i], single[i], portable[i]);
                assert!(
                    g.to_bits() == s.to_bits() && all[i].to_bits() == s.to_bits(),
                    "gqa {gqa} hd {hd} pos {pos} element {i}: {g} and {} vs {s}",
                    all[i]
                );
                assert!((g - p).abs() < 1e-4, "against portable: {g} vs {p}");
            }
        }
    }
}

/// SwiGLU compiled for AVX2 gives the bits of the baseline build's loop, over ordinary values
/// and the ends of `expf`'s range (overflow, underflow, infinities, NaN).
#[test]
fn swiglu_avx2_matches_baseline_bits() {
    let mut rng = Lcg(31);
    let mut g: Vec<f32> = (0..1000).map(|_| rng.f() * 20.0).collect();
    g.extend([
        0.0,
        -0.0,
        88.0,
        -88.0,
        89.0,
        -89.0,
        1e30,
        -1e30,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
    ]);
    let u: Vec<f32> = (0..g.len()).map(|_| rng.f() * 3.0).collect();
    let (mut a, mut b) = (g.clone(), g);
    super::swiglu(&mut a, &u);
    super::norm::swiglu_lanes(&mut b, &u);
    for (x, y) in a.iter().zip(&b) {
        assert!(
            x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan()),
            "{x} vs {y}"
        );
    }
}

/// `softmax` with its exponentials in their own (vectorised) loop gives the bits of the one
/// fused scalar loop it replaced: the same `expf` per element, the same f64 sum in order.
#[test]
fn softmax_matches_fused_scalar_bits() {
    let fused = |x: &mut [f32]| {
        let max = x.iter().fold(f32::NEG_INFINITY, |m, &v| m.max(v));
        let mut sum = 0.0f64;
        for v in x.iter_mut() {
            *v = super::norm::expf(*v - max);
            sum += f64::from(*v);
        }
        let inv = (1.0 / sum) as f32;
        for v in x.iter_mut() {
            *v *= inv;
        }
    };
    let mut rng = Lcg(37);
    for n in [1usize, 3, 7, 8, 9, 31, 160, 193, 1000] {
        for spread in [0.1f32, 5.0, 60.0, 200.0] {
            let mut a: Vec<f32> = (0..n).map(|_| rng.f() * spread).collect();
            if n > 8 {
                a[3] = -1e30;
                a[5] = -0.0;
            }
            let mut b = a.clone();
            super::softmax(&mut a);
            fused(&mut b);
            for (x, y) in a.iter().zip(&b) {
                assert_eq!(
                    x.to_bits(),
                    y.to_bits(),
                    "n {n} spread {spread}: {x} vs {y}"
                );
            }
        }
    }
}
