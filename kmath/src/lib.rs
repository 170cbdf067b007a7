#![cfg_attr(not(test), no_std)]
//! The handful of elementary functions the model and the router need, in
//! `no_std`, with the names of the `libm` crate; callers use it as `kmath`.
//!
//! Why not `libm`: it was written when the kernel was built for the
//! soft-float-ABI `x86_64-unknown-none` target, where every libm release we
//! tried (0.2.7 … 0.2.16) made LLVM abort with "Do not know how to soften the
//! result of this operator" once SSE was enabled. The kernel is now built for
//! hard-float `x86_64-unknown-linux-gnu`, linked freestanding (see
//! docs/architecture.md, "How the kernel is compiled"), where that abort does
//! not arise; this crate stays because the parity figures in docs/model.md
//! were measured with it and its accuracy is tested here. These versions
//! compute in f64 and round once, so the f32 results are within an ulp of the
//! correctly rounded value (the tests check them against the host's libm over
//! many inputs).
//!
//! Only `sqrt` uses an instruction (SSE2's, correctly rounded); on other
//! architectures it falls back to Newton's iteration so the libraries that
//! use this crate still build and test there.

use core::f64::consts::{LN_2, PI};

/// e^x in f64: x = k·ln2 + r with |r| ≤ ln2/2, then a degree-13 Taylor
/// polynomial for e^r (error below 1e-16 relative on that interval).
pub fn exp(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x > 709.782712893384 {
        return f64::INFINITY;
    }
    if x < -745.1332191019412 {
        return 0.0;
    }
    let k = round(x / LN_2);
    // ln2 split so k·LN2_HI is exact for |k| < 2^20.
    const LN2_HI: f64 = 6.931_471_803_691_238e-1;
    const LN2_LO: f64 = 1.908_214_929_270_587_7e-10;
    let r = (x - k * LN2_HI) - k * LN2_LO;
    let mut p = 1.0;
    let mut term = 1.0;
    for i in 1..=13 {
        term *= r / i as f64;
        p += term;
    }
    scale2(p, k as i32)
}

/// x · 2^n by building the power of two from its bits (two steps keep the
/// exponent field in range near the ends).
fn scale2(x: f64, n: i32) -> f64 {
    let half = n / 2;
    let pow = |e: i32| f64::from_bits(((e + 1023) as u64) << 52);
    x * pow(half) * pow(n - half)
}

/// Natural logarithm in f64: x = m·2^e with m in [√½, √2), then
/// ln m = 2·atanh(s), s = (m−1)/(m+1), |s| ≤ 0.1716, series to s^21.
pub fn log(x: f64) -> f64 {
    if x.is_nan() || x < 0.0 {
        return f64::NAN;
    }
    if x == 0.0 {
        return f64::NEG_INFINITY;
    }
    if x.is_infinite() {
        return x;
    }
    let mut bits = x.to_bits();
    let mut e = ((bits >> 52) & 0x7ff) as i32;
    if e == 0 {
        // Subnormal: normalise first.
        let y = x * f64::from_bits(((64 + 1023) as u64) << 52);
        bits = y.to_bits();
        e = ((bits >> 52) & 0x7ff) as i32 - 64;
    }
    let mut m = f64::from_bits((bits & ((1u64 << 52) - 1)) | (1023u64 << 52));
    let mut e = e - 1023;
    if m > core::f64::consts::SQRT_2 {
        m *= 0.5;
        e += 1;
    }
    let s = (m - 1.0) / (m + 1.0);
    let s2 = s * s;
    let mut sum = 0.0;
    let mut k = 21;
    while k >= 1 {
        sum = sum * s2 + 1.0 / k as f64;
        k -= 2;
    }
    2.0 * s * sum + e as f64 * LN_2
}

/// Rounds half away from zero.
pub fn round(x: f64) -> f64 {
    if x.is_nan() || x.abs() >= 4_503_599_627_370_496.0 {
        return x; // NaN, infinity or already an integer.
    }
    let t = (x.abs() + 0.5) as i64 as f64;
    if x < 0.0 {
        -t
    } else {
        t
    }
}

/// Reduces x to r in [−π, π] with x = r + 2πk, using a two-part 2π.
fn reduce_2pi(x: f64) -> f64 {
    const TWO_PI_HI: f64 = core::f64::consts::TAU;
    const TWO_PI_LO: f64 = 2.449_293_598_294_706_4e-16;
    let k = round(x / TWO_PI_HI);
    (x - k * TWO_PI_HI) - k * TWO_PI_LO
}

fn sin_poly(r: f64) -> f64 {
    // Taylor to r^17 on |r| ≤ π/4: error below 1e-17.
    let r2 = r * r;
    let mut term = r;
    let mut sum = r;
    for i in 1..=8 {
        term *= -r2 / ((2 * i) * (2 * i + 1)) as f64;
        sum += term;
    }
    sum
}

fn cos_poly(r: f64) -> f64 {
    let r2 = r * r;
    let mut term = 1.0;
    let mut sum = 1.0;
    for i in 1..=8 {
        term *= -r2 / ((2 * i - 1) * (2 * i)) as f64;
        sum += term;
    }
    sum
}

/// sin and cos together, in f64.
pub fn sincos(x: f64) -> (f64, f64) {
    if !x.is_finite() {
        return (f64::NAN, f64::NAN);
    }
    let r = reduce_2pi(x);
    // Quadrant of r in [−π, π].
    let q = round(r / (PI / 2.0));
    let y = r - q * (PI / 2.0);
    let (s, c) = (sin_poly(y), cos_poly(y));
    match (q as i64).rem_euclid(4) {
        0 => (s, c),
        1 => (c, -s),
        2 => (-s, -c),
        _ => (-c, s),
    }
}

pub fn sin(x: f64) -> f64 {
    sincos(x).0
}

pub fn cos(x: f64) -> f64 {
    sincos(x).1
}

pub fn pow(x: f64, y: f64) -> f64 {
    if y == 0.0 {
        return 1.0;
    }
    if x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if x == 0.0 {
        return if y > 0.0 { 0.0 } else { f64::INFINITY };
    }
    if x < 0.0 {
        // Only integer powers of negative numbers are real.
        if round(y) != y {
            return f64::NAN;
        }
        let odd = (y as i64) & 1 == 1;
        let r = exp(y * log(-x));
        return if odd { -r } else { r };
    }
    exp(y * log(x))
}

/// Square root: SSE2's correctly rounded instruction on x86_64, Newton's iteration elsewhere.
pub fn sqrt(x: f64) -> f64 {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::*;
        // SAFETY: SSE2 is part of x86_64; these intrinsics only touch registers.
        unsafe { _mm_cvtsd_f64(_mm_sqrt_sd(_mm_set_sd(x), _mm_set_sd(x))) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        soft_sqrt(x)
    }
}

pub fn sqrtf(x: f32) -> f32 {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::*;
        // SAFETY: SSE is part of x86_64; these intrinsics only touch registers.
        unsafe { _mm_cvtss_f32(_mm_sqrt_ss(_mm_set_ss(x))) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        soft_sqrt(x as f64) as f32
    }
}

/// Square root without a square-root instruction: halve the exponent for a first guess, then
/// Newton steps (quadratic convergence: six reach f64 precision from any normal guess), then one
/// correction step to the neighbour whose square is closer. Within an ulp; tested on the host.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn soft_sqrt(x: f64) -> f64 {
    if x.is_nan() || x < 0.0 {
        return f64::NAN;
    }
    if x == 0.0 || x == f64::INFINITY {
        return x;
    }
    // Scale subnormals up so the exponent trick works, and back down at the end.
    let (x, post) = if x < f64::MIN_POSITIVE {
        (x * (1u64 << 54) as f64, 1.0 / (1u64 << 27) as f64)
    } else {
        (x, 1.0)
    };
    let mut r = f64::from_bits((x.to_bits() >> 1) + (1023u64 << 51));
    for _ in 0..6 {
        r = 0.5 * (r + x / r);
    }
    let up = f64::from_bits(r.to_bits() + 1);
    let down = f64::from_bits(r.to_bits() - 1);
    let err = |v: f64| (v * v - x).abs();
    if err(up) < err(r) {
        r = up;
    } else if err(down) < err(r) {
        r = down;
    }
    r * post
}

pub fn expf(x: f32) -> f32 {
    exp(x as f64) as f32
}

pub fn logf(x: f32) -> f32 {
    log(x as f64) as f32
}

pub fn powf(x: f32, y: f32) -> f32 {
    pow(x as f64, y as f64) as f32
}

pub fn sinf(x: f32) -> f32 {
    sin(x as f64) as f32
}

pub fn cosf(x: f32) -> f32 {
    cos(x as f64) as f32
}

pub fn sincosf(x: f32) -> (f32, f32) {
    let (s, c) = sincos(x as f64);
    (s as f32, c as f32)
}

pub fn roundf(x: f32) -> f32 {
    round(x as f64) as f32
}

/// Rounds to the nearest integer, ties to even (the default rounding mode).
pub fn rintf(x: f32) -> f32 {
    const BIG: f32 = 8_388_608.0; // 2^23: adding it leaves no fraction bits.
    if x.is_nan() || x.abs() >= BIG {
        return x;
    }
    let r = (x.abs() + BIG) - BIG;
    if x < 0.0 {
        -r
    } else {
        r
    }
}

pub fn fabsf(x: f32) -> f32 {
    x.abs()
}

pub fn tanhf(x: f32) -> f32 {
    let x = x as f64;
    if x > 20.0 {
        return 1.0;
    }
    if x < -20.0 {
        return -1.0;
    }
    let e = exp(2.0 * x);
    ((e - 1.0) / (e + 1.0)) as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ulps(a: f32, b: f32) -> u32 {
        if a == b || (a.is_nan() && b.is_nan()) {
            return 0;
        }
        (a.to_bits() as i64 - b.to_bits() as i64).unsigned_abs() as u32
    }

    fn inputs() -> impl Iterator<Item = f32> {
        let mut s = 0x1234_5678u32;
        (0..200_000).map(move |_| {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            // Spread over magnitudes: random exponent in [-20, 12].
            let m = (s >> 9) as f32 / (1u32 << 23) as f32;
            let e = ((s & 31) as i32) - 20;
            let v = (1.0 + m) * 2f32.powi(e);
            if s & 0x100 != 0 {
                -v
            } else {
                v
            }
        })
    }

    #[test]
    fn f32_functions_are_within_one_ulp_of_std() {
        for x in inputs() {
            assert!(
                ulps(expf(x.clamp(-87.0, 88.0)), x.clamp(-87.0, 88.0).exp()) <= 1,
                "exp {x}"
            );
            if x > 0.0 {
                assert!(ulps(logf(x), x.ln()) <= 1, "log {x}");
                assert!(ulps(powf(x, 0.37), x.powf(0.37)) <= 1, "pow {x}");
                assert_eq!(sqrtf(x), x.sqrt());
            }
            if x.abs() < 5000.0 {
                assert!((sinf(x) - x.sin()).abs() <= 2.0 * f32::EPSILON, "sin {x}");
                assert!((cosf(x) - x.cos()).abs() <= 2.0 * f32::EPSILON, "cos {x}");
            }
            assert_eq!(roundf(x), x.round(), "round {x}");
            assert_eq!(rintf(x), x.round_ties_even(), "rint {x}");
            assert!(
                (tanhf(x) - x.tanh()).abs() <= 2.0 * f32::EPSILON,
                "tanh {x}"
            );
        }
    }

    /// The non-x86 square root, run here on the host.
    #[test]
    fn soft_sqrt_is_within_an_ulp() {
        let ulps64 = |a: f64, b: f64| (a.to_bits() as i64 - b.to_bits() as i64).unsigned_abs();
        for x in inputs() {
            let x = x.abs() as f64 * 1.000_000_1;
            assert!(ulps64(soft_sqrt(x), x.sqrt()) <= 1, "sqrt {x}");
            let xf = x as f32;
            assert_eq!(soft_sqrt(xf as f64) as f32, xf.sqrt(), "sqrtf {xf}");
        }
        for x in [f64::MIN_POSITIVE / 3.0, 4.9e-324, 1e300, 2.0, 0.25] {
            assert!(ulps64(soft_sqrt(x), x.sqrt()) <= 1, "sqrt {x}");
        }
        assert_eq!(soft_sqrt(0.0), 0.0);
        assert!(soft_sqrt(-1.0).is_nan());
        assert_eq!(soft_sqrt(f64::INFINITY), f64::INFINITY);
    }

    #[test]
    fn f64_functions_match_std_closely() {
        for x in inputs().map(|v| v as f64 * 1.000_000_1) {
            if x.abs() < 700.0 {
                assert!(
                    (exp(x) - x.exp()).abs() <= 4.0 * f64::EPSILON * x.exp(),
                    "exp {x}"
                );
            }
            if x > 0.0 {
                assert!(
                    (log(x) - x.ln()).abs() <= 4.0 * f64::EPSILON * x.ln().abs().max(1.0),
                    "log {x}"
                );
                assert_eq!(sqrt(x), x.sqrt());
            }
        }
        assert!((pow(10000.0, -0.5) - 0.01).abs() < 1e-17);
        assert!((pow(-2.0, 3.0) + 8.0).abs() < 1e-14);
        assert!(pow(-2.0, 0.5).is_nan());
        assert!(log(-1.0).is_nan() && exp(f64::NAN).is_nan());
        assert_eq!(exp(1000.0), f64::INFINITY);
        assert_eq!(exp(-1000.0), 0.0);
        assert_eq!(log(0.0), f64::NEG_INFINITY);
        assert!((log(f64::MIN_POSITIVE / 8.0) - (f64::MIN_POSITIVE / 8.0).ln()).abs() < 1e-12);
    }
}
